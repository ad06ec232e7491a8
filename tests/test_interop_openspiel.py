"""The OpenSpiel game "python_newton": OpenSpiel's own tests, saves, pickles and its search bots."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import newton_rules as nr  # noqa: E402
from newton_rules.interop import openspiel as newton_spiel  # noqa: E402


def played(players: int, decisions: int, **params: object) -> tuple[Any, Any]:
    game = pyspiel.load_game("python_newton", {"players": players, "deals": 10, **params})
    state = game.new_initial_state()
    state.apply_action(3)  # the chance node: the 4th deal
    rnd = random.Random(players)
    for _ in range(decisions):
        state.apply_action(rnd.choice(state.legal_actions()))
    return game, state


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_openspiel_random_simulation_test_passes(players: int) -> None:
    game = pyspiel.load_game("python_newton", {"players": players, "deals": 3, "seed": players})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_the_game_declares_its_sizes_from_the_library() -> None:
    game = pyspiel.load_game("python_newton", {"players": 3, "master_draft": True})
    config = nr.GameConfig(players=3, seed=0, options=nr.Options(master_draft=True))
    assert game.num_distinct_actions() == len(nr.action_space(config))
    assert game.max_game_length() == nr.game_bounds(config).max_decisions
    assert game.max_chance_outcomes() == newton_spiel.DEFAULT_DEALS
    assert game.observation_tensor_size() == nr.observation_encoder(config).size
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == newton_spiel.DEFAULT_DEALS
    state.apply_action(5)
    assert state.game == nr.new_game(players=3, seed=5, options={"master_draft": True})  # deal i: seed + i


def test_a_bad_parameter_is_refused_by_name() -> None:
    with pytest.raises(nr.OptionsError, match="work_coins"):
        pyspiel.load_game("python_newton", {"work_coins": "bogus"})
    with pytest.raises(nr.NewtonError, match="deals"):
        pyspiel.load_game("python_newton", {"deals": 0})


def test_serialize_and_pickle_round_trip() -> None:
    game, state = played(2, 80)
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert state2.history() == state.history() and state2.game == state.game
    assert game2.get_parameters() == game.get_parameters()
    again = pickle.loads(pickle.dumps(state))
    assert again.history() == state.history() and again.game == state.game
    for player in (0, 1):
        assert again.information_state_string(player) == state.information_state_string(player)
    assert pickle.loads(pickle.dumps(game)).get_parameters() == game.get_parameters()


def test_the_information_state_string_extended_action_by_action_is_the_one_rebuilt_from_the_log() -> None:
    """A state extends the string of the state before it, when that was asked, by what the viewer saw of
    the last action; a state that never saw the strings before it (here: a pickled one) rebuilds them
    from the whole game. Both give the same string, for each player and the public, also from clones."""
    game = pyspiel.load_game("python_newton", {"players": 3, "deals": 2})
    public = game.make_py_observer(
        pyspiel.IIGObservationType(perfect_recall=True, private_info=pyspiel.PrivateInfoType.NONE)
    )
    state = game.new_initial_state()
    state.apply_action(1)
    rnd = random.Random(5)
    for step in range(120):
        extended = [state.information_state_string(p) for p in range(3)] + [public.string_from(state, 0)]
        if step % 20 == 0:
            rebuilt = pickle.loads(pickle.dumps(state))
            assert [rebuilt.information_state_string(p) for p in range(3)] + [
                public.string_from(rebuilt, 0)
            ] == extended
            assert extended[0].startswith("p0\n") and extended[3].startswith("public\n")
        state = state.clone() if step % 7 == 0 else state
        state.apply_action(rnd.choice(state.legal_actions()))
    assert state.information_state_string(1) != state.information_state_string(2)


def test_observations_hold_only_what_the_player_may_see() -> None:
    game, state = played(3, 50)
    seat = state.current_player()
    mine = np.array(state.observation_tensor(seat))
    view = state.game.view(seat)
    assert list(mine) == pytest.approx(nr.observation_encoder(state.game.config).encode(view))
    # A state resampled from the player's information state looks the same to the player.
    sample = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert sample.information_state_string(seat) == state.information_state_string(seat)
    assert sample.observation_tensor(seat) == state.observation_tensor(seat)
    assert sample.legal_actions() == state.legal_actions()
    # The public observation is the spectator's view.
    public = pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE)
    observer = game.make_py_observer(public)
    observer.set_from(state, seat)
    spectator = nr.observation_encoder(state.game.config).encode(state.game.view(None))
    assert list(observer.tensor) == pytest.approx(spectator)


def test_openspiel_search_bots_play_it() -> None:
    game, state = played(2, 30)
    rnd = np.random.RandomState(1)
    evaluator = newton_spiel.HeuristicEvaluator()
    bots = [
        mcts.MCTSBot(game, uct_c=1.0, max_simulations=8, evaluator=evaluator, random_state=rnd),
        ismcts.ISMCTSBot(game, evaluator, uct_c=1.0, max_simulations=8, random_state=rnd),
    ]
    for _ in range(12):
        bot = bots[state.current_player()]
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    rollouts = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rnd)
    assert mcts.MCTSBot(game, 1.0, 2, rollouts, random_state=rnd).step(state) in state.legal_actions()


def test_terminal_rewards_share_the_victory() -> None:
    game = pyspiel.load_game("python_newton", {"players": 2, "deals": 1})
    state = game.new_initial_state()
    state.apply_action(0)
    rnd = random.Random(0)
    while not state.is_terminal():
        assert state.rewards() == [0.0, 0.0]
        state.apply_action(rnd.choice(state.legal_actions()))
    winners = state.game.winners
    assert state.returns() == [1.0 / len(winners) if s in winners else 0.0 for s in range(2)]


def test_the_python_observation_tensor_equals_openspiels_own() -> None:
    """``state.observation_tensor`` called from Python reads the game directly; OpenSpiel's C++ path
    (its observer) gives the same numbers for every player, before the deal too."""
    game = pyspiel.load_game("python_newton", {"players": 3, "deals": 10})
    state = game.new_initial_state()
    rnd = random.Random(5)
    for step in range(120):
        for player in range(3):
            assert state.observation_tensor(player) == list(pyspiel.State.observation_tensor(state, player))
        state.apply_action(rnd.choice(state.legal_actions()) if step else 2)
    with pytest.raises(nr.NewtonError, match="no player 3"):
        state.observation_tensor(3)


def test_the_information_state_tensor_adds_the_cards_the_player_knows_in_other_hands() -> None:
    """Perfect recall: the observation, then per seat slot (the player's first) the cards the player saw
    enter that seat's hidden hand (Newton's information pieces, read by the core's observer)."""
    game, state = played(3, 60)
    assert game.get_type().provides_information_state_tensor
    config = state.game.config
    cards = [action.arg for action in nr.action_space(config) if action.kind == "play"]
    size = nr.observation_encoder(config).size
    assert game.information_state_tensor_size() == size + 3 * len(cards)
    recall = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    for seat in range(3):
        recall.set_from(state, seat)
        assert list(recall.tensor[:size]) == pytest.approx(state.observation_tensor(seat))
        view = state.game.view(seat)
        pinned = nr.unseen(view.state, seat, view.catalog, view.events).pinned
        assert any(pinned.values())  # 60 decisions in, each seat has seen cards enter the others' hands
        expected = np.zeros((3, len(cards)))
        for other, held in pinned.items():
            for card in held:
                expected[(other - seat) % 3, cards.index(card)] = 1.0
        assert (recall.dict["known hands"] == expected).all()
        assert list(state.information_state_tensor(seat)) == pytest.approx(list(recall.tensor))
