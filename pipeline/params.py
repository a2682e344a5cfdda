"""Digitiser settings: one validated dataclass, read from params.yaml's `digitize` section."""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from pathlib import Path

import yaml

from .errors import UsageError


@dataclass(frozen=True)
class DigitizeParams:
    ink_gray_threshold: int = 160     # text ink: darker than this in the dark-on-white rendering
    mark_threshold: int = 60          # mark ink: max channel difference from the plot background
    series_color_delta: float = 22.0  # CIE76 distance under which two marker colours are one series
    max_points: int = 2000            # more marks than this is not a point chart

    def as_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def resolve(cls, value=None) -> "DigitizeParams":
        """None, a dict (unknown keys are an error) or an instance."""
        if value is None:
            return cls()
        if isinstance(value, cls):
            return value
        if not isinstance(value, dict):
            raise UsageError(f"digitize parameters must be a mapping, not {type(value).__name__}")
        known = {f.name: f for f in fields(cls)}
        unknown = sorted(set(value) - set(known))
        if unknown:
            raise UsageError(f"unknown digitize parameter(s): {', '.join(unknown)}")
        typed = {}
        for k, v in value.items():
            want = type(getattr(cls(), k))
            if not isinstance(v, (int, float)) or isinstance(v, bool):
                raise UsageError(f"digitize parameter {k} must be a number, got {v!r}")
            typed[k] = want(v)
        return cls(**typed)


def load_params(path: Path | None) -> DigitizeParams:
    if path is None or not Path(path).is_file():
        return DigitizeParams()
    try:
        data = yaml.safe_load(Path(path).read_text(encoding="utf-8")) or {}
    except yaml.YAMLError as exc:
        raise UsageError(f"{path}: not valid YAML ({exc})")
    if not isinstance(data, dict):
        raise UsageError(f"{path}: expected a mapping at the top level")
    return DigitizeParams.resolve(data.get("digitize"))
