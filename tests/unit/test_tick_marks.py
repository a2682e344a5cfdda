"""Tick marks caught in a tick label's box: found and cut off, while a minus sign, a comma or a
unit suffix stays part of the number."""
import numpy as np

from pipeline.layout import _tick_stroke


def _glyph(a, x, y, w=8, h=14):
    a[y:y + h, x] = a[y:y + h, x + w - 1] = True
    a[y, x:x + w] = a[y + h - 1, x:x + w] = True


def test_y_tick_with_axis_line_right_of_label_is_cut():
    a = np.zeros((16, 40), bool)
    _glyph(a, 0, 1)
    _glyph(a, 11, 1)
    a[7:9, 26:38] = True          # the tick mark, across the middle
    a[:, 38:40] = True            # the axis line it hangs from
    assert _tick_stroke(a) == (0, 1, 19, 15)


def test_x_tick_above_label_is_cut():
    a = np.zeros((34, 30), bool)
    a[0:2, :] = True              # axis line
    a[2:10, 14:16] = True         # tick
    _glyph(a, 2, 18)
    _glyph(a, 14, 18)
    assert _tick_stroke(a) == (2, 18, 22, 32)


def test_minus_comma_and_suffix_stay():
    a = np.zeros((16, 40), bool)
    a[7:9, 0:6] = True            # minus sign, left of the digits
    _glyph(a, 8, 1)
    _glyph(a, 19, 1)
    a[13:16, 28:30] = True        # comma below the line's middle
    assert _tick_stroke(a) is None
    b = np.zeros((16, 30), bool)
    _glyph(b, 0, 1)
    b[3:15, 12] = b[3:15, 20] = True   # a 'k'-like glyph to the right: not flat
    b[8, 12:21] = True
    assert _tick_stroke(b) is None


def test_empty_word_box_has_no_tick_stroke():
    # A word box of no width (seed-9 bar046) once crashed cv2 and with it the whole run.
    assert _tick_stroke(np.zeros((4, 0), bool)) is None


def test_number_with_a_tick_read_as_letters_is_looked_at():
    from pipeline.layout import _numberish
    # '3k -' reads '3kt' or '2kr': no number, but a tick stroke may be what spoilt it.
    assert _numberish("3kt") and _numberish("2kr") and _numberish("20") and _numberish("1.5M")
    assert not _numberish("Throughput") and not _numberish("n=8") and not _numberish("a3")


def test_zeros_run_together_are_no_tick_mark():
    # Seed-25 bar003 (blurred '20000'): the four touching zeros, one component right of the
    # '2', were as long as three times their height; the label was cut to '2'.
    a = np.zeros((10, 32), bool)
    _glyph(a, 0, 2, w=6, h=6)
    for x in (9, 14, 19, 24):
        _glyph(a, x, 2, w=6, h=6)
    assert _tick_stroke(a) is None
