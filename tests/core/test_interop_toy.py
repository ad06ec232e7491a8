"""A third game gets the AI-research toolkit from its declarations alone: Secret Nim (tests/core/toy.py) declares
its observation pieces, parameters and bound (``NIM_INTEROP``) and nothing else, and gets the action space,
the bounds, the observation encoder, an OpenSpiel game passing OpenSpiel's tests and a PettingZoo
environment passing PettingZoo's, with OpenSpiel's MCTS and IS-MCTS bots playing it."""

from __future__ import annotations

import pickle
import random
import warnings
from typing import Any

import attrs
import pytest

from rules_core.errors import OptionsError, RulesError
from rules_core.interop.observation import ObservationEncoder, Piece
from rules_core.interop.spaces import ActionNotInSpace
from tests.core.toy import NIM_INTEROP, Move, NimConfig, NimGame, NimPack, new_nim, observation

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")
pettingzoo_test = pytest.importorskip("pettingzoo.test")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from rules_core.interop import openspiel as spiel  # noqa: E402
from rules_core.interop.pettingzoo import InteropEnv  # noqa: E402

NIM = "python_secret_nim"
spiel.register(NIM_INTEROP, NIM)


def random_games(players: int, count: int) -> list[NimGame]:
    games = []
    for seed in range(count):
        game, rnd = new_nim(players=players, seed=seed), random.Random(seed)
        while not game.is_over:
            game = game.apply(rnd.choice(game.legal_actions()))
        games.append(game)
    return games


# -- the action space, the bounds, the observation ---------------------------------------------------------


def test_the_action_space_is_every_declared_kind_with_every_argument_in_the_legal_order() -> None:
    space = NIM_INTEROP.action_space(NimConfig(players=3))
    assert list(space) == [Move("play", v) for v in "1234"] + [Move("pass")]
    game = new_nim(players=3, seed=2)
    ids = space.ids(game.legal_actions())
    assert ids == sorted(ids) and [space[i] for i in ids] == list(game.legal_actions())
    with pytest.raises(ActionNotInSpace, match="play 9 is not in the action space"):
        space.index(Move("play", "9"))


def test_the_bounds_hold_in_every_game() -> None:
    bounds = NIM_INTEROP.bounds(NimConfig(players=2))
    assert bounds.max_legal_actions == 5 and bounds.max_decisions == 15  # each decision takes a stone or more
    assert NIM_INTEROP.bounds(NimConfig(players=2, stones=11)).max_decisions == 11
    for game in random_games(2, 20):
        assert len(game) <= 15


def test_the_observation_is_laid_out_from_the_declared_pieces() -> None:
    game = new_nim(players=3, seed=4).apply("play " + new_nim(players=3, seed=4).legal_actions()[0].arg)
    encoder = NIM_INTEROP.encoder(game.config)
    assert isinstance(encoder, ObservationEncoder)  # the core's, made from the declared pieces
    names = [s.name for s in encoder.segments]
    assert names == ["stones", "hand", "played", "hand sizes", "to move", "deck"]
    pieces = encoder.pieces(encoder.encode(game.view(1)))
    assert pieces["stones"] == [float(game.state.stones)]
    assert sum(pieces["hand"]) == len(game.state.hands[1]) and sum(pieces["played"]) == 1
    assert pieces["to move"] == [1.0, 0.0, 0.0]  # seat 1 moves: slot 0 from its own seat
    assert pieces["hand sizes"] == [float(len(game.state.hands[s])) for s in (1, 2, 0)]
    assert encoder.pieces(encoder.encode(game.view(None)))["hand"] == [0.0] * 4  # a spectator holds no hand
    assert list(encoder.encode_array(game.view(1))) == encoder.encode(game.view(1))
    assert encoder.describe(encoder.segments[3].offset + 2) == "hand sizes[2]"


def test_a_piece_that_reads_the_wrong_size_is_named() -> None:
    encoder = ObservationEncoder([Piece("pile", (2,), "two numbers", lambda view: [1.0])])
    with pytest.raises(RulesError, match="'pile' read 1 numbers, not 2"):
        encoder.encode(new_nim().view(0))
    with pytest.raises(RulesError, match="named twice: pile"):
        ObservationEncoder([Piece("pile", (1,), "", lambda v: [0.0]), Piece("pile", (1,), "", lambda v: [0.0])])


def test_a_bad_parameter_is_refused_by_name() -> None:
    with pytest.raises(OptionsError, match="stones and hand must be at least 1"):
        pyspiel.load_game(NIM, {"stones": 0})
    with pytest.raises(OptionsError, match="deals must be 1 or more"):
        pyspiel.load_game(NIM, {"deals": 0})
    with pytest.raises(OptionsError, match="players must be 2 to 4"):
        InteropEnv(NIM_INTEROP, players=5)
    with pytest.raises(OptionsError, match="unknown parameter"):
        InteropEnv(NIM_INTEROP, bogus=1)


def seats_table(name: str, config: NimConfig) -> Piece:
    """A piece of two rows (its shape is kept): each seat's hand size, then a one-hot of the seat to move,
    the viewer's seat first."""

    def read(view: Any) -> list[float]:
        seats = [((view.player or 0) + k) % config.players for k in range(config.players)]
        sizes = [float(len(view.state.hands[seat])) for seat in seats]
        return sizes + [float(seat == view.to_move) for seat in seats]

    return Piece(name, (2, config.players), "hand sizes, then the seat to move, the viewer's first", read)


def tabled_observation(config: NimConfig, pack: NimPack) -> list[Piece]:
    """Nim's observation with the hand sizes and the seat to move as one table."""
    stones, hand, played, _, _, deck = observation(config, pack)
    return [stones, hand, played, seats_table("seats", config), deck]


def recalled(config: NimConfig, pack: NimPack) -> list[Piece]:
    """Information pieces after the observation: the deck's size again, then the seats' table again."""
    deck = observation(config, pack)[-1]
    return [attrs.evolve(deck, name="deck again"), seats_table("seats again", config)]


NIM_TABLES = attrs.evolve(NIM_INTEROP, observation=tabled_observation, information=recalled)
spiel.register(NIM_TABLES, "python_secret_nim_tables")


def test_the_observer_gives_each_declared_piece_by_name_in_its_shape() -> None:
    """The observer's ``dict`` holds each observation piece (and, with perfect recall, each information
    piece after them) under its name, shaped as declared, reading the numbers of the tensor."""
    game = pyspiel.load_game("python_secret_nim_tables", {"players": 3})
    state = game.new_initial_state()
    state.apply_action(0)
    state.apply_action(state.legal_actions()[0])
    encoder = NIM_INTEROP.encoder(state.game.config)
    assert isinstance(encoder, ObservationEncoder)
    plain = encoder.pieces(encoder.encode(state.game.view(1)))
    table = [plain["hand sizes"], plain["to move"]]
    for recall in (False, True):
        observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=recall))
        observer.set_from(state, 1)
        shaped = {name: observer.dict[name].tolist() for name in ("stones", "hand", "played", "deck")}
        assert shaped == {name: plain[name] for name in shaped}
        assert observer.dict["seats"].shape == (2, 3) and observer.dict["seats"].tolist() == table
    assert list(observer.dict) == ["stones", "hand", "played", "seats", "deck", "deck again", "seats again"]
    assert observer.dict["deck again"].tolist() == plain["deck"]
    assert observer.dict["seats again"].shape == (2, 3) and observer.dict["seats again"].tolist() == table
    observer.dict["seats again"][0, 0] = 9.0  # a view of the tensor, not a copy
    assert observer.tensor.tolist()[-6] == 9.0


# -- OpenSpiel ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_openspiel_random_simulation_test_passes(players: int) -> None:
    game = pyspiel.load_game(NIM, {"players": players, "deals": 7, "stones": 12})
    pyspiel.random_sim_test(game, num_sims=10, serialize=True, verbose=False)


def test_serialize_and_pickle_round_trip_and_the_search_bots_play() -> None:
    game = pyspiel.load_game(NIM, {"players": 2, "deals": 5})
    state = game.new_initial_state()
    state.apply_action(3)
    assert state.game == new_nim(players=2, seed=3)  # deal i: seed + i
    rnd = np.random.RandomState(2)
    rollouts = mcts.RandomRolloutEvaluator(n_rollouts=2, random_state=rnd)
    bots = [
        mcts.MCTSBot(game, uct_c=1.0, max_simulations=20, evaluator=rollouts, random_state=rnd),
        ismcts.ISMCTSBot(game, rollouts, uct_c=1.0, max_simulations=20, random_state=rnd),
    ]
    while not state.is_terminal():
        again = pickle.loads(pickle.dumps(state))
        assert again.history() == state.history() and str(again) == str(state)
        assert again.information_state_string(0) == state.information_state_string(0)
        _, loaded = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
        assert loaded.game == state.game
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert sorted(state.returns()) == [0.0, 1.0]


# -- PettingZoo --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4])
def test_pettingzoo_api_and_seed_tests_pass(players: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # PettingZoo's notes on dict observations, as for its own games
        pettingzoo_test.api_test(InteropEnv(NIM_INTEROP, players=players), num_cycles=1_000)
        pettingzoo_test.seed_test(lambda: InteropEnv(NIM_INTEROP, players=players, stones=20), num_cycles=1_000)


def test_the_openspiel_game_offers_information_state_strings() -> None:
    game = pyspiel.load_game(NIM, {"players": 2})
    assert game.get_type().provides_information_state_string
    state = game.new_initial_state()
    state.apply_action(0)
    assert state.information_state_string(0)


def test_pettingzoo_ansi_rendering_gives_the_view_of_the_agent_to_move_in_words() -> None:
    env = InteropEnv(NIM_INTEROP, players=2, render_mode="ansi")
    env.reset(seed=0)
    assert env.render_mode == "ansi"
    text = env.render()
    assert isinstance(text, str) and text
