"""Views: the one filter of state, events and log for a player, or for a spectator who is no player.

Everything a viewer may not know is replaced, never dropped: another player's hand becomes as many
``"?"`` as it has cards, so the view shows sizes but not contents. The same filter serves the state,
the events and the action log, so no side door (undo, the log, the initial deal) leaks. A spectator
(viewer ``None``) is treated as a player who holds nothing: every private thing is hidden.

Building a view costs the same at round 6 as at round 1: the state is redacted at once (a few
records), the log only when ``events`` or ``actions`` is read. The filtered log is kept in a
:class:`ViewLog` that every view of the same game shares, and ``events_since(k)`` /
``actions_since(k)`` filter only the entries after the k-th action, for a client that follows a game
one action at a time.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

import attrs

from newton_rules.components.catalog import Catalog
from newton_rules.decisions import Decision
from newton_rules.errors import NewtonError
from newton_rules.hidden import HIDDEN as HIDDEN  # the placeholder of a hidden item, where views are read
from newton_rules.hidden import Unseen, sample_hidden, unseen
from newton_rules.model import events as ev
from newton_rules.model.actions import NOTATION, Action
from newton_rules.model.config import GameConfig
from newton_rules.model.state import BoardState, GameState, PlayerState
from newton_rules.rules.table import RULES
from newton_rules.wire import view_data
from rules_core.engine import Ruleset
from rules_core.records import evolve
from rules_core.session import LogEntry as SessionEntry

if TYPE_CHECKING:
    from newton_rules.game import Game
# Choices others learn only through later public events: the action kinds declared private.
PRIVATE_ACTIONS = tuple(kind.name for kind in NOTATION.kinds if kind.private)

Viewer = int | None  # a seat, or None for a spectator
SeenEvent = ev.Event | ev.HiddenEvent
SeenAction = tuple[int | None, Action]
RedactAction = Callable[[int | None, Action, Viewer], Action]  # (who acted, the action as the viewer may see it)
SeenEntry = tuple[int | None, Action, tuple[SeenEvent, ...]]  # one action as the viewer sees it, its events


class LogEntry(Protocol):
    """One entry of a game's log as the views read it: setup's (``action`` None) or one action's."""

    @property
    def actor(self) -> int | None: ...

    @property
    def action(self) -> Action | None: ...

    @property
    def events(self) -> tuple[ev.Event, ...]: ...


def _hide(items: tuple[str, ...]) -> tuple[str, ...]:
    return (HIDDEN,) * len(items)


REDACTED_KEPT = 2048  # records whose redaction is kept (per kind); the memo starts again when full
_redacted_players: dict[int, tuple[PlayerState, PlayerState]] = {}
_redacted_boards: dict[int, tuple[BoardState, BoardState]] = {}


def redact_player(p: PlayerState) -> PlayerState:
    """``p`` as the other players see it. The same record gives the same redacted record (kept while
    ``p`` is), so successive views share what did not change and a client can tell so by identity."""
    kept = _redacted_players.get(id(p))
    if kept is not None and kept[0] is p:
        return kept[1]
    if len(_redacted_players) >= REDACTED_KEPT:
        _redacted_players.clear()
    seen = evolve(
        p,
        hand=_hide(p.hand),
        masters=_hide(p.masters),
        draft=_hide(p.draft),
        tuck_choice=None if p.tuck_choice is None else HIDDEN,
    )
    _redacted_players[id(p)] = (p, seen)
    return seen


def redact_board(board: BoardState) -> BoardState:
    """The board with the decks' order hidden; like :func:`redact_player`, the same record for the same board."""
    kept = _redacted_boards.get(id(board))
    if kept is not None and kept[0] is board:
        return kept[1]
    if len(_redacted_boards) >= REDACTED_KEPT:
        _redacted_boards.clear()
    seen = evolve(board, decks=tuple(_hide(d) for d in board.decks))
    _redacted_boards[id(board)] = (board, seen)
    return seen


def redact_state(state: GameState, viewer: Viewer) -> GameState:
    """``state`` as ``viewer`` sees it: every other player redacted (all of them for a spectator)."""
    players = tuple(p if p.seat == viewer else redact_player(p) for p in state.players)
    return evolve(state, players=players, board=redact_board(state.board), rng=0)


def redact_event(event: ev.Event, viewer: Viewer) -> SeenEvent:
    who = ev.audience(event)
    if who is None or who == viewer:
        return event
    return ev.HiddenEvent(player=who, what=type(event).__name__)


def redact_action(actor: int | None, action: Action, viewer: Viewer) -> Action:
    """``action`` as ``viewer`` sees it under the reference rules: another seat's action of a private kind
    shows its kind and :data:`HIDDEN` (:meth:`rules_core.engine.Ruleset.redact_action`)."""
    seen: Action = RULES.redact_action(actor, action, viewer)
    return seen


def _seen_events(entries: Sequence[LogEntry], viewer: Viewer) -> tuple[SeenEvent, ...]:
    return tuple(redact_event(event, viewer) for entry in entries for event in entry.events)


def _seen_actions(entries: Sequence[LogEntry], viewer: Viewer, redact: RedactAction) -> tuple[SeenAction, ...]:
    return tuple(
        (entry.actor, redact(entry.actor, entry.action, viewer)) for entry in entries if entry.action is not None
    )


class ViewLog:
    """The log of one game as each viewer sees it, filtered on first use and then kept.

    ``tail(count)`` gives the last ``count`` entries of the log, oldest first; the log holds setup's
    entry and then one entry per action, ``length`` of them. One ViewLog serves every view of a game.
    """

    __slots__ = ("_actions", "_entries", "_events", "_length", "_redact_action", "_tail", "_unseen")

    def __init__(self, tail: Callable[[int], Sequence[LogEntry]], length: int, rules: Ruleset = RULES) -> None:
        self._tail = tail
        self._redact_action: RedactAction = rules.redact_action
        self._length = length
        self._events: dict[Viewer, tuple[SeenEvent, ...]] = {}
        self._actions: dict[Viewer, tuple[SeenAction, ...]] = {}
        self._entries: dict[Viewer, list[SessionEntry]] = {}
        self._unseen: dict[Viewer, Unseen] = {}

    def entries(self, viewer: Viewer) -> list[SessionEntry]:
        """The log entry by entry (setup's first) as ``viewer`` may see it: the history of a sampled game."""
        found = self._entries.get(viewer)
        if found is None:
            found = self._entries[viewer] = [
                SessionEntry(
                    None,
                    None if e.action is None else self._redact_action(e.actor, e.action, viewer),
                    e.actor,
                    tuple(redact_event(event, viewer) for event in e.events),
                )
                for e in self._tail(self._length + 1)
            ]
        return found

    def unseen(self, viewer: int, state: GameState, catalog: Catalog) -> Unseen:
        """What ``viewer``'s view of this game leaves open (:func:`newton_rules.hidden.unseen`), worked out once."""
        found = self._unseen.get(viewer)
        if found is None:
            found = self._unseen[viewer] = unseen(state, viewer, catalog, self.events(viewer))
        return found

    def events(self, viewer: Viewer) -> tuple[SeenEvent, ...]:
        found = self._events.get(viewer)
        if found is None:
            found = self._events[viewer] = _seen_events(self._tail(self._length + 1), viewer)
        return found

    def actions(self, viewer: Viewer) -> tuple[SeenAction, ...]:
        found = self._actions.get(viewer)
        if found is None:
            found = self._actions[viewer] = _seen_actions(self._tail(self._length + 1), viewer, self._redact_action)
        return found

    def events_since(self, viewer: Viewer, k: int) -> tuple[SeenEvent, ...]:
        return _seen_events(self._tail(self._after(k)), viewer)

    def actions_since(self, viewer: Viewer, k: int) -> tuple[SeenAction, ...]:
        return _seen_actions(self._tail(self._after(k)), viewer, self._redact_action)

    def entries_since(self, viewer: Viewer, k: int) -> tuple[SeenEntry, ...]:
        return tuple(
            (entry.actor, self._redact_action(entry.actor, entry.action, viewer), _seen_events((entry,), viewer))
            for entry in self._tail(self._after(k))
            if entry.action is not None
        )

    def _after(self, k: int) -> int:
        """How many entries follow the k-th action (setup's entry always precedes it)."""
        if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= self._length:
            raise NewtonError(f"k must be an action count from 0 to {self._length}, got {k!r}")
        return self._length - k


class LegalActions(tuple[Action, ...]):
    """A view's legal actions: a tuple, which calling returns (``view.legal_actions()``)."""

    __slots__ = ()

    def __call__(self) -> tuple[Action, ...]:
        return self


def _legal_actions(actions: Sequence[Action]) -> LegalActions:
    return actions if isinstance(actions, LegalActions) else LegalActions(actions)


@attrs.frozen(kw_only=True, eq=False)
class View:
    """What a viewer may see of a game: the redacted state, the decision, the viewer's legal actions,
    and on demand the events and actions of the log as the viewer may see them.

    ``events`` and ``actions`` are properties, not fields: the log is filtered the first time one is
    read (and kept for every view of the same game), so making a view costs the same at any point of
    a game. ``events_since(k)`` and ``actions_since(k)`` give only what happened after the k-th action:
    ``game.view(p).events == earlier.view(p).events + game.view(p).events_since(len(earlier))`` when
    ``earlier`` is the game ``game`` was after ``len(earlier)`` actions.
    """

    player: Viewer
    state: GameState
    decision: Decision | None
    # Empty unless it is this player's decision (always for a spectator). A tuple that may also be called,
    # ``view.legal_actions()``, as the bot protocol of every game on the core reads it.
    legal_actions: LegalActions = attrs.field(converter=_legal_actions)
    _log: ViewLog = attrs.field(alias="log", repr=False)
    config: GameConfig = attrs.field(repr=False)
    catalog: Catalog = attrs.field(repr=False)

    @property
    def to_move(self) -> int | None:
        """The seat whose decision is pending (None once the game is over)."""
        return None if self.decision is None else self.decision.player

    @property
    def events(self) -> tuple[SeenEvent, ...]:
        """Every event since setup, private events of others as :class:`HiddenEvent`."""
        return self._log.events(self.player)

    @property
    def actions(self) -> tuple[SeenAction, ...]:
        """Every (who acted, action) since setup, others' ``keep``/``tuck`` choices as ``"?"``."""
        return self._log.actions(self.player)

    def events_since(self, k: int) -> tuple[SeenEvent, ...]:
        """The events produced by the actions after the k-th (0 <= k <= the number of actions)."""
        return self._log.events_since(self.player, k)

    def actions_since(self, k: int) -> tuple[SeenAction, ...]:
        """The actions after the k-th, as :attr:`actions` shows them."""
        return self._log.actions_since(self.player, k)

    def entries_since(self, k: int) -> tuple[SeenEntry, ...]:
        """(who acted, action, its events) for each action after the k-th, as :attr:`actions` and
        :attr:`events` show them: the log of :meth:`events_since` grouped by action."""
        return self._log.entries_since(self.player, k)

    def to_json(self) -> str:
        """The view as JSON text with every field written, defaults included, and the protocol version
        (see :func:`newton_rules.wire.view_data` and docs/protocol.md)."""
        return json.dumps(view_data(self), sort_keys=True, separators=(",", ":"), ensure_ascii=False)

    def _key(self) -> tuple[object, ...]:
        return (type(self), self.player, self.state, self.decision, self.legal_actions)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, View):
            return NotImplemented
        return self._key() == other._key() and self.actions == other.actions and self.events == other.events

    def __hash__(self) -> int:
        return hash(self._key())


@attrs.frozen(kw_only=True, eq=False)
class PlayerView(View):
    """What seat ``player`` knows (see :class:`View`; ``events`` and ``actions`` are computed on demand)."""

    player: int
    _game_type: type[Game] = attrs.field(alias="game_type", repr=False)

    def sample(self, rng: random.Random) -> Game:
        """A full game consistent with all this seat saw: the hidden parts dealt at random from ``rng``
        (:func:`newton_rules.hidden.sample_hidden`), the log the seat saw kept as its history.

        Play on it as on any game (a search bot's determinization). Its config has seed 0 and its
        generator a fresh state, so nothing in it can rebuild the real deal. Its history is the seat's:
        ``actions`` as :attr:`actions` shows them (another's ``keep``/``tuck`` as ``"?"``), ``events``
        with others' private events hidden, so it is never saved or replayed, only played on.
        """
        hidden = self._log.unseen(self.player, self.state, self.catalog)
        state = sample_hidden(self.state, self.player, hidden, rng)
        log, seat = self._log, self.player
        actions = tuple(action for _, action in self.actions)
        public = attrs.evolve(self.config, seed=0)
        return self._game_type.from_sample(public, state, self.catalog, lambda: log.entries(seat), actions)


@attrs.frozen(kw_only=True, eq=False)
class SpectatorView(View):
    """What someone at no seat knows: no hand, Master, draft or tuck choice, no deck order, no private
    event and no ``keep``/``tuck`` choice of any player; never any legal action."""

    player: None = None


def player_view(game: Game, player: int, log: ViewLog) -> PlayerView:
    """The view of ``game`` for ``player`` (see :meth:`newton_rules.Game.view`)."""
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < game.config.players:
        raise NewtonError(f"no player {player!r} in a {game.config.players}-player game")
    decision = game.decision
    mine = decision is not None and decision.player == player
    return PlayerView(
        player=player,
        state=redact_state(game.state, player),
        decision=decision,
        legal_actions=game.legal_actions() if mine else (),
        log=log,
        config=game.config,
        catalog=game.catalog,
        game_type=type(game),
    )


def spectator_view(game: Game, log: ViewLog) -> SpectatorView:
    """The view of ``game`` for a spectator (see :meth:`newton_rules.Game.view`)."""
    return SpectatorView(
        state=redact_state(game.state, None),
        decision=game.decision,
        legal_actions=(),
        log=log,
        config=game.config,
        catalog=game.catalog,
    )
