"""Deliberate breaks (mutants) of the command line (cli, models/commands.py), each with the tests that must catch it.

Part of the table in ``tests/mutant_table.py``, which ``python tests/mutants.py`` runs.
"""

from __future__ import annotations

from mutant import Mutant

__all__ = ["CLI_MUTANTS"]

CHECK = "cli/check.py"
MAIN = "cli/main.py"
COMMANDS = "models/commands.py"
LOGIC = "tests/test_cli_logic.py::"

CLI_MUTANTS: tuple[Mutant, ...] = (
    # cli/check.py ------------------------------------------------------------------------------
    Mutant(CHECK,
           "    if (args.formula is None) == (args.formula_file is None):",
           "    if args.formula is None and args.formula_file is None:",
           "a formula and --formula-file may both be given, and the argument is ignored",
           (LOGIC + "test_bad_formula_files_are_one_line",)),
    Mutant(CHECK,
           "    if not args.formula_file:",
           "    if args.formula_file is None:",
           "an empty --formula-file is read as a path, and the error says the file cannot be read",
           (LOGIC + "test_bad_formula_files_are_one_line",)),
    Mutant(CHECK,
           '             if line.strip() and not line.lstrip().startswith("#")]',
           "             if line.strip()]",
           "comment lines of a formula file are read as formulas",
           (LOGIC + "test_a_formula_file_is_answered_line_by_line",)),
    Mutant(CHECK,
           '            raise EpistemicError(f"{where}, line {n}: {error}") from None',
           "            raise",
           "a fault in a formula of a file does not say which line holds it",
           (LOGIC + "test_bad_formula_files_are_one_line",)),
    Mutant(CHECK,
           "    if len(lines) > 1 and (drawn or args.draw_model is not None or args.html is not None):",
           "    if False:",
           "several formulas of a file are drawn into one picture, the last overwriting the others",
           (LOGIC + "test_bad_formula_files_are_one_line",)),
    Mutant(CHECK,
           '    if args.json and args.format not in (None, "json"):',
           "    if args.json and args.format is None:",
           "--json with another --format is taken, and --json wins",
           (LOGIC + "test_check_format_json_is_json_and_both_must_agree",)),
    Mutant(CHECK,
           '    explain = len(checked) == 1 and (args.why or args.draw or args.html or output == "json")',
           "    explain = len(checked) == 1 and (args.why or args.draw or args.html)",
           "JSON carries no explanation unless --why is given",
           (LOGIC + "test_check_json_and_drawing",)),
    Mutant(CHECK,
           """        head = f"false at actual world{'s' if len(failed) > 1 else ''} {_names(failed)}\"""",
           """        head = f"false at actual world{'s' if len(failed) > 1 else ''} {_names(names)}\"""",
           "a false verdict over several actual worlds names all of them, not those where the formula fails",
           (LOGIC + "test_check_a_described_model_with_several_actual_worlds",)),
    Mutant(CHECK,
           '"%": "\\\\%", ',
           '"%": "%", ',
           "a % in a world's name starts a LaTeX comment",
           (LOGIC + "test_check_latex_names_any_world_and_cuts_long_lists",)),
    # cli/main.py -------------------------------------------------------------------------------
    Mutant(MAIN,
           '        self.exit(EXIT_BAD_INPUT, f"{self.prog}: error: {message}\\n")',
           '        self.exit(1, f"{self.prog}: error: {message}\\n")',
           "a usage error exits with status 1, not 2",
           (LOGIC + "test_check_format_json_is_json_and_both_must_agree",)),
    Mutant(MAIN,
           '        print(f"epistemic {args.command}: error: {error}", file=sys.stderr)\n        return EXIT_BAD_INPUT',
           '        print(f"epistemic {args.command}: error: {error}", file=sys.stderr)\n        return 1',
           "bad input exits with status 1, not 2",
           (LOGIC + "test_check_bad_input_is_one_line",)),
    Mutant(MAIN,
           "    if first in BUILT_IN:\n        return {first: BUILT_IN[first]}",
           "    if False:\n        return {first: BUILT_IN[first]}",
           "epistemic check loads every model's command first",
           ("tests/test_commands.py::test_the_command_lines_own_commands_do_not_load_models",)),
    # models/commands.py ------------------------------------------------------------------------
    Mutant(COMMANDS,
           "    if not sys.stderr.isatty():\n        return None",
           "    if False:\n        return None",
           "progress lines are written where standard error is a log or a pipe",
           (LOGIC + "test_a_formula_file_is_answered_line_by_line",)),
    Mutant(COMMANDS,
           '    if not re.fullmatch(r"-?[0-9]+", text):',
           '    if not re.fullmatch(r"-?[0-9_]+", text):',
           "a whole number may be written with underscores",
           (LOGIC + "test_check_options_take_whole_numbers_in_ascii_digits_only",)),
    Mutant(COMMANDS,
           "        if ep.name in taken:",
           "        if False:",
           "a model may take the name of a command already there",
           ("tests/test_commands.py::test_a_model_that_cannot_join_is_named",)),
    Mutant(COMMANDS,
           '    text = _LITERAL.sub(r"\\1", text)',
           "    text = text",
           "--help prints the double backquotes of docstring markup",
           ("tests/test_cli.py::test_help_is_plain_text",)),
    Mutant(COMMANDS,
           "        parser._negative_number_matcher = _NEGATIVE",
           "        parser._negative_number_matcher = parser._negative_number_matcher",
           "a morsel written -3,-3 is taken for an unknown option",
           ("tests/test_dinner_cli.py::test_a_morsel_may_start_with_a_minus",)),
)
