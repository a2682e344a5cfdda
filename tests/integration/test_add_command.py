"""`python -m pipeline add`: registers a chart without losing anything the user had."""
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pipeline.cli import main
from pipeline.registry.cards import load_card
from pipeline.registry.project import Project

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def project(tmp_path) -> Path:
    shutil.copy(ROOT / "params.yaml", tmp_path / "params.yaml")
    (tmp_path / "raw_charts").mkdir()
    for name in ("deepinfer-decode.png", "deepinfer-decode.yaml"):
        shutil.copy(ROOT / "raw_charts" / name, tmp_path / "raw_charts" / name)
    return tmp_path


def test_add_copies_writes_a_card_and_registers(project, tmp_path, capsys):
    image = tmp_path / "incoming.png"
    shutil.copy(ROOT / "raw_charts" / "deepinfer-decode.png", image)
    params_before = (project / "params.yaml").read_text()
    assert main(["add", str(image), "--name", "vendor-x", "--source", "https://example.com/x.png",
                 "--project", str(project)]) == 0
    assert (project / "raw_charts" / "vendor-x.png").read_bytes() == image.read_bytes()
    card = load_card(project / "raw_charts" / "vendor-x.yaml")
    assert card.source == {"url": "https://example.com/x.png"}
    assert card.directional and len(card.unanswered) == 8
    charts = Project(project).charts()
    assert list(charts) == ["deepinfer-prefill", "deepinfer-decode", "deepinfer-eval", "vendor-x"]
    after = (project / "params.yaml").read_text()
    assert after.startswith(params_before.split("readings:")[0].rstrip("\n"))   # comments kept
    assert "digitize:" in after and "readings/deepinfer-article.yaml" in after


def test_existing_name_needs_replace_and_keeps_the_card(project, tmp_path, capsys):
    card_before = (project / "raw_charts" / "deepinfer-decode.yaml").read_text()
    image = tmp_path / "new.png"
    shutil.copy(ROOT / "raw_charts" / "deepinfer-prefill.png", image)
    assert main(["add", str(image), "--name", "deepinfer-decode", "--project", str(project)]) == 2
    assert "--replace" in capsys.readouterr().err
    assert main(["add", str(image), "--name", "deepinfer-decode", "--replace", "--project", str(project)]) == 0
    assert (project / "raw_charts" / "deepinfer-decode.png").read_bytes() == image.read_bytes()
    assert (project / "raw_charts" / "deepinfer-decode.yaml").read_text() == card_before


@pytest.mark.parametrize("args, code, words", [
    (["--name", "Bad Name"], 2, "is not a chart name"),
    (["--name", "ok"], 4, "not"),                 # the 'image' is a text file
])
def test_bad_input_is_one_sentence_and_changes_nothing(project, tmp_path, args, code, words):
    junk = tmp_path / "junk.png"
    junk.write_text("not an image")
    params_before = (project / "params.yaml").read_text()
    proc = subprocess.run([sys.executable, "-m", "pipeline", "add", str(junk), *args, "--project", str(project)],
                          capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == code
    assert proc.stderr.count("\n") == 1 and words in proc.stderr and "Traceback" not in proc.stderr
    assert (project / "params.yaml").read_text() == params_before
    assert sorted(p.name for p in (project / "raw_charts").iterdir()) == ["deepinfer-decode.png", "deepinfer-decode.yaml"]


def test_malformed_readings_file_exits_10_naming_file_line_field(project, capsys):
    (project / "readings").mkdir()
    (project / "readings" / "deepinfer-article.yaml").write_text(
        "readings:\n  - id: a\n    chart: deepinfer-decode\n    kind: point\n    point: {label: '8'}\n"
        "    axis: y\n    quoted: '~2.6k'\n")
    assert main(["reconcile", "--project", str(project)]) == 10
    err = capsys.readouterr().err
    assert "deepinfer-article.yaml, line 2: field 'quote': is missing" in err


def test_audit_of_unregistered_images_gives_verdicts_and_reasons(tmp_path):
    """`audit` digitises the images a readings file names; an unreadable one is a reason, not a crash."""
    (tmp_path / "blank.png").write_bytes((ROOT / "raw_charts" / "deepinfer-decode.png").read_bytes()[:200])
    (tmp_path / "r.yaml").write_text(f"""readings:
  - id: good
    image: {ROOT / 'raw_charts' / 'deepinfer-decode.png'}
    kind: ratio
    numerator: {{point: {{label: "256"}}}}
    denominator: {{point: {{label: "8"}}}}
    axis: y
    quoted: "10x"
    quote: "26k against 2.6k"
  - id: broken
    image: blank.png
    kind: point
    point: {{label: "8"}}
    axis: y
    quoted: "2.6k"
    quote: "..."
""")
    assert main(["audit", str(tmp_path / "r.yaml"), "--out", str(tmp_path / "out")]) == 0
    import json
    doc = json.loads((tmp_path / "out" / "reconciliation.json").read_text())
    v = {x["id"]: x for x in doc["verdicts"]}
    assert v["good"]["verdict"] == "consistent" and v["good"]["measured"] == pytest.approx(10.0, rel=0.05)
    assert v["broken"]["verdict"] == "unverifiable" and v["broken"]["reason"].startswith("chart not readable")
    assert (tmp_path / "out" / "report.html").is_file() and (tmp_path / "out" / "summary.md").is_file()


@pytest.mark.parametrize("command, code", [
    (["report"], 3), (["reconcile"], 3), (["record"], 3), (["history", "x"], 3)])
def test_project_commands_on_a_folder_without_a_project(tmp_path, capsys, command, code):
    assert main([*command, "--project", str(tmp_path)]) == code
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "does not exist" in err
