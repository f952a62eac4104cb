"""The size CUDD's table of computed results starts at: CUDD's own for a structure of few
variables, :data:`~epistemic.symbolic.bdds.LARGE_TABLE` entries from
:data:`~epistemic.symbolic.bdds.LARGE` variables on, and
:data:`~epistemic.symbolic.bdds.HUGE_TABLE` from :data:`~epistemic.symbolic.bdds.HUGE` on (``benchmarks/symbolic_table.py`` measures
the sizes on the puzzles)."""

from __future__ import annotations

import warnings

from epistemic.symbolic.bdds import HUGE, HUGE_TABLE, LARGE, LARGE_TABLE, Manager

#: CUDD's own starting size (``CUDD_CACHE_SLOTS``), as dd starts it.
CUDD_START = 2**18


def _table_size(manager: Manager) -> int:
    with warnings.catch_warnings():   # dd says its statistics now give memory in bytes, which is not read here
        warnings.simplefilter("ignore", UserWarning)
        return manager.bdd.statistics()["cache_size"]


def test_a_manager_starts_its_table_by_the_variables_it_expects():
    sizes = {expected: _table_size(Manager(expected)) for expected in (0, LARGE - 1, LARGE, HUGE - 1, HUGE)}
    assert sizes == {0: CUDD_START, LARGE - 1: CUDD_START, LARGE: LARGE_TABLE, HUGE - 1: LARGE_TABLE,
                     HUGE: HUGE_TABLE}
    assert CUDD_START < LARGE_TABLE < HUGE_TABLE
