"""Deliberate breaks (mutants) of reading and writing files (epistemic/files.py), each with the
tests that must catch it: the bounded reader every input goes through, and the one writer every
output goes through.

Part of the core's area of the table in ``tests/mutant_table.py``, which ``python tests/mutants.py`` runs.
"""

from __future__ import annotations

from mutant import Mutant

__all__ = ["FILE_MUTANTS"]

FILES = "epistemic/files.py"
WRITING = "tests/test_core_writing.py::"
WRITERS = "tests/test_cli_writers.py::"

FILE_MUTANTS: tuple[Mutant, ...] = (
    # reading -----------------------------------------------------------------------------------
    Mutant(FILES,
           "        if len(raw) > limit:",
           "        if False:",
           "an open file or standard input is read past the limit",
           ("tests/test_core_model_json.py::test_files_past_the_limit_are_refused",
            "tests/test_cli_logic.py::test_standard_input_is_read_up_to_the_limit")),
    Mutant(FILES,
           "    if not stat.S_ISREG(mode):",
           "    if False:",
           "directories and named pipes are opened and read as files",
           ("tests/test_core_model_json.py::test_only_regular_files_are_read",)),
    Mutant(FILES,
           'raise error(f"cannot read the file: {fault.strerror or fault}") from None\n    if len(raw) > limit:',
           'raise error(f"cannot read the file: {fault.strerror or fault}") from None\n    if False:',
           "a file longer than its size says is read whole",
           ("tests/test_core_model_json.py::test_a_file_longer_than_its_size_says_is_read_only_to_the_limit",)),
    Mutant(FILES,
           "parse_int=_whole)",
           ")",
           "whole numbers of any length are read, in time quadratic in their digits",
           ("tests/test_core_model_json.py::test_long_numbers_take_no_quadratic_time",)),
    Mutant(FILES,
           "{m.start() - text.rfind(chr(10), 0, m.start())}",
           "{m.start() - text.rfind(chr(10), 0, m.start()) - 1}",
           "the column of a long number is counted from 0",
           ("tests/test_core_model_json.py::test_bad_text",)),
    # writing -----------------------------------------------------------------------------------
    Mutant(FILES,
           '        _regular(found.st_mode, lambda message: error(f"cannot write {where}: {message}"))',
           "        pass",
           "a named pipe, a device or a folder given for output is replaced by a file",
           (WRITING + "test_what_is_no_regular_file_is_refused_through_any_links",
            WRITERS + "test_each_writer_refuses_what_is_no_regular_file_before_any_work")),
    Mutant(FILES,
           "    real = os.path.realpath(name)",
           "    real = os.path.abspath(name)",
           "a symbolic link given for output is replaced by a file, not followed to the file it names",
           (WRITING + "test_a_link_stays_a_link_and_the_file_it_names_is_written",
            WRITERS + "test_each_writer_writes_the_file_a_link_names_and_keeps_the_link")),
    Mutant(FILES,
           "    if not os.path.isdir(folder):\n        raise error(f\"cannot write {where}: the folder",
           "    if False:\n        raise error(f\"cannot write {where}: the folder",
           "a missing folder is found only when the file is written, after the work",
           (WRITERS + "test_each_writer_refuses_a_missing_folder_before_any_work",)),
    Mutant(FILES,
           "    if found is not None and not os.access(real, os.W_OK):",
           "    if False:",
           "a file its owner may not write is replaced all the same",
           (WRITING + "test_a_folder_or_file_that_cannot_be_written_is_refused",)),
    Mutant(FILES,
           "        if real in seen:",
           "        if False:",
           "one file named twice, through a link, is written twice, the second over the first",
           (WRITING + "test_one_file_named_twice_is_refused",)),
    Mutant(FILES,
           "            if check_destination(name, error) != real:",
           "            if False:",
           "a pipe put in place while the files are written is replaced",
           (WRITING + "test_a_pipe_put_in_place_while_the_output_is_made_is_not_replaced",)),
    Mutant(FILES,
           "        for temporary in staged[replaced:]:",
           "        for temporary in staged[len(staged):]:",
           "a file written whole before a later one failed is left beside its destination",
           (WRITING + "test_a_full_disk_names_the_file_and_changes_none",
            WRITERS + "test_a_late_fault_in_one_file_writes_none_of_them")),
    Mutant(FILES,
           "                os.fchmod(fd, stat.S_IMODE(os.stat(real).st_mode) & 0o777)",
           "                os.stat(real)",
           "a file replaced loses its permissions",
           (WRITING + "test_a_link_stays_a_link_and_the_file_it_names_is_written",)),
)
