"""Finding a bar chart: bars standing on a baseline, the value axis, groups and category slots."""
from __future__ import annotations

from dataclasses import replace
from itertools import chain

import cv2
import numpy as np

from .. import imageops
from ..axes import calibrate
from ..marks.bars import (Bar, drop_narrow_stacks, join_aligned_columns, join_behind, merge_split_bars,
                          outlined_fills, rectangles, solid_mask, stacks_on_baseline)
from ..marks.markers import Blob
from ..marks.series import lab_distance, to_lab
from .frame import Frame
from .names import _legend_blobs
from .value_axis import _even_ticks, _reread_value_axis, _zero_at_base

# Bars are told from the page by a smaller colour difference than markers: pale bars (light
# grey, pastel) are common, and the opening that finds bars removes the gridlines and text that
# a low threshold lets in.
BAR_THRESHOLD = 28


# A fill this far from the page (max channel) counts as a bar when an outline encloses it:
# above JPEG noise and anti-aliasing, below BAR_THRESHOLD (light grey 241 on white 255).
FAINT_FILL = 8


def _upright_bars(rgb_u, bg, text_h, block, margin=None):
    k = max(3, int(round(0.3 * text_h)))
    dist = imageops.color_distance(rgb_u, bg)
    marks = dist > BAR_THRESHOLD
    if margin is not None:
        # A figure's margin round the plot (see imageops.figure_margin) is no bar either: the
        # bars would stand on it, joined through the axis line.
        marks &= imageops.color_distance(rgb_u, margin) > BAR_THRESHOLD
    # A pale fill inside a dark outline is a bar too (its outline encloses it).
    marks |= outlined_fills(marks, dist, FAINT_FILL, int(0.4 * rgb_u.shape[1]), k + 1)
    marks &= ~block
    solid = solid_mask(marks, k)
    pieces = join_behind(join_aligned_columns(merge_split_bars(join_aligned_columns(rectangles(rgb_u, solid, k + 1)),
                                                               1.8 * text_h)))
    stacks, base = stacks_on_baseline(pieces, tol=max(2.0, 0.15 * text_h), min_len=1.5 * text_h)
    # A bar ends where its colour does: a "bar" as wide as bars whose colour goes on past a line
    # across its end is the panel showing between bars (read against the page's colour), cut at
    # a gridline. (Slivers of panel are left to the narrow-stack rule, as before.)
    if stacks:
        wide = 0.5 * float(np.median([s[0].width for s in stacks]))
        stacks = [s for s in stacks if not (s[-1].width >= wide and _runs_on_past_end(rgb_u, s[-1]))]
    stacks = _under_legend(rgb_u, _split_overlaps(rgb_u, stacks, base, bg), bg, text_h)
    _behind_a_box(rgb_u, stacks, pieces, bg)
    # Segments of a stack share its width: a much narrower piece on a bar's end is its value
    # label (blurred into a solid blob where a gridline crosses it), not a segment.
    dropped = set()
    for s in stacks:
        k = next((i for i, c in enumerate(s) if i and c.width < 0.6 * s[0].width), None)
        if k is not None:
            dropped.update(id(c) for c in s[k:])
            del s[k:]
    stacks, _ = drop_narrow_stacks(stacks)
    loose = [_own_columns(rgb_u, p) for p in pieces if p.stack < 0 and id(p) not in dropped]
    return stacks, base, loose


def _behind_a_box(rgb_u, stacks, pieces, bg, delta: float = 14.0, covered: float = 0.5) -> None:
    """Stacks that an opaque box (a legend) drawn over them cuts in two: the bar's foot stands on
    the baseline below the box and its end shows above it, a loose piece of its colour and
    columns. Where the rows between the two are mostly ink that is neither the page nor the
    bar (the box, its frame and text), or where a line other than the bar's colour runs across
    the bar's columns at both ends of the gap (a box filled with the page's colour, framed),
    the stack's top goes up to the end piece's, in place. (A Vega legend inside the plot's
    corner left two bars 1k tall for 7.1k and 32.0k.)"""
    dist = imageops.color_distance(rgb_u, bg)
    for s in stacks:
        t = s[-1]
        above = [p for p in pieces if p.stack < 0 and abs(p.x0 - t.x0) <= 2 and abs(p.x1 - t.x1) <= 2
                 and p.bottom <= t.top + 1 and lab_distance(np.array([p.color], np.uint8), t.color)[0] <= delta]
        if not above:
            continue
        p = max(above, key=lambda p: p.bottom)
        y0, y1 = int(np.ceil(p.bottom)), int(np.floor(t.top))
        if y1 - y0 < 2:
            continue
        gap = rgb_u[y0:y1, t.x0:t.x1]
        not_bar = lab_distance(gap, t.color) > delta
        other = (dist[y0:y1, t.x0:t.x1] > BAR_THRESHOLD) & not_bar
        # (the frame's rows within a pixel or two of each piece's end, anti-aliased or a faint
        # white line on a grey panel: Vega's legend box is the panel's colour framed in white)
        edge = (dist[y0:y1, t.x0:t.x1] >= 12) & not_bar
        framed = all(edge[rows].mean(axis=1).max() >= 0.8 for rows in (slice(0, 3), slice(-3, None)))
        if other.mean() >= covered or framed:
            t.top, p.stack = p.top, t.stack


def _runs_on_past_end(rgb_u, c: Bar, delta: float = 3.0) -> bool:
    """Whether the middle columns of `c` a few rows beyond its far end (past a line one or two
    pixels thick across it) are still of its colour: the same colour, to within JPEG's noise (a
    pale bar outlined on a white page is about 5 apart in Lab from the white beyond it)."""
    r = int(round(c.top))
    m0, m1 = c.x0 + c.width // 4, c.x0 + max(c.width // 4 + 1, 3 * c.width // 4)
    if r < 4:
        return False
    beyond = np.median(rgb_u[r - 4:r - 2, m0:m1].reshape(-1, 3), axis=0)
    return float(lab_distance(beyond[None, :], c.color)[0]) <= delta


def _colour_columns(rgb_u, c: Bar, top: int, bottom: int, delta: float) -> np.ndarray | None:
    """Per column of piece `c`, whether its colour fills most of the rows top..bottom (None when
    that window is empty)."""
    a = rgb_u[top:bottom, c.x0:c.x1]
    if a.size == 0:
        return None
    return (lab_distance(a, c.color) <= delta).mean(axis=0) >= 0.5


def _filled_share(rgb_u, c: Bar, delta: float = 20.0) -> float:
    """The share of the piece's columns that its colour fills in most of its rows."""
    cols = _colour_columns(rgb_u, c, int(c.top), int(c.bottom) + 1, delta)
    return 1.0 if cols is None else float(cols.mean())


def _own_columns(rgb_u, c: Bar, delta: float = 20.0) -> Bar:
    """The piece narrowed to the columns its colour fills (in most of its rows). A piece takes
    the columns of the solid component it was cut from: a legend swatch drawn on (or touching)
    a bar spans the bar's width."""
    filled = _colour_columns(rgb_u, c, int(c.top), int(c.bottom) + 1, delta)
    if filled is None or c.width < 3:
        return c
    cols = np.flatnonzero(filled)
    if cols.size == 0 or cols[-1] + 1 - cols[0] >= 0.8 * c.width:
        return c
    return Bar(c.x0 + int(cols[0]), c.x0 + int(cols[-1]) + 1, c.top, c.bottom, c.color, c.stack, c.level)


# How much of the page's colour a legend's translucent frame lays over the bar under it.
UNDER_FRAME = (0.35, 0.95)


def _under_legend(rgb_u, stacks, bg, text_h, alpha=UNDER_FRAME, delta: float = 10.0):
    """Stacks without what a legend drawn over a bar adds to it. The legend's translucent frame
    shows the bar through it paler: a segment as wide as the one below, coloured like it
    blended towards the page, is that bar (its top is the bar's). A swatch inside the frame
    stands on the bar as a segment whose colour fills fewer of its columns (see _own_columns):
    it, and what lies above it, is no part of the stack (loose pieces: swatch candidates)."""
    out = []
    for s in stacks:
        keep = [s[0]]
        for i, c in enumerate(s[1:], 1):
            below = keep[-1]
            # (A sliver a few pixels wide, a JPEG seam beside a bar, has no telling columns.)
            # (Nor is a piece whose colour, a median of others, fills hardly any of its
            # columns: a swatch and its name beside a bar's end, cut as one row with the bar's
            # width: bar seed-43 bar038.)
            if below.width >= text_h and (_own_columns(rgb_u, c).width < 0.8 * below.width
                                          or _filled_share(rgb_u, c) < 0.5):
                for o in s[i:]:
                    o.stack, o.level = -1, 0
                break
            if _seen_through(c.color, below.color, bg, alpha, delta):
                below.top = _seen_top(rgb_u, below, c.color, c.top, delta)
                continue
            # A row or two on a segment's end, its colour blended with the page's (an
            # anti-aliased edge, its colour shifted by JPEG), is that edge: no segment.
            if c.length < 0.4 * text_h and _seen_through(c.color, below.color, bg, (0.05, 0.95), 2 * delta):
                continue
            c.level = len(keep)
            keep.append(c)
        out.append(keep)
    return out


def _seen_top(rgb_u, bar: Bar, seen, top: float, delta: float, share: float = 0.1) -> float:
    """The end of a bar seen (colour `seen`) through a legend's frame, from `top` on: a swatch
    and a name in the frame, level with the bar's end, make their rows a piece of their own
    (bar seed-41 bar001: the blue swatch's row hid the last 11 rows of the orange bar). The end
    is the first row, going out, with less than a tenth of the bar's columns of that colour."""
    r = int(top)
    while r > 0 and (lab_distance(rgb_u[r - 1, bar.x0:bar.x1], seen) <= delta).mean() >= share:
        r -= 1
    return float(r) if r < int(top) else top


def _split_overlaps(rgb_u, stacks, base, bg=None, delta: float = 20.0):
    """Stacks without bars drawn one in front of another: each series' bar shifted sideways,
    the front one hiding the lower part of the one behind. The colour of the upper piece then
    runs down to the baseline beside the pieces under it (a strip of two columns or more), which
    a segment resting on another never does; the two are bars of their own on the baseline.
    Bars that share columns (these, or those join_behind made whole) are narrowed to the
    columns their colour fills: the pieces were cut from one solid shape as wide as both."""
    if base is None:
        return stacks
    out = []
    for s in stacks:
        # (A bar seen through a legend's translucent frame is that bar, paler, wherever the
        # frame reaches past its sides: see _under_legend.)
        cut = next((i for i in range(1, len(s)) if _runs_down_beside(rgb_u, s[i], s[i - 1], base, delta)
                    and not (bg is not None and _seen_through(s[i].color, s[i - 1].color, bg, UNDER_FRAME, 10.0))),
                   None)
        if cut is None:
            out.append(s)
            continue
        s[cut].bottom = base
        out += [s[:cut], s[cut:]]
    for s in out:
        if any(o is not s and min(o[0].x1, s[0].x1) > max(o[0].x0, s[0].x0) for o in out):
            s[0] = _filled_columns(rgb_u, s[0], delta)
    out.sort(key=lambda s: s[0].cx)
    for k, s in enumerate(out):
        for lvl, c in enumerate(s):
            c.stack, c.level = k, lvl
    return out


def _runs_down_beside(rgb_u, upper: Bar, lower: Bar, base: float, delta: float) -> bool:
    """Whether `upper`'s colour fills two or more whole columns of the rows from `lower`'s top
    down to the baseline, within the columns the two share. Two shades of one bar (an outline's
    blend over JPEG) are no two bars: the colours must stand apart by twice `delta`."""
    la, lb = to_lab([upper.color, lower.color])
    if float(np.linalg.norm(la - lb)) <= 2 * delta:
        return False
    r0, r1 = int(np.ceil(lower.top)) + 1, int(base)
    x0, x1 = max(upper.x0, lower.x0), min(upper.x1, lower.x1)
    if r1 - r0 < 3 or x1 - x0 < 3:
        return False
    a = rgb_u[r0:r1, x0:x1]
    d = lab_distance(a, upper.color)
    full = (d <= delta).mean(axis=0) >= 0.9
    edges = np.flatnonzero(np.diff(np.r_[0, full.astype(np.int8), 0]))
    return bool(len(edges)) and int(np.max(edges[1::2] - edges[::2])) >= 2


def _filled_columns(rgb_u, c: Bar, delta: float) -> Bar:
    """The bar narrowed to the columns its colour fills in most rows of its far end (the first
    quarter of its length: a bar in front hides only the lower part of the one behind)."""
    filled = _colour_columns(rgb_u, c, int(c.top) + 1, int(c.top + max(3.0, 0.25 * c.length)) + 1, delta)
    cols = np.flatnonzero(filled) if filled is not None else np.zeros(0, int)
    if cols.size == 0:
        return c
    return Bar(c.x0 + int(cols[0]), c.x0 + int(cols[-1]) + 1, c.top, c.bottom, c.color, c.stack, c.level)


def _seen_through(c, under, bg, alpha, delta) -> bool:
    """Colour c is colour `under` seen through a translucent layer of the page colour: c =
    (1 - a) * under + a * bg for some a in `alpha`, within `delta` per channel."""
    c, u, g = (np.asarray(v, float) for v in (c, under, bg))
    span = g - u
    if float(span @ span) < 900:
        return False  # the bar is near the page colour: no blend can be told
    a = float((c - u) @ span / (span @ span))
    return alpha[0] <= a <= alpha[1] and float(np.abs(u + a * span - c).max()) <= delta


def _plausible(stacks, text_h, frame_w: int | None = None) -> bool:
    """Bars of one chart share a width; and some bar is longer than a marker is wide. No bar
    is wider than two fifths of the frame: that is the panel (or a band of it) read against a
    wrong background colour."""
    if not stacks:
        return False
    if frame_w is not None and max(s[0].width for s in stacks) > 0.4 * frame_w:
        return False
    widths = np.array([s[0].width for s in stacks], float)
    med = float(np.median(widths))
    same = np.mean(np.abs(widths - med) <= 0.2 * med + 2)
    longest = max(sum(c.length for c in s) for s in stacks)
    if len(stacks) == 1:
        return longest >= 3 * text_h and longest >= 1.5 * widths[0]
    return same >= 0.75 and longest >= 2 * text_h


def _flat(rgb_u, stacks, bg) -> bool:
    """Bars are filled flat (or with a smooth gradient): neighbouring pixels inside them differ
    little, unlike noise or a photograph. 'Little' is measured against the background's own
    grain: a noisy scan of a flat chart is as grainy inside its bars as around them."""
    steps = []
    for s in stacks:
        c = s[0]
        a = rgb_u[int(c.top) + 1:int(c.bottom), c.x0 + 1:c.x1 - 1].astype(np.int16)
        if a.shape[0] >= 2 and a.shape[1] >= 2:
            steps.append(float(np.median(np.abs(np.diff(a, axis=1)).max(axis=2))))
    if not steps:
        return False
    return float(np.median(steps)) <= max(8.0, 1.5 * _grain(rgb_u, bg))


def _grain(rgb, bg) -> float:
    """Median step between horizontally neighbouring background pixels (0 on a clean render),
    doubled where the background is clipped."""
    near = imageops.color_distance(rgb, bg) <= 40
    both = near[:, 1:] & near[:, :-1]
    if both.sum() < 100:
        return 0.0
    step = cv2.absdiff(np.ascontiguousarray(rgb[:, 1:]), np.ascontiguousarray(rgb[:, :-1])).max(axis=2)
    grain = imageops.median_u8(step[both])
    # On a white (or black) page, noise is clipped on one side: the page shows about half the
    # grain that the bars, away from the clipping, show (noise 4.8: 5 on the page, 9 in bars).
    clipped = int(np.max(bg)) >= 250 or int(np.min(bg)) <= 5
    return 2.0 * grain if clipped else float(grain)


def _block_mask(shape, frame: Frame, tick_words, text_h):
    """Upright-frame mask of the value axis's tick labels and everything beyond them: bars do
    not reach past the axis labels. A label's box reaching past the column's edge towards the
    bars is cut there: '400}' (its tick mark and a bar's edge read as a brace) was boxed 60 px
    into the first bar and hid the bar's end."""
    m = np.zeros(shape[:2], bool)
    us = [frame.word(w) for w in tick_words]
    if not us:
        return m
    left = float(np.median([u.cx for u in us])) < shape[1] / 2.0
    inner = float(np.median([u.x1 if left else u.x0 for u in us]))
    reach = 0.3 * text_h
    for u in us:
        x0, x1 = (u.x0, min(u.x1, inner + reach)) if left else (max(u.x0, inner - reach), u.x1)
        m[max(0, u.y0 - 1):u.y1 + 1, max(0, int(x0) - 1):int(x1) + 1] = True
    return m


def _merge_same_series(stacks, series_idx) -> list:
    """Stacks whose neighbouring segments are of one series made whole: a stack holds each
    series once, so two such segments are one bar cut across by its printed label (white
    text wider than the bar) that the colour-based merge missed (a gradient, JPEG)."""
    out = []
    for s in stacks:
        merged = [s[0]]
        for c in s[1:]:
            if series_idx[id(c)] == series_idx[id(merged[-1])]:
                merged[-1].top = min(merged[-1].top, c.top)
            else:
                merged.append(c)
        for lvl, c in enumerate(merged):
            c.level = lvl
        out.append(merged)
    return out


def _groups(stacks, series_of, legend_n: int):
    """Stacks -> categories. Bars of a group stand closer together than groups do; a colour seen
    twice starts a new group. Evenly spaced bars are one category each, unless a legend names
    their colours (then a run of distinct colours is one category); evenly spaced stacks are one
    category each whatever their colours (a blurred stack missing a segment is no other series)."""
    if not stacks:
        return []
    gaps = [b[0].x0 - a[0].x1 for a, b in zip(stacks, stacks[1:])]
    width = float(np.median([s[0].width for s in stacks]))
    colours = {series_of(s) for s in stacks}
    if len(colours) <= 1 or not gaps:
        return [[s] for s in stacks]
    # (a piece overlapping the bar before it, a legend box standing on the baseline, makes a
    # negative gap: no measure of how bars are spaced; it stands in that bar's category)
    spaced = [g for g in gaps if g >= 0] or gaps
    gmin, gmax = min(spaced), max(spaced)
    bimodal = gmax > 1.6 * gmin + 2 and gmax - gmin > 0.25 * width
    if not bimodal and (legend_n < 2 or any(len(s) > 1 for s in stacks)):
        out = [[stacks[0]]]
        for g, s in zip(gaps, stacks[1:]):
            if g < 0:
                out[-1].append(s)
            else:
                out.append([s])
        return out
    # Halfway between the gap within a group and the narrowest gap between groups: the widest
    # gap may be a group's gap plus a missing bar ('N/A'), and halfway to it can pass the gap
    # between two groups off as one within a group.
    between = min(g for g in spaced if g > 1.6 * gmin + 2 and g - gmin > 0.25 * width) if bimodal else gmax
    cut = (gmin + between) / 2.0
    groups, cur = [], [stacks[0]]
    for g, s in zip(gaps, stacks[1:]):
        if (bimodal and g > cut) or series_of(s) in {series_of(c) for c in cur}:
            groups.append(cur)
            cur = [s]
        else:
            cur.append(s)
    groups.append(cur)
    return _join_partial_groups(groups, series_of, width)


def _join_partial_groups(groups, series_of, width):
    """Neighbouring groups that are one category with a bar missing ('N/A' in its place): the
    gap left by the missing bar passes for a gap between groups. Each series stands at its own
    offset from the start of a full group; two groups of distinct series whose bars, moved back
    by their offsets, start at the same place (within half a bar) are one group."""
    full = max(len(g) for g in groups)
    if full < 2 or len(groups) < 2:
        return groups
    offs: dict = {}
    for g in groups:
        if len(g) == full:
            for s in g:
                offs.setdefault(series_of(s), []).append(s[0].cx - g[0][0].cx)
    off = {k: float(np.median(v)) for k, v in offs.items()}

    def start(g):
        vals = [s[0].cx - off[series_of(s)] for s in g if series_of(s) in off]
        return float(np.median(vals)) if len(vals) == len(g) else None

    out = [groups[0]]
    for g in groups[1:]:
        a, b = start(out[-1]), start(g)
        keys_a, keys_b = {series_of(s) for s in out[-1]}, {series_of(s) for s in g}
        if a is not None and b is not None and abs(a - b) <= 0.5 * width and not keys_a & keys_b \
                and len(out[-1]) + len(g) <= full:
            out[-1] = out[-1] + g
        else:
            out.append(g)
    return out


def _slots(groups, key=None):
    """Category slot of each group along the upright x: halfway to the neighbouring groups.
    With `key` (a stack's series), a group missing a bar spans where the whole group would."""
    spans = [(min(s[0].x0 for s in g), max(s[0].x1 for s in g)) for g in groups]
    if key is not None:
        spans = _whole_spans(groups, spans, key)
    pitch = (float(np.median([b[0] - a[0] for a, b in zip(spans, spans[1:])])) if len(spans) > 1
             else 2.0 * (spans[0][1] - spans[0][0]))
    out = []
    for i, (a, b) in enumerate(spans):
        lo = (spans[i - 1][1] + a) / 2.0 if i else a - (pitch - (b - a)) / 2.0
        hi = (b + spans[i + 1][0]) / 2.0 if i + 1 < len(spans) else b + (pitch - (b - a)) / 2.0
        out.append((lo, hi))
    return out


def _whole_spans(groups, spans, key):
    """Spans of groups missing a bar ('N/A') widened to where the whole group stands, each bar
    where its series stands in the whole groups: the category label is centred on the whole
    group, and a slot centred on the bars present puts it off centre (the crop read for it
    cuts 'TP=8' to 'TP=', or reaches past the plot's edge)."""
    n = max(len(g) for g in groups)
    whole = [(g, sp) for g, sp in zip(groups, spans) if len(g) == n]
    order = [key(s) for s in whole[0][0]]
    if len(whole) < 2 or len(whole) == len(groups) or any([key(s) for s in g] != order for g, _ in whole):
        return spans
    off = {k: float(np.median([g[i][0].x0 - sp[0] for g, sp in whole])) for i, k in enumerate(order)}
    width = float(np.median([sp[1] - sp[0] for _, sp in whole]))
    out = []
    for g, sp in zip(groups, spans):
        if len(g) < n and all(key(s) in off for s in g):
            left = float(np.median([s[0].x0 - off[key(s)] for s in g]))
            sp = (min(sp[0], left), max(sp[1], left + width))
        out.append(sp)
    return out


def _bar_blob(b: Bar, frame: Frame) -> Blob:
    return _legend_blobs([b], frame)[0]


def find_bar_chart(rgb, words, xa, ya, text_h, page_bg):
    """The upright frame, value axis, stacks, baseline and loose pieces of a bar chart, or None
    when the image holds no bars standing on a baseline.

    Both orientations are tried whatever axes were found: a row of value labels can pass for a
    numeric axis along the categories ('72.8%', '73.1%'), and the bars then lie in the frame
    that has no axis. A frame with its value axis wins over one without."""
    h, w = rgb.shape[:2]
    margin = imageops.figure_margin(rgb, page_bg)
    found = []
    for horizontal, axis0 in ((False, ya), (True, xa)):
        frame = Frame(w, h, horizontal)
        rgb_u = frame.image(rgb)
        # An "axis" whose labels stand among the bars is none: numbers in category names and
        # printed values that happen to share a baseline ('2' of 'TP=2' and a bar's '18').
        # Its labels would also be taken for the panel's edge and its colour. The bars are
        # then looked for again as on a chart without a value axis.
        for axis in ((axis0, None) if axis0 is not None else (None,)):
            ticks = axis.words if axis is not None else []
            block = _block_mask(rgb_u.shape, frame, ticks, text_h)
            got = None
            for bg in chain(_panel_colors(rgb_u, page_bg, frame, ticks, text_h), _other_background(rgb, page_bg)):
                stacks, base, loose = _upright_bars(rgb_u, bg, text_h, block,
                                                    margin if margin is not None and not np.array_equal(margin, bg) else None)
                if base is None or not _plausible(stacks, text_h, rgb_u.shape[1]) or not _flat(rgb_u, stacks, bg):
                    continue
                got = (stacks, base, loose, bg)
                break
            if got is None or (axis is not None and _axis_among_bars(axis, frame, got[0])):
                continue
            stacks, base, loose, bg = got
            area = sum(c.width * c.length for s in stacks for c in s)
            found.append((axis is not None, len(stacks) + area / (w * h), frame, axis, stacks, base, loose, bg,
                          rgb_u))
            break
    if not found:
        return None
    found.sort(key=lambda f: (not f[0], -f[1]))
    frame, axis, stacks, base, loose, bg, rgb_u = found[0][2:]
    if axis is None:
        # No value axis was read on the page: its labels may be there, too blurred or small
        # for the page pass. Read beside the bars (the frame chosen without an axis).
        axis = _reread_value_axis(rgb, frame, stacks, base, bg, text_h)
        axis = _evened(axis, text_h) if axis is not None else None
    elif axis.calibration is not None and len(axis.calibration.ticks) == 2:
        # Two ticks fit any line, a misread one too ('80%' for a blurred '40%' put the baseline
        # at -41 %): three or more read again beside the bars that agree on one line outvote them.
        again = _reread_value_axis(rgb, frame, stacks, base, bg, text_h)
        if again is not None:
            axis = again
        else:
            axis = _zero_at_base(axis, frame, base, max(3.0, 0.4 * text_h)) or axis
    elif axis.calibration is not None and not axis.calibration.is_log:
        axis = _evened(axis, text_h)
    return frame, axis, stacks, base, loose, bg, rgb_u


def _evened(axis, text_h):
    """The axis with its ticks put back on their even progression (see _even_ticks)."""
    even = _even_ticks(axis.calibration.ticks)
    cal = calibrate(even, tol_px=max(3.0, 0.4 * text_h)) if even is not None else None
    if cal is not None and len(cal.ticks) == len(even):
        cal.rejected = list(axis.calibration.rejected)
        axis = replace(axis, calibration=cal)
    return axis


def _other_background(rgb, page_bg):
    """The second large flat colour of the image, tried last (and only computed then): wide
    bars can cover more of the image than the page does, and their colour then passes for
    the page's (and bars apart are tried as a background too: see imageops.second_background)."""
    second = imageops.second_background(rgb, page_bg, panel=False)
    if second is not None:
        yield second


def _axis_among_bars(axis, frame: Frame, stacks) -> bool:
    """Whether the axis's tick labels stand between the first and the last bar (across the
    bars, in the upright frame): a value axis's labels stand beside the row of bars."""
    if len(stacks) < 2:
        return False
    lo, hi = stacks[0][0].cx, stacks[-1][0].cx
    inside = [lo < frame.word(v).cx < hi for v in axis.words]
    return sum(inside) > len(inside) / 2


def _panel_colors(rgb_u, page_bg, frame: Frame, ticks, text_h):
    """Backgrounds the bars may stand on, likeliest first: the dominant colour of a strip just
    inside the value axis's tick labels (a grey panel on a white page), then the page's. The
    strip is mostly panel, but where the first bar starts at the axis it is that bar's colour:
    the page is the fallback."""
    if not ticks:
        return [page_bg]
    h, w = rgb_u.shape[:2]
    ups = [frame.word(v) for v in ticks]
    y0, y1 = int(min(u.cy for u in ups)), int(max(u.cy for u in ups))
    left = np.mean([u.cx for u in ups]) < w / 2

    def strip_color(start: float):
        if left:
            a = int(max(u.x1 for u in ups) + start * text_h)
            x0, x1 = a, int(a + 1.5 * text_h)
        else:
            a = int(min(u.x0 for u in ups) - start * text_h)
            x0, x1 = int(a - 1.5 * text_h), a
        strip = rgb_u[max(0, y0):min(h, y1), max(0, x0):min(w, x1)]
        return imageops.dominant_color(strip) if strip.size >= 30 else None

    def same(a, b):
        return float(np.abs(np.asarray(a, float) - np.asarray(b, float)).max()) <= 6
    near = strip_color(0.5)
    if near is None or same(near, page_bg):
        return [page_bg]
    # Labels set far off their axis leave the near strip outside the panel, in a margin of
    # another colour (a dark frame around the page colour's panel): where a strip farther in
    # is the page's colour, the page comes first.
    far = strip_color(2.0)
    if far is not None and same(far, page_bg):
        return [page_bg, near]
    return [near, page_bg]
