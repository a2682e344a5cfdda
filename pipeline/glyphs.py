"""Checking OCR's reading of a glyph against its shape.

At legend size (9-12 px letters) tesseract confuses '8', 'B' and 'S' ('FPS' for 'FP8', 'Engine 8'
for 'Engine B'), and no word list can tell them apart in names like 'B200' or 'FP8'. Their shapes
can: '8' and 'B' enclose two holes and 'S' none; 'B' has a straight stem down its left side and
'8' is pinched at its waist. Likewise a 'T' read as 'I' ('TRI-LLM') has a bar across its top that an 'I'
lacks, and an 'l' read as 'i' ('Liama', 'Smail') rises above the x-height in one stroke where
an 'i' is a stem of x-height under a dot.
"""
from __future__ import annotations

import cv2
import numpy as np

_CONFUSED = set("8BSIs")
# Letters exactly as tall as the x-height: their glyphs measure it.
_X_HEIGHT = set("acemnorsuvwxz")


def holes(mask: np.ndarray) -> int:
    """Background regions a glyph encloses (4-connected, so a diagonal gap does not close one)."""
    bg = np.pad(~mask.astype(bool), 1, constant_values=True).astype(np.uint8)
    n, _ = cv2.connectedComponents(bg, connectivity=4)
    return n - 2


def left_stem(mask: np.ndarray) -> float:
    """How straight the glyph's left side is: the share of its middle rows (a fifth off top and
    bottom) that start in the same column. A 'B' has a stem there (1.0, serifs or not); an
    '8' is pinched at its waist, even when its bowls are fat at 9 px."""
    m = mask.astype(bool)
    h = m.shape[0]
    rows = m[int(0.2 * h):int(np.ceil(0.8 * h))]
    rows = rows[rows.any(axis=1)]
    if not len(rows):
        return 0.0
    first = rows.argmax(axis=1)
    return float(np.bincount(first).max() / len(first))


def pinched_waist(mask: np.ndarray) -> bool:
    """The rows between a glyph's two holes start right of where the rows beside its holes
    start: an '8' narrows between its bowls, a 'B' runs its stem down through its middle bar.
    (A 10 px 'B' whose anti-aliased stem lost a pixel on one row has a straight side too few
    rows long for left_stem, bar seed-58 bar009, yet its middle bar starts at the stem.) True
    where the holes do not lie one above the other with a row between them: no telling."""
    m = mask.astype(bool)
    n, lab = cv2.connectedComponents(np.pad(~m, 1, constant_values=True).astype(np.uint8), connectivity=4)
    lab = lab[1:-1, 1:-1]
    border = set(np.unique(np.concatenate([lab[0], lab[-1], lab[:, 0], lab[:, -1]]))) | {0}
    spans = sorted((int(r.min()), int(r.max())) for r in
                   (np.flatnonzero((lab == k).any(axis=1)) for k in range(1, n) if k not in border) if len(r))
    if len(spans) != 2 or spans[1][0] - spans[0][1] < 2:
        return True
    starts = m.argmax(axis=1)
    waist = starts[spans[0][1] + 1:spans[1][0]]
    beside = starts[spans[0][0]:spans[1][1] + 1]
    return int(waist.min()) > int(beside.min())


def square_top_left(mask: np.ndarray) -> bool:
    """The top row starts as far left as the middle rows do: the corner of a 'B' (its stem
    runs into its top bar), where an '8' is round even when blur straightens its side."""
    m = mask.astype(bool)
    h = m.shape[0]
    rows = m[int(0.2 * h):int(np.ceil(0.8 * h))]
    rows = rows[rows.any(axis=1)]
    return bool(m[0].any() and len(rows) and m[0].argmax() <= rows.argmax(axis=1).min())


def top_bar(mask: np.ndarray) -> bool:
    """A 'T': wider than half its height, its top rows inked across, its foot a narrow stem (or a
    serif two thirds as wide as the bar at most: a serif 'I' is as wide at its foot as at its
    top; a 9 px serif 'T' stands on a foot 5 px wide, seed-59 syn012's 'TRT-LLM-like'), and
    one stem in the middle."""
    m = mask.astype(bool)
    h, w = m.shape
    top = max(1, h // 8)
    if not (w >= 0.5 * h and m[:top].any(axis=0).mean() >= 0.8 and m[-1].mean() <= 0.6):
        return False
    # One stem down the middle: an 'I' touching the next glyph ('I3' of 'MI300X') is as wide
    # and as flat on top, but stands on two strokes.
    cols = np.flatnonzero(m[int(0.3 * h):int(np.ceil(0.7 * h))].any(axis=0))
    return (len(cols) > 0 and cols[-1] - cols[0] + 1 == len(cols) and len(cols) <= 0.5 * w
            and abs((cols[0] + cols[-1]) / 2.0 - (w - 1) / 2.0) <= 0.2 * w)


def ascender_stroke(mask: np.ndarray, x_height: float) -> bool:
    """An 'l': one narrow stroke a fifth or more taller than the x-height, as wide all the way
    up. An 'i' is a stem of x-height; where blur joins its dot to it, the join is a waist (rows
    at most half the stem's width) in its upper part, or, in a glyph of ink weights (see
    glyph_masks), a row paler than the dot above it and than the stem."""
    if mask.dtype != bool and _pale_join(mask.max(axis=1).astype(float)):
        return False
    m = mask.astype(bool)
    h, w = m.shape
    # Under 7 px of x-height the gap between an 'i''s dot and its stem is a pixel that blur
    # fills ('Dlamond' at 6 px): such small text keeps OCR's reading.
    if x_height < 7 or h < 1.2 * x_height or w > 0.45 * h:
        return False
    widths = m.sum(axis=1)
    stem = float(np.median(widths[h // 2:]))
    # A waist has the dot above it: a stroke's rounded tip is narrow at its top row only.
    upper = widths[:int(0.45 * h)]
    return not any(upper[k] <= 0.5 * stem and upper[:k].max() >= 0.7 * stem for k in range(1, len(upper)))


def _pale_join(dark: np.ndarray) -> bool:
    """In a stroke's darkest ink row by row, a row of its upper part paler than the darkest row
    above it (by a fifth) and than the stem below (by three tenths): the gap between an 'i''s
    dot and its stem, filled in by blur or JPEG. (A pale 'l', its stroke split between two
    columns, may have a darker tip, but its rows are all as dark as its stem.)"""
    n = len(dark)
    stem = float(np.median(dark[n // 2:]))
    return any(dark[k] < 0.8 * dark[:k].max() and dark[k] < 0.7 * stem for k in range(1, int(0.45 * n)))


def glyph_char(ch: str, mask: np.ndarray, after_digit: bool = False, x_height: float = 0.0) -> str:
    """`ch` as OCR read it, or the one of '8', 'B', 'S' the glyph's shape says it is when OCR
    read one of those three (or an 's' with two holes), 'T' for an 'I' with a top bar, or 'l'
    for an 'i' that is an ascender's stroke (given the word's `x_height`); unclear shapes keep
    OCR's reading. `after_digit`: the glyph follows a digit, inside a number ('128'), and is no
    'B'."""
    if (ch not in _CONFUSED and ch != "i") or mask.shape[0] < 5:
        return ch
    if ch == "I":
        return "T" if top_bar(mask) else ch
    if ch == "i":
        return "l" if ascender_stroke(mask, x_height) else ch
    k = holes(mask)
    if ch == "s":
        # A lowercase 's' encloses nothing: one with two holes is an '8' or a 'B' ('TPs' for
        # 'TP8'); one without stays, lowercase ('Ours').
        return ch if k != 2 else glyph_char("S", mask, after_digit)
    if k == 0:
        return "S"
    if k != 2:
        return ch
    stem = left_stem(mask)
    if stem >= 0.99 and square_top_left(mask) and not after_digit:
        return "B"
    if stem <= 0.85 and (ch != "B" or pinched_waist(mask)):
        return "8"
    return ch if ch != "S" else "8"


def glyph_masks(ink: np.ndarray, box, min_h: float, weights: np.ndarray | None = None) -> list[np.ndarray]:
    """The ink components inside `box` = (x0, y0, x1, y1), left to right, at least `min_h` tall
    (a glyph each, where the letters do not touch). With `weights` (an array like `ink`: how
    dark each pixel is) each mask holds its pixels' weights instead of True."""
    return [m for _x0, _x1, m in _glyphs(ink, box, min_h, weights)]


def glyph_spans(ink: np.ndarray, box, min_h: float) -> list[tuple[int, int]]:
    """Column spans (x0, x1 exclusive) of the glyphs glyph_masks finds."""
    return [(x0, x1) for x0, x1, _m in _glyphs(ink, box, min_h)]


def _glyphs(ink, box, min_h, weights=None):
    x0, y0, x1, y1 = [int(v) for v in box]
    sub = ink[max(0, y0):y1, max(0, x0):x1].astype(np.uint8)
    wsub = None if weights is None else weights[max(0, y0):y1, max(0, x0):x1]
    if sub.size == 0:
        return []
    n, lab, stats, _ = cv2.connectedComponentsWithStats(sub, connectivity=8)
    comps = sorted((i for i in range(1, n) if stats[i][3] >= min_h), key=lambda i: stats[i][0])
    out = []
    for i in comps:
        x, y, w, h, _a = stats[i]
        m = lab[y:y + h, x:x + w] == i
        out.append((max(0, x0) + x, max(0, x0) + x + w, m if wsub is None else np.where(m, wsub[y:y + h, x:x + w], 0)))
    return out


def spaced_text(text: str, spans: list[tuple[int, int]], space: float) -> str:
    """`text` with a space where its glyphs (one span each, as in checked_text) stand at least
    `space` apart and more than twice as far as the letters do: tesseract reads 'Engine A' as
    one word 'EngineA' when the space is narrow."""
    chars = [i for i, c in enumerate(text) if not small_char(c)]
    if len(chars) != len(spans) or len(spans) < 3:
        return text
    gaps = [b[0] - a[1] for a, b in zip(spans, spans[1:])]
    letter = float(np.median(gaps))
    # only between two glyphs with nothing between them in the text: a '-' or '.' has no glyph
    # here and leaves a gap of its own ('vLLM-like')
    cut = {chars[k + 1] for k, g in enumerate(gaps) if g >= space and g > 2 * max(letter, 0.5)
           and chars[k + 1] == chars[k] + 1}
    out = []
    for i, c in enumerate(text):
        if i in cut and not text[i - 1].isspace():
            out.append(" ")
        out.append(c)
    return "".join(out)


def checked_text(text: str, masks: list[np.ndarray], confused=_CONFUSED) -> str:
    """`text` with each '8', 'B', 'S' or 'I' (the characters of `confused`; 'i' on request)
    checked against its glyph, when the word's glyphs (as glyph_masks finds them) map one to
    one onto its characters save the small ones ('.', '='), after cutting apart letters that
    touch (see split_touching); otherwise the text stays."""
    chars = [c for c in text if not small_char(c)]
    if not set(confused).intersection(chars):
        return text
    split = split_touching(masks, len(chars))
    if len(chars) != len(split):
        return _ends_checked(text, chars, split) if "I" in confused else text
    masks = split
    prev = [""] + chars[:-1]
    # An 's' is checked only in a word of capitals and digits ('TPs'): among lowercase letters
    # it is one, and a touching pair cut apart ('as' of 'baseline') can leave it two holes.
    lower = sum(c.islower() for c in chars) > chars.count("s")
    # The x-height, where the letters that measure it are glyphs of their shape, as wide as
    # about half their height or more (noise blobs taken for glyphs map any way: 'Mlxtral').
    xs = [m.shape for c, m in zip(chars, masks) if c in _X_HEIGHT]
    x_height = float(np.median([h for h, _ in xs])) if xs and all(w >= 0.4 * h for h, w in xs) else 0.0
    fixed = iter(c if (c == "s" and lower) or c not in confused else glyph_char(c, m, p.isdigit(), x_height)
                 for c, m, p in zip(chars, masks, prev))
    return "".join(c if small_char(c) else next(fixed) for c in text)


def checked_name(text: str, masks: list[np.ndarray], height: float) -> str:
    """A legend name's `text` checked as checked_text does, but that a 'B' of text under 10 px
    (`height`, its box's) keeps OCR's reading: there the straight stem that tells it from an
    '8' is a pixel or two, which JPEG and downscaling bend ('8F16' for a sure 'BF16', beside
    bar swatches and in seed-58 syn080's 9 px legend). An '8' with a straight stem and a
    square corner is a 'B' all the same: blur rounds a corner, it does not square one
    ('Engine 8' of seed-0 syn113's 9 px 'Engine B')."""
    got = checked_text(text, masks)
    if height < 10 and len(got) == len(text):
        got = "".join(o if (o, c) == ("B", "8") else c for o, c in zip(text, got))
    return got


def _ends_checked(text: str, chars: list[str], masks: list[np.ndarray]) -> str:
    """`text` with each 'I' checked (see glyph_char) where its glyphs do not map one to one onto
    its characters once touching letters are cut apart ('TRI-LLM-like': 'l' and 'i' touch):
    from each end, through capitals and digits each a glyph of a capital's height no wider than
    tall (a wider one may be letters run together), the glyphs are the characters in turn."""
    if "I" not in chars or not masks or len(masks) > len(chars):
        return text
    # Capitals, each a capital's height: lowercase letters touch unseen ('li' no wider than 'k')
    cap = max(m.shape[0] for m in masks)

    def run(pairs):
        return next((i for i, (m, c) in enumerate(pairs) if not (
            (c.isupper() or c.isdigit()) and m.shape[1] <= 1.3 * m.shape[0] and m.shape[0] >= 0.85 * cap)),
            len(masks))
    lead, trail = run(zip(masks, chars)), run(zip(masks[::-1], chars[::-1]))
    n = len(chars)
    fixed = list(chars)
    for i, c in enumerate(chars):
        k = i if i < lead else (len(masks) - (n - i) if n - i <= trail else None)
        if c == "I" and k is not None:
            fixed[i] = glyph_char(c, masks[k])
    # Where a run stops at two capitals kerned into one glyph ('RT' of a serif 'TensorRT-LLM',
    # read 'RI'), the 'I' at the glyph's end is a 'T' by the bar its outer stem carries.
    for at, i, j, side in ((lead, lead, lead + 1, 0), (trail, n - 1 - trail, n - 2 - trail, 1)):
        k = at if side == 0 else len(masks) - 1 - at
        if (0 <= k < len(masks) and 0 <= min(i, j) and max(i, j) < n and chars[i] == "I"
                and chars[j].isupper() and masks[k].shape[0] >= 0.85 * cap
                and 1.3 * masks[k].shape[0] < masks[k].shape[1] <= 2.4 * masks[k].shape[0]
                and _outer_t(masks[k], side)):
            fixed[i] = "T"
    it = iter(fixed)
    return "".join(c if small_char(c) else next(it) for c in text)


def split_touching(masks: list[np.ndarray], n: int) -> list[np.ndarray]:
    """Masks cut into `n` glyphs where kerned letters touch ('RT' of 'TRT' is one component): the
    widest one, wider than tall, is cut at its thinnest column in its middle, while that column
    holds little ink (the touch). Left as they are when no such cut makes up the count."""
    masks = list(masks)
    while len(masks) < n:
        i = max(range(len(masks)), key=lambda k: masks[k].shape[1] / masks[k].shape[0]) if masks else -1
        if i < 0 or masks[i].shape[1] < 1.4 * masks[i].shape[0]:
            return masks
        m = masks[i]
        w = m.shape[1]
        cols = (m != 0).sum(axis=0)
        lo, hi = int(0.3 * w), int(np.ceil(0.7 * w))
        c = lo + int(np.argmin(cols[lo:hi]))
        if cols[c] > 0.15 * m.shape[0]:
            return masks
        left, right = _trimmed(m[:, :c]), _trimmed(m[:, c + 1:])
        if left is None or right is None:
            return masks
        masks[i:i + 1] = [left, right]
    return masks


def _outer_t(m: np.ndarray, side: int) -> bool:
    """Whether glyph m ends (side 1: on the right; 0: on the left) in a 'T': its outermost
    stem (a column inked over eight tenths of its rows) carries a bar outward at its top at
    least a quarter of its height long and nearly twice as long as its foot (a serif 'I' has
    a foot as long as its top)."""
    m = (m != 0) if side == 1 else (m != 0)[:, ::-1]
    h = m.shape[0]
    stems = np.flatnonzero(m.mean(axis=0) >= 0.8)
    if not len(stems):
        return False
    c = int(stems[-1])
    top = int(m[:max(1, h // 7), c + 1:].any(axis=0).sum())
    foot = int(m[h - max(1, h // 7):, c + 1:].any(axis=0).sum())
    return top >= 0.25 * h and top >= 1.8 * foot


def _trimmed(m: np.ndarray) -> np.ndarray | None:
    """The mask cropped to its ink (None when it has none)."""
    rows, cols = np.flatnonzero(m.any(axis=1)), np.flatnonzero(m.any(axis=0))
    if not len(rows):
        return None
    return m[rows[0]:rows[-1] + 1, cols[0]:cols[-1] + 1]


def small_char(c: str) -> bool:
    """Characters with no glyph as tall as half a letter (glyph_masks leaves them out)."""
    return c.isspace() or c in ".,:;=-_~'\"`"
