"""Bar categories and legend names: a legend line confirmed at two sizes, re-read boxes cut to
the page's, joining marks kept in category labels, the category axis title under the middle
slot of a chart that titles its value axis."""
from pipeline.barchart.categories import _with_marks, _base_pitch, _without_axis_title
from pipeline.barchart.names import LineRead, _legend_reread
from pipeline.ocr import Word


def _w(text, conf=90.0, x0=0, y0=0, x1=10, y1=10):
    return Word(text, conf, x0, y0, x1, y1)


def _line(words, confirmed, span):
    line = LineRead(words)
    line.confirmed, line.span = confirmed, span
    return line


def test_a_legend_line_read_alike_at_two_sizes_replaces_a_sure_page_misreading():
    page = [_w("HE", 61, 410, 10, 425, 25)]
    got = _legend_reread(page, [_line([_w("HF", 96, 410, 10, 425, 25)], True, (399, 460))])
    assert [(v.text, v.conf) for v in got] == [("HF", 96)]
    # read once only (not confirmed): the sure page word stays, as before
    assert _legend_reread(page, [_line([_w("HF", 96, 410, 10, 425, 25)], False, (399, 460))]) == page


def test_a_confirmed_line_does_not_replace_a_page_word_reaching_past_its_crop():
    page = [_w("TensorRT-LLM", 90, 126, 58, 223, 69)]
    cut = _line([_w("TensorRT-LL", 71, 126, 58, 214, 69)], True, (110, 215))
    assert _legend_reread(page, [cut]) == page


def test_a_rereads_box_is_cut_to_the_page_words_box_when_both_say_the_same():
    # A grey crop read whole: the word's box is the padded crop (30 px high for 10 px text).
    page = [_w("baseline", 96, 380, 12, 432, 23)]
    got = _legend_reread(page, [[_w("baseline", 49, 363, 2, 438, 32)]])
    assert [(v.text, v.x0, v.y0, v.x1, v.y1) for v in got] == [("baseline", 380, 12, 432, 23)]


def test_joining_marks_between_a_labels_words_are_kept():
    words = [_w("Small", 95, 202, 784, 262, 804), _w("test", 93, 270, 786, 311, 803),
             _w("L4", 92, 337, 785, 362, 803), _w("8B", 97, 387, 785, 417, 803)]
    marks = [_w("-", 93, 319, 795, 327, 797), _w("-", 92, 371, 795, 379, 797),
             _w("-", 92, 608, 794, 616, 797),           # the next label's
             _w("-", 90, 330, 700, 338, 702)]           # above the line
    got = _with_marks(words, marks)
    assert sorted(v.x0 for v in got if v.text == "-") == [319, 371]


def test_category_axis_title_under_the_middle_slot_of_a_titled_chart_is_dropped():
    slots = [(67, 293), (293, 520), (520, 747)]
    label = [_w("1k/8k", 42, 392, 443, 422, 453)]
    title = [_w("ISL/OSL", 92, 382, 460, 434, 471)]       # 1.75 text heights below
    assert [v.text for v in _without_axis_title([label, title], slots, 10.0, titled=True)] == ["1k/8k"]
    # Untitled (a wrapped label's last line sits as close): kept, as before.
    assert [v.text for v in _without_axis_title([label, title], slots, 10.0)] == ["1k/8k", "ISL/OSL"]
    # Off the axis's centre it is the label's own line, titled or not.
    off = [_w("V3", 90, 150, 460, 165, 471)]
    assert [v.text for v in _without_axis_title([[_w("DeepSeek", 90, 130, 443, 190, 453)], off],
                                                slots, 10.0, titled=True)] == ["DeepSeek", "V3"]


def test_a_short_label_with_a_line_under_it_that_would_fit_beside_it_is_not_wrapped():
    # Bar seed-17 bar055: 'code' (middle of five slots) and the axis title 'GPU' 24.5 px under
    # it at 14 px text (1.75 heights, as close as a wrapped line); 'DeepSeek V3' beside it
    # stands on one line, and 'code GPU' would be narrower: no renderer wraps it.
    slots = [(100, 220), (220, 340), (340, 460)]
    label, title = [_w("code", 90, 265, 443, 295, 457)], [_w("GPU", 90, 266, 467, 294, 481)]
    assert [v.text for v in _without_axis_title([label, title], slots, 14.0, widest=95.0)] == ["code"]
    # Beside labels no wider than it would be on one line, it is a wrapped label's line.
    assert [v.text for v in _without_axis_title([label, title], slots, 14.0, widest=50.0)] == ["code", "GPU"]


def test_a_line_taking_in_another_swatch_is_not_confirmed(monkeypatch):
    from pipeline.barchart import names
    from pipeline.marks.markers import Blob

    def blob(box):
        return Blob((box[0] + box[2]) / 2, (box[1] + box[3]) / 2, 100, box, (0, 143, 213), "square")

    speck, swatch = blob((430, 468, 445, 478)), blob((446, 467, 465, 483))
    words = [Word("mm", 62, 446, 467, 465, 483), Word("FPS", 75, 474, 467, 497, 483)]

    def side(gray, b, s, stops, text_h, rgb=None):
        line = LineRead(words if s == 0 else [])
        line.span, line.source = (447, 606), (None, (447, 460), 2.0)
        return line
    monkeypatch.setattr(names, "_read_side", side)
    monkeypatch.setattr(names.ocr, "read_crop", lambda crop, origin, scale, *a, **k: list(words))
    page = [Word("FP8", 90, 476, 469, 496, 478)]
    got = names._read_beside_swatches(None, [speck], 10.0, [speck, swatch], page=page)
    assert len(got) == 1 and not got[0].confirmed
    # Without that swatch among the stops, the two reads agreeing confirm the line.
    got = names._read_beside_swatches(None, [speck], 10.0, [speck], page=page)
    assert got[0].confirmed


def test_a_piece_right_beside_a_swatch_is_its_name_not_the_next_swatch(monkeypatch):
    import numpy as np
    from pipeline.barchart import names
    from pipeline.marks.markers import Blob
    # downscaled 'decode' is one solid piece 16 px after its 24 px swatch, as wide as it: the
    # crop read for the name runs on past it; the next entry's swatch 60 px on still ends it
    gray = np.full((60, 1000), 255, np.uint8)
    gray[14:20, 767:800] = 0
    swatch = Blob(739.0, 15.5, 168, (727, 12, 751, 19), (8, 81, 156), "square")
    piece = Blob(783.5, 17.0, 198, (767, 14, 800, 20), (135, 135, 135), "square")
    far = Blob(823.5, 15.5, 168, (811, 12, 835, 19), (107, 174, 214), "square")
    spans = []

    def read_crop(crop, origin, scale=1.0, psm=7, pad=6):
        spans.append((origin[0], origin[0] + crop.shape[1]))
        return []
    monkeypatch.setattr(names.ocr, "read_crop", read_crop)
    names._read_side(gray, swatch, 0, [swatch, piece], 12.0)
    assert spans[0][1] > 800
    spans.clear()
    names._read_side(gray, swatch, 0, [swatch, piece, far], 12.0)
    assert spans[0][1] == 810


def test_a_name_the_page_rendering_leaves_blank_is_read_against_its_own_background(monkeypatch):
    import numpy as np
    from pipeline.barchart import names
    from pipeline.marks.markers import Blob
    # grey 'FP8' near the purple bars' colour, taken for the page's second background: the
    # page's dark-on-white rendering of it is blank, its own-background rendering is not
    rgb = np.full((60, 300), 240, np.uint8)[..., None].repeat(3, axis=2)
    rgb[50:58, 98:120] = (130, 137, 148)
    gray = np.full((60, 300), 255, np.uint8)
    swatch = Blob(87.0, 54.5, 144, (81, 49, 93, 61), (217, 97, 7), "square")
    inked = []

    def read_crop(crop, origin, scale=1.0, psm=7, pad=6):
        inked.append(int((crop < 128).sum()))
        return [Word("FP8", 93, 98, 50, 120, 58)]
    monkeypatch.setattr(names.ocr, "read_crop", read_crop)
    line = names._read_side(gray, swatch, 0, [swatch], 10.0, rgb)
    assert [v.text for v in line] == ["FP8"] and inked[0] > 100
    # with nothing on its own background either, nothing is read
    inked.clear()
    assert names._read_side(gray, swatch, 0, [swatch], 10.0, np.full_like(rgb, 240)) == []
    assert inked == []


def test_a_wrapped_middle_label_is_told_by_its_baselines_pitch():
    # Bar seed-29 bar020: 'prompts' under 'short' in the middle of five slots; by box centres it
    # sat 23 px down and 'V3' under 'DeepSeek' 20, so it passed for the axis title. From
    # baseline to baseline both lines are 21 px apart.
    slots = [(62.0, 254.0), (254.0, 445.5), (445.5, 638.5), (638.5, 830.5), (830.5, 1023.0)]
    deepseek, v3 = [_w("DeepSeek", 96, 311, 686, 387, 702)], [_w("V3", 96, 339, 708, 358, 720)]
    short, prompts = [_w("short", 96, 522, 686, 559, 699)], [_w("prompts", 96, 511, 708, 570, 723)]
    assert abs(_base_pitch(deepseek, v3) - _base_pitch(short, prompts)) <= 1.0
    wraps = [_base_pitch(deepseek, v3)]
    got = _without_axis_title([short, prompts], slots, 12.0, wraps=wraps, widest=86)
    assert [v.text for v in got] == ["short", "prompts"]
    # the same line 6 px further down is the axis title
    title = [_w("prompts", 96, 511, 714, 570, 729)]
    assert [v.text for v in _without_axis_title([short, title], slots, 12.0, wraps=wraps, widest=86)] == ["short"]


def test_a_third_line_at_the_pitch_of_the_labels_own_lines_is_no_axis_title():
    # Bar seed-32 bar041: 'Llama' / '3.1' / '8B' under the middle of five slots, each line 23 px
    # under the one above at 13 px text; '8B', centred on the axis and no nearer than a title
    # may be, was dropped as the category axis's title ('Llama 3.1').
    slots = [(90, 328), (328, 566), (566, 804), (804, 1042), (1042, 1280)]
    rows = [[_w("Llama", 93, 659, 794, 714, 808)], [_w("3.1", 96, 672, 818, 698, 831)],
            [_w("8B", 97, 674, 841, 697, 855)]]
    assert [v.text for v in _without_axis_title(rows, slots, 13.0, widest=96.0)] == ["Llama", "3.1", "8B"]
    # Set further off than the label's own lines, it is the title still.
    rows[2] = [_w("GPU", 97, 664, 856, 707, 870)]
    assert [v.text for v in _without_axis_title(rows, slots, 13.0, widest=96.0)] == ["Llama", "3.1"]


def test_a_reread_leaving_out_letters_of_a_sure_reading_replaces_nothing():
    from pipeline.barchart.categories import _prefer_reread
    # Bar seed-40 bar001: 'H200' read at 91 on the page, '00' at 92 from its crop.
    assert not _prefer_reread("H200", 91, "00", 92)
    # One glyph fewer is a glyph the page read twice: 'GPOQA' read again 'GPQA' (bar seed-37 bar016).
    assert _prefer_reread("GPOQA Diamond", 80, "GPQA Diamond", 94)
    assert _prefer_reread("TP:", 96, "TP=2", 91)


def test_the_fuller_of_two_turned_reads_wins_when_its_further_word_is_sure():
    from pipeline.barchart.categories import _surest_read
    # Bar seed-40 bar056: the turned 'batch 1' read 'batch' at 97 at one size, 'batch' 96 and
    # '1' 79 at the other.
    one = [_w("batch", 97, 0, 0, 50, 12)]
    two = [_w("batch", 96, 0, 0, 50, 12), _w("1", 79, 56, 0, 62, 12)]
    assert [v.text for v in _surest_read([one, two])] == ["batch", "1"]
    # An unsure further word is junk.
    junk = [_w("batch", 96, 0, 0, 50, 12), _w("al", 40, 56, 0, 62, 12)]
    assert [v.text for v in _surest_read([one, junk])] == ["batch"]


def test_words_of_one_line_count_as_one_line_whatever_their_centres_round_to():
    from pipeline.barchart.categories import _line_count
    # 'Qwen2.5' (its Q's tail) stands a pixel lower than '72B': 11 px text, centres 5.4 and 6.6
    # text heights down rounded to two "lines".
    words = [_w("Qwen2.5", 91, 0, 54, 60, 66), _w("72B", 91, 66, 53, 90, 64)]
    assert _line_count(words, 11.0) == 1
    assert _line_count(words + [_w("Model", 90, 20, 75, 60, 86)], 11.0) == 2


def test_a_category_re_read_keeps_the_surer_reading_of_each_word():
    from pipeline.barchart.categories import _surer_words
    page = [Word("Qwen2.5", 86.0, 10, 100, 80, 115), Word("728", 49.0, 88, 100, 115, 115)]
    new = [Word("Qwenz2.5", 59.0, 10, 100, 82, 115), Word("72B", 91.0, 88, 100, 115, 115)]
    assert [v.text for v in _surer_words(new, page)] == ["Qwen2.5", "72B"]
    # ... and where only a little surer, against a glyph more inside it (bar seed-46 bar038)
    page = [Word("72B", 91.0, 88, 100, 115, 115), Word("Qwen2.5", 80.0, 10, 100, 80, 115)]
    new = [Word("Qwenz2.5", 72.0, 10, 100, 82, 115), Word("72B", 92.0, 88, 100, 115, 115)]
    assert [v.text for v in _surer_words(new, page)] == ["Qwen2.5", "72B"]
    # about as sure, the re-read's (glyph-checked) word stands: '726' at 93 against '72B' at 91
    page = [Word("Qwen2.5", 66.0, 10, 100, 80, 115), Word("726", 93.0, 88, 100, 115, 115)]
    new = [Word("Qwen2.5", 91.0, 10, 100, 80, 115), Word("72B", 91.0, 88, 100, 115, 115)]
    assert [v.text for v in _surer_words(new, page)] == ["Qwen2.5", "72B"]
    # a sure page word the re-read holds with more at its end ('TP:' dropped '=4') gives way
    assert [v.text for v in _surer_words([Word("TP=4", 80.0, 10, 100, 50, 115)],
                                         [Word("TP:", 96.0, 10, 100, 40, 115)])] == ["TP=4"]
    # words that do not pair one to one: the re-read as it is
    assert [v.text for v in _surer_words([Word("GPQA Diamond", 80.0, 10, 100, 120, 115)],
                                         [Word("GPOA", 90.0, 10, 100, 50, 115),
                                          Word("Diamond", 96.0, 60, 100, 120, 115)])] == ["GPQA Diamond"]
