"""A chart drawn with lines only: each line comes back as the corners of its polyline."""
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

from pipeline.digitize import digitize_array  # noqa: E402
from pipeline.imageio import load_rgb  # noqa: E402

LINES = {
    "w/ cascade": ([2, 15, 40, 55, 80, 98], [4.0, 12.0, 20.0, 31.0, 33.0, 40.0], "-"),
    "baseline": ([2, 30, 45, 70, 98], [20.0, 24.0, 45.0, 52.0, 70.0], "--"),
}


@pytest.fixture(scope="module")
def line_chart(tmp_path_factory):
    path = tmp_path_factory.mktemp("lines") / "lines.png"
    with plt.style.context("default"):
        fig, ax = plt.subplots(figsize=(9, 5.5), dpi=100)
        for name, (x, y, ls) in LINES.items():
            ax.plot(x, y, ls, lw=2, label=name)
        ax.set_xlim(0, 100)
        ax.set_ylim(0, 80)
        ax.set_xlabel("Unique KV length (tokens)")
        ax.set_ylabel("Normalized performance")
        fig.savefig(path)
        plt.close(fig)
    return path


def test_line_vertices_within_one_percent(line_chart):
    ext = digitize_array(load_rgb(line_chart))
    assert {p.marker for p in ext.points} == {"line"}
    assert any("line(s) traced" in n for n in ext.notes)
    found = np.array([(p.x, p.y) for p in ext.points])
    hits = total = 0
    for x, y, _ in LINES.values():
        for tx, ty in zip(x, y):
            d = np.hypot((found[:, 0] - tx) / 100.0, (found[:, 1] - ty) / 80.0)
            hits += d.min() <= 0.01
            total += 1
    assert hits >= total - 1, f"{hits}/{total} vertices within 1 % of the span"
    # The vertices come in two colours, one per line.
    assert len({p.series for p in ext.points}) == 2


def _legend_chart(path, one_line: bool):
    style = "ggplot" if one_line else "default"
    with plt.style.context(style):
        fig, ax = plt.subplots(figsize=(9, 6), dpi=100)
        lines = list(LINES.items())[: 1 if one_line else 2]
        for name, (x, y, ls) in lines:
            ax.plot(x, y, ls, lw=2, label=name)
        if one_line:
            ax.set_title("Prefill throughput vs. step latency", loc="left")
        else:
            ax.legend(loc="lower right")
        ax.set_xlim(0, 100)
        ax.set_ylim(0, 80)
        fig.savefig(path)
        plt.close(fig)
    return path


def test_lines_take_their_names_from_a_legend_of_line_swatches(tmp_path):
    ext = digitize_array(load_rgb(_legend_chart(tmp_path / "legend.png", False)))
    assert {p.marker for p in ext.points} == {"line"}
    assert {p.series for p in ext.points} == set(LINES)


def test_one_line_under_a_title_is_no_bar_chart(tmp_path):
    # The bar reader takes a title's letters for one bar; one bar on a chart with two numeric
    # axes is not a bar chart, even when the XY reading found lines only.
    ext = digitize_array(load_rgb(_legend_chart(tmp_path / "title.png", True)))
    assert ext.chart_type == "line"
    assert len(ext.points) >= 5
