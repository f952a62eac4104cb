"""Deliberate breaks (mutants) of planning tasks from our own models (epistemic/planning/from_models.py) and
of their EPDDL writer (epistemic/epddl/writer.py), each with the tests that must catch it.

Part of the table in ``tests/mutant_table.py``, which ``python tests/mutants.py`` runs.  Each is
caught without plank: the tests that run plank skip where it is missing.
"""

from __future__ import annotations

from mutant import Mutant

__all__ = ["EPDDL_WRITER_MUTANTS"]

ACTS = "epistemic/acts.py"
FROM_MODELS = "epistemic/planning/from_models.py"
WRITER = "epistemic/epddl/writer.py"
STORIES = "tests/test_planning_from_models.py::"
FILES = "tests/test_epddl_writer.py::"

EPDDL_WRITER_MUTANTS: tuple[Mutant, ...] = (
    Mutant(ACTS,
           "        return action.designating([act.event])",
           "        return action.designating([e.name for e in action.events])",
           "[E, e] as a planning action designates every event of E, not e alone",
           (STORIES + "test_each_act_as_a_planning_action_gives_what_epistemic_update_gives",)),
    Mutant(FROM_MODELS,
           "                  relations=[(agent.name, events.relation(agent)) for agent in agents],",
           "                  relations=[(agent.name, events.relation(agents[0])) for agent in agents],",
           "every agent observes an act as the first agent does",
           (STORIES + "test_each_act_as_a_planning_action_gives_what_epistemic_update_gives",
            STORIES + "test_an_event_model_keeps_its_designated_events_and_each_agent_its_relation")),
    Mutant(FROM_MODELS,
           "        name, given = (found.group(1), found.group(2)) if found else (item.strip(), item)",
           "        name, given = (item.strip(), item)",
           "name=[act] is read as an act, and refused",
           (STORIES + "test_actions_are_named_by_their_text_by_the_user_or_by_their_place",)),
    Mutant(WRITER,
           "        sizes[f] = 1 + (2 * inner if isinstance(f, Iff) else inner)",
           "        sizes[f] = 1 + inner",
           "the two sides of <-> are counted once, though written twice: a formula too large is written",
           (FILES + "test_a_formula_too_large_to_write_is_refused_before_it_is_written",)),
    Mutant(WRITER,
           "        if isinstance(formula, Top) or (formula is None and atom in event.adds):",
           "        if isinstance(formula, Top) or atom in event.adds:",
           "an atom an event adds is written true even where the event assigns it a formula",
           (FILES + "test_an_atom_assigned_and_added_or_removed_takes_its_assignment_as_the_update_does",)),
    Mutant(WRITER,
           "            for _, earlier in kept[:n]:\n                part = And(part, Not(earlier))",
           "            for _, earlier in kept[:n]:\n                pass",
           "an observability type listed after others takes its own condition, not that it is the first to hold",
           (FILES + "test_two_types_are_an_if_and_its_else_and_a_type_listed_twice_takes_where_it_is_first",
            FILES + "test_more_types_are_a_chain_whose_last_is_taken_where_no_other_is")),
    Mutant(WRITER,
           "        if not listed:\n            continue   # plank reads an empty list of pairs wrongly",
           "        if False:\n            continue   # plank reads an empty list of pairs wrongly",
           "an agent whose relation holds no pair is written with an empty list, which plank reads wrongly",
           (FILES + "test_what_holds_no_pair_and_where_no_atom_holds_are_left_out",)),
    Mutant(WRITER,
           "    if len(designated) > 1:\n        problem_requirements.add(\":multi-pointed-models\")",
           "    if len(designated) > 2:\n        problem_requirements.add(\":multi-pointed-models\")",
           "a problem of two designated worlds does not require multi-pointed models",
           (FILES + "test_the_problem_writes_the_initial_state_out",)),
    Mutant(WRITER,
           "    if pairs > MAX_PAIRS:",
           "    if pairs > MAX_PAIRS + 1:",
           "an initial state one pair over the limit is written",
           (FILES + "test_the_pairs_are_counted_before_anything_is_written",)),
)
