"""Study (checklist B1-B6), Requirements and Potions (R1-R5), and the rulebook's example of Frank's Study.

All players here use Study board B of the reference data (src/newton_rules/data/study_boards.json):

    shelf 3: r0c0 2 green 1 orange | r0c1 1 blue 1 green | r0c2 University VI | r0c4 2 orange 1 blue |
             r0c5 Ancient Land B | r0c6 2 blue 1 green
    shelf 2: r1c0 2 blue | r1c2 1 green 1 orange | r1c3 University IV | r1c4 2 green | r1c5 Ancient Land A
    shelf 1: r2c0 pre-filled | r2c1 1 orange | r2c2 1 blue | r2c3 University II | r2c4 1 green | r2c6 2 orange

Lines: row2-0 = r2c0..r2c4 (3 VP), col2-0 = r0c2 r1c2 r2c2 (2 VP), col3-1 = r1c3 r2c3 (1 VP), ...
The Starting Study card shows 1 blue volume.
"""

from __future__ import annotations

import pytest

import newton_rules as nr
from newton_rules import Game, IllegalAction, Options
from newton_rules.model import events as ev
from newton_rules.model.frames import MasterFrame, StudyFrame, TurnFrame
from newton_rules.model.sources import Source
from newton_rules.testing import Position
from tests.rules.scenario import scenario

BOARD = "B"
# The 16 book spaces of board B that take a tile, the target spaces of these tests last.
OTHER_SPACES = ("r0c0", "r0c1", "r0c4", "r0c5", "r0c6", "r1c3", "r1c4", "r1c5", "r2c6", "r0c2", "r1c2", "r1c0")


def studier(
    value: int,
    *,
    last_turn_of_round: bool = False,
    round: int = 1,
    options: Options | None = None,
    **fields: object,
) -> Position:
    """Player 0 (board B, printed Work drawer) has just played the Starting Study card (1 blue volume);
    ``value - 1`` Study Development tiles make the action's value ``value``."""
    pos = scenario(players=2, seed=5, options=options).player(0, board=BOARD)
    pos.development(0, *(["study"] * (value - 1)))
    pos.player(0, **fields).turn(0, played="study", round=round)
    if last_turn_of_round:
        pos.with_state(turn_index=len(pos.state.players) * pos.catalog.constants.turns_per_round)
    return pos


def book_spaces(game: Game) -> set[str]:
    return {a.arg for a in game.legal_actions() if a.kind == "book"}


def study(game: Game, *spaces: str) -> Game:
    game = game.apply("basic study")
    for space in spaces:
        game = game.apply(f"book {space}")
    return game


def end_round(game: Game, pos: Position) -> Game:
    """End player 0's turn (the last of the round) and tuck the Starting Study card."""
    return game.apply("end").apply(f"tuck {pos.card_id(0, 'study')}")


def playing_boyle(pos: Position) -> Game:
    """Player 0 plays Robert Boyle (Study at value 4, split between several tiles) after the turn's card."""
    card = pos.card_id(0, "study")
    masters = ("boyle", *[m for m in pos.state.players[0].masters if m != "boyle"][:3])
    pos.player(0, masters=masters).desk(0, "study")
    pos.decide(TurnFrame(player=0, card=card, basic_done=True), MasterFrame(player=0))
    game = pos.game().apply("master boyle")
    top = game.state.top
    assert isinstance(top, StudyFrame) and top.value == 4 and top.split
    return game


# -- the rulebook example ------------------------------------------------------------------------


def test_frank_studies_and_completes_a_column() -> None:
    """B1, B2, B4, R4 (rulebook example): Frank studies at value 2 and takes the third tile of his first
    pile, receiving 1 Potion. He may place it on the space needing University II (he visited it) or on the
    one needing a blue volume (on his desk); he takes the blue one, completing a column, whose VP he
    receives at this and every later End Round: 2 VP, as in the rulebook (board B's column col2-0)."""
    pos = studier(2, last_turn_of_round=True, books=["r0c2", "r1c2"], cubes=["bologna"]).map_tile("bologna", "II")
    game = pos.game().apply("basic study")
    assert book_spaces(game) == {"r2c2", "r2c3"}
    game = game.apply("book r2c2")
    p = game.state.players[0]
    assert p.books == ("r0c2", "r1c2", "r2c2")
    assert (p.potions, p.vp) == (1, 0)
    line_vp = {line.id: line.vp for line in game.catalog.boards_by_id[BOARD].lines}
    game = end_round(game, pos)
    assert game.state.round == 2
    assert game.state.players[0].vp == line_vp["col2-0"] == 2


# -- B1 placing the next tile --------------------------------------------------------------------

SHELF_1 = {"r2c1", "r2c2", "r2c4", "r2c6"}
SHELF_2 = {"r1c0", "r1c2", "r1c4"}
SHELF_3 = {"r0c0", "r0c1", "r0c4", "r0c6"}


@pytest.mark.parametrize(("value", "spaces"), [(1, SHELF_1), (2, SHELF_1 | SHELF_2), (3, SHELF_1 | SHELF_2 | SHELF_3)])
def test_study_places_on_shelves_up_to_the_value(value: int, spaces: set[str]) -> None:
    """B1: a free book space of a shelf whose value is at most the action value, whose requirement is met.
    With Brahe, Leibniz and Newton (2 blue, 2 orange, 2 green) every volume requirement is met; the
    University and Ancient Land spaces are not (no cube there, no Potions)."""
    game = studier(value, masters_played=["brahe", "leibniz", "newton"]).game().apply("basic study")
    assert book_spaces(game) == spaces


def test_study_takes_the_next_tile() -> None:
    """B1: the tile covers the chosen space; the supply has one tile fewer."""
    game = study(studier(1).game(), "r2c2")
    p = game.state.players[0]
    assert p.books == ("r2c2",)
    assert ev.BookPlaced(player=0, space="r2c2") in game.events


def test_covered_space_is_not_free() -> None:
    """B1: a space already holding a tile is not free; trying it is illegal and changes nothing."""
    game = studier(1, books=["r2c2"], round_volumes=["green"]).game().apply("basic study")
    assert book_spaces(game) == {"r2c4"}
    before = game.state
    with pytest.raises(IllegalAction):
        game.apply("book r2c2")
    assert game.state == before


def test_shelf_above_the_value_is_illegal() -> None:
    """B1: at value 1, the 2-blue space r1c0 of shelf 2 is illegal even with 2 blue volumes (Brahe)."""
    game = studier(1, masters_played=["brahe"]).game().apply("basic study")
    with pytest.raises(IllegalAction):
        game.apply("book r1c0")


# -- B2 pile bonuses -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("placed", "coins", "vp", "potions"),
    [(0, 0, 0, 0), (1, 0, 0, 0), (2, 0, 0, 1), (3, 0, 0, 0), (5, 4, 0, 0), (6, 0, 0, 0), (11, 0, 8, 0)],
)
def test_third_tile_of_a_pile_gives_its_bonus(placed: int, coins: int, vp: int, potions: int) -> None:
    """B2: the 3rd, 6th and 12th tiles (last of piles 1, 2, 4) give 1 Potion, 4 Coins, 8 VP; others nothing."""
    game = study(studier(1, books=OTHER_SPACES[:placed], coins=0).game(), "r2c2")
    p = game.state.players[0]
    assert len(p.books) == placed + 1
    assert (p.coins, p.vp, p.potions) == (coins, vp, potions)
    assert isinstance(game.state.top, TurnFrame)


def test_the_pile_bonus_is_recorded_as_its_piles() -> None:
    """B2: the 4 Coins of the 6th tile are recorded as the bonus of pile 2, the pile it emptied."""
    game = study(studier(1, books=OTHER_SPACES[:5], coins=0).game(), "r2c2")
    gained = [(e.source, e.coins) for e in game.events if isinstance(e, nr.ResourcesChanged) and e.coins > 0]
    assert gained == [(nr.Source("pile", "2"), 4)]


def test_ninth_tile_plays_a_master() -> None:
    """B2 with M1: the 9th tile (last of pile 3) lets the player play one of their Masters."""
    pos = studier(1, books=OTHER_SPACES[:8])
    game = study(pos.game(), "r2c2")
    assert isinstance(game.state.top, MasterFrame)
    master = pos.state.players[0].masters[0]
    game = game.apply(f"master {master}")
    assert master in game.state.players[0].masters_played


def test_pile_bonus_comes_when_the_action_ends() -> None:
    """B2 with F6: in Boyle's Study, the Potion of the 3rd tile is held until the action ends, so it
    cannot pay the missing blue volume of a 4th tile (r1c0: 2 blue) in the same action."""
    game = playing_boyle(studier(1, books=OTHER_SPACES[:2], round_volumes=["green"])).apply("book r2c2")
    assert isinstance(game.state.top, StudyFrame)
    assert game.state.players[0].potions == 0
    assert book_spaces(game) == {"r2c4"}  # green; r1c0 would need the Potion
    game = game.apply("stop")
    assert game.state.players[0].potions == 1


def test_pile_bonus_at_once_with_immediate_rewards() -> None:
    """B2 with Options(rewards_timing="immediate"): the Potion comes at once and pays for r1c0."""
    pos = studier(1, books=OTHER_SPACES[:2], options=Options(rewards_timing="immediate"))
    game = playing_boyle(pos).apply("book r2c2")
    assert game.state.players[0].potions == 1
    game = game.apply("book r1c0")
    assert game.state.players[0].potions == 0


# -- B3 pre-filled space, B4 completed lines ------------------------------------------------------


def test_bottom_left_space_is_prefilled() -> None:
    """B3: the bottom-left space takes no tile, and counts as covered: r2c1..r2c4 complete row 2."""
    pos = studier(1, last_turn_of_round=True, books=["r2c1", "r2c3", "r2c4"], masters_played=["leibniz"])
    game = pos.game().apply("basic study")
    assert "r2c0" not in book_spaces(game)
    with pytest.raises(IllegalAction):
        game.apply("book r2c0")
    game = end_round(game.apply("book r2c2"), pos)
    assert game.state.players[0].vp == 3  # row2-0


@pytest.mark.parametrize("round", [1, 3, 5])
def test_completed_line_pays_every_end_round(round: int) -> None:
    """B4 with F11: a completed column pays its VP at each End Round from then on; an incomplete
    line pays nothing (col2-0 complete: 2 VP; row2-0 lacks r2c3)."""
    books = ["r0c2", "r1c2", "r2c2", "r2c1"]
    pos = studier(1, last_turn_of_round=True, round=round, books=books, vp=10, round_volumes=["green"])
    game = pos.game().apply("basic study").apply("book r2c4")
    game = end_round(game, pos)
    assert game.state.round == round + 1
    assert game.state.players[0].vp == 10 + 2


# -- B5 one tile, B6 no tiles --------------------------------------------------------------------


def test_one_tile_per_study_action() -> None:
    """B5: at value 3 the value is not split: after one tile (shelf 1) the Study action is over."""
    game = study(studier(3).game(), "r2c2")
    assert isinstance(game.state.top, TurnFrame)
    assert not book_spaces(game)
    assert game.state.players[0].books == ("r2c2",)


def test_no_study_without_tiles() -> None:
    """B6: with all 12 tiles placed there is no Study action, though book spaces are free."""
    game = studier(1, books=OTHER_SPACES).game()
    assert len(OTHER_SPACES) == 12
    assert "basic study" not in {str(a) for a in game.legal_actions()}


def test_no_study_when_tiles_were_removed() -> None:
    """B6 with Cavendish: 10 placed and 2 removed from the supply leave no tile to place."""
    game = studier(1, books=OTHER_SPACES[:10], books_removed=2).game()
    assert "basic study" not in {str(a) for a in game.legal_actions()}
    game = studier(1, books=OTHER_SPACES[:10], books_removed=1).game()
    assert "basic study" in {str(a) for a in game.legal_actions()}


# -- R1 which volumes count --------------------------------------------------------------------


def test_volumes_on_the_desk_count() -> None:
    """R1: volumes of every card on the desk this round count (Starting Travel card: 1 orange)."""
    game = studier(1).desk(0, "travel", "study").game().apply("basic study")
    assert "r2c1" in book_spaces(game)  # 1 orange


def test_volumes_of_tucked_or_held_cards_do_not_count() -> None:
    """R1: a card tucked under the desk or held in hand shows no volume (Starting Travel: orange)."""
    game = studier(1).tucked(0, "travel").game().apply("basic study")
    assert "r2c1" not in book_spaces(game)
    pos = studier(1)
    assert pos.card_id(0, "travel") in pos.state.players[0].hand
    assert "r2c1" not in book_spaces(pos.game().apply("basic study"))


def test_volumes_of_played_masters_count() -> None:
    """R1: Tycho Brahe shows 2 blue volumes: with the Study card's blue, 2-blue r1c0 is met."""
    game = studier(2, masters_played=["brahe"]).game().apply("basic study")
    assert "r1c0" in book_spaces(game)
    game = studier(2, masters=["brahe"]).game().apply("basic study")
    assert "r1c0" not in book_spaces(game)  # a Master in hand does not count


# -- R2 volumes are never spent; R5 several spaces in one action ----------------------------------


def test_volumes_are_not_spent() -> None:
    """R2: the Starting Study card's blue volume meets r2c2 (1 blue) in one turn and, still on the desk,
    r0c1 (1 blue, 1 green; green from L1-13) in a later turn of the round; no Potion is ever spent."""
    pos = studier(2, hand=["work", "L1-13"])
    game = study(pos.game(), "r2c2").apply("end")
    game = game.apply(f"play {pos.card_id(1, 'work')}").apply("end")
    game = game.apply("play L1-13").apply("basic study")
    assert "r0c1" in book_spaces(game)
    game = game.apply("book r0c1")
    p = game.state.players[0]
    assert p.books == ("r2c2", "r0c1")
    assert p.potions == 0


def test_boyle_checks_each_space_on_its_own() -> None:
    """R5 and R2 (FAQ 1a): with 1 blue volume, Boyle places a 1-blue and a 2-blue tile for 1 Potion: the
    blue volume counts for both spaces, and the Potion pays only what the second one misses."""
    game = playing_boyle(studier(1, potions=1))
    game = game.apply("book r2c2")
    assert game.state.players[0].potions == 1
    assert "r1c0" in book_spaces(game)
    game = game.apply("book r1c0")
    p = game.state.players[0]
    assert p.books == ("r2c2", "r1c0")
    assert p.potions == 0


def test_boyle_in_the_other_order_costs_the_same() -> None:
    """R5: 2-blue space first (1 Potion), then the 1-blue space: still met by the same volume."""
    game = playing_boyle(studier(1, potions=1)).apply("book r1c0")
    assert game.state.players[0].potions == 0
    assert "r2c2" in book_spaces(game)
    game = game.apply("book r2c2")
    assert game.state.players[0].potions == 0


def test_boyle_without_the_potion_places_only_what_is_met() -> None:
    """R5: with no Potion the 2-blue space stays illegal after the 1-blue one is placed."""
    game = playing_boyle(studier(1)).apply("book r2c2")
    assert "r1c0" not in book_spaces(game)


# -- R3 Potions ---------------------------------------------------------------------------------


def test_potion_replaces_a_missing_volume() -> None:
    """R3: r1c0 needs 2 blue; with the Study card's blue, 1 Potion makes it legal and is spent."""
    game = studier(2, potions=1).game().apply("basic study")
    assert "r1c0" in book_spaces(game)
    game = game.apply("book r1c0")
    assert game.state.players[0].potions == 0
    assert ev.ResourcesChanged(player=0, potions=-1, source=Source("requirement", "book")) in game.events


def test_q6_r19_auto_potions_no_quick_action_after_the_boost_takes_the_study_away() -> None:
    """Q6, R5, R19 (``auto_potions``): r2c2 is covered, every other space of value 2 asks a volume more
    than the desk shows. 5 Coins: the boost (2) leaves 3, one Potion bought when the tile is placed. A
    1-Coin flip would leave the boosted Study impossible, so it is not offered, nor is `end`: the action
    stays due. Buying the Potion now keeps it possible."""
    game = studier(1, coins=5, books=("r2c2",), options=Options(auto_potions=True)).game().apply("boost")
    assert {str(a) for a in game.legal_actions()} == {"basic study", "potion"}
    game = game.apply("potion")
    assert {str(a) for a in game.legal_actions()} == {"basic study"}
    game = game.apply("basic study")
    assert "r2c1" in book_spaces(game)


def test_q6_r19_before_the_boost_every_quick_action_is_offered() -> None:
    """Q6, R19 (``auto_potions``): the scenario above with 3 Coins and no boost paid: nothing is due yet, so
    the flip is offered though, once it is paid, 2 Coins could not pay a boost and the Potion a boosted
    Study would ask."""
    game = studier(1, coins=3, books=("r2c2",), options=Options(auto_potions=True)).game()
    assert "flip 1" in {str(a) for a in game.legal_actions()}


def test_q6_after_the_boosted_action_every_quick_action_is_offered() -> None:
    """Q6: once the boosted Study is done nothing is due: with 3 Coins left and no Potion, the flip and the
    Potion are offered though, after the flip, no space of value 2 could be paid for."""
    game = studier(1, coins=5, potions=1, books=("r2c2",)).game().apply("boost").apply("basic study")
    game = game.apply("book r2c1")
    assert isinstance(game.state.top, TurnFrame) and game.state.players[0].potions == 0
    assert {"flip 1", "potion"} <= {str(a) for a in game.legal_actions()}


def test_one_potion_per_missing_volume() -> None:
    """R3: r0c0 needs 2 green and 1 orange: 3 Potions make it legal, 2 do not."""
    assert "r0c0" not in book_spaces(studier(3, potions=2).game().apply("basic study"))
    game = studier(3, potions=3).game().apply("basic study")
    assert "r0c0" in book_spaces(game)
    assert game.apply("book r0c0").state.players[0].potions == 0


def test_only_missing_volumes_cost_potions() -> None:
    """R3: holding 5 Potions, r1c0 (2 blue, 1 on the desk) costs 1; a met requirement costs none."""
    game = study(studier(2, potions=5).game(), "r1c0")
    assert game.state.players[0].potions == 4
    game = study(studier(2, potions=5).game(), "r2c2")
    assert game.state.players[0].potions == 5


def test_three_potions_replace_a_university() -> None:
    """R3: r2c3 needs University II, not visited: 3 Potions make it legal and are spent; 2 do not."""
    assert "r2c3" not in book_spaces(studier(1, potions=2).game().apply("basic study"))
    game = study(studier(1, potions=3).game(), "r2c3")
    assert game.state.players[0].potions == 0


def test_three_potions_replace_an_ancient_land() -> None:
    """R3: r1c5 needs Ancient Land A, not visited: 3 Potions make it legal; 2 do not."""
    assert "r1c5" not in book_spaces(studier(2, potions=2).game().apply("basic study"))
    game = study(studier(2, potions=4).game(), "r1c5")
    assert game.state.players[0].potions == 1


# -- R4 University and Ancient Land requirements ------------------------------------------------


def test_university_requirement_is_a_cube_there() -> None:
    """R4: r2c3 needs University II (here on Leipzig): met by a cube on Leipzig, no Potion spent."""
    pos = studier(1, cubes=["leipzig"]).map_tile("leipzig", "II")
    game = study(pos.game(), "r2c3")
    assert game.state.players[0].books == ("r2c3",)
    assert game.state.players[0].potions == 0


def test_university_requirement_is_not_another_university() -> None:
    """R4: a cube on another University, or the Scientist standing on Leipzig without a cube, is not enough."""
    pos = studier(1, cubes=["paris"], scientist="leipzig").map_tile("leipzig", "II").map_tile("paris", "III")
    assert "r2c3" not in book_spaces(pos.game().apply("basic study"))


def test_ancient_land_requirement_is_a_cube_there() -> None:
    """R4: r1c5 needs Ancient Land A (here on Roma): met by a cube on Roma."""
    pos = studier(2, cubes=["roma"]).map_tile("roma", "A")
    assert "r1c5" in book_spaces(pos.game().apply("basic study"))
    pos = studier(2, cubes=["athenai"]).map_tile("roma", "A").map_tile("athenai", "B")
    assert "r1c5" not in book_spaces(pos.game().apply("basic study"))


def test_b1_q6_a_study_possible_only_boosted_offers_the_boost_then_the_study() -> None:
    """B1 with Q6: every shelf-1 space of board A is covered, so a Study of value 1 places nothing and is
    not offered; the boost (2 Coins) raises it to 2, so it is offered, and after it the Study is."""
    shelf_1 = ["r2c1", "r2c2", "r2c4", "r2c5", "r2c6"]
    pos = scenario(players=2, seed=1).player(0, board="A", coins=2, potions=5, books=shelf_1).bonus([])
    game = pos.turn(0, played="study").game()
    assert "boost" in {str(a) for a in game.legal_actions()}
    assert "basic study" not in {str(a) for a in game.legal_actions()}
    boosted = game.apply("boost")
    assert [str(a) for a in boosted.legal_actions()] == ["basic study"]
    assert "r1c0" in book_spaces(boosted.apply("basic study"))  # shelf 2


def test_b1_q6_after_the_boost_the_quick_actions_that_keep_the_study_possible_are_offered() -> None:
    """B1 with Q6: the scenario above with 5 Coins. After the boost (3 Coins left) only the boosted Study of
    value 2 can place a tile; a flip (1 Coin) or a Potion (3 Coins) leaves it possible (the 5 Potions held
    pay its shelf-2 spaces), so both are offered beside it; enrolling (5 Coins) is not affordable."""
    shelf_1 = ["r2c1", "r2c2", "r2c4", "r2c5", "r2c6"]
    pos = scenario(players=2, seed=1).player(0, board="A", coins=5, potions=5, books=shelf_1).bonus([])
    boosted = pos.turn(0, played="study").game().apply("boost")
    assert boosted.state.players[0].coins == 3
    assert {str(a) for a in boosted.legal_actions()} == {"basic study", "flip 1", "flip 2", "flip 3", "potion"}
    for quick in ("flip 1", "potion"):
        assert "r1c0" in book_spaces(boosted.apply(quick).apply("basic study"))  # shelf 2, still placed
