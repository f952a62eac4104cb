"""Where worlds go: a hypercube for worlds that are valuations, Graphviz's layout otherwise.

When every world of a model is a different valuation of a few atoms (the
muddy children's ``2**n`` worlds, say), the worlds are the corners of an
``n``-dimensional cube, and the picture draws them so: each atom has a
direction in the plane, and a world sits at the sum of the directions of
the atoms true there.  Two worlds that differ in one atom are then joined
by a segment parallel to that atom's direction, so an agent who cannot
tell whether one atom holds has all its links parallel, and the reader
sees the cube, and later sees it shrink.

Directions come in groups of three, each group a small cube drawing (right,
up, and half-way back); the second group is the first rotated and scaled
up, so that the cube of the first three atoms is repeated at the corners
of a larger one.  The angles and scales were chosen so that worlds keep
their distance from each other and from the links that do not end at them.
"""

from __future__ import annotations

import math
import re
from collections.abc import Hashable, Mapping, Sequence

from epistemic import KripkeModel

from .render import layout_positions

__all__ = ["cube_positions", "cube_atoms", "natural", "directions", "spread", "graphviz_positions", "MAX_CUBE_ATOMS", "SPACING"]

#: The most atoms drawn as a cube; more would make a picture too wide to read.
MAX_CUBE_ATOMS = 6
#: The least distance between two worlds' centres, in inches.
SPACING = 1.35

# (depth vector of the small cube, rotation and scale of the next group of three)
_SHAPES = {3: ((0.5, 0.5), 0.0, 1.0), 4: ((0.33, 0.6), 0.24, 2.03), 5: ((0.33, 0.6), 0.24, 2.03),
           6: ((0.24, 0.19), 1.48, 2.23)}

Position = tuple[float, float]


def natural(text: str) -> list:
    """A sort key that puts ``m2`` before ``m10``."""
    return [int(part) if part.isdigit() else part for part in re.split(r"([0-9]+)", text)]


def cube_atoms(model: KripkeModel) -> list[Hashable] | None:
    """The atoms whose valuations are the worlds of ``model``, in the order
    their directions are given; ``None`` when the worlds are not a good part
    of a cube: two worlds with the same facts, more than
    :data:`MAX_CUBE_ATOMS` atoms, fewer than two (a segment shows no
    structure), or fewer worlds than a quarter of the corners.

    Examples
    --------
    >>> from epistemic import Agent
    >>> a = Agent("a")
    >>> m = KripkeModel.from_relations([a], {"w": {"q", "p"}, "v": {"p"}, "u": set()}, {}, actual="w",
    ...                                reflexive=True)
    >>> cube_atoms(m)
    ['p', 'q']
    """
    valuations = [frozenset(model.facts(w)) for w in model.worlds]
    if len(set(valuations)) != len(valuations):
        return None
    atoms = sorted(set().union(*valuations), key=lambda atom: natural(str(atom)))
    if not 2 <= len(atoms) <= MAX_CUBE_ATOMS or 4 * len(valuations) < 2 ** len(atoms):
        return None
    return atoms


def directions(n: int) -> list[Position]:
    """The direction of each of ``n`` atoms, in units of the smallest cube's side.

    Examples
    --------
    >>> directions(3)
    [(1.0, 0.0), (0.0, 1.0), (0.5, 0.5)]
    """
    if n <= 2:
        return [(1.0, 0.0), (0.0, 1.0)][:n]
    depth, turn, scale = _SHAPES[n]
    small = [(1.0, 0.0), (0.0, 1.0), depth]
    out = []
    for i in range(n):
        group, (x, y) = divmod(i, 3)[0], small[i % 3]
        angle, size = group * turn, scale ** group
        out.append((size * (x * math.cos(angle) - y * math.sin(angle)),
                    size * (x * math.sin(angle) + y * math.cos(angle))))
    return out


def cube_positions(model: KripkeModel, spacing: float = SPACING) -> dict[Hashable, Position] | None:
    """Each world's place on the cube of its valuation, in inches, no two
    closer than ``spacing``; ``None`` when :func:`cube_atoms` finds no cube.

    Examples
    --------
    >>> from epistemic import Agent
    >>> a = Agent("a")
    >>> m = KripkeModel.from_relations([a], {"w": {"p"}, "v": set(), "u": {"p", "q"}}, {}, actual="w",
    ...                                reflexive=True)
    >>> cube_positions(m, spacing=2)
    {'w': (2.0, 0.0), 'v': (0.0, 0.0), 'u': (2.0, 2.0)}
    """
    atoms = cube_atoms(model)
    if atoms is None:
        return None
    ways = dict(zip(atoms, directions(len(atoms))))
    raw = {}
    for w in model.worlds:
        facts = model.facts(w)
        raw[w] = (sum(ways[a][0] for a in facts), sum(ways[a][1] for a in facts))
    return _scaled(raw, spacing)


def _scaled(raw: Mapping[Hashable, Position], spacing: float) -> dict[Hashable, Position]:
    points = list(raw.values())
    nearest = min((math.dist(p, q) for i, p in enumerate(points) for q in points[:i]), default=1.0)
    factor = spacing / nearest if nearest > 0 else 1.0
    return {w: (round(x * factor, 3), round(y * factor, 3)) for w, (x, y) in raw.items()}


def graphviz_positions(source: str, ids: Mapping[Hashable, str], renderer: str = "auto"
                       ) -> dict[Hashable, Position]:
    """Where Graphviz places the nodes ``ids`` (a world to its node name) of DOT ``source``, in inches."""
    placed = layout_positions(source, renderer)
    return {w: placed[ident] for w, ident in ids.items() if ident in placed}


def spread(worlds: Sequence[Hashable]) -> dict[Hashable, Position]:
    """Worlds on a circle: the layout of last resort, with no Graphviz to ask.

    Examples
    --------
    >>> spread(["w", "v"])
    {'w': (0.0, 0.0), 'v': (-1.35, 0.0)}
    """
    if len(worlds) == 1:
        return {worlds[0]: (0.0, 0.0)}
    radius = SPACING / (2 * math.sin(math.pi / len(worlds)))
    return {w: (round(radius * (math.cos(2 * math.pi * i / len(worlds)) - 1), 3),
                round(radius * math.sin(2 * math.pi * i / len(worlds)), 3) + 0.0)
            for i, w in enumerate(worlds)}
