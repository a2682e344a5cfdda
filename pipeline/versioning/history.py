"""What changed between two versions of a chart's extraction: points added, removed, moved."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from ..audit.chart_table import load_extraction, same_label
from ..labels import min_cost_assignment
from .ledger import read_ledger

MOVE_SPAN_SHARE = 0.005    # a shift under 0.5 % of the plotted range (beyond the errors) is noise


@dataclass
class Change:
    added: list[dict] = field(default_factory=list)
    removed: list[dict] = field(default_factory=list)
    moved: list[tuple[dict, dict]] = field(default_factory=list)
    unchanged: int = 0

    @property
    def empty(self) -> bool:
        return not (self.added or self.removed or self.moved)


def diff_points(old: pd.DataFrame, new: pd.DataFrame) -> Change:
    """Pair the points of two tables, labelled points by (series, label), the rest by position."""
    old_rows, new_rows = old.to_dict("records"), new.to_dict("records")
    pairs, left_old, left_new = [], list(range(len(old_rows))), list(range(len(new_rows)))
    for i in list(left_old):
        a = old_rows[i]
        if not a["label"]:
            continue
        hits = [j for j in left_new if new_rows[j]["label"] and a["series"] == new_rows[j]["series"]
                and same_label(a["label"], new_rows[j]["label"])]
        if len(hits) == 1:
            pairs.append((i, hits[0]))
            left_old.remove(i)
            left_new.remove(hits[0])
    span = _spans(old, new)
    if left_old and left_new:
        cost = np.array([[_distance(old_rows[i], new_rows[j], span) for j in left_new] for i in left_old])
        rows, cols = min_cost_assignment(np.minimum(cost, 1e6))
        for r, c in zip(rows, cols):
            if cost[r, c] <= 0.05:         # farther than 5 % of the range: a different point
                pairs.append((left_old[r], left_new[c]))
        paired_old = {i for i, _ in pairs}
        paired_new = {j for _, j in pairs}
        left_old = [i for i in left_old if i not in paired_old]
        left_new = [j for j in left_new if j not in paired_new]
    ch = Change(added=[new_rows[j] for j in left_new], removed=[old_rows[i] for i in left_old])
    for i, j in pairs:
        a, b = old_rows[i], new_rows[j]
        if _moved(a, b, span):
            ch.moved.append((a, b))
        else:
            ch.unchanged += 1
    return ch


def _spans(*tables: pd.DataFrame) -> dict:
    out = {}
    for axis in ("x", "y"):
        vals = pd.concat([t[axis] for t in tables]).dropna()
        out[axis] = float(vals.max() - vals.min()) if len(vals) > 1 else 1.0
        out[axis] = out[axis] or 1.0
    return out


def _distance(a: dict, b: dict, span: dict) -> float:
    if a["series"] != b["series"]:
        return 1e6
    return float(np.hypot((a["x"] - b["x"]) / span["x"], (a["y"] - b["y"]) / span["y"]))


def _moved(a: dict, b: dict, span: dict) -> bool:
    for axis in ("x", "y"):
        err = _num(a.get(f"{axis}_err")) + _num(b.get(f"{axis}_err"))
        if abs(_num(a[axis]) - _num(b[axis])) > err + MOVE_SPAN_SHARE * span[axis]:
            return True
    return False


def _num(v) -> float:
    return float(v) if v is not None and v == v else 0.0


def history(ledger: Path, chart: str) -> list[tuple[dict, Change | None, str]]:
    """The chart's versions in ledger order, each with its change from the one before."""
    entries = [e for e in read_ledger(ledger).entries if e["chart"] == chart]
    out, prev_table, prev = [], None, None
    for e in entries:
        table = load_extraction(chart, Path(ledger).parent / e.get("snapshot", "missing"))
        what = _what_changed(prev, e)
        change = diff_points(prev_table, table.points) if (prev_table is not None and table.readable) else None
        out.append((e, change, what))
        if table.readable:
            prev_table, prev = table.points, e
    return out


def _what_changed(prev: dict | None, e: dict) -> str:
    if prev is None:
        return "first version"
    parts = []
    if prev["source_sha256"] != e["source_sha256"]:
        parts.append("new image bytes")
    if prev.get("params_sha256") != e.get("params_sha256"):
        parts.append("parameters changed")
    if prev.get("git_commit") != e.get("git_commit") or prev.get("ocr_engine") != e.get("ocr_engine"):
        parts.append("code or OCR engine changed")
    return ", ".join(parts) or "same inputs, different result"


def format_history(chart: str, versions: list) -> str:
    if not versions:
        return f"{chart}: no versions in the ledger"
    lines = [f"{chart}: {len(versions)} version(s)"]
    for n, (e, change, what) in enumerate(versions, 1):
        lines.append(f"v{n} {e['id']}  recorded {e['recorded_utc']}  image {e['source_sha256'][:12]}  "
                     f"params {str(e.get('params_sha256'))[:8]}  commit {str(e.get('git_commit'))[:8]}  "
                     f"{e['n_points']} points  ({what})")
        if change is None:
            continue
        lines.append(f"   vs v{n - 1}: {len(change.added)} added, {len(change.removed)} removed, "
                     f"{len(change.moved)} moved, {change.unchanged} unchanged")
        if change.empty:
            prev = versions[n - 2][0]
            differ = sorted(k for k, v in e.get("outputs", {}).items() if prev.get("outputs", {}).get(k) != v)
            lines.append(f"   same points; files that differ: {', '.join(differ) or 'none'} "
                         f"(columns, axis records or the overlay)")
        for p in change.added:
            lines.append(f"   + {_pt(p)}")
        for p in change.removed:
            lines.append(f"   - {_pt(p)}")
        for a, b in change.moved:
            lines.append(f"   ~ {_pt(a)} -> ({b['x']:.6g}, {b['y']:.6g})")
    return "\n".join(lines)


def _pt(p: dict) -> str:
    label = f" '{p['label']}'" if p.get("label") else ""
    return f"{p['series']}{label} ({p['x']:.6g}, {p['y']:.6g})"
