"""What a game declares for the AI-research frameworks (rules_core.interop.declaration.Interop): each test
builds its own declaration from Secret Nim's (tests/core/toy.py), so what it derives is made in the test."""

from __future__ import annotations

from collections.abc import Mapping
from types import SimpleNamespace
from typing import Any

import attrs
import pytest

from rules_core.errors import OptionsError
from rules_core.interop.declaration import DEFAULT_HORIZON, Interop, Parameter, view_in_words, win_shares
from rules_core.interop.observation import ObservationEncoder, Piece
from rules_core.interop.spaces import ActionSpace, Bounds
from tests.core.toy import NIM_INTEROP, Move, NimConfig, NimGame, NimPack, new_nim

ODD_PACK = NimPack(cards=(5, 1, 5, 1), name="odd")  # another data pack: two values, 1 and 5


def fresh(**changes: Any) -> Interop:
    """Secret Nim's declaration, new (nothing derived from it yet), with ``changes``."""
    return attrs.evolve(NIM_INTEROP, **changes)


class Calls(list[tuple[Any, Any]]):
    """The (config, catalog) of each call of a declared function, which returns ``answer(config, catalog)``."""

    def declared(self, answer: Any) -> Any:
        def function(config: Any, catalog: Any) -> Any:
            self.append((config, catalog))
            return answer(config, catalog)

        return function


def test_a_declaration_gives_its_pieces_or_an_encoder_of_its_own_never_both_nor_neither() -> None:
    encoder = ObservationEncoder([])
    message = r"^secret-nim: declare the observation's pieces or an encoder of its own \(one of them\)$"
    with pytest.raises(OptionsError, match=message):
        fresh(own_encoder=lambda config, catalog: encoder)
    with pytest.raises(OptionsError, match=message):
        fresh(observation=None)
    assert fresh(observation=None, own_encoder=lambda config, catalog: encoder).own_encoder is not None
    assert fresh().name == "secret-nim"


def test_the_action_space_is_the_rule_table_s_under_the_configuration_and_data_pack() -> None:
    interop = fresh()
    assert list(interop.action_space(NimConfig(players=3))) == [Move("play", v) for v in "1234"] + [Move("pass")]
    assert list(interop.action_space(NimConfig(players=3), ODD_PACK)) == [
        Move("play", "1"),
        Move("play", "5"),
        Move("pass"),
    ]
    assert len(interop.action_space(NimConfig(players=3))) == 5  # each data pack its own space


def test_a_game_s_own_space_is_asked_with_the_configuration_seed_aside_and_the_data_pack() -> None:
    calls = Calls()
    own = ActionSpace(["x", "y"])
    interop = fresh(own_space=calls.declared(lambda config, catalog: own))
    assert interop.action_space(NimConfig(players=3, seed=7), ODD_PACK) is own
    assert calls == [(NimConfig(players=3, seed=0), ODD_PACK)]


def test_what_a_declaration_derives_is_made_once_per_configuration_seed_aside_and_data_pack() -> None:
    calls = Calls()
    interop = fresh(own_space=calls.declared(lambda config, catalog: ActionSpace([config.players])))
    first = interop.action_space(NimConfig(players=2, seed=1))
    assert interop.action_space(NimConfig(players=2, seed=9)) is first
    assert interop.action_space(NimConfig(players=2, seed=1)) is first
    assert list(interop.action_space(NimConfig(players=3))) == [3]
    odd = interop.action_space(NimConfig(players=2), ODD_PACK)
    assert odd is not first and interop.action_space(NimConfig(players=2), ODD_PACK) is odd
    assert interop.action_space(NimConfig(players=2)) is first
    assert [config.players for config, _ in calls] == [2, 3, 2]


def test_a_data_pack_equal_to_another_but_not_it_makes_its_own() -> None:
    calls = Calls()
    interop = fresh(own_space=calls.declared(lambda config, catalog: ActionSpace([catalog.name])))
    one, twin = NimPack(cards=(1, 2), name="twin"), NimPack(cards=(1, 2), name="twin")
    assert list(interop.action_space(NimConfig(), one)) == ["twin"]
    interop.action_space(NimConfig(), twin)
    interop.action_space(NimConfig(), one)
    assert [catalog for _, catalog in calls] == [one, twin] and calls[1][1] is twin


def test_the_encoder_is_made_from_the_declared_pieces_of_the_configuration_and_data_pack() -> None:
    calls = Calls()
    pieces = calls.declared(lambda config, catalog: [Piece("seats", (config.players,), "", lambda view: [])])
    interop = fresh(observation=pieces)
    encoder = interop.encoder(NimConfig(players=3, seed=5), ODD_PACK)
    assert isinstance(encoder, ObservationEncoder) and [(s.name, s.size) for s in encoder.segments] == [("seats", 3)]
    assert interop.encoder(NimConfig(players=3), ODD_PACK) is encoder
    assert calls == [(NimConfig(players=3), ODD_PACK)]


def test_an_encoder_of_the_game_s_own_is_asked_with_the_configuration_and_data_pack() -> None:
    calls = Calls()
    own = ObservationEncoder([])
    interop = fresh(observation=None, own_encoder=calls.declared(lambda config, catalog: own))
    assert interop.encoder(NimConfig(players=4, seed=2), ODD_PACK) is own
    assert calls == [(NimConfig(players=4), ODD_PACK)]


def test_the_information_encoder_is_made_from_the_declared_information_pieces() -> None:
    assert fresh().information_encoder(NimConfig()) is None  # none declared
    calls = Calls()
    pieces = calls.declared(lambda config, catalog: [Piece("seen", (config.players, 2), "", lambda view: [])])
    interop = fresh(information=pieces)
    encoder = interop.information_encoder(NimConfig(players=3, seed=4), ODD_PACK)
    assert isinstance(encoder, ObservationEncoder) and encoder.size == 6 and encoder.segments[0].name == "seen"
    assert interop.information_encoder(NimConfig(players=3), ODD_PACK) is encoder
    assert interop.encoder(NimConfig(players=3), ODD_PACK) is not encoder  # the observation's, apart
    assert calls == [(NimConfig(players=3), ODD_PACK)]


class CountingRules:
    """A rule table's bound on legal actions that records what it was asked."""

    def __init__(self) -> None:
        self.asked: list[tuple[Any, Any]] = []

    def max_legal_actions(self, config: Any, catalog: Any) -> int:
        self.asked.append((config, catalog))
        return int(10 * config.players + len(catalog.cards))


def test_the_bounds_are_the_rule_table_s_and_the_declared_most_decisions() -> None:
    rules, decisions = CountingRules(), Calls()

    class Counted(NimGame):
        __slots__ = ()

        @classmethod
        def context(cls, config: Any, catalog: Any = None) -> Any:
            return SimpleNamespace(config=config, catalog=catalog, rules=rules)

    interop = fresh(session=Counted, max_decisions=decisions.declared(lambda config, catalog: config.stones + 1))
    assert interop.bounds(NimConfig(players=3, seed=6, stones=4), ODD_PACK) == Bounds(34, 5)
    assert interop.bounds(NimConfig(players=3, stones=4), ODD_PACK) == Bounds(34, 5)
    assert rules.asked == decisions == [(NimConfig(players=3, stones=4), ODD_PACK)]


def test_secret_nim_s_bounds_follow_its_pile_and_its_pack() -> None:
    interop = fresh()
    assert interop.bounds(NimConfig(players=2)) == Bounds(5, 15)
    assert interop.bounds(NimConfig(players=2, stones=7), ODD_PACK) == Bounds(3, 7)
    assert fresh(max_decisions=lambda config, catalog: None).bounds(NimConfig()) == Bounds(5, None)


def test_the_horizon_is_the_bound_or_the_asked_number_below_it() -> None:
    bounded = fresh()  # Secret Nim: at most as many decisions as stones
    config = NimConfig(stones=12)
    assert bounded.horizon(config) == 12 and bounded.horizon(config, 0) == 12
    assert bounded.horizon(config, 5) == 5 and bounded.horizon(config, 12) == 12 and bounded.horizon(config, 40) == 12


def test_without_a_bound_the_horizon_is_the_asked_number_or_the_default() -> None:
    unbounded = fresh(max_decisions=lambda config, catalog: None)
    assert unbounded.horizon(NimConfig()) == DEFAULT_HORIZON and unbounded.horizon(NimConfig(), 0) == DEFAULT_HORIZON
    assert unbounded.horizon(NimConfig(), 1) == 1 and unbounded.horizon(NimConfig(), 9000) == 9000


def test_the_configuration_is_made_from_players_seed_and_parameters_with_their_defaults() -> None:
    given: list[tuple[int, int, Mapping[str, Parameter]]] = []

    def configure(players: int, seed: int, parameters: Mapping[str, Parameter]) -> NimConfig:
        given.append((players, seed, dict(parameters)))
        return NimConfig(players=players, seed=seed, stones=int(parameters["stones"]), hand=int(parameters["hand"]))

    interop = fresh(configure=configure)
    assert interop.config_of(3, 8, {"stones": 9}) == NimConfig(players=3, seed=8, stones=9, hand=2)
    assert given == [(3, 8, {"stones": 9, "hand": 2})]
    assert interop.config_of(4, 0, {}) == NimConfig(players=4)


def test_an_unknown_parameter_or_a_bad_player_count_is_refused_naming_it() -> None:
    interop = fresh()
    with pytest.raises(OptionsError, match=r"^unknown parameter\(s\) of secret-nim: bogus, other$"):
        interop.config_of(2, 0, {"other": 1, "stones": 3, "bogus": 2})
    for players in (1, 5):
        with pytest.raises(OptionsError, match=rf"^players must be 2 to 4, got {players}$"):
            interop.config_of(players, 0, {})
    assert interop.config_of(2, 0, {}).players == 2 and interop.config_of(4, 0, {}).players == 4


def game_won_by(winners: tuple[int, ...], players: int) -> Any:
    return SimpleNamespace(winners=winners, config=SimpleNamespace(players=players))


def test_the_winners_share_a_reward_of_one_and_the_others_get_nothing() -> None:
    assert win_shares(game_won_by((1,), 3)) == [0.0, 1.0, 0.0]
    assert win_shares(game_won_by((0, 2), 3)) == [0.5, 0.0, 0.5]
    assert win_shares(game_won_by((), 2)) == [0.0, 0.0]


def test_an_automatic_seat_that_wins_takes_no_share_of_the_players_rewards() -> None:
    assert win_shares(game_won_by((2,), 2)) == [0.0, 0.0]  # seat 2: the rules' opponent of a 2-player game
    assert win_shares(game_won_by((0, 2), 2)) == [1.0, 0.0]


def test_a_finished_game_s_rewards_are_its_winners_shares() -> None:
    game = new_nim(players=2, seed=1)
    while not game.is_over:
        game = game.apply(game.legal_actions()[0])
    shares = win_shares(game)
    assert (
        len(shares) == 2
        and sum(shares) == 1.0
        and [shares[s] for s in game.winners] == [1.0 / len(game.winners)] * len(game.winners)
    )


def test_a_view_in_words_is_its_state_s_record() -> None:
    view = new_nim(players=2, seed=3).view(0)
    assert view_in_words(view) == repr(view.state) and view_in_words(SimpleNamespace(state=(1, "a"))) == "(1, 'a')"
