"""The pirate game with public and subgroup promises (seed ``000``)."""

from .division import DEAD, Division, Pirate, Promise, pirate_name
from .game import KnowledgeGroup, PirateGame, PirateGameError, Play, Round, promise
from .predict import TIE_RULES, OfferSource, Prediction, TieRule, View
from .solver import PirateSolver
from .stewart import surviving_crews
from .rules import DOOMED_PROPOSERS, INDIFFERENT, MAJORITIES, DoomedProposer, Indifferent, Majority, Rules

__all__ = [
    "PirateGame",
    "PirateGameError",
    "promise",
    "Play",
    "Round",
    "KnowledgeGroup",
    "Pirate",
    "Division",
    "Promise",
    "DEAD",
    "pirate_name",
    "PirateSolver",
    "Prediction",
    "OfferSource",
    "View",
    "TieRule",
    "TIE_RULES",
    "Rules",
    "Majority",
    "Indifferent",
    "DoomedProposer",
    "MAJORITIES",
    "INDIFFERENT",
    "DOOMED_PROPOSERS",
    "surviving_crews",
]
