"""The fast forms of colour statistics give what the plain numpy forms gave."""
import numpy as np

from pipeline import imageops
from pipeline.marks.series import lab_bins, lab_distance, to_lab


def test_median_u8_is_numpys_median_for_odd_and_even_counts():
    rng = np.random.default_rng(1)
    for n in (1, 2, 3, 10, 11, 1000, 1001):
        v = rng.integers(0, 256, n).astype(np.uint8)
        assert imageops.median_u8(v) == float(np.median(v))


def test_dominant_color_is_the_median_of_the_commonest_bin():
    rgb = np.full((40, 50, 3), (250, 250, 250), np.uint8)
    rgb[:10] = (30, 120, 200)
    rgb[10:14] = (29, 118, 203)    # the same bin: the median takes both
    rgb[30:] = (200, 10, 10)
    got = imageops.dominant_color(rgb)
    assert tuple(got) == (250, 250, 250)
    mask = np.zeros((40, 50), bool)
    mask[:14] = True
    px = rgb[mask]
    assert tuple(imageops.dominant_color(rgb, mask)) == tuple(np.median(px, axis=0).astype(np.uint8))


def test_color_distance_is_the_largest_channel_difference():
    rgb = np.array([[[10, 200, 30], [255, 0, 128]]], np.uint8)
    assert imageops.color_distance(rgb, (20, 190, 30)).tolist() == [[10, 235]]


def test_lab_distance_is_the_norm_of_the_lab_difference():
    rng = np.random.default_rng(2)
    px = rng.integers(0, 256, (7, 9, 3)).astype(np.uint8)
    want = np.linalg.norm(to_lab(px.reshape(-1, 3)) - to_lab([(31, 119, 180)])[0], axis=1).reshape(7, 9)
    assert np.allclose(lab_distance(px, (31, 119, 180)), want, rtol=0, atol=1e-9)


def test_lab_bins_count_the_rows_np_unique_counts_in_its_order():
    rng = np.random.default_rng(3)
    lab = to_lab(rng.integers(0, 256, (500, 3)).astype(np.uint8))
    lab = np.vstack([lab, lab[:50]])
    centres, counts = lab_bins(lab)
    keys, want = np.unique(np.round(lab / 4.0).astype(int), axis=0, return_counts=True)
    assert np.array_equal(centres, keys * 4.0) and np.array_equal(counts, want)


def test_a_wide_light_frame_round_a_dark_chart_is_not_its_page():
    # Seed-16 syn010: a dark chart pasted on a light page with a 56 px frame, past the 8 % cut;
    # the frame became the second background and light tick labels on the chart whitened away.
    rgb = np.full((400, 600, 3), 230, np.uint8)
    rgb[60:340, 60:540] = (35, 35, 35)            # the chart's page
    rgb[90:310, 100:520] = (43, 43, 43)           # its plot panel, a shade apart
    rgb[150:160, 20:50] = (200, 200, 200)         # text on the frame does not make it a chart
    page = imageops.page_background(rgb)
    assert tuple(page) == (43, 43, 43)
    second = imageops.second_background(rgb, page)
    assert second is None or max(second) < 100


def test_a_frame_inside_the_8_percent_cut_changes_nothing():
    rgb = np.full((400, 600, 3), 255, np.uint8)
    rgb[20:380, 20:580] = (235, 235, 235)         # a grey panel 20 px inside a white page
    rgb[50:350, 50:550] = (255, 255, 255)
    assert tuple(imageops.page_background(rgb)) == (255, 255, 255)


def test_wide_bars_filling_the_core_are_not_the_page():
    # Bar seed-27 bar026: four green horizontal bars cover most of the core; the white between
    # them and round them is the page (the bars had been read as the page, the gaps as bars).
    rgb = np.full((570, 980, 3), 255, np.uint8)
    for y, length in zip(range(40, 520, 130), (600, 760, 500, 790)):
        rgb[y:y + 110, 90:90 + length] = (27, 157, 119)
    assert tuple(imageops.page_background(rgb)) == (255, 255, 255)
    # A dull colour filling the core stays the page, whatever the edge is (a grey panel).
    rgb[40:520, 90:900] = (229, 229, 229)
    assert tuple(imageops.page_background(rgb)) == (229, 229, 229)


def test_saturation_counts_near_black_noise_as_grey():
    from pipeline.imageops import saturation
    px = np.array([[[0, 0, 6], [6, 0, 2], [215, 92, 0], [30, 10, 60], [128, 128, 128]]], np.uint8)
    s = saturation(px)[0]
    assert s[0] == 0 and s[1] == 0 and s[4] == 0      # a black frame's noise, grey
    assert s[2] > 200 and s[3] > 60                    # orange; a dark violet of a dark theme


def test_a_flat_frame_is_painted_in_the_colour_just_inside_it():
    rgb = np.full((100, 160, 3), 240, np.uint8)
    rgb[12:88, 16:144] = 30                          # a dark figure on a light page
    rgb[40:60, 40:120] = (200, 80, 40)               # something drawn on it
    out = imageops.without_frame(rgb)
    assert (out[:12] == 30).all() and (out[:, :16] == 30).all()
    assert (out[12:88, 16:144] == rgb[12:88, 16:144]).all()
    # a frame of the colour inside it, or none, leaves the image as it is
    same = np.full((100, 160, 3), 30, np.uint8)
    same[40:60, 40:120] = 200
    assert imageops.without_frame(same) is same


def test_a_grey_rule_through_a_line_of_text_is_whitened_and_the_text_stays():
    # Seed-27 syn009: a gridline (grey 177 in the text gray) runs through 'no chunking' along
    # the letters' feet; OCR read the space there as '-'.
    gray = np.full((30, 120), 250, np.uint8)
    for x in range(20, 100, 12):
        gray[8:20, x:x + 3] = 0                 # letters' stems
    gray[14:18, :] = np.where(gray[14:18, :] == 0, 0, 177)
    out = imageops.rules_whitened(gray, (20, 8, 100, 20), 3)
    assert (out[14:18, 17:103][gray[14:18, 17:103] == 177] == 255).all()     # the box and its margin
    assert (out[8:20, 20:23] == 0).all() and (out[:, :5] == gray[:, :5]).all()   # outside the box: as it was
    # a row of page and text only is no rule
    assert np.array_equal(out[8:14], gray[8:14])
    # a legend's frame just above the text is left as it is (seed-14 syn001), and so is
    # blurred text: greys of all shades with the page beside them
    gray = np.full((30, 120), 250, np.uint8)
    gray[5, :] = 180
    gray[8:20, 20:100] = np.tile(np.linspace(110, 230, 80).astype(np.uint8), (12, 1))
    out = imageops.rules_whitened(gray, (20, 7, 100, 20), 3)
    assert np.array_equal(out, gray)


def test_a_thin_white_margin_round_a_grey_panel_is_the_second_background():
    # A ggplot panel fills the core; the margin holding the tick labels lies in the outer 8 %.
    rgb = np.full((500, 800, 3), 255, np.uint8)
    rgb[30:460, 50:785] = (229, 229, 229)
    for y in range(60, 460, 80):                         # tick labels and a title on the margin
        rgb[y:y + 10, 20:40] = (80, 80, 80)
    for x in range(80, 780, 140):
        rgb[470:480, x:x + 30] = (80, 80, 80)
    rgb[8:20, 300:500] = (80, 80, 80)
    page = imageops.page_background(rgb)
    assert tuple(page) == (229, 229, 229)
    assert tuple(imageops.second_background(rgb, page)) == (255, 255, 255)


def test_a_thin_screenshot_frame_round_a_dark_chart_is_no_second_background():
    # Its light text must not read as background: the frame holds no text and is cut off.
    rgb = np.full((500, 800, 3), 255, np.uint8)
    rgb[20:480, 20:780] = (30, 30, 30)
    rgb[470:475, 300:330] = (240, 240, 240)              # light text on the dark chart
    page = imageops.page_background(rgb)
    assert tuple(page) == (30, 30, 30)
    assert imageops.second_background(rgb, page) is None


def test_a_noisy_dark_border_round_a_light_chart_is_no_second_background():
    # Seed-9 syn097: a 29 px dark screenshot border, too noisy to pass for a flat frame, was
    # taken for the margin round a panel; its colour whitened the dark title, whose letters
    # then stood as four markers.
    rng = np.random.default_rng(0)
    rgb = np.clip(43 + rng.normal(0, 8, (500, 750, 3)).round(), 0, 255).astype(np.uint8)
    rgb[29:-29, 29:-29] = 255
    rgb[50:62, 280:470] = (27, 27, 27)                   # the title
    page = imageops.page_background(rgb)
    assert min(page) > 230
    assert imageops.second_background(rgb, page) is None


def test_a_dark_lines_width_is_measured_without_the_axis_lines():
    # A 4 px black series on a white page with 1 px axis lines and a gridline: the rules' thin
    # runs outnumber the line's pixels, and the width came out 1 px; markers 8 px wide were then
    # no deeper than "lines" and none was found (decode chart, matplotlib, outside set 2 h46).
    import cv2
    from pipeline.imageops import stroke_halfwidth
    from pipeline.layout import rules_of
    ink = np.zeros((700, 960), np.uint8)
    ink[620, 130:930] = 1                      # x axis
    ink[50:621, 130] = 1                       # y axis
    ink[335, 131:930] = 1                      # a gridline
    cv2.line(ink, (355, 176), (465, 331), 1, 4)
    cv2.line(ink, (465, 331), (604, 435), 1, 4)
    cv2.line(ink, (604, 435), (794, 501), 1, 4)
    ink = ink.astype(bool)
    assert stroke_halfwidth(ink) == 1.0
    assert 2.0 <= stroke_halfwidth(ink & ~rules_of(ink, 14.0)) <= 2.5


def test_a_box_that_only_bounds_the_marks_on_a_plain_page_is_no_frame():
    # Bar seed-39 bar052: the first and last horizontal bars lie on the box bounding what is
    # drawn, so the colour just inside it was the bars' blue, and the page was painted blue.
    rgb = np.full((120, 200, 3), 255, np.uint8)
    rgb[20:40, 40:180] = (76, 114, 176)              # first bar, on the box's top side
    rgb[80:100, 40:120] = (76, 114, 176)             # last bar, on its bottom side
    rgb[45:75, 10:30] = 60                           # a category label left of the bars
    assert imageops.without_frame(rgb) is rgb


def test_a_coloured_lines_width_is_measured_without_coloured_gridlines():
    # Plotly's dark template draws axis lines and gridlines blue-grey, which counts as colour:
    # their 1 px runs set a 5 px light-blue series line's width to 1 px, and its markers and
    # itself came out as one traced "line" along the axes (set-12 h44, set-9 h34).
    import cv2
    from pipeline.digitize import series_halfwidth
    rgb = np.full((700, 960, 3), 17, np.uint8)
    for y in range(80, 620, 60):
        rgb[y, 100:940] = (40, 52, 66)         # gridlines
    for x in range(100, 940, 80):
        rgb[60:620, x] = (40, 52, 66)
    rgb[620, 100:940] = (80, 103, 132)         # axis lines
    rgb[60:621, 100] = (80, 103, 132)
    cv2.line(rgb, (150, 150), (850, 500), (222, 186, 137), 5)
    ink = np.abs(rgb.astype(int) - 17).max(axis=2) > 20
    assert imageops.spanning_rules(ink)[620, 500] and not imageops.spanning_rules(ink)[355, 510]
    # a bar as tall is no rule (bar seed-30 bar011 was read as points without it)
    bar = np.zeros((700, 960), bool)
    bar[100:620, 300:360] = True
    assert not imageops.spanning_rules(bar).any()
    assert 2.0 <= series_halfwidth(rgb, ink, 14.0) <= 3.5


def test_a_frame_is_found_though_the_ring_inside_it_runs_along_a_spine():
    # Bar seed-45 bar013: a dark 56 px border round a white chart whose plot spine lies four to
    # eight pixels inside the frame's box on one side; that side did not read as the chart's
    # background, the frame was kept, and its dark ring stood as bars.
    rgb = np.full((400, 600, 3), 43, np.uint8)
    rgb[56:344, 56:544] = 255
    rgb[56:344, 538:540] = 180                       # the spine, 4-5 px in from the right
    rgb[150:200, 100:400] = (0, 114, 178)            # a bar
    out = imageops.without_frame(rgb)
    assert (out[:56] == 255).all() and (out[:, 544:] == 255).all()
    assert (out[150:200, 100:400] == (0, 114, 178)).all()


def test_grey_bars_apart_on_the_page_are_no_second_background():
    # Bar seed-41 bar057: three wide grey bars far apart were taken for a second background,
    # and the rims of the dark text, grey as they pass through it, were whitened: no word read.
    rgb = np.full((500, 800, 3), 255, np.uint8)
    for y, length in ((100, 330), (230, 150), (360, 560)):
        rgb[y:y + 34, 160:160 + length] = (165, 165, 165)
    rgb[40:50, 60:200] = (60, 60, 60)                # a title
    page = imageops.page_background(rgb)
    assert tuple(page) == (255, 255, 255)
    assert imageops.second_background(rgb, page) is None
    # a grey panel with marks on it, as wide as the bars' box, still is one
    rgb = np.full((500, 800, 3), 255, np.uint8)
    rgb[150:350, 250:650] = (165, 165, 165)
    rgb[200:210, 280:620] = (40, 90, 200)
    rgb[220:330, 400:405] = (40, 90, 200)
    page = imageops.page_background(rgb)
    assert tuple(page) == (255, 255, 255)
    assert tuple(imageops.second_background(rgb, page)) == (165, 165, 165)


def test_a_wide_grey_figure_round_a_white_plot_with_labels_on_it_is_the_second_background():
    # Set-21 h07 (matplotlib 'grayscale'): the figure is grey 191 round a white plot; the tick
    # labels stand on the grey just outside the plot. Taken for a frame holding no text, it
    # was no background, and the 8 px labels on mid-grey went unread.
    rgb = np.full((600, 900, 3), 191, np.uint8)
    rgb[30:540, 80:880] = 255
    for y in range(40, 540, 100):                        # y tick labels on the grey
        rgb[y:y + 8, 50:72] = 0
    for x in range(80, 880, 160):                        # x tick labels on the grey
        rgb[548:556, x:x + 20] = 0
    page = imageops.page_background(rgb)
    assert tuple(page) == (255, 255, 255)
    assert tuple(imageops.second_background(rgb, page)) == (191, 191, 191)


def test_a_window_title_bar_or_a_pale_panel_inside_a_border_is_no_margin_background():
    # Set-21 h40: a grey window title bar over a white chart lies along one side only.
    rgb = np.full((600, 900, 3), 248, np.uint8)
    rgb[:34] = 225
    for x in (8, 28, 48):
        rgb[10:22, x:x + 12] = (255, 95, 86)             # the window's buttons
    rgb[60:580, 25:880] = 255
    for y in range(90, 560, 100):
        rgb[y:y + 8, 60:80] = 40
    page = imageops.page_background(rgb)
    assert imageops.second_background(rgb, page) is None
    # Seed-48 syn025: a pale screenshot border round a white chart whose seaborn panel is of
    # about the border's colour: the panel stands inside the chart, off the box's edges.
    rgb = np.full((600, 900, 3), 235, np.uint8)
    rgb[33:567, 33:867] = 255
    rgb[80:500, 120:840] = (234, 234, 242)
    for y in range(90, 500, 100):
        rgb[y:y + 8, 80:110] = 40
    page = imageops.page_background(rgb)
    second = imageops.second_background(rgb, page)
    assert second is None or tuple(second) != (235, 235, 235)


def _grey_figure_with_bars():
    # A grey figure (191) round a white plot with its tick labels on the grey, and three
    # coloured bars standing on the plot's black bottom spine (matplotlib 'classic').
    rgb = np.full((600, 900, 3), 191, np.uint8)
    rgb[30:540, 80:880] = 255
    rgb[538:541, 80:880] = 0                             # the bottom spine
    for y in range(40, 540, 100):
        rgb[y:y + 8, 50:72] = 0
    for x in range(80, 880, 160):
        rgb[548:556, x:x + 20] = 0
    for x0, top, color in ((150, 200, (78, 121, 167)), (400, 120, (242, 142, 43)), (650, 300, (225, 87, 89))):
        rgb[top:538, x0:x0 + 150] = color
    return rgb


def test_a_grey_figure_round_a_white_plot_is_its_margin_though_bars_fill_the_core():
    # Set-22 h02, set-26 h25 (matplotlib 'grayscale'): wide bars made the core's commonest
    # colour off the page theirs; the grey margin was no background, the labels on it went
    # unread, and the bars stood on it through the spine.
    rgb = _grey_figure_with_bars()
    page = imageops.page_background(rgb)
    assert tuple(page) == (255, 255, 255)
    assert tuple(imageops.figure_margin(rgb, page)) == (191, 191, 191)
    assert tuple(imageops.second_background(rgb, page)) == (191, 191, 191)
    # a white page round a grey panel has no margin of its own colour
    ggplot = np.full((600, 900, 3), 255, np.uint8)
    ggplot[30:540, 80:880] = (235, 235, 235)
    assert imageops.figure_margin(ggplot, page) is None


def test_a_white_page_round_a_grey_panel_of_bars_is_the_texts_second_background():
    # Bar seed-40 bar032 (ggplot): the panel, taken for the page, is lighter than the page
    # round it; wide bars made the core's commonest colour off the panel theirs, and the
    # category labels on the white page were read against the grey alone ('B200' read '8200').
    rgb = np.full((600, 900, 3), 255, np.uint8)
    rgb[30:540, 80:880] = 229
    for y in range(40, 540, 100):                        # tick labels on the page
        rgb[y:y + 8, 50:72] = 60
    for x in range(80, 880, 160):
        rgb[548:556, x:x + 20] = 60
    for x0, top in ((150, 200), (400, 120), (650, 300)):
        rgb[top:540, x0:x0 + 150] = (31, 119, 180)
    page = imageops.page_background(rgb)
    assert tuple(page) == (229, 229, 229)
    assert tuple(imageops.second_background(rgb, page)) == (255, 255, 255)
    # bars are not read against it (see barchart.layout.find_bar_chart)
    assert imageops.figure_margin(rgb, page) is None
    assert tuple(imageops.figure_margin(rgb, page, lighter=True)) == (255, 255, 255)


def test_a_window_title_bar_over_a_frame_is_peeled_with_it():
    # Set-27 h02: a dark title bar (with its buttons) over a frame of another dark colour round
    # the chart: the corner's colour (the bar's) was no frame's, and the frame stood as bars.
    rgb = np.full((600, 900, 3), 255, np.uint8)
    rgb[:, :] = (40, 42, 46)
    rgb[:36] = (15, 17, 21)
    for x in (8, 28, 48):
        rgb[12:24, x:x + 12] = (255, 95, 86)
    rgb[60:580, 24:876] = 255
    rgb[200:400, 300:500] = (200, 80, 40)
    x0, y0, x1, y1 = imageops._flat_frame(rgb)
    assert 56 <= y0 <= 60 and 20 <= x0 <= 24 and 876 <= x1 <= 880 and 580 <= y1 <= 584
    out = imageops.without_frame(rgb)
    assert (out[:36] == 255).all() and (out[:, :20] == 255).all()


def test_a_specked_screenshot_border_holding_no_text_is_no_figure_margin():
    # Set-27 h05: a light grey window border, specked with noise, round a white chart whose
    # labels stand on the white: the specks left the border's inner band inside the flat
    # frame's box, and taken for a margin it greyed the legend's names away.
    rng = np.random.default_rng(5)
    rgb = np.full((600, 900, 3), 210, np.uint8)
    rgb[30:570, 30:870] = 255
    for y in range(60, 540, 100):
        rgb[y:y + 8, 60:80] = 0                            # labels on the white
    band = np.zeros(rgb.shape[:2], bool)
    band[16:584, 16:884] = True
    band[30:570, 30:870] = False
    rgb[band & (rng.random(rgb.shape[:2]) < 0.05)] = 150
    page = imageops.page_background(rgb)
    assert imageops._flat_frame(rgb)[:2] == (16, 16)
    assert imageops.figure_margin(rgb, page) is None
    assert tuple(imageops.figure_margin(_grey_figure_with_bars(), page)) == (191,) * 3


def test_a_mark_below_a_line_of_glyphs_past_blank_rows_is_apart_from_it():
    word = np.zeros((30, 50), bool)
    word[0:17, 5:45:6] = True       # glyph strokes, 17 rows
    word[23:30, 22:29] = True       # a 7 px dot under them, past 6 blank rows
    assert imageops.apart_from_rows(word, 23, 30)
    word[17:23, 10] = True          # a descender reaching the dot's rows: no blank rows between
    assert not imageops.apart_from_rows(word, 23, 30)


def test_a_mark_level_with_the_glyphs_or_taller_than_them_is_not_apart():
    word = np.zeros((30, 50), bool)
    word[8:25, 5:30:6] = True
    word[8:25, 40:47] = True        # a mark level with the glyphs, at the word's end
    assert not imageops.apart_from_rows(word, 8, 25)
    word = np.zeros((30, 50), bool)
    word[0:3, 5:40] = True          # a thin speck of ink over a tall mark
    word[6:30, 20:27] = True
    assert not imageops.apart_from_rows(word, 6, 30)
    assert not imageops.apart_from_rows(np.zeros((30, 50), bool), 6, 30)
