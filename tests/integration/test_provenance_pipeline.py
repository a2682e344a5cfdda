"""The whole provenance pipeline through DVC in a scratch copy of the project: extraction, ledger,
reconciliation, report, tables; a re-run that does nothing; a replaced image that becomes a new
version. The report is opened in headless Chromium."""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

import pipeline
import pipeline.errors
import pipeline.provenance
from pipeline import defaults

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
COPY = ["dvc.yaml", "params.yaml", "pipeline", "raw_charts", "readings"]


def run(cwd: Path, *cmd: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PATH=f"{BIN}:{os.environ['PATH']}", DVC_NO_ANALYTICS="1", OMP_THREAD_LIMIT="1")
    proc = subprocess.run(list(cmd), cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, f"{cmd} failed:\n{proc.stdout}\n{proc.stderr}"
    return proc


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("project")
    for name in COPY:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, root / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(src, root / name)
    run(root, "git", "init", "-q")
    run(root, "git", "-c", "user.email=t@t", "-c", "user.name=t", "commit", "-q", "--allow-empty", "-m", "init")
    run(root, str(BIN / "dvc"), "init", "-q")
    run(root, str(BIN / "dvc"), "config", "core.analytics", "false")
    run(root, str(BIN / "dvc"), "repro")
    return root


def test_every_article_reading_gets_a_verdict_with_evidence(project):
    doc = json.loads((project / "extracted/audit/reconciliation.json").read_text())
    quotes = [v for v in doc["verdicts"] if v["kind"] != "relation"]
    assert len(quotes) == 15
    assert all(v["verdict"] == "consistent" for v in quotes), [v["reason"] for v in quotes]
    for v in quotes:
        assert v["evidence"] and v["measured_err"] > 0, v
        lo, hi = v["quote_interval"]
        assert lo <= v["measured"] + v["measured_err"] and v["measured"] - v["measured_err"] <= hi
    relations = [v for v in doc["verdicts"] if v["kind"] == "relation"]
    assert len(relations) >= 10 and all(v["verdict"] == "consistent" for v in relations)
    metrics = json.loads((project / "extracted/audit/metrics.json").read_text())
    assert metrics["readings"] == 15 and metrics["consistent"] == 15
    assert doc["charts"]["deepinfer-prefill"]["directional"] is True      # 3 questions unanswered
    assert doc["charts"]["deepinfer-decode"]["directional"] is False


def test_ledger_rows_and_tables_carry_the_source_hash(project):
    ledger = [json.loads(line) for line in (project / "extracted/ledger.jsonl").read_text().splitlines()]
    assert sorted(e["chart"] for e in ledger) == ["deepinfer-decode", "deepinfer-eval", "deepinfer-prefill"]
    df = pipeline.load("deepinfer-prefill", root=project)
    sha = pipeline.provenance.sha256_file(project / "raw_charts/deepinfer-prefill.png")
    assert set(df["source_sha256"]) == {sha}
    assert set(df["ledger_id"]) == {e["id"] for e in ledger if e["chart"] == "deepinfer-prefill"}
    row = df[df["label"] == "4,096"].iloc[0]
    assert row["x_unit"] == "ms" and row["y_unit"] == "tokens/s/GPU" and row["label_value"] == 4096
    assert row["y"] == pytest.approx(60000, rel=0.01) and row["x"] == pytest.approx(68, rel=0.02)
    csv = pd.read_csv(project / "extracted/tables/points.csv")
    assert len(csv) == len(pipeline.load(root=project))
    with pytest.raises(pipeline.errors.InputNotFound, match="no chart named 'nope'"):
        pipeline.load("nope", root=project)


def _chromium() -> str:
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    assert path, "Chromium is missing: `make test` installs it (Makefile target browser-deps)"
    return path


def test_report_renders_in_headless_chromium(project, tmp_path):
    report = project / "extracted/report/report.html"
    html = report.read_text(encoding="utf-8")
    # Self-contained: nothing is fetched when the file is opened.
    assert not re.search(r"""(src|href)\s*=\s*['"]?(https?:|//)""", html)
    assert "<script" not in html and "@import" not in html
    flags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             f"--user-data-dir={tmp_path / 'profile'}"]
    dom = subprocess.run([_chromium(), *flags, "--dump-dom", report.as_uri()],
                         capture_output=True, text=True, timeout=120).stdout
    assert "15 quoted readings" in dom and "15 consistent" in dom
    rows = re.findall(r"<tr class=\"verdict (\w+)\" data-id=\"([^\"]+)\"", dom)
    ids = {i for _, i in rows}
    assert {"prefill-4096-throughput", "decode-256-per-user-speed"} <= ids
    assert all(kind == "consistent" for kind, _ in rows)
    assert len(re.findall(r"<img class=\"overlay\"[^>]+src=\"data:image/png;base64,", dom)) == 3
    shot = tmp_path / "report.png"
    subprocess.run([_chromium(), *flags, "--window-size=1200,1600", f"--screenshot={shot}", report.as_uri()],
                   capture_output=True, timeout=120)
    import cv2
    img = cv2.imread(str(shot))
    assert img is not None and img.shape[:2] == (1600, 1200)
    assert (img < 128).any(axis=2).mean() > 0.01          # text and the chart were drawn, not a blank page


def test_rerun_with_nothing_changed_digitises_nothing(project):
    before = (project / "extracted/ledger.jsonl").read_bytes()
    out = run(project, str(BIN / "dvc"), "repro").stdout
    assert "Running stage" not in out
    assert (project / "extracted/ledger.jsonl").read_bytes() == before


def test_replaced_image_is_a_new_version_and_history_shows_the_change(project):
    data = defaults.load_readings(ROOT / "raw_charts" / "deepinfer_readings.yaml")
    chart = next(c for c in data["charts"] if c["id"] == "deepinfer-prefill")
    moved = next(p for p in chart["series"][0]["points"] if p["label"] == "8,192")
    moved["y"] = 77000                                  # the vendor re-published with one point moved
    new_png = project.parent / "prefill-v2.png"
    new_png.write_bytes(defaults.render_chart(chart)[0])
    run(project, sys.executable, "-m", "pipeline", "add", str(new_png), "--name", "deepinfer-prefill", "--replace")
    out = run(project, str(BIN / "dvc"), "repro").stdout
    assert "Running stage 'digitize@deepinfer-prefill'" in out
    assert "Running stage 'digitize@deepinfer-decode'" not in out
    ledger = [json.loads(line) for line in (project / "extracted/ledger.jsonl").read_text().splitlines()]
    prefill = [e for e in ledger if e["chart"] == "deepinfer-prefill"]
    assert len(prefill) == 2 and prefill[0]["source_sha256"] != prefill[1]["source_sha256"]
    assert (project / "extracted" / prefill[0]["snapshot"] / "points.csv").is_file()   # old one kept
    hist = run(project, sys.executable, "-m", "pipeline", "history", "deepinfer-prefill").stdout
    assert "2 version(s)" in hist and "new image bytes" in hist
    assert re.search(r"~ series-1 '8,192' \(11\d\.\d*, 7[12]\d{3}\.?\d*\) -> \(11\d\.\d*, 7[67]\d{3}", hist), hist
    # Only the moved point is reported as moved or removed. (The new image also gains a spurious
    # point in the bold '6' of the '16,384' label, a digitiser defect of issue 2, so 'added' is
    # not pinned here.)
    assert re.search(r"vs v1: \d+ added, 0 removed, 1 moved", hist), hist
