"""What ``epistemic tournament serve`` shows its operator: lines of news on standard output and,
on a terminal, one status line kept up to date while a game is played.

The status line follows the project's progress lines: on standard error, only where it is a
terminal, rewritten in place with ``\\r`` and cleared at the end.  A line of news first clears
it, and it is drawn again below.

Everything is written by a thread of its own, so that a reader who stops reading (a pipe
nobody empties, a paused terminal) holds up neither the games nor the exit: lines wait in a
backlog of at most :data:`MAX_BACKLOG` bytes, those past it are dropped and counted, and
:meth:`Screen.close` waits a grace for the backlog to be written, then leaves it.

Examples
--------
>>> import io
>>> screen = Screen(io.StringIO())       # no file descriptor: written at once
>>> screen.say("game 1: 3 players")
>>> screen.show("round 1 of 5")          # no terminal: no status line
>>> screen.close()
>>> screen.out.getvalue()
'game 1: 3 players\\n'
"""

from __future__ import annotations

import collections
import os
import threading
import time
from typing import TextIO

__all__ = ["Screen", "MAX_BACKLOG", "cut"]

#: The most bytes of news waiting to be written; past it, lines are dropped.
MAX_BACKLOG = 1024 * 1024
#: What clears the line the cursor is on, and puts the cursor at its start.
_CLEAR = b"\r\033[K"


def cut(text: str, width: int) -> str:
    """``text`` cut to ``width`` characters, ``...`` marking the cut.

    >>> cut("awaiting 3 answers", 12), cut("short", 12)
    ('awaiting ...', 'short')
    """
    return text if len(text) <= width else text[:max(0, width - 3)] + "..."


def _descriptor(stream: TextIO | None) -> int | None:
    """The file descriptor under ``stream``, its buffer flushed; None where it has none."""
    if stream is None:
        return None
    try:
        number = stream.fileno()
        stream.flush()
    except (OSError, ValueError, AttributeError):  # io.UnsupportedOperation is an OSError and a ValueError
        return None
    return number


class Screen:
    """News lines on ``out``, and a status line on ``status`` where it is a terminal.

    Parameters
    ----------
    out : text stream
        Where the news goes.  A stream with a file descriptor is written by the
        writing thread; one without (a :class:`io.StringIO`) at once.
    status : text stream, optional
        Where the status line goes, if it is a terminal.
    backlog : int
        The most bytes waiting to be written before lines are dropped.
    """

    def __init__(self, out: TextIO, status: TextIO | None = None, backlog: int = MAX_BACKLOG) -> None:
        self.out, self.backlog = out, backlog
        self._out = _descriptor(out)
        self._status = _descriptor(status) if status is not None and status.isatty() else None
        self._ready = threading.Condition()
        self._lines: collections.deque[bytes] = collections.deque()
        self._waiting = 0  # bytes in self._lines
        self._dropped = 0  # lines dropped since the last one written
        self._wanted = ""  # the status line asked for
        self._drawn = ""  # the status line on the terminal; the writing thread's alone
        self._busy = False  # the writing thread is writing
        self._heard = True  # False once nobody reads ``out`` any more
        self._closed = False
        if self._out is not None or self._status is not None:
            threading.Thread(target=self._write, name="tournament screen", daemon=True).start()

    @property
    def live(self) -> bool:
        """Whether a status line is shown (``status`` is a terminal)."""
        return self._status is not None

    def say(self, text: str) -> None:
        """A line of news."""
        if self._out is None:
            self._say_now(text)
            return
        data = (text + "\n").encode("utf-8", "replace")
        with self._ready:
            if self._dropped and self._waiting == 0:
                note = f"({self._dropped:,} lines not shown: the output was not read)\n".encode()
                self._lines.append(note)
                self._waiting += len(note)
                self._dropped = 0
            if self._waiting + len(data) > self.backlog:
                self._dropped += 1
                return
            self._lines.append(data)
            self._waiting += len(data)
            self._ready.notify_all()

    def _say_now(self, text: str) -> None:
        if self._heard:
            try:
                self.out.write(text + "\n")
                self.out.flush()
            except OSError:  # nobody reads any more (a closed pipe): serve on, silently
                self._heard = False

    def show(self, text: str | None) -> None:
        """Put ``text`` on the status line (None: clear it), cut to the terminal's width."""
        if self._status is None:
            return
        try:
            width = os.get_terminal_size(self._status).columns or 80  # 0: a terminal that gives no size
        except OSError:
            width = 80
        with self._ready:
            self._wanted = "" if text is None else cut(" ".join(text.split()), width - 1)
            self._ready.notify_all()

    def close(self, grace: float = 2.0) -> None:
        """Clear the status line and wait at most ``grace`` seconds for what waits to be written."""
        deadline = time.monotonic() + grace
        with self._ready:
            self._wanted, self._closed = "", True
            self._ready.notify_all()
            if self._out is not None or self._status is not None:
                self._ready.wait_for(lambda: self._settled() and not self._busy,
                                     timeout=max(0.0, deadline - time.monotonic()))

    def _settled(self) -> bool:
        return not self._lines and self._drawn == self._wanted

    def _write(self) -> None:
        """The writing thread: lines first, then the status line as last asked for."""
        while True:
            with self._ready:
                self._busy = False
                self._ready.notify_all()
                self._ready.wait_for(lambda: not self._settled())
                self._busy = True
                if self._lines:
                    line: bytes | None = self._lines.popleft()
                    self._waiting -= len(line or b"")
                else:
                    line = None
                wanted = self._wanted
            if line is not None:
                if self._drawn:
                    self._put(self._status, _CLEAR)
                    self._drawn = ""
                self._put(self._out, line)
            elif wanted != self._drawn:
                self._put(self._status, (_CLEAR + wanted.encode("utf-8", "replace")) if wanted else _CLEAR)
                self._drawn = wanted

    def _put(self, descriptor: int | None, data: bytes) -> None:
        if descriptor is None or (descriptor == self._out and not self._heard):
            return
        view = memoryview(data)
        try:
            while view:
                view = view[os.write(descriptor, view):]
        except OSError:  # a closed pipe, a terminal gone: nobody reads any more
            if descriptor == self._out:
                self._heard = False
