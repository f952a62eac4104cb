"""Writing planning tasks as EPDDL: the muddy children of n agents (2**n worlds, each child unsure of
its own forehead), their father's announcement and each child's question as acts, written out.

    python benchmarks/epddl_writer.py [--repeat N]
"""

from __future__ import annotations

import itertools

from harness import main

CASES = [(f"{n} children", {"children": n}) for n in (4, 8, 10, 12)]


def run_case(spec: dict) -> dict:
    from epistemic import Agent, KripkeModel
    from epistemic.epddl.writer import to_epddl
    from epistemic.planning.from_models import task_from_model

    n = spec["children"]
    children = [Agent(f"c{i}") for i in range(1, n + 1)]
    worlds = {"".join(bits): {f"m{i + 1}" for i, bit in enumerate(bits) if bit == "1"}
              for bits in ("".join(p) for p in itertools.product("01", repeat=n))}
    relations = {child: [(w, w[:i] + ("1" if w[i] == "0" else "0") + w[i + 1:]) for w in worlds]
                 for i, child in enumerate(children)}
    model = KripkeModel.from_relations(children, worlds, relations, actual="1" * n, reflexive=True, symmetric=True)
    acts = ["father=[!" + " | ".join(f"m{i}" for i in range(1, n + 1)) + "]"]
    acts += [f"ask{i}=[?m{i}]_{{c{i}}}" for i in range(1, n + 1)]
    task = task_from_model(model, acts, " & ".join(f"K_c{i} m{i}" for i in range(1, n + 1)), name="muddy")
    files = to_epddl(task)
    return {"worlds": len(model), "kib": (len(files.domain) + len(files.problem) + len(files.library)) / 1024}


if __name__ == "__main__":
    main(__file__, "EPDDL files of the muddy children", CASES, run_case,
         [("worlds", "worlds", ",d"), ("kib", "KiB written", ",.0f")])
