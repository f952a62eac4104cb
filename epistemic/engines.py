"""One interface over the two engines: Kripke models and knowledge structures.

What a story, a command or a user asks of a model (does a formula hold,
where, the model after a public announcement or an event model, its worlds
when there are few) is answered here for either kind, so that they need not
know which engine they hold: :func:`holds`, :func:`worlds_where`,
:func:`after_announcement` and :func:`update` are the package's own
(``epistemic.holds`` ...), each dispatching on the model to the explicit
engine (:mod:`epistemic.checking`, :mod:`epistemic.updates`) or the
symbolic one (:mod:`epistemic.symbolic`), which answer alike.  A world of a
knowledge structure is one of its states (a :class:`~epistemic.symbolic.structure.State`).

A formula that names an atom the model does not have is answered as if the
atom were false everywhere, as the semantics says, with an
:class:`UnknownAtomWarning` (a misspelt atom is otherwise silently false).

Examples
--------
>>> from epistemic import Agent, KripkeModel, parse_formula
>>> from epistemic.symbolic import from_kripke
>>> a = Agent("a")
>>> m = KripkeModel.from_relations([a], {"w": {"p"}, "v": set()}, {a: [("w", "v")]},
...                                actual="w", reflexive=True, symmetric=True)
>>> [holds(x, parse_formula("[!p] K_a p")) for x in (m, from_kripke(m))]
[True, True]
>>> worlds_where(m, parse_formula("~p")), worlds_where(from_kripke(m), parse_formula("~p"))
(frozenset({'v'}), frozenset({<state v: {}>}))
>>> [listed(after_announcement(x, parse_formula("p")), 5) for x in (m, from_kripke(m))]
[['w'], ['w']]
>>> after_announcement(from_kripke(m), parse_formula("~p"))
Traceback (most recent call last):
...
epistemic.errors.ModelError: ~p is false at the actual world w: it cannot be announced truthfully
"""

from __future__ import annotations

import warnings
from typing import TypeAlias, Union, cast, overload

from .checking import after_announcement as explicit_after
from .checking import holds as explicit_holds
from .checking import truth_array
from .checking import worlds_where as explicit_where
from .errors import ModelError
from .events import EventModel, formulas_within
from .formulas import Act, Formula
from .kripke import KripkeModel, World
from .refusals import untruthful
from .symbolic import KnowledgeStructure
from .symbolic import holds as symbolic_holds
from .symbolic import from_kripke, to_kripke, truth
from .symbolic.convert import STATES
from .symbolic.updates import after_announcement as symbolic_after
from .symbolic.updates import update as symbolic_update
from .updates import update as explicit_update
from .validity import vocabulary

__all__ = ["ENGINES", "Model", "UnknownAtomWarning", "engine_of", "holds", "worlds_where", "after_announcement",
           "update", "unknown_atoms", "unknown_atoms_note", "listed", "size", "actual_worlds", "world_named",
           "truth_at", "name_of", "where", "convert"]

#: The engines, by the names the command line uses.
ENGINES = ("explicit", "symbolic")

#: Either engine's model.
Model: TypeAlias = Union[KripkeModel, KnowledgeStructure]


class UnknownAtomWarning(UserWarning):
    """A formula names an atom the model does not have, which is false
    everywhere there (see :func:`unknown_atoms`)."""


def engine_of(model: Model) -> str:
    """``"explicit"`` or ``"symbolic"``.

    Raises
    ------
    ModelError
        For anything else.
    """
    if isinstance(model, KripkeModel):
        return "explicit"
    if isinstance(model, KnowledgeStructure):
        return "symbolic"
    raise ModelError(f"expected a KripkeModel or a KnowledgeStructure, got {type(model).__name__}")


def holds(model: Model, formula: Formula, world=None, *, contract: bool = True) -> bool:
    """Whether ``formula`` holds at ``world``, or (by default) at every
    actual world of ``model``, on either engine.

    Parameters
    ----------
    model : KripkeModel or KnowledgeStructure
    formula : Formula
    world : optional
        A world of the Kripke model; of a structure, one of its states (as
        :func:`worlds_where` and its ``actual`` give them) or the names of
        its true atoms (see :meth:`~epistemic.symbolic.structure.KnowledgeStructure.state`).
    contract : bool
        For a Kripke model, see :func:`epistemic.checking.truth_array`.

    Raises
    ------
    ModelError
        For anything but a model; for a world the model does not have, no
        world given and no actual world; as the engines refuse a formula
        (an agent the model does not have, knowledge where an agent may be
        mistaken).
    FormulaError
        When ``formula`` is not a formula.

    Warns
    -----
    UnknownAtomWarning
        When the formula names an atom the model does not have.

    Examples
    --------
    >>> from epistemic import Agent, parse_formula
    >>> from epistemic.symbolic import KnowledgeStructure
    >>> coins = KnowledgeStructure.build(["p", "q"], parse_formula("p | q"), {Agent("a"): ["p"]},
    ...                                  actual=[{"p", "q"}])
    >>> holds(coins, parse_formula("K_a p")), holds(coins, parse_formula("K_a p"), {"q"})
    (True, False)
    """
    if engine_of(model) == "explicit":
        _warn_unknown(model, formula)
        return explicit_holds(cast(KripkeModel, model), formula, world, contract=contract)
    structure = cast(KnowledgeStructure, model)
    _warn_unknown(structure, formula)
    return symbolic_holds(structure, formula, None if world is None else structure.state(world))


def worlds_where(model: Model, formula: Formula, *, contract: bool = True) -> frozenset:
    """The worlds of ``model`` where ``formula`` holds, on either engine:
    for a structure, its states (at most :data:`~epistemic.symbolic.convert.STATES`,
    counted first; ask :func:`~epistemic.symbolic.checking.truth` for more).

    Raises
    ------
    ModelError
        As :func:`holds`, and for a structure where the formula holds at
        more states than are listed.

    Warns
    -----
    UnknownAtomWarning
        When the formula names an atom the model does not have.

    Examples
    --------
    >>> from epistemic import Agent, parse_formula
    >>> from epistemic.symbolic import KnowledgeStructure
    >>> s = KnowledgeStructure.build(["p", "q"], parse_formula("p | q"), {Agent("a"): ["p"]})
    >>> sorted(worlds_where(s, parse_formula("q")), key=len)
    [<state {q}>, <state {p, q}>]
    """
    _warn_unknown(model, formula)
    if engine_of(model) == "explicit":
        return explicit_where(cast(KripkeModel, model), formula, contract=contract)
    structure = cast(KnowledgeStructure, model)
    u = truth(structure, formula)
    count = structure.count(u)
    if count > STATES:
        raise ModelError(f"the formula holds at {count:,} states of the structure, more than the {STATES:,} "
                         "worlds_where lists: epistemic.symbolic.truth gives their diagram, whose states the "
                         "structure's count counts")
    return frozenset(structure.states(u))


@overload
def after_announcement(model: KripkeModel, formula: Formula) -> KripkeModel: ...
@overload
def after_announcement(model: KnowledgeStructure, formula: Formula) -> KnowledgeStructure: ...


def after_announcement(model: Model, formula: Formula) -> Model:
    """``model`` after the public announcement of ``formula``, on either
    engine: the worlds where it holds are kept, with their names, and the
    actual ones among them.

    Raises
    ------
    ModelError
        When ``formula`` is false at every actual world, where it cannot be
        announced truthfully (in the words of :func:`~epistemic.apply_act`,
        which refuses the act ``[!φ]`` there), or as :func:`holds`.

    Warns
    -----
    UnknownAtomWarning
        When the formula names an atom the model does not have.
    """
    _warn_unknown(model, formula)
    actual = actual_worlds(model)
    if engine_of(model) == "explicit":
        m = cast(KripkeModel, model)
        where = truth_array(m, formula)
        if actual and not any(where[m.index(w)] for w in actual):
            raise ModelError(untruthful(formula, actual))
        return _keeps_atoms(explicit_after(m, formula), m)
    structure = cast(KnowledgeStructure, model)
    u = truth(structure, formula)
    if actual and not any(structure.value(u, s) for s in actual):
        raise ModelError(untruthful(formula, [structure.name(s) for s in actual]))
    return symbolic_after(structure, formula, u)


@overload
def update(model: KripkeModel, events: EventModel) -> KripkeModel: ...
@overload
def update(model: KnowledgeStructure, events: EventModel) -> KnowledgeStructure: ...


def update(model: Model, events: EventModel) -> Model:
    """``model`` after the actual events of ``events`` happen (the product
    update), on either engine: see :func:`epistemic.updates.update`, whose
    worlds are numbered, and :func:`~epistemic.symbolic.updates.update`,
    whose states are named by the pair of the state before and the event.

    Raises
    ------
    ModelError
        When ``events`` is not an event model over the model's agents, or no
        actual event can happen at an actual world; on a structure, for a
        precondition given as a function.
    """
    if engine_of(model) == "explicit":
        m = cast(KripkeModel, model)
        return _keeps_atoms(explicit_update(m, events), m, _made_true(events))
    return symbolic_update(cast(KnowledgeStructure, model), events, truth)


def unknown_atoms(model: Model, formula: Formula) -> tuple[str, ...]:
    """The atoms ``formula`` names (in the event models inside it too) that
    ``model`` does not have, in order: not in a structure's vocabulary; for
    a Kripke model, true at no world of it, nor of the model it was
    announced or updated from by :func:`after_announcement` or
    :func:`update`.  An atom an event model inside the formula makes true is
    had.

    Examples
    --------
    >>> from epistemic import Agent, KripkeModel, parse_formula
    >>> a = Agent("a")
    >>> m = KripkeModel.from_relations([a], {"w": {"p"}, "v": {"q"}}, {}, actual="w", reflexive=True)
    >>> unknown_atoms(m, parse_formula("K_a (p | q | r | s)"))
    ('r', 's')
    >>> unknown_atoms(after_announcement(m, parse_formula("p")), parse_formula("q"))
    ()
    >>> unknown_atoms(m, parse_formula("[(e: top {+q}; a: {e}), e] q"))
    ()
    """
    key = ("atoms named", formula)   # a formula is walked once per model, asked again as often as it may be
    if key not in model.cache:
        atoms, _ = vocabulary(formula)
        model.cache[key] = atoms - frozenset().union(*(_made_true(cast(EventModel, f.action))
                                                       for f in formulas_within(formula) if isinstance(f, Act)))
    named, had = model.cache[key], _atoms(model)
    return () if named <= had else tuple(sorted(named - had))


def unknown_atoms_note(model: Model, atoms) -> str:
    """What :func:`unknown_atoms` found, in words.

    Examples
    --------
    >>> from epistemic import Agent, KripkeModel
    >>> m = KripkeModel.from_relations([Agent("a")], {"w": {"p"}}, {}, actual="w", reflexive=True)
    >>> unknown_atoms_note(m, ["q", "r"])
    'the formula names q and r, which are true at no world of the model: they are false everywhere'
    """
    atoms = list(atoms)
    names = atoms[0] if len(atoms) == 1 else ", ".join(atoms[:-1]) + " and " + atoms[-1]
    one = len(atoms) == 1
    had = ("true at no world of the model" if isinstance(model, KripkeModel)
           else "not an atom of the structure" if one else "not atoms of the structure")
    return (f"the formula names {names}, which {'is' if one else 'are'} {had}: "
            f"{'it is' if one else 'they are'} false everywhere")


def _warn_unknown(model: Model, formula: Formula) -> None:
    """Warn, in the caller's caller's name, where ``formula`` names atoms ``model`` does not have."""
    if isinstance(formula, Formula) and isinstance(model, (KripkeModel, KnowledgeStructure)):
        unknown = unknown_atoms(model, formula)
        if unknown:
            warnings.warn(unknown_atoms_note(model, unknown), UnknownAtomWarning, stacklevel=3)


#: A Kripke model's atoms, in its cache.
_ATOMS = ("atoms of the model",)


def _atoms(model: Model) -> frozenset[str]:
    """The atoms ``model`` has (see :func:`unknown_atoms`), for a Kripke model found once."""
    if isinstance(model, KnowledgeStructure):
        return frozenset(model.atoms)
    if _ATOMS not in model.cache:
        model.cache[_ATOMS] = frozenset(f for facts in {model.facts(w) for w in model.worlds} for f in facts
                                        if isinstance(f, str))
    return model.cache[_ATOMS]


def _keeps_atoms(after: KripkeModel, before: KripkeModel, made_true: frozenset[str] = frozenset()) -> KripkeModel:
    """``after``, made from ``before``, having its atoms (and those an update made true)."""
    after.cache[_ATOMS] = _atoms(before) | _atoms(after) | made_true
    return after


def _made_true(events: EventModel) -> frozenset[str]:
    """The atoms an event of ``events`` may make true."""
    return frozenset(x for e in events.events for x in (*e.adds, *(atom for atom, _ in e.assign)) if isinstance(x, str))


def size(model: Model) -> int:
    """The number of worlds (states) of ``model``."""
    return len(model) if isinstance(model, KripkeModel) else model.size


def listed(model: Model, limit: int) -> list[World] | None:
    """The worlds of ``model`` (for a structure: its states' names), or
    ``None`` when there are more than ``limit``."""
    if size(model) > limit:
        return None
    if isinstance(model, KripkeModel):
        return list(model.worlds)
    return model.state_names(model.manager.true)


def actual_worlds(model: Model) -> list:
    """The actual worlds (states), in the model's order."""
    if isinstance(model, KripkeModel):
        return sorted(model.actual, key=model.index)
    return list(model.actual)


def world_named(model: Model, name: str):
    """The world (state) called ``name``; a state of a structure may also be
    named by its true atoms, as ``"p, q"`` or ``"{p, q}"``.

    Raises
    ------
    ModelError
        When there is none.
    """
    if isinstance(model, KripkeModel):
        by_name = {str(w): w for w in model.worlds}
        if name not in by_name:
            raise ModelError(f"the model has no world {name!r}")
        return by_name[name]
    atoms = [a for a in name.strip().removeprefix("{").removesuffix("}").replace(",", " ").split() if a]
    if all(a in model.atoms for a in atoms):
        try:
            return model.state(atoms)
        except ModelError:   # no state or several with just these atoms: a state's name, then
            pass
    named = [s for s in model.states(model.manager.true, limit=_NAMED) if str(model.name(s)) == name]
    if len(named) != 1:
        raise ModelError(f"the model has no state {name!r} (name a state by its true atoms, as \"p, q\")")
    return named[0]


#: A state is looked up by its name among at most this many states.
_NAMED = 100_000


def truth_at(model: Model, formula: Formula, world) -> bool:
    """Whether ``formula`` holds at ``world`` (a state, for a structure), without a warning."""
    if isinstance(model, KripkeModel):
        return explicit_holds(model, formula, world)
    return symbolic_holds(model, formula, world)


def name_of(model: Model, world) -> str:
    return str(world) if isinstance(model, KripkeModel) else str(model.name(world))


def where(model: Model, formula: Formula, limit: int, *, contract: bool = True) -> tuple[int, list[str]]:
    """How many worlds ``formula`` holds at, and the names of the first
    ``limit`` of them in the model's order."""
    if isinstance(model, KripkeModel):
        found = explicit_where(model, formula, contract=contract)
        ordered = [w for w in model.worlds if w in found]
        return len(ordered), [str(w) for w in ordered[:limit]]
    u = truth(model, formula)
    return model.count(u), [str(n) for n in model.state_names(u, limit)]


def convert(model: Model, engine: str) -> Model:
    """``model`` on ``engine``: a structure is listed as a Kripke model (up
    to :data:`~epistemic.symbolic.convert.STATES` states), a Kripke model
    described as a structure."""
    if engine not in ENGINES:
        raise ModelError(f"unknown engine {engine!r}: choose one of {', '.join(ENGINES)}")
    if engine_of(model) == engine:
        return model
    if isinstance(model, KripkeModel):
        return from_kripke(model)
    return to_kripke(model)
