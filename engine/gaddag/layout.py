"""Writing the minimal automaton as the format-version-2 word array (``docs/gaddag-format.md``).

Why a separate pass instead of writing nodes as they are frozen: a single-arc node takes one word
only when its child is the node just below it, and the freeze order gives that adjacency to 98,158
of wfrench's 179,980 single-arc nodes. Choosing the order instead gives it to one single-arc parent
of *every* child that has one (122,623 on wfrench: 3.82 MB instead of 3.92 MB), at the cost of one
linear pass over the nodes.

The order: each child is given at most one *glued* parent (a single-arc node written right above
it, in one word); glued nodes form chains, bottom first. A chain is written once every child of its
bottom node is written (the nodes above the bottom only point to the node below them), so children
still come below parents and every walk ends. Chains cannot depend on each other in a cycle: that
would be a cycle of the automaton, which is acyclic.
"""

from __future__ import annotations

from array import array

ACCEPT_BIT = 0x80000000
CHILD_MASK = 0x7FFFFFFF
#: Flag of a node stored in one word: its only arc is the mask's one bit, its child is ``node - 1``
#: and its accept bit is the word's :data:`ACCEPT_BIT`.
ONE_WORD_BIT = 0x40000000
#: The letter mask inside any node word (bits 0..26: the separator and up to 26 letters).
MASK_BITS = 0x07FFFFFF


def layout(nodes: list[tuple[int, ...]], root: int) -> tuple[array[int], int, int]:
    """``(words, root index, one-word node count)`` for ``nodes``.

    ``nodes[i]`` is node ``i``'s key: its mask, then ``accept | child id`` per arc in code order;
    node 0 is the empty node ``(0,)`` and every child id is smaller than its parent's (freeze order).
    """
    count = len(nodes)
    glued = [-1] * count  # glued[x]: the single-arc parent written just above x, if any
    for node in range(1, count):
        key = nodes[node]
        if len(key) == 2 and glued[key[1] & CHILD_MASK] < 0:
            glued[key[1] & CHILD_MASK] = node
    index = [-1] * count
    index[0] = 0
    out = array("I", [0])
    one_word = 0

    def bottom(node: int) -> int:
        """The lowest node of the chain holding ``node``."""
        while len(key := nodes[node]) == 2 and glued[key[1] & CHILD_MASK] == node:
            node = key[1] & CHILD_MASK
        return node

    def write_chain(node: int) -> None:
        nonlocal one_word
        if node:  # the empty node is already index 0; its chain goes on from there
            for arc in nodes[node][1:]:
                below = bottom(arc & CHILD_MASK)
                if index[below] < 0:
                    write_chain(below)
            out.extend(reversed([nodes[node][0]] + [a & ACCEPT_BIT | index[a & CHILD_MASK]
                                                     for a in nodes[node][1:]]))
            index[node] = len(out) - 1
        node = glued[node]
        while node >= 0:  # each glued node's only child is the node just written
            key = nodes[node]
            out.append(key[0] | ONE_WORD_BIT | key[1] & ACCEPT_BIT)
            one_word += 1
            index[node] = len(out) - 1
            node = glued[node]

    write_chain(0)
    for node in (root, *range(count)):  # the root first; then nodes it does not reach (none, built)
        if index[bottom(node)] < 0:
            write_chain(bottom(node))
    return out, index[root], one_word
