"""Bar charts on degraded and dark pages: the panel showing between bars, a value axis under a
horizontal chart, groups with a missing bar, and category labels on a page paler than the panel
that passed for it."""
import numpy as np

from pipeline.barchart.categories import _line_height, label_band_color
from pipeline.barchart.frame import Frame
from pipeline.barchart.layout import _groups, _runs_on_past_end
from pipeline.barchart.value_labels import _label_box
from pipeline.marks.bars import Bar

TEAL, PANEL, GRID = (141, 211, 199), (42, 42, 42), (62, 62, 62)


def _dark_panel():
    """A dark panel (42) with a gridline (62) at row 40, a teal bar from row 60 down."""
    img = np.full((200, 120, 3), PANEL, np.uint8)
    img[40] = GRID
    img[60:190, 10:50] = TEAL
    return img


def test_the_panel_between_bars_cut_at_a_gridline_is_no_bar():
    img = _dark_panel()
    # The panel between the bars, read against the darker page, ends at the gridline: its
    # colour goes on beyond it.
    gap = Bar(50, 110, 41.0, 189.0, PANEL)
    assert _runs_on_past_end(img, gap)
    # The bar ends where its colour does: the panel lies beyond its end.
    assert not _runs_on_past_end(img, Bar(10, 50, 60.0, 189.0, TEAL))


def test_a_pale_outlined_bar_on_a_white_page_is_a_bar():
    # vLLM's Kimi K3 chart: 'Non-spec' bars filled (240, 241, 243) with a grey outline on white,
    # 4.8 apart in Lab; taken for the panel, both were lost (and with them three audited quotes).
    img = np.full((200, 120, 3), 255, np.uint8)
    img[80:190, 10:50] = (240, 241, 243)
    img[79, 9:51] = img[80:190, 9] = img[80:190, 50] = (170, 175, 180)
    assert not _runs_on_past_end(img, Bar(10, 50, 80.0, 189.0, (240, 241, 243)))


def test_the_axis_line_under_a_horizontal_charts_labels_is_no_label():
    # Below the bars (labels' top edge faces them): a gridline's stub from the bars' side, the
    # axis line with tick marks across the whole strip, then four tick labels.
    ink = np.zeros((80, 900), bool)
    ink[0:10, 300] = True                      # gridline stub reaching the bars' side
    ink[20:22, 10:890] = True                  # axis line
    for x in (15, 300, 600, 880):
        ink[22:27, x] = True                   # tick marks
    for x in (12, 296, 596, 876):
        ink[36:48, x:x + 8] = True             # '0', '2', '4', '6'
    box = _label_box(ink, (0, 0, 900, 80), 12.0, "top")
    assert box is not None
    x0, y0, x1, y1 = box
    assert y0 >= 30 and y1 <= 54                # the labels' row, not the axis line's
    assert x0 <= 12 and x1 >= 884


def test_a_missing_bar_does_not_move_the_cut_between_groups():
    def bar(x0, x1, key):
        b = Bar(x0, x1, 50.0, 179.0, (0, 0, 0))
        b.key = key
        return [b]
    # Pairs of touching bars (60 px), 40 px between groups; the second group lacks its first
    # bar, which leaves a gap of 100 px before it.
    stacks = [bar(0, 60, 0), bar(60, 120, 1), bar(220, 280, 1), bar(320, 380, 0), bar(380, 440, 1)]
    groups = _groups(stacks, lambda s: s[0].key, 2)
    assert [[s[0].x0 for s in g] for g in groups] == [[0, 60], [220], [320, 380]]


def test_category_labels_are_read_against_the_page_around_a_grey_panel():
    # A grey panel (229) fills the image but a white margin where the labels stand, left of a
    # horizontal chart's axis (upright: beyond the baseline at row 60 of the 100 px wide image).
    img = np.full((200, 100, 3), 229, np.uint8)
    img[:, :38] = 255
    img[50:58, 5:30] = 120                     # a label
    frame = Frame(100, 200, True)
    band = label_band_color(img, frame, [(20.0, 100.0), (100.0, 180.0)], 60.0, 8.0, np.array([229, 229, 229]))
    assert tuple(int(v) for v in band) == (255, 255, 255)
    # Where the page around the labels is the colour taken for the page, that colour stays.
    img[:, :38] = 229
    page = np.array([229, 229, 229], np.uint8)
    assert label_band_color(img, frame, [(20.0, 100.0), (100.0, 180.0)], 60.0, 8.0, page) is page


def test_line_height_is_that_of_the_text_in_the_crop():
    crop = np.full((90, 40), 203, np.uint8)
    crop[40:47, 5:30] = 127                    # a 7 px label on a grey page
    assert _line_height(crop) == 7
    assert _line_height(np.full((90, 40), 203, np.uint8)) is None


def test_a_page_word_under_a_legend_words_box_is_legend_text():
    from pipeline.barchart.read import _same_text_box
    from pipeline.ocr import Word
    page = Word("queue", 80, 362, 650, 420, 664)
    reread = Word("queue", 95, 360, 648, 421, 666)         # the legend line read again
    assert _same_text_box(page, reread)
    assert not _same_text_box(page, Word("prompts", 90, 264, 612, 341, 637))


def test_a_crop_is_enlarged_for_its_own_text_only_when_much_smaller_than_the_pages():
    from pipeline.barchart.categories import _crop_scale
    crop = np.full((90, 40), 203, np.uint8)
    crop[40:47, 5:30] = 127                    # 7 px text where the page's is 20 px
    assert _crop_scale(crop, 20.0) == 4.0      # 30 / 7, at most 4
    crop[40:50, 5:30] = 127                    # 10 px text on a page of 12 px: the page's height
    assert _crop_scale(crop, 12.0) == 2.5


def test_a_lost_point_and_zeros_are_put_back_in_the_charts_format():
    from pipeline.barchart.value_labels import _keep_format, _zero_padded
    from pipeline.ocr import Word
    assert _zero_padded("40%", (1, "%")) == "40.0%"
    assert _zero_padded("4.1x", (2, "x")) == "4.10x"
    # A garbled ending, letters, or a reading in the format already: nothing to put back.
    assert _zero_padded("9e", (1, "x")) is None and _zero_padded("N/A", (1, "%")) is None
    assert _zero_padded("39.5%", (1, "%")) is None

    def w(t, conf=90):
        return Word(t, conf, 0, 0, 10, 10)
    pools = {0: ([w("90.1%")], 90.3, 1.9), 1: ([w("40%")], 40.1, 1.9), 2: ([w("23.4%")], 23.6, 1.9),
             3: ([w("2%", 95), w("2.2%", 80)], 2.1, 1.9), 4: ([w("79.7%")], 80.0, 1.9)}
    out = {0: w("90.1%"), 1: w("40%"), 2: w("23.4%"), 3: w("2%", 95), 4: w("79.7%")}
    got = {bi: v.text for bi, v in _keep_format(out, pools).items()}
    # The padded reading only where no reading of the bar keeps its digits in the format.
    assert got == {0: "90.1%", 1: "40.0%", 2: "23.4%", 3: "2.2%", 4: "79.7%"}
