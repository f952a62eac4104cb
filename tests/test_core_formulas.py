"""Formulas as values, and their text syntax: parser, printer, errors."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from epistemic import Agent
from epistemic.formulas import (BOTTOM, TOP, And, Announce, AnnouncePrivately, AnnounceWhether, Atom, Common,
                                CommonBelief, EverybodyBelieves, FormulaError, Iff, Implies, Knows, Not, Or,
                                Possible, atoms, agents_of, conjunction, disjunction, shared, subformulas)
from epistemic.syntax import FormulaSyntaxError, parse_formula, to_text
from strategies import formulas

p, q, r = Atom("p"), Atom("q"), Atom("r")
a, b = Agent("a"), Agent("b")


@settings(max_examples=400)
@given(formulas(events=True), st.booleans())
def test_printed_formulas_parse_back(formula, unicode):
    text = to_text(formula, unicode=unicode)
    assert parse_formula(text) == formula
    # and the printer is stable: printing the parsed formula gives the same text
    assert to_text(parse_formula(text), unicode=unicode) == text


_PROPOSITIONAL = (Atom, type(TOP), type(BOTTOM), Not, And, Or, Implies, Iff)


@settings(max_examples=300, deadline=None)
@given(formulas(events=True))
def test_a_formula_is_propositional_exactly_when_connectives_alone_build_it(formula):
    assert formula.propositional == all(isinstance(f, _PROPOSITIONAL) for f in subformulas(formula))


@settings(max_examples=200, deadline=None)
@given(st.lists(formulas(events=True), min_size=1, max_size=4))
def test_formulas_shared_through_one_table_are_equal_and_share_equal_subformulas(given_formulas):
    table: dict = {}
    made = [shared(f, table) for f in given_formulas]
    assert made == given_formulas
    one: dict = {}
    stack = list(made)
    while stack:     # every occurrence of every subformula, equal ones met again included
        g = stack.pop()
        assert one.setdefault(g, g) is g      # an equal subformula met before is this very object
        stack.extend(g.operands())
    assert [shared(f, table) for f in given_formulas] == made
    assert all(x is y for x, y in zip((shared(f, table) for f in given_formulas), made))


@given(formulas(events=True))
def test_equal_formulas_hash_alike(formula):
    again = parse_formula(to_text(formula))
    assert again == formula and hash(again) == hash(formula)
    assert formula != Not(formula)


def test_ascii_and_unicode_spellings_agree():
    pairs = [("~p & q | r -> p <-> q", "¬p ∧ q ∨ r → p ↔ q"), ("top | bot", "⊤ ∨ ⊥"),
             ("<!p> M_a q", "⟨!p⟩ ◇_a q"), ("not p and q or r", "¬p ∧ q ∨ r")]
    for ascii_text, unicode_text in pairs:
        assert parse_formula(ascii_text) == parse_formula(unicode_text)


def test_binding_and_grouping():
    assert parse_formula("p & q | r") == Or(And(p, q), r)
    assert parse_formula("p -> q -> r") == Implies(p, Implies(q, r))
    assert parse_formula("p <-> q <-> r") == Iff(Iff(p, q), r)
    # each level binds tighter than the one before it: <->, ->, |, &
    assert parse_formula("p -> q <-> r -> p") == Iff(Implies(p, q), Implies(r, p))
    assert parse_formula("p <-> q -> r | p & q") == Iff(p, Implies(q, Or(r, And(p, q))))
    assert parse_formula("p & q | r -> p <-> q") == Iff(Implies(Or(And(p, q), r), p), q)
    assert parse_formula("~K_a p & q") == And(Not(Knows(a, p)), q)
    assert parse_formula("[!p] K_a q -> r") == Implies(Announce(p, Knows(a, q)), r)
    assert parse_formula("[!p & q]_{a,b} q") == AnnouncePrivately([a, b], And(p, q), q)
    assert parse_formula("[?p]_a q") == AnnounceWhether([a], p, q)
    assert parse_formula("C_{b, a} p") == Common([a, b], p)
    assert parse_formula("CB_{b,a} EB_a ~p") == CommonBelief([a, b], EverybodyBelieves([a], Not(p)))
    assert str(parse_formula("K_{CB_1} p & EB_{EB} p")) == "K_{CB_1} p & EB_{EB} p"
    assert parse_formula("M_a p") == Possible(a, p)
    assert parse_formula("true") == TOP and parse_formula("false") == BOTTOM


def test_printer_writes_the_parentheses_reading_back_needs():
    # expected texts written by hand from the grammar in epistemic.syntax: -> groups to the
    # right, & | <-> to the left, prefixes bind tightest; no other parentheses are written
    cases = [
        (Implies(Implies(p, q), r), "(p -> q) -> r"),
        (Implies(p, Implies(q, r)), "p -> q -> r"),
        (And(And(p, q), r), "p & q & r"),
        (And(p, And(q, r)), "p & (q & r)"),
        (Or(And(p, q), r), "p & q | r"),
        (And(Or(p, q), r), "(p | q) & r"),
        (Iff(Iff(p, q), r), "p <-> q <-> r"),
        (Iff(p, Iff(q, r)), "p <-> (q <-> r)"),
        (Implies(Or(p, q), Iff(q, r)), "p | q -> (q <-> r)"),
        (And(p, Not(q)), "p & ~q"),
        (Not(Not(p)), "~~p"),
        (Not(And(p, q)), "~(p & q)"),
        (Knows(a, Possible(b, Not(p))), "K_a M_b ~p"),
        (Knows(a, Or(p, q)), "K_a (p | q)"),
        (Announce(Implies(p, q), Knows(a, q)), "[!p -> q] K_a q"),
        (And(Announce(p, q), r), "[!p] q & r"),
    ]
    for formula, text in cases:
        assert to_text(formula) == text
        assert parse_formula(text) == formula


def test_operators_build_formulas():
    assert (~p & q | r) >> p == Implies(Or(And(Not(p), q), r), p)
    with pytest.raises(FormulaError):
        p & "q"


@pytest.mark.parametrize("text, line, column, words", [
    ("p & (q", 1, 7, "expected ')' to close the '(' at column 5"),
    ("p &\n  (q |", 2, 7, "expected a formula, found the end"),
    ("K_ p", 1, 4, "expected an agent right after 'K_'"),
    ("p q", 1, 3, "expected an operator or the end, found 'q'"),
    ("p $ q", 1, 3, "unexpected character '$'"),
    ("[?p] q", 1, 4, "needs a group"),
    ("E_{a,} p", 1, 6, "expected an agent name"),
    ("[!p q", 1, 5, "expected ']' to close the '[!' at column 1"),
    ("", 1, 1, "expected a formula, found the end"),
    ("p & K_x", 1, 8, "expected a formula"),
])
def test_errors_point_at_line_and_column(text, line, column, words):
    with pytest.raises(FormulaSyntaxError) as caught:
        parse_formula(text)
    err = caught.value
    assert (err.line, err.column) == (line, column)
    assert words in str(err) and "\n" not in str(err)


def test_bad_values_are_refused():
    for name in ("K_a", "top", "and", "1p", "", "p q"):
        with pytest.raises(FormulaError):
            Atom(name)
    with pytest.raises(FormulaError):
        Knows("a", p)
    with pytest.raises(FormulaError):
        Common([], p)
    with pytest.raises(FormulaError):
        Common("ab", p)
    with pytest.raises(FormulaError):
        parse_formula(3)
    with pytest.raises(FormulaError):
        to_text(Knows(Agent("a-b"), p))  # a name the syntax cannot write


def test_deep_formulas_need_no_recursion():
    long = conjunction(Atom(f"x{i}") for i in range(5000))
    same = conjunction(Atom(f"x{i}") for i in range(5000))
    assert long == same and hash(long) == hash(same)
    text = to_text(long)
    assert text.count("&") == 4999 and parse_formula(text) == long
    deep = p
    for _ in range(3000):
        deep = Not(deep)
    assert parse_formula(to_text(deep)) == deep
    assert len(list(subformulas(long))) == 2 * 5000 - 1


def _nested(depth: int, shape: str):
    """A formula ``depth`` parentheses (or brackets) deep: each level is written inside the next."""
    f = p
    for i in range(depth):
        if shape == "left":           # ((p -> q) -> q) -> q: the left operand of -> needs parentheses
            f = Implies(f, q)
        elif shape == "right":        # p & (q | K_a (p & (q | ...))): the looser operand of & needs them
            f = And(p, Or(q, Knows(a, f))) if i % 2 else And(q, Or(f, r))
        else:                         # [![![!p] q] r] s: announced inside what is announced
            f = Announce(f, Atom(f"x{i % 7}"))
    return f


@pytest.mark.parametrize("depth", [200, 1_000, 10_000])
@pytest.mark.parametrize("shape", ["left", "right", "announced"])
def test_formulas_nested_deeply_parse_back(depth, shape):
    deep = _nested(depth, shape)
    text = to_text(deep)
    assert text.count("(") + text.count("[!") >= depth - 1
    assert parse_formula(text) == deep
    assert parse_formula(to_text(deep, unicode=True)) == deep


@st.composite
def _deep_formulas(draw):
    """A small random formula wrapped in hundreds of random levels, each a connective, a modal operator or an
    announcement with the deep part in a place that needs parentheses or brackets (or none)."""
    f = draw(formulas(max_leaves=3))
    others = draw(st.lists(formulas(max_leaves=2), min_size=1, max_size=4))
    for kind, which in draw(st.lists(st.tuples(st.integers(0, 7), st.integers(0, 3)), min_size=170, max_size=400)):
        other = others[which % len(others)]
        if kind == 0:
            f = Implies(f, other)
        elif kind == 1:
            f = And(other, Or(f, other))
        elif kind == 2:
            f = Iff(other, Iff(f, other))
        elif kind == 3:
            f = Not(Or(f, other))
        elif kind == 4:
            f = Announce(f, other)
        elif kind == 5:
            f = AnnouncePrivately(frozenset({a}), f, other)
        elif kind == 6:
            f = AnnounceWhether(frozenset({a, b}), Implies(other, f), other)
        else:
            f = Common(frozenset({a, b}), And(f, other))
    return f


@settings(max_examples=25, deadline=None)
@given(_deep_formulas(), st.booleans())
def test_deep_printed_formulas_parse_back(formula, unicode):
    assert parse_formula(to_text(formula, unicode=unicode)) == formula


def test_walks():
    f = parse_formula("[!p] K_a (q | C_{a,b} p)")
    assert atoms(f) == {"p", "q"} and agents_of(f) == {a, b}
    order = [to_text(g) for g in subformulas(f)]
    assert order.index("p") < order.index("C_{a,b} p") < order.index(to_text(f)) == len(order) - 1
    assert conjunction([]) == TOP and disjunction([]) == BOTTOM
    # left to right, as the docstrings say: ((p & q) & r)
    assert conjunction([p, q, r]) == And(And(p, q), r) and disjunction([p, q, r]) == Or(Or(p, q), r)
    # each subformula once, operands before the formula holding them, left operand first
    assert list(subformulas(Implies(q, p))) == [q, p, Implies(q, p)]
    shared = Or(And(p, q), And(p, q))
    assert list(subformulas(shared)) == [p, q, And(p, q), shared]


def test_text_past_the_length_limit_is_refused_unread(monkeypatch):
    from epistemic import syntax
    monkeypatch.setattr(syntax, "MAX_LENGTH", 10)
    assert parse_formula("p & q & rr") == And(And(p, q), Atom("rr"))
    for text, line, column in [("p & q & rrr", 1, 11), ("p &\nq &\n rrr", 3, 3)]:
        with pytest.raises(FormulaSyntaxError) as caught:
            parse_formula(text)
        assert (caught.value.line, caught.value.column) == (line, column)
        assert str(caught.value).endswith("the formula is longer than 10 characters, the most that is read")


@settings(max_examples=150, deadline=None)
@given(formulas(events=True))
def test_a_formula_pickles_and_comes_back_equal_with_its_hash(f):
    # a worker process gets its formulas by pickle (the workbench's checks, a sweep's cells)
    import pickle
    back = pickle.loads(pickle.dumps(f))
    assert back == f and hash(back) == hash(f) and to_text(back) == to_text(f)
    assert {back: 1}[f] == 1
