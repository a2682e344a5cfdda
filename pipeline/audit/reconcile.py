"""Reconciliation: each quoted reading against the chart element it names, with a verdict.

A verdict compares two intervals: the one the quote admits (its digits and its hedge, see
quoted.py) and the one the extraction supports (the measured value plus or minus its uncertainty,
which digitize derives from the calibration residual and one pixel). They overlap: consistent.
They do not: inconsistent, with the deviation. No element or no chart: unverifiable, with why.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from ..registry.cards import Card, Relation
from ..numbers import label_half_unit
from .chart_table import ChartTable, key, label_value, same_label
from .readings import Reading, Selection

CONSISTENT, INCONSISTENT, UNVERIFIABLE = "consistent", "inconsistent", "unverifiable"


class Unverifiable(Exception):
    """Raised while locating chart elements; its message is the verdict's reason."""


@dataclass
class Measure:
    value: float
    err: float
    evidence: list[dict] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    # A second, independent reading of the same thing: a bar's length when its printed value is
    # used, or the printed value when it disagrees with the length. Either may back a quote.
    alt: "Measure | None" = None


@dataclass
class Verdict:
    id: str
    chart: str
    kind: str
    verdict: str
    quote: str = ""
    quoted: str = ""
    quantity: str = ""
    unit: str = ""
    quote_interval: tuple[float, float] | None = None
    measured: float | None = None
    measured_err: float | None = None
    deviation: float | None = None          # measured - quoted value, in the quantity's units
    deviation_pct: float | None = None
    reason: str = ""
    evidence: list[dict] = field(default_factory=list)
    source: dict = field(default_factory=dict)

    def as_dict(self) -> dict:
        d = dict(self.__dict__)
        d["quote_interval"] = list(self.quote_interval) if self.quote_interval else None
        return d


def reconcile(reading: Reading, table: ChartTable | None, card: Card | None = None) -> Verdict:
    base = Verdict(id=reading.id, chart=reading.target, kind=reading.kind, verdict=UNVERIFIABLE,
                   quote=reading.quote, quoted=reading.quoted.text, quantity=reading.quantity,
                   unit=reading.unit, quote_interval=reading.quoted.interval(), source=reading.source)
    if table is None:
        base.reason = f"chart '{reading.target}' is not registered or was not extracted"
        return base
    if not table.readable:
        base.reason = table.problem
        return base
    axis_unit = (card.axes.get(reading.axis, {}).get("unit") if card else None) or ""
    if reading.quoted.suffix not in ("x", "%") and not same_unit(reading.unit, axis_unit):
        base.reason = (f"quantity not on the chart: the quote is in {reading.unit}, the chart's "
                       f"{reading.axis} axis in {axis_unit} (a different quantity, not a conversion)")
        return base
    try:
        m = measure(reading, table.points)
    except Unverifiable as exc:
        base.reason = str(exc)
        return base
    return judge(base, reading, m)


_UNIT_WORDS = (("tokens", "tok"), ("token", "tok"), ("requests", "req"), ("request", "req"),
               ("seconds", "s"), ("second", "s"), ("sec", "s"), ("per", "/"), (" ", ""))


def same_unit(a: str, b: str) -> bool:
    """Units compared as written, up to spelling ('tok/s' = 'tokens/s'); unknown matches anything.

    The units trap of the seed article: tokens/s/GPU and tokens/s/user are different quantities,
    so a number quoted in one is never checked against an axis in the other.
    """
    if not a.strip() or not b.strip():
        return True
    norm = []
    for u in (a, b):
        u = u.lower()
        for word, short in _UNIT_WORDS:
            u = u.replace(word, short)
        norm.append(u.replace("//", "/"))
    return norm[0] == norm[1]


def judge(v: Verdict, reading: Reading, m: Measure) -> Verdict:
    q = reading.quoted
    lo, hi = q.interval()
    v.measured, v.measured_err, v.evidence = m.value, m.err, m.evidence
    v.deviation = m.value - q.value if q.hedge != "range" else _outside(m.value, q.low, q.high)
    ref = q.value if q.value else float("nan")
    v.deviation_pct = 100.0 * v.deviation / abs(ref) if ref == ref and ref != 0 else None
    overlaps = _overlaps(m, lo, hi)
    if not overlaps and m.alt is not None and _overlaps(m.alt, lo, hi):
        m.notes.append(f"the other reading of the chart, {format_value(m.alt.value)} ± "
                       f"{format_value(m.alt.err)}, backs the quote")
        overlaps = True
    v.verdict = CONSISTENT if overlaps else INCONSISTENT
    rule = {"about": "hedged: one unit of the last digit", "up_to": "a maximum, hedged: one unit of the last digit",
            "exact": "rounded: half a unit of the last digit", "range": "a range, each end rounded",
            "at_least": "a lower bound"}[q.hedge]
    admits = (f"[{format_value(lo)}, {format_value(hi)}]" if q.hedge in ("range", "at_least")
              else f"{q.value:,.8g} ± {(hi - lo) / 2:.3g}")
    v.reason = (f"quote admits {admits} ({rule}); chart gives {format_value(m.value)} ± {format_value(m.err)}"
                + ("" if overlaps else f"; off by {format_value(v.deviation)} {reading.unit}".rstrip()
                   + (f" ({v.deviation_pct:+.1f} %)" if v.deviation_pct is not None else "")))
    if m.notes:
        v.reason += "; " + "; ".join(m.notes)
    return v


def _overlaps(m: Measure, lo: float, hi: float) -> bool:
    return m.value + m.err >= lo and m.value - m.err <= hi


def _outside(value: float, lo: float, hi: float) -> float:
    return value - hi if value > hi else value - lo if value < lo else 0.0


def format_value(x: float) -> str:
    """Four significant digits with thousands separators, as a reader writes chart values."""
    if x is None or not math.isfinite(x):
        return str(x)
    if x == 0 or not 1e-3 <= abs(x) < 1e9:
        return f"{x:.4g}"
    decimals = max(0, 3 - math.floor(math.log10(abs(x))))
    return f"{x:,.{decimals}f}"


# --- locating chart elements -------------------------------------------------------------------

def measure(reading: Reading, df: pd.DataFrame) -> Measure:
    axis = reading.axis
    if reading.panel is not None:
        if "panel" not in df.columns or not (df["panel"] == reading.panel).any():
            raise Unverifiable(f"the image has no panel {reading.panel} with points")
        df = df[df["panel"] == reading.panel]
    percent = reading.quoted.suffix == "%" or reading.unit.strip() == "%"
    if reading.numerator is not None:
        if reading.kind == "max" and reading.numerator.by is None:
            return _max_ratio(df, reading.numerator, reading.denominator, axis, percent)
        a = _value(df, reading.numerator, axis)
        b = _value(df, reading.denominator, axis)
        return _with_alt(lambda ms: _ratio(ms[0], ms[1], percent), [a, b])
    values = [m for sel in reading.selections for m in _values(df, sel, axis)]
    if reading.kind in ("point", "range"):
        return values[0]
    if reading.kind == "line_mean":
        return _line_mean(values)
    if reading.kind in ("fit_slope", "fit_intercept"):
        return _fit(values, reading.kind == "fit_slope")
    if reading.kind == "max":
        best = max(values, key=lambda m: m.value)
        return Measure(best.value, best.err, best.evidence, [f"largest of {len(values)} points"] + best.notes, best.alt)
    return _with_alt(lambda ms: _aggregate(ms, reading.kind), values)


def _fit(values: list[Measure], slope: bool) -> Measure:
    """Slope or intercept of the least-squares line y = a + b x through the points, give or
    take two standard errors of the fit (its scatter, which dwarfs the reading error)."""
    x = np.array([float(m.evidence[0]["x"]) for m in values])
    y = np.array([m.value for m in values])
    if len(x) < 3 or np.ptp(x) == 0:
        raise Unverifiable("a fitted line needs three or more points at different x")
    b, a = np.polyfit(x, y, 1)
    resid = y - (a + b * x)
    s2 = float(resid @ resid) / (len(x) - 2)
    sxx = float(((x - x.mean()) ** 2).sum())
    se_b = np.sqrt(s2 / sxx)
    se_a = np.sqrt(s2 * (1.0 / len(x) + x.mean() ** 2 / sxx))
    what = "slope" if slope else "intercept"
    return Measure(float(b if slope else a), float(2 * (se_b if slope else se_a)),
                   [m.evidence[0] for m in values], [f"{what} of a least-squares line through {len(x)} points"])


def _line_mean(values: list[Measure]) -> Measure:
    """The average height of the polyline through the points, weighted by horizontal extent
    (trapezoids in image x, which is proportional to the axis on a linear axis, read or not)."""
    pts = sorted(((float(m.evidence[0]["x_px"]), m.value, m.err) for m in values))
    xs = np.array([p[0] for p in pts])
    ys = np.array([p[1] for p in pts])
    if len(pts) < 2 or xs[-1] <= xs[0]:
        raise Unverifiable("a line average needs a line of at least two points")
    area = float(np.sum((ys[1:] + ys[:-1]) / 2.0 * np.diff(xs)))
    err = float(np.mean([p[2] for p in pts]))
    return Measure(area / (xs[-1] - xs[0]), err, [m.evidence[0] for m in values],
                   [f"average of the line through {len(pts)} points over its width"])


def _aggregate(values: list[Measure], kind: str) -> Measure:
    total = sum(m.value for m in values)
    err = sum(m.err for m in values)
    evidence = [e for m in values for e in m.evidence]
    notes = [n for m in values for n in m.notes]
    if kind == "sum":
        return Measure(total, err, evidence, [f"sum of {len(values)} points"] + notes)
    return Measure(total / len(values), err / len(values), evidence, [f"mean of {len(values)} points"] + notes)


def _ratio(a: Measure, b: Measure, percent: bool) -> Measure:
    if b.value == 0:
        raise Unverifiable("the denominator reads as zero on the chart")
    r = a.value / b.value
    # Relative uncertainties add for a quotient (first order).
    err = abs(r) * (a.err / abs(a.value or 1e-300) + b.err / abs(b.value))
    scale = 100.0 if percent else 1.0
    return Measure(r * scale, err * scale, a.evidence + b.evidence, a.notes + b.notes)


def _with_alt(combine, parts: list[Measure]) -> Measure:
    """combine() of the parts as used, and, when any part has a second reading, of those too."""
    main = combine(parts)
    if any(p.alt is not None for p in parts):
        try:
            main.alt = combine([p.alt or p for p in parts])
        except Unverifiable:
            main.alt = None
    return main


def _max_ratio(df, num: Selection, den: Selection, axis: str, percent: bool) -> Measure:
    top = _series_rows(df, num.series)
    bottom = _series_rows(df, den.series)
    ratios = []
    for _, row in top.iterrows():
        match = bottom[[same_label(row["label"], other) for other in bottom["label"]]] if row["label"] else bottom.iloc[0:0]
        if len(match) == 1:
            ratios.append(_ratio(_row_measure(row, axis), _row_measure(match.iloc[0], axis), percent))
    if not ratios:
        raise Unverifiable(f"series {num.series} and {den.series} share no labelled point to compare")
    best = max(ratios, key=lambda m: m.value)
    best.notes.append(f"largest of {len(ratios)} ratios over shared points")
    return best


def _value(df: pd.DataFrame, sel: Selection, axis: str) -> Measure:
    values = _values(df, sel, axis)
    if len(values) != 1:
        raise Unverifiable(f"{sel.describe()} names {len(values)} points, not one")
    return values[0]


def _values(df: pd.DataFrame, sel: Selection, axis: str) -> list[Measure]:
    rows = _series_rows(df, sel.series) if sel.series else df
    notes = []
    if sel.series and rows.empty:
        names = sorted({str(x) for x in df["series"]})
        if any(not re.fullmatch(r"series-\d+", n) for n in names):
            raise Unverifiable(f"no series named '{sel.series}' was read (series read: {', '.join(names)})")
        # No legend was read at all: the point is looked up by its label across the series.
        rows, notes = df, [f"the chart has no legend; '{sel.series}' looked up by label in all series"]
    if sel.by is None:
        picked = rows
    elif sel.by in ("label", "category"):
        picked = rows[[same_label(sel.key, lab) for lab in rows["label"]]]
        cats = df.attrs.get("categories") or []
        if picked.empty and sel.by == "category" and any(same_label(sel.key, c) for c in cats):
            index = next(i for i, c in enumerate(cats) if same_label(sel.key, c))
            picked = rows[(rows["x"] - index).abs() <= 0.3]
    else:
        picked = _nearest_x(rows, float(sel.key))
    if picked.empty:
        seen = sorted({str(v) for v in rows["label"] if str(v)}, key=lambda s: (label_value(s) is None, label_value(s) or 0, s))
        raise Unverifiable(f"no point with {sel.by} {sel.key}" + (f" in series {sel.series}" if sel.series else "")
                           + (f" (labels read: {', '.join(seen)})" if seen else " (no labels were read)"))
    if sel.by in ("label", "category") and len(picked) > 1:
        raise Unverifiable(f"{len(picked)} points carry {sel.by} {sel.key}; name the series")
    out = []
    for _, row in picked.iterrows():
        m = _row_measure(row, axis)
        m.notes = list(notes) + m.notes
        out.append(m)
    return out


def _series_rows(df: pd.DataFrame, series: str | None) -> pd.DataFrame:
    if not series:
        return df
    return df[[key(s) == key(series) for s in df["series"]]]


def _nearest_x(rows: pd.DataFrame, x: float) -> pd.DataFrame:
    if rows.empty:
        return rows
    d = (rows["x"] - x).abs()
    i = d.idxmin()
    # A point "at x" must sit within its own uncertainty plus 1 % of the points' x range.
    span = float(rows["x"].max() - rows["x"].min()) or abs(x) or 1.0
    tol = float(rows.loc[i, "x_err"] if rows.loc[i, "x_err"] == rows.loc[i, "x_err"] else 0) + 0.01 * span
    return rows.loc[[i]] if d[i] <= tol else rows.iloc[0:0]


EVIDENCE = ("series", "label", "x", "y", "x_px", "y_px", "x_err", "y_err", "value_label", "agrees")


def _row_measure(row, axis: str) -> Measure:
    evidence = {k: row[k] for k in EVIDENCE if k in row}
    printed = _printed_value(row) if axis == "y" else None
    value = row[axis]
    if value != value:      # NaN: an 'OOM' bar or a point off the calibrated range
        marker = str(row.get("value_label", "") or "").strip()
        raise Unverifiable(f"the point labelled '{row['label']}' has no {axis} value on the chart"
                           + (f" (it is marked '{marker}')" if marker else ""))
    length = Measure(float(value), _err(row, axis), [evidence])
    if printed is None:
        return length
    printed.evidence = [evidence]
    if str(row.get("agrees", "")).lower() == "true":
        printed.notes.append(f"value from the printed label '{row['value_label']}'; the bar's length "
                             f"reads {format_value(length.value)} ± {format_value(length.err)}")
        printed.alt = length
        return printed
    length.notes.append(f"the printed value '{row['value_label']}' disagrees with the bar's length; "
                        f"the length is used")
    length.alt = printed
    return length


def _printed_value(row) -> Measure | None:
    """A bar's printed value: the most precise evidence a chart holds, uncertain only by its
    last printed digit (when OCR read it right: hence the check against the bar's length)."""
    num = row.get("value_label_num")
    if num is None or num == "" or num != num:
        return None
    return Measure(float(num), label_half_unit(str(row["value_label"])))


# --- unit identities ---------------------------------------------------------------------------

def check_relation(card: Card, rel: Relation, table: ChartTable) -> list[Verdict]:
    """The identity at every labelled point: lhs as read against rhs computed from the others."""
    rid = f"{card.name}:relation:{rel.name}"
    if not table.readable:
        return [Verdict(rid, card.name, "relation", UNVERIFIABLE, quote=rel.why, reason=table.problem)]
    out = []
    for _, row in table.points.iterrows():
        lab = label_value(row["label"])
        if lab is None or row["x"] != row["x"] or row["y"] != row["y"]:
            continue
        vals = {"x": float(row["x"]), "y": float(row["y"]), "label": lab}
        errs = {"x": _err(row, "x"), "y": _err(row, "y"), "label": 0.0}
        rhs = rel.evaluate(vals)
        # The identity's uncertainty: how far rhs moves when each input moves by its own error.
        rhs_err = sum(abs(rel.evaluate({**vals, k: vals[k] + e}) - rhs) for k, e in errs.items() if e)
        lhs, lhs_err = vals[rel.lhs], errs[rel.lhs]
        allowed = lhs_err + rhs_err + rel.tolerance_pct / 100.0 * abs(rhs)
        dev = lhs - rhs
        ok = abs(dev) <= allowed
        out.append(Verdict(
            f"{rid}@{row['label']}", card.name, "relation", CONSISTENT if ok else INCONSISTENT,
            quote=rel.why, quoted=f"{rel.lhs} = {rel.rhs}", quantity=rel.name,
            quote_interval=(rhs - allowed, rhs + allowed), measured=lhs, measured_err=lhs_err,
            deviation=dev, deviation_pct=100.0 * dev / rhs if rhs else None,
            reason=(f"{rel.lhs} read {format_value(lhs)}, {rel.rhs} gives {format_value(rhs)} ± {format_value(rhs_err)}; "
                    f"allowed {format_value(allowed)} (errors of the reading + {rel.tolerance_pct:g} % declared on the card)"),
            evidence=_row_measure(row, rel.lhs).evidence))
    if not out:
        out.append(Verdict(rid, card.name, "relation", UNVERIFIABLE, quote=rel.why,
                           reason="no point with a numeric label and both values was read"))
    return out


def _err(row, axis: str) -> float:
    e = row.get(f"{axis}_err")
    return float(e) if e is not None and e == e else 0.0
