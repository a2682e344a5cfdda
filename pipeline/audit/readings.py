"""The readings file: numbers quoted about charts, each tied to the chart element it names.

    source: {title: …, path: … | url: …}          # defaults for every reading below
    readings:
      - id: prefill-4096-throughput
        chart: deepinfer-prefill                    # a registered chart, or `image: PATH`
        kind: point                                 # point | ratio | range | max | sum | mean
        series: V4.1-Flash                          # optional when the chart has one series
        point: {label: "4,096"}                     # or {category: TP8} or {x: 1000}
        axis: y                                     # which value is quoted
        quantity: non-cached input throughput
        unit: tokens/s/GPU
        quoted: "약 60k"                            # the number as written, hedge included
        quote: "배치당 4,096 토큰에서 처리량은 약 60k tokens/s/GPU이고 …"

`line_mean` is the average level of a traced line over its x range (a time average, for a
time axis); `fit_slope` and `fit_intercept` are those of a least-squares line through a series'
points. `panel: N` picks one panel of a multi-panel image (0 = first in reading order). A ratio names `numerator` and `denominator` (each {series, point}); max, sum and mean name
`points` (a list of {series, point}) or `series` alone for all its points; max also accepts a
numerator and a denominator given as series only (the largest ratio over points they share).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..datafile import LocatedDict, LocatedList, load_yaml, require
from ..errors import DataFileError
from .quoted import Quoted, parse_quoted

KINDS = ("point", "ratio", "range", "max", "sum", "mean", "line_mean", "fit_slope", "fit_intercept")
SELECTORS = ("label", "category", "x")


@dataclass(frozen=True)
class Selection:
    series: str | None
    by: str | None          # 'label' | 'category' | 'x' | None (every point of the series)
    key: object = None

    def describe(self) -> str:
        where = f"{self.by} {self.key}" if self.by else "all points"
        return f"{where} of series {self.series}" if self.series else where


@dataclass
class Reading:
    id: str
    file: Path
    line: int
    kind: str
    chart: str | None
    image: str | None
    axis: str
    quantity: str
    unit: str
    quoted: Quoted
    quote: str
    source: dict
    selections: list[Selection] = field(default_factory=list)     # point, max, sum, mean
    numerator: Selection | None = None
    denominator: Selection | None = None
    note: str = ""
    panel: int | None = None

    @property
    def target(self) -> str:
        return self.chart or Path(self.image or "").stem


def load_readings(path: Path | str) -> list[Reading]:
    path = Path(path)
    doc = load_yaml(path)
    if not isinstance(doc, LocatedDict):
        raise DataFileError(path, 1, None, "a readings file is a mapping with `readings:`")
    default_source = dict(require(path, doc, "source", dict, optional=True) or {})
    items = require(path, doc, "readings", LocatedList)
    out, seen = [], {}
    for i, item in enumerate(items):
        line = items.item_lines[i]
        if not isinstance(item, LocatedDict):
            raise DataFileError(path, line, "readings", "each reading is a mapping")
        r = _reading(path, item, default_source)
        if r.id in seen:
            raise DataFileError(path, item.line_of("id"), "id", f"'{r.id}' is used twice (first on line {seen[r.id]})")
        seen[r.id] = item.line
        out.append(r)
    return out


def _reading(path: Path, item: LocatedDict, default_source: dict) -> Reading:
    rid = str(require(path, item, "id", (str, int)))
    kind = require(path, item, "kind")
    if kind not in KINDS:
        raise DataFileError(path, item.line_of("kind"), "kind", f"'{kind}' is not one of {', '.join(KINDS)}")
    chart = require(path, item, "chart", str, optional=True)
    image = require(path, item, "image", str, optional=True)
    if bool(chart) == bool(image):
        raise DataFileError(path, item.line, "chart", "give either `chart` (a registered chart) or `image`")
    axis = require(path, item, "axis")
    if axis not in ("x", "y"):
        raise DataFileError(path, item.line_of("axis"), "axis", "must be x or y")
    text = require(path, item, "quoted", (str, int, float))
    quoted = parse_quoted(str(text), require(path, item, "hedge", str, optional=True))
    if quoted is None:
        raise DataFileError(path, item.line_of("quoted"), "quoted", f"holds no number ('{text}')")
    if kind == "range" and quoted.hedge != "range":
        raise DataFileError(path, item.line_of("quoted"), "quoted", f"a range reading needs a range such as '3–5x', not '{text}'")
    source = dict(default_source)
    source.update(require(path, item, "source", dict, optional=True) or {})
    r = Reading(id=rid, file=path, line=item.line, kind=kind, chart=chart, image=image, axis=axis,
                quantity=str(item.get("quantity") or ""), unit=str(item.get("unit") or ""),
                quoted=quoted, quote=require(path, item, "quote"), source=source,
                note=str(item.get("note") or ""),
                panel=require(path, item, "panel", int, optional=True))
    series = require(path, item, "series", str, optional=True)
    if "numerator" in item or "denominator" in item:
        r.numerator = _selection(path, item, "numerator", series)
        r.denominator = _selection(path, item, "denominator", series)
    if kind == "ratio" and r.numerator is None:
        raise DataFileError(path, item.line, "numerator", "a ratio needs a numerator and a denominator")
    if kind in ("point",) or (kind == "range" and r.numerator is None):
        r.selections = [_point(path, item, series)]
    elif kind in ("max", "sum", "mean", "line_mean", "fit_slope", "fit_intercept") and r.numerator is None:
        points = item.get("points")
        if points is None:
            if not series:
                raise DataFileError(path, item.line, "points", f"a {kind} needs `points` or a `series`")
            r.selections = [Selection(series, None)]
        elif not isinstance(points, list) or not points:
            raise DataFileError(path, item.line_of("points"), "points", "must be a list of {series, point}")
        else:
            r.selections = [_selection_of(path, p, series, "points") for p in points]
    if kind in ("sum", "mean") and r.numerator is not None:
        raise DataFileError(path, item.line_of("numerator"), "numerator", f"a {kind} takes `points`, not a ratio")
    return r


def _point(path: Path, item: LocatedDict, series: str | None) -> Selection:
    point = require(path, item, "point", dict)
    return _selector(path, point, series, "point")


def _selection(path: Path, item: LocatedDict, key: str, series: str | None) -> Selection:
    sel = require(path, item, key, dict)
    return _selection_of(path, sel, series, key)


def _selection_of(path: Path, sel, series: str | None, field_name: str) -> Selection:
    if not isinstance(sel, dict):
        raise DataFileError(path, None, field_name, "each entry is a mapping with series and/or point")
    own = sel.get("series", series)
    point = sel.get("point")
    if point is None:
        if not own:
            raise DataFileError(path, sel.line, field_name, "names neither a series nor a point")
        return Selection(str(own), None)
    return _selector(path, point, own, f"{field_name}.point")


def _selector(path: Path, point, series, field_name: str) -> Selection:
    if not isinstance(point, dict) or len(point) != 1 or next(iter(point)) not in SELECTORS:
        raise DataFileError(path, getattr(point, "line", None), field_name,
                            f"must be one of {{label: …}}, {{category: …}}, {{x: …}}, not {point!r}")
    by, key = next(iter(point.items()))
    if by == "x" and (not isinstance(key, (int, float)) or isinstance(key, bool)):
        raise DataFileError(path, point.line_of("x"), f"{field_name}.x", f"must be a number, not {key!r}")
    return Selection(str(series) if series else None, by, key if by == "x" else str(key))
