"""The record stage: each registered chart's current extraction into the ledger (when new) and
the tidy tables rebuilt from the current extractions."""
from __future__ import annotations

import pandas as pd

from ..registry.project import Project
from ..tables import COLUMNS, chart_rows, write_tables
from .ledger import current_entry, read_ledger, record


def record_project(project: Project) -> list[str]:
    """One line per chart saying whether a new version was recorded; problems with the ledger too."""
    lines = [f"warning: {p}" for p in read_ledger(project.ledger).problems]
    frames = []
    for name in project.charts():
        folder = project.extraction(name)
        if not (folder / "provenance.json").is_file():
            lines.append(f"{name}: no extraction in {folder}, nothing recorded")
            continue
        entry = record(project.ledger, project.versions, name, folder)
        lines.append(f"{name}: " + (f"new version {entry['id']} recorded" if entry else "unchanged, already in the ledger"))
        frames.append(chart_rows(project, name, current_entry(project.ledger, name, folder)))
    frames = [f for f in frames if not f.empty]
    df = pd.concat(frames, ignore_index=True) if frames else pd.DataFrame(columns=COLUMNS)
    for path in write_tables(project.tables, df):
        lines.append(f"table: {path} ({len(df)} rows)")
    return lines
