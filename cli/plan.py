"""``epistemic plan``: a shortest plan that reaches an epistemic goal, or a plan checked step by step.

The task comes from EPDDL files (a domain and a problem, with the
action-type libraries they name: docs/planning.md) or from a model of our
own (``--model M.json``, actions as ``epistemic update`` reads them, and a
goal).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from epistemic import EpistemicError
from epistemic.models import Command, add_resolution_argument, write_pictures
from epistemic.models.commands import whole_number_argument
from epistemic.visualize import MAX_WORLDS, RENDERERS, check_destinations
from epistemic.visualize.render import check_dpi

from .check import _models
from .verdict_output import model_drawing

__all__ = ["COMMAND", "add_arguments", "run"]

#: The default bounds of a search: states seen, and MiB the process may hold.
MAX_STATES = 1_000_000
MAX_MEMORY_MIB = 4_096

EPILOG = """\
examples:
  epistemic plan DOMAIN.epddl PROBLEM.epddl            a shortest plan
  epistemic plan validate DOMAIN.epddl PROBLEM.epddl --actions open_a peek_a
  epistemic plan --model M.json --act '[!p]_{a}' --act '[?q]_{b}' --goal 'K_a p & ~K_b p'

A search is breadth first over states contracted by bisimulation, a state
met before (by a canonical form) skipped, so the first plan found is a
shortest one; --search astar keeps plans shortest too, --search greedy
does not.  The libraries the guideline gives (basic, intermediate) are
built in; --library gives a library file instead.  A search stops at its
bounds and says what it explored.  With --model, each --act is an action
the plan may use, as epistemic update reads it ([!p], [!p]_{a},
[?p]_{a,b}, an event model), named by its text or by name=text.
"""


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("files", metavar="FILE", nargs="*",
                   help="DOMAIN.epddl PROBLEM.epddl, or validate DOMAIN.epddl PROBLEM.epddl to check --actions")
    p.add_argument("--library", "-l", metavar="LIB.epddl", action="append", default=[],
                   help="an action-type library file the domain names (repeatable); the guideline's are built in")
    p.add_argument("--actions", metavar="ACTION", nargs="+", default=None,
                   help="with validate: the plan, its actions' ground names in order (open_a peek_a)")
    p.add_argument("--model", metavar="MODEL.json", default=None,
                   help="plan on a model file (docs/model-json.md) instead of EPDDL files")
    p.add_argument("--act", metavar="ACT", action="append", default=[],
                   help="with --model: an action the plan may use, e.g. '[!p]_{a}' or 'tell=[!p]_{a}' (repeatable)")
    p.add_argument("--events", metavar="FILE.json", action="append", default=[],
                   help="with --model: an event model file acts may name (repeatable)")
    p.add_argument("--goal", metavar="FORMULA", default=None, help="with --model: the goal, e.g. 'K_a p & ~K_b p'")
    p.add_argument("--search", choices=("bfs", "astar", "greedy"), default="bfs",
                   help="breadth first (the default) or A*, both giving a shortest plan; or greedy best first")
    p.add_argument("--max-states", type=whole_number_argument, default=MAX_STATES, metavar="N",
                   help=f"stop once N distinct states were seen (default {MAX_STATES:,})")
    p.add_argument("--max-seconds", type=float, default=None, metavar="S", help="stop after S seconds")
    p.add_argument("--max-memory", type=whole_number_argument, default=MAX_MEMORY_MIB, metavar="MIB",
                   help=f"stop once the process holds MIB mebibytes (default {MAX_MEMORY_MIB:,})")
    p.add_argument("--json", action="store_true", help="print the result as JSON: the plan, the states' sizes, "
                                                         "the search's figures")
    p.add_argument("--why", action="store_true", help="check the plan found step by step and explain the goal")
    p.add_argument("--draw", metavar="FILE", default=None,
                   help=f"draw the last state (up to {MAX_WORLDS} worlds), the goal's worlds filled "
                        "(.svg, .png, .pdf, .dot or .tex)")
    p.add_argument("--renderer", choices=RENDERERS, default="auto", help="Graphviz engine for --draw")
    add_resolution_argument(p)
    p.add_argument("--export-epddl", metavar=("DOMAIN", "PROBLEM"), nargs=2, default=None,
                   help="write the task as EPDDL (a domain, a problem and their library beside the domain) "
                        "for other planners, and search nothing")


def _mode(args: argparse.Namespace) -> tuple[bool, list[str]]:
    """Whether the plan is validated, and the EPDDL files given."""
    files = list(args.files)
    validating = bool(files) and files[0] == "validate"
    if validating:
        files = files[1:]
    if args.model is not None:
        if files:
            raise EpistemicError("give EPDDL files or --model, not both")
        if not args.act:
            raise EpistemicError("--model needs the actions the plan may use: give --act (repeatable)")
        if args.goal is None:
            raise EpistemicError("--model needs the goal: give --goal FORMULA")
    else:
        if args.act or args.goal is not None or args.events:
            raise EpistemicError("--act, --goal and --events go with --model; EPDDL files give their own")
        if len(files) != 2:
            raise EpistemicError(f"give a domain and a problem (DOMAIN.epddl PROBLEM.epddl), got "
                                 f"{len(files)} file{'' if len(files) == 1 else 's'}")
        if args.library and args.model is not None:
            raise EpistemicError("--library goes with EPDDL files")
    if validating and args.actions is None:
        raise EpistemicError("validate checks a plan: give it with --actions a1 a2 ...")
    if not validating and args.actions is not None:
        raise EpistemicError("--actions is the plan validate checks: write epistemic plan validate ...")
    return validating, files


def _task(args: argparse.Namespace, files: list[str]):
    if args.model is None:
        from epistemic.epddl import read_task
        return read_task(files[0], files[1], args.library)
    from epistemic import KripkeModel
    from epistemic.planning import task_from_model
    from epistemic.symbolic import to_kripke
    model, named = _models(args.model, args.events)
    if not isinstance(model, KripkeModel):
        model = to_kripke(model)
    return task_from_model(model, args.act, args.goal, name=args.model, event_models=named)


def run(args: argparse.Namespace, out: TextIO) -> int:
    validating, files = _mode(args)
    if args.max_seconds is not None and not args.max_seconds > 0:
        raise EpistemicError(f"--max-seconds must be a positive number, got {args.max_seconds}")
    formats = check_destinations([args.draw], tex=True) if args.draw is not None else []
    if args.dpi is not None:
        check_dpi(args.dpi)
    if args.export_epddl is not None:
        if validating:
            raise EpistemicError("--export-epddl writes the task; validate checks a plan: ask one at a time")
    task = _task(args, files)
    if args.export_epddl is not None:
        from epistemic.epddl import write_epddl
        domain, problem = args.export_epddl
        library = (domain[:-len(".epddl")] if domain.endswith(".epddl") else domain) + "-types.epddl"
        write_epddl(task, domain, problem, library)
        print(f"wrote {domain}, {problem} and {library} ({len(task.actions)} actions)", file=sys.stderr)
        return 0
    from epistemic.planning import PlanCheck, SearchResult, search, validate
    found: SearchResult | None = None
    check: PlanCheck | None
    if validating:
        check = validate(task, args.actions)
    else:
        bounds = {"bfs": "breadth-first", "astar": "astar", "greedy": "greedy"}
        found = search(task, strategy=bounds[args.search], max_states=args.max_states,
                       max_seconds=args.max_seconds, max_memory=args.max_memory * 2 ** 20)
        check = validate(task, found.plan) if found.plan is not None and (args.why or args.draw) else None
    images = []
    if args.draw is not None and check is not None and check.state is not None:
        state = check.state
        if len(state) > MAX_WORLDS:
            raise EpistemicError(f"the last state has {len(state):,} worlds, too many to draw legibly "
                                 f"(the limit is {MAX_WORLDS} worlds)")
        images.append((args.draw, model_drawing(state, task.goal, formats[0], args.renderer, args.dpi)))
    elif args.draw is not None:
        print(f"epistemic plan: note: no plan was found, so there is no last state to draw in {args.draw}",
              file=sys.stderr)
    write_pictures(images)
    if args.json:
        result = {} if found is None else {"search": found.to_dict()}
        if check is not None:
            result["check"] = check.to_dict()
        out.write(json.dumps(result, ensure_ascii=False, indent=2) + "\n")
    else:
        if found is not None:
            out.write(found.to_text() + "\n")
        if check is not None and (validating or args.why):
            out.write(check.to_text() + "\n")
    # the answer is the verdict printed, as epistemic check answers false with status 0
    return 0


COMMAND = Command(
    help="find a shortest plan that reaches an epistemic goal, or check one, from EPDDL files or a model",
    description="Search for a shortest sequence of actions (announcements, sensing, acts that change the facts, "
                "each seen by some agents fully, some partially and the rest not at all) after which the goal "
                "holds, or check a given plan step by step.",
    add_arguments=add_arguments, run=run, epilog=EPILOG)
