"""Tick labels misread digit by digit ('8,800' for '8,000', '156' for '150') are read as the
digits OCR confuses them with when that puts the labels on one evenly stepped scale."""
from pipeline import layout
from pipeline.axes import Tick, calibrate
from pipeline.numbers import parse_tick
from pipeline.ocr import Word


def _ticks(spec):
    return [Tick(float(p), s, parse_tick(s)) for p, s in spec]


def test_dotted_zeros_read_as_eights_and_sixes_are_put_back():
    cal = calibrate(_ticks([(10, "8,800"), (60, "6,608"), (110, "4,808"), (160, "2,600"), (210, "0")]))
    assert cal.scale == "linear"
    assert [t.value for t in cal.ticks] == [8000.0, 6000.0, 4000.0, 2000.0, 0.0]
    assert [t.text for t in cal.ticks] == ["8,800", "6,608", "4,808", "2,600", "0"]   # as read
    assert [bool(t.repaired) for t in cal.ticks] == [True, True, True, True, False]
    assert abs(cal.to_data(35.0) - 7000.0) < 1e-6


def test_repair_takes_back_the_labels_a_misread_majority_pushed_out():
    # '108', '156', '258', '358' fit a line of their own and outvoted '200' and '300'.
    cal = calibrate(_ticks([(10, "46"), (60, "108"), (110, "156"), (160, "200"), (210, "258"),
                            (260, "300"), (310, "358")]))
    assert [t.value for t in cal.ticks] == [100.0, 150.0, 200.0, 250.0, 300.0, 350.0]
    assert [t.text for t in cal.rejected] == ["46"]


def test_evenly_stepped_axis_is_left_alone():
    cal = calibrate(_ticks([(10, "80"), (60, "60"), (110, "40"), (160, "20"), (210, "0")]))
    assert [t.value for t in cal.ticks] == [80.0, 60.0, 40.0, 20.0, 0.0]
    assert not any(t.repaired for t in cal.ticks)


def test_a_label_that_no_confusion_puts_on_the_scale_stays_rejected():
    # '450' is no misreading of '400' by any confused digit pair: it stays out, nothing changes.
    cal = calibrate(_ticks([(10, "100"), (60, "200"), (110, "300"), (160, "450"), (210, "500")]))
    assert [t.value for t in cal.ticks] == [100.0, 200.0, 300.0, 500.0]
    assert [t.text for t in cal.rejected] == ["450"]
    assert not any(t.repaired for t in cal.ticks)


def test_tick_line_reread_takes_the_reading_two_variants_agree_on(monkeypatch):
    # Blurred '180': as one word it reads '10' at one enlargement, as a line '180' at both.
    answers = {(None, 30.0): [], (8, 30.0): ["10"], (7, 30.0): ["180"], (7, 20.0): ["180"], (8, 20.0): ["180"]}

    def fake(gray, box, isolated=False, height=30.0, psm=None, sharpen=False):
        return [Word(t, 90.0, 0, 0, 10, 8) for t in answers[(psm, height) if sharpen else (None, 30.0)]]
    monkeypatch.setattr(layout, "read_line_box", fake)
    assert [v.text for v in layout.read_tick_box(None, (0, 0, 10, 8))] == ["180"]


def test_tick_line_reread_keeps_the_first_number_when_none_agree(monkeypatch):
    answers = {(8, 30.0): ["140"], (7, 30.0): [], (7, 20.0): ["Mo"], (8, 20.0): ["40"]}

    def fake(gray, box, isolated=False, height=30.0, psm=None, sharpen=False):
        return [Word(t, 90.0, 0, 0, 10, 8) for t in (answers[(psm, height)] if sharpen else [])]
    monkeypatch.setattr(layout, "read_line_box", fake)
    assert [v.text for v in layout.read_tick_box(None, (0, 0, 10, 8))] == ["140"]


def test_repaired_labels_sit_on_multiples_of_their_step():
    # '0', '200', '600' read '260', '400', '660': 260, 460, 660 steps evenly too (one digit of
    # '400' changed), but a tick locator puts labels on multiples of the step.
    cal = calibrate(_ticks([(185.0, "260"), (305.0, "400"), (426.0, "660")]))
    assert [t.value for t in cal.ticks] == [200.0, 400.0, 600.0]


def test_a_decade_label_whose_superscript_was_read_on_the_line_is_a_power_of_ten():
    # '10²' and '10³' between '200', '500' and '2000' read '102}' and '103+'.
    import math
    def y(v):
        return 400.0 - 200.0 * math.log10(v)
    cal = calibrate(_ticks([(y(2000), "2000}"), (y(1000), "103+"), (y(500), "500}"), (y(200), "200}"), (y(100), "102}")]))
    assert cal.is_log
    assert sorted(t.value for t in cal.ticks) == [100.0, 200.0, 500.0, 1000.0, 2000.0]
    assert not cal.rejected


def test_steps_of_unequal_size_are_no_repair():
    from pipeline.axes import on_step
    # Lone digits read from a title's letters ('3', '5', '3'): 8, 5, 3 steps 3 then 2.
    assert not on_step([3.0, 5.0, 8.0])
    assert on_step([0.0, 0.5, 1.0]) and on_step([100.0, 150.0, 250.0, 300.0])
