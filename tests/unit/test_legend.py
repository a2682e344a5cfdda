"""Legend entries: the text beside a swatch found as ink, the swatch OCR reads as letters, and
the '8' / 'B' / 'S' / 'T' confusions checked against glyph shapes."""
import cv2
import numpy as np

from pipeline import glyphs
from pipeline.marks.legend import _chained, capital_i, numbers_in_name, find_legend, swatch_text_boxes, text_lines
from pipeline.marks.markers import Blob
from pipeline.numbers import parse_point_label
from pipeline.ocr import Word
from pipeline.textlines import letter_stems, text_line_boxes
from pipeline.xychart.legend_text import _connectors, _reaching
from pipeline.xychart.text_words import coloured_glyph


def _mask(rows):
    return np.array([[c == "#" for c in r] for r in rows])


# Glyphs as the digitiser's ink shows them (from legends rendered at 9-20 px).
EIGHT_9PX = _mask(["..###.", ".#####", ".#..##", ".#####", ".#####", "##...#", "##...#", ".#####", "..###."])
B_SANS_8PX = _mask(["#####.", "##..#.", "##.##.", "#####.", "##..#.", "##..##", "#####.", ".###.."])
B_SERIF = _mask(["#########...", ".###...###..", "..##....###.", "..##....###.", "..##...###..",
                 "..#######...", "..##...####.", "..##.....##.", "..##.....##.", "..##.....###",
                 "..##.....##.", "..##....###.", "##########.."])
S_GLYPH = _mask([".####.", "##..##", "##....", ".###..", "...##.", "....##", "##..##", ".####."])
T_GLYPH = _mask(["#########", "#########", "...###...", "...###...", "...###...", "...###...",
                 "...###...", "...###...", "...###..."])
I_GLYPH = _mask(["###", "###", "###", "###", "###", "###", "###", "###"])


L_STROKE = _mask(["##"] * 12)                                           # 'l', 12 px
I_JOINED = _mask(["##", "##", ".#", "##", "##", "##", "##", "##", "##", "##", "##"])  # 'i', dot joined by blur
I_STEM = _mask(["##"] * 8)                                              # 'i' without its dot
A_GLYPH = _mask([".###.", "#..##", "..###", ".####", "##.##", "##.##", ".####", ".##.#"])


# A serif 'R' and 'T' kerned into one glyph (bar seed-17 bar035, 'TensorRT-LLM' read 'TensorRI-LLM')
RT_SERIF = _mask(["######..........######", "#########.############", ".##....##.##...##...##",
                  ".##....###.#...##...##", ".##....###.....##.....", ".##....###.....##.....",
                  ".##..####......##.....", ".#######.......##.....", ".##...##.......##.....",
                  ".##...###......##.....", ".##....##......##.....", ".##....###.....##.....",
                  ".##.....##.....##.....", "#####...####.######..."])


def test_a_t_kerned_into_the_capital_before_it_is_told_by_its_bar():
    assert glyphs._outer_t(RT_SERIF, 1) and not glyphs._outer_t(RT_SERIF, 0)
    serif_i = _mask(["######", "..##..", "..##..", "..##..", "..##..", "..##..", "..##..", "######"])
    assert not glyphs._outer_t(serif_i, 1)
    ell = _mask(["##...."] * 13 + ["######"])
    so = _mask(["#" * 16] * 10)     # 's' and 'o' run together past cutting apart
    # 'soRI-LL' with 'RT' one glyph: read from the end, the run stops at it, which ends in a T
    assert glyphs.checked_text("soRI-LL", [so, RT_SERIF, ell, ell]) == "soRT-LL"
    # ... where 'RI' one glyph ends in a plain stem, the 'I' stays
    r_i = _mask(["#" * 13 + ".....##"] + ["##" + "." * 11 + ".....##"] * 13)
    assert glyphs.checked_text("soRI-LL", [so, r_i, ell, ell]) == "soRI-LL"


def test_an_l_read_as_i_is_told_by_its_height_and_an_i_keeps_its_dot():
    # 'Liama' / 'Smail': an 'l' rises half again above the x-height in one stroke
    assert glyphs.glyph_char("i", L_STROKE, x_height=8) == "l"
    assert glyphs.checked_text("Smail", [S_GLYPH, A_GLYPH, A_GLYPH, L_STROKE, L_STROKE], "i") == "Small"
    # ... on request only: a legend name's 'i' is read from the page's ink, where a dot joins
    assert glyphs.checked_text("Smail", [S_GLYPH, A_GLYPH, A_GLYPH, L_STROKE, L_STROKE]) == "Smail"
    # an 'i' whose dot blur joined to its stem is as tall, with a waist under the dot
    assert glyphs.glyph_char("i", I_JOINED, x_height=8) == "i"
    assert glyphs.glyph_char("i", I_STEM, x_height=8) == "i"
    # glyphs weighted by their ink: a row paler than the dot and the stem is the gap between
    # them ('Dlamond', bar seed-18 bar031); a pale 'l' split between two columns has none
    i_weights = np.array([184, 134, 184] + [255] * 7, float)[:, None] * np.ones((1, 2))
    l_weights = np.array([166, 118, 108] + [106] * 9, float)[:, None] * np.ones((1, 2))
    assert glyphs.glyph_char("i", i_weights, x_height=8) == "i"
    assert glyphs.glyph_char("i", l_weights, x_height=8) == "l"
    # under 7 px of x-height a dot joins its stem without a waist ('Dlamond' at 6 px)
    assert glyphs.glyph_char("i", L_STROKE[:9], x_height=6) == "i"
    # no x-height letters in the word: nothing to measure against
    assert glyphs.checked_text("Hi", [I_GLYPH, L_STROKE], "i") == "Hi"


def test_holes_and_left_stem_tell_8_from_b_and_s():
    assert glyphs.holes(EIGHT_9PX) == 2 and glyphs.holes(B_SERIF) == 2 and glyphs.holes(S_GLYPH) == 0
    assert glyphs.left_stem(B_SERIF) == 1.0 and glyphs.left_stem(B_SANS_8PX) == 1.0
    assert round(glyphs.left_stem(EIGHT_9PX), 2) == 0.71
    fat_eight = _mask([".#####.", "###.###", "##...##", "###.###", ".#####.", "###.###", "##...##",
                       "##...##", "##..###", ".#####."])                   # serif '8', 10 px
    assert glyphs.left_stem(fat_eight) < 0.85 and glyphs.glyph_char("B", fat_eight) == "8"
    blurred_eight = _mask([".#####.", "#######", "##...##", "##...##", "######.", "######.", "##...##",
                           "#....##", "##...##", "#######", ".#####."])    # straight-sided, round top
    assert glyphs.left_stem(blurred_eight) == 1.0 and not glyphs.square_top_left(blurred_eight)
    assert glyphs.glyph_char("8", blurred_eight) == "8" and glyphs.square_top_left(B_SERIF)


def test_glyph_char_corrects_the_ocr_confusions():
    assert glyphs.glyph_char("S", EIGHT_9PX) == "8"          # 'FPS' of 'FP8'
    assert glyphs.glyph_char("8", B_SANS_8PX) == "B"         # 'Engine 8' of 'Engine B'
    assert glyphs.glyph_char("8", B_SERIF) == "B"
    assert glyphs.glyph_char("B", EIGHT_9PX) == "8"
    assert glyphs.glyph_char("8", S_GLYPH) == "S"
    assert glyphs.glyph_char("I", T_GLYPH) == "T"            # 'TRI-LLM' of 'TRT-LLM'
    assert glyphs.glyph_char("I", I_GLYPH) == "I"
    # a 12 px serif 'T' on a foot five of its nine columns wide (seed-59 syn012)
    t_serif = _mask(["#########", "#########", "#..##...#"] + ["...##...."] * 7 + ["...###...", "..#####.."])
    assert glyphs.glyph_char("I", t_serif) == "T"
    serif_i = _mask(["#######", "..###..", "..###..", "..###..", "..###..", "..###..", "#######"])
    assert glyphs.glyph_char("I", serif_i) == "I"
    assert glyphs.glyph_char("s", EIGHT_9PX) == "8"          # 'TPs' of 'TP8'
    assert glyphs.glyph_char("s", S_GLYPH) == "s"            # a lowercase s stays ('Ours')
    # in a word of capitals an 's' with two holes is an '8'; among lowercase letters it stays
    assert glyphs.checked_text("TPs", [T_GLYPH, I_GLYPH, EIGHT_9PX]) == "TP8"
    assert glyphs.checked_text("bas", [I_GLYPH, I_GLYPH, EIGHT_9PX]) == "bas"
    assert glyphs.glyph_char("A", EIGHT_9PX) == "A"          # other letters are OCR's call
    # inside a number a straight-sided '8' stays a digit ('n=128')
    assert glyphs.glyph_char("8", B_SANS_8PX, after_digit=True) == "8"


def test_checked_text_maps_glyphs_one_to_one_or_leaves_the_text():
    f = _mask(["####", "#...", "###.", "#...", "#...", "#...", "#...", "#..."])
    p = _mask(["###.", "#..#", "#..#", "###.", "#...", "#...", "#...", "#..."])
    assert glyphs.checked_text("FPS", [f, p, EIGHT_9PX]) == "FP8"
    assert glyphs.checked_text("8200", [B_SANS_8PX, p, f, f]) == "B200"
    assert glyphs.checked_text("n=128", [p, f, p, B_SANS_8PX]) == "n=128"   # '=' has no tall glyph
    assert glyphs.checked_text("FPS", [f, EIGHT_9PX]) == "FPS"               # letters touching
    assert glyphs.checked_text("H100", [f, p, f, p]) == "H100"               # nothing to check


def test_touching_letters_are_cut_apart_to_check_a_t_read_as_i():
    # 'TRT' as DejaVu Sans draws it at 11 px: the leg of the 'R' touches the bar of the second 'T'
    t = _mask(["#########", "#########", "....#....", "....#....", "....#....", "....#....",
               "....#....", "....#....", "....#....", "....#....", "....#...."])
    rt = _mask(["######.##########", "#....##....##....", "#....##....##....", "#....##....##....",
                "##...##....##....", "######.....##....", "#...##.....##....", "#....##....##....",
                "#.....#....##....", "#.....##...##....", "#......#...##...."])
    assert glyphs.checked_text("TRI", [t, rt]) == "TRT"
    # an 'm' touches itself at the top of its arches, but is not 1.4 times as wide as tall
    m = _mask(["##########", "##...##..#", "##...##..#", "##...##..#", "##...##..#", "##...##..#",
               "##...##..#", "##...##..#"])
    assert glyphs.checked_text("TIT", [t, m]) == "TIT"


def test_an_i_is_checked_from_the_ends_where_other_letters_run_together():
    # Seed-27 syn046 'TRI-LLM-like' in DejaVu Serif: 'l' and 'i' touch, one glyph no wider than
    # a letter, so nine glyphs stand for ten letters; from the left the third is a 'T'.
    t = _mask(["#########", "#...#...#", "....#....", "....#....", "....#....", "....#....",
               "....#....", "....#....", "...###..."])
    r, letter = _mask(["######.", "#....#.", "######.", "#..#...", "#...#..", "#....#.", "#.....#",
                       "#.....#", "##...##"]), _mask(["####", "#..#", "#..#", "#..#", "#..#", "#..#",
                                                     "#..#", "#..#", "####"])
    nine = [t, r, t, letter, letter, letter, letter, letter, letter]
    assert glyphs.checked_text("TRI-LLM-like", nine) == "TRT-LLM-like"
    # ... and a true 'I' there stays one; past a glyph wider than tall (letters run together,
    # maybe more than two) the count from the left stops.
    assert glyphs.checked_text("TRI-LLM-like", [t, r, I_GLYPH] + nine[3:]) == "TRI-LLM-like"
    wide = np.ones((9, 14), bool)
    assert glyphs.checked_text("TRLLI-Mike", [t, r, wide, t, letter, letter, letter]) == "TRLLI-Mike"
    assert glyphs.checked_text("TRI", []) == "TRI"          # no glyph found in the box at all
    # Seed-15 syn035 'MI300X' in DejaVu Serif: the 'I' touches the '3', a glyph as wide as a 'T'
    # and as flat on top, but on two strokes
    i3 = _mask(["########...#####..", "..####....#######.", "...###...##...###.", "...###...#.....###",
                "...###.........##.", "...###........###.", "...###.......###..", "...###.....######.",
                "...###......######", "...###.........###", "...###.........###", "...###..........##",
                "...###.........###", "...###.........###", "...###..###...###.", ".###############..",
                ".######...##......"])
    m_glyph = np.ones((17, 21), bool)
    assert glyphs.checked_text("MI300X", [m_glyph[:, :16], i3, letter, letter, letter]) == "MI300X"


def test_serif_t_has_a_foot_half_as_wide_as_its_bar_and_serif_i_does_not():
    t_serif = _mask(["###############", "#.....##......#", "......##.......", "......##.......",
                     "......##.......", "......##.......", "......##.......", "....#######...."])
    i_serif = _mask(["#######", "..###..", "..###..", "..###..", "..###..", "..###..", "#######"])
    assert glyphs.glyph_char("I", t_serif) == "T"
    assert glyphs.glyph_char("I", i_serif) == "I"


def test_a_space_after_a_point_may_be_wider_within_a_line():
    words = [Word("spec.", 96, 562, 20, 620, 40), Word("decode", 96, 640, 19, 715, 36)]
    assert [[v.text for v in ln] for ln in text_lines(words, 16.0)] == [["spec.", "decode"]]
    words[0] = Word("spec", 96, 562, 20, 612, 40)
    assert len(text_lines(words, 16.0)) == 2


def test_a_name_chains_across_a_wide_space_but_not_past_another_swatch():
    spec, decode = (562, 24, 611, 40), (640, 19, 715, 40)
    assert _chained(spec, [spec, decode], 0, 32.0) == (562, 19, 715, 40)
    swatch = (620, 22, 632, 36)
    assert _chained(spec, [spec, decode], 0, 32.0, [swatch]) == spec


def test_letters_joined_at_their_serifs_make_a_line_only_when_asked():
    ink = np.zeros((40, 200), bool)
    ink[10:22, 20:80] = False
    for x in range(20, 80, 5):        # stems every letter, a baseline joining them
        ink[10:22, x:x + 2] = True
    ink[21:23, 20:80] = True
    assert letter_stems(ink[10:23, 20:80], 13.0) == 12
    assert text_line_boxes(ink, 13.0, (0, 0, 200, 40)) == []
    assert text_line_boxes(ink, 13.0, (0, 0, 200, 40), joined=True) == [(20, 10, 80, 23)]


def _legend_row(text="TP=4, DP=2", scale=0.5):
    ink = np.zeros((60, 400), np.uint8)
    cv2.circle(ink, (30, 30), 6, 1, -1)
    cv2.line(ink, (14, 30), (46, 30), 1, 2)
    cv2.putText(ink, text, (62, 36), cv2.FONT_HERSHEY_SIMPLEX, scale, 1, 1)
    blob = Blob(30.0, 30.0, 113, (24, 24, 37, 37), (31, 119, 180), "circle")
    return ink.astype(bool), blob


def test_swatch_text_box_covers_the_whole_name_beside_the_swatch():
    ink, blob = _legend_row()
    boxes = swatch_text_boxes(ink, [blob], 12.0)
    assert len(boxes) == 1
    x0, y0, x1, y1 = boxes[0]
    cols = np.nonzero(ink[:, 50:].any(axis=0))[0] + 50
    assert x0 == cols.min() and x1 == cols.max() + 1      # 'TP=4,' and 'DP=2' in one box
    assert y0 <= 30 <= y1


def test_no_text_box_far_from_the_swatch_or_off_its_row():
    ink, blob = _legend_row()
    far = Blob(30.0, 30.0, 113, (24, 24, 37, 37), (31, 119, 180), "circle")
    assert swatch_text_boxes(ink, [far], 12.0, max_gap=0.5) == []
    low = Blob(30.0, 50.0, 113, (24, 44, 37, 57), (31, 119, 180), "circle")
    assert swatch_text_boxes(ink, [low], 12.0) == []


def test_box_reaches_to_the_end_of_a_word_starting_in_it():
    words = [Word("no", 96, 105, 78, 124, 87), Word("chunking", 96, 130, 75, 200, 90),
             Word("swatch", 90, 60, 75, 100, 90)]
    assert _reaching((105, 74, 149, 88), words) == (105, 74, 200, 88)


def test_a_swatch_read_as_a_word_is_no_part_of_the_name():
    # 'PD': tesseract's reading of a diamond swatch, its box nearly the swatch's own
    line = [Word("PD", 51, 1765, 52, 1811, 90), Word("SGLang-like", 91, 1829, 61, 1950, 84)]
    blob = Blob(1788.0, 71.0, 688, (1770, 53, 1806, 89), (226, 74, 51), "diamond")
    data = [Blob(500.0 + 40 * i, 400.0, 688, (490 + 40 * i, 390, 510 + 40 * i, 410), (226, 74, 51), "diamond")
            for i in range(3)]
    entries = find_legend([line], [blob] + data, 23.0, data)
    assert [(e.text, e.blob is blob) for e in entries] == [("SGLang-like", True)]


def test_a_coloured_letter_or_two_is_a_mark_not_text():
    rgb = np.full((40, 80, 3), 255, np.uint8)
    rgb[10:20, 10:20] = (31, 119, 180)          # a blue swatch read as 'A'
    rgb[10:20, 40:50] = (20, 20, 20)            # a black 'A'
    black = (20, 20, 20)
    assert coloured_glyph(Word("A", 80, 10, 10, 20, 20), rgb, (255, 255, 255), black)
    assert not coloured_glyph(Word("A", 80, 40, 10, 50, 20), rgb, (255, 255, 255), black)
    assert not coloured_glyph(Word("Ours", 80, 10, 10, 20, 20), rgb, (255, 255, 255), black)
    assert not coloured_glyph(Word("64", 80, 10, 10, 20, 20), rgb, (255, 255, 255), black)  # a label


def test_a_space_is_put_back_where_the_glyphs_stand_a_space_apart():
    letters = [(0, 7), (8, 14), (15, 21), (22, 24), (25, 31), (32, 38), (43, 51)]   # 'EngineA'
    assert glyphs.spaced_text("EngineA", letters, 0.3 * 13) == "Engine A"
    assert glyphs.spaced_text("Engine A", letters, 0.3 * 13) == "Engine A"
    even = [(0, 7), (9, 15), (17, 23), (25, 31)]
    assert glyphs.spaced_text("H100", even, 0.3 * 13) == "H100"
    assert glyphs.spaced_text("EngineA", letters[:-1], 0.3 * 13) == "EngineA"     # spans do not map


def test_a_dark_title_word_is_text_though_not_in_the_tick_colour():
    rgb = np.full((40, 80, 3), 255, np.uint8)
    rgb[10:20, 10:20] = (26, 26, 46)            # 'to' of a bold navy title, ticks in grey
    assert not coloured_glyph(Word("to", 90, 10, 10, 20, 20), rgb, (255, 255, 255), (80, 80, 80))


def test_no_space_is_put_at_a_hyphen():
    spans = [(0, 6), (7, 9), (10, 12), (13, 21), (28, 30), (31, 33), (34, 40), (41, 47)]  # 'vLLM-like'
    assert glyphs.spaced_text("vLLM-like", spans, 3.0) == "vLLM-like"


def test_a_swatch_read_as_the_last_word_follows_its_text():
    # gnuplot: 'TP=4, DP=2 -a-', the grey square swatch after the name; a green swatch of the
    # entry before stands left of the text
    line = [Word("TP=4,", 93, 817, 25, 870, 45), Word("DP=2", 92, 880, 25, 963, 49),
            Word("—a—", 40, 980, 26, 1060, 44)]
    grey = Blob(1020.0, 34.0, 200, (1012, 27, 1028, 42), (85, 85, 85), "square")
    green = Blob(747.0, 34.0, 200, (738, 26, 757, 42), (120, 185, 11), "triangle-up")
    data = [Blob(200.0 + 90 * i, 500.0 + k, 200, (190 + 90 * i, 490 + k, 210 + 90 * i, 510 + k), c, "square")
            for i in range(3) for k, c in ((0, (85, 85, 85)), (100, (120, 185, 11)))]
    entries = find_legend([line], [green, grey] + data, 20.0, data)
    assert [(e.text, e.blob is grey) for e in entries] == [("TP=4, DP=2", True)]


def test_the_sample_of_the_entry_before_is_no_part_of_a_name_nor_a_dash_its_first_letter():
    # gnuplot's key 'NVFP4 -▲-  FP8 -◆-' (outside set-B out024): the triangle's sample read
    # '-ir_' at no confidence started the next name; plotly's '-●- FP8' (out027) read '-FP8'.
    purple, green = (148, 0, 211), (0, 158, 115)
    line = [Word("NVFP4", 93, 454, 68, 507, 81), Word("-ir_", 0, 514, 66, 552, 94),
            Word("FP8", 92, 559, 68, 586, 80)]
    tri = Blob(526.0, 73.0, 60, (521, 68, 531, 78), purple, "triangle-up")
    dia = Blob(605.0, 74.0, 60, (600, 69, 610, 79), green, "diamond")
    data = [Blob(100.0 + 90 * i, 300.0 + k, 60, (95 + 90 * i, 295 + k, 105 + 90 * i, 305 + k), c, "square")
            for i in range(3) for k, c in ((0, purple), (100, green))]
    weak = lambda w: w.conf < 40  # noqa: E731
    entries = find_legend([line], [tri, dia] + data, 14.0, data, weak=weak)
    assert sorted((e.text, e.blob is tri) for e in entries) == [("FP8", False), ("NVFP4", True)]
    dot = Blob(1333.0, 34.0, 120, (1327, 28, 1339, 40), (99, 110, 250), "circle")
    dots = [Blob(200.0 + 90 * i, 500.0, 120, (194 + 90 * i, 494, 206 + 90 * i, 506), (99, 110, 250), "circle")
            for i in range(3)]
    entries = find_legend([[Word("-FP8", 90, 1346, 26, 1392, 44)]], [dot] + dots, 18.0, dots)
    assert [e.text for e in entries] == ["FP8"]
    # an unsure letter over a grey blob, its own glyph found as one, stays ('Engine A' at 56,
    # seed-54 syn004)
    red = (251, 44, 44)
    line = [Word("Engine", 93, 220, 60, 262, 74), Word("A", 56, 268, 60, 281, 74)]
    sw = Blob(205.0, 67.0, 60, (201, 63, 210, 72), red, "diamond")
    glyph = Blob(274.0, 65.0, 60, (270, 62, 279, 71), (154, 154, 154), "triangle-up")
    reds = [Blob(100.0 + 90 * i, 300.0, 60, (95 + 90 * i, 295, 105 + 90 * i, 305), red, "diamond") for i in range(3)]
    entries = find_legend([line], [sw, glyph] + reds, 14.0, reds, weak=lambda w: w.conf < 60)
    assert [e.text for e in entries] == ["Engine A"]


def test_a_plus_between_two_words_joins_a_legend_name():
    name = [Word("Dropout", 96, 100, 10, 180, 30), Word("Masking", 96, 208, 10, 290, 32)]
    plus = Word("+", 96, 186, 14, 200, 28)
    assert _connectors(name + [plus], name, text_h=20.0) == [plus]
    # alone at a line's end (a '+' marker read as text) or unsure, it joins nothing
    alone = Word("+", 96, 300, 14, 314, 28)
    assert _connectors(name + [alone], name, text_h=20.0) == []
    assert _connectors(name + [Word("+", 40, 186, 14, 200, 28)], name, text_h=20.0) == []


def test_key_value_point_labels_are_no_legend_entries_but_a_key_value_name_is():
    from pipeline.params import DigitizeParams
    from pipeline.xychart.legend_text import legend_entries
    orange, pink = (230, 100, 20), (200, 110, 190)

    def blob(cx, cy, color):
        return Blob(float(cx), float(cy), 80, (cx - 5, cy - 5, cx + 6, cy + 6), color, "circle")
    # A legend in the top right: 'FP8' and 'TP=8' beside their swatches, one above the other.
    sw = [blob(617, 30, orange), blob(617, 51, pink)]
    entries = [Word("FP8", 93, 642, 25, 668, 36), Word("TP=8", 91, 641, 46, 679, 57)]
    # Point labels 'bs=…' right of their markers; one of them in the legend's first row.
    data = [blob(460, 31, orange), blob(300, 120, pink), blob(200, 200, pink), blob(150, 260, orange)]
    labels = [Word("bs=131072", 95, 470, 25, 540, 36), Word("bs=4096", 95, 310, 114, 360, 125),
              Word("bs=", 60, 210, 194, 230, 205), Word("bs=2048", 95, 160, 254, 210, 265)]
    legend = legend_entries(entries + labels, set(), sw + data, (60, 10, 700, 460), 11.0, DigitizeParams(),
                     data_blobs=data)
    assert sorted(e.text for e in legend) == ["FP8", "TP=8"]


def _column_legend(names):
    """A legend of entries one above another at the top right, each a circle swatch left of its
    name, and three data markers of each swatch's colour in the plot."""
    colours = [(230, 100, 20), (31, 119, 180), (44, 160, 44)]
    sw, words, data = [], [], []
    for i, (text, conf) in enumerate(names):
        cy = 30 + 21 * i
        sw.append(Blob(617.0, float(cy), 80, (612, cy - 5, 623, cy + 6), colours[i], "circle"))
        words.append(Word(text, conf, 642, cy - 5, 642 + 8 * len(text), cy + 6))
        data += [Blob(float(200 + 60 * k), float(300 + 30 * i), 80, (195 + 60 * k, 295 + 30 * i, 206 + 60 * k,
                                                                     306 + 30 * i), colours[i], "circle")
                 for k in range(3)]
    return sw, words, data


def test_a_doubtful_name_is_an_entry_where_its_swatch_lines_up_with_a_sure_one():
    from pipeline.params import DigitizeParams
    from pipeline.xychart.legend_text import legend_entries
    # tesseract doubts hyphenated words it does not know: 'vLLM-like' at 48
    sw, words, data = _column_legend([("baseline", 96), ("vLLM-like", 48)])
    legend = legend_entries(words, set(), sw + data, (60, 10, 700, 460), 11.0, DigitizeParams(), data_blobs=data)
    assert sorted((e.text, e.blob is sw[i]) for i, e in zip((0, 1), legend)) == [("baseline", True), ("vLLM-like", True)]
    # alone, a doubtful reading names nothing; nor does a reading below 30
    sw, words, data = _column_legend([("vLLM-like", 48)])
    assert legend_entries(words, set(), sw + data, (60, 10, 700, 460), 11.0, DigitizeParams(), data_blobs=data) == []
    sw, words, data = _column_legend([("baseline", 96), ("vVLLM-like", 25)])
    legend = legend_entries(words, set(), sw + data, (60, 10, 700, 460), 11.0, DigitizeParams(), data_blobs=data)
    assert [e.text for e in legend] == ["baseline"]


def test_a_line_swatch_read_as_two_weak_words_is_no_part_of_the_name():
    # '-■-' read as '-H@' (0) and 'He' (37): both over the square, before 'Ours'
    line = [Word("-H@", 0, 806, 960, 827, 978), Word("He", 37, 828, 960, 853, 978), Word("Ours", 94, 870, 959, 925, 977)]
    blob = Blob(831.0, 971.0, 200, (824, 964, 839, 978), (1, 115, 178), "square")
    data = [Blob(300.0 + 50 * i, 400.0, 200, (293 + 50 * i, 393, 308 + 50 * i, 408), (1, 115, 178), "square")
            for i in range(3)]
    weak = lambda w: w.conf < 40  # noqa: E731
    entries = find_legend([line], [blob] + data, 19.0, data, weak=weak)
    assert [(e.text, e.blob is blob) for e in entries] == [("Ours", True)]
    # a sure word over the blob is a name's letter: no entry
    line[1] = Word("He", 90, 828, 960, 853, 978)
    assert find_legend([line], [blob] + data, 19.0, data, weak=weak) == []


def test_a_swatch_read_as_a_doubtful_digit_makes_no_unit_of_the_name():
    from pipeline.params import DigitizeParams
    from pipeline.xychart.legend_text import legend_entries
    # '4' at 20 is the yellow swatch read by OCR; 'MI300X' beside it is a name, not '4 MI300X'
    sw, words, data = _column_legend([("chunked prefill", 93), ("MI300X", 90)])
    words += [Word("4", 20, 616, 45, 632, 58)]
    legend = legend_entries(words, set(), sw + data, (60, 10, 700, 460), 11.0, DigitizeParams(), data_blobs=data)
    assert sorted(e.text for e in legend) == ["MI300X", "chunked prefill"]
    # read surely a space before it, '4 MI300X' is a point label and its unit names nothing
    # (10 px after a sure '4' on the swatch it is a name: see the next test)
    words[-1] = Word("4", 95, 631, 45, 639, 58)
    legend = legend_entries(words, set(), sw + data, (60, 10, 700, 460), 11.0, DigitizeParams(), data_blobs=data)
    assert sorted(e.text for e in legend) == ["chunked prefill"]


def test_text_beside_marks_outside_the_plot_is_listed_first():
    ink, blob = _legend_row()
    low = np.zeros((60, 400), np.uint8)
    cv2.putText(low, "v0.9", (62, 46), cv2.FONT_HERSHEY_SIMPLEX, 0.5, 1, 1)
    ink = np.vstack([ink, low.astype(bool)])
    other = Blob(30.0, 100.0, 113, (24, 94, 37, 107), (31, 119, 180), "circle")    # beside 'v0.9'
    boxes = swatch_text_boxes(ink, [blob, other], 12.0)
    assert boxes[0][1] <= 30 <= boxes[0][3]                       # the wider line first
    boxes = swatch_text_boxes(ink, [blob, other], 12.0, first={id(other)})
    assert boxes[0][1] <= 100 <= boxes[0][3] and len(boxes) == 2


def test_a_doubtful_line_is_read_again_at_another_size(monkeypatch):
    from pipeline import layout
    from pipeline.xychart import legend_text
    reads = {30.0: [Word("vVLLM-like", 31, 448, 14, 516, 25)], 22.0: [Word("vLLM-like", 80, 448, 14, 516, 25)]}
    monkeypatch.setattr(layout, "read_line_box", lambda gray, box, isolated=False, height=30.0: reads.get(height, []))
    monkeypatch.setattr(legend_text, "swatch_text_boxes", lambda *a, **k: [(448, 14, 516, 25)])
    blob = Blob(422.0, 20.0, 150, (415, 14, 430, 27), (52, 138, 189), "diamond")
    data = [Blob(100.0 + 40 * i, 300.0, 150, (93 + 40 * i, 293, 108 + 40 * i, 308), (52, 138, 189), "diamond")
            for i in range(3)]
    ink = np.zeros((400, 600), bool)
    gray = np.full((400, 600), 255, np.uint8)
    out = legend_text.reread_legend_text([], set(), gray, ink, [blob] + data, data, 12.0)
    assert [v.text for v in out] == ["vLLM-like"]
    reads[22.0] = [Word("vLLM-lke", 20, 448, 14, 516, 25)]       # the first reading was surer
    out = legend_text.reread_legend_text([], set(), gray, ink, [blob] + data, data, 12.0)
    assert [v.text for v in out] == ["vVLLM-like"]


def test_an_entry_in_line_with_no_other_is_a_point_label():
    from pipeline.marks.legend import LegendEntry, stray_entries

    def entry(text, sx, sy, size=12):
        blob = Blob(float(sx), float(sy), size * size, (sx - size // 2, sy - size // 2, sx + size // 2, sy + size // 2),
                    (44, 160, 44), "diamond")
        return LegendEntry(text, [], blob, (sx + 15, sy - 6, sx + 15 + 8 * len(text), sy + 6))
    # two entries in a column at the top left (swatches of unlike size), and a label '4096' read
    # 'A096' right of a marker low in the plot
    legend = [entry("Engine A", 138, 78, 24), entry("v0.9", 138, 117, 16), entry("A096", 329, 637)]
    assert [e.text for e in stray_entries(legend)] == ["A096"]
    # a legend in a row keeps all its entries, and two entries make no legend to stray from
    row = [entry("a", 100, 20), entry("b", 300, 21), entry("c", 500, 20)]
    assert stray_entries(row) == []
    assert stray_entries(legend[1:]) == []


def test_a_reading_with_a_letter_more_than_the_glyphs_is_read_again(monkeypatch):
    from pipeline import layout
    from pipeline.xychart import legend_text
    # 'TRTI-LLM-like' (67) has eleven tall characters where the line has ten glyphs; read at
    # another size it is 'TRT-LLM-like', ten of them, and that reading wins though less sure
    ink = np.zeros((40, 200), bool)
    for k in range(10):
        ink[10:24, 10 + 15 * k:20 + 15 * k] = True
    reads = {30.0: [Word("TRTI-LLM-like", 67, 10, 10, 160, 24)], 22.0: [Word("TRT-LLM-like", 62, 10, 10, 160, 24)]}
    monkeypatch.setattr(layout, "read_line_box", lambda gray, box, isolated=False, height=30.0: reads.get(height, []))
    monkeypatch.setattr(legend_text, "swatch_text_boxes", lambda *a, **k: [(10, 10, 160, 24)])
    monkeypatch.setattr(legend_text, "_glyph_checked", lambda v, ink, text_h: v)
    gray = np.full((40, 200), 255, np.uint8)
    assert [v.text for v in legend_text.reread_legend_text([], set(), gray, ink, [], [], 14.0)] == ["TRT-LLM-like"]
    assert legend_text._fits_glyphs(reads[22.0], legend_text._line_glyphs(ink, (10, 10, 160, 24), 14.0))
    assert not legend_text._fits_glyphs(reads[30.0], legend_text._line_glyphs(ink, (10, 10, 160, 24), 14.0))


def test_a_column_of_centred_swatches_and_aligned_texts_is_one_legend_whatever_the_sizes():
    from pipeline.marks.legend import LegendEntry, aligned_with

    def entry(text, box, tx):
        b = Blob((box[0] + box[2]) / 2, (box[1] + box[3]) / 2, (box[2] - box[0]) ** 2, box, (252, 79, 48), "diamond")
        return LegendEntry(text, [], b, (tx, box[1], tx + 8 * len(text), box[3]))
    # 'MI300X' beside a triangle found only in part (5 px), 'TP=8' beside a 9 px diamond above it
    sure = entry("MI300X", (857, 37, 862, 42), 882)
    cand = entry("TP=8", (855, 14, 864, 23), 881)
    assert aligned_with([sure], [cand], 9.0) == [cand]
    # the same swatch further right, its text not aligned: not in that column
    off = entry("TP=8", (875, 14, 884, 23), 901)
    assert aligned_with([sure], [off], 9.0) == []


def test_a_doubtful_reading_starting_with_a_number_is_no_name():
    from pipeline.params import DigitizeParams
    from pipeline.xychart.legend_text import legend_entries
    sw, words, data = _column_legend([("baseline", 96), ("64-req", 45)])
    legend = legend_entries(words, set(), sw + data, (60, 10, 700, 460), 11.0, DigitizeParams(), data_blobs=data)
    assert [e.text for e in legend] == ["baseline"]


def test_a_point_label_read_again_stays_a_label(monkeypatch):
    from pipeline import layout
    from pipeline.xychart import legend_text
    reads = {30.0: [Word("64", 38, 678, 539, 700, 556), Word("req", 38, 705, 539, 733, 556)],
             22.0: [Word("64-req", 77, 678, 539, 733, 556)]}
    monkeypatch.setattr(layout, "read_line_box", lambda gray, box, isolated=False, height=30.0: reads.get(height, []))
    monkeypatch.setattr(legend_text, "swatch_text_boxes", lambda *a, **k: [(678, 539, 733, 556)])
    monkeypatch.setattr(legend_text, "_glyph_checked", lambda v, ink, text_h: v)
    ink = np.zeros((700, 800), bool)
    gray = np.full((700, 800), 255, np.uint8)
    got = [v.text for v in legend_text.reread_legend_text([], set(), gray, ink, [], [], 17.0)]
    # (either reading is the label '64 req': a hyphen read for its space is one too)
    assert got in (["64", "req"], ["64-req"])
    assert parse_point_label(" ".join(got)) == ("64 req", 64.0)


def test_a_line_swatch_is_no_letter_of_the_name_before_the_next_swatch():
    # '-◆- v0.9   -▲- This work': looking left of the triangle for its name, the diamond's
    # line swatch (one stroke narrower than three letters) must not join 'v0.9'
    ink = np.zeros((60, 400), np.uint8)
    for cx in (30, 120):
        cv2.circle(ink, (cx, 30), 6, 1, -1)
        cv2.line(ink, (cx - 16, 30), (cx + 16, 30), 1, 2)
    cv2.putText(ink, "v0.9", (56, 36), cv2.FONT_HERSHEY_SIMPLEX, 0.5, 1, 1)
    cv2.putText(ink, "This work", (146, 36), cv2.FONT_HERSHEY_SIMPLEX, 0.5, 1, 1)
    ink = ink.astype(bool)
    blobs = [Blob(float(cx), 30.0, 113, (cx - 6, 24, cx + 7, 37), (31, 119, 180), "circle") for cx in (30, 120)]
    name = np.nonzero(ink[:, 50:100].any(axis=0))[0] + 50
    boxes = swatch_text_boxes(ink, blobs, 12.0)
    assert (int(name.min()), int(name.max()) + 1) in [(b[0], b[2]) for b in boxes]
    assert all(b[0] >= 47 for b in boxes)


def test_entries_set_in_one_row_are_cut_at_each_swatch():
    # Vega's horizontal legend, read by OCR as one line: '■ This work ■ TP=8'
    line = [Word("Mi", 31, 171, 51, 196, 85), Word("This", 96, 199, 55, 251, 76),
            Word("work", 97, 261, 55, 322, 75), Word("TP=8", 87, 362, 56, 430, 78)]
    purple, pink = (117, 112, 179), (231, 41, 138)
    swatches = [Blob(183.0, 67.0, 396, (172, 56, 194, 78), purple, "square"),
                Blob(345.0, 67.0, 396, (334, 56, 356, 78), pink, "square")]
    data = [Blob(500.0 + 40 * i, 400.0 + 30 * k, 100, (495 + 40 * i, 395 + 30 * k, 505 + 40 * i, 405 + 30 * k), c,
                 "square") for i in range(3) for k, c in enumerate((purple, pink))]
    entries = find_legend([line], swatches + data, 20.0, data, weak=lambda w: w.conf < 50)
    assert sorted((e.text, e.blob.color) for e in entries) == [("TP=8", pink), ("This work", purple)]


def test_swatches_are_painted_out_with_their_rim_of_their_colour():
    from pipeline.xychart.legend_text import _painted_out
    rgb = np.full((40, 80, 3), 255, np.uint8)
    rgb[8:32, 8:34] = (231, 41, 138)            # the swatch, wider than its blob's box
    rgb[10:30, 35:37] = (30, 30, 30)            # the first letter of its name, close by
    gray = np.where(rgb.min(axis=2) < 250, 0, 255).astype(np.uint8)
    got = _painted_out(gray, rgb, [Blob(20.0, 20.0, 300, (10, 10, 30, 30), (231, 41, 138), "square")])
    assert (got[8:32, 8:34] == 255).all()       # the box and the swatch's rim
    assert (got[10:30, 35:37] == 0).all()       # the letter stays
    assert (gray[8:32, 8:34] == 0).all()
    assert _painted_out(gray, rgb, []) is gray


def test_a_swatch_read_as_a_word_inside_a_row_starts_the_next_entry():
    # '▲ spec. decode ▲ no chunking', the second triangle read as '4)'
    line = [Word("spec.", 90, 120, 10, 170, 26), Word("decode", 91, 176, 10, 240, 26),
            Word("4)", 40, 250, 9, 266, 27), Word("no", 93, 272, 10, 292, 26), Word("chunking", 92, 298, 10, 380, 30)]
    green, orange = (27, 158, 119), (217, 95, 2)
    swatches = [Blob(108.0, 18.0, 120, (100, 11, 116, 25), green, "triangle"),
                Blob(258.0, 18.0, 120, (251, 11, 266, 25), orange, "triangle")]
    data = [Blob(500.0 + 40 * i, 400.0 + 30 * k, 100, (495 + 40 * i, 395 + 30 * k, 505 + 40 * i, 405 + 30 * k), c,
                 "triangle") for i in range(3) for k, c in enumerate((green, orange))]
    entries = find_legend([line], swatches + data, 16.0, data, weak=lambda w: w.conf < 50)
    assert sorted((e.text, e.blob.color) for e in entries) == [("no chunking", orange), ("spec. decode", green)]


def test_a_line_doubtful_at_two_sizes_is_read_a_third_time_larger(monkeypatch):
    from pipeline import layout
    from pipeline.xychart import legend_text
    # blurred 8 px 'FP8': 'FPS' at 38 and 40 from 30 and 22 px letters, 'FP8' at 79 from 40 px
    reads = {30.0: [Word("FPS", 38, 97, 20, 117, 30)], 22.0: [Word("FPS", 40, 97, 20, 117, 30)],
             40.0: [Word("FP8", 79, 97, 20, 117, 30)]}
    asked = []

    def read(gray, box, isolated=False, height=30.0):
        asked.append(height)
        return reads.get(height, [])
    monkeypatch.setattr(layout, "read_line_box", read)
    monkeypatch.setattr(legend_text, "swatch_text_boxes", lambda *a, **k: [(97, 20, 117, 30)])
    monkeypatch.setattr(legend_text, "_glyph_checked", lambda v, ink, text_h: v)
    ink = np.zeros((60, 200), bool)
    for k in range(3):
        ink[20:30, 98 + 7 * k:103 + 7 * k] = True
    gray = np.full((60, 200), 255, np.uint8)
    assert [v.text for v in legend_text.reread_legend_text([], set(), gray, ink, [], [], 10.0)] == ["FP8"]
    assert asked == [30.0, 22.0, 40.0]
    # a reading made sure at 22 px is not read a third time
    asked.clear()
    reads[22.0] = [Word("FP8", 84, 97, 20, 117, 30)]
    assert [v.text for v in legend_text.reread_legend_text([], set(), gray, ink, [], [], 10.0)] == ["FP8"]
    assert asked == [30.0, 22.0]


def test_a_digit_found_as_a_blob_in_a_tick_label_is_no_swatch():
    from pipeline.xychart.legend_text import outside_ticks
    # '4e4' read '4' from its last digit alone (rejected from the fit, box kept): that digit,
    # found as a grey blob, is no swatch of the '4e' read before it; a swatch beside it stays
    digit = Blob(66.0, 96.5, 60, (62, 91, 70, 102), (169, 169, 169), "circle")
    swatch = Blob(466.0, 24.0, 300, (456, 14, 476, 34), (226, 74, 51), "diamond")
    assert outside_ticks([digit, swatch], [(56, 90, 71, 105), (39, 214, 71, 229)]) == [swatch]
    assert outside_ticks([digit, swatch], []) == [digit, swatch]


def test_a_sure_letter_at_the_end_of_a_name_is_no_swatch_where_one_stands_before_it():
    # 'Engine B' on a dark JPEG: the blue swatch left of it, and the 'B' (92, text-coloured)
    # found as a blob; both colours are some data blob's (grey label glyphs in the plot)
    line = [Word("Engine", 93, 300, 316, 341, 328), Word("B", 92, 345, 316, 353, 326)]
    swatch = Blob(289.5, 323.5, 40, (286, 320, 293, 327), (81, 173, 211), "circle")
    letter = Blob(349.0, 321.0, 40, (346, 316, 352, 326), (98, 101, 110), "circle")
    data = [Blob(100.0 + 30 * i, 100.0, 40, (97 + 30 * i, 97, 103 + 30 * i, 103), c, "circle")
            for i in range(3) for c in ((83, 191, 237), (98, 101, 110))]
    entries = find_legend([line], [letter, swatch] + data, 11.0, data, weak=lambda w: w.conf < 60)
    assert [(e.text, e.blob is swatch) for e in entries] == [("Engine B", True)]
    # the same letter read doubtfully (a swatch read as a letter, 'TP=8 -a-'), no other swatch
    line[1] = Word("a", 30, 345, 316, 353, 326)
    entries = find_legend([line], [letter] + data, 11.0, data, weak=lambda w: w.conf < 60)
    assert [(e.text, e.blob is letter) for e in entries] == [("Engine", True)]


def test_a_name_a_swatch_gap_after_a_swatch_read_as_a_digit_is_no_unit():
    from pipeline.params import DigitizeParams
    from pipeline.xychart.legend_text import legend_entries
    # the orange triangle read '4' (92); 'TRT-LLM-like' 15 px after it is the name, not the
    # unit of a label '4 TRT-LLM-like'
    sw, words, data = _column_legend([("TRT-LLM-like", 92)])
    words = [Word("4", 92, 605, 22, 623, 42)] + [Word(v.text, v.conf, 638, v.y0, v.x1, v.y1) for v in words]
    legend = legend_entries(words, set(), sw + data, (60, 10, 700, 460), 13.0, DigitizeParams(), data_blobs=data)
    assert [e.text for e in legend] == ["TRT-LLM-like"]
    # a label's unit a space after its number stays one: 'req' of '64 req' is no name
    words = [Word("64", 92, 605, 25, 623, 36), Word("req", 90, 627, 25, 650, 36),
             Word("req", 90, 642, 45, 665, 56)]
    legend = legend_entries(words, set(), sw + data, (60, 10, 700, 460), 13.0, DigitizeParams(), data_blobs=data)
    assert legend == []


def test_a_label_whose_number_was_read_as_a_letter_is_no_name():
    from pipeline.params import DigitizeParams
    from pipeline.xychart.legend_text import legend_entries
    # '2 req' read 't req' beside its marker (which passes for a swatch): 'req' is the unit of
    # the labels '64 req' elsewhere, so 't req' is a label too, as 'Engine req' would not be
    sw, words, data = _column_legend([("x", 92)])
    label = [Word("64", 92, 300, 200, 318, 211), Word("req", 90, 322, 200, 345, 211)]
    misread = [Word("t", 60, 642, 25, 649, 36), Word("req", 90, 653, 25, 676, 36)]
    legend = legend_entries(label + misread, set(), sw + data, (60, 10, 700, 460), 13.0, DigitizeParams(), data_blobs=data)
    assert legend == []
    named = [Word("Engine", 90, 642, 25, 690, 36), Word("req", 90, 694, 25, 717, 36)]
    legend = legend_entries(label + named, set(), sw + data, (60, 10, 700, 460), 13.0, DigitizeParams(), data_blobs=data)
    assert [e.text for e in legend] == ["Engine req"]


def test_a_lone_key_value_name_is_an_entry_where_the_labels_share_another_key():
    from pipeline.params import DigitizeParams
    from pipeline.xychart.legend_text import legend_entries
    # 'TP=8' beside its swatch, the point labels 'n=64', 'n=32', 'n=16' by the markers
    sw, words, data = _column_legend([("TP=8", 87)])
    labels = [Word(f"n={n}", 90, 210 + 60 * k, 280, 250 + 60 * k, 291) for k, n in enumerate((64, 32, 16))]
    legend = legend_entries(words + labels, set(), sw + data, (60, 10, 700, 460), 11.0, DigitizeParams(), data_blobs=data)
    assert [e.text for e in legend] == ["TP=8"]
    # so it is where the labels are bare numbers ('4,096', '8,192', ...); with no labels it is not
    numbers = [Word(f"{n:,}", 90, v.x0, v.y0, v.x1, v.y1) for v, n in zip(labels, (4096, 8192, 16384))]
    legend = legend_entries(words + numbers, set(), sw + data, (60, 10, 700, 460), 11.0, DigitizeParams(), data_blobs=data)
    assert [e.text for e in legend] == ["TP=8"]
    assert legend_entries(words, set(), sw + data, (60, 10, 700, 460), 11.0, DigitizeParams(), data_blobs=data) == []
    # where the labels read 'TP=4', 'TP=2', ... a lone 'TP=8' is one of them; and a misread
    # key of the labels' own ('bs=' read 'hs=') keeps a letter of it: no entry either
    for key in ("TP", "bs"):
        named = [Word(f"{key}={n}", 90, v.x0, v.y0, v.x1, v.y1) for v, n in zip(labels, (4, 2, 1))]
        one = [Word("hs=8" if key == "bs" else "TP=8", 87, v.x0, v.y0, v.x1, v.y1) for v in words]
        assert legend_entries(one + named, set(), sw + data, (60, 10, 700, 460), 11.0, DigitizeParams(),
                       data_blobs=data) == []


def test_a_name_split_after_its_hyphen_is_joined_without_a_space():
    from pipeline.marks.legend import joined_text
    assert joined_text([Word("SGLang-", 91, 139, 76, 199, 91), Word("like", 94, 203, 75, 238, 87)]) == "SGLang-like"
    # a hyphen standing alone between words is no part of either
    assert joined_text([Word("prefill", 91, 0, 0, 40, 10), Word("-", 90, 45, 0, 50, 10),
                        Word("decode", 91, 55, 0, 95, 10)]) == "prefill - decode"


def test_a_swatch_glued_to_its_name_in_one_word_is_cut_off_it():
    # Vega's row '▲ v0.10 ● MI300X ■ TP=4, DP=2' with 4 px between swatch and name: OCR reads
    # each swatch as the first letter(s) of its name's first word ('@MI300X', 'HITP=4,')
    from pipeline.marks.legend import glued_chars, split_at_blobs, unglued
    line = [Word("@MI300X", 87, 241, 99, 371, 124), Word("HITP=4,", 30, 383, 99, 488, 124),
            Word("DP=2", 93, 499, 99, 569, 121)]
    green, blue = (112, 173, 71), (68, 114, 196)
    swatches = [Blob(253.0, 111.0, 500, (241, 99, 266, 124), green, "circle"),
                Blob(395.0, 111.0, 600, (382, 99, 408, 124), blue, "square")]
    data = [Blob(500.0 + 40 * i, 400.0 + 30 * k, 500, (490 + 40 * i, 390 + 30 * k, 510 + 40 * i, 410 + 30 * k), c,
                 "square") for i in range(3) for k, c in enumerate((green, blue))]
    assert glued_chars(line[0], swatches[0], 17.0) == 1
    assert glued_chars(line[1], swatches[1], 17.0) == 2
    # a blob inside a word, not at its start, is a glyph of it; a word no wider than the blob is the blob
    assert glued_chars(Word("Engine", 90, 200, 99, 300, 124), swatches[0], 17.0) == 0
    assert glued_chars(Word("@", 40, 241, 99, 266, 124), swatches[0], 17.0) == 0
    # a word far wider than its letters could be is no reading of them (a line read 'es')
    assert glued_chars(Word("es", 18, 241, 99, 550, 124), swatches[0], 17.0) == 0
    # ... counted past the swatch: '◆ FP8' read 'FPs', 53 px for 11 px text (seed-58 syn064)
    diamond = Blob(846.5, 19.5, 150, (838, 11, 855, 28), (129, 177, 210), "diamond")
    assert glued_chars(Word("FPs", 47, 838, 12, 891, 28), diamond, 11.0) == 1
    # a word starting on a line swatch's stub left of the marker ('7 no' for '-▲- no chunking')
    tri = Blob(147.5, 86.0, 120, (140, 79, 156, 94), (217, 72, 1), "triangle-up")
    stub = Word("7 no", 8, 132, 68, 198, 93)
    assert glued_chars(stub, tri, 14.0) == 1 and unglued(stub, tri, 1).text == "no"
    assert glued_chars(Word("7 no", 8, 122, 68, 198, 93), tri, 14.0) == 0      # beyond a stub
    # ... but not a word that is the swatch with its stub either side ('“he' for '-▲-')
    tri = Blob(824.0, 1041.0, 120, (818, 1032, 830, 1050), (252, 79, 48), "triangle-up")
    assert glued_chars(Word("“he", 16, 805, 1034, 851, 1053), tri, 17.0) == 0
    assert [[w.text for w in ln] for ln in split_at_blobs([line], swatches, 17.0)] == \
        [["@MI300X"], ["HITP=4,", "DP=2"]]
    entries = find_legend([line], swatches + data, 17.0, data, weak=lambda w: w.conf < 50)
    assert sorted((e.text, e.blob.color) for e in entries) == [("MI300X", green), ("TP=4, DP=2", blue)]


def test_a_blurred_swatch_touching_the_first_letter_leaves_the_name_whole():
    # blurred JPEG: the orange swatch's box (to x 1302) reaches 3 px into 'TP=4,' (from 1299),
    # read doubtfully (23): still the name's first word, not the swatch read as a word
    line = [Word("TP=4,", 23, 1299, 72, 1378, 92), Word("DP=2", 90, 1388, 71, 1452, 91)]
    blue, orange = (83, 122, 161), (239, 135, 35)
    swatch = Blob(1292.0, 82.0, 300, (1283, 73, 1302, 92), orange, "circle")
    data = [Blob(500.0 + 40 * i, 400.0 + 30 * k, 300, (490 + 40 * i, 390 + 30 * k, 510 + 40 * i, 410 + 30 * k), c,
                 "circle") for i in range(3) for k, c in enumerate((blue, orange))]
    entries = find_legend([line], [swatch] + data, 21.0, data, weak=lambda w: w.conf < 50)
    assert [(e.text, e.blob is swatch) for e in entries] == [("TP=4, DP=2", True)]
    # a marker touching its point label read with a quote for its rim ('‘bs=2048'): the label
    # is judged without it, and is no name
    label = [Word("‘bs=2048", 70, 1299, 72, 1378, 92)]
    judged = []
    assert find_legend([label], [swatch] + data, 21.0, data, weak=lambda w: w.conf < 50,
                       accept=lambda ws: judged.append(ws[0].text) and False) == []
    assert judged == ["bs=2048"]


def test_a_sure_letter_over_a_swatch_with_a_name_after_it_starts_an_entry():
    # '▲ no chunking ▲ Engine B': the orange swatch read again, surely, as 'a'
    from pipeline.marks.legend import split_at_blobs
    line = [Word("no", 92, 235, 125, 273, 148), Word("chunking", 97, 284, 125, 416, 148),
            Word("a", 90, 431, 128, 451, 147), Word("Engine", 92, 460, 125, 559, 150),
            Word("B", 93, 570, 126, 588, 147)]
    orange = Blob(440.0, 138.0, 300, (430, 128, 451, 147), (217, 95, 2), "triangle-up")
    assert [[w.text for w in ln] for ln in split_at_blobs([line], [orange], 22.0)] == \
        [["no", "chunking"], ["a", "Engine", "B"]]
    # a sure letter ending the row is the name's, blob or not
    letter = Blob(579.0, 137.0, 200, (571, 127, 587, 147), (217, 95, 2), "circle")
    assert len(split_at_blobs([line[3:]], [letter], 22.0)) == 1


def test_the_coloured_ink_of_a_word_outside_the_plot_is_kept_as_a_mark():
    # '● v0.10' read as one word '@v0.10': its box is masked as text, the swatch with it
    from pipeline.xychart.legend_text import outside_marks
    rgb = np.full((30, 90, 3), 30, np.uint8)
    rgb[8:22, 5:19] = (186, 104, 200)           # the swatch, in a series colour
    rgb[8:22, 25:80] = (201, 206, 216)          # the grey name
    marks = rgb.max(axis=2) > 100
    text = np.zeros_like(marks)
    text[6:24, 3:82] = True
    got = outside_marks(rgb, marks, text)
    assert got[8:22, 5:19].all() and not got[:, 20:].any()


def test_a_grey_blob_at_a_words_start_is_its_first_letter_not_a_glued_swatch():
    # a blurred bold title 'Decode frontier, OSL', its 'f' found as a blob (grey, like the
    # title's other glyphs found as blobs): no cut, no entry 'rontier, OSL'
    from pipeline.marks.legend import chromatic, split_at_blobs
    line = [Word("Decode", 97, 22, 22, 90, 36), Word("frontier,", 93, 94, 22, 168, 37),
            Word("OSL", 96, 175, 22, 209, 36)]
    f = Blob(99.0, 26.0, 50, (95, 22, 103, 31), (44, 49, 46), "square")
    glyphs = [Blob(150.0 + 30 * i, 300.0, 50, (146 + 30 * i, 295, 154 + 30 * i, 305), (60, 64, 63), "square")
              for i in range(3)]
    assert not chromatic(f.color) and chromatic((68, 114, 196))
    assert len(split_at_blobs([line], [f], 14.0)) == 1
    assert find_legend([line], [f] + glyphs, 14.0, [f] + glyphs, weak=lambda w: w.conf < 50) == []


def test_a_small_l_in_a_word_of_capitals_is_a_capital_i():
    assert capital_i("TGl v3") == "TGI v3" and capital_i("MlG-8") == "MIG-8"
    # one capital, or small letters beside it: left as read
    for text in ("vLLM", "llama", "Al00", "Ours l", "Tél", "BFl6"):
        assert capital_i(text) == text
    # a '!' ending a word of capitals is its I (outside set 11 h19: 'TG!'); not after a word
    assert capital_i("TG!") == "TGI" and capital_i("H100 TG!") == "H100 TGI"
    assert capital_i("Wow!") == "Wow!" and capital_i("A!") == "A!"
    # a small i between capitals and a digit is a one (bar seed-40 bar021: 'BFi6')
    assert capital_i("BFi6") == "BF16" and capital_i("Hi00") == "Hi00" and capital_i("Mi300X") == "Mi300X"
    # ... and ending a word of capitals, an I (bar seed-40 bar011: 'TGi'); not after one capital
    assert capital_i("TGi") == "TGI" and capital_i("TGi v3") == "TGI v3" and capital_i("Hi") == "Hi"


def test_a_marker_joined_by_its_line_to_another_is_no_swatch():
    from pipeline.xychart.legend_text import joined_to_data
    rgb = np.full((200, 300, 3), 255, np.uint8)
    brown = (140, 86, 75)
    cv2.line(rgb, (40, 150), (120, 100), brown, 2)
    for c in ((40, 150), (120, 100)):
        cv2.circle(rgb, c, 6, brown, -1)
    cv2.line(rgb, (200, 40), (230, 40), brown, 2)       # a legend's swatch: a stub and a marker
    cv2.circle(rgb, (215, 40), 6, brown, -1)

    def blob(cx, cy):
        return Blob(cx, cy, 110, (cx - 6, cy - 6, cx + 7, cy + 7), brown, "circle")
    a, b, swatch = blob(40, 150), blob(120, 100), blob(215, 40)
    box = (0, 0, 300, 200)
    assert joined_to_data(b, [a, b, swatch], rgb, box, 22.0, 20.0)
    assert not joined_to_data(swatch, [a, b, swatch], rgb, box, 22.0, 10.0)
    assert not joined_to_data(b, [b, blob(121, 100)], rgb, box, 22.0, 30.0)    # itself, found twice
    assert joined_to_data(b, [b, blob(121, 100)], rgb, box, 22.0, 10.0)        # ... on a long line
    assert not joined_to_data(b, [a, b], rgb, (0, 0, 100, 200), 22.0, 20.0)    # outside the plot
    # a legend's swatches one above the other, touching: a marker of another colour whose box
    # takes in the pale one's edge joins nothing
    keys = np.full((120, 120, 3), 255, np.uint8)
    dark, pale = (8, 81, 156), (107, 174, 214)
    cv2.circle(keys, (40, 30), 9, dark, -1)
    cv2.circle(keys, (40, 52), 9, pale, -1)
    top = Blob(40, 30, 250, (30, 15, 51, 47), dark, "circle")     # its box blurred wide
    mid = Blob(40, 52, 250, (31, 43, 50, 62), pale, "circle")
    assert not joined_to_data(mid, [top, mid], keys, (0, 0, 120, 120), 22.0, 8.0)


def test_a_marker_joined_by_a_thin_line_blurred_into_a_dark_page_is_no_swatch():
    # Seed-52 syn037 (dark, blurred JPEG): two markers at the line's end, run together, were
    # taken for a legend's swatch; the 1.5 px line joining them to the rest was half the page's
    # grey, no longer the markers' colour.
    from pipeline.xychart.legend_text import joined_to_data
    page, blue, line = (30, 30, 30), (73, 197, 255), (52, 114, 143)
    rgb = np.full((200, 300, 3), page, np.uint8)
    cv2.line(rgb, (40, 150), (200, 60), line, 2)
    for c in ((40, 150), (200, 60)):
        cv2.circle(rgb, c, 7, blue, -1)
    a = Blob(40, 150, 150, (33, 143, 48, 158), blue, "circle")
    b = Blob(200, 60, 150, (193, 53, 208, 68), blue, "circle")
    box = (0, 0, 300, 200)
    assert not joined_to_data(b, [a, b], rgb, box, 22.0, 10.0)            # by colour alone
    assert joined_to_data(b, [a, b], rgb, box, 22.0, 10.0, page)
    # a swatch beside its name on the same page joins nothing
    key = np.full((200, 300, 3), page, np.uint8)
    cv2.circle(key, (200, 60), 7, blue, -1)
    cv2.circle(key, (40, 150), 7, blue, -1)
    assert not joined_to_data(b, [a, b], key, box, 22.0, 10.0, page)
    # nor does a grey swatch through the dark text beside it, all of which lies past its colour
    # on the way from a white page (set-23 h11)
    grey = (192, 192, 192)
    text = np.full((200, 300, 3), 255, np.uint8)
    cv2.circle(text, (200, 60), 6, grey, -1)
    text[55:66, 206:260] = 20
    cv2.circle(text, (265, 60), 5, grey, -1)
    g1 = Blob(200, 60, 110, (194, 54, 207, 67), grey, "circle")
    g2 = Blob(265, 60, 80, (260, 55, 271, 66), grey, "circle")
    assert not joined_to_data(g1, [g1, g2], text, box, 22.0, 10.0, (255, 255, 255))
    # nor a greyish blue swatch through the grey gridline it sits on (set-25 h06)
    slate = (95, 121, 152)
    grid = np.full((200, 300, 3), 255, np.uint8)
    grid[:, 200] = 160
    cv2.circle(grid, (200, 60), 5, slate, -1)
    s1 = Blob(200, 60, 80, (195, 55, 206, 66), slate, "circle")
    assert not joined_to_data(s1, [s1], grid, box, 22.0, 10.0, (255, 255, 255))


def test_a_long_level_sample_line_centred_on_its_marker_is_a_swatch():
    # gnuplot's key: the name, then a sample line four characters long with the marker in its
    # middle (93 px beside 22 px text, over four text heights): a swatch, not a data line.
    from pipeline.xychart.legend_text import joined_to_data
    rgb = np.full((200, 400, 3), 255, np.uint8)
    black = (34, 34, 34)
    cv2.line(rgb, (160, 40), (250, 40), black, 2)
    cv2.circle(rgb, (205, 40), 6, black, -1)
    key = Blob(205.0, 40.0, 110, (199, 34, 212, 47), black, "circle")
    assert not joined_to_data(key, [key], rgb, (0, 0, 400, 200), 22.0, 22.0)
    # the same marker at a line's end, or on a line running on far to one side, is a point
    cv2.line(rgb, (205, 40), (395, 40), black, 2)
    assert joined_to_data(key, [key], rgb, (0, 0, 400, 200), 22.0, 22.0)
    slope = np.full((200, 400, 3), 255, np.uint8)
    cv2.line(slope, (5, 0), (405, 80), black, 2)
    cv2.circle(slope, (205, 40), 6, black, -1)
    assert joined_to_data(key, [key], slope, (0, 0, 400, 200), 22.0, 22.0)


def test_a_model_name_with_a_version_and_a_size_is_a_legend_entry():
    from pipeline.params import DigitizeParams
    from pipeline.xychart.legend_text import legend_entries
    # set-9 h03 (plotly): 'Llama 3 8B' and 'Llama 3 70B', read word by word: '8B' beside the
    # bare '3' was taken for a unit ('64 req'), and both names for point labels.
    sw, _, data = _column_legend([("x", 90), ("y", 90)])
    words = []
    for i, size in enumerate(("8B", "70B")):
        cy = 30 + 21 * i
        words += [Word("Llama", 96, 642, cy - 5, 680, cy + 6), Word("3", 96, 686, cy - 5, 692, cy + 6),
                  Word(size, 96, 698, cy - 5, 698 + 9 * len(size), cy + 6)]
    legend = legend_entries(words, set(), sw + data, (60, 10, 760, 460), 11.0, DigitizeParams(), data_blobs=data)
    assert sorted(e.text for e in legend) == ["Llama 3 70B", "Llama 3 8B"]


def test_a_row_of_entries_whose_texts_are_level_is_one_legend_though_a_swatch_was_cut():
    from pipeline.marks.legend import LegendEntry, aligned_with

    def entry(text, box, tbox):
        b = Blob((box[0] + box[2]) / 2, (box[1] + box[3]) / 2, (box[2] - box[0]) ** 2, box, (237, 125, 49), "square")
        return LegendEntry(text, [], b, tbox)
    # seed-58 syn013: 'B200' beside a square swatch found without its top rows (centre 3.5 px
    # low), 'TP=8' beside its whole swatch on the same row, their texts level
    sure = entry("B200", (48, 108, 63, 121), (79, 101, 136, 119))
    cand = entry("TP=8", (173, 101, 193, 121), (208, 101, 269, 119))
    assert aligned_with([sure], [cand], 18.0) == [cand]
    # the same swatch with its text a line lower is no entry of that row
    low = entry("TP=8", (173, 101, 193, 121), (208, 121, 269, 139))
    assert aligned_with([sure], [low], 18.0) == []


B_10PX_STEM_CUT = _mask(["######.", "##...##", "##...##", "##..##.", "######.", "##...##", "##...##",
                         ".#...##", "###.###", "#####.."])     # serif 'B', one stem pixel lost (bar seed-58 bar009)


def test_a_b_whose_middle_bar_starts_at_its_stem_stays_a_b():
    fat_eight = _mask([".#####.", "###.###", "##...##", "###.###", ".#####.", "###.###", "##...##",
                       "##...##", "##..###", ".#####."])
    assert glyphs.left_stem(B_10PX_STEM_CUT) < 0.85          # too short a straight side alone
    assert not glyphs.pinched_waist(B_10PX_STEM_CUT) and glyphs.glyph_char("B", B_10PX_STEM_CUT) == "B"
    assert glyphs.pinched_waist(fat_eight) and glyphs.pinched_waist(EIGHT_9PX)
    assert glyphs.glyph_char("B", fat_eight) == "8" and glyphs.glyph_char("B", EIGHT_9PX) == "8"
    # holes side by side, or one: no telling, as before
    assert glyphs.pinched_waist(_mask(["#####", "#.#.#", "#####"])) and glyphs.pinched_waist(_mask(["###", "#.#", "###"]))


def test_under_10px_a_names_b_and_8_keep_the_ocr_reading():
    # seed-58 syn080 (JPEG, downscaled): 'BF16' read surely, its 9 px 'B' pinched by JPEG
    b_jpeg = _mask(["######.", "##...#.", "##...##", ".#####.", "##...##", ".#...##", ".#...##", ".#####."])
    others = [np.ones((8, 3), bool)] * 3
    assert glyphs.checked_text("BF16", [b_jpeg] + others) == "8F16"
    assert glyphs.checked_name("BF16", [b_jpeg] + others, 9) == "BF16"
    assert glyphs.checked_name("BF16", [b_jpeg] + others, 12) == "8F16"
    # an '8' whose glyph has a B's straight stem and square corner is a B at any size
    b_sans = _mask(["#####.", "##..#.", "##.##.", "#####.", "##..#.", "##..##", "#####.", "#####."])
    assert glyphs.checked_name("Engine 8", [np.ones((8, 3), bool)] * 6 + [b_sans], 9) == "Engine B"
    # other letters are checked all the same ('FPS' of a 9 px 'FP8')
    assert glyphs.checked_name("FPS", [np.ones((8, 3), bool)] * 2 + [EIGHT_9PX], 9) == "FP8"


def test_a_comma_before_one_or_two_digits_in_a_name_is_a_decimal_point():
    assert numbers_in_name("Qwen2,5 72B") == "Qwen2.5 72B"
    assert numbers_in_name("Llama 3,1 8B") == "Llama 3.1 8B"
    assert numbers_in_name("v0,12") == "v0.12"
    # A thousands comma (three digits after it) and a comma between words stay.
    assert numbers_in_name("batch 4,096") == "batch 4,096"
    assert numbers_in_name("1,234,567 req") == "1,234,567 req"
    assert numbers_in_name("TP=2, EP=8") == "TP=2, EP=8"
    # an '@' where a digit stands is a zero
    assert numbers_in_name("v@.10") == "v0.10" and numbers_in_name("H1@0") == "H100"
    assert numbers_in_name("team@work") == "team@work"


def test_a_line_swatch_read_as_letters_centred_on_its_marker_is_the_swatch():
    # Seed-55 syn106 (dark): -▲- read 'he' at 69, its box the stroke's, under half of it the
    # marker's; the name after it went unread as a legend entry.
    from pipeline.marks.legend import _swatch_word
    tri = Blob(738.0, 56.0, 120, (731, 51, 746, 66), (129, 177, 210), "triangle-up")
    line = [Word("he", 69, 724, 49, 753, 63), Word("This", 97, 761, 51, 789, 62), Word("work", 96, 795, 51, 830, 62)]
    assert _swatch_word(line, 0, tri, lambda w: False)
    # A name's first word that merely holds a marker off its centre is no swatch.
    off = [Word("he", 69, 735, 49, 764, 63)] + line[1:]
    assert not _swatch_word(off, 0, tri, lambda w: False)


def test_a_coloured_blob_starting_an_unsure_word_is_a_swatch_not_its_glyph():
    # outside set-B out036: '■ vLLM' read 'mum' at 36, the red square inside the word's box;
    # taken for one of its glyphs, the square was no swatch and 'vLLM' never read again
    from pipeline.xychart.legend_text import _glyph_of
    square = Blob(550.0, 724.0, 100, (545, 719, 556, 730), (185, 84, 81), "square")
    assert not _glyph_of(square, Word("mum", 36, 545, 719, 598, 730), 10.0)
    # read surely, or grey (a glyph of the text), it is the word's
    assert _glyph_of(square, Word("mum", 90, 545, 719, 598, 730), 10.0)
    grey = Blob(550.0, 724.0, 100, (545, 719, 556, 730), (90, 90, 90), "square")
    assert _glyph_of(grey, Word("mum", 36, 545, 719, 598, 730), 10.0)
