"""The ``epistemic numberline`` command: the optimal play, as text or JSON.

Examples
--------
>>> import io
>>> from argparse import ArgumentParser
>>> parser = ArgumentParser()
>>> add_arguments(parser)
>>> out = io.StringIO()
>>> run(parser.parse_args(["--players", "2", "--stacks", "4"]), out)
0
>>> print(out.getvalue().splitlines()[3])
  p1 places her token on 3 and gets 6
"""

from __future__ import annotations

import argparse
import json
import re
from fractions import Fraction
from typing import Any, TextIO

from epistemic import Reason
from epistemic.models import Command, end_progress, progress_printer, whole_number_argument, write_pictures
from epistemic.models import cards
from epistemic.models.efg import add_efg_argument, check_efg_destination, check_efg_size, efg_file
from epistemic.validators import between

from .continuous import MAX_GRID, Continuous, Interval, continuous, step
from .game import TIE_RULES, NumberLine, NumberLineError, counted
from .solve import Solution, advantage, explain, name, number, solve

__all__ = ["COMMAND", "parse_values", "report", "to_dict"]

#: The most stacks the command line takes, and the most lines an explanation may have.
MAX_STACKS = 1000
MAX_WHY_LINES = 10_000
#: The longest value written in --values, and how one is written.
MAX_DIGITS = 30
_VALUE = re.compile(r"-?[0-9]+(\.[0-9]+)?(/[0-9]+)?")
#: Values and tied places shown before a list is cut.
SHOWN = 12
#: The finest grid --continuous reaches unless told.
MAX_GRID_SHOWN = 16
#: The longest list of points a continuous report writes on one line.
MAX_PHRASE = 200
#: Games with more states than this show progress on a terminal.
SLOW = 100_000


def parse_values(text: str) -> tuple[Fraction | int, ...]:
    """Stack values written ``1,2,3`` (whole numbers, decimals or fractions such as ``5/2``).

    >>> parse_values("1, 2.5, 7/2")
    (1, Fraction(5, 2), Fraction(7, 2))
    >>> parse_values("1,two")
    Traceback (most recent call last):
    ...
    epistemic.models.numberline.game.NumberLineError: a stack's value must be a number such as 3, 2.5 or 7/2 of at most 30 characters, got 'two'
    """
    values: list[Fraction | int] = []
    for word in (w.strip() for w in text.split(",")):
        # no exponents: "1e999999999" would be a number too large to work with
        try:
            if len(word) > MAX_DIGITS or not _VALUE.fullmatch(word):
                raise ValueError(word)
            value = Fraction(word)
        except (ValueError, ZeroDivisionError):
            raise NumberLineError(f"a stack's value must be a number such as 3, 2.5 or 7/2 of at most "
                                  f"{MAX_DIGITS} characters, got {word!r}") from None
        values.append(int(value) if value.denominator == 1 else value)
    return tuple(values)


def _listed(items: list[str]) -> str:
    """``items`` joined, the middle left out of a list of more than ``SHOWN`` or of
    more than ``MAX_PHRASE`` characters (at least one item is kept at each end).

    >>> _listed([str(k) for k in range(1, 14)])
    '1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13'
    >>> _listed([str(k) for k in range(1, 15)])
    '1, 2, 3, 4, 5, 6, ... 2 more ..., 13, 14'
    >>> _listed([str(10 ** 29 + k) for k in range(20)])
    '100000000000000000000000000000, 100000000000000000000000000001, 100000000000000000000000000002, \
... 14 more ..., 100000000000000000000000000017, 100000000000000000000000000018, 100000000000000000000000000019'
    """
    joined = ", ".join(items)
    if len(items) <= SHOWN + 1 and len(joined) <= MAX_PHRASE:
        return joined
    keep = min(SHOWN // 2, (len(items) - 2) // 2)  # "... 1 more ..." would save nothing
    while keep > 1 and len(", ".join(items[:keep] + items[-keep:])) > MAX_PHRASE:
        keep -= 1
    if keep < 1:
        return joined
    return ", ".join(items[:keep] + [f"... {len(items) - 2 * keep} more ..."] + items[-keep:])


def _board(game: NumberLine) -> str:
    values = list(game.values)
    worth = (f"1 to {len(values)}" if values == list(range(1, len(values) + 1))
             else _listed([number(v) for v in values]))
    where = f"a clock of {len(values)} hours" if game.clock else "a line"
    stacks = "stacks" if len(values) > 1 else "a stack"
    return f"{game.players} players, {stacks} worth {worth} on {where}; ties go to the {game.ties} place"


def _money(value: Fraction) -> int | str:
    """A number for JSON: whole numbers as numbers, others as exact text."""
    return int(value) if value.denominator == 1 else number(value)


def _advantage(payoffs: tuple[Fraction, ...]) -> str:
    others = payoffs[0] - advantage(payoffs)
    return (f"Going first is worth {number(advantage(payoffs))}: p1 gets {number(payoffs[0])}, "
            f"the others {number(others)} on average, of {number(sum(payoffs, Fraction(0)))} in all.")


def report(solution: Solution) -> str:
    """The optimal play, the first mover's advantage and the ties met."""
    game = solution.game
    lines = [f"The number-line game: {_board(game)}.", "", "Optimal play:"]
    lines += [f"  {name(i)} places her token on {number(at)} and gets {number(got)}"
              for i, (at, got) in enumerate(zip(solution.placed, solution.payoffs))]
    lines += ["", _advantage(solution.payoffs)]
    points = [(turn, tied) for turn, tied in enumerate(solution.tied) if len(tied) > 1]
    for turn, tied in points:
        lines.append(f"Tie at [{', '.join(number(x) for x in solution.placed[:turn])}]: {name(turn)} does as well "
                     f"on {_listed([number(x) for x in tied])}.")
    if not points:
        lines.append("No tie on the optimal play.")
    states = len(solution.solved.dag)
    lines.append(f"{states:,} states solved, {solution.tie_states:,} of them with a tie.")
    return "\n".join(lines)


def where(sets: tuple[Interval, ...]) -> str:
    """A set of points in words: ``at 0 or 4``, ``anywhere in (4, 6) or (7, 8)``,
    ``anywhere in [1, 2] or at 5``.

    >>> where((Interval(Fraction(0), Fraction(0)), Interval(Fraction(4), Fraction(4))))
    'at 0 or 4'
    >>> where((Interval(Fraction(1), Fraction(2)), Interval(Fraction(5), Fraction(5))))
    'anywhere in [1, 2] or at 5'
    """
    single = [s.low == s.high for s in sets]
    if all(single):
        return "at " + " or ".join(str(s) for s in sets)
    if not any(single):
        return "anywhere in " + " or ".join(str(s) for s in sets)
    return " or ".join(f"{'at' if one else 'anywhere in'} {s}" for s, one in zip(sets, single))


def report_continuous(game: NumberLine, answer: Continuous) -> str:
    """The point each player takes on the optimal play, the points as good for
    her, and whether the grids settled."""
    grids = _grids(answer.grid)
    steps = f"grids of step {', '.join(step(g) for g in grids)}" if len(grids) > 1 else "the grid of step 1"
    lines = [f"The continuous number-line game: {_board(game)}; tokens anywhere from "
             f"{number(game.position(0))} to {number(game.position(game.places - 1))}, at distinct points.", ""]
    if answer.stable:
        lines.append(f"Optimal play (settled on {steps}):")
    else:
        lines.append(f"The answer did not settle on {steps}: {answer.why_not}.")
        lines.append(f"On the finest grid solved, of step {step(answer.grid)}:")
    for i, (sets, point, got) in enumerate(zip(answer.sets, answer.placed, answer.payoffs)):
        at = str(point) if point.side else f"at {point}"
        edge = " (reaching the grid's edge)" if any(s.at_edge for s in sets) else ""
        alone = len(sets) == 1 and sets[0].low == sets[0].high
        also = "" if alone else f" (as good: {_cut(where(sets))}{edge})"
        lines.append(f"  {name(i)} places her token {at}{edge if alone else ''}{also} and gets {number(got)}")
    lines += ["", _advantage(answer.payoffs)]
    return "\n".join(lines)


def _grids(finest: int) -> list[int]:
    return [1 << k for k in range(finest.bit_length())]


def _cut(text: str) -> str:
    """``text``, cut in the middle where it is longer than a report line should be."""
    return text if len(text) <= MAX_PHRASE else f"{text[:MAX_PHRASE // 2]} ... {text[-MAX_PHRASE // 2:]}"


def to_dict(solution: Solution) -> dict:
    """The game and its optimal play as JSON-ready data (exact numbers that are not
    whole are written as text, such as ``"12.5"``)."""
    game = solution.game
    return {"game": "numberline", "players": game.players, "values": [_money(Fraction(v)) for v in game.values],
            "clock": game.clock, "ties": game.ties,
            "play": [{"player": name(i), "stack": _money(Fraction(at)), "gets": _money(got),
                      "tied": [_money(Fraction(x)) for x in tied]}
                     for i, (at, got, tied) in enumerate(zip(solution.placed, solution.payoffs, solution.tied))],
            "advantage": _money(solution.advantage),
            "tie_points": [[_money(Fraction(x)) for x in point] for point in solution.tie_points()],
            "states": len(solution.solved.dag), "tie_states": solution.tie_states}


def continuous_to_dict(game: NumberLine, answer: Continuous) -> dict:
    """The continuous game's answer as JSON-ready data: each player's point ``at``
    (``just`` ``"above"`` or ``"below"`` it where it is an open end of her set),
    and every point as good for her, ``anywhere_in``, as text such as ``"(7, 9)"``."""
    return {"game": "numberline", "continuous": True, "players": game.players,
            "values": [_money(Fraction(v)) for v in game.values], "ties": game.ties,
            "play": [{"player": name(i), "at": _money(point.at),
                      "just": {1: "above", -1: "below", 0: None}[point.side],
                      "anywhere_in": [str(s) for s in sets], "gets": _money(got),
                      "at_edge": any(s.at_edge for s in sets)}
                     for i, (sets, point, got) in enumerate(zip(answer.sets, answer.placed, answer.payoffs))],
            "grid": answer.grid, "stable": answer.stable, "why_not": answer.why_not}


def why_to_dict(why: Reason) -> dict:
    """An explanation as JSON-ready data, each reason naming the ``stacks_taken``
    in the state it is read off (a reason of :func:`~.solve.explain` is keyed by them).

    >>> from epistemic.models.numberline import NumberLine
    >>> data = why_to_dict(explain(solve(NumberLine.with_stacks(3, players=2)), depth=1))
    >>> data["claim"], data["stacks_taken"], data["because"][0]["stacks_taken"]
    ('p1 places her token on 2', [], [1])
    """
    def stacks(key: Any) -> list | None:  # a key of explain's: the positions taken
        return None if key is None else [_money(Fraction(x)) for x in key]
    root = why.to_dict(key=stacks)
    stack = [root]
    while stack:
        node = stack.pop()
        items = list(node.items())
        node.clear()  # renamed in place, keeping the order of the fields
        node.update(("stacks_taken" if field == "key" else field, value) for field, value in items)
        stack.extend(node["because"])
    return root


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--players", type=whole_number_argument, default=3, help="tokens placed, p1's first (default: 3)")
    board = p.add_mutually_exclusive_group()
    board.add_argument("--stacks", type=whole_number_argument, default=None,
                       help="stacks worth 1, 2, ..., STACKS (default: 10)")
    board.add_argument("--values", help="the stacks' values, such as 1,2,3.5,7/2 (write a list that starts with a "
                                        "negative value with '=': --values=-1,2,3)")
    p.add_argument("--clock", action="store_true", help="play on a clock: the last stack sits beside the first")
    p.add_argument("--continuous", action="store_true", help="tokens anywhere on the line, not only on stacks")
    p.add_argument("--max-grid", type=whole_number_argument, default=None,
                   help=f"with --continuous, the finest grid, in places per unit (a power of 2 up to {MAX_GRID}; "
                        f"default: {MAX_GRID_SHOWN})")
    p.add_argument("--ties", choices=TIE_RULES, default="lowest",
                   help="among equally good places, take the lowest (the default) or the highest")
    p.add_argument("--json", action="store_true", help="print the game and its play as JSON")
    p.add_argument("--why", action="store_true", help="explain p1's place")
    p.add_argument("--depth", type=whole_number_argument, default=None,
                   help="with --why, the levels of reasons shown (default: 1)")
    add_efg_argument(p)


def run(args: argparse.Namespace, out: TextIO) -> int:
    # every limit is checked before any work
    if args.values is not None:
        values = parse_values(args.values)
    else:
        stacks = 10 if args.stacks is None else args.stacks
        between(stacks, 1, MAX_STACKS, "--stacks", error=NumberLineError)
        values = tuple(range(1, stacks + 1))
    if len(values) > MAX_STACKS:
        raise NumberLineError(f"at most {MAX_STACKS:,} stacks, got {len(values):,}")
    if args.max_grid is not None and not args.continuous:
        raise NumberLineError("--max-grid is the finest grid of the continuous game: it needs --continuous")
    if args.depth is not None and not args.why:
        raise NumberLineError("--depth is how deep --why explains: it needs --why")
    depth = 1 if args.depth is None else between(args.depth, 1, 20, "--depth", error=NumberLineError)
    if args.players > len(values) and not args.continuous:  # the continuous game has room between the stacks
        raise NumberLineError(f"{args.players} players cannot each take one of {counted(len(values), 'stack')}")
    if args.continuous:
        if args.export_efg is not None:
            raise NumberLineError("--export-efg writes the game on the stacks: it cannot be combined with --continuous")
        if args.clock:
            raise NumberLineError("--continuous is for a line: it cannot be combined with --clock")
        if args.why:
            raise NumberLineError("--why explains the game on the stacks: it cannot be combined with --continuous")
        show = progress_printer("states solved")
        try:
            answer = continuous(values, args.players, ties=args.ties, progress=show,
                                max_grid=MAX_GRID_SHOWN if args.max_grid is None else args.max_grid)
        finally:
            end_progress(show)
        game = NumberLine(values, args.players, ties=args.ties, margin=1)
        text = (json.dumps(continuous_to_dict(game, answer), indent=2) if args.json
                else report_continuous(game, answer))
        out.write(text + "\n")
        return 0
    game = NumberLine(values, args.players, clock=args.clock, ties=args.ties)
    if args.export_efg is not None:
        check_efg_destination(args.export_efg)
        efg_size = check_efg_size(game)
    if args.why and (game.places - 1) ** depth > MAX_WHY_LINES:
        raise NumberLineError(f"an explanation {depth} levels deep over {game.places} stacks would run to "
                              f"more than {MAX_WHY_LINES:,} lines: ask for a smaller --depth")
    show = progress_printer("states solved") if game.states() > SLOW else None
    try:
        solution = solve(game, progress=show)
    finally:
        end_progress(show)
    why = explain(solution, depth=depth) if args.why else None
    if args.json:
        text = json.dumps({**to_dict(solution), **({"why": why_to_dict(why)} if why else {})}, indent=2)
    else:
        text = report(solution) + (f"\n\nWhy?\n{why.to_text()}" if why else "")
    if args.export_efg is not None:
        write_pictures([efg_file(game.extensive_form(solution.solved), args.export_efg, efg_size)])
    out.write(text + "\n")
    return 0


COMMAND = Command(help=cards.NUMBERLINE.help, add_arguments=add_arguments,
                  run=run, description="Players place tokens in turn on stacks of money along a line (or a clock);\n"
                                       "each takes the stacks nearest her token.  The optimal play, what going\n"
                                       "first is worth, the ties met, and why.")
