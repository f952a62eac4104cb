"""Drinking logicians: "Does everyone want a beer?"  "I don't know."  "I don't know."  "Yes!"

Three (or ``n``) logicians walk into a bar and the bartender asks whether
everyone wants a beer.  Each knows only whether she herself wants one, and
they answer in turn, in public: "Yes" when she knows that everyone does,
"No" when she knows that not everyone does, "I don't know" otherwise.
When all want one, the first ``n - 1`` say "I don't know" and the last says
"Yes"; when logician ``i`` is the first who does not, she says "No" and
the round ends there.  SMCDEL checks the first case for 3 to 10 logicians
("Thirsty Logicians", ``thirstyCheck``) [1]_.

The worlds are the ``2**n`` valuations of the atoms ``w1 .. wn`` ("logician
i wants a beer"), named by ``n`` letters, ``Y`` or ``N``, logician 1 first.
Logician ``i`` (agent ``l<i>``) cannot tell apart the worlds that differ
except in her own wish; the bartender (agent ``bartender``) can tell none
apart, so what he knows is what the answers told.  Each answer is the one
of ``K_li all``, ``K_li ~all`` and ``~Kw_li all`` that holds, with ``all``
being ``w1 & ... & wn``: the model checker decides what is said.

The explicit model lists the worlds, up to 16 logicians; the symbolic
structure (SMCDEL's) describes them by the ``n`` atoms, logician ``i``
observing ``w<i>`` and the bartender nothing, up to 200.

Examples
--------
>>> solution = solve()
>>> print(solution.text())
start: 8 worlds; the bartender knows whether everyone wants a beer: no
1. logician 1: I don't know: 4 worlds left (YNN, YYN, YNY, YYY); the bartender knows whether everyone wants a beer: no
2. logician 2: I don't know: 2 worlds left (YYN, YYY); the bartender knows whether everyone wants a beer: no
3. logician 3: Yes: 1 world left (YYY); the bartender knows whether everyone wants a beer: yes
Answer: logicians 1 and 2 say "I don't know" and logician 3 says "Yes": everyone wants a beer
>>> solve(n=4, dry=0b0010).answer["answers"]
["I don't know", 'No']

References
----------
.. [1] SMCDEL, module ``SMCDEL.Examples.DrinkLogic`` and its test "Thirsty
   Logicians: valid for up to 10 agents" (J. van Benthem, J. van Eijck,
   M. Gattinger and K. Su, "Symbolic model checking for Dynamic Epistemic
   Logic", 2015).
"""

from __future__ import annotations

from collections.abc import Callable

from epistemic import TOP, Agent, Atom, Knows, KnowsWhether, KripkeModel, Not, Story
from epistemic.formulas import Formula, conjunction
from epistemic.relations import Partition
from epistemic.symbolic import KnowledgeStructure

from .common import Parameter, PuzzleError, Solution, check_parameters, pick_engine

__all__ = ["start_size", "BARTENDER", "ENGINES", "NAME", "PARAMETERS", "TITLE", "everyone_wants", "initial_model",
           "initial_structure", "logician", "solve", "wants"]

NAME = "drinking-logicians"
TITLE = "Drinking logicians: does everyone want a beer?"

BARTENDER = Agent("bartender")
#: The engines this puzzle runs on.
ENGINES = ("explicit", "symbolic")
#: The most logicians each engine takes (the explicit model has ``2**n`` worlds),
#: and the most the default picks the explicit engine for.
MOST = {"explicit": 16, "symbolic": 200}
EXPLICIT_UP_TO = 12
PARAMETERS = (
    Parameter("n", 3, "number of logicians", 1, MOST["symbolic"]),
    Parameter("dry", 0, "bit mask of the logicians who do not want a beer (bit 0: logician 1); "
              "0 (default): all want one", 0, (1 << MOST["symbolic"]) - 1),
)


def start_size(values: dict[str, int]) -> int:
    """How many worlds the story starts from: ``2**n``, known before any work.

    Examples
    --------
    >>> start_size({"n": 3, "dry": 0})
    8
    """
    return 2 ** values["n"]


def logician(i: int) -> Agent:
    """Logician ``i`` (from 1), the agent ``l<i>``."""
    return Agent(f"l{i}")


def wants(i: int) -> Atom:
    """The atom ``w<i>``: logician ``i`` wants a beer."""
    return Atom(f"w{i}")


def everyone_wants(n: int) -> Formula:
    """``w1 & … & wn``."""
    return conjunction(wants(i) for i in range(1, n + 1))


def _name(mask: int, n: int) -> str:
    return "".join("Y" if mask >> i & 1 else "N" for i in range(n))


def initial_model(n: int, dry: int = 0) -> KripkeModel:
    """All ``2**n`` wishes; in the actual one the logicians of ``dry`` want no beer.

    Examples
    --------
    >>> m = initial_model(3, dry=0b100)
    >>> len(m), sorted(m.actual), sorted(m.facts("YYN"))
    (8, ['YYN'], ['w1', 'w2'])
    >>> sorted(m.accessible("YYN", logician(3))), len(m.accessible("YYN", BARTENDER))
    (['NNN', 'NYN', 'YNN', 'YYN'], 8)
    """
    masks = range(1 << n)
    facts = [{wants(i + 1).name for i in range(n) if w >> i & 1} for w in masks]
    relations = {logician(i + 1): Partition([w >> i & 1 for w in masks]) for i in range(n)}
    relations[BARTENDER] = Partition([0] * len(masks))
    actual = ((1 << n) - 1) & ~dry
    return KripkeModel([_name(w, n) for w in masks], facts, relations, [_name(actual, n)])


def initial_structure(n: int, dry: int = 0) -> KnowledgeStructure:
    """The same as :func:`initial_model`, as a knowledge structure.

    Examples
    --------
    >>> s = initial_structure(50, dry=0b10)
    >>> s, s.name(s.actual[0])[:4]
    (<KnowledgeStructure: 1,125,899,906,842,624 states, 50 atoms, 51 agents (S5)>, 'YNYY')
    """
    names = [wants(i).name for i in range(1, n + 1)]
    observed: dict[Agent, list[str]] = {logician(i): [names[i - 1]] for i in range(1, n + 1)}
    observed[BARTENDER] = []
    actual = [name for i, name in enumerate(names) if not dry >> i & 1]
    structure = KnowledgeStructure.build(names, TOP, observed, actual=[actual])
    bit = {structure.atoms[name]: i for i, name in enumerate(names)}
    return structure.with_namer(lambda state: _name(sum(1 << bit[v] for v in state), n))


def solve(engine: str = "auto", progress: Callable[[int], None] | None = None, **parameters) -> Solution:
    """The logicians' answers, told one by one until one says Yes or No.

    Parameters
    ----------
    n : int
        The number of logicians (default 3): 1 to 16 on the explicit engine,
        to 200 on the symbolic one.
    dry : int
        Bit mask of those who want no beer: bit ``i - 1`` for logician ``i``
        (default 0: everyone wants one); below ``2**n``.
    engine : {"auto", "explicit", "symbolic"}
        The model checker; ``auto`` takes the explicit one up to ``n = 12``.
        The answers are the same.
    progress : callable, optional
        Called with the number of rounds told so far.

    Returns
    -------
    Solution
        Its answer has ``answers`` (what each logician said, in order),
        ``everyone_wants`` and ``last`` (the logician who ended it).

    Raises
    ------
    PuzzleError
        For ``dry`` naming a logician beyond ``n``, or a parameter out of bounds.

    Examples
    --------
    >>> solve(n=5).answer["answers"][-2:]
    ["I don't know", 'Yes']
    >>> solve(n=2, dry=4)
    Traceback (most recent call last):
    ...
    epistemic.models.puzzles.common.PuzzleError: dry must be below 2**n = 4, got 4
    """
    values = check_parameters(PARAMETERS, parameters)
    n, dry = values["n"], values["dry"]
    if dry >= 1 << n:
        raise PuzzleError(f"dry must be below 2**n = {1 << n}, got {dry}")
    engine = pick_engine(engine, n, MOST, EXPLICIT_UP_TO, "n")
    everyone = everyone_wants(n)
    question = ("the bartender knows whether everyone wants a beer", KnowsWhether(BARTENDER, everyone))
    start = (initial_model if engine == "explicit" else initial_structure)(n, dry)
    story = Story(start, [question], progress=progress)
    said = []
    for i in range(1, n + 1):
        yes, no = Knows(logician(i), everyone), Knows(logician(i), Not(everyone))
        choices = [("Yes", yes), ("No", no), ("I don't know", Not(KnowsWhether(logician(i), everyone)))]
        word, formula = next((w, f) for w, f in choices if story.holds(f))
        story.announce(f"logician {i}: {word}", formula)
        said.append(word)
        if word != "I don't know":
            break
    last = len(said)
    answer = {"n": n, "dry": dry, "answers": said, "everyone_wants": said[-1] == "Yes", "last": last}
    who = {1: "", 2: "logician 1 says", 3: "logicians 1 and 2 say"}.get(last, f"logicians 1 to {last - 1} say")
    before = f"{who} \"I don't know\" and " if who else ""
    outcome = "everyone wants a beer" if said[-1] == "Yes" else "not everyone wants a beer"
    summary = f"{before}logician {last} says \"{said[-1]}\": {outcome}"
    return Solution(story, answer, summary)
