"""Lines of text in the tick-label margins: a dotted gridline does not chain the labels it passes,
a y title's upright letters stay out of the labels' lines, and a label that reads as no number
when read as a line is read again as one word."""
import base64
import zlib

import numpy as np

from pipeline import layout, textlines

TEXT_H = 9.0


def _glyph(ink, x, y, w=6, h=9):
    """A hollow box the size of a digit: drawn with strokes, as a character is."""
    ink[y:y + h, x:x + w] = True
    ink[y + 1:y + h - 1, x + 1:x + w - 1] = False


def _label(ink, x, y, n=3):
    for k in range(n):
        _glyph(ink, x + 8 * k, y)
    return (x, y, x + 8 * (n - 1) + 6, y + 9)


def test_a_dotted_gridline_does_not_chain_tick_labels_into_one_line():
    ink = np.zeros((200, 200), bool)
    boxes = [_label(ink, 10, y) for y in (20, 92, 160)]
    for y in (24, 96, 164):                   # a dotted gridline from each label's end...
        for x in range(36, 190, 4):
            ink[y:y + 2, x:x + 2] = True
    for y in range(24, 166, 4):               # ...and a vertical one crossing them, dot on dot
        ink[y:y + 2, 120:122] = True
    found = textlines.text_line_boxes(ink, TEXT_H, (0, 0, 200, 200), joined=True)
    assert sorted(found) == sorted(boxes)


def test_upright_title_letters_stay_out_of_a_tick_label_line():
    ink = np.zeros((120, 80), bool)
    for y in range(10, 110, 10):              # a rotated title: letters stacked a pixel apart
        _glyph(ink, 4, y, w=9, h=9)
    label = _label(ink, 18, 51)               # four pixels right of the title's letters
    found = textlines.text_line_boxes(ink, TEXT_H, (0, 0, 80, 120), joined=True, columns=True)
    assert label in found
    merged = textlines.text_line_boxes(ink, TEXT_H, (0, 0, 80, 120), joined=True)
    assert label not in merged                # without the rule, a title letter joins the label


def _crop(data: str, shape) -> np.ndarray:
    return np.frombuffer(zlib.decompress(base64.b64decode(data)), np.uint8).reshape(shape)


# Tick labels cut from generated charts (dark-on-white text rendering): a serif '30000' blurred
# and downscaled (cap height 9 px), and a monospaced '0.5M' downscaled and JPEG'd with the tick
# mark touching its 'M'. Each lies at (6, 6) inside its crop.
_SERIF_30000 = (
    "eNq9ktFn63AcxR/vH3H/hvuwx/s4MzUxM1FRVRFRVVFVERExFRV1VdXMzFRUVExEVUVF1VTEzFxVM1URU1NVEVURFfETvUnd2R7vy93v5Th+"
    "n4fjfM9u968vXCtIXt99CR+GIAz3upd3DT/pJz4E3tpeeyBWx/UB8F1nb7eR3QIQuI7jBh98sBoP1cHY9pbjgfYwd13L0IYTe+s8DzXD3LhvD5r2"
    "tPTfebB5uq2wZM0wtRrLcPL0uV1m2IZuGZcsW25NZp0Kw1S1pa0gufuYX+s3DS6TETQeY8s4KbcLOY7Ba706RlVyebFD42UG5X8v5POUHMf3LL1X"
    "R5KXApZuSgTMsWekco1gfBZuKCTE8EheamZw1ZIODwr7/JtXjYVS141zrDukEkT2mNPl1En+FBZH3BFWhKhhD0+2p+LBtx8xD7yFUUdgnj/D1BF9"
    "nMOOOENJJXAo2dYrhyhxQo36OCy+iD+/n8Z5touXSbeYKPEIetcrntIliOm3EIROwTcqmyiwZ4XeHZpSZncQdL2v05C6UjFBN0m0Ws9mb69Q4qqS"
    "ZloX6fIlkW4IObxezZD6XIHxQcwvtV88RxCiITEkVboyRg2SptjOuHtB0aXa/eNNiSKptrX623/oTlWxKagz2+y3hM7YXj3Jgjh4Xc/vJUF+XDmT"
    "jtBSZ67zfl/gLc2ZtdqCrW2ZCy+6/5v5avvAd+bm2yaI6rCi3+BjbyHw/QBEkwKBH8kuDPZ2F9kgtiCI7Ffu///xfwCVlRqC")
_MONO_05M = (
    "eNq1UztIHFEUPWGrkEpSpAghhBQSgohViiCLBFnESkRSBIsgEoKIyCJBllRbiEjYIoQgFhYWi4UskkJEQkghQYJFWGQJIssyDMswDMPwGB6P"
    "x+PkPiN+qmyTW7z5vHPPPfeHirIxqfkvs5Yhxo286bOQ7BWfd1Pv4nrmd4o92QX+nNka2zN/QKvkCOKc1yNZpl5oSJU4ueiSp4Z4Raa08uH47bDl"
    "VGQuHfb3dnfWqtRB44Ad7ldFQYriCY0n4SeI1a7Hx7mR/UDELaCsdAcL1KJLmTNgYBloCdMVfnJl/o3ifaDOKWCW5gQvNU1Kp9dROOmUUD27hDvg"
    "yEl2aR9Q+CKR1sgYJUebSHEWMMakgeKvG3puDcRezxBWcA+LUUYUleiPHUdRuYMPeHh0CTd/9f9QT1GT5zus5rHEHJNaZeQDLC2NfJf0rvrwsd5s"
    "AvMchvy/vSXFyHzMtvTLRbMox1EdT47J32Q3Zosu7EqDIHoOl1HZQJVJghch9phnrKFALmFIM5cCmIQ+KKNV3GUJ7Wyb28LvIowozDGL+ROYfg18"
    "phSoTyhSrhffNjaAue4jHHh1mNGCHyeeJ5KCWfTJ9TsBBr50is2LfpnH2GVHbWJGRgPjFoNtGhmI4/cTK3SJs1wclizyoFYeLNdUws1nmqc2GJSf"
    "GqMRpmK6jC5odx2jlCLdSMu9fGFhpiSkbF/mGx9iQhe+GifT5u8l11wrJtrKPZs0eRBIoehS631DHWCap7TOr5ccbNOPq/KOVi6EqGOY24uZjaWH"
    "kz0u1419/6/4PwBMir0=")


def test_a_tick_label_read_as_no_number_in_a_line_is_read_as_one_word():
    from pipeline.numbers import parse_tick
    for data, shape, box, want in ((_SERIF_30000, (21, 48), (6, 6, 42, 15), 30000.0),
                                   (_MONO_05M, (24, 48), (6, 6, 42, 18), 0.5e6)):
        gray = _crop(data, shape)
        as_line = layout.read_line_box(gray, box)
        assert not all(parse_tick(v.text) is not None for v in as_line)
        words = layout.read_tick_box(gray, box)
        assert len(words) == 1 and parse_tick(words[0].text) == want


# A serif '70,000' (cap height 14 px) with its tick mark, at (8, 8) in its crop: read as a line
# it falls apart at its comma and loses a zero ('70,' '00}').
_SERIF_70000 = (
    "eNrtVlFkHFEUPREVVVVr9WtVVERFPqsfqyLyEVEREVH5iKjKR0RFRVVVPiJWrYqIfEXFqohVURWrVkRERFTEihUREWutWCPWWGusscZ4bu97s1"
    "Mz2f0pQ4W+rzN37j3v3XPvfTNEga1r4JKCXUxZDp6yEjzlRfCUx/8pifS3Pc4akQpbqfGRRLUhpro6Op4SDj6cHI7rDizFhqYzooHyBO76QaSF"
    "FMreYMwoa3uRoTGg8Lbk31BwzJSUZx73Qsil1KjW76BWf+NW6g4DRGKhjnNExTpcvtmXoqzxKkTQp078IHsxCGz6KL8CL88zYaBAVaY4ysWAD0"
    "QTQCy/zYZy01Y/ZU+iJZVzHoh631kvAJNoH1ikY2CdyG4ByOD9LaJlYI8p8w2UswAXpRdg4a1uDvDn3S5VBAbpE3DK+D17XADvGGrAWrMmsoAF"
    "FjyEkL4yr4/5KXUugT63agJdNM7n2ZwtsBR0BCQvp1ICiDMlwp/TaW/UN6dkLehg54VJwPZ33fQ0sNOKiBgC0kAP19o6ZNjBQgJzmipTf78nyH"
    "yMR7Ir2hDJtGH/FSD8lK9/4i5L/FiMAifd+MKU4hewFUdUJsiUHxMbyaQn6Fg1JVEXV8407D5/4mVZLsPk2OdS88tahRbZI8vlEmWL9VhpouVk"
    "/Qp9AxSVdmHvW7NTbcHlmKHvwD7jKFuYp5fhLh/nRqvLGGBKicdNNmuJdWBedWxuLyvNYp5TtGszkq3EJzbFOQtHNueUoQrvl2PKkp8yARw4M8"
    "siP4k6s8EJh+ueZ2x5xqFcNPsp8JCFwS5RWg7UHT6raGj16n2g5kzSjjNiS7a7gaIUMce8XafnNcEBwhl3nimmvPJRXt1Dwp3OgwhPeNJpoTzc"
    "ZrKS8tY4EkoNmUXckmZDDnxfrsl9aWtF2zPyuvuwBaT++Ohlt6+EcW255tq18VdX8CA6qwHf6mvD2aA/FLYl/um3Jxs8ZelW/MBowVOe3J6/jd"
    "8ES+5Q")


def test_a_tick_label_read_in_pieces_is_read_again_as_one_word():
    gray = _crop(_SERIF_70000, (34, 83))
    box = (8, 8, 75, 26)
    assert [v.text for v in layout.read_line_box(gray, box)] == ["70,", "00}"]
    words = layout.join_number_parts(layout.read_tick_box(gray, box), 17.0)
    assert [v.text for v in words] == ["70,000"]


def test_a_tick_mark_over_an_x_label_does_not_split_it():
    ink = np.zeros((60, 80), bool)
    label = _label(ink, 10, 30, n=4)
    ink[22:29, 27:29] = True                  # a tick mark over the label's second glyph
    found = textlines.text_line_boxes(ink, TEXT_H, (0, 0, 80, 60), joined=True, columns=True)
    assert label in found


def test_a_line_cut_by_the_region_edge_keeps_the_page_reading():
    from PIL import Image, ImageDraw, ImageFont
    from pipeline.ocr import Word
    im = Image.new("L", (160, 40), 255)
    font = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", 16)
    ImageDraw.Draw(im).text((20, 10), "2,048", font=font, fill=0)
    gray = np.asarray(im)
    ink = gray < 160
    cols = np.flatnonzero(ink.any(axis=0))
    zero = int(cols[np.flatnonzero(np.diff(cols) > 1)[1] + 1])     # where the '0' starts
    page = Word("2,048", 95, int(cols.min()), 10, int(cols.max()) + 1, 30)
    # the region ends just before the '0': the line found in it ends at the comma
    assert layout.read_lines_in(gray, ink, 12.0, (0, 0, zero, 40))         # '2,' is read there
    words = layout.read_lines_in(gray, ink, 12.0, (0, 0, zero, 40), page_words=[page])
    assert not any(v.x0 < page.x1 and v.x1 > page.x0 for v in words)
