"""Deliberate breaks (mutants) of the game trees written for Gambit and played in OpenSpiel
(epistemic/extensive.py, export.py, openspiel.py, spiel_games.py), each with the tests that
must catch it.

Part of the table in ``tests/mutant_table.py``, which ``python tests/mutants.py`` runs.  The
OpenSpiel and Gambit ones need the extras ``openspiel`` and ``gambit`` installed, as ``.ci/run`` has them.
"""

from __future__ import annotations

from mutant import Mutant

__all__ = ["INTEROP_MUTANTS"]

EXTENSIVE = "epistemic/extensive.py"
EXPORT = "epistemic/export.py"
OPENSPIEL = "epistemic/openspiel.py"
SPIEL_GAMES = "epistemic/spiel_games.py"
EFG_TESTS = "tests/test_export_efg.py::"
SPIEL_TESTS = "tests/test_interop_openspiel.py::"
GAMBIT_TESTS = "tests/test_interop_gambit.py::"

INTEROP_MUTANTS: tuple[Mutant, ...] = (
    # extensive.py ------------------------------------------------------------------------------
    Mutant(EXTENSIVE,
           "            size[key] = 1 + sum(size[shape(child)] for _, child in game.moves(node))",
           "            size[key] = sum(size[shape(child)] for _, child in game.moves(node))",
           "a tree's size counts its ends and not the nodes above them",
           (EFG_TESTS + "test_size_counted_by_shape_is_the_number_of_nodes",
            EFG_TESTS + "test_a_tree_past_the_limit_is_refused_before_it_is_built")),
    Mutant(EXTENSIVE,
           "    if size <= limit:\n        return size",
           "    if size < limit:\n        return size",
           "a tree of exactly the limit's nodes is refused",
           (EFG_TESTS + "test_a_tree_of_exactly_the_limit_is_written_and_one_node_more_refused",)),
    Mutant(EXTENSIVE,
           "            if limit is not None and size[key] > limit:",
           "            if limit is not None and size[key] >= limit:",
           "a subtree of exactly the limit's nodes ends the count, and the tree above it passes as that size",
           (EFG_TESTS + "test_a_tree_of_exactly_the_limit_is_written_and_one_node_more_refused",)),
    Mutant(EXTENSIVE,
           "        if limit is not None and len(size) > limit:",
           "        if limit is not None and len(size) >= limit:",
           "exactly the limit's shapes end the count, and a larger tree passes as that size",
           (EFG_TESTS + "test_a_tree_of_exactly_the_limit_is_written_and_one_node_more_refused",
            EFG_TESTS + "test_a_tree_past_the_limit_is_refused_before_it_is_built")),
    Mutant(EXTENSIVE,
           "        got = [end[seat] for seat in seats]",
           "        got = end[:len(seats)]",
           "a game that keeps payoffs by seat pays each player the seat of his number",
           ("tests/test_docstrings.py::test_docstring_examples[epistemic.models.numberline.game]",)),
    Mutant(EXTENSIVE,
           "        return node[2]   # everybody saw every move",
           "        return node[1]   # everybody saw every move",
           "what a player knows is the moves as the game numbers them, not as they are named",
           ("tests/test_docstrings.py::test_docstring_examples[epistemic.models.numberline.game]",)),
    # export.py ----------------------------------------------------------------------------------
    Mutant(EXPORT,
           "number, first = sets.setdefault(known, (len(sets) + 1, labels))",
           "number, first = sets.setdefault(known, (len(sets), labels))",
           "information sets are numbered from 0, which Gambit reads as none",
           (EFG_TESTS + "test_the_centipede_as_gambit_reads_it",)),
    Mutant(EXPORT,
           "            number = outcomes.setdefault((name, payoffs), len(outcomes) + 1)",
           "            number = len(outcomes) + 1\n            outcomes[name, payoffs, number] = number",
           "ends with the same label and payoffs each get an outcome of their own",
           ("tests/test_docstrings.py::test_docstring_examples[epistemic.export]",)),
    Mutant(EXPORT,
           r""".replace('"', '\\"')""",
           "",
           "a double quote in a label is written as it is, ending the label for Gambit",
           (EFG_TESTS + "test_labels_are_quoted_as_gambit_reads_them",)),
    Mutant(EXPORT,
           'text.isprintable() and "\\\\" not in text and "  " not in text',
           'text.isprintable() and "\\\\" not in text',
           "a label with two spaces in a row is taken as one Gambit reads as it is",
           (EFG_TESTS + "test_any_label_is_printable_ascii_with_single_spaces_and_reads_back",)),
    Mutant(EXPORT,
           '            edge = i in (0, len(text) - 1) or text[i - 1] == " "',
           "            edge = i in (0, len(text) - 1)",
           "two spaces in a row are written as they are, and Gambit refuses the file",
           (EFG_TESTS + "test_every_name_is_written_in_printable_ascii_with_single_spaces",
            GAMBIT_TESTS + "test_gambit_reads_every_name_and_it_reads_back")),
    Mutant(EXPORT,
           '        elif "!" <= c <= "~":',
           "        elif c.isprintable() and c != \" \":",
           "a letter outside ASCII is written as it is, and Gambit cannot read the file",
           (EFG_TESTS + "test_every_name_is_written_in_printable_ascii_with_single_spaces",
            GAMBIT_TESTS + "test_gambit_reads_every_name_and_it_reads_back")),
    Mutant(EXPORT,
           "    if label == '\"\"':\n        return \"\"",
           "",
           "an empty name comes back from Gambit as two double quotes",
           (GAMBIT_TESTS + "test_gambit_reads_every_name_and_it_reads_back",)),
    Mutant(EXPORT,
           "if len(odds) != len(moves) or sum(odds) != 1 or any(p < 0 for p in odds):",
           "if len(odds) != len(moves) or any(p < 0 for p in odds):",
           "chance odds that do not add up to one are written",
           (EFG_TESTS + "test_chance_odds_must_add_up_to_one",)),
    # openspiel.py -------------------------------------------------------------------------------
    Mutant(OPENSPIEL,
           'return f"{self.tree.players[player]}: {self.tree.information(state.node, player)}"',
           "return str(self.tree.information(state.node, player))",
           "two players who know the same have one information state, and OpenSpiel's tables mix them",
           (SPIEL_TESTS + "test_pirates_values_and_nash_conv_in_openspiel",)),
    Mutant(OPENSPIEL,
           "        return {action: float(action == chosen) for action in state.legal_actions()}",
           "        return {action: float(action == min(state.legal_actions())) for action in state.legal_actions()}",
           "our policy makes the first legal move, whatever the solution says",
           (SPIEL_TESTS + "test_dinner_values_and_nash_conv_in_openspiel",
            SPIEL_TESTS + "test_numberline_values_and_nash_conv_in_openspiel")),
    # spiel_games.py -----------------------------------------------------------------------------
    Mutant(SPIEL_GAMES,
           "        return self.make(**{**dict(self.parameters), **dict(params or {})})",
           "        return self.make(**{**dict(params or {}), **dict(self.parameters)})",
           "a game loaded with parameters is made with the defaults",
           (SPIEL_TESTS + "test_numberline_values_and_nash_conv_in_openspiel",)),
)
