"""Checks that hold on, for the workbench's tests: loaded by every Python started with this folder
on PYTHONPATH (a server, its workers, a grading process), and idle unless WORKBENCH_HOLD names a
folder.

A test cannot make a real check take a known time: a machine under load makes any check slow, and
a fast machine makes a "slow" one quick.  So with WORKBENCH_HOLD set:

* a check whose formula names the atom ``held`` waits until the file ``release`` appears in that
  folder, then checks as usual; one naming ``held_forever`` never ends.  Each held check first
  makes a file ``holding.PID.N`` there, so that the test knows a worker has it;
* while the file ``fail`` is in that folder, a model's summary (what the page shows of a model)
  fails, as a summary past the time limit would;
* a grade whose answer names ``held_forever`` never ends;
* reading a sheet named ``held.toml`` waits, as checks do, until ``release`` appears.

The modules are changed as they are imported, so that the server's pickled references to their
functions reach the changed ones in the workers.
"""

from __future__ import annotations

import functools
import importlib.abc
import os
import sys
import time

FOLDER = os.environ.get("WORKBENCH_HOLD")


def _hold(text: object) -> None:
    if not isinstance(text, str) or "held" not in text:
        return
    marker = os.path.join(FOLDER, f"holding.{os.getpid()}.{time.monotonic_ns()}")
    with open(marker, "w"):
        pass
    release = os.path.join(FOLDER, "release")
    while "held_forever" in text or not os.path.exists(release):
        time.sleep(0.02)


def _patch_work(module) -> None:
    check, summary = module.check, module.summary

    @functools.wraps(check)
    def held_check(model, text, *args, **options):
        _hold(text)
        return check(model, text, *args, **options)

    @functools.wraps(summary)
    def failing_summary(model, *args, **options):
        if os.path.exists(os.path.join(FOLDER, "fail")):
            raise module.WorkError("the summary failed, as the test asked")
        return summary(model, *args, **options)

    module.check, module.summary = held_check, failing_summary


def _patch_grading(module) -> None:
    grade = module.grade

    @functools.wraps(grade)
    def held_grade(exercise, answer, *args, **options):
        if isinstance(answer, str) and "held_forever" in answer:
            _hold(answer)
        return grade(exercise, answer, *args, **options)

    module.grade = held_grade


def _patch_sheets(module) -> None:
    load_sheet = module.load_sheet

    @functools.wraps(load_sheet)
    def held_load_sheet(path, *args, **options):
        if os.path.basename(os.fspath(path)) == "held.toml":
            _hold("held")
        return load_sheet(path, *args, **options)

    module.load_sheet = held_load_sheet


PATCHES = {"epistemic.workbench.work": _patch_work, "epistemic.workbench.grading": _patch_grading,
           "epistemic.workbench.sheets": _patch_sheets}


class _Patcher(importlib.abc.MetaPathFinder):
    """Finds the modules to change as the other finders do, and changes each once it has run."""

    def find_spec(self, name, path, target=None):
        if name not in PATCHES:
            return None
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(name, path, target)
            if spec is not None and spec.loader is not None:
                run = spec.loader.exec_module

                def exec_module(module, run=run):
                    run(module)
                    PATCHES[name](module)

                spec.loader.exec_module = exec_module
                return spec
        return None


if FOLDER:
    sys.meta_path.insert(0, _Patcher())
