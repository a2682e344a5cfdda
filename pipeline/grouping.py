"""Items joined into groups by a pairwise link, transitively (union-find)."""
from __future__ import annotations


def linked_groups(n: int, linked) -> list[int]:
    """Group ids of items 0..n-1, where items i and j with linked(i, j) (tried for j < i) share
    a group, and so on transitively. Ids are numbered in the order of each group's first item."""
    parent = list(range(n))

    def find(i):
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i in range(n):
        for j in range(i):
            if linked(i, j):
                parent[find(i)] = find(j)
    roots: dict[int, int] = {}
    return [roots.setdefault(find(i), len(roots)) for i in range(n)]
