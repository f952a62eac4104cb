"""The text syntax of pirate promises, as the command line reads them.

A promise is written ``MAKER: SHARES [to HEARERS]``:

* ``MAKER`` is a pirate, ``p1`` being the highest ranked;
* ``SHARES`` are whole numbers of coins, one per pirate alive when the maker
  leads, **lowest-ranked pirate first and the maker last**, as the seed's
  tables write them; spaces or commas separate them;
* ``to HEARERS`` makes it a subgroup announcement heard by the listed
  pirates (the maker always hears his own promise); ranges ``p3-p5`` are
  allowed, lowest number first.  Without it the promise is public, and
  with it the promise must be heard by some pirate besides its maker.

Spaces or single commas separate shares and pirates; a comma with nothing
on one side (``"to ,p5"``, ``"p5,,p3"``) is an error.

The syntax is strict, so that a typing slip is not read as another
promise: a pirate is ``p`` in lower case and a number without leading
zeros (``P2`` and ``p02`` are errors), ``to`` is in lower case, and a range
runs upwards (``p5-p3`` is an error).

Examples: ``"p4: 2 2"``, ``"p2: 1 1 0 1 to p3 p4 p5"``, ``"p4: 2,2 to p5"``,
``"p2: 1 1 0 1 to p2-p5"``.
"""

from __future__ import annotations

import math
import re

from epistemic import Announcement
from epistemic.validators import whole_from_text

from .division import by_rank, divisions, pirate_name, promise_in
from .game import PirateGameError, check_rank, promise

__all__ = ["parse_promise", "parse_suspicion", "parse_pirate", "format_promise"]

#: Divisions one suspicion with '*' shares may stand for.
MAX_SUSPECTED_DIVISIONS = 4_096

_PIRATE = re.compile(r"p(0|[1-9][0-9]*)")


def parse_pirate(text: str, pirates: int) -> int:
    """The rank named by ``pK``.

    >>> parse_pirate("p3", 5)
    3
    >>> parse_pirate("p9", 5)
    Traceback (most recent call last):
    ...
    epistemic.models.pirates.game.PirateGameError: unknown pirate p9: the pirates are p1 to p5
    """
    m = _PIRATE.fullmatch(text.strip())
    if not m:
        raise PirateGameError(f"a pirate is written pK, a lower-case p and a number without leading zeros "
                              f"(p1 is the highest ranked), got {text.strip()!r}")
    return check_rank(whole_from_text(m.group(1), "a pirate's number", at_most=pirates, error=PirateGameError), pirates)


def _items(text: str, what: str) -> list[str]:
    """The items of a list separated by spaces or by one comma each; a
    comma with no item on one side is refused, for it marks a slip
    (a pirate or a share left out) rather than a list.

    >>> _items("p3, p4 p5", "the hearers")
    ['p3', 'p4', 'p5']
    >>> _items("p5,,p3", "the hearers")
    Traceback (most recent call last):
    ...
    epistemic.models.pirates.game.PirateGameError: the hearers 'p5,,p3' have a stray comma: write one comma between two items
    """
    text = text.strip()
    if text.startswith(",") or text.endswith(",") or re.search(r",\s*,", text):
        raise PirateGameError(f"{what} {text!r} have a stray comma: write one comma between two items")
    return [item for item in re.split(r"\s*,\s*|\s+", text) if item]


def _parse_hearers(text: str, pirates: int, maker: int) -> list[int]:
    hearers: list[int] = []
    for item in _items(text, f"the hearers of {pirate_name(maker)}'s promise"):
        if "-" in item:
            lo, hi = item.split("-", 1)
            a, b = parse_pirate(lo, pirates), parse_pirate(hi, pirates)
            if a > b:
                raise PirateGameError(f"the range {item} runs downwards: write p{b}-p{a}")
            hearers.extend(range(a, b + 1))
        else:
            hearers.append(parse_pirate(item, pirates))
    if not hearers:
        raise PirateGameError("'to' must be followed by the pirates who hear the promise")
    if set(hearers) == {maker}:
        # as a suspicion is refused (learning.candidate_worlds): nobody but the maker would know it
        raise PirateGameError(f"{pirate_name(maker)}'s promise is told to nobody but its maker: name the pirates "
                              f"who hear it after 'to', or drop 'to' to make it public")
    return hearers


def parse_promise(text: str, pirates: int, coins: int | None = None) -> Announcement:
    """Read a promise in the syntax of this module; with ``coins``, the coins of the game, its
    shares are refused where they add up to more (a share is read only when it has no more
    digits than they).

    >>> print(parse_promise("p2: 1 1 0 1 to p3-p5", 5))
    p2 to {p2, p3, p4, p5}: when p2 leads: p5:1 p4:1 p3:0 p2:1
    >>> parse_promise("p4: 2 2", 5).is_public
    True
    >>> parse_promise("p4: 2 2 1", 5)
    Traceback (most recent call last):
    ...
    epistemic.models.pirates.game.PirateGameError: promise of p4: a division when p4 leads has 2 shares (one per living pirate), got 3
    """
    if ":" not in text:
        raise PirateGameError(f"a promise is written 'pK: SHARES [to HEARERS]', got {text.strip()!r}")
    maker_text, rest = text.split(":", 1)
    maker = parse_pirate(maker_text, pirates)
    parts = re.split(r"\bto\b", rest, maxsplit=1)
    shares_text = parts[0].strip()
    if not shares_text:
        raise PirateGameError(f"the promise of p{maker} lists no shares")
    row = []
    for item in _items(shares_text, f"the shares of {pirate_name(maker)}'s promise"):
        if item.lower() == "to":
            raise PirateGameError(f"the promise of p{maker} writes {item!r}: write 'to' in lower case "
                                  f"before the pirates who hear it")
        if not re.fullmatch(r"[0-9]+", item):
            kind = "negative" if re.fullmatch(r"-[0-9]+", item) else "non-numeric"
            raise PirateGameError(f"the promise of p{maker} has a {kind} share {item!r}: shares are whole numbers of coins")
        row.append(whole_from_text(item, f"a share of {pirate_name(maker)}'s promise", at_most=coins,
                                   error=PirateGameError))
    if coins is not None and sum(row) > coins:
        raise PirateGameError(f"the shares of {pirate_name(maker)}'s promise add up to more than the {coins} coins")
    hearers = _parse_hearers(parts[1], pirates, maker) if len(parts) > 1 else None
    return promise(pirates, maker, row, hearers)


def parse_suspicion(text: str, pirates: int, coins: int) -> list[Announcement]:
    """Read a suspected promise: the syntax of :func:`parse_promise`, told to
    a subgroup, where the shares may be ``*`` for every division of
    ``coins`` by the maker.

    >>> [format_promise(a) for a in parse_suspicion("p4: * to p5", 5, 2)]
    ['p4: 2 0 to p4 p5', 'p4: 1 1 to p4 p5', 'p4: 0 2 to p4 p5']
    >>> parse_suspicion("p4: 2 2", 5, 4)
    Traceback (most recent call last):
    ...
    epistemic.models.pirates.game.PirateGameError: a suspected promise is told to a subgroup: write 'p4: 2 2 to HEARERS'
    """
    maker_text, _, rest = text.partition(":")
    shares, told, hearers = rest.partition(" to ")
    if shares.strip() == "*":
        maker = parse_pirate(maker_text, pirates)
        if not told:
            raise PirateGameError(f"a suspected promise is told to a subgroup: write '{text.strip()} to HEARERS'")
        living = pirates - maker + 1
        count = math.comb(coins + living - 1, living - 1)
        if count > MAX_SUSPECTED_DIVISIONS:
            raise PirateGameError(f"'{text.strip()}' stands for {count:,} divisions; at most "
                                  f"{MAX_SUSPECTED_DIVISIONS:,} are allowed: name the shares")
        return [parse_promise(f"p{maker}: {' '.join(map(str, row))} to {hearers}", pirates)
                for row in divisions(coins, living)]
    made = parse_promise(text, pirates, coins)
    if made.is_public:
        raise PirateGameError(f"a suspected promise is told to a subgroup: write '{text.strip()} to HEARERS'")
    if promise_in(made).division.total != coins:
        raise PirateGameError(f"the suspected promise '{text.strip()}' divides {promise_in(made).division.total} "
                              f"coins, but there are {coins}")
    return [made]


def format_promise(announcement: Announcement) -> str:
    """Write an announcement back in the syntax :func:`parse_promise` reads.

    >>> format_promise(parse_promise("p2: 1 1 0 1 to p3-p5", 5))
    'p2: 1 1 0 1 to p2 p3 p4 p5'
    """
    d = promise_in(announcement).division
    text = f"{pirate_name(d.first)}: " + " ".join(str(c) for c in d.row())
    if announcement.audience is not None:
        text += " to " + " ".join(str(pirate) for pirate in by_rank(announcement.audience))
    return text
