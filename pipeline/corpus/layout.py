"""Placing point labels next to their markers so that they stay readable.

Both renderers measure their label texts, then call :func:`place_labels`, which tries the
preferred position (above / right / below ... the marker) and falls back to the others when a
label would cover another label, a marker, the legend or leave the plot area.  All coordinates
are image pixels with the origin at the top-left corner.
"""
from __future__ import annotations

POSITIONS = ["above", "right", "below", "below-right", "above-right", "left", "above-left",
             "below-left"]


class PlacementError(Exception):
    """The labels of this chart cannot be placed without overlaps; draw other data."""


def candidate_box(pos, cx, cy, r, off, w, h):
    """Box (x0, y0, x1, y1) of a w x h label at ``pos`` of a marker of radius r at (cx, cy)."""
    if pos == "above":
        return (cx - w / 2, cy - r - off - h, cx + w / 2, cy - r - off)
    if pos == "below":
        return (cx - w / 2, cy + r + off, cx + w / 2, cy + r + off + h)
    if pos == "right":
        return (cx + r + off, cy - h / 2, cx + r + off + w, cy + h / 2)
    if pos == "left":
        return (cx - r - off - w, cy - h / 2, cx - r - off, cy + h / 2)
    dx = r * 0.6 + off * 0.6
    dy = r * 0.6 + off * 0.6
    if pos == "below-right":
        return (cx + dx, cy + dy, cx + dx + w, cy + dy + h)
    if pos == "above-right":
        return (cx + dx, cy - dy - h, cx + dx + w, cy - dy)
    if pos == "above-left":
        return (cx - dx - w, cy - dy - h, cx - dx, cy - dy)
    if pos == "below-left":
        return (cx - dx - w, cy + dy, cx - dx, cy + dy + h)
    raise ValueError(pos)


def box_gap(a, b):
    """Distance between two boxes (0 when they touch, negative when they overlap)."""
    dx = max(a[0] - b[2], b[0] - a[2])
    dy = max(a[1] - b[3], b[1] - a[3])
    if dx < 0 and dy < 0:
        return max(dx, dy)
    return max(dx, dy, 0.0) if (dx < 0 or dy < 0) else (dx * dx + dy * dy) ** 0.5


def _inside(box, bounds):
    return (box[0] >= bounds[0] and box[1] >= bounds[1] and box[2] <= bounds[2]
            and box[3] <= bounds[3])


def _segment_hits_box(p, q, box):
    """Liang-Barsky test: does the segment p-q cross the box?"""
    x0, y0 = p
    dx, dy = q[0] - p[0], q[1] - p[1]
    t0, t1 = 0.0, 1.0
    for pk, qk in ((-dx, x0 - box[0]), (dx, box[2] - x0), (-dy, y0 - box[1]), (dy, box[3] - y0)):
        if pk == 0:
            if qk < 0:
                return False
            continue
        t = qk / pk
        if pk < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return False
    return True


def place_labels(items, bounds, pref, offset, gap, obstacles=(), segments=(), alternatives=True):
    """Choose a box for every label.

    items: list of dicts with cx, cy (marker centre), r (marker radius), w, h (label size).
    bounds: box the labels must stay inside.  obstacles: boxes no label may touch (legend...).
    segments: line segments ((x, y), (x, y)) a label should avoid if it can.
    Returns a list of (position, box).  Raises PlacementError when some label has no place.
    """
    markers = [(it["cx"] - it["r"] - 1, it["cy"] - it["r"] - 1,
                it["cx"] + it["r"] + 1, it["cy"] + it["r"] + 1) for it in items]
    order = [pref] + [p for p in POSITIONS if p != pref] if alternatives else [pref]
    placed = []
    for i, it in enumerate(items):
        chosen = None
        fallback = None
        for pos in order:
            box = candidate_box(pos, it["cx"], it["cy"], it["r"], offset, it["w"], it["h"])
            if not _inside(box, bounds):
                continue
            if any(box_gap(box, b) < gap for _, b in placed):
                continue
            if any(box_gap(box, m) < 0.5 for m in markers):
                continue
            if any(box_gap(box, o) < 2 for o in obstacles):
                continue
            if any(_segment_hits_box(p, q, box) for p, q in segments):
                if fallback is None:
                    fallback = (pos, box)
                continue
            chosen = (pos, box)
            break
        chosen = chosen or fallback
        if chosen is None:
            raise PlacementError("label %r has no free place" % it.get("text"))
        placed.append(chosen)
    return placed


def check_markers_apart(items, factor=0.8):
    """Raise PlacementError when markers of different series cover each other.

    items: dicts with cx, cy, r and ``series`` (any object identifying the series).
    """
    for i in range(len(items)):
        a = items[i]
        for j in range(i + 1, len(items)):
            b = items[j]
            if a["series"] is b["series"]:
                continue
            if ((a["cx"] - b["cx"]) ** 2 + (a["cy"] - b["cy"]) ** 2) ** 0.5 < factor * (a["r"] + b["r"]):
                raise PlacementError("markers of two series overlap")


def min_gap(boxes):
    """Smallest distance between any two label boxes (None with fewer than two)."""
    best = None
    for i in range(len(boxes)):
        for j in range(i + 1, len(boxes)):
            g = box_gap(boxes[i], boxes[j])
            best = g if best is None else min(best, g)
    return best
