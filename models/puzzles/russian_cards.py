"""The Russian cards problem: Alice and Bob tell each other their cards, Eve learns none.

Seven cards ``0 .. 6`` are dealt: three to Alice, three to Bob, one to Eve.
Each knows only her own hand, and all of this is common knowledge.  In the
deal ``012.345.6`` (Alice's hand, Bob's hand, Eve's card, in van
Ditmarsch's notation) Alice announces "my hand is one of these", a set of
hands holding her own, and Bob answers with Eve's card.  Alice's
announcement is *safe* when, as checked by the model checker on the 140
deals:

* it is true, and after it Bob knows Alice's hand, this is common
  knowledge to Alice and Bob, and it is common knowledge to all three
  that Eve knows of no card other than hers who holds it;
* after Bob's answer too it is common knowledge to Alice and Bob that each
  knows the other's hand, and common knowledge to all three that Eve is
  still ignorant.

These are the six conditions of SMCDEL's ``checkSet``.  A safe announcement
never holds two hands that share two cards (van Ditmarsch 2003, Prop. 32),
and holds at most seven hands (each pair of cards lies in at most one
hand), so the candidates are the 1,290 sets of five, six or seven hands,
pairwise sharing at most one card; 102 of them are safe.

Both engines tell it: the explicit model lists the 140 deals; the symbolic
structure, SMCDEL's, has the 21 atoms, the law that the deal is one of the
140, and each agent observing her own seven atoms.  Either decides the 102
safe announcements in about two seconds.

Examples
--------
>>> print(solve().text())
start: 140 worlds; Bob knows Alice's hand: no; Alice knows Bob's hand: no; Eve knows who holds card 0: no; \
Eve knows who holds a card of Alice or Bob: no; Eve's ignorance is common knowledge: yes
1. Alice: my hand is one of 012 034 056 135 246: 20 worlds left; Bob knows Alice's hand: yes; \
Alice knows Bob's hand: no; Eve knows who holds card 0: no; Eve knows who holds a card of Alice or Bob: no; \
Eve's ignorance is common knowledge: yes
2. Bob: Eve holds card 6: 3 worlds left (012.345.6, 034.125.6, 135.024.6); Bob knows Alice's hand: yes; \
Alice knows Bob's hand: yes; Eve knows who holds card 0: no; Eve knows who holds a card of Alice or Bob: no; \
Eve's ignorance is common knowledge: yes
Answer: Alice's announcement 012 034 056 135 246 is safe: Bob learns the deal from it, Alice learns it from \
Bob's answer "Eve holds card 6", and Eve learns of no card of theirs who holds it.

References
----------
H. van Ditmarsch (2003), "The Russian cards problem", Studia Logica 75(1), 31-62.
SMCDEL, module ``SMCDEL.Examples.RussianCards`` (``checkSet``, ``safeHandLists``).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import combinations

from epistemic import Agent, Announce, Atom, Common, Formula, Knows, KnowsWhether, KripkeModel, Not, Story
from epistemic.engines import Model, holds
from epistemic.formulas import conjunction, disjunction
from epistemic.relations import Partition
from epistemic.symbolic import KnowledgeStructure

from .common import ENGINE_CHOICES, Parameter, PuzzleError, Solution, check_parameters

__all__ = ["start_size", "CLASSIC", "ENGINES", "NAME", "PARAMETERS", "TITLE", "alice_knows_bob", "alice_says", "bob_knows_alice",
           "bob_says", "candidate_announcements", "deals", "eve_ignorant", "hand_text", "initial_model",
           "initial_structure", "is_safe", "safe_announcements", "safety", "solve"]

NAME = "russian-cards"
TITLE = "Russian cards: Alice and Bob tell each other their hands, Eve learns no card"
#: The engines this puzzle runs on; ``auto`` takes the explicit one (140 worlds).
ENGINES = ("explicit", "symbolic")

ALICE, BOB, EVE = Agent("alice"), Agent("bob"), Agent("eve")
CARDS = tuple(range(7))
#: The actual deal: Alice's hand, Bob's hand, Eve's card.
DEAL = ((0, 1, 2), (3, 4, 5), 6)
#: The five-hand announcement of van Ditmarsch (2003) and SMCDEL's ``aAnnounce``.
CLASSIC = ((0, 1, 2), (0, 3, 4), (0, 5, 6), (1, 3, 5), (2, 4, 6))

PARAMETERS = (
    Parameter("announcement", 0, "Alice's announcement: 0 is 012 034 056 135 246; k = 1..102 is the k-th "
              "safe announcement in lexicographic order", 0, 102),
)

Hand = tuple[int, ...]


def _has(agent: Agent, card: int) -> Atom:
    return Atom(f"{agent.name[0]}{card}")


def _holds_hand(agent: Agent, hand: Hand) -> Formula:
    return conjunction(_has(agent, c) for c in hand)


def hand_text(hand: Hand) -> str:
    """A hand as van Ditmarsch writes it: ``(0, 3, 4)`` is ``'034'``."""
    return "".join(map(str, hand))


def _deal_text(alice: Hand, bob: Hand, eve: int) -> str:
    return f"{hand_text(alice)}.{hand_text(bob)}.{eve}"


def deals() -> list[tuple[Hand, Hand, int]]:
    """The 140 deals, as (Alice's hand, Bob's hand, Eve's card), ordered by
    Alice's hand, then Bob's, each by its highest card first (the order of
    the symbolic structure's states, whose last variables are Alice's).

    Examples
    --------
    >>> [_deal_text(*d) for d in deals()[:5]]
    ['012.345.6', '012.346.5', '012.356.4', '012.456.3', '013.245.6']
    """
    found = []
    for alice in combinations(CARDS, 3):
        rest = [c for c in CARDS if c not in alice]
        for bob in combinations(rest, 3):
            (eve,) = [c for c in rest if c not in bob]
            found.append((alice, bob, eve))
    return sorted(found, key=lambda d: (d[0][::-1], d[1][::-1]))


def _facts(alice: Hand, bob: Hand, eve: int) -> set[str]:
    return {f"a{c}" for c in alice} | {f"b{c}" for c in bob} | {f"e{eve}"}


def initial_model() -> KripkeModel:
    """The 140 deals, ``'012.345.6'`` actual; each agent's partition groups
    the deals where she holds the same cards.

    Atoms: ``a0`` (Alice holds card 0), ``b3`` (Bob holds 3), ``e6`` (Eve holds 6).

    Examples
    --------
    >>> m = initial_model()
    >>> len(m), sorted(m.facts("012.345.6"))
    (140, ['a0', 'a1', 'a2', 'b3', 'b4', 'b5', 'e6'])
    >>> len(m.partition(ALICE)), len(m.partition(EVE))
    (35, 7)
    """
    every = deals()
    hands = {agent: [sum(1 << c for c in hand) for hand in held]
             for agent, held in zip((ALICE, BOB, EVE), zip(*((a, b, (e,)) for a, b, e in every)))}
    return KripkeModel([_deal_text(*d) for d in every], [_facts(*d) for d in every],
                       {a: Partition(h) for a, h in hands.items()}, [_deal_text(*DEAL)])


def initial_structure() -> KnowledgeStructure:
    """The same as :func:`initial_model`, as a knowledge structure (as in
    SMCDEL): 21 atoms, the law that the deal is one of the 140, and each
    agent observing her own seven atoms.

    Examples
    --------
    >>> s = initial_structure()
    >>> s, s.name(s.actual[0])
    (<KnowledgeStructure: 140 states, 21 atoms, 3 agents (S5)>, '012.345.6')
    """
    letters = {agent: agent.name[0] for agent in (ALICE, BOB, EVE)}
    vocabulary = [f"{letters[agent]}{c}" for agent in (EVE, BOB, ALICE) for c in CARDS]
    law = disjunction(conjunction(Atom(x) if x in _facts(*d) else Not(Atom(x)) for x in vocabulary)
                      for d in deals())
    observed = {agent: [f"{letter}{c}" for c in CARDS] for agent, letter in letters.items()}
    structure = KnowledgeStructure.build(vocabulary, law, observed, actual=[_facts(*DEAL)])
    held = {structure.atoms[x]: (x[0], int(x[1:])) for x in vocabulary}

    def name(state) -> str:
        cards: dict[str, list[int]] = {"a": [], "b": [], "e": []}
        for v in state:
            letter, card = held[v]
            cards[letter].append(card)
        return _deal_text(tuple(sorted(cards["a"])), tuple(sorted(cards["b"])), cards["e"][0])

    return structure.with_namer(name)


def start_size(values: dict[str, int]) -> int:
    """How many worlds the story starts from: the 140 deals.

    Examples
    --------
    >>> start_size({"announcement": 0}) == len(deals())
    True
    """
    return 140


def alice_says(hands) -> Formula:
    """"My hand is one of ``hands``", said by Alice: she knows it is one of them."""
    return Knows(ALICE, disjunction(_holds_hand(ALICE, tuple(h)) for h in hands))


def bob_says(card: int = DEAL[2]) -> Formula:
    """"Eve holds ``card``", said by Bob: he knows it."""
    return Knows(BOB, _has(EVE, card))


def bob_knows_alice() -> Formula:
    """Bob knows Alice's hand: for every card he knows whether she holds it."""
    return conjunction(KnowsWhether(BOB, _has(ALICE, c)) for c in CARDS)


def alice_knows_bob() -> Formula:
    """Alice knows Bob's hand."""
    return conjunction(KnowsWhether(ALICE, _has(BOB, c)) for c in CARDS)


def eve_ignorant() -> Formula:
    """Eve knows of no card that Alice holds it, nor that Bob does."""
    return conjunction(Not(Knows(EVE, _has(ALICE, c))) & Not(Knows(EVE, _has(BOB, c))) for c in CARDS)


def safety(hands, card: int = DEAL[2]) -> Formula:
    """The formula that Alice's announcement of ``hands`` is safe, followed by
    Bob's "Eve holds ``card``": SMCDEL's ``checkSet`` as one formula.

    Examples
    --------
    >>> m = initial_model()
    >>> holds(m, safety(CLASSIC)), holds(m, safety([(0, 1, 2), (0, 1, 3), (4, 5, 6)]))
    (True, False)
    """
    said, answer = alice_says(hands), bob_says(card)
    pair, everyone = (ALICE, BOB), (ALICE, BOB, EVE)
    after_bob = Common(pair, alice_knows_bob() & bob_knows_alice()) & Common(everyone, eve_ignorant())
    after_alice = (bob_knows_alice() & Common(pair, bob_knows_alice()) & Common(everyone, eve_ignorant())
                   & Announce(answer, after_bob))
    return said & Announce(said, after_alice)


def is_safe(hands, model: Model | None = None) -> bool:
    """Whether Alice may safely announce ``hands`` in the deal ``012.345.6``
    (``model``: an :func:`initial_model` or :func:`initial_structure` to
    share across many checks; by default a new initial model)."""
    model = initial_model() if model is None else model
    said = alice_says(hands)
    # the cheap test first: an announcement she cannot make truthfully needs no restriction
    return holds(model, said) and holds(model, safety(hands))


def candidate_announcements(sizes=(5, 6, 7)) -> tuple[tuple[Hand, ...], ...]:
    """All sets of ``sizes`` hands, no two sharing two cards, in lexicographic
    order (SMCDEL's ``allHandLists``: 1,290 of them).

    Examples
    --------
    >>> len(candidate_announcements()), len(candidate_announcements(sizes=[7]))
    (1290, 30)
    """
    hands = list(combinations(CARDS, 3))
    fits = [[j for j in range(i + 1, len(hands)) if len(set(hands[i]) & set(hands[j])) < 2]
            for i in range(len(hands))]
    wanted, top = set(sizes), max(sizes)
    found = []
    stack: list[tuple[tuple[int, ...], set[int]]] = [((i,), set(fits[i])) for i in reversed(range(len(hands)))]
    while stack:
        chosen, open_ = stack.pop()
        if len(chosen) in wanted:
            found.append(tuple(hands[i] for i in chosen))
        if len(chosen) < top:
            stack.extend(((*chosen, j), open_ & set(fits[j])) for j in sorted(open_, reverse=True))
    return tuple(sorted(found))


@lru_cache(maxsize=2)
def safe_announcements(engine: str = "explicit") -> tuple[tuple[Hand, ...], ...]:
    """The safe announcements of Alice among :func:`candidate_announcements`,
    in lexicographic order, each decided by the model checker of ``engine``
    (``"explicit"`` or ``"symbolic"``).  One model is shared (each
    announcement is a cached restriction of it) and dropped afterwards; the
    result is kept.

    Examples
    --------
    >>> safe = safe_announcements()
    >>> len(safe), [hand_text(h) for h in safe[0]]
    (102, ['012', '034', '056', '135', '146', '236'])
    """
    model = _start(engine)
    return tuple(hands for hands in candidate_announcements() if is_safe(hands, model))


def _start(engine: str) -> Model:
    if engine not in ENGINE_CHOICES:
        raise PuzzleError(f"unknown engine {engine!r}: choose one of {', '.join(ENGINE_CHOICES)}")
    return initial_structure() if engine == "symbolic" else initial_model()


def solve(engine: str = "auto", progress: Callable[[int], None] | None = None, **parameters) -> Solution:
    """Alice's announcement and Bob's answer, told round by round.

    Parameters
    ----------
    announcement : int
        0 (default) for ``012 034 056 135 246``; ``k`` from 1 to 102 for the
        k-th of :func:`safe_announcements`.
    engine : {"auto", "explicit", "symbolic"}
        The model checker; ``auto`` takes the explicit one.  The answers
        are the same.
    progress : callable, optional
        Called with the number of rounds told so far.

    Returns
    -------
    Solution
        Its answer has the ``deal``, Alice's ``announcement`` (hands as
        text), what Bob says (``bob_says``: Eve's card), whether the
        announcement is ``safe`` and the ``worlds_left`` after each round.

    Raises
    ------
    PuzzleError
        For an unknown parameter or one out of bounds.

    Examples
    --------
    >>> answer = solve(announcement=102).answer
    >>> answer["announcement"], answer["safe"], answer["worlds_left"]
    (['012', '056', '146', '236', '345'], True, [140, 20, 2])
    """
    which = check_parameters(PARAMETERS, parameters)["announcement"]
    model = _start(engine)
    hands = CLASSIC if which == 0 else safe_announcements(engine if engine == "symbolic" else "explicit")[which - 1]
    questions = [
        ("Bob knows Alice's hand", bob_knows_alice()),
        ("Alice knows Bob's hand", alice_knows_bob()),
        ("Eve knows who holds card 0", KnowsWhether(EVE, _has(ALICE, 0)) & KnowsWhether(EVE, _has(BOB, 0))),
        ("Eve knows who holds a card of Alice or Bob", Not(eve_ignorant())),
        ("Eve's ignorance is common knowledge", Common((ALICE, BOB, EVE), eve_ignorant())),
    ]
    story = Story(model, questions, progress=progress)
    listed = " ".join(hand_text(h) for h in hands)
    story.announce(f"Alice: my hand is one of {listed}", alice_says(hands))
    eve = DEAL[2]
    if not story.holds(bob_says(eve)):  # pragma: no cover - every listed announcement is safe
        raise PuzzleError(f"after {listed} Bob does not know Eve's card")
    story.announce(f"Bob: Eve holds card {eve}", bob_says(eve))
    safe = is_safe(hands, model)
    answer = {"deal": _deal_text(*DEAL), "announcement": [hand_text(h) for h in hands],
              "bob_says": eve, "safe": safe, "worlds_left": [r.worlds for r in story.rounds]}
    summary = (f"Alice's announcement {listed} is {'safe' if safe else 'not safe'}: Bob learns the deal from it, "
               f"Alice learns it from Bob's answer \"Eve holds card {eve}\", and Eve learns of no card of theirs "
               f"who holds it.")
    return Solution(story, answer, summary)
