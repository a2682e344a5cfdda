"""The ledger only grows, survives an interrupted write, and history tells versions apart."""
import json
from pathlib import Path

import pandas as pd

from pipeline.versioning.history import diff_points, format_history, history
from pipeline.versioning.ledger import read_ledger, record

HEADER = "series,label,x,y,x_px,y_px,confidence,source_sha256,x_err,y_err,marker,color\n"


def extraction(folder: Path, source_sha: str, points: list[tuple]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    rows = "".join(f"{s},{lab},{x},{y},0,0,1,{source_sha},0.5,50,circle,#000000\n" for s, lab, x, y in points)
    (folder / "points.csv").write_text(HEADER + rows)
    (folder / "axes.json").write_text("{}")
    (folder / "provenance.json").write_text(json.dumps({
        "source": {"path": "raw_charts/c.png", "size_bytes": 10, "sha256": source_sha},
        "params_sha256": "p" * 64, "package": {"version": "0.1.0", "git_commit": "abc", "git_dirty": False},
        "ocr_engine": {"backend": "TesserocrEngine", "tesseract": "5.5.4"}, "created_utc": "2026-01-01T00:00:00Z"}))
    return folder


V1 = [("s", "8", 325, 2600), ("s", "64", 248, 15500), ("s", "256", 103, 26000)]
V2 = [("s", "8", 325, 2600), ("s", "64", 248, 17000), ("s", "512", 60, 30000)]


def test_record_appends_once_per_distinct_extraction(tmp_path):
    ledger, versions = tmp_path / "ledger.jsonl", tmp_path / "versions"
    ex = extraction(tmp_path / "ex", "a" * 64, V1)
    first = record(ledger, versions, "c", ex)
    assert first is not None and (tmp_path / first["snapshot"] / "points.csv").is_file()
    assert record(ledger, versions, "c", ex) is None          # nothing changed: nothing added
    extraction(tmp_path / "ex", "b" * 64, V2)                   # the vendor replaced the image
    second = record(ledger, versions, "c", ex)
    entries = read_ledger(ledger).entries
    assert [e["id"] for e in entries] == [first["id"], second["id"]]
    assert entries[0]["source_sha256"] == "a" * 64 and entries[1]["source_sha256"] == "b" * 64
    assert (tmp_path / first["snapshot"] / "points.csv").read_text().count("\n") == 4   # old version kept


def test_a_torn_last_line_is_kept_reported_and_sealed(tmp_path):
    ledger, versions = tmp_path / "ledger.jsonl", tmp_path / "versions"
    first = record(ledger, versions, "c", extraction(tmp_path / "ex", "a" * 64, V1))
    before = ledger.read_bytes()
    with open(ledger, "ab") as fh:                # a run killed in the middle of its write
        fh.write(b'{"chart":"c","id":"dead')
    read = read_ledger(ledger)
    assert [e["id"] for e in read.entries] == [first["id"]] and len(read.problems) == 1
    second = record(ledger, versions, "c", extraction(tmp_path / "ex", "b" * 64, V2))
    after = ledger.read_bytes()
    assert after.startswith(before + b'{"chart":"c","id":"dead\n')     # nothing cut off
    read = read_ledger(ledger)
    assert [e["id"] for e in read.entries] == [first["id"], second["id"]]
    assert "line 2" in read.problems[0]


def test_diff_pairs_by_label_and_finds_added_removed_moved():
    cols = ["series", "label", "x", "y"]
    old, new = pd.DataFrame(V1, columns=cols), pd.DataFrame(V2, columns=cols)
    for df in (old, new):
        df["x_err"], df["y_err"] = 0.5, 50.0
    ch = diff_points(old, new)
    assert [p["label"] for p in ch.added] == ["512"]
    assert [p["label"] for p in ch.removed] == ["256"]
    assert [(a["label"], b["y"]) for a, b in ch.moved] == [("64", 17000)]
    assert ch.unchanged == 1


def test_unlabelled_points_pair_by_position():
    cols = ["series", "label", "x", "y", "x_err", "y_err"]
    old = pd.DataFrame([("s", "", 1.0, 10.0, 0.01, 0.1), ("s", "", 5.0, 50.0, 0.01, 0.1)], columns=cols)
    new = pd.DataFrame([("s", "", 5.0, 50.05, 0.01, 0.1), ("s", "", 1.0, 10.0, 0.01, 0.1)], columns=cols)
    ch = diff_points(old, new)
    assert ch.empty and ch.unchanged == 2


def test_history_lists_versions_and_the_change(tmp_path):
    ledger, versions = tmp_path / "ledger.jsonl", tmp_path / "versions"
    record(ledger, versions, "c", extraction(tmp_path / "ex", "a" * 64, V1))
    record(ledger, versions, "c", extraction(tmp_path / "ex", "b" * 64, V2))
    h = history(ledger, "c")
    assert [what for _, _, what in h] == ["first version", "new image bytes"]
    text = format_history("c", h)
    assert "2 version(s)" in text and "1 added, 1 removed, 1 moved, 1 unchanged" in text
    assert "+ s '512'" in text and "- s '256'" in text
