"""The keyboard explorer, and the why-questions it answers.

Questions are read and answered by :mod:`epistemic.models.pirates.questions`
(re-exported here).  :func:`run_explorer` is the seed's
interactive explanation: it shows the rounds of the play, and from a round
walks down into the predictions behind an offer, an expectation or an
outcome, each shown with the knowledge it is made on.
"""

from __future__ import annotations

import re
import sys
from abc import ABC, abstractmethod
from typing import TextIO

from epistemic import EpistemicError, Knowledge
from epistemic.validators import whole_from_text, whole_number_at_least

from .division import DEAD, pirate_name
from .explain import DEPTH, _check_round, why_expectation, why_offer, why_outcome, why_vote
from .game import PirateGame, PirateGameError, check_rank
from .predict import OfferSource
from .questions import Question, QuestionKind, explain, parse_why, read_question, settle_question
from .wording import coins_text, division_text, knowledge_label, names_text

__all__ = ["Question", "QuestionKind", "parse_why", "read_question", "settle_question", "explain", "Explorer",
           "CommandExplorer", "drive", "run_explorer", "describe_play", "describe_prediction"]

_WHOLE = re.compile(r"[0-9]+")



# showing predictions -----------------------------------------------------------------
_SOURCES = {OfferSource.PROMISE: "his promise", OfferSource.ALONE: "the last pirate takes all",
            OfferSource.OPTIMIZED: "the cheapest votes he needs"}


def describe_play(game: PirateGame) -> str:
    """The rounds of the play, one line each, and how the game ends.

    Examples
    --------
    >>> print(describe_play(PirateGame(3, 3)))
    the play: 3 pirates, 3 coins, no promises
      round 1: p1 offers p3:1 p2:0 p1:2; 2 yes, 2 needed: accepted
      outcome: p3:1 p2:0 p1:2
    """
    play = game.play()
    head = f"the play: {game.pirates} pirates, {coins_text(game.coins)}"
    lines = [head + ("" if game.announcements else ", no promises")]
    lines += [f"  promise: {a}" for a in game.announcements]
    last = len(play.rounds)
    for rd in play.rounds:
        r, p = rd.number, rd.prediction
        # a long run of failed rounds reads the same each time: name it once
        if last > 8 and 3 < r < last - 1:
            if r == 4:
                lines.append(f"  rounds 4-{last - 2}: {names_text(range(4, last - 1))} "
                             f"are thrown overboard in turn")
            continue
        end = "accepted" if p.accepted else f"{pirate_name(r)} is thrown overboard"
        lines.append(f"  round {r}: {pirate_name(r)} offers {division_text(p.offer)}; "
                     f"{p.yes} yes, {p.needed} needed: {end}")
    lines.append(f"  outcome: {division_text(play.outcome)}")
    return "\n".join(lines)


def describe_prediction(game: PirateGame, round: int, knowledge: Knowledge | None = None) -> str:
    """One prediction: its knowledge, offer, expectations, votes and outcome.

    Examples
    --------
    >>> print(describe_prediction(PirateGame(3, 3), 1))
    round 1 as predicted by one who knows no promise
      p1's offer (the cheapest votes he needs): p3:1 p2:0 p1:2
      pirate  offered  expects    vote  his prediction of the next round
      p1      2        overboard  yes   (proposer)
      p2      0        3          no    knows no promise
      p3      1        0          yes   knows no promise
      2 yes, 2 needed: accepted
      outcome: p3:1 p2:0 p1:2
    """
    p = _check_round(game, round, knowledge)
    source = _SOURCES.get(p.source) or f"his own prediction, on what he knows: {knowledge_label(p.proposer_knowledge)}"
    rows: dict = {}
    for v in range(p.round, p.pirates + 1):
        expected = p.expectation(v)
        where = "(proposer)" if v == p.round else knowledge_label(p.voter_view(v).knowledge)
        row = (p.offer.share(v), "overboard" if expected == DEAD else str(expected),
               "yes" if p.vote(v) else "no", where)
        rows.setdefault(row if p.offer.size > 12 else (v, *row), []).append(v)
    table: list[tuple[str, ...]] = [("pirate", "offered", "expects", "vote", "his prediction of the next round")]
    for row, ranks in rows.items():
        table.append((names_text(ranks), *(str(x) for x in row[-4:])))
    widths = [max(len(r[i]) for r in table) for i in range(4)]
    end = "accepted" if p.accepted else f"{pirate_name(p.round)} is thrown overboard"
    lines = [f"round {p.round} as predicted by one who {knowledge_label(p.knowledge)}",
             f"  {pirate_name(p.round)}'s offer ({source}): {division_text(p.offer)}"]
    lines += ["  " + "  ".join(c.ljust(w) for c, w in zip(r, widths)) + "  " + r[4] for r in table]
    lines += [f"  {p.yes} yes, {p.needed} needed: {end}", f"  outcome: {division_text(p.outcome)}"]
    return "\n".join(line.rstrip() for line in lines)


# the explorer ------------------------------------------------------------------------
_HELP = """commands:
  round N          look at round N of the play (or just N)
  offer            why the proposer offers this (into his own prediction if he knows less)
  expectation pK   why pK expects what he does: into his prediction of the next round
  vote pK          why pK votes yes or no
  outcome          how this prediction ends (into the next round if the offer fails)
  why [QUESTION]   the reasons for this outcome, or answer a question such as 'p5 vote round 1'
  show             show the current prediction again
  back             back to the previous prediction
  top (or up)      back to the rounds of the play
  help             this list
  quit             leave (so does end of input)"""


_MOVES = {"offer": "_offer", "expectation": "_expectation", "expect": "_expectation",
          "expects": "_expectation", "vote": "_vote", "votes": "_vote", "outcome": "_outcome"}


class CommandExplorer(ABC):
    """An explorer driven one command at a time: :meth:`handle` reads a
    line, and a bad command prints a one-line error and changes nothing.
    A subclass says what it shows first (:meth:`start`), its prompt, and
    what each command does (:meth:`_dispatch`)."""

    game: PirateGame
    output: TextIO
    help_text: str

    def say(self, text: str) -> None:
        self.output.write(text + "\n")

    @abstractmethod
    def start(self) -> None:
        """Show what the explorer opens on."""

    @abstractmethod
    def prompt(self) -> str:
        """The prompt before each command."""

    def handle(self, line: str) -> bool:
        """Carry out one command; ``False`` means the user is done."""
        words = line.strip().lower().split()
        if not words:
            return True
        command, args = words[0], words[1:]
        if command in ("quit", "exit", "q"):
            return False
        if command in ("help", "h", "?"):
            self.say(self.help_text)
            return True
        try:
            self._dispatch(command, args, line)
        except EpistemicError as e:
            self.say(f"error: {e}")
        return True

    @abstractmethod
    def _dispatch(self, command: str, args: list[str], line: str) -> None:
        """Carry out ``command`` (its ``args``, and the whole ``line``), raising
        :class:`~epistemic.EpistemicError` for a bad one."""

    @staticmethod
    def is_round(command: str) -> bool:
        """Whether ``command`` picks a round: ``round N``, ``N`` or ``rN``."""
        return command == "round" or re.fullmatch(r"r?[0-9]+", command) is not None

    @staticmethod
    def round_number(command: str, args: list[str]) -> int:
        """The round a command of :meth:`is_round` picks."""
        text = args[0] if command == "round" and args else command.lstrip("r")
        if not _WHOLE.fullmatch(text) or len(args) > (1 if command == "round" else 0):
            raise PirateGameError("pick a round by its number, e.g. 'round 2'")
        return whole_from_text(text, "a round", error=PirateGameError)

    def _pirate(self, args: list[str], what: str) -> int:
        if len(args) != 1 or not re.fullmatch(r"p?[0-9]+", args[0]):
            raise PirateGameError(f"name one pirate, e.g. '{what} p3'")
        rank = whole_from_text(args[0].lstrip("p"), "a pirate's number", at_most=self.game.pirates,
                               error=PirateGameError)
        return check_rank(rank, self.game.pirates)


class Explorer(CommandExplorer):
    """The interactive explanation, one command at a time.

    It keeps a path of predictions ``(round, knowledge)``; the commands walk
    down it into the predictions behind an offer, an expectation or an
    outcome, and ``back`` and ``top`` walk up.  Bad commands print a
    one-line error and change nothing.

    Parameters
    ----------
    game : PirateGame
    output : text stream
        Where everything is written.
    depth : int or None
        Levels of reasons shown by ``why``; ``offer`` and ``vote`` show one
        level, or none when ``depth`` is 0.

    Examples
    --------
    >>> import io
    >>> out = io.StringIO()
    >>> ex = Explorer(PirateGame(3, 3), out)
    >>> ex.handle("round 1"), ex.handle("vote p7"), ex.handle("quit")
    (True, True, False)
    >>> out.getvalue().splitlines()[-1]
    'error: unknown pirate p7: the pirates are p1 to p3'
    """

    def __init__(self, game: PirateGame, output: TextIO, depth: int | None = DEPTH):
        if depth is not None:
            whole_number_at_least(depth, 0, "depth", error=PirateGameError)
        self.game = game
        self.output = output
        self.depth = depth
        self.path: list[tuple[int, Knowledge]] = []

    def _levels(self, most: int) -> int:
        """The levels a move shows: ``most``, but never more than ``depth``."""
        return most if self.depth is None else min(most, self.depth)

    def prompt(self) -> str:
        if not self.path:
            return "pirates> "
        r, k = self.path[-1]
        return f"round {r} [{knowledge_label(k)}]> "

    def start(self) -> None:
        self.say(describe_play(self.game))
        self.say("pick a round with 'round N'; 'help' lists the commands")

    help_text = _HELP

    def _dispatch(self, command: str, args: list[str], line: str) -> None:
        if command in ("top", "up", "play", "rounds"):
            self.path.clear()
            self.say(describe_play(self.game))
        elif command in ("back", "b"):
            if not self.path:
                raise PirateGameError("already at the rounds of the play")
            self.path.pop()
            self.say(self._show() if self.path else describe_play(self.game))
        elif command in ("show", "look", "l"):
            self.say(self._show() if self.path else describe_play(self.game))
        elif self.is_round(command):
            p = _check_round(self.game, self.round_number(command, args), None)
            self._enter(p.round, p.knowledge, f"round {p.round} as played")
        elif command == "why":
            question = line.strip()[3:].strip()
            if question:
                self.say(explain(self.game, question, self.depth).to_text())
            else:
                r, k = self._here()
                self.say(why_outcome(self.game, r, k, depth=self.depth).to_text())
        elif command in _MOVES:
            getattr(self, _MOVES[command])(args)
        else:
            raise PirateGameError(f"unknown command {command!r}: type 'help' for the commands")

    # moves ------------------------------------------------------------------------
    def _here(self) -> tuple[int, Knowledge]:
        if not self.path:
            raise PirateGameError("pick a round first, e.g. 'round 1'")
        return self.path[-1]

    def _show(self) -> str:
        r, k = self.path[-1]
        return describe_prediction(self.game, r, k)

    def _enter(self, r: int, k: Knowledge, how: str) -> None:
        p = self.game.prediction(r, k)
        self.path.append((p.round, p.knowledge))
        self.say(f"-> {how}")
        self.say(self._show())

    def _offer(self, args: list[str]) -> None:
        r, k = self._here()
        p = self.game.prediction(r, k)
        self.say(why_offer(self.game, r, k, depth=self._levels(1)).to_text())
        if p.source is OfferSource.PROPOSER:
            self._enter(r, p.proposer_knowledge, f"{pirate_name(r)}'s own prediction of round {r}")

    def _expectation(self, args: list[str]) -> None:
        r, k = self._here()
        voter = self._pirate(args, "expectation")
        self.say(why_expectation(self.game, voter, r, k, depth=0).line())
        if voter != r:
            view = self.game.prediction(r, k).voter_view(voter)
            self._enter(r + 1, view.knowledge, f"{pirate_name(voter)}'s prediction of round {r + 1}")

    def _vote(self, args: list[str]) -> None:
        r, k = self._here()
        voter = self._pirate(args, "vote")
        self.say(why_vote(self.game, voter, r, k, depth=self._levels(1)).to_text())

    def _outcome(self, args: list[str]) -> None:
        r, k = self._here()
        p = self.game.prediction(r, k)
        self.say(why_outcome(self.game, r, k, depth=0).line())
        if not p.accepted:
            self._enter(r + 1, k, f"round {r + 1} on the same knowledge")


def run_explorer(game: PirateGame, input: TextIO | None = None, output: TextIO | None = None,
                 depth: int | None = DEPTH) -> None:
    """Explore why the play of ``game`` goes as it does, driven by the keyboard.

    Shows the rounds of the play, then reads commands (see ``help``) until
    ``quit`` or the end of the input.  It prints a prompt before each
    command and never stops on a bad one, so it can be driven by a pipe.
    When the output is a closed pipe it stops quietly (``BrokenPipeError``);
    other ``OSError`` on the output is raised.

    Parameters
    ----------
    game : PirateGame
    input, output : text streams, optional
        Default to standard input and output.
    depth : int or None
        Levels of reasons shown by ``why`` (and at most by the other moves).

    Raises
    ------
    PirateGameError
        For a bad ``depth``, before anything is written.
    OSError
        When the output fails other than by a closed pipe.

    Examples
    --------
    >>> import io
    >>> out = io.StringIO()
    >>> run_explorer(PirateGame(2, 1), io.StringIO("round 1\\nfly\\n"), out)
    >>> print(out.getvalue().splitlines()[-2])
    round 1 [knows no promise]> error: unknown command 'fly': type 'help' for the commands
    """
    output = sys.stdout if output is None else output
    drive(Explorer(game, output, depth), input, output)


def drive(explorer: CommandExplorer, input: TextIO | None, output: TextIO) -> None:
    """Run ``explorer`` on the lines of ``input`` (standard input by
    default) until ``quit`` or the end of the input, a prompt before each;
    a closed output pipe ends it quietly."""
    input = sys.stdin if input is None else input
    try:
        explorer.start()
        while True:
            output.write(explorer.prompt())
            output.flush()
            line = input.readline()
            if not line:
                output.write("\n")
                break
            if not explorer.handle(line):
                break
        output.flush()
    except BrokenPipeError:
        # the reader has gone (e.g. '| head'): nothing more can be shown
        return
