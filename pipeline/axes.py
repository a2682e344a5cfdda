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
    repaired: bool = False  # value read with a decimal point OCR lost (see _decimal_repairs)


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
                out["repaired"] = "decimal point lost in OCR, put back as the other labels print it"
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


def _robust(px: np.ndarray, tv: np.ndarray, tol_px: float) -> tuple[np.ndarray, float, float, float]:
    """Best inlier set over all pair models; returns (inlier mask, slope, intercept, rms px)."""
    n = len(px)
    best = None
    for i in range(n):
        for j in range(i + 1, n):
            if px[i] == px[j] or tv[i] == tv[j]:
                continue
            slope = (tv[j] - tv[i]) / (px[j] - px[i])
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


def calibrate(ticks: list[Tick], tol_px: float = 3.0) -> AxisCalibration | None:
    """Fit ticks (>= 2 that agree) to a linear or log axis; None when they cannot be fitted.
    Where some disagree, readings that lost a decimal point ('25M' beside '2.0M') are tried as
    the other labels print theirs, and kept when more ticks then agree."""
    cal = _calibrate(ticks, tol_px)
    if cal is None or not cal.rejected:
        return cal
    fixed = _decimal_repairs(ticks)
    if fixed is None:
        return cal
    other = _calibrate(fixed, tol_px)
    return other if other is not None and len(other.ticks) > len(cal.ticks) else cal


def _decimal_repairs(ticks: list[Tick]) -> list[Tick] | None:
    """The ticks with each reading that has no decimal point, where the others all print the
    same number of decimals, read with its point put back there ('25M' -> '2.5M' beside
    '2.0M'); None when no reading changes."""
    places = {len(m.group(1)) for t in ticks if (m := re.search(r"\.(\d+)", t.text))}
    if len(places) != 1:
        return None
    d = places.pop()
    out, changed = [], False
    for t in ticks:
        m = re.fullmatch(r"(\D*?)(\d{%d,})(\D*)" % (d + 1), t.text.strip())
        v = parse_tick(f"{m.group(1)}{m.group(2)[:-d]}.{m.group(2)[-d:]}{m.group(3)}") if m and "." not in t.text else None
        if v is None or not math.isfinite(v):
            out.append(t)
            continue
        out.append(replace(t, value=v, repaired=True))
        changed = True
    return out if changed else None


def _calibrate(ticks: list[Tick], tol_px: float) -> AxisCalibration | None:
    ticks = [t for t in ticks if t.value is not None and math.isfinite(t.value)]
    if len(ticks) < 2:
        return None
    px = np.array([t.pixel for t in ticks], float)
    vals = np.array([t.value for t in ticks], float)
    candidates = []
    lin = _robust(px, vals, tol_px)
    candidates.append(("linear", lin))
    pos = vals > 0
    if pos.sum() >= 2:
        # A stray '0' (the other axis's corner label) must not rule out a log axis: it is
        # simply one more tick the log fit rejects.
        inl, slope, icpt, rms = _robust(px[pos], np.log10(vals[pos]), tol_px)
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
        if name == "log" and looks_logarithmic(used):
            prefer = 1
        if name == "linear" and not looks_logarithmic(used):
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
    for k in range(1, 5):
        s = d.min() / k
        q = d / s
        if np.all(np.abs(q - np.round(q)) < 1e-3) and np.ptp(v) / s <= max(10, 3 * (len(v) - 1)) + 1e-6:
            return True
    return False
