"""Reading chart images safely: one clear error for anything that is not a usable image."""
from __future__ import annotations

import warnings
from pathlib import Path

import numpy as np
from PIL import Image, UnidentifiedImageError

from .errors import ImageTooLarge, InputNotFound, NoChartFound, NotAnImage

# A chart is rarely above 10 Mpx; 40 Mpx leaves room for print-resolution scans while refusing
# decompression bombs before their pixels are decoded.
MAX_PIXELS = 40_000_000


# The page colour of a dark-mode viewer (GitHub's), for charts drawn to be seen on one.
DARK_PAGE = np.array([13.0, 17.0, 23.0], dtype=np.float32)
WHITE_PAGE = np.array([255.0, 255.0, 255.0], dtype=np.float32)


def backdrop(rgba: np.ndarray) -> np.ndarray:
    """The colour a transparent chart is composited onto: white, as viewers show it, unless the
    chart was drawn for a dark page. Such a chart is mostly transparent and none of its grey ink
    (text, axes, ticks) is dark, so it would vanish on white."""
    sample = rgba[::2, ::2]   # statistics only: a quarter of the pixels tell the same
    alpha = sample[..., 3]
    if (alpha < 128).mean() < 0.2:
        return WHITE_PAGE
    def grey_levels(opaque):
        rgb = sample[..., :3][opaque].astype(np.int16)
        return rgb[(rgb.max(axis=1) - rgb.min(axis=1)) < 30].mean(axis=1)
    level = grey_levels(alpha >= 128)
    # Light gridlines are common on white pages too: what tells is that no grey ink is dark,
    # faint ink too: small text blurred or downscaled never reaches half opacity, yet keeps
    # its colour (dark grey labels over white gridlines, seed-23 syn072).
    faint = grey_levels(alpha >= 40)
    if len(level) >= 50 and (level < 100).mean() < 0.01 and (faint < 100).mean() < 0.01 \
            and (level > 170).mean() > 0.5:
        return DARK_PAGE
    return WHITE_PAGE


def load_rgb(path: Path, max_pixels: int = MAX_PIXELS) -> np.ndarray:
    """Decode `path` to an RGB uint8 array, compositing transparency onto the page it was drawn
    for (see `backdrop`)."""
    path = Path(path)
    if not path.is_file():
        raise InputNotFound(f"{path}: no such file")
    if path.stat().st_size == 0:
        raise NotAnImage(f"{path}: the file is empty")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(path) as im:
                w, h = im.size
                if w * h > max_pixels:
                    raise ImageTooLarge(
                        f"{path}: image is {w}x{h} pixels, above the limit of {max_pixels:,}")
                im.load()
                opaque = im.mode in ("RGB", "L") and "transparency" not in im.info
                rgba = im.convert("RGB") if opaque else im.convert("RGBA")
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise ImageTooLarge(f"{path}: image is too large to decode safely (decompression bomb)")
    except UnidentifiedImageError:
        raise NotAnImage(f"{path}: not an image file that can be read")
    except (OSError, SyntaxError, ValueError) as exc:
        raise NotAnImage(f"{path}: the image is truncated or corrupt ({exc})")
    if min(h, w) < 50:
        raise NoChartFound(f"{path}: image is only {w}x{h} pixels, too small to hold a chart")
    arr = np.asarray(rgba)
    if arr.shape[2] == 3:
        return np.ascontiguousarray(arr)
    alpha = arr[..., 3:4].astype(np.uint32)
    if alpha.min() == 255:
        return np.ascontiguousarray(arr[..., :3])
    under = backdrop(arr).astype(np.uint32)
    rgb = (arr[..., :3].astype(np.uint32) * alpha + under * (255 - alpha) + 127) // 255
    return rgb.astype(np.uint8)
