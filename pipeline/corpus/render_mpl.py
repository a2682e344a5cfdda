"""Matplotlib renderer: draws a chart spec with one of the ``mpl-*`` looks.

The axis limits, ticks and tick labels are set explicitly, so the truth is exactly what is drawn.
Point labels are measured after the layout is fixed and placed with :mod:`.layout`.
"""
from __future__ import annotations

import io
import logging

import matplotlib

matplotlib.use("Agg")
from matplotlib import rc_context  # noqa: E402
from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.ticker import NullLocator  # noqa: E402
from PIL import Image  # noqa: E402

from . import layout as L  # noqa: E402
from .styles import MPL_STYLES  # noqa: E402

logging.getLogger("matplotlib.font_manager").setLevel(logging.ERROR)

MARKERS = {"o": "o", "s": "s", "D": "D", "^": "^", "v": "v"}


def _mathtext(label):
    if label.startswith("10^"):
        return "$10^{%s}$" % label[3:]
    return label


def _img_box(bbox, height):
    """matplotlib display bbox (origin bottom-left) -> image box (origin top-left)."""
    return (bbox.x0, height - bbox.y1, bbox.x1, height - bbox.y0)


def render(spec):
    """Return (PIL image, info) for a spec; raises layout.PlacementError when crowded."""
    st = MPL_STYLES[spec["style"]]
    dpi = spec["dpi"]
    W, H = spec["width"], spec["height"]
    pt = 72.0 / dpi  # points per pixel
    rc = {
        "font.family": [spec["font"]],
        "font.size": spec["tick_px"] * pt,
        "axes.unicode_minus": True,
        "text.color": st["text"],
        "axes.labelcolor": st["text"],
        "xtick.color": st["tick"],
        "ytick.color": st["tick"],
        "mathtext.default": "regular",
        "legend.fontsize": spec["tick_px"] * pt,
    }
    with rc_context(rc):
        fig = Figure(figsize=(W / dpi, H / dpi), dpi=dpi, layout="constrained")
        fig.get_layout_engine().set(w_pad=spec["pad_in"], h_pad=spec["pad_in"])
        canvas = FigureCanvasAgg(fig)
        fig.set_facecolor(st["fig_bg"])
        ax = fig.add_subplot()
        ax.set_facecolor(st["ax_bg"])
        frame = st["frame"]
        for side, sp in ax.spines.items():
            vis = (frame == "all" or (frame == "left-bottom" and side in ("left", "bottom"))
                   or (frame == "bottom" and side == "bottom"))
            sp.set_visible(vis)
            sp.set_color(st["spine"])
            sp.set_linewidth(max(0.6, spec["line_px"] * 0.45 * pt))
        grid = spec["grid"]
        if grid:
            ax.grid(True, axis=grid["axis"], color=grid["color"], linestyle=grid["ls"],
                    linewidth=grid["lw"] * spec["line_px"] / 2.0)
        ax.set_axisbelow(True)
        ax.tick_params(direction=st["tick_dir"], length=spec["tick_len_px"] * pt,
                       width=max(0.6, spec["line_px"] * 0.4 * pt), labelsize=spec["tick_px"] * pt,
                       top=st["mirror"], right=st["mirror"],
                       colors=st["tick"], pad=spec["tick_pad_px"] * pt)
        for axis, name in ((ax.xaxis, "x_axis"), (ax.yaxis, "y_axis")):
            a = spec[name]
            setter_scale = ax.set_xscale if name == "x_axis" else ax.set_yscale
            setter_lim = ax.set_xlim if name == "x_axis" else ax.set_ylim
            setter_ticks = ax.set_xticks if name == "x_axis" else ax.set_yticks
            if a["scale"] == "log":
                setter_scale("log", base=a["base"])
            setter_lim(a["min"], a["max"])
            setter_ticks(a["ticks"], [_mathtext(t) for t in a["tick_labels"]])
            axis.set_minor_locator(NullLocator())
        handles = []
        for s in spec["series"]:
            xs = [p["x"] for p in s["points"]]
            ys = [p["y"] for p in s["points"]]
            ms = 2 * s["radius"] * pt
            if s["marker"] in ("D",):
                ms *= 0.85
            (h,) = ax.plot(xs, ys, marker=MARKERS[s["marker"]] if s["marker"] else "none", markersize=ms,
                           linestyle=s.get("dash", "solid") if spec["line"] else "none",
                           linewidth=spec["line_px"] * pt, color=s["color"],
                           markeredgecolor=spec.get("marker_edge") or s["color"],
                           markeredgewidth=max(0.5, 1.2 * pt * spec["line_px"] / 2),
                           label=s["name"], zorder=3, clip_on=True)
            handles.append(h)
        if spec["title"]:
            ax.set_title(spec["title"], fontsize=spec["title_px"] * pt, fontweight=st["title_weight"],
                         loc=spec["title_loc"], color=st["text"])
        ax.set_xlabel(spec["x_axis"]["title"], fontsize=spec["axis_title_px"] * pt)
        ax.set_ylabel(spec["y_axis"]["title"], fontsize=spec["axis_title_px"] * pt)
        leg = None
        loc = spec["legend_loc"]
        if spec["legend"]:
            kw = dict(frameon=st["legend_frame"], fontsize=spec["tick_px"] * pt,
                      markerscale=1.0, handlelength=1.8 if spec["line"] else 0.8)
            if st["legend_frame"] and st["fig_bg"] != "#ffffff":
                kw["facecolor"] = st["ax_bg"]
            if loc == "top":
                leg = fig.legend(handles=handles, loc="outside upper center", ncols=len(handles), **kw)
            elif loc == "bottom":
                leg = fig.legend(handles=handles, loc="outside lower center", ncols=len(handles), **kw)
            elif loc == "right":
                leg = fig.legend(handles=handles, loc="outside right upper", **kw)
            else:
                leg = ax.legend(handles=handles, loc="upper left", **kw)
        canvas.draw()
        fig.set_layout_engine("none")
        renderer = canvas.get_renderer()
        plot_box = _img_box(ax.get_window_extent(renderer), H)
        for lim, a in ((ax.get_xlim(), spec["x_axis"]), (ax.get_ylim(), spec["y_axis"])):
            if abs(lim[0] - a["min"]) > 1e-9 * abs(a["max"]) or abs(lim[1] - a["max"]) > 1e-9 * abs(a["max"]):
                raise RuntimeError(f"axis limits {lim} differ from the spec {a['min']}, {a['max']}")
        for axis in (ax.xaxis, ax.yaxis):
            boxes = [_img_box(t.get_window_extent(renderer), H) for t in axis.get_ticklabels()
                     if t.get_visible() and t.get_text()]
            if any(L.box_gap(p, q) < 3 for p, q in zip(boxes, boxes[1:])):
                raise L.PlacementError("tick labels overlap")

        # marker centres in image pixels
        items, segments = [], []
        for s in spec["series"]:
            pts = ax.transData.transform([(p["x"], p["y"]) for p in s["points"]])
            prev = None
            for p, (dx, dy) in zip(s["points"], pts):
                cx, cy = float(dx), float(H - dy)
                items.append({"cx": cx, "cy": cy, "r": s["radius"], "text": p["label"],
                              "series": s, "point": p})
                if spec["line"] and prev is not None:
                    segments.append((prev, (cx, cy)))
                prev = (cx, cy)
        L.check_markers_apart(items)
        markers = [(it["cx"] - it["r"], it["cy"] - it["r"], it["cx"] + it["r"], it["cy"] + it["r"])
                   for it in items]
        obstacles = []
        if leg is not None:
            if loc == "inside":
                for corner in ("upper left", "upper right", "lower right", "lower left", None):
                    if corner is None:
                        raise L.PlacementError("no free corner for the legend")
                    leg.set_loc(corner)
                    lb = _img_box(leg.get_window_extent(renderer), H)
                    if all(L.box_gap(lb, m) > 4 for m in markers):
                        break
            obstacles.append(_img_box(leg.get_window_extent(renderer), H))

        placed_boxes = []
        if spec["labelled"]:
            fs = spec["label_px"] * pt
            for it in items:
                t = fig.text(0, 0, it["text"], fontsize=fs)
                bb = t.get_window_extent(renderer)
                it["w"], it["h"] = bb.width, bb.height
                t.remove()
            bounds = (plot_box[0] + 2, plot_box[1] + 2, plot_box[2] - 2, plot_box[3] - 2)
            placed = L.place_labels(items, bounds, spec["label_pos"], spec["label_offset"],
                                    spec["label_gap"], obstacles, segments)
            anns = []
            for it, (pos, box) in zip(items, placed):
                bx, by = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
                color = it["series"]["color"] if spec["label_color"] == "series" else st["text"]
                anns.append(ax.annotate(
                    it["text"], xy=(it["point"]["x"], it["point"]["y"]),
                    xytext=((bx - it["cx"]) * pt, (it["cy"] - by) * pt), textcoords="offset points",
                    ha="center", va="center", fontsize=fs, color=color, zorder=4,
                    annotation_clip=False))
        buf = io.BytesIO()
        if spec["transparent"]:
            fig.savefig(buf, format="png", dpi=dpi, transparent=True)
        else:
            fig.savefig(buf, format="png", dpi=dpi, facecolor=st["fig_bg"])
        if spec["labelled"]:
            r2 = canvas.get_renderer()
            placed_boxes = [_img_box(a.get_window_extent(r2), H) for a in anns]
    buf.seek(0)
    img = Image.open(buf)
    img.load()
    img = img.convert("RGBA" if spec["transparent"] else "RGB")
    info = {"plot_box": plot_box, "label_boxes": placed_boxes,
            "legend_box": obstacles[0] if obstacles else None}
    return img, info
