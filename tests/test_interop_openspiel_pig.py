"""Our two-player Pig policy in OpenSpiel's own ``pig`` (the optional extra ``openspiel``;
``.ci/run`` installs it).  A file of its own, so that its 100,000 games run beside the other
OpenSpiel checks."""

from __future__ import annotations

import math

from extras import extra

extra("pyspiel", "openspiel")

from epistemic.models.pig.spiel import first_wins_in_openspiel_pig  # noqa: E402


def test_our_pig_policy_wins_in_openspiels_own_pig():
    """Neller and Presser (2004): under optimal play the first player of Pig to 100 wins with
    probability 0.5306.  Our policy, playing both seats of OpenSpiel's own ``pig`` for 100,000
    games, must win that often within 3 standard errors."""
    games = 100_000
    rate = first_wins_in_openspiel_pig(games) / games
    error = math.sqrt(0.5306 * (1 - 0.5306) / games)
    assert abs(rate - 0.5306) < 3 * error, (rate, error)
