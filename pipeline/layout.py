"""Words -> tick-label groups, tick pixels and the plot box.

Tick labels are found as text, not as lines: numbers that share an edge (a y axis: right
edges aligned, or left edges for an axis on the right) or a baseline (an x axis) and whose
values fit a calibration. That works with or without a frame, gridlines or tick marks; marks
and gridlines, where present, then fix each tick's pixel more exactly than the label's centre.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace

import cv2
import numpy as np

from . import imageops, ocr
from .axes import (WHOLE_NUMBER, AxisCalibration, Tick, calibrate, decimal_places, digit_variants, evenly_stepped,
                   whole_as_printed)
from .numbers import parse_clock, parse_point_label, parse_tick, unwrap_clock
from .ocr import Word


@dataclass
class AxisFind:
    calibration: AxisCalibration
    words: list[Word]
    side: str  # 'left' | 'right' | 'bottom' | 'top'
    categorical: bool = False   # tick values are category indices 0, 1, 2… (see category_axis)


def _clusters(values: np.ndarray, tol: float) -> list[np.ndarray]:
    order = np.argsort(values)
    groups, cur = [], [order[0]]
    for i in order[1:]:
        if values[i] - values[cur[-1]] <= tol:
            cur.append(i)
        else:
            groups.append(np.array(cur))
            cur = [i]
    groups.append(np.array(cur))
    return groups


def _dedupe_along(words: list[Word], along: str, min_sep: float, aligned=lambda w: True) -> list[Word]:
    """One word per position along the axis: the most confident of those `aligned` with the
    group, else the most confident."""
    key = (lambda w: w.cy) if along == "y" else (lambda w: w.cx)
    out: list[Word] = []
    for w in sorted(words, key=lambda w: (not aligned(w), -w.conf)):
        if all(abs(key(w) - key(o)) > min_sep for o in out):
            out.append(w)
    return sorted(out, key=key)


def _candidate_groups(nums: list[Word], vertical: bool, text_h: float) -> list[tuple[str, list[Word]]]:
    if len(nums) < 2:
        return []
    out = []
    tol = 0.45 * text_h + 2
    if vertical:
        for edge, side in (("x1", "left"), ("x0", "right"), ("cx", "left")):
            vals = np.array([getattr(w, edge) for w in nums], float)
            for g in _clusters(vals, tol):
                # At the corner the x axis's first label sits just below the y axis's last, both
                # '0' (seed-11 syn069): the one whose edge lines up with the column is the y's.
                mid = float(np.median(vals[g]))
                ws = _dedupe_along([nums[i] for i in g], "y", 0.7 * text_h,
                                   lambda w, e=edge, m=mid: abs(getattr(w, e) - m) <= 0.25 * text_h)
                if len(ws) >= 2:
                    out.append((side, ws))
    else:
        # Labels share a centre line, or a baseline when a box took in a tick mark above it.
        for edge in ("cy", "y1"):
            vals = np.array([getattr(w, edge) for w in nums], float)
            for g in _clusters(vals, 0.35 * text_h + 2):
                ws = _dedupe_along([nums[i] for i in g], "x", 0.5 * text_h)
                if len(ws) >= 2:
                    out.append(("bottom", ws))
    return out


_DASHES = re.compile(r"[-_~\u2014]{3,}")


def typical_text_height(words: list[Word]) -> float:
    """Height of confidently read numbers (tick labels mostly); OCR's reading of specks and
    line fragments as tiny digits must not set it, nor point labels whose boxes took in the
    marker under them (ten labels 41 px tall beside eight tick labels 18 to 27 px tall), nor a
    label read as one word with the dashed gridline after it, lower than any label read on its
    own ('4-------------', 9 px tall beside 19 px labels)."""
    clean = [w.h for w in words if clean_number(w.text) and w.conf >= 60 and w.h >= 6]
    floor = min(clean, default=0)

    def dashed(w):
        return _DASHES.search(w.text) is not None and w.h < floor
    for pick in (lambda w: parse_tick(w.text) is not None and w.conf >= 60 and not dashed(w),
                 lambda w: w.conf >= 60 and sum(c.isalnum() for c in w.text) >= 2):
        heights = np.array([w.h for w in words if pick(w) and w.h >= 6], float)
        if len(heights) >= 2:
            # (only where such boxes are so many that the median is one of them)
            low = np.percentile(heights, 25)
            return float(np.median(heights if np.median(heights) <= 1.6 * low else heights[heights <= 2.0 * low]))
    return 12.0


def _plausible_pair(a: float, b: float) -> bool:
    """Two tick values alone: both multiples of one round step (1, 2, 2.5, 5 x 10^k) at most ten
    steps apart, as printed axes have them. A misread ('03' for 0.3, '17,' for 17.5k) is not."""
    d = abs(b - a)
    if d == 0:
        return False
    for k in range(int(np.floor(np.log10(d))) - 2, int(np.floor(np.log10(d))) + 1):
        for m in (1.0, 2.0, 2.5, 5.0):
            s = m * 10.0 ** k
            if d / s <= 10 + 1e-9 and all(abs(v / s - round(v / s)) < 1e-6 for v in (a, b)):
                return True
    return False


def _repaired_pair(ticks: list[Tick]) -> list[Tick] | None:
    """Two tick labels that make no plausible pair (see _plausible_pair) as read, with one digit
    read as the digit OCR confuses it with ('7000' for a serif '1000' beside '500') where that
    makes one; None where no single digit does, or more than one reading would."""
    # (no reading with a leading zero: '64' is no '04'; an axis prints its labels with one
    # number of decimals, but for a bare zero: '4' and '4.31' are no pair of 4 and 4.01, '3'
    # beside '1.0M' may be the '0' of '0', '0.5M', '1.0M')
    def one_format(a, b):
        return decimal_places(a) == decimal_places(b) or a.strip() == "0" or b.strip() == "0"
    fixes = [(v, text, k) for k, t in enumerate(ticks) for v, n, text in digit_variants(t.text, 1)
             if n == 1 and not re.match(r"[-+\u2212]?\$?0\d", text) and one_format(text, ticks[1 - k].text)
             and _plausible_pair(v, ticks[1 - k].value)]
    if len(fixes) != 1:
        return None
    v, text, k = fixes[0]
    fixed = list(ticks)
    fixed[k] = replace(ticks[k], value=float(v), repaired=f"read as '{ticks[k].text}': a digit OCR confuses, "
                                                          f"put right as a pair of tick labels prints it")
    return fixed


def _unwrapped(ticks: list[Tick], vertical: bool) -> list[Tick]:
    """Clock-time ticks in the order time runs (left to right, bottom to top), past midnight
    counted on (see numbers.unwrap_clock)."""
    order = sorted(ticks, key=lambda t: -t.pixel if vertical else t.pixel)
    values = unwrap_clock([t.value for t in order])
    return [Tick(t.pixel, t.text, v, t.box) for t, v in zip(order, values)]


_DECIMAL = re.compile(r"^[-+\u2212]?\d+\.(\d+)\.?$")
_LOST_POINT = re.compile(r"^[0Oo]([0-9OolI|]+)[.,:;]?$")


# A leading group of thousands is never '0': '0.125' is a decimal, and '0,000' no plain integer
# but '0.000' with its point misread (seed-6 syn083 read 0.125 as 125 beside it).
_POINT_THOUSANDS = re.compile(r"^[-+\u2212]?[1-9]\d{0,2}\.\d{3}$")
_PLAIN_INT = re.compile(r"^[-+\u2212]?(0|[1-9]\d{0,2}(,\d{3})*)$")


def comma_points(texts: list[str]) -> list[float | None]:
    """Tick values, with a thousands comma that OCR read as a point ('2.000' for '2,000' in a
    blurred or downscaled chart) read as the comma, when another label of the axis is printed
    without decimals ('0', '3,000'): an axis gives all its labels as many decimals."""
    values = [parse_tick(t) for t in texts]
    if not any(_PLAIN_INT.match(t.strip()) for t in texts):
        return values
    return [parse_tick(t.strip().replace(".", ",")) if _POINT_THOUSANDS.match(t.strip()) else v
            for t, v in zip(texts, values)]


def lost_points(texts: list[str]) -> list[float | None]:
    """Tick values of one axis's labels, with the decimal point OCR dropped after a leading
    zero put back ('03' read for '0.3', 'Ol' for '0.1') when the axis's other labels show
    decimals with as many digits ('0.2'): no axis prints a number with a leading zero.
    A thousands comma read as a point is put back first (see comma_points)."""
    values = comma_points(texts)
    if values != [parse_tick(t) for t in texts]:
        return values
    decimals = {len(m.group(1)) for t in texts if (m := _DECIMAL.match(t.strip()))}
    if len(decimals) != 1:
        return values
    d = decimals.pop()
    out = []
    for t, v in zip(texts, values):
        m = _LOST_POINT.match(t.strip())
        if m and len(m.group(1)) == d and not _DECIMAL.match(t.strip()):
            digits = m.group(1).translate(str.maketrans("OolI|", "00111"))
            v = float("0." + digits)
        out.append(v)
    return out


def tick_readings(texts: list[str]) -> list[list[float | None]]:
    """The ways to read one axis's labels, the likelier first: where the axis shows decimals
    ('0.0') and other labels read as whole numbers with more digits than that ('15', '10'), OCR
    may have lost their points (1.5, 1.0) as well: a tick formatter gives every label as many
    decimals. Both readings may fit a scale (0, 10, 15 and 0, 1.0, 1.5 step alike), so the one
    with the point comes first; the fit rejects it when it breaks the scale ('2.5', '5', '7.5',
    '10' of a formatter that drops decimals: '10' read as 1.0 does not fit). Labels read as
    '10' and one digit more in a run ('102', '103:', '104-') come first as powers of ten (see
    powers_of_ten)."""
    tens = powers_of_ten(texts)
    return [tens] + _readings(texts) if tens is not None else _readings(texts)


_TEN_AND_DIGIT = re.compile(r"^10(\d)\W?$")


def powers_of_ten(texts: list[str]) -> list[float] | None:
    """The labels as powers of ten when each reads as '10' with one digit after it (a raised
    exponent read on the line: '103' for '10³', noise beside it making '104-'), or as a power of
    ten already, and the exponents run on one by one (2, 3, 4): no axis steps by one through
    102, 103, 104 in its labels, yet a log axis prints 10², 10³, 10⁴. None otherwise."""
    exps = []
    for t in texts:
        m = _TEN_AND_DIGIT.match(t.strip())
        v = parse_tick(t)
        if m:
            exps.append(int(m.group(1)))
        elif v is not None and v > 0 and "^" in t and float(np.log10(v)).is_integer():
            exps.append(int(np.log10(v)))
        else:
            return None
    if len(exps) < 3 or sorted(exps) != list(range(min(exps), min(exps) + len(exps))):
        return None
    return [10.0 ** k for k in exps]


_ZERO_POINT = re.compile(r"^0\.(\d+)([kKMBG%x]?)$")
_POINT = re.compile(r"^[-+\u2212]?\d+\.\d+[kKMBG%x]?$")
_BARE_DIGITS = re.compile(r"^(\d+)([kKMBG%x]?)$")


def lost_zeros(texts: list[str]) -> list[float | None] | None:
    """Tick values with a lost '0.' put back ('20M' read for '0.20M') where two labels or more
    read '0.' and as many digits with one suffix ('0.25M', '0.10M'), and no label reads a
    point after another integer: an axis of fractions prints its leading zero on every label.
    None when no label is so mended."""
    forms = [(len(m.group(1)), m.group(2)) for t in texts if (m := _ZERO_POINT.match(t.strip()))]
    if len(forms) < 2 or len(set(forms)) != 1 \
            or any(_POINT.match(t.strip()) and not _ZERO_POINT.match(t.strip()) for t in texts):
        return None
    d, suffix = forms[0]
    values = [parse_tick(t) for t in texts]
    out = list(values)
    for i, t in enumerate(texts):
        m = _BARE_DIGITS.match(t.strip())
        if m and len(m.group(1)) == d and m.group(2) == suffix:
            out[i] = parse_tick(f"0.{m.group(1)}{suffix}")
    return out if out != values else None


_G_FOR_ZERO = re.compile(r"^(\d+)G$")


def zeros_read_g(texts: list[str]) -> list[float | None] | None:
    """Tick values with a last 'G' read as '0' ('1G', '4G' among '20', '30' for 10, 40: a JPEG'd
    zero closes into a G) where another label is a whole number with no suffix: one axis prints
    one unit on all its labels. None when no label is so mended."""
    if not any((m := _BARE_DIGITS.match(t.strip())) and not m.group(2) and t.strip() != "0" for t in texts):
        return None
    out = [parse_tick(f"{m.group(1)}0") if (m := _G_FOR_ZERO.match(t.strip())) else parse_tick(t) for t in texts]
    return out if out != [parse_tick(t) for t in texts] else None


def _readings(texts: list[str]) -> list[list[float | None]]:
    g = zeros_read_g(texts)
    if g is not None:
        return [[parse_tick(t) for t in texts], g]
    zeros = lost_zeros(texts)
    if zeros is not None:
        return [zeros, [parse_tick(t) for t in texts]]
    values = lost_points(texts)
    decimals = {len(m.group(1)) for t in texts if (m := _DECIMAL.match(t.strip()))}
    if len(decimals) != 1:
        return [values]
    d = decimals.pop()
    shifted = list(values)
    for i, t in enumerate(texts):
        m = WHOLE_NUMBER.match(t.strip())
        if m and len(m.group(2)) > d:
            sign = "-" if m.group(1) in ("-", "\u2212") else ""
            shifted[i] = float(f"{sign}{m.group(2)[:-d]}.{m.group(2)[-d:]}")
    if shifted == values:
        return [values]
    return [values, shifted] if whole_as_printed(texts) else [shifted, values]


def clean_number(text: str) -> bool:
    """A label read as a number and nothing else (no stray strokes or letters around it)."""
    t = text.strip()
    return parse_clock(t) is not None or _NUMBER_ONLY.match(t) is not None


_NUMBER_ONLY = re.compile(r"^[-+\u2212]?\$?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?([eE][-+]?\d+)?[kKMBG]?[%x\u00d7]?[.,]?$")


def in_phrases(words: list[Word]) -> list[Word]:
    """The numbers of `words` that follow a word on their line a space away (their own height
    sets both), a word of letters or such a number ('Llama 3.1 8B', 'TP 8'): a category's or
    a legend's name, no tick label. ('3.1', '8B' and '70B' of two category names fitted a
    scale of their own, '8B' read as 8 billion.) A unit after its number ('10 ms') leaves
    the number alone."""
    out: list[Word] = []
    for w in sorted(words, key=lambda v: v.x0):
        if parse_tick(w.text) is None:
            continue
        for p in words:
            if p is w or abs(p.y1 - w.y1) > 0.3 * w.h or not 0 <= w.x0 - p.x1 <= 0.8 * w.h \
                    or not 0.7 * w.h <= p.h <= 1.4 * w.h:
                continue
            if (sum(c.isalpha() for c in p.text) >= 2 and p.conf >= 60) or any(p is o for o in out):
                out.append(w)
                break
    return out


def find_axes(words: list[Word], width: int, height: int) -> tuple[AxisFind | None, AxisFind | None, float]:
    """Choose the x and y tick-label groups. Returns (x axis, y axis, typical text height)."""
    phrased = {id(v) for v in in_phrases(words)}
    nums = [w for w in words if parse_tick(w.text) is not None and w.h > 3 and id(w) not in phrased]
    texts = [w for w in words if parse_tick(w.text) is None]    # see _crowded
    text_h = typical_text_height(words)
    best = {}
    for vertical in (True, False):
        readings = [(side, ws, values, k) for side, ws in _candidate_groups(nums, vertical, text_h)
                    for k, values in enumerate(tick_readings([w.text for w in ws]))]
        for side, ws, values, k in readings:
            ticks = [Tick(w.cy if vertical else w.cx, w.text, v, (w.x0, w.y0, w.x1, w.y1))
                     for w, v in zip(ws, values)]
            if all(parse_clock(t.text) is not None for t in ticks):
                ticks = _unwrapped(ticks, vertical)
            # y-axis values grow upwards, x-axis values to the right.
            cal = calibrate(ticks, tol_px=max(3.0, 0.4 * text_h), sign=-1 if vertical else 1)
            if cal is None:
                continue
            n = len(cal.ticks)
            if n < 2 or (n < 3 and len(ws) > 3):
                continue
            # Points put back into whole numbers because other labels print decimals stand on
            # those labels: where a fit of three labels or more leaves out every one of them,
            # nothing shows the axis prints decimals ('4.0,' and '0.0' read from a y label's
            # '40,000' beside the x axis's '0' made '200' of a clean axis 20.0).
            if n >= 3 and any(_DECIMAL.match(w.text.strip()) for w in ws) \
                    and values != [parse_tick(w.text) for w in ws] \
                    and not any(_DECIMAL.match(t.text.strip()) for t in cal.ticks):
                continue
            if n == 2 and not _plausible_pair(*[t.value for t in cal.ticks]):
                fixed = _repaired_pair(cal.ticks) if len(ws) == 2 else None
                cal = calibrate(fixed, tol_px=max(3.0, 0.4 * text_h), sign=-1 if vertical else 1) if fixed else None
                if cal is None or len(cal.ticks) != 2:
                    continue
            # An axis prints each value once and in order: two labels fitted and a third between
            # them repeating one of their values (2.58, 2.58, 2.59 beside three points) are
            # printed data values. (One beyond them may be '-20%' read without its minus.)
            if n == 2 and any(r.value in {t.value for t in cal.ticks}
                              and min(t.pixel for t in cal.ticks) < r.pixel < max(t.pixel for t in cal.ticks)
                              for r in cal.rejected):
                continue
            spread = np.ptp([t.pixel for t in cal.ticks])
            if spread < 0.15 * (height if vertical else width):
                continue
            used = [w for w in ws if any(t.box == (w.x0, w.y0, w.x1, w.y1) for t in cal.ticks)]
            # Where whole numbers read as printed come first (see whole_as_printed), the
            # reading with points put back into them must fit two labels more to win: one label
            # more is one misreading fewer, against all those it makes ('10' read as '1.0'
            # beside '20', '30', '40' did not make them 2.0, 3.0, 4.0).
            n_fit = n - 1 if k and whole_as_printed([w.text for w in ws]) else n
            # Values at even steps come first: a row or column of printed data values fits a
            # scale too, and may outnumber the axis's own labels (some lost to OCR).
            # (Only labels read cleanly count: '—3—' read for '0' fits the scale but not the step.)
            regular = printed_at_steps(cal)
            if vertical:
                # Labels of one width align on both edges: a column in the right half of the
                # image is a right-hand axis, whichever edge grouped it.
                if side == "left" and np.mean([w.x0 for w in used]) > 0.5 * width:
                    side = "right"
                # ... and one whose labels end in the left quarter a left-hand one: their right
                # edges may differ by more than their left ones where a blurred label's box took
                # in what lay beside it ('10000' boxed 100 px wide with a point label's glyphs).
                elif side == "right" and np.mean([w.x1 for w in used]) < 0.25 * width:
                    side = "left"
                edge = np.mean([w.x1 for w in used]) / width
                pos = edge if side == "left" else 1 - np.mean([w.x0 for w in used]) / width
                alone = not _crowded(used, texts, vertical)
                score = (regular, n_fit, alone, -pos)
                if side == "right":
                    # With axes on both sides (a twin axis), the left one is the chart's own
                    # unless it is far the worse read: labels lost to OCR must not hand the
                    # plot to the right-hand scale.
                    score = (regular, n_fit - (0.5 if n < 4 else 1.5), alone, -pos)
            else:
                score = (regular, n_fit, not _crowded(used, texts, vertical), np.mean([w.cy for w in used]) / height)
            best.setdefault("y" if vertical else "x", []).append((score, AxisFind(cal, used, side)))
    x, y = _disjoint_axes(best.get("x", []), best.get("y", []))
    return x, y, text_h


def _crowded(used: list[Word], texts: list[Word], vertical: bool) -> bool:
    """Words that are no numbers (`texts`) stand among the fitted labels, in their column (row
    for an x axis) between the first and the last, as many as the labels or more: tick labels
    stand alone, while the glyphs of a turned axis title, read one by one ('5', '4', '3' among
    '~', '+', 'a.'), are digits among others of their line. (Numbers there are labels misread,
    or other glyphs of such a title reaching into the labels' column: '216'.)"""
    if vertical:
        lo, hi = min(w.x0 for w in used), max(w.x1 for w in used)
        a, b = min(w.cy for w in used), max(w.cy for w in used)
        among = [w for w in texts if lo <= w.cx <= hi and a < w.cy < b]
    else:
        lo, hi = min(w.y0 for w in used), max(w.y1 for w in used)
        a, b = min(w.cx for w in used), max(w.cx for w in used)
        among = [w for w in texts if lo <= w.cy <= hi and a < w.cx < b]
    return len(among) >= len(used)


def printed_at_steps(cal: AxisCalibration) -> bool:
    """Whether the labels read cleanly sit at even steps (see evenly_stepped), all of them or, in a
    column of five or more, all but one: a digit misread in a long column ('50006' for '50000'
    among seven log labels) still fits the scale, and must not hand the axis to three labels
    beside it that are stepped only because there are three (seed-36 syn099)."""
    vals = [t.value for t in cal.ticks if clean_number(t.text)]
    if evenly_stepped(vals, cal.scale):
        return True
    return len(vals) >= 5 and any(evenly_stepped(vals[:i] + vals[i + 1:], cal.scale) for i in range(len(vals)))


def _disjoint_axes(xs: list, ys: list):
    """The best x and y readings ((score, AxisFind) each) that share no label: a word is one
    axis's tick or the other's (a column of point labels with an x label under it made a y
    axis of '65,536', '32,768' and the x axis's '1000'). Where the two best share one, the
    pair that keeps more labels at even steps, then more labels, wins."""
    def first(cands, taken=()):
        ids = {id(w) for w in taken}
        return next((a for _, a in sorted(cands, key=lambda c: c[0], reverse=True)
                     if not any(id(w) in ids for w in a.words)), None)
    x, y = first(xs), first(ys)
    if x is None or y is None or not {id(w) for w in x.words} & {id(w) for w in y.words}:
        return x, y

    def quality(a, b):
        cals = [c.calibration for c in (a, b) if c is not None]
        # (a pair put right by a digit is a guess: '1k' of the y axis and a '19k' read as
        # 10k are no x axis to take that '1k' from seven y labels)
        guessed = sum(len(c.ticks) == 2 and any(t.repaired for t in c.ticks) for c in cals)
        if len(cals) < 2:
            return (0, -guessed, 0)
        even = sum(printed_at_steps(c) for c in cals)
        return (even, -guessed, sum(len(c.ticks) for c in cals))
    keep_x = (x, first(ys, x.words))
    keep_y = (first(xs, y.words), y)
    return keep_x if quality(*keep_x) >= quality(*keep_y) else keep_y


def category_axis(words: list[Word], y: AxisFind | None, text_h: float) -> AxisFind | None:
    """Labels in one evenly spaced row under the plot ('16', '32', '1000' QPS, or 'TP8', 'TP16')
    as an x axis of category indices 0, 1, 2…: what a chart with a categorical x axis plots
    against. None unless three or more labels sit at equal steps."""
    if y is None:
        return None
    own = {id(v) for v in y.words}
    bottom = max(v.y1 for v in y.words)
    cands = [v for v in words if id(v) not in own and v.text.strip() and v.conf >= 50
             and bottom - text_h <= v.cy <= bottom + 4 * text_h and v.x0 > min(u.x1 for u in y.words)]
    if len(cands) < 3:
        return None
    for row in sorted(_clusters(np.array([v.cy for v in cands]), 0.5 * text_h),
                      key=lambda r: np.mean([cands[i].cy for i in r])):
        ws = sorted((cands[i] for i in row), key=lambda v: v.x0)
        groups = [[ws[0]]]
        for v in ws[1:]:
            if v.x0 - groups[-1][-1].x1 <= 0.8 * text_h:     # words of one multi-word category
                groups[-1].append(v)
            else:
                groups.append([v])
        if len(groups) < 3:
            continue
        centres = np.array([(g[0].x0 + g[-1].x1) / 2.0 for g in groups])
        steps = np.diff(centres)
        if steps.min() <= 0 or steps.std() > 0.06 * steps.mean():
            continue
        ticks = [Tick(float(c), " ".join(v.text for v in g), float(i), (g[0].x0, min(v.y0 for v in g),
                      g[-1].x1, max(v.y1 for v in g))) for i, (c, g) in enumerate(zip(centres, groups))]
        cal = calibrate(ticks, tol_px=max(3.0, 0.4 * text_h))
        if cal is None or cal.is_log or len(cal.ticks) < len(ticks):
            continue
        return AxisFind(cal, [v for g in groups for v in g], "bottom", categorical=True)
    return None


def snap_ticks(axis: AxisFind, ink: np.ndarray, text_h: float, vertical: bool) -> AxisFind:
    """Move each tick from its label's centre to the tick mark or gridline beside it, if any."""
    h, w = ink.shape
    reach = int(round(3 * text_h))
    win = max(2, int(round(0.6 * text_h)))
    new_ticks = []
    for t in axis.calibration.ticks + axis.calibration.rejected:
        x0, y0, x1, y1 = t.box
        c = int(round(t.pixel))
        if vertical:
            if axis.side == "left":
                xs, xe = x1 + 1, min(w, x1 + 1 + reach)
            else:
                xs, xe = max(0, x0 - reach), x0
            ys, ye = max(0, c - win), min(h, c + win + 1)
            strip = ink[ys:ye, xs:xe]
            prof = strip.sum(axis=1).astype(float)
            origin = ys
        else:
            ys, ye = max(0, y0 - reach), y0
            xs, xe = max(0, c - win), min(w, c + win + 1)
            strip = ink[ys:ye, xs:xe]
            prof = strip.sum(axis=0).astype(float)
            origin = xs
        snapped, pix = "label", t.pixel
        if strip.size and len(prof) >= 3:
            prof = prof - np.median(prof)
            peak = prof.max()
            if peak >= 3:
                idx = np.flatnonzero(prof >= 0.6 * peak)
                runs = imageops.group_runs(idx)
                # The run nearest the label centre: a tick mark is one to three pixels thick.
                best = min(runs, key=lambda r: abs((r[0] + r[1]) / 2 + origin - t.pixel))
                if best[1] - best[0] <= max(3, 0.3 * text_h):
                    sl = slice(best[0], best[1] + 1)
                    wts = np.clip(prof[sl], 0, None)
                    cand = origin + float(np.sum(np.arange(best[0], best[1] + 1) * wts) / max(wts.sum(), 1e-9))
                    # A label is centred on its tick, give or take 0.4 text heights or, beside
                    # a y axis, less than half its own box (a comma's tail lowers the box of
                    # '30,000': charteval d26 read 10 px off): a thin run further off is a
                    # marker beside the axis (a triangle's flat base).
                    off = abs(cand - t.pixel)
                    if off <= 0.4 * text_h or (vertical and off < 0.5 * (y1 - y0)):
                        snapped, pix = "tickmark", cand
        new_ticks.append(Tick(pix, t.text, t.value, t.box, snapped, t.repaired))
    cal = calibrate(new_ticks, tol_px=max(1.5, 0.2 * text_h), sign=0 if axis.categorical else -1 if vertical else 1)
    # Snapping moves ticks, it does not choose other labels: of three labels any two fit a line,
    # and a rejected misreading ('206' for '0.6') must not oust a label the fit agreed on.
    if cal is None or not {t.box for t in axis.calibration.ticks} <= {t.box for t in cal.ticks}:
        return axis
    return AxisFind(cal, axis.words, axis.side, axis.categorical)


def read_lines_in(gray: np.ndarray, ink: np.ndarray, text_h: float, region, equals: bool = False,
                  page_words: list[Word] = (), joined: bool = False, marks_apart: bool = False,
                  lone_glyph: bool = False, unsure_again: bool = False) -> list[Word]:
    """OCR every text line found as ink inside `region`, one line at a time (`equals`,
    `joined`, `marks_apart`: see textlines.text_line_boxes; `lone_glyph`: see read_line_box;
    `unsure_again`: see surest_size). Where the region cuts a line, the page's words
    (`page_words`) are kept."""
    from .textlines import text_line_boxes
    w = ink.shape[1]
    rx0, _, rx1, _ = (int(v) for v in region)

    def cut(b) -> bool:
        # Only the sides a line runs out of count: a tick mark reaching into a band of x
        # labels from above makes its box touch the top, and the line is whole.
        return (b[0] <= rx0 and rx0 > 0) or (b[2] >= rx1 and rx1 < w)

    def on_page(v: Word) -> bool:
        return any(p.x0 < v.x1 and p.x1 > v.x0 and p.y0 < v.y1 and p.y1 > v.y0 for p in page_words)

    out = []
    for box in text_line_boxes(ink, text_h, region, equals, joined, marks_apart):
        read = read_line_box(gray, box, lone_glyph=lone_glyph)
        if unsure_again:
            read = surest_size(gray, box, read)
        # Of a line that runs on past the region (a title crossing the tick-label column), a
        # word the page pass read whole stays the page's ('131' of '131,072-token' must not
        # replace it); the words the page pass missed are taken.
        out += [v for v in read if not on_page(v)] if cut(box) else read
    return out


def rules_of(ink: np.ndarray, text_h: float) -> np.ndarray:
    """The straight rules of `ink` and the marks hanging from them: runs along a row or a column
    longer than six text heights (axis lines, gridlines), which no glyph has, and what touches
    one but reaches less than most of a text height away from it (tick marks). In a small or
    downscaled chart a tick mark reaches its label and hangs it on the axis line, one blob far
    too wide for a character; a tick mark left alone would read as a '1' or a minus."""
    n = max(3, int(round(6 * text_h)))
    m = ink.astype(np.uint8)
    across = cv2.morphologyEx(m, cv2.MORPH_OPEN, np.ones((1, n), np.uint8)).astype(bool)
    down = cv2.morphologyEx(m, cv2.MORPH_OPEN, np.ones((n, 1), np.uint8)).astype(bool)
    rules = across | down
    rest = ink & ~rules
    k, lab, stats, _ = cv2.connectedComponentsWithStats(rest.astype(np.uint8), connectivity=8)
    out = rules.copy()
    near = np.ones((3, 3), np.uint8)
    for rule, extent in ((across, cv2.CC_STAT_HEIGHT), (down, cv2.CC_STAT_WIDTH)):
        touching = np.unique(lab[cv2.dilate(rule.astype(np.uint8), near).astype(bool) & rest])
        short = np.zeros(k, bool)
        short[touching] = stats[touching, extent] < 0.8 * text_h
        short[0] = False
        out |= short[lab]
    return out


def read_tick_lines(gray: np.ndarray, ink: np.ndarray, text_h: float, regions, page_words: list[Word]) -> list[Word]:
    """The text lines in the tick-label margins `regions`, each read on its own (see
    read_lines_in). Tight digits can touch ('0000' of a serif '20000' one stroke, wider than
    three letters): in these margins such a run of letter stems is taken as text, or the line
    is read from its first digit alone ('2'). Lines are found without the axis lines and
    gridlines (see rules_of), and read without them."""
    rules = np.zeros(ink.shape, bool)
    for reg in regions:     # the margins only: the whole page costs a tenth of a second
        x0, y0, x1, y1 = (int(v) for v in reg)
        rules[y0:y1, x0:x1] |= rules_of(ink[y0:y1, x0:x1], text_h)
    ink = ink & ~rules
    gray = np.where(rules, 255, gray).astype(gray.dtype)
    words = [v for reg in regions
             for v in read_lines_in(gray, ink, text_h, reg, page_words=page_words, joined=True,
                                    marks_apart=True, lone_glyph=True)]
    return most_confident([read_exponent(v, gray, ink) for v in words])


def most_confident(words: list[Word]) -> list[Word]:
    """Of overlapping readings (one label read from two margins, one of which cut it: '1' and
    'L'), the more confident, never a word that is no number for one that is; on a tie the first."""
    def num(w):
        return parse_tick(w.text) is not None
    out: list[Word] = []
    for b in words:
        clash = [e for e in out if overlaps(b, e)]
        if clash and all(e.conf < b.conf and (num(b) or not num(e)) for e in clash):
            out = [e for e in out if not any(e is c for c in clash)]
        elif clash:
            continue
        out.append(b)
    return out


_TEN_AND_MORE = re.compile(r"^10\S{1,4}$")


def exponent_box(mask: np.ndarray) -> tuple[int, int, int, int] | None:
    """The box (x0, y0, x1, y1) of the glyphs of `mask` (a label's ink) that sit raised after
    the ones on the baseline: a superscript exponent ('10³'), or None. Baseline glyphs end within
    a fifth of the tallest glyph's height of the lowest bottom; an exponent's glyphs lie wholly
    right of them and end at least a third of that height higher."""
    n, _, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8), connectivity=8)
    comps = [(int(x), int(y), int(x + w), int(y + h)) for x, y, w, h, a in stats[1:] if a >= 3]
    if len(comps) < 2:
        return None
    tall = max(c[3] - c[1] for c in comps)
    low = max(c[3] for c in comps)
    base = [c for c in comps if c[3] >= low - 0.2 * tall]
    right = max(c[2] for c in base)
    rest = [c for c in comps if c[0] >= right - 1]

    def within_base(c) -> bool:   # a slashed or dotted zero's inner mark
        return any(b[0] <= c[0] and c[2] <= b[2] and b[1] <= c[1] and c[3] <= b[3] for b in base)
    if not rest or any(c not in base and c not in rest and not within_base(c) for c in comps):
        return None
    if any(c[3] > low - tall / 3 for c in rest):
        return None
    return (min(c[0] for c in rest), min(c[1] for c in rest), max(c[2] for c in rest), max(c[3] for c in rest))


def read_exponent(word: Word, gray: np.ndarray, ink: np.ndarray) -> Word:
    """A label read as '10' and a glyph or two more ('10?', '10°', '103' for '10³') whose last
    glyphs are raised (see exponent_box): the power of ten, its exponent read alone as digits.
    Tesseract reads a small raised digit beside full-size ones as punctuation or as a digit on
    the line; alone and enlarged it reads it well."""
    if not _TEN_AND_MORE.match(word.text.strip()):
        return word
    h, w = ink.shape
    reach = int(round(0.4 * word.h)) + 1
    x0, y0, x1, y1 = word.x0, max(0, word.y0 - reach), min(w, word.x1 + reach), word.y1
    box = exponent_box(ink[y0:y1, x0:x1])
    if box is None:
        return word
    ex0, ey0, ex1, ey1 = box[0] + x0, box[1] + y0, box[2] + x0, box[3] + y0
    crop = np.pad(gray[ey0:ey1, ex0:ex1], 4, constant_values=255)
    scale = float(np.clip(30.0 / max(1, ey1 - ey0), 1.0, 4.0))
    got = "".join(v.text for v in ocr.read_words(crop, scale, ocr.PSM_LINE, whitelist="0123456789-"))
    if not re.fullmatch(r"-?\d{1,2}", got):
        return word
    return Word(f"10^{got}", word.conf, word.x0, min(word.y0, ey0), max(word.x1, ex1), word.y1)


def line_margin(box) -> int:
    """The margin (px) read_line_box reads a text line's box `box` with."""
    return max(3, int(0.4 * (box[3] - box[1])))


def read_line_box(gray: np.ndarray, box, isolated: bool = False, height: float = 30.0,
                  psm: int | None = None, sharpen: bool = False, lone_glyph: bool = False) -> list[Word]:
    """The words of one text line whose ink box is `box` = (x0, y0, x1, y1), read alone with a
    margin around it and enlarged to `height`, tesseract's favourite letter height. The margin is
    the image around the box, or white when `isolated` (what lies beside the box is no part of it).
    `psm`: tesseract's layout mode (a line by default); `sharpen`: see ocr.read_words.
    `lone_glyph`: a box no wider than tall read as one digit (a tick label '1') is read in a
    margin of half its height too, and that reading is taken when it is another number, sure:
    in the margin of four tenths, a 9 px '1' reads '4' at 87, and in the wider one '1' at 84.
    (Not so a glyph read as a letter: a rotated title's 'a' reads '3' at 80 in the wider one;
    nor three digits set tight in a box as narrow: '200' reads '260' at 85.)"""
    read = _read_in_margin(gray, box, line_margin(box), isolated, height, psm, sharpen)
    bh = box[3] - box[1]
    wide = int(round(0.5 * bh))
    if lone_glyph and box[2] - box[0] <= bh and wide > line_margin(box) \
            and len(read) == 1 and len(read[0].text.strip()) == 1 and read[0].text.strip().isdigit():
        again = _read_in_margin(gray, box, wide, isolated, height, psm, sharpen)
        if len(again) == 1 and clean_number(again[0].text) and again[0].conf >= 80 \
                and again[0].text != read[0].text:
            # (boxed as the glyph's ink: tesseract's box takes in some of the wider margin)
            return [Word(again[0].text, again[0].conf, *box)]
    return read


# Letter heights a line tesseract was unsure of is read at again (see surest_size).
UNSURE_HEIGHTS = (20.0, 40.0)


def mean_conf(words: list[Word]) -> float:
    """Tesseract's mean confidence in a reading, 0 for none."""
    return float(np.mean([v.conf for v in words])) if words else 0.0


def surest_size(gray: np.ndarray, box, read: list[Word], unsure: float = 60.0) -> list[Word]:
    """A line's reading `read` (at 30 px letters), or where tesseract was unsure of it (a word
    under `unsure`), its reading at another letter height (see UNSURE_HEIGHTS) when that is
    ten points surer, sure of every word, a point label, and as many letters and digits (two
    or more) as the first: the same glyphs read surer. Tesseract's confidence in small glyphs
    swings with their size: a 12 px '2 req' reads '2' and 'req' at 48 enlarged to 30 px and at
    88 to 40 px, a '1 req' at 3 and at 87 (seed-58 syn091). What the conditions keep out, each
    seen: a 9 px legend 'FP8' read 'FPS' at 22 becomes 'Fes' at 78 (seed-58 syn080), where the
    'S' is told an '8' by its shape; '64 req' read 'Gt req' at 42 becomes 'G4 req' at 86
    (seed-55 syn086); a 'bs=16384' read 'S=' '16384' at 36 becomes '16384' at 97 beside 'S='
    at 44 (seed-53 syn099); a piece of '8192' cut by a line, read '19%' at 40, becomes '1.97'
    at 69 (seed-43 syn031); a square marker read '-&' at 0 becomes '7' at 64 (seed-56
    syn046)."""
    if read and min(v.conf for v in read) >= unsure:
        return read
    best, best_conf = read, mean_conf(read)
    chars = sum(c.isalnum() for v in read for c in v.text)
    for height in UNSURE_HEIGHTS:
        again = read_line_box(gray, box, height=height)
        text = " ".join(v.text for v in again)
        if mean_conf(again) >= best_conf + 10 and min(v.conf for v in again) >= unsure \
                and sum(c.isalnum() for c in text) == chars >= 2 and parse_point_label(text) is not None:
            best, best_conf = again, mean_conf(again)
    return best


def _read_in_margin(gray, box, p: int, isolated: bool, height: float, psm, sharpen: bool) -> list[Word]:
    h, w = gray.shape
    x0, y0, x1, y1 = box
    if isolated:
        crop, cx0, cy0 = np.pad(gray[y0:y1, x0:x1], p, constant_values=255), x0 - p, y0 - p
    else:
        cx0, cy0, cx1, cy1 = max(0, x0 - p), max(0, y0 - p), min(w, x1 + p), min(h, y1 + p)
        crop = gray[cy0:cy1, cx0:cx1]
    scale = float(np.clip(height / max(1, y1 - y0), 1.0, 4.0))
    return [wd.shifted(cx0, cy0) for wd in ocr.read_words(crop, scale, psm or ocr.PSM_LINE, sharpen=sharpen)
            if wd.text]


# Sharpened re-readings of a failed tick line, tried in turn: as one word, then as a line, at
# tesseract's favourite letter height and at two thirds of it. Blurred small digits come out
# of one or another ('140' only at the lower enlargement, where the sharpening is finer), and
# each can drop a glyph ('10' for '180').
TICK_REREADS = ((8, 30.0), (7, 30.0), (7, 20.0), (8, 20.0))
_QUOTES = "\u2018\u2019\u201c\u201d"


def reread_tick_box(gray: np.ndarray, box) -> list[Word]:
    """The numbers of a tick line read again sharpened (see TICK_REREADS): a reading two of
    them agree on, else the first read as nothing but a number; [] when none is. (A marker or
    a title's glyph comes out a digit in some reading too: the axis fit has the last word.)"""
    found: list[tuple[tuple, list[Word]]] = []
    for psm, height in TICK_REREADS:
        # (specks of a small blurred label's margin read as curly quotes: '\u201850k:')
        again = [Word(v.text.strip(_QUOTES), v.conf, v.x0, v.y0, v.x1, v.y1)
                 for v in read_line_box(gray, box, psm=psm, sharpen=True, height=height)]
        if not again or not all(parse_tick(v.text) is not None for v in again):
            continue
        key = tuple(parse_tick(v.text) for v in again)
        if any(k == key for k, _ in found):
            return again
        found.append((key, again))
    return next((r for _, r in found if all(clean_number(v.text) for v in r)), [])


def reread_failed_ticks(gray: np.ndarray, ink: np.ndarray, text_h: float, region, words: list[Word],
                        axis: AxisFind | None) -> list[Word]:
    """Numbers read again (see reread_tick_box) from the lines of a tick-label margin `region`
    whose words hold no number, or only numbers the axis's fit rejected, for an axis whose fit
    rejected labels or rests on two: blurred or downscaled labels that the plain reading lost
    ('i' for '1') or misread. Lines holding a label the fit took are left alone, and an axis
    whose fit took all of three or more labels is not read again: its labels agree already."""
    from .textlines import text_line_boxes
    # An axis not found at all is left so: a bar chart's category axis is none, and reading
    # every name and glyph of its margin four times over costs more than the rare blurred
    # axis it would find (the other axis unread too, the chart is refused all the same).
    if axis is None:
        return []
    # ... and of an axis whose fit took all of three labels or more, only lines one tick step or
    # a few beyond them or between them, in their column: blurred labels at the axis's ends the
    # page pass read as a comma or not at all ('40', '35' over '30' ... '5').
    agreed = not axis.calibration.rejected and len(axis.calibration.ticks) >= 3
    # A value read twice is read wrong once, and the fit may have taken the wrong one ('0' of
    # a small '50k' fitted with '100k', the axis's own '0' below rejected: seed-36 syn066).
    twice = {t.value for t in axis.calibration.rejected}
    taken = [t.box for t in axis.calibration.ticks if t.value not in twice]
    doubted = {t.box for t in axis.calibration.rejected} | \
        {t.box for t in axis.calibration.ticks if t.value in twice}

    def inside(b, box) -> bool:
        return b[0] < box[2] and b[2] > box[0] and b[1] < box[3] and b[3] > box[1]
    out = []
    for box in text_line_boxes(ink, text_h, region, joined=True, marks_apart=True):
        expected = _missing_step_value(box, axis) if agreed else None
        if any(inside(b, box) for b in taken) or (agreed and expected is None):
            continue
        mine = [v for v in words if inside((v.x0, v.y0, v.x1, v.y1), box)]
        if any(parse_tick(v.text) is not None and (v.x0, v.y0, v.x1, v.y1) not in doubted for v in mine):
            continue
        # A line read as a word (a title, a legend or category name) is read, not lost.
        chars = "".join(v.text for v in mine)
        if not any(c.isdigit() for c in chars) and sum(c.isalnum() for c in chars) > 3:
            continue
        got = reread_tick_box(gray, box)
        if not got:
            # A line may join a label to a rotated title's glyph beside it ('a2' for a title's
            # ')' and a '2', a blank of half a digit's width between them: seed-56 syn103); its
            # pieces are read one by one.
            for piece in column_pieces(ink, box, int(np.ceil(0.4 * text_h))):
                got += reread_tick_box(gray, piece)
        if agreed:
            # ... and taken only where it says the very value due there: a '0' read '04' with
            # a speck of noise fits the scale as well, its box and centre a few pixels off.
            got = [v for v in got if math.isclose(parse_tick(v.text), expected, rel_tol=1e-6, abs_tol=1e-9)]
        out += got
    return out


def column_pieces(ink: np.ndarray, box, gap: int) -> list[tuple[int, int, int, int]]:
    """The pieces of a line box `box` (x0, y0, x1, y1) that blank columns `gap` wide or more
    set apart, each as a box of the line's height; [] when it is one piece."""
    x0, y0, x1, y1 = (int(v) for v in box)
    runs = imageops.group_runs(np.flatnonzero(ink[y0:y1, x0:x1].any(axis=0)), gap)
    return [(x0 + a, y0, x0 + b + 1, y1) for a, b in runs] if len(runs) > 1 else []


def _missing_step_value(box, axis: AxisFind, most: int = 3) -> float | None:
    """The value a label of `axis` has where line `box` stands, if a label is missing there:
    in its labels' column (or row), at a whole number of tick steps from its labels (within a
    sixth of a step), no label there, at most `most` steps beyond the end ones; else None. The
    value goes on from the labels' own values by their step (in log space on a log axis)."""
    vertical = axis.side in ("left", "right")
    ticks = sorted(axis.calibration.ticks, key=lambda t: t.pixel)
    px = np.array([t.pixel for t in ticks])
    step = float(np.median(np.diff(px)))
    if step <= 0:
        return None
    a0, a1 = (box[1], box[3]) if vertical else (box[0], box[2])
    c0, c1 = (box[0], box[2]) if vertical else (box[1], box[3])
    lo = min(v.x0 if vertical else v.y0 for v in axis.words)
    hi = max(v.x1 if vertical else v.y1 for v in axis.words)
    if c1 <= lo or c0 >= hi:
        return None
    k = ((a0 + a1) / 2.0 - px[0]) / step
    near = round(k)
    steps = round((px[-1] - px[0]) / step)
    if abs(k - near) > 1 / 6 or any(abs(p - (px[0] + near * step)) < 0.5 * step for p in px) \
            or not -most <= near <= steps + most or steps < 1:
        return None
    first, last = ticks[0].value, ticks[-1].value
    if axis.calibration.is_log:
        return float(10 ** (np.log10(first) + near * (np.log10(last) - np.log10(first)) / steps))
    return first + near * (last - first) / steps


# What tesseract makes of a lone blurred '1' (a stem, its flag and foot smeared): a letter or a
# bar, never the digit. Beside the axis line it is read with a stub of the line ('T').
_STEM_READINGS = re.compile(r"^[TIl|i!\[\]jJ1]{1,2}$")


def stems_as_ones(words: list[Word], axis: AxisFind | None, text_h: float, vertical: bool) -> list[Word]:
    """`words` with a stem-like glyph read as a letter ('T', 'I', '|') made a '1' where it stands
    in the row (x) or column (y) of the axis's labels one label spacing past either end of
    them: a log axis's first label '1', blurred, is what the page and line readings lose, and
    with two labels left ('10', '100') the axis passes for linear. Whether the '1' belongs
    there is left to the fit, which takes it only where it agrees with the other labels.
    The same list when no word is made a '1'."""
    if axis is None or len(axis.calibration.ticks) < 2:
        return words
    ticks = sorted(axis.calibration.ticks, key=lambda t: t.pixel)
    ends = ((ticks[0].pixel, 2 * ticks[0].pixel - ticks[1].pixel),
            (ticks[-1].pixel, 2 * ticks[-1].pixel - ticks[-2].pixel))
    if vertical:
        edge = float(np.median([v.x1 for v in axis.words] if axis.side == "left" else [v.x0 for v in axis.words]))
    else:
        row = float(np.median([v.cy for v in axis.words]))

    def in_line(v: Word) -> bool:
        if vertical:
            return abs((v.x1 if axis.side == "left" else v.x0) - edge) <= text_h
        return abs(v.cy - row) <= 0.5 * text_h

    def alone(v: Word) -> bool:
        # no glyph of a longer word: nothing else within a text height along the line
        return not any(o is not v and in_line(o) and abs((o.cy if vertical else o.cx) - (v.cy if vertical else v.cx))
                       < 0.5 * (o.h if vertical else o.w) + text_h for o in words)
    out, changed = [], False
    for v in words:
        at = v.cy if vertical else v.cx
        if _STEM_READINGS.match(v.text.strip()) and v.text.strip() != "1" and v.w <= 1.5 * text_h \
                and in_line(v) and any(abs(at - p) <= 0.4 * text_h for _, p in ends) and alone(v):
            out.append(Word("1", v.conf, v.x0, v.y0, v.x1, v.y1))
            changed = True
        else:
            out.append(v)
    return out if changed else words


def lowest_number_row(words: list[Word]) -> list[Word]:
    """Of the numbers among `words`, the lowest row (centres within half their height) that
    holds two or more: x tick labels lie under the plot, below any row of printed point
    labels, and the axis title under them holds no numbers. [] when no row holds two."""
    nums = [v for v in words if clean_number(v.text) and parse_tick(v.text) is not None]
    if len(nums) < 2:
        return []
    rows = _clusters(np.array([v.cy for v in nums], float), 0.5 * float(np.median([v.h for v in nums])))
    rows = [r for r in rows if len(r) >= 2]
    if not rows:
        return []
    low = max(rows, key=lambda r: float(np.mean([nums[i].cy for i in r])))
    return sorted((nums[i] for i in low), key=lambda v: v.x0)


def row_below(words: list[Word], x: AxisFind, text_h: float, width: int):
    """The margin (x0, y0, x1, y1) of the lowest row of two or more numbers under the labels
    the x axis `x` was fitted to, or None when there is none. Noise or blur can leave the
    axis's own labels misread ('1300' for '1500') while a row of printed point labels above
    them ('8,192', '16,384', '32,768') reads cleanly and fits a scale of its own: the axis's
    labels are the lowest row of numbers, and that row is worth reading again."""
    bottom = max(v.y1 for v in x.words)
    row = lowest_number_row([v for v in words if v.cy > bottom])
    if not row:
        return None
    return (0, max(0.0, min(v.y0 for v in row) - 0.6 * text_h), width, max(v.y1 for v in row) + 0.6 * text_h)


# An axis none of whose labels fitted: its margin read again whole, enlarged, as a block of
# text, plainly and sharpened. Small blurred labels that neither the page reading nor the
# line reading made out (a downscaled 6 px '1500' read 'S00' or nothing) often come out of one.
MARGIN_REREADS = (False, True)


def reread_margin(gray: np.ndarray, region, vertical: bool, scale: float, sharpen: bool) -> list[Word]:
    """The numbers in a tick-label margin `region` (x0, y0, x1, y1) of an axis left unread,
    read as one block enlarged by `scale` (see MARGIN_REREADS); beside an x axis only the
    lowest row of them (see lowest_number_row)."""
    x0, y0, x1, y1 = (int(round(v)) for v in region)
    crop = gray[max(0, y0):y1, max(0, x0):x1]
    if crop.size == 0:
        return []
    words = [v.shifted(max(0, x0), max(0, y0))
             for v in ocr.read_words(crop, scale, ocr.PSM_BLOCK, sharpen=sharpen) if v.text]
    if not vertical:
        return lowest_number_row(words)
    return [v for v in words if clean_number(v.text) and parse_tick(v.text) is not None]


def _flat_stroke(mask: np.ndarray) -> bool:
    """A tick mark drawn against a y label, with or without the axis line it hangs from: what is
    left when columns inked over nine tenths of the height (the axis) are taken away is one thin
    stroke at least three times as long as it is thick, across the middle of the label."""
    bh = mask.shape[0]
    cols = mask.sum(axis=0) < 0.9 * bh
    rest = mask[:, cols]
    rows = np.flatnonzero(rest.any(axis=1))
    if rest.sum() == 0 or len(rows) == 0:
        return False
    thick = rows[-1] - rows[0] + 1
    wide = int(rest.any(axis=0).sum())
    # (Thin against the label: blurred zeros run together ('0000' of '20000') are as long.)
    return wide >= 3 * thick and thick <= 0.5 * bh and abs((rows[0] + rows[-1]) / 2 - bh / 2) <= bh / 4


def _tick_stroke(ink_box: np.ndarray) -> tuple[int, int, int, int] | None:
    """The ink box (x0, y0, x1, y1) inside `ink_box` left when a tick mark caught in a label's
    box is taken off, or None when there is none. A tick mark lies wholly above the other glyphs
    (an x tick drawn outwards, often with the axis line it hangs from) or wholly right of them
    and flat (a y tick on the left axis). A stroke left of the digits is a minus sign and one
    below them a comma: both stay; a '%', 'k' or 'x' right of them is no flat stroke."""
    if ink_box.size == 0:  # a word box of no width (cv2 crashes on an empty image)
        return None
    n, lab, stats, _ = cv2.connectedComponentsWithStats(ink_box.astype(np.uint8), connectivity=8)
    comps = [i for i in range(1, n) if stats[i][4] >= 2]
    if len(comps) < 2:
        return None
    for k in comps:
        x, y, w, h = (int(v) for v in stats[k][:4])
        rest = [stats[j][:4] for j in comps if j != k]
        top = min(int(c[1]) for c in rest)
        right = max(int(c[0] + c[2]) for c in rest)
        if y + h < top or (x >= right and _flat_stroke(lab[:, x:x + w] == k)):
            return (min(int(c[0]) for c in rest), top, right, max(int(c[1] + c[3]) for c in rest))
    return None


def _numberish(text: str) -> bool:
    """A number, or one with a letter or two after it that a tick mark may have left."""
    return parse_tick(text) is not None or re.fullmatch(r"[-−]?\d[\d.,]*[a-zA-Z%]{1,3}[^\w\s]?", text) is not None


def strip_tick_marks(words: list[Word], gray: np.ndarray, ink: np.ndarray) -> list[Word]:
    """Numbers whose box took in a tick mark drawn against the label: the box is cut to the
    glyphs (an x label took the tick's height, which sets the text height) and the number read
    again without the mark (tesseract reads '20 -' as '207', and '3k -' as '3kt', no number at all)."""
    out = []
    for w in words:
        cut = _tick_stroke(ink[w.y0:w.y1, w.x0:w.x1]) if _numberish(w.text) and w.h > 3 else None
        if cut is None:
            out.append(w)
            continue
        x0, y0, x1, y1 = w.x0 + cut[0], w.y0 + cut[1], w.x0 + cut[2], w.y0 + cut[3]
        again = [v.text for v in read_line_box(gray, (x0, y0, x1, y1), isolated=True)]
        # The stroke can only have added characters at the end: a second reading that differs
        # otherwise is a worse one (small text enlarged alone), and the first text stays.
        text = again[0] if len(again) == 1 and w.text.startswith(again[0]) \
            and parse_tick(again[0]) is not None else w.text
        out.append(Word(text, w.conf, x0, y0, x1, y1))
    return out


def tightened(words: list[Word], gray: np.ndarray, text_h: float, blank: int = 230) -> list[Word]:
    """Numbers whose box is half as tall again as the text and reaches far above or below
    their glyphs, over blank rows, cut to them: tesseract gives a label beside a rotated axis
    title a box down to the title's letters ('2e4' 21 px tall for 9 px digits), and its centre,
    where the tick is, then lies pixels off. (A box that took in more ink, a marker under a
    point label, is left as read; and any pixel darker than `blank` counts, as a blurred
    glyph's pale rim is the glyph's.) A number boxed over two or more lines of glyphs, each
    of a text's height, is two labels read as one ('10000' boxed over '10000' and the '5000'
    under it): each line is read again on its own."""
    out = []
    for w in words:
        dark = gray[w.y0:w.y1, w.x0:w.x1] < blank
        rows = np.flatnonzero(dark.any(axis=1)) if parse_tick(w.text) is not None and w.h >= 1.5 * text_h else []
        bands = imageops.group_runs(rows, gap=2) if len(rows) else []
        # (The foot of the label above may reach into the box: a sliver, no line.)
        tall = [(a, b) for a, b in bands if b + 1 - a >= 0.5 * text_h]
        if len(tall) >= 2 and all(b + 1 - a <= 1.5 * text_h for a, b in tall):
            lines = [v for a, b in tall for v in read_line_box(gray, (w.x0, w.y0 + a, w.x1, w.y0 + b + 1))
                     if parse_tick(v.text) is not None]
            if len(lines) >= 2:
                out += lines
                continue
        if len(bands) != 1:
            out.append(w)
            continue
        a, b = bands[0]
        out.append(Word(w.text, w.conf, w.x0, w.y0 + a, w.x1, w.y0 + b + 1) if b + 1 - a < 0.75 * w.h else w)
    return out


def overlaps(a: Word, b: Word) -> bool:
    ix = min(a.x1, b.x1) - max(a.x0, b.x0)
    iy = min(a.y1, b.y1) - max(a.y0, b.y0)
    return ix > 0 and iy > 0 and ix * iy > 0.3 * min(a.w * a.h, b.w * b.h)


def _same_span(a: Word, b: Word) -> bool:
    """Two boxes of one line's glyphs: both ends within half a text height of each other."""
    tol = 0.5 * max(a.h, b.h)
    return abs(a.x0 - b.x0) <= tol and abs(a.x1 - b.x1) <= tol and overlaps(a, b)


def merge_words(base: list[Word], better: list[Word]) -> list[Word]:
    """`better` words replace the `base` words they overlap, unless only the base is a number
    or the base is a surer reading of the same word. Of two `better` numbers that overlap (one
    label read from two regions, one of which cut it: '0' and '4'), the more confident reading
    stays."""
    def num(w):
        return parse_tick(w.text) is not None
    extra = []
    for b in better:
        clash = [e for e in extra if overlaps(b, e)]
        if clash and num(b) and all(num(e) and e.conf < b.conf for e in clash):
            extra = [e for e in extra if not any(e is c for c in clash)]
        elif clash:
            continue
        if not num(b) and any(num(w) and overlaps(w, b) for w in base):
            continue
        # Nor does a word replace a sure reading, surer than it, of the same glyphs ('A100' at
        # 90 read again as 'A190' at 86), nor one far surer with a glyph more or less ('Qwen2.5'
        # at 86 read again 'Qwenz2.5' at 57, a serif Q's tail taken for a letter): margins are
        # read again for their numbers. (A point label is, with what OCR read of its marker:
        # '*bs=1024' gives way to 'bs=1024,'.)
        if not num(b) and any(_same_span(w, b) and not num(w) and parse_point_label(w.text) is None
                              and w.conf > max(b.conf, 80) and w.text != b.text
                              and (len(w.text) == len(b.text) or w.conf >= b.conf + 20)
                              for w in base):
            continue
        # Nor does a number replace the same digits read with a decimal point between them
        # ('75k:' for '7.5k'): a line read alone loses a small point more often than the page
        # pass reads one into a label.
        if num(b) and any(overlaps(w, b) and num(w) and _point_lost(w.text, b.text) for w in base):
            continue
        # ... nor a word read alone on part of a page word's span with fewer of its glyphs ('4'
        # of '4req', '13-32B' of 'Qwen3-32B': the line's crop cut at a marker or a swatch); the
        # line's words that split it ('Engine' and 'B' over 'EngineS') replace it.
        if any((_part_of(b, w) or _cut_short(b, w)) and sum(overlaps(o, w) for o in better) == 1 for w in base):
            continue
        extra.append(b)
    kept = [w for w in base if not any(overlaps(w, b) for b in extra)]
    return kept + extra


def _part_of(b: Word, w: Word) -> bool:
    """`b` lies within the span of `w`, a sure page word with letters, and reads two glyphs
    fewer on at most two thirds of its width; and it is no point label where `w` is none
    ('1024' of 'bs#1024' is the label)."""
    def alnum(v):
        return sum(c.isalnum() for c in v.text)
    return w.conf >= 60 and any(c.isalpha() for c in w.text) and w.x0 - 2 <= b.x0 and b.x1 <= w.x1 + 2 \
        and overlaps(w, b) and b.w <= 2 / 3 * w.w and alnum(b) + 2 <= alnum(w) \
        and not (parse_point_label(b.text) is not None and parse_point_label(w.text) is None)


def _cut_short(b: Word, w: Word) -> bool:
    """`b`, a word of letters, reads the start of `w`, a word read surely (85), all but its
    last letter or two, which lie past `b`'s box: the line reader read the rest alone and left
    it out as too short to be text ('Engine' of 'EngineA', its 'A' a word of one letter): a
    capital or a digit, where a marker beside a word reads as a sign or a small letter ('req@').
    (Not so a number: '1.8' read without the tick mark that the page read as a '4'.)"""
    a, c = w.text.strip(), b.text.strip()
    rest = a[len(c):]
    return w.conf >= 85 and 1 <= len(rest) <= 2 and all(ch.isupper() or ch.isdigit() for ch in rest) \
        and len(c) >= 3 and a.startswith(c) \
        and sum(ch.isalpha() for ch in c) >= 2 and parse_tick(c) is None \
        and w.x0 - 2 <= b.x0 and b.x1 <= w.x1 - 0.25 * w.h and overlaps(w, b)


def _point_lost(with_point: str, read: str) -> bool:
    """`read` is `with_point` without its decimal point: the same digits, a point between two
    of them in one and no separator in the other ('5,000' is no '5.000' that lost its point)."""
    return re.search(r"\d\.\d", with_point) is not None and "." not in read and "," not in read \
        and re.sub(r"\D", "", with_point) == re.sub(r"\D", "", read)


# What a tick mark or gridline's end at a label's end is read as ('000-', '000}', '000:').
_MARK_CHARS = ")]}|-~\u2014_:;.,"
_GROUP_END = r"\d{3}[)\]}|\-~\u2014_:;.,]*"    # a last group of thousands, a tick mark read after it


def join_number_parts(words: list[Word], text_h: float) -> list[Word]:
    """'120' + ',000' or '29,' + '000' on one line, a small gap apart: one number, '120,000'.
    A comma read as a word of its own joins the number before it first ('70' ',' '000'), and a
    tick mark read at the end of the second part ('000}') is left out."""
    out = sorted(words, key=lambda w: w.x0)
    changed = True
    while changed:
        changed = False
        for i, a in enumerate(out):
            for j, b in enumerate(out):
                if i == j or abs(a.cy - b.cy) > 0.4 * max(a.h, b.h):
                    continue
                gap, hh = b.x0 - a.x1, max(a.h, b.h)
                comma = a.text.endswith(",") or b.text.startswith(",")
                # '27' + '000' with the comma lost: only when the two nearly touch.
                bare = re.fullmatch(r"\d{1,3}", a.text) and re.fullmatch(_GROUP_END, b.text) and gap <= 0.35 * hh
                # '3' + '000' of a monospaced '3,000': the comma fills a digit's cell, so the
                # parts stand about a digit apart; the digits of both are as wide. The second
                # part starts with a zero, as no label of its own does: two crowded labels
                # stand as close ('128' '256' on a log2 axis).
                cell = b.w / 3
                mono = re.fullmatch(r"\d{1,3}", a.text) and re.fullmatch(r"0\d{2}", b.text) \
                    and 0.35 * hh < gap <= 1.5 * cell and abs(a.w / len(a.text) - cell) <= 0.25 * cell
                # '25.' + '0k:': a number cut after its decimal point, its decimals and unit
                # touching it (a zero there is often read as the letter: 'Ok:'). Without a unit,
                # '4.' + '32' is as likely a marker read as a digit beside a point label.
                point = re.fullmatch(r"[-+\u2212]?\$?\d[\d,]*\.", a.text) and \
                    re.fullmatch(r"[\dO]+[kKMB%][:;.,)\]}|]*", b.text) and gap <= 0.35 * hh
                # '27' + '5k-': the point itself lost on a bold dark-theme label ('27.5k'), a
                # point's width apart; one decimal and a unit, as a tick formatter prints them.
                # So too in a blurred '4.5e4' ('4' + '5e4').
                lost = re.fullmatch(r"[-+\u2212]?\$?\d{1,3}", a.text) and \
                    re.fullmatch(r"[\dO]([kKMB%]|e[-+\u2212]?\d{1,2})[:;.,)\]}|\-~]*", b.text) \
                    and 0.35 * hh < gap <= 1.0 * hh
                # '2.000' + '000': blurred commas read as points, the last group split off.
                dots = re.fullmatch(r"[-+\u2212]?\$?\d{1,3}(\.[\d$]{3})+", a.text) and re.fullmatch(r"\d{3}", b.text)
                # '600.' + '000': the first comma read as a point, the group after it apart.
                dotted = re.fullmatch(r"[-+\u2212]?\$?\d{1,3}\.", a.text) and re.fullmatch(r"\d{3}", b.text)
                if not (lost or mono or ((comma or bare or point or dots or dotted) and -0.5 * hh <= gap <= 0.8 * hh)):
                    continue
                if dotted:
                    text = a.text[:-1] + "," + b.text
                elif dots:
                    text = a.text[:1] + a.text[1:].replace("$", "5").replace(".", ",") + "," + b.text
                elif point:
                    text = a.text + re.sub(r"[:;.,)\]}|]+$", "", b.text).replace("O", "0")
                elif lost:
                    text = a.text + "." + re.sub(r"[:;.,)\]}|\-~]+$", "", b.text).replace("O", "0")
                else:
                    # (A tick mark read at its end: '000-', '000}', '000:'.)
                    text = (a.text.rstrip(",") + "," + b.text.lstrip(",").rstrip(_MARK_CHARS))
                lone_comma = b.text == "," and re.fullmatch(r"[-+\u2212]?\$?\d{1,3}(,\d{3})*", a.text)
                if not lone_comma and (parse_tick(text) is None or
                                       not re.fullmatch(r"[-+\u2212]?\$?\d{1,3}(,\d{3})*(\.\d+)?"
                                                        r"([kKMB%]|e[-+\u2212]?\d{1,2})?", text)
                                       or not (point or lost or "," in text)):
                    continue
                j_word = Word(text, min(a.conf, b.conf), a.x0, min(a.y0, b.y0), b.x1, max(a.y1, b.y1))
                out = [w for k, w in enumerate(out) if k not in (i, j)] + [j_word]
                changed = True
                break
            if changed:
                break
    return out


def tick_regions(x: AxisFind | None, y: AxisFind | None, text_h: float, width: int, height: int,
                 hanging: bool = False):
    """Where the tick labels of each axis must lie, given what the first pass found. `hanging`:
    an x axis not found is looked for from half a line above the lowest y label's centre, not
    from that centre: that label is centred on the x axis's line, and labels without tick
    marks hang just under that line (seed-57 syn065). Only for a last look (see
    digitize._reread_unread_axes): on the first, a point label just over the axis was read as
    a tick line, and worse (seed-56 syn097)."""
    m = 2.0 * text_h
    # Two printed values ('1.8x', '1.3x' on two bars) or two category names ('GPT3 2.7B',
    # '1.8B') fit a scale as well as two ticks: an axis of two labels does not bound the
    # other axis's margin.
    def sure(a):
        return a if a is not None and len(a.calibration.ticks) > 2 else None
    sx, sy = sure(x), sure(y)
    if y is not None:
        ws = y.words
        # Reach past the words read: a label's last characters ('k', '000') are what OCR drops.
        yreg = (max(0, min(w.x0 for w in ws) - 3 * text_h), 0,
                min(width, max(w.x1 for w in ws) + 3 * text_h), height)
    else:
        right = min(w.x0 for w in sx.words) + 3 * text_h if sx is not None else 0.35 * width
        bottom = min(w.y0 for w in sx.words) if sx is not None else height
        yreg = (0, 0, right, bottom)
    if x is not None:
        ws = x.words
        xreg = (0, max(0, min(w.y0 for w in ws) - 0.6 * text_h), width, min(height, max(w.y1 for w in ws) + 0.6 * text_h))
    else:
        top = max(w.cy for w in sy.words) - (0.5 * text_h if hanging else 0.0) if sy is not None else 0.55 * height
        left = max(w.x1 for w in sy.words) - m if sy is not None else 0
        xreg = (max(0, left), top, width, height)
    return xreg, yreg
