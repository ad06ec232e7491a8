"""What the core's random-simulation check promises (rules_core.checks), shown on Secret Nim (tests/core/toy.py):
the games it plays and the seeds it plays them with, when it tries illegal actions and saves, each problem
it reports in words, and where it stops."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

import pytest

from rules_core.actions import Action
from rules_core.checks import (
    RECENT,
    _earlier_actions,
    _remember,
    check_illegal,
    check_round_trip,
    random_simulation_check,
)
from rules_core.errors import ActionSyntaxError, IllegalAction
from tests.core.toy import NimConfig, NimGame, NimPack

SMALL = NimPack(cards=(1, 1, 2, 2, 3, 3, 5, 5), name="small")


class _Table:
    """A game whose answer to an action is scripted."""

    def __init__(self, answer: Any) -> None:
        self.state = object()
        self.answer = answer

    def apply(self, action: Any) -> Any:
        return self.answer(self, action)


def _refuse(game: _Table, action: Any) -> Any:
    raise IllegalAction(f"{action} is not legal")


def test_illegal_actions_refused_without_a_change_are_no_problem() -> None:
    assert check_illegal(_Table(_refuse), ["jump", "skip"]) == []  # type: ignore[arg-type]


def test_an_illegal_action_refused_with_another_error_is_a_problem_naming_it() -> None:
    def syntax(game: _Table, action: Any) -> Any:
        raise ActionSyntaxError("bad text")

    assert check_illegal(_Table(syntax), ["jump"]) == ["illegal jump raised ActionSyntaxError, not IllegalAction"]  # type: ignore[arg-type]


def test_an_unlisted_action_accepted_or_one_that_changes_the_game_is_a_problem() -> None:
    assert check_illegal(_Table(lambda game, action: game), ["jump"]) == ["unlisted action jump was accepted"]  # type: ignore[arg-type]

    def change_then_refuse(game: _Table, action: Any) -> Any:
        game.state = object()
        raise IllegalAction("no")

    assert check_illegal(_Table(change_then_refuse), ["jump"]) == ["illegal jump changed the game"]  # type: ignore[arg-type]


def test_each_action_tried_is_given_to_the_game() -> None:
    tried: list[Any] = []

    def record(game: _Table, action: Any) -> Any:
        tried.append(action)
        raise IllegalAction("no")

    check_illegal(_Table(record), ["jump", "skip"])  # type: ignore[arg-type]
    assert tried == ["jump", "skip"]


def test_a_game_with_its_own_data_pack_round_trips() -> None:
    game = NimGame.new(NimConfig(seed=3), SMALL).apply("play 5")
    assert check_round_trip(game) == []


class _Saved:
    """A game class whose saving and replaying are scripted by its class attributes."""

    loaded_equal: ClassVar[bool] = True
    texts: ClassVar[Sequence[str]] = ("save", "save")
    replayed_state: ClassVar[str] = "state"

    def __init__(self, text: str = "save") -> None:
        self.text, self.state, self.config, self.actions, self.position, self.catalog = (
            text,
            "state",
            1,
            (),
            None,
            SMALL,
        )

    def to_json(self) -> str:
        return self.text

    def __eq__(self, other: object) -> bool:
        return self.loaded_equal

    __hash__ = None  # type: ignore[assignment]

    @classmethod
    def from_json(cls, text: str, catalog: Any = None) -> Any:
        assert catalog is SMALL
        return cls(cls.texts[1])

    @classmethod
    def replay(cls, config: Any, actions: Any, catalog: Any = None, position: Any = None) -> Any:
        again = cls()
        again.state = cls.replayed_state
        return again


def test_a_save_that_loads_as_another_game_is_a_problem() -> None:
    class Other(_Saved):
        loaded_equal = False

    assert check_round_trip(Other()) == ["from_json(to_json()) differs from the game"]  # type: ignore[arg-type]


def test_a_save_text_that_changes_across_a_round_trip_is_a_problem() -> None:
    class Unstable(_Saved):
        texts = ("save", "save again")

    assert check_round_trip(Unstable()) == ["to_json is not stable across a round trip"]  # type: ignore[arg-type]


def test_actions_that_replay_to_another_state_are_a_problem() -> None:
    class Drifting(_Saved):
        replayed_state = "another"

    assert check_round_trip(Drifting()) == ["replaying the actions gives another state"]  # type: ignore[arg-type]


def test_the_games_are_played_from_the_configs_seed_shifted_by_the_seed_and_their_index() -> None:
    started: list[int] = []

    def watch(start: Any) -> Any:
        started.append(start.config.seed)
        return lambda game: []

    report = random_simulation_check(NimGame, NimConfig(seed=10), games=3, seed=2, watch=watch)
    assert started == [12, 13, 14] and report.games == 3 and report.ok
    started.clear()
    assert random_simulation_check(NimGame, NimConfig(seed=10), watch=watch).games == 10
    assert started == list(range(10, 20))


def test_a_game_given_is_the_start_of_every_game() -> None:
    start = NimGame.new(NimConfig(seed=4), SMALL)
    started: list[Any] = []

    def watch(game: Any) -> Any:
        started.append(game)
        return lambda game: []

    random_simulation_check(NimGame, start, games=2, watch=watch)
    assert started == [start, start]


def test_the_same_seed_plays_the_same_games() -> None:
    def played(seed: int) -> list[str]:
        seen: list[str] = []

        def check(game: Any) -> list[str]:
            seen.append(str(game.actions[-1]) if game.actions else "-")
            return []

        def watch(start: Any) -> Any:
            return check

        random_simulation_check(NimGame, NimConfig(seed=0), games=3, seed=seed, watch=watch)
        return seen

    assert played(1) == played(1) != played(2)


def test_illegal_actions_are_tried_every_few_actions_with_the_game_and_its_legal_actions() -> None:
    tried_at: list[tuple[int, bool]] = []

    def mutations(game: Any, legal: Sequence[Any], rnd: random.Random) -> list[Any]:
        tried_at.append((len(game), tuple(legal) == game.legal_actions() and isinstance(rnd, random.Random)))
        return [Action("play", "9")]

    report = random_simulation_check(NimGame, NimConfig(seed=1), games=1, illegal_every=3, mutations=mutations)
    assert report.ok and report.actions > 6
    assert tried_at == [(step, True) for step in range(0, report.actions, 3)]
    tried_at.clear()
    random_simulation_check(NimGame, NimConfig(seed=1), games=1, mutations=mutations)
    assert [step for step, _ in tried_at] == list(range(0, report.actions, 5))
    tried_at.clear()
    random_simulation_check(NimGame, NimConfig(seed=1), games=1, illegal_every=0, mutations=mutations)
    assert tried_at == []


def test_a_broken_invariant_is_reported_at_each_position_up_to_the_most_failures() -> None:
    watched: list[int] = []

    def watch(start: Any) -> Any:
        watched.append(len(start))
        return lambda game: [f"broken at {len(game)}"]

    report = random_simulation_check(NimGame, NimConfig(seed=1), games=3, max_failures=3, watch=watch)
    assert report.failures == (
        "game 0 (seed 1) action 0: broken at 0",
        "game 0 (seed 1) action 1: broken at 1",
        "game 0 (seed 1) action 2: broken at 2",
    )
    assert report.actions == 3 and watched == [0] and not report.ok
    assert len(random_simulation_check(NimGame, NimConfig(seed=1), games=3, watch=watch).failures) == 10


def test_a_finished_game_is_checked_at_its_end() -> None:
    def watch(start: Any) -> Any:
        return lambda game: ["over"] if game.is_over else []

    report = random_simulation_check(NimGame, NimConfig(seed=1), games=2, watch=watch)
    assert report.failures == ("game 0 end: over", "game 1 end: over")


class Crashing(NimGame):
    """Secret Nim whose legal actions crash when applied."""

    __slots__ = ()

    def apply(self, action: Any) -> Any:
        raise ValueError(f"cannot {action}")


def test_a_legal_action_that_raises_is_reported_and_ends_that_game() -> None:
    start = Crashing.new(NimConfig(seed=1))
    report = random_simulation_check(Crashing, start, games=2, illegal_every=0, json_every=0)
    action = report.failures[0].split("legal action ")[1].split(" raised")[0]
    assert report.failures == (
        f"game 0 (seed 1) action 0: legal action {action} raised ValueError('cannot {action}')",
        f"game 1 (seed 1) action 0: legal action {action} raised ValueError('cannot {action}')",
    )
    assert report.actions == 0 and action in {str(a) for a in start.legal_actions()}


class Stuck(NimGame):
    """Secret Nim that offers no action at all, though it is not over."""

    __slots__ = ()

    def legal_actions(self) -> Any:
        return ()


def test_a_game_stuck_before_its_end_is_reported_by_the_invariants_and_the_next_game_is_played() -> None:
    report = random_simulation_check(Stuck, NimConfig(seed=1), games=2)
    assert report.failures == (
        "game 0 (seed 1) action 0: a game not over with no legal action",
        "game 1 (seed 2) action 0: a game not over with no legal action",
    )
    assert report.actions == 0 and not report.ok


def test_the_earlier_legal_actions_kept_are_the_most_recent_ones() -> None:
    seen: dict[Any, None] = {}
    _remember(seen, [f"a{i}" for i in range(RECENT + 6)])
    assert list(seen) == [f"a{i}" for i in range(6, RECENT + 6)]
    _remember(seen, ["a6"])
    assert list(seen)[-1] == "a6" and len(seen) == RECENT
    assert RECENT == 64


def test_the_earlier_actions_tried_are_four_not_legal_now() -> None:
    seen = dict.fromkeys(["a", "b", "c", "d", "e", "f", "g"])
    tried = _earlier_actions(seen, ["a", "b"], random.Random(0))
    assert len(tried) == 4 and set(tried) <= {"c", "d", "e", "f", "g"}
    assert sorted(_earlier_actions(seen, ["a", "b", "c"], random.Random(0), count=9)) == ["d", "e", "f", "g"]


@pytest.mark.parametrize("players", [2, 3])
def test_secret_nim_passes_the_check(players: int) -> None:
    assert random_simulation_check(NimGame, NimConfig(players=players, seed=2), games=2).ok


def test_a_game_from_a_position_replays_from_it() -> None:
    start = NimGame.new(NimConfig(seed=3), SMALL).apply("play 5")
    game = NimGame.from_position(NimConfig(seed=3), start.state, SMALL).apply("play 3")
    assert check_round_trip(game) == []


class Refusals(NimGame):
    """Secret Nim that counts the actions it refuses."""

    __slots__ = ()
    refused: ClassVar[list[Any]] = []

    def apply(self, action: Any) -> Any:
        try:
            return super().apply(action)
        except IllegalAction:
            Refusals.refused.append(action)
            raise


def test_by_default_the_illegal_actions_tried_are_ones_legal_earlier() -> None:
    Refusals.refused.clear()
    assert random_simulation_check(Refusals, NimConfig(seed=1), games=2, illegal_every=1).ok
    assert Refusals.refused and all(isinstance(action, Action) for action in Refusals.refused)
