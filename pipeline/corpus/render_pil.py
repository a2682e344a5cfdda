"""Hand-made Pillow renderer: "Excel / web dashboard" looks that no plotting library produces.

Everything (layout, data-to-pixel mapping, gridlines, markers, legend) is computed here, so the
truth is exact.  Drawing happens at twice the final size and is downsampled for anti-aliasing;
all layout arithmetic is in final-image pixels.
"""
from __future__ import annotations

import math

from PIL import Image, ImageDraw, ImageFont

from . import layout as L
from .styles import PIL_STYLES, font_files

SS = 2  # supersampling factor
# On/off lengths in line widths, near matplotlib's; Pillow's dashes have no dash-dot, so that one
# is a long dash.
DASH_PX = {"dashed": (3.7, 1.6), "dashdot": (6.4, 1.6), "dotted": (1.0, 1.65)}


class _Canvas:
    def __init__(self, w, h, bg):
        self.img = Image.new("RGB", (w * SS, h * SS), bg)
        self.d = ImageDraw.Draw(self.img)

    @staticmethod
    def s(v):
        return v * SS

    def text(self, xy, text, font, fill, anchor):
        self.d.text((xy[0] * SS, xy[1] * SS), text, font=font, fill=fill, anchor=anchor)

    def size(self, text, font, anchor="mm"):
        l, t, r, b = font.getbbox(text, anchor=anchor)
        return (r - l) / SS, (b - t) / SS, l / SS, t / SS

    def line(self, pts, fill, width, dash=None):
        pts = [(x * SS, y * SS) for x, y in pts]
        w = max(1, round(width * SS))
        if not dash:
            self.d.line(pts, fill=fill, width=w, joint="curve" if len(pts) > 2 else None)
            return
        on, off = dash[0] * SS, dash[1] * SS
        for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
            seg = math.hypot(x1 - x0, y1 - y0)
            t = 0.0
            while t < seg:
                t1 = min(seg, t + on)
                self.d.line([(x0 + (x1 - x0) * t / seg, y0 + (y1 - y0) * t / seg),
                             (x0 + (x1 - x0) * t1 / seg, y0 + (y1 - y0) * t1 / seg)], fill=fill, width=w)
                t = t1 + off

    def marker(self, kind, cx, cy, r, fill, outline, ow):
        cx, cy, r = cx * SS, cy * SS, r * SS
        ow = max(0, round(ow * SS)) if outline else 0
        if kind == "o":
            self.d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=outline, width=ow)
        elif kind == "s":
            q = r * 0.9
            self.d.rounded_rectangle((cx - q, cy - q, cx + q, cy + q), radius=q * 0.3, fill=fill,
                                     outline=outline, width=ow)
        elif kind == "D":
            pts = [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
            self.d.polygon(pts, fill=fill, outline=outline, width=ow)
        elif kind in ("^", "v"):
            sgn = 1 if kind == "^" else -1
            pts = [(cx, cy - sgn * r), (cx + r * 0.95, cy + sgn * r * 0.75), (cx - r * 0.95, cy + sgn * r * 0.75)]
            self.d.polygon(pts, fill=fill, outline=outline, width=ow)

    def vtext(self, x_center, y_center, text, font, fill):
        """Text rotated by 90 degrees (reading upwards) centred at (x, y)."""
        l, t, r, b = font.getbbox(text, anchor="lt")
        w, h = r - l + 4, b - t + 4
        mask = Image.new("L", (w, h), 0)
        ImageDraw.Draw(mask).text((2 - l, 2 - t), text, font=font, fill=255, anchor="lt")
        mask = mask.rotate(90, expand=True)
        x0 = round(x_center * SS - mask.width / 2)
        y0 = round(y_center * SS - mask.height / 2)
        self.img.paste(Image.new("RGB", mask.size, fill), (x0, y0), mask)


def _font(path, px):
    return ImageFont.truetype(path, max(6, round(px * SS)))


def _t(a, v):
    """axis transform to the linear drawing space."""
    return math.log10(v) if a["scale"] == "log" else v


def render(spec):
    """Return (PIL image, info) for a spec with a ``pil-*`` style."""
    st = PIL_STYLES[spec["style"]]
    W, H = spec["width"], spec["height"]
    ff = font_files()[spec["font"]]
    tick_px = spec["tick_px"]
    f_tick = _font(ff["regular"], tick_px)
    f_lab = _font(ff["regular"], spec["label_px"])
    f_title = _font(ff["bold"], spec["title_px"])
    f_axt = _font(ff["regular"], spec["axis_title_px"])
    cv = _Canvas(W, H, st["page_bg"])
    m = max(8.0, 0.022 * W)
    if st["card"]:
        inset = m * 0.6
        card = (inset, inset, W - inset, H - inset)
        # soft shadow then the card
        cv.d.rounded_rectangle([v * SS + 3 * SS for v in card], radius=12 * SS, fill="#dde1e7")
        cv.d.rounded_rectangle([v * SS for v in card], radius=12 * SS, fill=st["plot_bg"],
                               outline="#d9dde3", width=SS)
        cx0, cy0, cx1, cy1 = inset + m, inset + m * 0.8, W - inset - m, H - inset - m * 0.8
    else:
        cx0, cy0, cx1, cy1 = m, m, W - m, H - m
    gap = 0.6 * tick_px
    top = cy0
    if spec["title"]:
        tw, th, tl, tt = cv.size(spec["title"], f_title, "lt")
        tx = cx0 if st["title_align"] == "left" else (cx0 + cx1) / 2 - tw / 2
        cv.text((tx, top), spec["title"], f_title, st["title"], "lt")
        top += th + gap * 1.4
    names = [s["name"] for s in spec["series"]]
    legend_box = None
    lh = tick_px * 1.5
    sw = tick_px * (2.4 if st["swatch"] == "line" else 1.0)
    right = cx1
    bottom = cy1
    entries = []
    if spec["legend"]:
        widths = [cv.size(n, f_tick, "lm")[0] for n in names]
        if st["legend_at"] == "right":
            lw = sw + gap + max(widths)
            lx = cx1 - lw
            ly = top + tick_px
            for s, w in zip(spec["series"], widths):
                entries.append((s, lx, ly + lh / 2))
                ly += lh
            legend_box = (lx, top + tick_px, cx1, ly)
            right = lx - 2 * tick_px
        else:
            total = sum(sw + gap + w for w in widths) + 1.5 * tick_px * (len(widths) - 1)
            if st["legend_at"] == "top":
                lx, ly = cx0, top
                top += lh + gap
            else:
                lx, ly = (cx0 + cx1) / 2 - total / 2, cy1 - lh
                bottom = cy1 - lh - gap
            legend_box = (lx, ly, lx + total, ly + lh)
            for s, w in zip(spec["series"], widths):
                entries.append((s, lx, ly + lh / 2))
                lx += sw + gap + w + 1.5 * tick_px
    xa, ya = spec["x_axis"], spec["y_axis"]
    ath = cv.size("Ag", f_axt, "lt")[1]
    yw = max(cv.size(t, f_tick, "rm")[0] for t in ya["tick_labels"])
    xh = cv.size("0123456789", f_tick, "lt")[1]
    tick_pad = spec["tick_pad_px"] + (3 if st["baseline"] else 0)
    x0 = cx0 + (ath + gap if ya["title"] else 0) + yw + tick_pad + 2
    last_w = cv.size(xa["tick_labels"][-1], f_tick, "mt")[0] if xa["tick_labels"] else 0
    x1 = right - (last_w / 2 if _t(xa, xa["ticks"][-1]) > _t(xa, xa["max"]) - 0.03 * (_t(xa, xa["max"]) - _t(xa, xa["min"])) else 0) - 2
    y0 = top + tick_px * 0.8
    y1 = bottom - (ath + gap if xa["title"] else 0) - xh - tick_pad - 2
    plot_box = (x0, y0, x1, y1)

    def X(v):
        return x0 + (_t(xa, v) - _t(xa, xa["min"])) / (_t(xa, xa["max"]) - _t(xa, xa["min"])) * (x1 - x0)

    def Y(v):
        return y1 - (_t(ya, v) - _t(ya, ya["min"])) / (_t(ya, ya["max"]) - _t(ya, ya["min"])) * (y1 - y0)

    xs_w = [cv.size(t, f_tick, "mt")[0] for t in xa["tick_labels"]]
    for i in range(len(xs_w) - 1):
        if X(xa["ticks"][i + 1]) - X(xa["ticks"][i]) < (xs_w[i] + xs_w[i + 1]) / 2 + 4:
            raise L.PlacementError("x tick labels overlap")
    if len(ya["ticks"]) > 1 and abs(Y(ya["ticks"][1]) - Y(ya["ticks"][0])) < xh + 3:
        raise L.PlacementError("y tick labels overlap")
    grid_w = max(1.0, tick_px / 14)
    if st["grid_axes"] in ("y", "both"):
        for t in ya["ticks"]:
            cv.line([(x0, Y(t)), (x1, Y(t))], st["grid"], grid_w, st["grid_dash"])
    if st["grid_axes"] == "both":
        for t in xa["ticks"]:
            cv.line([(X(t), y0), (X(t), y1)], st["grid"], grid_w, st["grid_dash"])
    if st["baseline"]:
        cv.line([(x0, y1), (x1, y1)], st["baseline"], grid_w * 1.5)
        for t in xa["ticks"]:
            cv.line([(X(t), y1), (X(t), y1 + 4)], st["baseline"], grid_w * 1.5)
    for t, lab in zip(ya["ticks"], ya["tick_labels"]):
        cv.text((x0 - tick_pad, Y(t)), lab, f_tick, st["text"], "rm")
    for t, lab in zip(xa["ticks"], xa["tick_labels"]):
        cv.text((X(t), y1 + tick_pad), lab, f_tick, st["text"], "mt")
    if xa["title"]:
        cv.text(((x0 + x1) / 2, y1 + tick_pad + xh + gap), xa["title"], f_axt, st["text"], "mt")
    if ya["title"]:
        cv.vtext(cx0 + ath / 2, (y0 + y1) / 2, ya["title"], f_axt, st["text"])
    # legend
    for s, lx, lyc in entries:
        if st["swatch"] == "line":
            if spec["line"]:
                cv.line([(lx, lyc), (lx + sw, lyc)], s["color"], spec["line_px"], _dash(s, spec["line_px"]))
            if s["marker"]:
                cv.marker(s["marker"], lx + sw / 2, lyc, s["radius"] * 0.9, s["color"], st["outline"], 1.2)
        elif st["swatch"] == "circle":
            cv.marker("o", lx + sw / 2, lyc, sw * 0.4, s["color"], None, 0)
        else:
            q = sw * 0.42
            cv.d.rounded_rectangle([(lx + sw / 2 - q) * SS, (lyc - q) * SS, (lx + sw / 2 + q) * SS,
                                    (lyc + q) * SS], radius=q * 0.35 * SS, fill=s["color"])
        cv.text((lx + sw + gap, lyc), s["name"], f_tick, st["text"], "lm")
    # series
    items, segments = [], []
    for s in spec["series"]:
        pts = [(X(p["x"]), Y(p["y"])) for p in s["points"]]
        if spec["line"] and len(pts) > 1:
            cv.line(pts, s["color"], spec["line_px"], _dash(s, spec["line_px"]))
            segments += list(zip(pts, pts[1:]))
        for p, (px, py) in zip(s["points"], pts):
            if s["marker"]:
                cv.marker(s["marker"], px, py, s["radius"], s["color"], st["outline"], 1.3)
            items.append({"cx": px, "cy": py, "r": s["radius"], "text": p["label"], "series": s})
    L.check_markers_apart(items)
    placed_boxes = []
    if spec["labelled"]:
        for it in items:
            w, h, l, t = cv.size(it["text"], f_lab, "mm")
            it["w"], it["h"], it["l"], it["t"] = w, h, l, t
        bounds = (x0 + 2, y0 + 2, x1 - 2, y1 - 2)
        placed = L.place_labels(items, bounds, spec["label_pos"], spec["label_offset"],
                                spec["label_gap"], [legend_box] if legend_box else [], segments)
        for it, (pos, box) in zip(items, placed):
            color = it["series"]["color"] if spec["label_color"] == "series" else st["text"]
            cv.text((box[0] - it["l"], box[1] - it["t"]), it["text"], f_lab, color, "mm")
            placed_boxes.append(box)
    img = cv.img.resize((W, H), Image.LANCZOS)
    return img, {"plot_box": plot_box, "label_boxes": placed_boxes, "legend_box": legend_box}


def _dash(series, width):
    pattern = DASH_PX.get(series.get("dash"))
    return [v * width for v in pattern] if pattern else None
