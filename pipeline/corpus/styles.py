"""Looks of the synthetic charts: palettes, fonts, per-style settings and tick label formats.

A *style* is a named look (``mpl-ggplot``, ``pil-dashboard`` ...).  Each style leaves room for
per-chart variation (font, grid on/off, legend place, marker shapes); the generator draws those
from the lists given here.
"""
from __future__ import annotations

import math
from functools import lru_cache

PALETTES = {
    "tab10": ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b"],
    "ggplot": ["#E24A33", "#348ABD", "#988ED5", "#777777", "#FBC15E", "#8EBA42"],
    "deep": ["#4C72B0", "#DD8452", "#55A868", "#C44E52", "#8172B3", "#937860"],
    "colorblind": ["#0173B2", "#DE8F05", "#029E73", "#D55E00", "#CC78BC", "#CA9161"],
    "dark2": ["#1b9e77", "#d95f02", "#7570b3", "#e7298a", "#66a61e", "#e6ab02"],
    "fte": ["#008FD5", "#FC4F30", "#E5AE38", "#6D904F", "#8B8B8B", "#810F7C"],
    "pastel_dark": ["#8dd3c7", "#feffb3", "#fa8174", "#81b1d2", "#bfbbd9", "#fdb462"],
    "office": ["#4472C4", "#ED7D31", "#A5A5A5", "#FFC000", "#5B9BD5", "#70AD47"],
    "material": ["#1E88E5", "#D81B60", "#43A047", "#FB8C00", "#8E24AA", "#00ACC1"],
    "neon": ["#4FC3F7", "#FF8A65", "#AED581", "#BA68C8", "#FFD54F", "#4DB6AC"],
    "mono_blue": ["#08519c", "#6baed6", "#d94801", "#2171b5", "#fd8d3c", "#9ecae1"],
    "vega": ["#4c78a8", "#f58518", "#e45756", "#72b7b2", "#54a24b", "#b279a2"],
}

# Font families looked up on this machine (system fonts via fontconfig and the fonts matplotlib
# ships).  A family that is not found is simply not used.
FONT_CANDIDATES = [
    "DejaVu Sans", "DejaVu Sans Condensed", "DejaVu Serif", "DejaVu Serif Condensed",
    "DejaVu Sans Mono", "STIXGeneral", "Liberation Sans", "Liberation Serif",
    "Liberation Sans Narrow", "FreeSans", "FreeSerif", "Roboto", "Noto Sans", "Open Sans",
    "Lato", "Ubuntu",
]


@lru_cache(maxsize=None)
def font_files() -> dict:
    """family -> {"regular": path, "bold": path} for the candidate families present here."""
    from matplotlib import font_manager as fm

    found = {}
    by_family = {}
    for f in fm.fontManager.ttflist:
        if not f.fname.lower().endswith((".ttf", ".otf")):
            continue
        by_family.setdefault(f.name, []).append(f)
    for fam in FONT_CANDIDATES:
        entries = [f for f in by_family.get(fam, []) if f.style == "normal"]
        if not entries:
            continue
        # prefer the system copy (sorted path) for stability, and the exact family for stretch
        entries.sort(key=lambda f: f.fname)
        cond = "Condensed" in fam

        def pick(bold):
            good = [f for f in entries if (f.weight >= 600) == bold
                    and (("Condensed" in f.fname) == cond)
                    and "Light" not in f.fname and "ExtraLight" not in f.fname]
            return good[0].fname if good else None

        reg = pick(False)
        if reg is None:
            continue
        found[fam] = {"regular": reg, "bold": pick(True) or reg}
    return found


def available_fonts(wanted) -> list:
    have = font_files()
    out = [f for f in wanted if f in have]
    return out or ["DejaVu Sans"]


# ----------------------------------------------------------------------------- styles
# Matplotlib looks.  Keys: colours, frame ("all" | "left-bottom" | "none" | "bottom"),
# grid choices (None = no grid; dict = one possible grid), tick direction, fonts, palettes.
MPL_STYLES = {
    "mpl-white": dict(
        fig_bg="#ffffff", ax_bg="#ffffff", text="#000000", tick="#000000", frame="all",
        spine="#000000", grids=[None, None, dict(axis="both", color="#b0b0b0", ls="-", lw=0.6)],
        tick_dir="out", mirror=False, fonts=["DejaVu Sans", "Liberation Sans", "FreeSans"],
        palettes=["tab10", "mono_blue"], legend_frame=True, title_weight="normal"),
    "mpl-ggplot": dict(
        fig_bg="#ffffff", ax_bg="#E5E5E5", text="#555555", tick="#555555", frame="none",
        spine="#ffffff", grids=[dict(axis="both", color="#ffffff", ls="-", lw=1.0)],
        tick_dir="out", mirror=False, fonts=["DejaVu Sans", "DejaVu Sans Condensed", "Roboto"],
        palettes=["ggplot", "tab10"], legend_frame=False, title_weight="normal"),
    "mpl-seaborn": dict(
        fig_bg="#ffffff", ax_bg="#ffffff", text="#262626", tick="#262626", frame="all",
        spine="#cccccc", grids=[dict(axis="both", color="#dddddd", ls="-", lw=0.9),
                                dict(axis="y", color="#dddddd", ls="-", lw=0.9)],
        tick_dir="out", mirror=False, fonts=["DejaVu Sans", "Liberation Sans", "Noto Sans"],
        palettes=["deep", "colorblind"], legend_frame=True, title_weight="normal"),
    "mpl-minimal": dict(
        fig_bg="#ffffff", ax_bg="#ffffff", text="#222222", tick="#222222", frame="left-bottom",
        spine="#222222", grids=[None, dict(axis="y", color="#e0e0e0", ls="-", lw=0.8)],
        tick_dir="in", mirror=False, fonts=["DejaVu Serif", "STIXGeneral", "Liberation Serif"],
        palettes=["colorblind", "dark2"], legend_frame=False, title_weight="bold"),
    "mpl-boxed": dict(
        fig_bg="#ffffff", ax_bg="#ffffff", text="#000000", tick="#000000", frame="all",
        spine="#000000", grids=[dict(axis="both", color="#999999", ls="--", lw=0.6),
                                dict(axis="both", color="#aaaaaa", ls=":", lw=0.9)],
        tick_dir="in", mirror=True,
        fonts=["STIXGeneral", "DejaVu Serif Condensed", "DejaVu Sans Mono", "FreeSerif"],
        palettes=["dark2", "tab10"], legend_frame=True, title_weight="normal"),
    "mpl-fte": dict(
        fig_bg="#f0f0f0", ax_bg="#f0f0f0", text="#3c3c3c", tick="#3c3c3c", frame="none",
        spine="#f0f0f0", grids=[dict(axis="both", color="#cbcbcb", ls="-", lw=1.4)],
        tick_dir="out", mirror=False, fonts=["DejaVu Sans Condensed", "DejaVu Sans", "Lato"],
        palettes=["fte"], legend_frame=False, title_weight="bold"),
    "mpl-dark": dict(
        fig_bg="#1e1e1e", ax_bg="#2a2a2a", text="#e0e0e0", tick="#cfcfcf", frame="bottom",
        spine="#9a9a9a", grids=[dict(axis="both", color="#4a4a4a", ls="-", lw=0.8), None],
        tick_dir="out", mirror=False, fonts=["DejaVu Sans", "DejaVu Sans Mono", "Ubuntu"],
        palettes=["pastel_dark", "neon"], legend_frame=False, title_weight="bold"),
}

# Hand-drawn (Pillow) looks.
PIL_STYLES = {
    # Excel / BI-dashboard: no axis lines, light horizontal gridlines, legend swatches at top.
    "pil-dashboard": dict(
        page_bg="#ffffff", plot_bg="#ffffff", card=False, text="#404040", title="#202020",
        grid="#e3e3e3", grid_axes="y", grid_dash=None, baseline=None, legend_at="top",
        swatch="square", fonts=["DejaVu Sans", "DejaVu Sans Condensed", "Liberation Sans"],
        palettes=["office", "deep"], markers=["o"], outline="#ffffff", title_align="left"),
    # Web "card": grey page, white rounded card, dashed grid both ways, x baseline, legend right.
    "pil-card": dict(
        page_bg="#eef0f3", plot_bg="#ffffff", card=True, text="#4b5563", title="#111827",
        grid="#d6dae0", grid_axes="both", grid_dash=(6, 4), baseline="#6b7280",
        legend_at="right", swatch="line",
        fonts=["DejaVu Serif", "DejaVu Sans", "DejaVu Serif Condensed", "Liberation Serif"],
        palettes=["material", "dark2"], markers=["s", "D", "^", "o"], outline="#ffffff",
        title_align="center"),
    # Dark monitoring dashboard (used for the "dark" degradation).
    "pil-dark": dict(
        page_bg="#181b23", plot_bg="#181b23", card=False, text="#b8bfcc", title="#e8ebf0",
        grid="#343a48", grid_axes="y", grid_dash=None, baseline=None, legend_at="bottom",
        swatch="circle", fonts=["DejaVu Sans Mono", "DejaVu Sans"],
        palettes=["neon"], markers=["o", "s"], outline=None, title_align="left"),
}

# Vega-Lite looks (render_vega): Vega lays out axes, ticks and legend itself. Not in the
# default pool, so that the corpora of earlier seeds stay as they were: ask for them with
# `--styles vega-default,vega-minimal`.
VEGA_STYLES = {
    # Vega's own defaults: grey grid both ways, grey axis lines and ticks, legend right.
    "vega-default": dict(
        page_bg="#ffffff", plot_bg="#ffffff", frame="#dddddd", text="#000000", title="#000000",
        grid=True, grid_color="#dddddd", domain=True, ticks=True, axis_color="#888888", legend_at="right",
        fonts=["Liberation Sans", "DejaVu Sans", "FreeSans"], palettes=["vega", "tab10"],
        markers=["o", "s", "D", "^"], outline=None),
    # A trimmed web look: no grid or frame, dark axis lines, legend on top.
    "vega-minimal": dict(
        page_bg="#ffffff", plot_bg="#ffffff", frame=None, text="#333333", title="#111111",
        grid=False, grid_color="#e6e6e6", domain=True, ticks=True, axis_color="#333333", legend_at="top",
        fonts=["DejaVu Sans", "Liberation Serif", "DejaVu Serif", "Liberation Sans Narrow"],
        palettes=["colorblind", "dark2", "office"], markers=["o", "s", "D", "^"], outline="#ffffff"),
    # Dark theme (used for the "dark" degradation of the Vega looks).
    "vega-dark": dict(
        page_bg="#1f2330", plot_bg="#1f2330", frame=None, text="#c9ced8", title="#eef0f4",
        grid=True, grid_color="#3a4050", domain=False, ticks=False, axis_color="#8a90a0", legend_at="bottom",
        fonts=["DejaVu Sans", "Liberation Sans"], palettes=["neon"], markers=["o", "s"], outline=None),
}

DARK_STYLE = {"matplotlib": "mpl-dark", "pil": "pil-dark", "vega": "vega-dark"}
LIGHT_STYLES = [s for s in MPL_STYLES if s != "mpl-dark"] + [s for s in PIL_STYLES if s != "pil-dark"]
ALL_STYLES = list(MPL_STYLES) + list(PIL_STYLES) + list(VEGA_STYLES)


def renderer_of(style: str) -> str:
    return "pil" if style.startswith("pil-") else "vega" if style.startswith("vega-") else "matplotlib"


def style_settings(style: str) -> dict:
    """The settings of a named look, whatever renders it."""
    return {"matplotlib": MPL_STYLES, "pil": PIL_STYLES, "vega": VEGA_STYLES}[renderer_of(style)][style]


# ----------------------------------------------------------------------------- tick formats
def decimals_for(step: float, scale: float = 1.0) -> int:
    """Fewest decimals that show multiples of ``step`` (in units of ``scale``) exactly."""
    s = abs(step) / scale
    for d in range(0, 6):
        if abs(round(s * 10 ** d) - s * 10 ** d) < 1e-6 * max(1.0, s * 10 ** d):
            return d
    return 6


def _trim(s: str) -> str:
    return "0" if s in ("-0", "-0.0", "-0.00") else s


def format_tick(v: float, fmt: str, step: float) -> str:
    """Format a linear-axis tick value.

    fmt: plain (20000), comma (20,000), k (20k), M (1.5M), sci (2e4 / 1.5e4), pct (10%).
    """
    if fmt == "comma":
        d = decimals_for(step)
        return _trim(f"{v:,.{d}f}")
    if fmt in ("k", "M"):
        scale = 1e3 if fmt == "k" else 1e6
        if abs(v) < 1e-12:
            return "0"
        d = decimals_for(step, scale)
        return _trim(f"{v / scale:.{d}f}") + fmt
    if fmt == "sci":
        if abs(v) < 1e-12:
            return "0"
        e = int(math.floor(math.log10(abs(v)) + 1e-9))
        m = v / 10 ** e
        ms = f"{m:.3g}"
        return f"{ms}e{e}"
    if fmt == "pct":
        d = decimals_for(step)
        return _trim(f"{v:.{d}f}") + "%"
    d = decimals_for(step)
    return _trim(f"{v:.{d}f}")


def format_log_tick(v: float, fmt: str) -> str:
    """Format a log-axis tick value.  fmt: plain, comma, k, sci (1e3), pow (10^3, mathtext)."""
    if fmt == "sci":
        e = math.log10(v)
        if abs(e - round(e)) < 1e-9:
            return f"1e{int(round(e))}"
        return format_tick(v, "sci", v)
    if fmt == "pow":
        e = math.log10(v)
        if abs(e - round(e)) < 1e-9:
            return f"10^{int(round(e))}"
        return format_tick(v, "plain", v if v >= 1 else 10 ** math.floor(math.log10(v)))
    if fmt == "k" and v >= 1000:
        return format_tick(v, "k", 10 ** math.floor(math.log10(v)) if v % 1000 == 0 else 100)
    step = 1 if v >= 1 and abs(v - round(v)) < 1e-9 else 10 ** math.floor(math.log10(v))
    return format_tick(v, "comma" if fmt == "comma" else "plain", step)


def nice_linear_ticks(lo: float, hi: float, rng, target=None):
    """Ticks (multiples of a 1/2/2.5/5 x 10^k step) inside [lo, hi]; returns (ticks, step)."""
    span = hi - lo
    target = target or rng.choice([4, 5, 5, 6, 7])
    best = None
    for e in range(int(math.floor(math.log10(span))) - 2, int(math.floor(math.log10(span))) + 2):
        for m in (1, 2, 2.5, 5):
            step = m * 10 ** e
            first = math.ceil(lo / step - 1e-9)
            last = math.floor(hi / step + 1e-9)
            n = last - first + 1
            if n < 3 or n > 9:
                continue
            score = abs(n - target) + (0.3 if m == 2.5 else 0)
            if best is None or score < best[0]:
                best = (score, step, first, last)
    _, step, first, last = best
    ticks = [round(k * step, 10) for k in range(first, last + 1)]
    return ticks, step


def log_ticks(lo: float, hi: float, base: int, dense: bool):
    """Tick values for a log axis inside [lo, hi] (base 2: powers of two; base 10: decades,
    with 2 and 5 added when the range spans few decades or ``dense``)."""
    out = []
    if base == 2:
        k = math.ceil(math.log2(lo) - 1e-9)
        while 2.0 ** k <= hi * (1 + 1e-9):
            out.append(2.0 ** k)
            k += 1
        if len(out) > 10:
            out = out[::2]
        return [int(v) if v >= 1 else v for v in out]
    decades = math.log10(hi) - math.log10(lo)
    for mults in ((1, 2, 5) if (dense or decades < 2.2) else (1,), (1, 2, 5), (1, 2, 3, 4, 5, 6, 8)):
        out = []
        k = math.floor(math.log10(lo))
        while 10.0 ** k <= hi * 10:
            for m in mults:
                v = m * 10.0 ** k
                if lo * (1 - 1e-9) <= v <= hi * (1 + 1e-9):
                    out.append(int(round(v)) if v >= 1 else float(f"{v:.6g}"))
            k += 1
        if len(out) >= 3:
            break
    return out
