"""Bar charts: bars -> one row per bar (series, category, value from the bar's length, printed
value label and whether the two agree).

The chart is turned upright first (a horizontal bar chart is rotated a quarter turn), so bars
always grow upwards from a baseline; words keep their original boxes for reading order and are
mapped into the upright frame only for geometry. Values go through the value axis's
calibration, or, without one, through a scale fitted from the printed labels to bar lengths.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from itertools import chain

import cv2
import numpy as np

from . import glyphs, imageops, layout, ocr
from .axes import AxisCalibration, Tick, calibrate
from .layout import AxisFind
from .marks.bars import (Bar, drop_narrow_stacks, join_aligned_columns, merge_split_bars, outlined_fills, rectangles,
                         refine_end, solid_mask, stacks_on_baseline)
from .marks.legend import text_lines
from .marks.markers import Blob
from .marks.series import color_groups, to_lab
from .numbers import label_half_unit, parse_tick, parse_value_label
from .ocr import Word

# Bars are told from the page by a smaller colour difference than markers: pale bars (light
# grey, pastel) are common, and the opening that finds bars removes the gridlines and text that
# a low threshold lets in.
BAR_THRESHOLD = 28
# A fill this far from the page (max channel) counts as a bar when an outline encloses it:
# above JPEG noise and anti-aliasing, below BAR_THRESHOLD (light grey 241 on white 255).
FAINT_FILL = 8
# OCR calls for value labels the page pass missed (each a few milliseconds).
REREAD_BUDGET = 30


@dataclass
class Frame:
    """The upright frame of a chart: identity for vertical bars, a quarter turn (counter-
    clockwise) for horizontal ones, so that bars growing rightwards grow upwards."""
    width: int          # of the original image
    height: int
    horizontal: bool

    def image(self, a: np.ndarray) -> np.ndarray:
        return np.ascontiguousarray(np.rot90(a, 1)) if self.horizontal else a

    def word(self, w: Word) -> Word:
        if not self.horizontal:
            return w
        return Word(w.text, w.conf, w.y0, self.width - w.x1, w.y1, self.width - w.x0)

    def box_to_orig(self, x0, y0, x1, y1):
        if not self.horizontal:
            return x0, y0, x1, y1
        return self.width - y1, x0, self.width - y0, x1

    def point_to_orig(self, x: float, y: float) -> tuple[float, float]:
        return (self.width - 1 - y, x) if self.horizontal else (x, y)

    def value_pixel(self, row: float) -> float:
        """Upright row -> pixel along the original value axis (x for horizontal bars)."""
        return self.width - 1 - row if self.horizontal else row


@dataclass
class BarRow:
    series: str
    category: str
    index: int
    bar: Bar | None
    value: float | None = None
    err: float | None = None
    label: Word | None = None
    label_text: str = ""
    label_num: float | None = None
    agrees: bool | None = None


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


def _upright_bars(rgb_u, bg, text_h, block):
    k = max(3, int(round(0.3 * text_h)))
    dist = imageops.color_distance(rgb_u, bg)
    marks = dist > BAR_THRESHOLD
    # A pale fill inside a dark outline is a bar too (its outline encloses it).
    marks |= outlined_fills(marks, dist, FAINT_FILL, int(0.4 * rgb_u.shape[1]), k + 1)
    marks &= ~block
    solid = solid_mask(marks, k)
    pieces = join_aligned_columns(merge_split_bars(join_aligned_columns(rectangles(rgb_u, solid, k + 1)),
                                                   1.8 * text_h))
    stacks, base = stacks_on_baseline(pieces, tol=max(2.0, 0.15 * text_h), min_len=1.5 * text_h)
    stacks = _under_legend(rgb_u, stacks, bg, text_h)
    # Segments of a stack share its width: a much narrower piece on a bar's end is its value
    # label (blurred into a solid blob where a gridline crosses it), not a segment.
    dropped = set()
    for s in stacks:
        k = next((i for i, c in enumerate(s) if i and c.width < 0.6 * s[0].width), None)
        if k is not None:
            dropped.update(id(c) for c in s[k:])
            del s[k:]
    stacks, _ = drop_narrow_stacks(stacks)
    loose = [_own_columns(rgb_u, p) for p in pieces if p.stack < 0 and id(p) not in dropped]
    return stacks, base, loose


def _own_columns(rgb_u, c: Bar, delta: float = 20.0) -> Bar:
    """The piece narrowed to the columns its colour fills (in most of its rows). A piece takes
    the columns of the solid component it was cut from: a legend swatch drawn on (or touching)
    a bar spans the bar's width."""
    a = rgb_u[int(c.top):int(c.bottom) + 1, c.x0:c.x1]
    if a.size == 0 or c.width < 3:
        return c
    d = np.linalg.norm(to_lab(a.reshape(-1, 3)) - to_lab([c.color])[0], axis=1).reshape(a.shape[:2])
    cols = np.flatnonzero((d <= delta).mean(axis=0) >= 0.5)
    if cols.size == 0 or cols[-1] + 1 - cols[0] >= 0.8 * c.width:
        return c
    return Bar(c.x0 + int(cols[0]), c.x0 + int(cols[-1]) + 1, c.top, c.bottom, c.color, c.stack, c.level)


def _under_legend(rgb_u, stacks, bg, text_h, alpha=(0.35, 0.95), delta: float = 10.0):
    """Stacks without what a legend drawn over a bar adds to it. The legend's translucent frame
    shows the bar through it paler: a segment as wide as the one below, coloured like it
    blended towards the page, is that bar (its top is the bar's). A swatch inside the frame
    stands on the bar as a segment whose colour fills fewer of its columns (see _own_columns):
    it, and what lies above it, is no part of the stack (loose pieces: swatch candidates)."""
    out = []
    for s in stacks:
        keep = [s[0]]
        for i, c in enumerate(s[1:], 1):
            below = keep[-1]
            # (A sliver a few pixels wide, a JPEG seam beside a bar, has no telling columns.)
            if below.width >= text_h and _own_columns(rgb_u, c).width < 0.8 * below.width:
                for o in s[i:]:
                    o.stack, o.level = -1, 0
                break
            if _seen_through(c.color, below.color, bg, alpha, delta):
                below.top = c.top
                continue
            c.level = len(keep)
            keep.append(c)
        out.append(keep)
    return out


def _seen_through(c, under, bg, alpha, delta) -> bool:
    """Colour c is colour `under` seen through a translucent layer of the page colour: c =
    (1 - a) * under + a * bg for some a in `alpha`, within `delta` per channel."""
    c, u, g = (np.asarray(v, float) for v in (c, under, bg))
    span = g - u
    if float(span @ span) < 900:
        return False  # the bar is near the page colour: no blend can be told
    a = float((c - u) @ span / (span @ span))
    return alpha[0] <= a <= alpha[1] and float(np.abs(u + a * span - c).max()) <= delta


def _plausible(stacks, text_h, frame_w: int | None = None) -> bool:
    """Bars of one chart share a width; and some bar is longer than a marker is wide. No bar
    is wider than two fifths of the frame: that is the panel (or a band of it) read against a
    wrong background colour."""
    if not stacks:
        return False
    if frame_w is not None and max(s[0].width for s in stacks) > 0.4 * frame_w:
        return False
    widths = np.array([s[0].width for s in stacks], float)
    med = float(np.median(widths))
    same = np.mean(np.abs(widths - med) <= 0.2 * med + 2)
    longest = max(sum(c.length for c in s) for s in stacks)
    if len(stacks) == 1:
        return longest >= 3 * text_h and longest >= 1.5 * widths[0]
    return same >= 0.75 and longest >= 2 * text_h


def _flat(rgb_u, stacks, bg) -> bool:
    """Bars are filled flat (or with a smooth gradient): neighbouring pixels inside them differ
    little, unlike noise or a photograph. 'Little' is measured against the background's own
    grain: a noisy scan of a flat chart is as grainy inside its bars as around them."""
    steps = []
    for s in stacks:
        c = s[0]
        a = rgb_u[int(c.top) + 1:int(c.bottom), c.x0 + 1:c.x1 - 1].astype(np.int16)
        if a.shape[0] >= 2 and a.shape[1] >= 2:
            steps.append(float(np.median(np.abs(np.diff(a, axis=1)).max(axis=2))))
    if not steps:
        return False
    return float(np.median(steps)) <= max(8.0, 1.5 * _grain(rgb_u, bg))


def _grain(rgb, bg) -> float:
    """Median step between horizontally neighbouring background pixels (0 on a clean render)."""
    a = rgb.astype(np.int16)
    near = np.abs(a - np.asarray(bg, np.int16)).max(axis=2) <= 40
    both = near[:, 1:] & near[:, :-1]
    if both.sum() < 100:
        return 0.0
    return float(np.median(np.abs(np.diff(a, axis=1)).max(axis=2)[both]))


def _block_mask(shape, frame: Frame, tick_words, text_h):
    """Upright-frame mask of the value axis's tick labels and everything beyond them: bars do
    not reach past the axis labels."""
    m = np.zeros(shape[:2], bool)
    for w in tick_words:
        u = frame.word(w)
        m[max(0, u.y0 - 1):u.y1 + 1, max(0, u.x0 - 1):u.x1 + 1] = True
    return m


def _merge_same_series(stacks, series_idx) -> list:
    """Stacks whose neighbouring segments are of one series made whole: a stack holds each
    series once, so two such segments are one bar cut across by its printed label (white
    text wider than the bar) that the colour-based merge missed (a gradient, JPEG)."""
    out = []
    for s in stacks:
        merged = [s[0]]
        for c in s[1:]:
            if series_idx[id(c)] == series_idx[id(merged[-1])]:
                merged[-1].top = min(merged[-1].top, c.top)
            else:
                merged.append(c)
        for lvl, c in enumerate(merged):
            c.level = lvl
        out.append(merged)
    return out


def _groups(stacks, series_of, legend_n: int):
    """Stacks -> categories. Bars of a group stand closer together than groups do; a colour seen
    twice starts a new group. Evenly spaced bars are one category each, unless a legend names
    their colours (then a run of distinct colours is one category)."""
    if not stacks:
        return []
    gaps = [b[0].x0 - a[0].x1 for a, b in zip(stacks, stacks[1:])]
    width = float(np.median([s[0].width for s in stacks]))
    colours = {series_of(s) for s in stacks}
    if len(colours) <= 1 or not gaps:
        return [[s] for s in stacks]
    gmin, gmax = min(gaps), max(gaps)
    bimodal = gmax > 1.6 * gmin + 2 and gmax - gmin > 0.25 * width
    if not bimodal and legend_n < 2:
        return [[s] for s in stacks]
    cut = (gmin + gmax) / 2.0
    groups, cur = [], [stacks[0]]
    for g, s in zip(gaps, stacks[1:]):
        if (bimodal and g > cut) or series_of(s) in {series_of(c) for c in cur}:
            groups.append(cur)
            cur = [s]
        else:
            cur.append(s)
    groups.append(cur)
    return _join_partial_groups(groups, series_of, width)


def _join_partial_groups(groups, series_of, width):
    """Neighbouring groups that are one category with a bar missing ('N/A' in its place): the
    gap left by the missing bar passes for a gap between groups. Each series stands at its own
    offset from the start of a full group; two groups of distinct series whose bars, moved back
    by their offsets, start at the same place (within half a bar) are one group."""
    full = max(len(g) for g in groups)
    if full < 2 or len(groups) < 2:
        return groups
    offs: dict = {}
    for g in groups:
        if len(g) == full:
            for s in g:
                offs.setdefault(series_of(s), []).append(s[0].cx - g[0][0].cx)
    off = {k: float(np.median(v)) for k, v in offs.items()}

    def start(g):
        vals = [s[0].cx - off[series_of(s)] for s in g if series_of(s) in off]
        return float(np.median(vals)) if len(vals) == len(g) else None

    out = [groups[0]]
    for g in groups[1:]:
        a, b = start(out[-1]), start(g)
        keys_a, keys_b = {series_of(s) for s in out[-1]}, {series_of(s) for s in g}
        if a is not None and b is not None and abs(a - b) <= 0.5 * width and not keys_a & keys_b \
                and len(out[-1]) + len(g) <= full:
            out[-1] = out[-1] + g
        else:
            out.append(g)
    return out


def _slots(groups):
    """Category slot of each group along the upright x: halfway to the neighbouring groups."""
    spans = [(min(s[0].x0 for s in g), max(s[0].x1 for s in g)) for g in groups]
    pitch = (float(np.median([b[0] - a[0] for a, b in zip(spans, spans[1:])])) if len(spans) > 1
             else 2.0 * (spans[0][1] - spans[0][0]))
    out = []
    for i, (a, b) in enumerate(spans):
        lo = (spans[i - 1][1] + a) / 2.0 if i else a - (pitch - (b - a)) / 2.0
        hi = (b + spans[i + 1][0]) / 2.0 if i + 1 < len(spans) else b + (pitch - (b - a)) / 2.0
        out.append((lo, hi))
    return out


def _join(words, text_h, vertical_rows=True):
    """Words of one label in reading order: lines top to bottom, words left to right; glyphs
    OCR split ('B', '20', '0') are joined without a space."""
    lines: list[list[Word]] = []
    for w in sorted(words, key=lambda w: w.y0):
        for ln in lines:
            # Same line: the boxes share most of their height (a tall '20' and a short 'B').
            y0, y1 = min(v.y0 for v in ln), max(v.y1 for v in ln)
            if min(y1, w.y1) - max(y0, w.y0) >= 0.5 * min(w.h, y1 - y0):
                ln.append(w)
                break
        else:
            lines.append([w])
    lines.sort(key=lambda ln: min(w.y0 for w in ln))
    parts = []
    for ln in lines:
        ordered = sorted(ln, key=lambda w: w.x0)
        s = ordered[0].text
        for prev, w in zip(ordered, ordered[1:]):
            s += (" " if w.x0 - prev.x1 > 0.22 * text_h else "") + w.text
        parts.append(s)
    return " ".join(parts).strip()


# What OCR makes of a category's tick mark (a short line between the axis and the label).
_TICK_GLYPHS = set("Il1|iJTj!'")


def _drop_tick_mark(words, ups, text_h):
    """A category's words without its tick mark: a lone thin glyph ('I', '1', 'J', 'T') nearest
    the axis, clear of the label's own words ('T Small test', 'Long test 1')."""
    if len(words) < 2:
        return words
    first = min(words, key=lambda w: ups[id(w)].y0)
    u = ups[id(first)]
    rest = [ups[id(w)] for w in words if w is not first]
    if first.text in _TICK_GLYPHS and u.y1 <= min(r.y0 for r in rest) + 0.3 * text_h:
        return [w for w in words if w is not first]
    return words


def _chain_from_axis(words, ups, text_h):
    """The words of a label beside a horizontal bar chart's axis: from the word nearest the
    axis outwards while each next word follows within a wide word gap. A word beyond a wider
    gap is other text in the band (the rotated axis title at the image's edge)."""
    order = sorted(words, key=lambda w: ups[id(w)].y0)
    keep, reach = [], None
    for w in order:
        u = ups[id(w)]
        # A gap wider than a word space before an unsure word: the glyphs of a rotated axis
        # title close to the labels, read as 'oO' or 'Vv' ('3 batch 64').
        if reach is not None and (u.y0 - reach > 1.5 * text_h or (u.y0 - reach > 0.8 * text_h and w.conf < 60)):
            break
        keep.append(w)
        reach = u.y1 if reach is None else max(reach, u.y1)
    return keep


def _category_texts(words, frame: Frame, slots, base, text_h, exclude):
    """The text under each category slot (left of it for horizontal bars), nearest the axis:
    the first line and the lines right under it that stay inside the slot (an axis title runs
    across slots)."""
    cands = [w for w in words if id(w) not in exclude and any(c.isalnum() for c in w.text)
             and (w.conf >= 40 or sum(c.isalnum() for c in w.text) >= 2)]
    ups = {id(w): frame.word(w) for w in cands}
    # A word wholly within 0.8 text heights of the axis is a tick mark read as a glyph ('4'):
    # labels stand clear of the ticks.
    near = [w for w in cands if base - 0.4 * text_h <= ups[id(w)].y0 <= base + 12 * text_h
            and ups[id(w)].y1 > base + 0.8 * text_h]
    all_lines = text_lines(near, text_h)
    line_of = {id(w): ln for ln in all_lines for w in ln}
    out = []
    for lo, hi in slots:
        mine = _drop_tick_mark([w for w in near if lo <= ups[id(w)].cx < hi], ups, text_h)
        if not mine:
            out.append("")
            continue
        if frame.horizontal:
            # Right-aligned lines left of the bars: everything in the slot's band within reach.
            mine = [w for w in mine if ups[id(w)].y0 <= base + 10 * text_h]
            out.append(_chain_from_axis(mine, ups, text_h))
            continue
        mine.sort(key=lambda w: w.y0)
        rows: list[list[Word]] = []
        for w in mine:
            if rows and abs(w.cy - np.median([v.cy for v in rows[-1]])) <= 0.5 * text_h:
                rows[-1].append(w)
            else:
                rows.append([w])
        keep = [rows[0]]
        if min(w.y0 for w in rows[0]) > base + 3 * text_h:
            out.append([])
            continue
        for r in rows[1:]:
            gap = min(w.y0 for w in r) - max(w.y1 for w in keep[-1])
            ln = [v for w in r for v in line_of.get(id(w), [w])]
            inside = min(v.cx for v in ln) >= lo - 0.5 * text_h and max(v.cx for v in ln) <= hi + 0.5 * text_h \
                and min(v.x0 for v in ln) >= lo - 1.0 * text_h and max(v.x1 for v in ln) <= hi + 1.0 * text_h
            if gap > 0.9 * text_h or not inside:
                break
            keep.append(r)
        out.append(_without_axis_title(keep, slots, text_h))
    return out


def _without_axis_title(rows: list[list[Word]], slots, text_h: float) -> list[Word]:
    """A vertical chart's category label (its lines, top down) without a last line that is
    the category axis title: centred on the category axis as a whole (within half a text
    height) and set further below the line above it than the lines of a wrapped label
    (1.8 text heights from centre to centre: 'Workload' under 'long prompts'; wrapped
    labels measure 1.4 to 1.7)."""
    if len(rows) >= 2:
        last, above = rows[-1], rows[-2]
        mid = (slots[0][0] + slots[-1][1]) / 2.0
        cx = (min(w.x0 for w in last) + max(w.x1 for w in last)) / 2.0
        pitch = float(np.median([w.cy for w in last]) - np.median([w.cy for w in above]))
        if abs(cx - mid) <= 0.5 * text_h and pitch >= 1.8 * text_h:
            rows = rows[:-1]
    return [w for r in rows for w in r]


def _label_angle(ink: np.ndarray, text_h: float) -> tuple[float | None, np.ndarray]:
    """Direction of the category labels in a band of ink under the baseline, in degrees
    (image coordinates, y down: -30 is text rising to the right), or None when they are level.

    Letters are smeared into word blobs; each blob long enough to be a word votes with its
    principal axis. Blobs at another angle (tick marks, a level axis title) are left out of
    the returned mask, so that the rotated read sees only the labels."""
    k = max(3, int(round(0.45 * text_h)))
    blobs = cv2.dilate(ink.astype(np.uint8), np.ones((k, k), np.uint8))
    n, lab, stats, _ = cv2.connectedComponentsWithStats(blobs, connectivity=8)
    angles, weights, comps = [], [], []
    for i in range(1, n):
        ys, xs = np.nonzero(lab == i)
        if xs.size < 10:
            continue
        cov = np.cov(np.vstack([xs, ys]).astype(float))
        ev, evec = np.linalg.eigh(cov)
        long_, short = float(np.sqrt(max(ev[1], 0))), float(np.sqrt(max(ev[0], 1e-9)))
        a = float(np.degrees(np.arctan2(evec[1, 1], evec[0, 1])))
        a = (a + 90.0) % 180.0 - 90.0  # an axis, not a direction: into [-90, 90)
        comps.append((i, a, long_ / short, long_))
        if long_ / short >= 2.5 and 4 * long_ >= 2.5 * text_h:
            angles.append(a)
            weights.append(xs.size)
    if len(angles) < 2:
        return None, ink
    # The weighted median: one long axis title does not outvote several labels.
    order = np.argsort(angles)
    cum = np.cumsum(np.asarray(weights, float)[order])
    angle = float(np.asarray(angles)[order][np.searchsorted(cum, cum[-1] / 2.0)])
    agree = sum(abs(a - angle) <= 12 for a in angles)
    if abs(angle) < 12 or agree < max(2, 0.5 * len(angles)):
        return None, ink
    keep = np.zeros(n, bool)
    for i, a, elong, long_ in comps:
        x, y, bw, bh, _ = stats[i]
        # A long blob at another angle is a level axis title or a line, not a label; short
        # ones ('L4', a lone '1') have no telling axis and stay. A small blob at the band's
        # top edge is a tick mark coming down from the axis (read as "'" or '.').
        other = elong >= 2.5 and 3.5 * long_ >= 2 * text_h and min(abs(a - angle), 180 - abs(a - angle)) > 15
        tick = y <= 1 and bh <= k + 0.7 * text_h and bw <= k + 0.7 * text_h
        keep[i] = not other and not tick
    return angle, ink & keep[lab]


def _rotated_categories(grays, slots, base, text_h):
    """Category labels printed at an angle under a vertical bar chart: the band under the
    baseline is turned so that the labels lie level and read, and every word goes to the slot
    its text line meets the baseline in (a rotated label is anchored at its tick). None when
    the labels are level.

    Small turned glyphs read differently from each rendering of the page and at each size:
    every gray of `grays` is read at two sizes, and each slot takes the reading its words are
    surest of (a slot no reading found stays empty)."""
    reads = [r for g in grays for r in _turned_reads(g, slots, base, text_h)]
    if not reads:
        return None
    out = []
    for i in range(len(slots)):
        cands = [r[i] for r in reads if r[i]]
        if not cands:
            out.append("")
            continue
        best = max(cands, key=lambda vs: float(np.mean([v.conf for v in vs])))
        # Letters of turned text stand a little further apart than upright ones (the words'
        # boxes are in the enlarged band: text_h there is the band's scale times the page's).
        out.append(_join(best, 1.5 * text_h * _turn_scale(text_h)).strip(".,'`\u00b0"))
    return out


def _turn_scale(text_h: float) -> float:
    return float(np.clip(30.0 / max(text_h, 1), 1.0, 4.0))


def _turned_reads(gray, slots, base, text_h) -> list[list[list[Word]]]:
    """The band under the baseline of `gray` turned level and read at two sizes: per size, the
    words of each slot (in the turned band's coordinates). Empty when the labels are level."""
    h, w = gray.shape
    y0 = int(base + 0.3 * text_h) + 1
    y1 = int(min(h, base + 16 * text_h))
    if y1 - y0 < 2 * text_h:
        return []
    band = gray[y0:y1].astype(np.float32)
    bgv = float(np.median(band))
    contrast = np.abs(band - bgv)
    ink = contrast > max(40.0, 0.5 * float(np.percentile(contrast, 99.5)))
    # Frame lines and axis lines crossing the band are no text.
    ink[:, ink.mean(axis=0) > 0.6] = False
    ink[ink.mean(axis=1) > 0.5] = False
    # The labels hang from the axis as one block of inked rows; what follows a blank gap (the
    # axis title, a legend, a frame) is not theirs.
    rows = np.flatnonzero(ink.any(axis=1))
    if rows.size:
        # (Gaps within the first text height are between the tick marks and the labels.)
        gaps = np.flatnonzero((np.diff(rows) > max(2, 0.6 * text_h)) & (rows[:-1] >= 1.5 * text_h))
        end = rows[gaps[0]] + 1 if gaps.size else rows[-1] + 1
        ink[end:] = False
    angle, ink = _label_angle(ink, text_h)
    if angle is None:
        return []
    # Ink pixels are only a mask; the glyphs' anti-aliased shape reads better, so the
    # band's own grey levels are kept where the mask (dilated a little) is set.
    near = cv2.dilate(ink.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
    norm = np.clip(255.0 - 255.0 * contrast / max(float(contrast.max()), 1.0), 0, 255)
    img = np.where(near, norm, 255).astype(np.uint8)
    scale = _turn_scale(text_h)
    big = cv2.resize(img, None, fx=scale, fy=scale, interpolation=cv2.INTER_CUBIC)
    bh, bw = big.shape
    diag = int(np.hypot(bh, bw)) + 8
    m = cv2.getRotationMatrix2D((bw / 2.0, bh / 2.0), angle, 1.0)
    m[0, 2] += (diag - bw) / 2.0
    m[1, 2] += (diag - bh) / 2.0
    turned = cv2.warpAffine(big, m, (diag, diag), flags=cv2.INTER_LINEAR, borderValue=255)
    inv = cv2.invertAffineTransform(m)
    t = np.radians(angle)
    d = (np.cos(t), np.sin(t))
    out = []
    for f in (1.0, 1.5):
        got = [v for v in ocr.read_words(turned, f, ocr.PSM_SPARSE) if any(c.isalnum() for c in v.text)]
        per_slot: list[list[Word]] = [[] for _ in slots]
        for v in got:
            bx, by = inv @ np.array([v.cx, v.cy, 1.0])
            ox, oy = bx / scale, by / scale + y0
            # Along the text line back to the baseline: the tick the label hangs from.
            s = (base - oy) / d[1]
            x_at = ox + s * d[0]
            for i, (lo, hi) in enumerate(slots):
                if lo <= x_at < hi:
                    per_slot[i].append(v)
                    break
        out.append(per_slot)
    # A slot no word went to ('TP=8', a short label the sparse read passed over): its label
    # ends at its tick, on the level line through the tick's place in the turned band; that
    # stretch is read as one line.
    for i, (lo, hi) in enumerate(slots):
        if any(o[i] for o in out):
            continue
        px, py = m @ np.array([(lo + hi) / 2.0 * scale, (base - y0) * scale, 1.0])
        th = text_h * scale
        r0, r1 = int(max(0, py - 0.8 * th)), int(min(diag, py + 2.0 * th))
        c0, c1 = int(max(0, px - 12 * th)), int(min(diag, px + 1.0 * th))
        crop = turned[r0:r1, c0:c1]
        if crop.size == 0 or (crop < 200).sum() < 6:
            continue
        got = [v for v in ocr.read_crop(crop, (c0, r0), 1.0, ocr.PSM_LINE, pad=8)
               if v.conf >= 50 and any(c.isalnum() for c in v.text)]
        out[0][i] = got
    return out


# How much surer (mean word confidence) a read of a label at the page's own contrast must be
# to replace the read of the page gray.
SOFT_MARGIN = 3.0


def _clear_axis_side(u: np.ndarray, axis_row: float, text_h: float) -> np.ndarray:
    """An upright crop (rows run away from the axis) without the axis line and tick mark at its
    top: ink that starts at the axis and ends, after a blank row, within the first 0.8 text
    heights is no part of the label (read as 'J', '|', '{' or ':' after 'long prompts')."""
    if u.size == 0:
        return u
    bg = float(np.median(u))
    d = np.abs(u.astype(np.float32) - bg)
    rows = (d > max(20.0, 0.2 * float(d.max()))).any(axis=1)
    lo = max(0, int(np.floor(axis_row - 0.3 * text_h)))
    near = int(np.ceil(axis_row + 0.25 * text_h))
    if near < lo or not rows[lo:near + 1].any():
        return u
    for r in range(max(lo, int(axis_row) + 1), min(len(rows), int(axis_row + 0.8 * text_h) + 1)):
        if not rows[r]:
            if not rows[r:].any():
                return u
            out = u.copy()
            out[:r] = np.uint8(round(bg))
            return out
    return u


def _reread_text(gray, words, text_h, budget, frame: Frame | None = None, base: float | None = None,
                 slot: tuple[float, float] | None = None, depth: float | None = None, soft=None):
    """A category label read again as a block of lines from its own crop: the page pass reads
    small text worse ('TP:' for 'TP=2'). The re-read wins when it is more confident. With the
    frame and baseline, the crop's axis side is cleared of the axis line and tick mark."""
    page = _join(words, text_h)
    if not words or budget[0] <= 0:
        return page
    h, w = gray.shape
    pad = int(0.4 * text_h) + 2
    x0, y0 = max(0, min(v.x0 for v in words) - pad), max(0, min(v.y0 for v in words) - pad)
    x1, y1 = min(w, max(v.x1 for v in words) + pad), min(h, max(v.y1 for v in words) + pad)
    if frame is not None and base is not None:
        # Labels are anchored at the axis: what the page pass missed of a label ('=2' of
        # 'TP=2', read unsurely) lies between its words and the axis. Under vertical bars a
        # label is centred on its slot, so the crop is made symmetric about the slot's centre.
        # The crop reaches the axis and stops there: bars beyond it read as 'I' or '|'.
        if frame.horizontal:
            x1 = int(min(w, frame.width - base + 1))
            if depth is not None:
                # Right-aligned at the axis, a label's start may be what the page pass missed
                # ('ral 8x7B' of 'Mixtral 8x7B'): the crop reaches as far out as the others.
                x0 = int(max(0, min(x0, frame.width - depth)))
            # ... and on while the ink runs on without a word gap ('na 3.1 70B' of 'Llama 3.1
            # 70B' when the others are short): the label ends where its line does.
            start = min(v.x0 for v in words)
            run = _ink_run_start(gray[y0 + pad:y1 - pad, :start + 1] < 128, start, 0.8 * text_h)
            if run < start:
                x0 = int(max(0, min(x0, run - pad)))
        else:
            y0 = int(max(0, base))
            if slot is not None:
                c = (slot[0] + slot[1]) / 2.0
                x0 = int(max(0, min(x0, max(slot[0], 2 * c - x1))))
                x1 = int(min(w, max(x1, min(slot[1], 2 * c - x0))))
    budget[0] -= 1
    scale = float(np.clip(30.0 / max(text_h, 1), 1.0, 4.0))
    lines = len({round(v.cy / max(text_h, 1)) for v in words})
    got, conf_new = [], -1.0
    # The crop of the page gray, and of the page's own contrast (`soft`), where small blurred
    # glyphs keep their shape ('Liama' for 'Llama' at doubled contrast): the soft read wins
    # when it is clearly surer (about as sure, it is no better: 'B200' read '8200' at 93 too).
    for g, margin in ((gray, 0.0), (soft, SOFT_MARGIN)) if soft is not None else ((gray, 0.0),):
        crop = g[y0:y1, x0:x1]
        if frame is not None and base is not None:
            if frame.horizontal:
                # Upright, the crop's right edge (nearest the axis) is its first row.
                crop = np.rot90(_clear_axis_side(np.rot90(crop, 1), base - (frame.width - x1), text_h), -1)
            else:
                crop = _clear_axis_side(crop, base - y0, text_h)
            crop = np.ascontiguousarray(crop)
        new = _read_two_scales(np.pad(_whiten(crop), 8, constant_values=255), scale,
                               ocr.PSM_LINE if lines == 1 else 6)
        new = [v.shifted(x0 - 8, y0 - 8) for v in new if v.text]
        # Its least sure word speaks for a read: one misread word among sure ones ('GPOA
        # Diamond') hardly lowers the mean.
        c = float(min(v.conf for v in new)) if new else -1.0
        if c > conf_new + margin:
            got, conf_new = new, c
    if not got:
        return page
    conf_new = float(np.mean([v.conf for v in got]))
    conf_old = float(np.mean([v.conf for v in words]))
    text = _join(got, text_h)
    if _prefer_reread(page, conf_old, text, conf_new):
        return _unit_b(gray, got, text)
    return _unit_b(gray, words, page)


def _ink_run_start(ink: np.ndarray, x: int, gap: float) -> int:
    """The first column of the run of inked columns that reaches column `x` of `ink`, a blank
    stretch narrower than `gap` not ending it (letters and words of one line)."""
    cols = ink.any(axis=0) if ink.size else np.zeros(0, bool)
    start, blank = x, 0
    for c in range(min(x, cols.size - 1), -1, -1):
        if cols[c]:
            start, blank = c, 0
        else:
            blank += 1
            if blank > gap:
                break
    return int(start)


# A number ending in '8' right after a digit or point: '2.78', '8x78' ('2.7B', '8x7B' misread).
_TRAILING_8 = re.compile(r"(?<=[\d.])8$")


def _unit_b(gray, words, text: str) -> str:
    """A model size's 'B' (billions: '2.7B', '8x7B') that tesseract read as '8' after digits
    put back: the last glyph of the word is a B when its left side is one straight stem
    ('8' is round there). Glyphs too small to tell keep their reading."""
    if not words:
        return text
    last = max(words, key=lambda v: v.x1)
    if not _TRAILING_8.search(last.text) or not text.endswith(last.text):
        return text
    score = _left_stem(gray, last)
    if score is None or score < 0.9:
        return text
    return text[:-1] + "B"


def _left_stem(gray, v: Word) -> float | None:
    """Share of the rows of a word's last glyph whose leftmost ink lies on the glyph's left
    edge (enlarged 4x): near 1 for a straight stem (B), well under for a round side (8).
    None when the glyph is under 8 px high (too few rows to tell)."""
    h, w = gray.shape
    c = gray[max(0, v.y0 - 1):min(h, v.y1 + 1), max(0, v.x0 - 1):min(w, v.x1 + 1)].astype(np.float32)
    if c.size == 0 or c.shape[0] < 8:
        return None
    big = cv2.resize(c, None, fx=4, fy=4, interpolation=cv2.INTER_CUBIC)
    ink = big < (float(np.median(big)) + float(big.min())) / 2.0
    n, lab, st, _ = cv2.connectedComponentsWithStats(ink.astype(np.uint8), connectivity=8)
    tall = [i for i in range(1, n) if st[i][3] >= 0.5 * ink.shape[0]]
    if not tall:
        return None
    i = max(tall, key=lambda i: st[i][0] + st[i][2])
    x, y, gw, gh, _ = st[i]
    if gh < 24 or gw < 10:
        return None
    g = lab[y:y + gh, x:x + gw] == i
    left = np.array([int(np.argmax(r)) for r in g if r.any()])
    return float(np.mean(left <= left.min() + max(1.0, 0.12 * gw)))


def _read_two_scales(img: np.ndarray, scale: float, psm: int) -> list[Word]:
    """Words of a small crop read enlarged twice, by 3/4 and 3/2 of `scale`; the reading
    tesseract is surer of wins. Small glyphs read differently at each size ('B200' read
    'B2600' at one, '2.7B' read '2.78' at another) and the right reading is the surer one
    more often than any one size is right."""
    best, best_conf = [], -1.0
    for f in (0.75, 1.5):
        got = [v for v in ocr.read_words(img, float(np.clip(scale * f, 1.0, 6.0)), psm) if v.text]
        conf = float(np.mean([v.conf for v in got])) if got else -1.0
        if conf > best_conf:
            best, best_conf = got, conf
    return best


def _whiten(crop: np.ndarray) -> np.ndarray:
    """A crop of dark text with its background (the median) lifted to white: the text grey of
    a page whose panel colour passed for the background leaves the labels on grey, and the
    white padding around such a crop makes a frame that tesseract reads instead (nothing)."""
    if crop.size == 0:
        return crop
    lift = 255 - int(np.median(crop))
    if lift <= 0:
        return crop
    return np.clip(crop.astype(np.int16) + lift, 0, 255).astype(np.uint8)


def _read_slot(gray, frame: Frame, slot, base, depth, text_h, budget, soft=None) -> str:
    """The category label of a slot where the page pass read no word: the slot's band beyond
    the axis (to `depth`, upright rows) read as a block (one line beside horizontal bars),
    without the axis line and tick mark at its edge; from the page gray and from `soft` (the
    page's own contrast), the surer read winning."""
    if budget[0] <= 0:
        return ""
    h, w = gray.shape
    x0, y0, x1, y1 = frame.box_to_orig(int(slot[0]), int(base + 0.3 * text_h) + 1, int(slot[1]), int(depth) + 1)
    x0, y0, x1, y1 = max(0, x0), max(0, y0), min(w, x1), min(h, y1)
    if x1 - x0 < 4 or y1 - y0 < 4:
        return ""
    if (gray[y0:y1, x0:x1] < 128).sum() < 6:
        return ""
    budget[0] -= 1
    scale = float(np.clip(30.0 / max(text_h, 1), 1.0, 4.0))
    best, best_conf = [], -1.0
    for g, margin in ((gray, 0.0), (soft, SOFT_MARGIN)) if soft is not None else ((gray, 0.0),):
        crop = g[y0:y1, x0:x1]
        if frame.horizontal:
            crop = np.rot90(_clear_axis_side(np.rot90(crop, 1), base - (frame.width - x1), text_h), -1)
        else:
            crop = _clear_axis_side(crop, base - y0, text_h)
        got = ocr.read_crop(_whiten(np.ascontiguousarray(crop)), (x0, y0), scale,
                            ocr.PSM_LINE if frame.horizontal else 6, pad=8)
        got = [v for v in got if v.text and v.conf >= 50 and any(c.isalnum() for c in v.text)]
        conf = float(min(v.conf for v in got)) if got else -1.0
        if conf > best_conf + margin:
            best, best_conf = got, conf
    return _join(best, text_h) if best else ""


def _prefer_reread(page: str, conf_page: float, new: str, conf_new: float) -> bool:
    """Whether a category's re-read replaces its page reading: when about as confident, or when
    it reads all the page's letters and digits and more ('TP:' at 96 -> 'TP=2' at 91: the page
    pass dropped an unsure '=2' that the crop, reaching to the axis, holds)."""
    if conf_new >= conf_page - 2:
        return True
    a = [c for c in page if c.isalnum()]
    b = iter(c for c in new if c.isalnum())
    covers = all(c in b for c in a)  # a subsequence of the re-read's characters
    return covers and sum(c.isalnum() for c in new) > len(a) and conf_new >= 60


def _label_cost(u: Word, b: Bar, text_h: float) -> float | None:
    """How well an (upright) value label sits on bar b: centred over it, just beyond its end or
    inside it. None when it cannot be this bar's label."""
    dx = abs(u.cx - b.cx)
    if not (b.x0 - 0.3 * text_h <= u.cx <= b.x1 - 1 + 0.3 * text_h):
        return None
    if u.y1 <= b.top + 0.4 * text_h:
        dy = (b.top - u.y1) / text_h
        if dy > 2.5:
            return None
    elif u.cy <= b.bottom:
        dy = 0.2
    else:
        return None
    return dy + dx / max(b.width, 1.0)


def _phrase(v: Word, words: list[Word], text_h: float) -> Word:
    """`v` with the words that are no numbers printed right beside it on its line ('1.1x'
    'faster', '45' 'tok/s'): the box of the whole piece of text it starts or ends. Other
    numbers stay apart: two bars' labels set close together are two texts."""
    box, taken, grown = [v.x0, v.y0, v.x1, v.y1], {id(v)}, True
    while grown:
        grown = False
        for o in words:
            if id(o) in taken or parse_value_label(o.text) is not None:
                continue
            same_line = min(box[3], o.y1) - max(box[1], o.y0) >= 0.5 * min(o.h, box[3] - box[1])
            if same_line and max(o.x0 - box[2], box[0] - o.x1) <= 0.6 * text_h:
                box = [min(box[0], o.x0), min(box[1], o.y0), max(box[2], o.x1), max(box[3], o.y1)]
                taken.add(id(o))
                grown = True
    return Word(v.text, v.conf, *box)


def _over_gap(u: Word, bars: list[Bar]) -> bool:
    """An (upright) text centred over the gap between two neighbouring bars, spanning part of
    both: a ratio printed over a group ('1.3x faster'), not either bar's value, which is
    centred on its own bar."""
    near = [b for b in bars if min(u.x1, b.x1) - max(u.x0, b.x0) >= 0.25 * b.width]
    for b in near:
        for n in near:
            pitch = n.cx - b.cx
            if pitch <= 0.5 * b.width or n.x0 - b.x1 >= min(b.width, n.width):
                continue  # the same column (a stack), or not neighbours
            if abs(u.cx - (b.cx + n.cx) / 2.0) < 0.25 * pitch:
                return True
    return False


def _assign_labels(labels, bars, frame, text_h):
    """Greedy one-to-one assignment of value labels to bars by _label_cost."""
    cands = []
    for li, w in enumerate(labels):
        u = frame.word(w)
        for bi, b in enumerate(bars):
            c = _label_cost(u, b, text_h)
            if c is not None:
                cands.append((c, li, bi))
    cands.sort()
    out, used_l, used_b = {}, set(), set()
    for c, li, bi in cands:
        if li in used_l or bi in used_b:
            continue
        used_l.add(li)
        used_b.add(bi)
        out[bi] = li
    return out


def _read_box(rgb, gray, frame: Frame, box_u, text_h, color=None):
    """OCR one upright-frame box, in the original frame (text is printed upright there).
    With `color` (a bar's fill) the text is whatever differs from that colour: a label inside
    a bar, white on blue, reads as black on white."""
    h, w = gray.shape
    x0, y0, x1, y1 = frame.box_to_orig(*box_u)
    x0, y0, x1, y1 = int(max(0, x0)), int(max(0, y0)), int(min(w, x1)), int(min(h, y1))
    if x1 - x0 < 4 or y1 - y0 < 4:
        return []
    if color is not None:
        d = imageops.color_distance(rgb[y0:y1, x0:x1], color).astype(np.float32)
        crop = np.clip(255.0 - 2.0 * d, 0, 255).astype(np.uint8)
    else:
        crop = gray[y0:y1, x0:x1]
    if (crop < 128).sum() < 4:
        return []
    scale = float(np.clip(30.0 / max(text_h, 1), 1.0, 4.0))
    return [v for v in ocr.read_crop(crop, (x0, y0), scale) if v.conf >= 45]


def _legend_blobs(loose: list[Bar], frame: Frame) -> list[Blob]:
    out = []
    for p in loose:
        x0, y0, x1, y1 = frame.box_to_orig(p.x0, int(p.top), p.x1, int(p.bottom) + 1)
        out.append(Blob((x0 + x1 - 1) / 2.0, (y0 + y1 - 1) / 2.0, int((x1 - x0) * (y1 - y0)),
                        (int(x0), int(y0), int(x1), int(y1)), p.color, "square"))
    return out


def _swatch_like(b: Blob, text_h: float) -> bool:
    """A legend swatch's shape: no taller than a line of text, and at most a few text heights
    long (matplotlib's patch is two font sizes by 0.7, about 2.7 by 1 text heights)."""
    bw, bh = b.box[2] - b.box[0], b.box[3] - b.box[1]
    return bh <= 1.6 * text_h and bw <= 4.5 * text_h


def _read_beside_swatches(gray, swatches, text_h, stops=(), limit: int = 8, rgb=None) -> list[list[Word]]:
    """The text line beside each swatch (in the order given: likeliest first), read on its
    own: the page pass reads legend names less surely ('VLLM' at confidence 58), or not at all
    inside a legend's frame. Right of the swatch first; left of it (gnuplot's key: 'FP8 [ ]')
    when nothing with a letter is read on the right. The crop ends before the next of the
    `stops` (other swatches of the same size) on the same row: in a legend laid out in a row
    the next entry's swatch and name would join this line ('TGI' read '~1SGLang'). Returns one
    list of words per line read (read at confidence 40 or more, up to the first wide gap from
    the swatch)."""
    out = []
    small = [b for b in swatches if _swatch_like(b, text_h)][:limit]
    for b in small:
        for side in (0, 1):
            line = _read_side(gray, b, side, stops, text_h, rgb)
            if any(v.conf >= 45 and any(c.isalpha() for c in v.text) for v in line):
                out.append(line)
                break
    return out


def _read_side(gray, b: Blob, side: int, stops, text_h, rgb=None) -> list[Word]:
    """One line of text read right (side 0) or left (side 1) of swatch b; see
    _read_beside_swatches. When nothing is read, the crop is tried again against its own
    background (a legend's box, white on a grey panel or pale over a bar, is no page colour:
    the page's dark-on-white rendering leaves its text on grey), then a little larger."""
    h, w = gray.shape
    if side == 0:
        x0, x1 = int(b.box[2] + 1), int(min(w, b.box[2] + 16 * text_h))
    else:
        x0, x1 = int(max(0, b.box[0] - 16 * text_h)), int(b.box[0] - 1)
    for o in stops:
        # The next swatch is one of the same size (a letter of a noisy name is no stop).
        same = 0.7 <= (o.box[2] - o.box[0]) / max(1, b.box[2] - b.box[0]) <= 1.4
        if o is b or not same or abs(o.cy - b.cy) > 0.5 * text_h:
            continue
        if side == 0 and o.box[0] > b.box[2]:
            x1 = min(x1, int(o.box[0] - 1))
        elif side == 1 and o.box[2] < b.box[0]:
            x0 = max(x0, int(o.box[2] + 1))
    y0, y1 = int(max(0, b.cy - 0.9 * text_h)), int(min(h, b.cy + 0.9 * text_h))
    if x1 - x0 < 8 or y1 - y0 < 6:
        return []
    crop = _without_pale(_without_rules(gray[y0:y1, x0:x1]))
    if (crop < 128).sum() < 6:
        return []
    scale = float(np.clip(30.0 / max(text_h, 1), 1.0, 4.0))
    got = ocr.read_crop(crop, (x0, y0), scale)
    if not any(v.conf >= 45 for v in got) and rgb is not None:
        part = rgb[y0:y1, x0:x1]
        d = imageops.color_distance(part, imageops.dominant_color(part)).astype(np.float32)
        own = _without_pale(_without_rules(np.clip(255.0 - 2.0 * d, 0, 255).astype(np.uint8)))
        got = ocr.read_crop(own, (x0, y0), scale)
    if not any(v.conf >= 45 for v in got):
        # Tesseract may read nothing of a short name at one scale and read it surely at
        # another ('HF': nothing at 2.14, 95 at 2.5): one more try, a little larger.
        got = ocr.read_crop(crop, (x0, y0), 1.2 * scale)
    # Stop at the next entry's text: keep words up to the first wide gap from the swatch.
    got = sorted((v for v in got if v.text and v.conf >= 40), key=lambda v: v.x0, reverse=side == 1)
    line = []
    for v in got:
        if line and (v.x0 - line[-1].x1 if side == 0 else line[-1].x0 - v.x1) > 1.5 * text_h:
            break
        line.append(v)
    return sorted(line, key=lambda v: v.x0)


def _clear_crossing(img: np.ndarray, ink: np.ndarray, row_share: float, col_share: float, blank) -> np.ndarray:
    """`img` with the rows inked over at least `row_share` of its width, and the columns over at
    least `col_share` of its height, set to `blank`: straight rules crossing a text crop."""
    rows = ink.mean(axis=1) >= row_share
    cols = ink.mean(axis=0) >= col_share
    if not rows.any() and not cols.any():
        return img
    out = img.copy()
    out[rows] = blank
    out[:, cols] = blank
    return out


def _without_rules(crop: np.ndarray) -> np.ndarray:
    """A crop a line of text high without the straight rules crossing it: a legend's frame
    ('[FPS' for 'FP8' where the frame's corner was in the crop). A row inked across most of the
    crop, or a column inked over nearly all its height (taller than any glyph: the crop is
    about two text heights), is a rule, not text."""
    return _clear_crossing(crop, crop < 128, 0.6, 0.85, 255)


def _without_pale(crop: np.ndarray) -> np.ndarray:
    """A legend line's crop without ink much paler than its darkest: a name is printed dark,
    while a value label seen through the legend's translucent frame is faint ('Megatron-LM'
    read 'Megatron-LM167'). Whole ink components go, so that the anti-aliased rims of dark
    glyphs stay."""
    d = 255.0 - crop.astype(np.float32)
    strong = float(d.max())
    if strong < 60:
        return crop
    n, lab, stats, _ = cv2.connectedComponentsWithStats((d > 0.2 * strong).astype(np.uint8), connectivity=8)
    if n <= 2:
        return crop
    peak = np.zeros(n, np.float32)
    np.maximum.at(peak, lab.ravel(), d.ravel())
    pale = peak < 0.6 * strong
    pale[0] = False
    if not pale.any():
        return crop
    out = crop.copy()
    out[pale[lab]] = 255
    return out


def _marks(words: list[Word]) -> int:
    """The joining marks names carry ('TensorRT-LLM', 'v0.6', 'TP/EP'); not OCR's stray
    glyphs ('v\u00a5LLM')."""
    return sum(c in "-./+_" for v in words for c in v.text)


def _junk(words: list[Word]) -> int:
    return sum(not c.isalnum() and not c.isspace() and c not in "-./+_" for v in words for c in v.text)


def _alnum_key(words: list[Word]) -> str:
    return "".join(c for v in words for c in v.text.lower() if c.isalnum())


def _legend_reread(page: list[Word], lines: list[list[Word]]) -> list[Word]:
    """The page's words with each legend line re-read beside a bar-coloured swatch (see
    _read_beside_swatches) put in. The re-read replaces the page words it overlaps when it says
    the same letters, holds all their letters and more ('SGLa' at 89 -> 'SGLang' at 87: the
    page pass cut the word short), or is surer than each of them, all unsure (< 60; 'TGl' at 27
    -> 'TGI' at 57): a sure page reading ('TGI' at 70) stays against a surer misreading ('Tal').
    Its words read at 45 or more then count as sure (60): read alone, on a crop that holds one
    entry's name beside a swatch of a bar's colour, a name is likelier right than the page
    pass's reading of it, and two readings at different scales agreeing ('TensorRT-LLM' at 49
    and 47) make it sure (the page's words are kept then, with their marks)."""
    out = list(page)
    for line in lines:
        old = [o for o in out if any(layout.overlaps(o, v) for v in line)]
        a = _alnum_key(old)
        if old and a == _alnum_key(line) and len(a) >= 2:
            # The same letters and digits. The re-read's boxes are kept (the page's may take in
            # the swatch), and the page's text where it holds fewer stray glyphs ('vLLM' against
            # 'v\u00a5LLM') or, as many, more of the marks a re-read of a short crop may drop
            # ('TensorRT-LLM' re-read 'TensorRT' 'LLM').
            sure = [Word(v.text, max(v.conf, 60.0), v.x0, v.y0, v.x1, v.y1) for v in line]
            if (_junk(old), -_marks(old)) < (_junk(line), -_marks(line)):
                text = " ".join(v.text for v in sorted(old, key=lambda v: v.x0))
                sure = [Word(text, max(min(v.conf for v in line), 60.0), min(v.x0 for v in line),
                             min(v.y0 for v in line), max(v.x1 for v in line), max(v.y1 for v in line))]
            out = [o for o in out if not any(o is p for p in old)] + sure
            continue
        line = [v for v in line if v.conf >= 45]
        b = _alnum_key(line)
        if not line or not any(c.isalpha() for c in b):
            continue
        it = iter(b)
        covers = bool(a) and len(b) > len(a) and all(c in it for c in a)
        best_old = max((o.conf for o in old), default=0.0)
        surer = best_old < 60 and min(v.conf for v in line) > best_old
        if not (covers or surer):
            continue
        sure = [Word(v.text, max(v.conf, 60.0), v.x0, v.y0, v.x1, v.y1) for v in line]
        out = [o for o in out if not any(o is p for p in old)] + sure
    return out


def _glyph_checked(v: Word, ink: np.ndarray, text_h: float) -> str:
    """A legend word with its '8', 'B', 'S' and 'I' checked against its glyphs' shapes ('FPS'
    for 'FP8': see glyphs)."""
    box = (v.x0 - 1, v.y0 - 1, v.x1 + 1, v.y1 + 1)
    return glyphs.checked_text(v.text, glyphs.glyph_masks(ink, box, 0.5 * text_h))


def _name_text(text: str) -> str:
    """A legend name as printed: OCR reads a sans-serif capital 'I' as '|' ('TG|'), and the
    swatch's edge or the legend frame beside a name as a mark ('_decode')."""
    text = re.sub(r"(?<=[A-Za-z])\||\|(?=[A-Za-z])", "I", text)
    # ... and as '!' after a capital ('TG!'): a name does not shout.
    text = re.sub(r"(?<=[A-Z])!", "I", text)
    # A swatch's or frame's edge read as a mark at either end ('_decode', 'v0.9_'), and a
    # speck after the name read as a full stop ('FP8.').
    return text.strip(" _~`'\",;:\u2014\u2013").rstrip(".").rstrip() or text


def _bar_coloured(blobs: list[Blob], segments: list[Bar], delta: float = 35.0) -> list[bool]:
    """Whether each blob has the colour of some bar (CIE76 within `delta`)."""
    if not blobs or not segments:
        return [False] * len(blobs)
    bar_lab = to_lab([c.color for c in segments])
    return [float(np.min(np.linalg.norm(bar_lab - to_lab([b.color])[0], axis=1))) <= delta for b in blobs]


def _covered(v: Word, b: Blob, text_h: float) -> bool:
    """Word v is swatch b read as letters: b covers half its box, or the box lies within b
    grown by most of a text height (OCR boxes the swatch with its anti-aliased rim
    and some page around it: 'Mmm' around a 36 x 12 patch)."""
    ix = min(v.x1, b.box[2]) - max(v.x0, b.box[0])
    iy = min(v.y1, b.box[3]) - max(v.y0, b.box[1])
    m = 0.8 * text_h
    around = b.box[0] - m <= v.x0 and v.x1 <= b.box[2] + m and b.box[1] - m <= v.y0 and v.y1 <= b.box[3] + m
    return ix > 0 and iy > 0 and (ix * iy >= 0.5 * max(1, v.w * v.h) or around)


def _bar_blob(b: Bar, frame: Frame) -> Blob:
    return _legend_blobs([b], frame)[0]


def find_bar_chart(rgb, words, xa, ya, text_h, page_bg):
    """The upright frame, value axis, stacks, baseline and loose pieces of a bar chart, or None
    when the image holds no bars standing on a baseline.

    Both orientations are tried whatever axes were found: a row of value labels can pass for a
    numeric axis along the categories ('72.8%', '73.1%'), and the bars then lie in the frame
    that has no axis. A frame with its value axis wins over one without."""
    h, w = rgb.shape[:2]
    found = []
    for horizontal, axis0 in ((False, ya), (True, xa)):
        frame = Frame(w, h, horizontal)
        rgb_u = frame.image(rgb)
        # An "axis" whose labels stand among the bars is none: numbers in category names and
        # printed values that happen to share a baseline ('2' of 'TP=2' and a bar's '18').
        # Its labels would also be taken for the panel's edge and its colour. The bars are
        # then looked for again as on a chart without a value axis.
        for axis in ((axis0, None) if axis0 is not None else (None,)):
            ticks = axis.words if axis is not None else []
            block = _block_mask(rgb_u.shape, frame, ticks, text_h)
            got = None
            for bg in chain(_panel_colors(rgb_u, page_bg, frame, ticks, text_h), _other_background(rgb, page_bg)):
                stacks, base, loose = _upright_bars(rgb_u, bg, text_h, block)
                if base is None or not _plausible(stacks, text_h, rgb_u.shape[1]) or not _flat(rgb_u, stacks, bg):
                    continue
                got = (stacks, base, loose, bg)
                break
            if got is None or (axis is not None and _axis_among_bars(axis, frame, got[0])):
                continue
            stacks, base, loose, bg = got
            area = sum(c.width * c.length for s in stacks for c in s)
            found.append((axis is not None, len(stacks) + area / (w * h), frame, axis, stacks, base, loose, bg,
                          rgb_u))
            break
    if not found:
        return None
    found.sort(key=lambda f: (not f[0], -f[1]))
    frame, axis, stacks, base, loose, bg, rgb_u = found[0][2:]
    if axis is None:
        # No value axis was read on the page: its labels may be there, too blurred or small
        # for the page pass. Read beside the bars (the frame chosen without an axis).
        axis = _reread_value_axis(rgb, frame, stacks, base, bg, text_h)
    elif axis.calibration is not None and not axis.calibration.is_log:
        even = _even_ticks(axis.calibration.ticks)
        cal = calibrate(even, tol_px=max(3.0, 0.4 * text_h)) if even is not None else None
        if cal is not None and len(cal.ticks) == len(even):
            cal.rejected = list(axis.calibration.rejected)
            axis = replace(axis, calibration=cal)
    return frame, axis, stacks, base, loose, bg, rgb_u


def _label_box(ink: np.ndarray, box, text_h: float, near: str):
    """The box (original frame) of a value axis's tick labels inside `box`: components of
    word-smeared ink a line of text high (a rotated axis title is taller, the axis line and tick
    marks thinner), keeping those whose edge nearest the bars lines up with the nearest such
    edge (labels are aligned at the axis; an axis title stands further out). `near`: the
    side facing the bars ('right', 'left', 'top' or 'bottom' of the labels)."""
    x0, y0, x1, y1 = box
    sub = ink[y0:y1, x0:x1]
    if sub.size == 0 or not sub.any():
        return None
    k = max(2, int(round(0.25 * text_h)))
    # Square smearing: the letters of a rotated axis title join into one tall blob.
    blobs = cv2.dilate(sub.astype(np.uint8), np.ones((k, k), np.uint8))
    n, _, stats, _ = cv2.connectedComponentsWithStats(blobs, connectivity=8)
    every = [tuple(int(v) for v in stats[i][:4]) for i in range(1, n) if stats[i][3] <= 2.0 * text_h]
    comps = [c for c in every if c[3] >= 0.4 * text_h and c[2] >= 0.3 * text_h]
    if len(comps) < 2:
        return None
    edge = {"right": lambda c: c[0] + c[2], "left": lambda c: -c[0],
            "bottom": lambda c: c[1] + c[3], "top": lambda c: -c[1]}[near]
    best = max(edge(c) for c in comps)
    keep = [c for c in comps if best - edge(c) <= 1.0 * text_h]
    if len(keep) < 2:
        return None
    # The rest of each label on its line: glyphs set wide apart (a monospace '3.5') are
    # components of their own, and only the one at the aligned edge was kept.
    grown = True
    while grown:
        grown = False
        for c in every:
            if c in keep:
                continue
            for k_ in keep:
                # On the kept glyph's line: top and bottom level with it, or a point on its
                # baseline; and close beside it.
                bottom = abs((c[1] + c[3]) - (k_[1] + k_[3])) <= 0.3 * text_h
                tiny = max(c[2], c[3]) <= 0.4 * text_h or max(k_[2], k_[3]) <= 0.4 * text_h
                level = bottom and (abs(c[1] - k_[1]) <= 0.3 * text_h or tiny)
                gap = max(c[0], k_[0]) - min(c[0] + c[2], k_[0] + k_[2])
                if level and gap <= 0.8 * text_h:
                    keep.append(c)
                    grown = True
                    break
    pad = int(0.3 * text_h) + 1
    return (x0 + max(0, min(c[0] for c in keep) - pad), y0 + max(0, min(c[1] for c in keep) - pad),
            x0 + min(x1 - x0, max(c[0] + c[2] for c in keep) + pad), y0 + min(y1 - y0, max(c[1] + c[3] for c in keep) + pad))


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
        img = _binarised(d, scale)
        if img is None:
            continue
        got = ocr.read_words(np.pad(img, 20, constant_values=255), 1.0, 6)
        words, ticks = [], []
        for v in got:
            val = parse_tick(v.text) if v.text else None
            if val is None:
                continue
            u = Word(v.text, v.conf, int(round((v.x0 - 20) / scale + x0)), int(round((v.y0 - 20) / scale + y0)),
                     int(round((v.x1 - 20) / scale + x0)), int(round((v.y1 - 20) / scale + y0)))
            words.append(u)
            ticks.append(Tick(u.cx if frame.horizontal else u.cy, u.text, val, (u.x0, u.y0, u.x1, u.y1)))
        if len(ticks) < 3:
            continue
        cal = calibrate(ticks, tol_px=max(3.0, 0.4 * text_h))
        if cal is None or cal.is_log or len(cal.ticks) < 3:
            continue
        # Values grow along the bars: up (pixel y falls) or right (pixel x grows).
        if (cal.slope <= 0) if frame.horizontal else (cal.slope >= 0):
            continue
        longest = max(sum(c.length for c in s) for s in stacks)
        if np.ptp([t.pixel for t in cal.ticks]) < 0.3 * longest:
            continue
        used = [u for u in words if any(t.box == (u.x0, u.y0, u.x1, u.y1) for t in cal.ticks)]
        side = ("top" if before else "bottom") if frame.horizontal else ("left" if before else "right")
        if best is None or len(cal.ticks) > len(best.calibration.ticks):
            best = AxisFind(cal, used, side)
    return best


def _other_background(rgb, page_bg):
    """The second large flat colour of the image, tried last (and only computed then): wide
    bars can cover more of the image than the page does, and their colour then passes for
    the page's."""
    second = imageops.second_background(rgb, page_bg)
    if second is not None:
        yield second


def _axis_among_bars(axis, frame: Frame, stacks) -> bool:
    """Whether the axis's tick labels stand between the first and the last bar (across the
    bars, in the upright frame): a value axis's labels stand beside the row of bars."""
    if len(stacks) < 2:
        return False
    lo, hi = stacks[0][0].cx, stacks[-1][0].cx
    inside = [lo < frame.word(v).cx < hi for v in axis.words]
    return sum(inside) > len(inside) / 2


def _panel_colors(rgb_u, page_bg, frame: Frame, ticks, text_h):
    """Backgrounds the bars may stand on, likeliest first: the dominant colour of a strip just
    inside the value axis's tick labels (a grey panel on a white page), then the page's. The
    strip is mostly panel, but where the first bar starts at the axis it is that bar's colour:
    the page is the fallback."""
    if not ticks:
        return [page_bg]
    h, w = rgb_u.shape[:2]
    ups = [frame.word(v) for v in ticks]
    y0, y1 = int(min(u.cy for u in ups)), int(max(u.cy for u in ups))
    if np.mean([u.cx for u in ups]) < w / 2:
        a = int(max(u.x1 for u in ups) + 0.5 * text_h)
        x0, x1 = a, int(a + 1.5 * text_h)
    else:
        a = int(min(u.x0 for u in ups) - 0.5 * text_h)
        x0, x1 = int(a - 1.5 * text_h), a
    strip = rgb_u[max(0, y0):min(h, y1), max(0, x0):min(w, x1)]
    if strip.size < 30:
        return [page_bg]
    panel = imageops.dominant_color(strip)
    if float(np.abs(np.asarray(panel, float) - np.asarray(page_bg, float)).max()) <= 6:
        return [page_bg]
    return [panel, page_bg]


def read_bars(rgb, gray, words, xa, ya, text_h, page_bg, params, legend_fn):
    """Rows of a bar chart, or None when it is not one. `legend_fn(blobs, data_blobs, words)`
    finds the legend entries among swatch candidates (the XY legend reader)."""
    got = find_bar_chart(rgb, words, xa, ya, text_h, page_bg)
    if got is None:
        return None
    frame, axis, stacks, base, loose, bg, rgb_u = got
    notes = []
    tick_ids = {id(v) for v in (axis.words if axis is not None else [])}
    other_axis = ya if frame.horizontal else xa
    if other_axis is not None:
        # Numbers along the categories are category names (batch sizes, years) below the
        # baseline, and value labels above it (a row of printed values reads as an axis too):
        # they are read as such, not set aside as ticks.
        notes.append("category axis: numeric labels read as a numeric axis were taken as categories")
    segments = [c for s in stacks for c in s]
    for c in segments:
        c.top = refine_end(rgb_u, c)

    # Legend: swatches are the solid pieces that stand on no baseline.
    bar_blobs = [_bar_blob(c, frame) for c in segments]
    swatches = _legend_blobs(loose, frame)
    # Those coloured like some bar come first: specks of grey text (blurred letters stand as
    # solid pieces too) are no swatches and must not use up the re-reads or hide words.
    coloured = _bar_coloured(swatches, segments)
    swatches = [b for b, ok in zip(swatches, coloured) if ok] + [b for b, ok in zip(swatches, coloured) if not ok]
    # OCR reads a swatch as a word ('Mmmm'); such a word would hide the swatch from its entry.
    legend_words = [v for v in words if not any(_covered(v, b, text_h) for b in swatches[:sum(coloured)])]
    # Only swatches of a bar's colour can make entries (see below): their lines are re-read.
    legend_words = _legend_reread(legend_words, _read_beside_swatches(gray, swatches[:sum(coloured)], text_h,
                                                                      swatches[:sum(coloured)], rgb=rgb))
    legend = legend_fn(swatches, bar_blobs, legend_words)
    # A bar chart's legend names bar colours: an "entry" whose swatch is no bar's colour is a
    # coloured mark beside some text (a title's icon, a logo), not a legend entry.
    if legend and segments:
        bar_lab = to_lab([c.color for c in segments])
        legend = [e for e in legend
                  if float(np.min(np.linalg.norm(bar_lab - to_lab([e.blob.color])[0], axis=1))) <= 35]
    legend_ids = {id(v) for e in legend for v in e.words}

    # Series: a legend entry by colour, else colour groups of the bars.
    seg_colors = [c.color for c in segments]
    names: list[str] = []
    series_idx: dict[int, int] = {}
    if legend:
        lab_leg = to_lab([e.blob.color for e in legend])
        for c in segments:
            d = np.linalg.norm(lab_leg - to_lab([c.color])[0], axis=1)
            series_idx[id(c)] = int(np.argmin(d)) if d.min() <= 35 else -1
        # Two bar colours the series rule tells apart are two series, though both lie nearest
        # one legend swatch (blue and purple bars, the blue entry unread): the swatch keeps the
        # nearer colour, the other becomes a series of its own (and a category holds both).
        grp = color_groups(seg_colors, params.series_color_delta)
        for k in range(len(legend)):
            mine = sorted({g for c, g in zip(segments, grp) if series_idx[id(c)] == k})
            if len(mine) < 2:
                continue
            dist = {g: float(np.mean([np.linalg.norm(lab_leg[k] - to_lab([c.color])[0])
                                      for c, g2 in zip(segments, grp) if g2 == g])) for g in mine}
            keep = min(mine, key=dist.get)
            for c, g in zip(segments, grp):
                if series_idx[id(c)] == k and g != keep:
                    series_idx[id(c)] = -1
        ink = gray < params.ink_gray_threshold
        names = [_name_text(" ".join(_glyph_checked(v, ink, text_h) for v in e.words)) for e in legend]
        for e, n in zip(legend, names):
            e.text = n
        lost = [c for c in segments if series_idx[id(c)] < 0]
        if lost:
            # Bars of a colour the legend does not name are a series of their own.
            notes.append("some bars match no legend colour")
            grp = color_groups([c.color for c in lost], params.series_color_delta)
            first = {}
            for c, g in zip(lost, grp):
                if g not in first:
                    first[g] = len(names)
                    names.append(f"series-{len(names) + 1}")
                series_idx[id(c)] = first[g]
    else:
        grp = color_groups(seg_colors, params.series_color_delta)
        order = []
        for g in grp:
            if g not in order:
                order.append(g)
        for c, g in zip(segments, grp):
            series_idx[id(c)] = order.index(g)
    stacks = _merge_same_series(stacks, series_idx)
    segments = [c for s in stacks for c in s]
    stack_key = lambda s: tuple(series_idx[id(c)] for c in s)  # noqa: E731
    groups = _groups(stacks, stack_key, len(legend))
    per_cat_one = all(len(g) == 1 for g in groups)
    stacked = any(len(s) > 1 for s in stacks)
    if not legend:
        n_series = len({series_idx[id(c)] for c in segments})
        if per_cat_one and not stacked:
            # One bar per category: its colour is decoration, not a series.
            for c in segments:
                series_idx[id(c)] = 0
            n_series = 1
        names = [f"series-{k + 1}" for k in range(n_series)]

    slots = _slots(groups)
    budget = [REREAD_BUDGET + len(slots)]
    # Category labels stand on the page, outside the plot: their gray is the difference from
    # the page colour alone (a second "background" found on a bar chart is often a bar colour,
    # which pales text of a near colour), at the page's own contrast for rotated labels: the
    # page gray doubles it, which fills in the small blurred glyphs of turned text ('GOA
    # Dinanawd' for 'GPQA Diamond').
    soft = imageops.text_gray(rgb, page_bg, None, gain=1.0)
    cats = _rotated_categories((gray, soft), slots, base, text_h) if not frame.horizontal else None
    if cats is None:
        texts = _category_texts(words, frame, slots, base, text_h, tick_ids | legend_ids)
        found = [frame.word(v).y1 for ws in texts for v in ws]
        # A slot whose label the page pass missed is read on its own, as deep as the others go.
        depth = max(found) + 0.3 * text_h if found else base + (12 if frame.horizontal else 3) * text_h
        cats = [_reread_text(gray, ws, text_h, budget, frame, base, slot, depth, soft) if ws else
                _read_slot(gray, frame, slot, base, depth, text_h, budget, soft)
                for ws, slot in zip(texts, slots)]

    cats = [_without_stray_rules(c) for c in cats]

    # Value labels printed by the bars (beyond the end or inside), and marker words (OOM).
    vl_words = [v for v in words if id(v) not in tick_ids and id(v) not in legend_ids
                and parse_value_label(v.text) is not None and frame.word(v).y1 <= base + 0.3 * text_h
                and (v.conf >= 50 or len(v.text) >= 3)]
    # A value label sits at the end of one bar: text centred over a group is an annotation.
    vl_words = [v for v in vl_words if not _over_gap(frame.word(_phrase(v, words, text_h)), segments)]
    pairs = _assign_labels(vl_words, segments, frame, text_h)
    page_labels = {bi: vl_words[li] for bi, li in pairs.items()}
    expected = _expected_values(segments, frame, axis, base)
    # Ticks read without their decimal point make every bar ten times too long: seen in the
    # page's labels first, so that the labels' re-read is checked against the right values.
    page_nums = {bi: parse_value_label(v.text) for bi, v in page_labels.items()}
    tick_texts = [t.text for t in axis.calibration.ticks] if axis is not None and axis.calibration is not None else []
    shift = _decimal_shift([(p[1] if p else None, expected[bi]) for bi, p in page_nums.items()], tick_texts)
    expected = [e * shift if e is not None else None for e in expected]
    reads: dict[int, list[Word]] = {}
    labels_of = _read_value_labels(rgb, frame, segments, page_labels, expected, bg, text_h, reads)
    if shift == 1.0 and tick_texts:
        # Too few page labels to show a lost decimal point: the labels' readings may show it;
        # they are then read again against the right values ('21x' agreed with 21.1). Each
        # bar's commonest reading speaks for it, not the one chosen: a reading that lost its
        # point agrees with a bar ten times too long ('5.3k' read thrice, '53k' once).
        nums = {bi: parse_value_label(_commonest(rs).text) for bi, rs in reads.items() if rs}
        shift = _decimal_shift([(p[1] if p else None, expected[bi]) for bi, p in nums.items()], tick_texts)
        if shift != 1.0:
            expected = [e * shift if e is not None else None for e in expected]
            labels_of = _read_value_labels(rgb, frame, segments, page_labels, expected, bg, text_h)
    fixed = _harmonise_format(_harmonise_units([v.text for v in labels_of.values()]))
    labels_of = {bi: (v if t == v.text else Word(t, v.conf, v.x0, v.y0, v.x1, v.y1))
                 for (bi, v), t in zip(labels_of.items(), fixed)}
    if axis is None and sum(parse_value_label(v.text)[1] is not None for v in labels_of.values()) < 2:
        # No value axis and no printed values: nothing says these shapes are bars of a chart.
        return None

    # Rows: each category's bars by series; a series missing from a category is a row too.
    rows: list[BarRow] = []
    used_words = {id(v) for v in labels_of.values()}
    for gi, g in enumerate(groups):
        present = set()
        for s in g:
            for c in s:
                k = series_idx[id(c)]
                name = names[k] if 0 <= k < len(names) else f"series-{len(names) + 1}"
                present.add(k)
                bi = next(i for i, o in enumerate(segments) if o is c)
                r = BarRow(name, cats[gi], gi, c, label=labels_of.get(bi))
                rows.append(r)
        if len(names) > 1 and not stacked:
            for k in range(len(names)):
                if k in present:
                    continue
                r = BarRow(names[k], cats[gi], gi, None)
                lo, hi = slots[gi]
                marks = [v for v in vl_words if id(v) not in used_words
                         and parse_value_label(v.text)[2] is not None and lo <= frame.word(v).cx < hi]
                if not marks and budget[0] > 0:
                    marks = _read_marker(rgb, gray, frame, groups, series_idx, slots, gi, k, base, text_h, budget)
                if marks:
                    r.label = marks[0]
                    used_words.add(id(marks[0]))
                rows.append(r)
    _values(rows, frame, axis, base, text_h, notes, shift)
    return frame, axis, rows, legend, notes, groups, cats


def _without_stray_rules(text: str) -> str:
    """A category without a lone '|' at either end: the edge of a neighbouring label or a tick
    mark read as a rule ('Small test - 8XH100 - 70B |'), no part of any label."""
    parts = text.split()
    while parts and set(parts[0]) <= set("|¦"):
        parts.pop(0)
    while parts and set(parts[-1]) <= set("|¦"):
        parts.pop()
    return " ".join(parts)


def _commonest(words: list[Word]) -> Word:
    """The reading given most often (ties: the surer in sum), its surest instance."""
    score: dict[str, tuple[int, float]] = {}
    for v in words:
        n, c = score.get(v.text, (0, 0.0))
        score[v.text] = (n + 1, c + v.conf)
    text = max(score, key=score.get)
    return max((v for v in words if v.text == text), key=lambda v: v.conf)


def _read_marker(rgb, gray, frame, groups, series_idx, slots, gi, k, base, text_h, budget):
    """Text printed where series k's bar of group gi would stand ('OOM' on the baseline): read
    at the place that series' bars take in the other groups."""
    offs = [c.cx - slots[j][0] for j, g in enumerate(groups) for s in g for c in s[:1]
            if series_idx[id(c)] == k]
    if not offs:
        return []
    cx = slots[gi][0] + float(np.median(offs))
    box = (int(cx - 2.5 * text_h), int(base - 2.2 * text_h), int(cx + 2.5 * text_h), int(base + 0.2 * text_h))
    budget[0] -= 1
    got = [v for v in _read_box(rgb, gray, frame, box, text_h) if parse_value_label(v.text) is not None
           and parse_value_label(v.text)[2] is not None]
    return got[:1]


# Value labels are re-read on crops scaled to this text height (tesseract reads digits best
# well above the 10-15 px of a chart's labels) and binarised against what they are printed on.
LABEL_TEXT_PX = 40.0


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


def _label_boxes(c: Bar, text_h: float, along: bool = False) -> dict[str, tuple[int, int, int, int]]:
    """Upright-frame boxes where a bar's printed value can be: beyond its end, inside it at the
    end, and in the middle of the segment (stacks). `along`: the text runs along the bar (a
    horizontal bar chart turned upright), so the boxes reach a label's length from the end,
    not a text height ('68.0%' inside a bar was read '0%')."""
    reach = 7.0 * text_h if along else 2.2 * text_h
    half = max(0.5 * c.width, 3.0 * text_h)
    depth = min(c.bottom - c.top, reach)
    mid = (c.top + c.bottom) / 2.0
    return {
        "end": (int(c.cx - half), int(c.top - reach), int(c.cx + half) + 1, int(c.top) - 1),
        "inside": (c.x0 + 2, int(c.top) + 2, c.x1 - 2, int(c.top + depth)),
        "centre": (c.x0 + 2, int(max(c.top + 1, mid - reach / 2)), c.x1 - 2, int(min(c.bottom, mid + reach / 2))),
    }


# How a label's crop is turned into an image for OCR, tried in this order until a reading
# agrees with the bar: cut at half the strokes' own contrast (the edge of an anti-aliased
# glyph); kept grey and sharpened (None), for small blurred labels whose strokes run together
# at any cut ('70.5%' read '70 He'); cut higher, for labels whose strokes touch.
INK_FRACTIONS = (0.5, None, 0.7)


def _binarised(d: np.ndarray, scale: float, frac: float | None = 0.5) -> np.ndarray | None:
    """Text (large `d`: far from the colour it is printed on) as black on white, enlarged by
    `scale` before thresholding at `frac` of the strokes' contrast so that the glyphs keep their
    anti-aliased shape. With `frac` None the enlarged text is kept grey, sharpened by an unsharp
    mask one original pixel wide (undoing about that much blur), dark where `d` is strongest."""
    if d.size == 0 or float(d.max()) < 60:
        return None
    big = cv2.resize(d, None, fx=scale, fy=scale, interpolation=cv2.INTER_CUBIC)
    # Half the strokes' own contrast is where an anti-aliased (or blurred) edge lies; a global
    # threshold (Otsu) on a crop that is mostly background sits lower and fattens the glyphs
    # into blobs ('70.5%' -> '70').
    strong = big[big > 30]
    if strong.size == 0:
        return None
    top = float(np.percentile(strong, 98))
    if frac is None:
        f = big.astype(np.float32)
        f = np.clip(f + 2.0 * (f - cv2.GaussianBlur(f, (0, 0), scale)), 0, None)
        if (f > 0.5 * top).sum() < 6 * scale * scale:
            return None
        return np.clip(255.0 - 255.0 * f / top, 0, 255).astype(np.uint8)
    ink = big > max(frac * top, 30.0)
    if ink.sum() < 6 * scale * scale:
        return None
    return np.where(ink, 0, 255).astype(np.uint8)


def _without_lines(d: np.ndarray, text_h: float) -> np.ndarray:
    """A label crop's contrast without the straight lines that cross the whole crop (a bar's
    outline or white edge, a dark gridline): a column (row) inked over nine tenths of the crop's
    height (width) is no glyph, and read as '|' after the label ('92.8 |' -> '92.81'). Only in
    a crop well over a text height across, where no glyph's stroke runs from edge to edge."""
    if d.size == 0 or float(d.max()) < 60:
        return d
    ink = d > 0.5 * float(d.max())
    return _clear_crossing(d, ink, 0.9 if d.shape[1] >= 1.6 * text_h else np.inf,
                           0.9 if d.shape[0] >= 1.6 * text_h else np.inf, 0)


def _without_border_ink(d: np.ndarray) -> np.ndarray:
    """An inside crop's contrast without the marks in its corners (touching two edges that
    meet): the page showing at a rounded bar's corners; a label printed inside its bar stands
    clear of them (it was read '1,202' -> 'L202' with a corner as the 'L'). A blurred label
    may touch one edge, and stays."""
    if d.size == 0 or float(d.max()) < 60:
        return d
    ink = (d > 0.5 * float(d.max())).astype(np.uint8)
    n, lab = cv2.connectedComponents(ink, connectivity=8)
    top, bottom, left, right = (set(np.unique(a)) - {0} for a in (lab[0], lab[-1], lab[:, 0], lab[:, -1]))
    # A corner piece touches two edges that meet; a blurred label may touch one.
    corner = (top | bottom) & (left | right)
    if not corner or len(corner) == n - 1:
        return d  # no corner piece, or everything is one (a label cut by the crop)
    return np.where(np.isin(lab, list(corner)), 0, d).astype(d.dtype)


def _line_at(d: np.ndarray, row: int, text_h: float) -> np.ndarray:
    """`d` with only the line of text on `row` (or the nearest within half a text height) kept:
    beside a grouped horizontal bar the crop also holds its neighbours' labels, above and below,
    which a one-line read turns into garbage. Lines are runs of rows with ink, split at an empty
    row; with one line, or none near `row`, `d` is returned as it is."""
    if d.size == 0:
        return d
    ink = (d >= max(60.0, 0.5 * float(d.max()))).any(axis=1)
    runs, start = [], None
    for r, on in enumerate(list(ink) + [False]):
        if on and start is None:
            start = r
        elif not on and start is not None:
            runs.append((start, r))
            start = None
    lines = [(a, b) for a, b in runs if b - a >= 0.5 * text_h]
    # Nothing else there, or no line: as it is. Shorter runs are cut-off glyphs of the
    # neighbours' labels at the crop's edge, and go.
    if not lines or len(runs) < 2:
        return d
    gap = lambda ab: 0 if ab[0] <= row < ab[1] else min(abs(ab[0] - row), abs(row - ab[1] + 1))  # noqa: E731
    a, b = min(lines, key=gap)
    if gap((a, b)) > 0.5 * text_h:
        return d
    out = np.zeros_like(d)
    a, b = max(0, a - 1), min(len(d), b + 1)
    out[a:b] = d[a:b]
    return out


def _read_label_crop(rgb, frame: Frame, box_u, fill, blank, text_h, frac: float | None = 0.5,
                     corners: bool = False, row: float | None = None) -> list[Word]:
    """OCR of one value-label box as a single line: the crop (in the original frame, where the
    text is upright) is what differs from `fill`; `blank` is (bars and their edges, cleared;
    bars' inner parts by index + 1; their colours): over another bar, text is what differs
    from that bar's colour."""
    h, w = rgb.shape[:2]
    x0, y0, x1, y1 = frame.box_to_orig(*box_u)
    x0, y0, x1, y1 = int(max(0, x0)), int(max(0, y0)), int(min(w, x1)), int(min(h, y1))
    if x1 - x0 < 4 or y1 - y0 < 4:
        return []
    d = imageops.color_distance(rgb[y0:y1, x0:x1], fill)
    if blank is not None:
        cleared, owner, colors = blank
        d = np.where(cleared[y0:y1, x0:x1], 0, d).astype(np.uint8)
        own = owner[y0:y1, x0:x1]
        for i in np.unique(own[own > 0]):
            on = own == i
            d[on] = imageops.color_distance(rgb[y0:y1, x0:x1], colors[i - 1])[on]
    d = _without_lines(d, text_h)
    if row is not None:
        d = _line_at(d, int(round(row)) - y0, text_h)
    if corners:
        d = _without_border_ink(d)
    scale = float(np.clip(LABEL_TEXT_PX / max(text_h, 1.0), 1.0, 5.0))
    img = _binarised(d, scale, frac)
    if img is None:
        return []
    pad = int(0.4 * LABEL_TEXT_PX)
    got = ocr.read_words(np.pad(img, pad, constant_values=255), 1.0, ocr.PSM_LINE)
    return [Word(v.text, v.conf, int(round((v.x0 - pad) / scale + x0)), int(round((v.y0 - pad) / scale + y0)),
                 int(round((v.x1 - pad) / scale + x0)), int(round((v.y1 - pad) / scale + y0))) for v in got if v.text]


def _as_label(words: list[Word], text_h: float) -> Word | None:
    """The words of one line read as one value label ('1.9' '7k' -> '1.97k' is no label, but
    '2,4' '47' split by OCR is '2,447'): joined without spaces, kept when it parses."""
    if not words:
        return None
    ws = sorted(words, key=lambda v: v.x0)
    for text in ("".join(v.text for v in ws), _join(ws, text_h)):
        p = parse_value_label(text)
        if p is not None and p[1] is not None:
            return Word(p[0], float(min(v.conf for v in ws)), min(v.x0 for v in ws), min(v.y0 for v in ws),
                        max(v.x1 for v in ws), max(v.y1 for v in ws))
    return None


def _digits(t: str) -> int:
    return sum(ch.isdigit() for ch in t)


def _agrees(v: Word, want: float | None, tol: float) -> bool:
    p = parse_value_label(v.text)
    return want is not None and p is not None and p[1] is not None and \
        abs(p[1] - want) <= tol + label_half_unit(p[0])


def _read_value_labels(rgb, frame: Frame, segments, page_labels, expected, bg, text_h, reads=None):
    """The printed value of every bar segment: its page-pass word, checked against a re-read of
    its crop (binarised, enlarged, one line). Labels sit at one place on a chart (beyond the
    bars' ends, inside at the end, or centred in stacked segments): the place the page pass
    found most labels at is tried first. Of several readings, the one agreeing with the bar's
    length (within its tolerance) wins, the more digits the better ('70' < '70.5%'); without an
    axis to check against, the most confident. Returns {segment index: Word}; `reads`, when
    given, is filled with every bar's readings as read (before any repair)."""
    h, w = rgb.shape[:2]
    blank = np.zeros((h, w), bool)
    for c in segments:
        x0, y0, x1, y1 = frame.box_to_orig(c.x0, int(c.top), c.x1, int(c.bottom) + 1)
        blank[max(0, int(y0)):int(y1), max(0, int(x0)):int(x1)] = True
    # Blur spreads a bar's side a pixel or two beyond its rectangle: a dark line at a crop's
    # edge that would set the threshold above the faint label ('32.8%' lost to '1. 8%').
    k = max(2, int(round(0.25 * text_h)))
    blank = cv2.dilate(blank.astype(np.uint8), np.ones((2 * k + 1, 1) if frame.horizontal else (1, 2 * k + 1),
                                                       np.uint8)) > 0
    # A label wider than its bar runs over a taller neighbour ('40.8%' beside a 93.5% bar):
    # there it is read against that bar's colour, not cleared. Each bar's inner part, k pixels
    # in from its sides and end (edges and outlines stay cleared), holds its index + 1.
    owner = np.zeros((h, w), np.int32)
    for i, c in enumerate(segments):
        ux0, ux1, ut = c.x0 + k, c.x1 - k, int(c.top) + k
        if ux1 - ux0 >= 2 and int(c.bottom) - ut >= 2:
            x0, y0, x1, y1 = frame.box_to_orig(ux0, ut, ux1, int(c.bottom) + 1)
            owner[max(0, int(y0)):int(y1), max(0, int(x0)):int(x1)] = i + 1
    blank = (blank, owner, [c.color for c in segments])
    stacked = any(c.level > 0 for c in segments)
    votes = {"end": 0, "inside": 0, "centre": 0}
    for bi, v in page_labels.items():
        u, c = frame.word(v), segments[bi]
        votes["end" if u.y1 <= c.top + 0.4 * text_h else ("centre" if stacked else "inside")] += 1
    order = sorted(votes, key=lambda k: (-votes[k], ["centre", "end", "inside"].index(k) if stacked
                                         else ["end", "inside", "centre"].index(k)))
    if not stacked:
        order = [k for k in order if k != "centre"]
    top_votes = max(votes.values())
    out, read, pools = {}, {}, {}
    calls = 0
    budget = 5 * len(segments) + 6
    for bi, c in enumerate(segments):
        want = expected[bi]
        tol = 0.0
        if want is not None:
            tol = 0.02 * max(abs(e) for e in expected if e is not None) + 1e-9
        cands = []
        if bi in page_labels:
            cands.append(page_labels[bi])
        boxes = _label_boxes(c, text_h, frame.horizontal)
        # Only the chart's label place is searched, unless the page pass found none anywhere
        # (a blurred chart, light labels inside the bars): then every place is.
        places = order if top_votes == 0 else [k for k in order if votes[k] == top_votes] + \
            [k for k in order if votes[k] != top_votes and bi not in page_labels]
        for place in places:
            if calls >= budget:
                break
            inside = place != "end"
            box = boxes[place]
            if inside and (box[3] - box[1] < 0.8 * text_h or box[2] - box[0] < 0.8 * text_h):
                continue
            done = False
            # Inside a bar, last, the crop without its corners (a rounded bar's corners show
            # the page, read as glyphs: '1,202' -> 'L202').
            # It does not use up the chart's budget: the bars after it are read as before.
            for frac, corners in [(f, False) for f in INK_FRACTIONS] + ([(0.5, True)] if inside else []):
                if calls >= budget and not corners:
                    break
                calls += not corners
                words_read = _read_label_crop(rgb, frame, box, c.color if inside else bg,
                                              None if inside else blank, text_h, frac, corners,
                                              c.cx if frame.horizontal and not inside else None)
                got = _as_label(words_read, text_h)
                if got is None and want is not None:
                    # Letters for digits ('SI' for a serif '51'): kept only when agreeing.
                    got = _as_label([Word(v.text.translate(_DIGIT_LOOKALIKES), v.conf, v.x0, v.y0, v.x1, v.y1)
                                     for v in words_read], text_h)
                    got = got if got is not None and _agrees(got, want, tol) else None
                if got is not None and _label_cost(frame.word(got), c, text_h) is not None:
                    cands.append(got)
                    # An unsure agreeing reading ('70He' at 33 for '70.5%') does not end the search.
                    if (_agrees(got, want, tol) and got.conf >= 50) or (want is None and got.conf >= 70):
                        done = True
                        break
            if done:
                break
        read[bi] = list(cands)
        if reads is not None:
            reads[bi] = list(cands)
        if want is not None and cands and not any(_agrees(v, want, tol) for v in cands):
            cands = cands + [Word(t, v.conf, v.x0, v.y0, v.x1, v.y1) for v in cands
                             for t in _decimal_variants(v.text) + _separator_variants(v.text)
                             + _glyph_variants(v.text)]
        pools[bi] = (cands, want, tol)
    unit = _chart_unit(list(read.values()))
    for bi, (cands, want, tol) in pools.items():
        best = _choose_label(cands, want, tol, unit)
        # An unsure crop reading the page pass did not see, agreeing with no length, is what OCR
        # makes of some other mark there (an annotation's arrow across the bar read '4s').
        if best is not None and want is not None and bi not in page_labels and best.conf < 50 \
                and not _agrees(best, want, tol):
            best = None
        if best is not None:
            out[bi] = best
    # The ending the agreeing labels share ('k', '%', 'x'), put on the readings of a bar that
    # none agree with in place of what OCR made of it ('33e' -> '3.3k', '3.3%' -> '3.3k').
    ends = [_ending(v.text) for bi, v in out.items() if _agrees(v, pools[bi][1], pools[bi][2])]
    end = max(set(ends), key=ends.count) if ends else None
    if end and ends.count(end) >= 2 and ends.count(end) > len(ends) / 2:
        for bi, (cands, want, tol) in pools.items():
            if want is None or not cands or any(_agrees(v, want, tol) for v in cands):
                continue
            extra = []
            for v in cands:
                t = v.text[:len(v.text) - len(_ending(v.text))] + end
                extra += [Word(x, v.conf, v.x0, v.y0, v.x1, v.y1) for x in [t] + _decimal_variants(t)]
            if any(_agrees(v, want, tol) for v in extra):
                out[bi] = _choose_label(cands + extra, want, tol, unit)
    return _keep_format(out, pools)


def _form(text: str) -> tuple[int, str] | None:
    """A number label's format: (digits after its decimal point, what follows its last digit)."""
    p = parse_value_label(text)
    if p is None or p[1] is None:
        return None
    m = re.search(r"\.(\d+)\D*$", text)
    return (len(m.group(1)) if m else 0), _ending(text)


def _form_variants(text: str, form: tuple[int, str]) -> list[str]:
    """A reading put in a chart's format: look-alike letters read as digits ('4On' -> '40n'),
    the ending replaced by the chart's ('7.5m' -> '7.5x'), a lost point put back ('40x' ->
    '4.0x'), digits beyond the chart's decimals cut ('2.34x' -> '2.3x', '19.0' -> '19': a
    speck read as a digit). Only a variant agreeing with its bar is taken (the caller)."""
    decimals, end = form
    out = []
    for t in dict.fromkeys((text, text.translate(_DIGIT_LOOKALIKES))):
        stem = t[:len(t) - len(_ending(t))]
        if not stem or not stem[-1].isdigit():
            continue
        m = re.match(r"^(.*?\d)\.(\d+)$", stem)
        if m and len(m.group(2)) > decimals:
            stem = m.group(1) + ("." + m.group(2)[:decimals] if decimals else "")
        out += [stem + end] + _decimal_variants(stem + end)
    return out


def _keep_format(out: dict, pools: dict) -> dict:
    """The labels of one chart are printed in one format (decimals, ending): when agreeing
    labels share one (see below), a bar's reading that breaks it ('39.7' among
    integers, '7.5m' or '4On' among '4.3x') gives way to a reading of the same bar, or a
    variant of one (_form_variants), in that format and agreeing with the bar's length."""
    forms = [_form(v.text) for bi, v in out.items() if _agrees(v, pools[bi][1], pools[bi][2])]
    forms = [f for f in forms if f is not None]
    if not forms:
        return out
    counts = sorted((forms.count(f) for f in set(forms)), reverse=True)
    common = max(set(forms), key=forms.count)
    # OCR garbles endings many ways ('7.5m', '4On', '1Ss'), each once: the format is the one
    # most labels share, by at least two and a third, and no other as often.
    if counts[0] < 2 or counts[0] < len(forms) / 3 or (len(counts) > 1 and counts[1] == counts[0]):
        return out
    for bi, (cands, want, tol) in pools.items():
        cur = out.get(bi)
        if want is None or not cands or (cur is not None and _form(cur.text) == common):
            continue
        alts = [Word(t, v.conf, v.x0, v.y0, v.x1, v.y1) for v in cands
                for t in dict.fromkeys([v.text] + _form_variants(v.text, common))]
        alts = [a for a in alts if _form(a.text) == common and _agrees(a, want, tol)]
        if alts:
            out[bi] = max(alts, key=lambda a: a.conf)
    return out


def _ending(text: str) -> str:
    """What follows a label's last digit ('k' of '3.3k', '' of '111')."""
    i = max((k for k, c in enumerate(text) if c.isdigit()), default=-1)
    return text[i + 1:]


def _chart_unit(reads: list[list[Word]]) -> str | None:
    """The unit ('%', 'x' or none) of a chart's value labels: the one that most bars have
    among their readings (each bar counted once per unit), when more than half of the bars
    with readings have it. OCR confuses a small '%' and 'x' ('2.1x' read '2.1%' more surely);
    the chart's other bars tell which it prints."""
    bars = [{_unit_of(v.text) for v in rs} - {None} for rs in reads if rs]
    if len(bars) < 2:
        return None
    counts = {u: sum(u in b for b in bars) for u in ("%", "x", "")}
    best = max(counts, key=counts.get)
    ties = [u for u in counts if counts[u] == counts[best]]
    return best if len(ties) == 1 and counts[best] > len(bars) / 2 else None


# Units that do not change a label's number, and that OCR confuses with each other ('7.4x'
# read '7.4%') or loses (a small 'x' after '2.6').
_UNITS = ("%", "x", "\u00d7")


def _unit_of(text: str) -> str | None:
    """The value-neutral unit a label ends with ('' for none, None for other endings)."""
    t = text.strip()
    if t and t[-1].isdigit():
        return ""
    for u in _UNITS:
        if t.endswith(u) or (u == "x" and t.endswith("X")):
            return u
    return None


def _harmonise_units(texts: list[str]) -> list[str]:
    """The value labels of one chart share one unit: the one most labels carry (at least two)
    replaces a confusable other unit and is put back where OCR lost it ('7.4%' among '7.3x'
    '7.0x' -> '7.4x'; '2.6' among '2.9x' '1.5x' -> '2.6x'). Labels ending otherwise ('k',
    'OOM') are left alone."""
    units = [_unit_of(t) for t in texts]
    counts = {u: units.count(u) for u in _UNITS}
    best = max(_UNITS, key=lambda u: counts[u])
    carried = sum(counts.values())
    if counts[best] < 2 or counts[best] <= carried / 2:
        return list(texts)
    out = []
    for t, u in zip(texts, units):
        if u is None or t.rstrip().endswith(best):
            out.append(t)
        elif u == "":
            out.append(t + best)
        else:
            out.append(t.rstrip().rstrip("%xX\u00d7") + best)
    return out


def _decimal_variants(text: str) -> list[str]:
    """A label read without its decimal point ('27k' for '2.7k', '75x' for '7.5x': the point is
    a few pixels and blur or a small font loses it): the readings with a point put back between
    two of its digits. Only a reading that then agrees with its bar is taken (the caller)."""
    i = next((k for k, c in enumerate(text) if c.isdigit()), None)
    if i is None:
        return []
    j = i
    while j < len(text) and text[j].isdigit():
        j += 1
    if j < len(text) and text[j] in ".,":
        return []  # the number has its point (or a separator) already
    return [text[:k] + "." + text[k:] for k in range(i + 1, j)]


# Letters OCR reads for digits in a serif or blurred face ('SI' for '51', 'O' for '0').
_DIGIT_LOOKALIKES = str.maketrans({"O": "0", "o": "0", "D": "0", "S": "5", "s": "5", "I": "1", "l": "1",
                                   "|": "1", "i": "1", "B": "8", "Z": "2", "z": "2", "G": "6", "b": "6",
                                   "g": "9", "q": "9"})


def _glyph_variants(text: str) -> list[str]:
    """A reading with digit look-alike letters read as digits ('SI' -> '51', '1O.5%' ->
    '10.5%'), when that is a number; only a variant agreeing with its bar is taken (the caller)."""
    t = text.translate(_DIGIT_LOOKALIKES)
    if t == text:
        return []
    p = parse_value_label(t)
    return [t] if p is not None and p[1] is not None else []


def _separator_variants(text: str) -> list[str]:
    """A thousands comma read as a point or the reverse ('2.293' for '2,293': on a small or
    blurred label the two differ by a pixel or two): the reading with the other mark, when
    exactly three digits follow it. Only a variant that then agrees with its bar is taken."""
    m = re.match(r"^(\D*\d{1,3})([.,])(\d{3})(\D*)$", text)
    if m:
        return [m.group(1) + ("," if m.group(2) == "." else ".") + m.group(3) + m.group(4)]
    # A comma before one or two digits is no thousands separator: a point ('4,4k').
    m = re.match(r"^(\D*\d+),(\d{1,2})(\D*)$", text)
    return [m.group(1) + "." + m.group(2) + m.group(3)] if m else []


def _harmonise_format(texts: list[str]) -> list[str]:
    """The value labels of one chart are written one way: when most of the labels of four or
    more integer digits carry thousands commas (at least two), the others get them ('9246'
    among '9,427' '8,689' -> '9,246'); the case most 'k'/'K' suffixes have is given to the rest
    ('5.1K' among '4.1k' '5.2k' -> '5.1k': OCR tells the two apart by size alone); a hedge
    carried by few labels is dropped."""
    big = [t for t in texts if re.match(r"^\D*\d{1,3}(,\d{3})+(\.\d+)?\D*$", t) or
           re.match(r"^\D*\d{4,}(\.\d+)?\D*$", t)]
    with_commas = [t for t in big if "," in t]
    out = list(texts)
    if len(with_commas) >= 2 and len(with_commas) > len(big) / 2:
        for i, t in enumerate(out):
            m = re.match(r"^(\D*)(\d{4,})(\.\d+)?(\D*)$", t)
            if m:
                out[i] = m.group(1) + f"{int(m.group(2)):,}" + (m.group(3) or "") + m.group(4)
    # A thousands comma read as a point ('2.569' among '4,055' '1,001'): where most labels
    # are whole thousands with commas, one with exactly three decimals whose thousands lie
    # within the others' span (halved and doubled) is one of them.
    commas = [int(re.sub(r"\D", "", t)) for t in out if re.match(r"^\D*\d{1,3}(,\d{3})+\D*$", t)]
    if len(commas) >= 2 and len(commas) > len(texts) / 2:
        lo, hi = min(commas) / 2, max(commas) * 2
        for i, t in enumerate(out):
            m = re.match(r"^(\D*[1-9]\d{0,2})\.(\d{3}\D*)$", t)
            if m and lo <= int(re.sub(r"\D", "", t)) <= hi:
                out[i] = m.group(1) + "," + m.group(2)
    # A hedge ('~', '≈') printed before some labels only is a bar's rounded corner or
    # edge read as one ('~2.3x' among '1.9x' '3.0x'): kept only where most labels carry it.
    hedged = [t[:1] in ("~", "≈") for t in out]
    if 0 < sum(hedged) <= len(out) / 2:
        out = [t[1:].lstrip() if h else t for t, h in zip(out, hedged)]
    ends = [t[-1] for t in out if len(t) >= 2 and t[-1] in "kK" and t[-2].isdigit()]
    if len(ends) >= 3:
        case = max("kK", key=ends.count)
        if ends.count(case) > len(ends) / 2:
            out = [t[:-1] + case if len(t) >= 2 and t[-1] in "kK" and t[-2].isdigit() else t for t in out]
    return out


def _choose_label(cands: list[Word], want: float | None, tol: float, unit: str | None = None) -> Word | None:
    """Of several readings of one bar's label: those agreeing with the bar's length (within
    `tol` and the label's own rounding) first, of them the one with most digits ('70' < '70.5%',
    both agree), then the one in the chart's `unit` ('2.1x' over a surer '2.1%' on a chart
    printing 'x'), then the most confident. With none agreeing (or no axis to check against):
    the one in the chart's unit, then the most confident; unless another reading holds all its
    digits and more in front, in a label's form ('20.5' over '0.5%': a digit lost at a
    neighbouring bar's edge)."""
    if not cands:
        return None
    in_unit = lambda v: unit is not None and _unit_of(v.text) == unit  # noqa: E731
    agreeing = [v for v in cands if _agrees(v, want, tol)]
    if agreeing:
        return max(agreeing, key=lambda v: (_digits(v.text), in_unit(v), v.conf))
    best = max(cands, key=lambda v: (in_unit(v), v.conf))
    digits = lambda t: "".join(c for c in t if c.isdigit())  # noqa: E731
    d = digits(best.text)
    longer = [v for v in cands if len(digits(v.text)) > len(d) and digits(v.text).endswith(d)
              and _unit_of(v.text) is not None]
    return max(longer, key=lambda v: v.conf) if longer and d else best


def _reread_value(gray, v: Word, text_h, budget) -> Word:
    """A value label read again on its own, one line, a little wider than the page pass saw it
    ('70' of '70.5%' under blur); the longer reading that keeps the first one's digits wins."""
    if budget[0] <= 0:
        return v
    h, w = gray.shape
    px, py = int(0.8 * text_h), int(0.3 * text_h) + 1
    x0, y0, x1, y1 = max(0, v.x0 - px), max(0, v.y0 - py), min(w, v.x1 + px), min(h, v.y1 + py)
    budget[0] -= 1
    scale = float(np.clip(30.0 / max(text_h, 1), 1.0, 4.0))
    got = ocr.read_crop(gray[y0:y1, x0:x1], (x0, y0), scale)
    got = [g for g in got if layout.overlaps(g, v) and parse_value_label(g.text) is not None]
    if len(got) != 1:
        return v
    g = got[0]
    digits = lambda t: "".join(c for c in t if c.isdigit())  # noqa: E731
    if g.text == v.text:
        return v if v.conf >= g.conf else g
    # Longer only at the end ('70' -> '70.5%'): a glyph gained in front is the bar's edge.
    if digits(g.text).startswith(digits(v.text)) and len(g.text) > len(v.text) and g.conf >= 50:
        return g
    return g if g.conf > v.conf + 10 else v


def _reread_labels(rgb, gray, frame, segments, labels_of, text_h, budget, taken):
    """Bars left without a label on a chart that prints them: read beyond the bar's end, then
    inside it near the end (in the bar's own colour contrast)."""
    inside_first = sum(1 for bi, v in labels_of.items()
                       if frame.word(v).y0 >= segments[bi].top - 0.2 * text_h) > len(labels_of) / 2
    for bi, c in enumerate(segments):
        if bi in labels_of or budget[0] <= 0:
            continue
        half = max(0.5 * c.width, 2.5 * text_h)
        above = (int(c.cx - half), int(c.top - 2.0 * text_h), int(c.cx + half) + 1, int(c.top))
        inside = (c.x0, int(c.top + 1), c.x1, int(min(c.bottom, c.top + 2.0 * text_h)))
        tries = [(inside, c.color), (above, None)] if inside_first else [(above, None), (inside, c.color)]
        for box, col in tries:
            if budget[0] <= 0:
                break
            budget[0] -= 1
            got = [v for v in _read_box(rgb, gray, frame, box, text_h, col) if parse_value_label(v.text) is not None
                   and parse_value_label(v.text)[1] is not None
                   and not any(layout.overlaps(v, t) for t in taken)]
            got = [v for v in got if _label_cost(frame.word(v), c, text_h) is not None]
            if got:
                best = max(got, key=lambda v: v.conf)
                labels_of[bi] = best
                taken.append(best)
                break


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
