"""Blobs found like markers that are no data marks: digits of point labels whose counters
filled in, glyphs of a text row, tick marks, the dots of a bold dotted gridline."""
from __future__ import annotations

import cv2
import numpy as np

from .. import imageops, layout, ocr
from ..grouping import linked_groups
from ..marks.legend import chromatic
from ..numbers import parse_point_label
from . import text_words


def in_sure_word(b, words, min_conf: float = 90, min_chars: int = 4, letters_only: bool = True) -> bool:
    """Blob `b` lies inside the box of a word of `min_chars` letters (or letters and digits)
    or more that OCR read surely (a bold blurred title's letters, deeper than the masking of text
    leaves alone; a glyph's counter of a value label printed on a bar): a mark there would have
    spoilt the reading. The blob is a small part of the word: OCR boxes a legend swatch read as
    letters ('Mmmm') round the swatch."""
    def sure(v) -> bool:
        n = sum(c.isalpha() if letters_only else c.isalnum() for c in v.text)
        return v.conf >= min_conf and n >= min_chars and 4 * b.area <= v.w * v.h
    return any(sure(v) and v.x0 - 1 <= b.box[0] and b.box[2] <= v.x1 + 1 and v.y0 - 2 <= b.box[1] and b.box[3] <= v.y1 + 2
               for v in words)


def counter_glyph(b, ink: np.ndarray, bg, min_delta: float = 40.0) -> bool:
    """Blob `b` is a glyph whose counter was filled in ('0', '8', 'b' of a label), not a marker.

    find_markers fills enclosed holes so that hollow markers count; a glyph's counter is filled
    the same way, and then the blob's core is page-coloured, where a solid marker's core is its
    ink. A hollow marker has that too, but its hole is one round opening (or two halves, a line
    run through it) centred on the blob; a glyph's counters are tall ('0'), stacked ('8') or
    off-centre ('6', 'b'). Ink colour is not used: labels often share their series' colour."""
    if float(np.abs(np.asarray(b.color, float) - np.asarray(bg, float)).max()) >= min_delta:
        return False
    holes = _holes(b, ink)
    if not holes:
        return True
    x0, y0, x1, y1 = _union(holes)
    hw, hh = x1 - x0, y1 - y0
    size = b.size
    centred = (abs(0.5 * (x0 + x1) - b.cx) <= 0.15 * size + 0.5
               and abs(0.5 * (y0 + y1) - b.cy) <= 0.15 * size + 0.5)
    round_ = max(hw, hh) <= 1.3 * min(hw, hh)
    return not (centred and round_ and len(holes) <= 2)


def hollow_color(b, ink: np.ndarray, rgb: np.ndarray, bg, min_share: float = 0.35):
    """The colour of hollow marker `b`'s outline, or None when `b` is no hollow marker (solid,
    or a glyph whose counter was filled, see counter_glyph). A filled outline's colour is
    mostly its inside, the page's or a tint of it: two series of open markers in two colours
    were one, and a legend's open swatch matched every point (outside set-A out030, set-B
    out031). Hollow: an opening in its ink (or two, a line run through it) at least
    `min_share` of its size each way, about the middle of its box, not far from round, two
    openings no further apart than a line is wide (not the counters of '09' that a gridline
    joins, seed-59 syn021)."""
    holes = [o for o in _holes(b, ink) if o[4] > 2]     # (a speck of page left in the ink is none)
    if not holes or len(holes) > 2 or counter_glyph(b, ink, bg):
        return None
    x0, y0, x1, y1 = _union(holes)
    bx0, by0, bx1, by1 = b.box
    w, h = x1 - x0, y1 - y0
    if min(w, h) < min_share * b.size or max(w, h) > 1.6 * min(w, h) \
            or abs(x0 + x1 - bx0 - bx1) > 0.5 * b.size or abs(y0 + y1 - by0 - by1) > 0.5 * b.size \
            or (len(holes) == 2 and _gap(*holes) > max(3.0, 0.2 * b.size)):
        return None
    px = rgb[by0:by1, bx0:bx1][ink[by0:by1, bx0:bx1]]
    if len(px) < 3:
        return None
    return tuple(int(v) for v in np.median(px, axis=0))


def _holes(b, ink: np.ndarray) -> list[tuple[int, int, int, int, int]]:
    """Boxes (x0, y0, x1, y1, in the image) and areas of the openings the ink encloses about
    blob `b`."""
    pad = max(2, int(round(0.3 * b.size)))
    h, w = ink.shape
    x0, y0 = max(0, b.box[0] - pad), max(0, b.box[1] - pad)
    x1, y1 = min(w, b.box[2] + pad), min(h, b.box[3] + pad)
    return [(x0 + a, y0 + b, x0 + c, y0 + d, area) for a, b, c, d, area in imageops.enclosed_holes(ink[y0:y1, x0:x1])]


def _gap(a, b) -> int:
    """Pixels between two boxes (x0, y0, x1, y1, ...), the larger of the two ways."""
    return max(a[0] - b[2], b[0] - a[2], a[1] - b[3], b[1] - a[3], 0)


def _union(holes):
    return (min(b[0] for b in holes), min(b[1] for b in holes), max(b[2] for b in holes), max(b[3] for b in holes))


def text_row_glyphs(blobs, rgb: np.ndarray, text_rgb, bg, text_h: float) -> list:
    """Blobs that are glyphs of a line of text (a serif '0' or '9' whose counter filled in, grey
    digits blurred solid on a dark page): in the text's colour (`text_rgb`, that of the tick
    labels) where most of the chart's markers are not, no taller than a line of text, and with
    two or more text-sized glyphs of that colour on its line, the first a letter's spacing
    from it (0.3 text heights: a grey marker stands 0.4 off the dark label it carries, s16
    syn046). A chart that draws its markers in its text's colour keeps them all."""
    if text_rgb is None or not blobs:
        return []
    textish = [b for b in blobs if blend_of(_rim_color(b, rgb, bg), text_rgb, bg)
               and b.box[3] - b.box[1] <= 1.2 * text_h]
    if 2 * len(textish) >= len(blobs):
        return []
    return [b for b in textish if sum(_glyphs_beside(b, rgb, text_rgb, bg, text_h, first=0.3)) >= 2]


def _rim_color(b, rgb: np.ndarray, bg, min_delta: float = 40.0) -> tuple:
    """The colour of blob b, or for a blob of the page's colour (a hollow one: its filled
    counter, a '6' or a 'q' of a label as well as a ring marker) that of the darker half of its
    box, its ring: what it is drawn in."""
    if float(np.abs(np.subtract(b.color, bg, dtype=float)).max()) >= min_delta:
        return b.color
    px = rgb[b.box[1]:b.box[3], b.box[0]:b.box[2]].reshape(-1, 3).astype(float)
    if len(px) == 0:
        return b.color
    far = np.abs(px - np.asarray(bg, float)).max(axis=1)
    return tuple(float(v) for v in np.median(px[far >= np.median(far)], axis=0))


def blend_of(color, ink, bg, min_t: float = 0.15, resid: float = 30.0, max_t: float = np.inf) -> bool:
    """`color` is a mix of `ink` and the background `bg` with some ink in it: a glyph's mean
    colour, its strokes and the page its counters enclose, lies on that segment however thin
    the strokes, where a marker of another colour lies off it. `max_t`: at most that share of
    the ink (1: no deeper than the ink itself)."""
    c = np.asarray(color, float) - np.asarray(bg, float)
    d = np.asarray(ink, float) - np.asarray(bg, float)
    t = float(c @ d) / max(float(d @ d), 1.0)
    return min_t <= t <= max_t and float(np.abs(c - t * d).max()) < resid


def _glyphs_beside(b, rgb: np.ndarray, color, bg, text_h: float, gap: float = 0.5, first: float | None = None,
                   min_h: float = 0.3) -> tuple[int, int]:
    """(left, right): how many text-sized connected pieces of `color` (or its blend half-way
    from `bg`) run on from blob `b` along its line on each side, each within `gap` text
    heights of the last; with `first`, a side counts only when its first piece lies within
    `first` text heights of the blob. `min_h`: the least height of a piece, in text heights."""
    h, w = rgb.shape[:2]
    cy = 0.5 * (b.box[1] + b.box[3])
    x0, x1 = max(0, int(b.box[0] - 4 * text_h)), min(w, int(b.box[2] + 4 * text_h))
    y0, y1 = max(0, int(cy - 0.8 * text_h)), min(h, int(cy + 0.8 * text_h) + 1)
    c = rgb[y0:y1, x0:x1].astype(np.float32) - np.asarray(bg, np.float32)
    d = np.asarray(color, np.float32) - np.asarray(bg, np.float32)
    t = (c @ d) / max(float(d @ d), 1.0)
    mask = (t >= 0.5) & (np.abs(c - t[..., None] * d).max(axis=-1) < 40)
    n, _lab, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8), connectivity=8)
    bx0, bx1 = b.box[0] - x0, b.box[2] - x0
    pieces = []
    for i in range(1, n):
        sx, sy, sw, sh = (int(v) for v in stats[i][:4])
        if not (min_h * text_h <= sh <= 1.2 * text_h and sw <= 1.2 * text_h):
            continue
        if sx < bx1 and sx + sw > bx0:      # the blob's own glyph
            continue
        if abs(sy + 0.5 * sh - (cy - y0)) > 0.35 * text_h:
            continue
        pieces.append((sx, sx + sw))
    n_left, n_right, left, right = 0, 0, bx0, bx1
    for sx, ex in sorted(pieces):
        step = (first if first is not None and n_right == 0 else gap) * text_h
        if sx >= bx1 and sx <= right + step:
            right, n_right = ex, n_right + 1
    for sx, ex in sorted(pieces, key=lambda p: -p[1]):
        step = (first if first is not None and n_left == 0 else gap) * text_h
        if ex <= bx0 and ex >= left - step:
            left, n_left = sx, n_left + 1
    return n_left, n_right


def word_counters(blobs, rgb: np.ndarray, colors, bg, text_h: float) -> list:
    """Blobs that are the filled counters of glyphs inside a word printed in one of `colors`
    (the legend's: labels in their series' colour), not ring markers: pale (of the page's
    colour within a ring, or a pale blend: see _rim_color), no taller than a line of text, with
    two glyphs or more of that colour on its line, the first of them a glyph's spacing away
    ('6' of 'n=64', '=' counted). A ring marker stands off its label by more than that."""
    out = []
    for b in blobs:
        if b.box[3] - b.box[1] > 1.2 * text_h:
            continue
        rim = _rim_color(b, rgb, bg)
        for c in colors:
            if blend_of(b.color, c, bg, min_t=0.75) or not blend_of(rim, c, bg):
                continue
            if sum(_glyphs_beside(b, rgb, c, bg, text_h, first=0.2, min_h=0.1)) >= 2:
                out.append(b)
                break
    return out


def glyph_beside(b, v: ocr.Word, text_h: float, typical_area: float) -> bool:
    """Blob `b` is a digit of point label `v` that OCR left out ('4 req' of '64 req': a '6'
    or '8' whose counter filled in reads as a marker): it is narrower than tall, no taller than
    the text, smaller than the chart's typical marker (`typical_area`), on the label's line
    and a letter's spacing from its first or last glyph. A marker is about as wide as tall (a
    steep line through it makes it taller, hence the size)."""
    w, h = b.box[2] - b.box[0], b.box[3] - b.box[1]
    # A line crossing the glyph widens its blob: then it is told by its size alone, under half
    # a marker and shorter than a line of text. A blob filling its box, no stem, is no glyph:
    # a small square marker of a second series with its label beside it (seed-43 syn023).
    solid = b.area >= 0.9 * w * h and w >= 0.6 * h
    shape = not solid and (w < 0.85 * h or (b.area < 0.5 * typical_area and h <= 0.8 * text_h))
    if not (shape and h <= 1.1 * text_h and b.area < 0.75 * typical_area
            and abs(b.cy - v.cy) <= 0.25 * text_h):
        return False
    # A digit left out sits next to a digit: not after a unit ('16 req' beside its marker),
    # nor before a prefix ('bs=').
    text = v.text.strip()
    gaps = [g for g, ok in ((v.x0 - b.box[2], text[:1].isdigit()), (b.box[0] - v.x1, text[-1:].isdigit())) if ok]
    return any(-1 <= g <= 0.3 * text_h for g in gaps)


def lone_units(words, labels) -> list:
    """The words that are a unit alone ('req'), of a unit that two point labels or more print
    ('16 req', '8 req'): the rest of a label whose number went unread."""
    units = text_words.printed_units(labels)
    return [v for v in words if units[v.text.strip()] >= 2]


def digit_before_unit(b, unit: ocr.Word, text_h: float, typical_area: float) -> bool:
    """Blob `b` is a digit of the number before `unit` (a lone unit word, see lone_units) that
    OCR left unread: within its line's height, no taller than the text nor wider than two
    digits, and ending within a space and a digit of it (seed-49 syn017: the '4' of '64 req', its '6'
    crossed by the line, was a point). A marker left of a label stands past its number; one
    touching it makes a blob larger than the chart's typical marker (`typical_area`), a
    glyph's is smaller (seed-55 syn114: a marker run into the '8' of its '8 req')."""
    w, h = b.box[2] - b.box[0], b.box[3] - b.box[1]
    return (b.area < 0.9 * typical_area and h <= 1.1 * text_h and w <= 1.2 * text_h
            and b.box[1] >= unit.y0 - 0.25 * text_h and b.box[3] <= unit.y1 + 0.25 * text_h
            and -1 <= unit.x0 - b.box[2] <= 0.8 * text_h)


# Runs of blobs read as text on one chart (each read a few milliseconds).
_GLYPH_RUN_BUDGET = 12


def _narrow(b, ratio: float = 1.0) -> bool:
    """Narrower than tall, and than the chart's markers (`ratio`: their typical width over
    height; a triangle with a line through it is taller than wide too): a glyph's shape ('b',
    '6'), not a marker's."""
    return (b.box[2] - b.box[0]) < 0.85 * min(1.0, ratio) * (b.box[3] - b.box[1])


def glyph_runs(blobs, gray, text_h: float, bg, known=()) -> list:
    """Digits of a point label that OCR never read, taken for markers (a serif '4096' whose
    counters filled in): two or more blobs on one text line, a letter's spacing apart, or one
    narrower and smaller than the chart's markers, that a reading of their line shows to lie
    inside one point label. Returns [(label word, blobs inside it)], the word None when a
    label already read (`known`) holds them. Markers do not sit a letter apart on one level;
    where they do, no label reads across them. Tiny markers (shorter than half a line of
    text) are never glyphs here."""
    def strength(b):
        return float(np.abs(np.subtract(b.color, bg, dtype=float)).max())
    typical = float(np.median([strength(b) for b in blobs])) if blobs else 0.0

    def tall(b):     # as tall as a digit: a tiny marker (see tiny_markers) is no glyph
        return b.box[3] - b.box[1] >= 0.45 * text_h
    ratio = float(np.median([(b.box[2] - b.box[0]) / max(1, b.box[3] - b.box[1]) for b in blobs])) \
        if blobs else 1.0
    area = float(np.median([b.area for b in blobs])) if blobs else 0.0

    def lone_glyph(b):     # one blob alone: narrower and smaller than the chart's markers
        return tall(b) and _narrow(b, ratio) and b.area < 0.75 * area
    order = sorted(blobs, key=lambda b: (b.cx))
    runs, used = [], set()
    for i, a in enumerate(order):
        if id(a) in used:
            continue
        run = [a]
        for b in order[i + 1:]:
            last = run[-1]
            if id(b) in used or abs(b.cy - a.cy) > 0.35 * text_h:
                continue
            if b.box[0] - last.box[2] > 0.6 * text_h:
                break
            run.append(b)
        if len(run) >= 2 or lone_glyph(a):
            used.update(id(b) for b in run)
            runs.append(run)
    out = []
    for run in runs[:_GLYPH_RUN_BUDGET]:
        rx0, rx1 = min(b.box[0] for b in run), max(b.box[2] for b in run)
        cy = float(np.median([b.cy for b in run]))

        def glyphs_in(v):
            inside = [b for b in run if v.x0 <= b.box[0] and b.box[2] <= v.x1 and v.y0 <= b.cy <= v.y1]
            # A digit whose counters filled in is pale (background inside) or narrow; a marker
            # the reading took in is neither. Two or more full-coloured blobs inside one label
            # are its glyphs ('n' and '8' of a small 'n=8').
            pale = [b for b in inside if tall(b) and strength(b) < 0.75 * typical]
            if pale:     # beside a full-coloured blob, which may be a marker the reading took in
                return [b for b in inside if strength(b) < 0.75 * typical or (tall(b) and _narrow(b, ratio))]
            if len(inside) >= 2:
                return inside
            return [b for b in inside if lone_glyph(b)]
        held = [(v, glyphs_in(v)) for v in known]
        held = [(v, g) for v, g in held if g]
        if held:
            out.append((None, held[0][1]))
            continue
        box = (int(rx0 - 3 * text_h), int(cy - 0.6 * text_h), int(rx1 + 3 * text_h), int(cy + 0.6 * text_h))
        for v in layout.read_line_box(gray, box):
            if parse_point_label(v.text) is None or v.conf < 60:
                continue
            v = text_words.cleaned_label(v)
            inside = glyphs_in(v)
            if inside:
                out.append((v, inside))
                break
    return out


def tick_mark(b, xa, ya, box, text_h: float) -> bool:
    """A small blob on the plot's edge beside the tick labels, centred on a tick: the tick mark
    (thickened where it meets the axis line), not a data point. A blob in a colour is a
    series' marker: concurrency 1, 2, 4 plot at their ticks, their points near zero on the
    axis line (an axis is drawn grey)."""
    bx0, by0, bx1, by1 = b.box
    if max(bx1 - bx0, by1 - by0) > 0.6 * text_h or chromatic(b.color):
        return False
    if xa is not None and not xa.categorical and by1 >= box[3] - 0.5 * text_h \
            and any(abs(b.cx - t.pixel) <= 1.5 for t in xa.calibration.ticks):
        return True
    return ya is not None and not ya.categorical and (bx0 <= box[0] + 0.5 * text_h if ya.side == "left"
                                                     else bx1 >= box[2] - 0.5 * text_h) \
        and any(abs(b.cy - t.pixel) <= 1.5 for t in ya.calibration.ticks)


def tick_rows(blobs, xa, ya, text_h: float, min_ticks: int = 3) -> list:
    """The blobs that are tick marks on the sides of a framed plot, the far ones too (gnuplot
    mirrors its tics on the top and right borders, where the frame thickens them into blobs):
    small grey blobs centred on `min_ticks` ticks or more of an axis, level with each other (a
    row along the x ticks, a column along the y ticks). Data markers rarely sit on three ticks
    in one row, and a series' markers are of its colour."""
    small = [b for b in blobs if max(b.box[2] - b.box[0], b.box[3] - b.box[1]) <= 0.6 * text_h
             and not chromatic(b.color)]
    out: set[int] = set()
    for ax, along, across in ((xa, lambda b: b.cx, lambda b: b.cy), (ya, lambda b: b.cy, lambda b: b.cx)):
        if ax is None or ax.categorical or ax.calibration is None:
            continue
        ticks = [t.pixel for t in ax.calibration.ticks]
        on = [b for b in small if min(abs(along(b) - t) for t in ticks) <= 1.5]
        for row in level_runs(on, across):
            if len({min(range(len(ticks)), key=lambda k: abs(along(b) - ticks[k])) for b in row}) >= min_ticks:
                out.update(id(b) for b in row)
    return [b for b in blobs if id(b) in out]


def grid_crossings(blobs, xa, ya, tol: float = 3.0) -> list:
    """Grey blobs centred where an x tick's gridline crosses a y tick's (within `tol` px of
    both: a label's centre may lie two pixels off its gridline), two or more of them: dotted
    gridlines thicken into a blob where their dots meet (seed-52 syn100: six grey 'markers'
    at 1000 and 2000 ms on three rows). A grey series' marker sits on two ticks at once by
    chance only."""
    def ticks(ax):
        if ax is None or ax.categorical or ax.calibration is None:
            return []
        return [t.pixel for t in ax.calibration.ticks]
    xs, ys = ticks(xa), ticks(ya)
    if not xs or not ys:
        return []
    on = [b for b in blobs if not chromatic(b.color) and min(abs(b.cx - t) for t in xs) <= tol
          and min(abs(b.cy - t) for t in ys) <= tol]
    return on if len(on) >= 2 else []


def level_runs(blobs, key, tol: float = 1.5) -> list:
    """`blobs` in runs level with each other: sorted by `key`, each run the blobs within `tol`
    of its first."""
    rest = sorted(blobs, key=key)
    runs, i = [], 0
    while i < len(rest):
        j = i
        while j + 1 < len(rest) and key(rest[j + 1]) - key(rest[i]) <= tol:
            j += 1
        runs.append(rest[i:j + 1])
        i = j + 1
    return runs


def dotted_rules(blobs, box, min_dots: int = 8, grey: int = 25) -> list:
    """The blobs that are dots of bold dotted gridlines: grey blobs (channels within `grey` of
    each other), `min_dots` or more on one row or one column (within a pixel and a half),
    spread over half the plot box `box` or more. A row of data markers that long is of a
    series' colour (a grey or black series' markers on one level line would go too)."""
    x0, y0, x1, y1 = box
    greys = [b for b in blobs if max(b.color) - min(b.color) <= grey]
    out: set[int] = set()
    for key, other, span in ((lambda b: b.cy, lambda b: b.cx, x1 - x0), (lambda b: b.cx, lambda b: b.cy, y1 - y0)):
        for row in level_runs(greys, key):
            along = [other(b) for b in row]
            if len(row) >= min_dots and max(along) - min(along) >= 0.5 * span:
                out.update(id(b) for b in row)
    return [b for b in blobs if id(b) in out]


def beads_on_a_stroke(blobs, min_beads: int = 4) -> list:
    """The blobs that are beads along a drawn line: four or more small blobs (under 30 px),
    each within three of its own widths of the next, in one straight row at even steps. A 2 px
    line measured 1 px wide on its level runs is deeper than that at every step of its
    anti-aliased diagonal, and came out as fourteen 20-25 px 'markers' between two real ones
    (a black plotly line on its grey panel). Markers that small stand further apart."""
    small = [b for b in blobs if b.area < 30]
    if len(small) < min_beads:
        return []
    pts = np.array([(b.cx, b.cy) for b in small], float)
    size = np.sqrt([b.area for b in small])
    d = np.hypot(*(pts[:, None, :] - pts[None, :, :]).transpose(2, 0, 1))
    near = d <= 3.0 * np.maximum(size[:, None], size[None, :]) + 2.0
    comp = np.array(linked_groups(len(small), lambda i, j: bool(near[i, j])))
    out: set[int] = set()
    for c in range(comp.max() + 1):
        idx = np.flatnonzero(comp == c)
        if len(idx) < min_beads:
            continue
        p = pts[idx] - pts[idx].mean(axis=0)
        _, vecs = np.linalg.eigh(p.T @ p)
        along, across = p @ vecs[:, 1], p @ vecs[:, 0]
        steps = np.diff(np.sort(along))
        if np.abs(across).max() <= 2.0 and steps.min() > 0 and steps.std() <= 0.3 * steps.mean():
            out.update(id(small[i]) for i in idx)
    return [b for b in blobs if id(b) in out]
