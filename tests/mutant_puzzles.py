"""Deliberate breaks (mutants) of the classic puzzles and the centipede (models/puzzles, models/centipede.py), each with the tests that must catch it.

Part of the table in ``tests/mutant_table.py``, which ``python tests/mutants.py`` runs.
"""

from __future__ import annotations

from mutant import Mutant

__all__ = ["PUZZLE_MUTANTS"]

CHERYL = "models/puzzles/cheryl.py"
COMMON = "models/puzzles/common.py"
CONSECUTIVE = "models/puzzles/consecutive_numbers.py"
CRYPTOGRAPHERS = "models/puzzles/dining_cryptographers.py"
LOGICIANS = "models/puzzles/drinking_logicians.py"
MUDDY = "models/puzzles/muddy_children.py"
CARDS = "models/puzzles/russian_cards.py"
SUM = "models/puzzles/sum_and_product.py"
CENTIPEDE = "models/centipede.py"
T = "tests/test_puzzles_"

PUZZLE_MUTANTS: tuple[Mutant, ...] = (
    # cheryl.py ---------------------------------------------------------------------------------
    Mutant(CHERYL,
           "BERNARD: Partition([d for _, d in DATES])",
           "BERNARD: Partition([d for _, d in DATES[:5]] + [d + 1 for _, d in DATES[5:]])",
           "Bernard tells apart the days that recur in May or June from the same days later",
           (T + "cheryl.py::test_published_answer",)),
    Mutant(CHERYL,
           "~knows_birthday(ALBERT) & Knows(ALBERT, ~knows_birthday(BERNARD))",
           "~knows_birthday(ALBERT) & ~knows_birthday(BERNARD)",
           "Albert's first statement says only that Bernard does not know, not that Albert knows it",
           (T + "cheryl.py::test_published_answer",)),
    # common.py ---------------------------------------------------------------------------------
    Mutant(COMMON,
           "    if size > most[engine]:",
           "    if size >= most[engine]:",
           "an engine refuses the largest size it takes",
           (T + "muddy_children.py::test_a_hundred_and_fifty_children_on_the_symbolic_engine",)),
    Mutant(COMMON,
           "        out[p.name] = whole_number(value, p.name, at_least=p.minimum, at_most=p.maximum, error=PuzzleError)",
           "        out[p.name] = whole_number(value, p.name, at_least=p.minimum, error=PuzzleError)",
           "a parameter past its largest value is taken",
           (T + "muddy_children.py::test_bad_parameters",)),
    # consecutive_numbers.py --------------------------------------------------------------------
    Mutant(CONSECUTIVE,
           "for y in (x - 1, x + 1) if 0 <= y <= bound]",
           "for y in (x - 1, x + 1) if 0 < y <= bound]",
           "no one's number may be 0",
           (T + "consecutive_numbers.py::test_published_conversation",)),
    Mutant(CONSECUTIVE,
           "BILL: Partition([y for _, y in worlds])",
           "BILL: Partition([y // 2 for _, y in worlds])",
           "Bill cannot tell his number from its neighbour of the same half",
           (T + "consecutive_numbers.py::test_model",)),
    # dining_cryptographers.py ------------------------------------------------------------------
    Mutant(CRYPTOGRAPHERS,
           "    return i % n + 1",
           "    return i % n",
           "a diner's right neighbour is counted from 0: the last diner shares a coin with no one",
           (T + "dining_cryptographers.py::test_each_coin_is_shared_by_two_neighbours_round_the_table",
            T + "dining_cryptographers.py::test_chaum_claims")),
    Mutant(CRYPTOGRAPHERS,
           "    return Iff(Iff(paid(i), coin(i)), coin(_right(i, n)))",
           "    return Iff(paid(i), Iff(coin(i), coin(i)))",
           "a diner announces its own coin twice, not its coin and its right neighbour's",
           (T + "dining_cryptographers.py::test_chaum_claims",)),
    # drinking_logicians.py ---------------------------------------------------------------------
    Mutant(LOGICIANS,
           "    actual = ((1 << n) - 1) & ~dry",
           "    actual = ((1 << n) - 1) & dry",
           "the logicians named dry are those who want a beer",
           (T + "drinking_logicians.py::test_one_who_wants_none_says_no",)),
    Mutant(LOGICIANS,
           "        yes, no = Knows(logician(i), everyone), Knows(logician(i), Not(everyone))",
           "        yes, no = Knows(logician(i), everyone), Not(Knows(logician(i), everyone))",
           "a logician who does not know that everyone wants a beer says No",
           (T + "drinking_logicians.py::test_all_want_a_beer",)),
    # muddy_children.py -------------------------------------------------------------------------
    Mutant(MUDDY,
           "    relations = {child(i + 1): Partition(worlds & ~(1 << i)) for i in range(n)}",
           "    relations = {child(i + 1): Partition(worlds & ~(1 << (n - 1 - i))) for i in range(n)}",
           "child i cannot see the forehead of child n + 1 - i rather than its own",
           (T + "muddy_children.py::test_published_answer",)),
    Mutant(MUDDY,
           "    muddy_after = _first_round(story, questions[1][0]) - 1      # rounds after the father's",
           "    muddy_after = _first_round(story, questions[1][0])      # rounds after the father's",
           "the father's announcement is counted as a round of answers",
           (T + "muddy_children.py::test_published_answer",)),
    # russian_cards.py --------------------------------------------------------------------------
    Mutant(CARDS,
           "    return said & Announce(said, after_alice)",
           "    return Announce(said, after_alice)",
           "an announcement Alice cannot truthfully make counts as safe",
           (T + "russian_cards.py::test_an_announcement_alice_cannot_make_is_not_safe",)),
    # sum_and_product.py ------------------------------------------------------------------------
    Mutant(SUM,
           "    return [(x, y) for x in range(2, limit) for y in range(x + 1, limit - x + 1)]",
           "    return [(x, y) for x in range(2, limit) for y in range(x, limit - x + 1)]",
           "x and y may be equal",
           (T + "sum_and_product.py::test_worlds_after_each_announcement",)),
    Mutant(SUM,
           "    relations = {S: Partition(xy[:, 0] + xy[:, 1]), P: Partition(xy[:, 0] * xy[:, 1])}",
           "    relations = {S: Partition(xy[:, 0] + xy[:, 1]), P: Partition(xy[:, 0] + xy[:, 1])}",
           "P is told the sum too",
           (T + "sum_and_product.py::test_published_answer",)),
    # centipede.py ------------------------------------------------------------------------------
    Mutant(CENTIPEDE,
           "        grown = self.factor ** (move - 1)",
           "        grown = self.factor ** move",
           "the piles have grown once already at the first move",
           ("tests/test_centipede.py::test_payoffs_of_mckelvey_and_palfrey",)),
    Mutant(CENTIPEDE,
           '        return [("take", -state), ("pass", state + 1)]  # in this order: a mover indifferent between them takes',
           '        return [("pass", state + 1), ("take", -state)]  # in this order: a mover indifferent between them takes',
           "a mover indifferent between taking and passing passes",
           ("tests/test_centipede.py::test_a_large_pile_worth_the_grown_small_one_is_taken_at_once",)),
    Mutant(CENTIPEDE,
           "    if digits > MAX_DIGITS:",
           "    if digits > MAX_DIGITS * 10:",
           "piles of up to ten thousand digits are computed",
           ("tests/test_centipede.py::test_cli_bad_input_is_one_line",)),
    Mutant("models/puzzles/cli.py",
           "whole_from_text(m.group(2), name, at_least=p.minimum, at_most=p.maximum, error=PuzzleError)",
           "int(m.group(2))",
           "a puzzle's parameter of any length is read with int(), which raises past 4,300 digits",
           ("tests/test_cli_long_numbers.py::test_every_whole_number_parameter_of_every_puzzle_refuses_a_long_number_in_one_line",)),
    # the puzzles' cards and registry -------------------------------------------------------------
    Mutant("models/puzzles/cards.py",
           'Parameter("n", 3, "number of diners, at least 3", 3, 500),',
           'Parameter("n", 3, "number of diners, at least 3", 3, 499),',
           "the dining cryptographers' card says they take one diner fewer than their module does",
           ("tests/test_puzzles_registry.py::test_a_card_says_what_its_module_says",)),
    Mutant("models/puzzles/cli.py",
           'lines += [f"  {CARDS[name].line()}" for name in sorted(CARDS)]',
           'lines += [f"  {CARDS[name].line()}" for name in sorted(PUZZLES) if PUZZLES[name]]',
           "the puzzles' help imports every puzzle to list them",
           ("tests/test_startup.py::test_listing_the_puzzles_loads_none_of_them",)),
    Mutant("models/puzzles/__init__.py",
           "        return name in CARDS\n",
           "        return name in CARDS and self[name] is not None\n",
           "asking whether a puzzle is there imports its module",
           ("tests/test_startup.py::test_listing_the_puzzles_loads_none_of_them",)),
)
