"""An axis left unread, or an x axis fitted to a row of point labels, has its margin read
again as a block: the lowest row of numbers is the x axis's."""
import cv2
import numpy as np

from pipeline import layout
from pipeline.axes import Tick, calibrate
from pipeline.layout import AxisFind
from pipeline.ocr import Word


def _w(text, x, y, w=30, h=10):
    return Word(text, 90.0, x, y, x + w, y + h)


def test_lowest_number_row_skips_the_title_and_takes_the_row_under_point_labels():
    words = [_w("8,192", 370, 450), _w("16,384", 580, 448), _w("32,768", 1010, 446),
             _w("500", 300, 640), _w("1000", 480, 641), _w("1500", 660, 639),
             _w("Time", 490, 660), _w("(ms)", 540, 660), _w("2", 600, 661)]
    row = layout.lowest_number_row(words)
    assert [v.text for v in row] == ["500", "1000", "1500"]


def test_lowest_number_row_needs_two_numbers_in_a_row():
    assert layout.lowest_number_row([_w("500", 300, 640), _w("Time", 490, 660), _w("7", 600, 700)]) == []
    assert layout.lowest_number_row([]) == []


def _axis(words, values):
    ticks = [Tick(v.cx, v.text, val, (v.x0, v.y0, v.x1, v.y1)) for v, val in zip(words, values)]
    return AxisFind(calibrate(ticks, tol_px=4.0, sign=1), words, "bottom")


def test_row_below_is_the_margin_of_the_numbers_under_the_axis_row():
    labels = [_w("8,192", 370, 450), _w("16,384", 590, 450), _w("32,768", 1026, 450)]
    x = _axis(labels, [8192, 16384, 32768])
    ticks = [_w("500", 300, 640), _w("1000", 480, 640), _w("1300", 660, 640)]
    reg = layout.row_below(labels + ticks, x, 12.0, 1100)
    assert reg == (0, 640 - 7.2, 1100, 650 + 7.2)
    # Nothing but the title under it: no margin to read again.
    assert layout.row_below(labels + [_w("Time", 490, 660), _w("(ms)", 540, 660)], x, 12.0, 1100) is None


def test_reread_margin_reads_blurred_small_x_labels_as_a_block():
    gray = np.full((60, 500, 3), 255, np.uint8)
    for k, text in enumerate(("0", "500", "1000", "1500", "2000")):
        cv2.putText(gray, text, (20 + 110 * k, 20), cv2.FONT_HERSHEY_SIMPLEX, 0.3, (120, 120, 120), 1, cv2.LINE_AA)
    cv2.putText(gray, "Latency (ms)", (200, 45), cv2.FONT_HERSHEY_SIMPLEX, 0.35, (120, 120, 120), 1, cv2.LINE_AA)
    gray = cv2.GaussianBlur(cv2.cvtColor(gray, cv2.COLOR_RGB2GRAY), (0, 0), 0.8)
    got = layout.reread_margin(gray, (0, 0, 500, 60), False, 3.0, False)
    assert [v.text for v in got][-3:] == ["1000", "1500", "2000"]
    assert all(v.cy < 30 for v in got)
