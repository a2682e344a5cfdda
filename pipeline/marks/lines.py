"""Series drawn only as lines: each line colour traced column by column, then reduced to the
vertices of the polyline it draws.

Used when a chart has no markers. Gridlines and frames are removed first (straight rules), and
filled shapes (bars, legend patches) are left out: a line is ink no deeper than its stroke.
"""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from ..imageops import group_runs, ink_depth, remove_rules, saturation
from .markers import Blob, colour_parts
from .series import lab_bins, to_lab

MIN_COVER = 0.08        # a line spans at least this share of the plot's width
GAP_SHARE = 0.04        # gaps up to this share of the width are dashes of one line, not two lines


@dataclass
class Trace:
    color: tuple[int, int, int]
    vertices: list[tuple[float, float]]     # pixel (x, y), left to right
    columns: int                            # plot columns the line was seen in


def line_ink(ink: np.ndarray, grey: np.ndarray, halfwidth: float, min_rule: int, rgb: np.ndarray | None = None,
             background=(255, 255, 255), rules_in: np.ndarray | None = None) -> np.ndarray:
    """Ink that can belong to a drawn line: rules (gridlines, frames) and filled shapes removed.
    Only grey rules go: gridlines and frames are grey or black, while a coloured flat run is a
    series holding a level. Rules are found in `rules_in` (default `ink`): ink with the text
    still in, as a frame runs on under a title whose box is masked out of `ink`."""
    page = ink if rules_in is None else rules_in
    rules = page & grey & ~remove_rules(page & grey, min_rule)
    rules |= page & grey & dashed_rules(page & grey, min_rule)
    thin = ink & ~rules
    n, lab, stats, _ = cv2.connectedComponentsWithStats(thin.astype(np.uint8), connectivity=8)
    depth = ink_depth(thin)
    deepest = np.zeros(n)
    np.maximum.at(deepest, lab.ravel(), depth.ravel())
    # A filled shape is much deeper than a stroke; a line, however long, never is. Lines of
    # several colours bundled together are as deep, but no one colour of them is.
    limit = 2.5 * max(halfwidth, 1.0) + 1.5
    keep = deepest <= limit
    keep[0] = False
    for k in np.flatnonzero(deepest > limit):
        if k == 0 or rgb is None:
            continue
        x, y, w, h = stats[k, :4]
        comp = lab[y:y + h, x:x + w] == k
        keep[k] = _deepest_colour(rgb[y:y + h, x:x + w], comp, background) <= limit
    return keep[lab]


def dashed_rules(mask: np.ndarray, min_len: int, gap: int = 8) -> np.ndarray:
    """Pixels of `mask` on dashed or dotted horizontal and vertical rules (gridlines drawn '--'
    or ':'): runs of at least `min_len` px once gaps of up to `gap` px are bridged (a dotted
    gridline's pale dots fall under the ink threshold, leaving gaps of several px). A series
    line holding a level is coloured; a grey one this long and straight is a gridline."""
    m = mask.astype(np.uint8)
    out = np.zeros(mask.shape, bool)
    n = max(3, int(min_len))
    for k_close, k_open in (((gap + 1, 1), (n, 1)), ((1, gap + 1), (1, n))):
        pad = max(k_open)
        mm = np.pad(m, pad)
        closed = cv2.morphologyEx(mm, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_RECT, k_close))
        opened = cv2.morphologyEx(closed, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, k_open))
        out |= opened[pad:-pad, pad:-pad].astype(bool)
    return out & mask


def _deepest_colour(px: np.ndarray, mask: np.ndarray, background) -> float:
    """The greatest ink depth of any one colour of `mask` (see colour_parts)."""
    return max((float(ink_depth(np.pad(part, 1)).max()) for part in colour_parts(px, mask, background)),
               default=0.0)


def color_clusters(rgb: np.ndarray, mask: np.ndarray, max_delta: float, min_pixels: int,
                   background) -> list[np.ndarray]:
    """Masks of the main colours of `mask`'s pixels, biggest first: greedily, the most common
    colour and every pixel within `max_delta` (CIE76) of it, until what is left is small.
    A colour that is a blend of a colour already taken and the background is the anti-aliased
    rim of that line, not a line of its own."""
    ys, xs = np.nonzero(mask)
    if len(ys) < min_pixels:
        return []
    colors = rgb[ys, xs].astype(float)
    lab = to_lab(rgb[ys, xs])
    bg = np.asarray(background, float)
    left = np.ones(len(ys), bool)
    out, taken = [], []
    while left.sum() >= min_pixels:
        centres, counts = lab_bins(lab[left])
        centre = centres[np.argmax(counts)]
        near = left & (np.linalg.norm(lab - centre, axis=1) <= max_delta)
        if near.sum() < min_pixels:
            break
        left &= ~near
        m = np.zeros(mask.shape, bool)
        m[ys[near], xs[near]] = True
        out.append(m)
        taken.append(np.median(colors[near], axis=0))
    # Anti-aliasing mixes a line's colour with the background linearly in RGB: a cluster lying
    # between the background and a stronger cluster is that line's rim, however many pixels
    # it holds (a thin line has more rim than core).
    strength = [float(np.abs(c - bg).max()) for c in taken]
    size = [int(m.sum()) for m in out]
    # JPEG keeps colour at half resolution, so a rim's hue drifts off that line (a blue line's
    # rim comes out bluer than the blend): a colour that hugs a stronger one all along its
    # length is that line's rim on a looser tolerance.
    near = [cv2.dilate(m.astype(np.uint8), np.ones((5, 5), np.uint8)).astype(bool) for m in out]
    hugs = [{j for j in range(len(out)) if j != i and (out[i] & near[j]).sum() >= 0.9 * size[i]}
            for i in range(len(out))]
    # Where two lines overlap or run side by side, their colours blend too: a colour between
    # two others, with fewer pixels than either, is where they meet.
    return [m for i, m in enumerate(out)
            if not any(strength[j] > strength[i] and _is_blend(taken[i], taken[j], bg, 40.0 if j in hugs[i] else 20.0)
                       for j in range(len(out)) if j != i)
            and not any(size[j] > size[i] and size[k] > size[i] and _is_blend(taken[i], taken[j], taken[k], 20.0)
                        for j in range(len(out)) for k in range(j + 1, len(out)) if i not in (j, k))]


def _is_blend(color: np.ndarray, line: np.ndarray, bg: np.ndarray, tol: float) -> bool:
    """`color` lies between `line` and `bg` (the background, or another line; RGB), within `tol`."""
    d = line - bg
    t = float(np.dot(color - bg, d) / max(np.dot(d, d), 1e-9))
    return 0.05 < t < 0.95 and float(np.linalg.norm(bg + t * d - color)) <= tol


def trace_columns(mask: np.ndarray, x0: int, x1: int) -> tuple[np.ndarray, np.ndarray]:
    """Per column, the centre of the line's pixels there (the run nearest the previous column's
    centre when a column holds several); columns without ink are skipped."""
    xs, ys, prev = [], [], None
    for x in range(x0, x1):
        rows = np.nonzero(mask[:, x])[0]
        if len(rows) == 0:
            continue
        runs = group_runs(rows, gap=2)
        if prev is None:
            a, b = max(runs, key=lambda r: r[1] - r[0])
        else:
            a, b = min(runs, key=lambda r: abs((r[0] + r[1]) / 2.0 - prev))
        y = (a + b) / 2.0
        xs.append(x)
        ys.append(y)
        prev = y
    return np.asarray(xs, float), np.asarray(ys, float)


def trace_tracks(mask: np.ndarray, x0: int, x1: int, max_gap: int, max_jump: float) -> list[tuple[np.ndarray, np.ndarray]]:
    """Every line of one colour, column by column: (xs, ys) per line. Two lines of one colour
    (a solid and a dashed one) hold two runs in a column: each run goes on the line whose
    course (its last centre, carried on at its slope) it is nearest, nearest pairs first; a run
    no line takes starts a line. A line that meets no run for more than `max_gap` columns
    ends; after a gap it takes a run only within `max_jump` px of its course (a line in the
    next column takes any: a step). Where two lines of a colour meet they share one run, each
    keeping to its course inside it."""
    done, live = [], []          # a line: [xs, ys, last run (a, b)]
    for x in range(x0, x1):
        rows = np.nonzero(mask[:, x])[0]
        live_now = []
        for t in live:
            (done if x - t[0][-1] > max_gap else live_now).append(t)
        live = live_now
        if len(rows) == 0:
            continue
        runs = group_runs(rows, gap=2)
        course = [_course(t, x) for t in live]
        pairs = sorted(((abs((a + b) / 2.0 - c), i, j) for i, c in enumerate(course)
                        for j, (a, b) in enumerate(runs)))
        took, got = set(), {}
        for d, i, j in pairs:
            if i in got or j in took:
                continue
            t = live[i]
            a, b = runs[j]
            pa, pb = t[2]
            touching = x - t[0][-1] == 1 and a <= pb + 2 and b >= pa - 2
            if not touching and d > max_jump:
                continue
            got[i] = j
            took.add(j)
        for i, c in enumerate(course):
            if i in got:
                continue
            inside = [j for j, (a, b) in enumerate(runs) if a - 1 <= c <= b + 1]
            if inside:
                a, b = runs[inside[0]]
                live[i][0].append(x)
                live[i][1].append(float(np.clip(c, a, b)))
                live[i][2] = (a, b)
        for i, j in got.items():
            a, b = runs[j]
            live[i][0].append(x)
            live[i][1].append((a + b) / 2.0)
            live[i][2] = (a, b)
        for j, (a, b) in enumerate(runs):
            if j not in took:
                live.append([[x], [(a + b) / 2.0], (a, b)])
    return _joined([(np.asarray(t[0], float), np.asarray(t[1], float)) for t in done + live])


_SHORT_PIECE = 12    # columns: a piece of line under this is a crumb or a swatch as likely


def _joined(tracks: list[tuple[np.ndarray, np.ndarray]]) -> list[tuple[np.ndarray, np.ndarray]]:
    """Lines of one colour that never share a column are one line cut by a long gap (a word
    or a legend box over it): each is joined to the line ending before it starts nearest its
    first centre. Only lines seen in the same columns are two lines. A piece a few columns
    wide far off the course the line ran on (a legend's marker above the gap a label's box cut
    in the line) stays apart."""
    chains: list[list] = []
    for xs, ys in sorted(tracks, key=lambda t: t[0][0]):
        before = [c for c in chains if c[0][-1] < xs[0]]
        c = min(before, key=lambda c: abs(c[1][-1] - ys[0])) if before else None
        if c is not None and (len(xs) >= _SHORT_PIECE or _on_course(c, xs[0], ys[0])):
            c[0] = np.r_[c[0], xs]
            c[1] = np.r_[c[1], ys]
        else:
            chains.append([xs, ys])
    return [(c[0], c[1]) for c in chains]


def _on_course(chain, x: float, y: float) -> bool:
    """Whether (x, y) lies near where `chain` (xs, ys) would run on to at its last slope: within
    10 px, plus half the rise (a steep line's course is unsure), plus a pixel per column of the
    gap."""
    xs, ys = chain
    k = max(0, len(xs) - 6)
    slope = (ys[-1] - ys[k]) / (xs[-1] - xs[k]) if xs[-1] != xs[k] else 0.0
    rise = slope * (x - xs[-1])
    return abs(y - (ys[-1] + rise)) <= 10.0 + 0.5 * abs(rise) + (x - xs[-1])


def _course(t, x: int, reach: int = 6) -> float:
    """Where line `t` would be at column `x`: its last centre carried on at the slope of its
    last few columns."""
    xs, ys = t[0], t[1]
    k = max(0, len(xs) - reach)
    if len(xs) < 2 or xs[-1] == xs[k]:
        return ys[-1]
    slope = (ys[-1] - ys[k]) / (xs[-1] - xs[k])
    return ys[-1] + float(np.clip(slope, -3.0, 3.0)) * (x - xs[-1])


def vertices(xs: np.ndarray, ys: np.ndarray, tolerance: float, max_gap: int) -> list[tuple[float, float]]:
    """The polyline's corners: Douglas-Peucker on each stretch without a long gap."""
    out: list[tuple[float, float]] = []
    if len(xs) == 0:
        return out
    breaks = np.nonzero(np.diff(xs) > max_gap)[0]
    starts = np.r_[0, breaks + 1]
    ends = np.r_[breaks + 1, len(xs)]
    for a, b in zip(starts, ends):
        pts = np.stack([xs[a:b], ys[a:b]], axis=1).astype(np.float32).reshape(-1, 1, 2)
        simple = cv2.approxPolyDP(pts, float(tolerance), False).reshape(-1, 2)
        out.extend((float(x), float(y)) for x, y in simple)
    return out


def without_swatches(mask: np.ndarray, text_boxes, text_h: float, rgb: np.ndarray | None = None) -> np.ndarray:
    """`mask` minus legend swatches: short flat strokes ending just left of a word, and the
    dashes of a dashed swatch leading up to one. With `rgb`, a chain of such strokes that ink
    of its colour leads into from the left is a line's last stretch and end marker before a
    point label ('1 req'), and stays."""
    n, lab, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8), connectivity=8)
    flat = [k for k in range(1, n) if stats[k, 2] <= 6 * text_h and (
        stats[k, 3] <= 0.6 * text_h or _marked_stroke(lab, stats, k, text_h))]
    # From each word, and then from each stroke taken, the strokes ending just left of it at
    # its rows are taken (vectorised: a dashed gridline makes thousands of flat strokes). A
    # stroke's chain is that of the stroke next to the word it was reached from.
    fl = np.array(flat, np.int64)
    fx0 = stats[fl, 0].astype(float) if len(fl) else np.zeros(0)
    fright = fx0 + (stats[fl, 2] if len(fl) else 0)
    fcy = (stats[fl, 1] + stats[fl, 3] / 2.0) if len(fl) else np.zeros(0)
    taken = np.zeros(len(fl), bool)
    queue = [(float(bx0), float(by0), float(by1), -1) for bx0, by0, _, by1 in text_boxes]
    chain_of: dict = {}       # a dropped stroke -> the stroke next to the word that began its chain
    i = 0
    while i < len(queue) and len(fl):
        tx0, ty0, ty1, root = queue[i]
        i += 1
        gap = tx0 - fright
        for j in np.flatnonzero(~taken & (gap >= 0) & (gap <= 1.5 * text_h) & (fcy >= ty0 - 2) & (fcy <= ty1 + 2)):
            taken[j] = True
            k = int(fl[j])
            chain_of[k] = k if root < 0 else root
            y, h = int(stats[k, 1]), int(stats[k, 3])
            queue.append((fx0[j], y - 2.0, y + h + 2.0, chain_of[k]))
    if rgb is not None:
        kept = set()
        for root in set(chain_of.values()):
            chain = [k for k, r in chain_of.items() if r == root]
            first = min(chain, key=lambda k: stats[k, 0])
            if _led_into(first, chain, lab, stats, rgb, text_h):
                kept.update(chain)
        chain_of = {k: r for k, r in chain_of.items() if k not in kept}
    out = mask.copy()
    if chain_of:
        out[np.isin(lab, list(chain_of))] = False
    return out


def _marked_stroke(lab: np.ndarray, stats: np.ndarray, k: int, text_h: float) -> bool:
    """Component k is a stroke with a marker on it ('-▲-', a line-and-marker swatch): long for
    its height, no taller than a text line and a half, and a stroke's width at both ends."""
    x, y, w, h = stats[k, :4]
    if not (h <= 1.5 * text_h and w >= 1.8 * h):
        return False
    comp = lab[y:y + h, x:x + w] == k
    return all(int(comp[:, cols].any(axis=1).sum()) <= 0.6 * text_h for cols in (slice(0, 2), slice(w - 2, w)))


def _led_into(k: int, chain, lab: np.ndarray, stats: np.ndarray, rgb: np.ndarray, text_h: float) -> bool:
    """Ink outside `chain`, of the colour of its stroke `k`, ends within a text height left of
    `k` at its rows (a legend's frame beside its swatch is grey)."""
    x, y, w, h = stats[k, :4]
    win = lab[max(0, y - 2):y + h + 2, max(0, int(x - 1.5 * text_h)):x]
    others = [j for j in np.unique(win) if j != 0 and j not in chain]
    if not others:
        return False
    def color(j):
        jx, jy, jw, jh = stats[j, :4]
        win = (slice(jy, jy + jh), slice(jx, jx + jw))
        return to_lab([np.median(rgb[win][lab[win] == j], axis=0)])[0]
    own = color(k)
    return any(float(np.linalg.norm(color(j) - own)) < 25.0 for j in others)


def trace_lines(rgb: np.ndarray, ink: np.ndarray, box: tuple[int, int, int, int], halfwidth: float,
                max_delta: float, background, text_boxes=(), text_h: float = 10.0,
                rules_in: np.ndarray | None = None) -> list[Trace]:
    """The lines drawn inside `box` (x0, y0, x1, y1), one trace per line (see trace_tracks).
    `rules_in`: see line_ink."""
    x0, y0, x1, y1 = box
    width = max(1, x1 - x0)
    inside = np.zeros(ink.shape, bool)
    inside[y0:y1, x0:x1] = ink[y0:y1, x0:x1]
    inside = without_swatches(inside, text_boxes, text_h, rgb)
    grey = saturation(rgb) < 60
    page = None
    if rules_in is not None:
        page = np.zeros(ink.shape, bool)
        page[y0:y1, x0:x1] = rules_in[y0:y1, x0:x1]
    candidates = line_ink(inside, grey, halfwidth, min_rule=max(20, int(0.25 * width)), rgb=rgb,
                          background=background, rules_in=page)
    min_pixels = int(MIN_COVER * width)
    traces = []
    max_gap = int(GAP_SHARE * width) + 1
    for m in color_clusters(rgb, candidates, max_delta, min_pixels, background):
        color = tuple(int(c) for c in np.median(rgb[m], axis=0))
        for xs, ys in trace_tracks(m, x0, x1, max_gap, max_jump=4 * max(halfwidth, 1.0) + 4):
            if len(xs) < min_pixels:
                continue
            # A corner must stand out of the stroke's own wobble (anti-aliasing, dash ends).
            verts = vertices(xs, ys, tolerance=max(halfwidth, 1.0) + 0.5, max_gap=max_gap)
            traces.append(Trace(color, verts, len(xs)))
    return traces


def glyphs_before(ink: np.ndarray, box, text_h: float) -> int:
    """Where the text of word `box` (x0, y0, x1, y1) starts once glyphs OCR left unread just
    before it are counted ('no' of 'no chunking', read 'chunking'): letters at least four
    tenths of a text height tall, each at most eight tenths of one from the next. A flat stroke
    (a legend's key) is no letter and stops the walk."""
    x0, y0, x1, y1 = (int(v) for v in box)
    left = max(0, int(x0 - 6 * text_h))
    band = ink[max(0, y0):y1, left:x0].astype(np.uint8)
    if band.size == 0:
        return x0
    n, _lab, stats, _ = cv2.connectedComponentsWithStats(band, connectivity=8)
    tall = sorted((stats[k] for k in range(1, n) if stats[k, 3] >= 0.4 * text_h and stats[k, 2] <= 1.5 * text_h),
                  key=lambda st: -(st[0] + st[2]))
    start = x0
    for x, _y, w, _h, _a in tall:
        if 0 <= start - (left + x + w) <= 0.8 * text_h:
            start = left + x
    return start


def line_swatches(rgb: np.ndarray, ink: np.ndarray, colors, halfwidth: float, max_delta: float,
                  text_boxes, text_h: float) -> list[Blob]:
    """Legend swatches of lines drawn without markers, anywhere on the page: a short flat stroke
    of a line's colour (a dashed one's dashes joined), or a dot or square of it, ending just
    left of a word, level with it. Each is a Blob (shape 'line' for a stroke, 'square' for a
    patch) so that the legend can pair it with its text like a marker."""
    ys, xs = np.nonzero(ink)
    if len(ys) == 0 or not colors:
        return []
    # (the word's own start too: a square key is as tall as a letter, and would pass for one)
    starts = [(x0, b[1], b[3]) for b in text_boxes for x0 in {b[0], glyphs_before(ink, b, text_h)}]
    # gnuplot's key prints the name first, its sample after it.
    ends = [(b[2], b[1], b[3]) for b in text_boxes]
    lab = to_lab(rgb[ys, xs])
    # Dashes and dots of a swatch are a few line widths apart.
    join = cv2.getStructuringElement(cv2.MORPH_RECT, (int(4 * max(halfwidth, 1.0)) + 3, 1))
    out = []
    for color in colors:
        near = np.linalg.norm(lab - to_lab([color])[0], axis=1) <= max_delta
        m = np.zeros(ink.shape, np.uint8)
        m[ys[near], xs[near]] = 1
        m = cv2.morphologyEx(m, cv2.MORPH_CLOSE, join)
        n, labels, stats, _ = cv2.connectedComponentsWithStats(m, connectivity=8)
        for k in range(1, n):
            x, y, w, h, area = stats[k]
            thin = max(0.6 * text_h, 2 * halfwidth + 3)
            # (A sample carrying its mark, a cross, on its middle: the stroke is the rows it
            # runs across.)
            across = np.flatnonzero(m[y:y + h, x:x + w].mean(axis=1) >= 0.6)
            stroke = text_h <= w <= 6 * text_h and (h <= thin or (
                across.size and across[-1] - across[0] + 1 <= thin and h <= 1.5 * text_h))
            # Some renderers key a line with a dot or a square of its colour instead.
            patch = 0.35 * text_h <= min(w, h) and max(w, h) <= 2.0 * text_h and max(w, h) <= 1.5 * min(w, h) \
                and area >= 0.5 * w * h
            if not (stroke or patch):
                continue
            cy = y + h / 2.0
            if not any(0 <= bx0 - (x + w) <= 1.5 * text_h and by0 - 2 <= cy <= by1 + 2 for bx0, by0, by1 in starts) \
                    and not (stroke and any(0 <= x - bx1 <= 1.5 * text_h and by0 - 2 <= cy <= by1 + 2
                                            for bx1, by0, by1 in ends)):
                continue
            # Anti-aliased feet of a line of text join into flat strokes too, inside its words.
            # (A word no wider than the stroke is the stroke read as text: '—i—' for '—▲—'.)
            if any(x < bx1 and bx0 < x + w and y < by1 and by0 < y + h and not (x - 2 <= bx0 and bx1 <= x + w + 2)
                   for bx0, by0, bx1, by1 in text_boxes):
                continue
            out.append(Blob(x + w / 2.0, cy, int(area), (int(x), int(y), int(x + w), int(y + h)),
                            tuple(int(c) for c in color), "line" if stroke else "square"))
    return out
