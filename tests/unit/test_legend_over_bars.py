"""A legend drawn over the bars: swatches on a bar, names across a bar's end."""
import numpy as np

from pipeline import imageops
from pipeline.barchart.names import _two_backgrounds, _with_outline, _without_rules, pitch_swatches
from pipeline.marks.markers import Blob


def test_a_seam_between_two_fills_is_no_ink_and_text_over_either_is():
    green, white = (2, 158, 115), (255, 255, 255)
    rgb = np.zeros((3, 4, 3), np.uint8)
    rgb[0] = white
    rgb[1] = (128, 206, 185)                  # the anti-aliased seam: halfway between the two
    rgb[2] = green
    rgb[:, 3] = (30, 30, 30)                  # dark text
    d = imageops.off_blend(rgb, white, green)
    assert d[:, :3].max() <= 2 and d[:, 3].min() >= 80


def test_two_backgrounds_need_a_sixth_each():
    rgb = np.full((20, 60, 3), 255, np.uint8)
    assert _two_backgrounds(rgb) is None
    rgb[10:, :30] = (222, 143, 5)             # a bar's end under the lower half of the crop
    got = _two_backgrounds(rgb)
    assert got is not None and {tuple(int(v) for v in c) for c in got} == {(255, 255, 255), (222, 143, 5)}
    rgb[:] = 255
    rgb[18:, :30] = (222, 143, 5)             # a strip: no background
    assert _two_backgrounds(rgb) is None


def test_a_rule_entering_from_the_crops_edge_is_cleared_and_glyphs_are_kept():
    crop = np.full((18, 120), 255, np.uint8)
    crop[14, :50] = 0                         # a bar's outline from the swatch on, under the name
    crop[4:14, 20:23] = 0                     # a glyph's stem standing on it
    crop[4:14, 70:73] = 0                     # a glyph clear of it
    out = _without_rules(crop)
    assert (out[14, :50] == 255).all() and (out[4:14, 20:23] == 0).all() and (out[4:14, 70:73] == 0).all()
    assert (crop[14, :50] == 0).all()          # the caller's crop is left as it was


def test_an_outlined_swatch_takes_its_anti_aliased_rim_and_outline():
    # Bar seed-16 bar017: red's rim lay further from its fill than blue's, so the red patch
    # came out two rows shorter and was no sibling of the blue swatch.
    rgb = np.full((30, 40, 3), 229, np.uint8)
    rgb[5:16, 5:30] = (51, 51, 51)            # outline
    rgb[6:15, 6:29] = (191, 69, 51)           # rim
    rgb[7:14, 7:28] = (226, 74, 51)           # fill
    assert _with_outline(rgb, (7, 7, 28, 14), (226, 74, 51)) == (5, 5, 30, 16)


def test_a_swatch_one_pitch_above_the_legend_is_found_where_its_colour_fills_the_box():
    rgb = np.full((120, 200, 3), 229, np.uint8)
    rgb[15:25, 50:60] = (226, 74, 51)         # red swatch on a red bar's end
    rgb[25:33, 40:110] = (226, 74, 51)
    rgb[34:44, 50:60] = (52, 138, 189)
    rgb[53:63, 50:60] = (152, 142, 213)
    found = [Blob(54.5, 38.5, 100, (50, 34, 60, 44), (52, 138, 189), "square"),
             Blob(54.5, 57.5, 100, (50, 53, 60, 63), (152, 142, 213), "square")]
    got = pitch_swatches(rgb, found, [(226, 74, 51)])
    assert len(got) == 1 and abs(got[0].cy - 19.5) <= 1 and got[0].box[0] == 50
    assert pitch_swatches(rgb, found, [(0, 200, 0)]) == []          # not a missing colour
