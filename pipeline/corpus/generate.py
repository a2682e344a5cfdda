"""Generate synthetic XY benchmark charts with exact ground truth.

    python -m pipeline.corpus.generate --out DIR [--n 120] [--seed 0] [--jobs J]

Each chart is written as ``<id>.png`` or ``<id>.jpg`` with ``<id>.truth.json`` next to it, in
the truth schema of charteval plus ``style``, ``clean`` and a ``render`` block (look details and
the plot area in final-image pixels).  Chart *i* depends only on (seed, i), so a run with a
smaller ``--n`` produces the first charts of a larger one.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from . import degrade as D
from . import layout as L
from . import spec as SP
from . import styles as S

ID_PREFIX = "syn"
MAX_ATTEMPTS = 14


def chart_id(i, n):
    return f"{ID_PREFIX}{i:0{max(3, len(str(max(n - 1, 0))))}d}"


def _style_for(seed, i, styles):
    """Styles are dealt in shuffled rounds so that every look is used about equally often."""
    block = i // len(styles)
    order = list(styles)
    random.Random(f"{seed}:styles:{block}").shuffle(order)
    return order[i % len(styles)]


def _degraded(seed, i):
    """4 charts in every block of 10 are degraded (40 %), at shuffled places."""
    flags = [True] * 4 + [False] * 6
    random.Random(f"{seed}:degraded:{i // 10}").shuffle(flags)
    return flags[i % 10]


def _primary(seed, i):
    """Main degradation, dealt so that each kind is about equally frequent."""
    deal = ["jpeg", "downscale", "blur", "noise", "dark", "transparent", "border", "jpeg"]
    random.Random(f"{seed}:primary:{i // len(deal)}").shuffle(deal)
    return deal[i % len(deal)]


def _render(spec):
    if spec["renderer"] == "pil":
        from .render_pil import render
    elif spec["renderer"] == "vega":
        from .render_vega import render
    else:
        from .render_mpl import render
    return render(spec)


def _axis_truth(a):
    out = {"scale": a["scale"], "min": a["min"], "max": a["max"], "title": a["title"],
           "tick_labels": list(a["tick_labels"])}
    if a["scale"] == "log":
        out["base"] = a["base"]
    return out


def make_chart(out_dir, i, n, seed, styles=None, line_only=False):
    """Render chart number i into out_dir and return its truth dict; with line_only, the chart's
    series are drawn as lines without markers or point labels (see spec.line_only)."""
    out_dir = Path(out_dir)
    cid = chart_id(i, n)
    rng = random.Random(f"{seed}:{i}")
    kind = SP.KINDS[(i + seed) % len(SP.KINDS)]
    pool = list(styles) if styles else S.LIGHT_STYLES
    style = _style_for(seed, i, pool)
    ops = D.choose(rng, S.renderer_of(style), _degraded(seed, i), _primary(seed, i))
    names = [o for o, _ in ops]
    if "dark" in names and not (styles and style in S.DARK_STYLE.values()):
        style = S.DARK_STYLE[S.renderer_of(style)]
    if "transparent" in names and S.renderer_of(style) != "matplotlib":
        ops = [o for o in ops if o[0] != "transparent"]
    if style in S.DARK_STYLE.values() and "dark" not in names:
        ops = sorted(ops + [("dark", None)], key=lambda o: D.ORDER.index(o[0]))
    names = [o for o, _ in ops]
    last_err = None
    for attempt in range(MAX_ATTEMPTS):
        srng = random.Random(f"{seed}:{i}:spec:{attempt}")
        spec = SP.make_spec(srng, cid, kind, style, dark="dark" in names,
                            transparent="transparent" in names)
        if attempt >= MAX_ATTEMPTS // 2:
            # later attempts: fewer labels fighting for room
            spec["label_gap"] = 0.0
            spec["label_offset"] = min(spec["label_offset"], 3.0)
        if line_only:
            SP.line_only(srng, spec)
        try:
            img, info = _render(spec)
            break
        except L.PlacementError as e:
            last_err = e
    else:
        raise RuntimeError(f"{cid}: could not place labels after {MAX_ATTEMPTS} attempts: {last_err}")
    pixel_ops = [o for o in ops if o[0] not in ("dark", "transparent")]
    img, fmt, box = D.apply(img, pixel_ops, seed=(seed * 100003 + i) & 0xFFFFFFFF,
                            box=info["plot_box"])
    if isinstance(fmt, tuple):
        image_name = cid + ".jpg"
        img.convert("RGB").save(out_dir / image_name, "JPEG", quality=fmt[1])
    else:
        image_name = cid + ".png"
        img.save(out_dir / image_name, "PNG", optimize=False)
    degradation = D.name(ops)
    truth = {
        "id": cid,
        "renderer": spec["renderer"],
        "style": style,
        "kind": kind,
        "degradation": degradation,
        "clean": degradation == "none",
        "image": image_name,
        "width": img.width,
        "height": img.height,
        "title": spec["title"],
        "legend": bool(spec["legend"]),
        "x_axis": _axis_truth(spec["x_axis"]),
        "y_axis": _axis_truth(spec["y_axis"]),
        "series": [{"name": s["name"],
                    "points": [{"label": p["label"], "x": p["x"], "y": p["y"]} for p in s["points"]]}
                   for s in spec["series"]],
        "render": {
            "font": spec["font"],
            "dpi": spec["dpi"] if spec["renderer"] == "matplotlib" else None,
            "markers": [s["marker"] for s in spec["series"]],
            "marker_radius_px": round(spec["series"][0]["radius"], 1),
            "lines": spec["line"],
            "line_only": bool(spec.get("line_only")),
            "dashes": [s.get("dash", "solid") for s in spec["series"]],
            "legend_loc": spec["legend_loc"] if spec["legend"] else None,
            "label_position": spec["label_pos"] if spec["labelled"] else None,
            "crowded": spec["crowded"],
            "min_label_gap_px": _round(L.min_gap(info["label_boxes"])),
            "plot_box_px": [round(float(v), 1) for v in box],
            "tick_formats": [spec["x_axis"]["fmt"], spec["y_axis"]["fmt"]],
            "attempts": attempt + 1,
        },
    }
    (out_dir / f"{cid}.truth.json").write_text(json.dumps(truth, indent=1, ensure_ascii=False) + "\n")
    return truth


def _round(v):
    return None if v is None else round(float(v), 1)


def _job(args):
    return make_chart(*args)


def _clear(out_dir):
    for p in out_dir.glob(f"{ID_PREFIX}*"):
        if p.suffix in (".png", ".jpg", ".json") and p.is_file():
            p.unlink()


def generate(out_dir, n, seed, jobs=None, styles=None, line_only=False):
    """Render n charts into out_dir (old ``syn*`` charts there are removed); return the truths."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    _clear(out_dir)
    if styles:
        unknown = [s for s in styles if s not in S.ALL_STYLES]
        if unknown:
            raise ValueError("unknown style(s): %s" % ", ".join(unknown))
    tasks = [(str(out_dir), i, n, seed, tuple(styles) if styles else None, line_only) for i in range(n)]
    jobs = jobs if jobs is not None else min(os.cpu_count() or 1, 8)
    if jobs <= 1 or n < 8:
        return [_job(t) for t in tasks]
    import multiprocessing as mp

    ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else None
    with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx) as ex:
        return list(ex.map(_job, tasks, chunksize=2))


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m pipeline.corpus.generate", description=__doc__.split("\n")[0])
    ap.add_argument("--out", required=True, help="output folder")
    ap.add_argument("--n", type=int, default=120, help="number of charts (default 120)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=None, help="worker processes (default: CPUs)")
    ap.add_argument("--styles", default=None, help="comma-separated subset of: " + ", ".join(S.ALL_STYLES))
    ap.add_argument("--lines", action="store_true", help="line charts: no markers, no point labels")
    a = ap.parse_args(argv)
    if a.n < 1:
        ap.error("--n must be at least 1")
    t0 = time.perf_counter()
    styles = [s.strip() for s in a.styles.split(",")] if a.styles else None
    try:
        truths = generate(a.out, a.n, a.seed, jobs=a.jobs, styles=styles, line_only=a.lines)
    except ValueError as e:
        ap.error(str(e))
    dt = time.perf_counter() - t0
    by_style = {}
    for t in truths:
        by_style[t["style"]] = by_style.get(t["style"], 0) + 1
    degraded = sum(not t["clean"] for t in truths)
    print(f"wrote {len(truths)} charts to {a.out} in {dt:.1f}s ({degraded} degraded)")
    print("styles: " + ", ".join(f"{k}={v}" for k, v in sorted(by_style.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
