"""Newton as an OpenSpiel game: ``pyspiel.load_game("python_newton", {"players": 3})`` (docs/interop.md).

Importing this module registers the game (``pip install 'newton-rules[openspiel]'``).

- **Parameters**: ``players`` (1-4, default 2), ``seed`` (default 0), ``deals`` (default 1000) and every
  rule option of :class:`newton_rules.Options` under its own name (``master_draft``, ``work_coins``...).
- **Chance** is explicit: the first state is a chance node over ``deals`` equally likely deals, deal ``i``
  being the game of seed ``seed + i`` (``deals=1``: one fixed deal). Every later random event (decks
  reshuffled at End Round) follows from the deal, so no other chance node exists and a game is its
  deal plus its actions: serializing and deserializing replay them exactly.
- **Actions** are the ids of :func:`newton_rules.action_space`; ``num_distinct_actions`` is its size.
- **Rewards** are terminal: the winners share 1 (ties split it), the others get 0; solo, the final
  rank's place in the solo table (0 the lowest, 1 the highest).
- **Observations**: the observation tensor is :class:`newton_rules.ObservationEncoder`'s vector of the
  player's view (``state.observation_tensor(player)``, called from Python, encodes it straight from the
  game: the same numbers, without OpenSpiel's shape probe and vector copy at every call); the public
  observation (``private_info=NONE``) encodes the spectator's view; the information-state tensor adds,
  per seat slot, the cards the player knows are in that seat's hidden hand. The observation string is
  the player's view in words; the information-state string is everything the player saw since the
  deal (the events of its view), so it has perfect recall.
- ``max_game_length`` is :attr:`newton_rules.Bounds.max_decisions`; ``resample_from_infostate`` draws a
  game consistent with the player's view (``view.sample``), which is what ``ISMCTSBot`` needs.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import numpy as np
import pyspiel
from open_spiel.python.algorithms.mcts import Evaluator

import newton_rules as nr
from newton_rules.bots import evaluate
from newton_rules.bots.mcts import squash
from newton_rules.interop import option_defaults, win_shares
from newton_rules.text import render_position

SHORT_NAME = "python_newton"
DEFAULT_DEALS = 1000
MAX_PLAYERS = 4


def _parameters() -> dict[str, Any]:
    return {"players": 2, "seed": 0, "deals": DEFAULT_DEALS, **option_defaults()}


GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Newton (newton_rules)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_PLAYERS,
    min_num_players=1,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    provides_factored_observation_string=False,
    parameter_specification=_parameters(),
)


@attrs.frozen
class Setup:
    """What a game's parameters make: the configuration, the deals and the action space."""

    config: nr.GameConfig
    deals: int
    space: nr.ActionSpace
    encoder: nr.ObservationEncoder

    def __deepcopy__(self, memo: dict[int, Any]) -> Setup:
        return self  # shared by every state of a game, never changed (OpenSpiel deep-copies a state to clone it)


_SETUPS: dict[tuple[tuple[str, Any], ...], Setup] = {}


def setup_of(params: dict[str, Any]) -> Setup:
    """The setup of ``params`` (OpenSpiel's parameters of the game), made once per set of parameters.

    The states read it from their game's parameters, which OpenSpiel always keeps (a game rebuilt by
    OpenSpiel, e.g. when it deserializes a state, is not the Python object that was made first).
    """
    given = {**_parameters(), **params}
    key = tuple(sorted(given.items()))
    found = _SETUPS.get(key)
    if found is None:
        unknown = set(given) - set(_parameters())
        if unknown:
            raise nr.NewtonError(f"unknown parameter(s) of {SHORT_NAME}: {', '.join(sorted(unknown))}")
        options = nr.Options(**{name: given[name] for name in option_defaults()})
        config = nr.GameConfig(players=int(given["players"]), seed=int(given["seed"]), options=options)
        deals = int(given["deals"])
        if deals < 1:
            raise nr.NewtonError(f"deals must be 1 or more, got {deals}")
        found = _SETUPS[key] = Setup(config, deals, nr.action_space(config), nr.observation_encoder(config))
    return found


class NewtonGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game of one configuration (players, rule options) and a range of deals."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        setup = setup_of(params or {})
        info = pyspiel.GameInfo(
            num_distinct_actions=len(setup.space),
            max_chance_outcomes=setup.deals,
            num_players=setup.config.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=nr.game_bounds(setup.config).max_decisions,
        )
        super().__init__(GAME_TYPE, info, params or {})
        self.setup = setup

    def new_initial_state(self) -> NewtonState:
        # OpenSpiel makes a first state each time it asks a Python game for a tensor's shape (at every
        # observation_tensor call), so the state is given the setup rather than looking it up.
        return NewtonState(self, None, self.setup)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> NewtonObserver:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        return NewtonObserver(setup_of(self.get_parameters()), kind)


CHANCE = int(pyspiel.PlayerId.CHANCE)
TERMINAL = int(pyspiel.PlayerId.TERMINAL)


class NewtonState(pyspiel.State):  # type: ignore[misc]
    """A game in progress: the chance node of the deal, then a :class:`newton_rules.Game`.

    The Newton game is immutable, so a copy shares it: cloning a state costs nothing. The player to
    move is kept once per action (OpenSpiel asks for it several times per action, from C++ too) and
    the legal action ids once asked.
    """

    def __init__(self, game: pyspiel.Game, played: nr.Game | None = None, setup: Setup | None = None) -> None:
        super().__init__(game)
        self.setup = setup or setup_of(game.get_parameters())
        self._enter(played, None)

    def _enter(self, played: nr.Game | None, before: Seen | None) -> None:
        """Make ``played`` the state's game, one action after the game whose information-state strings
        were ``before`` (None: rebuilt from the game's log when asked)."""
        self.game = played
        self._seen_before = before
        self._seen: Seen | None = None  # the information-state strings of this state, once asked
        if played is None:
            self._player = CHANCE
        else:
            seat = played.to_move
            self._player = TERMINAL if seat is None else seat
        self._legal: tuple[int, ...] | None = None  # the legal action ids, once asked

    def current_player(self) -> int:
        return self._player

    def _legal_ids(self) -> tuple[int, ...]:
        legal = self._legal
        if legal is None:
            assert self.game is not None
            legal = self._legal = tuple(self.setup.space.ids(self.game.legal_actions()))
        return legal

    def _legal_actions(self, player: int) -> list[int]:
        assert self.game is not None
        if player != self._player:
            return []
        return list(self._legal_ids())

    def legal_actions(self, player: int | None = None) -> list[int]:
        """OpenSpiel's ``legal_actions``, answered here for the player to move: OpenSpiel's own calls back
        into Python four times (``current_player`` three times, ``is_terminal``) before it asks for the
        actions, and converts them twice on the way back."""
        if self._player >= 0 and (player is None or player == self._player):
            return list(self._legal_ids())
        found: list[int] = super().legal_actions() if player is None else super().legal_actions(player)
        return found

    def chance_outcomes(self) -> list[tuple[int, float]]:
        deals = self.setup.deals
        return [(i, 1.0 / deals) for i in range(deals)]

    def _apply_action(self, action: int) -> None:
        if self.game is None:
            config = self.setup.config
            deal = nr.GameConfig(players=config.players, seed=config.seed + action, options=config.options)
            self._enter(nr.Game.new(deal), None)
            return
        self._enter(self.game.apply(self.setup.space[action]), self._seen)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        return str(self.setup.space[action])

    def seen_since_deal(self, viewer: int | None) -> str:
        """Everything ``viewer`` (None: the public) saw since the deal, one event a line (the information-
        state string): the string of the state before the last action, if it was asked, and what the
        viewer saw of that action; otherwise the whole of the viewer's events (the same lines). So a
        state keeps no game but its own, and the strings of the one before only once they were asked."""
        game = self.game
        assert game is not None
        seen = self._seen
        if seen is None:
            seen = self._seen = Seen()
        found = seen.get(viewer)
        if found is None:
            before = None if self._seen_before is None else self._seen_before.get(viewer)
            view = game.view(viewer)
            if before is None:
                lines = ["public" if viewer is None else f"p{viewer}", *map(repr, view.events)]
            else:
                lines = [before, *map(repr, view.events_since(len(game) - 1))]
            found = seen[viewer] = "\n".join(lines)
        return found

    def is_terminal(self) -> bool:
        return self._player == TERMINAL

    def returns(self) -> list[float]:
        if self.game is None or not self.game.is_over:
            return [0.0] * self.setup.config.players
        return win_shares(self.game)

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """The player's observation tensor (the current player's by default), the numbers OpenSpiel's own
        ``observation_tensor`` gives, read straight from the game: OpenSpiel's would make a first state
        to learn the shape and convert a C++ vector to a list at every call, several times the encoding."""
        if player is None:
            player = self._player
        if not 0 <= player < self.setup.config.players:
            raise nr.NewtonError(f"no player {player!r} in a {self.setup.config.players}-player game")
        if self.game is None:
            return [0.0] * self.setup.encoder.size
        return self.setup.encoder.encode_game(self.game, player)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> NewtonState:
        """A state the player cannot tell from this one: the hidden parts dealt again from its view."""
        if self.game is None:
            return NewtonState(self.get_game(), None, self.setup)
        rng = random.Random(int(probability_sampler() * 2**53))
        return NewtonState(self.get_game(), self.game.view(player_id).sample(rng), self.setup)

    def __str__(self) -> str:
        if self.game is None:
            return "before the deal"
        return repr(self.game)


class NewtonObserver:
    """Observations and information states of :class:`NewtonState` (OpenSpiel's observer protocol)."""

    def __init__(self, setup: Setup, iig_obs_type: Any) -> None:
        self._encoder = setup.encoder
        self._public = iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        self._recall = bool(iig_obs_type.perfect_recall)
        players = setup.config.players
        self._cards = {action.arg: i for i, action in enumerate(a for a in setup.space if a.kind == "play")}
        size = self._encoder.size + (players * len(self._cards) if self._recall else 0)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor[: self._encoder.size]}
        if self._recall:
            self.dict["known hands"] = self.tensor[self._encoder.size :].reshape(players, len(self._cards))

    def _view(self, state: NewtonState, player: int) -> nr.View | None:
        if state.game is None:
            return None
        return state.game.view(None if self._public else player)

    def set_from(self, state: NewtonState, player: int) -> None:
        if state.game is None:
            self.tensor.fill(0)
            return
        # Encoded from the game (the view's redaction applied record by record), with no view made.
        self._encoder.encode_game_array(state.game, None if self._public else player, self.dict["observation"])
        if self._recall:
            known = self.dict["known hands"]
            known.fill(0)
            view = state.game.view(None if self._public else player)
            if isinstance(view, nr.PlayerView):
                players = len(known)
                hidden = nr.unseen(view.state, player, view.catalog, view.events)
                for seat, cards in hidden.pinned.items():
                    for card in cards:
                        known[(seat - player) % players, self._cards[card]] = 1.0

    def string_from(self, state: NewtonState, player: int) -> str:
        view = self._view(state, player)
        if view is None:
            return "before the deal"
        if self._recall:
            return state.seen_since_deal(None if self._public else player)
        if isinstance(view, nr.PlayerView):
            return render_position(view, view.catalog)
        return f"round {view.state.round}, {view.decision}"


class Seen(dict[int | None, str]):
    """A state's information-state strings, by viewer (None: the public), made when asked. Shared by a
    state's clones (they are at the same position) and never pickled: they follow from the game."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Seen:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Seen, ())


class HeuristicEvaluator(Evaluator):  # type: ignore[misc]
    """An OpenSpiel MCTS evaluator that values a state with the bots' evaluation instead of random
    rollouts (:func:`newton_rules.bots.evaluate`, squashed to a share between 0 and 1), with a uniform prior.

    A rollout plays a whole random game (about 400 decisions); this reads one position, so a search of
    the same budget runs some 100 times faster and sees where each player stands.
    """

    def __init__(self, scale: float = 8.0) -> None:
        self.scale = scale

    def evaluate(self, state: NewtonState) -> np.ndarray:
        game = state.game
        if game is None:
            return np.full(state.num_players(), 0.5)
        if game.is_over:
            return np.array(win_shares(game))
        return np.array([squash(evaluate(game, seat), self.scale) for seat in range(game.config.players)])

    def prior(self, state: NewtonState) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return list(state.chance_outcomes())
        legal = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]


pyspiel.register_game(GAME_TYPE, NewtonGame)


__all__ = [
    "CHANCE",
    "DEFAULT_DEALS",
    "GAME_TYPE",
    "MAX_PLAYERS",
    "SHORT_NAME",
    "TERMINAL",
    "HeuristicEvaluator",
    "NewtonGame",
    "NewtonObserver",
    "NewtonState",
    "Seen",
    "Setup",
    "setup_of",
]
