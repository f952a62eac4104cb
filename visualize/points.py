"""Checks of what plots are made from: exact utilities and scores, players' names, titles."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from numbers import Rational
from typing import Any

from epistemic.validators import text_line

from .errors import PictureError

__all__ = ["exact_number", "number_pair", "pair_of", "number_text", "counted", "bounded_list", "items_of", "two_players", "optional_title"]


def exact_number(value: Any, what: str) -> Rational:
    """``value``, checked to be an exact number (an ``int`` or a ``Fraction``).

    >>> exact_number(Fraction(1, 2), "a utility")
    Fraction(1, 2)
    >>> exact_number(0.5, "a utility")
    Traceback (most recent call last):
    ...
    epistemic.visualize.errors.PictureError: a utility must be an int or a Fraction, got 0.5
    """
    if isinstance(value, bool) or not isinstance(value, Rational):
        raise PictureError(f"{what} must be an int or a Fraction, got {value!r}")
    return value


def number_pair(value: Any, what: str) -> tuple[Rational, Rational]:
    """``value``, checked to be a pair of exact numbers.

    >>> number_pair((3, 4), "morsel 0")
    (3, 4)
    >>> number_pair((3, 4, 5), "morsel 0")
    Traceback (most recent call last):
    ...
    epistemic.visualize.errors.PictureError: morsel 0 must be a pair of numbers, got (3, 4, 5)
    """
    first, second = pair_of(value, what)
    return exact_number(first, f"{what}: each number"), exact_number(second, f"{what}: each number")


def pair_of(value: Any, what: str, kind: str = "a pair of numbers") -> tuple[Any, Any]:
    """The two items of ``value``, or :class:`PictureError` saying that ``what``
    must be ``kind``; a text is no pair.

    >>> pair_of("xy", "point 3", "a pair (x, y)")
    Traceback (most recent call last):
    ...
    epistemic.visualize.errors.PictureError: point 3 must be a pair (x, y), got 'xy'
    """
    if isinstance(value, (str, bytes)):
        raise PictureError(f"{what} must be {kind}, got {value!r}")
    try:
        first, second = value
    except (TypeError, ValueError):
        raise PictureError(f"{what} must be {kind}, got {value!r}") from None
    return first, second


def number_text(value: Rational) -> str:
    """How a plot writes an exact number: ``3``, ``-1/2``.

    >>> number_text(3), number_text(Fraction(-1, 2)), number_text(Fraction(4, 2))
    ('3', '−1/2', '2')
    """
    value = Fraction(value)
    text = str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    return text.replace("-", "\N{MINUS SIGN}")


def counted(n: int, thing: str) -> str:
    """``n`` of ``thing``, as a legend or a title counts them: in the singular for one.

    >>> counted(1, "score pair"), counted(3432, "score pair"), counted(0, "morsel")
    ('1 score pair', '3,432 score pairs', '0 morsels')
    """
    return f"{n:,} {thing}{'' if n == 1 else 's'}"


def bounded_list(items: Any, limit: int, what: str, too_many: str) -> list:
    """The items of ``items`` as a list, or :class:`PictureError` with
    ``too_many`` (its ``{count}`` replaced by the number given) when there are
    more than ``limit``; an iterator is read no further than one item past
    the limit.

    >>> bounded_list(iter(range(10**12)), 3, "the morsels", "at most 3 morsels, got {count}")
    Traceback (most recent call last):
    ...
    epistemic.visualize.errors.PictureError: at most 3 morsels, got more than 3
    >>> bounded_list(range(5), 3, "the morsels", "at most 3 morsels, got {count}")
    Traceback (most recent call last):
    ...
    epistemic.visualize.errors.PictureError: at most 3 morsels, got 5
    """
    found: list = []
    for item in items_of(items, f"{what} must be a sequence"):
        if len(found) == limit:
            count = f"{len(items):,}" if hasattr(items, "__len__") else f"more than {limit:,}"
            raise PictureError(too_many.format(count=count))
        found.append(item)
    return found


def items_of(items: Any, expected: str) -> Iterator:
    """An iterator over ``items``, or :class:`PictureError` saying ``expected``
    for a text or something that cannot be iterated.

    >>> items_of(5, "the morsels must be a sequence")
    Traceback (most recent call last):
    ...
    epistemic.visualize.errors.PictureError: the morsels must be a sequence, got 5
    """
    if isinstance(items, (str, bytes)):
        raise PictureError(f"{expected}, got {items!r}")
    try:
        return iter(items)
    except TypeError:
        raise PictureError(f"{expected}, got {items!r}") from None


def two_players(players: Any) -> tuple[str, str]:
    """``players``, checked to be two names, each one line of text.

    >>> two_players("Alice")
    Traceback (most recent call last):
    ...
    epistemic.visualize.errors.PictureError: players must be two names, got 'Alice'
    """
    if isinstance(players, str) or not hasattr(players, "__len__") or len(players) != 2:
        raise PictureError(f"players must be two names, got {players!r}")
    for name in players:
        text_line(name, "a player's name is one line of text", error=PictureError)
    return players[0], players[1]


def optional_title(title: Any) -> str | None:
    """``title``, checked to be ``None`` or one line of text."""
    if title is not None:
        text_line(title, "a title is one line of text", error=PictureError)
    return title
