"""Reading the tournament's line protocol from a byte stream, whatever the packets.

Every message ends with ``\\r\\n`` (seed ``001``); a bot may end its lines
with ``\\n`` alone, as many languages write them, and is read the same.
TCP delivers bytes, not messages: one message may come in several packets,
and one packet may hold several messages.  :class:`LineReader` is fed the
bytes as they come and hands back whole lines, each decoded, or a
:class:`BadLine` saying why the line could not be read (too long, not
UTF-8): the game then gives that player the default, and reading goes on
with the next line.  Bytes with no end after them (a line cut by the
time to answer, or the last bytes of a connection) are no line at all.

Examples
--------
>>> reader = LineReader(max_length=32)
>>> reader.feed(b"Vjeux")
[]
>>> reader.feed(b"\\r\\nGauth-1=C Fe")
['Vjeux']
>>> reader.feed(b"lix-2=C\\n\\xff\\r\\n")
['Gauth-1=C Felix-2=C', BadLine(reason='not UTF-8')]
>>> reader.feed(b"T"), reader.pending
([], 1)
"""

from __future__ import annotations

import attrs

__all__ = ["LineReader", "BadLine", "END", "MAX_LINE"]

#: What ends every message the server and the bots write.
END = b"\r\n"
#: What ends a line read: ``\\n``, a ``\\r`` before it dropped.
_NEWLINE = b"\n"
#: The longest line read, in bytes without its end; a longer one is a :class:`BadLine`.
MAX_LINE = 64 * 1024


@attrs.frozen
class BadLine:
    """A line that could not be read, and why."""

    reason: str


class LineReader:
    """Whole lines out of bytes fed in any pieces.

    Parameters
    ----------
    max_length : int
        The longest line kept, in bytes; past it the rest of the line is
        skipped without being stored, and the line is reported once as
        a :class:`BadLine`.
    """

    def __init__(self, max_length: int = MAX_LINE) -> None:
        if max_length < 1:
            raise ValueError(f"the longest line must be at least 1 byte, got {max_length}")
        self.max_length = max_length
        self._pending = bytearray()
        self._skipping = False  # inside a line already too long: drop until its end

    def feed(self, data: bytes) -> list[str | BadLine]:
        """The lines that ``data`` completes, in order."""
        found: list[str | BadLine] = []
        self._pending += data
        while True:
            end = self._pending.find(_NEWLINE)
            if end < 0:
                break
            line = bytes(self._pending[:end])
            del self._pending[:end + len(_NEWLINE)]
            if line.endswith(b"\r"):
                line = line[:-1]
            if self._skipping:
                self._skipping = False
                found.append(BadLine("longer than the limit"))
            elif len(line) > self.max_length:
                found.append(BadLine("longer than the limit"))
            else:
                found.append(_decoded(line))
        if len(self._pending) > self.max_length + 1:  # room for the "\r" of a "\r\n" still to come
            self._skipping = True
            del self._pending[:]
        return found

    @property
    def pending(self) -> int:
        """How many bytes wait for the end of their line."""
        return len(self._pending)


def _decoded(line: bytes) -> str | BadLine:
    try:
        return line.decode("utf-8")
    except UnicodeDecodeError:
        return BadLine("not UTF-8")
