import itertools
import os

import pytest

import matplotlib  # noqa: F401

from pipeline.defaults import (DEFAULT_DATA_FILE, DPI, MARKER_SIZE_PT, format_tick, axis_limits, load_readings,
                               quoted_points, render_chart, render_defaults)

# The six readings the seed article quotes, each "about": (label value, x, y).
QUOTED = {
    "deepinfer-prefill": {(4096, 68, 60000), (16384, 200, 81000), (65536, 730, 89000)},
    "deepinfer-decode": {(8, 325, 2600), (64, 248, 15500), (256, 103, 26000)},
}
# The evaluation table, quoted as stated: (task, category index, Pass@1 %).
QUOTED_EVAL = {("AIME 2026", 0, 99.9), ("GPQA Diamond", 1, 93.4), ("HLE-Full", 2, 42.6)}


@pytest.fixture(scope="module")
def data():
    return load_readings(DEFAULT_DATA_FILE)


def test_data_file_holds_the_six_quoted_readings(data):
    found, evals = {}, set()
    for chart, point in quoted_points(data):
        assert point["quote"]
        if chart["kind"] == "bar":
            assert point["hedge"] == "as stated"
            evals.add((point["label"], point["x"], point["y"]))
            continue
        found.setdefault(chart["id"], set()).add((point["label_value"], point["x"], point["y"]))
        assert point["hedge"] == "about"
    assert found == QUOTED
    assert evals == QUOTED_EVAL


def test_every_point_is_quoted_or_illustrative(data):
    labels = {}
    for chart in data["charts"]:
        pts = [p for s in chart["series"] for p in s["points"]]
        labels[chart["id"]] = [p["label"] for p in pts]
        assert all(p["illustrative"] in (True, False) for p in pts)
        assert all("quote" not in p for p in pts if p["illustrative"])
    assert labels == {"deepinfer-prefill": ["4,096", "8,192", "16,384", "32,768", "65,536"],
                      "deepinfer-decode": ["8", "16", "32", "64", "128", "256"],
                      "deepinfer-eval": ["AIME 2026", "GPQA Diamond", "HLE-Full"]}


def test_context_of_each_chart(data):
    by_id = {c["id"]: c for c in data["charts"]}
    prefill, decode = by_id["deepinfer-prefill"], by_id["deepinfer-decode"]
    assert prefill["context"]["context_tokens"] == decode["context"]["context_tokens"] == 131072
    assert prefill["context"]["gpu_count"] == 4 and decode["context"]["gpu_count"] == 64
    assert decode["context"]["speculative_decoding"]["nextn"] == 3
    assert decode["context"]["draft_acceptance_per_token"] == 0.75
    assert (prefill["x_axis"]["unit"], prefill["y_axis"]["unit"]) == ("ms", "tokens/s/GPU")
    assert (decode["x_axis"]["unit"], decode["y_axis"]["unit"]) == ("tokens/s/user", "tokens/s/GPU")


def test_points_obey_the_unit_relations(data):
    # prefill: tokens/s/GPU ~ batch / step time; decode: tokens/s/GPU ~ requests x tokens/s/user.
    for chart in data["charts"]:
        if chart["kind"] == "bar":
            continue
        for p in chart["series"][0]["points"]:
            if chart["kind"] == "prefill":
                implied = p["label_value"] / (p["x"] / 1000)
            else:
                implied = p["label_value"] * p["x"]
            assert abs(implied - p["y"]) / p["y"] < 0.03, (chart["id"], p["label"])


def test_format_tick():
    assert [format_tick(v) for v in (0, 50, 300, 2500, 60000, 100000)] == \
        ["0", "50", "300", "2.5k", "60k", "100k"]


def test_axis_limits_start_at_zero_only_when_natural():
    assert axis_limits([68, 730]) == (0.0, 800.0)
    lo, hi = axis_limits([60000, 89000])
    assert lo > 0 and lo <= 60000 and hi >= 89000


def test_rendering_twice_gives_identical_bytes(tmp_path):
    first = render_defaults(tmp_path / "a", DEFAULT_DATA_FILE)
    second = render_defaults(tmp_path / "b", DEFAULT_DATA_FILE)
    assert [p.name for p in first] == ["deepinfer-prefill.png", "deepinfer-decode.png", "deepinfer-eval.png"]
    for a, b in zip(first, second):
        assert a.read_bytes() == b.read_bytes()
        assert a.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert b"Software" not in a.read_bytes()


def test_unchanged_image_is_not_rewritten(tmp_path):
    paths = render_defaults(tmp_path, DEFAULT_DATA_FILE)
    for p in paths:
        os.utime(p, (1_000_000, 1_000_000))
    render_defaults(tmp_path, DEFAULT_DATA_FILE)
    assert [p.stat().st_mtime for p in paths] == [1_000_000] * 3
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deepinfer-decode.png", "deepinfer-eval.png",
                                                         "deepinfer-prefill.png"]


def test_image_size_and_labels_do_not_collide(data):
    import cv2
    import numpy as np
    for chart in data["charts"]:
        png, boxes = render_chart(chart)
        img = cv2.imdecode(np.frombuffer(png, np.uint8), cv2.IMREAD_COLOR)
        assert img.shape == (750, 1200, 3)
        if chart["kind"] == "bar":
            continue
        assert [b.label for b in boxes] == [p["label"] for p in chart["series"][0]["points"]]
        for a, b in itertools.combinations(boxes, 2):
            assert not a.overlaps(b.extent), (a, b)
        r = MARKER_SIZE_PT / 2 * DPI / 72
        markers = [(b.anchor_x - r, b.anchor_y - r, b.anchor_x + r, b.anchor_y + r) for b in boxes]
        for box, marker in itertools.product(boxes, markers):
            assert not box.overlaps(marker), (box, marker)
        for box in boxes:  # each label sits next to its own marker
            cx, cy = (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2
            assert abs(cx - box.anchor_x) < 60 and abs(cy - box.anchor_y) < 30, box


def test_main_reports_missing_data_file(tmp_path, capsys):
    from pipeline.defaults import main
    assert main(["--out", str(tmp_path), "--data", str(tmp_path / "nope.yaml")]) == 3
    assert "not found" in capsys.readouterr().err


def test_eval_chart_digitises_to_its_quoted_scores(data, tmp_path):
    """The bar chart drawn from the evaluation table reads back as the table: each bar within
    0.5 points of its score, the printed label exact and agreeing with the bar."""
    import csv

    from pipeline.digitize import digitize_file
    chart = next(c for c in data["charts"] if c["id"] == "deepinfer-eval")
    png, _ = render_chart(chart)
    img = tmp_path / "eval.png"
    img.write_bytes(png)
    digitize_file(img, tmp_path / "out")
    rows = list(csv.DictReader(open(tmp_path / "out" / "points.csv")))
    assert len(rows) == 3
    for task, idx, score in QUOTED_EVAL:
        r = next(r for r in rows if int(float(r["x"])) == idx)
        assert r["label"] == task
        assert abs(float(r["y"]) - score) <= 0.5
        assert r["value_label"] == f"{score}%" and float(r["value_label_num"]) == score
        assert r["agrees"] == "true"
