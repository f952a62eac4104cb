"""Parameter sweeps: the experiments models declare, run over grids into SQLite.

A model declares :class:`Experiment` objects (pure functions from one
parameter set to one record of results) and registers them in the
entry-point group ``epistemic.experiments``.  A :class:`Spec` names one of
them, a grid of parameters and replicate seeds; :func:`run_sweep` runs the
cells a :class:`ResultStore` lacks on dask.distributed; a :class:`Summary`
gives each parameter set's means and confidence intervals.
"""

from .declare import GROUP, Experiment, Parameter, SpecError
from .registry import find_experiment, installed_experiments
from .spec import MAX_CELLS, Cell, Spec, read_spec, spec_from_text
from .store import BusyError, ResultStore, Row, StoreError
from .summary import Group, Summary, t_quantile
from .sweep import SweepError, SweepReport, require_dask, run_cells, run_sweep

__all__ = ["Experiment", "Parameter", "SpecError", "GROUP", "find_experiment", "installed_experiments", "Spec",
           "Cell", "read_spec", "spec_from_text", "MAX_CELLS", "ResultStore", "Row", "StoreError", "BusyError",
           "Summary", "Group", "t_quantile", "run_sweep", "run_cells", "require_dask", "SweepReport", "SweepError"]
