"""One chart: image -> calibrated, labelled point table, axes record, overlay and provenance.

The stages keep pixels until the end: marks are found in pixels, and only the final table maps
them through the axis calibrations, so a corrected axis never needs a new search.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np

from . import imageops, layout, ocr
from .axes import AxisCalibration
from .errors import NoChartFound, TicksUnreadable
from .extraction import Extraction, Point
from .grouping import linked_groups
from .imageio import load_rgb
from .marks.crosses import cross_markers
from .marks.hidden import hidden_markers
from .marks.legend import text_lines
from .marks.lines import MIN_COVER, line_swatches, trace_lines
from .marks.markers import (Blob, crossings, drop_fragments, find_markers, on_lines, pale_rule_crossings, regrown,
                            stacked_lines, tiny_markers)
from .marks.rims import rim_markers
from .marks.series import color_groups, group_series, lab_distance, paler_series
from .marks.templates import best_match, marker_template
from .numbers import parse_point_label, parse_tick, parse_value_label
from .params import DigitizeParams
from .titles import y_title
from .xychart import legend_text, not_markers, point_labels, text_words


def _ocr_scale(shape) -> float:
    """Small charts have small text: enlarge them so tesseract sees 20-30 px letters."""
    return 2.0 if max(shape[:2]) < 1100 else 1.0


_SMALL = 600    # a chart this small (its longer side, px) is read again at 3x when an axis is missing


def read_chart_text(rgb: np.ndarray, params: DigitizeParams):
    """OCR pass over the page, then line-by-line reads where the tick labels must be. A small
    chart (see _SMALL) with an axis unread is read again enlarged three times, and the reading
    whose axes take more labels is kept: at twice, a downscaled chart's 5-7 px labels are
    still too small for tesseract, yet three times loses labels another chart reads at two.
    On a tie, the reading whose text height fits its own labels (see _height_misfit)."""
    def ticks(reading):
        x, y = reading[4:6]
        return sum(len(a.calibration.ticks) for a in (x, y) if a is not None)

    def sure_ticks(reading):
        x, y = reading[4:6]
        return sum(len(a.calibration.ticks) for a in (x, y) if a is not None and len(a.calibration.ticks) >= 3)

    page_bg = imageops.page_background(rgb)
    second, bars_bg = imageops.second_backgrounds(rgb, page_bg)
    got = _read_chart_text(rgb, params, _ocr_scale(rgb.shape), page_bg, second)
    # Bars apart are no background of the page's text (see imageops.second_background), but
    # where the page is read better with the bars' colour as one (white value labels on the
    # bars that would otherwise pass for an axis: bar seed-46 bar011), that reading is kept.
    if bars_bg is not None and second is None:
        again = _read_chart_text(rgb, params, _ocr_scale(rgb.shape), page_bg, bars_bg)
        # (Two printed values fit a scale as well as two ticks: axes of three labels or more
        # count first.)
        if (sure_ticks(again), ticks(again)) > (sure_ticks(got), ticks(got)):
            got = again
    x, y = got[4:6]
    if x is None and y is None:
        # Pale grey labels blurred on a pale page (Vega's 'fivethirtyeight' theme in a
        # screenshot: outside set-23 h07) are too faint at twice their difference from the page
        # for tesseract to read a tick: at four times they are dark.
        # (Only two axes of three labels or more each are taken so: at four times, blurred
        # glyphs run together and fit a scale by chance, two labels (bar seed-40 bar010), or
        # three of a rotated title's glyphs read '5', '4', '3' on a chart with no tick labels.)
        again = _read_chart_text(rgb, params, _ocr_scale(rgb.shape), page_bg, second, gain=4.0)
        # (One axis alone, as a bar chart has, where its labels are no such glyphs: three or
        # more at even steps of two characters or more: '20'000', '10'000', '5'000' blurred.)
        if all(a is not None and len(a.calibration.ticks) >= 3 for a in again[4:6]) or (
                sum(a is not None for a in again[4:6]) == 1 and _sure_lone_axis(again[4] or again[5])):
            got = again
            x, y = got[4:6]
    if (x is None or y is None) and max(rgb.shape[:2]) < _SMALL:
        again = _read_chart_text(rgb, params, 3.0, page_bg, second)
        if ticks(again) > ticks(got):
            return again
        # As many labels: the reading whose text height is its own labels' is kept where the
        # other's is half as large again as its labels (a bar chart's category axis is never
        # read: 14 px for 7 px text at twice, a few junk glyphs setting it, and every value
        # label was then read wrong).
        if ticks(again) == ticks(got) > 0 and _height_misfit(got) > np.log(1.5) \
                and _height_misfit(again) < _height_misfit(got):
            return again
    return got


def _sure_lone_axis(a) -> bool:
    """Tick labels at even steps (see layout.printed_at_steps), three or more of them of two
    characters or more (a '0' may stand among them)."""
    ticks = a.calibration.ticks
    return layout.printed_at_steps(a.calibration) and sum(len(t.text.strip()) >= 2 for t in ticks) >= 3


def _height_misfit(reading) -> float:
    """|log| of a reading's text height over the median height of its axes' label words."""
    x, y, text_h = reading[4:7]
    heights = [v.h for a in (x, y) if a is not None for v in a.words]
    return abs(float(np.log(text_h / max(1.0, float(np.median(heights)))))) if heights else 0.0


def _read_chart_text(rgb: np.ndarray, params: DigitizeParams, scale: float, page_bg, second, gain: float = 2.0):
    gray = imageops.text_gray(rgb, page_bg, second, gain)
    ink = gray < params.ink_gray_threshold
    h, w = gray.shape
    words = layout.join_number_parts(ocr.read_words(gray, scale), 0)
    words = layout.strip_tick_marks(words, gray, ink)
    words = layout.tightened(words, gray, layout.typical_text_height(words))
    x, y, text_h = layout.find_axes(words, w, h)
    xreg, yreg = layout.tick_regions(x, y, text_h, w, h)
    # (A line box may hold two labels stacked: see layout.tightened.)
    extra = layout.tightened(layout.read_tick_lines(gray, ink, text_h, (xreg, yreg), words), gray, text_h)
    words = layout.join_number_parts(layout.merge_words(words, extra), text_h)
    x2, y2, text_h = layout.find_axes(words, w, h)
    # Keep the first reading of an axis when the second one is not better; nor does a row of
    # numbers above the first x axis replace it unless it keeps its labels: category names
    # and printed values there fit a scale by chance ('2', '54' of 'batch 64', '25.3%').
    # Nor is a row across the plot kept over one under it (see _across_plot).
    y = y2 if y2 is not None and (y is None or len(y2.calibration.ticks) >= len(y.calibration.ticks)) else y
    x = x2 if x2 is not None and (x is None or len(x2.calibration.ticks) >= len(x.calibration.ticks)
                                  and not _above_losing(x2, x, text_h)
                                  or _across_plot(x, y, text_h) and not _across_plot(x2, y, text_h)) else x
    # Lines an axis lost or rejected are read again, sharpened; the axis is taken anew only
    # where more labels then fit (see layout.reread_failed_ticks).
    again = layout.reread_failed_ticks(gray, ink, text_h, xreg, words, x) + \
        layout.reread_failed_ticks(gray, ink, text_h, yreg, words, y)
    if again:
        words3 = layout.join_number_parts(layout.merge_words(words, again), text_h)
        x3, y3, _ = layout.find_axes(words3, w, h)
        words, x, y = _if_better(words, x, y, words3, x3, y3)
    words, x, y = _reread_unread_axes(gray, ink, words, x, y, text_h)
    if (x is None) != (y is None):
        # The page pass may box two lines as one (a blurred x axis's labels with its title
        # under them: 42 px for 12 px text, seed-56 syn110), and the other axis's margin is
        # then looked for with that height: found, one axis's labels tell the text's.
        own = float(np.median([v.h for v in (x or y).words]))
        if text_h > 1.5 * own:
            text_h = own
            words, x, y = _reread_unread_axes(gray, ink, words, x, y, text_h)
    ones = layout.stems_as_ones(layout.stems_as_ones(words, x, text_h, False), y, text_h, True)
    if ones is not words:
        words, x, y = _if_better(words, x, y, ones, *layout.find_axes(ones, w, h)[:2])
    return page_bg, gray, ink, words, x, y, text_h


def _if_better(words, x, y, words2, x2, y2):
    """(words, x, y) with each axis of the second reading taken where it is better, and its
    words then: more labels, the labels the first fit agreed on among them (within a pixel: a
    label boxed anew moves its centre a little). Re-read lines beside an axis (a rotated
    title's letters read '7', '3') may make a scale of their own."""
    better_x, better_y = _holds_more(x2, x), _holds_more(y2, y)
    if not (better_x or better_y):
        return words, x, y
    return words2, x2 if better_x else x, y2 if better_y else y


def _holds_more(new, old) -> bool:
    """Axis `new` fits more labels than `old`, among them all that `old` fitted (within a pixel:
    a label boxed anew moves its centre a little)."""
    return new is not None and (old is None or (
        len(new.calibration.ticks) > len(old.calibration.ticks)
        and all(any(abs(t.pixel - n.pixel) <= 1.0 for n in new.calibration.ticks) for t in old.calibration.ticks)))


def _above_losing(new, old, text_h: float) -> bool:
    """An x axis `new` whose labels stand above `old`'s and do not hold all its labels."""
    higher = np.mean([v.cy for v in new.words]) < np.mean([v.cy for v in old.words]) - 0.5 * text_h
    return higher and not {t.pixel for t in old.calibration.ticks} <= {t.pixel for t in new.calibration.ticks}


def _across_plot(x, y, text_h: float) -> bool:
    """An x axis fitted to labels that lie between the y axis's labels, a text height and more
    from its first and last: x labels stand under the plot or over it, a row of point labels
    across it (seed-59 syn079: '16,384', '32,768', '65,536' over a curve of doubling x fitted
    a scale better than the two x labels the page pass read of four)."""
    if x is None or y is None or len(y.calibration.ticks) < 3:
        return False
    pix = [t.pixel for t in y.calibration.ticks]
    return min(pix) + text_h < float(np.mean([v.cy for v in x.words])) < max(pix) - text_h


def _longer_axis(new, old) -> bool:
    """A y axis `new` of three labels or more spanning more pixels than `old` does."""
    def span(a):
        return float(np.ptp([t.pixel for t in a.calibration.ticks]))
    return new is not None and len(new.calibration.ticks) >= 3 and span(new) > span(old)


def _inside_plot(x, y, text_h: float) -> bool:
    """A left y axis fitted to labels that all start right of the x axis's first tick, which
    lies inside the plot: a column of printed point labels ('32768', '16384', '8192' beside
    a climbing series) fits a log2 scale, and the axis's own labels ('1' … '5') were lost. So
    is a right y axis whose labels start left of the x axis's last tick (seed-29 syn033: '15',
    '12' and '4----' of a point label and a dashed gridline, the left labels read only twice)."""
    if x is None or y is None:
        return False
    ticks = [t.pixel for t in x.calibration.ticks]
    if y.side == "left":
        return min(v.x0 for v in y.words) > min(ticks) + text_h
    return min(v.x0 for v in y.words) < max(ticks) - text_h


def _reread_unread_axes(gray: np.ndarray, ink: np.ndarray, words, x, y, text_h: float):
    """An axis still unread, or an x axis fitted to a row of numbers with another row of
    numbers under it (see layout.row_below), has its margin read again as a block (see
    layout.reread_margin). Of the readings, the one whose fit takes the most labels gives the
    axis; an x axis found already gives way only to one lower down that takes as many labels,
    and a y axis found already is kept as it is (or as it is with more labels), unless its
    labels stand inside the plot (see _inside_plot): then the margin left of them is read, as
    a block and line by line (spaced monospaced labels with dotted zeros read only line by
    line), and an axis there left of them that takes as many labels replaces it. A y axis of
    two labels (two printed values fit a scale as well: '1.8x' and '1.3x' on two bars) has the
    margin where an unread one would be read again, and gives way to an axis there of three
    labels or more reaching further."""
    def ticks(a):
        return len(a.calibration.ticks) if a is not None else 0

    h, w = gray.shape
    inside = _inside_plot(x, y, text_h)
    weak = y is not None and not inside and ticks(y) <= 2
    xreg, yreg = layout.tick_regions(x, None if weak else y, text_h, w, h)
    if inside:
        yreg = (0, 0, min(v.x0 for v in y.words), min(v.y0 for v in x.words))
    if x is not None:
        xreg = layout.row_below(words, x, text_h, w)
    if xreg is None and y is not None and not inside and not weak:
        return words, x, y
    # An unread x axis is looked for from the lowest y label's centre, then, still unread,
    # from half a line higher (see layout.tick_regions: labels hanging just under the axis
    # line, seed-57 syn065; the higher margin takes in more of the y label and the plot, and
    # read as a block loses labels the lower one reads, seed-53 syn019).
    # (Only where the page pass read two numbers or more at that height: on a bar chart the
    # unread x axis is its categories, and a second look cost a third of a second a chart.)
    xregs = [xreg]
    if x is None:
        hung = layout.tick_regions(None, None if weak else y, text_h, w, h, hanging=True)[0]
        own = {id(v) for v in y.words} if y is not None else set()
        if sum(parse_tick(v.text) is not None and id(v) not in own and v.x0 >= hung[0]
               and hung[1] <= v.cy <= hung[1] + 2 * text_h for v in words) >= 2:
            xregs.append(hung)

    def lower(a, b):
        return np.mean([v.cy for v in a.words]) > np.mean([v.cy for v in b.words]) + 0.5 * text_h
    scale = 1.5 * _ocr_scale(gray.shape)
    best, out = ticks(x) + ticks(y), (words, x, y)
    for xreg, sharpen in ((r, sh) for r in xregs for sh in layout.MARGIN_REREADS):
        if xreg is not xregs[0] and out[1] is not None:
            break
        again = []
        if xreg is not None:
            again += layout.reread_margin(gray, xreg, False, scale, sharpen)
        if y is None or inside or weak:
            again += layout.reread_margin(gray, yreg, True, scale, sharpen)
        if inside and not sharpen:
            again += layout.read_tick_lines(gray, ink, text_h, [yreg], words)
        if x is None and not sharpen:
            # (read line by line where the first pass had only a guess at the text height and
            # the margin: blurred serif labels touching the axis line are lost to a block read)
            again += layout.read_tick_lines(gray, ink, text_h, [xreg], words)
        if not again:
            continue
        words2 = layout.join_number_parts(layout.merge_words(words, again), text_h)
        x2, y2, _ = layout.find_axes(words2, w, h)
        if x is not None and (x2 is None or ticks(x2) < ticks(x) or not lower(x2, x)):
            x2 = x
        # (A rotated title's letters read as digits fit a scale too: '5', '3', '2' beside it.)
        # (A y axis that keeps its labels and takes one more is taken: the x axis moving down
        # to its own labels hands back the '0' that markers read '3' and '8' had paired with.)
        if y is not None and (not _longer_axis(y2, y) if weak else not (
                inside and y2 is not None and ticks(y2) >= ticks(y)
                and max(v.x1 for v in y2.words) < min(v.x0 for v in y.words))) and not _holds_more(y2, y):
            y2 = y
        # A block read of a margin yields glyphs of titles and markers as digits too: two of
        # them pair into a scale as easily as two labels ('7' and '0.' beside '0.5M', '1.0M').
        x2 = x2 if x2 is x or ticks(x2) >= 3 else None
        y2 = y2 if y2 is y or ticks(y2) >= 3 else None
        if ticks(x2) + ticks(y2) > best:
            best, out = ticks(x2) + ticks(y2), (words2, x2, y2)
    return out


def plot_box(x: layout.AxisFind | None, y: layout.AxisFind | None, w: int, h: int, text_h: float,
             words=()):
    """Where data can be: inside the tick labels, and at most most of a tick step beyond the last
    tick (axes end near a tick; past that lie titles and outside legends), and below a title
    line among `words` over the plot."""
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
    if y is not None:
        top_tick = min(t.pixel for t in y.calibration.ticks)
        top = max(top, _title_floor(words, top_tick, left, right, text_h))
    return int(left), int(top), int(right), int(bottom)


def _title_floor(words, top_tick: float, left: float, right: float, text_h: float) -> float:
    """The bottom of the lowest title line above the top y tick: a line of words, none a point
    label, over at least a quarter of the plot's width. A tall tick step lets the plot box
    reach up into the title, whose letters then pass for markers (a small downscaled chart
    with its title just over the top tick). 0 where there is none. A line whose middle lies
    half a text height over the top tick counts, its descenders reaching nearer (seed-49
    syn017: 'per-GPU' down to 6 px over the top tick, the title's 'v' a point); the floor is
    then no lower than that half height over it, where a marker on the top tick may reach."""
    # (Sure readings, letters no wider than letters: a flat line read as 'ee' spans 170 px.)
    lowest = top_tick - 0.5 * text_h
    above = [v for v in words if v.cy < lowest and left <= v.cx <= right
             and v.conf >= 50 and _letter_wide(v, text_h)]

    def worded(v):
        return parse_point_label(v.text) is None and sum(c.isalpha() for c in v.text) >= 2
    floor = 0.0
    for line in text_lines(above, text_h):
        # A title's words may read like a label ('OSL=1k' of 'Decode frontier, OSL=1k': seed-52
        # syn037, where a legend above the title then passed for a point); most of it is words.
        wide = sum(v.x1 - v.x0 for v in line)
        if wide >= 0.25 * (right - left) and sum(v.x1 - v.x0 for v in line if worded(v)) >= 0.5 * wide:
            floor = max(floor, min(max(v.y1 for v in line) + 2.0, lowest))
    return floor


def _letter_wide(v, text_h: float) -> bool:
    """Word `v`'s box is no wider than its letters: a line read as 'ee' may span 200 px."""
    return v.x1 - v.x0 <= 1.5 * text_h * len(v.text.strip())


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
        if bars is not None and _bars_first(bars, xa, ya, weak) and _bars_in_plot(bars, ext.plot_box, text_h):
            return bars
    return ext


def _bars_in_plot(bars: Extraction, box, text_h: float) -> bool:
    """Whether every bar of `bars` ends inside the XY reading's plot box `box`: a line chart's
    legend swatches and its title block, outside the plot, pass for bars of a chart whose axes
    are the line chart's own."""
    return all(_in_box(p.x_px, p.y_px, box, 0.25 * text_h) for p in bars.points if p.marker != "missing")


def _more_marks(bars: Extraction, rgb, params, *chart) -> Extraction | None:
    """The XY reading, where it finds more markers than there are bars (and three at least):
    with one numeric axis resting on two labels, a line chart's bold title or a legend row of
    swatches passes for a few bars (Vega seed-0 syn058: two 'bars' beside 15 markers)."""
    try:
        ext = _xy_extraction(rgb, params, *chart)
    except NoChartFound:
        return None
    # A "marker" inside a bar of its own colour is a piece of that bar (cut out between the
    # dashes of gridlines drawn across it), no sign of another chart.
    def in_bar(p) -> bool:
        return any(b.box is not None and _in_box(p.x_px, p.y_px, b.box, 0)
                   and float(lab_distance(np.array([p.color], np.uint8), b.color)[0]) <= params.series_color_delta
                   for b in bars.points)
    marks = sum(p.marker not in ("line", "missing") and not in_bar(p) for p in ext.points)
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
        return legend_text.legend_entries(legend_words, tick_words, blobs, box, text_h, params, data_blobs,
                                           no_point_labels=True)

    got = barchart.read_bars(imageops.without_frame(rgb), gray, words, xa, ya, text_h, page_bg, params, legend_fn)
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
        if r.bar is not None:
            p.box = frame.box_to_orig(r.bar.x0, r.bar.top, r.bar.x1, r.bar.bottom)
        if r.bar is None and r.label is not None:
            # the marker as charts print it ('00M' is what OCR made of 'OOM')
            parsed = parse_value_label(r.label.text)
            p.value_label = parsed[2] if parsed is not None and parsed[2] is not None else r.label.text
        points.append(p)
    if axis is None and not any(n.startswith(barchart.read.MISREAD_AXIS) for n in notes):
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


def _outline_colours(blobs, marks: np.ndarray, rgb: np.ndarray, bg, text_h: float, box,
                     min_share: float = 0.4) -> None:
    """Hollow markers among `blobs` take their outline's colour (see not_markers.hollow_color).
    In the plot `box`, only those 0.84 text heights across or more (open markers measured
    0.87 to 1.9), and only where two or more and `min_share` of the blobs there are so: a
    letter's bowl is hollow too (0.63 text heights for 'b' of 'bs=16384', seed-59 syn089;
    0.57 to 0.71 for serif '6' and '8', seed-52 syn108), and so is one a line closes ('n' at
    0.8, seed-60 syn022; the eye of an 'e' among solid squares, seed-59 syn062), and in
    their labels' colour they pass for markers. Outside it, where blobs serve a legend only,
    a sample its line cuts in pieces is smaller (gnuplot's keys, outside set-B out031)."""
    inside = [_in_box(b.cx, b.cy, box, 0) for b in blobs]
    rings = [not_markers.hollow_color(b, marks, rgb, bg) if not i or b.size >= 0.84 * text_h else None
             for b, i in zip(blobs, inside)]
    hollow = sum(r is not None and i for r, i in zip(rings, inside))
    hollow_plot = hollow >= 2 and hollow >= min_share * sum(inside)
    for b, ring, i in zip(blobs, rings, inside):
        if ring is not None and (hollow_plot or not i):
            b.color = ring


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

    box = plot_box(xa, ya, w, h, text_h, words)
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
    tick_words = {id(v) for ax in (xa, ya) if ax is not None for v in ax.words}
    words = [g for g in (v if id(v) in tick_words else text_words.glyph_box(v, ink_text, text_h) for v in words)
             if g is not None]
    words = point_labels.key_before_equals(point_labels.one_before_unit(words, text_h))

    lines_read = point_labels.plot_text(gray, ink_text, text_h, search_box(xa, ya, w, h))
    # Page-pass labels that took in a marker ('¢-4,096', '0.64' for a marker and '64') give way
    # to the line reading, which reads only strokes; unless it reads the label far less surely
    # (blurred bold glyphs are as deep as markers: 'bs=4096' at 90, its line '14096' at 30,
    # seed-52 syn080).
    labels_read = [v for v in words if parse_point_label(v.text) is not None
                   and parse_point_label(v.text)[0] == v.text.strip()
                   and (not text_words.holds_marker(v, depth, text_h) or _surer_than_lines(v, lines_read))]
    specks = [v for v in words if text_words.speck(v, text_h) and parse_point_label(v.text) is None]
    # The chart's text colour, that of its tick labels.
    text_rgb = text_words.text_color(rgb, [v for ax in (xa, ya) if ax is not None for v in ax.words], panel_bg)
    # Labels in the text's colour that coloured lines cross ('bs=4096' read 'bs' and '409'):
    # read again with only the text's colour kept, where the first reading was unsure.
    if text_rgb is not None:
        lines_read = point_labels.surer_of(lines_read, point_labels.text_colour_lines(
            rgb, text_rgb, panel_bg, text_h, search_box(xa, ya, w, h), lines_read))
    # A page reading run over two labels of one line ('685536' at 13 over '32768' and '65536'
    # read at 96) is no label: it would keep both line readings out.
    merged = {id(o) for o in labels_read
              if point_labels.runs_over_two(o, lines_read) and not _split_by_lines(o, lines_read)}
    labels_read = [o for o in labels_read if id(o) not in merged]
    words = [v for v in words if id(v) not in merged]
    plot_text = [v for v in lines_read
                 if not any(layout.overlaps(v, o) and not point_labels.extends(v, o, depth, text_h, specks)
                            and text_words.is_text(o)
                            for o in labels_read)]
    # A page reading that a line reading extends gives way to it (a number read alone would
    # otherwise keep its place against the longer label).
    outread = {id(o) for o in labels_read for v in plot_text
               if layout.overlaps(v, o) and point_labels.extends(v, o, depth, text_h, specks)}
    words = [v for v in words if id(v) not in outread]
    words = point_labels.join_label_units(point_labels.join_label_digits(layout.merge_words(words, plot_text)), text_h)
    marks_read = {id(v) for v in words
                  if id(v) not in tick_words and (text_words.coloured_glyph(v, rgb, panel_bg, text_rgb)
                                                  or text_words.ring_glyph(v, rgb, panel_bg, params.mark_threshold / 2, text_h))
                  and not text_words.keys_a_label(v, words, text_h)}
    masked = [v for v in words
              if id(v) in tick_words
              or (text_words.is_text(v) and not text_words.speck(v, text_h) and id(v) not in marks_read)]
    text_mask = np.zeros((h, w), bool)
    for v in masked:
        text_words.mask_text(text_mask, v, depth, text_h=text_h)
    ink = marks & ~text_mask
    halfwidth = series_halfwidth(rgb, ink, text_h)
    blobs, _diam = find_markers(rgb, ink, halfwidth)
    blobs = regrown(blobs, rgb, marks, text_mask, halfwidth)
    # Blurred bold glyphs are as deep as markers, and masking the text leaves them: those a
    # surely read point label holds whole are its glyphs (labels in their series' paler
    # colour made a series of glyphs beside the markers: seed-52 syn080).
    blobs = [b for b in blobs if not any(_glyph_of_label(b, v, text_h, page_marks, rgb) for v in masked)]
    blobs += [b for b in cross_markers(rgb, ink, text_h) if not any(_in_box(b.cx, b.cy, o.box, 0) for o in blobs)]
    # Thin crosses OCR took in with their labels ('><1024') are looked for before the text
    # was masked too; only thin ones: unmasked, small dots beside labels pass for pluses.
    blobs += [b for b in cross_markers(rgb, marks, text_h, thin_only=True)
              if not any(_in_box(b.cx, b.cy, o.box, 0) for o in blobs) and not _whole_word(b, masked)]
    gridded = {id(b) for b in not_markers.dotted_rules(blobs, box) + not_markers.beads_on_a_stroke(blobs)
               + not_markers.tick_rows(blobs, xa, ya, text_h) + not_markers.grid_crossings(blobs, xa, ya)
               + pale_rule_crossings(blobs, rgb, ink, panel_bg, halfwidth)}
    blobs = [b for b in blobs if id(b) not in gridded]
    # Legend swatches may sit outside the search box (a legend below the x title, or left of the
    # y tick labels): marks found there serve the legend only, data stays in the plot box.
    outside = legend_text.outside_marks(rgb, page_marks & ~search, text_mask)
    blobs += [b for b in find_markers(rgb, outside, halfwidth)[0] + cross_markers(rgb, outside, text_h)
              if not (sx0 <= b.cx < sx1 and sy0 <= b.cy < sy1)]
    _outline_colours(blobs, page_marks, rgb, panel_bg, text_h, box)

    other_words = [v for v in words if id(v) not in tick_words and text_words.is_text(v)]
    tick_list = [v for ax in (xa, ya) if ax is not None for v in ax.words]

    glyph_blobs = []    # blobs found to be digits beside a label: kept when markers are erased
    # Where lines run together they thicken like markers: those blobs are no data marks.
    lines_together = {id(b) for b in stacked_lines(blobs, rgb, ink, halfwidth, panel_bg)}

    # Tick labels' boxes, those whose reading was rejected too: a digit found as a blob in one
    # ('4' of '4e4' misread '4') is no swatch of the text before it ('4e').
    tick_boxes = [t.box for ax in (xa, ya) if ax is not None and ax.calibration is not None
                  for t in ax.calibration.ticks + ax.calibration.rejected]

    on_traces = set()    # markers on the traced lines (with tiny ones found): data, never a swatch
    # Tiny markers found on their lines: no fragments of the larger markers of other series.
    tiny_found = set()

    def legend_and_data(blobs, strokes=()):
        in_plot = [b for b in blobs if x0 <= b.cx < x1 and y0 <= b.cy < y1]
        cands = [b for b in legend_text.outside_ticks(blobs, tick_boxes) if id(b) not in on_traces] + list(strokes)
        reread = legend_text.reread_legend_text(words, tick_words, gray, ink_text, cands, in_plot, text_h,
                                                params.series_color_delta, marks_read, strokes, rgb)
        legend = legend_text.legend_entries(reread, tick_words, cands, box, text_h, params, marks_read=marks_read)
        legend = [e for e in legend if e.blob is None or not legend_text.joined_to_data(
            e.blob, in_plot, rgb, box, params.series_color_delta, text_h, panel_bg)]
        # The entries hold words read again beside their swatch: the page's readings of the same
        # text are the legend's too.
        legend_words = {id(v) for e in legend for v in e.words} | \
            {id(v) for v in words if any(legend_text.inside_box(v, e.box) for e in legend)}
        label_words = [text_words.cleaned_label(v) for v in other_words if parse_point_label(v.text) is not None
                       and id(v) not in legend_words
                       and not any(layout.overlaps(v, t) for t in tick_list)   # a tick label read twice
                       and x0 - text_h <= v.cx <= x1 + text_h and y0 - text_h <= v.cy <= y1 + text_h]
        legend_blob_ids = {id(e.blob) for e in legend}
        data_blobs = [b for b in blobs if id(b) not in legend_blob_ids and id(b) not in lines_together
                      and x0 <= b.cx < x1 and y0 <= b.cy < y1
                      and not any(legend_text.in_entry(b, e, text_h) and not _keyed_past(b, e, legend, params)
                                  for e in legend)
                      and not not_markers.tick_mark(b, xa, ya, box, text_h)
                      and not not_markers.counter_glyph(b, ink, panel_bg)
                      and not not_markers.in_sure_word(b, other_words)]
        whole = {id(b) for b in drop_fragments([b for b in data_blobs if id(b) not in tiny_found])}
        data_blobs = [b for b in data_blobs if id(b) in whole or id(b) in tiny_found]
        if len(data_blobs) >= 3:
            typical = float(np.median([b.area for b in data_blobs]))
            units = not_markers.lone_units(other_words, label_words)
            beside = [b for b in data_blobs
                      if any(not_markers.glyph_beside(b, v, text_h, typical) for v in label_words)
                      or any(not_markers.digit_before_unit(b, u, text_h, typical) for u in units)]
            glyph_blobs[:] = beside
            data_blobs = [b for b in data_blobs if not any(b is g for g in beside)]
            glyphs_read = not_markers.glyph_runs(data_blobs, gray, text_h, panel_bg, label_words)
            if glyphs_read:
                gone = {id(b) for _, bs in glyphs_read for b in bs}
                data_blobs = [b for b in data_blobs if id(b) not in gone]
                label_words = label_words + [v for v, _ in glyphs_read if v is not None]
            # After the runs read as labels: a glyph taken out first would break up its run.
            text_glyphs = not_markers.text_row_glyphs(data_blobs, rgb, text_rgb, panel_bg, text_h)
            text_glyphs += not_markers.word_counters(data_blobs, rgb, [e.blob.color for e in legend if e.blob],
                                                     panel_bg, text_h)
            if text_glyphs:
                glyph_blobs.extend(text_glyphs)
                data_blobs = [b for b in data_blobs if not any(b is g for g in text_glyphs)]
        return legend, label_words, legend_blob_ids, data_blobs

    def stroke_swatches(colors, patches_inside=True):
        # Swatches may lie outside the plot, beside a name OCR was unsure of. Among markers, a
        # dot left of a word inside the plot is a marker beside its label, no key.
        named_boxes = [(v.x0, v.y0, v.x1, v.y1) for v in words
                       if id(v) not in tick_words and any(c.isalnum() for c in v.text)]
        return [b for b in line_swatches(rgb, page_marks, colors, halfwidth, params.series_color_delta,
                                         named_boxes, text_h)
                if patches_inside or b.shape == "line" or not _in_box(b.cx, b.cy, box, 0)]

    def stroke_entries(colors, patches_inside=True):
        # The legend read again with the line-stroke swatches of `colors`: only their entries.
        # (A patch found as a marker too gives way to its twin: two lines of one colour, or
        # one line traced in two pieces, find it twice.)
        strokes = []
        for b in stroke_swatches(colors, patches_inside) if colors else []:
            if not any(b.box == o.box for o in strokes):
                strokes.append(b)
        ids = {id(b) for b in strokes}
        others = [b for b in blobs if not any(_in_box(b.cx, b.cy, o.box, 2) for o in strokes)]
        return [e for e in legend_and_data(others, strokes)[0] if id(e.blob) in ids] if strokes else []

    legend, label_words, legend_blob_ids, data_blobs = legend_and_data(blobs)
    # No markers, or one or two (where two lines cross, they thicken into a blob): a line chart,
    # unless markers too small for find_markers sit along its lines. Small markers found where
    # far more point labels were read are some of them: where its line runs steep or ends, a
    # tiny marker is deep enough to be found.
    little = len(data_blobs) >= 3 and np.median(
        [max(b.box[2] - b.box[0], b.box[3] - b.box[1]) for b in data_blobs]) <= 12
    small = little and len(label_words) >= 1.5 * len(data_blobs)
    # A point label with no marker near it, among small markers found: its marker is one too
    # tiny to be found where the line runs on straight through it.
    orphans = _orphan_labels(label_words, data_blobs, text_h) if little and not small else []
    # Small markers found where a line turns are some of them: where it runs on straight, a
    # tiny marker set apart from it by its rim is no deeper than the line (see tiny_markers).
    x_ticks = [t.pixel for t in xa.calibration.ticks] if xa is not None else []
    # (Two lines crossing make no marker of either series: two such blobs between a series'
    # markers and the end of its line kept it from stepping evenly, seed-54 syn065.)
    crossed = {id(b) for b in crossings(data_blobs, rgb, ink, halfwidth)} if little and not small else set()
    stepping = [b for b in data_blobs if id(b) not in crossed]
    gaps = little and not small and _gappy(stepping, params.series_color_delta, rgb, box, panel_bg, x_ticks)
    if len(data_blobs) < 3 or small or orphans or gaps:
        boxes = [(v.x0, v.y0, v.x1, v.y1) for v in other_words]
        traces = trace_lines(rgb, ink, box, halfwidth, params.series_color_delta, panel_bg, boxes, text_h,
                             rules_in=marks)
        tiny = []
        if traces:
            # A tiny marker just under or beside its label lies in the label's padded box, or
            # in its box when OCR took it in: inside a word, only what is as tall as half a
            # line of text is a glyph.
            tiny = [b for b in _line_markers(rgb, page_marks, traces, halfwidth, box, panel_bg, data_blobs)
                    if not (b.box[3] - b.box[1] >= 0.45 * text_h
                            and _in_a_word(b, masked, text_rgb, text_h, page_marks, rgb))]
            # A tiny marker OCR read as a label's first or last glyph ('48,192'): the label
            # is the rest of the word.
            other_words = [_without_marker_glyph(v, tiny, page_marks, text_h, rgb, text_rgb) for v in other_words]
        elif len(data_blobs) < 3 or small:
            # (Or where labels far outnumber the markers found: those are the few dots a label's
            # glyph touches, thickened past find_markers' least size.)
            tiny = _scatter_dots(rgb, page_marks, halfwidth, box, panel_bg, masked, text_rgb,
                                 params.series_color_delta, text_h)
        # Where the line thickens about a marker, find_markers may have found it already; in
        # the paler colour of its rim and of no other mark's, it would stand as a series of
        # one (a label's glyph): it takes the colour of the tiny marker found in it.
        def holds(o, b):
            return o.box[0] <= b.cx <= o.box[2] and o.box[1] <= b.cy <= o.box[3]
        colors = np.array([o.color for o in blobs], np.uint8).reshape(-1, 3)
        for o in blobs:    # in place: sets of blobs are kept by identity
            alone = (lab_distance(colors, o.color) <= params.series_color_delta).sum() == 1
            if alone:
                o.color = next((b.color for b in tiny if holds(o, b) and _shade_of(o.color, b.color, panel_bg)),
                               o.color)
        found_too = len(tiny)
        tiny = [b for b in tiny if not any(holds(o, b) for o in blobs)]
        if small and found_too < 3:
            # As _line_markers asks of a line: two are crumbs of labels as likely as markers. Two
            # found with markers find_markers took, of one colour and size, are two more of them
            # (plotly's 8 px triangles, some a pixel too shallow for it: set-9 h40).
            tiny = []
        if orphans or gaps:
            # (A label's orphan does not keep the gaps unfilled: a marker read '4' on the
            # line was one, beside markers found only every third tick: seed-49 syn066.)
            near = _nearest_each(tiny, orphans, text_h) if orphans else []
            filling = _like_found(tiny, stepping + near, panel_bg, box, other_words + [v for e in legend for v in e.words],
                                  text_h, rgb, x_ticks) if gaps else []
            tiny = near + [b for b in filling if not any((b.cx, b.cy) == (o.cx, o.cy) for o in near)]
        if gaps and not orphans:
            # A 5 px marker's rim pales it by more or less (one read (0,139,229), the next
            # (149,190,241), a third of the way from the page to the line): on a traced line,
            # such markers of its hue take the colour most of them were read in (their legend
            # key, as pale, must still match them).
            for t in traces:    # in place, as above
                pale = on_lines([o for o in data_blobs + tiny if o.size <= 7
                                 and not_markers.blend_of(o.color, t.color, panel_bg, min_t=0.3, resid=40.0)],
                                [t.vertices], halfwidth + 2.5)
                if pale:
                    keys = color_groups([o.color for o in pale], params.series_color_delta)
                    most = Counter(keys).most_common(1)[0][0]
                    color = tuple(int(v) for v in np.median([o.color for o, k in zip(pale, keys) if k == most], axis=0))
                    for o in pale:
                        o.color = color
        on_lines_found = bool(tiny)
        if traces and (tiny or len(data_blobs) >= 3):
            # (Without markers, labels go to the line's vertices: see _line_extraction below. A
            # number in a line of words is a title's or a legend's: 'ISL=8k' of 'Prefill
            # frontier, ISL=8k' over a small chart.)
            lone = [v for v in _orphan_labels(label_words, data_blobs + tiny, text_h)
                    if not _in_sentence(v, other_words, text_h)]
            key_blobs = [e.blob for e in legend if e.blob is not None]
            tiny += [b for b in _vertex_markers(lone, data_blobs + tiny, traces, rgb, panel_bg, halfwidth, text_h)
                     if not any(_in_box(b.cx, b.cy, k.box, 2) for k in key_blobs)]   # a legend key on the line
        def unnamed_lines():
            return [t.color for t in traces
                    if legend_text.legend_by_color(legend, t.color, params.series_color_delta) is None]
        if tiny:
            blobs = blobs + tiny
            inside = [b for b in blobs if x0 <= b.cx < x1 and y0 <= b.cy < y1]
            # Markers on the lines are data, never a swatch; but where only markers at bends
            # beside labels were added, a key already found on its legend stroke stays a key.
            kept = set() if on_lines_found else legend_blob_ids
            # (A title traced as a grey 'line' with no tiny marker on it keeps its letters out
            # of the data.)
            on_traces.update(id(b) for t in traces for b in on_lines(
                [b for b in inside if _shade_of(b.color, t.color, panel_bg) and id(b) not in kept],
                [t.vertices], halfwidth + 2.5)
                if text_rgb is None or text_words.not_text_color(t.color, text_rgb) or on_lines(
                    [b for b in tiny if _shade_of(b.color, t.color, panel_bg)], [t.vertices], halfwidth + 2.5))
            legend, label_words, legend_blob_ids, data_blobs = legend_and_data(blobs)
            # The legend's sample of a line with a tiny marker is a stroke, like a line's swatch.
            swatches = stroke_swatches(unnamed_lines(), patches_inside=False) if len(data_blobs) >= 3 else []
            if swatches:
                again = legend_and_data(blobs, swatches)
                if len(again[0]) > len(legend):
                    legend, label_words, legend_blob_ids, data_blobs = again
        if traces and len(data_blobs) < 3:
            # A line legend's swatches are strokes, not marks: the legend read again with them
            # names the lines the first reading left unnamed.
            legend = legend + stroke_entries(unnamed_lines())
            ext = _line_extraction(traces, legend, params, (w, h, box, xa, ya, words, text_h, notes))
            if label_words:
                # Markers too small to be found (a 3 px triangle) leave labels beside the
                # line's vertices. A line's vertices are its data points when three or more of
                # them carry labels; one or two numbers beside a line are a title's or a
                # legend's words ('length=8192', '2' of a panel's title), no labels of it.
                names = list(dict.fromkeys(p.series for p in ext.points))
                point_labels.attach_labels(ext.points, label_words, names, text_h, gray, rgb, panel_bg,
                                           text_rgb, ink_text, vertices=True)
                for name in names:
                    mine = [p for p in ext.points if p.series == name]
                    if sum(bool(p.label) for p in mine) < 3:
                        for p in mine:
                            p.label, p.label_conf = "", 0.0
            ext.axis_titles = _axis_titles(ext, other_words, gray, ink_text)
            return ext
    else:
        keys = _starved_keys(legend, data_blobs, panel_bg, params.series_color_delta)
        keyed = _keyed_dots(keys, data_blobs, rgb, halfwidth, box, panel_bg, masked, text_rgb,
                            params.series_color_delta, text_h) if keys else []
        marked = _marked_colours(data_blobs, panel_bg, params.series_color_delta) if little and not keys else []
        if (keys and not keyed) or (little and not keys and _unmarked_colour(rgb, box, marked, panel_bg)):
            # On a line of their colour, such marks are tiny markers on a traced line. Beside
            # small markers, a series of smaller ones may have no key found either (6 px
            # triangles on a 2 px line beside 7 px diamonds, its legend's sample as small): its
            # line, of a colour no marker found has, carries them.
            boxes = [(v.x0, v.y0, v.x1, v.y1) for v in other_words]
            traces = trace_lines(rgb, ink, box, halfwidth, params.series_color_delta, panel_bg, boxes, text_h,
                                 rules_in=marks)
            unkeyed = not keys
            if unkeyed:
                keys = [t.color for t in traces if not any(_one_hue(c, t.color, panel_bg) for c in marked)]
                traces = [t for t in traces if any(c == t.color for c in keys)]
            keyed = [b for b in _line_markers(rgb, page_marks, traces, halfwidth, box, panel_bg, data_blobs)
                     if _in_box(b.cx, b.cy, box, 0) and any(_alike(k, b.color, panel_bg, params.series_color_delta)
                                                            for k in keys)
                     and not any(_in_box(b.cx, b.cy, o.box, 1) for o in data_blobs)]
            if unkeyed and len(keyed) < 3:
                # With no key to say so, a series is three markers or more: a thin line JPEG
                # has dulled passes for a colour of its own, and one tiny "marker" found on it
                # beside a marker found already is the same point (seed-33 syn086).
                keyed = []
            if keyed:
                # ... and where the line bends, a tiny marker may touch it (see _marks_at_bend).
                keyed += [b for b in _bend_markers([t for t in traces if any(_shade_of(b.color, t.color, panel_bg)
                                                                              for b in keyed)],
                                                   data_blobs + keyed, rgb, panel_bg, halfwidth, text_h)
                          if _in_box(b.cx, b.cy, box, 0)
                          and not any(_in_box(b.cx, b.cy, e.blob.box, 2) for e in legend if e.blob is not None)]
        if keyed:
            blobs = blobs + keyed
            tiny_found.update(id(b) for b in keyed)
            legend, label_words, legend_blob_ids, data_blobs = legend_and_data(blobs)
        else:
            unmarked = _unmarked_lines(rgb, ink, box, halfwidth, params, panel_bg, other_words, text_h, marks,
                                       data_blobs)
            if unmarked:
                blobs = blobs + unmarked
                tiny_found.update(id(b) for b in unmarked)     # (no fragments of the markers)
                legend, label_words, legend_blob_ids, data_blobs = legend_and_data(blobs)
                n_lines = len(set(color_groups([b.color for b in unmarked], params.series_color_delta)))
                notes.append(f"{n_lines} line(s) without markers found: "
                             "their points are the vertices of each line")
    # A point label with no marker near it, beside a series of markers found: its marker may
    # be one a pixel too shallow for find_markers, that looks like its twins.
    # (A number in a line of words is a title's: '120B' of 'gpt-oss 120B • FP4', its bullet
    # as dark as a series' dots.)
    lone = [v for v in _orphan_labels(label_words, data_blobs, text_h)
            if not _in_sentence(v, other_words, text_h)] if len(data_blobs) >= 3 else []
    lookalikes = _lookalike_markers(lone, data_blobs, rgb, params.series_color_delta, text_h,
                                    other_words) if lone else []
    if lookalikes:
        blobs = blobs + lookalikes
        tiny_found.update(id(b) for b in lookalikes)
        legend, label_words, legend_blob_ids, data_blobs = legend_and_data(blobs)
    if not data_blobs:
        raise NoChartFound("no data markers or lines were found inside the plot area")

    crossed = {id(b) for b in crossings(data_blobs, rgb, ink, halfwidth)}
    data_blobs = [b for b in data_blobs if id(b) not in crossed]
    if not data_blobs:
        raise NoChartFound("no data markers were found inside the plot area, only lines crossing")
    # Series: group data markers with the legend swatches so each group can take its name.
    def series_groups():
        groups = group_series(data_blobs + [e.blob for e in legend], params.series_color_delta,
                              [e.blob for e in legend])
        return legend_text.split_by_swatches(groups, legend)
    groups = series_groups()
    # A series with no swatch among the marks may have one drawn as its line, its small marker
    # lost in the stroke ('-•-' beside 'This work').
    more = stroke_entries([tuple(np.median([b.color for b in g], axis=0)) for g in groups
                           if len(g) >= 2 and not any(id(b) in legend_blob_ids for b in g)], patches_inside=False)
    if more:
        legend = legend + more
        legend_blob_ids = legend_blob_ids | {id(e.blob) for e in more}
        groups = series_groups()
    series_names = []
    points: list[Point] = []
    point_blobs = []
    named = set()
    unnamed = 0
    swatched = [[e for e in legend if id(e.blob) in {id(b) for b in g}] for g in groups]
    lone = [k for k, g in enumerate(groups)
            if not swatched[k] and sum(id(b) not in legend_blob_ids for b in g) >= 2]
    # (a swatch too far from its markers in colour is a group of its own, with no members)
    free = [e for e in legend if not any(e is t for g, s in zip(groups, swatched) for t in s
                                         if any(id(b) not in legend_blob_ids for b in g))]
    if len(lone) == 1 and len(free) == 1:
        # One group of markers and one entry left over: paired when of one hue (see lone_entry).
        g = groups[lone[0]]
        one = legend_text.lone_entry(free, np.median([b.color for b in g if id(b) not in legend_blob_ids], axis=0))
        swatched[lone[0]] = [one] if one is not None else []
    for g, swatches in zip(groups, swatched):
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
    pale = point_labels.pale_glyphs([p.series for p in points], [p.color for p in points],
                        [b.box[3] - b.box[1] for b in point_blobs], named, panel_bg, text_h,
                        [b.area for b in point_blobs])
    if pale:
        # Glyphs of labels printed in a series' colour: kept when markers are erased, and no
        # points (they took the labels of the markers beside them).
        glyph_blobs.extend(point_blobs[i] for i in pale)
        points = [p for i, p in enumerate(points) if i not in pale]
        point_blobs = [b for i, b in enumerate(point_blobs) if i not in pale]
        series_names = [n for n in series_names if any(p.series == n for p in points)]
    paler = paler_series([p.series for p in points], [p.color for p in points], [p.marker for p in points],
                         named, panel_bg)
    if paler:
        for p in points:
            p.series = paler.get(p.series, p.series)
        series_names = [n for n in series_names if n not in paler]

    # Markers of a series hidden under another's where their values meet (see hidden_markers).
    radius = float(np.median([max(b.box[2] - b.box[0], b.box[3] - b.box[1]) for b in point_blobs])) / 2 \
        if point_blobs else 0.0
    hidden = hidden_markers([p.x_px for p in points], [p.y_px for p in points], [p.series for p in points],
                            [p.color for p in points], rgb, radius, params.series_color_delta)
    for i, j in hidden:
        points.append(Point(points[i].series, "", points[j].x_px, points[j].y_px, "hidden", points[i].color))
        point_blobs.append(point_blobs[j])
    if hidden:
        notes.append(f"{len(hidden)} marker(s) hidden under another series' marker: placed at it, where the "
                     "series' line runs in at its next step (marker 'hidden')")

    def erase_masks():
        if not label_words:
            return ((None, 0), (None, 0), (None, 0))
        solid = point_labels.marker_solids(depth, max(2.5, 0.22 * text_h), [(p.x_px, p.y_px) for p in points])
        # A digit beside its label that reads as a solid blob (a '6' a line runs through) is
        # the label's, not a marker: erasing it would cut the label short again.
        # (The blob's box is its opening's, a little inside the glyph.)
        m = int(np.ceil(0.2 * text_h))
        for b in glyph_blobs:
            solid[max(0, b.box[1] - m):b.box[3] + m, max(0, b.box[0] - m):b.box[2] + m] = False
        bridge = int(2 * np.ceil(halfwidth) + 1)
        return ((solid, 0), (solid | point_labels.series_line_pixels(rgb, points, halfwidth, panel_bg), bridge),
                (solid | point_labels.series_line_pixels(rgb, points, halfwidth, panel_bg, slack=1), bridge))
    tick_rgb = text_words.text_color(rgb, tick_list, panel_bg)
    label_words = [v for v in label_words if not _marker_read(v, points, text_h, rgb, panel_bg, label_words)
                   and not _on_two_series(v, points, text_h)]
    # A marker OCR read as a label's first or last glyph ('416,384' for a triangle touching
    # '16,384'), as for the tiny ones above: the label is the rest of the word.
    label_words = [_without_marker_glyph(v, point_blobs, page_marks, text_h, rgb, text_rgb) for v in label_words]
    label_word, read = point_labels.attach_labels(points, label_words, series_names, text_h, gray, rgb, panel_bg,
                                      tick_rgb, ink_text, erase_masks())
    units = [v for v in other_words if re.fullmatch(r"[a-z]{2,5}", v.text.strip())]
    crossed = point_labels.crossed_glyphs([(p.x_px, p.y_px) for p in points], [p.series for p in points], named,
                                          list(label_word.values()), units)
    if crossed:
        # Those glyphs took labels, or cut them short when erased as markers: labels again
        # without them, from the words as read so far (a label read on across the glyph).
        glyph_blobs.extend(point_blobs[i] for i in crossed)
        points = [replace(p, label="", label_conf=0.0) for i, p in enumerate(points) if i not in crossed]
        series_names = [n for n in series_names if any(p.series == n for p in points)]
        found = point_labels.with_found(read, list(label_word.values()))
        point_labels.attach_labels(points, found, series_names, text_h, gray, rgb, panel_bg, tick_rgb, ink_text,
                                   erase_masks())
    unnamed = sum(n not in named for n in series_names)
    if unnamed and legend:
        notes.append(f"{unnamed} series had no legend entry that matched their colour")

    points = [replace(p, label=t) for p, t in zip(points, point_labels.comma_separators([p.label for p in points]))]
    ext = Extraction(w, h, box, xa, ya, points, legend, words, text_h, notes)
    calibrate_points(ext)
    ext.axis_titles = _axis_titles(ext, other_words, gray, ink_text)
    return ext


def _shade_of(color, line, bg, resid: float = 40.0) -> bool:
    """`color` is `line`'s colour or its blend with the background `bg`, at least half-way to
    it (a few pixels of marker are mostly anti-aliased rim)."""
    return not_markers.blend_of(color, line, bg, min_t=0.5, resid=resid)


def _one_hue(a, b, bg) -> bool:
    """One colour is the other's or a blend of it with the background `bg` (see _shade_of)."""
    return _shade_of(a, b, bg) or _shade_of(b, a, bg)


def _line_markers(rgb, ink, traces, halfwidth: float, box, bg, found=()) -> list:
    """Tiny markers (see tiny_markers, and marks.rims) of the traced lines' colours, anywhere on
    the page (the legend's swatches too), when at least three of them sit on a line of their
    colour inside the plot box `box` (dots of a dotted gridline are grey; letters' crumbs lie
    off the lines). Empty when no line has such markers. A marker found by its rim is read in
    its line's solid colour, where the series' markers `found` may be read paler: it takes
    theirs, to join them."""
    cands = tiny_markers(rgb, ink, halfwidth, bg)
    # Only where markers were found (three or more): on lines drawn without markers, a rimmed
    # piece is a dot of a dash-dot line or a stretch between two gaps.
    rimmed = [r for r in rim_markers(rgb, traces, halfwidth, bg, box)
              if not any(np.hypot(r.cx - b.cx, r.cy - b.cy) < 2.5 for b in cands)] if len(found) >= 3 else []
    cands += rimmed
    x0, y0, x1, y1 = box
    out, taken = [], set()
    for t in traces:
        color = _found_color(found, t, bg)
        mine = [b for b in cands if _shade_of(b.color, t.color, bg)]
        if len(mine) < 3:
            # A blurred or JPEG-softened rim no longer parts the marker from its line in the
            # ink; the line's own colour, without its pale rim, still does.
            own = ink.copy()
            own[ink] = lab_distance(rgb[ink], t.color) < 30.0
            mine = [b for b in tiny_markers(rgb, own, halfwidth, bg) if _shade_of(b.color, t.color, bg)]
        inside = [b for b in mine if x0 <= b.cx < x1 and y0 <= b.cy < y1]
        on = on_lines(inside, [t.vertices], halfwidth + 2.5)
        if len(on) >= 3:
            on += _cores_on_line(rgb, ink, t, on, halfwidth, box, bg, found)
            mine += [b for b in on if b not in mine]
            for b in mine:
                # (two traces of one colour share them: each is taken once)
                if (b in on or not (x0 <= b.cx < x1 and y0 <= b.cy < y1)) and id(b) not in taken:
                    taken.add(id(b))
                    out.append(replace(b, color=color) if color is not None and any(b is r for r in rimmed) else b)
    return out


def _whole_word(b, words) -> bool:
    """Blob b (looked for before the text was masked) is the whole of a word read: a label's
    lone glyph ('4' in its series' colour, shaped as a plus), where a marker OCR took in with
    its label is a part of a longer word ('><1024': set-21 h12)."""
    x0, y0, x1, y1 = b.box
    return any(v.x0 < x1 and x0 < v.x1 and v.y0 < y1 and y0 < v.y1 and v.x1 - v.x0 <= 1.6 * (x1 - x0)
               for v in words)


def _cores_on_line(rgb, ink, t, on, halfwidth: float, box, bg, found=()) -> list:
    """More tiny markers on trace t, beside the ones `on` it: where the line is much paler
    than its markers (a thin line, anti-aliased), the ink of the markers' own colour holds
    them apart from it, as the rim alone did not for most (seed-48 syn095: 4 of 9 dots of a
    downscaled JPEG found). Of about the size of those on it, on the line, not at one of
    them nor inside a marker `found` (a piece of it)."""
    mc = np.median([b.color for b in on], axis=0)
    if lab_distance(np.array([t.color], np.uint8), mc)[0] <= 15.0:
        return []
    own = ink.copy()
    own[ink] = lab_distance(rgb[ink], mc) < 40.0
    x0, y0, x1, y1 = box
    typical = float(np.median([b.area for b in on]))
    cands = [b for b in tiny_markers(rgb, own, halfwidth, bg)
             if x0 <= b.cx < x1 and y0 <= b.cy < y1 and 0.7 * typical <= b.area <= 1.6 * typical
             and not any(np.hypot(b.cx - o.cx, b.cy - o.cy) < 2.5 for o in on)
             and not any(_in_box(b.cx, b.cy, o.box, 1) for o in found)]
    # (in the colour of those found: they are the same series' marks, read without their rim)
    return [replace(b, color=tuple(int(c) for c in mc)) for b in on_lines(cands, [t.vertices], halfwidth + 2.5)]


def _marker_read(v, points, text_h: float, rgb, bg, words=()) -> bool:
    """A one-glyph word centred on a data marker, inked in its colour, with another of `words`
    beside that marker, is the marker read as text (an orange triangle read '4' took the place
    of its label '16384' beside it): a label stands beside its marker, or inside it in another
    colour (a white '8' in a circle). With no other word beside it, the "marker" may be the
    glyph itself found as one (a blue '4' beside its blue diamond), and the word its label."""
    if len(v.text.strip()) != 1:
        return False
    on = [p for p in points if abs(p.x_px - v.cx) <= 0.25 * text_h and abs(p.y_px - v.cy) <= 0.25 * text_h
          and any(o is not v and not layout.overlaps(o, v) and _near_word(p.x_px, p.y_px, o, text_h, 1.0)
                  for o in words)]
    ink = text_words.ink_color(rgb, v, bg) if on else None
    if ink is None or not any(_one_hue(ink, p.color, bg) for p in on):
        return False
    # The glyph of a label printed inside its marker is a hole in the marker's colour: a
    # piece of other colour that reaches no edge of the box.
    mine = imageops.color_distance(rgb[max(0, v.y0):v.y1, max(0, v.x0):v.x1], ink) < 60
    n, lab = cv2.connectedComponents((~mine).astype(np.uint8), connectivity=4)
    edge = set(lab[0]) | set(lab[-1]) | set(lab[:, 0]) | set(lab[:, -1])
    holes = sum(int((lab == k).sum()) for k in range(1, n) if k not in edge)
    return holes <= 0.1 * mine.sum()


def _on_two_series(v, points, text_h: float) -> bool:
    """A one-glyph word over the centres of two series' markers is the two read as text (a blue
    and an orange circle one over the other read '3': seed-49 syn050); a label stands beside
    its marker."""
    m = 0.25 * text_h
    on = {p.series for p in points if v.x0 - m <= p.x_px <= v.x1 + m and v.y0 - m <= p.y_px <= v.y1 + m}
    return len(v.text.strip()) == 1 and len(on) >= 2


def _surer_than_lines(v, lines, sure: float = 80.0, margin: float = 30.0) -> bool:
    """Word v read surely, and every one of the line readings over it `margin` less surely and
    saying something else. (One saying the same has the tighter box: a page reading '2' at 88
    boxed with the diamond before it, its line reading '2' at 38 without: seed-56 syn022.)"""
    over = [o for o in lines if layout.overlaps(v, o)]
    return v.conf >= sure and all(o.conf < v.conf - margin and o.text.strip() != v.text.strip()
                                  or _ends_with(v, o) for o in over)


def _ends_with(v, o) -> bool:
    """Page reading v is line reading o, a number, with a label's key before it that the
    line's ink box left out ('bs=32768' at 91 over '32768' at 73 read sharper at another size,
    its pale 'bs=' no ink: seed-52 syn080). (More than a key is no label's: 'abs=65536' took
    in the marker before 'bs=65536', seed-52 syn084.)"""
    a, b = v.text.strip(), o.text.strip()
    return len(a) > len(b) > 0 and b[0].isdigit() and a.endswith(b) and v.x0 < o.x0 \
        and a[:-len(b)].endswith("=")


def _split_by_lines(v, lines, sure: float = 80.0) -> bool:
    """Word v read surely, and the line readings over it, two or more, say v's text in parts
    level with each other and under half their height apart: the line pass split the label at
    a kerned glyph ('bs=8' and '192' for 'bs=8192' at 92, seed-58 syn106), and the page
    reading ran over one label, not two. (Labels of two points side by side stand apart or at
    different heights: '1' and '2' 12 px apart, 5 px off level, read '12', seed-58 syn000.)"""
    over = sorted((o for o in lines if layout.overlaps(v, o)), key=lambda o: o.x0)
    if v.conf < sure or len(over) < 2 or "".join(o.text.strip() for o in over) != v.text.strip():
        return False
    return all(abs(a.y0 - b.y0) <= 2 and abs(a.y1 - b.y1) <= 2 and b.x0 - a.x1 <= 0.5 * max(a.h, b.h)
               for a, b in zip(over, over[1:]))


def _in_a_word(b, words, text_rgb, text_h: float, ink=None, rgb=None) -> bool:
    """Whether blob b lies among the glyphs of one of `words`: inside its box, not a marker OCR
    read as a glyph of its own (see text_words.read_as_glyph), not past its line of glyphs, and
    (given the page's `ink`) not set apart at one end of a point label (see _apart_in_word)."""
    return any(v.x0 <= b.cx <= v.x1 and v.y0 <= b.cy <= v.y1 and not text_words.read_as_glyph(b, v, text_rgb)
               and not _beyond_glyph_band(b, v, text_h, ink)
               and not (ink is not None and _apart_in_word(b, v, ink, text_h, rgb, text_rgb)) for v in words)


_SURE_LABEL = 60   # OCR confidence of a point label read whole, no marker's ink taken in


def _glyph_of_label(b, v, text_h: float, ink, rgb, delta: float = 15.0) -> bool:
    """Blob b lies whole inside point label v, read surely, a line of text high, in the colour
    of the label's other glyphs (within `delta`, CIE76), level with them and not set apart at
    one end by a blank (see _apart_in_word): one of its glyphs. (A marker OCR took in at the
    label's end is the deeper colour of its series: seed-52 syn080's 'bs=65536'.)"""
    x0, y0, x1, y1 = b.box
    if not (x0 >= v.x0 - 1 and x1 <= v.x1 + 1 and y0 >= v.y0 - 1 and y1 <= v.y1 + 1):
        return False
    if v.conf < _SURE_LABEL or v.y1 - v.y0 > 1.75 * text_h or parse_point_label(v.text) is None:
        return False
    if _apart_in_word(b, v, ink, text_h) or not _level_with_glyphs(b, v, ink, text_h):
        return False
    color = _rest_color(b, v, ink, rgb, text_h)
    return color is not None and float(lab_distance(np.array([b.color], np.uint8), tuple(int(c) for c in color))[0]) <= delta


def _apart_in_word(b, v, ink, text_h: float, rgb=None, text_rgb=None) -> bool:
    """Blob b is word v's first or last glyph, which is a point label without it, and set
    apart from the rest of it: by a blank a quarter of a text height wide or more (a marker
    read with its label: '48,192' for a triangle before '8,192'; a label's glyphs are closer),
    or (given the page's `rgb` and the text's colour) by its colour, where the rest of the
    word is in the text's ('41024': a green triangle touching a black '1024')."""
    wide = b.box[2] - b.box[0] > 0.6 * text_h   # wider than a glyph: digits blurred into one piece ('64' of '64 req')
    if b.box[2] - b.box[0] > text_h:
        return False
    gap = int(np.ceil(0.25 * text_h))
    rows = ink[max(0, int(v.y0)):int(v.y1) + 1]
    text = v.text.strip()
    if b.box[0] <= v.x0 + 0.3 * text_h and parse_point_label(text[1:]) is not None:
        band = rows[:, b.box[2] + 1:b.box[2] + 1 + gap]
    elif b.box[2] >= v.x1 - 0.3 * text_h and parse_point_label(text[:-1]) is not None:
        band = rows[:, max(0, b.box[0] - gap):b.box[0]]
    else:
        return False
    if band.shape[1] == gap and not band.any() and not wide:
        return True
    if rgb is None or text_rgb is None or not text_words.not_text_color(b.color, text_rgb):
        return False
    color = _rest_color(b, v, ink, rgb, text_h)
    return color is not None and not text_words.not_text_color(color, text_rgb)


def _level_with_glyphs(b, v, ink, text_h: float) -> bool:
    """Blob b has the ink of word v beside it in its own rows: a glyph of the line, not a
    marker over or under it that OCR's box took in (a tiny dot over its 'n=256': seed-41
    syn064)."""
    rows = ink[max(0, b.box[1]):b.box[3], max(0, int(v.x0)):int(v.x1) + 1].copy()
    rows[:, max(0, b.box[0] - 1 - int(v.x0)):max(0, b.box[2] + 1 - int(v.x0))] = False
    return rows.sum() >= 0.5 * text_h


def _rest_color(b, v, ink, rgb, text_h: float):
    """The median colour of word v's ink beside blob b (None where there is too little)."""
    rest = ink[max(0, int(v.y0)):int(v.y1) + 1, max(0, int(v.x0)):int(v.x1) + 1].copy()
    rest[:, max(0, b.box[0] - 1 - int(v.x0)):max(0, b.box[2] + 1 - int(v.x0))] = False
    if rest.sum() < 0.5 * text_h:
        return None
    ys, xs = np.nonzero(rest)
    return np.median(rgb[max(0, int(v.y0)) + ys, max(0, int(v.x0)) + xs], axis=0)


def _without_marker_glyph(v, blobs, ink, text_h: float, rgb, text_rgb):
    """Word v without a first or last glyph that is one of the markers `blobs` set apart from
    the rest of it (see _apart_in_word); v itself when none is."""
    for b in blobs:
        if v.x0 <= b.cx <= v.x1 and v.y0 <= b.cy <= v.y1 and _apart_in_word(b, v, ink, text_h, rgb, text_rgb):
            return _without_end_glyph(v, b)
    return v


def _without_end_glyph(v, b):
    """Word v without its first or last glyph, blob b (see _apart_in_word)."""
    text = v.text.strip()
    if b.box[0] <= v.x0 + (v.x1 - v.x0) / 2.0:
        return replace(v, text=text[1:], x0=int(b.box[2]) + 1)
    return replace(v, text=text[:-1], x1=int(b.box[0]) - 1)


def _beyond_glyph_band(b, v, text_h: float, ink=None) -> bool:
    """A blob inside word v's box but past its line of glyphs: OCR stretched the box over the
    marker under (or over) the label, as tall as a text line and more; or, given the page's
    `ink`, set off from the glyphs by blank rows across the word (where every label took in
    its marker, the typical text height is that of a label and its marker: seed-55 syn027)."""
    if v.y1 - v.y0 > 1.5 * text_h and (b.box[1] >= v.y0 + 0.9 * text_h or b.box[3] <= v.y1 - 0.9 * text_h):
        return True
    return ink is not None and imageops.apart_from_rows(ink[int(v.y0):int(v.y1) + 1, int(v.x0):int(v.x1) + 1],
                                                        b.box[1] - int(v.y0), b.box[3] - int(v.y0))


def _near_label(b, v, text_h: float, reach: float = 2.0) -> bool:
    return _near_word(b.cx, b.cy, v, text_h, reach)


def _near_word(x: float, y: float, v, text_h: float, reach: float = 2.0) -> bool:
    return v.x0 - reach * text_h <= x <= v.x1 + reach * text_h and v.y0 - reach * text_h <= y <= v.y1 + reach * text_h


_GAP = 1.7     # a step this many times the shorter steps (their lower quartile) is a gap


def _gap_steps(xs: np.ndarray, ticks=()) -> np.ndarray:
    """Which steps between markers at sorted x positions `xs` are gaps: where the markers step
    evenly (a concurrency sweep on a log axis: each step a whole number of the shorter steps,
    the lower quartile, or of the x ticks' step, see _step_unit), a step of two or more of them,
    a marker missed there. None is a gap where the markers step unevenly (latencies along a
    Pareto curve): nothing tells one there."""
    steps = np.diff(xs)
    unit = _step_unit(xs, ticks)
    if unit is None:
        return np.zeros(len(steps), bool)
    ratio = steps / unit
    return (np.abs(ratio - np.round(ratio)) <= 0.15) & (ratio >= _GAP)


def _step_unit(xs: np.ndarray, ticks=()) -> float | None:
    """The step of markers at sorted x positions `xs` that step evenly (see _gap_steps), or None.
    Markers that all stand on x ticks `ticks` (pixels) set evenly step as the ticks do: every
    marker found three ticks apart, the tiny ones between were missed (seed-49 syn066)."""
    steps = np.diff(xs)
    tick_step = _even_step(np.sort(np.asarray(ticks, float)))
    if tick_step is not None and len(xs) >= 2 and np.all(
            np.min(np.abs(np.asarray(xs)[:, None] - np.asarray(ticks)[None, :]), axis=1) <= 0.15 * tick_step):
        return tick_step
    # (a step that was taken: between two steps, no value half-way from one to the other)
    unit = float(np.percentile(steps, 25, method="lower")) if len(steps) >= 2 else 0.0
    if unit < 4:
        return None
    ratio = steps / unit
    return unit if (np.abs(ratio - np.round(ratio)) <= 0.15).mean() >= 0.75 else None


def _even_step(px: np.ndarray) -> float | None:
    """The step of three or more sorted pixel positions `px` at even steps (within 0.1 of it)."""
    if len(px) < 3:
        return None
    d = np.diff(px)
    step = float(np.median(d))
    return step if step >= 4 and np.all(np.abs(d - step) <= 0.1 * step) else None


def _line_labels(rgb, box, color) -> np.ndarray:
    """Connected pieces of the pixels of `color` in the plot box `box`, grown by two pixels so
    that a tiny marker's pale rim does not cut it off its line."""
    x0, y0, x1, y1 = box
    near = (imageops.color_distance(rgb[y0:y1, x0:x1], color) < 60).astype(np.uint8)
    return cv2.connectedComponents(cv2.dilate(near, np.ones((5, 5), np.uint8)), connectivity=8)[1]


def _runs_on(group, rgb, box, unit: float) -> bool:
    """Whether the line joining markers of one colour runs on past its first or last marker by
    more than a step and a half: the markers there are too tiny to be found where it runs straight."""
    x0, y0 = box[:2]
    lab = _line_labels(rgb, box, np.median([b.color for b in group], axis=0))
    ends = sorted(group, key=lambda b: b.cx)
    for b, side in ((ends[0], -1), (ends[-1], 1)):
        k = lab[int(b.cy) - y0, int(b.cx) - x0]
        if k:
            cols = np.nonzero((lab == k).any(axis=0))[0] + x0
            if (cols.min() if side < 0 else cols.max()) * side > b.cx * side + 1.5 * unit:
                return True
    return False


def _gappy(blobs, delta: float, rgb, box, bg, ticks=()) -> bool:
    """Whether some colour's markers leave a gap (see _gap_steps), or stop a step or more short
    of the end of their line (see _runs_on): only then is the costly search along the lines made.
    A tiny marker's rim may pale it well past `delta`: a colour and its shades are one."""
    groups = _shade_groups(color_groups([b.color for b in blobs], delta), [b.color for b in blobs], bg)
    for g in set(groups):
        group = [b for b, k in zip(blobs, groups) if k == g]
        xs = np.sort([b.cx for b in group])
        if _gap_steps(xs, ticks).any():
            return True
        unit = _step_unit(xs, ticks)
        if unit is not None and _runs_on(group, rgb, box, unit):
            return True
    return False


def _shade_groups(groups: list, colors: list, bg) -> list:
    """Colour groups `groups` (one per colour in `colors`) joined where one group's colour is
    a shade of another's (see _one_hue)."""
    reps = {}
    for g, c in zip(groups, colors):
        reps.setdefault(g, []).append(c)
    med = {g: np.median(cs, axis=0) for g, cs in reps.items()}
    root = {g: g for g in med}
    for a in med:
        for b in med:
            if a < b and root[a] != root[b] and _one_hue(med[a], med[b], bg):
                old = root[b]
                root = {k: root[a] if r == old else r for k, r in root.items()}
    return [root[g] for g in groups]


def _like_found(cands, found, bg, box, words, text_h: float, rgb, ticks=()) -> list:
    """The tiny markers (see _line_markers) that fill a gap (see _gap_steps): inside the plot box
    `box`, in no word's box (a legend name's or an axis title's glyph in a dark line colour),
    between two found markers of their colour and about their size whose step is a gap, or
    about a step past the first or last of them; none with another candidate beside it."""
    x0, y0, x1, y1 = box
    pad = 0.2 * text_h
    out = []
    lines = {}    # a colour's line pieces (see _line_labels), worked out once for all candidates
    for b in cands:
        if not (x0 <= b.cx < x1 and y0 <= b.cy < y1) or any(
                v.x0 - pad <= b.cx <= v.x1 + pad and v.y0 - pad <= b.cy <= v.y1 + pad and _letter_wide(v, text_h)
                for v in words):
            continue
        if any(o is not b and np.hypot(o.cx - b.cx, o.cy - b.cy) < 1.5 * max(b.size, o.size) for o in cands):
            continue    # crumbs of one thing (a line's end cut by a label's mask), no marker
        if any(np.hypot(o.cx - b.cx, o.cy - b.cy) < 2.5 * max(o.size, b.size) for o in found
               if _one_hue(b.color, o.color, bg)):
            continue    # right beside a marker of its colour: a glyph of its label ('n' of 'n=8': seed-48 syn062)
        like = [o for o in found if _one_hue(b.color, o.color, bg)
                and 0.5 * o.size <= b.size <= 1.5 * o.size]
        xs = np.sort([o.cx for o in like])
        if len(xs) < 3:
            continue
        steps = np.diff(xs)
        k = int(np.searchsorted(xs, b.cx))
        inner = 0 < k < len(xs) and _gap_steps(xs, ticks)[k - 1]
        # ... or a step past either end: the line's first or last marker, not thickened by a turn;
        # where the markers step evenly, a whole number of steps (the line runs on, see _runs_on).
        past = xs[0] - b.cx if k == 0 else b.cx - xs[-1] if k == len(xs) else 0.0
        outer = past > 0 and (past <= 1.2 * (steps[0] if k == 0 else steps[-1]) or _steps_on(b, like, rgb, box, lines, ticks))
        if inner or outer:
            # The found marker's colour is its series': its rim may blend it paler than the tiny one.
            out.append(replace(b, color=like[0].color))
    return out


def _steps_on(b, like, rgb, box, lines: dict, ticks=()) -> bool:
    """Whether tiny marker `b`, past the end of the evenly stepping markers `like`, lies a whole
    number of their steps away on the line that joins them (see _runs_on). `lines` keeps each
    colour's line pieces once worked out."""
    xs = np.sort([o.cx for o in like])
    unit = _step_unit(xs, ticks)
    if unit is None:
        return False
    past = min(abs(b.cx - xs[0]), abs(b.cx - xs[-1])) / unit
    if abs(past - round(past)) > 0.15:
        return False
    end = min(like, key=lambda o: abs(o.cx - b.cx))
    key = tuple(end.color)
    if key not in lines:
        lines[key] = _line_labels(rgb, box, end.color)
    lab = lines[key]
    x0, y0 = box[:2]
    k = lab[int(end.cy) - y0, int(end.cx) - x0]
    return bool(k) and lab[int(b.cy) - y0, int(b.cx) - x0] == k


def _lookalike_markers(labels, found, rgb, delta: float, text_h: float, words) -> list:
    """For each of `labels` (point labels with no marker near), the place within two text
    heights of it that looks most like the markers `found` of one series (see
    marks.templates), as a marker of that series; none where nothing looks enough like one,
    where the place is on a word (a label's glyph in the series' colour), or on a marker found."""
    groups: dict = {}
    for b, g in zip(found, color_groups([b.color for b in found], delta)):
        groups.setdefault((g, b.shape), []).append(b)
    templates = [(ms, t, tuple(int(c) for c in np.median([b.color for b in ms], axis=0)))
                 for ms in groups.values() if (t := marker_template(rgb, ms)) is not None]
    out = []
    for v in labels:
        reach = 2.0 * text_h
        window = (v.x0 - reach, v.y0 - reach, v.x1 + reach, v.y1 + reach)
        best = None
        for ms, t, color in templates:
            got = best_match(rgb, t, color, window)
            if got is not None and (best is None or got[2] > best[0][2]):
                best = (got, ms, t)
        if best is None:
            continue
        (x, y, _score), ms, t = best
        if any(_in_box(x, y, (o.x0, o.y0, o.x1, o.y1), 1) for o in words) or \
                any(_in_box(x, y, o.box, 1) for o in found + out):
            continue
        th, tw = t.shape
        out.append(Blob(x, y, int(np.median([b.area for b in ms])),
                        (int(x - tw / 2), int(y - th / 2), int(x + tw / 2) + 1, int(y + th / 2) + 1),
                        ms[0].color, ms[0].shape))
    return out


def _orphan_labels(labels, blobs, text_h: float) -> list:
    """The point labels with no marker within two text heights of their box."""
    return [v for v in labels if not any(_near_label(b, v, text_h) for b in blobs)]


def _in_sentence(v, words, text_h: float) -> bool:
    """Word v stands in a line of text (see text_lines) with a word that is no point label."""
    return any(any(o is v or o.text == v.text and o.x0 == v.x0 for o in line)
               and any(parse_point_label(o.text) is None for o in line)
               for line in text_lines(words, text_h))


def _vertex_markers(labels, found, traces, rgb, bg, halfwidth: float, text_h: float) -> list:
    """Markers at the bends of the traced lines near each of `labels`, point labels with no
    marker found near them (see _marks_at_bend). Of those near a label (outside its box: its
    glyphs may be of the line's colour), the nearest. Each takes the colour of the markers
    `found` on its line, to join their series; on a line with none, the line's colour, and only
    where three or more labels have one on it (a title's strokes traced as a dark line have no
    labels at their bends; a series of dots no bigger than its line has one at each)."""
    out, unmarked = [], []
    area = int(np.median([o.area for o in found])) if found else 9
    for v in labels:
        cands = []
        for k, t in enumerate(traces):
            color = _found_color(found, t, bg)
            for x, y in t.vertices:
                if not _near_word(x, y, v, text_h):
                    continue
                marks = _marks_at_bend(x, y, t, rgb, bg, halfwidth, text_h)
                if not marks and color is None:
                    # Dots paler than their line are no marks of its colour: the bend is the
                    # point, as big as the markers found (no fragment of them).
                    marks = [Blob(x, y, area, (int(x) - 1, int(y) - 1, int(x) + 2, int(y) + 2), t.color, "line")]
                cands += [(replace(b, color=color or t.color), None if color else k) for b in marks
                          if not (v.x0 - 1 <= b.cx <= v.x1 + 1 and v.y0 - 1 <= b.cy <= v.y1 + 1)
                          and not any(np.hypot(b.cx - o.cx, b.cy - o.cy) < text_h for o in found + out)]
        if cands:
            b, k = min(cands, key=lambda c: np.hypot(c[0].cx - v.cx, c[0].cy - v.cy))
            out.append(b)
            unmarked.append(k)
    many = {k for k, n in Counter(unmarked).items() if k is not None and n >= 3}
    return [b for b, k in zip(out, unmarked) if k is None or k in many]


def _bend_markers(traces, found, rgb, bg, halfwidth: float, text_h: float) -> list:
    """Markers at every bend of `traces` (lines of a colour the legend keys as a mark) that no
    marker `found` sits at (see _marks_at_bend), in the colour of those found on the line."""
    out = []
    for t in traces:
        color = _found_color(found, t, bg)
        for x, y in t.vertices:
            near = [b for b in _marks_at_bend(x, y, t, rgb, bg, halfwidth, text_h)
                    if np.hypot(b.cx - x, b.cy - y) <= 0.5 * text_h
                    and not any(np.hypot(b.cx - o.cx, b.cy - o.cy) < text_h for o in found + out)]
            if near:
                b = min(near, key=lambda b: np.hypot(b.cx - x, b.cy - y))
                out.append(replace(b, color=color or b.color))
    return out


def _found_color(found, t, bg):
    """The median colour of the markers `found` on trace t's colour, None where there are none."""
    mine = [o for o in found if _shade_of(o.color, t.color, bg)]
    return tuple(int(c) for c in np.median([o.color for o in mine], axis=0)) if mine else None


def _marks_at_bend(x: float, y: float, t, rgb, bg, halfwidth: float, text_h: float) -> list:
    """Tiny markers within a text height of the bend (x, y) of trace t, in page coordinates. A
    tiny marker where its line bends touches the line through its anti-aliased rim, so that
    the page's ink holds the two in one piece; in the line's own colour (see
    imageops.blend_mask), its rim left out, the marker stands apart."""
    r = int(np.ceil(1.5 * text_h))
    x0, y0 = max(0, int(x) - r), max(0, int(y) - r)
    sub = np.ascontiguousarray(rgb[y0:int(y) + r + 1, x0:int(x) + r + 1])
    own = imageops.blend_mask(sub, t.color, bg, min_t=0.5)
    out = []
    # Without its rim the line is a thin one (a window too small to measure it in: its line
    # runs from edge to edge, which stroke_halfwidth leaves out as a border).
    for b in tiny_markers(sub, own, min(halfwidth, 1.0), bg):
        bx, by = x0 + b.cx, y0 + b.cy
        if np.hypot(bx - x, by - y) <= text_h:
            out.append(Blob(bx, by, b.area, (x0 + b.box[0], y0 + b.box[1], x0 + b.box[2], y0 + b.box[3]),
                            b.color, b.shape))
    return out


def _nearest_each(cands, labels, text_h: float) -> list:
    """Of the candidate markers, the nearest one near each label (none where none is near)."""
    out = []
    for v in labels:
        near = [b for b in cands if _near_label(b, v, text_h) and not any(b is o for o in out)]
        if near:
            out.append(min(near, key=lambda b: np.hypot(b.cx - v.cx, b.cy - v.cy)))
    return out


def _scatter_dots(rgb, ink, halfwidth: float, box, bg, masked, text_rgb, delta: float, text_h: float) -> list:
    """Tiny markers (see tiny_markers) of a chart with neither markers find_markers takes nor
    lines: dots of 4-5 px scattered in the plot box, each beside its label. Crumbs of glyphs
    look the same, so only coloured dots count (the text is grey or black), outside the words
    read (unless a word is such a dot read as a glyph), three or more of one colour and size.
    With no line to be wider than, a dot 3 px across counts (a downscaled chart's 5 px dots
    keep 2 by 3 px of ink: seed-48 syn000)."""
    x0, y0, x1, y1 = box
    cands = [b for b in tiny_markers(rgb, ink, halfwidth, bg, least_side=3)
             if x0 <= b.cx < x1 and y0 <= b.cy < y1 and max(b.color) - min(b.color) >= 40
             and not _in_a_word(b, masked, text_rgb, text_h, ink)]
    out = []
    for g in group_series(cands, delta):
        if len(g) < 3:
            continue
        typical = float(np.median([b.area for b in g]))
        g = [b for b in g if 0.5 * typical <= b.area <= 2.0 * typical]
        if len(g) >= 3:
            out += g
    return out


def _alike(a, b, bg, delta: float) -> bool:
    """Colours of one series: within `delta` in Lab, or one a shade of the other (a small
    mark's colour, mostly rim, is paler than its series' solid marks)."""
    return float(lab_distance(np.array([a], np.uint8), b)[0]) <= delta or _one_hue(a, b, bg)


def _unmarked_lines(rgb, ink, box, halfwidth, params, bg, other_words, text_h, marks, data_blobs) -> list:
    """Beside series of markers, a series drawn as a line whose marks find_markers does not
    take (gnuplot's thin crosses on a thin line): the vertices of each line of a colour no
    series of markers has, as marks of shape 'line', where it bends at three points or more (a
    straight coloured rule is no series). The strokes of a cross bend the line several times
    about its point, and may break it into pieces: vertices within 1.5 text heights of each
    other are one, at their mean."""
    marked = _marked_colours(data_blobs, bg, params.series_color_delta)
    if not marked or not _unmarked_colour(rgb, box, marked, bg):
        return []
    boxes = [(v.x0, v.y0, v.x1, v.y1) for v in other_words]
    # (A line through markers found is their series' line, its colour dulled by JPEG: its
    # bends are at them.)
    traces = [t for t in trace_lines(rgb, ink, box, halfwidth, params.series_color_delta, bg, boxes, text_h,
                                     rules_in=marks)
              if not any(_alike(c, t.color, bg, 1.5 * params.series_color_delta) for c in marked)
              and int(max(t.color)) - int(min(t.color)) >= 60 and _bends(t.vertices, 2 * halfwidth + 2)
              and sum(any(_in_box(x, y, b.box, 0.5 * text_h) for b in data_blobs) for x, y in t.vertices)
              < 0.5 * len(t.vertices)]
    verts = [(float(x), float(y), k) for k, t in enumerate(traces) for x, y in t.vertices]
    r = max(1, int(round(halfwidth)))
    out = []
    for g in _clusters([(x, y) for x, y, _k in verts], 1.5 * text_h):
        x, y = np.mean([verts[i][:2] for i in g], axis=0)
        color = traces[Counter(verts[i][2] for i in g).most_common(1)[0][0]].color
        out.append(Blob(float(x), float(y), (2 * r + 1) ** 2, (int(x) - r, int(y) - r, int(x) + r + 1, int(y) + r + 1),
                        color, "line"))
    # (a colour's line bending at fewer than three points is a rule, or a stroke's piece)
    return [b for b in out
            if sum(lab_distance(np.array([o.color]), b.color)[0] <= params.series_color_delta for o in out) >= 3]


def _bends(verts, tol: float) -> bool:
    """Whether a polyline leaves the straight line between its ends by more than `tol` (an
    axis line or a gridline traced in a slate colour is straight, its "vertices" noise)."""
    if len(verts) < 3:
        return False
    (x0, y0), (x1, y1) = verts[0], verts[-1]
    n = float(np.hypot(x1 - x0, y1 - y0)) or 1.0
    return max(abs((x1 - x0) * (y0 - y) - (x0 - x) * (y1 - y0)) / n for x, y in verts) > tol


def _clusters(pts, reach: float) -> list[list[int]]:
    """Indices of `pts` in groups joined by steps of at most `reach` (single linkage)."""
    ids = linked_groups(len(pts), lambda i, j: np.hypot(pts[i][0] - pts[j][0], pts[i][1] - pts[j][1]) <= reach)
    return [[i for i, g in enumerate(ids) if g == k] for k in range(max(ids, default=-1) + 1)]


def _starved_keys(legend, data_blobs, bg, delta: float) -> list:
    """The colours of the legend's keys that are marks, where fewer than three data markers of
    that colour were found: a series drawn in 4 px triangles beside one in 5 px diamonds is too
    small for find_markers (but where its line ends or runs steep), though its key was found."""
    return [e.blob.color for e in legend if e.blob is not None and e.blob.shape != "line"
            and sum(_alike(e.blob.color, b.color, bg, delta) for b in data_blobs) < 3]


def _marked_colours(data_blobs, bg, delta: float) -> list:
    """The colours of three data markers or more (see _alike)."""
    return list({b.color for b in data_blobs if sum(_alike(b.color, o.color, bg, delta) for o in data_blobs) >= 3})


def _unmarked_colour(rgb, box, colors, bg) -> bool:
    """Whether the plot box `box` holds enough ink of a colour (not grey, not the background's)
    that is none of the series' `colors` (see _marked_colours), nor a blend of one with `bg`, to
    be a line across 8 % of the plot (see lines.MIN_COVER): the line of a series whose markers
    were too small to find (or but one or two of them, where the line bends)."""
    x0, y0, x1, y1 = box
    sub = rgb[y0:y1, x0:x1]
    px = sub[(imageops.saturation(sub) >= 60) & (np.abs(sub.astype(np.int16) - np.asarray(bg, np.int16)).max(axis=2) > 40)]
    for c in colors:
        px = px[~imageops.blend_mask(px, c, bg, min_t=0.1)]
    return len(px) >= MIN_COVER * (x1 - x0)


def _keyed_past(b, e, legend, params) -> bool:
    """Blob `b`, past the end of entry `e`'s text, is drawn as some entry's key is (its colour
    within the series delta, its shape): a marker of that series beside the legend (a square
    of 'TP=8' right of 'SGLang-like'), not a last letter of the name that OCR missed."""
    return b.box[0] > e.box[2] and any(
        k.blob is not None and k.blob.shape == b.shape and k.blob.shape != "line"
        and float(lab_distance(np.array([k.blob.color], np.uint8), b.color)[0]) <= params.series_color_delta
        for k in legend)


def _keyed_dots(keys, data_blobs, rgb, halfwidth: float, box, bg, masked, text_rgb, delta: float,
                text_h: float) -> list:
    """Tiny markers (see _scatter_dots) of the colours `keys` (see _starved_keys), each in its
    own colour only: such a mark on a gridline is one piece with the grid's dashes."""
    x0, y0, x1, y1 = box
    out = []
    for c in keys:
        own = np.zeros(rgb.shape[:2], bool)    # dots are looked for in the plot box only
        own[y0:y1, x0:x1] = imageops.blend_mask(rgb[y0:y1, x0:x1], c, bg)
        out += [b for b in _scatter_dots(rgb, own, halfwidth, box, bg, masked, text_rgb, delta, text_h)
                if _alike(c, b.color, bg, delta) and not any(_in_box(b.cx, b.cy, o.box, 1) for o in data_blobs + out)]
    return out


def _line_extraction(traces, legend, params, frame) -> Extraction:
    """A chart without markers: its lines, each reduced to the vertices of its polyline
    (marker 'line'), named from a legend entry of the same colour when there is one."""
    w, h, box, xa, ya, words, text_h, notes = frame
    points, unnamed = [], 0
    entries = [legend_text.legend_by_color(legend, t.color, params.series_color_delta) for t in traces]
    for k, t in enumerate(traces):
        if entries[k] is None:
            entries[k] = legend_text.legend_by_hue(legend, t.color, taken=entries)
    for t, entry in zip(traces, entries):
        if entry is None:
            unnamed += 1
        name = entry.text if entry is not None else f"series-{unnamed}"
        # A legend inside the plot: its stroke, traced with the line of its colour, is no data.
        verts = [(x, y) for x, y in t.vertices
                 if not any(e.blob is not None and _in_box(x, y, e.blob.box, 2) for e in legend)]
        points += [Point(name, "", x, y, "line", t.color) for x, y in verts]
    if len(points) > params.max_points:
        raise NoChartFound(f"{len(points)} line vertices found; this does not look like a chart of lines")
    notes.append(f"no markers: {len(traces)} line(s) traced; points are the vertices of each line")
    ext = Extraction(w, h, box, xa, ya, points, legend, words, text_h, notes)
    ext.chart_type = "line"
    calibrate_points(ext)
    return ext


def _in_box(x: float, y: float, box, pad: float) -> bool:
    return box[0] - pad <= x <= box[2] + pad and box[1] - pad <= y <= box[3] + pad


def series_halfwidth(rgb: np.ndarray, ink: np.ndarray, text_h: float) -> float:
    """The half-width of the series lines in `ink` (markers are what is deeper), measured on
    the coloured ink, or on grey ink without its rules when too little of it is coloured."""
    # Series lines are coloured where gridlines and frames are grey: measure line width on colour.
    # Coloured gridlines and axis lines (plotly's dark template draws them blue-grey) run across
    # most of the plot: their 1 px runs would outnumber the series' ridges.
    coloured = ink & (imageops.saturation(rgb) > 60) & ~imageops.spanning_rules(ink)
    # (Grey or black series: measured without the axis lines and gridlines, whose thin runs
    # outnumber a single dark line's pixels; a 4 px black line measured 1 px had its markers
    # and itself taken as one component, and no point was found.)
    halfwidth = imageops.stroke_halfwidth(coloured if coloured.sum() > 50 else ink & ~layout.rules_of(ink, text_h))
    if coloured.sum() > 50:
        # Markers are found by their depth in the ink: measure the line there too, at the ridge
        # pixels that keep their colour, where JPEG's halved colour resolution on a dark page
        # leaves only specks of a thin line's colour, or blur widens its ink a pixel or two past
        # its colour. (Half a pixel is the rim of any line, a pixel that of a thick one, and
        # markers are lost if it counts; past two and a half, the ridges are markers run into a
        # gridline or a label. A 7 px line measured 1 px on its colour, where the strokes of the
        # labels in its colour that it crosses outnumber its own ridge, is 3.5 here: set-5 h15.)
        halfwidth = line_halfwidth(halfwidth, imageops.stroke_halfwidth(ink, coloured), _fragmented(coloured))
    return halfwidth


def line_halfwidth(on_colour: float, on_ink: float, fragmented: bool) -> float:
    """The series lines' half-width: as measured on their colour, or on the ink at their
    coloured ridge where that colour is in fragments or the ink's measure is a pixel to two and
    a half wider (see _xy_extraction). Never four pixels wider: where a thin line's colour is
    in specks, the coloured ridge left is that of its markers (seed-52 syn027, dark JPEG:
    7.5 for a 2 px line, and no 15 px square was deeper than that)."""
    if on_ink > on_colour + 4.0:
        return on_colour
    if fragmented or max(on_colour + 1.0, 1.5 * on_colour) <= on_ink <= on_colour + 2.5:
        return on_ink
    return on_colour


def _fragmented(mask: np.ndarray, mean_area: float = 30.0) -> bool:
    """Ink in pieces smaller on average than any marker: specks and slivers, not whole lines
    and markers."""
    n = cv2.connectedComponents(mask.astype(np.uint8), connectivity=8)[0] - 1
    return n > 0 and mask.sum() / n < mean_area


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
