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
from .markers import Blob
from .series import to_lab

MIN_COVER = 0.08        # a line spans at least this share of the plot's width
GAP_SHARE = 0.04        # gaps up to this share of the width are dashes of one line, not two lines


@dataclass
class Trace:
    color: tuple[int, int, int]
    vertices: list[tuple[float, float]]     # pixel (x, y), left to right
    columns: int                            # plot columns the line was seen in


def line_ink(ink: np.ndarray, grey: np.ndarray, halfwidth: float, min_rule: int) -> np.ndarray:
    """Ink that can belong to a drawn line: rules (gridlines, frames) and filled shapes removed.
    Only grey rules go: gridlines and frames are grey or black, while a coloured flat run is a
    series holding a level."""
    thin = (ink & ~grey) | remove_rules(ink & grey, min_rule)
    n, lab, stats, _ = cv2.connectedComponentsWithStats(thin.astype(np.uint8), connectivity=8)
    depth = ink_depth(thin)
    deepest = np.zeros(n)
    np.maximum.at(deepest, lab.ravel(), depth.ravel())
    # A filled shape is much deeper than a stroke; a line, however long, never is.
    keep = deepest <= 2.5 * max(halfwidth, 1.0) + 1.5
    keep[0] = False
    return keep[lab]


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
        q = np.round(lab[left] / 4.0).astype(int)
        keys, counts = np.unique(q, axis=0, return_counts=True)
        centre = keys[np.argmax(counts)] * 4.0
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
    return [m for i, m in enumerate(out)
            if not any(strength[j] > strength[i] and _is_blend(taken[i], taken[j], bg, 20.0)
                       for j in range(len(out)) if j != i)]


def _is_blend(color: np.ndarray, line: np.ndarray, bg: np.ndarray, tol: float) -> bool:
    """`color` lies between `line` and the background `bg` (RGB), within `tol`."""
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


def without_swatches(mask: np.ndarray, text_boxes, text_h: float) -> np.ndarray:
    """`mask` minus legend swatches: short flat strokes ending just left of a word, and the
    dashes of a dashed swatch leading up to one."""
    n, lab, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8), connectivity=8)
    flat = [k for k in range(1, n) if stats[k, 3] <= 0.6 * text_h and stats[k, 2] <= 6 * text_h]
    targets = [(bx0, by0, by1) for bx0, by0, bx1, by1 in text_boxes]
    dropped: set = set()
    grew = True
    while grew:
        grew = False
        for k in flat:
            if k in dropped:
                continue
            x, y, w, h = stats[k, :4]
            cy = y + h / 2.0
            if any(0 <= tx0 - (x + w) <= 1.5 * text_h and ty0 - 2 <= cy <= ty1 + 2 for tx0, ty0, ty1 in targets):
                dropped.add(k)
                targets.append((x, y - 2, y + h + 2))
                grew = True
    out = mask.copy()
    if dropped:
        out[np.isin(lab, list(dropped))] = False
    return out


def trace_lines(rgb: np.ndarray, ink: np.ndarray, box: tuple[int, int, int, int], halfwidth: float,
                max_delta: float, background, text_boxes=(), text_h: float = 10.0) -> list[Trace]:
    """The lines drawn inside `box` (x0, y0, x1, y1), one trace per line colour."""
    x0, y0, x1, y1 = box
    width = max(1, x1 - x0)
    inside = np.zeros(ink.shape, bool)
    inside[y0:y1, x0:x1] = ink[y0:y1, x0:x1]
    inside = without_swatches(inside, text_boxes, text_h)
    grey = saturation(rgb) < 60
    candidates = line_ink(inside, grey, halfwidth, min_rule=max(20, int(0.25 * width)))
    min_pixels = int(MIN_COVER * width)
    traces = []
    for m in color_clusters(rgb, candidates, max_delta, min_pixels, background):
        xs, ys = trace_columns(m, x0, x1)
        if len(xs) < min_pixels:
            continue
        color = tuple(int(c) for c in np.median(rgb[m], axis=0))
        # A corner must stand out of the stroke's own wobble (anti-aliasing, dash ends).
        verts = vertices(xs, ys, tolerance=max(halfwidth, 1.0) + 0.5, max_gap=int(GAP_SHARE * width) + 1)
        traces.append(Trace(color, verts, len(xs)))
    return traces


def line_swatches(rgb: np.ndarray, ink: np.ndarray, colors, halfwidth: float, max_delta: float,
                  text_boxes, text_h: float) -> list[Blob]:
    """Legend swatches of lines drawn without markers, anywhere on the page: a short flat stroke
    of a line's colour (a dashed one's dashes joined) ending just left of a word, level with it.
    Each is a Blob of shape 'line' so that the legend can pair it with its text like a marker."""
    ys, xs = np.nonzero(ink)
    if len(ys) == 0 or not colors:
        return []
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
            if not (h <= max(0.6 * text_h, 2 * halfwidth + 3) and text_h <= w <= 6 * text_h):
                continue
            cy = y + h / 2.0
            if not any(0 <= bx0 - (x + w) <= 1.5 * text_h and by0 - 2 <= cy <= by1 + 2
                       for bx0, by0, bx1, by1 in text_boxes):
                continue
            # Anti-aliased feet of a line of text join into flat strokes too, inside its words.
            if any(x < bx1 and bx0 < x + w and y < by1 and by0 < y + h for bx0, by0, bx1, by1 in text_boxes):
                continue
            out.append(Blob(x + w / 2.0, cy, int(area), (int(x), int(y), int(x + w), int(y + h)),
                            tuple(int(c) for c in color), "line"))
    return out
