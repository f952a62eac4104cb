"""``epistemic serve``: the course workbench in the browser, on this machine.

Starlette on uvicorn (the ``workbench`` extra) serves the page and its
``/api``; the socket is bound here first, so that the address printed is
the one that answers (a free port by default) and a taken port is a
one-line error, not a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import ipaddress
import signal
import socket
import sys
import threading
import webbrowser
from typing import Any, TextIO

from epistemic import EpistemicError
from epistemic.models import Command, seconds_argument, whole_number_between
from epistemic.workbench.limits import KEPT_MODELS, MOST_DEFAULT_WORKERS, QUEUE_PER_WORKER, Limits, default_workers

__all__ = ["COMMAND", "add_arguments", "run", "listen", "LOOPBACK"]

LOOPBACK = "127.0.0.1"
#: The longest time limit a request may be given.
MOST_SECONDS = 600.0
#: The time limit of a request when none is given.
DEFAULT_SECONDS = 5.0
#: The memory a request may take when none is given, the least it may be given (a worker process
#: takes some 350 MiB of address space with the framework and Graphviz loaded), and the most (1 TiB).
DEFAULT_MIB, LEAST_MIB, MOST_MIB = 2048, 512, 2 ** 20
#: The sessions kept at once when no number is given, and the most that may be asked for.
DEFAULT_SESSIONS, MOST_SESSIONS = 1_000, 100_000
#: The sessions one client address may have at once when the server listens beyond this machine.
DEFAULT_PER_CLIENT = 30
#: The most worker processes, and the most requests waiting for one, that may be asked for.
MOST_WORKERS, MOST_QUEUE = 64, 10_000
#: The most models each worker may be asked to keep.
MOST_CACHE = 10_000
#: Seconds the requests running when the server is told to stop have to end.
STOP_SECONDS = 3

EPILOG = """\
The page works offline: it loads nothing from the network.  Each browser
has its own session (a cookie); nobody sees another's work.  Every request
is bounded (formula length, model size, --time-limit); when every worker
is busy and --queue requests wait, the next is told at once to try again
in a moment.  docs/workbench.md describes the page, and the exercise
sheets --sheet opens.
"""


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--sheet", metavar="FILE.toml", default=None,
                   help="an exercise sheet to show, graded as students answer (docs/workbench.md)")
    p.add_argument("--port", type=whole_number_between(0, 65535), default=0, metavar="N",
                   help="the port to listen on, 0 to 65535 (default: 0, a free one, printed)")
    p.add_argument("--host", default=LOOPBACK, metavar="HOST",
                   help=f"the address to listen on (default: {LOOPBACK}, this machine only; any other is "
                        "warned about: the workbench has no passwords)")
    p.add_argument("--open", action="store_true", help="open the page in the default browser once it answers")
    p.add_argument("--sessions", type=whole_number_between(1, MOST_SESSIONS), default=DEFAULT_SESSIONS,
                   metavar="N",
                   help=f"the most students working at once, each in a session of their own (default: "
                        f"{DEFAULT_SESSIONS:,}, at most {MOST_SESSIONS:,}); a session idle for 15 minutes makes "
                        "room for a new one")
    p.add_argument("--sessions-per-client", type=whole_number_between(1, MOST_SESSIONS), default=None,
                   metavar="N",
                   help=f"with --host other than this machine, the most sessions one client address may have "
                        f"(default: {DEFAULT_PER_CLIENT}; students behind one router share its address)")
    p.add_argument("--memory", type=whole_number_between(LEAST_MIB, MOST_MIB), default=DEFAULT_MIB, metavar="MIB",
                   help=f"the memory one check, update or grade may take, in MiB of its worker's address space "
                        f"(default: {DEFAULT_MIB:,}, at least {LEAST_MIB}; where the system bounds it)")
    p.add_argument("--time-limit", type=seconds_argument(MOST_SECONDS), default=DEFAULT_SECONDS, metavar="SECONDS",
                   help=f"the longest one check, update or grade may take (default: {DEFAULT_SECONDS:g}, "
                        f"at most {MOST_SECONDS:g})")
    p.add_argument("--workers", type=whole_number_between(1, MOST_WORKERS), default=None, metavar="N",
                   help=f"the worker processes that check, update and grade (default: one per core, at most "
                        f"{MOST_DEFAULT_WORKERS})")
    p.add_argument("--queue", type=whole_number_between(0, MOST_QUEUE), default=None, metavar="N",
                   help=f"the requests that may wait for a worker, each for at most --time-limit; the next is "
                        f"told at once that the workbench is busy (default: {QUEUE_PER_WORKER} per worker)")
    p.add_argument("--cache", type=whole_number_between(0, MOST_CACHE), default=KEPT_MODELS, metavar="N",
                   help=f"the sessions' models each worker keeps, so that a check need not send its model again "
                        f"(default: {KEPT_MODELS}, at most {MOST_CACHE:,}; 0: each check sends it)")


def listen(host: str, port: int) -> socket.socket:
    """A socket listening on ``host`` and ``port`` (0: a free port).

    Raises
    ------
    EpistemicError
        When the address is unknown, or the port taken or not allowed.
    """
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
    except ImportError as error:
        raise EpistemicError(f"epistemic serve needs the workbench extra ({error.name} is missing): "
                             "pip install 'epistemic-framework[workbench]'") from None
    from epistemic.workbench.sheets import load_sheet

    loopback = _is_loopback(args.host)
    per_client = args.sessions_per_client if args.sessions_per_client is not None else DEFAULT_PER_CLIENT
    workers = args.workers if args.workers is not None else default_workers()
    limits = Limits(seconds=args.time_limit, memory_bytes=args.memory * 2 ** 20, sessions=args.sessions,
                    sessions_per_client=None if loopback else per_client, workers=workers,
                    queue=args.queue if args.queue is not None else QUEUE_PER_WORKER * workers, kept_models=args.cache)
    sheet = load_sheet(args.sheet) if args.sheet is not None else None
    for warning in sheet.warnings if sheet is not None else ():
        print(f"epistemic serve: warning: {warning}", file=sys.stderr)
    sock = listen(args.host, args.port)
    url = _url(sock)
    if not loopback:
        print(f"epistemic serve: warning: listening on {args.host}, not this machine only: anyone who can reach "
              "it can use the workbench, which has no passwords", file=sys.stderr)
    out.write(f"epistemic workbench at {url} (Ctrl-C stops it)\n")
    if sheet is not None:
        out.write(f"exercise sheet: {sheet.title} ({len(sheet.exercises)} exercises)\n")
    out.flush()
    workbench = Workbench(sheet, limits)

    class Server(uvicorn.Server):
        def handle_exit(self, sig, frame) -> None:
            super().handle_exit(sig, frame)
            workbench.stopping()   # the checks running end now, so that stopping waits for none of them

        @contextlib.contextmanager
        def capture_signals(self):
            caught = held.release()
            with super().capture_signals():
                for sig in caught:   # a Ctrl-C that waited reaches the server's handler now
                    self.handle_exit(sig, None)
                yield

    server = Server(uvicorn.Config(workbench.app, log_level="warning", lifespan="on", access_log=False,
                                   timeout_graceful_shutdown=STOP_SECONDS, http=_http_parser()))
    if args.open:
        threading.Thread(target=_open_when_started, args=(server, url), daemon=True).start()
    held = _HeldSignals()   # until the server's own handlers are in place, a Ctrl-C waits
    try:
        with sock:
            server.run(sockets=[sock])
    finally:
        for sig in held.release():   # the server never took over: the signal acts as it would have
            signal.raise_signal(sig)
        if workbench.pool is not None:   # stopped before its lifespan could end (a second Ctrl-C)
            workbench.pool.kill()
    return 0


def _http_parser() -> str:
    """httptools' C parser where it is installed (the workbench extra brings it), else h11's, in
    pure Python, which took a third of the server's time for each check."""
    try:
        import httptools  # noqa: F401
    except ImportError:
        return "h11"
    return "httptools"


class _HeldSignals:
    """Ctrl-C and SIGTERM noted, not acted on, until the server's own handlers take over.

    Python raises KeyboardInterrupt wherever the signal lands; inside asyncio's event loop
    constructor that leaves a half-made loop that prints a traceback as it is collected.
    """

    SIGNALS = (signal.SIGINT, signal.SIGTERM)

    def __init__(self) -> None:
        self.caught: list[int] = []
        self._before: dict[int, Any] | None = None
        if threading.current_thread() is threading.main_thread():
            self._before = {sig: signal.signal(sig, self._note) for sig in self.SIGNALS}

    def _note(self, sig, frame) -> None:
        self.caught.append(sig)

    def release(self) -> list[int]:
        """The handlers there were before put back; the signals noted meanwhile, handed over once."""
        if self._before is not None:
            for sig, handler in self._before.items():
                signal.signal(sig, handler)
            self._before = None
        caught, self.caught = self.caught, []
        return caught


def _open_when_started(server, url: str) -> None:
    started = threading.Event()
    while not server.started and not server.should_exit:
        started.wait(0.05)
    if server.started:
        webbrowser.open(url)


COMMAND = Command("the course workbench in the browser: models, formulas, updates and exercises",
                  add_arguments, run, description="The course workbench in the browser, on this machine: models, "
                                                  "formulas, updates and exercise sheets.", epilog=EPILOG)
