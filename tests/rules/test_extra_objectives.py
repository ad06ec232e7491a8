"""The additional Objective tiles (checklist A1), the page after the expansion rulebook (000).

With ``Options(extra_objectives=True)`` the 8 tiles join the Objective tiles before the random setup.
Each scenario ends the game (the last turn of round 6 has just ended) with player 0 occupying the
Objective space that holds the tile: the Work marker on the Work track's Objective space, or a Student
on a Technology-track Objective space. Engine rulings (docs/rulings.md, R21): a Bookshelf tile removed by
Cavendish is no longer "available on the starting spaces"; a Work special space is reached when the
marker has moved onto or past it.
"""

from __future__ import annotations

import newton_rules as nr
from newton_rules.model.config import Options
from newton_rules.testing import Position, vp_by_reason

EXTRA = Options(extra_objectives=True)
WORK_OBJECTIVE = "w13"
TECH_OBJECTIVE = "a4"
EXTRA_TILES = tuple(f"O{i}" for i in range(12, 20))


def on_work_objective(tile: str, **fields: object) -> Position:
    """Player 0's Work marker on the Work Objective space, which holds ``tile``; two players, seed 1."""
    pos = Position(players=2, seed=1, options=EXTRA).track_tile(WORK_OBJECTIVE, tile)
    return pos.player(0, work=WORK_OBJECTIVE, **fields)


def scored(pos: Position, tile: str) -> int:
    game = pos.end_of_round()
    assert game.is_over
    return vp_by_reason(game, 0).get(f"objective {tile}", 0)


def test_a1_the_eight_tiles_join_the_random_setup_only_with_the_option() -> None:
    """A1: with the option, the additional tiles are drawn with the base ones; without it, never."""
    drawn: set[str] = set()
    for seed in range(30):
        board = nr.new_game(players=2, seed=seed, options=EXTRA).state.board
        drawn |= {t for _, t in board.track_tiles} | {board.map_objective}
        base = nr.new_game(players=2, seed=seed).state.board
        assert not set(EXTRA_TILES) & ({t for _, t in base.track_tiles} | {base.map_objective})
    assert set(EXTRA_TILES) <= drawn


def test_a1_three_vp_per_student_left_in_supply() -> None:
    """A1: 3 VP for each Student still in the supply (not on the Technology track): 1 on it, 3 left."""
    assert scored(on_work_objective("O12", students=["b3"]), "O12") == 9
    assert scored(on_work_objective("O12", students=["b3", "t0", "a2", "c1"]), "O12") == 0


def test_a1_three_vp_per_master_not_played() -> None:
    """A1: 3 VP for each Master card still in hand: 4 dealt, 1 played, 9 VP."""
    pos = on_work_objective("O13")
    masters = pos.state.players[0].masters
    assert len(masters) == 4
    assert scored(on_work_objective("O13", masters=masters[1:], masters_played=masters[:1]), "O13") == 9


def test_a1_one_vp_per_travel_cube_not_placed() -> None:
    """A1: 1 VP for each Travel cube still on the Study board: 3 of 12 placed, 9 VP."""
    assert scored(on_work_objective("O14", cubes=["venezia", "paris", "wien"]), "O14") == 9


def test_a1_one_vp_per_book_tile_not_placed() -> None:
    """A1: 1 VP for each Bookshelf tile still on the starting spaces: 12 less 2 placed less 2 removed by
    Cavendish (R21: removed tiles are not on the starting spaces any more)."""
    board = Position(players=2, seed=1).catalog.boards_by_id["A"]
    spaces = [s.id for s in board.book_spaces if not s.prefilled][:2]
    pos = on_work_objective("O15", board="A", books=spaces, books_removed=2)
    assert scored(pos, "O15") == 8


def test_a1_one_vp_per_objective_tile_not_occupied() -> None:
    """A1: 1 VP for each Objective tile in play not occupied by a piece of yours: 6 tiles, player 0 on
    the Work Objective space and a Student on a Technology Objective space, 4 VP."""
    pos = on_work_objective("O16", students=[TECH_OBJECTIVE])
    assert scored(pos, "O16") == 4


def test_a1_one_vp_per_university_not_visited() -> None:
    """A1: 1 VP for each University without your cube: 2 of the 6 visited, 4 VP."""
    assert scored(on_work_objective("O17", cubes=["bologna", "paris", "venezia"]), "O17") == 4


def test_a1_one_vp_per_empty_income_space() -> None:
    """A1: 1 VP for each empty income space of the Study board: 2 of 5 filled, 3 VP."""
    assert scored(on_work_objective("O18", income=["vp", "coins"]), "O18") == 3


def test_a1_two_vp_per_work_special_space_not_reached() -> None:
    """A1: 2 VP for each of the Work track's 4 special spaces still ahead of the marker (R21, R23: passed
    over counts as reached). Scored from a Technology Objective space, the marker on w0: 8 VP; on the
    Objective space at the end of the track: 0."""
    pos = Position(players=2, seed=1, options=EXTRA).track_tile(TECH_OBJECTIVE, "O19")
    assert scored(pos.player(0, students=[TECH_OBJECTIVE], work="w0"), "O19") == 8
    assert scored(on_work_objective("O19"), "O19") == 0
