"""Telling series apart: markers grouped by colour, then by shape where one colour has several."""
from __future__ import annotations

import cv2
import numpy as np

from ..grouping import linked_groups
from .markers import Blob


def to_lab(colors) -> np.ndarray:
    arr = np.asarray(colors, np.uint8).reshape(-1, 1, 3)
    lab = cv2.cvtColor(arr, cv2.COLOR_RGB2LAB).reshape(-1, 3).astype(float)
    lab[:, 0] *= 100.0 / 255.0
    lab[:, 1:] -= 128.0
    return lab


def lab_distance(pixels: np.ndarray, color) -> np.ndarray:
    """CIE76 distance of each pixel of an (..., 3) RGB array from `color`, in the array's shape
    without its last axis."""
    d = to_lab(pixels.reshape(-1, 3)) - to_lab([color])[0]
    # einsum, not np.linalg.norm: on a whole page the norm's temporaries took most of a second.
    return np.sqrt(np.einsum("ij,ij->i", d, d)).reshape(pixels.shape[:-1])


def lab_bins(lab: np.ndarray, step: float = 4.0) -> tuple[np.ndarray, np.ndarray]:
    """The `step`-wide Lab bins that `lab` (n, 3) falls in: their centres, in the order
    np.unique gives rows, and how many colours each holds. One integer a bin: np.unique over
    rows sorts structured records, ten times slower."""
    q = np.round(lab / step).astype(np.int64) + 64
    keys, counts = np.unique((q[:, 0] << 14) | (q[:, 1] << 7) | q[:, 2], return_counts=True)
    rows = np.stack([keys >> 14, (keys >> 7) & 127, keys & 127], axis=1) - 64
    return rows * step, counts


def color_groups(colors, max_delta: float = 22.0) -> list[int]:
    """Group ids for colours, joining colours closer than `max_delta` (CIE76) transitively."""
    lab = to_lab(colors)
    return linked_groups(len(lab), lambda i, j: np.linalg.norm(lab[i] - lab[j]) <= max_delta)


def group_series(blobs: list[Blob], max_delta: float = 22.0, swatches: list[Blob] | None = None) -> list[list[Blob]]:
    """Series as lists of blobs, biggest first. One colour is split by marker shape only when
    the legend (`swatches`) shows that colour with two shapes: shapes read off small or
    overlapped markers disagree too often to split a series on their own."""
    if not blobs:
        return []
    gid = color_groups([b.color for b in blobs], max_delta)
    groups: dict[int, list[Blob]] = {}
    for b, g in zip(blobs, gid):
        groups.setdefault(g, []).append(b)
    out = []
    for members in (part for g in groups.values() for part in _bridged(g, max_delta)):
        by_shape: dict[str, list[Blob]] = {}
        for b in members:
            by_shape.setdefault(_shape_family(b.shape), []).append(b)
        big = [v for v in by_shape.values() if len(v) >= 3]
        sw = {id(b) for b in (swatches or [])}
        shown = sum(any(id(b) in sw for b in v) for v in big)
        if len(big) >= 2 and sum(len(v) for v in big) == len(members) and shown >= 2:
            # One colour, two or more marker shapes used repeatedly: separate series.
            rest = [b for v in by_shape.values() if len(v) < 2 for b in v]
            big[0].extend(rest)
            out.extend(big)
        else:
            out.append(members)
    out.sort(key=len, reverse=True)
    return out


def _bridged(members: list[Blob], max_delta: float) -> list[list[Blob]]:
    """A colour group that is two series joined through a few blobs of blended colour (their
    lines' crossing, a label's pale glyphs) split in two: its colours fall in two tight
    clusters of three or more each (within half `max_delta` of their centres), a quarter more
    than `max_delta` apart or more, with at most a third of the group in neither; every member
    goes to the nearer centre (seed-52 syn026: JPEG teal and blue markers 31 apart, joined at
    their lines' crossing). Only two hues (see two_hues): one colour's markers and their paler
    copies are one series. Otherwise the group as it is."""
    if len(members) < 6:
        return [members]
    lab = to_lab([b.color for b in members])
    d = np.linalg.norm(lab[:, None] - lab[None], axis=2)
    i, j = np.unravel_index(int(np.argmax(d)), d.shape)
    centres = lab[[i, j]]
    for _ in range(5):
        near = np.argmin(np.linalg.norm(lab[:, None] - centres[None], axis=2), axis=1)
        if (near == 0).all() or (near == 1).all():
            return [members]
        centres = np.array([np.median(lab[near == k], axis=0) for k in (0, 1)])
    dist = np.linalg.norm(lab[:, None] - centres[None], axis=2)
    core = dist.min(axis=1) <= 0.5 * max_delta
    if np.linalg.norm(centres[0] - centres[1]) < 1.25 * max_delta or core.sum() < len(members) - len(members) // 3 \
            or min(int((core & (near == k)).sum()) for k in (0, 1)) < 3 or not two_hues(centres):
        return [members]
    return [[b for b, k in zip(members, near) if k == side] for side in (0, 1)]


def two_hues(lab: np.ndarray, min_chroma: float = 10.0, min_angle: float = 30.0) -> bool:
    """Two or more of the Lab colours `lab` are colours (not greys) whose hues lie `min_angle`
    degrees apart or more: two series, not one series' colour and its paler rim (5 px markers
    with as much rim as fill: seed-41 syn004)."""
    hues = [np.degrees(np.arctan2(c[2], c[1])) for c in lab if np.hypot(c[1], c[2]) >= min_chroma]
    return any(abs((a - b + 180.0) % 360.0 - 180.0) >= min_angle for i, a in enumerate(hues) for b in hues[i + 1:])


def _shape_family(shape: str) -> str:
    return "triangle" if shape.startswith("triangle") else shape


def paler_series(series: list[str], colors: list, shapes: list[str], named: set, bg,
                 min_t: float = 0.3, resid: float = 12.0) -> dict[str, str]:
    """{unnamed series: the named series it is a paler copy of}. Markers a few pixels wide
    drawn between pixel centres blend with the page in every pixel, and come out paler than
    their series' other markers (3 px squares at (234, 168, 118) beside their series' others
    at (219, 102, 13)): a group of its own with no legend entry. Such a series is taken back
    when it has three marks or more, all with the shape of one named series' marks and a
    colour on the way from the page `bg` to that series' colour, and no other named series'
    marks fit. Only a series of a vivid colour: every grey is a blend of the page and a darker
    grey, and a paler grey series is another series ('baseline' in grey beside 'BF16')."""
    from ..xychart.not_markers import blend_of  # here: not_markers imports this package

    members: dict[str, list[int]] = {}
    for k, s in enumerate(series):
        members.setdefault(s, []).append(k)
    refs = {s: (tuple(np.median([colors[k] for k in ks], axis=0)), {_shape_family(shapes[k]) for k in ks})
            for s, ks in members.items() if s in named}
    out = {}
    for s, ks in members.items():
        # (One or two pale marks are as likely glyphs of a label in the series' colour, which
        # the label readers tell apart: see point_labels.pale_glyphs and crossed_glyphs.)
        if s in named or len(ks) < 3:
            continue
        fams = {_shape_family(shapes[k]) for k in ks}
        fits = [n for n, (c, f) in refs.items()
                if max(c) - min(c) >= 60 and fams <= f
                and all(blend_of(colors[k], c, bg, min_t=min_t, resid=resid, max_t=1.0) for k in ks)]
        if len(fits) == 1:
            out[s] = fits[0]
    return out
