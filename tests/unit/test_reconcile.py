"""Verdicts for each kind of reading, on a chart table whose values are known."""
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from pipeline.audit.chart_table import ChartTable
from pipeline.audit.quoted import parse_quoted
from pipeline.audit.readings import Reading, Selection
from pipeline.audit.reconcile import check_relation, reconcile
from pipeline.registry.cards import Card, Relation

ROWS = [  # series, label, x, y, x_err, y_err
    ("vLLM", "TP8", 0, 331.0, 0.0, 2.0),
    ("vLLM", "TP16", 1, 370.0, 0.0, 2.0),
    ("HF", "TP8", 0, 111.0, 0.0, 2.0),
    ("HF", "TP16", 1, 118.0, 0.0, 2.0),
]


def table(rows=ROWS) -> ChartTable:
    df = pd.DataFrame(rows, columns=["series", "label", "x", "y", "x_err", "y_err"])
    df["x_px"], df["y_px"] = 100.0, 200.0
    return ChartTable("kimi", Path("."), df)


def reading(kind, quoted, **kw) -> Reading:
    base = dict(id="r", file=Path("r.yaml"), line=1, kind=kind, chart="kimi", image=None, axis="y",
                quantity="throughput", unit="tok/s", quoted=parse_quoted(quoted), quote="q", source={})
    base.update(kw)
    return Reading(**base)


def sel(series, label=None):
    return Selection(series, "label" if label else None, label)


def test_point_consistent_within_the_quotes_rounding_and_the_reading_error():
    v = reconcile(reading("point", "111", selections=[sel("HF", "TP8")]), table())
    assert v.verdict == "consistent" and v.measured == 111.0 and v.measured_err == 2.0


def test_point_inconsistent_reports_deviation_in_units_and_percent():
    v = reconcile(reading("point", "150", selections=[sel("HF", "TP8")]), table())
    assert v.verdict == "inconsistent"
    assert v.deviation == pytest.approx(-39.0)
    assert v.deviation_pct == pytest.approx(-26.0)


def test_reading_error_widens_the_tolerance():
    # The chart reads 111 +- 2, i.e. [109, 113]. "113" admits [112.5, 113.5]: they overlap, so it
    # is consistent although 113 is not 111; "114" admits [113.5, 114.5]: no overlap.
    assert reconcile(reading("point", "114", selections=[sel("HF", "TP8")]), table()).verdict == "inconsistent"
    assert reconcile(reading("point", "113", selections=[sel("HF", "TP8")]), table()).verdict == "consistent"


def test_ratio_between_two_bars_with_propagated_error():
    r = reading("ratio", "3x", numerator=sel("vLLM", "TP8"), denominator=sel("HF", "TP8"), unit="x")
    v = reconcile(r, table())
    assert v.measured == pytest.approx(331 / 111)
    assert v.measured_err == pytest.approx(331 / 111 * (2 / 331 + 2 / 111))
    assert v.verdict == "consistent"
    assert reconcile(reading("ratio", "2.7x", numerator=sel("vLLM", "TP8"), denominator=sel("HF", "TP8")),
                     table()).verdict == "inconsistent"


def test_ratio_in_percent():
    r = reading("ratio", "34%", numerator=sel("HF", "TP8"), denominator=sel("vLLM", "TP8"), unit="%")
    v = reconcile(r, table())
    assert v.measured == pytest.approx(100 * 111 / 331) and v.verdict == "consistent"


def test_range_holds_a_ratio_inside_and_flags_one_outside():
    inside = reading("range", "2.5–3.5x", numerator=sel("vLLM", "TP8"), denominator=sel("HF", "TP8"))
    outside = reading("range", "14x - 24x", numerator=sel("vLLM", "TP8"), denominator=sel("HF", "TP8"))
    assert reconcile(inside, table()).verdict == "consistent"
    v = reconcile(outside, table())
    assert v.verdict == "inconsistent" and v.deviation == pytest.approx(331 / 111 - 14)


def test_max_over_a_series_and_max_ratio_over_shared_points():
    assert reconcile(reading("max", "up to 370", selections=[sel("vLLM")]), table()).measured == 370.0
    r = reading("max", "up to 3.1x", numerator=Selection("vLLM", None), denominator=Selection("HF", None))
    v = reconcile(r, table())
    assert v.measured == pytest.approx(370 / 118) and v.verdict == "consistent"


def test_sum_and_mean_add_their_errors():
    pts = [sel("HF", "TP8"), sel("HF", "TP16")]
    s = reconcile(reading("sum", "229", selections=pts), table())
    m = reconcile(reading("mean", "114.5", selections=pts), table())
    assert (s.measured, s.measured_err, s.verdict) == (229.0, 4.0, "consistent")
    assert (m.measured, m.measured_err, m.verdict) == (114.5, 2.0, "consistent")


def test_unverifiable_names_the_reason():
    v = reconcile(reading("point", "111", selections=[sel("HF", "TP4")]), table())
    assert v.verdict == "unverifiable" and "no point with label TP4" in v.reason and "TP16" in v.reason
    gone = ChartTable("kimi", Path("."), None, problem="chart not readable: no axes")
    assert reconcile(reading("point", "111", selections=[sel("HF", "TP8")]), gone).reason == "chart not readable: no axes"
    assert "not registered" in reconcile(reading("point", "1", selections=[sel("HF", "TP8")]), None).reason


def test_numeric_labels_match_however_they_are_written():
    rows = [("s", "4,096", 68.0, 60000.0, 0.5, 90.0)]
    v = reconcile(reading("point", "~60k", selections=[sel("s", "4096")]), table(rows))
    assert v.verdict == "consistent" and v.measured == 60000.0


def test_unit_identity_holds_and_breaks():
    rows = [("s", "8", 325.0, 2600.0, 0.3, 60.0), ("s", "64", 248.0, 12000.0, 0.3, 60.0)]
    card = Card("decode", Path("c.yaml"), "c.png", "t", "s", "p", "", "", {}, {}, {}, {})
    rel = Relation("y = label * x", "y", "label * x", 3.0, "article", 1)
    verdicts = {v.id.rsplit("@", 1)[1]: v for v in check_relation(card, rel, table(rows))}
    assert verdicts["8"].verdict == "consistent"          # 8 x 325 = 2,600
    assert verdicts["64"].verdict == "inconsistent"       # 64 x 248 = 15,872, not 12,000
    assert verdicts["64"].deviation == pytest.approx(12000 - 15872)


def test_units_trap_a_per_user_number_is_not_checked_against_a_per_gpu_axis():
    card = Card("kimi", Path("c.yaml"), "c.png", "t", "s", "p", "", "", {},
                {"y": {"quantity": "throughput", "unit": "tokens/s/GPU"}}, {}, {})
    per_user = reading("point", "111", selections=[sel("HF", "TP8")], unit="tokens/s/user")
    v = reconcile(per_user, table(), card)
    assert v.verdict == "unverifiable" and "quantity not on the chart" in v.reason
    same = reading("point", "111", selections=[sel("HF", "TP8")], unit="tok/s/gpu")
    assert reconcile(same, table(), card).verdict == "consistent"


def bar_table(agrees: str, printed: str, num: float) -> ChartTable:
    df = pd.DataFrame([("s", "GPQA Diamond", 1, 93.60, 0.0, 0.357, printed, num, agrees)],
                      columns=["series", "label", "x", "y", "x_err", "y_err", "value_label", "value_label_num", "agrees"])
    return ChartTable("eval", Path("."), df)


def test_a_printed_value_that_agrees_with_its_bar_is_the_measurement():
    r = reading("point", "93.4%", selections=[Selection(None, "category", "GPQA Diamond")], unit="%")
    v = reconcile(r, bar_table("true", "93.4%", 93.4))
    assert (v.measured, v.measured_err, v.verdict) == (93.4, pytest.approx(0.05), "consistent")
    assert "printed label '93.4%'" in v.reason and "93.60" in v.reason


def test_a_disagreeing_printed_value_falls_back_to_the_bar_and_says_so():
    r = reading("point", "93.4%", selections=[Selection(None, "category", "GPQA Diamond")], unit="%")
    v = reconcile(r, bar_table("false", "0", 0.0))
    assert v.measured == 93.60 and "disagrees" in v.reason


def test_an_oom_bar_is_unverifiable_with_its_marker():
    df = pd.DataFrame([("HF", "GPT3-2.7B", 2, float("nan"), 0.0, 0.0, "OOM", float("nan"), "")],
                      columns=["series", "label", "x", "y", "x_err", "y_err", "value_label", "value_label_num", "agrees"])
    v = reconcile(reading("point", "10", selections=[sel("HF", "GPT3-2.7B")]), ChartTable("fa", Path("."), df))
    assert v.verdict == "unverifiable" and "marked 'OOM'" in v.reason


def test_a_quote_matching_the_printed_value_but_not_the_bar_is_consistent_and_says_which():
    # GB300-like: the label says 7,360, the bar's length reads 7,384 +- 22.8.
    df = pd.DataFrame([("FP4-TP2", "Prefill", 0, 7384.4, 0.0, 22.8, "7,360", 7360.0, "false")],
                      columns=["series", "label", "x", "y", "x_err", "y_err", "value_label", "value_label_num", "agrees"])
    v = reconcile(reading("point", "7360", selections=[sel("FP4-TP2", "Prefill")]), ChartTable("gb", Path("."), df))
    assert v.verdict == "consistent" and v.measured == pytest.approx(7384.4)
    assert "disagrees" in v.reason and "7,360 ± 0.5000, backs the quote" in v.reason


def test_a_series_missing_from_a_read_legend_is_not_replaced_by_another():
    v = reconcile(reading("point", "111", selections=[sel("Non-spec", "TP8")]), table())
    assert v.verdict == "unverifiable" and "series read: HF, vLLM" in v.reason


def test_line_mean_is_the_width_weighted_level_of_a_step_line():
    # A step line: 100 over the first 30 px, 200 over the next 10 px -> (100*30 + 200*10) / 40 = 125
    rows = [("s", "", None, 100.0, 0.0, 1.0), ("s", "", None, 100.0, 0.0, 1.0),
            ("s", "", None, 200.0, 0.0, 1.0), ("s", "", None, 200.0, 0.0, 1.0)]
    t = table(rows)
    t.points["x_px"] = [0.0, 30.0, 30.0, 40.0]
    v = reconcile(reading("line_mean", "125", selections=[Selection("s", None)]), t)
    assert v.measured == pytest.approx(125.0) and v.verdict == "consistent"


def test_fit_slope_and_intercept_of_a_series_in_one_panel():
    x = np.array([0.0, 20000, 40000, 60000, 80000, 100000, 130000])
    y = 6.44 + 4.37e-05 * x + np.array([0.02, -0.03, 0.01, 0.03, -0.02, 0.0, -0.01])
    rows = [("bf16", "", xi, yi, 0.0, 0.01) for xi, yi in zip(x, y)] + [("bf16", "", 1.0, 1000.0, 0.0, 1.0)]
    t = table(rows)
    t.points["panel"] = [0] * len(x) + [1]          # the other panel's point must not count
    slope = reconcile(reading("fit_slope", "4.37e-05", selections=[Selection("bf16", None)], panel=0), t)
    inter = reconcile(reading("fit_intercept", "6.44", selections=[Selection("bf16", None)], panel=0), t)
    assert slope.measured == pytest.approx(4.37e-05, rel=0.01) and slope.verdict == "consistent"
    assert inter.measured == pytest.approx(6.44, abs=0.03) and inter.verdict == "consistent"
    missing = reconcile(reading("fit_slope", "1", selections=[Selection("bf16", None)], panel=5), t)
    assert missing.verdict == "unverifiable" and "no panel 5" in missing.reason
