import pytest

from pipeline.numbers import parse_point_label, parse_tick


@pytest.mark.parametrize("text, value", [
    ("20k", 20_000.0),
    ("1.5M", 1_500_000.0),
    ("20,000", 20_000.0),
    ("0.5", 0.5),
    ("1e4", 10_000.0),
    ("10%", 10.0),          # kept in the label's own unit, as the axis reads it
    ("2x", 2.0),
    ("\u22125", -5.0),      # U+2212 MINUS SIGN, as matplotlib prints negatives
    ("-5", -5.0),
    ("10^3", 1000.0),
    ("1000", 1000.0),       # a plain number, not read as a power of ten
    ("100", 100.0),
    ("80k:", 80_000.0),     # a tick mark read as trailing punctuation
    ("Se2", 500.0),         # a first 'S' is a 5 (9 px '5e2', seed-16 syn023)
    ("O.5", 0.5),
    ("|20", 20.0),          # a first '|' is a tick mark, not a 1
    ("1.250.000", 1_250_000.0),   # two points: thousands separators (blurred commas, seed-18 syn108)
    ("2.7$0.000", 2_750_000.0),   # a '$' among the digits is a 5
    ("$1.5M", 1_500_000.0),       # a first '$' stays a currency sign
    ("$00,000", 500_000.0),       # ... unless a zero and digits follow it (seed-17 syn025)
    ("$0.5", 0.5),
    ("2.5€6", 2_500_000.0),       # a serif 'e' read as a euro sign (seed-19 syn023)
    ("3€6", 3_000_000.0),
    ("le3:", 1000.0),             # a first 'l' before an exponent is a one (seed-21 syn090)
    ("Ie4", 10000.0),
    ("leS", 100000.0),            # ... and a last 'S' after one a five (seed-48 syn105, STIX blurred)
    ("@.5M", 500_000.0),          # a dotted zero read '@' (seed-30 syn104, monospaced, dark)
    ("1_SM", 1_500_000.0),        # ... and its blurred point read '_'
    ("1_5", 1.5),
    ("1,5-", 1.5),                # a comma before one or two digits is a decimal one (seed-27 syn005)
    ("0,25", 0.25),
    ("20'000", 20_000.0),         # an apostrophe groups thousands (bar seed-49 bar052, blurred commas)
    ("10\u2019000", 10_000.0),
])
def test_parse_tick_values(text, value):
    got = parse_tick(text)
    assert got is not None, text
    assert got == pytest.approx(value, rel=1e-12)


def test_parse_tick_superscript_power_matches_caret_power():
    assert parse_tick("10\u00b3") == pytest.approx(1000.0)
    assert parse_tick("10^-2") == pytest.approx(0.01)


@pytest.mark.parametrize("text", ["abc", "", "   ", "k", "%", "S", "SGLang", "l20", "1.2.3", "1.25.000", "1,2345", "1'5'000", "20'00",
                                  "1e3333", "10^{400}", "les", "lel", "1_000", "@5"])    # digits run together: past a float (seed-23 syn037)
def test_parse_tick_rejects_non_numbers(text):
    assert parse_tick(text) is None


@pytest.mark.parametrize("text", ["4096", "4,096", "bs=4096", "4096 req/rank", "4096 req/s"])
def test_parse_point_label_value(text):
    got = parse_point_label(text)
    assert got is not None, text
    assert got[1] == pytest.approx(4096.0)


def test_parse_point_label_keeps_the_printed_text():
    assert parse_point_label("4,096")[0] == "4,096"


@pytest.mark.parametrize("text", ["abc", "", "4,09", "batch size", "8 tok/s/gpu"])
def test_parse_point_label_rejects_non_labels(text):
    assert parse_point_label(text) is None


def test_clock_ticks_are_hours_and_unwrap_past_midnight():
    from pipeline.numbers import parse_clock, unwrap_clock
    assert parse_clock("12:00") == 12.0 and parse_clock("7:30") == 7.5
    assert parse_clock("23:59:36") == pytest.approx(23.99333, abs=1e-4)
    assert parse_clock("24:00") is None and parse_clock("12.00") is None
    assert parse_tick("02:00") == 2.0
    assert unwrap_clock([20.0, 22.0, 0.0, 2.0, 12.0]) == [20.0, 22.0, 24.0, 26.0, 36.0]


def test_a_zero_read_before_a_label_is_a_marker_glyph():
    from pipeline.numbers import clean_label_text, leading_junk
    # seed-18 syn023: the marker read as a '0' before '64'
    assert clean_label_text("064") == "64" and leading_junk("064") == 1
    assert clean_label_text("08,192") == "8,192"
    assert clean_label_text("0.5") == "0.5" and clean_label_text("0") == "0" and leading_junk("0.5") == 0


def test_a_dashed_gridlines_stroke_read_after_a_point_label_is_no_part_of_it():
    # seed-38 syn050: '32,768!' (a dashed gridline through the label's end) was no label.
    from pipeline.numbers import parse_point_label
    assert parse_point_label("32,768!") == ("32,768", 32768.0)
    assert parse_point_label("4096]") == ("4096", 4096.0)
    assert parse_point_label("8 req!") == ("8 req", 8.0)
    assert parse_point_label("n=8!") == ("n=8", 8.0)
    assert parse_point_label("8!2") is None


def test_a_labels_space_read_as_a_hyphen_is_a_space():
    # seed-37 syn077: '32-req' was no label, and passed for a legend name beside a marker.
    from pipeline.numbers import parse_point_label
    assert parse_point_label("32-req") == ("32 req", 32.0)
    assert parse_point_label("3-5x") is None and parse_point_label("1-2") is None
