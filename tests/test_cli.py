"""The ``epistemic pirates`` command line, good input and bad."""

import json
import re
import subprocess
import sys

import pytest

from cli_runs import HUNG, run


def test_default_view_shows_rounds_and_tables(capsys):
    code, out, err = run(capsys, "pirates", "--pirates", "5", "--coins", "3",
                         "--promise", "p2: 1 1 0 1 to p3 p4 p5")
    assert code == 0 and err == ""
    assert "Round 1: p1 proposes p5:1 p4:0 p3:1 p2:0 p1:1" in out
    assert "rejected: p1 is thrown overboard" in out
    assert "Round 2: p2 proposes p5:1 p4:1 p3:0 p2:1  (his promise)" in out
    assert "Knowledge of {p1}: no promise" in out
    assert "Knowledge of {p2-p5}" in out
    # seed 000, Table 6, row 4
    assert "4 left |  1  1  0  1" in out


def test_json_keys_and_values(capsys):
    code, out, _ = run(capsys, "pirates", "-n", "5", "-m", "4", "--promise", "p4: 2 2 to p5",
                       "--json-detail", "--knowledge-of", "p5")
    assert code == 0
    data = json.loads(out)
    assert set(data) >= {"pirates", "coins", "tie_rule", "announcements", "rounds", "outcome",
                         "table", "knowledge_groups", "dag_nodes"}
    assert data["announcements"] == [{"maker": "p4", "division": [2, 2], "audience": ["p4", "p5"]}]
    assert [r["proposer"] for r in data["rounds"]] == ["p1", "p2", "p3", "p4"]
    first = data["rounds"][0]
    assert first["offer"] == {"p1": 2, "p2": 0, "p3": 1, "p4": 0, "p5": 1}
    assert first["offer_source"] == "optimized"
    assert {v["pirate"]: v["vote"] for v in first["voters"]} == {
        "p1": "yes", "p2": "no", "p3": "yes", "p4": "no", "p5": "no"}
    assert first["voters"][0]["expects"] == -1
    assert data["outcome"] == {"decided_round": 4, "shares": {"p4": 2, "p5": 2},
                               "overboard": ["p1", "p2", "p3"]}
    # seed 000, Table 8 (row 4 corrected to 0 1 0 3)
    assert data["table"]["rows"] == [[4], [2, 2], [1, 0, 3], [0, 1, 0, 3], [1, 0, 1, 0, 2]]
    assert data["rounds"][3]["offer_source"] == "promise"


def test_why_answers(capsys):
    code, out, _ = run(capsys, "pirates", "-n", "5", "-m", "3", "--promise", "p2: 1 1 0 1 to p3-p5",
                       "--why", "p5 vote round 1")
    assert code == 0
    assert "Why p5 vote round 1?" in out


def test_why_in_json(capsys):
    code, out, _ = run(capsys, "pirates", "-n", "5", "-m", "3", "--promise", "p2: 1 1 0 1 to p3-p5",
                       "--why", "p1 overboard", "--json")
    assert code == 0
    answer = json.loads(out)["why"][0]
    assert answer["question"] == "p1 overboard"
    assert answer["answer"]["claim"]


def test_best_announcement(capsys):
    # seed 000, Table 3: with three pirates and 3 coins p2 gains two coins by promising 2 1
    code, out, _ = run(capsys, "pirates", "-n", "3", "-m", "3", "--best-announcement", "p2", "--json")
    assert code == 0
    best = json.loads(out)["best_announcement"]
    assert best == {"pirate": "p2", "coins": 2, "promises": [[2, 1]], "without_promise": 0,
                    "candidates": 4}


def test_explorer_reads_the_keyboard(monkeypatch, capsys):
    import io
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    code, out, _ = run(capsys, "pirates", "-n", "3", "-m", "3", "--explain")
    assert code == 0


@pytest.mark.parametrize("argv, fault", [
    (["-n", "5", "-m", "3", "--promise", "p2: 1 1 0"], "has 4 shares"),
    (["-n", "5", "-m", "3", "--promise", "p2: 1 1 0 0"], "divides 2 coins, but there are 3"),
    (["-n", "5", "-m", "-3"], "the number of coins must be at least 0"),
    (["-n", "5", "-m", "three"], "expected a whole number"),
    (["-n", "1", "-m", "3"], "the number of pirates must be at least 2"),
    (["-n", "5", "-m", "3", "--promise", "p2: 1 1 0 1 to p7"], "unknown pirate p7"),
    (["-n", "5", "-m", "3", "--promise", "p4: 1 2", "--promise", "p4: 3 0 to p5"], "p4 promises twice"),
    (["-n", "5", "-m", "3", "--promise", "p2: 1 1 x 1"], "non-numeric share"),
    (["-n", "5", "-m", "3", "--promise", "p2: 1 -1 2 1"], "negative share"),
    (["-n", "5", "-m", "3", "--promise", "p2 1 1 0 1"], "a promise is written"),
    # the syntax is strict: a slip is not read as another promise
    (["-n", "5", "-m", "3", "--promise", "P2: 1 1 0 1"], "got 'P2'"),
    (["-n", "5", "-m", "3", "--promise", "p02: 1 1 0 1"], "got 'p02'"),
    (["-n", "5", "-m", "3", "--promise", "p2: 1 1 0 1 to p5-p3"], "the range p5-p3 runs downwards: write p3-p5"),
    (["-n", "5", "-m", "3", "--promise", "p2: 1 1 0 1 TO p3"], "write 'to' in lower case"),
    (["-n", "5", "-m", "3", "--promise", "p2: 1 1 0 1 to p3..p5"], "got 'p3..p5'"),
    (["-n", "5", "-m", "3", "--knowledge-of", "P3"], "got 'P3'"),
    (["-n", "5", "-m", "3", "--knowledge-of", "p6"], "unknown pirate p6"),
    (["-n", "5", "-m", "3", "--explain", "--json"], "cannot be combined with --json"),
    (["-n", "5", "-m", "3", "--why", "p9 vote round 1"], "unknown pirate p9"),
    (["-n", "5", "-m", "3", "--best-announcement", "p0"], "unknown pirate p0"),
    (["-n", "5", "-m", "3", "--best-announcement", ""], "a pirate is written pK"),
    (["-n", "1000001", "-m", "3"], "at most 1,000,000 pirates"),
    (["-n", "1_000", "-m", "3"], "expected a whole number"),
    (["-n", "\uff15", "-m", "3"], "expected a whole number"),
    (["-n", "5", "-m", "3", "--depth", "0"], "--depth must be between 1 and 200"),
    (["-n", "5", "-m", "3", "--depth", "201"], "--depth must be between 1 and 200"),
    (["-n", "1000", "-m", "100", "--best-announcement", "p999"], "the search is for small games"),
    (["-n", "5", "-m", "3", "--majority", "most"], "invalid choice: 'most'"),
    (["-n", "5", "-m", "3", "--doomed-proposer", "drowns"], "invalid choice: 'drowns'"),
    (["-n", "5", "-m", "3", "--peaceful=yes"], "ignored explicit argument"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, argv, fault):
    code, out, err = run(capsys, "pirates", *argv)
    assert code == 2
    assert out == ""
    assert fault in err
    assert len(err.strip().splitlines()) == 1


def test_console_entry_point_runs_as_a_program():
    done = subprocess.run([sys.executable, "-m", "epistemic.cli", "pirates", "-n", "5", "-m", "4",
                           "--promise", "p4: 2 2 to p5", "--no-tables"],
                          capture_output=True, text=True, timeout=HUNG)
    assert done.returncode == 0, done.stderr
    assert "thrown overboard: p1-p3" in done.stdout


def test_bad_input_from_a_real_process_has_no_traceback():
    done = subprocess.run([sys.executable, "-m", "epistemic.cli", "pirates", "-n", "5", "-m", "3",
                           "--promise", "p9: 3"], capture_output=True, text=True, timeout=HUNG)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert done.stderr.strip() == "epistemic pirates: error: unknown pirate p9: the pirates are p1 to p5"


def test_promise_mark_follows_the_proposers_own_knowledge(capsys):
    # p1 does not know p3's private promise, yet the offer is his own public promise
    code, out, _ = run(capsys, "pirates", "-n", "4", "-m", "3", "--promise", "p1: 1 1 0 1",
                       "--promise", "p3: 2 1 to p4", "--no-tables")
    assert code == 0
    assert "Round 1: p1 proposes p4:1 p3:1 p2:0 p1:1  (his promise)" in out


def test_streamed_json_equals_the_dict(capsys):
    from epistemic.models.pirates import PirateGame, promise
    from epistemic.models.pirates.report import to_json

    code, out, _ = run(capsys, "pirates", "-n", "7", "-m", "2", "--promise", "p5: 1 0 1 to p6",
                       "--json", "--knowledge-of", "p6")
    assert code == 0
    game = PirateGame(7, 2, [promise(7, 5, [1, 0, 1], hearers=[6])])
    assert json.loads(out) == to_json(game, 6)


def test_full_disk_is_one_line_and_exit_1():
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "epistemic.cli", "pirates", "-n", "5", "-m", "3", "--json"],
                              stdout=full, stderr=subprocess.PIPE, text=True, timeout=HUNG)
    assert done.returncode == 1
    assert done.stderr.strip() == "epistemic pirates: error: cannot write the output: No space left on device"


def test_closed_pipe_ends_quietly():
    reader = subprocess.Popen([sys.executable, "-m", "epistemic.cli", "pirates", "-n", "3000", "-m", "100"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    reader.stdout.readline()
    reader.stdout.close()
    _, err = reader.communicate(timeout=HUNG)
    assert reader.returncode == 0
    assert b"Traceback" not in err


def _command_paths():
    """Every command and subcommand of ``epistemic``, as the words that name it."""
    import argparse

    from epistemic.cli.main import BUILT_IN, build_parser
    from epistemic.models import load_commands

    models, _ = load_commands(reserved=BUILT_IN)
    stack, paths = [((), build_parser({**BUILT_IN, **models}))], []
    while stack:
        path, parser = stack.pop()
        paths.append(path)
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                stack += [((*path, name), sub) for name, sub in action.choices.items()]
    return sorted(paths)


@pytest.mark.parametrize("path", _command_paths(), ids=lambda p: " ".join(("epistemic",) + p))
def test_help_is_plain_text(path, capsys):
    """A help text taken from a docstring shows no markup: ``--help`` prints it as it is."""
    code, out, _ = run(capsys, *path, "--help")
    assert code == 0 and out.startswith("usage: epistemic")
    assert "``" not in out and ":mod:`" not in out and ":func:`" not in out


#: Text that counts one thing in the plural ("1 coins", "of 1 worlds"), or one voter with a plural verb;
#: a number after a word names something ("logician 1 says").
_ONE_IN_THE_PLURAL = re.compile(r"(?<![A-Za-z] )(?<![\w.,/-])1 (?!of\b)[a-z]+s\b|(?<![\w.,/-])1 of [0-9]+ vote\b|"
                                r"of 1 [a-z]+s\b")


@pytest.mark.parametrize("argv, said", [
    (["pirates", "-n", "2", "-m", "1"], ["Pirate game: 2 pirates, 1 coin;", "1 of 2 votes yes, 1 needed"]),
    (["pirates", "-n", "4", "-m", "2", "--promise", "p2: 1 1 0", "--learning", "--no-tables"],
     ["With learning: 1 world of promises at the start"]),
    (["dinner", "--experiment", "--dinners", "1", "--size", "2"], ["1 random permutation dinner of 2 morsels"]),
    (["pig", "--goal", "1"], ["Solved layer by layer: 1 score sum, at most 1 round of policy iteration"]),
    (["puzzle", "drinking-logicians", "n=2"], ["1 world left"]),
    (["check", "{one}", "p"], ["holds at 1 of 1 world: w"]),
])
def test_one_is_counted_in_the_singular(argv, said, capsys, tmp_path):
    one = tmp_path / "one.json"
    one.write_text('{"format": "epistemic-kripke", "version": 1, "agents": ["a"], "worlds": [{"name": "w", '
                   '"true": ["p"]}], "actual": ["w"], "relations": {"a": {"partition": [["w"]]}}}')
    code, out, err = run(capsys, *(a.format(one=one) for a in argv))
    assert code == 0
    for text in said:
        assert text in out
    assert _ONE_IN_THE_PLURAL.findall(out + err) == []


def test_pictures_and_pages_count_one_coin_in_the_singular(tmp_path):
    from epistemic.models.pirates import PirateGame
    from epistemic.models.pirates.browser import explorer_page
    from epistemic.models.pirates.pictures import knowledge_picture, prediction_dag_picture

    game = PirateGame(3, 1)
    assert "Who knows which promise (3 pirates, 1 coin)" in knowledge_picture(game).source
    assert "Predictions of the play of 3 pirates and 1 coin<" in prediction_dag_picture(game).source
    page = explorer_page(game, renderer=None)
    assert "3 pirates share 1 coin; no promises." in page and "(3 pirates, 1 coin)</title>" in page
