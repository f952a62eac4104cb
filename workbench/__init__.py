"""The course workbench: exercise sheets that grade themselves, and ``epistemic serve``,
a local web app where students build models, check formulas and apply announcements.

Grading needs nothing beyond the core; the web app needs the ``workbench`` extra
(Starlette on uvicorn).
"""

__all__: list[str] = []
