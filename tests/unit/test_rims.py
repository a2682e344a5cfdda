"""Rimmed tiny markers: a marker no wider than its line, cut off from it by a rim of the page."""
import cv2
import numpy as np

from pipeline.marks.lines import Trace
from pipeline.marks.rims import rim_markers

BLUE, ORANGE, WHITE = (31, 119, 180), (255, 127, 14), (255, 255, 255)


def _rimmed_line(rgb, pts, color, side=4, lw=2):
    """A line through `pts` with a `side` px square on each, drawn over it with a 1 px rim of
    the page, as Pillow dashboards draw them."""
    cv2.polylines(rgb, [np.array(pts, np.int32)], False, color, lw, cv2.LINE_8)
    h = side // 2
    for x, y in pts:
        cv2.rectangle(rgb, (x - h - 1, y - h - 1), (x - h + side, y - h + side), WHITE, -1)
        cv2.rectangle(rgb, (x - h, y - h), (x - h + side - 1, y - h + side - 1), color, -1)


def test_markers_as_wide_as_their_line_are_found_by_their_rim():
    rgb = np.full((300, 500, 3), 255, np.uint8)
    pts = [(40, 250), (120, 200), (200, 175), (280, 160), (360, 150), (440, 145)]
    _rimmed_line(rgb, pts, BLUE)
    # a dash-dot line of another colour: its dots are as wide as the line, their gaps wider than a rim
    x = 40
    while x < 460:
        cv2.line(rgb, (x, 80), (x + 14, 80), ORANGE, 2, cv2.LINE_8)
        cv2.rectangle(rgb, (x + 20, 79), (x + 22, 81), ORANGE, -1)
        x += 30
    traces = [Trace(BLUE, [(float(a), float(b)) for a, b in pts], 400),
              Trace(ORANGE, [(40.0, 80.0), (460.0, 80.0)], 300)]
    got = rim_markers(rgb, traces, 1.5, WHITE, (30, 30, 470, 280))
    # (the first, at the end of a line leaving it at a slant, is cut off by the corner of its
    # square rim only: the line's sliver there is left without a gap along it)
    assert len(got) == len(pts) - 1
    for x, y in pts[1:]:
        assert min(np.hypot(b.cx - x, b.cy - y) for b in got) <= 1.5
    assert all(b.color == BLUE for b in got)


def test_a_line_merely_broken_is_no_marker():
    # The same line cut by gaps of two and five pixels with nothing in them, and a piece of
    # line between two gaps: no rimmed piece there is a marker.
    rgb = np.full((200, 400, 3), 255, np.uint8)
    cv2.line(rgb, (20, 100), (380, 100), BLUE, 2, cv2.LINE_8)
    rgb[95:106, 150:152] = 255
    rgb[95:106, 250:255] = 255
    rgb[95:106, 300:302] = 255
    rgb[95:106, 311:313] = 255           # a 9 px piece of line between two gaps
    got = rim_markers(rgb, [Trace(BLUE, [(20.0, 100.0), (380.0, 100.0)], 360)], 1.5, WHITE, (10, 50, 390, 150))
    assert got == []


def test_a_rimmed_marker_takes_the_colour_its_series_markers_were_read_in():
    # Seed-17 syn004: tiny markers found elsewhere on the line were read pale (mostly rim); one
    # found by its rim, read in the line's solid colour, had made a series of its own.
    from pipeline.digitize import _line_markers
    from pipeline.marks.markers import Blob
    rgb = np.full((300, 500, 3), 255, np.uint8)
    pts = [(120, 200), (200, 175), (280, 160), (360, 150)]
    _rimmed_line(rgb, [(40, 250)] + pts + [(440, 145)], ORANGE)
    trace = Trace(ORANGE, [(40.0, 250.0)] + [(float(a), float(b)) for a, b in pts] + [(440.0, 145.0)], 400)
    pale = (240, 167, 120)
    found = [Blob(40.0, 250.0, 16, (38, 248, 42, 252), pale, "square"), Blob(440.0, 145.0, 16, (438, 143, 442, 147), pale, "square"),
             Blob(460.0, 40.0, 16, (458, 38, 462, 42), pale, "square")]     # (three found: a chart with markers)
    ink = np.abs(rgb.astype(int) - 255).max(axis=2) > 60
    got = _line_markers(rgb, ink, [trace], 1.5, (30, 30, 470, 280), WHITE, found)
    near = [b for b in got if min(np.hypot(b.cx - x, b.cy - y) for x, y in pts) <= 1.5]
    assert len(near) == len(pts) and all(b.color == pale for b in near)


def test_no_rimmed_markers_where_no_markers_were_found():
    # Line charts without markers (the line corpus, seed 0 syn047): a rimmed piece there is a
    # dot of a dash-dot line or a stretch between two gaps; it had turned a line chart into a
    # chart of a few false markers.
    from pipeline.digitize import _line_markers
    rgb = np.full((300, 500, 3), 255, np.uint8)
    pts = [(120, 200), (200, 175), (280, 160), (360, 150)]
    _rimmed_line(rgb, [(40, 250)] + pts + [(440, 145)], ORANGE)
    trace = Trace(ORANGE, [(40.0, 250.0)] + [(float(a), float(b)) for a, b in pts] + [(440.0, 145.0)], 400)
    ink = np.abs(rgb.astype(int) - 255).max(axis=2) > 60
    assert _line_markers(rgb, ink, [trace], 1.5, (30, 30, 470, 280), WHITE, []) == []
