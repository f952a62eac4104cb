"""Running the ``epistemic`` command line inside a test."""

from __future__ import annotations

from epistemic.cli.main import main


def run(capsys, *argv):
    """``(status, standard output, standard error)`` of ``epistemic argv...``."""
    try:
        code = main(list(argv))
    except SystemExit as stop:  # argparse's own errors exit from inside main
        code = stop.code
    out, err = capsys.readouterr()
    return code, out, err
