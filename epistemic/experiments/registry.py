"""The experiments every installed model offers.

A model names a tuple of :class:`~.declare.Experiment` in the entry-point
group ``epistemic.experiments``; the entry point's name is the model's.
Only the metadata is read to list the models; a model's code is imported
when its experiments are asked for, so one broken model cannot stop the others.
"""

from __future__ import annotations

from epistemic.plugins import entries, first_line, origin

from .declare import GROUP, Experiment, SpecError

__all__ = ["installed_experiments", "find_experiment"]


def installed_experiments(group: str = GROUP, only: str | None = None
                          ) -> tuple[dict[str, dict[str, Experiment]], list[str]]:
    """Each model's experiments by name, and a one-line problem for each model left out.

    A model is left out when importing it fails, when it names something
    other than a tuple of experiments, or when two of its experiments share
    a name; a name taken already goes to the first (this package's models
    come first).  With ``only``, just the model of that name is imported.
    """
    models: dict[str, dict[str, Experiment]] = {}
    problems: list[str] = []
    for ep in entries(group):
        if only is not None and ep.name != only:
            continue
        where = f"the experiments of model {ep.name!r} of {origin(ep)}"
        if ep.name in models:
            problems.append(f"{where} are left out: the name {ep.name!r} is taken")
            continue
        try:
            declared = ep.load()
        except Exception as error:  # a model's own bug must not stop the others
            problems.append(f"{where} are left out: they cannot be loaded ({first_line(error)})")
            continue
        if not isinstance(declared, tuple) or not all(isinstance(e, Experiment) for e in declared):
            problems.append(f"{where} are left out: {ep.value} is not a tuple of Experiment")
            continue
        names = [e.name for e in declared]
        if len(set(names)) != len(names):
            problems.append(f"{where} are left out: two of them share a name")
            continue
        models[ep.name] = {e.name: e for e in declared}
    return models, problems


def find_experiment(model: str, experiment: str, group: str = GROUP) -> Experiment:
    """The experiment ``experiment`` of ``model``, or :class:`~.declare.SpecError`
    naming what there is instead."""
    models, problems = installed_experiments(group, only=model)
    if model not in models:
        if problems:
            raise SpecError(problems[0])
        # named from the metadata alone: importing every model to list them costs seconds
        known = ", ".join(sorted({ep.name for ep in entries(group)})) or "none"
        raise SpecError(f"no installed model {model!r} offers experiments (these do: {known})")
    offered = models[model]
    if experiment not in offered:
        raise SpecError(f"model {model!r} has no experiment {experiment!r} (it has {', '.join(sorted(offered))})")
    return offered[experiment]
