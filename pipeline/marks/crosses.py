"""Markers drawn as a plus or a cross ('+', 'x', matplotlib's 'P' and 'X'): two strokes no deeper
than a line, which find_markers, looking for ink deeper than the lines, passes over."""
from __future__ import annotations

import cv2
import numpy as np

from .markers import Blob


def cross_markers(rgb: np.ndarray, ink: np.ndarray, text_h: float, thin_only: bool = False) -> list[Blob]:
    """Components of `ink` shaped as a plus or a diagonal cross, from half a text height to
    three across, standing alone (a letter 'x' or 't' has its word's letters beside it; a
    cross on a line joins the line's component and is no component of its own), and not where
    dashed gridlines cross (a plus of two dashes, the rules' dashes going on beyond it)."""
    n, lab, stats, _ = cv2.connectedComponentsWithStats(ink.astype(np.uint8), connectivity=8)
    out = []
    lo, hi = max(5, int(0.5 * text_h)), int(3 * text_h) + 1
    for i in range(1, n):
        x, y, w, h, area = stats[i]
        if not (lo <= w <= hi and lo <= h <= hi) or abs(w - h) > 0.25 * max(w, h) + 1:
            continue
        mask = lab[y:y + h, x:x + w] == i
        if thin_only:     # (a dot of 6 px is as much a plus as a plus that small is)
            shape = "cross" if thin_cross(mask) else None
        else:
            shape = "plus" if is_plus(mask) else "cross" if is_plus(_turned(mask)) or thin_cross(mask) else None
        if shape is None:
            continue
        ys, xs = np.nonzero(mask)
        color = tuple(int(c) for c in np.median(rgb[y + ys, x + xs], axis=0))
        if not _alone(ink, lab, i, (x, y, w, h), rgb, color) or _on_rule(rgb, ink, (x, y, w, h), color):
            continue
        out.append(Blob(x + xs.mean(), y + ys.mean(), int(area), (int(x), int(y), int(x + w), int(y + h)),
                        color, shape))
    return out


def is_plus(mask: np.ndarray) -> bool:
    """A mask that is one full-width band of rows and one full-height band of columns, crossing
    near the middle, each under half the mask thick, with (nearly) all its ink on them."""
    h, w = mask.shape
    if h < 5 or w < 5:
        return False
    rows = np.flatnonzero(mask.mean(axis=1) >= 0.85)
    cols = np.flatnonzero(mask.mean(axis=0) >= 0.85)
    if not rows.size or not cols.size:
        return False
    # (each band one run of rows or columns)
    if rows[-1] - rows[0] + 1 != rows.size or cols[-1] - cols[0] + 1 != cols.size:
        return False
    if rows.size > 0.45 * h or cols.size > 0.45 * w:
        return False
    if abs((rows[0] + rows[-1]) / 2.0 - (h - 1) / 2.0) > 0.15 * h + 0.5 \
            or abs((cols[0] + cols[-1]) / 2.0 - (w - 1) / 2.0) > 0.15 * w + 0.5:
        return False
    band = np.zeros_like(mask)
    band[max(0, rows[0] - 1):rows[-1] + 2, :] = True
    band[:, max(0, cols[0] - 1):cols[-1] + 2] = True
    return mask[~band].sum() <= 0.05 * mask.sum()


def thin_cross(mask: np.ndarray) -> bool:
    """A mask that is the two diagonals of its box, each a stroke of a pixel or two drawn
    corner to corner (gnuplot's libgd 'x'): turned, such thin strokes break into dots and
    is_plus finds no band."""
    h, w = mask.shape
    if h < 5 or w < 5:
        return False
    ys, xs = np.nonzero(mask)
    along = ys * (w - 1) / (h - 1)
    d1, d2 = np.abs(xs - along), np.abs((w - 1 - xs) - along)
    if np.minimum(d1, d2).max() > 1.5:
        return False
    # each diagonal drawn from end to end: nearly every row holds a pixel of each
    return all(np.unique(ys[d <= 1.5]).size >= 0.85 * h for d in (d1, d2))


def _turned(mask: np.ndarray) -> np.ndarray:
    """The mask turned an eighth of a turn (a diagonal cross stands as a plus), cut to its ink."""
    h, w = mask.shape
    d = int(np.ceil(np.hypot(h, w))) + 2
    m = cv2.getRotationMatrix2D((w / 2.0, h / 2.0), 45, 1.0)
    m[0, 2] += (d - w) / 2.0
    m[1, 2] += (d - h) / 2.0
    turned = cv2.warpAffine(mask.astype(np.uint8) * 255, m, (d, d), flags=cv2.INTER_LINEAR) >= 128
    ys, xs = np.nonzero(turned)
    if ys.size == 0:
        return turned
    return turned[ys.min():ys.max() + 1, xs.min():xs.max() + 1]


def _on_rule(rgb: np.ndarray, ink: np.ndarray, xywh, color) -> bool:
    """Ink of the component's colour goes on, level with its middle, on both sides of it or
    above and below it, within four of its sizes: it is a crossing of dashed rules. (A legend
    key has its name on one side and the legend's frame on the other, in other colours.)"""
    from .series import lab_distance  # here: series imports markers, which this imports
    x, y, w, h = xywh
    H, W = ink.shape
    cx, cy, s = x + w // 2, y + h // 2, max(w, h)

    def inked(x0, x1, y0, y1):
        x0, x1, y0, y1 = max(0, x0), min(W, x1), max(0, y0), min(H, y1)
        if x1 <= x0 or y1 <= y0:
            return False
        m = ink[y0:y1, x0:x1]
        return bool(m.any()) and bool((lab_distance(rgb[y0:y1, x0:x1][m], color) <= 30).any())
    level = inked(x - 4 * s, x - s // 2, cy - 1, cy + 2) and inked(x + w + s // 2, x + w + 4 * s, cy - 1, cy + 2)
    plumb = inked(cx - 1, cx + 2, y - 4 * s, y - s // 2) and inked(cx - 1, cx + 2, y + h + s // 2, y + h + 4 * s)
    return level or plumb


def _alone(ink: np.ndarray, lab: np.ndarray, i: int, xywh, rgb: np.ndarray, color) -> bool:
    """No other ink of the component's colour within half its size around its box: a letter
    'x' has its word's letters beside it in its own colour, where a red cross may have its
    black label right beside it (set-21 h12)."""
    from .series import lab_distance  # here: series imports markers, which this imports
    x, y, w, h = xywh
    m = max(2, int(0.5 * max(w, h)))
    H, W = ink.shape
    x0, y0, x1, y1 = max(0, x - m), max(0, y - m), min(W, x + w + m), min(H, y + h + m)
    around = ink[y0:y1, x0:x1] & (lab[y0:y1, x0:x1] != i)
    return not around.any() or not bool((lab_distance(rgb[y0:y1, x0:x1][around], color) <= 30).any())
