"""MCTSBot: single-observer information-set Monte Carlo tree search (docs/bots.md).

The bot never reads hidden information. It is given its own view (``game.view(seat)``): the state
where every hidden card is ``"?"`` and the public events. Each iteration samples a *determinization*
from that view (``view.sample(rng)``), a full game consistent with all the player may know, and runs on
that sampled game only, so no ``apply`` ever reaches the real decks.

One tree is shared by all determinizations and keyed by actions (SO-ISMCTS). An action new at a node
gets a prior from the evaluation of :mod:`newton_rules.bots.evaluation` right after it; a new leaf is
valued once its player has finished the turn greedily (:func:`finish_turn`), because a turn's worth
only shows when its actions end. With rivals the tree stops by default at the end of the searching
player's turn, so every leaf is valued at that one point (a leaf after a rival's turn would count the
rival's turn and not the player's next one); with ``playout_turns``, once the rivals have replied and
the player has played their next turn (:func:`play_on`; each turn's card chosen by where the turn ends
after it, :func:`plan_turn`, the rest greedily): a turn is worth what it leads to.
Selection is UCB1 on the mean with the prior counted as a few visits, with availability counts.

The tree is the engine core's (:mod:`rules_core.mcts`: its nodes, selection, expansion, reuse and budget);
this module gives it Newton's hooks: the actions searched, the evaluation's priors, the turn horizon and
the valuation of a leaf.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Literal, get_args

import newton_rules as nr
from newton_rules.bots.base import seat_view
from newton_rules.bots.evaluation import WEIGHTS, EstimateWeights, evaluations, nudge, score_estimate
from rules_core.mcts import ISMCTSBot, Node, best_action, tree_size

# The evaluation's weights for MCTSBot with rivals. A placed cube at 3.2 VP: its tree reaches a cube at
# the end of a journey only where the search finds the journey (its turns are finished one action at a
# time), so at GreedyBot's 1.6 its self-play winners placed 5.7 cubes where GreedyBot's place 7.8
# (docs/bots.md, "Its cube value").
MCTS_WEIGHTS = EstimateWeights(cube=3.2)
# Solo, where the tree goes through the whole game, a cube at 3.2 cost it 7.9 VP a game against 1.6
# (docs/bots.md): GreedyBot's weights.
MCTS_SOLO_WEIGHTS = WEIGHTS

# The search budget per decision and the turns played on after a leaf (docs/bots.md, "Its playout") by default.
MCTS_ITERATIONS = 200
MCTS_PLAYOUT_TURNS = 0

# How far the tree reaches: the end of the searching player's turn, or the end of the game.
Horizon = Literal["turn", "game"]
HORIZONS: tuple[Horizon, ...] = get_args(Horizon)

# -- rewards --------------------------------------------------------------------------------------------


def squash(value: float, scale: float) -> float:
    """A VP difference as a reward in (0, 1): 0.5 when even, 0.73 when ``scale`` VP ahead."""
    return 1.0 / (1.0 + math.exp(max(-60.0, min(60.0, -value / scale))))


class MCTSBot(ISMCTSBot):
    """Information-set MCTS with a budget of ``iterations`` (or ``time_limit`` seconds) per decision: the
    engine core's search (:class:`rules_core.mcts.ISMCTSBot`) with Newton's hooks.

    ``exploration`` weighs the UCB term, ``prior_visits`` how many visits the evaluation prior counts
    for, ``scale`` the VP lead that makes a reward 0.73 (see :func:`squash`). A new leaf is valued at
    the end of the current turn (``finish_turn``: its player completes it greedily), after
    ``rollout_depth`` further random actions (0: none). ``reuse`` keeps the subtree of the actions
    actually played for the next decision. ``weights`` are the evaluation's weights (by default
    ``MCTS_WEIGHTS`` with rivals, ``MCTS_SOLO_WEIGHTS`` alone: :meth:`weights_for`; GreedyBot's
    evaluation uses ``evaluation.WEIGHTS``). ``horizon`` is how far the tree reaches:
    ``"turn"``, the end of the searching player's turn when there are rivals (every leaf is valued at
    that one point, so leaves compare like with like; solo the tree goes on, every leaf following one of
    the player's own turns), or ``"game"``, through the rivals' turns too. With the turn horizon and
    rivals, a leaf is valued once every player has played on greedily until the searching player has
    finished ``playout_turns`` more turns of their own (:func:`play_on`; 0, the default: at the end of
    the turn; docs/bots.md, "Its playout", says why 1 is not the default yet). With an iteration budget
    the search stops early once no other action can overtake the most visited one.
    """

    def __init__(
        self,
        seed: int = 0,
        iterations: int = MCTS_ITERATIONS,
        time_limit: float | None = None,
        rollout_depth: int = 0,
        exploration: float = 0.1,
        scale: float = 8.0,
        prior_visits: float = 5.0,
        finish_turn: bool = True,
        reuse: bool = True,
        weights: EstimateWeights | None = None,
        horizon: Horizon = "turn",
        playout_turns: int = MCTS_PLAYOUT_TURNS,
    ) -> None:
        if horizon not in HORIZONS:
            raise ValueError(f"MCTSBot horizon must be one of {', '.join(HORIZONS)}, not {horizon!r}")
        if playout_turns < 0:
            raise ValueError(f"MCTSBot playout_turns must be 0 or more, not {playout_turns}")
        super().__init__(
            seed=seed,
            iterations=iterations,
            time_limit=time_limit,
            exploration=exploration,
            prior_visits=prior_visits,
            reuse=reuse,
            stop_when_decided=True,
        )
        self.rollout_depth = rollout_depth
        self.scale = scale
        self.finish_turn = finish_turn
        self.weights = weights
        self.horizon = horizon
        self.playout_turns = playout_turns

    def weights_for(self, players: int) -> EstimateWeights:
        """The evaluation's weights in a game of ``players``: ``weights`` if given, else ``MCTS_WEIGHTS``
        with rivals and ``MCTS_SOLO_WEIGHTS`` alone."""
        if self.weights is not None:
            return self.weights
        return MCTS_WEIGHTS if players > 1 else MCTS_SOLO_WEIGHTS

    def choose(self, seen: nr.PlayerView | nr.Game) -> nr.Action:
        action: nr.Action = super().choose(seat_view(seen))
        return action

    def candidates(self, legal: Sequence[nr.Action]) -> Sequence[nr.Action]:
        """:func:`searched`: all but giving up the played card's Basic Action."""
        return searched(legal)

    def at_horizon(self, seat: int | None, game: nr.Game, last: nr.Action | None) -> bool:
        """With ``horizon="turn"`` and rivals the tree stops where the searching player's turn ends: a node
        past it is never entered, and that turn's end is valued as a leaf every time it is reached. Alone,
        every turn is the player's own, so the tree goes on."""
        return self._to_turn_end(game) and _turn_over(game, seat, last)

    def _to_turn_end(self, game: nr.Game) -> bool:
        """Whether the tree stops at the end of the searching player's turn: the turn horizon, with rivals."""
        return self.horizon == "turn" and game.config.players > 1

    def priors(self, game: nr.Game, actions: Sequence[nr.Action]) -> list[float]:
        """Each action's prior from the evaluation: the actor's estimate after the action minus the best
        other estimate before it (an action seldom changes another player's estimate; this halves the
        cost), with the action's :func:`nudge`, squashed."""
        actor = game.to_move
        assert actor is not None
        weights = self.weights_for(game.config.players)
        others = [score_estimate(game, s, weights) for s in range(game.config.players) if s != actor]
        rival = max(others) if others else 0.0
        return [
            squash(score_estimate(game.apply(action), actor, weights) - rival + nudge(game, action), self.scale)
            for action in actions
        ]

    def leaf_values(self, game: nr.Game, actor: int | None, last: nr.Action | None) -> tuple[float, ...]:
        """Every seat's reward once ``actor`` has finished the turn in which they played ``last`` (with
        the turn horizon and rivals, and ``playout_turns`` more of their turns played on), after
        ``rollout_depth`` random actions."""
        weights = self.weights_for(game.config.players)
        if self.finish_turn and actor is not None and last is not None and last.kind not in TURN_ENDS:
            game = finish_turn(game, actor, weights=weights)
        if actor is not None and self._to_turn_end(game):
            game = play_on(game, actor, self.playout_turns, weights=weights)
        game = self.rollout(game, self.rollout_depth)
        return tuple(squash(v, self.scale) for v in evaluations(game, weights))


def searched(legal: Sequence[nr.Action]) -> Sequence[nr.Action]:
    """The legal actions the search considers: all but ending the turn while the played card's Basic
    Action can still be taken.

    Giving the Basic Action up is legal but hardly ever worth it: it is the turn's main gain, and ending
    forfeits it. A search that kept "end" gave up 8 of its 25 Basic Actions in one game, because its value
    is one known position while the Basic Action's is the mean over every choice tried below it (each
    Student, step and book), the bad ones included, which the greedy end of the turn never picks.
    """
    if any(a.kind == "basic" for a in legal):
        return [a for a in legal if a.kind != "end"]
    return legal


TURN_ENDS = ("end", "tuck", "keep")  # actions after which a player's turn (or End Round / draft choice) is over


def finish_turn(game: nr.Game, actor: int, limit: int = 30, weights: EstimateWeights = WEIGHTS) -> nr.Game:
    """The game once ``actor`` has finished the turn under way greedily (at most ``limit`` actions), by an
    evaluation with ``weights``.

    Each action is the best by the actor's own estimate after it plus its :func:`nudge`; the first best
    wins ties, so this is deterministic. A turn's worth only shows when its actions end (rewards come
    then), so leaves valued at the end of a turn compare like with like.
    """
    for _ in range(limit):
        if game.to_move != actor:
            break
        game, chosen = _best_after(game, actor, game.legal_actions(), weights)
        if chosen is None or chosen.kind in TURN_ENDS:
            break
    return game


def _best_after(
    game: nr.Game, actor: int, actions: Sequence[nr.Action], weights: EstimateWeights, finish: bool = False
) -> tuple[nr.Game, nr.Action | None]:
    """The game after the best of ``actions`` by ``actor``'s estimate plus the action's :func:`nudge`, and
    that action (the first best wins ties; ``game`` and None if there is none); with ``finish``, each is
    judged once :func:`finish_turn` has ended the turn after it, and that end is returned."""
    best, chosen, best_value = game, None, -math.inf
    for action in actions:
        after = game.apply(action)
        if finish:
            after = finish_turn(after, actor, weights=weights)
        value = score_estimate(after, actor, weights) + nudge(game, action)
        if value > best_value:
            best, chosen, best_value = after, action, value
    return best, chosen


def plan_turn(game: nr.Game, actor: int, weights: EstimateWeights = WEIGHTS) -> nr.Game:
    """The game once ``actor`` has played the turn that starts here, its first choice made by where the
    turn ends after it: each choice is followed by :func:`finish_turn` and the best end (by the actor's
    estimate, with the choice's :func:`nudge`) is kept; the first best wins ties. Only the cards are
    planned so: a Quick Action can as well be taken once the card is played (Q5), where :func:`finish_turn`
    weighs it, and a turn with one card or none to choose from is left to :func:`finish_turn` alone.

    The first choice of a turn is the card to play, and the estimate barely moves when a card is played
    (its action is yet to come), so :func:`finish_turn` picks it by near-ties, often the first card of the
    hand; judged by the turn it leads to, the card is the one that pays, as GreedyBot's follow-up finds it.
    """
    plays = [action for action in game.legal_actions() if action.kind == "play"]
    if len(plays) < 2:
        return finish_turn(game, actor, weights=weights)
    return _best_after(game, actor, plays, weights, finish=True)[0]


def play_on(game: nr.Game, seat: int, turns: int, weights: EstimateWeights = WEIGHTS, limit: int = 12) -> nr.Game:
    """The game once every player has played on (:func:`plan_turn`, each by their own estimate) until
    ``seat`` has finished ``turns`` more turns of their own, the game is over, or ``limit`` turns were
    played.

    A turn that sets up the next one (a piece walked next to a Master space, an Objective left to a
    rival) shows its worth only once the next turns are played: valued at its own end, the search would
    be as short-sighted as a one-turn lookahead.
    """
    finished = 0
    for _ in range(limit):
        mover = game.to_move
        if finished >= turns or mover is None:
            break
        game = plan_turn(game, mover, weights=weights)
        finished += mover == seat
    return game


def _turn_over(game: nr.Game, seat: int | None, last: nr.Action | None) -> bool:
    """Whether the turn of ``seat`` that a search started in is over once ``last`` has been played."""
    return game.to_move != seat or (last is not None and last.kind in TURN_ENDS)


__all__ = [
    "HORIZONS",
    "MCTS_ITERATIONS",
    "MCTS_PLAYOUT_TURNS",
    "MCTS_SOLO_WEIGHTS",
    "MCTS_WEIGHTS",
    "TURN_ENDS",
    "Horizon",
    "MCTSBot",
    "Node",
    "best_action",
    "finish_turn",
    "plan_turn",
    "play_on",
    "searched",
    "squash",
    "tree_size",
]
