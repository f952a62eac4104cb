"""Deliberate breaks (mutants) of the planner (epistemic/planning): the states' canonical key, the search and
the checking of plans, each with the tests that must catch it.

Part of the table in ``tests/mutant_table.py``, which ``python tests/mutants.py`` runs.
"""

from __future__ import annotations

from mutant import Mutant

__all__ = ["PLANNING_MUTANTS"]

CANONICAL = "epistemic/planning/canonical.py"
SEARCH = "epistemic/planning/search.py"
VALIDATION = "epistemic/planning/validation.py"

KEY_TESTS = "tests/test_planning_canonical.py::"
# states of at most FEW_WORLDS worlds take the path over Python lists; the arrays' path is held to it
ARRAYS_AGREE = KEY_TESTS + "test_a_state_of_few_worlds_has_the_key_the_arrays_give"
SEARCH_TESTS = "tests/test_planning_search.py::"
CHECK_TESTS = "tests/test_planning_validation.py::"

PLANNING_MUTANTS: tuple[Mutant, ...] = (
    # canonical.py: the key ------------------------------------------------------------------------
    Mutant(CANONICAL,
           "    order = np.argsort(colour)      # the world of each colour",
           "    order = np.arange(n)",
           "the key lists the worlds in the model's order, not the colours'",
           (ARRAYS_AGREE, KEY_TESTS + "test_worlds_in_another_order_give_the_same_key",
            KEY_TESTS + "test_a_bisimilar_copy_has_the_same_key")),
    Mutant(CANONICAL,
           "np.packbits(designated[order]).tobytes()]",
           "b\"\"]",
           "the key leaves out which worlds are designated",
           (ARRAYS_AGREE, KEY_TESTS + "test_the_designated_worlds_are_part_of_the_key",)),
    Mutant(CANONICAL,
           "        colour, count = refined, refined_count\n",
           "        colour, count = refined, refined_count\n        break\n",
           "one round of colour refinement only, not until the colours are stable",
           (ARRAYS_AGREE, KEY_TESTS + "test_a_chain_of_like_worlds_takes_several_rounds_to_tell_apart",
            KEY_TESTS + "test_a_bisimilar_copy_has_the_same_key")),
    Mutant(CANONICAL,
           "    if relation.is_equivalence():",
           "    if False:",
           "an equivalence kept as arrows gets another key than the same partition",
           (ARRAYS_AGREE, KEY_TESTS + "test_an_equivalence_kept_as_arrows_is_the_same_relation",)),
    Mutant(CANONICAL,
           "        return b\"S\" + _packed(least[relation.block][order], n)",
           "        return b\"S\" + _packed(relation.block[order], n)",
           "a partition is written by its block numbers, which follow the order of the worlds",
           (ARRAYS_AGREE, KEY_TESTS + "test_a_bisimilar_copy_has_the_same_key",)),
    Mutant(CANONICAL,
           "    return contract(state.generated())",
           "    return contract(state)",
           "worlds no designated world reaches stay in the state and its key",
           (ARRAYS_AGREE, KEY_TESTS + "test_worlds_nothing_designated_reaches_are_left_out",)),
    # search.py ------------------------------------------------------------------------------------
    Mutant(SEARCH,
           "            priority: tuple[int, ...] = ()",
           "            priority = (-self.pushed,)",
           "breadth-first expands the newest state first: depth-first, and plans need not be shortest",
           (SEARCH_TESTS + "test_breadth_first_finds_a_shortest_plan",
            SEARCH_TESTS + "test_coin_in_the_box_b_is_signalled_to_look_and_peeks")),
    Mutant(SEARCH,
           "        if not astar and self.goal(initial):",
           "        if False:",
           "the initial state is never tested for the goal",
           (SEARCH_TESTS + "test_a_goal_that_holds_at_first_needs_no_action",)),
    Mutant(SEARCH,
           "len(self.parent) >= self.max_states",
           "len(self.parent) > self.max_states",
           "one state more is made than the bound allows",
           (SEARCH_TESTS + "test_a_bound_on_states_stops_with_what_was_explored",)),
    Mutant(SEARCH,
           "now - self.start >= self.max_seconds",
           "now - self.start >= 100 * self.max_seconds",
           "the bound on seconds is not kept",
           (SEARCH_TESTS + "test_a_bound_on_seconds_stops_by_the_clock_given",)),
    Mutant(SEARCH,
           "used >= self.max_memory",
           "used >= 100 * self.max_memory",
           "the bound on memory is not kept",
           (SEARCH_TESTS + "test_a_bound_on_memory_stops_by_the_reading_given",)),
    Mutant(SEARCH,
           "        return sum(not holds(state, f) for f in self.conjuncts)",
           "        return 0",
           "greedy best-first ignores its heuristic and searches breadth-first",
           (SEARCH_TESTS + "test_greedy_best_first_may_find_a_longer_plan",)),
    Mutant(SEARCH,
           "                if self.goal(state):\n",
           "                if False:\n",
           "A* never stops at a goal state it expands",
           (SEARCH_TESTS + "test_astar_finds_plans_as_short_and_greedy_finds_valid_ones",
            SEARCH_TESTS + "test_greedy_best_first_may_find_a_longer_plan")),
    Mutant(SEARCH,
           "now - self.last_progress >= PROGRESS_EVERY",
           "now - self.last_progress >= 100 * PROGRESS_EVERY",
           "no line of progress is written",
           (SEARCH_TESTS + "test_progress_is_written_every_second_by_the_clock",)),
    Mutant(CANONICAL,
           "    order = sorted(range(n), key=colour.__getitem__)      # the world of each colour",
           "    order = list(range(n))      # the world of each colour",
           "a state of few worlds is keyed in the model's order, not the colours'",
           (KEY_TESTS + "test_worlds_in_another_order_give_the_same_key",
            KEY_TESTS + "test_a_bisimilar_copy_has_the_same_key")),
    Mutant(CANONICAL,
           "            arrows = sorted(colour[w] * n + colour[v] for w in range(n) for v in succ[w])",
           "            arrows = [colour[w] * n + colour[v] for w in range(n) for v in succ[w]]",
           "a state of few worlds lists its arrows in the model's order, not the colours'",
           (KEY_TESTS + "test_a_bisimilar_copy_has_the_same_key",
            KEY_TESTS + "test_worlds_in_another_order_give_the_same_key")),
    # sharing.py -----------------------------------------------------------------------------------
    Mutant("epistemic/planning/sharing.py",
           "        return shared_formula(formula, self._one)",
           "        return formula",
           "equal subformulas stay distinct objects, and each cache lookup compares them node by node",
           ("tests/test_planning_sharing.py::test_equal_subformulas_become_one_object_and_the_task_means_the_same",)),
    # validation.py --------------------------------------------------------------------------------
    Mutant(VALIDATION,
           "    return [] if possible is None else [w for w in _designated(state) if not possible[state.index(w)]]",
           "    return [] if possible is None else [w for w in _designated(state) if possible[state.index(w)]]",
           "a step is refused at the worlds where an event can happen",
           (CHECK_TESTS + "test_the_refused_world_is_the_one_where_no_event_can_happen",
            CHECK_TESTS + "test_a_check_agrees_with_applying_the_plan")),
    Mutant(VALIDATION,
           "    shown = (failing or designated)[:SHOWN]",
           "    shown = designated[:SHOWN]",
           "a failing goal is explained at designated worlds where it holds",
           (CHECK_TESTS + "test_a_goal_is_explained_at_the_designated_worlds_where_it_fails_only",)),
)
