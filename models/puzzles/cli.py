"""``epistemic puzzle``: the classic puzzles, told round by round."""

from __future__ import annotations

import argparse
import json
import re
from typing import TextIO

from epistemic.models import Command
from epistemic.models.commands import end_progress, progress_printer

from . import PUZZLES, PuzzleError, solve
from .common import ENGINE_CHOICES

__all__ = ["COMMAND", "add_arguments", "run"]


def _epilog() -> str:
    lines = ["puzzles and their parameters (NAME=VALUE, whole numbers):"]
    for name in sorted(PUZZLES):
        module = PUZZLES[name]
        params = ", ".join(f"{p.name}={p.default} ({p.help})" for p in module.PARAMETERS) or "no parameters"
        engines = "/".join(getattr(module, "ENGINES", ("explicit",)))
        lines.append(f"  {name}: {module.TITLE}; {params}; {engines}")
    return "\n".join(lines)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("name", metavar="NAME", help=f"one of: {', '.join(sorted(PUZZLES))}")
    p.add_argument("parameters", nargs="*", metavar="NAME=VALUE", help="parameters, e.g. n=5 k=3")
    p.add_argument("--json", action="store_true", help="print the rounds and the answer as JSON")
    p.add_argument("--engine", choices=ENGINE_CHOICES, default="auto",
                   help="model checker: explicit (lists the worlds), symbolic (binary decision diagrams), "
                        "or auto (by the model's size; default)")


def _parameters(pairs: list[str]) -> dict[str, int]:
    out = {}
    for pair in pairs:
        m = re.fullmatch(r"([A-Za-z_][A-Za-z0-9_]*)=(-?[0-9]+)", pair)
        if not m:
            raise PuzzleError(f"a parameter is NAME=WHOLE_NUMBER, got {pair!r}")
        if m.group(1) in out:
            raise PuzzleError(f"parameter {m.group(1)!r} is given twice")
        out[m.group(1)] = int(m.group(2))
    return out


def run(args: argparse.Namespace, out: TextIO) -> int:
    parameters = _parameters(args.parameters)
    show = progress_printer("rounds told")
    try:
        solution = solve(args.name, args.engine, show, **parameters)
    finally:
        end_progress(show)
    if args.json:
        out.write(json.dumps({"puzzle": args.name, **solution.to_dict()}, ensure_ascii=False, indent=2) + "\n")
    else:
        out.write(f"{PUZZLES[args.name].TITLE}\n{solution.text()}\n")
    return 0


COMMAND = Command(
    help="solve a classic puzzle of epistemic logic, round by round",
    description="Solve a classic puzzle with the model checker and print it round by round: "
                "each announcement, the worlds left, and who knows what.",
    add_arguments=add_arguments, run=run, epilog=_epilog())
