"""Synthetic bar charts with exact truth: spec, matplotlib and Pillow renderers, generator.

    python -m pipeline.corpus.bars --out DIR [--n 60] [--seed 0]

Vertical and horizontal; single, grouped and stacked; value labels above, inside or beside the
bars (or none, or no value axis at all: then the labels carry the values); category names of
several words, sometimes rotated; legends in several places; rounded corners, outlines and
gradients in the Pillow looks; "OOM" printed where a grouped bar is missing. Degradations as
for the XY corpus. Truth follows charteval's bar schema (label = category, x = category index
from 0, counted from the top for horizontal bars) with `value_label` per point and `markers`
for the missing bars.
"""
from __future__ import annotations

import argparse
import io
import json
import random
import sys
from pathlib import Path

from . import degrade as D
from . import styles as S

ID_PREFIX = "bar"
CATEGORY_POOL = ["A100", "H100", "H200", "B200", "MI300X", "L4", "Llama 3.1 8B", "Llama 3.1 70B",
                 "Mixtral 8x7B", "Qwen2.5 72B", "DeepSeek V3", "chat", "RAG", "code", "summarize",
                 "Small test", "Long test", "short prompts", "long prompts", "ShareGPT", "Sonnet",
                 "TP=1", "TP=2", "TP=4", "TP=8", "batch 1", "batch 8", "batch 64", "GPT3 1.3B",
                 "GPT3 2.7B", "AIME", "GPQA Diamond", "HLE", "MMLU Pro", "SWE bench"]
SERIES_POOL = ["vLLM", "SGLang", "TGI", "TensorRT-LLM", "Ours", "baseline", "FP8", "BF16",
               "v0.5", "v0.6", "HF", "FlashAttention", "prefill", "decode", "queue"]
VALUE_TITLES = ["Throughput (tok/s)", "Requests/s", "Latency (ms)", "Speedup (x)", "Score (%)",
                "Tokens/s/GPU", "Training speed (TFLOPs/s)", "Time (s)"]
MARKER_TEXTS = ["OOM", "N/A"]


# ----------------------------------------------------------------------------- spec
def _fmt_value(v, decimals, kind):
    if kind == "k":
        return f"{v / 1000:.{decimals}f}k"
    s = f"{v:,.{decimals}f}" if kind == "comma" else f"{v:.{decimals}f}"
    return s + {"pct": "%", "x": "x"}.get(kind, "")


def make_spec(rng, cid, style):
    renderer = S.renderer_of(style)
    orient = "horizontal" if rng.random() < 0.3 else "vertical"
    layout = rng.choice(["single", "single", "grouped", "grouped", "stacked"])
    n_cat = rng.randint(3, 6)
    n_ser = 1 if layout == "single" else rng.randint(2, 3)
    cats = rng.sample(CATEGORY_POOL, n_cat)
    names = rng.sample(SERIES_POOL, n_ser)
    label_kind = rng.choice(["plain", "plain", "comma", "k", "pct", "x"])
    top = {"plain": rng.choice([50, 200, 800]), "comma": rng.choice([5000, 30000]),
           "k": rng.choice([8000, 40000]), "pct": 100, "x": rng.choice([4, 8, 25])}[label_kind]
    decimals = {"plain": rng.choice([0, 0, 1]), "comma": 0, "k": 1, "pct": 1, "x": 1}[label_kind]
    unit = 100 if label_kind == "k" else 10 ** -decimals
    values = []
    for s in range(n_ser):
        vals = []
        for c in range(n_cat):
            hi = top / (n_ser if layout == "stacked" else 1)
            v = rng.uniform(0.12, 0.95) * hi
            vals.append(round(round(v / unit) * unit, 6))
        values.append(vals)
    missing = []
    if layout == "grouped" and rng.random() < 0.35:
        missing = [(rng.randrange(n_ser), rng.randrange(n_cat), rng.choice(MARKER_TEXTS))]
    labels_on = rng.random() < 0.7
    no_axis = labels_on and layout != "stacked" and rng.random() < 0.2
    label_pos = rng.choice(["end", "end", "inside"]) if layout != "stacked" else "center"
    totals = [sum(values[s][c] for s in range(n_ser)) for c in range(n_cat)] if layout == "stacked" else \
        [max(values[s][c] for s in range(n_ser)) for c in range(n_cat)]
    vmax = max(totals)
    amax = vmax * rng.uniform(1.08, 1.25) if labels_on and label_pos == "end" else vmax * rng.uniform(1.03, 1.15)
    ticks, step = S.nice_linear_ticks(0.0, amax, rng)
    amax = float(f"{amax:.4g}")
    ticks = [t for t in ticks if t <= amax + 1e-9]
    tick_fmt = "k" if label_kind == "k" else ("comma" if label_kind == "comma" and rng.random() < 0.5 else "plain")
    if label_kind == "pct" and rng.random() < 0.5:
        tick_fmt = "pct"
    tick_labels = [S.format_tick(t, tick_fmt, step) for t in ticks]
    st = S.style_settings(style)
    palette = list(S.PALETTES[rng.choice(st["palettes"])])
    width = rng.randint(640, 1400)
    height = int(width * rng.uniform(0.55, 0.75))
    scale = (width / 1000.0) ** 0.75
    tick_px = max(11.0, min(24.0, 15.0 * scale * rng.uniform(0.9, 1.15)))
    long_cats = max(len(c) for c in cats) > 9
    return {
        "id": cid, "kind": "bar", "style": style, "renderer": renderer, "orientation": orient,
        "layout": layout, "categories": cats, "series_names": names if n_ser > 1 or rng.random() < 0.3 else ["series-1"],
        "legend": n_ser > 1, "values": values, "missing": missing,
        "labels_on": labels_on, "label_pos": label_pos, "label_kind": label_kind, "decimals": decimals,
        "no_axis": no_axis, "amax": amax, "ticks": ticks, "tick_labels": tick_labels,
        "value_title": rng.choice(VALUE_TITLES), "cat_title": rng.choice(["", "", "Model", "GPU", "Workload"]),
        "title": rng.choice(["", "Benchmark results", "Throughput comparison", "Evaluation"]),
        "palette": palette, "width": width, "height": height, "font": rng.choice(S.available_fonts(st["fonts"])),
        "tick_px": tick_px, "dpi": rng.choice([80, 100, 125, 150]),
        "rotate": 30 if (orient == "vertical" and long_cats and renderer == "matplotlib"
                         and rng.random() < 0.4) else 0,
        "wrap": orient == "vertical" and long_cats and renderer == "pil",
        "legend_loc": rng.choice(["top", "right", "inside", "bottom"]),
        "outline": rng.random() < 0.25, "rounded": renderer == "pil" and rng.random() < 0.5,
        "gradient": renderer == "pil" and rng.random() < 0.3,
        "bar_width": rng.uniform(0.55, 0.8), "group_gap": rng.choice([0.0, 0.0, 0.04]),
        "grid": rng.choice(st["grids"]) if renderer == "matplotlib" else None,
    }


def label_text(spec, v):
    return _fmt_value(v, spec["decimals"], spec["label_kind"])


def _bars(spec):
    """(series index, category index, value, start) of every drawn bar, and the bar slots:
    (centre, width) in category units."""
    n_ser = len(spec["values"])
    out = []
    bw = spec["bar_width"]
    for c in range(len(spec["categories"])):
        start = 0.0
        for s in range(n_ser):
            v = spec["values"][s][c]
            if spec["layout"] == "stacked":
                out.append((s, c, v, start, c, bw))
                start += v
            else:
                w = bw / n_ser
                centre = c - bw / 2 + w * (s + 0.5)
                if (s, c) in {(m[0], m[1]) for m in spec["missing"]}:
                    out.append((s, c, None, 0.0, centre, w * (1 - spec["group_gap"])))
                    continue
                out.append((s, c, v, 0.0, centre, w * (1 - spec["group_gap"])))
    return out


# ----------------------------------------------------------------------------- matplotlib
def render_mpl(spec):
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import rc_context
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from PIL import Image

    st = S.MPL_STYLES[spec["style"]]
    dpi = spec["dpi"]
    pt = 72.0 / dpi
    rc = {"font.family": [spec["font"]], "font.size": spec["tick_px"] * pt, "text.color": st["text"],
          "axes.labelcolor": st["text"], "xtick.color": st["tick"], "ytick.color": st["tick"]}
    horiz = spec["orientation"] == "horizontal"
    with rc_context(rc):
        fig = Figure(figsize=(spec["width"] / dpi, spec["height"] / dpi), dpi=dpi, layout="constrained")
        FigureCanvasAgg(fig)
        fig.set_facecolor(st["fig_bg"])
        ax = fig.add_subplot()
        ax.set_facecolor(st["ax_bg"])
        for side, sp in ax.spines.items():
            frame = st["frame"]
            sp.set_visible(frame == "all" or (frame == "left-bottom" and side in ("left", "bottom"))
                           or (frame == "bottom" and side == "bottom"))
            sp.set_color(st["spine"])
        if spec["grid"]:
            ax.grid(True, axis="x" if horiz else "y", color=spec["grid"]["color"], linestyle=spec["grid"]["ls"],
                    linewidth=spec["grid"]["lw"])
        ax.set_axisbelow(True)
        handles = {}
        inside = []  # (bar, text): labels inside the bar end, placed once the layout is known
        for s, c, v, start, centre, w in _bars(spec):
            pos = centre
            kw = dict(color=spec["palette"][s % len(spec["palette"])],
                      edgecolor="#333333" if spec["outline"] else ("white" if spec["layout"] == "stacked" else None),
                      linewidth=1.0 if spec["outline"] or spec["layout"] == "stacked" else 0,
                      label=spec["series_names"][s] if s < len(spec["series_names"]) else None)
            if v is None:
                ax.text(pos if not horiz else 0.01 * spec["amax"], 0.01 * spec["amax"] if not horiz else pos,
                        next(m[2] for m in spec["missing"] if (m[0], m[1]) == (s, c)),
                        ha="center" if not horiz else "left", va="bottom" if not horiz else "center",
                        rotation=0, fontsize=spec["tick_px"] * pt * 0.9, color=st["text"])
                continue
            if horiz:
                b = ax.barh(pos, v, w, left=start, **kw)
            else:
                b = ax.bar(pos, v, w, bottom=start, **kw)
            handles.setdefault(s, b)
            if spec["labels_on"]:
                txt = label_text(spec, v)
                if spec["label_pos"] == "end":
                    ax.bar_label(b, [txt], padding=3, fontsize=spec["tick_px"] * pt * 0.9, color=st["text"])
                elif spec["layout"] == "stacked":
                    ax.bar_label(b, [txt], label_type="center", fontsize=spec["tick_px"] * pt * 0.9, color="white")
                else:
                    inside.append((b, txt))
        n = len(spec["categories"])
        if horiz:
            ax.set_yticks(range(n), spec["categories"])
            ax.set_ylim(n - 0.5, -0.5)
            ax.set_xlim(0, spec["amax"])
            ax.set_xticks(spec["ticks"], spec["tick_labels"])
            ax.set_xlabel(spec["value_title"])
            if spec["cat_title"]:
                ax.set_ylabel(spec["cat_title"])
            if spec["no_axis"]:
                ax.set_xticks([])
                ax.set_xlabel("")
        else:
            ax.set_xticks(range(n), spec["categories"], rotation=spec["rotate"],
                          ha="right" if spec["rotate"] else "center", rotation_mode="anchor")
            ax.set_xlim(-0.5, n - 0.5)
            ax.set_ylim(0, spec["amax"])
            ax.set_yticks(spec["ticks"], spec["tick_labels"])
            ax.set_ylabel(spec["value_title"])
            if spec["cat_title"]:
                ax.set_xlabel(spec["cat_title"])
            if spec["no_axis"]:
                ax.set_yticks([])
                ax.set_ylabel("")
        if spec["title"]:
            ax.set_title(spec["title"])
        if spec["legend"]:
            hs = [handles[k] for k in sorted(handles)]
            labels = [spec["series_names"][k] for k in sorted(handles)]
            loc = spec["legend_loc"]
            kw = dict(frameon=st["legend_frame"])
            if loc == "top":
                fig.legend(hs, labels, loc="outside upper center", ncols=len(hs), **kw)
            elif loc == "bottom":
                fig.legend(hs, labels, loc="outside lower center", ncols=len(hs), **kw)
            elif loc == "right":
                fig.legend(hs, labels, loc="outside right upper", **kw)
            else:
                ax.legend(hs, labels, loc="upper right" if not horiz else "lower right", **kw)
        if inside:
            _mpl_inside_labels(fig, ax, inside, spec, st, horiz)
        buf = io.BytesIO()
        fig.savefig(buf, format="png", dpi=dpi, facecolor=st["fig_bg"])
    buf.seek(0)
    img = Image.open(buf)
    img.load()
    return img.convert("RGB")


def _mpl_inside_labels(fig, ax, inside, spec, st, horiz):
    """White labels inside the bars' ends; a label that does not fit inside its bar (a short
    bar, a narrow one, a long label) is printed beyond the end in the text colour instead, as
    a chart would: white text past a bar's end is white on the page, unreadable to anyone.
    Fit is judged in pixels, so the layout is drawn first."""
    pt = 72.0 / spec["dpi"]
    fs = spec["tick_px"] * pt * 0.9
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    for b, txt in inside:
        if horiz:
            # Right-aligned against the end (bar_label's edge labels run rightwards, out of it).
            patch = b.patches[0]
            x0, y0 = patch.get_xy()
            ann = ax.annotate(txt, (x0 + patch.get_width(), y0 + patch.get_height() / 2.0),
                              xytext=(-0.4 * spec["tick_px"] * pt, 0), textcoords="offset points",
                              ha="right", va="center", fontsize=fs, color="white")
        else:
            ann = ax.bar_label(b, [txt], label_type="edge", padding=-spec["tick_px"] * 1.3 * pt,
                               fontsize=fs, color="white")[0]
        tb = ann.get_window_extent(renderer)
        bb = b.patches[0].get_window_extent(renderer)
        fits = tb.x0 >= bb.x0 - 0.5 and tb.x1 <= bb.x1 + 0.5 and tb.y0 >= bb.y0 - 0.5 and tb.y1 <= bb.y1 + 0.5
        if not fits:
            ann.remove()
            ax.bar_label(b, [txt], padding=3, fontsize=fs, color=st["text"])


# ----------------------------------------------------------------------------- Pillow
def render_pil(spec):
    from PIL import Image, ImageDraw, ImageFont

    st = S.PIL_STYLES[spec["style"]]
    SS = 2
    W, H = spec["width"], spec["height"]
    ff = S.font_files()[spec["font"]]
    tp = spec["tick_px"]
    font = ImageFont.truetype(ff["regular"], round(tp * SS))
    small = ImageFont.truetype(ff["regular"], round(tp * 0.92 * SS))
    img = Image.new("RGB", (W * SS, H * SS), st["page_bg"])
    d = ImageDraw.Draw(img)
    horiz = spec["orientation"] == "horizontal"

    def tsize(t, f=font):
        l, t_, r, b = d.textbbox((0, 0), t, font=f)
        return (r - l) / SS, (b - t_) / SS

    m = 0.03 * W
    top, bottom, left, right = m, H - m, m, W - m
    if spec["title"]:
        d.text((left * SS, top * SS), spec["title"], font=font, fill=st["title"])
        top += tsize("Ag")[1] * 2
    if spec["legend"]:
        lx = left
        for k, name in enumerate(spec["series_names"]):
            col = spec["palette"][k % len(spec["palette"])]
            q = tp * 0.8
            d.rectangle([lx * SS, top * SS, (lx + q) * SS, (top + q) * SS], fill=col)
            d.text(((lx + q + 0.5 * tp) * SS, (top + q / 2) * SS), name, font=font, fill=st["text"], anchor="lm")
            lx += q + tsize(name)[0] + 2.0 * tp
        top += tp * 2.2
    n = len(spec["categories"])
    lines = [c.split(" ") if spec["wrap"] and len(c) > 9 else [c] for c in spec["categories"]]
    if horiz:
        cat_w = max(tsize(c)[0] for c in spec["categories"]) + 0.6 * tp
        x0 = left + cat_w
        x1 = right - (4 * tp if spec["labels_on"] else tp)
        y0, y1 = top + 0.5 * tp, bottom - (0 if spec["no_axis"] else 2.2 * tp)
        vmap = lambda v: x0 + v / spec["amax"] * (x1 - x0)  # noqa: E731
        cmap = lambda c: y0 + (c + 0.5) / n * (y1 - y0)      # noqa: E731
    else:
        yw = 0 if spec["no_axis"] else max(tsize(t)[0] for t in spec["tick_labels"]) + 0.6 * tp
        x0, x1 = left + yw, right
        y0 = top + (2.0 * tp if spec["labels_on"] else 0.5 * tp)
        y1 = bottom - max(len(ls) for ls in lines) * 1.3 * tp - 0.5 * tp
        vmap = lambda v: y1 - v / spec["amax"] * (y1 - y0)   # noqa: E731
        cmap = lambda c: x0 + (c + 0.5) / n * (x1 - x0)      # noqa: E731
    pitch = ((y1 - y0) if horiz else (x1 - x0)) / n
    if not spec["no_axis"]:
        for t, lab in zip(spec["ticks"], spec["tick_labels"]):
            p = vmap(t)
            if horiz:
                d.line([(p * SS, y0 * SS), (p * SS, y1 * SS)], fill=st["grid"], width=SS)
                d.text((p * SS, (y1 + 0.4 * tp) * SS), lab, font=font, fill=st["text"], anchor="mt")
            else:
                d.line([(x0 * SS, p * SS), (x1 * SS, p * SS)], fill=st["grid"], width=SS)
                d.text(((x0 - 0.4 * tp) * SS, p * SS), lab, font=font, fill=st["text"], anchor="rm")
    for c in range(n):
        p = cmap(c)
        if horiz:
            d.text(((x0 - 0.4 * tp) * SS, p * SS), spec["categories"][c], font=font, fill=st["text"], anchor="rm")
        else:
            for k, ln in enumerate(lines[c]):
                d.text((p * SS, (y1 + 0.4 * tp + k * 1.3 * tp) * SS), ln, font=font, fill=st["text"], anchor="mt")
    texts = []
    for s, c, v, start, centre, w in _bars(spec):
        col = spec["palette"][s % len(spec["palette"])]
        mid = x0 + (centre + 0.5) * pitch if not horiz else y0 + (centre + 0.5) * pitch
        half = w * pitch / 2
        if v is None:
            text = next(mk[2] for mk in spec["missing"] if (mk[0], mk[1]) == (s, c))
            if horiz:
                d.text(((x0 + 0.3 * tp) * SS, mid * SS), text, font=small, fill=st["text"], anchor="lm")
            else:
                d.text((mid * SS, (y1 - 0.3 * tp) * SS), text, font=small, fill=st["text"], anchor="mb")
            continue
        a, b = vmap(start), vmap(start + v)
        if horiz:
            box = [a, mid - half, b, mid + half]
        else:
            box = [mid - half, b, mid + half, a]
        sb = [v_ * SS for v_ in box]
        if spec["gradient"]:
            _gradient(img, sb, col, horiz)
        elif spec["rounded"] and spec["layout"] != "stacked":
            r = min(half * 0.35, 6) * SS
            d.rounded_rectangle(sb, radius=r, fill=col)
            # only the far end is rounded: square off the base
            if horiz:
                d.rectangle([sb[0], sb[1], sb[0] + r, sb[3]], fill=col)
            else:
                d.rectangle([sb[0], sb[3] - r, sb[2], sb[3]], fill=col)
        else:
            d.rectangle(sb, fill=col)
        if spec["outline"]:
            d.rectangle(sb, outline="#333333", width=SS)
        if spec["labels_on"]:
            txt = label_text(spec, v)
            inside = spec["label_pos"] in ("inside", "center")
            colr = "#ffffff" if inside else st["text"]
            if spec["layout"] == "stacked":
                pos, anc = (((a + b) / 2, mid) if horiz else (mid, (a + b) / 2)), "mm"
            else:
                if inside:
                    # Inside only when it fits: white text past the bar's edge is white on the page.
                    pos, anc = ((b - 0.3 * tp, mid), "rm") if horiz else ((mid, b + 0.3 * tp), "mt")
                    l_, t_, r_, b_ = d.textbbox((pos[0] * SS, pos[1] * SS), txt, font=small, anchor=anc)
                    if not (l_ >= sb[0] and r_ <= sb[2] and t_ >= sb[1] and b_ <= sb[3]):
                        inside, colr = False, st["text"]
                if not inside:
                    pos, anc = ((b + 0.3 * tp, mid), "lm") if horiz else ((mid, b - 0.3 * tp), "mb")
            texts.append(((pos[0] * SS, pos[1] * SS), txt, colr, anc))
    # Labels go on last: a printed value is never hidden under a neighbouring bar.
    for xy, txt, colr, anc in texts:
        d.text(xy, txt, font=small, fill=colr, anchor=anc)
    return img.resize((W, H), Image.LANCZOS)


def _gradient(img, box, color, horiz):
    """A bar filled with its colour fading by a quarter towards its far end."""
    from PIL import ImageColor, ImageDraw

    r, g, b = ImageColor.getrgb(color)
    d = ImageDraw.Draw(img)
    x0, y0, x1, y1 = [int(round(v)) for v in box]
    n = (x1 - x0) if horiz else (y1 - y0)
    for i in range(max(1, n)):
        t = i / max(1, n - 1)
        f = 0.75 + 0.25 * (t if horiz else 1 - t)
        c = (int(r * f + 255 * (1 - f) * 0.3), int(g * f + 255 * (1 - f) * 0.3), int(b * f + 255 * (1 - f) * 0.3))
        if horiz:
            d.line([(x0 + i, y0), (x0 + i, y1)], fill=c)
        else:
            d.line([(x0, y0 + i), (x1, y0 + i)], fill=c)


# ----------------------------------------------------------------------------- generator
STYLES = [s for s in S.MPL_STYLES if s != "mpl-dark"] + ["pil-dashboard", "pil-card"]


def make_chart(out_dir, i, seed):
    out_dir = Path(out_dir)
    cid = f"{ID_PREFIX}{i:03d}"
    rng = random.Random(f"{seed}:bar:{i}")
    order = list(STYLES)
    random.Random(f"{seed}:barstyles:{i // len(STYLES)}").shuffle(order)
    style = order[i % len(STYLES)]
    degraded = random.Random(f"{seed}:bardeg:{i // 10}").sample(range(10), 4)
    ops = D.choose(rng, S.renderer_of(style), (i % 10) in degraded)
    ops = [o for o in ops if o[0] not in ("transparent",)]
    if any(o[0] == "dark" for o in ops):
        if S.renderer_of(style) == "matplotlib":
            style = "mpl-dark"
        else:
            ops = [o for o in ops if o[0] != "dark"]
    spec = make_spec(random.Random(f"{seed}:barspec:{i}"), cid, style)
    img = render_mpl(spec) if spec["renderer"] == "matplotlib" else render_pil(spec)
    pixel_ops = [o for o in ops if o[0] != "dark"]
    img, fmt, _ = D.apply(img, pixel_ops, seed=(seed * 100003 + i + 7) & 0xFFFFFFFF, box=(0, 0, 1, 1))
    if isinstance(fmt, tuple):
        name = cid + ".jpg"
        img.convert("RGB").save(out_dir / name, "JPEG", quality=fmt[1])
    else:
        name = cid + ".png"
        img.save(out_dir / name, "PNG")
    return write_truth(out_dir, spec, name, D.name(ops), img.size)


def write_truth(out_dir, spec, image_name, degradation, size):
    n = len(spec["categories"])
    cat_axis = {"scale": "linear", "min": -0.5, "max": n - 0.5, "title": spec["cat_title"] or None,
                "categorical": True, "categories": list(spec["categories"]),
                "tick_labels": list(spec["categories"])}
    val_axis = {"scale": "linear", "min": 0.0, "max": spec["amax"], "title": spec["value_title"],
                "tick_labels": [] if spec["no_axis"] else list(spec["tick_labels"])}
    missing = {(m[0], m[1]): m[2] for m in spec["missing"]}
    series, markers = [], []
    for s, vals in enumerate(spec["values"]):
        name = spec["series_names"][s] if s < len(spec["series_names"]) else f"series-{s + 1}"
        pts = []
        for c, v in enumerate(vals):
            if (s, c) in missing:
                markers.append({"series": name, "label": spec["categories"][c], "x": c, "text": missing[(s, c)]})
                continue
            pts.append({"label": spec["categories"][c], "x": c, "y": v,
                        "value_label": label_text(spec, v) if spec["labels_on"] else ""})
        series.append({"name": name, "points": pts})
    truth = {"id": spec["id"], "renderer": spec["renderer"], "style": spec["style"], "kind": "bar",
             "degradation": degradation, "clean": degradation == "none", "image": image_name,
             "width": size[0], "height": size[1], "title": spec["title"], "legend": spec["legend"],
             "x_axis": cat_axis, "y_axis": val_axis, "series": series, "markers": markers,
             "bar": {"orientation": spec["orientation"], "layout": spec["layout"],
                     "value_axis": not spec["no_axis"], "labels": spec["label_pos"] if spec["labels_on"] else None,
                     "rotated_categories": spec["rotate"], "rounded": spec["rounded"],
                     "gradient": spec["gradient"], "outline": spec["outline"],
                     "legend_loc": spec["legend_loc"] if spec["legend"] else None}}
    (Path(out_dir) / f"{spec['id']}.truth.json").write_text(json.dumps(truth, indent=1, ensure_ascii=False) + "\n")
    return truth


def generate(out_dir, n, seed):
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    for p in out_dir.glob(f"{ID_PREFIX}*"):
        if p.suffix in (".png", ".jpg", ".json") and p.is_file():
            p.unlink()
    return [make_chart(out_dir, i, seed) for i in range(n)]


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m pipeline.corpus.bars", description=__doc__.split("\n")[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--n", type=int, default=60)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args(argv)
    truths = generate(a.out, a.n, a.seed)
    print(f"wrote {len(truths)} bar charts to {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
