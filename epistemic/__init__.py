"""epistemic: agents, announcements, knowledge, formulas, Kripke models and prediction DAGs.

The core knows no game.  Games in :mod:`models` build on these types.
"""

from .agents import Agent
from .announcements import Announcement
from .dag import CycleError, PredictionDAG, Request
from .errors import EpistemicError, ModelError
from .explanation import Reason
from .formulas import (BOTTOM, TOP, And, Announce, AnnounceDiamond, AnnouncePrivately, AnnounceWhether, Atom,
                       Believes, Common, Distributed, Everybody, Formula, FormulaError, Iff, Implies, Knows,
                       KnowsWhether, Not, Or, Possible, Act)
from .knowledge import Knowledge
from .checking import holds, truth_array, worlds_where
from .kripke import Event, EventModel, KripkeModel, announce, private_event, public_event, whether_event
from .story import Round, Story
from .syntax import FormulaSyntaxError, parse_formula, to_text
from .verdicts import explain_verdict

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
    "whether_event",
    "holds",
    "worlds_where",
    "truth_array",
    "explain_verdict",
    "Formula",
    "Atom",
    "TOP",
    "BOTTOM",
    "Not",
    "And",
    "Or",
    "Implies",
    "Iff",
    "Knows",
    "Possible",
    "KnowsWhether",
    "Believes",
    "Everybody",
    "Common",
    "Distributed",
    "Announce",
    "AnnounceDiamond",
    "AnnouncePrivately",
    "AnnounceWhether",
    "Act",
    "parse_formula",
    "to_text",
    "FormulaError",
    "FormulaSyntaxError",
    "Story",
    "Round",
    "PredictionDAG",
    "Reason",
    "Request",
    "CycleError",
    "EpistemicError",
    "ModelError",
]
