"""The public face of the engine: :class:`Game`, an immutable game you query and apply actions to.

    >>> import newton_rules as nr
    >>> game = nr.new_game(players=2, seed=7)
    >>> action = game.legal_actions()[0]
    >>> game = game.apply(action)          # a new Game; the old one is unchanged

The log is the truth: ``game.config`` (seed, players, options, rules version) and ``game.actions``
rebuild the game exactly (:func:`replay`); saves are that log (:meth:`Game.to_json`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, overload

from newton_rules.components.catalog import Catalog, PackIdentity
from newton_rules.components.loading import default_catalog
from newton_rules.decisions import Decision, describe
from newton_rules.facts import Facts, player_facts
from newton_rules.invariants import check_invariants
from newton_rules.model import events as ev
from newton_rules.model.actions import Action
from newton_rules.model.codec import converter
from newton_rules.model.config import READABLE_FORMATS, SAVE_FORMAT, GameConfig, Options, as_options
from newton_rules.model.frames import Frame
from newton_rules.model.state import GameState
from newton_rules.model.tx import Context
from newton_rules.rules.scoring import solo_rank
from newton_rules.rules.setup import setup
from newton_rules.rules.table import RULESETS
from newton_rules.view import PlayerView, SpectatorView, ViewLog, player_view, spectator_view
from rules_core.outcome import Outcome
from rules_core.session import GameDefinition, Session


def _context(config: GameConfig, catalog: Catalog) -> Context:
    """The rules context of a game: its config, its data pack, and the rule table of its rules version."""
    return Context(config=config, catalog=catalog, rules=RULESETS[config.rules_version])


def _view(game: Game, player: int | None, log: ViewLog) -> PlayerView | SpectatorView:
    if player is None:
        return spectator_view(game, log)
    return player_view(game, player, log)


def _scores(state: GameState) -> tuple[int, ...]:
    return tuple(p.vp for p in state.players)


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
    scores=_scores,
    outcome=_outcome,
    invariants=check_invariants,
    load_hint="load it with the same data pack (newton-rules replay FILE --data FOLDER)",
)
"""Newton as the engine core sees it (see :mod:`rules_core.session`)."""


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
