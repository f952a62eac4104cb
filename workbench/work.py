"""What the workbench computes for a request: checks, explanations, updates, pictures and grades.

Each function takes plain values (a model, texts, limits) and returns
JSON-ready data, so that the web app can run it in a worker process and
stop it there when it passes its time limit (:mod:`epistemic.workbench.app`).
Nothing here knows about requests or sessions.
"""

from __future__ import annotations

import functools
import io
import json
import re

try:
    import resource
except ImportError:     # not on Windows: a worker there is bounded in time only
    resource = None     # type: ignore[assignment]
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from epistemic import (Agent, EpistemicError, EventModel, KripkeModel, ModelError, explain_verdict, parse_formula,
                       to_text)
from epistemic.checking import truth_array
from epistemic.engines import unknown_atoms, unknown_atoms_note
from epistemic.acts import act_text, apply_act, parse_act
from epistemic.formulas import Formula
from epistemic.models.puzzles import PUZZLES, solve, start_size
from epistemic.smcdel import parse_smcdel
from epistemic.symbolic import KnowledgeStructure, to_kripke
from epistemic.symbolic.files import load_any
from epistemic.syntax import FormulaSyntaxError
from epistemic.visualize import MAX_WORLDS, PictureError, kripke_picture
from epistemic.visualize.explorer import inline_svg

from .grading import grade
from .limits import Limits
from .sheets import text_worlds

__all__ = ["Limits", "WorkError", "guarded", "as_json", "warm", "read_formula", "parse_report", "check", "explain", "picture", "summary",
           "apply", "world_names", "open_text", "puzzle_start", "grade_answer"]


#: Formulas kept parsed (:func:`read_formula`), in each process.
PARSED = 1_024
#: A product update may make this many times the worlds a model may keep, before the
#: worlds the actual ones cannot reach are dropped.
PRODUCT_TIMES = 20


class WorkError(ModelError):
    """A request the workbench refuses: the message says why, in one line."""


def guarded(function: Callable, *args) -> tuple[bool, Any]:
    """``(True, function(*args))``, or ``(False, message)`` for the faults a student can cause:
    a worker process hands back data, not exceptions whose classes take other arguments.

    Examples
    --------
    >>> guarded(parse_report, "p", Limits())
    (True, {'ok': True, 'text': 'p'})
    >>> guarded(read_formula, "p &", Limits())
    (False, {'error': 'line 1, column 4: expected a formula, found the end', 'line': 1, 'column': 4})
    """
    try:
        return True, function(*args)
    except FormulaSyntaxError as error:
        return False, {"error": str(error), "line": error.line, "column": error.column}
    except EpistemicError as error:
        return False, {"error": str(error)}
    except MemoryError:
        return False, {"error": "this needs more memory than one request may take: try a smaller model or a "
                                "shorter formula"}
    except RecursionError:
        return False, {"error": "this nests too deeply to be worked out: try a shorter formula"}
    except Exception as error:   # a fault of the workbench's own: one line to the page, not a broken tab
        return False, {"error": f"the workbench could not do this ({type(error).__name__}: {error})"}


def as_json(function: Callable, *args) -> bytes:
    """``function(*args)`` as the JSON the page is sent, encoded as the web app encodes its
    answers: in a worker, so that the server's one thread does not spend the time a long list
    of worlds takes to write.

    Examples
    --------
    >>> as_json(parse_report, "K_a p&q", Limits())
    b'{"ok":true,"text":"K_a p & q"}'
    """
    return json.dumps(function(*args), ensure_ascii=False, allow_nan=False, indent=None,
                      separators=(",", ":")).encode("utf-8")


def warm(memory: int) -> None:
    """Ready this process for the workbench's jobs: its memory bounded to ``memory`` bytes of
    address space (where the system bounds it), so that one request cannot take the machine's
    (past it, the request ends with a message and the process goes on), and what a check uses
    loaded, a picture's drawing included."""
    if resource is not None:
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        resource.setrlimit(resource.RLIMIT_AS, (memory if hard == resource.RLIM_INFINITY else min(memory, hard),
                                                hard))
    a = Agent("a")
    guarded(check, KripkeModel.from_relations([a], {"w": {"p"}, "v": set()}, {a: [("w", "v")]}, actual="w",
                                              reflexive=True, symmetric=True), "K_a p", Limits())


def read_formula(text: object, limits: Limits, event_models: Mapping[str, EventModel] | None = None,
                 what: str = "formula") -> Formula:
    """``text`` parsed, once it is known to be a string within :attr:`Limits.formula_length`.

    Raises
    ------
    WorkError
        When the text is no string, is empty or is too long.
    FormulaSyntaxError
        When it does not parse.
    """
    if not isinstance(text, str) or not text.strip():
        raise WorkError(f"type a {what}")
    if len(text) > limits.formula_length:
        raise WorkError(f"the {what} has {len(text):,} characters: the limit is {limits.formula_length:,}")
    return parse_formula(text, event_models) if event_models else _parsed(text)[0]


def read_written(text: object, limits: Limits, event_models: Mapping[str, EventModel] | None = None
                 ) -> tuple[Formula, str]:
    """:func:`read_formula`'s formula, and its text as written back (:func:`~epistemic.to_text`).

    The last :data:`PARSED` texts read without event models are kept, parsed and written back:
    a student checks one formula in model after model, and a worker is asked the same ones.
    """
    formula = read_formula(text, limits, event_models)
    return (formula, to_text(formula)) if event_models else _parsed(text)


@functools.lru_cache(maxsize=PARSED)
def _parsed(text: str) -> tuple[Formula, str]:
    """``text`` parsed without event models, and written back (a fault is raised, and not kept)."""
    formula = parse_formula(text)
    return formula, to_text(formula)


def parse_report(text: object, limits: Limits, event_models: Mapping[str, EventModel] | None = None,
                 act: bool = False) -> dict:
    """Whether ``text`` parses, as the page shows it while one types: ``ok`` and the formula as
    written back, or ``error`` with its 1-based ``line`` and ``column``.

    Examples
    --------
    >>> parse_report("K_a (p & q", Limits())["column"]
    11
    >>> parse_report("K_a p&q", Limits())["text"]
    'K_a p & q'
    """
    what = "act" if act else "formula"
    try:
        if act:
            if not isinstance(text, str) or len(text) > limits.formula_length:
                raise WorkError(f"the {what} is too long: the limit is {limits.formula_length:,} characters")
            formula = parse_act(text, event_models or {})
        else:
            formula = read_formula(text, limits, event_models)
    except FormulaSyntaxError as error:
        return {"ok": False, "error": str(error), "line": error.line, "column": error.column}
    except WorkError as error:
        return {"ok": False, "error": str(error), "line": None, "column": None}
    return {"ok": True, "text": act_text(formula) if act else to_text(formula)}


def world_names(model: KripkeModel) -> list[str]:
    """The worlds' names as the page shows them, in the model's order."""
    return [str(w) for w in model.worlds]


_NODE = re.compile(r'(<g id="node\d+" class="node")(>\s*<title>w(\d+)</title>)')


def picture(model: KripkeModel, holds=None, claim: str = "the formula", earlier: KripkeModel | None = None
            ) -> dict:
    """The model drawn as inline SVG, each world's node marked ``data-world`` with its number
    in the model, so that a click on it can ask why; or a note when it is too large to draw."""
    try:
        shown = kripke_picture(model, holds=holds, claim=claim, earlier=earlier)
        svg = inline_svg(shown.pipe("svg"))
    except PictureError as error:
        return {"svg": None, "note": str(error)}
    drawn = list(earlier.worlds if earlier is not None else model.worlds)
    index = {w: i for i, w in enumerate(model.worlds)}

    def mark(m: re.Match) -> str:
        world = drawn[int(m[3])]
        if world not in index:
            return m[0]
        return f'{m[1]} data-world="{index[world]}"{m[2]}'
    return {"svg": _NODE.sub(mark, svg), "note": None}


def summary(model: KripkeModel, draw: bool = True) -> dict:
    """What the page shows of a model: its size, agents, atoms, worlds and picture."""
    atoms = sorted({str(f) for w in model.worlds for f in model.facts(w)})
    kinds = {a.name: ("S5" if model.is_equivalence(a) else "KD45" if model.is_kd45(a) else "arrows")
             for a in sorted(model.agents, key=lambda a: a.name)}
    out = {"worlds": world_names(model) if len(model) <= MAX_WORLDS * 5 else None, "size": len(model),
           "agents": kinds, "atoms": atoms[:200], "actual": sorted(str(w) for w in model.actual)}
    if draw:
        out.update(picture(model))
    return out


def check(model: KripkeModel, text: str, limits: Limits, event_models: Mapping[str, EventModel] | None = None,
          draw: bool = True) -> dict:
    """Where the formula ``text`` holds: the worlds (numbers and names), whether it holds at the
    actual worlds, and the model drawn with those worlds shaded.

    Examples
    --------
    >>> a = Agent("a")
    >>> m = KripkeModel.from_relations([a], {"w": {"p"}, "v": set()}, {a: [("w", "v")]}, actual="w",
    ...                                reflexive=True, symmetric=True)
    >>> found = check(m, "p & ~K_a p", Limits(), draw=False)
    >>> found["holds"], found["count"], found["actual"]
    ([0], 1, {'w': True})
    """
    formula, written = read_written(text, limits, event_models)
    # the truth by world number, read straight: a model kept by a worker has it cached
    truth = truth_array(model, formula)
    order = np.flatnonzero(truth).tolist()
    unknown = unknown_atoms(model, formula)
    # a misspelt atom is false everywhere: the page says so rather than leave a puzzling verdict
    out = {"formula": written, "holds": order[:MAX_WORLDS * 5], "count": len(order), "size": len(model),
           "actual": {str(w): bool(truth[model.index(w)]) for w in sorted(model.actual, key=str)},
           "unknown": unknown_atoms_note(model, unknown) if unknown else None}
    if draw:
        worlds = model.worlds
        out.update(picture(model, holds=frozenset(worlds[i] for i in order), claim=written))
    return out


def explain(model: KripkeModel, text: str, world: int, limits: Limits,
            event_models: Mapping[str, EventModel] | None = None) -> dict:
    """Why the formula ``text`` is true or false at world number ``world``, as a tree of claims."""
    formula = read_formula(text, limits, event_models)
    if not isinstance(world, int) or not 0 <= world < len(model):
        raise WorkError(f"there is no world number {world!r} in the model")
    reason = explain_verdict(model, formula, model.worlds[world], depth=limits.depth)
    return {"world": str(model.worlds[world]), "reason": reason.to_dict(max_depth=limits.depth)}


def apply(model: KripkeModel, text: str, limits: Limits,
          event_models: Mapping[str, EventModel] | None = None) -> tuple[KripkeModel, str, dict]:
    """The model after the act ``text`` (``[!p]``, ``[!p]_{a}``, ``[?p]_{a}``, an event model), the
    act as written back, and the new model's :func:`summary` (made in the same request).

    Raises
    ------
    WorkError
        When the act is too long, or the model after it would pass :attr:`Limits.worlds`.
    """
    if not isinstance(text, str) or len(text) > limits.formula_length:
        raise WorkError(f"type an act of at most {limits.formula_length:,} characters")
    act = parse_act(text, event_models or {})
    # the product is bounded before it is made; what the actual worlds reach, after
    after = apply_act(model, act, limit=PRODUCT_TIMES * limits.worlds)
    if len(after) > limits.worlds:
        raise WorkError(f"after {text} the model has {len(after):,} worlds: the workbench keeps at most "
                        f"{limits.worlds:,}")
    return after, act_text(act), summary(after)


def open_text(text: str, name: str, limits: Limits) -> tuple[KripkeModel, dict[str, EventModel], dict]:
    """The model a file's text holds: our JSON (a Kripke model, or a model file with named event
    models), a knowledge structure as JSON, or an SMCDEL file; a structure is listed as a Kripke
    model of at most :attr:`Limits.worlds` worlds.  With its event models and its :func:`summary`.

    Raises
    ------
    ModelFileError, SmcdelError, ModelError
        As the readers do, naming the fault.
    """
    if len(text.encode("utf-8")) > limits.upload_bytes:
        raise WorkError(f"the file has more than {limits.upload_bytes // 2 ** 20} MiB: the limit for a file "
                        "opened in the page")
    events: dict[str, EventModel] = {}
    try:
        if name.endswith((".smcdel.txt", ".smcdel")) or not text.lstrip().startswith("{"):
            loaded: object = parse_smcdel(text, name).structure
        else:
            loaded, events = load_any(io.StringIO(text))
        if isinstance(loaded, KnowledgeStructure):
            loaded = to_kripke(loaded, limit=limits.worlds)
    except EpistemicError as error:
        message = str(error)
        raise WorkError(message if message.startswith(name) else f"{name}: {message}") from None
    assert isinstance(loaded, KripkeModel)
    if len(loaded) > limits.worlds:
        raise WorkError(f"the model has {len(loaded):,} worlds: the workbench keeps at most {limits.worlds:,}")
    return loaded, events, summary(loaded)


def puzzle_start(name: str, parameters: Mapping[str, int], limits: Limits
                 ) -> tuple[KripkeModel, list[str], str, dict]:
    """A puzzle's starting model, its announcements as acts to apply one by one, its title, and
    the model's :func:`summary`."""
    if not isinstance(name, str) or name not in PUZZLES:
        raise WorkError(f"there is no puzzle {name!r}: choose one of {', '.join(sorted(PUZZLES))}")
    module = PUZZLES[name]
    size = start_size(name, **parameters)
    if size > limits.worlds:
        raise WorkError(f"{module.TITLE} with these parameters starts from {size:,} worlds: the workbench keeps "
                        f"at most {limits.worlds:,}")
    engines = getattr(module, "ENGINES", ("explicit",))
    solution = solve(name, "explicit" if "explicit" in engines else "auto", None,
                     **dict(parameters))
    first = solution.story.rounds[0].model
    if isinstance(first, KnowledgeStructure):
        first = to_kripke(first, limit=limits.worlds)
    acts = [f"[!{to_text(r.formula)}]" for r in solution.story.rounds[1:] if r.formula is not None]
    # worlds named by text, as a model file names them (a puzzle's (2, 3) is 2-3)
    first = text_worlds(first)
    return first, acts, module.TITLE, summary(first)


def grade_answer(exercise, answer: str, deadline: float | None, limits: Limits) -> dict:
    """An exercise's grade as the page shows it: the verdict and why, and the model (or
    countermodel) that shows it drawn, with the explanation at the world that matters."""
    graded = grade(exercise, answer, deadline=deadline)
    out: dict = {"exercise": graded.exercise, "verdict": graded.verdict, "right": graded.right,
                 "summary": graded.summary, "details": list(graded.details),
                 "world": None if graded.world is None else str(graded.world),
                 "reason": None if graded.reason is None else graded.reason.to_dict(max_depth=limits.depth),
                 "column": graded.column, "doubt": graded.doubt,
                 "svg": None, "note": None}
    if graded.model is not None:
        out.update(picture(graded.model, holds=graded.holds, claim=graded.claim or "the formula"))
    return out
