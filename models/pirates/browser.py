"""The pirate game in the browser: the seed's interactive explanation as one HTML page.

The page holds the play and the predictions each knowledge state makes of
every round (the seed's tables, one per knowledge), all keyed by ``(round,
knowledge)`` as the prediction DAG is.  A reader steps through the rounds,
switches the knowledge a prediction is made on, clicks an offer, a vote or
an outcome to unfold its reasons, and follows a proposer or a voter into
his own prediction, as the keyboard explorer
(:mod:`epistemic.models.pirates.explore`) walks down with ``offer`` and
``expectation``.

A large game is embedded in part: the first and last rounds of each
perspective, the first knowledge states, and the voters grouped by what
they are offered, expect and know; notes say what was left out.
"""

from __future__ import annotations

from epistemic import Knowledge
from epistemic.visualize import PictureError, RendererMissing
from epistemic.visualize.explorer import Decision, Link, Perspective, Step, explorer_html, inline_svg, rounds_left_out
from epistemic.wording import counted, noun

from .explain import DEPTH, why_offer, why_outcome, why_overboard, why_vote
from .division import promise_in
from .game import PirateGame
from .pictures import group_label, knowledge_picture, prediction_dag_picture, promise_text
from .predict import OfferSource, Prediction
from .wording import Names, coins_text, division_text, expected_text, names_text

__all__ = ["explorer_page", "voter_rows_note", "FIRST_ROUNDS", "LAST_ROUNDS", "MAX_PERSPECTIVES", "MAX_VOTER_ROWS"]

#: Rounds of a perspective embedded from its start, and from its end, when it has more than both.
FIRST_ROUNDS, LAST_ROUNDS = 20, 5
#: The most knowledge states a page lets the reader switch between (the play included).
MAX_PERSPECTIVES = 10
#: The most rows of voters a round shows; voters alike in offer, expectation, vote and knowledge share one.
MAX_VOTER_ROWS = 12
#: The most promises listed above the explorer.
_PROMISES_LISTED = 12

_SOURCES = {OfferSource.PROMISE: "as he promised", OfferSource.ALONE: "the last pirate takes all",
            OfferSource.OPTIMIZED: "buying the cheapest votes he needs"}


def explorer_page(game: PirateGame, depth: int | None = DEPTH, renderer: str | None = "auto") -> str:
    """The HTML page exploring why the play of ``game`` goes as it does.

    Parameters
    ----------
    game : PirateGame
    depth : int or None
        Levels of reasons kept below each decision.
    renderer : str or None
        The Graphviz engine of the two pictures above the explorer (who
        knows which promise, and the prediction DAG of the play); ``None``
        leaves them out.  Without Graphviz a note says they are missing.

    Examples
    --------
    >>> from epistemic.models.pirates import promise
    >>> game = PirateGame(5, 3, [promise(5, 2, [1, 1, 0, 1], hearers=[3, 4, 5])])
    >>> page = explorer_page(game, depth=3, renderer=None)
    >>> "p5 votes no" in page, "knows p2&#x27;s promise" in page
    (True, True)
    """
    states = _knowledge_states(game)
    shown = states[:MAX_PERSPECTIVES - 1]
    index = {k: i + 1 for i, (k, _) in enumerate(shown)}
    index.setdefault(game.everything, 0)  # the play is the prediction on everything
    # which rounds each perspective embeds, so that links lead only to embedded steps
    counts = [len(game.play().rounds)] + [game.pirates] * len(shown)
    rounds = [_rounds(count) for count in counts]
    embedded = [set(numbers) for numbers, _ in rounds]
    perspectives = [Perspective(name, [_step(game, game.prediction(r, k), k, index, depth, embedded) for r in numbers],
                                note)
                    for (k, name), (numbers, note) in zip([(None, "the play: each pirate on what he knows"), *shown],
                                                          rounds)]
    notes = []
    if len(states) > len(shown):
        more = len(states) - len(shown)
        notes.append(f"{counted(more, 'more knowledge state')} {noun(more, 'is', 'are')} not embedded "
                     f"(at most {MAX_PERSPECTIVES} perspectives)")
    promises = sorted(game.announcements, key=lambda a: promise_in(a).maker)  # p2 before p10, as ranked
    intro = [f"{game.pirates:,} pirates share {coins_text(game.coins)}; "
             + (f"{counted(len(promises), 'promise')} made:" if promises else "no promises.")]
    intro += [f"· {promise_text(a)}" for a in promises[:_PROMISES_LISTED]]
    if len(promises) > _PROMISES_LISTED:
        intro.append(f"· and {counted(len(promises) - _PROMISES_LISTED, 'more promise')}")
    intro.append("Click a decision to unfold its reasons; choose the knowledge a prediction is made on; "
                 "step through the rounds with the buttons or the arrow keys.")
    pictures: list[tuple[str, str]] = []
    if renderer is not None:
        try:
            # both are bounded however large the game: the table counts the rows it leaves out, the DAG summarizes
            drawn = [("Who knows which promise (a picture)", knowledge_picture(game)),
                     ("The prediction DAG of the play (a picture)", prediction_dag_picture(game))]
            pictures = [(caption, inline_svg(picture.pipe("svg", renderer))) for caption, picture in drawn]
        except RendererMissing as missing:
            pictures, notes = [], [*notes, f"the pictures are left out: {missing}"]
        except PictureError as refused:
            pictures, notes = [], [*notes, f"the pictures are left out: {refused}"]
    return explorer_html(f"Why the pirates play as they do ({game.pirates:,} pirates, {coins_text(game.coins)})",
                         perspectives, intro=intro, notes=notes, pictures=pictures)


def voter_rows_note(rows: int) -> str | None:
    """The note of a step that embeds :data:`MAX_VOTER_ROWS` of its ``rows`` of voters, if it leaves some out.

    >>> voter_rows_note(MAX_VOTER_ROWS + 1)
    'and 1 more row of voters, not embedded'
    """
    return f"and {counted(rows - MAX_VOTER_ROWS, 'more row')} of voters, not embedded" if rows > MAX_VOTER_ROWS else None


def _knowledge_states(game: PirateGame) -> list[tuple[Knowledge, str]]:
    """Every knowledge the play's predictions are made on, and its name: the
    pirates' own knowledge groups first (least informed first), then what
    they believe others know, fewest promises first."""
    named: dict[Knowledge, str] = {}
    for group in game.knowledge_groups():
        named[group.knowledge] = f"{names_text(group.members)}: {group_label(group.knowledge)}"
    roots = [game.solver.key(r.number, game.everything) for r in game.play().rounds]
    others = {k for _, k in game.solver.dag.reachable(roots)} - set(named)
    for k in sorted(others, key=lambda k: (len(k), sorted(promise_in(a).maker for a in k.announcements))):
        named[k] = f"as believed: {group_label(k)}"
    return list(named.items())


def _rounds(count: int) -> tuple[list[int], str | None]:
    """The rounds embedded of ``count``, and a note on those left out."""
    if count <= FIRST_ROUNDS + LAST_ROUNDS:
        return list(range(1, count + 1)), None
    return ([*range(1, FIRST_ROUNDS + 1), *range(count - LAST_ROUNDS + 1, count + 1)],
            rounds_left_out(FIRST_ROUNDS + 1, count - LAST_ROUNDS))


def _step(game: PirateGame, p: Prediction, knowledge: Knowledge | None, index: dict[Knowledge, int],
          depth: int | None, embedded: list[set[int]]) -> Step:
    r, proposer = p.round, f"p{p.round}"
    own = p if p.source is not OfferSource.PROPOSER else game.prediction(r, p.proposer_knowledge)
    how = _SOURCES.get(own.source, "")
    if p.source is OfferSource.PROPOSER:
        how = f"as he predicts it, since he {group_label(p.proposer_knowledge)}"
    end = "accepted" if p.accepted else f"rejected: {proposer} is thrown overboard"
    lines = [f"{proposer} offers {division_text(p.offer)} ({how}).",
             f"{p.yes} yes, {p.needed} needed: {end}.", f"Outcome: {division_text(p.outcome)}."]
    decisions = [Decision(f"why {proposer} offers {division_text(p.offer)}", why_offer(game, r, knowledge, depth=depth))]
    rows: dict[tuple, list[int]] = {}
    views = p.voter_views()
    for v in range(r + 1, p.pirates + 1):
        view = views[v]
        offered, expected = p.offer.share(v), view.outcome.payoff(v)  # as p.expectation(v) and p.vote(v)
        rows.setdefault((offered, expected, p.rules.accepts(offered, expected), view.knowledge), []).append(v)
    for (offered, expected, yes, _), ranks in list(rows.items())[:MAX_VOTER_ROWS]:
        label = (f"{Names(ranks).verb('vote')} {'yes' if yes else 'no'}: offered {offered}, "
                 f"{'expects' if len(ranks) == 1 else 'expect'} {expected_text(expected)}")
        decisions.append(Decision(label, why_vote(game, ranks[0], r, knowledge, depth=depth)))
    if knowledge is None and not p.accepted:
        decisions.append(Decision(f"why {proposer} is thrown overboard", why_overboard(game, r, depth=depth)))
    else:
        decisions.append(Decision("why the round ends so", why_outcome(game, r, knowledge, depth=depth)))
    note = voter_rows_note(len(rows))
    links = []
    if p.source is OfferSource.PROPOSER and r in embedded[index.get(p.proposer_knowledge, 0)]:
        links.append(Link(f"{proposer}'s own prediction of round {r}", index.get(p.proposer_knowledge, 0), r))
    seen: dict[Knowledge, list[int]] = {}
    for view in p.views:
        seen.setdefault(view.knowledge, []).extend(view.members())
    for k, ranks in seen.items():
        if k in index and r + 1 in embedded[index[k]]:
            links.append(Link(f"{names_text(ranks)}'s prediction of round {r + 1}", index[k], r + 1))
    title = f"round {r}: {proposer} offers, {'accepted' if p.accepted else 'rejected'}"
    return Step(r, title, lines, decisions, links, note=note)
