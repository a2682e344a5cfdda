"""Bar legend names read beside their swatches (which swatches first, which side, what counts as
a name, the retry size) and a two-tick value axis checked by reading it again."""
import numpy as np

from pipeline.axes import Tick, calibrate
from pipeline.barchart import layout as L
from pipeline.barchart.names import _by_bar_colour, _follows_other, _named, _retry_scales
from pipeline.layout import AxisFind
from pipeline.marks.bars import Bar
from pipeline.marks.markers import Blob
from pipeline.ocr import Word

BLUE, ORANGE, YELLOW = (16, 123, 182), (224, 150, 20), (254, 255, 179)


def _blob(x0, y0, x1, y1, color):
    return Blob((x0 + x1 - 1) / 2, (y0 + y1 - 1) / 2, (x1 - x0) * (y1 - y0), (x0, y0, x1, y1), color, "square")


def test_a_line_left_of_a_swatch_that_starts_right_after_another_swatch_is_that_ones_name():
    # matplotlib legend in a row: [blue] baseline   [orange] FP8
    blue, orange = _blob(314, 530, 343, 542, BLUE), _blob(434, 530, 463, 542, ORANGE)
    line = [Word("baseline", 96, 354, 529, 408, 542)]
    assert _follows_other(line, orange, [blue, orange], 10.0)
    # gnuplot key in a row: FP8 [orange]   baseline [blue]: the name ends right at its swatch
    blue2 = _blob(460, 530, 489, 542, BLUE)
    line2 = [Word("baseline", 96, 400, 529, 454, 542)]
    assert not _follows_other(line2, blue2, [orange, blue2], 10.0)
    # a swatch of another size (a letter speck) is no entry's swatch
    speck = _blob(340, 533, 346, 540, (180, 180, 180))
    assert not _follows_other(line, orange, [speck, orange], 10.0)


def test_a_name_needs_a_letter_and_two_letters_or_digits_read_surely():
    assert not _named([Word("~", 79, 0, 0, 10, 10)])
    assert not _named([Word("c", 83, 0, 0, 10, 10)])
    assert not _named([Word("42", 90, 0, 0, 10, 10)])
    assert not _named([Word("SGLang", 30, 0, 0, 10, 10)])
    assert _named([Word("B200", 60, 0, 0, 10, 10)])
    assert _named([Word("|", 89, 0, 0, 2, 10), Word("SGLang", 88, 4, 0, 40, 10)])


def test_the_retry_reads_small_text_at_the_cap_half_as_large():
    assert np.allclose(_retry_scales(2.5), [3.0, 2.0])
    assert np.allclose(_retry_scales(4.0), [2.0])


def test_swatches_nearest_a_bar_colour_come_first():
    bars = [Bar(0, 30, 10.0, 100.0, (141, 211, 199)), Bar(30, 60, 10.0, 100.0, YELLOW)]
    title = [_blob(370 + 10 * i, 5, 377 + 10 * i, 12, (230, 230, 230)) for i in range(8)]
    teal, yellow = _blob(705, 41, 734, 50, (141, 211, 199)), _blob(705, 63, 734, 73, YELLOW)
    red = _blob(0, 0, 5, 5, (230, 20, 20))
    got, n = _by_bar_colour(title + [red, teal, yellow], bars)
    assert n == 10                                  # the pale title letters pass within 35 of yellow
    assert got[:2] == [teal, yellow]                # ... but the swatches are read first
    assert got[-1] is red


def test_a_two_tick_value_axis_gives_way_to_three_ticks_read_again(monkeypatch):
    rgb = np.full((300, 400, 3), 255, np.uint8)
    for i, top in enumerate((150, 100, 60, 200)):
        rgb[top:250, 60 + 80 * i:100 + 80 * i] = BLUE
    # page ticks '20' at y 200 and '80' (a misread '40') at y 150: the baseline at y 250 reads -40
    two = calibrate([Tick(200.0, "20", 20.0), Tick(150.0, "80", 80.0)])
    page = AxisFind(two, [Word("20", 90, 20, 195, 35, 205), Word("80", 90, 20, 145, 35, 155)], "left")
    three = calibrate([Tick(200.0, "20", 20.0), Tick(150.0, "40", 40.0), Tick(100.0, "60", 60.0)])
    again = AxisFind(three, [], "left")
    monkeypatch.setattr(L, "_reread_value_axis", lambda *a: again)
    got = L.find_bar_chart(rgb, [], None, page, 10.0, np.array([255, 255, 255]))
    assert got is not None and got[1] is again
    # an axis of three page ticks is not read again
    monkeypatch.setattr(L, "_reread_value_axis", lambda *a: (_ for _ in ()).throw(AssertionError))
    page3 = AxisFind(three, page.words, "left")
    assert L.find_bar_chart(rgb, [], None, page3, 10.0, np.array([255, 255, 255]))[1].calibration.ticks == three.ticks


def test_a_bar_as_wide_as_most_of_a_text_height_is_read_for_a_label_inside():
    from pipeline.barchart.value_labels import _holds_label, _label_boxes
    c = Bar(114, 129, 188.0, 600.0, BLUE)            # 15 px across, tick text 14.5 px high
    box = _label_boxes(c, 14.5, True)["inside"]
    assert box[2] - box[0] == 15                      # a thin bar's crop takes its whole width
    assert _holds_label(box, c, 14.5)
    thin = Bar(114, 124, 188.0, 600.0, BLUE)         # 10 px across
    assert not _holds_label(_label_boxes(thin, 14.5, True)["inside"], thin, 14.5)
    short = Bar(114, 129, 590.0, 600.0, BLUE)        # 10 px long
    assert not _holds_label(_label_boxes(short, 14.5, True)["inside"], short, 14.5)


def test_a_middle_slots_last_line_at_another_labels_wrap_pitch_is_no_axis_title():
    from pipeline.barchart.categories import _without_axis_title
    slots = [(130 + 233 * i, 363 + 233 * i) for i in range(5)]     # the middle one centred at 712.5
    long_, prompts = [Word("long", 90, 695, 867, 730, 884)], [Word("prompts", 90, 678, 890, 748, 906)]
    # 22.5 px under 'long' on a chart whose text height is 11.5: far enough for a title ...
    assert [v.text for v in _without_axis_title([long_, prompts], slots, 11.5)] == ["long"]
    # ... but 'Llama' / '3.1' / '8B' under the second slot wrap at that pitch: a label's line
    got = _without_axis_title([long_, prompts], slots, 11.5, wraps=[23.0, 22.0])
    assert [v.text for v in got] == ["long", "prompts"]
    # a title set further below than the other labels wrap is still one
    assert [v.text for v in _without_axis_title([long_, prompts], slots, 11.5, wraps=[17.0])] == ["long"]


def test_thin_runs_coloured_like_the_run_after_them_join_it():
    from pipeline.marks.bars import _absorb_thin
    red, blue, ring, dark = [45, 70, 20], [55, 10, -60], [52, 0, -55], [10, 0, 0]
    # red 0-10, a dark outline row, four JPEG-ringing rows of blue split 2 + 2, blue 15-30
    lab = np.array([red] * 10 + [dark] + [ring] * 2 + [[58, 15, -64]] * 2 + [blue] * 15, float)
    runs = [(0, 10), (10, 11), (11, 13), (13, 15), (15, 30)]
    assert _absorb_thin(runs, 4) == [(0, 15), (15, 30)]                 # without colours, as before
    assert _absorb_thin(runs, 4, lab, 14.0) == [(0, 11), (11, 30)]      # the outline stays above



def test_a_horizontal_charts_label_stops_before_a_rotated_titles_glyphs_beyond_it():
    from pipeline.barchart.categories import _chain_from_axis
    from pipeline.barchart.frame import Frame
    frame = Frame(1173, 693, True)
    words = [Word("oO", 61, 3, 327, 16, 337), Word("wv", 15, 4, 313, 17, 324),
             Word("GPQA", 92, 26, 251, 68, 266), Word("Diamond", 97, 74, 251, 140, 264)]
    ups = {id(w): frame.word(w) for w in words}
    assert sorted(w.text for w in _chain_from_axis(words, ups, 18.0)) == ["Diamond", "GPQA"]
    # a wrapped second line, right-aligned under the first, stays
    wrapped = [Word("Llama", 95, 60, 240, 110, 254), Word("3.1", 95, 116, 240, 140, 254),
               Word("70B", 95, 112, 262, 140, 276)]
    ups = {id(w): frame.word(w) for w in wrapped}
    assert sorted(w.text for w in _chain_from_axis(wrapped, ups, 12.0)) == ["3.1", "70B", "Llama"]


def test_the_nearest_coloured_swatchs_line_is_put_in_last(monkeypatch):
    from pipeline.barchart import names
    seen = []
    monkeypatch.setattr(names, "_legend_reread", lambda page, lines: seen.extend(lines) or page)
    best, speck = names.LineRead([Word("baseline", 96, 200, 50, 260, 62)]), names.LineRead([Word("@", 51, 186, 50, 198, 62)])
    names.reread_legend_lines([], [best, speck])         # lines come likeliest swatch first
    assert seen == [speck, best]


def test_swatches_drawn_alike_in_a_row_are_read_before_pieces_of_bars():
    from pipeline.barchart.names import _legend_first
    red, blue, purple = (226, 74, 51), (52, 138, 189), (152, 142, 213)
    # pieces of bars between the white glyphs of labels printed inside them (4 x 6 px)
    specks = [_blob(417, 68, 421, 74, purple), _blob(195, 68, 199, 74, red), _blob(408, 306, 428, 312, purple)]
    legend = [_blob(507, 579, 534, 587, purple), _blob(337, 579, 365, 587, blue), _blob(231, 579, 258, 587, red)]
    grey = _blob(412, 12, 422, 20, (124, 124, 124))
    got = _legend_first(specks + legend + [grey], 6, 11.0)
    assert got[:3] == legend and got[3:6] == specks and got[6] is grey
    # one swatch alone, or two of one colour, are no legend's row: the order stays
    assert _legend_first(specks + legend[:1], 4, 11.0) == specks + legend[:1]
    twins = [_blob(10, 10, 37, 18, red), _blob(60, 10, 87, 18, red)]
    assert _legend_first(specks[:1] + twins, 3, 11.0) == specks[:1] + twins


def test_legend_glyphs_are_inked_against_the_colour_around_the_word():
    from pipeline.barchart.names import _local_ink
    rgb = np.full((30, 40, 3), (238, 240, 243), np.uint8)
    rgb[10:20, 10:20] = (60, 71, 86)                # a glyph
    rgb[13:17, 13:17] = (255, 255, 255)             # its counter, whiter than the page
    rgb[12, 12] = (164, 170, 178)                   # anti-aliased rim
    ink = _local_ink(rgb, (8, 8, 22, 22), 4)
    assert ink.shape == (30, 40)
    assert ink[10:20, 10:13].all() and not ink[13:17, 13:17].any()
    assert ink[12, 12]                               # 74 from the page: 255 - 148 < 160
    assert not ink[:8].any() and not ink[:, 22:].any()


def _legend_over_bars():
    """A white page; a green bar with an outlined green swatch drawn on it, an orange swatch
    below it on the page, each with a name to its right."""
    rgb = np.full((80, 200, 3), 255, np.uint8)
    green, orange, dark = (27, 158, 119), (217, 95, 2), (40, 40, 40)
    rgb[10:40, 0:120] = green                     # the bar, under the first swatch
    rgb[19:33, 59:96] = dark                      # the swatch's outline ...
    rgb[20:32, 60:95] = green                     # ... round its fill
    rgb[49:63, 59:96] = dark
    rgb[50:62, 60:95] = orange
    return rgb, green, orange


def test_a_swatch_drawn_over_a_bar_of_its_colour_is_found_left_of_its_name():
    from pipeline.barchart.names import hidden_swatches
    rgb, green, orange = _legend_over_bars()
    name = [Word("FlashAttention", 90, 110, 20, 190, 32)]
    got = hidden_swatches(rgb, [name], [green, orange], 12.0)
    assert len(got) == 1 and got[0].box == (59, 19, 96, 33)      # the fill grown over its outline
    assert tuple(got[0].color) == green
    # a name far from any patch of a bar's colour has none
    assert hidden_swatches(rgb, [[Word("far", 90, 180, 65, 198, 77)]], [green, orange], 12.0) == []


def test_swatches_in_line_with_a_found_one_are_found_without_their_names():
    from pipeline.barchart.names import sibling_swatches
    rgb, green, orange = _legend_over_bars()
    first = _blob(59, 19, 96, 33, green)
    got = sibling_swatches(rgb, [first], [orange], 12.0)
    assert [b.box for b in got] == [(59, 49, 96, 63)]
    # the bar itself runs out of every window: it is no swatch
    assert sibling_swatches(rgb, [_blob(59, 49, 96, 63, orange)], [green], 12.0)[0].box == (59, 19, 96, 33)
    assert sibling_swatches(rgb, [first], [(0, 0, 255)], 12.0) == []


def test_a_patch_box_takes_in_its_dark_outline_only():
    from pipeline.barchart.names import _with_outline
    rgb, green, orange = _legend_over_bars()
    assert _with_outline(rgb, (60, 50, 95, 62), orange) == (59, 49, 96, 63)
    rgb[49:63, 59:96] = orange                    # no outline: the box stays
    assert _with_outline(rgb, (60, 50, 95, 62), orange) == (60, 50, 95, 62)


def test_under_ten_pixels_ocr_tells_b_from_8(monkeypatch):
    from pipeline import glyphs
    from pipeline.barchart.names import _glyph_checked
    monkeypatch.setattr(glyphs, "checked_text", lambda text, masks: "8F1S")
    ink = np.zeros((40, 60), bool)
    assert _glyph_checked(Word("BF16", 87, 10, 10, 36, 18), ink, 8.0) == "BF1S"     # 8 px: 'B' stays
    assert _glyph_checked(Word("BF16", 87, 10, 10, 40, 22), ink, 12.0) == "8F1S"    # 12 px: the shape says


def test_a_swatch_joined_to_the_end_of_a_bar_of_its_colour_is_found_in_the_legends_column():
    # Bar seed-19 bar024 (ggplot, horizontal): the legend's blue swatch stands against the end
    # of the last blue bar, one shape with it; the red swatch above it was found.
    from pipeline.barchart.names import sibling_swatches
    rgb = np.full((90, 200, 3), 229, np.uint8)
    red, blue = (226, 74, 51), (52, 138, 189)
    rgb[20:35, 120:155] = red                     # the red swatch, found
    rgb[30:65, 0:120] = blue                      # the last bar, ending at the legend ...
    rgb[48:63, 120:155] = blue                    # ... and the blue swatch joined to it
    got = sibling_swatches(rgb, [_blob(120, 20, 155, 35, red)], [blue], 12.0)
    assert [b.box for b in got] == [(120, 48, 155, 63)]
    # rows of the colour much taller than the swatch are a bar passing, no swatch
    rgb[40:90, 120:155] = blue
    assert sibling_swatches(rgb, [_blob(120, 20, 155, 35, red)], [blue], 12.0) == []


def test_column_flattened_clears_a_pale_block_behind_part_of_a_line():
    from pipeline.imageops import column_flattened
    crop = np.full((20, 60), 250, np.uint8)
    crop[:, :20] = 160                      # a bar seen through a legend box
    crop[5:15, 8:10] = 30                   # a stroke on the block
    crop[5:15, 40:42] = 30                  # a stroke on the box
    flat = column_flattened(crop)
    assert flat[:, :8].min() >= 250 and flat[:, 20:40].min() >= 250
    assert flat[5:15, 8:10].max() <= 110 and flat[5:15, 40:42].max() == 0


def test_a_legend_row_laid_out_name_first_reads_each_name_left_of_its_swatch():
    # gnuplot's horizontal key: 'FP8 [red] BF16 [blue] FP4 [green]'. Read right of each swatch
    # first, red took 'BF16', blue 'FP4', and 'FP8' was never read.
    import cv2
    from pipeline.barchart.names import _read_beside_swatches
    from pipeline.marks.markers import Blob
    gray = np.full((60, 700), 255, np.uint8)
    swatches = []
    for name, x, shade in (("FP8", 20, 120), ("BF16", 200, 150), ("FP4", 400, 180)):
        cv2.putText(gray, name, (x, 38), cv2.FONT_HERSHEY_SIMPLEX, 0.7, 0, 2)
        sx = x + (70 if len(name) == 3 else 85)
        gray[22:37, sx:sx + 60] = shade
        swatches.append(Blob(sx + 29.5, 29.0, 900, (sx, 22, sx + 60, 37), (shade,) * 3, "square"))
    lines = _read_beside_swatches(gray, swatches, 15.0, swatches)
    names = {" ".join(v.text for v in line): sw for line, sw in zip(lines, swatches)}
    assert names == {"FP8": swatches[0], "BF16": swatches[1], "FP4": swatches[2]}


def test_a_two_tick_value_axis_is_repaired_where_one_digit_puts_zero_on_the_baseline():
    from pipeline.barchart.frame import Frame
    from pipeline.barchart.value_axis import _zero_at_base
    # Bar seed-41 bar022 (blurred serif): '150' at y 97.5 read '180' beside '100' at 190.5;
    # zero then fell at y 307, 72 px above the bars' baseline at 379.
    two = calibrate([Tick(97.5, "180", 180.0), Tick(190.5, "100", 100.0)])
    got = _zero_at_base(AxisFind(two, [], "left"), Frame(700, 420, False), 379.0, 4.0)
    assert got is not None and sorted(t.value for t in got.calibration.ticks) == [100.0, 150.0]
    assert abs(float(got.calibration.to_pixel(0.0)) - 379.0) <= 4.0
    assert [t for t in got.calibration.ticks if t.text == "180"][0].repaired
    # An axis whose zero is on the baseline already, or that no one digit mends, is left alone.
    right = calibrate([Tick(97.5, "150", 150.0), Tick(190.5, "100", 100.0)])
    assert _zero_at_base(AxisFind(right, [], "left"), Frame(700, 420, False), 379.0, 4.0) is None
    odd = calibrate([Tick(97.5, "170", 170.0), Tick(190.5, "100", 100.0)])
    assert _zero_at_base(AxisFind(odd, [], "left"), Frame(700, 420, False), 379.0, 4.0) is None


def test_a_value_axis_stepping_unevenly_that_every_printed_value_disagrees_with_is_misread():
    from pipeline.barchart.read import _misread_axis
    # Bar seed-45 bar002 as it was read before digit repairs mended its axis: '10,000',
    # '20,000', '30,000' (dotted zeros) read '16,868', '26,000', '34,888'; the five printed
    # values agree with each other on one scale through the baseline and with none of the axis's.
    base = 500.0
    values = [12000.0, 18000.0, 25000.0, 31000.0, 9000.0]
    segments = [Bar(60 + 80 * i, 100 + 80 * i, base - v / 100.0, base, BLUE, stack=i) for i, v in enumerate(values)]
    labels = {i: Word(f"{int(v):,}", 90, 60 + 80 * i, int(base - v / 100.0) - 20, 100 + 80 * i,
                      int(base - v / 100.0) - 8) for i, v in enumerate(values)}
    misread = calibrate([Tick(400.0, "16,868", 16868.0), Tick(300.0, "26,000", 26000.0),
                         Tick(200.0, "34,888", 34888.0)], tol_px=10.0)
    axis = AxisFind(misread, [], "left")
    expected = [float(misread.to_data(c.top) - misread.to_data(base + 0.5)) for c in segments]
    assert _misread_axis(axis, segments, labels, expected, base, 12.0)
    # An evenly stepped axis is never misread so, whatever the labels say.
    even = calibrate([Tick(400.0, "10,000", 10000.0), Tick(300.0, "20,000", 20000.0),
                      Tick(200.0, "30,000", 30000.0)])
    assert not _misread_axis(AxisFind(even, [], "left"), segments, labels, expected, base, 12.0)
