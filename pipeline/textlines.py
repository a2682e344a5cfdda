"""Finding lines of text as ink, without OCR: character-sized blobs joined along a row.

Used where tesseract's page pass misses short text (a lone '0' tick label, a label touching a
curve): the boxes found here are read one line at a time, which tesseract does far better.
"""
from __future__ import annotations

import cv2
import numpy as np


def text_line_boxes(ink: np.ndarray, text_h: float, region: tuple[int, int, int, int],
                    equals: bool = False, joined: bool = False,
                    marks_apart: bool = False) -> list[tuple[int, int, int, int]]:
    """Boxes (x0, y0, x1, y1) of text-like lines inside `region` = (x0, y0, x1, y1) of `ink`.
    `equals`: also join the two bars of an '=' (point labels such as 'n=64'); tick labels have
    none, and their reading is left as it was. `joined`: also take a long stroke of text height
    with a thin stem every letter or so: letters joined at their serifs ('unking' of 'no
    chunking' in a small serif font); in a legend, where no data line runs. `marks_apart`: a
    point, minus or bar joins a character, never another such mark; in a tick-label margin,
    where a dotted gridline's dots run between the labels."""
    rx0, ry0, rx1, ry1 = [int(v) for v in region]
    sub = ink[ry0:ry1, rx0:rx1].astype(np.uint8)
    if sub.size == 0:
        return []
    n, lab, stats, _ = cv2.connectedComponentsWithStats(sub, connectivity=8)
    dist = cv2.distanceTransform(sub, cv2.DIST_L2, 3)
    comps, bars = [], []
    W, H, A = stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT], stats[:, cv2.CC_STAT_AREA]
    # Only components some rule below can take are looked at one by one (noise makes thousands).
    maybe = ((H >= 0.3 * text_h) & (H <= 2.0 * text_h)) | ((H < 0.3 * text_h) & (H >= 1) & (A >= 2)
                                                        & (W <= 1.0 * text_h))
    maybe[0] = False
    for i in np.flatnonzero(maybe):
        x, y, w, h, area = (int(v) for v in stats[i])
        # Characters: between a third and twice the tick-label height, not long strokes, and
        # drawn with strokes: a filled marker is as thick as it is tall and is no character.
        if 0.3 * text_h <= h <= 2.0 * text_h and w <= 3.0 * text_h and area >= 3:
            thick = float(dist[y:y + h, x:x + w][lab[y:y + h, x:x + w] == i].max())
            if thick >= 0.3 * max(w, h) and min(w, h) >= 0.4 * text_h:
                continue
            comps.append([x, y, x + w, y + h])
        elif joined and 0.6 * text_h <= h <= 2.0 * text_h and w > 3.0 * text_h \
                and letter_stems(lab[y:y + h, x:x + w] == i, text_h) >= 0.5 * w / text_h:
            comps.append([x, y, x + w, y + h])
        elif h < 0.3 * text_h and w <= 0.6 * text_h and area >= 2 and h >= 1:
            # a minus sign, a decimal point or a comma
            comps.append([x, y, x + w, y + h])
        elif h < 0.3 * text_h and w <= 1.0 * text_h and area >= 2 and h >= 1:
            bars.append([x, y, x + w, y + h])
    # The two bars of an '=' are as wide as a digit, wider than a minus: kept in pairs only,
    # so that a legend's line swatch or a gridline's dash does not join the text.
    for i, a in enumerate(bars if equals else []):
        if any(k != i and abs(b[0] - a[0]) <= 2 and abs(b[2] - a[2]) <= 2 and 0 < abs(b[1] - a[1]) <= 0.5 * text_h
               for k, b in enumerate(bars)):
            comps.append(a)
    if not comps:
        return []
    comps.sort(key=lambda b: b[0])
    parent = list(range(len(comps)))

    def find(i):
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    gap = 0.75 * text_h
    # A point, minus or bar joins the character beside it, never another such mark: the dots
    # of a dotted gridline, each a point's size, would otherwise chain the tick labels they
    # pass into one line (and through a vertical dotted gridline, every label of an axis).
    small = [marks_apart and b[3] - b[1] < 0.3 * text_h for b in comps]
    for i, a in enumerate(comps):
        acy = (a[1] + a[3]) / 2
        for j in range(i + 1, len(comps)):
            b = comps[j]
            if b[0] - a[2] > gap:
                break
            bcy = (b[1] + b[3]) / 2
            if abs(acy - bcy) <= 0.6 * text_h and not (small[i] and small[j]):
                parent[find(j)] = find(i)
    groups: dict[int, list] = {}
    for i, b in enumerate(comps):
        groups.setdefault(find(i), []).append(b)
    boxes = []
    for g in groups.values():
        g = sorted(g, key=lambda b: b[0])
        # A tick mark beside a y label joins its line as a short stroke at the end: drop it.
        while len(g) > 1 and g[-1][3] - g[-1][1] < 0.3 * text_h:
            g.pop()
        g = np.array(g)
        x0, y0, x1, y1 = g[:, 0].min(), g[:, 1].min(), g[:, 2].max(), g[:, 3].max()
        if y1 - y0 < 0.45 * text_h:
            continue
        boxes.append((int(x0 + rx0), int(y0 + ry0), int(x1 + rx0), int(y1 + ry0)))
    return boxes


def letter_stems(mask: np.ndarray, text_h: float) -> int:
    """Thin upright strokes in a component: runs of columns inked over half the text height,
    each run at most a third of the text height wide (a marker's column run is wider)."""
    tall = mask.sum(axis=0) >= 0.5 * text_h
    n, run = 0, 0
    for t in list(tall) + [False]:
        if t:
            run += 1
            continue
        if 0 < run <= max(1.0, text_h / 3.0):
            n += 1
        run = 0
    return n
