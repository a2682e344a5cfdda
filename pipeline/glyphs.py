"""Checking OCR's reading of a glyph against its shape.

At legend size (9-12 px letters) tesseract confuses '8', 'B' and 'S' ('FPS' for 'FP8', 'Engine 8'
for 'Engine B'), and no word list can tell them apart in names like 'B200' or 'FP8'. Their shapes
can: '8' and 'B' enclose two holes and 'S' none; 'B' has a straight stem down its left side and
'8' is round there. Likewise a 'T' read as 'I' ('TRI-LLM') has a bar across its top that an 'I'
lacks.
"""
from __future__ import annotations

import cv2
import numpy as np

_CONFUSED = set("8BSI")


def holes(mask: np.ndarray) -> int:
    """Background regions a glyph encloses (4-connected, so a diagonal gap does not close one)."""
    bg = np.pad(~mask.astype(bool), 1, constant_values=True).astype(np.uint8)
    n, _ = cv2.connectedComponents(bg, connectivity=4)
    return n - 2


def left_stem(mask: np.ndarray) -> float:
    """Share of a glyph's rows inked in its leftmost column: near 1 for 'B', low for '8'."""
    m = mask.astype(bool)
    return float(m[:, 0].mean()) if m.size else 0.0


def top_bar(mask: np.ndarray) -> bool:
    """A 'T': wider than half its height, its top rows inked across, its foot a narrow stem."""
    m = mask.astype(bool)
    h, w = m.shape
    top = max(1, h // 8)
    return w >= 0.5 * h and m[:top].any(axis=0).mean() >= 0.8 and m[-1].mean() <= 0.4


def glyph_char(ch: str, mask: np.ndarray) -> str:
    """`ch` as OCR read it, or the one of '8', 'B', 'S' the glyph's shape says it is when OCR
    read one of those three, or 'T' for an 'I' with a top bar; unclear shapes keep OCR's
    reading."""
    if ch not in _CONFUSED or mask.shape[0] < 5:
        return ch
    if ch == "I":
        return "T" if top_bar(mask) else ch
    k = holes(mask)
    if k == 0:
        return "S"
    if k != 2:
        return ch
    stem = left_stem(mask)
    if stem >= 0.75:
        return "B"
    if stem <= 0.4:
        return "8"
    return ch if ch != "S" else "8"


def glyph_masks(ink: np.ndarray, box, min_h: float) -> list[np.ndarray]:
    """The ink components inside `box` = (x0, y0, x1, y1), left to right, at least `min_h` tall
    (a glyph each, where the letters do not touch)."""
    x0, y0, x1, y1 = [int(v) for v in box]
    sub = ink[max(0, y0):y1, max(0, x0):x1].astype(np.uint8)
    if sub.size == 0:
        return []
    n, lab, stats, _ = cv2.connectedComponentsWithStats(sub, connectivity=8)
    comps = sorted((i for i in range(1, n) if stats[i][3] >= min_h), key=lambda i: stats[i][0])
    out = []
    for i in comps:
        x, y, w, h, _a = stats[i]
        out.append(lab[y:y + h, x:x + w] == i)
    return out


def checked_text(text: str, masks: list[np.ndarray]) -> str:
    """`text` with each '8', 'B', 'S' or 'I' checked against its glyph, when the word's glyphs (as
    glyph_masks finds them) map one to one onto its characters save the small ones ('.', '='):
    not when letters touch."""
    chars = [c for c in text if not _small(c)]
    if len(chars) != len(masks) or not _CONFUSED.intersection(chars):
        return text
    fixed = iter(glyph_char(c, m) for c, m in zip(chars, masks))
    return "".join(c if _small(c) else next(fixed) for c in text)


def _small(c: str) -> bool:
    """Characters with no glyph as tall as half a letter (glyph_masks leaves them out)."""
    return c.isspace() or c in ".,:;=-_~'\"`"
