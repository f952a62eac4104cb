"""A history of acts as a shell script: the starting model, then one ``epistemic update`` per step.

The script writes the starting model as a model file, ``step0.json``, then
applies each act to the last step's model (``epistemic update step0.json
'[!p]' --output step1.json``), and last checks a formula on the final model
with its explanation.  Run in an empty folder with ``epistemic`` on the
path, it reproduces the history exactly: each step is
:func:`epistemic.apply_act`.

Examples
--------
>>> from epistemic import Agent, KripkeModel
>>> a, b = Agent("a"), Agent("b")
>>> m = KripkeModel.from_relations([a, b], {"w": {"p"}, "v": set()}, {a: [("w", "v")], b: [("w", "v")]},
...                                actual="w", reflexive=True, symmetric=True)
>>> print(history_script(m, ["[!p]_{a}"], check="B_b ~K_a p"))
#!/bin/sh
# The history of a model, step by step: run it in an empty folder with epistemic on the path.
set -e
# step 0: the starting model
cat > step0.json <<'EOF'
{
  "format": "epistemic-kripke",
  "version": 1,
  "agents": ["a", "b"],
  "worlds": [
    {"name": "w", "true": ["p"]},
    {"name": "v", "true": []}
  ],
  "actual": ["w"],
  "relations": {
    "a": {"partition": [["w", "v"]]},
    "b": {"partition": [["w", "v"]]}
  }
}
EOF
# step 1: [!p]_{a}
epistemic update step0.json '[!p]_{a}' --output step1.json
# is B_b ~K_a p true after step 1, and why
epistemic check step1.json 'B_b ~K_a p' --why
<BLANKLINE>
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from epistemic import EventModel, KripkeModel, ModelError, parse_act, parse_formula
from epistemic.event_json import model_file_to_dict
from epistemic.model_json import _dumps
from epistemic.validators import instance_of

__all__ = ["history_script", "shell_quoted"]

#: Ends the starting model's text in the script: no line of a model file is this word alone.
END = "EOF"


def shell_quoted(text: str) -> str:
    """``text`` as one word of a POSIX shell, taken as it is: in single quotes, each
    single quote in it closed, escaped and opened again.

    Examples
    --------
    >>> print(shell_quoted("[!p']"))
    '[!p'\\'']'
    """
    return "'" + text.replace("'", "'\\''") + "'"


def history_script(start: KripkeModel, acts: Sequence[str], check: str | None = None,
                   event_models: Mapping[str, EventModel] | None = None) -> str:
    """A POSIX shell script that applies ``acts`` to ``start`` one by one with
    ``epistemic update``, each step's model in ``stepN.json``, and then, if
    ``check`` is given, runs ``epistemic check`` on the last one with ``--why``.

    Parameters
    ----------
    start : KripkeModel
        The model before the first act; it is written into the script.
    acts : sequence of str
        The acts as text (see :func:`epistemic.parse_act`), in order.
    check : str, optional
        A formula to check after the last act.
    event_models : mapping of str to EventModel, optional
        The event models the acts name (``[look, h]``); the starting model's
        file holds them, and each step's keeps them.

    Raises
    ------
    FormulaSyntaxError
        When an act or the formula cannot be read (each is read here, so
        that the script does not stop half-way on a typo).
    ModelError
        When the model or an event model cannot be saved as a model file.
    """
    instance_of(start, KripkeModel, "a history starts from a KripkeModel", type_name=True, error=ModelError)
    named = dict(event_models or {})
    texts = list(acts)
    for text in texts:
        parse_act(text, event_models=named)
    if check is not None:
        parse_formula(check, event_models=named)
    lines = ["#!/bin/sh",
             "# The history of a model, step by step: run it in an empty folder with epistemic on the path.",
             "set -e",
             "# step 0: the starting model",
             f"cat > step0.json <<'{END}'",
             _dumps(model_file_to_dict(start, named)),
             END]
    for n, text in enumerate(texts, 1):
        lines.append(f"# step {n}: {_one_line(text)}")
        lines.append(f"epistemic update step{n - 1}.json {shell_quoted(text)} --output step{n}.json")
    if check is not None:
        last = len(texts)
        lines.append(f"# is {_one_line(check)} true after step {last}, and why" if last else
                     f"# is {_one_line(check)} true at the start, and why")
        lines.append(f"epistemic check step{last}.json {shell_quoted(check)} --why")
    return "\n".join(lines) + "\n"


def _one_line(text: str) -> str:
    """``text`` on one line, for a comment: a line break would end the comment."""
    return " ".join(text.split())
