"""Bar-chart reading helpers: the per-bar label choice, joining side-by-side pieces, the
below-baseline rule, the noise-relative flatness, and the category-label readers (rotated
labels, tick marks at the axis, the re-read choice)."""
import cv2
import numpy as np
import pytest

from pipeline.barchart.categories import (_chain_from_axis, _clear_axis_side, _ink_run_start, _label_angle,
                                          _label_start, _prefer_reread, _without_axis_title, _without_stray_rules)
from pipeline.barchart.frame import Frame
from pipeline.barchart.layout import _flat, _grain
from pipeline.barchart.value_labels import _choose_label
from pipeline.imageops import text_gray
from pipeline.marks.bars import Bar, join_aligned_columns, stacks_on_baseline
from pipeline.ocr import Word

BLUE, ORANGE = (31, 119, 180), (255, 127, 14)


def _w(text, conf=90.0, x0=0, y0=0, x1=10, y1=10):
    return Word(text, conf, x0, y0, x1, y1)


# -- the per-bar label choice ------------------------------------------------------------

def test_label_choice_prefers_agreeing_readings_with_more_digits():
    cands = [_w("70", 95), _w("70.5%", 80), _w("76.5%", 96)]
    # The bar says 70.5 +- 0.4: '70' agrees within its own rounding (+-0.5) but says less.
    assert _choose_label(cands, 70.5, 0.4).text == "70.5%"


def test_label_choice_without_agreement_or_axis_takes_the_most_confident():
    cands = [_w("12.5", 60), _w("17.5", 85)]
    assert _choose_label(cands, 40.0, 0.5).text == "17.5"
    assert _choose_label(cands, None, 0.0).text == "17.5"
    assert _choose_label([], 40.0, 0.5) is None
    # ... of those with most digits: a digit lost at a neighbouring bar's edge is the commoner error.
    assert _choose_label([_w("20.5", 88), _w("0.5%", 79)], None, 0.0).text == "20.5"


# -- joining side-by-side pieces of one colour ---------------------------------------------

def test_side_by_side_pieces_of_one_colour_join():
    left = Bar(10, 20, 50.0, 179.0, BLUE)
    right = Bar(20, 34, 50.4, 179.0, BLUE)
    got = join_aligned_columns([right, left], tol=1.0)
    assert len(got) == 1
    assert (got[0].x0, got[0].x1, got[0].top, got[0].bottom) == (10, 34, 50.0, 179.0)
    assert got[0].color == BLUE


def test_pieces_of_other_colour_or_height_stay_apart():
    assert len(join_aligned_columns([Bar(10, 20, 50.0, 179.0, BLUE), Bar(20, 30, 50.0, 179.0, ORANGE)])) == 2
    assert len(join_aligned_columns([Bar(10, 20, 50.0, 179.0, BLUE), Bar(20, 30, 80.0, 179.0, BLUE)])) == 2
    # A gap between them: two bars, not one.
    assert len(join_aligned_columns([Bar(10, 20, 50.0, 179.0, BLUE), Bar(22, 30, 50.0, 179.0, BLUE)])) == 2


# -- the below-baseline rule ----------------------------------------------------------------

def test_piece_under_the_baseline_does_not_carry_the_bars():
    bars = [Bar(10, 30, 60.0, 179.0, BLUE), Bar(50, 70, 100.0, 179.0, BLUE), Bar(90, 110, 80.0, 179.0, BLUE),
            # the axis line fused with a tick mark, right under the first bar
            Bar(8, 32, 179.0, 184.0, (40, 40, 40))]
    stacks, base = stacks_on_baseline(bars, tol=2.0, min_len=10)
    assert base == pytest.approx(179.0)
    assert [len(s) for s in stacks] == [1, 1, 1]
    assert [s[0].top for s in stacks] == [60.0, 100.0, 80.0]
    assert all(s[0].level == 0 for s in stacks)


# -- noise-relative flatness -----------------------------------------------------------------

def _bars_image(noise_bg: float, noise_bar: float, seed=0):
    rng = np.random.default_rng(seed)
    img = np.full((120, 160, 3), 255.0)
    img[:, :] += rng.normal(0, noise_bg, img.shape)
    bar = np.array(BLUE, float) + rng.normal(0, noise_bar, (80, 30, 3))
    img[30:110, 20:50] = bar
    img[30:110, 90:120] = np.array(ORANGE, float) + rng.normal(0, noise_bar, (80, 30, 3))
    stacks = [[Bar(20, 50, 30.0, 109.0, BLUE)], [Bar(90, 120, 30.0, 109.0, ORANGE)]]
    return np.clip(img, 0, 255).astype(np.uint8), stacks


def test_flat_bars_on_a_clean_page():
    img, stacks = _bars_image(0.0, 0.0)
    assert _grain(img, (255, 255, 255)) == 0.0
    assert _flat(img, stacks, (255, 255, 255))


def test_grainy_bars_are_flat_when_the_page_is_as_grainy():
    img, stacks = _bars_image(8.0, 8.0)
    assert _grain(img, (255, 255, 255)) > 5.0
    assert _flat(img, stacks, (255, 255, 255))


def test_a_white_page_clipping_half_its_noise_does_not_make_bars_grainy():
    # bar seed-16 bar035: noise of 5 levels shows as a step of 5 on the white page and 9 in bars
    img, stacks = _bars_image(5.0, 5.0)
    assert _grain(img, (255, 255, 255)) >= 9.0
    assert _flat(img, stacks, (255, 255, 255))
    img, stacks = _bars_image(5.0, 25.0)
    assert not _flat(img, stacks, (255, 255, 255))


def test_noisy_shapes_on_a_clean_page_are_no_bars():
    img, stacks = _bars_image(0.0, 25.0)
    assert not _flat(img, stacks, (255, 255, 255))


# -- category labels: rotated, tick marks, re-read choice ------------------------------------

def _rotated_words(angle_deg: float, n=3, text_h=12):
    """A band with n words rotated by angle_deg (image coordinates, negative = rising)."""
    band = np.zeros((160, 460), np.uint8)
    for i in range(n):
        word = np.zeros((100, 140), np.uint8)
        cv2.putText(word, "Llama 3.1", (4, 58), cv2.FONT_HERSHEY_SIMPLEX, 0.7, 255, 2)
        # cv2 turns counter-clockwise on screen for a positive angle: rising text.
        m = cv2.getRotationMatrix2D((70, 50), -angle_deg, 1.0)
        band[20:120, 10 + 140 * i:150 + 140 * i] |= cv2.warpAffine(word, m, (140, 100))
    return band > 0


def test_label_angle_of_rotated_words():
    angle, mask = _label_angle(_rotated_words(-30.0), 12)
    assert angle == pytest.approx(-30.0, abs=5)
    assert mask.sum() > 0


def test_level_words_have_no_label_angle():
    angle, mask = _label_angle(_rotated_words(0.0), 12)
    assert angle is None


def test_axis_side_cleared_of_tick_mark_only():
    u = np.full((40, 30), 255, np.uint8)
    u[0:4, 14:16] = 0          # tick mark hanging from the axis at row 0
    u[10:22, 4:26] = 0         # the label, after a blank gap
    got = _clear_axis_side(u, 0.0, 12.0)
    assert (got[0:4] == 255).all()
    assert (got[10:22, 4:26] == 0).all()
    # A label right at the axis, with no blank row before it, is left alone.
    v = np.full((40, 30), 255, np.uint8)
    v[0:14, 4:26] = 0
    assert (_clear_axis_side(v, 0.0, 12.0) == v).all()
    # A crop that starts below the axis (a slot read from 0.3 text heights past it): the tail
    # of a tick mark longer than that hangs into its first rows (set-8 h48, read '1').
    w = np.full((24, 60), 255, np.uint8)
    w[0:3, 29:31] = 0          # the tick's last 3 px
    w[6:14, 5:55] = 0          # the label
    got = _clear_axis_side(w, -3.4, 8.0)
    assert (got[0:3] == 255).all() and (got[6:14, 5:55] == 0).all()
    # ... and a label at the crop's first row, wider than a stroke, stays.
    x = np.full((24, 60), 255, np.uint8)
    x[0:8, 5:55] = 0
    assert (_clear_axis_side(x, -3.4, 8.0) == x).all()


def test_reread_replaces_a_page_reading_it_extends():
    assert _prefer_reread("TP:", 96, "TP=2", 91)          # all of 'TP' and more
    assert not _prefer_reread("TP:", 96, "1p=2", 40)      # unsure and not covering
    assert not _prefer_reread("batch", 96, "botch 1", 80)  # does not read the page's letters
    assert _prefer_reread("code", 60, "code", 62)          # as confident
    assert not _prefer_reread("H100", 91, "4100", 91)      # a sure letter made a digit
    assert _prefer_reread("8200", 91, "B200", 91)          # ... not the other way
    assert _prefer_reread("H100", 70, "4100", 91)          # nor an unsure page reading kept
    assert _prefer_reread("GPTS 2.7B", 90, "GPT3 2.7B", 90)  # a digit after letters is common
    assert not _prefer_reread("Llama B200", 90, "Llama 8200", 90)


def test_horizontal_label_stops_at_a_wide_gap():
    frame = Frame(200, 100, True)
    # Upright y grows away from the axis (original x decreases): label words right-aligned at
    # x=150, and an axis title at the image's left edge.
    words = [_w("prompts", 90, 100, 40, 148, 50), _w("long", 90, 70, 40, 96, 50), _w("xe)", 40, 2, 38, 14, 52)]
    ups = {id(w): frame.word(w) for w in words}
    assert [w.text for w in _chain_from_axis(words, ups, 12.0)] == ["prompts", "long"]


def test_horizontal_label_stops_before_an_unsure_word_beyond_a_word_space():
    frame = Frame(200, 100, True)
    # 'batch 64' at text height 10 with a rotated title read 'oO' 1.0 text heights out: sure
    # words that far out stay ('Llama' of 'Llama 3.1 70B'), an unsure one is the title.
    base = [_w("64", 97, 59, 40, 72, 50), _w("batch", 96, 24, 40, 54, 50)]
    title = _w("oO", 33, 4, 38, 14, 52)
    ups = {id(w): frame.word(w) for w in base + [title]}
    assert [w.text for w in _chain_from_axis(base + [title], ups, 10.0)] == ["64", "batch"]
    sure = _w("Llama", 90, 4, 40, 14, 50)
    ups[id(sure)] = frame.word(sure)
    assert [w.text for w in _chain_from_axis(base + [sure], ups, 10.0)] == ["64", "batch", "Llama"]


def test_decimal_point_put_back_only_where_it_agrees():
    from pipeline.barchart.value_labels import _decimal_variants
    assert _decimal_variants("27k") == ["2.7k"]
    assert _decimal_variants("377k") == ["3.77k", "37.7k"]
    assert _decimal_variants("7.5x") == [] and _decimal_variants("2,447") == [] and _decimal_variants("OOM") == []
    # In the choice, the variant agreeing with the bar (2.7k +- 60) wins over the raw reading.
    cands = [_w("27k", 90)] + [_w(t, 90) for t in _decimal_variants("27k")]
    assert _choose_label(cands, 2710.0, 60.0).text == "2.7k"


def test_units_harmonised_across_a_chart():
    from pipeline.barchart.value_labels import _harmonise_units
    assert _harmonise_units(["7.4%", "7.3x", "7.0x", "OOM"]) == ["7.4x", "7.3x", "7.0x", "OOM"]
    assert _harmonise_units(["2.9x", "1.5x", "2.6", "1.2k"]) == ["2.9x", "1.5x", "2.6x", "1.2k"]
    assert _harmonise_units(["2.6X", "2.4x", "1.1x"]) == ["2.6x", "2.4x", "1.1x"]
    # No unit carried by two labels, or a split vote: nothing changes.
    assert _harmonise_units(["7.4%", "7.3x", "70"]) == ["7.4%", "7.3x", "70"]
    assert _harmonise_units(["12", "30", "41"]) == ["12", "30", "41"]


def test_printed_values_outvote_ticks_read_without_their_point():
    from pipeline.barchart.value_axis import _decimal_shift
    ticks = ["0.0", "05", "15", "20"]          # '0.5' '1.5' '2.0' read without their point
    # Every bar ten times too long against its label.
    assert _decimal_shift([(1.2, 12.1), (2.3, 23.0), (0.8, 7.9), (None, 5.0)], ticks) == pytest.approx(0.1)
    assert _decimal_shift([(5300, 53100.0), (3100, 31100.0), (7200, 72100.0)], ["0", "25k", "50k", "75k"]) \
        == pytest.approx(0.1)
    # Agreeing labels, too few labels, one stray misreading: no shift.
    assert _decimal_shift([(1.2, 1.21), (2.3, 2.3), (0.8, 0.79)], ticks) == 1.0
    assert _decimal_shift([(1.2, 12.1), (2.3, 23.0)], ticks) == 1.0
    assert _decimal_shift([(1.2, 12.1), (2.3, 2.3), (0.8, 0.79), (1.5, 1.5)], ticks) == 1.0
    # Round ticks ('100' '200') or one-digit ticks cannot have lost a point: labels that each
    # lost a digit ('28' for '287') do not move the axis.
    assert _decimal_shift([(28, 287.0), (35, 357.0), (63, 647.0)], ["0", "100", "200", "300"]) == 1.0
    assert _decimal_shift([(4.3, 43.0), (5.9, 59.0), (5.3, 53.0)], ["0", "2", "4", "6"]) == 1.0
    # A larger printed value is no lost point.
    assert _decimal_shift([(43, 4.3), (59, 5.9), (53, 5.3)], ticks) == 1.0


def test_label_boxes_reach_a_labels_length_along_horizontal_bars():
    from pipeline.barchart.value_labels import _label_boxes
    bar = Bar(100, 130, 50.0, 400.0, BLUE)           # upright: 30 px thick, 350 px long
    across = _label_boxes(bar, 10.0)
    along = _label_boxes(bar, 10.0, along=True)
    assert across["inside"] == (102, 52, 128, 72)      # a text height or two from the end
    assert along["inside"] == (102, 52, 128, 120)      # '68.0%' runs 5-7 text heights along
    assert along["end"][1] == 50 - 70 and across["end"][1] == 50 - 22


def test_separator_variants_swap_a_point_and_a_thousands_comma():
    from pipeline.barchart.value_labels import _separator_variants
    assert _separator_variants("2.293") == ["2,293"]
    assert _separator_variants("9,427") == ["9.427"]
    assert _separator_variants("2.293x") == ["2,293x"]
    # Not three digits after the mark, or several groups: no variant.
    assert _separator_variants("12.5") == [] and _separator_variants("1,234,567") == []
    assert _separator_variants("OOM") == []
    # The variant is taken only when it agrees with the bar (2,293 against 2,273 +- 190).
    cands = [_w("2.293", 94)] + [_w(t, 94) for t in _separator_variants("2.293")]
    assert _choose_label(cands, 2272.8, 190.0).text == "2,293"


def test_harmonise_format_commas_and_k_case():
    from pipeline.barchart.value_labels import _harmonise_format
    assert _harmonise_format(["9,427", "9246", "8,689", "1.022", "512"]) == ["9,427", "9,246", "8,689", "1.022", "512"]
    # Commas are put in only when most long labels carry them.
    assert _harmonise_format(["1234", "2,345"]) == ["1234", "2,345"]
    assert _harmonise_format(["1234", "2345", "3,456"]) == ["1234", "2345", "3,456"]
    assert _harmonise_format(["5.1K", "4.1k", "5.2k", "7.7k"]) == ["5.1k", "4.1k", "5.2k", "7.7k"]
    # Too few suffixes to tell the chart's case, or a tie: left alone.
    assert _harmonise_format(["5.1K", "4.1k"]) == ["5.1K", "4.1k"]
    assert _harmonise_format(["OOM", "12.5%"]) == ["OOM", "12.5%"]
    # A comma read as a point among comma-thousands labels, within their span; a real
    # decimal, or labels mostly without commas, are left alone.
    assert _harmonise_format(["4,055", "2.569", "1,001", "3,935"]) == ["4,055", "2,569", "1,001", "3,935"]
    assert _harmonise_format(["4,055", "0.569", "1,001"]) == ["4,055", "0.569", "1,001"]
    assert _harmonise_format(["2.569", "1.234", "1,001"]) == ["2.569", "1.234", "1,001"]
    # half the labels with commas are enough (bar seed-58 bar052: two of four read with points)
    assert _harmonise_format(["19,931", "10.851", "12,651", "22.346"]) == ["19,931", "10,851", "12,651", "22,346"]


def test_chart_unit_from_readings_of_all_bars():
    from pipeline.barchart.value_labels import _chart_unit
    reads = [[_w("2x"), _w("1.2x")], [_w("2.3%")], [_w("1.5x")], [_w("2.1x"), _w("2.1%")]]
    assert _chart_unit(reads) == "x"
    # A tie, or too few bars: no unit.
    assert _chart_unit([[_w("2.3%")], [_w("1.5x")]]) is None
    assert _chart_unit([[_w("1.5x")]]) is None
    # The chart's unit breaks a tie between equally long agreeing readings only.
    assert _choose_label([_w("2.1x", 80), _w("2.1%", 89)], 2.1, 0.4, "x").text == "2.1x"
    assert _choose_label([_w("2.1x", 80), _w("2.1%", 89)], 2.1, 0.4, None).text == "2.1%"
    assert _choose_label([_w("2.1x", 80), _w("2.1%", 89)], 21.0, 0.4, "x").text == "2.1x"
    assert _choose_label([_w("2.1x", 80), _w("2.15%", 89)], 2.15, 0.4, "x").text == "2.15%"


def test_glyph_variants_and_ending():
    from pipeline.barchart.value_labels import _ending, _glyph_variants
    assert _glyph_variants("SI") == ["51"] and _glyph_variants("1O.5%") == ["10.5%"]
    assert _glyph_variants("2.1x") == [] and _glyph_variants("3de") == []
    assert _ending("3.3k") == "k" and _ending("111") == "" and _ending("33e") == "e" and _ending("OOM") == "OOM"


def test_without_lines_clears_only_lines_across_the_crop():
    import numpy as np
    from pipeline.barchart.value_labels import _without_lines
    d = np.zeros((30, 60), np.uint8)
    d[8:20, 10:14] = 200     # a glyph's stroke: 12 of 30 rows
    d[:, 50] = 180           # a bar's edge from top to bottom
    d[25, :] = 180           # a dark gridline from side to side
    out = _without_lines(d, 12.0)
    assert out[:, 50].max() == 0 and out[25, :].max() == 0
    assert (out[8:20, 10:14] == 200).all()
    # In a crop hardly taller than the text, a tall stroke may span it: nothing is cleared.
    e = np.zeros((14, 60), np.uint8)
    e[:, 20] = 200
    assert (_without_lines(e, 12.0) == e).all()


def test_harmonise_format_drops_a_hedge_few_labels_carry():
    from pipeline.barchart.value_labels import _harmonise_format
    assert _harmonise_format(["1.9x", "~2.3x", "3.0x", "0.8x"]) == ["1.9x", "2.3x", "3.0x", "0.8x"]
    assert _harmonise_format(["~1.9x", "~2.3x", "3.0x"]) == ["~1.9x", "~2.3x", "3.0x"]


def test_a_narrow_blob_on_a_bar_end_is_no_stack_segment():
    import numpy as np
    from pipeline.barchart.layout import _upright_bars
    img = np.full((200, 200, 3), 255, np.uint8)
    img[60:180, 40:80] = (69, 110, 182)      # a bar on the baseline at row 180
    img[120:180, 120:160] = (69, 110, 182)   # another
    img[44:58, 55:64] = (120, 120, 120)      # a blurred label blob just beyond the first bar's end
    stacks, base, loose = _upright_bars(img, (255, 255, 255), 12.0, np.zeros((200, 200), bool))
    assert len(stacks) == 2 and all(len(s) == 1 for s in stacks)
    # Left loose (a legend drawn on a bar leaves its swatches so), it keeps the label's grey:
    # only bar-coloured loose pieces are taken for legend swatches.
    assert all(p.width > 20 or max(p.color) - min(p.color) < 30 for p in loose)


def test_commonest_reading_speaks_for_a_bar():
    from pipeline.barchart.categories import _commonest
    rs = [_w("5.3k", 87), _w("5.3k", 82), _w("53k", 92), _w("5.3k", 60)]
    got = _commonest(rs)
    assert got.text == "5.3k" and got.conf == 87
    # A tie goes to the surer in sum.
    assert _commonest([_w("31k", 41), _w("3.1k", 77)]).text == "3.1k"
# -- legend names: swatch shape, words that are swatches, the re-read choice ------------------

def _blob(box, color=BLUE):
    from pipeline.marks.markers import Blob
    x0, y0, x1, y1 = box
    return Blob((x0 + x1 - 1) / 2.0, (y0 + y1 - 1) / 2.0, (x1 - x0) * (y1 - y0), box, color, "square")


def test_swatch_shape_admits_matplotlibs_long_patch_but_not_a_bar():
    from pipeline.barchart.names import _swatch_like
    # text 9 px high: matplotlib's patch is 24 x 10 (two font sizes by 0.7)
    assert _swatch_like(_blob((639, 10, 663, 20)), 9.0)
    assert _swatch_like(_blob((20, 41, 30, 51)), 9.0)
    assert not _swatch_like(_blob((91, 74, 152, 398)), 9.0)   # a bar
    assert not _swatch_like(_blob((0, 0, 60, 8)), 9.0)        # a long rule
    # plotly: a 16 px square beside 12 px names, where 7 px printed values set the text height
    assert _swatch_like(_blob((342, 43, 357, 59)), 7.0)
    # gnuplot's key: a flat box four characters long, 55 x 13 beside 11 px names (its bar
    # chart's names were never read, outside set 2 h08)
    assert _swatch_like(_blob((702, 65, 757, 78)), 11.0)
    assert not _swatch_like(_blob((702, 65, 757, 85)), 11.0)     # as long, but as tall as a bar's end


def test_a_word_around_a_swatch_is_the_swatch_read_as_letters():
    from pipeline.barchart.names import _covered
    sw = _blob((1273, 20, 1309, 32))
    assert _covered(_w("Mmm", 49, 1268, 13, 1310, 39), sw, 14.0)   # 40 % covered, but all around it
    assert not _covered(_w("HF", 55, 1325, 17, 1347, 31), sw, 14.0)
    assert not _covered(_w("Throughput", 90, 1250, 10, 1400, 40), sw, 14.0)


def test_legend_reread_replaces_unsure_cut_or_agreeing_page_words_only():
    from pipeline.barchart.names import _legend_reread
    # unsure page word, surer re-read: replaced, and the re-read counts as sure
    got = _legend_reread([_w("TGl", 27, 40, 24, 60, 34)], [[_w("TGI", 57, 40, 24, 60, 34)]])
    assert [(v.text, v.conf) for v in got] == [("TGI", 60.0)]
    # a sure page word cut short: the re-read holding all its letters and more wins
    got = _legend_reread([_w("SGLa", 89, 36, 42, 64, 50)], [[_w("SGLang", 87, 36, 42, 80, 50)]])
    assert [v.text for v in got] == ["SGLang"]
    # a sure page word against a surer misreading: the page word stays
    got = _legend_reread([_w("TGI", 70, 659, 39, 680, 48)], [[_w("Tal", 85, 659, 39, 680, 48)]])
    assert [(v.text, v.conf) for v in got] == [("TGI", 70)]
    # two unsure readings that agree make the name sure
    got = _legend_reread([_w("TensorRT-LLM", 49, 598, 14, 705, 26)], [[_w("TensorRT-LLM", 47, 598, 14, 705, 26)]])
    assert [(v.text, v.conf) for v in got] == [("TensorRT-LLM", 60.0)]
    # a re-read with no letter, or unsure (< 45), changes nothing
    page = [_w("vum", 49, 672, 8, 699, 24)]
    assert _legend_reread(page, [[_w("vulM", 31, 672, 8, 699, 24)]]) == page
    assert _legend_reread(page, [[_w("|", 87, 672, 8, 676, 24)]]) == page


def test_name_text_reads_a_bar_beside_letters_as_a_capital_i():
    from pipeline.barchart.names import _name_text
    assert _name_text("TG|") == "TGI"
    assert _name_text("|nfer") == "Infer"
    assert _name_text("a | b") == "a | b"
    assert _name_text("TG!") == "TGI" and _name_text("Wow!") == "Wow!"
    assert _name_text("FP8.") == "FP8" and _name_text("v0.6") == "v0.6"
    # an 'l' beside a digit among capitals is a one; among lowercase letters it stays
    assert _name_text("BFl6") == "BF16" and _name_text("MI300X") == "MI300X"
    assert _name_text("vLLM") == "vLLM" and _name_text("gpt-l2") == "gpt-l2"


def test_rules_are_cleared_from_a_legend_line_crop():
    from pipeline.barchart.names import _without_rules
    crop = np.full((24, 60), 255, np.uint8)
    crop[2, :] = 0          # the legend frame's top edge
    crop[:, 3] = 0          # its left edge
    crop[8:16, 20:22] = 0   # a glyph's stem
    out = _without_rules(crop)
    assert out[2, 30] == 255 and out[12, 3] == 255
    assert (out[8:16, 20:22] == 0).all()


def test_pale_ink_is_cleared_from_a_legend_line_crop_dark_glyphs_keep_their_rims():
    from pipeline.barchart.names import _without_pale
    crop = np.full((20, 60), 255, np.uint8)
    crop[5:15, 10:13] = 0        # a dark glyph ...
    crop[5:15, 13] = 170         # ... and its anti-aliased rim
    crop[5:15, 40:43] = 200      # a faint value label behind the legend's frame
    out = _without_pale(crop)
    assert (out[5:15, 10:13] == 0).all() and (out[5:15, 13] == 170).all()
    assert (out[5:15, 40:43] == 255).all()
    # A stroke a pixel wide falling between two columns ('ll' of 'prefill') is no paler.
    crop[5:15, 40:43] = 255
    crop[5:15, 16], crop[5:15, 17] = 109, 199
    out = _without_pale(crop)
    assert (out[5:15, 16] == 109).all() and (out[5:15, 17] == 199).all()
    # ... but such a stroke a space off the text is a swatch's or frame's edge
    crop[5:15, 16:18] = 255
    crop[5:15, 40], crop[5:15, 41] = 109, 199
    assert (_without_pale(crop)[5:15, 40:42] == 255).all()


def test_a_bar_seen_through_a_translucent_legend_frame_is_the_bar():
    from pipeline.barchart.layout import _seen_through
    white = (255, 255, 255)
    pale = tuple(int(round(0.2 * o + 0.8 * w)) for o, w in zip(ORANGE, white))   # framealpha 0.8
    assert _seen_through(pale, ORANGE, white, (0.35, 0.95), 10.0)
    assert not _seen_through(BLUE, ORANGE, white, (0.35, 0.95), 10.0)          # a stacked segment
    assert not _seen_through((247, 217, 203), BLUE, white, (0.35, 0.95), 10.0)  # pale, but not of blue
    assert not _seen_through(ORANGE, ORANGE, white, (0.35, 0.95), 10.0)        # the same colour: no layer


def test_a_swatch_standing_on_a_bar_is_cut_off_its_stack_and_the_pale_part_kept():
    from pipeline.barchart.layout import _under_legend
    white = (255, 255, 255)
    pale = tuple(int(round(0.2 * o + 0.8 * w)) for o, w in zip(ORANGE, white))
    img = np.full((200, 120, 3), 255, np.uint8)
    img[100:190, 20:80] = ORANGE          # the bar, below the legend
    img[60:100, 20:80] = pale             # the bar seen through the legend's frame
    img[50:60, 40:60] = BLUE              # a swatch on it, part of the frame's width
    bar = Bar(20, 80, 100.0, 189.0, ORANGE, 0, 0)
    under = Bar(20, 80, 60.0, 99.0, pale, 0, 1)
    swatch = Bar(20, 80, 50.0, 59.0, BLUE, 0, 2)    # the solid piece spans the bar's columns
    got = _under_legend(img, [[bar, under, swatch]], white, 10.0)
    assert len(got) == 1 and len(got[0]) == 1
    assert got[0][0].top == 60.0                      # the pale part is the bar's
    assert swatch.stack == -1                         # the swatch is loose


def test_legend_reread_agreeing_with_the_page_keeps_the_pages_marks():
    from pipeline.barchart.names import _legend_reread
    page = [_w("TensorRT-LLM", 52, 426, 484, 521, 495)]
    got = _legend_reread(page, [[_w("TensorRT", 78, 426, 484, 489, 495), _w("LLM", 94, 498, 484, 521, 495)]])
    assert [(v.text, v.conf) for v in got] == [("TensorRT-LLM", 78.0)]
    # the same text: the re-read's box stays (the page's took in the swatch)
    got = _legend_reread([_w("SGLang", 91, 95, 54, 165, 68)], [[_w("SGLang", 93, 106, 55, 165, 67)]])
    assert [(v.text, v.x0) for v in got] == [("SGLang", 106)]


def test_legend_reread_agreeing_with_the_page_takes_the_text_with_fewer_stray_glyphs():
    from pipeline.barchart.names import _legend_reread
    got = _legend_reread([_w("vLLM", 70, 300, 10, 330, 20)], [[_w("v\u00a5LLM", 80, 302, 10, 330, 20)]])
    assert [(v.text, v.x0) for v in got] == [("vLLM", 302)]
    got = _legend_reread([_w("v\u00a5LLM", 70, 300, 10, 330, 20)], [[_w("vLLM", 80, 302, 10, 330, 20)]])
    assert [(v.text, v.x0) for v in got] == [("vLLM", 302)]


def test_a_confirmed_reread_replaces_a_page_word_running_onto_its_swatch_only():
    from pipeline.barchart.names import LineRead, _legend_reread
    # set-14 h42 (plotly dark): the page read the pink swatch and 'TP=' as one junk word 'ir:'
    # and the '4' apart; the line read twice alike beside the swatch is the name.
    line = LineRead([_w("TP=4", 92, 1079, 201, 1114, 213)])
    line.confirmed, line.span, line.swatch = True, (1062, 1160), (1040, 196, 1058, 215)
    got = _legend_reread([_w("ir:", 59, 1040, 197, 1096, 214), _w("4,", 62, 1106, 201, 1114, 214)], [line])
    assert [v.text for v in got] == ["TP=4"]
    # a page word reaching past the crop on the far side from the swatch saw more than the crop
    line = LineRead([_w("TensorRT-LL", 90, 1079, 201, 1150, 213)])
    line.confirmed, line.span, line.swatch = True, (1062, 1152), (1040, 196, 1058, 215)
    page = [_w("TensorRT-LLM", 70, 1079, 201, 1160, 213)]
    assert _legend_reread(page, [line]) == page
    # bar seed-22 bar047: a piece of the 'g' ending 'SGLang' passed for a swatch; the line read
    # left of it, cut before the glyph, said 'SGLanc' twice: the page's word ending on the
    # piece stays
    line = LineRead([_w("SGLanc", 83, 1211, 87, 1288, 108)])
    line.confirmed, line.span, line.swatch = True, (1200, 1289), (1289, 92, 1292, 103)
    page = [_w("SGLang", 65, 1211, 87, 1292, 108)]
    assert _legend_reread(page, [line]) == page
    # bar seed-9 bar000 (JPEG): a sliver split off the swatch, its crop a few pixels high, read
    # 'i M' twice across the page's sure 'TensorRT-LLM': under half its letters, it gives way
    line = LineRead([_w("i", 69, 245, 58, 247, 70), _w("M", 81, 254, 58, 266, 70)])
    line.confirmed, line.span, line.swatch = True, (154, 400), (138, 56, 153, 60)
    page = [_w("TensorRT-LLM", 91, 159, 58, 266, 70)]
    assert _legend_reread(page, [line]) == page


def test_name_text_drops_a_bracket_closing_nothing_and_a_sign_before_the_name():
    from pipeline.barchart.names import _name_text
    # bar seed-41 bar024: the outline of a swatch standing on a bar read '(' and a '™'
    assert _name_text("(decode") == "decode" and _name_text("™SGLang") == "SGLang"
    assert _name_text("TP=8)") == "TP=8"
    assert _name_text("Llama (8B)") == "Llama (8B)" and _name_text("(a) base") == "(a) base"


def test_a_swatch_found_again_is_one_of_its_colour_under_another_piece():
    from pipeline.barchart.read import _covered_blob
    # bar seed-41 bar024: a legend box over an orange bar's end was one orange piece with it;
    # the blue swatches inside it are no orange swatch found twice.
    orange = _blob((1097, 487, 1138, 632), (217, 72, 51))
    assert not _covered_blob(_blob((1097, 593, 1140, 609), (107, 174, 214)), orange)
    assert _covered_blob(_blob((1097, 593, 1140, 609), (217, 72, 40)), orange)


def test_swatches_far_smaller_than_the_legends_alike_ones_are_dropped():
    from types import SimpleNamespace as NS
    from pipeline.barchart.read import _without_specks
    squares = [NS(blob=_blob((19 + 80 * k, 40, 29 + 80 * k, 50))) for k in range(3)]
    specks = [NS(blob=_blob((84, 381, 89, 385))), NS(blob=_blob((224, 381, 228, 384)))]
    assert _without_specks(squares + specks) == squares
    # a swatch clipped to half its height by the bar the legend stands on stays
    clipped = NS(blob=_blob((19, 60, 29, 65)))
    assert _without_specks(squares + [clipped]) == squares + [clipped]
    # with no two swatches alike there is nothing to measure against
    assert _without_specks(specks[:1] + squares[:1]) == specks[:1] + squares[:1]


def test_a_counter_of_a_value_label_on_a_bar_is_no_swatch():
    from pipeline.xychart.not_markers import in_sure_word
    # bar seed-41 bar024: the bar-blue hole of the '0' of '0.6x', printed in white on the bar
    hole = _blob((250, 137, 256, 145))
    label = _w("0.6x", 83, 250, 134, 285, 146)
    assert in_sure_word(hole, [label], min_conf=80, min_chars=3, letters_only=False)
    assert not in_sure_word(hole, [label])                     # XY's rule: four letters
    # a swatch OCR read as letters is most of its word, no part of one
    assert not in_sure_word(_blob((1040, 168, 1058, 186)), [_w("Mmm", 85, 1038, 166, 1060, 188)],
                            min_conf=80, min_chars=3, letters_only=False)


# -- outlined pale bars and annotations that are no value labels ---------------------------

def test_a_pale_fill_inside_an_outline_is_marked_but_the_page_and_white_holes_are_not():
    from pipeline import imageops
    from pipeline.marks.bars import outlined_fills
    img = np.full((60, 100, 3), 255, np.uint8)
    img[20:50, 10:30] = (160, 166, 172)        # outline of a light-grey bar
    img[22:48, 12:28] = (241, 243, 245)        # its fill, 14 off white: below the bar threshold
    img[20:50, 50:70] = (160, 166, 172)        # an outlined box filled with the page colour
    img[22:48, 52:68] = 255
    dist = imageops.color_distance(img, (255, 255, 255))
    marks = dist > 28
    got = outlined_fills(marks, dist, 8, 40, 4)
    assert got[22:48, 12:28].all()
    assert not got[22:48, 52:68].any()
    assert not got[:, :10].any() and got.sum() == 26 * 16
    # Wider than a bar may be: a panel, not a bar.
    assert not outlined_fills(marks, dist, 8, 10, 4).any()


def test_text_centred_over_the_gap_of_a_group_is_no_bars_label():
    from pipeline.barchart.value_labels import _over_gap, _phrase
    bars = [Bar(150, 240, 100.0, 200.0, BLUE), Bar(250, 340, 130.0, 200.0, ORANGE),
            Bar(400, 490, 150.0, 200.0, BLUE)]
    words = [_w("1.1x", 90, 190, 50, 225, 62), _w("faster", 90, 231, 50, 297, 62),
             _w("12.5", 90, 180, 80, 210, 92), _w("13.1", 90, 278, 110, 310, 122)]
    phrase = _phrase(words[0], words, 16)
    assert (phrase.x0, phrase.x1) == (190, 297)
    assert _over_gap(phrase, bars)
    # Each bar's own label is centred on it, and another number is never joined to it.
    assert (_phrase(words[2], words, 16).x0, _phrase(words[2], words, 16).x1) == (180, 210)
    assert not _over_gap(_phrase(words[2], words, 16), bars)
    assert not _over_gap(_phrase(words[3], words, 16), bars)
    # A wide label over a narrow bar reaches its neighbours but stays centred on its own bar.
    narrow = [Bar(100, 110, 50.0, 90.0, BLUE), Bar(112, 122, 60.0, 90.0, ORANGE), Bar(124, 134, 70.0, 90.0, BLUE)]
    assert not _over_gap(_w("40.8%", 90, 102, 30, 132, 40), narrow)


def test_a_reading_out_of_the_charts_format_gives_way_to_one_in_it():
    from pipeline.barchart.value_labels import _keep_format
    pools = {0: ([_w("4.3x")], 4.26, 0.15), 1: ([_w("5.3x")], 5.26, 0.15), 2: ([_w("2.4x")], 2.35, 0.15),
             3: ([_w("7.5m", 80)], 7.45, 0.15), 4: ([_w("4On", 70)], 3.97, 0.15),
             5: ([_w("2.34x", 90), _w("2.8x", 95)], 2.29, 0.15), 6: ([_w("9e", 60)], 9.08, 0.15)}
    out = {bi: cands[0] for bi, (cands, _, _) in pools.items()}
    got = {bi: v.text for bi, v in _keep_format(dict(out), pools).items()}
    assert got == {0: "4.3x", 1: "5.3x", 2: "2.4x", 3: "7.5x", 4: "4.0x", 5: "2.3x", 6: "9e"}
    # Integers: a speck read as a decimal goes; one label sets no format.
    pools = {0: ([_w("37")], 37.0, 1.0), 1: ([_w("25")], 25.0, 1.0), 2: ([_w("46")], 46.0, 1.0),
             3: ([_w("39.7")], 39.0, 1.0)}
    out = {bi: cands[0] for bi, (cands, _, _) in pools.items()}
    assert _keep_format(dict(out), pools)[3].text == "39"
    for k in (1, 2):
        del pools[k], out[k]
    assert _keep_format(dict(out), pools)[3].text == "39.7"


def test_evenly_spaced_ticks_get_evenly_stepped_round_values():
    from pipeline.axes import Tick
    from pipeline.barchart.value_axis import _even_ticks, _nice

    def t(p, text):
        return Tick(p, text, float(text.replace(",", "")))
    got = _even_ticks([t(427, "3000"), t(543, "4006"), t(659, "5060")])
    assert [(x.text, x.value) for x in got] == [("3000", 3000.0), ("4006", 4000.0), ("5060", 5000.0)]
    got = _even_ticks([t(49.5, "4,000"), t(161.5, "3,000"), t(272.5, "2,000"), t(384.5, "1,006"), t(495.5, "0")])
    assert [x.value for x in got] == [4000.0, 3000.0, 2000.0, 1000.0, 0.0]
    # Nothing to change; a missing label (a double pixel step); uneven pixels (a log axis);
    # a misread far off the step (no single digit's slip) is left to the fit.
    assert _even_ticks([t(0, "0"), t(100, "10"), t(200, "20")]) is None
    assert _even_ticks([t(0, "0"), t(100, "10"), t(300, "30")]) is None
    assert _even_ticks([t(0, "1"), t(100, "10"), t(200, "100")]) is None
    assert _even_ticks([t(0, "0"), t(100, "10"), t(200, "80")]) is None
    assert _nice(1030) == 1000 and _nice(24) == 25 and _nice(3.3) is None


def test_marks_touching_an_inside_crops_edge_are_cleared_but_a_label_clear_of_it_stays():
    from pipeline.barchart.value_labels import _without_border_ink
    d = np.zeros((20, 40), np.uint8)
    d[0:4, 36:40] = 200      # the page showing at a rounded corner
    d[6:14, 10:30] = 220     # the label
    got = _without_border_ink(d)
    assert got[0:4, 36:40].max() == 0 and (got[6:14, 10:30] == 220).all()
    # A label cut by the crop (everything touches the edge) is left as it is.
    d2 = np.zeros((20, 40), np.uint8)
    d2[0:14, 10:30] = 220
    assert (_without_border_ink(d2) == d2).all()
def test_ink_run_reaches_out_over_word_gaps_and_stops_at_a_wide_gap():
    ink = np.zeros((5, 60), bool)
    ink[:, 2:6] = True      # other text beyond a wide gap (an axis title)
    ink[:, 20:30] = True    # 'Llama', missed by the page pass
    ink[:, 33:40] = True    # '3.1' (a word gap of 3 columns)
    ink[:, 42:50] = True    # '70B'
    assert _ink_run_start(ink, 42, gap=5.0) == 20
    assert _ink_run_start(ink, 42, gap=2.0) == 33
    assert _ink_run_start(ink, 42, gap=20.0) == 2
    assert _ink_run_start(np.zeros((5, 10), bool), 9, gap=3.0) == 9


def test_text_gray_gain_keeps_grey_ink_grey_at_one():
    rgb = np.full((2, 2, 3), 255, np.uint8)
    rgb[0, 0] = (180, 180, 180)
    rgb[1, 1] = (100, 100, 100)
    hard = text_gray(rgb, (255, 255, 255))
    soft = text_gray(rgb, (255, 255, 255), gain=1.0)
    assert hard[0, 0] == 105 and hard[1, 1] == 0 and hard[0, 1] == 255
    assert soft[0, 0] == 180 and soft[1, 1] == 100 and soft[0, 1] == 255


def test_a_lone_rule_at_either_end_of_a_category_is_dropped():
    assert _without_stray_rules("Small test - 8XH100 - 70B |") == "Small test - 8XH100 - 70B"
    assert _without_stray_rules("| TP=2") == "TP=2"
    assert _without_stray_rules("a|b") == "a|b"
    assert _without_stray_rules("batch I") == "batch 1" and _without_stray_rules("Phase I") == "Phase I"
    # (bar seed-22 bar058: 'batch |' read at 96)
    assert _without_stray_rules("batch |") == "batch 1" and _without_stray_rules("Phase |") == "Phase"
    assert _without_stray_rules("|") == ""
    # a horizontal bar's tick mark read as a dash, and a '1' read 'l' after '=' (bar seed-29 bar022)
    assert _without_stray_rules("TP=l -") == "TP=1"
    assert _without_stray_rules("TP=I6") == "TP=16"
    assert _without_stray_rules("Small test - 8XH100") == "Small test - 8XH100"
    assert _without_stray_rules("a=lx") == "a=lx"
    # a sans-serif capital I read 'l' in a word of capitals (set-9 h03, plotly: 'TGl')
    assert _without_stray_rules("TGl") == "TGI" and _without_stray_rules("vLLM") == "vLLM"
    assert _without_stray_rules("Llama 3 70B") == "Llama 3 70B"


def test_axis_title_under_the_middle_label_is_dropped_a_wrapped_line_kept():
    slots = [(50, 276), (276, 500), (500, 724), (724, 949), (949, 1173)]   # centre 611.5
    first = [_w("MMLU", 93, 566, 876, 619, 891), _w("Pro", 97, 628, 876, 656, 891)]
    title = [_w("GPU", 96, 592, 901, 629, 915)]     # 1.9 text heights lower, on the centre
    assert [w.text for w in _without_axis_title([first, title], slots, 13.0)] == ["MMLU", "Pro"]
    # A wrapped label's second line sits closer (1.4 text heights): it stays.
    wrapped = [_w("V3", 45, 598, 894, 626, 912)]
    first2 = [_w("DeepSeek", 91, 580, 876, 645, 894)]
    assert [w.text for w in _without_axis_title([first2, wrapped], slots, 13.0)] == ["DeepSeek", "V3"]
    # Off the centre, a lower line is the label's own.
    off = [_w("GPU", 96, 330, 901, 367, 915)]
    head = [_w("MMLU", 93, 300, 876, 360, 891)]
    assert [w.text for w in _without_axis_title([head, off], slots, 13.0)] == ["MMLU", "GPU"]


def test_axis_title_centred_on_the_axis_line_not_the_slots_is_dropped():
    from pipeline.barchart.categories import axis_centre
    # Three slots whose middle (407.75) lies 7 px left of the axis line's (415: the plot's right
    # margin is the wider, as in bar seed-29 bar003); 'GPU' under 'HLE' is centred on the line.
    slots = [(113.0, 309.5), (309.5, 506.0), (506.0, 702.5)]
    dark = np.zeros((500, 800), bool)
    dark[400, 120:710] = True                                   # the axis line, middle 415
    dark[380:400, 150:200] = True                               # a bar standing on it
    assert axis_centre(dark, 400.0, slots) == 415.0
    label = [_w("HLE", 90, 400, 410, 428, 422)]
    title = [_w("GPU", 95, 401, 431, 429, 443)]
    assert [w.text for w in _without_axis_title([label, title], slots, 12.0, True, (), 78.0)] == ["HLE", "GPU"]
    assert [w.text for w in _without_axis_title([label, title], slots, 12.0, True, (), 78.0, [415.0])] == ["HLE"]
    # No line along the baseline (bars on the page, gaps between them): no centre.
    gaps = np.zeros((500, 800), bool)
    gaps[400, 150:200] = gaps[400, 350:400] = gaps[400, 550:600] = True
    assert axis_centre(gaps, 400.0, slots) is None


def test_line_at_keeps_the_bars_own_label_line():
    from pipeline.barchart.value_labels import _line_at
    d = np.zeros((40, 30), np.uint8)
    d[0:3, 5:20] = 200        # cut-off glyphs of a neighbour's label at the edge
    d[8:17, 2:25] = 200       # the label on the bar's row
    d[25:34, 4:28] = 200      # the neighbour's label below
    got = _line_at(d, 12, 9.0)
    assert got[8:17].max() == 200 and got[:7].max() == 0 and got[18:].max() == 0
    # The row between lines, nearer the lower one: that one is kept.
    assert _line_at(d, 21, 9.0)[25:34].max() == 200 and _line_at(d, 21, 9.0)[8:17].max() == 0
    # No line near the row (farther than half a text height): left as it was.
    assert (_line_at(d, 39, 3.0) == d).all()
    # One line only: as it was.
    one = np.zeros((20, 10), np.uint8)
    one[5:12] = 200
    assert (_line_at(one, 0, 9.0) == one).all()


def test_edge_kept_restores_a_taller_neighbours_side_only():
    from pipeline.barchart.value_labels import _edge_kept
    d = np.zeros((20, 40), np.uint8)
    d[5:15, 18:24] = 200          # a glyph running over the neighbour's side (columns 20-23)
    d[:, 30:40] = 150             # the neighbour's colour, far from the page's
    cleared = np.zeros((20, 40), bool)
    cleared[:, 18:24] = True      # the taller neighbour's side, cleared over the whole crop
    cleared[12:, 2:6] = True      # a shorter bar's side, in the crop's lower part only
    bar_d = [np.where(np.arange(40)[None, :] >= 20, 0, 150).repeat(20, 0).astype(np.uint8)]
    bar_d[0][5:15, 18:24] = 200   # the glyph differs from the bar's colour too
    d[12:, 2:6] = 90
    out = _edge_kept(d, cleared, bar_d)
    # The glyph over the full-height side stays; the partial side stays cleared.
    assert (out[5:15, 18:24] == 200).all()
    assert out[12:, 2:6].max() == 0
    # Off the glyph, the side's pixels take the nearest surface: the bar (0) or the page (d).
    assert out[0, 21] == 0 and out[0, 18] == 0
    # The side's line itself, inked over the whole crop however faintly, stays cleared.
    d3, bar3 = d.copy(), [b.copy() for b in bar_d]
    d3[:, 19] = 60
    bar3[0][:, 19] = 60
    d3[5:15, 19] = 200
    bar3[0][5:15, 19] = 200
    out3 = _edge_kept(d3, cleared, bar3)
    assert out3[:, 19].max() == 0 and (out3[5:15, 18] == 200).all()
    # Without a full-height side, everything cleared stays cleared.
    cleared2 = cleared.copy()
    cleared2[0, :] = False
    assert _edge_kept(d, cleared2, bar_d)[5:15, 18:24].max() == 0


def test_edge_kept_restores_a_longer_horizontal_neighbours_side_along_the_label():
    from pipeline.barchart.value_labels import _edge_kept
    d = np.zeros((30, 40), np.uint8)
    d[8:18, 10:30] = 200          # a label whose upper rows run along the neighbour's side
    d[:6] = 150                   # the longer neighbour above, far from the page's colour
    cleared = np.zeros((30, 40), bool)
    cleared[4:12, :] = True       # its side (dilated), cleared across the whole crop
    bar_d = [np.zeros((30, 40), np.uint8) + 150]
    bar_d[0][:6] = 0
    bar_d[0][8:18, 10:30] = 200
    out = _edge_kept(d, cleared, bar_d)
    assert (out[8:18, 10:30] == 200).all()
    assert out[4:6].max() == 0 and out[6:8].max() == 0


def test_inside_box_of_a_thin_bar_takes_its_whole_width():
    from pipeline.barchart.value_labels import _label_boxes
    thin = Bar(100, 113, 50.0, 400.0, BLUE)          # 13 px across, labels 10 px high
    assert _label_boxes(thin, 10.0, True)["inside"][0::2] == (100, 113)
    wide = Bar(100, 130, 50.0, 400.0, BLUE)
    assert _label_boxes(wide, 10.0, True)["inside"][0::2] == (102, 128)


def test_as_label_drops_a_lone_bar_side_at_either_end():
    from pipeline.barchart.value_labels import _as_label
    assert _as_label([_w("0.5k", 80, 0, 0, 20, 10), _w("|", 94, 40, 0, 42, 12)], 12.0).text == "0.5k"
    assert _as_label([_w("|", 94, 0, 0, 2, 12), _w("2.1x", 86, 10, 0, 30, 10)], 12.0).text == "2.1x"
    # A '|' alone stays what it is (no label), and one inside the line is not dropped.
    assert _as_label([_w("|", 94)], 12.0) is None
    assert _as_label([_w("1", 90, 0, 0, 5, 10), _w("|", 90, 6, 0, 8, 10), _w("5", 90, 9, 0, 14, 10)], 12.0) is None


def test_lead_one_variant_is_taken_only_when_it_agrees():
    from pipeline.barchart.value_labels import _agreeing_lead_one, _lead_one_variants
    assert _lead_one_variants("3,187") == ["13,187"]
    assert _lead_one_variants("~2.2x") == ["~12.2x"]
    assert _lead_one_variants("OOM") == []
    # '3,187' under a bar 13,400 long (+- 550): '13,187'; '402' under an 18,587 bar: nothing.
    assert [v.text for v in _agreeing_lead_one([_w("3,187"), _w("OOM")], 13400.0, 550.0)] == ["13,187"]
    assert _agreeing_lead_one([_w("402")], 18587.0, 550.0) == []
    # Chosen over the reading it came from, which disagrees.
    cands = [_w("3,187", 96)] + _agreeing_lead_one([_w("3,187", 96)], 13400.0, 550.0)
    assert _choose_label(cands, 13400.0, 550.0).text == "13,187"


def test_a_faint_line_across_a_label_crop_is_cleared_the_glyph_kept():
    from pipeline.barchart.value_labels import _without_lines
    d = np.zeros((40, 80), np.uint8)
    d[14:23, 30:34] = 114    # a blurred label's stroke
    d[:, 79] = 46            # a blurred bar side: below half the glyph's contrast
    d[37, :] = 40            # a pale separator from side to side
    out = _without_lines(d, 17.0)
    assert out[:, 79].max() == 0 and out[37, :].max() == 0
    assert (out[14:23, 30:34] == 114).all()


def test_a_misread_digit_is_put_right_by_the_line_of_the_other_labels():
    from pipeline.barchart.value_labels import _on_the_line
    # Labels read 0.4 below what their lengths give (a baseline two pixels off): the line.
    pools = {0: ([_w("70.5%")], 70.87, 1.5), 1: ([_w("23.2%"), _w("22%")], 29.58, 1.5),
             2: ([_w("32.8%")], 33.29, 1.5), 3: ([_w("73.3%")], 75.68, 1.5),
             4: ([_w("28.5%")], 28.93, 1.5), 5: ([_w("65.7%")], 66.06, 1.5)}
    out = {bi: cands[0] for bi, (cands, _, _) in pools.items()}
    got = {bi: v.text for bi, v in _on_the_line(dict(out), pools, 0.22).items()}
    # '29.2%' in the chart's format, not '29%'; '75.3%': 3 and 5 are twins in shape.
    assert got == {0: "70.5%", 1: "29.2%", 2: "32.8%", 3: "75.3%", 4: "28.5%", 5: "65.7%"}
    # Without the axis's scale, or with too few labels on the line, nothing changes.
    assert _on_the_line(dict(out), pools, None) == out
    few = {bi: pools[bi] for bi in (0, 1, 2, 3)}
    assert _on_the_line({bi: out[bi] for bi in few}, few, 0.22)[1].text == "23.2%"
    # A digit worth less than the line's width leaves many values: the reading stays.
    pools[1] = ([_w("29.7%")], 29.58, 0.01)
    assert _on_the_line({**out, 1: _w("29.7%")}, pools, 2.0)[1].text == "29.7%"


def test_each_level_of_a_stack_draws_its_own_line():
    from pipeline.barchart.value_labels import _on_the_line
    # Bar seed-43 bar040's readings: bottom segments read 5-8 below their lengths, middle
    # ones 1-7 above, top ones 5-9 below (7.4 units a pixel); '302' printed '502' at 493.
    rows = [(0, "508", 514.1), (0, "1,261", 1267.4), (0, "617", 624.8), (0, "1,240", 1245.2),
            (0, "1,048", 1053.2), (1, "1,522", 1519.5), (1, "367", 360.0), (1, "302", 493.0),
            (1, "303", 300.9), (1, "922", 921.3), (1, "874", 869.6), (2, "1,381", 1386.6),
            (2, "303", 308.3), (2, "677", 685.0), (2, "206", 212.3), (2, "1,090", 1098.6)]
    pools = {bi: ([_w(t)], want, 30.4) for bi, (_, t, want) in enumerate(rows)}
    out = {bi: cands[0] for bi, (cands, _, _) in pools.items()}
    levels = [lv for lv, _, _ in rows]
    assert _on_the_line(dict(out), pools, 7.39, levels)[7].text == "502"
    # One line for the whole stack lies 5 below the middle level's: '502' is off it.
    assert _on_the_line(dict(out), pools, 7.39)[7].text == "302"


def test_white_text_on_a_pale_fill_is_text_the_fills_grain_is_not():
    from pipeline.barchart.value_labels import _binarised, _faint
    rng = np.random.default_rng(0)
    d = rng.integers(0, 7, (30, 80)).astype(np.uint8)   # the fill's grain
    assert _faint(d)
    d[10:20, 30:33] = 54    # a blurred white stroke on light yellow: at most 76 away
    assert not _faint(d)
    img = _binarised(d, 3.0)
    assert img is not None and (img[32:58, 92:97] == 0).all() and (img[:20] == 255).all()
    # On a grainy fill (JPEG) the same stroke is no surer than the grain.
    g = rng.integers(0, 20, (30, 80)).astype(np.uint8)
    g[10:20, 30:33] = 54
    assert _faint(g)


def test_a_touching_neighbours_label_is_cut_at_the_mirror_of_the_bars_own():
    from pipeline.barchart.value_labels import _centred_on
    d = np.zeros((24, 120), np.uint8)
    for x in range(46, 76, 6):       # the bar's label, centred on column 60: five glyphs
        d[6:18, x:x + 4] = 200
    for x in range(14, 46, 6):       # the neighbour's, running into it from the left
        d[4:16, x:x + 4] = 200
    out = _centred_on(d, 60.0, 12.0)
    assert out[:, :43].max() == 0 and (out[6:18, 46:50] == 200).all() and (out[6:18, 70:74] == 200).all()
    # A label standing alone, or off by less than half a text height, is kept whole.
    e = np.zeros_like(d)
    e[6:18, 46:75] = 200
    assert (_centred_on(e, 63.0, 12.0) == e).all()


def test_a_bracket_is_a_one_whose_foot_ran_into_an_outline():
    from pipeline.barchart.value_labels import _DIGIT_LOOKALIKES
    assert "3,65]".translate(_DIGIT_LOOKALIKES) == "3,651" and "[2.4".translate(_DIGIT_LOOKALIKES) == "12.4"


def test_without_an_axis_the_labels_draw_the_scale_a_lost_point_falls_off_it():
    from pipeline.barchart.value_axis import _label_scale
    base = 400.0
    # Bars 4 px per unit; the labels '25.0' '40.0' '10.0' and '125' (12.5 without its point).
    tops = [base + 0.5 - 4 * v for v in (25.0, 40.0, 10.0, 12.5)]
    segs = [Bar(20 * i, 20 * i + 15, t, base, BLUE, i, 0) for i, t in enumerate(tops)]
    labels = {0: _w("25.0"), 1: _w("40.0"), 2: _w("10.0"), 3: _w("125")}
    values, per_px = _label_scale(segs, labels, base, 10.0)
    assert per_px == pytest.approx(0.25) and values[3] == pytest.approx(12.5)
    # Two labels draw no line.
    assert _label_scale(segs, {0: labels[0], 3: labels[3]}, base, 10.0) is None


def test_a_printed_zero_agrees_with_no_bar_of_some_length():
    from pipeline.barchart.value_labels import _agrees
    # '0k' rounds anything under 500, yet a bar 314 long is no zero: '0.3k' lost its point.
    assert not _agrees(_w("0k"), 314.0, 40.0)
    assert _agrees(_w("0.3k"), 314.0, 40.0) and _agrees(_w("0"), 0.2, 0.5)



def test_no_value_marker_labels_no_drawn_bar():
    from pipeline.barchart.value_labels import _assign_labels
    frame = Frame(300, 300, False)
    bar = Bar(100, 140, 50.0, 250.0, BLUE)
    # The tick-mark dash at the bar's foot would sit 'inside' it, nearer than the value above.
    words = [_w("\u2014", 54, 117, 247, 124, 250), _w("7.1k", 88, 110, 38, 130, 47)]
    assert _assign_labels(words, [bar], frame, 9.0) == {0: 1}

def test_short_rotated_labels_vote_for_their_angle():
    # Three four-letter labels turned 30 degrees: smeared, each is under 2.5 times as long as
    # thick (seed-9 bar012's 'A100' and 'H200' beside one 'DeepSeek V3'), yet they are turned.
    band = np.zeros((160, 460), np.uint8)
    for i in range(3):
        word = np.zeros((100, 140), np.uint8)
        cv2.putText(word, "A100", (30, 58), cv2.FONT_HERSHEY_SIMPLEX, 0.55, 255, 2)
        m = cv2.getRotationMatrix2D((70, 50), 30.0, 1.0)
        band[20:120, 10 + 140 * i:150 + 140 * i] |= cv2.warpAffine(word, m, (140, 100))
    angle, _ = _label_angle(band > 0, 15)
    assert angle == pytest.approx(-30.0, abs=5)


def test_long_thin_tick_mark_is_cleared_from_the_axis_side():
    # A 6 px tick beside 7 px text (seed-9 bar003: read '4' after 'AIME'): beyond 0.8 text
    # heights, yet one stroke wide, so no glyph.
    u = np.full((30, 30), 255, np.uint8)
    u[0:2, :] = 0              # the axis line
    u[0:7, 14:15] = 0          # the tick
    u[9:16, 4:26] = 0          # the label
    got = _clear_axis_side(u, 0.0, 7.0)
    assert (got[0:8] == 255).all()
    assert (got[9:16, 4:26] == 0).all()
    # Ink as wide as a glyph there is the label itself, touching the axis: left alone.
    v = u.copy()
    v[0:7, 8:20] = 0
    assert (_clear_axis_side(v, 0.0, 7.0) == v).all()


def test_a_flat_word_is_no_category_glyph():
    from pipeline.barchart.categories import _category_texts
    frame = Frame(200, 200, False)
    words = [_w("AIME", 92, 40, 120, 70, 128), _w("4", 85, 52, 112, 57, 114)]
    got = _category_texts(words, frame, [(0.0, 100.0)], 104.0, 8.0, set())
    assert [v.text for v in got[0]] == ["AIME"]


def test_a_piece_narrowed_by_a_label_along_the_bar_joins_its_bar():
    from pipeline.marks.bars import merge_split_bars
    # Upright: the bar's base piece, then the piece beside the white label (narrower, sharing
    # the bar's left side), then its tip.
    pieces = [Bar(209, 226, 433.0, 854.0, BLUE), Bar(209, 221, 412.0, 430.0, BLUE), Bar(209, 226, 389.0, 400.0, BLUE)]
    got = merge_split_bars(pieces, 21.6)
    assert [(b.x0, b.x1, b.top, b.bottom) for b in got] == [(209, 226, 389.0, 854.0)]
    # A blob of the bar's colour centred over its end (a blurred label) stays apart.
    got = merge_split_bars([Bar(209, 226, 433.0, 854.0, BLUE), Bar(213, 222, 415.0, 428.0, BLUE)], 21.6)
    assert len(got) == 2


def test_a_zero_cut_at_the_top_reads_as_u():
    from pipeline.barchart.value_labels import _glyph_variants
    assert _glyph_variants("2U.5K") == ["20.5K"]


def test_a_thin_light_label_is_ink_in_its_slot():
    from pipeline.barchart.categories import _has_ink
    crop = np.full((20, 60), 235, np.uint8)
    crop[5:14, 10:40:3] = 140   # downscaled strokes: none under 128
    assert _has_ink(crop)
    noisy = (235 + np.random.default_rng(0).integers(-12, 12, (20, 60))).astype(np.uint8)
    assert not _has_ink(noisy)


def test_an_unsure_leading_mark_is_no_part_of_a_value_label():
    from pipeline.barchart.value_labels import _as_label
    # seed-9 bar008: a neighbour's bar corner read '-' at confidence 0 before '24.2'.
    got = _as_label([_w("-", 0, 2, 10, 8, 12), _w("24.2", 95, 14, 4, 40, 16)], 9.0)
    assert got.text == "24.2"
    # A sure minus sign stays.
    assert _as_label([_w("-", 90, 2, 10, 8, 12), _w("24.2", 95, 9, 4, 35, 16)], 9.0).text == "-24.2"


def test_the_dashes_of_dashed_gridlines_join_as_one_rule_and_far_pieces_stay_apart():
    from pipeline.marks.bars import merge_split_bars
    # Seed-33 syn054: a dashed vertical gridline is a column of dashes 10 px long, 4 px apart
    # (thousands of such pieces across a chart were joined pair by pair from the first again).
    dashes = [Bar(100, 103, 14.0 * k, 14.0 * k + 9, (150, 150, 150)) for k in range(60)]
    other = [Bar(300, 303, 14.0 * k, 14.0 * k + 9, (150, 150, 150)) for k in range(60)]
    got = merge_split_bars(dashes + other, 5.0)
    assert sorted((b.x0, b.top, b.bottom) for b in got) == [(100, 0.0, 835.0), (300, 0.0, 835.0)]


def test_a_blended_row_on_a_stacks_top_is_its_edge():
    from pipeline.barchart.layout import _under_legend
    rgb = np.full((300, 200, 3), 255, np.uint8)
    lower, upper = Bar(50, 110, 200.0, 280.0, BLUE), Bar(50, 110, 120.0, 199.0, ORANGE)
    rgb[200:281, 50:110], rgb[120:200, 50:110] = BLUE, ORANGE
    edge = Bar(50, 110, 117.0, 119.0, (241, 149, 95))     # JPEG-shifted blend of orange and white
    rgb[117:120, 50:110] = edge.color
    got = _under_legend(rgb, [[lower, upper, edge]], (255, 255, 255), 12.0)
    assert [[(c.top, c.color) for c in s] for s in got] == [[(200.0, BLUE), (120.0, ORANGE)]]
    # a segment of its own colour, as thin, stays
    red = Bar(50, 110, 117.0, 119.0, (200, 20, 20))
    rgb[117:120, 50:110] = red.color
    assert len(_under_legend(rgb, [[lower, upper, red]], (255, 255, 255), 12.0)[0]) == 3


def test_a_glyph_as_tall_as_the_text_beside_horizontal_bars_is_no_tick_mark():
    from pipeline.barchart.categories import _drop_tick_mark
    # 'TP=1 -' left of a horizontal bar: the page read 'TP:' and '1'; the tick mark is flat
    tp, one = Word("TP:", 96.0, 58, 299, 85, 312), Word("1", 72.0, 92, 299, 105, 312)
    ups = {id(tp): Word("TP:", 96.0, 299, 35, 312, 62), id(one): Word("1", 72.0, 299, 15, 312, 28)}
    assert _drop_tick_mark([tp, one], ups, 14.0, horizontal=True) == [tp, one]
    # under vertical bars a thin stem nearest the axis, clear of the label, is its tick mark
    stem, name = Word("I", 50.0, 100, 300, 103, 308), Word("Small", 90.0, 80, 312, 120, 326)
    ups = {id(stem): stem, id(name): name}
    assert _drop_tick_mark([stem, name], ups, 14.0) == [name]


# The ink of a level 'TP1' (plotly, 12 px) as the turned-label check thresholds it: the pale
# 'TP' leaves crumbs, the dark '1' stands whole.
_TP1_INK = """
#.......#.....##.....##..
.###.###...######..####..
...............#...####..
.................#...##..
.....................##..
...........#...##....##..
...............#.....##..
...........###.......##..
.....................##..
.....................##..
...................######"""


def test_short_level_words_leaning_in_their_glyphs_have_no_label_angle():
    # Four such labels, each smeared into a blob leaning 16 degrees, agreed on turning the
    # band, and 'TP1' … 'TP8' were read as 'ai', '~oh', 'oe'.
    word = np.array([[c == "#" for c in row] for row in _TP1_INK.strip().splitlines()])
    band = np.zeros((65, 782), bool)
    for i in range(4):
        band[7:7 + word.shape[0], 150 + 168 * i:150 + 168 * i + word.shape[1]] = word
    angle, _ = _label_angle(band, 12)
    assert angle is None
    # ... nor do the edges of a screenshot border crossing the band turn it: the level words
    # outvote them (seed-30 bar000, 'MMLU Pro', 'chat' read as nothing at -90 degrees).
    band[0:38, 43:47] = band[0:38, 700:704] = True
    angle, _ = _label_angle(band, 12)
    assert angle is None


def test_a_letter_for_a_one_among_numbered_categories_is_the_one():
    from pipeline.barchart.categories import ones_among_numbered
    assert ones_among_numbered(["TPL", "TP2", "TP4", "TP8"]) == ["TP1", "TP2", "TP4", "TP8"]
    assert ones_among_numbered(["batch l", "batch 2", "batch 4"])[0] == "batch 1"
    # no numbered siblings, or one only: names of letters stand
    assert ones_among_numbered(["TPL", "GPU", "CPU"]) == ["TPL", "GPU", "CPU"]
    assert ones_among_numbered(["TPL", "TP2", "vLLM"]) == ["TPL", "TP2", "vLLM"]


def test_a_slot_crop_starts_above_a_small_label_that_begins_before_it():
    # Bar seed-44 bar033: axis at row 42, 6 px labels from row 46; the slot's crop would begin
    # at row 47 (0.3 of a 12 px page text height past the axis) and cut their top row.
    up = np.full((80, 100), 255, np.uint8)
    up[40:43, :] = 60            # the axis line
    up[46:52, 30:50] = 120       # the label
    assert _label_start(up, (20, 60), 42.0, 47, 70.0) == 45
    # A label that begins past the start is left as it was.
    up2 = np.full((80, 100), 255, np.uint8)
    up2[40:43, :] = 60
    up2[50:56, 30:50] = 120
    assert _label_start(up2, (20, 60), 42.0, 47, 70.0) == 47
    # A tick mark joining the axis to the label leaves no blank row between them: no change.
    up3 = up.copy()
    up3[43:46, 39:41] = 60
    assert _label_start(up3, (20, 60), 42.0, 47, 70.0) == 47
