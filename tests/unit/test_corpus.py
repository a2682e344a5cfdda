"""Synthetic corpus generator, its scoring functions and the benchmark command."""
import csv
import json
import math
import re
import sys
import textwrap

import pytest
from PIL import Image

from pipeline.corpus import bench
from pipeline.corpus import score as SC
from pipeline.corpus.generate import generate, make_chart
from pipeline.corpus.styles import ALL_STYLES, format_tick, log_ticks

DEGRADATION = re.compile(
    r"none|(dark|transparent|border-\d+|downscale-0\.\d\d|blur-\d\.\d\d|noise-\d\.\d|jpeg-q\d\d)"
    r"(\+(dark|transparent|border-\d+|downscale-0\.\d\d|blur-\d\.\d\d|noise-\d\.\d|jpeg-q\d\d))*")


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    out = tmp_path_factory.mktemp("corpus")
    truths = generate(out, 6, seed=3, jobs=1)
    return out, truths


def _axis_ok(a):
    assert a["scale"] in ("linear", "log")
    assert isinstance(a["min"], (int, float)) and isinstance(a["max"], (int, float))
    assert a["min"] < a["max"]
    if a["scale"] == "log":
        assert a["min"] > 0 and a["base"] in (2, 10)
    assert isinstance(a["title"], str)
    assert len(a["tick_labels"]) >= 2 and all(isinstance(t, str) and t for t in a["tick_labels"])


def test_truth_files_are_valid(corpus):
    out, truths = corpus
    assert len(truths) == 6
    assert {t["kind"] for t in truths} == {"prefill", "decode", "multi", "concurrency"}
    for t in truths:
        on_disk = json.loads((out / f"{t['id']}.truth.json").read_text())
        assert on_disk == t
        for key in ("id", "renderer", "style", "kind", "degradation", "clean", "image", "width",
                    "height", "title", "legend", "x_axis", "y_axis", "series"):
            assert key in t, key
        assert t["renderer"] in ("matplotlib", "pil") and t["style"] in ALL_STYLES
        assert DEGRADATION.fullmatch(t["degradation"]), t["degradation"]
        assert t["clean"] == (t["degradation"] == "none")
        img = Image.open(out / t["image"])
        assert img.size == (t["width"], t["height"])
        assert 600 * 0.6 <= t["width"] <= 2000 + 2 * 60
        assert img.format == ("JPEG" if t["image"].endswith(".jpg") else "PNG")
        assert ("jpeg-q" in t["degradation"]) == t["image"].endswith(".jpg")
        if "transparent" in t["degradation"]:
            assert img.mode == "RGBA" and img.getextrema()[3][0] == 0
        _axis_ok(t["x_axis"])
        _axis_ok(t["y_axis"])
        assert t["series"]
        if not t["legend"]:
            assert [s["name"] for s in t["series"]] == ["series-1"]
        else:
            assert all(s["name"] and s["name"] != "series-1" for s in t["series"])
        if t["kind"] == "multi":
            assert t["legend"] and 2 <= len(t["series"]) <= 3
        for s in t["series"]:
            assert len(s["points"]) >= 4
            for p in s["points"]:
                assert t["x_axis"]["min"] < p["x"] < t["x_axis"]["max"], (t["id"], p)
                assert t["y_axis"]["min"] < p["y"] < t["y_axis"]["max"], (t["id"], p)
                if t["kind"] == "concurrency":
                    assert p["label"] == ""
                else:
                    assert re.fullmatch(r"(bs=|n=)?\d{1,3}(,?\d{3})*( req)?", p["label"]), p["label"]


def test_generation_is_deterministic(tmp_path):
    a = make_chart(tmp_path, 5, 10, 7)
    img_a = (tmp_path / a["image"]).read_bytes()
    b = make_chart(tmp_path, 5, 10, 7)
    assert a == b
    assert (tmp_path / b["image"]).read_bytes() == img_a
    assert make_chart(tmp_path, 5, 10, 8) != a


def _pixel_of(t, p):
    x0, y0, x1, y1 = t["render"]["plot_box_px"]

    def tr(a, v):
        return math.log10(v) if a["scale"] == "log" else v

    xa, ya = t["x_axis"], t["y_axis"]
    px = x0 + (tr(xa, p["x"]) - tr(xa, xa["min"])) / (tr(xa, xa["max"]) - tr(xa, xa["min"])) * (x1 - x0)
    py = y1 - (tr(ya, p["y"]) - tr(ya, ya["min"])) / (tr(ya, ya["max"]) - tr(ya, ya["min"])) * (y1 - y0)
    return int(px), int(py)


@pytest.mark.parametrize("style", ["pil-dashboard", "pil-card", "mpl-ggplot", "vega-default", "vega-minimal"])
def test_markers_are_drawn_where_the_truth_says(tmp_path, style):
    truths = generate(tmp_path, 2, seed=11, jobs=1, styles=[style])
    checked = 0
    for t in truths:
        assert t["style"] == style or t["style"] in ("pil-dark", "mpl-dark")
        if t["degradation"] not in ("none", "dark"):
            continue
        img = Image.open(tmp_path / t["image"]).convert("RGB")
        for s in t["series"]:
            colours = [img.getpixel(_pixel_of(t, p)) for p in s["points"]]
            ref = max(set(colours), key=colours.count)
            assert ref != img.getpixel((1, 1))
            # every marker centre (give or take a pixel: small triangles) has the series colour
            for p in s["points"]:
                px, py = _pixel_of(t, p)
                near = [img.getpixel((px + dx, py + dy)) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
                assert min(max(abs(a - b) for a, b in zip(c, ref)) for c in near) <= 30, (t["id"], p)
                checked += 1
    assert checked >= 1


def test_tick_formats():
    assert format_tick(20000, "k", 10000) == "20k"
    assert format_tick(1500000, "M", 500000) == "1.5M"
    assert format_tick(20000, "comma", 10000) == "20,000"
    assert format_tick(0.5, "plain", 0.5) == "0.5"
    assert format_tick(10000, "sci", 5000) == "1e4"
    assert format_tick(-20, "pct", 10) == "-20%"
    assert log_ticks(0.7, 300, 2, False) == [1, 2, 4, 8, 16, 32, 64, 128, 256]
    assert log_ticks(50, 40000, 10, False) == [100, 1000, 10000]


# ----------------------------------------------------------------------------- scoring
def _truth(xscale="linear", legend=True):
    return {
        "id": "t", "kind": "multi", "legend": legend,
        "x_axis": {"scale": xscale, "min": 1 if xscale == "log" else 0,
                   "max": 1000, "title": "", "tick_labels": []},
        "y_axis": {"scale": "linear", "min": 0, "max": 100, "title": "", "tick_labels": []},
        "series": [
            {"name": "Engine A", "points": [{"label": "4096", "x": 10, "y": 20},
                                            {"label": "8192", "x": 100, "y": 40},
                                            {"label": "16384", "x": 500, "y": 60}]},
            {"name": "Ours", "points": [{"label": "4096", "x": 20, "y": 50},
                                        {"label": "8192", "x": 200, "y": 70},
                                        {"label": "16384", "x": 800, "y": 90}]},
        ],
    }


def _rows(truth):
    return [{"series": s["name"], "label": p["label"], "x": p["x"], "y": p["y"]}
            for s in truth["series"] for p in s["points"]]


def test_exact_match_scores_one():
    t = _truth()
    r = SC.score_chart(t, _rows(t))
    assert r["n_truth"] == 6
    assert r["within1%"] == 6 and r["within2%"] == 6
    assert r["labels_found"] == r["n_labelled"] == 6
    assert r["names_ok"] == r["n_named"] == 2
    assert r["extra"] == 0
    s = bench.summarize([dict(r, error=None, seconds=0.1)])
    assert s["within1"] == 1.0 and s["within2"] == 1.0 and s["labels"] == 1.0 and s["names"] == 1.0


def test_shift_of_one_and_a_half_percent_fails_at_1_passes_at_2():
    t = _truth()
    rows = _rows(t)
    rows[1]["x"] += 0.015 * 1000  # 1.5 % of the x span
    r = SC.score_chart(t, rows)
    assert r["within1%"] == 5
    assert r["within2%"] == 6
    rows[4]["y"] -= 0.025 * 100  # 2.5 % of the y span fails both
    r = SC.score_chart(t, rows)
    assert (r["within1%"], r["within2%"]) == (4, 5)


def test_label_normalisation():
    assert SC.label_key("bs=4,096") == SC.label_key("4096") == SC.label_key("4,096") == "4096"
    assert SC.label_key("8 req") == SC.label_key("n=8") == "8"
    assert SC.is_numeric_label("bs=4,096") and not SC.is_numeric_label("TP=4, DP=2")
    assert SC.label_key("TP=4, DP=2") == "tp4dp2"
    t = _truth()
    rows = _rows(t)
    for r in rows:
        r["label"] = "bs=" + f"{int(r['label']):,}"
    rows[0]["label"] = "bs=999"  # wrong label: not found, but the point still matches by nearness
    res = SC.score_chart(t, rows)
    assert res["labels_found"] == 5 and res["n_labelled"] == 6
    assert res["within1%"] == 6


def test_log_axis_tolerance_is_in_log10_units():
    t = _truth(xscale="log")  # x from 1 to 1000: a span of 3 decades
    rows = _rows(t)
    rows[0]["x"] = 10 * 10 ** (0.015 * 3)  # 1.5 % of the log10 span from x=10
    r = SC.score_chart(t, rows)
    dx = r["points"][0]["matched"]["dx"]
    assert dx == pytest.approx(0.015, abs=1e-4)
    assert (r["within1%"], r["within2%"]) == (5, 6)
    # the same absolute error in linear units would be far below 1 % of a linear span
    rows[0]["x"] = 10 * 1.2
    r = SC.score_chart(t, rows)
    assert r["points"][0]["matched"]["dx"] == pytest.approx(math.log10(1.2) / 3, abs=1e-4)
    assert r["within2%"] == 5


def test_series_assignment_names_and_extra_points():
    t = _truth()
    rows = _rows(t)
    for r in rows:  # names swapped and differently spelt
        r["series"] = {"Engine A": "s2", "Ours": "  ours "}[r["series"]]
    rows.append({"series": "s2", "label": "", "x": 900, "y": 5})
    r = SC.score_chart(t, rows)
    assert r["within1%"] == 6
    assert r["names_ok"] == 1  # "  ours " == "Ours"; "s2" != "Engine A"
    assert r["extra"] == 1
    # without a legend names are not scored
    assert SC.score_chart(_truth(legend=False), _rows(t))["n_named"] == 0


def test_unlabelled_points_match_by_nearest():
    t = _truth()
    for s in t["series"]:
        for p in s["points"]:
            p["label"] = ""
    rows = _rows(t)[::-1]
    r = SC.score_chart(t, rows)
    assert r["within1%"] == 6 and r["n_labelled"] == 0


def test_read_points_csv(tmp_path):
    p = tmp_path / "points.csv"
    p.write_text('series,label,x,y,conf\nA,"4,096","1,200",3.5,1\nA,8192,x?,4,1\n')
    rows = SC.read_points_csv(p)
    assert rows == [{"series": "A", "label": "4,096", "x": 1200.0, "y": 3.5}]
    (tmp_path / "bad.csv").write_text("series,x,y\nA,1,2\n")
    with pytest.raises(ValueError, match="label"):
        SC.read_points_csv(tmp_path / "bad.csv")


# ----------------------------------------------------------------------------- bench
FAKE = '''
import csv, json, pathlib
from pipeline.errors import PipelineError

class FakeFailure(PipelineError):
    pass

CORPUS = pathlib.Path({corpus!r})

def digitize_file(image_path, out_dir):
    stem = pathlib.Path(image_path).stem
    if stem.endswith("1"):
        raise FakeFailure("nothing found")
    t = json.loads((CORPUS / (stem + ".truth.json")).read_text())
    with open(pathlib.Path(out_dir) / "points.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["series", "label", "x", "y"])
        for s in t["series"]:
            for p in s["points"]:
                w.writerow([s["name"], p["label"], p["x"], p["y"]])
'''


def test_bench_end_to_end_with_a_fake_digitiser(corpus, tmp_path, monkeypatch, capsys):
    out, truths = corpus
    (tmp_path / "fake_digitiser_mod.py").write_text(textwrap.dedent(FAKE.format(corpus=str(out))))
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop("fake_digitiser_mod", None)
    js = tmp_path / "res.json"
    rc = bench.main(["--corpus", str(out), "--digitizer", "fake_digitiser_mod:digitize_file",
                     "--json", str(js), "--quiet"])
    assert rc == 0
    text = capsys.readouterr().out
    last = text.strip().splitlines()[-1]
    # syn001 fails, the five others are perfect
    n_fail_points = sum(len(s["points"]) for t in truths if t["id"] == "syn001" for s in t["series"])
    n_points = sum(len(s["points"]) for t in truths for s in t["series"])
    share = (n_points - n_fail_points) / n_points
    m = re.fullmatch(r"overall within1%: ([\d.]+)  within2%: ([\d.]+)  labels: ([\d.-]+)  "
                     r"names: ([\d.-]+)  failures: (\d+)  median_s: ([\d.]+)", last)
    assert m, last
    assert float(m.group(1)) == pytest.approx(share, abs=1e-3)
    assert int(m.group(5)) == 1
    assert "syn001" in text and "FakeFailure: nothing found" in text
    data = json.loads(js.read_text())
    by_id = {c["id"]: c for c in data["charts"]}
    assert by_id["syn001"]["error"].startswith("FakeFailure") and by_id["syn001"]["within2%"] == 0
    assert by_id["syn000"]["error"] is None and by_id["syn000"]["within1%"] == by_id["syn000"]["n_truth"]
    assert data["summary"]["failures"] == 1


def test_bench_survives_a_bad_csv(corpus, tmp_path):
    out, truths = corpus

    def writes_garbage(image, out_dir):
        with open(f"{out_dir}/points.csv", "w", newline="") as f:
            csv.writer(f).writerow(["a", "b"])

    t = dict(truths[0], _image_path=str(out / truths[0]["image"]))
    r = bench.run_chart(t, writes_garbage, tmp_path)
    assert r["error"].startswith("bad points.csv") and r["within1%"] == 0 and r["extra"] == 0


def test_bar_labels_that_do_not_fit_inside_are_printed_outside_in_the_text_colour():
    """White labels inside bars: one too long for its bar goes beyond the end, dark (white text
    past a bar's end would be white on the page: bars seed 0 bar010)."""
    import matplotlib
    matplotlib.use("Agg")
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.colors import to_hex
    from matplotlib.figure import Figure

    from pipeline.corpus.bars import _mpl_inside_labels

    spec = {"dpi": 100, "tick_px": 14.0}
    st = {"text": "#222222"}
    for horiz in (True, False):
        fig = Figure(figsize=(6, 4), dpi=100)
        FigureCanvasAgg(fig)
        ax = fig.add_subplot()
        draw = ax.barh if horiz else ax.bar
        long_bar = draw(0, 90.0, 0.6)
        short_bar = draw(1, 4.0, 0.6)
        if horiz:
            ax.set_xlim(0, 100)
        else:
            ax.set_ylim(0, 100)
        _mpl_inside_labels(fig, ax, [(long_bar, "84.6%"), (short_bar, "24.3%")], spec, st, horiz)
        colours = {t.get_text(): to_hex(t.get_color()) for t in ax.texts}
        assert colours == {"84.6%": "#ffffff", "24.3%": "#222222"}
        # The white label lies inside its bar.
        r = fig.canvas.get_renderer()
        tb = next(t for t in ax.texts if t.get_text() == "84.6%").get_window_extent(r)
        bb = long_bar.patches[0].get_window_extent(r)
        assert bb.x0 - 0.5 <= tb.x0 and tb.x1 <= bb.x1 + 0.5 and bb.y0 - 0.5 <= tb.y0 and tb.y1 <= bb.y1 + 0.5


def test_line_only_charts_have_lines_but_no_markers_or_labels(tmp_path):
    truths = generate(tmp_path, 4, seed=5, jobs=1, styles=["mpl-white"], line_only=True)
    for t in truths:
        assert t["render"]["line_only"] is True
        assert all(p["label"] == "" for s in t["series"] for p in s["points"])
        assert t["render"]["dashes"][0] in ("solid", "dashed")
        if len(t["series"]) > 1:
            assert len(set(t["render"]["dashes"])) == len(t["series"])


def test_curve_score_interpolates_the_extracted_trace():
    t = _truth()
    t["render"] = {"line_only": True}
    rows = _rows(t)
    r = SC.score_chart(t, rows)
    assert r["on_trace1%"] == 6
    shifted = [dict(row, y=row["y"] + 0.02 * 100) for row in rows]
    assert SC.score_chart(t, shifted)["on_trace1%"] == 0
    # vertices (normalised) on a straight trace sampled only at its ends are all on it
    assert SC.on_trace([(0.0, 0.0), (0.5, 0.5), (1.0, 1.0)], [(0.0, 0.0), (1.0, 1.0)]) == 3
    assert SC.on_trace([(0.5, 0.6)], [(0.0, 0.0), (1.0, 1.0)]) == 0
    assert SC.on_trace([(1.5, 1.5)], [(0.0, 0.0), (1.0, 1.0)]) == 0  # outside the trace's x range
    assert SC.on_trace([(0.5, 0.5)], []) == 0
