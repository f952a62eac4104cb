"""Classic puzzles of epistemic logic, each one module built on the core.

Every module offers ``NAME``, ``TITLE``, ``PARAMETERS`` and ``solve`` (see
:mod:`epistemic.models.puzzles.common`); :data:`PUZZLES` gives them by name,
each imported when first looked up, and :data:`~epistemic.models.puzzles.cards.CARDS`
lists them without importing any.
"""

from collections.abc import Callable, Iterator, Mapping
from types import ModuleType

from .cards import CARDS, PuzzleCard
from .common import ENGINE_CHOICES, Parameter, PuzzleError, Solution, check_parameters

__all__ = ["CARDS", "PUZZLES", "PuzzleCard", "solve", "start_size", "Parameter", "PuzzleError", "Solution",
           "check_parameters"]


class _Modules(Mapping[str, ModuleType]):
    """The puzzle modules by the name the command line uses: listing the names
    imports none, looking one up imports its module alone."""

    def __getitem__(self, name: str) -> ModuleType:
        return CARDS[name].load()

    def __contains__(self, name: object) -> bool:
        return name in CARDS

    def __iter__(self) -> Iterator[str]:
        return iter(CARDS)

    def __len__(self) -> int:
        return len(CARDS)


#: The puzzle modules by the name the command line uses.
PUZZLES: Mapping[str, ModuleType] = _Modules()


def _module(name: str):
    if name not in PUZZLES:
        raise PuzzleError(f"unknown puzzle {name!r}: choose one of {', '.join(sorted(PUZZLES))}")
    return PUZZLES[name]


def start_size(name: str, **parameters) -> int:
    """How many worlds the puzzle ``name`` starts from, with ``parameters``:
    counted, not built, so that a picture too large is refused before any work.

    Examples
    --------
    >>> start_size("muddy-children", n=5)
    32
    """
    module = _module(name)
    return module.start_size(check_parameters(module.PARAMETERS, parameters))


def solve(name: str, engine: str = "auto", progress: Callable[[int], None] | None = None,
          **parameters) -> Solution:
    """Solve the puzzle ``name`` with ``parameters`` on ``engine`` (``"auto"``,
    ``"explicit"`` or ``"symbolic"``; a puzzle lists the ones it has in ``ENGINES``);
    ``progress``, where the puzzle reports any, is called with the rounds told so far.

    Examples
    --------
    >>> solve("cheryl").answer["birthday"]
    'July 16'
    """
    module = _module(name)
    values = check_parameters(module.PARAMETERS, parameters)
    engines = getattr(module, "ENGINES", ("explicit",))
    if engine not in ENGINE_CHOICES:
        raise PuzzleError(f"unknown engine {engine!r}: choose one of {', '.join(ENGINE_CHOICES)}")
    if engine != "auto" and engine not in engines:
        raise PuzzleError(f"{name} has no {engine} model: it runs on {', '.join(engines)}")
    if len(engines) == 1:
        return module.solve(**values)
    return module.solve(engine=engine, progress=progress, **values)
