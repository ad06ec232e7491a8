"""The public face of the engine: :class:`Game`, an immutable game you query and apply actions to.

    >>> import newton_rules as nr
    >>> game = nr.new_game(players=2, seed=7)
    >>> action = game.legal_actions()[0]
    >>> game = game.apply(action)          # a new Game; the old one is unchanged

The log is the truth: ``game.config`` (seed, players, options, rules version) and ``game.actions``
rebuild the game exactly (:func:`replay`); saves are that log (:meth:`Game.to_json`).

A game's views live beside it (a player's view samples games, a game makes views): what a player or a
spectator may see, through the one filter of :mod:`newton_rules.hidden`. Building a view costs the same at
round 6 as at round 1: the state is redacted at once (a few records), the log only when ``events`` or
``actions`` is read. The filtered log is kept in a :class:`~newton_rules.hidden.ViewLog` that every view of
the same game shares, and ``events_since(k)`` / ``actions_since(k)`` filter only the entries after the k-th
action, for a client that follows a game one action at a time.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, overload

import attrs

from newton_rules.components.catalog import Catalog, PackIdentity
from newton_rules.components.loading import default_catalog, earlier_reference_catalog
from newton_rules.decisions import Decision, describe
from newton_rules.facts import Facts, player_facts
from newton_rules.hidden import SeenAction, SeenEntry, SeenEvent, Viewer, ViewLog, redact_state, sample_hidden
from newton_rules.invariants import check_invariants
from newton_rules.model import events as ev
from newton_rules.model.actions import Action
from newton_rules.model.codec import converter
from newton_rules.model.config import READABLE_FORMATS, SAVE_FORMAT, GameConfig, Options, as_options
from newton_rules.model.frames import Frame
from newton_rules.model.save_formats import upgrade_save
from newton_rules.model.state import GameState
from newton_rules.model.tx import Context
from newton_rules.rules.scoring import solo_rank
from newton_rules.rules.setup import setup
from newton_rules.rules.table import RULESETS
from newton_rules.wire import view_data
from rules_core.definition import GameDefinition
from rules_core.outcome import Outcome
from rules_core.session import Session
from rules_core.views import check_viewer, sample_game


def _context(config: GameConfig, catalog: Catalog) -> Context:
    """The rules context of a game: its config, its data pack, and the rule table of its rules version."""
    return Context(config=config, catalog=catalog, rules=RULESETS[config.rules_version])


# -- views ----------------------------------------------------------------------------------------------


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

    @property
    def entries(self) -> tuple[SeenEntry, ...]:
        """(who acted, action, its events) for each entry of the log since setup (setup's first, with no
        action), as :attr:`actions` and :attr:`events` show them."""
        return self._log.entries(self.player)

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
        with others' private events hidden, so it is never saved or replayed, only played on
        (:func:`rules_core.views.sample_game`).
        """
        hidden = self._log.unseen(self.player, self.state, self.catalog)
        deal = functools.partial(sample_hidden, self.state, self.player, hidden)
        return sample_game(self._game_type, self.config, self.catalog, self._log, self.player, deal, rng)


@attrs.frozen(kw_only=True, eq=False)
class SpectatorView(View):
    """What someone at no seat knows: no hand, Master, draft or tuck choice, no deck order, no private
    event and no ``keep``/``tuck`` choice of any player; never any legal action."""

    player: None = None


def player_view(game: Game, player: int, log: ViewLog) -> PlayerView:
    """The view of ``game`` for ``player`` (see :meth:`Game.view`)."""
    check_viewer(player, game.config.players)
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
    """The view of ``game`` for a spectator (see :meth:`Game.view`)."""
    return SpectatorView(
        state=redact_state(game.state, None),
        decision=game.decision,
        legal_actions=(),
        log=log,
        config=game.config,
        catalog=game.catalog,
    )


def _view(game: Game, player: int | None, log: ViewLog) -> PlayerView | SpectatorView:
    if player is None:
        return spectator_view(game, log)
    return player_view(game, player, log)


def _outcome(game: Game) -> Outcome:
    """F15: the game ends after its last round; F16: most VP wins, tied players share the victory (no
    tie-break); F17: alone, the final score's rank."""
    termination = f"round {game.catalog.constants.rounds} ended"
    if game.rank is not None:
        termination = f"{termination} (solo, ranked {game.rank})"
    return Outcome(termination=termination, scores=game.scores, winners=game.winners)


NEWTON = GameDefinition(
    name="newton",
    context=_context,
    setup=setup,
    default_catalog=default_catalog,
    converter=converter,
    config_type=GameConfig,
    state_type=GameState,
    identity_type=PackIdentity,
    save_format=SAVE_FORMAT,
    readable_formats=READABLE_FORMATS,
    view_log=ViewLog,
    view=_view,
    outcome=_outcome,
    invariants=check_invariants,
    load_hint="load it with the same data pack (newton-rules replay FILE --data FOLDER)",
    earlier_catalog=earlier_reference_catalog,
    upgrade_save=upgrade_save,
)
"""Newton as the engine core sees it (see :mod:`rules_core.definition`)."""


class Game(Session):
    """An immutable Newton game: position, pending decision, and the log that produced it.

    The command loop, the log, saves, replays, views and pickles are the engine core's
    (:class:`rules_core.session.Session`, declared by :data:`NEWTON`); this class adds what only Newton
    has: the decision as a prompt, the frames, the round, the solo rank and the facts."""

    __slots__ = ()
    definition = NEWTON
    _ctx: Context
    state: GameState

    if TYPE_CHECKING:  # Newton's types for the core's methods, with no call in between at run time

        @property
        def position(self) -> GameState | None: ...
        @property
        def config(self) -> GameConfig: ...
        @property
        def catalog(self) -> Catalog: ...
        def legal_actions(self) -> tuple[Action, ...]: ...
        def apply(self, action: Action | str) -> Game: ...
        def parse_action(self, text: str) -> Action: ...
        @property
        def actions(self) -> tuple[Action, ...]: ...
        @property
        def events(self) -> tuple[ev.Event, ...]: ...
        @property
        def last_events(self) -> tuple[ev.Event, ...]: ...
        def iter_log(self) -> Iterator[tuple[int | None, Action | None, tuple[ev.Event, ...]]]: ...

    @property
    def decision(self) -> Decision | None:
        """What is being decided, by whom, with a human-readable prompt."""
        top = self.state.top
        return None if top is None or self.is_over else describe(self.state, self._ctx, top)

    @property
    def frames(self) -> tuple[Frame, ...]:
        """The pending-decision stack, bottom first (the top one is being decided)."""
        return self.state.stack

    @property
    def round(self) -> int:
        return self.state.round

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

    def __repr__(self) -> str:
        status = "over" if self.is_over else f"player {self.to_move} to move"
        return f"<Game {self.config.players}p seed={self.config.seed} round {self.round}, {status}>"

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
        seen: PlayerView | SpectatorView = super().view(player)
        return seen


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
    return Game.replay(config, actions, catalog, position)
