"""Event models as JSON, alone and named in model files: round trips, canonical text, and every refusal."""

from __future__ import annotations

import copy
import io
import json
import os

import pytest
from hypothesis import given, settings

from epistemic import (Act, Agent, Atom, Event, EventModel, KripkeModel, ModelError, holds, load_event_model,
                       load_model_file, parse_formula, save_event_model, save_model_file)
from epistemic.event_json import (ModelFile, event_model_from_dict, event_model_name, event_model_to_dict,
                                  model_file_from_dict, model_file_to_dict)
from epistemic.model_json import ModelFileError, load_model, model_to_dict
from strategies import event_models, formulas

A, B = Agent("a"), Agent("b")

VALID = {
    "format": "epistemic-event-model",
    "version": 1,
    "agents": ["a", "b"],
    "events": [{"name": "h", "pre": "p"}, {"name": "t", "pre": "~p", "post": {"q": "p | q"}},
               {"name": "skip", "adds": ["seen"], "removes": ["q"]}],
    "designated": ["h", "t"],
    "relations": {
        "a": {"partition": [["h"], ["t"], ["skip"]]},
        "b": {"arrows": [["h", "skip"], ["t", "skip"], ["skip", "skip"]]},
    },
}


def model() -> KripkeModel:
    return KripkeModel.from_relations([A, B], {"w": {"p"}, "v": set()}, {A: [("w", "v")], B: [("w", "v")]},
                                      actual="w", reflexive=True, symmetric=True)


def changed(edit, data=VALID):
    data = copy.deepcopy(data)
    edit(data)
    return data


# round trips -------------------------------------------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(event_models(formulas(2)))
def test_event_models_round_trip(events):
    data = event_model_to_dict(events)
    assert event_model_from_dict(json.loads(json.dumps(data))) == events
    file = io.StringIO()
    save_event_model(events, file)
    assert load_event_model(io.StringIO(file.getvalue())) == events
    # the text is canonical: saving what was loaded gives it again
    again = io.StringIO()
    save_event_model(load_event_model(io.StringIO(file.getvalue())), again)
    assert again.getvalue() == file.getvalue()


def test_the_saved_text():
    events = event_model_from_dict(VALID)
    assert events.actual == ("h", "t") and events.event("t").assign == {("q", parse_formula("p | q"))}
    assert events.event("skip").adds == {"seen"} and events.event("h").precondition == Atom("p")
    file = io.StringIO()
    save_event_model(events, file)
    assert file.getvalue() == """\
{
  "format": "epistemic-event-model",
  "version": 1,
  "agents": ["a", "b"],
  "events": [
    {"name": "h", "pre": "p"},
    {"name": "t", "pre": "~p", "post": {"q": "p | q"}},
    {"name": "skip", "adds": ["seen"], "removes": ["q"]}
  ],
  "designated": ["h", "t"],
  "relations": {
    "a": {"partition": [["h"], ["t"], ["skip"]]},
    "b": {"arrows": [["h", "skip"], ["t", "skip"], ["skip", "skip"]]}
  }
}
"""


def test_model_files_carry_named_event_models(tmp_path):
    events = event_model_from_dict(VALID)
    path = tmp_path / "coin.json"
    save_model_file(model(), path, {"look": events})
    loaded = load_model_file(path)
    assert isinstance(loaded, ModelFile) and dict(loaded.event_models) == {"look": events}
    assert loaded.model.worlds == ["w", "v"]
    assert holds(loaded.model, parse_formula("[look, h] (K_a p & B_b ~K_a p)", loaded.event_models))
    with pytest.raises(TypeError):
        loaded.event_models["other"] = events          # read-only
    # the plain reader reads the model and leaves the event models alone
    assert load_model(path).worlds == ["w", "v"]
    text = path.read_text()
    assert '  "event_models": {\n    "look": {\n      "agents": ["a", "b"],\n      "events": [\n' in text
    # without event models, a model file is the plain one
    assert model_file_to_dict(model(), {}) == model_to_dict(model())
    assert dict(load_model_file(io.StringIO(json.dumps(model_to_dict(model())))).event_models) == {}


def test_file_names_name_event_models(tmp_path):
    assert event_model_name(tmp_path / "secret_flip.json") == "secret_flip"
    assert event_model_name("look") == "look"
    with pytest.raises(ModelFileError, match="'coin-look' is not one they can write"):
        event_model_name(tmp_path / "coin-look.json")


# refusals when saving ---------------------------------------------------------------------------

def _looked(model, world):
    return True


@pytest.mark.parametrize("events, message", [
    (EventModel([A], [Event("e", precondition=_looked)], {}, ["e"]), "its precondition is a function"),
    (EventModel([A], [Event("e", adds={"2 1"})], {}, ["e"]), "it changes '2 1', which is not an atom name"),
    (EventModel([A], [Event("e", assign={"top": Atom("p")})], {}, ["e"]), "not an atom name"),
    (EventModel([A], [Event("e-1")], {}, ["e-1"]), "event names must be letters"),
    (EventModel([Agent("a-b")], [Event("e")], {}, ["e"]), "cannot save agent 'a-b'"),
    # a precondition whose own event model has a function inside
    (EventModel([A], [Event("e", precondition=Act(EventModel([A], [Event("x", precondition=_looked)], {}, ["x"]),
                                                  "x", Atom("p")))], {}, ["e"]),
     "cannot save event 'e': event 'x' has a precondition given as a function"),
])
def test_unsavable_event_models_write_nothing(tmp_path, events, message):
    path = tmp_path / "events.json"
    path.write_text("old")
    with pytest.raises(ModelError, match="^cannot save") as caught:
        save_event_model(events, path)
    assert message in str(caught.value) and "\n" not in str(caught.value)
    assert path.read_text() == "old" and os.listdir(tmp_path) == ["events.json"]


def test_unsavable_model_files(tmp_path):
    events = event_model_from_dict(VALID)
    path = tmp_path / "model.json"
    for named, message in [({"coin-look": events}, "its name must be letters"),
                           ({"look": EventModel([A], [Event("e")], {}, ["e"])}, "not over the model's agents"),
                           ({"look": "h"}, "must be an EventModel")]:
        with pytest.raises(ModelError, match=message):
            save_model_file(model(), path, named)
        assert not path.exists()


# refusals when loading --------------------------------------------------------------------------

BAD = [
    (lambda d: d.update(format="epistemic-kripke"), "format: expected 'epistemic-event-model', got 'epistemic-kripke'"),
    (lambda d: d.pop("format"), "format: expected 'epistemic-event-model' (this is not a saved event model)"),
    (lambda d: d.update(version=2), "version: expected 1 (the version this reader knows), got 2"),
    (lambda d: d.update(actual=["h"]),
     "top level: unknown key 'actual' (expected agents, events, designated, relations, format, version, occurrence, observation)"),
    (lambda d: d.pop("designated"), "top level: missing key 'designated'"),
    (lambda d: d.update(agents=["a", "a b"]), "agents[1]: bad agent name 'a b': use letters, digits, underscores and primes"),
    (lambda d: d.update(events={}), "events: expected an array, got an object"),
    (lambda d: d.update(events=[]), "events: an event model needs at least one event"),
    (lambda d: d["events"].__setitem__(0, "h"), "events[0]: expected an object, got the string 'h'"),
    (lambda d: d["events"][0].pop("name"), "events[0]: missing key 'name'"),
    (lambda d: d["events"][0].update(precondition="p"),
     "events[0]: unknown key 'precondition' (expected name, pre, post, adds, removes)"),
    (lambda d: d["events"][0].update(name=1), "events[0].name: expected a string, got the number 1"),
    (lambda d: d["events"][0].update(name="h 1"), "events[0].name: bad event name 'h 1': use letters, digits"),
    (lambda d: d["events"][1].update(name="h"), "events[1].name: event 'h' is already events[0]"),
    (lambda d: d["events"][1].update(pre="~(p"),
     "events[1].pre: line 1, column 4: expected ')' to close the '(' at column 2, found the end"),
    (lambda d: d["events"][1].update(pre="p q"), "events[1].pre: line 1, column 3: expected an operator or the end"),
    (lambda d: d["events"][1].update(pre=True), "events[1].pre: expected a formula (a string in the text syntax), got a boolean"),
    (lambda d: d["events"][1].update(post=["q"]), "events[1].post: expected an object, got an array"),
    (lambda d: d["events"][1].update(post={"K_a": "p"}), "events[1].post.K_a: bad atom name 'K_a'"),
    (lambda d: d["events"][1].update(post={"two words": "p"}), 'events[1].post["two words"]: bad atom name'),
    (lambda d: d["events"][1].update(post={"q": "p &"}), "events[1].post.q: line 1, column 4: expected a formula"),
    (lambda d: d["events"][2].update(adds="seen"), "events[2].adds: expected an array, got the string 'seen'"),
    (lambda d: d["events"][2].update(adds=["top"]), "events[2].adds[0]: bad atom name 'top'"),
    (lambda d: d["events"][2].update(removes=["q", "q"]), "events[2].removes[1]: atom 'q' is given twice (also at [0])"),
    (lambda d: d.update(designated=[]), "designated: name at least one designated event"),
    (lambda d: d.update(designated=["x"]), "designated[0]: unknown event 'x'"),
    (lambda d: d.update(designated=["h", "h"]), "designated[1]: event 'h' is given twice (also at [0])"),
    (lambda d: d.update(designated=[0]), "designated[0]: expected a string (event), got the number 0"),
    (lambda d: d["relations"].pop("a"), "relations: no relation for agent 'a'"),
    (lambda d: d["relations"].update(c={"arrows": []}), "relations.c: 'c' is not among the agents"),
    (lambda d: d["relations"]["a"]["partition"].pop(), "relations.a.partition: event 'skip' is in no block"),
    (lambda d: d["relations"]["a"]["partition"][1].append("h"),
     "relations.a.partition[1][1]: event 'h' is already in block 0"),
    (lambda d: d["relations"]["b"]["arrows"].append(["h", "x"]), "relations.b.arrows[3][1]: unknown event 'x'"),
    (lambda d: d["relations"]["b"]["arrows"].append(["h"]),
     "relations.b.arrows[3]: expected a pair [from, to] of event names, got 1 items"),
    (lambda d: d["relations"]["b"]["arrows"][0].__setitem__(0, None),
     "relations.b.arrows[0][0]: expected an event name, got null"),
]


@pytest.mark.parametrize("edit, message", BAD)
def test_bad_event_model_dictionaries(edit, message):
    data = changed(edit)
    with pytest.raises(ModelFileError) as caught:
        event_model_from_dict(data)
    assert str(caught.value).startswith(message) and "\n" not in str(caught.value)
    with pytest.raises(ModelFileError) as again:
        load_event_model(io.StringIO(json.dumps(data)))
    assert str(again.value) == str(caught.value)


def _file(**event_models):
    return {**model_to_dict(model()), "event_models": event_models}


BODY = {k: v for k, v in VALID.items() if k not in ("format", "version")}

BAD_FILES = [
    (lambda d: d.update(event_models=[]), "event_models: expected an object, got an array"),
    (lambda d: d["event_models"].update({"coin-look": BODY}),
     'event_models["coin-look"]: bad name \'coin-look\' for an event model'),
    (lambda d: d["event_models"]["look"].update(format="epistemic-event-model"),
     "event_models.look: unknown key 'format' (expected agents, events, designated, relations, occurrence, observation)"),
    (lambda d: d["event_models"]["look"].update(agents=["a"]),
     "event_models.look.agents: expected the model's agents (a, b), got a"),
    (lambda d: d["event_models"]["look"]["events"][0].update(pre="p &"),
     "event_models.look.events[0].pre: line 1, column 4: expected a formula, found the end"),
    (lambda d: d["event_models"]["look"]["relations"]["b"]["arrows"].append(["x", "h"]),
     "event_models.look.relations.b.arrows[3][0]: unknown event 'x'"),
    (lambda d: d.update(worlds=[]), "actual[0]: unknown world 'w'"),     # the model is checked first
]


@pytest.mark.parametrize("edit, message", BAD_FILES)
def test_bad_model_files(tmp_path, edit, message):
    data = changed(edit, _file(look=BODY))
    with pytest.raises(ModelFileError) as caught:
        model_file_from_dict(data)
    assert str(caught.value).startswith(message)
    path = tmp_path / "model.json"
    path.write_text(json.dumps(data))
    with pytest.raises(ModelFileError) as again:
        load_model_file(path)
    assert str(again.value) == f"{path}: {caught.value}"


def test_unreadable_files_name_themselves(tmp_path):
    for reader in (load_event_model, load_model_file):
        with pytest.raises(ModelFileError, match="missing.json: cannot read the file"):
            reader(tmp_path / "missing.json")
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "epistemic-event-model",')
    with pytest.raises(ModelFileError, match="broken.json: invalid JSON at line 1"):
        load_event_model(broken)
