"""EPDDL, the Epistemic Planning Domain Definition Language: domains, problems and libraries read into planning tasks.

EPDDL (Burigana and Fabiano, "The Epistemic Planning Domain Definition
Language: Official Guideline", 2026) writes a DEL planning task as a
domain (types, predicates, events, actions with their action types and
observability conditions), a problem (objects, agents, an initial state
given explicitly or as a finitary S5 theory, a goal) and action-type
libraries.  :func:`parse_epddl` reads one file; :func:`read_task` reads a
domain, a problem and their libraries into an
:class:`epistemic.planning.PlanningTask` whose actions are ground;
:func:`write_epddl` writes a task out (a domain, a problem with its initial
state written out, and the library of its action types) for other planners.
"""

from .lexer import EpddlError, EpddlWarning
from .reader import parse_epddl
from .task import read_task
from .writer import EpddlFiles, to_epddl, write_epddl

__all__ = ["read_task", "parse_epddl", "EpddlError", "EpddlWarning", "to_epddl", "write_epddl", "EpddlFiles"]
