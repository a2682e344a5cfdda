"""Random chart specifications: the data of each kind, its axes and the per-chart look.

A spec is a plain dict; the renderers draw it and the generator turns it into the truth file.
Values are rounded to the precision they are stored with in the truth, and then plotted, so
the truth is exact.
"""
from __future__ import annotations

import math

from . import styles as S

KINDS = ["prefill", "decode", "multi", "concurrency"]

SERIES_NAMES = ["Ours", "Engine A", "Engine B", "baseline", "optimized", "vLLM-like",
                "SGLang-like", "TRT-LLM-like", "This work", "FP8", "BF16", "H100", "B200",
                "MI300X", "TP=8", "TP=4, DP=2", "chunked prefill", "no chunking", "spec. decode",
                "v0.9", "v0.10"]

PREFILL_X = ["Prefill step time (ms)", "Step latency (ms)", "Latency per step [ms]",
             "Batch step latency (ms)", "Time per prefill step (ms)"]
DECODE_X = ["Interactivity (tokens/s per user)", "Output speed (tok/s/user)", "Tokens/s/user",
            "Per-user decode speed (tok/s)", "tok/s/user"]
GPU_Y = ["Tokens/s per GPU", "Tokens/s/GPU", "Throughput (tok/s/GPU)", "Output tok/s per GPU",
         "Throughput per GPU (tokens/s)"]
PREFILL_TITLES = ["Prefill throughput vs. step latency", "Prefill: throughput vs latency",
                  "Prefill frontier, ISL=8k", "Prefill scaling with batch size", ""]
DECODE_TITLES = ["Decode throughput-interactivity frontier", "Decode frontier, OSL=1k",
                 "Throughput vs. interactivity", "Decode: per-GPU vs per-user throughput", ""]
MULTI_TITLES = ["Engine comparison", "Serving engines compared", "Pareto frontiers", ""]


def r3(v):
    """Round to 4 significant digits (limits) without float noise."""
    if v == 0:
        return 0.0
    return float(f"{v:.4g}")


def round_y(v):
    if abs(v) >= 1e5:
        return float(round(v, -3))
    if abs(v) >= 1e3:
        return float(round(v, -1))
    if abs(v) >= 100:
        return round(v, 1)
    if abs(v) >= 10:
        return round(v, 2)
    return round(v, 3)


def number_label(v, fmt):
    if fmt == "comma":
        return f"{v:,}"
    if fmt.endswith("="):
        return f"{fmt}{v}"
    if fmt.startswith(" "):
        return f"{v}{fmt}"
    return str(v)


# ----------------------------------------------------------------------------- data
def _prefill_series(rng, bss, y_sat, lab_fmt):
    half = bss[0] * rng.uniform(0.35, 1.3)
    c = rng.uniform(0.7, 1.7)
    pts = []
    for bs in bss:
        y = y_sat * bs / (bs + half) * rng.uniform(0.985, 1.015)
        x = bs * 1000.0 / y * c
        pts.append({"label": number_label(bs, lab_fmt), "x": round(x, 1), "y": y})
    return pts


def _decode_series(rng, ns, s_max, c, lab_fmt):
    n0 = rng.uniform(4, 40)
    a = rng.uniform(0.3, 0.65)
    pts = []
    for n in ns:
        x = s_max / (1 + n / n0) ** a * rng.uniform(0.985, 1.015)
        y = n * x * c
        pts.append({"label": number_label(n, lab_fmt), "x": round(x, 1), "y": y})
    return pts


def _y_units(rng, pts_all):
    """Optionally show per-GPU throughput as cluster totals (M range) -> (factor, title, fmts)."""
    u = rng.random()
    if u < 0.15:
        g = rng.choice([16, 32, 64])
        return g, rng.choice(["Total throughput (tok/s)", "Cluster tokens/s"]), ["M", "comma", "sci"]
    if u < 0.27:
        g = rng.choice([16, 32, 64])
        return g / 1e6, rng.choice(["Cluster throughput (M tok/s)", "Throughput (M tokens/s)"]), ["plain"]
    return 1, rng.choice(GPU_Y), None


def make_frontier(rng, kind, n_series, crowded=False):
    """prefill / decode style data (also used by multi).  Crowded: more points, closer series."""
    if kind == "prefill":
        n_pts = rng.choice([6, 7]) if crowded else rng.choice([4, 5, 5, 6, 7])
        k0 = rng.choice([0, 1, 2, 2, 3]) if n_pts <= 6 else rng.choice([0, 1])
        bss = [1024 * 2 ** (k0 + j) for j in range(n_pts)]
        lab_fmt = rng.choice(["", "comma", "bs="])
        if crowded and n_series > 1:
            top = rng.randint(50, 95)
            sats = [top - k * rng.randint(5, 9) for k in range(n_series)]
        else:
            sats = sorted(rng.sample(range(20, 100, 6), n_series), reverse=True)
        series = [_prefill_series(rng, bss, s * 1000 * rng.uniform(0.97, 1.03), lab_fmt)
                  for s in sats]
    else:
        n_pts = rng.choice([7, 8]) if crowded else rng.choice([5, 6, 6, 7, 8])
        j0 = rng.randint(0, 8 - (n_pts - 1))
        ns = [2 ** (j0 + j) for j in range(n_pts)]
        lab_fmt = rng.choice(["", "n=", " req"])
        s_max = rng.uniform(150, 420)
        cs = sorted((rng.uniform(0.4, 2.2) for _ in range(n_series)), reverse=True)
        series = []
        for i, c in enumerate(cs):
            series.append(_decode_series(rng, ns, s_max * rng.uniform(0.7, 1.1), c * (1 - 0.2 * i), lab_fmt))
    factor, ytitle, fmts = _y_units(rng, series)
    for pts in series:
        for p in pts:
            p["y"] = round_y(p["y"] * factor)
    return series, ytitle, fmts, lab_fmt


CONC_METRICS = {
    # name: (title choices, y scale choices)
    "ttft": (["TTFT p50 (ms)", "Time to first token (ms)", "TTFT (ms)"], ["log", "log", "linear"]),
    "throughput": (["Output throughput (tok/s)", "Total tokens/s", "Throughput (tok/s)"], ["linear", "log"]),
    "itl": (["ITL p99 (ms)", "Inter-token latency (ms)"], ["linear"]),
    "change": (["Throughput change vs. baseline", "Speed-up over baseline (%)"], ["linear"]),
    "e2e": (["E2E latency (s)", "Request latency p90 (s)"], ["linear", "log"]),
    "rps": (["Requests/s", "Goodput (req/s)"], ["linear"]),
    "cluster": (["Cluster throughput (tok/s)"], ["linear"]),
}


def make_concurrency(rng, n_series):
    c0 = rng.choice([1, 1, 2])
    c1 = rng.choice([64, 128, 256, 256, 512])
    cs = []
    c = c0
    while c <= c1:
        cs.append(c)
        c *= 2
    metric = rng.choice(list(CONC_METRICS))
    titles, scales = CONC_METRICS[metric]
    yscale = rng.choice(scales)
    series = []
    for i in range(n_series):
        if metric in ("ttft", "e2e"):
            b = rng.uniform(30, 300) if metric == "ttft" else rng.uniform(0.3, 1.5)
            k = rng.uniform(8, 64)
            p = rng.uniform(0.9, 1.8)
            f = lambda c: b * (1 + (c / k) ** p)
        elif metric in ("throughput", "rps", "cluster"):
            ymax = {"throughput": rng.uniform(2e3, 4e4), "rps": rng.uniform(2, 60),
                    "cluster": rng.uniform(5e5, 4e6)}[metric]
            h = rng.uniform(4, 64)
            f = lambda c: ymax * c / (c + h)
        elif metric == "itl":
            b = rng.uniform(8, 40)
            s = rng.uniform(0.05, 0.6)
            p = rng.uniform(0.8, 1.3)
            f = lambda c: b + s * c ** p
        else:
            a = rng.uniform(-20, 5)
            s = rng.uniform(1.5, 6)
            f = lambda c: a + s * math.log2(c)
        pts = []
        for c in cs:
            y = f(c)
            y = y * rng.uniform(0.97, 1.03) if metric != "change" else y + rng.uniform(-1.5, 1.5)
            pts.append({"label": "", "x": c, "y": round_y(y)})
        series.append(pts)
    return series, metric, rng.choice(titles), yscale


# ----------------------------------------------------------------------------- axes
def linear_axis(rng, vals, fmts, allow_zero=True, title=""):
    lo, hi = min(vals), max(vals)
    span = hi - lo or abs(hi) or 1.0
    mode = rng.random()
    if allow_zero and lo > 0.04 * hi and mode < 0.3 and lo < 2.5 * span:
        amin = 0.0
        amax = hi + span * rng.uniform(0.05, 0.14)
    else:
        amin = lo - span * rng.uniform(0.05, 0.15)
        amax = hi + span * rng.uniform(0.05, 0.14)
        if allow_zero and lo >= 0 and amin < 0:
            # positive data: start at 0, or just below it when a point sits near 0
            amin = 0.0 if lo >= 0.03 * amax else -0.04 * amax
    ticks, step = S.nice_linear_ticks(amin, amax, rng)
    if rng.random() < 0.4 and not (lo >= 0 and math.floor(amin / step + 1e-9) * step < 0):
        # snap the limits to ticks (one step outwards when a point would be too close)
        lo_t = math.floor(amin / step + 1e-9) * step
        hi_t = math.ceil(amax / step - 1e-9) * step
        if lo - lo_t >= 0.03 * (hi_t - lo_t) and hi_t - hi >= 0.03 * (hi_t - lo_t):
            amin, amax = lo_t, hi_t
            ticks, step = S.nice_linear_ticks(amin, amax, rng)
    amin, amax = r3(amin), r3(amax)
    if not (lo - amin >= 0.015 * (amax - amin) and amax - hi >= 0.015 * (amax - amin)):
        amin, amax = lo - 0.06 * span, hi + 0.06 * span
        amin, amax = r3(amin), r3(amax)
    ticks, step = S.nice_linear_ticks(amin, amax, rng)
    ticks = [t for t in ticks if amin - 1e-9 <= t <= amax + 1e-9]
    fmt = rng.choice(fmts)
    if fmt == "k" and max(abs(t) for t in ticks) < 1000:
        fmt = "plain"
    if fmt == "M" and max(abs(t) for t in ticks) < 1e5:
        fmt = "comma"
    labels = [S.format_tick(t, fmt, step) for t in ticks]
    return {"scale": "linear", "min": amin, "max": amax, "title": title, "ticks": ticks,
            "tick_labels": labels, "fmt": fmt}


def log_axis(rng, vals, base, fmts, title=""):
    lo, hi = min(vals), max(vals)
    f_lo = rng.uniform(1.2, 1.7)
    f_hi = rng.uniform(1.2, 1.7)
    amin, amax = r3(lo / f_lo), r3(hi * f_hi)
    if base == 10 and rng.random() < 0.3:
        d_lo = 10 ** math.floor(math.log10(lo))
        d_hi = 10 ** math.ceil(math.log10(hi))
        if math.log10(lo / d_lo) > 0.03 * math.log10(d_hi / d_lo) and math.log10(d_hi / hi) > 0.03 * math.log10(d_hi / d_lo):
            amin, amax = float(d_lo), float(d_hi)
    ticks = S.log_ticks(amin, amax, base, dense=rng.random() < 0.3)
    fmt = rng.choice(fmts)
    if base == 2:
        fmt = "k" if fmt == "k" else "plain"
    labels = [S.format_log_tick(t, fmt) for t in ticks]
    return {"scale": "log", "base": base, "min": amin, "max": amax, "title": title,
            "ticks": ticks, "tick_labels": labels, "fmt": fmt}


def y_fmts_for(vals, log=False, mathtext=False):
    m = max(abs(v) for v in vals)
    if log:
        if m >= 1000:
            return ["plain", "comma", "k", "sci"] + (["pow"] if mathtext else [])
        return ["plain", "comma"]
    if m >= 1e5:
        return ["M", "comma", "sci", "k"]
    if m >= 1e4:
        return ["plain", "comma", "k", "k", "sci"]
    if m >= 1000:
        return ["plain", "comma", "k"]
    return ["plain"]


# ----------------------------------------------------------------------------- the spec
def make_spec(rng, chart_id, kind, style, dark=False, transparent=False):
    renderer = S.renderer_of(style)
    crowded = rng.random() < 0.22 and kind != "concurrency"
    # ---- data
    if kind in ("prefill", "decode"):
        n_series = 1
        sub = kind
    elif kind == "multi":
        n_series = rng.choice([2, 2, 3])
        sub = rng.choice(["prefill", "decode"])
    else:
        n_series = rng.choice([1, 2, 2, 3])
        sub = None
    if kind == "concurrency":
        raw, metric, ytitle, yscale = make_concurrency(rng, n_series)
        xtitle = rng.choice(["Concurrent requests", "Concurrency", "Max concurrency",
                             "Number of concurrent users"])
        title = rng.choice({"ttft": ["TTFT vs. concurrency", "Time to first token"],
                            "throughput": ["Throughput vs. concurrency", "Output throughput"],
                            "itl": ["Inter-token latency", "ITL vs. load"],
                            "change": ["Gain over baseline", "Relative throughput"],
                            "e2e": ["End-to-end latency", "Latency under load"],
                            "rps": ["Request throughput", "Goodput vs. concurrency"],
                            "cluster": ["Cluster throughput", "Aggregate throughput"]}[metric] + [""])
        lab_fmt = None
        y_fmts = None
    else:
        raw, ytitle, y_fmts, lab_fmt = make_frontier(rng, sub, n_series, crowded)
        metric = None
        yscale = "linear"
        xtitle = rng.choice(PREFILL_X if sub == "prefill" else DECODE_X)
        title = rng.choice({"prefill": PREFILL_TITLES, "decode": DECODE_TITLES}[sub]
                           + (MULTI_TITLES if kind == "multi" else []))
    legend = n_series > 1 or (kind in ("prefill", "decode") and rng.random() < 0.45)
    names = rng.sample(SERIES_NAMES, n_series) if legend else ["series-1"]
    xs = [p["x"] for pts in raw for p in pts]
    ys = [p["y"] for pts in raw for p in pts]
    mathtext = renderer == "matplotlib"
    if kind == "concurrency":
        x_axis = log_axis(rng, xs, rng.choice([2, 10]), ["plain", "k"], xtitle)
        if yscale == "log":
            y_axis = log_axis(rng, ys, 10, y_fmts_for(ys, True, mathtext), ytitle)
        else:
            fm = ["pct"] if metric == "change" else y_fmts_for(ys)
            y_axis = linear_axis(rng, ys, fm, allow_zero=metric != "change", title=ytitle)
    else:
        x_axis = linear_axis(rng, xs, ["plain", "plain", "comma"] if max(xs) >= 1000 else ["plain"],
                             True, xtitle)
        y_axis = linear_axis(rng, ys, y_fmts or y_fmts_for(ys), True, ytitle)
    if renderer == "matplotlib" and rng.random() < 0.5:
        for ax in (x_axis, y_axis):
            ax["tick_labels"] = ["\u2212" + t[1:] if t.startswith("-") else t
                                 for t in ax["tick_labels"]]
    # ---- look
    st = S.style_settings(style)
    width = rng.randint(600, 1000) if crowded else rng.randint(600, 2000)
    height = int(width * rng.uniform(0.52, 0.78))
    if kind == "multi" and crowded:
        height = int(width * rng.uniform(0.62, 0.8))
    font = rng.choice(S.available_fonts(st["fonts"]))
    scale = (width / 1000.0) ** 0.75
    tick_px = max(11.0, min(30.0, 15.5 * scale * rng.uniform(0.85, 1.2)))
    if crowded:
        tick_px = max(12.0, tick_px * 1.1)
    palette = list(S.PALETTES[rng.choice(st["palettes"])])
    if rng.random() < 0.3:
        k = rng.randrange(len(palette))
        palette = palette[k:] + palette[:k]
    marker_pool = st.get("markers") or ["o", "s", "D", "^"]
    same_marker = rng.random() < 0.45
    first_marker = rng.choice(marker_pool)
    radius = max(3.0, rng.uniform(3.5, 8.0) * max(0.9, scale))
    lines = rng.random() < (0.8 if kind == "concurrency" else 0.7)
    series = []
    for i, (name, pts) in enumerate(zip(names, raw)):
        m = first_marker if same_marker else marker_pool[(marker_pool.index(first_marker) + i) % len(marker_pool)]
        series.append({"name": name, "points": pts, "color": palette[i % len(palette)],
                       "marker": m, "radius": radius * (1.15 if m in ("^", "D") else 1.0)})
    labelled = kind != "concurrency"
    label_pos = rng.choice(["above", "above", "right", "below", "below-right", "above-left"])
    if renderer == "matplotlib":
        legend_loc = rng.choice(["top", "right", "inside", "bottom", "inside"])
    else:
        legend_loc = st["legend_at"]
    spec = {
        "id": chart_id, "kind": kind, "style": style, "renderer": renderer,
        "title": title if rng.random() < 0.85 else "", "legend": legend,
        "x_axis": x_axis, "y_axis": y_axis, "series": series,
        "width": width, "height": height, "dpi": rng.choice([80, 96, 100, 110, 125, 150, 200]),
        "font": font, "tick_px": tick_px, "label_px": tick_px * rng.uniform(0.85, 1.05),
        "title_px": tick_px * rng.uniform(1.15, 1.5), "axis_title_px": tick_px * rng.uniform(1.0, 1.2),
        "line": lines, "line_px": rng.uniform(1.4, 3.2) * max(0.8, scale),
        "labelled": labelled, "label_pos": label_pos,
        "label_offset": rng.uniform(1, 3) if crowded else rng.uniform(3, 10),
        "label_gap": 0.0 if crowded else rng.uniform(3, 8),
        "label_color": rng.choice(["series", "text"]),
        "legend_loc": legend_loc, "crowded": crowded, "metric": metric,
        "grid": rng.choice(st["grids"]) if renderer == "matplotlib" else None,
        "dark": dark, "transparent": transparent,
        "pad_in": rng.uniform(0.04, 0.2), "tick_len_px": rng.uniform(3, 7) * max(0.8, scale),
        "tick_pad_px": rng.uniform(2, 7), "title_loc": rng.choice(["center", "center", "left"]),
        "marker_edge": rng.choice([None, None, "#ffffff"]) if not dark else None,
    }
    return spec


DASHES = ["solid", "dashed", "dashdot", "dotted"]


def line_only(rng, spec):
    """Turn a spec into the same chart drawn with lines only (no markers, no point labels), as
    vendors draw latency curves: the series are told apart by colour and dash pattern."""
    first = rng.choice([0, 0, 1])
    for i, s in enumerate(spec["series"]):
        s["marker"] = None
        s["dash"] = DASHES[(first + i) % len(DASHES)]
        for p in s["points"]:
            p["label"] = ""
    spec.update(line=True, labelled=False, line_only=True)
    return spec
