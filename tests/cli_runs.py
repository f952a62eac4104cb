"""Running the ``epistemic`` command line inside a test, or in a process of its own."""

from __future__ import annotations

import resource
import signal
import subprocess
import sys

from epistemic.cli.main import main

#: Seconds after which a child process of a test is taken for hung.  A guard against a hang,
#: not a measure of speed: far past what any run takes on a machine however loaded.
HUNG = 600


def run(capsys, *argv):
    """``(status, standard output, standard error)`` of ``epistemic argv...``."""
    try:
        code = main(list(argv))
    except SystemExit as stop:  # argparse's own errors exit from inside main
        code = stop.code
    out, err = capsys.readouterr()
    return code, out, err


def as_at_a_terminal() -> None:
    """In the child process: Ctrl-C interrupts it, as it does a command at a terminal.

    A command started in the background of a script inherits Ctrl-C ignored,
    and Python keeps it so; a test that stops its child with SIGINT starts
    the child with this, so that it passes however the suite was started."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _memory_capped() -> None:
    """In the child process: at most 2 GiB of memory, so that a read without bound
    ends in a MemoryError at once rather than filling the machine."""
    resource.setrlimit(resource.RLIMIT_AS, (2 * 2 ** 30, 2 * 2 ** 30))


def run_child(*argv, timeout: float = HUNG):
    """``(status, standard output, standard error)`` of ``epistemic argv...`` in a process of
    its own, with empty standard input: a read that blocks on a pipe or reads a device without
    end ends with the timeout or the memory cap, never with a hung test or a full machine."""
    done = subprocess.run([sys.executable, "-m", "epistemic.cli", *map(str, argv)], capture_output=True,
                          text=True, timeout=timeout, stdin=subprocess.DEVNULL, preexec_fn=_memory_capped)
    return done.returncode, done.stdout, done.stderr
