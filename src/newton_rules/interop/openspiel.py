"""Newton as an OpenSpiel game: ``pyspiel.load_game("python_newton", {"players": 3})`` (docs/interop.md).

Importing this module registers the game (``pip install 'newton-rules[openspiel]'``). The game is the
engine core's generic one (:mod:`rules_core.interop.openspiel`) over Newton's declaration,
:data:`newton_rules.interop.NEWTON_INTEROP`; what is Newton's own here is the state that reads its
observation straight from the game, and the MCTS evaluator of the bots.

- **Parameters**: ``players`` (1-4, default 2), ``seed`` (default 0), ``deals`` (default 1000), ``horizon``
  (0: the game's own bound) and every rule option of :class:`newton_rules.Options` under its own name
  (``master_draft``, ``work_coins``...).
- **Chance** is explicit: the first state is a chance node over ``deals`` equally likely deals, deal ``i``
  being the game of seed ``seed + i`` (``deals=1``: one fixed deal). Every later random event (decks
  reshuffled at End Round) follows from the deal, so no other chance node exists and a game is its
  deal plus its actions: serializing and deserializing replay them exactly.
- **Actions** are the ids of :func:`newton_rules.action_space`; ``num_distinct_actions`` is its size.
- **Rewards** are terminal: the winners share 1 (ties split it), the others get 0; solo, the final
  rank's place in the solo table (0 the lowest, 1 the highest).
- **Observations**: the observation tensor is :class:`newton_rules.ObservationEncoder`'s vector of the
  player's view (read straight from the game: the same numbers, without making the view); the public
  observation (``private_info=NONE``) encodes the spectator's view; the information-state tensor adds,
  per seat slot, the cards the player knows are in that seat's hidden hand
  (:func:`newton_rules.interop.known_hands`). The observation string is the player's view in words; the
  information-state string is everything the player saw since the deal (perfect recall).
- ``max_game_length`` is :attr:`newton_rules.Bounds.max_decisions`; ``resample_from_infostate`` draws a
  game consistent with the player's view (``view.sample``), which is what ``ISMCTSBot`` needs.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from open_spiel.python.algorithms.mcts import Evaluator

import newton_rules as nr
from newton_rules.bots import evaluate
from newton_rules.bots.mcts import squash
from newton_rules.interop import NEWTON_INTEROP, win_shares
from rules_core.interop.openspiel import (
    CHANCE,
    DEFAULT_DEALS,
    TERMINAL,
    InteropGame,
    InteropObserver,
    InteropState,
    Seen,
    Setup,
    register,
)
from rules_core.interop.openspiel import setup_of as setup_of_game

SHORT_NAME = "python_newton"
MAX_PLAYERS = NEWTON_INTEROP.players[1]


class NewtonState(InteropState):
    """A game in progress (the core's state), whose observation vector is read straight from the Newton
    game, the view's redaction applied record by record, with no view made."""

    def _newton(self) -> tuple[nr.Game, nr.ObservationEncoder]:
        game, encoder = self.game, self.setup.encoder
        assert isinstance(game, nr.Game) and isinstance(encoder, nr.ObservationEncoder)
        return game, encoder

    def encoded(self, viewer: int | None) -> list[float]:
        game, encoder = self._newton()
        return encoder.encode_game(game, viewer)

    def encode_into(self, viewer: int | None, out: Any) -> None:
        game, encoder = self._newton()
        encoder.encode_game_array(game, viewer, out)


NewtonGame: type[InteropGame] = register(NEWTON_INTEROP, SHORT_NAME, "Newton (newton_rules)", NewtonState)
GAME_TYPE = NewtonGame.game_type
NewtonObserver = InteropObserver  # the core's observer, with Newton's information pieces


def setup_of(params: dict[str, Any]) -> Setup:
    """The setup of ``python_newton`` under OpenSpiel's ``params``: its configuration, deals, action space
    and encoders (:func:`rules_core.interop.openspiel.setup_of`)."""
    return setup_of_game(SHORT_NAME, params)


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
        if not isinstance(game, nr.Game):
            return np.full(state.num_players(), 0.5)
        if game.is_over:
            return np.array(win_shares(game))
        return np.array([squash(evaluate(game, seat), self.scale) for seat in range(game.config.players)])

    def prior(self, state: NewtonState) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return list(state.chance_outcomes())
        legal = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]


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
