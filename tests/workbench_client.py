"""A workbench server started as ``epistemic serve`` would be, and a client with its own session.

The server runs in a child process on a free loopback port; the client
speaks HTTP over a real socket with its own cookie, as a browser does.
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

__all__ = ["Server", "Client", "ROOT"]

ROOT = Path(__file__).resolve().parent.parent


class Server:
    """``epistemic serve ARGS...`` in a child process; ``url`` is where it answers.

    Use as a context manager: the server stops on exit.
    """

    def __init__(self, *args: str, timeout: float = 60):
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
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
        while True:   # the socket listens at once; the app answers once its workers have started
            try:   # the page itself: asking for it makes no session
                with urllib.request.urlopen(self.url, timeout=timeout):
                    break
            except (urllib.error.URLError, ConnectionError):
                if time.monotonic() > end or self.process.poll() is not None:
                    self.close()
                    raise RuntimeError(f"the server never answered: {self.said!r}") from None
                time.sleep(0.1)

    def close(self) -> None:
        """Stop the server; what it wrote on standard error is kept in ``said``."""
        if self.process.poll() is None:
            self.process.terminate()
        try:
            self.process.communicate(timeout=15)
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

    def __init__(self, url: str, timeout: float = 60, start: bool = True):
        self.url = url
        self.timeout = timeout
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies))
        if start:
            self.get("api/state")

    def raw(self, path: str, body: dict | None = None) -> tuple[int, bytes, str]:
        """The status, body and content type of one request."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data,
                                         headers={"content-type": "application/json"} if data else {})
        try:
            with self.opener.open(request, timeout=self.timeout) as answer:
                return answer.status, answer.read(), answer.headers.get("content-type", "")
        except urllib.error.HTTPError as error:
            return error.code, error.read(), error.headers.get("content-type", "")

    def get(self, path: str) -> dict:
        return json.loads(self.raw(path)[1])

    def post(self, path: str, body: dict) -> dict:
        return json.loads(self.raw(path, body)[1])
