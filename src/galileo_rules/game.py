"""Galileo as the engine core sees it (one :class:`GameDefinition`), its game class and its views.

    >>> from galileo_rules import new_game
    >>> game = new_game(players=3, seed=1)
    >>> game.legal_actions()[:2]
    (Action(kind='astronomer', arg='bruno'), Action(kind='astronomer', arg='copernicus'))

Everything generic (the command loop, the persistent log, saves with format and data-pack identity,
replays, pickles) is the core's :class:`~rules_core.session.Session`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from galileo_rules.components.catalog import Catalog, PackIdentity, default_catalog
from galileo_rules.errors import OptionsError, RulesError
from galileo_rules.facts import Facts, player_facts
from galileo_rules.invariants import state_problems
from galileo_rules.model.codec import converter
from galileo_rules.model.config import GameConfig, Options
from galileo_rules.model.state import GameState
from galileo_rules.model.tx import Context
from galileo_rules.rules.scoring import ranking_key
from galileo_rules.rules.scoring import winners as winning_seats
from galileo_rules.rules.setup import initial_state
from galileo_rules.rules.table import RULESETS
from galileo_rules.view import redact_event, redact_state, sample_state
from rules_core.definition import GameDefinition
from rules_core.engine import Ruleset
from rules_core.outcome import Outcome, deciding_tie_break
from rules_core.session import Session
from rules_core.views import SessionView, ViewLog, check_viewer

SAVE_FORMAT = 1


def _context(config: GameConfig, catalog: Catalog) -> Context:
    config.check()
    return Context(config=config, catalog=catalog, rules=RULESETS[config.rules_version])


def _setup(config: GameConfig, catalog: Catalog) -> tuple[GameState, tuple[()]]:
    return initial_state(config, catalog), ()


def _view_log(tail: Callable[[int], Sequence[Any]], length: int, rules: Ruleset) -> ViewLog:
    return ViewLog(tail, length, redact_event, rules.redact_action)


def _winners(game: GalileoGame) -> tuple[int, ...]:
    """GE5: most VP, then the highest sum of remaining dice, then most Quadrants; several seats share the
    victory. Solo (GY15): seat 0 wins only with more VP than Tycho (seat 1)."""
    return winning_seats(game.state, game.rules_context)


TIE_BREAKS = ("the highest sum of remaining dice", "the most Quadrants")  # GE5, after the VP
SOLO_TIE = "a tie goes to Tycho Brahe"  # GY15


def _outcome(game: GalileoGame) -> Outcome:
    """GF4-GF5: the deck ran out, the round was finished and every player took one more turn; GE5's
    tie-breaks, or solo GY15's tie that Tycho Brahe wins."""
    state = game.state
    winners = game.winners
    if game.config.solo:
        tie_break = SOLO_TIE if state.players[0].vp == state.players[1].vp else None
        termination = "the deck ran out and the final round ended (solo, against Tycho Brahe)"
    else:
        keys = [ranking_key(state, seat) for seat in range(len(state.players))]
        tie_break = deciding_tie_break(keys, winners, TIE_BREAKS)
        termination = "the deck ran out and the final round ended"
    return Outcome(termination=termination, scores=game.scores, winners=winners, tie_break=tie_break)


def _problems(game: Any) -> list[str]:
    return state_problems(game.state, game.rules_context)


class GalileoView(SessionView["GalileoGame"]):
    """What one seat (or a spectator, ``player`` None) sees: the public state, the filtered log, that seat's
    legal actions when it is to move, and ``sample(rng)`` for search bots (the rest is the core's
    :class:`~rules_core.views.SessionView`)."""

    __slots__ = ()
    state: GameState

    def __init__(self, game: GalileoGame, player: int | None, log: ViewLog) -> None:
        check_viewer(player, len(game.state.players))
        super().__init__(game, player, log, redact_state(game.state, game.rules_context))

    def deal_hidden(self, rng: random.Random) -> GameState:
        """The hidden cards dealt at random from ``rng`` (:func:`galileo_rules.view.sample_state`)."""
        return sample_state(self.state, self._game.rules_context, rng)


GALILEO = GameDefinition(
    name="galileo",
    context=_context,
    setup=_setup,
    default_catalog=default_catalog,
    converter=converter,
    config_type=GameConfig,
    state_type=GameState,
    identity_type=PackIdentity,
    save_format=SAVE_FORMAT,
    view_log=_view_log,
    view=GalileoView,
    winners=_winners,
    outcome=_outcome,
    invariants=_problems,
    load_hint="load it with the same data pack (galileo_rules.components.catalog.load_catalog)",
)
"""Galileo as the engine core sees it (see :mod:`rules_core.definition`)."""


class GalileoGame(Session):
    """An immutable game of Galileo Galilei (see :class:`rules_core.session.Session` for the whole API)."""

    __slots__ = ()
    definition = GALILEO

    @property
    def rules_context(self) -> Context:
        """The configuration, catalog and rule table the rules read."""
        ctx: Context = self._ctx
        return ctx

    @property
    def round(self) -> int:
        return int(self.state.round)

    def facts(self, seat: int) -> Facts:
        """``seat``'s position judged now (VP, what final scoring would add, resources); public information."""
        return player_facts(self.state, self.rules_context, seat)

    def view(self, player: int | None) -> GalileoView:
        seen: GalileoView = super().view(player)
        return seen


def as_options(options: Options | Mapping[str, Any] | None) -> Options:
    """Options from an :class:`Options`, a mapping of option names to values, or None (the defaults)."""
    if options is None:
        return Options()
    if isinstance(options, Options):
        return options
    try:
        return converter.structure(dict(options), Options)
    except Exception as exc:  # cattrs wraps the hooks' reasons
        raise OptionsError(f"bad options: {exc}") from None


def new_game(
    players: int = 2,
    seed: int = 0,
    *,
    advanced: bool = False,
    options: Options | Mapping[str, Any] | None = None,
    first_player: int | None = None,
    catalog: Catalog | None = None,
) -> GalileoGame:
    """A new game of ``players`` (1: solo against Tycho Brahe, to 4) from ``seed``; ``advanced`` plays the
    astronomers' abilities. Bad options raise :class:`OptionsError`."""
    config = GameConfig(
        players=players, seed=seed, advanced=advanced, first_player=first_player, options=as_options(options)
    )
    return GalileoGame.new(config, catalog)


__all__ = ["GALILEO", "GalileoGame", "GalileoView", "RulesError", "as_options", "new_game"]
