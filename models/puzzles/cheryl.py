"""Cheryl's birthday: Albert knows the month, Bernard the day, and three statements settle it.

Cheryl gives ten possible dates, tells Albert the month and Bernard the
day; then [1]_

1. Albert: "I don't know when your birthday is, but I know that Bernard
   doesn't know too."
2. Bernard: "At first I didn't know, but now I know."
3. Albert: "Then I also know."

The model has one world per date, named like ``"July 16"``, where one atom
holds, the date in lower case (``july16``).  Albert's relation is the
partition by month, Bernard's by day.  "Agent ``a`` knows the birthday" is
the disjunction over the ten dates ``d`` of ``K_a d``.  The statements are
the public announcements [2]_

1. ``~knows(albert) & K_albert ~knows(bernard)``
2. ``knows(bernard)``: "at first I didn't know" adds nothing, since
   statement 1 already said so (``K_albert ~knows(bernard)`` implies
   ``~knows(bernard)`` in the model before it);
3. ``knows(albert)``.

The answer is not given to the model: :func:`survivors` applies the
statements to the model with no actual world, and :func:`solve` then tells
the story with the one date left as the actual world.

Examples
--------
>>> print(solve().text())
start: 10 worlds; Albert knows the birthday: no; Bernard knows the birthday: no
1. Albert: I don't know when your birthday is, but I know that Bernard doesn't know too: 5 worlds left \
(July 14, July 16, August 14, August 15, August 17); Albert knows the birthday: no; Bernard knows the birthday: yes
2. Bernard: At first I didn't know, but now I know: 3 worlds left (July 16, August 15, August 17); \
Albert knows the birthday: yes; Bernard knows the birthday: yes
3. Albert: Then I also know: 1 world left (July 16); Albert knows the birthday: yes; \
Bernard knows the birthday: yes
Answer: Cheryl's birthday is July 16

References
----------
.. [1] Singapore and Asian Schools Math Olympiad (SASMO) 2015, question 24.
.. [2] H. van Ditmarsch, M. I. Hartley, B. Kooi, J. Welton and J. B. W. Yeo,
   "Cheryl's Birthday", *Proceedings of TARK 2017*, EPTCS 251, 2017, pp. 1-9.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import cast

from epistemic import Agent, Atom, Knows, KripkeModel, Story, after_announcement
from epistemic.formulas import Formula, disjunction
from epistemic.relations import Partition

from .common import PuzzleError, Solution, check_parameters

__all__ = ["start_size", "ALBERT", "BERNARD", "DATES", "NAME", "PARAMETERS", "TITLE",
           "date_atom", "initial_model", "knows_birthday", "solve", "statements", "survivors"]

NAME = "cheryl"
TITLE = "Cheryl's birthday"
PARAMETERS = ()

#: The ten dates Cheryl lists, as (month, day).
DATES = (("May", 15), ("May", 16), ("May", 19), ("June", 17), ("June", 18),
         ("July", 14), ("July", 16), ("August", 14), ("August", 15), ("August", 17))

ALBERT, BERNARD = Agent("albert"), Agent("bernard")


def start_size(values: dict[str, int]) -> int:
    """How many worlds the story starts from: the ten dates.

    Examples
    --------
    >>> start_size({})
    10
    """
    return len(DATES)


def date_atom(month: str, day: int) -> Atom:
    """The atom true at exactly one date: ``date_atom("July", 16)`` is ``july16``."""
    return Atom(f"{month.lower()}{day}")


def knows_birthday(agent: Agent) -> Formula:
    """``K_agent d1 | … | K_agent d10``: the agent knows which date it is.

    Examples
    --------
    >>> str(knows_birthday(ALBERT)).split(" | ")[:2]
    ['K_albert may15', 'K_albert may16']
    """
    return disjunction(Knows(agent, date_atom(m, d)) for m, d in DATES)


def statements() -> tuple[tuple[str, Formula], ...]:
    """The three statements, in words and as formulas."""
    return (
        ("Albert: I don't know when your birthday is, but I know that Bernard doesn't know too",
         ~knows_birthday(ALBERT) & Knows(ALBERT, ~knows_birthday(BERNARD))),
        ("Bernard: At first I didn't know, but now I know", knows_birthday(BERNARD)),
        ("Albert: Then I also know", knows_birthday(ALBERT)),
    )


def initial_model(actual: Iterable[str] = ()) -> KripkeModel:
    """The ten dates, Albert told the month and Bernard the day.

    Examples
    --------
    >>> m = initial_model(["July 16"])
    >>> sorted(m.accessible("July 16", ALBERT)), sorted(m.accessible("July 16", BERNARD))
    (['July 14', 'July 16'], ['July 16', 'May 16'])
    """
    names = [f"{m} {d}" for m, d in DATES]
    months = [m for m, _ in DATES]
    return KripkeModel(names, [{date_atom(m, d).name} for m, d in DATES],
                       {ALBERT: Partition([months.index(m) for m in months]),
                        BERNARD: Partition([d for _, d in DATES])}, actual)


def survivors() -> list[str]:
    """The dates left once all three statements are made, found without an actual world.

    Examples
    --------
    >>> survivors()
    ['July 16']
    """
    model = initial_model()
    for _, formula in statements():
        model = after_announcement(model, formula)
    # the worlds are the dates initial_model names; announcements only remove worlds
    return cast(list[str], model.worlds)


def solve(**parameters) -> Solution:
    """Tell the three statements round by round, with the date they leave as the actual world.

    Takes no parameters.

    Returns
    -------
    Solution
        Its answer has ``birthday`` (like ``"July 16"``), ``month``, ``day`` and ``worlds_left``
        (the worlds left after each statement).

    Raises
    ------
    PuzzleError
        When given any parameter.

    Examples
    --------
    >>> solve().answer["birthday"]
    'July 16'
    >>> solve(n=3)
    Traceback (most recent call last):
    ...
    epistemic.models.puzzles.common.PuzzleError: unknown parameter 'n': this puzzle takes none
    """
    check_parameters(PARAMETERS, parameters)
    left = survivors()
    if len(left) != 1:  # pragma: no cover - the statements leave one date
        raise PuzzleError(f"the statements leave {len(left)} dates, not one")
    questions = [("Albert knows the birthday", knows_birthday(ALBERT)),
                 ("Bernard knows the birthday", knows_birthday(BERNARD))]
    story = Story(initial_model(left), questions)
    for text, formula in statements():
        story.announce(text, formula)
    month, day = left[0].split()
    answer = {"birthday": left[0], "month": month, "day": int(day),
              "worlds_left": [r.worlds for r in story.rounds[1:]]}
    return Solution(story, answer, f"Cheryl's birthday is {left[0]}")
