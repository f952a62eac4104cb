"""Time and peak memory of the games' trees: counting, Gambit files, and OpenSpiel play.

Run ``python benchmarks/interop.py`` (the OpenSpiel cases need the extra
``openspiel``).  A tree's size is counted once per shape of subtree, and the
count stops at the first subtree past the 200,000-node limit, so a refusal
costs a fraction of a second however large the tree (the seed's five
pirates and three coins, counted exactly: 98 million nodes).  Writing a file costs about its nodes; OpenSpiel's Python games
play a few thousand moves a second per core, and OpenSpiel's own C++ Pig a
few thousand games.
"""

from __future__ import annotations

from harness import main

CASES = [
    ("refuse: pirates 5 x 3 (98,349,406 nodes, counted)", dict(kind="count", pirates=5, coins=3)),
    ("refuse: pirates 10 x 6 (past 50,000 shapes)", dict(kind="count", pirates=10, coins=6)),
    ("refuse: dinner of 20 morsels", dict(kind="count", morsels=20)),
    ("efg: pirates 4 x 3 (175,621 nodes)", dict(kind="efg", pirates=4, coins=3)),
    ("efg: dinner of 8 morsels (109,601 nodes)", dict(kind="efg", morsels=8)),
    ("efg: number line, 12 stacks, 4 players (13,345 nodes)", dict(kind="efg", stacks=12, players=4)),
    ("openspiel: 1,000 plays of pirates 5 x 3 with a promise", dict(kind="plays", game="pirates", plays=1000)),
    ("openspiel: 1,000 plays of Piglet to 10", dict(kind="plays", game="piglet", plays=1000)),
    ("openspiel: our policy, 100,000 games of its own Pig", dict(kind="pig", games=100_000)),
]


def _tree(spec: dict):
    if "pirates" in spec:
        from epistemic.models.pirates import PirateGame
        from epistemic.models.pirates.tree import PirateTree
        return PirateTree(PirateGame(spec["pirates"], spec["coins"]))
    if "morsels" in spec:
        from epistemic.models.dinner import Dinner
        from epistemic.models.dinner.game import DinnerGame, turn_order
        n = spec["morsels"]
        return DinnerGame(Dinner([(k, n - k) for k in range(n)]), turn_order(n, 2)).extensive_form()
    from epistemic.models.numberline.game import NumberLine
    return NumberLine.with_stacks(spec["stacks"], players=spec["players"]).extensive_form()


def run_case(spec: dict) -> dict:
    kind = spec["kind"]
    if kind == "count":
        from epistemic.extensive import TreeTooLarge, check_size
        try:
            check_size(_tree(spec))
        except TreeTooLarge as refused:
            said = str(refused).split(" has a tree of ")[1].split(" nodes")[0]
            # the exact size where it was counted, else the limit it is past
            return {"nodes": int(said.removeprefix("more than ").replace(",", "")), "bytes": 0}
        raise AssertionError("a tree past the limit was not refused")
    if kind == "efg":
        from epistemic.export import to_efg
        from epistemic.extensive import tree_size
        tree = _tree(spec)
        return {"nodes": tree_size(tree), "bytes": len(to_efg(tree).encode())}
    import numpy as np
    import pyspiel
    import epistemic.openspiel  # noqa: F401
    if kind == "plays":
        name = {"pirates": "epistemic_pirates(pirates=5,coins=3,promises=p2: 1 1 0 1 to p3 p4 p5)",
                "piglet": "epistemic_piglet(goal=10)"}[spec["game"]]
        game = pyspiel.load_game(name)
        rng = np.random.default_rng(0)
        moves = 0
        for _ in range(spec["plays"]):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    actions, odds = zip(*state.chance_outcomes())
                    state.apply_action(int(rng.choice(actions, p=odds)))
                else:
                    state.apply_action(int(rng.choice(state.legal_actions())))
                moves += 1
        return {"nodes": moves, "bytes": 0}
    from epistemic.models.pig.spiel import first_wins_in_openspiel_pig
    return {"nodes": 0, "bytes": first_wins_in_openspiel_pig(spec["games"])}


if __name__ == "__main__":
    main(__file__, __doc__.splitlines()[0], CASES, run_case,
         [("nodes", "nodes or moves", ","), ("bytes", "bytes or wins", ",")])
