"""A number as an article quotes it: its value, its hedge and the precision its digits carry.

"약 60k" is 60,000 written to the thousand and hedged with "about"; "3–5x" is a range; "up to
31x" bounds a maximum. The interval a quote allows is derived from these, never chosen per quote.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..numbers import parse_tick

# Hedge words as articles write them, longest first so "up to" wins over "to".
HEDGES = {
    "about": ("approximately", "approx.", "roughly", "around", "about", "nearly", "almost",
              "some", "~", "≈", "약", "대략", "거의"),
    "up_to": ("up to", "as much as", "as high as", "최대"),
    "at_least": ("at least", "more than", "over", "above", ">", "이상"),
}
_NUMBER = re.compile(r"[-+\u2212]?\$?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[eE][-+]?\d+)?[kKMBGT]?\s?(?:%|x|X|×)?")
_RANGE_SEP = re.compile(r"^\s*(?:-|–|—|~|to|and)\s*$")


@dataclass(frozen=True)
class Quoted:
    text: str
    low: float
    high: float            # equal to low for a single number
    step: float            # the unit of the last digit written
    hedge: str             # 'exact' | 'about' | 'up_to' | 'at_least' | 'range'
    suffix: str            # '%' or 'x' when the number carried one

    @property
    def value(self) -> float:
        return (self.low + self.high) / 2.0

    def interval(self) -> tuple[float, float]:
        """The values the quote admits.

        Digits written are rounded, so an unhedged number admits half a unit of its last digit;
        a hedged one ("about 60k") vouches for that digit only to within one unit. A range admits
        its two ends, each rounded; "at least" has no upper end.
        """
        half = self.step / 2.0
        if self.hedge in ("about", "up_to"):
            return self.low - self.step, self.high + self.step
        if self.hedge == "at_least":
            return self.low - half, float("inf")
        return self.low - half, self.high + half


def _hedge(text: str) -> tuple[str, str]:
    low = text.strip().lower()
    for kind, words in HEDGES.items():
        for w in sorted(words, key=len, reverse=True):
            if low.startswith(w):
                return kind, text.strip()[len(w):].strip()
    return "exact", text.strip()


def _step(numeral: str) -> float:
    t = numeral.strip().rstrip("%xX×").strip()
    mult = 1.0
    if t and t[-1] in "kKMBGT":
        mult = parse_tick("1" + t[-1]) or 1.0
        t = t[:-1]
    exp = 0
    if "e" in t.lower():
        t, e = re.split("[eE]", t)
        exp = int(e)
    decimals = len(t.split(".")[1]) if "." in t else 0
    return mult * 10.0 ** (exp - decimals)


def parse_quoted(text: str, hedge: str | None = None) -> Quoted | None:
    """The quote's number(s) or None when it holds none. `hedge` overrides the detected one."""
    found, rest = _hedge(str(text))
    numbers = list(_NUMBER.finditer(rest))
    if not numbers:
        return None
    first = numbers[0]
    suffix = next((s for s in ("%", "x", "X", "×") if first.group().rstrip().endswith(s)), "")
    values = []
    for m in numbers[:2]:
        v = parse_tick(m.group().replace(" ", "").replace("\u2212", "-").lstrip("$"))
        if v is None:
            return None
        values.append((v, _step(m.group().lstrip("+-\u2212$"))))
    is_range = (len(numbers) >= 2 and _RANGE_SEP.match(rest[first.end():numbers[1].start()]) is not None)
    if is_range:
        suffix = suffix or next((s for s in ("%", "x", "X", "×") if numbers[1].group().rstrip().endswith(s)), "")
        (lo, s1), (hi, s2) = sorted(values)
        return Quoted(str(text), lo, hi, max(s1, s2), "range", _norm(suffix))
    v, step = values[0]
    return Quoted(str(text), v, v, step, hedge or found, _norm(suffix))


def _norm(suffix: str) -> str:
    return "x" if suffix in ("x", "X", "×") else suffix
