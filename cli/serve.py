"""``epistemic serve``: the course workbench in the browser, on this machine.

Starlette on uvicorn (the ``workbench`` extra) serves the page and its
``/api``; the socket is bound here first, so that the address printed is
the one that answers (a free port by default) and a taken port is a
one-line error, not a traceback.
"""

from __future__ import annotations

import argparse
import ipaddress
import socket
import sys
import threading
import webbrowser
from typing import TextIO

from epistemic import EpistemicError
from epistemic.models import Command, seconds_argument, whole_number_argument

__all__ = ["COMMAND", "add_arguments", "run", "listen", "LOOPBACK"]

LOOPBACK = "127.0.0.1"
#: The longest time limit a request may be given.
MOST_SECONDS = 600.0
#: The time limit of a request when none is given.
DEFAULT_SECONDS = 5.0
#: The memory a request may take when none is given, and the least it may be given: a worker
#: process takes some 350 MiB of address space with the framework and Graphviz loaded.
DEFAULT_MIB, LEAST_MIB = 2048, 512
#: The sessions kept at once when no number is given.
DEFAULT_SESSIONS = 1_000

EPILOG = """\
The page works offline: it loads nothing from the network.  Each browser
has its own session (a cookie); nobody sees another's work.  Every request
is bounded (formula length, model size, --time-limit).  docs/workbench.md
describes the page, and the exercise sheets --sheet opens.
"""


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--sheet", metavar="FILE.toml", default=None,
                   help="an exercise sheet to show, graded as students answer (docs/workbench.md)")
    p.add_argument("--port", type=whole_number_argument, default=0, metavar="N",
                   help="the port to listen on (default: a free one, printed)")
    p.add_argument("--host", default=LOOPBACK, metavar="HOST",
                   help=f"the address to listen on (default: {LOOPBACK}, this machine only; any other is "
                        "warned about: the workbench has no passwords)")
    p.add_argument("--open", action="store_true", help="open the page in the default browser once it answers")
    p.add_argument("--sessions", type=whole_number_argument, default=DEFAULT_SESSIONS, metavar="N",
                   help=f"the most students working at once, each in a session of their own (default: "
                        f"{DEFAULT_SESSIONS:,}); a session idle for 15 minutes makes room for a new one")
    p.add_argument("--memory", type=whole_number_argument, default=DEFAULT_MIB, metavar="MIB",
                   help=f"the memory one check, update or grade may take, in MiB of its worker's address space "
                        f"(default: {DEFAULT_MIB:,}; where the system bounds it)")
    p.add_argument("--time-limit", type=seconds_argument(MOST_SECONDS), default=DEFAULT_SECONDS, metavar="SECONDS",
                   help=f"the longest one check, update or grade may take (default: {DEFAULT_SECONDS:g}, "
                        f"at most {MOST_SECONDS:g})")


def listen(host: str, port: int) -> socket.socket:
    """A socket listening on ``host`` and ``port`` (0: a free port).

    Raises
    ------
    EpistemicError
        When the address is unknown, or the port taken or not allowed.
    """
    if not 0 <= port <= 65535:
        raise EpistemicError(f"--port must be between 0 and 65535, got {port}")
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    except (socket.gaierror, UnicodeError) as error:
        raise EpistemicError(f"cannot listen on {host!r}: {error}") from None
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(128)
    except OSError as error:
        sock.close()
        raise EpistemicError(f"cannot listen on {host} port {port}: {error.strerror or error}") from None
    return sock


def _is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def _url(sock: socket.socket) -> str:
    host, port = sock.getsockname()[:2]
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def run(args: argparse.Namespace, out: TextIO) -> int:
    try:
        import uvicorn

        from epistemic.workbench.app import Workbench
        from epistemic.workbench.work import Limits
    except ImportError as error:
        raise EpistemicError(f"epistemic serve needs the workbench extra ({error.name} is missing): "
                             "pip install 'epistemic-framework[workbench]'") from None
    from epistemic.workbench.sheets import load_sheet

    if args.memory < LEAST_MIB:
        raise EpistemicError(f"--memory must be at least {LEAST_MIB} MiB, got {args.memory}")
    if args.sessions < 1:
        raise EpistemicError(f"--sessions must be at least 1, got {args.sessions}")
    limits = Limits(seconds=args.time_limit, memory_bytes=args.memory * 2 ** 20, sessions=args.sessions)
    sheet = load_sheet(args.sheet) if args.sheet is not None else None
    sock = listen(args.host, args.port)
    url = _url(sock)
    if not _is_loopback(args.host):
        print(f"epistemic serve: warning: listening on {args.host}, not this machine only: anyone who can reach "
              "it can use the workbench, which has no passwords", file=sys.stderr)
    out.write(f"epistemic workbench at {url} (Ctrl-C stops it)\n")
    if sheet is not None:
        out.write(f"exercise sheet: {sheet.title} ({len(sheet.exercises)} exercises)\n")
    out.flush()
    server = uvicorn.Server(uvicorn.Config(Workbench(sheet, limits).app, log_level="warning", lifespan="on",
                                           access_log=False))
    if args.open:
        threading.Thread(target=_open_when_started, args=(server, url), daemon=True).start()
    with sock:
        server.run(sockets=[sock])
    return 0


def _open_when_started(server, url: str) -> None:
    started = threading.Event()
    while not server.started and not server.should_exit:
        started.wait(0.05)
    if server.started:
        webbrowser.open(url)


COMMAND = Command("the course workbench in the browser: models, formulas, updates and exercises",
                  add_arguments, run, description=__doc__.splitlines()[0], epilog=EPILOG)
