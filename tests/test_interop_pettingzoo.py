"""The PettingZoo environment: PettingZoo's own API and seed tests, whole games, the classic conventions."""

from __future__ import annotations

import warnings

import pytest

np = pytest.importorskip("numpy")
pettingzoo_test = pytest.importorskip("pettingzoo.test")

import newton_rules as nr  # noqa: E402
from newton_rules.interop.pettingzoo import env  # noqa: E402


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_pettingzoo_api_test_passes_over_whole_games(players: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # PettingZoo's notes on dict observations, as for its own games
        pettingzoo_test.api_test(env(players=players), num_cycles=100_000)


def test_pettingzoo_seed_test_passes() -> None:
    pettingzoo_test.seed_test(lambda: env(players=3, master_draft=True), num_cycles=100_000)


def test_a_random_agent_plays_a_whole_game_with_the_mask() -> None:
    game_env = env(players=2)
    game_env.reset(seed=11)
    rng = np.random.default_rng(0)
    decisions = 0
    final_rewards = {}
    for agent in game_env.agent_iter():
        observation, reward, termination, truncation, _ = game_env.last()
        if termination or truncation:
            final_rewards[agent] = reward
            game_env.step(None)
            continue
        assert reward == 0.0
        assert observation["observation"].shape == game_env.encoder.shape
        legal = np.flatnonzero(observation["action_mask"])
        game = game_env.game
        assert game is not None and game_env.space.ids(game.legal_actions()) == list(legal)
        assert agent == f"player_{game.to_move}"
        game_env.step(int(rng.choice(legal)))
        decisions += 1
    final = game_env.game
    assert final is not None and final.is_over and decisions == len(final) and final.config.seed == 11
    winners = final.winners
    assert final_rewards == {f"player_{s}": 1.0 / len(winners) if s in winners else 0.0 for s in range(2)}


def test_reset_seeds_the_deal() -> None:
    a, b = env(players=2), env(players=2)
    a.reset(seed=5)
    b.reset(seed=5)
    assert a.game == b.game == nr.new_game(players=2, seed=5)
    a.reset()
    b.reset()
    assert a.game == b.game and a.game is not None and a.game.config.seed != 5


def test_observations_are_the_agents_views() -> None:
    game_env = env(players=3)
    game_env.reset(seed=2)
    assert game_env.game is not None
    for seat, agent in enumerate(game_env.possible_agents):
        seen = game_env.observe(agent)
        assert list(seen["observation"]) == game_env.encoder.encode(game_env.game.view(seat))
        assert seen["action_mask"].sum() == (len(game_env.game.legal_actions()) if game_env.game.to_move == seat else 0)


def test_render_shows_the_view_in_words_and_bad_modes_are_refused() -> None:
    game_env = env(players=2, render_mode="ansi")
    game_env.reset(seed=1)
    text = game_env.render()
    assert text is not None and "Round 1" in text
    with pytest.raises(nr.NewtonError, match="render_mode"):
        env(render_mode="rgb_array")
    with pytest.raises(nr.OptionsError):
        env(work_coins="bogus")
