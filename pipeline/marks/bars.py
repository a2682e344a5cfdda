"""Bars as solid rectangles standing on one baseline, in an upright frame (bars grow upwards).

Everything here works on arrays in that frame; a horizontal bar chart is turned upright by its
caller (np.rot90), so one code path reads both. Rows grow downwards as in any image: a bar's
`top` is its far end, `bottom` the end on the baseline.
"""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from .series import to_lab


@dataclass
class Bar:
    x0: int                 # first column
    x1: int                 # one past the last column
    top: float              # far end, sub-pixel row of the edge (pixel-centre coordinates)
    bottom: float           # near end (on the baseline, or on the segment below in a stack)
    color: tuple[int, int, int]
    stack: int = -1         # index of the stack (one bar position) it belongs to
    level: int = 0          # 0 on the baseline, 1 on top of that, ...

    @property
    def cx(self) -> float:
        return (self.x0 + self.x1 - 1) / 2.0

    @property
    def width(self) -> int:
        return self.x1 - self.x0

    @property
    def length(self) -> float:
        return self.bottom - self.top


# Columns over which a blurred border between two bars side by side passes from one colour to
# the other, and how far (CIE76) they must then lie apart to be two bars.
DRIFT_SPAN, DRIFT = 4, 17.5


def _split_runs(profile_lab: np.ndarray, valid: np.ndarray, jump: float,
                also: np.ndarray | None = None, drift: bool = False) -> list[tuple[int, int]]:
    """Runs [a, b) along a profile of colours where each step stays within `jump` (CIE76) of
    the last few kept entries: a gradient changes a little per step and stays one run, the
    border between two bars of different colours is a jump. With `also` (a second profile of
    the same line) a step is a jump only when it is one in both. With `drift`, an entry
    DRIFT from the one DRIFT_SPAN before (in both profiles) is a border too, cut at its
    largest step: blur and downscaling spread the border of two bars alike in lightness over
    several columns of small steps (bar seed-41 bar015: blue to purple in steps under 14)."""
    # Within a run the kept entries are all entries since its start, so the reference of
    # entry i depends only on how far the run has come (one, two, three or more entries):
    # the three possible distances are computed for all entries at once, and only the
    # choice among them is left to the loop (a loop of norms dominated the bar finder).
    steps = _step_distances(profile_lab)
    steps2 = _step_distances(also) if also is not None else None
    drifted = _drifted(profile_lab, also) if drift else None
    valid = [bool(v) for v in valid]
    runs, start = [], None
    for i in range(len(profile_lab)):
        if not valid[i]:
            if start is not None:
                runs.append((start, i))
                start = None
            continue
        if start is None:
            start = i
            continue
        k = min(i - start, 3) - 1
        jumped = steps[k][i] > jump
        if jumped and steps2 is not None:
            jumped = steps2[k][i] > jump
        if jumped:
            runs.append((start, i))
            start = i
        elif drifted is not None and i - start >= DRIFT_SPAN and drifted[i]:
            cut = max(range(i - DRIFT_SPAN + 1, i + 1), key=lambda j: steps[0][j])
            runs.append((start, cut))
            start = cut
    if start is not None:
        runs.append((start, len(profile_lab)))
    return runs


def _drifted(p: np.ndarray, also: np.ndarray | None = None) -> list[bool]:
    """For every entry of a profile, whether it lies more than DRIFT from the entry DRIFT_SPAN
    before it, in `also` (a second profile of the same line) too."""
    out = np.zeros(len(p), bool)
    out[DRIFT_SPAN:] = True
    for q in (p,) if also is None else (p, also):
        q = np.asarray(q, float)
        out[DRIFT_SPAN:] &= np.linalg.norm(q[DRIFT_SPAN:] - q[:-DRIFT_SPAN], axis=1) > DRIFT
    return out.tolist()


def _step_distances(p: np.ndarray) -> list[list[float]]:
    """For every entry i of a profile, its distance from the entry before, from the mean of
    the two before and from the element-wise median of the three before (nan where there are
    not that many entries)."""
    p = np.asarray(p, float)
    n = len(p)
    out = [np.full(n, np.nan) for _ in range(3)]
    if n > 1:
        out[0][1:] = np.linalg.norm(p[1:] - p[:-1], axis=1)
    if n > 2:
        out[1][2:] = np.linalg.norm(p[2:] - (p[:-2] + p[1:-1]) / 2.0, axis=1)
    if n > 3:
        a, b, c = p[:-3], p[1:-2], p[2:-1]
        med = a + b + c - np.maximum(np.maximum(a, b), c) - np.minimum(np.minimum(a, b), c)
        out[2][3:] = np.linalg.norm(p[3:] - med, axis=1)
    return [d.tolist() for d in out]


def _absorb_thin(runs: list[tuple[int, int]], min_len: int, lab: np.ndarray | None = None,
                 jump: float = 14.0) -> list[tuple[int, int]]:
    """Runs thinner than `min_len` (a bar's outline, the blended row between two segments)
    join the run they touch, so an outline is part of its bar, not a bar of its own. With the
    profile's colours `lab`, thin runs between two long ones that have the colour of the long
    run after them (within `jump`) and not of the one before join the run after: JPEG rings
    along a segment's edge in rows of its own colour that step by more than `jump` from one
    another (a blue segment's top eight rows went to the red segment above it)."""
    if lab is not None:
        runs = _thin_forward(runs, min_len, lab, jump)
    out: list[list[int]] = []
    for a, b in runs:
        if out and (b - a < min_len or out[-1][1] - out[-1][0] < min_len) and a - out[-1][1] <= 1:
            out[-1][1] = b
        else:
            out.append([a, b])
    return [(a, b) for a, b in out]


def _thin_forward(runs: list[tuple[int, int]], min_len: int, lab: np.ndarray, jump: float) -> list[tuple[int, int]]:
    """The runs with the thin ones that end a chain of thin runs between two touching long
    runs, coloured like the long run after (see _absorb_thin), joined to it."""
    lab = np.asarray(lab, float)
    thin = [b - a < min_len for a, b in runs]
    out = list(runs)
    i = 0
    while i < len(out):
        if not thin[i] or i == 0 or thin[i - 1] or out[i][0] - out[i - 1][1] > 1:
            i += 1
            continue
        j = i
        while j < len(out) and thin[j] and out[j][0] - out[j - 1][1] <= 1:
            j += 1
        if j >= len(out) or out[j][0] - out[j - 1][1] > 1:
            i = j
            continue
        before = np.median(lab[out[i - 1][0]:out[i - 1][1]], axis=0)
        after = np.median(lab[out[j][0]:out[j][1]], axis=0)
        s = j
        while s > i:
            m = lab[out[s - 1][0]:out[s - 1][1]].mean(axis=0)
            if not (np.linalg.norm(m - after) <= jump < np.linalg.norm(m - before)):
                break
            s -= 1
        if s < j:
            out[s:j + 1] = [(out[s][0], out[j][1])]
            thin[s:j + 1] = [False]
        i = s + 1
    return out


def _median_colors(rgb_patch: np.ndarray, mask_patch: np.ndarray, axis: int):
    """Median colour of the masked pixels of every column (axis=0) or row (axis=1); a line
    with fewer than two masked pixels has none (ok False)."""
    m = mask_patch if axis == 0 else mask_patch.T
    px = rgb_patch if axis == 0 else rgb_patch.transpose(1, 0, 2)
    if m.shape[0] > 64:
        # A median over 64 evenly spread pixels of a line is as good as over all of them.
        pick = np.linspace(0, m.shape[0] - 1, 64).astype(int)
        m, px = m[pick], px[pick]
    px = px.astype(np.float32)
    n = m.sum(axis=0)
    ok = n >= 2
    out = np.zeros((m.shape[1], 3), np.float32)
    if ok.any():
        # np.nanmedian over masked columns is slow (it goes through masked arrays): sort with
        # the unmasked pixels as nan, which sort last, and take the middle of each column's
        # count; the mean of the two middle values (exact in float32) for an even count.
        vals = np.sort(np.where(m[:, ok, None], px[:, ok], np.nan), axis=0)
        cnt = n[ok]
        lo = np.broadcast_to(((cnt - 1) // 2)[None, :, None], (1, len(cnt), 3))
        hi = np.broadcast_to((cnt // 2)[None, :, None], (1, len(cnt), 3))
        out[ok] = (np.take_along_axis(vals, lo, 0)[0] + np.take_along_axis(vals, hi, 0)[0]) / np.float32(2.0)
    return out, ok


def _mean_colors(rgb_patch: np.ndarray, mask_patch: np.ndarray) -> np.ndarray:
    """Mean colour of the masked pixels of every column (zeros where none)."""
    m = mask_patch.astype(np.float32)
    n = np.maximum(m.sum(axis=0), 1.0)
    return (rgb_patch.astype(np.float32) * m[..., None]).sum(axis=0) / n[:, None]


def solid_mask(marks: np.ndarray, k: int) -> np.ndarray:
    """Marks at least k px thick both ways: bars and legend swatches stay; text, gridlines,
    axis lines and tick marks go. Long rules (frames, gridlines) are taken out first, however
    thick anti-aliasing makes them: where a frame touches the bars they would join them."""
    m = marks.astype(np.uint8)
    h, w = m.shape
    thin = max(k + 2, 5)
    rules = np.zeros_like(m)
    for along, across in (((1, max(k + 1, w // 4)), (thin, 1)), ((max(k + 1, h // 4), 1), (1, thin))):
        line = cv2.morphologyEx(m, cv2.MORPH_OPEN, np.ones(along, np.uint8))
        # Thin across in the whole mask, not just in the run: a column of a bar beside a label
        # printed inside it is a long thin run too, but bar lies on both sides of it.
        solid = cv2.morphologyEx(m, cv2.MORPH_OPEN, np.ones(across, np.uint8))
        rules |= line & (1 - solid)
    m = m & (1 - rules)
    kern = np.ones((k, k), np.uint8)
    return cv2.morphologyEx(m, cv2.MORPH_OPEN, kern).astype(bool)


def outlined_fills(marks: np.ndarray, dist: np.ndarray, faint: float, max_w: int, min_side: int) -> np.ndarray:
    """Regions enclosed by `marks` and filled a shade off the page (`dist`, the distance from the
    page colour, at least `faint` nearly everywhere in them): a bar drawn as a dark outline
    around a fill too pale to tell from the page on its own (light grey on white). A hole
    filled with the page colour itself (a glyph's counter, a grid cell, a card's frame) stays
    out, as does one much wider than a bar (`max_w`) or smaller than `min_side` either way,
    or one that fills little of its box (no rectangle)."""
    n, lab, stats, _ = cv2.connectedComponentsWithStats((~marks).astype(np.uint8), connectivity=4)
    if n <= 1:
        return np.zeros_like(marks)
    share = np.bincount(lab.ravel(), weights=(dist >= faint).ravel(), minlength=n) / np.maximum(stats[:, 4], 1)
    keep = share >= 0.9
    x, y, w, h, area = stats.T
    keep &= (w >= min_side) & (h >= min_side) & (w <= max_w) & (area >= 0.8 * w * h)
    # What reaches the image's edge is the page around the chart, not an enclosed fill.
    keep &= (x > 0) & (y > 0) & (x + w < marks.shape[1]) & (y + h < marks.shape[0])
    keep[0] = False
    return keep[lab]


def rectangles(rgb: np.ndarray, solid: np.ndarray, min_w: int, jump: float = 14.0) -> list[Bar]:
    """Solid pieces of one colour each: components of `solid`, cut where the column colour
    jumps (bars of a group drawn side by side) and then where the row colour jumps (segments of
    a stack). Bars narrower than `min_w` are dropped."""
    n, lab, stats, _ = cv2.connectedComponentsWithStats(solid.astype(np.uint8), connectivity=4)
    out = []
    for i in range(1, n):
        x, y, w, h, area = stats[i]
        # A component fills most of its box, or splits into pieces that each do (a group of
        # touching bars, a tall one between two short ones, fills less than half its box).
        if w < min_w or h < 2 or area < 0.25 * w * h:
            continue
        comp = lab[y:y + h, x:x + w] == i
        patch = rgb[y:y + h, x:x + w]
        cols, ok = _median_colors(patch, comp, 0)
        # A column's median colour flips between two segments of a stacked bar where a label
        # printed inside one leaves fewer of its pixels in that column; its mean colour moves
        # little there. Two bars side by side differ in both.
        means = _mean_colors(patch, comp)
        cols_lab = to_lab(cols.astype(np.uint8)) if len(cols) else None
        # (JPEG rings a bar's side in columns of its own colour that step apart: they join
        # the bar, not the neighbour before it; see _absorb_thin.)
        for a, b in _absorb_thin(_split_runs(cols_lab, ok, jump, to_lab(means.astype(np.uint8)), drift=True)
                                 if len(cols) else [], min_w, cols_lab, jump):
            if b - a < min_w:
                continue
            sub, subp = comp[:, a:b], patch[:, a:b]
            # Rows are judged on the middle of the bar: outlines and rounded corners stay out.
            m0, m1 = a + (b - a) // 4, a + max((b - a) // 4 + 1, 3 * (b - a) // 4)
            rows, rok = _median_colors(patch[:, m0:m1], comp[:, m0:m1], 1)
            rows_lab = to_lab(rows.astype(np.uint8))
            for ra, rb in _absorb_thin(_split_runs(rows_lab, rok, jump), min_w, rows_lab, jump):
                if rb - ra < 2:
                    continue
                # A tick mark hanging from the bar's foot across the axis (joined to it by blur)
                # is too thin a run of rows to stand apart, and would carry the bar past the
                # baseline: rows filled over less than half the bar's width end it there.
                while rb - ra > 2 and sub[rb - 1].sum() < 0.5 * (b - a):
                    rb -= 1
                piece = sub[ra:rb]
                px = subp[ra:rb][piece]
                if len(px) < 4 or (area < 0.5 * w * h and len(px) < 0.5 * piece.size):
                    continue
                color = tuple(int(v) for v in np.median(px, axis=0))
                out.append(Bar(int(x + a), int(x + b), float(y + ra), float(y + rb - 1), color))
    return out


def _same_color(a, b, delta: float) -> bool:
    la, lb = to_lab([a, b])
    return float(np.linalg.norm(la - lb)) <= delta


def merge_split_bars(bars: list[Bar], max_gap: float, delta: float = 14.0) -> list[Bar]:
    """One bar cut in two by a label printed across it (white text leaves a gap in the
    solid mask): pieces of one colour in the same columns, a label's height apart, are one.
    A piece narrowed where the label covers part of the bar's width (text along a horizontal
    bar) still shares one of the bar's sides, and at least half its width; a value label
    blurred into a blob of the bar's colour is centred on it, and stays apart."""
    def join(a: Bar, b: Bar) -> Bar | None:
        if b.top <= a.top:
            return None
        ov = min(a.x1, b.x1) - max(a.x0, b.x0)
        side = (abs(a.x0 - b.x0) <= 1 or abs(a.x1 - b.x1) <= 1) and ov >= 0.5 * max(a.width, b.width)
        if (ov < 0.8 * max(a.width, b.width) and not side) or not (0 <= b.top - a.bottom <= max_gap):
            return None
        if not _same_color(a.color, b.color, delta):
            return None
        return Bar(min(a.x0, b.x0), max(a.x1, b.x1), a.top, b.bottom, a.color)
    return _merge_pairs(bars, join)


def _merge_pairs(bars: list[Bar], join, reach: float = 1.0) -> list[Bar]:
    """`bars` with every pair that join(a, b) turns into one bar replaced by it, repeatedly,
    until no pair joins (in x, then top order, as the callers' rules expect). Every rule asks
    the two to overlap or touch in x (within `reach`), so pairs further apart are not tried:
    the dashes of dashed gridlines make thousands of pieces. A merged bar is tried again at
    once rather than from the first bar on."""
    out = sorted(bars, key=lambda b: (b.x0, b.top))
    x0 = np.array([b.x0 for b in out], float)
    x1 = np.array([b.x1 for b in out], float)
    changed = True
    while changed:
        changed = False
        i = 0
        while i < len(out):
            a = out[i]
            near = np.flatnonzero((x0 <= a.x1 + reach) & (x1 >= a.x0 - reach))
            for j in near:
                merged = None if j == i else join(a, out[j])
                if merged is None:
                    continue
                out[i] = merged
                x0[i], x1[i] = merged.x0, merged.x1
                del out[j]
                x0, x1 = np.delete(x0, j), np.delete(x1, j)
                i -= j < i
                changed = True
                break
            else:
                i += 1
    return out


def _baseline(roots: list[Bar], areas: list[float], tol: float) -> float:
    """The bottom row shared by the most bar area, each root counting for its stack's (text
    blobs and legend swatches share rows too, but are small; an outline across the bars' foot
    is a thin root under long bars)."""
    bottoms = np.array([b.bottom for b in roots])
    areas = np.asarray(areas, float)
    best, base = -1.0, None
    for r in bottoms:
        near = np.abs(bottoms - r) <= tol
        k = float(areas[near].sum())
        if k > best:
            best, base = k, float(np.median(bottoms[near]))
    return base


def join_aligned_columns(bars: list[Bar], tol: float = 1.0, delta: float = 14.0) -> list[Bar]:
    """Side-by-side pieces of one colour with the same top and bottom are one bar. A stacked
    bar is cut into columns where a label printed inside it leaves fewer pixels of one segment
    in a column than of another (the column's median colour flips); its segments then line up
    again across the cut."""
    def join(a: Bar, b: Bar) -> Bar | None:
        if b.x0 != a.x1 or abs(b.top - a.top) > tol or abs(b.bottom - a.bottom) > tol:
            return None
        if not _same_color(a.color, b.color, delta):
            return None
        return Bar(a.x0, b.x1, min(a.top, b.top), max(a.bottom, b.bottom),
                   a.color if a.width >= b.width else b.color)
    return _merge_pairs(bars, join, tol)


def join_behind(bars: list[Bar], tol: float = 1.0, delta: float = 14.0) -> list[Bar]:
    """A bar drawn behind another that is shifted sideways shows as two pieces of its colour:
    its full width down to the front bar's end, and a strip beside the front bar down to the
    baseline. Side by side, of one colour, with the same top, the narrower reaching further
    down: they are one bar, ending where the strip ends."""
    def join(a: Bar, b: Bar) -> Bar | None:
        if abs(b.x0 - a.x1) > tol or abs(b.top - a.top) > tol or abs(b.bottom - a.bottom) <= tol:
            return None
        strip, rest = (a, b) if a.bottom > b.bottom else (b, a)
        if strip.width >= rest.width or not _same_color(a.color, b.color, delta):
            return None
        return Bar(a.x0, b.x1, min(a.top, b.top), strip.bottom, rest.color)
    return _merge_pairs(bars, join, tol)


def stacks_on_baseline(bars: list[Bar], tol: float, min_len: float) -> tuple[list[list[Bar]], float | None]:
    """Bars grouped into stacks (pieces in the same columns, each touching the one below)
    standing on a common baseline: the row most stacks end on. Returns (stacks bottom-up,
    baseline row); pieces that stand on nothing (legend swatches, stray blobs) are left out."""
    if not bars:
        return [], None
    bars = sorted(bars, key=lambda b: -b.bottom)
    below: dict[int, int] = {}
    for i, b in enumerate(bars):
        for j, c in enumerate(bars):
            if j == i or c.top < b.bottom - tol:
                continue
            ov = min(b.x1, c.x1) - max(b.x0, c.x0)
            if ov >= 0.6 * min(b.width, c.width) and c.top - b.bottom <= tol + 1:
                if i not in below or c.top < bars[below[i]].top:
                    below[i] = j
    above: dict[int, list[int]] = {}
    for j, k in below.items():
        above.setdefault(k, []).append(j)

    def chain_of(i: int) -> list[Bar]:
        chain, cur = [bars[i]], i
        while above.get(cur):
            cur = min(above[cur], key=lambda j: -bars[j].bottom)
            chain.append(bars[cur])
        return chain
    roots = [i for i in range(len(bars)) if i not in below]
    # (Only pieces about as wide as the root count for it: a glyph of a category label just
    # under a bar is a root too, and the bar over it is no stack of its: bar seed-44 bar013.)
    base = _baseline([bars[i] for i in roots],
                     [sum(c.width * (c.length + 1) for c in chain_of(i)
                          if 0.6 * bars[i].width <= c.width <= bars[i].width / 0.6) for i in roots], tol)
    # What lies under the baseline is no segment of a stack (the axis line and a category tick
    # mark fused into a piece right under a bar): a bar standing on the baseline is a root.
    for i in [i for i, j in below.items() if abs(bars[i].bottom - base) <= tol and bars[j].top >= base - tol]:
        above[below.pop(i)].remove(i)
    roots = [i for i in range(len(bars)) if i not in below]
    stacks = [chain_of(i) for i in roots if abs(bars[i].bottom - base) <= tol]
    long = [s for s in stacks if sum(c.length for c in s) + len(s) >= min_len]
    # A short bar (a tenth of its neighbours) is as wide as they are; a blob of the same
    # height (a value label blurred solid, a tick on the baseline) is not.
    med = float(np.median([s[0].width for s in long])) if long else None
    stacks = [s for s in stacks if s in long or (
        med is not None and sum(c.length for c in s) + len(s) >= min(3.0, 0.2 * min_len)
        and abs(s[0].width - med) <= 0.1 * med + 1)]
    for s in stacks:
        for lvl, c in enumerate(s):
            c.level = lvl
    stacks.sort(key=lambda s: s[0].cx)
    for k, s in enumerate(stacks):
        for c in s:
            c.stack = k
    return stacks, base


def refine_end(rgb: np.ndarray, bar: Bar) -> float:
    """The far end of a bar to a fraction of a pixel: the partly covered rows at the edge count
    for their coverage (anti-aliasing), measured on the middle columns between the bar's fill
    and what lies beyond it (the panel, or the next segment of a stack)."""
    h = rgb.shape[0]
    m0, m1 = bar.x0 + bar.width // 4, bar.x0 + max(bar.width // 4 + 1, 3 * bar.width // 4)
    top = int(round(bar.top))
    if top < 4 or top + 4 > h:
        return bar.top
    mid = rgb[:, m0:m1].astype(np.float32)
    fill = np.median(mid[top + 1:top + 4].reshape(-1, 3), axis=0)
    beyond = np.median(mid[top - 4:top - 2].reshape(-1, 3), axis=0)
    d = fill - beyond
    dd = float(d @ d)
    if dd < 400:
        return bar.top

    def cover(r):
        return float(np.clip(np.median((mid[r] - beyond) @ d) / dd, 0.0, 1.0))
    # Continuous edge (pixel boundaries at integers) -> pixel-centre coordinates as ticks use.
    edge = top + 1 - cover(top) - cover(top - 1)
    return float(edge - 0.5)


def drop_narrow_stacks(stacks: list[list[Bar]], share: float = 0.5) -> tuple[list[list[Bar]], list[Bar]]:
    """Stacks much narrower than the chart's bars: a blob of blurred text standing on the
    baseline row (a title turned with a horizontal chart) is no bar. The chart's bar width is
    the area-weighted median, so a few such blobs do not set it. Returns the kept stacks
    (renumbered) and the pieces of the dropped ones."""
    if len(stacks) < 2:
        return stacks, []
    widths = np.array([s[0].width for s in stacks], float)
    areas = np.array([sum(c.width * (c.length + 1) for c in s) for s in stacks], float)
    order = np.argsort(widths)
    cum = np.cumsum(areas[order])
    ref = float(widths[order][np.searchsorted(cum, cum[-1] / 2.0)])
    keep = [s for s, w in zip(stacks, widths) if w >= share * ref]
    dropped = [c for s, w in zip(stacks, widths) if w < share * ref for c in s]
    for k, s in enumerate(keep):
        for c in s:
            c.stack = k
    for c in dropped:
        c.stack, c.level = -1, 0
    return keep, dropped
