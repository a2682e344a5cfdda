"""Tick-label margins: a dotted gridline does not chain the labels it passes into one line, and
only the lines an axis lost or rejected are read again, sharpened: where the axis's fit takes
three labels or more, only lines where a label of its steps is missing."""
import numpy as np

from pipeline import layout, textlines
from pipeline.axes import Tick, calibrate
from pipeline.layout import AxisFind
from pipeline.ocr import Word

TEXT_H = 9.0


def _glyph(ink, x, y, w=6, h=9):
    """A hollow box the size of a digit: drawn with strokes, as a character is."""
    ink[y:y + h, x:x + w] = True
    ink[y + 1:y + h - 1, x + 1:x + w - 1] = False


def _label(ink, x, y, n=3):
    for k in range(n):
        _glyph(ink, x + 8 * k, y)
    return (x, y, x + 8 * (n - 1) + 6, y + 9)


def test_a_dotted_gridline_does_not_chain_tick_labels_into_one_line():
    ink = np.zeros((200, 200), bool)
    boxes = [_label(ink, 10, y) for y in (20, 92, 160)]
    for y in (24, 96, 164):                   # a dotted gridline from each label's end...
        for x in range(36, 190, 4):
            ink[y:y + 2, x:x + 2] = True
    for y in range(24, 166, 4):               # ...and a vertical one crossing them, dot on dot
        ink[y:y + 2, 120:122] = True
    found = textlines.text_line_boxes(ink, TEXT_H, (0, 0, 200, 200), joined=True, marks_apart=True)
    assert sorted(found) == sorted(boxes)


def _x_axis(ink):
    """Labels '1', '10', '100' in a row, the '1' read 'i': an axis resting on '10' and '100'."""
    boxes = [_label(ink, x, 20, n) for x, n in ((10, 1), (80, 2), (150, 3))]
    words = [Word(t, 90.0, *b) for t, b in zip(("i", "10", "100"), boxes)]
    cal = calibrate([Tick((b[0] + b[2]) / 2, w.text, float(w.text), b) for w, b in zip(words[1:], boxes[1:])])
    return boxes, words, AxisFind(cal, words[1:], "bottom")


def test_the_lost_label_of_an_axis_resting_on_two_is_read_again(monkeypatch):
    ink = np.zeros((50, 200), bool)
    boxes, words, axis = _x_axis(ink)
    seen = []

    def fake(gray, box):
        seen.append(box)
        return [Word("1", 90.0, *box)]
    monkeypatch.setattr(layout, "reread_tick_box", fake)
    again = layout.reread_failed_ticks(None, ink, TEXT_H, (0, 0, 200, 50), words, axis)
    # Only the line read 'i': the lines of '10' and '100', which the fit took, are not read.
    assert seen == [boxes[0]]
    assert [v.text for v in again] == ["1"]


def test_an_axis_fitting_three_labels_is_not_read_again(monkeypatch):
    ink = np.zeros((50, 200), bool)
    boxes = [_label(ink, x, 20, 2) for x in (10, 80, 150)]
    words = [Word(t, 90.0, *b) for t, b in zip(("10", "20", "30"), boxes)]
    cal = calibrate([Tick((b[0] + b[2]) / 2, w.text, float(w.text), b) for w, b in zip(words, boxes)])
    assert len(cal.ticks) == 3 and not cal.rejected
    monkeypatch.setattr(layout, "reread_tick_box", lambda gray, box: [Word("1", 90.0, *box)])
    assert layout.reread_failed_ticks(None, ink, TEXT_H, (0, 0, 200, 50), words, AxisFind(cal, words, "bottom")) == []
    # An axis not found at all (a bar chart's category axis) is not read again either.
    assert layout.reread_failed_ticks(None, ink, TEXT_H, (0, 0, 200, 50), words, None) == []


def test_an_agreed_axis_has_only_lines_at_its_missing_steps_read_again(monkeypatch):
    # set-14 h45 (blurred): '40' and '35' over '30' ... '5' were read as a comma and nothing;
    # the plot box then stopped a step over '30', and the points above were lost.
    ink = np.zeros((300, 80), bool)
    boxes = {y: _label(ink, 30, y, 2) for y in (120, 170, 220, 270)}     # '30' ... '15', 50 px apart
    words = [Word(t, 90.0, *boxes[y]) for t, y in (("30", 120), ("25", 170), ("20", 220), ("15", 270))]
    cal = calibrate([Tick((w.y0 + w.y1) / 2, w.text, float(w.text), (w.x0, w.y0, w.x1, w.y1)) for w in words])
    axis = AxisFind(cal, words, "left")
    step_up = _label(ink, 30, 70, 2)          # where '35' stands
    off_step = _label(ink, 30, 95, 2)         # half a step off: no label of this axis
    out_of_column = _label(ink, 2, 20, 1)     # a step up, but left of the labels' column
    seen = []

    def fake(gray, box):
        seen.append(box)
        return [Word("35", 90.0, *box)]
    monkeypatch.setattr(layout, "reread_tick_box", fake)
    again = layout.reread_failed_ticks(None, ink, TEXT_H, (0, 0, 80, 300), [], axis)
    assert seen == [step_up] and [v.text for v in again] == ["35"]
    assert off_step not in seen and out_of_column not in seen
    # set-13 h24 (noisy): a '0' read '04' a step past '5k' is no label of that step
    monkeypatch.setattr(layout, "reread_tick_box", lambda gray, box: [Word("34", 90.0, *box)])
    assert layout.reread_failed_ticks(None, ink, TEXT_H, (0, 0, 80, 300), [], axis) == []


def test_tick_line_reread_takes_the_reading_two_variants_agree_on(monkeypatch):
    # Blurred '180': as one word it reads '10' at one enlargement, as a line '180' at both.
    answers = {(8, 30.0): ["10"], (7, 30.0): ["180"], (7, 20.0): ["180"], (8, 20.0): ["180"]}

    def fake(gray, box, isolated=False, height=30.0, psm=None, sharpen=False):
        return [Word(t, 90.0, 0, 0, 10, 8) for t in answers[(psm, height)]]
    monkeypatch.setattr(layout, "read_line_box", fake)
    assert [v.text for v in layout.reread_tick_box(None, (0, 0, 10, 8))] == ["180"]


def test_tick_line_reread_keeps_the_first_clean_number_when_none_agree(monkeypatch):
    answers = {(8, 30.0): ["4)"], (7, 30.0): [], (7, 20.0): ["140"], (8, 20.0): ["Mo"]}

    def fake(gray, box, isolated=False, height=30.0, psm=None, sharpen=False):
        return [Word(t, 90.0, 0, 0, 10, 8) for t in answers[(psm, height)]]
    monkeypatch.setattr(layout, "read_line_box", fake)
    assert [v.text for v in layout.reread_tick_box(None, (0, 0, 10, 8))] == ["140"]


def test_a_line_box_splits_into_its_pieces_at_blanks_as_wide_as_the_gap():
    ink = np.zeros((20, 60), bool)
    ink[5:15, 12:18] = True      # a rotated title's glyph
    ink[5:15, 23:26] = True      # a label's digit, 5 blank columns on
    ink[5:15, 28:31] = True      # and its next digit, 2 blank columns on
    assert layout.column_pieces(ink, (10, 3, 40, 17), 5) == [(12, 3, 18, 17), (23, 3, 31, 17)]
    assert layout.column_pieces(ink, (10, 3, 40, 17), 6) == []


def test_an_unread_x_axis_is_looked_for_from_half_a_line_above_the_lowest_y_label():
    # Seed-57 syn065: the lowest y label '20000' is centred on the x axis's line, and x labels
    # without tick marks hang a pixel under it: a margin starting at that label's centre cut
    # them in half, and the x axis went unread.
    ys = [(t, 71.5 + 95.5 * k) for k, t in enumerate(("70000", "60000", "50000", "40000", "30000", "20000"))]
    words = [Word(t, 96.0, 69, int(c - 5), 112, int(c + 6)) for t, c in ys]
    cal = calibrate([Tick(w.cy, w.text, float(w.text), (w.x0, w.y0, w.x1, w.y1)) for w in words])
    xreg, _ = layout.tick_regions(None, AxisFind(cal, words, "left"), 10.0, 998, 632, hanging=True)
    assert xreg[1] <= 550 - 1 and xreg[1] >= max(w.cy for w in words) - 10.0     # labels' tops at 550
    # the first look starts at the centre (a point label just over the axis is no tick line)
    assert layout.tick_regions(None, AxisFind(cal, words, "left"), 10.0, 998, 632)[0][1] == max(w.cy for w in words)
