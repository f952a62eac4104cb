"""A Ctrl-C that reaches ``epistemic serve`` while asyncio builds its event loop stops it cleanly.

Python raises KeyboardInterrupt where the signal lands; inside the event loop's constructor that
leaves a half-made loop whose collection prints a traceback.  The child here sends itself SIGINT
at exactly that moment (when the loop makes its selector), which a race on a busy machine hits
only now and then.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

from cli_runs import as_at_a_terminal
from workbench_client import PATIENCE, ROOT

CHILD = textwrap.dedent("""
    import os, selectors, signal, sys
    made = selectors.DefaultSelector.__init__
    def interrupted(self, *args, **named):
        selectors.DefaultSelector.__init__ = made
        os.kill(os.getpid(), signal.SIGINT)
        made(self, *args, **named)
    selectors.DefaultSelector.__init__ = interrupted
    from epistemic.cli.main import main
    sys.exit(main(["serve", "--port", "0", "--workers", "1"]))
""")


def test_a_ctrl_c_while_the_event_loop_is_made_stops_the_server_in_one_empty_line():
    child = subprocess.run([sys.executable, "-c", CHILD], cwd=ROOT, capture_output=True, text=True,
                           timeout=PATIENCE, preexec_fn=as_at_a_terminal)
    assert child.stdout.startswith("epistemic workbench at http://")
    assert (child.returncode, child.stderr) == (130, "\n")
