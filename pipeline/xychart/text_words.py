"""Which OCR words are text, and masking them out of the marks: a word's box is masked
but for a marker inside it, so that markers touching their labels are still found."""
from __future__ import annotations

from collections import Counter

import cv2
import numpy as np

from .. import imageops, ocr
from ..marks.series import to_lab
from ..numbers import leading_junk, parse_point_label


def is_text(w: ocr.Word) -> bool:
    """Words worth masking out of the marks. Masking keeps solid markers (see mask_text), so
    only a hollow marker read as a letter is at risk: single characters need some confidence.
    A word is a label here only as read (not once trailing marks are cut off or a unit spaced,
    as for point labels): 'en=2,' at no confidence is a marker and a line, not text."""
    p = parse_point_label(w.text)
    if p is not None and len(w.text) >= 2 and p[0] == w.text.strip()[leading_junk(w.text):]:
        return True
    alnum = sum(c.isalnum() for c in w.text)
    return (alnum >= 2 and w.conf >= 40) or (alnum == 1 and w.conf >= 60) or _long_word(w)


def _long_word(w: ocr.Word) -> bool:
    # A name OCR was unsure of ('vLLMGike' at 37 for 'vLLM-like'): markers in a row read as
    # letters repeat one or two glyphs, a name has five letters or more of three kinds or more.
    letters = [c.lower() for c in w.text if c.isalpha()]
    return len(letters) >= 5 and len(set(letters)) >= 3 and w.conf >= 25


def coloured_glyph(w: ocr.Word, rgb: np.ndarray, panel_bg, text_rgb, min_delta: float = 30.0) -> bool:
    """A letter or two, no point label, drawn in a colour (not grey) other than the chart's
    text colour: a marker or a legend swatch ('-A-') that OCR read as letters. Masking it as
    text would leave the legend without its swatch. (A title's dark 'to' is no colour.)"""
    if text_rgb is None or sum(c.isalnum() for c in w.text) > 2 or parse_point_label(w.text) is not None:
        return False
    c = ink_color(rgb, w, panel_bg)
    return c is not None and not_text_color(c, text_rgb, min_delta)


_RING_READINGS = frozenset("Oo0Q@D")


def ring_glyph(w: ocr.Word, rgb: np.ndarray, panel_bg, threshold: float, text_h: float) -> bool:
    """`w` is a hollow round marker OCR read as a letter ('O', 'O-' or '-O-' for a ring on
    its legend stroke), whatever its colour: its ink holds a round hole at least 0.9 text
    heights across (a letter 'O' is a text height tall with its strokes, its hole far less),
    or two halves of one, stacked, where the stroke runs through the ring (gnuplot's keys).
    Masking it as text would lose a legend its swatch (outside set-B out015, out031) or a
    chart a point (out037). The ink: pixels differing from `panel_bg` by over `threshold`
    (half the marks' threshold: a 1 px ring, anti-aliased, breaks at the full one)."""
    core = w.text.strip(" -_~=—–")
    if len(core) != 1 or core not in _RING_READINGS:
        return False
    crop = rgb[max(w.y0 - 2, 0):w.y1 + 2, max(w.x0 - 2, 0):w.x1 + 2]
    boxes = [o[:4] for o in imageops.enclosed_holes(imageops.color_distance(crop, panel_bg) > threshold)]
    halves = [(min(a[0], b[0]), a[1], max(a[2], b[2]), b[3]) for a in boxes for b in boxes
              if 0 < b[1] - a[3] <= 0.4 * text_h and abs(a[0] - b[0]) <= 2 and abs(a[2] - b[2]) <= 2]
    return any(min(x1 - x0, y1 - y0) >= 0.9 * text_h and max(x1 - x0, y1 - y0) <= 1.33 * min(x1 - x0, y1 - y0)
               for x0, y0, x1, y1 in boxes + halves)


def printed_units(labels: list[ocr.Word]) -> Counter:
    """How many of the point labels `labels` print each unit ('req' of '16 req')."""
    parsed = (parse_point_label(v.text) for v in labels)
    return Counter(p[0].split()[-1] for p in parsed if p is not None and " " in p[0])


def keys_a_label(w: ocr.Word, words: list[ocr.Word], text_h: float) -> bool:
    """Word `w` is two letters read surely ('bs'), a line of text high, with a word starting
    with '=' or a digit just after it on its line ('163,' of 'bs=16384', its '=' lost): the
    key of a point label in its series' colour, no marker read as letters."""
    text = w.text.strip()
    if not (len(text) == 2 and text.isalpha() and w.conf >= 70 and w.h >= 0.6 * text_h):
        return False
    def number_after(v):
        t = v.text.strip()
        return t[:1] == "=" or t[:1].isdigit()
    return any(v is not w and abs(v.cy - w.cy) <= 0.3 * text_h and -1 <= v.x0 - w.x1 <= 1.5 * text_h
               and number_after(v) for v in words)


def not_text_color(color, text_rgb, min_delta: float = 30.0) -> bool:
    """A colour (not grey) other than the chart's text colour."""
    lab = to_lab([color, text_rgb])
    return float(np.hypot(*lab[0, 1:])) >= 15.0 and float(np.linalg.norm(lab[0] - lab[1])) > min_delta


def read_as_glyph(marker, w: ocr.Word, text_rgb) -> bool:
    """`w` is OCR's reading of the tiny marker `marker` alone (a 4 px triangle read '4' at 67):
    one character, its box the marker's, the marker drawn in a colour that is not the text's."""
    x0, y0, x1, y1 = marker.box
    return (text_rgb is not None and sum(c.isalnum() for c in w.text) == 1
            and w.x0 >= x0 - 2 and w.y0 >= y0 - 2 and w.x1 <= x1 + 2 and w.y1 <= y1 + 2
            and not_text_color(marker.color, text_rgb))


def speck(w: ocr.Word, text_h: float) -> bool:
    """A letter or two far smaller than the chart's text: OCR's reading of a small marker."""
    return sum(c.isalnum() for c in w.text) <= 2 and w.h < 0.55 * text_h


def _marker_radius(word: ocr.Word, text_h: float | None = None, cap: float = 1.25) -> float:
    """Ink deeper than this inside a word's box is a marker: letters, even bold ones, are
    drawn with strokes under a fifth of their height. A point label's box that took in the
    marker it touches, or a marker read as a letter or two, is taller than the chart's text:
    its letters are no taller than the text elsewhere; so is a doubtful reading ('Bred' at 48
    for '8 req' and its marker). (Titles, read surely, keep their own height.) `cap`: that
    height in text heights."""
    h = word.h
    if text_h is not None and (parse_point_label(word.text) is not None or word.conf < 60
                               or sum(c.isalnum() for c in word.text) <= 2):
        h = min(h, cap * text_h)
    return max(2.5, 0.22 * h)


def holds_marker(word: ocr.Word, depth: np.ndarray, text_h: float | None = None) -> bool:
    box = depth[max(0, word.y0):word.y1, max(0, word.x0):word.x1]
    return box.size > 0 and float(box.max()) >= _marker_radius(word, text_h)


def mask_text(text_mask: np.ndarray, word: ocr.Word, depth: np.ndarray, pad: int = 2,
               text_h: float | None = None) -> None:
    """Mask a word's box, except any marker inside it (OCR boxes often take in the marker a
    label touches)."""
    ys = slice(max(0, word.y0 - pad), word.y1 + pad)
    xs = slice(max(0, word.x0 - pad), word.x1 + pad)
    # A box far taller than the text took in a marker: masking keeps it when it is as deep as
    # a fifth of the text height (a big square below its label).
    tall = text_h is not None and word.h > 1.5 * text_h
    text_mask[ys, xs] = ~imageops.solid_regions(depth[ys, xs], _marker_radius(word, text_h, 1.0 if tall else 1.25))
    if text_h is not None:
        # A box of ordinary height took in a small marker too when a narrow band of its rows,
        # set apart by blank rows, is a quarter of the text tall: an 'i' dot is much shorter.
        for r0, r1, c0, c1 in _narrow_bands(depth[max(0, word.y0):word.y1, max(0, word.x0):word.x1] > 0, tall):
            if tall or r1 - r0 >= 0.25 * text_h:
                text_mask[max(0, word.y0) + r0:max(0, word.y0) + r1, max(0, word.x0) + c0:max(0, word.x0) + c1] = False


def _narrow_bands(ink: np.ndarray, tall: bool = False) -> list[tuple[int, int, int, int]]:
    """In a word's box taller than the text, the bands of rows (set apart by blank rows) whose
    ink is under a third of the widest band's width, as (row0, row1, col0, col1), ends
    exclusive: a small marker the box took in above or below its label, too shallow to tell
    from a letter by depth, and no part of the word. In a box far taller than the text
    (`tall`), every band but the one with the most ink: a marker with its line running on
    to the box's edge is as wide as a short label."""
    runs = imageops.group_runs(np.flatnonzero(ink.any(axis=1)))
    if len(runs) < 2:
        return []
    spans = []
    for r0, r1 in runs:
        cols = np.flatnonzero(ink[r0:r1 + 1].any(axis=0))
        spans.append((r0, r1 + 1, int(cols[0]), int(cols[-1]) + 1))
    if tall:
        most = max(range(len(spans)), key=lambda i: ink[spans[i][0]:spans[i][1]].sum())
        return [b for i, b in enumerate(spans) if i != most]
    widest = max(c1 - c0 for _, _, c0, c1 in spans)
    return [b for b in spans if b[3] - b[2] < widest / 3.0]


def glyph_box(word: ocr.Word, ink: np.ndarray, text_h: float) -> ocr.Word | None:
    """The word with its box cut down to its glyphs where OCR boxed it with a stretch of a line
    running on past them ('16384' boxed 222 px wide along the line under it): a box over a text
    height wide for each character loses the thin ink pieces over two text heights wide that
    run out of its sides. Boxed so, a label masks its series' line away and sits far from its
    marker. None when nothing else is in the box: the line itself read as text ('em')."""
    n_chars = len(word.text.strip())
    # (a box under half the text's height is a gridline read as letters: no glyphs to find)
    if word.w <= max(1, n_chars) * text_h or word.h < 0.5 * text_h:
        return word
    x0, y0 = max(0, word.x0), max(0, word.y0)
    crop = ink[y0:word.y1, x0:word.x1]
    if crop.size == 0:
        return word
    n, _lab, st, _ = cv2.connectedComponentsWithStats(crop.astype(np.uint8), connectivity=8)
    cw = crop.shape[1]
    # (thin, as ink per column: a swatch's marker on its stroke, read '—@', is no line)
    glyphs = [st[k] for k in range(1, n)
              if not (st[k, 2] > 2 * text_h and st[k, 4] <= 0.3 * text_h * st[k, 2]
                      and (st[k, 0] == 0 or st[k, 0] + st[k, 2] >= cw))]
    if not glyphs:
        return None if n > 1 else word
    gx0 = min(int(g[0]) for g in glyphs)
    gx1 = max(int(g[0] + g[2]) for g in glyphs)
    if gx1 - gx0 >= crop.shape[1] - 1:
        return word
    return ocr.Word(word.text, word.conf, x0 + gx0, word.y0, x0 + gx1, word.y1)


def cleaned_label(w: ocr.Word, whole: bool = True) -> ocr.Word:
    """The label word without the marker or line OCR read into its start, box trimmed to match;
    `whole`: also without what was read after it ('16,384,') and with its unit spaced ('4 req')
    -- only for a word taken as a point label, as 'TP=4,' may start a legend entry."""
    raw = w.text.strip()
    cut = leading_junk(raw)
    text = parse_point_label(w.text)[0] if whole else raw[cut:]
    if cut <= 0:
        return w if text == raw else ocr.Word(text, w.conf, w.x0, w.y0, w.x1, w.y1)
    x0 = w.x0 + int(round(w.w * cut / max(1, len(raw))))
    return ocr.Word(text, w.conf, x0, w.y0, w.x1, w.y1)


def _strokes(rgb: np.ndarray, word: ocr.Word, panel_bg, exclude: np.ndarray | None = None) -> np.ndarray:
    """The pixels (n x 3) inside a word's box that differ from the panel by over 80: its
    strokes; `exclude`: pixels that are no strokes of it (a marker its box took in)."""
    ys, xs = slice(max(0, word.y0), word.y1), slice(max(0, word.x0), word.x1)
    crop = rgb[ys, xs].reshape(-1, 3)
    if len(crop) == 0:
        return crop
    sel = imageops.color_distance(crop.reshape(1, -1, 3), panel_bg).ravel() > 80
    if exclude is not None:
        sel &= ~exclude[ys, xs].ravel()
    return crop[sel]


def ink_color(rgb: np.ndarray, word: ocr.Word, panel_bg, exclude: np.ndarray | None = None):
    """Median colour of the strokes inside a word's box (see _strokes), or None."""
    ink = _strokes(rgb, word, panel_bg, exclude)
    if len(ink) < 3:
        return None
    return tuple(int(v) for v in np.median(ink, axis=0))


def chromatic_share(rgb: np.ndarray, word: ocr.Word, panel_bg, exclude: np.ndarray | None = None,
                    min_chroma: float = 10.0) -> float:
    """Share of the strokes inside a word's box (see _strokes) that hold colour (Lab chroma of
    `min_chroma` or more): near all of a coloured label's, however washed out, and a minority
    of a grey label's that a coloured line crosses."""
    ink = _strokes(rgb, word, panel_bg, exclude)
    if len(ink) < 3:
        return 0.0
    lab = to_lab(ink)
    return float(np.mean(np.hypot(lab[:, 1], lab[:, 2]) >= min_chroma))


def text_color(rgb: np.ndarray, words: list[ocr.Word], panel_bg):
    """The chart's text colour: that of its tick labels."""
    cols = [c for c in (ink_color(rgb, v, panel_bg) for v in words) if c is not None]
    return tuple(int(v) for v in np.median(cols, axis=0)) if cols else None
