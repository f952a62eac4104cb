"""How printed texts count things: ``1 world``, ``2 worlds``, never ``1 worlds``.

Every count the framework prints or draws beside a noun goes through
:func:`counted`, so that a count of one reads in the singular wherever it
turns up (a game of one coin, a puzzle left with one world, a picture of
one prediction).
"""

from __future__ import annotations

__all__ = ["counted", "noun"]


def noun(n: int, thing: str, things: str | None = None) -> str:
    """``thing`` for one, else its plural ``things`` (by default ``thing`` with an s).

    Examples
    --------
    >>> noun(1, "world"), noun(0, "world"), noun(2, "utility", "utilities")
    ('world', 'worlds', 'utilities')
    """
    return thing if n == 1 else things if things is not None else thing + "s"


def counted(n: int, thing: str, things: str | None = None) -> str:
    """``n`` things, the number with thousands separated, the noun in the singular for one.

    Parameters
    ----------
    n : int
        How many.
    thing : str
        The noun for one, with any words after it: ``"world left"``.
    things : str, optional
        The plural, where it is not ``thing`` with an s (``"children"``,
        ``"worlds left"``).

    Examples
    --------
    >>> counted(1, "coin"), counted(0, "coin"), counted(12000, "world")
    ('1 coin', '0 coins', '12,000 worlds')
    >>> counted(1, "child", "children"), counted(3, "child", "children")
    ('1 child', '3 children')
    """
    return f"{n:,} {noun(n, thing, things)}"
