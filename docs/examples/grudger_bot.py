"""A tournament bot in a few lines: it cooperates until a player betrays it, then never again.

    epistemic tournament run --bots docs/examples/grudger_bot.py:Grudger,coop,defect,rational
    epistemic tournament bot --strategy docs/examples/grudger_bot.py:Grudger --port 1337
"""

from epistemic.models.tournament import Bot


class Grudger(Bot):
    name = "Grudger"

    def start(self, me):
        super().start(me)
        self.betrayed_by = set()

    def choose(self, other):
        return "T" if other in self.betrayed_by else "C"

    def heard(self, answers):
        self.betrayed_by.update(name for name, answer in answers.items() if answer == "T")
