"""The workbench through its real server: ``epistemic serve`` on loopback, spoken to over sockets.

Every test is a student (a :class:`~workbench_client.Client` with its own
cookie) doing what the page does: checking formulas, drawing a model,
applying announcements, answering exercises.  The numbers are those of
docs/exercises.md.
"""

from __future__ import annotations

import json
import random
import re
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from epistemic import Agent, KripkeModel, load_model_file, model_to_dict
from epistemic.building import describe_model
from epistemic.models.puzzles import solve
from epistemic.visualize import FALSE_FILL, TRUE_FILL
from cli_runs import run
from workbench_client import PATIENCE, ROOT, Client, Server

SHEET = "docs/sheets/course.toml"


@pytest.fixture(scope="module")
def server():
    with Server("--sheet", SHEET) as running:
        yield running


@pytest.fixture
def student(server):
    return Client(server.url)


def draw(client: Client, agents: str, worlds: dict[str, str], links: list[tuple[str, str, str]],
         actual: str | None = None) -> dict:
    """Draw a model by hand through the page's requests; the last state."""
    state = client.post("api/draft", {"op": "new", "agents": agents})
    for name, atoms in worlds.items():
        state = client.post("api/draft", {"op": "world", "world": name, "atoms": atoms})
    for agent, u, v in links:
        state = client.post("api/draft", {"op": "link", "agent": agent, "from": u, "to": v})
    if actual is not None:
        state = client.post("api/draft", {"op": "actual", "world": actual})
    assert "error" not in state, state
    return state


# the page ---------------------------------------------------------------------------------------

def test_the_page_loads_nothing_from_the_network(student):
    status, body, kind = student.raw("")
    page = body.decode()
    assert status == 200 and kind.startswith("text/html")
    addresses = re.findall(r"""(?:src|href|action)\s*=\s*["']([^"']*)""", page) + re.findall(r"url\(([^)]*)\)", page)
    assert addresses and all(not re.match(r"[a-z]+:|//", a) for a in addresses), addresses
    assert "http://" not in page and "https://" not in page
    assert 'fetch(path' in page   # it asks its own server only, by relative paths


def test_each_browser_gets_a_session_cookie_of_its_own(server):
    first, second = Client(server.url), Client(server.url)
    first.get("api/state"), second.get("api/state")
    tokens = [[c.value for c in client.cookies] for client in (first, second)]
    assert all(len(t) == 1 and len(t[0]) >= 32 for t in tokens) and tokens[0] != tokens[1]


# formulas ---------------------------------------------------------------------------------------

def test_a_formula_is_parsed_as_it_is_typed_and_an_error_says_where(student):
    assert student.post("api/parse", {"text": "K_a p&~K_b p"}) == {"ok": True, "text": "K_a p & ~K_b p"}
    wrong = student.post("api/parse", {"text": "K_a (p & q"})
    assert wrong["ok"] is False and (wrong["line"], wrong["column"]) == (1, 11)
    assert "expected ')' to close the '(' at column 5" in wrong["error"]


def test_checking_shades_the_worlds_where_the_formula_holds(student):
    # docs/exercises.md, exercise 2: p and K_b p are true at w, K_a p is not; K_a Kw_b p holds at both worlds
    student.post("api/reset", {})
    answers = {f: student.post("api/check", {"formula": f}) for f in ("p", "K_a p", "K_b p", "K_a Kw_b p")}
    assert {f: (a["holds"], a["actual"]) for f, a in answers.items()} == {
        "p": ([0], {"w": True}), "K_a p": ([], {"w": False}), "K_b p": ([0], {"w": True}),
        "K_a Kw_b p": ([0, 1], {"w": True})}
    svg = answers["K_b p"]["svg"]
    nodes = re.findall(r'<g id="node\d+" class="node" data-world="(\d)">.*?fill="([^"]+)"', svg, re.S)
    assert [(n, fill.upper()) for n, fill in nodes] == [("0", TRUE_FILL.upper()), ("1", FALSE_FILL.upper())]

    assert all(a["unknown"] is None for a in answers.values())


def test_a_misspelt_atom_is_noted_as_false_everywhere(student):
    student.post("api/reset", {})
    answer = student.post("api/check", {"formula": "K_a q | p"})
    assert answer["holds"] == [0] and answer["unknown"] == (
        "the formula names q, which is true at no world of the model: it is false everywhere")


def test_the_explanation_unfolds_at_any_world(student):
    # docs/exercises.md, exercise 3: why K_a K_b p is false at w
    student.post("api/reset", {})
    why = student.post("api/explain", {"formula": "K_a K_b p", "world": 0})
    assert why["world"] == "w"
    assert why["reason"]["claim"] == "K_a K_b p is false at w: a cannot rule out v, where K_b p is false"
    assert why["reason"]["because"][0]["claim"] == "K_b p is false at v: b cannot rule out v, where p is false"
    at_v = student.post("api/explain", {"formula": "K_a K_b p", "world": 1})
    assert at_v["world"] == "v" and at_v["reason"]["claim"].startswith("K_a K_b p is false at v")
    assert "no world number 7" in student.post("api/explain", {"formula": "p", "world": 7})["error"]


# drawing a model by hand ------------------------------------------------------------------------

def test_a_model_drawn_by_hand_shows_its_s5_closure(student):
    state = draw(student, "a b", {"w": "p", "v": "", "u": "p q"}, [("a", "w", "v"), ("a", "v", "u")])
    assert state["draft"]["implied"] == [["a", "u", "w"]]   # drawn w-v and v-u: a cannot tell u from w either
    assert state["model"]["size"] == 3 and state["model"]["agents"] == {"a": "S5", "b": "S5"}
    # the closure is what is checked: a knows nothing of p anywhere, b knows p where it holds
    assert student.post("api/check", {"formula": "M_a ~p & M_a p"})["holds"] == [0, 1, 2]
    assert student.post("api/check", {"formula": "K_b p"})["holds"] == [0, 2]
    refused = student.post("api/draft", {"op": "unlink", "agent": "a", "from": "u", "to": "w"})
    assert "the closure implies it" in refused["error"]
    state = student.post("api/draft", {"op": "unlink", "agent": "a", "from": "v", "to": "u"})
    assert state["draft"]["implied"] == [] and student.post("api/check", {"formula": "K_a q"})["holds"] == [2]


def test_a_model_drawn_by_hand_is_saved_as_a_model_file(student, tmp_path):
    draw(student, "a", {"x": "p", "y": ""}, [("a", "x", "y")], actual="y")
    status, body, kind = student.raw("api/save")
    assert status == 200 and kind.startswith("application/json")
    path = tmp_path / "drawn.json"
    path.write_bytes(body)
    model = load_model_file(path).model
    assert sorted(model.worlds) == ["x", "y"] and sorted(model.actual) == ["y"]
    assert model.partition(Agent("a")) == [["x", "y"]]


# updates ----------------------------------------------------------------------------------------

def test_announcements_step_by_step_back_and_forward(student):
    student.post("api/reset", {})
    after = student.post("api/apply", {"act": "[!p]"})
    assert after["steps"][1:] == ["[!p]"] and after["position"] == 1 and after["model"]["worlds"] == ["w"]
    # docs/exercises.md, exercise 6: after p is announced, a knows p
    assert student.post("api/check", {"formula": "K_a p"})["actual"] == {"w": True}
    back = student.post("api/go", {"position": 0})
    assert back["model"]["worlds"] == ["w", "v"] and student.post("api/check", {"formula": "K_a p"})["holds"] == []
    assert student.post("api/go", {"position": 1})["model"]["size"] == 1
    student.post("api/go", {"position": 0})
    other = student.post("api/apply", {"act": "[?p]_{a}"})   # a new branch drops the undone step
    assert other["steps"][1:] == ["[?p]_{a}"]
    refused = student.post("api/apply", {"act": "[!~p]"})
    assert refused["error"] == "~p is false at the actual world w.p: it cannot be announced truthfully"
    assert "no step 5" in student.post("api/go", {"position": 5})["error"]


def test_a_private_announcement_leaves_the_outsider_mistaken(student):
    # docs/exercises.md, exercise 8: a alone is told p; b believes nothing happened
    draw(student, "a b", {"w": "p", "v": ""}, [("a", "w", "v"), ("b", "w", "v")])
    after = student.post("api/apply", {"act": "[!p]_{a}"})
    assert after["model"]["agents"] == {"a": "S5", "b": "KD45"}
    assert after["model"]["worlds"] == ["w.told", "w.skip", "v.skip"] and after["model"]["actual"] == ["w.told"]
    assert student.post("api/check", {"formula": "K_a p & ~B_b p & B_b ~K_a p"})["actual"] == {"w.told": True}


def test_a_puzzle_is_replayed_announcement_by_announcement(student):
    # docs/exercises.md, exercise 12: Cheryl's birthday leaves 10, 5, 3 and 1 dates, the last July 16
    state = student.post("api/puzzle", {"name": "cheryl"})
    sizes = [state["model"]["size"]]
    for act in state["suggested"]:
        state = student.post("api/apply", {"act": act})
        sizes.append(state["model"]["size"])
    assert sizes == [10, 5, 3, 1] and state["model"]["worlds"] == ["July 16"]
    muddy = student.post("api/puzzle", {"name": "muddy-children", "parameters": {"n": 3, "k": 2}})
    assert muddy["model"]["size"] == 8 and len(muddy["suggested"]) == len(solve("muddy-children").story.rounds) - 1


def test_a_puzzle_whose_worlds_are_pairs_saves_and_replays(student, tmp_path):
    # consecutive numbers: worlds are pairs (Anne's, Bill's), written 2-3 in a model file
    state = student.post("api/puzzle", {"name": "consecutive-numbers"})
    assert "2-3" in state["model"]["worlds"]
    state = student.post("api/apply", {"suggested": 0})
    assert state["steps"][1] == state["suggested"][0]
    status, body, _ = student.raw("api/save")
    assert status == 200 and "2-3" in [w["name"] for w in json.loads(body)["worlds"]]
    assert student.raw("api/script")[0] == 200


def test_a_puzzles_own_announcements_may_be_longer_than_a_student_may_type(student):
    # sum and product up to 140: the sentences, written out, pass the 2,000 characters of a typed act
    state = student.post("api/puzzle", {"name": "sum-and-product", "parameters": {"limit": 140}})
    assert max(len(a) for a in state["suggested"]) > 2_000
    assert "the limit is 2,000" in student.post("api/parse", {"text": state["suggested"][0], "act": True})["error"]
    after = student.post("api/apply", {"suggested": 0})
    assert after["position"] == 1 and after["model"]["size"] < state["model"]["size"]
    assert student.post("api/apply", {"suggested": 99})["error"] == "there is no suggested act 99"


def test_the_history_is_a_script_of_commands_that_reproduces_it(student, tmp_path):
    student.post("api/reset", {})
    student.post("api/apply", {"act": "[?p]_{b}"})
    student.post("api/apply", {"act": "[(h: p, t: ~p; a: {h} {t}; b: {h, t}), h]"})
    student.post("api/check", {"formula": "K_a p & K_b p"})
    status, script, kind = student.raw("api/script")
    assert status == 200 and script.startswith(b"#!")
    (tmp_path / "history.sh").write_bytes(script)
    bin_dir = str(Path(sys.executable).parent)
    done = subprocess.run(["bash", "history.sh"], cwd=tmp_path, capture_output=True, text=True, timeout=PATIENCE,
                          env={"PATH": f"{bin_dir}:/usr/bin:/bin", "HOME": str(tmp_path)})
    assert done.returncode == 0, done.stderr
    assert "K_a p & K_b p is true" in done.stdout
    last = sorted(tmp_path.glob("step*.json"))[-1]
    saved = json.loads(student.raw("api/save")[1])
    assert model_to_dict(load_model_file(last).model) == model_to_dict(load_model_file_from(saved))


def load_model_file_from(data: dict) -> KripkeModel:
    import io
    return load_model_file(io.StringIO(json.dumps(data))).model


# opening files ----------------------------------------------------------------------------------

def test_a_model_file_and_an_smcdel_file_open_in_the_page(student):
    coin = (ROOT / "docs" / "sheets" / "cards.json").read_text()
    state = student.post("api/open", {"text": coin, "name": "cards.json"})
    assert state["model"]["size"] == 3 and state["steps"] == ["opened cards.json"]
    # docs/exercises.md, exercise 5: pooled, a and b know the card is 1
    assert student.post("api/check", {"formula": "D_{a,b} one & ~K_a one"})["actual"] == {"1": True}
    smcdel = (ROOT / "docs" / "examples" / "smcdel" / "muddy-children.smcdel.txt").read_text()
    state = student.post("api/open", {"text": smcdel, "name": "muddy-children.smcdel.txt"})
    # four children, each forehead muddy or not: 16 states, and before the father speaks nobody knows
    assert state["model"]["size"] == 16
    assert student.post("api/check", {"formula": "~Kw_anne p1"})["count"] == 16   # variable 1 is the atom p1
    broken = student.post("api/open", {"text": '{"format": "epistemic-kripke"', "name": "x.json"})
    assert broken["error"] == "x.json: invalid JSON at line 1, column 30: Expecting ',' delimiter"


# bounds -----------------------------------------------------------------------------------------

def test_every_request_is_bounded_before_the_work(student):
    long = " & ".join(["p"] * 1001)
    assert "the limit is 2,000" in student.post("api/check", {"formula": long})["error"]
    assert "the limit is 2,000" in student.post("api/parse", {"text": long})["error"]
    big = describe_model([f"q{i}" for i in range(13)], "top", {Agent("a"): ["q0"]})
    text = json.dumps(model_to_dict(big))
    assert "at most 5,000" in student.post("api/open", {"text": text, "name": "big.json"})["error"]
    # 4,096 worlds are kept; an act that would multiply them by 30 events is refused before the product
    four_thousand = describe_model([f"q{i}" for i in range(12)], "top", {Agent("a"): ["q0"], Agent("b"): ["q1"]})
    assert student.post("api/open", {"text": json.dumps(model_to_dict(four_thousand)), "name": "m.json"}
                        )["model"]["size"] == 4096
    events = ", ".join(f"e{i}: top" for i in range(30))
    everyone = ", ".join(f"e{i}" for i in range(30))
    refused = student.post("api/apply", {"act": f"[({events}; a: {{{everyone}}}; b: {{{everyone}}}), e0]"})
    assert refused["error"] == ("the update may make 122,880 worlds (4,096 worlds times 30 events), more than the "
                                "100,000 an act may make")
    puzzle = student.post("api/puzzle", {"name": "muddy-children", "parameters": {"n": 14, "k": 2}})
    assert "16,384 worlds" in puzzle["error"] and "at most 5,000" in puzzle["error"]
    status, body, _ = student.raw("api/check", None)
    assert status == 405
    student.post("api/draft", {"op": "new", "agents": "a"})
    assert student.post("api/draft", {"op": "fly"})["error"] == "there is no change 'fly' to a model drawn by hand"


def test_a_check_past_the_memory_bound_is_stopped_with_a_message():
    with Server("--memory", "700") as small:
        student = Client(small.url)
        model = describe_model([f"q{i}" for i in range(12)], "top", {Agent("a"): ["q0"], Agent("b"): ["q1"]})
        student.post("api/open", {"text": json.dumps(model_to_dict(model)), "name": "m.json"})
        # five acts of three events each, nested: 4,096 times 3 ** 5 worlds, some 1,000,000
        act = "[(e: top, f: top, g: top; a: {e} {f} {g}; b: {e, f, g}), e]"
        answer = student.post("api/check", {"formula": act * 5 + " D_{a,b} q0", "draw": False})
        assert answer["error"].startswith("this needs more memory than one request may take")
        assert student.post("api/check", {"formula": "K_a q0", "draw": False})["count"] == 2048


def post_bytes(client: Client, path: str, body: bytes) -> tuple[int, dict]:
    """``body`` as it is, posted with the client's session: the status and the JSON answered."""
    request = urllib.request.Request(client.url + path, data=body, headers={"content-type": "application/json"})
    try:
        with client.opener.open(request, timeout=client.timeout) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def test_a_request_nested_deeper_than_any_the_page_sends_is_refused_in_one_line(student):
    deep = {"error": "the request's JSON nests more than 32 lists and objects deep"}
    # as deep as the JSON decoder itself cannot go, and past the bound but within the decoder's
    assert post_bytes(student, "api/check", b"[" * 100_000 + b"]" * 100_000) == (400, deep)
    assert post_bytes(student, "api/check", b'{"formula": ' + b"[" * 40 + b"]" * 40 + b"}") == (400, deep)
    # within the bound, the request is read and refused for what it holds
    assert post_bytes(student, "api/check", b'{"formula": [[[]]]}') == (400, {"error": "type a formula"})


# sessions ---------------------------------------------------------------------------------------

def test_only_loading_the_page_makes_a_session(server):
    stranger = Client(server.url, start=False)
    status, body, _ = stranger.raw("api/check", {"formula": "p"})
    assert status == 401 and json.loads(body) == {"error": "this page's session has ended: reload the page"}
    assert not list(stranger.cookies)
    assert stranger.get("api/state")["model"]["size"] == 2 and len(list(stranger.cookies)) == 1
    assert stranger.post("api/check", {"formula": "p"})["holds"] == [0]


def test_sessions_in_use_are_never_dropped_for_new_ones():
    with Server("--sessions", "2") as small:
        first, second = Client(small.url), Client(small.url)
        third = Client(small.url, start=False)
        status, body, _ = third.raw("api/state")
        assert status == 503 and json.loads(body)["error"] == \
            "the workbench has 2 sessions open, as many as it may: try again in a few minutes"
        assert first.post("api/check", {"formula": "p"})["holds"] == [0] == second.post("api/check", {"formula": "p"})["holds"]


def test_beyond_this_machine_one_address_may_have_only_so_many_sessions():
    with Server("--host", "0.0.0.0", "--sessions-per-client", "2") as shared:
        mine = [Client(shared.url), Client(shared.url)]
        third = Client(shared.url, start=False)
        status, body, _ = third.raw("api/state")
        assert status == 429 and json.loads(body)["error"] == (
            "127.0.0.1 has 2 sessions open, as many as one address may: close the workbench in another browser "
            "there, or try again in a few minutes")
        assert all(c.post("api/check", {"formula": "p"})["holds"] == [0] for c in mine)
    with Server("--sessions-per-client", "1") as here:   # on this machine alone, every client is 127.0.0.1
        assert [Client(here.url).get("api/state")["model"]["size"] for _ in range(3)] == [2, 2, 2]


def test_a_session_whose_first_view_fails_is_not_kept(tmp_path):
    with Server("--sessions", "1", hold=tmp_path) as one:
        (tmp_path / "fail").touch()   # every summary fails, as one past the time limit would
        first = Client(one.url, start=False)
        status, body, _ = first.raw("api/state")
        assert (status, json.loads(body)) == (400, {"error": "the summary failed, as the test asked"})
        assert not list(first.cookies)
        (tmp_path / "fail").unlink()
        # the failed request left no session behind to take the only place
        assert Client(one.url).get("api/state")["model"]["size"] == 2


def test_back_and_forward_move_only_once_the_step_is_shown(tmp_path):
    with Server(hold=tmp_path) as server:
        student = Client(server.url)
        assert student.post("api/apply", {"act": "[!p]"})["position"] == 1
        (tmp_path / "fail").touch()
        assert student.post("api/go", {"position": 0}) == {"error": "the summary failed, as the test asked"}
        (tmp_path / "fail").unlink()
        # still on the step the page shows: after p was announced, a knows p (docs/exercises.md, exercise 6)
        assert student.get("api/state")["position"] == 1
        assert student.post("api/check", {"formula": "K_a p", "draw": False})["holds"] == [0]
        assert student.post("api/go", {"position": 0})["position"] == 0


def test_idle_sessions_make_room_and_the_worlds_held_are_bounded():
    from epistemic.workbench.session import Sessions
    from epistemic.workbench.work import Limits, WorkError
    sessions = Sessions(Limits(sessions=2, held_worlds=5, idle_seconds=3600))
    first, second = sessions.new(), sessions.new()
    for s in (first, second):
        s.start(KripkeModel.from_relations([Agent("a")], {"w": {"p"}, "v": set()}, {}, actual="w"), "two worlds")
    first.push(first.model.restricted(["w"]), "[!p]")           # 2 + 2 + 1 worlds: the budget of 5
    with pytest.raises(WorkError, match="holds 5 worlds in its sessions' histories, and may hold 5"):
        first.push(first.model, "[!p]")
    first.go(0)
    first.push(first.model.restricted(["v"]), "[!~p]")         # a branch replaces the step undone
    with pytest.raises(WorkError, match="2 sessions open, as many as it may"):
        sessions.new()
    sessions.get(first.token)                                    # first is in use; second idle for two hours
    second.used -= 7200
    third = sessions.new()
    assert sessions.get(second.token) is None and sessions.get(third.token) is third
    assert sessions.held() == 3


def test_making_room_drops_only_the_idle_sessions_it_needs():
    from epistemic.workbench.session import Sessions
    from epistemic.workbench.work import Limits
    sessions = Sessions(Limits(sessions=4, held_worlds=6, idle_seconds=3600))
    two = KripkeModel.from_relations([Agent("a")], {"w": {"p"}, "v": set()}, {}, actual="w")
    oldest, older, busy = sessions.new(), sessions.new(), sessions.new()
    for s in (oldest, older, busy):
        s.start(two, "two worlds")                              # 6 worlds: the budget
    oldest.used -= 7200
    older.used -= 3700                                          # both idle past the hour, oldest longest
    busy.push(two, "[!top]")                                    # 2 more worlds: one idle session must go
    assert sessions.get(oldest.token) is None and sessions.get(older.token) is older
    assert sessions.held() == 6


def test_nobody_sees_another_students_work(server):
    ada, bob = Client(server.url), Client(server.url)
    ada.post("api/apply", {"act": "[!p]"})
    graded = ada.post("api/answer", {"exercise": "2a", "answer": "w"})
    assert graded["verdict"] == "right"
    assert bob.get("api/state")["model"]["size"] == 2 and bob.get("api/state")["grades"] == {}
    assert ada.get("api/state")["model"]["size"] == 1 and ada.get("api/state")["grades"]["2a"]["verdict"] == "right"


def test_fifty_students_at_once_each_get_their_own_right_answers(server):
    def student_work(i: int) -> list[tuple]:
        rng = random.Random(i)
        n = rng.randint(2, 6)
        names = [f"s{i}w{j}" for j in range(n)]
        where_p = {w for w in names if rng.random() < 0.5}
        client = Client(server.url)
        # a cannot tell any two worlds apart; b can tell every two
        draw(client, "a b", {w: "p" if w in where_p else "" for w in names},
             [("a", names[j], names[j + 1]) for j in range(n - 1)])
        got = []
        for formula in ("K_b p", "K_a p", "M_a p", "p <-> K_b p"):
            answer = client.post("api/check", {"formula": formula, "draw": False})
            got.append((formula, sorted(names[k] for k in answer["holds"])))
        # what each formula must hold at, from the shape of the model alone
        expected = [("K_b p", sorted(where_p)), ("K_a p", sorted(names) if len(where_p) == n else []),
                    ("M_a p", sorted(names) if where_p else []), ("p <-> K_b p", sorted(names))]
        return [got, expected, client.get("api/state")["model"]["worlds"] == names]

    with ThreadPoolExecutor(50) as pool:
        results = list(pool.map(student_work, range(50)))
    assert all(got == expected and own for got, expected, own in results)


# exercises --------------------------------------------------------------------------------------

def test_an_exercise_is_graded_wrong_with_why_then_right(student):
    # docs/exercises.md, exercise 2: K_b p holds at w only
    wrong = student.post("api/answer", {"exercise": "2a", "answer": "w, v"})
    assert wrong["verdict"] == "wrong" and "v" in wrong["summary"] and wrong["svg"].startswith("<svg")
    right = student.post("api/answer", {"exercise": "2a", "answer": "w"})
    assert right["verdict"] == "right"
    unreadable = student.post("api/answer", {"exercise": "1i", "answer": "K_a (~K_b p"})
    assert unreadable["verdict"] == "unreadable"
    assert "there is no exercise 'nope'" in student.post("api/answer", {"exercise": "nope", "answer": "x"})["error"]
    assert student.post("api/answer", {"exercise": ["2a"], "answer": "w"})["error"] == "there is no exercise ['2a']"
    assert student.post("api/puzzle", {"name": ["cheryl"]})["error"] == "name the puzzle"
    picture = student.get("api/exercise?id=2a")
    assert picture["svg"].startswith("<svg") and 'data-world="1"' in picture["svg"]


def test_an_exercise_answered_with_a_sequence_of_acts(student):
    # exercise 10d of the course offers four acts; a shortest sequence of them has two
    views = {e["id"]: e for e in student.get("api/state")["sheet"]["exercises"]}
    offered = views["10d"]
    assert offered["sequence"] is True and offered["max_steps"] == 20
    assert offered["actions"] == ["[?h2]_{a}", "[?h1]_{b}", "[!~h1]", "[!h1]"]
    assert offered["shortest"] == "a shortest sequence has 2 actions" and offered["answer"] == "one act per line"
    assert views["10c"]["actions"] == [] and views["10c"]["shortest"] is None and views["10c"]["max_steps"] == 2
    # an exercise of one formula is shown as it was
    assert "sequence" not in views["8"] and set(views["8"]) == {"id", "title", "question", "kind", "hint", "answer",
                                                                "model", "doubt", "worlds"}
    # a's peek, then ~h1, false at the actual world: refused at step 2, drawn with why
    wrong = student.post("api/answer", {"exercise": "10d", "answer": "1\n3"})
    assert wrong["verdict"] == "wrong" and wrong["summary"].startswith("step 2, [!~h1], cannot happen after [?h2]_{a}")
    assert wrong["svg"].startswith("<svg") and wrong["reason"]["claim"] == f"~h1 is false at {wrong['world']}: h1 is " \
                                                                           "true there"
    right = student.post("api/answer", {"exercise": "10d", "answer": "[?h2]_{a}\n2"})
    assert right["verdict"] == "right" and right["svg"].startswith("<svg")
    longer = student.post("api/answer", {"exercise": "10d", "answer": "4\n1\n2"})
    assert longer["right"] and longer["summary"].endswith("a shorter sequence exists: a shortest has 2 acts")
    unread = student.post("api/answer", {"exercise": "10d", "answer": "[!h2]"})
    assert unread["verdict"] == "unreadable" and "not among the actions offered" in unread["summary"]
    free = student.post("api/answer", {"exercise": "10c", "answer": "[?h2]_{a}\n[?h1]_{b}"})
    assert free["verdict"] == "right"
    assert student.get("api/state")["grades"]["10d"]["answer"] == "[!h2]"


def test_the_command_refuses_a_taken_port_a_bad_sheet_and_a_bad_limit(capsys, tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        code, out, err = run(capsys, "serve", "--port", str(port))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith(f"epistemic serve: error: cannot listen on 127.0.0.1 port {port}: ")
    code, _, err = run(capsys, "serve", "--sheet", str(tmp_path / "none.toml"))
    assert code == 2 and err.count("\n") == 1 and "none.toml" in err
    assert run(capsys, "serve", "--time-limit", "0")[2].endswith(
        "error: argument --time-limit: expected more than 0 and at most 600 seconds, got '0'\n")
    assert run(capsys, "serve", "--host", "no.such.host.invalid")[0] == 2


@pytest.mark.parametrize("option, value, bounds", [
    ("--port", "70000", "from 0 to 65,535"), ("--port", "-1", "from 0 to 65,535"),
    ("--sessions", "1" + "0" * 30, "from 1 to 100,000"), ("--sessions", "0", "from 1 to 100,000"),
    ("--sessions-per-client", "0", "from 1 to 100,000"), ("--memory", "1" + "0" * 30, "from 512 to 1,048,576"),
    ("--memory", "100", "from 512 to 1,048,576"), ("--workers", "0", "from 1 to 64"),
    ("--workers", "65", "from 1 to 64"), ("--queue", "10001", "from 0 to 10,000"),
])
def test_every_number_serve_takes_is_bounded_before_anything_starts(capsys, option, value, bounds):
    # a sheet that is not there: were the number taken, that would be the error, not a server that runs on
    code, out, err = run(capsys, "serve", option, value, "--sheet", "no/such/sheet.toml")
    assert (code, out) == (2, "")
    assert err == f"epistemic serve: error: argument {option}: expected a whole number {bounds}, got '{value}'\n"
    assert run(capsys, "serve", "--time-limit", "601")[2].endswith(
        "error: argument --time-limit: expected more than 0 and at most 600 seconds, got '601'\n")


@pytest.mark.parametrize("command", ["serve", "grade"])
def test_the_help_reads_as_text(capsys, command):
    code, out, _ = run(capsys, command, "--help")
    assert code == 0 and out.startswith("usage: epistemic")
    assert "``" not in out and ":func:" not in out


def test_listening_beyond_this_machine_is_warned_about():
    anywhere = subprocess.Popen([sys.executable, "-m", "epistemic.cli", "serve", "--host", "0.0.0.0"], cwd=ROOT,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        # the warning comes before the address; once the address is out, nothing more is said
        assert anywhere.stdout.readline().startswith("epistemic workbench at http://0.0.0.0:")
    finally:
        anywhere.terminate()
        _, err = anywhere.communicate(timeout=PATIENCE)
    assert err.startswith("epistemic serve: warning: listening on 0.0.0.0, not this machine only")


def test_without_the_workbench_extra_serve_says_what_to_install(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "uvicorn", None)   # as where the extra is not installed
    code, out, err = run(capsys, "serve")
    assert (code, out) == (2, "")
    assert err == ("epistemic serve: error: epistemic serve needs the workbench extra (uvicorn is missing): "
                   "pip install 'epistemic-framework[workbench]'\n")
