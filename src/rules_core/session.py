"""How a game declares itself to the core, and the generic immutable game every game's ``Game`` is.

A game on the core is two things:

1. one :class:`~rules_core.definition.GameDefinition`, the game's declaration (:mod:`rules_core.definition`:
   its rule table, setup, records and their converter, view filter, scores and invariants, and what its
   records must offer);
2. a subclass of :class:`Session` that names it: ``class Game(Session): definition = MY_GAME``, adding
   whatever game-specific reading it wants (``round``, ``facts`` ...). Nothing else is needed: the
   command loop, the persistent log, saves, replays, views and pickles are the core's.

The session (a ``Session``, i.e. a game's ``Game``):

- ``Game.new(config, catalog=None)``; ``Game.from_position(config, state, catalog=None)`` (a built position,
  for tests); ``Game.replay(config, actions, catalog=None, position=None)``; ``Game.from_json(text)``;
  ``Game.from_sample(config, state, catalog, seen, actions)`` (a view's sample, made by
  :func:`rules_core.views.sample_game`: the seat's log kept, no save);
- ``game.legal_actions()`` (one source of legality: the rule table), ``game.apply(action_or_text)`` -> a new
  game (the old one is untouched; an illegal action raises ``IllegalAction``), ``game.parse_action(text)``;
- ``game.to_move`` (seat or None), ``game.is_over``, ``game.scores``, ``game.winners``, ``len(game)``;
  ``game.outcome``: why a finished game ended, its scores, winners and deciding tie-break (None before);
- the log: ``game.actions``, ``game.events``, ``game.last_events``, ``game.iter_log()``; ``game.view(player |
  None)``: the game's view filter (``definition.view``), a spectator for None;
- ``game.to_json()``: ``{"format", "config", "data", "actions", "state"[, "position"]}`` as canonical JSON;
  ``Game.from_json(text, catalog=None, verify=True)`` replays the actions and checks the snapshot
  (``verify=False`` trusts the snapshot, the events are replayed on first use); bad input raises
  ``SaveFormatError`` naming what is wrong.

A game is immutable: ``copy``/``deepcopy`` return it, ``pickle`` goes through its save (trusted).
"""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, ClassVar, NamedTuple, TypeVar

import attrs
import cattrs

from rules_core.codec import error_text
from rules_core.definition import GameDefinition, highest_scores, most_points, no_problems
from rules_core.engine import deciding_player, explain_illegal
from rules_core.errors import ActionSyntaxError, IllegalAction, RulesError, SaveFormatError
from rules_core.outcome import Outcome

S = TypeVar("S", bound="Session")


# -- the persistent log ------------------------------------------------------------------------------------


class LogEntry(NamedTuple):
    """One link of the persistent log: an action and the events it produced (setup has no action).

    A named tuple: one is made per action, so it should cost no more than a tuple. Views read
    ``actor``, ``action`` and ``events``."""

    previous: LogEntry | LazyHistory | SeenHistory | None
    action: Any
    actor: int | None
    events: tuple[Any, ...]


@attrs.define(eq=False)
class LazyHistory:
    """The log of a game loaded from a trusted snapshot: its actions are known, its events are
    rebuilt by replaying them the first time they are asked for."""

    session: type[Session]
    config: Any
    actions: tuple[Any, ...]
    position: Any
    catalog: Any
    replayed: list[LogEntry] | None = None

    def entries(self) -> list[LogEntry]:
        if self.replayed is None:
            game = self.session.replay(self.config, self.actions, catalog=self.catalog, position=self.position)
            self.replayed = log_entries(game._log)
        return self.replayed


@attrs.define(eq=False)
class SeenHistory:
    """The history of a sampled game (:meth:`Session.from_sample`): the log as one seat saw it. ``seen()``
    gives its entries, (actor, action, events) as the seat's view shows them, setup's first; they are
    asked for on first use only."""

    actions: tuple[Any, ...]
    seen: Callable[[], Sequence[Any]]
    replayed: list[LogEntry] | None = None

    def entries(self) -> list[LogEntry]:
        if self.replayed is None:
            self.replayed = [LogEntry(None, e.action, e.actor, tuple(e.events)) for e in self.seen()]
        return self.replayed


History = LazyHistory | SeenHistory
HISTORIES = (LazyHistory, SeenHistory)
Log = LogEntry | History | None


def log_entries(last: Log) -> list[LogEntry]:
    """Every entry of the log, oldest first."""
    return last_entries(last, sys.maxsize)


def last_entries(last: Log, count: int) -> list[LogEntry]:
    """The last ``count`` entries of the log, oldest first, walking back only as far as they go."""
    out: list[LogEntry] = []
    while len(out) < count and isinstance(last, LogEntry):
        out.append(last)
        last = last.previous
    out.reverse()
    if len(out) < count and isinstance(last, HISTORIES):
        earlier = last.entries()
        out = earlier[max(0, len(earlier) - (count - len(out))) :] + out
    return out


def _history_of(last: Log) -> History | None:
    """The history below the entries of the log (None for a game played from setup or a position)."""
    while isinstance(last, LogEntry):
        last = last.previous
    return last


def _logged_actions(last: Log) -> tuple[Any, ...]:
    out = []
    while isinstance(last, LogEntry):
        if last.action is not None:
            out.append(last.action)
        last = last.previous
    out.reverse()
    if isinstance(last, HISTORIES):
        return (*last.actions, *out)
    return tuple(out)


# -- the session -------------------------------------------------------------------------------------------


class Session:
    """An immutable game of the game named by the subclass's ``definition``: position, pending decision,
    and the log that produced it (see the module doc)."""

    __slots__ = ("_ctx", "_legal", "_log", "_n_actions", "_position", "_view_log", "state")
    definition: ClassVar[GameDefinition]

    def __init__(
        self,
        ctx: Any,
        state: Any,
        log: Log,
        n_actions: int,
        position: Any = None,
        legal: tuple[Any, ...] | None = None,
    ) -> None:
        self._ctx = ctx
        self.state = state
        self._log = log
        self._n_actions = n_actions
        self._position = position
        self._legal = legal  # computed on demand unless the engine already has it
        self._view_log: Any = None  # the log as each viewer sees it, made by the first view

    # -- creation -----------------------------------------------------------------------------
    @classmethod
    def context(cls, config: Any, catalog: Any = None) -> Any:
        """The rules context of a game of ``config`` played with ``catalog`` (the default data if None)."""
        definition = cls.definition
        return definition.context(config, catalog or definition.default_catalog())

    @classmethod
    def new(cls: type[S], config: Any, catalog: Any = None) -> S:
        """A new game set up from ``config`` (with the game's reference data unless ``catalog`` is given)."""
        ctx = cls.context(config, catalog)
        state, deal = cls.definition.setup(config, ctx.catalog)
        tx = ctx.rules.transaction(state, ctx)
        for event in deal:
            tx.emit(event)
        legal = ctx.rules.settle(tx)
        return cls(ctx, tx.state, LogEntry(None, None, None, tuple(tx.events)), 0, legal=legal)

    @classmethod
    def from_position(cls: type[S], config: Any, state: Any, catalog: Any = None) -> S:
        """A game that starts from a built position (a test scenario) instead of setup."""
        ctx = cls.context(config, catalog)
        tx = ctx.rules.transaction(state, ctx)
        legal = ctx.rules.settle(tx)
        return cls(ctx, tx.state, LogEntry(None, None, None, tuple(tx.events)), 0, position=state, legal=legal)

    @classmethod
    def from_sample(
        cls: type[S], config: Any, state: Any, catalog: Any, seen: Callable[[], Sequence[Any]], actions: Sequence[Any]
    ) -> S:
        """A game from a sampled position (a determinization a search bot plays on) whose history is the log
        one seat saw: ``actions`` as the seat saw them, ``seen()`` the entries of its view's log
        (:meth:`rules_core.views.ViewLog.entries`), made on first use.

        ``state`` is a position at a decision (a view's state with its hidden parts dealt). Such a game is
        played on, never saved: its log holds what the seat saw, not what happened (``to_json`` refuses it).
        """
        ctx = cls.context(config, catalog)
        tx = ctx.rules.transaction(state, ctx)
        legal = ctx.rules.settle(tx)
        return cls(ctx, tx.state, SeenHistory(tuple(actions), seen), len(actions), legal=legal)

    @classmethod
    def replay(cls: type[S], config: Any, actions: Iterable[Any], catalog: Any = None, position: Any = None) -> S:
        """Rebuild a game from its config and actions (actions or their texts), from setup or ``position``.

        Raises ``SaveFormatError`` naming the first action that does not parse or is not legal."""
        game = cls.new(config, catalog) if position is None else cls.from_position(config, position, catalog)
        for index, raw in enumerate(actions):
            try:
                game = game.apply(raw)
            except (ActionSyntaxError, IllegalAction) as exc:
                raise SaveFormatError(f"action {index} ({raw!r}) cannot be replayed: {exc}") from exc
        return game

    @property
    def position(self) -> Any:
        """The built starting position, for games made with :meth:`from_position` (else None)."""
        return self._position

    # -- the position -------------------------------------------------------------------------
    @property
    def config(self) -> Any:
        return self._ctx.config

    @property
    def catalog(self) -> Any:
        return self._ctx.catalog

    @property
    def is_over(self) -> bool:
        return bool(self.state.phase == self._ctx.rules.over_phase)

    @property
    def to_move(self) -> int | None:
        """Seat of the player whose decision is pending; None when the game is over."""
        return None if self.is_over else deciding_player(self.state.top)

    def legal_actions(self) -> tuple[Any, ...]:
        """Every legal atomic action of :attr:`to_move`, in a stable order."""
        if self._legal is None:
            self._legal = self._ctx.rules.legal_actions(self.state, self._ctx)
        return self._legal

    def apply(self: S, action: Any) -> S:
        """The game after ``action`` (an action or its text). Raises ``IllegalAction``, leaving this game as it is."""
        if isinstance(action, str):
            action = self._ctx.rules.parse_action(action)
        state, events, legal = self._ctx.rules.apply_action(self.state, self._ctx, action, self.legal_actions())
        entry = LogEntry(self._log, action, deciding_player(self.state.top), tuple(events))
        return type(self)(self._ctx, state, entry, self._n_actions + 1, self._position, legal)

    def parse_action(self, text: str) -> Any:
        """The legal action written ``text``; raises ``ActionSyntaxError`` or ``IllegalAction``."""
        action = self._ctx.rules.parse_action(text)
        legal = self.legal_actions()
        if action not in legal:
            raise IllegalAction(explain_illegal(self.state, action, legal))
        return action

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's score (final once :attr:`is_over`)."""
        return self.definition.scores(self.state)

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seats (ties share the victory unless the game breaks them); () before the end."""
        if not self.is_over:
            return ()
        return self.definition.winners(self)

    @property
    def outcome(self) -> Outcome | None:
        """Why the game ended, its final scores, its winners and the tie-break that decided (the game's
        :attr:`GameDefinition.outcome`); None while the game goes on."""
        if not self.is_over:
            return None
        return self.definition.outcome(self)

    # -- the log ------------------------------------------------------------------------------
    @property
    def actions(self) -> tuple[Any, ...]:
        """The actions applied since setup, in order."""
        return _logged_actions(self._log)

    @property
    def events(self) -> tuple[Any, ...]:
        """Every event since setup (setup's own first), in order."""
        return tuple(event for e in log_entries(self._log) for event in e.events)

    @property
    def last_events(self) -> tuple[Any, ...]:
        """The events produced by the last action (by setup for a new game): what a front end animates."""
        if isinstance(self._log, LogEntry):
            return self._log.events
        entries = log_entries(self._log)
        return entries[-1].events if entries else ()

    def iter_log(self) -> Iterator[tuple[int | None, Any, tuple[Any, ...]]]:
        """(who acted, action, the events it produced) from setup (action None) on."""
        for e in log_entries(self._log):
            yield e.actor, e.action, e.events

    def __len__(self) -> int:
        return self._n_actions

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Session) or other.definition is not self.definition:
            return NotImplemented
        return self.config == other.config and self.state == other.state and self.actions == other.actions

    def __hash__(self) -> int:
        return hash((self.config, self._n_actions))

    def __repr__(self) -> str:
        status = "over" if self.is_over else f"player {self.to_move} to move"
        return f"<{self.definition.name} game, {self.config.players}p seed={self.config.seed}, {status}>"

    # -- hidden information -------------------------------------------------------------------
    def view(self, player: int | None) -> Any:
        """What ``player`` may see (None: a spectator), through the game's one view filter."""
        if self._view_log is None:
            # The log's tail, not the game: the views this game keeps must not point back at it.
            self._view_log = self.definition.view_log(
                functools.partial(last_entries, self._log), self._n_actions, self._ctx.rules
            )
        return self.definition.view(self, player, self._view_log)

    # -- copies and pickles -------------------------------------------------------------------
    def __copy__(self: S) -> S:
        return self  # immutable: a copy could never differ from the original

    def __deepcopy__(self: S, memo: dict[int, Any]) -> S:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle through the save text, loaded back as a trusted save (no replay).

        The catalog travels as the object itself, unless it is the game's reference data (then the loading
        process uses its own): a pickle stays self-contained even if a custom data pack moved.
        """
        catalog = None if self.catalog is self.definition.default_catalog() else self.catalog
        return (_unpickle, (type(self), self.to_json(), catalog))

    # -- saving -------------------------------------------------------------------------------
    def to_json(self) -> str:
        """The save: format version, config, data pack identity, the action log and a snapshot of the state.

        Same game, same text. The log is the truth; the snapshot lets :meth:`from_json` check it, or skip
        the replay for a trusted save (``verify=False``). A sampled game (:meth:`from_sample`) has no save."""
        if isinstance(_history_of(self._log), SeenHistory):
            raise RulesError("a sampled game is not saved: its log is what one seat saw, not what happened")
        converter = self.definition.converter
        doc: dict[str, Any] = {
            "format": self.definition.save_format,
            "config": converter.unstructure(self.config),
            "data": converter.unstructure(self.catalog.identity),
            "actions": [str(a) for a in self.actions],
            "state": converter.unstructure(self.state),
        }
        if self._position is not None:
            doc["position"] = converter.unstructure(self._position)
        return canonical(doc)

    @classmethod
    def from_json(cls: type[S], text: str | bytes, catalog: Any = None, *, verify: bool = True) -> S:
        """Load a save written by :meth:`to_json`; raises ``SaveFormatError`` naming the problem.

        By default the actions are replayed from the config (a loaded game is sound whatever the file
        says) and the saved state must match the replayed one. ``verify=False`` trusts the state snapshot
        and skips the replay: for saves this program wrote itself, never for input from elsewhere.
        """
        definition = cls.definition
        try:
            doc = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError, TypeError) as exc:
            raise SaveFormatError(f"not a saved game: invalid JSON ({exc})") from exc
        if not isinstance(doc, dict):
            raise SaveFormatError("not a saved game: the top level must be an object")
        unknown = set(doc) - {"format", "config", "data", "actions", "position", "state"}
        if unknown:
            raise SaveFormatError(f"unknown field(s) in saved game: {', '.join(sorted(unknown))}")
        if doc.get("format") not in definition.readable_formats:
            raise SaveFormatError(
                f"unsupported save format {doc.get('format')!r} (this library reads {definition.save_format})"
            )
        doc = definition.upgrade_save(doc)
        config = cls._read_config(doc.get("config"))
        if "data" in doc:  # saves of formats before the data-pack identity do not say which pack they used
            catalog = cls._pack_for(cls._read_identity(doc["data"]), catalog)
        actions = doc.get("actions")
        if not isinstance(actions, list):
            raise SaveFormatError("saved game 'actions' must be a list of action texts")
        position = cls._read_state(doc["position"], "position") if "position" in doc else None
        if not verify and "state" in doc:
            return cls._trusted(config, actions, position, cls._read_state(doc["state"], "state"), catalog)
        if position is None:
            game = cls.replay(config, actions, catalog=catalog)
        else:
            game = cls._replay_position(config, actions, position, catalog)
        if "state" in doc and canonical(definition.converter.unstructure(game.state)) != canonical(doc["state"]):
            raise SaveFormatError("the saved state does not match the game its actions replay to")
        return game

    @classmethod
    def _read_config(cls, raw: Any) -> Any:
        if not isinstance(raw, dict):
            raise SaveFormatError("saved game 'config' must be an object")
        try:
            return cls.definition.converter.structure(raw, cls.definition.config_type)
        except (cattrs.BaseValidationError, RulesError, TypeError, KeyError) as exc:
            raise SaveFormatError(f"bad config in saved game: {error_text(exc)}") from exc

    @classmethod
    def _read_identity(cls, raw: Any) -> Any:
        try:
            return cls.definition.converter.structure(raw, cls.definition.identity_type)
        except Exception as exc:  # cattrs wraps what the hooks raise; report the inner reasons
            raise SaveFormatError(f"bad data in saved game: {error_text(exc, 'data')}") from exc

    @classmethod
    def _pack_for(cls, saved: Any, catalog: Any) -> Any:
        """The pack a save replays with (the one given, else the reference pack or the earlier one the save
        names): only the pack it was played with, as another one would be another game."""
        if catalog is None:
            catalog = cls.definition.default_catalog()
            if saved != catalog.identity:
                catalog = cls.definition.earlier_catalog(saved) or catalog
        if saved != catalog.identity:
            raise SaveFormatError(
                f"this game was played with {pack_label(saved)}, not with {pack_label(catalog.identity)}: "
                f"{cls.definition.load_hint}"
            )
        return catalog

    @classmethod
    def _read_state(cls, raw: Any, field: str) -> Any:
        try:
            return cls.definition.converter.structure(raw, cls.definition.state_type)
        except (cattrs.BaseValidationError, ValueError, TypeError, KeyError, AttributeError) as exc:
            raise SaveFormatError(f"bad {field} in saved game: {error_text(exc, field)}") from exc

    @classmethod
    def _replay_position(cls: type[S], config: Any, actions: list[Any], position: Any, catalog: Any) -> S:
        """Replay from a saved position, which is only accepted if it is a sound game position."""
        try:
            start = cls.from_position(config, position, catalog)
            problems = cls.definition.invariants(start)
            start.legal_actions()
        except RulesError:
            raise
        except Exception as exc:  # a tampered position can name anything; report it, never crash
            raise SaveFormatError(f"bad position in saved game: {type(exc).__name__}: {exc}") from exc
        if problems:
            raise SaveFormatError(f"bad position in saved game: {problems[0]}")
        try:
            return cls.replay(config, actions, catalog=catalog, position=position)
        except RulesError:
            raise
        except Exception as exc:
            raise SaveFormatError(f"saved position cannot be replayed: {type(exc).__name__}: {exc}") from exc

    @classmethod
    def _trusted(cls: type[S], config: Any, texts: list[Any], position: Any, state: Any, catalog: Any) -> S:
        """A game from a trusted snapshot: the state as saved, the history replayed only when asked for."""
        ctx = cls.context(config, catalog)
        try:
            actions = tuple(ctx.rules.parse_action(t) for t in texts)
        except ActionSyntaxError as exc:
            raise SaveFormatError(f"saved action cannot be read: {exc}") from exc
        history = LazyHistory(cls, config, actions, position, ctx.catalog)
        return cls(ctx, state, history, len(actions), position)


def _unpickle(cls: type[S], text: str, catalog: Any) -> S:
    """A pickled game: its save, trusted (a pickle is only ever loaded from a trusted source)."""
    return cls.from_json(text, catalog, verify=False)


def canonical(value: Any) -> str:
    """The one JSON text of a value: sorted keys, no spaces."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def pack_label(identity: Any) -> str:
    """A data pack's identity for people: its name (if any) and the start of its digest (if any)."""
    name = getattr(identity, "name", None)
    label = "an unnamed data pack" if name is None else f"data pack {name!r}"
    digest = getattr(identity, "digest", None)
    return label if digest is None else f"{label} (digest {digest[:12]})"


__all__ = [
    "HISTORIES",
    "GameDefinition",
    "History",
    "LazyHistory",
    "Log",
    "LogEntry",
    "SeenHistory",
    "Session",
    "canonical",
    "highest_scores",
    "last_entries",
    "log_entries",
    "most_points",
    "no_problems",
    "pack_label",
]
