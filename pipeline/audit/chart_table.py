"""One extraction as the audit sees it: the points table, the axes record and how it went."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from ..numbers import parse_point_label


@dataclass
class ChartTable:
    name: str
    folder: Path
    points: pd.DataFrame | None          # None when the chart could not be read
    axes: dict = field(default_factory=dict)
    problem: str = ""                    # why points is None

    @property
    def readable(self) -> bool:
        return self.points is not None


def load_extraction(name: str, folder: Path | str) -> ChartTable:
    """The extraction in `folder` (points.csv, axes.json), or a table that says why there is none."""
    folder = Path(folder)
    status = folder / "status.json"
    if status.is_file():
        info = json.loads(status.read_text(encoding="utf-8"))
        if info.get("status") != "ok":
            return ChartTable(name, folder, None, problem=f"chart not readable: {info.get('error', 'unknown error')}")
    csv = folder / "points.csv"
    if not csv.is_file():
        return ChartTable(name, folder, None, problem=f"chart not extracted (no {csv})")
    df = pd.read_csv(csv, dtype={"series": str, "label": str}, keep_default_na=False,
                     na_values={c: [""] for c in ("x", "y", "x_err", "y_err", "value_label_num")})
    axes_path = folder / "axes.json"
    axes = json.loads(axes_path.read_text(encoding="utf-8")) if axes_path.is_file() else {}
    # A categorical x axis: points are found by their category's index, not by a label.
    df.attrs["categories"] = list((axes.get("x") or {}).get("categories") or [])
    return ChartTable(name, folder, df, axes)


def key(text) -> str:
    """Names compared the way a reader would: case, spaces and punctuation ignored."""
    return "".join(c for c in str(text).lower() if c.isalnum())


def label_value(text) -> float | None:
    parsed = parse_point_label(str(text)) if str(text).strip() else None
    return None if parsed is None else parsed[1]


def same_label(a, b) -> bool:
    """'4,096', '4096' and 'bs=4096' name one point; other labels compare as text."""
    va, vb = label_value(a), label_value(b)
    if va is not None and vb is not None:
        return va == vb
    return key(a) == key(b) and key(a) != ""
