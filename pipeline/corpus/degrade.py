"""Image degradations and their names in the truth (``jpeg-q70``, ``downscale-0.70`` ...).

``dark`` and ``transparent`` are decided before rendering (a dark theme, a transparent PNG
background); the others are applied to the rendered image in a fixed order: border, downscale,
blur, noise, jpeg.
"""
from __future__ import annotations

import numpy as np
from PIL import Image, ImageFilter, ImageOps

ORDER = ["dark", "transparent", "border", "downscale", "blur", "noise", "jpeg"]
WEIGHTS = {"jpeg": 0.26, "downscale": 0.17, "blur": 0.13, "noise": 0.11, "dark": 0.2,
           "transparent": 0.1, "border": 0.13}
EXCLUSIVE_WITH_TRANSPARENT = {"jpeg", "noise", "border", "dark"}


def choose(rng, renderer, degraded=True, primary=None):
    """Degradation ops for one chart: [] (clean) or a list of (name, param) in ORDER.

    ``primary`` (optional) is the first degradation; 0-2 more are drawn at random.
    """
    if not degraded:
        return []
    n = rng.choice([1, 1, 1, 2, 2, 3])
    names = []
    pool = dict(WEIGHTS)
    if renderer != "matplotlib":
        pool.pop("transparent")
    def take(name):
        names.append(name)
        pool.pop(name)
        if name == "transparent":
            for k in EXCLUSIVE_WITH_TRANSPARENT:
                pool.pop(k, None)
        if name in EXCLUSIVE_WITH_TRANSPARENT:
            pool.pop("transparent", None)

    if primary in pool:
        take(primary)
    while len(names) < n and pool:
        keys = list(pool)
        take(rng.choices(keys, weights=[pool[k] for k in keys])[0])
    ops = []
    for name in sorted(names, key=ORDER.index):
        if name == "jpeg":
            ops.append((name, rng.randint(55, 80)))
        elif name == "downscale":
            ops.append((name, round(rng.uniform(0.6, 0.8), 2)))
        elif name == "blur":
            ops.append((name, round(rng.uniform(0.6, 1.1), 2)))
        elif name == "noise":
            ops.append((name, round(rng.uniform(2.0, 6.0), 1)))
        elif name == "border":
            ops.append((name, rng.randint(15, 60)))
        else:
            ops.append((name, None))
    return ops


def name(ops):
    if not ops:
        return "none"
    parts = []
    for op, p in ops:
        if op == "jpeg":
            parts.append(f"jpeg-q{p}")
        elif op in ("downscale", "blur"):
            parts.append(f"{op}-{p:.2f}")
        elif op == "noise":
            parts.append(f"noise-{p:.1f}")
        elif op == "border":
            parts.append(f"border-{p}")
        else:
            parts.append(op)
    return "+".join(parts)


def apply(img, ops, seed, box):
    """Apply the pixel degradations; returns (image, image format, box moved like the pixels).

    ``box`` is a rectangle (x0, y0, x1, y1) in image pixels (the plot area) that is carried
    through borders and rescaling so the truth can record where the plot ended up.
    """
    rs = np.random.default_rng(seed)
    fmt = "png"
    box = list(box)
    for op, p in ops:
        if op == "border":
            dark = rs.random() < 0.3
            fill = "#2b2b2b" if dark else rs.choice(["#f0f0f0", "#e8e8e8", "#ffffff", "#dcdcdc"])
            edge = "#555555" if dark else "#b4b4b4"
            framed = ImageOps.expand(img, border=1, fill=edge)
            img = ImageOps.expand(framed, border=p - 1, fill=str(fill))
            box = [v + p for v in box]
        elif op == "downscale":
            w, h = img.size
            nw, nh = max(1, round(w * p)), max(1, round(h * p))
            img = img.resize((nw, nh), Image.LANCZOS if rs.random() < 0.5 else Image.BILINEAR,
                             reducing_gap=None)
            box = [box[0] * nw / w, box[1] * nh / h, box[2] * nw / w, box[3] * nh / h]
        elif op == "blur":
            img = img.filter(ImageFilter.GaussianBlur(p))
        elif op == "noise":
            a = np.asarray(img).astype(np.float32)
            chans = 3 if a.ndim == 3 else None
            noise = rs.normal(0.0, p, size=a.shape[:2] + ((chans,) if chans else ()))
            if a.ndim == 3 and a.shape[2] == 4:
                a[..., :3] += noise[..., :3]
            elif chans:
                a += noise
            img = Image.fromarray(np.clip(a + 0.5, 0, 255).astype(np.uint8), img.mode)
        elif op == "jpeg":
            fmt = ("jpeg", p)
    return img, fmt, tuple(box)
