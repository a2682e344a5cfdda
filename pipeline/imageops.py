"""Pure array helpers for chart images: background, ink, lines, blobs. Arrays in, arrays out."""
from __future__ import annotations

import cv2
import numpy as np


def dominant_color(rgb: np.ndarray, mask: np.ndarray | None = None) -> np.ndarray:
    """Most frequent colour (quantised to 8 levels a channel, then the median inside that bin)."""
    px = rgb[mask] if mask is not None else rgb.reshape(-1, 3)
    if len(px) == 0:
        return np.array([255, 255, 255], np.uint8)
    if len(px) > 400_000:
        px = px[:: len(px) // 400_000 + 1]
    px = np.ascontiguousarray(px)
    q = (px >> 5).astype(np.uint16)
    key = (q[:, 0] << 6) | (q[:, 1] << 3) | q[:, 2]
    counts = np.bincount(key, minlength=512)
    top = counts.argmax()
    inbin = key == top
    # (sorting the bin's pixels for np.median took most of a page's time here)
    return np.array([median_u8(px[:, c][inbin]) for c in range(3)]).astype(np.uint8)


def median_u8(values: np.ndarray) -> float:
    """np.median of uint8 values, read off their histogram instead of sorting them."""
    n = values.size
    cum = np.cumsum(np.bincount(values.ravel(), minlength=256))
    lo = int(np.searchsorted(cum, (n - 1) // 2, side="right"))
    hi = int(np.searchsorted(cum, n // 2, side="right"))
    return (lo + hi) / 2.0


def page_background(rgb: np.ndarray) -> np.ndarray:
    """Colour of the chart's page: the dominant colour of its core (see _core), so that a
    screenshot's frame does not pass for the page of a dark-themed chart. A vivid colour is a
    mark's (wide bars filling most of the plot): where the image's edge is of a dull colour
    that a sixth or more of the core holds too, that is the page."""
    core = _core(rgb)
    main = dominant_color(core)
    if _vivid(main):
        h, w = rgb.shape[:2]
        b = max(1, int(0.02 * min(h, w)))
        edge = np.concatenate([rgb[:b].reshape(-1, 3), rgb[h - b:].reshape(-1, 3),
                               rgb[:, :b].reshape(-1, 3), rgb[:, w - b:].reshape(-1, 3)])
        rim = dominant_color(edge)
        if not _vivid(rim) and (color_distance(core, rim) <= 16).mean() >= 1 / 6:
            return rim
    return main


def _vivid(color, min_spread: int = 60) -> bool:
    """A saturated colour (its channels far apart), as data marks are and pages are not."""
    return int(np.max(color)) - int(np.min(color)) >= min_spread


def _core(rgb: np.ndarray) -> np.ndarray:
    """The image without an outer 8 %, and first without a flat frame of another colour than
    what it holds (a dark chart pasted on a light page): wider than 8 %, the frame would pass
    for the page or the second background, and light text on the chart would read as frame."""
    h, w = rgb.shape[:2]
    x0, y0, x1, y1 = _flat_frame(rgb)
    b = int(0.08 * min(h, w))
    if max(x0, y0, w - x1, h - y1) > b and min(x1 - x0, y1 - y0) >= 0.5 * min(h, w):
        inner = rgb[y0:y1, x0:x1]
        if color_distance(rgb[:1, :1], dominant_color(inner)).max() > 16:
            rgb, h, w = inner, y1 - y0, x1 - x0
    b = int(0.08 * min(h, w))
    return rgb[b:h - b, b:w - b]


def _flat_frame(rgb: np.ndarray, tol: int = 16, share: float = 0.98) -> tuple[int, int, int, int]:
    """The box (x0, y0, x1, y1) inside the outer rows and columns that are all (but for JPEG
    specks) the colour of the top-left corner; found on every fourth row and column (to four
    pixels: the box only cuts a core, and the whole image cost 17 ms a call)."""
    k = 4
    small = np.ascontiguousarray(rgb[::k, ::k])
    bar = _title_bar(small, tol)
    if bar:
        x0, y0, x1, y1 = _flat_frame(rgb[k * bar:], tol, share)
        return x0, y0 + k * bar, x1, y1 + k * bar
    flat = color_distance(small, rgb[0, 0]) <= tol
    rows = np.flatnonzero(flat.mean(axis=1) < share)
    cols = np.flatnonzero(flat.mean(axis=0) < share)
    h, w = rgb.shape[:2]
    if not len(rows) or not len(cols):
        return 0, 0, w, h
    return k * int(cols[0]), k * int(rows[0]), min(w, k * int(cols[-1]) + k), min(h, k * int(rows[-1]) + k)


def _title_bar(small: np.ndarray, tol: int) -> int:
    """Rows of `small` (an image seen every fourth pixel) that are a window's title bar over a
    screenshot's frame: two or more, fewer than a fifth of its height, flat in one colour but
    for the window's buttons (nine tenths of each row), over rows whose both ends are in
    another flat colour (outside set-27 h02: a title bar darker than the frame round a chart).
    0 where there is none."""
    h = small.shape[0]
    top = small[0, small.shape[1] // 2]
    n = 0
    while n < h // 5 and (color_distance(small[n:n + 1], top) <= tol).mean() >= 0.9:
        n += 1
    if not 2 <= n < h // 5:
        return 0
    side = small[n, 0]
    if float(color_distance(side[None, None], top).max()) <= tol:
        return 0
    ends = np.concatenate([small[n:, :1], small[n:, -1:]], axis=1)
    return n if (color_distance(np.ascontiguousarray(ends), side) <= tol).mean() >= 0.98 else 0


def without_frame(rgb: np.ndarray) -> np.ndarray:
    """The image with a flat frame (see _flat_frame) painted over in the colour just inside it,
    where the two differ: a light screenshot border round a dark chart would otherwise stand as
    bars on the image's edge. The image itself when there is no such frame."""
    h, w = rgb.shape[:2]
    x0, y0, x1, y1 = _flat_frame(rgb)
    if (x0, y0, x1, y1) == (0, 0, w, h) or min(x1 - x0, y1 - y0) < 0.5 * min(h, w):
        return rgb
    # The box is found to four pixels: the ring is taken four pixels in and more.
    def ring(k):
        r0, c0, r1, c1 = y0 + k, x0 + k, y1 - k - 1, x1 - k - 1
        return [rgb[r0, c0:c1], rgb[r1, c0:c1], rgb[r0:r1, c0], rgb[r0:r1, c1]]
    rings = [ring(k) for k in (4, 8, 12)]
    inside = np.median(np.concatenate(rings[0]), axis=0).astype(np.uint8)
    if color_distance(rgb[:1, :1], inside).max() <= 16:
        return rgb
    # A chart inside a frame shows its background all round; a box that merely bounds what is
    # drawn on a plain page runs through the marks on some side (a horizontal bar chart whose
    # first and last bars lie on the box: the page was painted in the bars' blue). A side may
    # run along a line of the chart's own (a panel's outline, a plot's spine: bar seed-41
    # bar057, seed-45 bar013, where the frame was kept and its dark ring stood as bars): of
    # the three rings, each side's best counts.
    shares = [[float((color_distance(s[None], inside) <= 16).mean()) for s in r] for r in rings]
    if min(max(col) for col in zip(*shares)) < 0.5:
        return rgb
    out = np.empty_like(rgb)
    out[:] = inside
    out[y0:y1, x0:x1] = rgb[y0:y1, x0:x1]
    return out


def color_distance(rgb: np.ndarray, color) -> np.ndarray:
    """Per-pixel max channel difference from `color` (0..255), robust to small JPEG noise."""
    # The colour as a scalar: an image-sized copy of it cost twenty times the difference itself.
    c = np.asarray(color, np.uint8).reshape(-1)
    diff = cv2.absdiff(rgb, (float(c[0]), float(c[1]), float(c[2]), 0.0))
    return np.maximum(np.maximum(diff[..., 0], diff[..., 1]), diff[..., 2])


def blend_mask(rgb: np.ndarray, color, background, min_t: float = 0.3, resid: float = 40.0) -> np.ndarray:
    """Pixels that mix `color` with `background`, at least `min_t` of the way to `color`: a
    mark of that colour with its anti-aliased rim, without the grey of a gridline it sits on
    (grey lies off the segment from a white page to a red mark)."""
    c = rgb.astype(np.float32) - np.asarray(background, np.float32)
    d = np.asarray(color, np.float32) - np.asarray(background, np.float32)
    t = blend_share(rgb, color, background)
    return (t >= min_t) & (np.abs(c - t[..., None] * d).max(axis=-1) < resid)


def blend_share(rgb: np.ndarray, color, background) -> np.ndarray:
    """Per pixel, how far it lies from `background` towards `color` (0: the background, 1: the
    colour), projected on the segment between them."""
    c = rgb.astype(np.float32) - np.asarray(background, np.float32)
    d = np.asarray(color, np.float32) - np.asarray(background, np.float32)
    return (c @ d) / max(float(d @ d), 1.0)


def off_blend(rgb: np.ndarray, a, b) -> np.ndarray:
    """Per pixel, the max channel distance from the nearest colour on the segment between
    colours `a` and `b`: text over two fills stands out, and the anti-aliased seam where the
    fills meet (a blend of the two) does not."""
    t = np.clip(blend_share(rgb, b, a), 0.0, 1.0)[..., None]
    a32, b32 = np.asarray(a, np.float32), np.asarray(b, np.float32)
    return np.abs(rgb.astype(np.float32) - (a32 + t * (b32 - a32))).max(axis=-1)


def second_background(rgb: np.ndarray, background, panel: bool = True) -> np.ndarray | None:
    """A second large flat colour (a grey panel on a white page, or the reverse), or None.
    `panel`: one that text may stand on, filling the box it spans (not bars apart)."""
    return second_backgrounds(rgb, background)[0 if panel else 1]


def second_backgrounds(rgb: np.ndarray, background) -> tuple[np.ndarray | None, np.ndarray | None]:
    """(the second background text may stand on, or None; the second large flat colour at
    all, bars apart too, or None), found at once (see second_background)."""
    got = _second_color(rgb, background)
    if got is None:
        return None, None
    color, fills = got
    return (color if fills else None), color


def _second_color(rgb: np.ndarray, background) -> tuple[np.ndarray, bool] | None:
    """The second large flat colour and whether it fills the box it spans, or None."""
    h, w = rgb.shape[:2]
    # The page round ggplot's grey panel (the panel taken for the page) is lighter: the tick
    # and category labels stand on it, and read against the panel alone they blur ('B200'
    # read '8200': bar seed-40 bar032).
    margin = figure_margin(rgb, background, lighter=True)
    if margin is not None:
        return margin, True
    core = _core(rgb)     # a screenshot's frame is no background of text
    far = color_distance(core, background) > 12
    in_frame = far.mean() <= 0.1
    if in_frame:
        # A ggplot-like grey panel fills the core; the page round it, where the tick labels
        # are, is a thin margin that the core's 8 % cut leaves out. Inside a flat frame of the
        # corner's colour (which holds no text), the margin is there to be seen. It is about
        # as light as the panel: a dark border round a light chart, too noisy to pass for a
        # flat frame, is no background of its dark text.
        x0, y0, x1, y1 = _flat_frame(rgb)
        core = rgb[y0:y1, x0:x1]
        far = color_distance(core, background) > 12
        if far.mean() <= 0.1:
            return None
    color = dominant_color(core, far)
    if in_frame and abs(float(np.mean(color)) - float(np.mean(background))) > 64:
        return None
    # Only a colour that lies in wide areas counts: on a busy chart (a dense legend, many lines
    # and gridlines) the commonest off-page colour is the text's or the grid's, and taking it
    # for a background whitens the very text to be read.
    # (JPEG speckles a flat fill: a wide tolerance and a closing keep it whole)
    near = cv2.morphologyEx((color_distance(core, color) <= 32).astype(np.uint8), cv2.MORPH_CLOSE,
                            np.ones((3, 3), np.uint8))
    k = max(3, round(0.02 * min(h, w)))
    wide = cv2.erode(near, np.ones((k, k), np.uint8))
    # Nor does a colour far from the page's that is also printed thin away from its wide
    # areas: that is the text's colour (black bars beside black text), and whitening it
    # whitens the text. (Greys near the page's are left alone: the anti-aliased edges of
    # dark text pass through them.)
    thin = near & (1 - cv2.dilate(wide, np.ones((2 * k + 1, 2 * k + 1), np.uint8)))
    if abs(float(np.mean(color)) - float(np.mean(background))) > 128 and thin.sum() > 0.05 * near.sum():
        return None
    if wide.sum() <= 0.25 * near.sum():
        return None
    # A background fills the box it spans but for what is drawn on it; bars apart leave most
    # of theirs to the page between them. Taken for a background, grey bars whiten the
    # anti-aliased rims of dark text, grey as they pass through them, into hollow outlines
    # (bar seed-41 bar057: no word read on the page); coloured ones lost more category labels
    # than they won text standing on a bar (over eleven bar seeds: seed 44 0.949 against 0.921).
    if in_frame:     # (a margin round a panel spans the whole box)
        return color, True
    ys, xs = np.nonzero(wide)
    return color, bool(near[ys.min():ys.max() + 1, xs.min():xs.max() + 1].mean() >= 0.5)


def figure_margin(rgb: np.ndarray, background, lighter: bool = False) -> np.ndarray | None:
    """The colour of a figure's margin round the plot, or None: the frame (see _flat_frame) in
    a colour of its own, about as light as the page, that goes on into the box where the tick
    labels stand on it, on two sides at least (set-21 h07, set-22 h02: matplotlib's grayscale
    and classic styles, a grey figure round a white plot; its labels unread on mid-grey, and
    bars against it stood on the margin; a window's title bar in grey over a white chart
    lies along one side: set-21 h40). Its colour is taken on the frame's left side (a title
    bar over a screenshot's frame is of another)."""
    h, w = rgb.shape[:2]
    x0, y0, x1, y1 = _flat_frame(rgb)
    if (x0, y0, x1, y1) == (0, 0, w, h):
        return None
    corner = rgb[(y0 + y1) // 2, 0]
    # Darker than the page unless `lighter`: bars are read against a darker margin only (with
    # ggplot's white page round the grey panel, the panel taken for the page, kept out of the
    # bars, bar seed-52 bar019's stacks with white values printed on them were not found). A
    # dark theme's figure a shade off its panel, 28 round 42, is left as it was read.
    darker = float(np.mean(background)) - float(np.mean(corner))
    if float(color_distance(corner[None, None], background).max()) <= 24 \
            or not (-64 if lighter else 0) < darker <= 64:
        return None
    box = np.ascontiguousarray(rgb[y0:y1, x0:x1])
    far = _from_edges(color_distance(box, corner) <= 12)
    sides = sum(float(e.mean()) >= 0.5 for e in (far[0], far[-1], far[:, 0], far[:, -1]))
    if far.mean() < 0.02 or sides < 2:
        return None
    # Text stands on a figure's margin; a screenshot's border, the rest of it that a noisy
    # frame left inside the box, holds none (set-27 h05): glyph-sized ink touching the margin.
    ink = (color_distance(box, corner) > 60).astype(np.uint8)
    near = cv2.dilate(far.astype(np.uint8), np.ones((5, 5), np.uint8)).astype(bool)
    n, lab, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    bh, bw = box.shape[:2]
    touching = np.unique(lab[near & ink.astype(bool)])
    glyphs = sum(1 for i in touching if i and stats[i, 4] >= 6 and stats[i, 3] <= 0.05 * bh and stats[i, 2] <= 0.05 * bw)
    return corner if glyphs >= 4 else None


def _from_edges(mask: np.ndarray) -> np.ndarray:
    """The parts of `mask` that reach the edge of its box: a frame's colour going on inside
    it, not a panel of a near colour standing inside the chart (seed-48 syn025: seaborn's
    pale panel inside a pale screenshot border)."""
    n, lab = cv2.connectedComponents(mask.astype(np.uint8), connectivity=4)
    edge = np.unique(np.concatenate([lab[0], lab[-1], lab[:, 0], lab[:, -1]]))
    return np.isin(lab, edge[edge > 0])


def text_gray(rgb: np.ndarray, background, second=None, gain: float = 2.0) -> np.ndarray:
    """Dark-on-white rendering of whatever differs from the background: any text colour on any
    theme becomes black on white, which is what tesseract reads best. With a `second`
    background (panel and page differ) both become white, so text on either reads. The
    difference is multiplied by `gain`: 2 makes pale text black, but it also thickens small
    blurred glyphs into blobs (their counters fill in); 1 keeps their anti-aliased shape."""
    d = color_distance(rgb, background)
    if second is not None:
        d = np.minimum(d, color_distance(rgb, second))
    d = d.astype(np.float32)
    return np.clip(255.0 - d * gain, 0, 255).astype(np.uint8)


def column_flattened(gray: np.ndarray) -> np.ndarray:
    """A dark-on-light crop of one text line with each column measured against its own
    background (its brightest tenth): a block of paler colour behind part of the line (a bar
    seen through a half-transparent legend box) no longer stands as ink around the glyphs."""
    g = gray.astype(np.float32)
    if g.size == 0:
        return gray
    d = np.clip(np.percentile(g, 90, axis=0)[None, :] - g, 0, None)
    return np.clip(255.0 - d * 255.0 / max(float(d.max()), 1.0), 0, 255).astype(np.uint8)


def saturation(rgb: np.ndarray) -> np.ndarray:
    """HSV saturation, with a pixel whose channels lie within 24 levels of each other counted
    grey: near black, a few levels of noise make a large ratio out of no colour (a noisy black
    frame would pass for a coloured line)."""
    hsv = cv2.cvtColor(rgb, cv2.COLOR_RGB2HSV)
    s, v = hsv[..., 1], hsv[..., 2]
    chroma = (s.astype(np.uint16) * v) // 255    # max - min of the channels
    return np.where(chroma < 24, 0, s).astype(np.uint8)


def group_runs(idx: np.ndarray, gap: int = 1) -> list[tuple[int, int]]:
    """Consecutive integer runs in sorted `idx` -> [(first, last)]."""
    if len(idx) == 0:
        return []
    runs, start, prev = [], idx[0], idx[0]
    for i in idx[1:]:
        if i - prev > gap:
            runs.append((int(start), int(prev)))
            start = i
        prev = i
    runs.append((int(start), int(prev)))
    return runs


def apart_from_rows(ink: np.ndarray, r0: int, r1: int, min_gap: int = 2) -> bool:
    """Whether rows [r0, r1) of a mask (a mark in a word's box) are set off from all its other
    ink, above or below, by `min_gap` blank rows or more, that other ink being at least as tall
    as the mark (a line of glyphs, not a stray speck)."""
    rows = np.flatnonzero(ink.any(axis=1))
    other = rows[(rows < r0) | (rows >= r1)]
    if len(other) == 0 or not ((other < r0).all() or (other >= r1).all()):
        return False
    if other.max() - other.min() + 1 < r1 - r0:
        return False
    gap = r0 - 1 - other.max() if (other < r0).all() else other.min() - r1
    return bool(gap >= min_gap)


def enclosed_holes(mask: np.ndarray) -> list[tuple[int, int, int, int, int]]:
    """The openings `mask` encloses (4-connected, touching no edge of it): their boxes
    (x0, y0, x1, y1, exclusive) and areas."""
    n, _lab, stats, _ = cv2.connectedComponentsWithStats((~mask.astype(bool)).astype(np.uint8), connectivity=4)
    h, w = mask.shape
    return [(int(x), int(y), int(x + bw), int(y + bh), int(a)) for x, y, bw, bh, a in stats[1:]
            if x > 0 and y > 0 and x + bw < w and y + bh < h]


def fill_holes(mask: np.ndarray, max_area: int, max_extent: int | None = None,
               round_scale: float = 1.0, halves: bool = False) -> np.ndarray:
    """Fill enclosed, compact holes up to `max_area` pixels and `max_extent` across (hollow
    markers become solid blobs; the sliver between two curves that touch stays open). A round
    hole (as tall as wide within a quarter, filling 0.7 to 0.88 of its box) may be
    `round_scale` times as large each way: a hollow circle's inside is far wider than the thin
    lines that set the limits (27 px rings on a 1 px line, outside set-A out040). With
    `halves`, two flat holes on either side of a line of three pixels or less, together as
    tall as wide within a third, are filled too: a hollow marker that its line runs through
    (a key's sample as gnuplot draws it; outside set-B out022's key named its series)."""
    m = mask.astype(np.uint8)
    inv = (1 - m).astype(np.uint8)
    n, lab, stats, _ = cv2.connectedComponentsWithStats(inv, connectivity=4)
    h, w = m.shape
    out = m.copy()
    flat = []
    for i in range(1, n):
        x, y, bw, bh, area = stats[i]
        if x == 0 or y == 0 or x + bw >= w or y + bh >= h or area < 0.4 * bw * bh:
            continue
        if max(bw, bh) > 2 * min(bw, bh):
            flat.append(i)
            continue
        # (round, not square: a square hole is a gridlines' cell in a plot's corner, seed-43 syn095)
        scale = round_scale if max(bw, bh) <= 1.25 * min(bw, bh) and 0.7 * bw * bh <= area <= 0.88 * bw * bh else 1.0
        if area > max_area * scale * scale or (max_extent is not None and max(bw, bh) > max_extent * scale):
            continue
        out[lab == i] = 1
    for i, j in (_halves(stats, flat, max_area, max_extent) if halves else ()):
        out[(lab == i) | (lab == j)] = 1
    return out.astype(bool)


def _halves(stats, flat: list[int], max_area: int, max_extent: int | None) -> list[tuple[int, int]]:
    """Pairs of the `flat` holes (labels into `stats`) that are two halves of one (see
    fill_holes)."""
    pairs = []
    for i in flat:
        xi, yi, wi, hi, ai = stats[i]
        for j in flat:
            xj, yj, wj, hj, aj = stats[j]
            if wi > hi and wj > hj:     # above and below a level line
                apart = 1 <= yj - (yi + hi) <= 3 and abs(xi - xj) <= 2 and abs(xi + wi - xj - wj) <= 2
            else:                       # left and right of an upright one
                apart = hi > wi and hj > wj and 1 <= xj - (xi + wi) <= 3 and abs(yi - yj) <= 2 \
                    and abs(yi + hi - yj - hj) <= 2
            if not apart:
                continue
            uw = max(xi + wi, xj + wj) - min(xi, xj)
            uh = max(yi + hi, yj + hj) - min(yi, yj)
            if max(uw, uh) <= 1.33 * min(uw, uh) and ai + aj <= max_area \
                    and (max_extent is None or max(uw, uh) <= max_extent):
                pairs.append((i, j))
    return pairs


def stroke_halfwidth(mask: np.ndarray, sample: np.ndarray | None = None) -> float:
    """Typical half-width of the lines in `mask`: the mode of the distance transform on ridges
    of elongated components. Compact components (markers on their own) are left out, so a chart
    of markers without lines gets the width of a thin line, not that of its markers. With
    `sample`, only ridge pixels inside it count (the coloured centre lines of series drawn in
    `mask` with their rims)."""
    m = mask.astype(np.uint8)
    if m.sum() < 20:
        return 1.0
    dt = cv2.distanceTransform(m, cv2.DIST_L2, 3)
    n, lab, stats, _ = cv2.connectedComponentsWithStats(m, connectivity=8)
    ridge = (dt >= cv2.dilate(dt, np.ones((3, 3), np.uint8))) & (dt > 0)
    depth = np.zeros(n)
    np.maximum.at(depth, lab[ridge], dt[ridge])   # a component's deepest pixel is on a ridge
    extent = np.maximum(stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT])
    elongated = extent >= 6 * np.maximum(depth, 1.0)
    # A screenshot's border runs along the image's edge most of its length: no line of the chart.
    x, y, w, h = (stats[:, k] for k in (cv2.CC_STAT_LEFT, cv2.CC_STAT_TOP, cv2.CC_STAT_WIDTH, cv2.CC_STAT_HEIGHT))
    H, W = m.shape
    edge = (x == 0) | (y == 0) | (x + w == W) | (y + h == H)
    elongated &= ~(edge & ((w >= 0.5 * W) | (h >= 0.5 * H)))
    elongated[0] = False
    ridge &= elongated[lab]
    if sample is not None:
        ridge &= sample
    vals = np.round(dt[ridge] * 2) / 2
    if len(vals) == 0:
        return 1.0
    uniq, cnt = np.unique(vals, return_counts=True)
    return float(uniq[cnt.argmax()])


def spanning_rules(mask: np.ndarray, share: float = 0.45, thick: int = 5) -> np.ndarray:
    """Rows and columns of `mask` straight for `share` of the image's width or height and
    thinner than `thick`: gridlines and axis lines, which no series runs along that far (tall
    bars and a thick line's flat stretch are `thick` or more across)."""
    h, w = mask.shape
    m = mask.astype(np.uint8)
    across = cv2.morphologyEx(m, cv2.MORPH_OPEN, np.ones((1, max(3, int(share * w))), np.uint8))
    down = cv2.morphologyEx(m, cv2.MORPH_OPEN, np.ones((max(3, int(share * h)), 1), np.uint8))
    across &= ~cv2.morphologyEx(across, cv2.MORPH_OPEN, np.ones((thick, 1), np.uint8))
    down &= ~cv2.morphologyEx(down, cv2.MORPH_OPEN, np.ones((1, thick), np.uint8))
    return (across | down).astype(bool)


def ink_depth(mask: np.ndarray) -> np.ndarray:
    """Distance of every ink pixel to the nearest background pixel."""
    return cv2.distanceTransform(mask.astype(np.uint8), cv2.DIST_L2, 3)


def solid_regions(depth: np.ndarray, min_radius: float) -> np.ndarray:
    """Pixels of blobs deeper than `min_radius` (see ink_depth), with their rims: filled
    markers, not strokes of text or lines."""
    core = (depth >= min_radius).astype(np.uint8)
    if not core.any():
        return np.zeros(depth.shape, bool)
    d = int(2 * np.ceil(min_radius) + 3)
    grown = cv2.dilate(core, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (d, d)))
    return grown.astype(bool) & (depth > 0)


def remove_rules(ink: np.ndarray, min_len: int, dashed: bool = False) -> np.ndarray:
    """`ink` without its horizontal and vertical rules (gridlines, frames: straight runs of at
    least `min_len` px; with `dashed`, vertical ones also dashed), except where a stroke crosses one, so that
    text a gridline runs through reads as text again. Text has no vertical run that long, even
    with gaps of a quarter of that length bridged; a horizontal dash is left alone, as the feet
    of serif letters along a baseline would pass for one."""
    n = max(3, int(min_len))
    # Padded with background: outside the array is no ink (cv2 erodes as if it were).
    m = np.pad(ink.astype(np.uint8), n)
    inner = (slice(n, n + ink.shape[0]), slice(n, n + ink.shape[1]))
    horiz = cv2.morphologyEx(m, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (n, 1)))[inner].astype(bool)
    gap = max(1, n // 4)
    bridged = cv2.morphologyEx(m, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_RECT, (1, gap + 1))) if dashed else m
    vert = cv2.morphologyEx(bridged, cv2.MORPH_OPEN,
                            cv2.getStructuringElement(cv2.MORPH_RECT, (1, n)))[inner].astype(bool) & ink
    rest = ink & ~(horiz | vert)

    def near(mask, axis, sign):
        out = np.zeros_like(mask)
        for k in (1, 2, 3):
            if axis == 0:
                if sign > 0:
                    out[k:] |= mask[:-k]
                else:
                    out[:-k] |= mask[k:]
            else:
                if sign > 0:
                    out[:, k:] |= mask[:, :-k]
                else:
                    out[:, :-k] |= mask[:, k:]
        return out
    crossed = (horiz & near(rest, 0, 1) & near(rest, 0, -1)) | (vert & near(rest, 1, 1) & near(rest, 1, -1))
    return rest | crossed


def dashed_rows(ink: np.ndarray, min_len: int, gap: int) -> np.ndarray:
    """Pixels of horizontal runs at least `min_len` px long once gaps up to `gap` px are
    bridged: a dashed gridline across a window wider than any text in it. (Serif feet along a
    baseline are no such run: they stop where the text does.)"""
    n = max(3, int(min_len))
    m = np.pad(ink.astype(np.uint8), ((0, 0), (n, n)))
    inner = (slice(None), slice(n, n + ink.shape[1]))
    bridged = cv2.morphologyEx(m, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_RECT, (int(gap) + 1, 1)))
    runs = cv2.morphologyEx(bridged, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (n, 1)))
    return runs[inner].astype(bool) & ink


def rules_whitened(gray: np.ndarray, box, pad: int, min_share: float = 0.6, tol: float = 30.0) -> np.ndarray:
    """A copy of the text gray with the rows of `box` (x0, y0, x1, y1) that a grey rule runs
    along (a gridline through a legend's name: 'no-chunking' for 'no chunking') whitened, across
    the box and `pad` px either side, where they are of the rule's grey: a row mostly of one mid
    grey, neither page nor text, that goes on past the box. Text on the row, darker, stays."""
    h, w = gray.shape
    x0, x1 = max(0, int(box[0]) - pad), min(w, int(box[2]) + pad)
    out = gray.copy()
    # (only through the text: a legend's frame above or below it is no part of a glyph)
    for y in range(max(0, int(box[1])), min(h, int(box[3]))):
        row = out[y, x0:x1]
        mid = (row > 100) & (row < 235)
        if not row.size or mid.mean() < min_share:
            continue
        grey = float(np.median(row[mid]))
        rule = np.abs(row.astype(float) - grey) <= tol
        # One grey, running on past the text at one end at least: blurred text is greys of
        # all shades, with the page beside it.
        ends = (rule[:int(box[0]) - x0], rule[int(box[2]) - x0:])
        if any(e.size >= 2 and e.mean() >= 0.8 for e in ends):
            row[rule] = 255
    return out
