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

from .checking import after_announcement as explicit_after
from .checking import holds as explicit_holds
from .errors import ModelError
from .formulas import Formula
from .kripke import KripkeModel, World
from .symbolic import KnowledgeStructure
from .symbolic import holds as symbolic_holds
from .symbolic import truth
from .symbolic.updates import after_announcement as symbolic_after

__all__ = ["ENGINES", "Model", "engine_of", "holds", "after_announcement", "listed", "size"]

#: The engines, by the names the command line uses.
ENGINES = ("explicit", "symbolic")

Model = KripkeModel | KnowledgeStructure


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
    if engine_of(model) == "explicit":
        return explicit_holds(model, formula)
    return symbolic_holds(model, formula)


def after_announcement(model: Model, formula: Formula) -> Model:
    """``model`` after the public announcement of ``formula``."""
    if engine_of(model) == "explicit":
        return explicit_after(model, formula)
    return symbolic_after(model, formula, truth(model, formula))


def size(model: Model) -> int:
    """The number of worlds (states) of ``model``."""
    return len(model) if engine_of(model) == "explicit" else model.size


def listed(model: Model, limit: int) -> list[World] | None:
    """The worlds of ``model`` (for a structure: its states' names), or
    ``None`` when there are more than ``limit``."""
    if size(model) > limit:
        return None
    if engine_of(model) == "explicit":
        return list(model.worlds)
    return model.state_names(model.manager.true)
