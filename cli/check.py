"""``epistemic check``: is a formula true in a model saved as JSON, and why; or the queries of an SMCDEL file answered."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Hashable
from typing import TextIO

from epistemic import EpistemicError, explain_verdict, parse_formula, to_latex, to_text
from epistemic import engines
from epistemic.event_json import event_model_name, load_event_model
from epistemic.files import read_limited, text_from
from epistemic.model_json import ModelFileError
from epistemic.smcdel import is_smcdel, numbering, to_smcdel, write_smcdel
from epistemic.symbolic.files import load_any
from epistemic.syntax import FormulaSyntaxError
from epistemic.validators import between
from epistemic.models import (MAX_DEPTH, Command, add_label_style_argument, add_resolution_argument,
                              check_export_destination, end_progress, progress_printer, whole_number_argument,
                              write_pictures)
from epistemic.visualize import MAX_WORLDS, RENDERERS, RendererMissing, check_destinations
from epistemic.visualize.explorer import Decision, Perspective, Step, check_html_destination, explorer_html, inline_svg
from epistemic.visualize.render import check_dpi
from epistemic.wording import counted

from . import smcdel_file
from .verdict_output import as_structure, explained, model_drawing, reason_drawing

__all__ = ["COMMAND", "add_arguments", "run"]

#: Worlds listed by name before the list is cut.
SHOWN = 20
#: The most worlds JSON output names (a structure may have 2**60).
JSON_WORLDS = 10_000

#: What ``--format`` prints.
FORMATS = ("text", "json", "latex")

#: The largest formula file (or standard input) read: a formula is at most
#: :data:`~epistemic.syntax.MAX_LENGTH` characters, a few of them this much.
FORMULA_FILE_BYTES = 4 * 2 ** 20
#: The most formulas one file may hold: each is answered in a few lines.
MAX_FORMULAS = 10_000
#: A formula is echoed above its answer up to this many characters.
ECHOED = 60

EPILOG = """\
formulas: ~ & | -> <-> (or ¬ ∧ ∨ → ↔), K_a, M_a, Kw_a, B_a, E_{a,b}, C_{a,b},
D_{a,b}, EB_{a,b}, CB_{a,b}, [!p] q, <!p> q, [!p]_{a,b} q (private),
[?p]_{a,b} q (semi-private),
[(h: p, t: ~p; a: {h} {t}; b: {h, t}), h] q (after event h of an event model),
[look, h] q (an event model named in MODEL.json, or given as --events look.json);
knowledge (K, Kw, E, C, D) is refused where a relation is not an equivalence,
as for outsiders after a private announcement: ask with B, EB, CB there;
grammar in docs/logic.md, model and event model files in docs/model-json.md;
--formula-file F (- for standard input): one formula a line, # for comments.
An SMCDEL file (FILE.smcdel.txt: VARS, LAW, OBS, then TRUE?, VALID?, WHERE?
queries) is answered query by query as SMCDEL answers it (docs/smcdel.md).
"""


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("model", metavar="MODEL.json", help="the model: a Kripke model (docs/model-json.md), a "
                                                      "knowledge structure (docs/symbolic.md), or an SMCDEL file "
                                                      "with its queries (docs/smcdel.md)")
    p.add_argument("formula", metavar="FORMULA", nargs="?", default=None,
                   help='the formula, e.g. "K_a p & ~C_{a,b} p" (or give --formula-file)')
    p.add_argument("--formula-file", metavar="FILE", default=None,
                   help="read the formulas from FILE, or from standard input for -: one a line, blank lines and "
                        f"lines starting with # skipped, each answered in order (at most {MAX_FORMULAS:,} "
                        f"formulas, {FORMULA_FILE_BYTES // 2 ** 20} MiB)")
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
    p.add_argument("--draw-model", metavar="FILE", default=None,
                   help=f"draw the model (up to {MAX_WORLDS} worlds), the worlds where the formula holds "
                        "filled in one colour, the others in another (.svg, .png, .pdf, .dot, or .tex for TikZ)")
    p.add_argument("--html", metavar="FILE", default=None,
                   help="write an explorer for the browser: one self-contained .html file with the model "
                        "(when it can be drawn) and the verdict, whose reasons unfold on a click")
    p.add_argument("--renderer", choices=RENDERERS, default="auto", help="Graphviz engine for --draw, --draw-model")
    add_resolution_argument(p)
    add_label_style_argument(p)
    p.add_argument("--engine", choices=("auto", *engines.ENGINES), default="auto",
                   help="model checker: explicit (lists the worlds) or symbolic (binary decision diagrams); "
                        "auto (default) takes the file's own: explicit for a Kripke model, symbolic for a "
                        "knowledge structure")
    p.add_argument("--query", type=whole_number_argument, default=None, metavar="N",
                   help="of an SMCDEL file, answer (and explain, draw) the N-th query only")
    p.add_argument("--show-formula", action="store_true",
                   help="show each formula in this framework's syntax and in SMCDEL's")
    p.add_argument("--export-smcdel", metavar="FILE", nargs="?", const="-", default=None,
                   help="write the model (as a knowledge structure) and the formulas, as queries at the "
                        "checked worlds, as an SMCDEL file (.smcdel.txt); without FILE, or with -, print it "
                        "instead of the answers")
    p.add_argument("--no-contract", action="store_true",
                   help="check without merging bisimilar worlds after each private update (same answer, "
                        "slower on nested updates)")


def _worlds(model, name: str | None) -> list:
    """The worlds (states) to check: ``--world``, or every actual one."""
    if name is None:
        if not model.actual:
            raise EpistemicError("the model has no actual world: name the world to check with --world")
        return engines.actual_worlds(model)
    return [engines.world_named(model, name)]


def _output_format(args: argparse.Namespace) -> str:
    if args.json and args.format not in (None, "json"):
        raise EpistemicError(f"--json asks for --format json, not {args.format}: give one of them")
    return "json" if args.json else args.format or "text"


def _models(path: str, event_files: list[str]):
    """The model in ``path``, and the event models formulas may name: those
    of the model file and those of the ``--events`` files."""
    model, own_events = load_any(path)
    named = dict(own_events)
    agents = sorted(a.name for a in model.agents)
    for file in event_files:
        name = event_model_name(file)
        if name in named:
            raise EpistemicError(f"two event models are named {name!r}: {file} and "
                                 f"{'the one in ' + path if name in own_events else 'an earlier file'}")
        named[name] = load_event_model(file)
        own = sorted(a.name for a in named[name].agents)
        if own != agents:
            raise ModelFileError("agents", f"expected the model's agents ({', '.join(agents)}), "
                                           f"got {', '.join(own) or 'none'}", file)
    return model, named


def _formula_lines(args: argparse.Namespace) -> tuple[str | None, list[tuple[int, str]]]:
    """Where the formulas come from (``None``: the command line), and each
    with its line number: the argument, or the lines of ``--formula-file``
    that are neither blank nor comments."""
    if (args.formula is None) == (args.formula_file is None):
        raise EpistemicError("give one formula, or --formula-file FILE (- for standard input), not both"
                             if args.formula is not None else
                             "give a formula, or --formula-file FILE (- for standard input)")
    if args.formula_file is None:
        return None, [(1, args.formula)]
    if not args.formula_file:
        raise EpistemicError("--formula-file names no file: its value is empty")
    stdin = args.formula_file == "-"
    where = "standard input" if stdin else args.formula_file

    def fault(message: str) -> EpistemicError:
        return EpistemicError(f"{where}: {message}")

    text = text_from(read_limited(sys.stdin.buffer if stdin else args.formula_file, FORMULA_FILE_BYTES,
                                  "a formula file", fault), fault)
    lines = [(n, line) for n, line in enumerate(text.splitlines(), 1)
             if line.strip() and not line.lstrip().startswith("#")]
    if not lines:
        raise fault("no formula: every line is blank or a comment (# ...)")
    if len(lines) > MAX_FORMULAS:
        raise fault(f"{len(lines):,} formulas, more than the {MAX_FORMULAS:,} one file may hold")
    return where, lines


def _read_formulas(where: str | None, lines: list[tuple[int, str]], named) -> list:
    """Each line's formula, all read before any is checked; a fault names its line in the file."""
    formulas = []
    for n, line in lines:
        try:
            formulas.append(parse_formula(line, event_models=named))
        except FormulaSyntaxError as error:
            if where is None:
                raise
            raise EpistemicError(f"{where}, line {n}, column {error.column}: "
                                 f"{str(error).split(': ', 1)[1]}") from None
    return formulas


def run(args: argparse.Namespace, out: TextIO) -> int:
    output = _output_format(args)
    between(args.depth, 1, MAX_DEPTH, "--depth")
    drawn = [args.draw] if args.draw is not None else []
    formats = check_destinations(drawn + ([args.draw_model] if args.draw_model is not None else []), tex=True)
    if args.draw is not None and formats[0] == "tex":
        raise EpistemicError("--draw writes .svg, .png, .pdf or .dot; only --draw-model writes .tex")
    if args.dpi is not None:
        check_dpi(args.dpi)
    if args.html is not None:
        check_html_destination(args.html, drawn + ([args.draw_model] if args.draw_model is not None else []))
    if args.export_smcdel is not None:
        check_export_destination(args.export_smcdel, [args.model, args.draw, args.draw_model, args.html])
    if is_smcdel(args.model):
        return smcdel_file.run(args, out, output, formats, args.export_smcdel)
    if args.query is not None:
        raise EpistemicError("--query picks a query of an SMCDEL file; a model file is asked FORMULA")
    where, lines = _formula_lines(args)
    if len(lines) > 1 and (drawn or args.draw_model is not None or args.html is not None):
        raise EpistemicError(f"--draw, --draw-model and --html draw one formula, and {where} holds {len(lines):,}")
    model, named = _models(args.model, args.events)
    loaded = model
    if args.draw_model is not None and engines.size(model) > MAX_WORLDS:
        raise EpistemicError(f"the model has {engines.size(model):,} worlds, too many to draw legibly "
                             f"(the limit is {MAX_WORLDS} worlds)")
    formulas = _read_formulas(where, lines, named)
    if args.engine != "auto":
        model = engines.convert(model, args.engine)
    checked = _worlds(model, args.world)
    # every answer is made before any is written, so that a fault leaves no output
    answers, images, notes = [], [], []
    show = progress_printer("formulas checked") if len(formulas) > 1 else None
    for count, ((n, line), formula) in enumerate(zip(lines, formulas), 1):
        # an atom the model does not have is false everywhere: said, as a misspelt one would be silent
        unknown = engines.unknown_atoms(loaded, formula)
        if unknown:
            notes.append(("" if where is None else f"{where}, line {n}: ") + engines.unknown_atoms_note(loaded, unknown))
        try:
            answer, images = _answer(model, formula, checked, output, formats, args)
        except EpistemicError as error:
            if where is None:
                raise
            raise EpistemicError(f"{where}, line {n}: {error}") from None
        if output == "json":
            answer["unknown_atoms"] = list(unknown)
        answers.append((n, line.strip(), answer))
        if show is not None:
            show(count, len(formulas))
    end_progress(show)
    exported = None if args.export_smcdel is None else _exported(loaded, model, formulas, checked)
    if exported is not None and args.export_smcdel != "-":
        images = [*images, (args.export_smcdel, exported.encode("utf-8"))]
    if len(answers) == 1:
        text = json.dumps(answers[0][2], ensure_ascii=False, indent=2) + "\n" if output == "json" else answers[0][2]
    elif output == "json":
        text = json.dumps([{"line": n, **answer} for n, _, answer in answers], ensure_ascii=False, indent=2) + "\n"
    else:
        mark = "% " if output == "latex" else ""
        text = "".join(f"{mark}line {n}: {_echoed(line)}\n{answer}" for n, line, answer in answers)
    write_pictures(images)   # only one formula may be drawn
    for note in notes:
        print(f"epistemic check: note: {note}", file=sys.stderr)
    out.write(exported if args.export_smcdel == "-" and exported is not None else text)
    return 0


def _exported(loaded, model, formulas: list, checked: list) -> str:
    """The model as loaded, as an SMCDEL file, each formula a TRUE? query at
    each world checked (of ``model``, the one checked)."""
    structure = as_structure(loaded)
    states = [engines.world_named(structure, engines.name_of(model, w)) for w in checked]
    return write_smcdel(structure, [("TRUE?", f, s) for f in formulas for s in states])


def _spelled(model, formula) -> str:
    """``formula`` in SMCDEL's language over the model's numbering, or why it cannot be."""
    try:
        return to_smcdel(formula, numbering(as_structure(model)))
    except EpistemicError as error:
        return f"(none: {error})"


def _echoed(text: str) -> str:
    """A formula (or an act) as written, on one line, cut to :data:`ECHOED` characters."""
    line = " ".join(text.split())
    return line if len(line) <= ECHOED else line[:ECHOED - 4] + " ..."


def _answer(model, formula, checked: list, output: str, formats: list[str], args: argparse.Namespace):
    """The answer for one formula: its text (or, for JSON, its object), and
    the pictures asked for, rendered."""
    drawn = [args.draw] if args.draw is not None else []
    dpi = {fmt: args.dpi if fmt == "png" else None for fmt in formats}
    count, ordered = engines.where(model, formula, JSON_WORLDS, contract=not args.no_contract)
    holding = [engines.truth_at(model, formula, w) for w in checked]
    verdict = all(holding)
    if len(checked) > 1 and (args.why or args.draw or args.html):
        raise EpistemicError(f"the model has {len(checked)} actual worlds: name the one to explain with --world")
    world = engines.name_of(model, checked[0])
    # JSON carries the explanation of the one world checked
    explain = len(checked) == 1 and (args.why or args.draw or args.html or output == "json")
    why = None
    if explain:
        explicit, at = explained(model, checked[0])
        why = explain_verdict(explicit, formula, at, depth=args.depth)
    size = engines.size(model)
    names = [engines.name_of(model, w) for w in checked]
    images = []
    for path, image_format in zip(drawn, formats):
        if why is not None:  # always, as one world is explained whenever a picture is asked for
            title = f"Why {to_text(formula)} is {'true' if verdict else 'false'} at {world}"
            images.append((path, reason_drawing(why, title, image_format, args.renderer, dpi[image_format],
                                                args.label_style)))
    if args.draw_model is not None:
        images.append((args.draw_model, model_drawing(model, formula, formats[-1], args.renderer,
                                                       dpi[formats[-1]])))
    if args.html is not None and why is not None:
        images.append((args.html, _page(model, formula, world, verdict, why, count, ordered, args).encode("utf-8")))
    smcdel = _spelled(model, formula) if args.show_formula else None
    if output == "json":
        answer = {"formula": to_text(formula), "checked": names, "holds": verdict, "worlds": ordered, "of": size,
                  "why": None if why is None else why.to_dict(key=_world_of)}
        if count > len(ordered):
            answer["holding"] = count    # the worlds listed are the first JSON_WORLDS of these
        if smcdel is not None:
            answer["smcdel"] = smcdel
        return answer, images
    if output == "latex":
        return _latex(formula, names, verdict, ordered, count, size, why if args.why else None), images
    listed = ", ".join(ordered[:SHOWN]) + (" ..." if count > SHOWN else "")
    failed = [n for n, h in zip(names, holding) if not h]
    if len(checked) == 1:
        head = f"{'true' if verdict else 'false'} at {world}"
    elif verdict:
        head = f"true at every actual world ({_names(names)})"
    else:
        head = f"false at actual world{'s' if len(failed) > 1 else ''} {_names(failed)}"
    text = (f"{head}\n"
            f"holds at {count:,} of {counted(size, 'world')}" + (f": {listed}" if count else "") + "\n")
    if smcdel is not None:
        text = f"formula: {to_text(formula)}\nSMCDEL:  {smcdel}\n" + text
    if args.why and why is not None:
        text += why.to_text() + "\n"
    return text, images


def _page(model, formula, world: str, verdict: bool, why, count: int, ordered: list,
          args: argparse.Namespace) -> str:
    """The explorer page of one verdict: the model drawn where it is small
    enough, the truth set, and the verdict's reasons to unfold."""
    size = engines.size(model)
    picture, note = None, None
    if size > MAX_WORLDS:
        note = f"the model has {size:,} worlds, too many to draw legibly (the limit is {MAX_WORLDS} worlds)"
    else:
        try:
            picture = inline_svg(model_drawing(model, formula, "svg", args.renderer, None))
        except RendererMissing as err:
            note = f"the model is not drawn: {err}"
    claim = f"{to_text(formula)} is {'true' if verdict else 'false'} at {world}"
    listed = ", ".join(ordered[:SHOWN]) + (" ..." if count > SHOWN else "")
    lines = [f"Model: {os.path.basename(args.model)} ({counted(size, 'world')}).",
             f"{to_text(formula)} holds at {count:,} of {counted(size, 'world')}" + (f": {listed}." if count else ".")]
    step = Step(1, claim, lines, [Decision(f"why {claim}", why)], picture=picture, note=note)
    return explorer_html(f"Why {claim}", [Perspective("the model", [step])],
                         intro=["Click the verdict to unfold its reasons, and each reason to unfold its own."])


def _world_of(key: Hashable) -> str | None:
    """The world a reason of the verdict is about: the first part of its key."""
    return str(key[0]) if isinstance(key, tuple) else None


def _names(worlds) -> str:
    shown = ", ".join(str(w) for w in worlds[:SHOWN])
    return shown + (" ..." if len(worlds) > SHOWN else "")


def _latex(formula, checked: list, verdict: bool, ordered: list, count: int, size: int, why) -> str:
    """The verdict and the truth set as LaTeX math, the explanation, if any, as comments."""
    phi = to_latex(formula)
    at = _world_latex(checked[0]) if len(checked) == 1 else _worlds_latex(checked)
    models = "\\models" if verdict else "\\not\\models"
    how_many = f"{count:,} of {counted(size, 'world')}" + (f", the first {SHOWN} named" if count > SHOWN else "")
    lines = [f"$\\mathcal{{M}}, {at} {models} {phi}$",
             f"$\\|{phi}\\|_{{\\mathcal{{M}}}} = {_worlds_latex(ordered, count)}$ % {how_many}"]
    if why is not None:
        lines += [f"% {line}" for line in why.to_text().splitlines()]
    return "\n".join(lines) + "\n"


def _worlds_latex(worlds: list, count: int | None = None) -> str:
    count = len(worlds) if count is None else count
    if not count:
        return "\\emptyset"
    shown = [_world_latex(w) for w in worlds[:SHOWN]] + (["\\ldots"] if count > SHOWN else [])
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
