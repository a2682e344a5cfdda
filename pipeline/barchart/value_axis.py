"""The value axis of a bar chart: evenly stepped ticks, re-reading unread ticks, and bar
lengths turned into values."""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from .. import imageops, ocr
from ..axes import AxisCalibration, Tick, calibrate, digit_variants, on_step
from ..layout import AxisFind
from ..marks.bars import Bar
from ..numbers import label_half_unit, parse_tick, parse_value_label
from ..ocr import Word
from .frame import Frame
from .value_labels import _binarised, _label_box


def _nice(step: float) -> float | None:
    """The round step (1, 2, 2.5 or 5 times a power of ten) within 10 % of `step`, or None."""
    if not step > 0:
        return None
    e = 10.0 ** np.floor(np.log10(step))
    best = min((m * e for m in (1.0, 2.0, 2.5, 5.0, 10.0)), key=lambda n: abs(n - step))
    return best if abs(best - step) <= 0.1 * best else None


def _even_ticks(ticks: list[Tick]) -> list[Tick] | None:
    """Tick values put back on the round progression their evenly spaced pixels show ('3000',
    '4006', '5060' at equal steps -> 3000, 4000, 5000: OCR reads a small '0' as '6'). Only when
    three or more ticks stand at whole multiples of one pixel step, their values do not step
    evenly, the step is a round number near their median step, and every value moves by less
    than a tenth of it; anchored at the roundest value. None when nothing is to change."""
    if len(ticks) < 3:
        return None
    ts = sorted(ticks, key=lambda t: t.pixel)
    px = np.array([t.pixel for t in ts], float)
    vals = np.array([t.value for t in ts], float)
    dp = np.diff(px)
    unit = float(np.min(np.abs(dp)))
    if unit < 4:
        return None
    k = np.round(dp / unit)
    if np.any(k < 1) or np.any(np.abs(dp - k * unit) > max(1.5, 0.03 * unit)):
        return None
    steps = np.diff(vals) / k
    med = float(np.median(steps))
    if np.ptp(steps) <= 1e-6 * max(abs(med), 1e-12):
        return None
    step = _nice(abs(med))
    if step is None:
        return None
    step = step if med > 0 else -step
    idx = np.concatenate([[0], np.cumsum(k)])
    # The roundest reading (fewest significant digits) that is a multiple of the step anchors.
    def digits(v):
        return len(f"{abs(v):.10g}".replace(".", "").strip("0"))
    on = [i for i in range(len(ts)) if abs(vals[i] / step - round(vals[i] / step)) < 1e-6]
    if not on:
        return None
    a = min(on, key=lambda i: digits(vals[i]))
    new = vals[a] + step * (idx - idx[a])
    if np.any(np.abs(new - vals) >= 0.1 * abs(step)) or np.allclose(new, vals):
        return None
    return [Tick(t.pixel, t.text, float(v), t.box, t.snapped) for t, v in zip(ts, new)]


def _reread_value_axis(rgb, frame: Frame, stacks, base, bg, text_h):
    """The value axis read again beside the bars, when the page pass read none: the tick
    labels beside the bars (left or right of them upright: left/right of vertical bars, under
    or over horizontal ones) are cropped, enlarged, binarised against the background and read
    as a block; their numbers are fitted as ticks. None unless three or more agree, growing
    the way bars grow and spanning a good part of the longest bar."""
    h, w = rgb.shape[:2]
    top = int(max(0, min(c.top for s in stacks for c in s) - 3 * text_h))
    along = (top, int(base + 1.5 * text_h))
    first, last = stacks[0][0].x0, stacks[-1][0].x1
    best = None
    for lo, hi, before in ((int(first - 14 * text_h), first - 1, True), (last + 1, int(last + 14 * text_h), False)):
        bx = frame.box_to_orig(lo, along[0], hi, along[1])
        bx = (int(max(0, bx[0])), int(max(0, bx[1])), int(min(w, bx[2])), int(min(h, bx[3])))
        if bx[2] - bx[0] < 4 or bx[3] - bx[1] < 4:
            continue
        # Upright "before the first bar" is left of vertical bars and over horizontal ones.
        near = ("bottom" if before else "top") if frame.horizontal else ("right" if before else "left")
        # Text against the strip's own background: the labels stand outside the panel, on the
        # page, whose colour may differ from the one the bars stand on (and blur lowers their
        # contrast).
        strip = rgb[bx[1]:bx[3], bx[0]:bx[2]]
        ref = imageops.dominant_color(strip)
        lb = _label_box(imageops.color_distance(strip, ref) > 40, (0, 0, bx[2] - bx[0], bx[3] - bx[1]), text_h, near)
        if lb is None:
            continue
        x0, y0, x1, y1 = lb[0] + bx[0], lb[1] + bx[1], lb[2] + bx[0], lb[3] + bx[1]
        d = imageops.color_distance(rgb[y0:y1, x0:x1], ref)
        scale = float(np.clip(30.0 / max(text_h, 1.0), 1.5, 4.0))
        side = ("top" if before else "bottom") if frame.horizontal else ("left" if before else "right")
        # Blurred small labels bleed into blobs at half their contrast ('1,000' read as a
        # digit and a smudge): thresholded higher when that reads too few to fit.
        for frac in (0.5, 0.7):
            got = _axis_read(d, scale, frac, (x0, y0), frame, stacks, text_h, side)
            if got is not None:
                if best is None or len(got.calibration.ticks) > len(best.calibration.ticks):
                    best = got
                break
    return best


def _axis_read(d, scale: float, frac: float, at, frame: Frame, stacks, text_h: float, side: str):
    """The value axis read in label crop contrast `d` (its top left at `at`) thresholded at
    `frac`, or None unless three or more labels fit a scale growing the way the bars do and
    spanning a good part of the longest bar."""
    img = _binarised(d, scale, frac)
    if img is None:
        return None
    x0, y0 = at
    words, ticks = [], []
    for v in ocr.read_words(np.pad(img, 20, constant_values=255), 1.0, 6):
        val = parse_tick(v.text) if v.text else None
        if val is None:
            continue
        u = Word(v.text, v.conf, int(round((v.x0 - 20) / scale + x0)), int(round((v.y0 - 20) / scale + y0)),
                 int(round((v.x1 - 20) / scale + x0)), int(round((v.y1 - 20) / scale + y0)))
        words.append(u)
        ticks.append(Tick(u.cx if frame.horizontal else u.cy, u.text, val, (u.x0, u.y0, u.x1, u.y1)))
    if len(ticks) < 3:
        return None
    cal = calibrate(ticks, tol_px=max(3.0, 0.4 * text_h))
    if cal is None or cal.is_log or len(cal.ticks) < 3:
        return None
    # Values grow along the bars: up (pixel y falls) or right (pixel x grows).
    if (cal.slope <= 0) if frame.horizontal else (cal.slope >= 0):
        return None
    longest = max(sum(c.length for c in s) for s in stacks)
    if np.ptp([t.pixel for t in cal.ticks]) < 0.3 * longest:
        return None
    return AxisFind(cal, [u for u in words if any(t.box == (u.x0, u.y0, u.x1, u.y1) for t in cal.ticks)], side)


def _zero_at_base(axis: AxisFind, frame: Frame, base: float, tol_px: float) -> AxisFind | None:
    """A value axis of two labels whose zero falls off the bars' baseline, with the one label
    read with a digit OCR confuses (see axes.digit_variants) that puts zero on the baseline
    and makes the two step from it as a tick locator does (bar seed-41 bar022, blurred serif:
    '150' read '180' beside '100' put the baseline at -60 and every bar 60 too long); None
    where the axis has zero on its baseline already, or no single such reading does."""
    cal = axis.calibration
    if cal is None or cal.is_log or len(cal.ticks) != 2:
        return None
    at = frame.value_pixel(base)
    if abs(float(cal.to_pixel(0.0)) - at) <= tol_px:
        return None
    found = []
    for i, t in enumerate(cal.ticks):
        other = cal.ticks[1 - i]
        for v, _, text in digit_variants(t.text)[1:]:
            ticks = [replace(t, value=float(v), repaired=f"read as '{text}': digits OCR confuses, as puts zero "
                             "on the bars' baseline") if k == i else u for k, u in enumerate(cal.ticks)]
            new = calibrate(ticks, tol_px)
            if new is not None and len(new.ticks) == 2 and abs(float(new.to_pixel(0.0)) - at) <= tol_px \
                    and on_step([0.0, float(v), other.value]):
                found.append(new)
    return replace(axis, calibration=found[0]) if len(found) == 1 else None


def _expected_values(segments, frame: Frame, axis, base) -> list[float | None]:
    """Each segment's value read off the value axis (None without one): what its printed label
    should say, used to choose between readings of that label."""
    cal = axis.calibration if axis is not None else None
    if cal is None:
        return [None] * len(segments)
    end = {(c.stack, c.level): c.top for c in segments}
    out = []
    for c in segments:
        start = end.get((c.stack, c.level - 1), base + 0.5)
        out.append(float(cal.to_data(frame.value_pixel(c.top)) - cal.to_data(frame.value_pixel(start))))
    return out


def _label_scale(segments, labels: dict, base, text_h) -> tuple[list[float], float] | None:
    """Without a value axis, the scale the printed labels give the bars: a line through the
    baseline fitted robustly (as ticks) to the (length, printed value) of the labelled
    segments; each segment's value on it, and its data units per pixel. A label misread by a
    digit or a lost decimal point ('125' on a bar half as long as the one labelled '25.0')
    falls off the line the others agree on. None unless three labels or more, and half of
    them, lie on it; or five or more (a line through the baseline that five labels agree on
    is none by chance: bar seed-49 bar042, blurred, most of its 17 labels misread)."""
    end = {(c.stack, c.level): c.top for c in segments}
    lengths = [end.get((c.stack, c.level - 1), base + 0.5) - c.top for c in segments]
    ticks = [Tick(0.0, "baseline", 0.0)]
    for bi, v in labels.items():
        p = parse_value_label(v.text)
        if p is not None and p[1] is not None:
            ticks.append(Tick(lengths[bi], p[0], p[1]))
    if len(ticks) < 4:
        return None
    fit = calibrate(ticks, tol_px=max(2.0, 0.15 * text_h))
    if fit is None or fit.is_log:
        return None
    on = sum(t.text != "baseline" for t in fit.ticks)
    if on < 3 or (on < (len(ticks) - 1) / 2 and on < 5):
        return None
    return [float(fit.to_data(n)) for n in lengths], abs(float(fit.slope))


def _decimal_shift(pairs: list[tuple[float | None, float | None]], tick_texts: list[str]) -> float:
    """The power of ten (0.1 or 0.01) by which the printed values fall short of the values read
    off the axis, or 1.0. Tick labels lose their decimal points all alike ('0.5' '1.5' '2.0'
    read '05' '15' '20', '0.0' unchanged): the ticks still fit a line, but every bar comes out
    ten times too long, and each printed label disagrees by that factor. A lost point only
    makes ticks larger, and needs digits on both sides: every non-zero tick must have more
    digits than the shift drops, and not all may be round multiples of it (an axis of '100'
    '200' is more likely printed so than '10.0' '20.0' - labels that each lost a digit, '28'
    for '287', would otherwise move it). At least three labels, and most, show the factor."""
    ratios = [ln / v for ln, v in pairs if ln is not None and v is not None and ln != 0 and abs(v) > 1e-12]
    if len(ratios) < 3:
        return 1.0
    nums = []
    for t in tick_texts:
        digits = "".join(c for c in t if c.isdigit())
        if digits.strip("0"):
            nums.append(digits)
    for k in (1, 2):
        f = 10.0 ** -k
        if not nums or any(len(d.lstrip("0") or "0") < k + 1 and not d.startswith("0") for d in nums):
            continue
        if all(d.endswith("0" * k) for d in nums):
            continue
        hits = sum(abs(q / f - 1.0) <= 0.05 for q in ratios)
        if hits >= max(3, 0.6 * len(ratios)):
            return f
    return 1.0


def _values(rows, frame: Frame, axis, base, text_h, notes, shift: float = 1.0):
    """Each row's value from its bar: through the value axis, or through a scale fitted from
    the printed labels to bar lengths when there is no axis; then the label check."""
    by_stack: dict[int, list[Bar]] = {}
    for r in rows:
        if r.bar is not None:
            by_stack.setdefault(r.bar.stack, []).append(r.bar)
    for s in by_stack.values():
        s.sort(key=lambda c: c.level)

    def start_of(c: Bar) -> float:
        """Row where the segment starts: the baseline edge, or the end of the one below."""
        below = [o for o in by_stack[c.stack] if o.level == c.level - 1]
        return below[0].top if below else base + 0.5

    for r in rows:
        if r.label is not None:
            parsed = parse_value_label(r.label.text)
            if parsed is not None:
                r.label_text, r.label_num = parsed[0], parsed[1]
    spread = 1.5
    cal: AxisCalibration | None = axis.calibration if axis is not None else None
    if cal is not None:
        spread += cal.residual_px
        for r in rows:
            if r.bar is None:
                continue
            p = frame.value_pixel(r.bar.top)
            v = float(cal.to_data(p))
            e = float(abs(cal.to_data(p + spread) - cal.to_data(p - spread)) / 2.0)
            if r.bar.level > 0:
                q = frame.value_pixel(start_of(r.bar))
                v -= float(cal.to_data(q))
                e *= 2
            r.value, r.err = v, e
        f = shift if shift != 1.0 else _decimal_shift([(r.label_num, r.value) for r in rows if r.bar is not None],
                                                      [t.text for t in cal.ticks])
        if f != 1.0:
            for r in rows:
                if r.value is not None:
                    r.value, r.err = r.value * f, r.err * f
            notes.append(f"the printed values are {f:g} times what the value axis's tick labels say: the "
                         f"ticks were read without their decimal point; values follow the printed labels' scale")
    else:
        ticks = [Tick(0.0, "baseline", 0.0)]
        for r in rows:
            if r.bar is not None and r.label_num is not None:
                ticks.append(Tick(start_of(r.bar) - r.bar.top, r.label_text, r.label_num))
        fit = calibrate(ticks, tol_px=max(2.0, 0.15 * text_h)) if len(ticks) >= 3 else None
        if fit is None or fit.is_log:
            notes.append("no value axis and too few value labels to fit a scale: bar lengths unchecked")
        else:
            spread += fit.residual_px
            notes.append(f"no value axis: values are the printed labels; the scale fitted from "
                         f"{len(fit.ticks)} labels to bar lengths checks them")
        for r in rows:
            if r.bar is None:
                continue
            if fit is not None and not fit.is_log:
                length = start_of(r.bar) - r.bar.top
                r.err = float(abs(fit.slope) * spread)
                fitted = float(fit.to_data(length))
                if r.label_num is None:
                    r.value = fitted
                else:
                    r.value = r.label_num
                    r.agrees = abs(fitted - r.label_num) <= r.err + label_half_unit(r.label_text)
                    if not r.agrees:
                        notes.append(f"{r.series} / {r.category}: printed label {r.label_text} disagrees with "
                                     f"the bar length ({fitted:.4g} \u00b1 {r.err:.2g})")
                        # The scale agreed with three or more other labels: a label that
                        # disagrees with it was misread ('08' for '725'), the length was not.
                        if len(fit.ticks) >= 4:
                            r.value = fitted
            elif r.label_num is not None:
                r.value = r.label_num
        return
    for r in rows:
        if r.bar is not None and r.label_num is not None and r.value is not None:
            r.agrees = abs(r.value - r.label_num) <= r.err + label_half_unit(r.label_text)
            if not r.agrees:
                notes.append(f"{r.series} / {r.category}: printed label {r.label_text} disagrees with the bar "
                             f"({r.value:.4g} \u00b1 {r.err:.2g})")
