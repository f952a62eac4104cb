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
from typing import Any, BinaryIO

__all__ = ["MAX_DIGITS", "read_limited", "open_limited", "text_from", "json_from", "write_bytes"]

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
    with open_limited(source, limit, what, error) as file:
        try:
            raw = file.read(limit + 1)
        except OSError as fault:
            raise error(f"cannot read the file: {fault.strerror or fault}") from None
    if len(raw) > limit:
        raise error(f"larger than {_size(limit)}, the most {what} may be")
    return raw


def open_limited(path, limit: int, what: str, error: Error) -> BinaryIO:
    """The regular file at ``path``, open to be read in binary, for a reader that takes it in
    pieces (and stops past ``limit`` bytes itself); refused with ``error(message)`` as
    :func:`read_limited` refuses it: a file that cannot be opened, one that is not a regular
    file (before it is opened, and again once it is, opened without blocking), one larger
    than ``limit`` bytes by its size."""
    try:
        # refused unopened: opening a device may do something
        _regular(os.stat(path).st_mode, error)
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as fault:
        raise error(f"cannot read the file: {fault.strerror or fault}") from None
    file = open(fd, "rb")
    try:
        # the path may have been replaced between the two looks
        found = os.fstat(fd)
    except OSError as fault:
        file.close()
        raise error(f"cannot read the file: {fault.strerror or fault}") from None
    if not stat.S_ISREG(found.st_mode) or found.st_size > limit:
        file.close()
        _regular(found.st_mode, error)
        raise error(f"larger than {_size(limit)}, the most {what} may be")
    return file


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
