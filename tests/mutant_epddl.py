"""Deliberate breaks (mutants) of the EPDDL reader and grounder (epistemic/epddl/), each with the
tests that must catch it.

Part of the table in ``tests/mutant_table.py``, which ``python tests/mutants.py`` runs.
"""

from __future__ import annotations

from mutant import Mutant

__all__ = ["EPDDL_MUTANTS"]

ACTIONS = "epistemic/epddl/actions.py"
CONTEXT = "epistemic/epddl/context.py"
INITIAL = "epistemic/epddl/initial.py"
TASK = "epistemic/epddl/task.py"
LEXER = "epistemic/epddl/lexer.py"
READER_TESTS = "tests/test_epddl_reader.py::"
PLANK_TESTS = "tests/test_epddl_plank.py::"

EPDDL_MUTANTS: tuple[Mutant, ...] = (
    Mutant(ACTIONS,
           "    return {name: disjoin([disjoin(pos), conjoin([Atom(name), negate(disjoin(neg))])])",
           "    return {name: disjoin([disjoin(pos), negate(disjoin(neg))])",
           "an atom no condition changes is made true, not kept as it was",
           (READER_TESTS + "test_conditional_effects_and_static_facts_fold_into_the_assignment",)),
    Mutant(ACTIONS,
           "                yield name, not literal.positive, negate(condition)",
           "                pass",
           "(iff c L) is read as (when c L): the opposite literal where c fails is lost",
           (READER_TESTS + "test_conditional_effects_and_static_facts_fold_into_the_assignment",)),
    Mutant(ACTIONS,
           "                give(element.agent, inner, kind, conjoin([*(negate(b) for b in before), value]))",
           "                give(element.agent, inner, kind, value)",
           "an else-if branch does not exclude the branches before it",
           (READER_TESTS + "test_observability_conditions_are_exclusive_and_ordered",)),
    Mutant(CONTEXT,
           "            if over.condition is None or self.truth(over.condition, inner):",
           "            if True:",
           "the condition after | is ignored: (?i ?j - agent | (/= ?i ?j)) keeps equal pairs",
           (READER_TESTS + "test_the_task_grounds_each_action_over_its_parameters",)),
    Mutant(CONTEXT,
           "        if size > MAX_COMBINATIONS:",
           "        if size > MAX_COMBINATIONS + 1:",
           "variables taking one value more than the limit are listed",
           (READER_TESTS + "test_too_many_values_for_variables_are_refused_before_they_are_listed",)),
    Mutant(CONTEXT,
           "            return whether if box else _not(whether)",
           "            return whether",
           "<Kw. a> reads as [Kw. a]",
           (READER_TESTS + "test_formulas_become_the_cores",)),
    Mutant(INITIAL,
           "    actual = _truth(draft, conjoin(facts))",
           "    actual = _truth(draft, conjoin(common))",
           "a theory's designated worlds are every world its [C. All] formulas allow",
           (READER_TESTS + "test_a_finitary_theory_is_the_model_built_by_hand",)),
    Mutant(INITIAL,
           "        columns = [_truth(draft, f) for f in formulas]",
           "        columns = []",
           "[C. All] ([Kw. i] F) does not split i's worlds",
           (READER_TESTS + "test_kw_in_a_theory_splits_the_agents_worlds",)),
    Mutant(INITIAL,
           "    if count * spread > MAX_WORLDS:",
           "    if count > MAX_WORLDS:",
           "the worlds of the atoms no [C. All] formula mentions are not counted against the limit",
           (READER_TESTS + "test_a_theory_of_too_many_worlds_is_refused_before_they_are_made",)),
    Mutant(INITIAL,
           "        if settled:",
           "        if False:",
           "a theory says an agent does not know what its Kw. formulas settle, and is read all the same",
           (READER_TESTS + "test_a_theory_whose_kw_formulas_settle_what_it_says_is_unknown_is_refused",)),
    Mutant(TASK,
           "    scope.knowledge = (all(initial.is_equivalence(a) for a in initial.agents)",
           "    scope.knowledge = True or (all(initial.is_equivalence(a) for a in initial.agents)",
           "[a] is knowledge even where private actions make relations no equivalences",
           (READER_TESTS + "test_formulas_become_the_cores",)),
    Mutant(LEXER,
           "(?P<space>[ \\t\\r\\n\\f\\v]+|;[^\\n]*)",
           "(?P<space>[ \\t\\r\\n\\f\\v]+|;[^\\n]?)",
           "a comment ends after its first character",
           (READER_TESTS + "test_words_keep_their_file_line_and_column",)),
)
