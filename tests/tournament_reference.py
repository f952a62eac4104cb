"""The tournament's rules as they were written before they were made faster, kept to test the fast
ones against, answer by answer (seed 001): a pair at a time, the groups found by networkx."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import networkx as nx

from epistemic.models.tournament.rules import LINKS, quoted

__all__ = ["pairs", "read_choices", "groups", "bounty", "choice_row", "heard", "numbers"]

_BOTH = "CT"


def pairs(line: str | None) -> list[tuple[str, str]]:
    return [(key, value) for key, sep, value in (item.partition("=") for item in (line or "").split()) if sep]


def _whom(names: Sequence[str], of: int) -> str:
    return names[0] if len(names) == 1 else f"{len(names)} of {of} players"


def read_choices(line: str | None, me: str, players: Sequence[str]) -> tuple[dict[str, str], str | None]:
    answers: dict[str, str | None] = {other: None for other in players if other != me}
    for name, answer in pairs(line):
        if name in answers and answer in ("C", "T"):
            answers[name] = answer if answers[name] in (None, answer) else _BOTH
    missing = [name for name, answer in answers.items() if answer is None]
    torn = [name for name, answer in answers.items() if answer == _BOTH]
    faults = ([f"no C or T towards {_whom(missing, len(answers))}"] if missing else []) + (
        [f"both C and T towards {_whom(torn, len(answers))}"] if torn else [])
    why = None if line is None or not faults else f"{'; '.join(faults)}: {quoted(line)}"
    return {name: answer if answer in ("C", "T") else "T" for name, answer in answers.items()}, why


def groups(players: Sequence[str], choices: Mapping[str, Mapping[str, str]]) -> list[list[str]]:
    graph = nx.Graph()
    graph.add_nodes_from(players)
    graph.add_edges_from((a, b) for i, a in enumerate(players) for b in players[i + 1:]
                         if choices[a][b] == "C" and choices[b][a] == "C")
    place = {name: i for i, name in enumerate(players)}
    found = [sorted(component, key=place.__getitem__) for component in nx.connected_components(graph)]
    return sorted(found, key=lambda group: place[group[0]])


def bounty(group: Sequence[str], choices: Mapping[str, Mapping[str, str]], links: Mapping[str, int] = LINKS) -> int:
    return sum(links[choices[a][b] + choices[b][a]] for i, a in enumerate(group) for b in group[i + 1:])


def choice_row(me: str, players: Sequence[str], answers: Mapping[str, str]) -> str:
    return "".join("-" if other == me else answers[other] for other in players)


def heard(name: str, playing: Sequence[str], choices: Mapping[str, Mapping[str, str]]) -> str:
    """The line that tells ``name`` what each other player answered towards him."""
    return " ".join(f"{other}={choices[other][name]}" for other in playing if other != name)


def numbers(line: str) -> dict[str, int]:
    """A bot's reading of ``name=N`` items (the shares put to its vote, the final scores)."""
    return {name: int(value) for name, value in pairs(line)
            if value.isascii() and value.isdigit() and len(value) <= 18}
