"""A malformed card, readings file or params.yaml is named by file, line and field."""
from pathlib import Path

import pytest

from pipeline.audit.readings import load_readings
from pipeline.errors import DataFileError
from pipeline.registry.cards import load_card
from pipeline.registry.project import Project

ROOT = Path(__file__).resolve().parents[2]


def write(tmp_path, name, text) -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def test_the_shipped_cards_and_readings_load():
    prefill = load_card(ROOT / "raw_charts" / "deepinfer-prefill.yaml")
    assert prefill.unanswered == ["included", "assumptions", "compared_against"]
    assert prefill.directional                       # three unanswered: a directional signal
    decode = load_card(ROOT / "raw_charts" / "deepinfer-decode.yaml")
    assert not decode.directional and decode.relations[0].evaluate({"x": 325, "y": 0, "label": 8}) == 2600
    readings = load_readings(ROOT / "readings" / "deepinfer-article.yaml")
    assert len(readings) == 15
    assert [r.quoted.hedge for r in readings].count("about") == 12     # the serving numbers (약)
    eval_card = load_card(ROOT / "raw_charts" / "deepinfer-eval.yaml")
    assert eval_card.directional and len(eval_card.unanswered) == 4


def card_text(**changes) -> str:
    text = (ROOT / "raw_charts" / "deepinfer-decode.yaml").read_text(encoding="utf-8")
    for old, new in changes.items():
        assert old in text
        text = text.replace(old, new)
    return text


def test_card_missing_field_names_it(tmp_path):
    p = write(tmp_path, "c.yaml", card_text(**{"publisher: DeepInfer": "publisherx: DeepInfer"}))
    with pytest.raises(DataFileError, match=r"c.yaml, line \d+: field 'publisher': is missing"):
        load_card(p)


def test_card_unknown_checklist_question_gives_its_line(tmp_path):
    text = card_text(**{"  hardware:": "  hardwear:"})
    line = next(i for i, ln in enumerate(text.splitlines(), 1) if ln.startswith("  hardwear:"))
    with pytest.raises(DataFileError) as err:
        load_card(write(tmp_path, "c.yaml", text))
    assert err.value.line == line and err.value.field == "checklist.hardwear"


def test_card_relation_may_not_hold_code(tmp_path):
    text = card_text(**{"rhs: label * x": "rhs: __import__('os').system('true')"})
    with pytest.raises(DataFileError, match="field 'rhs'"):
        load_card(write(tmp_path, "c.yaml", text))


def test_invalid_yaml_gives_the_line(tmp_path):
    p = write(tmp_path, "r.yaml", "readings:\n  - id: a\n    kind: [point\n")
    with pytest.raises(DataFileError) as err:
        load_readings(p)
    assert err.value.line is not None and "not valid YAML" in err.value.message


READING = """readings:
  - id: a
    chart: c
    kind: point
    point: {label: "8"}
    axis: y
    quoted: "~2.6k"
    quote: "..."
"""


@pytest.mark.parametrize("old, new, line, field", [
    ("kind: point", "kind: guess", 4, "kind"),
    ("axis: y", "axis: z", 6, "axis"),
    ('quoted: "~2.6k"', 'quoted: "a lot"', 7, "quoted"),
    ('point: {label: "8"}', 'point: {batch: "8"}', 5, "point"),
    ("    quote: \"...\"\n", "", 2, "quote"),
])
def test_readings_errors_name_line_and_field(tmp_path, old, new, line, field):
    p = write(tmp_path, "r.yaml", READING.replace(old, new))
    with pytest.raises(DataFileError) as err:
        load_readings(p)
    assert (err.value.line, err.value.field) == (line, field)
    assert str(p) in err.value.message


def test_duplicate_reading_id(tmp_path):
    p = write(tmp_path, "r.yaml", READING + READING.split("\n", 1)[1])
    with pytest.raises(DataFileError, match="'a' is used twice"):
        load_readings(p)


def test_params_chart_entry_without_image(tmp_path):
    write(tmp_path, "params.yaml", "charts:\n  good: {image: g.png}\n  bad: {img: b.png}\n")
    with pytest.raises(DataFileError) as err:
        Project(tmp_path).charts()
    assert (err.value.line, err.value.field) == (3, "charts.bad")
