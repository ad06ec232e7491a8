"""What the core's search promises (rules_core.mcts): its documented defaults, the rewards of a game, the
choice of the most visited action (ties to the better mean, then the earlier action), the size of a tree,
when a search is decided, the priors it gives new actions, and its hooks called with the game searched."""

from __future__ import annotations

import math
from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

import pytest

from rules_core.mcts import ISMCTSBot, Node, _decided, best_action, outcome, tree_size
from tests.core.toy import new_nim


def _root(*visits_totals: tuple[int, float]) -> Node:
    root = Node(actor=0)
    for i, (visits, total) in enumerate(visits_totals):
        root.children[f"a{i}"] = Node(actor=0, visits=visits, total=total)
    return root


def test_a_search_has_its_documented_defaults() -> None:
    bot = ISMCTSBot()
    assert (bot.iterations, bot.time_limit, bot.exploration, bot.rollout_limit) == (200, None, 0.7, 1000)
    assert (bot.reuse, bot.stop_when_decided) == (False, False)
    assert (bot.last_iterations, bot.last_visits, bot.last_tree_size) == (0, {}, 0)
    assert bot.prior_visits == 0.0  # no prior: the prior visits do not count


def test_the_prior_visits_count_only_where_there_is_a_prior() -> None:
    class Prioring(ISMCTSBot):
        def priors(self, game: Any, actions: Sequence[Any]) -> Sequence[float]:
            return [1.0] * len(actions)

    assert ISMCTSBot(prior=lambda game, action: 0.2).prior_visits == 2.0
    assert ISMCTSBot(prior=lambda game, action: 0.2, prior_visits=3.0).prior_visits == 3.0
    assert Prioring().prior_visits == 2.0
    assert ISMCTSBot(prior_visits=3.0).prior_visits == 0.0


def test_the_default_seed_is_zero() -> None:
    view = new_nim(seed=3).view(0)
    default, zero = ISMCTSBot(iterations=30), ISMCTSBot(seed=0, iterations=30)
    default.choose(view)
    zero.choose(view)
    assert default.last_visits == zero.last_visits


def test_a_game_not_over_is_worth_half_to_each_seat() -> None:
    assert outcome(new_nim(players=3, seed=1)) == (0.5, 0.5, 0.5)


def test_a_win_is_shared_by_the_winners() -> None:
    over = SimpleNamespace(is_over=True, scores=(0, 0, 0), winners=(0, 2))
    assert outcome(over) == (0.5, 0.0, 0.5)  # type: ignore[arg-type]
    alone = SimpleNamespace(is_over=True, scores=(0, 0, 0), winners=(1,))
    assert outcome(alone) == (0.0, 1.0, 0.0)  # type: ignore[arg-type]


def test_the_best_action_is_the_most_visited_then_the_better_mean_then_the_earlier() -> None:
    assert best_action(_root((3, 3.0), (5, 1.0)), ["a0", "a1"]) == "a1"
    assert best_action(_root((4, 1.0), (4, 3.0)), ["a0", "a1"]) == "a1"
    assert best_action(_root((4, 3.0), (4, 3.0)), ["a0", "a1"]) == "a0"
    assert best_action(_root((0, 0.0), (1, -2.0)), ["a0", "a1", "new"]) == "a1"


def test_an_action_never_visited_is_never_chosen_over_one_visited() -> None:
    assert best_action(_root((1, 0.0)), ["new", "a0"]) == "a0"
    assert best_action(_root((0, 0.0)), ["new", "a0"]) == "new"


def test_a_tree_counts_every_node_under_its_root() -> None:
    root = _root((1, 0.0), (1, 0.0))
    root.children["a0"].children["b"] = Node(actor=1)
    assert tree_size(root) == 4
    assert tree_size(Node(actor=0)) == 1


def test_a_search_is_decided_when_the_leader_cannot_be_caught_in_the_iterations_left() -> None:
    root = _root((6, 0.0), (2, 0.0), (1, 0.0))
    legal = ["a0", "a1", "a2"]
    assert _decided(root, legal, 3)
    assert not _decided(root, legal, 4)
    assert not _decided(_root((2, 0.0), (6, 0.0)), ["a0", "a1"], 4)
    assert _decided(_root((5, 0.0)), ["a0", "new"], 4)
    assert not _decided(_root((5, 0.0)), ["a0", "new"], 5)
    assert _decided(_root((1, 0.0)), ["a0"], 100)


def test_without_a_prior_each_new_action_expects_half() -> None:
    assert ISMCTSBot().priors(None, ["a", "b"]) == [0.5, 0.5]


def test_a_prior_is_asked_of_the_game_for_each_new_action() -> None:
    game = new_nim(seed=3)
    bot = ISMCTSBot(prior=lambda g, action: len(g.legal_actions()) / 10 + (0.5 if action == "b" else 0.0))
    assert bot.priors(game, ["a", "b"]) == [0.2, 0.7]


def test_a_search_with_a_prior_gives_each_root_child_its_prior() -> None:
    game = new_nim(seed=3)
    legal = game.legal_actions()
    bot = ISMCTSBot(
        seed=1, iterations=1, prior=lambda g, action: 0.5 if g.to_move else 0.9 if action == legal[0] else 0.1
    )
    root = Node(actor=0)
    bot.search(root, game.view(0))
    assert [root.children[a].prior for a in legal] == [0.9, 0.1]
    assert math.isclose(sum(child.available for child in root.children.values()), 2)


def test_the_leaf_values_and_the_horizon_are_asked_with_the_game_the_actor_and_the_last_action() -> None:
    calls: list[tuple[str, Any, Any, Any]] = []

    class Hooked(ISMCTSBot):
        def at_horizon(self, seat: int | None, game: Any, last: Any) -> bool:
            calls.append(("horizon", seat, len(game), last))
            return last is not None

        def leaf_values(self, game: Any, actor: int | None, last: Any) -> Sequence[float]:
            calls.append(("leaf", actor, len(game), last))
            return (1.0, 0.0)

    game = new_nim(seed=3)
    first, second = game.legal_actions()
    bot = Hooked(seed=0, iterations=3)
    root = Node(actor=0)
    bot.search(root, game.view(0))
    # Each new child is valued at once; the third iteration goes down a visited child to the horizon.
    third = best_action(root, [first, second])
    assert calls == [
        ("horizon", 0, 0, None),
        ("leaf", 0, 1, first),
        ("horizon", 0, 0, None),
        ("leaf", 0, 1, second),
        ("horizon", 0, 0, None),
        ("horizon", 0, 1, third),
        ("leaf", 0, 1, third),
    ]
    assert root.children[third].visits == 2 and root.children[third].total == 2.0
    assert bot.last_iterations == 3


def test_a_search_stopped_when_decided_runs_fewer_iterations() -> None:
    view = new_nim(seed=3).view(0)
    legal = view.legal_actions()

    def better_first(game: Any) -> tuple[float, float]:
        return (1.0, 0.0) if game.actions[0] == legal[0] else (0.0, 1.0)

    bot = ISMCTSBot(seed=1, iterations=100, exploration=0.0, stop_when_decided=True, leaf_value=better_first)
    assert bot.choose(view) == legal[0]
    # After one try each, only the first is chosen: after d iterations it leads by d - 2, more than the
    # 100 - d left from d = 52 on.
    assert bot.last_iterations == 52 and bot.last_visits == {legal[0]: 51, legal[1]: 1}
    assert sum(bot.last_visits.values()) == bot.last_iterations


def test_a_search_with_a_time_limit_runs_until_it() -> None:
    bot = ISMCTSBot(seed=1, iterations=1, time_limit=0.05, leaf_value=lambda game: (0.5, 0.5))
    bot.choose(new_nim(seed=3).view(0))
    assert bot.last_iterations > 1


def test_a_priors_hook_must_give_one_prior_per_new_action() -> None:
    class Short(ISMCTSBot):
        def priors(self, game: Any, actions: Sequence[Any]) -> Sequence[float]:
            return [0.5]

    with pytest.raises(ValueError, match="shorter"):
        Short(iterations=1).search(Node(actor=0), new_nim(seed=3).view(0))


def test_a_root_at_the_horizon_is_valued_as_it_is() -> None:
    calls: list[tuple[Any, ...]] = []

    class Short(ISMCTSBot):
        def at_horizon(self, seat: int | None, game: Any, last: Any) -> bool:
            return True

        def leaf_values(self, game: Any, actor: int | None, last: Any) -> Sequence[float]:
            calls.append((len(game), game.to_move, actor, last))
            return (1.0, 0.0)

    root = Node(actor=0)
    Short(iterations=2).search(root, new_nim(seed=3).view(0))
    assert calls == [(0, 0, None, None), (0, 0, None, None)] and root.children == {}


def test_the_mean_of_an_action_counts_its_prior_as_visits() -> None:
    bot = ISMCTSBot(prior=lambda game, action: 0.5, exploration=0.0)
    node = Node(
        actor=0, children={"a": Node(0, prior=0.0, visits=1, total=1.0), "b": Node(0, prior=1.0, visits=1, total=0.0)}
    )
    assert bot._select(node, ["a", "b"]) == "b"  # (1 + 2 * 0) / 3 < (0 + 2 * 1) / 3


def test_the_exploration_term_shrinks_with_the_visits_plus_one() -> None:
    bot = ISMCTSBot(exploration=1.0)
    node = Node(
        actor=0,
        children={"a": Node(0, visits=1, total=0.5, available=3), "b": Node(0, visits=3, total=2.1, available=3)},
    )
    # 0.5 + sqrt(ln 4 / 2) = 1.33 beats 0.7 + sqrt(ln 4 / 4) = 1.29
    assert bot._select(node, ["a", "b"]) == "a"
    assert node.children["a"].available == node.children["b"].available == 4


def test_a_reusing_search_goes_on_from_the_subtree_of_the_actions_played_since() -> None:
    game = new_nim(seed=3)
    reusing, fresh = ISMCTSBot(seed=1, iterations=30, reuse=True), ISMCTSBot(seed=1, iterations=30)
    first = reusing.choose(game.view(0))
    assert fresh.choose(game.view(0)) == first
    later = game.apply(first)
    later = later.apply(later.legal_actions()[0])
    reusing.choose(later.view(0))
    fresh.choose(later.view(0))
    assert sum(fresh.last_visits.values()) == 30 < sum(reusing.last_visits.values())


def test_a_reusing_search_starts_afresh_in_another_game() -> None:
    reusing = ISMCTSBot(seed=1, iterations=30, reuse=True)
    game = new_nim(seed=3)
    reusing.choose(game.view(0))
    other = new_nim(seed=4)
    other = other.apply(other.legal_actions()[0])
    other = other.apply(other.legal_actions()[0])
    reusing.choose(other.view(0))
    assert sum(reusing.last_visits.values()) == 30
