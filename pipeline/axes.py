"""Tick positions and values -> axis calibration (linear, log10, log2); pixel <-> data.

Each calibrated axis is value = f(pixel) with f affine in the transformed space
(identity for linear axes, log for log axes). Fits are robust: every pair of ticks proposes a
model, the one that agrees with most ticks wins, and the ticks it disagrees with are reported
as rejected instead of bending the fit.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field, replace

import numpy as np

from .numbers import parse_tick


@dataclass
class Tick:
    pixel: float          # position along the axis (x for the x axis, y for the y axis)
    text: str
    value: float
    box: tuple[int, int, int, int] = (0, 0, 0, 0)
    snapped: str = "label"  # what fixed the pixel: 'label' centre, 'gridline' or 'tickmark'
    repaired: str = ""      # why the value is not the text as read (see _decimal_repairs, _digit_repairs)


@dataclass
class AxisCalibration:
    scale: str                  # 'linear' | 'log10' | 'log2'
    slope: float                # transformed value per pixel
    intercept: float
    ticks: list[Tick]
    rejected: list[Tick] = field(default_factory=list)
    residual_px: float = 0.0    # RMS distance of the used ticks from the fit, in pixels

    @property
    def is_log(self) -> bool:
        return self.scale.startswith("log")

    def _fwd(self, v):
        v = np.asarray(v, dtype=float)
        return np.log10(v) if self.is_log else v

    def _inv(self, t):
        t = np.asarray(t, dtype=float)
        return np.power(10.0, t) if self.is_log else t

    def to_data(self, pixel):
        return self._inv(self.intercept + self.slope * np.asarray(pixel, dtype=float))

    def to_pixel(self, value):
        return (self._fwd(value) - self.intercept) / self.slope

    def value_per_pixel(self, pixel) -> float:
        """Data units one pixel spans at `pixel` (for log axes it depends on where)."""
        return float(abs(self.to_data(pixel + 0.5) - self.to_data(pixel - 0.5)))

    def as_dict(self) -> dict:
        def tick(t: Tick) -> dict:
            out = {"pixel": round(t.pixel, 2), "text": t.text, "value": t.value,
                   "snapped_to": t.snapped, "box": list(t.box)}
            if t.repaired:
                out["repaired"] = t.repaired
            return out
        return {
            "scale": self.scale,
            "fit": {"space": "log10(value)" if self.is_log else "value",
                    "slope_per_px": self.slope, "intercept": self.intercept,
                    "residual_px": round(self.residual_px, 3)},
            "ticks": [tick(t) for t in self.ticks],
            "rejected_ticks": [dict(tick(t), reason="disagrees with the fit of the other ticks")
                               for t in self.rejected],
        }


def _fit(px: np.ndarray, tv: np.ndarray) -> tuple[float, float]:
    a = np.vstack([px, np.ones_like(px)]).T
    (slope, icpt), *_ = np.linalg.lstsq(a, tv, rcond=None)
    return float(slope), float(icpt)


def _robust(px: np.ndarray, tv: np.ndarray, tol_px: float, sign: int = 0) -> tuple[np.ndarray, float, float, float]:
    """Best inlier set over all pair models; returns (inlier mask, slope, intercept, rms px).
    `sign`: the sign the slope must have (0: either)."""
    n = len(px)
    best = None
    for i in range(n):
        for j in range(i + 1, n):
            if px[i] == px[j] or tv[i] == tv[j]:
                continue
            slope = (tv[j] - tv[i]) / (px[j] - px[i])
            if sign and np.sign(slope) != sign:
                continue
            icpt = tv[i] - slope * px[i]
            resid = np.abs((tv - icpt) / slope - px)
            inl = resid <= tol_px
            key = (int(inl.sum()), -float(np.sum(np.minimum(resid, tol_px))))
            if best is None or key > best[0]:
                best = (key, inl)
    if best is None:
        return np.zeros(n, bool), 0.0, 0.0, math.inf
    inl = best[1]
    slope, icpt = _fit(px[inl], tv[inl])
    if slope == 0:
        return np.zeros(n, bool), 0.0, 0.0, math.inf
    resid = (tv - icpt) / slope - px
    inl = np.abs(resid) <= tol_px
    if inl.sum() >= 2:
        slope, icpt = _fit(px[inl], tv[inl])
        resid = (tv - icpt) / slope - px
    rms = float(np.sqrt(np.mean(resid[inl] ** 2))) if inl.any() else math.inf
    return inl, slope, icpt, rms


def _log_base(values: np.ndarray) -> str:
    lv = np.log2(values)
    if np.allclose(lv, np.round(lv), atol=1e-6) and not np.allclose(np.log10(values) % 1, 0, atol=1e-6):
        return "log2"
    return "log10"


def looks_logarithmic(values) -> bool:
    """Tick values that only a log axis prints: positive, sorted, with a constant ratio > 1.5."""
    v = np.sort(np.asarray(values, dtype=float))
    if len(v) < 3 or v[0] <= 0:
        return False
    r = v[1:] / v[:-1]
    return bool(np.all(r > 1.5) and np.ptp(np.log(r)) < 0.05 * np.mean(np.log(r)) + 1e-9)


def _decades_apart(values) -> bool:
    """Two values alone, both powers of ten a decade or more apart and the larger 100 or more
    ('1000', '10000'): a log axis's labels. A linear one prints the steps between them too
    (a noisy log axis had its only two labels fitted linear, and its points below 1000 went
    negative)."""
    v = np.sort(np.asarray(values, dtype=float))
    if len(v) != 2 or v[0] <= 0 or v[1] < 100:
        return False
    e = np.log10(v)
    return bool(np.allclose(e, np.round(e), atol=1e-9) and e[1] - e[0] >= 1 - 1e-9)


def calibrate(ticks: list[Tick], tol_px: float = 3.0, sign: int = 0) -> AxisCalibration | None:
    """Fit ticks (>= 2 that agree) to a linear or log axis; None when they cannot be fitted.
    Where some disagree, readings that lost a decimal point ('25M' beside '2.0M') are tried as
    the other labels print theirs, and kept when more ticks then agree. `sign`: the sign the
    values' slope per pixel must have, where the axis's direction is known (0: either); a
    misread label that falls against it ('460' for '100' before '200', '300') is rejected
    rather than taken with one other for a fit the wrong way round."""
    cal = _calibrate(ticks, tol_px, sign)
    if len(ticks) == 3 and (cal is None or len(cal.ticks) < 3):
        fixed = _three_label_repair(ticks, tol_px)
        other = _calibrate(fixed, tol_px, sign) if fixed is not None else None
        if other is not None and len(other.ticks) == 3:
            return other
    if cal is None:
        return cal
    if cal.rejected:
        fixed = _decimal_repairs(ticks)
        other = _calibrate(fixed, tol_px, sign) if fixed is not None else None
        if other is not None and len(other.ticks) > len(cal.ticks):
            cal = other
    # A log fit of values no log axis prints ('10', '16', '26' for 10, 15, 20 misread) is a
    # linear axis misread, when digit repairs make one of it.
    if cal.scale == "linear" and not _fit_stands(cal, tol_px) or \
            cal.is_log and not evenly_stepped([t.value for t in cal.ticks], cal.scale):
        fixed = _digit_repairs(ticks, tol_px)
        other = _calibrate(fixed[0], tol_px, sign) if fixed is not None else None
        if other is not None and other.scale == "linear" and len(other.ticks) >= max(4, len(cal.ticks)) \
                and on_step([t.value for t in other.ticks]) \
                and (len(other.ticks) > len(cal.ticks) or other.residual_px < cal.residual_px
                     or not on_step([t.value for t in cal.ticks])):
            other.rejected = sorted(other.rejected + fixed[1], key=lambda t: t.pixel)
            cal = other
    return _rejects_on_the_fit(cal, tol_px)


def _rejects_on_the_fit(cal: AxisCalibration, tol_px: float) -> AxisCalibration:
    """A fit of three labels or more with the rejected labels that one digit confused (see
    _CONFUSED) puts on it: the one such reading that lands within `tol_px` of its tick and
    keeps the labels stepping as the axis's do is taken ('190' for '100', '18' for '10' on a
    log axis of 1, 2, 5, 20, 50 in a monospaced font: outside set-23 h37, whose last tick then
    went unseen and the plot box ended short of its last points). The fit itself is unchanged."""
    if len(cal.ticks) < 3 or not cal.rejected:
        return cal
    taken, left = [], []
    for t in cal.rejected:
        hits = {v: text for v, n, text in digit_variants(t.text, 1)[1:]
                if (v > 0 or not cal.is_log) and abs(float(cal.to_pixel(v)) - t.pixel) <= tol_px
                and all(v != k.value for k in cal.ticks)}
        vals = [k.value for k in cal.ticks]
        hits = {v: text for v, text in hits.items()
                if (evenly_stepped(vals + [v], cal.scale) if cal.is_log else on_step(vals + [v]))}
        if len(hits) == 1:
            (v, text), = hits.items()
            taken.append(replace(t, value=float(v), repaired=f"read as '{text}': a digit OCR confuses, "
                                                               "on the fit of the other labels"))
        else:
            left.append(t)
    if not taken:
        return cal
    return replace(cal, ticks=sorted(cal.ticks + taken, key=lambda t: t.pixel), rejected=left)


def _fit_stands(cal: AxisCalibration, tol_px: float) -> bool:
    """A linear fit no digit repair may overrule: three or more labels stepping evenly (labels
    junk read near the axis may be rejected beside them), or labels that leave no label out and
    lie on their ticks to within a quarter of the tolerance. Printed labels sit exactly at their
    ticks; misread digits ('8,800', '6,608' for '8,000', '6,000') are off the line by pixels."""
    if len(cal.ticks) >= 3 and on_step([t.value for t in cal.ticks]):
        return True
    # Four labels or more off a locator's steps are one misreading made alike in every label
    # ('9', '29', '49', '69' for a slashed-zero '0', '20', '40', '60'), however well they fit.
    return not cal.rejected and cal.residual_px <= 0.25 * tol_px and len(cal.ticks) < 4


# Digits a blurred, downscaled or JPEG'd label is misread as: a dotted or slashed zero as '8'
# or '3', a zero with a closed-up gap as '6' or '9', '3' and '8', '5' and '6' or '8' (a
# blurred serif '5' closes up), '1' and '7'.
_CONFUSED = {"0": "8693", "8": "035", "6": "05", "9": "0", "3": "80", "5": "68", "1": "7", "7": "1"}


def _significant(text: str) -> int:
    """How many digits of a label are not leading or trailing zeros: how round it is."""
    return len(re.sub(r"\D", "", text).strip("0"))


def digit_variants(text: str, most: int = 2) -> list[tuple[float, int, str]]:
    """(value, digits changed, text) of a label with up to `most` of its digits read as the
    digit OCR confuses them with (see _CONFUSED); the reading as it is comes first."""
    out, seen = [], set()
    spots = [i for i, c in enumerate(text) if c in _CONFUSED]
    frontier = [(text, 0, -1)]
    while frontier:
        t, k, last = frontier.pop(0)
        v = parse_tick(t)
        if v is not None and math.isfinite(v) and t not in seen:
            seen.add(t)
            out.append((v, k, t))
        if k == most:
            continue
        for i in spots:
            if i <= last:
                continue
            for d in _CONFUSED[text[i]]:
                frontier.append((t[:i] + d + t[i + 1:], k + 1, i))
    return out


def _digit_repairs(ticks: list[Tick], tol_px: float) -> tuple[list[Tick], list[Tick]] | None:
    """The ticks of an axis whose fit left labels out or whose values do not step evenly, with
    digits read as the ones OCR confuses them with ('8,800' for '8,000' in a font whose zero
    has a dot; '108', '156' beside '200' for '100', '150') where that makes more labels fit one
    evenly stepped linear scale with the fewest digits changed: (the labels on that scale, with
    their values so read; the labels off it), or None when no change does.
    Every pair of readings (as read, or at their roundest) proposes a scale, as in _robust; a
    label fits it by its roundest reading, then the one with the fewest digits changed."""
    ticks = [t for t in ticks if t.value is not None and math.isfinite(t.value)]
    if not 4 <= len(ticks) <= 12:
        return None
    # (Three digits: a dotted zero misread in each of '5,000' reads '5,368'.)
    cands = [(k, v, n, s) for k, t in enumerate(ticks) for v, n, s in digit_variants(t.text, 3)]
    tick_of = np.array([c[0] for c in cands])
    vals = np.array([c[1] for c in cands], float)
    subs = np.array([c[2] for c in cands], float)
    px = np.array([ticks[k].pixel for k in tick_of], float)
    # Labels are round numbers: of the readings that fit, the one with the fewest significant
    # digits ('6,000' rather than '6,008', which fits as well at 40 per pixel).
    sig = np.array([_significant(c[3]) for c in cands])
    # Pair models, all at once: the readings of two labels as read or at their roundest.
    roundest = np.array([sig[i] == sig[tick_of == tick_of[i]].min() for i in range(len(cands))])
    seeds = np.flatnonzero((subs == 0) | roundest)
    ia, ib = np.meshgrid(seeds, seeds, indexing="ij")
    # (two labels read at one pixel make no slope: a scale needs them apart)
    ok = (ia < ib) & (tick_of[ia] != tick_of[ib]) & (vals[ia] != vals[ib]) & (px[ia] != px[ib])
    ia, ib = ia[ok], ib[ok]
    if len(ia) == 0:
        return None
    slope = (vals[ib] - vals[ia]) / (px[ib] - px[ia])
    resid = np.abs((vals[None, :] - vals[ia][:, None]) / slope[:, None] + (px[ia][:, None] - px[None, :]))
    fits = resid <= tol_px
    starts = np.flatnonzero(np.r_[True, tick_of[1:] != tick_of[:-1]])
    n_fit = (np.add.reduceat(fits, starts, axis=1) > 0).sum(axis=1)
    best, seen = None, set()
    for m in np.argsort(-n_fit, kind="stable"):
        n = int(n_fit[m])
        # Three labels are too few: one misread digit makes a scale of its own as often as
        # it fits the right one ('260' for '100' beside '200', '400').
        if n < 4 or (best is not None and n < best[0]):
            break
        f = np.flatnonzero(fits[m])
        pick = {}
        for i in f[np.lexsort((resid[m, f], subs[f], sig[f]))]:
            pick.setdefault(int(tick_of[i]), int(i))
        key = tuple(sorted(pick.values()))
        if key in seen:
            continue
        seen.add(key)
        chosen = list(key)
        cost = float(subs[chosen].sum())
        if (best is None or cost < best[1]) and on_step(vals[chosen]):
            best = (n, cost, pick)
    if best is None or best[1] == 0:
        return None
    fitted, left = [], [t for k, t in enumerate(ticks) if k not in best[2]]
    for k, i in sorted(best[2].items()):
        fitted.append(ticks[k] if subs[i] == 0 else replace(
            ticks[k], value=float(vals[i]), repaired=f"read as '{cands[i][3]}': digits OCR confuses, as the other labels step"))
    return fitted, left


# Letters OCR reads for a '1' or a tick mark inside a label ('1le6' for '1e6').
_STRAY = "lI|"


def _one_digit_less(text: str) -> list[tuple[float, int, str]]:
    """(value, 1, text) of a label of three digits or more read with each one digit left out,
    and of any label with a stray letter (see _STRAY) left out."""
    spots = [i for i, c in enumerate(text) if c.isdigit()] if sum(c.isdigit() for c in text) >= 3 else []
    spots += [i for i, c in enumerate(text) if c in _STRAY]
    out = []
    for i in spots:
        t = text[:i] + text[i + 1:]
        v = parse_tick(t)
        if v is not None and math.isfinite(v) and t not in {o[2] for o in out}:
            out.append((v, 1, t))
    return out


def _log_steps(vals) -> bool:
    """Three values a log axis prints at even steps: 1, 10, 100 or 2, 4, 8 (see evenly_stepped)."""
    if min(vals) <= 0:
        return False
    r = np.log10(np.asarray(vals, float))
    return abs((r[1] - r[0]) - (r[2] - r[1])) <= 1e-9 and abs(r[1] - r[0]) >= np.log10(1.5) \
        and evenly_stepped(vals, "log")


def _three_label_repair(ticks: list[Tick], tol_px: float) -> list[Tick] | None:
    """Three labels at even pixel steps whose values do not step evenly ('0', '166', '200', or
    on a log axis '1', '10', '160'),
    with the one reading of one label, digits changed as OCR confuses them or one digit too
    many dropped (a tick mark read as a digit: '1600' for '100'), that makes them step as a
    tick locator places them (0, 100, 200); None when there is no such reading, or more than
    one, or the label changed is not the least round of the three."""
    t = sorted(ticks, key=lambda k: k.pixel)
    if any(k.value is None for k in t) or abs((t[1].pixel - t[0].pixel) - (t[2].pixel - t[1].pixel)) > tol_px:
        return None
    found = []
    for i in range(3):
        swaps = digit_variants(t[i].text)[1:]
        for v, n, text in swaps + _one_digit_less(t[i].text):
            vals = [k.value for k in t]
            vals[i] = v
            linear = abs((vals[1] - vals[0]) - (vals[2] - vals[1])) <= 1e-9 * max(map(abs, vals)) \
                and vals[0] != vals[1] and on_step(vals)
            if linear or _log_steps(vals):
                found.append((i, v, text, (v, n, text) in swaps))
    if len(found) != 1:
        return None
    i, v, text, swap = found[0]
    # Labels are round and a misread one is not: the label changed must be the least round of
    # the three ('166' beside '0', '200'; not '200' made '280' beside '260', '300'), or one
    # digit swapped for another keeping it as round ('600' for '500' beside '1000', '1500':
    # seed-48 syn118, whose x axis was then taken for categories).
    # A reading with a stray letter in it is a misreading whatever its digits.
    sig = [_significant(k.text) for k in t]
    if not any(c in _STRAY for c in t[i].text) and any(sig[i] <= sig[j] for j in range(3) if j != i) \
            and not (swap and _significant(text) <= sig[i]):
        return None
    return [k if k is not t[i] else replace(k, value=float(v), repaired=f"read as '{text}' (digits OCR "
                                            "confuses or one too many), as the other two labels step")
            for k in ticks]


def decimal_places(text: str) -> int:
    """How many decimals a label prints ('1.25M': 2; '100': 0)."""
    m = re.search(r"\.(\d+)", text)
    return len(m.group(1)) if m else 0


WHOLE_NUMBER = re.compile(r"^([-+\u2212]?)([1-9]\d*)$")


def whole_as_printed(texts: list[str]) -> bool:
    """Three whole numbers or more stepping evenly as read, more of them than the other labels:
    they were printed so, and a label with decimals among them is the misreading (the other
    axis's '0.0' at the corner beside '50', '100', '150'; '10' read as '1.0' beside '20', '30')."""
    whole = [parse_tick(t) for t in texts if WHOLE_NUMBER.match(t.strip())]
    return 3 <= len(whole) > len(texts) - len(whole) and evenly_stepped(whole)


def _decimal_repairs(ticks: list[Tick]) -> list[Tick] | None:
    """The ticks with each reading that has no decimal point, where the others all print the
    same number of decimals, read with its point put back there ('25M' -> '2.5M' beside
    '2.0M'); None when no reading changes."""
    places = {decimal_places(t.text) for t in ticks if decimal_places(t.text)}
    if len(places) != 1 or whole_as_printed([t.text for t in ticks]):
        return None
    d = places.pop()
    out, changed = [], False
    for t in ticks:
        m = re.fullmatch(r"(\D*?)(\d{%d,})(\D*)" % (d + 1), t.text.strip())
        v = parse_tick(f"{m.group(1)}{m.group(2)[:-d]}.{m.group(2)[-d:]}{m.group(3)}") if m and "." not in t.text else None
        if v is None or not math.isfinite(v):
            out.append(t)
            continue
        out.append(replace(t, value=v, repaired="decimal point lost in OCR, put back as the other labels print it"))
        changed = True
    return out if changed else None


def _calibrate(ticks: list[Tick], tol_px: float, sign: int = 0) -> AxisCalibration | None:
    ticks = [t for t in ticks if t.value is not None and math.isfinite(t.value)]
    if len(ticks) < 2:
        return None
    px = np.array([t.pixel for t in ticks], float)
    vals = np.array([t.value for t in ticks], float)
    candidates = []
    lin = _robust(px, vals, tol_px, sign)
    candidates.append(("linear", lin))
    pos = vals > 0
    if pos.sum() >= 2:
        # A stray '0' (the other axis's corner label) must not rule out a log axis: it is
        # simply one more tick the log fit rejects.
        inl, slope, icpt, rms = _robust(px[pos], np.log10(vals[pos]), tol_px, sign)
        full = np.zeros(len(vals), bool)
        full[np.flatnonzero(pos)[inl]] = True
        candidates.append(("log", (full, slope, icpt, rms)))
    scored = []
    for name, (inl, slope, icpt, rms) in candidates:
        if inl.sum() < 2 or not math.isfinite(rms):
            continue
        used = vals[inl]
        if len(np.unique(used)) < 2:
            continue
        # More agreeing ticks wins; on a tie, the smaller residual; two ticks alone cannot tell
        # linear from log, so a constant-ratio sequence (1, 10, 100) decides then.
        prefer = 0
        log_like = looks_logarithmic(used) or _decades_apart(used)
        if name == "log" and log_like:
            prefer = 1
        if name == "linear" and not log_like:
            prefer = 1
        scored.append(((int(inl.sum()), prefer, -rms), name, inl, slope, icpt, rms))
    if not scored:
        return None
    scored.sort(key=lambda s: s[0], reverse=True)
    _, name, inl, slope, icpt, rms = scored[0]
    used = [t for t, k in zip(ticks, inl) if k]
    rejected = [t for t, k in zip(ticks, inl) if not k]
    scale = _log_base(vals[inl]) if name == "log" else "linear"
    return AxisCalibration(scale, slope, icpt, sorted(used, key=lambda t: t.pixel),
                           sorted(rejected, key=lambda t: t.pixel), rms)


def on_step(values) -> bool:
    """Linear tick values as a tick locator places them, with a label or two lost at most
    between two read: every gap one, two or three times the smallest, and every value a whole
    multiple of it (0, 200, 400 or 17.5k, 20k, 22.5k; not 260, 460, 660, nor 3, 5, 8)."""
    v = np.unique(np.asarray(values, float))
    if len(v) < 3:
        return False
    gaps = np.diff(v)
    s = gaps.min()
    q, g = v / s, gaps / s
    return bool(np.all(np.abs(q - np.round(q)) < 1e-6 * np.maximum(1.0, np.abs(q)))
                and np.all(np.abs(g - np.round(g)) < 1e-6 * np.maximum(1.0, g)) and g.max() < 3.5)


def evenly_stepped(values, scale: str = "linear") -> bool:
    """Tick values as an axis prints them: on a linear axis every gap between labels is a whole
    number of one step, with few steps between the ends (0, 2, 4, 6 or 1.5, 3, 4.5 with one
    label lost); on a log axis powers of two or one digit times a power of ten (1, 2, 5, 10).
    Printed data values beside points (5.38, 4.05, 2.58) line up with the data as well as tick
    labels do, and only this tells them apart."""
    v = np.unique(np.asarray([x for x in values if x is not None and math.isfinite(x)], float))
    if len(v) < 3:
        return True   # a pair is judged by layout._plausible_pair
    if scale.startswith("log"):
        if np.any(v <= 0):
            return False
        l2 = np.log2(v)
        if np.allclose(l2, np.round(l2), atol=1e-6):
            return True
        mant = v / 10.0 ** np.floor(np.log10(v) + 1e-9)
        return bool(np.allclose(mant, np.round(mant), rtol=0, atol=1e-6 * 10))
    d = np.diff(v)
    if len(d) >= 3 and np.allclose(d[1:] / d[:-1], 2.0, rtol=1e-3):
        return False    # batch sizes 16384, 32768, 65536, 131072 printed beside points
    for k in range(1, 5):
        s = d.min() / k
        q = d / s
        if np.all(np.abs(q - np.round(q)) < 1e-3) and np.ptp(v) / s <= max(10, 3 * (len(v) - 1)) + 1e-6:
            return True
    return False
