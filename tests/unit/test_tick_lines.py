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


def test_a_numbers_box_over_blank_rows_is_cut_to_its_digits():
    from pipeline.ocr import Word
    gray = np.full((60, 40), 255, np.uint8)
    gray[10:19, 5:30] = 40                       # the digits, 9 px tall
    tall = Word("2e4", 90.0, 5, 8, 30, 30)       # boxed down to a title's letters beside it
    cut = layout.tightened([tall], gray, 9.0)[0]
    assert (cut.y0, cut.y1) == (10, 19)
    gray[19:23, 5:30] = 200                      # a blurred glyph's pale rim is the glyph's
    cut = layout.tightened([tall], gray, 9.0)[0]
    assert (cut.y0, cut.y1) == (10, 23)
    gray[26:29, 12:20] = 40                      # a marker under a point label: left as read
    assert layout.tightened([tall], gray, 9.0)[0] is tall
    word = Word("Throughput", 90.0, 5, 8, 30, 30)   # no number: left as read
    assert layout.tightened([word], gray, 9.0)[0] is word
    assert layout.tightened([tall], gray, 16.0)[0] is tall     # no taller than text may be


def test_typical_text_height_skips_labels_read_with_a_dashed_gridline():
    from pipeline.ocr import Word
    words = [Word(t, 95.0, 100 * i, 1190, 100 * i + 28, 1209) for i, t in enumerate(["16", "32", "64", "128"])]
    words += [Word("4-------------", 79.0, 506, 308, 695, 318) for _ in range(6)]
    assert layout.typical_text_height(words) == 19


def test_a_surer_page_word_is_not_replaced_by_a_line_read():
    from pipeline.ocr import Word
    page = [Word("A100", 90.0, 482, 617, 514, 628), Word("prefil", 40.0, 100, 617, 140, 628)]
    lines = [Word("A190", 86.0, 482, 617, 514, 628), Word("prefill", 80.0, 100, 617, 142, 628)]
    assert sorted(w.text for w in layout.merge_words(page, lines)) == ["A100", "prefill"]


def test_a_far_surer_page_word_is_not_replaced_by_a_line_read_with_a_glyph_more():
    # bar seed-46 bar028: a serif Q's tail read as a letter by the line reader.
    from pipeline.ocr import Word
    page = [Word("Qwen2.5", 86.0, 60, 130, 131, 151)]
    assert [w.text for w in layout.merge_words(page, [Word("Qwenz2.5", 57.0, 60, 130, 132, 151)])] == ["Qwen2.5"]
    # ... but about as sure, the line's fuller reading stands ('TP:' dropped an unsure '=2')
    page = [Word("TP:", 96.0, 60, 130, 90, 151)]
    assert [w.text for w in layout.merge_words(page, [Word("TP=2", 91.0, 60, 130, 100, 151)])] == ["TP=2"]


def _axis(ticks, words, side="bottom"):
    from pipeline.axes import calibrate
    cal = calibrate(ticks, tol_px=4.0, sign=-1 if side in ("left", "right") else 1)
    return layout.AxisFind(cal, words, side)


def test_a_stem_read_as_a_letter_one_step_past_the_labels_is_a_one():
    from pipeline.axes import Tick
    from pipeline.ocr import Word
    ten, hundred = Word("10", 95.0, 254, 362, 267, 374), Word("100", 66.0, 398, 361, 427, 374)
    axis = _axis([Tick(260.5, "10", 10.0), Tick(412.5, "100", 100.0)], [ten, hundred])
    stem = Word("T", 84.0, 100, 361, 115, 374)      # a blurred serif '1' under the axis line
    out = layout.stems_as_ones([stem, ten, hundred], axis, 12.0, vertical=False)
    assert [w.text for w in out] == ["1", "10", "100"] and out[0].x0 == 100
    # not where no label would be, nor a letter of a word, nor off the labels' row
    words = [Word("T", 84.0, 140, 361, 155, 374), ten, hundred]
    assert layout.stems_as_ones(words, axis, 12.0, vertical=False) is words
    words = [stem, Word("ime", 90.0, 117, 361, 140, 374), ten, hundred]
    assert layout.stems_as_ones(words, axis, 12.0, vertical=False) is words
    words = [Word("I", 84.0, 100, 390, 115, 403), ten, hundred]
    assert layout.stems_as_ones(words, axis, 12.0, vertical=False) is words
    # a y axis: in the labels' column, a step below the lowest
    ys = [Word("100", 90.0, 40, 304, 70, 316), Word("1,000", 90.0, 30, 193, 70, 205)]
    yaxis = _axis([Tick(310.0, "100", 100.0), Tick(199.0, "1,000", 1000.0)], ys, side="left")
    out = layout.stems_as_ones(ys + [Word("l", 80.0, 62, 415, 69, 427)], yaxis, 12.0, vertical=True)
    assert out[-1].text == "1"


def test_numbers_in_a_phrase_are_no_tick_labels():
    from pipeline.ocr import Word
    row = [Word("Llama", 94.0, 350, 606, 386, 617), Word("3.1", 95.0, 392, 606, 409, 617),
           Word("8B", 95.0, 415, 606, 429, 617), Word("Llama", 96.0, 485, 606, 522, 617),
           Word("3.1", 89.0, 528, 606, 545, 617), Word("70B", 73.0, 551, 606, 573, 617)]
    assert [w.text for w in layout.in_phrases(row)] == ["3.1", "8B", "3.1", "70B"]
    ticks = [Word("10", 95.0, 100, 606, 114, 617), Word("ms", 95.0, 118, 606, 134, 617),
             Word("20", 95.0, 200, 606, 214, 617), Word("30", 95.0, 300, 606, 314, 617)]
    assert layout.in_phrases(ticks) == []               # a unit after its number
    far = [Word("batch", 95.0, 10, 606, 50, 617), Word("64", 95.0, 70, 606, 84, 617)]
    assert layout.in_phrases(far) == []                 # two spaces away: apart


def test_a_number_boxed_over_two_stacked_labels_is_read_as_both():
    from pipeline.ocr import Word
    # set-5 h26: a line box over '10000' and the '5000' under it, read '10000' alone
    font = ImageFont.truetype(_FONT, 28)
    im = Image.new("L", (140, 130), 255)
    d = ImageDraw.Draw(im)
    d.text((10, 22), "10000", font=font, fill=0)
    d.text((28, 78), "5000", font=font, fill=0)
    d.line((10, 2, 120, 2), fill=0, width=4)    # the foot of the label above: a sliver
    gray = np.asarray(im)
    both = Word("10000", 90.0, 8, 0, 125, 115)
    got = layout.tightened([both], gray, 20.0)
    assert [w.text for w in got] == ["10000", "5000"]
    assert got[0].y1 <= got[1].y0


def test_a_line_reading_does_not_drop_a_labels_decimal_point():
    # set-12 h20 (plotly, narrow font): the page read '7.5k', the line '75k:' (its tick mark a
    # colon): the axis came out ten times too large.
    from pipeline.ocr import Word
    page = [Word("7.5k", 90.0, 55, 250, 87, 263), Word("Sk-", 60.0, 67, 432, 87, 445)]
    lines = [Word("75k:", 93.0, 55, 250, 87, 263), Word("5k:", 91.0, 67, 432, 87, 445)]
    assert sorted(w.text for w in layout.merge_words(page, lines)) == ["5k:", "7.5k"]
    # a point the page read into the label where the line has none is not kept for that
    assert layout._point_lost("7.5k", "75k:") and not layout._point_lost("75k", "7.5k")
    assert not layout._point_lost("7.5k", "76k")
    # a thousands separator is no lost point: '5,000' read again replaces the page's '5.000'
    assert not layout._point_lost("5.000", "5,000")


def test_a_line_read_on_part_of_a_sure_word_gives_way_to_it():
    # set-12 h45: '4req' read by the page; the line crop, cut at the marker beside it, read '4'
    # and the glyphs of 'req' were then taken for a marker.
    from pipeline.ocr import Word
    page = [Word("4req", 68.0, 405, 253, 431, 265)]
    assert [w.text for w in layout.merge_words(page, [Word("4", 90.0, 405, 253, 411, 262)])] == ["4req"]
    # a reading of the whole span, or of a word read unsurely, still replaces it
    assert [w.text for w in layout.merge_words(page, [Word("4 req", 90.0, 405, 253, 431, 265)])] == ["4 req"]
    unsure = [Word("4req", 40.0, 405, 253, 431, 265)]
    assert [w.text for w in layout.merge_words(unsure, [Word("4", 90.0, 405, 253, 411, 262)])] == ["4"]
    # nor is a line reading that splits the word in two held back piece by piece
    page = [Word("EngineS", 91.0, 781, 30, 826, 44)]
    split = [Word("Engine", 93.0, 781, 32, 810, 44), Word("B", 89.0, 814, 32, 826, 44)]
    assert sorted(w.text for w in layout.merge_words(page, split)) == ["B", "Engine"]
    # ... but a line reading of a sure word's start alone, its last letter read apart and left
    # out as no text, gives way to it (seed-16 syn108: 'EngineA' at 90, 'Engine' at 96)
    page = [Word("EngineA", 90.0, 641, 42, 708, 56)]
    assert [w.text for w in layout.merge_words(page, [Word("Engine", 96.0, 641, 42, 692, 56)])] == ["EngineA"]
    assert [w.text for w in layout.merge_words([Word("EngineA", 70.0, 641, 42, 708, 56)],
                                               [Word("Engine", 96.0, 641, 42, 692, 56)])] == ["Engine"]
    # and a label read where the page read no label replaces it (seed-40 syn096: 'bs#1024')
    page = [Word("bs#1024", 77.0, 129, 303, 169, 316)]
    assert [w.text for w in layout.merge_words(page, [Word("1024", 90.0, 145, 305, 169, 316)])] == ["1024"]
