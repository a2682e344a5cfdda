"""Line-only series: traced per colour, reduced to their corners, rims and swatches left out."""
import cv2
import numpy as np

from pipeline.imageops import color_distance
from pipeline.marks.lines import (color_clusters, glyphs_before, line_swatches, trace_lines, trace_tracks, vertices,
                                  without_swatches)

WHITE = (255, 255, 255)


def canvas(h=300, w=500):
    img = np.full((h, w, 3), 255, np.uint8)
    cv2.rectangle(img, (40, 20), (480, 280), (0, 0, 0), 1)                  # frame
    for y in range(60, 280, 50):
        cv2.line(img, (41, y), (479, y), (220, 220, 220), 1)                 # gridlines
    return img


def ink(img):
    return color_distance(img, WHITE) > 60


def test_a_polyline_comes_back_as_its_corners():
    img = canvas()
    pts = [(60, 250), (200, 120), (300, 150), (460, 40)]
    cv2.polylines(img, [np.array(pts, np.int32)], False, (31, 119, 180), 2, cv2.LINE_AA)
    traces = trace_lines(img, ink(img), (41, 21, 479, 279), 1.0, 22.0, WHITE)
    assert len(traces) == 1
    got = np.array(traces[0].vertices)
    assert len(got) == 4
    assert np.abs(got - np.array(pts, float)).max() <= 2.0


def test_two_colours_are_two_lines_and_a_dashed_line_stays_one():
    img = canvas()
    cv2.line(img, (60, 250), (460, 60), (214, 39, 40), 2, cv2.LINE_AA)
    for x in range(60, 460, 16):                                             # dashes, 10 px on, 6 off
        cv2.line(img, (x, 200), (x + 10, 200 - (x + 10 - x) // 8), (44, 160, 44), 2, cv2.LINE_AA)
    traces = trace_lines(img, ink(img), (41, 21, 479, 279), 1.0, 22.0, WHITE)
    colors = sorted(tuple(t.color) for t in traces)
    assert len(traces) == 2
    assert all(t.columns > 0.5 * 400 for t in traces)
    assert any(abs(c[0] - 214) < 40 for c in colors) and any(abs(c[1] - 160) < 40 for c in colors)


def test_antialiased_rim_is_no_line_of_its_own_even_when_it_outnumbers_the_core():
    img = np.full((100, 400, 3), 255, np.uint8)
    cv2.line(img, (10, 50), (390, 50), (31, 119, 180), 1)                    # a thin core
    for y in (48, 49, 51, 52):                                               # and more rim than core
        cv2.line(img, (10, y), (390, y), (143, 187, 217), 1)
    masks = color_clusters(img, ink(img) | (color_distance(img, WHITE) > 30), 22.0, 50, WHITE)
    assert len(masks) == 1


def test_a_legend_swatch_beside_a_word_is_dropped():
    mask = np.zeros((100, 300), bool)
    mask[20:22, 10:40] = True             # swatch, a word starts 6 px to its right
    mask[60:62, 10:290] = True            # a data line
    out = without_swatches(mask, [(46, 14, 90, 28)], text_h=14.0)
    assert not out[20:22].any() and out[60:62, 10:290].all()


def test_a_line_end_before_a_point_label_is_no_swatch():
    # Seed-10 syn036: the line's last flat stretch and its end marker, then '1 req': a chain of
    # flat strokes before a word, as a swatch is, but led into by the line of their colour.
    img = np.full((100, 300, 3), 255, np.uint8)
    cv2.line(img, (20, 20), (148, 60), (148, 103, 189), 2)        # the line, coming down
    cv2.line(img, (152, 61), (200, 62), (148, 103, 189), 2)       # its last, flat stretch
    cv2.rectangle(img, (204, 59), (209, 64), (148, 103, 189), -1)  # the end marker
    cv2.line(img, (20, 90), (60, 90), (30, 120, 200), 2)          # a legend swatch, nothing before it
    mask = color_distance(img, WHITE) > 40
    boxes = [(220, 55, 260, 68), (70, 84, 110, 97)]
    out = without_swatches(mask, boxes, 14.0, img)
    assert out[59:65, 204:210].any() and out[60:64, 160:200].any() and not out[88:93, 20:61].any()
    assert not without_swatches(mask, boxes, 14.0)[59:65, 152:210].any()   # colour unknown: dropped


def test_a_swatch_with_its_marker_on_it_is_a_swatch():
    # Seed-27 syn067: a legend in the plot, left of where its series' line starts; its swatch
    # '-▲-' (a stroke with the marker on it, as tall as the text) had joined that line.
    img = np.full((100, 300, 3), 255, np.uint8)
    green = (34, 161, 123)
    cv2.line(img, (20, 20), (44, 20), green, 2)
    cv2.fillConvexPoly(img, np.array([(32, 14), (38, 25), (26, 25)]), green)
    cv2.line(img, (100, 90), (280, 40), green, 2)                  # the line itself, further on
    mask = color_distance(img, WHITE) > 40
    out = without_swatches(mask, [(52, 15, 80, 25)], 10.0, img)
    assert not out[10:30, 15:50].any() and out[40:91, 100:281].sum() == mask[40:91, 100:281].sum()


def test_vertices_split_at_long_gaps():
    xs = np.r_[np.arange(0, 100), np.arange(200, 300)].astype(float)
    ys = np.r_[np.linspace(0, 50, 100), np.linspace(80, 80, 100)]
    v = vertices(xs, ys, tolerance=1.0, max_gap=20)
    assert v[0] == (0.0, 0.0) and (99.0, 50.0) in v and (200.0, 80.0) in v and v[-1] == (299.0, 80.0)


def test_line_swatches_are_flat_strokes_just_left_of_a_word_dashes_joined():
    img = np.full((120, 300, 3), 255, np.uint8)
    blue, red = (31, 119, 180), (214, 39, 40)
    cv2.line(img, (20, 30), (44, 30), blue, 2)                       # solid swatch
    for x in range(20, 44, 8):                                       # dashed swatch
        cv2.line(img, (x, 60), (x + 4, 60), red, 2)
    cv2.line(img, (120, 90), (150, 90), blue, 2)                     # a stroke under a word
    words = [(50, 24, 90, 37), (50, 54, 90, 67), (110, 80, 170, 92)]
    got = line_swatches(img, ink(img), [blue, red], 1.0, 22.0, words, 12.0)
    assert sorted((b.box[1] // 10, b.color) for b in got) == [(2, blue), (5, red)]
    assert all(b.shape == "line" and abs(b.box[0] - 20) <= 1 and 22 <= b.box[2] - b.box[0] <= 27 for b in got)
    # no word beside it: no swatch
    assert line_swatches(img, ink(img), [blue], 1.0, 22.0, [(200, 24, 240, 37)], 12.0) == []


def test_lines_bundled_together_are_traced_and_a_filled_block_is_not():
    """Five lines of five colours converging into one bundle deeper than a stroke are lines;
    a filled block of one colour as deep is a shape, not a line."""
    img = canvas()
    colours = [(228, 26, 28), (55, 126, 184), (77, 175, 74), (152, 78, 163), (255, 127, 0)]
    for k, c in enumerate(colours):
        cv2.line(img, (60, 100 + 3 * k), (200, 100 + 3 * k), c, 3)           # bundled, 15 px deep
        cv2.line(img, (200, 100 + 3 * k), (460, 60 + 40 * k), c, 3)
    cv2.rectangle(img, (300, 240), (330, 275), (31, 119, 180), -1)
    traces = trace_lines(img, ink(img), (41, 21, 479, 279), 1.5, 22.0, WHITE)
    assert len(traces) == 5
    ends = sorted(round(t.vertices[-1][1]) for t in traces)
    assert np.abs(np.array(ends) - np.array([60, 100, 140, 180, 220])).max() <= 3


def test_the_blend_of_two_lines_side_by_side_is_no_line_of_its_own():
    img = np.full((100, 400, 3), 255, np.uint8)
    img[46:49, 10:390] = (255, 127, 0)
    img[49, 10:390] = (204, 102, 82)                                         # orange over purple
    img[50:53, 10:390] = (152, 78, 163)
    masks = color_clusters(img, ink(img), 22.0, 50, WHITE)
    assert len(masks) == 2


def test_a_solid_and_a_dashed_line_of_one_colour_are_two_lines():
    mask = np.zeros((200, 400), bool)
    for x in range(10, 390):
        y = int(150 - 0.25 * (x - 10))
        mask[y - 1:y + 2, x] = True                                          # solid, rising
        if (x // 10) % 2 == 0:
            mask[99:102, x] = True                                           # dashed, flat
    lines = sorted(trace_tracks(mask, 0, 400, max_gap=17, max_jump=8.0), key=lambda t: -len(t[0]))
    assert len(lines) == 2
    solid, dashed = lines
    assert len(solid[0]) == 380 and np.abs(solid[1] - (150 - 0.25 * (solid[0] - 10))).max() <= 1.5
    assert abs(len(dashed[0]) - 190) <= 15 and np.abs(dashed[1] - 100).max() <= 2.5


def test_a_frame_under_a_masked_title_is_still_a_rule():
    """The title's box is masked out of the ink, cutting the frame under it into pieces
    shorter than a rule; found on the page's ink, the frame still goes."""
    img = canvas()
    cv2.line(img, (60, 200), (460, 120), (214, 39, 40), 2)
    full = ink(img)
    masked = full.copy()
    masked[10:24, 150:350] = False                                           # a title's box over the frame
    with_rules = trace_lines(img, masked, (41, 18, 479, 279), 1.0, 22.0, WHITE, rules_in=full)
    assert len(with_rules) == 1 and abs(with_rules[0].vertices[0][1] - 200) <= 2


def test_dotted_and_dashed_grey_gridlines_are_no_lines():
    """Gridlines drawn ':' or '--' in grey (pale dots under the ink threshold leave gaps of up
    to 8 px) are rules like solid ones; the coloured line across them is the one line."""
    img = np.full((300, 500, 3), 255, np.uint8)
    for x in range(42, 478, 10):                                             # dotted: 1 px dots 10 px apart
        img[100, x] = img[100, x + 3] = (170, 170, 170)
    for x in range(42, 478, 7):                                              # dashed: 4 on, 3 off
        cv2.line(img, (x, 200), (x + 3, 200), (176, 176, 176), 1)
    for y in range(22, 278, 10):                                             # a dotted vertical gridline
        img[y, 250] = img[y + 3, 250] = (170, 170, 170)
    cv2.line(img, (60, 250), (460, 60), (214, 39, 40), 2, cv2.LINE_AA)
    traces = trace_lines(img, ink(img), (41, 21, 479, 279), 1.0, 22.0, WHITE)
    assert len(traces) == 1
    assert traces[0].color[0] > 150 and traces[0].color[2] < 100


def test_a_jpeg_rim_off_the_blend_that_hugs_its_line_is_no_line_of_its_own():
    # Seed-10 syn007 (JPEG q62): the rim of a blue line comes out (154, 204, 243), 26 off the
    # blend of the line and white; it lies along the line all the way.
    img = np.full((100, 400, 3), 255, np.uint8)
    cv2.line(img, (10, 50), (390, 50), (63, 125, 182), 2)
    for y in (48, 52):
        cv2.line(img, (10, y), (390, y), (154, 204, 243), 1)
    masks = color_clusters(img, color_distance(img, WHITE) > 20, 22.0, 50, WHITE)
    assert len(masks) == 1
    # The same colour as a line of its own, away from the other, stays a line.
    img2 = np.full((100, 400, 3), 255, np.uint8)
    cv2.line(img2, (10, 20), (390, 20), (63, 125, 182), 2)
    cv2.line(img2, (10, 80), (390, 80), (154, 204, 243), 2)
    assert len(color_clusters(img2, color_distance(img2, WHITE) > 20, 22.0, 50, WHITE)) == 2


def test_a_line_swatch_with_a_tiny_marker_read_as_a_word_is_still_a_swatch():
    img = np.full((120, 300, 3), 255, np.uint8)
    red = (214, 39, 40)
    cv2.line(img, (20, 30), (48, 30), red, 2)
    cv2.rectangle(img, (32, 28), (36, 33), red, -1)                  # the tiny marker on it
    # OCR read the stroke as '—i—' (a word box within the stroke) and the name beside it.
    words = [(21, 27, 47, 33), (56, 24, 96, 37)]
    got = line_swatches(img, ink(img), [red], 1.0, 22.0, words, 12.0)
    assert len(got) == 1 and abs(got[0].cy - 30.5) <= 1.5
    # A stroke inside a wider word (the feet of its letters) is none.
    assert line_swatches(img, ink(img), [red], 1.0, 22.0, [(10, 20, 60, 36), (66, 24, 96, 37)], 12.0) == []


def test_a_screenshot_border_along_the_image_edge_does_not_set_the_line_width():
    from pipeline.imageops import stroke_halfwidth
    # Seed-9 syn097: a 29 px dark border (with noise) made the lines 27 px wide, so no marker
    # was deeper than a "line" and the chart was read as nine lines.
    m = np.zeros((500, 750), bool)
    m[:29, :] = m[-29:, :] = m[:, :29] = m[:, -29:] = True
    for y in (150, 260, 370):
        m[y - 1:y + 2, 100:600] = True              # three 3 px lines
    assert stroke_halfwidth(m) <= 2.0


def test_a_dot_or_square_of_a_lines_colour_left_of_a_word_is_its_swatch():
    img = np.full((120, 300, 3), 255, np.uint8)
    blue, red = (31, 119, 180), (214, 39, 40)
    cv2.circle(img, (26, 30), 4, blue, -1, cv2.LINE_AA)              # a dot, Vega's or plotly's key
    cv2.rectangle(img, (22, 56), (30, 64), red, -1)                  # a square
    cv2.rectangle(img, (22, 86), (52, 112), blue, -1)                # a block too big for a key
    words = [(38, 24, 90, 37), (38, 54, 90, 67), (60, 92, 120, 105)]
    got = line_swatches(img, ink(img), [blue, red], 1.0, 22.0, words, 12.0)
    assert sorted((b.box[1] // 10, b.color, b.shape) for b in got) == [(2, blue, "square"), (5, red, "square")]
    assert all(abs(b.cx - 26) <= 1.0 for b in got)


def test_a_key_is_found_before_a_name_whose_first_word_ocr_missed():
    img = np.full((60, 300, 3), 255, np.uint8)
    blue = (12, 121, 181)
    cv2.line(img, (20, 30), (46, 30), blue, 2)                       # the key
    cv2.putText(img, "no chunking", (56, 36), cv2.FONT_HERSHEY_SIMPLEX, 0.5, (30, 30, 30), 1, cv2.LINE_AA)
    chunking = (77, 22, 140, 40)                                      # OCR read 'chunking' only
    assert 55 <= glyphs_before(ink(img), chunking, 12.0) <= 59       # walked back over 'no', not the key
    got = line_swatches(img, ink(img), [blue], 1.0, 22.0, [chunking], 12.0)
    assert [b.shape for b in got] == ["line"] and abs(got[0].box[0] - 20) <= 1


def test_a_legend_marker_above_a_gap_in_the_line_is_not_joined_into_it():
    from pipeline.marks.lines import trace_tracks
    # Seed-15 syn034: the label '4 req' cut the line at x 615-648; the legend's triangle of
    # its colour, 300 px above, filled the gap and the line ran up to it and back.
    mask = np.zeros((420, 720), bool)
    for x in range(200, 700):
        if not 615 <= x < 649:
            y = int(round(80 + (x - 200) * 0.6))
            mask[y:y + 2, x] = True
    mask[72:80, 640:648] = True
    tracks = trace_tracks(mask, 0, 720, max_gap=20, max_jump=8.0)    # the gap ends the track
    line = max(tracks, key=lambda t: len(t[0]))
    assert line[0][0] == 200 and line[0][-1] == 699
    assert np.all(line[1] > 75 + 0.6 * (line[0] - 200))    # never up at the triangle
