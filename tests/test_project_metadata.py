"""The citation file and the changelog speak of the version the package is."""

from __future__ import annotations

import re
from pathlib import Path

import epistemic

ROOT = Path(__file__).resolve().parent.parent


def test_the_citation_names_the_packages_version_and_license():
    cff = (ROOT / "CITATION.cff").read_text(encoding="utf-8")
    assert re.search(r"^cff-version: 1\.2\.0$", cff, re.M)
    assert re.search(r"^version: (\S+)$", cff, re.M)[1] == epistemic.__version__
    assert re.search(r"^license: (\S+)$", cff, re.M)[1] == "MIT"
    assert "MIT License" in (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert re.search(r'^date-released: "\d{4}-\d{2}-\d{2}"$', cff, re.M)


def test_the_changelog_has_the_current_version_first():
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    versions = re.findall(r"^## (\d+\.\d+\.\d+)", changelog, re.M)
    assert versions and versions[0] == epistemic.__version__
