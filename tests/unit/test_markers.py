"""Marker finding on drawn arrays: positions to a pixel and a half, counts exact."""
import cv2
import numpy as np

from pipeline import imageops
from pipeline.marks.markers import find_markers


def _canvas(h=200, w=400):
    return np.full((h, w, 3), 255, np.uint8)


def _ink(rgb):
    return imageops.color_distance(rgb, (255, 255, 255)) > 60


def _nearest(blobs, x, y):
    return min(np.hypot(b.cx - x, b.cy - y) for b in blobs)


def test_markers_on_a_line_are_found_and_the_line_is_not():
    rgb = _canvas()
    pts = [(40, 150), (120, 110), (200, 90), (280, 60), (360, 50)]
    for a, b in zip(pts, pts[1:]):
        cv2.line(rgb, a, b, (31, 119, 180), 2, cv2.LINE_AA)
    for p in pts:
        cv2.circle(rgb, p, 5, (31, 119, 180), -1, cv2.LINE_AA)
    ink = _ink(rgb)
    blobs, _ = find_markers(rgb, ink, imageops.stroke_halfwidth(ink))
    assert len(blobs) == len(pts)
    assert all(_nearest(blobs, *p) <= 1.5 for p in pts)


def test_two_overlapping_markers_are_split_into_two_points():
    rgb = _canvas()
    pts = [(40, 100), (110, 100), (180, 100), (300, 100), (309, 100)]   # the last two overlap
    for p in pts:
        cv2.circle(rgb, p, 7, (214, 39, 40), -1, cv2.LINE_AA)
    blobs, _ = find_markers(rgb, _ink(rgb), 1.0)
    assert len(blobs) == 5
    assert all(_nearest(blobs, *p) <= 1.5 for p in pts)


def test_hollow_markers_count_as_markers():
    rgb = _canvas()
    pts = [(60, 60), (160, 120), (260, 80)]
    for p in pts:
        cv2.circle(rgb, p, 7, (44, 160, 44), 2, cv2.LINE_AA)
    blobs, _ = find_markers(rgb, _ink(rgb), 1.0)
    assert len(blobs) == 3
    assert all(_nearest(blobs, *p) <= 1.5 for p in pts)
