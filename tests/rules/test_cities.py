"""City tiles (checklist C1-C6), rulebook p.13 and FAQ 1f of 003.

A City tile acts when, and only when, one of your Travel cubes is placed on it: at the end of the
Scientist's move or in another way (here: the E11 extra cube). The cube placed by the University and
Ancient Land City tiles (C4, C5) is a cube placement of its own (V4 cube VP, R4 visits). Engine
ruling for C6: the Medicine tile's VP is 1, or 3 once the player has visited 2 Medicine Cities; a
player without the tile takes it (onto an income space) when visiting a Medicine City.
"""

from __future__ import annotations

import pytest

from newton_rules.game import Game
from newton_rules.model import events as ev
from newton_rules.model.config import Options
from newton_rules.model.sources import Source
from newton_rules.testing import Position
from tests.rules.scenario import scenario

SEVEN_CITIES = ("amsterdam", "napoli", "istanbul", "london", "wien", "venezia", "marseille")


def position(options: Options | None = None) -> Position:
    """Two players (seed 1); player 0 on board A with 0 Coins / VP / Potions, no cubes; no Bonus tokens."""
    pos = scenario(players=2, seed=1, options=options)
    pos = pos.player(0, board="A", drawers=[None, None, None, None, "lessons"], coins=0, vp=0, potions=0, cubes=[])
    return pos.bonus([])


def travel(pos: Position, start: str, *steps: str, last_turn: bool = False) -> Game:
    """Player 0's Scientist on ``start`` travels along ``steps`` (the Travel value is their number);
    ``last_turn``: this is the last turn of round 1 (End Round follows it)."""
    pos = pos.player(0, scientist=start).development(0, *["travel"] * (len(steps) - 1))
    pos = pos.turn(0, played="travel")
    if last_turn:
        pos = pos.with_state(turn_index=len(pos.state.players) * pos.catalog.constants.turns_per_round)
    game = pos.game().apply("basic travel")
    for step in steps:
        game = game.apply(f"step {step}")
    return game


def resources(game: Game) -> tuple[int, int, int]:
    p = game.state.players[0]
    return p.coins, p.vp, p.potions


def kind(game: Game) -> str | None:
    return None if game.decision is None else game.decision.kind


def legal(game: Game) -> set[str]:
    return {str(a) for a in game.legal_actions()}


def end_round(game: Game) -> Game:
    """Player 0 ends the last turn of the round and tucks the card played: End Round income follows."""
    game = game.apply("end")
    assert kind(game) == "tuck"
    return game.apply(str(game.legal_actions()[0]))


# -- C1-C3: immediate gains ------------------------------------------------------------------------


def test_c1_four_coins() -> None:
    """C1: ending the Travel on the City places a cube and gives 4 Coins."""
    game = travel(position().map_tile("venezia", "C1"), "basel", "innsbruck", "venezia")
    assert game.state.players[0].cubes == ("venezia",)
    assert resources(game) == (4, 0, 0)


def test_c1_the_coins_are_recorded_as_the_city_tiles() -> None:
    """C1: the 4 Coins of the City are recorded as coming from its City tile."""
    game = travel(position().map_tile("venezia", "C1"), "basel", "innsbruck", "venezia")
    assert ev.ResourcesChanged(player=0, coins=4, source=Source("tile", "C1")) in game.events


def test_c2_two_potions() -> None:
    game = travel(position().map_tile("venezia", "C2"), "basel", "innsbruck", "venezia")
    assert resources(game) == (0, 0, 2)


def test_c3_a_student_from_supply() -> None:
    """C3: a new Student on the start space of the Technology track; none left in supply: nothing."""
    pos = position().map_tile("venezia", "C3")
    game = travel(pos.player(0, students=["a2", None, None, None]), "innsbruck", "venezia")
    assert game.state.players[0].students == ("a2", "t0", None, None)

    full = travel(pos.player(0, students=["a2", "b3", "c3", "t1"]), "innsbruck", "venezia")
    assert full.state.players[0].students == ("a2", "b3", "c3", "t1")


def test_city_tile_acts_only_when_a_cube_is_placed_on_it() -> None:
    """C1-C6: passing through a City gives nothing; stopping where your cube already is gives nothing (V8)."""
    passing = travel(position().map_tile("venezia", "C1"), "innsbruck", "venezia", "bologna")
    assert resources(passing) == (0, 0, 0)
    assert passing.state.players[0].cubes == ("bologna",)

    again = travel(position().map_tile("venezia", "C1").player(0, cubes=["venezia"]), "innsbruck", "venezia")
    assert resources(again) == (0, 0, 0)
    assert again.state.players[0].cubes == ("venezia",)


def test_city_tile_on_the_e11_extra_cube() -> None:
    """C1 with E11: a cube placed on a City passed through triggers its tile, when the Travel ends (F6)."""
    pos = position().map_tile("venezia", "C1").player(0, coins=2, scientist="trieste").development(0, "travel")
    game = pos.turn(0, played="L1-08").game().apply("basic travel").apply("step venezia").apply("cube")
    assert game.state.players[0].coins == 0  # paid 2; the City's Coins wait for the end of the action
    game = game.apply("step bologna")
    assert game.state.players[0].cubes == ("venezia", "bologna")
    assert resources(game) == (4, 0, 0)


def test_city_tile_with_immediate_rewards_option() -> None:
    """C1 with ``rewards_timing="immediate"``: the City's Coins arrive as the cube is placed."""
    pos = position(Options(rewards_timing="immediate")).map_tile("venezia", "C1")
    pos = pos.player(0, coins=2, scientist="trieste").development(0, "travel")
    game = pos.turn(0, played="L1-08").game().apply("basic travel").apply("step venezia").apply("cube")
    assert game.state.players[0].coins == 4


# -- C4, C5: pay 2 Coins for a cube on a University / an Ancient Land -----------------------------------


def test_c4_pay_two_coins_for_a_cube_on_a_university_of_choice() -> None:
    """C4: after the City cube, pay 2 Coins and place a cube on any University without your cube."""
    pos = position().map_tile("venezia", "C4").player(0, coins=2, cubes=["paris"])
    game = travel(pos, "innsbruck", "venezia")
    assert kind(game) == "place_cube"
    universities = {s.id for s in game.catalog.map.spaces if s.kind == "university"}
    assert legal(game) == {f"place {u}" for u in universities - {"paris"}} | {"decline"}
    game = game.apply("place leipzig")
    assert game.state.players[0].cubes == ("paris", "venezia", "leipzig")
    assert resources(game) == (0, 0, 0)


def test_c4_cube_counts_as_a_visit() -> None:
    """C4 with R4: the University reached this way meets a book space's University requirement."""
    pos = position().map_tile("venezia", "C4").player(0, coins=2).map_tile("krakow", "I")
    game = travel(pos, "innsbruck", "venezia").apply("place krakow")
    assert game.state.players[0].cubes == ("venezia", "krakow")
    game = game.apply("end").apply("play start-yellow-work").apply("end")  # player 1's turn
    study = game.apply("play start-red-study").apply("basic study")
    assert "book r2c2" in legal(study)  # board A r2c2: University I


def test_c5_pay_two_coins_for_a_cube_on_an_ancient_land_of_choice() -> None:
    pos = position().map_tile("venezia", "C5").player(0, coins=3)
    game = travel(pos, "innsbruck", "venezia")
    assert legal(game) == {"place athenai", "place roma", "place siracusa", "decline"}
    game = game.apply("place siracusa")
    assert game.state.players[0].cubes == ("venezia", "siracusa")
    assert resources(game) == (1, 0, 0)


def test_c5_the_player_is_asked_for_an_ancient_land_and_pays_for_the_cube_placed() -> None:
    """C5: the decision names the place and the cost; the 2 Coins are booked to the cube placement."""
    game = travel(position().map_tile("venezia", "C5").player(0, coins=3), "innsbruck", "venezia")
    assert game.decision is not None
    assert game.decision.prompt == "place a Travel cube on a ancient land (cost 2), or decline"
    paid = game.apply("place roma").last_events
    assert ev.ResourcesChanged(player=0, coins=-2, source=Source("place_cube")) in paid


def test_c4_c5_may_be_declined_and_need_two_coins() -> None:
    """C4/C5: declining costs nothing; with fewer than 2 Coins nothing is offered."""
    pos = position().map_tile("venezia", "C4").player(0, coins=2)
    declined = travel(pos, "innsbruck", "venezia").apply("decline")
    assert declined.state.players[0].cubes == ("venezia",)
    assert resources(declined) == (2, 0, 0)

    poor = travel(position().map_tile("venezia", "C5").player(0, coins=1), "innsbruck", "venezia")
    assert kind(poor) == "turn"
    assert poor.state.players[0].cubes == ("venezia",)


@pytest.mark.parametrize(("left", "offered"), [(1, True), (0, False)])
def test_c4_the_universitys_cube_needs_a_cube_left_after_the_citys(left: int, offered: bool) -> None:
    """C4 with V7: after the City cube, the University cube is offered while a cube is left: the last one
    too; with none left, nothing is asked (the 2 Coins stay)."""
    pos = position().map_tile("venezia", "C4").player(0, coins=2)
    catalog = pos.catalog
    spaces = [s for s, space in catalog.map_spaces.items() if space.kind == "village" and s != "venezia"]
    placed = spaces[: catalog.constants.cubes_per_player - 1 - left]
    game = travel(pos.player(0, cubes=placed), "innsbruck", "venezia")
    assert game.state.players[0].cubes == (*placed, "venezia")
    assert (kind(game) == "place_cube") is offered


def test_c4_own_cube_scores_cube_vp() -> None:
    """C4 with V4: the City cube is the 9th (1 VP), the University cube from the tile the 10th (2 VP)."""
    eight = ["paris", "leipzig", "krakow", "bologna", "roma", "athenai", "praha", "wien"]
    pos = position().map_tile("venezia", "C4").player(0, coins=2, cubes=eight)
    game = travel(pos, "innsbruck", "venezia")
    assert game.state.players[0].vp == 1
    game = game.apply("place uppsala")
    assert len(game.state.players[0].cubes) == 10
    assert resources(game) == (0, 3, 0)


# -- C6: Medicine Cities ---------------------------------------------------------------------------------


def medicine() -> Position:
    return position().map_tile("amsterdam", "C6").map_tile("napoli", "C7")


def test_c6_first_medicine_city_takes_the_medicine_tile() -> None:
    """C6: the first Medicine City: take a Medicine Income tile onto an income space, 1-VP side up."""
    game = travel(medicine(), "strasbourg", "amsterdam", last_turn=True)
    assert kind(game) == "income"
    assert legal(game) == {"income 0", "income 1", "income 2", "income 3", "income 4", "decline"}
    supply = game.state.board.medicine_supply
    game = game.apply("income 0")
    assert game.state.players[0].income == ("medicine", None, None, None, None)
    assert game.state.board.medicine_supply == supply - 1
    assert end_round(game).state.players[0].vp == 1


def test_c6_second_medicine_city_turns_the_tile_to_3_vp() -> None:
    """C6: the second Medicine City takes no new tile; the tile now gives 3 VP at End Round."""
    pos = medicine().player(0, cubes=["amsterdam"], income=["medicine"])
    game = travel(pos, "roma", "napoli", last_turn=True)
    assert kind(game) == "turn"
    assert game.state.players[0].income == ("medicine", None, None, None, None)
    assert end_round(game).state.players[0].vp == 3


def test_c6_player_without_the_tile_takes_it_at_the_second_city() -> None:
    """C6 (engine ruling): a player who declined the tile at the first city is offered it again."""
    pos = medicine().player(0, cubes=["amsterdam"])
    game = travel(pos, "roma", "napoli", last_turn=True)
    assert kind(game) == "income"
    game = game.apply("income 3")
    assert game.state.players[0].income == (None, None, None, "medicine", None)
    assert end_round(game).state.players[0].vp == 3


def test_c6_with_full_income_spaces_replace_or_decline() -> None:
    """C6 with Z3: on full income spaces the Medicine tile may replace a tile or be declined."""
    pos = medicine().player(0, income=["vp", "vp", "coins", "potion", "potion"])
    game = travel(pos, "strasbourg", "amsterdam")
    assert legal(game) == {"income 0", "income 1", "income 2", "income 3", "income 4", "decline"}
    replaced = game.apply("income 4")
    assert replaced.state.players[0].income == ("vp", "vp", "coins", "potion", "medicine")

    declined = game.apply("decline")
    assert declined.state.players[0].income == ("vp", "vp", "coins", "potion", "potion")
    assert declined.state.board.medicine_supply == game.state.board.medicine_supply


def test_c6_no_medicine_tile_left() -> None:
    game = travel(medicine().board(medicine_supply=0), "strasbourg", "amsterdam")
    assert kind(game) == "turn"
    assert game.state.players[0].income == (None,) * 5


def test_c6_the_last_medicine_tile_is_taken() -> None:
    """C6 with Z4: the last Medicine tile of the supply is still taken."""
    game = travel(medicine().board(medicine_supply=1), "strasbourg", "amsterdam")
    assert kind(game) == "income"
    assert game.apply("income 0").state.board.medicine_supply == 0


def test_the_seven_city_spaces_hold_the_seven_city_tiles() -> None:
    """C1-C6 with S1: every City space holds one of the 7 City tiles (2 of them Medicine)."""
    tiles = dict(position().state.board.map_tiles)
    assert sorted(tiles[c] for c in SEVEN_CITIES) == ["C1", "C2", "C3", "C4", "C5", "C6", "C7"]
