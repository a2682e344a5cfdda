"""The one wrapper around the OCR engine.

tesseract runs in-process through tesserocr when it is installed (a tick-label crop reads in a
few milliseconds); otherwise through pytesseract, which starts one process per call. Callers
see only `Word` boxes in the coordinates of the array they passed.
"""
from __future__ import annotations

import functools
import os
import re
import shutil
import subprocess
import threading
from dataclasses import dataclass

import numpy as np
from PIL import Image

from .errors import OcrEngineMissing

PSM_SPARSE = 11
PSM_BLOCK = 6
PSM_LINE = 7
PSM_WORD = 8
SOURCE_DPI = 96


@dataclass(frozen=True)
class Word:
    text: str
    conf: float
    x0: int
    y0: int
    x1: int
    y1: int

    @property
    def cx(self) -> float:
        return (self.x0 + self.x1) / 2.0

    @property
    def cy(self) -> float:
        return (self.y0 + self.y1) / 2.0

    @property
    def h(self) -> int:
        return self.y1 - self.y0

    @property
    def w(self) -> int:
        return self.x1 - self.x0

    def shifted(self, dx: float, dy: float, scale: float = 1.0) -> "Word":
        return Word(self.text, self.conf, int(round(self.x0 / scale + dx)), int(round(self.y0 / scale + dy)),
                    int(round(self.x1 / scale + dx)), int(round(self.y1 / scale + dy)))


@functools.lru_cache(maxsize=1)
def tessdata_dir() -> str | None:
    if os.environ.get("TESSDATA_PREFIX"):
        return os.environ["TESSDATA_PREFIX"]
    exe = shutil.which("tesseract")
    if exe:
        try:
            out = subprocess.run([exe, "--list-langs"], capture_output=True, text=True, timeout=20)
            m = re.search(r'"([^"]+)"', out.stdout + out.stderr)
            if m:
                return m.group(1).rstrip("/")
        except (OSError, subprocess.SubprocessError):
            pass
    for cand in ("/usr/share/tesseract-ocr/5/tessdata", "/usr/share/tesseract-ocr/4.00/tessdata",
                 "/usr/share/tessdata", "/usr/local/share/tessdata"):
        if os.path.isfile(os.path.join(cand, "eng.traineddata")):
            return cand
    return None


class _TesserocrEngine:
    def __init__(self):
        import tesserocr
        self._t = tesserocr
        path = tessdata_dir()
        if path is None:
            raise OcrEngineMissing("tesseract's English data (eng.traineddata) was not found; "
                                   "install tesseract-ocr-eng or set TESSDATA_PREFIX")
        self._apis = {}
        self._path = path
        self._lock = threading.Lock()

    def _api(self, psm: int):
        if psm not in self._apis:
            self._apis[psm] = self._t.PyTessBaseAPI(path=self._path, lang="eng", psm=psm)
        return self._apis[psm]

    def words(self, gray: np.ndarray, psm: int, whitelist: str | None) -> list[Word]:
        t = self._t
        with self._lock:
            api = self._api(psm)
            api.SetVariable("tessedit_char_whitelist", whitelist or "")
            # Raw bytes, not SetImage(PIL image): tesserocr encodes a PIL image as a BMP and
            # leptonica decodes it again, a tenth of a crop's reading time. The BMP carried
            # PIL's 96 dpi, which tesseract's layout analysis uses: stated here so that the
            # words read are the same.
            if gray.dtype == np.uint8 and gray.ndim == 2:
                data = np.ascontiguousarray(gray)
                api.SetImageBytes(data.tobytes(), data.shape[1], data.shape[0], 1, data.shape[1])
                api.SetSourceResolution(SOURCE_DPI)
            else:
                api.SetImage(Image.fromarray(gray))
            api.Recognize()
            level = t.RIL.WORD
            out = []
            for r in t.iterate_level(api.GetIterator(), level):
                try:
                    text = r.GetUTF8Text(level)
                    box = r.BoundingBox(level)
                except RuntimeError:  # an empty result, not an error
                    continue
                if text and box:
                    out.append(Word(text.strip(), float(r.Confidence(level)), *box))
            return out

    def version(self) -> str:
        return self._t.tesseract_version().split()[1]


class _PytesseractEngine:
    def __init__(self):
        import pytesseract
        self._p = pytesseract
        try:
            pytesseract.get_tesseract_version()
        except (pytesseract.TesseractNotFoundError, OSError):
            raise OcrEngineMissing("the tesseract OCR engine is not installed; run `make run` or "
                                   "`sudo apt-get install tesseract-ocr`")

    def words(self, gray: np.ndarray, psm: int, whitelist: str | None) -> list[Word]:
        config = f"--psm {psm}"
        if whitelist:
            config += f" -c tessedit_char_whitelist={whitelist}"
        d = self._p.image_to_data(Image.fromarray(gray), config=config, output_type=self._p.Output.DICT,
                                  timeout=30)
        out = []
        for i, text in enumerate(d["text"]):
            if text and text.strip() and float(d["conf"][i]) >= 0:
                x, y, w, h = d["left"][i], d["top"][i], d["width"][i], d["height"][i]
                out.append(Word(text.strip(), float(d["conf"][i]), x, y, x + w, y + h))
        return out

    def version(self) -> str:
        return str(self._p.get_tesseract_version())


@functools.lru_cache(maxsize=1)
def engine():
    try:
        return _TesserocrEngine()
    except ImportError:
        return _PytesseractEngine()


def engine_version() -> str:
    return engine().version()


def read_words(gray: np.ndarray, scale: float = 1.0, psm: int = PSM_SPARSE,
               whitelist: str | None = None, sharpen: bool = False) -> list[Word]:
    """Words in a dark-on-light grayscale array, boxes in that array's pixel coordinates.

    `scale` > 1 enlarges the array first: tesseract reads text of 20-30 px cap height best.
    `sharpen`: an unsharp mask over the enlarged array (see unsharp).
    """
    if gray.size == 0:
        return []
    img = gray
    if scale != 1.0:
        img = _resize(gray, scale)
    if sharpen:
        img = unsharp(img, max(1.0, scale / 2.0))
    words = engine().words(np.ascontiguousarray(img), psm, whitelist)
    if scale == 1.0:
        return words
    return [w.shifted(0, 0, scale) for w in words]


def read_crop(crop: np.ndarray, origin: tuple[int, int] = (0, 0), scale: float = 1.0, psm: int = PSM_LINE,
              pad: int = 6, sharpen: bool = False) -> list[Word]:
    """Words of `crop`, a piece of a larger image whose top-left corner lies at `origin` (x, y)
    there, with boxes in the larger image's coordinates. The crop is read inside a white margin
    of `pad` px: tesseract misses glyphs that touch the edge of its image. `sharpen`: see
    read_words."""
    x0, y0 = origin
    return [w.shifted(x0 - pad, y0 - pad)
            for w in read_words(np.pad(crop, pad, constant_values=255), scale, psm, sharpen=sharpen)]


def unsharp(gray: np.ndarray, sigma: float, amount: float = 1.0) -> np.ndarray:
    """The array with its blur of `sigma` px subtracted `amount` times: edges that blur or a
    downscale and the enlargement softened are steep again, and thin strokes of small text
    stand apart where they had run together."""
    import cv2
    g = gray.astype(np.float32)
    return np.clip(g + amount * (g - cv2.GaussianBlur(g, (0, 0), sigma)), 0, 255).astype(np.uint8)


def _resize(gray: np.ndarray, scale: float) -> np.ndarray:
    import cv2
    return cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_CUBIC)
