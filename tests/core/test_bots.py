"""What the core's bots and play loop promise (rules_core.bots), shown on Secret Nim (tests/core/toy.py): the
loop reports who did what after each decision, stops where asked, and says exactly which decision failed
and how; an oracle is a bot that says so; a greedy bot chooses the best value, ties as declared."""

from __future__ import annotations

import math
from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any, ClassVar

import pytest

from rules_core.actions import Action
from rules_core.bots import GreedyBot, PlayFailed, RandomBot, is_oracle, legal_actions_of, play_game
from rules_core.session import Session
from tests.core.toy import new_nim


class FirstBot:
    def choose(self, view: Any) -> Any:
        return view.legal_actions()[0]


def test_each_decision_is_reported_with_the_new_game_the_seat_and_its_action() -> None:
    seen: list[tuple[int, int, str]] = []

    def observe(game: Session, seat: int, action: Any) -> None:
        seen.append((len(game), seat, str(action)))

    end = play_game(new_nim(seed=3), [FirstBot()] * 2, on_action=observe, until=lambda game: len(game) >= 3)
    assert seen == [(1, 0, str(end.actions[0])), (2, 1, str(end.actions[1])), (3, 0, str(end.actions[2]))]


def test_play_stops_where_asked_even_before_the_end() -> None:
    game = new_nim(seed=3)
    asked: list[int] = []

    def until(g: Session) -> bool:
        asked.append(len(g))
        return len(g) >= 2

    assert len(play_game(game, [FirstBot()] * 2, until=until)) == 2
    assert asked == [0, 1, 2]


def test_a_game_at_its_limit_that_is_stopped_where_asked_is_returned() -> None:
    game = play_game(new_nim(seed=3), [FirstBot()] * 2, until=lambda g: len(g) >= 2, max_actions=2)
    assert len(game) == 2


def test_a_bot_that_fails_is_named_with_the_decision_and_the_seat() -> None:
    class Broken:
        def choose(self, view: Any) -> Any:
            raise ValueError("no idea")

    game = new_nim(seed=3)
    with pytest.raises(PlayFailed, match=r"^decision 0, P0 choosing: ValueError: no idea$") as failed:
        play_game(game, [Broken()] * 2)
    assert failed.value.game is game and failed.value.action is None


def test_an_action_the_engine_refuses_is_named_with_the_decision_and_the_seat() -> None:
    class Cheater:
        def choose(self, view: Any) -> Any:
            return Action("play", "9")

    game = new_nim(seed=3)
    with pytest.raises(
        PlayFailed, match=r"^decision 0, P0 action 'play 9': IllegalAction: play 9 is not legal"
    ) as failed:
        play_game(game, [Cheater()] * 2)
    assert failed.value.game is game and failed.value.action == Action("play", "9")


def test_a_game_nobody_can_move_in_that_is_not_over_fails() -> None:
    class Stuck:
        """A game with a seat to move and no legal action (what a broken rule table would give)."""

        is_over = False
        to_move = 0

        def legal_actions(self) -> tuple[Any, ...]:
            return ()

        def __len__(self) -> int:
            return 7

    stuck: Any = Stuck()
    with pytest.raises(PlayFailed, match=r"^decision 7: no legal action in a game that is not over$") as failed:
        play_game(stuck, [FirstBot()])
    assert failed.value.game is stuck


def test_a_game_not_over_after_the_most_decisions_fails_with_that_game() -> None:
    with pytest.raises(PlayFailed, match=r"^not over after 2 decisions$") as failed:
        play_game(new_nim(seed=3), [FirstBot()] * 2, max_actions=2)
    assert len(failed.value.game) == 2


def test_an_oracle_is_a_bot_whose_oracle_attribute_is_true() -> None:
    class Oracle:
        oracle: ClassVar[bool] = True

    class Truthy:
        oracle: ClassVar[int] = 1

    assert is_oracle(Oracle()) and not is_oracle(Truthy()) and not is_oracle(RandomBot())


def test_the_legal_actions_of_a_view_may_be_a_method_or_a_field() -> None:
    class Kept:
        legal_actions = (Action("pass"),)

    assert legal_actions_of(Kept()) == (Action("pass"),)
    assert legal_actions_of(new_nim(seed=3).view(0)) == new_nim(seed=3).legal_actions()


class Valued(GreedyBot):
    def __init__(self, values: Sequence[float], seed: int = 0, tie_tolerance: float | None = None) -> None:
        super().__init__(seed, tie_tolerance)
        self.values = values

    def action_values(self, view: Any, game: Any, legal: Sequence[Any]) -> Sequence[float]:
        assert view.player == 0 and game.to_move == 0
        return self.values[: len(legal)]


def test_a_greedy_bot_chooses_the_first_best_value() -> None:
    view = new_nim(seed=3).view(0)
    legal = view.legal_actions()
    assert len(legal) == 2
    assert Valued([1.0, 3.0]).choose(view) == legal[1]
    assert Valued([2.0, 2.0]).choose(view) == legal[0]
    assert Valued([-5.0, -7.0]).choose(view) == legal[0]


def test_a_greedy_bot_breaks_ties_within_its_tolerance_at_random() -> None:
    view = new_nim(seed=3).view(0)
    legal = view.legal_actions()
    chosen = {Valued([1.0, 1.05], seed=seed, tie_tolerance=0.1).choose(view) for seed in range(20)}
    assert chosen == set(legal)
    assert {Valued([1.0, 1.5], seed=seed, tie_tolerance=0.1).choose(view) for seed in range(20)} == {legal[1]}
    assert {Valued([1.5, 1.0], seed=seed, tie_tolerance=0.1).choose(view) for seed in range(20)} == {legal[0]}


def test_a_greedy_bot_with_one_legal_action_takes_it_without_valuing() -> None:
    view = SimpleNamespace(legal_actions=lambda: (Action("pass"),))
    assert Valued([]).choose(view) == Action("pass")


def test_a_greedy_bot_with_no_finite_value_takes_the_first_action() -> None:
    view = new_nim(seed=3).view(0)
    assert Valued([-math.inf, -math.inf]).choose(view) == view.legal_actions()[0]


def test_a_value_exactly_the_tolerance_above_the_best_ties_with_it() -> None:
    view = new_nim(seed=3).view(0)
    chosen = {Valued([1.0, 1.5], seed=seed, tie_tolerance=0.5).choose(view) for seed in range(20)}
    assert chosen == set(view.legal_actions())


def test_an_evaluation_must_value_every_legal_action() -> None:
    view = new_nim(seed=3).view(0)
    for tolerance in (None, 0.1):
        with pytest.raises(ValueError, match="shorter"):
            Valued([1.0], tie_tolerance=tolerance).choose(view)


def test_a_greedy_bots_samples_are_drawn_with_seed_zero_by_default() -> None:
    class Sampling(GreedyBot):
        def __init__(self, *seed: int) -> None:
            super().__init__(*seed)
            self.samples: list[Any] = []

        def action_values(self, view: Any, game: Any, legal: Sequence[Any]) -> Sequence[float]:
            self.samples.append(game.state)
            return [0.0] * len(legal)

    view = new_nim(seed=3).view(0)
    default, zero, one = Sampling(), Sampling(0), Sampling(1)
    for bot in (default, zero, one):
        for _ in range(3):
            bot.choose(view)
    assert default.samples == zero.samples != one.samples
