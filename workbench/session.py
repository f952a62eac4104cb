"""One student's work in the workbench, and the sessions of everyone sharing a server.

A :class:`Session` holds a history of steps (the starting model, then the
model after each act) with a position in it, so that a student can go back
and forward; a model being drawn by hand; the formula last checked; and
the grades of the exercises answered.  :class:`Sessions` keeps them by an
unguessable token, dropping the one idle longest when full, so that
nobody sees another's work and a busy server stays bounded.
"""

from __future__ import annotations

import asyncio
import itertools
import secrets
import time
from collections import Counter, OrderedDict
from collections.abc import Mapping, Sequence

import attrs

from epistemic import EventModel, KripkeModel

from .draft import Draft
from .work import Limits, WorkError

__all__ = ["Step", "Session", "Sessions", "SessionsFull"]


#: The versions of the models steps hold: each step's is new, never used before in this server.
_VERSIONS = itertools.count()


@attrs.frozen
class Step:
    """A model in the history: how it came (``act`` is ``None`` for a start), the model, and
    its ``version``, a number no other step of this server has (a worker keeps models by it)."""

    label: str
    act: str | None
    model: KripkeModel = attrs.field(eq=False, repr=False)
    version: int = attrs.field(factory=lambda: next(_VERSIONS), eq=False, repr=False)


class Session:
    """One student's state: the history, the draft, the formula and the grades.

    Examples
    --------
    >>> from epistemic import Agent
    >>> s = Session("t", Limits())
    >>> s.start(KripkeModel.initial([Agent("a")]), "a start")
    >>> s.push(KripkeModel.initial([Agent("a")], ["p"]), "[!p]")
    >>> s.go(0).position, [step.label for step in s.steps]
    (0, ['a start', '[!p]'])
    >>> s.acts()
    []
    """

    def __init__(self, token: str, limits: Limits, owner: Sessions | None = None, client: str | None = None):
        self.token = token
        self.client = client
        self.limits = limits
        self.owner = owner
        self.steps: list[Step] = []
        self.position = 0
        self.event_models: dict[str, EventModel] = {}
        self.draft: Draft | None = None
        self.formula: str | None = None
        self.grades: dict[str, dict] = {}
        self.suggested: list[str] = []
        self.lock = asyncio.Lock()
        self.used = time.monotonic()

    @property
    def model(self) -> KripkeModel:
        return self.steps[self.position].model

    def start(self, model: KripkeModel, label: str, event_models: Mapping[str, EventModel] | None = None,
              draft: Draft | None = None, suggested: Sequence[str] = ()) -> None:
        """Begin a new history from ``model``; ``suggested`` are acts the page offers (a puzzle's
        announcements, in order)."""
        if len(model) > self.limits.worlds:
            raise WorkError(f"the model has {len(model):,} worlds: the workbench keeps at most "
                            f"{self.limits.worlds:,}")
        if self.owner is not None:
            self.owner.make_room(len(model) - self.held(), self)
        self.steps = [Step(label, None, model)]
        self.position = 0
        self.event_models = dict(event_models or {})
        self.draft = draft
        self.suggested = list(suggested)

    def push(self, model: KripkeModel, act: str) -> None:
        """The model after ``act``: later steps, undone ones, are dropped."""
        if self.position + 1 >= self.limits.steps:
            raise WorkError(f"a history has at most {self.limits.steps} steps: save the model and start from it")
        if self.owner is not None:
            dropped = sum(len(step.model) for step in self.steps[self.position + 1:])
            self.owner.make_room(len(model) - dropped, self)
        del self.steps[self.position + 1:]
        self.steps.append(Step(act, act, model))
        self.position += 1

    def step(self, position: object) -> Step:
        """Step ``position`` of the history.

        Raises
        ------
        WorkError
            When the history has no such step.
        """
        if not isinstance(position, int) or isinstance(position, bool) or not 0 <= position < len(self.steps):
            raise WorkError(f"there is no step {position!r}: the history has steps 0 to {len(self.steps) - 1}")
        return self.steps[position]

    def go(self, position: object) -> Session:
        """Move to step ``position`` of the history (back or forward)."""
        self.step(position)
        self.position = position   # type: ignore[assignment]
        return self

    def held(self) -> int:
        """The worlds of every model in the history."""
        return sum(len(step.model) for step in self.steps)

    def acts(self) -> list[str]:
        """The acts from the start to the current step, in order."""
        return [step.act for step in self.steps[1:self.position + 1] if step.act is not None]


class SessionsFull(WorkError):
    """No session can be made now: ``status`` is the HTTP status that says why (503: the
    workbench is full; 429: this client has as many as one may)."""

    def __init__(self, message: str, status: int):
        super().__init__(message)
        self.status = status


class Sessions:
    """Sessions by token: at most ``limits.sessions`` of them, at most
    ``limits.sessions_per_client`` made by one client address (when set),
    holding at most ``limits.held_worlds`` worlds in their histories together.

    When a bound is reached, the sessions idle for longer than
    ``limits.idle_seconds`` are dropped, the one idle longest first (for a
    client's bound, that client's own); a session in use is never dropped
    for another, which is refused instead.

    Examples
    --------
    >>> sessions = Sessions(Limits(sessions=2, idle_seconds=0))
    >>> first = sessions.new(); second = sessions.new(); third = sessions.new()
    >>> sessions.get(first.token) is None, sessions.get(third.token) is third
    (True, True)
    >>> busy = Sessions(Limits(sessions=1))
    >>> _ = busy.new(); busy.new()
    Traceback (most recent call last):
    ...
    epistemic.workbench.session.SessionsFull: the workbench has 1 session open, as many as it may: try again in a few minutes
    >>> one = Sessions(Limits(sessions_per_client=1))
    >>> _ = one.new("10.0.0.7"); _ = one.new("10.0.0.8"); one.new("10.0.0.7")
    Traceback (most recent call last):
    ...
    epistemic.workbench.session.SessionsFull: 10.0.0.7 has 1 session open, as many as one address may: close the workbench in another browser there, or try again in a few minutes
    """

    def __init__(self, limits: Limits):
        self.limits = limits
        self._by_token: OrderedDict[str, Session] = OrderedDict()
        self._by_client: Counter[str] = Counter()

    def _drop_idle(self, keep: Session | None = None, client: str | None = None) -> Session | None:
        """Drop the session idle longest (of ``client``, if given), if it has been idle long
        enough, and return it."""
        now = time.monotonic()
        for session in self._by_token.values():
            if session is not keep and (client is None or session.client == client):
                if now - session.used < self.limits.idle_seconds:
                    return None    # the others were used later still
                self.drop(session)
                return session
        return None

    def new(self, client: str | None = None) -> Session:
        """A new session, made for ``client`` (an address, counted against its bound).

        Raises
        ------
        SessionsFull
            When a bound is reached and no session has been idle long enough to make room.
        """
        most = self.limits.sessions_per_client
        if client is not None and most is not None:
            while self._by_client[client] >= most:
                if self._drop_idle(client=client) is None:
                    n = self._by_client[client]
                    raise SessionsFull(f"{client} has {n:,} session{'s' * (n != 1)} open, as many as one address "
                                       "may: close the workbench in another browser there, or try again in a few "
                                       "minutes", 429)
        while len(self._by_token) >= self.limits.sessions:
            if self._drop_idle() is None:
                n = len(self._by_token)
                raise SessionsFull(f"the workbench has {n:,} session{'s' * (n != 1)} open, as many as it may: "
                                   "try again in a few minutes", 503)
        session = Session(secrets.token_urlsafe(24), self.limits, self, client)
        self._by_token[session.token] = session
        if client is not None:
            self._by_client[client] += 1
        return session

    def drop(self, session: Session) -> None:
        """Forget ``session`` (one that is not there is forgotten already)."""
        if self._by_token.pop(session.token, None) is not None and session.client is not None:
            self._by_client[session.client] -= 1
            if not self._by_client[session.client]:
                del self._by_client[session.client]

    def get(self, token: str | None) -> Session | None:
        session = self._by_token.get(token) if token else None
        if session is not None:
            self._by_token.move_to_end(token)   # type: ignore[arg-type]
            session.used = time.monotonic()
        return session

    def held(self) -> int:
        """The worlds every session's history holds."""
        return sum(session.held() for session in self._by_token.values())

    def make_room(self, worlds: int, session: Session) -> None:
        """Room for ``worlds`` more worlds in ``session``, dropping idle sessions if need be.

        Raises
        ------
        WorkError
            When the sessions in use hold too many worlds already.
        """
        held = self.held()   # counted once: each session dropped takes its own worlds off
        while worlds > 0 and held + worlds > self.limits.held_worlds:
            dropped = self._drop_idle(keep=session)
            if dropped is None:
                raise WorkError(f"the workbench holds {held:,} worlds in its sessions' histories, and may "
                                f"hold {self.limits.held_worlds:,}: go back and branch, or start again from a "
                                "smaller model")
            held -= dropped.held()

    def __len__(self) -> int:
        return len(self._by_token)
