"""Three-player Pig by value iteration: fixed points, invariants, an independent solver, cycles.

The seed is /work/shared/seeds/004_df5fff68fc07d17b.txt (Bonnet, Neller and
Viennot 2018), section "Three-Player Pig".  Its goal-62 cycle takes two
minutes to reach and is measured by ``benchmarks/pig_three_pig.py``, not here.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from epistemic import EpistemicError
from epistemic.models.pig import PigError, pig, piglet
from epistemic.models.pig import three as three_piglet
from epistemic.models.pig import three_pig
from epistemic.models.pig.rules import Jeopardy
from epistemic.models.pig.three_pig import MAX_STATE_SWEEPS, SWEEPS, memory_needed, sweep, value_iteration
from pig_equations import seed_equations


@pytest.fixture(scope="module")
def pig10():
    return value_iteration(pig(10))


@pytest.mark.parametrize("rules, holds_somewhere", [(pig(9), False), (pig(9, sides=2), True), (piglet(5), True),
                                                     (piglet(6, p="1/3"), True)], ids=str)
def test_the_converged_values_solve_the_seeds_equations(rules, holds_somewhere):
    found = value_iteration(rules)
    assert found.converged and found.cycle is None
    value = seed_equations(rules, found.value)
    goal = rules.goal
    holding = 0
    for i in range(goal):
        for j1 in range(goal):
            for j2 in range(goal):
                assert np.allclose(value(i, j1, j2, 0)[0], found.value[i, j1, j2], atol=1e-10)
                for k in range(1, goal - i):
                    _, holds, margin = value(i, j1, j2, k)
                    # Piglet has exact ties (several equilibria, seed "Playing with a biased coin")
                    assert holds == found.policy[i, j1, j2, k] or margin < 1e-9
                    holding += holds
    # at small goals a 6-sided die never holds: one turn reaches the goal often enough
    assert (holding > 0) == holds_somewhere


def test_one_more_sweep_changes_nothing(pig10):
    again, holds = sweep(pig(10), pig10.value)
    assert np.array_equal(holds, pig10.policy)
    assert np.max(np.abs(again - pig10.value)) <= 1e-12
    assert pig10.policy_changes[-1] == 0


def test_updating_in_place_reaches_the_same_fixed_point():
    rules = piglet(6)
    jacobi, seidel = value_iteration(rules), value_iteration(rules, in_place=True)
    assert seidel.converged and np.array_equal(jacobi.policy, seidel.policy)
    assert np.max(np.abs(jacobi.value - seidel.value)) < 1e-10
    # holding reads the layers above, already updated in place: the sweeps differ on the way
    assert jacobi.changes != seidel.changes


@settings(max_examples=12, deadline=None)
@given(goal=st.integers(1, 9), sides=st.integers(2, 7), in_place=st.booleans())
def test_the_three_chances_sum_to_one_everywhere(goal, sides, in_place):
    found = value_iteration(pig(goal, sides), in_place=in_place)
    assert found.converged
    assert np.allclose(found.value.sum(axis=-1), 1, atol=1e-11)
    assert (found.value >= -1e-15).all()


@pytest.mark.parametrize("goal", [1, 2, 3, 4, 5])
def test_piglet_agrees_with_the_equilibria_found_hold_value_by_hold_value(goal):
    """The three-player Piglet solver (``three.py``) finds a pure Nash equilibrium of hold values
    from the seed's Markov-chain equation (3), in exact fractions, with rewards +2 / -1 (1W2L):
    a win chance ``w`` is the gain ``3 w - 1``.  Value iteration reaches the same values."""
    found = value_iteration(piglet(goal))
    solved = three_piglet.solve(goal)
    for i in range(goal):
        for j1 in range(goal):
            for j2 in range(goal):
                gains = solved[goal - i, goal - j1, goal - j2].gains
                chances = [float((Fraction(g) + 1) / 3) for g in gains]
                assert np.allclose(chances, found.value[i, j1, j2], atol=1e-11)


@pytest.mark.parametrize("sides", [2, 6])
def test_a_goal_within_one_step_is_a_race_of_first_steps(sides):
    """With goal 1 every step that adds points wins: the mover wins with ``q``, else the next
    player with ``q``, ...: ``q (1, b, b^2) / (1 - b^3)`` with ``b`` the bust chance, the
    three-player form of the two-player solver's ``q / (1 - b^2)``."""
    from epistemic.models.pig import solve

    found = value_iteration(pig(1, sides))
    b = Fraction(1, sides)
    expected = [float((1 - b) * b ** n / (1 - b ** 3)) for n in range(3)]
    assert np.allclose(found.value[0, 0, 0], expected, atol=1e-12)
    two = solve(pig(1, sides), exact=True).win_probability
    assert two == (1 - b) / (1 - b ** 2)


# --- the sweep limit ------------------------------------------------------------------
def test_the_sweep_limit_stops_without_a_verdict():
    found = value_iteration(pig(8), max_sweeps=3)
    assert found.sweeps == 3 and not found.converged and found.cycle is None


# --- bad input ------------------------------------------------------------------------
@pytest.mark.parametrize("call, message", [
    (lambda: value_iteration("pig"), "needs a jeopardy game"),
    (lambda: value_iteration(pig(5), tolerance=0), "tolerance must be positive"),
    (lambda: value_iteration(pig(5), max_sweeps=0), "number of sweeps"),
    (lambda: value_iteration(pig(5), max_sweeps=True), "number of sweeps"),
])
def test_bad_input_is_one_line_naming_the_fault(call, message):
    with pytest.raises(PigError, match=message) as error:
        call()
    assert isinstance(error.value, EpistemicError) and "\n" not in str(error.value)


def test_the_memory_limit_is_checked_before_the_work(monkeypatch):
    assert memory_needed(pig(62)) < 2 ** 30 < memory_needed(Jeopardy(200, ((2, Fraction(1, 2)),)))
    monkeypatch.setattr(three_pig, "MAX_BYTES", memory_needed(pig(6)) - 1)
    assert value_iteration(pig(5)).converged
    with pytest.raises(PigError, match=r"three-player Pig to 6 with a 6-sided die \(a 1 busts\) needs about .* GiB"):
        value_iteration(pig(6))


class Swept(Exception):
    """Raised by a sweep that stands in for the real one: the work was let through."""


@pytest.fixture
def no_sweeping(monkeypatch):
    def stand_in(*args, **kwargs):
        raise Swept
    monkeypatch.setattr(three_pig, "sweep", stand_in)


@pytest.mark.parametrize("goal, sweeps, fit, fitting_goal", [(67, SWEEPS, 496, 66), (134, SWEEPS, 31, 66),
                                                             (62, 700, 676, 61), (8, 10 ** 7, 2_441_406, 5),
                                                             (101, SWEEPS, 96, 66)])
def test_states_times_sweeps_are_checked_before_the_work(no_sweeping, goal, sweeps, fit, fitting_goal):
    """The seed's states (i, j1, j2, k), goal ** 4 of them, times the sweep limit: the refusal comes
    before any sweep, and what it says fits does fit, one more does not.  Goal 100 at 100 sweeps is
    exactly the limit, and is let through."""
    message = (f"more than the {MAX_STATE_SWEEPS:,} allowed; at goal {goal} at most {fit:,} sweeps fit, "
               f"or with {sweeps:,} sweeps, goals up to {fitting_goal}")
    with pytest.raises(PigError, match=message) as error:
        value_iteration(pig(goal), max_sweeps=sweeps)
    assert "\n" not in str(error.value)
    for rules, let_through in ((pig(goal), fit), (pig(fitting_goal), sweeps), (piglet(fitting_goal), sweeps)):
        with pytest.raises(Swept):
            value_iteration(rules, max_sweeps=let_through)
    with pytest.raises(PigError, match="state-sweeps"):
        value_iteration(pig(goal), max_sweeps=fit + 1)
    with pytest.raises(PigError, match="state-sweeps"):
        value_iteration(piglet(fitting_goal + 1), max_sweeps=sweeps)
    if goal == 101:
        assert pig(100).goal ** 4 * 100 == MAX_STATE_SWEEPS
        with pytest.raises(Swept):
            value_iteration(pig(100), max_sweeps=100)


def test_the_default_sweep_limit_fits_the_seeds_goal_62(no_sweeping):
    """Seed, "Three-Player Pig": goal 62 is the first goal that cycles; it runs with the default limit."""
    with pytest.raises(Swept):
        value_iteration(pig(62))
    with pytest.raises(PigError, match="at goal 100 at most 100 sweeps fit"):
        value_iteration(pig(100))
