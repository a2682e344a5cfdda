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
