"""Reading input files, and the JSON in them, within bounded memory and time.

A path given on the command line may name anything: a file of gigabytes,
``/dev/zero``, a named pipe no one writes to, a directory.
:func:`read_limited` reads only regular files, and at most a given number
of bytes of them; it never blocks on a pipe or a device.
:func:`text_from` decodes what it read as UTF-8 text, and :func:`json_from`
reads JSON whose numbers cannot take quadratic time.
All name the fault in one line, through the error the caller chooses.

Examples
--------
>>> from epistemic.errors import EpistemicError
>>> read_limited(".", 1024, "a model file", EpistemicError)
Traceback (most recent call last):
...
epistemic.errors.EpistemicError: not a regular file but a directory
>>> text_from(b"\\xef\\xbb\\xbf1 8", EpistemicError)
'1 8'
>>> text_from(b"1 \\xe9", EpistemicError)
Traceback (most recent call last):
...
epistemic.errors.EpistemicError: not UTF-8 text (byte 2)
>>> json_from(b'{"rounds": 12}', EpistemicError)
{'rounds': 12}
>>> json_from('{"rounds": ' + "9" * 5000 + "}", EpistemicError)
Traceback (most recent call last):
...
epistemic.errors.EpistemicError: invalid JSON at line 1, column 12: a number has more than 4,300 digits
"""

from __future__ import annotations

import json
import os
import re
import stat
import uuid
from collections.abc import Callable
from typing import Any

__all__ = ["MAX_DIGITS", "read_limited", "text_from", "json_from", "write_bytes"]

#: The most digits a whole number in JSON may have: reading a number takes time
#: quadratic in its digits (Python's own default limit, kept whatever the interpreter is set to).
MAX_DIGITS = 4300

Error = Callable[[str], Exception]

_KINDS = ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a named pipe"), (stat.S_ISCHR, "a character device"),
          (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))


def _regular(mode: int, error: Error) -> None:
    if not stat.S_ISREG(mode):
        kind = next((name for test, name in _KINDS if test(mode)), "something else")
        raise error(f"not a regular file but {kind}")


def _size(limit: int) -> str:
    return f"{limit // 2 ** 20:,} MiB" if limit % 2 ** 20 == 0 else f"{limit:,} bytes"


def read_limited(source, limit: int, what: str, error: Error) -> bytes:
    """The bytes of the regular file at ``source``, at most ``limit`` of
    them; or what a stream ``source`` (standard input, an open file: anything
    with ``read``) gives, bytes or text, at most ``limit`` bytes or characters.

    ``what`` names the input in the message (``"a model file"``); every
    fault raises ``error(message)``: a file that cannot be opened, one that
    is not a regular file (checked before it is opened, and again once it
    is, opened without blocking), one larger than ``limit`` bytes (by its
    size, and by what reading it gives, reading no more than ``limit + 1``;
    a stream, whose size is not known, only the latter).

    Examples
    --------
    >>> import io
    >>> from epistemic.errors import EpistemicError
    >>> read_limited(io.BytesIO(b"K_a p"), 8, "a formula file", EpistemicError)
    b'K_a p'
    >>> read_limited(io.StringIO("K_a p & K_b p"), 8, "a formula file", EpistemicError)
    Traceback (most recent call last):
    ...
    epistemic.errors.EpistemicError: larger than 8 characters, the most a formula file may be
    """
    if hasattr(source, "read"):
        try:
            raw = source.read(limit + 1)
        except OSError as fault:
            raise error(f"cannot read the input: {fault.strerror or fault}") from None
        if len(raw) > limit:
            size = f"{limit:,} characters" if isinstance(raw, str) else _size(limit)
            raise error(f"larger than {size}, the most {what} may be")
        return raw
    try:
        # refused unopened: opening a device may do something
        _regular(os.stat(source).st_mode, error)
        fd = os.open(source, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
        with open(fd, "rb") as file:
            # the path may have been replaced between the two looks
            found = os.fstat(fd)
            _regular(found.st_mode, error)
            raw = b"" if found.st_size > limit else file.read(limit + 1)
    except OSError as fault:
        raise error(f"cannot read the file: {fault.strerror or fault}") from None
    if found.st_size > limit or len(raw) > limit:
        raise error(f"larger than {_size(limit)}, the most {what} may be")
    return raw


def text_from(raw: bytes, error: Error) -> str:
    """``raw`` decoded as UTF-8 (a byte order mark is skipped), or
    ``error(message)`` naming the first byte that is not UTF-8."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as fault:
        raise error(f"not UTF-8 text (byte {fault.start})") from None


class _LongNumber(ValueError):
    """A whole number of more than :data:`MAX_DIGITS` digits."""


def _whole(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise _LongNumber
    return int(digits)


# strings and numbers, as JSON writes them, to find the place of a long number
_STRING_OR_NUMBER = re.compile(r'"(?:[^"\\]|\\.)*"|-?\d+(\.\d+)?([eE][-+]?\d+)?', re.S)


def _long_number_place(text: str) -> str:
    """`` at line L, column C`` of the first whole number too long to read."""
    # the text is JSON up to that number, where reading stopped: strings and numbers are as this pattern finds them
    for m in _STRING_OR_NUMBER.finditer(text):
        number = m.group()
        if not number.startswith('"') and m.group(1) is None and m.group(2) is None \
                and len(number.lstrip("-")) > MAX_DIGITS:
            line = text.count("\n", 0, m.start()) + 1
            return f" at line {line}, column {m.start() - text.rfind(chr(10), 0, m.start())}"
    return ""


def json_from(raw: bytes | str, error: Error, object_pairs_hook: Callable[[list], Any] | None = None) -> Any:
    """The JSON value in ``raw`` (UTF-8 bytes, or text; a byte order mark is
    skipped), or ``error(message)`` naming the fault and, where it can, its
    line and column.  A whole number of more than :data:`MAX_DIGITS` digits
    is a fault."""
    text = text_from(raw, error) if isinstance(raw, bytes) else raw.removeprefix("\ufeff")
    try:
        return json.loads(text, object_pairs_hook=object_pairs_hook, parse_int=_whole)
    except json.JSONDecodeError as fault:
        raise error(f"invalid JSON at line {fault.lineno}, column {fault.colno}: {fault.msg}") from None
    except RecursionError:
        raise error("invalid JSON: nested too deeply") from None
    except _LongNumber:
        raise error(f"invalid JSON{_long_number_place(text)}: a number has more than {MAX_DIGITS:,} digits") from None
    except ValueError as fault:
        raise error(f"invalid JSON: {' '.join(str(fault).split())}") from None


# TOML ------------------------------------------------------------------------------------------

#: The most levels of tables and arrays one within another that TOML may nest, each part of a
#: dotted key a level: tomllib reads arrays and inline tables by recursion, and a dotted key in
#: time and memory quadratic in its parts.
MAX_TOML_NESTING = 100

# what the scan before reading tells apart: strings and comments (skipped), brackets, the dots
# and parts of keys (a quoted part is a string), words, and anything else
_TOML_PIECE = re.compile(r'''
    (?P<string>"""(?:[^\\]|\\.)*?"{3,5}|'{3}.*?'{3,5}|"(?:[^"\\\n]|\\.)*"|'[^'\n]*')
  | (?P<comment>\#[^\n]*)
  | (?P<open>[\[{])
  | (?P<close>[\]}])
  | (?P<dot>\.)
  | (?P<word>[A-Za-z0-9_+:-]+)
  | (?P<space>[ \t]+)
  | (?P<other>.)
''', re.VERBOSE | re.DOTALL)
_WHOLE = re.compile(r"[+-]?[0-9][0-9_]*")
_TOML_DEPTH = f"nested more than {MAX_TOML_NESTING} levels deep (tables, arrays and each part of a dotted key)"


def _toml_fault(text: str) -> str | None:
    """Where ``text`` first nests past :data:`MAX_TOML_NESTING` levels (brackets, or the parts
    of one dotted key) or writes a whole number of more than :data:`MAX_DIGITS` digits, and
    what it does there; ``None`` where it does neither.  A scan of the text, before it is read."""
    depth, parts, after_dot = 0, 0, False
    for m in _TOML_PIECE.finditer(text):
        kind, fault = m.lastgroup, ""
        if kind == "open":
            depth += 1
            fault = _TOML_DEPTH if depth > MAX_TOML_NESTING else ""
        elif kind == "close":
            depth = max(depth - 1, 0)
        elif kind in ("word", "string"):
            parts = parts + 1 if after_dot else 1
            fault = _TOML_DEPTH if parts > MAX_TOML_NESTING else ""
            if kind == "word" and _WHOLE.fullmatch(m.group()) and \
                    len(m.group().lstrip("+-").replace("_", "")) > MAX_DIGITS:
                fault = f"a number has more than {MAX_DIGITS:,} digits"
        if fault:
            start = m.start()
            return f"line {text.count(chr(10), 0, start) + 1}, column {start - text.rfind(chr(10), 0, start)}: {fault}"
        if kind != "space":
            after_dot = kind == "dot"
    return None


def toml_from(raw: bytes | str, error: Error) -> dict[str, Any]:
    """The TOML document in ``raw`` (UTF-8 bytes, or text), or ``error(message)`` naming the
    fault, with its line and column where it has one.

    Tables and arrays nest at most :data:`MAX_TOML_NESTING` levels, each part of a dotted key
    (``a.b.c``) one level, checked by a scan of the text before it is read, so that what is
    refused does not depend on the interpreter's recursion limit; a whole number has at most
    :data:`MAX_DIGITS` digits.

    Examples
    --------
    >>> from epistemic.errors import EpistemicError
    >>> toml_from('title = "coins"\\n[grid]\\nn = [2, 3]', EpistemicError)
    {'title': 'coins', 'grid': {'n': [2, 3]}}
    >>> toml_from("n = " + "[" * 101 + "]" * 101, EpistemicError)
    Traceback (most recent call last):
    ...
    epistemic.errors.EpistemicError: line 1, column 105: nested more than 100 levels deep (tables, arrays and each part of a dotted key)
    >>> toml_from("n = 1\\nn = 2\\n", EpistemicError)
    Traceback (most recent call last):
    ...
    epistemic.errors.EpistemicError: not TOML: Cannot overwrite a value (at line 2, column 6)
    """
    import tomllib

    text = text_from(raw, error) if isinstance(raw, bytes) else raw.removeprefix("\ufeff")
    fault = _toml_fault(text)
    if fault is not None:
        raise error(fault)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as decoding:
        raise error(f"not TOML: {decoding}") from None
    except RecursionError:   # past what the scan counts: not expected, but never a traceback
        raise error(_TOML_DEPTH) from None
    except ValueError as other:
        raise error(f"not TOML: {' '.join(str(other).split())}") from None
    # the levels of dotted keys inside inline tables add up, which the scan does not follow:
    # the document read is measured too, each table and array within it a level
    stack: list[tuple[dict | list, int]] = [(data, 0)]
    while stack:
        value, level = stack.pop()
        if level > MAX_TOML_NESTING:
            raise error(_TOML_DEPTH)
        inside = value.values() if isinstance(value, dict) else value
        stack.extend((child, level + 1) for child in inside if isinstance(child, (dict, list)))
    return data


def write_bytes(payload: bytes, target: str | os.PathLike) -> int:
    """Write ``payload`` to the file ``target``, all or nothing: into a file beside it, then
    renamed over it (keeping the permissions of a file replaced).  Returns the bytes written."""
    path = os.fspath(target)
    folder, name = os.path.split(path)
    temporary = os.path.join(folder, f".{name}.{uuid.uuid4().hex}.tmp")
    try:
        with open(temporary, "xb") as file:
            file.write(payload)
            file.flush()
            os.fsync(file.fileno())
        if os.path.exists(path):
            os.chmod(temporary, stat.S_IMODE(os.stat(path).st_mode))
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise
    return len(payload)
