"""Legend entries of an XY chart: the text lines beside swatches read again, names told
from point labels, and series matched to entries by colour and shape."""
from __future__ import annotations

import re
from collections import Counter

import cv2
import numpy as np

from .. import glyphs, imageops, layout, ocr
from ..marks.legend import (
    LegendEntry,
    aligned_with,
    chromatic,
    find_legend,
    glued_chars,
    main_conf,
    overlaps_blob,
    stray_entries,
    swatch_text_boxes,
    text_lines,
)
from ..marks.series import lab_distance, to_lab
from ..numbers import parse_point_label
from . import text_words


def legend_by_color(legend: list[LegendEntry], color, max_delta: float) -> LegendEntry | None:
    near = [(float(np.linalg.norm(to_lab([color])[0] - to_lab([e.blob.color])[0])), i)
            for i, e in enumerate(legend) if e.blob is not None]
    near = [(d, i) for d, i in near if d <= max_delta]
    return legend[min(near)[1]] if near else None


def legend_by_hue(legend: list[LegendEntry], color, taken=(), max_angle: float = 25.0,
                  max_dl: float = 12.0, min_chroma: float = 8.0) -> LegendEntry | None:
    """The one entry not in `taken` whose swatch has the hue and lightness of a thin line's
    `color` and at least its chroma: JPEG keeps a line's lightness but halves its colour
    resolution, so a 2 px blue line comes out greyish blue beside its legend's solid patch.
    None when no entry, or more than one, fits."""
    lab = to_lab([color])[0]
    chroma = float(np.hypot(lab[1], lab[2]))
    if chroma < min_chroma:
        return None
    fits = []
    for e in legend:
        if e.blob is None or any(e is t for t in taken):
            continue
        el = to_lab([e.blob.color])[0]
        if _hue_angle(lab, el) <= max_angle and abs(el[0] - lab[0]) <= max_dl and np.hypot(el[1], el[2]) >= chroma:
            fits.append(e)
    return fits[0] if len(fits) == 1 else None


def _hue_angle(a, b) -> float:
    """Degrees between the hues of two Lab colours."""
    return float(abs((np.degrees(np.arctan2(a[2], a[1]) - np.arctan2(b[2], b[1])) + 180.0) % 360.0 - 180.0))


def lone_entry(legend: list[LegendEntry], color, max_angle: float = 25.0, min_chroma: float = 8.0):
    """`legend`'s one entry whose swatch has the hue of `color` (both coloured), or None.
    Tiny markers on a grey panel and their tiny swatch on the white page round it blend with
    different backgrounds (ggplot): too far apart in colour to be one group, of one hue still."""
    lab = to_lab([color])[0]
    fits = []
    for e in legend:
        if e.blob is None:
            continue
        el = to_lab([e.blob.color])[0]
        if min(np.hypot(lab[1], lab[2]), np.hypot(el[1], el[2])) >= min_chroma and _hue_angle(lab, el) <= max_angle:
            fits.append(e)
    return fits[0] if len(fits) == 1 else None


_BARE_NUMBER = re.compile(r"^[~≈]?[\d.,]+[kKMG%]?$")
# A key before its value: 'bs=4096', 'TP=8'; the '=' may be read as a colon ('TP: 8' of a 20 px
# legend's 'TP=8', seed-55 syn061).
_KEYED = re.compile(r"^([A-Za-z_]+)\s*[=:]")
_UNIT_LABEL = re.compile(r"[~≈]?\d[\d.,]*\s*[A-Za-z]{2,5}")      # '64 req', '128req'


def outside_marks(rgb: np.ndarray, marks: np.ndarray, text_mask: np.ndarray) -> np.ndarray:
    """The marks outside the plot without the text, but for its coloured ink: text is drawn
    grey, and the coloured ink in a word's box is a swatch OCR read with its name ('@v0.10'
    for '● v0.10') and masked with it."""
    return marks & ~(text_mask & (imageops.saturation(rgb) <= 60))


def in_entry(b, e: LegendEntry, text_h: float) -> bool:
    """A blob on a legend entry's line, up to a letter past its text (a last letter OCR missed,
    'B' of 'Engine B'), is part of the legend, not data."""
    x0 = min(e.box[0], e.blob.box[0])
    x1 = max(e.box[2], e.blob.box[2]) + 1.5 * text_h
    return x0 <= b.cx <= x1 and e.box[1] <= b.cy <= e.box[3]


def joined_to_data(b, data, rgb: np.ndarray, box, max_delta: float, text_h: float, background=None) -> bool:
    """Marker `b` in the plot `box` is joined by a stroke of its colour to another of the `data`
    markers, or to a stroke of its colour reaching over four text heights beyond the markers
    (markers too small to be found): a point of a series drawn with lines, not a legend's
    swatch (whose line stub ends at the swatch). Beside a point's marker its label reads like
    a name ('Teq' of '4 req', 'eq' of '1 req')."""
    x0, y0, x1, y1 = box
    if b.shape == "line" or not (x0 <= b.cx < x1 and y0 <= b.cy < y1):
        return False
    part = rgb[y0:y1, x0:x1]
    mine = lab_distance(part, _ink_of(b, rgb, background, max_delta)) <= max_delta
    if background is not None:
        # A thin line blurred on a dark page is its colour blended half into the page
        # (seed-52 syn037: (82, 145, 167) between markers of (73, 197, 255) on grey 30). A
        # coloured blend only: a grey gridline passes for a blend of a greyish blue with white
        # (set-25 h06: a legend's marker on a gridline ran on down the plot), and beyond a grey
        # swatch lies all dark text (set-23 h11: a glyph of the legend's name, taken for a grey
        # swatch, joined the glyphs taken for markers).
        mine |= imageops.blend_mask(part, b.color, background, min_t=0.5, resid=24.0) \
            & (imageops.saturation(part) > 0)
    mine = mine.astype(np.uint8)
    _, lab = cv2.connectedComponents(mine, connectivity=8)

    def window(o, pad: int = 0):
        return (slice(max(0, o.box[1] - y0 - pad), max(0, o.box[3] - y0 + pad)),
                slice(max(0, o.box[0] - x0 - pad), max(0, o.box[2] - x0 + pad)))

    def parts(o) -> set:
        piece = lab[window(o)]
        return set(np.unique(piece[piece > 0]).tolist())

    def apart(o) -> bool:   # another marker of its colour (the same mark found twice is none)
        return (abs(o.cx - b.cx) > b.size or abs(o.cy - b.cy) > b.size) \
            and float(lab_distance(np.array([o.color], np.uint8), b.color)[0]) <= max_delta
    own = parts(b)
    if own and any(apart(o) and parts(o) & own for o in data):
        return True
    # The stroke beyond the markers (their boxes taken out, swatches stacked in a legend touch
    # each other), a marker's white rim of two pixels at most bridged.
    stroke = cv2.dilate(mine, np.ones((5, 5), np.uint8))
    for o in list(data) + [b]:
        stroke[window(o)] = 0
    _, lab2, stats, _ = cv2.connectedComponentsWithStats(stroke, connectivity=8)
    ring = lab2[window(b, 3)]

    def line_like(k) -> bool:
        # long, and thin along its run (long and narrow, or sparse in its box, as a slanted
        # line is): not the blended rim of a dark swatch above a pale one
        w, h, area = (int(stats[k, c]) for c in (cv2.CC_STAT_WIDTH, cv2.CC_STAT_HEIGHT, cv2.CC_STAT_AREA))
        return max(w, h) > 4 * text_h and (max(w, h) >= 4 * min(w, h) or area < 0.3 * w * h)

    def stub(k) -> bool:
        # a legend's sample line, level and centred on its marker: gnuplot draws it four
        # characters long (93 px beside 22 px text), the name before it
        left, w, h = (int(stats[k, c]) for c in (cv2.CC_STAT_LEFT, cv2.CC_STAT_WIDTH, cv2.CC_STAT_HEIGHT))
        return h <= b.box[3] - b.box[1] + 6 and w <= 8 * text_h and abs(x0 + left + w / 2 - b.cx) <= 0.15 * w
    return any(line_like(k) and not stub(k) for k in np.unique(ring[ring > 0]))


def _ink_of(b, rgb: np.ndarray, background, max_delta: float):
    """The colour marker `b` is drawn in: its own, unless that is near the page's, then its
    ring's ink. Open markers too small to take their outline's colour in the plot (see
    digitize._outline_colours) keep their inside's: joined by the page, a legend's swatch
    over the plot joins every ring and passes for a point (outside set-B out011, 10 px open
    squares; out015 before open markers took their outline's colour)."""
    if background is None or float(lab_distance(np.array([b.color], np.uint8), background)[0]) > max_delta:
        return b.color
    x0, y0, x1, y1 = b.box
    px = rgb[y0:y1, x0:x1].reshape(-1, 3)
    ink = px[lab_distance(px, background) > 2 * max_delta]
    return tuple(int(v) for v in np.median(ink, axis=0)) if len(ink) >= 3 else b.color


def outside_ticks(blobs, tick_boxes, pad: int = 1) -> list:
    """The blobs not lying inside a tick label's box (give or take `pad` px): a digit found as a
    blob there is the label's, no legend swatch."""
    return [b for b in blobs if not any(t[0] - pad <= b.box[0] and b.box[2] <= t[2] + pad
                                        and t[1] - pad <= b.box[1] and b.box[3] <= t[3] + pad for t in tick_boxes)]


def _key(text: str) -> str:
    return "".join(c for c in text.lower() if c.isalnum())


def inside_box(v: ocr.Word, box, pad: float = 2.0) -> bool:
    return box[0] - pad <= v.cx <= box[2] + pad and box[1] - pad <= v.cy <= box[3] + pad


# Text lines beside possible swatches read again on one chart (each a few milliseconds).
_LEGEND_REREAD_BUDGET = 30


def reread_legend_text(words, tick_words, gray, ink, blobs, data_blobs, text_h,
                        color_delta: float = 22.0, marks_read=frozenset(), strokes=(), rgb=None) -> list[ocr.Word]:
    """The page's words with each text line level beside a blob (a legend entry's name, if the
    blob is its swatch) read again on its own: the page pass drops a lone letter ('B' of
    'Engine B'), misreads short names ('FPS' for 'FP8') or never reads them. A swatch has the
    colour of markers in the plot (two at least, other than itself: letters of a title read as
    blobs do not); a blob inside a word a letter wider than it is a glyph of that word. The new
    reading replaces the page's words in its box unless it has no letter (no name) or is
    clearly less sure than they are and holds no more than they read; tick labels are kept.
    `marks_read`: ids of words that are marks read as letters ('-A-'), which own no glyph.
    `strokes`: swatches of lines drawn without markers, already matched to a line's colour."""
    ticks = [v for v in words if id(v) in tick_words]
    swatches = [b for b in blobs if not any(_glyph_of(b, v, text_h) for v in words if id(v) not in marks_read)
                and (_same_colour_count(b, data_blobs, color_delta) >= 2 or any(b is t for t in strokes))]
    out = list(words)
    # Beside the data's markers lie their labels, often more of them than the budget allows:
    # the lines beside marks outside the plot (a legend above it or right of it) are read first.
    outside = {id(b) for b in swatches if not any(b is d for d in data_blobs)}
    page_gray = gray
    for box in swatch_text_boxes(ink, swatches, text_h, first=outside)[:_LEGEND_REREAD_BUDGET]:
        if any(inside_box(v, box) for v in ticks):
            continue
        box = _reaching(box, [v for v in out if id(v) not in tick_words])
        # A swatch set close to its name (Vega leaves 4 px) falls in the margin the line is
        # read with, and is read as a letter ('ETP=8', '| This'): the swatches beside the line
        # are painted out (not blobs within it: a glyph found as a blob is part of the text).
        beside = [b for b in swatches if not (box[0] <= b.cx <= box[2] and box[1] <= b.cy <= box[3])
                  and b.box[0] <= box[2] + text_h and b.box[2] >= box[0] - text_h
                  and b.box[1] <= box[3] + text_h and b.box[3] >= box[1] - text_h]
        gray = _painted_out(page_gray, rgb, beside) if rgb is not None else page_gray
        gray = imageops.rules_whitened(gray, box, layout.line_margin(box))
        read = layout.read_line_box(gray, box)
        if not any(c.isalpha() for v in read for c in v.text):
            continue
        line_glyphs = _line_glyphs(ink, box, text_h)
        readings = []
        if sum(c.isalnum() for v in read for c in v.text) >= 3 and \
                (_mean_conf(read) < _SURE_NAME or not _fits_glyphs(read, line_glyphs)):
            # Tesseract's reading of small text turns on how it was resampled ('vVLLM-like' at
            # 31 from one enlargement, 'vLLM-like' at 80 from another; 'TRTI-LLM-like', a
            # letter more than the line has glyphs, and 'TRT-LLM-like'): a doubtful name, or
            # one with more or fewer letters than glyphs, is read again at another size. The
            # reading whose letters match the glyphs wins, then the surer one.
            # Still doubtful at both sizes, it is read a third time larger (blurred 8 px text:
            # 'FPS' at 38 and 40 from 30 and 22 px, 'FP8' at 79 from 40 px).
            readings = [_key(" ".join(v.text for v in read))]
            for height in (22.0, 40.0):
                again = layout.read_line_box(gray, box, height=height)
                readings.append(_key(" ".join(v.text for v in again)))
                # (a point label stays one: '64 req' at 38 is no name '64-req' at 77)
                if again and _reading_rank(again, line_glyphs) > _reading_rank(read, line_glyphs) \
                        and (_label_text(again) or not _label_text(read)):
                    read = again
                if _mean_conf(read) >= _SURE_NAME and _fits_glyphs(read, line_glyphs):
                    break
        # (with the words that began at a swatch beside the box and ran into it: '@MI300X', or
        # '7' at 44 for a diamond swatch on its stroke and 'TP='; a word read surely is text,
        # the blob in it a glyph: 'step' of an axis title)
        def ran_in(v) -> bool:
            if not (v.x0 < box[0] < v.x1 and box[1] <= v.cy <= box[3]):
                return False
            return any(glued_chars(v, b, text_h) for b in beside) or \
                (v.conf < 60 and any(overlaps_blob(v, b) for b in swatches))
        old = [v for v in out if inside_box(v, box) or ran_in(v)]
        old_key, new_key = (_key(" ".join(v.text for v in ws)) for ws in (old, read))
        holds = len(new_key) > len(old_key) and old_key in new_key
        # The same letters read at three sizes are no accident of resampling, however unsure
        # tesseract is of them ('BF16' at 45 three times against the page's 'BFI6' at 70);
        # a point label read so on the page stays one, and so does a page reading whose letters
        # match the glyphs where the steady one's do not (blurred JPEG 'FP8' at 80 against
        # ') FPS' at 72 three times).
        steady = len(readings) == 3 and len(set(readings)) == 1 and not _label_text(old) \
            and (_fits_glyphs(read, line_glyphs) or not _fits_glyphs(old, line_glyphs))
        if old and not holds and not steady and _mean_conf(read) < _mean_conf(old) - 5.0:
            read = old
        # (the page's reading of the same letters where the line's is too unsure to name an
        # entry: 'Qwen3-32B' at 71, at 18 read again)
        if old and old_key == _key(" ".join(v.text for v in read)) and _mean_conf(read) < _DOUBTFUL_NAME \
                <= _mean_conf(old):
            read = old
        read = _in_turn(read)
        checked = [_glyph_checked(v, ink, text_h) for v in read]
        if _label_text(read) and not _label_text(checked):
            checked = read  # a point label stays one: 'n=8' is no 'n=B'
        out = [v for v in out if not any(v is o for o in old) and not inside_box(v, box)] + checked
    return out


def _painted_out(gray: np.ndarray, rgb: np.ndarray, blobs, delta: float = 40.0) -> np.ndarray:
    """A copy of the text gray with each blob painted to the page: the pixels of its colour in
    its box and a rim around it of three tenths of its size (a blob's box is that of its opened
    mask, cut where it touched its text, a few pixels inside the shape's anti-aliased edge: a
    23 px Vega swatch had a box 18 px wide). Text of another colour stays, even inside the box
    (a swatch split in two blobs whose box reaches into the first letter)."""
    if not blobs:
        return gray
    gray = gray.copy()
    h, w = gray.shape
    for b in blobs:
        x0, y0, x1, y1 = b.box
        m = max(2, int(round(0.3 * max(x1 - x0, y1 - y0))))
        X0, Y0, X1, Y1 = max(0, x0 - m), max(0, y0 - m), min(w, x1 + m), min(h, y1 + m)
        gray[Y0:Y1, X0:X1][lab_distance(rgb[Y0:Y1, X0:X1], b.color) <= delta] = 255
    return gray


def _line_glyphs(ink: np.ndarray, box, text_h: float) -> list[np.ndarray]:
    """Glyphs at least half a text height tall in a line's box (letters that touch are one)."""
    return glyphs.glyph_masks(ink, (box[0] - 1, box[1] - 1, box[2] + 1, box[3] + 1), 0.5 * text_h)


def _fits_glyphs(words, masks: list[np.ndarray]) -> bool:
    """A reading whose tall characters map one to one onto the line's glyphs, once letters that
    touch are cut apart as checked_text does."""
    k = sum(not glyphs.small_char(c) for v in words for c in v.text)
    return len(glyphs.split_touching(masks, k)) == k


def _reading_rank(words, masks: list[np.ndarray]) -> tuple[bool, float]:
    """How good a reading of a line is: its letters matching the glyphs first, then its
    confidence."""
    return _fits_glyphs(words, masks), _mean_conf(words)


def _label_text(words) -> bool:
    return parse_point_label(" ".join(v.text for v in words)) is not None


def _in_turn(words: list[ocr.Word]) -> list[ocr.Word]:
    """The words of one line read alone, each box ending where the next word starts: tesseract
    may give a doubtful last letter a box inside the word before it ('A' of 'Engine A'), which
    would start a line of its own."""
    words = sorted(words, key=lambda v: v.x0)
    out = []
    for v, nxt in zip(words, words[1:] + [None]):
        if nxt is not None and nxt.x0 - 1 < v.x1 and nxt.x0 - 1 > v.x0:
            v = ocr.Word(v.text, v.conf, v.x0, v.y0, nxt.x0 - 1, v.y1)
        out.append(v)
    return out


def _glyph_checked(v: ocr.Word, ink: np.ndarray, text_h: float) -> ocr.Word:
    """The word with its '8', 'B', 'S' and 'I' checked against the shapes of its glyphs, and
    spaced where its glyphs are a space apart."""
    box = (v.x0 - 1, v.y0 - 1, v.x1 + 1, v.y1 + 1)
    text = glyphs.checked_name(v.text, glyphs.glyph_masks(ink, box, 0.5 * text_h), v.h)
    text = glyphs.spaced_text(text, glyphs.glyph_spans(ink, box, 0.5 * text_h), 0.3 * text_h)
    if text == v.text:
        return v
    return ocr.Word(text, v.conf, v.x0, v.y0, v.x1, v.y1)


def _reaching(box, words):
    """The box carried to the end of the words that start inside it: letters joined at their
    serifs make a stroke too long for a character, and the ink box stops before them ('no ch'
    of 'no chunking'); the page pass read past them."""
    x0, y0, x1, y1 = box
    for v in words:
        if x0 - 2 <= v.x0 < x1 and y0 <= v.cy <= y1 and v.x1 > x1:
            x1 = v.x1
    return x0, y0, x1, y1


def _same_colour_count(b, others, delta: float) -> int:
    others = [o for o in others if o is not b]
    if not others:
        return 0
    d = np.linalg.norm(to_lab([o.color for o in others]) - to_lab([b.color])[0], axis=1)
    return int((d <= delta).sum())


def _glyph_of(b, v: ocr.Word, text_h: float) -> bool:
    """Blob `b` lies in word `v`, which reaches a letter or more past it: one of its glyphs."""
    inside = v.x0 - 1 <= b.box[0] and b.box[2] <= v.x1 + 1 and v.y0 - 1 <= b.box[1] and b.box[3] <= v.y1 + 1
    # (a coloured blob the word starts with may be a swatch OCR glued to its name: '@MI300X';
    # or, where OCR was unsure, read with it as fewer letters than the name has: 'mum' at 36
    # for '■ vLLM', outside set-B out036)
    glued = chromatic(b.color) and (glued_chars(v, b, text_h) or (v.conf < 40 and b.box[0] - v.x0 <= 1))
    return inside and (v.w - (b.box[2] - b.box[0])) >= text_h and sum(c.isalnum() for c in v.text) >= 2 \
        and not glued


def _mean_conf(words) -> float:
    """Confidence of a reading: its words' confidences weighted by their letters and digits."""
    n = [max(1, sum(c.isalnum() for c in v.text)) for v in words]
    return float(np.average([v.conf for v in words], weights=n)) if words else 0.0


def _connectors(words, cands, text_h: float) -> list[ocr.Word]:
    """A '+' or '&' read surely between two words of one row ('Dropout + Masking'): part of a
    name, though it holds no letter; left out, the gap it leaves splits the name."""
    out = []
    for v in words:
        if v.text.strip() not in ("+", "&") or v.conf < 80:
            continue
        row = [o for o in cands if abs(o.cy - v.cy) <= 0.4 * max(text_h, o.h)]
        if any(0 <= v.x0 - o.x1 <= 1.2 * text_h for o in row) and any(0 <= o.x0 - v.x1 <= 1.2 * text_h for o in row):
            out.append(v)
    return out


# OCR confidence of a legend name taken on its own, and of one taken beside a sure entry.
_SURE_NAME, _DOUBTFUL_NAME = 60.0, 30.0


def legend_entries(words, tick_words, blobs, box, text_h, params, data_blobs=None,
            marks_read=frozenset(), no_point_labels: bool = False) -> list[LegendEntry]:
    """Legend entries from the text lines of every non-tick word (a low-confidence letter still
    ends a name: 'Engine A'). A line starting or ending with a bare number, or a word seen next to
    a number elsewhere ('req' of '64 req'), is a point label; a line that reads like a label as a
    whole ('TP=8') is an entry only when its swatch lines up with another entry's.
    `no_point_labels`: the chart has none (a bar chart's swatches are of its bars' colours), and
    a 'TP=8' beside a swatch names it however many names share its key."""
    x0, y0, x1, y1 = box
    # (A 'word' a pixel or two high is a stroke OCR read as a glyph: '4' for a swatch's line;
    # one many lines high is junk read over the bars ('ty' 187 px high, bar seed-41 bar005),
    # which joined the line of the name level with its middle and hid its swatch.)
    cands = [v for v in words
             if id(v) not in tick_words and (text_words.is_text(v) or any(c.isalnum() for c in v.text))
             and 0.3 * text_h <= v.y1 - v.y0 <= 4.0 * text_h]
    cands += _connectors(words, cands, text_h)
    lines = [ln for ln in text_lines(cands, text_h)
             if any(c.isalpha() for v in ln for c in v.text)
             and any(text_words.is_text(v) and id(v) not in marks_read for v in ln)]

    def bare(v):
        return _BARE_NUMBER.match(v.text.strip()) is not None
    def swatch_number(v):
        # a swatch OCR read as a digit at little confidence ('4' for -■-) is no label's number
        return not text_words.is_text(v) and any(overlaps_blob(v, b) for b in blobs)
    def spaced(a, b):
        # a unit stands a space from its number; a name a swatch's gap from the swatch OCR
        # read as a digit ('4' for an orange triangle, then 'TRT-LLM-like')
        return b.x0 - a.x1 <= 0.6 * text_h
    # (A unit has no digit: '3' and '8B' of the name 'Llama 3 8B' are a version and a size.)
    units = {_key(ln[j].text) for ln in lines for i in range(len(ln)) for j in (i - 1, i + 1)
             if 0 <= j < len(ln) and bare(ln[i]) and not bare(ln[j]) and not swatch_number(ln[i])
             and not any(c.isdigit() for c in ln[j].text)
             and spaced(*sorted((ln[i], ln[j]), key=lambda v: v.x0))}
    # ... and the units of labels read as one word ('64 req').
    units |= {_key(v.text.split()[-1]) for v in words if " " in v.text.strip()
              and parse_point_label(v.text) is not None
              and not _BARE_NUMBER.match(v.text.split()[-1])}

    # The keys of 'bs=2048'-like texts: a key that three texts or more share names the point
    # labels ('bs'), while a legend name so written ('TP=8') is on the chart once.
    keys = Counter(m.group(1).lower() for v in words if (m := _KEYED.match(v.text.strip())))

    def shared_key(ws):
        m = _KEYED.match(ws[0].text.strip())
        return m is not None and keys[m.group(1).lower()] >= 3

    # Lines read as words then a number ('batch 64'): point labels so written share their
    # words, a name so written ('Gaudi 3') stands alone.
    prefixes = Counter(_key(" ".join(v.text for v in ln[:-1])) for ln in lines
                       if len(ln) >= 2 and bare(ln[-1]) and not bare(ln[0]))

    def is_label(ws):
        # A line ending in such a unit after a digit is a label misread ('S574 req' of '8 req 4 req').
        # So is one whose number was read as a letter ('t req' of '2 req').
        # (Read by the text's parts: OCR reads a label as one word with its space, 'l req'.)
        parts = " ".join(v.text for v in ws).split()
        unit_end = len(parts) > 1 and _key(parts[-1]) in units and (
            any(c.isdigit() for t in parts[:-1] for c in t) or all(len(_key(t)) <= 1 for t in parts[:-1]))
        # 'bs=': a 'key=value' label cut short; and 'bs=163!' when other labels share its key
        # (names so written, 'TP=8', 'TP=16', are entries: see plain and labelish).
        text = " ".join(v.text for v in ws)
        keyed = text.rstrip().endswith("=") or (shared_key(ws) and parse_point_label(text) is None)
        # ('bs:' too, its '=' read as a colon, where labels share the key)
        cut = re.fullmatch(r"([A-Za-z_]+)\s*[:;]", text.strip())
        keyed = keyed or (cut is not None and keys[cut.group(1).lower()] >= 3)
        if no_point_labels:
            # Beside a bar chart's swatches a name may end with a number ('ISL 1k', 'batch
            # 32'); a printed value starts with its number ('25.8k', '1.3M tok/s').
            return bare(ws[0]) or keyed
        # (Not after a word ending in a digit: 'batch_size=1 28' is one number read apart.)
        # (Nor after junk read unsurely: 'ee 32' is a label's glyphs.)
        named = len(ws) >= 2 and prefixes[_key(" ".join(v.text for v in ws[:-1]))] == 1 \
            and not ws[-2].text[-1:].isdigit() \
            and all(v.conf >= 70 for v in ws[:-1]) and sum(c.isalpha() for v in ws[:-1] for c in v.text) >= 2
        return (bare(ws[0]) or (bare(ws[-1]) and not named) or unit_end or keyed
                or parse_point_label(text) is not None)

    def plain(ws):
        return not is_label(ws) and _key(" ".join(v.text for v in ws)) not in units

    def labelish(ws):
        return (not shared_key(ws) and not bare(ws[0]) and is_label(ws)
                and _key(" ".join(v.text for v in ws)) not in units)

    if data_blobs is None:
        data_blobs = [b for b in blobs if x0 <= b.cx < x1 and y0 <= b.cy < y1]
    used: set = set()
    weak = lambda v: not text_words.is_text(v) or id(v) in marks_read  # noqa: E731
    label_keys = {k for k, n in keys.items() if n >= 3}
    # point labels that are bare numbers or numbers with a unit, three at least ('4,096',
    # '8,192', ... or '64 req', '128 req', ...)
    numbered = sum(bare(v) or _UNIT_LABEL.fullmatch(v.text.strip()) is not None for v in cands) >= 3
    # Lines with no markers carry no point labels: a lone 'TP=8' beside a stroke names one.
    # (As in telling a line chart: two blobs are where lines cross. Only the plot's texts count:
    # the margins hold misread ticks and titles.)
    unlabelled = sum(b.shape != "line" for b in data_blobs) < 3 and sum(
        parse_point_label(v.text) is not None and x0 <= v.cx < x1 and y0 <= v.cy < y1 for v in cands) <= 1

    def other_key(ws):
        # 'TP=8' on a chart whose point labels all read 'n=...' (or are numbers, '4,096', '64 req'):
        # a name, though a lone one lines up with no other entry. (A label's key misread,
        # 'ibs=' or 'hs=' for 'bs=', keeps a letter of it.)
        m = _KEYED.match(ws[0].text.strip())
        if m is not None and no_point_labels:
            return True
        return m is not None and keys[m.group(1).lower()] == 1 and (bool(label_keys) or numbered or unlabelled) \
            and not any(set(m.group(1).lower()) & set(k) for k in label_keys)

    def doubtful(ws):
        # A name OCR reads doubtfully ('vLLM-like' at 48: tesseract doubts hyphenated words it
        # does not know). A point label starts with its number ('64-req' at 40), a name hardly ever.
        return plain(ws) and main_conf(ws, weak) < _SURE_NAME and not ws[0].text[:1].isdigit()

    legend = find_legend(lines, blobs, text_h, data_blobs, params.series_color_delta, used, weak,
                         lambda ws: plain(ws) or other_key(ws), words)
    if not legend and not no_point_labels:
        # With no sure entry, unsure ones (a name read doubtfully, one written like a label)
        # that line up with each other, of different colours, are a legend's column: 'SGLang-
        # like' read at 42 over 'TP=8' (seed-54 syn045).
        unsure = find_legend(lines, blobs, text_h, data_blobs, params.series_color_delta, set(used), weak,
                             lambda ws: labelish(ws) or doubtful(ws), words, min_conf=_DOUBTFUL_NAME)
        column = [c for c in unsure if aligned_with([e for e in unsure if e is not c], [c], text_h)]
        if len(column) >= 2 and len({tuple(e.blob.color) for e in column}) == len(column):
            legend = column
            used |= {k for k, b in enumerate(blobs) if any(b is e.blob for e in legend)}
    stray = stray_entries(legend)
    if stray:
        gone = {id(e.blob) for e in stray}
        legend = [e for e in legend if id(e.blob) not in gone]
        used -= {k for k, b in enumerate(blobs) if id(b) in gone}
    if legend:
        # A doubtful name is an entry only where its swatch lines up with a sure entry's.
        # (Read apart from the label-like ones: each pass takes its swatches on one side.)
        extra = find_legend(lines, blobs, text_h, data_blobs, params.series_color_delta, set(used), weak,
                            labelish, words)
        legend += aligned_with(legend, extra, text_h)
        used |= {k for k, b in enumerate(blobs) if any(b is e.blob for e in legend)}
        extra = find_legend(lines, blobs, text_h, data_blobs, params.series_color_delta, set(used), weak,
                            doubtful, words, min_conf=_DOUBTFUL_NAME)
        legend += aligned_with(legend, extra, text_h)
    return legend


def split_by_swatches(groups, legend):
    """A colour group holding several legend swatches is several series of near colours:
    each member goes to the swatch nearest in colour (and shape)."""
    out = []
    for g in groups:
        ids = {id(b) for b in g}
        sw = [e.blob for e in legend if id(e.blob) in ids]
        if len(sw) < 2:
            out.append(g)
            continue
        lab_sw = to_lab([b.color for b in sw])
        parts = [[s] for s in sw]
        sw_ids = {id(s) for s in sw}
        for b in g:
            if id(b) in sw_ids:
                continue
            lab = to_lab([b.color])[0]
            cost = [np.linalg.norm(lab_sw[k] - lab) + (0.0 if _fam(b.shape) == _fam(s.shape) else 8.0)
                    for k, s in enumerate(sw)]
            parts[int(np.argmin(cost))].append(b)
        out.extend(parts)
    out.sort(key=len, reverse=True)
    return out


def _fam(shape: str) -> str:
    return "triangle" if shape.startswith("triangle") else shape
