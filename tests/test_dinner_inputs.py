"""Ethiopian Dinners on awkward input: huge numbers, huge dinners, misspelt options, ties."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import pytest

import epistemic.models.dinner.cli as dinner_cli
import epistemic.models.dinner.dinner as dinner_module
from epistemic.cli.main import main
from epistemic.models.dinner import Dinner, DinnerError, crossout, parse_dinner
from epistemic.models.dinner.efficiency import efficiency, experiment
from epistemic.models.dinner.outcomes import outcome_scores


def _run(argv, capsys):
    status = main(["dinner", *argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def _every_outcome(dinner: Dinner) -> set:
    """Every outcome's exact scores, by a plain loop: Alice eats floor(n/2) morsels, Bob the rest."""
    n = dinner.size
    found = set()
    for alice in itertools.combinations(range(n), n // 2):
        found.add((sum((dinner.morsels[i][0] for i in alice), Fraction(0)),
                   sum((dinner.morsels[i][1] for i in range(n) if i not in alice), Fraction(0))))
    return found


@pytest.mark.parametrize("morsels", [
    [(2 ** 62, 1), (2 ** 62 + 1, 2), (3, 3), (4, 4)],                   # sums past 2**63
    [("0.1234567890123456789", 1), (2, 3), (5, 7), (1, 2)],            # a denominator of 10**19
    [(Fraction(k, p), Fraction(p, k + 10)) for k, p in zip(range(1, 7), (10 ** 9 + 7, 10 ** 9 + 9, 998244353,
                                                                        10 ** 9 + 21, 10 ** 9 + 33, 754974721))],
])
def test_figure_1_data_is_exact_past_int64(morsels):
    dinner = Dinner(morsels)
    assert set(outcome_scores(dinner)) == _every_outcome(dinner)
    point = crossout(dinner).scores
    found = efficiency(dinner)
    dominating = [o for o in _every_outcome(dinner) if o[0] >= point[0] and o[1] >= point[1] and o != point]
    assert found.crossout == point and found.dominating == len(dominating)


def test_outcomes_past_int64_from_the_command_line(capsys, tmp_path):
    picture = tmp_path / "o.svg"
    status, out, _ = _run(["4611686018427387904,1", "4611686018427387905,2", "3,3", "4,4", "--draw-outcomes",
                           str(picture)], capsys)
    assert status == 0 and "Alice 9223372036854775809, Bob 7" in out and picture.exists()
    # 16 morsels over the primes to 53: a common denominator past 2**64, and more pairs than a scatter shows
    primes = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53)
    status, _, err = _run([f"{k}/{p},{k}" for k, p in enumerate(primes, 1)] + ["--draw-outcomes",
                                                                              str(tmp_path / "p.svg")], capsys)
    assert status == 2 and "distinct score pairs" in err and len(err.splitlines()) == 1
    dinner = Dinner([(Fraction(k, p), k) for k, p in enumerate(primes, 1)])
    pairs = outcome_scores(dinner)
    alice = sorted(Fraction(k, p) for k, p in enumerate(primes, 1))
    assert max(x for x, _ in pairs) == sum(alice[8:]) and min(x for x, _ in pairs) == sum(alice[:8])


def test_a_dinner_too_large_is_refused_before_it_is_parsed(monkeypatch, capsys):
    def parsed(text):
        raise AssertionError("parsed a dinner that is too large")

    monkeypatch.setattr(dinner_module, "parse_morsel", parsed)
    with pytest.raises(DinnerError, match="at most 10 morsels, got about 11"):
        parse_dinner("{" + ",".join(f"({i},{i})" for i in range(11)) + "}", most=10)
    with pytest.raises(DinnerError, match="at most 10 morsels, got about 11"):
        parse_dinner(" ".join(f"{i},{i}" for i in range(11)), most=10)
    with pytest.raises(DinnerError, match="at most 10 morsels, got about 11"):
        parse_dinner("".join(f"{i} {i}  # a comment 1\n# 2\n" for i in range(11)), most=10)
    monkeypatch.setattr(dinner_cli, "MAX_MORSELS", 10)
    status, out, err = _run(["{" + ",".join(f"({i},{i})" for i in range(11)) + "}"], capsys)
    assert status == 2 and "at most 10 morsels" in err


def test_files_mix_parentheses_and_plain_lines_and_may_start_with_a_bom(tmp_path, capsys):
    path = tmp_path / "dinner.txt"
    path.write_bytes("\ufeff(1, 8)\n2 3   # plain\n3,6\n".encode("utf-8"))
    status, out, _ = _run(["--file", str(path), "--json"], capsys)
    assert status == 0 and json.loads(out)["morsels"] == [[1, 8], [2, 3], [3, 6]]


def test_errors_name_the_line_and_quote_little(tmp_path, capsys):
    path = tmp_path / "dinner.txt"
    path.write_text("".join(f"({i}, {2 * i})\n" if i % 2 else f"{i} {2 * i}\n" for i in range(1000)) + "7 x\n")
    status, _, err = _run(["--file", str(path)], capsys)
    assert status == 2 and "line 1001:" in err and "'x'" in err and len(err) < 200
    path.write_text("1," + "2" * 1_000_000 + "\n")
    status, _, err = _run(["--file", str(path)], capsys)
    assert status == 2 and "at most 100 characters" in err and len(err) < 300


def test_json_lists_stop_at_the_bound(monkeypatch, capsys):
    monkeypatch.setattr(dinner_cli, "JSON_LISTED", 5)
    for size, listed in ((5, True), (6, False)):
        status, out, _ = _run([f"{i},{(3 * i) % 7}" for i in range(1, size + 1)] + ["--json"], capsys)
        data = json.loads(out)
        assert data["size"] == size and data["listed"] is listed
        assert (data["crossout"]["sequence"] is not None) is listed and (data["morsels"] is not None) is listed
        assert data["crossout"]["scores"] == list(crossout(Dinner([(i, (3 * i) % 7) for i in
                                                                   range(1, size + 1)])).scores)


@pytest.mark.parametrize("argv, agree, sub_dinners, best", [
    (["0,0", "0,1"], (3, 2), 3, [0, 0]),
    (["3,2", "1,2", "1,0"], (6, 5), 7, [1, 4]),
])
def test_check_counts_where_the_tie_rule_parts_the_equilibria(argv, agree, sub_dinners, best, capsys):
    # seed 002 assumes strict preferences; with the tie rule 'listed' backward induction, which eats the first
    # listed of equally good morsels, may reach another equilibrium than crossout
    status, out, _ = _run([*argv, "--ties", "listed", "--check", "--json"], capsys)
    check = json.loads(out)["check"]
    assert status == 0 and (check["mover_agrees"], check["both_agree"]) == agree
    assert check["states"] == sub_dinners and check["best_response"] == best
    status, out, _ = _run([*argv, "--ties", "listed", "--check"], capsys)
    assert f"crossout score at {agree[0]}, both players theirs at {agree[1]}." in out
    assert "different equilibrium through ties" in out and "no failure of Theorem 1" in out


def test_the_check_says_nothing_of_ties_where_all_agree(capsys):
    status, out, _ = _run(["--file", "docs/examples/dinner-figure2.txt", "--check"], capsys)
    assert status == 0 and "at 255, both players theirs at 255" in out and "through ties" not in out


def test_negative_utilities_after_double_dash(capsys):
    status, out, _ = _run(["--", "5,5", "-3,-3"], capsys)
    assert status == 0 and "Crossout scores: Alice 5, Bob -3." in out


def test_order_names_in_other_spellings(capsys):
    _, hyphen, _ = _run(["1,2", "2,3", "3,1", "--order", "thue-morse"], capsys)
    for spelling in ("thue morse", "Thue_Morse", "THUEMORSE"):
        status, out, _ = _run(["1,2", "2,3", "3,1", "--order", spelling], capsys)
        assert status == 0 and out == hyphen
    status, out, _ = _run(["1,2", "2,3", "3,1", "--order", "Alternating"], capsys)
    assert status == 0 and "Crossout scores" in out


def test_discount_is_shown_exactly(capsys):
    status, out, _ = _run(["1,2", "2,3", "3,1", "--discount", " 2/3"], capsys)
    assert status == 0 and "worth (2/3)**i of its utility" in out
    status, out, _ = _run(["1,2", "2,3", "3,1", "--discount", "0.50", "--json"], capsys)
    assert json.loads(out)["discount"] == "1/2"


def test_experiment_refuses_a_negative_seed():
    with pytest.raises(DinnerError, match="seed"):
        experiment(10, 4, seed=-1)


def test_at_most_26_players():
    with pytest.raises(DinnerError, match="at most 26 players"):
        Dinner([tuple(range(27)), tuple(range(1, 28))])
    assert Dinner([tuple(range(26)), tuple(range(1, 27))]).players == 26


BIG = "9" * 5000


@pytest.mark.parametrize("argv, message", [
    (["1,2", BIG + ",3"], "a utility is written in at most 100 characters"),
    (["{(1,2),(" + BIG + ",3)}"], "a utility is written in at most 100 characters"),
    (["1,2", "2,3", "--discount", "0." + "9" * 3000], "the discount is written in at most 100 characters"),
    (["1,2", "2,3", "--discount", "x"], "the discount is a number"),
    ([f"1/{10 ** 97 + 2 * k + 1},{k}" for k in range(12)], "common denominator has more than 1000 digits"),
    (["--experiment", "--seed", "-1"], "--seed is a whole number from 0, got -1"),
    (["1,2", "2,3", "--order", "alternate"], "unknown order 'alternate' (did you mean alternating?): use"),
    (["1,2", "2,3", "--order", "thue-mores"], "did you mean thue-morse?"),
    (["1,2", "2,3", "--order", "zigzag"], "unknown order 'zigzag': use alternating, thue-morse or a sequence"),
    (["--experiment", "--first", "bob"], "--experiment draws its own dinners and takes --dinners"),
    (["--experiment", "--order", "ABBA"], "not --order"),
    (["--experiment", "--discount", "1/2"], "not --discount"),
    (["--experiment", "--check"], "not --check"),
    (["--experiment", "--ties", "listed"], "not --ties"),
    (["--experiment", "--solve"], "not --solve"),
    (["1,2", "2,3", "--dinners", "5"], "--dinners belongs to --experiment"),
    (["1,2", "2,3", "--size", "5", "--seed", "1"], "--size, --seed belong to --experiment"),
    ([",".join(map(str, range(27))), ",".join(map(str, range(1, 28)))], "at most 26 players"),
    (["{" + ",".join("(" + ",".join(map(str, range(k, k + 27))) + ")" for k in range(2)) + "}"],
     "at most 26 players"),
])
def test_bad_input_is_one_short_line_and_status_2(argv, message, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    status, out, err = _run(argv, capsys)
    assert status == 2 and out == "" and message in err and len(err.strip().splitlines()) == 1
    assert len(err) < 400


def test_a_utility_of_100_characters_is_read_and_one_of_101_refused():
    longest = "1" * 100
    assert parse_dinner(f"{longest},1 2,2").morsels[0][0] == int(longest)
    assert parse_dinner(f"1,-{'1' * 99} 2,2").morsels[0][1] == -int("1" * 99)
    with pytest.raises(DinnerError, match="a utility is written in at most 100 characters, got '1111"):
        parse_dinner(f"{longest}1,1 2,2")


def test_a_long_utility_in_a_file_is_refused(tmp_path, capsys):
    path = tmp_path / "big.txt"
    path.write_text("1 2\n" + BIG + " 3\n")
    status, _, err = _run(["--file", str(path)], capsys)
    assert status == 2 and "line 2: a utility is written in at most 100 characters" in err and len(err) < 400
