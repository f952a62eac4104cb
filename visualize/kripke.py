"""Who knows what: a Kripke model drawn as worlds and the links agents cannot tell apart."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping

import attrs

from epistemic import Agent, Announcement, KripkeModel
from epistemic.probability import ProbabilisticModel
from epistemic.validators import instance_of, one_of
from epistemic.wording import noun

from .errors import PictureError
from .errors import RendererMissing
from .layout import SPACING, Position, cube_positions, graphviz_positions, natural, spread
from .limits import MAX_WORLDS
from .picture import Picture
from .style import (FALSE_FILL, FONT, REMOVED, TRUE_FILL, AgentLine, agent_line, agent_names, border_sample, escape,
                    html_lines, legend_table, line_sample, plain_label, stacked_label, swatch_cell, Swatch, wrap)

__all__ = ["kripke_picture", "fact_text", "MAX_WORLDS", "MAX_LINKS", "LAYOUTS", "Link", "links", "agent_lines", "shown_worlds",
           "ordered_agents", "world_positions", "undivided_agents", "unlinked_agents", "shown_facts", "legend_notes"]

#: Pictures of more links than this are unreadable too (Russian cards' 140 worlds have 1,750).
MAX_LINKS = 600
#: Above this many links a layout in layers (dot) takes minutes: the worlds are placed by springs.
LAYERED_LINKS = 150
#: How worlds are placed: a cube when they are valuations (``auto``, or
#: always ``cube``), or as Graphviz's ``dot`` places them.
LAYOUTS = ("auto", "cube", "graphviz")


@attrs.frozen
class Link:
    """One drawn link: from world ``u`` to world ``v`` for ``agents``;
    ``arrow`` is ``"none"`` (knowledge, undirected), ``"forward"`` or
    ``"both"`` (belief); ``removed`` when an announcement took it away."""

    u: Hashable
    v: Hashable
    agents: tuple[Agent, ...]
    arrow: str
    removed: bool = False


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


def agent_lines(model: KripkeModel) -> dict[Agent, AgentLine] | None:
    """Each agent's line, in the model's order of agents; ``None`` when the
    agents are more than the distinct lines, and links are drawn once for
    all the agents who share them, in black, named by their labels."""
    agents = ordered_agents(model)
    if len(agents) > 6:
        return None
    return {agent: agent_line(i) for i, agent in enumerate(agents)}


def ordered_agents(model: KripkeModel) -> list[Agent]:
    """The agents by name, ``c2`` before ``c10``: the order of their lines in every picture."""
    return sorted(model.agents, key=lambda a: natural(a.name))


def undivided_agents(model: KripkeModel) -> list[Agent]:
    """The agents who can tell none of three or more worlds apart (one class holds them all), in
    :func:`ordered_agents`' order.  Their links would join every pair of worlds, so a picture
    draws none and its legend says so.

    Examples
    --------
    >>> a, b = Agent("a"), Agent("b")
    >>> m = KripkeModel.from_relations([a, b], {"u": set(), "v": set(), "w": set()},
    ...                                {a: [("u", "v"), ("v", "w"), ("u", "w")], b: [("u", "v")]},
    ...                                actual="u", reflexive=True, symmetric=True)
    >>> undivided_agents(m)
    [Agent('a')]
    """
    if len(model) < 3:
        return []
    return [a for a in ordered_agents(model) if model.is_equivalence(a) and len(model.partition(a)) == 1]


def unlinked_agents(model: KripkeModel, drawn: list[Link]) -> list[Agent]:
    """The agents of ``model`` none of whose links ``drawn`` holds (removed ones aside), nor
    undivided (:func:`undivided_agents`): those who tell every world from every other, or,
    believing, consider none possible."""
    linked = {agent for link in drawn if not link.removed for agent in link.agents}
    undivided = set(undivided_agents(model))
    return [a for a in ordered_agents(model) if a not in linked and a not in undivided]


def legend_notes(model: KripkeModel, drawn: list[Link]) -> list[str]:
    """What the legend of a picture of ``model`` says of the agents it draws no line for: those
    who cannot tell any of the worlds apart, and those whose links are none.

    Examples
    --------
    >>> a, b = Agent("a"), Agent("b")
    >>> m = KripkeModel.from_relations([a, b], {"u": set(), "v": set(), "w": set()},
    ...                                {a: [("u", "v"), ("v", "w"), ("u", "w")]},
    ...                                actual="u", reflexive=True, symmetric=True)
    >>> legend_notes(m, links(m))
    ['a: cannot tell any of the worlds apart (no lines drawn: they would join every pair)', 'b: no link: tells every world from every other']
    """
    notes = []
    undivided = undivided_agents(model)
    if undivided:
        notes.append(f"{_agents_text(undivided)}: cannot tell any of the worlds apart "
                     f"(no lines drawn: they would join every pair)")
    unlinked = unlinked_agents(model, drawn)
    knowing = [a for a in unlinked if model.is_equivalence(a)]
    if knowing:
        notes.append(f"{_agents_text(knowing)}: no link: {noun(len(knowing), 'tells', 'tell')} every world from "
                     f"every other")
    believing = [a for a in unlinked if not model.is_equivalence(a)]
    if believing:
        notes.append(f"{_agents_text(believing)}: no arrow: {noun(len(believing), 'considers', 'consider')} no "
                     f"world possible")
    return notes


def shown_facts(model: KripkeModel, world: Hashable, fact_label: Callable[[Hashable], str],
                earlier: KripkeModel | None = None) -> list[str]:
    """The texts of the facts of ``world`` a picture writes, sorted: those ``fact_label`` gives
    text (a fact it gives none, such as one every world holds and the title names, is left out).
    A world cut from ``model`` has the facts it had in ``earlier``."""
    facts = model.facts(world) if earlier is None or world in model.worlds else earlier.facts(world)
    return sorted(text for text in map(fact_label, facts) if text)


def shown_worlds(model: KripkeModel, earlier: KripkeModel | None) -> list[Hashable]:
    """The worlds a picture draws: ``earlier``'s, when ``model`` was cut from it."""
    if earlier is None:
        return list(model.worlds)
    instance_of(earlier, KripkeModel, "earlier must be a KripkeModel", type_name=True, error=PictureError)
    known = set(earlier.worlds)
    missing = [w for w in model.worlds if w not in known]
    if missing:
        raise PictureError(f"world {missing[0]!r} is not a world of the earlier model")
    return list(earlier.worlds)


def links(model: KripkeModel, earlier: KripkeModel | None = None, by_agent: bool = True,
          positions: Mapping[Hashable, Position] | None = None) -> list[Link]:
    """The links a picture of ``model`` draws, each once.

    An agent whose relation is an equivalence (S5 knowledge) has undirected
    links and no loops; any other relation (KD45 belief, say) has arrows,
    loops included, as a loop then says something.  ``by_agent`` draws each
    agent's links apart; otherwise a link shared by several agents is one
    link naming them all.  The links of ``earlier`` (a model ``model`` was
    cut from) that ``model`` lacks are marked removed, one a pair of worlds.  An agent who cannot
    tell any of the worlds apart (:func:`undivided_agents`) has none: they
    would join every pair.  Where the worlds have ``positions``, the worlds
    one knowing agent cannot tell apart are linked to their neighbours
    alone: a link is left out where a third world of them is nearer to
    both its ends (on a cube, a face's diagonals), since a chain of links
    joins them already.

    Examples
    --------
    >>> a = Agent("a")
    >>> m = KripkeModel.from_relations([a], {"w": {"p"}, "v": set()}, {a: [("w", "v")]},
    ...                                actual="w", reflexive=True, symmetric=True)
    >>> links(m)
    [Link(u='w', v='v', agents=(Agent('a'),), arrow='none', removed=False)]
    """
    hidden = set(undivided_agents(model))
    drawn = _links(model, by_agent, hidden, positions)
    if earlier is not None:
        kept = set(model.worlds)
        # a removed link is grey, whoever's it was: one line a pair of worlds says all it can
        gone: dict[frozenset, Link] = {}
        for link in _links(earlier, by_agent, hidden, positions):
            if link.u not in kept or link.v not in kept:
                gone.setdefault(frozenset((link.u, link.v)), attrs.evolve(link, removed=True))
        drawn += gone.values()
    return drawn


def _links(model: KripkeModel, by_agent: bool, hidden: set[Agent],
           positions: Mapping[Hashable, Position] | None) -> list[Link]:
    """The links of ``model``, but for the ``hidden`` agents' and, with ``positions``, the pairs a
    chain of nearer links joins."""
    s5 = {agent for agent in model.agents if model.is_equivalence(agent)}
    far = {} if positions is None else {agent: _far_pairs(model, agent, positions) for agent in s5 - hidden}
    order = {w: i for i, w in enumerate(model.worlds)}
    undirected: dict[tuple, set[Agent]] = {}
    directed: dict[tuple, set[Agent]] = {}
    for u, v, who in model.to_networkx().edges(data="agents"):
        for agent in set(who) - hidden:
            if agent in s5:
                if u != v and frozenset((u, v)) not in far.get(agent, ()):
                    pair = tuple(sorted((u, v), key=order.__getitem__))
                    undirected.setdefault(pair, set()).add(agent)
            else:
                directed.setdefault((u, v), set()).add(agent)
    agents = ordered_agents(model)

    def groups(who: set[Agent]) -> list[tuple[Agent, ...]]:
        ordered = tuple(a for a in agents if a in who)
        return [(a,) for a in ordered] if by_agent else [ordered]

    out = [Link(u, v, g, "none") for (u, v), who in sorted(undirected.items(), key=lambda i: _rank(order, i[0]))
           for g in groups(who)]
    seen: set[tuple] = set()
    for (u, v), who in sorted(directed.items(), key=lambda i: _rank(order, i[0])):
        for g in groups(who):
            if (u, v, g) in seen:
                continue
            back = directed.get((v, u), set())
            if u != v and set(g) <= back and (by_agent or back == who):
                seen.add((v, u, g))
                out.append(Link(u, v, g, "both"))
            else:
                out.append(Link(u, v, g, "forward"))
    return out


def _far_pairs(model: KripkeModel, agent: Agent, positions: Mapping[Hashable, Position]) -> set[frozenset]:
    """The pairs of worlds ``agent`` cannot tell apart that are no neighbours: a third world of
    their class is nearer to both (the relative neighbourhood graph of each class, which joins
    it, as the shortest links that join it are among its links).  Worlds that are valuations
    are as near as the atoms they differ in (a cube's edges, not its faces' diagonals, however
    the cube is drawn); other worlds as near as they are drawn."""
    import numpy as np  # here: a command imports this module for MAX_WORLDS, which it may never draw

    facts = [frozenset(model.facts(w)) for w in model.worlds]
    valuations = len(set(facts)) == len(facts)
    far: set[frozenset] = set()
    for block in model.partition(agent):
        if len(block) < 3:
            continue
        if valuations:
            atoms = sorted(set().union(*(model.facts(w) for w in block)), key=str)
            held = np.array([[atom in model.facts(w) for atom in atoms] for w in block], dtype=bool)
            apart = (held[:, None, :] != held[None, :, :]).sum(axis=2).astype(float)
        else:
            points = np.array([positions[w] for w in block], dtype=float)
            apart = np.hypot(*(points[:, None, :] - points[None, :, :]).transpose(2, 0, 1))
        for i in range(len(block)):
            # [j, w]: whether w is nearer to both i and j than they are to each other
            between = np.maximum(apart[i][None, :], apart) < apart[i][:, None] - 1e-6
            far.update(frozenset((block[i], block[j])) for j in np.flatnonzero(between.any(axis=1)).tolist() if j > i)
    return far


def _rank(order: Mapping, pair: tuple) -> tuple[int, int]:
    return order[pair[0]], order[pair[1]]


def kripke_picture(model: KripkeModel, *, fact_label: Callable[[Hashable], str] = fact_text,
                   world_label: Callable[[Hashable], str] = _world_name, title: str | None = None,
                   no_facts: str = "nothing holds", legend: bool = True,
                   max_worlds: int | None = MAX_WORLDS, holds: Iterable[Hashable] | None = None,
                   claim: str = "the formula", earlier: KripkeModel | None = None, layout: str = "auto",
                   positions: Mapping[Hashable, Position] | None = None,
                   max_links: int | None = MAX_LINKS) -> Picture:
    """Draw ``model``: worlds labelled with what holds there, links labelled
    with the agents who cannot tell the worlds apart, the actual worlds
    drawn with a double outline.

    Each agent has its own line (style, then colour: :func:`~epistemic.visualize.style.agent_line`),
    named in the legend; with more than six agents, a link shared by several
    is drawn once, in black, and its label names them.  An agent whose
    relation is an equivalence (S5 knowledge) is drawn with undirected links
    and without the loop every world has for him; any other relation (KD45
    belief, say) is drawn with arrows, loops included.

    Parameters
    ----------
    model : KripkeModel
    fact_label : callable
        Text of one fact (default :func:`fact_text`).
    world_label : callable
        Text naming one world (default: its name in the model).
    title : str, optional
        Printed above the picture.
    no_facts : str
        What a world where no fact holds says.
    legend : bool
        Explain the lines and marks under the title.
    max_worlds : int or None
        Refuse models with more worlds (``None``: no limit), before any work.
    max_links : int or None
        Refuse models with more links drawn (``None``: no limit), before the
        layout.  Above :data:`LAYERED_LINKS` links, worlds that make no cube
        are placed by Graphviz's spring layout instead of in layers.
    holds : iterable of worlds, optional
        Where ``claim`` is true: those worlds are filled with the colour of
        truth, the others with the colour of falsity, in every picture alike.
    claim : str
        What ``holds`` is the truth set of, for the legend (a formula's text).
    earlier : KripkeModel, optional
        A model ``model`` was cut from by announcements: its worlds that are
        gone are drawn greyed and dashed in their places, with their links,
        so that pictures of successive rounds line up.
    layout : {"auto", "cube", "graphviz"}
        ``auto`` lays worlds that are valuations of a few atoms out as a
        cube (:func:`~epistemic.visualize.layout.cube_positions`), other
        models as Graphviz does; ``cube`` insists on the cube.
    positions : mapping, optional
        Each world's place in inches, pinned (overrides ``layout``).

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
    one_of(layout, LAYOUTS, "layout", error=PictureError)
    worlds = shown_worlds(model, earlier)
    if max_worlds is not None and len(worlds) > max_worlds:
        raise PictureError(f"the model has {len(worlds):,} worlds, too many to draw legibly "
                           f"(the limit is {max_worlds} worlds)")
    if positions is None and layout != "graphviz":
        base = earlier if earlier is not None else model
        positions = cube_positions(base, _spacing(base, fact_label, world_label))
        if positions is None and layout == "cube":
            raise PictureError("the worlds are not the valuations of a few atoms: they make no cube")
    if positions is not None and any(w not in positions for w in worlds):
        raise PictureError("every world drawn needs a position")
    by_agent = agent_lines(model) is not None
    drawn = links(model, earlier, by_agent=by_agent, positions=positions)
    # worlds a chain of links joins are no neighbours, and their link is left out: the legend says so
    chained = positions is not None and len(drawn) < len(links(model, earlier, by_agent=by_agent))
    if max_links is not None and len(drawn) > max_links:
        raise PictureError(f"the model has {len(drawn):,} links between its worlds, too many to draw legibly "
                           f"(the limit is {max_links:,} links)")
    truth = None if holds is None else set(holds)
    kept = set(model.worlds)
    lines = agent_lines(model)
    ids = {w: f"w{i}" for i, w in enumerate(worlds)}
    weights = world_weights(model) if isinstance(model, ProbabilisticModel) else None

    import graphviz  # here: the limits of this module are read by commands that draw nothing

    g = graphviz.Digraph("kripke")
    g.attr(fontname=FONT, fontsize="12", labelloc="t")
    if positions is None and len(drawn) > LAYERED_LINKS:
        # dot's layers take minutes to order a few hundred links; a spring layout takes a second
        g.attr(layout="neato", overlap="voronoi", sep="+8", splines="false", outputorder="edgesfirst")
    elif positions is None:
        g.attr(rankdir="LR", nodesep="0.5", ranksep="1.1")
    else:
        # the worlds stay where they are put; links are straight, so an agent's are parallel on a cube
        g.attr(layout="neato", splines="false", overlap="true", outputorder="edgesfirst")
    g.attr("node", shape="ellipse", fontname=FONT, fontsize="11", margin="0.08,0.04", style="filled",
           fillcolor="#FFFFFF")
    g.attr("edge", fontname=FONT, fontsize="10")
    for w in worlds:
        facts = shown_facts(model, w, fact_label, earlier)
        if positions is not None and all(" " not in fact for fact in facts):
            # a cube's worlds are small: atoms run on one line
            body = html_lines(wrap(", ".join(facts), 22) if facts else [no_facts])
        else:
            # several facts are bulleted, so that a reader sees where each one ends
            bullet = "• " if len(facts) > 1 else ""
            body = html_lines([line for fact in facts for line in wrap(bullet + fact, 36)] or [no_facts])
        if _names_its_facts(str(world_label(w)), facts):
            body = ""       # a state of a knowledge structure is named by its true atoms already
        if weights is not None and w in kept:
            body += f'<FONT POINT-SIZE="9">{html_lines(weights[w])}</FONT>'
        node: dict[str, str] = {}
        if positions is not None:
            x, y = positions[w]
            node["pos"] = f"{x:g},{y:g}!"
        if w not in kept:
            node.update(color=REMOVED, fontcolor=REMOVED, style="dashed,filled")
        else:
            if truth is not None:
                node["fillcolor"] = TRUE_FILL if w in truth else FALSE_FILL
                body += f'<I>{"true" if w in truth else "false"}</I>'
            if w in model.actual:
                node.update(peripheries="2", penwidth="1.6")
        g.node(ids[w], label=f'<<B>{escape(world_label(w))}</B>{"<BR/>" + body if body else ""}>', **node)

    for link in drawn:
        edge = {"dir": link.arrow} if link.arrow != "forward" else {}
        if link.arrow != "none":
            edge["arrowsize"] = "0.7"
        if lines is not None:
            edge.update(lines[link.agents[0]].attributes)
        else:
            edge["penwidth"] = "1.4"
        if link.removed:
            edge.update(color=REMOVED, penwidth="1")
        else:
            edge["label"] = plain_label(_agents_text(link.agents))
        g.edge(ids[link.u], ids[link.v], **edge)

    cells = [f"<B>{escape(title)}</B>"] if title else []
    if legend:
        rows = _legend(model, drawn, lines, truth, claim, earlier is not None and len(kept) < len(worlds), chained)
        cells.append(legend_table("How to read this picture", rows)[1:-1])
    if cells:
        g.attr(label=stacked_label(cells))
    return Picture(g.source)


#: The most weights one world shows for one agent (those it has from different worlds); more are summed up.
SHOWN_WEIGHTS = 3


def world_weights(model: ProbabilisticModel) -> dict[Hashable, list[str]]:
    """Per world, a line per agent: ``P_a 3/4``, the probability agent ``a``
    gives the world from each world it considers it possible at (one number
    under a common prior, whichever world of the cell ``a`` is at; several,
    up to :data:`SHOWN_WEIGHTS`, where they differ), ``P_a 0`` where ``a``
    considers it possible but gives it nothing; an agent that never
    considers the world possible is left out.

    Examples
    --------
    >>> from fractions import Fraction
    >>> from epistemic.probability import ProbabilisticModel
    >>> a, b = Agent("a"), Agent("b")
    >>> m = KripkeModel.from_relations([a, b], {"h": {"h"}, "t": set()}, {b: [("h", "t")]}, actual="t",
    ...                                reflexive=True, symmetric=True)
    >>> world_weights(ProbabilisticModel.common_prior(m, {"h": Fraction(3, 4), "t": Fraction(1, 4)}))
    {'h': ['P_a 1', 'P_b 3/4'], 't': ['P_a 1', 'P_b 1/4']}
    """
    given: dict[Hashable, dict[Agent, list]] = {w: {} for w in model.worlds}
    for agent in sorted(model.agents):
        for i, w in enumerate(model.worlds):
            measure = model.measure(agent, i)
            weight = {} if measure is None else dict(measure)
            for v in model.relation_of(agent).successors(i).tolist():
                seen = given[model.worlds[v]].setdefault(agent, [])
                q = "–" if measure is None else weight.get(v, 0)
                if q not in seen:
                    seen.append(q)
    out = {}
    for w, by_agent in given.items():
        lines = []
        for agent, values in by_agent.items():
            shown = ", ".join(str(q) for q in values[:SHOWN_WEIGHTS])
            more = f" and {len(values) - SHOWN_WEIGHTS} more" if len(values) > SHOWN_WEIGHTS else ""
            lines.append(f"P_{agent.name} {shown}{more}")
        out[w] = lines
    return out


def world_positions(model: KripkeModel, renderer: str = "auto") -> dict[Hashable, Position]:
    """Each world's place, in inches: on its cube, or where Graphviz puts it
    (on a circle when no Graphviz engine is installed).  Pinning these keeps
    the worlds in place from one picture to the next."""
    placed = cube_positions(model, _spacing(model, fact_text, str))
    if placed is not None:
        return placed
    picture = kripke_picture(model, layout="graphviz", legend=False, max_worlds=None)
    ids = {w: f"w{i}" for i, w in enumerate(model.worlds)}
    try:
        return graphviz_positions(picture.source, ids, renderer)
    except RendererMissing:
        return spread(model.worlds)


def _names_its_facts(name: str, facts: list[str]) -> bool:
    """Whether ``name`` is the set of ``facts``, as ``{m1, m2}`` or ``{}``.

    Examples
    --------
    >>> _names_its_facts("{m2, m1}", ["m1", "m2"]), _names_its_facts("{}", []), _names_its_facts("w", ["w"])
    (True, True, False)
    """
    if not (name.startswith("{") and name.endswith("}")):
        return False
    return sorted(part.strip() for part in name[1:-1].split(",") if part.strip()) == sorted(facts)


def _spacing(model: KripkeModel, fact_label: Callable, world_label: Callable) -> float:
    """The distance between neighbouring worlds on a cube: wide enough for the widest world's label."""
    widest = max((max(len(str(world_label(w))), min(22, len(", ".join(shown_facts(model, w, fact_label)))))
                  for w in model.worlds), default=0)
    # about 0.085 inch a character at 11 points, and a margin
    return max(SPACING, 0.085 * widest + 0.55)


def _legend(model: KripkeModel, drawn: list[Link], lines, truth, claim: str, removed: bool,
            chained: bool) -> list[tuple[str, str]]:
    rows = []
    # only the lines the picture draws: an agent without one is said to have none
    linked = {agent for link in drawn if not link.removed for agent in link.agents}
    s5 = [a for a in ordered_agents(model) if model.is_equivalence(a) and a in linked]
    if lines is not None:
        for agent, line in lines.items():  # in ordered_agents' order
            if agent in linked:
                what = ("cannot tell the linked worlds apart" if agent in s5
                        else "arrow w → v: at w, considers v possible")
                rows.append((line_sample(line), f"{agent}: {what}"))
    elif linked:
        rows.append(("<B>——</B>", "a line: the agents named cannot tell the two worlds apart; an arrow w → v: "
                                  "at w, the agents named consider v possible"))
    rows += [("", note) for note in legend_notes(model, drawn)]
    if s5:
        chains = ", and to each world a chain of its links reaches" if chained else ""
        rows.append(("", f"{_agents_text(s5)}: knowledge (S5), so each world is also linked to itself{chains}; "
                         f"no link, no doubt"))
    if isinstance(model, ProbabilisticModel):
        rows.append(("P_a 3/4", "under a world: the probability agent a gives it from the worlds where a "
                                "considers it possible (several where they differ; – where a has none)"))
    if model.actual:   # an SMCDEL file's structure, for one, has no actual world to point out
        rows.append((border_sample(1, double=True), "double outline: the actual world"))
    if truth is not None:
        rows.append((swatch_cell(Swatch(TRUE_FILL)), f"{claim} is true there"))
        rows.append((swatch_cell(Swatch(FALSE_FILL)), f"{claim} is false there"))
    if removed:
        rows.append((f'<TABLE BORDER="1" STYLE="dashed" COLOR="{REMOVED}" CELLBORDER="0" CELLPADDING="0"><TR>'
                     f'<TD WIDTH="28" HEIGHT="14"> </TD></TR></TABLE>',
                     "grey and dashed: removed by the announcements so far"))
    return rows


def _agents_text(agents) -> str:
    return agent_names(a.name for a in agents)
