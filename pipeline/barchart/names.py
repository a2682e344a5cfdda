"""Legend names of a bar chart: text beside the swatches, re-read when the page pass garbled it."""
from __future__ import annotations

import re

import cv2
import numpy as np

from .. import glyphs, imageops, layout, ocr
from ..marks.bars import Bar
from ..marks.legend import capital_i, numbers_in_name
from ..marks.markers import Blob
from ..marks.series import to_lab
from ..ocr import Word
from .frame import Frame


def _read_box(rgb, gray, frame: Frame, box_u, text_h, color=None, enlarge: float = 1.0, clear=()):
    """OCR one upright-frame box, in the original frame (text is printed upright there).
    With `color` (a bar's fill) the text is whatever differs from that colour: a label inside
    a bar, white on blue, reads as black on white. `enlarge`: times the usual enlargement.
    `clear`: bars beside the text ((upright-frame box, fill colour)), whose fill is left blank
    in the crop (text over a bar's edge keeps its glyphs)."""
    h, w = gray.shape
    x0, y0, x1, y1 = frame.box_to_orig(*box_u)
    x0, y0, x1, y1 = int(max(0, x0)), int(max(0, y0)), int(min(w, x1)), int(min(h, y1))
    if x1 - x0 < 4 or y1 - y0 < 4:
        return []
    if color is not None:
        d = imageops.color_distance(rgb[y0:y1, x0:x1], color).astype(np.float32)
        crop = np.clip(255.0 - 2.0 * d, 0, 255).astype(np.uint8)
    else:
        crop = gray[y0:y1, x0:x1]
    if clear:
        crop = crop.copy()
        for c, fill in clear:
            a0, b0, a1, b1 = (int(round(v)) for v in frame.box_to_orig(*c))
            a0, b0, a1, b1 = max(a0, x0), max(b0, y0), min(a1, x1), min(b1, y1)
            if a1 > a0 and b1 > b0:
                near = imageops.color_distance(rgb[b0:b1, a0:a1], fill) <= 40
                crop[b0 - y0:b1 - y0, a0 - x0:a1 - x0][near] = 255
    if (crop < 128).sum() < 4:
        return []
    scale = float(np.clip(30.0 / max(text_h, 1), 1.0, 4.0)) * enlarge
    return [v for v in ocr.read_crop(crop, (x0, y0), scale) if v.conf >= 45]


def _legend_blobs(loose: list[Bar], frame: Frame) -> list[Blob]:
    out = []
    for p in loose:
        x0, y0, x1, y1 = frame.box_to_orig(p.x0, int(p.top), p.x1, int(p.bottom) + 1)
        out.append(Blob((x0 + x1 - 1) / 2.0, (y0 + y1 - 1) / 2.0, int((x1 - x0) * (y1 - y0)),
                        (int(x0), int(y0), int(x1), int(y1)), p.color, "square"))
    return out


def _swatch_like(b: Blob, text_h: float) -> bool:
    """A legend swatch's shape: at most a few text heights long (matplotlib's patch is two font
    sizes by 0.7, about 2.7 by 1 text heights) and not much taller than the legend's text.
    `text_h` is the chart's typical text, which small printed values can make half the
    legend's: plotly's square swatch beside 12 px names is 16 px, 2.3 heights of 7 px values.
    gnuplot's key draws a flat box four characters long (55 by 13 px beside 11 px text)."""
    bw, bh = b.box[2] - b.box[0], b.box[3] - b.box[1]
    return bh <= 2.5 * text_h and (bw <= 4.5 * text_h or (bw <= 6 * text_h and bh <= 1.5 * text_h))


def _read_beside_swatches(gray, swatches, text_h, stops=(), limit: int = 8, rgb=None,
                          page: list[Word] = ()) -> list[list[Word]]:
    """The text line beside each swatch (in the order given: likeliest first), read on its
    own: the page pass reads legend names less surely ('VLLM' at confidence 58), or not at all
    inside a legend's frame. Right of the swatch first; left of it (gnuplot's key: 'FP8 [ ]')
    when nothing with a letter is read on the right. The crop ends before the next of the
    `stops` (other swatches of the same size) on the same row: in a legend laid out in a row
    the next entry's swatch and name would join this line ('TGI' read '~1SGLang'). Returns one
    list of words per line read (read at confidence 40 or more, up to the first wide gap from
    the swatch). A line the `page` words over it do not already say is read a second time
    (see _read_side)."""
    out = []
    small = [b for b in swatches if _swatch_like(b, text_h)][:limit]
    reads: dict = {}

    def read(b, side):      # each side of a swatch read once (the row check reads some first)
        if (id(b), side) not in reads:
            reads[(id(b), side)] = _read_side(gray, b, side, stops, text_h, rgb)
        return reads[(id(b), side)]
    names_first = _names_first_rows(small, text_h, read)
    for b in small:
        # A piece lying inside a name read beside a likelier swatch is a piece of that name
        # (the bowl of 'P' in 'FP8' beside black bars of the text's colour): its own line
        # ('Fr') would stand against the name.
        if any(_inside(b, v) for line in out for v in line):
            continue
        for side in ((1, 0) if id(b) in names_first else (0, 1)):
            line = read(b, side)
            if side == 1 and line and _follows_other(line, b, stops, text_h):
                break
            if _named(line):
                old = [o for o in page if any(layout.overlaps(o, v) for v in line)]
                # A line that takes in another swatch read as letters ('mm FPS' right of a
                # speck of 'FlashAttention') is no one entry's name: it is not confirmed.
                other = any(_covered(v, o, text_h) for v in line for o in stops if o is not b)
                if _alnum_key(old) != _alnum_key(line) and not other:
                    # A second read at half as large again: small glyphs misread at one size
                    # ('HE' for 'HF', 'Tc!' for 'TGI') are seldom misread the same way at
                    # another, so two reads that say the same letters confirm the line (see
                    # _legend_reread). Where the page agrees already, no second read is needed.
                    crop, origin, scale = line.source
                    again = _cut_at_gap(ocr.read_crop(crop, origin, 1.5 * scale), side, text_h)
                    line.confirmed = _alnum_key(again) == _alnum_key(line)
                out.append(line)
                break
    return out


def _names_first_rows(swatches, text_h: float, read) -> set:
    """Ids of the swatches in rows of a legend laid out name first ('FP8 [ ] BF16 [ ] FP4 [ ]',
    gnuplot's horizontal key): two swatches of a size or more level with each other, a name
    left of the first and none right of the last. Read right of each swatch first, such a row
    gives each swatch the next entry's name, and the first name is never read. `read(b, side)`:
    the line read beside swatch b (see _read_side)."""
    out: set = set()
    rows: list[list[Blob]] = []
    for b in sorted(swatches, key=lambda b: b.box[0]):
        row = next((r for r in rows if abs(r[0].cy - b.cy) <= 0.5 * text_h
                    and 0.7 <= (b.box[2] - b.box[0]) / max(1, r[0].box[2] - r[0].box[0]) <= 1.4), None)
        if row is None:
            rows.append([b])
        else:
            row.append(b)
    for row in rows:
        # (right of the last first: in the usual layout that read is the last swatch's name)
        if len(row) >= 2 and not _named(read(row[-1], 0)) and _named(read(row[0], 1)):
            out.update(id(b) for b in row)
    return out


def _follows_other(line: list[Word], b: Blob, stops, text_h: float) -> bool:
    """Whether a line read left of swatch b starts nearer the right edge of another swatch of
    its size on its row than it ends from b: it is that swatch's name (a legend laid out in a
    row, 'baseline' between its own swatch and the next), not b's."""
    bw = max(1, b.box[2] - b.box[0])
    gap = b.box[0] - line[-1].x1
    for o in stops:
        if o is b or abs(o.cy - b.cy) > 0.5 * text_h or not 0.7 <= (o.box[2] - o.box[0]) / bw <= 1.4:
            continue
        if o.box[2] <= line[0].x0 and line[0].x0 - o.box[2] < gap:
            return True
    return False


def _read_side(gray, b: Blob, side: int, stops, text_h, rgb=None) -> list[Word]:
    """One line of text read right (side 0) or left (side 1) of swatch b; see
    _read_beside_swatches. When nothing is read, the crop is tried again against its own
    background (a legend's box, white on a grey panel or pale over a bar, is no page colour:
    the page's dark-on-white rendering leaves its text on grey), then a little larger."""
    h, w = gray.shape
    if side == 0:
        x0, x1 = int(b.box[2] + 1), int(min(w, b.box[2] + 16 * text_h))
    else:
        x0, x1 = int(max(0, b.box[0] - 16 * text_h)), int(b.box[0] - 1)
    for o in stops:
        # The next swatch is one of the same size (a letter of a noisy name is no stop).
        same = 0.7 <= (o.box[2] - o.box[0]) / max(1, b.box[2] - b.box[0]) <= 1.4
        if o is b or not same or abs(o.cy - b.cy) > 0.5 * text_h:
            continue
        # ... and lies past a name's width: a piece right beside the swatch is the start of
        # its own name (blurred 'decode' is one solid piece as wide as the swatch).
        if side == 0 and o.box[0] > b.box[2] + 2.0 * text_h:
            x1 = min(x1, int(o.box[0] - 1))
        elif side == 1 and o.box[2] < b.box[0] - 2.0 * text_h:
            x0 = max(x0, int(o.box[2] + 1))
    y0, y1 = int(max(0, b.cy - 0.9 * text_h)), int(min(h, b.cy + 0.9 * text_h))
    if x1 - x0 < 8 or y1 - y0 < 6:
        return []
    crop = _without_pale(_without_rules(gray[y0:y1, x0:x1]))
    scale = float(np.clip(30.0 / max(text_h, 1), 1.0, 4.0))
    def rendered(dist, gain: float = 2.0):
        return _without_pale(_without_rules(np.clip(255.0 - gain * dist, 0, 255).astype(np.uint8)))
    own = dist = None
    if rgb is not None:
        part = rgb[y0:y1, x0:x1]
        dist = imageops.color_distance(part, imageops.dominant_color(part)).astype(np.float32)
        own = rendered(dist)
    if (crop < 128).sum() < 6:
        # The page's rendering may leave a name blank: grey text near a bar colour taken for
        # the page's second background ('FP8' beside its swatch, the purple bars' colour).
        if own is None or (own < 128).sum() < 6:
            return []
        crop = own
    got = ocr.read_crop(crop, (x0, y0), scale)
    # A name has a letter: a sure read of marks alone ('~' for pale grey 'TensorRT-LLM' under a
    # gridline on a dark chart) is no name, and the crop is read again as for nothing read.
    # So is a name read unsurely: the page's rendering can blur pale text whose colour lies
    # near a bar's, taken for a second background ('basalina' at 56 for grey 'baseline' beside
    # pale yellow bars on a dark page, 96 against its own background).
    if own is not None and crop is not own and (not _named(got) or min(v.conf for v in got) < 75):
        again = ocr.read_crop(own, (x0, y0), scale)
        if not _named(got) and (_named(again) or not any(v.conf >= 45 for v in got)):
            got = again
            if any(v.conf >= 45 for v in again):
                crop = own
        elif _named(got) and _named(again) and layout.mean_conf(again) >= layout.mean_conf(got) + 10:
            got, crop = again, own
    if not _named(got):
        # A legend box drawn half see-through over a bar: the bar shows behind part of a name
        # as a grey block, and the line reads as nothing ('SGLang', its 'S' on the block);
        # each column against its own background, it reads.
        flat = imageops.column_flattened(gray[y0:y1, x0:x1])
        again = ocr.read_crop(flat, (x0, y0), scale)
        # Only a sure reading: beside a bar's end taken for a swatch, the flattened bar leaves
        # its white value label's glyphs to read ('ik' at 47 of '4.6k'); and one set off from
        # the swatch, whose edge, flattened, reads as a letter ('Bdecode').
        off = (min(v.x0 for v in again) - x0 if side == 0 else x1 - max(v.x1 for v in again)) if again else 0
        if _named(again) and layout.mean_conf(again) >= 70 and off >= 0.25 * text_h:
            got, crop = again, flat
    two = _two_backgrounds(rgb[y0:y1, x0:x1]) if rgb is not None else None
    if two is not None:
        # A name printed across a bar's end (a legend over the bars, no box): part of each glyph
        # on the bar, part on the page, the edge running through the line ('queue' beside its
        # swatch on a bar of its colour, bar seed-50 bar018; 'decode' read 'de' where the bar's
        # outline crossed it, seed-43 bar038). Against the nearer of the two commonest colours,
        # every pixel of either is blank. Taken when surer, or as sure and longer.
        dist = imageops.off_blend(rgb[y0:y1, x0:x1], *two)
        both = rendered(dist)
        again = ocr.read_crop(both, (x0, y0), scale)
        if _named(again) and layout.mean_conf(again) >= 70 and (
                not _named(got) or layout.mean_conf(again) >= layout.mean_conf(got) + 10
                or (layout.mean_conf(again) >= layout.mean_conf(got) - 5 and len(_alnum_key(again)) > len(_alnum_key(got)))):
            got, crop = again, both
    # Tesseract may read nothing of a short name at one scale and read it surely at another
    # ('HF': nothing at 2.14, 95 at 2.5): tries a little larger, then a little smaller (8 px
    # serif 'BF16': nothing sure at 3.75 or 4.5, 78 at 3); or, for small text already enlarged
    # to the cap, half as large (7 px 'TensorRT-LLM': 28 at 4, nothing at 4.8, 68 at 2: the
    # enlargement smears its thin glyphs together).
    for retry in _retry_scales(scale):
        if _named(got):
            break
        got = ocr.read_crop(crop, (x0, y0), retry)
    if not _named(got) and dist is not None:
        # Small serif text at twice its contrast runs its thin strokes together ('vLLM' read
        # 'vyLLM' at 44, nothing surer at other sizes: bar seed-16 bar016); at its own
        # contrast it keeps its shape. (Against the crop's own colour, or off the blend of its
        # two backgrounds where it has two: bar seed-50 bar053.)
        thin = rendered(dist, 1.0)
        again = ocr.read_crop(thin, (x0, y0), scale)
        if _named(again):
            got, crop = again, thin
    line = LineRead(_cut_at_gap(got, side, text_h))
    line.span, line.source, line.swatch = (x0, x1), (crop, (x0, y0), scale), b.box
    return line


def _two_backgrounds(part: np.ndarray, apart: float = 40.0, share: float = 0.15):
    """The two commonest colours of a crop, each behind a sixth of it or more, or None: a line
    of text over two fills (a bar's end and the page)."""
    first = imageops.dominant_color(part)
    rest = imageops.color_distance(part, first) > apart
    if rest.mean() < share:
        return None
    second = imageops.dominant_color(part, rest)
    if (imageops.color_distance(part, second) <= 0.5 * apart).mean() < share:
        return None
    return first, second


def distinct_names(names: list[str], blobs: list[Blob], sides: list[int], gray, text_h: float,
                   rgb=None) -> list[str]:
    """`names` (one per legend swatch in `blobs`, its text on `sides`: 0 right, 1 left) with a
    name that another swatch's entry reads alike read again at two other sizes: where both
    say the same name, no other entry's, that is the entry's name. A legend names each colour
    once; tesseract reads a small '6' as '5' at one size alone ('v0.5' twice for 'v0.5' and
    'v0.6'), and the two series would be one."""
    out = list(names)
    keys = [_text_key(n) for n in names]
    for k, (b, side, key) in enumerate(zip(blobs, sides, keys)):
        if not key or keys.count(key) < 2:
            continue
        reads = []
        for f in (0.67, 1.33):
            line = _read_side(gray, b, side, blobs, f * text_h, rgb)
            reads.append(" ".join(v.text for v in line) if _named(line) else "")
        again = {_text_key(r) for r in reads}
        if len(again) == 1 and next(iter(again)) not in ["", *keys]:
            out[k] = reads[0]
    return out


def _retry_scales(scale: float, cap: float = 4.0) -> list[float]:
    """The scales a legend line that read as no name is read at once more (see _read_side)."""
    return [1.2 * scale, 0.8 * scale] if scale < cap else [0.5 * scale]


def _named(words: list[Word]) -> bool:
    """Whether a line read can be a name: its words read at confidence 45 or more hold a letter
    and two letters or digits in all (as the legend reader asks of a name: 'B200', 'v0.9'; a
    lone 'c' read of blurred 'SGLang' is a fragment)."""
    sure = [c for v in words if v.conf >= 45 for c in v.text if c.isalnum()]
    return len(sure) >= 2 and any(c.isalpha() for c in sure)


class LineRead(list):
    """The words of a legend line read beside its swatch, left to right; `confirmed` when a
    read of the same crop at another size says the same letters and digits; `span`: the
    crop's first and last column + 1; `source`: the crop read, its origin and scale;
    `swatch`: the box of the swatch it was read beside."""
    confirmed: bool = False
    span: tuple[int, int] | None = None
    source: tuple | None = None
    swatch: tuple[int, int, int, int] | None = None


def _cut_at_gap(got: list[Word], side: int, text_h: float) -> list[Word]:
    """The words read beside a swatch up to the first wide gap from it (the next entry's text
    follows beyond one), left to right."""
    got = sorted((v for v in got if v.text and v.conf >= 40), key=lambda v: v.x0, reverse=side == 1)
    line = []
    for v in got:
        if line and (v.x0 - line[-1].x1 if side == 0 else line[-1].x0 - v.x1) > 1.5 * text_h:
            break
        line.append(v)
    return sorted(line, key=lambda v: v.x0)


def _clear_crossing(img: np.ndarray, ink: np.ndarray, row_share: float, col_share: float, blank) -> np.ndarray:
    """`img` with the rows inked over at least `row_share` of its width, and the columns over at
    least `col_share` of its height, set to `blank`: straight rules crossing a text crop."""
    rows = ink.mean(axis=1) >= row_share
    cols = ink.mean(axis=0) >= col_share
    if not rows.any() and not cols.any():
        return img
    out = img.copy()
    out[rows] = blank
    out[:, cols] = blank
    return out


def _without_rules(crop: np.ndarray) -> np.ndarray:
    """A crop a line of text high without the straight rules crossing it: a legend's frame
    ('[FPS' for 'FP8' where the frame's corner was in the crop). A row inked across most of the
    crop, or a column inked over nearly all its height (taller than any glyph: the crop is
    about two text heights), is a rule, not text; so is ink that enters a row from the crop's
    edge and runs on for one and a half crop heights (a bar's outline under a legend's name,
    from the swatch on: 'FP8' read 'DS', bar seed-43 bar038)."""
    ink = crop < 128
    out = _clear_crossing(crop, ink, 0.6, 0.85, 255)
    run = int(1.5 * crop.shape[0])
    if crop.shape[1] <= run:
        return out
    # (ink up to each column from either edge: cumulative products of the row's ink)
    from_left = np.cumprod(ink, axis=1).sum(axis=1)
    from_right = np.cumprod(ink[:, ::-1], axis=1).sum(axis=1)
    if not ((from_left >= run) | (from_right >= run)).any():
        return out
    out = out.copy() if out is crop else out
    for r in np.flatnonzero(from_left >= run):
        out[r, :from_left[r]] = 255
    for r in np.flatnonzero(from_right >= run):
        out[r, crop.shape[1] - from_right[r]:] = 255
    return out


def _without_pale(crop: np.ndarray) -> np.ndarray:
    """A legend line's crop without ink much paler than its darkest: a name is printed dark,
    while a value label seen through the legend's translucent frame is faint ('Megatron-LM'
    read 'Megatron-LM167'). Whole ink components go, so that the anti-aliased rims of dark
    glyphs stay."""
    d = 255.0 - crop.astype(np.float32)
    strong = float(d.max())
    if strong < 60:
        return crop
    n, lab, stats, _ = cv2.connectedComponentsWithStats((d > 0.2 * strong).astype(np.uint8), connectivity=8)
    if n <= 2:
        return crop
    peak = np.zeros(n, np.float32)
    np.maximum.at(peak, lab.ravel(), d.ravel())
    # A stroke a pixel wide that falls between two columns is half as dark in each ('ll' of
    # 'prefill' at 10 px, read 'prefi'): a narrow component within a letter's gap of dark ink
    # (not a swatch's or frame's edge a space off) is as dark as a row of it sums.
    dark = [stats[k] for k in range(1, n) if peak[k] >= 0.6 * strong]
    tallest = max((o[3] for o in dark), default=0)
    for k in (k for k in range(1, n) if stats[k, cv2.CC_STAT_WIDTH] <= 2):
        x, y, w, h = stats[k, :4]
        # (no taller than the glyphs: a legend frame's edge beside the name runs past them)
        if h > 1.15 * tallest or not any(max(0, x - (o[0] + o[2]), o[0] - (x + w)) <= 0.5 * h for o in dark):
            continue
        rows = np.where(lab[y:y + h, x:x + w] == k, d[y:y + h, x:x + w], 0).sum(axis=1)
        peak[k] = max(peak[k], min(float(rows.max()), strong))
    pale = peak < 0.6 * strong
    pale[0] = False
    if not pale.any():
        return crop
    out = crop.copy()
    out[pale[lab]] = 255
    return out


def _marks(words: list[Word]) -> int:
    """The joining marks names carry ('TensorRT-LLM', 'v0.6', 'TP/EP'); not OCR's stray
    glyphs ('v\u00a5LLM')."""
    return sum(c in "-./+_" for v in words for c in v.text)


def _junk(words: list[Word]) -> int:
    return sum(not c.isalnum() and not c.isspace() and c not in "-./+_" for v in words for c in v.text)


def _alnum_key(words: list[Word]) -> str:
    return _text_key(" ".join(v.text for v in words))


def _text_key(text: str) -> str:
    return "".join(c for c in text.lower() if c.isalnum())


def reread_legend_lines(page: list[Word], lines: list[list[Word]]) -> list[Word]:
    """The page's words with the lines read beside the swatches put in (see _legend_reread),
    likeliest swatch last (`lines` come likeliest first): where two lines cover the same words
    (a speck's line '@ baseline' taking in the next swatch), the likelier swatch's reading
    stands."""
    return _legend_reread(page, lines[::-1])


def _legend_reread(page: list[Word], lines: list[list[Word]]) -> list[Word]:
    """The page's words with each legend line re-read beside a bar-coloured swatch (see
    _read_beside_swatches) put in. The re-read replaces the page words it overlaps when it says
    the same letters, holds all their letters and more ('SGLa' at 89 -> 'SGLang' at 87: the
    page pass cut the word short), or is surer than each of them, all unsure (< 60; 'TGl' at 27
    -> 'TGI' at 57): a sure page reading ('TGI' at 70) stays against a surer misreading ('Tal').
    Its words read at 45 or more then count as sure (60): read alone, on a crop that holds one
    entry's name beside a swatch of a bar's colour, a name is likelier right than the page
    pass's reading of it, and two readings at different scales agreeing ('TensorRT-LLM' at 49
    and 47) make it sure (the page's words are kept then, with their marks)."""
    out = list(page)
    for line in lines:
        old = [o for o in out if any(layout.overlaps(o, v) for v in line)]
        a = _alnum_key(old)
        b = _alnum_key(line)
        span = getattr(line, "span", None)
        if getattr(line, "confirmed", False) and old and a != b and any(c.isalpha() for c in b) \
                and 2 * len(b) >= len(a) \
                and span is not None and all(_within_crop(o, span, getattr(line, "swatch", None)) for o in old):
            # Read alike at two sizes, on a crop holding one entry's name: that reading wins
            # over the page's, however sure ('HF' at 96 twice over the page's 'HE' at 61) --
            # unless a page word reaches past the crop: the crop saw only part of it (the
            # left side of a speck after 'TensorRT-LLM' reads 'TensorRT-LL' at any size); or
            # it holds under half the page's letters (a sliver of a JPEG-split swatch, its crop
            # a few pixels high, reads 'i M' across 'TensorRT-LLM').
            sure = [Word(v.text, max(v.conf, 60.0), v.x0, v.y0, v.x1, v.y1) for v in line]
            out = [o for o in out if not any(o is p for p in old)] + sure
            continue
        if old and a == b and len(a) >= 2:
            # The same letters and digits. The re-read's boxes are kept (the page's may take in
            # the swatch), cut to the page's (a crop on grey is boxed whole, margin and all:
            # 'baseline' 30 px high), and the page's text where it holds fewer stray glyphs
            # ('vLLM' against 'v\u00a5LLM') or, as many, more of the marks a re-read of a short
            # crop may drop ('TensorRT-LLM' re-read 'TensorRT' 'LLM').
            span = (min(o.x0 for o in old), min(o.y0 for o in old), max(o.x1 for o in old), max(o.y1 for o in old))
            line = [_clipped(v, span) for v in line]
            sure = [Word(v.text, max(v.conf, 60.0), v.x0, v.y0, v.x1, v.y1) for v in line]
            if (_junk(old), -_marks(old)) < (_junk(line), -_marks(line)):
                text = " ".join(v.text for v in sorted(old, key=lambda v: v.x0))
                sure = [Word(text, max(min(v.conf for v in line), 60.0), min(v.x0 for v in line),
                             min(v.y0 for v in line), max(v.x1 for v in line), max(v.y1 for v in line))]
            out = [o for o in out if not any(o is p for p in old)] + sure
            continue
        line = [v for v in line if v.conf >= 45]
        b = _alnum_key(line)
        if not line or not any(c.isalpha() for c in b):
            continue
        it = iter(b)
        covers = bool(a) and len(b) > len(a) and all(c in it for c in a)
        best_old = max((o.conf for o in old), default=0.0)
        surer = best_old < 60 and min(v.conf for v in line) > best_old
        if not (covers or surer):
            continue
        sure = [Word(v.text, max(v.conf, 60.0), v.x0, v.y0, v.x1, v.y1) for v in line]
        out = [o for o in out if not any(o is p for p in old)] + sure
    return out


def _within_crop(o: Word, span, swatch) -> bool:
    """Page word `o` lies within a legend line's crop columns `span`, but for a start lying on
    the `swatch` left of the line (the swatch and its name read as one junk word: 'ir:' for
    '[ ] TP='). (Not an end on a "swatch" right of it: a piece of the name's last glyph passes
    for one, and its line, cut before the glyph, reads 'SGLanc' for 'SGLang'.)"""
    lo = o.x0
    if swatch is not None and swatch[0] - 2 <= lo < swatch[2] <= span[0] + 2:
        lo = span[0]
    return span[0] - 1 <= lo and o.x1 <= span[1] + 1


def _clipped(v: Word, box) -> Word:
    """Word v with its box cut to `box` (x0, y0, x1, y1); as it is when the two do not meet."""
    x0, y0, x1, y1 = max(v.x0, box[0]), max(v.y0, box[1]), min(v.x1, box[2]), min(v.y1, box[3])
    if x1 <= x0 or y1 <= y0:
        return v
    return Word(v.text, v.conf, x0, y0, x1, y1)


def _glyph_checked(v: Word, ink: np.ndarray, text_h: float, rgb=None, threshold: int = 160) -> str:
    """A legend word with its '8', 'B', 'S' and 'I' checked against its glyphs' shapes ('FPS'
    for 'FP8': see glyphs). With `rgb` the glyphs are inked against the colour around the word
    itself (see _local_ink), not the page's `ink`."""
    box = (v.x0 - 1, v.y0 - 1, v.x1 + 1, v.y1 + 1)
    if rgb is not None:
        ink = _local_ink(rgb, box, int(round(0.5 * text_h)), threshold)
    return glyphs.checked_name(v.text, glyphs.glyph_masks(ink, box, 0.5 * text_h), v.h)


def _local_ink(rgb, box, pad: int, threshold: int = 160) -> np.ndarray:
    """An image-sized ink mask, set only inside `box` (x0, y0, x1, y1), of what differs from
    the dominant colour of the box grown by `pad` (the legend's own background), at the page
    rendering's gain of 2 and ink threshold. The page's rendering takes a second background,
    which can be a bar's colour (wide purple bars): grey anti-aliased text lies nearer that
    colour than the page's, and the rendering pales it, opening an '8' into an 'S' ('FPS')."""
    h, w = rgb.shape[:2]
    x0, y0, x1, y1 = (int(max(0, box[0])), int(max(0, box[1])), int(min(w, box[2])), int(min(h, box[3])))
    ink = np.zeros((h, w), bool)
    if x1 <= x0 or y1 <= y0:
        return ink
    around = rgb[max(0, y0 - pad):min(h, y1 + pad), max(0, x0 - pad):min(w, x1 + pad)]
    d = imageops.color_distance(rgb[y0:y1, x0:x1], imageops.dominant_color(around)).astype(np.float32)
    ink[y0:y1, x0:x1] = 255.0 - 2.0 * d < threshold
    return ink


def _name_text(text: str) -> str:
    """A legend name as printed: OCR reads a sans-serif capital 'I' as '|' ('TG|'), and the
    swatch's edge or the legend frame beside a name as a mark ('_decode')."""
    text = re.sub(r"(?<=[A-Za-z])\||\|(?=[A-Za-z])", "I", text)
    # ... and as '!' after a capital ('TG!'): a name does not shout.
    text = capital_i(numbers_in_name(re.sub(r"(?<=[A-Z])!", "I", text)))
    # An 'l' beside a digit in a word of capitals and digits is a one ('BFl6' for 'BF16').
    text = " ".join(re.sub(r"l(?=\d)|(?<=\d)l", "1", t) if re.fullmatch(r"[A-Z0-9l]*[A-Z][A-Z0-9l]*", t)
                    and any(c.isdigit() for c in t) else t for t in text.split(" "))
    # A swatch's or frame's edge read as a mark at either end ('_decode', 'v0.9_', a bracket
    # that closes nothing: '(decode', a sign: '\u2122SGLang'), and a speck after the name read
    # as a full stop ('FP8.').
    cut = text.strip(" _~`'\",;:\u2014\u2013\u2122\u00ae\u00a9").rstrip(".").rstrip()
    for o, c in ("()", "[]", "{}"):
        if cut.startswith(o) and c not in cut:
            cut = cut[1:].lstrip()
        if cut.endswith(c) and o not in cut:
            cut = cut[:-1].rstrip()
    return cut or text


def _bar_colour_distance(blobs: list[Blob], segments: list[Bar]) -> list[float]:
    """Each blob's CIE76 distance to the nearest bar colour (infinite without bars)."""
    if not blobs or not segments:
        return [float("inf")] * len(blobs)
    bar_lab = to_lab([c.color for c in segments])
    return [float(np.min(np.linalg.norm(bar_lab - to_lab([b.color])[0], axis=1))) for b in blobs]


def _bar_coloured(blobs: list[Blob], segments: list[Bar], delta: float = 35.0) -> list[bool]:
    """Whether each blob has the colour of some bar (CIE76 within `delta`)."""
    return [d <= delta for d in _bar_colour_distance(blobs, segments)]


def _by_bar_colour(blobs: list[Blob], segments: list[Bar], delta: float = 35.0) -> tuple[list[Blob], int]:
    """The blobs of a bar's colour first, nearest that colour first, then the rest as they came;
    and how many are of a bar's colour. A swatch is drawn in its bar's very colour, while light
    text specks pass within `delta` of a pale bar (a dark chart's title letters beside its pale
    yellow bars): read first, the swatches are not crowded out by the specks."""
    dist = _bar_colour_distance(blobs, segments)
    near = sorted((i for i, d in enumerate(dist) if d <= delta), key=lambda i: dist[i])
    rest = [i for i, d in enumerate(dist) if not d <= delta]
    return [blobs[i] for i in near + rest], len(near)


def hidden_swatches(rgb, lines: list[list[Word]], colors, text_h: float, delta: float = 30.0) -> list[Blob]:
    """Swatches of the given bar `colors` found from their names: for each text line, the
    nearest patch of one of the colours just left of it (a patch of the colour alone within
    the window, cut off from any bar by the swatch's outline or the legend's box), of a
    swatch's shape and level with the line. A legend drawn over the bars holds swatches that
    no piece of its own shows: matplotlib's outlined swatch on a bar of its own colour is one
    solid shape with the bar, and a legend box over a bar's end joins its swatches into one
    segment of the bar (bar charts with the legend 'best' placed over the bars)."""
    h, w = rgb.shape[:2]
    out: list[Blob] = []
    for line in lines:
        x0 = min(v.x0 for v in line)
        cy = float(np.median([v.cy for v in line]))
        lh = max(text_h, float(np.median([v.h for v in line])))
        wx0, wx1 = int(max(0, x0 - 5.0 * lh)), int(x0)
        wy0, wy1 = int(max(0, cy - 1.5 * lh)), int(min(h, cy + 1.5 * lh + 1))
        if wx1 - wx0 < 4 or wy1 - wy0 < 4:
            continue
        best = None
        for b in _patches(rgb, (wx0, wy0, wx1, wy1), colors, delta):
            bw, bh = b.box[2] - b.box[0], b.box[3] - b.box[1]
            if not (0.4 * lh <= bh <= 1.5 * lh and 0.6 * lh <= bw <= 4.5 * lh):
                continue
            gap = x0 - b.box[2]
            if gap > 2.0 * lh or abs(b.cy - cy) > 0.4 * lh:
                continue
            if best is None or gap < best[0]:
                best = (gap, b)
        if best is not None and not any(b.box == best[1].box for b in out):
            out.append(best[1])
    return out


def swatches_on_bars(rgb, bars: list[Blob], colors, text_h: float, delta: float = 30.0) -> list[Blob]:
    """Patches of another bar's colour lying inside a bar, of a swatch's shape: a legend drawn
    over the bars without a box of its own. The bar's colour runs round the swatches, so they
    stand as no piece of their own, and their names, over the bar, may not be read on the page
    (bar seed-40 bar056: blue and orange swatches on a green bar's end). A bar holds no patch of
    another series' colour otherwise."""
    out: list[Blob] = []
    for bar in bars:
        others = [c for c in colors if float(np.max(np.abs(np.asarray(c, float) - np.asarray(bar.color, float)))) > delta]
        for b in _patches(rgb, bar.box, others, delta):
            bw, bh = b.box[2] - b.box[0], b.box[3] - b.box[1]
            if 0.4 * text_h <= bh <= 1.5 * text_h and 0.6 * text_h <= bw <= 4.5 * text_h \
                    and not any(b.box == o.box for o in out):
                out.append(b)
    return out


def pitch_swatches(rgb, found: list[Blob], colors, delta: float = 30.0) -> list[Blob]:
    """Swatches one step of the legend's pitch before its first entry or after its last, where
    the box there is filled with one of the given bar `colors`: a legend drawn over the bars
    without a box lays a swatch on the bar of its own colour, one solid shape with it (bar
    seed-40 bar011: the red swatch on the red bar's end, 'TGI' beside it). `found`: the
    legend's swatches, two or more alike in one column."""
    col = sorted((b for b in found if abs(b.box[0] - found[0].box[0]) <= 2 and same_size(b.box, found[0].box)),
                 key=lambda b: b.cy)
    if len(col) < 2:
        return []
    steps = np.diff([b.cy for b in col])
    pitch = float(np.median(steps))
    if pitch <= 0 or np.any(np.abs(steps - pitch) > 0.2 * pitch):
        return []
    h, w = rgb.shape[:2]
    x0, x1 = int(col[0].box[0]), int(col[0].box[2])
    half = (col[0].box[3] - col[0].box[1]) / 2.0
    out = []
    for cy in (col[0].cy - pitch, col[-1].cy + pitch):
        y0, y1 = int(round(cy - half)), int(round(cy + half))
        if y0 < 0 or y1 > h or y1 - y0 < 3:
            continue
        part = rgb[y0:y1, x0:x1].reshape(-1, 3)
        fill = np.median(part, axis=0)
        near = [c for c in colors if float(np.max(np.abs(np.asarray(c, float) - fill))) <= delta]
        if near and (imageops.color_distance(rgb[y0:y1, x0:x1], fill.astype(np.uint8)) <= delta).mean() >= 0.6:
            out.append(Blob((x0 + x1 - 1) / 2.0, float(cy), (x1 - x0) * (y1 - y0), (x0, y0, x1, y1),
                            tuple(int(c) for c in fill), "square"))
    return out


def sibling_swatches(rgb, found: list[Blob], colors, text_h: float, delta: float = 30.0) -> list[Blob]:
    """Swatches of the given bar `colors` in line with a swatch `found` already: the patches of
    its size (within a quarter) in its column, within six text heights, or in its row, within
    thirty. A name printed over a bar of another colour is read in part or not at all ('.LM'
    for 'vLLM'), so no text leads to its swatch; the legend's other swatches do."""
    h, w = rgb.shape[:2]
    out: list[Blob] = []
    for f in found:
        fw, fh = f.box[2] - f.box[0], f.box[3] - f.box[1]
        pad = int(0.5 * fw) + 2
        windows = ((f.box[0] - pad, f.cy - 6 * text_h, f.box[2] + pad, f.cy + 6 * text_h),
                   (f.box[0] - 30 * text_h, f.box[1] - pad, f.box[2] + 30 * text_h, f.box[3] + pad))
        for k, (x0, y0, x1, y1) in enumerate(windows):
            box = (int(max(0, x0)), int(max(0, y0)), int(min(w, x1)), int(min(h, y1)))
            alone = _patches(rgb, box, colors, delta)
            column = [c for c in (_column_patches(rgb, f, box, colors, delta) if k == 0 else [])
                      if not any(_boxes_meet(c.box, b.box) for b in alone)]
            for b in alone + column:
                if not same_size(b.box, f.box):
                    continue
                in_column = abs(b.box[0] - f.box[0]) <= 0.25 * fw
                in_row = abs(b.cy - f.cy) <= 0.25 * fh
                if (in_column or in_row) and not any(b.box == o.box for o in out + list(found)):
                    out.append(b)
    return out


def same_size(a, b) -> bool:
    """Boxes (x0, y0, x1, y1) as wide and as tall as each other, within a quarter: swatches a
    legend draws alike."""
    wa, ha, wb, hb = a[2] - a[0], a[3] - a[1], b[2] - b[0], b[3] - b[1]
    return abs(wa - wb) <= 0.25 * max(wa, wb) and abs(ha - hb) <= 0.25 * max(ha, hb)


def _boxes_meet(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _column_patches(rgb, f: Blob, box, colors, delta: float) -> list[Blob]:
    """Runs of rows in swatch `f`'s own columns, within `box`, filled with one of `colors`
    across nine tenths of those columns and as tall as `f` (within a quarter): a swatch joined
    to the end of a bar of its colour, where the legend stands against the bar's end, is no
    patch alone, but its rows are a swatch's rows in the legend's column."""
    fx0, fx1, fh = int(f.box[0]), int(f.box[2]), f.box[3] - f.box[1]
    y0, y1 = box[1], box[3]
    if fx1 - fx0 < 3 or y1 - y0 < 3:
        return []
    part = rgb[y0:y1, fx0:fx1]
    out = []
    for color in colors:
        rows = (imageops.color_distance(part, color) <= delta).mean(axis=1) >= 0.9
        edges = np.flatnonzero(np.diff(np.concatenate([[0], rows.astype(np.int8), [0]])))
        for a, b in zip(edges[::2], edges[1::2]):
            if a == 0 or b == len(rows) or abs((b - a) - fh) > 0.25 * fh:
                continue
            if y0 + a <= f.cy <= y0 + b:
                continue
            fill = np.median(part[a:b].reshape(-1, 3), axis=0)
            out.append(Blob((fx0 + fx1 - 1) / 2.0, y0 + (a + b - 1) / 2.0, int((b - a) * (fx1 - fx0)),
                            (fx0, y0 + int(a), fx1, y0 + int(b)), tuple(int(c) for c in fill), "square"))
    return out


def _patches(rgb, box, colors, delta: float) -> list[Blob]:
    """Patches of each of `colors` (max channel within `delta`) inside `box` (x0, y0, x1, y1)
    that stand alone there: nearly rectangular (four fifths of their box filled) and not
    touching the box's edge (a bar running through it)."""
    x0, y0, x1, y1 = box
    if x1 - x0 < 4 or y1 - y0 < 4:
        return []
    part = rgb[y0:y1, x0:x1]
    out = []
    for color in colors:
        mask = (imageops.color_distance(part, color) <= delta).astype(np.uint8)
        n, lab, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=4)
        for i in range(1, n):
            x, y, bw, bh, area = (int(v) for v in stats[i])
            if x == 0 or y == 0 or x + bw >= x1 - x0 or y + bh >= y1 - y0 or area < 0.8 * bw * bh or min(bw, bh) < 3:
                continue
            fill = np.median(part[lab == i], axis=0)
            b = _with_outline(rgb, (x0 + x, y0 + y, x0 + x + bw, y0 + y + bh), fill)
            out.append(Blob((b[0] + b[2] - 1) / 2.0, (b[1] + b[3] - 1) / 2.0, area, b,
                            tuple(int(c) for c in fill), "square"))
    return out


def _with_outline(rgb, box, fill, most: int = 3) -> tuple[int, int, int, int]:
    """`box` (x0, y0, x1, y1) grown on each side over the dark outline drawn round a patch of
    colour `fill`, up to `most` pixels: the line beside a swatch is read from past its outline,
    which read as a letter makes 'Bdecode'. A strip is outline where its mean luminance is
    under 110 and under three fifths of the fill's; a strip a little darker than the fill with
    outline beyond it is the anti-aliased rim between the two (a red swatch's rim lies further
    from its fill than a blue one's: the two came out of different sizes, bar seed-16 bar017)."""
    h, w = rgb.shape[:2]
    lum = rgb.astype(np.float32) @ np.array([0.299, 0.587, 0.114], np.float32)
    fill_lum = float(np.dot(np.asarray(fill, np.float32), [0.299, 0.587, 0.114]))
    limit = min(110.0, 0.6 * fill_lum)

    def strip(side, k):         # mean luminance of the k-th strip outside the box on one side
        if side == 0:
            return lum[y0:y1, x0 - k].mean() if x0 - k >= 0 else 255.0
        if side == 1:
            return lum[y0:y1, x1 + k - 1].mean() if x1 + k - 1 < w else 255.0
        if side == 2:
            return lum[y0 - k, x0:x1].mean() if y0 - k >= 0 else 255.0
        return lum[y1 + k - 1, x0:x1].mean() if y1 + k - 1 < h else 255.0

    def outline(side):
        first = strip(side, 1)
        return first < limit or (first < 0.92 * fill_lum and strip(side, 2) < limit)
    x0, y0, x1, y1 = box
    for _ in range(most):
        grow = [int(outline(side)) for side in range(4)]
        x0, x1, y0, y1 = x0 - grow[0], x1 + grow[1], y0 - grow[2], y1 + grow[3]
    return int(x0), int(y0), int(x1), int(y1)


def _legend_first(blobs: list[Blob], n: int, text_h: float) -> list[Blob]:
    """The first `n` blobs (those of a bar's colour) with the ones that look like a legend's
    swatches put first, the rest after them as they came. A legend draws its swatches alike:
    one of another colour, of the same size (within a quarter), stands level with it in a row
    or in line with it in a column. Only so many lines are read beside the swatches, and the
    pieces of a bar left between the white glyphs of a label printed inside it are of a bar's
    very colour too ('0.6x' inside blue, red and purple segments: eleven such pieces put the
    blue swatch past the reads)."""
    head = blobs[:n]

    def size(b):
        return b.box[2] - b.box[0], b.box[3] - b.box[1]

    def alike(a, b):
        (wa, ha), (wb, hb) = size(a), size(b)
        if min(wa, ha, wb, hb) < 0.4 * text_h or not (_swatch_like(a, text_h) and _swatch_like(b, text_h)):
            return False
        if not same_size(a.box, b.box):
            return False
        if float(np.linalg.norm(to_lab([a.color])[0] - to_lab([b.color])[0])) < 20:
            return False
        return abs(a.cy - b.cy) <= 0.5 * text_h or abs(a.box[0] - b.box[0]) <= 0.5 * text_h

    twin = [any(alike(a, b) for b in head if b is not a) for a in head]
    return [b for b, t in zip(head, twin) if t] + [b for b, t in zip(head, twin) if not t] + blobs[n:]


def _inside(b: Blob, v: Word) -> bool:
    """Blob b lies within word v's box (to a pixel)."""
    return v.x0 - 1 <= b.box[0] and b.box[2] <= v.x1 + 1 and v.y0 - 1 <= b.box[1] and b.box[3] <= v.y1 + 1


def _covered(v: Word, b: Blob, text_h: float) -> bool:
    """Word v is swatch b read as letters: b covers half its box, or the box lies within b
    grown by most of a text height (OCR boxes the swatch with its anti-aliased rim
    and some page around it: 'Mmm' around a 36 x 12 patch)."""
    ix = min(v.x1, b.box[2]) - max(v.x0, b.box[0])
    iy = min(v.y1, b.box[3]) - max(v.y0, b.box[1])
    m = 0.8 * text_h
    around = b.box[0] - m <= v.x0 and v.x1 <= b.box[2] + m and b.box[1] - m <= v.y0 and v.y1 <= b.box[3] + m
    return ix > 0 and iy > 0 and (ix * iy >= 0.5 * max(1, v.w * v.h) or around)
