"""Markers hidden under another series' markers.

Where two series' values meet (three engines at one request in flight), the marker drawn last
covers the others. A series whose markers step evenly along x and whose line runs on from its
first or last marker straight into another series' marker, one step further, has its own
marker there, under it.
"""
from __future__ import annotations

import numpy as np

from .series import lab_distance


def hidden_markers(xs, ys, series, colors, rgb: np.ndarray, radius: float, delta: float,
                   min_run: int = 3, share: float = 0.7) -> list[tuple[int, int]]:
    """(series member index, covering point index) for each hidden marker found: `xs`, `ys`
    the points' pixels, `series` their series keys, `colors` their colours, `radius`
    a marker's half size. A series of `min_run` points or more, stepping evenly along x (within
    15 % of its median step), is followed past either end one step at a time while a point of
    another series stands there (within a quarter step) and `share` of the way to it, clear of
    both markers, holds the series' colour."""
    xs, ys = np.asarray(xs, float), np.asarray(ys, float)
    out = []
    for s in dict.fromkeys(series):
        idx = [i for i, k in enumerate(series) if k == s]
        if len(idx) < min_run:
            continue
        idx.sort(key=lambda i: xs[i])
        dx = np.diff(xs[idx])
        step = float(np.median(dx))
        if step <= 2 * radius or np.any(np.abs(dx - step) > 0.15 * step):
            continue
        taken = set(idx)
        color = tuple(np.median([colors[i] for i in idx], axis=0))
        for end, sign in ((idx[0], -1), (idx[-1], 1)):
            under = False
            while True:
                want = xs[end] + sign * step
                cands = [j for j in range(len(xs)) if series[j] != s and j not in taken
                         and abs(xs[j] - want) <= 0.25 * step]
                # Past a hidden marker the line runs on under the covering series' line: its
                # colour or that one's will do.
                cands = [j for j in cands if _line_between(rgb, (xs[end], ys[end]), (xs[j], ys[j]),
                                                           [color] + ([colors[j]] if under else []),
                                                           radius, delta) >= share]
                if not cands:
                    break
                under = True
                j = min(cands, key=lambda j: abs(xs[j] - want))
                out.append((idx[0], j))
                taken.add(j)
                end = j
    return out


def _line_between(rgb: np.ndarray, a, b, colors, radius: float, delta: float) -> float:
    """Share of the points along the segment a-b, outside both markers (`radius`), that have a
    pixel of one of `colors` within a pixel of them."""
    (x0, y0), (x1, y1) = a, b
    length = float(np.hypot(x1 - x0, y1 - y0))
    if length <= 2.5 * radius:
        return 0.0
    t = np.linspace(1.25 * radius / length, 1 - 1.25 * radius / length, max(5, int(length / 2)))
    px = np.round(x0 + t * (x1 - x0)).astype(int)
    py = np.round(y0 + t * (y1 - y0)).astype(int)
    h, w = rgb.shape[:2]
    off = np.array([-1, 0, 1])
    # each point's 3 x 3 neighbourhood: (9, points, 3)
    qx = np.clip(px[None, :] + np.repeat(off, 3)[:, None], 0, w - 1)
    qy = np.clip(py[None, :] + np.tile(off, 3)[:, None], 0, h - 1)
    near = rgb[qy, qx]
    hit = np.zeros(len(t), bool)
    for c in colors:
        hit |= (lab_distance(near, c) <= delta).any(axis=0)
    return float(hit.mean())
