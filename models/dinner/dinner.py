"""An Ethiopian Dinner: morsels, each with an exact utility for every player.

Levine and Stange ("How to make the most of a shared meal: plan the last bite
first", 2011) call a finite set of morsels ``m_i = (a_i, b_i)`` a dinner:
Alice and Bob take turns eating one morsel each; Alice's score is the sum of
the ``a_i`` she eats, Bob's the sum of the ``b_i`` he eats.  The paper
assumes strict preferences (``a_i != a_j`` and ``b_i != b_j``); a dinner
here refuses equal utilities for one player unless a tie rule says how
to order them.

Examples
--------
>>> dinner = Dinner([(1, 2), (2, 3), (3, 1)])
>>> dinner.size, dinner.players
(3, 2)
>>> dinner.ranks                       # 0 is the player's least favourite
((0, 1, 2), (1, 2, 0))
>>> parse_dinner("(1, 2.5) (2, 5/2)", ties="listed").morsels
((1, Fraction(5, 2)), (2, Fraction(5, 2)))
>>> Dinner([(1, 2), (2, 2)])
Traceback (most recent call last):
...
epistemic.models.dinner.dinner.DinnerError: Bob's utilities must differ, but morsels 1 and 2 both give 2 (or choose the tie rule 'listed')
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from fractions import Fraction
from typing import Any, Union

import attrs

from epistemic import EpistemicError

__all__ = ["Dinner", "DinnerError", "TIE_RULES", "Utility", "parse_utility", "parse_morsel", "parse_dinner",
           "count_morsels", "player_name", "player_letter", "excerpt", "MAX_PLAYERS", "MAX_NUMBER_CHARS",
           "MAX_DENOMINATOR_DIGITS"]

#: An exact utility.
Utility = Union[int, Fraction]

#: How equal utilities of one player are ordered: ``strict`` refuses them, ``listed``
#: counts the morsel listed earlier as the less tasty.
TIE_RULES = ("strict", "listed")

#: The most players: one letter each, A to Z, in a turn order.
MAX_PLAYERS = 26
#: The longest utility written as text: results stay well within Python's 4,300 digits for printing.
MAX_NUMBER_CHARS = 100
#: The most digits of the utilities' common denominator, which scales every exact sum.
MAX_DENOMINATOR_DIGITS = 1000
#: The most characters of input quoted in an error message.
_QUOTED = 40

_NAMES = ("Alice", "Bob", "Carol", "Dave", "Eve", "Frank", "Grace", "Heidi", "Ivan")
_NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]+)?|\.[0-9]+|[0-9]+/[0-9]+)")


class DinnerError(EpistemicError):
    """A dinner, a turn order or a question about them was given bad input."""


def excerpt(text: str, most: int = _QUOTED) -> str:
    """``text`` quoted for an error message, cut to its first ``most`` characters.

    >>> excerpt("1 8"), excerpt("9" * 50, 5)
    ("'1 8'", "'99999...' (50 characters)")
    """
    if len(text) <= most:
        return repr(text)
    return f"{text[:most] + '...'!r} ({len(text):,} characters)"


def player_name(player: int) -> str:
    """The name of player ``player`` (from 0): Alice, Bob, Carol, ...

    >>> player_name(0), player_name(2), player_name(12)
    ('Alice', 'Carol', 'player 13')
    """
    return _NAMES[player] if player < len(_NAMES) else f"player {player + 1}"


def player_letter(player: int) -> str:
    """The letter of player ``player`` in a turn order: A, B, C, ...

    >>> player_letter(1)
    'B'
    """
    return chr(ord("A") + player)


def parse_utility(text: str, what: str = "a utility") -> Utility:
    """An exact utility from text: a whole number, a decimal or a fraction.

    At most :data:`MAX_NUMBER_CHARS` characters; ``what`` names the number in errors.

    >>> parse_utility("2.5"), parse_utility("5/2"), parse_utility("-3")
    (Fraction(5, 2), Fraction(5, 2), -3)
    >>> parse_utility("1e3")
    Traceback (most recent call last):
    ...
    epistemic.models.dinner.dinner.DinnerError: a utility is a number such as 3, 2.5 or 5/2, got '1e3'
    """
    text = text.strip()
    if len(text) > MAX_NUMBER_CHARS:
        raise DinnerError(f"{what} is written in at most {MAX_NUMBER_CHARS} characters, got {excerpt(text)}")
    if not _NUMBER.fullmatch(text):
        raise DinnerError(f"{what} is a number such as 3, 2.5 or 5/2, got {excerpt(text)}")
    try:
        value = Fraction(text)
    except ZeroDivisionError:
        raise DinnerError(f"{what}'s denominator must not be 0, got {excerpt(text)}") from None
    return value.numerator if value.denominator == 1 else value


def _utility(value: Any) -> Utility:
    if type(value) is int:  # the common case, first: a dinner may have a million morsels
        return value
    if isinstance(value, str):
        return parse_utility(value)
    if isinstance(value, bool) or not isinstance(value, (int, Fraction)):
        raise DinnerError(f"a utility is exact: a whole number, a Fraction or text such as '2.5', "
                          f"got {excerpt(repr(value))}")
    if isinstance(value, Fraction) and value.denominator == 1:
        return value.numerator
    return value


def _morsels(morsels: Any) -> tuple[tuple[Utility, ...], ...]:
    if isinstance(morsels, (str, bytes)) or not isinstance(morsels, Iterable):
        raise DinnerError(f"a dinner is a list of morsels, got {excerpt(repr(morsels))}")
    made = []
    for number, morsel in enumerate(morsels, 1):
        if isinstance(morsel, (str, bytes)) or not isinstance(morsel, Iterable):
            raise DinnerError(f"morsel {number} must be a tuple of utilities, one a player, "
                              f"got {excerpt(repr(morsel))}")
        made.append(tuple(_utility(u) for u in morsel))
        if number == 1 and len(made[0]) > MAX_PLAYERS:
            raise DinnerError(f"a dinner has at most {MAX_PLAYERS} players (A to Z), but morsel 1 has "
                              f"{len(made[0]):,} utilities")
    if not made:
        raise DinnerError("a dinner has at least one morsel")
    players = len(made[0])
    if players < 2:
        raise DinnerError(f"a dinner has at least two players, but morsel 1 has {players} "
                          f"utilit{'y' if players == 1 else 'ies'}")
    for number, morsel in enumerate(made, 1):
        if len(morsel) != players:
            raise DinnerError(f"every morsel has one utility a player: morsel 1 has {players}, "
                              f"morsel {number} has {len(morsel)}")
    _check_denominators(made)
    return tuple(made)


def _check_denominators(morsels: list[tuple[Utility, ...]]) -> None:
    """Refuse utilities whose common denominator is too long for exact sums to be printed.

    The least common multiple is built one denominator at a time and stops
    as soon as it is too long, so the check stays cheap.
    """
    common, bound = 1, 10 ** MAX_DENOMINATOR_DIGITS
    for morsel in morsels:
        for u in morsel:
            if type(u) is not int:
                common = math.lcm(common, u.denominator)
                if common >= bound:
                    raise DinnerError(f"the utilities' common denominator has more than {MAX_DENOMINATOR_DIGITS} "
                                      f"digits: give fewer or shorter fractions")


@attrs.frozen
class Dinner:
    """A dinner: morsels, each a tuple of exact utilities, one a player.

    Parameters
    ----------
    morsels : iterable of tuples
        ``(a, b)`` for Alice and Bob, or one utility for each of more players;
        whole numbers, :class:`~fractions.Fraction` or text such as ``'2.5'``.
    ties : {'strict', 'listed'}
        ``strict`` (the paper's assumption) refuses equal utilities for one
        player; ``listed`` counts, among equal utilities, the morsel listed
        earlier as the less tasty.

    Attributes
    ----------
    ranks : tuple of tuples
        ``ranks[p][i]``: where morsel ``i`` stands in player ``p``'s
        preference, 0 for the least favourite.
    preference : tuple of tuples
        ``preference[p]``: the morsels' indices from ``p``'s least favourite up.
    """

    morsels: tuple[tuple[Utility, ...], ...] = attrs.field(converter=_morsels)
    ties: str = attrs.field(default="strict")
    ranks: tuple[tuple[int, ...], ...] = attrs.field(init=False, repr=False, eq=False)
    preference: tuple[tuple[int, ...], ...] = attrs.field(init=False, repr=False, eq=False)

    @ties.validator
    def _known_rule(self, attribute, value):
        if value not in TIE_RULES:
            raise DinnerError(f"unknown tie rule {value!r}: use one of {', '.join(TIE_RULES)}")

    def __attrs_post_init__(self) -> None:
        preference = []
        for p in range(self.players):
            column = [morsel[p] for morsel in self.morsels]
            # a stable sort: among equal utilities, the morsel listed first comes first
            order = sorted(range(self.size), key=column.__getitem__)
            if self.ties == "strict":
                for low, high in zip(order, order[1:]):
                    if column[low] == column[high]:
                        first, second = sorted((low, high))
                        raise DinnerError(f"{player_name(p)}'s utilities must differ, but morsels {first + 1} and "
                                          f"{second + 1} both give {self.morsels[low][p]} "
                                          f"(or choose the tie rule 'listed')")
            preference.append(tuple(order))
        ranks = [[0] * self.size for _ in preference]
        for p, listed in enumerate(preference):
            for rank, i in enumerate(listed):
                ranks[p][i] = rank
        object.__setattr__(self, "preference", tuple(preference))
        object.__setattr__(self, "ranks", tuple(tuple(r) for r in ranks))

    @property
    def size(self) -> int:
        """The number of morsels."""
        return len(self.morsels)

    @property
    def players(self) -> int:
        """The number of players."""
        return len(self.morsels[0])

    def utility(self, player: int, morsel: int) -> Utility:
        """What morsel ``morsel`` (an index) is worth to ``player``."""
        return self.morsels[morsel][player]

    def without(self, morsel: int) -> Dinner:
        """The dinner with morsel ``morsel`` (an index) eaten.

        >>> Dinner([(1, 2), (2, 3), (3, 1)]).without(0).morsels
        ((2, 3), (3, 1))
        """
        if not 0 <= morsel < self.size or self.size == 1:
            raise DinnerError(f"cannot remove morsel {morsel + 1} from a dinner of {self.size}")
        return Dinner(self.morsels[:morsel] + self.morsels[morsel + 1:], self.ties)

    def text(self) -> str:
        """The dinner as the paper writes it: ``{(1, 2), (2, 3), (3, 1)}``."""
        return "{" + ", ".join("(" + ", ".join(map(str, m)) + ")" for m in self.morsels) + "}"


def parse_morsel(text: str) -> tuple[Utility, ...]:
    """A morsel from text: utilities separated by commas or spaces, in optional parentheses.

    >>> parse_morsel("(1, 8)"), parse_morsel("2.5 3")
    ((1, 8), (Fraction(5, 2), 3))
    """
    inner = text.strip()
    if inner.startswith("(") and inner.endswith(")"):
        inner = inner[1:-1]
    parts = [p for p in re.split(r"[,\s]+", inner.strip()) if p]
    if len(parts) < 2:
        raise DinnerError(f"a morsel is a pair (or tuple) of numbers such as 1,8, got {excerpt(text.strip())}")
    if len(parts) > MAX_PLAYERS:
        raise DinnerError(f"a morsel has one utility a player, at most {MAX_PLAYERS} players, got {len(parts):,} "
                          f"utilities in {excerpt(text.strip())}")
    try:
        return tuple(parse_utility(p) for p in parts)
    except DinnerError as e:
        raise DinnerError(f"{e}, in the morsel {excerpt(text.strip())}") from None


def count_morsels(text: str) -> int:
    """How many morsels ``text`` holds, at most, counted without parsing it.

    Counts parentheses, or else lines that hold a digit, or else the pieces
    of a single line: cheap enough to refuse a dinner that is too large
    before reading it.

    >>> count_morsels("{(1,2),(2,3),(3,1)}"), count_morsels("1 8\\n2 3  # two\\n"), count_morsels("1,2 2,3")
    (3, 2, 2)
    """
    if "(" in text:
        return text.count("(")
    lines = sum(1 for _ in re.finditer(r"^[^#\n]*[0-9]", text, re.M))
    if lines != 1:
        return lines
    line = re.search(r"^[^#\n]*[0-9][^#\n]*", text, re.M)
    assert line is not None, "a line holds a digit"
    return sum(1 for _ in re.finditer(r"[^\s;]+", line.group()))


def parse_dinner(text: str, ties: str = "strict", most: int | None = None) -> Dinner:
    """A dinner from text: ``{(1,2),(2,3),(3,1)}``, ``1,2 2,3 3,1`` or one morsel a line.

    Lines may end in ``#`` comments, and a line may hold a morsel in
    parentheses, ``(1, 8)``, or without, ``1 8``.  With ``most``, a dinner
    of more morsels is refused before it is parsed (:func:`count_morsels`).

    >>> parse_dinner("{(1,2),(2,3),(3,1)}").morsels
    ((1, 2), (2, 3), (3, 1))
    >>> parse_dinner("1 8   # Bob's favourite\\n(2, 3)").morsels
    ((1, 8), (2, 3))
    >>> parse_dinner("1 8\\n2 x")
    Traceback (most recent call last):
    ...
    epistemic.models.dinner.dinner.DinnerError: line 2: a utility is a number such as 3, 2.5 or 5/2, got 'x', in the morsel '2 x'
    """
    if most is not None:
        count = count_morsels(text)
        if count > most:
            raise DinnerError(f"a dinner here has at most {most:,} morsels, got about {count:,}")
    lines = [(number, line.split("#", 1)[0].strip()) for number, line in enumerate(text.splitlines(), 1)]
    lines = [(number, line) for number, line in lines if line]
    if lines and lines[0][1].startswith("{"):
        if not lines[-1][1].endswith("}"):
            raise DinnerError("a dinner in braces is written like {(1,2),(2,3)}: the closing brace is missing")
        lines[0] = (lines[0][0], lines[0][1][1:])
        lines[-1] = (lines[-1][0], lines[-1][1][:-1])
    several = len(lines) > 1
    pieces: list[tuple[int, str]] = []
    for number, line in lines:
        where = f"line {number}: " if several else ""
        if "(" in line or ")" in line:
            rest = re.sub(r"\([^()]*\)", "", line)
            if re.sub(r"[\s,;]", "", rest):
                raise DinnerError(f"{where}morsels in parentheses are written like (1,2),(2,3), got {excerpt(line)}")
            pieces += [(number, p) for p in re.findall(r"\(([^()]*)\)", line)]
        elif several:
            pieces.append((number, line))
        elif "," in line:
            pieces += [(number, p) for p in re.split(r"[\s;]+", line) if p]
        else:
            pieces.append((number, line))
    morsels = []
    for number, piece in pieces:
        try:
            morsels.append(parse_morsel(piece))
        except DinnerError as e:
            raise DinnerError(f"line {number}: {e}" if several else str(e)) from None
    return Dinner(morsels, ties)
