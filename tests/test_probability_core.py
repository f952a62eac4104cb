"""Probabilistic models: hand-worked probabilities, Bayes' rule under updates, and the formulas that read them."""

from __future__ import annotations

import pickle
from fractions import Fraction as F

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from epistemic import (TOP, Agent, Atom, Event, EventModel, KripkeModel, ModelError, holds, parse_formula,
                       private_event, public_event, update)
from epistemic import formulas as fm
from epistemic.probability import CommonPBelief, Probability, ProbabilisticModel
from epistemic.probability import update as chance_update
from probability_strategies import propositional, weighed_models

# the drawn formulas name atoms some drawn models make true nowhere
pytestmark = pytest.mark.filterwarnings("ignore::epistemic.UnknownAtomWarning")

A, B = Agent("a"), Agent("b")
P, Q = Atom("p"), Atom("q")


def coin(prior_heads=F(3, 4)) -> ProbabilisticModel:
    """a saw a biased coin; b did not."""
    plain = KripkeModel.from_relations([A, B], {"heads": {"h"}, "tails": set()}, {B: [("heads", "tails")]},
                                       actual="tails", reflexive=True, symmetric=True)
    return ProbabilisticModel.common_prior(plain, {"heads": prior_heads, "tails": 1 - prior_heads})


def by_origin(model: ProbabilisticModel, agent: Agent, world) -> dict:
    """``agent``'s probability at ``world`` of an updated model, keyed by the worlds' origins."""
    return {model.origin(v): q for v, q in model.probability(agent, world).items()}


# worked by hand ---------------------------------------------------------------------------
def test_a_common_prior_conditioned_on_each_agents_cell():
    m = coin()
    assert m.probability(B, "tails") == {"heads": F(3, 4), "tails": F(1, 4)}
    assert m.probability(A, "tails") == {"tails": 1} and m.probability(A, "heads") == {"heads": 1}
    h = Atom("h")
    assert holds(m, Probability.at_least(B, h, F(3, 4)))
    assert not holds(m, Probability((1,), (B,), (h,), ">", F(3, 4)))
    assert holds(m, Probability((1,), (B,), (h,), "=", F(3, 4)))
    # a knows the coin shows tails; b gives heads three times the weight of tails
    assert holds(m, Probability((1,), (A,), (~h,), "=", 1))
    assert holds(m, Probability((1, -3), (B, B), (~h, h), "=", -2))


def monty_hall():
    player = Agent("player")
    doors = KripkeModel.from_relations([player], {f"car{d}": {f"car{d}"} for d in (1, 2, 3)},
                                       {player: [("car1", "car2"), ("car2", "car3")]}, actual="car2",
                                       reflexive=True, symmetric=True)
    return player, ProbabilisticModel.uniform(doors)


def test_monty_hall_the_player_who_switches_wins_two_times_in_three():
    # vos Savant (1990), Selvin (1975): the host, who knows where the car is, opens a door the player did not
    # pick and that hides no car, choosing at random where he may open either; switching wins with 2/3
    player, m = monty_hall()
    opens = EventModel([player], [Event("opens2", parse_formula("~car2")), Event("opens3", parse_formula("~car3"))],
                       {player: [("opens2", "opens2"), ("opens3", "opens3")]}, actual=["opens3"])
    half = F(1, 2)
    # the first condition that holds gives the probability: behind the player's door either door, else the one
    # door the host may open (the other's precondition fails there)
    after = chance_update(m, opens, occurrence={"opens2": [("car1", half), ("top", 1)],
                                                "opens3": [("car1", half), ("top", 1)]})
    (here,) = after.actual
    assert by_origin(after, player, here) == {("car1", "opens3"): F(1, 3), ("car2", "opens3"): F(2, 3)}
    assert holds(after, parse_formula("K_player ~car3"))
    assert holds(after, Probability((1, -1), (player, player), (Atom("car2"), Atom("car1")), "=", F(1, 3)))
    # without the host's probabilities each door he may open is as likely as the other was not: 1/2 each
    even = update(m, opens)
    (here,) = even.actual
    assert by_origin(even, player, here) == {("car1", "opens3"): F(1, 2), ("car2", "opens3"): F(1, 2)}


def test_a_host_who_does_not_know_where_the_car_is_gives_no_reason_to_switch():
    # Rosenthal (2008), "Monty Fall": the host opens door 2 or 3 at random and happens to show a goat:
    # then the car is behind door 1 or door 2 with probability 1/2 each
    player, m = monty_hall()
    opens = EventModel([player], [Event("opens2"), Event("opens3")],
                       {player: [("opens2", "opens2"), ("opens3", "opens3")]}, actual=["opens3"])
    after = chance_update(m, opens, occurrence={"opens2": F(1, 2), "opens3": F(1, 2)})
    goat = after.restricted([w for w in after.worlds if "car3" not in after.facts(w)])
    (here,) = goat.actual
    assert by_origin(goat, player, here) == {("car1", "opens3"): F(1, 2), ("car2", "opens3"): F(1, 2)}


def test_a_positive_test_for_a_rare_disease():
    # worked by hand: prior 1/100, the test finds 9 in 10 of the sick and wrongly 1 in 10 of the healthy;
    # P(sick | positive) = (1/100 * 9/10) / (1/100 * 9/10 + 99/100 * 1/10) = 9/108 = 1/12
    patient = Agent("patient")
    plain = KripkeModel.from_relations([patient], {"sick": {"sick"}, "healthy": set()},
                                       {patient: [("sick", "healthy")]}, actual="sick", reflexive=True, symmetric=True)
    m = ProbabilisticModel.common_prior(plain, {"sick": F(1, 100), "healthy": F(99, 100)})
    test = EventModel([patient], [Event("positive"), Event("negative")],
                      {patient: [("positive", "positive"), ("negative", "negative")]}, actual=["positive"])
    after = chance_update(m, test, occurrence={"positive": [("sick", F(9, 10)), ("~sick", F(1, 10))],
                                               "negative": [("sick", F(1, 10)), ("~sick", F(9, 10))]})
    (here,) = after.actual
    assert by_origin(after, patient, here)[("sick", "positive")] == F(1, 12)
    assert holds(after, Probability.at_least(patient, Atom("sick"), F(1, 12)))
    assert not holds(after, Probability((1,), (patient,), (Atom("sick"),), ">", F(1, 12)))


def test_an_agent_who_takes_one_event_for_another_weighs_by_its_observation_probabilities():
    # worked by hand: a fair coin seen through fog; when it shows heads the watcher takes it for heads 3 times
    # in 4.  After seeing heads: (1/2 * 3/4) / (1/2 * 3/4 + 1/2 * 1/4) = 3/4
    watcher = Agent("watcher")
    plain = KripkeModel.from_relations([watcher], {"heads": {"h"}, "tails": set()}, {watcher: [("heads", "tails")]},
                                       actual="heads", reflexive=True, symmetric=True)
    m = ProbabilisticModel.uniform(plain)
    fog = EventModel([watcher], [Event("sees_heads", Atom("h")), Event("sees_tails", ~Atom("h"))],
                     {watcher: [("sees_heads", "sees_tails"), ("sees_tails", "sees_heads"),
                                ("sees_heads", "sees_heads"), ("sees_tails", "sees_tails")]}, actual=["sees_heads"])
    after = chance_update(m, fog, observation={watcher: {"sees_heads": {"sees_heads": F(3, 4), "sees_tails": F(1, 4)},
                                                         "sees_tails": {"sees_tails": F(3, 4), "sees_heads": F(1, 4)}}})
    (here,) = after.actual
    assert by_origin(after, watcher, here) == {("heads", "sees_heads"): F(3, 4), ("tails", "sees_tails"): F(1, 4)}
    # given no observation probabilities, the watcher takes either event for either as likely: he learns nothing
    (here,) = update(m, fog).actual
    assert by_origin(update(m, fog), watcher, here) == {("heads", "sees_heads"): F(1, 2),
                                                        ("tails", "sees_tails"): F(1, 2)}


def test_what_an_agent_gave_probability_zero_leaves_it_undefined_not_divided_by_zero():
    m = coin(prior_heads=F(1))
    # a, who sees the coin, has no probability where it shows what the prior rules out; b has one everywhere
    assert m.undefined(A) == {"tails"} and m.undefined(B) == frozenset()
    told = m.restricted(["tails"])
    assert told.undefined(B) == {"tails"} and told.probability(B, "tails") is None
    # an inequality of an agent without probability is false there, and so is its bound turned round
    assert not holds(told, Probability.at_least(B, TOP, 0))
    assert not holds(told, Probability((1,), (B,), (TOP,), "<", 1))
    assert holds(told, ~Probability.at_least(B, TOP, 0))
    # the checker's own announcement agrees with the restriction
    assert holds(m, fm.Announce(~Atom("h"), ~Probability.at_least(B, TOP, 0)))


def test_a_formula_of_probability_in_a_model_without_probabilities_is_one_clear_error():
    plain = KripkeModel.from_relations([A], {"w": {"p"}}, {}, actual="w", reflexive=True)
    with pytest.raises(ModelError, match=r"^P_a\(p\) >= 1/2 asks for probabilities, and this model has none"):
        holds(plain, Probability.at_least(A, P, F(1, 2)))


def test_updates_keep_the_probabilities_and_pickling_keeps_them_too():
    m = coin()
    told = update(m, private_event([A, B], None, [A], precondition=parse_formula("~h")))
    assert isinstance(told, ProbabilisticModel)
    copy = pickle.loads(pickle.dumps(told))
    assert isinstance(copy, ProbabilisticModel)
    assert all(copy.probability(x, w) == told.probability(x, w) for x in (A, B) for w in told.worlds)
    assert isinstance(m.with_actual(["heads"]), ProbabilisticModel)
    assert m.renamed({"heads": "H"}).probability(B, "tails") == {"H": F(3, 4), "tails": F(1, 4)}


def test_floats_on_request():
    m = ProbabilisticModel.common_prior(coin(), {"heads": 0.75, "tails": 0.25}, exact=False)
    assert not m.exact and m.probability(B, "tails") == {"heads": 0.75, "tails": 0.25}
    third = ProbabilisticModel.uniform(monty_hall()[1], exact=False)
    assert holds(third, Probability((1, 1, 1), (Agent("player"),) * 3, (Atom("car1"), Atom("car2"), Atom("car3")),
                                    "=", 1))


# bad input ------------------------------------------------------------------------------
@pytest.mark.parametrize("probabilities, says", [
    ({A: {"heads": {"heads": 1}, "tails": {"tails": 1}}}, "b has no probabilities"),
    ({A: {"heads": {"heads": 1}, "tails": {"tails": 1}}, B: {"heads": {"heads": F(1, 2), "tails": F(1, 3)}}},
     "the probability of b at 'heads' sums to 5/6, not 1"),
    ({A: {"heads": {"heads": 2, "tails": -1}}, B: {}}, "is -1, below 0"),
    ({A: {"heads": {"heads": F(1, 2), "tails": F(1, 2)}}, B: {}}, "a does not consider 'tails' possible there"),
    ({A: {"nowhere": {"heads": 1}}, B: {}}, "name 'nowhere', which is not a world of the model"),
    ({A: {}, B: {}, Agent("c"): {}}, "c, who is not an agent of the model"),
    ({A: {"heads": {"heads": "most"}}, B: {}}, "must be a number such as 3/4"),
])
def test_bad_probabilities_are_one_line(probabilities, says):
    plain = coin()
    base = KripkeModel(plain.worlds, [plain.facts(w) for w in plain.worlds],
                       {x: plain.relation_of(x) for x in (A, B)}, plain.actual)
    with pytest.raises(ModelError) as caught:
        ProbabilisticModel(base, probabilities)
    assert says in str(caught.value) and "\n" not in str(caught.value)


@pytest.mark.parametrize("prior, says", [
    ({"heads": F(1, 2)}, "the prior sums to 1/2, not 1"),
    ({"heads": F(3, 2), "tails": F(-1, 2)}, "below 0"),
    ({"moon": 1}, "'moon', which is not a world of the model"),
])
def test_a_bad_prior_is_one_line(prior, says):
    with pytest.raises(ModelError, match=says):
        ProbabilisticModel.common_prior(coin(), prior)


def test_bad_event_probabilities_are_one_line():
    player, m = monty_hall()
    opens = EventModel([player], [Event("opens2", parse_formula("~car2")), Event("opens3", parse_formula("~car3"))],
                       {player: [("opens2", "opens2"), ("opens3", "opens3")]}, actual=["opens3"])
    cases = [
        (dict(occurrence={"opens2": F(1, 2)}), "'opens3' has none"),
        (dict(occurrence={"opens2": F(1, 2), "opens3": F(1, 4)}),
         "at world 'car1' the occurrence probability of the events that can happen there sums to 3/4, not 1"),
        (dict(occurrence={"opens2": 2, "opens3": 0}), "above 1"),
        (dict(occurrence={"opens2": F(1, 2), "opens3": F(1, 2), "opens4": 0}), "'opens4', which is not an event"),
        (dict(observation={player: {"opens3": {"opens2": 1}}}), "player can tell 'opens3' from 'opens2'"),
        (dict(observation={Agent("host"): {}}), "host, who is not an agent of the event model"),
    ]
    for options, says in cases:
        with pytest.raises(ModelError) as caught:
            chance_update(m, opens, **options)
        assert says in str(caught.value) and "\n" not in str(caught.value), (options, str(caught.value))
    with pytest.raises(ModelError, match="updates a ProbabilisticModel"):
        chance_update(KripkeModel.initial([player]), opens)


# properties -------------------------------------------------------------------------------
def assert_probabilities(model: ProbabilisticModel):
    """Every defined probability sums to 1, is positive, and weighs only worlds its agent considers possible."""
    for agent in model.agents:
        for w in model.worlds:
            measure = model.probability(agent, w)
            if measure is None:
                continue
            assert sum(measure.values()) == 1
            assert all(q > 0 for q in measure.values())
            assert set(measure) <= model.accessible(w, agent)


@settings(max_examples=150, deadline=None)
@given(weighed_models(), propositional())
def test_a_public_announcement_conditions_every_agent_and_twice_is_once(model, announced):
    truth = np.array([holds(model, announced, w) for w in model.worlds])
    once = model.restricted(truth)
    assert_probabilities(once)
    # Bayes' rule worked directly: the old weights of the kept worlds, over their sum
    for agent in (A, B):
        for w in once.worlds:
            old = model.probability(agent, w)
            kept = None if old is None else {v: q for v, q in old.items() if truth[model.index(v)]}
            expected = None if not kept else {v: q / sum(kept.values()) for v, q in kept.items()}
            assert once.probability(agent, w) == expected
    twice = once.restricted(np.array([holds(once, announced, w) for w in once.worlds]))
    assert all(twice.probability(x, w) == once.probability(x, w) for x in (A, B) for w in twice.worlds)


@settings(max_examples=100, deadline=None)
@given(weighed_models(), propositional(), st.sampled_from([">=", "<=", ">", "<", "="]),
       st.fractions(0, 1, max_denominator=4))
def test_announcing_a_fact_twice_changes_no_probability_the_checker_reads(model, announced, comparison, bound):
    asked = Probability((1,), (A,), (P,), comparison, bound)
    assert [holds(model, fm.Announce(announced, fm.Announce(announced, asked)), w) for w in model.worlds] == \
           [holds(model, fm.Announce(announced, asked), w) for w in model.worlds]


@settings(max_examples=150, deadline=None)
@given(weighed_models(), propositional(), st.lists(st.tuples(st.sampled_from([A, B]), propositional(),
                                                             st.integers(-2, 2).filter(bool)), min_size=1, max_size=3),
       st.sampled_from([">=", "<=", ">", "<", "="]), st.fractions(-1, 1, max_denominator=4))
def test_a_linear_inequality_is_the_sum_of_the_weights_compared(model, _, terms, comparison, bound):
    f = Probability([c for _, _, c in terms], [x for x, _, _ in terms], [g for _, g, _ in terms], comparison, bound)
    for w in model.worlds:
        total, defined = F(0), True
        for agent, g, c in terms:
            measure = model.probability(agent, w)
            if measure is None:
                defined = False
                break
            total += c * sum(q for v, q in measure.items() if holds(model, g, v))
        expected = defined and {">=": total >= bound, "<=": total <= bound, ">": total > bound, "<": total < bound,
                                "=": total == bound}[comparison]
        assert holds(model, f, w) == expected


@settings(max_examples=150, deadline=None)
@given(weighed_models(max_worlds=5), propositional(), st.sampled_from([F(1, 3), F(1, 2), F(2, 3), F(1)]))
def test_common_p_belief_is_every_iterate_of_everybody_p_believing(model, phi, level):
    # Monderer and Samet (1989): C^q φ is the intersection over n >= 1 of (E^q)^n φ, E^q X the worlds where every
    # agent gives X at least q; the checker finds it as a greatest fixed point instead
    def everybody(truth):
        out = []
        for w in model.worlds:
            ok = True
            for agent in (A, B):
                measure = model.probability(agent, w)
                ok = ok and measure is not None and sum(q for v, q in measure.items() if truth[model.index(v)]) >= level
            out.append(ok)
        return tuple(out)

    current, seen = everybody(tuple(holds(model, phi, w) for w in model.worlds)), []
    while current not in seen:
        seen.append(current)
        current = everybody(current)
    expected = [all(x[i] for x in seen) for i in range(len(model))]
    assert [holds(model, CommonPBelief([A, B], level, phi), w) for w in model.worlds] == expected


@settings(max_examples=100, deadline=None)
@given(weighed_models(), propositional(), st.frozensets(st.sampled_from([A, B])))
def test_a_private_announcement_leaves_the_outsiders_probabilities_as_they_were(model, announced, audience):
    if not any(holds(model, announced, w) for w in model.actual):
        return
    told = update(model, private_event([A, B], None, audience, precondition=announced))
    assert_probabilities(told)
    for agent in {A, B} - audience:
        for w in told.worlds:
            origin, event = told.origin(w)
            old = model.probability(agent, origin)
            new = told.probability(agent, w)
            # the outsider takes the idle event for what happened: its weights of the old worlds stay
            assert (None if new is None else {told.origin(v)[0]: q for v, q in new.items()}) == old


@settings(max_examples=100, deadline=None)
@given(weighed_models(), propositional())
def test_announcing_by_event_model_is_conditioning(model, announced):
    if not any(holds(model, announced, w) for w in model.actual):
        return
    told = update(model, public_event([A, B], precondition=announced))
    truth = np.array([holds(model, announced, w) for w in model.worlds])
    restricted = model.restricted(truth)
    assert_probabilities(told)
    for agent in (A, B):
        for w in told.worlds:
            origin = told.origin(w)[0]
            measure = told.probability(agent, w)
            assert (None if measure is None else {told.origin(v)[0]: q for v, q in measure.items()}) == \
                restricted.probability(agent, origin)


@st.composite
def observed_events(draw):
    """Two or three events, each agent's arrows a partition of them, the observation probabilities even or
    drawn, and occurrence probabilities 1."""
    names = ["e", "f", "g"][:draw(st.integers(2, 3))]
    events = [Event(n, precondition=draw(st.one_of(st.none(), propositional()))) for n in names]
    relations, observation = {}, {}
    for agent in (A, B):
        block = [draw(st.integers(0, 1)) for _ in names]
        relations[agent] = [(x, y) for x, i in zip(names, block) for y, j in zip(names, block) if i == j]
        if draw(st.booleans()):
            observation[agent] = {}
            for x, i in zip(names, block):
                linked = [y for y, j in zip(names, block) if i == j]
                weights = [draw(st.integers(1, 3)) for _ in linked]
                observation[agent][x] = {y: F(k, sum(weights)) for y, k in zip(linked, weights)}
    return EventModel([A, B], events, relations, names), observation


@settings(max_examples=150, deadline=None)
@given(weighed_models(), observed_events())
def test_every_update_keeps_each_probability_summing_to_one(model, drawn):
    events, observation = drawn
    try:
        after = chance_update(model, events, observation=observation)
    except ModelError as error:
        assert "no actual event can happen" in str(error)
        return
    assert_probabilities(after)


def test_an_event_model_carries_its_own_probabilities_into_every_update():
    # the Monty Hall event model with the host's probabilities inside it: epistemic.update, the formula [E, e]
    # and epistemic.probability.update all read them (vos Savant 1990: 1/3 and 2/3)
    player, m = monty_hall()
    half = F(1, 2)
    opens = EventModel([player], [Event("opens2", parse_formula("~car2")), Event("opens3", parse_formula("~car3"))],
                       {player: [("opens2", "opens2"), ("opens3", "opens3")]}, actual=["opens3"],
                       occurrence={"opens2": [(Atom("car1"), half), (TOP, 1)], "opens3": [(Atom("car1"), half), (TOP, 1)]})
    assert opens.weighed and not opens.with_chances().weighed
    after = update(m, opens)
    (here,) = after.actual
    assert by_origin(after, player, here) == {("car1", "opens3"): F(1, 3), ("car2", "opens3"): F(2, 3)}
    switch = Probability((1,), (player,), (Atom("car2"),), "=", F(2, 3))
    assert holds(m, fm.Act(opens, "opens3", switch), "car2")
    assert not holds(m, fm.Act(opens.with_chances(), "opens3", switch), "car2")
    # what the update is given replaces what the events carry; what it is not given, they keep
    kept = chance_update(m, opens, observation={player: {"opens3": {"opens3": 1}}})
    (here,) = kept.actual
    assert by_origin(kept, player, here) == {("car1", "opens3"): F(1, 3), ("car2", "opens3"): F(2, 3)}
    # an act names its event, and the event model it designates keeps the probabilities
    from epistemic import apply_act
    acted = apply_act(m.with_actual(["car2"]), fm.Act(opens, "opens3", TOP))
    assert {acted.probability(player, w)[w] for w in acted.actual} == {F(2, 3)}
