"""The reconcile stage: every reading of every readings file, and every unit identity on a card,
judged against the current extractions. Writes extracted/audit/{reconciliation.json,
verdicts.csv, metrics.json}; `dvc metrics show` prints the last one."""
from __future__ import annotations

import csv
import io
import json
from collections import Counter
from pathlib import Path

from ..provenance import atomic_write_bytes, sha256_file
from ..registry.cards import Card, load_card
from ..registry.project import Project
from ..versioning.ledger import current_entry
from .chart_table import ChartTable, load_extraction
from .readings import Reading, load_readings
from .reconcile import CONSISTENT, INCONSISTENT, UNVERIFIABLE, check_relation, reconcile

VERDICT_COLUMNS = ["id", "chart", "kind", "verdict", "quoted", "measured", "measured_err",
                   "deviation", "deviation_pct", "reason", "quote"]


def audit(readings: list[Reading], tables: dict[str, ChartTable], cards: dict[str, Card]) -> list:
    verdicts = [reconcile(r, tables.get(r.target), cards.get(r.target)) for r in readings]
    for name, card in cards.items():
        for rel in card.relations:
            if name in tables:
                verdicts += check_relation(card, rel, tables[name])
    return verdicts


def chart_summary(name: str, card: Card | None, table: ChartTable, entry: dict | None) -> dict:
    return {
        "card": None if card is None else {
            "title": card.title, "shows": card.shows, "publisher": card.publisher,
            "retrieved": card.retrieved, "licence": card.licence, "source": card.source,
            "axes": card.axes, "point_label": card.point_label, "checklist": card.checklist,
            "card_file": card.path.as_posix()},
        "directional": True if card is None else card.directional,
        "unanswered": list(card.unanswered) if card else ["no card"],
        "extraction": table.folder.as_posix(),
        "problem": table.problem,
        "n_points": 0 if table.points is None else int(len(table.points)),
        "ledger_id": (entry or {}).get("id"),
        "source_sha256": (entry or {}).get("source_sha256"),
    }


def metrics(verdicts: list, charts: dict) -> dict:
    quotes = Counter(v.verdict for v in verdicts if v.kind != "relation")
    rel = Counter(v.verdict for v in verdicts if v.kind == "relation")
    return {"charts": len(charts),
            "charts_readable": sum(1 for c in charts.values() if not c["problem"]),
            "charts_directional": sum(1 for c in charts.values() if c["directional"]),
            "readings": sum(quotes.values()),
            "consistent": quotes[CONSISTENT], "inconsistent": quotes[INCONSISTENT],
            "unverifiable": quotes[UNVERIFIABLE],
            "relation_checks": sum(rel.values()), "relations_hold": rel[CONSISTENT],
            "relations_broken": rel[INCONSISTENT], "relations_unverifiable": rel[UNVERIFIABLE]}


def write_audit(out_dir: Path, verdicts: list, charts: dict, readings_files: list[Path]) -> dict:
    m = metrics(verdicts, charts)
    doc = {"readings_files": [{"path": p.as_posix(), "sha256": sha256_file(p)} for p in readings_files],
           "charts": charts, "verdicts": [v.as_dict() for v in verdicts], "metrics": m}
    buf = io.StringIO()
    wr = csv.writer(buf, lineterminator="\n")
    wr.writerow(VERDICT_COLUMNS)
    for v in verdicts:
        d = v.as_dict()
        wr.writerow(["" if d[c] is None else d[c] for c in VERDICT_COLUMNS])
    out_dir = Path(out_dir)
    atomic_write_bytes(out_dir / "reconciliation.json", _json(doc))
    atomic_write_bytes(out_dir / "verdicts.csv", buf.getvalue().encode("utf-8"))
    atomic_write_bytes(out_dir / "metrics.json", _json(m))
    return m


def _json(obj) -> bytes:
    return (json.dumps(obj, indent=2, ensure_ascii=False, default=str) + "\n").encode("utf-8")


def run_project(project: Project) -> dict:
    """The reconcile stage for a project's registered charts and its readings files."""
    names = list(project.charts())
    cards = {n: load_card(project.card(n)) for n in names if project.card(n).is_file()}
    tables = {n: load_extraction(n, project.extraction(n)) for n in names}
    files = project.readings_files()
    readings = [r for f in files for r in load_readings(f)]
    charts = {n: chart_summary(n, cards.get(n), tables[n],
                               current_entry(project.ledger, n, project.extraction(n))) for n in names}
    verdicts = audit(readings, tables, cards)
    return write_audit(project.audit, verdicts, charts, files)
