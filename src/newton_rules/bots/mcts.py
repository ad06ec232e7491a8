"""MCTSBot: single-observer information-set Monte Carlo tree search.

Each iteration samples a *determinization*: a full game state consistent with the bot's own view
(the hidden cards — decks and the other players' hands — dealt again at random in the same counts; the
other players' hidden Masters drawn from those the bot has not seen; hidden tuck choices re-chosen). It
never reads the real hidden information. The tree is shared across determinizations and keyed by
actions; selection uses UCB1 with availability counts (a child's exploration term grows only when its
action was legal), as in SO-ISMCTS. Playouts are random for ``rollout_depth`` actions, then the position
is scored with :func:`~newton_rules.bots.evaluation.evaluate` squashed to (0, 1).
"""

from __future__ import annotations

import math
import random
import time

import attrs

from newton_rules.bots.evaluation import evaluate
from newton_rules.core.actions import Action
from newton_rules.core.state import GameState
from newton_rules.game import Game


@attrs.define(slots=True)
class _Node:
    children: dict[Action, _Node] = attrs.field(factory=dict)
    visits: int = 0
    available: int = 0
    total: float = 0.0


def determinize(game: Game, seat: int, rng: random.Random) -> Game:
    """A game state consistent with what ``seat`` can see, with every hidden part re-dealt at random."""
    state = game.state
    others = [p for p in state.players if p.seat != seat]
    cards = [c for deck in state.board.decks for c in deck] + [c for p in others for c in p.hand]
    rng.shuffle(cards)
    seen = set(state.players[seat].masters) | set(state.players[seat].draft)
    seen |= {m for p in state.players for m in p.masters_played}
    masters = [m for m in game.catalog.masters_by_id if m not in seen]
    rng.shuffle(masters)
    players = list(state.players)
    for p in others:
        hand = tuple(cards.pop() for _ in p.hand)
        held = tuple(masters.pop() for _ in p.masters)
        draft = tuple(masters.pop() for _ in p.draft)
        tuck = rng.choice(p.desk) if p.tuck_choice is not None and p.desk else p.tuck_choice
        players[p.seat] = attrs.evolve(p, hand=hand, masters=held, draft=draft, tuck_choice=tuck)
    decks = tuple(tuple(cards.pop() for _ in deck) for deck in state.board.decks)
    sampled: GameState = attrs.evolve(state, players=tuple(players), board=attrs.evolve(state.board, decks=decks))
    return Game.from_position(game.config, sampled, game.catalog)


def _reward(game: Game, seat: int, scale: float) -> float:
    return 1.0 / (1.0 + math.exp(-evaluate(game, seat) / scale))


class MCTSBot:
    """Information-set MCTS with a budget of ``iterations`` (or ``time_limit`` seconds) per decision."""

    def __init__(
        self,
        seed: int = 0,
        iterations: int = 200,
        time_limit: float | None = None,
        rollout_depth: int = 12,
        exploration: float = 0.7,
        scale: float = 8.0,
    ) -> None:
        self._rng = random.Random(seed)
        self.iterations = iterations
        self.time_limit = time_limit
        self.rollout_depth = rollout_depth
        self.exploration = exploration
        self.scale = scale
        self.last_tree_size = 0

    def choose(self, game: Game) -> Action:
        seat = game.to_move
        assert seat is not None
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        root = _Node()
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        done = 0
        while done < self.iterations if deadline is None else time.perf_counter() < deadline:
            self._iterate(root, determinize(game, seat, self._rng))
            done += 1
        self.last_tree_size = _size(root)
        return max(legal, key=lambda a: (root.children[a].visits, self._rng.random()) if a in root.children else (0, 0))

    def _iterate(self, root: _Node, game: Game) -> None:
        node = root
        path: list[tuple[_Node, int]] = []
        while not game.is_over:
            actor = game.to_move
            assert actor is not None
            legal = game.legal_actions()
            untried = [a for a in legal if a not in node.children]
            if untried:
                action = self._rng.choice(untried)
                child = node.children[action] = _Node()
                child.available = 1
                for a in legal:
                    if a in node.children and a != action:
                        node.children[a].available += 1
                game = game.apply(action)
                path.append((child, actor))
                break
            action = self._select(node, legal)
            node = node.children[action]
            game = game.apply(action)
            path.append((node, actor))
        for _ in range(self.rollout_depth):
            if game.is_over:
                break
            game = game.apply(self._rng.choice(game.legal_actions()))
        rewards = {s: _reward(game, s, self.scale) for s in range(game.config.players)}
        for child, actor in path:
            child.visits += 1
            child.total += rewards[actor]

    def _select(self, node: _Node, legal: tuple[Action, ...]) -> Action:
        best = legal[0]
        best_value = -1.0
        for action in legal:
            child = node.children[action]
            child.available += 1
            value = child.total / child.visits + self.exploration * math.sqrt(math.log(child.available) / child.visits)
            if value > best_value:
                best, best_value = action, value
        return best


def _size(node: _Node) -> int:
    return 1 + sum(_size(child) for child in node.children.values())
