"""Deliberate breaks (mutants) of the core modules, and the tests that must catch them.

Each mutant replaces one exact snippet of one source file.  Running

    python tests/mutants.py

copies the repository to a temporary folder, makes a fresh virtual
environment in which ``epistemic`` is that copy (its dependencies borrowed
from the running interpreter's environment; see :func:`make_copy`), checks
that the named tests pass on the unchanged copy, then applies each mutant in
turn to the copy, runs only the tests it names (``pytest -x -q``, with the
running interpreter's version and packages, and a fixed hypothesis seed so
that a run can be repeated) and puts the file back.  The working tree is
never touched.

It prints one line per mutant, ``killed`` (by which test) or ``SURVIVED``,
and exits 1 if a mutant survived, if the named tests fail without any
mutant, or if a snippet is not found exactly once in its file (so the table
fails loudly when the code it breaks is refactored).

Options
-------
--list          print the table and exit
--only TEXT     run only the mutants whose module or description contains TEXT
--each          run each named test on its own, and count a mutant killed only
                if every one of its tests catches it (slower; checks the table)
--survey        run the whole test suite (except the wheel install test) for
                each mutant and list every test that fails, to choose the
                tests a mutant should name
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent


class Mutant(NamedTuple):
    path: str            # file, relative to the repository root
    snippet: str         # exact source text, found exactly once in the file
    replacement: str     # what the mutant puts in its place
    description: str
    tests: tuple[str, ...]  # pytest node ids expected to catch it


KNOWLEDGE = "epistemic/knowledge.py"
ANNOUNCEMENTS = "epistemic/announcements.py"
KRIPKE = "epistemic/kripke.py"
UPDATES = "epistemic/updates.py"
SEQUENTIAL = "epistemic/sequential.py"
CHECKING = "epistemic/checking.py"
DAG = "epistemic/dag.py"
PREDICT = "models/pirates/predict.py"
GAME = "models/pirates/game.py"
FORMULAS = "epistemic/formulas.py"
SYNTAX = "epistemic/syntax.py"
EVENTS = "epistemic/events.py"
BISIMULATION = "epistemic/bisimulation.py"
BUILDING = "epistemic/building.py"
MODEL_JSON = "epistemic/model_json.py"
RELATIONS = "epistemic/relations.py"
STORY = "epistemic/story.py"
VERDICTS = "epistemic/verdicts.py"
EXPLANATION = "epistemic/explanation.py"
AGENTS = "epistemic/agents.py"
VALIDATORS = "epistemic/validators.py"

MUTANTS: tuple[Mutant, ...] = (
    # knowledge.py -----------------------------------------------------------------------------
    Mutant(KNOWLEDGE,
           "kept = frozenset(a for a in self.announcements if a.heard_by(agent))",
           "kept = frozenset(a for a in self.announcements)",
           "seen_by keeps every announcement: private promises become public",
           ("tests/test_core_types.py::test_seen_by_outsider_and_insider",
            "tests/test_pirates_knowledge.py::test_knowledge_and_beliefs_follow_the_audiences")),
    Mutant(KNOWLEDGE,
           "return self if len(kept) == len(self.announcements) else Knowledge(kept)\n\n    def restricted",
           "return self if kept else Knowledge(kept)\n\n    def restricted",
           "seen_by returns early when anything at all was heard",
           ("tests/test_core_types.py::test_seen_by_outsider_and_insider",)),
    Mutant(KNOWLEDGE,
           "kept = frozenset(a for a in self.announcements if keep(a))",
           "kept = frozenset(self.announcements)",
           "restricted drops nothing: dead pirates' promises stay in the memo key",
           ("tests/test_core_types.py::test_seen_by_outsider_and_insider",
            "tests/test_pirates_seed.py::test_a_promise_is_dropped_once_its_maker_is_overboard")),
    Mutant(KNOWLEDGE,
           "return self.announcements <= other.announcements",
           "return self.announcements < other.announcements",
           "<= is strict inclusion",
           ("tests/test_core_types.py::test_knowledge_order_is_inclusion",)),
    # announcements.py -------------------------------------------------------------------------
    Mutant(ANNOUNCEMENTS,
           "return self.audience is None or agent in self.audience",
           "return True",
           "heard_by: everyone hears every announcement",
           ("tests/test_core_types.py::test_announcement_public_and_private",)),
    Mutant(ANNOUNCEMENTS,
           "return cls(speaker, content, frozenset(hearers) | {speaker})",
           "return cls(speaker, content, frozenset(hearers) | {speaker} if hearers else None)",
           "private to nobody else becomes a public announcement",
           ("tests/test_core_types.py::test_private_adds_the_speaker",)),
    Mutant(ANNOUNCEMENTS,
           "    if instance.speaker not in value:\n",
           "    if False:\n",
           "the speaker need not hear his own announcement",
           ("tests/test_core_types.py::test_announcement_validation",)),
    Mutant(ANNOUNCEMENTS,
           "    if value is None:\n        return None\n    if isinstance(value, Agent):",
           "    if not value:\n        return None\n    if isinstance(value, Agent):",
           "an empty audience means a public announcement",
           ("tests/test_core_types.py::test_announcement_validation",)),
    # kripke.py and updates.py -------------------------------------------------------------------
    Mutant(UPDATES,
           "    if announcement.audience is None:\n        events = public_event",
           "    if True:\n        events = public_event",
           "announce makes every private announcement public",
           ("tests/test_core_kripke.py::test_announce_private",
            "tests/test_pirates_knowledge.py::test_story_1_knowledge")),
    Mutant(KRIPKE,
           "        for agent in path:\n            if agent not in self._relations:",
           "        for agent in reversed(path):\n            if agent not in self._relations:",
           "reachable follows the path backwards",
           ("tests/test_core_kripke.py::test_accessible_and_reachable",)),
    Mutant(KRIPKE,
           "key = (id(relation), pairs)",
           "key = id(relation)",
           "product update shares one relation between agents who see the events differently",
           ("tests/test_core_kripke.py::test_announce_private",)),
    Mutant(KRIPKE,
           '            if key[0] == "atom":',
           "            if True:",
           "restricted carries every cached truth set into the submodel, not only atoms",
           ("tests/test_core_checking.py::test_private_announcement_leaves_outsiders_unaware",)),
    Mutant(KRIPKE,
           "        if seen.all():\n            return self",
           "        if True:\n            return self",
           "generated never drops unreachable worlds",
           ("tests/test_core_kripke.py::test_generated_drops_unreachable_worlds",)),
    Mutant(KRIPKE,
           "        return frozenset.intersection(*(self.facts(w) for w in worlds))",
           "        return frozenset().union(*(self.facts(w) for w in worlds))",
           "believed_facts: true in some reached world instead of every one",
           ("tests/test_core_kripke.py::test_believed_facts",)),
    # checking.py ------------------------------------------------------------------------------
    Mutant(CHECKING,
           '    key = ("announce", announced)',
           '    key = ("announce",)',
           "after_announcement forgets the announced formula in its cache key",
           ("tests/test_core_checking.py::test_each_announcement_has_its_own_updated_model",)),
    Mutant(CHECKING,
           '    key = ("intersection", group)',
           '    key = ("intersection",)',
           "group_relation forgets the group in its cache key",
           ("tests/test_core_checking.py::test_distributed_knowledge_pools_what_agents_know",)),
    Mutant(CHECKING,
           '    key = ("components", group)',
           '    key = ("components",)',
           "common_relation_labels forgets the group in its cache key",
           ("tests/test_core_checking.py::test_common_knowledge_is_a_fixpoint_not_one_step",)),
    Mutant(CHECKING,
           "            return ~left | right",
           "            return left | ~right",
           "implication with its operands swapped",
           ("tests/test_core_checking.py::test_connectives_follow_their_truth_tables",)),
    Mutant(CHECKING,
           "        new = step & ~reach\n        if not new.any():\n            return ~reach",
           "        new = step & ~reach\n        if True:\n            return ~new",
           "common belief stops after one step (no fixpoint)",
           ("tests/test_core_checking.py::test_common_belief_is_a_fixpoint_not_one_step",)),
    Mutant(CHECKING,
           "            if np.array_equal(label, before):\n                break",
           "            if True:\n                break",
           "common knowledge labels: one pass over the blocks instead of a fixpoint",
           ("tests/test_core_checking.py::test_common_knowledge_chains_in_any_order_of_agents",)),
    Mutant(CHECKING,
           "                meet = meet.meet(p)",
           "                meet = p",
           "distributed knowledge of S5 agents uses the last agent's relation alone",
           ("tests/test_core_checking.py::test_distributed_knowledge_pools_what_agents_know",)),
    # dag.py -----------------------------------------------------------------------------------
    Mutant(DAG,
           "            if key not in self._values:\n                self._solve_memo(key)\n            return",
           "            if True:\n                self._solve_memo(key)\n            return",
           "the memo is ignored for the asked key: it is predicted again on every call",
           ("tests/test_core_dag.py::test_memo_predicts_each_key_once",)),
    Mutant(DAG,
           "for r in reversed(frame.pending) for _ in range(r.copies)]",
           "for r in reversed(frame.pending)]",
           "the naive tree ignores copies: one prediction of a prediction per request",
           ("tests/test_core_dag.py::test_naive_respects_copies",
            "tests/test_pirates_seed.py::test_naive_counts")),
    Mutant(DAG,
           "                active[frame.key] -= 1\n",
           "",
           "the naive tree never takes a finished key off its stack: false cycles",
           ("tests/test_core_dag.py::test_naive_documented_count",)),
    Mutant(DAG,
           "                edges[frame.key] = list(frame.results.items())",
           "                edges[frame.key] = list(frame.results.items())[:1]",
           "memoized nodes keep only their first edge",
           ("tests/test_core_dag.py::test_children_reachable_and_restricted_export",)),
    Mutant(DAG,
           '                    view = self._new_node(req.key, "view")\n',
           "                    view = None\n",
           "the naive tree does not count predictions of predictions",
           ("tests/test_core_dag.py::test_naive_documented_count",
            "tests/test_pirates_seed.py::test_naive_counts")),
    # sequential.py ----------------------------------------------------------------------------
    Mutant(SEQUENTIAL,
           "values if value[mover] == most]",
           "values if value[mover] <= most]",
           "backward induction makes the first move whatever it gives",
           ("tests/test_core_sequential.py::test_agrees_with_plain_recursion_at_every_state",)),
    Mutant(SEQUENTIAL,
           "        for level in range(len(levels) - 1, -1, -1):",
           "        for level in range(len(levels)):",
           "explanations are made from the top down: a reason is made before those it rests on",
           ("tests/test_core_sequential.py::test_explanations_are_whole_where_paths_meet",
            "tests/test_centipede.py::test_explanation_rests_on_what_passing_would_give")),
    Mutant(SEQUENTIAL,
           "        if self._gains is None:\n            return following.payoffs",
           "        if True:\n            return following.payoffs",
           "what a move itself gives is forgotten",
           ("tests/test_core_sequential.py::test_gains_add_up_along_the_play",)),
    # formulas.py: values, walks and the printer ------------------------------------------------
    Mutant(FORMULAS,
           'Implies: ("implies", _IMPLIES, _OR, _IMPLIES)',
           'Implies: ("implies", _IMPLIES, _IMPLIES, _IMPLIES)',
           "the printer drops the parentheses around an implication on the left of ->",
           ("tests/test_core_formulas.py::test_printer_writes_the_parentheses_reading_back_needs",)),
    Mutant(FORMULAS,
           "        if strength < least:\n",
           "        if strength <= least:\n",
           "the printer puts parentheses around operands that bind just tightly enough",
           ("tests/test_core_formulas.py::test_printer_writes_the_parentheses_reading_back_needs",)),
    Mutant(FORMULAS,
           "or MODAL_PREFIX.match(value)",
           "or False",
           "atom names may start like a modal operator (K_a)",
           ("tests/test_core_formulas.py::test_bad_values_are_refused",)),
    Mutant(FORMULAS,
           "        if f in done:\n            continue\n",
           "",
           "subformulas yields a shared subformula once per occurrence",
           ("tests/test_core_formulas.py::test_walks",)),
    Mutant(FORMULAS,
           "out = _formula(f) if out is None else And(out, _formula(f))",
           "out = _formula(f) if out is None else And(_formula(f), out)",
           "conjunction nests from the last formula, not from the first",
           ("tests/test_core_formulas.py::test_walks",)),
    # syntax.py: the parser ---------------------------------------------------------------------
    Mutant(SYNTAX,
           "            out = Implies(part, out)",
           "            out = Implies(out, part)",
           "a chain of -> is read with its operands swapped",
           ("tests/test_core_formulas.py::test_binding_and_grouping",)),
    Mutant(SYNTAX,
           '        while self.at("<->"):',
           '        if self.at("<->"):',
           "a chain of <-> stops after its first operator",
           ("tests/test_core_formulas.py::test_binding_and_grouping",)),
    Mutant(SYNTAX,
           "        for make in reversed(prefixes):",
           "        for make in prefixes:",
           "stacked prefixes are applied outermost first: ~K_a p reads as K_a ~p",
           ("tests/test_core_formulas.py::test_binding_and_grouping",)),
    Mutant(SYNTAX,
           "return a.line == b.line and a.column + len(a.raw) == b.column",
           "return a.line == b.line and a.column + len(a.raw) <= b.column",
           "an agent may stand apart from its operator (K_ a p)",
           ("tests/test_core_formulas.py::test_errors_point_at_line_and_column",)),
    Mutant(SYNTAX,
           "line, start = line + 1, m.start() + i + 1",
           "line, start = line + 1, m.start() + i",
           "columns after a line break are counted from the line break itself",
           ("tests/test_core_formulas.py::test_errors_point_at_line_and_column",)),
    # events.py ---------------------------------------------------------------------------------
    Mutant(EVENTS,
           'else [("told", "skip"), ("skip", "skip")]',
           'else [("told", "told"), ("skip", "skip")]',
           "outsiders of a private event see it happen",
           ("tests/test_core_kripke.py::test_announce_private",
            "tests/test_core_checking.py::test_private_announcement_leaves_outsiders_unaware")),
    Mutant(EVENTS,
           "    everything = [(e, f) for e in (\"yes\", \"no\") for f in (\"yes\", \"no\")]",
           "    everything = [(\"yes\", \"yes\"), (\"no\", \"no\")]",
           "outsiders of a semi-private announcement learn the answer too",
           ("tests/test_core_checking.py::test_private_announcement_leaves_outsiders_unaware",)),
    Mutant(EVENTS,
           "    told = Event(\"told\", precondition=precondition, adds=() if fact is None else {fact})\n    skip",
           "    told = Event(\"told\", precondition=precondition, adds=())\n    skip",
           "a private event forgets the fact it makes true",
           ("tests/test_core_kripke.py::test_announce_private",)),
    Mutant(EVENTS,
           "    if model.agents != frozenset(agents):",
           "    if not model.agents <= frozenset(agents):",
           "an event model over fewer agents than the Kripke model is accepted",
           ("tests/test_core_kripke.py::test_update_needs_the_same_agents",)),
    Mutant(EVENTS,
           "            if e not in names or f not in names:",
           "            if e not in names:",
           "an arrow to an unknown event is accepted",
           ("tests/test_core_kripke.py::test_event_model_validation",)),
    # bisimulation.py ---------------------------------------------------------------------------
    Mutant(BISIMULATION,
           "kinds.setdefault(model.facts(w), len(kinds))",
           "kinds.setdefault(frozenset(), len(kinds))",
           "refinement starts from one class: worlds with different facts may be bisimilar",
           ("tests/test_core_bisimulation.py::test_classes_are_the_largest_bisimulation",)),
    Mutant(BISIMULATION,
           "        label, count = refined, refined_count\n",
           "        label, count = refined, refined_count\n        break\n",
           "one round of refinement only, not a fixpoint",
           ("tests/test_core_bisimulation.py::test_classes_are_the_largest_bisimulation",)),
    Mutant(BISIMULATION,
           "per_owner[owner[heads]] = _number_rows(table)[0] + 1",
           "per_owner[owner[heads]] = _number_rows(table)[0]",
           "the first set of classes reached gets the number of reaching nothing",
           ("tests/test_core_bisimulation.py::test_classes_are_the_largest_bisimulation",)),
    Mutant(BISIMULATION,
           "numbers.setdefault(group.tobytes(), len(numbers) + 1)",
           "numbers.setdefault(group.tobytes(), len(numbers))",
           "without padding, the first set of classes reached is numbered like reaching nothing",
           ("tests/test_core_bisimulation.py::test_sets_of_classes_numbered_without_padding",)),
    Mutant(BISIMULATION,
           "relations[agent] = Partition(_reached(relation, label, count)[first])",
           "relations[agent] = Partition(relation.block[first])",
           "the contraction keeps the blocks of the classes' first worlds, not the classes they reach",
           ("tests/test_core_bisimulation.py::test_blocks_that_cross_classes",)),
    # building.py -------------------------------------------------------------------------------
    Mutant(BUILDING,
           "relations[agent] = Partition(kept & mask)",
           "relations[agent] = Partition(kept & ~mask)",
           "an agent observes the atoms it was not given",
           ("tests/test_core_building.py::test_agents_cannot_tell_apart_worlds_agreeing_on_what_they_observe",)),
    Mutant(BUILDING,
           "codes = np.arange(start, min(start + _CHUNK, total), dtype=np.int64)",
           "codes = np.arange(start, min(start + _CHUNK, total - 1), dtype=np.int64)",
           "the last valuation (every atom true) is never considered",
           ("tests/test_core_building.py::test_worlds_are_the_valuations_of_the_law_in_counting_order",
            "tests/test_core_building.py::test_model_is_what_the_description_says")),
    Mutant(BUILDING,
           "    if place == len(kept) or kept[place] != code:",
           "    if place == len(kept):",
           "an actual world the law excludes is accepted when a later valuation is kept",
           ("tests/test_core_building.py::test_bad_descriptions",)),
    Mutant(BUILDING,
           "        if isinstance(f, Atom) and f.name not in names:",
           "        if False:",
           "a law may name an atom that is not among the atoms",
           ("tests/test_core_building.py::test_bad_descriptions",)),
    # model_json.py -----------------------------------------------------------------------------
    Mutant(MODEL_JSON,
           "            if block[w] >= 0:",
           "            if block[w] > 0:",
           "a world already in the first block may be put in another",
           ("tests/test_core_model_json.py::test_bad_dictionaries",)),
    Mutant(MODEL_JSON,
           "    if type(version) is not int or version != VERSION:",
           "    if version != VERSION:",
           "a version of true is read as version 1",
           ("tests/test_core_model_json.py::test_bad_dictionaries",)),
    Mutant(MODEL_JSON,
           "        if isinstance(relation, Partition):\n            relations[agent.name]",
           "        if False:\n            relations[agent.name]",
           "every relation is saved as arrows, partitions included",
           ("tests/test_core_model_json.py::test_text_is_one_world_and_one_relation_per_line",
            "tests/test_core_model_json.py::test_round_trip_through_a_path")),
    Mutant(MODEL_JSON,
           "        if name in seen:\n",
           "        if False:\n",
           "two worlds written alike (1 and '1') are saved",
           ("tests/test_core_model_json.py::test_unsavable_models_write_nothing",)),
    Mutant(MODEL_JSON,
           "        if key in out and out.duplicate is None:",
           "        if False:",
           "a key given twice in a file is not noticed",
           ("tests/test_core_model_json.py::test_bad_text",)),
    # relations.py ------------------------------------------------------------------------------
    Mutant(RELATIONS,
           "bad[self.rows[~truth[self.cols]]] = True",
           "bad[self.cols[~truth[self.rows]]] = True",
           "box over arrows follows them backwards",
           ("tests/test_core_relations.py::test_arrows_answer_as_their_pairs_do",
            "tests/test_core_checking.py::test_checker_agrees_with_the_reference")),
    Mutant(RELATIONS,
           "return Partition(self.block * other.count + other.block)",
           "return Partition(self.block + other.block)",
           "meet numbers pairs of blocks ambiguously",
           ("tests/test_core_relations.py::test_partitions_answer_as_their_blocks_do",)),
    Mutant(RELATIONS,
           "        if len(np.unique(rows)) != n:\n            return False",
           "        if False:\n            return False",
           "a relation where some world sees nothing passes as KD45",
           ("tests/test_core_relations.py::test_a_world_that_sees_nothing_is_not_kd45",
            "tests/test_core_relations.py::test_arrows_answer_as_their_pairs_do")),
    Mutant(RELATIONS,
           "        order = np.argsort(np.argsort(first))\n",
           "        order = np.arange(len(first))\n",
           "partition blocks are numbered by the labels given, not by their first worlds",
           ("tests/test_core_relations.py::test_partitions_answer_as_their_blocks_do",)),
    Mutant(RELATIONS,
           "        both = (r >= 0) & (c >= 0)",
           "        both = r >= 0",
           "restricting arrows keeps the arrows into dropped worlds",
           ("tests/test_core_relations.py::test_restricted_arrows_keep_the_arrows_among_the_worlds_kept",)),
    # story.py ----------------------------------------------------------------------------------
    Mutant(STORY,
           "        if not holds(model, formula):\n",
           "        if False:\n",
           "a story announces what is false at the actual world",
           ("tests/test_core_story.py::test_a_false_announcement_is_refused_and_changes_nothing",)),
    Mutant(STORY,
           "        if r.worlds <= show:\n            head +=",
           "        if r.worlds < show:\n            head +=",
           "the text lists the worlds left only when fewer than show",
           ("tests/test_core_story.py::test_worlds_are_listed_up_to_show",)),
    Mutant(STORY,
           "self._round(len(self.rounds), text, formula, after_announcement(model, formula))",
           "self._round(len(self.rounds), text, formula, model)",
           "an announcement does not restrict the model",
           ("tests/test_core_story.py::test_rounds_restrict_the_model_and_answer_the_questions",)),
    # verdicts.py -------------------------------------------------------------------------------
    Mutant(VERDICTS,
           "        side = f.left if not truth(f.left, w) else f.right",
           "        side = f.left if truth(f.left, w) else f.right",
           "a false conjunction is explained by its true conjunct",
           ("tests/test_core_verdicts.py::test_each_reason_rests_on_the_reasons_that_decide_it",)),
    Mutant(VERDICTS,
           "        column = 0 if truth_array(m, f.announced)[i] else 1",
           "        column = 0",
           "a semi-private announcement is explained by its 'yes' event where the answer is no",
           ("tests/test_core_verdicts.py::test_what_follows_an_announcement_is_explained_after_it",
            "tests/test_core_verdicts.py::test_each_reason_rests_on_the_reasons_that_decide_it")),
    Mutant(VERDICTS,
           "        after = after_announcement(m, f.announced)\n",
           "        after = m\n",
           "what follows a public announcement is explained in the model before it",
           ("tests/test_core_verdicts.py::test_what_follows_an_announcement_is_explained_after_it",)),
    Mutant(VERDICTS,
           "        bad = [v for v in seen if not arg[m.index(v)]]",
           "        bad = seen",
           "a failed knowledge names a world considered possible, not one where the formula fails",
           ("tests/test_core_verdicts.py::test_a_failed_knowledge_names_the_world_not_ruled_out",
            "tests/test_core_verdicts.py::test_each_reason_rests_on_the_reasons_that_decide_it")),
    Mutant(VERDICTS,
           "if children and depth is not None and level >= depth:",
           "if children and depth is not None and level > depth:",
           "explanations keep one level more than the depth asked",
           ("tests/test_core_verdicts.py::test_depth_cuts_and_world_checks",)),
    Mutant(VERDICTS,
           "                    if not arg[y]:\n",
           "                    if arg[y]:\n",
           "a failed common knowledge is explained by a path to a world where the formula holds",
           ("tests/test_core_verdicts.py::test_common_knowledge_fails_along_a_path",)),
    # explanation.py ----------------------------------------------------------------------------
    Mutant(EXPLANATION,
           "            if reason.because and max_depth is not None and depth >= max_depth:",
           "            if reason.because and max_depth is not None and depth > max_depth:",
           "to_text shows one level more than max_depth",
           ("tests/test_pirates_explain.py::TestReason::test_max_depth_says_what_is_cut",)),
    Mutant(EXPLANATION,
           "cut = reason.claim if reason.claim.endswith(OMITTED) else f\"{reason.claim} {OMITTED}\"",
           "cut = f\"{reason.claim} {OMITTED}\"",
           "to_text says twice that a claim's reasons were cut",
           ("tests/test_core_explanation.py::test_a_claim_says_once_that_its_reasons_were_cut",)),
    Mutant(EXPLANATION,
           ("            yield depth, reason\n"
            "            stack.extend((depth + 1, child) for child in reversed(reason.because))"),
           ("            yield depth, reason\n"
            "            stack.extend((depth + 1, child) for child in reason.because)"),
           "walk visits the reasons a claim rests on last first",
           ("tests/test_pirates_explain.py::TestReason::test_text_walk_and_edges",)),
    Mutant(EXPLANATION,
           "stack.extend((child, depth + 1, node[\"because\"]) for child in reversed(reason.because))",
           "stack.extend((child, depth + 1, node[\"because\"]) for child in reason.because)",
           "to_dict lists the reasons a claim rests on last first",
           ("tests/test_core_explanation.py::test_to_dict_keeps_the_order_and_makes_keys_plain",)),
    Mutant(EXPLANATION,
           "        return [_plain(part) for part in key]",
           "        return list(key)",
           "to_dict leaves the parts of a tuple key as they are",
           ("tests/test_core_explanation.py::test_to_dict_keeps_the_order_and_makes_keys_plain",)),
    # agents.py ---------------------------------------------------------------------------------
    Mutant(AGENTS,
           "        return self.name == other.name\n",
           "        return type(self) is type(other) and self.name == other.name\n",
           "an agent of a subclass differs from the plain agent of its name",
           ("tests/test_core_types.py::test_a_subclass_agent_is_the_agent_of_its_name",)),
    Mutant(AGENTS,
           "        return hash(self.name)",
           "        return hash((type(self).__name__, self.name))",
           "an agent of a subclass hashes apart from the plain agent of its name",
           ("tests/test_core_types.py::test_a_subclass_agent_is_the_agent_of_its_name",)),
    Mutant(AGENTS,
           "        return self.name < other.name",
           "        return self.name > other.name",
           "agents sort in reverse order of their names",
           ("tests/test_core_types.py::test_agents_order_and_differ_by_name",)),
    # validators.py -----------------------------------------------------------------------------
    Mutant(VALIDATORS,
           "return isinstance(value, int) and not isinstance(value, bool)",
           "return isinstance(value, int)",
           "True and False pass as whole numbers",
           ("tests/test_core_validators.py::test_checks_return_what_they_accept_and_raise_the_error_asked_for",)),
    Mutant(VALIDATORS,
           "if at_least is not None and value < at_least:",
           "if at_least is not None and value <= at_least:",
           "whole_number refuses its lower bound itself",
           ("tests/test_core_validators.py::test_checks_return_what_they_accept_and_raise_the_error_asked_for",)),
    Mutant(VALIDATORS,
           "    if not low <= value <= high:",
           "    if not low < value <= high:",
           "between refuses its lower bound itself",
           ("tests/test_core_validators.py::test_checks_return_what_they_accept_and_raise_the_error_asked_for",)),
    Mutant(VALIDATORS,
           ' or not value.strip() or "\\n" in value',
           " or not value.strip()",
           "a line of text may hold a line break",
           ("tests/test_core_validators.py::test_each_check_says_what_it_expected_and_what_it_got",)),
    # game.py: how the pirate game builds its Kripke model -------------------------------------
    Mutant(GAME,
           "                model = announce(model, a)",
           "                model = announce(model, Announcement(a.speaker, a.content))",
           "the game's Kripke model hears every promise as public",
           ("tests/test_pirates_knowledge.py::test_story_1_knowledge",)),
    # predict.py -------------------------------------------------------------------------------
    Mutant(PREDICT,
           "        public = [a for a in knowledge.announcements if a.is_public]",
           "        public = list(knowledge.announcements)",
           "voter_classes treats private promises as public",
           ("tests/test_pirates_knowledge.py::test_story_1_knowledge",
            "tests/test_pirates_knowledge.py::test_story_2_outsiders_act_as_if_nothing_was_promised")),
    Mutant(PREDICT,
           "return round, knowledge.restricted(lambda a: promise_in(a).maker >= round)",
           "return round, knowledge.restricted(lambda a: promise_in(a).maker > round)",
           "the memo key drops the proposer's own promise",
           ("tests/test_pirates_seed.py::test_tables_3_and_4_public_promise",)),
    Mutant(PREDICT,
           "return round, knowledge.restricted(lambda a: promise_in(a).maker >= round)",
           "return round, knowledge",
           "the memo key keeps the promises of pirates already overboard",
           ("tests/test_pirates_seed.py::test_a_promise_is_dropped_once_its_maker_is_overboard",)),
    Mutant(PREDICT,
           "        needed = (n - r + 2) // 2\n",
           "        needed = (n - r + 3) // 2\n",
           "a tie vote fails (more than half needed)",
           ("tests/test_pirates_seed.py::test_table_1_plain_game",)),
    Mutant(PREDICT,
           "        return self.offer.share(rank) > self.expectation(rank)",
           "        return self.offer.share(rank) >= self.expectation(rank)",
           "Prediction.vote: a voter says yes when offered what he expects",
           ("tests/test_pirates_seed.py::test_story_1_subgroup_throws_p1_overboard",)),
    Mutant(PREDICT,
           "if rank >= views[i].outcome.first and coins > expected[i].get(rank, 0):",
           "if rank >= views[i].outcome.first and coins >= expected[i].get(rank, 0):",
           "the vote count: a voter says yes when offered what he expects",
           ("tests/test_pirates_seed.py::test_story_1_subgroup_throws_p1_overboard",)),
    Mutant(PREDICT,
           "            k = self.key(r + 1, view_knowledge) if lo < len(ranks) else None",
           "            k = self.key(r + 1, knowledge) if lo < len(ranks) else None",
           "voters predict the next round on the prediction's knowledge, not their own",
           ("tests/test_pirates_seed.py::test_story_2_three_proposers_overboard",)),
    Mutant(PREDICT,
           "        in_place = proposer_knowledge == knowledge",
           "        in_place = True",
           "the proposer offers on the prediction's knowledge, not his own",
           ("tests/test_pirates_knowledge.py::test_story_1_p1_acts_as_if_nothing_was_promised",)),
    Mutant(PREDICT,
           "return sum(bisect_left(ranks, d, lo) - lo for ranks, lo in self.slices)",
           "return sum(bisect_right(ranks, d, lo) - lo for ranks, lo in self.slices)",
           "doomed counts the next proposer among the voters who expect to die",
           ("tests/test_pirates_seed.py::test_table_1_plain_game",)),
    Mutant(PREDICT,
           "        tie = (lambda rank: -rank) if lowest_first else (lambda rank: rank)",
           "        tie = (lambda rank: rank) if lowest_first else (lambda rank: -rank)",
           "the tie rule among voters who expect coins is reversed",
           ("tests/test_pirates_seed.py::test_tie_rule_among_voters_who_expect_coins",)),
    Mutant(PREDICT,
           "self._cheap_voters(views, dear_ranks, lowest_first)",
           "self._cheap_voters(views, dear_ranks, not lowest_first)",
           "the tie rule among voters who expect nothing is reversed",
           ("tests/test_pirates_seed.py::test_tie_rule_is_a_parameter",)),
    Mutant(PREDICT,
           "if isinstance(a.content, Promise) and a.content.maker == rank:",
           "if isinstance(a.content, Promise) and a.content.maker >= rank:",
           "a proposer keeps the promise of a lower-ranked pirate",
           ("tests/test_pirates_seed.py::test_tables_3_and_4_public_promise",)),
)


# checking the table ------------------------------------------------------------------

def table_problems(root: Path) -> list[str]:
    """Snippets not found exactly once, and mutants that change nothing."""
    problems = []
    for number, m in enumerate(MUTANTS, start=1):
        source = (root / m.path).read_text(encoding="utf-8")
        count = source.count(m.snippet)
        if count != 1:
            problems.append(f"mutant {number} ({m.path}: {m.description}): snippet found {count} times")
        if m.snippet == m.replacement:
            problems.append(f"mutant {number} ({m.path}: {m.description}): replacement equals snippet")
        if not m.tests:
            problems.append(f"mutant {number} ({m.path}: {m.description}): names no test")
    return problems


def print_table() -> None:
    for number, m in enumerate(MUTANTS, start=1):
        print(f"{number:2}. {m.path}: {m.description}")
        print(f"    - {m.snippet!r}")
        print(f"    + {m.replacement!r}")
        for test in m.tests:
            print(f"    caught by {test}")


# the copy and its environment ------------------------------------------------------------

#: Left out of the copy: anywhere, and at the top of the repository only.
_SKIP_ANYWHERE = {"__pycache__", ".pytest_cache", ".hypothesis"}
_SKIP_AT_TOP = {".git", ".venv", "venv", "build", "dist", "out"}


def _skip(folder: str, names: list[str]) -> set[str]:
    top = Path(folder).resolve() == ROOT
    return {name for name in names
            if name in _SKIP_ANYWHERE or name.endswith((".pyc", ".egg-info")) or (top and name in _SKIP_AT_TOP)}


#: Where each part of the package lives in the repository (pyproject's package-dir).
PACKAGE_DIRS = {"epistemic": "epistemic", "epistemic.models": "models",
                "epistemic.visualize": "visualize", "epistemic.cli": "cli"}

_FINDER = """\
# Maps the package's parts to the folders of the mutants' copy, as an editable install does.
import sys
from importlib.util import spec_from_file_location
from pathlib import Path

MAPPING = {mapping!r}


class CopyFinder:
    @classmethod
    def find_spec(cls, fullname, path=None, target=None):
        folder = MAPPING.get(fullname)
        if folder is None:
            return None
        return spec_from_file_location(fullname, Path(folder, "__init__.py"),
                                       submodule_search_locations=[folder])


sys.meta_path.insert(0, CopyFinder)
"""


def package_dirs() -> dict[str, str]:
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        return PACKAGE_DIRS
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["tool"]["setuptools"]["package-dir"]


def make_copy(base: Path) -> tuple[Path, Path]:
    """Copy the repository under ``base`` and a fresh virtual environment in
    which ``epistemic`` is the copy; return the copy and the environment's interpreter.

    The environment has no pip and installs nothing: one ``.pth`` file maps the
    package's parts to the copy's folders (what an editable install does),
    another borrows the dependencies (numpy, networkx, pytest, hypothesis, ...)
    from the running environment.  The borrowed folder's own ``.pth`` files,
    among them the running environment's editable install of the working tree,
    are not processed, so nothing there can shadow the copy.
    """
    copy = base / "repo"
    shutil.copytree(ROOT, copy, ignore=_skip, symlinks=True)
    venv = base / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    purelib = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                                  check=True, capture_output=True, text=True).stdout.strip())
    mapping = {name: str(copy / folder) for name, folder in package_dirs().items()}
    (purelib / "epistemic_mutants_copy.py").write_text(_FINDER.format(mapping=mapping), encoding="utf-8")
    (purelib / "epistemic_mutants_copy.pth").write_text("import epistemic_mutants_copy\n", encoding="utf-8")
    borrowed = dict.fromkeys(sysconfig.get_paths()[k] for k in ("purelib", "platlib"))
    (purelib / "zz_borrowed_dependencies.pth").write_text("\n".join(borrowed) + "\n", encoding="utf-8")
    check_imports(copy, python)
    return copy, python


def check_imports(copy: Path, python: Path) -> None:
    """Every mutated module, and each part of the package, must load from the copy."""
    modules = sorted({*package_dirs(), *(module_name(m.path) for m in MUTANTS)})
    code = ("import importlib, sys\n"
            f"for name in {modules!r}:\n"
            "    print(importlib.import_module(name).__file__)\n")
    done = subprocess.run([str(python), "-c", code], cwd=copy.parent, capture_output=True, text=True,
                          env=child_env())
    if done.returncode != 0:
        raise SystemExit(f"the copy's environment cannot import the package:\n{done.stderr}")
    out = done.stdout.split()
    resolved = copy.resolve()
    strays = [f for f in out if not Path(f).resolve().is_relative_to(resolved)]
    if strays or len(out) != len(modules):
        raise SystemExit(f"the copy's environment imports code from outside the copy: {strays or out}")


def module_name(path: str) -> str:
    """The installed name of the module at ``path`` (``models/pirates/predict.py``
    is ``epistemic.models.pirates.predict``)."""
    parts = Path(path).with_suffix("").parts
    package = {folder: name for name, folder in package_dirs().items()}[parts[0]]
    return ".".join([package, *parts[1:]])


def child_env() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    env["PYTHONDONTWRITEBYTECODE"] = "1"  # a restored file must never meet its mutant's bytecode
    return env


def run_pytest(copy: Path, python: Path, args: list[str], timeout: int) -> tuple[int, str]:
    shutil.rmtree(copy / ".hypothesis", ignore_errors=True)  # no failing examples carried over
    command = [str(python), "-m", "pytest", "-p", "no:cacheprovider", "--hypothesis-seed=0", *args]
    try:
        done = subprocess.run(command, cwd=copy, env=child_env(), capture_output=True, text=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        return -1, f"timed out after {timeout} s"
    return done.returncode, done.stdout + done.stderr


_FAILED = re.compile(r"^(?:FAILED|ERROR) (\S+)", re.MULTILINE)


def failures(output: str) -> list[str]:
    return _FAILED.findall(output)


# running the mutants ------------------------------------------------------------------------

def apply(copy: Path, m: Mutant) -> tuple[Path, str]:
    """Put the mutant in the copy; return the file and its original text."""
    target = copy / m.path
    original = target.read_text(encoding="utf-8")
    if original.count(m.snippet) != 1:
        raise SystemExit(f"{m.path}: snippet not found exactly once in the copy")
    target.write_text(original.replace(m.snippet, m.replacement), encoding="utf-8")
    return target, original


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--list", action="store_true", help="print the table of mutants and exit")
    parser.add_argument("--only", metavar="TEXT", help="run only mutants whose module or description contains TEXT")
    parser.add_argument("--survey", action="store_true",
                        help="run the whole suite for each mutant and list every failing test")
    parser.add_argument("--each", action="store_true",
                        help="run each named test on its own: every one must catch its mutant")
    parser.add_argument("--timeout", type=int, default=300, help="seconds allowed per pytest run")
    args = parser.parse_args(argv)

    if args.list:
        print_table()
        return 0
    problems = table_problems(ROOT)
    for p in problems:
        print(f"TABLE ERROR: {p}")
    broken = {n for n, m in enumerate(MUTANTS, start=1)
              if (ROOT / m.path).read_text(encoding="utf-8").count(m.snippet) != 1}
    chosen = [(n, m) for n, m in enumerate(MUTANTS, start=1)
              if not args.only or args.only in m.path or args.only in m.description]
    if not chosen:
        print("no mutant chosen")
        return 1

    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="epistemic-mutants-") as tmp:
        print(f"copying the repository, and an environment that imports the copy, to {tmp} ...", flush=True)
        copy, python = make_copy(Path(tmp))
        named = list(dict.fromkeys(t for n, m in chosen for t in m.tests if n not in broken))
        if not args.survey:
            print(f"checking that the {len(named)} named tests pass without mutants ...", flush=True)
            rc, out = run_pytest(copy, python, ["-q", *named], args.timeout)
            if rc != 0:
                print(out[-4000:])
                print("the named tests do not pass on the unchanged code: fix them first")
                return 1
        survived, errors = [], []
        for i, (number, m) in enumerate(chosen, start=1):
            label = f"[{i}/{len(chosen)}] #{number} {m.path}: {m.description}"
            print(label + " ... ", end="", flush=True)
            if number in broken:
                errors.append(number)
                print("TABLE ERROR: the snippet is not in the file exactly once", flush=True)
                continue
            target, original = apply(copy, m)
            try:
                if args.survey:
                    rc, out = run_pytest(copy, python, ["-q", "tests", "--ignore=tests/test_install.py",
                                                        "-p", "no:warnings"], args.timeout * 4)
                elif args.each:
                    runs = [(test, *run_pytest(copy, python, ["-x", "-q", test], args.timeout))
                            for test in m.tests]
                    missed = [test for test, code, _ in runs if code == 0]
                    rc = 0 if missed else max(code for _, code, _ in runs)
                    out = "\n".join(text for *_, text in runs)
                else:
                    rc, out = run_pytest(copy, python, ["-x", "-q", *m.tests], args.timeout)
            finally:
                target.write_text(original, encoding="utf-8")
            failed = failures(out)
            if rc == 0:
                survived.append(number)
                print("SURVIVED" + (f" {' '.join(missed)}" if args.each else ""), flush=True)
            elif rc == 1 and failed and args.each:
                print(f"killed by each of its {len(m.tests)} tests", flush=True)
            elif rc == 1 and failed:
                print(f"killed by {failed[0]}" if not args.survey else f"killed ({len(failed)} tests)", flush=True)
                if args.survey:
                    for f in failed:
                        print(f"      {f}")
            else:
                errors.append(number)
                print(f"ERROR (pytest exit status {rc})", flush=True)
                print("\n".join("      " + line for line in out.strip().splitlines()[-15:]))
    elapsed = time.monotonic() - started
    print(f"{len(chosen) - len(survived) - len(errors)} of {len(chosen)} mutants killed "
          f"in {elapsed:.0f} s" + (f"; survived: {survived}" if survived else "")
          + (f"; errors: {errors}" if errors else ""))
    return 1 if survived or errors or problems else 0


if __name__ == "__main__":
    sys.exit(main())
