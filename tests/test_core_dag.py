"""The prediction DAG: memo, naive tree, export, cycles and depth."""

from __future__ import annotations

from collections import Counter

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from epistemic import CycleError, EpistemicError, PredictionDAG, Request


def chain(n):
    """n depends on n - 1; 0 is a leaf.  Value: n."""
    if n == 0:
        return 0
    got = yield [Request("prev", n - 1)]
    return got["prev"] + 1


def fib(n):
    if n < 2:
        return n
    got = yield [Request("a", n - 1), Request("b", n - 2)]
    return got["a"] + got["b"]


def naive_fib_size(n):
    """Predictions plus views in the naive tree of fib(n)."""
    if n < 2:
        return 1
    return 1 + 2 + naive_fib_size(n - 1) + naive_fib_size(n - 2)


def test_memo_shares_nodes():
    dag = PredictionDAG(fib)
    assert dag[30] == 832040
    assert len(dag) == 31 and set(dag.keys()) == set(range(31))
    assert 17 in dag and 31 not in dag
    assert dag[25] == 75025 and len(dag) == 31  # answered from the memo


def test_memo_predicts_each_key_once():
    calls = Counter()

    def counted(n):
        calls[n] += 1
        return (yield from fib(n))

    dag = PredictionDAG(counted)
    assert dag[20] == 6765
    assert calls == Counter(range(21))
    assert dag[20] == 6765 and dag[7] == 13
    assert calls == Counter(range(21))   # nothing predicted twice

    tree = PredictionDAG(counted, memo=False)
    calls.clear()
    tree[6]
    # the naive tree makes a fresh prediction for every request
    assert sum(calls.values()) == (len(tree) + 1) // 2
    assert calls[6] == 1 and calls[5] == 1 and calls[4] == 2 and calls[0] == 5


@given(st.integers(0, 16))
@settings(max_examples=17, deadline=None)
def test_naive_counts_predictions_and_views(n):
    tree = PredictionDAG(fib, memo=False)
    assert tree[n] == PredictionDAG(fib)[n]
    assert len(tree) == naive_fib_size(n)


def test_naive_documented_count():
    tree = PredictionDAG(fib, memo=False)
    assert tree[10] == 55 and len(tree) == 353  # 177 predictions, 176 views


def test_naive_counts_accumulate_over_calls():
    tree = PredictionDAG(chain, memo=False)
    tree[3]
    assert len(tree) == 7
    tree[2]
    assert len(tree) == 7 + 5


def copies_model(copies):
    def predict(n):
        if n == 0:
            return 1
        got = yield [Request("many", n - 1, copies=copies), Request("one", n - 1)]
        return got["many"] * copies + got["one"]
    return predict


@given(st.integers(1, 4), st.integers(0, 5))
@settings(max_examples=30, deadline=None)
def test_naive_respects_copies(copies, depth):
    predict = copies_model(copies)
    tree = PredictionDAG(predict, memo=False, keep_tree=True)
    dag = PredictionDAG(predict)
    value = tree[depth]
    assert value == dag[depth] == (copies + 1) ** depth
    # size(n) = 1 + (copies + 1) * (1 + size(n - 1)), size(0) = 1
    size = 1
    for _ in range(depth):
        size = 1 + (copies + 1) * (1 + size)
    assert len(tree) == size
    assert len(dag) == depth + 1
    # the memo answers every copy with one edge per request
    if depth:
        assert dag.children(depth) == [("many", depth - 1), ("one", depth - 1)]
    kinds = Counter(kind for _, kind in tree.to_networkx().nodes(data="kind"))
    assert kinds["view"] == size // 2 and kinds["prediction"] == size - size // 2


def test_keep_tree_export():
    tree = PredictionDAG(fib, memo=False, keep_tree=True)
    assert tree[5] == 5
    g = tree.to_networkx()
    assert isinstance(g, nx.MultiDiGraph)
    assert g.number_of_nodes() == len(tree) == naive_fib_size(5)
    assert g.number_of_edges() == g.number_of_nodes() - 1
    assert nx.is_arborescence(nx.DiGraph(g))
    kinds = Counter(data["kind"] for _, data in g.nodes(data=True))
    assert set(kinds) == {"prediction", "view"}
    assert kinds["prediction"] == kinds["view"] + 1
    roots = [x for x in g if g.in_degree(x) == 0]
    assert len(roots) == 1
    root = roots[0]
    assert g.nodes[root]["kind"] == "prediction" and g.nodes[root]["key"] == 5
    assert g.nodes[root]["value"] == 5
    for u, v, label in g.edges(data="label"):
        ku, kv = g.nodes[u]["kind"], g.nodes[v]["kind"]
        if ku == "prediction":
            # a prediction asks views of the predictions it needs, labelled by request
            assert kv == "view" and label in ("a", "b")
            assert g.nodes[v]["key"] == g.nodes[u]["key"] - (1 if label == "a" else 2)
        else:
            # a view holds exactly one prediction of the same key
            assert kv == "prediction" and label == "prediction"
            assert g.nodes[v]["key"] == g.nodes[u]["key"]
    for x, data in g.nodes(data=True):
        if data["kind"] == "view":
            assert g.out_degree(x) == 1 and g.in_degree(x) == 1
        else:
            assert data["value"] == PredictionDAG(fib)[data["key"]]
    # it is a copy
    g.clear()
    assert tree.to_networkx().number_of_nodes() == len(tree)


def test_naive_without_tree_cannot_export():
    tree = PredictionDAG(fib, memo=False)
    tree[4]
    for call in (tree.to_networkx, lambda: tree.children(4), lambda: tree.reachable([4])):
        with pytest.raises(EpistemicError):
            call()


def cyclic(n):
    """0 -> 1 -> 2 -> 0, and 5 -> 3 -> 5 -> ..."""
    if n == 9:
        return "leaf"
    target = {0: 1, 1: 2, 2: 0, 5: 3, 3: 5}[n]
    got = yield [Request("next", target), Request("leaf", 9)]
    return got["next"]


@pytest.mark.parametrize("start", [0, 1, 2, 3, 5])
def test_cycle_raises(start):
    dag = PredictionDAG(cyclic)
    with pytest.raises(CycleError) as caught:
        dag[start]
    assert isinstance(caught.value, EpistemicError)
    assert "\n" not in str(caught.value)


def test_self_cycle_raises():
    def selfish(n):
        got = yield [Request("me", n)]
        return got["me"]

    with pytest.raises(CycleError):
        PredictionDAG(selfish)[0]


class _Runaway(Exception):
    pass


def _stop(nodes):
    raise _Runaway(nodes)


def test_naive_cycle_raises():
    tree = PredictionDAG(cyclic, memo=False, progress=_stop)  # stops the runaway at 20,000 nodes
    with pytest.raises(CycleError):
        tree[0]


def test_diamond_is_not_a_cycle():
    def diamond(n):
        if n == 0:
            return 1
        if n == 3:
            got = yield [Request("x", 1), Request("y", 2)]
            return got["x"] + got["y"]
        got = yield [Request("z", 0)]
        return got["z"] * 10

    dag = PredictionDAG(diamond)
    assert dag[3] == 20 and len(dag) == 4


def test_duplicate_labels_and_bad_requests():
    def dup(n):
        yield [Request("a", 1), Request("a", 2)]
        return 0

    def bad(n):
        yield ["not a request"]
        return 0

    with pytest.raises(ValueError):
        PredictionDAG(dup)[0]
    with pytest.raises(TypeError):
        PredictionDAG(bad)[0]


def test_several_batches():
    def staged(n):
        if n == 0:
            return 1
        first = yield [Request("a", n - 1)]
        second = yield [Request("b", max(0, n - 2))]
        return first["a"] + second["b"]

    dag = PredictionDAG(staged)
    tree = PredictionDAG(staged, memo=False)
    assert dag[12] == tree[12] == 377  # staged(n) = fib(n + 2)
    assert dag.children(3) == [("a", 2), ("b", 1)]
    assert dag.children(1) == [("a", 0), ("b", 0)]


DEEP = 100_000


def test_deep_chain_memo():
    dag = PredictionDAG(chain)
    assert dag[DEEP] == DEEP
    assert len(dag) == DEEP + 1
    assert dag.children(DEEP) == [("prev", DEEP - 1)]
    assert dag.children(0) == []


def test_deep_chain_naive():
    tree = PredictionDAG(chain, memo=False)
    assert tree[DEEP] == DEEP
    assert len(tree) == 2 * DEEP + 1


def test_children_reachable_and_restricted_export():
    dag = PredictionDAG(fib)
    dag[10]
    assert dag.children(10) == [("a", 9), ("b", 8)]
    assert dag.children(1) == [] and dag.children(0) == []
    assert dag.reachable([5]) == {0, 1, 2, 3, 4, 5}
    assert dag.reachable([5, 7]) == set(range(8))
    assert dag.reachable([1, 0]) == {0, 1}
    # reachable solves roots it has not seen
    assert 12 not in dag
    assert dag.reachable([12]) == set(range(13)) and 12 in dag

    g = dag.to_networkx(roots=[4])
    assert isinstance(g, nx.MultiDiGraph)
    assert set(g) == {0, 1, 2, 3, 4}
    assert all(g.nodes[k]["value"] == PredictionDAG(fib)[k] for k in g)
    edges = sorted((u, v, label) for u, v, label in g.edges(data="label"))
    assert edges == sorted([(4, 3, "a"), (4, 2, "b"), (3, 2, "a"), (3, 1, "b"),
                            (2, 1, "a"), (2, 0, "b")])
    full = dag.to_networkx()
    assert set(full) == set(range(13))
    assert full.number_of_edges() == 2 * 11  # keys 2..12 ask for two predictions each

    # two requests for the same key from one node are two parallel edges
    def twice(n):
        if n == 0:
            return 1
        got = yield [Request("x", n - 1), Request("y", n - 1)]
        return got["x"] + got["y"]

    d2 = PredictionDAG(twice)
    assert d2[20] == 2 ** 20 and len(d2) == 21
    assert d2.to_networkx().number_of_edges() == 40


def test_progress_is_called():
    memo_calls, naive_calls = [], []
    dag = PredictionDAG(chain, progress=memo_calls.append)
    dag[4_999]
    assert memo_calls == [2000, 4000]
    tree = PredictionDAG(chain, memo=False, progress=naive_calls.append)
    tree[30_000]
    assert naive_calls == [20_000, 40_000, 60_000]
    assert len(tree) == 60_001


def test_a_node_that_raised_keeps_no_half_recorded_edges():
    calls = {"n": 0}

    def flaky(n):
        if n == 0:
            return 0
        got = yield [Request("a", n - 1)]
        if n == 2 and calls["n"] == 0:
            calls["n"] += 1
            raise RuntimeError("first try fails")
        return got["a"] + 1

    dag = PredictionDAG(flaky)
    with pytest.raises(RuntimeError):
        dag[2]
    assert dag[2] == 2
    assert dag.children(2) == [("a", 1)]
    assert dag.to_networkx().number_of_edges() == 2


def fib_by_dict(n):
    if n < 2:
        return n
    got = yield {"a": n - 1, "b": n - 2}
    return got["a"] + got["b"]


def test_a_batch_may_be_a_dict_from_label_to_key():
    dag, tree = PredictionDAG(fib_by_dict), PredictionDAG(fib_by_dict, memo=False)
    assert dag[40] == 102334155 and len(dag) == 41
    assert dag.children(5) == [("a", 4), ("b", 3)]
    assert tree[10] == 55 and len(tree) == naive_fib_size(10)


def test_each_key_of_a_batch_is_looked_up_once():
    """A prediction asking for many unsolved keys resumes once per key; keys
    found solved are not looked at again on later resumes (no quadratic scan)."""
    looked = Counter()

    class Counted(int):
        def __hash__(self):
            looked[int(self)] += 1
            return int.__hash__(self)

    def wide(n):
        if n > 0:
            return n
        got = yield {k: Counted(k) for k in range(1, 201)}
        return sum(got.values())

    dag = PredictionDAG(wide)
    assert dag[0] == 200 * 201 // 2
    # a constant number of lookups per key (asked, pushed, stored, found, answered)
    assert max(looked.values()) <= 10, looked.most_common(3)


def test_edges_made_again_from_the_key_are_not_kept():
    """With ``edges=``, the DAG answers children, reachability and export from
    the function and keeps no copy of the batches: far less memory."""
    import tracemalloc

    def spread(n):
        if n >= 300:
            return 1
        got = yield {k: n + k for k in range(1, 41)}
        return sum(got.values()) % 1_000_003

    def remade(n):
        return {} if n >= 300 else {k: n + k for k in range(1, 41)}

    sizes = []
    for edges in (None, remade):
        tracemalloc.start()
        dag = PredictionDAG(spread, edges=edges)
        value = dag[0]
        sizes.append(tracemalloc.get_traced_memory()[0])
        tracemalloc.stop()
        assert value == PredictionDAG(spread)[0]
        assert dag.children(10) == [(k, 10 + k) for k in range(1, 41)] and dag.children(400) == []
        assert dag.reachable([290]) == set(range(290, 340))
        assert dag.to_networkx([299]).number_of_edges() == 40
    kept, remade_size = sizes
    assert remade_size < kept / 3, sizes
