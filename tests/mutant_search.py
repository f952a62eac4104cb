"""Deliberate breaks (mutants) of the core's countermodel search (epistemic/validity.py), of the walk
through formulas and the event models inside them, and of pickling formulas and models, each with
the tests that must catch it: the parts the course workbench's grading and worker processes rest on.

Part of the core's area of the table in ``tests/mutant_table.py``, which ``python tests/mutants.py`` runs.
"""

from __future__ import annotations

from mutant import Mutant

__all__ = ["SEARCH_MUTANTS"]

VALIDITY = "epistemic/validity.py"
KRIPKE = "epistemic/kripke.py"

SEARCH_MUTANTS: tuple[Mutant, ...] = (
    # validity.py ------------------------------------------------------------------------------
    Mutant(VALIDITY,
           "while i > 0 and s[i] > max(s[:i]):",
           "while i > 0 and s[i] >= max(s[:i]):",
           "set partitions are enumerated only in part",
           ("tests/test_core_validity.py::test_set_partitions_are_counted_by_the_bell_numbers",
            "tests/test_core_validity.py::test_a_countermodel_falsifies_the_formula_at_its_actual_world")),
    Mutant(VALIDITY,
           "first = int(false[0])",
           "first = int(false[-1])",
           "the countermodel taken is the last of its batch, not the first and smallest",
           ("tests/test_core_validity.py::test_the_countermodel_found_is_a_smallest_one",)),
    Mutant(VALIDITY,
           "if deadline is not None and time.monotonic() > deadline:",
           "if False:",
           "a search runs past its deadline",
           ("tests/test_core_validity.py::test_a_search_stops_at_its_deadline",)),
    Mutant(VALIDITY,
           "if total > limit:",
           "if total > 100 * limit:",
           "a search past its limit is started",
           ("tests/test_core_validity.py::test_a_search_past_the_limit_is_refused_before_it_starts",)),
    Mutant("epistemic/formulas.py",
           "        return _rebuilt, (_flattened(self),)",
           "        return super().__reduce_ex__(2)",
           "a formula pickles as attrs would, without its hash",
           ("tests/test_core_formulas.py::test_a_formula_pickles_and_comes_back_equal_with_its_hash",)),
    Mutant("epistemic/formulas.py",
           "        return _rebuilt, (_flattened(self),)",
           "        return type(self), tuple(getattr(self, f.name) for f in attrs.fields(type(self)))",
           "a formula pickles as it nests, a level of recursion a level of the formula",
           ("tests/test_core_deep_formulas.py::test_a_formula_far_deeper_than_the_recursion_limit_pickles",)),
    Mutant(KRIPKE,
           'self.__slots__ if name != "cache"}',
           'self.__slots__}',
           "a model pickles with its caches",
           ("tests/test_core_kripke.py::test_a_model_pickles_without_its_caches",)),
    # events.py: the walk through formulas and their event models -----------------------------------
    Mutant("epistemic/events.py",
           "                if isinstance(event.precondition, Formula):\n                    stack.append(event.precondition)",
           "                if False:\n                    stack.append(event.precondition)",
           "the walk through a formula skips the preconditions of its event models",
           ("tests/test_docstrings.py::test_docstring_examples[epistemic.events]",
            "tests/test_docstrings.py::test_docstring_examples[epistemic.validity]")),
)
