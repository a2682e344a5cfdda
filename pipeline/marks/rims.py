"""Tiny markers cut off from their line by a rim of the background.

Some renderers (Pillow-drawn dashboards) draw a small marker (a 4x3 square, a 5 px circle) over
its line with a 1 px outline in the background colour: in the line's colour the marker is a
piece of its own, barely wider than the line, and the line stops a pixel or two short of it on
each side where it goes on (one side at the line's end). markers.tiny_markers asks such a piece
to be two pixels wider than the line, which letters' crumbs and specks are not; the rim is a
surer sign, and lets pieces no wider than the line through:

  * per traced line colour (not grey: text, gridlines and axes are), the pixels at least half
    (and, for a blurred rim, seven tenths) of the way from the background to that colour, in
    side-connected pieces; a candidate is a compact piece from the line's width to `max_side`
    px a side, on a traced line of its colour;
  * next to it hardly anything of its colour and mostly no ink; a pixel to three further out,
    the line comes back on one side or two roughly opposite sides: a straight stretch that
    points at the piece's centre, runs on out of the window or is longer than a marker, and is
    no wider than a line; along it, between piece and line, the colour drops to half or less
    (a line merely thinned by JPEG keeps more);
  * the piece is at least as wide across the line as the line, and no stretch of line between
    two gaps (long along the line and no wider).
"""
from __future__ import annotations

import cv2
import numpy as np

from .. import imageops
from .markers import Blob, classify_shape, on_lines, turned_compact
from .series import to_lab


def rim_markers(rgb: np.ndarray, traces, halfwidth: float, background, box, max_side: int = 12,
                levels=(0.5, 0.7), pad: int = 8, max_gap: int = 3, min_chroma: float = 20.0) -> list[Blob]:
    """Rimmed tiny markers (see the module's docstring) on `traces` (lines.Trace) inside the plot
    box `box` (x0, y0, x1, y1) and `pad` px around it, each in its line's colour. `max_gap`: the
    widest rim, px of background between piece and line."""
    H, W = rgb.shape[:2]
    bx0, by0 = max(0, int(box[0]) - pad), max(0, int(box[1]) - pad)
    bx1, by1 = min(W, int(box[2]) + pad), min(H, int(box[3]) + pad)
    sub = np.ascontiguousarray(rgb[by0:by1, bx0:bx1])
    page_ink = imageops.color_distance(sub, background) > 60
    bg = np.asarray(background, float)
    out: list[Blob] = []
    for color, lines in _by_colour(traces):
        a, b = to_lab([color])[0][1:]
        if np.hypot(a, b) < min_chroma:
            continue     # grey: the text's and the grid's colour, whose strokes pass for line
        lines = [v - (bx0, by0) for v in lines]
        faint = imageops.blend_mask(sub, color, bg, min_t=0.2)
        share = imageops.blend_share(sub, color, bg)
        for level in levels:
            own = imageops.blend_mask(sub, color, bg, min_t=level)
            for piece, mask in _pieces(own, lines, halfwidth, max_side):
                if not _rimmed(piece, mask, own, faint, share, page_ink, halfwidth, max_side, max_gap):
                    continue
                x, y = piece.cx + bx0, piece.cy + by0
                if not any(np.hypot(o.cx - x, o.cy - y) < 2.5 for o in out):
                    x0, y0, x1, y1 = piece.box
                    out.append(Blob(x, y, piece.area, (x0 + bx0, y0 + by0, x1 + bx0, y1 + by0), color, piece.shape))
    return out


def _by_colour(traces, same: float = 12.0) -> list:
    """The traces' vertices grouped by colour (within `same` in Lab): [(colour, [arrays])]."""
    out = []
    for t in traces:
        v = np.asarray(t.vertices, float).reshape(-1, 2)
        if not len(v):
            continue
        lab = to_lab([t.color])[0]
        for c, vs in out:
            if np.linalg.norm(to_lab([c])[0] - lab) <= same:
                vs.append(v)
                break
        else:
            out.append((tuple(int(k) for k in t.color), [v]))
    return out


def _pieces(own: np.ndarray, lines, halfwidth: float, max_side: int) -> list[tuple[Blob, np.ndarray]]:
    """Compact pieces of `own` from the line's width to `max_side` a side, on one of `lines`:
    (blob, its mask in its box)."""
    n, lab, stats, cent = cv2.connectedComponentsWithStats(own.astype(np.uint8), connectivity=4)
    x, y, w, h, area = (stats[:, k] for k in range(5))
    cand = ((np.maximum(w, h) <= max_side) & (np.minimum(w, h) >= max(2, int(np.floor(2 * halfwidth))))
            & (area >= 4) & (area >= 0.4 * w * h))
    cand[0] = False
    out = []
    for i in np.flatnonzero(cand):
        comp = lab[y[i]:y[i] + h[i], x[i]:x[i] + w[i]] == i
        if turned_compact(comp):
            box = (int(x[i]), int(y[i]), int(x[i] + w[i]), int(y[i] + h[i]))
            out.append((Blob(float(cent[i][0]), float(cent[i][1]), int(area[i]), box, (0, 0, 0),
                             classify_shape(comp)), comp))
    on = {id(b) for b in on_lines([b for b, _ in out], lines, halfwidth + 2.0)}
    return [(b, comp) for b, comp in out if id(b) in on]


def _rimmed(piece: Blob, mask: np.ndarray, own, faint, share, page_ink, halfwidth: float, max_side: int,
            max_gap: int, min_solidity: float = 0.78, gap_share: float = 0.5) -> bool:
    """Whether `piece` of `own` (`mask`: its pixels in its box) is set apart from its line by a
    rim. `faint`: the colour's pixels on a low threshold, where a thin pale line holds
    together; `share`: imageops.blend_share."""
    H, W = own.shape
    x0, y0, x1, y1 = piece.box
    reach = max_gap + 1
    m = reach + 8
    wx0, wy0, wx1, wy1 = max(0, x0 - m), max(0, y0 - m), min(W, x1 + m), min(H, y1 + m)
    o = own[wy0:wy1, wx0:wx1]
    comp = np.zeros(o.shape, bool)
    comp[y0 - wy0:y1 - wy0, x0 - wx0:x1 - wx0] = mask
    comp8 = comp.astype(np.uint8)
    grown = cv2.dilate(comp8, np.ones((3, 3), np.uint8)).astype(bool)
    ring = grown & ~comp
    # The rim: next to the piece, nothing of its colour (an anti-aliased corner at most) and
    # mostly no ink at all.
    if (o & ring).sum() > 1 or (page_ink[wy0:wy1, wx0:wx1] & ring).mean() > 0.4:
        return False
    # Filled and convex, as a marker is: a glyph's piece is a curved stroke or a loop.
    hull = np.zeros_like(comp8)
    cv2.fillConvexPoly(hull, cv2.convexHull(cv2.findNonZero(comp8)), 1)
    if comp.sum() < min_solidity * hull.sum():
        return False
    # Past the rim, the colour's faint pixels (its anti-aliased edge next to the piece left out).
    f = faint[wy0:wy1, wx0:wx1] & ~grown
    near = cv2.dilate(comp8, np.ones((2 * reach + 1,) * 2, np.uint8)).astype(bool) & ~grown
    if not (f & near).any():
        return False
    _, fl, fst, _ = cv2.connectedComponentsWithStats(f.astype(np.uint8), connectivity=8)
    ys, xs = np.nonzero(comp)
    pts = np.stack([xs, ys], axis=1).astype(float)
    c = pts.mean(axis=0)
    radius = 0.5 * max(x1 - x0, y1 - y0) + reach + 6.0
    hh, ww = f.shape
    sides, widths = [], []
    for j in set(np.unique(fl[f & near])) - {0}:
        jx, jy, jw, jh, ja = fst[j]
        # Line, no crumb: a piece that runs on out of the window, or longer than a marker.
        edge = jx == 0 or jy == 0 or jx + jw == ww or jy + jh == hh
        if not edge and max(jw, jh) <= max_side and ja <= 1.5 * piece.area:
            continue
        py, px = np.nonzero(fl == j)
        P = np.stack([px, py], axis=1).astype(float)
        P = P[np.hypot(P[:, 0] - c[0], P[:, 1] - c[1]) <= radius]
        if len(P) < 4:
            continue
        lc, d, fw = _stretch(P)
        u = lc - c
        if np.hypot(*u) < 1e-6:
            continue
        u /= np.hypot(*u)
        # The line points into the piece, and the piece's centre lies on it (a glyph beside a
        # line lies off it).
        off = abs(float((c - lc) @ np.array([-d[1], d[0]])))
        if abs(float(d @ u)) < 0.8 or off > 0.5 * fw + 1.5 or fw > 2.0 * halfwidth + 3.5:
            continue
        # The line's width at the piece's own threshold, where it has pixels of it.
        Q = P[o[P[:, 1].astype(int), P[:, 0].astype(int)]]
        lw = _extent(Q, np.array([-d[1], d[0]])) if len(Q) >= 3 else max(1.0, fw - 1.0)
        if _palest(share[wy0:wy1, wx0:wx1], pts, c, u, reach) > gap_share:
            continue
        for s, v in enumerate(sides):     # one side may hold the line in two pieces
            if float(u @ v) > 0.7:
                widths[s] = max(widths[s], lw)
                break
        else:
            sides.append(u)
            widths.append(lw)
    if not sides or len(sides) > 2 or (len(sides) == 2 and float(sides[0] @ sides[1]) > 0.0):
        return False
    u = sides[0] - sides[1] if len(sides) == 2 else sides[0]
    u = u / max(np.hypot(*u), 1e-9)
    across, along = _extent(pts, np.array([-u[1], u[0]])), _extent(pts, u)
    lw = float(np.median(widths))
    if across < lw - 0.5 or across < 2:
        return False
    # A stretch of line between two gaps is as wide as the line and long; a marker barely
    # wider than its line is about as long as wide.
    return not (along > 2.0 * across + 1 and across < lw + 1)


def _extent(pts: np.ndarray, direction: np.ndarray) -> float:
    p = pts @ direction
    return float(p.max() - p.min() + 1.0) if len(p) else 0.0


def _stretch(pts: np.ndarray):
    """(centre, unit direction, width across) of a short straight stretch of line pixels."""
    c = pts.mean(axis=0)
    q = pts - c
    _, vecs = np.linalg.eigh(q.T @ q / max(1, len(q)))
    d = vecs[:, 1]
    return c, d, _extent(pts, np.array([-d[1], d[0]]))


def _palest(share: np.ndarray, pts: np.ndarray, c: np.ndarray, u: np.ndarray, reach: int) -> float:
    """How much of the colour is left at the palest point of the line's band going out from the
    piece (pixels `pts`, centre `c`) along `u`, up to `reach` px past its edge: a rim leaves the
    background (about 0), a line merely thinned by JPEG or blur half its colour or more."""
    h, w = share.shape
    edge = float(((pts - c) @ u).max())
    perp = np.array([-u[1], u[0]])
    best = np.inf
    for s in np.arange(1.0, reach + 0.01, 0.5):
        vals = []
        for k in (-0.7, 0.0, 0.7):
            xi, yi = (int(round(v)) for v in c + (edge + s) * u + k * perp)
            if 0 <= xi < w and 0 <= yi < h:
                vals.append(float(share[yi, xi]))
        if vals:
            best = min(best, max(vals))
    return best
