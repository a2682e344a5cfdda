"""An image holding two charts side by side: each read on its own, rows tagged with their panel."""
import csv

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

from pipeline.digitize import digitize_file  # noqa: E402
from pipeline.imageio import load_rgb  # noqa: E402
from pipeline.imageops import page_background  # noqa: E402
from pipeline.panels import split_panels  # noqa: E402

LEFT = ([10, 40, 70, 90], [5.0, 12.0, 30.0, 41.0])          # x 0..100, y 0..50
RIGHT = ([1, 3, 5, 7], [2000.0, 5000.0, 6500.0, 9000.0])     # x 0..8, y 0..10,000


@pytest.fixture(scope="module")
def two_panels(tmp_path_factory):
    path = tmp_path_factory.mktemp("panels") / "two.png"
    with plt.style.context("default"):
        fig, (a, b) = plt.subplots(1, 2, figsize=(12, 4.5), dpi=100)
        a.plot(*LEFT, "o-", ms=8)
        a.set_xlim(0, 100), a.set_ylim(0, 50), a.set_title("Throughput"), a.set_xlabel("Batch")
        b.plot(*RIGHT, "s-", ms=8, color="tab:orange")
        b.set_xlim(0, 8), b.set_ylim(0, 10000), b.set_title("Latency"), b.set_xlabel("Nodes")
        fig.subplots_adjust(wspace=0.45)
        fig.savefig(path)
        plt.close(fig)
    return path


def test_the_gutter_splits_the_image_in_two(two_panels):
    rgb = load_rgb(two_panels)
    boxes = split_panels(rgb, page_background(rgb))
    assert len(boxes) == 2 and boxes[0][2] == boxes[1][0]          # side by side, touching at the cut
    assert boxes[0][0] == 0 and boxes[1][2] == rgb.shape[1]


def test_each_panel_is_read_on_its_own_scale(two_panels, tmp_path):
    digitize_file(two_panels, tmp_path / "out")
    rows = list(csv.DictReader(open(tmp_path / "out" / "points.csv")))
    for panel, (xs, ys), (xspan, yspan) in (("0", LEFT, (100, 50)), ("1", RIGHT, (8, 10000))):
        got = np.array([(float(r["x"]), float(r["y"])) for r in rows if r["panel"] == panel])
        assert len(got) == len(xs), f"panel {panel}: {len(got)} points"
        for tx, ty in zip(xs, ys):
            d = np.hypot((got[:, 0] - tx) / xspan, (got[:, 1] - ty) / yspan)
            assert d.min() <= 0.01, f"panel {panel}: ({tx}, {ty}) not found"
    # Pixels are in whole-image coordinates: the right panel's points lie right of the cut.
    assert min(float(r["x_px"]) for r in rows if r["panel"] == "1") > 600


def test_an_axis_spine_across_a_gap_in_the_data_keeps_one_chart():
    # A chart drawn with only its left and bottom spines, its points bunched at both ends:
    # the columns between them hold the bottom spine's one pixel each, which is a line across
    # the gap, not JPEG noise in a gutter.
    rgb = np.full((460, 630, 3), 255, np.uint8)
    rgb[10:410, 50] = 0                      # left spine
    rgb[410, 50:620] = 0                     # bottom spine
    rgb[100:120, 100:280] = (27, 158, 119)   # the data left of the gap ...
    rgb[200:220, 330:600] = (217, 95, 2)     # ... and right of it
    assert split_panels(rgb, (255, 255, 255)) == [(0, 0, 630, 460)]
    rgb[410, 50:620] = 255                   # without the spine the gap is a gutter
    assert len(split_panels(rgb, (255, 255, 255))) == 2


def test_horizontal_bars_apart_by_a_gutter_are_one_chart_when_one_side_has_no_axis(tmp_path):
    # Bar seed-29 bar019 (dark, horizontal bars, no spines): the page colour runs between two
    # bars across the whole width; the half without the value axis fitted one to the title's
    # 'G' read '5' and a value label '25', and its three bars came out 6-9 % short.
    from pipeline.corpus.bars import make_chart as make_bar_chart
    truth = make_bar_chart(tmp_path, 19, 29)
    rgb = load_rgb(tmp_path / truth["image"])
    assert len(split_panels(rgb, page_background(rgb))) == 2       # the gutter is there
    digitize_file(tmp_path / truth["image"], tmp_path / "out")
    with open(tmp_path / "out" / "points.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    assert {r["panel"] for r in rows} == {"0"}
    got = {r["label"]: float(r["y"]) for r in rows}
    span = truth["y_axis"]["max"] - truth["y_axis"]["min"]
    assert len(got) == 5
    for p in truth["series"][0]["points"]:
        assert abs(got[p["label"]] - p["y"]) <= 0.01 * span, (p, got)
