"""Three-player Piglet's sweep experiments (seed 004, /work/shared/seeds/004_df5fff68fc07d17b.txt:
Bonnet, Neller and Viennot 2018): the published gains, chances to win from them, Figure 5's curves
one p at a time, and a sweep of each."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from epistemic.experiments import ResultStore, SpecError, find_experiment, read_spec, run_sweep, spec_from_text
from epistemic.models.pig.experiments import (EXPERIMENTS, LEAST_P, MAX_CELL_GOAL, VARIANTS, figure5_crossing,
                                              piglet_three, three_pig_dynamics, win_probability)
from epistemic.models.pig.three import PigletError, Rewards
from epistemic.models.pig.three_variants import FIGURE_5_GOALS, gains_by_head_probability

SPECS = Path(__file__).resolve().parent.parent / "docs" / "examples" / "experiments"
PIGLET, FIGURE5, DYNAMICS = EXPERIMENTS


def test_goal_one_wins_by_hand():
    # goal 1, everyone holds at 1: a round ends with the first head, so with q = 1 - p the mover
    # wins with p / (1 - q^3), the next with q p / (1 - q^3), the last with q^2 p / (1 - q^3):
    # at p = 1/2, 4/7, 2/7, 1/7 (tests/test_pig_three.py, test_goal_one_gains_exactly)
    for p in (0.5, 0.2, 0.9):
        q = 1 - p
        by_hand = [q ** k * p / (1 - q ** 3) for k in range(3)]
        cell = piglet_three(1, p)
        assert [cell[f"win_{k}"] for k in (1, 2, 3)] == pytest.approx(by_hand, abs=1e-12)
        assert (cell["hold_1"], cell["hold_2"], cell["hold_3"], cell["equilibria"]) == (1, 1, 1, 1)


def test_the_conversion_is_exact_under_one_winner():
    # 1W2L (seed: "The winning player gets a +2 reward and each loser gets a -1 reward"):
    # gain = 2 P - (1 - P), so P = (gain + 1) / 3
    assert win_probability(Fraction(5, 7)) == Fraction(4, 7)
    assert win_probability(Fraction(-4, 7)) == Fraction(1, 7)
    assert win_probability(2) == 1 and win_probability(-1) == 0 and win_probability(None) is None
    assert win_probability(Fraction(3, 4), Rewards.one_winner(4, 0)) == Fraction(3, 16)
    with pytest.raises(PigletError, match="only under one-winner rewards"):
        win_probability(0.5, Rewards.full_ranking(3, 1, 2))


def test_figure_3_gains():
    # seed, Figure 3 (p = 1/2): goal 2's gains (0.297, -0.027, -0.27), as expected_gains gives them;
    # player 2's dip from goal 3 to goal 4 (docs/pig-three.md: -0.0059 to -0.0077); player order
    two, three, four = (piglet_three(goal, 0.5) for goal in (2, 3, 4))
    assert [round(two[f"gain_{k}"], 3) for k in (1, 2, 3)] == [0.297, -0.027, -0.27]
    assert round(three["gain_2"], 4) == -0.0059 and round(four["gain_2"], 4) == -0.0077
    for cell in (two, three, four):
        assert cell["gain_1"] > cell["gain_2"] > cell["gain_3"]
        assert cell["win_1"] > cell["win_2"] > cell["win_3"]


def test_the_equilibria_within_the_goal_are_counted():
    # tests/test_pig_three.py: at p = 1/2 within goal 5 the six orders of (2, 3, 5) have two equilibria
    # of equal gains, so the start's gains are unique; at p = 0.33 (2, 7, 6) and its rotations have none,
    # and 364 states within goal 10 are left without gains, the start among them
    five = piglet_three(5, 0.5)
    assert (five["states"], five["several"], five["none"], five["differing"], five["unique"]) == (125, 6, 0, 0, True)
    gap = piglet_three(10, 0.33)
    assert (gap["none"], gap["unique"], gap["equilibria"], gap["gain_1"], gap["win_1"]) == (364, False, 0, None, None)
    assert gap["hold_1"] is None
    # Figure 5's gap at 0.29: equilibria of different gains, the start's gain one of several
    assert piglet_three(10, 0.29)["differing"] > 0 and not piglet_three(10, 0.29)["unique"]


@given(st.integers(1, 6), st.floats(LEAST_P, 1.0))
@settings(max_examples=40, deadline=None)
def test_chances_to_win_are_a_distribution(goal, p):
    cell = piglet_three(goal, p)
    wins = [cell[f"win_{k}"] for k in (1, 2, 3)]
    if cell["gain_1"] is None:   # a state with no pure equilibrium: nothing to convert
        assert wins == [None] * 3 and cell["none"] > 0
        return
    assert all(-1e-9 <= w <= 1 + 1e-9 for w in wins) and sum(wins) == pytest.approx(1, abs=1e-9)
    assert [cell[f"gain_{k}"] for k in (1, 2, 3)] == pytest.approx([3 * w - 1 for w in wins], abs=1e-12)
    assert cell["equilibria"] >= 1 and cell["several"] + cell["none"] <= cell["states"] == goal ** 3
    assert cell["unique"] == (cell["differing"] == 0 and cell["none"] == 0)


def test_figure_5_at_one_p_is_the_models_curves():
    # seed, Figure 5: "for a goal score G = 10 ... Player 1's expected gain is higher when p = 0.45 than
    # when p = 0.5"; docs/pig-three.md: 0.0712 and 0.0707
    low, half = figure5_crossing(0.45), figure5_crossing(0.5)
    assert round(low["gain_goal_10"], 4) == 0.0712 and round(half["gain_goal_10"], 4) == 0.0707
    curves = dict(gains_by_head_probability([0.45], FIGURE_5_GOALS))
    for goal in FIGURE_5_GOALS:
        [(_, gain, unique)] = curves[goal]
        assert (low[f"gain_goal_{goal}"], low[f"unique_goal_{goal}"]) == (gain, unique)
    assert low["gap_5_10"] == low["gain_goal_5"] - low["gain_goal_10"]
    assert half["closest_pair"] == "3-5" and half["closest"] == half["gap_3_5"] and half["ordered"]


def test_figure_5_marks_an_undetermined_gain():
    # docs/pig-three.md: at p = 0.33 goal 10 has no pure equilibrium at (2, 7, 6): the order is unknown
    cell = figure5_crossing(0.33)
    assert cell["gain_goal_10"] is None and cell["gap_5_10"] is None and cell["ordered"] is None
    assert cell["closest_pair"] == "3-5"


def test_at_p_one_every_curve_meets():
    # a coin that always shows heads: player 1 reaches any goal on his first turn and wins (+2)
    cell = figure5_crossing(1.0)
    assert [cell[f"gain_goal_{g}"] for g in FIGURE_5_GOALS] == [2.0] * 4
    assert cell["closest"] == 0 and cell["ordered"] is False


def test_the_parameters_are_bounded():
    with pytest.raises(SpecError, match=f"goal must be from 1 to {MAX_CELL_GOAL}"):
        PIGLET.checked({"goal": MAX_CELL_GOAL + 1, "p": 0.5})
    with pytest.raises(SpecError, match="p must be from 0.001 to 1.0"):
        FIGURE5.checked({"p": 0.0})
    with pytest.raises(SpecError, match="p must be from 0.001 to 1.0"):
        PIGLET.checked({"goal": 1, "p": 1.5})


def test_sweeps_store_the_functions_records(tmp_path):
    texts = {PIGLET: 'model = "pig"\nexperiment = "piglet_three"\n[grid]\ngoal = [1, 3]\np = [0.3, 0.5]\n',
             FIGURE5: 'model = "pig"\nexperiment = "figure5_crossing"\n[grid]\np = {from = 0.49, to = 0.5, '
                      'step = 0.005}\n'}
    functions = {PIGLET: piglet_three, FIGURE5: figure5_crossing}
    with ResultStore(str(tmp_path / "r.db"), writer=True) as store:
        for experiment, text in texts.items():
            spec = spec_from_text(text, experiment)
            report = run_sweep(spec, store, in_process=True)
            assert (report.done, report.failed) == (spec.size, 0)
            rows = {r.cell: r.results for r in store.rows("pig", experiment.name)}
            assert rows == {c.key: functions[experiment](**c.arguments()) for c in spec.cells()}
            assert len(rows) == (4 if experiment is PIGLET else 3)


@pytest.mark.parametrize("name", ["piglet-three", "pig-figure5"])
def test_the_shipped_specs_read(name):
    spec = read_spec(str(SPECS / f"{name}.toml"), find_experiment)
    assert spec.model == "pig" and 50 <= spec.size <= 500


def test_the_shipped_dynamics_specs_run_the_seeds_goal_and_variations():
    # seed 004, "Three-Player Pig": goal 62; in-place updates, separate policies, randomized updates,
    # regret minimization, and gamma = 0.9
    runs = read_spec(str(SPECS / "pig-three-dynamics.toml"), find_experiment)
    discounted = read_spec(str(SPECS / "pig-three-discount.toml"), find_experiment)
    assert {c.parameters["variant"] for c in runs.cells()} == {"in_place", "separate", "randomized", "regret"}
    assert {(c.parameters["goal"], c.parameters["discount"]) for c in runs.cells()} == {(62, 1.0)}
    assert {(c.parameters["goal"], c.parameters["discount"]) for c in discounted.cells()} == {(62, 0.9)}


def test_a_dynamics_cell_reports_the_cycle_and_what_flips():
    # docs/pig-three-pig.md: with a 3-sided die to 14 value iteration flips (0, 0, 0) at turn total 5
    # with period 2; with separate policies updated in place each player's policy flips it
    cell = three_pig_dynamics(14, "jacobi", 0, sides=3)
    assert (cell["converged"], cell["period"], cell["cycle_decisions"], cell["flipping_states"]) == (False, 2, 1, 1)
    assert cell["flippers"] == "(0, 0, 0) k 5 x5" and cell["complete"]
    assert cell["win_1"] > cell["win_2"] > cell["win_3"]
    # one state at a time, as the paper's in-place run: to 15 the decision that flips is (1, 1, 1) at 5,
    # a state no game reaches (nobody ever has 1 point), from sweep 46 (all at once, from sweep 64)
    cell = three_pig_dynamics(15, "by_state", 0, sides=3)
    assert (cell["period"], cell["cycle_from"], cell["flippers"]) == (2, 46, "(1, 1, 1) k 5 x5")
    # separate policies updated in place settle a small game sooner than one policy swept at once
    jacobi, separate = (three_pig_dynamics(8, variant, 0, sides=3) for variant in ("jacobi", "separate"))
    assert jacobi["converged"] and separate["converged"] and (jacobi["sweeps"], separate["sweeps"]) == (93, 63)
    assert separate["win_1"] == pytest.approx(jacobi["win_1"], abs=1e-12)
    # to 7 (not less) some decisions change once while the run settles: none of them is a flipper
    settled = three_pig_dynamics(7, "randomized", 4, sides=3, discount=0.9)
    assert settled["converged"] and settled["period"] is None and settled["flippers"] == ""
    # a discount of 0.9 a step leaves a good share of the chances to nobody, even to 7
    assert settled["win_1"] + settled["win_2"] + settled["win_3"] < 0.9
    assert set(VARIANTS) == set(DYNAMICS.parameter("variant").choices)


def test_a_dynamics_cell_refuses_bad_values_before_any_work():
    with pytest.raises(SpecError, match="variant must be one of jacobi, in_place, by_state, separate, randomized, regret"):
        DYNAMICS.checked({"goal": 20, "variant": "random"})
    with pytest.raises(SpecError, match="discount must be from 0.01 to 1.0"):
        DYNAMICS.checked({"goal": 20, "variant": "regret", "discount": 1.1})
    with pytest.raises(SpecError, match="goal must be from 2 to 66"):
        DYNAMICS.checked({"goal": 67, "variant": "regret"})


def test_the_summary_cuts_long_text_and_the_csv_keeps_it(tmp_path, capsys):
    # the decisions regret matching leaves mixed after 20 sweeps are more than a table cell shows
    from epistemic.cli.main import main

    spec = tmp_path / "spec.toml"
    spec.write_text('model = "pig"\nexperiment = "three_pig_dynamics"\n[grid]\ngoal = 14\nsides = 3\n'
                    'variant = ["jacobi", "regret"]\nmax_sweeps = 20\n')
    db = str(tmp_path / "r.db")
    assert main(["experiment", "run", str(spec), "--db", db, "--in-process"]) == 0
    capsys.readouterr()
    assert main(["experiment", "show", db]) == 0
    shown = capsys.readouterr().out.splitlines()
    whole = "(0, 4, 0) k 7 q 0.5000; (1, 3, 0) k 7 q 0.5012; (0, 0, 4) k 8 q 0.5066;"
    assert any(line.split()[0] == "regret" and whole[:37] + "..." in line for line in shown)
    assert any(line.split()[0] == "jacobi" and "..." not in line for line in shown)
    assert shown[-1] == "  text longer than 40 characters is cut short here (whole: --csv FILE)"
    assert max(map(len, shown)) < 330
    assert main(["experiment", "show", db, "--csv", "-"]) == 0
    assert whole in capsys.readouterr().out
