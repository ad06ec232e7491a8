"""A game-agnostic information-set Monte Carlo tree search (single observer, SO-ISMCTS): the one search tree
of every game on the core.

The bot never reads hidden information: it is given its seat's view and every iteration plays on a
*determinization*, ``view.sample(rng)``, a full game consistent with what the seat saw. One tree is shared
by all determinizations and keyed by actions; an action that is legal in only some determinizations is
judged by how often it was available (availability counts), so UCB compares like with like.

A game makes it its own search without touching the tree, by two functions given to :class:`ISMCTSBot`:

- ``prior(game, action) -> float``: the reward (0 to 1) the actor may expect after ``action``, given to a
  new child as ``prior_visits`` visits; None: no prior;
- ``leaf_value(game) -> Sequence[float]``: each seat's reward (0 to 1) of a new leaf; None: a random
  playout to the end (at most ``rollout_limit`` actions) valued by :func:`outcome`;

or, for a search that needs more (Newton's ``MCTSBot``), by a subclass that overrides its hook methods:

- :meth:`~ISMCTSBot.candidates`: the legal actions the search considers (all by default);
- :meth:`~ISMCTSBot.priors`: the priors of the actions new at a node (by default ``prior``'s, or none);
- :meth:`~ISMCTSBot.at_horizon`: whether the tree stops before the game ends (by default it never does);
- :meth:`~ISMCTSBot.leaf_values`: each seat's reward of a new leaf (by default ``leaf_value``, or a random
  playout: :meth:`~ISMCTSBot.rollout`, then :func:`outcome`).

Two options change how the budget is spent: ``reuse`` keeps the subtree of the action chosen for the
next decision, ``stop_when_decided`` ends a search once no other action can catch up.

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
    prior: float = 0.5  # the actor's expected reward right after the action
    children: dict[Any, Node] = attrs.field(factory=dict)
    visits: int = 0
    available: int = 0
    total: float = 0.0


@attrs.frozen
class _Kept:
    """The subtree kept after a decision: usable if the game went on from ``length`` actions on."""

    config: Any
    length: int
    node: Node


class ISMCTSBot:
    """Information-set MCTS with a budget of ``iterations`` (or ``time_limit`` seconds) per decision.

    ``exploration`` weighs the UCB term; ``prior``, ``prior_visits``, ``leaf_value`` and ``rollout_limit``
    are the hooks of the module doc (the prior's visits count only where there is a prior: a ``prior``
    function or a subclass's :meth:`priors`). ``reuse`` keeps the subtree of the action chosen and, at
    the next decision, follows it down the actions played since (read from ``view.actions``, (seat,
    action) pairs, and ``view.config``; an action not in the tree, such as a hidden one, drops it).
    ``stop_when_decided`` ends a search with an iteration budget early once the most visited root action
    leads by more than the iterations left (the choice would be the same). The same seed and the same
    views give the same choices (with an iteration budget).

    After each search, ``last_visits`` holds the root actions' visits, ``last_iterations`` the iterations
    run and ``last_tree_size`` the nodes of the tree.
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
        *,
        reuse: bool = False,
        stop_when_decided: bool = False,
    ) -> None:
        self._rng = random.Random(seed)
        self.iterations = iterations
        self.time_limit = time_limit
        self.exploration = exploration
        self.prior = prior
        has_priors = prior is not None or type(self).priors is not ISMCTSBot.priors
        self.prior_visits = prior_visits if has_priors else 0.0
        self.leaf_value = leaf_value
        self.rollout_limit = rollout_limit
        self.reuse = reuse
        self.stop_when_decided = stop_when_decided
        self.last_iterations = 0
        self.last_visits: dict[Any, int] = {}
        self.last_tree_size = 0
        self._kept: _Kept | None = None

    # -- the hooks a subclass may override ----------------------------------------------------------
    def candidates(self, legal: Sequence[Any]) -> Sequence[Any]:
        """The legal actions the search considers, in their order: all of them."""
        return legal

    def priors(self, game: Any, actions: Sequence[Any]) -> Sequence[float]:
        """The prior of each of ``actions``, new at the node of ``game``: ``prior(game, action)``, or 0.5
        (no prior)."""
        prior = self.prior
        if prior is None:
            return [0.5] * len(actions)
        return [prior(game, action) for action in actions]

    def at_horizon(self, seat: int | None, game: Any, last: Any) -> bool:
        """Whether the tree stops at ``game``, reached from the search's root (``seat`` to move there) by an
        iteration whose last action was ``last`` (None at the root): never, it goes on to the game's end."""
        return False

    def leaf_values(self, game: Any, actor: int | None, last: Any) -> Sequence[float]:
        """Each seat's reward of the new leaf ``game``, reached by ``actor`` playing ``last`` (None: the
        root itself): ``leaf_value(game)``, or the :func:`outcome` of a random :meth:`rollout`."""
        if self.leaf_value is not None:
            return self.leaf_value(game)
        return outcome(self.rollout(game, self.rollout_limit))

    def rollout(self, game: Any, actions: int) -> Any:
        """``game`` after at most ``actions`` uniformly random legal actions (fewer if it ends)."""
        for _ in range(actions):
            if game.is_over:
                break
            game = game.apply(self._rng.choice(game.legal_actions()))
        return game

    # -- the search -----------------------------------------------------------------------------------
    def choose(self, view: Any) -> Any:
        """One of the view's legal actions that the search considers: the most visited after the search (a
        game is read as the view of its seat to move)."""
        view = seat_view(view)
        legal = self.candidates(legal_actions_of(view))
        if len(legal) == 1:
            return legal[0]
        root = self._reused_root(view) if self.reuse else None
        root = root or Node(actor=view.player)
        self.search(root, view)
        action = best_action(root, legal)
        self.last_tree_size = tree_size(root)
        self.last_visits = {a: root.children[a].visits for a in legal if a in root.children}
        kept = root.children.get(action) if self.reuse else None
        self._kept = None if kept is None else _Kept(view.config, len(view.actions) + 1, kept)
        return action

    def _reused_root(self, view: Any) -> Node | None:
        """The kept subtree followed down the actions played since (None if one is hidden or unknown)."""
        kept = self._kept
        if kept is None or kept.config != view.config or len(view.actions) < kept.length:
            return None
        node = kept.node
        for _, action in view.actions[kept.length :]:
            child = node.children.get(action)
            if child is None:
                return None
            node = child
        return node

    def search(self, root: Node, view: Any) -> None:
        """Grow ``root`` by the budget from ``view``, what the seat to move may see."""
        legal = self.candidates(legal_actions_of(view))
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        done = 0
        while True:
            self._iterate(root, view.sample(self._rng))
            done += 1
            if deadline is not None:
                if time.perf_counter() >= deadline:
                    break
            elif done >= self.iterations or (self.stop_when_decided and _decided(root, legal, self.iterations - done)):
                break
        self.last_iterations = done

    def _iterate(self, root: Node, game: Session) -> None:
        """Select down the tree in one sampled world, expand one new child, value it, back the values up."""
        seat = game.to_move
        node = root
        path: list[Node] = []
        action: Any = None
        while not game.is_over and not self.at_horizon(seat, game, action):
            legal = self.candidates(game.legal_actions())
            self._expand(node, game, legal)
            action = self._select(node, legal)
            node = node.children[action]
            path.append(node)
            game = game.apply(action)
            if node.visits == 0:
                break
        values = self.leaf_values(game, path[-1].actor, action) if path else self.leaf_values(game, None, None)
        for child in path:
            child.visits += 1
            child.total += values[child.actor]

    def _expand(self, node: Node, game: Session, legal: Sequence[Any]) -> None:
        """Give every legal action not yet seen at ``node`` a child with its prior."""
        new = [action for action in legal if action not in node.children]
        if not new:
            return
        actor = game.to_move
        assert actor is not None
        for action, prior in zip(new, self.priors(game, new), strict=True):
            node.children[action] = Node(actor=actor, prior=prior)

    def _select(self, node: Node, legal: Sequence[Any]) -> Any:
        """UCB1 on the mean (the prior counted as ``prior_visits`` visits) with availability counts;
        without a prior, an action never tried comes first."""
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


def _decided(root: Node, legal: Sequence[Any], remaining: int) -> bool:
    """Whether the most visited root action leads by more than the iterations left."""
    visits = sorted((root.children[a].visits if a in root.children else 0 for a in legal), reverse=True)
    return len(visits) < 2 or visits[0] - visits[1] > remaining


def best_action(root: Node, legal: Sequence[Any]) -> Any:
    """The most visited root action; ties go to the better mean, then to the earlier legal action."""

    def key(action: Any) -> tuple[int, float]:
        child = root.children.get(action)
        if child is None or child.visits == 0:
            return (0, -math.inf)
        return (child.visits, child.total / child.visits)

    return max(legal, key=key)


def tree_size(node: Node) -> int:
    """Nodes in the tree under ``node``, itself included."""
    return 1 + sum(tree_size(child) for child in node.children.values())


__all__ = ["ISMCTSBot", "LeafValue", "Node", "Prior", "best_action", "outcome", "tree_size"]
