"""Finding bars and their categories: a group of touching bars of unequal height, a stacked bar
with labels printed inside it, partial groups, narrow blobs, a stray 'axis' among the bars, and
bar colours to legend entries."""
import numpy as np
import pytest

from pipeline.barchart.frame import Frame
from pipeline.barchart.layout import _axis_among_bars, _groups, _join_partial_groups
from pipeline.marks.bars import Bar, drop_narrow_stacks, rectangles, solid_mask, stacks_on_baseline
from pipeline.ocr import Word

BLUE, ORANGE, GREEN, PURPLE = (31, 119, 180), (255, 127, 14), (44, 160, 44), (152, 142, 213)


def _pieces(img, k=3):
    marks = np.abs(img.astype(int) - 255).max(axis=2) > 28
    return rectangles(img, solid_mask(marks, k), k + 1)


def test_group_of_touching_bars_mostly_empty_above_is_found():
    # Three touching bars: one tall, two short. Their one component fills under half its box.
    img = np.full((300, 200, 3), 255, np.uint8)
    img[20:280, 40:70] = BLUE
    img[250:280, 70:100] = ORANGE
    img[260:280, 100:130] = GREEN
    stacks, base = stacks_on_baseline(_pieces(img), tol=2.0, min_len=10)
    assert base == pytest.approx(279, abs=1)
    assert [(s[0].x0, s[0].x1, s[0].color) for s in stacks] == [(40, 70, BLUE), (70, 100, ORANGE), (100, 130, GREEN)]
    assert [s[0].top for s in stacks] == pytest.approx([20, 250, 260], abs=1)


def test_text_inside_a_stacked_bar_does_not_cut_it_into_columns():
    # A stack of a blue segment (90 rows) under an orange one (100 rows), with white "text"
    # in the middle columns of the orange: there the columns' median colour flips to blue
    # (90 blue against 80 orange pixels), their mean colour moves little.
    img = np.full((300, 200, 3), 255, np.uint8)
    img[190:280, 40:120] = BLUE
    img[90:190, 40:120] = ORANGE
    img[130:150, 70:90] = 255         # "text" inside the orange segment
    stacks, _ = stacks_on_baseline(_pieces(img), tol=2.0, min_len=10)
    assert len(stacks) == 1
    assert [(c.x0, c.x1, c.color) for c in stacks[0]] == [(40, 120, BLUE), (40, 120, ORANGE)]


def test_narrow_stacks_are_dropped_and_the_rest_renumbered():
    stacks = [[Bar(0, 8, 160.0, 179.0, (170, 170, 170))]] + \
             [[Bar(20 + 60 * i, 70 + 60 * i, 60.0, 179.0, BLUE)] for i in range(3)]
    for k, s in enumerate(stacks):
        s[0].stack = k
    kept, dropped = drop_narrow_stacks(stacks)
    assert [s[0].x0 for s in kept] == [20, 80, 140]
    assert [s[0].stack for s in kept] == [0, 1, 2]
    assert len(dropped) == 1 and dropped[0].stack == -1


def _stack(x0, x1, key):
    b = Bar(x0, x1, 50.0, 179.0, (0, 0, 0))
    b.key = key
    return [b]


def test_a_group_with_its_middle_bar_missing_stays_one_group():
    # Groups of three 20-px bars, 40 px apart; the second group lacks its middle bar, whose
    # 20-px gap is as wide as no gap inside a group and the cut between groups falls below it.
    stacks = [_stack(10, 30, 0), _stack(30, 50, 1), _stack(50, 70, 2),
              _stack(110, 130, 0), _stack(150, 170, 2),
              _stack(210, 230, 0), _stack(230, 250, 1), _stack(250, 270, 2)]
    groups = _groups(stacks, lambda s: s[0].key, 3)
    assert [[s[0].x0 for s in g] for g in groups] == [[10, 30, 50], [110, 150], [210, 230, 250]]


def test_partial_groups_are_not_joined_across_categories():
    # Series 0 alone in one group and series 2 alone in the next: their starts differ by a
    # group pitch, so they stay apart.
    full = [_stack(10, 30, 0), _stack(30, 50, 1), _stack(50, 70, 2)]
    groups = [full, [_stack(110, 130, 0)], [_stack(250, 270, 2)]]
    got = _join_partial_groups(groups, lambda s: s[0].key, 20.0)
    assert len(got) == 3


def test_axis_labels_among_the_bars_are_no_value_axis():
    class Axis:
        def __init__(self, words):
            self.words = words
    frame = Frame(400, 300, False)
    stacks = [[Bar(50 + 80 * i, 90 + 80 * i, 60.0, 250.0, BLUE)] for i in range(4)]
    inside = Axis([Word("2", 90, 100, 200, 108, 210), Word("18", 90, 200, 200, 216, 210)])
    beside = Axis([Word("0", 90, 20, 245, 30, 255), Word("50", 90, 14, 100, 30, 110)])
    assert _axis_among_bars(inside, frame, stacks)
    assert not _axis_among_bars(beside, frame, stacks)


def test_value_axis_labels_are_found_beside_the_bars_without_the_axis_title():
    from pipeline.barchart.value_labels import _label_box
    ink = np.zeros((300, 120), bool)
    ink[20:260, 5:12] = True            # a rotated axis title: taller than a line of text
    for y in (40, 100, 160, 220):       # four tick labels right-aligned at x = 70
        ink[y:y + 10, 46:70] = True
    ink[245:255, 62:70] = True          # '0': narrower, aligned at the same edge
    ink[:, 80] = True                   # the axis line
    box = _label_box(ink, (0, 0, 80, 300), 10.0, "right")
    assert box is not None
    x0, y0, x1, y1 = box
    assert 40 <= x0 <= 46 and 70 <= x1 <= 76      # the labels' column, not the title's
    assert y0 <= 40 and y1 >= 255


def test_a_stack_holds_each_series_once():
    from pipeline.barchart.layout import _merge_same_series
    low, high = Bar(10, 40, 120.0, 179.0, ORANGE), Bar(10, 40, 100.0, 113.0, (230, 110, 20))
    other = Bar(10, 40, 80.0, 99.0, BLUE)
    series = {id(low): 1, id(high): 1, id(other): 0}
    got = _merge_same_series([[low, high, other]], series)
    assert len(got[0]) == 2
    assert (got[0][0].top, got[0][0].bottom) == (100.0, 179.0)
    assert [c.level for c in got[0]] == [0, 1]


def _word_image(text, px=20, family="DejaVu Sans"):
    from PIL import Image, ImageDraw, ImageFont
    from pipeline.corpus import styles as S
    ff = S.font_files()[family]["regular"]
    im = Image.new("L", (200, 60), 255)
    ImageDraw.Draw(im).text((10, 10), text, font=ImageFont.truetype(ff, px), fill=0)
    a = np.array(im)
    ys, xs = np.nonzero(a < 128)
    return a, Word(text, 90, int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1)


def test_a_model_size_b_read_as_8_is_put_back_and_a_real_8_is_not():
    from pipeline.barchart.categories import _unit_b_word
    img, v = _word_image("2.7B")
    assert _unit_b_word(img, Word("2.78", 90, v.x0, v.y0, v.x1, v.y1)).text == "2.7B"
    img, v = _word_image("128")
    assert _unit_b_word(img, Word("128", 90, v.x0, v.y0, v.x1, v.y1)).text == "128"
    img, v = _word_image("2.78")
    assert _unit_b_word(img, Word("2.78", 90, v.x0, v.y0, v.x1, v.y1)).text == "2.78"


@pytest.mark.parametrize("family,px", [("DejaVu Serif", 12), ("DejaVu Serif", 14), ("Liberation Serif", 14)])
def test_a_serif_b_read_as_8_is_put_back(family, px):
    # A serif 'B' reaches further left at its top and bottom than along its stem, and its thin
    # joins to the bowls are grey: measured half way to the darkest, the bowls passed for the glyph.
    from pipeline.barchart.categories import _unit_b_word
    for word, read in (("1.3B", "1.38"), ("70B", "708"), ("128", "128"), ("3.8", "3.8")):
        img, v = _word_image(word, px, family)
        assert _unit_b_word(img, Word(read, 90, v.x0, v.y0, v.x1, v.y1)).text == word


def test_category_words_are_checked_against_their_glyphs():
    from pipeline.barchart.categories import _checked_words
    img, v = _word_image("Llama", 16)
    assert [w.text for w in _checked_words(img, [Word("Liama", 90, v.x0, v.y0, v.x1, v.y1)], 12.0)] == ["Llama"]
    img, v = _word_image("Mixtral", 16)
    assert [w.text for w in _checked_words(img, [Word("Mixtral", 90, v.x0, v.y0, v.x1, v.y1)], 12.0)] == ["Mixtral"]
    # a blurred '8' inked lightly loses its holes: no check that counts them is made here
    import cv2
    img, v = _word_image("8", 12)
    img = cv2.GaussianBlur(img, (0, 0), 1.0)
    assert [w.text for w in _checked_words(img, [Word("8", 90, v.x0, v.y0, v.x1, v.y1)], 9.0)] == ["8"]


def test_a_group_missing_a_bar_has_the_slot_of_a_whole_group():
    # Bar seed-38 bar031: the last group's second bar is 'N/A'; its slot, centred on the one bar
    # present, put the label 'TP=8' (centred on the whole group) at the slot's edge.
    from pipeline.barchart.layout import _slots
    blue, orange = (70, 110, 180), (220, 130, 80)
    groups = [[[Bar(100 + 300 * i, 160 + 300 * i, 50.0, 300.0, blue)],
               [Bar(160 + 300 * i, 220 + 300 * i, 80.0, 300.0, orange)]] for i in range(2)]
    groups.append([[Bar(700, 760, 120.0, 300.0, blue)]])
    key = lambda s: s[0].color  # noqa: E731
    slots = _slots(groups, key)
    # Halfway from the group before, on as far past the whole group's end as that gap.
    assert slots[2] == pytest.approx((610.0, 910.0))
    assert (slots[2][0] + slots[2][1]) / 2 == pytest.approx(760.0)     # the whole group's middle
    # Without the series, the slot's middle falls short of the label's (760).
    assert (sum(_slots(groups)[2]) / 2) == pytest.approx(745.0)
    # The first bar missing, the group stands where its second bar says.
    groups[2] = [[Bar(760, 820, 120.0, 300.0, orange)]]
    assert _slots(groups, key)[2] == pytest.approx((610.0, 910.0))


def test_bars_inside_a_grey_figure_do_not_stand_on_its_margin():
    # Set-22 h02 (matplotlib 'grayscale'): against the white plot, the grey figure round it was
    # marks too, joined to the bars through the bottom spine; the margin under the plot was the
    # "baseline" and one stack held everything.
    from pipeline.barchart.layout import _upright_bars
    rgb = np.full((600, 900, 3), 191, np.uint8)
    rgb[30:540, 80:880] = 255
    rgb[538:541, 80:880] = 0
    for x0, top in ((150, 200), (400, 120), (650, 300)):
        rgb[top:538, x0:x0 + 150] = BLUE
    block = np.zeros(rgb.shape[:2], bool)
    stacks, base, _ = _upright_bars(rgb, np.array([255, 255, 255], np.uint8), 10.0, block,
                                    np.array([191, 191, 191], np.uint8))
    assert base == pytest.approx(538, abs=3)
    assert [(s[0].x0, int(s[-1].top)) for s in stacks] == [(150, 200), (400, 120), (650, 300)]
