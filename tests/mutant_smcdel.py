"""Deliberate breaks (mutants) of SMCDEL's language (epistemic/smcdel, cli/smcdel_file.py), each with the tests that must catch it.

Part of the table in ``tests/mutant_table.py``, which ``python tests/mutants.py`` runs.
"""

from __future__ import annotations

from mutant import Mutant

__all__ = ["SMCDEL_MUTANTS"]

LEXER = "epistemic/smcdel/lexer.py"
GRAMMAR = "epistemic/smcdel/grammar.py"
READER = "epistemic/smcdel/reader.py"
WRITER = "epistemic/smcdel/writer.py"
ANSWERS = "epistemic/smcdel/answers.py"
FILE_CLI = "cli/smcdel_file.py"
API = "tests/test_smcdel.py::"
CLI = "tests/test_smcdel_cli.py::"
PROPERTIES = "tests/test_smcdel_properties.py::"
PUZZLES = "tests/test_smcdel_puzzles.py::"

SMCDEL_MUTANTS: tuple[Mutant, ...] = (
    Mutant(LEXER,
           "len(keyword.group()) >= len(name.group())",
           "len(keyword.group()) > len(name.group())",
           "a name as long as a keyword wins: K, Top and iff are read as names",
           (API + "test_the_longest_word_wins_and_a_keyword_wins_a_tie",)),
    Mutant(LEXER,
           '            column += TAB - (column - 1) % TAB',
           '            column += 1',
           "a tab moves one column, not to the next tab stop",
           (API + "test_places_count_lines_columns_and_tab_stops",)),
    Mutant(GRAMMAR,
           '_BINARY = {"->": 1, "iff": 1, "&": 2, "|": 2}',
           '_BINARY = {"->": 1, "iff": 1, "&": 3, "|": 2}',
           "& binds tighter than |, as it does elsewhere but not in SMCDEL",
           (API + "test_formulas_group_as_smcdels_grammar_groups_them",)),
    Mutant(GRAMMAR,
           "            right = self.formula(_BINARY[kind] + 1)",
           "            right = self.formula(_BINARY[kind])",
           "binary operators group to the right",
           (API + "test_formulas_group_as_smcdels_grammar_groups_them",)),
    Mutant(GRAMMAR,
           "            arg = self.formula()\n            return Knows(agent, arg)",
           "            arg = self.unary()\n            return Knows(agent, arg)",
           "the prefix K takes the shortest formula, not all to its right",
           (API + "test_formulas_group_as_smcdels_grammar_groups_them",)),
    Mutant(GRAMMAR,
           "        out = Not(Iff(out, f))",
           "        out = Iff(out, f)",
           "XOR is read as a chain of <->",
           (API + "test_formulas_group_as_smcdels_grammar_groups_them",
            PROPERTIES + "test_smcdels_formulas_hold_where_smcdels_own_definitions_say")),
    Mutant(GRAMMAR,
           "            return lambda f: Implies(announced, AnnounceWhether(group, announced, f))",
           "            return lambda f: AnnounceWhether(group, announced, f)",
           "[G ! φ]ψ is read as [G ?! φ]ψ, true where φ is false only if ψ is",
           (API + "test_formulas_group_as_smcdels_grammar_groups_them",
            PROPERTIES + "test_smcdels_formulas_hold_where_smcdels_own_definitions_say")),
    Mutant(GRAMMAR,
           "        return lambda f: Or(build(group, f), build(group, Not(f)))",
           "        return lambda f: build(group, f)",
           "comknow whether and distknow whether are read as ... that",
           (API + "test_formulas_group_as_smcdels_grammar_groups_them",
            PROPERTIES + "test_smcdels_formulas_hold_where_smcdels_own_definitions_say")),
    Mutant(GRAMMAR,
           "        if not is_boolean(body):",
           "        if False:",
           "Forall over knowledge is unfolded by substitution, which is not what SMCDEL computes",
           (API + "test_faults_name_their_line_and_column",)),
    Mutant(READER,
           "        observables.setdefault(Agent(agents[agent.text]),",
           "        observables.__setitem__(Agent(agents[agent.text]),",
           "an agent listed twice observes what its last line says, not its first",
           (API + "test_an_agent_listed_twice_observes_what_its_first_line_says",)),
    Mutant(READER,
           "    if padding and isinstance(law, And) and law.right == Not(BOTTOM):",
           "    if False:",
           "a written file read back keeps the padding's conjunct in its law",
           (API + "test_a_written_structure_reads_back_the_same_with_its_names_and_actual_states",)),
    Mutant(READER,
           '    return (names, agents, padding, actual) if fits else ({}, {}, set(), [])',
           '    return {}, {}, set(), []',
           "the comments naming atoms and agents are not read back",
           (API + "test_a_written_structure_reads_back_the_same_with_its_names_and_actual_states",
            PROPERTIES + "test_written_and_read_back_a_structure_answers_as_before_on_the_other_engine")),
    Mutant(WRITER,
           '        return f"~ ({name(f.agent)} knows that ~ {w(f.arg)})"',
           '        return f"({name(f.agent)} knows that {w(f.arg)})"',
           "M_a φ is written as a knows that φ",
           (API + "test_an_atom_the_structure_lacks_is_written_false",
            PROPERTIES + "test_written_and_read_back_a_structure_answers_as_before_on_the_other_engine")),
    Mutant(WRITER,
           '        return str(self.numbers[self.atoms[name]]) if name in self.atoms else "Bot"',
           '        return str(self.numbers[self.atoms[name]]) if name in self.atoms else "Top"',
           "an atom the structure lacks is written true",
           (API + "test_an_atom_the_structure_lacks_is_written_false",
            PROPERTIES + "test_written_and_read_back_a_structure_answers_as_before_on_the_other_engine")),
    Mutant(WRITER,
           "        padding = max(numbers.values(), default=0) + 1",
           "        padding = None",
           "an agent observing nothing is written with an empty OBS line, which SMCDEL cannot read",
           (API + "test_a_written_structure_reads_back_the_same_with_its_names_and_actual_states",
            PROPERTIES + "test_written_and_read_back_a_structure_answers_as_before_on_the_other_engine")),
    Mutant(ANSWERS,
           "        if not structure.is_state(state):",
           "        if False:",
           "TRUE? at a valuation the law rules out is answered from the diagram",
           (API + "test_true_at_a_valuation_the_law_rules_out_is_refused_at_the_query",
            CLI + "test_a_query_past_what_this_framework_runs_is_refused_before_anything_is_printed")),
    Mutant(ANSWERS,
           "    numbers = sorted(file.numbers_of(s) for s in found)",
           "    numbers = [file.numbers_of(s) for s in found]",
           "WHERE? lists its states in the diagram's order, not sorted",
           (PUZZLES + "test_drinking_logicians_leave_the_worlds_the_puzzle_leaves",)),
    Mutant(FILE_CLI,
           '        return s.ordered(~truth(s, a.query.formula), 1)[0], "at the first state where it fails"',
           '        return s.ordered(s.manager.true, 1)[0], "at the first state where it fails"',
           "a failed VALID? is explained at the first state, where it may hold",
           (CLI + "test_a_validity_that_fails_is_explained_where_it_fails",)),
)
