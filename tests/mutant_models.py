"""Deliberate breaks (mutants) of the models built on the core, each with the tests that must catch it.

Part of the table in ``tests/mutant_table.py``, which ``python tests/mutants.py`` runs.
"""

from __future__ import annotations

from mutant import Mutant

__all__ = ["MODEL_MUTANTS"]

PREDICT = "models/pirates/predict.py"
GAME = "models/pirates/game.py"
RULES = "models/pirates/rules.py"

MODEL_MUTANTS: tuple[Mutant, ...] = (
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
    Mutant(RULES,
           "else (cast + 1) // 2",
           "else cast // 2 + 1",
           "a tie vote fails (more than half needed)",
           ("tests/test_pirates_seed.py::test_table_1_plain_game",)),
    Mutant(RULES,
           "        return offered >= expected + self.premium()",
           "        return offered >= expected",
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
           "tie = (lambda rank: -rank) if self.tie_rule is TieRule.LOWEST else (lambda rank: rank)",
           "tie = (lambda rank: rank) if self.tie_rule is TieRule.LOWEST else (lambda rank: -rank)",
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
