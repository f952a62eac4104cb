"""The workbench under load: checks per second on a 1,000-world model, through the real server.

Run ``python benchmarks/workbench.py``.  It starts ``epistemic serve`` on a
free loopback port, and for each case opens a model of 1,000 worlds (five
atoms, three agents, each agent's partition in blocks of a different size)
in every client's session, then has the clients send one kind of check as
fast as the server answers, each client on its own keep-alive connection
with its own session, for a few seconds.  It prints requests per second,
the median and 95th-percentile latency, and the peak memory of the server
and its worker processes together.

Then a burst: a few clients check steadily, then many more than the
workers can serve send checks at once for a while (each waiting as the
server's Retry-After asks when told it is busy), then the few go on alone.
It prints, for each part, the checks answered, those refused as busy, those
past the time limit, and the checks per second; then the checks per second
second by second after the burst, and the worker processes left, while the
server runs and once it has stopped.  ``--only burst`` (or ``steady``) runs
one part.

The checks run in the server's worker processes (one per core), each
bounded by the time limit; a worker keeps the models it was sent, so that a
model travels to a worker once (``--cache 0``: with each check, as the
server did before).  Each case also prints the CPU milliseconds a check took
in the server, in its workers and in the clients (this process), which a
busy machine disturbs less than the rates.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
import statistics
import subprocess
import sys
import threading
import time

from epistemic import Agent, KripkeModel, model_to_dict

#: Seconds each case sends checks for.
SECONDS = 5.0
#: (clients, formula): each case.
CASES = [(1, "K_a p0"), (4, "K_a p0"), (50, "K_a p0"),
         (4, "C_{a,b,c} (p0 | p1)"), (4, "[!p0] (K_b p1 | ~M_c p2)"), (50, "C_{a,b,c} (p0 | p1)")]
#: The burst: clients checking steadily, clients sending at once, the formula, and the seconds of each part.
STEADY_CLIENTS, BURST_CLIENTS = 4, 400
#: Each world split by two event models: some 20 ms a check in a fresh model (a kept one keeps its truth).
BURST_FORMULA = ("[(e: top, f: top, g: top; a: {e} {f} {g}; b: {e, f, g}; c: {e, f} {g}), e] "
                 "[(e: top, f: top; a: {e} {f}; b: {e, f}; c: {e, f}), e] C_{a,b,c} (p3 | K_a p4)")
BEFORE_SECONDS, BURST_SECONDS, AFTER_SECONDS = 5.0, 10.0, 10.0


def thousand_worlds() -> KripkeModel:
    """1,000 worlds with random valuations of five atoms; agent a's blocks have 10 worlds,
    b's 25, c's 40, each over a different shuffle of the worlds."""
    rng = random.Random(2026)
    worlds = {f"w{i}": {f"p{j}" for j in range(5) if rng.random() < 0.5} for i in range(1000)}
    names = list(worlds)
    relations = {}
    for agent, block in (("a", 10), ("b", 25), ("c", 40)):
        order = names[:]
        rng.shuffle(order)
        relations[Agent(agent)] = [(u, v) for k in range(0, 1000, block)
                                   for u in order[k:k + block] for v in order[k:k + block]]
    return KripkeModel.from_relations([Agent(a) for a in "abc"], worlds, relations, actual="w0")


class Session:
    """One client: a keep-alive connection and a session cookie."""

    def __init__(self, port: int):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
        self.cookie = ""
        self.status = 0
        self.retry_after = 0.0

    def post(self, path: str, body: dict | None) -> dict:
        """``body`` posted to ``path`` (``None``: a GET), the answer as JSON; the first answer's
        cookie names the session from then on.  ``status`` and ``retry_after`` are the answer's."""
        headers = {"content-type": "application/json"}
        if self.cookie:
            headers["cookie"] = self.cookie
        for again in (True, False):
            try:
                self.connection.request("POST" if body is not None else "GET", path,
                                        json.dumps(body) if body is not None else None, headers)
                answer = self.connection.getresponse()
                data = answer.read()
                break
            except (ConnectionError, http.client.HTTPException):
                # the server closes a keep-alive connection idle for a few seconds: open another
                self.connection.close()
                if not again:
                    raise
        self.status = answer.status
        self.retry_after = float(answer.getheader("retry-after") or 0)
        cookie = answer.getheader("set-cookie")
        if cookie:
            self.cookie = cookie.split(";")[0]
        return json.loads(data)

    def patiently(self, path: str, body: dict | None) -> dict:
        """:meth:`post`, again after the server's Retry-After for as long as it is busy."""
        while True:
            answer = self.post(path, body)
            if self.status != 503 or not self.retry_after:
                return answer
            time.sleep(self.retry_after)


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid``."""
    found = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout.split()
    return [int(p) for p in found]


def cpu_seconds(pids: list[int]) -> float:
    """The CPU seconds (user and system) the processes ``pids`` have taken so far, summed."""
    total = 0
    for p in pids:
        try:
            with open(f"/proc/{p}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
        except (OSError, IndexError, ValueError):
            pass
    return total / os.sysconf("SC_CLK_TCK")


def peak_mib(pid: int) -> float:
    """The resident-set high-water marks of ``pid`` and its children, summed, in MiB."""
    total = 0
    for p in [pid, *children(pid)]:
        try:
            with open(f"/proc/{p}/status") as status:
                total += int(re.search(r"VmHWM:\s+(\d+)", status.read())[1])
        except (OSError, TypeError):
            pass
    return total / 1024


def ready_sessions(port: int, clients: int, model_text: str, formula: str) -> list[Session]:
    """``clients`` sessions, each holding the model, its first check made."""
    sessions = [Session(port) for _ in range(clients)]
    for s in sessions:
        s.patiently("/api/state", None)   # as the page does first: the session starts
        assert s.patiently("/api/open", {"text": model_text, "name": "thousand.json"})["model"]["size"] == 1000
        s.patiently("/api/check", {"formula": formula, "draw": False})
    return sessions


def run_case(port: int, server_pid: int, clients: int, formula: str, model_text: str, expected: int) -> dict:
    sessions = ready_sessions(port, clients, model_text, formula)
    latencies: list[float] = []
    wrong: list[dict] = []
    busy = [0]
    end = time.monotonic() + SECONDS

    def client(s: Session) -> None:
        while time.monotonic() < end:
            start = time.perf_counter()
            while True:   # as patiently(), counting the answers that the workbench is busy
                answer = s.post("/api/check", {"formula": formula, "draw": False})
                if s.status != 503 or not s.retry_after:
                    break
                busy[0] += 1
                time.sleep(s.retry_after)
            latencies.append(time.perf_counter() - start)
            if answer.get("count") != expected:
                wrong.append(answer)

    threads = [threading.Thread(target=client, args=(s,)) for s in sessions]
    workers = children(server_pid)
    server_cpu, workers_cpu, own_cpu = cpu_seconds([server_pid]), cpu_seconds(workers), time.process_time()
    started = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - started
    server_cpu, workers_cpu = cpu_seconds([server_pid]) - server_cpu, cpu_seconds(workers) - workers_cpu
    own_cpu = time.process_time() - own_cpu
    assert not wrong, wrong[:1]
    latencies.sort()
    n = len(latencies)
    return {"requests": n, "per_second": n / elapsed, "busy": busy[0],
            "median_ms": 1000 * statistics.median(latencies), "p95_ms": 1000 * latencies[int(0.95 * (n - 1))],
            "server_ms": 1000 * server_cpu / n, "workers_ms": 1000 * workers_cpu / n, "clients_ms": 1000 * own_cpu / n}


class Tally:
    """What the answers to one part of the burst were, and when the checks answered came."""

    def __init__(self):
        self.lock = threading.Lock()
        self.done: list[float] = []        # when each check answered came back
        self.busy = self.over = self.other = 0

    def count(self, session: Session, answer: dict, expected: int) -> None:
        with self.lock:
            if session.status == 200 and answer.get("count") == expected:
                self.done.append(time.monotonic())
            elif session.status == 503:
                self.busy += 1
            elif session.status == 408:
                self.over += 1
            else:
                self.other += 1


def hammer(sessions: list[Session], seconds: float, tally: Tally, expected: int) -> None:
    """Each session sends checks until ``seconds`` have passed, waiting as Retry-After asks."""
    end = time.monotonic() + seconds

    def client(s: Session) -> None:
        while time.monotonic() < end:
            answer = s.post("/api/check", {"formula": BURST_FORMULA, "draw": False})
            tally.count(s, answer, expected)
            if s.status == 503:
                time.sleep(min(s.retry_after or 1.0, max(0.0, end - time.monotonic())))

    threads = [threading.Thread(target=client, args=(s,)) for s in sessions]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def burst(port: int, server_pid: int, model_text: str, expected: int) -> None:
    print(f"\nthe burst: {STEADY_CLIENTS} clients checking {BURST_FORMULA}, then {BURST_CLIENTS} more at once "
          f"for {BURST_SECONDS:g} s, then the {STEADY_CLIENTS} alone")
    steady = ready_sessions(port, STEADY_CLIENTS, model_text, BURST_FORMULA)
    crowd = ready_sessions(port, BURST_CLIENTS, model_text, BURST_FORMULA)
    print(f"{'part':<7} {'seconds':>7} {'answered':>8} {'busy':>6} {'too long':>8} {'other':>6} {'checks/s':>8}")

    def show(part: str, seconds: float, tally: Tally) -> None:
        print(f"{part:<7} {seconds:>7.0f} {len(tally.done):>8} {tally.busy:>6} {tally.over:>8} {tally.other:>6} "
              f"{len(tally.done) / seconds:>8.0f}", flush=True)

    before = Tally()
    hammer(steady, BEFORE_SECONDS, before, expected)
    show("before", BEFORE_SECONDS, before)
    during = Tally()
    everyone = threading.Thread(target=hammer, args=(steady, BURST_SECONDS, during, expected))
    everyone.start()
    hammer(crowd, BURST_SECONDS, during, expected)
    everyone.join()
    show("during", BURST_SECONDS, during)
    after = Tally()
    started = time.monotonic()
    hammer(steady, AFTER_SECONDS, after, expected)
    show("after", AFTER_SECONDS, after)
    seconds = [sum(1 for t in after.done if k <= t - started < k + 1) for k in range(int(AFTER_SECONDS))]
    print("checks answered in each second after the burst:", " ".join(map(str, seconds)))
    print(f"worker processes of the server after the burst: {len(children(server_pid))}")


def main() -> None:
    parser = argparse.ArgumentParser(description="The workbench's server under load.")
    parser.add_argument("--only", choices=("steady", "burst"), default=None, help="run one part only")
    parser.add_argument("--cache", type=int, default=None, metavar="N",
                        help="the models each worker keeps (serve --cache; 0: each check sends its model)")
    args = parser.parse_args()
    only = args.only
    from epistemic import parse_formula, worlds_where
    model = thousand_worlds()
    text = json.dumps(model_to_dict(model))
    cache = ["--cache", str(args.cache)] if args.cache is not None else []
    server = subprocess.Popen([sys.executable, "-m", "epistemic.cli", "serve", *cache], stdout=subprocess.PIPE,
                              text=True)
    workers: list[int] = []
    try:
        assert server.stdout is not None
        port = int(re.search(r":(\d+)/", server.stdout.readline())[1])
        for _ in range(600):   # the app answers once uvicorn has started
            try:
                Session(port).patiently("/api/state", None)
                break
            except OSError:
                time.sleep(0.1)
        print(f"a model of {len(model):,} worlds, {os.cpu_count()} cores")
        if only != "burst":
            print(f"{'clients':>7}  {'formula':<28} {'requests':>8} {'req/s':>7} {'median ms':>9} {'p95 ms':>7} "
                  f"{'busy':>5} {'server':>6} {'workers':>7} {'clients':>7} {'peak MiB':>8}  ({SECONDS:g} s a case; "
                  "CPU ms a check)")
            for clients, formula in CASES:
                expected = len(worlds_where(model, parse_formula(formula)))
                r = run_case(port, server.pid, clients, formula, text, expected)
                print(f"{clients:>7}  {formula:<28} {r['requests']:>8} {r['per_second']:>7.0f} "
                      f"{r['median_ms']:>9.1f} {r['p95_ms']:>7.1f} {r['busy']:>5} {r['server_ms']:>6.2f} "
                      f"{r['workers_ms']:>7.2f} {r['clients_ms']:>7.2f} {peak_mib(server.pid):>8.0f}", flush=True)
        if only != "steady":
            burst(port, server.pid, text, len(worlds_where(model, parse_formula(BURST_FORMULA))))
        workers = children(server.pid)
    finally:
        server.terminate()
        server.wait(60)
    if workers:
        time.sleep(1)
        alive = [p for p in workers if os.path.exists(f"/proc/{p}")]
        print(f"worker processes alive once the server has stopped: {len(alive)}")


if __name__ == "__main__":
    main()
