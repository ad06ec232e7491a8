"""GreedyBot: a short lookahead (one action, its follow-up, a movement to its end) on the documented evaluation."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

import newton_rules as nr
from newton_rules.bots.base import seat_view
from newton_rules.bots.evaluation import nudge, score_estimate
from rules_core import bots as core

MOVEMENT = ("basic", "choose", "student", "step")  # the choices of one Basic Action, followed to its end
TIE = 1e-9  # values this close are a tie, broken at random


class GreedyBot(core.GreedyBot):
    """Applies each legal action and keeps one with the best :func:`evaluate` for its player.

    The lookahead is one action, plus the same player's best follow-up when the action leaves them to
    decide again (so "step" is judged with the chance to stop there, "play" with the card's action).
    A follow-up that starts or goes on with a movement (``MOVEMENT``: the Basic Action chosen, the
    Student, a step) is followed further, up to ``depth`` actions in all, so that "play" sees the
    cube, the Objective or the Master at the end of a two-step journey: a piece's move only pays
    where it stops.
    Each position is evaluated once per decision, however many step orders reach it (a journey's
    steps can be taken in several orders to the same end), which keeps a deeper lookahead affordable.
    It looks ahead on ``view.sample(rng)``, a game dealt from what its seat saw, so it never reads a
    hidden card. Ties (values within ``TIE``) are broken at random with the bot's seed (the samples have a
    generator of their own): the engine core's greedy shape (:class:`rules_core.bots.GreedyBot`).
    """

    def __init__(self, seed: int = 0, follow_up: bool = True, depth: int = 6) -> None:
        if depth < 1:
            raise ValueError(f"GreedyBot depth must be at least 1 (the follow-up), not {depth}")
        super().__init__(seed, tie_tolerance=TIE)
        self._depth = depth if follow_up else 0

    def choose(self, seen: nr.PlayerView | nr.Game) -> nr.Action:
        action: nr.Action = super().choose(seat_view(seen))
        return action

    def action_values(self, view: nr.PlayerView, game: nr.Game, legal: Sequence[nr.Action]) -> list[float]:
        """Each action's lookahead value for the view's player, with its :func:`nudge`."""
        lookahead = _Lookahead(view.player)
        return [lookahead.value(game.apply(action), self._depth) + nudge(game, action) for action in legal]


class _Position:
    """A position's state as a key of the lookahead's memos, its hash computed once: a state's hash is
    a walk of the whole state, and each position is looked up two to four times (docs/performance.md)."""

    __slots__ = ("_hash", "state")

    def __init__(self, state: Hashable) -> None:
        self.state = state
        self._hash = hash(state)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Position) and self._hash == other._hash and self.state == other.state


class _Estimates:
    """Each seat's :func:`score_estimate`, remembered by all that it reads: the seat's own record, the
    tiles laid on the boards, the round and the phase (with the catalog, fixed in a game). Those are the
    inputs of the seat's facts (``newton_rules.facts`` remembers them by the same key) and the rest of the
    estimate reads the seat's record alone. Within a decision the other seats' records are the same
    objects from position to position, so their estimates are computed once instead of at every
    position (docs/performance.md, "The balance table in CI")."""

    def __init__(self) -> None:
        self._memo: dict[tuple[Any, ...], tuple[object, object, object, float]] = {}

    def of(self, game: nr.Game, seat: int) -> float:
        state = game.state
        record, board = state.players[seat], state.board
        key = (
            seat,
            id(record),
            id(board.map_tiles),
            id(board.track_tiles),
            board.map_objective,
            state.round,
            state.phase,
        )
        found = self._memo.get(key)
        # The objects are kept with their estimate, so an id in the key cannot be reused while it is there.
        if found is not None and found[0] is record and found[1] is board.map_tiles and found[2] is board.track_tiles:
            return found[3]
        value = score_estimate(game, seat)
        self._memo[key] = (record, board.map_tiles, board.track_tiles, value)
        return value


class _Lookahead:
    """One decision's lookahead for ``seat``, remembering what each position was found worth: the
    evaluation of a position, and the best value reachable from it with so many actions left."""

    def __init__(self, seat: int) -> None:
        self._seat = seat
        self._estimates = _Estimates()
        self._evaluated: dict[_Position, float] = {}
        self._reachable: dict[tuple[_Position, int], float] = {}

    def evaluate(self, game: nr.Game, position: _Position | None = None) -> float:
        key = _Position(game.state) if position is None else position
        value = self._evaluated.get(key)
        if value is None:
            value = self._evaluated[key] = self._evaluation(game)
        return value

    def _evaluation(self, game: nr.Game) -> float:
        """:func:`newton_rules.bots.evaluation.evaluate` of the seat, the same sums in the same order (so
        the same floats), each seat's estimate taken from :class:`_Estimates`."""
        estimates = [self._estimates.of(game, seat) for seat in range(game.config.players)]
        if len(estimates) == 1:
            return estimates[0]
        return estimates[self._seat] - max(e for s, e in enumerate(estimates) if s != self._seat)

    def value(self, after: nr.Game, depth: int) -> float:
        """The best evaluation the seat can reach from ``after`` with ``depth`` more of its own actions,
        only movement actions leading further than one."""
        if depth == 0 or after.to_move != self._seat:
            return self.evaluate(after)
        position = _Position(after.state)
        key = (position, depth)
        value = self._reachable.get(key)
        if value is not None:
            return value
        value = self.evaluate(after, position)
        for action in after.legal_actions():
            following = after.apply(action)
            if action.kind in MOVEMENT and depth > 1:
                reached = self.value(following, depth - 1)
            else:
                reached = self.evaluate(following)
            value = max(value, reached + nudge(after, action))
        self._reachable[key] = value
        return value
