"""Deliberate breaks (mutants) of the number-line token game (models/numberline), each with the tests that must catch it.

Part of the table in ``tests/mutant_table.py``, which ``python tests/mutants.py`` runs.
"""

from __future__ import annotations

from mutant import Mutant

__all__ = ["NUMBERLINE_MUTANTS"]

GAME = "models/numberline/game.py"
SOLVE = "models/numberline/solve.py"
CONTINUOUS = "models/numberline/continuous.py"
CLI = "models/numberline/cli.py"

MODEL_TESTS = "tests/test_numberline.py::"
CLI_TESTS = "tests/test_numberline_cli.py::"

NUMBERLINE_MUTANTS: tuple[Mutant, ...] = (
    # game.py: the shares --------------------------------------------------------------------
    Mutant(GAME,
           "            got[a] += near_a + half\n",
           "            got[a] += near_a + 2 * half\n",
           "the lower of two tokens takes the whole of the stack midway between them",
           (MODEL_TESTS + "test_all_the_money_is_shared_out",)),
    Mutant(GAME,
           "            near_a = before[(twice_mid + 1) // 2] - before[a + 1]",
           "            near_a = before[twice_mid // 2] - before[a + 1]",
           "with no stack midway, the last stack nearer the lower token goes to nobody",
           (MODEL_TESTS + "test_all_the_money_is_shared_out",)),
    Mutant(GAME,
           "            got[tokens[0]] += before[tokens[0]]\n",
           "",
           "the stacks below the lowest token go to nobody",
           (MODEL_TESTS + "test_the_three_player_game_of_the_seed",)),
    Mutant(GAME,
           "            pairs = list(zip(tokens, tokens[1:] + [tokens[0] + self.places]))",
           "            pairs = list(zip(tokens, tokens[1:]))",
           "on a clock, the stacks between the highest token and the lowest, round past 12, go to nobody",
           (MODEL_TESTS + "test_the_clock_of_the_seed",)),
    Mutant(GAME,
           "        scale = 2 * lcm(*(Fraction(v).denominator for v in self.values))",
           "        scale = lcm(*(Fraction(v).denominator for v in self.values))",
           "the unit of money is too coarse to halve a stack of odd value",
           (MODEL_TESTS + "test_all_the_money_is_shared_out",)),
    Mutant(GAME,
           '("_order", tuple(order if self.ties == "lowest" else order[::-1]))',
           '("_order", tuple(order))',
           "the tie rule 'highest' takes the lowest place",
           (MODEL_TESTS + "test_ties_on_the_seven_player_play",)),
    Mutant(GAME,
           "    return sum(comb(places, k) for k in range(players + 1))",
           "    return sum(comb(places, k) for k in range(players))",
           "the states counted leave out the ends, where every token is placed",
           (MODEL_TESTS + "test_subgames_are_shared_by_the_set_of_stacks_taken",)),
    Mutant(GAME,
           "        if index.denominator != 1 or not 0 <= index < self.places:",
           "        if index.denominator != 1 or not 0 <= index <= self.places:",
           "a place one past the last is taken as a place",
           (MODEL_TESTS + "test_a_place_off_the_line_is_refused",)),
    # solve.py ---------------------------------------------------------------------------------
    Mutant(SOLVE,
           "    return payoffs[0] - Fraction(sum(others), len(others))",
           "    return payoffs[0] - Fraction(sum(others), len(payoffs))",
           "the first mover's advantage averages the others over every player",
           (MODEL_TESTS + "test_the_three_player_game_of_the_seed",)),
    Mutant(GAME,
           "    digits = max(twos, fives)",
           "    digits = min(twos, fives)",
           "a half is written with no decimals",
           (CLI_TESTS + "test_cli_clock_and_exact_halves",)),
    Mutant(SOLVE,
           "    tie_states = sum(1 for state in solved.dag.keys() if len(solved[state].ties) > 1)",
           "    tie_states = sum(1 for state in solved.dag.keys() if len(solved[state].ties) >= 1)",
           "every state with a best move counts as a tie",
           (CLI_TESTS + "test_cli_names_the_ties_on_the_play",)),
    Mutant(SOLVE,
           "            if money.denominator == 1:\n                values.append((label, int(money)))",
           "            if True:\n                values.append((label, int(money)))",
           "an explanation cuts a payoff of 4.5 to 4",
           (MODEL_TESTS + "test_an_explanation_keeps_halves",)),
    # continuous.py ----------------------------------------------------------------------------
    Mutant(CONTINUOUS,
           "        return fine + outward * step, True",
           "        return fine, True",
           "an open end is put where the finer grid's set ends, not one step beyond it",
           (MODEL_TESTS + "test_continuous_game_of_the_seed",)),
    Mutant(CONTINUOUS,
           "        return Point(first.low, 1 if first.low_open else 0)",
           "        return Point(first.low, 0)",
           "the point taken at an open end is the end itself, which is not in the set",
           (MODEL_TESTS + "test_continuous_game_of_the_seed",)),
    Mutant(CONTINUOUS,
           "            if len(told) > 1 and told[-1] is not None and told[-1] == told[-2]:",
           "            if told[-1] is not None:",
           "the answer is called settled after one pair of grids",
           (MODEL_TESTS + "test_an_unsettled_answer_says_so",)),
    Mutant(CONTINUOUS,
           "    if negative:\n",
           "    if False:\n",
           "the continuous game takes negative stacks",
           (MODEL_TESTS + "test_the_continuous_game_refuses_negative_stacks",)),
    # cli.py -----------------------------------------------------------------------------------
    Mutant(CLI,
           "            if len(word) > MAX_DIGITS or not _VALUE.fullmatch(word):",
           "            if len(word) >= MAX_DIGITS or not _VALUE.fullmatch(word):",
           "a value of exactly the longest length allowed is refused",
           (CLI_TESTS + "test_cli_lines_stay_short_for_the_longest_values",)),
    Mutant(CLI,
           "    if all(single):\n        return \"at \" + ",
           "    if any(single):\n        return \"at \" + ",
           "a set of a point and an interval is written as points only",
           (CLI_TESTS + "test_sets_of_points_and_intervals_are_worded_each_as_it_is",)),
)
