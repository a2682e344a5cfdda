"""Naming traced lines: by hue where JPEG greyed a thin line, never by a swatch's stray twin."""
from pipeline.digitize import _bars_in_plot
from pipeline.extraction import Extraction, Point
from pipeline.marks.legend import LegendEntry
from pipeline.marks.markers import Blob
from pipeline.xychart.legend_text import legend_by_hue


def entry(text, color):
    return LegendEntry(text, [], Blob(20.0, 50.0, 64, (16, 46, 24, 54), color, "square"), (30, 44, 80, 56))


def test_a_line_greyed_by_jpeg_takes_the_entry_of_its_hue():
    blue, orange = entry("FP8", (72, 112, 192)), entry("BF16", (230, 120, 20))
    # the 2 px blue line after JPEG: lightness kept, chroma halved (28 apart in Lab)
    assert legend_by_hue([blue, orange], (93, 106, 138)) is blue
    # an entry already named by colour is not taken twice; grey has no hue to match
    assert legend_by_hue([blue, orange], (93, 106, 138), taken=[blue]) is None
    assert legend_by_hue([blue, orange], (110, 110, 112)) is None
    # a line more colourful than the swatch is no faded copy of it
    assert legend_by_hue([entry("X", (93, 106, 138))], (72, 112, 192)) is None
    # two entries of that hue: no guess
    assert legend_by_hue([blue, entry("v2", (80, 115, 185))], (93, 106, 138)) is None


def test_bars_over_a_line_chart_must_end_inside_its_plot():
    def bars(*tops):
        pts = [Point("s", "c", x, y, "bar", (0, 0, 255)) for x, y in tops]
        return Extraction(400, 300, (0, 0, 400, 300), None, None, pts, [], [], 10.0)
    box = (50, 40, 380, 260)
    assert _bars_in_plot(bars((100, 120), (200, 80), (300, 41)), box, 10.0)
    # a legend's swatch above the plot passed for a bar
    assert not _bars_in_plot(bars((100, 120), (60, 25)), box, 10.0)


def test_a_title_with_a_word_read_like_a_label_floors_the_plot():
    from pipeline.digitize import _title_floor
    from pipeline.ocr import Word
    # seed-52 syn037: 'Decode frontier, OSL=1k' over a 732 px plot; without 'OSL=1k' its words
    # spanned under a quarter of it, and a legend above the title passed for a point
    title = [Word("Decode", 96.0, 296, 60, 366, 74), Word("frontier,", 93.0, 373, 60, 448, 76),
             Word("OSL=1k", 88.0, 456, 60, 530, 74)]
    legend = [Word("8200", 78.0, 392, 12, 422, 22)]
    assert _title_floor(title + legend, 85.5, 50, 782, 10.0) == 78.0
    # a row of point labels, mostly numbers, is no title
    labels = [Word(f"{n}", 90.0, x, 60, x + 60, 74) for n, x in ((64, 100), (128, 300), (256, 500))]
    labels += [Word("req", 90.0, 165, 60, 195, 74)]
    assert _title_floor(labels, 85.5, 50, 782, 10.0) == 0.0
