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


#: Core modules the table leaves alone, and why.
NOT_MUTATED = {
    "epistemic/__init__.py": "imports and re-exports, no logic",
    "epistemic/errors.py": "the exception classes, no logic",
    "epistemic/_checkout.py": "finds the package's parts in a source checkout; tests/test_install.py runs it",
}


def test_every_core_module_the_table_covers_has_mutants():
    core = {path.relative_to(ROOT).as_posix() for path in (ROOT / "epistemic").glob("*.py")}
    assert set(NOT_MUTATED) <= core, "an exception names a module that is gone"
    covered = {m.path for m in MUTANTS}
    assert sorted(core - set(NOT_MUTATED) - covered) == []
    assert "models/pirates/predict.py" in covered
