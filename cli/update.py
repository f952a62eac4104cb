"""``epistemic update``: a model after announcements and events, applied one by one and saved as JSON."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import TextIO, TypeVar

from epistemic import EpistemicError, KripkeModel, apply_act, holds, parse_act, parse_formula
from epistemic.event_json import event_model_name, model_file_to_dict
from epistemic.files import write_bytes
from epistemic.model_json import MAX_FILE_BYTES, _dumps
from epistemic.models import Command
from epistemic.models.commands import check_file_destination
from epistemic.smcdel import is_smcdel
from epistemic.symbolic import to_kripke
from epistemic.wording import counted

from .check import _echoed, _models

__all__ = ["COMMAND", "add_arguments", "run"]

T = TypeVar("T")

#: A summary names the actual worlds up to this many.
NAMED = 3

EPILOG = """\
acts, each the bracket of a dynamic formula (docs/logic.md): [!p] (public
announcement), [!p]_{a,b} (private: the others believe nothing happened),
[?p]_{a,b} (semi-private: the group learns whether p, the others see that it
does), [(h: p, t: ~p; a: {h} {t}; b: {h, t}), h] (event h of an event model),
[look, h] (an event model named in MODEL.json, or given as --events look.json).
Each act happens at the actual worlds; one that cannot (a false announcement,
an event whose precondition fails) is refused.  After a private or
semi-private announcement or an event, a world is named after the world and
the event it comes from (w.told), and only the worlds the actual ones reach
are kept.  The result keeps the event models MODEL.json names; give --events
files again to the next command.  A knowledge structure is listed as a Kripke
model first (docs/symbolic.md).  Quote each act: the shell reads [ and !.
"""


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("model", metavar="MODEL.json",
                   help="the model: a Kripke model (docs/model-json.md) or a knowledge structure (docs/symbolic.md)")
    p.add_argument("acts", metavar="ACT", nargs="+", help="an act, e.g. '[!p]' or '[!p]_{a}'; several happen in order")
    p.add_argument("--output", "-o", metavar="OUT.json", required=True,
                   help="where the model after the acts is written, as a model file (- for standard output)")
    p.add_argument("--events", metavar="FILE.json", action="append", default=[],
                   help="an event model file; acts name it by its file name without .json "
                        "(repeatable; schema in docs/model-json.md)")
    p.add_argument("--check", metavar="FORMULA", action="append", default=[],
                   help="say whether FORMULA holds at the actual worlds after the acts (repeatable)")


def _each(what: str, texts: list[str], do: Callable[[int], T]) -> list[T]:
    """``do(n)`` for the number of each text, in order; a fault names which text
    (``act 2 ([!q]): ...``) when there are several."""
    out = []
    for n, text in enumerate(texts):
        try:
            out.append(do(n))
        except EpistemicError as error:
            if len(texts) == 1:
                raise
            raise EpistemicError(f"{what} {n + 1} ({_echoed(text)}): {error}") from None
    return out


def _summary(text: str, model: KripkeModel) -> str:
    actual = sorted(model.actual, key=model.index)
    named = ", ".join(str(w) for w in actual[:NAMED]) + (", ..." if len(actual) > NAMED else "")
    return (f"after {_echoed(text)}: {counted(len(model), 'world')} "
            f"(actual: {named})")


def run(args: argparse.Namespace, out: TextIO) -> int:
    if args.output != "-":
        check_file_destination(args.output, (".json",), "--output", "the updated model", [args.model, *args.events])
    elif args.check:
        raise EpistemicError("--check prints to standard output, where --output - writes the model: "
                             "give --output a file")
    if is_smcdel(args.model):
        raise EpistemicError("an SMCDEL file holds queries, not a model to update: give a model file "
                             "(docs/model-json.md)")
    model, named = _models(args.model, args.events)
    # every act and formula is read before any work, so that a typo in the last costs nothing
    acts = _each("act", args.acts, lambda n: parse_act(args.acts[n], event_models=named))
    formulas = _each("formula", args.check, lambda n: parse_formula(args.check[n], event_models=named))
    now = [model if isinstance(model, KripkeModel) else to_kripke(model)]

    def step(n: int) -> str:
        now[0] = apply_act(now[0], acts[n])
        return _summary(args.acts[n], now[0])

    summaries = _each("act", args.acts, step)
    after = now[0]
    verdicts = _each("formula", args.check, lambda n: holds(after, formulas[n]))
    given = {event_model_name(path) for path in args.events}
    own = {name: events for name, events in named.items() if name not in given}
    text = _dumps(model_file_to_dict(after, own)) + "\n"
    payload = text.encode("utf-8")
    if len(payload) > MAX_FILE_BYTES:
        raise EpistemicError(f"the model after the acts has {len(after):,} worlds, {len(payload) / 2 ** 20:,.1f} MiB "
                             f"as JSON, more than the {MAX_FILE_BYTES // 2 ** 20} MiB a model file may be")
    # all is ready: the model, written whole or not at all, then what was done and found
    if args.output != "-":
        write_bytes(payload, args.output)
    for line in summaries:
        print(line, file=sys.stderr)
    if args.output == "-":
        out.write(text)
    for formula_text, verdict in zip(args.check, verdicts):
        out.write(f"{_echoed(formula_text)}: {'true' if verdict else 'false'}\n")
    return 0


COMMAND = Command(
    help="apply announcements and events to a model saved as JSON, and save the model after them",
    description="Apply each act (a public, private or semi-private announcement, or an event of an event "
                "model) in order at the actual worlds, and write the model after them as JSON.",
    add_arguments=add_arguments, run=run, epilog=EPILOG)
