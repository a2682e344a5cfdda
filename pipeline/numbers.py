"""Parsing numbers as charts print them: tick labels and point labels."""
from __future__ import annotations

import re

_SUFFIX = {"k": 1e3, "K": 1e3, "m": 1e6, "M": 1e6, "b": 1e9, "B": 1e9, "G": 1e9, "g": 1e9,
           "t": 1e12, "T": 1e12}
# OCR confusions seen on tick labels: letter O for zero, l/I for one, S for five.
_OCR_DIGITS = str.maketrans({"O": "0", "o": "0", "l": "1", "I": "1", "|": "1", "S": "5"})
_MINUS = "\u2212\u2013\u2014-"

_TICK = re.compile(
    r"""^(?P<sign>[-+]?)\$?
        (?P<num>(?:\d{1,3}(?:[,\u2009 ]\d{3})+|\d+)(?:\.\d+)?|\.\d+)
        (?:[eE](?P<exp>[-+]?\d+))?
        (?P<suffix>[kKMbBGT])?
        (?P<unit>%|x|X|×)?$""",
    re.VERBOSE,
)
_POWER = re.compile(r"^10(?:\^\{?(?P<exp>[-+]?\d+)\}?|(?P<sup>[\u207b\u2070\u00b9\u00b2\u00b3\u2074-\u2079]+))$")
_SUPERSCRIPT = str.maketrans("\u207b\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079", "-0123456789")


def parse_tick(text: str) -> float | None:
    """Value of a tick label such as '20k', '1.5M', '20,000', '0.5', '1e4', '10%', '2x', '−5'.

    Percent and 'x' are kept in the label's own units ('10%' -> 10.0), as the axis reads them.
    Returns None for text that is not a number.
    """
    # Tick marks and gridline ends read as trailing punctuation ("80k:", "40k-").
    t = text.strip().rstrip(".:;,_'\"|~+-\u2014)]}{").lstrip(":;,_'\"|~([{")
    if not t:
        return None
    for ch in _MINUS:
        if t.startswith(ch):
            t = "-" + t[1:]
            break
    m = _POWER.match(t)
    if m:
        exp = m.group("exp") if m.group("exp") is not None else m.group("sup").translate(_SUPERSCRIPT)
        return 10.0 ** int(exp)
    m = _TICK.match(t)
    if not m:
        fixed = t[:1] + t[1:-1].translate(_OCR_DIGITS) + t[-1:] if len(t) > 2 else t.translate(_OCR_DIGITS)
        if fixed == t or not (any(c.isdigit() for c in t) or t in ("O", "o")):
            return None
        m = _TICK.match(fixed)
        if not m:
            return None
    num = m.group("num").replace(",", "").replace("\u2009", "").replace(" ", "")
    value = float(num)
    if m.group("exp"):
        value *= 10.0 ** int(m.group("exp"))
    if m.group("suffix"):
        value *= _SUFFIX[m.group("suffix")]
    if m.group("sign") == "-":
        value = -value
    return value


_LABEL = re.compile(r"^(?:(?P<prefix>[A-Za-z_]{1,12})\s*[=:]\s*)?(?P<num>\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?[kKM]?)"
                    r"(?P<unit>\s?[a-z][a-z/.]{1,5})?$")


def leading_junk(text: str) -> int:
    """How many characters clean_label_text drops from the start of `text` (stripped)."""
    t = text.strip()
    k = 0
    while k < len(t) and not t[k].isalnum():
        k += 1
    if re.match(r"^0\d{1,3}(,\d{3})+\W*$", t[k:]):
        k += 1
    return k


def clean_label_text(text: str) -> str:
    """Drop what OCR reads of a marker or line touching a label: '¢-4,096' -> '4,096',
    '08,192' -> '8,192' (a leading zero cannot start a number written with thousands commas)."""
    t = text.strip()
    while t and not t[0].isalnum():
        t = t[1:]
    # A gridline end or the next glyph's edge read after the number: '16,384,', 'n=256:'.
    t = re.sub(r"(?<=\d)[,.:;'|_~-]+$", "", t)
    if re.match(r"^0\d{1,3}(,\d{3})+$", t):
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
        t = t[:m.start("unit")] + " " + t[m.start("unit"):]     # '4req' -> '4 req'
    return t, value
