"""The games a server hosts: each one a table of seats (people with tokens, or bots), its game, its log.

This module knows nothing of HTTP. :class:`Host` creates, loads and plays games; every refusal is a
:class:`Refused` carrying the HTTP status and the reason in words, raised before anything changes.
An action is checked (whose turn, which seat the token is for, legal), then stored, and only then
does the table's game move on: a failure at any step leaves the game as it was, in memory and on disk.

A host serves the games it is given (each a :class:`rules_core.frontend.FrontEnd`) and imports none: a
game's class, bots and options all come from its declaration. Bots seated by the server play as soon as it
is their turn, each decision computed in a worker thread
(the event loop keeps serving requests) and applied under the table's lock like a person's action.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from newton_rules.server.store import GameStore, StoredGame, StoreError, token_digest
from rules_core.errors import ActionSyntaxError, IllegalAction, RulesError
from rules_core.frontend import FrontEnd, FrontEndBot
from rules_core.session import Session
from rules_core.simulation.batch import bot_seed

HUMAN = "human"
# The seat kinds of Newton's front end, as the first version of the server offered them (each game's are
# ``human`` and the names of its bots: :meth:`Host.seat_kinds`).
SEAT_KINDS = (HUMAN, "greedy", "mcts", "random")
MAX_SEED = 2**63 - 1
LOG = logging.getLogger("newton_rules.server")


class Refused(Exception):
    """A request the server refuses: ``status`` is the HTTP status, ``reason`` says why in words."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


def new_token() -> str:
    """An unguessable seat token: 256 random bits, URL-safe."""
    return secrets.token_urlsafe(32)


def new_game_id() -> str:
    return secrets.token_urlsafe(9)


class Table:
    """One hosted game: its seats, the current game, a lock for changes and a condition for followers."""

    def __init__(self, stored: StoredGame, frontend: FrontEnd, bots: dict[int, FrontEndBot]) -> None:
        self.id = stored.id
        self.frontend = frontend
        self.game: Session = stored.game
        self.seats = stored.seats
        self._digests = stored.digests
        self.bots = bots
        self.lock = asyncio.Lock()
        self.changed = asyncio.Condition()
        self.bot_task: asyncio.Task[None] | None = None
        self.bot_error: str | None = None

    def seat_of(self, token: str) -> int:
        """The seat ``token`` is for; 403 when it is no seat's token at this table."""
        digest = token_digest(token)
        found = None
        for seat, expected in self._digests.items():  # compare every digest: the time says nothing
            if hmac.compare_digest(digest, expected):
                found = seat
        if found is None:
            raise Refused(403, "this token is not a seat's token at this game")
        return found

    @property
    def bot_to_move(self) -> bool:
        seat = self.game.to_move
        return seat is not None and seat in self.bots and self.bot_error is None


class Host:
    """Every table of one database, of the games ``frontends`` declares (the first is the game of a create
    request that names none); games are loaded from the database on first use and kept."""

    def __init__(
        self, store: GameStore, frontends: Sequence[FrontEnd], bot_delay: float = 0.0, mcts_time: float = 1.0
    ) -> None:
        if not frontends:
            raise ValueError("a host needs at least one game to serve")
        self.frontends = {frontend.name: frontend for frontend in frontends}
        self.default_game = frontends[0].name
        self.store = store
        self.bot_delay = bot_delay
        self.mcts_time = mcts_time
        self._tables: dict[str, Table] = {}
        self._closing = False

    # -- creating and finding games ---------------------------------------------------------------------

    async def create(self, request: Mapping[str, Any]) -> tuple[Table, dict[int, str]]:
        """A new game from a create request (game, players, seed, seats, options); returns it and the tokens."""
        frontend = self.frontend(request.get("game", self.default_game))
        players, seed, seats, options = _read_create(request, frontend)
        try:
            game = frontend.new_game(players, seed, options)
        except (RulesError, TypeError, ValueError) as exc:
            raise Refused(400, f"options: {exc}") from exc
        tokens = {seat: new_token() for seat, kind in enumerate(seats) if kind == HUMAN}
        game_id = new_game_id()
        try:
            self.store.create(game_id, game, seats, tokens, frontend.name)
        except StoreError as exc:
            raise Refused(503, str(exc)) from exc
        digests = {seat: token_digest(t) for seat, t in tokens.items()}
        stored = StoredGame(game_id, game, seats, digests, frontend.name)
        table = self._seat(stored)
        self.wake_bots(table)
        return table, tokens

    def frontend(self, name: Any) -> FrontEnd:
        """The declaration of the game ``name``; 400 when this server hosts no such game."""
        found = self.frontends.get(name) if isinstance(name, str) else None
        if found is None:
            raise Refused(400, f"game: must be one of {', '.join(self.frontends)}, got {name!r}")
        return found

    def table(self, game_id: str) -> Table:
        """The table of ``game_id`` (loaded from the database on first use); 404 when there is none."""
        table = self._tables.get(game_id)
        if table is None:
            try:
                stored = self.store.load(game_id) if _plausible_id(game_id) else None
            except StoreError as exc:
                raise Refused(500, str(exc)) from exc
            if stored is None:
                raise Refused(404, f"no game {game_id!r}")
            table = self._seat(stored)
            self.wake_bots(table)
        return table

    def resume(self) -> int:
        """Load every unfinished game so its bots play on; returns how many were loaded (a game that does
        not replay is left out, logged, and answered 500 when asked for)."""
        loaded = 0
        for game_id in self.store.unfinished():
            try:
                self.table(game_id)
            except Refused as exc:
                LOG.error("%s", exc.reason)
                continue
            loaded += 1
        return loaded

    def _seat(self, stored: StoredGame) -> Table:
        frontend = self.frontends[stored.name]  # the store reads back only the games hosted here
        seed = stored.game.config.seed
        bots = {
            seat: self._bot(frontend, kind, bot_seed(seed, seat))
            for seat, kind in enumerate(stored.seats)
            if kind != HUMAN
        }
        table = self._tables[stored.id] = Table(stored, frontend, bots)
        return table

    def _bot(self, frontend: FrontEnd, kind: str, seed: int) -> FrontEndBot:
        return frontend.bots[kind](seed, self.mcts_time)

    # -- playing ----------------------------------------------------------------------------------------

    async def act(self, table: Table, token: str, text: str, seen: int | None = None) -> Played:
        """Play ``text`` for the seat of ``token``; the game is untouched when anything is refused.

        ``seen`` is the action count of the position the player chose from (their payload's
        ``action_count``), when the client sends it: the same action sent twice from the same position
        (a double click, a retry after a lost answer) is answered as the one already applied
        (``repeated``) instead of being refused, and an action chosen from a position the game has left
        is refused (409) instead of being applied to another position."""
        seat = table.seat_of(token)
        async with table.lock:
            game = table.game
            if seen is not None and seen != len(game):
                _check_repeated(game, seat, seen, text)
                return Played(game, seen, repeated=True)
            if game.is_over:
                raise Refused(409, "the game is over")
            if game.to_move != seat:
                raise Refused(409, f"not your turn: seat {game.to_move} is to move, you are seat {seat}")
            try:
                action = game.parse_action(text)
                after = game.apply(action)
            except ActionSyntaxError as exc:
                raise Refused(422, f"not an action: {exc}") from exc
            except IllegalAction as exc:
                raise Refused(422, f"illegal action: {exc}") from exc
            await self._commit(table, seat, action, after)
        self.wake_bots(table)
        return Played(after, len(game), repeated=False)

    async def _commit(self, table: Table, seat: int, action: Any, after: Session) -> None:
        """Store the action, then move the table on and tell its followers (called under the lock); 503
        and nothing changed when the database cannot be written."""
        try:
            self.store.append(table.id, len(after) - 1, seat, str(action), after.is_over)
        except StoreError as exc:
            raise Refused(503, str(exc)) from exc
        table.game = after
        async with table.changed:
            table.changed.notify_all()

    def wake_bots(self, table: Table) -> None:
        """Start the table's bot loop if a bot is to move and none is running."""
        if self._closing or not table.bot_to_move:
            return
        if table.bot_task is None or table.bot_task.done():
            table.bot_task = asyncio.get_running_loop().create_task(self._play_bots(table))

    async def _play_bots(self, table: Table) -> None:
        while table.bot_to_move and not self._closing:
            game = table.game
            seat = game.to_move
            assert seat is not None
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            try:
                action = await asyncio.to_thread(table.bots[seat].choose, game)
                after = await asyncio.to_thread(game.apply, action)
            except Exception as exc:  # a bot that fails stops playing; the game stays as it was
                table.bot_error = f"the {table.seats[seat]} bot of seat {seat} failed: {exc}"
                LOG.exception("game %s: %s", table.id, table.bot_error)
                return
            async with table.lock:
                if table.game is not game:  # cannot happen (only this loop moves a bot's seat); be safe
                    continue
                try:
                    await self._commit(table, seat, action, after)
                except Refused as exc:
                    table.bot_error = f"the move of the {table.seats[seat]} bot of seat {seat} was not stored: {exc}"
                    LOG.error("game %s: %s", table.id, table.bot_error)
                    return

    async def close(self) -> None:
        """Stop the bot loops (a bot's decision in flight is dropped: it was never stored)."""
        self._closing = True
        tasks = [t.bot_task for t in self._tables.values() if t.bot_task is not None and not t.bot_task.done()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for table in self._tables.values():
            async with table.changed:
                table.changed.notify_all()

    @property
    def closing(self) -> bool:
        return self._closing


@attrs.frozen
class Played:
    """What an action request did: the game after it, the count of actions before it (where the
    answer's log starts), and whether it repeated an action already applied."""

    game: Session
    before: int
    repeated: bool


def _check_repeated(game: Session, seat: int, seen: int, text: str) -> None:
    """Pass when action number ``seen`` of ``game`` is ``text`` played by ``seat`` (the request repeats it);
    otherwise the request was chosen from a position the game has left: 409 (400 for a future count)."""
    if seen > len(game):
        raise Refused(400, f"action_count: must be an action count from 0 to {len(game)}, got {seen}")
    actor, action, _ = game.view(seat).entries_since(seen)[0]
    if actor != seat or str(action) != _normalised(game, text):
        raise Refused(
            409,
            f"the game has moved on: you chose from the position after {seen} actions, it is now after "
            f"{len(game)}; look again before you act",
        )


def _normalised(game: Session, text: str) -> str:
    """``text`` as the notation writes it (as the log stores it), or as given when it does not parse."""
    try:
        return str(game.parse_action(text))
    except RulesError:
        return text.strip()


def _plausible_id(game_id: str) -> bool:
    return 0 < len(game_id) <= 64 and all(c.isalnum() or c in "-_" for c in game_id)


def _read_create(request: Mapping[str, Any], frontend: FrontEnd) -> tuple[int, int, tuple[str, ...], Mapping[str, Any]]:
    """Check a create request field by field for ``frontend``'s game; 400 naming the first field that is wrong."""
    known = {"game", "players", "seed", "seats", "options"}
    unknown = sorted(set(request) - known)
    if unknown:
        raise Refused(400, f"unknown field(s) {', '.join(unknown)} (known: {', '.join(sorted(known))})")
    low, high = frontend.players
    players = request.get("players", 2)
    if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
        raise Refused(400, f"players: must be an integer from {low} to {high}, got {players!r}")
    seed = request.get("seed")
    if seed is None:
        seed = secrets.randbelow(2**31)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise Refused(400, f"seed: must be an integer from 0 to {MAX_SEED}, got {seed!r}")
    seats = request.get("seats", [HUMAN] + [frontend.default_bot] * (players - 1))
    if not isinstance(seats, list) or len(seats) != players:
        raise Refused(400, f"seats: must be a list of {players} seat kinds, got {seats!r}")
    kinds = seat_kinds(frontend)
    for seat, kind in enumerate(seats):
        if kind not in kinds:
            raise Refused(400, f"seats[{seat}]: must be one of {', '.join(kinds)}, got {kind!r}")
    options = request.get("options", {})
    if not isinstance(options, dict):
        raise Refused(400, f"options: must be an object of option names to values, got {options!r}")
    return players, seed, tuple(seats), options


def seat_kinds(frontend: FrontEnd) -> tuple[str, ...]:
    """Who may sit at a seat of ``frontend``'s game: a person, or one of its bots."""
    return (HUMAN, *sorted(frontend.bots))
