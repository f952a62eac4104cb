"""Probabilistic models in model files, in the networkx view, and in the explanations of verdicts."""

from __future__ import annotations

import io
import json
from fractions import Fraction as F
from pathlib import Path

import pytest
from hypothesis import given, settings

from epistemic import Agent, Atom, KripkeModel, ModelError
from epistemic.model_json import ModelFileError, load_model, model_from_dict, model_to_dict, save_model
from epistemic.probability import CommonPBelief, Probability, ProbabilisticModel
from epistemic.verdicts import explain_verdict
from cli_runs import run
from probability_strategies import weighed_models

A, B = Agent("a"), Agent("b")
H = Atom("h")


def coin() -> ProbabilisticModel:
    plain = KripkeModel.from_relations([A, B], {"heads": {"h"}, "tails": set()}, {B: [("heads", "tails")]},
                                       actual="tails", reflexive=True, symmetric=True)
    return ProbabilisticModel.common_prior(plain, {"heads": F(3, 4), "tails": F(1, 4)})


def plain_dict() -> dict:
    data = model_to_dict(coin())
    del data["probabilities"]
    return data


@settings(max_examples=100, deadline=None)
@given(weighed_models())
def test_a_model_with_probabilities_comes_back_from_its_file_exactly(model):
    file = io.StringIO()
    save_model(model, file)
    back = load_model(io.StringIO(file.getvalue()))
    assert isinstance(back, ProbabilisticModel)
    assert all(back.probability(x, w) == model.probability(x, w) for x in model.agents for w in model.worlds)


def test_the_file_keeps_fractions_as_text_and_a_model_without_probabilities_as_it_was():
    saved = model_to_dict(coin())
    assert saved["probabilities"]["b"]["tails"] == {"heads": "3/4", "tails": "1/4"}
    assert "probabilities" not in model_to_dict(KripkeModel.initial([A]))


def test_a_common_prior_in_a_file():
    data = {**plain_dict(), "prior": {"heads": "3/4", "tails": 0.25}}
    m = model_from_dict(data)
    assert m.probability(B, "tails") == {"heads": F(3, 4), "tails": F(1, 4)}
    assert m.probability(A, "heads") == {"heads": 1}


@pytest.mark.parametrize("change, message", [
    (lambda d: {**d, "prior": {"heads": "3/4", "tails": "1/2"}}, "prior: the prior sums to 5/4, not 1"),
    (lambda d: {**d, "prior": {"moon": 1}}, "prior.moon: unknown world 'moon'"),
    (lambda d: {**d, "prior": {"heads": True}}, "prior.heads: expected a probability (a number or a string"),
    (lambda d: {**d, "prior": {"heads": 1}, "probabilities": {}}, "probabilities: give a prior or probabilities, not both"),
    (lambda d: {**d, "probabilities": {"a": {}}}, "probabilities: no probabilities for agent 'b'"),
    (lambda d: {**d, "probabilities": {"a": {}, "b": {}, "c": {}}}, "probabilities.c: 'c' is not among the agents"),
    (lambda d: {**d, "probabilities": {"a": {}, "b": {"heads": {"heads": "1/2", "tails": "1/3"}}}},
     "probabilities: the probability of b at 'heads' sums to 5/6, not 1"),
    (lambda d: {**d, "probabilities": {"a": {"heads": {"tails": 1}}, "b": {}}},
     "a does not consider 'tails' possible there"),
    (lambda d: {**d, "probabilities": {"a": {"heads": {"heads": "most"}}, "b": {}}},
     "must be a number such as 3/4 or 0.75, got 'most'"),
])
def test_bad_probabilities_in_a_file_are_one_line_naming_the_place(change, message):
    with pytest.raises(ModelFileError) as caught:
        model_from_dict(json.loads(json.dumps(change(plain_dict()))))
    assert message in str(caught.value) and "\n" not in str(caught.value)


def test_a_verdict_on_a_probability_names_the_weights_and_the_worlds():
    text = explain_verdict(coin(), Probability.at_least(B, H, F(3, 4))).to_text()
    assert text.splitlines() == ["P_b(h) >= 3/4 is true at tails: b gives h probability 3/4 (heads 3/4)",
                                 "  h is true at heads: it is among the facts there"]
    text = explain_verdict(coin(), Probability((1, -1, 2), (B, B, A), (H, ~H, H), ">", F(1, 3))).to_text()
    assert text.splitlines()[0] == ("P_b(h) - P_b(~h) + 2 P_a(h) > 1/3 is true at tails: b gives h probability 3/4 "
                                    "(heads 3/4); b gives ~h probability 1/4 (tails 1/4); a gives h probability 0; "
                                    "the sum is 1/2")


def test_a_verdict_on_common_p_belief_names_who_gives_too_little():
    text = explain_verdict(coin(), CommonPBelief([A, B], F(3, 4), H)).to_text()
    assert text.splitlines()[0] == "C^{3/4}_{a,b} h is false at tails: a gives h probability less than 3/4"
    assert text.splitlines()[1] == "  P_a(h) >= 3/4 is false at tails: a gives h probability 0"


def test_a_verdict_where_the_probability_is_undefined_says_so():
    told = ProbabilisticModel.common_prior(coin(), {"heads": 1}).restricted(["tails"])
    text = explain_verdict(told, Probability.at_least(B, H, F(1, 2))).to_text()
    assert text == ("P_b(h) >= 1/2 is false at tails: b has no probability there (its probabilities weigh no world "
                    "it considers possible)")


def test_the_networkx_view_carries_each_agents_probability():
    graph = coin().to_networkx()
    assert graph.nodes["tails"]["probabilities"] == {B: {"heads": F(3, 4), "tails": F(1, 4)}, A: {"tails": 1}}


def test_a_knowledge_structure_refuses_probabilities_in_one_line():
    from epistemic import holds, parse_formula
    from epistemic.symbolic.convert import from_kripke
    structure = from_kripke(KripkeModel.from_relations([A], {"w": {"p"}}, {}, actual="w", reflexive=True))
    for text in ("P_a(p) >= 1/2", "C^{1/2}_{a} p"):
        with pytest.raises(ModelError, match=r"asks for probabilities, which a knowledge structure does not hold"):
            holds(structure, parse_formula(text))


EXAMPLE = Path(__file__).resolve().parent.parent / "docs" / "examples" / "biased_coin.json"


def test_epistemic_check_reads_a_model_with_a_prior_and_explains_a_probability(capsys):
    code, out, err = run(capsys, "check", str(EXAMPLE), "P_bob(heads) > 1/2 & ~(P_alice(heads) > 0)", "--why")
    assert code == 0, err
    assert out.splitlines()[0] == "true at tails"
    assert "bob gives heads probability 3/4 (heads 3/4)" in out and "alice gives heads probability 0" in out
    code, out, err = run(capsys, "check", str(EXAMPLE), "C^{3/4}_{alice,bob} heads", "--json")
    assert code == 0, err
    assert json.loads(out)["holds"] is False


@pytest.mark.parametrize("argv, says", [
    (["P_bob(heads) >= 3/2 +"], "line 1, column 22: expected a number or a probability term P_a(...), found the end"),
    (["C^{5/4}_{bob} heads"], "line 1, column 4: common p-belief needs a level between 0 and 1, got 5/4"),
    (["P_carol(heads) >= 1/2"], "the formula names carol, who is not an agent of the model"),
    (["C^{1/2}_{bob,carol} heads"], "the formula names carol, who is not an agent of the model"),
])
def test_bad_formulas_of_probability_are_one_line_and_exit_2(capsys, argv, says):
    code, out, err = run(capsys, "check", str(EXAMPLE), *argv)
    assert code == 2 and out == ""
    assert says in err and len(err.strip().splitlines()) == 1, err


def test_a_model_file_without_probabilities_refuses_them_in_one_line(capsys, tmp_path):
    plain = tmp_path / "plain.json"
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    del data["prior"]
    plain.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = run(capsys, "check", str(plain), "P_bob(heads) >= 1/2")
    assert code == 2 and out == ""
    assert "asks for probabilities, and this model has none" in err and len(err.strip().splitlines()) == 1


def test_a_picture_shows_under_each_world_the_weight_each_agent_gives_it():
    from epistemic.visualize import kripke_picture
    from epistemic.visualize.kripke import world_weights
    dot = kripke_picture(coin()).source
    assert "P_b 3/4" in dot and "P_b 1/4" in dot and "P_a 1" in dot
    assert "under a world: the probability agent a gives it from the" in dot
    assert "P_a" not in kripke_picture(KripkeModel.initial([A])).source
    # where the weights differ from world to world, each is shown; where an agent has none, a dash
    plain = KripkeModel.from_relations([A], {"w": {"p"}, "v": set(), "u": set()}, {A: [("w", "v"), ("v", "u")]},
                                       actual="w", reflexive=True, symmetric=True)
    m = ProbabilisticModel(plain, {A: {"w": {"w": F(1, 2), "v": F(1, 2)}, "v": {"v": F(1, 3), "w": F(2, 3)},
                                       "u": None}})
    assert world_weights(m) == {"w": ["P_a 1/2, 2/3, –"], "v": ["P_a 1/2, 1/3, –"], "u": ["P_a 0, –"]}


def disease_file(tmp_path) -> Path:
    """A patient, a rare disease and a test of it, with the test's probabilities in the model file."""
    data = {"format": "epistemic-kripke", "version": 1, "agents": ["patient"],
            "worlds": [{"name": "sick", "true": ["sick"]}, {"name": "healthy", "true": []}], "actual": ["sick"],
            "relations": {"patient": {"partition": [["sick", "healthy"]]}},
            "prior": {"sick": "1/100", "healthy": "99/100"},
            "event_models": {"test": {
                "agents": ["patient"], "events": [{"name": "positive"}, {"name": "negative"}],
                "designated": ["positive"], "relations": {"patient": {"partition": [["positive"], ["negative"]]}},
                "occurrence": {"positive": [["sick", "9/10"], ["~sick", "1/10"]],
                               "negative": [["sick", "1/10"], ["~sick", "9/10"]]}}}}
    path = tmp_path / "disease.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_an_event_model_keeps_its_probabilities_in_a_file(tmp_path):
    from epistemic.event_json import event_model_from_dict, event_model_to_dict, load_model_file
    loaded = load_model_file(disease_file(tmp_path))
    test = loaded.event_models["test"]
    assert test.weighed
    back = event_model_from_dict(json.loads(json.dumps(event_model_to_dict(test))))
    assert back == test and back.occurrence == test.occurrence


def test_epistemic_update_applies_a_test_with_its_probabilities(capsys, tmp_path):
    # worked by hand: 1/100 * 9/10 / (1/100 * 9/10 + 99/100 * 1/10) = 1/12
    out_file = tmp_path / "after.json"
    code, out, err = run(capsys, "update", str(disease_file(tmp_path)), "[test, positive]", "--output", str(out_file),
                         "--check", "P_patient(sick) = 1/12")
    assert code == 0, err
    assert "P_patient(sick) = 1/12: true" in out
    after = load_model(out_file)
    assert isinstance(after, ProbabilisticModel)


@pytest.mark.parametrize("change, message", [
    (lambda t: t.update(occurrence={"positive": "1/2", "negative": "1/3"}),
     "at world 'sick' the occurrence probability of the events that can happen there sums to 5/6, not 1"),
    (lambda t: t.update(occurrence={"positive": 1}), "event_models.test.occurrence: occurrence probabilities name "
                                                     "every event: 'negative' has none"),
    (lambda t: t.update(occurrence={"positive": [["sick"]], "negative": 0}),
     "event_models.test.occurrence.positive[0]: expected a pair [condition, probability]"),
    (lambda t: t.update(observation={"patient": {"positive": {"negative": 1}}}),
     "event_models.test.observation: patient can tell 'positive' from 'negative'"),
    (lambda t: t.update(observation={"doctor": {}}), "event_models.test.observation.doctor: 'doctor' is not among"),
])
def test_bad_event_probabilities_in_a_file_are_one_line(capsys, tmp_path, change, message):
    path = disease_file(tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data["event_models"]["test"])
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = run(capsys, "update", str(path), "[test, positive]", "--output", str(tmp_path / "o.json"))
    assert code == 2 and out == "" and not (tmp_path / "o.json").exists()
    assert message in err and len(err.strip().splitlines()) == 1, err


def test_a_number_with_a_huge_exponent_is_refused_at_once():
    # "1e-99999999" would take Fraction minutes to read: a probability is digits, a fraction or a decimal
    for text in ("1e-99999999", "1E5", "0x10", " 1/2 ", "1/2/3"):
        with pytest.raises(ModelFileError, match="must be a number such as 3/4 or 0.75"):
            model_from_dict({**plain_dict(), "prior": {"heads": text, "tails": "0"}})


def test_a_model_of_floats_comes_back_from_its_file():
    plain = KripkeModel.from_relations([A], {"w": {"p"}, "v": set(), "u": set()}, {A: [("w", "v"), ("v", "u")]},
                                       actual="w", reflexive=True, symmetric=True)
    floats = ProbabilisticModel.uniform(plain, exact=False)
    back = model_from_dict(model_to_dict(floats))
    assert sum(back.probability(A, "w").values()) == 1
    assert all(abs(float(q) - 1 / 3) < 1e-15 for q in back.probability(A, "w").values())


def test_an_undefined_probability_is_explained_as_none_whatever_made_it():
    plain = KripkeModel.from_relations([A], {"w": {"p"}, "u": set()}, {}, actual="u", reflexive=True, symmetric=True)
    m = ProbabilisticModel.common_prior(plain, {"w": 1})
    text = explain_verdict(m, Probability.at_least(A, Atom("p"), 0)).to_text()
    assert text == "P_a(p) >= 0 is false at u: a has no probability there (its probabilities weigh no world it considers possible)"
    text = explain_verdict(m, CommonPBelief([A], F(1, 2), Atom("p"))).to_text()
    assert text.splitlines()[0] == "C^{1/2}_{a} p is false at u: a has no probability there"


def test_a_bound_past_what_a_float_holds_is_compared_without_overflow():
    from epistemic import holds, parse_formula
    floats = ProbabilisticModel.uniform(KripkeModel.from_relations([A], {"w": {"p"}}, {}, actual="w", reflexive=True),
                                        exact=False)
    assert not holds(floats, parse_formula("P_a(p) >= 1" + "0" * 400))
    assert holds(floats, parse_formula("P_a(p) >= -1" + "0" * 400))
    assert not holds(floats, parse_formula("1" + "0" * 400 + " P_a(p) <= 1"))


def test_planning_refuses_a_model_with_probabilities_in_one_line():
    from epistemic import parse_act
    from epistemic.planning import search
    from epistemic.planning.from_models import task_from_model
    with pytest.raises(ModelError, match=r"^planning does not weigh probabilities yet"):
        search(task_from_model(coin(), ["[!h]"], "P_b(h) = 1"))
