"""Deliberate breaks (mutants) of the bot tournament (models/tournament), each with the tests that must catch it.

Part of the table in ``tests/mutant_table.py``, which ``python tests/mutants.py`` runs.
"""

from __future__ import annotations

from mutant import Mutant

__all__ = ["TOURNAMENT_MUTANTS"]

RULES = "models/tournament/rules.py"
GAME = "models/tournament/game.py"
STANDINGS = "models/tournament/standings.py"
LINES = "models/tournament/lines.py"
SERVER = "models/tournament/server.py"
SERVING = "models/tournament/serving.py"
RUNNER = "models/tournament/runner.py"
LOG = "models/tournament/log.py"
BOTS = "models/tournament/bots.py"

TOURNAMENT_MUTANTS: tuple[Mutant, ...] = (
    # standings.py ----------------------------------------------------------------------------
    Mutant(STANDINGS,
           '"worst": min(found)',
           '"worst": max(found)',
           "a strategy's worst score is its best",
           ("tests/test_tournament_standings.py::test_each_strategy_has_its_mean_best_and_worst_score",)),
    Mutant(STANDINGS,
           '"best": max(found)',
           '"best": min(found)',
           "a strategy's best score is its worst",
           ("tests/test_tournament_standings.py::test_each_strategy_has_its_mean_best_and_worst_score",)),
    # lines.py --------------------------------------------------------------------------------
    Mutant(LINES,
           '_NEWLINE = b"\\n"',
           '_NEWLINE = b"\\r\\n"',
           "a line ending with LF alone is never read",
           ("tests/test_tournament_rules.py::test_a_line_may_end_with_lf_alone",
            "tests/test_tournament_server.py::test_the_seeds_example_over_tcp")),
    Mutant(LINES,
           '            if line.endswith(b"\\r"):\n                line = line[:-1]',
           '            if line.endswith(b"\\r\\r"):\n                line = line[:-1]',
           "the CR of a CRLF is kept in the line",
           ("tests/test_tournament_rules.py::test_a_line_may_end_with_lf_alone",)),
    # rules.py --------------------------------------------------------------------------------
    Mutant(RULES,
           "against <= 1 + len(votes) - against",
           "against < 1 + len(votes) - against",
           "a tie of votes throws the leader over (more than half needed)",
           ("tests/test_tournament_rules.py::test_the_leader_goes_over_when_the_ts_outnumber_the_cs",)),
    Mutant(RULES,
           'if choices[a][b] == "C" and choices[b][a] == "C"',
           'if choices[a][b] == "C" or choices[b][a] == "C"',
           "one C, not two, links players into a group",
           ("tests/test_tournament_rules.py::test_groups_split_the_players_and_bounties_add_their_links",)),
    Mutant(RULES,
           'return {name: answer or "T" for name, answer in answers.items()}, why',
           'return {name: answer or "C" for name, answer in answers.items()}, why',
           "a player not answered towards gets C, not the seed's T",
           ("tests/test_tournament_rules.py::test_every_default_of_the_seed",)),
    Mutant(RULES,
           "if line is not None and sum(shares.values()) == amount and named:",
           "if line is not None and sum(shares.values()) <= amount and named:",
           "shares that add up to less than the bounty are accepted",
           ("tests/test_tournament_rules.py::test_every_default_of_the_seed",)),
    Mutant(RULES,
           '(?:\\.0{{0,{MAX_DIGITS}}})?")',
           '")',
           "a share written 5.0 is refused",
           ("tests/test_tournament_rules.py::test_a_share_written_with_a_decimal_point_counts",)),
    Mutant(RULES,
           '    vote = (line or "").strip()',
           '    vote = line or ""',
           'a vote of " T" gets the default C',
           ("tests/test_tournament_rules.py::test_a_vote_with_spaces_around_it_counts",)),
    # game.py ---------------------------------------------------------------------------------
    Mutant(GAME,
           "            playing = [name for name in everyone if name not in overboard]",
           "            playing = list(everyone)",
           "a leader thrown overboard does not sit out the next round",
           ("tests/test_tournament_game.py::test_the_seeds_example_transcript",)),
    Mutant(GAME,
           '            self.scores = dict(self.log[-1]["scores"]) if self.log else {name: 0 for name in self.scores}',
           "            pass",
           "an interrupted game keeps the scores of its unfinished round",
           ("tests/test_tournament_game.py::test_an_interrupted_game_keeps_its_whole_rounds",)),
    # server.py -------------------------------------------------------------------------------
    Mutant(SERVER,
           "numbers=[self.clients[key].number for key in players])",
           "numbers=None)",
           "players are numbered by their place in each game, not by connection",
           ("tests/test_tournament_server.py::test_players_keep_their_numbers_from_game_to_game",)),
    Mutant(SERVER,
           "answers[key] = BadLine(UNENDED) if client is not None and client.lines.pending else None",
           "answers[key] = None",
           "a line cut by the time to answer is said to be no answer at all",
           ("tests/test_tournament_server.py::test_a_line_with_no_end_in_time_is_missed",)),
    Mutant(SERVER,
           "                    client.owed += 1",
           "                    pass",
           "a late answer is taken for the answer to the next question",
           ("tests/test_tournament_server.py::test_a_late_answer_is_never_taken_for_the_next_one",)),
    # serving.py ------------------------------------------------------------------------------
    Mutant(SERVING,
           "key=lambda name: -game.missed[name])",
           "key=lambda name: game.missed[name])",
           "the status line names who missed least first",
           ("tests/test_tournament_serve.py::test_the_status_line_names_the_most_missed_first_and_counts_the_rest",)),
    # log.py ----------------------------------------------------------------------------------
    Mutant(LOG,
           '"rounds": len(game.log) if game.interrupted else game.rounds,',
           '"rounds": game.rounds,',
           "an interrupted game's log claims every round it was to have",
           ("tests/test_tournament_game.py::test_an_interrupted_game_keeps_its_whole_rounds",)),
    # runner.py -------------------------------------------------------------------------------
    Mutant(RUNNER,
           "        if len(lineup) > MAX_BOTS:",
           "        if len(lineup) >= MAX_BOTS:",
           "a line-up of exactly MAX_BOTS bots is refused",
           ("tests/test_tournament_cli.py::test_bad_input_is_one_line_and_status_2",)),
    # bots.py ---------------------------------------------------------------------------------
    Mutant(BOTS,
           'return self.last.get(other, "C")',
           'return self.last.get(other, "T")',
           "tit for tat betrays a player it has not met",
           ("tests/test_tournament_bots.py::test_tit_for_tat_answers_as_it_was_answered",)),
)
