"""``epistemic dinner``: crossout, backward induction and the paper's experiment on Ethiopian Dinners."""

from __future__ import annotations

import argparse
import json
from fractions import Fraction
from typing import Any, TextIO

from epistemic import BackwardInduction
from epistemic.files import read_limited, text_from
from epistemic.models import Command, end_progress, progress_printer, whole_number_argument, write_pictures
from epistemic.models import cards
from epistemic.models.commands import OutputFile
from epistemic.models.efg import add_efg_argument, check_efg_destination, check_efg_size, efg_file
from epistemic.visualize import PLOT_FORMATS, PictureError, check_destinations
from epistemic.wording import counted

from .crossout import Crossout, crossout, crossout_sequence
from .dinner import TIE_RULES, Dinner, DinnerError, excerpt, parse_dinner, parse_morsel, player_name
from .efficiency import MAX_EXPERIMENT, experiment
from .game import MAX_SOLVED, DinnerGame, DinnerSolution, _discount, order_name, solve, turn_order
from .pictures import board_plot, check_drawable, outcomes_plot

__all__ = ["COMMAND", "add_arguments", "run", "MAX_MORSELS", "MAX_FILE_BYTES", "JSON_LISTED"]

#: The most morsels the command line reads: crossout takes about eight seconds a million.
MAX_MORSELS = 1_000_000
#: The largest file ``--file`` reads: a million morsels at 64 bytes a line, comments included.
MAX_FILE_BYTES = 64 * 2 ** 20
#: The most morsels whose lists (morsels, turn order, crossout sequence, labels, play) ``--json`` writes.
JSON_LISTED = 10_000
#: Rows shown before the middle of a long list is cut.
SHOWN = 20

EPILOG = """\
morsels: inline as 1,2 2,3 3,1 or "{(1,2),(2,3),(3,1)}", or --file with one a line
  (e.g. "1 8", "1,8" or "(1, 8)", # comments); utilities are exact: 3, 2.5 or 5/2.
  A morsel may start with a minus: epistemic dinner -3,-3 5,5
crossout is used for two players alternating without discount; otherwise (or with
--solve) the dinner is solved by backward induction (at most 20 morsels).
  epistemic dinner 1,2 2,3 3,1 --first alice
  epistemic dinner --file docs/examples/dinner-figure2.txt --check
  epistemic dinner --experiment --dinners 1000 --size 12 --seed 1
pictures (two players alternating, .png, .svg or .pdf; needs epistemic-framework[plots]):
  epistemic dinner --file docs/examples/dinner-figure2.txt --draw-board board.png --draw-play play.png
"""


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("morsels", nargs="*", metavar="MORSEL", help="a morsel such as 1,8 (or a whole dinner in braces)")
    p.add_argument("--file", metavar="FILE", help="read the morsels from FILE, one a line")
    p.add_argument("--first", metavar="PLAYER", help="who moves first: alice, bob or a player number "
                   "(default: two players alternating have Bob move last)")
    p.add_argument("--order", metavar="ORDER",
                   help="alternating, thue-morse, or one player a turn such as ABBA (default: alternating)")
    p.add_argument("--discount", metavar="L", help="a morsel eaten on turn i is worth L**i times its utility")
    p.add_argument("--ties", choices=TIE_RULES,
                   help="equal utilities: refuse them (strict) or count the one listed first as less tasty")
    p.add_argument("--solve", action="store_true", help="also solve by backward induction, ties reported")
    p.add_argument("--check", action="store_true",
                   help="compare backward induction and best responses against crossout with crossout")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    add_efg_argument(p)
    p.add_argument("--experiment", action="store_true",
                   help="the paper's experiment: how often crossout is Pareto inefficient in random dinners")
    p.add_argument("--dinners", type=whole_number_argument, metavar="N",
                   help="the experiment's number of dinners (default: 10000)")
    p.add_argument("--size", type=whole_number_argument, metavar="n",
                   help="the experiment's morsels a dinner (default: 16)")
    p.add_argument("--seed", type=whole_number_argument, help="the experiment's seed (default: 0)")
    draw = p.add_argument_group("pictures (two players alternating, without discount)")
    draw.add_argument("--draw-board", metavar="FILE",
                      help="draw the crossout board, its labels on the players' axes (Figure 2)")
    draw.add_argument("--draw-play", metavar="FILE",
                      help="draw the crossout board with the order of play (Figure 4)")
    draw.add_argument("--draw-outcomes", metavar="FILE",
                      help="draw every outcome's scores, those Alice reaches against crossout, and the "
                           "crossout point (Figure 1; at most 16 morsels)")


def _player(text: str, players: int) -> int:
    word = text.strip().lower()
    names = [player_name(p).lower() for p in range(players)]
    if word in names:
        return names.index(word)
    # ASCII digits, no more of them than the number of players has: int() reads other digits too, and
    # refuses past 4,300 of them
    if word.isascii() and word.isdigit() and len(word) <= len(str(players)) and 1 <= int(word) <= players:
        return int(word) - 1
    raise DinnerError(f"--first names one of {', '.join(names)} or a number from 1 to {players}, got {excerpt(text)}")


def _read(args: argparse.Namespace) -> Dinner:
    ties = args.ties or "strict"
    if args.file is not None and args.morsels:
        raise DinnerError("give the morsels inline or with --file, not both")
    if args.file is not None:
        return parse_dinner(_file_text(args.file), ties, most=MAX_MORSELS)
    if not args.morsels:
        raise DinnerError("give the morsels, e.g. 'epistemic dinner 1,2 2,3 3,1', or --file, or --experiment")
    if len(args.morsels) == 1:
        return parse_dinner(args.morsels[0], ties, most=MAX_MORSELS)
    if len(args.morsels) > MAX_MORSELS:
        raise DinnerError(f"the command line reads at most {MAX_MORSELS:,} morsels, got {len(args.morsels):,}")
    morsels = []
    for number, text in enumerate(args.morsels, 1):
        try:
            morsels.append(parse_morsel(text))
        except DinnerError as e:
            raise DinnerError(f"morsel {number}: {e}") from None
    return Dinner(morsels, ties)


def _file_text(path: str) -> str:
    """The text of the dinner file at ``path``: a regular file of at most :data:`MAX_FILE_BYTES`,
    in UTF-8 (a byte order mark is skipped); never a device or a pipe, which could be read without end."""
    if not path:
        raise DinnerError("--file names no file: its value is empty")

    def fault(message: str) -> DinnerError:
        return DinnerError(f"{path}: {message}")

    return text_from(read_limited(path, MAX_FILE_BYTES, "a dinner file", fault), fault)


#: Options of the experiment alone, and of a given dinner alone.
_EXPERIMENT_ONLY = ("dinners", "size", "seed")
_DINNER_ONLY = ("first", "order", "discount", "ties", "solve", "check", "draw_board", "draw_play", "draw_outcomes",
                "export_efg")


def _refuse_unused(args: argparse.Namespace) -> None:
    """Refuse options that mean nothing in the mode asked for, rather than ignore them."""
    unused = _DINNER_ONLY if args.experiment else _EXPERIMENT_ONLY
    given = ["--" + name.replace("_", "-") for name in unused if getattr(args, name) not in (None, False)]
    if given and args.experiment:
        raise DinnerError(f"--experiment draws its own dinners and takes --dinners, --size, --seed and --json; "
                          f"not {', '.join(given)}")
    if given:
        raise DinnerError(f"{', '.join(given)} belong{'s' if len(given) == 1 else ''} to --experiment; "
                          f"a given dinner does not use {'it' if len(given) == 1 else 'them'}")


def _number(v: Any) -> Any:
    return str(v) if isinstance(v, Fraction) else v


def _morsel(dinner: Dinner, i: int) -> str:
    return "(" + ", ".join(map(str, dinner.morsels[i])) + ")"


def _cut(rows: list[str]) -> list[str]:
    if len(rows) <= SHOWN:
        return rows
    half = SHOWN // 2
    return rows[:half] + [f"... {len(rows) - 2 * half:,} more ..."] + rows[-half:]


def run(args: argparse.Namespace, out: TextIO) -> int:
    _refuse_unused(args)
    if args.experiment:
        return _experiment(args, out)
    discount = None if args.discount is None else _discount(args.discount)
    dinner = _read(args)
    n, players = dinner.size, dinner.players
    first = None if args.first is None else _player(args.first, players)
    # only an order not given is alternating: an empty one is refused, as turn_order refuses it
    named = order_name("alternating" if args.order is None else args.order)
    order = turn_order(n, players, named or args.order, first)
    game_options: dict[str, Any] = {} if discount is None else {"discount": discount}
    applies = players == 2 and named == "alternating" and discount is None
    if args.check and not applies:
        raise DinnerError("--check compares with crossout: two players alternating, without discount")
    drawn = _pictures(args)
    if drawn and not applies:
        raise DinnerError("the pictures show crossout: two players alternating, without discount")
    check_drawable(dinner, board=bool(args.draw_board or args.draw_play), outcomes=bool(args.draw_outcomes))
    solving = args.solve or args.check or not applies
    if solving and n > MAX_SOLVED:
        raise DinnerError(f"backward induction solves at most {MAX_SOLVED} morsels (2**n states), got {n:,}")
    game = DinnerGame(dinner, order, **game_options) if solving or args.export_efg else None
    if args.export_efg is not None:
        check_efg_destination(args.export_efg, [args.file, *(path for path, _, _ in drawn)])
        efg_size = check_efg_size(game)
    played = crossout(dinner, order[-1]) if applies else None
    progress = progress_printer("states solved") if solving else None
    solution = solve(game, progress=progress) if game is not None and solving else None
    checks = _checks(dinner, game, solution, played) if args.check and game and solution and played else None
    end_progress(progress)
    if args.json:
        answer = json.dumps(_json(dinner, order, played, solution, checks, discount), indent=1) + "\n"
    else:
        answer = _text(dinner, order, played, solution, checks, discount)
    # every file is made, then all are written, then the answer printed: a failure leaves no half output
    files: list[OutputFile] = [(path, draw(dinner, order[-1]).pipe(fmt)) for path, fmt, draw in drawn]
    if args.export_efg is not None and game is not None:
        files.append(efg_file(game.extensive_form(solution.solved if solution else None), args.export_efg, efg_size))
    write_pictures(files)
    out.write(answer)
    return 0


def _pictures(args: argparse.Namespace) -> list[tuple[str, str, Any]]:
    """``(path, format, drawing function)`` of each picture asked for, its destination checked."""
    asked = [(path, draw) for path, draw in ((args.draw_board, board_plot),
                                              (args.draw_play, lambda d, last: board_plot(d, last, play=True)),
                                              (args.draw_outcomes, outcomes_plot)) if path is not None]
    formats = check_destinations([path for path, _ in asked])
    for (path, _), fmt in zip(asked, formats):
        if fmt not in PLOT_FORMATS:
            raise PictureError(f"cannot draw {path!r}: the dinner's pictures are {', '.join(PLOT_FORMATS)}")
    return [(path, fmt, draw) for (path, draw), fmt in zip(asked, formats)]


def _checks(dinner: Dinner, game: DinnerGame, solution: DinnerSolution, played: Crossout) -> dict:
    """Backward induction against crossout at every sub-dinner, and each player's best response to crossout."""
    solved = solution.solved
    last = played.last
    agree_mover = agree_both = 0
    for state in range(1, 1 << dinner.size):
        sequence = crossout_sequence(dinner, last, state)
        scores: list[Any] = [0, 0]
        for k, m in enumerate(sequence):
            p = last if k % 2 == 0 else 1 - last
            scores[p] += dinner.morsels[m][p]
        choice = solved[state]
        assert choice.mover is not None, "a sub-dinner that is not empty has a mover"
        exact = game.exact(choice.payoffs)
        agree_mover += exact[choice.mover] == scores[choice.mover]
        agree_both += exact == tuple(scores)
    best = []
    for player in (0, 1):
        response = DinnerGame(dinner, game.order, crossout_player=1 - player)
        best.append(response.exact(BackwardInduction(response)[response.start].payoffs)[player])
    return {"states": (1 << dinner.size) - 1, "mover_agrees": agree_mover, "both_agree": agree_both,
            "best_response": best}


def _json(dinner, order, played, solution, checks, discount) -> dict:
    # the lists grow with the dinner; past JSON_LISTED morsels they are left out, the scores kept
    listed = dinner.size <= JSON_LISTED
    data: dict[str, Any] = {
        "size": dinner.size,
        "listed": listed,
        "morsels": [[_number(u) for u in m] for m in dinner.morsels] if listed else None,
        "players": [player_name(p) for p in range(dinner.players)],
        "first": player_name(order[0]),
        "last": player_name(order[-1]),
        "order": [player_name(p) for p in order] if listed else None,
        "discount": None if discount is None else str(discount),
        "crossout": None if played is None else {
            "sequence": [m + 1 for m in played.sequence] if listed else None,
            "labels": [{"morsel": m + 1, "axis": player_name(p)} for m, p in played.labels] if listed else None,
            "play": [{"morsel": m + 1, "player": player_name(p)} for m, p in played.play] if listed else None,
            "scores": [_number(s) for s in played.scores]},
        "solution": None if solution is None else {
            "play": [{"turn": t.turn, "player": player_name(t.player), "morsel": t.morsel + 1,
                      "ties": [m + 1 for m in t.ties]} for t in solution.turns],
            "scores": [_number(s) for s in solution.scores]},
    }
    if checks is not None:
        data["check"] = {**checks, "best_response": [_number(v) for v in checks["best_response"]]}
    return data


def _scores(scores) -> str:
    return ", ".join(f"{player_name(p)} {s}" for p, s in enumerate(scores))


def _text(dinner, order, played, solution, checks, discount) -> str:
    n = dinner.size
    shown = f" {dinner.text()}" if n <= SHOWN else ""
    lines = [f"Ethiopian Dinner: {counted(n, 'morsel')}{shown}; "
             f"{player_name(order[0])} moves first, {player_name(order[-1])} last"
             + ("" if discount is None else f"; a morsel eaten on turn i is worth ({discount})**i of its utility")
             + "."]
    if played is not None:
        lines.append("Crossout sequence (least favourite of the player who does not eat it):")
        lines += _cut([f"  {k:>3}. {_morsel(dinner, m)}  on {player_name(p)}'s axis"
                       for k, (m, p) in enumerate(played.labels, 1)])
        lines.append("Order of play:")
        lines += _cut([f"  {t:>3}. {player_name(p)} eats {_morsel(dinner, m)}"
                       for t, (m, p) in enumerate(played.play, 1)])
        lines.append(f"Crossout scores: {_scores(played.scores)}.")
    if solution is not None:
        lines.append(f"Subgame-perfect play by backward induction ({counted(len(solution.solved.dag), 'state')}):")
        rows = []
        for t in solution.turns:
            others = [m for m in t.ties if m != t.morsel]
            tie = "" if not others else "  (as good: " + ", ".join(_morsel(dinner, m) for m in others) + ")"
            rows.append(f"  {t.turn:>3}. {player_name(t.player)} eats {_morsel(dinner, t.morsel)}{tie}")
        lines += _cut(rows)
        lines.append(f"Scores: {_scores(solution.scores)}.")
    if checks is not None:
        lines.append(f"Check at all {checks['states']:,} sub-dinners: backward induction gives the mover his "
                     f"crossout score at {checks['mover_agrees']:,}, both players theirs at "
                     f"{checks['both_agree']:,}.")
        lines.append("Best response to crossout: " + ", ".join(
            f"{player_name(p)} {v} (crossout {played.scores[p]})" for p, v in enumerate(checks["best_response"]))
            + ".")
        if checks["both_agree"] < checks["states"]:
            lines.append("Where they differ, backward induction reached a different equilibrium through ties: among "
                         "equally good morsels it eats the one listed first (which the tie rule 'listed' counts as "
                         "the less tasty).")
            lines.append("This is no failure of Theorem 1: against crossout no player beats his crossout score, "
                         "as the best responses show.")
    return "\n".join(lines) + "\n"


def _experiment(args: argparse.Namespace, out: TextIO) -> int:
    largest, most = MAX_EXPERIMENT
    size = 16 if args.size is None else args.size
    dinners = 10_000 if args.dinners is None else args.dinners
    seed = 0 if args.seed is None else args.seed
    if not 2 <= size <= largest:
        raise DinnerError(f"--size must be between 2 and {largest}, got {size:,}")
    if not 1 <= dinners <= most:
        raise DinnerError(f"--dinners must be between 1 and {most:,}, got {dinners:,}")
    if seed < 0:
        raise DinnerError(f"--seed is a whole number from 0, got {seed:,}")
    if args.morsels or args.file is not None:
        raise DinnerError("--experiment draws its own dinners: give no morsels")
    progress = progress_printer("dinners")
    found = experiment(dinners, size, seed, progress=progress)
    end_progress(progress)
    if args.json:
        out.write(json.dumps({"dinners": found.dinners, "size": found.size, "seed": found.seed,
                              "inefficient": found.inefficient, "inefficient_interval": found.inefficient_interval,
                              "not_weakly": found.not_weakly, "not_weakly_interval": found.not_weakly_interval,
                              "improvement": str(found.improvement),
                              "best_dinner": list(found.best_dinner)}, indent=1) + "\n")
        return 0

    def share(count: int, interval: tuple[float, float]) -> str:
        return (f"{count:,} ({count / found.dinners:.2%}; 95% interval {interval[0]:.2%} to {interval[1]:.2%})")
    out.write(f"{counted(found.dinners, 'random permutation dinner')} of {counted(found.size, 'morsel')} "
              f"(seed {found.seed}):\n"
              f"  crossout not Pareto efficient: {share(found.inefficient, found.inefficient_interval)}\n"
              f"  crossout not weakly efficient: {share(found.not_weakly, found.not_weakly_interval)}\n"
              f"  largest gain an outcome dominating crossout offers a player: {found.improvement} "
              f"({float(found.improvement):.2%})\n")
    return 0


COMMAND = Command(
    help=cards.DINNER.help,
    description="Share a dinner (Levine and Stange 2011): the crossout strategy, subgame-perfect play by\n"
                "backward induction for any turn order, players or discount, and the paper's experiment.",
    add_arguments=add_arguments, run=run, epilog=EPILOG)
