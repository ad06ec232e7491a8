"""Any game on the core as a PettingZoo AEC environment (rules_core.interop.pettingzoo), on Secret Nim
(tests/core/toy.py). Each test makes its environment from a new declaration, in the test."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from rules_core.errors import OptionsError
from rules_core.interop.declaration import Interop
from tests.core.toy import NIM_INTEROP, NimConfig, new_nim

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from rules_core.interop.pettingzoo import InteropEnv  # noqa: E402


def fresh(**changes: Any) -> Interop:
    """Secret Nim's declaration, new, with ``changes``."""
    return attrs.evolve(NIM_INTEROP, **changes)


def play_first_actions(env: InteropEnv, count: int) -> None:
    for _ in range(count):
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(np.flatnonzero(mask)[0]))


def test_the_environment_is_one_configuration_of_the_game() -> None:
    env = InteropEnv(fresh(default_players=3), stones=9)
    assert env.config == NimConfig(players=3, seed=0, stones=9, hand=2)
    assert env.metadata == {"render_modes": ["human", "ansi"], "name": "secret-nim_v0", "is_parallelizable": False}
    assert env.possible_agents == env.agents == ["player_0", "player_1", "player_2"]
    assert env.horizon == 9 and InteropEnv(fresh(), horizon=4).horizon == 4
    assert InteropEnv(fresh(), players=4).config.players == 4


def test_the_spaces_are_a_float32_vector_and_an_int8_mask_over_the_action_ids() -> None:
    env = InteropEnv(fresh())
    observation = env.observation_space("player_0")
    assert observation["observation"].dtype == np.float32 and observation["observation"].shape == env.encoder.shape
    assert set(observation["observation"].low.tolist()) == {-np.inf} and set(
        observation["observation"].high.tolist()
    ) == {np.inf}
    mask = observation["action_mask"]
    assert (
        mask.dtype == np.int8 and mask.shape == (5,) and mask.low.tolist() == [0] * 5 and mask.high.tolist() == [1] * 5
    )
    assert env.action_space("player_1").n == 5


def test_a_render_mode_outside_the_list_is_refused_naming_the_choices() -> None:
    with pytest.raises(OptionsError, match=r"^render_mode must be one of human, ansi or None, got 'rgb_array'$"):
        InteropEnv(fresh(), render_mode="rgb_array")


def test_reset_with_a_seed_deals_the_game_of_that_seed() -> None:
    env = InteropEnv(fresh(), players=3)
    env.reset(seed=5)
    assert env.game == new_nim(players=3, seed=5)
    assert env.agent_selection == f"player_{env.game.to_move}"
    assert env.rewards == env._cumulative_rewards == dict.fromkeys(env.agents, 0.0)
    assert env.terminations == env.truncations == dict.fromkeys(env.agents, False)


def test_reset_without_a_seed_deals_the_next_seed_drawn_from_the_last_seeded_generator() -> None:
    env = InteropEnv(fresh())
    env.reset(seed=3)
    draws = random.Random(3)
    env.reset()
    assert env.game == new_nim(seed=draws.randrange(2**31))
    env.reset()
    assert env.game == new_nim(seed=draws.randrange(2**31))


def test_reset_without_any_seed_deals_a_game() -> None:
    env = InteropEnv(fresh())
    env.reset()
    assert env.game is not None and env.game.to_move is not None


def test_an_agent_observes_its_own_view_and_only_the_agent_to_decide_has_a_mask() -> None:
    env = InteropEnv(fresh())
    env.reset(seed=1)
    assert env.game is not None
    mover = env.agent_selection
    other = "player_1" if mover == "player_0" else "player_0"
    for agent in (mover, other):
        seat = int(agent[-1])
        got = env.observe(agent)["observation"]
        assert got.dtype == np.float32 and got.tolist() == env.encoder.encode(env.game.view(seat))
    assert env.observe(mover)["observation"].tolist() != env.observe(other)["observation"].tolist()
    legal = env.space.ids(env.game.legal_actions())
    assert np.flatnonzero(env.observe(mover)["action_mask"]).tolist() == legal
    assert env.observe(mover)["action_mask"].tolist() == env.space.mask(env.game.legal_actions())  # ones
    assert env.observe(other)["action_mask"].tolist() == [0] * 5


def test_a_finished_game_pays_its_rewards_and_hands_the_turn_to_the_first_agent() -> None:
    env = InteropEnv(fresh())
    env.reset(seed=2)
    play_first_actions(env, 1)
    assert env._cumulative_rewards == {"player_0": 0.0, "player_1": 0.0}  # the rewards are terminal
    while not all(env.terminations.values()):
        play_first_actions(env, 1)
    assert env._cumulative_rewards == env.rewards
    assert env.game is not None and env.game.is_over
    shares = [1.0 / len(env.game.winners) if s in env.game.winners else 0.0 for s in range(2)]
    assert env.rewards == {"player_0": shares[0], "player_1": shares[1]}
    assert env.agent_selection == "player_0" and not any(env.truncations.values())
    assert env.observe("player_0")["action_mask"].tolist() == [0] * 5
    with pytest.raises(ValueError, match="the only valid action is None"):
        env.step(0)
    env.step(None)


def test_a_declaration_whose_rewards_miss_a_player_is_refused_at_the_end() -> None:
    env = InteropEnv(fresh(rewards=lambda game: [1.0]))
    env.reset(seed=2)
    with pytest.raises(ValueError, match="zip"):
        while True:
            play_first_actions(env, 1)


def test_a_game_at_the_horizon_truncates_every_agent() -> None:
    env = InteropEnv(fresh(), horizon=2)
    env.reset(seed=0)
    play_first_actions(env, 1)
    assert env.truncations == {"player_0": False, "player_1": False}
    play_first_actions(env, 1)
    assert env.game is not None and len(env.game) == 2 and not env.game.is_over
    assert env.truncations == {"player_0": True, "player_1": True}
    assert env.observe(env.agent_selection)["action_mask"].tolist() == [0] * 5
    assert env.rewards == {"player_0": 0.0, "player_1": 0.0}


def test_a_live_agent_must_name_an_action() -> None:
    env = InteropEnv(fresh())
    env.reset(seed=0)
    with pytest.raises(AssertionError):
        env.step(None)


def test_ansi_rendering_gives_the_view_of_the_agent_to_move_in_words() -> None:
    env = InteropEnv(fresh(), render_mode="ansi")
    assert env.render() is None  # no game yet
    env.reset(seed=4)
    assert env.game is not None
    assert env.render() == repr(env.game.view(int(env.agent_selection[-1])).state)
    assert env.render() != repr(env.game.view(None).state)


def test_without_a_render_mode_nothing_is_rendered(capsys: pytest.CaptureFixture[str]) -> None:
    env = InteropEnv(fresh())
    env.reset(seed=4)
    assert env.render() is None
    play_first_actions(env, 1)
    assert capsys.readouterr().out == ""


def test_human_rendering_prints_the_view_after_each_step(capsys: pytest.CaptureFixture[str]) -> None:
    env = InteropEnv(fresh(describe=lambda view: f"seat {view.player} sees"), render_mode="human")
    env.reset(seed=4)
    assert env.render() is None and capsys.readouterr().out == f"seat {env.agent_selection[-1]} sees\n"
    play_first_actions(env, 1)
    assert capsys.readouterr().out == f"seat {env.agent_selection[-1]} sees\n"
