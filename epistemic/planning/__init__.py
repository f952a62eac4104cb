"""Epistemic planning: actions observed by some agents fully, some partially and the rest not at all.

:class:`Action` is an abstract event model (its observers' types are chosen
by the state); :func:`applicable` and :func:`apply` are its semantics on
the core's Kripke models and product update; a :class:`PlanningTask`
holds an initial state, the actions and a goal.  :func:`search` finds a
plan, breadth-first over states known by :func:`state_key` (equal for
bisimilar states), and :func:`validate` checks one, saying why a step
is refused or the goal fails.
"""

from .action import Action, applicable, apply, observability_types
from .canonical import contracted, state_key
from .from_models import action_from_act, action_from_event_model, task_from_model
from .result import SearchResult, Stop, Strategy
from .search import search
from .task import PlanningTask
from .validation import PlanCheck, StepCheck, validate

__all__ = ["PlanningTask", "Action", "applicable", "apply", "observability_types", "contracted", "state_key",
           "search", "SearchResult", "Stop", "Strategy", "validate", "PlanCheck", "StepCheck",
           "task_from_model", "action_from_act", "action_from_event_model"]
