"""The ``epistemic pig`` and ``epistemic piglet`` commands: reports, JSON, the hold table, refusals."""

from __future__ import annotations

import json
import re

import pytest

from cli_runs import run
from epistemic.models.pig import cli_three_pig, three_pig


def test_piglet_reports_the_exact_chance(capsys):
    code, out, err = run(capsys, "piglet", "--goal", "2")
    assert code == 0 and err == ""
    assert "The first player wins with probability 0.571429 (exactly 4/7)." in out


def test_pig_reports_hold_at_and_the_table(capsys):
    code, out, _ = run(capsys, "pig", "--goal", "30", "--hold-at", "10", "--policy")
    assert code == 0
    assert "A player who holds at 10 (or on reaching the goal) wins:" in out
    assert "scores in steps of 2" in out
    table = out.split("hold at (row")[1].splitlines()
    assert len(table) == 1 + 1 + 15  # the title's tail, the header, 15 rows of every other score


def test_json_has_the_whole_table(capsys):
    code, out, _ = run(capsys, "piglet", "--goal", "10", "--json", "--policy")
    data = json.loads(out)
    assert code == 0 and data["game"] == "piglet" and data["players"] == 2
    assert data["exact"] == "5556238701119487884/10634368774326171875"
    # seed 004_df5fff68fc07d17b.txt: "when b = 1 then the optimal hold value k = a"
    assert [row[9] for row in data["hold_values"]] == list(range(10, 0, -1))
    assert "hold_at" not in data


@pytest.mark.parametrize("argv,message", [
    (["pig", "--players", "4"], "--players must be 2 or 3, got 4"),
    (["pig", "--goal", "0"], "the goal must be at least 1, got 0"),
    (["pig", "--goal", "301"], "the goal must be at most 300, got 301"),
    (["pig", "--sides", "1"], "the number of sides of the die must be at least 2, got 1"),
    (["piglet", "--p", "1"], "the probability of heads must be strictly between 0 and 1, got 1"),
    (["piglet", "--p", "0"], "the probability of heads must be strictly between 0 and 1, got 0"),
    (["piglet", "--p", "1/0"], "the probability of heads must be a number such as 1/2 or 0.45, got '1/0'"),
    (["piglet", "--p", "1e3"], "the probability of heads must be a number such as 1/2 or 0.45, got '1e3'"),
    (["pig", "--hold-at", "-1"], "--hold-at must be at least 1, or 0 to leave it out, got -1"),
])
def test_bad_parameters_are_one_line_and_exit_2(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.strip().splitlines() == [f"epistemic {argv[0]}: error: {message}"]


def test_plot_draws_the_hold_map_the_same_each_time(capsys, tmp_path):
    pytest.importorskip("matplotlib")
    first, second = tmp_path / "a.png", tmp_path / "b.png"
    for path in (first, second):
        code, _, err = run(capsys, "piglet", "--goal", "6", "--plot", str(path))
        assert code == 0 and err == f"wrote {path} ({path.stat().st_size:,} bytes)\n"
    assert first.read_bytes()[:4] == b"\x89PNG" and first.read_bytes() == second.read_bytes()


def test_plot_refuses_a_bad_destination_before_the_work(capsys, tmp_path):
    code, out, err = run(capsys, "pig", "--plot", str(tmp_path / "map.dot"))
    assert code == 2 and out == "" and "a hold map is png, svg, pdf" in err
    assert list(tmp_path.iterdir()) == []


def test_hold_map_shows_the_table():
    pytest.importorskip("matplotlib")
    from epistemic.models.pig import piglet, solve
    from epistemic.visualize import hold_map
    holds = solve(piglet(4)).hold_values()
    plot = hold_map(holds)
    assert plot.drawing.holds == tuple(tuple(int(v) for v in row) for row in holds)
    texts = [t.get_text() for t in plot.figure().axes[0].texts]
    assert texts == [str(int(v)) for row in holds for v in row]


def test_three_player_piglet_from_the_command_line(capsys):
    # goal 1: the mover wins at once with chance p each turn; with p = 1/2 the
    # gains are (5/7, -1/7, -4/7) (a geometric race worked by hand: P1 wins
    # with 4/7, P2 with 2/7, P3 with 1/7; +2 to the winner, -1 to each loser)
    code, out, err = run(capsys, "piglet", "--players", "3", "--goal", "1", "--json")
    data = json.loads(out)
    assert code == 0 and err == "" and data["players"] == 3 and data["exact"]
    assert data["start"] == {"holds": [1, 1, 1], "gains": ["5/7", "-1/7", "-4/7"]}
    # goal 5: the permutations of (2, 3, 5) have two equilibria with equal gains,
    # and the command lists each of them rather than picking one silently
    code, out, _ = run(capsys, "piglet", "--players", "3", "--goal", "5")
    assert code == 0 and "States with more than one pure equilibrium, or none: 6" in out
    assert "(2, 3, 5): (2, 3, 2): mover 7411/7085" in out and "; (2, 3, 3): mover 7411/7085" in out


@pytest.mark.parametrize("argv, message", [
    (["piglet", "--players", "3", "--policy"], "--policy is for two players"),
    (["piglet", "--players", "3", "--goal", "41"], "goals 1 to 40"),
    (["piglet", "--players", "3", "--p", "1"], "strictly between 0 and 1"),
    (["pig", "--players", "3", "--policy"], "--policy is for two players"),
    (["pig", "--players", "3", "--hold-at", "20"], "--hold-at is for two players"),
    (["pig", "--players", "3", "--goal", "101"], "goals up to 100, got 101"),
    (["pig", "--players", "3", "--in-place"], "--discount and --regret are for --method value-iteration"),
    (["pig", "--players", "3", "--method", "value-iteration", "--goal", "250"], "GiB, more than the 4 GiB allowed"),
    (["pig", "--in-place"], "--discount, --regret and --reachable are for three players"),
    (["pig", "--players", "3", "--method", "guess"], "invalid choice: 'guess'"),
    (["pig", "--method", "orbits"], "--discount, --regret and --reachable are for three players"),
    (["pig", "--by-state"], "--method, --in-place, --by-state, --max-sweeps"),
    (["pig", "--players", "3", "--by-state"], "--in-place, --by-state, --max-sweeps"),
    (["pig", "--players", "3", "--method", "value-iteration", "--max-sweeps", "0"], "--max-sweeps must be at least 1"),
    (["piglet", "--players", "4"], "--players must be 2 or 3"),
])
def test_three_player_refusals(argv, message, capsys):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and message in err and len(err.strip().splitlines()) == 1


def test_three_player_pig_mixes_where_no_pure_equilibrium_exists(capsys):
    """A three-sided die to 14: at the start the three movers are in one state, and no pure way
    to play it is a best reply to itself (tests/test_pig_three_orbits.py checks that by brute
    force); the report names the mixed decision, and value iteration cycles on that very decision."""
    code, out, err = run(capsys, "pig", "--players", "3", "--goal", "14", "--sides", "3")
    assert code == 0 and err == ""
    assert "From the start, the players win with chances: p1 0.380433, p2 0.330038, p3 0.289529." in out
    assert "  (0, 0, 0): no pure equilibrium; a mixed one: at (0, 0, 0) the mover holds at turn total 5 with chance 0.1628" in out
    code, out, _ = run(capsys, "pig", "--players", "3", "--goal", "14", "--sides", "3", "--method", "value-iteration")
    assert code == 0
    assert "the policies go round with period 2;" in out
    assert "1 decision (state, turn total) flip: (0, 0, 0) at 5." in out


def test_three_player_pig_json(capsys):
    code, out, _ = run(capsys, "pig", "--players", "3", "--goal", "22", "--sides", "3", "--json")
    data = json.loads(out)
    assert code == 0 and data["method"] == "orbits" and abs(sum(data["start"]) - 1) < 1e-12
    assert data["bust"] == "1/3" and [o["gain"] for o in data["outcomes"]] == [2, 3]
    hows = sorted((o["states"][0], o["how"], o["pure_equilibria"]) for o in data["searched"])
    assert hows == [([0, 0, 15], "mixed", 0), ([3, 11, 11], "replies in turn", 2),
                    ([4, 11, 11], "replies in turn", 2), ([8, 8, 8], "mixed", 0)]
    code, out, _ = run(capsys, "pig", "--players", "3", "--goal", "10", "--method", "value-iteration",
                       "--in-place", "--json")
    data = json.loads(out)
    assert code == 0 and data["converged"] and data["in_place"] and data["cycle"] is None
    assert data["sweeps"] == len(data["changes"]) == len(data["policy_changes"])
    assert data["changes"][-1] <= 1e-12 < data["changes"][0]


def test_the_command_list_offers_piglet_for_two_and_for_three(capsys):
    # `piglet --players 3` solves three-player Piglet: its summary is not "two-player" only
    code, out, _ = run(capsys, "--help")
    listed = " ".join(out.split())
    assert code == 0 and "two-player Piglet" not in listed
    assert "piglet Piglet, the coin game: optimal play for two, equilibria of hold values for three" in listed
    code, out, _ = run(capsys, "piglet", "--help")
    assert code == 0 and "With --players 3 each state's hold values are a pure Nash equilibrium" in " ".join(out.split())


def _no_sweeping(monkeypatch):
    def sweep(*args, **kwargs):
        raise AssertionError("value iteration swept before its work was checked")
    monkeypatch.setattr(three_pig, "sweep", sweep)


@pytest.mark.parametrize("argv, fits", [
    (["--goal", "100"], "at goal 100 at most 100 sweeps fit, or with 500 sweeps, goals up to 66"),
    (["--goal", "134"], "at goal 134 at most 31 sweeps fit, or with 500 sweeps, goals up to 66"),
    (["--goal", "62", "--max-sweeps", "700"], "at goal 62 at most 676 sweeps fit, or with 700 sweeps, goals up to 61"),
])
def test_three_player_value_iteration_refuses_more_work_than_the_limit(capsys, monkeypatch, argv, fits):
    _no_sweeping(monkeypatch)
    code, out, err = run(capsys, "pig", "--players", "3", "--method", "value-iteration", *argv)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "state-sweeps, more than the 10,000,000,000 allowed; " + fits in err


def test_three_player_value_iteration_shows_each_sweep(capsys, monkeypatch):
    seen: list[tuple] = []

    def printer(what):
        seen.append((what,))
        return lambda done, total=None: seen.append((done, total))

    monkeypatch.setattr(cli_three_pig, "progress_printer", printer)
    code, out, _ = run(capsys, "pig", "--players", "3", "--goal", "5", "--method", "value-iteration", "--json")
    sweeps = json.loads(out)["sweeps"]
    assert code == 0 and seen == [("sweeps",)] + [(n, 500) for n in range(1, sweeps + 1)]
    seen.clear()
    code, out, _ = run(capsys, "pig", "--players", "3", "--goal", "8", "--method", "value-iteration",
                       "--max-sweeps", "3")
    assert code == 0 and "Sweeps: 3;" in out and seen == [("sweeps",), (1, 3), (2, 3), (3, 3)]


def test_the_seeds_variations_run_from_the_command_line(capsys):
    # docs/pig-three-pig.md: with a 3-sided die to 14 separate policies updated in place cycle with period 4,
    # each player's policy flipping (0, 0, 0) at turn total 5
    base = ("pig", "--players", "3", "--goal", "14", "--sides", "3", "--method", "value-iteration")
    # (docs/pig-three-pig.md shows --separate --in-place at goal 14, output and all; at 8 it settles sooner
    # than all at once)
    small = ("pig", "--players", "3", "--goal", "8", "--sides", "3", "--method", "value-iteration", "--separate")
    code, out, _ = run(capsys, *small, "--in-place")
    assert code == 0 and "value iteration with separate policies, in-place order, best replies." in out
    assert "Sweeps: 63;" in out and "Converged" in out
    code, out, _ = run(capsys, *small)
    assert code == 0 and "separate policies, Jacobi order" in out and "Sweeps: 93;" in out
    code, out, _ = run(capsys, *base, "--regret", "--max-sweeps", "200", "--json")
    data = json.loads(out)
    assert code == 0 and data["dynamics"] == {"separate": False, "order": "jacobi", "discount": 1.0, "regret": True,
                                              "seed": 0}
    assert not data["converged"] and data["cycle"] is None and data["sweeps"] == 200
    start = [m for m in data["mixed"] if m["state"] == [0, 0, 0]]
    # docs/pig-three-pig.md: 0.28 after 200 sweeps, on its way to the mixed equilibrium's 0.162822
    assert [(m["player"], m["turn_total"]) for m in start] == [(1, 5)] and 0.27 < start[0]["hold_chance"] < 0.29
    code, out, _ = run(capsys, *base, "--random-order", "--seed", "2", "--discount", "0.9", "--max-sweeps", "400")
    assert code == 0 and "random order, discount 0.9, best replies." in out and "Converged" in out


def test_state_by_state_runs_from_the_command_line(capsys):
    # one state at a time in the plain order: with a 3-sided die to 15 the one orbit without a pure
    # equilibrium is that of (1, 1, 1), and its decision at turn total 5 flips with period 2
    argv = ("pig", "--players", "3", "--goal", "15", "--sides", "3", "--method", "value-iteration", "--by-state")
    code, out, _ = run(capsys, *argv)
    assert code == 0 and "value iteration with one policy, state-by-state order, best replies." in out
    assert "from sweep 46 the policies go round with period 2; 1 decision flip." in out
    assert "by state (state, turn totals, changes): (1, 1, 1) k 5 x5." in out
    code, out, _ = run(capsys, *argv, "--json")
    data = json.loads(out)
    assert data["dynamics"]["order"] == "by_state" and data["cycle"]["flips"] == [[0, 1, 1, 1, 5]]


@pytest.mark.parametrize("argv, message", [
    (["--players", "3", "--goal", "14", "--regret"], "--seed, --discount and --regret are for --method value-iteration"),
    (["--goal", "14", "--separate"], "--seed, --discount, --regret and --reachable are for three players"),
    (["--players", "3", "--goal", "14", "--method", "value-iteration", "--seed", "3"], "--seed is for --random-order"),
    (["--players", "3", "--goal", "14", "--method", "value-iteration", "--seed", "0"], "--seed is for --random-order"),
    (["--goal", "14", "--seed", "0"], "--seed, --discount, --regret and --reachable are for three players"),
    (["--players", "3", "--goal", "14", "--method", "value-iteration", "--random-order", "--seed", "-1"],
     "--seed must be 0 or more, got -1"),
    (["--players", "3", "--goal", "14", "--method", "value-iteration", "--random-order", "--in-place"],
     "--in-place and --random-order are two orders of update: give one"),
    (["--players", "3", "--goal", "14", "--method", "value-iteration", "--by-state", "--random-order", "--in-place"],
     "--in-place and --by-state and --random-order are three orders of update: give one"),
    (["--players", "3", "--goal", "14", "--method", "value-iteration", "--discount", "0"],
     r"the discount must be a number in \(0, 1\], got 0.0"),
    (["--players", "3", "--goal", "62", "--method", "value-iteration", "--separate"],
     "for each of 3 players up to 500 times"),
])
def test_the_seeds_variations_refuse_what_does_not_fit_in_one_line(capsys, monkeypatch, argv, message):
    _no_sweeping(monkeypatch)
    code, out, err = run(capsys, "pig", *argv)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert re.search(message, err)
