"""The log as each viewer sees it: the game-agnostic half of a view filter.

A game's view filter decides what one viewer (a seat, or None for a spectator) may see of an event and
of an action; :class:`ViewLog` applies it to the whole log, on first use and once per game and viewer,
so making a view costs the same at any point of a game. One ViewLog serves every view of one game
(``GameDefinition.view_log``), made from ``tail(count)`` (the last ``count`` log entries, oldest first:
setup's entry, then one per action) and the number of actions.

Everything a viewer may not know is replaced, never dropped (an event by a stand-in naming who it
concerns, an action by a placeholder of the same kind), so a viewer sees that something happened and
how much, never what.

:func:`sample_game` is every game's ``view.sample(rng)``: the game deals the hidden parts of its view, the
core keeps the log the viewer saw as the sampled game's history. :class:`SessionView` is a whole view built
on them, for a game whose view reads its game: the game gives the redacted state and the deal.
"""

from __future__ import annotations

import functools
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from itertools import repeat
from typing import Any, Generic, NamedTuple, TypeVar

import attrs

from rules_core.errors import RulesError
from rules_core.session import LogEntry, Session

S = TypeVar("S", bound=Session)

Viewer = int | None  # a seat, or None for a spectator
RedactEvent = Callable[[Any, Viewer], Any]  # (event, viewer) -> the event as the viewer may see it
RedactAction = Callable[[int | None, Any, Viewer], Any]  # (actor, action, viewer) -> the action as seen


def seen_events(entries: Sequence[LogEntry], viewer: Viewer, redact: RedactEvent) -> tuple[Any, ...]:
    return tuple(redact(event, viewer) for entry in entries for event in entry.events)


def seen_actions(
    entries: Sequence[LogEntry], viewer: Viewer, redact: RedactAction
) -> tuple[tuple[int | None, Any], ...]:
    return tuple(
        (entry.actor, redact(entry.actor, entry.action, viewer)) for entry in entries if entry.action is not None
    )


class SeenEntry(NamedTuple):
    """One entry of the log as a viewer saw it (setup's has ``action`` None)."""

    actor: int | None
    action: Any
    events: tuple[Any, ...]


def seen_entries(
    entries: Sequence[LogEntry], viewer: Viewer, redact_event: RedactEvent, redact_action: RedactAction
) -> tuple[SeenEntry, ...]:
    """Each entry as ``viewer`` may see it: its actor, its action (None for setup's) and its events."""
    # Made once per entry of every sampled game's history and of every entries_since: without a named
    # tuple's __new__ (a call in Python) and with map rather than a generator per entry.
    new, viewers = tuple.__new__, repeat(viewer)
    return tuple(
        new(
            SeenEntry,
            (
                entry.actor,
                None if entry.action is None else redact_action(entry.actor, entry.action, viewer),
                tuple(map(redact_event, entry.events, viewers)),
            ),
        )
        for entry in entries
    )


class ViewLog:
    """The log of one game as each viewer sees it, filtered on first use and then kept.

    ``events(viewer)``: every event since setup as ``viewer`` may see it; ``actions(viewer)``: every
    (who acted, action) since setup; ``entries(viewer)``: the log entry by entry as ``viewer`` saw it (the
    history of a sampled game, :func:`sample_game`); ``events_since(viewer, k)``, ``actions_since(viewer,
    k)`` and ``entries_since(viewer, k)``: only what came after the k-th action, for a client that follows
    a game one action at a time.
    """

    __slots__ = ("_actions", "_entries", "_events", "_length", "_redact_action", "_redact_event", "_tail")

    def __init__(
        self,
        tail: Callable[[int], Sequence[LogEntry]],
        length: int,
        redact_event: RedactEvent,
        redact_action: RedactAction,
    ) -> None:
        self._tail = tail
        self._length = length
        self._redact_event = redact_event
        self._redact_action = redact_action
        self._events: dict[Viewer, tuple[Any, ...]] = {}
        self._actions: dict[Viewer, tuple[tuple[int | None, Any], ...]] = {}
        self._entries: dict[Viewer, tuple[SeenEntry, ...]] = {}

    def events(self, viewer: Viewer) -> tuple[Any, ...]:
        found = self._events.get(viewer)
        if found is None:
            found = self._events[viewer] = seen_events(self._tail(self._length + 1), viewer, self._redact_event)
        return found

    def actions(self, viewer: Viewer) -> tuple[tuple[int | None, Any], ...]:
        found = self._actions.get(viewer)
        if found is None:
            found = self._actions[viewer] = seen_actions(self._tail(self._length + 1), viewer, self._redact_action)
        return found

    def entries(self, viewer: Viewer) -> tuple[SeenEntry, ...]:
        found = self._entries.get(viewer)
        if found is None:
            entries = self._tail(self._length + 1)
            found = self._entries[viewer] = seen_entries(entries, viewer, self._redact_event, self._redact_action)
        return found

    def events_since(self, viewer: Viewer, k: int) -> tuple[Any, ...]:
        return seen_events(self._tail(self._after(k)), viewer, self._redact_event)

    def actions_since(self, viewer: Viewer, k: int) -> tuple[tuple[int | None, Any], ...]:
        return seen_actions(self._tail(self._after(k)), viewer, self._redact_action)

    def entries_since(self, viewer: Viewer, k: int) -> tuple[SeenEntry, ...]:
        """One entry per action after the k-th: :meth:`events_since` grouped by action."""
        return seen_entries(self._tail(self._after(k)), viewer, self._redact_event, self._redact_action)

    def _after(self, k: int) -> int:
        """How many entries follow the k-th action (setup's entry always precedes it)."""
        if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= self._length:
            raise RulesError(f"k must be an action count from 0 to {self._length}, got {k!r}")
        return self._length - k


def check_viewer(player: Any, players: int) -> None:
    """Refuse a viewer that is neither None (a spectator) nor a seat of a ``players``-seat game."""
    if player is not None and (isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < players):
        raise RulesError(f"no player {player!r} in a {players}-player game")


def sample_game(
    game_type: type[S],
    config: Any,
    catalog: Any,
    log: ViewLog,
    viewer: Viewer,
    deal_hidden: Callable[[random.Random], Any],
    rng: random.Random,
) -> S:
    """A full game consistent with all ``viewer`` saw (a determinization a search bot plays on): a view's
    ``sample(rng)``, the same for every game.

    The game's part is ``deal_hidden(rng)``: the viewer's view of the position with everything hidden in it
    dealt at random from ``rng``. The rest is the core's: the history is the log as ``log`` shows it to
    ``viewer`` (the actions at once, the entries on first use: :meth:`ViewLog.entries`), and the config has
    seed 0, so nothing in the sampled game can rebuild the real deal. Such a game is played on, never saved
    (:meth:`rules_core.session.Session.from_sample`).
    """
    state = deal_hidden(rng)
    actions = tuple(action for _, action in log.actions(viewer))
    public = attrs.evolve(config, seed=0)
    return game_type.from_sample(public, state, catalog, functools.partial(log.entries, viewer), actions)


class SessionView(ABC, Generic[S]):
    """What one viewer (a seat, or None for a spectator) sees of a game that is a :class:`Session`: a game's
    view class built on the core, as Galileo's is.

    A game's subclass makes ``state``, the position as the viewer may see it (the game's redaction), and
    says in :meth:`deal_hidden` how a search bot deals what the viewer does not see. The rest is the core's:
    what any viewer may know of the game (``to_move``, ``is_over``, ``scores``, ``config``), the
    viewer's legal actions when it is to move, the log as the viewer saw it (from the :class:`ViewLog` every
    view of the game shares) and :meth:`sample`. A view never changes the game it reads."""

    __slots__ = ("_game", "_log", "config", "is_over", "player", "scores", "state", "to_move")

    def __init__(self, game: S, player: Viewer, log: ViewLog, state: Any) -> None:
        self._game = game
        self._log = log
        self.player = player
        self.state = state
        # What any viewer may know of the game, read once: the game never changes.
        self.to_move: int | None = game.to_move
        self.is_over: bool = game.is_over
        self.scores: tuple[int, ...] = game.scores
        self.config: Any = game.config

    def legal_actions(self) -> tuple[Any, ...]:
        """The viewer's legal actions when it is to move, else none."""
        if self.player is None or self.player != self._game.to_move:
            return ()
        return self._game.legal_actions()

    @property
    def events(self) -> tuple[Any, ...]:
        """Every event since setup, as the viewer may see it."""
        return self._log.events(self.player)

    @property
    def actions(self) -> tuple[tuple[int | None, Any], ...]:
        """Every (who acted, action) since setup, as the viewer may see it."""
        return self._log.actions(self.player)

    def events_since(self, k: int) -> tuple[Any, ...]:
        """The events produced by the actions after the k-th."""
        return self._log.events_since(self.player, k)

    def actions_since(self, k: int) -> tuple[tuple[int | None, Any], ...]:
        """The actions after the k-th, as :attr:`actions` shows them."""
        return self._log.actions_since(self.player, k)

    @property
    def entries(self) -> tuple[SeenEntry, ...]:
        """The log entry by entry as the viewer saw it (setup's first, its ``action`` None)."""
        return self._log.entries(self.player)

    def entries_since(self, k: int) -> tuple[SeenEntry, ...]:
        """The entries of the actions after the k-th, as :attr:`entries` shows them."""
        return self._log.entries_since(self.player, k)

    @abstractmethod
    def deal_hidden(self, rng: random.Random) -> Any:
        """:attr:`state` with everything the viewer does not see dealt at random from ``rng``: the game's."""

    def sample(self, rng: random.Random) -> S:
        """A full game consistent with all the viewer saw (:func:`sample_game`): the hidden parts dealt by
        :meth:`deal_hidden`, the log as the viewer saw it kept as its history, the config's seed 0. It is
        played on, never saved."""
        game = self._game
        return sample_game(type(game), game.config, game.catalog, self._log, self.player, self.deal_hidden, rng)


__all__ = [
    "LogEntry",
    "RedactAction",
    "RedactEvent",
    "SeenEntry",
    "SessionView",
    "ViewLog",
    "Viewer",
    "check_viewer",
    "sample_game",
    "seen_actions",
    "seen_entries",
    "seen_events",
]
