"""Attaching point labels (batch sizes, request counts) to the markers they name.

Labels sit at a consistent offset from their markers within a series (matplotlib's xytext,
plotly's textposition), so after a first nearest-first assignment the typical offset is learnt
and the assignment is redone against it: this is what keeps close labels on the right points.
"""
from __future__ import annotations

import numpy as np

from .ocr import Word


def _box_distance(px: float, py: float, w: Word) -> float:
    dx = max(w.x0 - px, 0.0, px - w.x1)
    dy = max(w.y0 - py, 0.0, py - w.y1)
    return float(np.hypot(dx, dy))


def _pair_cost(px: float, py: float, w: Word, text_h: float) -> float:
    """How far label `w` is from a marker, in text heights. Labels are printed beside their
    markers, never over them: a marker inside a label's box (a tight run where the next marker
    sits under this label) costs more the deeper it lies, instead of nothing."""
    d = _box_distance(px, py, w)
    if d > 0:
        return d / text_h
    depth = min(px - w.x0, w.x1 - px, py - w.y0, w.y1 - py)
    return 1.0 + max(0.0, depth) / text_h


# A label that is not where its series' labels sit (the renderer moved it aside to avoid a
# neighbour or the frame) may still go to its nearest marker, at this extra cost.
_ASIDE = 1.0


def _anchors(w: Word) -> tuple[float, float, float]:
    """Where a label can be anchored horizontally: left edge (printed right of its marker),
    centre (above or below) or right edge (left of it)."""
    return (w.x0, w.cx, w.x1)


def series_layout(pairs, text_h: float):
    """The placement most labels of one series share, from (marker (x, y), label word) pairs:
    (anchor, dx, dy, inliers), anchor 0/1/2 = left edge / centre / right edge of the label,
    (dx, dy) from the marker to that anchor and the label's vertical centre. A placement that
    puts the label over its marker is never one. None when no two labels agree."""
    if len(pairs) < 2:
        return None
    tol = 0.6 * text_h
    mx = np.array([m[0] for m, _ in pairs], float)
    my = np.array([m[1] for m, _ in pairs], float)
    ax = np.array([_anchors(w) for _, w in pairs], float)
    cy = np.array([w.cy for _, w in pairs], float)
    covers = np.array([w.x0 <= m[0] <= w.x1 and w.y0 <= m[1] <= w.y1 for m, w in pairs])
    best = None
    for a in (1, 0, 2):
        dx = ax[:, a] - mx
        dy = cy - my
        for k in range(len(pairs)):
            if covers[k]:
                continue
            ok = (np.abs(dx - dx[k]) <= tol) & (np.abs(dy - dy[k]) <= tol) & ~covers
            n = int(ok.sum())
            if best is None or n > best[0] or (n == best[0] and np.hypot(dx[k], dy[k]) < best[4]):
                best = (n, a, ok, k, float(np.hypot(dx[k], dy[k])))
    if best is None or best[0] < 2:
        return None
    n, a, ok, _, _ = best
    return a, float(np.median((ax[:, a] - mx)[ok])), float(np.median((cy - my)[ok])), n


def assign_labels(markers: list[tuple[float, float, int]], labels: list[Word], text_h: float,
                  label_series: list[int | None] | None = None, max_dist: float = 4.0) -> dict[int, int]:
    """markers: (x, y, series index); labels: OCR words that parse as point labels.

    `label_series[j]` is the series whose colour label j is printed in, when known.
    Returns {marker index: label index}.
    """
    if not markers or not labels:
        return {}
    label_series = label_series or [None] * len(labels)
    big = 1e6

    def colour_penalty(i, j):
        s = label_series[j]
        return 0.0 if s is None or s == markers[i][2] else 3.0

    cost = np.full((len(markers), len(labels)), big)
    for i, (mx, my, _) in enumerate(markers):
        for j, w in enumerate(labels):
            d = _pair_cost(mx, my, w, text_h) + colour_penalty(i, j)
            if d <= max_dist:
                cost[i, j] = d
    first = _solve(cost, big)
    if len(first) < 2:
        return first
    # Learn each series' label placement from the labels near its markers (the one most of
    # them agree on, not the first pass's pairs, which a tight run shifts by one marker) and
    # reassign against it.
    layouts = {}
    for s in {m[2] for m in markers}:
        near = [(markers[i][:2], labels[j]) for i in range(len(markers)) if markers[i][2] == s
                for j in range(len(labels)) if cost[i, j] <= 2.5]
        lay = series_layout(near, text_h)
        if lay is None:
            d = [((markers[i][0], markers[i][1]), labels[j]) for i, j in first.items() if markers[i][2] == s]
            if len(d) >= 2:
                lay = (1, float(np.median([w.cx - m[0] for m, w in d])),
                       float(np.median([w.cy - m[1] for m, w in d])), len(d))
        if lay is not None:
            layouts[s] = lay
    if not layouts:
        return first
    fallback = max(layouts.values(), key=lambda v: v[3])
    cost2 = np.full_like(cost, big)
    for i, (mx, my, s) in enumerate(markers):
        a, ox, oy, _ = layouts.get(s, fallback)
        for j, w in enumerate(labels):
            if cost[i, j] >= big:
                continue
            d = np.hypot(_anchors(w)[a] - (mx + ox), w.cy - (my + oy)) / text_h + colour_penalty(i, j)
            d = min(d, cost[i, j] + _ASIDE)
            if d <= max_dist + _ASIDE:
                cost2[i, j] = d
    return _solve(cost2, big)


def _solve(cost: np.ndarray, big: float) -> dict[int, int]:
    rows, cols = min_cost_assignment(cost)
    return {int(i): int(j) for i, j in zip(rows, cols) if cost[i, j] < big}


def min_cost_assignment(cost: np.ndarray) -> tuple[list[int], list[int]]:
    """Hungarian algorithm (shortest augmenting paths) on a rectangular matrix.

    Written here because importing scipy.optimize for its linear_sum_assignment takes over a
    second, most of the time budget of a whole chart; the matrices here are at most a few
    hundred cells a side. Returns matched (rows, cols) like scipy's function.
    """
    c = np.asarray(cost, float)
    transposed = c.shape[0] > c.shape[1]
    if transposed:
        c = c.T
    n, m = c.shape
    if n == 0:
        return [], []
    u, v = np.zeros(n + 1), np.zeros(m + 1)
    p = np.zeros(m + 1, int)     # p[j]: row (1-based) matched to column j
    way = np.zeros(m + 1, int)
    for i in range(1, n + 1):
        p[0] = i
        j0 = 0
        minv = np.full(m + 1, np.inf)
        used = np.zeros(m + 1, bool)
        while True:
            used[j0] = True
            i0 = p[j0]
            cur = c[i0 - 1] - u[i0] - v[1:]
            free = ~used[1:]
            better = free & (cur < minv[1:])
            minv[1:][better] = cur[better]
            way[1:][better] = j0
            cand = np.where(free, minv[1:], np.inf)
            j1 = int(np.argmin(cand)) + 1
            delta = cand[j1 - 1]
            u[p[used]] += delta
            v[used] -= delta
            minv[1:][free] -= delta
            j0 = j1
            if p[j0] == 0:
                break
        while j0:
            j1 = way[j0]
            p[j0] = p[j1]
            j0 = j1
    pairs = sorted((p[j] - 1, j - 1) for j in range(1, m + 1) if p[j] > 0)
    rows = [r for r, _ in pairs]
    cols = [col for _, col in pairs]
    if transposed:
        pairs = sorted(zip(cols, rows))
        rows, cols = [r for r, _ in pairs], [col for _, col in pairs]
    return rows, cols


def order_swaps(items, text_h: float) -> list[tuple[int, int]]:
    """Labels of two neighbouring markers given to each other, from one series' labelled points
    `items` = [(x, y, value, word)]: pairs of indices into `items` whose labels should trade.

    A sweep's labels (batch sizes, request counts) run in order along the series; where the
    renderer moved two close labels apart (one above-right of the next marker, one below-left),
    the nearest-first assignment can cross them, which breaks that order at one step. They trade
    only where trading puts the values around them back in order and the traded labels are
    about as near their new markers as they were to their old ones: a misread ('6' for '16')
    breaks the order too, but its label sits by its own marker, far from the next one."""
    if len(items) < 4:
        return []
    order = sorted(range(len(items)), key=lambda k: items[k][0])
    v = [items[k][2] for k in order]
    steps = np.sign(np.diff(v))
    direction = np.sign(steps.sum())
    if direction == 0 or (steps == 0).any():
        return []
    out, k = [], 0
    while k < len(v) - 1:
        if steps[k] != direction:
            window = v[max(0, k - 1):k] + [v[k + 1], v[k]] + v[k + 2:k + 3]
            ordered = bool((np.sign(np.diff(window)) == direction).all())
            a, b = items[order[k]], items[order[k + 1]]
            kept = _box_distance(a[0], a[1], a[3]) + _box_distance(b[0], b[1], b[3])
            traded = _box_distance(a[0], a[1], b[3]) + _box_distance(b[0], b[1], a[3])
            if ordered and traded <= kept + 0.5 * text_h:
                out.append((order[k], order[k + 1]))
                k += 2
                continue
        k += 1
    return out


def sweep_expected(values: list[float | None], min_fit: int = 3) -> dict[int, float]:
    """{index: value the label should have} for the labels of one series, in marker order along
    x (`values`, None where a marker has no label or it does not parse), that break the sweep
    the others make. Benchmark sweeps (batch sizes, request counts) step by one integer ratio
    (x2, x4, x10): value k = a * r**k. The sweep is the (a, r) most labels fit exactly, at least
    `min_fit` of them and more than half of those read; a label off it ('46384' between '8192'
    and '32768', '192' of '8,192') is suspect and its marker's expected value is a * r**k.
    Nothing when no sweep is clear: a series whose labels do not step evenly is left alone.
    The sweep may run either way along x (request counts fall as per-user speed rises): the
    direction more labels fit is taken."""
    return sweep(values, min_fit)[1]


def sweep(values: list[float | None], min_fit: int = 3) -> tuple[set[int], dict[int, float], dict[int, float]]:
    """(indices of the labels on the sweep, {index: expected value} of those off it, {index:
    expected value} of the markers with no label inside the run the sweep's labels span): see
    sweep_expected."""
    n = len(values)
    fit_f, fwd, gaps_f = _sweep_one_way(list(values), min_fit)
    fit_r, rev, gaps_r = _sweep_one_way(list(values)[::-1], min_fit)
    if len(fit_r) > len(fit_f):
        return ({n - 1 - k for k in fit_r}, {n - 1 - k: v for k, v in rev.items()},
                {n - 1 - k: v for k, v in gaps_r.items()})
    return set(fit_f), fwd, gaps_f


def _sweep_one_way(values: list, min_fit: int) -> tuple[list[int], dict[int, float], dict[int, float]]:
    """(indices of the labels on the sweep, {index: expected value} of those off it, of the
    unlabelled inside its run) for a sweep rising along `values`."""
    # A run of digits read off a line's dots parses to an integer no float can hold: it is a
    # label off the sweep like any other misreading.
    known = [(k, float(min(v, 1e300))) for k, v in enumerate(values) if v is not None and v > 0]
    if len(known) < min_fit:
        return [], {}, {}
    best = None
    for r in (2, 4, 10):
        groups: dict[float, list[int]] = {}
        for k, v in known:
            a = v / r ** k
            key = next((g for g in groups if abs(g - a) <= 1e-6 * max(abs(a), 1e-12)), a)
            groups.setdefault(key, []).append(k)
        a, fit = max(groups.items(), key=lambda kv: len(kv[1]))
        if best is None or len(fit) > len(best[2]):
            best = (r, a, fit)
    r, a, fit = best
    # Labels off the sweep that read as a near miss of its value there ('48' of '2048', '192'
    # of '8192': a line of another series across them) back it as well as an exact one: three
    # exact of six, two of the others cut short, is a sweep with two labels damaged.
    # (Of three digits or more: '9' where 8 belongs is as likely a sweep that is none.)
    near = [k for k, v in known if k not in fit and a * r ** k == int(a * r ** k) and a * r ** k >= 100
            and near_misread(label_digits(v), str(int(a * r ** k)))]
    if len(fit) < min_fit or 2 * (len(fit) + len(near)) <= len(known) or 2 * len(fit) < len(known) - len(near):
        return [], {}, {}
    lo, hi = min(fit), max(fit)
    # Only inside the fitted run or one step past its ends: further out a skipped value or a
    # second sweep would make any expectation a guess. (A lone '1' past the end, one stem,
    # is the label tesseract loses most.)
    return (fit, {k: a * r ** k for k, v in known if k not in fit and lo - 1 <= k <= hi + 1},
            {k: a * r ** k for k in range(max(0, lo - 1), min(len(values), hi + 2))
             if values[k] is None and a * r ** k >= 1})


def label_digits(v: float) -> str:
    """A parsed label value as the digits a reading of it would show ('2048', '0.5')."""
    return str(int(v)) if v == int(v) else repr(v)


def near_misread(read: str, want: str) -> bool:
    """The digits `read` are those of `want` but for one glyph changed, added or lost ('46384',
    '1192' for 8192, '81927'), or cut short at one end by two or more ('384' of '16384'): what
    a marker or line over one end of a label, or a gridline beside it, does to a reading."""
    if not read or read == want:
        return False
    if len(read) >= 2 and len(read) < len(want) and (want.endswith(read) or want.startswith(read)):
        return True
    if len(read) == len(want):
        return sum(a != b for a, b in zip(read, want)) == 1
    short, long_ = (read, want) if len(read) < len(want) else (want, read)
    if len(long_) - len(short) != 1:
        return False
    return any(long_[:i] + long_[i + 1:] == short for i in range(len(long_)))
