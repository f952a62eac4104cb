"""Grading an answer to an exercise of a sheet, and saying why.

:func:`grade` checks a student's answer with the model checker and answers
with a :class:`Grade`: right or wrong (or unreadable, for an answer that
does not parse: that is a grade, not an exception), a one-line summary, a
few lines of details that name the worlds at fault and why, and what a
picture of it needs (a model, the worlds to shade, the world that shows
the fault and the explanation tree there), for
:func:`epistemic.visualize.kripke_picture`.

A formula answer is right when it means the right thing, not when it is
written as the teacher wrote it: any formula true exactly at the asked
worlds, any announcement after which the goal holds, any formula
equivalent to the reference on the S5 models searched.

The search of a validity exercise is made once, when the sheet is read
(:attr:`~epistemic.workbench.sheets.Exercise.search`), whoever answers:
grading an answer to it is instant.  An equivalent answer is searched for
a model that separates it from the reference (at most
:data:`~epistemic.validity.MAX_MODELS` models); a ``deadline`` passed there
raises :class:`GradingTimeout`: a slow check is the grader's trouble, not
the student's fault, so the caller decides (``epistemic grade`` writes such
an answer's grade as ``timeout``).  Checking an answer on a model does not
look at the deadline: an answer that nests event models can take long
there, and only a caller that grades in a process of its own can stop it.

Examples
--------
>>> from epistemic.workbench.sheets import sheet_from_text
>>> sheet = sheet_from_text('''
... [models.two]
... worlds = {w = ["p"], v = []}
... links = {a = [["w", "v"]]}
... actual = "w"
... [[exercises]]
... kind = "worlds"
... model = "two"
... formula = "~K_a p"
... ''')
>>> g = grade(sheet.exercises[0], "w")
>>> g.verdict, g.summary
('wrong', '1 world missing: v')
>>> print("\\n".join(g.details))
v is missing: ~K_a p is true at v: K_a p is false there
>>> grade(sheet.exercises[0], "w, v").right
True
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Iterable, Sequence
from typing import TYPE_CHECKING

import attrs

from epistemic import (TOP, Agent, Announce, AnnouncePrivately, AnnounceWhether, EpistemicError, Formula,
                       FormulaSyntaxError, Iff, KripkeModel, Or, Reason, apply_act, explain_verdict, parse_formula,
                       to_text)
from epistemic.checking import worlds_where
from epistemic.syntax import MAX_LENGTH
from epistemic.validity import (Search, SearchError, SearchTimeout, SearchTooLarge, search_countermodel,
                                search_separating, vocabulary)

from .sequences import Steps, Unread, read_steps
from .sheets import Exercise
from .small_models import doubt

if TYPE_CHECKING:
    from epistemic.planning import StepCheck

__all__ = ["VERDICTS", "MAX_ANSWER", "Grade", "GradingTimeout", "grade", "answer_worlds", "answer_validity"]

#: What a grade says of an answer.
VERDICTS = ("right", "wrong", "unreadable")
#: The longest answer read: one typed by hand is far shorter than the parser's own limit.
MAX_ANSWER = min(10_000, MAX_LENGTH)
#: Worlds named in one line of details before the list is cut.
_NAMED = 5
#: The characters of acts written out in a grade's summary, past which they are counted instead.
_ACTS_WRITTEN = 80
_SAID_VALID = {"valid": True, "yes": True, "true": True, "invalid": False, "no": False, "false": False}


class GradingTimeout(EpistemicError):
    """Grading an answer passed its deadline."""


def _lines(lines: Iterable[str]) -> tuple[str, ...]:   # converters mypy's attrs plugin can type
    return tuple(lines)


def _world_set(worlds: Iterable[Hashable] | None) -> frozenset | None:
    return None if worlds is None else frozenset(worlds)


@attrs.frozen
class Grade:
    """The grade of one answer, why, and what a picture of it needs.

    Parameters
    ----------
    exercise : str
        The exercise's id.
    verdict : str
        ``"right"``, ``"wrong"`` or ``"unreadable"``.
    summary : str
        Why, in one line (the verdict is not repeated there).
    details : tuple of str
        A few lines: the worlds at fault and why.
    model : KripkeModel, optional
        The model to draw: the sheet's, the one after the announcement, or
        the countermodel.
    holds : frozenset, optional
        The worlds of ``model`` to shade, where ``claim`` is true.
    claim : str, optional
        What the shading shows, for the picture's legend.
    world : hashable, optional
        The world that shows the fault.
    reason : Reason, optional
        Why ``claim``'s formula is true or false at ``world``.
    column : int, optional
        Where an unreadable answer stops parsing: the 1-based column of
        the fault on the answer's first line (``None`` for any other
        answer, and for a fault on a later line).
    doubt : str, optional
        Where no countermodel was found on models as small as the
        exercise allows, but larger ones may hold one: that the grade may
        be wrong, and how many worlds would make it sure
        (:func:`~epistemic.workbench.small_models.doubt`).
    """

    exercise: str
    verdict: str = attrs.field(validator=attrs.validators.in_(VERDICTS))
    summary: str
    details: tuple[str, ...] = attrs.field(default=(), converter=_lines)
    model: KripkeModel | None = attrs.field(default=None, eq=False, repr=False)
    holds: frozenset | None = attrs.field(default=None, converter=_world_set)
    claim: str | None = None
    world: Hashable | None = None
    reason: Reason | None = attrs.field(default=None, eq=False, repr=False)
    column: int | None = None
    doubt: str | None = None

    @property
    def right(self) -> bool:
        return self.verdict == "right"


def grade(exercise: Exercise, answer: str | Sequence[str], *, deadline: float | None = None) -> Grade:
    """Grade ``answer`` to ``exercise``: text, or (for kind worlds) a list of world names.

    Raises
    ------
    GradingTimeout
        When ``deadline`` (a :func:`time.monotonic` time) passes during a
        countermodel search.
    """
    if isinstance(answer, str) and len(answer) > MAX_ANSWER:
        return _unreadable(exercise, f"the answer is longer than {MAX_ANSWER:,} characters, the most that is read")
    grader = {"worlds": _worlds, "formula": _formula, "announcement": _announcement, "validity": _validity,
              "equivalent": _equivalent}[exercise.kind]
    try:
        return grader(exercise, answer, deadline)
    except SearchTimeout as error:
        raise GradingTimeout(f"exercise {exercise.id}: {error}") from None


def _unreadable(exercise: Exercise, why: str, column: int | None = None) -> Grade:
    return Grade(exercise.id, "unreadable", why, column=column)


def _listed(worlds: Iterable[Hashable]) -> str:
    names = [str(w) for w in worlds]
    more = f" and {len(names) - _NAMED} more" if len(names) > _NAMED else ""
    return ", ".join(names[:_NAMED]) + more


def _in_order(model: KripkeModel, worlds: Iterable[Hashable]) -> list[Hashable]:
    chosen = set(worlds)
    return [w for w in model.worlds if w in chosen]


def _read_formula(exercise: Exercise, answer) -> Formula | Grade:
    if not isinstance(answer, str):
        return _unreadable(exercise, "the answer is not a formula")
    if not answer.strip():
        return _unreadable(exercise, "no formula: the answer is empty")
    try:
        return parse_formula(answer)
    except FormulaSyntaxError as error:
        # a caret is drawn under the answer's box, one line long
        return _unreadable(exercise, f"not a formula: {error}", error.column if error.line == 1 else None)
    except EpistemicError as error:
        return _unreadable(exercise, f"not a formula: {error}")


def _checked(exercise: Exercise, answer, model: KripkeModel) -> tuple[Formula, frozenset] | Grade:
    """The answer's formula and where it holds in ``model``, or the grade of an answer that cannot be
    read or checked there."""
    formula = _read_formula(exercise, answer)
    if isinstance(formula, Grade):
        return formula
    try:
        return formula, worlds_where(model, formula)
    except EpistemicError as error:
        return _unreadable(exercise, f"cannot be checked on the model: {error}")


def answer_worlds(answer: str | Sequence[str], worlds: Sequence[Hashable]) -> list[str]:
    """The world names an answer lists: a list of names, or text with the names
    apart by commas or spaces (a name with a space in it needs the commas).

    Raises
    ------
    EpistemicError
        For a name that is no world of ``worlds``.

    Examples
    --------
    >>> answer_worlds("w0, w1 w2", ["w0", "w1", "w2"])
    ['w0', 'w1', 'w2']
    >>> answer_worlds("July 16, May 15", ["May 15", "July 16"])
    ['July 16', 'May 15']
    >>> answer_worlds("w3", ["w0"])
    Traceback (most recent call last):
    ...
    epistemic.errors.EpistemicError: no world named 'w3': the worlds are w0
    """
    known = {str(w) for w in worlds}
    if isinstance(answer, str):
        pieces = []
        for part in re.split(r"[,;]", answer):
            part = part.strip()
            if part in known or not part:
                pieces.append(part)
            else:
                pieces.extend(part.split())
    else:
        pieces = [str(p).strip() for p in answer]
    pieces = [p for p in pieces if p and p not in "{}"]
    pieces = [p.strip("{}") for p in pieces]
    for name in pieces:
        if name not in known:
            raise EpistemicError(f"no world named {name!r}: the worlds are {_listed(worlds)}")
    return pieces


def answer_validity(answer) -> bool | None:
    """Whether an answer says valid (``valid``, ``yes``, ``true``), invalid
    (``invalid``, ``no``, ``false``), in any case, or neither (``None``).

    >>> answer_validity(" Yes"), answer_validity("INVALID"), answer_validity("maybe")
    (True, False, None)
    """
    if not isinstance(answer, str):
        return None
    return _SAID_VALID.get(answer.strip().lower())


# the kinds -------------------------------------------------------------------------
def _worlds(exercise: Exercise, answer, deadline) -> Grade:
    model, formula = exercise.model, exercise.formula
    assert model is not None and formula is not None
    try:
        given = set(answer_worlds(answer, model.worlds))
    except EpistemicError as error:
        return _unreadable(exercise, str(error))
    target = exercise.worlds  # found when the sheet was read
    missing, extra = _in_order(model, target - given), _in_order(model, given - target)
    claim = to_text(formula)
    if not missing and not extra:
        return Grade(exercise.id, "right", f"{claim} holds at {_listed(_in_order(model, target)) or 'no world'}",
                     model=model, holds=target, claim=claim)
    details = [f"{w} is missing: {explain_verdict(model, formula, w).claim}" for w in missing[:_NAMED]]
    details += [f"{w} should not be there: {explain_verdict(model, formula, w).claim}" for w in extra[:_NAMED]]
    parts = []
    if missing:
        parts.append(f"{len(missing)} world{'s' * (len(missing) != 1)} missing: {_listed(missing)}")
    if extra:
        parts.append(f"{len(extra)} world{'s' * (len(extra) != 1)} wrongly included: {_listed(extra)}")
    world = (missing or extra)[0]
    return Grade(exercise.id, "wrong", "; ".join(parts), details, model=model, holds=target, claim=claim,
                 world=world, reason=explain_verdict(model, formula, world))


def _formula(exercise: Exercise, answer, deadline) -> Grade:
    model = exercise.model
    assert model is not None
    read = _checked(exercise, answer, model)
    if isinstance(read, Grade):
        return read
    formula, where = read
    claim = to_text(formula)
    target = exercise.worlds
    if where == target:
        return Grade(exercise.id, "right", f"it holds exactly at {_listed(_in_order(model, target))}",
                     model=model, holds=where, claim=claim)
    world = _in_order(model, where ^ target)[0]
    reason = explain_verdict(model, formula, world)
    asked = "is one of the worlds asked for" if world in target else "is not one of the worlds asked for"
    summary = f"wrong at {world}: your formula is {'true' if world in where else 'false'} there, and {world} {asked}"
    details = [f"it holds at {_listed(_in_order(model, where)) or 'no world'}; asked for "
               f"{_listed(_in_order(model, target)) or 'no world'}", reason.claim]
    return Grade(exercise.id, "wrong", summary, details, model=model, holds=where, claim=claim, world=world,
                 reason=reason)


def _announcement(exercise: Exercise, answer, deadline) -> Grade:
    model, goal = exercise.model, exercise.formula
    assert model is not None and goal is not None
    if exercise.sequence:
        return _sequence(exercise, answer)
    read = _checked(exercise, answer, model)
    if isinstance(read, Grade):
        return read
    announced, where = read
    text = to_text(announced)
    # a group told whether ψ is told the truth either way: the event that happens is the one that
    # matches ψ at the actual world, so only an announcement that ψ must be true there
    false_at = [] if exercise.whether else [w for w in _in_order(model, model.actual) if w not in where]
    if false_at:
        world = false_at[0]
        reason = explain_verdict(model, announced, world)
        return Grade(exercise.id, "wrong", f"{text} is false at the actual world {world}: it cannot be announced "
                                           "truthfully", (reason.claim,),
                     model=model, holds=where, claim=text, world=world, reason=reason)
    try:
        after = _announced(model, announced, exercise)
        holds_after = worlds_where(after, goal)
    except EpistemicError as error:
        return _unreadable(exercise, f"cannot be checked after the announcement: {error}")
    goal_text = to_text(goal)
    broken = [w for w in _in_order(after, after.actual) if w not in holds_after]
    if not broken:
        return Grade(exercise.id, "right", f"after announcing {text}, {goal_text} holds",
                     model=after, holds=holds_after, claim=goal_text)
    world = broken[0]
    reason = explain_verdict(after, goal, world)
    return Grade(exercise.id, "wrong", f"after announcing {text}, {goal_text} is still false at {world}",
                 (f"{len(after)} world{'s' * (len(after) != 1)} left: {_listed(after.worlds)}", reason.claim),
                 model=after, holds=holds_after, claim=goal_text, world=world, reason=reason)


def _announced(model: KripkeModel, announced: Formula, exercise: Exercise) -> KripkeModel:
    """The model after ``announced`` is made as the exercise says: public, private or semi-private,
    stepped as ``epistemic update`` steps it (a world after a private one is named ``w.told``)."""
    if not exercise.to:
        act: Formula = Announce(announced, TOP)
    elif exercise.whether:
        act = AnnounceWhether(exercise.to, announced, TOP)
    else:
        act = AnnouncePrivately(exercise.to, announced, TOP)
    return apply_act(model, act)


def _sequence(exercise: Exercise, answer) -> Grade:
    """A sequence of acts, checked step by step by the planner's validator: right where every step
    can happen and the goal holds at the end, else wrong at the first step refused or at the goal."""
    from epistemic.planning import validate

    model, goal = exercise.model, exercise.formula
    assert model is not None and goal is not None and exercise.max_steps is not None
    read = read_steps(model, goal, answer, exercise.task, exercise.max_steps)
    if isinstance(read, Unread):
        return _unreadable(exercise, read.why, read.column)
    try:
        check = validate(read.task, read.plan)
        state = check.state
        assert state is not None
        refused = check.refused
        if refused is not None:
            return _refused(exercise, read, refused, state)
        holds_after = worlds_where(state, goal)
    except EpistemicError as error:
        return _unreadable(exercise, f"cannot be checked after your acts: {error}")
    goal_text, done = to_text(goal), _acts(read.plan)
    if check.valid:
        shortest, n = exercise.shortest, len(read.plan)
        shorter = (f"; a shorter sequence exists: a shortest has {shortest} act{'s' * (shortest != 1)}"
                   if shortest is not None and n > shortest else "")
        return Grade(exercise.id, "right", f"after {done}, {goal_text} holds{shorter}",
                     model=state, holds=holds_after, claim=goal_text)
    world, reason = check.goal_reasons[0]
    return Grade(exercise.id, "wrong", f"after {done}, {goal_text} is still false at {world}",
                 (f"{len(state)} world{'s' * (len(state) != 1)} left: {_listed(state.worlds)}", reason.claim),
                 model=state, holds=holds_after, claim=goal_text, world=world, reason=reason)


def _refused(exercise: Exercise, read: Steps, step: StepCheck, state: KripkeModel) -> Grade:
    """The grade of a sequence whose step ``step`` cannot happen in ``state``: the picture shades
    where some designated event of its act can."""
    refusal = step.refusals[0]
    action = read.task.action(step.action)
    events = {e.name: e.precondition for e in action.events}
    # an event without a precondition can happen anywhere: a step is refused only where every one has
    # one, and an action's preconditions are formulas
    possible = [pre for pre in (events[name] for name in action.designated) if isinstance(pre, Formula)]
    where = possible[0]
    for other in possible[1:]:
        where = Or(where, other)
    claim = to_text(where)
    reason = refusal.reasons[0][1] if len(refusal.reasons) == 1 else explain_verdict(state, where, refusal.world)
    n, text = step.number, read.plan[step.number - 1]
    before = f" after {_acts(read.plan[:n - 1])}" if n > 1 else ""
    return Grade(exercise.id, "wrong", f"step {n}, {text}, cannot happen{before}: at the actual world "
                                      f"{refusal.world}, {claim} is false", (reason.claim,),
                 model=state, holds=worlds_where(state, where), claim=claim, world=refusal.world, reason=reason)


def _acts(texts: Sequence[str]) -> str:
    """Acts in a line: each, one after the other, or how many where that would be long."""
    joined = " then ".join(texts)
    return joined if len(texts) == 1 or len(joined) <= _ACTS_WRITTEN else f"your {len(texts)} acts"


def _searched(exercise: Exercise, deadline) -> Search:
    """The exercise's own search: made when its sheet was read, or now for an exercise made by hand."""
    if exercise.search is not None:
        return exercise.search
    assert exercise.formula is not None
    return search_countermodel(exercise.formula, exercise.max_worlds, deadline=deadline)


def _countermodel(search: Search, formula: Formula, claim: str) -> dict:
    """What a picture of ``search``'s countermodel needs, shading where ``formula`` holds."""
    assert search.model is not None
    reason = explain_verdict(search.model, formula, search.world)
    return {"model": search.model, "holds": worlds_where(search.model, formula), "claim": claim, "world": search.world,
            "reason": reason}


def _validity(exercise: Exercise, answer, deadline) -> Grade:
    said = answer_validity(answer)
    if said is None:
        return _unreadable(exercise, "answer valid or invalid (or yes or no)")
    assert exercise.formula is not None
    search = _searched(exercise, deadline)
    verdict = "right" if said == search.valid else "wrong"
    text = to_text(exercise.formula)
    if search.valid:
        unsure = exercise.doubt if exercise.search is not None else doubt(exercise.formula, exercise.max_worlds)
        return Grade(exercise.id, verdict, f"it is valid on these models: {search.summary()}", doubt=unsure)
    picture = _countermodel(search, exercise.formula, text)
    model = picture["model"]
    details = (f"the countermodel: {_model_text(model)}", picture["reason"].claim)
    return Grade(exercise.id, verdict, f"it is not valid: {search.summary()}", details, **picture)


def _model_text(model: KripkeModel) -> str:
    """A small model in one line: each world's true atoms, and each agent's partition."""
    worlds = ", ".join(f"{w} ({' '.join(sorted(map(str, model.facts(w)))) or 'nothing true'})" for w in model.worlds)
    agents = "; ".join(f"{a.name}: " + " ".join("{" + ", ".join(map(str, block)) + "}" for block in model.partition(a))
                       for a in sorted(model.agents, key=lambda a: a.name))
    return f"{worlds}; {agents}" if agents else worlds


def _equivalent(exercise: Exercise, answer, deadline) -> Grade:
    reference = exercise.formula
    assert reference is not None
    formula = _read_formula(exercise, answer)
    if isinstance(formula, Grade):
        return formula
    try:
        search = search_separating(reference, formula, exercise.max_worlds, deadline=deadline)
    except SearchTimeout:
        raise
    except SearchTooLarge as error:   # the question's own search never is: the sheet was checked for that
        return _unreadable(exercise, _beyond_the_question(reference, formula) or f"cannot be graded: {error}")
    except SearchError as error:
        return _unreadable(exercise, f"cannot be graded: {error}")
    except EpistemicError as error:
        return _unreadable(exercise, f"cannot be checked: {error}")
    if search.valid:
        return Grade(exercise.id, "right", f"it says the same on every model searched ({search.summary()})",
                     doubt=doubt(Iff(reference, formula), exercise.max_worlds))
    picture = _countermodel(search, formula, "your formula")
    world = search.world
    true, size = world in picture["holds"], len(picture["model"])
    return Grade(exercise.id, "wrong", f"your formula is {'true' if true else 'false'} at {world} of a "
                                      f"model with {size} world{'s' * (size != 1)}, where the sentence is "
                                      f"{'false' if true else 'true'}",
                 (f"the model: {_model_text(picture['model'])}", picture["reason"].claim), **picture)


def _beyond_the_question(reference: Formula, formula: Formula) -> str | None:
    """Why an answer whose search is too large cannot be compared with ``reference``: the atoms
    and agents it names that the question does not; ``None`` when it names none.

    Examples
    --------
    >>> from epistemic import parse_formula as f
    >>> _beyond_the_question(f("K_a p"), f("K_a p & (K_c q -> q) & (K_d r -> r) & (K_e s -> s)"))
    'your formula names q, r, s, c, d and e, which the question does not: write it with the atom p and the agent a only'
    >>> _beyond_the_question(f("K_a p"), f("~K_a ~p")) is None
    True
    """
    asked_atoms, asked_agents = vocabulary(reference)
    atoms, agents = vocabulary(formula)
    extra = [*sorted(atoms - asked_atoms), *_names(agents - asked_agents)]
    if not extra:   # an exercise made by hand, never checked: the search says why
        return None
    return (f"your formula names {_and(extra)}, which the question does not: write it with "
            f"{_vocabulary(sorted(asked_atoms), _names(asked_agents))} only")


def _names(agents: Iterable[Agent]) -> list[str]:
    return sorted(a.name for a in agents)


def _and(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _vocabulary(atoms: Sequence[str], agents: Sequence[str]) -> str:
    parts = [f"the atom{'s' * (len(atoms) != 1)} {_and(atoms)}" if atoms else "",
             f"the agent{'s' * (len(agents) != 1)} {_and(agents)}" if agents else ""]
    return " and ".join(p for p in parts if p) or "no atom or agent"
