"""The public face of the engine: :class:`Game`, an immutable game you query and apply actions to.

    >>> import newton_rules as nr
    >>> game = nr.new_game(players=2, seed=7)
    >>> action = game.legal_actions()[0]
    >>> game = game.apply(action)          # a new Game; the old one is unchanged

The log is the truth: ``game.config`` (seed, players, options, rules version) and ``game.actions``
rebuild the game exactly (:func:`replay`); saves are that log (:meth:`Game.to_json`).
"""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Iterator, Mapping
from typing import Any, NamedTuple, overload

import attrs
import cattrs

from newton_rules.components.catalog import Catalog, PackIdentity
from newton_rules.components.loading import default_catalog
from newton_rules.decisions import Decision, describe
from newton_rules.errors import ActionSyntaxError, IllegalAction, NewtonError, SaveFormatError
from newton_rules.facts import Facts, player_facts
from newton_rules.invariants import check_invariants
from newton_rules.model import events as ev
from newton_rules.model.actions import Action
from newton_rules.model.codec import converter
from newton_rules.model.config import READABLE_FORMATS, SAVE_FORMAT, GameConfig, Options, as_options
from newton_rules.model.frames import Frame
from newton_rules.model.state import GameState
from newton_rules.model.tx import Context, Tx
from newton_rules.rules.scoring import solo_rank
from newton_rules.rules.setup import setup
from newton_rules.rules.table import RULESETS
from newton_rules.view import PlayerView, SpectatorView, ViewLog, player_view, spectator_view
from rules_core.codec import error_text
from rules_core.engine import deciding_player, explain_illegal


class _Entry(NamedTuple):
    """One link of the persistent log: an action and the events it produced (setup has no action).

    A named tuple: one is made per action, so it should cost no more than a tuple."""

    previous: _Entry | _LazyHistory | None
    action: Action | None
    actor: int | None
    events: tuple[ev.Event, ...]


@attrs.define(eq=False)
class _LazyHistory:
    """The log of a game loaded from a trusted snapshot: its actions are known, its events are
    rebuilt by replaying them the first time they are asked for."""

    config: GameConfig
    actions: tuple[Action, ...]
    position: GameState | None
    catalog: Catalog
    replayed: list[_Entry] | None = None

    def entries(self) -> list[_Entry]:
        if self.replayed is None:
            game = replay(self.config, self.actions, catalog=self.catalog, position=self.position)
            self.replayed = _entries(game._log)
        return self.replayed


_Log = _Entry | _LazyHistory | None


def _entries(last: _Log) -> list[_Entry]:
    """Every entry of the log, oldest first."""
    return _last_entries(last, sys.maxsize)


def _last_entries(last: _Log, count: int) -> list[_Entry]:
    """The last ``count`` entries of the log, oldest first, walking back only as far as they go."""
    out: list[_Entry] = []
    while len(out) < count and isinstance(last, _Entry):
        out.append(last)
        last = last.previous
    out.reverse()
    if len(out) < count and isinstance(last, _LazyHistory):
        earlier = last.entries()
        out = earlier[max(0, len(earlier) - (count - len(out))) :] + out
    return out


def _actions(last: _Log) -> tuple[Action, ...]:
    out = []
    while isinstance(last, _Entry):
        if last.action is not None:
            out.append(last.action)
        last = last.previous
    out.reverse()
    if isinstance(last, _LazyHistory):
        return (*last.actions, *out)
    return tuple(out)


class Game:
    """An immutable Newton game: position, pending decision, and the log that produced it."""

    __slots__ = ("_ctx", "_legal", "_log", "_n_actions", "_position", "_view_log", "state")

    def __init__(
        self,
        ctx: Context,
        state: GameState,
        log: _Log,
        n_actions: int,
        position: GameState | None = None,
        legal: tuple[Action, ...] | None = None,
    ) -> None:
        self._ctx = ctx
        self.state = state
        self._log = log
        self._n_actions = n_actions
        self._position = position
        self._legal = legal  # computed on demand unless the engine already has it
        self._view_log: ViewLog | None = None  # the log as each viewer sees it, made by the first view

    # -- creation -----------------------------------------------------------------------------
    @classmethod
    def new(cls, config: GameConfig, catalog: Catalog | None = None) -> Game:
        """A new game set up from ``config`` (with the reference data unless ``catalog`` is given)."""
        ctx = _context(config, catalog)
        state, deal = setup(config, ctx.catalog)
        tx = Tx(state, ctx)
        for event in deal:
            tx.emit(event)
        legal = ctx.rules.settle(tx)
        return cls(ctx, tx.state, _Entry(None, None, None, tuple(tx.events)), 0, legal=legal)

    @classmethod
    def from_position(cls, config: GameConfig, state: GameState, catalog: Catalog | None = None) -> Game:
        """A game that starts from a built position (see :mod:`newton_rules.testing`) instead of setup."""
        ctx = _context(config, catalog)
        tx = Tx(state, ctx)
        legal = ctx.rules.settle(tx)
        return cls(ctx, tx.state, _Entry(None, None, None, tuple(tx.events)), 0, position=state, legal=legal)

    @property
    def position(self) -> GameState | None:
        """The built starting position, for games made with :meth:`from_position` (else None)."""
        return self._position

    # -- the position -------------------------------------------------------------------------
    @property
    def config(self) -> GameConfig:
        return self._ctx.config

    @property
    def catalog(self) -> Catalog:
        return self._ctx.catalog

    @property
    def to_move(self) -> int | None:
        """Seat of the player whose decision is pending; None when the game is over."""
        return None if self.is_over else deciding_player(self.state.top)

    @property
    def decision(self) -> Decision | None:
        """What is being decided, by whom, with a human-readable prompt."""
        top = self.state.top
        return None if top is None or self.is_over else describe(self.state, self._ctx, top)

    @property
    def frames(self) -> tuple[Frame, ...]:
        """The pending-decision stack, bottom first (the top one is being decided)."""
        return self.state.stack

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal atomic action of :attr:`to_move`, in a stable order."""
        if self._legal is None:
            self._legal = self._ctx.rules.legal_actions(self.state, self._ctx)
        return self._legal

    def apply(self, action: Action | str) -> Game:
        """The game after ``action`` (an :class:`Action` or its text). Raises :class:`IllegalAction`."""
        if isinstance(action, str):
            action = Action.parse(action)
        state, events, legal = self._ctx.rules.apply_action(self.state, self._ctx, action, self.legal_actions())
        actor = deciding_player(self.state.top)
        entry = _Entry(self._log, action, actor, tuple(events))
        return Game(self._ctx, state, entry, self._n_actions + 1, self._position, legal)

    def parse_action(self, text: str) -> Action:
        """The legal action written ``text``; raises ActionSyntaxError or IllegalAction."""
        action = Action.parse(text)
        legal = self.legal_actions()
        if action not in legal:
            raise IllegalAction(explain_illegal(self.state, action, legal))
        return action

    @property
    def is_over(self) -> bool:
        return self.state.phase == "over"

    @property
    def round(self) -> int:
        return self.state.round

    @property
    def scores(self) -> tuple[int, ...]:
        """Victory Points of each player (final once :attr:`is_over`)."""
        return tuple(p.vp for p in self.state.players)

    @property
    def winners(self) -> tuple[int, ...]:
        """Seats of the players with the most VP (ties share the victory, F16); () before the end."""
        if not self.is_over:
            return ()
        best = max(self.scores)
        return tuple(i for i, s in enumerate(self.scores) if s == best)

    @property
    def rank(self) -> str | None:
        """The solo title of the final score (F17); None in multiplayer or before the end."""
        if not self.is_over or self.config.players != 1:
            return None
        return solo_rank(self.catalog, self.scores[0])

    def facts(self, player: int, viewer: int | None = None) -> Facts:
        """``player``'s position judged now: action values, volumes, income, pieces, Objectives (see
        :class:`~newton_rules.facts.Facts`). With ``viewer``, what depends on a hand ``viewer`` cannot
        see is None."""
        return player_facts(self.state, self._ctx, player, viewer)

    # -- the log ------------------------------------------------------------------------------
    @property
    def actions(self) -> tuple[Action, ...]:
        """The actions applied since setup, in order."""
        return _actions(self._log)

    @property
    def events(self) -> tuple[ev.Event, ...]:
        """Every event since setup (the Master deal first), in order."""
        return tuple(event for e in _entries(self._log) for event in e.events)

    @property
    def last_events(self) -> tuple[ev.Event, ...]:
        """The events produced by the last action (by setup for a new game): what a front end animates."""
        if isinstance(self._log, _Entry):
            return self._log.events
        entries = _entries(self._log)
        return entries[-1].events if entries else ()

    def iter_log(self) -> Iterator[tuple[int | None, Action | None, tuple[ev.Event, ...]]]:
        """(who acted, action, the events it produced) from setup (action None) on."""
        for e in _entries(self._log):
            yield e.actor, e.action, e.events

    def __len__(self) -> int:
        return self._n_actions

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self.config == other.config and self.state == other.state and self.actions == other.actions

    def __hash__(self) -> int:
        return hash((self.config, self._n_actions))

    def __repr__(self) -> str:
        status = "over" if self.is_over else f"player {self.to_move} to move"
        return f"<Game {self.config.players}p seed={self.config.seed} round {self.round}, {status}>"

    # -- copies and pickles -------------------------------------------------------------------
    def __copy__(self) -> Game:
        return self  # immutable: a copy could never differ from the original

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle through the save text, loaded back as a trusted save (no replay).

        The catalog travels as the object itself, unless it is the embedded reference data (then it is
        left out and the loading process uses its own): a pickle stays self-contained, even if a custom
        data pack's folder changes or is absent where it is loaded.
        """
        catalog = None if self.catalog is default_catalog() else self.catalog
        return (_unpickle, (self.to_json(), catalog))

    # -- saving -------------------------------------------------------------------------------
    def to_json(self) -> str:
        """The save: format version, config, data pack, the action log and a snapshot of the state.

        Same game, same text. The log is the truth; the snapshot lets :meth:`from_json` check it, or skip
        the replay for a trusted save (``verify=False``). ``data`` is the identity of the data pack the
        game is played with (its name and content digest): a save loads only with that pack.
        """
        doc: dict[str, Any] = {
            "format": SAVE_FORMAT,
            "config": converter.unstructure(self.config),
            "data": converter.unstructure(self.catalog.identity),
            "actions": [str(a) for a in self.actions],
            "state": converter.unstructure(self.state),
        }
        if self._position is not None:
            doc["position"] = converter.unstructure(self._position)
        return _canonical(doc)

    @classmethod
    def from_json(cls, text: str | bytes, catalog: Catalog | None = None, *, verify: bool = True) -> Game:
        """Load a save written by :meth:`to_json`; raises :class:`SaveFormatError` naming the problem.

        By default the actions are replayed from the config (a loaded game is sound whatever the file
        says) and the saved state must match the replayed one. ``verify=False`` trusts the state snapshot
        and skips the replay: for saves this program wrote itself (a server's, a bot's cache), never for
        input from elsewhere. The history (``events``) is then rebuilt on first use.
        """
        try:
            doc = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError, TypeError) as exc:
            raise SaveFormatError(f"not a saved game: invalid JSON ({exc})") from exc
        if not isinstance(doc, dict):
            raise SaveFormatError("not a saved game: the top level must be an object")
        unknown = set(doc) - {"format", "config", "data", "actions", "position", "state"}
        if unknown:
            raise SaveFormatError(f"unknown field(s) in saved game: {', '.join(sorted(unknown))}")
        if doc.get("format") not in READABLE_FORMATS:
            raise SaveFormatError(f"unsupported save format {doc.get('format')!r} (this library reads {SAVE_FORMAT})")
        config = _read_config(doc.get("config"))
        if "data" in doc:  # format 3; older saves do not say which pack they were played with
            _check_pack(_read_identity(doc["data"]), catalog or default_catalog())
        actions = doc.get("actions")
        if not isinstance(actions, list):
            raise SaveFormatError("saved game 'actions' must be a list of action texts")
        position = _read_position(doc["position"]) if "position" in doc else None
        if not verify and "state" in doc:
            return _trusted(config, actions, position, _read_position(doc["state"], "state"), catalog)
        if position is None:
            game = replay(config, actions, catalog=catalog)
        else:
            game = _replay_position(config, actions, position, catalog)
        if "state" in doc and _canonical(converter.unstructure(game.state)) != _canonical(doc["state"]):
            raise SaveFormatError("the saved state does not match the game its actions replay to")
        return game

    # -- hidden information -------------------------------------------------------------------
    @overload
    def view(self, player: int) -> PlayerView: ...

    @overload
    def view(self, player: None) -> SpectatorView: ...

    def view(self, player: int | None) -> PlayerView | SpectatorView:
        """What ``player`` may see: no other hand, Master, draft, tuck choice or deck order.

        ``None`` is a spectator, who sees no hand, Master, draft, tuck choice or private event of anyone.
        Making a view costs the same at any point of the game: its ``events`` and ``actions`` are
        filtered when first read, once per game and viewer.
        """
        if self._view_log is None:
            # The log's tail, not the game: the views this game keeps must not point back at it.
            self._view_log = ViewLog(functools.partial(_last_entries, self._log), self._n_actions)
        if player is None:
            return spectator_view(self, self._view_log)
        return player_view(self, player, self._view_log)


def _unpickle(text: str, catalog: Catalog | None) -> Game:
    """A pickled game: its save, trusted (a pickle is only ever loaded from a trusted source)."""
    return Game.from_json(text, catalog, verify=False)


def _context(config: GameConfig, catalog: Catalog | None) -> Context:
    """The rules context of a game: its config, its data pack, and the rule table of its rules version."""
    return Context(config=config, catalog=catalog or default_catalog(), rules=RULESETS[config.rules_version])


def _canonical(value: Any) -> str:
    """The one JSON text of a value: sorted keys, no spaces."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def _read_config(raw: Any) -> GameConfig:
    if not isinstance(raw, dict):
        raise SaveFormatError("saved game 'config' must be an object")
    try:
        return converter.structure(raw, GameConfig)
    except (cattrs.BaseValidationError, NewtonError, TypeError, KeyError) as exc:
        raise SaveFormatError(f"bad config in saved game: {error_text(exc)}") from exc


def _read_identity(raw: Any) -> PackIdentity:
    try:
        identity: PackIdentity = converter.structure(raw, PackIdentity)
    except Exception as exc:  # cattrs wraps what the hooks raise; report the inner reasons
        raise SaveFormatError(f"bad data in saved game: {error_text(exc, 'data')}") from exc
    return identity


def _pack_label(identity: PackIdentity) -> str:
    name = "an unnamed data pack" if identity.name is None else f"data pack {identity.name!r}"
    return f"{name} (digest {identity.digest[:12]})"


def _check_pack(saved: PackIdentity, catalog: Catalog) -> None:
    """A save replays only with the pack it was played with: another one would be another game."""
    if saved != catalog.identity:
        raise SaveFormatError(
            f"this game was played with {_pack_label(saved)}, not with {_pack_label(catalog.identity)}: "
            "load it with the same data pack (newton-rules replay FILE --data FOLDER)"
        )


def _replay_position(config: GameConfig, actions: list[Any], position: GameState, catalog: Catalog | None) -> Game:
    """Replay from a saved position, which is only accepted if it is a sound game position."""
    try:
        start = Game.from_position(config, position, catalog)
        problems = check_invariants(start)
        start.legal_actions()
    except NewtonError:
        raise
    except Exception as exc:  # a tampered position can name anything; report it, never crash
        raise SaveFormatError(f"bad position in saved game: {type(exc).__name__}: {exc}") from exc
    if problems:
        raise SaveFormatError(f"bad position in saved game: {problems[0]}")
    try:
        return replay(config, actions, catalog=catalog, position=position)
    except NewtonError:
        raise
    except Exception as exc:
        raise SaveFormatError(f"saved position cannot be replayed: {type(exc).__name__}: {exc}") from exc


def _read_position(raw: Any, field: str = "position") -> GameState:
    try:
        return converter.structure(raw, GameState)
    except (cattrs.BaseValidationError, ValueError, TypeError, KeyError, AttributeError) as exc:
        raise SaveFormatError(f"bad {field} in saved game: {error_text(exc, field)}") from exc


def _trusted(
    config: GameConfig, texts: list[Any], position: GameState | None, state: GameState, catalog: Catalog | None
) -> Game:
    """A game from a trusted snapshot: the state as saved, the history replayed only when asked for."""
    try:
        actions = tuple(Action.parse(t) for t in texts)
    except ActionSyntaxError as exc:
        raise SaveFormatError(f"saved action cannot be read: {exc}") from exc
    ctx = _context(config, catalog)
    history = _LazyHistory(config, actions, position, ctx.catalog)
    return Game(ctx, state, history, len(actions), position)


def new_game(
    players: int, seed: int, options: Options | Mapping[str, Any] | None = None, catalog: Catalog | None = None
) -> Game:
    """Start a game of ``players`` (1-4) from ``seed``, with ``options``: an :class:`Options`, a mapping of
    option names to values (``{"work_coins": "moved"}``) or None for the defaults (see docs/rulings.md).
    Bad options raise :class:`OptionsError`."""
    return Game.new(GameConfig(players=players, seed=seed, options=as_options(options)), catalog)


def replay(config: GameConfig, actions: Any, catalog: Catalog | None = None, position: GameState | None = None) -> Game:
    """Rebuild a game from its config and actions (Action objects or texts), from any point.

    ``position`` starts from a built position instead of setup. Raises :class:`SaveFormatError`
    naming the first action that does not parse or is not legal.
    """
    game = Game.new(config, catalog) if position is None else Game.from_position(config, position, catalog)
    for index, raw in enumerate(actions):
        try:
            action = raw if isinstance(raw, Action) else Action.parse(raw)
            game = game.apply(action)
        except (ActionSyntaxError, IllegalAction) as exc:
            raise SaveFormatError(f"action {index} ({raw!r}) cannot be replayed: {exc}") from exc
    return game
