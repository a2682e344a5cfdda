"""Scoring an extracted point table against a chart's truth.

Distances are measured in units of the axis span: ``(v - min) / (max - min)``, on log axes with
log10 of the values.  A truth point is *within t* when its matched extracted point is off by at
most t in both x and y.

Matching: extracted series are paired with truth series by a minimum-cost assignment (cost: mean
distance from each side's points to the other side's nearest point, capped at 1).  Inside a pair,
labelled truth points take the extracted point with the same label (numeric labels compare their
digits only, so ``4,096``, ``bs=4096`` and ``4096`` are equal; other labels compare lowercase
letters and digits); the remaining truth points are assigned to the remaining extracted points by
minimum total distance.  Extracted points matched to no truth point are *extra*.
"""
from __future__ import annotations

import csv
import math
import re

import numpy as np
from scipy.optimize import linear_sum_assignment

FAR = 1e3  # distance used for points that cannot be placed (NaN, <= 0 on a log axis)

_NUMERIC_LABEL = re.compile(r"[A-Za-z_ ]*[=:]?\s*(\d{1,3}(?:,\d{3})+|\d+)\s*[A-Za-z/. ]*")


def is_numeric_label(label: str) -> bool:
    """A label made of one integer with optional words around it (``bs=4,096``, ``8 req``)."""
    s = (label or "").strip()
    return bool(s) and _NUMERIC_LABEL.fullmatch(s) is not None


def label_key(label: str, numeric: bool | None = None) -> str:
    """Comparison key of a point label: digits only for numeric labels, else lowercase alnum."""
    s = (label or "").strip()
    if numeric is None:
        numeric = is_numeric_label(s)
    if numeric:
        return re.sub(r"\D", "", s)
    return re.sub(r"[^0-9a-z]", "", s.lower())


def name_key(name: str) -> str:
    return re.sub(r"\s+", "", (name or "").lower())


class AxisNorm:
    """Maps data values to axis-span units (0 at min, 1 at max; log10 on log axes)."""

    def __init__(self, axis: dict):
        self.log = axis.get("scale") == "log"
        lo, hi = float(axis["min"]), float(axis["max"])
        if self.log:
            lo, hi = math.log10(lo), math.log10(hi)
        self.lo = lo
        self.span = (hi - lo) or 1.0

    def __call__(self, v) -> float:
        try:
            v = float(v)
        except (TypeError, ValueError):
            return math.nan
        if not math.isfinite(v) or (self.log and v <= 0):
            return math.nan
        if self.log:
            v = math.log10(v)
        return (v - self.lo) / self.span


def _dist(a, b):
    d = abs(a - b)
    return d if math.isfinite(d) else FAR


def parse_number(s) -> float:
    s = str(s).strip().replace("\u2212", "-")
    try:
        return float(s)
    except ValueError:
        return float(s.replace(",", ""))


def read_points_csv(path) -> list:
    """Rows of a points.csv as dicts series/label/x/y; rows whose x or y is not a number are
    skipped.  Raises ValueError when the file lacks one of the four columns."""
    with open(path, newline="", encoding="utf-8-sig") as f:
        reader = csv.DictReader(f)
        cols = {c.strip().lower(): c for c in (reader.fieldnames or [])}
        missing = [c for c in ("series", "label", "x", "y") if c not in cols]
        if missing:
            raise ValueError("points.csv lacks column(s): " + ", ".join(missing))
        rows = []
        for r in reader:
            try:
                x = parse_number(r[cols["x"]])
                y = parse_number(r[cols["y"]])
            except (TypeError, ValueError):
                continue
            if not (math.isfinite(x) and math.isfinite(y)):
                continue
            rows.append({"series": (r[cols["series"]] or "").strip(),
                         "label": (r[cols["label"]] or "").strip(), "x": x, "y": y})
    return rows


def _series_cost(tn, en):
    if not tn or not en:
        return 1.0

    def d(a, b):
        return min(1.0, max(_dist(a[0], b[0]), _dist(a[1], b[1])))

    fwd = sum(min(d(t, e) for e in en) for t in tn) / len(tn)
    back = sum(min(d(e, t) for t in tn) for e in en) / len(en)
    return (fwd + back) / 2


def _match_points(tpts, epts, tn, en):
    """-> list over truth points of (extracted index or None, label_found)."""
    out = [(None, False)] * len(tpts)
    used = set()
    for ti, t in enumerate(tpts):
        lab = (t.get("label") or "").strip()
        if not lab:
            continue
        numeric = is_numeric_label(lab)
        key = label_key(lab, numeric)
        cands = [ei for ei, e in enumerate(epts)
                 if ei not in used and key and label_key(e.get("label", ""), numeric) == key]
        if cands:
            ei = min(cands, key=lambda e: max(_dist(tn[ti][0], en[e][0]), _dist(tn[ti][1], en[e][1])))
            used.add(ei)
            out[ti] = (ei, True)
    rest_t = [ti for ti in range(len(tpts)) if out[ti][0] is None]
    rest_e = [ei for ei in range(len(epts)) if ei not in used]
    if rest_t and rest_e:
        cost = np.array([[max(_dist(tn[ti][0], en[ei][0]), _dist(tn[ti][1], en[ei][1]))
                          for ei in rest_e] for ti in rest_t])
        for r, c in zip(*linear_sum_assignment(cost)):
            out[rest_t[r]] = (rest_e[c], False)
    return out


def score_chart(truth: dict, rows: list, tols=(0.01, 0.02)) -> dict:
    """Score extracted rows (dicts with series, label, x, y) against a truth dict."""
    nx, ny = AxisNorm(truth["x_axis"]), AxisNorm(truth["y_axis"])
    groups = {}
    for r in rows:
        groups.setdefault(r.get("series", ""), []).append(r)
    enames = list(groups)
    tser = truth["series"]
    tnorm = [[(nx(p["x"]), ny(p["y"])) for p in s["points"]] for s in tser]
    enorm = {k: [(nx(p["x"]), ny(p["y"])) for p in v] for k, v in groups.items()}
    pairs = {}
    if enames and tser:
        cost = np.array([[_series_cost(tnorm[i], enorm[k]) for k in enames] for i in range(len(tser))])
        pairs = {int(r): enames[c] for r, c in zip(*linear_sum_assignment(cost))}
    within = {t: 0 for t in tols}
    n_truth = n_lab = n_lab_found = n_matched = names_ok = 0
    points = []
    for si, s in enumerate(tser):
        ename = pairs.get(si)
        epts = groups.get(ename, []) if ename is not None else []
        if ename is not None and name_key(ename) == name_key(s["name"]):
            names_ok += 1
        matches = _match_points(s["points"], epts, tnorm[si], enorm.get(ename, []))
        for pi, (p, (ei, found)) in enumerate(zip(s["points"], matches)):
            n_truth += 1
            labelled = bool((p.get("label") or "").strip())
            n_lab += labelled
            n_lab_found += labelled and found
            rec = {"series": s["name"], "label": p.get("label", ""), "x": p["x"], "y": p["y"],
                   "matched": None}
            if ei is not None:
                n_matched += 1
                e = epts[ei]
                dx = _dist(tnorm[si][pi][0], enorm[ename][ei][0])
                dy = _dist(tnorm[si][pi][1], enorm[ename][ei][1])
                for t in tols:
                    if dx <= t + 1e-9 and dy <= t + 1e-9:
                        within[t] += 1
                rec["matched"] = {"series": ename, "label": e.get("label", ""), "x": e["x"],
                                  "y": e["y"], "dx": round(dx, 5), "dy": round(dy, 5),
                                  "label_found": bool(found)}
            points.append(rec)
    res = {
        "n_truth": n_truth, "n_extracted": len(rows), "extra": len(rows) - n_matched,
        "n_labelled": n_lab, "labels_found": int(n_lab_found),
        "n_named": len(tser) if truth.get("legend") else 0,
        "names_ok": names_ok if truth.get("legend") else 0,
        "points": points,
    }
    for t in tols:
        res["within%g%%" % (t * 100)] = within[t]
    if truth.get("render", {}).get("line_only"):
        res["on_trace1%"] = sum(on_trace(tnorm[si], enorm.get(pairs.get(si), []))
                                for si in range(len(tser)))
    return res


def on_trace(vertices, extracted, tol=0.01) -> int:
    """How many truth vertices (normalised x, y) lie within tol of the extracted series read as a
    polyline through its points in x order: a line chart read as a sampled trace is judged by
    its curve, not by which samples it kept.  A vertex outside the trace's x range is missed."""
    pts = sorted(p for p in extracted if math.isfinite(p[0]) and math.isfinite(p[1]))
    if not pts:
        return 0
    xs = np.array([p[0] for p in pts])
    ys = np.array([p[1] for p in pts])
    n = 0
    for vx, vy in vertices:
        if not (xs[0] - tol <= vx <= xs[-1] + tol):
            continue
        n += abs(float(np.interp(vx, xs, ys)) - vy) <= tol + 1e-9
    return n


def zero_score(truth: dict, tols=(0.01, 0.02)) -> dict:
    """The score of a failed chart: nothing found."""
    res = score_chart(truth, [], tols)
    res["extra"] = 0
    return res


# ----------------------------------------------------------------------------- bar charts
def read_bar_rows(path) -> list:
    """Every row of a bar chart's points.csv (also those without a value), as dicts with
    x (category index), y (None when empty), value_label and agrees."""
    with open(path, newline="", encoding="utf-8-sig") as f:
        rows = []
        for r in csv.DictReader(f):
            def num(k):
                try:
                    return parse_number(r.get(k, ""))
                except (TypeError, ValueError):
                    return None
            rows.append({"series": (r.get("series") or "").strip(), "label": (r.get("label") or "").strip(),
                         "x": num("x"), "y": num("y"), "value_label": (r.get("value_label") or "").strip(),
                         "agrees": (r.get("agrees") or "").strip()})
    return rows


def score_bar_extras(truth: dict, rows: list) -> dict:
    """Value labels read exactly, missing-bar markers reported, and label/bar disagreements.

    A truth bar's row is the extracted row of the same category index whose value is nearest
    (rows are not required to carry the right series name for this count)."""
    span = float(truth["y_axis"]["max"]) - float(truth["y_axis"]["min"]) or 1.0
    n_vl = vl_ok = 0
    taken = set()
    for s in truth["series"]:
        for p in s["points"]:
            want = (p.get("value_label") or "").strip()
            if not want:
                continue
            n_vl += 1
            cands = [i for i, r in enumerate(rows) if i not in taken and r["x"] is not None
                     and round(r["x"]) == p["x"] and r["y"] is not None and abs(r["y"] - p["y"]) <= 0.05 * span]
            if not cands:
                continue
            i = min(cands, key=lambda i: abs(rows[i]["y"] - p["y"]) + (0 if rows[i]["value_label"] == want else span))
            taken.add(i)
            vl_ok += rows[i]["value_label"] == want
    n_mk = mk_ok = 0
    for m in truth.get("markers", []):
        n_mk += 1
        mk_ok += any(r["x"] is not None and round(r["x"]) == m["x"] and r["y"] is None
                     and r["value_label"] == m["text"] for r in rows)
    invented = sum(1 for m in truth.get("markers", []) for r in rows
                   if r["x"] is not None and round(r["x"]) == m["x"] and r["series"] == m["series"]
                   and r["y"] is not None)
    return {"n_value_labels": n_vl, "value_labels_exact": vl_ok, "n_markers": n_mk, "markers_ok": mk_ok,
            "disagreements": sum(r["agrees"] == "false" for r in rows), "invented": invented}
