"""The upright frame of a bar chart and the row a bar becomes."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..marks.bars import Bar
from ..ocr import Word


@dataclass
class Frame:
    """The upright frame of a chart: identity for vertical bars, a quarter turn (counter-
    clockwise) for horizontal ones, so that bars growing rightwards grow upwards."""
    width: int          # of the original image
    height: int
    horizontal: bool

    def image(self, a: np.ndarray) -> np.ndarray:
        return np.ascontiguousarray(np.rot90(a, 1)) if self.horizontal else a

    def word(self, w: Word) -> Word:
        if not self.horizontal:
            return w
        return Word(w.text, w.conf, w.y0, self.width - w.x1, w.y1, self.width - w.x0)

    def box_to_orig(self, x0, y0, x1, y1):
        if not self.horizontal:
            return x0, y0, x1, y1
        return self.width - y1, x0, self.width - y0, x1

    def point_to_orig(self, x: float, y: float) -> tuple[float, float]:
        return (self.width - 1 - y, x) if self.horizontal else (x, y)

    def value_pixel(self, row: float) -> float:
        """Upright row -> pixel along the original value axis (x for horizontal bars)."""
        return self.width - 1 - row if self.horizontal else row


@dataclass
class BarRow:
    series: str
    category: str
    index: int
    bar: Bar | None
    value: float | None = None
    err: float | None = None
    label: Word | None = None
    label_text: str = ""
    label_num: float | None = None
    agrees: bool | None = None
