"""Every file the command line reads goes through one bounded reader.

A path on the command line may name a device that never ends (``/dev/zero``)
or a named pipe that nobody writes to: each command that takes a file refuses
both unread, in one line and with status 2, instead of reading until memory
runs out or waiting for ever.  Each runs in a process of its own, so that a
command that did read would end with the timeout or the memory cap.
"""

from __future__ import annotations

import os

import pytest

from cli_runs import run_child

LETTER = "docs/examples/letter.json"

#: Each command that reads a file, with ``{}`` where the file goes.
READERS = {
    "check, the model": ["check", "{}", "K_a p"],
    "check --events": ["check", LETTER, "p", "--events", "{}"],
    "check --formula-file": ["check", LETTER, "--formula-file", "{}"],
    "dinner --file": ["dinner", "--file", "{}"],
    "tournament check": ["tournament", "check", "{}"],
}


def _device(folder):
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero here")
    return "/dev/zero", "a character device"


def _pipe(folder):
    path = folder / "input"
    os.mkfifo(path)
    return str(path), "a named pipe"


@pytest.mark.parametrize("endless", [_device, _pipe], ids=["device", "pipe"])
@pytest.mark.parametrize("command", sorted(READERS))
def test_each_command_refuses_an_endless_input_unread(command, endless, tmp_path):
    path, kind = endless(tmp_path)
    argv = [path if word == "{}" else word for word in READERS[command]]
    status, out, err = run_child(*argv)
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and err.endswith(f"{path}: not a regular file but {kind}\n"), err
