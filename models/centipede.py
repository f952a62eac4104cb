"""The centipede game (Rosenthal 1981), solved by backward induction.

Two players, p1 and p2, face a large and a small pile of money.  At each of
``length`` moves the player to move (p1 first) either *takes* the large
pile, leaving the small one to the other and ending the game, or *passes*,
and both piles grow ``factor``-fold.  After the last pass the player who
would move next takes the large pile.  Both would gain by passing for long,
yet when the large pile is at least ``factor`` times the small one,
subgame-perfect play takes at once: each mover foresees that the other
would take at the next move.

Examples
--------
McKelvey and Palfrey's (1992) four-move game, in cents: what each player
gets if the game is taken at moves 1 to 4, or passed to the end.

>>> game = Centipede(length=4)
>>> [game.payoffs(-move) for move in range(1, 5)] + [game.payoffs(5)]
[(40, 10), (20, 80), (160, 40), (80, 320), (640, 160)]
>>> play = game.solve().play(1)
>>> play[0].move, play[-1].payoffs
('take', (40, 10))
"""

from __future__ import annotations

import argparse
import json
import math
from typing import TextIO

import attrs

from epistemic import BackwardInduction, EpistemicError
from epistemic.extensive import PerfectInformation
from epistemic.experiments import Experiment, Parameter
from epistemic.models import MAX_DEPTH, Command, whole_number_argument, write_pictures
from epistemic.models import cards
from epistemic.models.commands import OutputFile
from epistemic.models.efg import add_efg_argument, check_efg_destination, check_efg_size, efg_file
from epistemic.validators import between, validator, whole_number_at_least
from epistemic.visualize import RENDERERS, check_destinations, reason_picture

__all__ = ["Centipede", "CentipedeError", "COMMAND", "EXPERIMENTS", "subgame_perfect"]

#: The command line's longest game, and the most digits its piles may grow to.
MAX_LENGTH = 1000
MAX_DIGITS = 1000
#: Moves shown in a table before its middle is cut.
SHOWN = 20


class CentipedeError(EpistemicError):
    """A centipede game was asked with numbers it cannot have."""


def _at_least(low: int, what: str):
    return validator(whole_number_at_least, low, what, error=CentipedeError)


@attrs.frozen
class Centipede:
    """A centipede game, as a :class:`~epistemic.SequentialGame`.

    A state is the number of the next move (``length + 1`` once every move
    was a pass), or minus the number of the move at which a player took.
    """

    length: int = attrs.field(default=6, validator=_at_least(1, "the number of moves"))
    large: int = attrs.field(default=40, validator=_at_least(0, "the large pile"))
    small: int = attrs.field(default=10, validator=_at_least(0, "the small pile"))
    factor: int = attrs.field(default=2, validator=_at_least(1, "the growth factor"))

    def mover(self, state: int) -> int | None:
        return None if state < 0 or state > self.length else self.player(state)

    def player(self, move: int) -> int:
        """Who makes move ``move`` (numbered from 1): p1 (0) the odd ones, p2 (1) the even."""
        return (move - 1) % 2

    def moves(self, state: int) -> list[tuple[str, int]]:
        return [("take", -state), ("pass", state + 1)]  # in this order: a mover indifferent between them takes

    def payoffs(self, state: int) -> tuple[int, int]:
        move = abs(state)  # after the last pass, the next mover takes as if at move length + 1
        grown = self.factor ** (move - 1)
        large, small = self.large * grown, self.small * grown
        return (large, small) if self.player(move) == 0 else (small, large)

    def solve(self) -> BackwardInduction[int, str]:
        """The game solved from its first move (``solved.play(1)``)."""
        return BackwardInduction(self)

    def extensive_form(self, solved: BackwardInduction[int, str] | None = None) -> PerfectInformation:
        """The game as a tree (:mod:`epistemic.extensive`), with subgame-perfect play as its strategy.

        >>> from epistemic.export import to_efg
        >>> print(to_efg(Centipede(length=2)))
        EFG 2 R "Centipede: 2 moves, piles of 40 and 10 growing 2-fold" { "p1" "p2" }
        ""
        <BLANKLINE>
        p "" 1 1 "p1 at the start" { "take" "pass" } 0
        t "" 1 "p1 takes at move 1" { 40, 10 }
        p "" 2 1 "p2 after pass" { "take" "pass" } 0
        t "" 2 "p2 takes at move 2" { 20, 80 }
        t "" 3 "every move passes" { 160, 40 }
        <BLANKLINE>
        """
        def ending(path: tuple, payoffs) -> str:
            return "every move passes" if path[-1] == "pass" else f"{name(self.player(len(path)))} takes at move {len(path)}"
        return PerfectInformation(self, 1, self.solve() if solved is None else solved, players=("p1", "p2"),
                                  title=f"Centipede: {self.length} move{'s' * (self.length != 1)}, piles of "
                                        f"{self.large} and {self.small} growing {self.factor}-fold",
                                  outcome=ending)


def name(player: int) -> str:
    return f"p{player + 1}"


def says(state: int, move: str) -> str:
    return f"{'takes' if move == 'take' else 'passes'} at move {state}"


def to_dict(game: Centipede, solved: BackwardInduction[int, str]) -> dict:
    """The game, each move's choice and the play, as JSON-ready data."""
    choices = [solved[move] for move in range(1, game.length + 1)]
    play = solved.play(1)
    return {"game": "centipede", **attrs.asdict(game),
            "moves": [{"move": c.state, "mover": name(game.player(c.state)), "if_taken": list(game.payoffs(-c.state)),
                       "choice": c.move, "ties": list(c.ties)} for c in choices],
            "end": list(game.payoffs(game.length + 1)),
            "play": {"moves": [c.move for c in play[:-1]], "payoffs": list(play[-1].payoffs)}}


def report(game: Centipede, solved: BackwardInduction[int, str]) -> str:
    """The moves as a table (its middle cut when long), then the play."""
    rows: list[tuple[object, ...]] = [("move", "mover", "p1 if taken", "p2 if taken", "choice")]
    rows += [(m, name(game.player(m)), *game.payoffs(-m), " or ".join(solved[m].ties))
             for m in range(1, game.length + 1)]
    rows.append(("end", "", *game.payoffs(game.length + 1), ""))
    widths = [max(len(str(row[i])) for row in rows) for i in range(5)]
    lines = ["  ".join(str(v).rjust(w) for v, w in zip(row, widths)).rstrip() for row in rows]
    if game.length > SHOWN:
        lines[1 + SHOWN // 2:-1 - SHOWN // 2] = [f"  ... {game.length - SHOWN} moves more ..."]
    table = "\n".join(lines)
    last = solved.play(1)[-1]
    ended = "every move passes" if last.state > 0 else f"{name(game.player(-last.state))} takes at move {-last.state}"
    return (f"The centipede game: {game.length} move{'s' * (game.length != 1)}, piles of {game.large} and {game.small} "
            f"that grow {game.factor}-fold at each pass.\n\n{table}\n\n"
            f"Subgame-perfect play: {ended}; p1 gets {last.payoffs[0]}, p2 gets {last.payoffs[1]}.")


def add_arguments(p: argparse.ArgumentParser) -> None:
    for option, default, text in (("--length", 6, "moves"), ("--large", 40, "the large pile at the start"),
                                  ("--small", 10, "the small pile at the start"),
                                  ("--factor", 2, "how many-fold the piles grow at each pass")):
        p.add_argument(option, type=whole_number_argument, default=default, help=f"{text} (default: {default})")
    p.add_argument("--json", action="store_true", help="print the game and its play as JSON")
    p.add_argument("--why", action="store_true", help="explain the first move")
    p.add_argument("--depth", type=whole_number_argument, default=6, help="levels of reasons shown (default: 6)")
    p.add_argument("--draw", metavar="FILE", help="draw why the first move is made (.svg, .png, .pdf, .dot)")
    p.add_argument("--renderer", choices=RENDERERS, default="auto", help="Graphviz engine for --draw")
    add_efg_argument(p)


def run(args: argparse.Namespace, out: TextIO) -> int:
    # every limit is checked before any work
    between(args.length, 1, MAX_LENGTH, "--length", error=CentipedeError)
    between(args.depth, 1, MAX_DEPTH, "--depth", error=CentipedeError)
    game = Centipede(args.length, args.large, args.small, args.factor)
    # the last pile, large * factor ** length, has this many digits
    digits = int(math.log10(max(game.large, game.small, 1)) + game.length * math.log10(game.factor)) + 1
    if digits > MAX_DIGITS:
        raise CentipedeError(f"the piles would grow to {digits:,} digits, more than {MAX_DIGITS:,}: "
                             f"ask for fewer moves, a smaller factor or smaller piles")
    drawn = [] if args.draw is None else [args.draw]
    formats = check_destinations(drawn)
    if args.export_efg is not None:
        check_efg_destination(args.export_efg, drawn)
        efg_size = check_efg_size(game)
    solved = game.solve()
    why = solved.explain(1, name=name, says=says, depth=args.depth) if args.why or drawn else None
    images: list[OutputFile] = [(path, reason_picture(why, group=None, title=f"Why {why.claim}", chain=12,
                                    legend_title="Reading the picture").pipe(fmt, args.renderer))
              for path, fmt in zip(drawn, formats) if why is not None]
    shown = why if args.why else None
    if args.json:
        text = json.dumps({**to_dict(game, solved), **({"why": shown.to_dict()} if shown else {})}, indent=2)
    else:
        text = report(game, solved) + (f"\n\nWhy?\n{shown.to_text()}" if shown else "")
    if args.export_efg is not None:
        images.append(efg_file(game.extensive_form(solved), args.export_efg, efg_size))
    write_pictures(images)
    out.write(text + "\n")
    return 0


COMMAND = Command(help=cards.CENTIPEDE.help, add_arguments=add_arguments, run=run,
                  description="Solve the centipede game (Rosenthal 1981) by backward induction: what each\n"
                              "player does at every move, the subgame-perfect play, and why.")


def subgame_perfect(length: int, large: int, small: int, factor: int) -> dict:
    """One cell of a sweep: where subgame-perfect play ends, and what it forgoes.

    ``taken_at`` is the move at which a player takes (``length + 1`` when
    every move passes), ``p1`` and ``p2`` the payoffs, and ``share`` what the
    players get together as a share of the most any ending gives them.

    >>> subgame_perfect(4, 40, 10, 2)
    {'taken_at': 1, 'p1': 40, 'p2': 10, 'share': 0.0625}
    >>> subgame_perfect(4, 10, 40, 2)['taken_at']      # a large pile no larger: passing pays
    5
    """
    game = Centipede(length, large, small, factor)
    last = game.solve().play(1)[-1]
    best = max(sum(game.payoffs(s)) for s in [*range(-1, -length - 1, -1), length + 1])
    p1, p2 = last.payoffs
    return {"taken_at": abs(last.state), "p1": p1, "p2": p2, "share": (p1 + p2) / best if best else 1.0}


#: The centipede's experiments for ``epistemic experiment`` (docs/adding-a-model.md).
EXPERIMENTS = (
    Experiment("subgame_perfect", subgame_perfect,
               "where subgame-perfect play ends, the payoffs, and the share of the most the players could get",
               (Parameter("length", int, "moves", default=6, low=1, high=200),
                Parameter("large", int, "the large pile at the start", default=40, low=0, high=10 ** 6),
                Parameter("small", int, "the small pile at the start", default=10, low=0, high=10 ** 6),
                Parameter("factor", int, "how many-fold the piles grow at each pass", default=2, low=1, high=10))),
)
