"""``epistemic check FILE.smcdel.txt``: every query of an SMCDEL file answered, as SMCDEL answers it."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from epistemic import EpistemicError, to_text
from epistemic.explanation import Reason
from epistemic.models import end_progress, progress_printer, write_pictures
from epistemic.smcdel import Answer, SmcdelError, SmcdelFile, answer, read_smcdel, write_smcdel
from epistemic.smcdel.grammar import formula_size
from epistemic.symbolic import to_kripke, truth
from epistemic.verdicts import explain_verdict
from epistemic.visualize import MAX_WORLDS

from .verdict_output import explained, model_drawing, reason_drawing

__all__ = ["run", "QUESTION_SHOWN", "SHOWN_PARTS"]

#: A formula is shown in its question up to this many characters.
QUESTION_SHOWN = 200
#: A formula read is shown in our syntax (--show-formula, JSON) up to this many parts.
SHOWN_PARTS = 2_000


def _shown(text: str) -> str:
    return text if len(text) <= QUESTION_SHOWN else text[:QUESTION_SHOWN - 4] + " ..."


def _ours(formula) -> str:
    """The formula in our syntax, unless written out it is too long to show
    (read from a file, a part may be shared, and is printed each time)."""
    size = formula_size(formula)
    if size > SHOWN_PARTS:
        return f"(a formula of {size:,} parts written out, too long to show)"
    return to_text(formula)


def _question(a: Answer) -> str:
    """The question as SMCDEL asks it."""
    q = a.query
    if q.kind == "TRUE?":
        return f"Is {_shown(q.text)} true at [{','.join(map(str, q.state or ()))}]?"
    if q.kind == "VALID?":
        return f"Is {_shown(q.text)} valid on F?"
    return f"At which states is {_shown(q.text)} true?"


def _explained_state(file: SmcdelFile, a: Answer):
    """The state whose verdict explains an answer: the state asked about;
    for VALID?, the first state where the formula fails, or else the first
    state; for WHERE?, the first state listed, or else the first state."""
    s = file.structure
    if a.query.state is not None:
        return file.state(a.query.state), "at the state asked about"
    if a.query.kind == "VALID?" and not a.value:
        return s.ordered(~truth(s, a.query.formula), 1)[0], "at the first state where it fails"
    if a.states:
        return file.state(a.states[0]), "at the first state where it holds"
    first = s.ordered(s.manager.true, 1)
    if not first:
        raise EpistemicError(f"line {a.query.line}: the structure has no state to explain the answer at")
    return first[0], "at the first state" + ("" if a.query.kind == "VALID?" else ", where it fails")


def _reason(file: SmcdelFile, a: Answer, depth: int) -> tuple[str, str, Reason]:
    state, where = _explained_state(file, a)
    model, world = explained(file.structure, state)
    return str(file.structure.name(state)), where, explain_verdict(model, a.query.formula, world, depth=depth)


def run(args: argparse.Namespace, out: TextIO, output: str, formats: list[str], export: str | None) -> int:
    """Answer the queries of the SMCDEL file ``args.model`` (the destinations checked by the caller)."""
    if args.formula is not None or args.formula_file is not None:
        raise EpistemicError("an SMCDEL file asks its own queries: give no FORMULA or --formula-file with it")
    for flag, given in (("--events", args.events), ("--world", args.world), ("--html", args.html)):
        if given:
            raise EpistemicError(f"{flag} is for model files: an SMCDEL file's TRUE? queries name their states")
    if output == "latex":
        raise EpistemicError("--format latex is for model files: an SMCDEL file is answered as text or JSON")
    file = read_smcdel(args.model)
    try:
        return _run(args, out, output, formats, export, file)
    except SmcdelError as error:   # a fault found in answering, named by its file as one found in reading
        raise SmcdelError(error.line, error.column, error.fault, args.model) from None


def _run(args: argparse.Namespace, out: TextIO, output: str, formats: list[str], export: str | None,
         file: SmcdelFile) -> int:
    queries = list(file.queries)
    if args.query is not None:
        if not 1 <= args.query <= len(queries):
            raise EpistemicError(f"--query {args.query}: the file asks {len(queries)} quer"
                                 f"{'y' if len(queries) == 1 else 'ies'}")
        queries = [queries[args.query - 1]]
    drawn = args.draw is not None or args.draw_model is not None
    if drawn and len(queries) != 1:
        raise EpistemicError(f"--draw and --draw-model draw one query, and the file asks {len(queries)}: "
                             "pick one with --query N")
    if args.draw_model is not None and file.structure.size > MAX_WORLDS:
        raise EpistemicError(f"the structure has {file.structure.size:,} states, too many to draw legibly "
                             f"(the limit is {MAX_WORLDS} states)")
    for query in queries:   # a state asked about is checked before any work
        if query.state is not None and not file.structure.is_state(file.state(query.state)):
            answer(file, query).text()   # raises, naming it, as answering it would
    listed = to_kripke(file.structure) if args.engine == "explicit" else None
    answers, reasons = [], []
    show = progress_printer("queries answered") if len(queries) > 1 else None
    try:
        for count, query in enumerate(queries, 1):
            a = answer(file, query, "explicit" if listed is not None else "symbolic", listed)
            answers.append(a)
            reasons.append(_reason(file, a, args.depth) if args.why or drawn else None)
            if show is not None:
                show(count, len(queries))
    finally:
        end_progress(show)

    images = []
    if drawn:
        a, reason = answers[0], reasons[0]
        assert reason is not None
        dpi = {fmt: args.dpi if fmt == "png" else None for fmt in formats}
        if args.draw is not None:
            state, _, why = reason
            title = f"Why {a.query.text} is {'true' if why.verdict else 'false'} at {state}"
            images.append((args.draw, reason_drawing(why, title, formats[0], args.renderer, dpi[formats[0]],
                                                     args.label_style)))
        if args.draw_model is not None:
            images.append((args.draw_model, model_drawing(file.structure, a.query.formula, formats[-1],
                                                          args.renderer, dpi[formats[-1]])))
    exported = None
    if export is not None:
        written = [(q.kind, q.formula) + ((file.state(q.state),) if q.state is not None else ()) for q in queries]
        exported = write_smcdel(file.structure, written)
        if export != "-":
            images.append((export, exported.encode("utf-8")))

    if output == "json":
        items = []
        for a, reason in zip(answers, reasons):
            item = {**a.to_dict(), "ours": _ours(a.query.formula)}
            if reason is not None:
                state, where, why = reason
                item["why"] = {"state": state, "where": where, **why.to_dict(key=_state_of)}
            items.append(item)
        text = json.dumps({"file": args.model, "states": file.structure.size,
                           "agents": sorted(a.name for a in file.structure.agents), "answers": items},
                          ensure_ascii=False, indent=2) + "\n"
    else:
        blocks = []
        for a, reason in zip(answers, reasons):
            lines = [_question(a)]
            if args.show_formula:
                lines += [f"  SMCDEL: {a.query.text}", f"  ours:   {_ours(a.query.formula)}"]
            lines.append(a.text())
            if args.why and reason is not None:
                state, where, why = reason
                lines += [f"why, {where} ({state}):", why.to_text()]
            blocks.append("\n".join(lines) + "\n")
        text = "\n".join(blocks)
    write_pictures(images)
    out.write(exported if export == "-" and exported is not None else text)
    if not queries:
        print(f"{args.model} asks no query (TRUE?, VALID? or WHERE?)", file=sys.stderr)
    return 0


def _state_of(key) -> str | None:
    return str(key[0]) if isinstance(key, tuple) else None
