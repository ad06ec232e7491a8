"""Galileo in OpenSpiel ("python_galileo") and PettingZoo, from its declaration alone (GALILEO_INTEROP): the
frameworks' own tests on every player count and option set, saves and pickles, OpenSpiel's search bots, solo
play with Tycho Brahe as an automatic seat, observations that hold only what a seat may see, and the games
cut short where the action space or the horizon ends."""

from __future__ import annotations

import pickle
import random
import warnings
from typing import Any

import attrs
import pytest

from galileo_rules import GALILEO_INTEROP, Action, GalileoGame, new_game
from galileo_rules.model.domains import UNCAPPED_DIE_VALUES
from galileo_rules.model.frames import RaiseFrame
from galileo_rules.testing import OPTION_SETS, Position

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")
pettingzoo_test = pytest.importorskip("pettingzoo.test")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from galileo_rules.interop import openspiel as galileo_spiel  # noqa: E402
from galileo_rules.interop.pettingzoo import env  # noqa: E402
from rules_core.interop.declaration import DEFAULT_HORIZON  # noqa: E402
from rules_core.interop.openspiel import DEFAULT_DEALS, InteropState  # noqa: E402

NAME = galileo_spiel.SHORT_NAME
# Whole random games for 1 and 2 players; 3 and 4 players' games (700 to 1,400 decisions, several seconds
# each under OpenSpiel's checks of every state) are played to a horizon, which the test then reaches.
HORIZONS = {1: 0, 2: 0, 3: 300, 4: 300}


def options(name: str) -> dict[str, Any]:
    return attrs.asdict(OPTION_SETS[name])


def played(players: int, decisions: int, **params: Any) -> tuple[Any, Any]:
    game = pyspiel.load_game(NAME, {"players": players, "deals": 10, **params})
    state = game.new_initial_state()
    state.apply_action(3)  # the chance node: the 4th deal
    rnd = random.Random(players)
    for _ in range(decisions):
        state.apply_action(rnd.choice(state.legal_actions()))
    return game, state


@pytest.mark.parametrize("advanced", [False, True])
@pytest.mark.parametrize("option_set", sorted(OPTION_SETS))
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_openspiel_random_simulation_test_passes(players: int, option_set: str, advanced: bool) -> None:
    params = {"players": players, "deals": 5, "horizon": HORIZONS[players], "advanced": advanced}
    game = pyspiel.load_game(NAME, {**params, **options(option_set)})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_the_game_declares_its_sizes_from_the_declarations() -> None:
    game = pyspiel.load_game(NAME, {"players": 3, "advanced": True})
    config = new_game(players=3, advanced=True).config
    assert game.num_distinct_actions() == len(GALILEO_INTEROP.action_space(config))
    assert game.max_game_length() == DEFAULT_HORIZON  # Galileo's rules set no limit to a game's length
    assert game.observation_tensor_size() == GALILEO_INTEROP.encoder(config).size
    assert pyspiel.load_game(NAME, {"players": 3, "horizon": 40}).max_game_length() == 40
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == DEFAULT_DEALS
    state.apply_action(5)
    assert state.game == new_game(players=3, seed=5, advanced=True)  # deal i: seed + i


def test_solo_is_a_one_player_game_with_tycho_brahe_played_by_the_rules() -> None:
    game = pyspiel.load_game(NAME, {"players": 1, "deals": 3})
    assert game.num_players() == 1
    state = game.new_initial_state()
    state.apply_action(0)
    rnd = random.Random(0)
    while not state.is_terminal():
        assert state.current_player() == 0
        state.apply_action(rnd.choice(state.legal_actions()))
    final = state.game
    assert final.is_over and len(final.state.players) == 2  # seat 1 is Tycho's
    assert state.returns() == [1.0 if final.winners == (0,) else 0.0]


def test_serialize_and_pickle_round_trip() -> None:
    game, state = played(2, 150, **options("alternatives"))
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert state2.history() == state.history() and state2.game == state.game
    assert game2.get_parameters() == game.get_parameters()
    again = pickle.loads(pickle.dumps(state))
    assert again.history() == state.history() and again.game == state.game
    for player in (0, 1):
        assert again.information_state_string(player) == state.information_state_string(player)
        assert again.observation_tensor(player) == state.observation_tensor(player)
    assert pickle.loads(pickle.dumps(game)).get_parameters() == game.get_parameters()


def test_the_information_state_string_extended_action_by_action_is_the_one_rebuilt_from_the_log() -> None:
    _, state = played(3, 0)
    rnd = random.Random(5)
    for step in range(90):
        extended = [state.information_state_string(p) for p in range(3)]
        if step % 15 == 0:
            rebuilt = pickle.loads(pickle.dumps(state))  # a pickle keeps no strings: rebuilt from the whole log
            assert [rebuilt.information_state_string(p) for p in range(3)] == extended
        assert extended[state.current_player()].endswith("legal: " + " ".join(map(str, state.legal_actions())))
        state = state.clone() if step % 7 == 0 else state
        state.apply_action(rnd.choice(state.legal_actions()))


def test_observations_hold_only_what_the_player_may_see() -> None:
    game, state = played(2, 60)
    seat = state.current_player()
    encoder = GALILEO_INTEROP.encoder(state.game.config)
    assert state.observation_tensor(seat) == pytest.approx(encoder.encode(state.game.view(seat)))
    sample = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert sample.information_state_string(seat) == state.information_state_string(seat)
    assert sample.observation_tensor(seat) == state.observation_tensor(seat)
    assert sample.legal_actions() == state.legal_actions()
    assert sample.game.state.deck != state.game.state.deck  # the hidden deck order is dealt again
    public = game.make_py_observer(
        pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE)
    )
    public.set_from(state, seat)
    assert list(public.tensor) == pytest.approx(encoder.encode(state.game.view(None)))
    assert set(public.dict) == {s.name for s in encoder.segments}


def test_openspiel_search_bots_play_it() -> None:
    game, state = played(2, 20, horizon=80)  # the rollouts end at the horizon
    rnd = np.random.RandomState(1)
    rollouts = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rnd)
    bots = [
        mcts.MCTSBot(game, uct_c=1.0, max_simulations=6, evaluator=rollouts, random_state=rnd),
        ismcts.ISMCTSBot(game, rollouts, uct_c=1.0, max_simulations=6, random_state=rnd),
    ]
    for _ in range(10):
        bot = bots[state.current_player()]
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


class EvenEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """Values every unfinished state at 0.5 and a finished one at its returns, with uniform priors: a search
    that costs a few states per simulation, where a random rollout plays a whole game of hundreds."""

    def evaluate(self, state: Any) -> Any:
        return np.array(state.returns()) if state.is_terminal() else np.full(state.num_players(), 0.5)

    def prior(self, state: Any) -> list[tuple[int, float]]:
        legal = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]


def test_openspiel_search_bots_play_a_solo_game_to_its_end() -> None:
    """MCTS and ISMCTS take turns deciding for the solo astronomer, with the advanced rules, until the game
    is over by its rules (not cut short); Tycho Brahe's seat plays itself."""
    game = pyspiel.load_game(NAME, {"players": 1, "deals": 3, "advanced": True})
    state = game.new_initial_state()
    state.apply_action(1)
    rnd, even = np.random.RandomState(0), EvenEvaluator()
    bots = [
        mcts.MCTSBot(game, uct_c=1.0, max_simulations=4, evaluator=even, random_state=rnd),
        ismcts.ISMCTSBot(game, even, uct_c=1.0, max_simulations=4, random_state=rnd),
    ]
    decisions = 0
    while not state.is_terminal():
        action = bots[decisions % 2].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        decisions += 1
    assert state.game.is_over and not state.cut_short and decisions == len(state.game)
    assert state.returns() == [1.0 if state.game.winners == (0,) else 0.0]


def test_a_game_is_cut_short_at_the_horizon_and_where_a_die_leaves_the_action_space() -> None:
    _, state = played(2, 40, horizon=40)
    assert state.is_terminal() and state.cut_short and not state.game.is_over and state.returns() == [0.0, 0.0]
    uncapped = pyspiel.load_game(NAME, {"players": 2, **options("alternatives")})
    ceiling = UNCAPPED_DIE_VALUES * 6  # with die_cap off, the space names die values up to 12

    def raising(dice: str) -> InteropState:
        position = Position(players=2, options=OPTION_SETS["alternatives"]).dice(0, dice)
        return InteropState(uncapped, position.turn(0, RaiseFrame(player=0, n=1), stage="actions").game())

    within, beyond = raising(f"R{ceiling} B2"), raising(f"R{ceiling + 1} B2")
    assert not within.is_terminal() and within.legal_actions() == uncapped_ids(within, f"R{ceiling}", "B2")
    assert beyond.is_terminal() and beyond.cut_short and beyond.returns() == [0.0, 0.0]


def uncapped_ids(state: InteropState, *dice: str) -> list[int]:
    return sorted(state.setup.space.index(Action("raise", die)) for die in dice)


# -- PettingZoo --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_pettingzoo_api_test_passes(players: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # PettingZoo's notes on dict observations, as for its own games
        pettingzoo_test.api_test(env(players=players, advanced=players > 1), num_cycles=400)


def test_pettingzoo_seed_test_passes() -> None:
    pettingzoo_test.seed_test(lambda: env(players=2, **options("alternatives")), num_cycles=300)


def test_a_random_agent_plays_a_whole_game_with_the_mask() -> None:
    game_env = env(players=2)
    game_env.reset(seed=11)
    rng = np.random.default_rng(0)
    final_rewards = {}
    for agent in game_env.agent_iter():
        observation, reward, termination, truncation, _ = game_env.last()
        if termination or truncation:
            final_rewards[agent] = reward
            game_env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        game = game_env.game
        assert isinstance(game, GalileoGame) and game_env.space.ids(game.legal_actions()) == list(legal)
        assert agent == f"player_{game.to_move}" and reward == 0.0
        game_env.step(int(rng.choice(legal)))
    final = game_env.game
    assert final is not None and final.is_over and final.config.seed == 11
    winners = final.winners
    assert final_rewards == {f"player_{s}": 1.0 / len(winners) if s in winners else 0.0 for s in range(2)}


def test_an_environment_truncates_at_its_horizon() -> None:
    game_env = env(players=2, horizon=25)
    game_env.reset(seed=3)
    steps = 0
    for agent in game_env.agent_iter():
        _, _, termination, truncation, _ = game_env.last()
        if termination or truncation:
            assert truncation and not termination
            game_env.step(None)
            continue
        game_env.step(int(np.flatnonzero(game_env.observe(agent)["action_mask"])[0]))
        steps += 1
    assert steps == 25 and game_env.game is not None and not game_env.game.is_over
