"""A tiny marker's colour from its own pixels and the pale halo around them (halo_color)."""
import cv2
import numpy as np

from pipeline.marks.markers import halo_color, tiny_markers
from pipeline.marks.series import to_lab


def _jpeg(rgb, quality=60):
    ok, buf = cv2.imencode(".jpg", cv2.cvtColor(rgb, cv2.COLOR_RGB2BGR), [cv2.IMWRITE_JPEG_QUALITY, quality])
    return cv2.cvtColor(cv2.imdecode(buf, cv2.IMREAD_COLOR), cv2.COLOR_BGR2RGB)


def _hue(color):
    _, a, b = to_lab([color])[0]
    return float(np.degrees(np.arctan2(b, a))), float(np.hypot(a, b))


def _marker(color, quality=60):
    rgb = np.full((24, 24, 3), 255, np.uint8)
    cv2.circle(rgb, (12, 12), 2, color, -1, cv2.LINE_AA)
    rgb = _jpeg(rgb, quality)
    own = np.zeros((24, 24), bool)
    own[10:15, 10:15] = np.abs(rgb[10:15, 10:15].astype(int) - 255).max(axis=2) > 60
    return rgb, own


def test_jpeg_greyed_marker_gets_back_its_hue_and_chroma():
    true = (213, 135, 88)   # orange: its median comes out grey-brown
    rgb, own = _marker(true)
    median = tuple(int(v) for v in np.median(rgb[own], axis=0))
    got = halo_color(rgb, own, np.zeros_like(own), median)
    h_true, c_true = _hue(true)
    h_med, c_med = _hue(median)
    h_got, c_got = _hue(got)
    assert abs(h_got - h_true) <= 15
    assert c_got > c_med + 5
    # Lightness is the marker's own reading.
    assert abs(to_lab([got])[0][0] - to_lab([median])[0][0]) <= 2


def test_other_ink_in_the_halo_is_left_out():
    true = (195, 80, 86)
    rgb, own = _marker(true, quality=95)
    median = tuple(int(v) for v in np.median(rgb[own], axis=0))
    alone = halo_color(rgb, own, np.zeros_like(own), median)
    # A green line passing just beside the marker, marked as other ink.
    rgb2 = rgb.copy()
    rgb2[16:18, :] = (90, 166, 111)
    other = np.zeros_like(own)
    other[16:18, :] = True
    beside = halo_color(rgb2, own, other, median)
    assert np.abs(np.subtract(alone, beside)).max() <= 6


def test_marker_as_light_as_the_background_keeps_its_colour():
    px = np.full((12, 12, 3), 255, np.uint8)
    own = np.zeros((12, 12), bool)
    own[5:8, 5:8] = True
    px[own] = (250, 245, 120)   # pale yellow: lightness within a few units of white
    assert halo_color(px, own, np.zeros_like(own), (250, 245, 120)) == (250, 245, 120)


def test_tiny_markers_of_two_near_hues_keep_apart_after_jpeg():
    rgb = np.full((40, 80, 3), 255, np.uint8)
    red, orange = (195, 80, 86), (213, 135, 88)
    for x, c in ((20, red), (60, orange)):
        cv2.circle(rgb, (x, 20), 2, c, -1, cv2.LINE_AA)
    rgb = _jpeg(rgb, 60)
    ink = np.abs(rgb.astype(int) - 255).max(axis=2) > 60
    blobs = sorted(tiny_markers(rgb, ink, 0.5, (255, 255, 255)), key=lambda b: b.cx)
    assert len(blobs) == 2
    la, lb = to_lab([blobs[0].color, blobs[1].color])
    assert np.linalg.norm(la - lb) > 22   # series_color_delta: two series, not one


def test_line_width_on_the_ink_is_taken_up_to_two_and_a_half_pixels_wider():
    from pipeline.digitize import line_halfwidth
    # set-5 h15: a 7 px green line measured 1 px on its colour (the strokes of the green
    # labels it crosses outnumber its ridge), 3.5 on the ink at its coloured ridge
    assert line_halfwidth(1.0, 3.5, False) == 3.5
    assert line_halfwidth(1.0, 1.5, False) == 1.0        # a rim's half pixel is no width
    assert line_halfwidth(1.0, 4.0, False) == 1.0        # markers run into a gridline
    assert line_halfwidth(1.0, 4.0, True) == 4.0         # a colour left in specks by JPEG
    assert line_halfwidth(1.0, 7.5, True) == 1.0         # ... whose ridge is in the markers


def test_a_tiny_triangle_whose_pale_tip_is_no_ink_is_still_a_tiny_marker():
    # set-9 h40 (plotly): of five 8 px triangles, two inked 8 by 5 px (their tips too pale),
    # wider than 1.5 times their height, were no marker to either finder.
    rgb = np.full((40, 60, 3), 236, np.uint8)
    rows = [(6, 8), (5, 9), (5, 9), (4, 10), (3, 11)]          # columns [a, b) of each row
    for k, (a, b) in enumerate(rows):
        rgb[20 + k, 10 + a:10 + b] = (129, 114, 178)
    rgb[30, 40:48] = (129, 114, 178)                            # a 1 px dash: no marker
    rgb[31, 40:48] = (129, 114, 178)
    rgb[5:15, 30:36] = (129, 114, 178)                          # 6 by 10, as tall as a digit:
    # a label's glyph in its series' colour, no marker (seed-40 syn026 took '8', '4', '2')
    ink = np.abs(rgb.astype(int) - 236).max(axis=2) > 30
    blobs = tiny_markers(rgb, ink, 1.0, (236, 236, 236))
    assert len(blobs) == 1 and abs(blobs[0].cx - 17.0) < 1.0 and abs(blobs[0].cy - 22.5) < 1.0




def test_a_dot_three_pixels_across_counts_only_where_asked():
    # Seed-48 syn000: a downscaled 5 px dot keeps 2 by 3 px of ink, under a line's width + 2.
    rgb = np.full((20, 20, 3), 255, np.uint8)
    rgb[8:11, 8:10] = (70, 120, 200)
    ink = np.abs(rgb.astype(int) - 255).max(axis=2) > 60
    assert tiny_markers(rgb, ink, 1.0, (255, 255, 255)) == []
    got = tiny_markers(rgb, ink, 1.0, (255, 255, 255), least_side=3)
    assert len(got) == 1 and abs(got[0].cx - 8.5) < 0.01 and abs(got[0].cy - 9.0) < 0.01
