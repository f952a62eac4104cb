"""Who knows what: a Kripke model drawn as worlds and the links agents cannot tell apart."""

from __future__ import annotations

from collections.abc import Callable, Hashable

import graphviz

from epistemic import Agent, Announcement, KripkeModel
from epistemic.validators import instance_of

from .errors import PictureError
from .picture import Picture
from .style import ARROW, FONT, agent_names, border_sample, escape, html_lines, legend_table, wrap

__all__ = ["kripke_picture", "fact_text", "MAX_WORLDS"]

#: Pictures of more worlds than this are unreadable; ask for them explicitly.
MAX_WORLDS = 200


def _world_name(world) -> str:
    return str(world)


def fact_text(fact: Hashable) -> str:
    """A fact in a few words; an announcement names its audience the short way.

    Examples
    --------
    >>> from epistemic import Announcement
    >>> fact_text(Announcement.private(Agent("a1"), "p", [Agent(f"a{i}") for i in range(2, 9)]))
    'a1 to a1-a8: p'
    """
    if isinstance(fact, Announcement):
        to = "everyone" if fact.audience is None else agent_names(a.name for a in fact.audience)
        return f"{fact.speaker} to {to}: {fact.content}"
    return str(fact)


def kripke_picture(model: KripkeModel, *, fact_label: Callable[[Hashable], str] = fact_text,
                   world_label: Callable[[Hashable], str] = _world_name, title: str | None = None,
                   no_facts: str = "nothing holds", legend: bool = True,
                   max_worlds: int | None = MAX_WORLDS) -> Picture:
    """Draw ``model``: worlds labelled with what holds there, links labelled
    with the agents who cannot tell the worlds apart, the actual worlds
    drawn with a double outline.

    An agent whose relation is an equivalence (S5 knowledge) is drawn with
    undirected links and without the loop every world has for him; any
    other relation (KD45 belief, say) is drawn with arrows, loops included,
    because a loop then says something: the agent considers that world
    possible from itself.  Links shared by several agents are drawn once,
    labelled with all of them.

    Parameters
    ----------
    model : KripkeModel
    fact_label : callable
        Text of one fact (default :func:`fact_text`); a world's facts are
        listed sorted, one per line.
    world_label : callable
        Text naming one world (default: its name in the model).
    title : str, optional
        Printed above the picture.
    no_facts : str
        What a world where no fact holds says.
    legend : bool
        Explain the marks in a corner of the picture.
    max_worlds : int or None
        Refuse models with more worlds (``None``: no limit).

    Returns
    -------
    Picture

    Examples
    --------
    >>> a, b = Agent("a"), Agent("b")
    >>> m = KripkeModel.from_relations([a, b], {"w": {"p"}, "v": set()},
    ...                                {a: [("w", "v")]}, actual="w", reflexive=True, symmetric=True)
    >>> dot = kripke_picture(m, legend=False).source
    >>> 'peripheries=2' in dot, 'dir=none' in dot, 'label=a' in dot
    (True, True, True)
    """
    instance_of(model, KripkeModel, "kripke_picture draws a KripkeModel", type_name=True, error=PictureError)
    worlds = model.worlds
    if max_worlds is not None and len(worlds) > max_worlds:
        raise PictureError(f"the model has {len(worlds):,} worlds, too many to draw legibly "
                           f"(the limit is {max_worlds} worlds)")
    ids = {w: f"w{i}" for i, w in enumerate(worlds)}
    g = graphviz.Digraph("kripke")
    g.attr(rankdir="LR", nodesep="0.5", ranksep="1.1", fontname=FONT, fontsize="12", labelloc="t")
    g.attr("node", shape="ellipse", fontname=FONT, fontsize="11", margin="0.12,0.06")
    g.attr("edge", fontname=FONT, fontsize="10")
    if title:
        g.attr(label=f"<<B>{escape(title)}</B>>")

    for w in worlds:
        facts = sorted(fact_label(f) for f in model.facts(w))
        # several facts are bulleted, so that a reader sees where each one ends
        bullet = "• " if len(facts) > 1 else ""
        lines = [line for fact in facts for line in wrap(bullet + fact, 36)] or [no_facts]
        body = html_lines(lines)
        label = f'<<B>{escape(world_label(w))}</B><BR/>{body}>'
        attrs = {"peripheries": "2", "penwidth": "1.6"} if w in model.actual else {}
        g.node(ids[w], label=label, **attrs)

    s5 = {agent for agent in model.agents if model.is_equivalence(agent)}
    undirected: dict[frozenset, set[Agent]] = {}
    directed: dict[tuple, set[Agent]] = {}
    for u, v, who in model.to_networkx().edges(data="agents"):
        for agent in who:
            if agent in s5:
                if u != v:
                    undirected.setdefault(frozenset((u, v)), set()).add(agent)
            else:
                directed.setdefault((u, v), set()).add(agent)

    order = {w: i for i, w in enumerate(worlds)}
    for pair, who in sorted(undirected.items(), key=lambda item: sorted(order[w] for w in item[0])):
        u, v = sorted(pair, key=order.__getitem__)
        g.edge(ids[u], ids[v], label=_agents_text(who), dir="none", penwidth="1.4")
    drawn = set()
    for (u, v), who in sorted(directed.items(), key=lambda item: (order[item[0][0]], order[item[0][1]])):
        if (u, v) in drawn:
            continue
        if u != v and directed.get((v, u)) == who:
            drawn.add((v, u))
            g.edge(ids[u], ids[v], label=_agents_text(who), dir="both", arrowsize="0.7")
        else:
            g.edge(ids[u], ids[v], label=_agents_text(who), arrowsize="0.7")

    if legend:
        rows = [(border_sample(1, double=True), "double outline: the actual world")]
        if undirected:
            rows.append(("<B>——</B>", "plain line: the agents named cannot tell the two worlds apart"))
        if s5:
            rows.append(("", f"{_agents_text(s5)}: knowledge (S5), so each world is also linked to itself "
                             f"for {'them' if len(s5) > 1 else 'it'}; no line, no doubt"))
        if directed:
            rows.append((ARROW, "arrow w → v: at w, the agents named consider v possible (belief)"))
        g.node("legend", label=legend_table("How to read this picture", rows), shape="plain",
               fontname=FONT, fontsize="10")
    return Picture(g.source)


def _agents_text(agents) -> str:
    return agent_names(a.name for a in agents)
