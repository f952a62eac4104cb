"""Time, peak memory and answer round trips of whole tournament games over loopback TCP, now and before.

Run ``python benchmarks/tournament.py`` (``--repeat 5`` for medians) in a git
checkout.  Each case runs in a fresh process: the server plays there, and the
bots connect from four other processes (``epistemic tournament bot --count N``),
so that the server and the bots share the machine's cores as they would in a
classroom.  ``seconds`` is the whole case: starting the bot processes, their
connecting, the game and their leaving; ``game s`` the game alone, from
``Start`` to the final scores.  ``CPU s`` is the server's process, ``bots CPU s``
the four bot processes', their start included.  A round trip runs from a
question written to its answer read; ``missed`` counts answers that did not
come within the seed's second (it must be 0: every client served).  ``peak MiB``
is the server's process; ``bot MiB`` the largest bot process.

Each case is played twice in the same run: with this checkout's code, and
(``before``) with the code of commit :data:`BEFORE`, the server and bots as they
were before they were made faster, taken from git into a temporary folder laid
out as an installed package.  Both start with Python's cache of compiled modules,
as an installed package has it (filled by a first start of each before the runs).
"""

from __future__ import annotations

import asyncio
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from harness import main

#: The commit whose server and bots the ``before`` cases play: the last before they were made faster.
BEFORE = "3215b8d73ebf30e51927bd573bf0c4215c58cdd9"
#: Where the case processes find the code of :data:`BEFORE` (set by the run that starts them).
_TREE = "EPISTEMIC_BENCHMARK_BEFORE"
#: The folders of a checkout that an installed package keeps inside its core, ``epistemic/``.
_PARTS = ("models", "cli", "visualize", "workbench")

_GAMES = [
    ("200 bots, 50 of each, 5 rounds", dict(bots={"coop": 50, "defect": 50, "tit-for-tat": 50, "rational": 50},
                                            rounds=5)),
    ("200 cooperators, 5 rounds", dict(bots={"coop": 200}, rounds=5)),
    ("200 rational pirates, 5 rounds", dict(bots={"rational": 200}, rounds=5)),
    ("1,000 bots, 250 of each, 5 rounds", dict(bots={"coop": 250, "defect": 250, "tit-for-tat": 250,
                                                     "rational": 250}, rounds=5)),
]
CASES = [case for name, spec in _GAMES for case in ((name, spec), ("  the same, before", dict(spec, before=True)))]

if "--case" in sys.argv and CASES[int(sys.argv[sys.argv.index("--case") + 1])][1].get("before"):
    sys.path.insert(0, os.environ[_TREE])  # this process plays the server of then, its bots those of then
from epistemic.models.tournament import Server  # noqa: E402  (imported before the case is timed)

#: Bot processes a case starts (each strategy's bots split among them).
PROCESSES = 4


def _spawn(port: int, bots: dict[str, int], env: dict[str, str]) -> list[subprocess.Popen]:
    jobs = [(name, count) for name, count in bots.items()]
    while len(jobs) < PROCESSES:  # split the largest lot so that every process has bots to play
        jobs.sort(key=lambda job: -job[1])
        name, count = jobs.pop(0)
        jobs += [(name, count // 2), (name, count - count // 2)]
    return [subprocess.Popen([sys.executable, "-m", "epistemic.cli", "tournament", "bot", "--strategy", name,
                              "--count", str(count), "--port", str(port), "--games", "1"],
                             stdout=subprocess.DEVNULL, env=env) for name, count in jobs]


async def _game(spec: dict) -> dict:
    env = dict(os.environ)
    if spec.get("before"):
        env["PYTHONPATH"] = os.environ[_TREE]
    total = sum(spec["bots"].values())
    server = Server(rounds=spec["rounds"], timeout=1.0, seed=1, max_players=total)
    _, port = await server.start("127.0.0.1", 0)
    bots = _spawn(port, spec["bots"], env)
    await server.wait_for_players(total)
    start = time.perf_counter()
    show = sys.stderr.isatty()
    game = await server.play(progress=(lambda done: print(f"\r  round {done} of {spec['rounds']}", end="",
                                                           file=sys.stderr, flush=True)) if show else None)
    seconds = time.perf_counter() - start
    if show:
        print("\r\033[K", end="", file=sys.stderr, flush=True)
    await server.close()
    for bot in bots:
        bot.wait()
    trips = server.round_trips
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return {"players": total, "game_s": seconds, "answers": trips.count, "missed": sum(game.missed.values()),
            "median_ms": 1000 * trips.quantile(0.5), "p99_ms": 1000 * trips.quantile(0.99),
            "slowest_ms": 1000 * trips.slowest,
            "proposals": sum(len(e["proposals"]) for r in game.log for e in r["groups"]),
            "bots_cpu_s": children.ru_utime + children.ru_stime, "bot_mib": children.ru_maxrss / 1024}


def run_case(spec: dict) -> dict:
    return asyncio.run(_game(spec))


def _lay_out_before(folder: Path) -> Path:
    """The package of commit :data:`BEFORE` in ``folder``, its parts inside the core as an install has
    them (so that the checkout's own editable install finds none of its parts there)."""
    root = Path(__file__).resolve().parent.parent
    archive = subprocess.run(["git", "-C", str(root), "archive", BEFORE, "epistemic", *_PARTS],
                             capture_output=True, check=True)
    unpacked, tree = folder / "checkout", folder / "installed"
    unpacked.mkdir()
    tree.mkdir()
    subprocess.run(["tar", "-x", "-C", str(unpacked)], input=archive.stdout, check=True)
    (unpacked / "epistemic").rename(tree / "epistemic")
    for part in _PARTS:
        (unpacked / part).rename(tree / "epistemic" / part)
    return tree


def _warm(env: dict[str, str]) -> None:
    """Start the server's and a bot's modules once, so that the runs find them compiled."""
    subprocess.run([sys.executable, "-c", "import epistemic.cli.main, epistemic.models.tournament.cli"],
                   env=env, check=True)


COLUMNS = [("game_s", "game s", ".2f"), ("bots_cpu_s", "bots CPU s", ".2f"), ("answers", "answers", ","),
           ("proposals", "proposals", ","), ("missed", "missed", ","), ("median_ms", "median ms", ".2f"),
           ("p99_ms", "p99 ms", ".1f"), ("slowest_ms", "slowest ms", ".1f"), ("bot_mib", "bot MiB", ".0f")]

if __name__ == "__main__":
    if "--case" in sys.argv:
        main(__file__, __doc__.splitlines()[0], CASES, run_case, COLUMNS)
    else:
        with tempfile.TemporaryDirectory(prefix="tournament-benchmark-") as folder:
            os.environ.pop("PYTHONDONTWRITEBYTECODE", None)  # as installed: the modules compiled once
            os.environ["PYTHONPYCACHEPREFIX"] = str(Path(folder) / "compiled")
            os.environ[_TREE] = str(_lay_out_before(Path(folder)))
            _warm(dict(os.environ))
            _warm(dict(os.environ, PYTHONPATH=os.environ[_TREE]))
            main(__file__, __doc__.splitlines()[0], CASES, run_case, COLUMNS)
