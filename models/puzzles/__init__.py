"""Classic puzzles of epistemic logic, each one module built on the core.

Every module offers ``NAME``, ``TITLE``, ``PARAMETERS`` and ``solve`` (see
:mod:`epistemic.models.puzzles.common`); :data:`PUZZLES` lists them by name.
"""

from . import cheryl, consecutive_numbers, drinking_logicians, muddy_children, russian_cards, sum_and_product
from .common import Parameter, PuzzleError, Solution, check_parameters

__all__ = ["PUZZLES", "solve", "Parameter", "PuzzleError", "Solution", "check_parameters"]

#: The puzzle modules by the name the command line uses.
PUZZLES = {module.NAME: module for module in (muddy_children, cheryl, sum_and_product, russian_cards,
                                              consecutive_numbers, drinking_logicians)}


def solve(name: str, **parameters) -> Solution:
    """Solve the puzzle ``name`` with ``parameters``.

    Examples
    --------
    >>> solve("cheryl").answer["birthday"]
    'July 16'
    """
    if name not in PUZZLES:
        raise PuzzleError(f"unknown puzzle {name!r}: choose one of {', '.join(sorted(PUZZLES))}")
    module = PUZZLES[name]
    return module.solve(**check_parameters(module.PARAMETERS, parameters))
