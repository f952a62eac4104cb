"""The play with learning in the browser: one HTML page, a step per round.

Each step shows what every living pirate believes as the round begins, the
offer and the votes, what the votes ruled out, and the picture that
``--draw-kripke`` draws of that round (the worlds the votes removed
greyed in their places, the most plausible ones filled).  The offer, each
group of alike votes and the round's end unfold into their reasons, the
answers of ``--why``.

A model too large to lay out in a page is not drawn, and a note says so;
the pictures stop at :data:`PICTURE_BYTES`.
"""

from __future__ import annotations

from epistemic.visualize import PictureError, RendererMissing, round_pictures
from epistemic.visualize.explorer import Decision, Perspective, Step, explorer_html, inline_svgs
from epistemic.wording import counted, noun

from .browser import MAX_VOTER_ROWS, voter_rows_note
from .game import PirateGame
from .learning import LearnedPlay, LearnedRound
from .learning_report import belief_lines, learned_lines, learned_why, offer_how, planned_passes
from .pictures import learning_drawing_options, learning_rounds, promise_text
from .predict import OfferSource
from .wording import Names, coins_text, division_text, expected_text, names_text

__all__ = ["learning_explorer_page", "PAGE_WORLDS", "PICTURE_BYTES"]

#: The most worlds a page draws: a larger model takes long to lay out and is hard to read in a page.
PAGE_WORLDS = 64
#: The most bytes of pictures one page embeds; later rounds go undrawn beyond them.
PICTURE_BYTES = 1_500_000

_SOURCES = {OfferSource.PROMISE: "as he promised", OfferSource.ALONE: "the last pirate takes all"}


def learning_explorer_page(game: PirateGame, play: LearnedPlay, depth: int | None = 6,
                           renderer: str | None = "auto") -> str:
    """The HTML page of ``play``, a game of ``game`` played with learning.

    Parameters
    ----------
    game, play : the game and its play (:func:`~epistemic.models.pirates.learning.learn`).
    depth : int or None
        Levels of reasons kept below each decision.
    renderer : str or None
        The Graphviz engine of the pictures of the rounds; ``None`` leaves
        them out.  Without Graphviz a note says they are missing.

    Examples
    --------
    >>> from epistemic.models.pirates import promise
    >>> from epistemic.models.pirates.learning import learn
    >>> game = PirateGame(5, 4, [promise(5, 4, [2, 2], hearers=[5])])
    >>> page = learning_explorer_page(game, learn(game), depth=3, renderer=None)
    >>> page.count('<article class="step"'), "p5 votes no: offered 1, expects 2" in page
    (3, True)
    """
    notes: list[str] = []
    pictures: list[str | None] = [None] * len(play.models)
    worlds = len(play.models[0])
    if renderer is not None:
        if worlds > PAGE_WORLDS:
            notes.append(f"the pirates start from {worlds:,} worlds, too many to draw in the page "
                         f"(the limit is {PAGE_WORLDS}; --draw-kripke draws up to 200)")
        else:
            try:
                pictures = _pictures(game, play, renderer)
            except (RendererMissing, PictureError) as err:
                notes.append(f"the rounds are not drawn: {err}")
            drawn = sum(p is not None for p in pictures)
            if drawn < len(pictures):
                left = len(pictures) - drawn
                notes.append(f"{left:,} of the {len(pictures):,} pictures {noun(left, 'is', 'are')} left out, to keep the "
                             f"page small (at most {PICTURE_BYTES:,} bytes of pictures)")
    steps = [_step(game, play, rnd, pictures[rnd.round - 1], depth) for rnd in play.rounds]
    dead = play.deaths
    steps.append(Step(len(play.rounds) + 1, "after the play",
                      [f"Outcome: {division_text(play.outcome)}; thrown overboard: "
                       f"{names_text(dead) if dead else 'nobody'}."], picture=pictures[-1]))
    level = f"level {play.level} of anticipation" if play.level else "naive learners (level 0)"
    intro = [f"{game.pirates:,} pirates share {coins_text(game.coins)}; they learn from the public votes which "
             f"promises were made ({level}); {counted(worlds, 'world of promises', 'worlds of promises')} at the start."]
    intro += [f"· {promise_text(a)}" for a in sorted(game.announcements, key=str)[:12]]
    if play.settling is not None:
        intro.append(f"Anticipation fixpoint: {play.settling.text()}.")
    plain = game.play()
    intro.append(f"Without learning: {division_text(plain.outcome)}; thrown overboard: "
                 f"{names_text(plain.deaths) if plain.deaths else 'nobody'}.")
    intro.append("Click a decision to unfold its reasons; step through the rounds with the buttons or the arrow keys.")
    return explorer_html(f"Pirates who learn from the votes ({game.pirates:,} pirates, {coins_text(game.coins)})",
                         [Perspective(f"the play with learning, {level}", steps)], intro=intro, notes=notes)


def _pictures(game: PirateGame, play: LearnedPlay, renderer: str) -> list[str | None]:
    """The SVG of each round's model, in order until :data:`PICTURE_BYTES` are used."""
    drawn = round_pictures(learning_rounds(game, play), renderer=renderer, **learning_drawing_options(play))
    return inline_svgs(drawn, renderer, PICTURE_BYTES)


def _step(game: PirateGame, play: LearnedPlay, rnd: LearnedRound, picture: str | None, depth: int | None) -> Step:
    r, proposer = rnd.round, f"p{rnd.round}"
    how = _SOURCES.get(rnd.source) or offer_how(game, rnd, planned_passes(play, rnd), len(rnd.proposer_worlds))
    end = "accepted" if rnd.accepted else f"rejected: {proposer} is thrown overboard"
    lines = ["As the round begins:", *belief_lines(play, r),
             f"{proposer} offers {division_text(rnd.offer)} ({how}).", f"{rnd.yes} yes, {rnd.needed} needed: {end}.",
             *learned_lines(rnd)]
    decisions = [Decision(f"why {proposer} offers {division_text(rnd.offer)}",
                          learned_why(game, play, f"offer round {r}", depth=depth))]
    rows: dict[tuple, list[int]] = {}
    for vote in rnd.votes:
        if vote.rank != r:
            rows.setdefault((vote.offered, vote.expects, vote.yes, vote.believes), []).append(vote.rank)
    for (offered, expects, yes, _), ranks in list(rows.items())[:MAX_VOTER_ROWS]:
        expected = " or ".join(expected_text(e) for e in expects)
        label = (f"{Names(ranks).verb('vote')} {'yes' if yes else 'no'}: offered {offered}, "
                 f"{'expects' if len(ranks) == 1 else 'expect'} {expected}")
        decisions.append(Decision(label, learned_why(game, play, f"p{ranks[0]} vote round {r}", depth=depth)))
    if rnd.accepted:
        decisions.append(Decision("why the round ends so", learned_why(game, play, f"outcome round {r}", depth=depth)))
    else:
        decisions.append(Decision(f"why {proposer} is thrown overboard",
                                  learned_why(game, play, f"{proposer} overboard", depth=depth)))
    note = voter_rows_note(len(rows))
    title = f"round {r}: {proposer} offers, {'accepted' if rnd.accepted else 'rejected'}"
    return Step(r, title, lines, decisions, picture=picture, note=note)
