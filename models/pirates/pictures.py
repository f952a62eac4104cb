"""Pictures of a pirate game: who knows which promise, why a pirate votes,
offers or dies, and the prediction DAG behind the play.

Every picture of one game colours a knowledge the same way, through
:func:`game_palette`: the knowledge states the game's predictions are made
on, fewest promises first.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator

from epistemic import Announcement, Knowledge, KripkeModel, Reason
from epistemic.visualize import MAX_NODES, Palette, Picture, PictureError, dag_picture, knowledge_table, kripke_picture
from epistemic.validators import one_of
from epistemic.visualize import LABEL_STYLES, reason_picture, round_files
from epistemic.visualize.reasons import MAX_WIDTH
from epistemic.visualize.style import FILLS
from epistemic.wording import counted, noun

from .division import Promise, pirate_name, promise_in, rank_of, rank_runs
from .explain import DEPTH, ReasonKind, tracing_specs
from .questions import parse_why
from .learning import LearnedPlay
from .game import PirateGame, PirateGameError
from .predict import OfferSource, node_key
from .why_summary import why_summary_hooks
from .wording import coins_text, division_text, knowledge_label, names_text, promise_text

__all__ = ["game_palette", "why_picture", "prediction_dag_picture", "knowledge_picture",
           "kripke_model_picture", "promise_text", "group_label", "learning_rounds", "learning_drawings",
           "learning_drawing_options"]


#: How many knowledge states get a swatch of their own (six fills, three borders).
DISTINCT_SWATCHES = len(FILLS) * 3


def _makers(knowledge: Knowledge) -> tuple[int, ...]:
    return tuple(sorted(a.content.maker for a in knowledge.announcements if isinstance(a.content, Promise)))


def group_label(knowledge: Knowledge) -> str:
    """The name of a knowledge state in pictures: :func:`knowledge_label`,
    except that long lists of makers are never cut, so that two states
    never share a name (nor, through it, a colour or a frame).

    Examples
    --------
    >>> from epistemic.models.pirates import promise
    >>> group_label(Knowledge.of([promise(20, m, [0] * (20 - m) + [5]) for m in (2, 5, 8, 11, 14, 17, 20)]))
    'knows the promises of p2, p5, p8, p11, p14, p17 and p20'
    """
    makers = _makers(knowledge)
    if len(makers) <= 4:
        return knowledge_label(knowledge)
    runs = [pirate_name(a) if a == b else f"{pirate_name(a)}-{pirate_name(b)}" for a, b in rank_runs(makers)]
    listed = runs[0] if len(runs) == 1 else f"{', '.join(runs[:-1])} and {runs[-1]}"
    return f"knows the promises of {listed}"


def _sorted_labels(knowledge: Iterable[Knowledge]) -> list[str]:
    ranked = {group_label(k): (len(_makers(k)), _makers(k)) for k in knowledge}
    return sorted(ranked, key=ranked.__getitem__)


def game_palette(game: PirateGame) -> Palette:
    """The colours of the knowledge states of ``game``: every state a
    prediction of the play or of a knowledge group's table is made on,
    fewest promises first.

    A game of more states than there are distinct swatches (18) gives them
    first to what its pictures show most: the play's knowledge, then the
    pirates' own knowledge, the states most pirates hold first.

    Examples
    --------
    >>> from epistemic.models.pirates import promise
    >>> game = PirateGame(5, 3, [promise(5, 2, [1, 1, 0, 1], hearers=[3, 4, 5])])
    >>> game_palette(game).groups
    ('knows no promise', "knows p2's promise")
    """
    solver = game.solver
    roots = [solver.key(r.number, game.everything) for r in game.play().rounds]
    for group in game.knowledge_groups():
        roots += [(p.round, p.knowledge) for p in game.table_predictions(group.knowledge)]
    labels = _sorted_labels(knowledge for _, knowledge in solver.dag.reachable(roots))
    if len(labels) <= DISTINCT_SWATCHES:
        return Palette(labels)
    held = sorted(game.knowledge_groups(), key=lambda g: -len(g.members))
    first = [group_label(game.everything)] + [group_label(g.knowledge) for g in held]
    return Palette(first + labels)


def _palette_for(game: PirateGame, knowledge: Iterable[Knowledge]) -> Palette:
    palette = game_palette(game)
    return palette.extended(label for label in _sorted_labels(knowledge) if label not in palette)


def _fact_text(fact: Hashable) -> str:
    """A fact of the game's Kripke model: a subgroup promise made.  A public promise, in every
    world, is named once, in the title (:func:`_everywhere`), so that a world greyed out never
    reads as if that promise were ruled out."""
    if not isinstance(fact, Announcement):
        raise PirateGameError(f"the facts of a pirate game's Kripke model are promises, got {fact!r}")
    return "" if fact.is_public else promise_text(fact)


def _public(model: KripkeModel) -> list[Announcement]:
    """The public promises of a game's Kripke model: in every world."""
    return sorted((a for a in model.facts(model.worlds[0]) if isinstance(a, Announcement) and a.is_public),
                  key=lambda a: promise_in(a).maker)


def _no_promise(model: KripkeModel) -> str:
    """What a world of no subgroup promise says."""
    public = len(_public(model))
    return f"no promise but the public {noun(public, 'one', 'ones')}" if public else "no promise made"


def _everywhere(model: KripkeModel) -> str:
    """The end of a picture's title naming the public promises, in every world."""
    public = _public(model)
    return f"; in every world: {'; '.join(promise_text(a) for a in public)}" if public else ""


def why_picture(game: PirateGame, questions: str | Reason | Iterable[str | Reason], *,
                depth: int | None = DEPTH, label_style: str = "full") -> Picture:
    """The reasoning behind one or more decisions, drawn as a graph.

    Questions are those :func:`~epistemic.models.pirates.questions.parse_why` reads
    ("p5 vote round 1", "offer round 2", "p1 overboard") or ready-made
    :class:`~epistemic.Reason` trees.  Boxes are coloured by the knowledge
    the reasoning is made on; a box where a voter expects otherwise than a
    proposer who knows less thinks gets a dark double border.  A large
    explanation is summarized: voters who vote (or expect) alike for the
    same numbers share one box whatever they know, the same claim made on
    several knowledge states is one box, and long chains of rounds are cut
    (see :func:`~epistemic.visualize.reason_picture`).  ``label_style``
    ``"compact"`` cuts each claim to its first clause, for print.

    Examples
    --------
    >>> from epistemic.models.pirates import promise
    >>> game = PirateGame(5, 3, [promise(5, 2, [1, 1, 0, 1], hearers=[3, 4, 5])])
    >>> dot = why_picture(game, "p5 vote round 1", depth=3).source
    >>> "p5 votes no in round 1" in dot, "offered 1 · expects 1" in dot
    (True, True)
    """
    if isinstance(questions, (str, Reason)):
        questions = [questions]
    trees, headings = [], []
    with tracing_specs() as specs:
        for q in questions:
            if isinstance(q, Reason):
                trees.append(q)
                headings.append(_heading(q))
            elif isinstance(q, str):
                question = parse_why(q, game)
                trees.append(question.answer(game, depth))
                headings.append(_heading(trees[-1], question.knower))
            else:
                raise PirateGameError(f"a question is text or a Reason, got {type(q).__name__}")
    if not trees:
        raise PirateGameError("why_picture needs at least one question")
    seen = {k for _, r in _distinct(trees) if (k := _knowledge_key(r)) is not None}
    hooks = why_summary_hooks(game, specs)
    return reason_picture(trees, group=_reason_group, palette=_palette_for(game, seen), title="\n".join(headings),
                          marked=lambda r: r.kind is ReasonKind.DIFFER,
                          marked_note="a voter expects otherwise than the proposer, who knows less, thinks",
                          label_style=label_style, alike=hooks["alike"], merged_claim=hooks["merged_claim"],
                          chain_note=hooks["chain_note"], max_width=MAX_WIDTH)


def _distinct(trees: list[Reason]) -> Iterator[tuple[int, Reason]]:
    """Each reason object of ``trees`` once, however many claims share it."""
    seen: set[int] = set()
    stack = list(trees)
    while stack:
        reason = stack.pop()
        if id(reason) not in seen:
            seen.add(id(reason))
            yield 0, reason
            stack.extend(reason.because)


def _knowledge_key(reason: Reason) -> Knowledge | None:
    key = reason.key
    return key[1] if isinstance(key, tuple) and len(key) == 2 and isinstance(key[1], Knowledge) else None


def _reason_group(reason: Reason) -> str | None:
    knowledge = _knowledge_key(reason)
    return reason.knowledge if knowledge is None else group_label(knowledge)


def _heading(tree: Reason, knower: int | None = None) -> str:
    """The question a tree answers, from its claim: "Why p5 votes no in round 1?"."""
    head = tree.claim.split(": ")[0].split(", so ")[0]
    if len(head) > 90:
        head = head[:87].rsplit(" ", 1)[0] + " ..."
    return f"Why {head}?" + (f" (as {pirate_name(knower)} predicts it)" if knower is not None else "")


def prediction_dag_picture(game: PirateGame, knowledge: Knowledge | None = None, *,
                           max_nodes: int = MAX_NODES, label_style: str = "full") -> Picture:
    """The predictions behind the play (or behind ``knowledge``'s table),
    framed and coloured by the knowledge they are made on.

    A game with more than ``max_nodes`` predictions is summarized: a chain
    of predictions on one knowledge becomes one box; with more knowledge
    states than boxes, one box per number of promises known (per range of
    numbers, when even those are too many).  ``label_style="compact"``
    writes each prediction in two lines, for print.

    Examples
    --------
    >>> dot = prediction_dag_picture(PirateGame(1000, 100)).source
    >>> "1,000 predictions summarized" in dot, "rounds 2-999" in dot
    (True, True)
    """
    compact = one_of(label_style, LABEL_STYLES, "label style", error=PirateGameError) == "compact"
    graph = game.prediction_graph(knowledge)
    palette = _palette_for(game, (k for _, k in graph.nodes))
    labels = {k: group_label(k) for k in {k for _, k in graph.nodes}}
    states = {label: k for k, label in labels.items()}
    # keyed by the group, which is all dag_picture knows coarse() is given
    promises: dict[Hashable, int] = {label: len(_makers(k)) for k, label in labels.items()}
    # numbers of promises known, in ranges when there are more of them than fills, so no two classes look alike
    ranges = _ranges(sorted(set(promises.values())), min(len(FILLS), max_nodes))
    lowest: dict[Hashable, int] = {_promises_known(*r): r[0] for r in ranges.values()}

    def label(node):
        p = graph.nodes[node]["value"]
        name = pirate_name(p.round)
        source = {OfferSource.PROMISE: "as he promised", OfferSource.ALONE: "alone",
                  OfferSource.OPTIMIZED: "buying the cheapest votes",
                  OfferSource.PROPOSER: f"as {name} himself predicts"}[p.source]
        end = "accepted" if p.accepted else f"rejected: {name} thrown overboard"
        if compact:
            return [f"round {p.round}: {name} offers", division_text(p.offer)], [("yes", p.yes), ("needed", p.needed)]
        return [f"round {p.round}: {name} offers", division_text(p.offer), source, end], \
            [("yes", p.yes), ("needed", p.needed)]

    def run_label(nodes):
        predictions = [graph.nodes[n]["value"] for n in nodes]
        rounds = sorted({p.round for p in predictions})
        first, last = rounds[0], rounds[-1]
        span = (f"round {first}" if first == last else f"rounds {first}-{last}"
                if rounds == list(range(first, last + 1)) else f"{counted(len(rounds), 'round')} from {first} to {last}")
        rejected = sorted({p.round for p in predictions if not p.accepted})
        if not rejected:
            end = "every offer accepted"
        elif all(not p.accepted for p in predictions):
            end = f"every offer rejected: {names_text(rejected)} thrown overboard"
        else:
            end = f"offers of {names_text(rejected)} rejected"
        return [span, counted(len(nodes), "prediction"), end], []

    def edge_label(u, v, data):
        kind = data.get("label")
        if isinstance(kind, tuple):
            return "voters predict"
        return {"offer": "proposer predicts", "outcome": "if rejected"}.get(kind)

    title = (f"Predictions of the play of {game.pirates:,} pirates and {coins_text(game.coins)}" if knowledge is None
             else f"Predictions of the table of a pirate who {knowledge_label(knowledge)}")
    return dag_picture(graph, label=label, group=lambda n: labels[node_key(n)[1]], run_label=run_label,
                       edge_label=edge_label,
                       order=lambda n: (node_key(n)[0], palette.groups.index(labels[node_key(n)[1]])),
                       palette=palette, max_nodes=max_nodes, title=title, what="predictions",
                       coarse=lambda label: _promises_known(*ranges[promises[label]]), class_order=lambda c: lowest[c],
                       class_lines=lambda groups: _states_lines([states[g] for g in groups]),
                       arrow_note="the prediction rests on the one it points to")


def _ranges(counts: list[int], most: int) -> dict[int, tuple[int, int]]:
    """Each of the sorted ``counts`` mapped to its range ``(low, high)``:
    itself, or, when there are more counts than ``most``, one of ``most``
    ranges of consecutive counts, as even as can be.

    >>> _ranges([0, 1, 2], 6)[2]
    (2, 2)
    >>> sorted(set(_ranges([0, 1, 2, 3, 4, 5, 6, 8], 6).values()))
    [(0, 0), (1, 1), (2, 3), (4, 4), (5, 5), (6, 8)]
    """
    parts = min(most, len(counts))
    bounds = [len(counts) * i // parts for i in range(parts + 1)]
    return {counts[i]: (counts[a], counts[b - 1]) for a, b in zip(bounds, bounds[1:]) for i in range(a, b)}


def _promises_known(low: int, high: int) -> str:
    """The class of knowledge states of ``low`` to ``high`` promises.

    >>> _promises_known(0, 0), _promises_known(1, 1), _promises_known(4, 5)
    ('knows no promise', 'knows 1 promise', 'knows 4-5 promises')
    """
    if low != high:
        return f"knows {low}-{high} promises"
    return "knows no promise" if low == 0 else f"knows {counted(low, 'promise')}"


#: The most makers a box drawn by class names in a row; the others are counted.
_MAKERS_SHOWN = 6


def _makers_text(makers: Iterable[int]) -> str:
    """Promises by their makers, the short way: ``p280, p284 +2 more``."""
    runs = [pirate_name(a) if a == b else f"{pirate_name(a)}-{pirate_name(b)}" for a, b in rank_runs(sorted(makers))]
    if len(runs) > _MAKERS_SHOWN:
        return ", ".join(runs[:_MAKERS_SHOWN - 1]) + f" +{len(runs) - _MAKERS_SHOWN + 1} more"
    return ", ".join(runs)


def _states_lines(states: list[Knowledge]) -> list[str]:
    """Which promises the knowledge states of a box drawn by class hold,
    in two short lines at most: the makers all of them know, then the
    sets of makers each knows besides (three, then a count).

    >>> from epistemic.models.pirates import promise
    >>> made = {m: promise(9, m, [0] * (9 - m) + [1]) for m in (2, 3, 4, 5)}
    >>> _states_lines([Knowledge.of([made[2], made[3]])])
    ['on what p2 and p3 promised']
    >>> _states_lines([Knowledge.of([made[2], made[m]]) for m in (3, 4, 5)])
    ['on 3 knowledge states, all knowing p2', 'besides: {p3}, {p4} or {p5}']
    >>> _states_lines([Knowledge.of([]), Knowledge.of([made[2]]), Knowledge.of([made[3], made[5]]),
    ...                Knowledge.of([made[4]]), Knowledge.of([made[5]])])
    ['on 5 knowledge states, knowing', 'nothing, {p2}, {p4} or 2 more sets']
    """
    known = [frozenset(_makers(k)) for k in states]
    common = frozenset.intersection(*known)
    if len(known) == 1:
        return [f"on what {names_text(common)} promised" if common else "on no promise"]
    extra = sorted({k - common for k in known}, key=lambda k: (len(k), sorted(k)))
    besides = ["{" + _makers_text(k) + "}" if k else "nothing" for k in extra]
    more = len(besides) - 3
    shown = besides[:3] + ([counted(more, "more set")] if more > 0 else [])
    listed = f"{', '.join(shown[:-1])} or {shown[-1]}"
    if not common:
        return [f"on {len(known):,} knowledge states, knowing", listed]
    return [f"on {len(known):,} knowledge states, all knowing {_makers_text(common)}", f"besides: {listed}"]


def knowledge_picture(game: PirateGame, *, label_style: str = "full") -> Picture:
    """Pirates, grouped by what they know, against the promises made.

    A game of more than :data:`~epistemic.visualize.knowledge.MAX_ROWS`
    knowledge groups shows the first ones and a last row naming the pirates
    of the rest.  ``label_style="compact"`` heads each column with its
    maker and hearers alone, for print.

    Examples
    --------
    >>> from epistemic.models.pirates import promise
    >>> game = PirateGame(5, 3, [promise(5, 2, [1, 1, 0, 1], hearers=[3, 4, 5])])
    >>> dot = knowledge_picture(game).source
    >>> "p2 promises 1 1 0 1" in dot, "<B>p2-p5</B>" in dot
    (True, True)
    """
    groups = sorted(game.knowledge_groups(), key=lambda g: g.members[0])
    rows = [(names_text(g.members), g.knowledge) for g in groups]
    members = {names_text(g.members): g.members for g in groups}
    announcements = sorted(game.announcements, key=lambda a: promise_in(a).maker)
    compact = one_of(label_style, LABEL_STYLES, "label style", error=PirateGameError) == "compact"

    def more(left_out: list[tuple[str, Knowledge]]) -> str:
        ranks = [r for heading, _ in left_out for r in members[heading]]
        return (f"… and {counted(len(left_out), 'more knowledge group')}: {names_text(ranks)}"
                + ("" if "pirates)" in names_text(ranks) else f" ({len(ranks):,} pirates)"))

    return knowledge_table(announcements, rows, announcement_label=_short_promise if compact else promise_text,
                           group=group_label, palette=_palette_for(game, (g.knowledge for g in groups)),
                           corner="pirates", more=more,
                           title=f"Who knows which promise ({game.pirates:,} pirates, {coins_text(game.coins)})")


def _short_promise(announcement: Announcement) -> str:
    """A promise by its maker and hearers alone: "p2's promise to p2-p5"."""
    maker = pirate_name(promise_in(announcement).maker)
    if announcement.audience is None:
        return f"{maker}'s promise to everyone"
    return f"{maker}'s promise to {names_text(map(rank_of, announcement.audience))}"


def kripke_model_picture(game: PirateGame) -> Picture:
    """The game's Kripke model after its promises: each world is a set of
    promises made; a pirate who did not hear a promise believes the world
    without it.

    Examples
    --------
    >>> from epistemic.models.pirates import promise
    >>> game = PirateGame(5, 3, [promise(5, 2, [1, 1, 0, 1], hearers=[3, 4, 5])])
    >>> "p2 promises 1 1 0 1 to p2-p5" in kripke_model_picture(game).source
    True
    """
    model = game.kripke_model()
    try:
        return kripke_picture(model, fact_label=_fact_text, no_facts=_no_promise(model),
                              world_label=lambda w: f"world {w}",
                              title=f"What the pirates believe was promised ({game.pirates:,} pirates)"
                                    f"{_everywhere(model)}")
    except PictureError as err:
        raise PirateGameError(str(err)) from None


def learning_rounds(game: PirateGame, play: LearnedPlay) -> list[tuple[str, KripkeModel]]:
    """What the learning pirates consider possible before each round (and
    after the last), as ``(title, model)`` pages for
    :func:`~epistemic.visualize.round_files`: the worlds the votes
    removed are greyed on later pages.

    Examples
    --------
    >>> from epistemic.models.pirates import promise
    >>> from epistemic.models.pirates.learning import learn
    >>> game = PirateGame(5, 4, [promise(5, 4, [2, 2], hearers=[5])])
    >>> [(title[:40], len(model)) for title, model in learning_rounds(game, learn(game))]
    [('Before any vote: 2 worlds of promises (f', 2), ('After the votes of round 1: 1 world of p', 1), ('After the votes of round 2: 1 world of p', 1)]
    """
    pages = []
    for i, model in enumerate(play.models):
        n = len(model)
        when = "Before any vote" if i == 0 else f"After the votes of round {i}"
        pages.append((f"{when}: {counted(n, 'world')} of promises "
                      f"(fewer promises are more plausible){_everywhere(model.model)}", model.model))
    return pages


def learning_drawings(game: PirateGame, play: LearnedPlay, path: str, image_format: str,
                      renderer: str = "auto", dpi: int | None = None) -> list[tuple[str, bytes]]:
    """:func:`learning_rounds` rendered (see :func:`~epistemic.visualize.round_files`),
    drawn as :func:`learning_drawing_options` says."""
    try:
        return round_files(learning_rounds(game, play), path, image_format, renderer=renderer, dpi=dpi,
                           **learning_drawing_options(play))
    except PictureError as err:
        raise PirateGameError(str(err)) from None


def learning_drawing_options(play: LearnedPlay) -> dict:
    """How the rounds of a play with learning are drawn: worlds in rows by
    plausibility (the fewest promises on top), named by their promises,
    the most plausible worlds left filled."""
    first = play.models[0]
    number = {w: i for i, w in enumerate(first.worlds)}
    rows: dict[int, list] = {}
    for w in first.worlds:
        rows.setdefault(first.rank(w), []).append(w)
    # rows by rank, staggered so that links within a row do not run along one line
    placed = {w: (3.4 * i, -2.6 * y - (1.1 if i % 2 else 0.0))
              for y, rank in enumerate(sorted(rows)) for i, w in enumerate(rows[rank])}
    plausible = []
    for model in play.models:
        least = min(model.rank(w) for w in model.worlds)
        plausible.append([w for w in model.worlds if model.rank(w) == least])
    return dict(positions=placed, holds=plausible, claim="'among the most plausible worlds left'",
                fact_label=_fact_text, no_facts=_no_promise(first.model), world_label=lambda w: f"world {number[w]}")
