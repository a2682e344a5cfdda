"""Shared fixtures: small charts rendered with matplotlib (Agg) whose true data are known.

Every chart is drawn from fixed data at a fixed dpi with matplotlib's built-in style (not the
machine's matplotlibrc), so the same test sees the same pixels on every run.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pytest

DPI = 100
SEED = 20240611


@dataclass
class TruthPoint:
    series: str
    label: str
    x: float
    y: float


@dataclass
class ChartTruth:
    """What a rendered chart shows: its points, axis limits and scales."""
    name: str
    path: Path
    points: list[TruthPoint]
    xlim: tuple[float, float]
    ylim: tuple[float, float]
    xscale: str = "linear"          # 'linear' | 'log2' | 'log10'
    yscale: str = "linear"
    series_names: list[str] = field(default_factory=list)

    def span(self, axis: str) -> float:
        """The axis span the 1 % tolerance is taken of (log axes: of the log10 span)."""
        lo, hi = self.xlim if axis == "x" else self.ylim
        scale = self.xscale if axis == "x" else self.yscale
        return math.log10(hi / lo) if scale.startswith("log") else hi - lo

    def coord(self, axis: str, value: float) -> float:
        """A value in the space where the span is measured (log10 for log axes)."""
        scale = self.xscale if axis == "x" else self.yscale
        return math.log10(value) if scale.startswith("log") else value


def digits(text: str) -> str:
    return re.sub(r"\D", "", text or "")


# -- rendering -----------------------------------------------------------------------------------

def _series_style(theme: str):
    if theme == "dark":
        return [("#4fc3f7", "o"), ("#ffb74d", "s")]
    return [("#1f77b4", "o"), ("#d62728", "s")]


def render_chart(path: Path, name: str, series: list[dict], *, xlim, ylim, xscale="linear",
                 yscale="linear", legend=False, theme="light", transparent=False,
                 tick_labels=True, label_offset=(-6, 6), size_px=(1000, 650)) -> ChartTruth:
    """Draw `series` (dicts with name, x, y, labels) and save a PNG at `path`."""
    import matplotlib
    import matplotlib.style
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.ticker import FixedLocator, FuncFormatter, NullFormatter, NullLocator

    style = "dark_background" if theme == "dark" else "default"
    text_color = "white" if theme == "dark" else "#1a1a1a"
    with matplotlib.style.context(style), matplotlib.rc_context(
            {"font.family": "DejaVu Sans", "axes.unicode_minus": False}):
        fig = Figure(figsize=(size_px[0] / DPI, size_px[1] / DPI), dpi=DPI)
        FigureCanvasAgg(fig)
        fig.subplots_adjust(left=0.11, right=0.96, bottom=0.13, top=0.93)
        ax = fig.add_subplot()
        for axis, scale in ((ax.xaxis, xscale), (ax.yaxis, yscale)):
            setter = ax.set_xscale if axis is ax.xaxis else ax.set_yscale
            if scale == "log2":
                setter("log", base=2)
            elif scale == "log10":
                setter("log", base=10)
        ax.set_xlim(*xlim)
        ax.set_ylim(*ylim)
        for axis, scale, lim in ((ax.xaxis, xscale, xlim), (ax.yaxis, yscale, ylim)):
            if scale.startswith("log"):
                base = 2 if scale == "log2" else 10
                lo, hi = (int(round(math.log(v, base))) for v in lim)
                axis.set_major_locator(FixedLocator([float(base) ** k for k in range(lo, hi + 1)]))
                axis.set_minor_locator(NullLocator())
                axis.set_minor_formatter(NullFormatter())
            axis.set_major_formatter(FuncFormatter(lambda v, _p: f"{v:,.0f}" if abs(v) >= 1 else f"{v:g}"))
        ax.tick_params(labelsize=12)
        if not tick_labels:
            ax.tick_params(labelbottom=False, labelleft=False)
        ax.grid(True, alpha=0.3)
        ax.set_axisbelow(True)
        ax.set_xlabel("Latency (ms)", fontsize=12)
        ax.set_ylabel("Throughput (tokens/s)", fontsize=12)
        styles = _series_style(theme)
        points = []
        for k, s in enumerate(series):
            color, marker = s.get("color", styles[k][0]), s.get("marker", styles[k][1])
            ax.plot(s["x"], s["y"], color=color, marker=marker, markersize=9, linewidth=1.8,
                    label=s["name"], zorder=3)
            offset = s.get("label_offset", label_offset)
            for x, y, lab in zip(s["x"], s["y"], s.get("labels") or [""] * len(s["x"])):
                if lab:
                    ax.annotate(lab, (x, y), xytext=offset, textcoords="offset points",
                                fontsize=12, color=text_color, ha="left" if offset[0] >= 0 else "right",
                                va="bottom" if offset[1] >= 0 else "top")
                points.append(TruthPoint(s["name"], lab, float(x), float(y)))
        if legend:
            ax.legend(loc="lower right", fontsize=12)
        fig.savefig(path, format="png", dpi=DPI, transparent=transparent, metadata={"Software": None})
    return ChartTruth(name, Path(path), points, tuple(map(float, xlim)), tuple(map(float, ylim)),
                      xscale, yscale, [s["name"] for s in series] if legend else [])


# The charts of the integration suite: name -> keyword arguments of render_chart.
LINEAR_SERIES = [{"name": "run", "x": [52, 71, 93, 118, 137], "y": [2350, 3120, 4480, 5230, 6710],
                  "labels": ["512", "1,024", "2,048", "4,096", "8,192"]}]
CHART_SPECS = {
    # (a) linear axes that do not start at 0, one labelled series, no legend
    "linear": dict(series=LINEAR_SERIES, xlim=(40, 150), ylim=(2000, 7000)),
    # (b) two series with a legend, different colours and marker shapes
    "legend": dict(series=[
        {"name": "Engine A", "x": [20, 40, 60, 80, 100], "y": [12, 25, 33, 38, 41],
         "labels": ["1", "2", "4", "8", "16"]},
        {"name": "Engine B", "x": [20, 40, 60, 80, 100], "y": [6, 11, 17, 21, 23],
         "labels": ["32", "64", "128", "256", "512"], "label_offset": (7, -7)},
    ], xlim=(10, 110), ylim=(0, 50), legend=True),
    # (c) log2 x (1..256) and log10 y
    "loglog": dict(series=[{"name": "run", "x": [2, 8, 16, 64, 128], "y": [30, 150, 900, 4000, 20000],
                            "labels": ["10", "20", "30", "40", "50"]}],
                   xlim=(1, 256), ylim=(10, 100000), xscale="log2", yscale="log10"),
    # (d) dark theme
    "dark": dict(series=LINEAR_SERIES, xlim=(40, 150), ylim=(2000, 7000), theme="dark"),
    # (e) chart (a) saved with a transparent background
    "transparent": dict(series=LINEAR_SERIES, xlim=(40, 150), ylim=(2000, 7000), transparent=True),
}


@pytest.fixture(scope="session")
def chart_dir(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("charts")


@pytest.fixture(scope="session")
def rendered_charts(chart_dir) -> dict[str, ChartTruth]:
    """Every chart of CHART_SPECS rendered once per session: name -> truth (with its path)."""
    out = {}
    for name, spec in CHART_SPECS.items():
        out[name] = render_chart(chart_dir / f"{name}.png", name, **spec)
    return out


@pytest.fixture(scope="session")
def no_tick_labels_chart(chart_dir) -> ChartTruth:
    """A real chart (frame, gridlines, markers, axis titles) with its tick labels switched off."""
    return render_chart(chart_dir / "no-tick-labels.png", "no-tick-labels",
                        [dict(LINEAR_SERIES[0], labels=None)], xlim=(40, 150), ylim=(2000, 7000),
                        tick_labels=False)


@pytest.fixture
def rng() -> np.random.Generator:
    return np.random.default_rng(SEED)
