"""The puzzles' cards and registry: each card says what its module says, the registry finds
every puzzle module, and ``epistemic puzzle --help`` lists them as the modules would."""

from __future__ import annotations

import importlib
import pkgutil

import pytest

from cli_runs import run
from epistemic.models import puzzles
from epistemic.models.puzzles import CARDS, PUZZLES, PuzzleError, solve, start_size


def _puzzle_modules() -> dict[str, object]:
    """Every module of the package that is a puzzle (it names itself and solves), by its ``NAME``."""
    found = {}
    for info in pkgutil.iter_modules(puzzles.__path__, puzzles.__name__ + "."):
        module = importlib.import_module(info.name)
        if hasattr(module, "NAME") and hasattr(module, "solve"):
            found[module.NAME] = module
    return found


MODULES = _puzzle_modules()


def test_every_puzzle_module_has_a_card_and_every_card_a_module():
    assert len(MODULES) >= 7
    assert sorted(CARDS) == sorted(MODULES)
    assert {card.module for card in CARDS.values()} == {m.__name__ for m in MODULES.values()}


@pytest.mark.parametrize("name", sorted(MODULES))
def test_a_card_says_what_its_module_says(name):
    card, module = CARDS[name], MODULES[name]
    assert card.load() is module
    assert card.name == module.NAME and card.title == module.TITLE
    # bounds and all, so that the help and the parameters checked are one
    assert card.parameters == module.PARAMETERS
    assert card.engines == getattr(module, "ENGINES", ("explicit",))


def _reference_line(name: str, module) -> str:
    """A puzzle's line in ``epistemic puzzle --help`` as it was written from the module itself."""
    params = ", ".join(f"{p.name}={p.default} ({p.help})" for p in module.PARAMETERS) or "no parameters"
    engines = "/".join(getattr(module, "ENGINES", ("explicit",)))
    return f"  {name}: {module.TITLE}; {params}; {engines}"


def test_the_help_lists_every_puzzle_as_its_module_describes_it(capsys):
    code, out, _ = run(capsys, "puzzle", "--help")
    assert code == 0
    listing = out[out.index("puzzles and their parameters"):]
    # argparse keeps the epilog's lines as they are (the help formatter keeps raw text)
    assert listing.splitlines()[1:] == [_reference_line(name, MODULES[name]) for name in sorted(MODULES)]


def test_the_registry_looks_up_one_module_and_lists_the_names_of_all():
    assert sorted(PUZZLES) == sorted(CARDS) and len(PUZZLES) == len(CARDS)
    assert "cheryl" in PUZZLES and "sudoku" not in PUZZLES
    assert PUZZLES["muddy-children"] is MODULES["muddy-children"]
    with pytest.raises(KeyError):
        PUZZLES["sudoku"]
    with pytest.raises(PuzzleError, match="unknown puzzle 'sudoku': choose one of cheryl, consecutive-numbers"):
        solve("sudoku")
    with pytest.raises(PuzzleError, match="unknown puzzle 'sudoku'"):
        start_size("sudoku")

