"""Axis titles. The y title is usually written bottom to top left of the tick labels: its
column of ink is found, turned upright and read as one line."""
from __future__ import annotations

import cv2
import numpy as np

from . import ocr
from .imageops import group_runs


def y_title_column(ink: np.ndarray, tick_words, text_h: float) -> tuple[int, int, int, int] | None:
    """The column of ink (c0, c1, r0, r1, inclusive) of a rotated title left of the y tick
    labels `tick_words`, or None when there is none."""
    if not tick_words:
        return None
    left = _labels_left(tick_words)
    top = max(0, int(min(v.y0 for v in tick_words) - 3 * text_h))
    bottom = min(ink.shape[0], int(max(v.y1 for v in tick_words) + 3 * text_h))
    if left <= 2:
        return None
    # A column inked down the whole window is a frame's edge or a line (a light border round a
    # dark chart): no title's letters fill one.
    band = ink[top:bottom, :left]
    cols = np.nonzero((band.sum(axis=0) >= 2) & (band.mean(axis=0) < 0.9))[0]
    runs = [r for r in group_runs(cols, gap=max(2, int(0.3 * text_h)))
            if 0.5 * text_h <= r[1] - r[0] + 1 <= 3.0 * text_h]
    for c0, c1 in reversed(runs):           # the column of text nearest the tick labels first
        rows = np.nonzero(ink[top:bottom, c0:c1 + 1].any(axis=1))[0]
        # A title runs along the axis, its letters close together: taller than wide, in one run
        # of rows. Labels left of horizontal bars, one per bar, are clumps a bar's pitch apart
        # (wide words that start further left than the typical label, 'Llama 3.1 8B' over
        # 'summarize', leave their glyphs left of the edge: bar seed-50 bar038).
        for r0, r1 in group_runs(rows, gap=int(1.5 * text_h)):
            if r1 - r0 >= 2 * text_h:
                return int(c0), int(c1), int(top + r0), int(top + r1)
    return None


def _labels_left(tick_words) -> int:
    """Just left of the y tick labels: of the labels no wider than half as much again as the
    typical one (a label read together with the title's glyphs beside it, '3k' from x 5 by a
    title at x 4-16, is no edge of the column: bar seed-44 bar030)."""
    widths = [v.x1 - v.x0 for v in tick_words]
    typical = float(np.median(widths))
    return min(v.x0 for v, wd in zip(tick_words, widths) if wd <= 1.5 * typical) - 2


def y_title(gray: np.ndarray, ink: np.ndarray, tick_words, text_h: float) -> str:
    """The rotated title left of the y tick labels `tick_words`, or '' when there is none."""
    col = y_title_column(ink, tick_words, text_h)
    if col is None:
        return ""
    c0, c1, r0, r1 = col
    left = _labels_left(tick_words)
    pad = max(3, int(0.4 * text_h))
    y0, y1 = max(0, r0 - pad), min(gray.shape[0], r1 + 1 + pad)
    x0, x1 = max(0, c0 - pad), min(left, c1 + 1 + pad)
    upright = cv2.rotate(np.ascontiguousarray(gray[y0:y1, x0:x1]), cv2.ROTATE_90_CLOCKWISE)
    scale = float(np.clip(30.0 / max(1, c1 - c0 + 1), 1.0, 4.0))
    words = [w for w in ocr.read_words(upright, scale, ocr.PSM_LINE) if w.text.strip()]
    if not words or np.mean([w.conf for w in words]) < 50:
        return ""
    return " ".join(w.text for w in sorted(words, key=lambda w: w.x0))
