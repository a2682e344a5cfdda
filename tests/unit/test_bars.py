"""Bar finding, stacking, grouping, value-label parsing and the label/bar agreement check."""
import numpy as np
import pytest

from pipeline.axes import AxisCalibration, Tick
from pipeline.barchart.frame import BarRow, Frame
from pipeline.barchart.layout import _groups
from pipeline.barchart.value_axis import _values
from pipeline.marks.bars import Bar, rectangles, solid_mask, stacks_on_baseline
from pipeline.numbers import label_half_unit, parse_value_label

BLUE, ORANGE, GREY = (31, 119, 180), (255, 127, 14), (150, 150, 150)


@pytest.mark.parametrize("text,value,marker", [
    ("111", 111.0, None), ("93.4%", 93.4, None), ("1.2k", 1200.0, None), ("3.2x", 3.2, None),
    ("1,024", 1024.0, None), ("OOM", None, "OOM"), ("N/A", None, "N/A"), ("-4.5", -4.5, None),
    ("00M", None, "OOM"),
])
def test_value_label_parsing(text, value, marker):
    got = parse_value_label(text)
    assert got is not None
    assert got[1] == (pytest.approx(value) if value is not None else None)
    assert got[2] == marker


def test_value_label_rejects_words_and_knows_its_rounding():
    assert parse_value_label("Llama") is None
    assert parse_value_label("") is None
    assert label_half_unit("93.4%") == pytest.approx(0.05)
    assert label_half_unit("1.2k") == pytest.approx(50.0)
    assert label_half_unit("111") == pytest.approx(0.5)


def _canvas():
    img = np.full((200, 300, 3), 255, np.uint8)
    img[180, :] = 0                      # an axis line under the bars: a rule, not a bar
    img[60, :] = 200                     # a gridline across them
    return img


def test_stacked_bar_splits_into_segments_on_one_baseline():
    img = _canvas()
    img[100:180, 40:80] = BLUE           # stack: blue 80 px, orange 40 px on top
    img[60:100, 40:80] = ORANGE
    img[130:180, 120:160] = BLUE         # a single bar
    img[20:30, 250:260] = ORANGE         # a legend swatch: stands on nothing
    marks = np.abs(img.astype(int) - 255).max(axis=2) > 28
    pieces = rectangles(img, solid_mask(marks, 3), 4)
    stacks, base = stacks_on_baseline(pieces, tol=2.0, min_len=10)
    assert base == pytest.approx(179, abs=1)
    assert len(stacks) == 2
    first, second = stacks
    assert [s.color for s in first] == [BLUE, ORANGE]
    assert first[0].top == pytest.approx(100, abs=1) and first[1].top == pytest.approx(60, abs=1)
    assert len(second) == 1 and second[0].top == pytest.approx(130, abs=1)


def test_bars_side_by_side_split_by_colour():
    img = _canvas()
    img[100:180, 40:70] = BLUE           # a group of two touching bars
    img[80:180, 70:100] = ORANGE
    marks = np.abs(img.astype(int) - 255).max(axis=2) > 28
    pieces = rectangles(img, solid_mask(marks, 3), 4)
    stacks, _ = stacks_on_baseline(pieces, tol=2.0, min_len=10)
    assert [(s[0].x0, s[0].x1) for s in stacks] == [(40, 70), (70, 100)]


def _stack(x0, x1, color_key):
    b = Bar(x0, x1, 50.0, 179.0, (0, 0, 0))
    b.key = color_key
    return [b]


def test_groups_follow_gaps_and_colours():
    # Two categories of two touching bars, 40 px apart.
    stacks = [_stack(10, 30, 0), _stack(30, 50, 1), _stack(90, 110, 0), _stack(110, 130, 1)]
    groups = _groups(stacks, lambda s: s[0].key, 2)
    assert [[s[0].x0 for s in g] for g in groups] == [[10, 30], [90, 110]]
    # Evenly spaced bars of different colours and no legend: one category each.
    even = [_stack(10 + 40 * i, 30 + 40 * i, i) for i in range(3)]
    assert len(_groups(even, lambda s: s[0].key, 0)) == 3
    # Evenly spaced stacks, one blurred out of a segment, under a legend of three: one category
    # each (bar seed-22 bar042 had its six stacks paired into three categories).
    stacks = []
    for i, keys in enumerate(((0, 1, 2), (0, 2), (0, 1, 2), (0, 1))):
        s = [Bar(10 + 40 * i, 30 + 40 * i, 150.0 - 30 * k, 179.0 - 30 * k, (0, 0, 0)) for k in range(len(keys))]
        for b, k in zip(s, keys):
            b.key = k
        stacks.append(s)
    assert len(_groups(stacks, lambda s: tuple(b.key for b in s), 3)) == 4


def test_a_piece_overlapping_the_last_bar_does_not_unmake_the_groups():
    # Bar seed-41 bar001: a translucent legend box over the last bar stood on the baseline as a
    # piece overlapping it; its negative gap passed for the gap within a group, and the ten
    # bars of five groups came out as ten categories.
    stacks = []
    for g in range(5):
        stacks += [_stack(10 + 100 * g, 50 + 100 * g, 0), _stack(52 + 100 * g, 92 + 100 * g, 1)]
    stacks.append(_stack(470, 520, 2))
    groups = _groups(stacks, lambda s: s[0].key, 1)
    assert [len(g) for g in groups][:4] == [2, 2, 2, 2]
    # among evenly spaced bars such a piece stands in the category of the bar it overlaps
    # (bar seed-33 bar046)
    even = [_stack(10, 60, 0), _stack(120, 170, 0), _stack(80, 150, 1), _stack(230, 280, 0)]
    assert [len(g) for g in _groups(even, lambda s: s[0].key, 0)] == [1, 2, 1]


def _row(top, label):
    b = Bar(10, 30, top, 179.0, BLUE, stack=0)
    r = BarRow("s", "c", 0, b)
    r.label = type("W", (), {"text": label, "conf": 90})()
    return r


def test_label_agreement_uses_the_calibration_and_the_labels_rounding():
    # y axis: 0 at row 179.5, 100 at row -20.5 -> 0.5 value per pixel.
    cal = AxisCalibration("linear", -0.5, 89.75, [Tick(179.5, "0", 0.0), Tick(-20.5, "100", 100.0)])
    axis = type("A", (), {"calibration": cal})()
    good, bad = _row(79.5, "50"), _row(79.5, "60")
    notes = []
    _values([good], Frame(300, 200, False), axis, 179.0, 12.0, notes)
    assert good.value == pytest.approx(50.0, abs=0.01) and good.agrees is True
    bad.bar.stack = 1
    _values([bad], Frame(300, 200, False), axis, 179.0, 12.0, notes)
    assert bad.agrees is False
    assert any("disagrees" in n for n in notes)


def test_without_an_axis_values_come_from_labels_checked_by_lengths():
    rows = [_row(179.5 - 40, "20"), _row(179.5 - 80, "40"), _row(179.5 - 60, "45")]
    for k, r in enumerate(rows):
        r.bar.stack = k
    notes = []
    _values(rows, Frame(300, 200, False), None, 179.0, 12.0, notes)
    assert [r.value for r in rows] == [20.0, 40.0, 45.0]
    assert [r.agrees for r in rows] == [True, True, False]


def test_a_short_bar_as_wide_as_its_neighbours_stands_on_the_baseline():
    # The HF bar of the vLLM launch charts: a tenth of its neighbours, shorter than the 1.5
    # text heights a bar must otherwise reach. A blob as short but narrower is no bar.
    grey = (90, 90, 90)
    bars = [Bar(10, 50, 100.0, 299.0, (200, 60, 60)), Bar(60, 100, 200.0, 299.0, (60, 60, 200)),
            Bar(110, 150, 290.0, 299.0, (60, 200, 60)), Bar(170, 182, 290.0, 299.0, grey)]
    stacks, base = stacks_on_baseline(bars, tol=2.0, min_len=18.0)
    assert base == pytest.approx(299.0, abs=1)
    assert [(s[0].x0, s[0].x1) for s in stacks] == [(10, 50), (60, 100), (110, 150)]


def test_median_colours_per_column_match_the_median_of_the_masked_pixels():
    from pipeline.marks.bars import _median_colors
    rng = np.random.default_rng(3)
    patch = rng.integers(0, 256, (7, 5, 3)).astype(np.uint8)
    mask = np.ones((7, 5), bool)
    mask[:3, 1] = False        # four pixels left: the mean of the two middle ones
    mask[:, 2] = False
    mask[0, 2] = True          # one pixel: too few for a colour
    mask[::2, 3] = False       # three pixels left
    got, ok = _median_colors(patch, mask, 0)
    assert ok.tolist() == [True, True, False, True, True]
    for j in (0, 1, 3, 4):
        want = np.median(patch[mask[:, j], j].astype(np.float32), axis=0)
        assert got[j].tolist() == want.tolist()
    assert got[2].tolist() == [0, 0, 0]
    rows, rok = _median_colors(patch, mask, 1)
    for i in range(7):
        if rok[i]:
            assert rows[i].tolist() == np.median(patch[i, mask[i]].astype(np.float32), axis=0).tolist()


def test_colour_runs_follow_a_gradient_and_split_at_a_jump():
    from pipeline.marks.bars import _split_runs
    ramp = np.array([[50.0 + 2 * i, 0.0, 0.0] for i in range(6)])
    other = np.array([[20.0, 40.0, 0.0]] * 4)
    prof = np.vstack([ramp, other, ramp])
    valid = np.ones(len(prof), bool)
    assert _split_runs(prof, valid, 14.0) == [(0, 6), (6, 10), (10, 16)]
    valid[2] = False
    assert _split_runs(prof, valid, 14.0) == [(0, 2), (3, 6), (6, 10), (10, 16)]
    # With a second profile a step is a jump only where both jump.
    same = np.zeros_like(prof)
    assert _split_runs(prof, np.ones(len(prof), bool), 14.0, also=same) == [(0, 16)]
    # The reference is the median of the last three entries: one stray entry does not move it.
    spike = np.array([[50.0, 0, 0]] * 3 + [[70.0, 0, 0]] + [[50.0, 0, 0]] * 2)
    assert _split_runs(spike, np.ones(6, bool), 14.0) == [(0, 3), (3, 4), (4, 6)]


def test_a_lone_bar_on_a_chart_with_two_numeric_axes_is_no_bar_chart():
    """A scatter chart whose y axis read two labels only is tried as bars first; a bold title
    then passes for one horizontal 'bar' along the well-read x axis. One bar with two numeric
    axes is not taken; two are, and one bar is with a single axis."""
    from types import SimpleNamespace as NS
    from pipeline.digitize import _bars_first
    x6, y2 = (NS(calibration=NS(ticks=list(range(n)))) for n in (6, 2))
    bar, missing = NS(marker="bar"), NS(marker="missing")
    one = NS(bar_orientation="horizontal", x_axis=x6, y_axis=None, points=[bar])
    two = NS(bar_orientation="horizontal", x_axis=x6, y_axis=None, points=[bar, bar])
    assert not _bars_first(one, x6, y2, weak=True)
    assert _bars_first(two, x6, y2, weak=True)
    assert _bars_first(one, x6, None, weak=False)
    # A row without a bar (a word read as a second category) makes no second bar.
    one_and_a_word = NS(bar_orientation="vertical", x_axis=None, y_axis=x6, points=[bar, missing])
    assert not _bars_first(one_and_a_word, x6, x6, weak=False)
    # with two axes, bars must grow along the well-read one
    upright = NS(bar_orientation="vertical", x_axis=None, y_axis=y2, points=[bar, bar, bar])
    assert not _bars_first(upright, x6, y2, weak=True)


def test_bars_read_first_give_way_to_more_markers_read_as_xy(monkeypatch):
    """With one numeric axis resting on two labels, the bars tried first may be a line chart's
    bold title and a legend row (Vega seed-0 syn058: two 'bars' and 15 markers): the XY reading
    wins where it finds more markers than there are bars, three at least."""
    from types import SimpleNamespace as NS
    from pipeline import digitize
    from pipeline.errors import NoChartFound
    bar, missing = NS(marker="bar", box=None), NS(marker="missing", box=None)
    bars = NS(points=[bar, bar, missing])
    xy = NS(chart_type="xy", points=[NS(marker="circle")] * 15)
    monkeypatch.setattr(digitize, "_xy_extraction", lambda *a: xy)
    assert digitize._more_marks(bars, None, None) is xy
    xy.points = [NS(marker="circle")] * 2                  # as many markers as bars: bars stay
    assert digitize._more_marks(bars, None, None) is None
    xy.points, xy.chart_type = [NS(marker="line")] * 15, "line"   # traced lines are no markers
    assert digitize._more_marks(bars, None, None) is None

    # Markers inside a bar of their own colour are pieces of it (seed-15 bar032: cut out
    # between a dashed gridline's dashes); of another colour, they are marks of their own.
    params = NS(series_color_delta=22.0)
    long_bar = NS(marker="bar", box=(100, 40, 900, 90), color=(27, 158, 119))
    xy.chart_type = "xy"
    xy.points = [NS(marker="circle", x_px=150.0 * k, y_px=64.0, color=(27, 158, 119)) for k in range(1, 6)]
    assert digitize._more_marks(NS(points=[long_bar] * 4), None, params) is None
    xy.points = [NS(marker="circle", x_px=150.0 * k, y_px=64.0, color=(220, 40, 40)) for k in range(1, 6)]
    assert digitize._more_marks(NS(points=[long_bar] * 4), None, params) is xy

    def none(*a):
        raise NoChartFound("no marks")
    monkeypatch.setattr(digitize, "_xy_extraction", none)
    assert digitize._more_marks(bars, None, None) is None


def test_a_tick_mark_joined_to_a_bars_foot_is_no_part_of_the_bar():
    # Blur joins the tick mark under a bar's middle to its foot: two columns, five rows. The
    # bar ends where its full width does (seed-15 bar020 lost two bars ending past the baseline).
    rgb = np.full((80, 60, 3), 255, np.uint8)
    solid = np.zeros((80, 60), bool)
    rgb[10:60, 10:40] = (31, 119, 180)
    solid[10:60, 10:40] = True
    rgb[60:65, 24:26] = (40, 120, 178)     # blurred into the bar's colour
    solid[60:65, 24:26] = True
    bars = rectangles(rgb, solid, 4)
    assert len(bars) == 1 and bars[0].bottom == 59 and bars[0].top == 10


def test_the_baseline_is_under_the_stacks_not_the_swatches_when_an_outline_foots_them():
    # Bar seed-53 bar038: an outline across each bar's foot is a 2 px piece of its own, the
    # root of its stack; three legend swatches, each larger than such a piece, stood on a row
    # of their own and outweighed six of them.
    pieces = []
    for k in range(6):
        x0 = 40 + 60 * k
        pieces += [Bar(x0, x0 + 40, 60.0 + 5 * k, 177.0, BLUE), Bar(x0, x0 + 40, 178.0, 179.0, (50, 50, 50))]
    pieces += [Bar(400 + 20 * k, 413 + 20 * k, 10.0, 43.0, ORANGE) for k in range(3)]
    stacks, base = stacks_on_baseline(pieces, tol=2.0, min_len=15)
    assert base == pytest.approx(179, abs=1)
    assert len(stacks) == 6 and all(sum(c.length for c in s) >= 90 for s in stacks)


def test_a_label_glyph_just_under_a_bar_is_no_root_of_its_stack():
    # Bar seed-44 bar013 (blurred, 'RAG' 3 px under the first bar): the glyph stood under the
    # bar within the tolerance, and counted with the bar's area the glyph row became the
    # baseline; the three bars were lost.
    pieces = [Bar(75, 220, 336.0, 456.0, BLUE), Bar(287, 432, 80.0, 456.0, BLUE), Bar(499, 643, 177.0, 456.0, BLUE),
              Bar(136, 143, 459.0, 465.0, (90, 90, 90)), Bar(144, 153, 460.0, 466.0, (90, 90, 90))]
    stacks, base = stacks_on_baseline(pieces, tol=2.0, min_len=15)
    assert base == pytest.approx(456, abs=1)
    assert [s[0].x0 for s in stacks] == [75, 287, 499]
