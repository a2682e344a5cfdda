"""One chart: image -> calibrated, labelled point table, axes record, overlay and provenance.

The stages keep pixels until the end: marks are found in pixels, and only the final table maps
them through the axis calibrations, so a corrected axis never needs a new search.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path

import cv2
import numpy as np

from . import glyphs, imageops, layout, ocr
from .axes import AxisCalibration
from .errors import NoChartFound, TicksUnreadable
from .imageio import load_rgb
from .labels import assign_labels, order_swaps, series_layout, sweep_expected, near_misread
from .marks.legend import (LegendEntry, aligned_with, chromatic, find_legend, glued_chars, main_conf, overlaps_blob,
                           stray_entries, swatch_text_boxes, text_lines)
from .marks.lines import line_swatches, trace_lines
from .marks.markers import crossings, drop_fragments, find_markers, on_lines, stacked_lines, tiny_markers
from .marks.series import group_series, lab_distance, to_lab
from .numbers import leading_junk, parse_point_label, parse_tick
from .params import DigitizeParams
from .titles import y_title


@dataclass
class Point:
    series: str
    label: str
    x_px: float
    y_px: float
    marker: str
    color: tuple[int, int, int]
    label_conf: float = 0.0
    x: float | None = None
    y: float | None = None
    x_err: float | None = None
    y_err: float | None = None
    # Bar charts only: the value printed by the bar, its number, and whether it agrees with
    # the value read from the bar's length (None: nothing to compare).
    value_label: str = ""
    value_label_num: float | None = None
    agrees: bool | None = None


@dataclass
class Extraction:
    width: int
    height: int
    plot_box: tuple[int, int, int, int]
    x_axis: layout.AxisFind | None
    y_axis: layout.AxisFind | None
    points: list[Point]
    legend: list[LegendEntry]
    words: list[ocr.Word]
    text_h: float
    notes: list[str] = field(default_factory=list)
    axis_titles: dict = field(default_factory=dict)
    chart_type: str = "xy"                  # 'xy' | 'bar' | 'line'
    bar_orientation: str = ""               # 'vertical' | 'horizontal' for bar charts
    categories: list = field(default_factory=list)


def _is_text(w: ocr.Word) -> bool:
    """Words worth masking out of the marks. Masking keeps solid markers (see _mask_text), so
    only a hollow marker read as a letter is at risk: single characters need some confidence.
    A word is a label here only as read (not once trailing marks are cut off or a unit spaced,
    as for point labels): 'en=2,' at no confidence is a marker and a line, not text."""
    p = parse_point_label(w.text)
    if p is not None and len(w.text) >= 2 and p[0] == w.text.strip()[leading_junk(w.text):]:
        return True
    alnum = sum(c.isalnum() for c in w.text)
    return (alnum >= 2 and w.conf >= 40) or (alnum == 1 and w.conf >= 60)


def _coloured_glyph(w: ocr.Word, rgb: np.ndarray, panel_bg, text_rgb, min_delta: float = 30.0) -> bool:
    """A letter or two, no point label, drawn in a colour (not grey) other than the chart's
    text colour: a marker or a legend swatch ('-A-') that OCR read as letters. Masking it as
    text would leave the legend without its swatch. (A title's dark 'to' is no colour.)"""
    if text_rgb is None or sum(c.isalnum() for c in w.text) > 2 or parse_point_label(w.text) is not None:
        return False
    c = _ink_color(rgb, w, panel_bg)
    if c is None:
        return False
    lab = to_lab([c, text_rgb])
    return float(np.hypot(*lab[0, 1:])) >= 15.0 and float(np.linalg.norm(lab[0] - lab[1])) > min_delta


def _speck(w: ocr.Word, text_h: float) -> bool:
    """A letter or two far smaller than the chart's text: OCR's reading of a small marker."""
    return sum(c.isalnum() for c in w.text) <= 2 and w.h < 0.55 * text_h


def _ocr_scale(shape) -> float:
    """Small charts have small text: enlarge them so tesseract sees 20-30 px letters."""
    return 2.0 if max(shape[:2]) < 1100 else 1.0


def read_chart_text(rgb: np.ndarray, params: DigitizeParams):
    """OCR pass over the page, then line-by-line reads where the tick labels must be."""
    page_bg = imageops.page_background(rgb)
    gray = imageops.text_gray(rgb, page_bg, imageops.second_background(rgb, page_bg))
    ink = gray < params.ink_gray_threshold
    h, w = gray.shape
    words = layout.join_number_parts(ocr.read_words(gray, _ocr_scale(gray.shape)), 0)
    words = layout.strip_tick_marks(words, gray, ink)
    x, y, text_h = layout.find_axes(words, w, h)
    xreg, yreg = layout.tick_regions(x, y, text_h, w, h)
    extra = layout.read_tick_lines(gray, ink, text_h, (xreg, yreg), words)
    words = layout.join_number_parts(layout.merge_words(words, extra), text_h)
    x2, y2, text_h = layout.find_axes(words, w, h)
    # Keep the first reading of an axis when the second one is not better.
    x = x2 if x2 is not None and (x is None or len(x2.calibration.ticks) >= len(x.calibration.ticks)) else x
    y = y2 if y2 is not None and (y is None or len(y2.calibration.ticks) >= len(y.calibration.ticks)) else y
    # Lines an axis lost or rejected are read again, sharpened; the axis is taken anew only
    # where more labels then fit (see layout.reread_failed_ticks).
    again = layout.reread_failed_ticks(gray, ink, text_h, xreg, words, x) + \
        layout.reread_failed_ticks(gray, ink, text_h, yreg, words, y)
    if again:
        words3 = layout.join_number_parts(layout.merge_words(words, again), text_h)
        x3, y3, _ = layout.find_axes(words3, w, h)
        # More labels, and the labels the first fit agreed on among them: re-read lines beside an
        # axis (a rotated title's letters read '7', '3') may make a scale of their own.
        def better(new, old):
            return new is not None and (old is None or (
                len(new.calibration.ticks) > len(old.calibration.ticks)
                and {t.pixel for t in old.calibration.ticks} <= {t.pixel for t in new.calibration.ticks}))
        better_x, better_y = better(x3, x), better(y3, y)
        if better_x or better_y:
            words = words3
            x = x3 if better_x else x
            y = y3 if better_y else y
    return page_bg, gray, ink, words, x, y, text_h


def plot_box(x: layout.AxisFind | None, y: layout.AxisFind | None, w: int, h: int, text_h: float):
    """Where data can be: inside the tick labels, and at most most of a tick step beyond the last
    tick (axes end near a tick; past that lie titles and outside legends)."""
    left, right, top, bottom = 0, w, 0, h
    if y is not None:
        if y.side == "left":
            left = max(v.x1 for v in y.words) + 2
        else:
            right = min(v.x0 for v in y.words) - 2
        px = sorted(t.pixel for t in y.calibration.ticks)
        step = float(np.median(np.diff(px)))
        top = max(top, px[0] - 0.9 * step)
    if x is not None:
        bottom = min(v.y0 for v in x.words) - 2
        px = sorted(t.pixel for t in x.calibration.ticks)
        step = float(np.median(np.diff(px)))
        # A label misread past the last good tick ('12' for '128') still shows the axis goes on.
        last = px[-1]
        for t in sorted(x.calibration.rejected, key=lambda t: t.pixel):
            k = round((t.pixel - last) / step) if step > 0 else 0
            if k == 1 and abs(t.pixel - last - step) <= 0.15 * step:
                last = t.pixel
        right = min(right, last + 0.9 * step)
    return int(left), int(top), int(right), int(bottom)


def search_box(x: layout.AxisFind | None, y: layout.AxisFind | None, w: int, h: int):
    """Where marks (data and legend swatches) are looked for: all but the tick-label margins."""
    left, bottom = 0, h
    if y is not None and y.side == "left":
        left = max(v.x1 for v in y.words) + 2
    if x is not None:
        bottom = min(v.y0 for v in x.words) - 2
    return int(left), 0, w, int(bottom)


def digitize_array(rgb: np.ndarray, params: DigitizeParams | None = None) -> Extraction:
    params = params or DigitizeParams()
    h, w = rgb.shape[:2]
    page_bg, gray, ink_text, words, xa, ya, text_h = read_chart_text(rgb, params)
    # A chart with a numeric axis on one side only (or on none) may be a bar chart; one with
    # two is read as XY, and as bars only when no markers are found there -- or first, when one
    # of the two axes rests on two labels only: category names with numbers in them ('batch 1',
    # 'Llama 3.1 8B') read as such an axis across the bars.
    def ticks(a):
        return len(a.calibration.ticks) if a is not None else 0
    weak = xa is not None and ya is not None and min(ticks(xa), ticks(ya)) <= 2 < max(ticks(xa), ticks(ya))
    # Two axes that each rest on two labels only are no evidence of an XY chart: printed
    # values inside bars ('1,494' read '1', '2') pair up that way on a chart with no value axis.
    both_weak = xa is not None and ya is not None and max(ticks(xa), ticks(ya)) <= 2
    if xa is None or ya is None or weak or both_weak:
        bars = _bar_extraction(rgb, gray, words, xa, ya, text_h, page_bg, params)
        if bars is not None and _bars_first(bars, xa, ya, weak):
            xy = _more_marks(bars, rgb, params, page_bg, gray, ink_text, words, xa, ya, text_h) if weak else None
            return bars if xy is None else xy
    weak_x = xa is not None and xa.calibration.rejected and (
        len(xa.calibration.ticks) <= 2 or len(xa.calibration.rejected) >= len(xa.calibration.ticks))
    if ya is not None and (xa is None or weak_x):
        # No numeric x axis (or a fit that dropped as many labels as it kept), and no bars:
        # labels at equal steps under the plot whose values are not ('16', '32', '1000' QPS)
        # are categories. One misread label on a numeric axis does not make it categorical.
        cats = layout.category_axis(words, ya, text_h)
        if cats is not None and (xa is None or len(cats.calibration.ticks) >= len(xa.calibration.ticks)
                                 + len(xa.calibration.rejected)):
            xa = cats
    try:
        ext = _xy_extraction(rgb, params, page_bg, gray, ink_text, words, xa, ya, text_h)
    except NoChartFound:
        if (xa is None or ya is None) or weak:
            raise
        bars = _bar_extraction(rgb, gray, words, xa, ya, text_h, page_bg, params)
        if bars is None:
            raise
        return bars
    # Traced lines are the last resort: bar outlines and category labels read as numbers
    # would pass for a line chart.
    if ext.chart_type == "line" and xa is not None and ya is not None and not weak:
        bars = _bar_extraction(rgb, gray, words, xa, ya, text_h, page_bg, params)
        if bars is not None and _bars_first(bars, xa, ya, weak):
            return bars
    return ext


def _more_marks(bars: Extraction, rgb, params, *chart) -> Extraction | None:
    """The XY reading, where it finds more markers than there are bars (and three at least):
    with one numeric axis resting on two labels, a line chart's bold title or a legend row of
    swatches passes for a few bars (Vega seed-0 syn058: two 'bars' beside 15 markers)."""
    try:
        ext = _xy_extraction(rgb, params, *chart)
    except NoChartFound:
        return None
    marks = sum(p.marker not in ("line", "missing") for p in ext.points)
    more = ext.chart_type == "xy" and marks >= 3 and marks > sum(p.marker != "missing" for p in bars.points)
    return ext if more else None


def _bars_first(bars: Extraction, xa, ya, weak: bool) -> bool:
    """Whether bars found before the XY reading is tried are the chart. With two axes, the bars
    must grow along the well-read one, and be more than one: a lone 'bar' on a chart with two
    numeric axes is a bold title or a legend's block, not a bar chart of one category. Only
    rows with a bar count: a row with no bar is a category label alone (a line chart's bold
    title taken for a bar beside a word of its own read as a second category)."""
    value_axis = bars.x_axis if bars.bar_orientation == "horizontal" else bars.y_axis
    if weak and (value_axis is None or len(value_axis.calibration.ticks) <= 2):
        return False
    return xa is None or ya is None or sum(p.marker != "missing" for p in bars.points) >= 2


def _bar_extraction(rgb, gray, words, xa, ya, text_h, page_bg, params) -> Extraction | None:
    """The rows of a bar chart as points (x = category index, y = value), or None."""
    from . import barchart
    h, w = rgb.shape[:2]
    tick_words = {id(v) for ax in (xa, ya) if ax is not None for v in ax.words}
    if xa is not None:
        xa = layout.snap_ticks(xa, gray < params.ink_gray_threshold, text_h, vertical=False)
    if ya is not None:
        ya = layout.snap_ticks(ya, gray < params.ink_gray_threshold, text_h, vertical=True)
    box = (0, 0, w, h)

    def legend_fn(blobs, data_blobs, legend_words):
        return _legend(legend_words, tick_words, blobs, box, text_h, params, data_blobs)

    got = barchart.read_bars(rgb, gray, words, xa, ya, text_h, page_bg, params, legend_fn)
    if got is None:
        return None
    frame, axis, rows, legend, notes, groups, cats = got
    points = []
    for r in rows:
        if r.bar is not None:
            px, py = frame.point_to_orig(r.bar.cx, r.bar.top)
            color = r.bar.color
        else:
            px, py = 0.0, 0.0
            color = (0, 0, 0)
        p = Point(r.series, r.category, px, py, "bar" if r.bar is not None else "missing", color,
                  label_conf=r.label.conf if r.label is not None else 0.0,
                  x=float(r.index), y=r.value, x_err=0.0, y_err=r.err,
                  value_label=r.label_text, value_label_num=r.label_num, agrees=r.agrees)
        if r.bar is None and r.label is not None:
            p.value_label = r.label.text
        points.append(p)
    if axis is None:
        notes.insert(0, "value axis: no numeric tick labels; values come from the printed labels")
    empty = [c for c in cats if not c]
    if empty:
        notes.append(f"{len(empty)} of {len(cats)} category label(s) unread")
    xa_out, ya_out = (axis, None) if frame.horizontal else (None, axis)
    ext = Extraction(w, h, (0, 0, w, h), xa_out, ya_out, points, legend, words, text_h, notes)
    ext.chart_type = "bar"
    ext.bar_orientation = "horizontal" if frame.horizontal else "vertical"
    ext.categories = cats
    return ext


def _xy_extraction(rgb, params, page_bg, gray, ink_text, words, xa, ya, text_h) -> Extraction:
    h, w = rgb.shape[:2]
    if xa is None and ya is None:
        if not any(parse_tick(v.text) is not None for v in words):
            raise NoChartFound("no chart axes were found in the image: no numeric tick labels could be read")
        raise TicksUnreadable("the tick labels of neither axis could be read and fitted to a scale")
    notes = []
    if xa is None:
        notes.append("x axis: tick labels unreadable; x values left empty")
    if ya is None:
        notes.append("y axis: tick labels unreadable; y values left empty")
    if xa is not None:
        xa = layout.snap_ticks(xa, ink_text, text_h, vertical=False)
    if ya is not None:
        ya = layout.snap_ticks(ya, ink_text, text_h, vertical=True)
    for name, ax in (("x", xa), ("y", ya)):
        if ax is not None and ax.calibration.rejected:
            bad = ", ".join(repr(t.text) for t in ax.calibration.rejected)
            notes.append(f"{name} axis: tick label(s) {bad} disagree with the others and were not used")

    box = plot_box(xa, ya, w, h, text_h)
    x0, y0, x1, y1 = box
    region = np.zeros((h, w), bool)
    region[y0:y1, x0:x1] = True
    sx0, sy0, sx1, sy1 = search_box(xa, ya, w, h)
    search = np.zeros((h, w), bool)
    search[sy0:sy1, sx0:sx1] = True
    panel_bg = imageops.dominant_color(rgb, region) if region.any() else page_bg
    page_marks = imageops.color_distance(rgb, panel_bg) > params.mark_threshold
    marks = page_marks & search
    depth = imageops.ink_depth(marks)

    # Page-pass labels that took in a marker ('¢-4,096', '0.64' for a marker and '64') give way
    # to the line reading, which reads only strokes.
    labels_read = [v for v in words if parse_point_label(v.text) is not None
                   and parse_point_label(v.text)[0] == v.text.strip() and not _holds_marker(v, depth, text_h)]
    plot_text = [v for v in _plot_text(gray, ink_text, text_h, search_box(xa, ya, w, h))
                 if not any(layout.overlaps(v, o) and not _extends(v, o, depth, text_h) and _is_text(o)
                            for o in labels_read)]
    # A page reading that a line reading extends gives way to it (a number read alone would
    # otherwise keep its place against the longer label).
    outread = {id(o) for o in labels_read for v in plot_text if layout.overlaps(v, o) and _extends(v, o, depth, text_h)}
    words = [v for v in words if id(v) not in outread]
    words = _join_label_units(_join_label_digits(layout.merge_words(words, plot_text)), text_h)
    tick_words = set()
    for ax in (xa, ya):
        if ax is not None:
            tick_words.update(id(v) for v in ax.words)
    text_rgb = text_color(rgb, [v for v in words if id(v) in tick_words], panel_bg)
    marks_read = {id(v) for v in words if id(v) not in tick_words and _coloured_glyph(v, rgb, panel_bg, text_rgb)}
    masked = [v for v in words
              if id(v) in tick_words or (_is_text(v) and not _speck(v, text_h) and id(v) not in marks_read)]
    text_mask = np.zeros((h, w), bool)
    for v in masked:
        _mask_text(text_mask, v, depth, text_h=text_h)
    ink = marks & ~text_mask
    # Series lines are coloured where gridlines and frames are grey: measure line width on colour.
    coloured = ink & (imageops.saturation(rgb) > 60)
    halfwidth = imageops.stroke_halfwidth(coloured if coloured.sum() > 50 else ink)
    if coloured.sum() > 50:
        # Markers are found by their depth in the ink: measure the line there too, at the ridge
        # pixels that keep their colour, where JPEG's halved colour resolution on a dark page
        # leaves only specks of a thin line's colour, or blur widens its ink a pixel or two past
        # its colour. (Half a pixel is the rim of any line, a pixel that of a thick one, and
        # markers are lost if it counts; past two, the ridges are markers run into a gridline
        # or a label.)
        wide = imageops.stroke_halfwidth(ink, coloured)
        if _fragmented(coloured) or max(halfwidth + 1.0, 1.5 * halfwidth) <= wide <= halfwidth + 2.0:
            halfwidth = wide
    blobs, _diam = find_markers(rgb, ink, halfwidth)
    # Legend swatches may sit outside the search box (a legend below the x title, or left of the
    # y tick labels): marks found there serve the legend only, data stays in the plot box.
    blobs += [b for b in find_markers(rgb, _outside_marks(rgb, page_marks & ~search, text_mask), halfwidth)[0]
              if not (sx0 <= b.cx < sx1 and sy0 <= b.cy < sy1)]

    other_words = [v for v in words if id(v) not in tick_words and _is_text(v)]
    tick_list = [v for ax in (xa, ya) if ax is not None for v in ax.words]

    glyph_blobs = []    # blobs found to be digits beside a label: kept when markers are erased
    # Where lines run together they thicken like markers: those blobs are no data marks.
    lines_together = {id(b) for b in stacked_lines(blobs, rgb, ink, halfwidth, panel_bg)}

    # Tick labels' boxes, those whose reading was rejected too: a digit found as a blob in one
    # ('4' of '4e4' misread '4') is no swatch of the text before it ('4e').
    tick_boxes = [t.box for ax in (xa, ya) if ax is not None and ax.calibration is not None
                  for t in ax.calibration.ticks + ax.calibration.rejected]

    on_traces = set()    # markers on the traced lines (with tiny ones found): data, never a swatch

    def legend_and_data(blobs, strokes=()):
        in_plot = [b for b in blobs if x0 <= b.cx < x1 and y0 <= b.cy < y1]
        cands = [b for b in _outside_ticks(blobs, tick_boxes) if id(b) not in on_traces] + list(strokes)
        legend = _legend(_reread_legend_text(words, tick_words, gray, ink_text, cands, in_plot,
                                             text_h, params.series_color_delta, marks_read, strokes, rgb),
                         tick_words, cands, box, text_h, params, marks_read=marks_read)
        # The entries hold words read again beside their swatch: the page's readings of the same
        # text are the legend's too.
        legend_words = {id(v) for e in legend for v in e.words} | \
            {id(v) for v in words if any(_inside(v, e.box) for e in legend)}
        label_words = [_cleaned_label(v) for v in other_words if parse_point_label(v.text) is not None
                       and id(v) not in legend_words
                       and not any(layout.overlaps(v, t) for t in tick_list)   # a tick label read twice
                       and x0 - text_h <= v.cx <= x1 + text_h and y0 - text_h <= v.cy <= y1 + text_h]
        legend_blob_ids = {id(e.blob) for e in legend}
        data_blobs = drop_fragments([b for b in blobs if id(b) not in legend_blob_ids and id(b) not in lines_together
                                     and x0 <= b.cx < x1 and y0 <= b.cy < y1
                                     and not any(_in_entry(b, e, text_h) for e in legend)
                                     and not _tick_mark(b, xa, ya, box, text_h)
                                     and not _counter_glyph(b, ink, panel_bg)])
        if len(data_blobs) >= 3:
            typical = float(np.median([b.area for b in data_blobs]))
            beside = [b for b in data_blobs if any(_glyph_beside(b, v, text_h, typical) for v in label_words)]
            glyph_blobs[:] = beside
            data_blobs = [b for b in data_blobs if not any(b is g for g in beside)]
            glyphs_read = _glyph_runs(data_blobs, gray, text_h, panel_bg, label_words)
            if glyphs_read:
                gone = {id(b) for _, bs in glyphs_read for b in bs}
                data_blobs = [b for b in data_blobs if id(b) not in gone]
                label_words = label_words + [v for v, _ in glyphs_read if v is not None]
            # After the runs read as labels: a glyph taken out first would break up its run.
            text_glyphs = _text_row_glyphs(data_blobs, rgb, text_rgb, panel_bg, text_h)
            if text_glyphs:
                glyph_blobs.extend(text_glyphs)
                data_blobs = [b for b in data_blobs if not any(b is g for g in text_glyphs)]
        return legend, label_words, legend_blob_ids, data_blobs

    def stroke_swatches(colors):
        # Swatches may lie outside the plot, beside a name OCR was unsure of.
        named_boxes = [(v.x0, v.y0, v.x1, v.y1) for v in words
                       if id(v) not in tick_words and any(c.isalnum() for c in v.text)]
        return line_swatches(rgb, page_marks, colors, halfwidth, params.series_color_delta, named_boxes, text_h)

    legend, label_words, legend_blob_ids, data_blobs = legend_and_data(blobs)
    # No markers, or one or two (where two lines cross, they thicken into a blob): a line chart,
    # unless markers too small for find_markers sit along its lines. Small markers found where
    # far more point labels were read are some of them: where its line runs steep or ends, a
    # tiny marker is deep enough to be found.
    small = len(data_blobs) >= 3 and len(label_words) >= 1.5 * len(data_blobs) and np.median(
        [max(b.box[2] - b.box[0], b.box[3] - b.box[1]) for b in data_blobs]) <= 12
    if len(data_blobs) < 3 or small:
        boxes = [(v.x0, v.y0, v.x1, v.y1) for v in other_words]
        traces = trace_lines(rgb, ink, box, halfwidth, params.series_color_delta, panel_bg, boxes, text_h,
                             rules_in=marks)
        tiny = []
        if traces:
            # A tiny marker just under or beside its label lies in the label's padded box, or
            # in its box when OCR took it in: inside a word, only what is as tall as half a
            # line of text is a glyph.
            tiny = [b for b in _line_markers(rgb, page_marks, traces, halfwidth, box, panel_bg)
                    if not (b.box[3] - b.box[1] >= 0.45 * text_h
                            and any(v.x0 <= b.cx <= v.x1 and v.y0 <= b.cy <= v.y1 for v in masked))]
        # Where the line thickens about a marker, find_markers may have found it already.
        tiny = [b for b in tiny if not any(o.box[0] <= b.cx <= o.box[2] and o.box[1] <= b.cy <= o.box[3]
                                           for o in blobs)]
        if small and len(tiny) < 3:
            tiny = []   # as _line_markers asks of a line: two are crumbs of labels as likely as markers
        def unnamed_swatches():
            return stroke_swatches([t.color for t in traces
                                    if _legend_by_color(legend, t.color, params.series_color_delta) is None])
        if tiny:
            blobs = blobs + tiny
            inside = [b for b in blobs if x0 <= b.cx < x1 and y0 <= b.cy < y1]
            on_traces.update(id(b) for t in traces for b in on_lines(
                [b for b in inside if _shade_of(b.color, t.color, panel_bg)], [t.vertices], halfwidth + 2.5))
            legend, label_words, legend_blob_ids, data_blobs = legend_and_data(blobs)
            # The legend's sample of a line with a tiny marker is a stroke, like a line's swatch.
            swatches = unnamed_swatches() if len(data_blobs) >= 3 else []
            if swatches:
                again = legend_and_data(blobs, swatches)
                if len(again[0]) > len(legend):
                    legend, label_words, legend_blob_ids, data_blobs = again
        if traces and len(data_blobs) < 3:
            swatches = unnamed_swatches()
            if swatches:
                # A line legend's swatches are strokes, not marks: the legend read again with them
                # names the lines the first reading left unnamed.
                ids = {id(b) for b in swatches}
                legend = legend + [e for e in legend_and_data(blobs, swatches)[0] if id(e.blob) in ids]
            ext = _line_extraction(traces, legend, params, (w, h, box, xa, ya, words, text_h, notes))
            ext.axis_titles = _axis_titles(ext, other_words, gray, ink_text)
            return ext
    if not data_blobs:
        raise NoChartFound("no data markers or lines were found inside the plot area")

    crossed = {id(b) for b in crossings(data_blobs, rgb, ink, halfwidth)}
    data_blobs = [b for b in data_blobs if id(b) not in crossed]
    # Series: group data markers with the legend swatches so each group can take its name.
    def series_groups():
        groups = group_series(data_blobs + [e.blob for e in legend], params.series_color_delta,
                              [e.blob for e in legend])
        return _split_by_swatches(groups, legend)
    groups = series_groups()
    unnamed_colors = [tuple(np.median([b.color for b in g], axis=0)) for g in groups
                      if len(g) >= 2 and not any(id(b) in legend_blob_ids for b in g)]
    strokes = stroke_swatches(unnamed_colors) if unnamed_colors else []
    if strokes:
        # A series with no swatch among the marks may have one drawn as its line, its small
        # marker lost in the stroke ('-•-' beside 'This work'): the legend read again with
        # those strokes names it.
        ids = {id(b) for b in strokes}
        legend = legend + [e for e in legend_and_data(blobs, strokes)[0] if id(e.blob) in ids]
        legend_blob_ids = legend_blob_ids | {id(e.blob) for e in legend}
        groups = series_groups()
    series_names = []
    points: list[Point] = []
    point_blobs = []
    named = set()
    unnamed = 0
    for g in groups:
        swatches = [e for e in legend if id(e.blob) in {id(b) for b in g}]
        members = [b for b in g if id(b) not in legend_blob_ids]
        if not members:
            continue
        if swatches:
            name = swatches[0].text
            named.add(name)
        else:
            unnamed += 1
            name = f"series-{unnamed}"
        series_names.append(name)
        for b in members:
            points.append(Point(name, "", b.cx, b.cy, b.shape, b.color))
            point_blobs.append(b)
    if len(points) > params.max_points:
        raise NoChartFound(f"{len(points)} marks found; this does not look like a chart of points")
    pale = _pale_glyphs([p.series for p in points], [p.color for p in points],
                        [b.box[3] - b.box[1] for b in point_blobs], named, panel_bg, text_h,
                        [b.area for b in point_blobs])
    if pale:
        # Glyphs of labels printed in a series' colour: kept when markers are erased, and no
        # points (they took the labels of the markers beside them).
        glyph_blobs.extend(point_blobs[i] for i in pale)
        points = [p for i, p in enumerate(points) if i not in pale]
        point_blobs = [b for i, b in enumerate(point_blobs) if i not in pale]
        series_names = [n for n in series_names if any(p.series == n for p in points)]

    def erase_masks():
        if not label_words:
            return ((None, 0), (None, 0), (None, 0))
        solid = imageops.solid_regions(depth, max(2.5, 0.22 * text_h))
        # A digit beside its label that reads as a solid blob (a '6' a line runs through) is
        # the label's, not a marker: erasing it would cut the label short again.
        # (The blob's box is its opening's, a little inside the glyph.)
        m = int(np.ceil(0.2 * text_h))
        for b in glyph_blobs:
            solid[max(0, b.box[1] - m):b.box[3] + m, max(0, b.box[0] - m):b.box[2] + m] = False
        bridge = int(2 * np.ceil(halfwidth) + 1)
        return ((solid, 0), (solid | _series_line_pixels(rgb, points, halfwidth, panel_bg), bridge),
                (solid | _series_line_pixels(rgb, points, halfwidth, panel_bg, slack=1), bridge))
    tick_rgb = text_color(rgb, tick_list, panel_bg)
    label_word, read = _attach_labels(points, label_words, series_names, text_h, gray, rgb, panel_bg,
                                      tick_rgb, ink_text, erase_masks())
    crossed = _crossed_glyphs([(p.x_px, p.y_px) for p in points], [p.series for p in points], named,
                              list(label_word.values()))
    if crossed:
        # Those glyphs took labels, or cut them short when erased as markers: labels again
        # without them, from the words as read so far (a label read on across the glyph).
        glyph_blobs.extend(point_blobs[i] for i in crossed)
        points = [replace(p, label="", label_conf=0.0) for i, p in enumerate(points) if i not in crossed]
        series_names = [n for n in series_names if any(p.series == n for p in points)]
        _attach_labels(points, _with_found(read, list(label_word.values())), series_names, text_h, gray, rgb,
                       panel_bg, tick_rgb, ink_text, erase_masks())
    unnamed = sum(n not in named for n in series_names)
    if unnamed and legend:
        notes.append(f"{unnamed} series had no legend entry that matched their colour")

    ext = Extraction(w, h, box, xa, ya, points, legend, words, text_h, notes)
    calibrate_points(ext)
    ext.axis_titles = _axis_titles(ext, other_words, gray, ink_text)
    return ext


def _shade_of(color, line, bg, resid: float = 40.0) -> bool:
    """`color` is `line`'s colour or its blend with the background `bg`, at least half-way to
    it (a few pixels of marker are mostly anti-aliased rim)."""
    return _blend_of(color, line, bg, min_t=0.5, resid=resid)


def _line_markers(rgb, ink, traces, halfwidth: float, box, bg) -> list:
    """Tiny markers (see tiny_markers) of the traced lines' colours, anywhere on the page (the
    legend's swatches too), when at least three of them sit on a line of their colour inside
    the plot box `box` (dots of a dotted gridline are grey; letters' crumbs lie off the lines).
    Empty when no line has such markers."""
    cands = tiny_markers(rgb, ink, halfwidth, bg)
    x0, y0, x1, y1 = box
    out = []
    for t in traces:
        mine = [b for b in cands if _shade_of(b.color, t.color, bg)]
        if len(mine) < 3:
            # A blurred or JPEG-softened rim no longer parts the marker from its line in the
            # ink; the line's own colour, without its pale rim, still does.
            own = ink & (lab_distance(rgb, t.color) < 30.0)
            mine = [b for b in tiny_markers(rgb, own, halfwidth, bg) if _shade_of(b.color, t.color, bg)]
        inside = [b for b in mine if x0 <= b.cx < x1 and y0 <= b.cy < y1]
        on = on_lines(inside, [t.vertices], halfwidth + 2.5)
        if len(on) >= 3:
            out += [b for b in mine if (b in on or not (x0 <= b.cx < x1 and y0 <= b.cy < y1))
                    and not any(b is o for o in out)]     # two traces of one colour share them
    return out


def _line_extraction(traces, legend, params, frame) -> Extraction:
    """A chart without markers: its lines, each reduced to the vertices of its polyline
    (marker 'line'), named from a legend entry of the same colour when there is one."""
    w, h, box, xa, ya, words, text_h, notes = frame
    points, unnamed = [], 0
    for t in traces:
        entry = _legend_by_color(legend, t.color, params.series_color_delta)
        if entry is None:
            unnamed += 1
        name = entry.text if entry is not None else f"series-{unnamed}"
        points += [Point(name, "", x, y, "line", t.color) for x, y in t.vertices]
    if len(points) > params.max_points:
        raise NoChartFound(f"{len(points)} line vertices found; this does not look like a chart of lines")
    notes.append(f"no markers: {len(traces)} line(s) traced; points are the vertices of each line")
    ext = Extraction(w, h, box, xa, ya, points, legend, words, text_h, notes)
    ext.chart_type = "line"
    calibrate_points(ext)
    return ext


def _legend_by_color(legend: list[LegendEntry], color, max_delta: float) -> LegendEntry | None:
    near = [(float(np.linalg.norm(to_lab([color])[0] - to_lab([e.blob.color])[0])), i)
            for i, e in enumerate(legend) if e.blob is not None]
    near = [(d, i) for d, i in near if d <= max_delta]
    return legend[min(near)[1]] if near else None


_BARE_NUMBER = re.compile(r"^[~≈]?[\d.,]+[kKMG%]?$")
_KEYED = re.compile(r"^([A-Za-z_]+)\s*=")


def _counter_glyph(b, ink: np.ndarray, bg, min_delta: float = 40.0) -> bool:
    """Blob `b` is a glyph whose counter was filled in ('0', '8', 'b' of a label), not a marker.

    find_markers fills enclosed holes so that hollow markers count; a glyph's counter is filled
    the same way, and then the blob's core is page-coloured, where a solid marker's core is its
    ink. A hollow marker has that too, but its hole is one round opening (or two halves, a line
    run through it) centred on the blob; a glyph's counters are tall ('0'), stacked ('8') or
    off-centre ('6', 'b'). Ink colour is not used: labels often share their series' colour."""
    if float(np.abs(np.asarray(b.color, float) - np.asarray(bg, float)).max()) >= min_delta:
        return False
    size = max(b.box[2] - b.box[0], b.box[3] - b.box[1])
    pad = max(2, int(round(0.3 * size)))
    h, w = ink.shape
    x0, y0 = max(0, b.box[0] - pad), max(0, b.box[1] - pad)
    x1, y1 = min(w, b.box[2] + pad), min(h, b.box[3] + pad)
    inv = (~ink[y0:y1, x0:x1]).astype(np.uint8)
    n, _lab, stats, _ = cv2.connectedComponentsWithStats(inv, connectivity=4)
    holes = [stats[i] for i in range(1, n)
             if stats[i][0] > 0 and stats[i][1] > 0 and stats[i][0] + stats[i][2] < x1 - x0
             and stats[i][1] + stats[i][3] < y1 - y0]
    if not holes:
        return True
    hx0 = min(s[0] for s in holes) + x0
    hy0 = min(s[1] for s in holes) + y0
    hx1 = max(s[0] + s[2] for s in holes) + x0
    hy1 = max(s[1] + s[3] for s in holes) + y0
    hw, hh = hx1 - hx0, hy1 - hy0
    centred = (abs(0.5 * (hx0 + hx1) - b.cx) <= 0.15 * size + 0.5
               and abs(0.5 * (hy0 + hy1) - b.cy) <= 0.15 * size + 0.5)
    round_ = max(hw, hh) <= 1.3 * min(hw, hh)
    return not (centred and round_ and len(holes) <= 2)


def _text_row_glyphs(blobs, rgb: np.ndarray, text_rgb, bg, text_h: float) -> list:
    """Blobs that are glyphs of a line of text (a serif '0' or '9' whose counter filled in, grey
    digits blurred solid on a dark page): in the text's colour (`text_rgb`, that of the tick
    labels) where most of the chart's markers are not, no taller than a line of text, and with
    two or more text-sized glyphs of that colour on its line a letter's spacing on from it. A
    chart that draws its markers in its text's colour keeps them all."""
    if text_rgb is None or not blobs:
        return []
    textish = [b for b in blobs if _blend_of(b.color, text_rgb, bg)
               and b.box[3] - b.box[1] <= 1.2 * text_h]
    if 2 * len(textish) >= len(blobs):
        return []
    return [b for b in textish if _glyphs_on_its_line(b, rgb, text_rgb, bg, text_h) >= 2]


def _blend_of(color, ink, bg, min_t: float = 0.15, resid: float = 30.0) -> bool:
    """`color` is a mix of `ink` and the background `bg` with some ink in it: a glyph's mean
    colour, its strokes and the page its counters enclose, lies on that segment however thin
    the strokes, where a marker of another colour lies off it."""
    c = np.asarray(color, float) - np.asarray(bg, float)
    d = np.asarray(ink, float) - np.asarray(bg, float)
    t = float(c @ d) / max(float(d @ d), 1.0)
    return t >= min_t and float(np.abs(c - t * d).max()) < resid


def _glyphs_on_its_line(b, rgb: np.ndarray, color, bg, text_h: float, gap: float = 0.5) -> int:
    """How many text-sized connected pieces of `color` (or its blend half-way from `bg`) run on
    from blob `b` along its line, left and right, each within `gap` text heights of the last."""
    h, w = rgb.shape[:2]
    cy = 0.5 * (b.box[1] + b.box[3])
    x0, x1 = max(0, int(b.box[0] - 4 * text_h)), min(w, int(b.box[2] + 4 * text_h))
    y0, y1 = max(0, int(cy - 0.8 * text_h)), min(h, int(cy + 0.8 * text_h) + 1)
    c = rgb[y0:y1, x0:x1].astype(np.float32) - np.asarray(bg, np.float32)
    d = np.asarray(color, np.float32) - np.asarray(bg, np.float32)
    t = (c @ d) / max(float(d @ d), 1.0)
    mask = (t >= 0.5) & (np.abs(c - t[..., None] * d).max(axis=-1) < 40)
    n, _lab, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8), connectivity=8)
    bx0, bx1 = b.box[0] - x0, b.box[2] - x0
    pieces = []
    for i in range(1, n):
        sx, sy, sw, sh = (int(v) for v in stats[i][:4])
        if not (0.3 * text_h <= sh <= 1.2 * text_h and sw <= 1.2 * text_h):
            continue
        if sx < bx1 and sx + sw > bx0:      # the blob's own glyph
            continue
        if abs(sy + 0.5 * sh - (cy - y0)) > 0.35 * text_h:
            continue
        pieces.append((sx, sx + sw))
    step = gap * text_h
    count, left, right = 0, bx0, bx1
    for sx, ex in sorted(pieces):
        if sx >= bx1 and sx <= right + step:
            right, count = ex, count + 1
    for sx, ex in sorted(pieces, key=lambda p: -p[1]):
        if ex <= bx0 and ex >= left - step:
            left, count = sx, count + 1
    return count


def _glyph_beside(b, v: ocr.Word, text_h: float, typical_area: float) -> bool:
    """Blob `b` is a digit of point label `v` that OCR left out ('4 req' of '64 req': a '6'
    or '8' whose counter filled in reads as a marker): it is narrower than tall, no taller than
    the text, smaller than the chart's typical marker (`typical_area`), on the label's line
    and a letter's spacing from its first or last glyph. A marker is about as wide as tall (a
    steep line through it makes it taller, hence the size)."""
    w, h = b.box[2] - b.box[0], b.box[3] - b.box[1]
    # A line crossing the glyph widens its blob: then it is told by its size alone, under half
    # a marker and shorter than a line of text.
    shape = w < 0.85 * h or (b.area < 0.5 * typical_area and h <= 0.8 * text_h)
    if not (shape and h <= 1.1 * text_h and b.area < 0.75 * typical_area
            and abs(b.cy - v.cy) <= 0.25 * text_h):
        return False
    gap = max(v.x0 - b.box[2], b.box[0] - v.x1)
    return -1 <= gap <= 0.3 * text_h


# Runs of blobs read as text on one chart (each read a few milliseconds).
_GLYPH_RUN_BUDGET = 12


def _narrow(b, ratio: float = 1.0) -> bool:
    """Narrower than tall, and than the chart's markers (`ratio`: their typical width over
    height; a triangle with a line through it is taller than wide too): a glyph's shape ('b',
    '6'), not a marker's."""
    return (b.box[2] - b.box[0]) < 0.85 * min(1.0, ratio) * (b.box[3] - b.box[1])


def _glyph_runs(blobs, gray, text_h: float, bg, known=()) -> list:
    """Digits of a point label that OCR never read, taken for markers (a serif '4096' whose
    counters filled in): two or more blobs on one text line, a letter's spacing apart, or one
    narrower and smaller than the chart's markers, that a reading of their line shows to lie
    inside one point label. Returns [(label word, blobs inside it)], the word None when a
    label already read (`known`) holds them. Markers do not sit a letter apart on one level;
    where they do, no label reads across them. Tiny markers (shorter than half a line of
    text) are never glyphs here."""
    def strength(b):
        return float(np.abs(np.subtract(b.color, bg, dtype=float)).max())
    typical = float(np.median([strength(b) for b in blobs])) if blobs else 0.0

    def tall(b):     # as tall as a digit: a tiny marker (see tiny_markers) is no glyph
        return b.box[3] - b.box[1] >= 0.45 * text_h
    ratio = float(np.median([(b.box[2] - b.box[0]) / max(1, b.box[3] - b.box[1]) for b in blobs])) \
        if blobs else 1.0
    area = float(np.median([b.area for b in blobs])) if blobs else 0.0

    def lone_glyph(b):     # one blob alone: narrower and smaller than the chart's markers
        return tall(b) and _narrow(b, ratio) and b.area < 0.75 * area
    order = sorted(blobs, key=lambda b: (b.cx))
    runs, used = [], set()
    for i, a in enumerate(order):
        if id(a) in used:
            continue
        run = [a]
        for b in order[i + 1:]:
            last = run[-1]
            if id(b) in used or abs(b.cy - a.cy) > 0.35 * text_h:
                continue
            if b.box[0] - last.box[2] > 0.6 * text_h:
                break
            run.append(b)
        if len(run) >= 2 or lone_glyph(a):
            used.update(id(b) for b in run)
            runs.append(run)
    out = []
    for run in runs[:_GLYPH_RUN_BUDGET]:
        rx0, rx1 = min(b.box[0] for b in run), max(b.box[2] for b in run)
        cy = float(np.median([b.cy for b in run]))

        def glyphs_in(v):
            inside = [b for b in run if v.x0 <= b.box[0] and b.box[2] <= v.x1 and v.y0 <= b.cy <= v.y1]
            # A digit whose counters filled in is pale (background inside) or narrow; a marker
            # the reading took in is neither. Two or more full-coloured blobs inside one label
            # are its glyphs ('n' and '8' of a small 'n=8').
            pale = [b for b in inside if tall(b) and strength(b) < 0.75 * typical]
            if pale:     # beside a full-coloured blob, which may be a marker the reading took in
                return [b for b in inside if strength(b) < 0.75 * typical or (tall(b) and _narrow(b, ratio))]
            if len(inside) >= 2:
                return inside
            return [b for b in inside if lone_glyph(b)]
        held = [(v, glyphs_in(v)) for v in known]
        held = [(v, g) for v, g in held if g]
        if held:
            out.append((None, held[0][1]))
            continue
        box = (int(rx0 - 3 * text_h), int(cy - 0.6 * text_h), int(rx1 + 3 * text_h), int(cy + 0.6 * text_h))
        for v in layout.read_line_box(gray, box):
            if parse_point_label(v.text) is None or v.conf < 60:
                continue
            v = _cleaned_label(v)
            inside = glyphs_in(v)
            if inside:
                out.append((v, inside))
                break
    return out


def _fragmented(mask: np.ndarray, mean_area: float = 30.0) -> bool:
    """Ink in pieces smaller on average than any marker: specks and slivers, not whole lines
    and markers."""
    n = cv2.connectedComponents(mask.astype(np.uint8), connectivity=8)[0] - 1
    return n > 0 and mask.sum() / n < mean_area


def _tick_mark(b, xa, ya, box, text_h: float) -> bool:
    """A small blob on the plot's edge beside the tick labels, centred on a tick: the tick mark
    (thickened where it meets the axis line), not a data point."""
    bx0, by0, bx1, by1 = b.box
    if max(bx1 - bx0, by1 - by0) > 0.6 * text_h:
        return False
    if xa is not None and not xa.categorical and by1 >= box[3] - 0.5 * text_h \
            and any(abs(b.cx - t.pixel) <= 1.5 for t in xa.calibration.ticks):
        return True
    return ya is not None and not ya.categorical and (bx0 <= box[0] + 0.5 * text_h if ya.side == "left"
                                                     else bx1 >= box[2] - 0.5 * text_h) \
        and any(abs(b.cy - t.pixel) <= 1.5 for t in ya.calibration.ticks)


def _outside_marks(rgb: np.ndarray, marks: np.ndarray, text_mask: np.ndarray) -> np.ndarray:
    """The marks outside the plot without the text, but for its coloured ink: text is drawn
    grey, and the coloured ink in a word's box is a swatch OCR read with its name ('@v0.10'
    for '● v0.10') and masked with it."""
    return marks & ~(text_mask & (imageops.saturation(rgb) <= 60))


def _in_entry(b, e: LegendEntry, text_h: float) -> bool:
    """A blob on a legend entry's line, up to a letter past its text (a last letter OCR missed,
    'B' of 'Engine B'), is part of the legend, not data."""
    x0 = min(e.box[0], e.blob.box[0])
    x1 = max(e.box[2], e.blob.box[2]) + 1.5 * text_h
    return x0 <= b.cx <= x1 and e.box[1] <= b.cy <= e.box[3]


def _outside_ticks(blobs, tick_boxes, pad: int = 1) -> list:
    """The blobs not lying inside a tick label's box (give or take `pad` px): a digit found as a
    blob there is the label's, no legend swatch."""
    return [b for b in blobs if not any(t[0] - pad <= b.box[0] and b.box[2] <= t[2] + pad
                                        and t[1] - pad <= b.box[1] and b.box[3] <= t[3] + pad for t in tick_boxes)]


def _key(text: str) -> str:
    return "".join(c for c in text.lower() if c.isalnum())


def _inside(v: ocr.Word, box, pad: float = 2.0) -> bool:
    return box[0] - pad <= v.cx <= box[2] + pad and box[1] - pad <= v.cy <= box[3] + pad


# Text lines beside possible swatches read again on one chart (each a few milliseconds).
_LEGEND_REREAD_BUDGET = 30


def _reread_legend_text(words, tick_words, gray, ink, blobs, data_blobs, text_h,
                        color_delta: float = 22.0, marks_read=frozenset(), strokes=(), rgb=None) -> list[ocr.Word]:
    """The page's words with each text line level beside a blob (a legend entry's name, if the
    blob is its swatch) read again on its own: the page pass drops a lone letter ('B' of
    'Engine B'), misreads short names ('FPS' for 'FP8') or never reads them. A swatch has the
    colour of markers in the plot (two at least, other than itself: letters of a title read as
    blobs do not); a blob inside a word a letter wider than it is a glyph of that word. The new
    reading replaces the page's words in its box unless it has no letter (no name) or is
    clearly less sure than they are and holds no more than they read; tick labels are kept. `marks_read`: ids of words that are
    marks read as letters ('-A-'), which own no glyph. `strokes`: swatches of lines drawn
    without markers, already matched to a line's colour."""
    ticks = [v for v in words if id(v) in tick_words]
    swatches = [b for b in blobs if not any(_glyph_of(b, v, text_h) for v in words if id(v) not in marks_read)
                and (_same_colour_count(b, data_blobs, color_delta) >= 2 or any(b is t for t in strokes))]
    out = list(words)
    # Beside the data's markers lie their labels, often more of them than the budget allows:
    # the lines beside marks outside the plot (a legend above it or right of it) are read first.
    outside = {id(b) for b in swatches if not any(b is d for d in data_blobs)}
    page_gray = gray
    for box in swatch_text_boxes(ink, swatches, text_h, first=outside)[:_LEGEND_REREAD_BUDGET]:
        if any(_inside(v, box) for v in ticks):
            continue
        box = _reaching(box, [v for v in out if id(v) not in tick_words])
        # A swatch set close to its name (Vega leaves 4 px) falls in the margin the line is
        # read with, and is read as a letter ('ETP=8', '| This'): the swatches beside the line
        # are painted out (not blobs within it: a glyph found as a blob is part of the text).
        beside = [b for b in swatches if not (box[0] <= b.cx <= box[2] and box[1] <= b.cy <= box[3])
                  and b.box[0] <= box[2] + text_h and b.box[2] >= box[0] - text_h
                  and b.box[1] <= box[3] + text_h and b.box[3] >= box[1] - text_h]
        gray = _painted_out(page_gray, rgb, beside) if rgb is not None else page_gray
        read = layout.read_line_box(gray, box)
        if not any(c.isalpha() for v in read for c in v.text):
            continue
        line_glyphs = _line_glyphs(ink, box, text_h)
        if sum(c.isalnum() for v in read for c in v.text) >= 3 and \
                (_mean_conf(read) < _SURE_NAME or not _fits_glyphs(read, line_glyphs)):
            # Tesseract's reading of small text turns on how it was resampled ('vVLLM-like' at
            # 31 from one enlargement, 'vLLM-like' at 80 from another; 'TRTI-LLM-like', a
            # letter more than the line has glyphs, and 'TRT-LLM-like'): a doubtful name, or
            # one with more or fewer letters than glyphs, is read again at another size. The
            # reading whose letters match the glyphs wins, then the surer one.
            # Still doubtful at both sizes, it is read a third time larger (blurred 8 px text:
            # 'FPS' at 38 and 40 from 30 and 22 px, 'FP8' at 79 from 40 px).
            for height in (22.0, 40.0):
                again = layout.read_line_box(gray, box, height=height)
                # (a point label stays one: '64 req' at 38 is no name '64-req' at 77)
                if again and _reading_rank(again, line_glyphs) > _reading_rank(read, line_glyphs) \
                        and (_label_text(again) or not _label_text(read)):
                    read = again
                if _mean_conf(read) >= _SURE_NAME and _fits_glyphs(read, line_glyphs):
                    break
        # (with the words that began at a swatch beside the box and ran into it: '@MI300X')
        old = [v for v in out if _inside(v, box) or (v.x0 < box[0] < v.x1 and box[1] <= v.cy <= box[3]
                                                      and any(glued_chars(v, b, text_h) for b in beside))]
        old_key, new_key = (_key(" ".join(v.text for v in ws)) for ws in (old, read))
        holds = len(new_key) > len(old_key) and old_key in new_key
        if old and not holds and _mean_conf(read) < _mean_conf(old) - 5.0:
            read = old
        read = _in_turn(read)
        checked = [_glyph_checked(v, ink, text_h) for v in read]
        if _label_text(read) and not _label_text(checked):
            checked = read  # a point label stays one: 'n=8' is no 'n=B'
        out = [v for v in out if not any(v is o for o in old) and not _inside(v, box)] + checked
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
    text = glyphs.checked_text(v.text, glyphs.glyph_masks(ink, box, 0.5 * text_h))
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
    # (a coloured blob the word starts with may be a swatch OCR glued to its name: '@MI300X')
    return inside and (v.w - (b.box[2] - b.box[0])) >= text_h and sum(c.isalnum() for c in v.text) >= 2 \
        and not (glued_chars(v, b, text_h) and chromatic(b.color))


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


def _legend(words, tick_words, blobs, box, text_h, params, data_blobs=None,
            marks_read=frozenset()) -> list[LegendEntry]:
    """Legend entries from the text lines of every non-tick word (a low-confidence letter still
    ends a name: 'Engine A'). A line starting or ending with a bare number, or a word seen next to
    a number elsewhere ('req' of '64 req'), is a point label; a line that reads like a label as a
    whole ('TP=8') is an entry only when its swatch lines up with another entry's."""
    x0, y0, x1, y1 = box
    cands = [v for v in words if id(v) not in tick_words and (_is_text(v) or any(c.isalnum() for c in v.text))]
    cands += _connectors(words, cands, text_h)
    lines = [ln for ln in text_lines(cands, text_h)
             if any(c.isalpha() for v in ln for c in v.text)
             and any(_is_text(v) and id(v) not in marks_read for v in ln)]

    def bare(v):
        return _BARE_NUMBER.match(v.text.strip()) is not None
    def swatch_number(v):
        # a swatch OCR read as a digit at little confidence ('4' for -■-) is no label's number
        return not _is_text(v) and any(overlaps_blob(v, b) for b in blobs)
    def spaced(a, b):
        # a unit stands a space from its number; a name a swatch's gap from the swatch OCR
        # read as a digit ('4' for an orange triangle, then 'TRT-LLM-like')
        return b.x0 - a.x1 <= 0.6 * text_h
    units = {_key(ln[j].text) for ln in lines for i in range(len(ln)) for j in (i - 1, i + 1)
             if 0 <= j < len(ln) and bare(ln[i]) and not bare(ln[j]) and not swatch_number(ln[i])
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

    def is_label(ws):
        # A line ending in such a unit after a digit is a label misread ('S574 req' of '8 req 4 req').
        # So is one whose number was read as a letter ('t req' of '2 req').
        unit_end = len(ws) > 1 and _key(ws[-1].text) in units and (
            any(c.isdigit() for v in ws[:-1] for c in v.text) or all(len(_key(v.text)) <= 1 for v in ws[:-1]))
        # 'bs=': a 'key=value' label cut short; and 'bs=163!' when other labels share its key
        # (names so written, 'TP=8', 'TP=16', are entries: see plain and labelish).
        text = " ".join(v.text for v in ws)
        keyed = text.rstrip().endswith("=") or (shared_key(ws) and parse_point_label(text) is None)
        return (bare(ws[0]) or bare(ws[-1]) or unit_end or keyed
                or parse_point_label(text) is not None)

    def plain(ws):
        return not is_label(ws) and _key(" ".join(v.text for v in ws)) not in units

    def labelish(ws):
        return (not shared_key(ws) and not bare(ws[0]) and is_label(ws)
                and _key(" ".join(v.text for v in ws)) not in units)

    if data_blobs is None:
        data_blobs = [b for b in blobs if x0 <= b.cx < x1 and y0 <= b.cy < y1]
    used: set = set()
    weak = lambda v: not _is_text(v) or id(v) in marks_read  # noqa: E731
    label_keys = {k for k, n in keys.items() if n >= 3}
    # point labels that are bare numbers, three at least ('4,096', '8,192', ...)
    numbered = sum(bare(v) for v in cands) >= 3

    def other_key(ws):
        # 'TP=8' on a chart whose point labels all read 'n=...' (or are bare numbers, '4,096'):
        # a name, though a lone one lines up with no other entry. (A label's key misread,
        # 'ibs=' or 'hs=' for 'bs=', keeps a letter of it.)
        m = _KEYED.match(ws[0].text.strip())
        return m is not None and keys[m.group(1).lower()] == 1 and (bool(label_keys) or numbered) \
            and not any(set(m.group(1).lower()) & set(k) for k in label_keys)

    legend = find_legend(lines, blobs, text_h, data_blobs, params.series_color_delta, used, weak,
                         lambda ws: plain(ws) or other_key(ws), words)
    stray = stray_entries(legend)
    if stray:
        gone = {id(e.blob) for e in stray}
        legend = [e for e in legend if id(e.blob) not in gone]
        used -= {k for k, b in enumerate(blobs) if id(b) in gone}
    if legend:
        # A name OCR reads doubtfully ('vLLM-like' at 48: tesseract doubts hyphenated words it
        # does not know) is an entry only where its swatch lines up with a sure entry's.
        # (Read apart from the label-like ones: each pass takes its swatches on one side.) A
        # point label starts with its number ('64-req' at 40), a name hardly ever.
        def doubtful(ws):
            return plain(ws) and main_conf(ws, weak) < _SURE_NAME and not ws[0].text[:1].isdigit()
        extra = find_legend(lines, blobs, text_h, data_blobs, params.series_color_delta, set(used), weak,
                            labelish, words)
        legend += aligned_with(legend, extra, text_h)
        used |= {k for k, b in enumerate(blobs) if any(b is e.blob for e in legend)}
        extra = find_legend(lines, blobs, text_h, data_blobs, params.series_color_delta, set(used), weak,
                            doubtful, words, min_conf=_DOUBTFUL_NAME)
        legend += aligned_with(legend, extra, text_h)
    return legend


def _split_by_swatches(groups, legend):
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


def _holds_marker(word: ocr.Word, depth: np.ndarray, text_h: float | None = None) -> bool:
    box = depth[max(0, word.y0):word.y1, max(0, word.x0):word.x1]
    return box.size > 0 and float(box.max()) >= _marker_radius(word, text_h)


def _mask_text(text_mask: np.ndarray, word: ocr.Word, depth: np.ndarray, pad: int = 2,
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
        for r0, r1, c0, c1 in _narrow_bands(depth[max(0, word.y0):word.y1, max(0, word.x0):word.x1] > 0):
            if tall or r1 - r0 >= 0.25 * text_h:
                text_mask[max(0, word.y0) + r0:max(0, word.y0) + r1, max(0, word.x0) + c0:max(0, word.x0) + c1] = False


def _narrow_bands(ink: np.ndarray) -> list[tuple[int, int, int, int]]:
    """In a word's box taller than the text, the bands of rows (set apart by blank rows) whose
    ink is under a third of the widest band's width, as (row0, row1, col0, col1), ends
    exclusive: a small marker the box took in above or below its label, too shallow to tell
    from a letter by depth, and no part of the word."""
    runs = imageops.group_runs(np.flatnonzero(ink.any(axis=1)))
    if len(runs) < 2:
        return []
    spans = []
    for r0, r1 in runs:
        cols = np.flatnonzero(ink[r0:r1 + 1].any(axis=0))
        spans.append((r0, r1 + 1, int(cols[0]), int(cols[-1]) + 1))
    widest = max(c1 - c0 for _, _, c0, c1 in spans)
    return [b for b in spans if b[3] - b[2] < widest / 3.0]


def _join_label_units(words: list[ocr.Word], text_h: float, gap: float = 0.8) -> list[ocr.Word]:
    """'64' + 'req' a space apart on one line: the point label '64 req', not a legend entry 'req'
    whose swatch would be the data marker beside the number."""
    nums = [v for v in words if parse_point_label(v.text) is not None]
    used, joined = set(), []
    for a in nums:
        cands = [b for b in words if id(b) not in used and b is not a and parse_point_label(b.text) is None
                 and re.fullmatch(r"[a-z][a-z/.]{1,5}[):;,.]?", b.text)
                 and abs(a.cy - b.cy) <= 0.4 * max(text_h, a.h) and 0 <= b.x0 - a.x1 <= gap * max(text_h, a.h)]
        if not cands:
            continue
        b = min(cands, key=lambda b: b.x0 - a.x1)
        text = parse_point_label(a.text)[0] + " " + b.text.rstrip("):;,.")
        if parse_point_label(text) is None:
            continue
        used.update((id(a), id(b)))
        joined.append(ocr.Word(text, min(a.conf, b.conf), a.x0, min(a.y0, b.y0), b.x1, max(a.y1, b.y1)))
    return [v for v in words if id(v) not in used] + joined


def _join_label_digits(words: list[ocr.Word], gap: float = 0.15) -> list[ocr.Word]:
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


def _extends(v: ocr.Word, o: ocr.Word, depth: np.ndarray | None = None, text_h: float | None = None) -> bool:
    """Line reading `v` is page reading `o` with more characters at its end: the page pass
    stopped at a glyph touching a marker or a line ('81' of '8192', 'bs=327' of 'bs=32768');
    or, with `depth` (ink depth of the marks) given, with more characters before it where
    `v` reaches further left with no marker there: the page pass lost a first glyph a line
    crosses, or read a label in two ('2 req' of '32 req', '1' of 'n=128')."""
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
    return not _holds_marker(left, depth, text_h)


def _plot_text(gray, ink, text_h, box) -> list[ocr.Word]:
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
    for v in layout.read_lines_in(gray, ink, text_h, box, equals=True):
        if parse_point_label(v.text) is not None:
            out.append(_cleaned_label(v, whole=False))
        elif sum(c.isalnum() for c in v.text) >= 3 and v.conf >= 60:
            out.append(v)
    return out


def _cleaned_label(w: ocr.Word, whole: bool = True) -> ocr.Word:
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


def _ink_color(rgb: np.ndarray, word: ocr.Word, panel_bg, exclude: np.ndarray | None = None):
    """Median colour of the strokes inside a word's box, or None; `exclude`: pixels that are no
    strokes of it (a marker its box took in)."""
    ys, xs = slice(max(0, word.y0), word.y1), slice(max(0, word.x0), word.x1)
    crop = rgb[ys, xs].reshape(-1, 3)
    if len(crop) == 0:
        return None
    dist = imageops.color_distance(crop.reshape(1, -1, 3), panel_bg).ravel()
    sel = dist > 80
    if exclude is not None:
        sel &= ~exclude[ys, xs].ravel()
    ink = crop[sel]
    if len(ink) < 3:
        return None
    return tuple(int(v) for v in np.median(ink, axis=0))


def text_color(rgb: np.ndarray, words: list[ocr.Word], panel_bg):
    """The chart's text colour: that of its tick labels."""
    cols = [c for c in (_ink_color(rgb, v, panel_bg) for v in words) if c is not None]
    return tuple(int(v) for v in np.median(cols, axis=0)) if cols else None


def _label_color_series(word: ocr.Word, rgb: np.ndarray, panel_bg, series_colors: list,
                        text_rgb=None, series_sizes=None, exclude=None) -> int | None:
    """The series whose colour the label is printed in, when the label is coloured: a label in
    the chart's text colour (black on white) says nothing of its series, even when a series (or
    a stray blob of text read as one) is drawn in that colour too."""
    c = _ink_color(rgb, word, panel_bg, exclude)
    if c is None or not series_colors:
        return None
    series_sizes = series_sizes or [2] * len(series_colors)
    lab = to_lab([c] + list(series_colors) + ([text_rgb] if text_rgb is not None else []))
    d = np.linalg.norm(lab[1:1 + len(series_colors)] - lab[0], axis=1)
    # A one-marker "series" is often a label's own bold glyph, in the label's colour.
    d[np.asarray(series_sizes) < 2] = np.inf
    if text_rgb is not None and np.linalg.norm(lab[-1] - lab[0]) <= 25.0:
        return None
    order = np.argsort(d)
    if d[order[0]] > 30.0 or (len(d) > 1 and d[order[1]] - d[order[0]] < 8.0):
        return None
    return int(order[0])


def _attach_labels(points, label_words, series_names, text_h, gray, rgb, panel_bg, text_rgb=None,
                   ink=None, erase=((None, 0), (None, 0), (None, 0))):
    """Point labels onto the points: assignment of the words read, then re-reads of labels
    cut short at a marker or line, then re-reads around markers left without one. Returns
    ({point index: its label word}, the label words as read again, in the order given).
    `ink`: text ink of the page; `erase`: the two ways of cleaning a crop before it is read
    again, tried in that order: ((marker pixels, 0), (marker and series-line pixels, width of
    the gap a line leaves in the strokes it crossed))."""
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
        for mask in _erase_ways(erase, _ink_color(rgb, words[j], panel_bg, markers_px), series_colors[markers[i][2]]):
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
        if len(done) < 2 or len(done) == len(idx):
            continue
        lay = series_layout(done, text_h)
        lw = float(np.median([v.w for _, v in done]))
        lh = float(np.median([v.h for _, v in done]))
        gap = float(np.median([_box_gap(m, v) for m, v in done]))
        cols = [c for c in (_ink_color(rgb, v, panel_bg, markers_px) for _, v in done) if c is not None]
        lcolor = tuple(np.median(cols, axis=0)) if cols else None
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
            for mask in ways:
                for box in _label_places(p.x_px, p.y_px, lay, lw, lh, gap):
                    got = _read_label_at(box, gray, ink, mask[0], mine, lh, rgb=rgb, color=lcolor, bg=panel_bg,
                                         bridge=mask[1])
                    got = [v for v in got if not any(layout.overlaps(v, t) for t in taken)
                           and _closest_claim(v, i, markers, pairs, words)]
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


def _erase_ways(erase, label_rgb, series_rgb) -> tuple:
    """The two cleanings of a crop to read a label in, of `erase` (see _attach_labels): markers
    alone, then markers and the series' lines, with a margin, or for a label printed in the
    series' colour (`label_rgb` within 30 in Lab of `series_rgb`) only the line's own pixels,
    as erasing the margin takes strokes off the label where its line crosses it."""
    same = label_rgb is not None and float(np.linalg.norm(np.subtract(*to_lab([label_rgb, series_rgb])))) < 30
    return (erase[0], erase[2]) if same else erase[:2]


# Reads of labels that break their series' sweep (see _reread_off_sweep), per chart.
_SWEEP_REREADS = 8


def _reread_off_sweep(points, label_word: dict, series_names, gray, ink, erase, rgb, bg, markers_px) -> None:
    """A label off its series' sweep (labels.sweep_expected: '46384' where 16384 belongs, '192'
    of '8,192') was misread or cut short by a marker or line across it: its place is read again
    a character wider on both sides, markers and then series lines erased, and a reading there
    that gives the value the sweep expects replaces it. The image decides; the sweep only says
    which labels to doubt and which reading to believe."""
    budget = [_SWEEP_REREADS]
    place_budget = [2 * _SWEEP_REREADS]
    for name in series_names:
        idx = sorted((i for i, p in enumerate(points) if p.series == name), key=lambda i: points[i].x_px)
        parsed = [parse_point_label(points[i].label) if i in label_word and points[i].label else None for i in idx]
        expected = sweep_expected([q[1] if q is not None else None for q in parsed])
        on = [((points[idx[k]].x_px, points[idx[k]].y_px), label_word[idx[k]])
              for k, q in enumerate(parsed) if q is not None and k not in expected]
        lay = series_layout(on, float(np.median([v.h for _, v in on]))) if len(on) >= 2 else None
        for k, want in expected.items():
            i = idx[k]
            v = label_word[i]
            # A marker within a label's height of its neighbour along x (the curve runs steep
            # or turns back): the order along x need not be the sweep's.
            if any(0 <= k + d < len(idx) and abs(points[idx[k + d]].x_px - points[i].x_px) < v.h
                   for d in (-1, 1)):
                continue
            color = _ink_color(rgb, v, bg, markers_px)
            boxes = []
            if lay is not None:
                # The word taken may be a stray glyph away from the label (a '4' above a marker
                # whose '16,384' sits where the series prints its labels): read there too.
                lw, lh = float(np.median([w.w for _, w in on])), float(np.median([w.h for _, w in on]))
                gap = float(np.median([_box_gap(m, w) for m, w in on]))
                cols = [c for c in (_ink_color(rgb, w, bg, markers_px) for _, w in on) if c is not None]
                lcolor = tuple(np.median(cols, axis=0)) if cols else None
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
            if found is not None:
                points[i].label, points[i].label_conf = found.text, found.conf
                label_word[i] = found


_NUMBER = re.compile(r"\d{1,3}(?:,\d{3})+|\d+")


def _sweep_value(v: ocr.Word, want: float, k: int, parsed: list, expected: dict) -> ocr.Word | None:
    """Label `v` at place k of its series, off the sweep, read as the value the sweep expects
    there when its digits are that value's but for one glyph or a cut end (labels.near_misread)
    and labels on the sweep lie on both sides of it: then the places count no skipped or added
    value, and the reading itself shows which number was printed. Written like its nearest
    label on the sweep ('bs=16384', '16,384', '16384 req'); None otherwise."""
    on = [j for j, q in enumerate(parsed) if q is not None and j not in expected]
    if not (any(j < k for j in on) and any(j > k for j in on)) or want != int(want):
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


def _with_found(read: list[ocr.Word], found: list[ocr.Word]) -> list[ocr.Word]:
    """The label words `read` and the labels found around markers (`found`), without a word
    that another one over it extends ('163' of '16384': the glyph that cut it short is gone,
    and the shorter reading would now be nearer the marker)."""
    have = {id(v) for v in read}
    out = list(read) + [f for f in found if id(f) not in have]
    return [v for v in out if not any(w is not v and layout.overlaps(w, v) and _extends(w, v) for w in out)]


def _pale_glyphs(series, colors, heights, named, bg, text_h: float, areas=None, max_t: float = 0.75) -> set:
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
        return _blend_of(c, r, bg) and not _blend_of(c, r, bg, min_t=max_t)
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


def _crossed_glyphs(centres, series, named, words) -> set:
    """Indices of the marks that are glyphs of a point label, not markers: a mark alone in its
    series (no legend entry, no other mark of its colour and shape) whose centre lies on the
    middle line of a label as read, inside its box. A line crossing a label's digit thickens it
    into a blob as solid as a marker, in a blend of the line's and the text's colours; labels
    are printed beside their markers, and a marker under another point's label is not centred
    on its line of text."""
    counts = Counter(series)
    out = set()
    for i, ((x, y), s) in enumerate(zip(centres, series)):
        if s in named or counts[s] != 1:
            continue
        if any(v.x0 <= x <= v.x1 and abs(y - v.cy) <= 0.25 * v.h for v in words):
            out.add(i)
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


def _series_line_pixels(rgb: np.ndarray, points: list[Point], halfwidth: float, bg, slack: int = 5) -> np.ndarray:
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
_UNSURE_REREADS = 8     # of words read unsure, apart (see _attach_labels)
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


def _isolate_color(rgb: np.ndarray, color, bg) -> tuple[np.ndarray, np.ndarray]:
    """Dark-on-white rendering of only the pixels of `color` (or at least half-way to it from
    the background `bg`), and their mask: a label read apart from gridlines and from other
    series' lines and markers."""
    c = rgb.astype(np.float32) - np.asarray(bg, np.float32)
    d = np.asarray(color, np.float32) - np.asarray(bg, np.float32)
    t = (c @ d) / max(float(d @ d), 1.0)
    resid = np.abs(c - t[..., None] * d).max(axis=-1)
    keep = (t >= 0.45) & (resid < 50)
    gray = np.where(keep, 255.0 - 255.0 * np.clip(t, 0, 1), 255.0).astype(np.uint8)
    return gray, keep


def _read_label_at(box, gray, ink, erase, budget, lh, min_conf: float = 60.0, rgb=None, color=None,
                   bg=None, bridge: int = 0) -> list[ocr.Word]:
    """Point labels read in one box (page coordinates), gridlines and the `erase` pixels
    (markers, series lines) removed, and with `color` given, only the label's colour kept;
    nothing when the box holds no ink or the OCR budget is spent."""
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
    if keep.sum() < 4:
        return []
    budget[0] -= 1
    scale = float(np.clip(30.0 / max(lh, 1), 1.0, 4.0))
    read = ocr.read_crop(crop, (x0, y0), scale)
    read = [_one_for_ell(v) for v in read]
    read = [_cleaned_label(v, whole=False) if parse_point_label(v.text) is not None else v for v in read]
    return [_cleaned_label(v) for v in _join_label_units(read, lh, 1.2)
            if parse_point_label(v.text) is not None and v.conf >= min_conf]


_ELL = re.compile(r"^((?:[A-Za-z_]{1,12}\s*=\s*)?)[lI](?=$|\s)")


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
    color = _ink_color(rgb, v, bg, erase[0] if erase is not None else None) if rgb is not None else None
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


def calibrate_points(ext: Extraction) -> None:
    """Map every point's pixels through the axis calibrations, with a one-pixel uncertainty."""
    for p in ext.points:
        if ext.x_axis is not None:
            cal = ext.x_axis.calibration
            p.x = float(cal.to_data(p.x_px))
            p.x_err = _uncertainty(cal, p.x_px)
        if ext.y_axis is not None:
            cal = ext.y_axis.calibration
            p.y = float(cal.to_data(p.y_px))
            p.y_err = _uncertainty(cal, p.y_px)


def _uncertainty(cal: AxisCalibration, pixel: float) -> float:
    """Half-width in data units of (one pixel + the fit residual) around `pixel`."""
    spread = 1.0 + cal.residual_px
    return float(abs(cal.to_data(pixel + spread) - cal.to_data(pixel - spread)) / 2.0)


def _axis_titles(ext: Extraction, words: list[ocr.Word], gray=None, ink=None) -> dict:
    """The text line just below the x tick labels, and the rotated one left of the y tick labels."""
    out = {"x": "", "y": ""}
    if gray is not None and ext.y_axis is not None and ext.y_axis.side == "left":
        out["y"] = y_title(gray, ink, ext.y_axis.words, ext.text_h)
    lines = text_lines([v for v in words if parse_point_label(v.text) is None], ext.text_h)
    if ext.x_axis is not None:
        bottom = max(v.y1 for v in ext.x_axis.words)
        below = [ln for ln in lines if min(v.y0 for v in ln) >= bottom - 2
                 and min(v.y0 for v in ln) <= bottom + 4 * ext.text_h]
        if below:
            ln = min(below, key=lambda ln: min(v.y0 for v in ln))
            out["x"] = " ".join(v.text for v in ln)
    return out


def digitize_file(image_path: Path, out_dir: Path, params: DigitizeParams | None = None) -> Extraction:
    """Digitise one image file and write its four outputs into `out_dir` (all or nothing)."""
    from . import outputs
    from .provenance import build_provenance
    params = DigitizeParams.resolve(params)
    image_path = Path(image_path)
    from .panels import read_panels, split_panels
    rgb = load_rgb(image_path)
    h, w = rgb.shape[:2]
    boxes = split_panels(rgb, imageops.page_background(rgb))
    panels = read_panels(rgb, boxes, lambda a: digitize_array(a, params)) if len(boxes) > 1 else None
    if panels is None:
        panels = [((0, 0, w, h), digitize_array(rgb, params))]
    prov = build_provenance(image_path, rgb.shape, params.as_dict())
    sha = prov["source"]["sha256"]
    prov["ocr_engine"] = {"backend": type(ocr.engine()).__name__.strip("_"), "tesseract": ocr.engine_version()}
    if len(panels) == 1:
        axes = outputs.axes_record(panels[0][1])
    else:
        axes = {"image": {"width": w, "height": h}, "chart_type": "panels",
                "panels": [dict(box_px=list(box), **outputs.axes_record(e)) for box, e in panels]}
    axes["source_sha256"] = sha
    outputs.write_extraction(Path(out_dir), {
        "points.csv": outputs.panels_csv([(box[:2], e) for box, e in panels], sha).encode("utf-8"),
        "axes.json": outputs.json_bytes(axes),
        "overlay.png": outputs.panels_overlay_png(rgb, panels),
        "provenance.json": outputs.json_bytes(prov),
    })
    return _whole(panels, w, h)


def _whole(panels, w: int, h: int) -> Extraction:
    """The panels as one extraction (pixels in image coordinates) for a caller's summary."""
    if len(panels) == 1:
        return panels[0][1]
    points, notes = [], [f"{len(panels)} panels, each read as a chart of its own (column `panel`)"]
    for k, ((x0, y0, _, _), e) in enumerate(panels):
        points += [replace(p, x_px=p.x_px + x0, y_px=p.y_px + y0) for p in e.points]
        notes += [f"panel {k}: {n}" for n in e.notes]
    first = panels[0][1]
    return Extraction(w, h, (0, 0, w, h), first.x_axis, first.y_axis, points, [], [], first.text_h, notes)
