"""A pirate game: its pirates, coins and announcements, validated, and its play."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

import attrs

from epistemic import Announcement, EpistemicError, Knowledge
from epistemic.validators import instance_of, is_whole, validator, whole_number

from .division import Division, Pirate, Promise, as_pirate, pirate_name, rank_runs
from .predict import OfferSource, Prediction, TieRule
from .solver import PirateSolver
from .rules import Rules

if TYPE_CHECKING:
    from epistemic import KripkeModel

__all__ = ["PirateGame", "PirateGameError", "Round", "Play", "KnowledgeGroup", "promise", "check_promises",
           "check_rank"]


class PirateGameError(EpistemicError):
    """A pirate game was set up with bad input."""


def check_rank(rank, pirates: int) -> int:
    """``rank``, checked to be the rank of a pirate of a game of ``pirates``.

    >>> check_rank(6, 5)
    Traceback (most recent call last):
    ...
    epistemic.models.pirates.game.PirateGameError: unknown pirate p6: the pirates are p1 to p5
    """
    if not is_whole(rank) or not 1 <= rank <= pirates:
        shown = pirate_name(rank) if is_whole(rank) else repr(rank)
        raise PirateGameError(f"unknown pirate {shown}: the pirates are p1 to p{pirates}")
    return rank


def promise(game_pirates: int, maker: int, row: Iterable[int], hearers: Iterable[int] | None = None) -> Announcement:
    """The announcement "when I, ``p<maker>``, lead I divide as ``row``".

    ``row`` is written as the seed writes divisions, lowest-ranked pirate
    first.  ``hearers`` are the ranks of a subgroup (the maker is added), or
    ``None`` for a public promise.

    Examples
    --------
    >>> a = promise(5, 2, [1, 1, 0, 1], hearers=[3, 4, 5])
    >>> print(a)
    p2 to {p2, p3, p4, p5}: when p2 leads: p5:1 p4:1 p3:0 p2:1
    """
    check_rank(maker, game_pirates)
    row = list(row)
    if not all(is_whole(c) for c in row):
        raise PirateGameError(f"a promise is a list of whole numbers of coins, got {row!r}")
    try:
        content = Promise(Division.from_row(maker, game_pirates, row))
    except EpistemicError as e:
        raise PirateGameError(f"promise of {pirate_name(maker)}: {e}") from None
    speaker = Pirate(maker)
    if hearers is None:
        return Announcement(speaker, content)
    group = []
    for h in hearers:
        if not is_whole(h) or not 1 <= h <= game_pirates:
            raise PirateGameError(f"unknown pirate {h!r} in the subgroup of {pirate_name(maker)}'s promise")
        group.append(Pirate(h))
    return Announcement.private(speaker, content, group)


def check_promises(announcements: Iterable, pirates: int, coins: int) -> None:
    """Raise :class:`PirateGameError` unless ``announcements`` are promises that
    fit a game of ``pirates`` and ``coins``, at most one per pirate, made
    and heard by its pirates (:class:`Pirate` agents: a game takes a plain
    ``Agent("p3")`` as the pirate it names before it checks)."""
    makers = set()
    for a in announcements:
        if not isinstance(a, Announcement) or not isinstance(a.content, Promise):
            raise PirateGameError(f"pirates announce promises, got {a!r}")
        d = a.content.division
        maker = d.first
        if not 1 <= maker <= pirates or d.last != pirates:
            raise PirateGameError(f"{a.speaker}'s promise does not fit a game of {pirates} pirates")
        if a.speaker != Pirate(maker):
            raise PirateGameError(f"{a.speaker} cannot announce {pirate_name(maker)}'s promise")
        if not d.well_formed:
            raise PirateGameError(f"{a.speaker}'s promise must name living pirates ({pirate_name(maker)} to "
                                  f"{pirate_name(d.last)}) once each, in order of rank, with a share each "
                                  f"of no fewer than 0 coins (Division.from_shares builds one so)")
        if d.total != coins:
            raise PirateGameError(f"{a.speaker}'s promise divides {d.total} coins, but there are {coins}")
        if maker in makers:
            raise PirateGameError(f"{a.speaker} promises twice: a pirate makes one promise")
        makers.add(maker)
        for agent in (a.speaker, *(a.audience or ())):
            # the speaker is the maker, checked above; an Agent here names no pirate
            if not isinstance(agent, Pirate) or agent.rank > pirates:
                raise PirateGameError(f"unknown pirate {agent} in the subgroup of {a.speaker}'s promise")


@attrs.frozen
class Round:
    """One round as it was played: what the proposer offered and how each voter voted."""

    prediction: Prediction
    """The omniscient prediction of the round: each pirate acts on his own knowledge."""
    source: OfferSource
    """Why the proposer offers what he does by his own knowledge: ``OPTIMIZED``,
    ``PROMISE`` or ``ALONE`` (see :class:`Prediction`)."""

    @property
    def number(self) -> int:
        return self.prediction.round

    @property
    def proposer(self) -> int:
        return self.prediction.round

    @property
    def offer(self) -> Division:
        return self.prediction.offer

    @property
    def accepted(self) -> bool:
        return self.prediction.accepted

    def voters(self) -> list[tuple[int, int, int, bool]]:
        """``(rank, offered, expected, yes)`` for every living pirate, proposer first."""
        p = self.prediction
        return [(v, p.offer.share(v), p.expectation(v), p.vote(v)) for v in range(p.round, p.pirates + 1)]


class PlayedRounds(Sequence):
    """The rounds of a play, each made from the solver's predictions when
    asked for (a play of a million pirates has half a million rounds, and
    a report reads a few of them).  A sequence of :class:`Round`, equal to
    any sequence of the same rounds."""

    def __init__(self, game: PirateGame, count: int):
        self._game, self._count = game, count

    def __len__(self) -> int:
        return self._count

    def __getitem__(self, index):
        if isinstance(index, slice):
            return tuple(self._round(i + 1) for i in range(*index.indices(self._count)))
        if not -self._count <= index < self._count:
            raise IndexError(f"the play has {self._count} rounds")
        return self._round(index % self._count + 1)

    def __iter__(self) -> Iterator[Round]:
        return (self._round(r) for r in range(1, self._count + 1))

    def _round(self, number: int) -> Round:
        solver, everything = self._game.solver, self._game.everything
        p = solver.prediction(number, everything)
        own = p if p.source is not OfferSource.PROPOSER else solver.prediction(number, p.proposer_knowledge)
        return Round(p, own.source)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other))

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"PlayedRounds({self._count} rounds)"


@attrs.frozen
class Play:
    """The game as played, round by round, and how it ended."""

    rounds: Sequence[Round]
    """The rounds played, the last one's offer passed (a :class:`PlayedRounds`)."""
    outcome: Division

    @property
    def deaths(self) -> list[int]:
        """Ranks of the pirates thrown overboard."""
        return list(range(1, self.outcome.first))

    def payoff(self, rank: int) -> int:
        """Coins pirate ``rank`` ends with, :data:`DEAD` if thrown overboard."""
        return self.outcome.payoff(rank)


@attrs.frozen
class KnowledgeGroup:
    """Pirates who hold the same knowledge, and that knowledge."""

    members: tuple[int, ...]
    knowledge: Knowledge

    @property
    def label(self) -> str:
        return _members_label(self.members)


def _members_label(members) -> str:
    runs = [pirate_name(a) if a == b else f"{pirate_name(a)}-{pirate_name(b)}" for a, b in rank_runs(members)]
    return "{" + ", ".join(runs) + "}"


def _announcements(values: Iterable[Announcement]) -> tuple[Announcement, ...]:
    return tuple(_with_pirates(a) for a in values)


def _with_pirates(a: Announcement) -> Announcement:
    """``a`` with each of its agents as the pirate it names: an equal
    announcement whose agents carry their ranks."""
    if not isinstance(a, Announcement):
        return a  # check_promises names what it is
    if all(isinstance(x, Pirate) for x in (a.speaker, *(a.audience or ()))):
        return a
    audience = None if a.audience is None else frozenset(as_pirate(x) for x in a.audience)
    return attrs.evolve(a, speaker=as_pirate(a.speaker), audience=audience)


def _tie_rule(value: TieRule | str) -> TieRule:
    return TieRule.of(value, error=PirateGameError)


def _rules(value: Rules) -> Rules:
    if not isinstance(value, Rules):
        raise PirateGameError(f"the rules of the vote must be a Rules value, got {value!r}")
    return value


@attrs.frozen
class PirateGame:
    """A pirate game (Stewart 1999) with public and subgroup promises.

    ``pirates`` ranked pirates ``p1`` (highest) to ``pn`` share ``coins``.
    The highest-ranked living pirate proposes a division; it passes with
    half of the votes or more, the proposer's own included.  A voter says
    yes only when offered strictly more than he predicts for himself in
    the next round, and death is worse than any number of coins.  A pirate
    who promised a division proposes it when he leads.  ``rules`` changes
    the vote (see :class:`~epistemic.models.pirates.Rules`).

    Examples
    --------
    The seed's first subgroup story: p2 tells ``{p2, ..., p5}`` he will divide
    ``1 1 0 1``; p1 does not know and is thrown overboard.

    >>> game = PirateGame(5, 3, [promise(5, 2, [1, 1, 0, 1], hearers=[3, 4, 5])])
    >>> play = game.play()
    >>> play.deaths, play.outcome.row()
    ([1], (1, 1, 0, 1))

    When a tie vote fails, the last two pirates cannot both live:

    >>> PirateGame(2, 3, rules=Rules(majority="strict")).play().deaths
    [1]
    """

    pirates: int = attrs.field(validator=validator(whole_number, "the number of pirates", at_least=2,
                                                   error=PirateGameError))
    coins: int = attrs.field(validator=validator(whole_number, "the number of coins", at_least=0,
                                                 error=PirateGameError))
    announcements: tuple[Announcement, ...] = attrs.field(default=(), converter=_announcements)
    tie_rule: TieRule = attrs.field(default=TieRule.LOWEST, converter=_tie_rule)
    rules: Rules = attrs.field(default=Rules(), converter=_rules)
    _solver: PirateSolver | None = attrs.field(default=None, eq=False, repr=False, alias="solver")
    _everything: Knowledge = attrs.field(init=False, eq=False, repr=False)
    _own: dict[Announcement, Announcement] = attrs.field(init=False, eq=False, repr=False)
    _model: KripkeModel | None = attrs.field(init=False, default=None, eq=False, repr=False)
    # the play, kept once played, and how many predictions the DAG held then if the play was solved first
    _play: Play | None = attrs.field(init=False, default=None, eq=False, repr=False)
    _behind_play: int | None = attrs.field(init=False, default=None, eq=False, repr=False)

    @announcements.validator
    def _check_announcements(self, attribute, value):
        check_promises(value, self.pirates, self.coins)

    def __attrs_post_init__(self):
        object.__setattr__(self, "_everything", Knowledge.of(self.announcements))
        object.__setattr__(self, "_own", {a: a for a in self.announcements})
        if self._solver is None:
            object.__setattr__(self, "_solver", PirateSolver(self.pirates, self.coins, self.tie_rule,
                                                             rules=self.rules))
        elif (self._solver.pirates, self._solver.coins, self._solver.tie_rule, self._solver.rules) != (
                self.pirates, self.coins, self.tie_rule, self.rules):
            raise PirateGameError("the solver was made for another game")

    # knowledge ---------------------------------------------------------------------
    @property
    def solver(self) -> PirateSolver:
        """The solver whose prediction DAG this game uses (and may share)."""
        assert self._solver is not None  # __attrs_post_init__ makes one when none is given
        return self._solver

    def agent(self, rank: int) -> Pirate:
        return self.solver.agent(check_rank(rank, self.pirates))

    @property
    def everything(self) -> Knowledge:
        """All announcements made: the knowledge of an omniscient observer."""
        return self._everything

    def kripke_model(self) -> KripkeModel:
        """The model after the announcements: worlds are sets of announcements
        made; a pirate who did not hear a promise believes the world without it.
        Built once per game."""
        model = self._model
        if model is None:
            # imported here: the model checker and its numpy and networkx are for pictures, not for play
            from epistemic import KripkeModel, announce

            model = KripkeModel.initial([self.solver.agent(r) for r in range(1, self.pirates + 1)])
            for a in self.announcements:
                model = announce(model, a)
            object.__setattr__(self, "_model", model)
        return model

    def knowledge_of(self, rank: int, *nested: int) -> Knowledge:
        """What pirate ``rank`` knows; with ``nested`` ranks, what he believes
        they know in turn (``knowledge_of(j, i)``: what j believes i knows).

        Read off the Kripke model: the promises true at every world reached
        from the actual one along the pirates' relations, in order.
        """
        path = [self.agent(r) for r in (rank, *nested)]
        believed = self.kripke_model().believed_facts(path)
        return Knowledge.of(a for a in believed if isinstance(a, Announcement))

    def knowledge_groups(self) -> list[KnowledgeGroup]:
        """Pirates grouped by what they know, the least informed group first."""
        groups: dict[Knowledge, list[int]] = {}
        classes, class_of, default = self.solver.voter_classes(self.everything)
        for view, ranks in classes:
            if ranks:
                groups.setdefault(view, []).extend(ranks)
        return sorted((KnowledgeGroup(tuple(sorted(m)), k) for k, m in groups.items()),
                      key=lambda g: (len(g.knowledge), g.members))

    # play --------------------------------------------------------------------------
    def prediction(self, round: int, knowledge: Knowledge | None = None) -> Prediction:
        """The prediction of ``round`` on ``knowledge`` (default: everything, i.e. the play)."""
        return self.solver.prediction(round, self.everything if knowledge is None else self._checked(knowledge))

    def play(self) -> Play:
        """Play the game: every pirate proposes and votes on his own knowledge
        (played once, then kept)."""
        if self._play is not None:
            return self._play
        first = len(self.solver.dag) == 0
        # a failed offer's outcome is the next round's on the same knowledge: the first round's is
        # the offer of the first round that passes, and its proposer plays the last round
        outcome = self.solver.prediction(1, self.everything).outcome
        # the proposers' own predictions, asked by the rounds where they know less, are solved too
        play = Play(PlayedRounds(self, outcome.first), outcome)
        object.__setattr__(self, "_play", play)
        if first:
            # solved from nothing, the DAG holds just what the play rests on (the tests check it)
            object.__setattr__(self, "_behind_play", len(self.solver.dag))
        return play

    def table(self, knowledge: Knowledge) -> list[tuple[int, ...]]:
        """The predicted offer with 1, 2, ..., n pirates left, on ``knowledge``.

        Row ``i`` lists the shares lowest-ranked pirate first, with the
        proposer last, as in the seed's Tables 1 to 8.
        """
        return [p.offer.row() for p in reversed(self.table_predictions(knowledge))]

    def table_predictions(self, knowledge: Knowledge) -> list[Prediction]:
        """The predictions of rounds 1 to n on ``knowledge``, behind :meth:`table`."""
        knowledge = self._checked(knowledge)
        return [self.solver.prediction(r, knowledge) for r in range(1, self.pirates + 1)]

    def prediction_graph(self, knowledge: Knowledge | None = None):
        """The predictions the play rests on, as a networkx ``MultiDiGraph``.

        Nodes are ``(round, knowledge)`` keys with the :class:`Prediction` as
        attribute ``value``; edges carry ``label``: ``("expectation", K)``
        to a voter group's prediction of the next round, ``"offer"`` to the
        proposer's own prediction, ``"outcome"`` to the next round when an
        offer fails.  With ``knowledge``, the predictions behind that
        knowledge's table instead of the play's.

        Examples
        --------
        >>> g = PirateGame(5, 4, [promise(5, 4, [2, 2], hearers=[5])]).prediction_graph()
        >>> g.number_of_nodes(), sorted({label for *_, label in g.edges(data="label")
        ...                              if isinstance(label, str)})
        (9, ['offer', 'outcome'])
        """
        if knowledge is None:
            roots = [self.solver.key(r.number, self.everything) for r in self.play().rounds]
        else:
            knowledge = self._checked(knowledge)
            roots = [self.solver.key(r, knowledge) for r in range(1, self.pirates + 1)]
            for r in range(1, self.pirates + 1):
                self.solver.prediction(r, knowledge)
        return self.solver.dag.to_networkx(roots=roots)

    def _checked(self, knowledge: Knowledge) -> Knowledge:
        instance_of(knowledge, Knowledge, "knowledge must be a Knowledge", type_name=True, error=PirateGameError)
        own = self._own
        if all(own.get(a) is a for a in knowledge.announcements):
            return knowledge  # the game's own announcements were checked when it was made
        if knowledge.announcements <= self._everything.announcements:
            return Knowledge.of(own[a] for a in knowledge.announcements)  # equal ones, of plain agents
        announcements = _announcements(knowledge.announcements)
        check_promises(announcements, self.pirates, self.coins)
        return Knowledge.of(announcements)

    def dag_nodes(self) -> int:
        """Predictions in the shared DAG so far: those of the play, and
        any others solved (for tables, pictures or questions on other
        knowledge); :meth:`play_predictions` counts the play's alone."""
        return len(self.solver.dag)

    def play_predictions(self, tables: bool = False) -> int:
        """How many predictions the play rests on (those
        :meth:`prediction_graph` holds), whatever else was solved; with
        ``tables``, together with those behind every knowledge group's table.

        >>> game = PirateGame(6, 3, [promise(6, 3, [1, 0, 0, 2], hearers=[5]), promise(6, 5, [1, 2], hearers=[6])])
        >>> game.play_predictions(), game.play_predictions(tables=True)
        (15, 17)
        """
        play = self.play()
        if not tables and self._behind_play is not None:
            return self._behind_play  # as counted below, without walking a DAG of a million predictions
        roots = [self.solver.key(r.number, self.everything) for r in play.rounds]
        if tables:
            roots += [(p.round, p.knowledge) for group in self.knowledge_groups()
                      for p in self.table_predictions(group.knowledge)]
        return len(self.solver.dag.reachable(roots))

