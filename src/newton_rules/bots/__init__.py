"""Bots: anything with ``choose(view) -> Action`` plays Newton, given its seat's view (see docs/bots.md).

- :class:`RandomBot`: a uniformly random legal action.
- :class:`GreedyBot`: a short lookahead (an action, its follow-up, a movement to its end) on
  :func:`~newton_rules.bots.evaluation.evaluate`.
- :class:`MCTSBot`: information-set Monte Carlo tree search over what its player's view allows.

Every bot takes a ``seed``; the same seed and the same view give the same choice. A bot is given its
seat's view, never the whole game (an oracle bot says so by name: :class:`OracleBot`); a caller that
passes a game still works (the bot takes the view of the seat to move).
"""

from newton_rules.bots.base import Bot, seat_view
from newton_rules.bots.evaluation import EstimateWeights, evaluate, score_estimate
from newton_rules.bots.greedy import GreedyBot
from newton_rules.bots.mcts import MCTSBot
from rules_core.bots import OracleBot, PlayFailed, RandomBot, is_oracle, play_game

BOTS = {"random": RandomBot, "greedy": GreedyBot, "mcts": MCTSBot}

__all__ = [
    "BOTS",
    "Bot",
    "EstimateWeights",
    "GreedyBot",
    "MCTSBot",
    "OracleBot",
    "PlayFailed",
    "RandomBot",
    "evaluate",
    "is_oracle",
    "play_game",
    "score_estimate",
    "seat_view",
]
