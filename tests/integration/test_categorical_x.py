"""A line chart over categories ('16', '32', '1000' QPS at equal steps): x is the category index,
and a reading can name its point by category."""
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

from pipeline.audit.chart_table import load_extraction  # noqa: E402
from pipeline.audit.quoted import parse_quoted  # noqa: E402
from pipeline.audit.readings import Reading, Selection  # noqa: E402
from pipeline.audit.reconcile import reconcile  # noqa: E402
from pipeline.digitize import digitize_file  # noqa: E402

QPS = ["16", "32", "1000"]
VLLM = [4.05, 4.34, 4.31]


@pytest.fixture(scope="module")
def extraction(tmp_path_factory):
    d = tmp_path_factory.mktemp("cat")
    with plt.style.context("default"):
        fig, ax = plt.subplots(figsize=(8, 5), dpi=100)
        ax.plot(QPS, VLLM, "D-", label="vLLM")
        ax.plot(QPS, [2.58, 2.58, 2.59], "o-", label="TGI")
        ax.set_ylim(0, 6)
        ax.set_xlabel("QPS")
        ax.legend()
        fig.savefig(d / "cat.png")
        plt.close(fig)
    digitize_file(d / "cat.png", d / "out")
    return load_extraction("cat", d / "out")


def test_x_is_the_category_index(extraction):
    assert extraction.axes["x"]["scale"] == "categorical"
    assert extraction.axes["x"]["categories"] == QPS
    vllm = extraction.points[extraction.points["series"].str.lower() == "vllm"].sort_values("x")
    assert list(vllm["x"]) == pytest.approx([0, 1, 2], abs=0.02)
    assert list(vllm["y"]) == pytest.approx(VLLM, abs=0.03)


def test_a_reading_names_its_point_by_category(extraction):
    r = Reading("r52", Path("r.yaml"), 1, "point", "cat", None, "y", "throughput", "req/s",
                parse_quoted("4.05"), "at 16 QPS ... 4.05 requests/second", {}, [Selection("vLLM", "category", "16")])
    v = reconcile(r, extraction)
    assert v.verdict == "consistent" and v.measured == pytest.approx(4.05, abs=0.03)
