"""The symbolic engine: knowledge structures on binary decision diagrams.

The same formulas, announcements and event models as the explicit checker,
on structures that describe their states by a formula instead of listing
them (see :mod:`epistemic.symbolic.structure`), so that models of 2**60
worlds with a regular shape are checked in seconds.  ``epistemic.holds``
and the package's other checks and updates take a structure as they take
a Kripke model (:mod:`epistemic.engines`); the functions here take a
structure alone.
"""

from .bdds import BACKEND
from .checking import holds, states_where, truth
from .convert import from_kripke, to_kripke
from .structure import KnowledgeStructure, State
from .updates import transform

__all__ = ["KnowledgeStructure", "State", "truth", "holds", "states_where", "from_kripke", "to_kripke", "transform",
           "BACKEND"]
