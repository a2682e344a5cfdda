"""Bars drawn one in front of another, and category labels under every other bar."""
import numpy as np
import pytest

from pipeline.barchart.categories import _below_label_row, _without_words
from pipeline.barchart.layout import _upright_bars
from pipeline.ocr import Word

BLUE, ORANGE = (31, 164, 255), (255, 178, 0)
WHITE = (255, 255, 255)


def _page():
    return np.full((200, 220, 3), 255, np.uint8)


# The strip of the bar behind: absorbed by the bar finder (narrow), or within columns whose
# median colour is the bar behind's, or (front bar over half its height) a piece of its own.
@pytest.mark.parametrize("shift,front_top", [(6, 130), (14, 130), (14, 90)])
def test_bar_behind_a_shifted_front_bar_stands_on_the_baseline(shift, front_top):
    img = _page()
    for x in (30, 120):
        img[40:180, x:x + 30] = BLUE                        # the bar behind, up to row 40
        img[front_top:180, x + shift:x + shift + 32] = ORANGE     # the front bar hides its lower part
    stacks, base, _ = _upright_bars(img, WHITE, 12.0, np.zeros(img.shape[:2], bool))
    assert base is not None and abs(base - 179) <= 1
    assert len(stacks) == 4 and all(len(s) == 1 for s in stacks)
    behind = [s[0] for s in stacks if s[0].color == BLUE]
    front = [s[0] for s in stacks if s[0].color == ORANGE]
    assert len(behind) == 2 and len(front) == 2
    for b in behind:
        assert abs(b.top - 40) <= 1 and abs(b.bottom - base) <= 1
    # Each keeps the columns its colour fills (the finder's opening takes a pixel or two).
    for got, want in zip(sorted((b.x0, b.x1) for b in behind), [(30, 60), (120, 150)]):
        assert abs(got[0] - want[0]) <= 2 and abs(got[1] - want[1]) <= 2
    for got, x in zip(sorted((b.x0, b.x1) for b in front), (30, 120)):
        assert abs(got[0] - (x + shift)) <= 2 and abs(got[1] - (x + shift + 32)) <= 2


def test_a_segment_resting_on_a_full_width_one_stays_stacked():
    img = _page()
    for x in (30, 120):
        img[40:130, x:x + 30] = BLUE
        img[130:180, x:x + 30] = ORANGE
    stacks, _, _ = _upright_bars(img, WHITE, 12.0, np.zeros(img.shape[:2], bool))
    assert len(stacks) == 2 and all(len(s) == 2 for s in stacks)
    assert all(s[0].color == ORANGE and s[1].color == BLUE for s in stacks)


def test_words_of_other_labels_are_painted_over_inside_the_box_only():
    g = np.zeros((40, 100), np.uint8)
    inside, outside = Word("14:00", 90, 0, 10, 30, 20), Word("x", 90, 80, 30, 90, 38)
    got = _without_words(g, [inside, outside], (20, 0, 60, 25))
    assert (got[9:21, 0:31] == 255).all() and (got[30:38, 80:90] == 0).all()
    assert (g == 0).all()  # the caller's array is left as it was
    assert _without_words(g, [outside], (20, 0, 60, 25)) is g


def _row(text, x, y0):
    return [[Word(text, 90, x, y0, x + 30, y0 + 12)]]


def test_a_line_below_the_one_line_labels_row_is_no_label():
    slots = [_row("12:00", 0, 100), [], _row("14:00", 80, 100), _row("Time", 120, 118),
             _row("16:00", 160, 101), _row("18:00", 240, 100)]
    ups = {id(w): w for k in slots for r in k for w in r}
    got = _below_label_row(slots, ups, 12.0)
    assert got[3] == [] and [bool(k) for k in got] == [True, False, True, False, True, True]


def test_wrapped_labels_keep_a_lower_line():
    slots = [_row("12:00", 0, 100), _row("14:00", 80, 100) + _row("long", 80, 116), _row("Time", 120, 118),
             _row("16:00", 160, 101), _row("18:00", 240, 100)]
    ups = {id(w): w for k in slots for r in k for w in r}
    assert _below_label_row(slots, ups, 12.0) == slots


def test_two_shades_of_one_bar_are_not_a_bar_behind_another():
    from pipeline.barchart.layout import _runs_down_beside
    from pipeline.marks.bars import Bar
    purple, shade = (117, 112, 179), (115, 112, 154)   # a bar, and its outline's blend on top
    img = _page()
    img[40:180, 30:60] = purple
    lower = Bar(30, 60, 50.0, 179.0, purple)
    assert not _runs_down_beside(img, Bar(30, 60, 40.0, 49.0, shade), lower, 179.0, 20.0)
    assert _runs_down_beside(img, Bar(30, 60, 40.0, 49.0, purple), Bar(30, 60, 50.0, 179.0, ORANGE), 179.0, 20.0)


def test_a_bar_cut_by_a_framed_box_over_it_goes_up_to_its_end_above_the_box():
    # A Vega legend in the plot's corner: a box of the panel's grey framed in white over the
    # feet of two bars. Each bar stood 17 px tall on the baseline; its end showed above the box.
    from pipeline.barchart.layout import _behind_a_box
    from pipeline.marks.bars import Bar
    grey, teal = (235, 235, 235), (23, 190, 207)
    img = np.full((600, 300, 3), grey, np.uint8)
    img[460:563, 100:160] = teal
    img[475:545, 90:290] = grey
    img[475, 90:290] = img[544, 90:290] = (255, 255, 255)
    foot = Bar(100, 160, 545.0, 563.0, teal, stack=0)
    end = Bar(100, 160, 460.0, 475.0, teal)
    stacks = [[foot]]
    _behind_a_box(img, stacks, [foot, end], grey)
    assert foot.top == 460.0 and end.stack == 0
    # with the page's colour between them and no frame, the piece above is left alone
    img[475, 90:290] = img[544, 90:290] = grey
    foot, end = Bar(100, 160, 545.0, 563.0, teal, stack=0), Bar(100, 160, 460.0, 475.0, teal)
    _behind_a_box(img, [[foot]], [foot, end], grey)
    assert foot.top == 545.0 and end.stack == -1


def test_a_tick_label_boxed_into_a_bar_blocks_only_the_labels_column():
    # '400}' (its tick mark and the first bar's edge read as a brace) was boxed from 60 to 174
    # px, 60 px into the bar beside it, whose end the block then hid: bs=1 read 364 for 397.
    from pipeline.barchart.frame import Frame
    from pipeline.barchart.layout import _block_mask
    ticks = [Word(t, 95.0, 61, y, 112, y + 30) for t, y in (("700", 73), ("600", 111), ("500", 137), ("300", 196))]
    ticks.append(Word("400}", 60.0, 60, 172, 174, 191))
    m = _block_mask((396, 605), Frame(605, 396, False), ticks, 30.0)
    assert m[180, 100] and m[180, 120] and not m[180, 130] and not m[180, 170]
    # labels right of the bars (a right-hand axis) are cut on their left edge alike
    right = [Word(v.text, v.conf, 605 - v.x1, v.y0, 605 - v.x0, v.y1) for v in ticks]
    m = _block_mask((396, 605), Frame(605, 396, False), right, 30.0)
    assert m[180, 500] and not m[180, 470] and not m[180, 440]


def test_a_piece_of_a_bar_inside_a_glyph_printed_on_it_is_no_swatch():
    # Set-18 h17 (plotly): the red counter of a white '0' of '21,650' on a red bar stood as a
    # swatch, read 're}' beside it: a second series took every bar from 'BF16'.
    from pipeline.barchart.read import _within_own_bar
    from pipeline.marks.markers import Blob
    red = (228, 26, 28)
    rgb = np.full((300, 300, 3), 255, np.uint8)
    rgb[50:290, 40:140] = red
    bar = Blob(90.0, 170.0, 24000, (40, 50, 140, 290), red, "square")
    rgb[100:112, 80:90] = 255            # a white '0', its red counter inside
    rgb[103:109, 83:87] = red
    counter = Blob(85.0, 106.0, 24, (83, 103, 87, 109), red, "square")
    assert _within_own_bar(counter, [bar], rgb, 12.0)
    # A legend box drawn over the bar: its swatch has the box's white round it.
    rgb[200:240, 60:130] = 255
    rgb[214:226, 66:78] = red
    swatch = Blob(72.0, 220.0, 144, (66, 214, 78, 226), red, "square")
    assert not _within_own_bar(swatch, [bar], rgb, 12.0)
