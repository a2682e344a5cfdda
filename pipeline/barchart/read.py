"""Bar charts: bars -> one row per bar (series, category, value from the bar's length, printed
value label and whether the two agree).

The chart is turned upright first (a horizontal bar chart is rotated a quarter turn), so bars
always grow upwards from a baseline; words keep their original boxes for reading order and are
mapped into the upright frame only for geometry. Values go through the value axis's
calibration, or, without one, through a scale fitted from the printed labels to bar lengths.
"""
from __future__ import annotations

import numpy as np

from .. import imageops
from ..axes import evenly_stepped
from ..marks.bars import refine_end
from ..marks.legend import overlaps_blob, text_lines
from ..marks.series import color_groups, lab_distance, to_lab
from ..numbers import parse_value_label
from ..ocr import Word
from ..titles import y_title_column
from ..xychart.not_markers import blend_of, in_sure_word
from ..xychart.text_words import text_color
from .categories import (_category_texts, axis_centre, _commonest, _read_marker, _read_slot, _reread_text,
                         _rotated_categories, _without_stray_rules, label_band_color,
                         ones_among_numbered)
from .frame import BarRow
from .layout import _bar_blob, _groups, _merge_same_series, _slots, find_bar_chart
from .names import (_by_bar_colour, _covered, _glyph_checked, _legend_blobs, _legend_first, _name_text,
                    _swatch_like,
                    _read_beside_swatches, distinct_names, hidden_swatches, same_size, sibling_swatches,
                    swatches_on_bars, pitch_swatches,
                    reread_legend_lines)
from .value_axis import _decimal_shift, _expected_values, _label_scale, _values
from .value_labels import (REREAD_BUDGET, _assign_labels, _harmonise_format, _harmonise_units, _over_gap,
                           _phrase, _read_value_labels)


def _without_title_glyphs(texts: list[list[Word]], ink: np.ndarray, text_h: float):
    """Category labels left of horizontal bars without the glyphs of a rotated axis title
    further left, which OCR reads with the label level with them ('8 Qwen2.5 72B', '3 Long
    test'): the title's column is found left of the labels' words of two characters or more.
    Returns the labels' words and the first column right of the title (0 without one), where
    labels read again start."""
    named = [v for ws in texts for v in ws if sum(c.isalnum() for c in v.text) >= 2]
    col = y_title_column(ink, named, text_h) if named else None
    if col is None:
        return texts, 0
    return [[v for v in ws if not col[0] - 1 <= v.cx <= col[1] + 1] for ws in texts], col[1] + 2


def read_bars(rgb, gray, words, xa, ya, text_h, page_bg, params, legend_fn):
    """Rows of a bar chart, or None when it is not one. `legend_fn(blobs, data_blobs, words)`
    finds the legend entries among swatch candidates (the XY legend reader)."""
    got = find_bar_chart(rgb, words, xa, ya, text_h, page_bg)
    if got is None:
        return None
    frame, axis, stacks, base, loose, bg, rgb_u = got
    notes = []
    tick_ids = {id(v) for v in (axis.words if axis is not None else [])}
    text_rgb = text_color(rgb, axis.words, page_bg) if axis is not None else None
    other_axis = ya if frame.horizontal else xa
    if other_axis is not None:
        # Numbers along the categories are category names (batch sizes, years) below the
        # baseline, and value labels above it (a row of printed values reads as an axis too):
        # they are read as such, not set aside as ticks.
        notes.append("category axis: numeric labels read as a numeric axis were taken as categories")
    segments = [c for s in stacks for c in s]
    for c in segments:
        c.top = refine_end(rgb_u, c)

    # Legend: swatches are the solid pieces that stand on no baseline.
    bar_blobs = [_bar_blob(c, frame) for c in segments]
    # A bar-coloured counter of a glyph printed on a bar ('0' of '0.6x') is no swatch.
    swatches = [b for b in _legend_blobs(loose, frame)
                if not in_sure_word(b, words, min_conf=80, min_chars=3, letters_only=False)
                and not _within_own_bar(b, bar_blobs, rgb, text_h)]
    # Those coloured like some bar come first: specks of grey text (blurred letters stand as
    # solid pieces too) are no swatches and must not use up the re-reads or hide words.
    swatches, n_coloured = _by_bar_colour(swatches, segments)
    swatches = _legend_first(swatches, n_coloured, text_h)

    def read_legend(coloured):
        # OCR reads a swatch as a word ('Mmmm'); such a word would hide the swatch from its entry.
        legend_words = [v for v in words if not any(_covered(v, b, text_h) for b in coloured)]
        # Only swatches of a bar's colour can make entries (see below): their lines are re-read.
        lines = _read_beside_swatches(gray, coloured, text_h, coloured, rgb=rgb, page=legend_words)
        legend_words = reread_legend_lines(legend_words, lines)
        # Only a swatch of a bar's colour makes an entry (see below): the other pieces (specks of
        # text) must not sway the legend reader either, whose entries all take their swatch on the
        # side that explains more lines ('baseline' went to the next entry's swatch on its right,
        # as a speck right of a category label made two entries on that side).
        legend = legend_fn(coloured, bar_blobs, legend_words)
        # A bar chart's legend names bar colours: an "entry" whose swatch is no bar's colour is a
        # coloured mark beside some text (a title's icon, a logo), not a legend entry.
        if legend and segments:
            bar_lab = to_lab([c.color for c in segments])

            def off_bars(e) -> float:
                return float(np.min(np.linalg.norm(bar_lab - to_lab([e.blob.color])[0], axis=1)))
            # ... and a piece of text's colour paler than the text, off every bar's colour by
            # more than a swatch ever is (a category label's first glyphs run together, 'Dee' of
            # plotly's 'DeepSeek-V3', 30 off the dark teal bars: set-8 h48), is glyphs.
            legend = [e for e in legend if (off := off_bars(e)) <= 35
                      and not (off > 15 and text_rgb is not None
                               and any(blend_of(e.blob.color, text_rgb, b, min_t=0.3, resid=20.0)
                                       for b in (page_bg, bg)))]
        # Nor is a swatch lying on another entry's name: blurred grey text stands as a solid
        # piece too, and a name's piece passed for the swatch of the next name ('baseline'
        # for 'queue', whose bars then went to no entry and it to no bar).
        legend = [e for e in legend
                  if not any(o is not e and any(overlaps_blob(w, e.blob) for w in o.words) for o in legend)]
        return _without_specks(legend)

    legend = read_legend(swatches[:n_coloured])
    if segments:
        # Bar colours no entry names, beside text that no entry took: their swatches may be
        # hidden in a legend drawn over the bars (see hidden_swatches).
        grp = color_groups([c.color for c in segments], params.series_color_delta)
        reps = [next(c.color for c, g2 in zip(segments, grp) if g2 == g) for g in sorted(set(grp))]
        named = to_lab([e.blob.color for e in legend]) if legend else np.zeros((0, 3))
        missing = [c for c in reps
                   if not len(named) or float(np.min(np.linalg.norm(named - to_lab([c])[0], axis=1))) > 35]
        if missing and len(reps) >= 2:
            taken = {id(v) for e in legend for v in e.words} | tick_ids
            free = [v for v in words if id(v) not in taken and any(ch.isalpha() for ch in v.text) and v.conf >= 40]
            hidden = hidden_swatches(rgb, text_lines(free, text_h), missing, text_h)
            hidden += swatches_on_bars(rgb, bar_blobs, reps, text_h)
            hidden += sibling_swatches(rgb, hidden + [e.blob for e in legend], missing, text_h)
            hidden += pitch_swatches(rgb, [e.blob for e in legend], missing)
            # (A swatch found so is hidden by a piece already a swatch candidate, unless that is
            # too wide for one: a row of a legend box over a bar, cut as one piece with it.)
            hidden = [b for k, b in enumerate(hidden) if not any(_covered_blob(b, o) for o in swatches[:n_coloured]
                                                                 if _swatch_like(o, text_h))
                      and not any(_covered_blob(b, o) for o in hidden[:k])]
            if hidden:
                again = read_legend(hidden + swatches[:n_coloured])
                if len(again) > len(legend):
                    legend = again
    # The legend's words may be its lines read again (new words): the page's words they cover
    # are legend text too, no category or value label.
    legend_ids = {id(v) for e in legend for v in e.words}
    legend_ids |= {id(v) for v in words if any(_same_text_box(v, u) for e in legend for u in e.words)}
    # (and a word that is an entry's swatch read as letters: 'Cc' under a category label)
    legend_ids |= {id(v) for v in words if any(_covered(v, e.blob, text_h) for e in legend)}

    # Series: a legend entry by colour, else colour groups of the bars.
    seg_colors = [c.color for c in segments]
    names: list[str] = []
    series_idx: dict[int, int] = {}
    if legend:
        lab_leg = to_lab([e.blob.color for e in legend])
        for c in segments:
            d = np.linalg.norm(lab_leg - to_lab([c.color])[0], axis=1)
            series_idx[id(c)] = int(np.argmin(d)) if d.min() <= 35 else -1
        # Two bar colours the series rule tells apart are two series, though both lie nearest
        # one legend swatch (blue and purple bars, the blue entry unread): the swatch keeps the
        # nearer colour, the other becomes a series of its own (and a category holds both).
        grp = color_groups(seg_colors, params.series_color_delta)
        for k in range(len(legend)):
            mine = sorted({g for c, g in zip(segments, grp) if series_idx[id(c)] == k})
            if len(mine) < 2:
                continue
            dist = {g: float(np.mean([np.linalg.norm(lab_leg[k] - to_lab([c.color])[0])
                                      for c, g2 in zip(segments, grp) if g2 == g])) for g in mine}
            keep = min(mine, key=dist.get)
            for c, g in zip(segments, grp):
                if series_idx[id(c)] == k and g != keep:
                    series_idx[id(c)] = -1
        ink = gray < params.ink_gray_threshold
        names = [_name_text(" ".join(_glyph_checked(v, ink, text_h, rgb, params.ink_gray_threshold) for v in e.words))
                 for e in legend]
        sides = [int(np.mean([v.cx for v in e.words]) < e.blob.cx) for e in legend]
        names = [_name_text(n) for n in distinct_names(names, [e.blob for e in legend], sides, gray, text_h, rgb)]
        for e, n in zip(legend, names):
            e.text = n
        lost = [c for c in segments if series_idx[id(c)] < 0]
        if lost:
            # Bars of a colour the legend does not name are a series of their own.
            notes.append("some bars match no legend colour")
            grp = color_groups([c.color for c in lost], params.series_color_delta)
            first = {}
            for c, g in zip(lost, grp):
                if g not in first:
                    first[g] = len(names)
                    names.append(f"series-{len(names) + 1}")
                series_idx[id(c)] = first[g]
    else:
        grp = color_groups(seg_colors, params.series_color_delta)
        order = []
        for g in grp:
            if g not in order:
                order.append(g)
        for c, g in zip(segments, grp):
            series_idx[id(c)] = order.index(g)
    stacks = _merge_same_series(stacks, series_idx)
    segments = [c for s in stacks for c in s]
    stack_key = lambda s: tuple(series_idx[id(c)] for c in s)  # noqa: E731
    groups = _groups(stacks, stack_key, len(legend))
    per_cat_one = all(len(g) == 1 for g in groups)
    stacked = any(len(s) > 1 for s in stacks)
    if not legend:
        n_series = len({series_idx[id(c)] for c in segments})
        if per_cat_one and not stacked:
            # One bar per category: its colour is decoration, not a series.
            for c in segments:
                series_idx[id(c)] = 0
            n_series = 1
        names = [f"series-{k + 1}" for k in range(n_series)]

    slots = _slots(groups, stack_key)
    budget = [REREAD_BUDGET + len(slots)]
    # Category labels stand on the page, outside the plot: their gray is the difference from
    # the page colour alone (a second "background" found on a bar chart is often a bar colour,
    # which pales text of a near colour), at the page's own contrast for rotated labels: the
    # page gray doubles it, which fills in the small blurred glyphs of turned text ('GOA
    # Dinanawd' for 'GPQA Diamond').
    # The labels stand on the page: where a panel covering most of the image passed for the page
    # colour, the band beyond the baseline shows the true page, which both grays then whiten.
    band = label_band_color(rgb, frame, slots, base, text_h, page_bg)
    soft = imageops.text_gray(rgb, band, None, gain=1.0)
    cat_gray = gray if band is page_bg else imageops.text_gray(rgb, band, page_bg)
    cats = _rotated_categories((cat_gray, soft), slots, base, text_h) if not frame.horizontal else None
    if cats is None:
        titled = (not frame.horizontal and axis is not None
                  and y_title_column(gray < params.ink_gray_threshold, axis.words, text_h) is not None)
        # (Only under vertical bars is a title told from a wrapped label's line.)
        centre = None if frame.horizontal else axis_centre(gray < params.ink_gray_threshold, base, slots)
        texts = _category_texts(words, frame, slots, base, text_h, tick_ids | legend_ids, titled, centre)
        limit = 0
        if frame.horizontal:
            texts, limit = _without_title_glyphs(texts, gray < params.ink_gray_threshold, text_h)
        found = [frame.word(v).y1 for ws in texts for v in ws]
        # A slot whose label the page pass missed is read on its own, as deep as the others go.
        depth = max(found) + 0.3 * text_h if found else base + (12 if frame.horizontal else 3) * text_h
        cats = [_reread_text(cat_gray, ws, text_h, budget, frame, base, slot, depth, soft, limit) if ws else
                _read_slot(cat_gray, frame, slot, base, depth, text_h, budget, soft, words, limit)
                for ws, slot in zip(texts, slots)]

    cats = ones_among_numbered([_without_stray_rules(c) for c in cats])

    # Value labels printed by the bars (beyond the end or inside), and marker words (OOM).
    vl_words = [v for v in words if id(v) not in tick_ids and id(v) not in legend_ids
                and parse_value_label(v.text) is not None and frame.word(v).y1 <= base + 0.3 * text_h
                and (v.conf >= 50 or len(v.text) >= 3)]
    # A value label sits at the end of one bar: text centred over a group is an annotation.
    vl_words = [v for v in vl_words if not _over_gap(frame.word(_phrase(v, words, text_h)), segments)]
    pairs = _assign_labels(vl_words, segments, frame, text_h)
    page_labels = {bi: vl_words[li] for bi, li in pairs.items()}
    expected = _expected_values(segments, frame, axis, base)
    # Ticks read without their decimal point make every bar ten times too long: seen in the
    # page's labels first, so that the labels' re-read is checked against the right values.
    page_nums = {bi: parse_value_label(v.text) for bi, v in page_labels.items()}
    tick_texts = [t.text for t in axis.calibration.ticks] if axis is not None and axis.calibration is not None else []
    shift = _decimal_shift([(p[1] if p else None, expected[bi]) for bi, p in page_nums.items()], tick_texts)
    expected = [e * shift if e is not None else None for e in expected]
    reads: dict[int, list[Word]] = {}
    cal = axis.calibration if axis is not None else None
    unit_px = lambda: abs(cal.slope) * shift if cal is not None and not cal.is_log else None  # noqa: E731
    memo: dict = {}
    labels_of = _read_value_labels(rgb, frame, segments, page_labels, expected, bg, text_h, reads,
                                   unit_px(), memo)
    if axis is not None and shift == 1.0 and _misread_axis(axis, segments, labels_of, expected, base, text_h):
        notes.append(f"{MISREAD_AXIS} ('" + "', '".join(tick_texts) + "') do not step evenly, and the printed "
                     "values disagree with them all while agreeing with each other: the ticks were "
                     "misread; values follow the printed labels")
        axis, cal, tick_texts = None, None, []
    if axis is None:
        # No axis to check the readings against: the line the printed values themselves draw
        # through the bar lengths does, once most of them agree on it.
        scale = _label_scale(segments, labels_of, base, text_h)
        if scale is not None:
            labels_of = _read_value_labels(rgb, frame, segments, page_labels, scale[0], bg, text_h,
                                           unit_px=scale[1], memo=memo)
    if shift == 1.0 and tick_texts:
        # Too few page labels to show a lost decimal point: the labels' readings may show it;
        # they are then read again against the right values ('21x' agreed with 21.1). Each
        # bar's commonest reading speaks for it, not the one chosen: a reading that lost its
        # point agrees with a bar ten times too long ('5.3k' read thrice, '53k' once).
        nums = {bi: parse_value_label(_commonest(rs).text) for bi, rs in reads.items() if rs}
        shift = _decimal_shift([(p[1] if p else None, expected[bi]) for bi, p in nums.items()], tick_texts)
        if shift != 1.0:
            expected = [e * shift if e is not None else None for e in expected]
            labels_of = _read_value_labels(rgb, frame, segments, page_labels, expected, bg, text_h,
                                           unit_px=unit_px())
    fixed = _harmonise_format(_harmonise_units([v.text for v in labels_of.values()]))
    labels_of = {bi: (v if t == v.text else Word(t, v.conf, v.x0, v.y0, v.x1, v.y1))
                 for (bi, v), t in zip(labels_of.items(), fixed)}
    if axis is None and sum(parse_value_label(v.text)[1] is not None for v in labels_of.values()) < 2:
        # No value axis and no printed values: nothing says these shapes are bars of a chart.
        return None

    # Rows: each category's bars by series; a series missing from a category is a row too.
    rows: list[BarRow] = []
    used_words = {id(v) for v in labels_of.values()}
    for gi, g in enumerate(groups):
        present = set()
        for s in g:
            for c in s:
                k = series_idx[id(c)]
                name = names[k] if 0 <= k < len(names) else f"series-{len(names) + 1}"
                present.add(k)
                bi = next(i for i, o in enumerate(segments) if o is c)
                r = BarRow(name, cats[gi], gi, c, label=labels_of.get(bi))
                rows.append(r)
        if len(names) > 1 and not stacked:
            for k in range(len(names)):
                if k in present:
                    continue
                r = BarRow(names[k], cats[gi], gi, None)
                lo, hi = slots[gi]
                marks = [v for v in vl_words if id(v) not in used_words
                         and parse_value_label(v.text)[2] is not None and lo <= frame.word(v).cx < hi]
                if not marks and budget[0] > 0:
                    marks = _read_marker(rgb, gray, frame, groups, series_idx, slots, gi, k, base, text_h, budget)
                if marks:
                    r.label = marks[0]
                    used_words.add(id(marks[0]))
                rows.append(r)
    _values(rows, frame, axis, base, text_h, notes, shift)
    return frame, axis, rows, legend, notes, groups, cats


def _without_specks(legend: list) -> list:
    """The entries but those whose swatch is under half as wide and half as tall as the largest
    swatches two entries or more draw alike (within a quarter in each side): the counters and
    stems of grey category labels pass for swatches of grey bars (4 by 3 px beside 10 px
    squares: 'ize' of 'summarize')."""
    boxes = [e.blob.box for e in legend]
    paired = [a for k, a in enumerate(boxes) if any(same_size(a, b) for j, b in enumerate(boxes) if j != k)]
    if not paired:
        return legend
    w, h = max(((b[2] - b[0], b[3] - b[1]) for b in paired), key=lambda s: s[0] * s[1])
    return [e for e, b in zip(legend, boxes) if b[2] - b[0] > 0.5 * w or b[3] - b[1] > 0.5 * h]


def _same_text_box(a: Word, b: Word) -> bool:
    """Whether two word boxes cover each other mostly (half the smaller box or more)."""
    w = min(a.x1, b.x1) - max(a.x0, b.x0)
    h = min(a.y1, b.y1) - max(a.y0, b.y0)
    if w <= 0 or h <= 0:
        return False
    small = min((a.x1 - a.x0) * (a.y1 - a.y0), (b.x1 - b.x0) * (b.y1 - b.y0))
    return w * h >= 0.5 * max(small, 1)


# How the notes of a chart whose value axis was misread (see _misread_axis) begin.
MISREAD_AXIS = "the value axis's tick labels"


def _misread_axis(axis, segments, labels_of, expected, base, text_h: float) -> bool:
    """Whether the value axis is misread: its tick values do not step evenly ('16,868',
    '26,000', '34,888' for 10,000, 20,000, 30,000 in a font whose zero has a dot), four
    printed values or more all disagree with it (by over 2 % of the largest), and as many lie
    on the one scale through the baseline that the printed values draw (see _label_scale)."""
    if evenly_stepped([t.value for t in axis.calibration.ticks], axis.calibration.scale):
        return False
    nums = {bi: p[1] for bi, v in labels_of.items() if (p := parse_value_label(v.text)) is not None and p[1] is not None}
    top = max((abs(e) for e in expected if e is not None), default=0.0)
    if len(nums) < 4 or top <= 0:
        return False
    scale = _label_scale(segments, labels_of, base, text_h)
    if scale is None:
        return False
    off = sum(expected[bi] is not None and abs(n - expected[bi]) > 0.02 * top for bi, n in nums.items())
    on = sum(abs(n - scale[0][bi]) <= 0.01 * max(abs(m) for m in nums.values()) for bi, n in nums.items())
    return off == len(nums) and on == len(nums)


def _within_own_bar(b, bar_blobs, rgb, text_h: float) -> bool:
    """Whether piece `b` lies in a bar of its colour, that colour all round it half a text
    height out: a piece of the bar cut off by what is printed on it (the counter of a white
    '0' of '21,650' read as a swatch beside 're}'), where a swatch in a legend box drawn over
    a bar has the box's colour round it."""
    h, w = rgb.shape[:2]
    for c in bar_blobs:
        if not (c.box[0] <= b.box[0] and b.box[2] <= c.box[2] and c.box[1] <= b.box[1] and b.box[3] <= c.box[3]):
            continue
        if float(lab_distance(np.array([b.color], np.uint8), c.color)[0]) > 35:
            continue
        m = max(2, int(round(0.5 * text_h)))
        x0, y0, x1, y1 = max(0, b.box[0] - m), max(0, b.box[1] - m), min(w, b.box[2] + m), min(h, b.box[3] + m)
        ring = np.ones((y1 - y0, x1 - x0), bool)
        ring[1:-1, 1:-1] = False
        if (lab_distance(rgb[y0:y1, x0:x1][ring], c.color) <= 35).mean() >= 0.5:
            return True
    return False


def _covered_blob(a, b) -> bool:
    """Whether blob b covers most (half or more) of blob a's box in a like colour: the same
    swatch found twice. (A piece of another colour round it is a bar's end the legend box
    stands on, read as one piece with it.)"""
    w = min(a.box[2], b.box[2]) - max(a.box[0], b.box[0])
    h = min(a.box[3], b.box[3]) - max(a.box[1], b.box[1])
    return (w > 0 and h > 0 and w * h >= 0.5 * max(1, (a.box[2] - a.box[0]) * (a.box[3] - a.box[1]))
            and float(np.linalg.norm(to_lab([a.color])[0] - to_lab([b.color])[0])) <= 35)
