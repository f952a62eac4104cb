"""A puzzle in the browser: its story round by round, as one HTML page.

Each round shows what was announced, the worlds left, the model drawn (the
worlds kept in their places, those removed greyed, as ``--draw`` draws
them) and the answers to the puzzle's questions, each of which unfolds the
reasons it is true or false at the actual world.
"""

from __future__ import annotations

from epistemic import KripkeModel, engines, explain_verdict
from epistemic.story import Round
from epistemic.symbolic import to_kripke
from epistemic.visualize import RendererMissing, round_pictures
from epistemic.visualize.explorer import Decision, Perspective, Step, explorer_html, inline_svgs, rounds_left_out
from epistemic.wording import counted, noun

from .common import Solution

__all__ = ["explorer_page", "FIRST_ROUNDS", "LAST_ROUNDS", "DEPTH", "PAGE_WORLDS", "PICTURE_BYTES"]

#: Rounds embedded from the start of a story, and from its end, when it has more than both.
FIRST_ROUNDS, LAST_ROUNDS = 30, 10
#: Levels of reasons kept below each answer.
DEPTH = 6
#: The most worlds a page draws: laying out a larger model that is no cube takes minutes.
PAGE_WORLDS = 64
#: The most bytes of pictures one page embeds; later rounds go undrawn beyond them.
PICTURE_BYTES = 1_500_000


def explorer_page(title: str, solution: Solution, *, start_size: int, renderer: str = "auto",
                  depth: int = DEPTH) -> str:
    """The HTML page of a solved puzzle.

    Parameters
    ----------
    title : str
        The puzzle's name in words.
    solution : Solution
    start_size : int
        The worlds of the first round: above :data:`PAGE_WORLDS` no round is drawn.
    renderer : str
        The Graphviz engine that draws the rounds.
    depth : int
        Levels of reasons kept below each answer.

    Examples
    --------
    >>> from epistemic.models.puzzles import solve
    >>> page = explorer_page("Muddy children", solve("muddy-children", n=2, k=1), start_size=4)
    >>> page.count('<article class="step"'), page.count("<svg")
    (3, 3)
    """
    story = solution.story
    rounds = story.rounds
    shown = list(range(len(rounds)))
    notes = []
    if len(rounds) > FIRST_ROUNDS + LAST_ROUNDS:
        shown = [*range(FIRST_ROUNDS), *range(len(rounds) - LAST_ROUNDS, len(rounds))]
        notes.append(rounds_left_out(FIRST_ROUNDS, len(rounds) - LAST_ROUNDS - 1))
    pictures: dict[int, str] = {}
    if start_size > PAGE_WORLDS:
        notes.append(f"the model starts with {start_size:,} worlds, too many to draw in the page "
                     f"(the limit is {PAGE_WORLDS} worlds; --draw draws more)")
    else:
        try:
            pictures = _pictures(rounds, shown, renderer)
        except RendererMissing as err:
            notes.append(f"the rounds are not drawn: {err}")
        if len(pictures) < len(shown):
            left = len(shown) - len(pictures)
            notes.append(f"{left:,} of the {len(shown):,} rounds {noun(left, 'is', 'are')} not drawn, to keep "
                         f"the page small (at most {PICTURE_BYTES:,} bytes of pictures)")
    last = len(rounds) - 1
    steps = [_step(rounds[i], story.questions, last, pictures.get(i), depth) for i in shown]
    return explorer_html(title, [Perspective("the story, round by round", steps)],
                         intro=["Step through the announcements with the buttons or the arrow keys; click an "
                                "answer to unfold why it holds at the actual world.", f"Answer: {solution.summary}"],
                         notes=notes)


def _model(r: Round) -> KripkeModel:
    return r.model if isinstance(r.model, KripkeModel) else to_kripke(r.model)


def _pictures(rounds, shown: list[int], renderer: str) -> dict[int, str]:
    """The SVG of the rounds shown, every world in the place it has in the
    first round, in order until :data:`PICTURE_BYTES` are used."""
    pictures = round_pictures([(r.announcement or "start", _model(r)) for r in rounds], renderer=renderer)
    svgs = inline_svgs([pictures[i] for i in shown], renderer, PICTURE_BYTES)
    return {i: svg for i, svg in zip(shown, svgs) if svg is not None}


def _step(r: Round, questions, last: int, picture: str | None, depth: int) -> Step:
    said = "the start" if r.announcement is None else f"round {r.number} of {last}: {r.announcement}"
    worlds = counted(r.worlds, "world")
    lines = [f"{worlds} {'left' if r.announcement is not None else 'at the start'}."]
    actual = engines.actual_worlds(r.model)
    decisions = []
    for (label, answer), (_, formula) in zip(r.answers, questions):
        why = explain_verdict(r.model, formula, actual[0], depth=depth) if len(actual) == 1 else None
        decisions.append(Decision(f"{label}: {'yes' if answer else 'no'}", why))
    return Step(r.number, said, lines, decisions, picture=picture)
