"""A labelled line whose dots are paler than the line (no marker of its colour is found): its
bends beside three or more point labels are its points (digitize._vertex_markers)."""
import cv2
import numpy as np

from pipeline.digitize import _vertex_markers
from pipeline.marks.lines import Trace
from pipeline.ocr import Word

_BENDS = [(40, 150), (90, 100), (160, 80), (260, 70)]


def _line():
    rgb = np.full((200, 300, 3), 255, np.uint8)
    cv2.polylines(rgb, [np.array(_BENDS, np.int32)], False, (215, 21, 92), 1, cv2.LINE_AA)
    return rgb, Trace((215, 21, 92), [(float(x), float(y)) for x, y in _BENDS], 220)


def _labels(n):
    return [Word(t, 90.0, x - 30, y - 18, x - 4, y - 8) for t, (x, y) in zip(["2048", "4096", "8192", "16384"][:n], _BENDS)]


def test_three_labels_at_the_bends_of_an_unmarked_line_make_its_points():
    rgb, trace = _line()
    got = _vertex_markers(_labels(3), [], [trace], rgb, (255, 255, 255), 1.0, 10.0)
    assert sorted((round(b.cx), round(b.cy)) for b in got) == sorted(_BENDS[:3])
    assert {b.color for b in got} == {(215, 21, 92)} and {b.shape for b in got} == {"line"}


def test_two_labels_beside_an_unmarked_line_make_no_points():
    # (a title's strokes traced as a line, or two numbers of a legend beside a line)
    rgb, trace = _line()
    assert _vertex_markers(_labels(2), [], [trace], rgb, (255, 255, 255), 1.0, 10.0) == []
