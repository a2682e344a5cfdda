"""Markers of a series hidden under another's where their values meet."""
import cv2
import numpy as np

from pipeline.marks.hidden import hidden_markers

ORANGE, BLUE = (255, 127, 14), (31, 119, 180)
XS = [100, 200, 300, 400, 500]
A = [400, 380, 300, 200, 100]
B = [400, 380, 350, 320, 290]      # meets A at its first two steps


def _chart(lines=True):
    rgb = np.full((480, 600, 3), 255, np.uint8)
    for ys, color in ((B, BLUE), (A, ORANGE)):      # A drawn last, over B
        pts = np.array(list(zip(XS, ys)), np.int32)
        if lines:
            cv2.polylines(rgb, [pts], False, color, 3)
        for x, y in pts:
            cv2.circle(rgb, (int(x), int(y)), 7, color, -1)
    return rgb


def _points():
    # what the marker finder sees: A's five markers, B's three uncovered ones
    xs = XS + XS[2:]
    ys = A + B[2:]
    series = ["A"] * 5 + ["B"] * 3
    colors = [ORANGE] * 5 + [BLUE] * 3
    return xs, ys, series, colors


def test_a_series_whose_line_runs_into_anothers_markers_has_its_own_there():
    xs, ys, series, colors = _points()
    got = hidden_markers(xs, ys, series, colors, _chart(), 7.0, 22.0)
    # B's line runs from its first visible marker into A's at x=200, and on under A's line to x=100
    assert sorted((series[i], xs[j]) for i, j in got) == [("B", 100), ("B", 200)]


def test_markers_without_a_line_to_them_are_no_hidden_ones():
    xs, ys, series, colors = _points()
    assert hidden_markers(xs, ys, series, colors, _chart(lines=False), 7.0, 22.0) == []
    # nor are uneven steps followed
    xs2 = XS + [300, 360, 500]
    assert hidden_markers(xs2, ys, series, colors, _chart(), 7.0, 22.0) == []
