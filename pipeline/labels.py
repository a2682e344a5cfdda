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
            d = _box_distance(mx, my, w) / text_h + colour_penalty(i, j)
            if d <= max_dist:
                cost[i, j] = d
    first = _solve(cost, big)
    if len(first) < 2:
        return first
    # Learn each series' label offset (label centre minus marker centre) and reassign.
    offsets = {}
    for s in {m[2] for m in markers}:
        d = [(labels[j].cx - markers[i][0], labels[j].cy - markers[i][1]) for i, j in first.items() if markers[i][2] == s]
        if len(d) >= 2:
            offsets[s] = np.median(np.array(d), axis=0)
    if not offsets:
        return first
    fallback = np.median(np.array(list(offsets.values())), axis=0)
    cost2 = np.full_like(cost, big)
    for i, (mx, my, s) in enumerate(markers):
        ox, oy = offsets.get(s, fallback)
        for j, w in enumerate(labels):
            if cost[i, j] >= big:
                continue
            d = np.hypot(w.cx - (mx + ox), w.cy - (my + oy)) / text_h + colour_penalty(i, j)
            if d <= max_dist:
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


def label_offsets(pairs: list[tuple[tuple[float, float], Word]]) -> tuple[float, float, float, float] | None:
    """Median (dx, dy, width, height) of labels relative to their markers, for re-reading misses."""
    if len(pairs) < 2:
        return None
    arr = np.array([(w.cx - m[0], w.cy - m[1], w.w, w.h) for m, w in pairs], float)
    return tuple(float(v) for v in np.median(arr, axis=0))
