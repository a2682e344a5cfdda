"""Chart cards: where a chart was published, what it shows, and the reader's checklist.

A card sits beside its image as raw_charts/NAME.yaml. The checklist is the eight questions of the
seed article; a chart with three or more left unanswered is a directional signal, not a number to
buy hardware on, and the report says so.
"""
from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path

from ..datafile import LocatedDict, load_yaml, require
from ..errors import DataFileError

CHECKLIST = {
    "unit": "Unit: tokens/s/GPU, tokens/s/user or ms/step?",
    "workload": "Workload: context length, input/output ratio, cache-hit rate, arrival pattern",
    "hardware": "Hardware: accelerator model, count, interconnect, memory, node or cluster",
    "batch_concurrency": "Batch and concurrency",
    "included": "What is included: engine only, or the full serving stack?",
    "assumptions": "Assumptions: draft acceptance, cache-hit rate, quantisation, parallelism",
    "who_ran": "Who ran it: vendor, independent lab, or a reproduction with a commit hash?",
    "compared_against": "Compared against what: same model, hardware, workload and SLO?",
}
DIRECTIONAL_AT = 3          # unanswered questions from which a chart is only a directional signal
UNANSWERED = {"", "unknown", "not stated", "todo", "?"}
RELATION_NAMES = {"x", "y", "label"}


@dataclass
class Relation:
    """A unit identity a chart should obey, e.g. throughput = batch tokens / step time."""
    name: str
    lhs: str                 # 'x' or 'y'
    rhs: str                 # expression in x, y, label
    tolerance_pct: float     # how far the identity itself is only approximate
    why: str
    line: int

    def evaluate(self, values: dict) -> float:
        return _eval(ast.parse(self.rhs, mode="eval").body, values)


@dataclass
class Card:
    name: str
    path: Path
    image: str
    title: str
    shows: str
    publisher: str
    retrieved: str
    licence: str
    source: dict
    axes: dict                      # {'x': {'quantity':…, 'unit':…}, 'y': {…}}
    point_label: dict
    checklist: dict                 # question key -> answer text or None
    relations: list[Relation] = field(default_factory=list)

    @property
    def unanswered(self) -> list[str]:
        return [k for k in CHECKLIST if not _answered(self.checklist.get(k))]

    @property
    def directional(self) -> bool:
        return len(self.unanswered) >= DIRECTIONAL_AT


def _answered(value) -> bool:
    return value is not None and str(value).strip().lower() not in UNANSWERED


def card_path(raw_dir: Path, name: str) -> Path:
    return Path(raw_dir) / f"{name}.yaml"


def load_card(path: Path | str) -> Card:
    path = Path(path)
    doc = load_yaml(path)
    if not isinstance(doc, LocatedDict):
        raise DataFileError(path, 1, None, "a card must be a mapping of fields")
    source = require(path, doc, "source", dict)
    if not (source.get("url") or source.get("path")):
        raise DataFileError(path, doc.line_of("source"), "source",
                            "needs a url, or a path (in a repository when one is named)")
    checklist = require(path, doc, "checklist", dict)
    unknown = sorted(set(checklist) - set(CHECKLIST))
    if unknown:
        raise DataFileError(path, checklist.line_of(unknown[0]), f"checklist.{unknown[0]}",
                            f"is not one of the eight questions ({', '.join(CHECKLIST)})")
    axes = require(path, doc, "axes", dict, optional=True) or {}
    for key in axes:
        if key not in ("x", "y") or not isinstance(axes[key], dict):
            raise DataFileError(path, axes.line_of(key), f"axes.{key}",
                                "axes has only x and y, each a mapping with quantity and unit")
    retrieved = doc.get("retrieved")
    return Card(
        name=require(path, doc, "name"),
        path=path,
        image=require(path, doc, "image"),
        title=require(path, doc, "title"),
        shows=require(path, doc, "shows"),
        publisher=require(path, doc, "publisher"),
        retrieved="" if retrieved is None else str(retrieved),
        licence=str(doc.get("licence") or "unknown"),
        source=dict(source),
        axes={k: dict(v) for k, v in axes.items()},
        point_label=dict(require(path, doc, "point_label", dict, optional=True) or {}),
        checklist={k: checklist.get(k) for k in CHECKLIST},
        relations=[_relation(path, r) for r in (require(path, doc, "relations", list, optional=True) or [])],
    )


def _relation(path: Path, r) -> Relation:
    if not isinstance(r, dict):
        raise DataFileError(path, None, "relations", "each relation is a mapping")
    lhs = require(path, r, "lhs")
    rhs = require(path, r, "rhs")
    if lhs not in ("x", "y"):
        raise DataFileError(path, r.line_of("lhs"), "lhs", "must be x or y")
    try:
        tree = ast.parse(rhs, mode="eval").body
        _check(tree)
    except (SyntaxError, ValueError) as exc:
        raise DataFileError(path, r.line_of("rhs"), "rhs", f"is not an arithmetic expression in "
                            f"x, y and label ({exc})")
    tol = require(path, r, "tolerance_pct", (int, float), optional=True)
    return Relation(name=require(path, r, "name"), lhs=lhs, rhs=rhs,
                    tolerance_pct=float(tol or 0.0), why=str(r.get("why") or ""), line=r.line)


_OPS = {ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b,
        ast.Mult: lambda a, b: a * b, ast.Div: lambda a, b: a / b}


def _check(node) -> None:
    # Only + - * /, numbers and the three names: a card is data, never code to run.
    if isinstance(node, ast.BinOp) and type(node.op) in _OPS:
        _check(node.left)
        _check(node.right)
    elif isinstance(node, ast.Constant) and isinstance(node.value, (int, float)):
        return
    elif isinstance(node, ast.Name) and node.id in RELATION_NAMES:
        return
    else:
        raise ValueError(f"'{ast.unparse(node)}' is not allowed")


def _eval(node, values: dict) -> float:
    if isinstance(node, ast.BinOp):
        return _OPS[type(node.op)](_eval(node.left, values), _eval(node.right, values))
    if isinstance(node, ast.Constant):
        return float(node.value)
    return float(values[node.id])
