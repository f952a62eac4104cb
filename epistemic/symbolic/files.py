"""Knowledge structures as JSON: a vocabulary, a law and observations, not a list of worlds.

Schema, version 1 (see also ``docs/symbolic.md``)::

    {
      "format": "epistemic-knowledge-structure",
      "version": 1,
      "vocabulary": ["m1", "m2", "m3"],
      "law": "m1 | m2 | m3",
      "observables": {"c1": ["m2", "m3"], "c2": ["m1", "m3"], "c3": ["m1", "m2"]},
      "relations": {},
      "actual": [["m1", "m2"]]
    }

``vocabulary``
    The atoms, distinct atom names (no name ends in a prime).
``law``
    A boolean formula over the vocabulary, in the text syntax: the states
    are the valuations where it holds.
``observables``
    The S5 agents and the atoms each one observes: it considers possible
    every state that agrees with the actual one on them.
``relations`` (optional)
    Any other agents, each with a boolean formula over the atoms and their
    primed names, true of ``(s, t)`` when at ``s`` the agent considers ``t``
    possible (``"p'"`` reads ``p`` at ``t``): belief.
``actual``
    The actual states, each the list of its true atoms; may be empty.

Examples
--------
>>> s = structure_from_dict({"format": "epistemic-knowledge-structure", "version": 1, "vocabulary": ["p", "q"],
...                          "law": "p | q", "observables": {"a": ["p"]}, "actual": [["p"]]})
>>> s
<KnowledgeStructure: 3 states, 2 atoms, 1 agents (S5)>
>>> structure_from_dict({"format": "epistemic-knowledge-structure", "version": 1, "vocabulary": ["p"],
...                      "law": "p &", "observables": {}, "actual": []})
Traceback (most recent call last):
...
epistemic.model_json.ModelFileError: law: line 1, column 4: expected a formula, found the end
"""

from __future__ import annotations

from ..agents import Agent
from ..errors import ModelError
from ..event_json import model_file_from_dict
from ..events import EventModel
from ..kripke import KripkeModel
from ..model_json import ModelFileError, _loaded, _object, _strings
from ..syntax import FormulaSyntaxError, parse_formula
from .structure import KnowledgeStructure

__all__ = ["STRUCTURE_FORMAT", "STRUCTURE_VERSION", "structure_from_dict", "load_structure", "load_any"]

STRUCTURE_FORMAT = "epistemic-knowledge-structure"
STRUCTURE_VERSION = 1
_KEYS = ("format", "version", "vocabulary", "law", "observables", "relations", "actual")
_REQUIRED = ("format", "version", "vocabulary", "law", "observables", "actual")


def structure_from_dict(data) -> KnowledgeStructure:
    """The knowledge structure a dictionary of the schema describes, checked throughout.

    Raises
    ------
    ModelFileError
        At the first fault, naming where it is.
    """
    _object(data, "", _KEYS, check_unknown=False)
    if data.get("format") != STRUCTURE_FORMAT:
        raise ModelFileError("format", f"expected {STRUCTURE_FORMAT!r}")
    if type(data.get("version")) is not int or data["version"] != STRUCTURE_VERSION:
        raise ModelFileError("version", f"expected {STRUCTURE_VERSION} (the version this reader knows)")
    for key in data:
        if key not in _KEYS:
            raise ModelFileError("top level", f"unknown key {key!r} (expected {', '.join(_KEYS)})")
    for key in _REQUIRED:
        if key not in data:
            raise ModelFileError("top level", f"missing key {key!r}")
    vocabulary = _strings(data["vocabulary"], "vocabulary", "atom")
    law = _formula(data["law"], "law")
    observables = {}
    for name, atoms in _object(data["observables"], "observables", ()).items():
        observables[_agent(name, "observables")] = _strings(atoms, f"observables.{name}", "atom")
    relations = {}
    for name, text in _object(data.get("relations", {}), "relations", ()).items():
        agent = _agent(name, "relations")
        if agent in observables:
            raise ModelFileError(f"relations.{name}", f"agent {name!r} already observes atoms")
        relations[agent] = _formula(text, f"relations.{name}")
    actual = [_strings(state, f"actual[{i}]", "atom") for i, state in enumerate(_list(data["actual"], "actual"))]
    try:
        return KnowledgeStructure.build(vocabulary, law, observables, actual, relations)
    except ModelError as error:
        raise ModelFileError("", str(error)) from None


def _list(value, where: str) -> list:
    if not isinstance(value, list):
        raise ModelFileError(where, "expected an array")
    return value


def _agent(name: str, where: str) -> Agent:
    try:
        parse_formula(f"K_{{{name}}} top")
    except FormulaSyntaxError:
        raise ModelFileError(where, f"bad agent name {name!r}: use letters, digits, underscores and primes") from None
    return Agent(name)


def _formula(text, where: str):
    if not isinstance(text, str):
        raise ModelFileError(where, "expected a formula as a string")
    try:
        return parse_formula(text)
    except FormulaSyntaxError as error:
        raise ModelFileError(where, str(error)) from None


def load_structure(source) -> KnowledgeStructure:
    """The knowledge structure saved in ``source`` (a path or a file), read as
    model files are, within the same size limit.

    Raises
    ------
    ModelFileError
        When the file cannot be read, is not JSON, or breaks the schema.
    """
    return _loaded(source, structure_from_dict, "a structure file")


def load_any(source) -> tuple[KripkeModel | KnowledgeStructure, dict[str, EventModel]]:
    """What a model file or a structure file holds, told apart by its
    ``format``, and the event models it names (a structure file names none).

    Raises
    ------
    ModelFileError
        As :func:`epistemic.model_json.load_model` or :func:`load_structure`.
    """
    def build(data):
        if isinstance(data, dict) and data.get("format") == STRUCTURE_FORMAT:
            return structure_from_dict(data), {}
        loaded = model_file_from_dict(data)
        return loaded.model, dict(loaded.event_models)
    return _loaded(source, build, "a model file")
