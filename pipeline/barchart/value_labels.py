"""Printed value labels: which bar each belongs to, re-reading crops the page pass missed, and
keeping the chart's label format and unit."""
from __future__ import annotations

import re

import cv2
import numpy as np

from .. import imageops, layout, ocr
from ..marks.bars import Bar
from ..numbers import label_half_unit, parse_value_label
from ..ocr import Word
from .categories import _join
from .frame import Frame
from .names import _clear_crossing, _read_box

# OCR calls for value labels the page pass missed (each a few milliseconds).
REREAD_BUDGET = 30


def _label_cost(u: Word, b: Bar, text_h: float) -> float | None:
    """How well an (upright) value label sits on bar b: centred over it, just beyond its end or
    inside it. None when it cannot be this bar's label."""
    dx = abs(u.cx - b.cx)
    if not (b.x0 - 0.3 * text_h <= u.cx <= b.x1 - 1 + 0.3 * text_h):
        return None
    if u.y1 <= b.top + 0.4 * text_h:
        dy = (b.top - u.y1) / text_h
        if dy > 2.5:
            return None
    elif u.cy <= b.bottom:
        dy = 0.2
    else:
        return None
    return dy + dx / max(b.width, 1.0)


def _phrase(v: Word, words: list[Word], text_h: float) -> Word:
    """`v` with the words that are no numbers printed right beside it on its line ('1.1x'
    'faster', '45' 'tok/s'): the box of the whole piece of text it starts or ends. Other
    numbers stay apart: two bars' labels set close together are two texts."""
    box, taken, grown = [v.x0, v.y0, v.x1, v.y1], {id(v)}, True
    while grown:
        grown = False
        for o in words:
            if id(o) in taken or parse_value_label(o.text) is not None:
                continue
            same_line = min(box[3], o.y1) - max(box[1], o.y0) >= 0.5 * min(o.h, box[3] - box[1])
            if same_line and max(o.x0 - box[2], box[0] - o.x1) <= 0.6 * text_h:
                box = [min(box[0], o.x0), min(box[1], o.y0), max(box[2], o.x1), max(box[3], o.y1)]
                taken.add(id(o))
                grown = True
    return Word(v.text, v.conf, *box)


def _over_gap(u: Word, bars: list[Bar]) -> bool:
    """An (upright) text centred over the gap between two neighbouring bars, spanning part of
    both: a ratio printed over a group ('1.3x faster'), not either bar's value, which is
    centred on its own bar."""
    near = [b for b in bars if min(u.x1, b.x1) - max(u.x0, b.x0) >= 0.25 * b.width]
    for b in near:
        for n in near:
            pitch = n.cx - b.cx
            if pitch <= 0.5 * b.width or n.x0 - b.x1 >= min(b.width, n.width):
                continue  # the same column (a stack), or not neighbours
            if abs(u.cx - (b.cx + n.cx) / 2.0) < 0.25 * pitch:
                return True
    return False


def _assign_labels(labels, bars, frame, text_h):
    """Greedy one-to-one assignment of value labels to bars by _label_cost. A word that says
    there is no value ('OOM', '-') labels no drawn bar: a bar with a length has a value, and a
    dash at a bar's foot is a tick mark (seed-9 bar030's six '—' beat the printed values)."""
    cands = []
    for li, w in enumerate(labels):
        p = parse_value_label(w.text)
        if p is None or p[1] is None:
            continue
        u = frame.word(w)
        for bi, b in enumerate(bars):
            c = _label_cost(u, b, text_h)
            if c is not None:
                cands.append((c, li, bi))
    cands.sort()
    out, used_l, used_b = {}, set(), set()
    for c, li, bi in cands:
        if li in used_l or bi in used_b:
            continue
        used_l.add(li)
        used_b.add(bi)
        out[bi] = li
    return out


def _label_box(ink: np.ndarray, box, text_h: float, near: str):
    """The box (original frame) of a value axis's tick labels inside `box`: components of
    word-smeared ink a line of text high (a rotated axis title is taller, the axis line and tick
    marks thinner), keeping those whose edge nearest the bars lines up with the nearest such
    edge (labels are aligned at the axis; an axis title stands further out). `near`: the
    side facing the bars ('right', 'left', 'top' or 'bottom' of the labels)."""
    x0, y0, x1, y1 = box
    sub = ink[y0:y1, x0:x1]
    if sub.size == 0 or not sub.any():
        return None
    k = max(2, int(round(0.25 * text_h)))
    # Square smearing: the letters of a rotated axis title join into one tall blob.
    blobs = cv2.dilate(sub.astype(np.uint8), np.ones((k, k), np.uint8))
    n, _, stats, _ = cv2.connectedComponentsWithStats(blobs, connectivity=8)
    # A tick label is a few characters long: a component longer than eight text heights is the
    # axis line with its tick marks (under a horizontal chart's labels, nearer the bars than
    # they are) or an axis title, no label.
    # Nor does a label touch the side facing the bars: what does runs on among them (a
    # gridline's stub between the last bar and the axis line).
    sh, sw = sub.shape
    touches = {"right": lambda c: c[0] + c[2] >= sw, "left": lambda c: c[0] <= 0,
               "bottom": lambda c: c[1] + c[3] >= sh, "top": lambda c: c[1] <= 0}[near]
    every = [c for c in (tuple(int(v) for v in stats[i][:4]) for i in range(1, n))
             if c[3] <= 2.0 * text_h and c[2] <= 8.0 * text_h and not touches(c)]
    comps = [c for c in every if c[3] >= 0.4 * text_h and c[2] >= 0.3 * text_h]
    if len(comps) < 2:
        return None
    edge = {"right": lambda c: c[0] + c[2], "left": lambda c: -c[0],
            "bottom": lambda c: c[1] + c[3], "top": lambda c: -c[1]}[near]
    best = max(edge(c) for c in comps)
    keep = [c for c in comps if best - edge(c) <= 1.0 * text_h]
    if len(keep) < 2:
        return None
    # The rest of each label on its line: glyphs set wide apart (a monospace '3.5') are
    # components of their own, and only the one at the aligned edge was kept.
    grown = True
    while grown:
        grown = False
        for c in every:
            if c in keep:
                continue
            for k_ in keep:
                # On the kept glyph's line: top and bottom level with it, or a point on its
                # baseline; and close beside it.
                bottom = abs((c[1] + c[3]) - (k_[1] + k_[3])) <= 0.3 * text_h
                tiny = max(c[2], c[3]) <= 0.4 * text_h or max(k_[2], k_[3]) <= 0.4 * text_h
                level = bottom and (abs(c[1] - k_[1]) <= 0.3 * text_h or tiny)
                gap = max(c[0], k_[0]) - min(c[0] + c[2], k_[0] + k_[2])
                if level and gap <= 0.8 * text_h:
                    keep.append(c)
                    grown = True
                    break
    pad = int(0.3 * text_h) + 1
    return (x0 + max(0, min(c[0] for c in keep) - pad), y0 + max(0, min(c[1] for c in keep) - pad),
            x0 + min(x1 - x0, max(c[0] + c[2] for c in keep) + pad), y0 + min(y1 - y0, max(c[1] + c[3] for c in keep) + pad))


# Value labels are re-read on crops scaled to this text height (tesseract reads digits best
# well above the 10-15 px of a chart's labels) and binarised against what they are printed on.
LABEL_TEXT_PX = 40.0


def _label_boxes(c: Bar, text_h: float, along: bool = False) -> dict[str, tuple[int, int, int, int]]:
    """Upright-frame boxes where a bar's printed value can be: beyond its end, inside it at the
    end, and in the middle of the segment (stacks). `along`: the text runs along the bar (a
    horizontal bar chart turned upright), so the boxes reach a label's length from the end,
    not a text height ('68.0%' inside a bar was read '0%')."""
    reach = 7.0 * text_h if along else 2.2 * text_h
    half = max(0.5 * c.width, 3.0 * text_h)
    depth = min(c.bottom - c.top, reach)
    mid = (c.top + c.bottom) / 2.0
    inset = 2 if c.width >= 2.0 * text_h else 0
    return {
        "end": (int(c.cx - half), int(c.top - reach), int(c.cx + half) + 1, int(c.top) - 1),
        "inside": (c.x0 + inset, int(c.top) + 2, c.x1 - inset, int(c.top + depth)),
        "centre": (c.x0 + 2, int(max(c.top + 1, mid - reach / 2)), c.x1 - 2, int(min(c.bottom, mid + reach / 2))),
    }


def _holds_label(box, c: Bar, text_h: float) -> bool:
    """Whether an inside box of bar `c` is large enough to be read for a label: most of a text
    height along the bar, and across it the bar's own width counts, not the crop's (2 px in
    from each side): a horizontal bar 15 px high holds its 10 px label ('5.6k' on a chart whose
    tick text is 14.5 px high)."""
    return box[3] - box[1] >= 0.8 * text_h and c.width >= 0.8 * text_h


# How a label's crop is turned into an image for OCR, tried in this order until a reading
# agrees with the bar: cut at half the strokes' own contrast (the edge of an anti-aliased
# glyph); kept grey and sharpened (None), for small blurred labels whose strokes run together
# at any cut ('70.5%' read '70 He'); cut higher, for labels whose strokes touch.
INK_FRACTIONS = (0.5, None, 0.7)


def _faint(d: np.ndarray) -> bool:
    """No text in a crop's contrast `d`: nothing differs from the surface by 60, nor by 30 and
    six times what a tenth of the crop differs by (its grain). White text on a pale fill
    differs at most by the fill's own distance from white (76 from light yellow, 54 once
    blurred), yet stands far above the fill's grain."""
    if d.size == 0:
        return True
    top = float(d.max())
    return top < 60 and (top < 30 or top < 6.0 * float(np.percentile(d, 90)))


def _binarised(d: np.ndarray, scale: float, frac: float | None = 0.5) -> np.ndarray | None:
    """Text (large `d`: far from the colour it is printed on) as black on white, enlarged by
    `scale` before thresholding at `frac` of the strokes' contrast so that the glyphs keep their
    anti-aliased shape. With `frac` None the enlarged text is kept grey, sharpened by an unsharp
    mask one original pixel wide (undoing about that much blur), dark where `d` is strongest."""
    if _faint(d):
        return None
    big = cv2.resize(d, None, fx=scale, fy=scale, interpolation=cv2.INTER_CUBIC)
    # Half the strokes' own contrast is where an anti-aliased (or blurred) edge lies; a global
    # threshold (Otsu) on a crop that is mostly background sits lower and fattens the glyphs
    # into blobs ('70.5%' -> '70').
    strong = big[big > 30]
    if strong.size == 0:
        return None
    top = float(np.percentile(strong, 98))
    if frac is None:
        f = big.astype(np.float32)
        f = np.clip(f + 2.0 * (f - cv2.GaussianBlur(f, (0, 0), scale)), 0, None)
        if (f > 0.5 * top).sum() < 6 * scale * scale:
            return None
        return np.clip(255.0 - 255.0 * f / top, 0, 255).astype(np.uint8)
    ink = big > max(frac * top, 30.0)
    if ink.sum() < 6 * scale * scale:
        return None
    return np.where(ink, 0, 255).astype(np.uint8)


def _without_lines(d: np.ndarray, text_h: float) -> np.ndarray:
    """A label crop's contrast without the straight lines that cross the whole crop (a bar's
    outline or white edge, a dark gridline): a column (row) inked over nine tenths of the crop's
    height (width) is no glyph, and read as '|' after the label ('92.8 |' -> '92.81'). Only in
    a crop well over a text height across, where no glyph's stroke runs from edge to edge."""
    if _faint(d):
        return d
    ink = d > 0.5 * float(d.max())
    wide, tall = d.shape[1] >= 1.6 * text_h, d.shape[0] >= 1.6 * text_h
    d = _clear_crossing(d, ink, 0.9 if wide else np.inf, 0.9 if tall else np.inf, 0)
    # A fainter line crossing the crop (a blurred bar side, a pale rule) is below that cut,
    # yet sharpened into a '|' by the grey reading: a column (row) that holds 15 or more, and
    # three times the crop's grain, along nine tenths of its length is such a line, and loses
    # that much (a glyph's column holds only the background there).
    if tall:
        d = _less_floor(d, 0)
    if wide:
        d = _less_floor(d, 1)
    return d


def _less_floor(d: np.ndarray, axis: int) -> np.ndarray:
    """`d` less the floor of its lines along `axis` (0: columns) where that floor stands above
    the grain (see _without_lines)."""
    floor = np.percentile(d, 10, axis=axis)
    line = floor >= max(15.0, 3.0 * float(np.median(floor)))
    if not line.any():
        return d
    floor = np.where(line, floor, 0).astype(np.int16)
    floor = floor[None, :] if axis == 0 else floor[:, None]
    return np.clip(d.astype(np.int16) - floor, 0, 255).astype(d.dtype)


def _without_border_ink(d: np.ndarray) -> np.ndarray:
    """An inside crop's contrast without the marks in its corners (touching two edges that
    meet): the page showing at a rounded bar's corners; a label printed inside its bar stands
    clear of them (it was read '1,202' -> 'L202' with a corner as the 'L'). A blurred label
    may touch one edge, and stays."""
    if d.size == 0 or float(d.max()) < 60:
        return d
    ink = (d > 0.5 * float(d.max())).astype(np.uint8)
    n, lab = cv2.connectedComponents(ink, connectivity=8)
    top, bottom, left, right = (set(np.unique(a)) - {0} for a in (lab[0], lab[-1], lab[:, 0], lab[:, -1]))
    # A corner piece touches two edges that meet; a blurred label may touch one.
    corner = (top | bottom) & (left | right)
    if not corner or len(corner) == n - 1:
        return d  # no corner piece, or everything is one (a label cut by the crop)
    return np.where(np.isin(lab, list(corner)), 0, d).astype(d.dtype)


def _line_at(d: np.ndarray, row: int, text_h: float) -> np.ndarray:
    """`d` with only the line of text on `row` (or the nearest within half a text height) kept:
    beside a grouped horizontal bar the crop also holds its neighbours' labels, above and below,
    which a one-line read turns into garbage. Lines are runs of rows with ink, split at an empty
    row; with one line, or none near `row`, `d` is returned as it is."""
    if d.size == 0:
        return d
    ink = (d >= max(60.0, 0.5 * float(d.max()))).any(axis=1)
    runs, start = [], None
    for r, on in enumerate(list(ink) + [False]):
        if on and start is None:
            start = r
        elif not on and start is not None:
            runs.append((start, r))
            start = None
    lines = [(a, b) for a, b in runs if b - a >= 0.5 * text_h]
    # Nothing else there, or no line: as it is. Shorter runs are cut-off glyphs of the
    # neighbours' labels at the crop's edge, and go.
    if not lines or len(runs) < 2:
        return d
    gap = lambda ab: 0 if ab[0] <= row < ab[1] else min(abs(ab[0] - row), abs(row - ab[1] + 1))  # noqa: E731
    a, b = min(lines, key=gap)
    if gap((a, b)) > 0.5 * text_h:
        return d
    out = np.zeros_like(d)
    a, b = max(0, a - 1), min(len(d), b + 1)
    out[a:b] = d[a:b]
    return out


def _edge_kept(d: np.ndarray, cleared: np.ndarray, bar_d: list[np.ndarray]) -> np.ndarray:
    """A label crop's contrast `d` (from the page) with bars' edges cleared, except the edge of a
    bar that runs through the whole crop: a taller neighbour beside the label, whose wide label
    runs over that edge ('276.8' beside a taller bar read '176.8': the '2' lay in the cleared
    strip). There a pixel's contrast is its distance from the nearest surface colour (the page
    or a bar in the crop, `bar_d`): glyphs stay, the edge's straight line is left for
    `_without_lines`, which removes lines crossing the whole crop."""
    out = np.where(cleared, 0, d).astype(np.uint8)
    if cleared.size == 0:
        return out
    # Columns cleared from top to bottom: a taller bar's side; rows cleared from edge to edge:
    # a longer horizontal bar's side along the label (the upper half of '59.7%' under a longer
    # neighbour, bar seed-57 bar052).
    cols, rows = cleared.all(axis=0), cleared.all(axis=1)
    if not cols.any() and not rows.any():
        return out
    near = d.copy()
    for b in bar_d:
        near = np.minimum(near, b)
    # The side's own line (an outline, its blur) is inked along the whole crop, which no glyph
    # is: such a column (row) stays cleared, even where it is too faint for `_without_lines`
    # (a grey outline beside dark text, read '|' before '2.1x').
    cols &= near.min(axis=0) < 30
    rows &= near.min(axis=1) < 30
    kept = cols[None, :] | rows[:, None]
    return np.where(kept, near, out).astype(np.uint8)


def _centred_on(d: np.ndarray, col: float, text_h: float) -> np.ndarray:
    """`d` with only the text centred on column `col` (its bar's centre) kept: a value label
    is centred on its bar, and where a neighbour's label touches it (a wide label over a
    narrow bar: '18,647' '18,402' read '478,402') the text runs on further to one side. The
    text through `col` is the run of inked columns with gaps narrower than 0.8 text heights
    (a blurred decimal point leaves half a text height unlit); when it reaches out further on
    one side than the other by more than half a text height, the longer side is cut at the
    shorter one's mirror image."""
    if d.size == 0 or _faint(d):
        return d
    cols = (d > 0.5 * float(d.max())).any(axis=0)
    c = int(round(col))
    gap = max(2, int(round(0.8 * text_h)))
    near = [i for i in range(max(0, c - gap), min(len(cols), c + gap + 1)) if cols[i]]
    if not near:
        return d
    lo = hi = min(near, key=lambda i: abs(i - c))
    while True:
        ext = [i for i in range(max(0, lo - gap), lo) if cols[i]]
        if not ext:
            break
        lo = ext[0]
    while True:
        ext = [i for i in range(hi + 1, min(len(cols), hi + gap + 1)) if cols[i]]
        if not ext:
            break
        hi = ext[-1]
    left, right = col - lo, hi + 1 - col
    if abs(left - right) <= 0.5 * text_h:
        return d
    half = min(left, right) + 0.15 * text_h
    out = d.copy()
    out[:, :max(0, int(np.floor(col - half)))] = 0
    out[:, int(np.ceil(col + half)):] = 0
    return out


def _read_label_crop(rgb, frame: Frame, box_u, fill, blank, text_h, frac: float | None = 0.5,
                     corners: bool = False, row: float | None = None,
                     centre: float | None = None) -> list[Word]:
    """OCR of one value-label box as a single line: the crop (in the original frame, where the
    text is upright) is what differs from `fill`; `blank` is (bars and their edges, cleared;
    bars' inner parts by index + 1; their colours): over another bar, text is what differs
    from that bar's colour."""
    h, w = rgb.shape[:2]
    x0, y0, x1, y1 = frame.box_to_orig(*box_u)
    x0, y0, x1, y1 = int(max(0, x0)), int(max(0, y0)), int(min(w, x1)), int(min(h, y1))
    if x1 - x0 < 4 or y1 - y0 < 4:
        return []
    crop = rgb[y0:y1, x0:x1]
    d = imageops.color_distance(crop, fill)
    if blank is not None:
        cleared, owner, colors = blank
        own = owner[y0:y1, x0:x1]
        bar_d = {i: imageops.color_distance(crop, colors[i - 1]) for i in np.unique(own[own > 0])}
        d = _edge_kept(d, cleared[y0:y1, x0:x1], list(bar_d.values()))
        for i, di in bar_d.items():
            on = own == i
            d[on] = di[on]
    d = _without_lines(d, text_h)
    if row is not None:
        d = _line_at(d, int(round(row)) - y0, text_h)
    if centre is not None:
        d = _centred_on(d, centre - x0, text_h)
    if corners:
        d = _without_border_ink(d)
    scale = float(np.clip(LABEL_TEXT_PX / max(text_h, 1.0), 1.0, 5.0))
    img = _binarised(d, scale, frac)
    if img is None:
        return []
    pad = int(0.4 * LABEL_TEXT_PX)
    got = ocr.read_words(np.pad(img, pad, constant_values=255), 1.0, ocr.PSM_LINE)
    return [Word(v.text, v.conf, int(round((v.x0 - pad) / scale + x0)), int(round((v.y0 - pad) / scale + y0)),
                 int(round((v.x1 - pad) / scale + x0)), int(round((v.y1 - pad) / scale + y0))) for v in got if v.text]


def _as_label(words: list[Word], text_h: float) -> Word | None:
    """The words of one line read as one value label ('1.9' '7k' -> '1.97k' is no label, but
    '2,4' '47' split by OCR is '2,447'): joined without spaces, kept when it parses."""
    if not words:
        return None
    ws = sorted(words, key=lambda v: v.x0)
    # A lone '|' at either end of the line is a bar's side or a rule beside the label (a
    # blurred side inside the bar, too faint for _without_lines: '0.5k' '|'), no glyph of it.
    while len(ws) > 1 and set(ws[-1].text) <= {"|"}:
        ws = ws[:-1]
    while len(ws) > 1 and set(ws[0].text) <= {"|"}:
        ws = ws[1:]
    # A leading mark with no digit that OCR itself gives no confidence is the corner of a
    # neighbouring bar's end in the crop, no sign of the label ('-' at 0 before '24.2').
    while len(ws) > 1 and ws[0].conf < 10 and not any(c.isdigit() for c in ws[0].text):
        ws = ws[1:]
    for text in ("".join(v.text for v in ws), _join(ws, text_h)):
        p = parse_value_label(text)
        if p is not None and p[1] is not None:
            return Word(p[0], float(min(v.conf for v in ws)), min(v.x0 for v in ws), min(v.y0 for v in ws),
                        max(v.x1 for v in ws), max(v.y1 for v in ws))
    return None


def _digits(t: str) -> int:
    return sum(ch.isdigit() for ch in t)


def _agrees(v: Word, want: float | None, tol: float) -> bool:
    """The reading's number is the bar's length value `want` within `tol` and the label's own
    rounding. A printed zero agrees with no bar longer than `tol`: a bar drawn that long has
    a value its label shows ('0k' is '0.3k' with its point and digit lost, and '0k' rounds
    anything under 500)."""
    p = parse_value_label(v.text)
    if want is None or p is None or p[1] is None or (p[1] == 0 and abs(want) > tol):
        return False
    return abs(p[1] - want) <= tol + label_half_unit(p[0])


def _read_value_labels(rgb, frame: Frame, segments, page_labels, expected, bg, text_h, reads=None,
                       unit_px: float | None = None, memo: dict | None = None):
    """The printed value of every bar segment: its page-pass word, checked against a re-read of
    its crop (binarised, enlarged, one line). Labels sit at one place on a chart (beyond the
    bars' ends, inside at the end, or centred in stacked segments): the place the page pass
    found most labels at is tried first. Of several readings, the one agreeing with the bar's
    length (within its tolerance) wins, the more digits the better ('70' < '70.5%'); without an
    axis to check against, the most confident. Returns {segment index: Word}; `reads`, when
    given, is filled with every bar's readings as read (before any repair). `unit_px`: data
    units per pixel of bar length on a linear value axis (see _on_the_line). `memo` keeps the
    crops' readings for a second pass over the same chart."""
    h, w = rgb.shape[:2]
    blank = np.zeros((h, w), bool)
    for c in segments:
        x0, y0, x1, y1 = frame.box_to_orig(c.x0, int(c.top), c.x1, int(c.bottom) + 1)
        blank[max(0, int(y0)):int(y1), max(0, int(x0)):int(x1)] = True
    # Blur spreads a bar's side a pixel or two beyond its rectangle: a dark line at a crop's
    # edge that would set the threshold above the faint label ('32.8%' lost to '1. 8%').
    k = max(2, int(round(0.25 * text_h)))
    blank = cv2.dilate(blank.astype(np.uint8), np.ones((2 * k + 1, 1) if frame.horizontal else (1, 2 * k + 1),
                                                       np.uint8)) > 0
    # A label wider than its bar runs over a taller neighbour ('40.8%' beside a 93.5% bar):
    # there it is read against that bar's colour, not cleared. Each bar's inner part, k pixels
    # in from its sides and end (edges and outlines stay cleared), holds its index + 1.
    owner = np.zeros((h, w), np.int32)
    for i, c in enumerate(segments):
        ux0, ux1, ut = c.x0 + k, c.x1 - k, int(c.top) + k
        if ux1 - ux0 >= 2 and int(c.bottom) - ut >= 2:
            x0, y0, x1, y1 = frame.box_to_orig(ux0, ut, ux1, int(c.bottom) + 1)
            owner[max(0, int(y0)):int(y1), max(0, int(x0)):int(x1)] = i + 1
    blank = (blank, owner, [c.color for c in segments])
    stacked = any(c.level > 0 for c in segments)
    votes = {"end": 0, "inside": 0, "centre": 0}
    for bi, v in page_labels.items():
        u, c = frame.word(v), segments[bi]
        votes["end" if u.y1 <= c.top + 0.4 * text_h else ("centre" if stacked else "inside")] += 1
    order = sorted(votes, key=lambda k: (-votes[k], ["centre", "end", "inside"].index(k) if stacked
                                         else ["end", "inside", "centre"].index(k)))
    if not stacked:
        order = [k for k in order if k != "centre"]
    top_votes = max(votes.values())
    out, read, pools = {}, {}, {}
    calls = 0
    budget = 5 * len(segments) + 6
    for bi, c in enumerate(segments):
        want = expected[bi]
        tol = 0.0
        if want is not None:
            tol = 0.02 * max(abs(e) for e in expected if e is not None) + 1e-9
        cands = []
        if bi in page_labels:
            cands.append(page_labels[bi])
        boxes = _label_boxes(c, text_h, frame.horizontal)
        # Only the chart's label place is searched, unless the page pass found none anywhere
        # (a blurred chart, light labels inside the bars): then every place is.
        places = order if top_votes == 0 else [k for k in order if votes[k] == top_votes] + \
            [k for k in order if votes[k] != top_votes and bi not in page_labels]
        for place in places:
            if calls >= budget:
                break
            inside = place != "end"
            box = boxes[place]
            if inside and not _holds_label(box, c, text_h):
                continue
            done = False
            # Inside a bar, last, the crop without its corners (a rounded bar's corners show
            # the page, read as glyphs: '1,202' -> 'L202').
            # It does not use up the chart's budget: the bars after it are read as before.
            for frac, corners in [(f, False) for f in INK_FRACTIONS] + ([(0.5, True)] if inside else []):
                if calls >= budget and not corners:
                    break
                calls += not corners
                key = (bi, place, frac, corners)
                if memo is None or key not in memo:
                    words_read = _read_label_crop(rgb, frame, box, c.color if inside else bg,
                                                  None if inside else blank, text_h, frac, corners,
                                                  c.cx if frame.horizontal and not inside else None,
                                                  c.cx if not frame.horizontal and not inside else None)
                    if memo is not None:
                        memo[key] = words_read
                words_read = memo[key] if memo is not None else words_read
                got = _as_label(words_read, text_h)
                if got is None and want is not None:
                    # Letters for digits ('SI' for a serif '51'): kept only when agreeing.
                    got = _as_label([Word(v.text.translate(_DIGIT_LOOKALIKES), v.conf, v.x0, v.y0, v.x1, v.y1)
                                     for v in words_read], text_h)
                    got = got if got is not None and _agrees(got, want, tol) else None
                if got is not None and _label_cost(frame.word(got), c, text_h) is not None:
                    cands.append(got)
                    # An unsure agreeing reading ('70He' at 33 for '70.5%') does not end the search.
                    if (_agrees(got, want, tol) and got.conf >= 50) or (want is None and got.conf >= 70):
                        done = True
                        break
            if done:
                break
        read[bi] = list(cands)
        if reads is not None:
            reads[bi] = list(cands)
        if want is not None and cands and not any(_agrees(v, want, tol) for v in cands):
            cands = cands + [Word(t, v.conf, v.x0, v.y0, v.x1, v.y1) for v in cands
                             for t in _decimal_variants(v.text) + _separator_variants(v.text)
                             + _glyph_variants(v.text)]
            # A '1' put in front only where it agrees: a longer reading would otherwise win
            # over its source for holding its digits and more (see _choose_label).
            cands = cands + _agreeing_lead_one(cands, want, tol)
        pools[bi] = (cands, want, tol)
    unit = _chart_unit(list(read.values()))
    for bi, (cands, want, tol) in pools.items():
        best = _choose_label(cands, want, tol, unit)
        # An unsure crop reading the page pass did not see, agreeing with no length, is what OCR
        # makes of some other mark there (an annotation's arrow across the bar read '4s').
        if best is not None and want is not None and bi not in page_labels and best.conf < 50 \
                and not _agrees(best, want, tol):
            best = None
        if best is not None:
            out[bi] = best
    # The ending the agreeing labels share ('k', '%', 'x'), put on the readings of a bar that
    # none agree with in place of what OCR made of it ('33e' -> '3.3k', '3.3%' -> '3.3k').
    ends = [_ending(v.text) for bi, v in out.items() if _agrees(v, pools[bi][1], pools[bi][2])]
    end = max(set(ends), key=ends.count) if ends else None
    if end and ends.count(end) >= 2 and ends.count(end) > len(ends) / 2:
        for bi, (cands, want, tol) in pools.items():
            if want is None or not cands or any(_agrees(v, want, tol) for v in cands):
                continue
            extra = []
            for v in cands:
                t = v.text[:len(v.text) - len(_ending(v.text))] + end
                extra += [Word(x, v.conf, v.x0, v.y0, v.x1, v.y1) for x in [t] + _decimal_variants(t)]
            if any(_agrees(v, want, tol) for v in extra):
                out[bi] = _choose_label(cands + extra, want, tol, unit)
    return _on_the_line(_keep_format(out, pools), pools, unit_px, [c.level for c in segments])


# How far, in pixels of bar length, a printed value may lie from the line on which the chart's
# other labels and bar lengths agree: a bar's end is found to a pixel or so, and its label
# rounds the value (half its last digit, added apart).
LINE_PX = 1.5


# Digits whose glyphs share most of their strokes, confused by OCR on small or blurred labels
# (all seen: '29.2' read '23.2', '76.4' '70.4', '647' '637', '6,537' '6,237', '1,547' '1,947').
_DIGIT_TWINS = {frozenset(p) for p in ("06", "08", "09", "14", "17", "23", "25", "27", "34", "35", "37", "38",
                                       "39", "49", "56", "58", "59", "68", "89")}


def _digit_substitutions(text: str) -> list[tuple[str, bool]]:
    """The reading with one digit replaced by another, every way, each with whether the two
    digits are twins (_DIGIT_TWINS)."""
    return [(text[:i] + d + text[i + 1:], frozenset(c + d) in _DIGIT_TWINS) for i, c in enumerate(text)
            if c.isdigit() for d in "0123456789" if d != c and not (d == "0" and i == 0)]


def _on_the_line(out: dict, pools: dict, unit_px: float | None, levels: list[int] | None = None) -> dict:
    """A misread digit put right by the chart's other labels. The labels that agree with
    their bars lie on one line, label = length value + a constant (a baseline a pixel or two
    off shifts every length alike), within LINE_PX of it; in a stack, one line per level
    (`levels`: each segment's), three agreeing labels or more making one, for a segment's two
    ends are found with the bias of the colours meeting there (bar seed-43 bar040: middle
    segments a pixel long, top ones a pixel short). A bar whose reading lies off that
    line (agreeing with no length, or far beyond the line's width) had a digit misread: its
    readings with one digit replaced that land on the line are its candidates; those in the
    chart's format first, then those replacing a digit by its twin in shape; taken when they
    leave exactly one value (a digit worth less than the line's width leaves many, and the
    reading stays as read)."""
    if not unit_px or unit_px <= 0:
        return out
    good = [bi for bi, v in out.items() if _agrees(v, pools[bi][1], pools[bi][2])]
    if len(good) < 3:
        return out
    res = np.array([parse_value_label(out[bi].text)[1] - pools[bi][1] for bi in good])
    level = (lambda bi: levels[bi]) if levels else (lambda bi: 0)  # noqa: E731
    at = np.array([level(bi) for bi in good])
    offs = {lv: float(np.median(res[at == lv])) if (at == lv).sum() >= 3 else float(np.median(res))
            for lv in set(at.tolist())}
    off_of = lambda bi: offs.get(level(bi), float(np.median(res)))  # noqa: E731
    width = LINE_PX * unit_px
    near = np.abs(res - np.array([off_of(bi) for bi in good])) <= \
        width + np.array([label_half_unit(out[bi].text) for bi in good])
    # The line holds only where the labels that agree keep to it.
    if near.mean() < 0.75:
        return out
    forms = [_form(out[bi].text) for bi, ok in zip(good, near) if ok]
    common = max(set(forms), key=forms.count)
    out = dict(out)
    for bi, (cands, want, tol) in pools.items():
        if want is None or not cands:
            continue
        cur = out.get(bi)
        if cur is not None and bi in good and \
                abs(parse_value_label(cur.text)[1] - want - off_of(bi)) <= 3 * width + label_half_unit(cur.text):
            continue
        hits = []
        for v in cands:
            for t, twin in _digit_substitutions(v.text):
                p = parse_value_label(t)
                if p is None or p[1] is None or abs(p[1] - want - off_of(bi)) > width + label_half_unit(p[0]):
                    continue
                hits.append((p[1], _form(p[0]) == common, twin, Word(p[0], v.conf, v.x0, v.y0, v.x1, v.y1)))
        for k in (1, 2):
            if any(h[k] for h in hits):
                hits = [h for h in hits if h[k]]
        if len({h[0] for h in hits}) == 1:
            out[bi] = max(hits, key=lambda h: h[3].conf)[3]
    return out


def _form(text: str) -> tuple[int, str] | None:
    """A number label's format: (digits after its decimal point, what follows its last digit)."""
    p = parse_value_label(text)
    if p is None or p[1] is None:
        return None
    m = re.search(r"\.(\d+)\D*$", text)
    return (len(m.group(1)) if m else 0), _ending(text)


def _form_variants(text: str, form: tuple[int, str]) -> list[str]:
    """A reading put in a chart's format: look-alike letters read as digits ('4On' -> '40n'),
    the ending replaced by the chart's ('7.5m' -> '7.5x'), a lost point put back ('40x' ->
    '4.0x'), digits beyond the chart's decimals cut ('2.34x' -> '2.3x', '19.0' -> '19': a
    speck read as a digit). Only a variant agreeing with its bar is taken (the caller)."""
    decimals, end = form
    out = []
    for t in dict.fromkeys((text, text.translate(_DIGIT_LOOKALIKES))):
        stem = t[:len(t) - len(_ending(t))]
        if not stem or not stem[-1].isdigit():
            continue
        m = re.match(r"^(.*?\d)\.(\d+)$", stem)
        if m and len(m.group(2)) > decimals:
            stem = m.group(1) + ("." + m.group(2)[:decimals] if decimals else "")
        out += [stem + end] + _decimal_variants(stem + end)
    return out


def _zero_padded(text: str, form: tuple[int, str]) -> str | None:
    """A reading intact but for a lost point and the zeros after it, its ending the chart's
    ('40.0%' read '40%': the point merges into the round glyphs beside it), with the zeros put
    back (which change no value); None for any other reading."""
    decimals, end = form
    stem = text[:len(text) - len(_ending(text))]
    m = re.fullmatch(r"[\d,]*\d(\.(\d+))?", stem)
    have = len(m.group(2)) if m and m.group(2) else 0
    if _ending(text) != end or not m or have >= decimals:
        return None
    return stem + ("" if have else ".") + "0" * (decimals - have) + end


def _keep_format(out: dict, pools: dict) -> dict:
    """The labels of one chart are printed in one format (decimals, ending): when agreeing
    labels share one (see below), a bar's reading that breaks it ('39.7' among
    integers, '7.5m' or '4On' among '4.3x') gives way to a reading of the same bar, or a
    variant of one (_form_variants), in that format and agreeing with the bar's length."""
    forms = [_form(v.text) for bi, v in out.items() if _agrees(v, pools[bi][1], pools[bi][2])]
    forms = [f for f in forms if f is not None]
    if not forms:
        return out
    counts = sorted((forms.count(f) for f in set(forms)), reverse=True)
    common = max(set(forms), key=forms.count)
    # OCR garbles endings many ways ('7.5m', '4On', '1Ss'), each once: the format is the one
    # most labels share, by at least two and a third, and no other as often.
    if counts[0] < 2 or counts[0] < len(forms) / 3 or (len(counts) > 1 and counts[1] == counts[0]):
        return out
    for bi, (cands, want, tol) in pools.items():
        cur = out.get(bi)
        if want is None or not cands or (cur is not None and _form(cur.text) == common):
            continue
        alts = [Word(t, v.conf, v.x0, v.y0, v.x1, v.y1) for v in cands
                for t in dict.fromkeys([v.text] + _form_variants(v.text, common))]
        alts = [a for a in alts if _form(a.text) == common and _agrees(a, want, tol)]
        if not alts:
            # Zeros are put back last: a reading that kept its digits speaks first ('2.2k' over
            # '2k' padded to '2.0k', both within the bar's tolerance).
            alts = [Word(t, v.conf, v.x0, v.y0, v.x1, v.y1) for v in cands
                    for t in [_zero_padded(v.text, common)] if t is not None]
            alts = [a for a in alts if _agrees(a, want, tol)]
        if alts:
            out[bi] = max(alts, key=lambda a: a.conf)
    return out


def _ending(text: str) -> str:
    """What follows a label's last digit ('k' of '3.3k', '' of '111')."""
    i = max((k for k, c in enumerate(text) if c.isdigit()), default=-1)
    return text[i + 1:]


def _chart_unit(reads: list[list[Word]]) -> str | None:
    """The unit ('%', 'x' or none) of a chart's value labels: the one that most bars have
    among their readings (each bar counted once per unit), when more than half of the bars
    with readings have it. OCR confuses a small '%' and 'x' ('2.1x' read '2.1%' more surely);
    the chart's other bars tell which it prints."""
    bars = [{_unit_of(v.text) for v in rs} - {None} for rs in reads if rs]
    if len(bars) < 2:
        return None
    counts = {u: sum(u in b for b in bars) for u in ("%", "x", "")}
    best = max(counts, key=counts.get)
    ties = [u for u in counts if counts[u] == counts[best]]
    return best if len(ties) == 1 and counts[best] > len(bars) / 2 else None


# Units that do not change a label's number, and that OCR confuses with each other ('7.4x'
# read '7.4%') or loses (a small 'x' after '2.6').
_UNITS = ("%", "x", "\u00d7")


def _unit_of(text: str) -> str | None:
    """The value-neutral unit a label ends with ('' for none, None for other endings)."""
    t = text.strip()
    if t and t[-1].isdigit():
        return ""
    for u in _UNITS:
        if t.endswith(u) or (u == "x" and t.endswith("X")):
            return u
    return None


def _harmonise_units(texts: list[str]) -> list[str]:
    """The value labels of one chart share one unit: the one most labels carry (at least two)
    replaces a confusable other unit and is put back where OCR lost it ('7.4%' among '7.3x'
    '7.0x' -> '7.4x'; '2.6' among '2.9x' '1.5x' -> '2.6x'). Labels ending otherwise ('k',
    'OOM') are left alone."""
    units = [_unit_of(t) for t in texts]
    counts = {u: units.count(u) for u in _UNITS}
    best = max(_UNITS, key=lambda u: counts[u])
    carried = sum(counts.values())
    if counts[best] < 2 or counts[best] <= carried / 2:
        return list(texts)
    out = []
    for t, u in zip(texts, units):
        if u is None or t.rstrip().endswith(best):
            out.append(t)
        elif u == "":
            out.append(t + best)
        else:
            out.append(t.rstrip().rstrip("%xX\u00d7") + best)
    return out


def _decimal_variants(text: str) -> list[str]:
    """A label read without its decimal point ('27k' for '2.7k', '75x' for '7.5x': the point is
    a few pixels and blur or a small font loses it): the readings with a point put back between
    two of its digits. Only a reading that then agrees with its bar is taken (the caller)."""
    i = next((k for k, c in enumerate(text) if c.isdigit()), None)
    if i is None:
        return []
    j = i
    while j < len(text) and text[j].isdigit():
        j += 1
    if j < len(text) and text[j] in ".,":
        return []  # the number has its point (or a separator) already
    return [text[:k] + "." + text[k:] for k in range(i + 1, j)]


# Letters OCR reads for digits in a serif or blurred face ('SI' for '51', 'O' for '0'); a '1'
# whose foot runs into a bar's outline beside it is read as a bracket ('3,65]' for '3,651'); a
# '0' whose top row the inside crop cut off (white text filling a thin bar) as 'U' ('2U.5K').
_DIGIT_LOOKALIKES = str.maketrans({"O": "0", "o": "0", "D": "0", "S": "5", "s": "5", "I": "1", "l": "1",
                                   "|": "1", "i": "1", "B": "8", "Z": "2", "z": "2", "G": "6", "b": "6",
                                   "g": "9", "q": "9", "]": "1", "[": "1", "U": "0"})


def _glyph_variants(text: str) -> list[str]:
    """A reading with digit look-alike letters read as digits ('SI' -> '51', '1O.5%' ->
    '10.5%'), when that is a number; only a variant agreeing with its bar is taken (the caller)."""
    t = text.translate(_DIGIT_LOOKALIKES)
    if t == text:
        return []
    p = parse_value_label(t)
    return [t] if p is not None and p[1] is not None else []


def _lead_one_variants(text: str) -> list[str]:
    """A label whose leading '1' was lost: a '1' is one upright stroke, and where a wide label
    starts over a neighbouring bar's side the stroke lies on that side's line and is cleared
    with it ('13,187' read '3,187'). The reading with a '1' put in front of its first digit;
    only a variant that then agrees with its bar is taken (the caller)."""
    i = next((k for k, c in enumerate(text) if c.isdigit()), None)
    return [text[:i] + "1" + text[i:]] if i is not None else []


def _agreeing_lead_one(cands: list[Word], want: float, tol: float) -> list[Word]:
    """The readings of `cands` with a lost leading '1' put back (_lead_one_variants) that agree
    with the bar's length `want` (within `tol`)."""
    out = [Word(t, v.conf, v.x0, v.y0, v.x1, v.y1) for v in cands for t in _lead_one_variants(v.text)]
    return [v for v in out if _agrees(v, want, tol)]


def _separator_variants(text: str) -> list[str]:
    """A thousands comma read as a point or the reverse ('2.293' for '2,293': on a small or
    blurred label the two differ by a pixel or two): the reading with the other mark, when
    exactly three digits follow it. Only a variant that then agrees with its bar is taken."""
    m = re.match(r"^(\D*\d{1,3})([.,])(\d{3})(\D*)$", text)
    if m:
        return [m.group(1) + ("," if m.group(2) == "." else ".") + m.group(3) + m.group(4)]
    # A comma before one or two digits is no thousands separator: a point ('4,4k').
    m = re.match(r"^(\D*\d+),(\d{1,2})(\D*)$", text)
    return [m.group(1) + "." + m.group(2) + m.group(3)] if m else []


def _harmonise_format(texts: list[str]) -> list[str]:
    """The value labels of one chart are written one way: when most of the labels of four or
    more integer digits carry thousands commas (at least two), the others get them ('9246'
    among '9,427' '8,689' -> '9,246'); the case most 'k'/'K' suffixes have is given to the rest
    ('5.1K' among '4.1k' '5.2k' -> '5.1k': OCR tells the two apart by size alone); a hedge
    carried by few labels is dropped."""
    big = [t for t in texts if re.match(r"^\D*\d{1,3}(,\d{3})+(\.\d+)?\D*$", t) or
           re.match(r"^\D*\d{4,}(\.\d+)?\D*$", t)]
    with_commas = [t for t in big if "," in t]
    out = list(texts)
    if len(with_commas) >= 2 and len(with_commas) > len(big) / 2:
        for i, t in enumerate(out):
            m = re.match(r"^(\D*)(\d{4,})(\.\d+)?(\D*)$", t)
            if m:
                out[i] = m.group(1) + f"{int(m.group(2)):,}" + (m.group(3) or "") + m.group(4)
    # A thousands comma read as a point ('2.569' among '4,055' '1,001'): where half the labels
    # or more are whole thousands with commas, one with exactly three decimals whose thousands
    # lie within the others' span (halved and doubled) is one of them. (Half: two of four
    # labels inside bars read '10.851' and '22.346' beside '19,931' and '12,651', bar seed-58
    # bar052, and with no value axis the scale fitted the points.)
    commas = [int(re.sub(r"\D", "", t)) for t in out if re.match(r"^\D*\d{1,3}(,\d{3})+\D*$", t)]
    if len(commas) >= 2 and len(commas) >= len(texts) / 2:
        lo, hi = min(commas) / 2, max(commas) * 2
        for i, t in enumerate(out):
            m = re.match(r"^(\D*[1-9]\d{0,2})\.(\d{3}\D*)$", t)
            if m and lo <= int(re.sub(r"\D", "", t)) <= hi:
                out[i] = m.group(1) + "," + m.group(2)
    # A hedge ('~', '≈') printed before some labels only is a bar's rounded corner or
    # edge read as one ('~2.3x' among '1.9x' '3.0x'): kept only where most labels carry it.
    hedged = [t[:1] in ("~", "≈") for t in out]
    if 0 < sum(hedged) <= len(out) / 2:
        out = [t[1:].lstrip() if h else t for t, h in zip(out, hedged)]
    ends = [t[-1] for t in out if len(t) >= 2 and t[-1] in "kK" and t[-2].isdigit()]
    if len(ends) >= 3:
        case = max("kK", key=ends.count)
        if ends.count(case) > len(ends) / 2:
            out = [t[:-1] + case if len(t) >= 2 and t[-1] in "kK" and t[-2].isdigit() else t for t in out]
    return out


def _choose_label(cands: list[Word], want: float | None, tol: float, unit: str | None = None) -> Word | None:
    """Of several readings of one bar's label: those agreeing with the bar's length (within
    `tol` and the label's own rounding) first, of them the one with most digits ('70' < '70.5%',
    both agree), then the one in the chart's `unit` ('2.1x' over a surer '2.1%' on a chart
    printing 'x'), then the most confident. With none agreeing (or no axis to check against):
    the one in the chart's unit, then the most confident; unless another reading holds all its
    digits and more in front, in a label's form ('20.5' over '0.5%': a digit lost at a
    neighbouring bar's edge)."""
    if not cands:
        return None
    in_unit = lambda v: unit is not None and _unit_of(v.text) == unit  # noqa: E731
    agreeing = [v for v in cands if _agrees(v, want, tol)]
    if agreeing:
        return max(agreeing, key=lambda v: (_digits(v.text), in_unit(v), v.conf))
    best = max(cands, key=lambda v: (in_unit(v), v.conf))
    digits = lambda t: "".join(c for c in t if c.isdigit())  # noqa: E731
    d = digits(best.text)
    longer = [v for v in cands if len(digits(v.text)) > len(d) and digits(v.text).endswith(d)
              and _unit_of(v.text) is not None]
    return max(longer, key=lambda v: v.conf) if longer and d else best


def _reread_value(gray, v: Word, text_h, budget) -> Word:
    """A value label read again on its own, one line, a little wider than the page pass saw it
    ('70' of '70.5%' under blur); the longer reading that keeps the first one's digits wins."""
    if budget[0] <= 0:
        return v
    h, w = gray.shape
    px, py = int(0.8 * text_h), int(0.3 * text_h) + 1
    x0, y0, x1, y1 = max(0, v.x0 - px), max(0, v.y0 - py), min(w, v.x1 + px), min(h, v.y1 + py)
    budget[0] -= 1
    scale = float(np.clip(30.0 / max(text_h, 1), 1.0, 4.0))
    got = ocr.read_crop(gray[y0:y1, x0:x1], (x0, y0), scale)
    got = [g for g in got if layout.overlaps(g, v) and parse_value_label(g.text) is not None]
    if len(got) != 1:
        return v
    g = got[0]
    digits = lambda t: "".join(c for c in t if c.isdigit())  # noqa: E731
    if g.text == v.text:
        return v if v.conf >= g.conf else g
    # Longer only at the end ('70' -> '70.5%'): a glyph gained in front is the bar's edge.
    if digits(g.text).startswith(digits(v.text)) and len(g.text) > len(v.text) and g.conf >= 50:
        return g
    return g if g.conf > v.conf + 10 else v


def _reread_labels(rgb, gray, frame, segments, labels_of, text_h, budget, taken):
    """Bars left without a label on a chart that prints them: read beyond the bar's end, then
    inside it near the end (in the bar's own colour contrast)."""
    inside_first = sum(1 for bi, v in labels_of.items()
                       if frame.word(v).y0 >= segments[bi].top - 0.2 * text_h) > len(labels_of) / 2
    for bi, c in enumerate(segments):
        if bi in labels_of or budget[0] <= 0:
            continue
        half = max(0.5 * c.width, 2.5 * text_h)
        above = (int(c.cx - half), int(c.top - 2.0 * text_h), int(c.cx + half) + 1, int(c.top))
        inside = (c.x0, int(c.top + 1), c.x1, int(min(c.bottom, c.top + 2.0 * text_h)))
        tries = [(inside, c.color), (above, None)] if inside_first else [(above, None), (inside, c.color)]
        for box, col in tries:
            if budget[0] <= 0:
                break
            budget[0] -= 1
            got = [v for v in _read_box(rgb, gray, frame, box, text_h, col) if parse_value_label(v.text) is not None
                   and parse_value_label(v.text)[1] is not None
                   and not any(layout.overlaps(v, t) for t in taken)]
            got = [v for v in got if _label_cost(frame.word(v), c, text_h) is not None]
            if got:
                best = max(got, key=lambda v: v.conf)
                labels_of[bi] = best
                taken.append(best)
                break
