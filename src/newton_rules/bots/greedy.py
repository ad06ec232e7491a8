"""GreedyBot: one-step lookahead on the documented evaluation."""

from __future__ import annotations

import random

import newton_rules as nr
from newton_rules.bots.base import seat_view
from newton_rules.bots.evaluation import evaluate, nudge


class GreedyBot:
    """Applies each legal action and keeps one with the best :func:`evaluate` for its player.

    The lookahead is one action, plus the same player's best follow-up when the action leaves them to
    decide again (so "step" is judged with the chance to stop there, "play" with the card's action).
    It looks ahead on ``view.sample(rng)``, a game dealt from what its seat saw, so it never reads a
    hidden card. Ties are broken at random with the bot's seed (the samples have a generator of their own).
    """

    def __init__(self, seed: int = 0, follow_up: bool = True) -> None:
        self._rng = random.Random(seed)
        self._sampler = random.Random(seed)
        self._follow_up = follow_up

    def choose(self, seen: nr.PlayerView | nr.Game) -> nr.Action:
        view = seat_view(seen)
        seat = view.player
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        game = view.sample(self._sampler)
        best: list[nr.Action] = []
        best_value = float("-inf")
        for action in legal:
            value = self._value(game.apply(action), seat) + nudge(game, action)
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-9:
                best.append(action)
        return self._rng.choice(best)

    def _value(self, after: nr.Game, seat: int) -> float:
        value = evaluate(after, seat)
        if self._follow_up and after.to_move == seat:
            for action in after.legal_actions():
                value = max(value, evaluate(after.apply(action), seat) + nudge(after, action))
        return value
