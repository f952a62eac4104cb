"""Sum and product: S knows ``x + y``, P knows ``x * y``, and four sentences reveal ``(4, 13)``.

Freudenthal's problem [1]_: two numbers ``1 < x < y`` with ``x + y <= 100``
(the ``limit``); S is told their sum, P their product, and then

1. P: "I don't know the numbers."
2. S: "I knew you didn't."
3. P: "Now I know them."
4. S: "Now I know them too."

The model has one world per pair, named by the tuple ``(x, y)``, where the
atoms ``x<x>`` and ``y<y>`` hold (``x4`` and ``y13`` at ``(4, 13)``).  S's
relation is the partition by sum, P's by product.  "Agent ``a`` knows the
numbers" is the conjunction, over every value ``v`` a number can take, of
``Kw_a x<v>`` and ``Kw_a y<v>``: the agent knows which value each number
has, which in an S5 model where the atoms identify the world says that
its block is that one world.  It takes about 150 ``Kw`` operators, each a
linear pass over the worlds; the equivalent disjunction over the pairs of
``K_a (x<x> & y<y>)`` would take one knowledge operator per pair.

We follow the formalization of van Ditmarsch, Ruan and Verbrugge [2]_: S's
"I knew you didn't" is ``K_S ~knows(P)`` evaluated before any sentence,
and it implies P's "I don't know" (knowledge is true), so sentences 1 and
2 together are the single announcement ``K_S ~knows(P)``.  Announcing
``~knows(P)`` first and then ``K_S ~knows(P)`` would ask what S knows
*after* P spoke, which is not what S says, and fails: P's sentence removes
only the pairs P knew, so P knows no pair among the 1,747 left, S's
sentence then removes nothing, and "Now I know them" is false everywhere.
The story therefore has three announcements: ``K_S ~knows(P)``, ``knows(P)``, ``knows(S)``.  (The
first one is unsuccessful: at ``(4, 13)`` it is false once announced,
since P then knows the numbers.)

The answer is not given to the model: :func:`survivors` makes the
announcements on the model with no actual world, and :func:`solve` tells
the story with the one pair left as the actual world.

On the symbolic engine the pairs are written in binary, as in SMCDEL [3]_:
the bits of ``x``, ``y``, their sum and their product are atoms (``xb0``
is the lowest bit of ``x``), the law allows the codes of the pairs (each
with its sum and product), and S observes the bits of the sum, P those of
the product.  "Agent ``a`` knows the numbers" is then ``Kw_a`` of each
bit of ``x`` and ``y``, 14 operators for ``limit = 100``
(:func:`knows_bits`).  The story told is the same.

Examples
--------
>>> print(solve().text())
start: 2,352 worlds; P knows the numbers: no; S knows the numbers: no; S knows that P does not know: yes
1. P: "I don't know the numbers." S: "I knew you didn't.": 145 worlds left; P knows the numbers: yes; \
S knows the numbers: no; S knows that P does not know: no
2. P: "Now I know them.": 86 worlds left; P knows the numbers: yes; S knows the numbers: yes; \
S knows that P does not know: no
3. S: "Now I know them too.": 1 world left ((4, 13)); P knows the numbers: yes; S knows the numbers: yes; \
S knows that P does not know: no
Answer: x = 4 and y = 13 (sum 17, product 52)

References
----------
.. [1] H. Freudenthal, "Formulering van het 'som-en-product'-probleem",
   *Nieuw Archief voor Wiskunde* 17 (1969), p. 152.
.. [2] H. P. van Ditmarsch, J. Ruan and L. C. Verbrugge, "Sum and product
   in dynamic epistemic logic", *Journal of Logic and Computation* 18(4)
   (2008), pp. 563-588.
.. [3] SMCDEL, module ``SMCDEL.Examples.SumAndProduct`` (J. van Benthem,
   J. van Eijck, M. Gattinger and K. Su, "Symbolic model checking for
   dynamic epistemic logic: S5 and beyond", *Journal of Logic and
   Computation* 28(2), 2018).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import cast

import numpy as np

from epistemic import Agent, Atom, Knows, KnowsWhether, KripkeModel, Story
from epistemic.engines import Model, after_announcement, listed
from epistemic.formulas import Formula, conjunction
from epistemic.relations import Partition
from epistemic.symbolic import KnowledgeStructure
from epistemic.symbolic.bdds import Manager

from .common import ENGINE_CHOICES, Parameter, PuzzleError, Solution, check_parameters

__all__ = ["start_size", "ENGINES", "NAME", "PARAMETERS", "TITLE", "P", "S", "initial_model", "initial_structure", "knows_bits",
           "knows_numbers", "pairs", "solve", "statements", "survivors"]

NAME = "sum-and-product"
TITLE = "Sum and product (Freudenthal's problem)"
#: The engines this puzzle runs on; ``auto`` takes the explicit one.
ENGINES = ("explicit", "symbolic")
PARAMETERS = (
    Parameter("limit", 100, "largest sum x + y; below 65 no pair survives the sentences", 65, 200),
)

S, P = Agent("S"), Agent("P")


def pairs(limit: int) -> list[tuple[int, int]]:
    """The pairs ``(x, y)`` with ``1 < x < y`` and ``x + y <= limit``, by ``x`` then ``y``.

    Examples
    --------
    >>> pairs(7)
    [(2, 3), (2, 4), (2, 5), (3, 4)]
    >>> len(pairs(100))
    2352
    """
    return [(x, y) for x in range(2, limit) for y in range(x + 1, limit - x + 1)]


def start_size(values: dict[str, int]) -> int:
    """How many worlds the story starts from: the pairs of :func:`pairs`, counted.

    Examples
    --------
    >>> start_size({"limit": 100}) == len(pairs(100))
    True
    """
    limit = values["limit"]
    return sum(max(0, limit - 2 * x) for x in range(2, limit))


def knows_numbers(agent: Agent, limit: int) -> Formula:
    """``Kw_agent x2 & … & Kw_agent y<limit - 2>``: the agent knows both numbers.

    Examples
    --------
    >>> str(knows_numbers(P, 7))
    'Kw_P x2 & Kw_P x3 & Kw_P y3 & Kw_P y4 & Kw_P y5'
    """
    every = pairs(limit)
    xs = sorted({x for x, _ in every})
    ys = sorted({y for _, y in every})
    return conjunction([KnowsWhether(agent, Atom(f"x{v}")) for v in xs]
                       + [KnowsWhether(agent, Atom(f"y{v}")) for v in ys])


def knows_bits(agent: Agent, limit: int) -> Formula:
    """``Kw_agent xb0 & … & Kw_agent yb<w - 1>``: the agent knows every bit of
    both numbers, on the symbolic structure (:func:`initial_structure`).

    Examples
    --------
    >>> str(knows_bits(S, 7))
    'Kw_S xb0 & Kw_S xb1 & Kw_S xb2 & Kw_S yb0 & Kw_S yb1 & Kw_S yb2'
    """
    width = _widths(limit)[0]
    return conjunction(KnowsWhether(agent, Atom(f"{number}b{k}")) for number in "xy" for k in range(width))


def statements(limit: int, engine: str = "explicit") -> tuple[tuple[str, Formula], ...]:
    """The announcements, in words and as formulas (sentences 1 and 2 are
    one), for the model of ``engine``."""
    knows = knows_bits if engine == "symbolic" else knows_numbers
    p_knows, s_knows = knows(P, limit), knows(S, limit)
    return (
        ('P: "I don\'t know the numbers." S: "I knew you didn\'t."', Knows(S, ~p_knows)),
        ('P: "Now I know them."', p_knows),
        ('S: "Now I know them too."', s_knows),
    )


def initial_model(limit: int, actual: Iterable[tuple[int, int]] = ()) -> KripkeModel:
    """Every pair, S told the sum and P the product.

    Examples
    --------
    >>> m = initial_model(100, [(4, 13)])
    >>> len(m), sorted(m.facts((4, 13)))
    (2352, ['x4', 'y13'])
    >>> sorted(m.accessible((4, 13), P))
    [(2, 26), (4, 13)]
    """
    every = pairs(limit)
    xy = np.array(every, dtype=np.int64)
    relations = {S: Partition(xy[:, 0] + xy[:, 1]), P: Partition(xy[:, 0] * xy[:, 1])}
    return KripkeModel(every, [{f"x{x}", f"y{y}"} for x, y in every], relations, actual)


def _widths(limit: int) -> tuple[int, int, int]:
    """How many bits the numbers, their sum and their product take."""
    every = pairs(limit)
    return (limit.bit_length(), limit.bit_length(), max(x * y for x, y in every).bit_length())


def initial_structure(limit: int, actual: Iterable[tuple[int, int]] = ()) -> KnowledgeStructure:
    """The same as :func:`initial_model`, in binary: S observes the bits of
    the sum, P those of the product.  The bits of ``x`` come last, then
    those of ``y``, so that the states are listed in the order of the pairs.

    Examples
    --------
    >>> s = initial_structure(100, [(4, 13)])
    >>> s, s.name(s.actual[0])
    (<KnowledgeStructure: 2,352 states, 33 atoms, 2 agents (S5)>, (4, 13))
    """
    width, sum_width, product_width = _widths(limit)
    numbers = {"p": product_width, "s": sum_width, "y": width, "x": width}
    vocabulary = [f"{number}b{k}" for number, bits in numbers.items() for k in range(bits)]

    def code(x: int, y: int) -> set[str]:
        values = {"x": x, "y": y, "s": x + y, "p": x * y}
        return {f"{number}b{k}" for number, bits in numbers.items() for k in range(bits) if values[number] >> k & 1}

    # the law is built on the diagrams directly: as a formula, its 2,352 cubes
    # of 35 literals would take longer to make than the whole story to tell
    manager = Manager()
    atoms = {v: manager.fresh() for v in vocabulary}
    law = manager.false
    for x, y in pairs(limit):
        true = code(x, y)
        # from the last variable up, so that each literal is put above a finished chain
        law |= manager.cube({atoms[v]: v in true for v in reversed(vocabulary)})
    observed = {S: frozenset(atoms[f"sb{k}"] for k in range(sum_width)),
                P: frozenset(atoms[f"pb{k}"] for k in range(product_width))}
    states = [frozenset(atoms[v] for v in code(x, y)) for x, y in actual]
    structure = KnowledgeStructure(manager, atoms, list(atoms.values()), law, observed, {}, states)
    weights = {structure.atoms[f"{number}b{k}"]: (number, 1 << k) for number in "xy" for k in range(width)}

    def name(state) -> tuple[int, int]:
        values = {"x": 0, "y": 0}
        for v in state:
            if v in weights:
                number, weight = weights[v]
                values[number] += weight
        return values["x"], values["y"]

    return structure.with_namer(name)


def survivors(limit: int = 100, engine: str = "explicit") -> list[tuple[int, int]]:
    """The pairs left once every announcement is made, found without an
    actual world on the model of ``engine``.

    Examples
    --------
    >>> survivors(100)
    [(4, 13)]
    >>> survivors(64, engine="symbolic")
    []
    """
    model: Model = initial_structure(limit) if engine == "symbolic" else initial_model(limit)
    return _names(_announced(model, limit, engine), limit)


def _announced(model: Model, limit: int, engine: str) -> Model:
    """``model`` after every announcement."""
    for _, formula in statements(limit, engine):
        model = after_announcement(model, formula)
    return model


def _names(model: Model, limit: int) -> list[tuple[int, int]]:
    # the worlds are the pairs the models name; announcements only remove worlds
    return cast(list[tuple[int, int]], listed(model, len(pairs(limit))))


def solve(engine: str = "auto", progress: Callable[[int], None] | None = None, **parameters) -> Solution:
    """Tell the announcements round by round, with the pair they leave as the actual world.

    Parameters
    ----------
    limit : int, default 100
        The largest sum, 65 to 200 (below 65 no pair survives).
    engine : {"auto", "explicit", "symbolic"}
        The model checker; ``auto`` takes the explicit one.  The story is the same.
    progress : callable, optional
        Called with the number of rounds told so far.

    Returns
    -------
    Solution
        Its answer has ``limit``, ``x``, ``y`` and ``worlds_left`` (the
        worlds at the start and after each announcement).

    Raises
    ------
    PuzzleError
        For an unknown parameter or a limit out of bounds.

    Examples
    --------
    >>> solve(limit=65).answer
    {'limit': 65, 'x': 4, 'y': 13, 'worlds_left': [961, 79, 51, 1]}
    """
    limit = check_parameters(PARAMETERS, parameters)["limit"]
    if engine not in ENGINE_CHOICES:
        raise PuzzleError(f"unknown engine {engine!r}: choose one of {', '.join(ENGINE_CHOICES)}")
    engine = "symbolic" if engine == "symbolic" else "explicit"
    # one model finds the pair and, with it as the actual world, tells the story
    model: Model = initial_structure(limit) if engine == "symbolic" else initial_model(limit)
    after = _announced(model, limit, engine)
    left = _names(after, limit)
    if len(left) != 1:  # pragma: no cover - one pair survives for every limit in bounds
        raise PuzzleError(f"with limit {limit} the sentences leave {len(left)} pairs, not one")
    if isinstance(model, KnowledgeStructure) and isinstance(after, KnowledgeStructure):
        start: Model = model.with_actual(after.states(after.manager.true))
    else:
        start = cast(KripkeModel, model).with_actual(left)
    knows = knows_bits if engine == "symbolic" else knows_numbers
    questions = [("P knows the numbers", knows(P, limit)),
                 ("S knows the numbers", knows(S, limit)),
                 ("S knows that P does not know", Knows(S, ~knows(P, limit)))]
    story = Story(start, questions, progress=progress)
    for text, formula in statements(limit, engine):
        story.announce(text, formula)
    (x, y), = left
    answer = {"limit": limit, "x": x, "y": y, "worlds_left": [r.worlds for r in story.rounds]}
    return Solution(story, answer, f"x = {x} and y = {y} (sum {x + y}, product {x * y})")
