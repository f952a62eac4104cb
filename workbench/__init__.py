"""The course workbench: exercise sheets that grade themselves, and ``epistemic serve``,
a local web app where students build models, check formulas and apply announcements.

Grading needs nothing beyond the core; the web app needs the ``workbench`` extra
(Starlette on uvicorn).
"""

from typing import TYPE_CHECKING

from epistemic._lazy import lazy_names

if TYPE_CHECKING:
    from .answers import AnswerError, read_answers
    from .grading import Grade, GradingTimeout, grade
    from .sheets import Exercise, Sheet, SheetError, load_sheet, sheet_from_text

# each name is imported from its module when first asked for
__getattr__, __dir__ = lazy_names(globals(), {
    "answers": ["AnswerError", "read_answers"],
    "grading": ["Grade", "GradingTimeout", "grade"],
    "sheets": ["Exercise", "Sheet", "SheetError", "load_sheet", "sheet_from_text"],
})

__all__: list[str] = ["Sheet", "Exercise", "SheetError", "load_sheet", "sheet_from_text", "Grade", "GradingTimeout",
                      "grade", "AnswerError", "read_answers"]
