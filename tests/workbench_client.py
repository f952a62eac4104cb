"""A workbench server started as ``epistemic serve`` would be, and a client with its own session.

The server runs in a child process on a free loopback port; the client
speaks HTTP over a real socket with its own cookie, as a browser does.
Nothing here depends on how fast the machine is: a server is given a
request limit no load reaches (600 s) unless the test gives its own, every
wait is a poll with a generous bound, and a client asked to wait by a busy
server (503 with Retry-After) waits and asks again, as a student would.
A test that needs a check to take a known time holds it
(``Server(hold=folder)``, see ``workbench_hooks/sitecustomize.py``).
"""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

__all__ = ["Server", "Client", "ROOT", "HOOKS", "PATIENCE", "busy", "children", "wait_until"]

ROOT = Path(__file__).resolve().parent.parent
#: The folder whose sitecustomize.py holds checks, for a server started with ``hold``.
HOOKS = Path(__file__).resolve().parent / "workbench_hooks"
#: Seconds any wait of a test may last: far past what a machine under load needs.
PATIENCE = 600.0


def wait_until(condition, what: str, patience: float = PATIENCE):
    """``condition()``'s value once it is truthy, asked every 50 ms; :class:`AssertionError` when it
    stays falsy for ``patience`` seconds."""
    end = time.monotonic() + patience
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError(f"{what} did not happen within {patience:g} s")
        time.sleep(0.05)


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid``, as /proc lists them."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    # the command's name is in parentheses and may hold spaces: the parent comes after it
                    if int(stat.read().rsplit(")", 1)[1].split()[1]) == pid:
                        found.append(int(entry))
            except (OSError, IndexError, ValueError):
                pass
    return found


def _names(headers) -> dict[str, str]:
    return {name.lower(): value for name, value in headers.items()}


def busy(status: int, body: bytes) -> bool:
    """Whether an answer says the workbench is busy: every worker, and the queue before them."""
    if status != 503:
        return False
    try:
        return json.loads(body).get("busy") is True
    except ValueError:
        return False


class Server:
    """``epistemic serve ARGS...`` in a child process; ``url`` is where it answers.

    ``--time-limit 600`` is added when ``args`` give none.  ``hold``: a folder, where the test
    holds checks and makes summaries fail (``workbench_hooks/sitecustomize.py``); ``env``: more
    of the server's environment.  Use as a context manager: the server stops on exit.
    """

    def __init__(self, *args: str, hold: str | os.PathLike | None = None, timeout: float = PATIENCE,
                 env: dict[str, str] | None = None):
        env = {**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})}
        if hold is not None:
            env["WORKBENCH_HOLD"] = str(hold)
            env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(HOOKS), env.get("PYTHONPATH")]))
        if "--time-limit" not in args:
            args = (*args, "--time-limit", "600")
        self.said = ""
        # standard error goes to a file: a pipe nobody reads would stall a server that logs much
        self.errors = tempfile.TemporaryFile()
        self.process = subprocess.Popen([sys.executable, "-m", "epistemic.cli", "serve", *args], cwd=ROOT,
                                        stdout=subprocess.PIPE, stderr=self.errors, text=True, env=env)
        assert self.process.stdout is not None
        first = self.process.stdout.readline()
        found = re.search(r"(http://\S+/)", first)
        if not found:
            self.close()
            raise RuntimeError(f"the server did not say where it listens: {first!r} {self.said!r}")
        self.url = found[1]
        end = time.monotonic() + timeout
        while True:   # the socket listens at once; the app answers once uvicorn has started
            try:   # the page itself: asking for it makes no session
                with urllib.request.urlopen(self.url, timeout=timeout):
                    break
            except (urllib.error.URLError, ConnectionError):
                if time.monotonic() > end or self.process.poll() is not None:
                    self.close()
                    raise RuntimeError(f"the server never answered: {self.said!r}") from None
                time.sleep(0.1)

    def workers(self) -> list[int]:
        """The server's worker processes (its children)."""
        return children(self.process.pid)

    def close(self) -> None:
        """Stop the server; what it wrote on standard error is kept in ``said``."""
        if self.process.poll() is None:
            self.process.terminate()
        try:
            self.process.communicate(timeout=PATIENCE)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.communicate()
        if not self.errors.closed:
            self.errors.seek(0)
            self.said = self.errors.read().decode(errors="replace")
            self.errors.close()

    def __enter__(self) -> Server:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class Client:
    """One student: a cookie jar of its own, JSON in and out.  Like the page, it asks for the
    state first, which gives it its session (``start=False`` leaves that to the caller)."""

    def __init__(self, url: str, timeout: float = PATIENCE, start: bool = True):
        self.url = url
        self.timeout = timeout
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies))
        if start:
            self.get("api/state")

    def once(self, path: str, body: dict | None = None) -> tuple[int, bytes, str, dict[str, str]]:
        """The status, body, content type and headers (their names in lower case) of one request,
        busy or not."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data,
                                         headers={"content-type": "application/json"} if data else {})
        try:
            with self.opener.open(request, timeout=self.timeout) as answer:
                return answer.status, answer.read(), answer.headers.get("content-type", ""), _names(answer.headers)
        except urllib.error.HTTPError as error:
            return error.code, error.read(), error.headers.get("content-type", ""), _names(error.headers)

    def raw(self, path: str, body: dict | None = None) -> tuple[int, bytes, str]:
        """The status, body and content type of a request, asked again as long as the server
        says it is busy, after the wait it asks for."""
        end = time.monotonic() + self.timeout
        while True:
            status, answer, kind, headers = self.once(path, body)
            if not busy(status, answer) or time.monotonic() > end:
                return status, answer, kind
            time.sleep(float(headers["retry-after"]))

    def get(self, path: str) -> dict:
        return json.loads(self.raw(path)[1])

    def post(self, path: str, body: dict) -> dict:
        return json.loads(self.raw(path, body)[1])
