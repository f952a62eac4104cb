"""Event models written in a formula are bounded before they are built: the pairs of events their
relations hold (``MAX_EVENT_PAIRS``) and how deeply they nest (``MAX_EVENT_NESTING``), in the parser
that ``check``, ``update`` and the workbench share."""

from __future__ import annotations

import pytest

from cli_runs import run_child
from grading_runs import grade_one
from epistemic import FormulaSyntaxError, parse_act, parse_formula
from epistemic.syntax import MAX_EVENT_NESTING, MAX_EVENT_PAIRS

COIN = "docs/examples/coin.json"


def blind(count: int, agents=("alice",), event: str = "e0") -> str:
    """An act of ``count`` events that each of ``agents`` cannot tell apart: one block of them all."""
    names = ", ".join(f"e{i}" for i in range(count))
    relations = "".join(f"; {agent}: {{{names}}}" for agent in agents)
    return f"[({names}{relations}), {event}]"


def test_the_limit_admits_an_ordinary_block_and_counts_each_before_its_pairs():
    largest = int(MAX_EVENT_PAIRS ** 0.5)
    assert len(parse_act(blind(largest)).action.arrows) == largest ** 2
    with pytest.raises(FormulaSyntaxError) as refused:
        parse_act(blind(largest + 1))
    assert str(refused.value) == (
        f"line 1, column {blind(largest + 1).index('{') + 1}: alice's block of {largest + 1:,} events makes the "
        f"event models relate {(largest + 1) ** 2:,} pairs of events, more than the {MAX_EVENT_PAIRS:,} one text may")


def test_pairs_are_counted_over_every_agent_event_model_and_arrow_of_the_text():
    half = int((MAX_EVENT_PAIRS // 2) ** 0.5)
    assert parse_act(blind(half, ("alice", "bob")))
    with pytest.raises(FormulaSyntaxError, match="bob's block of 224 events makes the event models relate 100,352"):
        parse_act(blind(224, ("alice", "bob")))
    # two event models of one formula, each within the limit alone
    one = blind(half, ("alice", "bob"))
    # refused at the first block of the second, alice's
    with pytest.raises(FormulaSyntaxError, match=f"alice's block of {half} events makes the event models relate "
                                                 f"{3 * half * half:,} pairs"):
        parse_formula(f"{one} {one} p")
    # an arrow is one pair: the first past the limit is refused where it starts
    arrows = ", ".join(f"e{i} -> e{i}" for i in range(half))
    text = f"{blind(half, ('alice', 'bob'))} [(" + ", ".join(f"e{i}" for i in range(half)) + f"; bob: {arrows}), e0] p"
    assert parse_formula(text)
    more = MAX_EVENT_PAIRS - 2 * half * half
    arrows = ", ".join(f"e{i} -> e{j}" for i in range(half) for j in range(half))
    text = f"{blind(half, ('alice', 'bob'))} [(" + ", ".join(f"e{i}" for i in range(half)) + f"; bob: {arrows}), e0] p"
    with pytest.raises(FormulaSyntaxError, match=f"an arrow of bob's makes the event models relate {MAX_EVENT_PAIRS + 1:,}"
                       ) as refused:
        parse_formula(text)
    assert refused.value.column == text.index(f"e{more // half} -> e{more % half}") + 1


def test_a_missing_event_is_named_with_a_few_of_the_events():
    with pytest.raises(FormulaSyntaxError) as refused:
        parse_act(blind(200, event="x"))
    assert str(refused.value).endswith("no event 'x' (its events: e0, e1, e2, e3, e4, e5, e6, e7, e8, e9, ...)")


def _nested(levels: int) -> str:
    """An act whose event's precondition holds an event model, ``levels`` of them one inside another."""
    return "[(e: " * (levels - 1) + "[(e: p; a: {e}), e] p" + "; a: {e}), e] p" * (levels - 2) + "; a: {e}), e]"


def test_event_models_nest_up_to_the_limit_and_the_next_is_refused_where_it_opens():
    assert parse_act(_nested(MAX_EVENT_NESTING))
    # one after another they do not nest, however many there are
    assert parse_formula("[(e: p, f: q; a: {e, f}), e] " * (2 * MAX_EVENT_NESTING) + "p")
    text = _nested(MAX_EVENT_NESTING + 1)
    with pytest.raises(FormulaSyntaxError) as refused:
        parse_act(text)
    assert refused.value.column == 5 * MAX_EVENT_NESTING + 2
    assert f"nested more than {MAX_EVENT_NESTING} deep" in str(refused.value)


# five thousand events that no agent tells apart: 25 million pairs, far past the memory of the child
EXPLODING = blind(5_000)


@pytest.mark.parametrize("argv", [
    ("update", COIN, EXPLODING, "--output", "-"),
    ("check", COIN, EXPLODING + " heads"),
], ids=["update", "check"])
def test_an_act_that_would_explode_is_refused_in_one_line_before_its_pairs_are_built(argv):
    code, out, err = run_child(*argv, timeout=120)
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and err.startswith(f"epistemic {argv[0]}: error: line 1, column ")
    assert "alice's block of 5,000 events makes the event models relate 25,000,000 pairs of events" in err


def test_the_workbench_points_at_the_block_that_passes_the_limit():
    from epistemic.syntax import MAX_LENGTH
    from epistemic.workbench.work import Limits, parse_report

    largest = int(MAX_EVENT_PAIRS ** 0.5)
    text = blind(largest + 1)
    report = parse_report(text, Limits(formula_length=MAX_LENGTH), act=True)
    assert not report["ok"] and (report["line"], report["column"]) == (1, text.index("{") + 1)
    assert "makes the event models relate 100,489 pairs of events" in report["error"]
    assert parse_report(blind(largest), Limits(formula_length=MAX_LENGTH), act=True)["ok"]


def test_a_sheet_whose_formula_would_explode_is_refused_in_one_line(tmp_path):
    code, out, err = grade_one(tmp_path, blind(5_000, agents=("a",)) + " p")
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and "5,000 events makes the event models relate 25,000,000 pairs" in err
