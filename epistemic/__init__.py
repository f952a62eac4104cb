"""epistemic: agents, announcements, knowledge, formulas, Kripke models and prediction DAGs.

The core knows no game.  Games in :mod:`epistemic.models` build on these types.
:func:`holds`, :func:`worlds_where`, :func:`after_announcement` and
:func:`update` take either engine's model, a :class:`KripkeModel` or a
:class:`KnowledgeStructure` (:mod:`epistemic.engines`).
"""

from typing import TYPE_CHECKING

from ._checkout import find_parts_beside
from ._lazy import lazy_names
from ._version import __version__

find_parts_beside(__name__, __path__[0])

if TYPE_CHECKING:
    from .agents import Agent
    from .announcements import Announcement
    from .dag import CycleError, PredictionDAG, Request
    from .errors import EpistemicError, ModelError
    from .explanation import Reason
    from .formulas import (BOTTOM, TOP, And, Announce, AnnounceDiamond, AnnouncePrivately, AnnounceWhether, Atom,
                           Believes, Common, CommonBelief, Distributed, Everybody, EverybodyBelieves, Formula,
                           FormulaError, Iff, Implies, Knows, KnowsWhether, Not, Or, Possible, Act, conjunction,
                           disjunction)
    from .knowledge import Knowledge
    from .model_json import ModelFileError, load_model, model_from_dict, model_to_dict, save_model
    from .event_json import ModelFile, load_event_model, load_model_file, save_event_model, save_model_file
    from .bisimulation import bisimulation_classes, contract
    from .building import describe_model
    from .checking import truth_array
    from .engines import UnknownAtomWarning, after_announcement, holds, update, worlds_where
    from .kripke import Event, EventModel, KripkeModel, private_event, public_event, whether_event
    from .plausibility import PlausibilityModel
    from .probability import CommonPBelief, Probability, ProbabilisticModel
    from .sequential import BackwardInduction, Choice, SequentialGame
    from .story import Round, Story
    from .syntax import FormulaSyntaxError, parse_event_model, parse_formula, to_latex, to_text
    from .symbolic import KnowledgeStructure
    from .updates import announce
    from .acts import apply_act, parse_act
    from .verdicts import explain_verdict

# each name is imported from its module when first asked for, so that a command that needs
# no model checker (``epistemic --version``) loads none, nor numpy, networkx or sympy
__getattr__, __dir__ = lazy_names(globals(), {
    "agents": ["Agent"],
    "announcements": ["Announcement"],
    "dag": ["CycleError", "PredictionDAG", "Request"],
    "errors": ["EpistemicError", "ModelError"],
    "explanation": ["Reason"],
    "formulas": ["BOTTOM", "TOP", "And", "Announce", "AnnounceDiamond", "AnnouncePrivately", "AnnounceWhether",
                 "Atom", "Believes", "Common", "CommonBelief", "Distributed", "Everybody", "EverybodyBelieves",
                 "Formula", "FormulaError", "Iff", "Implies", "Knows", "KnowsWhether", "Not", "Or", "Possible",
                 "Act", "conjunction", "disjunction"],
    "knowledge": ["Knowledge"],
    "model_json": ["ModelFileError", "load_model", "model_from_dict", "model_to_dict", "save_model"],
    "event_json": ["ModelFile", "load_event_model", "load_model_file", "save_event_model", "save_model_file"],
    "bisimulation": ["bisimulation_classes", "contract"],
    "building": ["describe_model"],
    "checking": ["truth_array"],
    "engines": ["UnknownAtomWarning", "after_announcement", "holds", "update", "worlds_where"],
    "kripke": ["Event", "EventModel", "KripkeModel", "private_event", "public_event", "whether_event"],
    "plausibility": ["PlausibilityModel"],
    "probability": ["ProbabilisticModel", "Probability", "CommonPBelief"],
    "sequential": ["BackwardInduction", "Choice", "SequentialGame"],
    "story": ["Round", "Story"],
    "syntax": ["FormulaSyntaxError", "parse_event_model", "parse_formula", "to_latex", "to_text"],
    "symbolic": ["KnowledgeStructure"],
    "updates": ["announce"],
    "acts": ["apply_act", "parse_act"],
    "verdicts": ["explain_verdict"],
})

__all__ = [
    "__version__",
    "Agent",
    "Announcement",
    "Knowledge",
    "KripkeModel",
    "KnowledgeStructure",
    "PlausibilityModel",
    "ProbabilisticModel",
    "Probability",
    "CommonPBelief",
    "Event",
    "EventModel",
    "update",
    "announce",
    "parse_act",
    "apply_act",
    "public_event",
    "private_event",
    "whether_event",
    "holds",
    "worlds_where",
    "truth_array",
    "after_announcement",
    "explain_verdict",
    "describe_model",
    "contract",
    "bisimulation_classes",
    "save_model",
    "load_model",
    "model_to_dict",
    "model_from_dict",
    "ModelFileError",
    "ModelFile",
    "load_model_file",
    "save_model_file",
    "load_event_model",
    "save_event_model",
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
    "EverybodyBelieves",
    "CommonBelief",
    "Announce",
    "AnnounceDiamond",
    "AnnouncePrivately",
    "AnnounceWhether",
    "Act",
    "conjunction",
    "disjunction",
    "parse_formula",
    "parse_event_model",
    "to_text",
    "to_latex",
    "FormulaError",
    "FormulaSyntaxError",
    "Story",
    "Round",
    "PredictionDAG",
    "SequentialGame",
    "BackwardInduction",
    "Choice",
    "Reason",
    "Request",
    "CycleError",
    "EpistemicError",
    "ModelError",
    "UnknownAtomWarning",
]
