"""SMCDEL's language: its words, its grammar's groupings, its faults, and files written and read back."""

from __future__ import annotations

import pytest

from epistemic import Agent, parse_formula, private_event
from epistemic.formulas import Act
from epistemic.smcdel import (SmcdelError, Words, answer, numbering, parse_smcdel, read_formula, to_smcdel,
                              write_smcdel)
from epistemic.smcdel.grammar import MAX_NESTING, MAX_UNFOLDED, formula_size
from epistemic.smcdel.lexer import tokenize
from epistemic.smcdel import writer
from epistemic.symbolic import KnowledgeStructure, from_kripke
from epistemic.errors import ModelError
from epistemic import KripkeModel
from epistemic.relations import Partition

WORDS = Words({1: "p1", 2: "p2", 3: "p3", 4: "p4"}, {"a": "a", "b": "b", "c": "c"})


def test_the_longest_word_wins_and_a_keyword_wins_a_tie():
    # Lex.x: alex takes the longest match, and of two as long the rule listed first
    kinds = [t.kind for t in tokenize("K Kw Kwa Kate knows knows that knowsthat iff iffy Top Topper TRUE? TRUE "
                                      "ForAll Forall Exists not Not -> → ¬ ∧ ∨")]
    assert kinds == ["K", "Kw", "STR", "STR", "STR", "knows that", "STR", "iff", "STR", "Top", "STR", "TRUE?",
                     "STR", "Forall", "Forall", "Exists", "~", "~", "->", "->", "~", "&", "|"]


def test_places_count_lines_columns_and_tab_stops():
    tokens = tokenize("VARS 1 -- a comment -> ~\n\tLAW\t Top")
    assert [(t.text, t.line, t.column) for t in tokens] == [("VARS", 1, 1), ("1", 1, 6), ("LAW", 2, 9),
                                                           ("Top", 2, 18)]


@pytest.mark.parametrize("text, expected", [
    # Parse.y: %left '->' 'iff' below %left '|' '&' (its later %nonassoc line is shadowed: happy
    # takes a token's first precedence), then the knowledge words, ']', '>' and '~' above
    ("1 | 2 & 3", "(p1 | p2) & p3"),
    ("1 & 2 | 3", "(p1 & p2) | p3"),
    ("1 -> 2 -> 3", "(p1 -> p2) -> p3"),
    ("1 -> 2 iff 3", "(p1 -> p2) <-> p3"),
    ("1 & 2 -> 3 | 4", "(p1 & p2) -> (p3 | p4)"),
    ("~ 1 & 2", "~p1 & p2"),
    ("a knows that 1 & 2", "K_a p1 & p2"),
    ("~ a knows whether 1 | 2", "~Kw_a p1 | p2"),
    ("[! 1] 2 & 3", "[!p1] p2 & p3"),
    ("<! 1> 2 -> 3", "(<!p1> p2) -> p3"),
    # K, Kw, Forall and Exists have no precedence: the parser shifts, they take all to their right
    ("K a 1 & 2", "K_a (p1 & p2)"),
    ("~ Kw b 1 -> 2", "~Kw_b (p1 -> p2)"),
    ("1 & K a 2 | 3", "p1 & K_a (p2 | p3)"),
    ("Forall 2 1 | 2", "(p1 | top) & (p1 | bot)"),
    ("Exists 2 (1 & 2)", "(p1 & top) | (p1 & bot)"),
    ("a knows whether (1, 2) & 3", "Kw_a p1 & Kw_a p2 & p3"),
    ("a knows whether (1) & 3", "Kw_a p1 & p3"),
    ("a, b comknow that 1 | 2", "C_{a,b} p1 | p2"),
    ("(a, b) distknow whether 1", "D_{a,b} p1 | D_{a,b} ~p1"),
    ("(a, b comknow whether 1)", "C_{a,b} p1 | C_{a,b} ~p1"),
    ("(a) comknow that 1", "C_a p1"),
    ("AND (1, 2, 3)", "p1 & p2 & p3"),
    ("OR (1)", "p1"),
    ("XOR (1, 2, 3)", "~(~(p1 <-> p2) <-> p3)"),
    ("ONEOF (1, 2, 3)", "p1 & (~p2 & ~p3) | ~p1 & p2 & ~p3 | ~p1 & ~p2 & p3"),
    ("Top | Bot", "top | bot"),
    # announcements whether and to groups, by SMCDEL's own definitions (Language.hs)
    ("[?! 1] a knows that 1", "[?p1]_{a,b,c} K_a p1"),
    ("<?! 1> 2", "[?p1]_{a,b,c} p2"),
    # a group after "knows whether (": SMCDEL's parser reads on to comknow or distknow
    ("a knows whether (b) comknow that 1", "Kw_a C_b p1"),
    ("a knows whether (b, c) distknow that 1 & 2", "Kw_a D_{b,c} p1 & p2"),
    ("[a, b ! 1] 2", "p1 -> [?p1]_{a,b} p2"),
    ("<a ! 1> 2", "p1 & [?p1]_a p2"),
    ("[a ?! 1] 2", "[?p1]_a p2"),
    ("<a, c ?! 1> 2", "[?p1]_{a,c} p2"),
])
def test_formulas_group_as_smcdels_grammar_groups_them(text, expected):
    assert read_formula(text, WORDS) == parse_formula(expected)


def _refused(text: str):
    with pytest.raises(SmcdelError) as fault:
        parse_smcdel(text)
    return fault.value.line, fault.value.column, fault.value.fault


@pytest.mark.parametrize("text, line, column, words", [
    ("LAW Top", 1, 1, "expected VARS"),
    ("VARS 1, LAW Top OBS a: 1", 1, 9, "expected a number"),
    ("VARS 1 LAW 1 + 2 OBS a: 1", 1, 14, "no word starting with '+'"),
    ("VARS 1 LAW (1 OBS a: 1", 1, 15, "expected ')'"),
    ("VARS 1 LAW Top OBS a: 1\nWHERE? (1", 2, 10, "found the end of the file"),
    ("VARS 1 LAW Top OBS a: 1\nTRUE? 1", 2, 7, "expected '{'"),
    ("VARS 1 LAW Top OBS a: 1\nVALID? AND ()", 2, 13, "expected a formula"),
    ("VARS 1 LAW Top OBS a: 1\nVALID? a, a knows that 1", 2, 13, "comknow or distknow after a group"),
    ("VARS 1 LAW Top OBS a: 1\nVALID? [a ?? 1] 1", 2, 12, "expected '!'"),
    # SMCDEL's sanity check (Sanity.hs): variables in VARS, agents in OBS
    ("VARS 1 LAW 2 OBS a: 1", 1, 12, "2 is not in VARS"),
    ("VARS 1 LAW Top OBS a: 1, 3", 1, 26, "3 is not in VARS"),
    ("VARS 1 LAW Top OBS a: 1\nVALID? b knows that 1", 2, 8, "agent b is not in OBS"),
    ("VARS 1 LAW Top OBS a: 1\nTRUE? {1,5} 1", 2, 10, "5 is not in VARS"),
    ("VARS 1 LAW Top OBS a: 1\nVALID? [b, a ! 1] 1", 2, 9, "agent b is not in OBS"),
    # boolBddOf fails on a law with knowledge in it
    ("VARS 1 LAW K a 1 OBS a: 1", 1, 8, "must be a boolean formula"),
    # what SMCDEL runs and this reader does not
    ("VARS 1, 2 LAW Top OBS a: 1\nVALID? Forall 2 (a knows that 2)", 2, 8, "boolean formulas"),
])
def test_faults_name_their_line_and_column(text, line, column, words):
    found = _refused(text)
    assert found[:2] == (line, column)
    assert words in found[2]


def test_quantifying_and_nesting_past_the_limits_are_refused_where_they_start():
    many = ",".join(map(str, range(1, 19)))
    assert _refused(f"VARS {many} LAW Top OBS a: 1\nVALID? Exists {many} 1")[:2] == (2, 8)
    # quantifiers inside quantifiers unfold their copies again: the bound counts them all
    nested = "Forall 1 " * 18
    line, column, fault = _refused(f"VARS 1, 2 LAW Top OBS a: 1\nVALID? {nested}(1 | 2)")
    assert line == 2 and f"at most {MAX_UNFOLDED:,}" in fault
    deep = "(" * (MAX_NESTING + 5) + "1" + ")" * (MAX_NESTING + 5)
    line, column, fault = _refused(f"VARS 1 LAW Top OBS a: 1\nVALID? {deep}")
    assert (line, column) == (2, 8 + MAX_NESTING) and "nested more than" in fault
    assert parse_smcdel(f"VARS 1 LAW Top OBS a: 1\nVALID? {'(' * 100}1{')' * 100}").queries


def test_true_at_a_valuation_the_law_rules_out_is_refused_at_the_query():
    f = parse_smcdel("VARS 1, 2 LAW 1 | 2 OBS a: 1\nVALID? Top\n  TRUE? {} a knows that 1")
    # no pytest.raises here: its record of the traceback would hold this frame in a cycle,
    # which the collector may free in an order CUDD warns of (its manager before its diagrams)
    try:
        answer(f, f.queries[1])
    except SmcdelError as error:
        found = (error.line, error.column, str(error))
    else:
        pytest.fail("a state the law rules out was answered")
    assert found[:2] == (3, 3)
    assert "{} is not a state" in found[2]


def test_an_agent_listed_twice_observes_what_its_first_line_says():
    # SMCDEL looks observations up with (!) = fromJust . lookup: the first line counts
    f = parse_smcdel("VARS 1, 2 LAW Top OBS a: 1 a: 2 WHERE? a knows that 2")
    assert [answer(f, q).states for q in f.queries] == [[]]
    assert f.structure.observables == {Agent("a"): frozenset({f.structure.atoms["p1"]})}


def test_a_written_structure_reads_back_the_same_with_its_names_and_actual_states():
    a, b, c = Agent("a"), Agent("b_1"), Agent("K")
    s = KnowledgeStructure.build(["m1", "m2", "p7"], parse_formula("m1 | m2 -> p7"),
                                 {a: ["m2"], b: ["m1", "p7"], c: []}, actual=[{"m1", "p7"}, {"p7"}])
    text = write_smcdel(s, [("VALID?", parse_formula("C_{a,b_1} (m1 | m2 -> p7)")),
                            ("TRUE?", parse_formula("K_a ~m2 & ~Kw_K m1"), s.actual[0], "at the first actual")])
    assert '-- agents: {"K1": "K", "b1": "b_1"}' in text and "-- padding: 4" in text and "-- at the first actual" in text
    back = parse_smcdel(text)
    t = back.structure
    assert sorted(t.atoms) == ["m1", "m2", "p7"]
    names = {v: n for n, v in t.atoms.items()}
    assert {ag.name: sorted(names[v] for v in seen) for ag, seen in t.observables.items()} == \
        {"a": ["m2"], "b_1": ["m1", "p7"], "K": []}
    assert sorted(sorted(t.true_atoms(x)) for x in t.states(t.manager.true)) == \
        sorted(sorted(s.true_atoms(x)) for x in s.states(s.manager.true))
    assert [sorted(t.true_atoms(x)) for x in t.actual] == [["m1", "p7"], ["p7"]]
    assert [answer(back, q).value for q in back.queries] == [True, True]
    # and it writes the same file again
    assert write_smcdel(t, [(q.kind, q.formula) + ((back.state(q.state),) if q.state else ())
                            for q in back.queries]) == text.replace("-- at the first actual\n", "")


def test_numbers_are_kept_for_atoms_named_by_them():
    f = parse_smcdel("VARS 3, 10, 12 LAW 3 | 12 OBS a: 10\nWHERE? a knows that 10")
    assert write_smcdel(f.structure).splitlines()[:2] == ["VARS 3,10,12", "LAW  3 | 12"]


def test_a_law_without_a_formula_is_written_as_its_diagrams_paths(monkeypatch):
    model = KripkeModel(["w", "v", "u"], [{"p"}, {"q"}, {"p", "q"}], {Agent("a"): Partition([0, 0, 1])}, ["w"])
    s = from_kripke(model)
    assert s.law_formula is None
    back = parse_smcdel(write_smcdel(s, [("WHERE?", parse_formula("K_a p"))]))
    assert back.structure.size == 3
    assert [sorted(back.structure.true_atoms(x)) for x in back.structure.states(
        back.structure.law)] and answer(back, back.queries[0]).count == 1
    monkeypatch.setattr(writer, "MAX_LAW_TERMS", 2)
    with pytest.raises(ModelError, match="paths to true, more than the 2"):
        write_smcdel(s)


@pytest.mark.parametrize("formula, fault", [
    (parse_formula("[!p]_{a} K_a p"), "private announcement"),
    (Act(private_event([Agent("a")], None, [Agent("a")], precondition=parse_formula("p")), "told",
         parse_formula("p")), "event model"),
    (parse_formula("K_z p"), "z, who is not an agent"),
    (parse_formula("C_{a,z} p"), "z, who is not an agent"),
    (parse_formula("K_a P_a(p) >= 1/2"), r"^P_a\(p\) >= 1/2 is about probabilities, which SMCDEL's language"),
    (parse_formula("C^{1/2}_{a} p"), r"^C\^\{1/2\}_\{a\} p is about probabilities"),
])
def test_what_smcdels_language_cannot_say_is_refused_by_name(formula, fault):
    s = KnowledgeStructure.build(["p"], parse_formula("top"), {Agent("a"): ["p"]})
    with pytest.raises(ModelError, match=fault):
        to_smcdel(formula, numbering(s))


def test_structures_smcdels_files_cannot_hold_are_refused():
    believer = KnowledgeStructure.build(["p"], parse_formula("top"), {}, relations={Agent("b"): parse_formula("p'")})
    with pytest.raises(ModelError, match="observing agents only"):
        write_smcdel(believer)
    with pytest.raises(ModelError, match="no agent"):
        write_smcdel(KnowledgeStructure.build(["p"], parse_formula("top"), {}))


def test_an_atom_the_structure_lacks_is_written_false():
    s = KnowledgeStructure.build(["p"], parse_formula("top"), {Agent("a"): ["p"]})
    assert to_smcdel(parse_formula("p & ghost | M_a p"), numbering(s)) == "(1 & Bot) | ~ (a knows that ~ 1)"


def test_nested_announcements_whether_and_long_oneofs_stay_the_size_of_the_text():
    # SMCDEL's own unfolding of [?! φ] copies what follows at every level, and ONEOF lists every pair
    nested = "[?! 1] " * 30
    f = parse_smcdel(f"VARS 1, 2 LAW Top OBS a: 1 b: 2\nVALID? {nested}a knows whether 1\n"
                     f"WHERE? ONEOF ({', '.join(['1', '2'] * 300)})")
    assert formula_size(f.queries[0].formula) < 100 and answer(f, f.queries[0]).value is True
    # ONEOF's parts are shared: written out they are many, but few are different
    assert formula_size(f.queries[1].formula) > 10 ** 6 and _parts(f.queries[1].formula) < 5_000
    assert answer(f, f.queries[1]).states == []
    once = parse_smcdel("VARS 1, 2 LAW Top OBS a: 1 WHERE? ONEOF (1, 2) WHERE? ONEOF (1, 2, 1)")
    assert [answer(once, q).states for q in once.queries] == [[[1], [2]], [[2]]]


def _parts(formula) -> int:
    """The different parts of a formula, each counted once however often it is used."""
    seen, stack = set(), [formula]
    while stack:
        f = stack.pop()
        if id(f) not in seen:
            seen.add(id(f))
            stack.extend(f.operands())
    return len(seen)


def test_a_padding_comment_is_honoured_only_where_the_law_makes_it_false_and_no_query_names_it():
    written = "-- padding: 3\nVARS 1,2,3\nLAW  AND (1 | 2, ~ 3)\nOBS  a: 1\n     b: 3\n"
    honoured = parse_smcdel(written + "WHERE? b knows whether 1")
    assert sorted(honoured.structure.atoms) == ["p1", "p2"]
    assert honoured.structure.observables[Agent("b")] == frozenset()
    for query, expected in [("VALID? Exists 3 3", True), ("TRUE? {1} ~ 3", True)]:
        f = parse_smcdel(written + query)   # names the padding: kept as a variable, as SMCDEL keeps it
        assert sorted(f.structure.atoms) == ["p1", "p2", "p3"]
        assert answer(f, f.queries[0]).value is expected
    # a comment that does not fit the law is not believed
    f = parse_smcdel("-- padding: 2\nVARS 1,2 LAW Top OBS a: 2\nWHERE? 2")
    assert answer(f, f.queries[0]).states == [[1, 2], [2]]


def test_an_agent_whose_name_holds_commas_and_spaces_reads_back():
    s = KnowledgeStructure.build(["p"], parse_formula("top"), {Agent("a,b"): ["p"], Agent("c"): []})
    text = write_smcdel(s)
    assert '-- agents: {"ab": "a,b"}' in text
    back = parse_smcdel(text)
    assert sorted(a.name for a in back.structure.agents) == ["a,b", "c"] and sorted(back.structure.atoms) == ["p"]


def test_past_the_listing_limit_both_engines_list_the_same_states(monkeypatch):
    from epistemic.smcdel import answers
    monkeypatch.setattr(answers, "LISTED_STATES", 5)
    f = parse_smcdel("VARS 1, 2, 3, 4 LAW Top OBS a: 1\nWHERE? ~ 1 | 2")
    symbolic, explicit = answer(f, f.queries[0]), answer(f, f.queries[0], "explicit")
    assert symbolic == explicit and symbolic.count == 12
    # the first five in the structure's order, binary numbers with variable 1 the lowest bit
    # ([], [2], [1,2], [3], [2,3]), then sorted
    assert symbolic.states == [[], [1, 2], [2], [2, 3], [3]]
    assert symbolic.text().endswith("... 7 more states (12 in all)")


def test_a_true_query_is_asked_at_a_state_given_by_atoms_numbers_or_as_the_structure_gives_it():
    """Only the structure's own sets of variables (x0, ...) were written; any other state was
    written {} without a word."""
    s = KnowledgeStructure.build(["p", "q"], parse_formula("p | q"), {Agent("a"): ["p"]}, actual=[{"p"}])
    k_a_p = parse_formula("K_a p")
    for given in ({"p"}, frozenset({"p"}), ["p"], ("p",), [1], (1,), {1}, frozenset({1}), s.actual[0],
                  s.state({"p"})):
        assert write_smcdel(s, [("TRUE?", k_a_p, given)]).splitlines()[-1] == "TRUE? {1} a knows that 1", given
    assert write_smcdel(s, [("TRUE?", k_a_p, ("q", "p")), ("TRUE?", k_a_p, [2, 1])]).splitlines()[-2:] == \
        ["TRUE? {1,2} a knows that 1"] * 2
    for given, words in [("p", "not str 'p'"), (None, "not NoneType None"), ({"p": True}, "not dict {'p': True}"),
                         ([1, "p"], "not list [1, 'p']"), ([True], "not list [True]"), (1, "not int 1"),
                         ({"x0"}, "'x0' is not an atom of the structure"), ({"r"}, "'r' is not an atom"),
                         ([3], "names 3, which numbers no variable of the structure (they are 1,2)"),
                         ([0], "names 0, which numbers no variable"), (set(), "no state of the structure has"),
                         ([], "no state of the structure has exactly the atoms {} true")]:
        with pytest.raises(ModelError, match="^a TRUE\\? query's state[^\n]*$") as refused:
            write_smcdel(s, [("TRUE?", k_a_p, given)])
        assert words in str(refused.value), given
    ruled_out = KnowledgeStructure.build(["p", "q"], parse_formula("p"), {Agent("a"): ["p"]})
    with pytest.raises(ModelError, match=r"^a TRUE\? query's state \{2\} is not a state: the law is false there$"):
        write_smcdel(ruled_out, [("TRUE?", k_a_p, [2])])


def test_a_file_read_gives_its_states_as_the_structure_gives_them_and_writes_them_back():
    f = parse_smcdel("VARS 1,2 LAW 1 | 2 OBS a: 1 TRUE? {2} a knows that 1")
    state = f.state(f.queries[0].state)
    assert repr(state) == "<state [2]: {p2}>" and f.structure.is_state(state)
    assert write_smcdel(f.structure, [("TRUE?", f.queries[0].formula, state)]).splitlines()[-1] == \
        "TRUE? {2} a knows that 1"


def test_a_kripke_model_whose_agents_observe_atoms_is_written_with_its_atoms_alone():
    """from_kripke gave every S5 agent helper variables numbering its blocks, so that the law
    listed every state: now an agent whose partition is what it observes observes those atoms."""
    a, b, c = Agent("a"), Agent("b"), Agent("c")
    worlds = {"pq": {"p", "q"}, "p": {"p"}, "q": {"q"}, "none": set()}
    # a tells p apart and not q, b nothing, c both
    m = KripkeModel.from_relations([a, b, c], worlds, {a: [("pq", "p"), ("q", "none")],
                                                       b: [(u, v) for u in worlds for v in worlds]},
                                   actual="pq", reflexive=True, symmetric=True)
    s = from_kripke(m)
    assert s.variables == tuple(s.atoms[x] for x in ("p", "q"))
    assert {x.name: sorted(k for k, v in s.atoms.items() if v in seen) for x, seen in s.observables.items()} == \
        {"a": ["p"], "b": [], "c": ["p", "q"]}
    text = write_smcdel(s, [("TRUE?", parse_formula("K_a p & ~K_a q"), s.actual[0])])
    assert text == ("-- names: 1 p, 2 q\n-- padding: 3\n-- actual: {1,2}\nVARS 1,2,3\nLAW  AND (Top, ~ 3)\n"
                    "OBS  a: 1\n     b: 3\n     c: 1,2\nTRUE? {1,2} (a knows that 1) & ~ (a knows that 2)\n")
    assert [answer(parse_smcdel(text), q).value for q in parse_smcdel(text).queries] == [True]
    # a partition no set of atoms gives keeps its blocks' numbers; worlds that share a valuation are
    # told apart by the numbers of their copies, which an agent may observe
    odd = from_kripke(KripkeModel(["w", "v", "u"], [{"p"}, {"q"}, {"p", "q"}], {a: Partition([0, 0, 1])}, ["w"]))
    assert len(odd.variables) == 3 and odd.observables[a] == {odd.variables[2]} and "_x3" in write_smcdel(odd)
    twins = from_kripke(KripkeModel(["w", "v", "u"], [{"p"}, {"p"}, set()], {a: Partition([0, 1, 0])}, ["w"]))
    assert len(twins.variables) == 2 and twins.observables[a] == {twins.variables[1]}


def test_a_file_numbering_a_variable_0_is_renumbered_when_written():
    """docs/smcdel.md: an atom pn keeps the number n, except where a variable is numbered 0."""
    f = parse_smcdel("VARS 0,1 LAW 0 | 1 OBS a: 0 WHERE? ~ a knows that 0")
    assert [answer(f, q).text() for q in f.queries] == ["[1]"]
    again = parse_smcdel(write_smcdel(f.structure, [(q.kind, q.formula) for q in f.queries]))
    assert again.structure.atoms.keys() == {"p0", "p1"} and [answer(again, q).text() for q in again.queries] == ["[2]"]
