"""The cards of the puzzles: what ``epistemic puzzle --help`` lists of each
(its name, title, parameters and engines), and the module that solves it.

Listing the puzzles reads these cards and imports none of the puzzles: a
puzzle's module, and the libraries it uses, are imported when it is solved
(:meth:`PuzzleCard.load`).  A card says what its module says, word for word
and bound for bound: ``tests/test_puzzles_registry.py`` holds each card equal
to its module's ``NAME``, ``TITLE``, ``PARAMETERS`` and ``ENGINES``.

Examples
--------
>>> CARDS["muddy-children"].parameters[0]
Parameter(name='n', default=3, help='number of children', minimum=1, maximum=200)
>>> CARDS["cheryl"].load().TITLE == CARDS["cheryl"].title
True
"""

from __future__ import annotations

import importlib
from types import ModuleType

import attrs

from .common import Parameter

__all__ = ["CARDS", "PuzzleCard"]


@attrs.frozen
class PuzzleCard:
    """A puzzle as its listing shows it, and where its module lives.

    Parameters
    ----------
    name : str
        As typed on the command line: the module's ``NAME``.
    title : str
        The module's ``TITLE``.
    parameters : tuple of Parameter
        The module's ``PARAMETERS``, bounds and all.
    engines : tuple of str
        The engines it runs on: the module's ``ENGINES``, or the explicit one alone for a module without.
    module : str
        The module's full name.
    """

    name: str
    title: str
    parameters: tuple[Parameter, ...]
    engines: tuple[str, ...]
    module: str

    def load(self) -> ModuleType:
        """The puzzle's module, imported."""
        return importlib.import_module(self.module)

    def line(self) -> str:
        """The puzzle's line in ``epistemic puzzle --help``.

        Examples
        --------
        >>> CARDS["sum-and-product"].line()
        "sum-and-product: Sum and product (Freudenthal's problem); limit=100 (largest sum x + y; below 65 no pair \
survives the sentences); explicit/symbolic"
        """
        parameters = ", ".join(f"{p.name}={p.default} ({p.help})" for p in self.parameters) or "no parameters"
        return f"{self.name}: {self.title}; {parameters}; {'/'.join(self.engines)}"


_HERE = __name__.rpartition(".")[0]
_BOTH = ("explicit", "symbolic")

#: The cards by puzzle name.
CARDS = {card.name: card for card in (
    PuzzleCard("muddy-children", "The muddy children", (
        Parameter("n", 3, "number of children", 1, 200),
        Parameter("k", 2, "number of muddy children (the first k); at most n", 1, 200),
    ), _BOTH, f"{_HERE}.muddy_children"),
    PuzzleCard("cheryl", "Cheryl's birthday", (), ("explicit",), f"{_HERE}.cheryl"),
    PuzzleCard("sum-and-product", "Sum and product (Freudenthal's problem)", (
        Parameter("limit", 100, "largest sum x + y; below 65 no pair survives the sentences", 65, 200),
    ), _BOTH, f"{_HERE}.sum_and_product"),
    PuzzleCard("russian-cards", "Russian cards: Alice and Bob tell each other their hands, Eve learns no card", (
        Parameter("announcement", 0, "Alice's announcement: 0 is 012 034 056 135 246; k = 1..102 is the k-th "
                  "safe announcement in lexicographic order", 0, 102),
    ), _BOTH, f"{_HERE}.russian_cards"),
    PuzzleCard("consecutive-numbers",
               "Consecutive numbers: Anne and Bill learn each other's number from \"I don't know\"", (
                   Parameter("anne", 2, "Anne's number", 0, 1000),
                   Parameter("bill", 3, "Bill's number, one more or one less than Anne's", 0, 1000),
                   Parameter("bound", 0, "largest number in the finite model; 0 (default) for anne + bill + 4, "
                             "the least that is sound", 0, 10_000),
               ), ("explicit",), f"{_HERE}.consecutive_numbers"),
    PuzzleCard("drinking-logicians", "Drinking logicians: does everyone want a beer?", (
        Parameter("n", 3, "number of logicians", 1, 200),
        Parameter("dry", 0, "bit mask of the logicians who do not want a beer (bit 0: logician 1); "
                  "0 (default): all want one", 0, (1 << 200) - 1),
    ), _BOTH, f"{_HERE}.drinking_logicians"),
    PuzzleCard("dining-cryptographers", "The dining cryptographers: the NSA paid, or one of us did, but who?", (
        Parameter("n", 3, "number of diners, at least 3", 3, 500),
        Parameter("payer", 1, "who paid: 0 for the NSA, 1 to n for that diner", 0, 500),
        Parameter("seed", 1988, "seed of the coin tosses", 0, 2**32 - 1),
    ), _BOTH, f"{_HERE}.dining_cryptographers"),
)}
