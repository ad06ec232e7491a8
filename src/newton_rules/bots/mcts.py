"""MCTSBot: single-observer information-set Monte Carlo tree search (docs/bots.md).

The bot never reads hidden information. It starts from its own view, ``game.view(seat)``: the state
where every hidden card is ``"?"`` and the public events. Each iteration samples a *determinization*
from that view and the public catalog (:func:`sample_hidden`), a full position consistent with all the
player may know, and runs on that sampled game only, so no ``apply`` ever reaches the real decks.

One tree is shared by all determinizations and keyed by actions (SO-ISMCTS). An action new at a node
gets a prior from the evaluation of :mod:`newton_rules.bots.evaluation` right after it; a new leaf is
valued once its player has finished the turn greedily (:func:`finish_turn`), because a turn's worth
only shows when its actions end. Selection is UCB1 on the mean with the prior counted as a few visits,
with availability counts.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

import attrs

from newton_rules.bots.evaluation import evaluations, nudge, score_estimate
from newton_rules.components.catalog import Catalog, starting_card_for
from newton_rules.core.records import evolve
from newton_rules.game import Game
from newton_rules.model.actions import Action
from newton_rules.model.config import GameConfig
from newton_rules.model.events import CardMoved
from newton_rules.model.state import GameState, PlayerState
from newton_rules.view import HIDDEN, PlayerView

# -- determinization ------------------------------------------------------------------------------------


@attrs.frozen
class Unseen:
    """What a view leaves open, worked out once per decision and dealt again for every determinization.

    ``pinned``: per other seat, the cards its hidden hand must hold (its own unseen Starting cards).
    ``levels``: per deck level, the unseen cards of that level (in the deck or in another hand).
    ``masters``: the Masters the viewer has not seen (held or drafted by others, or out of the game).
    """

    pinned: dict[int, tuple[str, ...]]
    levels: tuple[tuple[str, ...], ...]
    masters: tuple[str, ...]


def _known_cards(view: GameState) -> set[str]:
    """Every card the view shows where it is: lines, desks, tucked and removed cards, the viewer's hand."""
    known = {c for line in view.board.lines for c in line} | set(view.board.removed_cards)
    for p in view.players:
        known.update(c for c in (*p.hand, *p.desk, *p.tucked) if c != HIDDEN)
    return known


def _seen_entering_hands(events: Sequence[object], seat: int) -> dict[int, list[str]]:
    """Per other seat, the cards public events showed going into its hand and not out again since.

    Every card enters a hand by a public move (taken from a line, back from the desk at End Round), so
    a player who remembers the log knows them; only the Starting cards dealt at setup have no event.
    """
    hands: dict[int, list[str]] = {}
    for event in events:
        if isinstance(event, CardMoved) and event.player is not None and event.player != seat:
            hand = hands.setdefault(event.player, [])
            if event.dst == "hand":
                hand.append(event.card)
            elif event.src == "hand" and event.card in hand:
                hand.remove(event.card)
    return hands


def _pinned_hand(catalog: Catalog, p: PlayerState, known: set[str], remembered: Sequence[str]) -> tuple[str, ...]:
    """The cards a hidden hand must hold: its owner's Starting cards not shown anywhere else, and the
    cards the log showed entering it (``remembered``) and not shown anywhere else.

    A Starting card only moves between its owner's hand, desk and tuck pile and (discarded) the removed
    cards, all of them public but the hand.
    """
    own = [starting_card_for(t, p.colour).id for t in catalog.starting_cards]
    return tuple(dict.fromkeys(c for c in (*own, *remembered) if c not in known))[: len(p.hand)]


def unseen(view: GameState, seat: int, catalog: Catalog, events: Sequence[object] = ()) -> Unseen:
    """The hidden cards and Masters of ``view`` (the state as ``seat`` sees it), from the view, the
    public ``events`` the player has seen (:attr:`PlayerView.events`) and the catalog only."""
    known = _known_cards(view)
    remembered = _seen_entering_hands(events, seat)
    pinned = {
        p.seat: _pinned_hand(catalog, p, known, remembered.get(p.seat, ())) for p in view.players if p.seat != seat
    }
    known.update(c for cards in pinned.values() for c in cards)
    levels = tuple(
        tuple(c.id for c in catalog.action_cards if c.level == level and c.id not in known)
        for level in range(1, len(view.board.decks) + 1)
    )
    me = view.players[seat]
    seen = {*me.masters, *me.draft}
    seen.update(m for p in view.players for m in p.masters_played)
    masters = tuple(m.id for m in catalog.masters if m.id not in seen)
    return Unseen(pinned=pinned, levels=levels, masters=masters)


def _deal_cards(
    view: GameState, hidden: Unseen, rng: random.Random
) -> tuple[dict[int, tuple[str, ...]], tuple[tuple[str, ...], ...]]:
    """(hidden hands by seat, decks): every deck from the unseen cards of its level in a random order,
    the cards left over (exactly the other hands' non-Starting cards) dealt among the other hands.

    A position that does not match the catalog (a hand-built one) borrows cards across levels rather
    than fail.
    """
    pools = [rng.sample(level, len(level)) for level in hidden.levels]
    spare = [c for pool, deck in zip(pools, view.board.decks, strict=True) for c in pool[len(deck) :]]
    rng.shuffle(spare)
    decks: list[tuple[str, ...]] = []
    for pool, deck in zip(pools, view.board.decks, strict=True):
        drawn = pool[: len(deck)]
        drawn += [spare.pop() for _ in range(len(deck) - len(drawn)) if spare]
        decks.append(tuple(drawn))
    hands: dict[int, tuple[str, ...]] = {}
    for other, pinned in hidden.pinned.items():
        size = len(view.players[other].hand)
        hands[other] = pinned + tuple(spare.pop() for _ in range(size - len(pinned)) if spare)
    return hands, tuple(decks)


def sample_hidden(view: GameState, seat: int, hidden: Unseen, rng: random.Random) -> GameState:
    """A full position consistent with ``view``: every ``"?"`` filled from ``hidden`` at random.

    The other hands get their pinned Starting cards and unseen cards, the decks the unseen cards of their
    level, the other players' held and drafted Masters unseen Masters, a hidden tuck choice a card of
    that player's desk. The game's generator state becomes a fresh random number (a view holds 0).
    """
    hands, decks = _deal_cards(view, hidden, rng)
    masters = rng.sample(hidden.masters, len(hidden.masters))
    players = list(view.players)
    for p in view.players:
        if p.seat == seat:
            continue
        held = tuple(masters.pop() for _ in p.masters if masters)
        draft = tuple(masters.pop() for _ in p.draft if masters)
        tuck = rng.choice(p.desk) if p.tuck_choice == HIDDEN and p.desk else p.tuck_choice
        players[p.seat] = evolve(p, hand=hands[p.seat], masters=held, draft=draft, tuck_choice=tuck)
    board = evolve(view.board, decks=decks)
    return evolve(view, players=tuple(players), board=board, rng=rng.getrandbits(64))


def determinize(
    view: GameState, seat: int, hidden: Unseen, config: GameConfig, catalog: Catalog, rng: random.Random
) -> Game:
    """A playable game from :func:`sample_hidden`. Its config has seed 0: nothing can rebuild the real deal."""
    public = attrs.evolve(config, seed=0)
    return Game.from_position(public, sample_hidden(view, seat, hidden, rng), catalog)


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
    children: dict[Action, Node] = attrs.field(factory=dict)
    visits: int = 0
    available: int = 0
    total: float = 0.0


@attrs.frozen
class _Kept:
    """The subtree kept after a decision: usable if the game went on from ``length`` actions on."""

    config: GameConfig
    length: int
    node: Node


class MCTSBot:
    """Information-set MCTS with a budget of ``iterations`` (or ``time_limit`` seconds) per decision.

    ``exploration`` weighs the UCB term, ``prior_visits`` how many visits the evaluation prior counts
    for, ``scale`` the VP lead that makes a reward 0.73 (see :func:`squash`). A new leaf is valued at
    the end of the current turn (``finish_turn``: its player completes it greedily), after
    ``rollout_depth`` further random actions (0: none). ``reuse`` keeps the subtree of the actions
    actually played for the next decision.
    """

    def __init__(
        self,
        seed: int = 0,
        iterations: int = 200,
        time_limit: float | None = None,
        rollout_depth: int = 0,
        exploration: float = 0.1,
        scale: float = 8.0,
        prior_visits: float = 5.0,
        finish_turn: bool = True,
        reuse: bool = True,
    ) -> None:
        self._rng = random.Random(seed)
        self.iterations = iterations
        self.time_limit = time_limit
        self.rollout_depth = rollout_depth
        self.exploration = exploration
        self.scale = scale
        self.prior_visits = prior_visits
        self.finish_turn = finish_turn
        self.reuse = reuse
        self.last_tree_size = 0
        self.last_iterations = 0
        self.last_visits: dict[Action, int] = {}
        self._kept: _Kept | None = None

    def choose(self, game: Game) -> Action:
        seat = game.to_move
        assert seat is not None
        view = game.view(seat)
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        root = self._reused_root(view, game.config) if self.reuse else None
        root = root or Node(actor=seat)
        self.search(root, view, game.config, game.catalog)
        action = best_action(root, legal)
        self.last_tree_size = tree_size(root)
        self.last_visits = {a: root.children[a].visits for a in legal if a in root.children}
        kept = root.children.get(action) if self.reuse else None
        self._kept = None if kept is None else _Kept(game.config, len(view.actions) + 1, kept)
        return action

    def _reused_root(self, view: PlayerView, config: GameConfig) -> Node | None:
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

    def search(self, root: Node, view: PlayerView, config: GameConfig, catalog: Catalog) -> None:
        """Grow ``root`` by the budget from ``view``, what the player to move may see.

        With an iteration budget the search stops early once no other action can overtake the most
        visited one: the choice would be the same.
        """
        seat, legal = view.player, view.legal_actions
        hidden = unseen(view.state, seat, catalog, view.events)
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        done = 0
        while True:
            self._iterate(root, determinize(view.state, seat, hidden, config, catalog, self._rng))
            done += 1
            if deadline is not None:
                if time.perf_counter() >= deadline:
                    break
            elif done >= self.iterations or _decided(root, legal, self.iterations - done):
                break
        self.last_iterations = done

    def _iterate(self, root: Node, game: Game) -> None:
        """Select down the tree in one sampled world, expand, value the new leaf, back the values up."""
        node = root
        path: list[Node] = []
        action: Action | None = None
        while not game.is_over:
            legal = game.legal_actions()
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

    def _expand(self, node: Node, game: Game, legal: Sequence[Action]) -> None:
        """Give every legal action not yet seen at ``node`` a child with a prior from the evaluation.

        The prior is the actor's estimate after the action minus the best other estimate before it
        (an action seldom changes another player's estimate; this halves the cost).
        """
        new = [a for a in legal if a not in node.children]
        if not new:
            return
        actor = game.to_move
        assert actor is not None
        others = [score_estimate(game, s) for s in range(game.config.players) if s != actor]
        rival = max(others) if others else 0.0
        for action in new:
            own = score_estimate(game.apply(action), actor)
            node.children[action] = Node(actor=actor, prior=squash(own - rival + nudge(game, action), self.scale))

    def _select(self, node: Node, legal: Sequence[Action]) -> Action:
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

    def _playout(self, game: Game, actor: int | None, last: Action | None) -> tuple[float, ...]:
        """Every seat's reward once ``actor`` has finished the turn in which they played ``last``, after
        ``rollout_depth`` random actions."""
        if self.finish_turn and actor is not None and last is not None and last.kind not in TURN_ENDS:
            game = finish_turn(game, actor)
        for _ in range(self.rollout_depth):
            if game.is_over:
                break
            game = game.apply(self._rng.choice(game.legal_actions()))
        return tuple(squash(v, self.scale) for v in evaluations(game))


TURN_ENDS = ("end", "tuck", "keep")  # actions after which a player's turn (or End Round / draft choice) is over


def finish_turn(game: Game, actor: int, limit: int = 30) -> Game:
    """The game once ``actor`` has finished the turn under way greedily (at most ``limit`` actions).

    Each action is the best by the actor's own estimate after it plus its :func:`nudge`; the first best
    wins ties, so this is deterministic. A turn's worth only shows when its actions end (rewards come
    then), so leaves valued at the end of a turn compare like with like.
    """
    for _ in range(limit):
        if game.to_move != actor:
            break
        best, best_action, best_value = game, None, -math.inf
        for action in game.legal_actions():
            after = game.apply(action)
            value = score_estimate(after, actor) + nudge(game, action)
            if value > best_value:
                best, best_action, best_value = after, action, value
        game = best
        if best_action is None or best_action.kind in TURN_ENDS:
            break
    return game


def _decided(root: Node, legal: Sequence[Action], remaining: int) -> bool:
    """Whether the most visited root action leads by more than the iterations left."""
    visits = sorted((root.children[a].visits if a in root.children else 0 for a in legal), reverse=True)
    return len(visits) < 2 or visits[0] - visits[1] > remaining


def best_action(root: Node, legal: Sequence[Action]) -> Action:
    """The most visited root action; ties go to the better mean, then to the earlier legal action."""

    def key(action: Action) -> tuple[int, float]:
        child = root.children.get(action)
        if child is None or child.visits == 0:
            return (0, -math.inf)
        return (child.visits, child.total / child.visits)

    return max(legal, key=key)


def tree_size(node: Node) -> int:
    """Nodes in the tree under ``node``, itself included."""
    return 1 + sum(tree_size(child) for child in node.children.values())
