"""``epistemic check``: is a formula true in a model saved as JSON, and why."""

from __future__ import annotations

import argparse
import json
from collections.abc import Hashable
from typing import TextIO

from epistemic import EpistemicError, explain_verdict, parse_formula, to_latex, to_text, worlds_where
from epistemic.event_json import event_model_name, load_event_model, load_model_file
from epistemic.model_json import ModelFileError
from epistemic.validators import between
from epistemic.verdicts import verdict_of
from epistemic.models import MAX_DEPTH, Command, whole_number_argument, write_pictures
from epistemic.visualize import RENDERERS, check_destinations, reason_picture

__all__ = ["COMMAND", "add_arguments", "run"]

#: Worlds listed by name before the list is cut.
SHOWN = 20

#: What ``--format`` prints.
FORMATS = ("text", "json", "latex")

EPILOG = """\
formulas: ~ & | -> <-> (or ¬ ∧ ∨ → ↔), K_a, M_a, Kw_a, B_a, E_{a,b}, C_{a,b},
D_{a,b}, EB_{a,b}, CB_{a,b}, [!p] q, <!p> q, [!p]_{a,b} q (private),
[?p]_{a,b} q (semi-private),
[(h: p, t: ~p; a: {h} {t}; b: {h, t}), h] q (after event h of an event model),
[look, h] q (an event model named in MODEL.json, or given as --events look.json);
knowledge (K, Kw, E, C, D) is refused where a relation is not an equivalence,
as for outsiders after a private announcement: ask with B, EB, CB there;
grammar in docs/logic.md, model and event model files in docs/model-json.md.
"""


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("model", metavar="MODEL.json", help="the model (schema in docs/model-json.md)")
    p.add_argument("formula", metavar="FORMULA", help='the formula, e.g. "K_a p & ~C_{a,b} p"')
    p.add_argument("--events", metavar="FILE.json", action="append", default=[],
                   help="an event model file; formulas name it by its file name without .json "
                        "(repeatable; schema in docs/model-json.md)")
    p.add_argument("--world", metavar="W", default=None,
                   help="the world to check and explain (default: the actual world)")
    p.add_argument("--why", action="store_true", help="explain the verdict")
    p.add_argument("--depth", type=whole_number_argument, default=12, metavar="D",
                   help="levels of the explanation (default: 12)")
    p.add_argument("--format", choices=FORMATS, default=None,
                   help="print the answer as text (the default), JSON, or LaTeX to paste into a paper")
    p.add_argument("--json", action="store_true", help="the same as --format json")
    p.add_argument("--draw", metavar="FILE", default=None,
                   help="draw the explanation (.svg, .png, .pdf or .dot)")
    p.add_argument("--renderer", choices=RENDERERS, default="auto", help="Graphviz engine for --draw")
    p.add_argument("--no-contract", action="store_true",
                   help="check without merging bisimilar worlds after each private update (same answer, "
                        "slower on nested updates)")


def _worlds(model, name: str | None) -> list:
    """The worlds to check: ``--world``, or every actual world."""
    if name is None:
        if not model.actual:
            raise EpistemicError("the model has no actual world: name the world to check with --world")
        return sorted(model.actual, key=model.index)
    by_name = {str(w): w for w in model.worlds}
    if name not in by_name:
        raise EpistemicError(f"the model has no world {name!r}")
    return [by_name[name]]


def _output_format(args: argparse.Namespace) -> str:
    if args.json and args.format not in (None, "json"):
        raise EpistemicError(f"--json asks for --format json, not {args.format}: give one of them")
    return "json" if args.json else args.format or "text"


def _models(path: str, event_files: list[str]):
    """The model in ``path``, and the event models formulas may name: those
    of the model file and those of the ``--events`` files."""
    loaded = load_model_file(path)
    named = dict(loaded.event_models)
    agents = sorted(a.name for a in loaded.model.agents)
    for file in event_files:
        name = event_model_name(file)
        if name in named:
            raise EpistemicError(f"two event models are named {name!r}: {file} and "
                                 f"{'the one in ' + path if name in loaded.event_models else 'an earlier file'}")
        named[name] = load_event_model(file)
        own = sorted(a.name for a in named[name].agents)
        if own != agents:
            raise ModelFileError("agents", f"expected the model's agents ({', '.join(agents)}), "
                                           f"got {', '.join(own) or 'none'}", file)
    return loaded.model, named


def run(args: argparse.Namespace, out: TextIO) -> int:
    output = _output_format(args)
    between(args.depth, 1, MAX_DEPTH, "--depth")
    drawn = [args.draw] if args.draw is not None else []
    formats = check_destinations(drawn)
    model, named = _models(args.model, args.events)
    formula = parse_formula(args.formula, event_models=named)
    checked = _worlds(model, args.world)
    where = worlds_where(model, formula, contract=not args.no_contract)
    verdict = all(w in where for w in checked)
    if len(checked) > 1 and (args.why or args.draw):
        raise EpistemicError(f"the model has {len(checked)} actual worlds: name the one to explain with --world")
    world = checked[0]
    explain = len(checked) == 1 and (args.why or output == "json" or args.draw)
    why = explain_verdict(model, formula, world, depth=args.depth) if explain else None
    images = []
    for path, image_format in zip(drawn, formats):
        if why is not None:  # always, as one world is explained whenever a picture is asked for
            picture = reason_picture(why, group=verdict_of, legend_title="Verdict",
                                     title=f"Why {to_text(formula)} is {'true' if verdict else 'false'} at {world}")
            images.append((path, picture.pipe(image_format, args.renderer)))
    ordered = [w for w in model.worlds if w in where]
    if output == "json":
        text = json.dumps({"formula": to_text(formula), "checked": [str(w) for w in checked], "holds": verdict,
                           "worlds": [str(w) for w in ordered], "of": len(model),
                           "why": None if why is None else why.to_dict(key=_world_of)},
                          ensure_ascii=False, indent=2) + "\n"
    elif output == "latex":
        text = _latex(formula, checked, verdict, ordered, len(model), why if args.why else None)
    else:
        listed = ", ".join(str(w) for w in ordered[:SHOWN]) + (" ..." if len(ordered) > SHOWN else "")
        if len(checked) == 1:
            head = f"{'true' if verdict else 'false'} at {world}"
        elif verdict:
            head = f"true at every actual world ({_names(checked)})"
        else:
            head = f"false at actual world{'s' if sum(w not in where for w in checked) > 1 else ''} " \
                   f"{_names([w for w in checked if w not in where])}"
        text = (f"{head}\n"
                f"holds at {len(ordered):,} of {len(model):,} worlds" + (f": {listed}" if ordered else "") + "\n")
        if args.why and why is not None:
            text += why.to_text() + "\n"
    write_pictures(images)
    out.write(text)
    return 0


def _world_of(key: Hashable) -> str | None:
    """The world a reason of the verdict is about: the first part of its key."""
    return str(key[0]) if isinstance(key, tuple) else None


def _names(worlds) -> str:
    shown = ", ".join(str(w) for w in worlds[:SHOWN])
    return shown + (" ..." if len(worlds) > SHOWN else "")


def _latex(formula, checked: list, verdict: bool, ordered: list, size: int, why) -> str:
    """The verdict and the truth set as LaTeX math, the explanation, if any, as comments."""
    phi = to_latex(formula)
    at = _world_latex(checked[0]) if len(checked) == 1 else _worlds_latex(checked)
    models = "\\models" if verdict else "\\not\\models"
    count = f"{len(ordered):,} of {size:,} worlds" + (f", the first {SHOWN} named" if len(ordered) > SHOWN else "")
    lines = [f"$\\mathcal{{M}}, {at} {models} {phi}$",
             f"$\\|{phi}\\|_{{\\mathcal{{M}}}} = {_worlds_latex(ordered)}$ % {count}"]
    if why is not None:
        lines += [f"% {line}" for line in why.to_text().splitlines()]
    return "\n".join(lines) + "\n"


def _worlds_latex(worlds: list) -> str:
    if not worlds:
        return "\\emptyset"
    shown = [_world_latex(w) for w in worlds[:SHOWN]] + (["\\ldots"] if len(worlds) > SHOWN else [])
    return "\\{" + ", ".join(shown) + "\\}"


# what a world's name needs in LaTeX's text mode: a world may be named anything
_TEXT_MODE = {"\\": "\\textbackslash{}", "{": "\\{", "}": "\\}", "_": "\\_", "#": "\\#", "$": "\\$",
              "%": "\\%", "&": "\\&", "~": "\\textasciitilde{}", "^": "\\textasciicircum{}",
              "<": "\\textless{}", ">": "\\textgreater{}", "|": "\\textbar{}"}


def _world_latex(world) -> str:
    """A world's name upright, in ``\\mbox``: a world named ``p`` is not the atom ``p``."""
    name = "".join(_TEXT_MODE.get(c, c if c.isprintable() else " ") for c in str(world))
    return "\\mbox{" + name + "}"


COMMAND = Command(
    help="check a formula in a Kripke model saved as JSON",
    description="Say whether a formula of epistemic logic holds at the actual world of a model, "
                "where it holds, and why.",
    add_arguments=add_arguments, run=run, epilog=EPILOG)
