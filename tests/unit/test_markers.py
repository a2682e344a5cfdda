"""Marker finding on drawn arrays: positions to a pixel and a half, counts exact."""
import cv2
import numpy as np
import pytest

from pipeline import imageops
from pipeline.marks.markers import Blob, find_markers


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


@pytest.mark.parametrize("size, pts, radius, tol", [
    # small markers in a row, the last two overlapping
    ((None, None), [(40, 100), (110, 100), (180, 100), (300, 100), (309, 100)], 7, 1.5),
    # large markers without lines, the last two overlapping
    ((300, 500), [(60, 60), (160, 120), (260, 180), (400, 230), (410, 255)], 13, 3.0),
])
def test_two_overlapping_markers_are_split_into_two_points(size, pts, radius, tol):
    rgb = _canvas(*size) if size[0] else _canvas()
    for p in pts:
        cv2.circle(rgb, p, radius, (214, 39, 40), -1, cv2.LINE_AA)
    blobs, _ = find_markers(rgb, _ink(rgb), 1.0)
    assert len(blobs) == 5
    assert all(_nearest(blobs, *p) <= tol for p in pts)


def test_hollow_markers_count_as_markers():
    rgb = _canvas()
    pts = [(60, 60), (160, 120), (260, 80)]
    for p in pts:
        cv2.circle(rgb, p, 7, (44, 160, 44), 2, cv2.LINE_AA)
    blobs, _ = find_markers(rgb, _ink(rgb), 1.0)
    assert len(blobs) == 3
    assert all(_nearest(blobs, *p) <= 1.5 for p in pts)


def test_tiny_markers_cut_off_their_line_are_found_on_it_and_dashes_are_not():
    from pipeline.marks.markers import on_lines, tiny_markers
    rgb = _canvas()
    pts = [(40, 150), (120, 110), (200, 90), (280, 60), (360, 50)]
    for a, b in zip(pts, pts[1:]):
        cv2.line(rgb, a, b, (31, 119, 180), 2)
    for x, y in pts:     # 5 px markers, each in a white rim that cuts the line around it
        cv2.rectangle(rgb, (x - 5, y - 5), (x + 5, y + 5), (255, 255, 255), -1)
        cv2.rectangle(rgb, (x - 2, y - 2), (x + 2, y + 2), (31, 119, 180), -1)
    for x in range(60, 330, 12):     # a dashed diagonal of another colour: no markers
        cv2.line(rgb, (x, 20 + (x - 60) // 3), (x + 5, 25 + (x - 60) // 3), (214, 39, 40), 2)
    blobs = tiny_markers(rgb, _ink(rgb), 1.0, (255, 255, 255))
    assert all(_nearest(blobs, *p) <= 1.0 for p in pts)
    # The trace stops at the white rims, short of both end markers.
    def towards(a, b, d=8.0):
        v = np.subtract(b, a, dtype=float)
        return tuple(np.add(a, v / np.hypot(*v) * d))
    trace = [towards(pts[0], pts[1])] + pts[1:-1] + [towards(pts[-1], pts[-2])]
    on = on_lines(blobs, [trace], 3.5)
    assert len(on) == len(pts)
    assert all(b.color[2] > b.color[0] for b in on)


def test_on_lines_keeps_only_blobs_near_the_polyline():
    from pipeline.marks.markers import Blob, on_lines
    near = Blob(50.0, 52.0, 16, (48, 50, 52, 54), (0, 0, 0), "square")
    far = Blob(50.0, 70.0, 16, (48, 68, 52, 72), (0, 0, 0), "square")
    assert on_lines([near, far], [[(0, 50), (100, 50)]], 3.0) == [near]


def test_a_small_marker_taken_into_its_labels_box_is_left_out_of_the_text():
    from pipeline.xychart.text_words import _narrow_bands
    box = np.zeros((36, 89), bool)
    box[0:22, 2:87] = True            # the label's digits
    box[26:36, 40:50] = True          # a 10 px triangle under it, set apart by blank rows
    assert _narrow_bands(box) == [(26, 36, 40, 50)]
    two_lines = np.zeros((36, 89), bool)
    two_lines[0:15, 2:87] = True
    two_lines[20:35, 5:60] = True     # a second line of text is no marker
    assert _narrow_bands(two_lines) == []


def test_tick_marks_on_the_plot_edge_are_no_data_points():
    from pipeline.axes import Tick, calibrate
    from pipeline.digitize import _fragmented
    from pipeline.layout import AxisFind
    from pipeline.marks.markers import Blob
    from pipeline.xychart.not_markers import tick_mark
    xa = AxisFind(calibrate([Tick(577.0, "2000", 2000.0), Tick(996.5, "4000", 4000.0), Tick(1416.5, "6000", 6000.0)]),
                  [], "bottom")
    box, text_h = (160, 20, 1450, 936), 21.0

    def blob(cx, cy, size=6):
        return Blob(cx, cy, size * size, (int(cx) - size // 2, int(cy) - size // 2, int(cx) + size // 2, int(cy) + size // 2),
                    (70, 80, 90), "diamond")
    assert tick_mark(blob(577.0, 931.0), xa, None, box, text_h)          # on a tick, on the edge
    assert not tick_mark(blob(600.0, 931.0), xa, None, box, text_h)      # off the ticks
    assert not tick_mark(blob(577.0, 700.0), xa, None, box, text_h)      # a point above a tick
    assert not tick_mark(blob(577.0, 931.0, 16), xa, None, box, text_h)  # a marker, not a mark
    # a small square in a series' colour at a tick on the edge: concurrency 1 plotted at its
    # tick, near zero (fivethirtyeight's 25 px text makes a 14 px marker small)
    red = Blob(577.0, 931.0, 36, (574, 928, 580, 934), (237, 28, 36), "square")
    assert not tick_mark(red, xa, None, box, text_h)
    # Ink in specks (a JPEG'd thin line's colour) versus whole strokes.
    specks = np.zeros((60, 60), bool)
    specks[::4, ::4] = True
    assert _fragmented(specks)
    line = np.zeros((60, 60), bool)
    line[30:33, 5:55] = True
    assert not _fragmented(line)


def test_a_glyph_whose_counter_was_filled_is_told_from_a_hollow_marker():
    from pipeline.marks.markers import Blob
    from pipeline.xychart.not_markers import counter_glyph
    rgb = _canvas()
    white = (255, 255, 255)
    cv2.ellipse(rgb, (40, 100), (6, 10), 0, 0, 360, (0, 0, 0), 2, cv2.LINE_AA)       # a '0'
    cv2.circle(rgb, (100, 93), 5, (0, 0, 0), 2, cv2.LINE_AA)                          # an '8'
    cv2.circle(rgb, (100, 106), 6, (0, 0, 0), 2, cv2.LINE_AA)
    cv2.circle(rgb, (160, 100), 8, (214, 39, 40), 2, cv2.LINE_AA)                     # hollow marker
    cv2.circle(rgb, (220, 100), 8, (214, 39, 40), 2, cv2.LINE_AA)                     # ... on its line
    cv2.line(rgb, (200, 100), (240, 100), (214, 39, 40), 2, cv2.LINE_AA)
    cv2.rectangle(rgb, (272, 92), (288, 108), (44, 160, 44), 2, cv2.LINE_AA)          # hollow square
    ink = _ink(rgb)

    def blob(cx, cy, r_x, r_y, color=white):
        return Blob(float(cx), float(cy), 4 * r_x * r_y, (cx - r_x, cy - r_y, cx + r_x + 1, cy + r_y + 1),
                    color, "circle")

    assert counter_glyph(blob(40, 100, 7, 11), ink, white)
    assert counter_glyph(blob(100, 100, 7, 13), ink, white)
    assert not counter_glyph(blob(160, 100, 9, 9), ink, white)
    assert not counter_glyph(blob(220, 100, 9, 9), ink, white)
    assert not counter_glyph(blob(280, 100, 9, 9), ink, white)
    # A solid core (the marker's own colour) is never a counter, whatever the ink around it.
    assert not counter_glyph(blob(40, 100, 7, 11, (0, 0, 0)), ink, white)


def test_a_hollow_marker_takes_its_outlines_colour_a_filled_counter_does_not():
    # Outside set-B out031 (gnuplot, 1 px open markers): filled rings were all the page's
    # white, three series one. A label's '0' in its series' red keeps the page's colour, so
    # that it is still told for a glyph (seed-19 syn091).
    from pipeline.marks.markers import Blob
    from pipeline.xychart.not_markers import hollow_color
    rgb = _canvas()
    white = (255, 255, 255)
    cv2.circle(rgb, (60, 100), 8, (214, 39, 40), 2, cv2.LINE_AA)                      # red ring
    cv2.circle(rgb, (120, 100), 8, (31, 119, 180), 1, cv2.LINE_AA)                    # thin blue ring
    cv2.line(rgb, (100, 100), (140, 100), (31, 119, 180), 1, cv2.LINE_AA)             # ... on its line
    cv2.ellipse(rgb, (180, 100), (6, 10), 0, 0, 360, (214, 39, 40), 2, cv2.LINE_AA)   # a red '0'
    cv2.circle(rgb, (240, 100), 8, (44, 160, 44), -1, cv2.LINE_AA)                    # solid disc
    cv2.ellipse(rgb, (294, 100), (4, 6), 0, 0, 360, (255, 127, 14), 2, cv2.LINE_AA)   # '09', one
    cv2.ellipse(rgb, (307, 104), (4, 6), 0, 0, 360, (255, 127, 14), 2, cv2.LINE_AA)   # blob (syn021)
    ink = _ink(rgb)

    def blob(cx, cy, r_x, r_y, color=white):
        return Blob(float(cx), float(cy), 4 * r_x * r_y, (cx - r_x, cy - r_y, cx + r_x + 1, cy + r_y + 1),
                    color, "circle")

    red = hollow_color(blob(60, 100, 9, 9), ink, rgb, white)
    blue = hollow_color(blob(120, 100, 9, 9), ink, rgb, white)
    assert red is not None and red[0] > 150 and red[2] < 110
    assert blue is not None and blue[2] > 150 and blue[0] < 110
    assert hollow_color(blob(180, 100, 7, 11), ink, rgb, white) is None
    assert hollow_color(blob(240, 100, 9, 9, (44, 160, 44)), ink, rgb, white) is None
    assert hollow_color(blob(300, 102, 11, 9, (255, 200, 160)), ink, rgb, white) is None


def test_a_ring_read_as_the_letter_o_is_a_marker_a_letter_o_is_text():
    # Outside set-B out015 ('O-' for a legend's 21 px ring on its stroke beside 15 px text)
    # and out031 (gnuplot's '-O-', the stroke run through a 13 px ring beside 11 px text).
    from pipeline.ocr import Word
    from pipeline.xychart.text_words import ring_glyph
    rgb = _canvas()
    cv2.circle(rgb, (60, 100), 10, (30, 60, 90), 2, cv2.LINE_AA)
    cv2.line(rgb, (40, 100), (50, 100), (30, 60, 90), 2)
    cv2.circle(rgb, (140, 100), 7, (31, 119, 180), 1, cv2.LINE_AA)
    cv2.line(rgb, (125, 100), (155, 100), (31, 119, 180), 1, cv2.LINE_AA)
    cv2.putText(rgb, "O", (200, 107), cv2.FONT_HERSHEY_SIMPLEX, 0.5, (40, 40, 40), 1, cv2.LINE_AA)
    white = (255, 255, 255)
    assert ring_glyph(Word("O-", 66.0, 39, 89, 72, 112), rgb, white, 30, 15.0)
    assert ring_glyph(Word("-O-", 70.0, 124, 92, 157, 109), rgb, white, 30, 11.0)
    assert not ring_glyph(Word("O", 90.0, 199, 96, 212, 108), rgb, white, 30, 11.0)
    assert not ring_glyph(Word("OK", 90.0, 39, 89, 72, 112), rgb, white, 30, 15.0)


def _square_touching_circle(square, circle):
    """Markers found on a chart of four squares over four circles, and a fifth square touching
    a circle a few pixels lower (at x 300)."""
    rgb = _canvas()
    for x in (40, 100, 160, 220):
        cv2.rectangle(rgb, (x - 3, 40 - 3), (x + 3, 40 + 3), square, -1)
        cv2.circle(rgb, (x, 120), 4, circle, -1, cv2.LINE_AA)
    cv2.rectangle(rgb, (300 - 3, 80 - 3), (300 + 3, 80 + 3), square, -1)
    cv2.circle(rgb, (301, 85), 4, circle, -1, cv2.LINE_AA)
    return find_markers(rgb, _ink(rgb), 1.0)[0]


def test_touching_markers_of_two_series_are_split_by_colour():
    """A square of one series touching a circle of another a few pixels lower (too close to
    split by shape alone) gives two markers, each in its series' colour."""
    green, orange = (27, 158, 119), (217, 95, 2)
    blobs = _square_touching_circle(green, orange)
    pair = sorted((b for b in blobs if b.cx > 280), key=lambda b: b.cy)
    assert len(blobs) == 10 and len(pair) == 2
    assert np.abs(np.subtract(pair[0].color, green)).max() <= 10
    assert np.abs(np.subtract(pair[1].color, orange)).max() <= 10
    assert abs(pair[0].cy - 80) <= 1.5 and abs(pair[1].cy - 85) <= 1.5


def test_lines_crossing_in_a_blend_of_two_series_colours_are_no_marker():
    """Where two series' lines cross they thicken into a blob of blended colour made of thin
    strokes of both; two markers overlapping in a blended blob each keep a marker-thick part."""
    from pipeline.marks.markers import Blob, crossings
    rgb = _canvas(100, 300)
    blue, orange, blend = (0, 114, 178), (230, 159, 0), (115, 136, 89)
    blobs = []
    for i, c in enumerate((blue, orange)):
        for k in range(3):
            x, y = 20 + 40 * k, 20 + 50 * i
            cv2.circle(rgb, (x, y), 5, c, -1)
            blobs.append(Blob(x, y, 80, (x - 5, y - 5, x + 6, y + 6), c, "circle"))
    cv2.line(rgb, (185, 35), (215, 65), blue, 2)
    cv2.line(rgb, (185, 65), (215, 35), orange, 2)
    crossing = Blob(200, 50, 60, (195, 45, 206, 56), blend, "other")
    cv2.circle(rgb, (260, 45), 5, blue, -1)
    cv2.circle(rgb, (260, 55), 5, orange, -1)
    pair = Blob(260, 50, 120, (255, 40, 266, 61), blend, "circle")
    out = crossings(blobs + [crossing, pair], rgb, _ink(rgb), 1.5)
    assert out == [crossing]


def test_touching_blobs_of_one_hue_are_not_split_by_colour():
    """A marker touching a glyph of its label printed in a paler tint of the series' colour
    (glyphs crossed by a line can make blobs of that tint elsewhere) is not taken for two
    series' markers: one hue is one series."""
    blobs = _square_touching_circle((217, 95, 2), (236, 184, 143))
    assert len([b for b in blobs if b.cx > 280]) == 1


def test_a_marker_in_a_label_box_of_ordinary_height_is_not_masked_but_an_i_dot_is():
    from pipeline import imageops
    from pipeline.ocr import Word
    from pipeline.xychart.text_words import mask_text

    def masked(top):
        ink = np.zeros((60, 160), bool)
        ink[top:32, 60:72] = True                # above the label: a marker, or an 'i' dot
        ink[35:58, 20:140:6] = True              # the label's strokes, 23 px tall
        mask = np.zeros(ink.shape, bool)
        # the box (38 px, under 1.5 text heights) took in what is above the label
        mask_text(mask, Word("bs=4096", 92.0, 20, 20, 140, 58), imageops.ink_depth(ink), text_h=33.0)
        return mask
    assert not masked(20)[20:32, 60:72].any()    # a 12 px marker stays a mark
    assert masked(28)[28:32, 60:72].all()        # a 4 px dot is the word's
    assert masked(20)[40, 20]


def test_lines_running_together_are_no_marker_but_a_marker_half_hidden_is():
    """Three lines of three colours stacked (dashes whose patterns agree, a line along
    another) make a blob as deep as a marker with no colour deeper than a stroke; a small
    circle half hidden under another series' triangle is still wider than the stroke in its
    own colour."""
    from pipeline.marks.markers import Blob, stacked_lines
    rgb = _canvas(100, 300)
    for k, c in enumerate(((55, 126, 184), (255, 127, 0), (228, 26, 28))):
        rgb[40 + 4 * k:44 + 4 * k, 20:40] = c                   # three 4 px strokes, one on another
    stack = Blob(30, 46, 240, (20, 40, 40, 52), (200, 100, 60), "circle")
    blue, orange = (0, 114, 178), (230, 159, 0)
    cv2.line(rgb, (120, 60), (280, 60), blue, 4)
    cv2.line(rgb, (120, 64), (280, 64), orange, 3)
    cv2.circle(rgb, (200, 58), 6, blue, -1)
    cv2.fillConvexPoly(rgb, np.array([[195, 68], [205, 68], [200, 60]], np.int32), orange)
    pair = Blob(200, 62, 150, (194, 52, 207, 69), (190, 150, 40), "circle")
    assert stacked_lines([stack, pair], rgb, _ink(rgb), 2.0, (255, 255, 255)) == [stack]


def test_a_noisy_marker_on_a_black_axis_keeps_its_colour():
    """JPEG noise spreads a triangle's green over many colour bins, while the clean black axis
    under it holds the single commonest bin: the triangle's colour is still found, and it is
    a marker, not lines running together."""
    from pipeline.marks.markers import Blob, stacked_lines
    rng = np.random.default_rng(3)
    rgb = _canvas(80, 120)
    rgb[61, 40:62] = 0                                                       # an axis stub
    tri = np.array([[50, 60], [70, 60], [60, 42]], np.int32)
    cv2.fillConvexPoly(rgb, tri, (123, 180, 16))
    inside = np.zeros(rgb.shape[:2], np.uint8)
    cv2.fillConvexPoly(inside, tri, 1)
    noise = rng.integers(-40, 41, rgb.shape)
    rgb = np.where(inside[..., None] > 0, np.clip(rgb.astype(int) + noise, 0, 255), rgb).astype(np.uint8)
    blob = Blob(60, 53, 200, (50, 42, 71, 61), (123, 180, 16), "triangle-up")
    assert stacked_lines([blob], rgb, _ink(rgb), 2.0, (255, 255, 255)) == []


def test_short_diagonal_dashes_of_a_line_are_no_small_markers():
    """Butt-capped dashes 8 px long and 2.5 px wide on a 27 degree slope fill a box nearly
    square, about as deep as a small marker: turned their way they are long and thin. (Beside
    markers deep enough to be sure of, such a blob is a marker half hidden by its line.)"""
    S = 4                                       # drawn 4x larger, then averaged down: anti-aliased
    big = np.full((200 * S, 400 * S, 3), 255, np.uint8)
    t = np.radians(27)
    u, n = np.array([np.cos(t), np.sin(t)]), np.array([-np.sin(t), np.cos(t)])
    for k in range(12):
        c = np.array([50 + 25 * k, 40 + 25 * k * np.tan(t)])
        poly = np.array([c - u * 4 - n * 1.25, c + u * 4 - n * 1.25, c + u * 4 + n * 1.25, c - u * 4 + n * 1.25])
        cv2.fillConvexPoly(big, (poly * S).astype(np.int32), (102, 166, 30))
    rgb = cv2.resize(big, (400, 200), interpolation=cv2.INTER_AREA)
    blobs, _ = find_markers(rgb, _ink(rgb), 1.5)
    assert blobs == []


def test_a_drawn_out_piece_is_a_half_hidden_marker_only_beside_a_series_of_sure_ones():
    from pipeline.marks.markers import _beside_sure
    from pipeline.marks.series import to_lab
    piece = np.zeros((6, 6, 3), np.uint8)
    piece[:] = (146, 50, 142)
    comp = np.ones((6, 6), bool)
    purple, grey = to_lab([(146, 50, 142)])[0], to_lab([(154, 154, 154)])[0]
    # where a dashed line crosses another twice it deepens into two "sure" cores: still a line
    assert not _beside_sure(piece, comp, np.array([purple, purple, grey]))
    # three sure markers of its colour: a series of markers, one of them half hidden
    assert _beside_sure(piece, comp, np.array([purple, purple, purple, grey]))
    assert not _beside_sure(piece, comp, np.array([grey, grey, grey]))


def test_dots_of_a_bold_dotted_gridline_are_no_markers():
    # Seed-15 syn010: 4 px grey dots of dotted gridlines, deep enough for markers, 428 of them.
    from pipeline.xychart.not_markers import dotted_rules
    box = (100, 50, 900, 650)
    row = [Blob(120.0 + 40 * k, 300.4 + (k % 2) * 0.8, 12, (0, 0, 4, 4), (170, 170, 170), "circle") for k in range(19)]
    col = [Blob(500.2, 60.0 + 40 * k, 12, (0, 0, 4, 4), (168, 168, 168), "circle") for k in range(15)]
    data = [Blob(130.0 + 60 * k, 300.0, 40, (0, 0, 7, 7), (31, 119, 180), "square") for k in range(10)]
    short = [Blob(120.0 + 20 * k, 500.0, 12, (0, 0, 4, 4), (40, 40, 40), "circle") for k in range(9)]
    got = {id(b) for b in dotted_rules(row + col + data + short, box)}
    assert got == {id(b) for b in row + col}


def test_tiny_markers_fill_only_the_gaps_the_found_ones_leave():
    from pipeline.digitize import _gappy, _like_found
    from pipeline.ocr import Word

    def blob(x, y, side=6, color=(30, 120, 200)):
        return Blob(float(x), float(y), side * side, (x - side // 2, y - side // 2, x + side // 2, y + side // 2),
                    color, "circle")
    blank = np.full((600, 800, 3), 255, np.uint8)
    box = (0, 0, 800, 600)
    found = [blob(x, 100) for x in (100, 150, 200, 300, 350)]
    white = (255, 255, 255)
    assert _gappy(found, 22.0, blank, box, white) and not _gappy([blob(x, 100) for x in (100, 150, 200, 250)], 22.0,
                                                                 blank, box, white)
    # a marker paled by its rim to a third of the way from the page is of its series
    pale = [blob(x, 100) for x in (100, 150)] + [blob(x, 100, color=(170, 200, 235)) for x in (250,)]
    assert _gappy(pale, 22.0, blank, box, white)
    word = Word("Engine", 90.0, 240, 150, 290, 162)
    cands = [blob(250, 102),                    # in the gap: a marker the line hid
             blob(52, 98),                      # a step before the first: the line's first marker
             blob(262, 156),                    # a glyph of a word
             blob(600, 100),                    # far past the last
             blob(320, 40), blob(325, 41),      # two crumbs side by side
             blob(175, 100)]                    # between two found ones a step apart: no gap
    got = _like_found(cands, found, (255, 255, 255), box, [word], 12.0, blank)
    assert sorted((round(b.cx), round(b.cy)) for b in got) == [(52, 98), (250, 102)]


def test_tiny_markers_are_looked_for_where_the_line_runs_on_past_the_ones_found():
    from pipeline.digitize import _gappy, _like_found
    # seed-18 syn033: markers found from 16 to 128 (where the line bends), none on the straight
    # run from 1 to 8 before them, each marker parted from the line by a white rim.
    rgb = np.full((300, 800, 3), 255, np.uint8)
    cv2.line(rgb, (60, 200), (700, 100), (30, 120, 200), 3)

    def blob(x, y):
        cv2.circle(rgb, (x, y), 5, (255, 255, 255), -1)     # the rim
        cv2.circle(rgb, (x, y), 3, (30, 120, 200), -1)
        return Blob(float(x), float(y), 36, (x - 3, y - 3, x + 3, y + 3), (30, 120, 200), "circle")
    ys = {x: int(round(200 - (x - 60) * 100 / 640)) for x in range(60, 701, 80)}
    found = [blob(x, ys[x]) for x in (380, 460, 540, 620)]
    hidden = [blob(x, ys[x]) for x in (140, 220, 300)]
    box = (0, 0, 800, 300)
    assert _gappy(found, 22.0, rgb, box, (255, 255, 255))
    # two steps before the first found, but off the line
    off = Blob(220.0, 140.0, 36, (217, 137, 223, 143), (30, 120, 200), "circle")
    got = _like_found(hidden + [off], found, (255, 255, 255), box, [], 12.0, rgb)
    assert sorted(round(b.cx) for b in got) == [140, 220, 300]
    # a marker of the same colour not on the line (a legend's) is not taken
    assert not _like_found([off], found, (255, 255, 255), box, [], 12.0, rgb)
    # the markers found reaching the line's ends leave nothing to look for
    short = np.full((300, 800, 3), 255, np.uint8)
    cv2.line(short, (380, ys[380]), (620, ys[620]), (30, 120, 200), 3)
    assert not _gappy(found, 22.0, short, box, (255, 255, 255))


def test_diamonds_stacked_tip_to_tip_are_one_marker_each():
    # A tight legend: three diamonds, 19 px tall, each tip touching the next one's, beside
    # data diamonds of the same size. The column is too tall for two overlapping markers.
    rgb = _canvas(240, 400)
    colors = [(27, 158, 119), (217, 95, 2), (117, 112, 179)]

    def diamond(x, y, color):
        cv2.fillConvexPoly(rgb, np.array([(x, y - 9), (x + 9, y), (x, y + 9), (x - 9, y)]), color, cv2.LINE_AA)
    data = [(60, 180), (140, 150), (220, 190), (300, 160)]
    for i, p in enumerate(data):
        diamond(*p, colors[i % 3])
    legend = [(350, 30), (350, 48), (350, 66)]
    for p, c in zip(legend, colors):
        diamond(*p, c)
    blobs, _ = find_markers(rgb, _ink(rgb), 1.0)
    assert len(blobs) == len(data) + len(legend)
    assert all(_nearest(blobs, *p) <= 1.5 for p in data + legend)
    stacked = sorted((b for b in blobs if b.cx > 330), key=lambda b: b.cy)
    assert [b.color for b in stacked] == colors


def test_small_blobs_at_even_steps_along_a_straight_row_are_beads_of_a_line():
    from pipeline.marks.markers import Blob
    from pipeline.xychart.not_markers import beads_on_a_stroke

    def blob(cx, cy, area):
        r = int(np.sqrt(area)) // 2
        return Blob(cx, cy, area, (int(cx) - r, int(cy) - r, int(cx) + r + 1, int(cy) + r + 1), (34, 34, 34), "diamond")
    # a diagonal between two markers: fifteen 15 px beads 11 px apart
    beads = [blob(454.0 + 7.6 * i, 368.0 + 8.6 * i, 15) for i in range(15)]
    ends = [blob(442.0, 354.0, 140), blob(569.0, 498.0, 116)]
    got = beads_on_a_stroke(beads + ends)
    assert {id(b) for b in got} == {id(b) for b in beads}
    # tiny markers far apart, or three beads only, or off one straight row: markers all
    assert beads_on_a_stroke([blob(100.0 + 40 * i, 300.0 - 10 * i, 12) for i in range(6)]) == []
    assert beads_on_a_stroke(beads[:3] + ends) == []
    zigzag = [blob(100.0 + 8 * i, 300.0 + (6 if i % 2 else 0), 15) for i in range(6)]
    assert beads_on_a_stroke(zigzag) == []


def test_tick_marks_mirrored_on_the_far_sides_of_the_frame_are_no_data_points():
    from pipeline.axes import Tick, calibrate
    from pipeline.layout import AxisFind
    from pipeline.xychart.not_markers import tick_rows
    # set-9 h19 (gnuplot): its tics mirrored on the top and right borders, thickened by the
    # frame, came out as sixteen black points at the ticks.
    xa = AxisFind(calibrate([Tick(467.0, "5", 5.0), Tick(739.0, "10", 10.0), Tick(1011.0, "15", 15.0),
                             Tick(1283.0, "20", 20.0)]), [], "bottom")
    ya = AxisFind(calibrate([Tick(831.0, "2500", 2500.0), Tick(568.0, "5000", 5000.0),
                             Tick(305.0, "7500", 7500.0)]), [], "left")

    def blob(cx, cy, color=(0, 0, 0), size=6):
        return Blob(cx, cy, size * size, (int(cx) - size // 2, int(cy) - size // 2, int(cx) + size // 2,
                                          int(cy) + size // 2), color, "square")
    top = [blob(x, 43.0) for x in (467.0, 739.0, 1011.0, 1283.0)]
    right = [blob(1826.0, y) for y in (831.0, 568.0, 305.0)]
    data = [blob(616.0, 216.0, (20, 150, 110)), blob(739.0, 400.0), blob(1011.0, 400.5, (40, 40, 40), 14)]
    got = tick_rows(top + right + data, xa, ya, 20.0)
    assert {id(b) for b in got} == {id(b) for b in top + right}
    # two grey marks on ticks in a row are no evidence: a series' points may sit there
    assert tick_rows(top[:2], xa, ya, 20.0) == []


def test_markers_on_a_line_measured_a_pixel_too_thin_are_found_where_they_stand_apart():
    # Set-18 h31 (gnuplot, 1822 px): a 6 px diagonal line measured at half-width 2.5 ran as deep
    # as the markers' threshold, and line and diamonds made one piece too long for a marker.
    rgb = _canvas(300, 700)
    pts = [(60, 40), (200, 100), (340, 160), (480, 220), (620, 270)]
    for a, b in zip(pts, pts[1:]):
        cv2.line(rgb, a, b, (70, 110, 180), 7, cv2.LINE_AA)
    for x, y in pts:
        d = np.array([(x, y - 13), (x + 13, y), (x, y + 13), (x - 13, y)], np.int32)
        cv2.fillConvexPoly(rgb, d, (70, 110, 180), cv2.LINE_AA)
    ink = _ink(rgb)
    blobs, _ = find_markers(rgb, ink, 2.5)
    assert len(blobs) == len(pts)
    assert all(_nearest(blobs, *p) <= 2.0 for p in pts)


def test_plus_and_cross_shapes_are_told_from_letters_and_blobs():
    from pipeline.marks.crosses import _turned, is_plus
    plus = np.zeros((14, 14), bool)
    plus[5:9, :] = True
    plus[:, 5:9] = True
    assert is_plus(plus) and not is_plus(_turned(plus))
    cross = np.zeros((15, 15), bool)
    for k in range(15):
        for t in (-1, 0, 1):
            if 0 <= k + t < 15:
                cross[k, k + t] = cross[k, 14 - k - t] = True
    assert not is_plus(cross) and is_plus(_turned(cross))
    square = np.ones((12, 12), bool)
    tee = np.zeros((14, 14), bool)
    tee[:4, :] = True          # a 'T': its bar at the top, not through the middle
    tee[:, 5:9] = True
    assert not is_plus(square) and not is_plus(tee)


def test_plus_markers_standing_alone_are_found_and_a_plus_beside_ink_of_its_colour_is_not():
    from pipeline.marks.crosses import cross_markers
    rgb = np.full((60, 160, 3), 255, np.uint8)
    for cx in (20, 60, 100):
        rgb[18:22, cx - 7:cx + 7] = (255, 127, 14)
        rgb[13:27, cx - 2:cx + 2] = (255, 127, 14)
    rgb[15:25, 72:75] = (255, 127, 14)    # a glyph of its colour right beside the second ('+5')
    rgb[15:25, 112:115] = (0, 0, 0)       # a black label's glyph right beside the third (set-21 h12)
    # where dashed gridlines cross, two dashes make a plus; the rules' dashes go on beyond it
    rgb[44:46, 94:108] = rgb[38:52, 100:102] = (180, 180, 180)
    rgb[44:46, 74:88] = rgb[44:46, 114:120] = (180, 180, 180)
    ink = (rgb != 255).any(axis=2)
    got = cross_markers(rgb, ink, 12.0)
    assert [(round(b.cx), b.shape) for b in got] == [(20, "plus"), (100, "plus")]


def test_a_cross_of_one_pixel_diagonals_is_a_cross():
    from pipeline.marks.crosses import thin_cross
    # set-21 h12 (gnuplot libgd 'x', 13 px): turned an eighth, its 1 px strokes fall apart.
    x = np.zeros((13, 13), bool)
    for k in range(13):
        x[k, k] = x[k, 12 - k] = True
    assert thin_cross(x)
    half = x.copy()
    half[7:, :] = False                  # a 'v': the diagonals stop halfway
    bar = np.zeros((13, 13), bool)
    bar[6, :] = True
    assert not thin_cross(half) and not thin_cross(bar) and not thin_cross(np.ones((13, 13), bool))


def test_a_marker_cut_by_a_labels_box_is_found_again_whole():
    # set-19 h24: the box of the label '8' took in a diamond's top rows; cut there, it passed
    # for a triangle and its centre was set four pixels low.
    from pipeline.marks.markers import regrown
    rgb = np.full((60, 60, 3), 255, np.uint8)
    for r in range(-8, 9):
        half = 8 - abs(r)
        rgb[30 + r, 30 - half:30 + half + 1] = (99, 110, 250)
    rgb[12:20, 27:33] = (40, 40, 40)        # the label's glyph, in the text's colour
    marks = (rgb != 255).any(axis=2)
    cut = np.zeros(marks.shape, bool)
    cut[10:26, 24:36] = True                # the label's box, reaching into the diamond's tip
    found, _ = find_markers(rgb, marks & ~cut, 1.0)
    assert len(found) == 1 and found[0].cy > 31
    again = regrown(found, rgb, marks, cut, 1.0)
    assert len(again) == 1 and abs(again[0].cy - 30) <= 0.6 and abs(again[0].cx - 30) <= 0.6
    assert again[0].shape == "diamond"


def test_a_cross_that_is_a_whole_word_read_is_a_glyph_and_one_inside_a_longer_word_is_not():
    from pipeline.digitize import _whole_word
    from pipeline.ocr import Word
    four = Blob(421.0, 275.5, 20, (418, 272, 424, 279), (133, 203, 182), "plus")
    # Seed-43 syn034: the series-coloured label '4' is shaped as a plus; OCR read it as '4'.
    assert _whole_word(four, [Word("4", 90, 417, 271, 425, 280)])
    # Set-21 h12: a red 'x' marker read with its label as '><1024'.
    cross = Blob(136.0, 354.0, 25, (130, 348, 143, 361), (237, 28, 36), "cross")
    assert not _whole_word(cross, [Word("><1024", 8, 130, 348, 172, 361)])
    assert not _whole_word(cross, [])


def _crossing_page(line_rgb, rule=True, outline=False):
    """A 40 px page: a 4 px diagonal line of `line_rgb`, a grey dashed vertical rule through
    its middle (or, with `outline`, a grey-outlined square of the line's colour instead)."""
    import cv2
    rgb = np.full((40, 40, 3), 255, np.uint8)
    cv2.line(rgb, (0, 39), (39, 0), tuple(int(c) for c in line_rgb), 4)
    if rule:
        for y in range(0, 40, 6):
            rgb[y:y + 4, 19:22] = (150, 150, 150)
    if outline:
        rgb[17:23, 17:23] = (150, 150, 150)
        rgb[18:22, 18:22] = line_rgb
    ink = np.abs(rgb.astype(int) - 255).max(axis=2) > 40
    return rgb, ink


def test_a_line_crossing_a_grey_rule_is_no_marker_unless_black_or_compact():
    from pipeline.marks.markers import Blob, _on_a_rule
    blue = (31, 119, 180)
    b = Blob(20.0, 20.0, 60, (16, 16, 25, 25), blue, "circle")
    rgb, ink = _crossing_page(blue)
    assert _on_a_rule(b, rgb, ink, 3.0, 30.0)
    # a black series' own line is grey too (outside set-23 h20): nothing to tell it by
    rgb, ink = _crossing_page((20, 20, 20))
    assert not _on_a_rule(Blob(20.0, 20.0, 60, (16, 16, 25, 25), (20, 20, 20), "circle"), rgb, ink, 3.0, 30.0)
    # a small marker outlined in grey, with no rule running on past it (seed-43 syn112)
    rgb, ink = _crossing_page(blue, rule=False, outline=True)
    assert not _on_a_rule(Blob(20.0, 20.0, 36, (17, 17, 23, 23), blue, "square"), rgb, ink, 3.0, 30.0)


def test_grey_blobs_on_gridline_crossings_are_no_markers():
    from types import SimpleNamespace as NS
    from pipeline.marks.markers import Blob
    from pipeline.xychart.not_markers import grid_crossings

    def axis(*px):
        return NS(categorical=False, calibration=NS(ticks=[NS(pixel=p) for p in px]))
    xa, ya = axis(100.0, 200.0, 300.0), axis(50.0, 150.0)
    grey = [Blob(200.5, 152.0, 30, (196, 148, 205, 156), (150, 150, 150), "square"),
            Blob(300.0, 49.0, 30, (296, 45, 304, 53), (152, 152, 152), "square")]
    green = Blob(100.0, 50.0, 30, (96, 46, 104, 54), (20, 150, 100), "circle")
    off = Blob(250.0, 150.0, 30, (246, 146, 254, 154), (150, 150, 150), "square")
    assert grid_crossings(grey + [green, off], xa, ya) == grey
    # One grey blob on a crossing is as likely a grey marker there.
    assert grid_crossings(grey[:1] + [green, off], xa, ya) == []


def test_a_crossing_in_a_marker_colour_needs_two_hues():
    from pipeline.marks.series import to_lab, two_hues
    # Set 25 h42: a red line over a purple one (hues 80 degrees apart); seed-41 syn004: 5 px
    # blue markers whose pale rim is as much of them as their fill (8 degrees apart).
    assert two_hues(to_lab([(214, 39, 40), (148, 103, 189)]))
    assert not two_hues(to_lab([(133, 186, 219), (0, 142, 202)]))
    assert not two_hues(to_lab([(40, 40, 40), (214, 39, 40)]))   # a grey has no hue


def test_markers_standing_on_ticks_step_as_the_ticks():
    # Seed-49 syn066: markers found at 1, 8 and 64 on a log2 axis step evenly three ticks
    # apart; on the ticks, each step is three of them, two markers missed in each.
    from pipeline.digitize import _gap_steps
    ticks = [106.6 + 41.6 * k for k in range(9)]
    xs = np.array([ticks[0], ticks[3], ticks[6]]) + 0.5
    assert not _gap_steps(xs).any()
    assert _gap_steps(xs, ticks).all()
    # markers off the ticks step as they do
    assert not _gap_steps(xs + 15.0, ticks).any()


def test_a_line_crossing_a_rule_paler_than_ink_is_no_marker_and_a_marker_on_it_is_one():
    from pipeline.marks.markers import Blob, find_markers, pale_rule_crossings
    blue = (32, 153, 213)
    rgb = np.full((100, 170, 3), 255, np.uint8)
    rgb[47:53, :] = 203                                 # a 6 px gridline, 52 off the page
    pts = [(10, 10), (60, 90), (100, 50), (150, 15)]    # the third on the gridline
    for a, b in zip(pts, pts[1:]):
        cv2.line(rgb, a, b, blue, 4, cv2.LINE_AA)
    for p in pts:
        cv2.circle(rgb, p, 7, blue, -1, cv2.LINE_AA)
    ink = imageops.color_distance(rgb, (255, 255, 255)) > 60
    blobs, _ = find_markers(rgb, ink, 2.0)
    crossing = [b for b in blobs if abs(b.cx - 35) <= 4 and abs(b.cy - 50) <= 4]
    marker = [b for b in blobs if abs(b.cx - 100) <= 2 and abs(b.cy - 50) <= 2]
    assert len(crossing) == 1 and len(marker) == 1     # the crossing thickens into a blob
    dropped = pale_rule_crossings(blobs, rgb, ink, (255, 255, 255), 2.0)
    assert [b for b in dropped] == crossing


def test_fragments_outnumbering_their_colours_markers_are_dropped():
    from pipeline.marks.markers import drop_fragments

    def blob(x, area, color):
        r = int(np.sqrt(area) / 2)
        return Blob(float(x), 50.0, area, (x - r, 50 - r, x + r, 50 + r), color, "circle")
    orange, blue = (221, 133, 83), (76, 114, 176)
    # seed-57 syn066: a JPEG'd line swelled into small blobs between its 680 px markers, more
    # of them than the markers; the other series' markers are small and stay
    markers = [blob(100 * k, 680, orange) for k in range(4)]
    beads = [blob(100 * k + 30 + 10 * j, 47 + 10 * j, orange) for k in range(3) for j in range(3)]
    small_series = [blob(100 * k + 5, 60, blue) for k in range(4)]
    kept = drop_fragments(markers + beads + small_series)
    assert kept == markers + small_series
    # two markers of a colour are not enough to tell its size; a blob over a quarter of it stays
    assert drop_fragments(markers[:2] + beads[:1] + small_series) == markers[:2] + beads[:1] + small_series
    assert blob(0, 240, orange) in drop_fragments(markers + [blob(0, 240, orange)])
    # a crescent of a marker hidden behind the next of its series touches it (seed-56 syn050)
    crescent = Blob(12.0, 58.0, 60, (4, 52, 18, 66), orange, "other")
    assert crescent in drop_fragments(markers + beads + [crescent])


def test_large_hollow_circles_on_a_thin_line_are_one_marker_each():
    # Outside set-A out040 (matplotlib, hollow circles 27 px across on a 1 px line): each ring
    # came out as four 'diamonds'.
    page = (250, 249, 245)
    rgb = np.full((120, 300, 3), page, np.uint8)
    cv2.line(rgb, (40, 60), (260, 60), (27, 73, 101), 1)
    for cx in (60, 150, 240):
        cv2.circle(rgb, (cx, 60), 13, page, -1)
        cv2.circle(rgb, (cx, 60), 13, (200, 60, 80), 3)
    ink = imageops.color_distance(rgb, page) > 60
    blobs, _ = find_markers(rgb, ink, 0.5)
    rings = sorted((b for b in blobs if abs(b.cy - 60) < 3), key=lambda b: b.cx)
    assert [round(b.cx) for b in rings] == [60, 150, 240]


def test_fill_holes_takes_a_round_hole_larger_than_the_limits():
    ring = np.zeros((60, 60), np.uint8)
    cv2.circle(ring, (30, 30), 13, 1, 3)
    assert imageops.fill_holes(ring.astype(bool), 192, 16, round_scale=2.0)[30, 30]
    assert not imageops.fill_holes(ring.astype(bool), 192, 16)[30, 30]
    # a square one (a cell of gridlines in the plot's corner, seed-43 syn095) keeps the limits
    cell = np.zeros((60, 60), np.uint8)
    cv2.rectangle(cell, (15, 15), (41, 41), 1, 1)
    assert not imageops.fill_holes(cell.astype(bool), 192, 16, round_scale=2.0)[28, 28]
    # a long hole (two lines meeting) stays open at any scale
    wedge = np.zeros((60, 60), np.uint8)
    cv2.rectangle(wedge, (5, 25), (55, 33), 1, 1)
    assert not imageops.fill_holes(wedge.astype(bool), 192, 16, round_scale=2.0)[29, 30]


def test_enclosed_holes_are_the_openings_that_touch_no_edge():
    ring = np.zeros((30, 40), bool)
    cv2.circle(ring.view(np.uint8), (12, 15), 7, 1, 1)
    ring[15, 25:40] = True                       # a stroke to the edge encloses nothing
    holes = imageops.enclosed_holes(ring)
    assert len(holes) == 1
    x0, y0, x1, y1, area = holes[0]
    assert (x0, y0) == (6, 9) and (x1, y1) == (19, 22) and 100 < area < 13 * 13


def test_fill_holes_takes_a_hollow_marker_its_line_runs_through_in_its_two_halves():
    # a key's sample as gnuplot draws it (outside set-B out022): an open circle, its 2 px
    # line run through it, its inside two flat halves that fill_holes left open
    ring = np.zeros((40, 60), np.uint8)
    cv2.circle(ring, (30, 20), 8, 1, 1)
    cv2.line(ring, (5, 20), (55, 20), 1, 2)
    assert not imageops.fill_holes(ring.astype(bool), 192, 16)[16, 30]
    both = imageops.fill_holes(ring.astype(bool), 192, 16, halves=True)
    assert both[16, 30] and both[24, 30]
    # two flat holes stacked, far longer than the two are tall, stay open
    bars = np.zeros((40, 60), np.uint8)
    cv2.rectangle(bars, (10, 10), (50, 14), 1, 1)
    cv2.rectangle(bars, (10, 16), (50, 20), 1, 1)
    assert not imageops.fill_holes(bars.astype(bool), 192, 60, halves=True)[12, 30]
