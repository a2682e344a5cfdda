from pipeline.grouping import linked_groups
from pipeline.marks.series import color_groups


def test_links_join_transitively_and_ids_follow_first_members():
    # 0-2 and 2-4 linked: one group through 2; 1 and 3 alone
    links = {(2, 0), (4, 2)}
    assert linked_groups(5, lambda i, j: (i, j) in links) == [0, 1, 0, 2, 0]
    assert linked_groups(0, lambda i, j: True) == []


def test_colour_groups_join_near_colours_in_a_chain():
    # red, a slightly darker red, blue, a red between the first two: reds one group, blue another
    assert color_groups([(220, 40, 40), (205, 40, 40), (30, 60, 200), (212, 40, 40)], 12.0) == [0, 0, 1, 0]


def test_a_paler_unnamed_copy_of_a_named_series_is_that_series():
    from pipeline.marks.series import paler_series
    # Seed-38 syn104: three of an orange series' 3 px squares measured pale; a green series
    # beside it. Pale orange squares go to the orange series; a paler green diamond alone does
    # not (not the orange series' shape), and a series of another hue keeps its own name.
    bg = (255, 255, 255)
    series = ["TP"] * 3 + ["work"] * 3 + ["series-1"] * 3 + ["series-2"] * 3 + ["series-3"] * 3
    colors = [(219, 102, 13)] * 3 + [(27, 160, 123)] * 3 + [(234, 168, 118)] * 3 + [(140, 205, 185)] * 3 \
        + [(40, 60, 200)] * 3
    shapes = ["square"] * 3 + ["diamond"] * 3 + ["square"] * 9
    got = paler_series(series, colors, shapes, {"TP", "work"}, bg)
    assert got == {"series-1": "TP"}
    # One or two pale marks are as likely a label's glyphs in the series' colour: left alone.
    assert paler_series(series[:8], colors[:8], shapes[:8], {"TP", "work"}, bg) == {}


def test_a_paler_grey_series_is_another_series():
    from pipeline.marks.series import paler_series
    # Seed-38 syn056: a grey 'baseline' with no legend entry beside a dark grey named series
    # of the same markers: every grey is a blend of white and a darker grey.
    series = ["BF16"] * 3 + ["series-1"] * 3
    colors = [(80, 80, 80)] * 3 + [(139, 139, 139)] * 3
    assert paler_series(series, colors, ["triangle-up"] * 6, {"BF16"}, (255, 255, 255)) == {}
    # ... nor beside a dull green one (109, 144, 79) on a grey page: 29 levels off its blends.
    colors = [(109, 144, 79)] * 3 + [(139, 139, 139)] * 3
    assert paler_series(series, colors, ["triangle-up"] * 6, {"BF16"}, (240, 240, 240)) == {}


def _blobs(colors):
    from pipeline.marks.markers import Blob
    return [Blob(float(k), 0.0, 20, (k, 0, k + 4, 4), c, "square") for k, c in enumerate(colors)]


def test_two_series_joined_through_blended_blobs_are_split():
    from pipeline.marks.series import group_series
    # Seed-52 syn026 (JPEG): teal markers, blue ones, the two lines' crossing (a blend within
    # 22 of both) and a label's pale glyphs: one group by chain, two series by their clusters.
    teal = [(0, 176, 189), (40, 166, 179), (32, 167, 195), (0, 168, 190), (23, 167, 193)]
    blue = [(57, 134, 198), (52, 133, 203), (53, 134, 216), (59, 133, 192)]
    blend = [(2, 159, 202), (145, 189, 226), (173, 207, 250)]
    groups = group_series(_blobs(teal + blue + blend), 22.0)
    got = sorted(sorted(b.color for b in g) for g in groups)
    assert sorted(blue) in got and any(set(teal) <= set(g) for g in got) and len(groups) == 2
    # A colour's markers and their pale copies (small, as much rim as fill), joined through
    # paler and paler ones: one hue, one series.
    full = [(0, 142, 202), (0, 138, 199), (0, 137, 196), (2, 140, 200)]
    pale = [(170, 208, 232), (166, 205, 230), (172, 210, 234), (168, 207, 231)]
    assert len(group_series(_blobs(full + pale + [(70, 165, 210), (120, 187, 222)]), 22.0)) == 1
    # One series whose markers spread evenly in colour (no two clusters) stays one.
    ramp = [(0, 176 - 6 * k, 189 + 3 * k) for k in range(8)]
    assert len(group_series(_blobs(ramp), 22.0)) == 1
