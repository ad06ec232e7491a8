"""Any game on the core as an OpenSpiel game (rules_core.interop.openspiel), on Secret Nim (tests/core/toy.py).

Each test registers a new declaration under a name never used before (mutation testing runs a test again in
a process where it already ran), so that the registration, the setup and the game are made in the test."""

from __future__ import annotations

import itertools
import pickle
from typing import Any

import attrs
import pytest

from rules_core.errors import OptionsError
from rules_core.interop.declaration import Interop
from rules_core.interop.observation import ObservationEncoder, Piece
from tests.core.toy import NIM_INTEROP, NimConfig, NimPack, new_nim, observation

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from rules_core.interop import openspiel as spiel  # noqa: E402

_NUMBERS = itertools.count()


def fresh(**changes: Any) -> Interop:
    """Secret Nim's declaration, new, with ``changes``."""
    return attrs.evolve(NIM_INTEROP, **changes)


def registered(interop: Interop | None = None, **options: Any) -> str:
    """A new registration of ``interop`` (by default a new copy of Secret Nim's): its short name."""
    name = f"python_nim_test_{next(_NUMBERS)}"
    spiel.register(interop or fresh(), name, **options)
    return name


def seen_pieces(config: NimConfig, pack: NimPack) -> list[Piece]:
    """Information pieces: the deck's size again."""
    return [attrs.evolve(observation(config, pack)[-1], name="deck again")]


def dealt(name: str, deal: int = 1, **params: Any) -> Any:
    """A state of the game ``name`` just after deal ``deal``."""
    state = pyspiel.load_game(name, params).new_initial_state()
    state.apply_action(deal)
    return state


# -- registration ----------------------------------------------------------------------------------------


def test_a_registration_names_its_game_class_after_the_short_name() -> None:
    assert spiel._class_name("python_secret_nim") == "PythonSecretNimGame"
    assert spiel._class_name("python_nim") == "PythonNimGame"
    interop, number = fresh(), next(_NUMBERS)
    name = f"python_nim_named_{number}"
    made = spiel.register(interop, name)
    assert made.__name__ == f"PythonNimNamed{number}Game" and made.__module__ == "rules_core.interop.openspiel"
    assert vars(spiel)[f"PythonNimNamed{number}Game"] is made and issubclass(made, spiel.InteropGame)
    assert made.short_name == name and made.state_class is spiel.InteropState
    assert made.game_type.short_name == name
    assert spiel.register(interop, name) is made  # the same declaration again: the same class


def test_a_name_taken_by_another_declaration_is_refused() -> None:
    name = registered()
    with pytest.raises(OptionsError, match=rf"^an OpenSpiel game named '{name}' is already registered$"):
        spiel.register(fresh(), name)


def test_the_registered_game_type_is_sequential_with_explicit_chance_and_terminal_rewards() -> None:
    game = pyspiel.load_game(registered())
    kind = game.get_type()
    assert kind.long_name == "secret-nim (rules_core)"
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert (kind.min_num_players, kind.max_num_players) == (2, 4)
    assert kind.provides_information_state_string and not kind.provides_information_state_tensor
    assert kind.provides_observation_string and kind.provides_observation_tensor
    assert not kind.provides_factored_observation_string
    assert kind.parameter_specification == {
        "players": 2,
        "seed": 0,
        "deals": 1000,
        "horizon": 0,
        "stones": 15,
        "hand": 2,
    }


def test_a_registration_may_name_its_game_and_its_state_class() -> None:
    class Traced(spiel.InteropState):
        pass

    name = registered(fresh(information=seen_pieces), long_name="Nim for the tests", state_class=Traced)
    game = pyspiel.load_game(name)
    assert game.get_type().long_name == "Nim for the tests"
    assert game.get_type().provides_information_state_tensor  # information pieces declared
    assert type(game.new_initial_state()) is Traced


def test_a_registered_game_and_its_states_pickle_and_serialize() -> None:
    name = registered()
    game = pyspiel.load_game(name, {"deals": 4})
    state = dealt(name, 2, deals=4)
    state.apply_action(state.legal_actions()[0])
    again = pickle.loads(pickle.dumps(state))
    assert again.history() == state.history() and again.game == state.game
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    _, loaded = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert loaded.game == state.game


# -- parameters and setup --------------------------------------------------------------------------------


def test_the_setup_of_no_parameters_is_the_defaults() -> None:
    interop = fresh()
    name = registered(interop)
    setup = spiel.setup_of(name, {})
    assert setup.short_name == name and setup.interop is interop
    assert setup.params == (("deals", 1000), ("hand", 2), ("horizon", 0), ("players", 2), ("seed", 0), ("stones", 15))
    assert setup.config == NimConfig(players=2, seed=0, stones=15, hand=2)
    assert setup.deals == 1000 and setup.horizon == 15  # Secret Nim's bound: its stones
    assert setup.space is interop.action_space(setup.config) and setup.encoder is interop.encoder(setup.config)
    assert setup.information is None
    assert spiel.setup_of(name, {"deals": 1000}) is setup  # made once per set of parameters


def test_the_parameters_make_the_configuration_the_deals_and_the_horizon() -> None:
    interop = fresh(information=seen_pieces)
    name = registered(interop)
    setup = spiel.setup_of(name, {"players": 3, "seed": 7, "stones": 9, "deals": 1, "horizon": 4})
    assert setup.config == NimConfig(players=3, seed=7, stones=9, hand=2)
    assert setup.deals == 1 and setup.horizon == 4
    assert setup.information is interop.information_encoder(setup.config) and setup.information is not None
    assert ("seed", 7) in setup.params and ("stones", 9) in setup.params
    assert spiel.setup_of(name, {"horizon": 1}).horizon == 1
    assert spiel.setup_of(name, {"horizon": 40}).horizon == 15  # never past the game's own bound


def test_bad_deals_or_horizon_are_refused_naming_the_value() -> None:
    name = registered()
    with pytest.raises(OptionsError, match=r"^deals must be 1 or more, got 0$"):
        spiel.setup_of(name, {"deals": 0})
    with pytest.raises(OptionsError, match=r"^horizon must be 0 \(the game's own bound\) or more, got -1$"):
        spiel.setup_of(name, {"horizon": -1})
    with pytest.raises(OptionsError, match=r"^players must be 2 to 4, got 5$"):
        spiel.setup_of(name, {"players": 5})


def test_the_game_s_numbers_are_the_setup_s() -> None:
    name = registered()
    game = pyspiel.load_game(name, {"players": 3, "deals": 6, "stones": 9})
    assert game.setup is spiel.setup_of(name, {"players": 3, "deals": 6, "stones": 9})
    assert game.num_distinct_actions() == 5 and game.max_chance_outcomes() == 6 and game.num_players() == 3
    assert (game.min_utility(), game.max_utility()) == (0.0, 1.0) and game.max_game_length() == 9
    rewarded = pyspiel.load_game(registered(fresh(min_reward=-1.0, max_reward=2.0)))
    assert (rewarded.min_utility(), rewarded.max_utility()) == (-1.0, 2.0)


# -- states ----------------------------------------------------------------------------------------------


def test_the_first_state_is_the_chance_node_of_the_deals() -> None:
    state = pyspiel.load_game(registered(), {"deals": 3}).new_initial_state()
    assert state.current_player() == spiel.CHANCE and state.is_chance_node() and not state.is_terminal()
    assert state.chance_outcomes() == [(0, 1 / 3), (1, 1 / 3), (2, 1 / 3)]
    assert state.legal_actions() == [0, 1, 2] and state.legal_actions(spiel.CHANCE) == [0, 1, 2]
    assert state.returns() == [0.0, 0.0] and state.cut_short is False
    assert str(state) == "before the deal" and state.information_state_string(0) == "before the deal"
    assert state.observation_tensor(0) == [0.0] * state.setup.encoder.size


def test_a_state_made_from_its_game_alone_finds_the_game_s_setup() -> None:
    game = pyspiel.load_game(registered(), {"deals": 2})
    state = spiel.InteropState(game)
    assert state.setup is game.setup and state.current_player() == spiel.CHANCE


def test_deal_i_is_the_game_of_seed_plus_i() -> None:
    state = dealt(registered(), 3, seed=10)
    assert state.game == new_nim(players=2, seed=13)
    assert state.current_player() == 0 and state.action_to_string(spiel.CHANCE, 3) == "deal 3"
    assert str(state) == f"{state.game!r} after 0 decisions"


def test_only_the_player_to_decide_has_legal_actions() -> None:
    state = dealt(registered())
    legal = state.setup.space.ids(state.game.legal_actions())
    assert state.legal_actions() == legal and state.legal_actions(0) == legal and legal
    assert state.legal_actions(1) == [] and state._legal_actions(1) == []
    assert [state.action_to_string(0, a) for a in legal] == [str(a) for a in state.game.legal_actions()]


def test_a_game_played_out_pays_its_declared_rewards() -> None:
    name = registered(fresh(rewards=lambda game: [float(s in game.winners) * 2 - 1 for s in range(2)]))
    state = dealt(name)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert state.game.is_over and not state.cut_short and state.legal_actions() == []
    assert state.returns() == [1.0 if s in state.game.winners else -1.0 for s in range(2)]
    assert state.current_player() == spiel.TERMINAL


def test_a_game_at_the_horizon_is_cut_short_and_pays_nothing() -> None:
    state = dealt(registered(), horizon=2)
    state.apply_action(state.legal_actions()[0])
    assert not state.is_terminal()
    state.apply_action(state.legal_actions()[0])
    assert len(state.game) == 2 and not state.game.is_over
    assert state.is_terminal() and state.cut_short is True and state.returns() == [0.0, 0.0]


def test_the_observation_tensor_is_the_player_s_view_encoded() -> None:
    state = dealt(registered(), 2, players=3)
    encoder = state.setup.encoder
    assert state.observation_tensor() == encoder.encode(state.game.view(0))  # the player to decide's
    assert state.observation_tensor(1) == encoder.encode(state.game.view(1)) != state.observation_tensor(0)
    assert state.observation_tensor(2) == encoder.encode(state.game.view(2))
    for seat in (3, -1):
        with pytest.raises(OptionsError, match=rf"^no player {seat} in a 3-player game$"):
            state.observation_tensor(seat)


def test_the_chance_node_has_no_player_to_observe() -> None:
    state = pyspiel.load_game(registered()).new_initial_state()
    with pytest.raises(OptionsError, match=r"^no player -1 in a 2-player game$"):
        state.observation_tensor()


def test_the_information_state_string_is_what_the_player_saw_since_the_deal() -> None:
    state = dealt(registered(), 1)  # the game of seed 1: seat 0 holds a 2 and a 3, seat 1 a 3 and a 4
    mine = state.information_state_string(0)
    assert mine.split("\n")[:2] == ["p0", "setup"] and mine.endswith("\nTurnBegan(player=0)\nlegal: 1 2")
    assert state.legal_actions() == [1, 2]
    other = state.information_state_string(1)
    assert other.split("\n")[:2] == ["p1", "setup"] and "legal" not in other
    assert "hands=((2, 3), (0, 0))" in mine and "hands=((0, 0), (3, 4))" in other  # each sees its own hand
    state.apply_action(1)
    after = state.information_state_string(0)
    assert after.startswith(mine.removesuffix("\nlegal: 1 2") + "\n0: play 2\nCardPlayed(player=0, card=2)\n")
    assert "CardDrawn(player=0, card=4)" in after and "CardDrawn(player=0, card=0)" in state.information_state_string(1)


def test_each_viewer_s_strings_are_its_own_whatever_was_asked_before() -> None:
    name = registered()
    state, fresh_state = dealt(name, 0), dealt(name, 0)
    public = game_observer(state, recall=True, public=True).string_from(state, 0)
    assert public.split("\n")[:2] == ["public", "setup"] and "hands=((0, 0), (0, 0))" in public
    assert state.information_state_string(0) == fresh_state.information_state_string(0)  # public asked first
    state.apply_action(1)
    fresh_state.apply_action(1)
    assert state.information_state_string(1) == fresh_state.information_state_string(1)
    assert state.information_state_string(1).startswith("p1\n")


def test_a_state_s_views_are_each_viewer_s_own() -> None:
    state = dealt(registered())
    assert state.view(None).player is None and state.view(0).player == 0 and state.view(1).player == 1
    assert state.view(0) is state.view(0)


def game_observer(state: Any, recall: bool, public: bool = False) -> Any:
    private = pyspiel.PrivateInfoType.NONE if public else pyspiel.PrivateInfoType.SINGLE_PLAYER
    kind = pyspiel.IIGObservationType(perfect_recall=recall, private_info=private)
    return state.get_game().make_py_observer(kind)


# -- observers -------------------------------------------------------------------------------------------


def test_the_observer_s_tensor_is_the_player_s_view_encoded_as_float32() -> None:
    state = dealt(registered(), 2)
    observer = game_observer(state, recall=False)
    assert observer.tensor.dtype == np.float32 and observer.tensor.shape == (state.setup.encoder.size,)
    observer.set_from(state, 1)
    assert observer.tensor.tolist() == state.setup.encoder.encode(state.game.view(1))
    before = pyspiel.load_game(state.get_game().get_type().short_name).new_initial_state()
    observer.set_from(before, 1)
    assert observer.tensor.tolist() == [0.0] * state.setup.encoder.size  # before the deal: zeros


def test_the_public_observer_sees_the_spectator_s_view() -> None:
    state = dealt(registered(), 2)
    observer = game_observer(state, recall=False, public=True)
    observer.set_from(state, 0)
    assert observer.tensor.tolist() == state.setup.encoder.encode(state.game.view(None))
    assert observer.tensor.tolist() != state.setup.encoder.encode(state.game.view(0))
    assert observer.string_from(state, 0) == repr(state.game.view(None).state)


def test_the_observation_string_is_the_view_in_words() -> None:
    state = dealt(registered(fresh(describe=lambda view: f"seat {view.player}")), 2)
    observer = game_observer(state, recall=False)
    assert observer.string_from(state, 1) == "seat 1" and observer.string_from(state, 0) == "seat 0"
    assert state.observation_string(1) == "seat 1"
    first = pyspiel.load_game(state.get_game().get_type().short_name).new_initial_state()
    assert observer.string_from(first, 0) == "before the deal"


def test_the_default_observer_has_no_perfect_recall() -> None:
    state = dealt(registered(fresh(information=seen_pieces)), 2)
    observer = state.get_game().make_py_observer()
    assert observer.tensor.shape == (state.setup.encoder.size,)  # no information pieces without recall
    assert observer.string_from(state, 0) == repr(state.game.view(0).state)
    with pytest.raises(ValueError, match=r"^observation parameters are not supported, got \{'x': 1\}$"):
        state.get_game().make_py_observer(None, {"x": 1})


def test_with_perfect_recall_the_observer_adds_the_information_pieces() -> None:
    state = dealt(registered(fresh(information=seen_pieces)), 2)
    observer = game_observer(state, recall=True)
    size = state.setup.encoder.size
    assert observer.tensor.shape == (size + 1,) and list(observer.dict)[-1] == "deck again"
    observer.set_from(state, 0)
    assert observer.tensor.tolist()[size:] == [float(len(state.game.state.deck))]
    assert observer.string_from(state, 0) == state.information_state_string(0)
    plain = game_observer(dealt(registered(), 2), recall=True)
    assert plain.tensor.shape == (size,)  # nothing to add without information pieces


def seats_table(name: str, config: NimConfig) -> Piece:
    """Two rows: each hand's size and whether each seat is to move, from the viewer's seat on."""

    def read(view: Any) -> list[float]:
        seats = [((view.player or 0) + k) % config.players for k in range(config.players)]
        return [float(len(view.state.hands[s])) for s in seats] + [float(s == view.to_move) for s in seats]

    return Piece(name, (2, config.players), "hand sizes, then the seat to move", read)


def hand_again(config: NimConfig, pack: NimPack) -> list[Piece]:
    """Information pieces: a table, then the viewer's hand again (a spectator's: empty)."""
    return [seats_table("table again", config), attrs.evolve(observation(config, pack)[1], name="hand again")]


def tabled(config: NimConfig, pack: NimPack) -> list[Piece]:
    """The observation with a table of two rows after the pile."""
    return [observation(config, pack)[0], seats_table("table", config), *observation(config, pack)[1:]]


def test_the_observer_s_dict_holds_each_piece_shaped_as_declared() -> None:
    state = dealt(registered(fresh(observation=tabled, information=hand_again)), 2, players=3)
    observer = game_observer(state, recall=True)
    observer.set_from(state, 1)
    encoder, information = state.setup.encoder, state.setup.information
    assert isinstance(encoder, ObservationEncoder) and information is not None
    plain = encoder.pieces(encoder.encode(state.game.view(1)))
    extra = information.pieces(information.encode(state.game.view(1)))
    assert observer.dict["table"].shape == (2, 3) and observer.dict["table again"].shape == (2, 3)
    assert observer.dict["table"].flatten().tolist() == plain["table"] == extra["table again"]
    assert observer.dict["hand again"].tolist() == extra["hand again"] == plain["hand"] and sum(plain["hand"]) > 0
    assert observer.dict["deck"].tolist() == plain["deck"]


def test_the_legal_actions_mask_is_the_player_to_decide_s() -> None:
    state = dealt(registered())
    legal = state.legal_actions()
    assert [i for i, bit in enumerate(state.legal_actions_mask(0)) if bit] == legal
    assert state.legal_actions_mask(1) == [0] * 5
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert state.legal_actions_mask(0) == [0] * 5


# -- sampling --------------------------------------------------------------------------------------------


def test_a_resampled_state_is_one_the_player_cannot_tell_apart() -> None:
    state = dealt(registered(), 2, players=3)
    state.apply_action(state.legal_actions()[0])
    player = state.current_player()
    samples = [state.resample_from_infostate(player, lambda p=p: p) for p in (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7)]
    for sample in samples:
        assert type(sample) is type(state) and sample.setup is state.setup
        assert sample.information_state_string(player) == state.information_state_string(player)
        assert sample.current_player() == player and sample.legal_actions() == state.legal_actions()
    assert len({repr(s.game.state) for s in samples}) > 1  # the sampler's draw picks the deal
    again = state.resample_from_infostate(player, lambda: 0.3)
    assert again.game == samples[2].game  # the same draw, the same deal


def test_resampling_before_the_deal_gives_the_chance_node() -> None:
    state = pyspiel.load_game(registered(), {"deals": 2}).new_initial_state()
    sample = state.resample_from_infostate(0, lambda: 0.5)
    assert type(sample) is spiel.InteropState and sample.setup is state.setup
    assert sample.current_player() == spiel.CHANCE and str(sample) == "before the deal"
