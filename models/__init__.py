"""Games and puzzles built on the :mod:`epistemic` core, one module or package each.

Each model offers its subcommand of ``epistemic`` as a :class:`Command` and
registers its card, what ``epistemic --help`` says of it and where it lives,
under the entry-point group ``epistemic.models`` (:mod:`epistemic.models.commands`,
:mod:`epistemic.models.cards`); ``docs/adding-a-model.md`` shows how.
"""

from typing import TYPE_CHECKING

from epistemic._lazy import lazy_names

if TYPE_CHECKING:
    from .commands import (GROUP, MAX_DEPTH, Command, add_label_style_argument, add_resolution_argument,
                           check_export_destination, end_progress, load_commands, progress_printer, registered_names,
                           seconds_argument, whole_number_argument, whole_number_between,
                           write_pictures)

# each name is imported from its module when first asked for, so that the cards of the models
# (cards.py) are read without the code of any model
__getattr__, __dir__ = lazy_names(globals(), {
    "commands": ["GROUP", "MAX_DEPTH", "Command", "add_label_style_argument", "add_resolution_argument",
                 "check_export_destination", "end_progress", "load_commands", "progress_printer", "registered_names",
                 "seconds_argument", "whole_number_argument", "whole_number_between", "write_pictures"],
})

__all__ = ["Command", "GROUP", "MAX_DEPTH", "load_commands", "registered_names", "whole_number_argument",
           "whole_number_between", "seconds_argument",
           "write_pictures", "progress_printer", "end_progress", "add_resolution_argument",
           "add_label_style_argument", "check_export_destination"]
