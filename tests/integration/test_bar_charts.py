"""Bar charts rendered here, digitised end to end through the CLI's function."""
import csv

import matplotlib
import numpy as np
import pytest

matplotlib.use("Agg")

from pipeline.digitize import digitize_file  # noqa: E402


def _render(path, horizontal=False, missing=False):
    import matplotlib.pyplot as plt
    cats = ["A100", "H100 SXM", "B200"]
    a, b = [120, 340, 560], [150, 410, 720]
    fig, ax = plt.subplots(figsize=(8, 5), dpi=100)
    x = np.arange(3)
    w = 0.38
    draw = ax.barh if horizontal else ax.bar
    b1 = draw(x - w / 2, a, w, label="Ours")
    keep = [0, 2] if missing else [0, 1, 2]
    b2 = draw(x[keep] + w / 2, [b[k] for k in keep], w, label="Baseline")
    ax.bar_label(b1)
    ax.bar_label(b2)
    if missing:
        ax.text(1 + w / 2, 8, "OOM", ha="center", va="bottom")
    if horizontal:
        ax.set_yticks(x, cats)
        ax.invert_yaxis()
        ax.set_xlim(0, 800)
    else:
        ax.set_xticks(x, cats)
        ax.set_ylim(0, 800)
    ax.legend(loc="upper left" if not horizontal else "upper right")
    fig.savefig(path)
    plt.close(fig)
    return cats, {"Ours": a, "Baseline": b}


def _rows(out):
    return list(csv.DictReader(open(out / "points.csv")))


@pytest.mark.parametrize("horizontal", [False, True])
def test_grouped_bars_read_with_legend_categories_and_labels(tmp_path, horizontal):
    cats, truth = _render(tmp_path / "c.png", horizontal)
    ext = digitize_file(tmp_path / "c.png", tmp_path / "out")
    assert ext.chart_type == "bar"
    rows = _rows(tmp_path / "out")
    assert len(rows) == 6
    for r in rows:
        i = int(float(r["x"]))
        want = truth[r["series"]][i]
        assert r["label"] == cats[i]
        assert abs(float(r["y"]) - want) <= 0.01 * 800        # within 1 % of the axis span
        assert r["value_label"] == str(want) and r["agrees"] == "true"


def test_missing_bar_is_a_row_with_its_marker_not_a_number(tmp_path):
    _render(tmp_path / "m.png", missing=True)
    digitize_file(tmp_path / "m.png", tmp_path / "out")
    rows = _rows(tmp_path / "out")
    gap = [r for r in rows if r["series"] == "Baseline" and int(float(r["x"])) == 1]
    assert len(gap) == 1
    assert gap[0]["y"] == "" and gap[0]["value_label"] == "OOM" and gap[0]["marker"] == "missing"
