"""Several charts in one image (subplots side by side or stacked): found by the empty gutters
between them, each read as a chart of its own.

A gutter is a band of rows (or columns) with no ink across the whole block; a cut is made only
where both sides are chart-sized, and kept only when every side reads as a chart (see
digitize.digitize_panels), so a gap inside one chart's data never splits it.
"""
from __future__ import annotations

import numpy as np

from .imageops import color_distance

MIN_SHARE = 0.3        # each side of a cut holds at least this share of the block
MIN_SIDE_PX = 250      # and at least this many pixels
MIN_GUTTER_PX = 4      # a gutter is at least this thick
MAX_DEPTH = 2          # two levels of cuts: up to a 2 x 2 grid (or 4 stacked)


def split_panels(rgb: np.ndarray, background) -> list[tuple[int, int, int, int]]:
    """Panel boxes (x0, y0, x1, y1) in reading order; one box (the whole image) if none."""
    # Anything off the page colour counts, a grey plot panel included: a gutter is page only.
    ink = color_distance(rgb, background) > 16
    h, w = ink.shape
    return _cut(ink, (0, 0, w, h), 0)


def _cut(ink: np.ndarray, box, depth: int) -> list[tuple[int, int, int, int]]:
    if depth >= MAX_DEPTH:
        return [box]
    x0, y0, x1, y1 = box
    block = ink[y0:y1, x0:x1]
    for along_rows in (True, False):
        counts = block.sum(axis=1) if along_rows else block.sum(axis=0)
        length = block.shape[1] if along_rows else block.shape[0]
        # A few stray pixels (JPEG noise) do not fill a gutter, but a line across it does: the
        # spine of an axis drawn without a frame is one pixel in each column it crosses.
        lines = block if along_rows else block.T
        at = _widest_gutter(counts <= max(1, 0.002 * length), lambda i, j: bool(lines[i:j].all(axis=0).any()))
        if at is None:
            continue
        if along_rows:
            parts = [(x0, y0, x1, y0 + at), (x0, y0 + at, x1, y1)]
        else:
            parts = [(x0, y0, x0 + at, y1), (x0 + at, y0, x1, y1)]
        return [p for part in parts for p in _cut(ink, part, depth + 1)]
    return [box]


def _widest_gutter(empty: np.ndarray, crossed=lambda i, j: False) -> int | None:
    """The middle of the widest run of empty lines leaving both sides chart-sized, and not
    `crossed` (i, j: the run's first and past-last line) by a line, or None."""
    n = len(empty)
    best, best_len = None, 0
    i = 0
    while i < n:
        if not empty[i]:
            i += 1
            continue
        j = i
        while j < n and empty[j]:
            j += 1
        mid = (i + j) // 2
        side = min(mid, n - mid)
        if (j - i >= MIN_GUTTER_PX and side >= max(MIN_SHARE * n, MIN_SIDE_PX) and j - i > best_len
                and not crossed(i, j)):
            best, best_len = mid, j - i
        i = j
    return best


def read_panels(rgb: np.ndarray, boxes, read) -> list | None:
    """[(box, extraction)] when every box reads as a chart with `read` (an array -> extraction
    function that raises PipelineError when it finds none); None when any does not."""
    from .errors import PipelineError
    out = []
    for x0, y0, x1, y1 in boxes:
        try:
            ext = read(np.ascontiguousarray(rgb[y0:y1, x0:x1]))
        except PipelineError:
            return None
        if not _whole_chart(ext):
            return None
        out.append(((x0, y0, x1, y1), ext))
    return out


def _whole_chart(ext) -> bool:
    """A panel is a chart of its own: points on two calibrated axes, or bars along a value
    axis with two or more categories read, each axis fitted to three tick labels or more.
    Half of one chart cut at a gap in its data fails: the half without the axis finds one in
    two stray numbers (a title's glyph read '5' and a bar's value label)."""
    if not ext.points:
        return False
    if ext.chart_type == "bar":
        axis = ext.x_axis if ext.bar_orientation == "horizontal" else ext.y_axis
        return _own_axis(axis) and sum(1 for c in ext.categories if c) >= 2
    return _own_axis(ext.x_axis) and _own_axis(ext.y_axis)


def _own_axis(axis) -> bool:
    return axis is not None and len(axis.calibration.ticks) >= 3
