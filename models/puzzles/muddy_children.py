"""The muddy children: ``n`` children, ``k`` of them muddy, and a father who keeps asking.

Each child sees every forehead but its own.  The father says "at least one
of you is muddy", then asks again and again "do you know whether you are
muddy?", and the children answer all at once, in public.  After ``k - 1``
rounds in which nobody knows, the ``k`` muddy children know; one round
later the clean ones know too [1]_.

The model has the ``2**n`` valuations of the atoms ``m1 .. mn`` ("child i
is muddy") as worlds.  World number ``w`` is the bit mask of the muddy
children (bit ``i - 1`` for child ``i``) and is named by a string of ``n``
letters, ``"M"`` (muddy) or ``"C"`` (clean), child 1 first: ``"MMC"`` is
the world where children 1 and 2 are muddy and child 3 is clean.  Child
``i`` (agent ``c<i>``) cannot tell apart worlds that differ only in its own
bit, an S5 partition built directly as ``w & ~(1 << (i - 1))``.  In the
actual world the first ``k`` children are muddy.

Every announcement is a formula decided by the model checker: the father's
is ``m1 | ... | mn``; the children's answer in a round is, for each child,
``Kw_ci mi`` or its negation, as they are at the actual world ("nobody
knows" is ``~Kw_c1 m1 & ... & ~Kw_cn mn``).

Examples
--------
>>> solution = solve(n=3, k=2)
>>> print(solution.text())
start: 8 worlds; some child knows whether it is muddy: no; the muddy children know they are muddy: no; \
every child knows whether it is muddy: no
1. father: at least one of you is muddy: 7 worlds left; some child knows whether it is muddy: no; \
the muddy children know they are muddy: no; every child knows whether it is muddy: no
2. nobody knows whether they are muddy: 4 worlds left (MMC, MCM, CMM, MMM); \
some child knows whether it is muddy: yes; the muddy children know they are muddy: yes; \
every child knows whether it is muddy: no
3. c1, c2 know whether they are muddy; c3 does not: 1 world left (MMC); \
some child knows whether it is muddy: yes; the muddy children know they are muddy: yes; \
every child knows whether it is muddy: yes
Answer: the 2 muddy children know they are muddy after 1 round of "nobody knows"; \
every child knows after 2 rounds of answers
>>> solution.answer["muddy_know_after"]
1

References
----------
.. [1] R. Fagin, J. Y. Halpern, Y. Moses and M. Y. Vardi, *Reasoning about
   Knowledge*, MIT Press, 1995, sections 1.1 and 2.3.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from epistemic import TOP, Agent, Atom, Knows, KnowsWhether, KripkeModel, Story
from epistemic.formulas import Formula, conjunction, disjunction
from epistemic.relations import Partition
from epistemic.symbolic import KnowledgeStructure
from epistemic.wording import counted

from .common import Parameter, PuzzleError, Solution, check_parameters, pick_engine

__all__ = ["start_size", "NAME", "PARAMETERS", "TITLE", "ENGINES", "child", "initial_model", "initial_structure", "muddy", "solve",
           "world_name"]

NAME = "muddy-children"
TITLE = "The muddy children"
#: The model has ``2**n`` worlds: the explicit engine lists them, up to n = 16;
#: the symbolic one describes them by ``n`` observations, up to n = 200.  All muddy, the
#: longest story (n - 1 rounds, each asking n children on a law of up to n**2 / 4 nodes): 200
#: children take about 9 CPU seconds and 0.4 GiB (2 cores; benchmarks/symbolic.py).
PARAMETERS = (
    Parameter("n", 3, "number of children", 1, 200),
    Parameter("k", 2, "number of muddy children (the first k); at most n", 1, 200),
)
#: The engines this puzzle runs on.
ENGINES = ("explicit", "symbolic")
#: The most children each engine takes, and the most the default picks the explicit engine for.
MOST = {"explicit": 16, "symbolic": 200}
EXPLICIT_UP_TO = 12

_NOBODY = "nobody knows whether they are muddy"


def start_size(values: dict[str, int]) -> int:
    """How many worlds the story starts from: ``2**n``, known before any work.

    Examples
    --------
    >>> start_size({"n": 5, "k": 2})
    32
    """
    return 2 ** values["n"]


def child(i: int) -> Agent:
    """Child ``i`` (from 1), the agent ``c<i>``."""
    return Agent(f"c{i}")


def muddy(i: int) -> Atom:
    """The atom ``m<i>``: child ``i`` (from 1) is muddy."""
    return Atom(f"m{i}")


def world_name(mask: int, n: int) -> str:
    """The name of world ``mask``: one letter per child, ``M`` muddy or ``C`` clean.

    Examples
    --------
    >>> world_name(0b011, 3), world_name(0b100, 3)
    ('MMC', 'CCM')
    """
    return "".join("M" if mask >> i & 1 else "C" for i in range(n))


def initial_model(n: int, k: int) -> KripkeModel:
    """The children before the father speaks: all ``2**n`` worlds, the
    first ``k`` children muddy in the actual world.

    Examples
    --------
    >>> m = initial_model(3, 2)
    >>> len(m), sorted(m.actual), sorted(m.facts("MMC"))
    (8, ['MMC'], ['m1', 'm2'])
    >>> sorted(m.accessible("MMC", child(1)))
    ['CMC', 'MMC']
    """
    if not 0 <= k <= n:
        raise PuzzleError(f"the muddy children are some of the {n}: k must be 0 to {n}, got {k}")
    worlds = np.arange(1 << n, dtype=np.int64)
    bits = (worlds[:, None] >> np.arange(n)) & 1                      # one row per world, child 1 first
    letters = np.where(bits == 1, ord("M"), ord("C")).astype(np.uint8)
    names = np.ascontiguousarray(letters).view(f"S{n}").ravel().astype(f"U{n}").tolist()
    atoms = np.array([muddy(i).name for i in range(1, n + 1)], dtype=object)
    facts = [atoms[row].tolist() for row in bits.astype(bool)]
    relations = {child(i + 1): Partition(worlds & ~(1 << i)) for i in range(n)}
    return KripkeModel(names, facts, relations, [world_name((1 << k) - 1, n)])


def initial_structure(n: int, k: int) -> KnowledgeStructure:
    """The same as :func:`initial_model`, as a knowledge structure: child
    ``i`` observes every atom but ``m<i>``, and no state is listed.

    Examples
    --------
    >>> s = initial_structure(40, 3)
    >>> s.size == 2 ** 40, s.name(s.actual[0])[:5]
    (True, 'MMMCC')
    """
    if not 0 <= k <= n:
        raise PuzzleError(f"the muddy children are some of the {n}: k must be 0 to {n}, got {k}")
    names = [muddy(i).name for i in range(1, n + 1)]
    structure = KnowledgeStructure.build(names, TOP, {child(i): names[:i - 1] + names[i:] for i in range(1, n + 1)},
                                         actual=[names[:k]])
    letters = {structure.atoms[name]: i for i, name in enumerate(names)}

    def name(state) -> str:
        return world_name(sum(1 << letters[v] for v in state if v in letters), n)

    return structure.with_namer(name)


def _answers_text(n: int, answers: list[bool]) -> str:
    """What the children say in one round, in words."""
    if not any(answers):
        return _NOBODY
    yes = [i for i in range(1, n + 1) if answers[i - 1]]
    no = [i for i in range(1, n + 1) if not answers[i - 1]]
    text = _children(yes) + (" knows whether it is" if len(yes) == 1 else " know whether they are") + " muddy"
    if no:
        text += "; " + _children(no) + (" does not" if len(no) == 1 else " do not")
    return text


def _children(numbers: list[int]) -> str:
    """Children by number, runs of three or more written as a range, so
    that a line stays short however many children there are.

    Examples
    --------
    >>> _children([1, 2, 4, 5, 6, 7, 9])
    'c1, c2, c4 to c7, c9'
    """
    runs: list[list[int]] = []
    for i in numbers:
        if runs and runs[-1][-1] == i - 1:
            runs[-1].append(i)
        else:
            runs.append([i])
    return ", ".join(f"c{r[0]} to c{r[-1]}" if len(r) >= 3 else ", ".join(f"c{i}" for i in r) for r in runs)


def _rounds(count: int) -> str:
    return counted(count, "round")


def _first_round(story: Story, label: str) -> int:
    """The first round whose answer to question ``label`` is yes."""
    return next(r.number for r in story.rounds if dict(r.answers)[label])


def solve(engine: str = "auto", progress: Callable[[int], None] | None = None, **parameters) -> Solution:
    """Tell the muddy children round by round, until every child knows.

    Parameters
    ----------
    n : int, default 3
        The number of children: 1 to 16 on the explicit engine, to 200 on
        the symbolic one.
    k : int, default 2
        The number of muddy children, 1 to ``n``; children ``1 .. k`` are muddy.
    engine : {"auto", "explicit", "symbolic"}
        The model checker: explicit (``n`` up to 16) or symbolic (up to 200);
        ``auto`` takes the explicit one up to ``n = 12``.  The answers are the same.
    progress : callable, optional
        Called with the number of rounds told so far, after each round.

    Returns
    -------
    Solution
        Its answer has ``n``, ``k``, ``rounds_of_nobody_knows`` (``k - 1``),
        ``muddy_know_after`` (how many rounds of answers, after the father's
        announcement, pass before the muddy children know: ``k - 1``) and
        ``everyone_knows_after`` (``k``, or ``k - 1`` when all are muddy).

    Raises
    ------
    PuzzleError
        For ``k = 0`` (the father's announcement would be false), ``k > n``,
        or a parameter out of bounds.

    Examples
    --------
    >>> answer = solve(n=5, k=3).answer
    >>> answer["rounds_of_nobody_knows"], answer["muddy_know_after"], answer["everyone_knows_after"]
    (2, 2, 3)
    >>> solve(n=3, k=0)
    Traceback (most recent call last):
    ...
    epistemic.models.puzzles.common.PuzzleError: k must be at least 1: the father says that at least one child is muddy
    """
    if parameters.get("k") == 0:
        raise PuzzleError("k must be at least 1: the father says that at least one child is muddy")
    values = check_parameters(PARAMETERS, parameters)
    n, k = values["n"], values["k"]
    if k > n:
        raise PuzzleError(f"k must be at most n = {n}, got {k}")
    engine = pick_engine(engine, n, MOST, EXPLICIT_UP_TO, "n")

    kids = range(1, n + 1)
    knows_whether = [KnowsWhether(child(i), muddy(i)) for i in kids]
    nobody_knows = conjunction(~f for f in knows_whether)
    every_child_knows = conjunction(knows_whether)
    questions: list[tuple[str, Formula]] = [
        ("some child knows whether it is muddy", disjunction(knows_whether)),
        ("the muddy children know they are muddy",
         conjunction(muddy(i) >> Knows(child(i), muddy(i)) for i in kids)),
        ("every child knows whether it is muddy", every_child_knows),
    ]
    start = initial_model(n, k) if engine == "explicit" else initial_structure(n, k)
    story = Story(start, questions, progress=progress)
    story.announce("father: at least one of you is muddy", disjunction(muddy(i) for i in kids))

    # each round every child says whether it knows; the checker decides what each one says
    for _ in range(n + 1):
        if story.holds(every_child_knows):
            break
        answers = [story.holds(f) for f in knows_whether]
        said = nobody_knows if not any(answers) else conjunction(
            f if yes else ~f for f, yes in zip(knows_whether, answers))
        story.announce(_answers_text(n, answers), said)
    else:  # pragma: no cover - the children all know after at most k + 1 rounds
        raise RuntimeError("the children never all knew")

    nobody_rounds = sum(1 for r in story.rounds if r.announcement == _NOBODY)
    muddy_after = _first_round(story, questions[1][0]) - 1      # rounds after the father's
    everyone_after = _first_round(story, questions[2][0]) - 1
    answer = {"n": n, "k": k, "rounds_of_nobody_knows": nobody_rounds,
              "muddy_know_after": muddy_after, "everyone_knows_after": everyone_after}
    who = "the muddy child knows it is" if k == 1 else f"the {k} muddy children know they are"
    summary = (f"{who} muddy after {_rounds(nobody_rounds)} of \"nobody knows\"; "
               f"every child knows after {_rounds(everyone_after)} of answers")
    return Solution(story, answer, summary)
