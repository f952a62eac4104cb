"""Event models as JSON: files of their own, and event models named in model files.

Schema, version 1 (see also ``docs/model-json.md``): one JSON object with
exactly these keys::

    {
      "format": "epistemic-event-model",
      "version": 1,
      "agents": ["alice", "bob"],
      "events": [
        {"name": "h", "pre": "heads"},
        {"name": "t", "pre": "~heads"},
        {"name": "flip", "post": {"heads": "~heads"}}
      ],
      "designated": ["h"],
      "relations": {
        "alice": {"partition": [["h"], ["t"], ["flip"]]},
        "bob": {"arrows": [["h", "flip"], ["t", "flip"], ["flip", "flip"]]}
      }
    }

``format`` and ``version``
    The string ``"epistemic-event-model"`` and the integer ``1``.
``agents``
    As in model files.
``events``
    The events in order, each an object with ``name`` (distinct; letters,
    digits, underscores and primes, as formulas write it) and, each
    optional, ``pre`` (the precondition, a formula in the text syntax;
    none: the event can happen anywhere), ``post`` (postconditions: an
    object from atom names to formulas; the atom becomes what the formula
    was before the event), ``adds`` and ``removes`` (atom names that
    become true, false).
``designated``
    The designated (actual) events: distinct event names, at least one.
``relations``
    Exactly one entry per agent, a ``partition`` of the events or
    ``arrows`` between them, as in model files.

A model file may name event models for its formulas, under the optional
key ``event_models``: an object from names (letters, digits, underscores
and primes) to event models written as above without ``format`` and
``version``, over the model's agents.  :func:`load_model_file` reads the
model and its event models; :func:`epistemic.model_json.load_model` reads
the model alone.

Examples
--------
>>> import io
>>> from epistemic import Agent, holds, parse_formula
>>> look = event_model_from_dict({
...     "format": "epistemic-event-model", "version": 1, "agents": ["a", "b"],
...     "events": [{"name": "h", "pre": "p"}, {"name": "t", "pre": "~p"}], "designated": ["h"],
...     "relations": {"a": {"partition": [["h"], ["t"]]}, "b": {"partition": [["h", "t"]]}}})
>>> file = io.StringIO()
>>> save_event_model(look, file)
>>> load_event_model(io.StringIO(file.getvalue())) == look
True
>>> event_model_from_dict({**event_model_to_dict(look), "designated": ["x"]})
Traceback (most recent call last):
...
epistemic.model_json.ModelFileError: designated[0]: unknown event 'x'
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType

import attrs

from .errors import ModelError
from .event_text import event_arrows, event_blocks
from .events import Event, EventModel
from .formulas import Atom, Formula, FormulaError, Top
from .kripke import KripkeModel
from .model_json import (VERSION, ModelFileError, _agents, _array, _dumps, _format, _key, _kind, _loaded, _new_name,
                         _object, _relations, _strings, _world, _write, model_from_dict, model_to_dict)
from .syntax import parse_formula, to_text
from .validators import instance_of

__all__ = ["FORMAT", "ModelFile", "event_model_from_dict", "event_model_to_dict", "load_event_model",
           "load_model_file", "model_file_from_dict", "model_file_to_dict", "save_event_model", "save_model_file",
           "event_model_name"]

FORMAT = "epistemic-event-model"
_KEYS = ("agents", "events", "designated", "relations")
_EVENT_KEYS = ("pre", "post", "adds", "removes")
#: The optional keys of an event model's own probabilities (see epistemic.probability.chances).
_CHANCE_KEYS = ("occurrence", "observation")
#: Names of events, event models and agents: what formulas can write.
_NAME = re.compile(r"[A-Za-z0-9_']+")


def _read_only(value: Mapping[str, EventModel]) -> Mapping[str, EventModel]:
    named = dict(value)
    for name, events in named.items():
        instance_of(name, str, "the names of event models must be strings", type_name=True, error=ModelError)
        instance_of(events, EventModel, f"event model {name!r} must be an EventModel", type_name=True,
                    error=ModelError)
    return MappingProxyType(named)


@attrs.frozen(eq=False)
class ModelFile:
    """What a model file holds: the Kripke model, and the event models it
    names for formulas (``[look, h] K_a p``; see :func:`epistemic.parse_formula`)."""

    model: KripkeModel = attrs.field(validator=attrs.validators.instance_of(KripkeModel))
    event_models: Mapping[str, EventModel] = attrs.field(factory=dict, converter=_read_only)


# saving -----------------------------------------------------------------------------------------

def event_model_to_dict(events: EventModel) -> dict:
    """The event model as a dictionary of the schema, ready for :func:`json.dumps`.

    Raises
    ------
    ModelError
        For what the schema cannot hold: a precondition given as a function,
        a changed fact that is not an atom name, a name formulas cannot write.
    """
    return {"format": FORMAT, "version": VERSION, **_body(events)}


def _body(events: EventModel) -> dict:
    """The event model's keys but ``format`` and ``version``."""
    instance_of(events, EventModel, "expected an EventModel", type_name=True, error=ModelError)
    names = [e.name for e in events.events]
    written = []
    for e in events.events:
        if not isinstance(e.name, str) or not _NAME.fullmatch(e.name):
            raise ModelError(f"cannot save event {e.name!r}: event names must be letters, digits, underscores "
                             f"and primes, as formulas write them")
        item: dict = {"name": e.name}
        if e.precondition is not None:
            if not isinstance(e.precondition, Formula):
                raise ModelError(f"cannot save event {e.name!r}: its precondition is a function, not a formula")
            item["pre"] = _formula_text(e.precondition, e.name)
        if e.assign:
            item["post"] = {_atom_name(atom, e.name): _formula_text(f, e.name)
                            for atom, f in sorted(e.assign, key=lambda pair: pair[0])}
        for key, facts in (("adds", e.adds), ("removes", e.removes)):
            if facts:
                item[key] = sorted(_atom_name(fact, e.name) for fact in facts)
        written.append(item)
    relations = {}
    for agent in sorted(events.agents):
        if not _NAME.fullmatch(agent.name):
            raise ModelError(f"cannot save agent {agent.name!r}: agent names must be letters, digits, "
                             f"underscores and primes, as formulas write them")
        pairs = events.relation(agent)
        blocks = event_blocks(pairs, names)
        if blocks is not None:
            relations[agent.name] = {"partition": blocks}
        else:
            relations[agent.name] = {"arrows": [list(pair) for pair in event_arrows(pairs, names)]}
    body = {"agents": [a.name for a in sorted(events.agents)], "events": written,
            "designated": list(events.actual), "relations": relations}
    if events.occurrence:
        # a number where one holds everywhere, else [condition, number] pairs, the first that holds counting
        body["occurrence"] = {name: str(pairs[0][1]) if len(pairs) == 1 and isinstance(pairs[0][0], Top) else
                              [[_formula_text(f, name), str(q)] for f, q in pairs] for name, pairs in events.occurrence}
    if events.observation:
        observation: dict = {}
        for observer, seen, weights in events.observation:
            observation.setdefault(observer.name, {})[seen] = {f: str(q) for f, q in weights}
        body["observation"] = observation
    return body


def _formula_text(formula: Formula, event: str) -> str:
    try:
        return to_text(formula)
    except FormulaError as error:
        raise ModelError(f"cannot save event {event!r}: {error}") from None


def _atom_name(name, event: str) -> str:
    try:
        return Atom(name).name
    except FormulaError:
        raise ModelError(f"cannot save event {event!r}: it changes {name!r}, which is not an atom name") from None


def model_file_to_dict(model: KripkeModel, event_models: Mapping[str, EventModel]) -> dict:
    """The model, with the event models named under ``event_models`` (none:
    a plain model file, as :func:`epistemic.model_json.model_to_dict`).

    Raises
    ------
    ModelError
        When the model or an event model cannot be saved, a name is not one
        formulas can write, or an event model is not over the model's agents.
    """
    data = model_to_dict(model)
    named = {}
    for name, events in _read_only(event_models).items():
        if not _NAME.fullmatch(name):
            raise ModelError(f"cannot save event model {name!r}: its name must be letters, digits, underscores "
                             f"and primes, as formulas write it")
        if events.agents != model.agents:
            raise ModelError(f"cannot save event model {name!r}: it is not over the model's agents")
        named[name] = _body(events)
    if named:
        data["event_models"] = named
    return data


def save_event_model(events: EventModel, target) -> None:
    """Write ``events`` as JSON to ``target``, a path (atomically) or a text
    file; nothing is written when it cannot be saved.

    Raises
    ------
    ModelError
        When the event model cannot be saved (see :func:`event_model_to_dict`).
    DestinationError
        When the file cannot be written (:func:`epistemic.files.write_bytes`: a path that
        is no regular file, nor a link to one, is refused); it is an ``OSError`` too.
    """
    _write(_dumps(event_model_to_dict(events)) + "\n", target, "the event model")


def save_model_file(model: KripkeModel, target, event_models: Mapping[str, EventModel]) -> None:
    """Write the model and the named event models as one model file (see
    :func:`model_file_to_dict` and :func:`save_event_model`)."""
    _write(_dumps(model_file_to_dict(model, event_models)) + "\n", target, "the model")


# loading ---------------------------------------------------------------------------------------

def load_event_model(source) -> EventModel:
    """The event model saved in ``source``, a path or a file (text or binary).

    Raises
    ------
    ModelFileError
        When the file cannot be read, is not JSON, or breaks the schema; the
        message names the file (for a path) and the place of the fault.
    """
    return _loaded(source, event_model_from_dict, "an event model file")


def load_model_file(source) -> ModelFile:
    """The model saved in ``source`` and the event models it names.

    Raises
    ------
    ModelFileError
        As :func:`epistemic.model_json.load_model`, and for a fault in an
        event model (``event_models.look.events[0].pre: ...``).
    """
    return _loaded(source, model_file_from_dict, "a model file")


def event_model_name(path) -> str:
    """The name formulas give the event model saved at ``path``: the file's
    name without its extension (``look`` for ``models/look.json``).

    Raises
    ------
    ModelFileError
        When that name is not letters, digits, underscores and primes.
    """
    stem = Path(path).stem
    if not _NAME.fullmatch(stem):
        raise ModelFileError("", f"formulas name an event model file by its name without extension, and "
                                 f"{stem!r} is not one they can write (use letters, digits, underscores and "
                                 f"primes)", os.fspath(path))
    return stem


def event_model_from_dict(data) -> EventModel:
    """The event model a dictionary of the schema describes, checked throughout.

    Raises
    ------
    ModelFileError
        At the first fault, naming where it is.
    """
    _format(data, FORMAT, "event model")
    return _event_model(data, "", ("format", "version"))


def model_file_from_dict(data) -> ModelFile:
    """The model a dictionary of the model schema describes, and the event
    models it names, checked throughout.

    Raises
    ------
    ModelFileError
        At the first fault, naming where it is.
    """
    model = model_from_dict(data)
    named = {}
    agents = frozenset(a.name for a in model.agents)
    for name, value in _object(data.get("event_models", {}), "event_models", ()).items():
        where = _key("event_models", name)
        if not _NAME.fullmatch(name):
            raise ModelFileError(where, f"bad name {name!r} for an event model: use letters, digits, "
                                        f"underscores and primes, as formulas write it")
        named[name] = _event_model(value, where, (), agents)
    return ModelFile(model, named)


def _at(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key


def _event_model(data, where: str, extra: tuple[str, ...], expected: frozenset[str] | None = None) -> EventModel:
    """The event model in ``data`` (at ``where``), which may also hold the
    keys ``extra``; ``expected``: the names its agents must have."""
    _object(data, where, _KEYS, optional=(*extra, *_CHANCE_KEYS))
    agents = _agents(data["agents"], _at(where, "agents"))
    names = [a.name for a in agents]
    if expected is not None and frozenset(names) != expected:
        raise ModelFileError(_at(where, "agents"), f"expected the model's agents ({', '.join(sorted(expected))}), "
                                                   f"got {', '.join(names) or 'none'}")
    events: list[Event] = []
    index: dict[str, int] = {}
    for i, item in enumerate(_array(data["events"], _at(where, "events"))):
        events.append(_event(item, f"{_at(where, 'events')}[{i}]", index))
    if not events:
        raise ModelFileError(_at(where, "events"), "an event model needs at least one event")
    designated = _strings(data["designated"], _at(where, "designated"), "event")
    for i, name in enumerate(designated):
        _world(name, index, f"{_at(where, 'designated')}[{i}]", "event")
    if not designated:
        raise ModelFileError(_at(where, "designated"), "name at least one designated event")
    arrows = {}
    for agent, relation in _relations(data["relations"], _at(where, "relations"), agents, index, "event").items():
        rows, cols = relation.pairs()
        arrows[agent] = [(events[r].name, events[c].name) for r, c in zip(rows.tolist(), cols.tolist())]
    occurrence = _occurrence(data["occurrence"], _at(where, "occurrence"), index) if "occurrence" in data else None
    observation = None
    if "observation" in data:
        at = _at(where, "observation")
        by_name = {a.name: a for a in agents}
        observation = {}
        for name, by_event in _object(data["observation"], at, ()).items():
            if name not in by_name:
                raise ModelFileError(_key(at, name), f"{name!r} is not among the agents")
            observation[by_name[name]] = {e: dict(_object(weights, _key(_key(at, name), e), ()))
                                          for e, weights in _object(by_event, _key(at, name), ()).items()}
    try:
        return EventModel(agents, events, arrows, designated, occurrence=occurrence, observation=observation)
    except ModelError as error:
        key = "occurrence" if "occurrence" in str(error) else "observation"
        raise ModelFileError(_at(where, key), str(error)) from None


def _occurrence(value, where: str, index: dict[str, int]) -> dict:
    """Each event's occurrence probability: a number, or [condition, number] pairs."""
    read = {}
    for name, given in _object(value, where, ()).items():
        at = _key(where, name)
        if isinstance(given, list):
            pairs = []
            for i, pair in enumerate(given):
                if not isinstance(pair, list) or len(pair) != 2:
                    raise ModelFileError(f"{at}[{i}]", f"expected a pair [condition, probability], got {_kind(pair)}")
                pairs.append((_formula(pair[0], f"{at}[{i}][0]"), pair[1]))
            read[name] = pairs
        else:
            read[name] = given
    return read


def _event(item, where: str, index: dict[str, int]) -> Event:
    _object(item, where, ("name",), optional=_EVENT_KEYS)
    name = _new_name(item["name"], f"{where}.name", index, "event")
    if not _NAME.fullmatch(name):
        raise ModelFileError(f"{where}.name", f"bad event name {name!r}: use letters, digits, underscores and "
                                              f"primes, as formulas write it")
    precondition = _formula(item["pre"], f"{where}.pre") if "pre" in item else None
    post = {}
    for atom, text in _object(item.get("post", {}), f"{where}.post", ()).items():
        at = _key(f"{where}.post", atom)
        post[_atom(atom, at)] = _formula(text, at)
    facts = {}
    for key in ("adds", "removes"):
        names = _strings(item.get(key, []), f"{where}.{key}", "atom")
        facts[key] = [_atom(fact, f"{where}.{key}[{i}]") for i, fact in enumerate(names)]
    return Event(name, precondition, facts["adds"], facts["removes"], post)


def _atom(name: str, where: str) -> str:
    try:
        return Atom(name).name
    except FormulaError:
        raise ModelFileError(where, f"bad atom name {name!r}: a letter or underscore, then letters, digits, "
                                    f"underscores or primes; not a reserved word") from None


def _formula(text, where: str) -> Formula:
    if not isinstance(text, str):
        raise ModelFileError(where, f"expected a formula (a string in the text syntax), got {_kind(text)}")
    try:
        return parse_formula(text)
    except FormulaError as error:
        raise ModelFileError(where, str(error)) from None
