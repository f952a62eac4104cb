"""Deliberate breaks (mutants) of probabilistic models (epistemic/probability/), each with the tests that must
catch it.

Part of the table in ``tests/mutant_table.py``, which ``python tests/mutants.py`` runs.
"""

from __future__ import annotations

from mutant import Mutant

__all__ = ["PROBABILITY_MUTANTS"]

MODEL = "epistemic/probability/model.py"
TRUTH = "epistemic/probability/truth.py"
PRODUCT = "epistemic/probability/product.py"
CORE = "tests/test_probability_core.py::"
FILES = "tests/test_probability_files.py::"

PROBABILITY_MUTANTS: tuple[Mutant, ...] = (
    Mutant(MODEL,
           "{v: weights[v] / mass for v in cell if weights.get(v, 0) != 0}",
           "{v: weights[v] for v in cell if weights.get(v, 0) != 0}",
           "a common prior is not conditioned on the agent's cell",
           (CORE + "test_a_common_prior_conditioned_on_each_agents_cell",)),
    Mutant(MODEL,
           "return tuple((v, q / mass) for v, q in kept)",
           "return tuple((v, q) for v, q in kept)",
           "a public announcement drops worlds without conditioning what is left",
           (CORE + "test_a_public_announcement_conditions_every_agent_and_twice_is_once",)),
    Mutant(TRUTH,
           "        following = believed & p_believed(weighed, f.group, level, current)",
           "        following = believed",
           "common p-belief is everybody p-believing, once",
           (CORE + "test_common_p_belief_is_every_iterate_of_everybody_p_believing",)),
    Mutant(PRODUCT,
           "weight = q * occurs(v, f) * r",
           "weight = q * occurs(v, f)",
           "the product update leaves out the observation probabilities",
           (CORE + "test_an_agent_who_takes_one_event_for_another_weighs_by_its_observation_probabilities",)),
    Mutant(PRODUCT,
           "weight = q * occurs(v, f) * r",
           "weight = q * r",
           "the product update leaves out the occurrence probabilities",
           (CORE + "test_monty_hall_the_player_who_switches_wins_two_times_in_three",
            CORE + "test_a_positive_test_for_a_rare_disease")),
    Mutant(TRUTH,
           "totals = [None if t is None or w is None else t + coefficient * Fraction(w)",
           "totals = [None if t is None or w is None else t + Fraction(w)",
           "a linear inequality drops its coefficients",
           (CORE + "test_a_linear_inequality_is_the_sum_of_the_weights_compared",)),
    Mutant(TRUTH,
           "return np.array([t is not None and f.holds_for(t) for t in totals], dtype=bool)",
           "return np.array([t is None or f.holds_for(t) for t in totals], dtype=bool)",
           "an inequality holds where its agent has no probability",
           (CORE + "test_what_an_agent_gave_probability_zero_leaves_it_undefined_not_divided_by_zero",)),
    Mutant("epistemic/model_json.py",
           "return {names[v]: str(q) for (v, _), q in zip(measure, weights)}",
           "return {names[v]: float(q) for (v, _), q in zip(measure, weights)}",
           "a model file keeps exact probabilities as floats",
           (FILES + "test_a_model_with_probabilities_comes_back_from_its_file_exactly",)),
    Mutant("epistemic/verdicts.py",
           "        total += coefficient * weight",
           "        total += weight",
           "the explanation of a linear inequality adds its terms without their coefficients",
           (FILES + "test_a_verdict_on_a_probability_names_the_weights_and_the_worlds",)),
    Mutant("epistemic/events.py",
           "        return EventModel(self.agents, self.events, relations, actual,\n"
           "                          occurrence=occurrence_given(self.occurrence),",
           "        return EventModel(self.agents, self.events, relations, actual,\n"
           "                          occurrence=None,",
           "an event model designating another event drops its occurrence probabilities",
           (CORE + "test_an_event_model_carries_its_own_probabilities_into_every_update",)),
    Mutant("epistemic/event_json.py",
           "    if events.occurrence:\n        # a number where one holds everywhere",
           "    if False:\n        # a number where one holds everywhere",
           "an event model file leaves out the occurrence probabilities",
           (FILES + "test_an_event_model_keeps_its_probabilities_in_a_file",)),
    Mutant(PRODUCT,
           "                if holds_here and unset[w]:",
           "                if holds_here:",
           "an event's occurrence probability is its last condition's that holds, not its first",
           (CORE + "test_monty_hall_the_player_who_switches_wins_two_times_in_three",)),
)
