"""Tick labels whose digits touch (a tight serif '200000': the zeros one stroke wider than three
letters) are read whole in the tick-label margins, not from their first digit."""
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from pipeline import layout

_FONT = "/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf"


def _touching(text: str) -> np.ndarray:
    font = ImageFont.truetype(_FONT, 15)
    im = Image.new("L", (140, 40), 255)
    d = ImageDraw.Draw(im)
    x = 10.0
    for ch in text:
        d.text((x, 10), ch, font=font, fill=0)
        x += font.getlength(ch) - 1.5      # 1.5 px tighter than the font: neighbours touch
    return np.asarray(im)


def test_touching_digits_of_a_tick_label_are_read_whole():
    gray = _touching("200000")
    ink = gray < 160
    ys, xs = np.nonzero(ink)
    text_h = float(ys.max() - ys.min() + 1)
    assert xs.max() - xs.min() + 1 > 3 * text_h        # one stroke wider than three letters
    words = layout.read_tick_lines(gray, ink, text_h, [(0, 0, 140, 40)], [])
    assert [w.text for w in words] == ["200000"]
