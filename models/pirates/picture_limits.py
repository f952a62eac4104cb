"""What pictures of a pirate game can be drawn, known from its inputs alone.

Solving a large game takes time; a picture refused after it would waste
that time.  :func:`picture_refusals` says, before anything is solved, which
of the pictures asked for are over a limit and why, from the number of
pirates and of promises, the promises told to subgroups (at most
``2 ** subgroup promises`` knowledge states and Kripke worlds), the
questions and the depth.
"""

from __future__ import annotations

from collections.abc import Iterable

from epistemic.wording import counted

from .game import PirateGame

__all__ = ["PICTURE_KINDS", "picture_refusals", "subgroup_promises"]

#: The pictures of a game: the why-graph, the prediction DAG, the knowledge table and the Kripke model.
PICTURE_KINDS = ("why", "dag", "knowledge", "kripke")

# Above this many possible worlds the Kripke model is not even built to be counted.
_COUNTED_WORLDS = 4096


def subgroup_promises(game: PirateGame) -> int:
    """How many promises were told to a subgroup rather than to everyone.

    >>> from epistemic.models.pirates import promise
    >>> subgroup_promises(PirateGame(5, 3, [promise(5, 2, [1, 1, 0, 1], hearers=[3, 4, 5])]))
    1
    """
    return sum(1 for a in game.announcements
               if a.audience is not None and len(set(a.audience) | {a.speaker}) < game.pirates)


def picture_refusals(game: PirateGame, kinds: Iterable[str], *, questions: int = 1,
                     depth: int | None = 6) -> dict[str, str]:
    """``{kind: why it cannot be drawn}`` for the pictures of ``kinds`` that
    are over a limit, found without solving ``game``.

    * a why-graph is refused when it could need more than
      :data:`~epistemic.visualize.MAX_REASONS` reasons: each question, at
      each level of ``depth``, can name one reason per knowledge state (at
      most ``2 ** subgroup promises``, and one per pirate);
    * a knowledge table when it would need more than
      :data:`~epistemic.visualize.knowledge.MAX_COLUMNS` columns, one per
      promise;
    * a Kripke model when it has more than
      :data:`~epistemic.visualize.MAX_WORLDS` worlds (counted when there
      could be at most 4,096, else taken to be ``2 ** subgroup promises``).

    A prediction DAG is never refused: it is summarized down to 60 boxes.

    Examples
    --------
    Three hundred pirates; p2 to p9 each promise a coin to p101-p300 and
    tell a different half of p45-p300, so that the pirates hold all 256
    sets of the eight promises.  Nothing is solved to find that the Kripke
    model is too large to draw:

    >>> from epistemic.models.pirates import promise
    >>> promises = [promise(300, m, [1] * 100 + [0] * (201 - m),
    ...                     hearers=[45 + k for k in range(256) if k >> (m - 2) & 1]) for m in range(2, 10)]
    >>> game = PirateGame(300, 100, promises)
    >>> picture_refusals(game, ["why", "dag", "knowledge", "kripke"], depth=200)
    {'kripke': 'the Kripke model has 256 worlds, more than the 200 a picture holds'}
    >>> print(picture_refusals(game, ["why"], questions=3, depth=200)["why"])
    the why-graph could need 153,600 reasons (3 questions × 200 levels × 256 knowledge states), more than the 100,000 a picture summarizes; draw it with --depth 130 or less
    >>> len(game.solver.dag)   # no prediction was made
    0
    """
    subgroup = subgroup_promises(game)
    states = min(2 ** subgroup, game.pirates)
    refused = {}
    for kind in dict.fromkeys(kinds):
        # each picture's limit is imported where it is asked for: the picture modules bring Graphviz and numpy
        if kind == "why":
            from epistemic.visualize import MAX_REASONS

            levels = depth if depth is not None else 3 * game.pirates
            need = questions * max(levels, 1) * states
            if need > MAX_REASONS:
                most = MAX_REASONS // (questions * states)
                advice = f"draw it with --depth {most} or less" if most >= 1 else "ask fewer questions"
                refused[kind] = (f"the why-graph could need {need:,} reasons ({counted(questions, 'question')}"
                                 f" × {levels:,} levels × {states:,} knowledge "
                                 f"states), more than the {MAX_REASONS:,} a picture summarizes; {advice}")
        elif kind == "knowledge":
            from epistemic.visualize.knowledge import MAX_COLUMNS

            if len(game.announcements) > MAX_COLUMNS:
                refused[kind] = (f"the knowledge table would need {len(game.announcements):,} columns, one per "
                                 f"promise, more than the {MAX_COLUMNS} a page holds")
        elif kind == "kripke":
            from epistemic.visualize import MAX_WORLDS

            worlds = 2 ** subgroup
            if worlds > MAX_WORLDS:
                exact = worlds <= _COUNTED_WORLDS
                if exact:
                    worlds = len(game.kripke_model().worlds)
                if worlds > MAX_WORLDS:
                    refused[kind] = (f"the Kripke model {'has' if exact else 'could have up to'} {worlds:,} "
                                     f"worlds, more than the {MAX_WORLDS} a picture holds")
    return refused
