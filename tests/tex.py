"""Skip conditions for the tests that compile LaTeX: each checks for exactly what its test uses.

``.ci/run`` installs Debian's ``texlive-latex-base`` and ``texlive-pictures``, so
on every submission these tests run; elsewhere they are skipped with the reason.
"""

from __future__ import annotations

import shutil
import subprocess

import pytest

__all__ = ["has_package", "needs_pdflatex", "needs_tikz"]


def has_package(name: str) -> bool:
    """Whether pdflatex is installed and TeX finds the package ``name`` (``"tikz"``)."""
    if shutil.which("pdflatex") is None or shutil.which("kpsewhich") is None:
        return False
    try:
        found = subprocess.run(["kpsewhich", f"{name}.sty"], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return found.returncode == 0 and bool(found.stdout.strip())


#: for a test that compiles plain LaTeX (the article class, math)
needs_pdflatex = pytest.mark.skipif(shutil.which("pdflatex") is None,
                                    reason="pdflatex is not installed: the LaTeX is not compiled")

#: for a test that compiles a TikZ picture
needs_tikz = pytest.mark.skipif(not has_package("tikz"),
                                reason="pdflatex or TikZ (tikz.sty) is not installed: the TikZ is not compiled")
