"""GreedyBot: a short lookahead (one action, its follow-up, a movement to its end) on the documented evaluation."""

from __future__ import annotations

import random

import newton_rules as nr
from newton_rules.bots.base import seat_view
from newton_rules.bots.evaluation import evaluate, nudge

MOVEMENT = ("basic", "choose", "student", "step")  # the choices of one Basic Action, followed to its end


class GreedyBot:
    """Applies each legal action and keeps one with the best :func:`evaluate` for its player.

    The lookahead is one action, plus the same player's best follow-up when the action leaves them to
    decide again (so "step" is judged with the chance to stop there, "play" with the card's action).
    A follow-up that starts or goes on with a movement (``MOVEMENT``: the Basic Action chosen, the
    Student, a step) is followed further, up to ``depth`` actions in all, so that "play" sees the
    cube, the Objective or the Master at the end of a two-step journey: a piece's move only pays
    where it stops.
    It looks ahead on ``view.sample(rng)``, a game dealt from what its seat saw, so it never reads a
    hidden card. Ties are broken at random with the bot's seed (the samples have a generator of their own).
    """

    def __init__(self, seed: int = 0, follow_up: bool = True, depth: int = 3) -> None:
        if depth < 1:
            raise ValueError(f"GreedyBot depth must be at least 1 (the follow-up), not {depth}")
        self._rng = random.Random(seed)
        self._sampler = random.Random(seed)
        self._depth = depth if follow_up else 0

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

    def _value(self, after: nr.Game, seat: int, depth: int | None = None) -> float:
        """The best evaluation ``seat`` can reach from ``after`` with ``depth`` more of its own actions,
        only movement actions leading further than one."""
        depth = self._depth if depth is None else depth
        value = evaluate(after, seat)
        if depth == 0 or after.to_move != seat:
            return value
        for action in after.legal_actions():
            following = after.apply(action)
            if action.kind in MOVEMENT and depth > 1:
                reached = self._value(following, seat, depth - 1)
            else:
                reached = evaluate(following, seat)
            value = max(value, reached + nudge(after, action))
        return value
