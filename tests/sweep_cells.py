"""Experiments for the sweep tests: importable by name, so Dask workers started
with this folder on their path can run them."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time

from epistemic.experiments import Experiment, Parameter


def square(n: int, pause: float, fail_at: int, unless: str, hold_from: int) -> dict:
    """n squared, after ``pause`` seconds; cell ``fail_at`` raises unless the file ``unless`` exists,
    and the cells from ``hold_from`` on wait for it (at most the suite's guard against a hang, so
    that a test never sees a cell go on before the file is made)."""
    time.sleep(pause)
    if 0 <= hold_from <= n:
        from cli_runs import HUNG   # here, not above: a worker that holds no cell need not load the command line

        deadline = time.monotonic() + HUNG
        while not os.path.exists(unless) and time.monotonic() < deadline:
            time.sleep(0.02)
    if n == fail_at and not (unless and os.path.exists(unless)):
        raise ArithmeticError(f"cell {n} fails on purpose")
    return {"square": n * n, "odd": n % 2 == 1, "parity": "odd" if n % 2 else "even"}


def noisy(centre: float, spread: float, seed: int) -> dict:
    """A draw around ``centre``: replicates differ by their seed alone."""
    draw = random.Random(seed)
    return {"value": centre + draw.uniform(-spread, spread), "pid": os.getpid()}


SQUARE = Experiment("square", square, "n squared, slowly if asked",
                    (Parameter("n", int, "the number", low=0, high=10 ** 6),
                     Parameter("pause", float, "seconds each cell sleeps", default=0.0, low=0.0, high=10.0),
                     Parameter("fail_at", int, "the cell that fails", default=-1),
                     Parameter("unless", str, "a file whose existence stops the failure", default=""),
                     Parameter("hold_from", int, "the first cell that waits for the file", default=-1)))
NOISY = Experiment("noisy", noisy, "a draw around a centre",
                   (Parameter("centre", float, "the centre"),
                    Parameter("spread", float, "half the width of the draw", default=1.0, low=0.0)),
                   seeded=True)
EXPERIMENTS = (SQUARE, NOISY)


def find(model: str, experiment: str) -> Experiment:
    """What :func:`~epistemic.experiments.find_experiment` finds, for these."""
    from epistemic.experiments import SpecError

    if model != "tests":
        raise SpecError(f"no installed model {model!r} offers experiments")
    for e in EXPERIMENTS:
        if e.name == experiment:
            return e
    raise SpecError(f"model 'tests' has no experiment {experiment!r}")


def registering_env(folder) -> dict:
    """An environment whose Python finds these experiments as the model ``tests``
    of an installed distribution, as a third-party model joins: its metadata
    in ``folder``, which goes on the path with this one."""
    info = os.path.join(str(folder), "sweep_cells-1.0.dist-info")
    os.makedirs(info, exist_ok=True)
    with open(os.path.join(info, "METADATA"), "w") as meta:
        meta.write("Metadata-Version: 2.1\nName: sweep-cells\nVersion: 1.0\n")
    with open(os.path.join(info, "entry_points.txt"), "w") as points:
        points.write("[epistemic.experiments]\ntests = sweep_cells:EXPERIMENTS\n")
    path = os.pathsep.join([str(folder), os.path.dirname(os.path.abspath(__file__)), os.environ.get("PYTHONPATH", "")])
    return {**os.environ, "PYTHONPATH": path}


def on_terminal(argv: list[str], env: dict | None = None, timeout: float | None = None) -> tuple[int, str, str]:
    """``epistemic argv...`` run with its standard error on a terminal: its status, its standard
    output, and all the terminal got; ``timeout`` (the suite's guard against a hang unless given)
    bounds each wait for it."""
    import pty
    import select

    from cli_runs import HUNG

    timeout = HUNG if timeout is None else timeout
    main_fd, child_fd = pty.openpty()
    run = subprocess.Popen([sys.executable, "-m", "epistemic.cli", *argv], env=env, stdout=subprocess.PIPE,
                           stderr=child_fd, text=True)
    os.close(child_fd)
    seen = b""
    while select.select([main_fd], [], [], timeout)[0]:
        try:
            chunk = os.read(main_fd, 4096)
        except OSError:   # the command has ended and closed the terminal
            break
        if not chunk:
            break
        seen += chunk
    out, _ = run.communicate(timeout=timeout)
    os.close(main_fd)
    return run.returncode, out, seen.decode()
