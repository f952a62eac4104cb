"""The workbench as a web app: Starlette routes over each student's session.

The page (:mod:`epistemic.workbench.page`) talks to ``/api/...`` in JSON.
Each request is bounded before any work (formula length, model size,
upload size, how deeply its JSON nests) and in time: the work runs in a
worker process (:class:`~epistemic.workbench.pool.Pool`), which is stopped
when it passes :attr:`Limits.seconds`, so that a slow check answers with a
message and leaves the server free.  When every worker is busy and the
queue before them is full, a request is answered at once that the
workbench is busy (HTTP 503, with Retry-After).  A cookie names the
session; every session is its own
(:class:`~epistemic.workbench.session.Sessions`), and a session's state
changes only once the work of the request that changes it has succeeded.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import io
import json
import time
from collections.abc import AsyncIterator, Callable, Hashable
from typing import Any

import attrs
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from epistemic import Agent, EpistemicError, KripkeModel, save_model_file
from epistemic.models.puzzles import PUZZLES
from epistemic.syntax import MAX_LENGTH

from . import work
from .draft import Draft
from .page import page_html
from .pool import Busy, Overrun, Pool, Stopped, WorkerFault
from .script import history_script
from .session import Session, Sessions, SessionsFull, Step
from .work import Limits, WorkError

__all__ = ["Workbench", "COOKIE", "BUSY", "RETRY_SECONDS", "example_model"]

#: The cookie that names a session.
COOKIE = "epistemic_workbench"
#: How the example every session starts from is named in its history.
EXAMPLE = "the example: p holds at w; a cannot tell w from v"
#: The most bytes of JSON a request may send (a model file opened in the page included).
MAX_BODY = 4 * 2 ** 20
#: How deeply a request's JSON may nest (the page's own nest three deep at most).
MAX_NESTING = 32
#: What a request is told when every worker is busy and the queue before them is full.
BUSY = "the workbench is busy: try again in a moment"
#: The seconds a busy request is asked to wait before it tries again.
RETRY_SECONDS = 1
#: The seconds a request refused a session is asked to wait: sessions make room as they go idle.
RETRY_FULL = 60


def example_model() -> KripkeModel:
    """What a new session starts from: p is true, a cannot tell, b can (docs/exercises.md, exercise 2)."""
    a, b = Agent("a"), Agent("b")
    return KripkeModel.from_relations([a, b], {"w": {"p"}, "v": set()}, {a: [("w", "v")]}, actual="w",
                                      reflexive=True, symmetric=True)


class Refused(Exception):
    """A request answered with a message rather than a result."""

    def __init__(self, data: dict, status: int = 400, headers: dict[str, str] | None = None):
        super().__init__(data.get("error"))
        self.data = data
        self.status = status
        self.headers = headers


def _sheet_view(sheet) -> dict | None:
    """What the page shows of a sheet: its exercises' questions, never their answers."""
    if sheet is None:
        return None
    return {"title": sheet.title, "intro": sheet.introduction,
            "exercises": [_exercise_view(e) for e in sheet.exercises]}


def _exercise_view(e) -> dict:
    """What the page shows of one exercise; one answered with a sequence of acts says so, with the
    acts it offers, the most it allows, and the length of a shortest sequence where the sheet says it."""
    view = {"id": e.id, "title": e.title, "question": e.question, "kind": e.kind,
            "hint": e.hint, "answer": ANSWER_HINTS.get(e.kind, ""), "model": e.model is not None,
            "doubt": e.doubt,
            "worlds": [str(w) for w in e.model.worlds] if e.kind == "worlds" and e.model is not None else None}
    if e.sequence:
        view.update(answer=SEQUENCE_HINT, sequence=True, actions=list(e.actions), max_steps=e.max_steps,
                    shortest=e.shortest_hint)
    return view


def _nests_within(data: Any, most: int) -> bool:
    """Whether ``data`` (decoded JSON) nests at most ``most`` lists and objects deep."""
    level = [data]
    for _ in range(most + 1):
        level = [item for value in level if isinstance(value, (list, dict))
                 for item in (value.values() if isinstance(value, dict) else value)]
        if not level:
            return True
    return False


class Workbench:
    """The app: sessions, the exercise sheet, the worker processes, and the limits on each request.

    Parameters
    ----------
    sheet : Sheet, optional
        The exercises every session sees (:func:`epistemic.workbench.load_sheet`).
    limits : Limits
        The bounds on each request, on the sessions, and the workers and
        their queue; with ``limits.workers`` 0 the work runs in threads
        instead, whose overrun is answered on time but runs on (for tests
        in one process).
    """

    def __init__(self, sheet=None, limits: Limits = Limits()):
        self.sheet = sheet
        self.limits = limits
        self.sessions = Sessions(limits)
        self.pool: Pool | None = None
        self.exercises = {e.id: e for e in sheet.exercises} if sheet is not None else {}
        self.sheet_view = _sheet_view(sheet)   # the same on every page: made once
        routes = [Route("/", self.page), Route("/api/state", self.state),
                  Route("/api/save", self.save), Route("/api/script", self.script),
                  Route("/api/exercise", self.exercise)]
        routes += [Route(f"/api/{name}", getattr(self, name), methods=["POST"])
                   for name in ("parse", "check", "explain", "apply", "go", "open", "puzzle", "draft", "answer",
                                "reset")]
        self.app = Starlette(routes=routes, exception_handlers={Refused: self._refused}, lifespan=self.lifespan)

    # plumbing -----------------------------------------------------------------------------------
    async def run(self, function: Callable, *args, held: tuple[Hashable, KripkeModel] | None = None) -> Any:
        """``function(*args)`` in a worker, within the time limit; with ``held`` (:func:`_held`),
        ``function(model, *args)`` on a model the worker keeps.  A fault, an overrun or a full
        queue is :class:`Refused`."""
        try:
            if self.pool is not None:
                ok, value = await self.pool.run(self.limits.seconds, function, *args, held=held)
            else:
                if held is not None:
                    args = (held[1], *args)
                async with asyncio.timeout(self.limits.seconds):
                    ok, value = await asyncio.to_thread(work.guarded, function, *args)
        except (Overrun, TimeoutError):
            raise Refused({"error": f"this took longer than {self.limits.seconds:g} s, the limit for one request: "
                                    "try a smaller model or a shorter formula"}, 408) from None
        except Busy:
            raise Refused({"error": BUSY, "busy": True}, 503, {"Retry-After": str(RETRY_SECONDS)}) from None
        except Stopped:
            raise Refused({"error": "the workbench is stopping"}, 503) from None
        except WorkerFault as fault:
            raise Refused({"error": str(fault)}, 500) from None
        if not ok:
            raise Refused(value)
        return value

    @contextlib.asynccontextmanager
    async def lifespan(self, app: Starlette) -> AsyncIterator[None]:
        """The workers start with the server, in the background, and stop with it."""
        if self.limits.workers:
            self.pool = Pool(self.limits.workers, self.limits.queue, self.limits.seconds, self.limits.memory_bytes,
                             models=self.limits.kept_models, worlds=self.limits.kept_worlds)
            self.pool.start()
        try:
            yield
        finally:
            if self.pool is not None:
                await self.pool.close()

    def stopping(self) -> None:
        """The server is told to stop: refuse new work and end the work running, so that no request
        keeps it waiting.  Safe to call from a signal handler, and before the server has started."""
        pool = self.pool
        if pool is not None and pool.loop is not None:
            pool.loop.call_soon_threadsafe(pool.stop_taking)

    def session(self, request: Request, new: bool = False) -> tuple[Session, bool]:
        """The request's session, and whether it was made now: only loading the page (``new``)
        makes one, so that requests without a cookie cannot push anyone's session out."""
        found = self.sessions.get(request.cookies.get(COOKIE))
        if found is not None:
            return found, False
        if not new:
            raise Refused({"error": "this page's session has ended: reload the page"}, 401)
        try:
            session = self.sessions.new(request.client.host if request.client is not None else None)
        except SessionsFull as full:
            raise Refused({"error": str(full)}, full.status, {"Retry-After": str(RETRY_FULL)}) from None
        try:
            session.start(example_model(), EXAMPLE)
        except WorkError as error:   # the sessions' histories hold all the worlds they may
            self.sessions.drop(session)
            raise Refused({"error": str(error)}, 503, {"Retry-After": str(RETRY_FULL)}) from None
        return session, True

    def reply(self, request: Request, session: Session, data: Any, status: int = 200) -> Response:
        """``data`` as JSON, or as it is when it is JSON already (:func:`~epistemic.workbench.work.as_json`)."""
        response = (Response(data, status_code=status, media_type="application/json") if isinstance(data, bytes)
                    else JSONResponse(data, status_code=status))
        if request.cookies.get(COOKIE) != session.token:
            response.set_cookie(COOKIE, session.token, httponly=True, samesite="strict")
        return response

    async def _refused(self, request: Request, error: Exception) -> Response:
        assert isinstance(error, Refused)
        return JSONResponse(error.data, status_code=error.status, headers=error.headers)

    async def body(self, request: Request) -> dict:
        raw = b""
        async for chunk in request.stream():
            raw += chunk
            if len(raw) > MAX_BODY:
                raise Refused({"error": f"the request has more than {MAX_BODY // 2 ** 20} MiB"}, 413)
        deep = Refused({"error": f"the request's JSON nests more than {MAX_NESTING} lists and objects deep"})
        try:
            data = json.loads(raw or b"{}")
        except ValueError:
            raise Refused({"error": "the request is not JSON"}) from None
        except RecursionError:   # the decoder's own bound, far past ours
            raise deep from None
        if not _nests_within(data, MAX_NESTING):
            raise deep
        if not isinstance(data, dict):
            raise Refused({"error": "the request is not a JSON object"})
        return data

    def view(self, session: Session, shown: dict) -> dict:
        """Everything the page shows of a session, ``shown`` its model's summary (made in a
        worker before the session changed)."""
        return {"model": shown, "steps": [s.label for s in session.steps], "position": session.position,
                "draft": session.draft.to_dict() if session.draft is not None else None,
                "formula": session.formula, "events": sorted(session.event_models),
                "suggested": session.suggested, "grades": session.grades,
                "sheet": self.sheet_view, "puzzles": PUZZLE_LIST,
                "limits": {"formula": self.limits.formula_length, "worlds": self.limits.worlds,
                           "seconds": self.limits.seconds, "upload": self.limits.upload_bytes}}

    # routes -------------------------------------------------------------------------------------
    async def page(self, request: Request) -> Response:
        return HTMLResponse(page_html())

    async def state(self, request: Request) -> Response:
        session, made = self.session(request, new=True)
        try:
            async with session.lock:
                shown = await self.run(work.summary, held=_held(session))
                return self.reply(request, session, self.view(session, shown))
        except BaseException:
            if made:   # nobody was told its cookie: a session nobody can use would only take a place
                self.sessions.drop(session)
            raise

    async def parse(self, request: Request) -> Response:
        session, _ = self.session(request)
        data = await self.body(request)
        report = work.parse_report(data.get("text"), self.limits, session.event_models, act=bool(data.get("act")))
        return self.reply(request, session, report)

    async def check(self, request: Request) -> Response:
        session, _ = self.session(request)
        data = await self.body(request)
        async with session.lock:
            result = await self.run(CHECK, data.get("formula"), self.limits, session.event_models,
                                    bool(data.get("draw", True)), held=_held(session))
            session.formula = data.get("formula")
        return self.reply(request, session, result)

    async def explain(self, request: Request) -> Response:
        session, _ = self.session(request)
        data = await self.body(request)
        async with session.lock:
            result = await self.run(EXPLAIN, data.get("formula"), data.get("world"), self.limits,
                                    session.event_models, held=_held(session))
        return self.reply(request, session, result)

    async def apply(self, request: Request) -> Response:
        """An act typed, or the ``suggested`` one of that number (a puzzle's announcement, which
        may be longer than a student may type)."""
        session, _ = self.session(request)
        data = await self.body(request)
        async with session.lock:
            text, limits = data.get("act"), self.limits
            if "suggested" in data:
                number = data["suggested"]
                if not isinstance(number, int) or isinstance(number, bool) or \
                        not 0 <= number < len(session.suggested):
                    raise Refused({"error": f"there is no suggested act {number!r}"})
                text, limits = session.suggested[number], attrs.evolve(limits, formula_length=MAX_LENGTH)
            after, act, shown = await self.run(work.apply, text, limits, session.event_models, held=_held(session))
            _changed(session.push, after, act)
            return self.reply(request, session, self.view(session, shown))

    async def go(self, request: Request) -> Response:
        """Back or forward: the history moves once the step's model has been shown, so that a step
        that fails (past the time limit, say) leaves the session where the page still shows it."""
        session, _ = self.session(request)
        data = await self.body(request)
        async with session.lock:
            step = _changed(session.step, data.get("position"))
            shown = await self.run(work.summary, held=_held(session, step))
            session.go(data.get("position"))
            return self.reply(request, session, self.view(session, shown))

    async def open(self, request: Request) -> Response:
        session, _ = self.session(request)
        data = await self.body(request)
        text, name = data.get("text"), data.get("name") or "model.json"
        if not isinstance(text, str) or not isinstance(name, str):
            raise Refused({"error": "send the file's text and its name"})
        model, events, shown = await self.run(work.open_text, text, name, self.limits)
        async with session.lock:
            _changed(session.start, model, f"opened {name}", events)
            return self.reply(request, session, self.view(session, shown))

    async def puzzle(self, request: Request) -> Response:
        session, _ = self.session(request)
        data = await self.body(request)
        parameters = data.get("parameters") or {}
        if not isinstance(parameters, dict):
            raise Refused({"error": "a puzzle's parameters are names and whole numbers"})
        if not isinstance(data.get("name"), str):
            raise Refused({"error": "name the puzzle"})
        model, acts, title, shown = await self.run(work.puzzle_start, data.get("name"), parameters, self.limits)
        async with session.lock:
            _changed(session.start, model, title, suggested=acts)
            return self.reply(request, session, self.view(session, shown))

    async def reset(self, request: Request) -> Response:
        session, _ = self.session(request)
        async with session.lock:
            model = example_model()
            shown = await self.run(work.summary, model)
            _changed(session.start, model, EXAMPLE)
            return self.reply(request, session, self.view(session, shown))

    async def draft(self, request: Request) -> Response:
        """A change to the model drawn by hand; the history restarts from the drawing."""
        session, _ = self.session(request)
        data = await self.body(request)
        async with session.lock:
            drawn = _changed(Draft.change, session.draft, data)
            model = _changed(drawn.model) if drawn.worlds else None
            # a new drawing: the model shown stays until its first world is added
            shown = await self.run(work.summary, session.model if model is None else model)
            if model is None:
                session.draft = drawn
            else:
                _changed(session.start, model, "drawn by hand", draft=drawn)
            return self.reply(request, session, self.view(session, shown))

    async def save(self, request: Request) -> Response:
        session, _ = self.session(request)
        try:
            text = _model_file_text(session)
        except EpistemicError as error:
            raise Refused({"error": str(error)}) from None
        return Response(text, media_type="application/json",
                        headers={"content-disposition": f'attachment; filename="step{session.position}.json"'})

    async def script(self, request: Request) -> Response:
        session, _ = self.session(request)
        try:
            text = history_script(session.steps[0].model, session.acts(), check=session.formula,
                                  event_models=session.event_models)
        except EpistemicError as error:
            raise Refused({"error": str(error)}) from None
        return Response(text, media_type="text/x-shellscript",
                        headers={"content-disposition": 'attachment; filename="history.sh"'})

    async def exercise(self, request: Request) -> Response:
        session, _ = self.session(request)
        exercise = self.exercises.get(request.query_params.get("id", ""))
        if exercise is None:
            raise Refused({"error": f"there is no exercise {request.query_params.get('id')!r}"}, 404)
        if exercise.model is None:
            return self.reply(request, session, {"svg": None, "note": None})
        return self.reply(request, session, await self.run(work.picture, exercise.model))

    async def answer(self, request: Request) -> Response:
        session, _ = self.session(request)
        data = await self.body(request)
        name = data.get("exercise")
        exercise = self.exercises.get(name) if isinstance(name, str) else None
        if exercise is None:
            raise Refused({"error": f"there is no exercise {name!r}"}, 404)
        answer = data.get("answer")
        if not isinstance(answer, str) or len(answer) > self.limits.formula_length:
            raise Refused({"error": f"an answer is text of at most {self.limits.formula_length:,} characters"})
        result = await self.run(work.grade_answer, exercise, answer, time.monotonic() + self.limits.seconds,
                                self.limits)
        async with session.lock:
            session.grades[exercise.id] = {"answer": answer, "verdict": result["verdict"],
                                           "summary": result["summary"], "doubt": result["doubt"]}
        return self.reply(request, session, result)


#: A check and an explanation, answered as JSON encoded in the worker.
CHECK, EXPLAIN = functools.partial(work.as_json, work.check), functools.partial(work.as_json, work.explain)
#: The puzzles a session may start from, with their parameters.
PUZZLE_LIST = [{"name": name, "title": module.TITLE,
                "parameters": [{"name": p.name, "default": p.default, "help": p.help} for p in module.PARAMETERS]}
               for name, module in sorted(PUZZLES.items())]
#: What each kind of exercise takes as an answer, for the page.
ANSWER_HINTS = {"worlds": "the worlds, separated by commas (none: leave it empty)",
                "formula": "a formula", "announcement": "the formula to announce",
                "validity": "valid or invalid", "equivalent": "a formula"}
#: What an exercise answered with a sequence of acts takes (an example with underscores goes beside the box:
#: Chromium cuts a placeholder's underscores off).
SEQUENCE_HINT = "one act per line"


def _held(session: Session, step: Step | None = None) -> tuple[tuple[str, int], KripkeModel]:
    """The key a worker keeps the model of ``step`` (by default the session's current one) under,
    the session and the model's version, and the model."""
    step = step if step is not None else session.steps[session.position]
    return (session.token, step.version), step.model


def _model_file_text(session: Session) -> str:
    out = io.StringIO()
    save_model_file(session.model, out, session.event_models)
    return out.getvalue()


def _changed(change: Callable, *args, **options) -> Any:
    """``change(*args, **options)``: a change to a session or a drawing, whose faults (a history too
    long, too many worlds held, a link to no world) are :class:`Refused` with their message."""
    try:
        return change(*args, **options)
    except EpistemicError as error:
        raise Refused({"error": str(error)}) from None
