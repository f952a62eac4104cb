"""Iterating a map to its fixed point, with its diagnostics."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from epistemic import EpistemicError
from epistemic.fixedpoint import iterate


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
