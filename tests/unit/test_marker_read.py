"""A one-glyph word on a data marker: the marker read as text, or a label printed inside it."""
import cv2
import numpy as np

from pipeline.digitize import _marker_read
from pipeline.extraction import Point
from pipeline.ocr import Word

ORANGE, BLUE, WHITE = (230, 120, 40), (40, 90, 200), (255, 255, 255)


def _page():
    return np.full((60, 120, 3), 255, np.uint8)


def test_a_triangle_read_as_a_digit_is_the_marker():
    # Seed-25 syn085: an orange triangle read '4', its box on the marker, its label beside it.
    rgb = _page()
    cv2.fillPoly(rgb, [np.array([[30, 22], [24, 34], [36, 34]])], ORANGE)
    p = Point("H100", "", 30.0, 29.0, "triangle-up", ORANGE)
    four, label = Word("4", 65, 24, 22, 37, 35), Word("16384", 66, 42, 23, 80, 35)
    assert _marker_read(four, [p], 13.0, rgb, WHITE, [four, label])
    # a word beside the marker, or of more than one glyph, is a label
    assert not _marker_read(Word("4", 65, 40, 22, 52, 35), [p], 13.0, rgb, WHITE, [label])
    assert not _marker_read(Word("16384", 65, 24, 22, 37, 35), [p], 13.0, rgb, WHITE, [label])
    # with no other word beside the "marker", it may be the glyph itself found as a marker
    # (seed-26 syn108: a blue '4' beside its diamond), and the word that glyph's label
    assert not _marker_read(four, [p], 13.0, rgb, WHITE, [four])


def test_a_label_printed_inside_its_marker_or_in_the_texts_colour_stays():
    rgb = _page()
    cv2.circle(rgb, (80, 30), 12, BLUE, -1)
    cv2.putText(rgb, "8", (75, 36), cv2.FONT_HERSHEY_SIMPLEX, 0.45, WHITE, 1)   # white '8' in a circle
    p = Point("s", "", 80.0, 30.0, "circle", BLUE)
    beside = [Word("64", 80, 93, 24, 107, 36)]
    assert not _marker_read(Word("8", 80, 73, 22, 88, 38), [p], 13.0, rgb, WHITE, beside)
    rgb[24:37, 77:83] = BLUE
    rgb[24:37, 79:81] = WHITE                     # a white '1': one thin upright hole
    assert not _marker_read(Word("1", 80, 73, 22, 88, 38), [p], 13.0, rgb, WHITE, beside)
    # a dark '2' over a pale marker is text, not the marker
    rgb2 = _page()
    cv2.circle(rgb2, (30, 30), 6, (250, 220, 200), -1)
    cv2.putText(rgb2, "2", (25, 36), cv2.FONT_HERSHEY_SIMPLEX, 0.45, (30, 30, 30), 1)
    p2 = Point("s", "", 30.0, 30.0, "circle", (250, 220, 200))
    assert not _marker_read(Word("2", 80, 23, 22, 37, 38), [p2], 13.0, rgb2, WHITE, [Word("8", 80, 40, 24, 48, 36)])


def test_a_glyph_read_over_two_series_markers_is_no_label():
    # Seed-49 syn050: a blue and an orange circle one over the other read '3'.
    from pipeline.digitize import _on_two_series
    blue, orange = Point("a", "", 50.0, 23.0, "circle", BLUE), Point("b", "", 50.0, 37.0, "circle", ORANGE)
    three = Word("3", 76, 42, 22, 58, 38)
    assert _on_two_series(three, [blue, orange], 13.0)
    # one series' marker under it, a label of more glyphs, or a label beside the pair: kept
    assert not _on_two_series(three, [blue, Point("a", "", 50.0, 37.0, "circle", BLUE)], 13.0)
    assert not _on_two_series(Word("32", 76, 42, 22, 58, 38), [blue, orange], 13.0)
    assert not _on_two_series(Word("3", 76, 60, 22, 68, 38), [blue, orange], 13.0)
