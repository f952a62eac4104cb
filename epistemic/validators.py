"""Checks of input values, each raising a one-line error that names the fault.

Every check returns the value it accepts and raises :class:`EpistemicError`,
or the subclass given as ``error`` (a game raises its own error type, so
that its callers catch what they always caught).  The messages read
``"<what is expected>, got <what was given>"``; command-line front ends
print them as they are.  :func:`validator` turns a check into an attrs
field validator.

Examples
--------
>>> whole_number(3, "the number of coins", at_least=0)
3
>>> whole_number(True, "the number of coins")
Traceback (most recent call last):
...
epistemic.errors.EpistemicError: the number of coins must be a whole number, got True
>>> one_of("middle", ("lowest", "highest"), "tie rule")
Traceback (most recent call last):
...
epistemic.errors.EpistemicError: unknown tie rule 'middle': use one of lowest, highest
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from .errors import EpistemicError

__all__ = ["is_whole", "whole_number", "whole_number_at_least", "whole_from_text", "between", "instance_of", "one_of",
           "text_line", "validator"]

T = TypeVar("T")
Error = type[EpistemicError]


def is_whole(value: Any) -> bool:
    """Whether ``value`` is a whole number: an ``int``, but not a ``bool``.

    >>> is_whole(2), is_whole(2.0), is_whole(False)
    (True, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool)


def whole_number(value: Any, what: str, *, at_least: int | None = None, at_most: int | None = None,
                 error: Error = EpistemicError) -> int:
    """``value``, checked to be a whole number within the bounds given.

    >>> whole_number(7, "k", at_most=5)
    Traceback (most recent call last):
    ...
    epistemic.errors.EpistemicError: k must be at most 5, got 7
    """
    if not is_whole(value):
        raise error(f"{what} must be a whole number, got {value!r}")
    if at_least is not None and value < at_least:
        raise error(f"{what} must be at least {at_least}, got {value}")
    if at_most is not None and value > at_most:
        raise error(f"{what} must be at most {at_most}, got {value}")
    return value


#: The most digits :func:`whole_from_text` reads of a number that no bound limits: Python's own
#: default limit (reading a number takes time quadratic in its digits), whatever the interpreter is set to.
MAX_TEXT_DIGITS = 4300


def whole_from_text(text: str, what: str, *, at_least: int | None = None, at_most: int | None = None,
                    error: Error = EpistemicError) -> int:
    """The whole number written in ``text`` (ASCII digits, after a ``-`` if negative).  A number
    of more than 40 characters is read only when it has no more digits, leading zeros aside, than
    the bound on its side (else it lies beyond it), or than :data:`MAX_TEXT_DIGITS` where there is
    none, so that one typed with any number of digits is refused in one line that does not repeat
    them.  Whether a number read lies within the bounds is left to the caller, in its own words.

    >>> whole_from_text("-007", "k", at_least=-10)
    -7
    >>> whole_from_text("9" * 5000, "n", at_most=100)
    Traceback (most recent call last):
    ...
    epistemic.errors.EpistemicError: n must be at most 100, got a number of 5,000 digits
    """
    negative = text.startswith("-")
    digits = text[negative:]
    if not (digits.isascii() and digits.isdigit()):
        shown = repr(text) if len(text) <= 40 else f"{text[:40]!r}..."
        raise error(f"{what} must be a whole number, got {shown}")
    if len(text) <= 40:
        return int(text)
    # Python counts leading zeros among the digits it refuses past its limit
    significant = digits.lstrip("0") or "0"
    bound = at_least if negative else at_most
    if bound is not None and len(significant) > len(str(abs(bound))):
        raise error(f"{what} must be {'at least' if negative else 'at most'} {bound}, "
                    f"got a number of {len(significant):,} digits")
    if len(significant) > MAX_TEXT_DIGITS:
        raise error(f"{what} must be a whole number of at most {MAX_TEXT_DIGITS:,} digits, got {len(significant):,}")
    return -int(significant) if negative else int(significant)


def whole_number_at_least(value: Any, least: int, what: str, *, error: Error = EpistemicError) -> int:
    """``value``, checked to be a whole number of at least ``least``, with
    one message for both faults (settings such as a depth or a size).

    >>> whole_number_at_least(-1, 0, "depth")
    Traceback (most recent call last):
    ...
    epistemic.errors.EpistemicError: depth must be a whole number of at least 0, got -1
    """
    if not is_whole(value) or value < least:
        raise error(f"{what} must be a whole number of at least {least}, got {value!r}")
    return value


def between(value: int, low: int, high: int, what: str, *, error: Error = EpistemicError) -> int:
    """``value``, a number, checked to be from ``low`` to ``high``.

    >>> between(0, 1, 200, "--depth")
    Traceback (most recent call last):
    ...
    epistemic.errors.EpistemicError: --depth must be between 1 and 200, got 0
    """
    if not low <= value <= high:
        raise error(f"{what} must be between {low} and {high}, got {value}")
    return value


def instance_of(value: Any, kind: type[T], what: str, *, error: Error = EpistemicError,
                type_name: bool = False) -> T:
    """``value``, checked to be an instance of ``kind``; ``what`` says what
    was expected, and the message shows the value given (its type's name
    with ``type_name``, for values whose repr says little).

    >>> instance_of(3, str, "a formula's text must be a string", type_name=True)
    Traceback (most recent call last):
    ...
    epistemic.errors.EpistemicError: a formula's text must be a string, got int
    """
    if not isinstance(value, kind):
        raise error(f"{what}, got {type(value).__name__ if type_name else repr(value)}")
    return value


def one_of(value: Any, choices: Sequence, what: str, *, error: Error = EpistemicError):
    """``value``, checked to be one of ``choices`` (named, in order, in the message)."""
    if value not in choices:
        raise error(f"unknown {what} {value!r}: use one of {', '.join(map(str, choices))}")
    return value


def text_line(value: Any, what: str, *, word: bool = False, error: Error = EpistemicError) -> str:
    """``value``, checked to be one line of text that is not blank, or with
    ``word`` a non-empty text without any space.

    >>> text_line("two\\nlines", "a claim is one non-empty line of text")
    Traceback (most recent call last):
    ...
    epistemic.errors.EpistemicError: a claim is one non-empty line of text, got 'two\\nlines'
    """
    if word:
        bad = not isinstance(value, str) or not value or any(c.isspace() for c in value)
    else:
        bad = not isinstance(value, str) or not value.strip() or "\n" in value
    if bad:
        raise error(f"{what}, got {value!r}")
    return value


def validator(check: Callable[..., Any], *args: Any, **kwargs: Any) -> Callable[[Any, Any, Any], None]:
    """An attrs field validator that runs ``check(value, *args, **kwargs)``.

    >>> import attrs
    >>> @attrs.frozen
    ... class Table:
    ...     seats: int = attrs.field(validator=validator(whole_number, "seats", at_least=1))
    >>> Table(0)
    Traceback (most recent call last):
    ...
    epistemic.errors.EpistemicError: seats must be at least 1, got 0
    """
    def run(instance, attribute, value) -> None:
        check(value, *args, **kwargs)
    return run
