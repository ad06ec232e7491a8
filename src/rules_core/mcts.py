"""A game-agnostic information-set Monte Carlo tree search (single observer, SO-ISMCTS).

The bot never reads hidden information: it is given its seat's view and every iteration plays on a
*determinization*, ``view.sample(rng)``, a full game consistent with what the seat saw. One tree is shared
by all determinizations and keyed by actions; an action that is legal in only some determinizations is
judged by how often it was available (availability counts), so UCB compares like with like.

Two hooks make it a game's own search without touching it:

- ``prior(game, action) -> float``: the reward (0 to 1) the actor may expect after ``action``, given to a
  new child as ``prior_visits`` visits; None: no prior;
- ``leaf_value(game) -> Sequence[float]``: each seat's reward (0 to 1) of a new leaf; None: a random
  playout to the end (at most ``rollout_limit`` actions) valued by :func:`outcome`.

    bot = ISMCTSBot(seed=1, iterations=300)
    action = bot.choose(game.view(seat))
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from rules_core.bots import legal_actions_of, seat_view
from rules_core.session import Session

Prior = Callable[[Any, Any], float]  # (game, action) -> the actor's expected reward after the action
LeafValue = Callable[[Any], Sequence[float]]  # (game) -> every seat's reward


def outcome(game: Session) -> tuple[float, ...]:
    """Each seat's reward of a game: a win shared by the winners (1/winners each), 0 for the others; 0.5
    each while the game is not over (a playout cut short)."""
    seats = len(game.scores)
    if not game.is_over:
        return (0.5,) * seats
    winners = game.winners
    return tuple(1.0 / len(winners) if seat in winners else 0.0 for seat in range(seats))


@attrs.define(slots=True, eq=False)
class Node:
    """The statistics of one action in the tree, for the seat that chose it (``actor``)."""

    actor: int
    prior: float = 0.5
    children: dict[Any, Node] = attrs.field(factory=dict)
    visits: int = 0
    available: int = 0
    total: float = 0.0


class ISMCTSBot:
    """Information-set MCTS with a budget of ``iterations`` (or ``time_limit`` seconds) per decision.

    ``exploration`` weighs the UCB term; ``prior``, ``prior_visits`` and ``leaf_value`` are the hooks of the
    module doc. The same seed and the same view give the same choice (with an iteration budget).
    """

    def __init__(
        self,
        seed: int = 0,
        iterations: int = 200,
        time_limit: float | None = None,
        exploration: float = 0.7,
        prior: Prior | None = None,
        prior_visits: float = 2.0,
        leaf_value: LeafValue | None = None,
        rollout_limit: int = 1000,
    ) -> None:
        self._rng = random.Random(seed)
        self.iterations = iterations
        self.time_limit = time_limit
        self.exploration = exploration
        self.prior = prior
        self.prior_visits = prior_visits if prior is not None else 0.0
        self.leaf_value = leaf_value
        self.rollout_limit = rollout_limit
        self.last_iterations = 0
        self.last_visits: dict[Any, int] = {}

    def choose(self, view: Any) -> Any:
        """One of the view's legal actions: the most visited after the search (a game is read as the view
        of its seat to move)."""
        view = seat_view(view)
        legal = tuple(legal_actions_of(view))
        if len(legal) == 1:
            return legal[0]
        root = Node(actor=view.player)
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        done = 0
        while True:
            self._iterate(root, view.sample(self._rng))
            done += 1
            if (time.perf_counter() >= deadline) if deadline is not None else done >= self.iterations:
                break
        self.last_iterations = done
        self.last_visits = {a: root.children[a].visits for a in legal if a in root.children}
        return best_action(root, legal)

    def _iterate(self, root: Node, game: Session) -> None:
        """Select down the tree in one sampled world, expand one new child, value it, back the values up."""
        node = root
        path: list[Node] = []
        while not game.is_over:
            legal = game.legal_actions()
            self._expand(node, game, legal)
            action = self._select(node, legal)
            node = node.children[action]
            path.append(node)
            game = game.apply(action)
            if node.visits == 0:
                break
        values = self._value(game)
        for child in path:
            child.visits += 1
            child.total += values[child.actor]

    def _expand(self, node: Node, game: Session, legal: Sequence[Any]) -> None:
        actor = game.to_move
        assert actor is not None
        for action in legal:
            if action not in node.children:
                prior = 0.5 if self.prior is None else self.prior(game, action)
                node.children[action] = Node(actor=actor, prior=prior)

    def _select(self, node: Node, legal: Sequence[Any]) -> Any:
        """UCB1 on the mean (the prior counted as ``prior_visits`` visits) with availability counts;
        an action never tried comes first."""
        best, best_value = legal[0], -math.inf
        n0 = self.prior_visits
        for action in legal:
            child = node.children[action]
            child.available += 1
            if child.visits == 0 and n0 == 0:
                value = math.inf
            else:
                mean = (child.total + n0 * child.prior) / (child.visits + n0)
                value = mean + self.exploration * math.sqrt(math.log(child.available) / (child.visits + 1))
            if value > best_value:
                best, best_value = action, value
        return best

    def _value(self, game: Session) -> Sequence[float]:
        if self.leaf_value is not None:
            return self.leaf_value(game)
        for _ in range(self.rollout_limit):
            if game.is_over:
                break
            game = game.apply(self._rng.choice(game.legal_actions()))
        return outcome(game)


def best_action(root: Node, legal: Sequence[Any]) -> Any:
    """The most visited root action; ties go to the better mean, then to the earlier legal action."""

    def key(action: Any) -> tuple[int, float]:
        child = root.children.get(action)
        if child is None or child.visits == 0:
            return (0, -math.inf)
        return (child.visits, child.total / child.visits)

    return max(legal, key=key)


__all__ = ["ISMCTSBot", "LeafValue", "Node", "Prior", "best_action", "outcome"]
