"""Travel (checklist V1-V9) and the rulebook's example of Frank's Travel.

The map is the reference map (src/newton_rules/data/map.json). Routes used here:
Wien - Beograd - Sofia - Istanbul (land, free), Sofia - Athenai (land), Athenai - Istanbul (sea, 1 coin),
London - Amsterdam (sea, 1 coin), London - Salamanca (sea, 2 coins), Praha - Wien, Basel - Strasbourg -
Paris, Bremen - Berlin (the Map's Objective space) - Leipzig.
"""

from __future__ import annotations

import pytest

from newton_rules import Game, IllegalAction, Options
from newton_rules.model import events as ev
from newton_rules.model.frames import MasterFrame, TravelFrame, TurnFrame
from newton_rules.model.sources import Source
from newton_rules.rules import queries as q
from newton_rules.testing import Position
from tests.rules.scenario import scenario

# Valid cube places (not villages) used to fill a player's supply of placed cubes.
CUBE_PLACES = ("bologna", "paris", "leipzig", "krakow", "salamanca", "uppsala", "athenai", "roma", "siracusa")
MORE_CUBE_PLACES = ("amsterdam", "napoli", "london")


def traveller(value: int, at: str, *, coins: int = 0, seed: int = 1, options: Options | None = None) -> Position:
    """Player 0 (board B, whose printed drawer is Work) has just played the Starting Travel card;
    ``value - 1`` Travel Development tiles make the action's value ``value``. No Bonus tokens."""
    pos = scenario(players=2, seed=seed, options=options).player(0, board="B")
    extra = ["travel"] * (value - 1)
    pos.development(0, *extra)
    return pos.player(0, scientist=at, coins=coins).bonus([]).turn(0, played="travel")


def last_events(game: Game) -> tuple[ev.Event, ...]:
    *_, (_, _, events) = game.iter_log()
    return events


def travel(game: Game, *spaces: str) -> Game:
    game = game.apply("basic travel")
    for space in spaces:
        game = game.apply(f"step {space}")
    return game


def steps(game: Game) -> set[str]:
    return {a.arg for a in game.legal_actions() if a.kind == "step"}


# -- the rulebook example ------------------------------------------------------------------------


def test_frank_travels_three_of_four_spaces_to_istanbul() -> None:
    """V1, V2, V3 (rulebook example): Frank travels at value 4 but moves only 3 spaces, Wien - Beograd -
    Sofia - Istanbul. After the second step he takes the Bonus token at Sofia; he ends on Istanbul and
    places a cube on its City tile, receiving the tile's effect."""
    game = (
        traveller(4, "wien")
        .bonus([("sofia", "K08")])  # 3 VP
        .map_tile("istanbul", "C1")  # City tile: 4 coins
        .game()
    )
    game = travel(game, "beograd")
    assert game.state.players[0].bonus_tokens == ()
    game = game.apply("step sofia")
    assert game.state.players[0].bonus_tokens == ("K08",)
    assert game.state.board.bonus == ()
    game = game.apply("step istanbul")
    top = game.state.top
    assert isinstance(top, TravelFrame) and top.remaining == 1  # a fourth step is still open
    assert game.legal_actions()[-1].kind == "stop"
    game = game.apply("stop")

    p = game.state.players[0]
    assert p.scientist == "istanbul"
    assert p.cubes == ("istanbul",)
    assert (p.vp, p.coins) == (3, 4)
    assert isinstance(game.state.top, TurnFrame)
    gains = [(str(e.source), e.coins, e.vp) for e in game.events if isinstance(e, ev.ResourcesChanged)]
    assert gains == [("K08", 0, 3), ("C1", 4, 0)]  # F6: received in the order triggered


# -- V1 moving up to the value, route costs ------------------------------------------------------


def test_travel_moves_at_most_the_value_then_ends() -> None:
    """V1: at value 2 the Scientist moves 2 spaces; the movement then ends by itself (only `stop` is left)."""
    game = travel(traveller(2, "basel").game(), "strasbourg", "paris")
    assert isinstance(game.state.top, TurnFrame)
    p = game.state.players[0]
    assert p.scientist == "paris"
    assert p.cubes == ("paris",)


def test_travel_value_counts_desk_symbols() -> None:
    """V1 with F4: the value is the number of Travel symbols visible, here 3 (card + 2 drawers)."""
    game = traveller(3, "basel").game().apply("basic travel")
    top = game.state.top
    assert isinstance(top, TravelFrame)
    assert (top.value, top.remaining) == (3, 3)


def test_travel_may_stop_before_the_value() -> None:
    """V1: "up to the value": Frank may stop after 1 of 3 spaces."""
    game = travel(traveller(3, "praha").game(), "wien").apply("stop")
    p = game.state.players[0]
    assert p.scientist == "wien"
    assert p.cubes == ("wien",)


def test_route_cost_is_paid_before_moving_along_it() -> None:
    """V1: London - Salamanca costs 2 coins, paid before the Scientist moves."""
    game = travel(traveller(1, "london", coins=2).game(), "salamanca")
    p = game.state.players[0]
    assert (p.scientist, p.coins) == ("salamanca", 0)
    events = last_events(game)
    paid = next(i for i, e in enumerate(events) if isinstance(e, ev.ResourcesChanged) and e.source == Source("route"))
    moved = next(i for i, e in enumerate(events) if isinstance(e, ev.PieceMoved))
    assert events[paid] == ev.ResourcesChanged(player=0, coins=-2, source=Source("route"))
    assert paid < moved


def test_route_costs_add_up_along_the_move() -> None:
    """V1: each route with a cost is paid when taken: Sofia - Athenai (free) - Istanbul (1 coin)."""
    game = travel(traveller(3, "beograd", coins=1).game(), "sofia", "athenai", "istanbul")
    p = game.state.players[0]
    assert (p.scientist, p.coins) == ("istanbul", 0)


def test_route_you_cannot_pay_is_not_legal() -> None:
    """V1: with 1 coin, London - Salamanca (2 coins) is not legal; London - Amsterdam (1 coin) is."""
    game = traveller(1, "london", coins=1).game().apply("basic travel")
    assert "salamanca" not in steps(game)
    assert "amsterdam" in steps(game)
    before = game.state
    with pytest.raises(IllegalAction):
        game.apply("step salamanca")
    assert game.state == before


def test_only_routes_from_the_scientist_are_legal_steps() -> None:
    """V1: the Scientist moves along routes: from Wien only to its neighbours."""
    game = traveller(2, "wien").game().apply("basic travel")
    assert steps(game) == {neighbour for neighbour, _ in game.catalog.routes_from["wien"]}
    assert "wien" not in steps(game) and "basel" not in steps(game)
    with pytest.raises(IllegalAction):
        game.apply("step sofia")


# -- V2 Bonus tokens -----------------------------------------------------------------------------


def test_passing_over_a_bonus_token_takes_it() -> None:
    """V2: the Scientist passes over the tokens of Beograd (3 VP) and Sofia (2 coins) and ends beyond them."""
    game = traveller(3, "wien").bonus([("beograd", "K08"), ("sofia", "K01")]).game()
    game = travel(game, "beograd", "sofia", "istanbul")
    p = game.state.players[0]
    assert p.bonus_tokens == ("K08", "K01")
    assert (p.vp, p.coins) == (3, 2)
    assert game.state.board.bonus == ()
    taken = [e for e in game.events if isinstance(e, ev.BonusTokenTaken)]
    assert [(e.space, e.token) for e in taken] == [("beograd", "K08"), ("sofia", "K01")]


def test_stopping_on_a_bonus_token_takes_it() -> None:
    """V2: ending the move on the token's space takes it too."""
    game = travel(traveller(2, "wien").bonus([("beograd", "K11")]).game(), "beograd").apply("stop")
    p = game.state.players[0]
    assert (p.bonus_tokens, p.potions, p.cubes) == (("K11",), 1, ())


def test_bonus_token_taken_by_one_player_is_gone_for_the_next() -> None:
    """V2 (with K1): the first to pass keeps the token; a later Scientist passing there finds nothing."""
    pos = traveller(2, "wien").bonus([("beograd", "K08")])
    pos = pos.player(1, board="B").development(1, "travel").player(1, scientist="wien")
    game = travel(pos.game(), "beograd", "sofia").apply("end")
    assert game.to_move == 1
    game = game.apply(f"play {pos.card_id(1, 'travel')}")
    game = travel(game, "beograd", "sofia")
    assert game.state.players[0].bonus_tokens == ("K08",)
    assert (game.state.players[1].bonus_tokens, game.state.players[1].vp) == ((), 0)


def test_bonus_coins_cannot_pay_a_route_of_the_same_travel() -> None:
    """V2 with F6: a token's coins arrive when the Travel ends, so they cannot pay a later route of it."""
    game = traveller(3, "beograd").bonus([("sofia", "K01")]).game()  # K01: 2 coins
    game = travel(game, "sofia", "athenai")
    assert game.state.players[0].coins == 0
    assert "istanbul" not in steps(game)  # Athenai - Istanbul costs 1 coin
    game = game.apply("stop")
    assert game.state.players[0].coins == 2


def test_bonus_coins_pay_a_route_with_immediate_rewards() -> None:
    """V2 with Options(rewards_timing="immediate"): the token's coins are received at once."""
    game = traveller(3, "beograd", options=Options(rewards_timing="immediate")).bonus([("sofia", "K01")]).game()
    game = travel(game, "sofia", "athenai")
    assert game.state.players[0].coins == 2
    game = game.apply("step istanbul")
    p = game.state.players[0]
    assert (p.scientist, p.coins, p.cubes) == ("istanbul", 1, ("istanbul",))


# -- V3 cubes where the move ends ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("start", "end", "kind"),
    [
        ("basel", "strasbourg", "village"),
        ("strasbourg", "paris", "university"),
        ("napoli", "roma", "ancient_land"),
        ("trieste", "wien", "city"),
        ("leipzig", "praha", "master"),
    ],
)
def test_cube_placed_only_on_valid_places(start: str, end: str, kind: str) -> None:
    """V3: ending on a City, University, Ancient Land or Master space places a cube; a Village does not."""
    game = traveller(1, start).game()
    assert game.catalog.map_spaces[end].kind == kind
    game = travel(game, end)
    p = game.state.players[0]
    assert p.scientist == end
    assert p.cubes == (() if kind == "village" else (end,))


def test_v3_the_last_travel_cube_is_placed() -> None:
    """V3 with S10 (12 Travel cubes): a player with one cube left places it on the City the move ends on;
    then none is left (V7)."""
    pos = traveller(1, "trieste")
    catalog = pos.catalog
    others = [s for s in catalog.map_spaces if s != "wien" and catalog.map_spaces[s].kind in ("city", "university")]
    placed = tuple(others[: catalog.constants.cubes_per_player - 1])
    game = travel(pos.player(0, cubes=placed).game(), "wien")
    p = game.state.players[0]
    assert p.cubes == (*placed, "wien")
    assert q.cubes_left(catalog, p) == 0


def test_cube_on_the_objective_space_when_the_requirement_is_met() -> None:
    """V3 with V6: ending on the Map's Objective space (Berlin: 3 orange, 1 green) places a cube."""
    pos = traveller(1, "bremen").player(0, masters_played=["leibniz"])  # 2 orange volumes
    game = pos.desk(0, "lessons", "travel").game()  # green + orange on the desk
    game = travel(game, "berlin")
    p = game.state.players[0]
    assert (p.scientist, p.cubes, p.potions) == ("berlin", ("berlin",), 0)


def test_cube_on_the_master_space_plays_a_master() -> None:
    """V3: a cube on the Map's Master space plays one of your Masters (after the action, F6)."""
    game = travel(traveller(1, "leipzig").game(), "praha")
    assert game.state.players[0].cubes == ("praha",)
    assert isinstance(game.state.top, MasterFrame)


def test_no_cube_when_the_scientist_does_not_move() -> None:
    """V3: a Travel that stops at once is no movement; no cube on the starting place."""
    game = traveller(2, "wien").game().apply("basic travel").apply("stop")
    assert game.state.players[0].cubes == ()


def test_cube_on_a_city_applies_its_tile() -> None:
    """V3 with C1-C6: a cube on a City triggers its City tile (C2: 2 potions)."""
    game = travel(traveller(1, "trieste").map_tile("wien", "C2").game(), "wien")
    p = game.state.players[0]
    assert (p.cubes, p.potions) == (("wien",), 2)


def test_passing_through_a_valid_place_places_no_cube() -> None:
    """V3: only the place where the move ends gets a cube (Wien passed, Beograd village reached)."""
    game = travel(traveller(2, "praha").game(), "wien", "beograd")
    p = game.state.players[0]
    assert (p.scientist, p.cubes) == ("beograd", ())


# -- V4 9th to 12th cube -------------------------------------------------------------------------


@pytest.mark.parametrize(("placed", "vp"), [(7, 0), (8, 1), (9, 2), (10, 4), (11, 8)])
def test_ninth_to_twelfth_cube_score(placed: int, vp: int) -> None:
    """V4: placing the 9th / 10th / 11th / 12th cube scores 1 / 2 / 4 / 8 VP; the 8th scores nothing."""
    cubes = (CUBE_PLACES + MORE_CUBE_PLACES)[:placed]
    game = traveller(1, "praha").player(0, cubes=cubes).game()
    game = travel(game, "wien")
    p = game.state.players[0]
    assert len(p.cubes) == placed + 1
    assert p.vp == vp


def test_cube_vp_comes_with_the_city_tile_in_order() -> None:
    """V4 with F6: the 9th cube's VP and the City tile are received when the Travel ends, in order."""
    game = traveller(1, "praha").player(0, cubes=CUBE_PLACES[:8]).map_tile("wien", "C1").game()
    game = travel(game, "wien")
    gains = [(str(e.source), e.coins, e.vp) for e in last_events(game) if isinstance(e, ev.ResourcesChanged)]
    assert gains == [("cube 9", 0, 1), ("C1", 4, 0)]


# -- V5 one cube per colour, any number of Scientists ---------------------------------------------


def test_other_colours_cube_does_not_block() -> None:
    """V5: a cube of another colour on Wien does not stop player 0 placing one there."""
    game = traveller(1, "praha").player(1, cubes=["wien"], scientist="wien").game()
    game = travel(game, "wien")
    assert game.state.players[0].cubes == ("wien",)
    assert game.state.players[1].cubes == ("wien",)
    assert game.state.players[0].scientist == game.state.players[1].scientist == "wien"


def test_no_second_cube_of_a_colour_on_a_place() -> None:
    """V5 and V8: player 0 stops on Wien where a cube of theirs already is: legal, and nothing happens."""
    game = traveller(1, "praha").player(0, cubes=["wien"]).map_tile("wien", "C1").game()
    assert "wien" in steps(game.apply("basic travel"))
    game = travel(game, "wien")
    p = game.state.players[0]
    assert (p.scientist, p.cubes, p.coins, p.vp) == ("wien", ("wien",), 0, 0)
    assert not any(isinstance(e, ev.CubePlaced) for e in last_events(game))


# -- V6 the Map's Objective space --------------------------------------------------------------


def test_objective_space_as_last_step_needs_its_requirement() -> None:
    """V6: without 3 orange and 1 green volume (or Potions), Berlin is no legal last step."""
    game = traveller(1, "bremen").game().apply("basic travel")
    assert "berlin" not in steps(game)
    with pytest.raises(IllegalAction):
        game.apply("step berlin")


def test_passing_through_the_objective_space_needs_no_requirement() -> None:
    """V6: at value 2, Bremen - Berlin - Leipzig passes through Berlin without its requirement."""
    game = traveller(2, "bremen").game().apply("basic travel")
    assert "berlin" in steps(game)
    game = game.apply("step berlin")
    assert {a.kind for a in game.legal_actions()} == {"step"}  # cannot end the move on Berlin
    with pytest.raises(IllegalAction):
        game.apply("stop")
    game = game.apply("step leipzig")
    p = game.state.players[0]
    assert (p.scientist, p.cubes, p.potions) == ("leipzig", ("leipzig",), 0)


def test_objective_requirement_met_with_potions() -> None:
    """V6 with R3: the Travel card's orange volume counts; 3 Potions replace the 3 missing volumes
    (2 orange, 1 green) and are spent when the cube is placed; a fourth Potion is kept."""
    game = traveller(1, "bremen").player(0, potions=4).game()
    game = travel(game, "berlin")
    p = game.state.players[0]
    assert (p.cubes, p.potions) == (("berlin",), 1)


def test_v6_potions_for_the_objective_are_booked_to_its_requirement() -> None:
    """V6 with R3: the 3 Potions replacing the Objective space's volumes are spent on its requirement."""
    game = travel(traveller(1, "bremen").player(0, potions=4).game(), "berlin")
    assert ev.ResourcesChanged(player=0, potions=-3, source=Source("requirement", "objective")) in game.events


def test_v6_free_travel_leaves_every_coin_for_the_potions_of_the_objective() -> None:
    """V6 with R3, Pascal's free Travel (M3) and the ``auto_potions`` option: the last step onto Berlin
    costs nothing, so 9 Coins buy the 3 Potions standing in for the missing volumes (Q3: 3 Coins each)."""
    pos = traveller(1, "leipzig", coins=9, options=Options(auto_potions=True)).player(0, potions=0)
    pos = pos.decide(*pos.state.stack, TravelFrame(player=0, value=1, remaining=1, free_travel=True))
    assert "berlin" in steps(pos.game())


def test_objective_requirement_not_met_with_too_few_potions() -> None:
    """V6 with R3: 1 orange volume on the desk (the Travel card) and 2 Potions leave 1 volume missing."""
    game = traveller(1, "bremen").player(0, potions=2).game().apply("basic travel")
    assert "berlin" not in steps(game)


# -- V7 no cubes left --------------------------------------------------------------------------


def test_travel_without_cubes_places_none() -> None:
    """V7: with all 12 cubes placed the Scientist still travels; a City gets no cube and gives nothing."""
    cubes = CUBE_PLACES + MORE_CUBE_PLACES
    game = traveller(1, "praha").player(0, cubes=cubes).map_tile("wien", "C1").game()
    assert len(cubes) == game.catalog.constants.cubes_per_player
    game = travel(game, "wien")
    p = game.state.players[0]
    assert (p.scientist, p.cubes, p.coins, p.vp) == ("wien", cubes, 0, 0)


def test_scientist_counts_as_a_cube_without_cubes_left() -> None:
    """V7: with no cubes left the Scientist on a University meets that University's book requirement
    (board B r2c3 needs University II, here on Leipzig); with cubes left, the Scientist alone does not."""
    cubes = (*(c for c in CUBE_PLACES if c != "leipzig"), *MORE_CUBE_PLACES, "wien")
    assert len(cubes) == 12
    pos = scenario(players=2, seed=1).player(0, board="B").map_tile("leipzig", "II")
    pos.player(0, scientist="leipzig", cubes=cubes).turn(0, played="study")
    game = pos.game().apply("basic study")
    assert "r2c3" in {a.arg for a in game.legal_actions() if a.kind == "book"}

    pos = scenario(players=2, seed=1).player(0, board="B").map_tile("leipzig", "II")
    pos.player(0, scientist="leipzig", cubes=cubes[:-1]).turn(0, played="study")
    game = pos.game().apply("basic study")
    assert "r2c3" not in {a.arg for a in game.legal_actions() if a.kind == "book"}


def test_scientist_without_cubes_occupies_the_space_it_ends_on() -> None:
    """V7: the Scientist counts as a cube where it stands once all cubes are placed (FAQ 6)."""
    cubes = CUBE_PLACES + MORE_CUBE_PLACES
    game = travel(traveller(1, "praha").player(0, cubes=cubes).game(), "wien")
    p = game.state.players[0]
    assert q.occupies(game.catalog, p, "wien")
    assert not q.occupies(game.catalog, p, "praha")


def test_objective_without_cubes_still_needs_and_pays_its_requirement() -> None:
    """V7 with V6 and R3: with no cubes left the Scientist may end on Berlin (it then counts as a cube
    there), but only by meeting the requirement; Potions standing in for volumes are spent."""
    cubes = CUBE_PLACES + MORE_CUBE_PLACES
    game = traveller(1, "bremen").player(0, cubes=cubes).game().apply("basic travel")
    assert "berlin" not in steps(game)

    game = traveller(1, "bremen").player(0, cubes=cubes, potions=3).game()
    game = travel(game, "berlin")
    p = game.state.players[0]
    assert p.scientist == "berlin"
    assert p.potions == 0  # 2 orange and 1 green missing (the Travel card shows 1 orange)
    assert q.occupies(game.catalog, p, "berlin")


def test_v7_a_travel_stopped_before_any_step_pays_no_requirement_where_it_starts() -> None:
    """V7 with V6: standing on Berlin with no cube left and its volumes missing, the Scientist may stop
    at once; having not moved, it pays nothing for Berlin (it occupies nothing new)."""
    cubes = CUBE_PLACES + MORE_CUBE_PLACES
    game = traveller(1, "berlin").player(0, cubes=cubes, potions=0).game().apply("basic travel")
    assert "stop" in {a.kind for a in game.legal_actions()}
    game = game.apply("stop")
    p = game.state.players[0]
    assert (p.scientist, p.potions, p.cubes) == ("berlin", 0, cubes)


# -- V8, V9 -------------------------------------------------------------------------------------


def test_stop_on_own_cube_objective_needs_no_requirement() -> None:
    """V8 with V6: ending on Berlin where your cube already is places nothing, so needs nothing."""
    game = traveller(1, "bremen").player(0, cubes=["berlin"]).game().apply("basic travel")
    assert "berlin" in steps(game)
    game = game.apply("step berlin")
    p = game.state.players[0]
    assert (p.scientist, p.cubes, p.potions) == ("berlin", ("berlin",), 0)


def test_move_may_pass_a_city_and_come_back() -> None:
    """V9 (FAQ 6): at value 3, Praha - Wien - Beograd (Bonus token) - Wien: token taken, cube on Wien."""
    game = traveller(3, "praha").bonus([("beograd", "K08")]).map_tile("wien", "C1").game()
    game = travel(game, "wien", "beograd", "wien")
    p = game.state.players[0]
    assert (p.scientist, p.cubes, p.bonus_tokens) == ("wien", ("wien",), ("K08",))
    assert (p.vp, p.coins) == (3, 4)
    assert sum(isinstance(e, ev.CubePlaced) for e in game.events) == 1
