"""What a game declares for the AI-research frameworks, beyond its :class:`~rules_core.definition.GameDefinition`.

One :class:`Interop` record: the game's session class, the frameworks' parameters and how they make a
configuration, the observation's pieces, the terminal rewards and, when its rules give one, a bound on
the decisions of a game. Everything else comes from the core: the action space and the bounds from the
rule table's declarations (:mod:`rules_core.interop.spaces`), the encoder from the pieces
(:mod:`rules_core.interop.observation`), the OpenSpiel game and the PettingZoo environment from this record.

The toy game of the core's tests is the smallest example (``tests/core/toy.py``: ``NIM_INTEROP``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

import attrs

from rules_core.errors import OptionsError
from rules_core.interop.observation import ObservationEncoder, Piece, Segment
from rules_core.interop.spaces import ActionSpace, Bounds, space_of
from rules_core.session import Session

Parameter = bool | int | float | str  # what OpenSpiel accepts as a game parameter
DEFAULT_HORIZON = 5000  # decisions, for a game whose rules set no bound (random games of Galileo: 200-1,400)


def win_shares(game: Session) -> list[float]:
    """The default rewards of a finished game: its winners share 1 (ties split it), every other seat 0, one
    number per player of the configuration (an automatic seat, such as a solo game's opponent, has none)."""
    winners = [seat for seat in game.winners if seat < game.config.players]
    share = 1.0 / len(winners) if winners else 0.0
    return [share if seat in winners else 0.0 for seat in range(game.config.players)]


def no_limit(config: Any, catalog: Any) -> int | None:
    """The default :attr:`Interop.max_decisions`: the rules set no limit to a game's length."""
    return None


def view_in_words(view: Any) -> str:
    """The default :attr:`Interop.describe`: the position the view shows (its state's record, which holds
    only what the viewer may know)."""
    return repr(view.state)


class Encoder(Protocol):
    """What the adapters read of an observation encoder: the core's :class:`ObservationEncoder`, made from a
    game's pieces, or an encoder of the game's own with the same surface (:attr:`Interop.own_encoder`)."""

    @property
    def size(self) -> int: ...

    @property
    def shape(self) -> tuple[int, ...]: ...

    @property
    def segments(self) -> Sequence[Segment]: ...

    def encode(self, view: Any) -> list[float]: ...

    def encode_array(self, view: Any, out: Any = None) -> Any: ...


def _seedless(config: Any) -> Any:
    """``config`` with seed 0: what the action space, the encoder and the bounds depend on."""
    return attrs.evolve(config, seed=0)


@attrs.frozen(kw_only=True, eq=False)
class Interop:
    """One game's declaration for the frameworks.

    - ``session``: the game's :class:`~rules_core.session.Session` class;
    - ``players``: the fewest and the most players (deciding seats), and ``default_players``;
    - ``parameters``: every parameter of the frameworks besides ``players`` and ``seed``, with its default
      (booleans, numbers and strings: the game's rule options, say);
    - ``configure(players, seed, parameters)``: the configuration they make (raising the game's own error
      for a bad value); ``parameters`` holds every name of ``parameters`` above;
    - ``observation(config, catalog)``: the observation's pieces (:class:`~rules_core.interop.observation.Piece`),
      each reading a view (a seat's, or the spectator's); or instead ``own_encoder(config, catalog)``, an
      encoder of the game's own (:class:`Encoder`: Newton's, which patches its vector action by action);
    - ``information(config, catalog)``: pieces the information-state tensor adds to the observation (what
      the player knows that its view does not show, such as cards it saw enter another hand), if any;
    - ``own_space(config, catalog)``: the game's own action space (a subclass of the core's, in the rule
      table's order), if it has one; by default the core's, from the rule table's declarations;
    - ``rewards(game)``: a finished game's reward of each player (by default :func:`win_shares`), between
      ``min_reward`` and ``max_reward``;
    - ``max_decisions(config, catalog)``: the most decisions a game can take, or None when the rules set no
      limit (the frameworks then cut a game short at a horizon, docs/interop.md);
    - ``describe(view)``: a view in words (observation strings, ``render``).
    """

    session: type[Session]
    players: tuple[int, int]
    default_players: int = 2
    parameters: Mapping[str, Parameter] = attrs.field(factory=dict)
    configure: Callable[[int, int, Mapping[str, Parameter]], Any]
    observation: Callable[[Any, Any], Sequence[Piece]] | None = None
    own_encoder: Callable[[Any, Any], Encoder] | None = None
    information: Callable[[Any, Any], Sequence[Piece]] | None = None
    own_space: Callable[[Any, Any], ActionSpace[Any]] | None = None
    rewards: Callable[[Any], Sequence[float]] = win_shares
    min_reward: float = 0.0
    max_reward: float = 1.0
    max_decisions: Callable[[Any, Any], int | None] = no_limit
    describe: Callable[[Any], str] = view_in_words
    _made: dict[tuple[str, int, Any], Any] = attrs.field(init=False, factory=dict, repr=False)

    def __attrs_post_init__(self) -> None:
        if (self.observation is None) == (self.own_encoder is None):
            raise OptionsError(f"{self.name}: declare the observation's pieces or an encoder of its own (one of them)")

    @property
    def name(self) -> str:
        """The game's short name (its definition's)."""
        return self.session.definition.name

    def _once(self, what: str, config: Any, catalog: Any, make: Callable[[Any], Any]) -> Any:
        """``make(ctx)`` for ``config`` (its seed aside) and ``catalog``, made once and kept."""
        ctx = self.session.context(_seedless(config), catalog)
        key = (what, id(ctx.catalog), _seedless(config))
        found = self._made.get(key)
        if found is None or found[0] is not ctx.catalog:
            found = self._made[key] = (ctx.catalog, make(ctx))
        return found[1]

    def action_space(self, config: Any, catalog: Any = None) -> ActionSpace[Any]:
        """The action space of games of ``config`` (its seed aside) with ``catalog`` (default: the game's)."""
        own = self.own_space
        space: ActionSpace[Any] = self._once(
            "space", config, catalog, space_of if own is None else lambda ctx: own(ctx.config, ctx.catalog)
        )
        return space

    def encoder(self, config: Any, catalog: Any = None) -> Encoder:
        """The observation encoder of games of ``config`` (its seed aside) with ``catalog``."""
        encoder: Encoder = self._once("encoder", config, catalog, self._made_encoder)
        return encoder

    def _made_encoder(self, ctx: Any) -> Encoder:
        if self.own_encoder is not None:
            return self.own_encoder(ctx.config, ctx.catalog)
        assert self.observation is not None  # one of the two, checked when declared
        return ObservationEncoder(self.observation(ctx.config, ctx.catalog))

    def information_encoder(self, config: Any, catalog: Any = None) -> ObservationEncoder | None:
        """The encoder of the pieces the information-state tensor adds to the observation, or None."""
        information = self.information
        if information is None:
            return None
        encoder: ObservationEncoder = self._once(
            "information", config, catalog, lambda ctx: ObservationEncoder(information(ctx.config, ctx.catalog))
        )
        return encoder

    def bounds(self, config: Any, catalog: Any = None) -> Bounds:
        """The bounds of games of ``config`` (its seed aside) with ``catalog``."""

        def made(ctx: Any) -> Bounds:
            most = ctx.rules.max_legal_actions(ctx.config, ctx.catalog)
            return Bounds(most, self.max_decisions(ctx.config, ctx.catalog))

        bounds: Bounds = self._once("bounds", config, catalog, made)
        return bounds

    def horizon(self, config: Any, asked: int = 0) -> int:
        """The most decisions the frameworks play of a game of ``config``: its bound, or ``asked`` when it is
        below the bound or the game has none (0: the bound, or :data:`DEFAULT_HORIZON` without one)."""
        bound = self.bounds(config).max_decisions
        if not asked:
            return DEFAULT_HORIZON if bound is None else bound
        return asked if bound is None else min(bound, asked)

    def config_of(self, players: int, seed: int, parameters: Mapping[str, Any]) -> Any:
        """The configuration of ``players``, ``seed`` and ``parameters`` (the defaults for those not given;
        an unknown name raises :class:`~rules_core.errors.OptionsError`)."""
        unknown = sorted(set(parameters) - set(self.parameters))
        if unknown:
            raise OptionsError(f"unknown parameter(s) of {self.name}: {', '.join(unknown)}")
        fewest, most = self.players
        if not fewest <= players <= most:
            raise OptionsError(f"players must be {fewest} to {most}, got {players}")
        return self.configure(players, seed, {**self.parameters, **parameters})


__all__ = ["DEFAULT_HORIZON", "Encoder", "Interop", "Parameter", "no_limit", "view_in_words", "win_shares"]
