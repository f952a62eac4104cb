"""A headless Chromium driven over the DevTools protocol, with the standard library only.

Tests of the explorer page open it in a real browser, click, and read the
page back.  Selenium or Playwright would add a dependency and a driver to
keep in step with the browser; the DevTools protocol is spoken by Chromium
itself, over one websocket, and the few commands needed here (evaluate a
script, take a screenshot) fit in a small client.
"""

from __future__ import annotations

import base64
import json
import os
import re
import shutil
import socket
import struct
import subprocess
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

from extras import system_tool

__all__ = ["chromium", "needs_chromium", "Browser", "PATIENCE"]

#: Seconds a wait may last by default: every wait polls, so a long bound costs nothing when the
#: page is quick, and a machine under load still gets there (what a page waits for takes
#: milliseconds of work: two minutes are a hundred times what a loaded machine needs).
PATIENCE = 120.0


def chromium() -> str | None:
    """The path of a Chromium program, or ``None``."""
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return None


#: for a test that drives a page in the browser :class:`Browser` starts
needs_chromium = system_tool("Chromium", chromium, "apt-get install chromium")


class _Socket:
    """A websocket client: text frames only, as the DevTools protocol uses."""

    def __init__(self, url: str, timeout: float):
        m = re.fullmatch(r"ws://([^/:]+):(\d+)(/.*)", url)
        assert m, url
        self.sock = socket.create_connection((m[1], int(m[2])), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET {m[3]} HTTP/1.1\r\nHost: {m[1]}:{m[2]}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                           f"Sec-WebSocket-Version: 13\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(1)
            if not chunk:
                raise ConnectionError("the browser closed the websocket")
            head += chunk
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise ConnectionError(head.decode(errors="replace"))

    def _exactly(self, n: int) -> bytes:
        data = b""
        while len(data) < n:
            chunk = self.sock.recv(n - len(data))
            if not chunk:
                raise ConnectionError("the browser closed the websocket")
            data += chunk
        return data

    def send(self, text: str) -> None:
        payload = text.encode()
        n = len(payload)
        head = bytes([0x81])
        if n < 126:
            head += bytes([0x80 | n])
        elif n < 1 << 16:
            head += bytes([0x80 | 126]) + struct.pack(">H", n)
        else:
            head += bytes([0x80 | 127]) + struct.pack(">Q", n)
        mask = os.urandom(4)
        self.sock.sendall(head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def receive(self) -> str:
        message = b""
        while True:
            first, second = self._exactly(2)
            n = second & 0x7F
            if n == 126:
                n = struct.unpack(">H", self._exactly(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._exactly(8))[0]
            payload = self._exactly(n)
            if first & 0x0F == 0x8:
                raise ConnectionError("the browser closed the websocket")
            message += payload
            if first & 0x80:
                return message.decode()


class Browser:
    """A headless Chromium showing one page, a file or a server's; ``evaluate`` runs JavaScript in it.

    Use as a context manager; the browser and its profile are removed on exit.
    """

    def __init__(self, path: str | os.PathLike, width: int = 1000, height: int = 900, timeout: float = PATIENCE):
        # a page on disk, or one a server serves (an address starting with http://)
        address = str(path) if str(path).startswith("http://") else Path(path).resolve().as_uri()
        self.protocol = address.split("//")[0]
        program = chromium()
        if program is None:
            raise RuntimeError("no Chromium program is installed")
        self.profile = tempfile.mkdtemp(prefix="chromium-")
        self.process = subprocess.Popen(
            [program, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
             "--remote-debugging-port=0", f"--user-data-dir={self.profile}", f"--window-size={width},{height}",
             address],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        self.timeout = timeout
        self.next_id = 0
        try:
            self.socket = _Socket(self._page_socket(), timeout)
            self._wait_loaded()
        except BaseException:
            self.close()
            raise

    def _page_socket(self) -> str:
        assert self.process.stderr is not None
        port = None
        end = time.monotonic() + self.timeout
        while port is None and time.monotonic() < end:
            line = self.process.stderr.readline()
            if not line and self.process.poll() is not None:
                raise RuntimeError("Chromium stopped before it listened")
            m = re.search(r"DevTools listening on ws://[^:]+:(\d+)/", line)
            port = m and int(m[1])
        if port is None:
            raise RuntimeError("Chromium did not say where it listens")
        # the browser keeps logging: drain its stderr so that a full pipe never stalls it
        threading.Thread(target=self.process.stderr.read, daemon=True).start()
        while time.monotonic() < end:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=self.timeout) as answer:
                pages = [t for t in json.load(answer) if t.get("type") == "page"]
            if pages:
                return pages[0]["webSocketDebuggerUrl"]
            time.sleep(0.05)
        raise RuntimeError("Chromium opened no page")

    def _wait_loaded(self) -> None:
        end = time.monotonic() + self.timeout
        # the page may still be blank when the browser first answers
        while self.evaluate("location.protocol + document.readyState") != self.protocol + "complete":
            if time.monotonic() > end:
                raise RuntimeError("the page did not load")
            time.sleep(0.05)

    def call(self, method: str, **params) -> dict:
        """Send one DevTools command and return its result."""
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            answer = json.loads(self.socket.receive())
            if answer.get("id") == self.next_id:
                if "error" in answer:
                    raise RuntimeError(answer["error"])
                return answer["result"]

    def evaluate(self, script: str):
        """The value of a JavaScript expression in the page (a JSON value)."""
        result = self.call("Runtime.evaluate", expression=script, returnByValue=True)
        if "exceptionDetails" in result:
            raise RuntimeError(result["exceptionDetails"])
        return result["result"].get("value")

    def click(self, selector: str) -> None:
        """Click the first element that ``selector`` finds (it must exist)."""
        found = self.evaluate(f"(function () {{ var e = document.querySelector({json.dumps(selector)});"
                              f" if (!e) return false; e.click(); return true; }})()")
        if not found:
            raise AssertionError(f"nothing on the page matches {selector!r}")

    def type(self, selector: str, text: str) -> None:
        """Put ``text`` in the field ``selector`` finds, as typing would: an input event follows."""
        found = self.evaluate(f"(function () {{ var e = document.querySelector({json.dumps(selector)});"
                              f" if (!e) return false; e.value = {json.dumps(text)};"
                              f" e.dispatchEvent(new Event('input', {{bubbles: true}})); return true; }})()")
        if not found:
            raise AssertionError(f"nothing on the page matches {selector!r}")

    def wait_for(self, script: str, timeout: float | None = None):
        """The value of the JavaScript expression ``script`` once it is truthy (the page answers
        its server asynchronously); :class:`AssertionError` when it stays falsy."""
        end = time.monotonic() + (self.timeout if timeout is None else timeout)
        while True:
            value = self.evaluate(script)
            if value:
                return value
            if time.monotonic() > end:
                raise AssertionError(f"the page never gave {script!r}")
            time.sleep(0.05)

    def picture_of(self, selector: str) -> bytes:
        """A PNG of the first element ``selector`` finds, as the page shows it now."""
        box = self.evaluate(f"(function () {{ var r = document.querySelector({json.dumps(selector)})"
                            ".getBoundingClientRect(); return [r.left + scrollX, r.top + scrollY, r.width, r.height];"
                            " })()")
        clip = dict(zip(("x", "y", "width", "height"), box), scale=1)
        return base64.b64decode(self.call("Page.captureScreenshot", format="png", clip=clip,
                                          captureBeyondViewport=True)["data"])

    def screenshot(self, path: str | os.PathLike) -> Path:
        """Save the whole page as a PNG."""
        height = self.evaluate("Math.ceil(document.documentElement.scrollHeight)")
        width = self.evaluate("Math.ceil(document.documentElement.scrollWidth)")
        self.call("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1, mobile=False)
        data = self.call("Page.captureScreenshot", format="png")["data"]
        path = Path(path)
        path.write_bytes(base64.b64decode(data))
        return path

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.process.stderr is not None:
            self.process.stderr.close()
        shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
