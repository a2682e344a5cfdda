"""Legend entries: a line of text with a series' marker (or line swatch) beside it."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..ocr import Word
from .markers import Blob


@dataclass
class LegendEntry:
    text: str
    words: list[Word]
    blob: Blob | None
    box: tuple[int, int, int, int]


def text_lines(words: list[Word], text_h: float) -> list[list[Word]]:
    """Words joined into lines: same row, gaps under about one character height."""
    lines: list[list[Word]] = []
    for w in sorted(words, key=lambda w: w.x0):
        for line in lines:
            last = line[-1]
            if abs(last.cy - w.cy) <= 0.4 * max(text_h, last.h) and 0 <= w.x0 - last.x1 <= 1.2 * text_h:
                line.append(w)
                break
        else:
            lines.append([w])
    return lines


def find_legend(lines: list[list[Word]], blobs: list[Blob], text_h: float) -> list[LegendEntry]:
    """Entries whose swatch marker sits level with the text, just before (or after) it."""
    entries = []
    used = set()
    for line in lines:
        letters = sum(c.isalpha() for w in line for c in w.text)
        if letters < 2 or np.mean([w.conf for w in line]) < 60:
            continue
        x0 = min(w.x0 for w in line)
        x1 = max(w.x1 for w in line)
        cy = float(np.median([w.cy for w in line]))
        h = max(text_h, float(np.median([w.h for w in line])))
        best, best_d = None, None
        for k, b in enumerate(blobs):
            if k in used or abs(b.cy - cy) > 0.45 * h:
                continue
            if x0 - 4.0 * h <= b.cx < x0:
                d = x0 - b.box[2]
            elif x1 < b.cx <= x1 + 4.0 * h:
                d = b.box[0] - x1
            else:
                continue
            if d >= -1 and (best_d is None or d < best_d):
                best, best_d = k, d
        if best is not None:
            used.add(best)
            text = " ".join(w.text for w in line)
            entries.append(LegendEntry(text, line, blobs[best],
                                       (x0, min(w.y0 for w in line), x1, max(w.y1 for w in line))))
    return entries
