"""An explicit level of anticipation is estimated exactly as ``--anticipation fixpoint`` estimates each
level, and refused before the level that would pass the documented limit of 1,000,000 predictions
(docs/pirates.md, Learning from surprise)."""

from __future__ import annotations

import re

from cli_runs import run_child

# the table's game of docs/pirates.md: 10 pirates and 2 coins; p7, p8 and p9 each promise p10 every coin,
# telling him alone, and every division each of them could have told him is suspected: 308 worlds, where
# the fixpoint "stops before level 5"
GAME = ["pirates", "-n", "10", "-m", "2", "--promise", "p7: 2 0 0 0 to p10", "--promise", "p8: 2 0 0 to p10",
        "--promise", "p9: 2 0 to p10", "--learning", "--suspect", "p7: * to p10", "--suspect", "p8: * to p10",
        "--suspect", "p9: * to p10", "--no-tables"]


def test_an_explicit_level_on_the_documented_game_is_refused_where_the_fixpoint_stops():
    # past level 5 this filled 3.3 GB, unrefused; in a child capped at 2 GiB the refusal comes first
    code, out, err = run_child(*GAME, "--anticipation", "7", timeout=1800)
    assert (code, out) == (2, "")
    assert re.fullmatch(r"epistemic pirates: error: level 5 would bring the predictions to about [0-9,]+, more than "
                        r"the 1,000,000 allowed \(levels 0 to 4 and their checks made [0-9,]+\): anticipate less\n", err)
