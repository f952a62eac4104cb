"""Stories: a model changed by public announcements, told round by round.

A :class:`Story` starts from a model and a list of questions to report
after every round ("does a know p?"); each :meth:`Story.announce` checks
that the announcement is true at the actual world, restricts the model to
where it is true, and records the round: what was announced, how many
worlds are left, and the answers to the questions at the actual world.
Puzzles use it to print themselves round by round, as text or JSON.

Examples
--------
>>> from epistemic import Agent, KripkeModel, parse_formula
>>> a = Agent("a")
>>> m = KripkeModel.from_relations([a], {"w": {"p"}, "v": set()}, {a: [("w", "v")]},
...                                actual="w", reflexive=True, symmetric=True)
>>> story = Story(m, [("a knows p", parse_formula("K_a p"))])
>>> story.announce("p is true", parse_formula("p"))
>>> print(story.text())
start: 2 worlds (w, v); a knows p: no
1. p is true: 1 world left (w); a knows p: yes
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import attrs

from .engines import Model, after_announcement, engine_of, holds, listed, size
from .errors import ModelError
from .formulas import Formula, FormulaError, to_text
from .kripke import World
from .validators import instance_of
from .wording import counted

__all__ = ["Story", "Round"]


@attrs.frozen
class Round:
    """One round of a story: the announcement (``None`` for the start), the
    model after it, and the answers to the story's questions."""

    number: int
    announcement: str | None
    formula: Formula | None
    model: Model = attrs.field(eq=False, repr=False)
    answers: tuple[tuple[str, bool], ...]

    @property
    def worlds(self) -> int:
        return size(self.model)


class Story:
    """A model and the public announcements made on it, round by round.

    Parameters
    ----------
    model : KripkeModel or KnowledgeStructure
        The model before any announcement (either engine's).
    questions : iterable of (str, Formula)
        What to report after every round, checked at the actual worlds.
    world_text : callable
        How to write one world when few are left.
    progress : callable, optional
        Called with the number of rounds told after each announcement
        (to show progress on a terminal).
    """

    def __init__(self, model: Model, questions: Iterable[tuple[str, Formula]] = (),
                 world_text: Callable[[World], str] = str, progress: Callable[[int], None] | None = None):
        engine_of(model)
        self.progress = progress
        self.questions = tuple(questions)
        for label, formula in self.questions:
            instance_of(formula, Formula, f"question {label!r} needs a formula", error=FormulaError)
        self.world_text = world_text
        self.rounds: list[Round] = [self._round(0, None, None, model)]

    @property
    def model(self) -> Model:
        """The model after the last announcement."""
        return self.rounds[-1].model

    def _round(self, number, text, formula, model) -> Round:
        answers = tuple((label, holds(model, f)) for label, f in self.questions) if model.actual else ()
        return Round(number, text, formula, model, answers)

    def holds(self, formula: Formula) -> bool:
        """Whether ``formula`` holds now at the actual worlds."""
        return holds(self.model, formula)

    def announce(self, text: str, formula: Formula) -> None:
        """Announce ``formula`` (described as ``text``) publicly.

        Raises
        ------
        ModelError
            When it is false at an actual world: it cannot be announced truthfully.
        """
        model = self.model
        if not holds(model, formula):
            raise ModelError(f"{text!r} is false at the actual world, so it cannot be announced truthfully")
        self.rounds.append(self._round(len(self.rounds), text, formula, after_announcement(model, formula)))
        if self.progress is not None:
            self.progress(len(self.rounds) - 1)

    # telling ----------------------------------------------------------------------
    def text(self, show: int = 6) -> str:
        """One line per round; the worlds left are listed when at most ``show``."""
        return "\n".join(self._line(r, show) for r in self.rounds)

    def _line(self, r: Round, show: int) -> str:
        count = counted(r.worlds, "world")
        if r.announcement is None:
            head = f"start: {count}"
        else:
            head = f"{r.number}. {r.announcement}: {count} left"
        worlds = listed(r.model, show)
        if worlds is not None:
            head += " (" + ", ".join(self.world_text(w) for w in worlds) + ")"
        answers = "".join(f"; {label}: {'yes' if value else 'no'}" for label, value in r.answers)
        return head + answers

    def to_dict(self, show: int = 50) -> list[dict]:
        """The rounds as JSON-ready data: number, announcement, formula (text
        syntax), worlds left, the worlds themselves when at most ``show``,
        and the answers."""
        out = []
        for r in self.rounds:
            entry: dict[str, object] = {"round": r.number, "announcement": r.announcement,
                     "formula": None if r.formula is None else _text_or_none(r.formula),
                     "worlds_left": r.worlds,
                     "answers": {label: value for label, value in r.answers}}
            worlds = listed(r.model, show)
            if worlds is not None:
                entry["worlds"] = [self.world_text(w) for w in worlds]
            out.append(entry)
        return out


def _text_or_none(formula) -> str | None:
    try:
        return to_text(formula)
    except FormulaError:
        return None
