"""Piglet for OpenSpiel: ``pyspiel.load_game("epistemic_piglet(players=3,goal=10)")``
(see :class:`~epistemic.models.pig.tree.PigletTree`)."""

from __future__ import annotations

from epistemic.spiel_games import SpielGame

from .tree import MAX_PLAYERS, PigletTree

__all__ = ["OPENSPIEL", "first_wins_in_openspiel_pig"]

OPENSPIEL = SpielGame("epistemic_piglet", "Piglet for any number of players (epistemic)", PigletTree,
                      {"players": 2, "goal": 10, "horizon": 1000},
                      players=(2, MAX_PLAYERS), perfect_information=True, stochastic=True, utility="zero_sum")


def first_wins_in_openspiel_pig(games: int, seed: int = 2004, goal: int = 100) -> int:
    """How often the first player wins when our optimal two-player policy plays both seats of
    OpenSpiel's own ``pig`` (goal ``goal``, a six-sided die) for ``games`` games.

    OpenSpiel plays the game: it applies the rolls and the moves, ends the game and says who
    won.  The policy keeps the score as a player at the table does, from the rolls and its own
    moves, and holds where our solution holds; at the end of every game its tally must be the
    score OpenSpiel shows (``Scores: a b``), or :class:`AssertionError` is raised.  Reading
    OpenSpiel's state at every move instead costs a quarter more.  The dice are rolled from
    ``seed``.
    """
    import numpy as np

    from epistemic.openspiel import pyspiel_module

    from .pairs import solve
    from .rules import pig

    pyspiel = pyspiel_module()
    holds = solve(pig(goal)).holds.tolist()
    game = pyspiel.load_game("pig", {"winscore": goal})
    rng = np.random.default_rng(seed)
    chance, terminal = pyspiel.PlayerId.CHANCE, pyspiel.PlayerId.TERMINAL
    wins = 0
    for _ in range(games):
        state = game.new_initial_state()
        rolls = iter(rng.integers(0, 6, size=2000).tolist())   # more than any game rolls
        scores, total = [0, 0], 0
        mover = state.current_player()
        while mover != terminal:
            if mover == chance:
                face = next(rolls)   # OpenSpiel's outcome i is the face i + 1; a 1 busts
                state.apply_action(face)
                total = 0 if face == 0 else total + face + 1
            else:
                mine = scores[mover]
                holding = mine + total >= goal or holds[mine][scores[1 - mover]][total]
                state.apply_action(1 if holding else 0)
                if holding:
                    scores[mover], total = mine + total, 0
            mover = state.current_player()
        shown = str(state).split("\n", 1)[0]
        assert shown.startswith(f"Scores: {scores[0]} {scores[1]},"), (shown, scores)
        wins += state.returns()[0] > 0
    return wins
