"""epistemic: agents, announcements, knowledge, Kripke models and prediction DAGs.

The core knows no game.  Games in :mod:`models` build on these types.
"""

from .agents import Agent
from .announcements import Announcement
from .dag import CycleError, PredictionDAG, Request
from .errors import EpistemicError, ModelError
from .explanation import Reason
from .knowledge import Knowledge
from .kripke import Event, EventModel, KripkeModel, announce, private_event, public_event

__all__ = [
    "Agent",
    "Announcement",
    "Knowledge",
    "KripkeModel",
    "Event",
    "EventModel",
    "announce",
    "public_event",
    "private_event",
    "PredictionDAG",
    "Reason",
    "Request",
    "CycleError",
    "EpistemicError",
    "ModelError",
]
