"""The workbench under load: checks per second on a 1,000-world model, through the real server.

Run ``python benchmarks/workbench.py``.  It starts ``epistemic serve`` on a
free loopback port, and for each case opens a model of 1,000 worlds (five
atoms, three agents, each agent's partition in blocks of a different size)
in every client's session, then has the clients send one kind of check as
fast as the server answers, each client on its own keep-alive connection
with its own session, for a few seconds.  It prints requests per second,
the median and 95th-percentile latency, and the peak memory of the server
and its worker processes together.

The checks run in the server's worker processes (one per core), each
bounded by the time limit; the model travels to a worker with each check.
"""

from __future__ import annotations

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
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.cookie = ""

    def post(self, path: str, body: dict | None) -> dict:
        """``body`` posted to ``path`` (``None``: a GET), the answer as JSON; the first answer's
        cookie names the session from then on."""
        headers = {"content-type": "application/json"}
        if self.cookie:
            headers["cookie"] = self.cookie
        self.connection.request("POST" if body is not None else "GET", path,
                                json.dumps(body) if body is not None else None, headers)
        answer = self.connection.getresponse()
        data = answer.read()
        cookie = answer.getheader("set-cookie")
        if cookie:
            self.cookie = cookie.split(";")[0]
        return json.loads(data)


def peak_mib(pid: int) -> float:
    """The resident-set high-water marks of ``pid`` and its children, summed, in MiB."""
    total = 0
    children = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout.split()
    for p in [str(pid), *children]:
        try:
            with open(f"/proc/{p}/status") as status:
                total += int(re.search(r"VmHWM:\s+(\d+)", status.read())[1])
        except (OSError, TypeError):
            pass
    return total / 1024


def run_case(port: int, clients: int, formula: str, model_text: str, expected: int) -> dict:
    sessions = [Session(port) for _ in range(clients)]
    for s in sessions:
        s.post("/api/state", None)   # as the page does first: the session starts
        assert s.post("/api/open", {"text": model_text, "name": "thousand.json"})["model"]["size"] == 1000
        s.post("/api/check", {"formula": formula, "draw": False})   # the first check warms the worker
    latencies: list[float] = []
    wrong: list[dict] = []
    end = time.monotonic() + SECONDS

    def client(s: Session) -> None:
        while time.monotonic() < end:
            start = time.perf_counter()
            answer = s.post("/api/check", {"formula": formula, "draw": False})
            latencies.append(time.perf_counter() - start)
            if answer.get("count") != expected:
                wrong.append(answer)

    threads = [threading.Thread(target=client, args=(s,)) for s in sessions]
    started = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - started
    assert not wrong, wrong[:1]
    latencies.sort()
    return {"requests": len(latencies), "per_second": len(latencies) / elapsed,
            "median_ms": 1000 * statistics.median(latencies),
            "p95_ms": 1000 * latencies[int(0.95 * (len(latencies) - 1))]}


def main() -> None:
    from epistemic import parse_formula, worlds_where
    model = thousand_worlds()
    text = json.dumps(model_to_dict(model))
    server = subprocess.Popen([sys.executable, "-m", "epistemic.cli", "serve"], stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        port = int(re.search(r":(\d+)/", server.stdout.readline())[1])
        for _ in range(200):   # the app answers once its workers have started
            try:
                Session(port).post("/api/state", None)
                break
            except OSError:
                time.sleep(0.1)
        print(f"a model of {len(model):,} worlds, {os.cpu_count()} cores, {SECONDS:g} s a case")
        print(f"{'clients':>7}  {'formula':<28} {'requests':>8} {'req/s':>7} {'median ms':>9} {'p95 ms':>7} "
              f"{'peak MiB':>8}")
        for clients, formula in CASES:
            expected = len(worlds_where(model, parse_formula(formula)))
            r = run_case(port, clients, formula, text, expected)
            print(f"{clients:>7}  {formula:<28} {r['requests']:>8} {r['per_second']:>7.0f} {r['median_ms']:>9.1f} "
                  f"{r['p95_ms']:>7.1f} {peak_mib(server.pid):>8.0f}", flush=True)
    finally:
        server.terminate()
        server.wait(15)


if __name__ == "__main__":
    main()
