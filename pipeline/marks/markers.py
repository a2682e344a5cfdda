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
        blobs.append(Blob(float(cent[i][0]), float(cent[i][1]), int(area), (int(x), int(y), int(x + w), int(y + h)),
                          color, classify_shape(shape_mask)))
    return blobs, diameter


def drop_fragments(blobs: list[Blob]) -> list[Blob]:
    """Fragments (a label's bold digit, a line joint) are much smaller than the real markers."""
    if not blobs:
        return blobs
    typical = float(np.median([b.area for b in blobs]))
    return [b for b in blobs if b.area >= 0.35 * typical]
