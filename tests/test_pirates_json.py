"""The pirate game's JSON: the compact form (runs of pirates) carries what the
per-voter detail does, and stays small as the game grows."""

from __future__ import annotations

import io
import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from epistemic.errors import EpistemicError
from epistemic.models.pirates import PirateGame, Rules
from epistemic.models.pirates.report import to_json, write_json
from epistemic.models.pirates.runs import array_pieces, expand_runs, rank_runs_text, run_ranks, runs_of

from strategies import pirate_games, pirate_rules


def _names(runs_texts) -> list[str]:
    return [f"p{r}" for text in runs_texts for r in run_ranks(text)]


def _by_name(runs: dict) -> dict:
    return {f"p{r}": v for r, v in expand_runs(runs).items()}


@settings(max_examples=60, deadline=None)
@given(pirate_games(max_pirates=9, max_coins=5), pirate_rules(), st.integers(1, 9))
def test_compact_json_carries_the_detail(spec, rules, knowledge_of):
    pirates, coins, promises, tie_rule = spec
    game = PirateGame(pirates, coins, promises, tie_rule, rules)
    knowledge_of = min(knowledge_of, pirates)
    compact, detail = to_json(game, knowledge_of), to_json(game, knowledge_of, detail=True)
    assert (compact.pop("format"), detail.pop("format")) == ("compact", "detail")
    assert len(compact["rounds"]) == len(detail["rounds"])
    for short, full in zip(compact["rounds"], detail["rounds"]):
        living = [v["pirate"] for v in full["voters"]]
        assert _names(short["voters"]["pirates"]) == living
        assert _by_name(short["offer"]) == full["offer"]
        offered, expects, votes = (_by_name(short["offer"]), _by_name(short["voters"]["expects"]),
                                   _by_name(short["voters"]["vote"]))
        assert [{"pirate": p, "offered": offered[p], "expects": expects[p], "vote": votes[p]} for p in living] \
            == full["voters"]
        for key in ("round", "proposer", "offer_source", "yes", "needed", "accepted"):
            assert short[key] == full[key]
    assert _by_name(compact["outcome"]["shares"]) == detail["outcome"]["shares"]
    assert _names(compact["outcome"]["overboard"]) == detail["outcome"]["overboard"]
    for short_row, full_row in zip(compact["table"]["rows"], detail["table"]["rows"], strict=True):
        shares = expand_runs(short_row)
        assert [shares[r] for r in sorted(shares, reverse=True)] == full_row  # lowest-ranked first
    for short_group, full_group in zip(compact["knowledge_groups"], detail["knowledge_groups"], strict=True):
        assert _names(short_group.pop("pirates")) == full_group.pop("pirates")
        assert short_group == full_group
    for key in ("pirates", "coins", "tie_rule", "rules", "announcements", "dag_nodes"):
        assert compact[key] == detail[key]


def test_compact_json_of_the_seed_game(capsys):
    from epistemic.cli.main import main
    assert main(["pirates", "-n", "5", "-m", "4", "--promise", "p4: 2 2 to p5", "--json",
                 "--knowledge-of", "p5"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["format"] == "compact"
    first = data["rounds"][0]
    assert first["offer"] == {"p1": 2, "p2, p4": 0, "p3, p5": 1}
    assert first["voters"] == {"pirates": ["p1-p5"], "expects": {"p1": -1, "p2": 3, "p3": 0, "p4-p5": 2},
                               "vote": {"p1, p3": "yes", "p2": "no", "p4-p5": "no"}}
    assert data["outcome"] == {"decided_round": 4, "shares": {"p4-p5": 2}, "overboard": ["p1-p3"]}
    # seed 000, Table 8 (row 4 corrected to 0 1 0 3)
    assert data["table"]["rows"] == [{"p5": 4}, {"p4-p5": 2}, {"p3": 3, "p4": 0, "p5": 1},
                                     {"p2": 3, "p3, p5": 0, "p4": 1}, {"p1": 2, "p2, p4": 0, "p3, p5": 1}]


def _size(game: PirateGame, detail: bool) -> int:
    out = io.StringIO()
    write_json(game, out, detail=detail)
    return len(out.getvalue())


def test_compact_json_grows_slowly():
    # 600 pirates and 20 coins play 600 - (40 + 512) + 1 rounds of up to 600 voters
    small, large = PirateGame(60, 20), PirateGame(600, 20)
    compact_small, compact_large = _size(small, False), _size(large, False)
    detail_large = _size(large, True)
    assert compact_large < 12 * compact_small  # ten times the pirates, about ten times the rounds
    assert compact_large * 40 < detail_large
    # a round costs a few runs whatever the number of voters
    assert compact_large / len(large.play().rounds) < 2_500


def test_written_json_is_the_dict_in_both_forms():
    game = PirateGame(30, 4, rules=Rules(majority="strict"))
    for detail in (False, True):
        out = io.StringIO()
        write_json(game, out, 3, detail=detail)
        assert json.loads(out.getvalue()) == to_json(game, 3, detail=detail)


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 50), st.lists(st.integers(-1, 3), min_size=1, max_size=60))
def test_runs_name_every_pirate_once_with_his_value(first, values):
    runs = runs_of(array_pieces(first, np.array(values)))
    ranks = [r for text in runs for r in run_ranks(text)]
    assert sorted(ranks) == list(range(first, first + len(values)))  # each pirate in exactly one run
    assert expand_runs(runs) == {first + i: v for i, v in enumerate(values)}


def test_evenly_spaced_pirates_make_one_run():
    assert runs_of(array_pieces(1, np.array([5] + [0, 1] * 50 + [0] * 900))) == {
        "p1": 5, "p2, p4, ..., p100": 0, "p3, p5, ..., p101": 1, "p102-p1001": 0}
    assert rank_runs_text([]) == []
    assert rank_runs_text([4, 2]) == ["p2, p4"]


@pytest.mark.parametrize("text", ["p0", "p3-p2", "p3, p3", "p1, p2, p4", "p1, p3, ..., p6", "q1", "p1-p2-p3",
                                  "p1, ..., p3"])
def test_a_bad_run_is_refused(text):
    with pytest.raises(EpistemicError, match="not a run of pirates"):
        run_ranks(text)


# tables ------------------------------------------------------------------------------

def _cells(line: str) -> list[str]:
    return line.split("|", 1)[1].split()


def test_a_large_table_is_an_excerpt_of_the_full_one():
    from epistemic import Knowledge
    from epistemic.models.pirates.report import TABLE_HEAD, TABLE_TAIL, format_table
    game = PirateGame(60, 7, tie_rule="highest")
    excerpt = format_table(game, Knowledge.of([])).splitlines()
    full = format_table(game, Knowledge.of([]), full=True).splitlines()
    assert len(full) == 61 and len(excerpt) == 1 + TABLE_HEAD + 1 + TABLE_TAIL
    assert excerpt[TABLE_HEAD + 1] == f"... {60 - TABLE_HEAD - TABLE_TAIL} more rows"
    rows = game.table(Knowledge.of([]))
    shown = excerpt[1:TABLE_HEAD + 1] + excerpt[TABLE_HEAD + 2:]
    for line, k in zip(shown, [*range(1, TABLE_HEAD + 1), *range(61 - TABLE_TAIL, 61)], strict=True):
        assert line.startswith(f"{k} left".rjust(7))
        row = [str(c) for c in rows[k - 1]]
        # the first columns, then "..." and the last ones where the row reaches them
        expected = row if k <= TABLE_HEAD else row[:TABLE_HEAD] + ["..."] + row[60 - TABLE_TAIL:]
        assert _cells(line) == expected
    assert excerpt[0].split() == [*(f"p{60 - j}" for j in range(TABLE_HEAD)), "...", "p4", "p3", "p2", "p1"]


def test_the_command_line_cuts_tables_unless_asked_in_full(capsys):
    from epistemic.cli.main import main
    assert main(["pirates", "-n", "30", "-m", "4", "--tables"]) == 0
    assert "... 18 more rows" in capsys.readouterr().out
    assert main(["pirates", "-n", "30", "-m", "4", "--full-tables"]) == 0
    out = capsys.readouterr().out
    assert "more rows" not in out and "\n30 left |" in out and "\n15 left |" in out
