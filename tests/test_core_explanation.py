"""Reason trees as data: the order of reasons, depth cuts, and plain keys."""

from __future__ import annotations

import enum

from epistemic.explanation import OMITTED, Reason


class Kind(enum.Enum):
    STEP = "step"


def test_to_dict_keeps_the_order_and_makes_keys_plain():
    tree = Reason("a", key=("round", (1, frozenset({"x"}))), kind=Kind.STEP,
                  because=[Reason("b", values=[("n", 1)]), Reason("c", knowledge="knows x")])
    assert tree.to_dict() == {
        "claim": "a", "key": ["round", [1, "frozenset({'x'})"]], "values": {}, "knowledge": None, "kind": "step",
        "because": [
            {"claim": "b", "key": None, "values": {"n": 1}, "knowledge": None, "kind": None, "because": []},
            {"claim": "c", "key": None, "values": {}, "knowledge": "knows x", "kind": None, "because": []},
        ]}
    assert tree.to_dict(key=repr)["key"] == repr(tree.key)


def test_a_claim_says_once_that_its_reasons_were_cut():
    # explain_verdict cuts a deep tree itself, and says so in the claim it cut
    already = Reason(f"b {OMITTED}", because=[Reason("c")])
    tree = Reason("a", because=[already, Reason("d", because=[Reason("e")])])
    assert tree.to_text(max_depth=1) == f"a\n  b {OMITTED}\n  d {OMITTED}"
    cut = tree.to_dict(max_depth=1)["because"]
    assert [child["claim"] for child in cut] == [f"b {OMITTED}", f"d {OMITTED}"]
    assert all(child["because"] == [] for child in cut)
