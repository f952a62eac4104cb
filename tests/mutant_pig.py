"""Deliberate breaks (mutants) of Piglet and Pig (models/pig), each with the tests that must catch it.

Part of the table in ``tests/mutant_table.py``, which ``python tests/mutants.py`` runs.
"""

from __future__ import annotations

from mutant import Mutant

__all__ = ["PIG_MUTANTS"]

RULES = "models/pig/rules.py"
LAYERS = "models/pig/layers.py"
ITERATION = "models/pig/iteration.py"
THREE = "models/pig/three.py"
ORBITS = "models/pig/three_orbits.py"
THREE_PIG = "models/pig/three_pig.py"
VARIANTS = "models/pig/three_variants.py"
FIGURES = "models/pig/figures.py"
CLI = "models/pig/cli.py"
CLI_THREE_PIG = "models/pig/cli_three_pig.py"
EXPERIMENTS = "models/pig/experiments.py"
SOLVE = "tests/test_pig_solve.py::"
THREE_TESTS = "tests/test_pig_three.py::"
THREE_PIG_TESTS = "tests/test_pig_three_pig.py::"
ORBIT_TESTS = "tests/test_pig_three_orbits.py::"
EXPERIMENT_TESTS = "tests/test_pig_experiments.py::"
CLI_TESTS = "tests/test_pig_cli.py::"

PIG_MUTANTS: tuple[Mutant, ...] = (
    # rules.py ---------------------------------------------------------------------------------
    Mutant(RULES,
           'return f"Pig to {self.goal} with a {len(self.outcomes) + 1}-sided die (a 1 busts)"',
           'return f"Pig to {self.goal} with a {len(self.outcomes)}-sided die (a 1 busts)"',
           "Pig's description counts the faces that add points, not the die's sides",
           (THREE_PIG_TESTS + "test_the_memory_limit_is_checked_before_the_work",)),
    # layers.py: two players, layer by layer ---------------------------------------------------
    Mutant(LAYERS,
           "values.append((a + b - b * a2 - b * b2) / (1 - b * b2))",
           "values.append((a + b - b * a2) / (1 - b * b2))",
           "the 2x2 system of a turn start and its partner drops a term",
           (SOLVE + "test_pig_to_2_closed_form", SOLVE + "test_layers_agree_with_value_iteration")),
    Mutant(LAYERS,
           "return [1 - u[1 - s if seats == 2 else s][::-1] for s in range(seats)]",
           "return [1 - u[1 - s if seats == 2 else s] for s in range(seats)]",
           "a mover weighs a bust by the rival's chance at the wrong pair of scores",
           (SOLVE + "test_neller_piglet_hold_tables",)),
    Mutant(LAYERS,
           "return np.broadcast_to(k >= total, (goal, goal, goal))",
           "return np.broadcast_to(k > total, (goal, goal, goal))",
           "'hold at N' holds one step late",
           ("tests/test_pig_cli.py::test_pig_reports_hold_at_and_the_table",
            SOLVE + "test_a_hold_rule_loses_to_optimal_play_and_its_self_play_agrees_with_iteration")),
    # iteration.py: two-player value iteration, the reference --------------------------------
    Mutant(ITERATION,
           "y = 1 - values.T.ravel()  # after a bust the rival starts at the reversed pair",
           "y = 1 - values.ravel()",
           "value iteration hands a bust to the mover's own scores, not the reversed pair",
           (SOLVE + "test_layers_agree_with_value_iteration",)),
    # three.py: three-player Piglet ------------------------------------------------------------
    Mutant(THREE,
           "mask = _best(e[0], 0, exact) & _best(e[1], 1, exact) & _best(e[2], 2, exact)",
           "mask = _best(e[0], 0, exact) & _best(e[1], 1, exact)",
           "an equilibrium of hold values ignores the last player's best reply",
           (THREE_TESTS + "test_every_state_agrees_with_an_independent_brute_force",)),
    Mutant(THREE,
           "after = (np.array([(g[2], g[0], g[1]) for g in solved[0]], dtype=dtype),",
           "after = (np.array([(g[1], g[2], g[0]) for g in solved[0]], dtype=dtype),",
           "after the mover holds, the next state's seats are rotated the wrong way",
           (THREE_TESTS + "test_goal_one_gains_exactly",)),
    Mutant(THREE,
           "near, far = (first, last) if state[first] < state[last] else (last, first)",
           "near, far = (first, last) if state[first] > state[last] else (last, first)",
           "a full ranking pays the farther loser as the nearer",
           (THREE_TESTS + "test_full_ranking_rewards_pay_the_nearer_loser_more",)),
    Mutant(THREE,
           "return [s for s in self.states(goal) if len(s.equilibria) != 1]",
           "return [s for s in self.states(goal) if len(s.equilibria) > 1]",
           "the report of several equilibria leaves out the states with none",
           (THREE_TESTS + "test_the_goal_ten_gap_at_033_is_a_state_without_a_pure_equilibrium",)),
    # three_variants.py: the coalition and the biased coin ------------------------------------
    Mutant(VARIANTS,
           "unique = all(len(s.distinct_gains) == 1 for s in game.states(goal))",
           "unique = all(len(s.distinct_gains) <= 1 for s in game.states(goal))",
           "Figure 5 draws on through a state with no pure equilibrium",
           (THREE_TESTS + "test_the_goal_ten_gap_at_033_is_a_state_without_a_pure_equilibrium",)),
    Mutant(VARIANTS,
           "alpha = int(np.argmax(low))   # first of the best: numpy's argmax takes the first",
           "alpha = int(np.argmin(low))",
           "player 1 plays his worst hold value against the coalition",
           (THREE_TESTS + "test_coalition_agrees_with_an_independent_saddle_point",)),
    # figures.py -------------------------------------------------------------------------------
    Mutant(FIGURES,
           "[(p, gain if unique else None) for p, gain, unique in rows]",
           "[(p, gain) for p, gain, unique in rows]",
           "Figure 5 draws through the gaps, where the equilibria's gains differ",
           ("tests/test_pig_figures.py::test_figure_5_breaks_where_the_equilibria_differ_and_dips_at_goal_10",)),
    # three_pig.py: three-player value iteration ----------------------------------------------
    Mutant(THREE_PIG,
           "return vectors[..., [2, 0, 1]]",
           "return vectors[..., [1, 2, 0]]",
           "the next mover's chances are rotated into the wrong seats",
           (THREE_PIG_TESTS + "test_a_goal_within_one_step_is_a_race_of_first_steps",)),
    Mutant(THREE_PIG,
           "    if work <= MAX_STATE_SWEEPS:\n        return",
           "    if work < MAX_STATE_SWEEPS:\n        return",
           "a run of exactly the allowed state-sweeps is refused",
           (THREE_PIG_TESTS + "test_states_times_sweeps_are_checked_before_the_work",)),
    Mutant(THREE_PIG,
           "    sweeps = MAX_STATE_SWEEPS // rules.goal ** 4\n",
           "    sweeps = MAX_STATE_SWEEPS // rules.goal ** 3\n",
           "the refusal offers more sweeps than fit",
           (THREE_PIG_TESTS + "test_states_times_sweeps_are_checked_before_the_work",
            CLI_TESTS + "test_three_player_value_iteration_refuses_more_work_than_the_limit")),
    # three_orbits.py: three-player Pig orbit by orbit ----------------------------------------
    Mutant(ORBITS,
           "states[:, 2] * goal * goal + states[:, 0] * goal + states[:, 1]]",
           "states[:, 2] * goal * goal + states[:, 1] * goal + states[:, 0]]",
           "an orbit is a state with its reflection, not its rotations",
           (ORBIT_TESTS + "test_the_orbits_of_a_sum_cover_its_states_once",)),
    # the command line -------------------------------------------------------------------------
    Mutant(CLI_THREE_PIG,
           "progress=None if show is None else lambda done: show(done, sweeps))",
           "progress=None if show is None else show)",
           "value iteration's progress leaves out the sweep limit",
           (CLI_TESTS + "test_three_player_value_iteration_shows_each_sweep",)),
    Mutant(CLI,
           'PIGLET = Command("Piglet, the coin game: optimal play for two, equilibria of hold values for three",',
           'PIGLET = Command("two-player Piglet, the coin game: optimal play and the first player\'s chance",',
           "the command list calls piglet two-player although it solves three players",
           (CLI_TESTS + "test_the_command_list_offers_piglet_for_two_and_for_three",)),
    # experiments.py: three-player Piglet as a sweep's cells ------------------------------------
    Mutant(EXPERIMENTS,
           "    return None if gain is None else (gain - lose) / (win - lose)",
           "    return None if gain is None else (gain - lose) / win",
           "a chance to win is read off the gain as if a loser got nothing",
           (EXPERIMENT_TESTS + "test_goal_one_wins_by_hand",
            EXPERIMENT_TESTS + "test_the_conversion_is_exact_under_one_winner")),
    Mutant(EXPERIMENTS,
           "    if rewards.continues or rewards.tie_winner != win or not rewards.third == rewards.tie_loser == lose:",
           "    if rewards.continues:",
           "a chance to win is read off the gain under rewards that rank the losers",
           (EXPERIMENT_TESTS + "test_the_conversion_is_exact_under_one_winner",)),
    Mutant(EXPERIMENTS,
           "    record.update(states=len(states), several=sum(len(s.equilibria) > 1 for s in states),",
           "    record.update(states=len(states), several=sum(len(s.equilibria) >= 1 for s in states),",
           "the piglet_three experiment counts every state with an equilibrium as having several",
           (EXPERIMENT_TESTS + "test_the_equilibria_within_the_goal_are_counted",)),
    Mutant(EXPERIMENTS,
           "                  unique=all(len(s.distinct_gains) == 1 for s in states))",
           "                  unique=all(len(s.distinct_gains) <= 1 for s in states))",
           "the piglet_three experiment calls a start resting on a state without equilibrium unique",
           (EXPERIMENT_TESTS + "test_the_equilibria_within_the_goal_are_counted",)),
    Mutant(EXPERIMENTS,
           '        gaps[f"{upper}-{lower}"] = record[f"gap_{upper}_{lower}"] = gain[upper] - gain[lower] if known else None',
           '        gaps[f"{upper}-{lower}"] = record[f"gap_{upper}_{lower}"] = gain[lower] - gain[upper] if known else None',
           "Figure 5's gaps are taken the wrong way round: every curve seems to cross",
           (EXPERIMENT_TESTS + "test_figure_5_at_one_p_is_the_models_curves",)),
    Mutant(EXPERIMENTS,
           "    ordered = all(gap > 0 for gap in measured.values()) if len(measured) == len(gaps) else None",
           "    ordered = all(gap > 0 for gap in measured.values()) if len(measured) == len(gaps) else False",
           "an undetermined gain of Figure 5 reads as curves out of order",
           (EXPERIMENT_TESTS + "test_figure_5_marks_an_undetermined_gain",)),
    Mutant(EXPERIMENTS,
           "                          high=MAX_CELL_GOAL), _P)),",
           "                          ), _P)),",
           "a sweep may ask piglet_three for any goal, however long it takes",
           (EXPERIMENT_TESTS + "test_the_parameters_are_bounded",)),
)
