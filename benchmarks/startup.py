"""Start-up of the command line: CPU seconds and peak memory of fresh processes.

Run ``python benchmarks/startup.py --repeat 5``.  Each case starts the
command as a process of its own (the ``epistemic`` script beside the
running Python) and, in the same run, ``python -c pass``: the ``cmd``
columns are the command's process, the ``pass`` columns the bare
interpreter's, both read from the operating system's account of each child
(CPU seconds, user and system; the resident-set high-water mark).  The first
three columns are the harness's own process, which only waits.  The
commands run in a scratch folder, so that ``import epistemic`` finds the
installed package, not a checkout's folder.

To measure another checkout's code, run this script with that checkout's
environment's Python (``/path/to/checkout/.venv/bin/python
benchmarks/startup.py``).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from harness import main

ROOT = Path(__file__).resolve().parent.parent
LETTER = str(ROOT / "docs" / "examples" / "letter.json")

#: ``(name, spec)``: a spec runs the ``epistemic`` script with ``args``, or Python with ``code``.
CASES = [
    ("python -c pass", dict(code="pass")),
    ("epistemic --version", dict(args=["--version"])),
    ("epistemic --help", dict(args=["--help"])),
    ("import epistemic", dict(code="import epistemic")),
    ("import epistemic.cli.main", dict(code="import epistemic.cli.main")),
    ("epistemic check letter.json p", dict(args=["check", LETTER, "p"])),
    ("epistemic pirates -n 2000 -m 100 --no-tables", dict(args=["pirates", "-n", "2000", "-m", "100", "--no-tables"])),
    ("epistemic puzzle --help", dict(args=["puzzle", "--help"])),
    ("epistemic puzzle cheryl", dict(args=["puzzle", "cheryl"])),
    ("epistemic puzzle dining-cryptographers n=90 --engine symbolic",
     dict(args=["puzzle", "dining-cryptographers", "n=90", "--engine", "symbolic"])),
]


def child(argv: list[str]) -> dict:
    """Wall seconds, CPU seconds and peak MiB of ``argv`` run to its end in a scratch folder."""
    with tempfile.TemporaryDirectory() as scratch, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        process = subprocess.Popen(argv, cwd=scratch, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                   stderr=err)
        # wait4, not Popen.wait: it gives this child's own account, not the sum over every child
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        if process.returncode != 0:
            err.seek(0)
            raise SystemExit(f"{' '.join(argv)} failed ({process.returncode}): {err.read().decode()}")
    return {"wall": wall, "cpu": usage.ru_utime + usage.ru_stime, "mib": usage.ru_maxrss / 1024}


def run_case(spec: dict) -> dict:
    script = str(Path(sys.executable).parent / "epistemic")
    argv = [script, *spec["args"]] if "args" in spec else [sys.executable, "-c", spec["code"]]
    bare = child([sys.executable, "-c", "pass"])
    command = child(argv)
    return {"cmd_cpu": command["cpu"], "cmd_mib": command["mib"], "cmd_wall": command["wall"],
            "pass_cpu": bare["cpu"], "pass_mib": bare["mib"]}


if __name__ == "__main__":
    main(__file__, __doc__.splitlines()[0], CASES, run_case,
         [("cmd_wall", "cmd wall s", ".3f"), ("cmd_cpu", "cmd CPU s", ".3f"), ("cmd_mib", "cmd MiB", ".0f"),
          ("pass_cpu", "pass CPU s", ".3f"), ("pass_mib", "pass MiB", ".0f")])
