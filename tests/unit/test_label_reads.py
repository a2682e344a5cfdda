"""Point-label reading helpers: fragments joined, line readings preferred where they extend
the page reading, dashed gridlines taken out of a re-read window, tight series-line erase."""
import cv2
import numpy as np

from pipeline import imageops
from pipeline.extraction import Point
from pipeline.ocr import Word
from pipeline.xychart import text_words
from pipeline.xychart.point_labels import (_read_label_at, extends, join_label_digits, join_label_units,
                                          key_before_equals, one_before_unit, series_line_pixels,
                                          unit_on_line)


def test_join_label_digits_joins_a_kerned_one_with_its_neighbour():
    words = [Word("28", 95.0, 252, 578, 276, 597), Word("1", 96.0, 238, 578, 254, 597)]
    out = join_label_digits(words)
    assert [(v.text, v.x0, v.x1, v.conf) for v in out] == [("128", 238, 276, 95.0)]


def test_join_label_digits_joins_a_prefix_and_digits():
    out = join_label_digits([Word("n=1", 90.0, 100, 10, 130, 30), Word("28", 92.0, 131, 10, 150, 30)])
    assert [v.text for v in out] == ["n=128"]


def test_join_label_digits_keeps_words_a_space_apart():
    words = [Word("16", 95.0, 100, 10, 120, 30), Word("32", 95.0, 126, 10, 146, 30)]
    assert sorted(v.text for v in join_label_digits(words)) == ["16", "32"]


def test_join_label_digits_keeps_words_of_other_lines_apart():
    words = [Word("16", 95.0, 100, 10, 120, 30), Word("32", 95.0, 121, 22, 141, 42)]
    assert sorted(v.text for v in join_label_digits(words)) == ["16", "32"]


def test_unit_below_its_number_by_a_descender_is_on_its_line():
    num = Word("64", 96.0, 192, 130, 206, 139)
    assert unit_on_line(num, Word("req", 96.0, 217, 127, 242, 142), 10.0)
    # 'req' of a monospaced font: x-height top under the digits' top, the 'q' and OCR's
    # padding well below them
    assert unit_on_line(Word("128", 97.0, 167, 42, 188, 52), Word("req", 94.0, 195, 44, 220, 59), 10.0)
    # a word of the line below, or one above the number
    assert not unit_on_line(num, Word("req", 96.0, 217, 141, 242, 152), 10.0)
    assert not unit_on_line(num, Word("req", 96.0, 217, 118, 242, 131), 10.0)


def test_join_label_units_takes_a_monospaced_space():
    got = join_label_units([Word("64", 96.0, 192, 130, 206, 139), Word("req", 96.0, 217, 127, 242, 142)], 10.0)
    assert [(v.text, v.x0, v.x1) for v in got] == [("64 req", 192, 242)]
    # two spaces and more: another word
    got = join_label_units([Word("64", 96.0, 192, 130, 206, 139), Word("req", 96.0, 220, 127, 245, 142)], 10.0)
    assert sorted(v.text for v in got) == ["64", "req"]



def test_join_label_units_takes_no_unit_past_another_word():
    # Seed-0 syn102: a legend's swatch column read '3', then 'This work': 'work' is no unit of '3'.
    words = [Word("3", 56.0, 1273, 38, 1299, 91), Word("This", 96.0, 1307, 43, 1343, 57),
             Word("work", 97.0, 1350, 43, 1392, 57)]
    assert sorted(v.text for v in join_label_units(words, 14.0)) == ["3", "This", "work"]

def test_extends_at_the_end_as_before():
    assert extends(Word("8192", 90, 100, 10, 140, 25), Word("81", 90, 100, 10, 120, 25))
    assert not extends(Word("8192", 90, 100, 10, 121, 25), Word("81", 90, 100, 10, 120, 25))


def test_extends_before_the_page_reading_without_a_marker_there():
    depth = np.zeros((60, 300), float)
    line = Word("32 req", 90, 100, 10, 160, 25)
    page = Word("2 req", 90, 112, 10, 160, 25)
    assert extends(line, page, depth, 15.0)
    assert not extends(line, page)               # without depth: only end extensions
    depth[12:24, 100:112] = 5.0                    # a marker where the '3' was read
    assert not extends(line, page, depth, 15.0)


def test_a_speck_read_apart_before_a_label_is_a_marker_no_extension():
    # Seed-29 syn019: a 10 px triangle, too shallow to tell by its depth, read 'a' by the page
    # pass before '16,384'; the line reading took it in as '416,384'.
    depth = np.full((500, 400), 2.0)
    line, page = Word("416,384", 68, 302, 429, 381, 458), Word("16,384", 68, 323, 435, 381, 452)
    speck = Word("a", 68, 303, 440, 313, 450)
    assert extends(line, page, depth, 19.0)
    assert not extends(line, page, depth, 19.0, [speck])
    # a speck elsewhere on the line's row is no matter
    assert extends(line, page, depth, 19.0, [Word("a", 68, 200, 440, 210, 450)])


def test_extends_around_a_fragment():
    depth = np.zeros((120, 300), float)
    assert extends(Word("n=128", 92, 194, 84, 286, 105), Word("1", 84, 228, 84, 250, 105), depth, 27.0)
    # other digits are no extension
    assert not extends(Word("n=64", 92, 194, 84, 286, 105), Word("1", 84, 228, 84, 250, 105), depth, 27.0)


def test_dashed_rows_finds_a_dashed_rule_but_not_text_feet():
    ink = np.zeros((20, 100), bool)
    for x in range(0, 100, 9):
        ink[15, x:x + 6] = True               # dashes 6 on, 3 off across the window
    ink[3:10, 40:42] = True                   # a stem
    ink[10, 36:46] = True                     # a serif foot 10 px long
    rows = imageops.dashed_rows(ink, 90, 4)
    assert (rows[15] == ink[15])[2:97].all()
    assert not rows[:14].any()


def test_tight_series_line_erase_spares_strokes_beside_the_line():
    rgb = np.full((40, 100, 3), 255, np.uint8)
    rgb[19:22, 10:90] = (30, 100, 200)        # a horizontal series line 3 px wide
    rgb[10:30, 50:52] = (30, 100, 200)        # a glyph stem of the same colour across it
    pts = [Point("s", "", 10.0, 20.0, "circle", (30, 100, 200)), Point("s", "", 90.0, 20.0, "circle", (30, 100, 200))]
    wide = series_line_pixels(rgb, pts, 1.5, (255, 255, 255))
    tight = series_line_pixels(rgb, pts, 1.5, (255, 255, 255), slack=1)
    assert list(np.nonzero(tight[:, 51])[0]) == list(range(17, 24))
    assert list(np.nonzero(wide[:, 51])[0]) == list(range(15, 26))
    assert tight[19:22, 30].all() and not tight[:19, 30].any()


def test_closest_claim_a_labelled_marker_with_its_own_nearer_label_claims_no_more():
    from pipeline.xychart.point_labels import _closest_claim
    # marker 0 is labelled by word 0 (11 px above it); marker 1, unlabelled, has the label read
    # centred 14 px above it, which is 12 px from marker 0.
    markers = [(1069.6, 816.0, 0), (1103.0, 848.0, 0)]
    words = [Word("4 req", 96, 1049, 783, 1089, 805)]
    v = Word("2 req", 93, 1082, 818, 1120, 834)
    assert _closest_claim(v, 1, markers, {0: 0}, words)
    # marker 0's own label further from it than the new reading: the reading may be its own
    far = [Word("4 req", 96, 1049, 760, 1089, 780)]
    assert not _closest_claim(v, 1, markers, {0: 0}, far)
    # an unlabelled marker of the same series that is nearer still claims it
    assert not _closest_claim(v, 1, markers, {}, words)


def _label_image(text):
    import cv2
    img = np.full((60, 200), 255, np.uint8)
    cv2.putText(img, text, (40, 40), cv2.FONT_HERSHEY_SIMPLEX, 0.8, 0, 2, cv2.LINE_AA)
    ys, xs = np.nonzero(img < 128)
    return img, int(xs.min()), int(ys.min()), int(xs.max()), int(ys.max()) + 1


def test_reread_finds_the_glyph_a_first_reading_stopped_before():
    from pipeline.xychart.point_labels import _reread_cut_label
    img, x0, y0, x1, y1 = _label_image("n=32")
    got = _reread_cut_label(Word("n=3", 99.0, x0, y0, x1 - 12, y1), img, img < 160, None, [5])
    assert got is not None and got.text == "n=32"


def test_reread_replaces_an_unsure_reading_of_the_same_shape():
    from pipeline.xychart.point_labels import _reread_cut_label
    img, x0, y0, x1, y1 = _label_image("n=16")
    img[y1 - 3:y1, x1 + 3:x1 + 5] = 0     # a speck beside the last glyph: ink goes on
    got = _reread_cut_label(Word("n=11", 0.0, x0, y0, x1, y1), img, img < 160, None, [5])
    assert got is not None and got.text == "n=16"
    # a sure reading is not replaced by other digits
    assert _reread_cut_label(Word("n=11", 95.0, x0, y0, x1, y1), img, img < 160, None, [5]) is None


def test_reread_restores_the_thousands_a_first_reading_lost():
    from pipeline.xychart.point_labels import _reread_cut_label
    img, x0, y0, x1, y1 = _label_image("16,384")

    got = _reread_cut_label(Word("384", 90.0, x0 + 22, y0, x1, y1), img, img < 160, None, [5])
    assert got is not None and got.text == "16,384"


def test_prefix_read_as_a_one_is_restored_only_when_a_reread_shows_it():
    from pipeline.xychart.point_labels import _prefix_restored
    words = {0: Word("n=256", 90, 100, 10, 134, 18), 1: Word("n=128", 90, 200, 40, 233, 48),
             2: Word("164", 70, 312, 70, 326, 78), 3: Word("128", 70, 400, 90, 420, 98)}
    seen = []

    def reread(box, lh):
        seen.append(box)
        return [Word("n=64", 71, 300, 70, 326, 78)] if box[2] < 340 else []
    assert _prefix_restored(words, reread) == {2: "n=64"}
    assert seen[0][0] < 312 - 2 * 6.6     # read from the prefix's width further left
    # Without two labels carrying the prefix nothing changes.
    assert _prefix_restored({2: words[2], 0: words[0]}, reread) == {}


def test_glyph_beside_a_label_is_a_narrow_small_blob_on_its_line():
    from pipeline.marks.markers import Blob
    from pipeline.xychart.not_markers import glyph_beside
    label = Word("4 req", 67, 604, 525, 649, 547)
    six = Blob(597.0, 536.5, 100, (592, 530, 602, 543), (240, 80, 60), "circle")
    marker = Blob(532.0, 251.5, 151, (527, 244, 539, 259), (30, 140, 220), "circle")
    assert glyph_beside(six, label, 16.0, 158.0)
    assert not glyph_beside(six, label, 16.0, 110.0)           # as big as the markers
    moved = Blob(597.0, 546.5, 100, (592, 540, 602, 553), (240, 80, 60), "circle")
    assert not glyph_beside(moved, label, 16.0, 158.0)         # off the label's line
    assert not glyph_beside(marker, Word("128 req", 86, 543, 241, 609, 264), 16.0, 158.0)
    # seed-6 syn052: a marker a steep line makes taller, right after its label's unit
    after = Blob(1011.5, 909.5, 127, (1006, 902, 1017, 917), (30, 110, 180), "circle")
    assert not glyph_beside(after, Word("16 req", 90, 921, 900, 1004, 918), 16.0, 171.0)
    assert glyph_beside(after, Word("16", 90, 980, 900, 1004, 918), 16.0, 171.0)


def test_a_lone_ell_is_a_one_only_where_it_stands_alone():
    from pipeline.xychart.point_labels import _one_for_ell
    assert _one_for_ell(Word("l req", 80, 0, 0, 40, 12)).text == "1 req"
    assert _one_for_ell(Word("n=l", 80, 0, 0, 40, 12)).text == "n=1"
    assert _one_for_ell(Word("I", 80, 0, 0, 4, 12)).text == "1"
    # after a key's '=', a bracket or a bar is the '1' (s16 syn089: a small serif 'n=1' read 'n=]')
    assert _one_for_ell(Word("n=]", 45, 0, 0, 40, 12)).text == "n=1"
    assert _one_for_ell(Word("bs=|", 45, 0, 0, 40, 12)).text == "bs=1"
    for t in ("loss", "lr", "|", "]", "Ireland", "16"):
        assert _one_for_ell(Word(t, 80, 0, 0, 40, 12)).text == t


def test_glyph_beside_a_label_crossed_by_a_line_is_told_by_its_size():
    # A '6' a line runs through reads as a blob wider than tall: under half a
    # marker and shorter than a line of text it is still a glyph; a small square marker just
    # left of its label, as big as the markers, is not.
    from pipeline.marks.markers import Blob
    from pipeline.xychart.not_markers import glyph_beside
    label = Word("4 req", 67, 460, 397, 515, 418)
    crossed = Blob(452.5, 408.0, 93, (447, 403, 458, 413), (18, 150, 214), "other")
    assert glyph_beside(crossed, label, 17.0, 215.0)
    assert not glyph_beside(crossed, label, 17.0, 150.0)       # no longer under half a marker
    tall = Blob(452.5, 408.0, 93, (445, 400, 460, 416), (18, 150, 214), "other")
    assert not glyph_beside(tall, label, 17.0, 215.0)          # as tall as the text, and wide
    square = Blob(452.5, 408.0, 200, (445, 401, 459, 415), (18, 150, 214), "square")
    assert not glyph_beside(square, label, 17.0, 215.0)
    # seed-43 syn023: a small grey square of a second series, a gridline making it a little
    # taller than wide, right before its label '4096': it fills its box, as no glyph does
    solid = Blob(238.0, 175.0, 122, (233, 169, 243, 182), (139, 139, 139), "square")
    assert not glyph_beside(solid, Word("4096", 90, 247, 165, 300, 183), 20.0, 300.0)


def test_marker_ends_finds_a_marker_inside_either_end_of_a_label_box():
    import numpy as np

    from pipeline.xychart.point_labels import _marker_ends
    mask = np.zeros((40, 120), bool)
    label = Word("164 req", 81, 30, 10, 84, 25)
    assert _marker_ends(label, mask) == set()
    mask[12:26, 20:33] = True          # a square whose right edge the box took in
    assert _marker_ends(label, mask) == {"left"}
    mask[:] = False
    mask[12:26, 82:96] = True
    assert _marker_ends(label, mask) == {"right"}
    mask[:] = False
    mask[12:26, 50:56] = True          # in the middle: no end
    assert _marker_ends(label, mask) == set()
    assert _marker_ends(label, None) == set()


def test_a_short_unsure_reading_of_a_wide_box_is_read_again():
    from pipeline.xychart.point_labels import _short_for_its_box
    # '20' at 38 over the width of '32768' (about 7 px a character).
    assert _short_for_its_box(Word("20", 38, 288, 114, 324, 124), 7.2)
    assert not _short_for_its_box(Word("20", 85, 288, 114, 324, 124), 7.2)     # sure of it
    assert not _short_for_its_box(Word("32768", 38, 288, 114, 324, 124), 7.2)  # fills its box
    assert not _short_for_its_box(Word("2048", 30, 288, 114, 318, 124), 7.2)   # within a character and a half


def test_a_far_surer_reading_of_the_same_form_replaces_an_unsure_one():
    from pipeline.xychart.point_labels import _surer_same_form
    old = Word("52768", 58, 1010, 70, 1075, 90)
    assert _surer_same_form(Word("32768", 96, 1010, 70, 1075, 90), old)
    assert not _surer_same_form(Word("32768", 85, 1010, 70, 1075, 90), old)      # not sure enough
    assert not _surer_same_form(Word("3276", 96, 1010, 70, 1075, 90), old)       # a digit lost
    assert not _surer_same_form(Word("n=264", 96, 1010, 70, 1075, 90), Word("n=164", 80, 0, 0, 9, 9))  # was sure
    assert not _surer_same_form(Word("bs=32", 96, 0, 0, 9, 9), Word("n=132", 50, 0, 0, 9, 9))  # other words


def test_a_lone_mark_on_a_labels_middle_line_inside_its_box_is_a_glyph():
    from pipeline.xychart.point_labels import crossed_glyphs
    # syn010 (seed 6): the '84' of 'bs=16384' crossed by the series' line reads as a blob of
    # its own colour; the label read across it holds it.
    words = [Word("bs=1638", 88, 150, 148, 223, 160), Word("192", 96, 155, 215, 182, 227)]
    centres = [(189.0, 173.0), (147.8, 211.5), (218.2, 154.0), (260.0, 221.0)]
    series = ["H100", "H100", "series-1", "series-2"]
    assert crossed_glyphs(centres, series, {"H100"}, words) == {2}
    # The same mark as one of two of its colour, or as a named series, is a marker.
    assert crossed_glyphs(centres, ["H100", "H100", "series-1", "series-1"], {"H100"}, words) == set()
    assert crossed_glyphs(centres, series, {"H100", "series-1"}, words) == set()
    # Off the label's middle line (a marker under another point's label) it is a marker too.
    assert crossed_glyphs([(218.2, 158.0)], ["series-1"], set(), words) == set()


def test_an_unsure_reading_a_glyph_longer_gives_way_to_a_surer_one_without_the_marker():
    from pipeline.xychart.point_labels import _surer_one_shorter
    # syn032 (seed 6): '2,048' under a triangle read '47,048' at 48; with markers erased, 68.
    assert _surer_one_shorter(Word("2,048", 68, 144, 391, 191, 406), Word("47,048", 48.5, 148, 391, 191, 406))
    # Not when the first reading was sure enough, the new one unsure, or the forms differ.
    assert not _surer_one_shorter(Word("2,048", 68, 144, 391, 191, 406), Word("47,048", 55, 148, 391, 191, 406))
    assert not _surer_one_shorter(Word("2,048", 58, 144, 391, 191, 406), Word("47,048", 40, 148, 391, 191, 406))
    assert not _surer_one_shorter(Word("2048", 80, 144, 391, 191, 406), Word("47,048", 40, 148, 391, 191, 406))
    assert not _surer_one_shorter(Word("6384", 80, 144, 391, 191, 406), Word("bs=16384", 40, 148, 391, 191, 406))
    # Two glyphs shorter is not one glyph a marker made.
    assert not _surer_one_shorter(Word("248", 80, 144, 391, 191, 406), Word("47,048", 40, 148, 391, 191, 406))


def test_second_label_pass_keeps_the_longer_of_two_readings_over_each_other():
    from pipeline.xychart.point_labels import with_found
    # syn068 (seed 0): '163' (cut at a glyph taken for a marker) and '16384' read over it.
    short, long_ = Word("163", 96.9, 260, 235, 288, 249), Word("16384", 64.8, 263, 227, 355, 254)
    other = Word("bs=8", 66.7, 193, 272, 238, 291)
    found = Word("bs=4096", 80.0, 222, 337, 288, 356)
    out = with_found([other, short, long_], [long_, found, other])
    assert [v.text for v in out] == ["bs=8", "16384", "bs=4096"]


def test_label_off_the_sweep_is_read_as_its_expected_value_only_between_labels_on_it():
    from pipeline.numbers import parse_point_label
    from pipeline.xychart.point_labels import _sweep_value
    texts = ["bs=2048", "bs=4096", "bs=8l92", "bs=46384", "bs=32768"]
    parsed = [parse_point_label(t) for t in texts]
    parsed[2] = None
    v = Word("bs=46384", 71.0, 100, 50, 150, 60)
    got = _sweep_value(v, 16384.0, 3, parsed, {3: 16384.0})
    assert got is not None and got.text == "bs=16384" and (got.x0, got.x1) == (100, 150)
    # written like its neighbours, thousands commas and all
    commas = [parse_point_label(t) for t in ("2,048", "4,096", "8,192", "6,384", "32,768")]
    assert _sweep_value(Word("6,384", 60.0, 0, 0, 30, 10), 16384.0, 3, commas, {3: 16384.0}).text == "16,384"
    # past the last label on the sweep, a reading that is no near miss of the value expected
    assert _sweep_value(v, 65536.0, 5, parsed + [parse_point_label("bs=4")], {5: 65536.0}) is None
    # next to an end of the run, a near miss is the value expected ('356' after 'n=128')
    ends = [parse_point_label(t) for t in ("n=16", "n=32", "n=64", "n=128", "356")]
    got = _sweep_value(Word("356", 80.0, 0, 0, 30, 10), 256.0, 4, ends, {4: 256.0})
    assert got is not None and got.text == "n=256"
    # two places past the run: the places may count a value the chart skipped
    gap = [parse_point_label(t) for t in ("n=16", "n=32", "n=64", "n=128")] + [None, parse_point_label("356")]
    assert _sweep_value(Word("356", 80.0, 0, 0, 30, 10), 512.0, 5, gap, {5: 512.0}) is None
    # digits too far from the expected value: a label of its own, not a misreading
    far = Word("bs=3284", 71.0, 100, 50, 150, 60)
    assert _sweep_value(far, 16384.0, 3, parsed, {3: 16384.0}) is None


def _sweep_chart(moved: bool):
    """Four blue markers whose labels 4096..32768 sit right of them; with `moved`, the third
    label is printed below-right instead (the renderer moved it off a neighbour)."""
    import cv2
    rgb = np.full((260, 520, 3), 255, np.uint8)
    marks = [(40, 200), (140, 150), (240, 100), (340, 50)]
    texts = ["4096", "8192", "16384", "32768"]
    words = []
    for k, ((mx, my), t) in enumerate(zip(marks, texts)):
        cv2.circle(rgb, (mx, my), 5, (31, 119, 180), -1)
        ox, oy = (6, 20) if (moved and k == 2) else (12, 6)
        cv2.putText(rgb, t, (mx + ox, my + oy), cv2.FONT_HERSHEY_SIMPLEX, 0.6, (31, 119, 180), 2, cv2.LINE_AA)
        ys, xs = np.nonzero(np.abs(rgb[my + oy - 20:my + oy + 4, mx + ox:mx + ox + 80].astype(int) - 255).max(-1) > 80)
        words.append(Word(t, 95.0, int(mx + ox + xs.min()), int(my + oy - 20 + ys.min()),
                          int(mx + ox + xs.max()) + 1, int(my + oy - 20 + ys.max()) + 1))
    return rgb, marks, words


def _run_sweep(rgb, marks, label_word_texts):
    from pipeline.xychart.point_labels import _reread_off_sweep
    points = [Point("s", t.text, float(x), float(y), "circle", (31, 119, 180)) for (x, y), t in
              zip(marks, label_word_texts)]
    gray = rgb.mean(axis=-1).astype(np.uint8)
    yy, xx = np.mgrid[:rgb.shape[0], :rgb.shape[1]]
    markers_px = np.zeros(gray.shape, bool)
    for x, y in marks:
        markers_px |= (xx - x) ** 2 + (yy - y) ** 2 <= 36
    _reread_off_sweep(points, dict(enumerate(label_word_texts)), ["s"], gray, gray < 160,
                      ((markers_px, 0), (markers_px, 0), (markers_px, 0)), rgb, (255, 255, 255), markers_px)
    return [p.label for p in points]


def test_off_sweep_label_is_read_where_its_series_prints_labels_when_its_word_lies_elsewhere():
    rgb, marks, words = _sweep_chart(moved=False)
    # the word taken for marker 3 is a stray '4' above it, away from its label
    stray = Word("4", 80.0, 236, 70, 246, 84)
    assert _run_sweep(rgb, marks, words[:2] + [stray] + words[3:])[2] == "16384"


def test_off_sweep_label_moved_by_the_renderer_is_found_at_another_place_around_its_marker():
    rgb, marks, words = _sweep_chart(moved=True)
    stray = Word("4", 80.0, 236, 70, 246, 84)
    assert _run_sweep(rgb, marks, words[:2] + [stray] + words[3:])[2] == "16384"


def test_off_sweep_reading_cut_to_its_last_glyph_is_read_again_as_wide_as_the_missing_digits():
    rgb, marks, words = _sweep_chart(moved=False)
    w = words[2]
    last = Word("4", 80.0, w.x1 - 12, w.y0, w.x1, w.y1)
    assert _run_sweep(rgb, marks, words[:2] + [last] + words[3:])[2] == "16384"


def test_a_blob_in_the_texts_colour_within_a_row_of_glyphs_is_no_marker():
    from pipeline.marks.markers import Blob
    from pipeline.xychart.not_markers import text_row_glyphs
    rgb = np.full((100, 300, 3), 255, np.uint8)
    green = (27, 158, 119)
    markers = []
    for x in (20, 60, 100, 260):
        rgb[46:55, x - 4:x + 5] = green
        markers.append(Blob(float(x), 50.0, 81, (x - 4, 46, x + 5, 55), green, "square"))
    # 'bs=4096' in black, 14 px glyphs 3 px apart; the '0' filled in reads as a grey blob
    for k in range(6):
        x0 = 140 + 11 * k
        rgb[43:57, x0:x0 + 8] = (0, 0, 0)
        rgb[46:54, x0 + 2:x0 + 6] = 255
    glyph = Blob(148.0 + 11 * 2, 50.0, 80, (140 + 22, 43, 148 + 22, 57), (190, 190, 190), "circle")
    got = text_row_glyphs(markers + [glyph], rgb, (0, 0, 0), (255, 255, 255), 14.0)
    assert got == [glyph]
    # a black marker alone on its line stays a marker
    lone = Blob(230.0, 20.0, 81, (226, 16, 235, 25), (0, 0, 0), "square")
    rgb[16:25, 226:235] = 0
    assert text_row_glyphs(markers + [lone], rgb, (0, 0, 0), (255, 255, 255), 14.0) == []
    # a chart drawing its markers in its text's colour keeps them, whatever lies beside them
    black = [Blob(b.cx, b.cy, b.area, b.box, (0, 0, 0), b.shape) for b in markers]
    assert text_row_glyphs(black + [glyph], rgb, (0, 0, 0), (255, 255, 255), 14.0) == []
    # a grey marker 0.4 text heights before its dark label is the label's marker (s16 syn046)
    rgb[76:85, 100:109] = (165, 165, 165)
    for k in range(4):
        rgb[73:87, 115 + 11 * k:123 + 11 * k] = (0, 0, 0)
    grey = Blob(104.0, 80.0, 81, (100, 76, 109, 85), (165, 165, 165), "circle")
    assert text_row_glyphs(markers + [grey], rgb, (0, 0, 0), (255, 255, 255), 14.0) == []


def test_pale_lone_marks_in_a_series_colour_are_label_glyphs():
    from pipeline.xychart.point_labels import pale_glyphs
    # seed-6 syn080: the '8' and the '6' of '16' in purple, found as marks of their own whose
    # mean colour is the purple thinned by the grey panel in their counters
    purple, grey, bg = (129, 15, 124), (139, 139, 139), (240, 240, 240)
    series = ["base"] * 4 + ["B200"] * 4 + ["series-1", "series-1", "series-2"]
    colors = [purple] * 4 + [grey] * 4 + [(218, 196, 217), (225, 211, 225), (189, 136, 186)]
    heights = [7] * 8 + [7, 8, 7]
    assert pale_glyphs(series, colors, heights, {"base", "B200"}, bg, 16.0) == {8, 9, 10}
    # a lone mark solid in a series' colour is a marker (of a series split off, or the only one)
    assert pale_glyphs(series[:9], colors[:8] + [(131, 18, 126)], heights[:9], {"base", "B200"}, bg, 16.0) == set()
    # named by the legend, or one of three marks: a series, whatever its colour
    assert pale_glyphs(series, colors, heights, {"base", "B200", "series-1", "series-2"}, bg, 16.0) == set()
    assert pale_glyphs(series + ["series-2"] * 2, colors + [(189, 136, 186)] * 2, heights + [7, 7],
                        {"base", "B200"}, bg, 16.0) == {8, 9}
    # taller than the text: no glyph
    assert pale_glyphs(series, colors, heights[:8] + [7, 8, 30], {"base", "B200"}, bg, 16.0) == {8, 9}
    # a pale mark of a colour no series has is left alone
    assert pale_glyphs(series[:9], colors[:8] + [(170, 235, 170)], heights[:9], {"base", "B200"}, bg, 16.0) == set()


def _sweep_labels(marks, texts, box, color, size):
    """Labels of one series after _reread_off_sweep on a blank page (nothing to read again)."""
    from pipeline.xychart.point_labels import _reread_off_sweep
    words = [Word(t, 95.0, *box(x, y, t)) for (x, y), t in zip(marks, texts)]
    points = [Point("s", t, float(x), float(y), "circle", color) for (x, y), t in zip(marks, texts)]
    rgb = np.full(size + (3,), 255, np.uint8)
    gray = rgb.mean(axis=-1).astype(np.uint8)
    none = np.zeros(gray.shape, bool)
    _reread_off_sweep(points, dict(enumerate(words)), ["s"], gray, gray < 160,
                      ((none, 0), (none, 0), (none, 0)), rgb, (255, 255, 255), none)
    return [p.label for p in points]


def test_sweep_leaves_a_label_whose_marker_shares_its_place_along_x():
    # seed-6 syn080: the last two markers lie 4 px apart along x, the curve running steep;
    # '2' is printed under the first of them and '4' over the second. Along x the labels read
    # 32, 16, 8, 2, 4, off a sweep by halves only because the order along x is not the curve's.
    texts = ["32", "16", "8", "2", "4"]
    assert _sweep_labels([(100, 50), (200, 90), (300, 120), (400, 160), (404, 140)], texts,
                         lambda x, y, t: (x + 8, y - 20, x + 8 + 8 * len(t), y - 4), (31, 119, 180), (240, 520)) == texts
    # seed-11 syn075: the curve turns back, its last marker 16 px left of the one before it
    # ('n=1' under it, 'n=2' over the other), labels 21 px tall
    texts = ["n=16", "n=8", "n=4", "n=1", "n=2"]
    assert _sweep_labels([(812, 799), (1238, 942), (1454, 1022), (1619, 1086), (1635, 1064)], texts,
                         lambda x, y, t: (x - 26, y + 16, x + 26, y + 37), (148, 103, 189), (1200, 1700)) == texts


def test_a_steep_start_does_not_hide_a_misread_label_between_two_on_the_sweep():
    # seed-18 syn096: markers 10 px apart along x where the curve starts steep; '1,096' lies
    # between '2,048' and '8,192', both on the sweep at their places, so x order is the curve's.
    got = _sweep_labels([(157, 495), (167, 387), (187, 335), (225, 281), (305, 264)],
                        ["2,048", "1,096", "8,192", "16,384", "32,768"],
                        lambda x, y, t: (x + 8, y - 7, x + 8 + 8 * len(t), y + 7), (31, 119, 180), (600, 500))
    assert got == ["2,048", "4,096", "8,192", "16,384", "32,768"]


def test_a_small_pale_mark_inside_a_series_is_a_label_glyph():
    from pipeline.xychart.point_labels import pale_glyphs
    # seed-9 syn105: the '8' beside a square marker joins the light-blue series, at a third of
    # its markers' area and paler than them; it took the marker's label
    blue, bg = (111, 174, 211), (255, 255, 255)
    series = ["SGLang"] * 5
    colors = [blue] * 4 + [(162, 194, 211)]
    heights = [19, 17, 20, 19, 14]
    areas = [295, 280, 315, 300, 112]
    assert pale_glyphs(series, colors, heights, {"SGLang"}, bg, 20.0, areas) == {4}
    # as small but solid in the series' colour: a marker half hidden, kept
    assert pale_glyphs(series, colors[:4] + [(115, 176, 211)], heights, {"SGLang"}, bg, 20.0, areas) == set()
    # pale but as large as the others: a marker (blurred, or hollow)
    assert pale_glyphs(series, colors, heights, {"SGLang"}, bg, 20.0, areas[:4] + [260]) == set()


def test_labels_in_their_series_colour_are_read_with_only_the_lines_own_pixels_erased():
    from pipeline.xychart.point_labels import _erase_ways
    erase = (("markers", 0), ("lines+margin", 3), ("lines", 3))
    # seed-6 syn052: blue '8 req' crossed by its blue line, read once the line alone is gone
    assert _erase_ways(erase, (10, 112, 175), (1, 115, 178)) == (("markers", 0), ("lines", 3))
    # black labels, or none read yet: the line and its margin go
    assert _erase_ways(erase, (20, 20, 20), (1, 115, 178)) == (("markers", 0), ("lines+margin", 3))
    assert _erase_ways(erase, None, (1, 115, 178)) == (("markers", 0), ("lines+margin", 3))


def test_dotted_specks_are_a_row_of_three_small_blobs_not_a_labels_comma():
    from pipeline.xychart.point_labels import dotted_specks
    keep = np.zeros((14, 60), bool)
    keep[3:12, 6:11] = True           # a glyph
    keep[3:12, 24:29] = True
    for x in (0, 18, 50, 56):          # a dotted gridline's specks along the baseline
        keep[10:12, x:x + 2] = True
    got = dotted_specks(keep, 9.0)
    assert got.sum() == 16 and not got[3:12, 6:11].any() and got[10:12, 18:20].all()
    # a label's comma (and a second one on its row): no dotted line
    keep = np.zeros((14, 60), bool)
    keep[3:12, 6:11] = True
    keep[10:12, 12:14] = True
    keep[10:12, 30:32] = True
    assert not dotted_specks(keep, 9.0).any()
    # seed-13 syn081: 7 px '16,384' downscaled breaks into pixels, its comma among them; all lie
    # within the glyphs, where no gridline would stop
    keep = np.zeros((12, 32), bool)
    keep[4:10, 20:24] = True
    keep[6:10, 0:4] = True
    for x, y in ((3, 4), (10, 4), (17, 4), (14, 5)):
        keep[y, x] = True
    assert not dotted_specks(keep, 7.0).any()


def test_marker_solids_keep_the_markers_and_their_like_not_a_digits_core():
    import cv2
    from pipeline.xychart.point_labels import marker_solids
    ink = np.zeros((60, 120), bool)
    for x in (20, 60, 100):                          # three round markers, the last unfound
        cv2.circle(ink.view(np.uint8), (x, 40), 6, 1, -1)
    ink[8:20, 56:61] = True                         # a blurred digit's thick stem, above a marker
    depth = imageops.ink_depth(ink)
    got = marker_solids(depth, 2.5, [(20.0, 40.0), (60.0, 40.0)])
    assert got[40, 20] and got[40, 60] and got[40, 100]
    assert not got[8:20, 56:61].any()
    # no marker holds a core (hollow markers): every solid blob, as before
    assert marker_solids(depth, 2.5, [(5.0, 5.0)])[8:20, 56:61].any()


def test_a_label_of_more_digits_than_a_float_holds_breaks_no_sweep():
    # A run of digits read off a dotted line parsed to an integer no float can hold, and the
    # sweep fit raised OverflowError (seed-15 syn090, with a trial marker search).
    from pipeline.labels import sweep_expected
    assert sweep_expected([1024.0, 2048.0, int("9" * 400), 8192.0, 16384.0]) == {2: 4096.0}


def test_marks_of_an_unnamed_series_each_just_before_a_unit_read_alone_are_glyphs():
    from pipeline.xychart.point_labels import crossed_glyphs
    # Seed-24 syn021 (ggplot JPEG): the red line runs through grey '16 req', '8 req', '4 req';
    # OCR read only 'req', and the crossed digits made a series of three 'markers'.
    units = [Word("req", 90, 471, 373, 495, 389), Word("req", 96, 593, 443, 617, 458),
             Word("req", 57, 636, 482, 661, 498)]
    centres = [(351, 268), (474, 392), (464, 378), (586, 446), (630, 485)]
    series = ["FP8", "FP8", "series-1", "series-1", "series-1"]
    assert crossed_glyphs(centres, series, {"FP8"}, [], units) == {2, 3, 4}
    # one mark of the series away from any unit keeps them all; without a legend, none is judged
    assert crossed_glyphs(centres + [(700, 300)], series + ["series-1"], {"FP8"}, [], units) == set()
    assert crossed_glyphs(centres, series, set(), [], units) == set()


def test_glyph_box_leaves_out_the_line_a_label_was_boxed_with():
    # Seed-29 syn085: '16384' boxed 222 px wide along the line under it.
    ink = np.zeros((40, 300), bool)
    for k in range(5):                          # five glyphs, 6 px wide, 10 tall
        ink[10:20, 20 + 8 * k:26 + 8 * k] = True
    ink[24:26, 0:300] = True                    # the line, running out of the box both ways
    got = text_words.glyph_box(Word("16384", 65.0, 20, 9, 250, 27), ink, 10.0)
    assert (got.x0, got.x1, got.y0, got.y1, got.text) == (20, 58, 9, 27, "16384")
    # a box a text height wide per character is left as it is
    word = Word("16384", 65.0, 20, 9, 60, 27)
    assert text_words.glyph_box(word, ink, 10.0) is word
    # a box holding only the line: the line read as text ('em')
    assert text_words.glyph_box(Word("em", 33.0, 100, 20, 200, 28), ink, 10.0) is None


def test_a_label_touching_its_markers_tip_is_read_with_the_marker_erased():
    # Seed-26 syn004: an '8' under a diamond whose tip touches it; the two made a dashed
    # vertical run a rule long, and the rule removal emptied the crop.
    gray = np.full((80, 80), 255, np.uint8)
    diamond = np.array([[40, 8], [50, 20], [40, 32], [30, 20]], np.int32)
    cv2.fillPoly(gray, [diamond], 0)
    cv2.putText(gray, "8", (34, 47), cv2.FONT_HERSHEY_SIMPLEX, 0.5, 0, 1, cv2.LINE_AA)
    ink = gray < 160
    erase = np.zeros(gray.shape, bool)
    cv2.fillPoly(erase.view(np.uint8), [diamond], 1)
    # the digit's top touches the diamond's tip
    assert ink[32:35, 36:45].any()
    got = _read_label_at((25, 33, 55, 48), gray, ink, erase, [5], 12.0)
    assert [v.text for v in got] == ["8"]


def test_free_ink_leaves_out_markers_and_lines():
    from pipeline.xychart.point_labels import _free_ink
    ink = np.zeros((60, 100), bool)
    ink[30:34, 0:100] = True           # the series line
    ink[40:50, 60:80] = True           # a label nobody read
    erase = np.zeros_like(ink)
    erase[29:35, :] = True
    assert _free_ink((0, 0, 50, 36), ink, erase) == 0
    assert _free_ink((55, 36, 90, 55), ink, erase) == 200
    assert _free_ink((0, 0, 50, 36), ink, None) == 4 * 50


def test_a_one_read_as_a_letter_before_a_shared_unit_is_a_one():
    words = [Word("2", 87.0, 710, 425, 717, 436), Word("req", 87.0, 723, 427, 745, 438),
             Word("4req", 90.0, 668, 392, 700, 404), Word("lreq", 88.0, 692, 463, 726, 476),
             Word("Iat", 90.0, 100, 20, 120, 32)]
    out = [w.text for w in one_before_unit(words, 12.0)]
    assert "1 req" in out and "lreq" not in out
    assert "Iat" in out                       # no label prints 'at'
    assert [w.text for w in one_before_unit(words[3:], 12.0)] == ["lreq", "Iat"]   # nor 'req' twice


def test_a_lone_stem_of_a_digits_height_is_a_one():
    from pipeline.xychart.point_labels import _lone_stem
    keep = np.zeros((20, 18), bool)
    keep[5:15, 0:2] = True          # a marker's edge the erase left
    keep[5:13, 7:9] = True
    keep[5, 6] = True               # the flag of a serif '1'
    assert _lone_stem(keep, 9.0) is None                  # two glyphs
    keep[:, :3] = False
    assert _lone_stem(keep, 9.0) == (6, 5, 3, 8)
    wide = np.zeros((20, 18), bool)
    wide[5:13, 4:10] = True         # a '0' or a block: too wide
    assert _lone_stem(wide, 9.0) is None
    assert _lone_stem(keep, 20.0) is None                 # a stem far under the text height


def test_a_key_lost_before_its_equals_sign_is_the_labels_key():
    words = [Word("n=8", 87.0, 630, 473, 652, 482), Word("=4", 86.0, 724, 472, 738, 482),
             Word("n=2", 88.0, 747, 486, 768, 496), Word("=", 50.0, 10, 10, 14, 20)]
    assert [w.text for w in key_before_equals(words)] == ["n=8", "n=4", "n=2", "="]
    assert [w.text for w in key_before_equals(words[1:])] == ["=4", "n=2", "="]     # one 'n=' is no key
    two_keys = words + [Word("bs=8", 90.0, 0, 0, 30, 10), Word("bs=16", 90.0, 0, 20, 30, 30)]
    assert "=4" in [w.text for w in key_before_equals(two_keys)]                       # whose key?


def test_a_mended_label_brings_its_neighbour_two_steps_out_into_the_sweep():
    import cv2
    from pipeline.xychart.point_labels import _reread_off_sweep
    # s36 syn070: '204' and '409', each cut by a line; only 8192 onwards on the sweep at first
    rgb = np.full((300, 640, 3), 255, np.uint8)
    marks = [(40, 250), (140, 200), (240, 150), (340, 100), (440, 50)]
    texts = ["2048", "4096", "8192", "16384", "32768"]
    words = []
    for (mx, my), t in zip(marks, texts):
        cv2.circle(rgb, (mx, my), 5, (31, 119, 180), -1)
        cv2.putText(rgb, t, (mx + 12, my + 6), cv2.FONT_HERSHEY_SIMPLEX, 0.6, (31, 119, 180), 2, cv2.LINE_AA)
        ys, xs = np.nonzero(np.abs(rgb[my - 14:my + 10, mx + 12:mx + 92].astype(int) - 255).max(-1) > 80)
        words.append(Word(t, 95.0, int(mx + 12 + xs.min()), int(my - 14 + ys.min()),
                          int(mx + 12 + xs.max()) + 1, int(my - 14 + ys.max()) + 1))
    cut = [Word(t, 80.0, w.x0, w.y0, w.x0 + (w.x1 - w.x0) * 3 // 4, w.y1)
           for t, w in (("204", words[0]), ("409", words[1]))]
    label_word = dict(enumerate(cut + words[2:]))
    points = [Point("s", v.text, float(x), float(y), "circle", (31, 119, 180))
              for (x, y), v in zip(marks, label_word.values())]
    gray = rgb.mean(axis=-1).astype(np.uint8)
    yy, xx = np.mgrid[:rgb.shape[0], :rgb.shape[1]]
    markers_px = np.zeros(gray.shape, bool)
    for x, y in marks:
        markers_px |= (xx - x) ** 2 + (yy - y) ** 2 <= 36
    _reread_off_sweep(points, label_word, ["s"], gray, gray < 160,
                      ((markers_px, 0), (markers_px, 0), (markers_px, 0)), rgb, (255, 255, 255), markers_px)
    assert [p.label for p in points] == texts


def test_neighbours_holding_each_others_sweep_values_are_a_curve_turning_back():
    from pipeline.numbers import parse_point_label
    from pipeline.xychart.point_labels import _swapped
    # s25 syn052: along x the labels run 32, 16, 8, 4, 1, 2 (the curve turns back at its end)
    parsed = [parse_point_label(t) for t in ("32", "16", "8", "4", "1", "2")]
    assert _swapped(4, parsed, {0, 1, 2, 3}, 2.0)
    # '1' where 2 belongs, with no '2' beside it, is a misreading to mend
    lone = parsed[:5] + [None]
    assert not _swapped(4, lone, {0, 1, 2, 3}, 2.0)


def test_a_page_reading_run_over_two_labels_of_one_line_gives_way():
    from pipeline.xychart.point_labels import runs_over_two
    # s34 syn096: the page pass read '685536' at 13 from inside '32768' to the end of '65536'
    lines = [Word("32768", 96.0, 285, 291, 324, 302), Word("65536", 96.0, 452, 289, 491, 304)]
    assert runs_over_two(Word("685536", 13.0, 309, 286, 491, 311), lines)
    # one label read whole by the page pass lies over one line reading only
    assert not runs_over_two(Word("65536", 90.0, 450, 288, 492, 305), lines)
    # nor does a surer page reading give way
    assert not runs_over_two(Word("685536", 97.0, 309, 286, 491, 311), lines)


def test_one_label_places_the_others_of_its_series():
    from pipeline.xychart.point_labels import one_label_layout
    # set-3 h02: 'n=8' above and left of its square marker
    assert one_label_layout((432, 258), Word("n=8", 90.0, 392, 228, 424, 246)) == (1, -24.0, -21.0, 1)
    assert one_label_layout((400, 236), Word("n=8", 90.0, 392, 228, 424, 246)) is None


def test_an_unsure_label_models_the_others_by_its_shape_only():
    from pipeline.xychart.point_labels import _worded_like
    # seed-52 syn037: the one label read, '64 req', read '64 reo' at 36
    assert _worded_like("16 req", Word("64 reo", 36.0, 0, 0, 30, 10))
    assert not _worded_like("16", Word("64 reo", 36.0, 0, 0, 30, 10))
    # a sure one models its words
    assert not _worded_like("16 req", Word("64 reo", 80.0, 0, 0, 30, 10))
    assert _worded_like("n=16", Word("n=8", 90.0, 0, 0, 30, 10))
    assert not _worded_like("16 req", Word("n=8", 30.0, 0, 0, 30, 10))


def _crossed_label(line_rgb):
    """Dark grey 'bs=4096' on white with a line of `line_rgb` across it, drawn under the text
    (as matplotlib draws annotations over lines)."""
    import cv2
    rgb = np.full((80, 220, 3), 255, np.uint8)
    cv2.line(rgb, (20, 70), (200, 15), line_rgb, 4, cv2.LINE_AA)
    cv2.putText(rgb, "bs=4096", (30, 50), cv2.FONT_HERSHEY_SIMPLEX, 0.8, (51, 51, 51), 2, cv2.LINE_AA)
    return rgb


def test_a_label_crossed_by_a_coloured_line_reads_in_the_texts_colour_alone():
    from pipeline.xychart.point_labels import text_colour_lines
    # set-4 h24: dark labels that the series' red and green lines cross
    from pipeline.xychart.point_labels import plot_text
    rgb = _crossed_label((237, 28, 36))
    gray = rgb.mean(axis=2).astype(np.uint8)
    assert plot_text(gray, gray < 160, 18.0, (0, 0, 220, 80)) == []     # the page's ink: one blob
    got = text_colour_lines(rgb, (51, 51, 51), (255, 255, 255), 18.0, (0, 0, 220, 80), [])
    assert [v.text for v in got] == ["bs=4096"]
    # a dark purple line lies near the way from white to grey text, but off it (set-5 h29)
    purple = _crossed_label((111, 78, 124))
    got = text_colour_lines(purple, (51, 51, 51), (255, 255, 255), 18.0, (0, 0, 220, 80), [])
    assert [v.text for v in got] == ["bs=4096"]
    # a line in the text's own colour cannot be told from it: nothing is claimed there
    grey = _crossed_label((51, 51, 51))
    assert all(v.text != "bs=4096" or v.conf < 90 for v in
               text_colour_lines(grey, (51, 51, 51), (255, 255, 255), 18.0, (0, 0, 220, 80), []))
    # a line the first pass read surely is not read again
    sure = [Word("bs=4096", 95.0, 28, 30, 150, 52)]
    assert text_colour_lines(rgb, (51, 51, 51), (255, 255, 255), 18.0, (0, 0, 220, 80), sure) == []


def test_a_surer_reading_replaces_the_pieces_it_lies_over():
    from pipeline.xychart.point_labels import surer_of
    read = [Word("bs", 82.0, 375, 430, 408, 461), Word("409", 96.0, 430, 431, 485, 461),
            Word("8192", 95.0, 600, 430, 660, 461)]
    again = [Word("bs=4096", 97.0, 375, 430, 497, 461), Word("8l92", 60.0, 600, 430, 660, 461)]
    assert sorted(v.text for v in surer_of(read, again)) == ["8192", "bs=4096"]
    # s14 syn103: a '2' boxed without the marker left of it replaces the one boxed with it
    got = surer_of([Word("2", 88.0, 792, 591, 807, 604)], [Word("2", 95.0, 799, 591, 807, 604)])
    assert [(v.text, v.x0) for v in got] == [("2", 799)]
    # seed-30 syn036: a marker read as a '1' before '2048' gives way
    assert [v.text for v in surer_of([Word("12048", 46.0, 98, 50, 136, 62)], [Word("2048", 96.0, 102, 50, 136, 62)])] \
        == ["2048"]
    # seed-33 syn080: an '8' read alone keeps '8 req' whole
    assert [v.text for v in surer_of([Word("8 req", 80.0, 100, 50, 150, 62)], [Word("8", 95.0, 100, 50, 109, 62)])] \
        == ["8 req"]


def test_neighbours_given_each_others_labels_trade_them_back():
    from pipeline.xychart.point_labels import _traded
    # s37 syn021: '32768' at 16384's marker and '384' (of 16384, cut) at 32768's
    assert _traded(32768.0, 384.0, 16384.0, 32768.0)
    # one reading the other's value is not enough: both must be ('4096' is neither's)
    assert not _traded(4096.0, 384.0, 16384.0, 32768.0)


def test_a_sure_page_label_stands_against_a_far_less_sure_line_reading_of_other_text():
    from pipeline.digitize import _surer_than_lines
    page = Word("bs=4096", 90.0, 156, 160, 234, 174)
    assert _surer_than_lines(page, [Word("14096", 30.0, 185, 161, 234, 174)])
    # not against a line reading nearly as sure, nor one saying the same in a tighter box
    assert not _surer_than_lines(page, [Word("14096", 70.0, 185, 161, 234, 174)])
    two = Word("2", 88.0, 1194, 932, 1236, 958)
    assert not _surer_than_lines(two, [Word("2", 38.0, 1225, 938, 1236, 956)])
    # nor is an unsure page reading kept; with no line over it, a sure one is
    assert not _surer_than_lines(Word("bs=4096", 70.0, 156, 160, 234, 174), [])
    assert _surer_than_lines(page, [Word("req", 97.0, 300, 160, 330, 174)])
    # a line reading of the number alone, its box short of the key the page read, leaves it
    # standing however sure (seed-52 syn080: 'bs=32768' at 91 over '32768' at 73)
    key = Word("bs=32768", 91.0, 478, 76, 566, 90)
    assert _surer_than_lines(key, [Word("32768", 73.0, 507, 76, 566, 97)])
    assert not _surer_than_lines(key, [Word("32768", 73.0, 470, 76, 566, 97)])
    # ... but not one that took in a marker before the key (seed-52 syn084)
    assert not _surer_than_lines(Word("abs=65536", 92.0, 1314, 61, 1468, 82), [Word("bs=65536", 63.0, 1342, 61, 1468, 82)])


def test_a_page_label_the_line_pass_split_in_two_ran_over_one_label():
    from pipeline.digitize import _split_by_lines
    page = Word("bs=8192", 92.0, 222, 155, 300, 172)
    assert _split_by_lines(page, [Word("192", 95.0, 271, 155, 300, 171), Word("bs=8", 93.0, 222, 155, 265, 170)])
    # two labels of a line run together are not the page's text in parts; one part is no split
    assert not _split_by_lines(Word("685536", 93.0, 100, 10, 220, 24),
                               [Word("32768", 96.0, 100, 10, 150, 24), Word("65536", 96.0, 170, 10, 220, 24)])
    assert not _split_by_lines(page, [Word("bs=8192", 95.0, 222, 155, 300, 171)])
    # two points' labels '1' and '2' read '12' by the page pass: 5 px off level, 12 px apart
    assert not _split_by_lines(Word("12", 96.0, 1082, 623, 1112, 642),
                               [Word("1", 97.0, 1082, 628, 1091, 647), Word("2", 97.0, 1103, 623, 1112, 642)])
    assert not _split_by_lines(Word("bs=8192", 60.0, 222, 155, 300, 172),
                               [Word("bs=8", 93.0, 222, 155, 265, 170), Word("192", 95.0, 271, 155, 300, 171)])


def test_two_sure_letters_before_a_number_on_their_line_key_a_label():
    words = [Word("bs", 84.0, 100, 36, 116, 47), Word("163,", 87.0, 129, 37, 154, 47)]
    assert text_words.keys_a_label(words[0], words, 11.0)
    # a number too far along, or on another line, or a reading unsure, or more letters
    assert not text_words.keys_a_label(words[0], [words[0], Word("163", 87.0, 140, 37, 160, 47)], 11.0)
    assert not text_words.keys_a_label(words[0], [words[0], Word("163", 87.0, 120, 50, 140, 60)], 11.0)
    assert not text_words.keys_a_label(Word("bs", 50.0, 100, 36, 116, 47), words, 11.0)
    assert not text_words.keys_a_label(Word("-A-", 90.0, 100, 36, 116, 47), words, 11.0)


def test_a_digit_just_before_a_lone_unit_is_a_glyph_of_its_unread_label():
    from pipeline.marks.markers import Blob
    from pipeline.xychart import not_markers
    labels = [Word("16 req", 90.0, 0, 0, 40, 12), Word("8 req", 90.0, 0, 50, 30, 62), Word("2", 90.0, 0, 90, 6, 100)]
    req = Word("req", 86.0, 188, 424, 209, 439)
    assert not_markers.lone_units([req, Word("Throughput", 95.0, 0, 0, 90, 14)], labels) == [req]
    assert not_markers.lone_units([req], labels[1:]) == []            # one label prints it
    four = Blob(183.0, 426.0, 20, (181, 424, 186, 429), (230, 90, 60), "circle")
    six = Blob(176.0, 428.0, 40, (173, 425, 180, 433), (230, 90, 60), "circle")
    marker = Blob(167.0, 428.0, 49, (164, 425, 171, 432), (230, 90, 60), "square")
    assert not_markers.digit_before_unit(four, req, 12.0, 49.0) and not_markers.digit_before_unit(six, req, 12.0, 49.0)
    assert not not_markers.digit_before_unit(marker, req, 12.0, 49.0)       # past the number's width
    below = Blob(183.0, 450.0, 20, (181, 446, 186, 452), (230, 90, 60), "circle")
    assert not not_markers.digit_before_unit(below, req, 12.0, 49.0)
    # a marker run into the label's first digit: a blob as large as a marker and more
    joined = Blob(178.0, 428.0, 70, (172, 423, 186, 433), (230, 90, 60), "circle")
    assert not not_markers.digit_before_unit(joined, req, 12.0, 49.0)
