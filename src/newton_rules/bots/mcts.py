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
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Literal, get_args

import attrs

import newton_rules as nr
from newton_rules.bots.base import seat_view
from newton_rules.bots.evaluation import WEIGHTS, EstimateWeights, evaluations, nudge, score_estimate

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


# -- the tree -------------------------------------------------------------------------------------------


@attrs.define(slots=True, eq=False)
class Node:
    """The statistics of one action in the tree, for the player who chose it (``actor``)."""

    actor: int
    prior: float = 0.5  # the actor's reward estimated right after the action, with its nudge
    children: dict[nr.Action, Node] = attrs.field(factory=dict)
    visits: int = 0
    available: int = 0
    total: float = 0.0


@attrs.frozen
class _Kept:
    """The subtree kept after a decision: usable if the game went on from ``length`` actions on."""

    config: nr.GameConfig
    length: int
    node: Node


class MCTSBot:
    """Information-set MCTS with a budget of ``iterations`` (or ``time_limit`` seconds) per decision.

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
    the turn; docs/bots.md, "Its playout", says why 1 is not the default yet).
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
        self._rng = random.Random(seed)
        self.iterations = iterations
        self.time_limit = time_limit
        self.rollout_depth = rollout_depth
        self.exploration = exploration
        self.scale = scale
        self.prior_visits = prior_visits
        self.finish_turn = finish_turn
        self.reuse = reuse
        self.weights = weights
        self.horizon = horizon
        self.playout_turns = playout_turns
        self.last_tree_size = 0
        self.last_iterations = 0
        self.last_visits: dict[nr.Action, int] = {}
        self._kept: _Kept | None = None

    def weights_for(self, players: int) -> EstimateWeights:
        """The evaluation's weights in a game of ``players``: ``weights`` if given, else ``MCTS_WEIGHTS``
        with rivals and ``MCTS_SOLO_WEIGHTS`` alone."""
        if self.weights is not None:
            return self.weights
        return MCTS_WEIGHTS if players > 1 else MCTS_SOLO_WEIGHTS

    def choose(self, seen: nr.PlayerView | nr.Game) -> nr.Action:
        view = seat_view(seen)
        seat = view.player
        legal = searched(view.legal_actions())
        if len(legal) == 1:
            return legal[0]
        root = self._reused_root(view, view.config) if self.reuse else None
        root = root or Node(actor=seat)
        self.search(root, view)
        action = best_action(root, legal)
        self.last_tree_size = tree_size(root)
        self.last_visits = {a: root.children[a].visits for a in legal if a in root.children}
        kept = root.children.get(action) if self.reuse else None
        self._kept = None if kept is None else _Kept(view.config, len(view.actions) + 1, kept)
        return action

    def _reused_root(self, view: nr.PlayerView, config: nr.GameConfig) -> Node | None:
        """The kept subtree followed down the actions played since (None if one is hidden or unknown)."""
        kept = self._kept
        if kept is None or kept.config != config or len(view.actions) < kept.length:
            return None
        node = kept.node
        for _, action in view.actions[kept.length :]:
            child = node.children.get(action)
            if child is None:
                return None
            node = child
        return node

    def search(self, root: Node, view: nr.PlayerView) -> None:
        """Grow ``root`` by the budget from ``view``, what the player to move may see.

        With an iteration budget the search stops early once no other action can overtake the most
        visited one: the choice would be the same.
        """
        legal = searched(view.legal_actions())
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        done = 0
        while True:
            self._iterate(root, view.sample(self._rng))
            done += 1
            if deadline is not None:
                if time.perf_counter() >= deadline:
                    break
            elif done >= self.iterations or _decided(root, legal, self.iterations - done):
                break
        self.last_iterations = done

    def _iterate(self, root: Node, game: nr.Game) -> None:
        """Select down the tree in one sampled world, expand, value the new leaf, back the values up.

        With ``horizon="turn"`` and rivals the tree stops where the searching player's turn ends: a node
        past it is never entered, and that turn's end is valued as a leaf every time it is reached. Alone,
        every turn is the player's own, so the tree goes on.
        """
        seat = game.to_move
        to_turn_end = self._to_turn_end(game)
        node = root
        path: list[Node] = []
        action: nr.Action | None = None
        while not game.is_over and not (to_turn_end and _turn_over(game, seat, action)):
            legal = searched(game.legal_actions())
            self._expand(node, game, legal)
            action = self._select(node, legal)
            node = node.children[action]
            path.append(node)
            game = game.apply(action)
            if node.visits == 0:
                break
        values = self._playout(game, path[-1].actor if path else None, action if path else None)
        for child in path:
            child.visits += 1
            child.total += values[child.actor]

    def _to_turn_end(self, game: nr.Game) -> bool:
        """Whether the tree stops at the end of the searching player's turn: the turn horizon, with rivals."""
        return self.horizon == "turn" and game.config.players > 1

    def _expand(self, node: Node, game: nr.Game, legal: Sequence[nr.Action]) -> None:
        """Give every legal action not yet seen at ``node`` a child with a prior from the evaluation.

        The prior is the actor's estimate after the action minus the best other estimate before it
        (an action seldom changes another player's estimate; this halves the cost).
        """
        new = [a for a in legal if a not in node.children]
        if not new:
            return
        actor = game.to_move
        assert actor is not None
        weights = self.weights_for(game.config.players)
        others = [score_estimate(game, s, weights) for s in range(game.config.players) if s != actor]
        rival = max(others) if others else 0.0
        for action in new:
            own = score_estimate(game.apply(action), actor, weights)
            node.children[action] = Node(actor=actor, prior=squash(own - rival + nudge(game, action), self.scale))

    def _select(self, node: Node, legal: Sequence[nr.Action]) -> nr.Action:
        """UCB1 on the mean with the prior counted as ``prior_visits`` visits, with availability counts."""
        best = legal[0]
        best_value = -math.inf
        n0 = self.prior_visits
        for action in legal:
            child = node.children[action]
            child.available += 1
            mean = (child.total + n0 * child.prior) / (child.visits + n0)
            value = mean + self.exploration * math.sqrt(math.log(child.available) / (child.visits + 1))
            if value > best_value:
                best, best_value = action, value
        return best

    def _playout(self, game: nr.Game, actor: int | None, last: nr.Action | None) -> tuple[float, ...]:
        """Every seat's reward once ``actor`` has finished the turn in which they played ``last`` (with
        the turn horizon and rivals, and ``playout_turns`` more of their turns played on), after
        ``rollout_depth`` random actions."""
        weights = self.weights_for(game.config.players)
        if self.finish_turn and actor is not None and last is not None and last.kind not in TURN_ENDS:
            game = finish_turn(game, actor, weights=weights)
        if actor is not None and self._to_turn_end(game):
            game = play_on(game, actor, self.playout_turns, weights=weights)
        for _ in range(self.rollout_depth):
            if game.is_over:
                break
            game = game.apply(self._rng.choice(game.legal_actions()))
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
    best, best_action, best_value = game, None, -math.inf
    for action in actions:
        after = game.apply(action)
        if finish:
            after = finish_turn(after, actor, weights=weights)
        value = score_estimate(after, actor, weights) + nudge(game, action)
        if value > best_value:
            best, best_action, best_value = after, action, value
    return best, best_action


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


def _decided(root: Node, legal: Sequence[nr.Action], remaining: int) -> bool:
    """Whether the most visited root action leads by more than the iterations left."""
    visits = sorted((root.children[a].visits if a in root.children else 0 for a in legal), reverse=True)
    return len(visits) < 2 or visits[0] - visits[1] > remaining


def best_action(root: Node, legal: Sequence[nr.Action]) -> nr.Action:
    """The most visited root action; ties go to the better mean, then to the earlier legal action."""

    def key(action: nr.Action) -> tuple[int, float]:
        child = root.children.get(action)
        if child is None or child.visits == 0:
            return (0, -math.inf)
        return (child.visits, child.total / child.visits)

    return max(legal, key=key)


def tree_size(node: Node) -> int:
    """Nodes in the tree under ``node``, itself included."""
    return 1 + sum(tree_size(child) for child in node.children.values())
