"""The pirate game's sweep experiment: Stewart's survivors cell by cell (seed 000,
/work/shared/seeds/000_6991159a1be5ca88.txt), its invariants, and a sweep of it."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from epistemic.experiments import ResultStore, SpecError, find_experiment, read_spec, run_sweep, spec_from_text
from epistemic.models.pirates import DOOMED_PROPOSERS, INDIFFERENT, MAJORITIES, Rules, surviving_crews
from epistemic.models.pirates.experiments import EXPERIMENTS, MAX_PIRATES, stewart_left, survivors

SPECS = Path(__file__).resolve().parent.parent / "docs" / "examples" / "experiments"
SWITCHES = dict(zip(("majority", "proposer_votes", "indifferent", "doomed_proposer"),
                    (MAJORITIES, (True, False), INDIFFERENT, DOOMED_PROPOSERS)))
VARIANTS = [dict(zip(SWITCHES, values)) for values in itertools.product(*SWITCHES.values())]


def is_power_of_two(k: int) -> bool:
    return k > 0 and k & (k - 1) == 0


# Seed 000, quoting Stewart (1999) for 100 coins: "The pirates who avoid this fate [of being thrown
# overboard] are [...] pirates whose number equals 200 plus a power of 2"; between 2M + 2^k and
# 2M + 2^(k+1) the first proposers are thrown until 2M + 2^k are left.
@pytest.mark.parametrize("pirates", [150, 200, 201, 202, 203, 204, 205, 207, 208, 209, 215, 216, 217, 263, 264, 300])
def test_stewart_hundred_coins(pirates):
    cell = survivors(pirates, 100)
    assert cell["survives"] == (pirates <= 200 or is_power_of_two(pirates - 200))
    left = pirates if pirates <= 200 else 200 + 2 ** ((pirates - 200).bit_length() - 1)
    assert (cell["left"], cell["thrown"]) == (left, pirates - left)
    assert cell["stewart"] == cell["survives"] and cell["stewart_left"] == cell["left"]
    if pirates > 200:  # beyond 2M pirates the proposer who passes keeps nothing
        assert cell["keeps"] == 0


def test_table_1_three_coins():
    # seed 000, Table 1 (3 coins): the proposer's share, on the diagonal, for 1 to 6 pirates
    assert [survivors(n, 3)["keeps"] for n in range(1, 7)] == [3, 3, 2, 2, 1, 1]
    assert all(survivors(n, 3)["survives"] for n in range(1, 7))


def test_the_other_rules_move_stewarts_pattern():
    # docs/pirates.md, "How Stewart's 2M + 2^k moves" (closed forms for M >= 6): beyond 2M a strict
    # majority saves 2M - 1 + 2^k, strict and abstaining together 2M - 2 + 2^k, an abstaining
    # proposer what a strict majority does, and peaceful pirates everyone; here M = 10
    alive = {name: [n for n in range(21, 100) if survivors(n, 10, **rules)["survives"]]
             for name, rules in [("strict", {"majority": "strict"}), ("abstains", {"proposer_votes": False}),
                                 ("both", {"majority": "strict", "proposer_votes": False}),
                                 ("peaceful", {"indifferent": "yes"})]}
    assert alive == {"strict": [21, 23, 27, 35, 51, 83], "abstains": [21, 23, 27, 35, 51, 83],
                     "both": [22, 26, 34, 50, 82], "peaceful": list(range(21, 100))}


@given(st.integers(1, 60), st.integers(1, 25), st.sampled_from(VARIANTS))
@settings(max_examples=60, deadline=None)
def test_a_cell_is_the_game_surviving_crews_solves(pirates, coins, rules):
    # surviving_crews reads every crew off one solver of the largest, the cell solves its own crew
    cell = survivors(pirates, coins, **rules)
    assert cell["survives"] == (pirates in surviving_crews(pirates + 5, coins, Rules(**rules)))
    assert cell["thrown"] + cell["left"] == pirates and cell["survives"] == (cell["thrown"] == 0)
    assert 0 <= cell["keeps"] <= coins
    assert cell["stewart"] == (cell["stewart_left"] == pirates)
    if rules["indifferent"] == "yes":   # a peaceful pirate never throws a proposer over
        assert cell["survives"]


@given(st.integers(1, 200), st.integers(1, 40), st.sampled_from(DOOMED_PROPOSERS))
@settings(max_examples=40, deadline=None)
def test_under_the_seeds_rules_stewart_is_right(pirates, coins, doomed):
    # seed 000: "Stewart [1999] is right by saying that only with 2M plus a power of two pirates,
    # the highest ranked pirate survives", whatever a doomed proposer offers
    cell = survivors(pirates, coins, doomed_proposer=doomed)
    assert (cell["survives"], cell["left"]) == (cell["stewart"], cell["stewart_left"])


@pytest.mark.parametrize("pirates, coins, left", [(1, 1, 1), (2, 1, 2), (3, 1, 3), (4, 1, 4), (5, 1, 4),
                                                  (7, 1, 6), (2 ** 20 + 7, 3, 2 ** 20 + 6)])
def test_stewart_left(pirates, coins, left):
    assert stewart_left(pirates, coins) == left


def test_the_parameters_are_bounded():
    experiment = EXPERIMENTS[0]   # survivors
    with pytest.raises(SpecError, match="pirates must be from 1 to 1000000"):
        experiment.checked({"pirates": MAX_PIRATES + 1, "coins": 1})
    with pytest.raises(SpecError, match="coins must be from 1 to 1000"):
        experiment.checked({"pirates": 3, "coins": 1001})
    with pytest.raises(SpecError, match="majority must be one of half, strict"):
        experiment.checked({"pirates": 3, "coins": 1, "majority": "most"})
    assert experiment.checked({"pirates": 3, "coins": 1}) == {
        "pirates": 3, "coins": 1, "majority": "half", "proposer_votes": True, "indifferent": "no",
        "doomed_proposer": "buys"}


def _swept(tmp_path, experiment, grid: str):
    """The spec of ``grid`` (TOML lines) for ``experiment``, run in this process: ``(spec, report, rows)``."""
    spec = spec_from_text(f'model = "pirates"\nexperiment = "{experiment.name}"\n[grid]\n{grid}', experiment)
    with ResultStore(str(tmp_path / "r.db"), writer=True) as store:
        report = run_sweep(spec, store, in_process=True)
        rows = list(store.rows("pirates", experiment.name))
    return spec, report, rows


def test_a_sweep_stores_the_functions_records(tmp_path):
    experiment = EXPERIMENTS[0]   # survivors
    spec, report, rows = _swept(tmp_path, experiment, 'pirates = [5, 6, 7, 8]\ncoins = 1\nmajority = ["half", "strict"]\n')
    assert (report.done, report.failed) == (8, 0)
    assert {r.cell: r.results for r in rows} == {c.key: survivors(**c.arguments()) for c in spec.cells()}
    # seed rules, one coin: 2M + 2^k is 3, 4, 6, 10, ... (5 and 7 drown)
    assert {r.parameters["pirates"]: r.results["survives"] for r in rows
            if r.parameters["majority"] == "half"} == {5: False, 6: True, 7: False, 8: False}


def test_the_shipped_spec_covers_every_variant():
    spec = read_spec(str(SPECS / "pirates-survivors.toml"), find_experiment)
    grid = dict(spec.grid)
    assert {name: set(grid[name]) for name in SWITCHES} == {name: set(values) for name, values in SWITCHES.items()}
    assert spec.size == 16 * len(grid["pirates"]) * len(grid["coins"])


def test_the_odds_map_runs_as_a_sweep(tmp_path):
    """The shipped spec's cells (docs/experiments.md, "Pirates: where belief and odds part"), a few
    of them: three pirates and three coins part above the odds 1/3 with death worth a coin."""
    experiment = EXPERIMENTS[1]
    assert experiment.name == "odds"
    _, report, rows = _swept(tmp_path, experiment, 'pirates = 3\ncoins = 3\nodds = ["1/4", "1/3", "2/5"]\n'
                                                    'death_value = -1.0\n')
    assert (report.done, report.failed) == (3, 0)
    assert {r.parameters["odds"]: r.results["parts"] for r in rows} == {"1/4": False, "1/3": False, "2/5": True}
    with pytest.raises(SpecError, match="death_value must be"):
        experiment.checked({"pirates": 3, "coins": 3, "odds": "1/2", "death_value": 1.0})
