"""A union-find over the words of a grid: the seed's proof that everything is one connected piece.

The construction never places a word in isolation, so the grid is connected by design; the
union-find makes that a checked fact (``stats.components``) rather than a belief, and the tests
compare it with a flood fill of the tiles.
"""

from __future__ import annotations


class UnionFind:
    """Disjoint sets over ``0..n-1`` with path halving and union by size."""

    __slots__ = ("parent", "size")

    def __init__(self, n: int = 0) -> None:
        self.parent = list(range(n))
        self.size = [1] * n

    def add(self) -> int:
        """A new singleton; returns its id."""
        self.parent.append(len(self.parent))
        self.size.append(1)
        return len(self.parent) - 1

    def find(self, x: int) -> int:
        parent = self.parent
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def union(self, a: int, b: int) -> bool:
        """Merge the sets of ``a`` and ``b``; False when they already were one."""
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return False
        if self.size[ra] < self.size[rb]:
            ra, rb = rb, ra
        self.parent[rb] = ra
        self.size[ra] += self.size[rb]
        return True

    def components(self) -> int:
        return sum(1 for x in range(len(self.parent)) if self.parent[x] == x)
