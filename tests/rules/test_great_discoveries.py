"""The Great Discoveries module (checklist G1-G4), expansion rulebook (000, after the base rules).

Great Discovery tiles lie face up on the table (3/4/5/6 for 1/2/3/4 players). Buying one is an additional
Quick Action paying its cost; face up in front of its owner it grants its permanent effect (a volume
and/or an income at every End Round); activating it, another additional Quick Action, gives the VP of
its symbol and turns it face down for good. The module's City tile gives a tile at half its cost (an
odd cost rounds up, or down with ``discovery_half_cost="down"``), its Invention tile one for free, and
its Objective tile 4 VP per tile owned, face up or down, at most 12.

The reference tiles (``great_discoveries.json``): GD1 4 coins, a blue volume, 5 VP; GD3 5 coins, 1 coin
of income, 6 VP; GD4 6 coins, an orange volume and 1 coin of income, 2 VP per Master played; GD5 6
coins, 1 VP of income, 2 VP per University visited.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import newton_rules as nr
from newton_rules.components.records import GreatDiscoveriesModule
from newton_rules.effects.primitives import Amount, Gain, PerCount
from newton_rules.game import Game
from newton_rules.model.config import Options
from newton_rules.model.frames import DiscoveryFrame, TurnFrame, WorkFrame
from newton_rules.model.state import PlayerState
from newton_rules.rules import queries as q
from newton_rules.testing import Position, legal_texts, vp_by_reason

GD = Options(great_discoveries=True)
WORK_OBJECTIVE = "w13"


def position(options: Options = GD, coins: int = 0, **fields: object) -> Position:
    """Two players (seed 1) with the module; on the table GD1, GD3, GD4, GD5; player 0 on board A with
    ``coins`` Coins, no VP, no Potions, no Bonus tokens on the boards."""
    pos = Position(players=2, seed=1, options=options)
    pos = pos.board(discoveries=("GD1", "GD3", "GD4", "GD5"))
    pos = pos.player(0, board="A", drawers=[None, None, None, None, "lessons"], coins=coins, vp=0, potions=0, **fields)
    return pos.bonus([])


def my_turn(pos: Position) -> Game:
    return pos.turn(0).game()


def p0(game: Game) -> PlayerState:
    return game.state.players[0]


# -- G1: the tiles on the table -----------------------------------------------------------------------


@pytest.mark.parametrize(("players", "face_up"), [(1, 3), (2, 4), (3, 5), (4, 6)])
def test_g1_three_to_six_tiles_face_up_by_player_count(players: int, face_up: int) -> None:
    """G1: 3/4/5/6 of the 8 tiles, drawn at random, face up on the table for 1/2/3/4 players."""
    every_tile = {d.id for d in nr.default_catalog().great_discoveries.great_discoveries}
    drawn = set()
    for seed in range(6):
        game = nr.new_game(players=players, seed=seed, options=GD)
        table = game.state.board.discoveries
        assert len(table) == len(set(table)) == face_up and set(table) <= every_tile
        assert all(not p.discoveries and not p.discoveries_used for p in game.state.players)
        drawn.add(table)
    assert len(drawn) > 1  # random tiles


def test_g1_without_the_module_no_tile_and_no_great_discovery_action() -> None:
    """G1: the module is an option; without it no tile lies on the table and nothing offers one."""
    game = nr.new_game(players=2, seed=1)
    assert game.state.board.discoveries == ()
    pos = Position(players=2, seed=1).board(discoveries=("GD1",)).player(0, coins=20)
    assert not {a for a in legal_texts(pos.turn(0).game()) if a.startswith(("discover", "activate"))}


def test_g1_a_pack_without_tiles_plays_without_the_module_and_refuses_it() -> None:
    """G1: a data pack whose module holds no Great Discovery tile plays without the module; a game with it
    is refused, the error naming the option and what the pack lacks."""
    catalog = attrs.evolve(nr.default_catalog(), great_discoveries=GreatDiscoveriesModule())
    assert nr.new_game(players=2, seed=1, catalog=catalog).state.board.discoveries == ()
    with pytest.raises(nr.OptionsError) as refused:
        nr.new_game(players=2, seed=1, options=GD, catalog=catalog)
    assert str(refused.value) == "great_discoveries: the data pack has no Great Discovery tiles"


# -- G2: buying a tile ----------------------------------------------------------------------------------


def test_g2_buying_is_a_quick_action_paying_its_cost() -> None:
    """G2: before playing a card, player 0 (5 Coins) may buy GD1 (4) or GD3 (5), not GD4 / GD5 (6);
    the tile leaves the table and lies face up in front of them; the turn goes on."""
    game = my_turn(position(coins=5))
    buyable = {a for a in legal_texts(game) if a.startswith("discover")}
    assert buyable == {"discover GD1", "discover GD3"}
    game = game.apply("discover GD3")
    assert (p0(game).coins, p0(game).discoveries) == (0, ("GD3",))
    assert game.state.board.discoveries == ("GD1", "GD4", "GD5")
    assert isinstance(game.frames[-1], TurnFrame) and any(a.startswith("play") for a in legal_texts(game))


def test_g2_buying_during_a_basic_action_between_its_steps() -> None:
    """G2 with Q5 (R5): an additional Quick Action, so also between the steps of a Work movement."""
    pos = position(coins=4, work="w3").development(0, "work").turn(0, played="work")
    game = pos.game().apply("basic work").apply("step w4")
    assert isinstance(game.frames[-1], WorkFrame) and "discover GD1" in legal_texts(game)
    game = game.apply("discover GD1")
    assert p0(game).discoveries == ("GD1",) and isinstance(game.frames[-1], WorkFrame)


def test_g2_a_face_up_tile_gives_its_volume() -> None:
    """G2: GD1's blue volume counts while it lies face up, like a played Master's permanent volume."""
    without = my_turn(position()).facts(0).volumes
    with_tile = my_turn(position(discoveries=["GD1"])).facts(0).volumes
    assert with_tile.blue == without.blue + 1


def test_g2_a_face_up_tile_gives_its_income_at_every_end_round() -> None:
    """G2: GD3 (1 Coin) and GD5 (1 VP) pay their income at End Round, with the Income tiles (F11), each
    recorded as coming from its tile."""
    game = position(discoveries=["GD3", "GD5"]).end_of_round(round=1)
    paid = [
        (e.source, e.coins, e.vp)
        for e in game.events
        if isinstance(e, nr.ResourcesChanged) and e.source.kind == "great_discovery" and e.player == 0
    ]
    assert paid == [(nr.Source("great_discovery", "GD3"), 1, 0), (nr.Source("great_discovery", "GD5"), 0, 1)]


def test_g2_the_volume_counts_for_a_book_space_requirement() -> None:
    """G2: the tile's volume meets a requirement as a desk volume does (R1): the facts agree."""
    game = my_turn(position(discoveries=["GD4"]))
    assert game.facts(0).volumes.orange == my_turn(position()).facts(0).volumes.orange + 1


# -- G3: activating a tile -------------------------------------------------------------------------------


def test_g2_a_face_up_tiles_volume_adds_to_the_played_masters_volumes() -> None:
    """G2 with R1: GD1's blue volume adds to Brahe's 2; GD6's volume of any colour adds to Fahrenheit's."""
    game = my_turn(position(discoveries=["GD1", "GD6"], masters_played=["brahe", "fahrenheit"]))
    counts, wild = q.volumes(game.catalog, p0(game))
    assert (counts["blue"], wild) == (3, 2)


def test_g3_activating_gives_the_vp_of_its_symbol_then_turns_it_face_down() -> None:
    """G3: GD1 gives 5 VP and turns face down: its volume is gone and it cannot be activated again."""
    game = my_turn(position(discoveries=["GD1"]))
    assert "activate GD1" in legal_texts(game)
    game = game.apply("activate GD1")
    assert (p0(game).vp, p0(game).discoveries, p0(game).discoveries_used) == (5, (), ("GD1",))
    assert game.facts(0).volumes == my_turn(position()).facts(0).volumes
    assert not {a for a in legal_texts(game) if a.startswith("activate")}


def test_g3_a_packs_symbol_giving_coins_and_potions_gives_them_when_activated() -> None:
    """G3 in a data pack whose GD1 symbol gives 2 Coins, 1 Potion and 3 VP: activating gives all three."""
    catalog = nr.default_catalog()
    tiles = catalog.great_discoveries
    rich = attrs.evolve(tiles.great_discoveries[0], discovery=(Gain(coins=2, vp=3, potions=1),))
    pack = attrs.evolve(
        catalog, great_discoveries=attrs.evolve(tiles, great_discoveries=(rich, *tiles.great_discoveries[1:]))
    )
    pos = Position(players=2, seed=1, options=GD, catalog=pack).board(discoveries=("GD1", "GD3", "GD4", "GD5"))
    pos = pos.player(0, board="A", coins=0, vp=0, potions=0, discoveries=["GD1"]).bonus([])
    game = my_turn(pos).apply("activate GD1")
    assert (p0(game).coins, p0(game).potions, p0(game).vp) == (2, 1, 3)


def test_g3_the_vp_of_an_activated_tile_are_recorded_as_the_tiles() -> None:
    """G3: the 5 VP of activating GD1 are recorded as coming from that Great Discovery tile."""
    game = my_turn(position(discoveries=["GD1"])).apply("activate GD1")
    gained = [(e.source, e.vp) for e in game.events if isinstance(e, nr.ResourcesChanged) and e.player == 0]
    assert gained[-1] == (nr.Source("great_discovery", "GD1"), 5)


def test_g3_a_symbol_counting_items_scores_what_is_counted_when_activated() -> None:
    """G3: GD4 gives 2 VP per Master played: 2 Masters played, 4 VP."""
    pos = position(discoveries=["GD4"])
    played = pos.state.players[0].masters[:2]
    game = my_turn(pos.player(0, masters_played=played)).apply("activate GD4")
    assert vp_by_reason(game, 0) == {"GD4": 4}


def test_g3_a_face_down_tile_gives_no_income() -> None:
    """G3: turned face down, the permanent effect ends: GD3 pays no Coin at End Round."""
    game = position(discoveries_used=["GD3"]).end_of_round(round=1)
    assert not [e for e in game.events if isinstance(e, nr.ResourcesChanged) and e.source.kind == "great_discovery"]


def test_g3_only_the_owner_activates_and_only_on_their_turn() -> None:
    """G3: player 1's face-up tile is not player 0's to activate; player 1 may on their own turn."""
    pos = position().player(1, discoveries=["GD5"])
    assert "activate GD5" not in legal_texts(pos.turn(0).game())
    assert "activate GD5" in legal_texts(pos.turn(1).game())


# -- G4: the City, Invention and Objective tiles --------------------------------------------------------


def travel_to_c8(pos: Position) -> Game:
    """Player 0 travels Basel -> Innsbruck -> Venezia, where the City tile C8 lies."""
    pos = pos.map_tile("venezia", "C8").player(0, scientist="basel", cubes=[]).development(0, "travel")
    game = pos.turn(0, played="travel").game().apply("basic travel")
    return game.apply("step innsbruck").apply("step venezia")


@pytest.mark.parametrize(("rounding", "paid"), [("up", 3), ("down", 2)])
def test_g4_city_tile_takes_a_tile_paying_half_its_cost(rounding: str, paid: int) -> None:
    """G4: the City tile offers the tiles the player can pay at half cost: GD3 (5) costs 3 rounded up
    (the default reading), 2 with ``discovery_half_cost="down"``."""
    options = Options(great_discoveries=True, discovery_half_cost=rounding)  # type: ignore[arg-type]
    game = travel_to_c8(position(options, coins=3))
    assert isinstance(game.frames[-1], DiscoveryFrame) and game.frames[-1].price == "half"
    assert {"discover GD1", "discover GD3", "decline"} <= legal_texts(game)
    assert (
        game.decision is not None
        and game.decision.prompt == "take an available Great Discovery tile paying half its cost, or decline"
    )
    game = game.apply("discover GD3")
    assert (p0(game).coins, p0(game).discoveries) == (3 - paid, ("GD3",))


def test_g4_city_tile_may_be_declined_and_asks_nothing_when_no_tile_can_be_paid() -> None:
    """G4: the City tile's tile is optional; with no Coin and no tile costing 0, nothing is asked."""
    game = travel_to_c8(position(coins=2)).apply("decline")
    assert p0(game).discoveries == () and not isinstance(game.frames[-1], DiscoveryFrame)
    broke = travel_to_c8(position(coins=0))
    assert p0(broke).cubes == ("venezia",) and not isinstance(broke.frames[-1], DiscoveryFrame)


def test_g4_invention_tile_takes_a_tile_for_free() -> None:
    """G4: the Invention tile gives any available tile for free (GD5 costs 6; the player has none)."""
    pos = position(coins=0, work="w4").track_tile("w5", "I11").turn(0, played="work")
    game = pos.game().apply("basic work").apply("step w5")
    assert isinstance(game.frames[-1], DiscoveryFrame) and game.frames[-1].price == "free"
    assert legal_texts(game) == {"discover GD1", "discover GD3", "discover GD4", "discover GD5", "decline"}
    assert (
        game.decision is not None
        and game.decision.prompt == "take an available Great Discovery tile for free, or decline"
    )
    game = game.apply("discover GD5")
    assert p0(game).discoveries == ("GD5",) and p0(game).coins == 1  # the Work action's coin only


@pytest.mark.parametrize(
    ("face_up", "face_down", "vp"), [(["GD1"], [], 4), (["GD1"], ["GD3"], 8), (["GD1", "GD4"], ["GD3", "GD5"], 12)]
)
def test_g4_objective_tile_four_vp_per_tile_face_up_or_down_at_most_twelve(
    face_up: list[str], face_down: list[str], vp: int
) -> None:
    """G4: the Objective tile counts every Great Discovery tile the player has, face up or face down:
    4 VP each, at most 12 (4 tiles still give 12)."""
    pos = position(work=WORK_OBJECTIVE, discoveries=face_up, discoveries_used=face_down)
    game = pos.track_tile(WORK_OBJECTIVE, "O11").end_of_round()
    assert game.is_over and vp_by_reason(game, 0)["objective O11"] == vp


def test_g4_the_modules_tiles_join_the_random_setup_only_with_the_module() -> None:
    """G4: the City, Invention and Objective tiles join the base tiles before the random setup: over a
    few seeds each is laid at least once with the module, never without it."""
    laid_with: set[str] = set()
    for seed in range(40):
        board = nr.new_game(players=2, seed=seed, options=GD).state.board
        laid_with |= {t for _, t in (*board.map_tiles, *board.track_tiles)} | {board.map_objective}
        base = nr.new_game(players=2, seed=seed).state.board
        assert not {"C8", "I11", "O11"} & ({t for _, t in (*base.map_tiles, *base.track_tiles)} | {base.map_objective})
    assert {"C8", "I11", "O11"} <= laid_with


def test_g2_a_tile_is_in_one_place_only() -> None:
    """G2: a tile bought leaves the table; a position with one tile in two places is refused."""
    pos = position().board(discoveries=("GD1", "GD3"))
    pos.state = attrs.evolve(
        pos.state, players=(attrs.evolve(pos.state.players[0], discoveries=("GD1",)), *pos.state.players[1:])
    )
    with pytest.raises(nr.PositionError, match="Great Discovery tile GD1 is in 2 places"):
        pos.turn(0).game()


# -- a tile of any cost and symbol (the tiles are data: a designer's tile may ask Potions or VP) ---------


def with_tile(pos: Position, tile: str, **fields: Any) -> Position:
    """``pos`` with the Great Discovery ``tile`` showing ``fields`` (its cost, its symbol's effects)."""
    module = pos.catalog.great_discoveries
    tiles = tuple(attrs.evolve(t, **fields) if t.id == tile else t for t in module.great_discoveries)
    pos.catalog = attrs.evolve(pos.catalog, great_discoveries=attrs.evolve(module, great_discoveries=tiles))
    return pos


def paid_to(game: Game, tile: str) -> list[tuple[int, int, int]]:
    """What the last action changed in player 0's Coins, Potions and VP, booked to ``tile``."""
    return [
        (e.coins, e.potions, e.vp)
        for e in game.last_events
        if isinstance(e, nr.ResourcesChanged) and e.player == 0 and e.source == nr.Source("great_discovery", tile)
    ]


def test_g2_buying_pays_every_part_of_the_cost_booked_to_the_tile() -> None:
    """G2: a tile costing 2 Coins, 1 Potion and 2 VP takes all three, recorded as paid for that tile."""
    pos = with_tile(position(coins=3).player(0, potions=2, vp=4), "GD1", cost=Amount(coins=2, potions=1, vp=2))
    game = my_turn(pos).apply("discover GD1")
    assert (p0(game).coins, p0(game).potions, p0(game).vp) == (1, 1, 2)
    assert paid_to(game, "GD1") == [(-2, -1, -2)]


@pytest.mark.parametrize(("rounding", "paid"), [("up", 2), ("down", 1)])
def test_g4_city_tile_halves_every_part_of_the_cost(rounding: str, paid: int) -> None:
    """G4: half of a cost of 3 Coins, 3 Potions and 3 VP is 2 of each rounded up, 1 rounded down."""
    options = Options(great_discoveries=True, discovery_half_cost=rounding)  # type: ignore[arg-type]
    pos = with_tile(position(options, coins=3).player(0, potions=3, vp=3), "GD1", cost=Amount(coins=3, potions=3, vp=3))
    game = travel_to_c8(pos).apply("discover GD1")
    assert (p0(game).coins, p0(game).potions, p0(game).vp) == (3 - paid, 3 - paid, 3 - paid)


def test_g3_a_symbol_of_coins_potions_and_vp_counted_on_the_board() -> None:
    """G3: a symbol giving 1 Coin, 1 Potion and 1 VP per Objective tile the player does not occupy
    (every Objective of the board: none occupied) gives each, recorded as the tile's."""
    symbol = (Gain(coins=1, potions=1), PerCount(counter="objectives_unoccupied", gain=Amount(vp=1)))
    pos = with_tile(position(discoveries=["GD1"]), "GD1", discovery=symbol)
    objectives = len(q.objective_spaces(pos.catalog, pos.state))
    game = my_turn(pos).apply("activate GD1")
    assert objectives > 0 and (p0(game).coins, p0(game).potions, p0(game).vp) == (1, 1, objectives)
    assert paid_to(game, "GD1") == [(1, 1, objectives)]


def test_g2_an_income_of_coins_vp_and_potions_is_paid_in_full() -> None:
    """G2 with F11: a tile whose income is 1 Coin, 1 VP and 1 Potion pays all three at End Round."""
    pos = with_tile(position(discoveries=["GD1"]), "GD1", income=Amount(coins=1, vp=1, potions=1))
    game = pos.end_of_round(round=1)
    paid = [
        (e.coins, e.vp, e.potions)
        for e in game.events
        if isinstance(e, nr.ResourcesChanged) and e.source == nr.Source("great_discovery", "GD1")
    ]
    assert paid == [(1, 1, 1)]
