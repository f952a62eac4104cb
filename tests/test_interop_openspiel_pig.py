"""Our two-player Pig policy in OpenSpiel's own ``pig`` (the optional extra ``openspiel``;
``.ci/run`` installs it).  A file of its own, so that its 100,000 games run beside the other
OpenSpiel checks."""

from __future__ import annotations

import math
import re
import shlex
import subprocess
import sys
from pathlib import Path

from cli_runs import HUNG
from extras import extra

extra("pyspiel", "openspiel")

PAGE = Path(__file__).resolve().parent.parent / "docs" / "interop.md"


def test_our_pig_policy_wins_in_openspiels_own_pig():
    """Neller and Presser (2004): under optimal play the first player of Pig to 100 wins with
    probability 0.5306.  Our policy, playing both seats of OpenSpiel's own ``pig`` for 100,000
    games, must win that often within 3 standard errors.  The games are played by the command
    docs/interop.md shows, which must print what the page says it prints."""
    shown = re.search(r"^ *\$ (python -c .*)\n *(\d+)\n", PAGE.read_text(encoding="utf-8"), re.M)
    command, printed = shlex.split(shown[1]), shown[2]
    assert command[:2] == ["python", "-c"] and "first_wins_in_openspiel_pig" in command[2]
    done = subprocess.run([sys.executable, *command[1:]], capture_output=True, text=True, timeout=HUNG)
    assert (done.returncode, done.stderr, done.stdout) == (0, "", printed + "\n")
    assert f"wins {int(printed):,} of the 100,000 games" in " ".join(PAGE.read_text(encoding="utf-8").split())
    games = 100_000
    rate = int(printed) / games
    error = math.sqrt(0.5306 * (1 - 0.5306) / games)
    assert abs(rate - 0.5306) < 3 * error, (rate, error)
