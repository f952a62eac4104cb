"""Text in LaTeX: any name or claim, safe in text mode, for the TikZ
pictures and for ``epistemic check --format latex``."""

from __future__ import annotations

__all__ = ["latex_text"]

# what text needs in LaTeX: a world or an atom may be named anything
_SPECIAL = {"\\": "\\textbackslash{}", "{": "\\{", "}": "\\}", "_": "\\_", "#": "\\#", "$": "\\$",
            "%": "\\%", "&": "\\&", "~": "\\textasciitilde{}", "^": "\\textasciicircum{}",
            "<": "\\textless{}", ">": "\\textgreater{}", "|": "\\textbar{}"}
_SYMBOLS = {"→": "$\\rightarrow$", "¬": "$\\neg$", "∧": "$\\wedge$", "∨": "$\\vee$", "↔": "$\\leftrightarrow$",
            "•": "$\\bullet$", "·": "$\\cdot$", "✓": "$\\surd$", "━": "\\rule[0.5ex]{0.5em}{1.6pt}",
            "▶": "$\\triangleright$", "…": "\\dots{}", "–": "--", "—": "---", "⊤": "$\\top$", "⊥": "$\\bot$",
            "×": "$\\times$", "’": "'", "“": "``", "”": "''"}


def latex_text(text: str) -> str:
    """``text`` safe in LaTeX's text mode.

    Examples
    --------
    >>> latex_text("K_a p & {q}")
    'K\\\\_a p \\\\& \\\\{q\\\\}'
    """
    return "".join(_SPECIAL.get(c) or _SYMBOLS.get(c) or (c if c.isprintable() and ord(c) < 128 else "?")
                   for c in str(text))
