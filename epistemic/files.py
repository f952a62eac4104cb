"""Reading input files within bounded memory and time, and writing output files whole.

A path given on the command line may name anything: a file of gigabytes,
``/dev/zero``, a named pipe no one writes to, a directory.
:func:`read_limited` reads only regular files, and at most a given number
of bytes of them; it never blocks on a pipe or a device.
:func:`text_from` decodes what it read as UTF-8 text, and :func:`json_from`
reads JSON whose numbers cannot take quadratic time.
A path given for output may name the same things.  :func:`check_destination`
refuses, before any work, one that exists and is not a regular file (a device
such as ``/dev/null`` stays a device, a pipe a pipe) or whose folder cannot
take it; :func:`write_files` writes files all or nothing, each to a new file
renamed over its destination.  A symbolic link is followed: the file it names
is written, and the link stays.
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
from collections.abc import Callable, Iterable
from typing import Any, BinaryIO

from .errors import EpistemicError

__all__ = ["MAX_DIGITS", "MAX_TOML_NESTING", "read_limited", "open_limited", "text_from", "json_from", "toml_from",
           "DestinationError", "check_destination", "write_files", "write_bytes"]

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


# writing ---------------------------------------------------------------------------------------

class DestinationError(EpistemicError, OSError):
    """A file cannot be written where it was asked for; the message names the file and why.

    It is an :class:`~epistemic.errors.EpistemicError`, so that a command
    says it in one line and exits with status 2, and an :class:`OSError`,
    as a fault of writing a file has always been."""


def _where(name: str, real: str) -> str:
    """The destination as a message names it: the path given, and the file it names if it is a link."""
    return f"{name!r} (a link to {real!r})" if os.path.islink(name) else repr(name)


def check_destination(path: str | os.PathLike, error: Error = DestinationError) -> str:
    """The file that writing to ``path`` replaces or makes, once it is sure that it can be
    written: ``path`` itself, or, where ``path`` is a symbolic link, the file it names
    (followed to the end; the link stays a link).

    Refused, each with ``error(message)`` naming the path and why: a path that names no
    file (empty, or ending in a separator); one that exists and is not a regular file (a
    folder, a named pipe, a device such as ``/dev/null``, a socket), the file a link names
    included; one that cannot be looked up (a loop of links, a file where a folder should
    be); a folder that does not exist or cannot be written; a file that cannot be written.
    A link that names no file yet (a dangling link) is written through: the file it names
    is made, if its folder exists.  Nothing is opened or written.

    Examples
    --------
    >>> check_destination("/dev/null")
    Traceback (most recent call last):
    ...
    epistemic.files.DestinationError: cannot write '/dev/null': not a regular file but a character device
    >>> check_destination("no/such/folder/out.json")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    epistemic.files.DestinationError: cannot write 'no/such/folder/out.json': the folder '.../no/such/folder' does not exist
    """
    name = os.fspath(path)
    if not name or name.endswith((os.sep, "/")):
        raise error(f"cannot write {name!r}: the path names no file")
    real = os.path.realpath(name)
    where = _where(name, real)
    try:
        found = os.stat(name)   # through every link
    except FileNotFoundError:
        found = None
    except OSError as fault:   # a loop of links, a file named as a folder, a folder that cannot be searched
        raise error(f"cannot write {where}: {fault.strerror or fault}") from None
    if found is not None:
        # replacing it would take a device, a pipe or a folder away from whoever uses it
        _regular(found.st_mode, lambda message: error(f"cannot write {where}: {message}"))
    folder = os.path.dirname(real)
    if not os.path.isdir(folder):
        raise error(f"cannot write {where}: the folder {folder!r} does not exist")
    if not os.access(folder, os.W_OK):
        raise error(f"cannot write {where}: the folder {folder!r} is not writable")
    if found is not None and not os.access(real, os.W_OK):
        raise error(f"cannot write {where}: the file is not writable")
    return real


def write_files(files: Iterable[tuple[str | os.PathLike, bytes]], error: Error = DestinationError) -> list[str]:
    """Write each ``(path, payload)`` of ``files``, all or nothing; the files written
    (each path, or the file its link names).

    Each destination is checked by :func:`check_destination` before anything is
    written, and two paths naming one file are refused.  Each payload is then written
    to a new file beside its destination and flushed to the disk; only when every one
    is, and every destination checked again, is each new file renamed over its own (keeping
    the permissions of a file replaced; a new file gets those ``open`` gives).  A
    fault (a full disk, a folder that takes no files) raises ``error(message)``
    naming the path, and leaves every destination as it was and no file behind;
    only a rename that fails once others are done, in a folder that has just
    taken the new file, would leave those before it written.

    Examples
    --------
    >>> import os, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> a, b = os.path.join(folder, "a.txt"), os.path.join(folder, "b.txt")
    >>> write_files([(a, b"one"), (b, b"two")]) == [a, b]
    True
    >>> write_files([(a, b"three"), ("/dev/null", b"four")])
    Traceback (most recent call last):
    ...
    epistemic.files.DestinationError: cannot write '/dev/null': not a regular file but a character device
    >>> open(a, "rb").read(), sorted(os.listdir(folder))
    (b'one', ['a.txt', 'b.txt'])
    """
    named = [(os.fspath(path), payload) for path, payload in files]
    reals = [check_destination(name, error) for name, _ in named]
    seen: set[str] = set()
    for (name, _), real in zip(named, reals):
        if real in seen:
            raise error(f"cannot write {_where(name, real)}: the file is asked for twice")
        seen.add(real)
    staged: list[str] = []
    replaced = 0
    try:
        for (name, payload), real in zip(named, reals):
            try:
                staged.append(_stage(real, payload))
            except OSError as fault:
                raise error(f"cannot write {_where(name, real)}: {fault.strerror or fault}") from None
        # each as it is now: a pipe or a folder put there while the files were written is not replaced either
        for (name, _), real in zip(named, reals):
            if check_destination(name, error) != real:
                raise error(f"cannot write {_where(name, real)}: the path changed while the file was written")
        for (name, _), real, temporary in zip(named, reals, staged):
            try:
                os.replace(temporary, real)
            except OSError as fault:
                raise error(f"cannot write {_where(name, real)}: {fault.strerror or fault}") from None
            replaced += 1
    finally:
        for temporary in staged[replaced:]:
            try:
                os.unlink(temporary)
            except OSError:
                pass
    return reals


def _stage(real: str, payload: bytes) -> str:
    """``payload`` in a new file beside ``real``, flushed to the disk, with the permissions
    of ``real`` where it is a file; the new file's path."""
    folder, base = os.path.split(real)
    # a name within the 255 bytes a folder takes, however long the destination's (50 characters, 200 bytes at most)
    temporary = os.path.join(folder, f".{base[:50]}.{uuid.uuid4().hex}.tmp")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o666)
    try:
        try:
            try:
                os.fchmod(fd, stat.S_IMODE(os.stat(real).st_mode) & 0o777)   # not a set-user-ID bit
            except FileNotFoundError:   # a new file: the permissions open() gave
                pass
            view = memoryview(payload)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
        finally:
            os.close(fd)
    except BaseException:
        os.unlink(temporary)
        raise
    return temporary


def write_bytes(payload: bytes, target: str | os.PathLike, error: Error = DestinationError) -> int:
    """Write ``payload`` to the file ``target``, all or nothing (:func:`write_files`);
    the bytes written."""
    write_files([(target, payload)], error)
    return len(payload)
