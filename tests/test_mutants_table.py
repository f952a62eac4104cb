"""The table of deliberate breaks (``python tests/mutants.py``) still fits the code.

Running the mutants takes minutes; this only checks that each mutant's
snippet is found exactly once in its file and that the tests it names
exist, so that a refactoring that leaves the table behind turns red here.
"""

from __future__ import annotations

import math

import pytest

from mutant_table import AREAS
from mutants import MUTANTS, ROOT, commit_rotation, interleaved, rotating_sample, table_problems


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
    "epistemic/__init__.py": "its public names and their modules; tests/test_startup.py checks them",
    "epistemic/errors.py": "the exception classes, no logic",
    "epistemic/_version.py": "the version string, no logic",
    "epistemic/_checkout.py": "finds the package's parts in a source checkout; tests/test_install.py runs it",
}


def test_every_core_module_the_table_covers_has_mutants():
    core = {path.relative_to(ROOT).as_posix() for path in (ROOT / "epistemic").glob("*.py")}
    assert set(NOT_MUTATED) <= core, "an exception names a module that is gone"
    covered = {m.path for m in MUTANTS}
    assert sorted(core - set(NOT_MUTATED) - covered) == []
    assert "models/pirates/predict.py" in covered


#: Where each area's mutants may break the code.
AREA_PATHS = {
    "core": ("epistemic/",),
    "language": ("epistemic/",),
    "engines": ("epistemic/",),
    "pirates": ("models/pirates/",),
    "dinner": ("models/dinner/",),
    "numberline": ("models/numberline/",),
    "pig": ("models/pig/",),
    "tournament": ("models/tournament/",),
    "puzzles": ("models/puzzles/", "models/centipede.py"),
    "pictures": ("visualize/",),
    "cli": ("cli/", "models/commands.py", "models/cards.py"),
    "experiments": ("epistemic/experiments/", "epistemic/plugins.py", "cli/experiment.py"),
    "smcdel": ("epistemic/smcdel/", "cli/smcdel_file.py"),
    "epddl": ("epistemic/epddl/",),
    "interop": ("epistemic/extensive.py", "epistemic/export.py", "epistemic/openspiel.py", "epistemic/spiel_games.py"),
    "workbench": ("workbench/", "cli/grade.py", "cli/serve.py", "cli/update.py"),
    "epddl-writer": ("epistemic/epddl/writer.py", "epistemic/planning/from_models.py", "epistemic/acts.py"),
    "planning": ("epistemic/planning/",),
    "probability": ("epistemic/probability/", "epistemic/model_json.py", "epistemic/verdicts.py", "epistemic/events.py",
                    "epistemic/event_json.py"),
}

#: The fewest mutants each model, the pictures and the command line must have.
AT_LEAST = 8


@pytest.mark.parametrize("area", sorted(AREA_PATHS))
def test_every_model_the_pictures_and_the_command_line_have_mutants_of_their_own(area):
    mutants = AREAS[area]
    assert len(mutants) >= (1 if area in ("core", "language", "engines") else AT_LEAST)
    assert [m.path for m in mutants if not m.path.startswith(AREA_PATHS[area])] == []


def test_areas_are_the_whole_table():
    assert sorted(AREAS) == sorted(AREA_PATHS)
    assert sum(len(a) for a in AREAS.values()) == len(MUTANTS)


def _area_of() -> dict[int, str]:
    numbers, start = {}, 1
    for name, area in AREAS.items():
        numbers.update((start + i, name) for i in range(len(area)))
        start += len(area)
    return numbers


def test_the_interleaved_order_takes_each_mutant_once():
    assert sorted(interleaved()) == list(range(1, len(MUTANTS) + 1))


@pytest.mark.parametrize("size", [12, 30])
def test_every_window_takes_from_each_area_about_its_share(size):
    order, area_of = interleaved(), _area_of()
    for start in range(len(order)):
        window = [area_of[n] for n in (order + order)[start:start + size]]
        for name, area in AREAS.items():
            share = size * len(area) / len(MUTANTS)
            assert math.floor(share) - 1 <= window.count(name) <= math.ceil(share) + 1, (start, name)


def test_every_model_package_is_an_area_of_the_table():
    # a new model joins the table with mutants of its own (docs/adding-a-model.md)
    packages = {f"models/{p.name}/" for p in (ROOT / "models").iterdir() if (p / "__init__.py").is_file()}
    covered = {path for paths in AREA_PATHS.values() for path in paths}
    assert packages - covered == set()


def test_the_rotation_of_a_checkout_is_a_number():
    assert commit_rotation() >= 0
    assert commit_rotation() == commit_rotation()


@pytest.mark.parametrize("size", [1, 7, 12, 40])
def test_successive_samples_cover_the_table_and_repeat_for_a_rotation(size):
    runs = math.ceil(len(MUTANTS) / size)
    seen = set()
    for rotation in range(runs):
        sample = rotating_sample(size, rotation)
        assert len(sample) == size == len(set(sample))
        assert sample == rotating_sample(size, rotation)
        seen.update(sample)
    assert seen == set(range(1, len(MUTANTS) + 1))
