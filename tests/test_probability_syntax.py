"""The formulas of probability in the text syntax: what to_text writes reads back, terms move across the
comparison and add up, an inequality binds as a primary, common p-belief is a prefix, and each fault is
told where it is; their LaTeX."""

from __future__ import annotations

import sys
from fractions import Fraction

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from epistemic import Agent, Atom
from epistemic.formulas import (And, Announce, AnnounceDiamond, Common, FormulaError, Iff, Implies, Knows, Not,
                                Or, to_latex)
from epistemic.probability import COMPARISONS, CommonPBelief, Probability
from epistemic.syntax import parse_formula, to_text
from strategies import formulas, syntax_agents
# the check of the faults of the other formulas, under a name pytest does not collect a second time
from test_core_formulas import test_errors_point_at_line_and_column as told_where

a, b, bob = Agent("a"), Agent("b"), Agent("bob_1")
p, q = Atom("p"), Atom("q")
F = Fraction


def at_least(agent, f, bound):
    return Probability.at_least(agent, f, bound)


# random formulas, old and new mixed ---------------------------------------------------------

_numbers = st.fractions(min_value=-4, max_value=4, max_denominator=12)
_groups = st.frozensets(syntax_agents, min_size=1, max_size=3)


@st.composite
def probabilities(draw, inner):
    """A linear inequality of 1 to 3 terms, each of its own agent and formula (terms of one agent and
    formula are added up when read), with nonzero coefficients, any comparison and any bound."""
    terms = draw(st.lists(st.tuples(syntax_agents, inner), min_size=1, max_size=3, unique=True))
    coefficients = draw(st.lists(_numbers.filter(bool), min_size=len(terms), max_size=len(terms)))
    return Probability(coefficients, [agent for agent, _ in terms], [f for _, f in terms],
                       draw(st.sampled_from(COMPARISONS)), draw(_numbers))


def _mixed(inner):
    return st.one_of(
        probabilities(inner),
        st.builds(CommonPBelief, _groups, st.fractions(min_value=0, max_value=1, max_denominator=20), inner),
        st.builds(Not, inner), st.builds(And, inner, inner), st.builds(Or, inner, inner),
        st.builds(Implies, inner, inner), st.builds(Iff, inner, inner), st.builds(Knows, syntax_agents, inner),
        st.builds(Common, _groups, inner), st.builds(Announce, inner, inner),
        st.builds(AnnounceDiamond, inner, inner))


#: Formulas of every connective inside and around the formulas of probability.
mixed_formulas = st.recursive(formulas(max_leaves=3), _mixed, max_leaves=8)


#: Mixtures the property always tries, whatever the random draws: each new kind inside the other and
#: inside and around the old connectives, with the bounds, signs and names that are awkward to write.
MIXTURES = [
    CommonPBelief([a, b], F(9, 10), Not(Probability((F(-1, 3), 2), (a, bob), (p & q, Knows(b, p)), "<", F(-5, 2)))),
    Probability((1, -1), (a, b), (CommonPBelief([bob], 0, Implies(p, q)), Announce(p, q)), ">=", 0),
    Implies(Probability((1,), (a,), (Iff(p, q),), "=", 1), Common([a], CommonPBelief([b], 1, p) | q)),
    AnnounceDiamond(Probability((F(1, 2),), (b,), (AnnounceDiamond(p, q),), ">", F(1, 2)), Not(q)),
]


@settings(max_examples=300, deadline=None)
@given(mixed_formulas)
@example(MIXTURES[0])
@example(MIXTURES[1])
@example(MIXTURES[2])
@example(MIXTURES[3])
def test_what_to_text_writes_reads_back_in_ascii_and_unicode(formula):
    assert parse_formula(to_text(formula)) == formula
    assert parse_formula(to_text(formula, unicode=True)) == formula


# what is read --------------------------------------------------------------------------------

@pytest.mark.parametrize("text, formula", [
    # what to_text writes
    ("P_a(p) >= 3/4", at_least(a, p, F(3, 4))),
    ("P_a(p) - P_b(p) > 0", Probability((1, -1), (a, b), (p, p), ">", 0)),
    ("2 P_a(p & q) + 1/2 P_b(K_a p) <= 1", Probability((2, F(1, 2)), (a, b), (p & q, Knows(a, p)), "<=", 1)),
    ("-P_a(p) = -1/2", Probability((-1,), (a,), (p,), "=", F(-1, 2))),
    ("P_a(p) < 1", Probability((1,), (a,), (p,), "<", 1)),
    ("P_{bob_1}(p) >= 1/3", at_least(bob, p, F(1, 3))),
    ("P_a(p ∧ q) ≥ 3/4", at_least(a, p & q, F(3, 4))),
    ("P_a(p) ≤ 3/4", Probability((1,), (a,), (p,), "<=", F(3, 4))),
    # and more freely: decimals read exactly, a '*', spaces and line breaks
    ("0.1 P_a(p) <= 0.3", Probability((F(1, 10),), (a,), (p,), "<=", F(3, 10))),
    ("2*P_a(p) >= 1", Probability((2,), (a,), (p,), ">=", 1)),
    ("2 * P_a(p)\n  >= 1", Probability((2,), (a,), (p,), ">=", 1)),
    ("P_a( p ) >=1/2", at_least(a, p, F(1, 2))),
    ("-2 P_a(p) - 0.5 P_b(q) > -1", Probability((-2, F(-1, 2)), (a, b), (p, q), ">", -1)),
    # terms on the right move to the left, numbers to the right
    ("P_a(p) >= P_a(q)", Probability((1, -1), (a, a), (p, q), ">=", 0)),
    ("P_a(p) <= P_b(p) + 1/4", Probability((1, -1), (a, b), (p, p), "<=", F(1, 4))),
    ("P_a(p) >= -P_b(p) - 1/2", Probability((1, 1), (a, b), (p, p), ">=", F(-1, 2))),
    ("P_a(p) - 1/4 > 1/2 P_b(q) + 1/4", Probability((1, F(-1, 2)), (a, b), (p, q), ">", F(1, 2))),
    ("-1/2 + P_a(p) >= 0", at_least(a, p, F(1, 2))),
    # terms of one agent and formula add up; those that come to 0 are dropped
    ("P_a(p) + P_a(p) >= 1", Probability((2,), (a,), (p,), ">=", 1)),
    ("P_a(p) + P_b(q) >= 1/2 P_a(p) - 1", Probability((F(1, 2), 1), (a, b), (p, q), ">=", -1)),
    ("P_a(p) + P_b(q) >= P_a(p) + 1/4", at_least(b, q, F(1, 4))),
    ("P_a(p) + P_b(p) = 1", Probability((1, 1), (a, b), (p, p), "=", 1)),
    ("P_a(p & q) >= P_a(q & p)", Probability((1, -1), (a, a), (p & q, q & p), ">=", 0)),
    # an inequality is a primary: tighter than every connective and prefix
    ("~P_a(p) >= 1/2 & q", And(Not(at_least(a, p, F(1, 2))), q)),
    ("K_b P_a(p) > 0", Knows(b, Probability((1,), (a,), (p,), ">", 0))),
    ("<!P_a(p) > 1/2> q", AnnounceDiamond(Probability((1,), (a,), (p,), ">", F(1, 2)), q)),
    ("⟨!P_a(p) > 1/2⟩ q", AnnounceDiamond(Probability((1,), (a,), (p,), ">", F(1, 2)), q)),
    ("[!P_a(p) >= 1/2] P_b(p) = 0", Announce(at_least(a, p, F(1, 2)), Probability((1,), (b,), (p,), "=", 0))),
    ("P_a(p) >= 1/2 -> q", Implies(at_least(a, p, F(1, 2)), q)),
    ("P_a(p) >= 1/2 | P_b(p) < 1/2 & q",
     Or(at_least(a, p, F(1, 2)), And(Probability((1,), (b,), (p,), "<", F(1, 2)), q))),
    ("(P_a(p) >= 1/2)", at_least(a, p, F(1, 2))),
    ("P_a(P_b(q) > 0) > 0", Probability((1,), (a,), (Probability((1,), (b,), (q,), ">", 0),), ">", 0)),
    ("P_a(p -> q) >= 1", at_least(a, Implies(p, q), 1)),
    # common p-belief: a prefix like C_G
    ("C^{9/10}_{a,b} p", CommonPBelief([a, b], F(9, 10), p)),
    ("C^{1/2}_a p", CommonPBelief([a], F(1, 2), p)),
    ("C^{1/2}_{a} p", CommonPBelief([a], F(1, 2), p)),
    ("C^{3/4}_{a,b} p", CommonPBelief([a, b], F(3, 4), p)),
    ("C^{0.9}_a p", CommonPBelief([a], F(9, 10), p)),
    ("C^{0}_a p", CommonPBelief([a], 0, p)),
    ("C^{1}_{bob_1,a} K_a p", CommonPBelief([a, bob], 1, Knows(a, p))),
    ("C^{1/2}_a p & q", And(CommonPBelief([a], F(1, 2), p), q)),
    ("~C^{1/2}_a ~p", Not(CommonPBelief([a], F(1, 2), Not(p)))),
    ("C^{1/2}_{a,b} P_a(p) >= 1/2", CommonPBelief([a, b], F(1, 2), at_least(a, p, F(1, 2)))),
    ("C^{1/2}_a C_a p", CommonPBelief([a], F(1, 2), Common([a], p))),
])
def test_what_is_read(text, formula):
    assert parse_formula(text) == formula


def test_an_event_s_precondition_and_change_may_be_inequalities():
    f = parse_formula("[(e: P_a(p) > 1/2 {q := P_b(p) = 0}, f; a: {e} {f}), e] q")
    (e, _) = f.action.events
    assert e.precondition == Probability((1,), (a,), (p,), ">", F(1, 2))
    assert dict(e.assign) == {"q": Probability((1,), (b,), (p,), "=", 0)}


def test_a_formula_nested_far_deeper_than_the_recursion_limit_inside_probabilities_is_read():
    depth = 5_000
    assert depth > 4 * sys.getrecursionlimit()
    # each probability inside the next
    nested = p
    for i in range(depth):
        nested = Probability((1, -1), (a, b), (nested, q), ">=", F(i, depth))
    text = to_text(nested)
    assert text.startswith("P_a(" * 10) and parse_formula(text) == nested
    assert repr(nested).count("Probability((Fraction(1, 1), Fraction(-1, 1)), (Agent('a'), Agent('b')), (") == depth
    # and a formula of that depth inside one term
    deep = p
    for _ in range(depth):
        deep = Knows(a, Not(deep & q))
    assert parse_formula(f"C^{{1/2}}_a (P_a({to_text(deep)}) > 1/2)") == \
        CommonPBelief([a], F(1, 2), Probability((1,), (a,), (deep,), ">", F(1, 2)))


# what is refused -----------------------------------------------------------------------------

@pytest.mark.parametrize("text, line, column, words", [
    # a term with no comparison
    ("P_a(p)", 1, 7, "a probability term P_a(...) must be compared with a number, as in P_a(p) >= 1/2"),
    ("P_a(p) & q", 1, 8, "must be compared with a number"),
    ("K_a P_a(p) + P_b(q)", 1, 20, "must be compared with a number"),
    ("P_a(p) 2", 1, 8, "must be compared with a number"),
    ("⟨!P_a(p)⟩ q", 1, 9, "must be compared with a number"),
    ("⟨!P_a(p) ⟩ 1/2⟩ q", 1, 10, "must be compared with a number"),
    # a term badly written
    ("P_a(p >= 1", 1, 7, "expected ')' to close the '(' at column 4, found '>='"),
    ("P_a(p\n  >= 1", 2, 3, "expected ')' to close the '(' at line 1, column 4, found '>='"),
    ("P_a(p) >= 1/2 + P_b(q", 1, 22, "expected ')' to close the '(' at column 20, found the end"),
    ("P_a p >= 1", 1, 5, "expected '(' and the formula whose probability a gives, found 'p'"),
    ("P_ (p) > 0", 1, 4, "expected an agent right after 'P_'"),
    ("P_a() > 0", 1, 5, "expected a formula, found ')'"),
    ("2 * q >= 1", 1, 5, "expected a probability term P_a(...) after '*', found 'q'"),
    ("-p", 1, 2, "expected a number or a probability term P_a(...), found 'p'"),
    ("p & -q", 1, 6, "expected a number or a probability term P_a(...), found 'q'"),
    # what is compared
    ("P_a(p) >= q", 1, 11, "expected a number or a probability term P_a(...), found 'q'"),
    ("P_a(p) ≥ top", 1, 10, "found 'top'"),
    ("P_a(p) >= 1/2 +", 1, 16, "expected a number or a probability term P_a(...), found the end"),
    ("P_a(p) > 1/2 >", 1, 14, "expected an operator or the end, found '>'"),
    ("P_a(p) - P_a(p) > 0", 1, 17, "the terms cancel out"),
    ("P_a(p) + P_b(q) >= P_b(q) + P_a(p) - 1", 1, 17, "the terms cancel out"),
    ("-1 >= 0", 1, 4, "an inequality compares probabilities P_a(...)"),
    # bad numbers
    ("P_a(p) >= 1/0", 1, 11, "'1/0' divides by zero"),
    ("P_a(p) >= 0.5.5", 1, 11, "'0.5.5' is not a number"),
    ("P_a(p) >= 1.", 1, 11, "'1.' is not a number"),
    ("P_a(p) >= 1/2x", 1, 11, "'1/2x' is not a number"),
    ("P_a(p) >= 3 / 4", 1, 13, "expected an operator or the end, found '/'"),
    ("1/x P_a(p) >= 1", 1, 1, "'1/x' is not a number"),
    # common p-belief
    ("C^{3/2}_a p", 1, 4, "common p-belief needs a level between 0 and 1, got 3/2"),
    ("C^{-1/2}_a p", 1, 4, "needs a level between 0 and 1, got -1/2"),
    ("p & C^{1.5}_{a,b} p", 1, 8, "needs a level between 0 and 1, got 3/2"),
    ("C^{x}_a p", 1, 4, "expected a number such as 3/4 or 0.75, found 'x'"),
    ("C^1/2_a p", 1, 3, "expected '{' and a level right after 'C^'"),
    ("C^{1/2 _a p", 1, 8, "expected '}' to close the '{' at column 3"),
    ("C^{1/2} _a p", 1, 9, "expected '_' and a group right after the level"),
    ("C^{1/2}_ p", 1, 10, "expected a group after '_', as in C^{9/10}_{a,b} p, found 'p'"),
    ("C^{1/2}_bob_1 p", 1, 8, "expected a group after '_'"),
    ("C^{1/2}_{a p", 1, 12, "expected '}' or ',' to close the '{' at column 9"),
    ("C^{1/2}_{a}", 1, 12, "expected a formula, found the end"),
    # P_ starts no atom
    ("P_x", 1, 4, "expected '(' and the formula whose probability x gives, found the end"),
    ("q & P_x", 1, 8, "expected '('"),
])
def test_each_fault_is_told_where_it_is(text, line, column, words):
    told_where(text, line, column, words)


# names -----------------------------------------------------------------------------------------

def test_p_underscore_starts_no_atom_and_p_alone_still_does():
    for name in ("P_x", "P_1", "P_"):
        with pytest.raises(FormulaError, match="bad atom name"):
            Atom(name)
    for name in ("P", "Pa", "p_1", "P1", "PP_x", "_P_x", "pP_x"):
        assert Atom(name).name == name
    assert parse_formula("P & Pa | p_1 -> P1") == Implies(Or(And(Atom("P"), Atom("Pa")), Atom("p_1")), Atom("P1"))
    # an agent or an event may still be named so in braces
    assert parse_formula("K_{P_x} p") == Knows(Agent("P_x"), p)


# LaTeX -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("formula, latex", [
    (at_least(a, p, F(3, 4)), r"P_{a}(p) \geq \frac{3}{4}"),
    (Probability((1, -1), (a, b), (p, p), ">", 0), r"P_{a}(p) - P_{b}(p) > 0"),
    (Probability((2, F(1, 2)), (a, bob), (p & q, Knows(a, p)), "<=", 1),
     r"2 P_{a}(p \land q) + \frac{1}{2} P_{\mathit{bob\_1}}(K_{a} p) \leq 1"),
    (Probability((-1,), (a,), (p,), "=", F(-1, 2)), r"-P_{a}(p) = -\frac{1}{2}"),
    (Probability((F(-3, 2),), (a,), (p,), "<", 2), r"-\frac{3}{2} P_{a}(p) < 2"),
    (And(Not(at_least(a, p, F(1, 2))), q), r"\neg P_{a}(p) \geq \frac{1}{2} \land q"),
    (CommonPBelief([b, a], F(9, 10), p), r"C^{\frac{9}{10}}_{\{a,b\}} p"),
    (CommonPBelief([a], 1, Not(p)), r"C^{1}_{\{a\}} \neg p"),
    (CommonPBelief([a], F(1, 2), p | q), r"C^{\frac{1}{2}}_{\{a\}} (p \lor q)"),
])
def test_latex_of_probabilities_and_common_p_belief(formula, latex):
    assert to_latex(formula) == latex
