"""Render a chart spec through Vega-Lite (vl-convert: Vega's own renderer, no browser).

A third family of looks beside matplotlib and Pillow: Vega's tick and label layout, its legend
symbols and its font rasteriser. The plot area is fixed in pixels (autosize "none", explicit
padding), so the point labels are placed here with the generator's own placement rules and
drawn as text at pixel positions; everything else is laid out by Vega.
"""
from __future__ import annotations

import io
import json
import math

from PIL import Image, ImageFont

from . import layout as L
from .styles import VEGA_STYLES, font_files

SHAPES = {"o": "circle", "s": "square", "D": "diamond", "^": "triangle-up"}
DASHES = {"solid": None, "dashed": [8, 5], "dashdot": [8, 4, 2, 4], "dotted": [2, 3]}


def _t(a, v):
    if a["scale"] == "log":
        return math.log(v, a.get("base", 10))
    return v


def _label_expr(axis) -> str:
    """The printed tick labels (the spec's own strings) by tick value."""
    parts = []
    for v, text in zip(axis["ticks"], axis["tick_labels"]):
        tol = abs(v) * 1e-9 + 1e-12
        parts.append("abs(datum.value - %r) <= %r ? %s" % (float(v), tol, json.dumps(text)))
    return " : ".join(parts + ["''"])


def _text_w(text, path, px) -> float:
    font = ImageFont.truetype(path, max(6, round(px)))
    left, _, right, _ = font.getbbox(text)
    return float(right - left)


def render(spec):
    """Return (PIL image, info) for a spec with a ``vega-*`` style."""
    import vl_convert as vlc

    st = VEGA_STYLES[spec["style"]]
    W, H = spec["width"], spec["height"]
    ff = font_files()[spec["font"]]["regular"]
    tick_px, lab_px = spec["tick_px"], spec["label_px"]
    xa, ya = spec["x_axis"], spec["y_axis"]
    names = [s["name"] for s in spec["series"]]
    m = max(10.0, 0.02 * W)
    yw = max(_text_w(t, ff, tick_px) for t in ya["tick_labels"])
    ath = spec["axis_title_px"]
    title_h = spec["title_px"] * 1.6 if spec["title"] else 0.0
    left = m + (ath * 1.4 if ya["title"] else 0) + yw + 10
    top = m + title_h + tick_px * 0.6
    right = m + _text_w(xa["tick_labels"][-1], ff, tick_px) / 2
    bottom = m + tick_px * 1.6 + (ath * 1.6 if xa["title"] else 0)
    legend_at = st["legend_at"]
    # Legend symbols as large as the markers (Vega's default, 100 px², is about that).
    sym = 2 * spec["series"][0]["radius"]
    if spec["legend"]:
        if legend_at == "right":
            right = m + sym + 8 + max(_text_w(n, ff, tick_px) for n in names) + 16
        elif legend_at == "bottom":
            # Vega sets a bottom legend 18 px below the x axis and its title: without room for
            # its row the legend was cut off at the image's edge ('Ours' half drawn)
            bottom += 18 + max(sym, tick_px * 1.2) + 4
        else:
            top += tick_px * 1.8
    x0, y0, x1, y1 = left, top, W - right, H - bottom
    pw, ph = x1 - x0, y1 - y0
    if pw < 200 or ph < 150:
        raise L.PlacementError("plot area too small")

    def X(v):
        return x0 + (_t(xa, v) - _t(xa, xa["min"])) / (_t(xa, xa["max"]) - _t(xa, xa["min"])) * pw

    def Y(v):
        return y1 - (_t(ya, v) - _t(ya, ya["min"])) / (_t(ya, ya["max"]) - _t(ya, ya["min"])) * ph

    for a, b, wa, wb in zip(xa["ticks"], xa["ticks"][1:], xa["tick_labels"], xa["tick_labels"][1:]):
        if X(b) - X(a) < (_text_w(wa, ff, tick_px) + _text_w(wb, ff, tick_px)) / 2 + 6:
            raise L.PlacementError("x tick labels overlap")
    if len(ya["ticks"]) > 1 and abs(Y(ya["ticks"][1]) - Y(ya["ticks"][0])) < tick_px * 1.3:
        raise L.PlacementError("y tick labels overlap")

    items, segments = [], []
    for s in spec["series"]:
        pts = [(X(p["x"]), Y(p["y"])) for p in s["points"]]
        if spec["line"]:
            segments += list(zip(pts, pts[1:]))
        for p, (px, py) in zip(s["points"], pts):
            items.append({"cx": px, "cy": py, "r": s["radius"] if s["marker"] else 1.0, "text": p["label"],
                          "series": s["name"], "color": s["color"]})
    L.check_markers_apart(items)
    labels, boxes = [], []
    if spec["labelled"]:
        for it in items:
            it["w"], it["h"] = _text_w(it["text"], ff, lab_px), lab_px * 0.75
        placed = L.place_labels(items, (x0 + 2, y0 + 2, x1 - 2, y1 - 2), spec["label_pos"],
                                spec["label_offset"], spec["label_gap"], [], segments)
        for it, (_, box) in zip(items, placed):
            labels.append({"px": (box[0] + box[2]) / 2 - x0, "py": (box[1] + box[3]) / 2 - y0,
                           "t": it["text"], "c": it["color"] if spec["label_color"] == "series" else st["text"]})
            boxes.append(box)

    def axis_enc(a, title):
        scale = {"domain": [a["min"], a["max"]], "nice": False, "zero": False}
        if a["scale"] == "log":
            scale.update(type="log", base=a.get("base", 10))
        return {"field": title, "type": "quantitative", "scale": scale,
                "axis": {"values": list(a["ticks"]), "labelExpr": _label_expr(a), "title": a["title"] or None,
                         "labelFontSize": tick_px, "titleFontSize": ath, "grid": st["grid"],
                         "domain": st["domain"], "ticks": st["ticks"], "labelFlush": False,
                         "labelOverlap": False}}

    rows = [{"x": p["x"], "y": p["y"], "s": s["name"]} for s in spec["series"] for p in s["points"]]
    colour = {"field": "s", "type": "nominal", "scale": {"domain": names, "range": [s["color"] for s in spec["series"]]},
              "legend": ({"orient": legend_at, "title": None, "labelFontSize": tick_px, "symbolSize": sym * sym,
                          "labelLimit": 0,  # Vega cuts names longer than 160 px short with an ellipsis
                          "direction": "vertical" if legend_at == "right" else "horizontal"}
                         if spec["legend"] else None)}
    enc = {"x": axis_enc(xa, "x"), "y": axis_enc(ya, "y"), "color": colour}
    layers = []
    if spec["line"]:
        line_enc = dict(enc)
        if any(s.get("dash", "solid") != "solid" for s in spec["series"]):
            line_enc["strokeDash"] = {"field": "s", "type": "nominal", "legend": None, "scale": {
                "domain": names, "range": [DASHES[s.get("dash", "solid")] or [1, 0] for s in spec["series"]]}}
        layers.append({"mark": {"type": "line", "strokeWidth": spec["line_px"]}, "encoding": line_enc})
    if any(s["marker"] for s in spec["series"]):
        pt_enc = dict(enc, shape={"field": "s", "type": "nominal", "legend": None, "scale": {
            "domain": names, "range": [SHAPES.get(s["marker"], "circle") for s in spec["series"]]}})
        size = (2 * spec["series"][0]["radius"]) ** 2
        layers.append({"mark": {"type": "point", "filled": True, "size": size, "opacity": 1,
                                "stroke": st["outline"], "strokeWidth": 1 if st["outline"] else 0},
                       "encoding": pt_enc})
    if labels:
        layers.append({"data": {"values": labels}, "mark": {"type": "text", "fontSize": lab_px},
                       "encoding": {"x": {"field": "px", "type": "quantitative", "scale": None},
                                    "y": {"field": "py", "type": "quantitative", "scale": None},
                                    "text": {"field": "t"}, "color": {"field": "c", "type": "nominal",
                                                                      "scale": None}}})
    vl = {
        "$schema": "https://vega.github.io/schema/vega-lite/v5.json",
        "width": pw, "height": ph, "autosize": {"type": "none"},
        "padding": {"left": x0, "top": y0, "right": right, "bottom": bottom},
        "background": st["page_bg"],
        "data": {"values": rows},
        "layer": layers,
        "config": {"font": spec["font"], "view": {"stroke": st["frame"], "fill": st["plot_bg"]},
                   "axis": {"labelColor": st["text"], "titleColor": st["text"], "gridColor": st["grid_color"],
                            "domainColor": st["axis_color"], "tickColor": st["axis_color"]},
                   "legend": {"labelColor": st["text"]},
                   "title": {"color": st["title"], "fontSize": spec["title_px"],
                             "anchor": "start" if spec["title_loc"] == "left" else "middle"}},
    }
    if spec["title"]:
        vl["title"] = spec["title"]
    png = vlc.vegalite_to_png(json.dumps(vl), scale=1.0)
    img = Image.open(io.BytesIO(png)).convert("RGBA")
    if img.size != (W, H):
        img = img.resize((W, H), Image.LANCZOS)
    bg = Image.new("RGBA", img.size, st["page_bg"])
    img = Image.alpha_composite(bg, img).convert("RGB")
    return img, {"plot_box": (x0, y0, x1, y1), "label_boxes": boxes, "legend_box": None}
