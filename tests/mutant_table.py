"""The table of deliberate breaks (mutants), each with the tests that must catch it.

Each part has a file of its own: the core's ``tests/mutant_core.py`` (and its countermodel search's ``tests/mutant_search.py``, its files' ``tests/mutant_files.py``), the language's
``tests/mutant_language.py``, the engines' and explanations' ``tests/mutant_engines.py``,
and each model, the pictures, SMCDEL's language, EPDDL's and the command line theirs (``tests/mutant_pirates.py`` and ``tests/mutant_pirates_odds.py``,
``tests/mutant_dinner.py``, ...), the game trees for other tools ``tests/mutant_interop.py``, the course workbench ``tests/mutant_workbench.py``, the planner ``tests/mutant_planning.py`` (EPDDL's writer ``tests/mutant_epddl_writer.py``), and probabilities ``tests/mutant_probability.py``.  This module gathers them: ``MUTANTS`` holds all, and
``AREAS`` names each part.

``python tests/mutants.py`` applies them one by one to a copy of the
repository; ``tests/test_mutants_table.py`` checks, fast, that every snippet
is still in its file.
"""

from __future__ import annotations

from mutant import Mutant
from mutant_core import CORE_MUTANTS
from mutant_search import SEARCH_MUTANTS
from mutant_files import FILE_MUTANTS
from mutant_engines import ENGINE_MUTANTS
from mutant_epddl import EPDDL_MUTANTS
from mutant_language import LANGUAGE_MUTANTS
from mutant_cli import CLI_MUTANTS
from mutant_dinner import DINNER_MUTANTS
from mutant_experiments import EXPERIMENT_MUTANTS
from mutant_interop import INTEROP_MUTANTS
from mutant_numberline import NUMBERLINE_MUTANTS
from mutant_pictures import PICTURE_MUTANTS
from mutant_pig import PIG_MUTANTS
from mutant_pirates import PIRATE_MUTANTS
from mutant_pirates_odds import PIRATE_ODDS_MUTANTS
from mutant_planning import PLANNING_MUTANTS
from mutant_probability import PROBABILITY_MUTANTS
from mutant_smcdel import SMCDEL_MUTANTS
from mutant_epddl_writer import EPDDL_WRITER_MUTANTS
from mutant_puzzles import PUZZLE_MUTANTS
from mutant_tournament import TOURNAMENT_MUTANTS
from mutant_workbench import WORKBENCH_MUTANTS

__all__ = ["Mutant", "MUTANTS", "AREAS", "CORE_MUTANTS"]



#: Each part of the table by name, in the table's order.
AREAS: dict[str, tuple[Mutant, ...]] = {
    "core": CORE_MUTANTS + SEARCH_MUTANTS + FILE_MUTANTS,
    "language": LANGUAGE_MUTANTS,
    "engines": ENGINE_MUTANTS,
    "pirates": PIRATE_MUTANTS + PIRATE_ODDS_MUTANTS,
    "dinner": DINNER_MUTANTS,
    "numberline": NUMBERLINE_MUTANTS,
    "pig": PIG_MUTANTS,
    "tournament": TOURNAMENT_MUTANTS,
    "puzzles": PUZZLE_MUTANTS,
    "pictures": PICTURE_MUTANTS,
    "cli": CLI_MUTANTS,
    "smcdel": SMCDEL_MUTANTS,
    "epddl": EPDDL_MUTANTS,
    "experiments": EXPERIMENT_MUTANTS,
    "interop": INTEROP_MUTANTS,
    "workbench": WORKBENCH_MUTANTS,
    "epddl-writer": EPDDL_WRITER_MUTANTS,
    "planning": PLANNING_MUTANTS,
    "probability": PROBABILITY_MUTANTS,
}

MUTANTS: tuple[Mutant, ...] = tuple(m for area in AREAS.values() for m in area)
