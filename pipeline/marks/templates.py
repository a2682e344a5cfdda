"""Markers found again by their look: where find_markers missed one of a series (a small
triangle on a line, a pixel too shallow for the depth test where its twins passed), it still
looks like the series' markers that were found."""
from __future__ import annotations

import cv2
import numpy as np

from .markers import Blob
from .series import lab_distance

# How near a colour a pixel must lie to count as the marker's (CIE76).
_NEAR = 40.0


def marker_template(rgb: np.ndarray, found: list[Blob]) -> np.ndarray | None:
    """The mean mask of the markers `found` (one series: of one colour and shape), each cut
    round its centre to the size of the largest; None for fewer than three."""
    if len(found) < 3:
        return None
    w = max(b.box[2] - b.box[0] for b in found) + 2
    h = max(b.box[3] - b.box[1] for b in found) + 2
    color = tuple(int(c) for c in np.median([b.color for b in found], axis=0))
    masks = []
    for b in found:
        m = _colour_mask(rgb, color, int(round(b.cx)) - w // 2, int(round(b.cy)) - h // 2, w, h)
        if m is not None:
            masks.append(m)
    return np.mean(masks, axis=0).astype(np.float32) if len(masks) >= 3 else None


def best_match(rgb: np.ndarray, template: np.ndarray, color, window, min_score: float = 0.8):
    """(x, y, score) of the place in `window` (x0, y0, x1, y1) whose pixels of `color` look most
    like `template` (normalised correlation), or None when none scores `min_score`."""
    th, tw = template.shape
    x0, y0, x1, y1 = window
    x0, y0 = max(0, int(x0)), max(0, int(y0))
    x1, y1 = min(rgb.shape[1], int(x1)), min(rgb.shape[0], int(y1))
    if x1 - x0 < tw + 1 or y1 - y0 < th + 1:
        return None
    area = (lab_distance(rgb[y0:y1, x0:x1], color) <= _NEAR).astype(np.float32)
    score = cv2.matchTemplate(area, template, cv2.TM_CCOEFF_NORMED)
    _, best, _, (bx, by) = cv2.minMaxLoc(score)
    if not np.isfinite(best) or best < min_score:
        return None
    return x0 + bx + tw / 2.0 - 0.5, y0 + by + th / 2.0 - 0.5, float(best)


def _colour_mask(rgb, color, x, y, w, h):
    if x < 0 or y < 0 or x + w > rgb.shape[1] or y + h > rgb.shape[0]:
        return None
    return (lab_distance(rgb[y:y + h, x:x + w], color) <= _NEAR).astype(np.float32)
