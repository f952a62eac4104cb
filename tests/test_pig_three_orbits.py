"""Three-player Pig solved orbit by orbit: agreement with value iteration, equilibria checked
state by state in plain Python, and the mixed equilibria where no pure one exists.

The seed is /work/shared/seeds/004_df5fff68fc07d17b.txt (Bonnet, Neller and
Viennot 2018), section "Three-Player Pig": value iteration converges up to
goal 61 and cycles at 62, where the states (0, 1, 30) and (30, 0, 1) keep
changing; the authors "conjecture that a mixed Nash equilibrium exists for
3-player Pig with a goal score of 62".  Goal 62 itself takes some 12 s: its
orbit solution is checked once, through the command and its whole output
shown in docs/pig-three-pig.md (tests/test_documented_commands.py).
"""

from __future__ import annotations

import functools
import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from epistemic import EpistemicError
from epistemic.models.pig import PigError, pig
from epistemic.models.pig import three_orbits
from epistemic.models.pig.three_orbits import IN_TURN, MIXED, orbits, solve
from epistemic.models.pig.three_pig import value_iteration
from pig_equations import orbit_values, rotate, seed_equations, turn_under


# Several tests read the same games: each is solved once.  The solutions are only read.
@functools.cache
def _solved(rules):
    return solve(rules)


@functools.cache
def _iterated(rules):
    return value_iteration(rules)


def _orbit(state):
    a, b, c = state
    return ((a, b, c), (b, c, a), (c, a, b))


def _played(found, orbit, search):
    """The hold chances of the orbit's movers in the equilibrium played: the solver's pure
    decisions, and the chances of the flips."""
    goal = found.rules.goal
    holds = {s: {k: 1.0 for k in range(1, goal) if found.holds[s + (k,)]} for s in orbit}
    for (i, j1, j2, k), q in zip(search.flips, search.holds):
        holds[(i, j1, j2)][k] = q
    return holds


# --- where value iteration converges --------------------------------------------------
@pytest.mark.parametrize("rules", [pig(12), pig(13, 3), pig(9, 2), pig(16, 8), pig(16, 2), pig(20, 2)], ids=str)
def test_where_value_iteration_converges_the_layers_find_its_fixed_point(rules):
    layered, iterated = solve(rules), value_iteration(rules)
    assert iterated.converged and layered.searched == ()
    assert np.max(np.abs(layered.value - iterated.value)) < 1e-10
    assert np.array_equal(layered.holds, iterated.policy)


@settings(max_examples=10, deadline=None)
@given(goal=st.integers(1, 11), sides=st.integers(2, 7))
def test_small_games_agree_with_value_iteration(goal, sides):
    """Up to goal 11 every orbit settles at once, value iteration converges, and the two agree,
    decisions included (ties roll on in both)."""
    layered, iterated = solve(pig(goal, sides)), value_iteration(pig(goal, sides))
    assert np.allclose(layered.value.sum(axis=-1), 1, atol=1e-11)
    assert (layered.value >= -1e-14).all() and (layered.value <= 1 + 1e-14).all()
    assert iterated.converged and layered.searched == ()
    assert np.max(np.abs(layered.value - iterated.value)) < 1e-10
    assert np.array_equal(layered.holds, iterated.policy)


@pytest.mark.parametrize("rules", [pig(14, 3), pig(18, 3), pig(22, 3), pig(25, 4)], ids=str)
def test_value_iteration_goes_round_from_an_orbit_whose_replies_go_round(rules):
    """Where value iteration cycles, the highest of its flipping states (by score sum) lies in an
    orbit whose best replies went round; the flips below it follow from that orbit's swings."""
    layered, iterated = _solved(rules), _iterated(rules)
    assert not iterated.converged and iterated.cycle is not None
    top = max(sum(flip[:3]) for flip in iterated.cycle.flips)
    searched = {state for search in layered.searched for state in search.states}
    assert {flip[:3] for flip in iterated.cycle.flips if sum(flip[:3]) == top} <= searched


def test_every_state_solves_the_seeds_equations_where_nobody_mixes():
    """A three-sided die to 22: pure orbits with two equilibria each, and two orbits that mix.
    Every other state's value is its best reply to the values, read off the seed's equations."""
    rules = pig(22, 3)
    found = _solved(rules)
    hows = sorted((o.states[0], o.how, o.pure) for o in found.searched)
    assert hows == [((0, 0, 15), MIXED, 0), ((3, 11, 11), IN_TURN, 2), ((4, 11, 11), IN_TURN, 2),
                    ((8, 8, 8), MIXED, 0)]
    mixing = {s for o in found.mixed for s in o.states}
    value = seed_equations(rules, found.value)
    checked = 0
    for i, j1, j2 in itertools.product(range(22), repeat=3):
        if (i, j1, j2) in mixing:
            continue
        assert np.allclose(value(i, j1, j2, 0)[0], found.value[i, j1, j2], atol=1e-10)
        for k in range(1, 22 - i):
            _, holding, margin = value(i, j1, j2, k)
            if margin > 1e-9:
                assert found.holds[i, j1, j2, k] == holding
                checked += 1
            elif margin < 1e-12:  # a tie rolls on
                assert not found.holds[i, j1, j2, k]
    assert checked > 50_000


# --- where it cycles ----------------------------------------------------------------------
@pytest.fixture(scope="module")
def three_sided_to_14():
    return _solved(pig(14, 3))


def test_a_three_sided_die_to_14_has_no_pure_equilibrium_at_the_start(three_sided_to_14):
    """At (0, 0, 0) the three movers are in one state.  Every one of the 2^12 pure ways to play
    it (the same for all three, as a state's value must be) fails to be a best reply to itself.
    A step adds 2 or 3, so a turn total of 1 is never reached: that decision changes no value,
    and is left to whatever is best."""
    rules, found = pig(14, 3), three_sided_to_14
    start = (0, 0, 0)
    [search] = found.searched
    assert search.states == (start,) * 3 and search.how == MIXED and search.pure == 0
    equilibria = 0
    for chosen in itertools.product((0.0, 1.0), repeat=12):
        holds = dict(zip(range(2, 14), chosen))
        v = orbit_values(rules, found.value, (start,) * 3, {start: holds})[0]
        _, margins = turn_under(rules, found.value, start, holds, rotate(v))
        if all(margins[k] >= -1e-12 if q else margins[k] <= 1e-12 for k, q in holds.items()):
            equilibria += 1
    assert equilibria == 0


def test_the_mixed_equilibrium_makes_the_mover_indifferent(three_sided_to_14):
    rules, found = pig(14, 3), three_sided_to_14
    start = (0, 0, 0)
    [search] = found.searched
    assert search.flips == ((0, 0, 0, 5),) and 0 < search.holds[0] < 1
    holds = _played(found, (start,) * 3, search)
    v = orbit_values(rules, found.value, (start,) * 3, holds)[0]
    assert np.allclose(v, found.value[start], atol=1e-12)
    _, margins = turn_under(rules, found.value, start, holds[start], rotate(v))
    assert abs(margins[5]) < 1e-10
    assert all(margins[k] > 0 if holds[start].get(k) else margins[k] < 0 for k in margins if k != 5)


def test_value_iteration_cycles_on_the_decision_that_mixes(three_sided_to_14):
    iterated = _iterated(pig(14, 3))
    assert not iterated.converged and iterated.cycle is not None
    assert iterated.cycle.flips == three_sided_to_14.searched[0].flips


def test_two_movers_mix_against_each_other():
    """A three-sided die to 22: at (0, 0, 15) and (15, 0, 0) two different movers each hold with
    a chance that leaves the other indifferent, as in the seed's goal-62 orbit."""
    rules = pig(22, 3)
    found = _solved(rules)
    [search] = [o for o in found.mixed if o.states[0] == (0, 0, 15)]
    assert {flip[:3] for flip in search.flips} == {(0, 0, 15), (15, 0, 0)}
    assert all(0 < q < 1 for q in search.holds)
    holds = _played(found, search.states, search)
    values = orbit_values(rules, found.value, search.states, holds)
    for x, state in enumerate(search.states):
        assert np.allclose(values[x], found.value[state], atol=1e-12)
        _, margins = turn_under(rules, found.value, state, holds[state], rotate(values[(x + 1) % 3]))
        for k, margin in margins.items():
            q = holds[state].get(k, 0.0)
            assert (abs(margin) < 1e-10) if 0 < q < 1 else (margin > -1e-12 if q else margin < 1e-12)


# --- orbits and bad input ------------------------------------------------------------------
@given(goal=st.integers(1, 9), data=st.data())
def test_the_orbits_of_a_sum_cover_its_states_once(goal, data):
    total = data.draw(st.integers(0, 3 * goal - 3))
    least = orbits(goal, total)
    covered = [rotation for row in least.tolist() for rotation in set(_orbit(tuple(row)))]
    expected = [s for s in itertools.product(range(goal), repeat=3) if sum(s) == total]
    assert sorted(covered) == sorted(expected)


def test_bad_input_is_a_clear_error():
    with pytest.raises(PigError, match="needs a jeopardy game") as error:
        solve("pig")
    assert isinstance(error.value, EpistemicError)
    with pytest.raises(PigError, match=f"goals up to {three_orbits.MAX_GOAL}"):
        solve(pig(three_orbits.MAX_GOAL + 1))


def test_an_orbit_with_too_many_profiles_is_not_called_pure_free(monkeypatch, capsys):
    """Past MAX_PROFILES the pure equilibria of an orbit are not enumerated: the count is unknown
    (None), and the report says so rather than "no pure equilibrium"."""
    from cli_runs import run
    monkeypatch.setattr(three_orbits, "MAX_PROFILES", 10)
    found = solve(pig(22, 3))
    assert {o.states[0]: o.pure for o in found.searched}[(0, 0, 15)] is None
    code, out, _ = run(capsys, "pig", "--players", "3", "--goal", "22", "--sides", "3")
    assert code == 0
    assert "  (0, 0, 15), (0, 15, 0), (15, 0, 0): pure equilibria not enumerated (more than 10 profiles); a mixed one" in out


def test_another_pure_equilibrium_of_an_orbit_can_be_played():
    """A three-sided die to 22: the orbit of (3, 11, 11) has two pure equilibria.  Playing the
    other one changes that orbit's values and those of the states that hold into it, and each
    state's value is still its best reply by the seed's equations."""
    rules = pig(22, 3)
    played, other = _solved(rules), solve(rules, choose={(3, 11, 11): 1})
    orbit = _orbit((3, 11, 11))
    assert all(np.max(np.abs(played.value[s] - other.value[s])) > 1e-3 for s in orbit)
    value = seed_equations(rules, other.value)
    mixing = {s for o in other.mixed for s in o.states}
    changed = [tuple(int(v) for v in s) for s in np.argwhere(np.abs(played.value - other.value).max(axis=-1) > 1e-12)]
    assert len(changed) > len(orbit)
    for state in changed:
        if state not in mixing:
            assert np.allclose(value(*state, 0)[0], other.value[state], atol=1e-10)
    with pytest.raises(PigError, match=r"the orbit of \(3, 11, 11\) has 2 pure equilibria: there is no equilibrium 2"):
        solve(rules, choose={(3, 11, 11): 2})
