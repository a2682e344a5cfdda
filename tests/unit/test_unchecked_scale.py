"""A chart with one axis unread and the other fitted to two labels alone is refused: nothing
checks the two readings (tiny blurred labels misread as a plausible pair)."""
from pipeline import digitize, layout
from pipeline.axes import Tick, calibrate


def _axis(values, pixels, categorical=False):
    cal = calibrate([Tick(float(p), str(v), float(v)) for v, p in zip(values, pixels)])
    return layout.AxisFind(cal, [], "bottom", categorical)


def test_one_axis_on_two_labels_and_no_other_axis_is_unchecked():
    pair = _axis([260, 400], [185, 305])
    assert digitize.unchecked_scale(pair, None)
    assert digitize.unchecked_scale(None, pair)


def test_a_third_label_a_second_axis_or_categories_check_it():
    pair = _axis([260, 400], [185, 305])
    three = _axis([0, 200, 400], [64, 185, 305])
    assert not digitize.unchecked_scale(three, None)
    assert not digitize.unchecked_scale(pair, _axis([0, 10], [300, 100]))
    assert not digitize.unchecked_scale(_axis([0, 1], [100, 200], categorical=True), None)
