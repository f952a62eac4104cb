"""Relations against their definitions, computed on plain sets of pairs."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from epistemic import relations
from epistemic.relations import Arrows, Partition, relation_from_pairs

FAST = settings(max_examples=150, deadline=None)


# relations as sets of pairs, and what the textbook says of them ---------------------------------

@st.composite
def arrows(draw, max_worlds: int = 5):
    """``(n, pairs)``: a set of arrows over worlds ``0 .. n-1``."""
    n = draw(st.integers(0, max_worlds))
    if n == 0:
        return 0, set()
    world = st.integers(0, n - 1)
    return n, draw(st.sets(st.tuples(world, world), max_size=3 * n))


@st.composite
def partitions(draw, max_worlds: int = 6):
    """A block label per world (any labels: Partition numbers them itself)."""
    n = draw(st.integers(0, max_worlds))
    return draw(st.lists(st.integers(0, 3), min_size=n, max_size=n))


def same_block(labels) -> set:
    return {(u, v) for u, x in enumerate(labels) for v, y in enumerate(labels) if x == y}


def pairs_of(relation) -> set:
    rows, cols = relation.pairs()
    return set(zip(rows.tolist(), cols.tolist()))


def successors(pairs: set, w: int) -> set:
    return {v for u, v in pairs if u == w}


def transitive(pairs: set) -> bool:
    return all((u, x) in pairs for u, v in pairs for w, x in pairs if v == w)


def euclidean(pairs: set) -> bool:
    return all((v, x) in pairs for u, v in pairs for w, x in pairs if u == w)


def is_equivalence(n: int, pairs: set) -> bool:
    return (all((w, w) in pairs for w in range(n)) and all((v, u) in pairs for u, v in pairs)
            and transitive(pairs))


def is_kd45(n: int, pairs: set) -> bool:
    return all(successors(pairs, w) for w in range(n)) and transitive(pairs) and euclidean(pairs)


truths = st.lists(st.booleans(), min_size=6, max_size=6)


# properties ------------------------------------------------------------------------------------

@FAST
@given(arrows(), truths)
def test_arrows_answer_as_their_pairs_do(relation, truth):
    n, pairs = relation
    r = Arrows([u for u, _ in pairs], [v for _, v in pairs], n)
    truth = np.array(truth[:n], dtype=bool)
    rows, cols = r.pairs()
    assert list(zip(rows.tolist(), cols.tolist())) == sorted(pairs)      # sorted, each arrow once
    for w in range(n):
        assert r.successors(w).tolist() == sorted(successors(pairs, w))
        assert r.box(truth)[w] == all(truth[v] for v in successors(pairs, w))
        assert r.diamond(truth)[w] == any(truth[v] for v in successors(pairs, w))
    assert r.is_equivalence() == is_equivalence(n, pairs)
    assert r.is_kd45() == is_kd45(n, pairs)


@FAST
@given(arrows(), st.data())
def test_restricted_arrows_keep_the_arrows_among_the_worlds_kept(relation, data):
    n, pairs = relation
    keep = sorted(data.draw(st.sets(st.integers(0, max(n - 1, 0)), max_size=n)))
    r = Arrows([u for u, _ in pairs], [v for _, v in pairs], n).restrict(np.array(keep, dtype=np.int64))
    assert r.size == len(keep)
    assert pairs_of(r) == {(keep.index(u), keep.index(v)) for u, v in pairs if u in keep and v in keep}


@FAST
@given(arrows())
def test_pairs_make_a_partition_exactly_when_they_are_an_equivalence(relation):
    n, pairs = relation
    r = relation_from_pairs([u for u, _ in pairs], [v for _, v in pairs], n)
    assert isinstance(r, Partition) == is_equivalence(n, pairs)
    assert pairs_of(r) == pairs


@FAST
@given(partitions(), partitions(), truths)
def test_partitions_answer_as_their_blocks_do(labels, other, truth):
    """On the path over Python lists few worlds take, and on the arrays' path of many."""
    from planning_strategies import arrays_only
    _partitions_answer_as_their_blocks_do(labels, other, truth)
    with arrays_only():
        _partitions_answer_as_their_blocks_do(labels, other, truth)


def _partitions_answer_as_their_blocks_do(labels, other, truth):
    n = len(labels)
    other = (other + [0] * n)[:n]
    p, q = Partition(labels), Partition(other)
    pairs = same_block(labels)
    truth = np.array(truth[:n], dtype=bool)
    assert pairs_of(p) == pairs and p.is_equivalence() and p.is_kd45()
    for w in range(n):
        assert p.successors(w).tolist() == sorted(successors(pairs, w))
        assert p.box(truth)[w] == all(truth[v] for v in successors(pairs, w))
    # blocks in the order of their first world, each block's worlds in order
    blocks = sorted({tuple(sorted(successors(pairs, w))) for w in range(n)})
    assert p.blocks() == [list(b) for b in blocks]
    # the meet links the worlds both partitions link
    assert pairs_of(p.meet(q)) == pairs & same_block(other)
    # equal partitions, however labelled, are equal
    assert p == Partition([7 - x for x in labels])


def test_a_world_that_sees_nothing_is_not_kd45():
    # 0 and 1 see 1; 2 sees nothing: transitive and Euclidean, but not serial
    assert not Arrows([0, 1], [1, 1], 3).is_kd45()
    assert Arrows([0, 1, 2], [1, 1, 1], 3).is_kd45()


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 6).flatmap(lambda n: st.tuples(
    st.just(n), st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=3 * n))),
    st.booleans(), st.booleans())
def test_few_worlds_read_over_python_sets_as_over_arrays(sized, reflexive, symmetric):
    # the paths over Python sets for few worlds, against the arrays used above FEW_WORLDS; closed
    # reflexively and symmetrically at times, so that transitivity alone may fail
    n, pairs = sized
    pairs = pairs + [(w, w) for w in range(n) if reflexive] + [(c, r) for r, c in pairs if symmetric]
    rows, cols = [r for r, _ in pairs], [c for _, c in pairs]
    few, arrows = relation_from_pairs(rows, cols, n), Arrows(rows, cols, n)
    few_unmet = arrows.unmet_property()
    saved = relations.FEW_WORLDS
    relations.FEW_WORLDS = 0
    try:
        by_arrays, by_arrays_unmet = relation_from_pairs(rows, cols, n), arrows.unmet_property()
    finally:
        relations.FEW_WORLDS = saved
    assert type(few) is type(by_arrays) and few == by_arrays
    assert few_unmet == by_arrays_unmet
    assert arrows.successor_lists() == [sorted({c for r, c in pairs if r == w}) for w in range(n)]
