"""Reports of a pirate game: the seed's tables as text, and stable JSON."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from types import GeneratorType
from typing import TYPE_CHECKING, TextIO

from epistemic import Agent, Announcement, Knowledge
from epistemic.wording import counted

from .division import DEAD, Division, by_rank, pirate_name, promise_in, rank_of
from .game import KnowledgeGroup, PirateGame, PirateGameError, Play, Round
from .predict import OfferSource, Prediction
from .runs import array_pieces, division_pieces, merge_pieces, rank_runs_text, runs_of
from .wording import coins_text, division_text, names_text, yes_votes_text

if TYPE_CHECKING:
    import numpy as np

__all__ = ["knowledge_heading", "format_header", "format_table", "format_offers", "format_round", "format_play", "format_report",
           "dag_line", "full_tables_bytes", "detail_json_bytes", "check_report_size", "to_json", "write_json"]

#: Rounds with more living pirates than this are summarized rather than listed voter by voter.
VOTER_LINES = 24
#: Games with more pirates than this print no tables unless asked.
TABLE_PIRATES = 12
#: Tables of more pirates than this show their first and last rows and columns unless asked in full.
TABLE_EXCERPT = 20
#: The first and the last rows (and columns) of a table excerpt.
TABLE_HEAD, TABLE_TAIL = 8, 4
#: Plays of more rounds than this show their first and last rounds unless asked in full (as tables do).
ROUND_EXCERPT = 20
#: The most a report may write: the per-pirate JSON of ``--json-detail``, or tables printed whole.
MAX_REPORT_BYTES = 256 * 2 ** 20


def knowledge_heading(knowledge: Knowledge) -> str:
    """The promises a knowledge holds, briefly.

    >>> knowledge_heading(Knowledge.of([]))
    'no promise'
    """
    if not len(knowledge):
        return "no promise"
    parts = []
    for a in sorted(knowledge.announcements, key=lambda a: promise_in(a).maker):
        parts.append(f"{a.speaker}'s promise {' '.join(map(str, promise_in(a).division.row()))}"
                     + ("" if a.audience is None else " (" + _audience(a.audience) + ")"))
    return "; ".join(parts)


def _audience(audience: Iterable[Agent]) -> str:
    """Who heard a promise, the short way however many did: "told p2-p5"."""
    return "told " + names_text(rank_of(x) for x in audience)


def _payoff(value: int) -> str:
    return "dies" if value == DEAD else str(value)


def _vote(p: Prediction, rank: int, yes: bool) -> str:
    return "abstains" if not p.votes(rank) else "yes" if yes else "no"


def format_table(game: PirateGame, knowledge: Knowledge, full: bool = False) -> str:
    """The predicted offers with 1 to n pirates left, as the seed's tables.

    Row ``k`` is the game with the ``k`` lowest-ranked pirates; columns run
    from the lowest-ranked pirate, and the proposer sits on the diagonal.
    A game of more than :data:`TABLE_EXCERPT` pirates shows its first and
    last rows and columns only, unless ``full``.

    >>> print(format_table(PirateGame(3, 3), Knowledge.of([])))
             p3 p2 p1
    1 left |  3
    2 left |  0  3
    3 left |  1  0  2
    >>> format_table(PirateGame(30, 3), Knowledge.of([])).splitlines()[9]
    '... 18 more rows'
    """
    return format_offers([p.offer for p in reversed(game.table_predictions(knowledge))], full)


def format_offers(offers: list[Division], full: bool = False) -> str:
    """A table of offers, as :func:`format_table`: ``offers[k - 1]`` is the
    offer with ``k`` pirates left."""
    n = offers[-1].last
    cut = not full and n > TABLE_EXCERPT
    # None marks the rows and columns left out
    rows = [*range(1, TABLE_HEAD + 1), None, *range(n - TABLE_TAIL + 1, n + 1)] if cut else list(range(1, n + 1))
    columns = [*range(TABLE_HEAD), None, *range(n - TABLE_TAIL, n)] if cut else list(range(n))

    def cells(k: int) -> list[str]:
        d = offers[k - 1]  # column j is pirate n - j; a row of k pirates has k columns
        return ["..." if j is None else str(d.share(n - j)) for j in columns if (j if j is not None else TABLE_HEAD) < k]
    shown = {k: cells(k) for k in rows if k is not None}
    width = max(len(pirate_name(n)), max(len(c) for row in shown.values() for c in row))
    label_w = len(f"{n} left")
    head = " " * (label_w + 3) + " ".join(f"{'...' if j is None else pirate_name(n - j):>{width}}" for j in columns)
    lines = [head]
    for k in rows:
        if k is None:
            lines.append(f"... {n - TABLE_HEAD - TABLE_TAIL} more rows")
        else:
            lines.append(f"{f'{k} left':>{label_w}} | " + " ".join(f"{c:>{width}}" for c in shown[k]))
    return "\n".join(lines)


def format_round(rnd: Round) -> str:
    p = rnd.prediction
    living = p.pirates - p.round + 1
    lines = [f"Round {p.round}: {pirate_name(p.round)} proposes {division_text(p.offer)}"
             + ("  (his promise)" if rnd.source is OfferSource.PROMISE else "")]
    if living <= VOTER_LINES:
        lines.append("  pirate  offered  expects  vote")
        for rank, offered, expected, yes in rnd.voters():
            lines.append(f"  {pirate_name(rank):<7} {offered:>7}  {_payoff(expected):>7}  {_vote(p, rank, yes)}")
    verdict = "accepted" if p.accepted else f"rejected: {pirate_name(p.round)} is thrown overboard"
    lines.append(f"  {yes_votes_text(p.yes, p.rules.voters(living))}, {p.needed} needed: {verdict}")
    return "\n".join(lines)


def format_play(play: Play, all_rounds: bool = False) -> str:
    """The rounds played and the outcome.  A play of more than
    :data:`ROUND_EXCERPT` rounds shows its first :data:`TABLE_HEAD` and last
    :data:`TABLE_TAIL` rounds, and says in one line what the rest did (each
    of those offers failed: only the last round's passes), unless
    ``all_rounds``.

    >>> lines = format_play(PirateGame(300, 100).play()).splitlines()
    >>> lines[16]
    '... 25 more rounds, 9 to 33: each offer rejected, p9-p33 thrown overboard one after another (--all-rounds prints every round)'
    """
    rounds = play.rounds
    cut = not all_rounds and len(rounds) > ROUND_EXCERPT
    # every round is made when read, and let go once written: a play of half a million rounds is never held whole
    shown = [*rounds[:TABLE_HEAD], None, *rounds[-TABLE_TAIL:]] if cut else rounds
    lines = [_left_out(rounds[TABLE_HEAD].number, rounds[-TABLE_TAIL - 1].number) if r is None else format_round(r)
             for r in shown]
    dead = play.deaths
    overboard = names_text(dead) if dead else "nobody"
    lines.append(f"Outcome: {division_text(play.outcome)}; thrown overboard: {overboard}")
    return "\n".join(lines)


def _left_out(first: int, last: int) -> str:
    """The line that stands for rounds ``first`` to ``last``, all rejected."""
    return (f"... {last - first + 1:,} more rounds, {first:,} to {last:,}: each offer rejected, "
            f"{names_text(range(first, last + 1))} thrown overboard one after another "
            f"(--all-rounds prints every round)")


def format_header(game: PirateGame) -> str:
    """The game in a few lines: pirates, coins, tie rule, rules and promises."""
    lines = [f"Pirate game: {game.pirates} pirates, {coins_text(game.coins)}; "
             f"equally cheap voters are bought {game.tie_rule.value}-ranked first."]
    if game.rules.changes():
        lines.append(f"Rules: {game.rules}.")
    if game.announcements:
        lines.append("Promises (shares lowest-ranked pirate first, the maker last):")
        for a in sorted(game.announcements, key=lambda a: promise_in(a).maker):
            lines.append(f"  {a.speaker}: {' '.join(map(str, promise_in(a).division.row()))}"
                         + ("  (public)" if a.audience is None else f"  ({_audience(a.audience)})"))
    else:
        lines.append("No promises.")
    return "\n".join(lines)


def format_report(game: PirateGame, tables: bool | None = None, full_tables: bool = False,
                  all_rounds: bool = False) -> str:
    """The default view: the announcements, the play round by round, and one
    table per knowledge group (for small games, or when ``tables``), large
    tables as excerpts unless ``full_tables``, long plays as excerpts unless
    ``all_rounds``."""
    lines = [format_header(game), ""]
    play = game.play()
    lines.append(format_play(play, all_rounds))
    if tables is None:
        tables = game.pirates <= TABLE_PIRATES
    if tables:
        lines.append("")
        lines.append("Predicted offers on each knowledge (row k: k pirates left; lowest-ranked pirate first)")
        for group in game.knowledge_groups():
            lines.append("")
            lines.append(f"Knowledge of {group.label}: {knowledge_heading(group.knowledge)}")
            lines.append(format_table(game, group.knowledge, full_tables))
    lines.append("")
    lines.append(dag_line(game, tables))
    return "\n".join(lines)


def dag_line(game: PirateGame, tables: bool = False) -> str:
    """How many predictions the play rests on: the number the picture of
    the prediction DAG counts, whatever else was solved (for pictures, or
    questions asked on other knowledge); with ``tables``, also those the
    knowledge groups' tables rest on.

    >>> dag_line(PirateGame(6, 3))
    'Prediction DAG: 6 predictions behind the play.'
    """
    play = game.play_predictions()
    line = f"Prediction DAG: {counted(play, 'prediction')} behind the play"
    if tables:
        with_tables = game.play_predictions(tables=True)
        if with_tables != play:
            line += f", {with_tables:,} with those behind the tables"
    return line + "."


# Sizes ---------------------------------------------------------------------------
def full_tables_bytes(game: PirateGame) -> int:
    """At most how many characters the tables take when printed whole
    (``--full-tables``): a table of ``n`` rows and up to ``n`` shares per
    knowledge group, each share as wide as the widest pirate's name or the
    number of coins.  Read off the input, before anything is solved.

    >>> full_tables_bytes(PirateGame(20_000, 100)) // 2 ** 20
    1335
    """
    n = game.pirates
    width = max(len(pirate_name(n)), len(str(game.coins))) + 1
    label = len(f"{n} left") + 4
    table = (n + 1) * label + n * (n + 1) // 2 * width + n * width
    headings = sum(_promise_chars(a, game) for a in game.announcements) + 100
    return len(game.knowledge_groups()) * (table + headings)


def detail_json_bytes(game: PirateGame, rounds: int = 1) -> int:
    """At most how many characters ``--json-detail`` writes when ``rounds``
    rounds are played: one entry per living pirate in every round (his
    share of the offer, and his vote as an object of four keys), one per
    share of the table (``n (n + 1) / 2`` shares), every value as wide as
    it can be.  With the default one round, the least it can be, read off
    the input before anything is solved.

    >>> detail_json_bytes(PirateGame(20_000, 100)) // 2 ** 20
    2484
    """
    n, name, digits = game.pirates, len(pirate_name(game.pirates)), len(str(game.coins))
    voter = 120 + name + digits + max(digits, 2)  # {"pirate", "offered", "expects", "vote": "abstains"}, indented
    share = 14 + name + digits  # "pK": coins, in an offer or the outcome
    living = rounds * n - rounds * (rounds - 1) // 2
    table = n * (n + 1) // 2 * (10 + digits) + n * 20
    groups = len(game.knowledge_groups())
    promises = sum(_promise_chars(a, game) for a in game.announcements) * (2 + groups)
    return living * (voter + share) + rounds * (250 + 4 * name) + table + n * (share + 2 * (10 + name)) \
        + promises + 1_000


def _promise_chars(a: Announcement, game: PirateGame) -> int:
    """At most how many characters a promise takes, written out with its hearers."""
    heard = game.pirates if a.audience is None else len(a.audience)
    return promise_in(a).division.size * (10 + len(str(game.coins))) + heard * (10 + len(pirate_name(game.pirates))) \
        + 100


def check_report_size(game: PirateGame, detail: bool = False, full_tables: bool = False, rounds: int = 1) -> None:
    """Refuse a report that would pass :data:`MAX_REPORT_BYTES`: the JSON of
    ``detail`` when ``rounds`` rounds are played (one, the least, before the
    play is solved), or the tables printed whole.

    >>> check_report_size(PirateGame(20_000, 100), detail=True)
    Traceback (most recent call last):
    ...
    epistemic.models.pirates.game.PirateGameError: --json-detail would write about 2,484 MiB for 20,000 pirates (an entry per living pirate in every round played and per share of the table), more than the 256 MiB a report may be: use --json, which writes pirates who get alike as runs
    """
    limit = MAX_REPORT_BYTES // 2 ** 20
    if detail:
        size = detail_json_bytes(game, rounds)
        if size > MAX_REPORT_BYTES:
            raise PirateGameError(f"--json-detail would write about {size // 2 ** 20:,} MiB for {game.pirates:,} "
                                  f"pirates (an entry per living pirate in every round played and per share of the "
                                  f"table), more than the {limit} MiB a report may be: use --json, which writes "
                                  f"pirates who get alike as runs")
    if full_tables:
        size = full_tables_bytes(game)
        if size > MAX_REPORT_BYTES:
            tables = len(game.knowledge_groups())
            raise PirateGameError(f"--full-tables would print up to {size // 2 ** 20:,} MiB "
                                  f"({counted(tables, 'table')} of {game.pirates:,} rows), more than the "
                                  f"{limit} MiB a report may be: drop it for tables that show their first and last "
                                  f"rows and columns, or use --json")


# JSON ----------------------------------------------------------------------------
def _announcement_json(a: Announcement) -> dict:
    return {
        "maker": str(a.speaker),
        "division": list(promise_in(a).division.row()),
        "audience": "public" if a.audience is None else [str(x) for x in by_rank(a.audience)],
    }


def _division_json(d: Division) -> dict:
    return {pirate_name(r): c for r, c in d.items()}


def _group_json(game: PirateGame, group: KnowledgeGroup, detail: bool) -> dict:
    return {
        "pirates": [pirate_name(r) for r in group.members] if detail else rank_runs_text(group.members),
        "knows": [_announcement_json(a) for a in sorted(group.knowledge.announcements,
                                                         key=lambda a: promise_in(a).maker)],
    }


def _round_json(r: Round) -> dict:
    return {
        "round": r.number,
        "proposer": pirate_name(r.proposer),
        "offer": _division_json(r.offer),
        "offer_source": r.source.value,
        "voters": [
            {"pirate": pirate_name(v), "offered": o, "expects": e, "vote": _vote(r.prediction, v, y)}
            for v, o, e, y in r.voters()
        ],
        "yes": r.prediction.yes,
        "needed": r.prediction.needed,
        "accepted": r.accepted,
    }


def _round_compact(r: Round, members: _Members) -> dict:
    """A round with its voters as columns of runs: ``expects`` and ``vote``
    say the value of every living pirate, proposer included, as ``offer``
    says what each is offered."""
    p = r.prediction
    first, last = p.round, p.pirates
    expects = _expectation_pieces(p, members)
    accepts = p.rules.accepts
    votes = merge_pieces(division_pieces(p.offer, first + 1, last), expects,
                         lambda offered, expected: "yes" if accepts(offered, expected) else "no")
    # the proposer expects death and is for his own offer, unless he does not vote
    expects.insert(0, (first, first, DEAD))
    votes.insert(0, (first, first, _vote(p, first, p.vote(first))))
    return {
        "round": r.number,
        "proposer": pirate_name(r.proposer),
        "offer": runs_of(division_pieces(p.offer, first, last)),
        "offer_source": r.source.value,
        "voters": {"pirates": rank_runs_text(range(first, last + 1)), "expects": runs_of(expects),
                   "vote": runs_of(votes)},
        "yes": p.yes,
        "needed": p.needed,
        "accepted": r.accepted,
    }


class _Members:
    """Voters' ranks as arrays, each class of pirates converted once."""

    def __init__(self) -> None:
        self._arrays: dict[int, tuple[tuple[int, ...], np.ndarray]] = {}

    def of(self, ranks: tuple[int, ...]) -> np.ndarray:
        # the classes' rank tuples are shared by every prediction: known by identity, held so it stays theirs
        hit = self._arrays.get(id(ranks))
        if hit is None:
            import numpy as np  # here: the detailed JSON needs it, the report does not

            hit = self._arrays[id(ranks)] = (ranks, np.asarray(ranks, dtype=np.int64))
        return hit[1]


def _expectation_pieces(p: Prediction, members: _Members) -> list:
    """Pieces of what each voter of ``p`` expects from the next round."""
    first, last = p.round + 1, p.pirates
    if first > last:
        return []
    if len(p.views) == 1 and len(p.views[0]) == last - first + 1:
        # one view for all voters (no private promise divides them): read off the division
        outcome = p.views[0].outcome
        dead = [(first, outcome.first - 1, DEAD)] if outcome.first > first else []
        return dead + division_pieces(outcome, max(first, outcome.first), last)
    import numpy as np  # here: the detailed JSON needs it, the report does not

    expects = np.zeros(last - first + 1, dtype=np.int64)
    for view in p.views:
        d = view.outcome
        for ranks, lo in view.slices:
            voters = members.of(ranks)[lo:]
            expects[voters - first] = np.where(voters < d.first, DEAD, 0)
        for rank, coins in zip(d.ranks, d.amounts):
            if rank >= first and rank in view:
                expects[rank - first] = coins
    return array_pieces(first, expects)


def _json_fields(game: PirateGame, knowledge_of: int, detail: bool = False):
    """The JSON object's ``(key, value)`` pairs.  The rounds and the table's
    rows are generators: a game of thousands of pirates has millions of votes,
    and a writer can stream them.  Every prediction they need is solved before
    the first pair is yielded.  Without ``detail``, every value per pirate is
    written as runs (see :mod:`~epistemic.models.pirates.runs`)."""
    play = game.play()
    knowledge = game.knowledge_of(knowledge_of)
    game.table_predictions(knowledge)
    by_maker = lambda a: promise_in(a).maker  # noqa: E731
    members = _Members()
    yield "format", "detail" if detail else "compact"
    yield "pirates", game.pirates
    yield "coins", game.coins
    yield "tie_rule", game.tie_rule.value
    yield "rules", game.rules.to_dict()
    yield "announcements", [_announcement_json(a) for a in sorted(game.announcements, key=by_maker)]
    yield "rounds", (_round_json(r) if detail else _round_compact(r, members) for r in play.rounds)
    outcome = play.outcome
    yield "outcome", {
        "decided_round": outcome.first,
        "shares": _division_json(outcome) if detail else runs_of(division_pieces(outcome, outcome.first,
                                                                                   outcome.last)),
        "overboard": [pirate_name(r) for r in play.deaths] if detail else rank_runs_text(play.deaths),
    }
    yield "table", {
        "knowledge_of": pirate_name(knowledge_of),
        "knows": [_announcement_json(a) for a in sorted(knowledge.announcements, key=by_maker)],
        "rows": (list(p.offer.row()) if detail else runs_of(division_pieces(p.offer, p.offer.first, p.offer.last))
                 for p in reversed(game.table_predictions(knowledge))),
    }
    yield "knowledge_groups", [_group_json(game, g, detail) for g in game.knowledge_groups()]
    yield "dag_nodes", game.dag_nodes()


def _materialize(value):
    if isinstance(value, dict):
        return {k: _materialize(v) for k, v in value.items()}
    if isinstance(value, GeneratorType):
        return [_materialize(v) for v in value]
    return value


def to_json(game: PirateGame, knowledge_of: int = 1, detail: bool = False) -> dict:
    """The game as a JSON-ready dict; the keys are documented in ``docs/cli.md``.
    Values per pirate are runs, or with ``detail`` one entry per pirate."""
    return {key: _materialize(value) for key, value in _json_fields(game, knowledge_of, detail)}


def write_json(game: PirateGame, out: TextIO, knowledge_of: int = 1, extra: dict | None = None,
               detail: bool = False) -> None:
    """Write :func:`to_json` (plus ``extra`` keys) to ``out`` as indented JSON,
    a round at a time, so that memory stays small however large the game."""
    fields = list(_json_fields(game, knowledge_of, detail)) + list((extra or {}).items())
    buffer: list[str] = []
    for chunk in _chunks(dict(fields), 0):
        buffer.append(chunk)
        if len(buffer) >= 4096:
            out.write("".join(buffer))
            buffer.clear()
    buffer.append("\n")
    out.write("".join(buffer))


def _chunks(value, level: int) -> Iterator[str]:
    """Indented JSON text of ``value`` in pieces; generators are streamed."""
    pad = "  " * level
    if isinstance(value, dict) and any(isinstance(v, (dict, GeneratorType)) for v in value.values()):
        yield "{"
        for i, (key, item) in enumerate(value.items()):
            yield ("," if i else "") + "\n" + pad + "  " + json.dumps(key) + ": "
            yield from _chunks(item, level + 1)
        yield "\n" + pad + "}"
    elif isinstance(value, GeneratorType):
        yield "["
        empty = True
        for i, item in enumerate(value):
            empty = False
            yield ("," if i else "") + "\n" + pad + "  "
            yield from _chunks(item, level + 1)
        yield "]" if empty else "\n" + pad + "]"
    else:
        yield json.dumps(value, indent=2).replace("\n", "\n" + pad)
