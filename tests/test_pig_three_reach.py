"""Three-player Pig's reachable states, and the equilibrium checked on them.

The seed is /work/shared/seeds/004_df5fff68fc07d17b.txt (Bonnet, Neller and
Viennot 2018), section "Three-Player Pig": value iteration cycles at goal 62
between the states (0, 1, 30) and (30, 0, 1), and the authors "conjecture
that a mixed Nash equilibrium exists for 3-player Pig with a goal score of
62".  The orbit solver finds no pure equilibrium in that orbit, but each of
its states has a player on a score of 1, which no game reaches: a hold banks
at least 2.  On every state a game reaches, the policy is pure and an
equilibrium.
"""

from __future__ import annotations

import functools
import itertools
from collections import deque
from fractions import Fraction

import attrs
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from epistemic import EpistemicError
from epistemic.models.pig import PigError, pig, piglet
from epistemic.models.pig.rules import Jeopardy
from epistemic.models.pig.three_orbits import SETTLED, solve
from epistemic.models.pig.three_reach import check_reachable, reachable
from pig_equations import rotate, turn_under
from cli_runs import run


@functools.cache
def _solved(rules):
    return solve(rules)


def _every_play(rules):
    """The turn starts and decisions that some play reaches, by a search over the states
    ``(i, j1, j2, k)`` themselves, one at a time: every outcome of every roll, every choice."""
    goal = rules.goal
    seen = {(0, 0, 0, 0)}
    queue = deque(seen)
    while queue:
        i, j1, j2, k = queue.popleft()
        following = [(j1, j2, i, 0)]  # a bust
        if k >= 1:
            following.append((j1, j2, i + k, 0))  # a hold
        following += [(i, j1, j2, k + gain) for gain, _ in rules.outcomes if i + k + gain < goal]  # else a win
        for state in following:
            if state not in seen:
                seen.add(state)
                queue.append(state)
    return {s[:3] for s in seen}, {s for s in seen if s[3] >= 1}


def _found_decisions(reach):
    goal = reach.rules.goal
    return {(i, int(j1), int(j2), int(k)) for i in range(goal) for j1, j2, k in np.argwhere(reach.decisions(i))}


@settings(max_examples=15, deadline=None)
@given(goal=st.integers(1, 11), gains=st.sets(st.integers(1, 7), min_size=1, max_size=3))
def test_the_forward_search_reaches_what_some_play_reaches(goal, gains):
    rules = Jeopardy(goal, tuple((g, Fraction(1, len(gains) + 1)) for g in sorted(gains)))
    reach = reachable(rules)
    starts, decisions = _every_play(rules)
    assert {tuple(int(v) for v in s) for s in np.argwhere(reach.starts)} == starts
    assert _found_decisions(reach) == decisions
    assert reach.decision_count == len(decisions)


@pytest.mark.parametrize("rules, never", [(pig(62), (1,)), (pig(26, 4), (1,)), (pig(15, 3), (1,)),
                                          (piglet(9), ()), (Jeopardy(9, ((3, Fraction(1, 2)),)), (1, 2, 4, 5, 7, 8))],
                         ids=str)
def test_a_score_no_hold_banks_is_never_reached(rules, never):
    """In Pig a step adds 2 to 6, so a hold banks at least 2 and nobody ever has 1 point."""
    reach = reachable(rules)
    scores = [s for s in range(rules.goal) if reach.starts[s].any()]
    assert tuple(sorted(set(range(rules.goal)) - set(scores))) == never
    assert reach.starts[0, 0, 0] and all(reach.starts[a, b, c] for a, b, c in itertools.product(scores, repeat=3))


def _gains_written_out(rules, found, check_states):
    """The most a mover gains by deviating once, and how many reached decisions mix, from the
    seed's equations in plain Python (tests/pig_equations.py) at each of ``check_states``."""
    mixing = {flip: q for o in found.mixed for flip, q in zip(o.flips, o.holds)}
    reach = reachable(rules)
    gain, mixed = 0.0, 0
    for state in check_states:
        i = state[0]
        holds = {k: float(found.holds[state + (k,)]) for k in range(1, rules.goal - i)}
        holds.update({flip[3]: q for flip, q in mixing.items() if flip[:3] == state})
        _, margins = turn_under(rules, found.value, state, holds, rotate(found.value[state[1], state[2], i]))
        for k, margin in margins.items():
            if reach.totals[k]:
                q = holds[k]
                mixed += 0 < q < 1
                gain = max(gain, (1 - q) * margin, -q * margin)
    return gain, mixed


@pytest.mark.parametrize("rules, mixed", [(pig(26, 4), 0), (pig(25, 4), 2), (pig(14, 3), 1)], ids=str)
def test_the_check_agrees_with_the_seeds_equations_written_out(rules, mixed):
    """A 4-sided die to 26 has one orbit without a pure equilibrium, (1, 3, 8), never reached; at
    25 it is (0, 2, 7), reached, and its two movers mix there; with a 3-sided die to 14, the start
    (0, 0, 0) itself mixes."""
    found = _solved(rules)
    check = check_reachable(found)
    reach = reachable(rules)
    # a quarter of the reached turn starts, written out, and every state of the orbits that mix
    orbits = {state for o in found.mixed for state in o.states}
    states = [state for state in (tuple(int(v) for v in s) for s in np.argwhere(reach.starts))
              if sum(state) % 4 == 0 or state in orbits]
    gain, counted = _gains_written_out(rules, found, states)
    assert check.mixed == counted == mixed and check.pure == (mixed == 0)
    assert gain <= check.gain + 1e-15 and check.gain < 1e-13
    assert check.residual < 1e-14 and check.equilibrium
    unreached = {flip for o in found.mixed for flip in o.flips} if not mixed else set()
    assert set(check.unreached_mixed) == unreached


def test_a_decision_changed_where_play_goes_is_caught_and_one_where_it_does_not_is_not():
    rules = pig(26, 4)
    found = _solved(rules)
    # (0, 0, 0) at 2: the first player holds at 2, a reached decision, now worse than rolling on
    holds = found.holds.copy()
    assert not holds[0, 0, 0, 2]
    holds[0, 0, 0, 2] = True
    changed = check_reachable(attrs.evolve(found, holds=holds))
    assert not changed.equilibrium and changed.gain > 0.01 and changed.residual > 0.01
    # a player on 1, or a turn total of 1, is never reached: changing what is played there changes nothing
    holds = found.holds.copy()
    holds[1, :, :, 2:] = ~holds[1, :, :, 2:]
    holds[:, :, :, 1] = ~holds[:, :, :, 1]
    assert check_reachable(attrs.evolve(found, holds=holds)) == check_reachable(found)


# --- goal 62 ---------------------------------------------------------------------------------
def test_goal_62_is_a_pure_equilibrium_wherever_play_goes():
    """docs/pig-three-pig.md, "Goal 62": from the start the players win with chances 0.375621,
    0.331023 and 0.293356.  The one orbit without a pure equilibrium, that of (0, 1, 30), has a
    player on 1 in each of its states, so no game reaches it; on the 6,589,891 decisions a game
    reaches, the policy is pure and no player gains by deviating once.  The seed's conjectured need
    for mixing, and its cycle, live only in states no game reaches."""
    found = _solved(pig(62))
    assert [round(float(x), 6) for x in found.value[0, 0, 0]] == [0.375621, 0.331023, 0.293356]
    [orbit] = found.mixed
    assert orbit.states == ((0, 1, 30), (1, 30, 0), (30, 0, 1))
    assert orbit.flips == ((0, 1, 30, 28), (30, 0, 1, 14))
    check = check_reachable(found)
    assert (check.starts, check.all_starts, check.decisions, check.all_decisions) == (226_981, 62 ** 3, 6_589_891,
                                                                                      7_269_004)
    assert check.unreached_scores == (1,) and check.unreached_mixed == orbit.flips
    assert check.pure and check.equilibrium and check.gain <= SETTLED and check.residual < 1e-14


# --- the command line, and bad input ---------------------------------------------------------
def test_the_command_reports_the_check(capsys):
    code, out, _ = run(capsys, "pig", "--players", "3", "--goal", "26", "--sides", "4", "--reachable")
    assert code == 0
    assert ("Reachable from the start, whatever is rolled and chosen: 15,625 of the 17,576 turn starts (i, j1, j2), "
            "173,125 of the 219,700 decisions (i, j1, j2, k); no player ever has a score of 1.") in out
    assert "the policy is pure" in out and out.rstrip().endswith(
        "Mixed only where no play goes: (1, 3, 8) at 11, (8, 1, 3) at 9.")
    code, out, _ = run(capsys, "pig", "--players", "3", "--goal", "25", "--sides", "4", "--reachable")
    assert "the policy mixes at 2 decisions" in out and "an equilibrium, subgame perfect from the start" in out
    assert "Mixed only" not in out


def test_bad_input_is_a_clear_error(capsys):
    with pytest.raises(PigError, match="a jeopardy game") as error:
        reachable("pig")
    assert isinstance(error.value, EpistemicError)
    with pytest.raises(PigError, match="a solution of three_orbits.solve"):
        check_reachable(pig(5))
    code, _, err = run(capsys, "pig", "--players", "3", "--goal", "14", "--method", "value-iteration", "--reachable")
    assert code == 2 and err.strip().endswith("--reachable checks the equilibrium found orbit by orbit: not with "
                                              "--method value-iteration")
    code, _, err = run(capsys, "pig", "--goal", "14", "--reachable")
    assert code == 2 and "--regret and --reachable are for three players" in err
