"""The project's default inputs: the DeepInfer charts of the seed article, drawn from data
(prefill and decode as XY charts, the evaluation scores as a bar chart).

`raw_charts/deepinfer_readings.yaml` holds the points (quoted readings and illustrative fill-ins);
this module renders them as vendor-style PNGs. Rendering is byte-for-byte deterministic on one
machine, and a PNG is only rewritten when its bytes change, so DVC sees no spurious edits.

    python -m pipeline.defaults --out raw_charts
"""
from __future__ import annotations

import argparse
import io
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, Sequence

from .errors import InputNotFound, OutputError, PipelineError, UsageError
from .provenance import write_bytes_if_changed

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATA_FILE = REPO_ROOT / "raw_charts" / "deepinfer_readings.yaml"

WIDTH_PX, HEIGHT_PX, DPI = 1200, 750, 100
SERIES_COLOR = "#1f5fbf"
MARKER_SIZE_PT = 9.0
LABEL_GAP_PT = 4.0        # clear space between a marker's edge and its label
LABEL_PAD_PX = 3.0        # labels keep this far from markers, other labels and the frame

# Label positions tried around a marker, as (direction x, direction y, ha, va); the order is the
# tie-breaker after "crosses the fewest line segments".
_CANDIDATES = (
    (1, 0, "left", "center"), (1, -1, "left", "top"), (-1, 1, "right", "bottom"),
    (1, 1, "left", "bottom"), (-1, 0, "right", "center"), (0, -1, "center", "top"),
    (0, 1, "center", "bottom"), (-1, -1, "right", "top"),
)


def load_readings(data_file: Path) -> dict:
    """The parsed data file, checked enough that rendering cannot fail halfway."""
    import yaml

    data_file = Path(data_file)
    if not data_file.is_file():
        raise InputNotFound(f"default chart data not found: {data_file}")
    try:
        data = yaml.safe_load(data_file.read_text(encoding="utf-8"))
    except (yaml.YAMLError, UnicodeDecodeError) as exc:
        raise UsageError(f"{data_file} is not valid YAML: {exc}") from exc
    charts = data.get("charts") if isinstance(data, dict) else None
    if not charts:
        raise UsageError(f"{data_file} lists no charts")
    for chart in charts:
        for key in ("id", "image", "title", "x_axis", "y_axis", "series"):
            if key not in chart:
                raise UsageError(f"{data_file}: chart {chart.get('id', '?')} has no '{key}'")
        for series in chart["series"]:
            for point in series.get("points") or []:
                missing = {"label", "x", "y", "illustrative"} - point.keys()
                if missing:
                    raise UsageError(f"{data_file}: chart {chart['id']} point {point.get('label', '?')}"
                                     f" lacks {', '.join(sorted(missing))}")
                if not point["illustrative"] and not point.get("hedge"):
                    raise UsageError(f"{data_file}: quoted point {point['label']} of chart "
                                     f"{chart['id']} has no hedge")
    return data


def quoted_points(data: dict) -> Iterator[tuple[dict, dict]]:
    """(chart, point) for every point the article quotes (not the illustrative ones)."""
    for chart in data["charts"]:
        for series in chart["series"]:
            for point in series["points"]:
                if not point["illustrative"]:
                    yield chart, point


def format_tick(value: float, _pos: object = None) -> str:
    """Tick text the way vendor charts print it: 60000 -> '60k', 2500 -> '2.5k', 300 -> '300'."""
    if abs(value) >= 1000:
        return f"{value / 1000:g}k"
    return f"{value:g}"


def axis_limits(values: Sequence[float], pad: float = 0.1) -> tuple[float, float]:
    """Limits on round tick values around the data, padded by `pad` of the span on each side.

    The axis starts at 0 only when the padded data come within a quarter of the span of 0;
    otherwise it starts near the data (a throughput axis of 60k-89k is not drawn from 0).
    """
    from matplotlib.ticker import MaxNLocator

    lo, hi = min(values), max(values)
    span = (hi - lo) or abs(hi) or 1.0
    lo, hi = lo - pad * span, hi + pad * span
    if 0 <= lo <= 0.25 * span:
        lo = 0.0
    ticks = MaxNLocator(nbins=6, steps=[1, 2, 2.5, 5, 10]).tick_values(lo, hi)
    return float(ticks[0]), float(ticks[-1])


@dataclass(frozen=True)
class LabelBox:
    """Where one point label landed, and its marker's centre, in display pixels (origin bottom-left)."""
    label: str
    anchor_x: float
    anchor_y: float
    x0: float
    y0: float
    x1: float
    y1: float

    def overlaps(self, other: tuple[float, float, float, float], pad: float = 0.0) -> bool:
        ox0, oy0, ox1, oy1 = other
        return not (self.x1 + pad <= ox0 or ox1 + pad <= self.x0
                    or self.y1 + pad <= oy0 or oy1 + pad <= self.y0)

    @property
    def extent(self) -> tuple[float, float, float, float]:
        return self.x0, self.y0, self.x1, self.y1


def _segment_hits_box(p: tuple[float, float], q: tuple[float, float],
                      box: tuple[float, float, float, float]) -> bool:
    # Liang-Barsky clipping: does the segment p-q pass through the rectangle?
    x0, y0, x1, y1 = box
    dx, dy = q[0] - p[0], q[1] - p[1]
    t0, t1 = 0.0, 1.0
    for den, num in ((-dx, p[0] - x0), (dx, x1 - p[0]), (-dy, p[1] - y0), (dy, y1 - p[1])):
        if den == 0:
            if num < 0:
                return False
            continue
        t = num / den
        if den < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return False
    return True


def _place_labels(ax, points: list[tuple[float, float]], labels: list[str], renderer) -> list[LabelBox]:
    """Put each label beside its marker where it touches no marker, label or frame edge.

    Among the free positions, the one crossing the fewest line segments wins, then the earliest
    in _CANDIDATES. Deterministic: same data, same positions.
    """
    points_px = [tuple(ax.transData.transform(p)) for p in points]
    px_per_pt = DPI / 72.0
    r = MARKER_SIZE_PT / 2 * px_per_pt
    markers = [(x - r, y - r, x + r, y + r) for x, y in points_px]
    segments = list(zip(points_px, points_px[1:]))
    frame = ax.get_window_extent(renderer)
    offset_pt = MARKER_SIZE_PT / 2 + LABEL_GAP_PT
    placed: list[LabelBox] = []
    for xy, (mx, my), text in zip(points, points_px, labels):
        best = None
        for rank, (ux, uy, ha, va) in enumerate(_CANDIDATES):
            norm = 0.7071 if ux and uy else 1.0  # diagonals at the same distance as sides
            ann = ax.annotate(text, xy=xy, xycoords="data",
                              xytext=(ux * offset_pt * norm, uy * offset_pt * norm),
                              textcoords="offset points", ha=ha, va=va, fontsize=12,
                              fontweight="bold", color="#1a1a1a", zorder=4)
            bb = ann.get_window_extent(renderer)
            box = LabelBox(text, mx, my, bb.x0, bb.y0, bb.x1, bb.y1)
            clashes = sum(box.overlaps(m, LABEL_PAD_PX) for m in markers)
            clashes += sum(box.overlaps(o.extent, LABEL_PAD_PX) for o in placed)
            inside = (bb.x0 >= frame.x0 + LABEL_PAD_PX and bb.x1 <= frame.x1 - LABEL_PAD_PX
                      and bb.y0 >= frame.y0 + LABEL_PAD_PX and bb.y1 <= frame.y1 - LABEL_PAD_PX)
            crossings = sum(_segment_hits_box(p, q, box.extent) for p, q in segments)
            score = (clashes + (0 if inside else 1), crossings, rank)
            if best is None or score < best[0]:
                if best is not None:
                    best[1].remove()
                best = (score, ann, box)
            else:
                ann.remove()
        placed.append(best[2])
    return placed


def render_bar_chart(chart: dict) -> bytes:
    """PNG bytes of a bar chart (one bar per point, x = category index): vertical bars with the
    value printed above each, a 0-100 axis for percentages, in the style of the XY charts."""
    import matplotlib
    import matplotlib.style
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    points = [p for s in chart["series"] for p in s["points"]]
    with matplotlib.style.context("default"), matplotlib.rc_context(
            {"font.family": "DejaVu Sans", "axes.unicode_minus": False}):
        fig = Figure(figsize=(WIDTH_PX / DPI, HEIGHT_PX / DPI), dpi=DPI, facecolor="white")
        FigureCanvasAgg(fig)
        fig.subplots_adjust(left=0.095, right=0.965, bottom=0.12, top=0.845)
        ax = fig.add_subplot()
        xs = [int(p["x"]) for p in points]
        bars = ax.bar(xs, [float(p["y"]) for p in points], width=0.6, color=SERIES_COLOR, zorder=3)
        ax.bar_label(bars, [str(p["value_label"]) for p in points], padding=4, fontsize=13,
                     fontweight="bold", color="#1a1a1a")
        top = max(float(p["y"]) for p in points)
        ax.set_ylim(0, 110 if chart["y_axis"].get("unit") == "%" else top * 1.15)
        if chart["y_axis"].get("unit") == "%":
            ax.set_yticks([0, 20, 40, 60, 80, 100])
        ax.set_xticks(xs, [str(p["label"]) for p in points])
        ax.set_xlim(min(xs) - 0.6, max(xs) + 0.6)
        ax.grid(True, axis="y", color="#dedede", linewidth=0.8)
        _house_style(ax, chart)
        fig.text(0.095, 0.945, chart["title"], fontsize=17, fontweight="bold", color="#111111",
                 ha="left", va="baseline")
        if chart.get("subtitle"):
            fig.text(0.095, 0.900, chart["subtitle"], fontsize=12, color="#555555", ha="left", va="baseline")
        buf = io.BytesIO()
        fig.savefig(buf, format="png", dpi=DPI, metadata={"Software": None})
    return buf.getvalue()


def _house_style(ax, chart: dict) -> None:
    """The look both default chart kinds share: light frame on two sides, grey ticks, titles."""
    ax.set_axisbelow(True)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    for side in ("left", "bottom"):
        ax.spines[side].set_color("#888888")
    ax.tick_params(labelsize=12, colors="#333333", length=4)
    ax.set_xlabel(chart["x_axis"]["title"], fontsize=13, labelpad=8, color="#222222")
    ax.set_ylabel(chart["y_axis"]["title"], fontsize=13, labelpad=10, color="#222222")


def render_chart(chart: dict) -> tuple[bytes, list[LabelBox]]:
    """PNG bytes of one chart, and where its point labels were put (none for bar charts)."""
    if chart.get("kind") == "bar":
        return render_bar_chart(chart), []
    import matplotlib
    import matplotlib.style
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.ticker import FuncFormatter, MaxNLocator

    points = [p for s in chart["series"] for p in s["points"]]
    xs = [float(p["x"]) for p in points]
    ys = [float(p["y"]) for p in points]
    # Built-in defaults, not the user's matplotlibrc: the bytes must not depend on the machine's config.
    with matplotlib.style.context("default"), matplotlib.rc_context(
            {"font.family": "DejaVu Sans", "axes.unicode_minus": False}):
        fig = Figure(figsize=(WIDTH_PX / DPI, HEIGHT_PX / DPI), dpi=DPI, facecolor="white")
        canvas = FigureCanvasAgg(fig)
        fig.subplots_adjust(left=0.095, right=0.965, bottom=0.105, top=0.845)
        ax = fig.add_subplot()
        ax.set_xlim(*axis_limits(xs))
        ax.set_ylim(*axis_limits(ys))
        for axis in (ax.xaxis, ax.yaxis):
            axis.set_major_locator(MaxNLocator(nbins=6, steps=[1, 2, 2.5, 5, 10]))
            axis.set_major_formatter(FuncFormatter(format_tick))
        ax.grid(True, color="#dedede", linewidth=0.8)
        _house_style(ax, chart)
        for series in chart["series"]:
            ax.plot([p["x"] for p in series["points"]], [p["y"] for p in series["points"]],
                    color=SERIES_COLOR, linewidth=2.2, marker="o", markersize=MARKER_SIZE_PT,
                    markerfacecolor=SERIES_COLOR, markeredgecolor="white", markeredgewidth=1.2,
                    zorder=3, clip_on=False)
        fig.text(0.095, 0.945, chart["title"], fontsize=17, fontweight="bold", color="#111111",
                 ha="left", va="baseline")
        if chart.get("subtitle"):
            fig.text(0.095, 0.900, chart["subtitle"], fontsize=12, color="#555555",
                     ha="left", va="baseline")
        canvas.draw()  # fixes the layout, so data -> pixel transforms are final
        renderer = canvas.get_renderer()
        boxes: list[LabelBox] = []
        for series in chart["series"]:
            xy = [(float(p["x"]), float(p["y"])) for p in series["points"]]
            boxes += _place_labels(ax, xy, [str(p["label"]) for p in series["points"]], renderer)
        buf = io.BytesIO()
        # No 'Software' text chunk and no timestamp: identical input gives identical bytes.
        fig.savefig(buf, format="png", dpi=DPI, metadata={"Software": None})
    return buf.getvalue(), boxes


def render_defaults(out_dir: Path, data_file: Path = DEFAULT_DATA_FILE) -> list[Path]:
    """Render every chart in `data_file` into `out_dir`; returns the image paths in file order.

    A PNG whose bytes are unchanged is left untouched (its mtime too).
    """
    out_dir = Path(out_dir)
    data = load_readings(data_file)
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"cannot create output folder {out_dir}: {exc.strerror}") from exc
    paths = []
    for chart in data["charts"]:
        png, _ = render_chart(chart)
        path = out_dir / chart["image"]
        try:
            write_bytes_if_changed(path, png)
        except OSError as exc:
            raise OutputError(f"cannot write {path}: {exc.strerror}") from exc
        paths.append(path)
    return paths


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", type=Path, default=Path("raw_charts"),
                        help="folder for the PNGs (default: raw_charts)")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA_FILE,
                        help="chart data file (default: the project's raw_charts/deepinfer_readings.yaml)")


def run(args: argparse.Namespace) -> int:
    for path in render_defaults(args.out, args.data):
        print(path)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pipeline.defaults",
                                     description="Render the default DeepInfer charts.")
    add_arguments(parser)
    args = parser.parse_args(argv)
    try:
        return run(args)
    except PipelineError as exc:
        print(f"error: {exc.message}", file=sys.stderr)
        return exc.exit_code


if __name__ == "__main__":
    sys.exit(main())
