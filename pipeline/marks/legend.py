"""Legend entries: a line of text with a series' marker (or line swatch) beside it."""
from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from ..ocr import Word
from ..textlines import text_line_boxes
from .markers import Blob
from .series import to_lab


@dataclass
class LegendEntry:
    text: str
    words: list[Word]
    blob: Blob | None
    box: tuple[int, int, int, int]


def text_lines(words: list[Word], text_h: float) -> list[list[Word]]:
    """Words joined into lines: same row, gaps under about one character height (half as much
    again after a '.', ',' or ':', whose point inks little of its cell: 'spec. decode' and
    'TP=4, DP=2' in a monospaced font)."""
    lines: list[list[Word]] = []
    for w in sorted(words, key=lambda w: w.x0):
        for line in lines:
            last = line[-1]
            gap = (1.8 if last.text.endswith((".", ",", ":")) else 1.2) * text_h
            if abs(last.cy - w.cy) <= 0.4 * max(text_h, last.h) and 0 <= w.x0 - last.x1 <= gap:
                line.append(w)
                break
        else:
            lines.append([w])
    return lines


def overlaps_blob(w: Word, b: Blob) -> bool:
    """Word `w`'s box and blob `b`'s box overlap."""
    return min(w.x1, b.box[2]) - max(w.x0, b.box[0]) > 0 and min(w.y1, b.box[3]) - max(w.y0, b.box[1]) > 0


def _swatch_word(line: list[Word], i: int, b: Blob, weak) -> bool:
    """The line's first words (i = 0) or last ones (i = -1) are blob b read by OCR as letters:
    b lies in them and in no other word, and each is weak, a letter at most, or mostly covered
    by b. A line swatch with its marker may be read as two such words ('-H@' 'He' for -■-)."""
    seq = line if i == 0 else line[::-1]
    n = 0
    while n < len(seq) and overlaps_blob(seq[n], b):
        n += 1
    return 0 < n < len(seq) and not any(overlaps_blob(o, b) for o in seq[n:]) \
        and all(weak(w) or _alnum(w) <= 1 or _covered(w, b) >= 0.6 or _stroke_through(w, b) for w in seq[:n])


def _swatch_read(w: Word, b: Blob, blobs, weak, swatchlike: set) -> bool:
    """Word `w` lies over a blob other than `b` coloured like the plot's markers (ids in
    `swatchlike`), unsure, or one letter over a coloured one: that swatch read. (A letter
    found as a blob stays one where it has the text's colour: the 'A' of 'Engine A' at 56,
    seed-54 syn004; or is read surely and grey: the 'B' of 'Engine B'.)"""
    return any(o is not b and id(o) in swatchlike and overlaps_blob(w, o)
               and (weak(w) or (_alnum(w) <= 1 and chromatic(o.color))) for o in blobs)


def _stroke_through(w: Word, b: Blob) -> bool:
    """A word centred on blob `b` and at most three of its widths wide: a line swatch's stroke
    run through its marker, read as letters ('he' for -▲-, seed-55 syn106); a name's letters
    do not centre themselves on a marker."""
    bw = b.box[2] - b.box[0]
    return w.w <= 3.0 * bw and abs((w.x0 + w.x1) / 2.0 - b.cx) <= 0.15 * w.w


def _covered(w: Word, b: Blob) -> float:
    """Share of a word's box that blob `b` covers: near all of it when OCR read the blob
    itself as a word ('PD' for a diamond swatch)."""
    ix = min(w.x1, b.box[2]) - max(w.x0, b.box[0])
    iy = min(w.y1, b.box[3]) - max(w.y0, b.box[1])
    return max(0, ix) * max(0, iy) / max(1, w.w * w.h)


def glued_chars(w: Word, b: Blob, text_h: float) -> int:
    """How many leading characters of word `w` are blob `b` read as letters, when the word
    starts at the blob and runs on a letter or more past it: a swatch set a few pixels from its
    name is read with it as one word ('@MI300X', 'Ano' for '▲ no'). 0 when the blob is not at
    the word's start (a glyph inside a name) or the word is no more than the blob."""
    n = len(w.text)
    # (a swatch is a marker's size: no wider than a letter or two; and a word of letters wider
    # than the text is tall is no reading of letters: a legend's line read as 'es'. The word
    # may start on the line stub left of the marker, '7 no' for '-▲- no chunking': it must
    # then run on past the stub right of it, as long, and a letter more: '“he' is all stroke.)
    # (Its width counted past the blob: the swatch and the gap after it are wider than the
    # letters OCR read them as, '◆ FP8' read 'FPs' at 47, 53 px for 11 px text, seed-58 syn064.)
    stub = max(0.0, b.box[0] - w.x0)
    if n < 2 or b.box[2] - b.box[0] > 2.0 * text_h or w.x1 - max(w.x0, b.box[2]) > 1.2 * text_h * n \
            or not overlaps_blob(w, b) \
            or not b.box[0] - 0.8 * text_h <= w.x0 <= (b.box[0] + b.box[2]) / 2 \
            or w.x1 < b.box[2] + stub + text_h:
        return 0
    k = int(round((b.box[2] - w.x0) / (w.w / n)))
    return min(max(k, 1), n - 1)


def chromatic(color, min_chroma: float = 12.0) -> bool:
    """A colour, not a grey: text is drawn grey, a series (nearly always) in a colour."""
    lab = to_lab([color])[0]
    return float(np.hypot(lab[1], lab[2])) >= min_chroma


def unglued(w: Word, b: Blob, k: int) -> Word:
    """Word `w` without its first `k` characters, the swatch `b` OCR read as letters."""
    return Word(w.text[k:].lstrip(), w.conf, max(w.x0, b.box[2] + 1), w.y0, w.x1, w.y1)


_RIM = ".,:;'‘’`|_~-–—"


def _alnum(w: Word) -> int:
    return sum(c.isalnum() for c in w.text)


def _blocked(words, line, a, b, cy, h) -> bool:
    """Some other word ('64' of '64 req') sits between a candidate swatch and the text."""
    ids = {id(w) for w in line}
    return any(id(w) not in ids and abs(w.cy - cy) <= 0.45 * h and a < w.cx < b and _alnum(w)
               for w in words)


def main_conf(line: list[Word], weak=lambda w: False) -> float:
    """OCR's confidence in a line's longest sure word (its longest word when none is sure)."""
    strong = [w for w in line if not weak(w)] or line
    return max(strong, key=lambda w: len(w.text)).conf


def find_legend(lines: list[list[Word]], blobs: list[Blob], text_h: float, data_blobs=(),
                color_delta: float = 22.0, used: set | None = None, weak=lambda w: False,
                accept=lambda words: True, all_words=(), min_conf: float = 60.0) -> list[LegendEntry]:
    """Entries whose swatch marker sits level with the text, just before (or after) it.

    `weak` words (low OCR confidence) may complete a name but do not make one; `accept` judges
    the entry text; `all_words` are every word on the page (a word between swatch and text
    means the blob is not this line's swatch); `min_conf`: the confidence the line's longest
    sure word needs. Swatches coloured like some data marker come first; then the closest
    (line, swatch) pairs; all entries take their swatch on one side."""
    used = set() if used is None else used
    data_blobs = list(data_blobs)
    data_lab = to_lab([b.color for b in data_blobs]) if data_blobs else None
    pairs = []

    def serieslike(b):
        # in a colour, not the grey of text, and coloured like some data marker other than
        # itself (a title's glyphs found as blobs are like each other)
        if data_lab is None:
            return False
        near = np.linalg.norm(data_lab - to_lab([b.color])[0], axis=1) <= color_delta
        return chromatic(b.color) and any(k and o is not b for k, o in zip(near, data_blobs))
    cut_by = [b for b in blobs if chromatic(b.color)]   # (swatch-like, with no marker to compare)
    if data_lab is not None:
        # Only a swatch cuts a row: a blob coloured like two markers of the plot or more (a
        # glyph OCR dropped, 'En ine A' around the 'g', is the text's colour).
        data_ids = {id(d) for d in data_blobs}
        blob_lab = to_lab([b.color for b in blobs]) if blobs else np.zeros((0, 3))
        near = [int(np.count_nonzero(np.linalg.norm(data_lab - lb, axis=1) <= color_delta)) for lb in blob_lab]
        # (a blob that is itself a data blob is near itself: it needs one more)
        cut_by = [b for b, k in zip(blobs, near) if k - (id(b) in data_ids) >= 2]
        lines = split_at_blobs(lines, cut_by, text_h, weak)
    swatchlike = {id(b) for b in cut_by}
    for li, line in enumerate(lines):
        letters = sum(c.isalpha() for w in line for c in w.text)
        # 'B200', 'H100', 'v0.9' are names: one letter is enough, with a confident main word
        if letters < 1 or sum(_alnum(w) for w in line) < 2 or main_conf(line, weak) < min_conf:
            continue
        x0 = min(w.x0 for w in line)
        x1 = max(w.x1 for w in line)
        cy = float(np.median([w.cy for w in line]))
        h = max(text_h, float(np.median([w.h for w in line])))
        for k, b in enumerate(blobs):
            if k in used or abs(b.cy - cy) > 0.45 * h:
                continue
            glyph = glued = touching = 0
            if any(overlaps_blob(w, b) for w in line):
                # The swatch itself, read by OCR as the line's first "word" ('A', '-e-', 'PD'
                # filling the swatch's box), or as its last one where swatches follow the text
                # (gnuplot: 'TP=8 -a-'); a blob inside any other word is a letter of the name.
                # (only a blob in a series' colour: a glyph in the text's colour is a letter)
                series = serieslike(b)
                glued = glued_chars(line[0], b, text_h) if series else 0
                if glued and (not _alnum(unglued(line[0], b, glued))
                              or any(overlaps_blob(w, b) for w in line[1:])):
                    glued = 0
                if glued:
                    # the swatch read as the first letters of the name's first word
                    d, side = 0, 0
                elif series and line[0].x0 > b.cx and _alnum(line[0]) >= 2 \
                        and not any(overlaps_blob(w, b) for w in line[1:]):
                    # a blurred swatch's box reaching into the first letter of its name, which
                    # starts past the swatch's centre: the word is the name, whole (not a
                    # letter alone: the end of the swatch's stroke read 'r')
                    d, side, touching = 0, 0, 1
                elif _swatch_word(line, 0, b, weak):
                    d, side = 0, 0
                elif _swatch_word(line, -1, b, weak):
                    d, side = 0, 1
                else:
                    continue
                # read surely, in the text's colour: a letter more likely than a swatch
                if not glued:
                    glyph = int(any(overlaps_blob(w, b) and not weak(w) and w.conf >= 60 for w in line))
            elif x0 - 4.0 * h <= b.cx < x0:
                d, side = x0 - b.box[2], 0
            elif x1 < b.cx <= x1 + 4.0 * h:
                d, side = b.box[0] - x1, 1
            else:
                continue
            if d < -1:
                continue
            if (side == 0 and d > 0 and _blocked(all_words, line, b.box[2], x0, cy, h)) or \
                    (side == 1 and _blocked(all_words, line, x1, b.box[0], cy, h)):
                continue
            words = line
            if glued:
                words = [unglued(line[0], b, glued)] + line[1:]
            elif touching:
                pass
            elif b.cx < x0 or overlaps_blob(line[0], b):
                # the text starts after the swatch: drop what OCR read of the swatch and its line
                while len(words) > 1 and (overlaps_blob(words[0], b) or words[0].x1 <= b.box[2]):
                    words = words[1:]
            elif side == 1:
                # the text ends before the swatch: likewise
                while len(words) > 1 and (overlaps_blob(words[-1], b) or words[-1].x0 >= b.box[0]):
                    words = words[:-1]
            while len(words) > 1 and weak(words[-1]) and not _alnum(words[-1]):
                words = words[:-1]
            # an unsure word or a lone letter over another swatch is that swatch read as text
            # (gnuplot's key 'NVFP4 -▲-  FP8 -◆-': '-ir_ FP8', outside set-B out024; a square
            # read 'L' after 'FP8', out014)
            while len(words) > 1 and _swatch_read(words[0], b, blobs, weak, swatchlike):
                words = words[1:]
            while len(words) > 1 and _swatch_read(words[-1], b, blobs, weak, swatchlike):
                words = words[:-1]
            # no name (nor label) starts with a stop, a quote or a dash: the rim of a swatch or
            # marker, or the end of its stroke, read as one ('.chunked', '‘bs=2048', '-FP8' of
            # plotly's '-●- FP8', outside set-B out027)
            if (bare := words[0].text.lstrip(_RIM)) and bare != words[0].text:
                words = [Word(bare, words[0].conf, words[0].x0, words[0].y0, words[0].x1, words[0].y1)] + words[1:]
            if not accept(words):
                continue
            match = 0
            if data_lab is not None:
                dist = np.linalg.norm(data_lab - to_lab([b.color])[0], axis=1)
                others = [i for i, o in enumerate(data_blobs) if o is not b]
                match = 0 if others and dist[others].min() <= color_delta else 1
            pairs.append(((match, d, side, glyph), li, k, words))
    pairs.sort(key=lambda p: p[0])

    def assign(side):
        done, taken, out = set(), set(used), []
        for key, li, k, words in pairs:
            if li in done or k in taken or key[2] != side:
                continue
            done.add(li)
            taken.add(k)
            out.append((key, k, words))
        return out

    # One legend puts all its swatches on the same side of the text: take the side that explains
    # more entries (colour-matched first), then the one with its swatches closer to the text (a
    # swatch OCR read as the line's last word is at no distance, unless read surely as a letter in
    # the text's colour: the 'B' of 'Engine B' found as a blob), the left one on a tie. A swatch
    # between two entries of a row then goes to the right one of them.
    left, right = assign(0), assign(1)
    score = lambda a: (sum(key[0] == 0 for key, _, _ in a), len(a), -sum(key[3] for key, _, _ in a),
                       -sum(key[1] for key, _, _ in a))
    entries = []
    for key, k, words in (right if score(right) > score(left) else left):
        used.add(k)
        entries.append(LegendEntry(joined_text(words), words, blobs[k],
                                   (min(w.x0 for w in words), min(w.y0 for w in words),
                                    max(w.x1 for w in words), max(w.y1 for w in words))))
    return entries


def split_at_blobs(lines: list[list[Word]], blobs: list[Blob], text_h: float,
                   weak=lambda w: False) -> list[list[Word]]:
    """Lines cut where a blob level with them sits between two of their words, or is itself
    read as a `weak` word of a letter or two ('spec. decode 4) no chunking' for '▲ spec. decode
    ▲ no chunking'; a sure 'B' found as a blob is a letter): entries set in one row close
    together (Vega's legends) are read by OCR as one line, and each swatch starts (or ends) a
    name of its own."""
    out = []
    for line in lines:
        cy = float(np.median([w.cy for w in line]))
        h = max(text_h, float(np.median([w.h for w in line])))
        level = [b for b in blobs if abs(b.cy - cy) <= 0.45 * h]
        start = 0
        for i in range(1, len(line)):
            v = line[i]
            on = [b for b in level if overlaps_blob(v, b)]
            # (a letter read surely over a coloured blob, most of its box, with a name after it
            # is a swatch read again as 'a': 'no chunking ▲ Engine B'; one ending the row is the
            # name's: 'Engine B'; a swatch glued to a name only in a colour: a grey blob at a
            # word's start is its first letter)
            if any(line[i - 1].x1 - 1 <= b.cx <= v.x0 + 1 for b in level) or \
                    any(weak(v) and (_alnum(v) <= 2 or _covered(v, b) >= 0.4) for b in on) or \
                    (i < len(line) - 1 and _alnum(v) <= 1 and any(_covered(v, b) >= 0.6 and chromatic(b.color)
                                                                   for b in on)) or \
                    any(glued_chars(v, b, text_h) and chromatic(b.color) for b in on):
                out.append(line[start:i])
                start = i
        out.append(line[start:])
    return out


def joined_text(words: list[Word]) -> str:
    """A line's words joined by spaces, but for one after a hyphen ending a word: OCR splits
    'SGLang-like' at its hyphen when the letters after it stand a little apart."""
    return capital_i(numbers_in_name(re.sub(r"(?<=\w)- (?=\w)", "-", " ".join(w.text for w in words))))


def numbers_in_name(text: str) -> str:
    """A name's numbers with their marks as printed: a comma between digits with one or two
    after it is the decimal point of a version or size that OCR read as a comma in small text
    ('Qwen2,5 72B'; a thousands comma has three digits after it and stays), and an '@' before
    a point or a digit, or after a version's 'v', is a '0' ('v@.10', seed-56 syn096)."""
    text = re.sub(r"(?<=\d),(?=\d{1,2}(?!\d))", ".", text)
    return re.sub(r"@(?=[.,]?\d)|(?<=\bv)@", "0", text)


def capital_i(text: str) -> str:
    """'l' read in a word of capitals ('TGl', 'MlG'): a sans-serif capital I, which OCR takes for
    a small L as often as not; a word in capitals otherwise holds no small letter. Beside a
    digit it may as well be a one ('BFl6' for 'BF16', 'Ml300X' for 'MI300X'): left as read.
    So is a '!' ending a word of capitals ('TG!'): no name is exclaimed. A small 'i' between a
    capital and a digit is a one ('BFi6'): an I would be read a capital there; ending a word of
    capitals, it is an I ('TGi')."""
    text = re.sub(r"(?<![\w!])([A-Z]{2,})!(?!\S)", r"\1I", text)
    text = re.sub(r"(?<=\b[A-Z]{2})i\b", "I", text)
    text = re.sub(r"(?<=\b[A-Z]{2})i(?=\d)", "1", text)

    def fix(m: re.Match) -> str:
        w = m.group(0)
        if sum(c.isupper() for c in w) < 2:
            return w
        return re.sub(r"(?<![0-9])l(?![0-9])", "I", w)
    return re.sub(r"\b[A-Z0-9l]*l[A-Z0-9l]*\b", fix, text)


def aligned_with(entries: list[LegendEntry], cand: list[LegendEntry], text_h: float) -> list[LegendEntry]:
    """Candidates whose swatch lines up with an accepted entry's swatch, like legend entries do:
    the next one in the same column (swatches or texts left-aligned) or row (before or after
    it), with a swatch of the same size."""
    out = []
    for c in cand:
        for e in entries:
            dx, dy = _swatch_offsets(c, e)
            # by box, not area: a triangle swatch fills half the box a square one does
            same_size = 0.7 <= c.blob.size / max(1.0, e.blob.size) <= 1.4
            same_col = (dx <= 2.0 or abs(c.box[0] - e.box[0]) <= 2) and dy <= 3.5 * text_h
            c0, c1 = min(c.box[0], c.blob.box[0]), max(c.box[2], c.blob.box[2])
            e0, e1 = min(e.box[0], e.blob.box[0]), max(e.box[2], e.blob.box[2])
            # (or texts level, where a swatch was found only in part: a square swatch's top
            # rows lost moved its centre 3.5 px down, seed-58 syn013)
            text_dy = abs(c.box[1] + c.box[3] - e.box[1] - e.box[3]) / 2
            level = dy <= 2.0 or (text_dy <= 2.0 and dy <= 0.5 * text_h)
            same_row = level and max(c0 - e1, e0 - c1) <= 12 * text_h
            # swatches centred in one column and texts starting together: one legend's column,
            # whatever the swatch sizes (a diamond's box is larger than a square's, and a small
            # marker may be found only in part)
            column = dx <= 2.0 and abs(c.box[0] - e.box[0]) <= 2 and dy <= 3.5 * text_h
            if (same_size and (same_col or same_row)) or column:
                out.append(c)
                break
    return out


def _swatch_offsets(a: LegendEntry, b: LegendEntry) -> tuple[float, float]:
    """Horizontal and vertical distance between two entries' swatch box centres (box centres:
    a triangle's centroid sits low in its box)."""
    dx = abs(a.blob.box[0] + a.blob.box[2] - b.blob.box[0] - b.blob.box[2]) / 2
    dy = abs(a.blob.box[1] + a.blob.box[3] - b.blob.box[1] - b.blob.box[3]) / 2
    return dx, dy


def _in_line(a: LegendEntry, b: LegendEntry) -> bool:
    """Two entries of one legend: swatches in one column (centres or texts left-aligned) or
    on one row. Unlike `aligned_with`, at any distance and of any size (a diamond's box is
    larger than a square's)."""
    dx, dy = _swatch_offsets(a, b)
    return dx <= 2.0 or abs(a.box[0] - b.box[0]) <= 2 or dy <= 2.0


def stray_entries(entries: list[LegendEntry]) -> list[LegendEntry]:
    """Entries in line with none of the others where at least two others are in line with each
    other: the others are the legend, and a stray one is a point label beside its marker (a
    '4096' in the series colour read 'A096')."""
    if len(entries) < 3:
        return []
    lined = [e for e in entries if any(o is not e and _in_line(e, o) for o in entries)]
    return [e for e in entries if len(lined) >= 2 and not any(e is o for o in lined)]


def swatch_text_boxes(ink: np.ndarray, blobs: list[Blob], text_h: float, max_gap: float = 3.0,
                      reach: float = 40.0, first=frozenset()) -> list[tuple[int, int, int, int]]:
    """Ink boxes of the text lines level with a blob, just right (or left) of it: where a
    legend entry's name is when the blob is its swatch. The page OCR reads a legend poorly (a
    lone 'B' dropped, a name cut where the plot's search box ends, a name never read at all);
    these boxes are read again one line at a time. A box inside another one is dropped. The
    boxes beside blobs whose ids are in `first` come first (the caller reads only so many)."""
    h, w = ink.shape
    ink = without_marks(ink, blobs)
    found, early = [], set()
    for b in blobs:
        if b.box[3] - b.box[1] > 2.5 * text_h:
            continue  # no swatch is that tall
        y0, y1 = max(0, int(b.cy - 1.5 * text_h)), min(h, int(np.ceil(b.cy + 1.5 * text_h)))
        for side in (0, 1):
            if side == 0:
                region = (b.box[2] + 1, y0, min(w, int(b.box[2] + reach * text_h)), y1)
            else:
                region = (max(0, int(b.box[0] - reach * text_h)), y0, b.box[0] - 1, y1)
            if region[2] - region[0] < text_h:
                continue
            level = [bx for bx in text_line_boxes(ink, text_h, region, equals=True, joined=True)
                     if abs((bx[1] + bx[3]) / 2 - b.cy) <= 0.5 * text_h]
            near = [bx for bx in level
                    if (bx[0] - b.box[2] if side == 0 else b.box[0] - bx[2]) <= max_gap * text_h]
            if near:
                start = min(near, key=lambda bx: bx[0]) if side == 0 else max(near, key=lambda bx: bx[2])
                box = _chained(start, level, side, 2.0 * text_h, [o.box for o in blobs if o is not b])
                found.append(box)
                if id(b) in first:
                    early.add(box)
    return sorted(_outer_boxes(found), key=lambda bx: bx not in early)


def without_marks(ink: np.ndarray, blobs) -> np.ndarray:
    """`ink` without the line swatches: strokes through a blob's box that run on past it on
    both sides by a quarter of its width, no taller than it. A swatch is no letter, but a line
    with its marker, one stroke narrower than three letters, passes for one and joins the name
    beside it ('> wo' read for 'v0.9' with the diamond of its swatch). (Letters found as a
    blob, a filled 'd' or the 'D' of 'DP' touching its 'P', stay; so does a legend's frame.)"""
    if not blobs:
        return ink
    import cv2
    _, lab, stats, _ = cv2.connectedComponentsWithStats(ink.astype(np.uint8), connectivity=8)
    gone = set()
    for b in blobs:
        for k in np.unique(lab[b.box[1]:b.box[3], b.box[0]:b.box[2]]):
            x, _, cw, ch = (int(v) for v in stats[k][:4]) if k else (0, 0, 0, 0)
            bw = b.box[2] - b.box[0]
            if k and x < b.box[0] - bw / 4 and x + cw > b.box[2] + bw / 4 and ch <= b.box[3] - b.box[1] + 2:
                gone.add(int(k))
    return ink & ~np.isin(lab, sorted(gone)) if gone else ink


def _chained(first, boxes, side: int, gap: float, stops=()):
    """`first` joined with the level boxes that follow it (rightwards for side 0, leftwards
    for side 1) less than `gap` apart with no `stops` box (another swatch) between: small text
    falls apart into pieces at its spaces ('TP=4,' 'DP=2'; a period is too small to count as
    text and widens the gap: 'spec. decode'), while the next entry's text lies past its swatch."""
    x0, y0, x1, y1 = first

    def stopped(a, b):
        return any(a <= (s[0] + s[2]) / 2 <= b and s[1] < y1 and s[3] > y0 for s in stops)
    for bx in sorted(boxes, key=lambda bx: bx[0], reverse=side == 1):
        if side == 0 and 0 <= bx[0] - x1 <= gap and not stopped(x1, bx[0]) or \
                side == 1 and 0 <= x0 - bx[2] <= gap and not stopped(bx[2], x0):
            x0, y0, x1, y1 = min(x0, bx[0]), min(y0, bx[1]), max(x1, bx[2]), max(y1, bx[3])
    return x0, y0, x1, y1


def _outer_boxes(boxes) -> list[tuple[int, int, int, int]]:
    """Distinct boxes, widest first, without those lying mostly inside a kept one."""
    out = []
    for bx in sorted(set(boxes), key=lambda bx: bx[2] - bx[0], reverse=True):
        area = max(1, (bx[2] - bx[0]) * (bx[3] - bx[1]))
        if not any(max(0, min(bx[2], o[2]) - max(bx[0], o[0])) * max(0, min(bx[3], o[3]) - max(bx[1], o[1]))
                   > 0.6 * area for o in out):
            out.append(bx)
    return out
