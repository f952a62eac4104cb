"""An explicit level of anticipation is estimated exactly as ``--anticipation fixpoint`` estimates each
level, and refused before the level that would pass the limit of predictions (docs/pirates.md, Learning
from surprise).

The documented limit, 1,000,000 predictions, stops the documented game before level 5, after half a
minute of levels 0 to 4 (``benchmarks/pirates_learning.py`` measures it for the page's table); a limit
made for the test, a tenth of it, stops the same game before level 4 in a few seconds, through the same
estimate and the same command."""

from __future__ import annotations

import re

import epistemic.models.pirates.learning as learning
from epistemic.cli.main import main

# the table's game of docs/pirates.md: 10 pirates and 2 coins; p7, p8 and p9 each promise p10 every coin,
# telling him alone, and every division each of them could have told him is suspected: 308 worlds
GAME = ["pirates", "-n", "10", "-m", "2", "--promise", "p7: 2 0 0 0 to p10", "--promise", "p8: 2 0 0 to p10",
        "--promise", "p9: 2 0 to p10", "--learning", "--suspect", "p7: * to p10", "--suspect", "p8: * to p10",
        "--suspect", "p9: * to p10", "--no-tables"]
#: past levels 0 to 3 (67,329 predictions with their checks), short of level 4's estimate (329,559)
LIMIT = 100_000


def test_an_explicit_level_on_the_documented_game_is_refused_where_the_fixpoint_stops(monkeypatch, capsys):
    monkeypatch.setattr(learning, "MAX_PREDICTIONS", LIMIT)
    assert main([*GAME, "--anticipation", "fixpoint"]) == 0
    stopped = re.search(r"^Anticipation fixpoint: no level settles or cycles within levels 0 to (\d+); level (\d+) "
                        r"would bring the predictions to about ([0-9,]+), more than the 100,000 allowed\.$",
                        capsys.readouterr().out, re.MULTILINE)
    assert stopped, "the fixpoint stops before a level of the documented game at the test's limit"
    played, level, estimate = stopped.groups()
    assert int(level) == int(played) + 1 >= 3   # levels past the first ones, where the estimates compound
    assert main([*GAME, "--anticipation", "7"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert re.fullmatch(rf"epistemic pirates: error: level {level} would bring the predictions to about {estimate}, "
                        rf"more than the 100,000 allowed \(levels 0 to {played} and their checks made [0-9,]+\): "
                        rf"anticipate less\n", err)
