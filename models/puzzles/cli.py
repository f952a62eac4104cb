"""``epistemic puzzle``: the classic puzzles, told round by round."""

from __future__ import annotations

import argparse
import json
import re
from typing import TextIO

from epistemic.models import cards
from epistemic.validators import whole_from_text
from epistemic.wording import counted
from epistemic.models import Command, add_resolution_argument, write_pictures
from epistemic.models.commands import check_export_destination, end_progress, progress_printer
from epistemic.visualize import MAX_WORLDS, RENDERERS

from . import CARDS, PUZZLES, PuzzleError, Solution, solve, start_size
from .common import ENGINE_CHOICES, Parameter, parameter_named

# the pictures, the explorer page and the SMCDEL writer are imported where used: they are for the options that
# ask for them; the puzzles' parameters are listed from their cards, and only the puzzle asked for is imported

__all__ = ["COMMAND", "add_arguments", "run"]


def _epilog() -> str:
    lines = ["puzzles and their parameters (NAME=VALUE, whole numbers):"]
    lines += [f"  {CARDS[name].line()}" for name in sorted(CARDS)]
    return "\n".join(lines)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("name", metavar="NAME", help=f"one of: {', '.join(sorted(PUZZLES))}")
    p.add_argument("parameters", nargs="*", metavar="NAME=VALUE", help="parameters, e.g. n=5 k=3")
    p.add_argument("--json", action="store_true", help="print the rounds and the answer as JSON")
    p.add_argument("--engine", choices=ENGINE_CHOICES, default="auto",
                   help="model checker: explicit (lists the worlds), symbolic (binary decision diagrams), "
                        "or auto (by the model's size; default)")
    p.add_argument("--draw", metavar="FILE", default=None,
                   help="draw the model at every round: FILE.svg, .png, .pdf or .dot becomes numbered files "
                        "(cube.svg: cube-01.svg for the start, cube-02.svg after the first announcement, ...); "
                        f"FILE.tex one TikZ document, a page a round; up to {MAX_WORLDS} worlds")
    p.add_argument("--html", metavar="FILE", default=None,
                   help="write an explorer for the browser: one self-contained .html file that steps through "
                        f"the rounds, each drawn (up to {MAX_WORLDS} worlds), its answers' reasons unfolding on a click")
    p.add_argument("--export-smcdel", metavar="FILE", nargs="?", const="-", default=None,
                   help="write the puzzle as an SMCDEL file (.smcdel.txt): its first model, and its questions after "
                        "every round as queries at the actual state, behind the announcements so far; without "
                        "FILE, or with -, print it instead of the story")
    p.add_argument("--renderer", choices=RENDERERS, default="auto", help="Graphviz engine for --draw, --html")
    add_resolution_argument(p)


def _parameters(pairs: list[str], known: tuple[Parameter, ...]) -> dict[str, int]:
    """The ``NAME=VALUE`` pairs typed, for a puzzle of the parameters ``known``: each value read
    only when it has no more digits than its bounds, so that one of any length is refused in one line."""
    out = {}
    for pair in pairs:
        m = re.fullmatch(r"([A-Za-z_][A-Za-z0-9_]*)=(-?[0-9]+)", pair)
        if not m:
            shown = repr(pair) if len(pair) <= 60 else f"{pair[:60]!r}..."
            raise PuzzleError(f"a parameter is NAME=WHOLE_NUMBER, got {shown}")
        name = m.group(1)
        if name in out:
            raise PuzzleError(f"parameter {name!r} is given twice")
        p = parameter_named(known, name)
        out[name] = whole_from_text(m.group(2), name, at_least=p.minimum, at_most=p.maximum, error=PuzzleError)
    return out


def _check_drawing(args: argparse.Namespace, parameters: dict[str, int]) -> str | None:
    """The format of ``--draw``, once the file can be written and the model is small enough to draw."""
    if args.draw is None:
        return None
    from epistemic.visualize import check_destinations
    from epistemic.visualize.render import check_dpi

    (image_format,) = check_destinations([args.draw], tex=True)
    if args.dpi is not None:
        check_dpi(args.dpi)
    size = start_size(args.name, **parameters)
    if size > MAX_WORLDS:
        raise PuzzleError(f"the model starts with {size:,} worlds, too many to draw legibly "
                          f"(the limit is {MAX_WORLDS} worlds)")
    return image_format


def _drawings(name: str, solution: Solution, path: str, image_format: str, renderer: str,
              dpi: int | None) -> list[tuple[str, bytes]]:
    """The pictures of every round, rendered: numbered files, or one TikZ document."""
    from epistemic import KripkeModel
    from epistemic.symbolic import to_kripke
    from epistemic.visualize import round_files

    story = solution.story
    rounds = []
    last = len(story.rounds) - 1
    for r in story.rounds:
        model = r.model if isinstance(r.model, KripkeModel) else to_kripke(r.model)
        worlds = counted(len(model), "world")
        said = "start" if r.announcement is None else f"round {r.number} of {last}: {r.announcement}"
        # a dash, not a comma: a title may end in its own question mark
        rounds.append((f"{PUZZLES[name].TITLE} — {said} ({worlds})", model))
    return round_files(rounds, path, image_format, renderer=renderer, dpi=dpi)


def run(args: argparse.Namespace, out: TextIO) -> int:
    if args.name not in PUZZLES:
        raise PuzzleError(f"unknown puzzle {args.name!r}: choose one of {', '.join(sorted(PUZZLES))}")
    puzzle = PUZZLES[args.name]
    parameters = _parameters(args.parameters, puzzle.PARAMETERS)
    image_format = _check_drawing(args, parameters)
    if args.html is not None:
        from epistemic.visualize.explorer import check_html_destination

        check_html_destination(args.html, [args.draw] if args.draw is not None else [])
    engine = args.engine
    if args.export_smcdel is not None:
        check_export_destination(args.export_smcdel, [args.draw, args.html])
        if engine == "auto" and "symbolic" in getattr(puzzle, "ENGINES", ()):
            engine = "symbolic"   # a structure as the puzzle describes it, not a listing described
    show = progress_printer("rounds told")
    try:
        solution = solve(args.name, engine, show, **parameters)
    finally:
        end_progress(show)
    images = [] if image_format is None else _drawings(args.name, solution, args.draw, image_format, args.renderer,
                                                                  args.dpi)
    if args.html is not None:
        from .browser import explorer_page

        page = explorer_page(puzzle.TITLE, solution, start_size=start_size(args.name, **parameters),
                             renderer=args.renderer)
        images.append((args.html, page.encode("utf-8")))
    if args.export_smcdel is not None:
        title = f"{puzzle.TITLE}: epistemic puzzle {' '.join([args.name, *args.parameters])}"
        from epistemic.smcdel import write_story

        exported = write_story(solution.story, title)
        if args.export_smcdel == "-":
            write_pictures(images)
            out.write(exported)
            return 0
        images.append((args.export_smcdel, exported.encode("utf-8")))
    if args.json:
        text = json.dumps({"puzzle": args.name, **solution.to_dict()}, ensure_ascii=False, indent=2) + "\n"
    else:
        text = f"{puzzle.TITLE}\n{solution.text()}\n"
    write_pictures(images)
    out.write(text)
    return 0


COMMAND = Command(
    help=cards.PUZZLE.help,
    description="Solve a classic puzzle with the model checker and print it round by round: "
                "each announcement, the worlds left, and who knows what.",
    add_arguments=add_arguments, run=run, epilog=_epilog())
