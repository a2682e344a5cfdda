"""What a chart's reading holds: its points in pixels and data units, its axes, legend and
words."""
from __future__ import annotations

from dataclasses import dataclass, field

from . import layout, ocr
from .marks.legend import LegendEntry


@dataclass
class Point:
    series: str
    label: str
    x_px: float
    y_px: float
    marker: str
    color: tuple[int, int, int]
    label_conf: float = 0.0
    x: float | None = None
    y: float | None = None
    x_err: float | None = None
    y_err: float | None = None
    # Bar charts only: the value printed by the bar, its number, and whether it agrees with
    # the value read from the bar's length (None: nothing to compare).
    value_label: str = ""
    value_label_num: float | None = None
    agrees: bool | None = None
    # A bar's box (x0, y0, x1, y1) in image pixels; not written out.
    box: tuple[float, float, float, float] | None = None


@dataclass
class Extraction:
    width: int
    height: int
    plot_box: tuple[int, int, int, int]
    x_axis: layout.AxisFind | None
    y_axis: layout.AxisFind | None
    points: list[Point]
    legend: list[LegendEntry]
    words: list[ocr.Word]
    text_h: float
    notes: list[str] = field(default_factory=list)
    axis_titles: dict = field(default_factory=dict)
    chart_type: str = "xy"                  # 'xy' | 'bar' | 'line'
    bar_orientation: str = ""               # 'vertical' | 'horizontal' for bar charts
    categories: list = field(default_factory=list)
