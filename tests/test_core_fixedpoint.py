"""Iterating a map to its fixed point, with its diagnostics."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from epistemic import EpistemicError
from epistemic.fixedpoint import Cycle, iterate


@given(st.floats(0.05, 0.95), st.floats(-5, 5))
def test_a_contraction_reaches_its_fixed_point(rate, target):
    found = iterate(lambda x: target + rate * (x - target), np.array([0.0, 10.0]), tolerance=1e-12)
    assert found.converged
    assert np.allclose(found.value, target, atol=1e-9)
    assert found.changes[-1] <= 1e-12 < found.changes[0]
    assert found.sweeps == len(found.changes)


def test_changes_are_the_largest_of_each_sweep():
    found = iterate(lambda x: x / 2, np.array([8.0, -2.0]), tolerance=0.5)
    assert found.changes == (4.0, 2.0, 1.0, 0.5) and found.converged
    assert found.value.tolist() == [0.5, -0.125]


def test_a_map_that_never_settles_stops_at_the_limit():
    found = iterate(lambda x: -x, np.array([1.0]), tolerance=1e-9, max_sweeps=7)
    assert not found.converged and found.sweeps == 7 and found.value.tolist() == [-1.0]


def test_the_tolerance_must_be_positive():
    with pytest.raises(EpistemicError, match="the tolerance must be positive, got 0"):
        iterate(lambda x: x, np.array([1.0]), tolerance=0)


# --- cycle detection ------------------------------------------------------------------
def _flip(x):
    low = x < 0.5
    return np.where(low, 1.0, 0.0), low


def test_a_two_state_flip_is_reported_as_a_cycle():
    found = iterate(_flip, np.array([0.0, 1.0]), tolerance=1e-9, policies=True)
    assert not found.converged
    assert found.cycle == Cycle(period=2, first=1, flips=((0,), (1,)))
    assert found.policy_changes[1:] == (2, 2, 2, 2, 2)  # four sweeps to suspect, two to confirm
    assert found.changes == (1.0,) * 6


def test_only_the_state_that_flips_is_named():
    def step(x):
        low = x < 0.5
        return np.array([1.0 - x[0], 0.25]), low

    found = iterate(step, np.array([0.0, 0.25]), tolerance=1e-9, policies=True)
    assert found.cycle is not None and found.cycle.flips == ((0,),)


def test_an_alternating_policy_with_shrinking_changes_is_no_cycle():
    """The decision flips every sweep, but the values settle: that is convergence, not an orbit."""
    found = iterate(lambda x: (-x / 2, x > 0), np.array([1.0]), tolerance=1e-6, policies=True)
    assert found.converged and found.cycle is None
    assert set(found.policy_changes[1:]) == {1}


def test_a_period_three_orbit():
    def step(x):
        phase = int(np.argmax(x))
        following = np.roll(x, 1)
        return following, np.arange(3) == phase

    found = iterate(step, np.array([1.0, 0.0, 0.0]), tolerance=1e-9, policies=True)
    assert found.cycle is not None and found.cycle.period == 3
    assert found.cycle.flips == ((0,), (1,), (2,))


def test_a_slow_contraction_under_one_policy_is_no_cycle():
    """The same policy every sweep and changes shrinking by only 1/2000 a sweep: slow, but settling."""
    found = iterate(lambda x: (0.9995 * x, x > 0), np.array([1.0]), tolerance=4e-4, policies=True)
    assert found.converged and found.cycle is None
    assert found.policy_changes[0] == 1 and set(found.policy_changes[1:]) == {0}


def test_without_policies_the_step_returns_the_estimate_alone():
    found = iterate(lambda x: x / 2, np.array([1.0]), tolerance=0.1)
    assert found.policy is None and found.policy_changes == () and found.cycle is None


def test_a_passing_pattern_of_policies_is_no_cycle():
    """The policy alternates for four sweeps with changes that do not shrink, then stays put
    while the values go on moving: suspected at sweep 4, not confirmed by sweep 6, and the
    iteration goes on to converge."""
    def step(x):
        t = x[0]
        return np.array([min(t + 1, 8.0)]), np.array([t < 4 and t % 2 == 0])

    found = iterate(step, np.array([0.0]), tolerance=0.5, policies=True)
    assert found.converged and found.cycle is None and found.sweeps == 9


def _scripted(policies, changes):
    """A step that plays a script: at sweep ``t`` (from 0) the decisions ``policies[t]`` (a
    string of 0s and 1s) and a change of ``changes[t]``; the sweep is counted in ``x[1]``."""
    def step(x):
        t = round(x[1] * 1e9)
        policy = np.array([c == "1" for c in policies[min(t, len(policies) - 1)]])
        return np.array([x[0] + changes[min(t, len(changes) - 1)], x[1] + 1e-9]), policy
    return step


def test_an_orbit_that_is_left_is_no_cycle():
    """A, B, A, B, then C for good while the changes halve: suspected, then not confirmed."""
    step = _scripted(["10", "01", "10", "01"] + ["11"] * 40, [1, 1, 1, 1] + [0.5 ** n for n in range(1, 41)])
    found = iterate(step, np.zeros(2), tolerance=1e-6, policies=True)
    assert found.converged and found.cycle is None


def test_after_a_passing_pattern_the_windows_stay_aligned():
    """A rejected suspicion, then a period-3 sequence whose changes halve every sweep: the
    policies repeat, but the values settle, so it is no cycle."""
    policies = ["10", "01", "10", "01", "11"] + ["00", "01", "10"] * 12
    changes = [1, 1, 1, 1, 1] + [0.5 ** n for n in range(1, 37)]
    found = iterate(_scripted(policies, changes), np.zeros(2), tolerance=1e-9, policies=True)
    assert found.cycle is None and found.converged


def test_a_cycle_names_where_the_policies_began_to_go_round():
    policies = ["11", "11", "00"] + ["10", "01"] * 10
    found = iterate(_scripted(policies, [1.0] * 30), np.zeros(2), tolerance=1e-9, policies=True)
    assert found.cycle == Cycle(period=2, first=4, flips=((0,), (1,)))
    assert found.sweeps == 3 + 6


def test_an_orbit_whose_policies_stay_put_for_some_sweeps():
    """Value iteration's orbits can keep one policy for several sweeps before the next flip
    (three-player Pig to 25 with a 4-sided die goes round every 15 sweeps): a policy's last
    sighting is then the sweep before, and the period is found from where its runs began."""
    pattern = ["10", "10", "01", "01", "01", "11"]
    found = iterate(_scripted(pattern * 10, [1.0] * 60), np.zeros(2), tolerance=1e-9, policies=True)
    assert found.cycle is not None and found.cycle.period == 6
    assert found.cycle.flips == ((0,), (1,))


def test_a_policy_met_twice_a_period_does_not_hide_it():
    """A, B, A, C, B, C, ...: every policy begins two runs a period, so the nearest earlier run
    of each suggests 2, 3 or 4 sweeps, none of which repeats; an earlier one gives the period, 6."""
    pattern = ["10", "01", "10", "11", "01", "11"]
    found = iterate(_scripted(pattern * 10, [1.0] * 60), np.zeros(2), tolerance=1e-9, policies=True)
    assert found.cycle is not None and found.cycle.period == 6 and found.cycle.flips == ((0,), (1,))
