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
