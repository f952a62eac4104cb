"""The course workbench: exercise sheets that grade themselves, and ``epistemic serve``,
a local web app where students build models, check formulas and apply announcements.

Grading needs nothing beyond the core; the web app needs the ``workbench`` extra
(Starlette on uvicorn).
"""

from .answers import AnswerError, read_answers
from .grading import Grade, GradingTimeout, grade
from .sheets import Exercise, Sheet, SheetError, load_sheet, sheet_from_text

__all__: list[str] = ["Sheet", "Exercise", "SheetError", "load_sheet", "sheet_from_text", "Grade", "GradingTimeout",
                      "grade", "AnswerError", "read_answers"]
