"""Line-only series: traced per colour, reduced to their corners, rims and swatches left out."""
import cv2
import numpy as np

from pipeline.imageops import color_distance
from pipeline.marks.lines import color_clusters, line_swatches, trace_lines, vertices, without_swatches

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
