"""The keyboard explorer of a play with learning (``--explain`` with ``--learning``).

It shows the rounds as they were played, and from a round answers why the
proposer offered what he did, why a pirate voted or expected as he did,
and what each pirate believed, with the reasons of ``--why``.
"""

from __future__ import annotations

import sys
from typing import TextIO

from epistemic.validators import whole_number_at_least

from .division import pirate_name
from .explain import DEPTH
from .explore import CommandExplorer, drive
from .game import PirateGame, PirateGameError
from .learning import LearnedPlay
from .learning_report import belief_lines, format_learned_round, learned_why
from .wording import coins_text, division_text, names_text

__all__ = ["LearningExplorer", "run_learning_explorer"]

_HELP = """commands:
  round N          look at round N of the play (or just N): what each pirate believes, the offer and the votes
  offer            why the proposer offers this
  vote pK          why pK votes yes or no
  expectation pK   why pK expects what he does: the rounds that would follow, and what his vote would teach
  outcome          why the round ends as it does
  beliefs          what each living pirate believes as the round begins
  why QUESTION     answer a question such as 'p5 vote round 1' or 'offer round 2'
  show             show the round again
  top (or up)      back to the rounds of the play
  help             this list
  quit             leave (so does end of input)"""


class LearningExplorer(CommandExplorer):
    """The rounds of a play with learning, one command at a time.

    Examples
    --------
    >>> import io
    >>> from epistemic.models.pirates import promise
    >>> from epistemic.models.pirates.learning import learn
    >>> game = PirateGame(5, 4, [promise(5, 4, [2, 2], hearers=[5])])
    >>> out = io.StringIO()
    >>> ex = LearningExplorer(game, learn(game), out)
    >>> ex.handle("round 2"), ex.handle("vote p9"), ex.handle("quit")
    (True, True, False)
    >>> out.getvalue().splitlines()[-1]
    'error: unknown pirate p9: the pirates are p1 to p5'
    """

    def __init__(self, game: PirateGame, play: LearnedPlay, output: TextIO, depth: int | None = DEPTH):
        if depth is not None:
            whole_number_at_least(depth, 0, "depth", error=PirateGameError)
        self.game, self.play, self.output, self.depth = game, play, output, depth
        self.round: int | None = None

    def prompt(self) -> str:
        return "learning> " if self.round is None else f"round {self.round}> "

    def start(self) -> None:
        self.say(self._rounds())
        self.say("pick a round with 'round N'; 'help' lists the commands")

    def _rounds(self) -> str:
        level = f"level {self.play.level} of anticipation" if self.play.level else "naive learners"
        lines = [f"the play with learning: {self.game.pirates} pirates, {coins_text(self.game.coins)}, {level}"]
        for rnd in self.play.rounds:
            end = "accepted" if rnd.accepted else f"{pirate_name(rnd.round)} is thrown overboard"
            lines.append(f"  round {rnd.round}: {pirate_name(rnd.round)} offers {division_text(rnd.offer)}; "
                         f"{rnd.yes} yes, {rnd.needed} needed: {end}")
        dead = self.play.deaths
        lines.append(f"  outcome: {division_text(self.play.outcome)}; thrown overboard: "
                     f"{names_text(dead) if dead else 'nobody'}")
        return "\n".join(lines)

    help_text = _HELP

    def _dispatch(self, command: str, args: list[str], line: str) -> None:
        if command in ("top", "up", "play", "rounds"):
            self.round = None
            self.say(self._rounds())
        elif command in ("show", "look", "l"):
            self.say(self._show() if self.round is not None else self._rounds())
        elif self.is_round(command):
            number = self.round_number(command, args)
            if number < 1:
                raise PirateGameError(f"the rounds are numbered from 1; the play had {len(self.play.rounds)}")
            self.round = self.play.round(number).round
            self.say(self._show())
        elif command == "why":
            question = line.strip()[3:].strip()
            if not question:
                raise PirateGameError("ask a question, e.g. 'why p5 vote round 1'")
            self.say(learned_why(self.game, self.play, question, depth=self.depth).to_text())
        elif command in ("offer", "outcome", "beliefs", "worlds"):
            r = self._here()
            if command == "beliefs" or command == "worlds":
                self.say("\n".join(belief_lines(self.play, r)))
            else:
                question = f"{command} round {r}"
                if command == "outcome" and not self.play.round(r).accepted:
                    question = f"p{r} overboard"
                self.say(self._why(question))
        elif command in ("vote", "votes", "expectation", "expect", "expects"):
            r = self._here()
            rank = self._pirate(args, command)
            what = "vote" if command.startswith("vote") else "expectation"
            self.say(self._why(f"p{rank} {what} round {r}"))
        else:
            raise PirateGameError(f"unknown command {command!r}: type 'help' for the commands")

    def _here(self) -> int:
        if self.round is None:
            raise PirateGameError("pick a round first, e.g. 'round 1'")
        return self.round

    def _show(self) -> str:
        r = self._here()
        return "\n".join(["as the round begins:", *(f"  {line}" for line in belief_lines(self.play, r)),
                          format_learned_round(self.play.round(r))])

    def _why(self, question: str) -> str:
        """A move shows three levels of reasons (an expectation, its worlds, the
        rounds that would follow), or fewer when ``depth`` says so."""
        depth = 3 if self.depth is None else min(3, self.depth)
        return learned_why(self.game, self.play, question, depth=depth).to_text()


def run_learning_explorer(game: PirateGame, play: LearnedPlay, input: TextIO | None = None,
                          output: TextIO | None = None, depth: int | None = DEPTH) -> None:
    """Explore the play with learning from the keyboard (see ``help``)
    until ``quit`` or the end of the input; as
    :func:`~epistemic.models.pirates.explore.run_explorer`, it can be driven by a pipe."""
    output = sys.stdout if output is None else output
    drive(LearningExplorer(game, play, output, depth), input, output)
