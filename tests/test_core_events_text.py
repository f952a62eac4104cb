"""Event models in the text syntax of formulas: printing, reading back, errors, and what they mean."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from epistemic import (Act, Agent, Atom, Event, EventModel, FormulaError, FormulaSyntaxError, KripkeModel, ModelError,
                       UnknownAtomWarning, holds, parse_event_model, parse_formula, to_text, update)
from strategies import acts, formulas

ALICE, BOB = Agent("alice"), Agent("bob")
HEADS = Atom("heads")

LOOK = "(h: heads, t: ~heads; alice: {h} {t}; bob: {h, t})"
PRIVATE = "(h: heads, t: ~heads, skip; alice: {h} {t} {skip}; bob: h -> skip, t -> skip, skip -> skip)"
FLIP = "(flip {heads := ~heads}; alice: {flip}; bob: {flip})"
SECRET = "(flip {heads := ~heads}, skip; alice: {flip} {skip}; bob: flip -> skip, skip -> skip)"


@pytest.fixture
def coin():
    """A coin lying heads up that neither Alice nor Bob has seen."""
    return KripkeModel.from_relations([ALICE, BOB], {"heads": {"heads"}, "tails": set()},
                                      {ALICE: [("heads", "tails")], BOB: [("heads", "tails")]},
                                      actual="heads", reflexive=True, symmetric=True)


# printing and reading back ----------------------------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(acts(formulas(3, events=True)), st.booleans())
def test_event_models_print_and_read_back(act, unicode):
    text = to_text(act, unicode=unicode)
    back = parse_formula(text)
    assert back == act and hash(back) == hash(act)
    assert back.action.actual == act.action.actual and back.action.events == act.action.events
    assert to_text(back, unicode=unicode) == text


def test_the_printed_form():
    semi = parse_formula(f"[{LOOK}, h] K_alice heads")
    assert to_text(semi) == f"[{LOOK}, h] K_alice heads"
    # arrows where the relation is no equivalence, in the order of the events
    private = parse_formula(f"[{PRIVATE}, h] B_bob ~heads")
    assert to_text(private) == f"[{PRIVATE}, h] B_bob ~heads"
    assert "bob: h → skip, t → skip, skip → skip" in to_text(private, unicode=True)
    # changes sorted by atom, then added and removed facts; designated events written when
    # they are not just the event after the comma; an agent called "designated" in braces
    events = EventModel([ALICE, Agent("designated")],
                        [Event("e", precondition=Atom("p") & Atom("q"), adds={"b", "a"}, removes={"c"},
                               assign={"z": Atom("p"), "y": ~Atom("p")}), Event("f")],
                        {ALICE: [("e", "f"), ("f", "f")]}, ["f", "e"])
    text = to_text(Act(events, "e", Atom("p")))
    assert text == ("[(e: p & q {y := ~p, z := p, +a, +b, -c}, f; alice: e -> f, f -> f; {designated}:; "
                    "designated f, e), e] p")
    assert parse_formula(text) == Act(events, "e", Atom("p"))
    # a reflexive relation that is not symmetric is no partition
    assert "a: h -> h, h -> t, t -> t)" in to_text(parse_formula("[(h, t; a: h -> h, h -> t, t -> t), h] p"))


def test_act_binds_like_the_other_prefixes():
    act = parse_formula(f"[{LOOK}, h] K_alice heads & heads")
    assert to_text(act.left) == f"[{LOOK}, h] K_alice heads" and act.right == HEADS
    inner = parse_formula(f"[{LOOK}, t] [{FLIP}, flip] heads")
    assert isinstance(inner.arg, Act) and inner.arg.event == "flip"
    # a precondition is a whole formula, an event model inside it too
    nested = parse_formula(f"[(e: p -> q <-> [{FLIP}, flip] heads; alice: {{e}}; bob: {{e}}), e] top")
    assert to_text(nested).startswith("[(e: p -> q <-> [(flip {heads := ~heads}")


def test_named_event_models():
    look = parse_event_model(LOOK[:-1] + "; designated h, t)")
    assert look.actual == ("h", "t") and sorted(look.relation(BOB)) == [("h", "h"), ("h", "t"), ("t", "h"), ("t", "t")]
    by_name = parse_formula("[look, t] K_alice ~heads", event_models={"look": look})
    assert by_name == Act(look, "t", parse_formula("K_alice ~heads"))
    # written back inline, and read back without the names
    assert parse_formula(to_text(by_name)) == by_name
    # names that lex as operators and words glue back together
    assert parse_formula("[K_1, h] p", {"K_1": look}).action == look


def test_what_has_no_text_is_refused():
    def looked(model, world):
        return True
    cases = [
        (Event("e", precondition=looked), "precondition given as a function"),
        (Event("e", adds={"2 1"}), "not an atom name"),
        (Event("e", removes={3}), "not an atom name"),
        (Event("e", assign={"top": HEADS}), "not an atom name"),
        (Event("e-1"), "cannot be written"),
    ]
    for event, words in cases:
        model = EventModel([ALICE], [event], {ALICE: [(event.name, event.name)]}, [event.name])
        with pytest.raises(FormulaError, match=words):
            to_text(Act(model, event.name, HEADS))
    model = EventModel([Agent("a-b")], [Event("e")], {}, ["e"])
    with pytest.raises(FormulaError, match="cannot be written"):
        to_text(Act(model, "e", HEADS))


# errors -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, line, column, words", [
    # an unknown event in a relation, in a block or an arrow
    ("[(h, t; a: {h} {x}), h] p", 1, 17, "the event model has no event 'x' (its events: h, t)"),
    ("[(h, t; a: h -> x), h] p", 1, 17, "no event 'x'"),
    ("[(h, t; a: x -> h), h] p", 1, 12, "no event 'x'"),
    # an event named twice, also on another line
    ("[(h: p, h: q; a: {h}), h] p", 1, 9, "event 'h' is defined twice (first at column 3)"),
    ("[(h: p,\n  h: q; a: {h}), h] p", 2, 3, "(first at column 3 of line 1)"),
    # designated events unknown or repeated
    ("[(h; a: {h}; designated x), h] p", 1, 25, "no event 'x'"),
    ("[(h, t; a: {h, t}; designated t, t), h] p", 1, 34, "event 't' is designated twice"),
    ("[(h; a: {h}; designated h; b: {h}), h] p", 1, 26, "expected ',' or ')' to close the '(' at column 2"),
    # [E, e] with e not an event of E, written out or named
    ("[(h; a: {h}), x] p", 1, 15, "the event model has no event 'x' (its events: h)"),
    ("[look, x] p", 1, 8, "the event model has no event 'x' (its events: h, t)"),
    ("[nope, h] p", 1, 2, "no event model is named 'nope' (known: look)"),
    # bad postconditions
    ("[(h {p = q}; a: {h}), h] p", 1, 8, "expected ':=' and the formula p takes, found '='"),
    ("[(h {K_a := q}; a: {h}), h] p", 1, 6, "expected a change: 'p := formula', '+p' or '-p', found 'K_'"),
    ("[(h {top := q}; a: {h}), h] p", 1, 6, "'top' is not an atom name"),
    ("[(h {p := }; a: {h}), h] p", 1, 11, "expected a formula, found '}'"),
    ("[(h {p q}; a: {h}), h] p", 1, 8, "expected ':=' and the formula p takes, found 'q'"),
    ("[(h {p := q, p := r}; a: {h}), h] p", 1, 14, "event 'h' assigns 'p' twice"),
    ("[(h {+p, -q, +p}; a: {h}), h] p", 1, 14, "event 'h' adds 'p' twice"),
    ("[(h {p := q; a: {h}), h] p", 1, 12, "expected ',' or '}' to close the '{' at column 5"),
    # relations: blocks that miss or repeat an event, an agent twice, a missing colon or arrow
    ("[(h, t; a: {h}), h] p", 1, 15, "event 't' is in no block of a"),
    ("[(h, t; a: {h, t} {t}), h] p", 1, 20, "event 't' is already in another block of a"),
    ("[(h, t; a: {h, h, t}), h] p", 1, 16, "event 'h' is twice in one block"),
    ("[(h; a: {h}; a: {h}), h] p", 1, 14, "a is given a relation twice"),
    ("[(h; a {h}), h] p", 1, 8, "expected ':' and the relation of a, found '{'"),
    ("[(h; a: h t), h] p", 1, 11, "expected '->' and the event it points to, found 't'"),
    ("[(h; designated: {h}), h] p", 1, 16, "an agent named 'designated' is written in braces: {designated}:"),
    # the frame of [E, e]
    ("[(h; a: {h}) h] p", 1, 14, "expected ',' and the event, found 'h'"),
    ("[(h; a: {h}), h p", 1, 17, "expected ']' to close the '[' at column 1, found 'p'"),
    ("[, h] p", 1, 2, "expected an event model after '[', its name or its events in parentheses, found ','"),
    ("[(; a: {h}), h] p", 1, 3, "expected an event name (letters, digits, underscores), found ';'"),
    ("[(h: p q), h] p", 1, 8, "expected ',', ';' or ')' to close the '(' at column 2, found 'q'"),
])
def test_errors_point_at_line_and_column(text, line, column, words):
    look = parse_event_model(LOOK[:-1] + "; designated h, t)")
    with pytest.raises(FormulaSyntaxError) as caught:
        parse_formula(text, event_models={"look": look})
    err = caught.value
    assert words in str(err) and "\n" not in str(err)
    assert (err.line, err.column) == (line, column)


def test_event_models_on_their_own():
    with pytest.raises(FormulaSyntaxError, match="column 11: name the designated events"):
        parse_event_model("(h; a: {h})")
    with pytest.raises(FormulaSyntaxError, match="column 1: expected '\\(' and the events"):
        parse_event_model("h; a: {h}")
    with pytest.raises(FormulaSyntaxError, match="column 27: expected the end, found 'x'"):
        parse_event_model("(h; a: {h}; designated h) x")
    with pytest.raises(FormulaError, match="must be a string"):
        parse_event_model(None)


def test_names_must_map_to_event_models():
    look = parse_event_model(LOOK[:-1] + "; designated h)")
    with pytest.raises(FormulaError, match="must map names"):
        parse_formula("p", event_models=[look])
    with pytest.raises(FormulaError, match="'look' must be an EventModel, got str"):
        parse_formula("p", event_models={"look": "h"})
    with pytest.raises(FormulaError, match="must be strings"):
        parse_formula("p", event_models={1: look})


def test_designated_events_are_distinct():
    with pytest.raises(ModelError, match="distinct"):
        EventModel([ALICE], [Event("e")], {}, ["e", "e"])


# what the events do ----------------------------------------------------------------------------

def test_a_semi_private_look(coin):
    # Alice learns the face; Bob learns that she did, not what she saw
    after = f"[{LOOK}, h] "
    assert holds(coin, parse_formula(after + "(K_alice heads & ~Kw_bob heads & K_bob Kw_alice heads)"))
    assert not holds(coin, parse_formula(after + "~K_alice heads"))
    # at tails, h cannot happen: the formula holds there whatever follows
    assert holds(coin, parse_formula(after + "bot"), "tails") and not holds(coin, parse_formula(after + "bot"))


def test_a_private_look_leaves_bob_believing_what_he_knew(coin):
    after = f"[{PRIVATE}, h] "
    assert holds(coin, parse_formula(after + "K_alice heads"))
    for text in ("heads", "~heads", "Kw_alice heads", "~Kw_alice heads", "K_alice heads"):
        known_before = holds(coin, parse_formula(f"K_bob {text}"))
        believed_after = holds(coin, parse_formula(after + f"B_bob {text}"))
        assert believed_after == known_before, text
    # Alice knows that Bob believes she does not know
    assert holds(coin, parse_formula(after + "K_alice B_bob ~Kw_alice heads"))
    # Bob's relation is no longer an equivalence; Alice's still is
    model = update(coin, parse_event_model(PRIVATE[:-1] + "; designated h, t)"))
    assert not model.is_equivalence(BOB) and model.is_equivalence(ALICE)


def test_a_public_and_a_secret_flip(coin):
    seen = "[!heads] "
    assert holds(coin, parse_formula(seen + f"[{FLIP}, flip] (~heads & C_{{alice,bob}} ~heads)"))
    secret = seen + f"[{SECRET}, flip] "
    assert holds(coin, parse_formula(secret + "(~heads & K_alice ~heads & B_bob heads & K_alice B_bob heads)"))
    assert not holds(coin, parse_formula(secret + "B_bob ~heads"))
    # nothing flipped: skip changes nothing
    assert holds(coin, parse_formula(seen + f"[{SECRET}, skip] (heads & B_bob heads)"))


def test_added_and_removed_facts(coin):
    mark = "(e {+marked, -heads}; alice: {e}; bob: {e})"
    assert holds(coin, parse_formula(f"[{mark}, e] (marked & ~heads & C_{{alice,bob}} marked)"))
    with pytest.warns(UnknownAtomWarning, match="names marked, which is true at no world of the model"):
        assert not holds(coin, parse_formula("marked"))


def test_the_designated_events_are_what_update_applies(coin):
    look = parse_event_model(LOOK[:-1] + "; designated h, t)")
    after = update(coin, look)
    assert len(after.actual) == 1 and holds(after, parse_formula("K_alice heads & K_bob Kw_alice heads"))
    # written inline, the designated event is the one after the comma
    assert parse_formula(f"[{LOOK}, t] top").action.actual == ("t",)


def test_agents_must_be_the_models(coin):
    lonely = parse_formula("[(h; alice: {h}), h] heads")
    with pytest.raises(ModelError, match="it has alice, the Kripke model alice, bob"):
        holds(coin, lonely)
