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


def load_rgb(path: Path, max_pixels: int = MAX_PIXELS) -> np.ndarray:
    """Decode `path` to an RGB uint8 array, compositing transparency onto white as viewers do."""
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
                rgba = im.convert("RGBA")
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise ImageTooLarge(f"{path}: image is too large to decode safely (decompression bomb)")
    except UnidentifiedImageError:
        raise NotAnImage(f"{path}: not an image file that can be read")
    except (OSError, SyntaxError, ValueError) as exc:
        raise NotAnImage(f"{path}: the image is truncated or corrupt ({exc})")
    arr = np.asarray(rgba, dtype=np.float32)
    alpha = arr[..., 3:4] / 255.0
    rgb = arr[..., :3] * alpha + 255.0 * (1.0 - alpha)
    if min(rgb.shape[:2]) < 50:
        raise NoChartFound(f"{path}: image is only {w}x{h} pixels, too small to hold a chart")
    return np.clip(rgb + 0.5, 0, 255).astype(np.uint8)
