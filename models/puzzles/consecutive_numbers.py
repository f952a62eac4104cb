"""Consecutive numbers: Anne and Bill learn each other's number by saying they do not know it.

Two consecutive natural numbers are chosen; one is whispered to Anne, the
other to Bill, and all of this is common knowledge.  Then, Anne first,
they take turns saying "I don't know your number" until the speaker knows
it and says "I know your number"; the other then knows too.  In van
Ditmarsch and Kooi's telling [1]_ Anne hears 2 and Bill 3: Anne doesn't
know, Bill doesn't know, Anne knows, Bill knows; and anyone overhearing
the conversation learns that one of the numbers is 2.

A world is a pair ``(x, y)``, Anne's number and Bill's, with ``|x - y| = 1``;
Anne cannot tell apart pairs with the same ``x``, Bill those with the same
``y`` (S5 partitions).  As Anne knows ``x`` and ``y`` is ``x - 1`` or
``x + 1``, "Anne knows Bill's number" is "Anne knows whether Bill's number
is the greater", ``Kw_anne bill_greater``; likewise for Bill.  Every
announcement is that formula or its negation, whichever holds: the model
checker decides what is said.

The model must be finite, so it holds the pairs with both numbers at most
``bound``.  That cut makes knowledge appear at the top just as 0 does at
the bottom: at ``(bound, bound - 1)`` Anne knows Bill's number.  But each
announcement is a formula of modal depth one, and an agent's block at
``(x, y)`` holds numbers up to ``max(x, y) + 1``; so, by induction, after
``k`` announcements the cut model keeps or drops every pair with numbers
at most ``bound - k`` exactly as the infinite model does, and what the
agents know at the actual pair is right while ``max(a, b) + 1 <= bound - k``.
The conversation takes at most ``min(a, b) + 3`` announcements (see
Notes), so ``bound = a + b + 4``, the default and the least accepted, is
sound for every round told.  Pairs above ``bound - k`` may still be left
in the last models; they are artefacts of the cut, which the summary
names and ``answer["consistent_pairs"]`` leaves out.

Notes
-----
With ``n = min(a, b)``, the holder of ``n`` is the first to know: Anne
speaks in the odd rounds and Bill in the even ones, and the holder of
``n`` knows in the first of her rounds numbered ``n + 1`` or more (round
``n + 1`` or ``n + 2``); the other knows in the next round.

Examples
--------
>>> solution = solve(anne=2, bill=3)
>>> print(solution.text())
start: 18 worlds; Anne knows Bill's number: no; Bill knows Anne's number: no
1. Anne: I don't know your number: 16 worlds left; Anne knows Bill's number: no; Bill knows Anne's number: no
2. Bill: I don't know your number: 12 worlds left; Anne knows Bill's number: yes; Bill knows Anne's number: no
3. Anne: I know your number: 4 worlds left ((1,2), (2,3), (7,6), (8,7)); Anne knows Bill's number: yes; \
Bill knows Anne's number: yes
4. Bill: I know your number: 4 worlds left ((1,2), (2,3), (7,6), (8,7)); Anne knows Bill's number: yes; \
Bill knows Anne's number: yes
Answer: Anne knows Bill's number first, in round 3; Bill knows in round 4. From the conversation alone the \
pair is (1,2) or (2,3): one number is surely 2 ((7,6), (8,7) are left only because the model stops at 9).
>>> solution.answer["consistent_pairs"]
[[1, 2], [2, 3]]

References
----------
.. [1] H. van Ditmarsch and B. Kooi, *One Hundred Prisoners and a Light
   Bulb*, Springer (Copernicus), 2015, chapter 1, "Consecutive Numbers".
   The riddle is usually traced to J. E. Littlewood, *A Mathematician's
   Miscellany*, 1953.
"""

from __future__ import annotations

from typing import cast

from epistemic import Agent, Atom, Formula, KnowsWhether, KripkeModel, Not, Story
from epistemic.relations import Partition

from .common import Parameter, PuzzleError, Solution, check_parameters

__all__ = ["start_size", "ANNE", "BILL", "NAME", "PARAMETERS", "TITLE", "initial_model", "knows_number", "least_bound", "solve"]

NAME = "consecutive-numbers"
TITLE = "Consecutive numbers: Anne and Bill learn each other's number from \"I don't know\""

ANNE, BILL = Agent("anne"), Agent("bill")
_NAMES = {ANNE: "Anne", BILL: "Bill"}
#: The atom "Bill's number is Anne's plus one".
GREATER = Atom("bill_greater")

#: The numbers stop at 1,000: the model has about ``2 * bound`` worlds and the talk ``min(a, b) + 3`` rounds.
PARAMETERS = (
    Parameter("anne", 2, "Anne's number", 0, 1000),
    Parameter("bill", 3, "Bill's number, one more or one less than Anne's", 0, 1000),
    Parameter("bound", 0, "largest number in the finite model; 0 (default) for anne + bill + 4, "
              "the least that is sound", 0, 10_000),
)


def least_bound(anne: int, bill: int) -> int:
    """The least sound cut of the model for the pair: ``anne + bill + 4``."""
    return anne + bill + 4


def initial_model(anne: int, bill: int, bound: int) -> KripkeModel:
    """The pairs of consecutive numbers up to ``bound``, ``(anne, bill)`` actual.

    Examples
    --------
    >>> m = initial_model(2, 3, 4)
    >>> m.worlds
    [(0, 1), (1, 0), (1, 2), (2, 1), (2, 3), (3, 2), (3, 4), (4, 3)]
    >>> sorted(m.facts((2, 3))), m.partition(ANNE)[2]
    (['a2', 'b3', 'bill_greater'], [(2, 1), (2, 3)])
    """
    worlds = [(x, y) for x in range(bound + 1) for y in (x - 1, x + 1) if 0 <= y <= bound]
    facts = [{f"a{x}", f"b{y}"} | ({GREATER.name} if y > x else set()) for x, y in worlds]
    relations = {ANNE: Partition([x for x, _ in worlds]), BILL: Partition([y for _, y in worlds])}
    return KripkeModel(worlds, facts, relations, [(anne, bill)])


def start_size(values: dict[str, int]) -> int:
    """How many worlds the story starts from: two pairs for each number up to the bound.

    Examples
    --------
    >>> start_size({"anne": 2, "bill": 3, "bound": 0}) == len(initial_model(2, 3, 9))
    True
    """
    return 2 * (values["bound"] or least_bound(values["anne"], values["bill"]))


def knows_number(agent: Agent) -> Formula:
    """``agent`` knows the other's number: ``Kw_agent bill_greater``."""
    return KnowsWhether(agent, GREATER)


def _pair(world) -> str:
    return f"({world[0]},{world[1]})"


def solve(**parameters) -> Solution:
    """Anne and Bill's conversation, told round by round.

    Parameters
    ----------
    anne, bill : int
        Their numbers (default 2 and 3), one apart, at most 1,000.
    bound : int
        The largest number in the model; 0 (default) for ``anne + bill + 4``.

    Returns
    -------
    Solution
        Its answer has ``first`` (``"Anne"`` or ``"Bill"``), ``round`` (when
        the first knows), ``conversation`` (what was said, in order) and
        ``consistent_pairs``: the pairs an eavesdropper cannot rule out.

    Raises
    ------
    PuzzleError
        When the numbers are not one apart, or ``bound`` is below ``anne + bill + 4``.

    Examples
    --------
    >>> answer = solve(anne=5, bill=4).answer
    >>> answer["first"], answer["round"], answer["consistent_pairs"]
    ('Bill', 6, [[5, 4], [6, 5]])
    >>> solve(anne=2, bill=4)
    Traceback (most recent call last):
    ...
    epistemic.models.puzzles.common.PuzzleError: the numbers must be one apart, got 2 and 4
    """
    values = check_parameters(PARAMETERS, parameters)
    anne, bill, bound = values["anne"], values["bill"], values["bound"]
    if abs(anne - bill) != 1:
        raise PuzzleError(f"the numbers must be one apart, got {anne} and {bill}")
    least = least_bound(anne, bill)
    if bound == 0:
        bound = least
    elif bound < least:
        raise PuzzleError(f"bound must be at least anne + bill + 4 = {least} (or 0), got {bound}")

    questions = [("Anne knows Bill's number", knows_number(ANNE)), ("Bill knows Anne's number", knows_number(BILL))]
    story = Story(initial_model(anne, bill, bound), questions, world_text=_pair)
    speaker, other = ANNE, BILL
    for number in range(1, least):  # the first "I know" comes by round min(a, b) + 2
        if story.holds(knows_number(speaker)):
            break
        story.announce(f"{_NAMES[speaker]}: I don't know your number", Not(knows_number(speaker)))
        speaker, other = other, speaker
    else:  # pragma: no cover
        raise RuntimeError("nobody ever knew")  # unreachable: see the module's notes
    story.announce(f"{_NAMES[speaker]}: I know your number", knows_number(speaker))
    reply = knows_number(other)
    if story.holds(reply):
        story.announce(f"{_NAMES[other]}: I know your number", reply)
    else:  # pragma: no cover - the other always knows once the first has said so
        story.announce(f"{_NAMES[other]}: I don't know your number", Not(reply))

    # pairs within reach of the cut are artefacts of the finite model (see the module's notes)
    sound = bound - (len(story.rounds) - 1)
    # the worlds are the pairs initial_model names; announcements only remove worlds
    left = cast(list[tuple[int, int]], cast(KripkeModel, story.model).worlds)
    pairs = [[x, y] for x, y in left if max(x, y) <= sound]
    answer = {"anne": anne, "bill": bill, "bound": bound, "first": _NAMES[speaker], "round": number,
              "conversation": [r.announcement for r in story.rounds[1:]], "consistent_pairs": pairs}
    common = set.intersection(*(set(p) for p in pairs))
    surely = f": one number is surely {min(common)}" if len(pairs) > 1 and common else ""
    cut = [_pair(w) for w in left if max(w) > sound]
    if cut:
        surely += f" ({', '.join(cut)} {'is' if len(cut) == 1 else 'are'} left only because the model stops at {bound})"
    summary = (f"{_NAMES[speaker]} knows {_NAMES[other]}'s number first, in round {number}; "
               f"{_NAMES[other]} knows in round {number + 1}. From the conversation alone the pair is "
               f"{' or '.join(_pair(p) for p in pairs)}{surely}.")
    return Solution(story, answer, summary)
