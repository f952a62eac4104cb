"""Deliberate breaks (mutants) of the pictures (visualize), each with the tests that must catch it.

Part of the table in ``tests/mutant_table.py``, which ``python tests/mutants.py`` runs.
"""

from __future__ import annotations

from mutant import Mutant

__all__ = ["PICTURE_MUTANTS"]

BOARD = "visualize/board.py"
SCATTER = "visualize/scatter.py"
POINTS = "visualize/points.py"
PLOT = "visualize/plot.py"
LINES = "visualize/lines.py"
HOLDMAP = "visualize/holdmap.py"
HOLDSURFACE = "visualize/holdsurface.py"
KRIPKE = "visualize/kripke.py"
LAYOUT = "visualize/layout.py"
RENDER = "visualize/render.py"
STYLE = "visualize/style.py"
TIKZ = "visualize/tikz.py"
ROUNDS = "visualize/rounds.py"
KNOWLEDGE = "visualize/knowledge.py"

PLOTS = "tests/test_visualize_plots.py::"
LINE_TESTS = "tests/test_visualize_lines.py::"
DRAWINGS = "tests/test_visualize_drawings.py::"
KRIPKE_TESTS = "tests/test_visualize_kripke_pictures.py::"
RENDER_TESTS = "tests/test_visualize_render.py::"
EIGHT = "tests/test_pirates_pictures_eight.py::"

PICTURE_MUTANTS: tuple[Mutant, ...] = (
    # board.py: crossout boards ----------------------------------------------------------------
    Mutant(BOARD,
           "        if len({kind for kind, _ in parts}) > 1:",
           "        if False:",
           "a dash is written beside the label of another morsel at the same coordinate",
           (PLOTS + "test_ties_share_one_label_and_fractions_are_exact",)),
    Mutant(BOARD,
           "        ends[lane] = at + extent / 2",
           "        ends[lane] = at",
           "a lane is taken to end at a label's centre, so the next label may cover its second half",
           (PLOTS + "test_labels_too_close_for_one_lane_take_turns_in_two",)),
    Mutant(BOARD,
           "    start = 0.0 if min(values) > 0 else float(low) - margin",
           "    start = float(low) - margin",
           "a board of positive utilities leaves a margin below zero instead of starting at the origin",
           (PLOTS + "test_a_board_of_positive_utilities_starts_at_the_origin",)),
    # scatter.py and points.py: outcome scatters -----------------------------------------------
    Mutant(SCATTER,
           "            if points:      # a kind of dot with none drawn has no place in the legend",
           "            if True:      # a kind of dot with none drawn has no place in the legend",
           "the legend lists a kind of dot of which none is drawn",
           (PLOTS + "test_outcome_scatter_lists_no_kind_of_dot_it_does_not_draw",)),
    Mutant(SCATTER,
           "            if all(score.denominator == 1 for score in scores):",
           "            if any(score.denominator == 1 for score in scores):",
           "an axis of fractional scores is ticked at whole numbers only",
           (PLOTS + "test_outcome_scatter_ticks_whole_scores_at_whole_numbers",)),
    Mutant(SCATTER,
           "    others = tuple(sorted(everything - reachable))",
           "    others = tuple(sorted(everything))",
           "the outcomes reachable against crossout are drawn and counted among the others too",
           (PLOTS + "test_outcome_scatter_draws_each_kind_of_dot_once",)),
    Mutant(POINTS,
           '    return text.replace("-", "\\N{MINUS SIGN}")',
           "    return text",
           "a negative utility is written with a hyphen, not a minus sign",
           (PLOTS + "test_figure_5_boards",)),
    Mutant(PLOT,
           "    matplotlib.rcdefaults()\n",
           "",
           "a user's matplotlib settings change the image",
           (PLOTS + "test_a_users_settings_do_not_change_the_image",)),
    # lines.py, holdmap.py and holdsurface.py ------------------------------------------------
    Mutant(LINES,
           "            if y is None:\n                if found[-1]:\n                    found.append([])\n"
           "            else:\n                found[-1].append((x, y))",
           "            if y is not None:\n                found[-1].append((x, y))",
           "a line is drawn across a missing value",
           (LINE_TESTS + "test_a_gap_breaks_the_line",)),
    Mutant(LINES,
           '                single = {} if len(run) > 1 or dots else {"marker": "o", "markersize": 3}',
           "                single = {}",
           "a point alone between two gaps is a line of one point, which does not show",
           (LINE_TESTS + "test_a_lone_point_between_gaps_is_drawn_as_a_dot",)),
    Mutant(HOLDMAP,
           "    if any(v < 0 for row in table for v in row):",
           "    if any(v <= 0 for row in table for v in row):",
           "a hold value of 0 is refused",
           (LINE_TESTS + "test_the_surface_is_the_hold_table_on_a_bounded_mesh",)),
    Mutant(HOLDSURFACE,
           "    if scores[-1] != side - 1:\n        scores.append(side - 1)\n",
           "",
           "a mesh drawn every n-th score loses the last score",
           (LINE_TESTS + "test_the_surface_is_the_hold_table_on_a_bounded_mesh",)),
    # kripke.py, layout.py, tikz.py and rounds.py: Kripke pictures -----------------------------
    Mutant(KRIPKE,
           "                if u != v and frozenset((u, v)) not in far.get(agent, ()):",
           "                if frozenset((u, v)) not in far.get(agent, ()):",
           "knowledge draws every world's loop",
           (DRAWINGS + "test_kripke_s5_links",)),
    Mutant(KRIPKE,
           "            if agent in linked:\n                what =",
           "            if True:\n                what =",
           "the legend shows a line for an agent none of whose links is drawn",
           (KRIPKE_TESTS + "test_the_legend_names_only_the_agents_whose_lines_are_drawn",)),
    Mutant(KRIPKE,
           "    if len(model) < 3:\n        return []",
           "    if True:\n        return []",
           "an agent who cannot tell any of the worlds apart has every pair of them linked",
           (KRIPKE_TESTS + "test_the_bar_is_drawn_as_a_cube_of_the_logicians_links", DRAWINGS + "test_kripke_s5_links")),
    Mutant(KRIPKE,
           "    far = {} if positions is None else",
           "    far = {} if True else",
           "a cube of worlds draws its faces' diagonals, which the chains of its edges imply",
           (KRIPKE_TESTS + "test_the_bar_is_drawn_as_a_cube_of_the_logicians_links",)),
    Mutant(KRIPKE,
           "                gone.setdefault(frozenset((link.u, link.v)), attrs.evolve(link, removed=True))",
           "                gone.setdefault((link.u, link.v, link.agents), attrs.evolve(link, removed=True))",
           "a removed link is drawn once for each agent whose it was, grey lines on grey lines",
           (KRIPKE_TESTS + "test_the_bar_is_drawn_as_a_cube_of_the_logicians_links",)),
    Mutant(STYLE,
           "    return graphviz.escape(str(text))",
           "    return str(text)",
           "a backslash in a name is read as an escape, and a name ending in one breaks the picture",
           (KRIPKE_TESTS + "test_names_with_backslashes_are_drawn_as_they_are",
            KRIPKE_TESTS + "test_a_dag_edge_label_with_a_backslash_is_drawn_as_it_is")),
    Mutant(TIKZ,
           "        for agent in [a for a in ordered_agents(model) if a in linked] if lines is not None else ():",
           "        for agent in ordered_agents(model) if lines is not None else ():",
           "a TikZ legend shows a line for an agent none of whose links is drawn",
           (KRIPKE_TESTS + "test_a_round_that_leaves_no_link_names_no_line",)),
    Mutant(LAYOUT,
           "    factor = spacing / nearest if nearest > 0 else 1.0",
           "    factor = spacing * nearest if nearest > 0 else 1.0",
           "a cube is scaled by its nearest distance rather than to the spacing asked for",
           (KRIPKE_TESTS + "test_cube_edges_of_one_agent_are_parallel_and_flip_one_atom",)),
    Mutant(TIKZ,
           '                style.append("fill=truefill" if w in truth else "fill=falsefill")',
           '                style.append("fill=falsefill" if w in truth else "fill=truefill")',
           "TikZ shades the worlds where the claim holds in the colour of falsity",
           (KRIPKE_TESTS + "test_each_round_shades_its_own_worlds_and_links_pass_under_the_worlds",)),
    Mutant(ROUNDS,
           "    digits = max(2, len(str(count)))",
           "    digits = len(str(count))",
           "the pages of a few rounds are numbered -1, -2, ..., which sort wrongly past 9",
           (KRIPKE_TESTS + "test_round_files_are_numbered_to_sort_in_order",)),
    # render.py, style.py and knowledge.py ----------------------------------------------------
    Mutant(RENDER,
           "    suffix = os.path.splitext(os.fspath(path))[1].lower()",
           "    suffix = os.path.splitext(os.fspath(path))[1]",
           "a file named .SVG or .PDF is refused",
           (RENDER_TESTS + "test_format_of",)),
    Mutant(RENDER,
           "        elif errors:\n            errors[-1] += \" \" + text",
           "        elif False:\n            errors[-1] += \" \" + text",
           "a Graphviz error continued on the next line is cut to its first line",
           (RENDER_TESTS + "test_dot_program_errors_and_warnings",)),
    Mutant(STYLE,
           "        if i >= len(FILLS) * len(borders):",
           "        if i > len(FILLS) * len(borders):",
           "the nineteenth group of a palette asks for a fourth kind of border, which there is not",
           (DRAWINGS + "test_palette_past_eighteen_groups_is_white_and_bold",)),
    Mutant(KNOWLEDGE,
           "        rows, left_out = rows[: max_rows - 1], rows[max_rows - 1:]",
           "        rows, left_out = rows[:max_rows], rows[max_rows:]",
           "a cut knowledge table has one row more than max_rows, counting the row that counts the rest",
           (DRAWINGS + "test_knowledge_table_cuts_long_tables_to_max_rows",)),
    # reasons.py, reason_summary.py and dag.py: why-graphs kept narrow, DAG boxes by class ----------
    Mutant("visualize/reason_summary.py",
           "        counts[level] = counts.get(level, 0) + 1",
           "        counts[level] = 1",
           "the width of a graph is taken as one box on every level: nothing is ever too wide",
           (EIGHT + "test_the_why_graph_draws_at_most_six_boxes_side_by_side",
            EIGHT + "test_a_level_too_wide_keeps_its_first_boxes_and_counts_the_others")),
    Mutant("visualize/reason_summary.py",
           "        dropped = set(by_level[wide][max_width - 1:])",
           "        dropped = set(by_level[wide][max_width:])",
           "a level too wide keeps max_width boxes besides the one that counts the rest",
           (EIGHT + "test_a_level_too_wide_keeps_its_first_boxes_and_counts_the_others",)),
    Mutant("visualize/reason_summary.py",
           "    too_wide = max_width is not None and _widest(order, edges) > max_width",
           "    too_wide = False",
           "a graph too wide is cut before its alike reasons are merged",
           (EIGHT + "test_a_level_too_wide_first_merges_alike_reasons",)),
    Mutant("visualize/reasons.py",
           "            swatch = _unbold(palette.swatch(kind))",
           "            swatch = palette.swatch(kind)",
           "a group past the palette's colours is drawn with the question's heavy border",
           (EIGHT + "test_only_the_question_has_the_heavy_border",)),
    Mutant("visualize/dag.py",
           '                if summary.level == "coarse" and class_lines is not None:',
           "                if False:",
           "a DAG box drawn by class does not say which promises its nodes rest on",
           (EIGHT + "test_each_box_of_the_dag_says_which_promises_it_rests_on",)),
    Mutant("visualize/reasons.py",
           "    if any(len({groups[i] for i in members}) > 1 for b, members in summary.boxes.items() if b not in summary.gaps):",
           "    if False:",
           "the legend does not say what a white box of alike reasons on different knowledge is",
           (EIGHT + "test_the_why_graph_draws_at_most_six_boxes_side_by_side",)),
)
