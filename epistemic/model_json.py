"""Kripke models as JSON files: saving, and loading that checks everything.

Schema, version 1 (see also ``docs/model-json.md``): one JSON object with
exactly these keys::

    {
      "format": "epistemic-kripke",
      "version": 1,
      "agents": ["a", "b"],
      "worlds": [
        {"name": "w", "true": ["p"]},
        {"name": "v", "true": []}
      ],
      "actual": ["w"],
      "relations": {
        "a": {"partition": [["w", "v"]]},
        "b": {"arrows": [["w", "w"], ["v", "w"]]}
      }
    }

``format`` and ``version``
    The string ``"epistemic-kripke"`` and the integer ``1``.
``agents``
    The agents' names: distinct, non-empty, made of letters, digits,
    underscores and primes (the names formulas can write).
``worlds``
    The worlds in order, each an object with exactly ``name`` (a string,
    distinct) and ``true`` (its facts: distinct strings, the atoms true there).
``actual``
    The names of the actual worlds, distinct; may be empty.
``relations``
    Exactly one entry per agent, an object with exactly one key:
    ``partition``, a list of non-empty blocks of world names holding every
    world exactly once (knowledge, S5); or ``arrows``, a list of
    ``[from, to]`` pairs (any relation: an agent given no arrow at ``w``
    considers nothing possible there).  Arrows forming an equivalence are
    read as a partition, as everywhere in the core.

Saving writes the agents and the facts sorted, the worlds in the model's
order, partitions as blocks and every other relation as arrows.  Only
models whose facts are strings can be saved; world names must be strings
or integers (an integer is written as its digits, and read back as that
string).  What a product update remembers of each world's origin is not
saved.

Loading checks the whole file before it builds anything, and reports the
first fault in one line that says where it is, such as
``relations.b.arrows[3][1]: unknown world 'x'``.  It reads only a regular
file of at most :data:`MAX_FILE_BYTES`, and refuses whole numbers of more
than 4,300 digits, so that no input takes unbounded memory or time.

Examples
--------
>>> import io
>>> from epistemic import Agent, KripkeModel, holds, parse_formula
>>> a = Agent("a")
>>> m = KripkeModel.from_relations([a], {"w": {"p"}, "v": set()}, {a: [("w", "v")]},
...                                actual="w", reflexive=True, symmetric=True)
>>> file = io.StringIO()
>>> save_model(m, file)
>>> back = load_model(io.StringIO(file.getvalue()))
>>> back.worlds, back.partition(a), holds(back, parse_formula("p & ~K_a p"))
(['w', 'v'], [['w', 'v']], True)
>>> model_from_dict({**model_to_dict(m), "actual": ["x"]})
Traceback (most recent call last):
...
epistemic.model_json.ModelFileError: actual[0]: unknown world 'x'
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Hashable
from fractions import Fraction

import numpy as np

from .agents import Agent
from .errors import ModelError
from .probability.model import ProbabilisticModel
from .files import json_from, read_limited, write_bytes
from .kripke import KripkeModel
from .relations import Partition, relation_from_pairs
from .validators import is_whole

__all__ = ["FORMAT", "VERSION", "MAX_FILE_BYTES", "ModelFileError", "load_model", "model_from_dict", "model_to_dict",
           "save_model"]

FORMAT = "epistemic-kripke"
VERSION = 1
#: The largest model file :func:`load_model` reads: half a million worlds of five agents
#: take about 46 MiB, and reading JSON takes up to 25 times its size in memory.
MAX_FILE_BYTES = 64 * 2 ** 20
_KEYS = ("format", "version", "agents", "worlds", "actual", "relations")
_AGENT_NAME = re.compile(r"[A-Za-z0-9_']+")
_WORD = re.compile(r"[A-Za-z0-9_']+")
#: Keys whose items (or entries) are written one per line.
_ONE_PER_LINE = frozenset({"worlds", "events", "relations", "event_models", "probabilities"})


class ModelFileError(ModelError):
    """A model file or dictionary that breaks the schema.

    ``where`` is the place of the fault (``"worlds[2].name"``, empty for the
    file as a whole), ``fault`` what is wrong, ``source`` the file's name
    when it was read from a path.
    """

    def __init__(self, where: str, fault: str, source: str = ""):
        self.where, self.fault, self.source = where, fault, source
        super().__init__(": ".join(part for part in (source, where, fault) if part))


# saving -----------------------------------------------------------------------------------------

def model_to_dict(model: KripkeModel) -> dict:
    """The model as a dictionary of the schema, ready for :func:`json.dumps`.

    Raises
    ------
    ModelError
        When a fact is not a string, a world name is neither a string nor an
        integer, two world names are written alike, or an agent's name is
        one formulas cannot write.
    """
    names = []
    for w in model.worlds:
        if isinstance(w, str):
            names.append(w)
        elif is_whole(w):
            names.append(str(w))
        else:
            raise ModelError(f"cannot save world {_short(w)}: world names must be strings or integers")
    seen: set[str] = set()
    for name in names:
        if name in seen:
            raise ModelError(f"cannot save the model: two worlds would both be named {name!r}")
        seen.add(name)
    worlds = []
    for w, name in zip(model.worlds, names):
        true: list[str] = []
        for fact in model.facts(w):
            if not isinstance(fact, str):
                raise ModelError(f"cannot save world {name!r}: its fact {_short(fact)} is not a string "
                                 f"(only atom names can be saved)")
            true.append(fact)
        worlds.append({"name": name, "true": sorted(true)})
    relations = {}
    for agent in sorted(model.agents):
        if not _AGENT_NAME.fullmatch(agent.name):
            raise ModelError(f"cannot save agent {agent.name!r}: agent names must be letters, digits, "
                             f"underscores and primes, as formulas write them")
        relation = model.relation_of(agent)
        if isinstance(relation, Partition):
            relations[agent.name] = {"partition": [[names[i] for i in block] for block in relation.blocks()]}
        else:
            rows, cols = relation.pairs()
            relations[agent.name] = {"arrows": [[names[r], names[c]]
                                                for r, c in zip(rows.tolist(), cols.tolist())]}
    actual = [names[i] for i in sorted(model.index(w) for w in model.actual)]
    saved = {"format": FORMAT, "version": VERSION, "agents": [a.name for a in sorted(model.agents)],
             "worlds": worlds, "actual": actual, "relations": relations}
    if isinstance(model, ProbabilisticModel):
        # each agent's probability at each world, exactly: fractions as text, "3/4"
        saved["probabilities"] = {
            agent.name: {names[i]: _measure_dict(model.measure(agent, i), names) for i in range(len(names))}
            for agent in sorted(model.agents)}
    return saved


def _measure_dict(measure, names: list[str]) -> dict[str, str] | None:
    """One agent's probability at one world as the file keeps it, exactly (``"3/4"``), or ``None`` where it
    has none.  Floats are written as the decimals they print as, the last made up so that they sum to 1
    exactly, as loading asks."""
    if measure is None:
        return None
    weights = [Fraction(repr(q)) if isinstance(q, float) else q for _, q in measure]
    if weights and any(isinstance(q, float) for _, q in measure):
        weights[-1] = 1 - sum(weights[:-1])
    return {names[v]: str(q) for (v, _), q in zip(measure, weights)}



def _short(value, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _dumps(data: dict, indent: str = "") -> str:
    """The schema's dictionary as text: one world, event, agent's relation and
    event model per line, the event models (of a model file) laid out alike."""
    def j(value) -> str:
        return json.dumps(value, ensure_ascii=False)

    inner = indent + "  "

    def value(key: str, item) -> str:
        if not item or key not in _ONE_PER_LINE:
            return j(item)
        if key == "event_models":
            lines = [f"{j(k)}: {_dumps(v, inner + '  ')}" for k, v in item.items()]
        else:
            lines = [j(v) for v in item] if isinstance(item, list) else [f"{j(k)}: {j(v)}" for k, v in item.items()]
        brackets = "[]" if isinstance(item, list) else "{}"
        return brackets[0] + ",".join(f"\n{inner}  {x}" for x in lines) + f"\n{inner}" + brackets[1]

    return "{" + ",".join(f"\n{inner}{j(k)}: {value(k, v)}" for k, v in data.items()) + f"\n{indent}}}"


def save_model(model: KripkeModel, target) -> None:
    """Write ``model`` as JSON to ``target``, a path or a text file.

    A path is written atomically: the text goes to a new file beside it,
    which then replaces it, so the file is never left half-written.
    Nothing is written when the model cannot be saved.

    Raises
    ------
    ModelError
        When the model cannot be saved (see :func:`model_to_dict`).
    DestinationError
        When the file cannot be written (:func:`epistemic.files.write_bytes`: a path that
        is no regular file, nor a link to one, is refused); it is an ``OSError`` too.
    """
    _write(_dumps(model_to_dict(model)) + "\n", target, "the model")


def _write(text: str, target, what: str) -> None:
    """Write ``text`` to ``target``, a path (atomically) or a text file."""
    try:
        payload = text.encode("utf-8")
    except UnicodeEncodeError as error:
        raise ModelError(f"cannot save {what}: a name is not valid Unicode text ({error.reason})") from None
    if hasattr(target, "write"):
        target.write(text)
        return
    write_bytes(payload, target)


# loading ---------------------------------------------------------------------------------------

class _Object(dict):
    """A JSON object, remembering a key it held twice."""

    duplicate = None


def _pairs(pairs) -> _Object:
    out = _Object()
    for key, value in pairs:
        if key in out and out.duplicate is None:
            out.duplicate = key
        out[key] = value
    return out


def load_model(source) -> KripkeModel:
    """The model saved in ``source``, a path or a file (text or binary).

    Only a regular file of at most :data:`MAX_FILE_BYTES` is read (of an
    open file, as many bytes or characters).

    Raises
    ------
    ModelFileError
        When the file cannot be read, is not a regular file, is too large,
        is not JSON, or breaks the schema; the message names the file (for a
        path) and the place of the fault.
    """
    return _loaded(source, model_from_dict, "a model file")


def _loaded(source, build, what: str):
    """``build`` of the JSON value in ``source`` (a path or a file of at most
    :data:`MAX_FILE_BYTES`; ``what`` it is, for messages); a fault names the file."""
    name = "" if hasattr(source, "read") else os.fspath(source)

    def fault(message: str) -> ModelFileError:
        return ModelFileError("", message, name)

    raw = read_limited(source, MAX_FILE_BYTES, what, fault)
    data = json_from(raw, fault, object_pairs_hook=_pairs)
    try:
        return build(data)
    except ModelFileError as error:
        raise ModelFileError(error.where, error.fault, name) from None


def model_from_dict(data) -> KripkeModel:
    """The model a dictionary of the schema describes, checked throughout.

    Raises
    ------
    ModelFileError
        At the first fault, naming where it is.
    """
    _format(data, FORMAT, "model")
    _object(data, "", _KEYS, optional=("event_models", *_WEIGHTS))   # event models: read by epistemic.event_json

    agents = _agents(data["agents"], "agents")

    worlds, facts = [], []
    index: dict[str, int] = {}
    for i, world in enumerate(_array(data["worlds"], "worlds")):
        where = f"worlds[{i}]"
        _object(world, where, ("name", "true"))
        worlds.append(_new_name(world["name"], f"{where}.name", index, "world"))
        facts.append(_strings(world["true"], f"{where}.true", "atom"))

    actual = _strings(data["actual"], "actual", "world")
    for i, name in enumerate(actual):
        _world(name, index, f"actual[{i}]")

    model = KripkeModel(worlds, facts, _relations(data["relations"], "relations", agents, index), actual)
    return _weighed(model, data, agents, index)


#: The optional keys that give the agents probabilities: a common prior, or each agent's at each world.
_WEIGHTS = ("prior", "probabilities")


def _weighed(model: KripkeModel, data: dict, agents: list[Agent], index: dict[str, int]) -> KripkeModel:
    """``model`` with the probabilities ``data`` gives, if any (a ProbabilisticModel)."""
    given = [k for k in _WEIGHTS if k in data]
    if not given:
        return model
    if len(given) == 2:
        raise ModelFileError("probabilities", "give a prior or probabilities, not both")
    if given[0] == "prior":
        prior = _weights(data["prior"], "prior", index)
        try:
            return ProbabilisticModel.common_prior(model, prior)
        except ModelError as error:
            raise ModelFileError("prior", str(error)) from None
    by_agent = _object(data["probabilities"], "probabilities", ())
    names = {a.name: a for a in agents}
    for name in by_agent:
        if name not in names:
            raise ModelFileError(_key("probabilities", name), f"{name!r} is not among the agents")
    probabilities: dict[Agent, dict[Hashable, dict[Hashable, object] | None]] = {}
    for agent in agents:
        at = _key("probabilities", agent.name)
        if agent.name not in by_agent:
            raise ModelFileError("probabilities", f"no probabilities for agent {agent.name!r}")
        worlds = _object(by_agent[agent.name], at, ())
        probabilities[agent] = {}
        for w, measure in worlds.items():
            _world(w, index, _key(at, w))
            probabilities[agent][w] = None if measure is None else _weights(measure, _key(at, w), index)
    try:
        return ProbabilisticModel(model, probabilities)
    except ModelError as error:
        raise ModelFileError("probabilities", str(error)) from None


def _weights(value, where: str, index: dict[str, int]) -> dict[Hashable, object]:
    """An object from world names to probabilities: numbers, or strings such as ``"3/4"``."""
    weights = _object(value, where, ())
    for w, q in weights.items():
        _world(w, index, _key(where, w))
        if isinstance(q, bool) or not isinstance(q, (int, float, str)):
            raise ModelFileError(_key(where, w), f"expected a probability (a number or a string such as \"3/4\"), "
                                                 f"got {_kind(q)}")
    return dict(weights)


def _new_name(name, where: str, index: dict[str, int], what: str) -> str:
    """``name``, checked to be a string not yet in ``index`` (the numbers of
    the names given so far, of worlds or events: ``what``); it gets the next number."""
    if not isinstance(name, str):
        raise ModelFileError(where, f"expected a string, got {_kind(name)}")
    if name in index:
        raise ModelFileError(where, f"{what} {name!r} is already {what}s[{index[name]}]")
    index[name] = len(index)
    return name


def _agents(value, where: str) -> list[Agent]:
    """The agents named in ``value``, an array of distinct names."""
    agents = []
    for i, name in enumerate(_strings(value, where, "agent name")):
        # only names the formula syntax can write: a model's agents must be nameable in a formula
        if not _AGENT_NAME.fullmatch(name):
            raise ModelFileError(f"{where}[{i}]", f"bad agent name {name!r}: use letters, digits, "
                                                  f"underscores and primes")
        agents.append(Agent(name))
    return agents


def _relations(value, where: str, agents: list[Agent], index: dict[str, int], what: str = "world") -> dict:
    """Each agent's relation in ``value``, an object with one entry per agent."""
    relations = _object(value, where, ())
    names = [a.name for a in agents]
    for name in relations:
        if name not in names:
            raise ModelFileError(_key(where, name), f"{name!r} is not among the agents")
    built = {}
    for agent in agents:
        if agent.name not in relations:
            raise ModelFileError(where, f"no relation for agent {agent.name!r}")
        built[agent] = _relation(relations[agent.name], _key(where, agent.name), index, what)
    return built


def _format(data, name: str, what: str) -> None:
    """Check that ``data`` is an object with the ``format`` ``name`` and this reader's version."""
    _object(data, "", (), check_unknown=False)
    if "format" not in data or data["format"] != name:
        found = f", got {_short(data['format'])}" if "format" in data else f" (this is not a saved {what})"
        raise ModelFileError("format", f"expected {name!r}{found}")
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        found = _short(version) if "version" in data else "nothing"
        raise ModelFileError("version", f"expected {VERSION} (the version this reader knows), got {found}")


def _relation(value, where: str, index: dict[str, int], what: str = "world"):
    kind = _object(value, where, ("partition", "arrows"), exactly_one=True)
    n = len(index)
    entries = _array(value[kind], f"{where}.{kind}")
    if kind == "arrows":
        rows, cols = [], []
        for i, pair in enumerate(entries):
            at = f"{where}.arrows[{i}]"
            if not isinstance(pair, list) or len(pair) != 2:
                found = f"{len(pair)} items" if isinstance(pair, list) else _kind(pair)
                raise ModelFileError(at, f"expected a pair [from, to] of {what} names, got {found}")
            rows.append(_world(pair[0], index, f"{at}[0]", what))
            cols.append(_world(pair[1], index, f"{at}[1]", what))
        return relation_from_pairs(rows, cols, n)
    block = np.full(n, -1, dtype=np.int64)
    for b, members in enumerate(entries):
        at = f"{where}.partition[{b}]"
        if not _array(members, at):
            raise ModelFileError(at, "a block cannot be empty")
        for i, name in enumerate(members):
            w = _world(name, index, f"{at}[{i}]", what)
            if block[w] >= 0:
                raise ModelFileError(f"{at}[{i}]", f"{what} {name!r} is already in block {block[w]}")
            block[w] = b
    if n and (block < 0).any():
        missing = next(w for w, i in index.items() if block[i] < 0)
        raise ModelFileError(f"{where}.partition", f"{what} {missing!r} is in no block")
    return Partition(block)


def _kind(value) -> str:
    """The JSON name of the type of ``value``."""
    if value is None or isinstance(value, bool):
        return "null" if value is None else "a boolean"
    if isinstance(value, (int, float, str)):
        return f"the {'string' if isinstance(value, str) else 'number'} {_short(value)}"
    return "an object" if isinstance(value, dict) else "an array" if isinstance(value, list) else type(value).__name__


def _key(where: str, name: str) -> str:
    return f"{where}.{name}" if _WORD.fullmatch(name) else f"{where}[{json.dumps(name)}]"


def _object(value, where: str, keys, *, check_unknown: bool = True, exactly_one: bool = False, optional=()):
    """Check that ``value`` is an object with the ``keys`` (or, with
    ``exactly_one``, one of them, which is returned), and maybe the
    ``optional`` ones; no other keys unless ``keys`` is empty (then any key goes)."""
    if not isinstance(value, dict):
        raise ModelFileError(where or "top level", f"expected an object, got {_kind(value)}")
    duplicate = getattr(value, "duplicate", None)
    if duplicate is not None:
        raise ModelFileError(where or "top level", f"key {duplicate!r} is given twice")
    if check_unknown and keys:
        for key in value:
            if key not in keys and key not in optional:
                expected = " or ".join(repr(k) for k in keys) if exactly_one else ", ".join((*keys, *optional))
                raise ModelFileError(where or "top level", f"unknown key {key!r} (expected {expected})")
    if exactly_one:
        given = [k for k in keys if k in value]
        if len(given) != 1:
            fault = "not both" if given else "one is needed"
            raise ModelFileError(where, f"give {' or '.join(repr(k) for k in keys)}: {fault}")
        return given[0]
    if check_unknown:
        for key in keys:
            if key not in value:
                raise ModelFileError(where or "top level", f"missing key {key!r}")
    return value


def _array(value, where: str) -> list:
    if not isinstance(value, list):
        raise ModelFileError(where, f"expected an array, got {_kind(value)}")
    return value


def _strings(value, where: str, what: str) -> list[str]:
    """An array of distinct strings."""
    seen: dict[str, int] = {}
    for i, item in enumerate(_array(value, where)):
        if not isinstance(item, str):
            raise ModelFileError(f"{where}[{i}]", f"expected a string ({what}), got {_kind(item)}")
        if item in seen:
            raise ModelFileError(f"{where}[{i}]", f"{what} {item!r} is given twice (also at [{seen[item]}])")
        seen[item] = i
    return list(value)


def _world(name, index: dict[str, int], where: str, what: str = "world") -> int:
    if not isinstance(name, str):
        raise ModelFileError(where, f"expected a{'n' if what[0] in 'aeiou' else ''} {what} name, got {_kind(name)}")
    if name not in index:
        raise ModelFileError(where, f"unknown {what} {name!r}")
    return index[name]
