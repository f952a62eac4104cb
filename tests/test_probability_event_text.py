"""Event models with probabilities in the text syntax: the Monty Hall problem and a noisy signal worked by
hand, written inline as a formula; what to_text writes reads back; each fault told where it is; and an
exercise sheet that asks about them."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from hypothesis import given, settings

from epistemic import Agent, Atom, Event, EventModel, KripkeModel, holds, parse_event_model, parse_formula
from epistemic.formulas import TOP, Act, to_latex, to_text
from epistemic.probability import ProbabilisticModel
from epistemic.syntax import FormulaSyntaxError
from strategies import event_models, formulas

PLAYER = Agent("player")

#: The host opens door 2 or 3, never the car's nor the player's pick (door 1), at random where he may open either.
HOST = ("(opens2 (1/2 if car1, 1): ~car2, opens3 (1/2 if car1, 1): ~car3; "
        "player: {opens2} {opens3})")


def doors() -> ProbabilisticModel:
    plain = KripkeModel.from_relations([PLAYER], {f"car{d}": {f"car{d}"} for d in (1, 2, 3)},
                                       {PLAYER: [("car1", "car2"), ("car2", "car3")]}, actual="car2",
                                       reflexive=True, symmetric=True)
    return ProbabilisticModel.uniform(plain)


def test_monty_hall_written_inline_the_player_who_switches_wins_two_times_in_three():
    # vos Savant (1990): the host opens door 3; the car is behind door 2 with 2/3, behind door 1 with 1/3
    m = doors()
    assert holds(m, parse_formula(f"[{HOST}, opens3] (P_player(car2) = 2/3 & P_player(car1) = 1/3)"))
    assert not holds(m, parse_formula(f"[{HOST}, opens3] P_player(car2) = 1/2"))
    # the text reads as the event model built in Python with the same occurrence probabilities
    half = F(1, 2)
    built = EventModel([PLAYER], [Event("opens2", parse_formula("~car2")), Event("opens3", parse_formula("~car3"))],
                       {PLAYER: [("opens2", "opens2"), ("opens3", "opens3")]}, ["opens3"],
                       occurrence={"opens2": [(Atom("car1"), half), (TOP, 1)],
                                   "opens3": [(Atom("car1"), half), (TOP, 1)]})
    assert parse_formula(f"[{HOST}, opens3] top").action == built


def test_a_host_who_opens_at_random_and_shows_a_goat_leaves_the_two_doors_as_likely():
    # docs/logic.md, "Probabilities": without the host's knowledge the two closed doors weigh 1/2 each
    m = doors()
    blind = "(opens2 (1/2), opens3 (1/2); player: {opens2} {opens3})"
    assert holds(m, parse_formula(f"[{blind}, opens3] [!~car3] (P_player(car2) = 1/2 & P_player(car1) = 1/2)"))


def test_a_noisy_signal_weighs_by_its_observation_probabilities():
    # worked by hand: a fair coin; a sees a signal that shows the right face with 3/4.  After the signal "h"
    # at heads, a weighs (heads, h) by 1/2 * 3/4 and (tails, t) by 1/2 * 1/4: heads has 3/4
    a = Agent("a")
    coin = ProbabilisticModel.uniform(KripkeModel.from_relations(
        [a], {"heads": {"heads"}, "tails": set()}, {a: [("heads", "tails")]}, actual="heads",
        reflexive=True, symmetric=True))
    signal = "(h: heads, t: ~heads; a: h -> h (3/4), h -> t (1/4), t -> t (3/4), t -> h (1/4))"
    assert holds(coin, parse_formula(f"[{signal}, h] P_a(heads) = 3/4"))
    # a signal as good as a coin toss tells nothing; the arrows without numbers are such a signal
    even = "(h: heads, t: ~heads; a: h -> h, h -> t, t -> t, t -> h)"
    assert holds(coin, parse_formula(f"[{even}, h] P_a(heads) = 1/2"))


def test_latex_writes_the_probabilities_of_events():
    text = to_latex(parse_formula(f"[{HOST}, opens3] P_player(car1) = 1/3"))
    assert "(\\frac{1}{2}\\text{ if }\\mathit{car1}, 1)" in text


# what to_text writes reads back ------------------------------------------------------------------------

@settings(max_examples=150, deadline=None)
@given(event_models(formulas(4), weighed=True), formulas(4))
def test_what_to_text_writes_of_an_event_model_with_probabilities_reads_back(events, after):
    act = Act(events, events.actual[0], after)
    assert parse_formula(to_text(act)) == act
    assert parse_formula(to_text(act, unicode=True)) == act


# faults, each told where it is ---------------------------------------------------------------------------

@pytest.mark.parametrize("text, column, fault", [
    ("(h (3/2), t (0); a: {h, t}; designated h)", 5, "the probability of 'h' is 3/2, above 1"),
    ("(h (1/2), t; a: {h, t}; designated h)", 11, "event 't' has no probability of happening, though 'h' has"),
    ("(h, t (1); a: {h, t}; designated h)", 2, "event 'h' has no probability of happening, though 't' has"),
    ("(h (1/2, 1/2 if p), t (1); a: {h, t}; designated h)", 10,
     "the probability of 'h' without a condition holds everywhere: it comes last"),
    ("(h (1/2 if p; a: {h}; designated h)", 13, "expected ',' or ')' to close the '(' at column 4"),
    ("(h, t; a: h -> h (3/4), h -> t; designated h)", 25,
     "this arrow of a's from 'h' has no probability, though another has: give every arrow from 'h' one"),
    ("(h, t; a: h -> h (1/2), h -> t (1/4), t -> t; designated h)", 1,
     "the observation probability of a at 'h' sums to 3/4, not 1"),
    ("(h, t; a: h -> h (2/0); designated h)", 19, "'2/0' divides by zero"),
])
def test_a_fault_in_the_probabilities_of_events_is_one_line_that_says_where(text, column, fault):
    with pytest.raises(FormulaSyntaxError) as caught:
        parse_event_model(text)
    assert caught.value.column == column and fault in str(caught.value) and "\n" not in str(caught.value)


def test_an_exercise_sheet_asks_about_monty_hall_written_inline():
    from epistemic.workbench.grading import grade
    from epistemic.workbench.sheets import sheet_from_text
    sheet = sheet_from_text(f'''
[models.doors]
worlds = {{car1 = ["car1"], car2 = ["car2"], car3 = ["car3"]}}
links = {{player = [["car1", "car2"], ["car2", "car3"]]}}
actual = "car2"
prior = {{car1 = "1/3", car2 = "1/3", car3 = "1/3"}}

[[exercises]]
kind = "worlds"
model = "doors"
question = "Where does the player, once the host has opened door 3, give door 2 the car with 2/3?"
formula = "~[{HOST}, opens3] bot & [{HOST}, opens3] P_player(car2) = 2/3"
''', source="monty.toml")
    (exercise,) = sheet.exercises
    # door 3 can be opened where the car is behind door 1 or 2; at both the player then weighs door 2 by 2/3
    assert exercise.worlds == frozenset({"car1", "car2"})
    assert grade(exercise, "car1, car2").right and not grade(exercise, "car2").right
