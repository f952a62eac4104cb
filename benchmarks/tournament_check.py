"""Time and peak memory of checking a long tournament log, read whole or as it is replayed.

Run ``python benchmarks/tournament_check.py``.  Each case writes, in a fresh
process, the log of a game of defectors byte for byte as the game saves it
(``tests/tournament_script.py``), then checks it: ``read whole`` is
``check_log(read_log(path))``, how ``epistemic tournament check`` read a log
before; ``as replayed`` is ``check_file(path)``, how it reads one now, a round
at a time.  ``peak MiB`` is the process's, the Python interpreter and the
package included; ``check s`` the check alone, in seconds of the processor (on
a machine shared with other work, its wall time says more of the others).
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from harness import main

from epistemic.models.tournament.log import check_file, check_log, read_log

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from tournament_script import write_defectors_log  # noqa: E402  (the tests' maker of long logs)

CASES = [(f"{players} players, {rounds:,} rounds, {how}", dict(players=players, rounds=rounds, how=how))
         for players, rounds in ((300, 720), (30, 3000)) for how in ("read whole", "as replayed")]


def run_case(spec: dict) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "log.json"
        write_defectors_log(path, spec["players"], spec["rounds"])
        start = time.process_time()
        checked = check_log(read_log(path)) if spec["how"] == "read whole" else check_file(path)
        seconds = time.process_time() - start
        assert checked.rounds == spec["rounds"]
        return {"log_mib": path.stat().st_size / 2 ** 20, "check_s": seconds}


if __name__ == "__main__":
    main(__file__, __doc__.splitlines()[0], CASES, run_case,
         [("log_mib", "log MiB", ".1f"), ("check_s", "check s", ".1f")])
