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
    filled = imageops.fill_holes(ink, max_area=int(12 * diameter * diameter), max_extent=4 * diameter, round_scale=2.0,
                                 halves=True)
    depth = imageops.ink_depth(filled)
    core = (depth >= radius).astype(np.uint8)
    k = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * int(round(radius)) + 1,) * 2)
    solid = cv2.dilate(core, k).astype(bool) & filled
    # Beside markers deep enough to be sure of, in its colour, a small blob drawn out along a
    # line is one half hidden under it; with none, it is a dash of a dashed line (a blurred
    # dashed line beside a solid one of markers, or beside bold title letters, stays a line).
    solid |= _small_markers(filled, depth, radius, diameter, min_size, rgb=rgb, sure=_sure_colors(rgb, core))
    n, lab, stats, cent = cv2.connectedComponentsWithStats(solid.astype(np.uint8), connectivity=8)
    blobs, masks, comps, big, rest, long_ = [], [], [], [], [], []

    def add_pieces(pieces, x, y):
        """Each piece of a component at (x, y) (see _core_pieces) a marker of its own."""
        for piece, (px, py, pw, ph) in pieces:
            sub = piece[py:py + ph, px:px + pw]
            ys, xs = np.nonzero(sub)
            blob, mask = _marker_blob(rgb, ink, filled, depth, sub, x + px, y + py,
                                      (x + px + xs.mean(), y + py + ys.mean()))
            blobs.append(blob)
            masks.append(mask)

    min_area = max(min_size * min_size * 0.5, 0.6 * diameter * diameter)
    for i in range(1, n):
        x, y, w, h, area = stats[i]
        if area < min_area:
            continue
        if w > 24 * diameter or h > 24 * diameter:
            long_.append((lab[y:y + h, x:x + w] == i, x, y))
            continue
        comp = lab[y:y + h, x:x + w] == i
        if max(w, h) > 3.0 * min(w, h):
            rest.append((comp, x, y))
            continue
        blob, mask = _marker_blob(rgb, ink, filled, depth, comp, x, y, tuple(cent[i]))
        blobs.append(blob)
        masks.append(mask)
        comps.append((comp, x, y))
        big.append(w > 12 * diameter or h > 12 * diameter)
    # Big for the lines' width, a blob is still a marker when it is no bigger than two of the
    # chart's other markers overlapping (large markers on a chart without lines).
    if any(big) or rest:
        small = [b for b, g in zip(blobs, big) if not g]
        tw = float(np.median([b.box[2] - b.box[0] for b in small])) if small else 0.0
        th = float(np.median([b.box[3] - b.box[1] for b in small])) if small else 0.0
        keep = [not g or (b.box[2] - b.box[0] <= 2.6 * tw and b.box[3] - b.box[1] <= 2.6 * th)
                for b, g in zip(blobs, big)]
        rest += [c for c, kept in zip(comps, keep) if not kept]
        blobs = [b for b, kept in zip(blobs, keep) if kept]
        masks = [m for m, kept in zip(masks, keep) if kept]
        # Too long or too big, a blob may be markers in a row touching tip to tip (a legend's
        # swatches stacked tight): their deep cores stay apart, each of the typical size.
        core = depth >= radius
        for comp, x, y in rest if small else ():
            h, w = comp.shape
            pieces = _core_pieces(comp, core[y:y + h, x:x + w], k)
            if len(pieces) >= 2 and all(0.7 * tw <= pw <= 1.3 * tw and 0.7 * th <= ph <= 1.3 * th
                                        for _, (px, py, pw, ph) in pieces):
                add_pieces(pieces, x, y)
    # A line measured a pixel thinner than it is runs deep enough to join its markers into one
    # long piece (a 6 px diagonal line at half-width 2.5, its ridge 3.5 deep: every point of
    # set-18 h31 lost): the markers are the parts still apart a pixel or two deeper.
    for comp, x, y in long_:
        h, w = comp.shape
        for extra in (1.0, 2.0):
            deeper = depth[y:y + h, x:x + w] >= radius + extra
            kd = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * int(round(radius + extra)) + 1,) * 2)
            pieces = _core_pieces(comp, deeper, kd)
            if len(pieces) >= 2 and all(pw <= 12 * diameter and ph <= 12 * diameter and piece.sum() >= min_area
                                        for piece, (px, py, pw, ph) in pieces):
                add_pieces(pieces, x, y)
                break
    return split_overlapping(blobs, masks, rgb), diameter


def _marker_blob(rgb, ink, filled, depth, comp: np.ndarray, x: int, y: int, centre) -> tuple[Blob, tuple]:
    """The Blob of component `comp` (its mask in its box at x, y) of the markers' solid ink,
    and its masks for split_overlapping."""
    h, w = comp.shape
    core = cv2.erode(comp.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)
    px = rgb[y:y + h, x:x + w][core if core.sum() >= 3 else comp]
    color = tuple(int(v) for v in np.median(px, axis=0))
    if core.sum() < SMALL_CORE:
        color = _blob_halo_color(rgb, ink, (x, y, w, h), comp, color)
    shape_mask = filled[y:y + h, x:x + w] & comp
    shape = classify_shape(shape_mask)
    cx, cy = float(centre[0]), float(centre[1])
    apex = triangle_apex(shape_mask)
    if apex is not None:
        # A triangle is drawn centred on its box, not on its centroid; the opening rounds
        # the apex off, so the box is completed up to where the sides meet.
        up = apex < h / 2
        shape = "triangle-up" if up else "triangle-down"
        cy = y + ((apex + h - 0.5) if up else (apex - 0.5)) / 2.0
    dep = np.where(comp, depth[y:y + h, x:x + w], 0)
    blob = Blob(cx, cy, int(comp.sum()), (int(x), int(y), int(x + w), int(y + h)), color, shape)
    return blob, (shape_mask, dep >= 0.6 * dep.max())


def _core_pieces(comp: np.ndarray, core: np.ndarray, kernel) -> list:
    """The parts of `comp` around each separate piece of its `core`, grown back by `kernel`:
    [(mask in comp's box, (x, y, w, h) of its bounding box)]."""
    n, lab, stats, _ = cv2.connectedComponentsWithStats((core & comp).astype(np.uint8), connectivity=8)
    out = []
    for i in range(1, n):
        piece = cv2.dilate((lab == i).astype(np.uint8), kernel).astype(bool) & comp
        ys, xs = np.nonzero(piece)
        out.append((piece, (int(xs.min()), int(ys.min()), int(xs.max() - xs.min() + 1), int(ys.max() - ys.min() + 1))))
    return out


# A marker whose inside (its pixels a pixel or more from its edge) is this small has its colour
# mostly in its rim and halo, see halo_color; HALO_PAD: the window's margin around it.
SMALL_CORE = 16
HALO_PAD = 5


def _to_rgb(lab) -> tuple[int, int, int]:
    arr = np.array([[[lab[0] * 255.0 / 100.0, lab[1] + 128.0, lab[2] + 128.0]]])
    arr = np.clip(np.round(arr), 0, 255).astype(np.uint8)
    return tuple(int(v) for v in cv2.cvtColor(arr, cv2.COLOR_LAB2RGB)[0, 0])


def _blob_halo_color(rgb: np.ndarray, ink: np.ndarray, xywh, comp: np.ndarray, color) -> tuple[int, int, int]:
    """halo_color of the blob `comp` (its mask in its box `xywh`), in a window HALO_PAD wider
    than its box; the rest of `ink` there is other marks."""
    x, y, w, h = (int(v) for v in xywh)
    wx0, wy0 = max(0, x - HALO_PAD), max(0, y - HALO_PAD)
    wx1, wy1 = min(rgb.shape[1], x + w + HALO_PAD), min(rgb.shape[0], y + h + HALO_PAD)
    own = np.zeros((wy1 - wy0, wx1 - wx0), bool)
    own[y - wy0:y - wy0 + h, x - wx0:x - wx0 + w] = comp
    return halo_color(rgb[wy0:wy1, wx0:wx1], own, ink[wy0:wy1, wx0:wx1] & ~own, color)


def halo_color(px: np.ndarray, own: np.ndarray, other: np.ndarray, color, reach: int = 2,
               min_contrast: float = 15.0) -> tuple[int, int, int]:
    """The colour of a tiny marker (`own`: its pixels in the window `px`), given `color` read
    from its own pixels. Blur and JPEG's halved, coarsely quantised colour resolution move much
    of a small marker's hue out into the pale pixels around it, and its own pixels come out
    greyish: three series' 4 px markers grey enough to join into one. Summed over the marker
    and `reach` pixels around it, the departure from the background keeps the hue's direction
    (each pixel a blend of the marker's colour and the background), and its ratio of chroma to
    lightness: the colour returned keeps `color`'s lightness with that ratio's chroma. Ink of
    `other` marks (a line, a neighbour, a glyph) is left out. Where the marker's lightness is
    too close to the background's (a pale yellow on white) the ratio means nothing and
    `color` is kept."""
    from .series import to_lab  # here: series imports this module
    k = np.ones((2 * reach + 1,) * 2, np.uint8)
    near = cv2.dilate(own.astype(np.uint8), k).astype(bool)
    ring = cv2.dilate(near.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool) & ~near & ~other
    take = near & ~(other & ~own)
    if ring.sum() < 4 or not take.any():
        return tuple(color)
    lab = to_lab(px.reshape(-1, 3)).reshape(px.shape[:2] + (3,))
    bg = np.median(lab[ring], axis=0)
    dev = (lab[take] - bg).sum(axis=0)
    light = float(to_lab([color])[0][0]) - float(bg[0])
    if abs(light) < min_contrast or dev[0] * light <= 0:
        return tuple(color)
    s = light / float(dev[0])
    return _to_rgb((bg[0] + light, bg[1] + s * dev[1], bg[2] + s * dev[2]))


def _extent(mask: np.ndarray) -> tuple[int, int]:
    ys, xs = np.nonzero(mask)
    return (int(xs.max() - xs.min() + 1), int(ys.max() - ys.min() + 1)) if len(xs) else (0, 0)


def split_overlapping(blobs: list[Blob], masks: list, rgb: np.ndarray) -> list[Blob]:
    """Two markers drawn over each other (two series at one x, neighbours on a steep curve)
    make one blob as long as a marker plus their offset. Such a blob, with well over the
    typical marker's area and longer than it by a third of a marker or more, is split into
    markers of the typical size set at its two ends (where the ink is, on a diagonal). The
    blob's thick middle must be longer too: a marker with thin stubs of a line or a letter
    is one marker. `masks`: per blob, (its pixels, its pixels near its greatest depth)."""
    if len(blobs) < 4:
        return blobs
    # The typical marker, fragments (bits of letters, line joints) left out.
    big = [k for k, b in enumerate(blobs) if b.area >= 0.35 * np.median([b.area for b in blobs])]
    thick = [_extent(t) for _, t in masks]
    tw = float(np.median([blobs[k].box[2] - blobs[k].box[0] for k in big]))
    th = float(np.median([blobs[k].box[3] - blobs[k].box[1] for k in big]))
    ta = float(np.median([blobs[k].area for k in big]))
    tcw = float(np.median([thick[k][0] for k in big]))
    tch = float(np.median([thick[k][1] for k in big]))
    palette = _palette([b.color for b in blobs])

    def alone(b, cw, ch) -> bool:
        w, h = b.box[2] - b.box[0], b.box[3] - b.box[1]
        return (max((w - tw) / tw, (h - th) / th) < 0.3 or b.area < 1.35 * ta or b.area > 3.0 * ta
                or w > 2.6 * tw or h > 2.6 * th or min(tw, th) < 5
                or max((cw - tcw) / tw, (ch - tch) / th) < 0.2)
    # Where most markers of a colour (three or more) would split, the typical marker was
    # measured on smaller pieces, glyphs and specks outnumbering the markers: each is one
    # marker (outside set-23 h24: every one of gnuplot's blurred triangles came out as two
    # points). Pairs among single markers of their colour split (the InferenceMAX chart's).
    from .series import color_groups
    gid = color_groups([b.color for b in blobs])
    whole = set()
    for g in set(gid):
        mine = [k for k in big if gid[k] == g]
        if len(mine) >= 3 and sum(not alone(blobs[k], *thick[k]) for k in mine) > 0.5 * len(mine):
            whole.add(g)
    out = []
    for b, g, (m, _), (cw, ch) in zip(blobs, gid, masks, thick):
        x0, y0, x1, y1 = b.box
        w, h = x1 - x0, y1 - y0
        ex, ey = w - tw, h - th
        if alone(b, cw, ch):
            out.append(b)
            continue
        xs = (x0 + tw / 2, x1 - tw / 2) if ex > 0.15 * tw else (b.cx, b.cx)
        ys = (y0 + th / 2, y1 - th / 2) if ey > 0.15 * th else (b.cy, b.cy)
        if xs[0] != xs[1] and ys[0] != ys[1]:
            # Which diagonal: the one whose corners hold the ink.
            hh, ww = m.shape
            main = m[:hh // 2, :ww // 2].sum() + m[hh - hh // 2:, ww - ww // 2:].sum()
            anti = m[:hh // 2, ww - ww // 2:].sum() + m[hh - hh // 2:, :ww // 2].sum()
            if anti > main:
                ys = ys[::-1]
        yy, xx = np.nonzero(m)
        xx, yy = xx + x0, yy + y0
        d0 = np.hypot(xx - xs[0], yy - ys[0])
        d1 = np.hypot(xx - xs[1], yy - ys[1])
        halves = (d0 <= d1, d1 < d0)
        nears = [_near_end(xx, yy, halves[k], k, xs, ys, tw, th) for k in (0, 1)]
        colors = [_part_color(rgb[yy[half], xx[half]], palette, rgb[yy[near], xx[near]])
                  for half, near in zip(halves, nears)]
        # Two ends in two of the chart's marker colours are two series' markers however close
        # (a square touching a circle a few pixels lower); one colour that close is one place.
        two = colors[0][1] is not None and colors[1][1] is not None \
            and _other_hue(palette[colors[0][1]], palette[colors[1][1]])
        if two and not _marker_thick(rgb[y0:y1, x0:x1], m, [palette[c[1]] for c in colors], min(tw, th)):
            # Two lines crossing at a shallow angle: strokes of two colours, none a marker.
            out.append(b)
            continue
        # (Blobs of two series' colours are pairs however many there are: two series that
        # start together overlap at every low x, seed-49 syn050.)
        if g in whole and not two:
            out.append(b)
            continue
        if not two and np.hypot(xs[1] - xs[0], ys[1] - ys[0]) < max(5.0, 0.35 * min(tw, th)):
            out.append(b)     # too close to tell apart: one place either way
            continue
        # Only two series' colours say whose each half is: one series' colour in both may be a
        # marker and a glyph of its label, whose pale median keeps it apart from the series.
        if not two:
            colors = [(_median(rgb[yy[near], xx[near]]), None) for near in nears]
        for (cx, cy), (color, _) in zip(zip(xs, ys), colors):
            box = (int(round(cx - tw / 2)), int(round(cy - th / 2)), int(round(cx + tw / 2)), int(round(cy + th / 2)))
            out.append(Blob(float(cx), float(cy), int(round(ta)), box, color, b.shape))
    return out


def _marker_thick(px: np.ndarray, mask: np.ndarray, colors_lab, size: float, max_delta: float = 30.0) -> bool:
    """Whether the ink `mask` of window `px` in one of `colors_lab` is as thick as a marker of
    `size` px across, about (as deep as a quarter of it, hollow shapes filled in): a marker over
    another is whole; where two lines cross at a shallow angle, each colour is a stroke
    (seed-54 syn065: 3 px lines beside 13 px triangles)."""
    from .series import to_lab   # here: series imports this module
    lab = to_lab(px.reshape(-1, 3)).reshape(px.shape[0], px.shape[1], 3)
    for c in colors_lab:
        own = (np.linalg.norm(lab - np.asarray(c, float), axis=2) <= max_delta) & mask
        solid = imageops.fill_holes(own, 10 ** 6)
        if float(imageops.ink_depth(np.pad(solid, 1)).max()) >= 0.25 * size:
            return True
    return False


def _near_end(xx, yy, half: np.ndarray, k: int, xs, ys, tw: float, th: float) -> np.ndarray:
    """Pixels of a split blob's `half` nearer end `k` within 0.4 of a marker of it (all the
    half when fewer than three are)."""
    near = half & (np.hypot(xx - xs[k], yy - ys[k]) <= 0.4 * min(tw, th))
    return near if near.sum() >= 3 else half


def _other_hue(a: np.ndarray, b: np.ndarray, min_chroma: float = 15.0, min_angle: float = 30.0) -> bool:
    """Lab colours `a` and `b` are two hues, as two series' colours are: a label printed in its
    series' colour, paler, is the same hue (and glyphs crossed by lines can make blobs of it)."""
    ca, cb = float(np.hypot(a[1], a[2])), float(np.hypot(b[1], b[2]))
    if min(ca, cb) < min_chroma:
        return False
    d = abs(np.degrees(np.arctan2(a[2], a[1]) - np.arctan2(b[2], b[1]))) % 360.0
    return min(d, 360.0 - d) >= min_angle


def _median(px: np.ndarray) -> tuple:
    return tuple(int(v) for v in np.median(px, axis=0))


def _palette(colors: list, min_count: int = 3) -> np.ndarray:
    """The chart's marker colours (CIE Lab): each colour that three or more blobs share."""
    from .series import color_groups, to_lab
    if len(colors) < min_count:
        return np.zeros((0, 3))
    gid = color_groups(colors)
    groups: dict[int, list] = {}
    for c, g in zip(colors, gid):
        groups.setdefault(g, []).append(c)
    shared = [np.median(v, axis=0) for v in groups.values() if len(v) >= min_count]
    return to_lab(np.array(shared).astype(np.uint8)) if shared else np.zeros((0, 3))


def _part_color(px: np.ndarray, palette: np.ndarray, core: np.ndarray, max_delta: float = 30.0,
                share: float = 0.4):
    """(RGB colour, palette index or None) of the pixels `px` of one half of a split blob. Where
    two series' markers overlap, the half holds pixels of both and their blends: its median is
    neither series' colour. The palette colour (see _palette) that `share` or more of its pixels
    are close to is the half's; failing that, the median of its `core` pixels (those near the
    marker's centre)."""
    median = _median(core)
    if len(palette) == 0 or len(px) == 0:
        return median, None
    from .series import to_lab
    d = np.linalg.norm(to_lab(px.astype(np.uint8))[:, None, :] - palette[None], axis=2)
    near = d.min(axis=1) <= max_delta
    counts = np.bincount(d.argmin(axis=1)[near], minlength=len(palette))
    k = int(counts.argmax())
    if counts[k] < share * len(px):
        return median, None
    pick = near & (d.argmin(axis=1) == k)
    return _median(px[pick]), k


def _sure_colors(rgb: np.ndarray, core: np.ndarray) -> np.ndarray:
    """Lab colours (one row each) of the deep cores of ink: markers a line's half-width deeper
    than it, sure to be markers."""
    from .series import to_lab
    n, lab, stats, _ = cv2.connectedComponentsWithStats(core.astype(np.uint8), connectivity=8)
    if n <= 1:
        return np.zeros((0, 3))
    colors = []
    for k in range(1, min(n, 200)):
        x, y, w, h = stats[k, :4]
        colors.append(np.median(rgb[y:y + h, x:x + w][lab[y:y + h, x:x + w] == k], axis=0))
    return to_lab(np.array(colors).astype(np.uint8))


def _beside_sure(rgb: np.ndarray, comp: np.ndarray, sure: np.ndarray, max_delta: float = 22.0,
                 min_sure: int = 3) -> bool:
    """The piece `comp` of `rgb` (same shape) has the colour of `min_sure` sure markers or more:
    a series of markers, not a line deepened where it crosses another once or twice."""
    from .series import to_lab
    if sure is None or len(sure) < min_sure:
        return False
    color = to_lab(np.median(rgb[comp], axis=0).astype(np.uint8))[0]
    return int(np.count_nonzero(np.linalg.norm(sure - color, axis=1) <= max_delta)) >= min_sure


def _small_markers(filled: np.ndarray, depth: np.ndarray, radius: float, diameter: int,
                   min_size: int, rgb: np.ndarray | None = None, sure: np.ndarray | None = None) -> np.ndarray:
    """Markers hardly thicker than the lines (a 6 px dot on a 4 px curve, a small triangle) that
    stand alone: the renderer's white edge or the gap around the marker cuts them off the
    curve. A piece of ink on its own that is compact, convex and filled is a marker even when
    it is not a line's half-width deeper; a piece of curve is long or thin, a dot of a dotted
    gridline tiny. `depth` is the ink depth of `filled`; `sure`, the Lab colours of the sure
    markers (see _sure_colors): a piece drawn out along its line is a marker only in one of them."""
    out = np.zeros(filled.shape, bool)
    # Side-connected pieces: an anti-aliased corner pixel must not tie a marker to its curve.
    n, lab, stats, _ = cv2.connectedComponentsWithStats(filled.astype(np.uint8), connectivity=4)
    min_area = max(min_size * min_size * 0.5, 0.5 * diameter * diameter)
    max_side = 3 * diameter + 2
    x, y, w, h, area = (stats[:, k] for k in range(5))
    cand = ((area >= min_area) & (np.maximum(w, h) <= max_side)
            & (np.maximum(w, h) <= 1.5 * np.minimum(w, h)) & (area >= 0.5 * w * h))
    cand[0] = False
    for i in np.flatnonzero(cand):
        x0, y0, x1, y1 = x[i], y[i], x[i] + w[i], y[i] + h[i]
        comp = (lab[y0:y1, x0:x1] == i).astype(np.uint8)
        deepest = float(depth[y0:y1, x0:x1][comp.astype(bool)].max())
        if not 0.75 * radius <= deepest < radius:
            continue
        hull = np.zeros_like(comp)
        cv2.fillConvexPoly(hull, cv2.convexHull(cv2.findNonZero(comp)), 1)
        if area[i] < 0.85 * hull.sum():
            continue
        if not turned_compact(comp.astype(bool)) and not (
                rgb is not None and _beside_sure(rgb[y0:y1, x0:x1], comp.astype(bool), sure)):
            continue
        out[y0:y1, x0:x1] |= comp.astype(bool)
    return out


def turned_compact(comp: np.ndarray) -> bool:
    """`comp` is as long as it is wide however it is turned: a marker (circle, square, diamond,
    triangle) is, while a short diagonal dash of a dashed line fills a square box too but is
    a stroke's width across along its own direction."""
    pts = np.stack(np.nonzero(comp)[::-1], axis=1).astype(np.float32)
    (_, _), (rw, rh), _ = cv2.minAreaRect(pts)
    return max(rw, rh) <= 1.6 * max(1.0, min(rw, rh)) + 1.0


def regrown(blobs: list[Blob], rgb: np.ndarray, ink: np.ndarray, cut: np.ndarray, line_halfwidth: float,
            max_delta: float = 35.0) -> list[Blob]:
    """`blobs` found on ink with words' boxes cut out (`cut`), each that touches a cut found
    again on the whole `ink` in its own colour around it: a label's box that took in a
    marker's tip cut it (a diamond under its '8' lost its top rows, passed for a triangle, its
    centre set four pixels low). Kept as found where the marker found again is of the same
    shape, no larger than before, runs to the window's edge (a line of its colour), takes in
    another marker, or is much larger (a label of the series' colour joined to it)."""
    from .series import lab_distance  # here: series imports this module
    H, W = ink.shape
    out = []
    for b in blobs:
        x0, y0, x1, y1 = b.box
        if not cut[max(0, y0 - 2):y1 + 2, max(0, x0 - 2):x1 + 2].any():
            out.append(b)
            continue
        g = max(x1 - x0, y1 - y0) // 2 + 3
        wx0, wy0, wx1, wy1 = max(0, x0 - g), max(0, y0 - g), min(W, x1 + g), min(H, y1 + g)
        sub = rgb[wy0:wy1, wx0:wx1]
        mine = ink[wy0:wy1, wx0:wx1] & (lab_distance(sub, b.color) <= max_delta)
        found = [o for o in find_markers(sub, mine, line_halfwidth)[0]
                 if o.box[0] <= b.cx - wx0 < o.box[2] and o.box[1] <= b.cy - wy0 < o.box[3]]
        if len(found) != 1:
            out.append(b)
            continue
        o = found[0]
        edge = o.box[0] == 0 or o.box[1] == 0 or o.box[2] == wx1 - wx0 or o.box[3] == wy1 - wy0
        # (nor where it takes in another marker found: two markers of a crowded series run
        # together under their labels)
        other = any(c is not b and o.box[0] <= c.cx - wx0 < o.box[2] and o.box[1] <= c.cy - wy0 < o.box[3]
                    for c in blobs)
        # (Only where the cut changed its shape: a marker a pixel short keeps where it was
        # found, as the labels beside it were read by it.)
        if edge or other or o.shape == b.shape or not b.area < o.area <= 1.8 * b.area:
            out.append(b)
            continue
        # Its centre and shape; its box stays the one found beside the word (the marker's part
        # under the word's box is the label's to read around: grown into it, the label's crop
        # lost its first glyph, '128' read '120', seed-9 syn080).
        out.append(Blob(o.cx + wx0, o.cy + wy0, b.area, b.box, o.color, o.shape))
    return out


def drop_fragments(blobs: list[Blob], delta: float = 22.0) -> list[Blob]:
    """Fragments (a label's bold digit, a line joint) are much smaller than the real markers:
    than most markers, and than three markers or more of their own colour (a series draws its
    markers one size). Of its own colour too because fragments may outnumber the markers: a
    JPEG'd 5 px line swelled into forty 47-140 px blobs between fourteen 680 px markers
    (seed-57 syn066), and the median was a fragment's. (Not one touching such a marker: a
    marker hidden but for a crescent behind the next of its series, seed-56 syn050.)"""
    if not blobs:
        return blobs
    from .series import lab_distance
    area = np.array([b.area for b in blobs], float)
    colors = np.array([b.color for b in blobs], np.uint8)
    typical = float(np.median(area))

    def touching(a: Blob, b: Blob) -> bool:
        return max(a.box[0] - b.box[2], b.box[0] - a.box[2], a.box[1] - b.box[3], b.box[1] - a.box[3]) <= 1
    out = []
    for i, b in enumerate(blobs):
        bigger = (lab_distance(colors, b.color) <= delta) & (area >= 4.0 * b.area)
        small = bigger.sum() >= 3 and b.area < 0.25 * float(np.median(area[bigger])) \
            and not any(touching(b, blobs[k]) for k in np.flatnonzero(bigger))
        if b.area >= 0.35 * typical and not small:
            out.append(b)
    return out


def tiny_markers(rgb: np.ndarray, ink: np.ndarray, line_halfwidth: float, background,
                 max_side: int = 12, least_side: int | None = None) -> list[Blob]:
    """Markers no deeper than the line they sit on (a 4 px triangle on a 2 px line, cut off
    from it by the marker's white rim): pieces of ink on their own that are compact (as long
    as wide, however turned: a diagonal dash fills a square box too, but not a square turned
    its way) and wider than the line. Only worth anything once checked against the lines
    (see on_lines): dots, letters' crumbs and JPEG specks look the same. A blob this small is
    mostly anti-aliased rim: its colour is that of its half furthest from `background`.
    `least_side`: the smallest side taken where there is no line to be wider than."""
    lw = max(2.0, 2.0 * line_halfwidth)
    n, lab, stats, cent = cv2.connectedComponentsWithStats(ink.astype(np.uint8), connectivity=4)
    x, y, w, h, area = (stats[:, k] for k in range(5))
    side = np.maximum(w, h)
    # (A triangle's pale tip falls below the ink: 8 px wide, 5 px of it inked. Wider only: a
    # digit is taller than wide, and a label's '8' in its series' colour is no marker.)
    squat = (side <= 1.5 * np.minimum(w, h)) | ((w > h) & (w <= 1.7 * h))
    cand = (side >= (lw + 2 if least_side is None else least_side)) & (side <= max_side) & squat \
        & (area >= 0.4 * w * h) & (area >= 5)
    cand[0] = False
    out = []
    for i in np.flatnonzero(cand):
        comp = lab[y[i]:y[i] + h[i], x[i]:x[i] + w[i]] == i
        if not turned_compact(comp):
            continue
        px = rgb[y[i]:y[i] + h[i], x[i]:x[i] + w[i]][comp].astype(float)
        far = np.abs(px - np.asarray(background, float)).max(axis=1)
        color = tuple(int(v) for v in np.median(px[far >= np.median(far)], axis=0))
        color = _blob_halo_color(rgb, ink, (x[i], y[i], w[i], h[i]), comp, color)
        box = (int(x[i]), int(y[i]), int(x[i] + w[i]), int(y[i] + h[i]))
        out.append(Blob(float(cent[i][0]), float(cent[i][1]), int(area[i]), box, color, classify_shape(comp)))
    return out


def on_lines(blobs: list[Blob], lines, reach: float) -> list[Blob]:
    """The blobs whose centre lies within `reach` px, plus half their size, of one of `lines`
    (polylines, lists of (x, y) vertices left to right). Each line is taken on past its ends by
    three of the blob's sizes: a trace stops short of the gap around an end marker."""
    out = []
    for b in blobs:
        for verts in lines:
            v = np.asarray(verts, float).reshape(-1, 2)
            if len(v) == 0:
                continue
            if len(v) > 1:
                v = v.copy()
                for end, nxt in ((0, 1), (-1, -2)):
                    step = v[end] - v[nxt]
                    n = float(np.hypot(*step))
                    if n > 0:
                        v[end] = v[end] + step / n * 3.0 * b.size
                a, c = v[:-1], v[1:]
            else:
                a, c = v, v
            ab = c - a
            t = np.clip(((b.cx - a[:, 0]) * ab[:, 0] + (b.cy - a[:, 1]) * ab[:, 1])
                        / np.maximum((ab ** 2).sum(axis=1), 1e-9), 0, 1)
            d = float(np.hypot(a[:, 0] + t * ab[:, 0] - b.cx, a[:, 1] + t * ab[:, 1] - b.cy).min())
            if d <= reach + 0.5 * b.size:
                out.append(b)
                break
    return out


def crossings(blobs: list[Blob], rgb: np.ndarray, ink: np.ndarray, line_halfwidth: float,
              max_delta: float = 30.0) -> list[Blob]:
    """The blobs that are lines crossing, not markers: in none of the chart's marker colours
    (see _palette), most of their ink in those colours, a fifth or more in each of two of
    them, and no colour as thick as a marker (hollow ones filled in). Two lines that cross or
    run side by side thicken into a blob of blended colour there; two markers that overlap
    leave a marker-thick part of at least one colour. A blob near a marker colour (but not of
    it) is one only with a third of its ink or more in each of two hues (the red line drawn
    over the purple one where they cross: set 25 h42); else it stays: a marker half hidden
    under another series' marker is thin in its colour too (unless it is its line crossing a
    grey rule, see _on_a_rule). One of a marker colour is a crossing only where it is long."""
    radius = max(1.5, line_halfwidth + 1.0)
    out = [b for b in blobs if _on_a_rule(b, rgb, ink, radius, max_delta)]
    palette = _palette([b.color for b in blobs])
    if len(palette) < 2:
        return out
    from .series import to_lab, two_hues
    h, w = ink.shape
    typical = float(np.median([b.area for b in blobs]))
    for b in blobs:
        if any(b is o for o in out):
            continue
        off_palette = float(np.linalg.norm(palette - to_lab(np.array([b.color], np.uint8)), axis=1).min())
        x0, y0 = max(0, b.box[0] - 1), max(0, b.box[1] - 1)
        x1, y1 = min(w, b.box[2] + 1), min(h, b.box[3] + 1)
        px, mark = rgb[y0:y1, x0:x1], ink[y0:y1, x0:x1]
        total = int(mark.sum())
        if total == 0:
            continue
        lab = to_lab(px.reshape(-1, 3)).reshape(px.shape[0], px.shape[1], 1, 3)
        near = (np.linalg.norm(lab - palette[None, None], axis=3) <= max_delta) & mark[..., None]
        counts = near.sum(axis=(0, 1))
        if near.any(axis=2).sum() < 0.5 * total or np.sum(counts >= 0.2 * total) < 2:
            continue
        # (A blob near one marker colour is a crossing only with a third or more of its ink in
        # each of two hues: a line drawn over a marker crosses a smaller part of it, and a
        # small marker's pale rim is its own hue, see series.two_hues. A blob of a marker
        # colour itself is a marker: tiny triangles whose pale rims pass for another series'
        # pale green, seed-44 syn031.)
        two = two_hues(palette[counts >= total / 3.0])
        # (... unless it is a long one, where two lines cross at a shallow angle: a third more
        # ink than the typical marker, in strokes of two hues, seed-54 syn065.)
        long_blend = two and b.area >= 1.3 * typical
        if off_palette <= max_delta and (off_palette <= 10.0 and not long_blend or not two):
            continue
        deepest = max(float(imageops.ink_depth(np.pad(imageops.fill_holes(near[..., k], 10 ** 6), 1)).max())
                      for k in range(len(palette)))
        if deepest < radius:
            out.append(b)
    return out


def pale_rule_crossings(blobs: list[Blob], rgb: np.ndarray, ink: np.ndarray, background, line_halfwidth: float,
                        least: float = 16.0, max_delta: float = 30.0) -> list[Blob]:
    """The blobs that are a line crossing a rule too pale to be ink (see _on_a_rule, with grey
    `least` or more off the `background` counted as the rule's ink): the line's anti-aliased
    rim, blended with the rule's grey instead of the page, is dark enough to be ink there, and
    the line thickens by a pixel where it crosses (seed-56 syn042: 6 px gridlines 52 off a
    white panel, fourteen crossings read as points). The rule runs straight through (see
    _rule_across), and the blob's own colour is no deeper than a pixel past its line's beside
    it: the rim blended with grey stays near the line's colour (blue lines 2.7 px deep off the
    rule, 3.7 on it), where a marker on a rule is deeper (an 11 px square on a 3 px line over
    its label: seed-45 syn079). And it is smaller than most blobs of its colour: where a line
    has markers at the ticks, each sits where the line crosses a gridline (seed-56 syn039's
    triangles on a log2 axis), as large as the others."""
    from .series import lab_distance  # here: series imports this module
    colors = np.array([b.color for b in blobs], np.uint8).reshape(-1, 3)
    areas = np.array([b.area for b in blobs], float)
    small = [b for b in blobs
             if b.area <= 0.8 * float(np.percentile(areas[lab_distance(colors, b.color) <= max_delta], 75))]
    if not small:
        return []
    pale = (imageops.color_distance(rgb, background) >= least) & (imageops.saturation(rgb) == 0)
    marks = ink | pale
    radius = max(1.5, line_halfwidth + 1.0)
    return [b for b in small if _rule_across(b.box, pale)
            and _on_a_rule(b, rgb, marks, max(radius, _own_depth_beside(b, rgb, ink, max_delta) + 1.0), max_delta)]


def _own_depth_beside(b: Blob, rgb: np.ndarray, ink: np.ndarray, max_delta: float, reach: int = 8) -> float:
    """How deep the ink of blob b's colour runs within `reach` px of its box, outside it: the
    depth of the line it lies on."""
    h, w = ink.shape
    x0, y0 = max(0, b.box[0] - reach), max(0, b.box[1] - reach)
    x1, y1 = min(w, b.box[2] + reach), min(h, b.box[3] + reach)
    own = _own_colour(rgb[y0:y1, x0:x1], ink[y0:y1, x0:x1], b.color, max_delta)
    own[b.box[1] - y0:b.box[3] - y0, b.box[0] - x0:b.box[2] - x0] = False
    return float(imageops.ink_depth(np.pad(own, 1)).max()) if own.any() else 0.0


def _own_colour(px: np.ndarray, mark: np.ndarray, color, max_delta: float) -> np.ndarray:
    """The pixels of `mark` in window `px` within `max_delta` (CIE76) of `color`."""
    from .series import lab_distance
    return (lab_distance(px, color) <= max_delta) & mark


def _rule_across(box, rule: np.ndarray, reach: int = 8, run: int = 8) -> bool:
    """Whether `rule` pixels, in runs `run` px long along a row (or a column), lie on both
    sides of `box` (within `reach` px) in one of its rows (or above and below it in one of its
    columns): a rule running straight through it; not one passing beside it, nor the specks a
    noisy page or two colours blending leave grey (a small marker on its line under a dashed
    gridline, where another series' line crosses, on a noisy page: seed-55 syn075)."""
    h, w = rule.shape
    x0, y0, x1, y1 = box
    wx0, wy0 = max(0, x0 - 1 - reach), max(0, y0 - 1 - reach)
    wx1, wy1 = min(w, x1 + 1 + reach), min(h, y1 + 1 + reach)
    win = rule[wy0:wy1, wx0:wx1].astype(np.uint8)
    along = cv2.morphologyEx(win, cv2.MORPH_OPEN, np.ones((1, run), np.uint8)).astype(bool)
    upright = cv2.morphologyEx(win, cv2.MORPH_OPEN, np.ones((run, 1), np.uint8)).astype(bool)
    bx0, by0, bx1, by1 = x0 - wx0, y0 - wy0, x1 - wx0, y1 - wy0
    rows, cols = slice(max(0, by0), max(0, by1)), slice(max(0, bx0), max(0, bx1))
    left = along[rows, :max(0, bx0 - 1)].any(axis=1)
    right = along[rows, bx1 + 1:].any(axis=1)
    up = upright[:max(0, by0 - 1), cols].any(axis=0)
    down = upright[by1 + 1:, cols].any(axis=0)
    return bool((left & right).any() or (up & down).any())


def _on_a_rule(b: Blob, rgb: np.ndarray, ink: np.ndarray, radius: float, max_delta: float) -> bool:
    """Whether blob `b`, in a marker colour, is its line crossing a grey rule (a dashed
    gridline): its own colour no thicker than a line (hollow parts filled in) and drawn out
    along one direction, a tenth or more of its ink grey, the grey running on past it. The line
    and the dash together are as thick as a marker (seed-50 syn010: six such crossings read as
    points)."""
    if imageops.saturation(np.array([[b.color]], np.uint8))[0, 0] == 0:
        return False    # a black or grey series: its own line is grey (outside set-23 h20)
    h, w = ink.shape
    x0, y0 = max(0, b.box[0] - 1), max(0, b.box[1] - 1)
    x1, y1 = min(w, b.box[2] + 1), min(h, b.box[3] + 1)
    px, mark = rgb[y0:y1, x0:x1], ink[y0:y1, x0:x1]
    total = int(mark.sum())
    if total == 0:
        return False
    own = _own_colour(px, mark, b.color, max_delta)
    grey = mark & ~own & (imageops.saturation(px) == 0)
    if grey.sum() < 0.1 * total or not _rule_through(b.box, rgb, ink) or not _elongated(own):
        return False
    return float(imageops.ink_depth(np.pad(imageops.fill_holes(own, 10 ** 6), 1)).max()) < radius


def _elongated(mask: np.ndarray, ratio: float = 3.0) -> bool:
    """Whether a mask's pixels spread along one direction `ratio` times (in variance) as far as
    across it: a stretch of line, not a marker (a small outlined marker on a gridline is
    compact)."""
    ys, xs = np.nonzero(mask)
    if len(xs) < 5:
        return False
    ev = np.linalg.eigvalsh(np.cov(np.vstack([xs, ys]).astype(float)))
    return float(ev[1]) >= ratio * max(float(ev[0]), 1e-6)


def _rule_through(box, rgb: np.ndarray, ink: np.ndarray, reach: int = 8) -> bool:
    """Grey ink just past two opposite sides of `box` (within `reach` px): a rule runs through
    it, where a marker's grey outline ends at its edge (seed-43 syn112's outlined triangles)."""
    h, w = ink.shape
    x0, y0, x1, y1 = box
    grey = lambda ys, xs: bool((ink[ys, xs] & (imageops.saturation(rgb[ys, xs]) == 0)).any())  # noqa: E731
    rows, cols = slice(max(0, y0), min(h, y1)), slice(max(0, x0), min(w, x1))
    left, right = slice(max(0, x0 - 1 - reach), max(0, x0 - 1)), slice(min(w, x1 + 1), min(w, x1 + 1 + reach))
    up, down = slice(max(0, y0 - 1 - reach), max(0, y0 - 1)), slice(min(h, y1 + 1), min(h, y1 + 1 + reach))
    return (grey(rows, left) and grey(rows, right)) or (grey(up, cols) and grey(down, cols))


def colour_parts(px: np.ndarray, mask: np.ndarray, background, max_delta: float = 30.0,
                 min_share: float = 0.1) -> list[np.ndarray]:
    """The pixels of `mask` in each of its main colours (`px`: RGB of a window, `mask`: its ink),
    greedily, the most common colour first, while a colour holds `min_share` of the ink or more.
    A colour's part takes in its anti-aliased rim, the blends of it with `background`, but not
    the blends of two colours where one line runs along another."""
    ys, xs = np.nonzero(mask)
    if len(ys) == 0:
        return []
    from .series import lab_bins, to_lab  # here: series imports this module
    rgb = px[ys, xs].astype(float)
    lab = to_lab(px[ys, xs])
    bg = np.asarray(background, float)
    left = np.ones(len(ys), bool)
    parts = []
    while left.sum() >= max(3, min_share * len(ys)):
        centres, counts = lab_bins(lab[left])
        # JPEG noise spreads one colour over many bins: of the commonest bins, the one with
        # the most pixels within `max_delta` is the colour (a clean black axis may hold the
        # single commonest bin).
        cores = [left & (np.linalg.norm(lab - k, axis=1) <= max_delta)
                 for k in centres[np.argsort(-counts)[:8]]]
        core = max(cores, key=lambda c: int(c.sum()))
        if core.sum() < max(3, min_share * len(ys)):
            break
        line = np.median(rgb[core], axis=0)
        d = line - bg
        t = (rgb - bg) @ d / max(float(d @ d), 1e-9)
        rim = (t > 0.05) & (t < 1.0) & (np.linalg.norm(bg + t[:, None] * d - rgb, axis=1) <= 20.0)
        part = core | (rim & left)
        left &= ~part
        m = np.zeros(mask.shape, bool)
        m[ys[part], xs[part]] = True
        parts.append(m)
    return parts


def stacked_lines(blobs: list[Blob], rgb: np.ndarray, ink: np.ndarray, line_halfwidth: float,
                  background) -> list[Blob]:
    """The blobs that are lines running together, not markers: as deep as a marker, but no
    one colour of them deeper than a line's stroke, its half-width (hollow shapes filled in). Lines drawn side
    by side (a solid line along another, dashes of several lines stacked where their pattern
    agrees, two lines that cross) thicken into a blob made of strokes of several colours; a
    marker is a shape wider than the stroke in its own colour, even half hidden under another
    series' marker."""
    radius = max(1.5, line_halfwidth + 1.0)
    pad = int(np.ceil(2 * radius)) + 1
    h, w = ink.shape
    out = []
    for b in blobs:
        x0, y0 = max(0, b.box[0] - pad), max(0, b.box[1] - pad)
        x1, y1 = min(w, b.box[2] + pad), min(h, b.box[3] + pad)
        mark = ink[y0:y1, x0:x1]
        inner = np.zeros(mark.shape, bool)
        inner[b.box[1] - y0:b.box[3] - y0, b.box[0] - x0:b.box[2] - x0] = True
        whole = imageops.ink_depth(np.pad(imageops.fill_holes(mark, 10 ** 6), 1))[1:-1, 1:-1]
        if float(whole[inner].max(initial=0)) < radius:
            continue    # a small marker found by its shape, not its depth: nothing to compare
        deepest = 0.0
        for part in colour_parts(rgb[y0:y1, x0:x1], mark, background):
            d = imageops.ink_depth(np.pad(imageops.fill_holes(part, 10 ** 6), 1))[1:-1, 1:-1]
            deepest = max(deepest, float(d[inner].max(initial=0)))
        # A stroke's depth is its half-width; a marker's colour, however small, is deeper.
        if deepest < line_halfwidth + 0.15:
            out.append(b)
    return out
