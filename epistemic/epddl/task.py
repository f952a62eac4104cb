"""A planning task from an EPDDL domain, problem and action-type libraries.

:func:`read_task` reads the three kinds of file, checks each name against
its declaration, grounds every action over its parameters, builds the
initial state and the goal, and returns an
:class:`epistemic.planning.PlanningTask`.  A domain's
``(:action-type-libraries basic)`` names the built-in libraries shipped
with this package (``basic`` and ``intermediate``) unless library files
are given; a domain that names none may still use the built-in action
types, with a warning.

``[a] φ`` reads as knowledge (:class:`~epistemic.Knows`) where every
relation stays an equivalence, that is where the initial state is S5 and
every observability type of every action type the actions use is an
equivalence over its events; otherwise, as after a private action, as
belief (:class:`~epistemic.Believes`), whose semantics, a box over the
agent's relation, is EPDDL's own.

A requirement a file uses but does not declare is an
:class:`~epistemic.epddl.EpddlWarning` at its place.

Examples
--------
>>> import pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "d.epddl").write_text('''
... (define (domain coin) (:requirements :partial-observability :negative-preconditions :lists)
...   (:action-type-libraries basic)
...   (:predicates (heads))
...   (:event yes :precondition (heads))
...   (:event no :precondition (not (heads)))
...   (:action peek :parameters (?i - agent)
...     :action-type (semi-private-sensing (yes) (no))
...     :observability-conditions (:and (?i Fully) (default Partially))))''')
>>> _ = (folder / "p.epddl").write_text('''
... (define (problem toss) (:domain coin) (:requirements :finitary-S5-theories :modal-goals)
...   (:agents a b)
...   (:init (heads))
...   (:goal ([a] (heads))))''')
>>> from epistemic.planning import apply
>>> from epistemic import holds
>>> task = read_task(folder / "d.epddl", folder / "p.epddl")
>>> [action.name for action in task.actions], len(task.initial.worlds)
(['peek_a', 'peek_b'], 2)
>>> holds(apply(task.initial, task.action("peek_a")), task.goal)
True
"""

from __future__ import annotations

import os
import warnings
from importlib import resources

from ..planning import PlanningTask
from ..planning.sharing import shared as shared_task
from .actions import ground_actions, type_relations
from .context import Scope
from .initial import initial_state
from .lexer import EpddlError, EpddlWarning, fault
from .reader import parse_epddl
from .syntax import Domain, Library, Problem
from .typecheck import check_domain

__all__ = ["read_task", "build_task", "builtin_library", "BUILTIN_LIBRARIES"]

#: The libraries shipped with the package, by name.
BUILTIN_LIBRARIES = ("basic", "intermediate")

# requirements that bring others with them
_FORMULA_PARTS = ("formulas", "preconditions", "postconditions", "obs-conditions", "goals", "list-formulas")


def _implied(declared: set[str]) -> set[str]:
    out = set(declared)
    if ":del" in out:
        return {"*"}
    for part in _FORMULA_PARTS:
        general = {f":general-{part}", f":general-formulas"} & out
        if general:
            out |= {f":negative-{part}", f":disjunctive-{part}", f":modal-{part}", f":quantified-{part}"}
        if {f":quantified-{part}", ":quantified-formulas"} & out:
            out |= {f":universal-{part}", f":existential-{part}"}
        for kind in ("negative", "disjunctive", "modal", "universal", "existential"):
            if f":{kind}-formulas" in out:
                out.add(f":{kind}-{part}")
    if ":list-comprehensions" in out:
        out.add(":lists")
    return out


def _warn_undeclared(used, declared: set[str]) -> None:
    allowed = _implied(declared)
    if "*" in allowed:
        return
    told = set()
    for requirement, at in used:
        if requirement in allowed or requirement in told:
            continue
        told.add(requirement)
        warnings.warn(f"{at.where}: {requirement} is used but not declared in (:requirements ...)",
                      EpddlWarning, stacklevel=3)


def builtin_library(name: str) -> Library:
    """The built-in action-type library ``name`` (one of :data:`BUILTIN_LIBRARIES`)."""
    text = resources.files(__package__).joinpath("libraries", f"{name}.epddl").read_text(encoding="utf-8")
    library = parse_epddl(text, f"<built-in {name}.epddl>")
    assert isinstance(library, Library)
    return library


def _read(path, kind: type, what: str):
    path = os.fspath(path)
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except OSError as error:
        raise EpddlError(f"{path}: cannot read the {what}: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise EpddlError(f"{path}: the {what} is not UTF-8 text") from None
    parsed = parse_epddl(text, path)
    if not isinstance(parsed, kind):
        article = "an" if what[0] in "aeiou" else "a"
        raise fault(parsed.name, f"expected {article} {what}, this file defines a {type(parsed).__name__.lower()}")
    return parsed


def _libraries(domain: Domain, files) -> tuple[list[Library], bool]:
    if files:
        given = [_read(f, Library, "action-type library") for f in files]
        names = {library.name.text for library in given}
        for name in domain.libraries:
            if name.text not in names:
                raise fault(name, f"the domain names the library {name.text}, which no library file given "
                                  "defines")
        return given, False
    libraries = []
    for name in domain.libraries:
        if name.text not in BUILTIN_LIBRARIES:
            raise fault(name, f"no built-in action-type library is named {name.text} "
                              f"(there are {', '.join(BUILTIN_LIBRARIES)}); pass its file")
        libraries.append(builtin_library(name.text))
    return libraries, not domain.libraries


def read_task(domain, problem, libraries=()) -> PlanningTask:
    """The planning task of the domain file, the problem file and the action-type library files (paths).

    Raises
    ------
    EpddlError
        At the first fault of any file, as ``FILE:LINE:COL: what is wrong``.
    """
    domain_ast: Domain = _read(domain, Domain, "domain")
    problem_ast: Problem = _read(problem, Problem, "problem")
    libs, fallback = _libraries(domain_ast, list(libraries))
    return build_task(domain_ast, problem_ast, libs, fallback)


def build_task(domain: Domain, problem: Problem, libraries: list[Library], fallback: bool = False) -> PlanningTask:
    """The planning task of records already read (see :func:`read_task`)."""
    if problem.domain.text != domain.name.text:
        raise fault(problem.domain, f"the problem is for the domain {problem.domain.text}, "
                                    f"not {domain.name.text}")
    for library in libraries:
        _warn_undeclared(library.used, {r.text for r in library.requirements})
    declared = {r.text for r in domain.requirements}
    _warn_undeclared(domain.used, declared)
    _warn_undeclared(problem.used, declared | {r.text for r in problem.requirements})
    scope = Scope(domain, problem)
    if not scope.agents:
        raise fault(problem.name, "the problem has no agent")
    action_types: dict = {}
    for decl in [t for library in libraries for t in library.action_types] + list(domain.action_types):
        if decl.name.text in action_types or decl.name.text == "basic":
            raise fault(decl.name, f"the action type {decl.name.text} is declared twice")
        action_types[decl.name.text] = decl
    if fallback:
        for action in domain.actions:
            name = action.action_type.text
            if name not in action_types and name != "basic":
                for library_name in BUILTIN_LIBRARIES[::-1]:
                    found = {t.name.text: t for t in builtin_library(library_name).action_types}
                    if name in found:
                        warnings.warn(f"{action.action_type.where}: the domain names no action-type library; "
                                      f"{name} is the built-in one", EpddlWarning, stacklevel=3)
                        action_types[name] = found[name]
                        break
    events: dict = {}
    for event in domain.events:
        if event.name.text in events:
            raise fault(event.name, f"the event {event.name.text} is declared twice")
        for param in event.params:
            scope.check_types(param.types)
        events[event.name.text] = event
    check_domain(scope, domain)
    relations = {name: type_relations(scope, decl) for name, decl in action_types.items()}
    for action in domain.actions:
        if action.action_type.text not in action_types and action.action_type.text != "basic":
            named = ", ".join(t.text for t in domain.libraries) or "none"
            raise fault(action.action_type, f"undeclared action type {action.action_type.text}: not in the "
                                            f"libraries the domain names ({named})")
    used = {a.action_type.text for a in domain.actions} - {"basic"}
    assert problem.init is not None and problem.goal is not None  # the reader refuses a problem without them
    initial = initial_state(scope, problem.init)
    scope.knowledge = (all(initial.is_equivalence(a) for a in initial.agents)
                       and all(_equivalence(pairs, [e.text[1:] for e in action_types[name].events])
                               for name in used for _, pairs in relations[name]))
    actions = ground_actions(scope, domain.actions, events, action_types, relations)
    goal = scope.formula(problem.goal, {})
    # one object per distinct subformula: the ground actions repeat the same conditions, and a
    # model caches truths by formula
    return shared_task(PlanningTask(problem.name.text, initial, actions, goal))


def _equivalence(pairs, events: list[str]) -> bool:
    relation = set(pairs)
    return (all((e, e) in relation for e in events)
            and all((f, e) in relation for e, f in relation)
            and all((e, h) in relation for e, f in relation for g, h in relation if f == g))


