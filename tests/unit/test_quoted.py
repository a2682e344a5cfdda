"""Quoted numbers: value, hedge and the interval their digits allow."""
import pytest

from pipeline.audit.quoted import parse_quoted


@pytest.mark.parametrize("text, low, high, hedge, interval", [
    ("약 60k", 60000, 60000, "about", (59000, 61000)),       # Korean "about": one unit of the last digit
    ("~15.5k", 15500, 15500, "about", (15400, 15600)),
    ("approximately 6.6", 6.6, 6.6, "about", (6.5, 6.7)),
    ("111", 111, 111, "exact", (110.5, 111.5)),              # plain: rounded, half a unit
    ("2.7x", 2.7, 2.7, "exact", (2.65, 2.75)),
    ("7,010", 7010, 7010, "exact", (7009.5, 7010.5)),
    ("4.37e-05", 4.37e-05, 4.37e-05, "exact", (4.365e-05, 4.375e-05)),
    ("up to 31x", 31, 31, "up_to", (30, 32)),
    ("3–5x", 3, 5, "range", (2.5, 5.5)),
    ("14x - 24x", 14, 24, "range", (13.5, 24.5)),
    ("2.2x to 2.5x", 2.2, 2.5, "range", (2.15, 2.55)),
])
def test_quoted_value_hedge_and_interval(text, low, high, hedge, interval):
    q = parse_quoted(text)
    assert (q.low, q.high, q.hedge) == (pytest.approx(low), pytest.approx(high), hedge)
    assert q.interval() == (pytest.approx(interval[0]), pytest.approx(interval[1]))


def test_suffix_and_lower_bound():
    assert parse_quoted("54%").suffix == "%"
    assert parse_quoted("2.7x").suffix == "x"
    lo, hi = parse_quoted("at least 2x").interval()
    assert lo == pytest.approx(1.5) and hi == float("inf")


def test_hedge_given_explicitly_wins_and_no_number_is_none():
    assert parse_quoted("60k", hedge="about").interval() == (59000, 61000)
    assert parse_quoted("no number here") is None
