"""Gambit's ``.efg`` files from the API and from ``--export-efg``, without Gambit itself
(``test_interop_gambit.py`` loads them in pygambit)."""

from __future__ import annotations

import random
import re
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from epistemic import BackwardInduction
from epistemic.cli.main import main
from epistemic.export import ExportError, efg_label, label_from_efg, to_efg, write_efg
from epistemic.extensive import CHANCE, MAX_NODES, PerfectInformation, TreeTooLarge, check_size, tree_size, walk
from epistemic.models.centipede import Centipede
from epistemic.models.dinner import Dinner
from epistemic.models.dinner.game import DinnerGame
from epistemic.models.numberline.game import NumberLine
from epistemic.models.pirates import PirateGame, Rules, promise
from epistemic.models.pirates.tree import PirateTree

CENTIPEDE_3 = '''EFG 2 R "Centipede: 3 moves, piles of 40 and 10 growing 2-fold" { "p1" "p2" }
""

p "" 1 1 "p1 at the start" { "take" "pass" } 0
t "" 1 "p1 takes at move 1" { 40, 10 }
p "" 2 1 "p2 after pass" { "take" "pass" } 0
t "" 2 "p2 takes at move 2" { 20, 80 }
p "" 1 2 "p1 after pass pass" { "take" "pass" } 0
t "" 3 "p1 takes at move 3" { 160, 40 }
t "" 4 "every move passes" { 80, 320 }
'''


def test_the_centipede_as_gambit_reads_it():
    # McKelvey and Palfrey's piles (40, 10) doubling: the payoffs of the module's own example
    assert to_efg(Centipede(length=3)) == CENTIPEDE_3


def _count(tree):
    return sum(1 for _ in walk(tree))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10 ** 6))
def test_size_counted_by_shape_is_the_number_of_nodes(seed):
    """Counting once per shape gives the nodes a walk of the whole tree meets, and the file
    has one line per node."""
    rng = random.Random(seed)
    size = rng.randint(1, 4)
    dinner = Dinner([tuple(rng.randint(0, 5) for _ in range(2)) for _ in range(size)], "listed")
    trees = [
        DinnerGame(dinner, tuple(rng.randrange(2) for _ in range(size))).extensive_form(),
        Centipede(length=rng.randint(1, 6)).extensive_form(),
        NumberLine([rng.randint(1, 5) for _ in range(rng.randint(2, 5))], 2, clock=rng.random() < .5).extensive_form(),
        PirateTree(PirateGame(rng.randint(2, 3), rng.randint(0, 2), rules=Rules(majority=rng.choice(["half", "strict"])))),
    ]
    for tree in trees:
        nodes = _count(tree)
        assert tree_size(tree) == nodes
        text = to_efg(tree)
        assert len(re.findall(r"^[pct] ", text, re.M)) == nodes


def test_a_tree_past_the_limit_is_refused_before_it_is_built():
    tree = PirateTree(PirateGame(5, 3))
    with pytest.raises(TreeTooLarge, match=r"has a tree of 98,349,406 nodes, more than the limit of 200,000"):
        to_efg(tree)
    with pytest.raises(TreeTooLarge, match="has a tree of 41 nodes, more than the limit of 10"):
        check_size(Centipede(length=20).extensive_form(), 10)
    # past 50,000 shapes the exact size is not counted: the count stops at the limit
    with pytest.raises(TreeTooLarge, match=r"10 pirates, 6 coins has a tree of more than 200,000 nodes, the limit"):
        check_size(PirateTree(PirateGame(10, 6)))
    # and a game whose offers alone are too many is refused before one is made
    with pytest.raises(TreeTooLarge, match=r"offers 114,449,595,062,769,120 divisions in its rounds"):
        PirateTree(PirateGame(30, 30))


class Sized:
    """A game whose node is the number of nodes in the tree below it, itself included: a node of
    ``n`` has one child of ``n - 1`` (a line) or two that share ``n - 1`` (halving), so that a tree
    of any size is made, and counted once per size, in a few steps."""

    players = ("p1",)

    def __init__(self, nodes: int, halving: bool):
        self.nodes, self.halving = nodes, halving
        self.title = f"{nodes:,} nodes"

    def root(self):
        return self.nodes

    def turn(self, node):
        return None if node == 1 else 0

    def moves(self, node):
        if not self.halving or node == 2:
            return [("on", node - 1)]
        return [("left", (node - 1) // 2), ("right", node - 1 - (node - 1) // 2)]

    def chances(self, node):
        return []

    def payoffs(self, node):
        return (0,)

    def information(self, node, player):
        return node


def test_a_tree_of_exactly_the_limit_is_written_and_one_node_more_refused():
    """The limit is the most nodes a tree may have (docs/interop.md: "a tree of more than
    200,000 nodes is refused"): one of exactly 200,000 passes, one of 200,001 does not."""
    assert MAX_NODES == 200_000
    assert check_size(Sized(200_000, halving=True)) == 200_000
    with pytest.raises(TreeTooLarge, match="^200,001 nodes has a tree of 200,001 nodes, more than the limit of 200,000$"):
        check_size(Sized(200_001, halving=True))
    # a line of 11 nodes under a limit of 10: the subtree below the root has exactly 10 nodes,
    # the count meets exactly 10 sizes before the root, and neither is the tree
    assert check_size(Sized(10, halving=False), 10) == 10
    assert len(re.findall(r"^[pt] ", to_efg(Sized(10, halving=False), limit=10), re.M)) == 10
    with pytest.raises(TreeTooLarge, match="^11 nodes has a tree of 11 nodes, more than the limit of 10$"):
        to_efg(Sized(11, halving=False), limit=10)


def test_an_information_set_must_have_one_list_of_moves():
    class Broken(PerfectInformation):
        def information(self, node, player):
            return ()   # every node one information set, though their moves differ
    game = DinnerGame(Dinner([(1, 2), (2, 1)]), (0, 1))   # two moves, then one
    broken = Broken(game, game.start, BackwardInduction(game), players=("Alice", "Bob"), title="broken")
    with pytest.raises(ExportError, match="cannot tell apart two nodes"):
        to_efg(broken)


def test_chance_odds_must_add_up_to_one():
    class Skewed(PirateTree):
        def chances(self, node):
            return [p / 2 for p in super().chances(node)]
    with pytest.raises(ExportError, match="probabilities"):
        to_efg(Skewed(PirateGame(3, 1, [promise(3, 2, [1, 0], hearers=[3])])))


def test_pirates_votes_are_information_sets_and_chance_hides_a_promise():
    tree = PirateTree(PirateGame(3, 1, [promise(3, 2, [1, 0], hearers=[3])]))
    text = to_efg(tree)
    assert text.splitlines()[3] == 'c "" 1 "" { "p2 promised" 1/2 "no subgroup promise" 1/2 } 0'
    # p1 does not know whether p2 promised: his first move in each world is one information set
    made, unmade = (child for _, child in tree.moves(tree.root()))
    assert tree.information(made, 0) == tree.information(unmade, 0)
    assert tree.information(made, 1) != tree.information(unmade, 1)
    # p2 does not see p1's vote
    offer = tree.moves(made)[0][1]
    yes, no = (child for _, child in tree.moves(offer))
    assert tree.turn(yes) == tree.turn(no) == 1 and tree.information(yes, 1) == tree.information(no, 1)


def test_a_promise_binds_its_maker():
    tree = PirateTree(PirateGame(3, 2, [promise(3, 2, [2, 0])]))
    round_two = [node for node, _ in walk(tree) if tree.turn(node) == 1 and node[3] is None]
    assert round_two and {tuple(label for label, _ in tree.moves(n)) for n in round_two} == {("p3:2 p2:0",)}


def test_walk_and_turns_agree_with_the_game():
    tree = PirateTree(PirateGame(2, 1))
    ends = [node for node, _ in walk(tree) if tree.turn(node) is None]
    assert {tree.outcome(node) for node in ends} == {"p2:1 p1:0", "p2:0 p1:1", "p1 overboard; p2:1",
                                                     "every pirate overboard"}
    assert all(tree.turn(node) != CHANCE for node, _ in walk(tree))


# the command line ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("argv, title", [
    (["centipede", "--length", "3"], "Centipede: 3 moves"),
    (["dinner", "1,2", "2,3", "3,1"], "Ethiopian Dinner: 3 morsels, turns BAB"),
    (["numberline", "--stacks", "5", "--players", "2"], "The number-line game: 2 players, stacks 1 to 5"),
    (["pirates", "-n", "3", "-m", "2"], "The pirate game: 3 pirates, 2 coins"),
    (["pirates", "-n", "3", "-m", "1", "--promise", "p2: 1 0 to p3", "--promise-chance", "1/3"],
     "The pirate game: 3 pirates, 1 coin; p2 to {p2, p3}"),
])
def test_export_efg_writes_the_game(argv, title, tmp_path, capsys):
    path = tmp_path / "game.efg"
    assert main([*argv, "--export-efg", str(path)]) == 0
    text = path.read_text(encoding="utf-8")
    assert text.startswith(f'EFG 2 R "{title}')
    out, err = capsys.readouterr()
    assert out and re.fullmatch(rf"wrote {re.escape(str(path))} \([\d,]+ nodes, [\d,]+ bytes\)\n", err)
    if "--promise-chance" in argv:
        assert '"p2 promised" 1/3 "no subgroup promise" 2/3' in text


@pytest.mark.parametrize("argv, message", [
    (["centipede", "--export-efg", "game.gbt"], "--export-efg writes a file named .efg, got 'game.gbt'"),
    (["centipede", "--export-efg", "missing/game.efg"], "the folder"),
    (["pirates", "-n", "5", "-m", "3", "--export-efg", "game.efg"],
     "The pirate game: 5 pirates, 3 coins has a tree of 98,349,406 nodes, more than the limit of 200,000"),
    (["pirates", "-n", "30", "-m", "30", "--export-efg", "game.efg"],
     "offers 114,449,595,062,769,120 divisions in its rounds, more than the 100,000 a tree of it may name"),
    (["pirates", "-n", "10", "-m", "6", "--export-efg", "game.efg"], "has a tree of more than 200,000 nodes"),
    (["dinner", "1,9", "2,8", "3,7", "4,6", "5,5", "6,4", "7,3", "8,2", "9,1", "--export-efg", "game.efg"],
     "has a tree of 986,410 nodes, more than the limit of 200,000"),
    (["dinner", "--experiment", "--export-efg", "game.efg"], "not --export-efg"),
    (["numberline", "--continuous", "--export-efg", "game.efg"], "cannot be combined with --continuous"),
    (["pirates", "-n", "3", "-m", "1", "--learning", "--export-efg", "game.efg"],
     "--export-efg shows the play without learning"),
    (["pirates", "-n", "3", "-m", "1", "--promise-chance", "1/3"], "--promise-chance is a chance of the exported"),
    (["pirates", "-n", "3", "-m", "1", "--promise-chance", "3/2", "--export-efg", "game.efg"],
     "between 0 and 1, got 3/2"),
    (["pirates", "-n", "3", "-m", "1", "--promise-chance", "half", "--export-efg", "game.efg"],
     "is a probability such as 1/2 or 0.3, got 'half'"),
    (["pirates", "-n", "3", "-m", "1", "--promise", "p2: 1 0 to p3", "--promise-chance", "1e-5000",
      "--export-efg", "game.efg"], "is a probability such as 1/2 or 0.3, got '1e-5000'"),
    (["pirates", "-n", "3", "-m", "1", "--promise-chance", "1/3", "--export-efg", "game.efg"],
     "--promise-chance weighs subgroup promises, and this game has none"),
    (["pirates", "-n", "3", "-m", "1", "--learning", "--promise-chance", "1/3"],
     "--promise-chance shows the play without learning"),
])
def test_a_bad_export_is_one_line_and_status_2(argv, message, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1 and message in err
    assert list(tmp_path.iterdir()) == []   # nothing half-written


def test_write_efg_replaces_a_file_whole(tmp_path):
    path = tmp_path / "c.efg"
    path.write_text("old")
    assert write_efg(Centipede(length=3), path) == len(CENTIPEDE_3)
    assert path.read_text() == CENTIPEDE_3 and [p.name for p in tmp_path.iterdir()] == ["c.efg"]


def test_the_solution_is_the_strategy():
    game = Centipede(length=4)
    tree = game.extensive_form(BackwardInduction(game))
    assert [tree.strategy(node) for node, _ in walk(tree) if tree.turn(node) is not None] == ["take"] * 4


def test_labels_are_quoted_as_gambit_reads_them():
    """A double quote in a name is escaped, so that it does not end the label; a backslash is
    written as an escape, which Gambit reads as it is (one before the closing quote would escape it)."""
    game = Centipede(length=1)
    tree = PerfectInformation(game, 1, game.solve(), players=('p"1', "p\\2"), title='the "short" one\\')
    first = to_efg(tree).splitlines()[0]
    assert first == r'EFG 2 R "the \"short\" one\x5c" { "p\"1" "p\x5c2" }'


class Named:
    """A game with one name in every place a file names something: the title, the first player,
    chance's first move, the first player's first move and its outcome, and his information set."""

    def __init__(self, name: str):
        self.name = name
        self.title = name
        self.players = (name, "other")

    def root(self):
        return ()

    def turn(self, node):
        return {(): CHANCE, (0,): 0}.get(node)

    def moves(self, node):
        return [(self.name, node + (0,)), ("else", node + (1,))]

    def chances(self, node):
        return [Fraction(1, 2), Fraction(1, 2)]

    def payoffs(self, node):
        return (len(node), 0)

    def outcome(self, node):
        return self.name if node == (0, 0) else f"end {len(node)}"

    def information(self, node, player):
        return node

    def infoset_name(self, known, mover):
        return self.name


#: Names Gambit 16.7 refuses, renames or garbles as they are, and how each is written.
NAMES = [
    ("Zoë", r"Zo\xeb"),
    ("", '\\"\\"'),                      # Gambit would name it _1
    (" lead", r"\x20lead"),
    ("trail ", r"trail\x20"),
    ("two  spaces", r"two \x20spaces"),
    ("tab\there", r"tab\there"),
    ("back\\slash\\", r"back\x5cslash\x5c"),
    ('say "hi"', r'say \"hi\"'),
    ('""', r"\x22\x22"),                  # not the empty name
    (r"\xeb", r"\x5cxeb"),                # not Zoë's ë
    ("☺ ok", r"\u263a ok"),
]


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.text(alphabet=st.sampled_from(' a"~'), max_size=8)
       | st.text(alphabet=st.sampled_from(' a"\\\tëx~'), max_size=8) | st.text(max_size=8))
def test_any_label_is_printable_ascii_with_single_spaces_and_reads_back(name):
    # most labels are written as they are, the others escaped: either way Gambit reads them whole
    written = efg_label(name)
    assert written.isascii() and written.isprintable() and written
    assert not written.startswith(" ") and not written.endswith(" ") and "  " not in written
    assert label_from_efg(written) == name


@pytest.mark.parametrize("name, written", NAMES)
def test_every_name_is_written_in_printable_ascii_with_single_spaces(name, written):
    text = to_efg(Named(name))
    assert text.isascii() and not re.search(r'[^\x20-\x7e\n]', text)
    players, moves, outcome = text.splitlines()[0], text.splitlines()[4], text.splitlines()[5]
    assert players.endswith(f'{{ "{written}" "other" }}')
    assert moves.endswith(f'{{ "{written}" "else" }} 0')
    assert outcome.startswith(f't "" 1 "{written}"')
    for label in re.findall(r'"((?:[^"\\]|\\.)*)"', text):
        assert not label.startswith(" ") and not label.endswith(" ") and "  " not in label
    assert label_from_efg(efg_label(name)) == name
