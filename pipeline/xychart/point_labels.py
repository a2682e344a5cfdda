"""Point labels of an XY chart (batch sizes, request counts): read inside the plot, joined,
assigned to markers, and read again where a marker or line cut them short."""
from __future__ import annotations

import re
from collections import Counter

import cv2
import numpy as np

from .. import imageops, layout, ocr, textlines
from ..extraction import Point
from ..labels import assign_labels, label_digits, near_misread, order_swaps, series_layout, sweep
from ..marks.series import to_lab
from ..numbers import parse_point_label
from . import not_markers, text_words


def join_label_units(words: list[ocr.Word], text_h: float, gap: float = 1.2) -> list[ocr.Word]:
    """'64' + 'req' a space apart on one line: the point label '64 req', not a legend entry 'req'
    whose swatch would be the data marker beside the number. (A monospaced font's space is a
    whole digit wide: the gap is up to 1.2 text heights.)"""
    nums = [v for v in words if parse_point_label(v.text) is not None]
    used, joined = set(), []
    for a in nums:
        cands = [b for b in words if id(b) not in used and b is not a and parse_point_label(b.text) is None
                 and re.fullmatch(r"[a-z][a-z.]{1,5}(?:/[a-z]{1,5})?[):;,.]?", b.text)
                 and unit_on_line(a, b, text_h) and 0 <= b.x0 - a.x1 <= gap * max(text_h, a.h)]
        if not cands:
            continue
        b = min(cands, key=lambda b: b.x0 - a.x1)
        if any(c is not a and c is not b and a.x1 <= c.cx <= b.x0 and c.y0 < b.y1 and c.y1 > b.y0
               for c in words):
            continue    # a word between: 'This' of 'This work' after a swatch read '3'
        text = parse_point_label(a.text)[0] + " " + b.text.rstrip("):;,.")
        if parse_point_label(text) is None:
            continue
        used.update((id(a), id(b)))
        joined.append(ocr.Word(text, min(a.conf, b.conf), a.x0, min(a.y0, b.y0), b.x1, max(a.y1, b.y1)))
    return [v for v in words if id(v) not in used] + joined


def one_before_unit(words: list[ocr.Word], text_h: float) -> list[ocr.Word]:
    """'lreq' or 'I req' among '2 req', '4 req', ...: the label '1 req', its '1' read as a letter.
    Only before a unit that two labels or more print (read as one word or two)."""
    units = text_words.printed_units(join_label_units(words, text_h))
    out = []
    for v in words:
        m = re.fullmatch(r"[lI|]\s?([a-z][a-z/.]{1,5})", v.text.strip())
        out.append(ocr.Word("1 " + m.group(1), v.conf, v.x0, v.y0, v.x1, v.y1)
                   if m and units[m.group(1)] >= 2 else v)
    return out


def key_before_equals(words: list[ocr.Word]) -> list[ocr.Word]:
    """'=4' among 'n=8', 'n=2', ...: the label 'n=4', its key's letter lost (blurred, or cut by
    the line beside it). Only where one key is printed by two labels or more and no other."""
    keyed = (re.fullmatch(r"([A-Za-z_]{1,12})\s?=\s?\d[\d,.]*", v.text.strip()) for v in words)
    keys = Counter(m.group(1) for m in keyed if m)
    if len(keys) != 1 or max(keys.values()) < 2:
        return words
    key = next(iter(keys))
    return [ocr.Word(key + v.text.strip(), v.conf, v.x0, v.y0, v.x1, v.y1)
            if re.fullmatch(r"=\d[\d,.]*", v.text.strip()) else v for v in words]


def unit_on_line(a: ocr.Word, b: ocr.Word, text_h: float) -> bool:
    """Word `b` (lower-case letters) is on number `a`'s line: their centres level, or `b`
    starting no higher than a little above the digits' top and covering half their height.
    A descender ('q' of 'req') and OCR's padding below it drop a unit's centre under the
    digits' by half a text height."""
    hh = max(text_h, a.h)
    if abs(a.cy - b.cy) <= 0.4 * hh:
        return True
    cover = min(a.y1, b.y1) - max(a.y0, b.y0)
    return b.y0 >= a.y0 - 0.3 * a.h and cover >= 0.5 * a.h and b.y1 - a.y1 <= 0.8 * hh


def join_label_digits(words: list[ocr.Word], gap: float = 0.15) -> list[ocr.Word]:
    """'1' + '28' or 'n=1' + '28' read as two words that touch or overlap on one line (a wide
    serif '1' kerned into its neighbour): the one point label 'n=128'. Words of one line a
    space apart stay apart."""
    out = sorted(words, key=lambda v: v.x0)
    i = 0
    while i < len(out):
        a = out[i]
        joined = False
        for k in range(i + 1, len(out)):
            b = out[k]
            hh = max(a.h, b.h)
            if b.x0 - a.x1 > gap * hh:
                continue
            if (abs(a.cy - b.cy) > 0.25 * hh or min(a.h, b.h) < 0.7 * hh or not re.fullmatch(r"\d+", b.text)
                    or not re.search(r"\d$", a.text) or parse_point_label(a.text) is None):
                continue
            text = a.text + b.text
            if parse_point_label(text) is None:
                continue
            out[i] = ocr.Word(text, min(a.conf, b.conf), min(a.x0, b.x0), min(a.y0, b.y0), max(a.x1, b.x1),
                              max(a.y1, b.y1))
            del out[k]
            joined = True
            break
        if not joined:
            i += 1
    return out


def runs_over_two(o: ocr.Word, lines: list[ocr.Word]) -> bool:
    """Page reading `o` lies over parts of two point labels the line pass read apart, each
    surer than it: OCR ran two labels of one line into one word ('685536' from the '68' of
    '32768' to the '65536' beyond)."""
    inside = [v for v in lines if parse_point_label(v.text) is not None and v.conf > o.conf
              and min(v.x1, o.x1) > max(v.x0, o.x0) and min(v.y1, o.y1) - max(v.y0, o.y0) > 0.5 * v.h]
    return any(b.x0 >= a.x1 for a in inside for b in inside)


def extends(v: ocr.Word, o: ocr.Word, depth: np.ndarray | None = None, text_h: float | None = None,
            specks=()) -> bool:
    """Line reading `v` is page reading `o` with more characters at its end: the page pass
    stopped at a glyph touching a marker or a line ('81' of '8192', 'bs=327' of 'bs=32768');
    or, with `depth` (ink depth of the marks) given, with more characters before it where
    `v` reaches further left with no marker there: the page pass lost a first glyph a line
    crosses, or read a label in two ('2 req' of '32 req', '1' of 'n=128'). A marker too
    shallow to tell by its depth is there when the page pass read it apart as a speck
    (`specks`, see text_words.speck: a 10 px triangle read 'a' before '16,384', which the
    line reading made '416,384')."""
    a, b = parse_point_label(v.text), parse_point_label(o.text)
    if a is None or b is None or len(a[0]) <= len(b[0]):
        return False
    reach = 0.25 * max(o.h, 1)
    if a[0].startswith(b[0]) and v.x1 > o.x1 + reach:
        return True
    if depth is None or v.x0 >= o.x0 - 0.4 * max(o.h, 1):
        return False
    da, db = re.sub(r"\D", "", a[0]), re.sub(r"\D", "", b[0])
    if not db or db not in da or v.x1 < o.x1 - reach:
        return False
    # The glyphs read before it and half a glyph further: no marker whose edge reads as a '1'.
    left = ocr.Word(o.text, o.conf, int(v.x0 - 0.5 * o.h), v.y0, max(v.x0 + 1, o.x0), v.y1)
    return not text_words.holds_marker(left, depth, text_h) and not any(
        layout.overlaps(left, s) and s.x1 <= o.x0 + 1 for s in specks)


def plot_text(gray, ink, text_h, box) -> list[ocr.Word]:
    """Point labels and annotations inside the plot, read line by line (the page pass misses
    labels that touch a marker or a curve). A lone marker reads as a letter or two: not text."""
    # Gridlines running through labels join them into one long stroke that is no text line.
    x0, y0, x1, y1 = [int(v) for v in box]
    sub = ink[y0:y1, x0:x1]
    kept = imageops.remove_rules(sub, int(round(2.0 * text_h)))
    if (sub & ~kept).any():
        ink = ink.copy()
        gray = gray.copy()
        gray[y0:y1, x0:x1][sub & ~kept] = 255
        ink[y0:y1, x0:x1] = kept
    out = []
    for v in layout.read_lines_in(gray, ink, text_h, box, equals=True, unsure_again=True):
        if parse_point_label(v.text) is not None:
            out.append(text_words.cleaned_label(v, whole=False))
        elif sum(c.isalnum() for c in v.text) >= 3 and v.conf >= 60:
            out.append(v)
    return out


def text_colour_lines(rgb, color, bg, text_h, box, read: list[ocr.Word]) -> list[ocr.Word]:
    """Point labels inside `box` read with only the pixels of `color` (the text's) kept: a
    line of another colour across a label breaks its glyphs up in the page's ink, not here.
    Lines that a sure reading (`read`, 90) covers already are not read again. Nothing when the
    text's colour is no darker or lighter than the page by much (its isolation would keep
    the lines' anti-aliasing too)."""
    if float(np.abs(np.subtract(color, bg, dtype=float)).max()) < 80:
        return []
    x0, y0, x1, y1 = [int(v) for v in box]
    gray = np.full(rgb.shape[:2], 255, np.uint8)
    keep = np.zeros(rgb.shape[:2], bool)
    # (Tighter than for a label's own box: a pale line on a dark page, or a dark purple one
    # on white (off the way by 25), lies near the way to grey text and would join the glyphs
    # again; grey text's own anti-aliasing lies on that way, and JPEG's noise about pale text
    # on a dark page within 22 of it.)
    gray[y0:y1, x0:x1], keep[y0:y1, x0:x1] = _isolate_color(rgb[y0:y1, x0:x1], color, bg, 22.0)
    sure = [v for v in read if v.conf >= 90 and parse_point_label(v.text) is not None]
    out = []
    for b in textlines.text_line_boxes(keep, text_h, box, equals=True):
        if any(v.x0 <= b[0] + 2 and v.x1 >= b[2] - 2 and v.y0 <= b[1] + 2 and v.y1 >= b[3] - 2 for v in sure):
            continue
        out += [text_words.cleaned_label(v, whole=False) for v in layout.read_line_box(gray, b)
                if parse_point_label(v.text) is not None and v.conf >= 60]
    return out


def surer_of(read: list[ocr.Word], again: list[ocr.Word]) -> list[ocr.Word]:
    """The words `read` with each of `again` in place of those it overlaps, when it is surer
    than all of them and holds as many letters as each ('bs=4096' over 'bs' and '409'; '2048'
    over '12048', a marker read as a '1'; a '2' boxed without the marker beside it over a '2'
    boxed with it; not an '8' over '8 req', whose unit is in another colour)."""
    def letters(v):
        return sum(c.isalpha() for c in v.text)
    out = list(read)
    for g in again:
        over = [v for v in out if layout.overlaps(v, g) or layout.overlaps(g, v)]
        if all(v.conf < g.conf and letters(g) >= letters(v) for v in over):
            out = [v for v in out if not any(v is o for o in over)] + [g]
    return out


def _label_color_series(word: ocr.Word, rgb: np.ndarray, panel_bg, series_colors: list,
                        text_rgb=None, series_sizes=None, exclude=None) -> int | None:
    """The series whose colour the label is printed in, when the label is coloured: a label in
    the chart's text colour (black on white) says nothing of its series, even when a series (or
    a stray blob of text read as one) is drawn in that colour too."""
    c = text_words.ink_color(rgb, word, panel_bg, exclude)
    if c is None or not series_colors:
        return None
    series_sizes = series_sizes or [2] * len(series_colors)
    lab = to_lab([c] + list(series_colors) + ([text_rgb] if text_rgb is not None else []))
    d = np.linalg.norm(lab[1:1 + len(series_colors)] - lab[0], axis=1)
    # A one-marker "series" is often a label's own bold glyph, in the label's colour.
    usable = np.asarray(series_sizes) >= 2
    # Blending with the page only takes a colour towards the page's lightness: a series lighter
    # than the label on a light page (darker on a dark one) is none of its (a pale orange
    # "series" of three blobs took seed-54 syn048's orange labels).
    light = to_lab([panel_bg])[0][0] >= 50.0
    series_l = lab[1:1 + len(series_colors), 0]
    usable &= ~(series_l > lab[0][0] + 5.0 if light else series_l < lab[0][0] - 5.0)
    d[~usable] = np.inf
    # (Unless the label holds colour the text has not: a thin crimson label washed out by the
    # page lies as near the grey text as 24, yet its chroma is 24 to the text's 1.)
    if text_rgb is not None and np.linalg.norm(lab[-1] - lab[0]) <= 25.0 \
            and np.hypot(*lab[0][1:]) < np.hypot(*lab[-1][1:]) + 12.0:
        return None
    order = np.argsort(d)
    if d[order[0]] > 30.0:
        # (Only a label coloured through: a grey one crossed by a coloured line is no colour.)
        if text_words.chromatic_share(rgb, word, panel_bg, exclude) < 0.7:
            return None
        return _hue_series(lab[0], lab[1:1 + len(series_colors)], usable)
    if len(d) > 1 and d[order[1]] - d[order[0]] < 8.0:
        return None
    return int(order[0])


def _hue_series(label_lab: np.ndarray, series_lab: np.ndarray, usable: np.ndarray) -> int | None:
    """The series whose hue a washed-out label shares: thin strokes blended with the page (and
    JPEG's halved colour resolution) leave a coloured label far from its series' colour, but
    on its side of grey ('2048' in crimson read (186, 132, 152) beside (192, 47, 111): seed-49
    syn077, whose labels in three colours went to the nearest marker of any). A label with
    little colour of its own, or near two series' hues, says nothing. Only `usable` series
    count (see _label_color_series)."""
    def hue(ab):
        return float(np.degrees(np.arctan2(ab[1], ab[0])))

    if np.hypot(*label_lab[1:]) < 10.0:
        return None
    gaps = np.full(len(series_lab), np.inf)
    for i, c in enumerate(series_lab):
        if np.hypot(*c[1:]) >= 20.0 and usable[i]:
            gaps[i] = abs((hue(label_lab[1:]) - hue(c[1:]) + 180.0) % 360.0 - 180.0)
    order = np.argsort(gaps)
    if gaps[order[0]] > 25.0 or (len(gaps) > 1 and gaps[order[1]] - gaps[order[0]] < 20.0):
        return None
    return int(order[0])


def attach_labels(points, label_words, series_names, text_h, gray, rgb, panel_bg, text_rgb=None,
                   ink=None, erase=((None, 0), (None, 0), (None, 0)), vertices=False):
    """Point labels onto the points: assignment of the words read, then re-reads of labels
    cut short at a marker or line, then re-reads around markers left without one. Returns
    ({point index: its label word}, the label words as read again, in the order given).
    `ink`: text ink of the page; `erase`: the two ways of cleaning a crop before it is read
    again, tried in that order: ((marker pixels, 0), (marker and series-line pixels, width of
    the gap a line leaves in the strokes it crossed)). `vertices`: the points are a traced
    line's vertices, most of them bends of a sampled curve with no label: none is read around."""
    if not points:
        return {}, list(label_words)
    sidx = {n: i for i, n in enumerate(series_names)}
    series_colors = [mean_color_of([p for p in points if p.series == n]) for n in series_names]
    sizes = [sum(p.series == n for p in points) for n in series_names]
    markers_px = erase[0][0]
    lab_series = [_label_color_series(v, rgb, panel_bg, series_colors, text_rgb, sizes, markers_px)
                  for v in label_words]
    markers = [(p.x_px, p.y_px, sidx[p.series]) for p in points]
    pairs = assign_labels(markers, label_words, text_h, lab_series)
    words = list(label_words)
    budget = [_REREAD_BUDGET]
    if ink is None:
        ink = gray < 160
    # A word read unsure (a '20' over the whole width of '32768', '52768' at 58 of a serif
    # '32768'): its box read again on its own. A reading that fills a box the first one left
    # mostly empty, or one far surer of the same digits' count and the same words, replaces it.
    sure = [v for v in label_words if v.conf >= 80 and len(v.text.strip()) >= 2]
    char_w = float(np.median([v.w / len(v.text.strip()) for v in sure])) if sure else None
    # Their own budget: these reads must not spend those of the labels not yet found.
    unsure_budget = [_UNSURE_REREADS]
    for j in sorted(set(pairs.values())):
        v = words[j]
        short = char_w is not None and _short_for_its_box(v, char_w)
        if not (short or v.conf < 70):
            continue
        got = [g for g in _read_label_at((v.x0 - 0.3 * v.h, v.y0, v.x1 + 0.3 * v.h, v.y1), gray, ink,
                                         markers_px, unsure_budget, v.h, 60.0) if layout.overlaps(g, v)]
        if short:
            got = [g for g in got if len(g.text.strip()) > len(v.text.strip()) and g.w >= 0.7 * v.w]
        else:
            got = [g for g in got if (_surer_same_form(g, v) or _surer_one_shorter(g, v))
                   and g.text.strip() != v.text.strip()]
        if got:
            words[j] = max(got, key=lambda g: g.conf)
    for i, j in list(pairs.items()):
        ink_rgb = text_words.ink_color(rgb, words[j], panel_bg, markers_px)
        for mask in _erase_ways(erase, ink_rgb, series_colors[markers[i][2]]):
            v = _reread_cut_label(words[j], gray, ink, mask, budget, rgb, panel_bg)
            if v is not None:
                words[j] = v
                break
    label_word = {}
    for i, j in pairs.items():
        points[i].label = words[j].text
        points[i].label_conf = words[j].conf
        label_word[i] = words[j]
    # A label the page pass missed (touching a line, a lone digit): read it where this series'
    # other labels sit relative to their markers, then at the other places a renderer puts a
    # label it could not print there.
    taken = [words[j] for j in pairs.values()]
    for name in series_names:
        idx = [i for i, p in enumerate(points) if p.series == name]
        done = [((points[i].x_px, points[i].y_px), words[pairs[i]]) for i in idx if i in pairs]
        if vertices or not done or len(done) == len(idx):
            continue
        # One label read of a series' several ('n=8' clear of its line; 'n=4', 'n=2' each
        # touching it): where it sits is where the others are looked for, and only a reading
        # worded like it ('n=' and a number) is taken, as one label is a thin model.
        lay = series_layout(done, text_h) if len(done) >= 2 else one_label_layout(*done[0])
        model = done[0][1] if len(done) == 1 else None
        lw, lh, gap, lcolor = _label_style(done, rgb, panel_bg, markers_px)
        ways = _erase_ways(erase, lcolor, series_colors[sidx[name]])
        for i in idx:
            if i in pairs or budget[0] <= 0:
                continue
            p = points[i]
            found = None
            # A share of the reads for each marker: the places of one label that is not there
            # must not spend the reads of the next ones.
            mine = [min(budget[0], _REREADS_PER_MARKER)]
            start = mine[0]
            # Both cleanings at one place before the next place: a label crossed by its line
            # reads only once the line is erased, and the places tried first are the likely
            # ones; eight places with the line kept would spend the marker's reads.
            for box in _label_places(p.x_px, p.y_px, lay, lw, lh, gap):
                for mask in ways:
                    got = _read_label_at(box, gray, ink, mask[0], mine, lh, rgb=rgb, color=lcolor, bg=panel_bg,
                                         bridge=mask[1])
                    got = [v for v in got if not any(layout.overlaps(v, t) for t in taken)
                           and _closest_claim(v, i, markers, pairs, words)
                           and (model is None or _worded_like(v.text, model))]
                    if got:
                        found = max(got, key=lambda v: v.conf)
                        break
                if found is not None:
                    break
            budget[0] -= start - mine[0]
            if found is not None:
                p.label, p.label_conf = found.text, found.conf
                taken.append(found)
                label_word[i] = found
    # Last: the prefix the other labels carry, read as a '1' ('164' of 'n=64').
    def reread(box, lh):
        return _read_label_at(box, gray, ink, erase[0][0], budget, lh, 50.0)
    for i, text in _prefix_restored(label_word, reread).items():
        points[i].label = text
    _trade_crossed_labels(points, label_word, series_names, text_h)
    _reread_off_sweep(points, label_word, series_names, gray, ink, erase, rgb, panel_bg, markers_px)
    return label_word, words


def one_label_layout(m, v: ocr.Word):
    """series_layout from a series' one label `v` at marker `m`: the label's centre as placed
    from the marker; None when the label lies over its marker."""
    if v.x0 <= m[0] <= v.x1 and v.y0 <= m[1] <= v.y1:
        return None
    return 1, v.cx - m[0], v.cy - m[1], 1


def _erase_ways(erase, label_rgb, series_rgb) -> tuple:
    """The two cleanings of a crop to read a label in, of `erase` (see attach_labels): markers
    alone, then markers and the series' lines, with a margin, or for a label printed in the
    series' colour (`label_rgb` within 30 in Lab of `series_rgb`) only the line's own pixels,
    as erasing the margin takes strokes off the label where its line crosses it."""
    same = label_rgb is not None and float(np.linalg.norm(np.subtract(*to_lab([label_rgb, series_rgb])))) < 30
    return (erase[0], erase[2]) if same else erase[:2]


# Reads of labels that break their series' sweep (see _reread_off_sweep), per chart.
_SWEEP_REREADS = 12


def _reread_off_sweep(points, label_word: dict, series_names, gray, ink, erase, rgb, bg, markers_px) -> None:
    """A label off its series' sweep (labels.sweep_expected: '46384' where 16384 belongs, '192'
    of '8,192') was misread or cut short by a marker or line across it: its place is read again
    a character wider on both sides, markers and then series lines erased, and a reading there
    that gives the value the sweep expects replaces it. The image decides; the sweep only says
    which labels to doubt and which reading to believe."""
    for name in series_names:
        # Each series has its own reads: spent on one, they left a third series' labels unread.
        budget = [_SWEEP_REREADS]
        place_budget = [2 * _SWEEP_REREADS]
        tried: set = set()
        # Twice: a label mended ('409' → '4096') can bring its neighbour into the sweep's run
        # ('204' before it, two steps out at first).
        for _ in range(2):
            if not _reread_series(name, points, label_word, gray, ink, erase, rgb, bg, markers_px,
                                  budget, place_budget, tried):
                break


def _reread_series(name, points, label_word: dict, gray, ink, erase, rgb, bg, markers_px, budget,
                   place_budget, tried: set) -> bool:
    """One series' pass of _reread_off_sweep; whether a label changed. `tried`: the (point
    index, label text, value wanted) read for already, not read for again."""
    changed = False
    idx = sorted((i for i, p in enumerate(points) if p.series == name), key=lambda i: points[i].x_px)
    parsed = [parse_point_label(points[i].label) if i in label_word and points[i].label else None for i in idx]
    fits, expected, unread = sweep([q[1] if q is not None else None for q in parsed])
    on = [((points[idx[k]].x_px, points[idx[k]].y_px), label_word[idx[k]])
          for k, q in enumerate(parsed) if q is not None and k not in expected]
    lay = series_layout(on, float(np.median([v.h for _, v in on]))) if len(on) >= 2 else None
    # The series' text height, from its labels on the sweep: a label's own box is taller
    # where a line crosses it.
    fit_h = float(np.median([label_word[idx[k]].h for k in fits])) if fits else None
    for k in sorted(expected):
        if k + 1 in expected and _traded(parsed[k][1], parsed[k + 1][1], expected[k], expected[k + 1]):
            # '32768' at 16384's marker and '384' at 32768's: the two labels went to each
            # other's markers; traded back, the next pass mends the one cut short.
            i, j = idx[k], idx[k + 1]
            points[i].label, points[j].label = points[j].label, points[i].label
            points[i].label_conf, points[j].label_conf = points[j].label_conf, points[i].label_conf
            label_word[i], label_word[j] = label_word[j], label_word[i]
            return True
    for k, want in expected.items():
        i = idx[k]
        v = label_word[i]
        if (i, v.text, want) in tried or _swapped(k, parsed, fits, want):
            continue
        tried.add((i, v.text, want))
        # A marker within a label's height of its neighbour along x (the curve runs steep
        # or turns back): the order along x need not be the sweep's, unless that neighbour's
        # own label is on the sweep at its place.
        near = min(v.h, fit_h) if fit_h else v.h
        if any(0 <= k + d < len(idx) and abs(points[idx[k + d]].x_px - points[i].x_px) < near
               and k + d not in fits for d in (-1, 1)):
            continue
        color = text_words.ink_color(rgb, v, bg, markers_px)
        boxes = []
        if lay is not None:
            # The word taken may be a stray glyph away from the label (a '4' above a marker
            # whose '16,384' sits where the series prints its labels): read there too.
            lw, lh, gap, lcolor = _label_style(on, rgb, bg, markers_px)
            for place in _label_places(points[i].x_px, points[i].y_px, lay, lw, lh, gap):
                if not (place[0] <= v.cx <= place[2] and place[1] <= v.cy <= place[3]):
                    boxes.append((place, lcolor, lh, place_budget))
        pad = 1.2 * v.h
        mine = [((v.x0 - pad, v.y0, v.x1 + pad, v.y1), color, v.h, budget)]
        # A reading cut short ('4' of '16,384') says nothing of where the rest lies: then
        # also as far as the missing digits could run on either side (only after the narrow
        # box, as a wider one takes in other ink).
        read = _NUMBER.search(v.text)
        missing = len(str(int(want))) - (len(read.group(0).replace(",", "")) if read else 0)
        if missing > 1:
            wide = pad + missing * 0.7 * v.h
            mine.append(((v.x0 - wide, v.y0, v.x1 + wide, v.y1), color, v.h, budget))
        found = None
        for box, col, lh, bud in mine + boxes:
            for mask, bridge in erase[:2]:
                got = _read_label_at(box, gray, ink, mask, bud, lh, 50.0, rgb, col, bg, bridge)
                # A reading at another place must not be another point's label.
                got = [g for g in got if abs(parse_point_label(g.text)[1] - want) <= 1e-6 * want
                       and (layout.overlaps(g, v) if bud is budget else
                            not any(layout.overlaps(g, w) for j, w in label_word.items() if j != i))]
                if got:
                    found = max(got, key=lambda g: g.conf)
                    break
            if found is not None:
                break
        if found is None:
            found = _sweep_value(v, want, k, [parsed[j] for j in range(len(idx))], expected)
        if found is not None and found.text != points[i].label:
            points[i].label, points[i].label_conf = found.text, found.conf
            label_word[i] = found
            changed = True
    if lay is not None:
        wanted = [(idx[k], want) for k, want in unread.items() if (idx[k], None, want) not in tried]
        tried.update((i, None, want) for i, want in wanted)
        changed |= _read_unlabelled(points, wanted, on, lay, label_word, gray, ink, erase, rgb, bg,
                                    markers_px, place_budget)
    return changed


def _traded(a: float, b: float, want_a: float, want_b: float) -> bool:
    """Neighbours off the sweep read `a` and `b` where `want_a` and `want_b` belong, and each
    reading is the other's value or a near miss of it, not its own."""
    def like(v, w):
        return w == int(w) and (v == w or near_misread(label_digits(v), str(int(w))))
    return like(a, want_b) and like(b, want_a) and not (like(a, want_a) or like(b, want_b))


def _swapped(k: int, parsed: list, fits: set, want: float) -> bool:
    """The label at place k and its neighbour's are each other's values on the sweep (the
    curve turns back: '1' then '2' along x where the sweep runs 4, 2, 1). The order along x
    is then not the sweep's, and neither label is a misreading."""
    ks = sorted(fits)
    if len(ks) < 2 or parsed[k] is None:
        return False
    r = (parsed[ks[-1]][1] / parsed[ks[0]][1]) ** (1.0 / (ks[-1] - ks[0]))
    for d in (-1, 1):
        j = k + d
        if 0 <= j < len(parsed) and parsed[j] is not None and abs(parsed[j][1] - want) <= 1e-6 * want \
                and abs(parsed[k][1] - want * r ** d) <= 1e-3 * want * r ** d:
            return True
    return False


def _label_style(pairs, rgb, bg, markers_px):
    """(width, height, gap from its marker, colour) of a series' typical label, from its
    (marker (x, y), label word) pairs."""
    lw, lh = float(np.median([v.w for _, v in pairs])), float(np.median([v.h for _, v in pairs]))
    gap = float(np.median([_box_gap(m, v) for m, v in pairs]))
    cols = [c for c in (text_words.ink_color(rgb, v, bg, markers_px) for _, v in pairs) if c is not None]
    return lw, lh, gap, (tuple(np.median(cols, axis=0)) if cols else None)


def _read_unlabelled(points, wanted, on, lay, label_word: dict, gray, ink, erase, rgb, bg, markers_px,
                     budget) -> bool:
    """Markers with no label between labels on their series' sweep (`wanted`: (point index,
    value the sweep expects)): read again where the series prints its labels and around the
    marker, markers and then lines erased, taking a reading less sure than a label needs
    elsewhere only when it is exactly the value the sweep expects (a label crossed by a
    gridline or another series' line reads '8 req' at 40)."""
    lw, lh, gap, lcolor = _label_style(on, rgb, bg, markers_px)
    # (A lone '1' is looked for as a stem where the series' labels are bare numbers.)
    bare = all(re.fullmatch(r"[\d,]+", v.text) for _, v in on)
    changed = False
    for i, want in wanted:
        found = None
        for place in _label_places(points[i].x_px, points[i].y_px, lay, lw, lh, gap):
            # A place holding less ink than a thin digit's, once markers and lines are left
            # out, is passed over: the reads are few, and spent there they miss the place below
            # the marker where the label is. (Labels read already count: one may be misplaced.)
            if _free_ink(place, ink, erase[1][0]) < 0.1 * lh * lh:
                continue
            for mask, bridge in erase[:2]:
                got = [g for g in _read_label_at(place, gray, ink, mask, budget, lh, 30.0, rgb, lcolor, bg, bridge,
                                                 stem_one=bare and want == 1)
                       if abs(parse_point_label(g.text)[1] - want) <= 1e-6 * want
                       and not any(layout.overlaps(g, w) for w in label_word.values())]
                if got:
                    found = max(got, key=lambda g: g.conf)
                    break
            if found is not None:
                break
        if found is not None:
            points[i].label, points[i].label_conf = found.text, found.conf
            label_word[i] = found
            changed = True
    return changed


def _free_ink(box, ink, erase) -> int:
    """Ink pixels in `box` (x0, y0, x1, y1) outside the `erase` mask."""
    h, w = ink.shape
    x0, y0, x1, y1 = int(max(0, box[0])), int(max(0, box[1])), int(min(w, box[2])), int(min(h, box[3]))
    if x1 <= x0 or y1 <= y0:
        return 0
    m = ink[y0:y1, x0:x1]
    if erase is not None:
        m = m & ~erase[y0:y1, x0:x1]
    return int(m.sum())


_NUMBER = re.compile(r"\d{1,3}(?:,\d{3})+|\d+")


def _sweep_value(v: ocr.Word, want: float, k: int, parsed: list, expected: dict) -> ocr.Word | None:
    """Label `v` at place k of its series, off the sweep, read as the value the sweep expects
    there when its digits are that value's but for one glyph or a cut end (labels.near_misread)
    and labels on the sweep lie on both sides of it, or at the place next to it at an end of
    the run ('356' after 'n=128'): a value the chart skipped there would not read as a near
    miss of the one it skipped. The reading itself shows which number was printed. Written like
    its nearest label on the sweep ('bs=16384', '16,384', '16384 req'); None otherwise."""
    on = [j for j, q in enumerate(parsed) if q is not None and j not in expected]
    between = any(j < k for j in on) and any(j > k for j in on)
    if not (between or {k - 1, k + 1} & set(on)) or want != int(want):
        return None
    m = _NUMBER.search(v.text)
    if m is None or not near_misread(m.group(0).replace(",", ""), str(int(want))):
        return None
    model = parsed[min(on, key=lambda j: abs(j - k))][0]
    mm = _NUMBER.search(model)
    if mm is None or not re.fullmatch(r"[\d,]+", mm.group(0)):
        return None
    # Thousands commas as the sweep's labels write them (a short model, '512', shows none).
    commas = any("," in (_NUMBER.search(parsed[j][0]) or mm).group(0) for j in on)
    num = f"{int(want):,}" if commas else str(int(want))
    text = model[:mm.start()] + num + model[mm.end():]
    return ocr.Word(text, v.conf, v.x0, v.y0, v.x1, v.y1)


def with_found(read: list[ocr.Word], found: list[ocr.Word]) -> list[ocr.Word]:
    """The label words `read` and the labels found around markers (`found`), without a word
    that another one over it extends ('163' of '16384': the glyph that cut it short is gone,
    and the shorter reading would now be nearer the marker)."""
    have = {id(v) for v in read}
    out = list(read) + [f for f in found if id(f) not in have]
    return [v for v in out if not any(w is not v and layout.overlaps(w, v) and extends(w, v) for w in out)]


def pale_glyphs(series, colors, heights, named, bg, text_h: float, areas=None, max_t: float = 0.75) -> set:
    """Indices of the marks that are glyphs of a label printed in a series' colour, not
    markers: no taller than the text, coloured as a blend of the panel `bg` with the colour of
    a series of three marks or more well short of that colour (under `max_t` of the way), and
    either one or two marks in a series with no legend entry, or (with `areas`) a mark of that
    series itself under half its marks' median area. A glyph's strokes are thin and its
    counters hold the panel, so its mean is pale; the series' markers are solid in its colour."""
    counts = Counter(series)
    big = {}
    for k, (s, c) in enumerate(zip(series, colors)):
        if counts[s] >= 3:
            big.setdefault(s, []).append(k)
    refs = {s: tuple(np.median([colors[k] for k in ks], axis=0)) for s, ks in big.items()}

    def pale(c, r):
        return not_markers.blend_of(c, r, bg) and not not_markers.blend_of(c, r, bg, min_t=max_t)
    out = set()
    for i, (s, c, h) in enumerate(zip(series, colors, heights)):
        if h > 1.2 * text_h:
            continue
        if s in big:
            if areas is not None and areas[i] < 0.5 * float(np.median([areas[k] for k in big[s]])) \
                    and pale(c, refs[s]):
                out.add(i)
        elif s not in named and any(pale(c, r) for r in refs.values()):
            out.add(i)
    return out


def crossed_glyphs(centres, series, named, words, units=()) -> set:
    """Indices of the marks that are glyphs of a point label, not markers: a mark alone in its
    series (no legend entry, no other mark of its colour and shape) whose centre lies on the
    middle line of a label as read, inside its box. A line crossing a label's digit thickens it
    into a blob as solid as a marker, in a blend of the line's and the text's colours; labels
    are printed beside their markers, and a marker under another point's label is not centred
    on its line of text. Where the chart names its series, so are all the marks of a series
    with no legend entry when each lies on the middle line of a unit read alone (`units`:
    'req' of '16 req' whose digits the line made unreadable), just before it."""
    counts = Counter(series)
    out = set()
    for i, ((x, y), s) in enumerate(zip(centres, series)):
        if s in named or counts[s] != 1:
            continue
        if any(v.x0 <= x <= v.x1 and abs(y - v.cy) <= 0.25 * v.h for v in words):
            out.add(i)
    if named:
        for s in set(series) - set(named):
            mine = [i for i, t in enumerate(series) if t == s]
            if all(any(v.x0 - 1.6 * v.h <= centres[i][0] < v.x0 and abs(centres[i][1] - v.cy) <= 0.35 * v.h
                       for v in units) for i in mine):
                out.update(mine)
    return out


def _trade_crossed_labels(points, label_word: dict, series_names, text_h: float) -> None:
    """Two neighbours' labels given to each other against the order of the series' values
    (see labels.order_swaps) trade places."""
    for name in series_names:
        idx = [i for i, p in enumerate(points) if p.series == name and i in label_word and points[i].label]
        parsed = [parse_point_label(points[i].label) for i in idx]
        if any(q is None for q in parsed):
            continue
        items = [(points[i].x_px, points[i].y_px, q[1], label_word[i]) for i, q in zip(idx, parsed)]
        for a, b in order_swaps(items, text_h):
            i, j = idx[a], idx[b]
            pi, pj = points[i], points[j]
            pi.label, pj.label = pj.label, pi.label
            pi.label_conf, pj.label_conf = pj.label_conf, pi.label_conf
            label_word[i], label_word[j] = label_word[j], label_word[i]


_PREFIXED = re.compile(r"^([A-Za-z_]{1,12})\s*=\s*(\d.*)$")


def _prefix_restored(label_word: dict, reread) -> dict:
    """{point index: label text} for labels read without the prefix ('n=', 'bs=') that at least
    two others carry, whose first character is a '1' (or 'l', 'i', 'I', '|'): OCR reads a
    small 'n=' as a '1' ('164' of 'n=64'). Taken only when `reread(box, text height)`, a
    reading of the line from the prefix's width further left, shows the prefix before the
    rest of the digits."""
    pre = {}
    for v in label_word.values():
        m = _PREFIXED.match(v.text.strip())
        if m:
            pre.setdefault(m.group(1), []).append(v)
    if not pre:
        return {}
    prefix, have = max(pre.items(), key=lambda kv: len(kv[1]))
    if len(have) < 2:
        return {}
    char_w = float(np.median([v.w / max(1, len(v.text.strip())) for v in have]))
    lh = float(np.median([v.h for v in have]))
    out = {}
    for i, v in label_word.items():
        t = v.text.strip()
        if "=" in t or not re.fullmatch(r"[1liI|]\d[\d,]*", t):
            continue
        for margin in (1.5, 0.5, 2.5):
            box = (v.x0 - (len(prefix) + margin) * char_w, v.y0, v.x1 + 0.5 * char_w, v.y1)
            got = [g.text.strip() for g in reread(box, lh) if (m := _PREFIXED.match(g.text.strip()))
                   and m.group(1) == prefix and m.group(2) == t[1:]]
            if got:
                out[i] = got[0]
                break
    return out


def marker_solids(depth: np.ndarray, min_radius: float, centres) -> np.ndarray:
    """Pixels of the solid blobs (imageops.solid_regions) that are markers: the cores deeper
    than `min_radius` holding a marker's centre (`centres`, (x, y)), or as big as half the
    median of those. A blurred or bold digit has a core too, a few pixels where its strokes
    meet: erased as a marker, a label a line or a marker does not touch ('4' above its
    marker) would no longer read."""
    core = (depth >= min_radius).astype(np.uint8)
    if not core.any():
        return np.zeros(depth.shape, bool)
    n, lab, st, _ = cv2.connectedComponentsWithStats(core, connectivity=8)
    h, w = depth.shape
    held = {int(lab[int(round(y)), int(round(x))]) for x, y in centres
            if 0 <= int(round(y)) < h and 0 <= int(round(x)) < w} - {0}
    if held:
        big = 0.5 * float(np.median([st[k, cv2.CC_STAT_AREA] for k in held]))
        keep = [k for k in range(1, n) if k in held or st[k, cv2.CC_STAT_AREA] >= big]
        core = np.isin(lab, keep).astype(np.uint8)
    d = int(2 * np.ceil(min_radius) + 3)
    grown = cv2.dilate(core, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (d, d)))
    return grown.astype(bool) & (depth > 0)


def series_line_pixels(rgb: np.ndarray, points: list[Point], halfwidth: float, bg, slack: int = 5) -> np.ndarray:
    """Pixels of the lines joining each series' markers (in x order) that have the series'
    colour or a blend of it with the background `bg` (the line's anti-aliased edges): a label
    the line runs through reads once they are erased (one printed in another colour keeps its
    strokes)."""
    h, w = rgb.shape[:2]
    band = np.zeros((h, w), np.uint8)
    names = sorted({p.series for p in points})[:254]
    colors = np.zeros((len(names) + 1, 3), np.float32)
    for k, name in enumerate(names, 1):
        pts = sorted((p for p in points if p.series == name), key=lambda p: p.x_px)
        colors[k] = mean_color_of(pts)
        for a, b in zip(pts, pts[1:]):
            cv2.line(band, (int(round(a.x_px)), int(round(a.y_px))), (int(round(b.x_px)), int(round(b.y_px))),
                     k, thickness=int(2 * np.ceil(halfwidth) + slack))
    ys, xs = np.nonzero(band)
    out = np.zeros((h, w), bool)
    if len(ys) == 0:
        return out
    c = rgb[ys, xs].astype(np.float32) - np.asarray(bg, np.float32)
    d = colors[band[ys, xs]] - np.asarray(bg, np.float32)
    t = np.einsum("ij,ij->i", c, d) / np.maximum(np.einsum("ij,ij->i", d, d), 1.0)
    resid = np.abs(c - t[:, None] * d).max(axis=1)
    near = (t > 0.1) & (resid < 40)
    out[ys[near], xs[near]] = True
    return out


# OCR calls the re-reads may make on one chart (each a few milliseconds), and at most for
# one marker's missing label.
_REREAD_BUDGET = 40
_UNSURE_REREADS = 8     # of words read unsure, apart (see attach_labels)
_REREADS_PER_MARKER = 10


def _box_gap(m, v: ocr.Word) -> float:
    dx = max(v.x0 - m[0], 0.0, m[0] - v.x1)
    dy = max(v.y0 - m[1], 0.0, m[1] - v.y1)
    return float(np.hypot(dx, dy))


def _closest_claim(v: ocr.Word, i: int, markers, pairs, words=None) -> bool:
    """Label `v` read near marker i is its label unless a marker of the same series, or one
    already labelled, is nearer (a stray blob of another colour, often a glyph of the label
    itself, is no claim). A marker whose own label (`words[pairs[k]]`) is no further from it
    than `v` claims nothing more: a marker has one label."""
    d = _box_gap(markers[i][:2], v)

    def claims(k, m):
        if k == i or _box_gap(m[:2], v) >= d:
            return False
        if k in pairs:
            return words is None or _box_gap(m[:2], words[pairs[k]]) > _box_gap(m[:2], v)
        return markers[k][2] == markers[i][2]
    return not any(claims(k, m) for k, m in enumerate(markers))


def _label_places(mx: float, my: float, lay, lw: float, lh: float, gap: float):
    """Boxes (x0, y0, x1, y1) where a marker's label may be: where its series' labels are, then
    above, below, right, left and at the four corners, `gap` from the marker centre. Boxes are
    a character wider on both sides than the typical label, as labels differ in length."""
    pad = 1.0 * lh
    lw = max(lw, 2.5 * lh)    # the labels read may be the short ones, or have lost their unit
    out = []
    if lay is not None:
        a, ox, oy, _ = lay
        ax, cy = mx + ox, my + oy
        x0 = {0: ax, 1: ax - lw / 2, 2: ax - lw}[a]
        out.append((x0 - pad, cy - 0.5 * lh, x0 + lw + pad, cy + 0.5 * lh))
    g = max(gap, 1.0)
    d = 0.7 * g
    for cx, cy, ax in ((mx, my - g - lh / 2, 1), (mx, my + g + lh / 2, 1), (mx + g, my, 0), (mx - g, my, 2),
                       (mx + d, my - d - lh / 2, 0), (mx + d, my + d + lh / 2, 0),
                       (mx - d, my - d - lh / 2, 2), (mx - d, my + d + lh / 2, 2)):
        x0 = {0: cx, 1: cx - lw / 2, 2: cx - lw}[ax]
        box = (x0 - pad, cy - 0.5 * lh, x0 + lw + pad, cy + 0.5 * lh)
        if not out or max(abs(box[0] - out[0][0]), abs(box[1] - out[0][1])) > 0.5 * lh:
            out.append(box)
    return out


def _isolate_color(rgb: np.ndarray, color, bg, resid_max: float = 50.0,
                   t_min: float = 0.45) -> tuple[np.ndarray, np.ndarray]:
    """Dark-on-white rendering of only the pixels of `color` (or at least `t_min` of the way
    to it from the background `bg`, off that way by under `resid_max`), and their mask: a
    label read apart from gridlines and from other series' lines and markers."""
    c = rgb.astype(np.float32) - np.asarray(bg, np.float32)
    d = np.asarray(color, np.float32) - np.asarray(bg, np.float32)
    t = (c @ d) / max(float(d @ d), 1.0)
    resid = np.abs(c - t[..., None] * d).max(axis=-1)
    keep = (t >= t_min) & (resid < resid_max)
    gray = np.where(keep, 255.0 - 255.0 * np.clip(t, 0, 1), 255.0).astype(np.uint8)
    return gray, keep


def _read_label_at(box, gray, ink, erase, budget, lh, min_conf: float = 60.0, rgb=None, color=None,
                   bg=None, bridge: int = 0, stem_one: bool = False) -> list[ocr.Word]:
    """Point labels read in one box (page coordinates), gridlines and the `erase` pixels
    (markers, series lines) removed, and with `color` given, only the label's colour kept;
    nothing when the box holds no ink or the OCR budget is spent. `stem_one`: where the label
    '1' is looked for, a lone stem of a digit's height that tesseract reads as nothing is it."""
    h, w = gray.shape
    x0, y0 = int(max(0, box[0])), int(max(0, box[1] - 0.3 * lh))
    x1, y1 = int(min(w, box[2])), int(min(h, box[3] + 0.3 * lh))
    if x1 - x0 < 4 or y1 - y0 < 4 or budget[0] <= 0:
        return []
    # Gridlines are found in a window reaching a rule's length past the crop: inside a crop
    # one text line tall, a gridline is no longer than a glyph's stem.
    n = int(round(2.0 * lh))
    ex0, ey0, ex1, ey1 = max(0, x0 - n), max(0, y0 - n), min(w, x1 + n), min(h, y1 + n)
    if color is not None:
        crop, keep = _isolate_color(rgb[ey0:ey1, ex0:ex1], color, bg)
    else:
        crop = gray[ey0:ey1, ex0:ex1].copy()
        keep = ink[ey0:ey1, ex0:ex1].copy()
    if erase is not None:
        # Markers go before rules are looked for: a label's digit touching a marker's tip
        # above it ('8' under a diamond) is, with the marker, a dashed vertical run a rule long.
        keep &= ~erase[ey0:ey1, ex0:ex1]
    unruled = imageops.remove_rules(keep, n, dashed=True)
    # A dashed gridline that runs across the whole window, past the label on both sides.
    if ex1 - ex0 > (x1 - x0) + n:
        unruled &= ~imageops.dashed_rows(unruled, int(0.9 * (ex1 - ex0)), max(2, int(round(0.5 * lh))))
    crop[keep & ~unruled] = 255
    keep = unruled
    inner = (slice(y0 - ey0, y1 - ey0), slice(x0 - ex0, x1 - ex0))
    crop, keep = crop[inner].copy(), keep[inner].copy()
    if erase is not None:
        gone = erase[y0:y1, x0:x1]
        crop[gone] = 255
        keep = keep & ~gone
        if bridge:
            # Strokes a line crossed are cut where it was erased: close those gaps again.
            k = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (bridge, bridge))
            fill = cv2.morphologyEx(keep.astype(np.uint8), cv2.MORPH_CLOSE, k).astype(bool) & gone
            crop[fill] = int(np.percentile(crop[keep], 20)) if keep.any() else 0
            keep = keep | fill
    specks = dotted_specks(keep, lh)
    crop[specks] = 255
    keep = keep & ~specks
    if keep.sum() < 4:
        return []
    budget[0] -= 1
    scale = float(np.clip(30.0 / max(lh, 1), 1.0, 4.0))
    got, doubtful = _labels_read(crop, (x0, y0), scale, lh, min_conf)
    if not got and doubtful and scale < 3.0:
        # Clean serif labels of 10 px read at 1.5 times come out unsure ('4req' at 7, '1 req'
        # at 53) and sure at 2.5 ('4req' at 62, '1 req' at 93): a label read unsure is read
        # again larger.
        got, _ = _labels_read(crop, (x0, y0), min(4.0, 1.7 * scale), lh, min_conf)
    if not got and not doubtful:
        # A lone digit beside a stroke of its line: read as one line, the two make one word
        # that is no label ('\\4'); read as sparse text, the digit is a word of its own.
        got, doubtful = _labels_read(crop, (x0, y0), float(np.clip(2.0 * scale, 2.5, 4.0)), lh, min_conf,
                                     ocr.PSM_SPARSE)
    if not got and not doubtful and stem_one:
        stem = _lone_stem(keep, lh)
        if stem is not None:
            sx, sy, sw, sh = stem
            got = [ocr.Word("1", min_conf, x0 + sx, y0 + sy, x0 + sx + sw, y0 + sy + sh)]
    return got


def _lone_stem(keep: np.ndarray, lh: float):
    """The box (x, y, w, h) of the one glyph in `keep` when it is a stem as tall as a digit and
    at most half as wide ('1' with its flag); None otherwise."""
    n, _, st, _ = cv2.connectedComponentsWithStats(keep.astype(np.uint8), connectivity=8)
    comps = [st[i] for i in range(1, n) if st[i, cv2.CC_STAT_AREA] >= 3]
    if len(comps) != 1:
        return None
    x, y, w, h, area = (int(v) for v in comps[0])
    if not (0.6 * lh <= h <= 1.3 * lh and w <= 0.5 * h and area >= 0.5 * w * h):
        return None
    return x, y, w, h


def _labels_read(crop, origin, scale: float, lh: float, min_conf: float, psm: int = ocr.PSM_LINE):
    """The point labels read in `crop` at `scale` that are sure (at `min_conf`), and whether
    some reading was a label but unsure."""
    # Labels under 10 px tall blur into each other once enlarged three times and more: an
    # unsharp mask parts their strokes again (as for tick labels, layout.TICK_REREADS).
    read = ocr.read_crop(crop, origin, scale, psm, sharpen=scale >= 3.0)
    if psm == ocr.PSM_SPARSE:
        # Read sparse, a word with a mark at either end is a neighbour's label cut by the crop
        # ('~4' of '64' beside the marker of '8': seed-9 syn080), not a label on its own.
        read = [v for v in read if v.text.strip()[:1].isalnum() and v.text.strip()[-1:].isalnum()]
    read = [_one_for_ell(v) for v in read]
    read = [text_words.cleaned_label(v, whole=False) if parse_point_label(v.text) is not None else v for v in read]
    labels = [text_words.cleaned_label(v) for v in join_label_units(read, lh) if parse_point_label(v.text) is not None]
    return [v for v in labels if v.conf >= min_conf], bool(labels)


def dotted_specks(keep: np.ndarray, lh: float) -> np.ndarray:
    """Pixels of the specks left of a dotted gridline in a label's crop: blobs no bigger than a
    quarter of the text height a side, three or more on one row. Tesseract reads a row of them
    along a label's baseline as glyphs ('HBA,' for 'bs=16384'); a label's own comma or point
    is one, or two on a row at most. A gridline runs on past the label's glyphs: a row of
    specks all within them is the glyphs' own crumbs (7 px text downscaled breaks into pixels,
    and its comma with them)."""
    n, lab, st, cen = cv2.connectedComponentsWithStats(keep.astype(np.uint8), connectivity=8)
    lim = max(2, int(round(0.25 * lh)))
    small = [i for i in range(1, n) if st[i, cv2.CC_STAT_WIDTH] <= lim and st[i, cv2.CC_STAT_HEIGHT] <= lim]
    big = [i for i in range(1, n) if i not in small]
    gx0 = min((st[i, cv2.CC_STAT_LEFT] for i in big), default=keep.shape[1])
    gx1 = max((st[i, cv2.CC_STAT_LEFT] + st[i, cv2.CC_STAT_WIDTH] for i in big), default=0)
    drop = []
    for i in small:
        row = [j for j in small if abs(cen[j, 1] - cen[i, 1]) <= 1.0]
        if len(row) >= 3 and any(cen[j, 0] < gx0 or cen[j, 0] > gx1 for j in row):
            drop.append(i)
    return np.isin(lab, drop) if drop else np.zeros(keep.shape, bool)


# After a key's '=' a bracket or bar is a '1' too ('n=]' of a small serif 'n=1'); alone, a
# bar is a gridline's end, no label.
_ELL = re.compile(r"^((?:[A-Za-z_]{1,12}\s*=\s*)?)(?:[lI]|(?<==)[\]|])(?=$|\s)")


def _one_for_ell(v: ocr.Word) -> ocr.Word:
    """A lone '1' read as 'l' or 'I' ('l req', 'n=l') where a label is looked for: the word as
    the label it is. Only for reads where a label is expected, and only a lone letter: 'loss'
    is a word, and a line read as '|' no label."""
    t = v.text.strip()
    if parse_point_label(t) is not None or not _ELL.match(t):
        return v
    fixed = _ELL.sub(lambda m: m.group(1) + "1", t, count=1)
    if parse_point_label(fixed) is None:
        return v
    return ocr.Word(fixed, v.conf, v.x0, v.y0, v.x1, v.y1)


def _reread_cut_label(v: ocr.Word, gray, ink, erase, budget, rgb=None, bg=None) -> ocr.Word | None:
    """A label whose first or last glyph touches a marker or a line is often read without it
    ('28' of '128', 'n=6' of 'n=64'): when ink goes on right beside the word, read it again a
    character wider on both sides with the markers erased, and keep the longer reading that
    holds the first one."""
    h, w = gray.shape
    reach = max(2, int(round(0.5 * v.h)))
    rows = slice(max(0, v.y0), min(h, v.y1))
    left = ink[rows, max(0, v.x0 - reach):max(0, v.x0 - 1)]
    right = ink[rows, min(w, v.x1 + 1):min(w, v.x1 + reach)]
    if not (left.any() or right.any()):
        return None
    pad = 1.2 * v.h
    color = text_words.ink_color(rgb, v, bg, erase[0] if erase is not None else None) if rgb is not None else None
    mask, bridge = erase if erase is not None else (None, 0)
    got = _read_label_at((v.x0 - pad, v.y0, v.x1 + pad, v.y1), gray, ink, mask, budget, v.h, 50.0,
                         rgb, color, bg, bridge)
    old = parse_point_label(v.text)
    best = None
    # A marker the word's box took in at one end reads as a '1' there ('164 req' of '64 req'
    # beside a square): with the marker erased, the reading without that '1' is the label.
    ends = _marker_ends(v, mask)
    for g in got:
        new = parse_point_label(g.text)
        if new is not None and layout.overlaps(g, v) and g.conf >= 60 and (
                ("left" in ends and old[0][:1] == "1" and new[0] == old[0][1:] and new[0][:1].isdigit())
                or ("right" in ends and old[0][-1:] == "1" and new[0] == old[0][:-1] and new[0][-1:].isdigit())):
            return g
    for g in got:
        new = parse_point_label(g.text)
        if new is None or not layout.overlaps(g, v):
            continue
        od = re.sub(r"\D", "", old[0])
        nd = re.sub(r"\D", "", new[0])
        # Longer by a glyph or two (three when the thousands commas fall right: '384' of
        # '16,384'), the first reading's digits kept in order, no decimals made up.
        grown = len(old[0]) + (3 if re.search(r"(?<![\d,])\d{1,3}(,\d{3})+$", new[0]) else 2)
        if (len(old[0]) < len(new[0]) <= grown and od in nd and ("." in new[0]) <= ("." in old[0])
                and g.conf >= v.conf - 25 and (best is None or len(new[0]) > len(best.text))):
            best = g
        # A first reading OCR gave no confidence at all ('n=11' at 0 for 'n=16' with a marker on
        # its '6'): a sure reading as long, with the same words around the number, replaces it.
        # (A reading at some confidence, even low, is more often right than a re-read of a crop.)
        elif (best is None and v.conf < 5 and g.conf >= 80.0 and len(new[0]) == len(old[0])
              and re.sub(r"\d", "", new[0]) == re.sub(r"\d", "", old[0])):
            best = g
    return best


def _short_for_its_box(v: ocr.Word, char_w: float) -> bool:
    """A word read unsure (under 50) with a character and a half fewer than its box holds at
    `char_w` (the width per character of the chart's sure labels): OCR gave up on most of it."""
    return v.conf < 50 and v.w > (len(v.text.strip()) + 1.5) * char_w


def _worded_like(text: str, model: ocr.Word) -> bool:
    """`text` is worded as the `model` label is: the same words and separators, or, where the
    model was read unsurely (under 50), as many letters in the same places ('16 req' like
    '64 reo' at 36: seed-52 syn037)."""
    def shape(t):
        return re.sub(r"[^\W\d_]", "a", re.sub(r"\d", "", t))
    return _same_words(text, model.text) or (model.conf < 50 and shape(text) == shape(model.text))


def _same_words(a: str, b: str) -> bool:
    """Two label texts alike but for their digits (the same words and separators)."""
    return re.sub(r"\d", "", a) == re.sub(r"\d", "", b)


def _surer_same_form(g: ocr.Word, v: ocr.Word) -> bool:
    """Reading `g` may replace `v`: as long, the same words around other digits, and sure
    (90) where `v` was not (by 20 at least)."""
    a, b = parse_point_label(g.text), parse_point_label(v.text)
    return (a is not None and b is not None and len(a[0]) == len(b[0]) and _same_words(a[0], b[0])
            and g.conf >= max(90.0, v.conf + 20))


def _surer_one_shorter(g: ocr.Word, v: ocr.Word) -> bool:
    """Reading `g` may replace `v`, read with no confidence (under 50): one glyph shorter,
    the same words and separators around other digits, and surer by 15 (60 at least). A
    marker beside a label, taken in by the page's reading of its line, reads as a digit more
    ('47,048' of '2,048' under a triangle); with the markers erased it is gone."""
    a, b = parse_point_label(g.text), parse_point_label(v.text)
    return (a is not None and b is not None and v.conf < 50 and len(a[0]) == len(b[0]) - 1
            and g.conf >= max(60.0, v.conf + 15) and _same_words(a[0], b[0]))


def _marker_ends(v: ocr.Word, mask) -> set:
    """Which ends of word `v`'s box ('left', 'right') hold marker pixels (`mask`) within half a
    character of its edge."""
    if mask is None:
        return set()
    rows = slice(max(0, v.y0), max(0, v.y1))
    reach = max(1, int(round(0.35 * v.h)))
    out = set()
    if mask[rows, max(0, v.x0):max(0, v.x0 + reach)].any():
        out.add("left")
    if mask[rows, max(0, v.x1 - reach):max(0, v.x1)].any():
        out.add("right")
    return out


def mean_color_of(points: list[Point]):
    return tuple(int(v) for v in np.median([p.color for p in points], axis=0)) if points else (0, 0, 0)


_COMMA_GROUPED = re.compile(r"\d{1,3}(?:,\d{3})+")
_POINT_GROUPED = re.compile(r"\d{1,3}(?:\.\d{3})+")


def comma_separators(labels: list[str]) -> list[str]:
    """The chart's point labels with thousands points made commas where another label writes
    its thousands with a comma: a blurred comma reads as a point ('2.048' beside '1,024' and
    '32,768': seed-50 syn114). A label with any other decimal keeps its points."""
    nums = [n for t in labels for n in re.findall(r"\d[\d,.]*\d|\d", t)]
    if not any(_COMMA_GROUPED.fullmatch(n) for n in nums) or \
            any("." in n and not _POINT_GROUPED.fullmatch(n) for n in nums):
        return list(labels)
    return [_POINT_GROUPED.sub(lambda m: m.group(0).replace(".", ","), t) for t in labels]

