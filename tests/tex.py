"""Marks for the tests that compile LaTeX: each checks for exactly what its test uses.

``.ci/run`` installs Debian's ``texlive-latex-base`` and ``texlive-pictures``
and requires them (``EPISTEMIC_EXTRAS_REQUIRED``), so on every submission
these tests run, and fail where TeX is missing; elsewhere they are skipped
with the reason.
"""

from __future__ import annotations

import shutil
import subprocess

from cli_runs import HUNG
from extras import system_tool

__all__ = ["has_package", "needs_latex", "needs_pdflatex", "needs_tikz"]

#: The Debian package of each TeX package the tests use.
_DEBIAN = {"tikz": "texlive-pictures", "geometry": "texlive-latex-base"}


def has_package(name: str) -> bool:
    """Whether pdflatex is installed and TeX finds the package ``name`` (``"tikz"``)."""
    if shutil.which("pdflatex") is None or shutil.which("kpsewhich") is None:
        return False
    try:
        found = subprocess.run(["kpsewhich", f"{name}.sty"], capture_output=True, text=True, timeout=HUNG)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return found.returncode == 0 and bool(found.stdout.strip())


def needs_latex(*packages: str):
    """A mark for a test that compiles LaTeX using ``packages`` with pdflatex."""
    debian = sorted({"texlive-latex-base", *(_DEBIAN.get(p, "texlive-latex-extra") for p in packages)})
    return system_tool(f"pdflatex with {', '.join(packages)}", lambda: all(has_package(p) for p in packages),
                       f"apt-get install {' '.join(debian)}")


#: for a test that compiles plain LaTeX (the article class, math)
needs_pdflatex = system_tool("pdflatex", lambda: shutil.which("pdflatex"), "apt-get install texlive-latex-base")

#: for a test that compiles a TikZ picture
needs_tikz = needs_latex("tikz")
