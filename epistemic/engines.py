"""One interface over the two engines: Kripke models and knowledge structures.

What a story or a command asks of a model (does a formula hold, the model
after a public announcement, its worlds when there are few) is answered
here for either kind, so that they need not know which engine they hold.

Examples
--------
>>> from epistemic import Agent, KripkeModel, parse_formula
>>> from epistemic.symbolic import from_kripke
>>> a = Agent("a")
>>> m = KripkeModel.from_relations([a], {"w": {"p"}, "v": set()}, {a: [("w", "v")]},
...                                actual="w", reflexive=True, symmetric=True)
>>> [holds(x, parse_formula("[!p] K_a p")) for x in (m, from_kripke(m))]
[True, True]
>>> [listed(after_announcement(x, parse_formula("p")), 5) for x in (m, from_kripke(m))]
[['w'], ['w']]
"""

from __future__ import annotations

from typing import TypeAlias, Union

from .checking import after_announcement as explicit_after
from .checking import holds as explicit_holds
from .checking import worlds_where as explicit_where
from .errors import ModelError
from .formulas import Formula
from .kripke import KripkeModel, World
from .symbolic import KnowledgeStructure
from .symbolic import holds as symbolic_holds
from .symbolic import from_kripke, to_kripke, truth
from .symbolic.updates import after_announcement as symbolic_after

__all__ = ["ENGINES", "Model", "engine_of", "holds", "after_announcement", "listed", "size", "actual_worlds",
           "world_named", "truth_at", "name_of", "where", "convert"]

#: The engines, by the names the command line uses.
ENGINES = ("explicit", "symbolic")

#: Either engine's model.
Model: TypeAlias = Union[KripkeModel, KnowledgeStructure]


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


def holds(model: Model, formula: Formula) -> bool:
    """Whether ``formula`` holds at every actual world of ``model``."""
    if isinstance(model, KripkeModel):
        return explicit_holds(model, formula)
    return symbolic_holds(model, formula)


def after_announcement(model: Model, formula: Formula) -> Model:
    """``model`` after the public announcement of ``formula``."""
    if isinstance(model, KripkeModel):
        return explicit_after(model, formula)
    return symbolic_after(model, formula, truth(model, formula))


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
    strangers = [a for a in atoms if a not in model.atoms]
    if not strangers:
        u = model.manager.cube({v: a in atoms for a, v in model.atoms.items()})
        found = model.states(u, limit=2)
        if len(found) == 1:
            return found[0]
    named = [s for s in model.states(model.manager.true, limit=_NAMED) if str(model.name(s)) == name]
    if len(named) != 1:
        raise ModelError(f"the model has no state {name!r} (name a state by its true atoms, as \"p, q\")")
    return named[0]


#: A state is looked up by its name among at most this many states.
_NAMED = 100_000


def truth_at(model: Model, formula: Formula, world) -> bool:
    """Whether ``formula`` holds at ``world`` (a state, for a structure)."""
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
