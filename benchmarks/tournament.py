"""Time, peak memory and answer round trips of whole tournament games over loopback TCP.

Run ``python benchmarks/tournament.py``.  Each case runs in a fresh process:
the server plays there, and the bots connect from four other processes
(``epistemic tournament bot --count N``), so that the server and the bots
share the machine's cores as they would in a classroom.  ``game s`` is the
game alone, from ``Start`` to the final scores; ``seconds`` adds starting the
bot processes and connecting.  A round trip runs from a question written to
its answer read; ``missed`` counts answers that did not come within the
seed's second (it must be 0: every client served).  ``peak MiB`` is the
server's process; ``bot MiB`` the largest bot process.
"""

from __future__ import annotations

import asyncio
import resource
import subprocess
import sys
import time

from harness import main

from epistemic.models.tournament import Server

CASES = [
    ("200 bots, 50 of each, 5 rounds", dict(bots={"coop": 50, "defect": 50, "tit-for-tat": 50, "rational": 50},
                                            rounds=5)),
    ("200 cooperators, 5 rounds", dict(bots={"coop": 200}, rounds=5)),
    ("200 rational pirates, 5 rounds", dict(bots={"rational": 200}, rounds=5)),
    ("1,000 bots, 250 of each, 5 rounds", dict(bots={"coop": 250, "defect": 250, "tit-for-tat": 250,
                                                     "rational": 250}, rounds=5)),
]

#: Bot processes a case starts (each strategy's bots split among them).
PROCESSES = 4


def _spawn(port: int, bots: dict[str, int]) -> list[subprocess.Popen]:
    jobs = [(name, count) for name, count in bots.items()]
    while len(jobs) < PROCESSES:  # split the largest lot so that every process has bots to play
        jobs.sort(key=lambda job: -job[1])
        name, count = jobs.pop(0)
        jobs += [(name, count // 2), (name, count - count // 2)]
    return [subprocess.Popen([sys.executable, "-m", "epistemic.cli", "tournament", "bot", "--strategy", name,
                              "--count", str(count), "--port", str(port), "--games", "1"],
                             stdout=subprocess.DEVNULL) for name, count in jobs]


async def _game(spec: dict) -> dict:
    total = sum(spec["bots"].values())
    server = Server(rounds=spec["rounds"], timeout=1.0, seed=1, max_players=total)
    _, port = await server.start("127.0.0.1", 0)
    bots = _spawn(port, spec["bots"])
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
    return {"players": total, "game_s": seconds, "answers": trips.count, "missed": sum(game.missed.values()),
            "median_ms": 1000 * trips.quantile(0.5), "p99_ms": 1000 * trips.quantile(0.99),
            "slowest_ms": 1000 * trips.slowest,
            "proposals": sum(len(e["proposals"]) for r in game.log for e in r["groups"]),
            "bot_mib": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024}


def run_case(spec: dict) -> dict:
    return asyncio.run(_game(spec))


if __name__ == "__main__":
    main(__file__, __doc__.splitlines()[0], CASES, run_case,
         [("game_s", "game s", ".2f"), ("answers", "answers", ","), ("proposals", "proposals", ","),
          ("missed", "missed", ","), ("median_ms", "median ms", ".2f"), ("p99_ms", "p99 ms", ".1f"),
          ("slowest_ms", "slowest ms", ".1f"), ("bot_mib", "bot MiB", ".0f")])
