"""Markers as solid blobs: lines, gridlines and text strokes are thinner and vanish on opening."""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from .. import imageops


@dataclass
class Blob:
    cx: float
    cy: float
    area: int
    box: tuple[int, int, int, int]     # x0, y0, x1, y1 (exclusive)
    color: tuple[int, int, int]        # median RGB inside the blob
    shape: str                         # circle | square | diamond | triangle-up | triangle-down | other

    @property
    def size(self) -> float:
        return float(max(self.box[2] - self.box[0], self.box[3] - self.box[1]))


def classify_shape(mask: np.ndarray) -> str:
    """Marker shape from how it fills its box and where its mass sits."""
    h, w = mask.shape
    area = mask.sum()
    if area == 0 or h < 3 or w < 3:
        return "other"
    fill = area / float(h * w)
    ys = np.nonzero(mask)[0]
    offset = (ys.mean() - (h - 1) / 2.0) / h   # > 0: mass low (triangle pointing up)
    if fill > 0.88:
        return "square"
    if fill > 0.68:
        return "circle"
    if abs(offset) > 0.06:
        return "triangle-up" if offset > 0 else "triangle-down"
    return "diamond"


def triangle_apex(mask: np.ndarray) -> float | None:
    """Row (in mask coordinates, may lie outside it) where a triangle's sides meet, or None when
    the row widths do not grow linearly towards one end (circle, square, diamond)."""
    h, w = mask.shape
    if h < 5 or w < 5:
        return None
    widths = mask.sum(axis=1).astype(float)
    rows = np.flatnonzero(widths > 0)
    if len(rows) < 5:
        return None
    ys, ws = rows.astype(float), widths[rows]
    # Leave out the rounded rows at both ends (the opening's corners).
    keep = (ys > ys[0] + 1) & (ys < ys[-1] - 1)
    if keep.sum() < 3:
        return None
    a, b = np.polyfit(ys[keep], ws[keep], 1)
    resid = ws[keep] - (a * ys[keep] + b)
    if abs(a) < 0.7 or abs(a) > 1.6 or np.sqrt(np.mean(resid ** 2)) > 0.12 * ws.max() + 0.5:
        return None
    apex = float(-b / a)
    # The sides meet just beyond the (rounded) tip, not far outside: a marker cut flat by a
    # mask or a label is no triangle. And a triangle is about as tall as it is wide.
    tip, far = (ys[0], ys[-1]) if a > 0 else (ys[-1], ys[0])
    if abs(apex - tip) > 0.4 * (ys[-1] - ys[0] + 1) or (apex - tip) * (far - tip) > 1.0 or h < 0.75 * w:
        return None
    return apex


def find_markers(rgb: np.ndarray, ink: np.ndarray, line_halfwidth: float, min_size: int = 5) -> tuple[list[Blob], int]:
    """Solid blobs thicker than the chart's lines. Returns (blobs, diameter that separates them).

    A marker is where the ink is deeper than a line's half-width by a pixel or more; the
    continuous threshold tells a 7 px marker from a 3 px line, which whole-pixel disks cannot.
    """
    radius = max(1.5, line_halfwidth + 1.0)
    diameter = int(round(2 * radius))
    filled = imageops.fill_holes(ink, max_area=int(12 * diameter * diameter), max_extent=4 * diameter)
    core = (imageops.ink_depth(filled) >= radius).astype(np.uint8)
    k = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * int(round(radius)) + 1,) * 2)
    solid = cv2.dilate(core, k).astype(bool) & filled
    n, lab, stats, cent = cv2.connectedComponentsWithStats(solid.astype(np.uint8), connectivity=8)
    blobs = []
    min_area = max(min_size * min_size * 0.5, 0.6 * diameter * diameter)
    for i in range(1, n):
        x, y, w, h, area = stats[i]
        if area < min_area or w > 12 * diameter or h > 12 * diameter:
            continue
        if max(w, h) > 3.0 * min(w, h):
            continue
        comp = lab[y:y + h, x:x + w] == i
        core = cv2.erode(comp.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)
        px = rgb[y:y + h, x:x + w][core if core.sum() >= 3 else comp]
        color = tuple(int(v) for v in np.median(px, axis=0))
        shape_mask = filled[y:y + h, x:x + w] & comp
        shape = classify_shape(shape_mask)
        cx, cy = float(cent[i][0]), float(cent[i][1])
        apex = triangle_apex(shape_mask)
        if apex is not None:
            # A triangle is drawn centred on its box, not on its centroid; the opening rounds
            # the apex off, so the box is completed up to where the sides meet.
            up = apex < h / 2
            shape = "triangle-up" if up else "triangle-down"
            cy = y + ((apex + h - 0.5) if up else (apex - 0.5)) / 2.0
        blobs.append(Blob(cx, cy, int(area), (int(x), int(y), int(x + w), int(y + h)), color, shape))
    return blobs, diameter


def drop_fragments(blobs: list[Blob]) -> list[Blob]:
    """Fragments (a label's bold digit, a line joint) are much smaller than the real markers."""
    if not blobs:
        return blobs
    typical = float(np.median([b.area for b in blobs]))
    return [b for b in blobs if b.area >= 0.35 * typical]
