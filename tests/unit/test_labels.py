import numpy as np
import pytest

from pipeline.labels import _box_distance, assign_labels
from pipeline.ocr import Word

TEXT_H = 10.0


def label_at(mx, my, text, dx=8, dy=8, w=28, h=10):
    """A label box whose lower-left corner sits (dx, dy) px above-right of the marker (mx, my)."""
    x0, y1 = int(mx + dx), int(my - dy)
    return Word(text, 95.0, x0, y1 - h, x0 + w, y1)


def test_close_markers_with_each_label_nearer_its_neighbours_marker():
    # A row of markers 40 px apart; every label sits above-right of its own marker, which puts
    # it nearer to the next marker (8.9 px) than to its own (11.3 px).
    markers = [(100.0 + 40 * i, 300.0, 0) for i in range(5)]
    labels = [label_at(mx, my, str(512 * 2 ** i)) for i, (mx, my, _) in enumerate(markers)]
    for i in range(4):
        own = _box_distance(markers[i][0], markers[i][1], labels[i])
        other = _box_distance(markers[i + 1][0], markers[i + 1][1], labels[i])
        assert other < own  # the premise of the test
    assert assign_labels(markers, labels, TEXT_H) == {i: i for i in range(5)}


def test_learnt_offset_keeps_a_label_off_an_unlabelled_neighbour():
    # Five labelled markers, then one more marker without a label just right of the last one,
    # nearer to that label than its own marker is. The offset learnt from the other four
    # labels must give the label to its own marker and leave the extra marker unlabelled.
    markers = [(100.0, 300.0, 0), (160.0, 260.0, 0), (220.0, 240.0, 0), (280.0, 200.0, 0),
               (340.0, 180.0, 0), (372.0, 180.0, 0)]
    labels = [label_at(mx, my, f"{i + 1}") for i, (mx, my, _) in enumerate(markers[:5])]
    assert _box_distance(372.0, 180.0, labels[4]) < _box_distance(340.0, 180.0, labels[4])
    got = assign_labels(markers, labels, TEXT_H)
    assert got == {0: 0, 1: 1, 2: 2, 3: 3, 4: 4}


def test_tight_run_with_an_unlabelled_last_marker():
    # Every label's box covers the next marker of the run: a label is never printed over its
    # own marker, so the placement all five labels share (above-right) wins over "centred on
    # the next marker", and the unlabelled last marker stays unlabelled.
    markers = [(100.0 + 22 * i, 300.0 - 14 * i, 0) for i in range(6)]
    labels = [label_at(mx, my, str(1000 + i)) for i, (mx, my, _) in enumerate(markers[:5])]
    assert assign_labels(markers, labels, TEXT_H) == {i: i for i in range(5)}


def two_crossing_series():
    a = [(100.0, 300.0), (140.0, 270.0), (180.0, 240.0), (220.0, 210.0), (260.0, 180.0)]
    b = [(100.0, 180.0), (140.0, 210.0), (200.0, 244.0), (220.0, 270.0), (260.0, 300.0)]
    markers = [(x, y, 0) for x, y in a] + [(x, y, 1) for x, y in b]
    labels = [label_at(x, y, f"{10 + i}") for i, (x, y) in enumerate(a)] + \
             [label_at(x, y, f"{20 + i}") for i, (x, y) in enumerate(b)]
    # Where the series cross, the renderer had to swap the two labels' places: A's third label
    # sits where B's third would go, and B's where A's would.
    la, lb = labels[2], labels[7]
    labels[2] = Word(la.text, la.conf, lb.x0, lb.y0, lb.x1, lb.y1)
    labels[7] = Word(lb.text, lb.conf, la.x0, la.y0, la.x1, la.y1)
    return markers, labels


def test_colour_hint_separates_labels_of_crossing_series():
    markers, labels = two_crossing_series()
    label_series = [0] * 5 + [1] * 5   # every label printed in its series' colour
    got = assign_labels(markers, labels, TEXT_H, label_series)
    assert got == {i: i for i in range(10)}
    assert {markers[i][2] for i, j in got.items() if labels[j].text.startswith("1")} == {0}
    assert {markers[i][2] for i, j in got.items() if labels[j].text.startswith("2")} == {1}


def test_without_colour_hint_geometry_alone_swaps_the_crossing_labels():
    # The premise of the colour test: geometry alone cannot separate the two crossing labels.
    markers, labels = two_crossing_series()
    got = assign_labels(markers, labels, TEXT_H)
    assert got[2] == 7 and got[7] == 2
    assert all(got[i] == i for i in range(10) if i not in (2, 7))


def test_far_labels_are_not_assigned():
    markers = [(100.0, 100.0, 0), (400.0, 400.0, 0)]
    labels = [label_at(100.0, 100.0, "7"), Word("9", 90.0, 700, 50, 710, 60)]
    assert assign_labels(markers, labels, TEXT_H) == {0: 0}
    assert assign_labels([], labels, TEXT_H) == {}
    assert assign_labels(markers, [], TEXT_H) == {}


def _brute_force_min(cost):
    import itertools
    n, m = cost.shape
    if n <= m:
        return min(sum(cost[i, c[i]] for i in range(n)) for c in itertools.permutations(range(m), n))
    return min(sum(cost[r[j], j] for j in range(m)) for r in itertools.permutations(range(n), m))


@pytest.mark.parametrize("shape", [(1, 1), (3, 3), (4, 6), (6, 4), (5, 5), (2, 7), (7, 1)])
def test_min_cost_assignment_is_optimal(shape, rng):
    from pipeline import labels
    solve = labels.min_cost_assignment
    for _ in range(20):
        cost = rng.uniform(0, 10, shape).round(2)
        rows, cols = solve(cost)
        assert len(rows) == len(cols) == min(shape)
        assert len(set(rows)) == len(rows) and len(set(cols)) == len(cols)
        assert list(rows) == sorted(rows)
        total = sum(cost[r, c] for r, c in zip(rows, cols))
        assert total == pytest.approx(_brute_force_min(cost), abs=1e-9)


def test_min_cost_assignment_with_forbidden_cells():
    import numpy as np
    from pipeline import labels
    solve = labels.min_cost_assignment
    big = 1e6
    cost = np.array([[1.0, big, big], [big, big, 2.0], [0.5, big, big]])
    rows, cols = solve(cost)
    got = dict(zip(rows, cols))
    # Rows 0 and 2 both want column 0: the cheaper total gives it to row 2 (0.5 + big + 2.0
    # beats 1.0 + big + 2.0), and row 0 takes the forbidden cell left.
    assert got == {0: 1, 1: 2, 2: 0}
    assert sum(cost[r, c] for r, c in zip(rows, cols)) == pytest.approx(big + 0.5 + 2.0)


def test_two_crossed_labels_of_a_sweep_trade_back_and_a_misread_stays():
    from pipeline.labels import order_swaps
    # A falling sweep 256 ... 2 along x; the last two labels sit between their markers, each
    # as near the other's marker: given crossed, they break the order and trade back.
    xs = [100, 160, 220, 280, 340, 360]
    vals = [256, 128, 64, 32, 2, 4]      # '2' and '4' crossed
    items = []
    for x, v in zip(xs, vals):
        items.append((float(x), 300.0, float(v), label_at(x, 300, str(v))))
    items[4] = (340.0, 300.0, 2.0, Word("2", 95.0, 348, 292, 378, 304))     # right of 340, over 360
    items[5] = (360.0, 310.0, 4.0, Word("4", 95.0, 322, 306, 352, 318))     # left of 360, under 340
    assert order_swaps(items, TEXT_H) == [(4, 5)]
    # A misread ('6' for '16') breaks the order too, but its label is by its own marker.
    vals = [256, 128, 64, 6, 8, 4]
    items = [(float(x), 300.0, float(v), label_at(x, 300, str(v))) for x, v in zip(xs[:4] + [400, 460], vals)]
    assert order_swaps(items, TEXT_H) == []


def test_sweep_names_the_values_of_unlabelled_markers_inside_its_run_and_one_step_past():
    from pipeline.labels import sweep
    # seed-15 syn099: '8 req' over another series' line was not read; request counts fall along x
    fits, off, unread = sweep([64, 32, 16, None, 4])
    assert fits == {0, 1, 2, 4} and off == {} and unread == {3: 8.0}
    # one step past either end of the labels on the sweep (a lone '1' tesseract lost: seed-17
    # syn068), no further, and no value under one
    assert sweep([None, None, 2, 4, 8, None, None])[2] == {1: 1.0, 5: 16.0}
    assert sweep([None, 1, 2, 4])[2] == {}
    assert sweep([1, 2, None, 80, 16]) == ({0, 1, 4}, {3: 8.0}, {2: 4.0})
    assert sweep([1, 3, None, 7])[2] == {}


def test_sweep_expected_names_the_label_off_a_doubling_sweep():
    from pipeline.labels import sweep_expected
    assert sweep_expected([2048, 4096, 8192, 46384, 32768, 65536, 131072]) == {3: 16384.0}
    assert sweep_expected([2048, 4096, 8192, 192, 32768]) == {3: 16384.0}
    # an unlabelled marker still counts as a step of the sweep
    assert sweep_expected([1, 2, None, 80, 16]) == {3: 8.0}
    assert sweep_expected([10, 100, 1000, 1001]) == {3: 10000.0}
    # no sweep: uneven steps, too few labels on it, or as many off it as on it
    assert sweep_expected([1, 3, 5, 7]) == {}
    assert sweep_expected([1, 2, 7, 9]) == {}
    assert sweep_expected([1, 2, 4, 9, 13, 17]) == {}
    # far past the end of the fitted run nothing is expected
    assert sweep_expected([1, 2, 4, 8, 5, 3]) == {4: 16.0}


def test_labels_cut_short_back_a_sweep_three_exact_labels_would_not_carry_alone():
    from pipeline.labels import sweep
    # s36 syn070: '48' of '2048' and '192' of '8192', another series' line across each
    assert sweep([48, 4096, 192, 4, 32768, 65536]) == ({1, 4, 5}, {0: 2048.0, 2: 8192.0, 3: 16384.0}, {})
    # a one-digit near miss backs nothing: '9' where 8 belongs may be no sweep at all
    assert sweep([1, 2, 4, 9, 13, 17])[1] == {}
    # nor do readings of no such kind
    assert sweep([77, 4096, 5, 3, 32768, 65536])[1] == {}


def test_near_misread_is_one_glyph_or_a_cut_end():
    from pipeline.labels import near_misread
    assert near_misread("46384", "16384")     # a glyph changed
    assert near_misread("81927", "8192")      # one added
    assert near_misread("5536", "65536")      # one lost
    assert near_misread("384", "16384")       # cut short at its start
    assert near_misread("1638", "16384")      # or at its end
    assert not near_misread("16384", "16384")
    assert not near_misread("24", "32")
    assert not near_misread("4", "65536")     # one glyph left is no evidence
    assert not near_misread("3284", "16384")


def test_sweep_expected_follows_a_sweep_falling_along_x():
    from pipeline.labels import sweep_expected
    # request counts falling as speed rises: '932 req' where 32 belongs, read in marker x order
    assert sweep_expected([64, 932, 16, 8, 4, 2]) == {1: 32.0}
    assert sweep_expected([128, 64, 32, 46, 8]) == {3: 16.0}
    # a rising sweep is read as before
    assert sweep_expected([2, 4, 8, 61, 32, 64]) == {3: 16.0}


def test_thousands_points_become_commas_where_another_label_writes_commas():
    from pipeline.xychart.point_labels import comma_separators
    # Seed-50 syn114 (blurred): '2,048' and four more read with a point, '1,024' with its comma.
    assert comma_separators(["1,024", "2.048", "", "bs=8.192", "32,768"]) == \
        ["1,024", "2,048", "", "bs=8,192", "32,768"]
    # No comma anywhere, or a real decimal among them: the points stay.
    assert comma_separators(["2.048", "4.096"]) == ["2.048", "4.096"]
    assert comma_separators(["1.5", "2.048", "1,024"]) == ["1.5", "2.048", "1,024"]


def test_a_washed_out_coloured_label_takes_its_series_by_hue():
    # Seed-49 syn077 (serif labels in their series' colours, JPEG): the strokes' median colour
    # lies far from every series' colour and as near the grey text as 24.
    from pipeline.ocr import Word
    from pipeline.xychart.point_labels import _label_color_series
    series = [(0, 137, 192), (192, 47, 111), (73, 147, 84)]
    text = (129, 129, 133)

    def label_in(color):
        rgb = np.full((20, 40, 3), 250, np.uint8)
        rgb[5:15, 5:35] = color
        return _label_color_series(Word("2048", 90, 5, 5, 35, 15), rgb, (250, 250, 250), series, text, [7, 7, 6])
    assert label_in((186, 132, 152)) == 1      # crimson, washed out
    assert label_in((131, 166, 196)) == 0      # blue
    assert label_in((136, 161, 138)) == 2      # green
    assert label_in((40, 40, 44)) is None      # the text's own colour says nothing
    assert label_in((150, 150, 150)) is None   # nor a grey with no hue
    # No label is a paler series' blend: a pale orange "series" of three blobs took seed-54
    # syn048's orange labels from the orange markers on a light page.
    rgb = np.full((20, 40, 3), 250, np.uint8)
    rgb[5:15, 5:35] = (206, 171, 141)
    two = [(193, 106, 0), (25, 154, 122), (251, 223, 187)]
    assert _label_color_series(Word("bs=4096", 90, 5, 5, 35, 15), rgb, (250, 250, 250), two, text, [7, 5, 3]) == 0
    # A grey label that an orange line crosses (seed-59 syn107's '8'): its median colour leans
    # to the line's hue, yet most of its strokes hold none.
    rgb = np.full((20, 40, 3), 250, np.uint8)
    rgb[5:15, 5:35] = (110, 110, 110)
    rgb[10:15, 5:35] = (222, 143, 5)
    three = [(0, 114, 178), (222, 143, 5), (0, 158, 115)]
    assert _label_color_series(Word("8", 90, 5, 5, 35, 15), rgb, (250, 250, 250), three, text, [7, 7, 6]) is None
