"""A JSON object read from a file a piece at a time: each member's value whole, and the items
of the long lists among them one at a time, so that reading takes the memory of the largest
item, not of the file.

The file is read in chunks and decoded as UTF-8 as it comes; each value is
read with :mod:`json`'s own decoder, and a value cut by the end of a chunk is
read again once more has come (as much again as it holds, so that reading
stays linear).  A fault is said as :func:`epistemic.files.json_from` says it
of the whole text: invalid JSON with its line and column, text that is not
UTF-8 with its byte, a whole number of more than
:data:`~epistemic.files.MAX_DIGITS` digits.

Examples
--------
>>> import tempfile, os
>>> from epistemic.errors import EpistemicError
>>> path = os.path.join(tempfile.mkdtemp(), "log.json")
>>> _ = open(path, "w").write('{"rounds": 2, "log": [{"round": 1}, {"round": 2}], "end": true}')
>>> with ObjectStream(path, 1000, "a log", EpistemicError, lists={"log"}) as stream:
...     for key, value in stream.members():
...         print(key, list(value) if key == "log" else value)
rounds 2
log [{'round': 1}, {'round': 2}]
end True
>>> _ = open(path, "w").write('{"rounds": 2,\\n "log": [1, }')
>>> with ObjectStream(path, 1000, "a log", EpistemicError, lists={"log"}) as stream:
...     dict(stream.members())
Traceback (most recent call last):
...
epistemic.errors.EpistemicError: invalid JSON at line 2, column 13: Expecting value
"""

from __future__ import annotations

import codecs
import json
import re
from collections.abc import Callable, Collection, Iterator
from typing import Any

from epistemic.files import MAX_DIGITS, open_limited

__all__ = ["ObjectStream", "CHUNK"]

#: Bytes read from the file at a time.
CHUNK = 1 << 20
#: How near the end of what was read a decoder's fault, or the end of a value, may be and still
#: be a value cut short.
_NEAR_END = 8
#: What JSON does not count as white space.
_NOT_SPACE = re.compile(r"[^ \t\n\r]")


class _LongNumber(ValueError):
    """A whole number of more than :data:`~epistemic.files.MAX_DIGITS` digits."""


def _whole(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise _LongNumber
    return int(digits)


class ObjectStream:
    """The JSON object in the file at ``path``, member by member (:meth:`members`).

    Parameters
    ----------
    path : str or path
        The file: refused unopened unless it is a regular file of at most ``limit`` bytes
        (:func:`~epistemic.files.open_limited`), and refused once reading it passes ``limit``.
    limit : int
    what : str
        What the file is, for the message of one too large (``"a log"``).
    error : callable
        Makes the exception of a fault from its message.
    lists : collection of str
        The members whose value, where it is a list, comes as an iterator of its items.
    chunk : int
        The bytes read at a time (by default :data:`CHUNK`).
    """

    def __init__(self, path, limit: int, what: str, error: Callable[[str], Exception], *,
                 lists: Collection[str] = (), chunk: int = CHUNK) -> None:
        self.limit, self.what, self.error, self.lists, self.chunk = limit, what, error, frozenset(lists), chunk
        self._file = open_limited(path, limit, what, error)
        self._decoder = codecs.getincrementaldecoder("utf-8")()
        self._json = json.JSONDecoder(parse_int=_whole)
        self._text = ""  # what was decoded and not dropped yet
        self._at = 0  # the place in it reading has come to
        self._read = 0  # bytes read from the file
        self._ended = False
        self._started = False  # whether any text came: the first may be a byte order mark
        self._lines = 0  # newlines dropped before the text
        self._column = 0  # characters dropped after the last of them

    def __enter__(self) -> ObjectStream:
        return self

    def __exit__(self, *_) -> None:
        self.close()

    def close(self) -> None:
        self._file.close()

    # the object -----------------------------------------------------------------------
    def holds_object(self) -> bool:
        """Whether the file's value is an object (by its first character)."""
        return self._next() == "{"

    def whole(self) -> Any:
        """The file's value read whole, whatever it is; anything after it is a fault."""
        value = self._value()
        self._end()
        return value

    def members(self) -> Iterator[tuple[str, Any]]:
        """Each member of the file's object as ``(key, value)``, in the file's order; a list
        named in ``lists`` as an iterator of its items, to be taken before the next member (what
        is left of it is read and dropped).  Anything after the object is a fault."""
        if self._next() != "{":
            raise self._invalid(self._at, "Expecting an object")
        self._at += 1
        if self._next() == "}":
            self._at += 1
        else:
            while True:
                if self._next() != '"':
                    raise self._invalid(self._at, "Expecting property name enclosed in double quotes")
                key = self._value()
                if self._next() != ":":
                    raise self._invalid(self._at, "Expecting ':' delimiter")
                self._at += 1
                if key in self.lists and self._next() == "[":
                    items = self._items()
                    yield key, items
                    for _ in items:
                        pass
                else:
                    yield key, self._value()
                if self._closed_by("}"):
                    break
        self._end()

    def _end(self) -> None:
        if self._next() is not None:
            raise self._invalid(self._at, "Extra data")

    def _items(self) -> Iterator[Any]:
        self._at += 1
        if self._next() == "]":
            self._at += 1
            return
        while True:
            yield self._value()
            if self._closed_by("]"):
                return

    def _closed_by(self, closing: str) -> bool:
        """Past the comma, or the ``closing`` character, after a value: whether it was the latter."""
        found = self._next()
        self._at += 1
        if found not in (",", closing):
            raise self._invalid(self._at - 1, "Expecting ',' delimiter")
        return found == closing

    # reading --------------------------------------------------------------------------
    def _next(self) -> str | None:
        """The next character that is not white space, reading on as need be; None at the end."""
        while True:
            found = _NOT_SPACE.search(self._text, self._at)
            self._at = len(self._text) if found is None else found.start()
            if found is not None:
                return found.group()
            if not self._more():
                return None

    def _value(self) -> Any:
        """The JSON value that starts here (white space before it skipped), read whole."""
        self._next()
        while True:
            try:
                value, end = self._json.raw_decode(self._text, self._at)
            except json.JSONDecodeError as fault:
                cut = fault.pos >= len(self._text) - _NEAR_END or fault.msg.startswith("Unterminated string")
                if not (cut and self._more()):
                    raise self._invalid(fault.pos, fault.msg) from None
            except RecursionError:
                raise self.error("invalid JSON: nested too deeply") from None
            except _LongNumber:
                raise self._invalid(self._at, f"a number has more than {MAX_DIGITS:,} digits") from None
            else:
                # a number that ends near where the text does may go on in what is still to come
                # (0 of 0.5, 1 of 1e3): a value is taken with a few characters after it, or at the end
                if end + _NEAR_END < len(self._text) or not self._more():
                    self._at = end
                    return value

    def _more(self) -> bool:
        """Read and decode more of the file, at least as much as the text not yet taken, so that
        a value read again as it grows is read a bounded number of times; False at its end,
        where the text stays as it was."""
        if self._ended:
            return False
        data = self._file.read(max(self.chunk, len(self._text) - self._at))
        if data:
            self._drop()
        self._read += len(data)
        if self._read > self.limit:  # it grew since it was opened
            size = f"{self.limit // 2 ** 20:,} MiB" if self.limit % 2 ** 20 == 0 else f"{self.limit:,} bytes"
            raise self.error(f"larger than {size}, the most {self.what} may be")
        pending = len(self._decoder.getstate()[0])
        try:
            text = self._decoder.decode(data, final=not data)
        except UnicodeDecodeError as fault:
            raise self.error(f"not UTF-8 text (byte {self._read - len(data) - pending + fault.start})") from None
        if not self._started and text:
            self._started = True
            text = text.removeprefix("\ufeff")  # a byte order mark
        self._text += text
        self._ended = not data
        return bool(data)

    def _drop(self) -> None:
        """Forget the text already taken, keeping count of its lines for the messages."""
        taken = self._text[:self._at]
        newlines = taken.count("\n")
        self._column = len(taken) - taken.rfind("\n") - 1 if newlines else self._column + len(taken)
        self._lines += newlines
        self._text, self._at = self._text[self._at:], 0

    def _invalid(self, place: int, message: str) -> Exception:
        """The fault at ``place`` of the text, by its line and column in the file."""
        newlines = self._text.count("\n", 0, place)
        column = place - self._text.rfind("\n", 0, place) if newlines else self._column + place + 1
        return self.error(f"invalid JSON at line {self._lines + newlines + 1}, column {column}: {message}")
