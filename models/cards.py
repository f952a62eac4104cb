"""The cards of this package's models: what ``epistemic --help`` says of each
command, and where the command lives (:class:`~epistemic.models.commands.Card`).

The entry points of ``pyproject.toml`` name these cards, so that listing the
commands imports none of the models; each one's code, and the libraries it
uses, are imported when its command runs.  Each command takes its one-line
``help`` from its card, so that it is written once.
"""

from __future__ import annotations

from .commands import Card

__all__ = ["CARDS", "CENTIPEDE", "DINNER", "NUMBERLINE", "PIG", "PIGLET", "PIRATES", "PUZZLE", "TOURNAMENT"]

CENTIPEDE = Card("the centipede game, solved by backward induction", "epistemic.models.centipede:COMMAND")
DINNER = Card("Ethiopian Dinner: the crossout strategy and exact backward induction",
              "epistemic.models.dinner.cli:COMMAND")
NUMBERLINE = Card("the number-line token game, solved by backward induction", "epistemic.models.numberline.cli:COMMAND")
PIG = Card("Pig, the dice game: optimal play for two, 'hold at 20', equilibria for three",
           "epistemic.models.pig.cli:PIG")
PIGLET = Card("Piglet, the coin game: optimal play for two, equilibria of hold values for three",
              "epistemic.models.pig.cli:PIGLET")
PIRATES = Card("the pirate game with public and subgroup promises", "epistemic.models.pirates.cli:COMMAND")
PUZZLE = Card("solve a classic puzzle of epistemic logic, round by round", "epistemic.models.puzzles.cli:COMMAND")
TOURNAMENT = Card("the Prisoner-and-Pirate bot tournament over TCP (serve, bot, run, check)",
                  "epistemic.models.tournament.cli:COMMAND")

#: The cards by command name, as ``pyproject.toml`` registers them: the command line runs this package's
#: own models without reading any package's metadata, since their names are theirs whatever else is installed.
CARDS = {"centipede": CENTIPEDE, "dinner": DINNER, "numberline": NUMBERLINE, "pig": PIG, "piglet": PIGLET,
         "pirates": PIRATES, "puzzle": PUZZLE, "tournament": TOURNAMENT}
