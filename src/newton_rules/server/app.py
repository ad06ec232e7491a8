"""The HTTP face of the server: a Starlette application over a :class:`~newton_rules.server.tables.Host`.

The application hosts the games it is given (:class:`rules_core.frontend.FrontEnd` declarations, or every
installed one) and imports none of them. Routes (see docs/server.md):

- ``GET /api/lobby``: the games hosted, each with its title, player range, options, bots and table module;
- ``GET /api/catalog?game=NAME``: every component of that game in words and as data (the first game's
  without ``game``: Newton's for the first clients);
- ``GET /api/schema?game=NAME``: the JSON Schema of that game's payload;
- ``POST /api/games``: create a game (``"game": NAME``, the first hosted game when left out); answers its id
  and one token per human seat;
- ``GET /api/games/{id}``: the payload of the seat whose token is in ``Authorization: Bearer``, or the
  spectator's without one (``?since=K``: the log after the K-th action);
- ``POST /api/games/{id}/actions``: play ``{"action": TEXT, "action_count": N}`` for the token's seat
  (``action_count``, optional: the count of the position the action was chosen from; the same request
  sent again is answered as the one already applied);
- ``GET /api/games/{id}/stream``: server-sent events, one ``update`` whenever the game moves, carrying
  the spectator's view of what happened (a client then asks for its own seat's payload);
- ``/``: the web table (static files).

Every error is ``{"error": REASON}`` with a 4xx status; nothing changes on an error.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.datastructures import MutableHeaders
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from newton_rules.server.store import GameStore
from newton_rules.server.tables import Host, Refused, Table, seat_kinds
from rules_core.frontend import FrontEnd, installed_frontends

STATIC = Path(__file__).resolve().parent / "static"
MAX_CREATE_BODY = 4096  # bytes: a create request is a few dozen
MAX_ACTION_BODY = 1024  # bytes: an action text is a few words
KEEPALIVE_SECONDS = 15.0
SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
}

Handler = Callable[[Request], Awaitable[Response]]


def create_app(
    db: str | Path, bot_delay: float = 0.0, mcts_time: float = 1.0, games: Sequence[FrontEnd] | None = None
) -> Starlette:
    """The server's application on the SQLite file ``db``, hosting ``games`` (every installed game's front end
    when None, :func:`rules_core.frontend.installed_frontends`); unfinished games' bots resume at startup."""
    frontends = tuple(installed_frontends() if games is None else games)
    if not frontends:
        raise ValueError("no game to serve: give create_app its games, or install a distribution declaring one")
    store = GameStore(db, {frontend.name: frontend.game_type for frontend in frontends})
    host = Host(store, frontends, bot_delay=bot_delay, mcts_time=mcts_time)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        host.resume()
        try:
            yield
        finally:
            await host.close()
            store.close()

    routes = [
        Route("/api/lobby", _guarded(_lobby), methods=["GET"]),
        Route("/api/catalog", _guarded(_catalog), methods=["GET"]),
        Route("/api/schema", _guarded(_schema), methods=["GET"]),
        Route("/api/games", _guarded(_create), methods=["POST"]),
        Route("/api/games/{game_id}", _guarded(_show), methods=["GET"]),
        Route("/api/games/{game_id}/actions", _guarded(_act), methods=["POST"]),
        Route("/api/games/{game_id}/stream", _guarded(_stream), methods=["GET"]),
        Mount("/", StaticFiles(directory=STATIC, html=True), name="table"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan, middleware=[Middleware(SecurityHeaders)])
    app.state.host = host
    return app


class SecurityHeaders:
    """ASGI middleware: the security headers on every HTTP response (streams included)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    headers.setdefault(name, value)
            await send(message)

        await self.app(scope, receive, send_with_headers)


def _guarded(handler: Handler) -> Handler:
    """``handler`` with every :class:`Refused` answered as ``{"error": reason}`` and its status."""

    async def guarded(request: Request) -> Response:
        try:
            return await handler(request)
        except Refused as exc:
            return error(exc.status, exc.reason)

    return guarded


def answer(data: Any, status: int = 200) -> JSONResponse:
    """A JSON answer no cache keeps (a seat's payload is private)."""
    return JSONResponse(data, status_code=status, headers={"Cache-Control": "no-store"})


def error(status: int, reason: str) -> JSONResponse:
    headers = {"Cache-Control": "no-store"}
    if status == 401:
        headers["WWW-Authenticate"] = 'Bearer realm="newton-rules"'
    return JSONResponse({"error": reason}, status_code=status, headers=headers)


def _host(request: Request) -> Host:
    host: Host = request.app.state.host
    return host


def _frontend(request: Request) -> FrontEnd:
    """The game a request names in ``?game=NAME`` (the first hosted game without it); 400 for another."""
    host = _host(request)
    return host.frontend(request.query_params.get("game", host.default_game))


async def _lobby(request: Request) -> Response:
    """The games this server hosts, the first being the one a create request without ``game`` makes."""
    host = _host(request)
    games = [
        {**frontend.lobby_data(), "seat_kinds": list(seat_kinds(frontend))} for frontend in host.frontends.values()
    ]
    return answer({"default": host.default_game, "games": games})


async def _catalog(request: Request) -> Response:
    """Every component of a game in words and as data (the data pack the server plays it with): fetched
    once by a client, cached by its digest."""
    frontend = _frontend(request)
    catalog = frontend.catalog()
    etag = f'"{frontend.name}-{catalog.identity.digest}"'
    if request.headers.get("if-none-match") == etag:
        return Response(status_code=304, headers={"ETag": etag})
    return JSONResponse(frontend.catalog_data(catalog), headers={"ETag": etag, "Cache-Control": "no-cache"})


async def _schema(request: Request) -> Response:
    return JSONResponse(_frontend(request).schema(), headers={"Cache-Control": "no-cache"})


async def _create(request: Request) -> Response:
    body = await read_json(request, MAX_CREATE_BODY)
    if not isinstance(body, dict):
        raise Refused(400, "the body must be a JSON object")
    table, tokens = await _host(request).create(body)
    seats = [{"seat": seat, "kind": kind, "token": tokens.get(seat)} for seat, kind in enumerate(table.seats)]
    return answer({"id": table.id, "seats": seats}, status=201)


async def _show(request: Request) -> Response:
    table = _host(request).table(request.path_params["game_id"])
    viewer = _viewer(request, table, required=False)
    since = _since(request, len(table.game))
    return answer(_payload(table, viewer, since))


async def _act(request: Request) -> Response:
    host = _host(request)
    table = host.table(request.path_params["game_id"])
    token = bearer_token(request, required=True)
    assert token is not None
    table.seat_of(token)  # 403 before the body is read
    body = await read_json(request, MAX_ACTION_BODY)
    text, seen = _action_body(body)
    played = await host.act(table, token, text, seen)
    data = _payload(table, table.seat_of(token), played.before)
    data["repeated"] = played.repeated
    return answer(data)


def _action_body(body: Any) -> tuple[str, int | None]:
    """The action text and the action count it was chosen at (None when the client does not say) of an
    action request ``{"action": TEXT, "action_count": N}`` (``action_count`` optional); 400 otherwise."""
    shape = 'the body must be {"action": TEXT} or {"action": TEXT, "action_count": N}'
    if not isinstance(body, dict) or "action" not in body or not set(body) <= {"action", "action_count"}:
        raise Refused(400, shape)
    text, seen = body["action"], body.get("action_count")
    if not isinstance(text, str) or not (seen is None or (isinstance(seen, int) and not isinstance(seen, bool))):
        raise Refused(400, shape)
    if seen is not None and seen < 0:
        raise Refused(400, f"action_count: must be an action count from 0, got {seen}")
    return text, seen


async def _stream(request: Request) -> Response:
    """Server-sent events: an ``update`` (count, to_move, is_over and the spectator's sentences of what
    happened) at once and whenever the game moves; a comment line every 15 s keeps proxies open."""
    host = _host(request)
    table = host.table(request.path_params["game_id"])
    since = _since(request, len(table.game))
    resumed = request.headers.get("last-event-id", "")  # an EventSource reconnecting says what it saw
    if resumed.isdigit() and int(resumed) <= len(table.game):
        since = int(resumed)

    async def events() -> AsyncIterator[str]:
        seen = since
        while not host.closing:
            yield _update(table, seen)
            seen = len(table.game)
            if table.game.is_over:  # nothing more will happen
                return
            while not await _wait_change(host, table, seen, KEEPALIVE_SECONDS):
                yield ": keepalive\n\n"

    headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
    return StreamingResponse(events(), media_type="text/event-stream", headers=headers)


async def _wait_change(host: Host, table: Table, seen: int, timeout: float) -> bool:
    """Wait until the game moves past ``seen`` actions (True), the server closes, or ``timeout`` s pass."""
    async with table.changed:
        try:
            await asyncio.wait_for(table.changed.wait_for(lambda: len(table.game) != seen or host.closing), timeout)
        except TimeoutError:
            return False
    return True


def _update(table: Table, since: int) -> str:
    game = table.game
    data = {
        "action_count": len(game),
        "to_move": game.to_move,
        "is_over": game.is_over,
        "log": table.frontend.log(game, None, since),
    }
    return f"id: {len(game)}\nevent: update\ndata: {json.dumps(data)}\n\n"


def _payload(table: Table, viewer: int | None, since: int) -> dict[str, Any]:
    data = table.frontend.payload(table.game, viewer, since)
    data["id"] = table.id
    # The module that draws the table says which game it is (the game's name may be a component's id too:
    # Newton has a Master "newton", whose id a payload never writes when it is hidden).
    data["table_module"] = table.frontend.table_module
    data["seats"] = list(table.seats)
    data["bot_error"] = table.bot_error
    return data


def _since(request: Request, count: int) -> int:
    raw = request.query_params.get("since", "0")
    if not raw.isdigit() or int(raw) > count:
        raise Refused(400, f"since: must be an action count from 0 to {count}, got {raw!r}")
    return int(raw)


def bearer_token(request: Request, required: bool) -> str | None:
    """The token of ``Authorization: Bearer TOKEN``; 401 when it is missing (and required) or malformed."""
    header = request.headers.get("authorization")
    if header is None:
        if required:
            raise Refused(401, "this needs a seat's token: Authorization: Bearer TOKEN")
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip() or len(token) > 200:
        raise Refused(401, "the Authorization header must be: Bearer TOKEN")
    return token.strip()


def _viewer(request: Request, table: Table, required: bool) -> int | None:
    token = bearer_token(request, required)
    return None if token is None else table.seat_of(token)


async def read_json(request: Request, limit: int) -> Any:
    """The request's JSON body, read up to ``limit`` bytes: 413 beyond, 400 when it is not JSON."""
    declared = request.headers.get("content-length")
    if declared is not None and not declared.isdigit():
        raise Refused(400, f"bad Content-Length {declared[:20]!r}")
    if declared is not None and int(declared) > limit:
        raise Refused(413, f"the body is larger than {limit} bytes")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise Refused(413, f"the body is larger than {limit} bytes")
    try:
        return json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise Refused(400, f"the body is not JSON: {exc}") from exc
