"""Charts from renderers the corpus does not use (tests/data/outside: plotly, gnuplot), each
pinning a reading that failed on it."""
import json
from pathlib import Path

from pipeline.digitize import digitize_array
from pipeline.imageio import load_rgb

DATA = Path(__file__).resolve().parent.parent / "data" / "outside"


def _read(name):
    truth = json.loads((DATA / f"{name}.truth.json").read_text())
    image = DATA / f"{name}.png"
    return truth, digitize_array(load_rgb(image if image.exists() else image.with_suffix(".jpg")))


def _within(ext, truth, tol=0.01):
    """Truth points with an extracted point within `tol` of both axis spans."""
    xa, ya = truth["x_axis"], truth["y_axis"]
    sx, sy = xa["max"] - xa["min"], ya["max"] - ya["min"]
    got = [(p.x, p.y) for p in ext.points if p.x is not None and p.y is not None]
    return sum(any(abs(x - t["x"]) <= tol * sx and abs(y - t["y"]) <= tol * sy for x, y in got)
               for s in truth["series"] for t in s["points"])


def test_a_category_labels_glyphs_are_no_legend_swatch_nor_its_tick_mark_a_one():
    # set-8 h48 (plotly, 640 px): 'Dee' of 'DeepSeek-V3' ran into one grey piece that passed
    # for a swatch named 'Seek-V3' (a second series of two missing bars), and the label, read
    # from below the tick mark's root, came out '1'.
    # (Since the dark bars are no background of the page's text, the label's hyphen is read
    # as a point: 'DeepSeek.V3'.)
    truth, ext = _read("set8_h48")
    assert ext.chart_type == "bar"
    assert {p.series for p in ext.points} == {"vLLM"} and len(ext.points) == 2
    assert {p.label.replace(".", "-") for p in ext.points} >= {"DeepSeek-V3"}


def test_plotly_triangles_a_pixel_too_shallow_are_still_markers():
    # set-9 h40: five 8 px triangles with no line; two inked 8 by 5 px were found by neither
    # finder, and their points were lost.
    truth, ext = _read("set9_h40")
    assert len(ext.points) == 5 and _within(ext, truth) == 5


def test_gnuplots_mirrored_tics_are_no_points():
    # set-9 h19: the tics gnuplot mirrors on the top and right borders came out as sixteen
    # black points beside the four labelled ones.
    truth, ext = _read("set9_h19")
    assert len(ext.points) == 4 and _within(ext, truth) == 4
    assert sorted(p.label for p in ext.points) == ["16", "32", "4", "8"]


def test_plotly_darks_coloured_axis_lines_do_not_set_the_line_width():
    # set-12 h44: the blue-grey axis lines and gridlines made the line width 1 px; the axes
    # were traced as the one series and no marker was found.
    truth, ext = _read("set12_h44")
    assert len(ext.points) == 5 and _within(ext, truth) == 5
    assert {p.series for p in ext.points} == {"BF16"}
    assert sorted(p.label for p in ext.points) == ["128 req", "16 req", "32 req", "64 req", "8 req"]


def test_tick_labels_keep_the_decimal_point_the_page_read():
    # set-12 h20: '2.5k' and '7.5k' read again line by line as '25k:' and '75k:' made every
    # bar ten times its printed value.
    truth, ext = _read("set12_h20")
    bars = sorted(ext.points, key=lambda p: p.x)
    assert len(bars) == 2 and all(abs(p.y - v) <= 0.01 * 9790 for p, v in zip(bars, (8200, 9300)))
    assert all(p.agrees for p in bars)


def test_bar_legend_names_written_key_equals_value_name_the_bars():
    # set-12 h28: 'TP=8' and 'TP=4' share a key, as point labels do; a bar chart has none.
    truth, ext = _read("set12_h28")
    assert {p.series for p in ext.points} == {"TP=8", "TP=4"}
    assert sum(p.series == "TP=8" for p in ext.points) == 6


def test_a_label_read_whole_by_the_page_keeps_its_unit_beside_its_marker():
    # set-12 h45: the line crop at '4 req' stopped at the marker and read '4'; 'req' was then
    # found as a marker of a second series.
    truth, ext = _read("set12_h45")
    assert len(ext.points) == 6 and _within(ext, truth) == 6
    assert sorted(p.label for p in ext.points) == ["1 req", "16 req", "2 req", "32 req", "4 req", "8 req"]


def test_a_legend_name_read_again_unsurely_keeps_the_pages_surer_reading():
    # set-12 h48 (Vega): 'Qwen3-32B' read at 71 on the page and at 18 three times beside its
    # swatch: the entry was dropped, and the swatch became a data point.
    truth, ext = _read("set12_h48")
    assert {p.series for p in ext.points} == {"baseline", "Qwen3-32B", "FP4"}
    assert len(ext.points) == 21 and _within(ext, truth) == 21


def test_a_bold_blurred_titles_letters_are_no_markers():
    # set-12 h08 (Vega, blurred): 'Load sweep', read surely, left two blobs too deep for the
    # text mask, and they made a third series.
    truth, ext = _read("set12_h08")
    assert {p.series for p in ext.points} == {"H100", "chunked prefill"}
    assert len(ext.points) == 16 and _within(ext, truth) == 16


def test_markers_hidden_under_another_series_are_placed_where_its_line_runs_in():
    # set-11 h01 (plotly, framed): FP8's first three markers lie under spec decode's at 1, 2
    # and 4 in flight; FP8 came out with six points of nine.
    truth, ext = _read("set11_h01")
    assert len(ext.points) == 18 and _within(ext, truth) == 18
    hidden = sorted(round(p.x) for p in ext.points if p.marker == "hidden")
    assert hidden == [1, 2, 4] and {p.series for p in ext.points if p.marker == "hidden"} == {"FP8"}


def test_blurred_labels_at_an_axis_end_are_read_again_where_its_steps_go_on():
    # set-14 h45 (matplotlib seaborn, blurred): '40' and '35' over '30' ... '5' were read as a
    # comma and nothing; the plot box stopped a step over '30', and the six points above it,
    # a whole series, were lost.
    truth, ext = _read("set14_h45")
    assert {t.value for t in ext.y_axis.calibration.ticks} >= {35.0, 40.0}
    assert _within(ext, truth) >= 17      # of 18


def test_a_legend_name_read_twice_alike_replaces_a_page_word_run_onto_its_swatch():
    # set-14 h42 (plotly dark bars): the page read the pink swatch with 'TP=' as 'ir:'; the
    # name read beside the swatch, twice alike, was kept out by it, and the bars of 'TP=4'
    # came out as 'series-2'.
    truth, ext = _read("set14_h42")
    assert {p.series for p in ext.points} == {"TP=8", "TP=4"}
    assert sum(p.series == "TP=4" for p in ext.points) == 4


def _truth_names(truth):
    return {s["name"] for s in truth["series"]}


def test_bar_legend_names_may_end_in_a_number():
    # set-19 h04 (plotly): 'ISL 1k', 'ISL 4k', 'ISL 16k' end in a number, as a point label
    # ('64 req') does; beside a bar chart's swatches they were no names, and the bars came out
    # as series-1 to series-3.
    truth, ext = _read("set19_h04")
    assert {p.series for p in ext.points} == _truth_names(truth) == {"ISL 1k", "ISL 4k", "ISL 16k"}
    assert _within(ext, truth) == 12


def test_a_lone_legend_name_ending_in_a_number_names_its_markers():
    # set-19 h11 (Vega-Lite): the one entry 'Gaudi 3' was taken for a point label.
    truth, ext = _read("set19_h11")
    assert {p.series for p in ext.points} == {"Gaudi 3"} and _within(ext, truth) == 6


def test_a_series_of_thin_crosses_on_its_line_is_read_by_the_lines_bends():
    # set-19 h20 (gnuplot): beside red triangles, a blue line with thin crosses, no marker
    # find_markers takes, keyed after its name ('MI355X -x-'): its four points were lost.
    truth, ext = _read("set19_h20")
    assert {p.series for p in ext.points} == {"TP8", "MI355X"}
    assert sum(p.series == "MI355X" for p in ext.points) == 4 and _within(ext, truth) == 8


def test_black_bars_as_dark_as_the_text_are_no_background_of_it():
    # set-19 h33 (plotly): the black bars were taken for a second background, whitening the
    # black legend text; the names came out 'BFI6' and 'ork'.
    truth, ext = _read("set19_h33")
    assert {p.series for p in ext.points} == {"FP8", "BF16"} and _within(ext, truth) == 6


def test_labels_turned_twenty_degrees_go_to_the_tick_they_end_under():
    # set-19 h34 (matplotlib, labels turned 20 degrees, right-aligned): followed down their
    # line to the baseline they landed a slot to the right, 'Phi-3-mini' under two bars.
    truth, ext = _read("set19_h34")
    got = [p.label for p in sorted(ext.points, key=lambda p: p.x)]
    assert got == truth["x_axis"]["categories"]


def test_plus_markers_are_markers():
    # set-19 h37 (matplotlib 'P'): the plus markers' arms are no deeper than a line; the
    # series MI355X was lost.
    truth, ext = _read("set19_h37")
    mine = [p for p in ext.points if p.series == "MI355X"]
    assert len(mine) == 6 and {p.marker for p in mine} == {"plus"}
    assert _within(ext, truth) == 19


def test_a_marker_too_shallow_for_the_finder_is_found_by_its_look_beside_its_label():
    # set-19 h25 (Vega-Lite): the small triangle of '8 req' on a straight stretch of its line
    # was a pixel too shallow where its six twins passed.
    truth, ext = _read("set19_h25")
    assert len(ext.points) == 7 and _within(ext, truth) == 7
    assert "8 req" in {p.label for p in ext.points}



def test_tick_labels_on_a_wide_grey_figure_round_a_white_plot_are_read():
    # set-21 h07 (matplotlib 'grayscale', 72 dpi): the grey figure round the white plot was
    # taken for a frame holding no text, and the 8 px labels on it went unread: no axes.
    truth, ext = _read("set21_h07")
    assert _within(ext, truth) == 6


def test_thin_crosses_with_their_labels_right_beside_them_are_markers():
    # set-21 h12 (gnuplot libgd 'x'): one-pixel diagonals, each touching its black label; the
    # chart was read as a bar chart of its bold title.
    truth, ext = _read("set21_h12")
    assert ext.chart_type != "bar" and _within(ext, truth) >= 5
    assert {p.marker for p in ext.points} == {"cross"}


def test_pale_blurred_tick_labels_are_read_at_a_stronger_contrast():
    # set-23 h07 (Vega-Lite 'fivethirtyeight' in a screenshot, blurred): grey labels on a
    # pale page read as nothing at twice their difference from it; the chart was refused.
    truth, ext = _read("set23_h07")
    assert [t.value for t in ext.x_axis.calibration.ticks] == [50.0, 100.0, 150.0, 200.0]
    assert len(ext.y_axis.calibration.ticks) >= 4
    assert _within(ext, truth) >= 12                                  # of 14


def test_point_labels_with_a_unit_per_unit_are_joined_to_their_number():
    # set-23 h28 (plotly, monospaced): '64' and 'req/rank' a space apart were never joined
    # (the unit's pattern took five letters at most), and the bare numbers, a unit's width
    # from their crosses, went to no point.
    truth, ext = _read("set23_h28")
    got = {p.label.split()[0] for p in ext.points if p.label}
    assert {"64", "32", "16", "8", "4"} <= got


def test_blurred_triangles_larger_than_the_pages_specks_are_one_marker_each(tmp_path):
    # set-23 h24 (gnuplot pngcairo, blurred JPEG): glyph specks outnumbered the 8 triangles, so
    # the typical marker was a speck and each triangle, larger, was split into two points.
    truth, ext = _read("set23_h24")
    xs = sorted(p.x_px for p in ext.points if 400 <= p.x_px <= 900)
    assert len(xs) == 3 and _within(ext, truth) >= 5


def test_gnuplots_open_markers_take_their_outlines_colours():
    # set-B out031 (gp-sci): 1 px open triangles, diamonds and circles, filled in, took the
    # page's white: three series were one, unnamed. Its key's '-O-' (a ring on its stroke)
    # was masked as the letter O.
    truth, ext = _read("setB_out031")
    assert len(ext.points) == 18 and _within(ext, truth) == 18
    by_series = {}
    for p in ext.points:
        by_series.setdefault(p.series, []).append(p)
    assert len(by_series) == 3 and sorted(len(v) for v in by_series.values()) == [6, 6, 6]
    assert {"TP=8", "BF16"} <= set(by_series)


def test_an_open_circle_read_as_the_letter_o_is_a_point_and_a_legend_swatch():
    # set-B out037 (JPEG, 665 px): the first ring read 'O' was masked as text and lost, the
    # legend's ring too, and the series was named 'O'. set-B out015: the legend's 'O-' (a
    # 21 px ring on its stroke beside 15 px text) was masked, the series left unnamed.
    truth, ext = _read("setB_out037")
    assert {p.series for p in ext.points} == {"BF16"} and _within(ext, truth) >= 5
    truth, ext = _read("setB_out015")
    assert {p.series for p in ext.points} == {"TP=4"} and _within(ext, truth) == 5


def test_gnuplots_open_key_sample_on_its_line_names_its_series_of_open_triangles():
    # set-B out022: the key's open triangle, its line run through it, left two flat holes that
    # were not filled, so 'TP=4' named nothing; and one open triangle's outline colour taken,
    # not its neighbours' (their insides tinted), split the series in two.
    truth, ext = _read("setB_out022")
    by_series = {s: sum(p.series == s for p in ext.points) for s in {p.series for p in ext.points}}
    assert by_series == {"TP=2 DP=4": 5, "TP=4": 5} and _within(ext, truth) == 10
