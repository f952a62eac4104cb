"""The dining cryptographers: who paid for dinner, the NSA or one of us?

``n`` cryptographers dine around a table; the bill is paid either by the
NSA or by exactly one of them, and each knows only whether she paid.  To
learn whether one of them paid without learning who, each adjacent pair
tosses a coin that only the two of them see, and each diner says whether
the two coins she sees fell alike (0) or differently (1), saying the
opposite if she paid.  Every coin is counted twice, so the diners' bits
add up to 1 (mod 2) exactly when a diner paid [1]_.  Chaum's claims, checked
here by the model checker after the diners speak:

* it is common knowledge among the diners whether a diner paid;
* if a diner paid, no other diner knows who (each considers every other
  diner possible, however the coins fell); if the NSA paid, all know it.

The vocabulary is SMCDEL's [2]_: ``nsa`` (the NSA paid), ``paid<i>``
(diner ``i`` paid) and ``coin<i>`` (the coin between diners ``i - 1`` and
``i``, coin 1 between diner ``n`` and diner 1, is heads); the law says
that exactly one of the NSA and the diners paid.  Diner ``i`` (agent
``d<i>``) observes ``paid<i>``, ``coin<i>`` and ``coin<i + 1>``.  Diner
``i`` says ``paid<i> xor coin<i> xor coin<i + 1>``, and the diners speak
together: one public announcement of what each said.  A world is named by
the payer and the coins, ``"d1 HTH"`` (diner 1 paid, coin 2 tails).  The
coins of the actual world are tossed by Python's ``random.Random(seed)``.

The explicit model lists the ``(n + 1) * 2**n`` worlds, up to 10 diners;
the symbolic one describes them by ``2n + 1`` variables, up to 500, and
its diagrams stay linear in ``n``: the law ("exactly one paid") and each
diner's parity are chains of a few nodes per diner.

Examples
--------
>>> print(solve(n=3, payer=1).text())
start: 32 worlds; every diner knows whether a diner paid: no; it is common knowledge whether a diner paid: no; \
diner 2 knows who paid: no
1. the diners say 010 (1: "my coins differ", reversed by the payer): 6 worlds left \
(d2 TTT, d1 THT, d3 HHT, d1 HTH, d2 HHH, d3 TTH); every diner knows whether a diner paid: yes; it is common knowledge whether a diner paid: yes; \
diner 2 knows who paid: no
Answer: a diner paid (an odd number of 1s), and this is common knowledge; diner 2 does not know who paid

References
----------
.. [1] D. Chaum, "The dining cryptographers problem: unconditional sender
   and recipient untraceability", *Journal of Cryptology* 1(1), 1988,
   pp. 65-75.
.. [2] J. van Benthem, J. van Eijck, M. Gattinger and K. Su, "Symbolic
   model checking for dynamic epistemic logic: S5 and beyond", *Journal
   of Logic and Computation* 28(2), 2018, pp. 367-402; SMCDEL, module
   ``SMCDEL.Examples.DiningCrypto``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from epistemic import Agent, Atom, Common, Iff, Implies, Knows, KnowsWhether, KripkeModel, Not, Possible, Story
from epistemic.formulas import Formula, conjunction, disjunction
from epistemic.relations import Partition
from epistemic.symbolic import KnowledgeStructure

from .common import Parameter, PuzzleError, Solution, check_parameters, pick_engine

__all__ = ["start_size", "NAME", "PARAMETERS", "TITLE", "ENGINES", "NSA", "anonymous", "coin", "diner", "initial_model",
           "initial_structure", "knows_who_paid", "paid", "says", "solve", "toss", "world_name"]

NAME = "dining-cryptographers"
TITLE = "The dining cryptographers: the NSA paid, or one of us did, but who?"
#: The engines this puzzle runs on.
ENGINES = ("explicit", "symbolic")
#: The most diners each engine takes (the explicit model has ``(n + 1) * 2**n`` worlds),
#: and the most the default picks the explicit engine for.  The symbolic engine's time grows
#: as about n**2.7 and its memory as about n**2.6: 500 diners take under 4 s and 0.3 GiB, 1,000
#: take about 20 s and 1.4 GiB (2 cores; benchmarks/symbolic.py).
MOST = {"explicit": 10, "symbolic": 500}
EXPLICIT_UP_TO = 8
PARAMETERS = (
    Parameter("n", 3, "number of diners, at least 3", 3, MOST["symbolic"]),
    Parameter("payer", 1, "who paid: 0 for the NSA, 1 to n for that diner", 0, MOST["symbolic"]),
    Parameter("seed", 1988, "seed of the coin tosses", 0, 2**32 - 1),
)

#: The atom "the NSA paid".
NSA = Atom("nsa")


def start_size(values: dict[str, int]) -> int:
    """How many worlds the story starts from: ``(n + 1) * 2**n``, known before any work.

    Examples
    --------
    >>> start_size({"n": 3, "payer": 1, "seed": 1988})
    32
    """
    return (values["n"] + 1) * 2 ** values["n"]


def diner(i: int) -> Agent:
    """Diner ``i`` (from 1), the agent ``d<i>``."""
    return Agent(f"d{i}")


def paid(i: int) -> Atom:
    """``paid<i>``: diner ``i`` paid; ``paid(0)`` is :data:`NSA`."""
    return NSA if i == 0 else Atom(f"paid{i}")


def coin(i: int) -> Atom:
    """``coin<i>``: the coin diners ``i - 1`` and ``i`` share (coin 1: diners ``n`` and 1) is heads."""
    return Atom(f"coin{i}")


def _right(i: int, n: int) -> int:
    """The coin diner ``i`` shares with the next diner."""
    return i % n + 1


def says(i: int, n: int) -> Formula:
    """What diner ``i`` says, true when it is 1: ``paid<i> xor coin<i> xor coin<i + 1>``.

    Examples
    --------
    >>> str(says(3, 3))
    'paid3 <-> coin3 <-> coin1'
    """
    # (a <-> b) <-> c is a xor b xor c
    return Iff(Iff(paid(i), coin(i)), coin(_right(i, n)))


def knows_who_paid(j: int, n: int) -> Formula:
    """Diner ``j`` knows who paid: she knows it was the NSA, or knows of a diner that it was her.

    Examples
    --------
    >>> str(knows_who_paid(1, 3))
    'K_d1 nsa | K_d1 paid1 | K_d1 paid2 | K_d1 paid3'
    """
    return disjunction(Knows(diner(j), paid(i)) for i in range(n + 1))


def anonymous(n: int) -> Formula:
    """Chaum's claim, as strong as it goes on a ring: when a diner paid,
    every diner who did not pay considers each other diner possible as
    the payer.

    Examples
    --------
    >>> from epistemic.engines import holds
    >>> [holds(solve(n=4, payer=2, engine=e).story.model, anonymous(4)) for e in ENGINES]
    [True, True]
    """
    return conjunction(Implies(~NSA & ~paid(j), conjunction(Possible(diner(j), paid(i))
                                                            for i in range(1, n + 1) if i != j))
                       for j in range(1, n + 1))


def toss(n: int, seed: int) -> tuple[bool, ...]:
    """The coins of the actual world, coin 1 first: ``True`` for heads.

    Examples
    --------
    >>> toss(3, 1988)
    (False, True, False)
    """
    rng = random.Random(seed)
    return tuple(rng.random() < 0.5 for _ in range(n))


def world_name(payer: int, heads: tuple[bool, ...]) -> str:
    """``"NSA HTH"`` or ``"d2 HTH"``: who paid, then the coins, coin 1 first.

    Examples
    --------
    >>> world_name(0, (True, False, True)), world_name(2, (False, False, True))
    ('NSA HTH', 'd2 TTH')
    """
    return ("NSA" if payer == 0 else f"d{payer}") + " " + "".join("H" if h else "T" for h in heads)


def _vocabulary(n: int) -> list[str]:
    # each diner's atoms side by side: her parity is then a chain of a few nodes
    return [NSA.name] + [a for i in range(1, n + 1) for a in (paid(i).name, coin(i).name)]


def _check(n: int, payer: int) -> None:
    if not 0 <= payer <= n:
        raise PuzzleError(f"the payer is the NSA (0) or one of the {n} diners: payer must be 0 to {n}, got {payer}")


def initial_model(n: int, payer: int, heads: tuple[bool, ...]) -> KripkeModel:
    """Every payer and every toss of the coins, ``(n + 1) * 2**n`` worlds,
    in the order of the symbolic structure's states.

    Examples
    --------
    >>> m = initial_model(3, 1, (True, True, False))
    >>> len(m), sorted(m.actual), sorted(m.facts("d1 HHT"))
    (32, ['d1 HHT'], ['coin1', 'coin2', 'paid1'])
    >>> sorted(m.accessible("d1 HHT", diner(3)))
    ['NSA HHT', 'NSA HTT', 'd1 HHT', 'd1 HTT', 'd2 HHT', 'd2 HTT']
    """
    import numpy as np
    _check(n, payer)
    tosses = np.arange(1 << n, dtype=np.int64)
    coins = (tosses[:, None] >> np.arange(n)) & 1                       # one row per toss, coin 1 first
    # each world's bits in the order of the vocabulary: nsa, paid1, coin1, paid2, coin2, ...
    coin_bits = (coins << (2 * np.arange(1, n + 1))).sum(axis=1)
    payers = np.repeat(np.arange(n + 1), 1 << n)
    masks = np.tile(coin_bits, n + 1) | np.where(payers == 0, 1, 1 << (2 * payers - 1))
    order = np.argsort(masks, kind="stable")
    payers, rows = payers[order], np.tile(np.arange(1 << n), n + 1)[order]
    heads_of = coins.astype(bool)
    names = [world_name(int(p), tuple(heads_of[r].tolist())) for p, r in zip(payers, rows)]
    facts = [{paid(int(p)).name} | {coin(i + 1).name for i in range(n) if heads_of[r, i]}
             for p, r in zip(payers, rows)]
    relations = {}
    for i in range(1, n + 1):
        own = (payers == i).astype(np.int64)
        relations[diner(i)] = Partition(own * 4 + coins[rows, i - 1] * 2 + coins[rows, _right(i, n) - 1])
    return KripkeModel(names, facts, relations, [world_name(payer, heads)])


def initial_structure(n: int, payer: int, heads: tuple[bool, ...]) -> KnowledgeStructure:
    """The same as :func:`initial_model`, as a knowledge structure.

    Examples
    --------
    >>> s = initial_structure(100, 0, (True, False) * 50)
    >>> s.size == 101 * 2 ** 100, s.name(s.actual[0])[:8]
    (True, 'NSA HTHT')
    """
    _check(n, payer)
    payers = [paid(i) for i in range(n + 1)]
    # "at most one paid" as a chain: none of payers[k:] paid, shared by the conditions before it
    none_after: Formula = Not(payers[n])
    at_most_one = []
    for k in range(n - 1, -1, -1):
        at_most_one.append(payers[k] >> none_after)
        none_after = Not(payers[k]) & none_after
    law = disjunction(payers) & conjunction(at_most_one)
    observed = {diner(i): [paid(i).name, coin(i).name, coin(_right(i, n)).name] for i in range(1, n + 1)}
    actual = {paid(payer).name} | {coin(i + 1).name for i in range(n) if heads[i]}
    structure = KnowledgeStructure.build(_vocabulary(n), law, observed, actual=[actual])
    payer_of = {structure.atoms[paid(i).name]: i for i in range(n + 1)}
    coin_vars = [structure.atoms[coin(i).name] for i in range(1, n + 1)]

    def name(state) -> str:
        who = next(payer_of[v] for v in state if v in payer_of)
        return world_name(who, tuple(v in state for v in coin_vars))

    return structure.with_namer(name)


def solve(engine: str = "auto", progress: Callable[[int], None] | None = None, **parameters) -> Solution:
    """The diners speak; what do they know?

    Parameters
    ----------
    n : int, default 3
        The number of diners: 3 to 10 on the explicit engine, to 500 on the
        symbolic one.
    payer : int, default 1
        0 if the NSA paid, else the diner who did.
    seed : int, default 1988
        The seed of the coin tosses (:func:`toss`).
    engine : {"auto", "explicit", "symbolic"}
        The model checker: explicit (``n`` up to 10) or symbolic (up to
        500); ``auto`` takes the explicit one up to ``n = 8``.  The answers
        are the same.
    progress : callable, optional
        Called with the number of rounds told so far.

    Returns
    -------
    Solution
        Its answer has ``n``, ``payer``, ``coins`` (``"HTH"``), ``said``
        (each diner's bit, ``"101"``), ``a_diner_paid`` (the parity of the
        bits), ``common_knowledge`` (whether a diner paid, after the diners
        spoke), ``watcher`` (the first diner who did not pay),
        ``watcher_knows_who_paid`` and ``worlds_left``.

    Raises
    ------
    PuzzleError
        For a payer beyond ``n``, or a parameter out of bounds.

    Examples
    --------
    >>> answer = solve(n=5, payer=0, seed=7).answer
    >>> answer["a_diner_paid"], answer["common_knowledge"], answer["watcher_knows_who_paid"]
    (False, True, True)
    >>> solve(n=4, payer=5)
    Traceback (most recent call last):
    ...
    epistemic.models.puzzles.common.PuzzleError: the payer is the NSA (0) or one of the 4 diners: \
payer must be 0 to 4, got 5
    """
    values = check_parameters(PARAMETERS, parameters)
    n, payer, seed = values["n"], values["payer"], values["seed"]
    _check(n, payer)
    engine = pick_engine(engine, n, MOST, EXPLICIT_UP_TO, "n")
    heads = toss(n, seed)
    start = (initial_model if engine == "explicit" else initial_structure)(n, payer, heads)

    diners = [diner(i) for i in range(1, n + 1)]
    watcher = 2 if payer == 1 else 1
    questions: list[tuple[str, Formula]] = [
        ("every diner knows whether a diner paid", conjunction(KnowsWhether(d, NSA) for d in diners)),
        ("it is common knowledge whether a diner paid", Common(diners, NSA) | Common(diners, Not(NSA))),
        (f"diner {watcher} knows who paid", knows_who_paid(watcher, n)),
    ]
    story = Story(start, questions, progress=progress)
    bits = [story.holds(says(i, n)) for i in range(1, n + 1)]
    said = "".join("1" if b else "0" for b in bits)
    story.announce(f"the diners say {said} (1: \"my coins differ\", reversed by the payer)",
                   conjunction(says(i, n) if b else Not(says(i, n)) for i, b in zip(range(1, n + 1), bits)))

    after = dict(story.rounds[-1].answers)
    a_diner_paid = said.count("1") % 2 == 1
    common = after[questions[1][0]]
    watcher_knows = after[questions[2][0]]
    answer = {"n": n, "payer": payer, "coins": world_name(payer, heads).split()[1], "said": said,
              "a_diner_paid": a_diner_paid, "common_knowledge": common, "watcher": watcher,
              "watcher_knows_who_paid": watcher_knows, "worlds_left": [r.worlds for r in story.rounds]}
    who = "a diner paid (an odd number of 1s)" if a_diner_paid else "the NSA paid (an even number of 1s)"
    known = ", and this is common knowledge" if common else ", but this is not common knowledge"
    watching = f"; diner {watcher} {'knows' if watcher_knows else 'does not know'} who paid"
    return Solution(story, answer, who + known + watching)
