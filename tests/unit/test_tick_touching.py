"""Tick labels of small or downscaled charts: labels a tick mark hangs on the axis line, raised
exponents ('10³'), and tick marks told from markers beside the axis."""
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from pipeline import layout
from pipeline.axes import Tick, calibrate
from pipeline.numbers import parse_tick
from pipeline.ocr import Word

_SANS = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"


def _x_axis_with_touching_ticks() -> np.ndarray:
    """An x axis line with tick marks reaching down into its labels '1', '10', '100' (as a
    downscale leaves them: seed-11 syn024)."""
    font = ImageFont.truetype(_SANS, 18)
    im = Image.new("L", (420, 60), 255)
    d = ImageDraw.Draw(im)
    d.line([(10, 10), (410, 10)], fill=0, width=2)
    for x, text in ((60, "1"), (200, "10"), (340, "100")):
        x0, y0, x1, y1 = d.textbbox((0, 0), text, font=font)
        top = 13          # two pixels of tick between the line and the glyph
        d.text((x - (x0 + x1) / 2, top - y0), text, font=font, fill=0)
        d.line([(x, 10), (x, top + 1)], fill=0, width=2)   # the tick runs into the glyph
    return np.asarray(im)


def test_labels_hung_on_the_axis_line_by_their_ticks_are_read():
    gray = _x_axis_with_touching_ticks()
    ink = gray < 160
    words = layout.read_tick_lines(gray, ink, 13.0, [(0, 0, 420, 60)], [])
    assert sorted(parse_tick(w.text) for w in words if parse_tick(w.text) is not None) == [1.0, 10.0, 100.0]


def test_rules_are_the_long_straight_runs_and_the_marks_hanging_from_them():
    ink = np.zeros((40, 200), bool)
    ink[5, 0:200] = True          # axis line
    ink[6:10, 120:122] = True     # a tick mark hanging from it, shorter than a text height
    ink[6:24, 160:162] = True     # a stroke as long as a glyph hanging from it: a glyph's stem
    ink[20:34, 50:52] = True      # a glyph's stem
    ink[20, 40:60] = True         # a glyph's bar, shorter than six text heights
    rules = layout.rules_of(ink, 14.0)
    assert rules[5].all() and rules[6:10, 120:122].all()
    assert not rules[6:24, 160:162].any() and not rules[20:34, 40:60].any()


def _power(exponent: str, gap: int = 1) -> tuple[np.ndarray, Word]:
    big, small = ImageFont.truetype(_SANS, 18), ImageFont.truetype(_SANS, 12)
    im = Image.new("L", (90, 50), 255)
    d = ImageDraw.Draw(im)
    d.text((10, 15), "10", font=big, fill=0)
    x = 10 + big.getlength("10") + gap
    d.text((x, 9), exponent, font=small, fill=0)
    gray = np.asarray(im)
    ys, xs = np.nonzero(gray < 160)
    return gray, Word("10?", 60.0, int(xs.min()), int(ys.min()) + 4, int(xs.max()) + 1, int(ys.max()) + 1)


def test_a_raised_exponent_is_read_alone():
    gray, word = _power("3")
    got = layout.read_exponent(word, gray, gray < 160)
    assert got.text == "10^3" and parse_tick(got.text) == 1000.0
    gray, word = _power("-2")
    assert parse_tick(layout.read_exponent(word, gray, gray < 160).text) == 0.01


def test_digits_on_the_baseline_are_no_exponent():
    font = ImageFont.truetype(_SANS, 18)
    im = Image.new("L", (90, 50), 255)
    ImageDraw.Draw(im).text((10, 15), "100", font=font, fill=0)
    ink = np.asarray(im) < 160
    assert layout.exponent_box(ink) is None
    ys, xs = np.nonzero(ink)
    word = Word("100", 90.0, int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1)
    assert layout.read_exponent(word, np.asarray(im), ink).text == "100"


def _y_axis(offset: int) -> tuple[layout.AxisFind, np.ndarray]:
    """Three y labels 8 px tall centred at rows 40, 100, 160, no tick marks, and beside each a
    thin horizontal run `offset` px below its centre (seed-11 syn035: small triangles beside
    the axis, their flat bases half a label's height off the centres of two labels)."""
    ink = np.zeros((200, 80), bool)
    ticks = []
    for cy, v in ((40, 60.0), (100, 40.0), (160, 20.0)):
        ticks.append(Tick(float(cy), f"{v:.0f}k", v, (10, cy - 4, 26, cy + 4)))
        ink[cy + offset, 34:40] = True
    cal = calibrate(ticks, tol_px=3.0)
    return layout.AxisFind(cal, [], "left"), ink


def test_a_thin_run_far_off_the_label_centre_is_no_tick_mark():
    axis, ink = _y_axis(4)          # half the label height off: a marker, not the tick
    snapped = layout.snap_ticks(axis, ink, 8.0, vertical=True)
    assert [(t.pixel, t.snapped) for t in snapped.calibration.ticks] == \
        [(40.0, "label"), (100.0, "label"), (160.0, "label")]
    axis, ink = _y_axis(1)          # one pixel off: tick marks
    snapped = layout.snap_ticks(axis, ink, 8.0, vertical=True)
    assert [(t.pixel, t.snapped) for t in snapped.calibration.ticks] == \
        [(41.0, "tickmark"), (101.0, "tickmark"), (161.0, "tickmark")]


def test_of_two_overlapping_rereadings_the_more_confident_stays():
    # Seed-9 syn070: the x margin's read cut the y axis's lowest label '1' and read 'L'; the
    # y margin's read of the whole label must not be dropped for it.
    cut, whole = Word("L", 7.0, 69, 973, 80, 987), Word("1", 94.0, 68, 967, 80, 987)
    assert [w.text for w in layout.most_confident([cut, whole])] == ["1"]
    # A word read more confidently than a number overlapping it does not replace the number.
    number, word = Word("1", 50.0, 68, 967, 80, 987), Word("Il", 90.0, 68, 967, 80, 987)
    assert [w.text for w in layout.most_confident([number, word])] == ["1"]


def test_a_leading_zero_is_no_group_of_thousands():
    # Seed-6 syn083 (blurred): '0.000' read '0,000' beside '0.125', '0.100': decimals all, not
    # 125 and 100 with a thousands comma misread as a point.
    assert layout.comma_points(["0.125", "0.100", "0.075", "0,000"]) == [0.125, 0.1, 0.075, 0.0]
    # A thousands comma read as a point beside a plain integer is still put back.
    assert layout.comma_points(["0", "2.000", "4,000"]) == [0.0, 2000.0, 4000.0]


def test_the_y_axis_keeps_its_own_corner_label():
    # Seed-11 syn069: the x axis's '0' sits just below and right of the y axis's '0', close
    # enough along y to be taken for one label; the one lined up with the column is the y's.
    column = [Word("100,000", 90.0, 56, 48, 144, 65), Word("50,000", 90.0, 68, 391, 144, 408)]
    y0, x0 = Word("0", 80.0, 127, 735, 144, 749), Word("0", 96.0, 135, 744, 152, 765)
    groups = layout._candidate_groups(column + [y0, x0], True, 18.5)
    left = [ws for side, ws in groups if side == "left" and len(ws) == 3]
    assert left and all(y0 in ws and x0 not in ws for ws in left)


def test_a_tick_mark_within_a_tall_label_box_is_its_tick():
    # Charteval d26: '30,000' read in a box 24 px tall (the comma's tail below the digits), its
    # tick mark 9 px above the box's centre, at text height 20: still the label's tick mark.
    ink = np.zeros((260, 120), bool)
    ticks = []
    for cy, v in ((50, 30000.0), (130, 20000.0), (210, 10000.0)):
        ticks.append(Tick(float(cy), f"{v:,.0f}", v, (10, cy - 12, 70, cy + 12)))
        ink[cy - 9, 76:82] = True
    axis = layout.AxisFind(calibrate(ticks, tol_px=3.0), [], "left")
    snapped = layout.snap_ticks(axis, ink, 20.0, vertical=True)
    assert [(t.pixel, t.snapped) for t in snapped.calibration.ticks] == \
        [(41.0, "tickmark"), (121.0, "tickmark"), (201.0, "tickmark")]
