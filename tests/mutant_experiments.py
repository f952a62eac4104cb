"""Deliberate breaks (mutants) of parameter sweeps (epistemic/experiments), each with the tests that must catch it.

Part of the table in ``tests/mutant_table.py``, which ``python tests/mutants.py`` runs.
"""

from __future__ import annotations

from mutant import Mutant

__all__ = ["EXPERIMENT_MUTANTS"]

SPEC = "epistemic/experiments/spec.py"
STORE = "epistemic/experiments/store.py"
SWEEP = "epistemic/experiments/sweep.py"
SUMMARY = "epistemic/experiments/summary.py"
REGISTRY = "epistemic/experiments/registry.py"
PLUGINS = "epistemic/plugins.py"
CLI = "cli/experiment.py"
TESTS = "tests/test_experiments_spec.py::"
DASK = "tests/test_experiments_dask.py::"

EXPERIMENT_MUTANTS: tuple[Mutant, ...] = (
    Mutant(STORE, "WHERE cells.status != 'done'", "WHERE cells.status != 'never'",
           "a finished cell is written again by a later run",
           (TESTS + "test_a_finished_cell_is_written_once_and_a_failed_one_gives_way",)),
    Mutant(STORE, '        self.db.execute("BEGIN IMMEDIATE")\n', "",
           "a batch is written row by row, so a failure leaves half of it",
           (TESTS + "test_a_batch_is_written_whole_or_not_at_all",)),
    Mutant(STORE, "        if tables and not ours:\n", "        if False:\n",
           "another program's database is written to",
           (TESTS + "test_another_programs_database_is_refused_untouched",)),
    Mutant(STORE, "            _remove_if_empty(self.path, self._lock)\n", "            pass\n",
           "a run that records nothing leaves the empty database it made",
           (TESTS + "test_a_run_whose_scheduler_is_not_reached_leaves_no_database",
            TESTS + "test_an_empty_database_is_taken_and_a_store_given_no_row_leaves_none")),
    Mutant(STORE, "    except BlockingIOError:\n        raise BusyError(", "    except OSError:\n        raise BusyError(",
           "a file system without locks is taken for another run writing",
           (TESTS + "test_a_file_system_without_locks_is_said_so_not_taken_for_another_run",)),
    Mutant(STORE, "fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)",
           "fcntl.flock(handle.fileno(), fcntl.LOCK_SH | fcntl.LOCK_NB)",
           "two runs may write to one database at once",
           (TESTS + "test_two_writers_are_refused_and_the_lock_goes_with_the_first",
            TESTS + "test_a_writer_killed_lets_the_lock_go")),
    Mutant(SWEEP, "    to_run = sum(c.key not in finished for c in spec.cells()) if finished else spec.size\n"
                  "    todo = (c for c in spec.cells() if c.key not in finished)",
           "    to_run = spec.size\n    todo = (c for c in spec.cells())",
           "a rerun runs the cells already done again",
           (TESTS + "test_failed_cells_are_recorded_and_retried_by_the_next_run",
            DASK + "test_a_client_stopped_mid_sweep_is_resumed_by_the_rerun")),
    Mutant(SWEEP, "                except CancelledError:   # the client cancels what it waits for when it loses its scheduler",
           "                except ArithmeticError:",
           "a scheduler killed mid-sweep ends the run with Dask's traceback",
           (DASK + "test_the_command_stops_in_one_line_when_its_scheduler_is_killed",)),
    Mutant(SWEEP, "        self.waiting(waited)\n", "",
           "a run whose cluster has no worker waits without a word",
           (DASK + "test_a_run_that_no_worker_joins_says_it_waits_and_stops_when_told",
            DASK + "test_a_run_that_no_worker_joins_says_so_on_its_terminal_line")),
    Mutant(SWEEP, "        if not ran:\n            raise SweepError(", "        if ran:\n            raise SweepError(",
           "a run that no worker joined stops as if it had run cells, not as a run that did nothing",
           (DASK + "test_a_run_that_no_worker_joins_says_it_waits_and_stops_when_told",)),
    Mutant(SWEEP, '            results, status, error = None, "failed", first_line(fault)',
           "            raise",
           "a cell that raises stops the sweep instead of being recorded as failed",
           (TESTS + "test_failed_cells_are_recorded_and_retried_by_the_next_run",)),
    Mutant(SWEEP, "                    else:\n                        tally.add(_outcome(future, batch, spec))",
           "                    elif running:\n                        tally.add(_outcome(future, batch, spec))",
           "the last batch of a sweep on a cluster is never written",
           (DASK + "test_a_sweep_through_a_running_scheduler_gives_the_rows_of_one_run_here",
            DASK + "test_the_embedded_cluster_runs_a_spec_as_this_process_would")),
    Mutant(SWEEP, "                if time.perf_counter() - lost_since > how.lost_after_s:",
           "                if time.perf_counter() - lost_since > 10 * how.lost_after_s + 60:",
           "a run waits a long time for a scheduler that is gone",
           (DASK + "test_a_client_closed_between_two_calls_stops_the_run_as_a_scheduler_gone",),
           ),
    Mutant(SPEC, '        order = sorted([*base, *(["seed"] if self.seeds is not None else [])])',
           '        order = [*base, *(["seed"] if self.seeds is not None else [])]',
           "a cell's key lists its parameters in the experiment's order, not sorted: a rerun of an older "
           "database runs its cells again",
           (TESTS + "test_a_cell_is_known_by_the_key_its_parameters_give",
            TESTS + "test_the_docs_database_is_what_its_spec_gives_today")),
    Mutant(SPEC, "        return list(range(start, stop + 1, step))", "        return list(range(start, stop, step))",
           "a range of whole numbers leaves out its end",
           (TESTS + "test_a_grid_is_every_combination_with_defaults_filled_in",)),
    Mutant(SPEC, "    count = math.floor((stop - start) / step + 1e-9) + 1",
           "    count = math.floor((stop - start) / step)",
           "a range of fractions leaves out its end",
           (TESTS + "test_a_range_of_fractions_ends_at_the_value_written",)),
    Mutant(SPEC, "            for seed in self.seeds if self.seeds is not None else (None,):",
           "            for seed in self.seeds[:1] if self.seeds is not None else (None,):",
           "only the first replicate seed is run",
           (TESTS + "test_seeds_make_replicates_of_each_parameter_set",)),
    Mutant(SPEC, "        if len(set(checked)) != len(checked):\n            raise SpecError(f\"grid.{name} lists a value twice\")",
           "        pass",
           "a grid value listed twice makes one cell twice",
           (TESTS + "test_a_bad_spec_is_one_line_naming_the_fault",)),
    Mutant(SUMMARY, "        half = t_quantile((1 + CONFIDENCE) / 2, len(found) - 1) * statistics.stdev(found)",
           "        half = statistics.NormalDist().inv_cdf((1 + CONFIDENCE) / 2) * statistics.stdev(found)",
           "intervals over few replicates use the normal quantile, too narrow",
           (TESTS + "test_a_summary_groups_replicates_and_sorts_parameter_sets",
            TESTS + "test_replicates_are_shown_with_their_mean_and_half_interval")),
    Mutant(SUMMARY, "            for k in range(3, df - 1, 2):", "            for k in range(3, df + 1, 2):",
           "Student's t for odd degrees of freedom takes one term too many",
           (TESTS + "test_t_quantiles_are_the_published_ones",)),
    Mutant(SUMMARY, "        keys = sorted(parameters, key=lambda k: tuple(_rank(parameters[k].get(n)) for n in every))",
           "        keys = list(parameters)",
           "parameter sets are shown in the order they finished, not sorted",
           (TESTS + "test_a_summary_groups_replicates_and_sorts_parameter_sets",)),
    Mutant(PLUGINS, "        return dist != OWN, dist, ep.name", "        return dist == OWN, dist, ep.name",
           "another package's model takes a name this package's models have",
           (TESTS + "test_a_third_party_model_joins_and_cannot_take_a_name_of_ours",)),
    Mutant(CLI, '        progress = _Progress(f"{spec.model}.{spec.experiment.name}") if sys.stderr.isatty() else None',
           '        progress = None',
           "a run on a terminal shows no progress",
           (TESTS + "test_the_progress_line_shows_cells_the_rate_and_the_time_left",)),
    Mutant(CLI, '    return f"{_fmt(mean)} ±{_fmt((interval[1] - interval[0]) / 2)}"',
           '    return f"{_fmt(mean)} ±{_fmt(interval[1] - interval[0])}"',
           "show prints the whole interval's width as its half",
           (TESTS + "test_replicates_are_shown_with_their_mean_and_half_interval",)),
    Mutant(SPEC, "            experiment.fits(cell.parameters)\n", "            pass\n",
           "a spec is not checked against limits that bind several parameters",
           (TESTS + "test_the_command_refuses_a_bad_spec_in_one_line_before_anything_starts",)),
    Mutant(CLI, 'rows = [[c if len(c) <= TEXT_SHOWN else c[:TEXT_SHOWN - 3] + "..." for c in row] for row in rows]',
           'rows = [[c for c in row] for row in rows]',
           "a long text result widens every line of the summary",
           ("tests/test_pig_experiments.py::test_the_summary_cuts_long_text_and_the_csv_keeps_it",)),
)
