"""Category labels under (or beside) the bars: page words chained from the axis, rotated
labels, and re-reads of slots whose text was missed."""
from __future__ import annotations

import re

import cv2
import numpy as np

from .. import glyphs, imageops, ocr
from ..marks.legend import capital_i, numbers_in_name, text_lines
from ..layout import overlaps
from ..numbers import parse_value_label
from ..ocr import Word
from .frame import Frame
from .names import _read_box, _text_key


def _join(words, text_h, vertical_rows=True):
    """Words of one label in reading order: lines top to bottom, words left to right; glyphs
    OCR split ('B', '20', '0') are joined without a space."""
    lines: list[list[Word]] = []
    for w in sorted(words, key=lambda w: w.y0):
        for ln in lines:
            # Same line: the boxes share most of their height (a tall '20' and a short 'B').
            y0, y1 = min(v.y0 for v in ln), max(v.y1 for v in ln)
            if min(y1, w.y1) - max(y0, w.y0) >= 0.5 * min(w.h, y1 - y0):
                ln.append(w)
                break
        else:
            lines.append([w])
    lines.sort(key=lambda ln: min(w.y0 for w in ln))
    parts = []
    for ln in lines:
        ordered = sorted(ln, key=lambda w: w.x0)
        s = ordered[0].text
        for prev, w in zip(ordered, ordered[1:]):
            s += (" " if w.x0 - prev.x1 > 0.22 * text_h else "") + w.text
        parts.append(s)
    return " ".join(parts).strip()


# What OCR makes of a category's tick mark (a short line between the axis and the label).
_TICK_GLYPHS = set("Il1|iJTj!'")


def _drop_tick_mark(words, ups, text_h, horizontal: bool = False):
    """A category's words without its tick mark: a lone thin glyph ('I', '1', 'J', 'T') nearest
    the axis, clear of the label's own words ('T Small test', 'Long test 1'). Beside horizontal
    bars a tick mark lies flat on the page: a glyph as tall as the text there is a letter or a
    digit of the label ('1' of 'TP=1' read apart from 'TP:')."""
    if len(words) < 2:
        return words
    first = min(words, key=lambda w: ups[id(w)].y0)
    u = ups[id(first)]
    rest = [ups[id(w)] for w in words if w is not first]
    if horizontal and first.h >= 0.6 * text_h:
        return words
    if first.text in _TICK_GLYPHS and u.y1 <= min(r.y0 for r in rest) + 0.3 * text_h:
        return [w for w in words if w is not first]
    return words


def _same_line(a: Word, b: Word) -> bool:
    """Whether two words share most of the smaller one's height (as printed)."""
    return min(a.y1, b.y1) - max(a.y0, b.y0) >= 0.5 * min(a.y1 - a.y0, b.y1 - b.y0)


def _chain_from_axis(words, ups, text_h):
    """The words of a label beside a horizontal bar chart's axis: from the word nearest the
    axis outwards while each next word follows within a wide word gap. A word beyond a wider
    gap is other text in the band (the rotated axis title at the image's edge)."""
    order = sorted(words, key=lambda w: ups[id(w)].y0)
    keep, reach = [], None
    for w in order:
        u = ups[id(w)]
        # A gap wider than a word space before an unsure word: the glyphs of a rotated axis
        # title close to the labels, read as 'oO' or 'Vv' ('3 batch 64').
        if reach is not None and (u.y0 - reach > 1.5 * text_h or (u.y0 - reach > 0.8 * text_h and w.conf < 60)):
            break
        # A word on a line of its own, wholly beyond the far end of the label's words, is no
        # wrapped line of the label (those lie across from it, aligned to it): the glyphs of
        # a rotated axis title beside a tall slot ('oO' 'wv' for 'Model' by 'GPQA Diamond').
        if keep and not any(_same_line(w, k) for k in keep) and w.x1 <= min(k.x0 for k in keep):
            break
        keep.append(w)
        reach = u.y1 if reach is None else max(reach, u.y1)
    return keep


def _category_texts(words, frame: Frame, slots, base, text_h, exclude, titled: bool = False,
                    centre: float | None = None):
    """The text under each category slot (left of it for horizontal bars), nearest the axis:
    the first line and the lines right under it that stay inside the slot (an axis title runs
    across slots). `titled`: the value axis carries a title; `centre`: the middle of the
    category axis's line (see _without_axis_title and axis_centre)."""
    # A "word" under 0.4 text heights tall is a stroke OCR took for a glyph (a tick mark beside
    # a horizontal bar chart's labels, read '4'): no letter or digit is that flat.
    cands = [w for w in words if id(w) not in exclude and any(c.isalnum() for c in w.text)
             and (w.conf >= 40 or sum(c.isalnum() for c in w.text) >= 2) and w.h >= 0.4 * text_h]
    ups = {id(w): frame.word(w) for w in cands}
    # A word wholly within 0.8 text heights of the axis is a tick mark read as a glyph ('4'):
    # labels stand clear of the ticks.
    near = [w for w in cands if base - 0.4 * text_h <= ups[id(w)].y0 <= base + 12 * text_h
            and ups[id(w)].y1 > base + 0.8 * text_h]
    all_lines = text_lines(near, text_h)
    line_of = {id(w): ln for ln in all_lines for w in ln}
    marks = [w for w in words if id(w) not in exclude and w.text in _JOINING_MARKS]
    out: list = []
    for lo, hi in slots:
        mine = _drop_tick_mark([w for w in near if lo <= ups[id(w)].cx < hi], ups, text_h, frame.horizontal)
        if not mine:
            out.append("")
            continue
        if frame.horizontal:
            # Right-aligned lines left of the bars: everything in the slot's band within reach.
            mine = [w for w in mine if ups[id(w)].y0 <= base + 10 * text_h]
            out.append(_with_marks(_chain_from_axis(mine, ups, text_h), marks))
            continue
        mine.sort(key=lambda w: w.y0)
        rows: list[list[Word]] = []
        for w in mine:
            if rows and abs(w.cy - np.median([v.cy for v in rows[-1]])) <= 0.5 * text_h:
                rows[-1].append(w)
            else:
                rows.append([w])
        keep = [rows[0]]
        if min(w.y0 for w in rows[0]) > base + 3 * text_h:
            out.append([])
            continue
        for r in rows[1:]:
            gap = min(w.y0 for w in r) - max(w.y1 for w in keep[-1])
            ln = [v for w in r for v in line_of.get(id(w), [w])]
            inside = min(v.cx for v in ln) >= lo - 0.5 * text_h and max(v.cx for v in ln) <= hi + 0.5 * text_h \
                and min(v.x0 for v in ln) >= lo - 1.0 * text_h and max(v.x1 for v in ln) <= hi + 1.0 * text_h
            # A wrapped line is set close under the one above, or a little further off when
            # centred on the label as it ('Llama' / '3.1' / '70B' 11 px apart at 12 px text): a
            # legend under the labels is seldom centred on one.
            centred = abs(_mid(r) - _mid(keep[0])) <= 0.5 * text_h
            if gap > (1.2 if centred else 0.9) * text_h or not inside:
                break
            keep.append(r)
        out.append(keep)
    if frame.horizontal:
        return out
    out = _below_label_row(out, ups, text_h)
    wrapped = sum(isinstance(k, list) and len(k) >= 2 for k in out)
    pitches = [[_base_pitch(a, b) for a, b in zip(k, k[1:])] if isinstance(k, list) and k and isinstance(k[0], list)
               else [] for k in out]
    one_line = [_width(k[0]) if isinstance(k, list) and len(k) == 1 and isinstance(k[0], list) else 0.0 for k in out]
    # Labels are centred on evenly spaced groups: halfway between the first and the last label
    # is the middle of the category axis too, where a group missing a bar ('N/A') moves the
    # slots' middle and no spine marks the axis.
    ends = [k for k in (out[0], out[-1]) if isinstance(k, list) and k and isinstance(k[0], list)]
    centres = [c for c in (centre,) if c is not None]
    if len(slots) >= 3 and len(ends) == 2:
        centres.append((_mid(ends[0][0]) + _mid(ends[1][0])) / 2.0)
    return [_with_marks(_without_axis_title(k, slots, text_h, titled and wrapped == 1,
                                            [p for j, ps in enumerate(pitches) if j != i for p in ps],
                                            max([w for j, w in enumerate(one_line) if j != i], default=0.0),
                                            centres), marks)
            if isinstance(k, list) and k and isinstance(k[0], list) else k for i, k in enumerate(out)]


def _width(line: list[Word]) -> float:
    return max(w.x1 for w in line) - min(w.x0 for w in line)


def _mid(line: list[Word]) -> float:
    return (min(w.x0 for w in line) + max(w.x1 for w in line)) / 2.0


def _pitch(above: list[Word], below: list[Word]) -> float:
    """Distance between two text lines' centres."""
    return float(np.median([w.cy for w in below]) - np.median([w.cy for w in above]))


def _base_pitch(above: list[Word], below: list[Word]) -> float:
    """Distance between two text lines' baselines: a box's foot less a fifth of its height
    where a letter hangs below the line. Lines wrapped alike are as far apart whatever their
    letters: box centres are 3 px apart for 'prompts' under 'short' and 'V3' under 'DeepSeek'."""
    def base(line):
        return float(np.median([w.y1 - (0.2 * w.h if re.search(r"[gjpqy]", w.text) else 0.0) for w in line]))
    return base(below) - base(above)


def _below_label_row(out, ups, text_h) -> list:
    """Slots' label lines without a line that starts below the end of every other slot's line
    where all labels are one line each: one-line labels share a row, so such a line is the axis
    title or a note under the labels (a chart that labels every other bar leaves its title's
    slot without a label of its own). Three slots will do: a slot's first line set below
    the others' is no label's first line either way, and the slot is read again (bar seed-54
    bar003: 'Workload' under a blurred 'summarize' that OCR missed)."""
    rows = [k for k in out if isinstance(k, list) and k]
    if len(rows) < 3 or any(len(k) != 1 for k in rows):
        return out
    tops = {id(k): min(ups[id(w)].y0 for w in k[0]) for k in rows}
    ends = {id(k): max(ups[id(w)].y1 for w in k[0]) for k in rows}
    keep = []
    for k in out:
        if isinstance(k, list) and k and all(tops[id(k)] > ends[id(o)] for o in rows if o is not k):
            k = []
        keep.append(k)
    return keep


# Marks that join the parts of a label ('Small test - L4 - 8B', 'TP / EP'); OCR reads a
# spaced one as a word of its own, with no letter or digit.
_JOINING_MARKS = {"-", "\u2013", "\u2014", "/", "+", "&"}


def _with_marks(words: list[Word], marks: list[Word]) -> list[Word]:
    """A label's words with the joining marks read between two of them on one of its lines
    (the words were chosen by their letters and digits, which a lone '-' lacks)."""
    if len(words) < 2 or not marks:
        return words
    extra = []
    for m in marks:
        line = [w for w in words if w.y0 <= m.cy <= w.y1]
        if any(w.x1 <= m.cx for w in line) and any(m.cx <= w.x0 for w in line):
            extra.append(m)
    return words + extra


def _without_axis_title(rows: list[list[Word]], slots, text_h: float, titled: bool = False,
                        wraps=(), widest: float = 0.0, centres=()) -> list[Word]:
    """A vertical chart's category label (its lines, top down) without a last line that is
    the category axis title: centred on the category axis as a whole (within half a text
    height of the middle of its slots, or of one of `centres`, the axis line's or the labels':
    the plot's margins need not be alike, 'GPU' 13 px right of the slots' middle) and set
    further below the line above it than the lines of a wrapped label (1.8 text heights from centre to centre: 'Workload'
    under 'long prompts'; wrapped labels measure 1.4 to 1.7). Pitch alone does not tell a
    title set close ('ISL/OSL' 1.75 under '1k/8k') from a wrapped label's last line ('V3'
    1.45 under 'DeepSeek'): when the chart titles its value axis (`titled`) and this is the
    only label of several with a second line, a last line centred on the category axis is its
    title: a chart that titles one axis titles the other, and a title under an odd number of
    slots falls in the middle one. But a line set at the pitch at which another slot's label
    wraps (`wraps`: the pitches of the other slots' lines, from baseline to baseline (see
    _base_pitch); within 2 px) is a wrapped label's line: the title is set apart ('prompts' under 'long' 22.5 px
    down, as '3.1' under 'Llama', 1.96 heights of the chart's 11.5 px value labels), and so
    is one set at the pitch of the label's own lines above ('8B' under 'Llama' / '3.1' in the
    middle slot). Nor is a label wrapped that would fit on one line no wider than another
    slot's label (`widest`): 'code' over 'GPU' beside 'DeepSeek V3'."""
    if len(rows) >= 2:
        last, above = rows[-1], rows[-2]
        mids = [(slots[0][0] + slots[-1][1]) / 2.0] + list(centres)
        pitch = _pitch(above, last)
        unwrapped = sum(_width(r) for r in rows) + 0.4 * text_h * (len(rows) - 1) <= widest
        own = [_base_pitch(a, b) for a, b in zip(rows[:-2], rows[1:-1])]
        if min(abs(_mid(last) - m) for m in mids) <= 0.5 * text_h \
                and (pitch >= 1.8 * text_h or (titled and len(slots) >= 3) or unwrapped) \
                and not any(abs(_base_pitch(above, last) - p) <= 2.0 for p in list(wraps) + own):
            rows = rows[:-1]
    return [w for r in rows for w in r]


def axis_centre(dark: np.ndarray, base: float, slots) -> float | None:
    """The middle of the axis line the bars stand on (`dark`: the upright ink mask), where a
    line through the rows at the baseline runs unbroken past the first and the last slot's
    middles; None without one (no spine, bars on the page)."""
    h, w = dark.shape
    a = int((slots[0][0] + slots[0][1]) / 2.0)
    b = int((slots[-1][0] + slots[-1][1]) / 2.0)
    best = None
    for r in range(max(0, int(round(base)) - 1), min(h, int(round(base)) + 3)):
        row = dark[r]
        if not (0 <= a < b < w) or not row[a:b + 1].all():
            continue
        lo, hi = a, b
        while lo > 0 and row[lo - 1]:
            lo -= 1
        while hi < w - 1 and row[hi + 1]:
            hi += 1
        if best is None or hi - lo > best[1] - best[0]:
            best = (lo, hi)
    return None if best is None else (best[0] + best[1] + 1) / 2.0


def _label_angle(ink: np.ndarray, text_h: float) -> tuple[float | None, np.ndarray]:
    """Direction of the category labels in a band of ink under the baseline, in degrees
    (image coordinates, y down: -30 is text rising to the right), or None when they are level.

    Letters are smeared into word blobs; each blob long enough to be a word votes with its
    principal axis. Blobs at another angle (tick marks, a level axis title) are left out of
    the returned mask, so that the rotated read sees only the labels."""
    k = max(3, int(round(0.45 * text_h)))
    blobs = cv2.dilate(ink.astype(np.uint8), np.ones((k, k), np.uint8))
    n, lab, stats, _ = cv2.connectedComponentsWithStats(blobs, connectivity=8)
    angles, weights, comps = [], [], []
    for i in range(1, n):
        ys, xs = np.nonzero(lab == i)
        if xs.size < 10:
            continue
        cov = np.cov(np.vstack([xs, ys]).astype(float))
        ev, evec = np.linalg.eigh(cov)
        long_, short = float(np.sqrt(max(ev[1], 0))), float(np.sqrt(max(ev[0], 1e-9)))
        a = float(np.degrees(np.arctan2(evec[1, 1], evec[0, 1])))
        a = (a + 90.0) % 180.0 - 90.0  # an axis, not a direction: into [-90, 90)
        comps.append((i, a, long_ / short, long_))
        if long_ / short >= 2.0 and 4 * long_ >= 2.5 * text_h:
            # A word no taller than a text line is level, whatever its principal axis says:
            # that of a short 'TP1', its T's bar over the 1's foot, leans 16 degrees.
            angles.append(a if stats[i][cv2.CC_STAT_HEIGHT] > 1.3 * text_h + k else 0.0)
            weights.append(xs.size)
    if len(angles) < 2:
        return None, ink
    # The weighted median: one long axis title does not outvote several labels.
    order = np.argsort(angles)
    cum = np.cumsum(np.asarray(weights, float)[order])
    angle = float(np.asarray(angles)[order][np.searchsorted(cum, cum[-1] / 2.0)])
    agree = sum(abs(a - angle) <= 12 for a in angles)
    if abs(angle) < 12 or agree < max(2, 0.5 * len(angles)):
        return None, ink
    keep = np.zeros(n, bool)
    for i, a, elong, long_ in comps:
        x, y, bw, bh, _ = stats[i]
        # A long blob at another angle is a level axis title or a line, not a label; short
        # ones ('L4', a lone '1') have no telling axis and stay. A small blob at the band's
        # top edge is a tick mark coming down from the axis (read as "'" or '.').
        other = elong >= 2.5 and 3.5 * long_ >= 2 * text_h and min(abs(a - angle), 180 - abs(a - angle)) > 15
        tick = y <= 1 and bh <= k + 0.7 * text_h and bw <= k + 0.7 * text_h
        keep[i] = not other and not tick
    return angle, ink & keep[lab]


def _rotated_categories(grays, slots, base, text_h):
    """Category labels printed at an angle under a vertical bar chart: the band under the
    baseline is turned so that the labels lie level and read, and every word goes to the slot
    its text line meets the baseline in (a rotated label is anchored at its tick). None when
    the labels are level, or when the turned band reads no label at all (the edge of a dark
    panel on a white page passed for turned words: the level labels are read instead).

    Small turned glyphs read differently from each rendering of the page and at each size:
    every gray of `grays` is read at two sizes, and each slot takes the reading its words are
    surest of (a slot no reading found stays empty)."""
    reads = [r for g in grays for r in _turned_reads(g, slots, base, text_h)]
    if not reads:
        return None
    out = []
    for i in range(len(slots)):
        cands = [r[i] for r in reads if r[i]]
        if not cands:
            out.append("")
            continue
        best = _surest_read(cands)
        # Letters of turned text stand a little further apart than upright ones (the words'
        # boxes are in the enlarged band: text_h there is the band's scale times the page's).
        out.append(_join(best, 1.5 * text_h * _turn_scale(text_h)).strip(".,'`\u00b0"))
    return out if any(out) else None


def _surest_read(cands: list[list[Word]]) -> list[Word]:
    """The read of a label its words are surest of (mean confidence), or a read holding those
    words and further sure ones (70 or more): a small turned '1' read at 79 beside 'batch' at
    96 lowers the mean of 'batch 1' under that of 'batch' alone."""
    best = max(cands, key=lambda vs: float(np.mean([v.conf for v in vs])))
    fuller = [vs for vs in cands if len(vs) > len(best) and _words_within(best, vs)
              and all(v.conf >= 70 for v in vs if v.text not in {u.text for u in best})]
    return max(fuller, key=len) if fuller else best


def _words_within(few: list[Word], many: list[Word]) -> bool:
    """The texts of `few` appear among those of `many`, in reading order."""
    def texts(ws):
        return [v.text for v in sorted(ws, key=lambda v: v.x0)]
    return _in_order(texts(few), texts(many))


def _in_order(few, many) -> bool:
    """The items of `few` appear among those of `many`, in the same order."""
    it = iter(many)
    return all(t in it for t in few)


def _turn_scale(text_h: float) -> float:
    return float(np.clip(30.0 / max(text_h, 1), 1.0, 4.0))


def _turned_reads(gray, slots, base, text_h) -> list[list[list[Word]]]:
    """The band under the baseline of `gray` turned level and read at two sizes: per size, the
    words of each slot (in the turned band's coordinates). Empty when the labels are level."""
    h, w = gray.shape
    y0 = int(base + 0.3 * text_h) + 1
    y1 = int(min(h, base + 16 * text_h))
    if y1 - y0 < 2 * text_h:
        return []
    band = gray[y0:y1].astype(np.float32)
    bgv = float(np.median(band))
    contrast = np.abs(band - bgv)
    ink = contrast > max(40.0, 0.5 * float(np.percentile(contrast, 99.5)))
    # Frame lines and axis lines crossing the band are no text.
    ink[:, ink.mean(axis=0) > 0.6] = False
    ink[ink.mean(axis=1) > 0.5] = False
    # The labels hang from the axis as one block of inked rows; what follows a blank gap (the
    # axis title, a legend, a frame) is not theirs.
    rows = np.flatnonzero(ink.any(axis=1))
    top = 0
    if rows.size:
        # (Gaps within the first text height are between the tick marks and the labels.)
        gaps = np.flatnonzero((np.diff(rows) > max(2, 0.6 * text_h)) & (rows[:-1] >= 1.5 * text_h))
        end = rows[gaps[0]] + 1 if gaps.size else rows[-1] + 1
        ink[end:] = False
        first = np.flatnonzero((np.diff(rows) > 1) & (rows[:-1] < 1.5 * text_h))
        top = int(rows[first[0] + 1]) if first.size else int(rows[0])
    angle, ink = _label_angle(ink, text_h)
    if angle is None:
        return []
    # Ink pixels are only a mask; the glyphs' anti-aliased shape reads better, so the
    # band's own grey levels are kept where the mask (dilated a little) is set.
    near = cv2.dilate(ink.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
    norm = np.clip(255.0 - 255.0 * contrast / max(float(contrast.max()), 1.0), 0, 255)
    img = np.where(near, norm, 255).astype(np.uint8)
    scale = _turn_scale(text_h)
    big = cv2.resize(img, None, fx=scale, fy=scale, interpolation=cv2.INTER_CUBIC)
    bh, bw = big.shape
    diag = int(np.hypot(bh, bw)) + 8
    m = cv2.getRotationMatrix2D((bw / 2.0, bh / 2.0), angle, 1.0)
    m[0, 2] += (diag - bw) / 2.0
    m[1, 2] += (diag - bh) / 2.0
    turned = cv2.warpAffine(big, m, (diag, diag), flags=cv2.INTER_LINEAR, borderValue=255)
    inv = cv2.invertAffineTransform(m)
    t = np.radians(angle)
    d = (np.cos(t), np.sin(t))
    # Only the turned band's inked part is read: the square it was turned in is mostly blank,
    # and tesseract took over a second a chart to go over the blank.
    ys, xs = np.nonzero(turned < 250)
    if ys.size == 0:
        return []
    pad = int(2 * text_h * scale)
    cx0, cy0 = max(0, int(xs.min()) - pad), max(0, int(ys.min()) - pad)
    inked = turned[cy0:int(ys.max()) + pad + 1, cx0:int(xs.max()) + pad + 1]
    out = []
    for f in (1.0, 1.5):
        got = _checked_words(turned, [v.shifted(cx0, cy0) for v in ocr.read_words(inked, f, ocr.PSM_SPARSE)
                                      if any(c.isalnum() for c in v.text)], text_h * scale)
        per_slot: list[list[Word]] = [[] for _ in slots]
        for v in got:
            bx, by = inv @ np.array([v.cx, v.cy, 1.0])
            ox, oy = bx / scale, by / scale + y0
            # Along the text line back to the labels' top row: a turned label ends under the
            # tick it hangs from, its line's middle half a text height under that row (on to
            # the baseline itself, a label at 20 degrees lands 3 text heights past its tick).
            s = (y0 + top + 0.5 * text_h - oy) / d[1]
            x_at = ox + s * d[0]
            for i, (lo, hi) in enumerate(slots):
                if lo <= x_at < hi:
                    per_slot[i].append(v)
                    break
        out.append(per_slot)
    # A slot no word went to ('TP=8', a short label the sparse read passed over): its label
    # ends at its tick, on the level line through the tick's place in the turned band; that
    # stretch is read as one line.
    for i, (lo, hi) in enumerate(slots):
        if any(o[i] for o in out):
            continue
        px, py = m @ np.array([(lo + hi) / 2.0 * scale, (base - y0) * scale, 1.0])
        th = text_h * scale
        r0, r1 = int(max(0, py - 0.8 * th)), int(min(diag, py + 2.0 * th))
        c0, c1 = int(max(0, px - 12 * th)), int(min(diag, px + 1.0 * th))
        crop = turned[r0:r1, c0:c1]
        if crop.size == 0 or (crop < 200).sum() < 6:
            continue
        got = [v for v in ocr.read_crop(crop, (c0, r0), 1.0, ocr.PSM_LINE, pad=8)
               if v.conf >= 50 and any(c.isalnum() for c in v.text)]
        out[0][i] = got
    return out


# How much surer (mean word confidence) a read of a label at the page's own contrast must be
# to replace the read of the page gray.
SOFT_MARGIN = 3.0


def _clear_axis_side(u: np.ndarray, axis_row: float, text_h: float) -> np.ndarray:
    """An upright crop (rows run away from the axis) without the axis line and tick mark at its
    top: ink that starts at the axis and ends, after a blank row, within the first 0.8 text
    heights is no part of the label (read as 'J', '|', '{' or ':' after 'long prompts'); nor,
    within 1.5 text heights, is such ink no wider than a stroke beyond the axis line: a tick
    mark longer than small text is tall (seed-9 bar003's 6 px ticks by 7 px labels, read '4'
    after 'AIME'), where a glyph's rows are wider."""
    if u.size == 0:
        return u
    bg = float(np.median(u))
    d = np.abs(u.astype(np.float32) - bg)
    ink = d > max(20.0, 0.2 * float(d.max()))
    rows = ink.any(axis=1)
    lo = max(0, int(np.floor(axis_row - 0.3 * text_h)))
    # (A crop that starts past the axis (a slot read below its tick mark's root) has the mark
    # hanging into its first row: a tick longer than small text is tall, plotly's 5 px by 8 px
    # text, read '1' before 'DeepSeek-V3'.)
    near = max(int(np.ceil(axis_row + 0.25 * text_h)), 0)
    if near < lo or not rows[lo:near + 1].any():
        return u
    for r in range(max(lo, int(axis_row) + 1), min(len(rows), int(axis_row + 1.5 * text_h) + 1)):
        if not rows[r]:
            if not rows[r:].any():
                return u
            if r > axis_row + 0.8 * text_h:
                stem = ink[max(0, int(axis_row + 0.3 * text_h) + 1):r].any(axis=0)
                if stem.sum() > max(2.0, 0.3 * text_h):
                    return u
            out = u.copy()
            out[:r] = np.uint8(round(bg))
            return out
    return u


def _reread_text(gray, words, text_h, budget, frame: Frame | None = None, base: float | None = None,
                 slot: tuple[float, float] | None = None, depth: float | None = None, soft=None,
                 limit: int = 0):
    """A category label read again as a block of lines from its own crop: the page pass reads
    small text worse ('TP:' for 'TP=2'). The re-read wins when it is more confident. With the
    frame and baseline, the crop's axis side is cleared of the axis line and tick mark."""
    words = _checked_words(gray, words, text_h)
    page = _join(words, text_h)
    if not words or budget[0] <= 0:
        return page
    h, w = gray.shape
    pad = int(0.4 * text_h) + 2
    x0, y0 = max(0, min(v.x0 for v in words) - pad), max(0, min(v.y0 for v in words) - pad)
    x1, y1 = min(w, max(v.x1 for v in words) + pad), min(h, max(v.y1 for v in words) + pad)
    if frame is not None and base is not None:
        # Labels are anchored at the axis: what the page pass missed of a label ('=2' of
        # 'TP=2', read unsurely) lies between its words and the axis. Under vertical bars a
        # label is centred on its slot, so the crop is made symmetric about the slot's centre.
        # The crop reaches the axis and stops there: bars beyond it read as 'I' or '|'.
        if frame.horizontal:
            x1 = int(min(w, frame.width - base + 1))
            if depth is not None:
                # Right-aligned at the axis, a label's start may be what the page pass missed
                # ('ral 8x7B' of 'Mixtral 8x7B'): the crop reaches as far out as the others.
                x0 = int(max(0, min(x0, frame.width - depth)))
            # ... and on while the ink runs on without a word gap ('na 3.1 70B' of 'Llama 3.1
            # 70B' when the others are short): the label ends where its line does.
            start = min(v.x0 for v in words)
            run = _ink_run_start(gray[y0 + pad:y1 - pad, :start + 1] < 128, start, 0.8 * text_h)
            if run < start:
                x0 = int(max(0, min(x0, run - pad)))
            x0 = max(x0, limit)     # a rotated axis title's column (see read._without_title_glyphs)
        else:
            y0 = int(max(0, base))
            if slot is not None:
                c = (slot[0] + slot[1]) / 2.0
                x0 = int(max(0, min(x0, max(slot[0], 2 * c - x1))))
                x1 = int(min(w, max(x1, min(slot[1], 2 * c - x0))))
    budget[0] -= 1
    scale = _crop_scale(gray[y0:y1, x0:x1], text_h)
    lines = _line_count(words, text_h)
    got, conf_new, reads = [], -1.0, []
    # The crop of the page gray, and of the page's own contrast (`soft`), where small blurred
    # glyphs keep their shape ('Liama' for 'Llama' at doubled contrast): the soft read wins
    # when it is clearly surer (about as sure, it is no better: 'B200' read '8200' at 93 too).
    for g, margin in ((gray, 0.0), (soft, SOFT_MARGIN)) if soft is not None else ((gray, 0.0),):
        crop = g[y0:y1, x0:x1]
        if frame is not None and base is not None:
            if frame.horizontal:
                # Upright, the crop's right edge (nearest the axis) is its first row.
                crop = np.rot90(_clear_axis_side(np.rot90(crop, 1), base - (frame.width - x1), text_h), -1)
            else:
                crop = _clear_axis_side(crop, base - y0, text_h)
            crop = np.ascontiguousarray(crop)
        new = _read_two_scales(np.pad(_whiten(crop), 8, constant_values=255), scale,
                               ocr.PSM_LINE if lines == 1 else 6)
        new = [v.shifted(x0 - 8, y0 - 8) for v in new if v.text]
        reads.append(_text_key(" ".join(v.text for v in new)))
        # Its least sure word speaks for a read: one misread word among sure ones ('GPOA
        # Diamond') hardly lowers the mean.
        c = float(min(v.conf for v in new)) if new else -1.0
        if c > conf_new + margin:
            got, conf_new, won = new, c, len(reads) - 1
    # The crop's edge away from the axis cuts into the line beyond the label's (the axis title
    # 'Model' under 'Qwen2.5 72B', read 'al'): no word of the re-read lies past the page words.
    got = [v for v in got if v.cy <= max(u.y1 for u in words)] if frame is not None and not frame.horizontal \
        else [v for v in got if min(u.y0 for u in words) <= v.cy <= max(u.y1 for u in words)]
    if not got:
        return page
    # Two readings of three that agree outvote the third: the crop read at 96 drops a glyph of
    # a sharp 'RAG' that the page pass and the soft crop both read (bar seed-50 bar044).
    # (Not where the soft crop won, clearly surer: blurred glyphs read alike twice, 'Liama'.)
    if len(reads) == 2 and reads[0] != reads[1] and reads[1] == _text_key(page) and won == 0:
        return page
    got = _surer_words(_checked_words(gray, got, text_h), words)
    conf_new = float(np.mean([v.conf for v in got]))
    conf_old = float(np.mean([v.conf for v in words]))
    text = _join(got, text_h)
    return text if _prefer_reread(page, conf_old, text, conf_new) else page


def _surer_words(new: list[Word], page: list[Word]) -> list[Word]:
    """A re-read whose words pair one to one with the page's (each overlapping one page word
    only) with each word's surer reading kept: the re-read mends one word and misreads another
    ('Qwen2.5' at 86 and '728' at 49 read again 'Qwenz2.5' at 59 and '72B' at 91): a page word
    stays where clearly surer. Otherwise the re-read as it is."""
    pairs = [[p for p in page if overlaps(p, v)] for v in new]
    if len(new) != len(page) or any(len(m) != 1 for m in pairs) or len({id(m[0]) for m in pairs}) != len(new):
        return new
    def fuller(v, m):
        # the re-read holds the page word and more at an end ('TP:' at 96 read again 'TP=4' at
        # 91: the page pass dropped an unsure '=4'); not a glyph more inside it ('Qwenz2.5')
        a, b = _text_key(m.text), _text_key(v.text)
        return len(b) > len(a) > 0 and (b.startswith(a) or b.endswith(a))
    def split_glyph(v, m):
        # the re-read is the page word with a glyph more inside it, read less surely: a glyph
        # read as two ('Qwenz2.5' at 72 for a sure 'Qwen2.5' at 80: a serif Q's tail)
        a, b = _text_key(m.text), _text_key(v.text)
        return m.conf >= 80 and v.conf < m.conf and len(b) == len(a) + 1 \
            and any(b[:i] + b[i + 1:] == a for i in range(1, len(b) - 1))
    # (clearly surer: about as sure, the re-read is as good a reading, its glyphs checked)
    return [m if (m.conf >= v.conf + 10 and not fuller(v, m)) or split_glyph(v, m) else v
            for v, (m,) in zip(new, pairs)]


def _line_count(words: list[Word], text_h: float) -> int:
    """Lines the words stand on: centres more than half a text height below the last."""
    cys = sorted(v.cy for v in words)
    return 1 + sum(b - a > 0.5 * text_h for a, b in zip(cys, cys[1:]))


def _ink_run_start(ink: np.ndarray, x: int, gap: float) -> int:
    """The first column of the run of inked columns that reaches column `x` of `ink`, a blank
    stretch narrower than `gap` not ending it (letters and words of one line)."""
    cols = ink.any(axis=0) if ink.size else np.zeros(0, bool)
    start, blank = x, 0
    for c in range(min(x, cols.size - 1), -1, -1):
        if cols[c]:
            start, blank = c, 0
        else:
            blank += 1
            if blank > gap:
                break
    return int(start)


# A number ending in '8' right after a digit or point: '2.78', '8x78' ('2.7B', '8x7B' misread).
_TRAILING_8 = re.compile(r"(?<=[\d.])8$")


def _checked_words(gray, words: list[Word], text_h: float) -> list[Word]:
    """Words of a label with each 'i' checked against its glyph ('Liama' for 'Llama': see
    glyphs) and a model size's 'B' put back (see _unit_b_word), the glyphs inked from `gray`
    around each word. Inked so lightly that thin strokes stay whole, blurred glyphs lose their
    holes: the other checks of glyphs, which count holes, are left out ('batch 8' read 'batchS')."""
    h, w = gray.shape
    out = []
    for v in words:
        x0, y0 = max(0, int(v.x0) - 1), max(0, int(v.y0) - 1)
        x1, y1 = min(w, int(np.ceil(v.x1)) + 1), min(h, int(np.ceil(v.y1)) + 1)
        crop = gray[y0:y1, x0:x1].astype(np.float32)
        text = v.text
        if crop.size:
            bg = float(np.percentile(crop, 90))
            # Inked lightly, thin strokes stay whole; the glyphs keep how dark each pixel is.
            ink = crop < bg - 0.35 * (bg - float(crop.min()))
            masks = glyphs.glyph_masks(ink, (0, 0, x1 - x0, y1 - y0), 0.5 * text_h,
                                       np.clip(bg - crop, 0, None))
            text = glyphs.checked_text(v.text, masks, "i")
        out.append(_unit_b_word(gray, Word(text, v.conf, v.x0, v.y0, v.x1, v.y1)))
    return out


def _unit_b_word(gray, v: Word) -> Word:
    """Word `v` with a model size's 'B' (billions: '2.7B', '8x7B') that tesseract read as '8'
    after digits put back: its last glyph is a B when its left side is one straight stem ('8'
    is round there). Glyphs too small to tell keep their reading; glyphs.glyph_char leaves a
    glyph after a digit alone, as in a number ('128') a B is rarer than a misshapen 8."""
    if not _TRAILING_8.search(v.text) or (_left_stem(gray, v) or 0.0) < 0.9:
        return v
    return Word(v.text[:-1] + "B", v.conf, v.x0, v.y0, v.x1, v.y1)


def _left_stem(gray, v: Word) -> float | None:
    """Share of the rows of a word's last glyph whose leftmost ink lies on the stem of its middle
    rows or left of it (enlarged 4x): near 1 for a straight stem (B), well under for a round side (8).
    None when the glyph is under 8 px high (too few rows to tell)."""
    h, w = gray.shape
    c = gray[max(0, v.y0 - 1):min(h, v.y1 + 1), max(0, v.x0 - 1):min(w, v.x1 + 1)].astype(np.float32)
    if c.size == 0 or c.shape[0] < 8:
        return None
    big = cv2.resize(c, None, fx=4, fy=4, interpolation=cv2.INTER_CUBIC)
    # Inked a third of the way from the page to the darkest: half way, a thin serif face's
    # stem (dark) parts from its bowls (grey where they join it), and the bowls pass for the glyph.
    bg = float(np.median(big))
    ink = big < bg - 0.35 * (bg - float(big.min()))
    n, lab, st, _ = cv2.connectedComponentsWithStats(ink.astype(np.uint8), connectivity=8)
    tall = [i for i in range(1, n) if st[i][3] >= 0.5 * ink.shape[0]]
    if not tall:
        return None
    i = max(tall, key=lambda i: st[i][0] + st[i][2])
    x, y, gw, gh, _ = st[i]
    if gh < 24 or gw < 10:
        return None
    g = lab[y:y + gh, x:x + gw] == i
    left = np.array([int(np.argmax(r)) for r in g if r.any()])
    # The stem is measured on the middle rows: a serif 'B' reaches a pixel further left at its
    # top and bottom rows, which then count with the stem (an '8' is round there, right of it).
    mid = left[int(0.2 * len(left)):int(np.ceil(0.8 * len(left)))]
    return float(np.mean(left <= mid.min() + max(1.0, 0.12 * gw)))


def _read_two_scales(img: np.ndarray, scale: float, psm: int) -> list[Word]:
    """Words of a small crop read enlarged twice, by 3/4 and 3/2 of `scale`; the reading
    tesseract is surer of wins. Small glyphs read differently at each size ('B200' read
    'B2600' at one, '2.7B' read '2.78' at another) and the right reading is the surer one
    more often than any one size is right."""
    best, best_conf = [], -1.0
    for f in (0.75, 1.5):
        got = [v for v in ocr.read_words(img, float(np.clip(scale * f, 1.0, 6.0)), psm) if v.text]
        conf = float(np.mean([v.conf for v in got])) if got else -1.0
        if conf > best_conf:
            best, best_conf = got, conf
        if best_conf >= 92:
            break       # sure already: the second size costs a reading and seldom reads better
    return best


def _whiten(crop: np.ndarray) -> np.ndarray:
    """A crop of dark text with its background (the median) lifted to white: the text grey of
    a page whose panel colour passed for the background leaves the labels on grey, and the
    white padding around such a crop makes a frame that tesseract reads instead (nothing)."""
    if crop.size == 0:
        return crop
    lift = 255 - int(np.median(crop))
    if lift <= 0:
        return crop
    return np.clip(crop.astype(np.int16) + lift, 0, 255).astype(np.uint8)


def label_band_color(rgb, frame: Frame, slots, base, text_h, page_bg):
    """The colour the category labels stand on: the commonest colour of the band of their first
    line, just beyond the baseline, under the slots (no deeper: a screenshot's frame may lie
    a few lines below). `page_bg` unless that band is clearly of another colour (a grey panel
    covers most of the image and passed for the page; the labels stand on the white page
    around it)."""
    h, w = rgb.shape[:2]
    x0, y0, x1, y1 = frame.box_to_orig(int(slots[0][0]), int(base + 0.3 * text_h) + 1,
                                       int(slots[-1][1]), int(base + 1.5 * text_h) + 1)
    x0, y0, x1, y1 = max(0, x0), max(0, y0), min(w, x1), min(h, y1)
    if x1 - x0 < 4 or y1 - y0 < 4:
        return page_bg
    band = imageops.dominant_color(rgb[y0:y1, x0:x1])
    if float(np.abs(band.astype(float) - np.asarray(page_bg, float)).max()) <= 12:
        return page_bg
    return band


def _crop_scale(crop: np.ndarray, text_h: float) -> float:
    """Enlargement of a label crop for OCR (to about 30 px text): for the page's text height,
    or for the height of the crop's own line where that is well under it (labels in a smaller
    font than the rest of the page are read too small at the page's text height)."""
    line_h = _line_height(crop)
    h = line_h if line_h is not None and line_h < 0.7 * text_h else text_h
    return float(np.clip(30.0 / max(h, 1), 1.0, 4.0))


def _line_height(crop: np.ndarray) -> int | None:
    """Rows of the tallest run of rows holding ink (darker than the crop's background by half
    its darkest ink): the height of a line of text in the crop, None without ink."""
    g = crop.astype(np.int16)
    med = int(np.median(g))
    if med - int(g.min()) < 30:
        return None
    rows = (g < med - (med - int(g.min())) / 2.0).any(axis=1)
    edges = np.flatnonzero(np.diff(np.r_[0, rows.astype(np.int8), 0]))
    return int(np.max(edges[1::2] - edges[::2])) if len(edges) else None


def _has_ink(crop: np.ndarray) -> bool:
    """Some text in a crop: six pixels or more 60 darker than its own background (the median).
    A label thinned by downscaling keeps hardly a pixel under a fixed 128 (seed-9 bar056's
    'A100': 4 pixels, left unread)."""
    return crop.size > 0 and int((crop.astype(np.int16) < float(np.median(crop)) - 60).sum()) >= 6


def _label_start(up: np.ndarray, slot, base: float, start: int, depth: float) -> int:
    """The first row of a slot's crop in the upright page: `start`, a little past the axis so
    that its line stays out, or, where a label in a font much smaller than the page's begins
    before that, the blank row above it (seed-44 bar033: 6 px labels two rows under the axis,
    cut at their top and read 'JOR,' for 'TP=1'). Where a tick mark joins the axis to the
    label no row between them is blank, and `start` stays."""
    lo, hi, top = max(0, int(slot[0])), int(slot[1]), int(base) + 1
    crop = up[top:int(depth) + 1, lo:hi].astype(np.int16)
    if start - top < 1 or crop.shape[0] <= start - top or crop.size == 0:
        return start
    rows = (np.abs(crop - int(np.median(crop))) > 40).any(axis=1)[:start - top + 1]
    blank = np.flatnonzero(~rows)
    if not rows[-1] or not len(blank):
        return start
    return top + int(blank[-1])


def _read_slot(gray, frame: Frame, slot, base, depth, text_h, budget, soft=None, others=(), limit: int = 0) -> str:
    """The category label of a slot where the page pass read no word: the slot's band beyond
    the axis (to `depth`, upright rows) read as a block (one line beside horizontal bars),
    without the axis line and tick mark at its edge, and without the page's words centred
    outside the slot that reach into it (a chart that labels every other bar centres each label
    under its own bar, wider than the slot); from the page gray and from `soft` (the page's own
    contrast), the surer read winning."""
    if budget[0] <= 0:
        return ""
    h, w = gray.shape
    start = _label_start(frame.image(gray), slot, base, int(base + 0.3 * text_h) + 1, depth)
    x0, y0, x1, y1 = frame.box_to_orig(int(slot[0]), start, int(slot[1]), int(depth) + 1)
    x0, y0, x1, y1 = max(0, x0, limit), max(0, y0), min(w, x1), min(h, y1)
    if x1 - x0 < 4 or y1 - y0 < 4:
        return ""
    others = [v for v in others if not slot[0] <= frame.word(v).cx < slot[1]]
    gray, soft = _without_words(gray, others, (x0, y0, x1, y1)), _without_words(soft, others, (x0, y0, x1, y1))
    if not _has_ink(gray[y0:y1, x0:x1]):
        return ""
    budget[0] -= 1
    scale = _crop_scale(gray[y0:y1, x0:x1], text_h)
    best, best_conf = [], -1.0
    for g, margin in ((gray, 0.0), (soft, SOFT_MARGIN)) if soft is not None else ((gray, 0.0),):
        crop = g[y0:y1, x0:x1]
        if frame.horizontal:
            crop = np.rot90(_clear_axis_side(np.rot90(crop, 1), base - (frame.width - x1), text_h), -1)
        else:
            crop = _clear_axis_side(crop, base - y0, text_h)
        got = ocr.read_crop(_whiten(np.ascontiguousarray(crop)), (x0, y0), scale,
                            ocr.PSM_LINE if frame.horizontal else 6, pad=8)
        got = [v for v in got if v.text and v.conf >= 50 and any(c.isalnum() for c in v.text)]
        conf = float(min(v.conf for v in got)) if got else -1.0
        if conf > best_conf + margin:
            best, best_conf = got, conf
    return _join(_checked_words(gray, best, text_h), text_h) if best else ""


def _without_words(g, words, box):
    """`g` with the boxes of `words` that reach into `box` (x0, y0, x1, y1) painted over with
    the page (a copy; `g` itself when none does)."""
    if g is None:
        return g
    x0, y0, x1, y1 = box
    hit = [v for v in words if v.x0 < x1 and v.x1 > x0 and v.y0 < y1 and v.y1 > y0]
    if not hit:
        return g
    g = g.copy()
    for v in hit:
        g[max(0, v.y0 - 1):v.y1 + 1, max(0, v.x0 - 1):v.x1 + 1] = 255
    return g


def _prefer_reread(page: str, conf_page: float, new: str, conf_new: float) -> bool:
    """Whether a category's re-read replaces its page reading: when about as confident, or when
    it reads all the page's letters and digits and more ('TP:' at 96 -> 'TP=2' at 91: the page
    pass dropped an unsure '=2' that the crop, reaching to the axis, holds). A re-read that
    only leaves out letters of a sure page reading's words replaces nothing ('H200' at 91 read
    '00' at 92)."""
    if conf_new >= conf_page - 2 and not _letters_made_digits(page, conf_page, new) \
            and not _letters_left_out(page, conf_page, new):
        return True
    a = [c for c in page if c.isalnum()]
    b = [c for c in new if c.isalnum()]
    return _in_order(a, b) and len(b) > len(a) and conf_new >= 60


def _letters_left_out(page: str, conf_page: float, new: str) -> bool:
    """A sure page reading (80 or more) of as many words as `new`, each word of `new` its page
    word with letters or digits left out, two at least: one may be a glyph the page pass
    read twice ('GPOQA' read again 'GPQA'), two are seldom so ('H200' read again '00')."""
    a, b = page.split(), new.split()
    if conf_page < 80 or len(a) != len(b) or len(page) - len(new) < 2:
        return False
    return all(_in_order(y, x) for x, y in zip(a, b))


def _letters_made_digits(page: str, conf_page: float, new: str) -> bool:
    """A sure page reading (80 or more) whose re-read differs from it only where the page read
    a word's first letter and the crop a digit: 'H100' read '4100' from a crop at the page's
    91, and no more sure. A name starts with a letter ('H100', 'B200'); a digit after letters
    is common ('GPTS' read again 'GPT3' is put right)."""
    if conf_page < 80 or len(page) != len(new) or page == new:
        return False
    starts = {i for i, c in enumerate(page) if i == 0 or page[i - 1] == " "}
    return all(i in starts and a.isalpha() and b.isdigit() for i, (a, b) in enumerate(zip(page, new)) if a != b)


# What OCR makes of a rule or a tick mark standing alone at either end of a category.
_RULES = set("|¦-–—_")


def _without_stray_rules(text: str) -> str:
    """A category without a lone '|' or dash at either end: the edge of a neighbouring label or
    a tick mark read as a rule ('Small test - 8XH100 - 70B |'; 'TP=1 -' left of a horizontal
    bar), no part of any label; and with an 'l' or 'I' after '=' or ':', or alone after a word
    in lower case, read as the '1' it is ('TP=l', 'batch I', 'batch |': no name puts a letter
    alone there)."""
    parts = text.split()
    while parts and set(parts[0]) <= _RULES:
        parts.pop(0)
    # (a '|' alone after a word in lower case is its '1' too: 'batch |')
    if len(parts) >= 2 and parts[-1] == "|" and re.fullmatch(r"[a-z]{2,}", parts[-2]):
        parts[-1] = "1"
    while parts and set(parts[-1]) <= _RULES:
        parts.pop()
    text = re.sub(r"(?<=[=:])[lI](?=\d|\b)", "1", " ".join(parts))
    # ... and a lone 'I' or 'l' after a word in lower case ('batch I'): 'batch 1'; an 'l' in a
    # word of capitals is a capital I, as in legend names ('TGl': see capital_i).
    return capital_i(numbers_in_name(re.sub(r"\b([a-z]{2,}) [lI]$", r"\1 1", text)))



def ones_among_numbered(cats: list[str]) -> list[str]:
    """Categories numbered after one prefix ('TP2', 'TP4', 'TP8') with one ending in a letter
    OCR makes of a '1' instead ('TPL', 'TPl', 'TPI'): that one is the '1'. Two numbered
    siblings at least; a name of letters alone stands ('TPL' among 'GPU', 'CPU')."""
    numbered = [m.group(1) for c in cats if (m := re.fullmatch(r"(.*\D)\d+", c))]

    def one(c: str) -> str:
        m = re.fullmatch(r"(.*\D)[lLI|]", c)
        return m.group(1) + "1" if m and numbered.count(m.group(1)) >= 2 else c
    return [one(c) for c in cats]


def _commonest(words: list[Word]) -> Word:
    """The reading given most often (ties: the surer in sum), its surest instance."""
    score: dict[str, tuple[int, float]] = {}
    for v in words:
        n, c = score.get(v.text, (0, 0.0))
        score[v.text] = (n + 1, c + v.conf)
    text = max(score, key=score.get)
    return max((v for v in words if v.text == text), key=lambda v: v.conf)


def _read_marker(rgb, gray, frame, groups, series_idx, slots, gi, k, base, text_h, budget):
    """Text printed where series k's bar of group gi would stand ('OOM' on the baseline): read
    at the place that series' bars take in the other groups."""
    offs = [c.cx - slots[j][0] for j, g in enumerate(groups) for s in g for c in s[:1]
            if series_idx[id(c)] == k]
    if not offs:
        return []
    cx = slots[gi][0] + float(np.median(offs))
    # Beside the group's own bars where it can: a slot is cut between groups, and the one next
    # to a missing bar is the wider (its bar stood 34 px off where the slot put it).
    def bars_of(g):
        return {series_idx[id(c)]: c.cx for s in g for c in s[:1]}
    here = bars_of(groups[gi])
    near = [here[m] + others[k] - others[m] for j, g in enumerate(groups) if j != gi
            for others in (bars_of(g),) if k in others for m in here if m in others]
    if near:
        cx = float(np.median(near))
    box = (int(cx - 2.5 * text_h), int(base - 2.2 * text_h), int(cx + 2.5 * text_h), int(base + 0.2 * text_h))
    if frame.horizontal:
        # Beside horizontal bars the word runs along the value axis ('OOM' is three letters
        # long), one line of text across it: the crop stops short of the axis line and of the
        # bars either side, whose edges tesseract reads instead.
        box = (int(cx - 1.4 * text_h), int(base - 4.5 * text_h), int(cx + 1.4 * text_h), int(base - 0.2 * text_h))
    def markers(read):
        return [v for v in read if parse_value_label(v.text) is not None and parse_value_label(v.text)[2] is not None]
    budget[0] -= 1
    read = _read_box(rgb, gray, frame, box, text_h)
    got = markers(read)
    if not got and budget[0] > 0:
        # Read again with the fill of the bars beside the place left blank: the crop reaches
        # into them, and a word read with a bar's edge ('oom]' at 45 beside a black bar: bar
        # seed-50 bar008) is no marker. (The plain crop goes first: a blurred bar's edge left
        # alone reads as a stroke.)
        bars = [((c.x0, int(c.top), c.x1, int(c.bottom) + 1), c.color) for g in groups for s in g for c in s]
        budget[0] -= 1
        cleared = _read_box(rgb, gray, frame, box, text_h, clear=bars)
        got, read = markers(cleared), read or cleared
    if not got and read and budget[0] > 0:
        # Something is printed there but no marker was read ('N/.' for a serif 'N/A'):
        # enlarged half as much again, its glyphs come out whole.
        budget[0] -= 1
        got = markers(_read_box(rgb, gray, frame, box, text_h, enlarge=1.5))
    return got[:1]
