"""Markers hardly bigger than the line they sit on, with a white rim (matplotlib's markeredgecolor),
found along each line, and the legend's samples of line and marker name the lines (seed-10
syn036 lost most of its points, and one line took its name from a point label beside its end)."""
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

from pipeline.digitize import digitize_array  # noqa: E402
from pipeline.imageio import load_rgb  # noqa: E402

SERIES = {
    "TP=4, DP=2": ([133, 157, 178, 190, 198, 204], [8570, 5050, 2870, 1530, 796, 411]),
    "vLLM-like": ([125, 159, 192, 211, 226, 234], [1600, 1020, 615, 337, 180, 94]),
}
XLIM, YLIM = (115, 247), (-375, 9385)


@pytest.fixture(scope="module")
def chart(tmp_path_factory):
    path = tmp_path_factory.mktemp("tiny") / "tiny.png"
    with plt.style.context("default"):
        fig, ax = plt.subplots(figsize=(6.45, 4.88), dpi=100)
        for (name, (x, y)), c in zip(SERIES.items(), ("#d62728", "#9467bd")):
            ax.plot(x, y, "-^", color=c, lw=1.2, ms=5.3, mec="white", mew=0.8, label=name)
            for xi, yi, n in zip(x, y, (32, 16, 8, 4, 2, 1)):
                ax.annotate(f"{n} req", (xi, yi), xytext=(6, 0), textcoords="offset points",
                            fontsize=9, va="center")
        ax.set_xlim(*XLIM)
        ax.set_ylim(*YLIM)
        ax.set_xlabel("Interactivity (tokens/s per user)")
        ax.set_ylabel("Output tok/s per GPU")
        ax.legend(loc="upper right")
        fig.savefig(path)
        plt.close(fig)
    return path


def test_tiny_rimmed_markers_on_lines_are_the_points_named_from_the_legend(chart):
    ext = digitize_array(load_rgb(chart))
    assert ext.chart_type == "xy"
    hits = 0
    for name, (xs, ys) in SERIES.items():
        mine = np.array([(p.x, p.y) for p in ext.points if p.series == name])
        assert len(mine) >= 4, f"{name}: {len(mine)} points"
        for tx, ty in zip(xs, ys):
            d = np.hypot((mine[:, 0] - tx) / np.ptp(XLIM), (mine[:, 1] - ty) / np.ptp(YLIM))
            hits += d.min() <= 0.01
    assert hits >= 9, f"{hits}/12 points within 1 % of the span"
