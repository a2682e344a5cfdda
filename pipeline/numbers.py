"""Parsing numbers as charts print them: tick labels and point labels."""
from __future__ import annotations

import re

_SUFFIX = {"k": 1e3, "K": 1e3, "m": 1e6, "M": 1e6, "b": 1e9, "B": 1e9, "G": 1e9, "g": 1e9,
           "t": 1e12, "T": 1e12}
# OCR confusions seen on tick labels: letter O for zero, l/I for one, S or $ for five, and the
# euro sign for a serif 'e' ('2.5€6').
_OCR_DIGITS = str.maketrans({"O": "0", "o": "0", "l": "1", "I": "1", "|": "1", "S": "5", "$": "5", "€": "e"})
_LEADING_DIGITS = str.maketrans({"O": "0", "S": "5"})
_MINUS = "\u2212\u2013\u2014-"
# Exponents past this are digits run together in OCR ('1e3333'), and overflow a float.
_MAX_EXPONENT = 99

_TICK = re.compile(
    r"""^(?P<sign>[-+]?)\$?
        (?P<num>(?:\d{1,3}(?:[,\u2009 '\u2019]\d{3})+|\d+)(?:\.\d+)?|\.\d+)
        (?:[eE](?P<exp>[-+]?\d+))?
        (?P<suffix>[kKMbBGT])?
        (?P<unit>%|x|X|×)?$""",
    re.VERBOSE,
)
_POWER = re.compile(r"^10(?:\^\{?(?P<exp>[-+]?\d+)\}?|(?P<sup>[\u207b\u2070\u00b9\u00b2\u00b3\u2074-\u2079]+))$")
_SUPERSCRIPT = str.maketrans("\u207b\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079", "-0123456789")


_CLOCK = re.compile(r"^([01]?\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$")


def parse_clock(text: str) -> float | None:
    """A clock-time tick ('12:00', '7:30', '23:59:30') in hours since midnight, or None."""
    m = _CLOCK.match(text.strip().rstrip(".,;"))
    if not m:
        return None
    return int(m.group(1)) + int(m.group(2)) / 60.0 + int(m.group(3) or 0) / 3600.0


def unwrap_clock(values: list[float]) -> list[float]:
    """Clock hours in axis order made to increase: 24 is added at every midnight passed
    (22:00, 00:00, 02:00 -> 22, 24, 26), as a time axis spanning two days reads."""
    out, add = [], 0.0
    for i, v in enumerate(values):
        if i and v + add < out[-1]:
            add += 24.0
        out.append(v + add)
    return out


def parse_tick(text: str) -> float | None:
    """Value of a tick label such as '20k', '1.5M', '20,000', '0.5', '1e4', '10%', '2x', '−5'.

    Percent and 'x' are kept in the label's own units ('10%' -> 10.0), as the axis reads them.
    Clock times are hours since midnight ('12:30' -> 12.5; see unwrap_clock for axes that pass
    midnight). Returns None for text that is not a number.
    """
    clock = parse_clock(text)
    if clock is not None:
        return clock
    # Tick marks and gridline ends read as trailing punctuation ("80k:", "40k-").
    t = text.strip().rstrip(".:;,_'\"|~+-\u2014)]}{").lstrip(":;,_'\"|~([{")
    if not t:
        return None
    for ch in _MINUS:
        if t.startswith(ch):
            t = "-" + t[1:]
            break
    # Two or more points, each followed by three digits: thousands separators, as some locales
    # print them and as OCR reads a blurred comma ('1.250.000'); a decimal number has one point.
    if re.fullmatch(r"[-+]?\$?\d{1,3}(\.[\dOS$]{3}){2,}[kKMbBGT]?", t):
        t = t.replace(".", ",")
    # One comma and one or two digits after it is a decimal comma, as some locales print it
    # and as OCR reads a blurred point ('1,5' on an axis of 1.4, 1.3): no thousands group is
    # that short.
    if re.fullmatch(r"[-+]?\$?\d+,\d{1,2}[kKMbBGT]?[%xX×]?", t):
        t = t.replace(",", ".")
    m = _POWER.match(t)
    if m:
        exp = m.group("exp") if m.group("exp") is not None else m.group("sup").translate(_SUPERSCRIPT)
        return 10.0 ** int(exp) if abs(int(exp)) <= _MAX_EXPONENT else None
    # '$00,000': no amount starts with a zero followed by digits; the '$' is a 5 (500,000).
    if re.match(r"[-+]?\$0\d", t):
        t = t.replace("$", "5", 1)
    m = _TICK.match(t)
    if not m:
        # A first or last '|' or 'l' may be a tick mark read with the label; a first 'S' or 'O'
        # is no mark ('Se2' is 5e2), nor a first 'l' before an exponent.
        # A dotted zero read '@' leads a decimal ('@.5M'); a blurred point read '_' stands
        # between a digit and one more ('1_5M', 'S' for its five): seed-30 syn104, monospaced.
        read = t
        head = "0" if t[:2] == "@." else t[:1].translate(_LEADING_DIGITS)
        if re.fullmatch(r"\d_[\dSO][kKMB]?", t):
            t = t.replace("_", ".")
        if head in "lI" and t[1:2] in "eE":    # 'le3': no tick mark stands before an exponent
            head = "1"
        # (The last glyph may be a unit, not a digit, but never after an exponent's 'e':
        # 'leS' is 1e5.)
        tail = t[-1:].translate(_OCR_DIGITS) if t[-2:-1] in "eE" else t[-1:]
        fixed = head + t[1:-1].translate(_OCR_DIGITS) + tail if len(t) > 2 else t.translate(_OCR_DIGITS)
        if fixed == read or not (any(c.isdigit() for c in t) or t in ("O", "o") or re.fullmatch(r"[lI]eS", t)):
            return None
        m = _TICK.match(fixed)
        if not m:
            return None
    # (An apostrophe groups thousands in some locales, and is a blurred comma read: "20'000".)
    num = re.sub(r"[,\u2009 '\u2019]", "", m.group("num"))
    value = float(num)
    if m.group("exp"):
        if abs(int(m.group("exp"))) > _MAX_EXPONENT:
            return None
        value *= 10.0 ** int(m.group("exp"))
    if m.group("suffix"):
        value *= _SUFFIX[m.group("suffix")]
    if m.group("sign") == "-":
        value = -value
    return value


_LABEL = re.compile(r"^(?:(?P<prefix>[A-Za-z_]{1,12})\s*[=:]\s*)?(?P<num>\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?[kKM]?)"
                    r"(?P<unit>[\s-]?[a-z][a-z.]{1,5}(?:/[a-z]{1,5})?)?$")


def leading_junk(text: str) -> int:
    """How many characters clean_label_text drops from the start of `text` (stripped)."""
    t = text.strip()
    k = 0
    while k < len(t) and not t[k].isalnum():
        k += 1
    if re.match(r"^0(\d{1,3}(,\d{3})+|\d+)\W*$", t[k:]):
        k += 1
    return k


def clean_label_text(text: str) -> str:
    """Drop what OCR reads of a marker or line touching a label: '¢-4,096' -> '4,096',
    '08,192' -> '8,192', '064' -> '64' (no label starts with a zero followed by digits)."""
    t = text.strip()
    while t and not t[0].isalnum():
        t = t[1:]
    # A gridline end or the next glyph's edge read after the number: '16,384,', 'n=256:'; a
    # dashed gridline's stroke read '!' or ']' after it or after a unit ('32,768!', '8 req!').
    t = re.sub(r"(?<=\d)[,.:;'|_~!\])}-]+$", "", t)
    t = re.sub(r"(?<=[a-z])[!|\]]+$", "", t)
    if re.match(r"^0(\d{1,3}(,\d{3})+|\d+)$", t):
        t = t[1:]
    return t


def parse_point_label(text: str) -> tuple[str, float] | None:
    """A point label like '4096', '4,096', 'bs=4096' or '1.5k': (cleaned text, numeric value)."""
    t = clean_label_text(text)
    m = _LABEL.match(t)
    if not m:
        return None
    value = parse_tick(m.group("num"))
    if value is None:
        return None
    if m.group("unit") and not m.group("unit").startswith(" "):
        # '4req' -> '4 req'; '32-req' (the space read as a hyphen) too
        t = t[:m.start("unit")] + " " + t[m.start("unit"):].lstrip("-")
    return t, value


# Words a chart prints where a bar would be when there is no value: out of memory, not
# available, did not finish, not supported, failed, timeout.
_BAR_MARKERS = {"oom": "OOM", "n/a": "N/A", "na": "N/A", "dnf": "DNF", "n.a.": "N/A", "x": "X",
                "-": "-", "\u2014": "-", "\u2013": "-", "failed": "failed", "timeout": "timeout",
                "unsupported": "unsupported", "error": "error", "t/o": "T/O", "oot": "OOT",
                # (OCR reads a serif 'O' as a zero: no value is written '00M', 0 mega-anything)
                "00m": "OOM", "0om": "OOM", "o0m": "OOM"}
_VALUE = re.compile(r"^(?P<pre>[$\u20ac\u00a3~\u2248]?)(?P<sign>[-+\u2212]?)"
                    r"(?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)"
                    r"(?P<suffix>[kKMBGT])?\s?(?P<unit>%|x|X|\u00d7|ms|s|us|tok/s|req/s|[a-zA-Z/]{1,8})?$")


def parse_value_label(text: str) -> tuple[str, float | None, str | None] | None:
    """A bar's printed value: '111', '93.4%', '1.2k', '3.2x', '$1.5M', '-4.0' -> (text, number,
    None); 'OOM', 'N/A' -> (text, None, marker). The number is in the label's own units
    ('93.4%' -> 93.4, '1.2k' -> 1200). None for anything else."""
    t = text.strip().strip("()[]{}'\"").rstrip(",;:")
    if not t:
        return None
    marker = _BAR_MARKERS.get(t.lower())
    if marker is not None and t not in ("x",):
        return t, None, marker
    m = _VALUE.match(t)
    if not m:
        return None
    unit = m.group("unit") or ""
    if unit and unit not in ("%", "x", "X", "\u00d7") and len(unit) > 1 and not unit[0].isalpha():
        return None
    value = float(m.group("num").replace(",", ""))
    if m.group("suffix"):
        value *= _SUFFIX[m.group("suffix")]
    if m.group("sign") in ("-", "\u2212"):
        value = -value
    return t, value, None


def label_half_unit(text: str) -> float:
    """Half of the last printed digit's unit: how far a value may be from the label it rounds
    to ('93.4%' -> 0.05, '1.2k' -> 50, '111' -> 0.5)."""
    m = _VALUE.match(text.strip().strip("()[]{}'\"").rstrip(",;:"))
    if not m:
        return 0.0
    num = m.group("num").replace(",", "")
    decimals = len(num.split(".")[1]) if "." in num else 0
    unit = 10.0 ** -decimals
    if m.group("suffix"):
        unit *= _SUFFIX[m.group("suffix")]
    return unit / 2.0
