"""Kripke models as JSON: round trips, canonical text, atomic saving, and every refusal, each within bounded time."""

from __future__ import annotations

import copy
import io
import json
import os
import sys
import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from epistemic import Agent, Announcement, KripkeModel, ModelError, announce, holds, parse_formula, public_event, update
from epistemic import files, model_json
from epistemic.model_json import ModelFileError, load_model, model_from_dict, model_to_dict, save_model
from epistemic.relations import Arrows, Partition
from strategies import syntax_agents

A, B = Agent("a"), Agent("b")

VALID = {
    "format": "epistemic-kripke",
    "version": 1,
    "agents": ["a", "b"],
    "worlds": [{"name": "w", "true": ["p"]}, {"name": "v", "true": []}, {"name": "u", "true": ["q"]}],
    "actual": ["w"],
    "relations": {
        "a": {"partition": [["w", "v"], ["u"]]},
        "b": {"arrows": [["w", "v"], ["v", "v"], ["u", "v"]]},
    },
}


def same(m: KripkeModel, n: KripkeModel) -> bool:
    """Same worlds in order, facts, agents, relations (as pairs) and actual worlds."""
    return (m.worlds == n.worlds and [m.facts(w) for w in m.worlds] == [n.facts(w) for w in n.worlds]
            and m.agents == n.agents and m.actual == n.actual
            and all(m.relation_of(x) == n.relation_of(x) for x in m.agents))


def round_trip(m: KripkeModel) -> KripkeModel:
    file = io.StringIO()
    save_model(m, file)
    return load_model(io.StringIO(file.getvalue()))


# round trips -------------------------------------------------------------------------------

@st.composite
def models(draw):
    names = draw(st.lists(st.text(max_size=4), min_size=0, max_size=6, unique=True))
    n = len(names)
    facts = [draw(st.frozensets(st.sampled_from(["p", "q", "r", "it's", "ünï"]))) for _ in names]
    relations = {}
    # agents named as formulas can write them: the only names a model file takes
    for agent in draw(st.lists(syntax_agents, max_size=3, unique=True)):
        if n and draw(st.booleans()):
            relations[agent] = Partition(draw(st.lists(st.integers(0, n - 1), min_size=n, max_size=n)))
        else:
            pairs = draw(st.lists(st.tuples(st.integers(0, max(n - 1, 0)), st.integers(0, max(n - 1, 0))),
                                  max_size=3 * n if n else 0))
            relations[agent] = Arrows([r for r, _ in pairs], [c for _, c in pairs], n)
    actual = draw(st.lists(st.sampled_from(names), unique=True)) if names else []
    return KripkeModel(names, facts, relations, actual)


@settings(max_examples=150, deadline=None)
@given(models())
def test_round_trip(m):
    back = round_trip(m)
    assert same(m, back)
    for agent in m.agents:
        assert isinstance(back.relation_of(agent), Partition) == m.relation_of(agent).is_equivalence()
    # once read, a model saves to the same dictionary (equivalence arrows were read as partitions)
    assert model_to_dict(round_trip(back)) == model_to_dict(back)


def test_round_trip_through_a_path(tmp_path):
    m = model_from_dict(VALID)
    path = tmp_path / "model.json"
    save_model(m, path)
    assert same(load_model(path), m) and same(load_model(str(path)), m)
    assert json.loads(path.read_text(encoding="utf-8")) == VALID
    assert os.listdir(tmp_path) == ["model.json"]
    with open(path, "rb") as binary:
        assert same(load_model(binary), m)


def test_loaded_model_answers_formulas():
    m = model_from_dict(VALID)
    assert m.partition(A) == [["w", "v"], ["u"]]
    assert m.is_kd45(B) and not m.is_equivalence(B)
    assert holds(m, parse_formula("p & ~K_a p & B_b ~p & K_a ~q"))


def test_updated_model_saves_with_numbered_worlds():
    m = update(model_from_dict(VALID), public_event([A, B], precondition=parse_formula("~q")))
    assert m.worlds == [0, 1]
    back = round_trip(m)
    assert back.worlds == ["0", "1"] and back.actual == {"0"}
    assert back.partition(A) == [["0", "1"]]


def test_text_is_one_world_and_one_relation_per_line():
    file = io.StringIO()
    save_model(model_from_dict(VALID), file)
    lines = file.getvalue().splitlines()
    assert '    {"name": "w", "true": ["p"]},' in lines
    assert '    "a": {"partition": [["w", "v"], ["u"]]},' in lines
    assert file.getvalue().endswith("}\n")


def test_byte_order_mark_and_agent_names_formulas_can_write():
    data = copy.deepcopy(VALID)
    data["agents"][1] = "b_1'"
    data["relations"]["b_1'"] = data["relations"].pop("b")
    m = load_model(io.BytesIO(b"\xef\xbb\xbf" + json.dumps(data).encode()))
    assert Agent("b_1'") in m.agents
    data["relations"]["b_1'"]["arrows"][0][1] = "x"
    with pytest.raises(ModelFileError, match=r"^relations\.b_1'\.arrows\[0\]\[1\]: unknown world"):
        model_from_dict(data)
    # a name no formula can write is refused: the model's agents must be nameable in formulas
    data["agents"][1] = "b.1"
    with pytest.raises(ModelFileError, match=r"^agents\[1\]: bad agent name 'b.1'"):
        model_from_dict(data)


# refusals when saving -----------------------------------------------------------------------

@pytest.mark.parametrize(
    "model, message",
    [
        (announce(KripkeModel.initial([A, B]), Announcement(A, "x")),
         "its fact Announcement"),
        (KripkeModel([frozenset({"p"})], [{"p"}], {}, []), "cannot save world frozenset({'p'})"),
        (KripkeModel([1, "1"], [(), ()], {}, []), "two worlds would both be named '1'"),
        (KripkeModel([True], [()], {}, []), "cannot save world True"),
        (KripkeModel(["w"], [{"\ud800"}], {}, []), "not valid Unicode text"),
    ],
)
def test_unsavable_models_write_nothing(tmp_path, model, message):
    path = tmp_path / "model.json"
    path.write_text("old")
    with pytest.raises(ModelError, match="^cannot save") as caught:
        save_model(model, path)
    assert message in str(caught.value) and "\n" not in str(caught.value)
    assert path.read_text() == "old" and os.listdir(tmp_path) == ["model.json"]


def test_failed_replace_leaves_the_old_file(tmp_path, monkeypatch):
    path = tmp_path / "model.json"
    path.write_text("old")

    def broken(src, dst):
        raise OSError("disk on fire")
    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError, match="disk on fire"):
        save_model(model_from_dict(VALID), path)
    assert path.read_text() == "old" and os.listdir(tmp_path) == ["model.json"]


# refusals when loading -------------------------------------------------------------------------

def changed(edit):
    data = copy.deepcopy(VALID)
    edit(data)
    return data


BAD = [
    (lambda d: d.pop("format"), "format: expected 'epistemic-kripke' (this is not a saved model)"),
    (lambda d: d.update(format="other"), "format: expected 'epistemic-kripke', got 'other'"),
    (lambda d: d.update(version="1"), "version: expected 1 (the version this reader knows), got '1'"),
    (lambda d: d.update(version=True), "version: expected 1 (the version this reader knows), got True"),
    (lambda d: d.pop("version"), "version: expected 1 (the version this reader knows), got nothing"),
    (lambda d: d.update(extra=1),
     "top level: unknown key 'extra' (expected format, version, agents, worlds, actual, relations, event_models, prior, probabilities)"),
    (lambda d: d.pop("actual"), "top level: missing key 'actual'"),
    (lambda d: d.update(agents={}), "agents: expected an array, got an object"),
    (lambda d: d.update(agents=[1, "b"]), "agents[0]: expected a string (agent name), got the number 1"),
    (lambda d: d.update(agents=["a", "a"]), "agents[1]: agent name 'a' is given twice (also at [0])"),
    (lambda d: d.update(agents=["a b", "b"]), "agents[0]: bad agent name 'a b': use letters, digits, underscores and primes"),
    (lambda d: d.update(worlds="w"), "worlds: expected an array, got the string 'w'"),
    (lambda d: d["worlds"].__setitem__(0, ["w"]), "worlds[0]: expected an object, got an array"),
    (lambda d: d["worlds"][1].pop("true"), "worlds[1]: missing key 'true'"),
    (lambda d: d["worlds"][0].update(facts=[]), "worlds[0]: unknown key 'facts' (expected name, true)"),
    (lambda d: d["worlds"][0].update(name=3), "worlds[0].name: expected a string, got the number 3"),
    (lambda d: d["worlds"][2].update(name="w"), "worlds[2].name: world 'w' is already worlds[0]"),
    (lambda d: d["worlds"][0].update(true=[None]), "worlds[0].true[0]: expected a string (atom), got null"),
    (lambda d: d["worlds"][0].update(true=["p", "p"]), "worlds[0].true[1]: atom 'p' is given twice (also at [0])"),
    (lambda d: d.update(actual=["x"]), "actual[0]: unknown world 'x'"),
    (lambda d: d.update(actual=["w", "w"]), "actual[1]: world 'w' is given twice (also at [0])"),
    (lambda d: d.update(actual="w"), "actual: expected an array, got the string 'w'"),
    (lambda d: d.update(relations=[]), "relations: expected an object, got an array"),
    (lambda d: d["relations"].update(c={"arrows": []}), "relations.c: 'c' is not among the agents"),
    (lambda d: d["relations"].pop("b"), "relations: no relation for agent 'b'"),
    (lambda d: d["relations"]["a"].update(arrows=[]), "relations.a: give 'partition' or 'arrows': not both"),
    (lambda d: d["relations"].update(a={}), "relations.a: give 'partition' or 'arrows': one is needed"),
    (lambda d: d["relations"].update(a={"pairs": []}),
     "relations.a: unknown key 'pairs' (expected 'partition' or 'arrows')"),
    (lambda d: d["relations"].update(a=[]), "relations.a: expected an object, got an array"),
    (lambda d: d["relations"]["a"].update(partition="w v"), "relations.a.partition: expected an array, got the string 'w v'"),
    (lambda d: d["relations"]["a"]["partition"].__setitem__(0, "w"),
     "relations.a.partition[0]: expected an array, got the string 'w'"),
    (lambda d: d["relations"]["a"]["partition"][0].append("x"), "relations.a.partition[0][2]: unknown world 'x'"),
    (lambda d: d["relations"]["a"]["partition"].append([]), "relations.a.partition[2]: a block cannot be empty"),
    (lambda d: d["relations"]["a"]["partition"][1].append("w"),
     "relations.a.partition[1][1]: world 'w' is already in block 0"),
    (lambda d: d["relations"]["a"]["partition"].pop(), "relations.a.partition: world 'u' is in no block"),
    (lambda d: d["relations"]["b"]["arrows"].append(["w"]),
     "relations.b.arrows[3]: expected a pair [from, to] of world names, got 1 items"),
    (lambda d: d["relations"]["b"]["arrows"].append("w v"),
     "relations.b.arrows[3]: expected a pair [from, to] of world names, got the string 'w v'"),
    (lambda d: d["relations"]["b"]["arrows"][1].__setitem__(1, "x"), "relations.b.arrows[1][1]: unknown world 'x'"),
    (lambda d: d["relations"]["b"]["arrows"][0].__setitem__(0, 0),
     "relations.b.arrows[0][0]: expected a world name, got the number 0"),
]


@pytest.mark.parametrize("edit, message", BAD)
def test_bad_dictionaries(edit, message):
    data = changed(edit)
    with pytest.raises(ModelFileError) as caught:
        model_from_dict(data)
    assert str(caught.value) == message
    # the same fault, read from a file, is reported the same way
    with pytest.raises(ModelFileError) as again:
        load_model(io.StringIO(json.dumps(data)))
    assert str(again.value) == message


@pytest.mark.parametrize(
    "text, message",
    [
        ("{", "invalid JSON at line 1, column 2: Expecting property name enclosed in double quotes"),
        ('{"a": 1,\n  }', "invalid JSON at line 2, column 3: "),
        ("[]", "top level: expected an object, got an array"),
        ("null", "top level: expected an object, got null"),
        ('{"format": "epistemic-kripke", "format": "epistemic-kripke"}', "top level: key 'format' is given twice"),
        (json.dumps(VALID).replace('"name": "v"', '"name": "v", "name": "v"'), "worlds[1]: key 'name' is given twice"),
        ("[" * 100_000, "invalid JSON: nested too deeply"),
        ("9" * 5000, "invalid JSON at line 1, column 1: a number has more than 4,300 digits"),
        ('{"version":\n  -' + "9" * 4301 + "}", "invalid JSON at line 2, column 3: a number has more than 4,300 digits"),
    ],
)
def test_bad_text(text, message):
    with pytest.raises(ModelFileError) as caught:
        load_model(io.StringIO(text))
    assert str(caught.value).startswith(message) and "\n" not in str(caught.value)


def test_bad_files(tmp_path):
    path = tmp_path / "broken.json"
    path.write_bytes(b'{"format": "epistemic-kripke", \xff}')
    with pytest.raises(ModelFileError, match=r"broken\.json: not UTF-8 text \(byte 31\)$"):
        load_model(path)
    with pytest.raises(ModelFileError, match=r"missing\.json: cannot read the file: No such file"):
        load_model(tmp_path / "missing.json")
    path.write_text(json.dumps(changed(lambda d: d.update(actual=["x"]))))
    with pytest.raises(ModelFileError) as caught:
        load_model(path)
    assert str(caught.value) == f"{path}: actual[0]: unknown world 'x'"
    assert (caught.value.source, caught.value.where, caught.value.fault) == (str(path), "actual[0]", "unknown world 'x'")


# bad input in bounded memory and time -------------------------------------------------------

def finishes(call, unblock=lambda: None, seconds: float = 10):
    """The exception ``call()`` raises (``None`` if none), run in a thread that must be done
    within ``seconds``: a read that blocks fails the test, once ``unblock()`` let it go, instead
    of hanging it."""
    caught: list[BaseException | None] = [None]

    def target():
        try:
            call()
        except BaseException as error:
            caught[0] = error
    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        unblock()
        pytest.fail(f"still reading after {seconds} s")
    return caught[0]


def test_only_regular_files_are_read(tmp_path):
    pipe = tmp_path / "pipe.json"
    os.mkfifo(pipe)
    error = finishes(lambda: load_model(pipe), unblock=lambda: os.close(os.open(pipe, os.O_WRONLY | os.O_NONBLOCK)))
    assert str(error) == f"{pipe}: not a regular file but a named pipe"
    (tmp_path / "folder").mkdir()
    with pytest.raises(ModelFileError, match=r"/folder: not a regular file but a directory$"):
        load_model(tmp_path / "folder")


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
def test_endless_devices_are_refused_unread():
    assert str(finishes(lambda: load_model("/dev/zero"))) == "/dev/zero: not a regular file but a character device"


def test_files_past_the_limit_are_refused(tmp_path, monkeypatch):
    sparse = tmp_path / "huge.json"
    with open(sparse, "wb") as file:   # takes no room on disk: only the size is read
        file.truncate(model_json.MAX_FILE_BYTES + 1)
    with pytest.raises(ModelFileError, match=r"huge\.json: larger than 64 MiB, the most a model file may be$"):
        load_model(sparse)
    monkeypatch.setattr(model_json, "MAX_FILE_BYTES", 100)
    small = tmp_path / "model.json"
    small.write_text(json.dumps(VALID))
    with pytest.raises(ModelFileError, match=r"model\.json: larger than 100 bytes, the most a model file may be$"):
        load_model(small)
    with pytest.raises(ModelFileError, match=r"^larger than 100 characters, the most a model file may be$"):
        load_model(io.StringIO(json.dumps(VALID)))
    with pytest.raises(ModelFileError, match=r"^larger than 100 bytes"):
        load_model(io.BytesIO(json.dumps(VALID).encode()))
    monkeypatch.setattr(model_json, "MAX_FILE_BYTES", 101)
    small.write_text(json.dumps(VALID)[:101])
    with pytest.raises(ModelFileError, match="invalid JSON"):   # just within the limit: read, and found wanting
        load_model(small)


@pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="no /proc here")
def test_a_file_longer_than_its_size_says_is_read_only_to_the_limit(monkeypatch):
    # files of /proc are regular, of size 0, and hold more than 10 bytes
    monkeypatch.setattr(model_json, "MAX_FILE_BYTES", 10)
    with pytest.raises(ModelFileError, match="^/proc/self/status: larger than 10 bytes"):
        load_model("/proc/self/status")


def test_long_numbers_take_no_quadratic_time(tmp_path, monkeypatch):
    path = tmp_path / "model.json"
    path.write_text(json.dumps(VALID).replace('"version": 1', '"version": ' + "7" * 5000))
    with pytest.raises(ModelFileError) as caught:
        load_model(path)
    assert str(caught.value) == f"{path}: invalid JSON at line 1, column 43: a number has more than 4,300 digits"
    # refused whatever the interpreter allows: a million digits would take minutes to read
    if hasattr(sys, "set_int_max_str_digits"):
        allowed = sys.get_int_max_str_digits()
        sys.set_int_max_str_digits(0)
        try:
            converted = []

            def counted(digits, *args):
                converted.append(len(digits))
                if len(digits) > 4300:
                    raise AssertionError("a long number was converted before it was refused")
                return int(digits, *args)

            # the number's length is checked before int() reads it, in time quadratic in its length
            monkeypatch.setattr(files, "int", counted, raising=False)
            with pytest.raises(ModelFileError, match="a number has more than 4,300 digits"):
                load_model(io.StringIO('{"version": ' + "7" * 1_000_000 + "}"))
            assert load_model(io.StringIO(json.dumps(VALID))) and 1 in converted
            monkeypatch.undo()
        finally:
            sys.set_int_max_str_digits(allowed)
    # a long fraction is read in linear time, and found to be no version
    with pytest.raises(ModelFileError, match="^format: expected"):
        load_model(io.StringIO('{"version": 1.' + "7" * 1_000_000 + "}"))
