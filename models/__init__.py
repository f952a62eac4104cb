"""Games and puzzles built on the :mod:`epistemic` core, one module or package each.

Each model offers its subcommand of ``epistemic`` as a :class:`Command` and
registers it under the entry-point group ``epistemic.models``
(:mod:`epistemic.models.commands`); ``docs/adding-a-model.md`` shows how.
"""

from .commands import (GROUP, MAX_DEPTH, Command, add_label_style_argument, add_resolution_argument,
                       check_export_destination, end_progress, load_commands, progress_printer, registered_names,
                       seconds_argument, whole_number_argument, whole_number_between,
                       write_pictures)

__all__ = ["Command", "GROUP", "MAX_DEPTH", "load_commands", "registered_names", "whole_number_argument",
           "whole_number_between", "seconds_argument",
           "write_pictures", "progress_printer", "end_progress", "add_resolution_argument",
           "add_label_style_argument", "check_export_destination"]
