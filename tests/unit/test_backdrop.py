"""Transparent charts are composited onto the page they were drawn for."""
import numpy as np
from PIL import Image

from pipeline.imageio import DARK_PAGE, load_rgb


def _transparent_chart(ink, tmp_path, name):
    a = np.zeros((120, 160, 4), np.uint8)          # fully transparent page
    a[20:100, 30:33] = (*ink, 255)                 # an axis line
    a[97:100, 30:150] = (*ink, 255)
    a[40:97, 60:80] = (200, 60, 60, 255)           # a red bar
    p = tmp_path / name
    Image.fromarray(a, "RGBA").save(p)
    return load_rgb(p)


def test_dark_ink_goes_on_white(tmp_path):
    rgb = _transparent_chart((20, 20, 20), tmp_path, "light.png")
    assert tuple(rgb[5, 5]) == (255, 255, 255)
    assert tuple(rgb[50, 31]) == (20, 20, 20)


def test_white_ink_goes_on_a_dark_page(tmp_path):
    rgb = _transparent_chart((250, 250, 250), tmp_path, "dark.png")
    assert tuple(rgb[5, 5]) == tuple(int(v) for v in DARK_PAGE)
    assert tuple(rgb[50, 31]) == (250, 250, 250)
    assert tuple(rgb[60, 70]) == (200, 60, 60)


def test_light_gridlines_with_faint_dark_text_go_on_white(tmp_path):
    # Seed-23 syn072 (transparent, downscaled, blurred): every opaque grey pixel is a light
    # gridline; the dark grey labels, blurred, never reach half opacity. On a dark page they
    # vanished and no tick label could be read.
    a = np.zeros((120, 160, 4), np.uint8)
    a[::20, :] = (190, 190, 190, 255)              # gridlines
    a[:, ::20] = (190, 190, 190, 255)
    a[104:112, 40:70] = (60, 60, 60, 90)           # a faint label
    p = tmp_path / "faint.png"
    Image.fromarray(a, "RGBA").save(p)
    assert tuple(load_rgb(p)[5, 5]) == (255, 255, 255)
    a[104:112, 40:70, 3] = 0                        # without it the chart is one for a dark page
    Image.fromarray(a, "RGBA").save(p)
    assert tuple(load_rgb(p)[5, 5]) == tuple(int(v) for v in DARK_PAGE)


def test_half_transparent_pixels_are_blended(tmp_path):
    a = np.full((60, 60, 4), 255, np.uint8)
    a[10:20, 10:20] = (0, 0, 0, 128)
    p = tmp_path / "half.png"
    Image.fromarray(a, "RGBA").save(p)
    assert tuple(load_rgb(p)[15, 15]) == (127, 127, 127)


def _page_with(block):
    rgb = np.full((400, 600, 3), 255, np.uint8)
    block(rgb)
    return rgb


def test_a_grey_plot_panel_is_a_second_background():
    from pipeline.imageops import second_background
    def panel(rgb):
        rgb[60:340, 80:560] = (234, 234, 242)
        rgb[60:340:40, 80:560] = 255                 # white gridlines across the panel
        rgb[100:104, 80:560] = (30, 30, 30)          # a data line
    got = second_background(_page_with(panel), np.array([255, 255, 255]))
    assert got is not None and abs(int(got[0]) - 234) <= 4 and abs(int(got[2]) - 242) <= 4


def test_dense_thin_ink_is_no_background():
    # A busy legend and many thin lines: over 10 % of the image is dark ink, but no wide area
    # is; taking black for a background would whiten all the text (the FlashInfer panels).
    from pipeline.imageops import second_background
    def strokes(rgb):
        rgb[40:360:6, 40:560] = (0, 0, 0)
        rgb[40:360, 40:560:9] = (0, 0, 0)
    rgb = _page_with(strokes)
    assert (rgb[40:360, 40:560] == 0).mean() > 0.2
    assert second_background(rgb, np.array([255, 255, 255])) is None
