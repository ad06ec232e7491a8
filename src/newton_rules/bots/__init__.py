"""Bots: anything with ``choose(game) -> Action`` plays Newton (see docs/bots.md).

- :class:`RandomBot`: a uniformly random legal action.
- :class:`GreedyBot`: one-step lookahead on :func:`~newton_rules.bots.evaluation.evaluate`.
- :class:`MCTSBot`: information-set Monte Carlo tree search over what its player's view allows.

Every bot takes a ``seed``; the same seed and the same game give the same choice.
"""

from newton_rules.bots.base import Bot, PlayFailed, RandomBot, play_game
from newton_rules.bots.evaluation import evaluate, score_estimate
from newton_rules.bots.greedy import GreedyBot
from newton_rules.bots.mcts import MCTSBot

BOTS = {"random": RandomBot, "greedy": GreedyBot, "mcts": MCTSBot}

__all__ = ["BOTS", "Bot", "GreedyBot", "MCTSBot", "PlayFailed", "RandomBot", "evaluate", "play_game", "score_estimate"]
