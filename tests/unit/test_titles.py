"""The y-axis title, written bottom to top left of the tick labels, is read upright."""
import cv2
import numpy as np

from pipeline.ocr import Word
from pipeline.titles import y_title


def test_rotated_y_title_is_read():
    text = np.full((40, 420), 255, np.uint8)
    cv2.putText(text, "Throughput (tok/s)", (5, 30), cv2.FONT_HERSHEY_SIMPLEX, 0.9, 0, 2, cv2.LINE_AA)
    page = np.full((500, 300), 255, np.uint8)
    page[40:460, 10:50] = cv2.rotate(text, cv2.ROTATE_90_COUNTERCLOCKWISE)      # bottom to top
    ticks = [Word(str(v), 95.0, 70, y, 100, y + 16) for v, y in ((0, 420), (50, 240), (100, 60))]
    for t in ticks:
        cv2.putText(page, t.text, (t.x0, t.y1), cv2.FONT_HERSHEY_SIMPLEX, 0.5, 0, 1)
    got = y_title(page, page < 160, ticks, 16.0)
    assert got.replace(" ", "").lower() == "throughput(tok/s)"


def test_no_title_when_nothing_is_left_of_the_ticks():
    page = np.full((300, 200), 255, np.uint8)
    ticks = [Word("10", 95.0, 60, 40, 80, 56), Word("0", 95.0, 60, 240, 80, 256)]
    assert y_title(page, page < 160, ticks, 16.0) == ""


def test_a_light_border_round_a_dark_chart_is_no_title_and_hides_none():
    # Bar seed-33 bar054: the border's columns, ink in every row, ran into the title's column
    # two pixels on and made one run too wide for a title.
    from pipeline.titles import y_title_column
    ink = np.zeros((500, 300), bool)
    ink[:, :32] = True                            # the border
    ink[150:330, 34:47] = True                    # the rotated title's letters
    ticks = [Word(str(v), 95.0, 70, y, 100, y + 12) for v, y in ((0, 420), (50, 240), (100, 60))]
    assert y_title_column(ink, ticks, 12.0) == (34, 46, 150, 329)


def test_a_tick_label_read_with_the_titles_glyphs_does_not_hide_the_title():
    from pipeline.titles import y_title_column
    # Bar seed-44 bar030: '3k' was read from x 5, taking in the rotated title's glyphs beside
    # it; the tick labels' left edge then lay left of the title, and no title was found.
    ink = np.zeros((760, 1200), bool)
    ink[350:436, 5:16] = True                            # the rotated title's column
    ink[400:420, 6:9] = False
    ticks = [Word(t, 90, 24, y, 38, y + 12) for t, y in (("5k", 136), ("4k", 253), ("2k", 488), ("1k", 605))]
    ticks.append(Word("3k", 60, 5, 367, 38, 379))
    col = y_title_column(ink, ticks, 12.0)
    assert col is not None and col[0] == 5 and col[1] == 15


def test_labels_left_of_horizontal_bars_are_no_title():
    from pipeline.titles import y_title_column
    # Bar seed-50 bar038: 'Llama' and 'summarize', wider than the typical label, start left of
    # the others' edge; their glyphs, a bar's pitch apart, passed for a title's column and
    # 'Llama' was cut to '1a'.
    ink = np.zeros((900, 200), bool)
    words = []
    for y, parts in ((67, ((31, 86), (95, 123), (131, 154))), (207, ((120, 154),)), (348, ((73, 124), (132, 154))),
                     (488, ((49, 154),)), (628, ((85, 136), (145, 154))), (768, ((117, 153),))):
        for x0, x1 in parts:
            ink[y:y + 15, x0:x1] = True
            words.append(Word("ab", 96.0, x0, y, x1, y + 15))
    assert y_title_column(ink, words, 15.0) is None
    ink[300:420, 3:18] = True                     # a rotated title further left is still found
    assert y_title_column(ink, words, 15.0)[:2] == (3, 17)
