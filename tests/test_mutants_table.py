"""The table of deliberate breaks (``python tests/mutants.py``) still fits the code.

Running the mutants takes minutes; this only checks that each mutant's
snippet is found exactly once in its file and that the tests it names
exist, so that a refactoring that leaves the table behind turns red here.
"""

from __future__ import annotations

from mutants import MUTANTS, ROOT, table_problems


def test_every_snippet_is_in_its_file_exactly_once():
    assert table_problems(ROOT) == []


def test_every_named_test_exists():
    for mutant in MUTANTS:
        for node in mutant.tests:
            path, *classes, name = node.split("::")
            source = (ROOT / path).read_text(encoding="utf-8")
            for cls in classes:
                assert f"class {cls}" in source, f"{node}, named by mutant {mutant.description!r}"
            assert f"def {name.split('[')[0]}(" in source, f"{node}, named by mutant {mutant.description!r}"


def test_every_core_module_the_table_covers_has_mutants():
    covered = {m.path for m in MUTANTS}
    assert covered >= {"epistemic/knowledge.py", "epistemic/announcements.py", "epistemic/kripke.py",
                       "epistemic/updates.py", "epistemic/checking.py", "epistemic/dag.py",
                       "epistemic/sequential.py", "models/pirates/predict.py"}
