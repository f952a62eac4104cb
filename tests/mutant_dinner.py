"""Deliberate breaks (mutants) of Ethiopian Dinner (models/dinner), each with the tests that must catch it.

Part of the table in ``tests/mutant_table.py``, which ``python tests/mutants.py`` runs.
"""

from __future__ import annotations

from mutant import Mutant

__all__ = ["DINNER_MUTANTS"]

CROSSOUT = "models/dinner/crossout.py"
DINNER = "models/dinner/dinner.py"
GAME = "models/dinner/game.py"
EFFICIENCY = "models/dinner/efficiency.py"
OUTCOMES = "models/dinner/outcomes.py"
THEOREM = "models/dinner/theorem.py"
ALTRUISM = "models/dinner/altruism.py"
CLI = "models/dinner/cli.py"
PICTURES = "models/dinner/pictures.py"
EXPERIMENTS = "models/dinner/experiments.py"

CROSSOUT_TESTS = "tests/test_dinner_crossout.py::"
CLI_TESTS = "tests/test_dinner_cli.py::"
INPUT_TESTS = "tests/test_dinner_inputs.py::"
THEOREM_TESTS = "tests/test_dinner_theorems.py::"
EXPERIMENT_TESTS = "tests/test_dinner_experiments.py::"

DINNER_MUTANTS: tuple[Mutant, ...] = (
    # crossout.py ------------------------------------------------------------------------------
    Mutant(CROSSOUT,
           "        judge = 1 - eater              # the morsel is the least favourite",
           "        judge = eater              # the morsel is the least favourite",
           "each morsel crossed out is the least favourite of the player who eats it",
           (CROSSOUT_TESTS + "test_figure_2_scores_and_labels",)),
    Mutant(CROSSOUT,
           "    play = tuple(zip(reversed(sequence), reversed(eaters)))",
           "    play = tuple(zip(sequence, eaters))",
           "the order of play is the crossout sequence itself, not its reverse",
           (CROSSOUT_TESTS + "test_figure_4_order_of_play",)),
    Mutant(CROSSOUT,
           "        order, at = dinner.preference[player], pointer[player]",
           "        order, at = dinner.preference[1 - player], pointer[player]",
           "greedy play eats the rival's favourite morsel",
           (CROSSOUT_TESTS + "test_introduction_example",)),
    Mutant(CROSSOUT,
           "    return last if size % 2 == 1 else 1 - last",
           "    return last if size % 2 == 0 else 1 - last",
           "with Bob moving last, the first mover of an even dinner is Bob",
           (CLI_TESTS + "test_figure_2_file_with_check",)),
    # dinner.py --------------------------------------------------------------------------------
    Mutant(DINNER,
           '            if self.ties == "strict":',
           "            if False:",
           "equal utilities of one player are taken without a tie rule",
           (CROSSOUT_TESTS + "test_bad_dinners",)),
    Mutant(DINNER,
           "    if len(text) > MAX_NUMBER_CHARS:",
           "    if len(text) >= MAX_NUMBER_CHARS:",
           "a utility of exactly the longest length allowed is refused",
           (INPUT_TESTS + "test_a_utility_of_100_characters_is_read_and_one_of_101_refused",)),
    Mutant(GAME,
           "            weight = p ** turn * q ** (n - turn)",
           "            weight = p ** (turn - 1) * q ** (n - turn + 1)",
           "the discount is counted from turn 0: the first morsel is not discounted",
           (CLI_TESTS + "test_three_players_and_discount",)),
    Mutant(GAME,
           "        return tuple((start + _digit_sum(t, players)) % players for t in range(size))",
           "        return tuple((start + _digit_sum(t, 2)) % players for t in range(size))",
           "Thue-Morse balanced alternation sums binary digits whatever the number of players",
           (CROSSOUT_TESTS + "test_thue_morse_order",)),
    Mutant(GAME,
           "        return self.order[self.dinner.size - state.bit_count()] if state else None",
           "        return self.order[state.bit_count() - 1] if state else None",
           "the turn order is read backwards",
           (CLI_TESTS + "test_three_players_and_discount",)),
    Mutant(GAME,
           "        if self.crossout_player is not None and self.mover(state) == self.crossout_player:",
           "        if self.crossout_player is not None and self.mover(state) != self.crossout_player:",
           "the best response to crossout ties the responder, not his rival, to crossout",
           (CROSSOUT_TESTS + "test_the_player_tied_to_crossout_has_one_move_his_rival_every_one",)),
    Mutant(GAME,
           "    if not compact:\n",
           "    if False:\n",
           "a turn order of blanks is refused as if it were a word",
           (CLI_TESTS + "test_an_empty_order_is_refused_not_taken_as_alternating",)),
    # efficiency.py and outcomes.py -----------------------------------------------------------
    Mutant(EFFICIENCY,
           "    dominating = (alice >= chi_a) & (bob >= chi_b) & ((alice > chi_a) | (bob > chi_b))",
           "    dominating = (alice >= chi_a) & (bob >= chi_b)",
           "the crossout outcome dominates itself",
           (INPUT_TESTS + "test_figure_1_data_is_exact_past_int64",)),
    Mutant(EFFICIENCY,
           "    return dominated, (gt_a & gt_b).any(axis=1), improvement",
           "    return dominated, (gt_a | gt_b).any(axis=1), improvement",
           "an outcome better for one player counts against weak efficiency",
           (THEOREM_TESTS + "test_experiment_counts_agree_with_exact_efficiency_per_dinner",)),
    Mutant(OUTCOMES,
           "        mover = last if (n - turn) % 2 == 1 else 1 - last",
           "        mover = last if (n - turn) % 2 == 0 else 1 - last",
           "the outcomes against crossout let the wrong player move first",
           (CROSSOUT_TESTS + "test_picture_data_against_brute_force",)),
    # theorem.py and altruism.py --------------------------------------------------------------
    Mutant(THEOREM,
           "            first_out = members[np.argmin(ranks[judge][:, members], axis=1)]",
           "            first_out = members[np.argmax(ranks[judge][:, members], axis=1)]",
           "the batch table crosses out the judge's favourite morsel",
           (THEOREM_TESTS + "test_batch_table_against_backward_induction_on_a_sample",)),
    Mutant(ALTRUISM,
           "        made.append((alpha_a * a - beta_a * b, beta_b * b - alpha_b * a))",
           "        made.append((alpha_a * a + beta_a * b, beta_b * b - alpha_b * a))",
           "the transformed dinner adds what Bob's eating gives Alice instead of taking it away",
           (THEOREM_TESTS + "test_generalized_payoffs_crossout_on_transformed_dinner",)),
    # cli.py and pictures.py ------------------------------------------------------------------
    Mutant(CLI,
           '    named = order_name("alternating" if args.order is None else args.order)',
           '    named = order_name(args.order or "alternating")',
           "an empty --order is taken as alternating",
           (CLI_TESTS + "test_an_empty_order_is_refused_not_taken_as_alternating",)),
    Mutant(CLI,
           '    return text_from(read_limited(path, MAX_FILE_BYTES, "a dinner file", fault), fault)',
           '    return open(path, encoding="utf-8-sig").read()',
           "a dinner file is read without bound, whatever it is",
           (CLI_TESTS + "test_unreadable_files_are_one_line",
            CLI_TESTS + "test_a_file_past_the_limit_is_refused_by_its_size")),
    Mutant(CLI,
           "            p = last if k % 2 == 0 else 1 - last",
           "            p = last if k % 2 == 1 else 1 - last",
           "the check credits each crossed-out morsel to the wrong player",
           (CLI_TESTS + "test_figure_2_file_with_check",)),
    Mutant(PICTURES,
           "                           title=f\"The {counted(len(everything), 'score pair')} of a dinner of \"",
           "                           title=f\"The {len(everything)} score pairs of a dinner of \"",
           "the outcomes' title says '1 score pairs'",
           (CLI_TESTS + "test_the_outcomes_title_counts_in_the_singular_for_one",)),
    # experiments.py, and the experiment's shortcut in efficiency.py ---------------------------------
    Mutant(EFFICIENCY,
           '    reach = np.searchsorted(-ranked_alice, -scores[:, 0], side="right")',
           '    reach = np.searchsorted(-ranked_alice, -scores[:, 0], side="left")',
           "the experiment skips the outcomes exactly as good for Alice as crossout's",
           (EXPERIMENT_TESTS + "test_at_six_morsels_exactly_the_papers_two_dinners_are_inefficient",)),
    Mutant(EXPERIMENTS,
           '            "inefficient_share": run.inefficient / run.dinners,',
           '            "inefficient_share": run.not_weakly / run.dinners,',
           "the sweep's share of inefficient dinners counts the not weakly efficient ones",
           (EXPERIMENT_TESTS + "test_pareto_shares_are_its_counts_over_its_dinners",)),
    Mutant(EXPERIMENTS,
           "        morsel = max(left, key=lambda m: dinner.morsels[m][player])",
           "        morsel = min(left, key=lambda m: dinner.morsels[m][player])",
           "greedy play among three diners eats each one's least favourite",
           (EXPERIMENT_TESTS + "test_three_diners_agrees_with_a_plain_solver",)),
    Mutant(EXPERIMENTS,
           "    return bool(((every >= point).all(axis=1) & (every > point).any(axis=1)).any())",
           "    return bool((every >= point).all(axis=1).any())",
           "three diners' subgame-perfect outcome dominates itself",
           (EXPERIMENT_TESTS + "test_three_diners_agrees_with_a_plain_solver",)),
    Mutant(EXPERIMENTS,
           "        not_greedy += _spe_eaters(solved, size) != greedy_eaters",
           "        not_greedy += _spe_eaters(solved, size) == greedy_eaters",
           "three diners count the dinners whose subgame-perfect outcome is greedy's as those where it is not",
           (EXPERIMENT_TESTS + "test_three_diners_finds_dinners_where_greedy_play_is_not_subgame_perfect",)),
    Mutant(EXPERIMENTS,
           '    orders = [turn_order(size, 2, name, first=0) for name in ("alternating", "thue-morse")]',
           '    orders = [turn_order(size, 2, name) for name in ("alternating", "thue-morse")]',
           "the fairness sweep lets Bob move first in odd dinners alternating",
           (EXPERIMENT_TESTS + "test_alternating_fairness_is_crossouts",)),
    Mutant(EXPERIMENTS,
           "    weights = [lam ** turn for turn in range(1, size + 1)]",
           "    weights = [lam ** turn for turn in range(size)]",
           "the discount sweep weighs crossout's play from turn 0, the solver from turn 1",
           (EXPERIMENT_TESTS + "test_discount_agrees_with_a_plain_solver",)),
    Mutant(EXPERIMENTS,
           "discount=lam, crossout_player=1 - player))",
           "discount=lam, crossout_player=player))",
           "a player's best reply to crossout ties the player himself to crossout",
           (EXPERIMENT_TESTS + "test_discount_agrees_with_a_plain_solver",)),
    Mutant(CLI,
           "word.isascii() and word.isdigit() and len(word) <= len(str(players)) and",
           "word.isdigit() and",
           "--first reads any digits with int(): a superscript two or 5,000 digits end in a traceback",
           ("tests/test_cli_long_numbers.py::test_the_dinner_names_its_first_player_by_an_ascii_number_no_longer_than_the_players",)),
)
