"""Why-questions in words: reading, checking and answering them.

:func:`parse_why` reads questions such as ``"why does p5 vote no in round 1"``
and checks them against a game's play; :func:`explain` answers them with the
builders of :mod:`epistemic.models.pirates.explain`.  :func:`read_question`
and :func:`settle_question` read and check a question without a play, for
plays of other kinds (pirates who learn).
"""

from __future__ import annotations

import enum
import re

import attrs

from epistemic import Knowledge
from epistemic.explanation import Reason
from epistemic.validators import whole_from_text

from .division import pirate_name
from .explain import (DEPTH, _check_overboard, _check_round, _check_voter, why_expectation,
                      why_offer, why_outcome, why_overboard, why_vote)
from .game import PirateGame, PirateGameError, check_rank
from .wording import names_text

__all__ = ["Question", "QuestionKind", "parse_why", "read_question", "settle_question", "claimed_vote_error",
           "explain"]


class QuestionKind(str, enum.Enum):
    """What a why-question asks about; the values are how questions are written."""

    VOTE = "vote"
    OFFER = "offer"
    EXPECTATION = "expectation"
    OVERBOARD = "overboard"
    OUTCOME = "outcome"


_WORDS = {
    QuestionKind.VOTE: ("vote", "votes", "voted", "voting"),
    QuestionKind.OFFER: ("offer", "offers", "proposal", "propose", "proposes", "proposed", "division"),
    QuestionKind.EXPECTATION: ("expectation", "expectations", "expect", "expects", "expected"),
    QuestionKind.OVERBOARD: ("overboard", "thrown", "throw", "over", "die", "dies", "died", "killed"),
    QuestionKind.OUTCOME: ("outcome", "end", "ends", "ended", "result"),
}
_KIND = {word: kind for kind, words in _WORDS.items() for word in words}
_KNOWING = {"knowledge", "view", "prediction", "sees", "knows"}
# words before which a kind is what another kind is about ("vote on the offer"), not a second question
_OBJECT = {"on", "against", "for", "of", "at", "if", "when", "the", "a", "an", "his", "this", "that", "its"}
# a number token keeps its sign and fraction, so that "round -1" or "round 1.5"
# are refused rather than read as round 1; digits are ASCII only ("²" is no number)
_TOKEN = re.compile(r"(?P<prefix>[pr]?)(?P<number>-?[0-9]+(?:\.[0-9]+)?)(?P<s>'s)?|[a-z]+(?:'s)?")
_WHOLE = re.compile(r"[0-9]+")
_EXAMPLES = "'p5 vote round 1', 'offer round 2', 'p3 expectation round 2', 'p1 overboard', 'outcome'"


@attrs.frozen
class Question:
    """A checked question about a game: what to explain, of whom, in which round.

    ``pirate`` is ``None`` for questions about an offer or an outcome.
    ``knowledge`` is ``None`` for the play itself, or what ``knower`` knows
    for questions asked "as pK".
    """

    kind: QuestionKind
    pirate: int | None
    round: int
    knowledge: Knowledge | None = None
    knower: int | None = None

    def answer(self, game: PirateGame, depth: int | None = DEPTH) -> Reason:
        """The explanation tree that answers the question."""
        k = self.knowledge
        if self.kind is QuestionKind.OFFER:
            return why_offer(game, self.round, k, depth=depth)
        if self.kind is QuestionKind.OUTCOME:
            return why_outcome(game, self.round, k, depth=depth)
        # the other kinds ask about a pirate; a missing one is refused as each builder would
        rank = check_rank(self.pirate, game.pirates)
        if self.kind is QuestionKind.OVERBOARD:
            return why_overboard(game, rank, depth=depth)
        if self.kind is QuestionKind.VOTE:
            return why_vote(game, rank, self.round, k, depth=depth)
        return why_expectation(game, rank, self.round, k, depth=depth)

    def __str__(self) -> str:
        about_pirate = self.kind not in (QuestionKind.OFFER, QuestionKind.OUTCOME)
        words = [pirate_name(self.pirate)] if about_pirate and self.pirate is not None else []
        words.append(self.kind.value)
        if self.kind is not QuestionKind.OVERBOARD:
            words.append(f"round {self.round}")
        if self.knower is not None:
            words.append(f"as {pirate_name(self.knower)}")
        return " ".join(words)


def parse_why(text: str, game: PirateGame) -> Question:
    """Read a question about ``game``, checking it against the play.

    Accepted forms (case and punctuation do not matter; other words are
    skipped, but numbers are not: a round is a plain whole number, and
    negative, fractional or stray numbers are refused): ``"p5 vote round 1"``, ``"why does p5 vote no in round 1"``,
    ``"why does p5 vote no on p1's offer"``, ``"offer round 2"``,
    ``"p2 offer"``, ``"p3 expectation round 2"``, ``"what does p3 expect in
    r2"``, ``"p1 overboard"``, ``"why was p1 thrown over"``, ``"outcome"``,
    ``"outcome round 3"``.  A round is ``round N`` or ``rN``, and defaults
    to 1 (or to the round of the proposer named, as in
    "p1's offer").  Adding ``as pK`` (or ``pK's knowledge``) asks about the
    prediction made on what pK knows instead of the play.

    Raises
    ------
    PirateGameError
        With a one-line message naming the fault.

    Examples
    --------
    >>> from epistemic.models.pirates import promise
    >>> game = PirateGame(5, 3, [promise(5, 2, [1, 1, 0, 1], hearers=[3, 4, 5])])
    >>> str(parse_why("Why does p5 vote no in round 1?", game))
    'p5 vote round 1'
    >>> str(parse_why("why was p1 thrown over", game))
    'p1 overboard'
    >>> str(parse_why("offer round 1 as p1", game))
    'offer round 1 as p1'
    >>> parse_why("p1 vote round 2", game)
    Traceback (most recent call last):
    ...
    epistemic.models.pirates.game.PirateGameError: p1 does not vote in round 2 because he is dead: he was thrown overboard in round 1
    """
    return _resolve(game, *read_question(text, game.pirates))


def read_question(text: str, pirates: int) -> tuple[QuestionKind, int | None, int | None, int | None, int | None,
                                                     bool | None]:
    """The parts of a why-question, read but not checked against a play:
    its kind, the pirate it is about, the proposer named ("p1's offer"),
    the pirate it is asked as, the round, and the vote claimed ("votes no"),
    each ``None`` when not given.

    >>> read_question("why does p5 vote no in round 1", 5)
    (<QuestionKind.VOTE: 'vote'>, 5, None, None, 1, False)
    """
    if not isinstance(text, str) or not text.strip():
        raise PirateGameError(f"ask a question, e.g. {_EXAMPLES}")
    tokens = [_Token.read(m) for m in _TOKEN.finditer(text.lower().replace("\u2019", "'"))]
    round_ = knower = proposer = None
    asked: list[QuestionKind] = []
    objects: list[QuestionKind] = []  # kinds named after an article or a preposition: "p5 vote on the offer"
    claims: set[bool] = set()
    subjects: list[int] = []
    for i, tok in enumerate(tokens):
        after = tokens[i + 1] if i + 1 < len(tokens) else _Token("")
        before = tokens[i - 1] if i else _Token("")
        if tok.number is not None and tok.prefix != "r":
            tok.check_whole(text)
        if tok.prefix == "p":
            assert tok.number is not None  # a prefix comes with its number
            rank = whole_from_text(tok.number, "a pirate's number", at_most=pirates, error=PirateGameError)
            if before.word == "as" or (tok.possessive and after.word in _KNOWING):
                if knower is not None and knower != rank:
                    raise PirateGameError(f"the question asks as both {pirate_name(knower)} and "
                                          f"{pirate_name(rank)}: ask as one pirate")
                knower = rank
            elif tok.possessive and _KIND.get(after.word) is QuestionKind.OFFER:
                if proposer is not None and proposer != rank:
                    raise PirateGameError(f"the question names the offers of {pirate_name(proposer)} and "
                                          f"{pirate_name(rank)}: ask about one offer")
                proposer = rank
            elif rank not in subjects:
                subjects.append(rank)
        elif tok.prefix == "r" or tok.word == "round":
            number = tok if tok.prefix == "r" else after
            if number.number is None or number.prefix == "p":
                raise PirateGameError(f"'round' needs a number in {text.strip()!r}, e.g. 'round 2'")
            if not _WHOLE.fullmatch(number.number):
                raise PirateGameError(f"'round {number.number}' is not a round: a round is a plain whole "
                                      f"number from 1, e.g. 'round 2'")
            said = whole_from_text(number.number, "a round", at_most=pirates, error=PirateGameError)
            if round_ is not None and round_ != said:
                raise PirateGameError(f"the question names two rounds, {round_} and {said}")
            round_ = said
        elif tok.number is not None:
            if before.word != "round":
                raise PirateGameError(f"what is {tok.number!r} in {text.strip()!r}? name a round as "
                                      f"'round {tok.number}' and a pirate as 'p{tok.number}'")
        elif tok.word == "as":
            if after.prefix != "p":
                raise PirateGameError(f"'as' needs a pirate in {text.strip()!r}, e.g. 'as p3'")
        elif tok.word == "on":
            # "on p1's knowledge" asks as p1; "on knowledge" or "on his view" names nobody
            rest = tokens[i + 1:i + 3]
            at = next((j for j, t in enumerate(rest) if t.word in _KNOWING), None)
            if at is not None and not (at == 1 and rest[0].prefix == "p" and rest[0].possessive):
                raise PirateGameError(f"'on ... {rest[at].word}' needs a pirate in {text.strip()!r}, "
                                      f"e.g. \"on p3's {rest[at].word}\"")
        elif tok.word in _KIND:
            # "on p1's offer", "if the offer fails": a kind named as the object of another
            (asked if before.word not in _OBJECT and not before.possessive else objects).append(_KIND[tok.word])
        elif tok.word in ("yes", "no", "against"):
            claims.add(tok.word == "yes")
            if len(claims) > 1:
                raise PirateGameError(f"the question says both yes and no: {text.strip()!r}")
    kinds = list(dict.fromkeys(asked or objects))
    if len(kinds) > 1:
        raise PirateGameError(f"the question names two kinds, {kinds[0].value!r} and {kinds[1].value!r}, in "
                              f"{text.strip()!r}: ask about one, e.g. {_EXAMPLES}")
    if not kinds:
        raise PirateGameError(f"cannot tell what {text.strip()!r} asks: ask e.g. {_EXAMPLES}")
    kind = kinds[0]
    if len(subjects) > 1:
        raise PirateGameError(f"the question names {names_text(subjects)}: ask about one pirate")
    subject = subjects[0] if subjects else None
    for named in (subject, proposer, knower):
        if named is not None:
            check_rank(named, pirates)
    return kind, subject, proposer, knower, round_, claims.pop() if claims else None


@attrs.define
class _Token:
    """One token of a question: a word, or a number with its prefix ('p', 'r' or none)."""

    word: str
    prefix: str = ""
    number: str | None = None
    possessive: bool = False

    @classmethod
    def read(cls, match: re.Match) -> _Token:
        if match["number"] is None:
            word = match[0]
            return cls(word.removesuffix("'s"), possessive=word.endswith("'s"))
        return cls(match[0], match["prefix"], match["number"], match["s"] is not None)

    def check_whole(self, text: str) -> None:
        """Refuse negative and fractional numbers, naming the fault."""
        assert self.number is not None  # asked only of a number token
        if _WHOLE.fullmatch(self.number):
            return
        what = "negative" if self.number.startswith("-") else "fractional"
        raise PirateGameError(f"{what} number {self.word!r} in {text.strip()!r}: pirates and rounds are "
                              f"numbered 1, 2, 3, ...")


def settle_question(kind: QuestionKind, subject: int | None, proposer: int | None, round_: int | None,
                    pirates: int) -> tuple[int | None, int]:
    """The pirate a question read by :func:`read_question` is about
    (``None`` for an offer or an outcome) and its round, checked against
    each other and against a game of ``pirates``, but not against a play.

    >>> settle_question(QuestionKind.OFFER, None, 2, None, 5)
    (None, 2)
    >>> settle_question(QuestionKind.VOTE, 3, None, 4, 5)
    Traceback (most recent call last):
    ...
    epistemic.models.pirates.game.PirateGameError: p3 does not vote in round 4 because he is dead: he was thrown overboard in round 3
    """
    if kind is QuestionKind.OVERBOARD:
        rank = subject if subject is not None else proposer
        if rank is None:
            raise PirateGameError("whom? name the pirate, e.g. 'p1 overboard'")
        if round_ is not None and round_ != rank:
            raise PirateGameError(f"{pirate_name(rank)} can only be thrown overboard in round {rank}, "
                                  f"when he proposes")
        return rank, rank
    if kind in (QuestionKind.OFFER, QuestionKind.OUTCOME):
        leader = proposer if proposer is not None else subject
        if subject is not None and proposer is not None and subject != proposer:
            raise PirateGameError(f"the question names {pirate_name(subject)} and {pirate_name(proposer)}: "
                                  f"ask about one pirate")
        if leader is not None and round_ is not None and leader != round_:
            raise PirateGameError(f"{pirate_name(leader)} does not propose in round {round_}: "
                                  f"{pirate_name(round_)} does")
        r = round_ if round_ is not None else leader if leader is not None else 1
        _check_range(r, pirates)
        return None, r
    if subject is None:
        raise PirateGameError(f"whose {kind.value}? name the pirate, e.g. 'p5 {kind.value} round 1'")
    if proposer is not None and round_ is not None and proposer != round_:
        raise PirateGameError(f"{pirate_name(proposer)} does not propose in round {round_}: "
                              f"{pirate_name(round_)} does")
    r = round_ if round_ is not None else proposer if proposer is not None else 1
    _check_range(r, pirates)
    if subject < r:
        raise PirateGameError(f"{pirate_name(subject)} does not vote in round {r} because he is dead: "
                              f"he was thrown overboard in round {subject}")
    return subject, r


def _check_range(r: int, pirates: int) -> None:
    if not 1 <= r <= pirates:
        raise PirateGameError(f"round {r} is out of range: the rounds are 1 to {pirates}")


def claimed_vote_error(rank: int, round: int, votes_yes: bool) -> PirateGameError:
    """The error of a question that says a pirate votes otherwise than he does."""
    actual, said = ("yes", "no") if votes_yes else ("no", "yes")
    return PirateGameError(f"{pirate_name(rank)} votes {actual} in round {round}, not {said}")


def _resolve(game, kind, subject, proposer, knower, round_, claimed) -> Question:
    if kind is QuestionKind.OVERBOARD and knower is not None:
        raise PirateGameError("'overboard' asks about the play: drop 'as " + pirate_name(knower) + "'")
    pirate, r = settle_question(kind, subject, proposer, round_, game.pirates)
    knowledge = None if knower is None else game.knowledge_of(knower)
    if kind is QuestionKind.OVERBOARD:
        _check_overboard(game, r)
        return Question(QuestionKind.OVERBOARD, r, r)
    if pirate is None:
        _check_round(game, r, knowledge)
        return Question(kind, None, r, knowledge, knower)
    p = _check_voter(game, pirate, r, knowledge)
    if kind is QuestionKind.VOTE and claimed is not None and claimed != p.vote(pirate):
        raise claimed_vote_error(pirate, r, p.vote(pirate))
    return Question(kind, pirate, r, knowledge, knower)


def explain(game: PirateGame, text: str, depth: int | None = DEPTH) -> Reason:
    """Answer a question in words (see :func:`parse_why`) with a reason tree.

    Examples
    --------
    >>> from epistemic.models.pirates import promise
    >>> game = PirateGame(5, 4, [promise(5, 4, [2, 2], hearers=[5])])
    >>> print(explain(game, "why was p3 thrown overboard", depth=0).to_text())
    p3 is thrown overboard in round 3: his offer p5:1 p4:0 p3:3 gets 1 vote of the 2 it needs (deeper reasons omitted)  (yes 1, needed 2)  [knows p4's promise]
    """
    return parse_why(text, game).answer(game, depth)
