"""Writing one extraction: points.csv, axes.json, overlay.png, provenance.json.

Everything is written into a fresh folder beside the target and moved into place only when all
of it exists, so a failed run never leaves half an extraction or spoils an earlier one.
"""
from __future__ import annotations

import csv
import io
import json
import os
import shutil
import tempfile
from pathlib import Path

import cv2
import numpy as np

from .errors import OutputError
from .extraction import Extraction
from .numbers import parse_clock

POINT_COLUMNS = ["series", "label", "x", "y", "x_px", "y_px", "confidence", "source_sha256",
                 "x_err", "y_err", "marker", "color"]
# Bar charts: the printed value label as read, its number, and whether it agrees with the value
# read from the bar (true/false; empty when there is nothing to compare). Empty for XY charts.
BAR_COLUMNS = ["value_label", "value_label_num", "agrees"]


def _fmt(v, nd=6):
    if v is None:
        return ""
    return f"{v:.{nd}g}"


def points_csv(ext: Extraction, sha256: str) -> str:
    return panels_csv([((0, 0), ext)], sha256)


def panels_csv(panels: list[tuple[tuple[int, int], Extraction]], sha256: str) -> str:
    """One table for all panels of an image: pixels in whole-image coordinates, `panel` the
    panel's index in reading order (0 for a single chart)."""
    buf = io.StringIO()
    wr = csv.writer(buf, lineterminator="\n")
    wr.writerow(POINT_COLUMNS + BAR_COLUMNS + ["panel"])
    for k, ((dx, dy), ext) in enumerate(panels):
        order = (lambda p: (p.series, p.x, p.x_px)) if ext.chart_type == "bar" else (lambda p: (p.series, p.x_px))
        for p in sorted(ext.points, key=order):
            conf = point_confidence(ext, p)
            wr.writerow([p.series, p.label, _fmt(p.x), _fmt(p.y), f"{p.x_px + dx:.1f}", f"{p.y_px + dy:.1f}",
                         f"{conf:.2f}", sha256, _fmt(p.x_err, 3), _fmt(p.y_err, 3), p.marker,
                         "#%02x%02x%02x" % p.color]
                        + [p.value_label, _fmt(p.value_label_num), "" if p.agrees is None else str(p.agrees).lower()]
                        + [k])
    return buf.getvalue()


def point_confidence(ext: Extraction, p) -> float:
    """0..1: both axes calibrated from three or more agreeing ticks, the label read cleanly, and
    the marker seen (not hidden under another series' one)."""
    c = 1.0
    axes = (ext.x_axis, ext.y_axis)
    if ext.chart_type == "bar":
        # One value axis (or none: values from printed labels, checked against bar lengths).
        axes = [a for a in axes if a is not None]
        if p.y is None:
            return 0.0
        if not axes:
            c *= 0.8 if p.agrees else 0.5
        if p.agrees is False:
            c *= 0.5
    for ax in axes:
        if ax is None:
            return 0.0
        n = len(ax.calibration.ticks)
        c *= 1.0 if n >= 3 else 0.7
        c *= 1.0 if ax.calibration.residual_px <= 1.5 else 0.8
    if p.label and ext.chart_type != "bar":
        c *= max(0.3, min(1.0, p.label_conf / 90.0))
    if p.marker == "hidden":
        c *= 0.5        # placed at the marker covering it, not seen
    return c


def axes_record(ext: Extraction) -> dict:
    out = {"image": {"width": ext.width, "height": ext.height},
           "plot_box_px": list(ext.plot_box), "text_height_px": ext.text_h, "notes": ext.notes}
    out["chart_type"] = ext.chart_type
    if ext.chart_type == "bar":
        out["bar_orientation"] = ext.bar_orientation
        out["categories"] = list(ext.categories)
    for name, ax in (("x", ext.x_axis), ("y", ext.y_axis)):
        if ax is None:
            out[name] = {"status": "unreadable"}
            continue
        rec = ax.calibration.as_dict()
        title = ext.axis_titles.get(name, "")
        rec.update({"status": "calibrated", "side": ax.side, "title": title, "unit": _unit(title)})
        if getattr(ax, "categorical", False):
            rec["scale"] = "categorical"
            rec["categories"] = [t.text for t in sorted(ax.calibration.ticks, key=lambda t: t.value)]
        if all(parse_clock(t.text) is not None for t in ax.calibration.ticks):
            rec["unit"] = "h"
            rec["clock_time"] = "values are hours since the first midnight before the axis start; 24 is added at each midnight passed"
        out[name] = rec
    out["legend"] = [{"text": e.text, "swatch_px": [round(e.blob.cx, 1), round(e.blob.cy, 1)] if e.blob else None,
                      "marker": e.blob.shape if e.blob else None} for e in ext.legend]
    return out


def _unit(title: str) -> str:
    """The unit in an axis title: the text in its last brackets ('Latency (ms)' -> 'ms')."""
    for o, c in (("(", ")"), ("[", "]")):
        if o in title and c in title.rsplit(o, 1)[1]:
            return title.rsplit(o, 1)[1].split(c)[0].strip()
    return ""


def overlay_png(rgb: np.ndarray, ext: Extraction) -> bytes:
    return panels_overlay_png(rgb, [((0, 0, rgb.shape[1], rgb.shape[0]), ext)])


def _draw(img: np.ndarray, ext: Extraction) -> None:
    x0, y0, x1, y1 = ext.plot_box
    cv2.rectangle(img, (x0, y0), (x1 - 1, y1 - 1), (255, 128, 0), 1)
    for ax, vertical in ((ext.x_axis, False), (ext.y_axis, True)):
        if ax is None:
            continue
        for t in ax.calibration.ticks:
            p = int(round(t.pixel))
            if vertical:
                cv2.line(img, (x0 - 8, p), (x0 + 8, p), (0, 160, 0), 2)
            else:
                cv2.line(img, (p, y1 - 8), (p, y1 + 8), (0, 160, 0), 2)
        for t in ax.calibration.rejected:
            bx = t.box
            cv2.rectangle(img, (bx[0], bx[1]), (bx[2], bx[3]), (0, 0, 255), 1)
    for e in ext.legend:
        cv2.rectangle(img, e.box[:2], e.box[2:], (200, 0, 200), 1)
    for p in ext.points:
        c = (int(p.x_px), int(p.y_px))
        cv2.circle(img, c, 7, (0, 0, 255), 2)
        cv2.drawMarker(img, c, (0, 0, 0), cv2.MARKER_CROSS, 6, 1)
        if p.label:
            cv2.putText(img, p.label, (c[0] + 8, c[1] + 14), cv2.FONT_HERSHEY_SIMPLEX, 0.4, (0, 0, 200), 1,
                        cv2.LINE_AA)


def panels_overlay_png(rgb: np.ndarray, panels: list[tuple[tuple[int, int, int, int], Extraction]]) -> bytes:
    """The image with what each panel's reading found drawn on it (panel boxes in grey)."""
    img = cv2.cvtColor(rgb, cv2.COLOR_RGB2BGR).copy()
    for (x0, y0, x1, y1), ext in panels:
        sub = np.ascontiguousarray(img[y0:y1, x0:x1])
        _draw(sub, ext)
        img[y0:y1, x0:x1] = sub
        if len(panels) > 1:
            cv2.rectangle(img, (x0, y0), (x1 - 1, y1 - 1), (128, 128, 128), 1)
    ok, buf = cv2.imencode(".png", img)
    if not ok:
        raise OutputError("could not encode the overlay image")
    return buf.tobytes()


def write_extraction(out_dir: Path, files: dict[str, bytes]) -> None:
    """Write all `files` into `out_dir` at once: staged in a sibling temp folder, then moved."""
    out_dir = Path(out_dir)
    parent = out_dir.resolve().parent
    try:
        parent.mkdir(parents=True, exist_ok=True)
        stage = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}.", dir=parent))
    except OSError as exc:
        raise OutputError(f"cannot write to {out_dir}: {exc.strerror or exc}")
    try:
        for name, data in files.items():
            with open(stage / name, "wb") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
        out_dir.mkdir(parents=True, exist_ok=True)
        for name in files:
            os.replace(stage / name, out_dir / name)
    except OSError as exc:
        raise OutputError(f"cannot write to {out_dir}: {exc.strerror or exc}")
    finally:
        shutil.rmtree(stage, ignore_errors=True)


def json_bytes(obj) -> bytes:
    return (json.dumps(obj, indent=2, ensure_ascii=False, default=_json_default) + "\n").encode("utf-8")


def _json_default(o):
    if isinstance(o, (np.integer,)):
        return int(o)
    if isinstance(o, (np.floating,)):
        return float(o)
    if isinstance(o, tuple):
        return list(o)
    raise TypeError(type(o).__name__)
