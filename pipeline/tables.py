"""Tidy tables for downstream tools: one row per point, values with their units and provenance.

    import pipeline
    df = pipeline.load("deepinfer-prefill")     # DataFrame; pipeline.load() gives every chart

Written by the `record` stage as extracted/tables/points.csv and points.parquet.
"""
from __future__ import annotations

import io
from pathlib import Path

import pandas as pd

from .audit.chart_table import label_value, load_extraction
from .errors import InputNotFound
from .provenance import atomic_write_bytes
from .registry.cards import load_card
from .registry.project import Project

COLUMNS = ["chart", "series", "label", "label_value", "label_meaning", "label_unit",
           "x", "x_err", "x_quantity", "x_unit", "y", "y_err", "y_quantity", "y_unit",
           "x_px", "y_px", "confidence", "marker", "color",
           "panel", "source_sha256", "params_sha256", "ledger_id", "package_version", "git_commit", "directional"]


def chart_rows(project: Project, name: str, entry: dict | None) -> pd.DataFrame:
    table = load_extraction(name, project.extraction(name))
    if not table.readable:
        return pd.DataFrame(columns=COLUMNS)
    df = table.points.copy()
    card = load_card(project.card(name)) if project.card(name).is_file() else None
    axes = card.axes if card else {}
    df.insert(0, "chart", name)
    df["label_value"] = [label_value(v) for v in df["label"]]
    df["label_meaning"] = (card.point_label.get("meaning") if card else None) or ""
    df["label_unit"] = (card.point_label.get("unit") if card else None) or ""
    for axis in ("x", "y"):
        read = table.axes.get(axis, {}) if isinstance(table.axes.get(axis), dict) else {}
        df[f"{axis}_quantity"] = axes.get(axis, {}).get("quantity") or read.get("title", "") or ""
        df[f"{axis}_unit"] = axes.get(axis, {}).get("unit") or read.get("unit", "") or ""
    entry = entry or {}
    df["params_sha256"] = entry.get("params_sha256", "")
    df["ledger_id"] = entry.get("id", "")
    df["package_version"] = entry.get("package_version", "")
    df["git_commit"] = entry.get("git_commit", "")
    df["directional"] = bool(card.directional) if card else True
    return df[[c for c in COLUMNS if c in df.columns]]


def write_tables(out_dir: Path, df: pd.DataFrame) -> list[Path]:
    out_dir = Path(out_dir)
    csv_path, parquet_path = out_dir / "points.csv", out_dir / "points.parquet"
    atomic_write_bytes(csv_path, df.to_csv(index=False, lineterminator="\n").encode("utf-8"))
    buf = io.BytesIO()
    df.to_parquet(buf, index=False)
    atomic_write_bytes(parquet_path, buf.getvalue())
    return [csv_path, parquet_path]


def load(name: str | None = None, root: Path | str | None = None) -> pd.DataFrame:
    """The tidy table of one registered chart (or all), with its provenance columns."""
    root = Path(root) if root is not None else Path.cwd()
    path = Project(root).tables / "points.parquet"
    if not path.is_file():
        raise InputNotFound(f"{path} does not exist: run `make run` (or `dvc repro`) in {root} first")
    df = pd.read_parquet(path)
    if name is None:
        return df
    if name not in set(df["chart"]):
        known = ", ".join(sorted(set(df["chart"]))) or "none"
        raise InputNotFound(f"no chart named '{name}' in {path} (charts: {known})")
    return df[df["chart"] == name].reset_index(drop=True)
