"""The games' database: SQLite, with each game's action log as the truth.

A game is stored as the name of its game (``"newton"``, ``"galileo"``: which declared game's class reads it
back), the save of its setup (``to_json()`` before the first action: config, data pack, snapshot), the kind
of each seat, the digests of the human seats' tokens, and one row per action
(its number, the seat that acted, its text). Loading a game replays its actions from the setup through
``apply``, so a game read back is the game that was played, checked action by action.

A database written before games had names holds Newton's games only: opening it adds the ``game`` column,
every existing row reading ``newton``, and nothing else changes.

Every write is one SQLite transaction (a game and its tokens together; an action and the game's
``finished`` flag together), committed before the server answers, so a crash or a restart loses
nothing the clients were told about. Only the SHA-256 digests of the tokens are stored: a copy of the
database does not let anyone act for a seat.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

import attrs

from rules_core.errors import RulesError
from rules_core.session import Session

# The game of the rows written before the column existed: the server hosted Newton only.
FIRST_GAME = "newton"

SCHEMA = f"""
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL DEFAULT '{FIRST_GAME}',
    setup TEXT NOT NULL,
    seats TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS tokens (
    game TEXT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    digest TEXT NOT NULL,
    PRIMARY KEY (game, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    game TEXT NOT NULL REFERENCES games(id),
    number INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    text TEXT NOT NULL,
    PRIMARY KEY (game, number)
);
"""


def token_digest(token: str) -> str:
    """What the database keeps of a seat's token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@attrs.frozen
class StoredGame:
    """One game as read back: the game replayed from its log, the seat kinds, the token digests by seat, the
    name of its game."""

    id: str
    game: Session
    seats: tuple[str, ...]
    digests: dict[int, str]
    name: str = FIRST_GAME


class StoreError(Exception):
    """The database holds something that does not replay (edited by hand, or another rules version)."""


class GameStore:
    """The SQLite file at ``path`` (``":memory:"`` for a throwaway one), shared by the server's threads;
    ``games`` maps each game's name to its class, which reads its stored games back."""

    def __init__(self, path: str | Path, games: Mapping[str, type[Session]]) -> None:
        self._games = dict(games)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(games)")}
        if "game" not in columns:  # a database of the first version: Newton's games only
            self._db.execute(f"ALTER TABLE games ADD COLUMN game TEXT NOT NULL DEFAULT '{FIRST_GAME}'")

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def create(
        self, game_id: str, game: Session, seats: Sequence[str], tokens: dict[int, str], name: str = FIRST_GAME
    ) -> None:
        """Store a new game of the game ``name`` (no action played yet) and its human seats' tokens, all or
        nothing."""
        if name not in self._games:
            raise StoreError(f"no game named {name!r} here (known: {', '.join(sorted(self._games))})")
        with self._lock, self._transaction():
            self._db.execute(
                "INSERT INTO games (id, game, setup, seats, created) VALUES (?, ?, ?, ?, ?)",
                (game_id, name, game.to_json(), json.dumps(list(seats)), time.time()),
            )
            self._db.executemany(
                "INSERT INTO tokens (game, seat, digest) VALUES (?, ?, ?)",
                [(game_id, seat, token_digest(token)) for seat, token in tokens.items()],
            )

    def append(self, game_id: str, number: int, seat: int, action: str, finished: bool) -> None:
        """Store action ``number`` (counted from 0) of a game; a number already stored is refused."""
        with self._lock, self._transaction():
            self._db.execute(
                "INSERT INTO actions (game, number, seat, text) VALUES (?, ?, ?, ?)", (game_id, number, seat, action)
            )
            if finished:
                self._db.execute("UPDATE games SET finished = 1 WHERE id = ?", (game_id,))

    def load(self, game_id: str) -> StoredGame | None:
        """The game replayed from its setup and action log, or None when no game has that id."""
        with self._lock:
            row = self._db.execute("SELECT setup, seats, game FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                return None
            tokens = self._db.execute("SELECT seat, digest FROM tokens WHERE game = ?", (game_id,)).fetchall()
            actions = self._db.execute(
                "SELECT number, text FROM actions WHERE game = ? ORDER BY number", (game_id,)
            ).fetchall()
        game_type = self._games.get(row[2])
        if game_type is None:
            raise StoreError(f"game {game_id} is a game of {row[2]!r}, which this server does not host")
        game = _replayed(game_type, game_id, row[0], actions)
        digests = {seat: digest for seat, digest in tokens}
        return StoredGame(game_id, game, tuple(json.loads(row[1])), digests, row[2])

    def unfinished(self) -> list[str]:
        """The ids of the games not over, oldest first (their bots resume when the server starts)."""
        with self._lock:
            rows = self._db.execute("SELECT id FROM games WHERE finished = 0 ORDER BY created").fetchall()
        return [game_id for (game_id,) in rows]

    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK when the block raises; a database error becomes a
    :class:`StoreError` saying what could not be written."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def __enter__(self) -> None:
        try:
            self._db.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            raise StoreError(f"the database cannot be written: {exc}") from exc

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None, traceback: object) -> None:
        try:
            self._db.execute("COMMIT" if kind is None else "ROLLBACK")
        except sqlite3.Error as exc:
            raise StoreError(f"the database cannot be written: {exc}") from exc
        if isinstance(value, sqlite3.Error):
            raise StoreError(f"the database cannot be written: {value}") from value


def _replayed(game_type: type[Session], game_id: str, setup: str, actions: Sequence[tuple[int, str]]) -> Session:
    try:
        game = game_type.from_json(setup)
        for expected, (number, text) in enumerate(actions):
            if number != expected:
                raise StoreError(f"game {game_id}: action {expected} is missing from the log")
            game = game.apply(game.parse_action(text))
    except RulesError as exc:
        raise StoreError(f"game {game_id} does not replay: {exc}") from exc
    return game
