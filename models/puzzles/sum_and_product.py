"""Sum and product: S knows ``x + y``, P knows ``x * y``, and four sentences reveal ``(4, 13)``.

Freudenthal's problem: two numbers ``1 < x < y`` with ``x + y <= 100``
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
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import cast

import numpy as np

from epistemic import Agent, Atom, Knows, KnowsWhether, KripkeModel, Story, after_announcement
from epistemic.formulas import Formula, conjunction
from epistemic.relations import Partition

from .common import Parameter, PuzzleError, Solution, check_parameters

__all__ = ["NAME", "PARAMETERS", "TITLE", "P", "S",
           "initial_model", "knows_numbers", "pairs", "solve", "statements", "survivors"]

NAME = "sum-and-product"
TITLE = "Sum and product (Freudenthal's problem)"
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


def knows_numbers(agent: Agent, limit: int) -> Formula:
    """``Kw_agent x2 & ... & Kw_agent y<limit - 2>``: the agent knows both numbers.

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


def statements(limit: int) -> tuple[tuple[str, Formula], ...]:
    """The announcements, in words and as formulas (sentences 1 and 2 are one)."""
    p_knows, s_knows = knows_numbers(P, limit), knows_numbers(S, limit)
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


def survivors(limit: int = 100) -> list[tuple[int, int]]:
    """The pairs left once every announcement is made, found without an actual world.

    Examples
    --------
    >>> survivors(100)
    [(4, 13)]
    >>> survivors(64)
    []
    """
    model = initial_model(limit)
    for _, formula in statements(limit):
        model = after_announcement(model, formula)
    # the worlds are the pairs initial_model names; announcements only remove worlds
    return cast(list[tuple[int, int]], model.worlds)


def solve(**parameters) -> Solution:
    """Tell the announcements round by round, with the pair they leave as the actual world.

    Parameters
    ----------
    limit : int, default 100
        The largest sum, 65 to 200 (below 65 no pair survives).

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
    left = survivors(limit)
    if len(left) != 1:  # pragma: no cover - one pair survives for every limit in bounds
        raise PuzzleError(f"with limit {limit} the sentences leave {len(left)} pairs, not one")
    questions = [("P knows the numbers", knows_numbers(P, limit)),
                 ("S knows the numbers", knows_numbers(S, limit)),
                 ("S knows that P does not know", Knows(S, ~knows_numbers(P, limit)))]
    story = Story(initial_model(limit, left), questions)
    for text, formula in statements(limit):
        story.announce(text, formula)
    (x, y), = left
    answer = {"limit": limit, "x": x, "y": y, "worlds_left": [r.worlds for r in story.rounds]}
    return Solution(story, answer, f"x = {x} and y = {y} (sum {x + y}, product {x * y})")
