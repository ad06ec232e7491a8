"""Objective tiles O1-O10 (000 p.14, 003 FAQ 3): what each tile counts, its cap, who scores it.

Every scenario ends the game the same way: the last turn of round 6 has just ended, so the End Round
gives income only (F14) and final scoring follows (F15). Each player scores the tile of every Objective
space holding a piece of theirs: a cube on the Map's Objective space, a Student on one of the four
Technology Objective spaces, the Work marker on the Work track's Objective space.
"""

from __future__ import annotations

from newton_rules.rules import queries as q
from newton_rules.testing import Position, vp_by_reason
from tests.rules.scenario import scenario

# The Objective spaces of the reference boards: the Map's, the Work track's, the Technology paths'.
MAP_OBJECTIVE = "berlin"
WORK_OBJECTIVE = "w13"
TECH_OBJECTIVES = ("a4", "a7", "b8", "c5")
ALL_TILES = tuple(f"O{i}" for i in range(1, 11))


def lay_objectives(pos: Position, layout: dict[str, str]) -> Position:
    """Objective tiles on the six Objective spaces: ``layout`` (space -> tile), the rest filled in."""
    rest = [t for t in ALL_TILES if t not in layout.values()]
    tiles = {space: layout.get(space) or rest.pop(0) for space in (MAP_OBJECTIVE, WORK_OBJECTIVE, *TECH_OBJECTIVES)}
    pairs = tuple((s, tiles.get(s, t)) for s, t in pos.state.board.track_tiles)
    return pos.map_objective(tiles[MAP_OBJECTIVE]).board(track_tiles=pairs)


def on_work_objective(tile: str, **fields: object) -> Position:
    """Player 0's Work marker on the Work Objective space holding ``tile``."""
    pos = lay_objectives(scenario(players=2, seed=1), {WORK_OBJECTIVE: tile})
    return pos.player(0, work=WORK_OBJECTIVE, **fields)


# -- O1 Coins ---------------------------------------------------------------------------------


def test_o1_one_vp_per_coin_left() -> None:
    """O1: 1 VP for each Coin left in your supply at the end."""
    game = on_work_objective("O1", coins=9).end_of_round()
    assert game.is_over
    assert vp_by_reason(game, 0) == {"objective O1": 9}
    assert game.scores[0] == 9


def test_o1_capped_at_14() -> None:
    """O1: at most 14 VP even with more than 14 Coins."""
    assert vp_by_reason(on_work_objective("O1", coins=14).end_of_round(), 0) == {"objective O1": 14}
    assert vp_by_reason(on_work_objective("O1", coins=20).end_of_round(), 0) == {"objective O1": 14}


def test_o1_no_coins_scores_nothing() -> None:
    """O1: an occupied tile with nothing to count gives 0 VP."""
    game = on_work_objective("O1", coins=0).end_of_round()
    assert "objective O1" not in vp_by_reason(game, 0)
    assert game.scores[0] == 0


# -- O2 Potions -------------------------------------------------------------------------------


def test_o2_two_vp_per_potion_left() -> None:
    """O2: 2 VP for each Potion left at the end."""
    assert vp_by_reason(on_work_objective("O2", potions=3).end_of_round(), 0) == {"objective O2": 6}


def test_o2_capped_at_14() -> None:
    """O2: at most 14 VP, even with more than 7 Potions."""
    assert vp_by_reason(on_work_objective("O2", potions=7).end_of_round(), 0) == {"objective O2": 14}
    assert vp_by_reason(on_work_objective("O2", potions=8).end_of_round(), 0) == {"objective O2": 14}


# -- O3 Bonus tokens --------------------------------------------------------------------------


def test_o3_two_vp_per_bonus_token() -> None:
    """O3: 2 VP for each Bonus token collected."""
    game = on_work_objective("O3", bonus_tokens=["K01", "K06", "K11", "K16", "K17"]).end_of_round()
    assert vp_by_reason(game, 0) == {"objective O3": 10}


def test_o3_capped_at_14() -> None:
    """O3: at most 14 VP, even with more than 7 Bonus tokens."""
    tokens = [f"K{i:02d}" for i in range(1, 9)]
    assert vp_by_reason(on_work_objective("O3", bonus_tokens=tokens).end_of_round(), 0) == {"objective O3": 14}


# -- O4 Universities --------------------------------------------------------------------------


def test_o4_three_vp_per_university_visited() -> None:
    """O4: 3 VP for each University holding one of your cubes; other places do not count."""
    cubes = ["bologna", "paris", "leipzig", "krakow", "amsterdam", "athenai"]
    assert vp_by_reason(on_work_objective("O4", cubes=cubes).end_of_round(), 0) == {"objective O4": 12}


def test_o4_capped_at_15() -> None:
    """O4: at most 15 VP, even with all 6 Universities visited."""
    cubes = ["bologna", "paris", "leipzig", "krakow", "salamanca", "uppsala"]
    assert vp_by_reason(on_work_objective("O4", cubes=cubes).end_of_round(), 0) == {"objective O4": 15}


def test_o4_scientist_counts_as_cube_when_cubes_are_gone() -> None:
    """O4 with V7: with all 12 cubes placed, the Scientist on a University counts as a visit."""
    cubes = [
        "bologna",
        "paris",
        "leipzig",
        "amsterdam",
        "napoli",
        "istanbul",
        "london",
        "wien",
        "venezia",
        "marseille",
        "athenai",
        "roma",
    ]
    game = on_work_objective("O4", cubes=cubes, scientist="krakow").end_of_round()
    assert vp_by_reason(game, 0) == {"objective O4": 12}
    # With a cube still in supply, the Scientist is only a Scientist.
    game = on_work_objective("O4", cubes=cubes[:11], scientist="krakow").end_of_round()
    assert vp_by_reason(game, 0) == {"objective O4": 9}


# -- O5 Ancient Lands -------------------------------------------------------------------------


def test_o5_five_vp_per_ancient_land_no_cap() -> None:
    """O5: 5 VP for each Ancient Land visited; the tile has no cap."""
    assert vp_by_reason(on_work_objective("O5", cubes=["athenai"]).end_of_round(), 0) == {"objective O5": 5}
    cubes = ["athenai", "roma", "siracusa", "bologna"]
    assert vp_by_reason(on_work_objective("O5", cubes=cubes).end_of_round(), 0) == {"objective O5": 15}


# -- O6 Students at the end of a path ---------------------------------------------------------


def test_o6_four_vp_per_student_at_a_path_end() -> None:
    """O6: 4 VP per Student on a final space of the Technology track (the Objective one included)."""
    pos = lay_objectives(scenario(players=2, seed=1), {"a4": "O6"})
    # a4 (this Objective), b6 (the Master space) and c8 end their paths; a2 and t0 do not.
    pos = pos.player(0, students=["a4", "b6", "c8", "a2"])
    assert vp_by_reason(pos.end_of_round(), 0) == {"objective O6": 12}
    pos = pos.player(0, students=["a4", "t0"])
    assert vp_by_reason(pos.end_of_round(), 0) == {"objective O6": 4}


# -- O7 Masters played ------------------------------------------------------------------------


def test_o7_four_vp_per_master_played() -> None:
    """O7: 4 VP per Master played; Masters still in hand do not count."""
    game = on_work_objective("O7", masters_played=["hooke", "bruno", "boyle"], masters=["cusano"]).end_of_round()
    got = vp_by_reason(game, 0)
    assert got["objective O7"] == 12
    assert got == {"objective O7": 12, "master hooke": 9, "master bruno": 4}  # Boyle is worth 0


# -- O8 Bookshelf tiles -----------------------------------------------------------------------


def test_o8_four_vp_per_three_book_tiles_placed() -> None:
    """O8: 4 VP for every 3 Bookshelf tiles placed (the pre-filled space is no tile)."""
    books = ["r0c0", "r0c1", "r0c3", "r0c4", "r1c0", "r1c1", "r1c2", "r1c3"]
    game = on_work_objective("O8", board="A", books=books).end_of_round()
    assert vp_by_reason(game, 0)["objective O8"] == 8
    game = on_work_objective("O8", board="A", books=[*books, "r1c5"]).end_of_round()
    assert vp_by_reason(game, 0)["objective O8"] == 12


def test_o8_tiles_removed_by_cavendish_are_not_placed() -> None:
    """O8: tiles removed with Cavendish were never placed on the bookshelf."""
    books = ["r0c0", "r0c1", "r0c3", "r0c4", "r1c0"]
    game = on_work_objective("O8", board="A", books=books, books_removed=2).end_of_round()
    assert vp_by_reason(game, 0)["objective O8"] == 4


# -- O9 Sets of 3 different volumes -----------------------------------------------------------


def test_o9_five_vp_per_set_of_three_different_volumes() -> None:
    """O9: 5 VP per set of blue + green + orange on cards in hand and on the desk at the end."""
    # hand: start work (green), technology (blue), travel (orange), lessons (green), joker (none)
    # desk (round 6 cards stay there): L3-07 (orange, orange), L1-08 (blue, green)
    pos = on_work_objective("O9").hand(0, "work", "technology", "travel", "lessons", "joker")
    pos = pos.player(0, desk=["L3-07", "L1-08"])
    # blue 2, green 3, orange 3: two sets.
    assert vp_by_reason(pos.end_of_round(), 0) == {"objective O9": 10}


def test_o9_tucked_cards_do_not_count() -> None:
    """O9 (003 FAQ 3): cards tucked under the desk in rounds 1-5 are not available at the end."""
    pos = on_work_objective("O9").hand(0, "work", "technology", "travel")
    pos = pos.player(0, desk=[], tucked=["L3-02", "L1-08", "L2-01", "L3-07", "L1-14"])
    assert vp_by_reason(pos.end_of_round(), 0) == {"objective O9": 5}


def test_o9_counts_played_masters_not_potions() -> None:
    """O9: volumes on played Masters count; Potions never replace a volume."""
    pos = on_work_objective("O9", potions=6).hand(0, "work", "technology", "travel")
    pos = pos.player(0, desk=[])
    assert vp_by_reason(pos.end_of_round(), 0)["objective O9"] == 5  # 6 Potions add nothing
    # Brahe (2 blue), Newton (2 green) and Leibniz (2 orange): three sets.
    pos = pos.player(0, masters_played=["brahe", "newton", "leibniz"])
    assert vp_by_reason(pos.end_of_round(), 0)["objective O9"] == 15


def test_o9_capped_at_15() -> None:
    """O9: at most 15 VP, even with more than 3 sets."""
    pos = on_work_objective("O9").hand(0, "work", "technology", "travel")
    pos = pos.player(0, desk=["L1-08", "L1-14", "L3-03"], masters_played=["brahe", "newton", "leibniz"])
    # blue 5, green 5, orange 5 would be 5 sets.
    assert vp_by_reason(pos.end_of_round(), 0)["objective O9"] == 15


def test_o9_fahrenheit_volume_fills_the_missing_colour() -> None:
    """O9 with Fahrenheit: his volume of any colour completes a set (R11: the best colour)."""
    pos = on_work_objective("O9").hand(0, "work", "technology", "lessons", "study")
    pos = pos.player(0, desk=[])  # blue 2, green 2, orange 0
    assert "objective O9" not in vp_by_reason(pos.end_of_round(), 0)
    pos = pos.player(0, masters_played=["fahrenheit"])
    assert vp_by_reason(pos.end_of_round(), 0)["objective O9"] == 5


def test_o9_fahrenheit_volume_makes_no_set_when_two_colours_are_short() -> None:
    """O9 with Fahrenheit: blue 2, green 3, orange 2 are two sets; his one volume cannot make a third."""
    pos = on_work_objective("O9").hand(0, "work", "technology", "travel", "lessons")
    pos = pos.player(0, desk=["L1-08", "L1-11"], masters_played=["fahrenheit"])
    assert vp_by_reason(pos.end_of_round(), 0)["objective O9"] == 10


# -- O10 Pairs of non-starting Action cards ---------------------------------------------------


def test_o10_three_vp_per_pair_of_non_starting_cards() -> None:
    """O10 (003 FAQ 3): hand + desk at the end, starting cards removed, halved rounding down, x3."""
    pos = on_work_objective("O10").hand(0, "work", "joker", "L1-01", "L2-02", "L3-03")
    pos = pos.player(0, desk=["technology", "L1-04", "L2-05"], tucked=["L1-06", "L2-07", "L3-08"])
    # 5 non-starting cards available (the 3 tucked do not count): 2 pairs.
    assert vp_by_reason(pos.end_of_round(), 0) == {"objective O10": 6}


def test_o10_capped_at_15() -> None:
    """O10: at most 15 VP, even with more than 5 pairs."""
    cards = [f"L1-{i:02d}" for i in range(1, 13)]
    pos = on_work_objective("O10").hand(0, *cards[:7]).player(0, desk=cards[7:])
    assert vp_by_reason(pos.end_of_round(), 0) == {"objective O10": 15}


# -- Who scores a tile ------------------------------------------------------------------------


def test_objective_scores_only_for_players_with_a_piece_on_its_space() -> None:
    """O1-O10 / F15: a tile scores for a player only if a piece of theirs is on its space."""
    pos = on_work_objective("O1", coins=9).player(1, coins=12)
    game = pos.end_of_round()
    assert vp_by_reason(game, 0) == {"objective O1": 9}
    assert vp_by_reason(game, 1) == {}


def test_several_players_score_the_same_objective() -> None:
    """F15: every player with a piece on an Objective space scores its tile, each for themself."""
    pos = lay_objectives(scenario(players=3, seed=2), {MAP_OBJECTIVE: "O2"})
    pos = pos.player(0, cubes=[MAP_OBJECTIVE], potions=2).player(1, cubes=[MAP_OBJECTIVE], potions=5)
    game = pos.player(2, potions=4).end_of_round()
    assert [vp_by_reason(game, seat).get("objective O2", 0) for seat in range(3)] == [4, 10, 0]


def test_each_piece_kind_activates_its_objective() -> None:
    """F15: a cube on the Map's, a Student on a Technology and the marker on the Work Objective space."""
    layout = {MAP_OBJECTIVE: "O1", WORK_OBJECTIVE: "O2", "b8": "O3", "c5": "O5"}
    pos = lay_objectives(scenario(players=2, seed=1), layout)
    pos = pos.player(
        0,
        cubes=[MAP_OBJECTIVE, "athenai"],
        work=WORK_OBJECTIVE,
        students=["b8", "c5"],
        coins=3,
        potions=2,
        bonus_tokens=["K01"],
    )
    game = pos.end_of_round()
    assert vp_by_reason(game, 0) == {"objective O1": 3, "objective O2": 4, "objective O3": 2, "objective O5": 5}
    assert game.scores[0] == 14


def test_unoccupied_objectives_score_nothing() -> None:
    """F15: the same counts without a piece on any Objective space give no VP."""
    pos = scenario(players=2, seed=1).player(0, coins=14, potions=7, cubes=["athenai", "roma"])
    game = pos.end_of_round()
    assert vp_by_reason(game, 0) == {}
    assert game.scores == (0, 0)


def test_f15_the_objective_tiles_remembered_for_a_layout_are_never_read_for_another() -> None:
    """F15: the Objective tiles in play are remembered per layout; an entry left by another layout under
    the same key (its tiles' tuple gone, its id reused) is not read: the tiles are found again."""
    game = on_work_objective("O9").game()
    board = game.state.board
    found = q.objective_spaces(game.catalog, game.state)
    assert ("work", "w13", "O9") in found
    key = (board.map_objective, id(board.track_tiles))
    game.catalog.objective_layouts[key] = ((*board.track_tiles,), ())  # another tuple, equal but not the same
    assert q.objective_spaces(game.catalog, game.state) == found
