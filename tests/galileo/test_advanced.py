"""Advanced mode: the astronomers' abilities (GK1-GK9)."""

from __future__ import annotations

import pytest

from galileo_rules import new_game
from galileo_rules.components.records import Effect
from galileo_rules.model.frames import ObserveFrame, PageFrame, SwapFrame
from galileo_rules.model.state import Overlay, TileSlot
from galileo_rules.rules.queries import library_reward, subject_count
from galileo_rules.testing import Position, play

from .test_turn import acting, names


def test_GK1_abilities_only_in_advanced_mode_and_always_in_solo() -> None:
    """GK1: Galileo's third constellation needs Advanced mode; the solo game always plays abilities."""
    base = acting(Position(2)).turn(0, ObserveFrame(player=0, constellations=2), stage="actions").dice(0, "R5")
    assert "target" not in " ".join(names(base.game()))
    advanced = (
        acting(Position(2, advanced=True))
        .dice(0, "R5")
        .turn(0, ObserveFrame(player=0, constellations=2), stage="actions")
    )
    assert any(a.kind == "target" for a in advanced.game().legal_actions())
    assert new_game(1, seed=0).config.abilities


def test_GK2_a_personal_page_takes_a_comet_instead_of_a_board_page() -> None:
    """GK2 with GK3's page: Galileo's own page gives 2 Quadrants."""
    pos = acting(Position(2, advanced=True)).comets(0, waiting=1)
    game = play(pos.game(), "end")
    assert isinstance(game.state.top, PageFrame) and "page o0" in names(game)
    game = play(game, "page o0")
    assert game.state.players[0].quadrants == 2 and game.state.players[0].own_pages == (True,)
    assert game.state.pages == (None, None, None, None)


def test_GK3_galileo_a_major_and_a_constellation_or_three_constellations() -> None:
    """GK3."""
    pos = acting(Position(2, advanced=True)).dice(0, "R3 Y3 B4").display(0, "D01")
    game = play(pos.game(), "fixed observe", "target 0", "pay R3+Y3")
    assert all("." in a.arg for a in game.legal_actions() if a.kind == "target")  # no second Major Object
    assert isinstance(game.state.top, ObserveFrame) and game.state.top.majors == 1
    pos = acting(Position(2, advanced=True)).dice(0, "R3 Y3 B4").display(0, "D01").display(1, "D03")
    game = play(pos.game(), "fixed observe", "target 0", "pay R3+Y3")
    assert any(a.arg.startswith("1.") for a in game.legal_actions() if a.kind == "target")


def test_GK3_galileo_adds_one_constellation_to_a_major_object_not_two() -> None:
    """GK3: a Major Object and one constellation end Galileo's Observe, though a third object is payable."""
    pos = acting(Position(2, advanced=True)).dice(0, "R3 Y3 B4 B4").display(0, "D01").display(1, "D03")
    game = play(pos.game(), "fixed observe", "target 0", "pay R3+Y3", "target 1.1", "pay B4", "lecture 0")
    assert not isinstance(game.state.top, ObserveFrame)
    assert game.state.players[0].dice == (("B", 4),) and not any(a.kind == "target" for a in game.legal_actions())


def test_GK3_galileo_observes_three_constellations_not_four() -> None:
    """GK3: three constellations end Galileo's Observe, though Cassiopeia (yellow 4) is still payable."""
    pos = acting(Position(2, advanced=True)).dice(0, "R3 R3 R3 Y4")
    for slot, card in enumerate(("D03", "D05", "D07", "D02")):  # three red constellations of 3, a yellow of 4
        pos.display(slot, card)
    moves = ("fixed observe", "target 0.0", "pay R3", "lecture 0", "target 1.0", "pay R4", "target 2.0", "pay R4")
    game = play(pos.game(), *moves)
    assert not isinstance(game.state.top, ObserveFrame)
    assert game.state.players[0].constellations == 7 - 3 and game.state.players[0].dice == (("Y", 4),)


def test_GK4_kepler_special_tile_on_the_last_slot_swaps() -> None:
    """GK4: the special tile on slot 5, a basic tile chosen for the Character Board; swap two or with it."""
    game = new_game(2, seed=0, advanced=True, first_player=0)
    game = play(game, "astronomer kepler", "astronomer galileo", "bench T3")
    kepler = game.state.players[0]
    assert kepler.tiles[5].tile == "K" and kepler.bench.tile == "T3" and len(kepler.tiles) == 6
    pos = acting(Position(2, advanced=True, astronomers=("kepler", "galileo")), space=5)
    pos = pos.tiles(0, "T1", "T2", "T3", "T4", "T5", "K").turn(0, stage="actions")
    game = play(pos.game(), "moving 2")
    assert names(game) == ["swap 0-6", "swap 1-6", "swap 2-6", "swap 3-6", "swap 4-6"]
    bench = game.state.players[0].bench.tile
    game = play(game, "swap crossed1-bench")  # slot names read as the numbers: swap 0-6
    assert game.state.players[0].tiles[0].tile == bench and game.state.players[0].bench.tile == "T1"
    assert str(game.actions[-1]) == "swap 0-6"


def test_GK4_GS12_kepler_choosing_his_tile_order_places_five_tiles_his_own_last() -> None:
    """GK4 with the GS12 variant: Kepler first puts a basic tile on his Character Board, then places his five
    other basic tiles (never the one on the board) and his special tile takes the last slot; Galileo places
    all six of his in the order chosen."""
    game = new_game(2, seed=0, advanced=True, first_player=0, options={"tile_order": "choose"})
    game = play(game, "astronomer kepler", "astronomer galileo", "bench T3")
    assert game.state.players[0].tiles == () and names(game) == [f"place T{k}" for k in (1, 2, 4, 5, 6)]
    game = play(game, "place T6", "place T5")
    assert names(game) == ["place T1", "place T2", "place T4"]
    game = play(game, "place T1", "place T2", "place T4")
    kepler = game.state.players[0]
    assert [t.tile for t in kepler.tiles] == ["T6", "T5", "T1", "T2", "T4", "K"]
    assert kepler.bench == TileSlot("T3") and game.to_move == 1
    game = play(game, "place T6", "place T5", "place T4", "place T3", "place T2", "place T1")
    galileo = game.state.players[1]
    assert [t.tile for t in galileo.tiles] == ["T6", "T5", "T4", "T3", "T2", "T1"] and galileo.bench is None
    assert game.state.phase == "play"


@pytest.mark.parametrize(
    ("mode", "prompt"),
    [
        (1, "Kepler: swap two Action tiles of your board"),
        (2, "Kepler: swap an Action tile with your Character Board tile"),
    ],
)
def test_GK4_keplers_swap_says_which_tiles_it_swaps(mode: int, prompt: str) -> None:
    """GK4: "swap two" of the board, or one "with it" (the Character Board tile): the player is told which."""
    kepler = acting(Position(2, advanced=True, astronomers=("kepler", "galileo")))
    game = kepler.turn(0, SwapFrame(player=0, mode=mode), stage="actions").game()
    assert game.rules_context.rules.prompt(game.state, game.state.top) == prompt


def test_GK4_keplers_swap_takes_two_different_tiles() -> None:
    """GK4: "swap two" Action tiles: each pair once, never a tile with itself."""
    kepler = acting(Position(2, advanced=True, astronomers=("kepler", "galileo")))
    game = kepler.turn(0, SwapFrame(player=0, mode=1), stage="actions").game()
    pairs = [tuple(a.arg.split("-")) for a in game.legal_actions()]
    assert len(pairs) == 15 and all(first < second for first, second in pairs)


def test_GK5_kepler_tile_rotates_cannot_swap_itself_bench_tile_upgrades() -> None:
    """GK5 (rulings)."""
    pos = acting(Position(2, advanced=True, astronomers=("kepler", "galileo")), space=5)
    pos = pos.tiles(0, "T1", "T2", "T3", "T4", "T5", "K").turn(0, stage="actions")
    game = play(pos.game(), "moving 1")
    assert all("5" not in a.arg for a in game.legal_actions())
    game = play(game, "swap 0-1", "end")
    assert game.state.players[0].tiles[0].tile == "K"
    up = acting(Position(2, advanced=True, astronomers=("kepler", "galileo")), space="upgrade")
    game = play(up.game(), "fixed upgrade", "upgrade bench")  # slot 6
    assert game.state.players[0].bench.upgraded
    assert subject_count(game.state, game.rules_context, 0, "upgrades") == 1


def test_GK6_copernicus_page_two_different_tokens_two_spaces_each() -> None:
    """GK6."""
    pos = acting(Position(2, advanced=True, astronomers=("copernicus", "galileo"))).set(0, cellar=(1, 1, 0, 0))
    game = play(pos.comets(0, waiting=1).game(), "end", "page o0", "jump 0")
    assert game.state.players[0].cellar == (0, 1, 1, 0)
    # the moved token (alone on space 2) may not go again
    assert names(game) == ["persuade 1", "jump 1", "stop"]
    game = play(game, "jump 1")
    assert game.state.players[0].cellar == (0, 0, 1, 1)


def test_GK6_copernicus_page_each_token_moves_one_or_two_spaces() -> None:
    """GK6: "he may Persuade two different Inquisitor tokens twice (each token moves up to two spaces)":
    each token may stop after one space (``persuade N``) or go two (``jump N``); from the last but one
    space the one space it can go is the jump."""
    pos = acting(Position(2, advanced=True, astronomers=("copernicus", "galileo"))).set(0, cellar=(1, 0, 1, 0))
    game = play(pos.comets(0, waiting=1).game(), "end", "page o0")
    assert names(game) == ["persuade 0", "jump 0", "jump 2", "stop"]
    game = play(game, "persuade 0")
    assert game.state.players[0].cellar == (0, 1, 1, 0)
    assert names(game) == ["jump 2", "stop"]  # the token on space 1 was just moved: only the other one
    game = play(game, "jump 2")
    assert game.state.players[0].cellar == (0, 1, 0, 1)


def test_GK7_copernicus_library_tile_free_once_per_turn_not_over_a_book() -> None:
    """GK7: no Quadrant paid; once per turn; inside his rows, right of the Book token."""
    pos = acting(Position(2, advanced=True, astronomers=("copernicus", "galileo"))).library(0, "D01", "D02", "D03")
    pos = pos.set(0, books=(1, 0, 0, 3))
    game = pos.game()
    places = [a.arg for a in game.legal_actions() if a.kind == "library"]
    assert "L1.0@0.2" in places and "L1.0@0.1" not in places and not any("@3." in p for p in places)
    game = play(game, "library L1.0@0.2")
    assert not any(a.kind == "library" for a in game.legal_actions())
    assert game.state.players[0].quadrants == 0
    p = game.state.players[0]
    assert library_reward(game.rules_context, p, 0, 2) == (Effect("vp", 2),)  # L1 side 0: 2 VP, a Quadrant
    assert library_reward(game.rules_context, p, 0, 3) == (Effect("quadrant"),)


def test_GK7_copernicus_tiles_stay_inside_his_rows_and_off_each_other() -> None:
    """GK7 "inside the rows of his Discovery cards": with three cards a 2-space tile fits from space 1 or 2
    of a row, not from 3; L1 already over spaces 2-3 of row 0 leaves there only what covers neither."""
    pos = acting(Position(2, advanced=True, astronomers=("copernicus", "galileo"))).library(0, "D01", "D02", "D03")
    places = [a.arg for a in pos.game().legal_actions() if a.kind == "library"]
    assert {"L2.0@1.1", "L2.0@1.2"} <= set(places) and "L2.0@1.3" not in places
    pos = pos.library(0, "D01", "D02", "D03", "D04").set(0, overlays=(Overlay("L1", 0, 0, 2),))
    places = [a.arg for a in pos.game().legal_actions() if a.kind == "library"]
    assert [p for p in places if p.startswith("L2.0@0.")] == [] and "L2.0@1.3" in places
    pos = pos.library(0, "D01", "D02", "D03", "D04", "D05")
    places = [a.arg for a in pos.game().legal_actions() if a.kind == "library"]
    assert [p for p in places if p.startswith("L2.0@0.")] == ["L2.0@0.4"]


def test_GK8_bruno_pages_persuade_four_or_upgrade() -> None:
    """GK8."""
    pos = acting(Position(2, advanced=True, astronomers=("bruno", "galileo"))).set(0, cellar=(1, 0, 0, 0, 0))
    game = play(pos.comets(0, waiting=1).game(), "end", "page o0")
    assert names(game) == ["persuade 0"]
    game = play(game, "persuade 0", "persuade 1")
    assert game.state.players[0].cellar == (0, 0, 1, 0, 0)
    game = play(pos.comets(0, waiting=1).game(), "end", "page o1")
    assert names(game)[0].startswith("upgrade")


def test_GI2_GK9_no_inquisitor_moves_past_the_last_space_of_brunos_cellar() -> None:
    """GI2 with GK9: on Bruno's 5-space cellar only the token on space 4 can move, onto space 5; the second
    Persuade of the three Quadrants is lost, every token being on the last space."""
    pos = acting(Position(2, advanced=True, astronomers=("bruno", "galileo"))).set(0, cellar=(0, 0, 0, 1, 1))
    game = play(pos.set(0, quadrants=3).game(), "free persuade")
    assert names(game) == ["persuade 3"]
    game = play(game, "persuade 3")
    assert game.state.players[0].cellar == (0, 0, 0, 0, 2)
    assert not any(a.kind == "persuade" for a in game.legal_actions())


def test_GK9_bruno_five_space_cellar_rewards_on_entering() -> None:
    """GK9: a token moving onto space 2 gives its Quadrant; a new token on space 1 is not a move."""
    pos = acting(Position(2, advanced=True, astronomers=("bruno", "galileo"))).set(0, cellar=(1, 0, 0, 0, 0))
    game = pos.set(0, quadrants=3).game()
    assert len(game.state.players[0].cellar) == 5
    game = play(game, "free persuade", "persuade 0")
    assert game.state.players[0].quadrants == 1
    game = play(game, "persuade 1", "die R")  # space 3: Gain a Die
    assert game.state.players[0].cellar == (0, 0, 1, 0, 0)
