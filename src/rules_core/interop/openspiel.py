"""Any game on the core as an OpenSpiel game: ``register(interop, "python_mygame")`` (docs/interop.md).

Needs OpenSpiel (``pip install 'newton-rules[openspiel]'``); a game's own module registers it (Galileo's
:mod:`galileo_rules.interop.openspiel` registers ``"python_galileo"``), from its
:class:`~rules_core.interop.declaration.Interop` alone.

- **Parameters**: ``players`` (the game's range), ``seed`` (0), ``deals`` (1000), ``horizon`` (0) and every
  parameter the game declares (its rule options) under its own name.
- **Chance** is explicit: the first state is a chance node over ``deals`` equally likely deals, deal ``i``
  being the game of seed ``seed + i``. Every later random event of the rules follows from the seeded
  generator in the game's state, so no other chance node exists and a game is its deal plus its actions:
  serializing replays them exactly. An automatic seat (a solo game's opponent) is played by the rules
  inside the step that hands it the turn: it is no OpenSpiel player.
- **Actions** are the ids of the game's action space (:mod:`rules_core.interop.spaces`).
- **Rewards** are terminal: the game's declared rewards (by default the winners share 1).
- **Length**: ``max_game_length`` is the game's declared bound on decisions; a game whose rules set none
  (or a positive ``horizon`` below the bound) is cut short at ``horizon`` decisions (by default
  :data:`DEFAULT_HORIZON`), and so is a game whose legal actions leave the action space (a domain with a
  ceiling, docs/interop.md): a game cut short is terminal and every player's return is 0.
- **Observations**: the observation tensor is the game's pieces (:mod:`rules_core.interop.observation`) read
  from the player's view, the public one (``private_info=NONE``) from the spectator's; the observation
  string is the view in words; the information-state string is everything the player saw since the deal
  (the actions and events of its view, then its legal actions when it is to move), so it has perfect
  recall; a game that declares ``information`` pieces has an information-state tensor too: the
  observation followed by them. ``resample_from_infostate`` draws a game
  consistent with the player's view (``view.sample``), which is what OpenSpiel's ``ISMCTSBot`` needs.
- **From Python**, ``state.legal_actions()`` and ``state.observation_tensor(player)`` answer from the state
  (the same numbers as OpenSpiel's C++ path, which calls back into Python several times and makes a first
  state to learn a tensor's shape at every call). A game may subclass :class:`InteropState` (its
  ``encoded``/``encode_into`` read the vector a faster way) and register its game class with it.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from typing import Any

import attrs
import numpy as np
import pyspiel

from rules_core.errors import OptionsError
from rules_core.interop.declaration import DEFAULT_HORIZON, Encoder, Interop
from rules_core.interop.observation import ObservationEncoder
from rules_core.interop.spaces import ActionSpace
from rules_core.session import Session
from rules_core.views import SeenEntry

DEFAULT_DEALS = 1000
CHANCE = int(pyspiel.PlayerId.CHANCE)
TERMINAL = int(pyspiel.PlayerId.TERMINAL)
BASE_PARAMETERS = ("players", "seed", "deals", "horizon")

_INTEROPS: dict[str, Interop] = {}
_TYPES: dict[str, pyspiel.GameType] = {}
_SETUPS: dict[tuple[str, tuple[tuple[str, Any], ...]], Setup] = {}


@attrs.frozen
class Setup:
    """What a game's parameters make: the configuration, the deals, the horizon, the space and the encoder.
    Shared by every state of a game; pickled as its short name and parameters."""

    short_name: str
    params: tuple[tuple[str, Any], ...]
    interop: Interop
    config: Any
    deals: int
    horizon: int
    space: ActionSpace[Any]
    encoder: Encoder
    information: ObservationEncoder | None  # the pieces the information-state tensor adds, if any

    def __deepcopy__(self, memo: dict[int, Any]) -> Setup:
        return self  # never changed (OpenSpiel deep-copies a state to clone it)

    def __reduce__(self) -> tuple[Any, ...]:
        return (setup_of, (self.short_name, dict(self.params)))


def _defaults(interop: Interop) -> dict[str, Any]:
    return {"players": interop.default_players, "seed": 0, "deals": DEFAULT_DEALS, "horizon": 0, **interop.parameters}


def setup_of(short_name: str, params: dict[str, Any]) -> Setup:
    """The setup of the registered game ``short_name`` under OpenSpiel's ``params``, made once per set of
    parameters (a game rebuilt by OpenSpiel, e.g. from a save, is not the Python object first made, so
    the states read it from their game's short name and parameters)."""
    interop = _INTEROPS[short_name]
    given = {**_defaults(interop), **params}
    key = (short_name, tuple(sorted(given.items())))
    found = _SETUPS.get(key)
    if found is None:
        rules = {name: value for name, value in given.items() if name not in BASE_PARAMETERS}
        config = interop.config_of(int(given["players"]), int(given["seed"]), rules)
        deals, horizon = int(given["deals"]), int(given["horizon"])
        if deals < 1:
            raise OptionsError(f"deals must be 1 or more, got {deals}")
        if horizon < 0:
            raise OptionsError(f"horizon must be 0 (the game's own bound) or more, got {horizon}")
        limit = interop.horizon(config, horizon)
        space, encoder, information = (
            interop.action_space(config),
            interop.encoder(config),
            interop.information_encoder(config),
        )
        found = _SETUPS[key] = Setup(short_name, key[1], interop, config, deals, limit, space, encoder, information)
    return found


class InteropGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game of one registered game's parameters (each registration makes a subclass naming
    its ``short_name``: OpenSpiel makes a game from its class and parameters)."""

    short_name: str
    state_class: type[InteropState]  # the game's states (InteropState, or a game's subclass of it)
    game_type: pyspiel.GameType  # as registered

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        setup = setup_of(self.short_name, params or {})
        players = setup.config.players
        info = pyspiel.GameInfo(
            num_distinct_actions=len(setup.space),
            max_chance_outcomes=setup.deals,
            num_players=players,
            min_utility=setup.interop.min_reward,
            max_utility=setup.interop.max_reward,
            utility_sum=None,
            max_game_length=setup.horizon,
        )
        super().__init__(_TYPES[self.short_name], info, params or {})
        self.setup = setup

    def new_initial_state(self) -> InteropState:
        return self.state_class(self, None, self.setup)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> InteropObserver:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        return InteropObserver(setup_of(self.short_name, self.get_parameters()), kind)


class InteropState(pyspiel.State):  # type: ignore[misc]
    """A game in progress: the chance node of the deal, then the game's session (immutable, so a clone
    shares it). The player to move and the legal action ids are worked out once per action."""

    def __init__(self, game: pyspiel.Game, played: Session | None = None, setup: Setup | None = None) -> None:
        super().__init__(game)
        self.setup = setup or setup_of(game.get_type().short_name, game.get_parameters())
        self._enter(played, None)

    def _enter(self, played: Session | None, before: Seen | None) -> None:
        """Make ``played`` the state's game, one action after the game whose information-state lines were
        ``before`` (None: rebuilt from the game's log when asked)."""
        self.game = played
        self._seen_before = before
        self._seen = Seen()  # this state's information-state lines, by viewer, once asked
        self._views = Views()  # the game's views, by viewer, once asked
        self._legal: tuple[int, ...] = ()
        self.cut_short = False  # at the horizon, or with a legal action outside the space
        if played is None:
            self._player = CHANCE
            return
        seat = played.to_move
        if seat is not None and len(played) < self.setup.horizon:
            legal = self.setup.space.known_ids(played.legal_actions())
            if legal is not None:
                self._player, self._legal = seat, tuple(legal)
                return
        self._player = TERMINAL
        self.cut_short = seat is not None

    def current_player(self) -> int:
        return self._player

    def _legal_actions(self, player: int) -> list[int]:
        return list(self._legal) if player == self._player else []

    def legal_actions(self, player: int | None = None) -> list[int]:
        """OpenSpiel's ``legal_actions``, answered here for the player to decide (OpenSpiel's own calls back
        into Python four times before it asks for them); chance and terminal states go to OpenSpiel's."""
        if self._player >= 0 and (player is None or player == self._player):
            return list(self._legal)
        found: list[int] = super().legal_actions() if player is None else super().legal_actions(player)
        return found

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """The player's observation tensor (the player to decide's by default): the numbers of OpenSpiel's own
        ``observation_tensor``, without its first state made to learn the shape at every call."""
        seat = self._player if player is None else player
        players = self.setup.config.players
        if not 0 <= seat < players:
            raise OptionsError(f"no player {seat!r} in a {players}-player game")
        return [0.0] * self.setup.encoder.size if self.game is None else self.encoded(seat)

    def encoded(self, viewer: int | None) -> list[float]:
        """The observation vector of ``viewer`` (None: the spectator): its view encoded."""
        return self.setup.encoder.encode(self.view(viewer))

    def encode_into(self, viewer: int | None, out: Any) -> None:
        """The observation vector of ``viewer`` written into the NumPy array ``out``."""
        self.setup.encoder.encode_array(self.view(viewer), out)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        deals = self.setup.deals
        return [(i, 1.0 / deals) for i in range(deals)]

    def _apply_action(self, action: int) -> None:
        if self.game is None:
            session = self.setup.interop.session
            self._enter(session.new(attrs.evolve(self.setup.config, seed=self.setup.config.seed + action)), None)
        else:
            self._enter(self.game.apply(self.setup.space[action]), self._seen)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE:
            return f"deal {action}"
        return str(self.setup.space[action])

    def is_terminal(self) -> bool:
        return self._player == TERMINAL

    def returns(self) -> list[float]:
        game = self.game
        if game is None or self.cut_short or not game.is_over:
            return [0.0] * self.setup.config.players
        return [float(r) for r in self.setup.interop.rewards(game)]

    def seen_since_deal(self, viewer: int | None) -> str:
        """Everything ``viewer`` (None: the public) saw since the deal, the information-state string: a line
        per action and per event, entry by entry of its view's log, then the legal actions of a viewer to move
        (a search on a sample of the view, OpenSpiel's ``ISMCTSBot``, keys its nodes by this string, so it
        must tell apart what the viewer may do). The log's lines are the lines of the state before,
        if that was asked, and what the viewer saw of the last action; otherwise the whole of the viewer's
        log (the same lines). So a state keeps no game but its own, and the strings of the one before only
        once they were asked."""
        game = self.game
        if game is None:
            return "before the deal"
        found = self._seen.get(viewer)
        if found is None:
            before = None if self._seen_before is None else self._seen_before.get(viewer)
            view = self.view(viewer)
            if before is None:
                found = "\n".join(["public" if viewer is None else f"p{viewer}", *_lines(view.entries)])
            else:
                found = "\n".join([before, *_lines(view.entries_since(len(game) - 1))])
            self._seen[viewer] = found
        if viewer is not None and viewer == self._player:  # what it may do now, which its samples must offer too
            return f"{found}\nlegal: {' '.join(map(str, self._legal))}"
        return found

    def view(self, viewer: int | None) -> Any:
        """The game's view of ``viewer`` (None: the spectator), made once per state."""
        found = self._views.get(viewer)
        if found is None:
            assert self.game is not None
            found = self._views[viewer] = self.game.view(viewer)
        return found

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> InteropState:
        """A state the player cannot tell from this one: the hidden parts dealt again from its view."""
        if self.game is None:
            return type(self)(self.get_game(), None, self.setup)
        rng = random.Random(int(probability_sampler() * 2**53))
        return type(self)(self.get_game(), self.game.view(player_id).sample(rng), self.setup)

    def __str__(self) -> str:
        if self.game is None:
            return "before the deal"
        return f"{self.game!r} after {len(self.game)} decisions"


def _lines(entries: Iterable[SeenEntry]) -> Iterator[str]:
    """Each entry's action (setup's: "setup") and its events, a line each."""
    for entry in entries:
        yield "setup" if entry.action is None else f"{entry.actor}: {entry.action}"
        yield from map(repr, entry.events)


class Seen(dict[int | None, str]):
    """A state's information-state lines, by viewer (None: the public), made when asked. Shared by a
    state's clones (they are at the same position) and never pickled: they follow from the game."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Seen:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Seen, ())


class Views(dict[int | None, Any]):
    """A state's views, by viewer, made when asked; shared by clones, never pickled (as :class:`Seen`)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Views:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Views, ())


class InteropObserver:
    """Observations and information states of :class:`InteropState` (OpenSpiel's observer protocol): the
    tensor and, in ``dict``, each piece of it by name (shaped as declared)."""

    def __init__(self, setup: Setup, iig_obs_type: Any) -> None:
        self._setup = setup
        self._public = iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        self._recall = bool(iig_obs_type.perfect_recall)
        size = setup.encoder.size
        self._information = setup.information if self._recall else None
        self.tensor = np.zeros(size + (self._information.size if self._information else 0), np.float32)
        self._observation = self.tensor[:size]
        self.dict = {s.name: self.tensor[s.offset : s.offset + s.size].reshape(s.shape) for s in setup.encoder.segments}
        if self._information is not None:
            self.dict.update(
                {
                    s.name: self.tensor[size + s.offset : size + s.offset + s.size].reshape(s.shape)
                    for s in self._information.segments
                }
            )

    def set_from(self, state: InteropState, player: int) -> None:
        if state.game is None:
            self.tensor.fill(0)
            return
        viewer = None if self._public else player
        state.encode_into(viewer, self._observation)
        if self._information is not None:
            self._information.encode_array(state.view(viewer), self.tensor[self._setup.encoder.size :])

    def string_from(self, state: InteropState, player: int) -> str:
        viewer = None if self._public else player
        if self._recall:
            return state.seen_since_deal(viewer)
        if state.game is None:
            return "before the deal"
        return self._setup.interop.describe(state.view(viewer))


def register(
    interop: Interop, short_name: str, long_name: str = "", state_class: type[InteropState] = InteropState
) -> type[InteropGame]:
    """Register ``interop``'s game with OpenSpiel as ``short_name`` (``"python_mygame"``): its game class,
    made here once (registering the same declaration again returns it), whose states are ``state_class``."""
    found = _INTEROPS.get(short_name)
    if found is not None:
        if found is not interop:
            raise OptionsError(f"an OpenSpiel game named {short_name!r} is already registered")
        made: type[InteropGame] = globals()[_class_name(short_name)]
        return made
    fewest, most = interop.players
    game_type = pyspiel.GameType(
        short_name=short_name,
        long_name=long_name or f"{interop.name} (rules_core)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=most,
        min_num_players=fewest,
        provides_information_state_string=True,
        provides_information_state_tensor=interop.information is not None,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=_defaults(interop),
    )
    _INTEROPS[short_name], _TYPES[short_name] = interop, game_type
    # Pickle finds a game's class by its module and name: the class is kept here, under a name of its own.
    members = {"__module__": __name__, "short_name": short_name, "state_class": state_class, "game_type": game_type}
    made = type(_class_name(short_name), (InteropGame,), members)
    globals()[made.__name__] = made
    pyspiel.register_game(game_type, made)
    return made


def _class_name(short_name: str) -> str:
    return "".join(part.title() for part in short_name.split("_")) + "Game"


__all__ = [
    "BASE_PARAMETERS",
    "CHANCE",
    "DEFAULT_DEALS",
    "DEFAULT_HORIZON",
    "TERMINAL",
    "InteropGame",
    "InteropObserver",
    "InteropState",
    "Seen",
    "Setup",
    "Views",
    "register",
    "setup_of",
]
