"""The 10 Invention tiles (checklist I1-I10), rulebook p.13.

Each tile is put on an Invention space of a track with ``Position.track_tile`` and reached by a Work
marker (w5) or a Student (a3, b2, c2, c8) ending its move there. Engine rulings: Basic Actions from
Inventions have at most the printed value, never boosted, desk symbols never added; the per-item
actions of I6 and I7 are one value-1 action per item (``invention_actions="per_item"``, the English
rulebook) or one action of value N (``"combined"``, the German rules).
"""

from __future__ import annotations

import attrs
import pytest

from newton_rules.effects.primitives import Amount, PerCount
from newton_rules.errors import IllegalAction
from newton_rules.game import Game
from newton_rules.model.config import Options
from newton_rules.model.events import ResourcesChanged
from newton_rules.model.frames import LessonsFrame, RewardFrame, StudyFrame, TechnologyFrame, TravelFrame, WorkFrame
from newton_rules.model.sources import Source
from newton_rules.rules import queries as q
from newton_rules.testing import Position
from tests.rules.scenario import scenario

ActionFrame = (WorkFrame, TechnologyFrame, TravelFrame, LessonsFrame, StudyFrame)
PER_ITEM = Options(invention_actions="per_item")
COMBINED = Options(invention_actions="combined")


def position(options: Options | None = None) -> Position:
    """Two players (seed 1); player 0 on board A (printed drawer: lessons), no resources, no Bonus tokens.

    The Specialization tile on w2 is taken off so value-1 Work actions from w0 stay plain.
    """
    pos = scenario(players=2, seed=1, options=options)
    pos = pos.player(0, board="A", drawers=[None, None, None, None, "lessons"], coins=0, vp=0, potions=0)
    pos = pos.board(track_tiles=tuple((s, t) for s, t in pos.state.board.track_tiles if s != "w2"))
    return pos.bonus([])


def work_onto_w5(pos: Position, tile: str) -> Game:
    """The Work marker moves w4 -> w5 (value 1), where ``tile`` lies; the Work action ends there."""
    game = pos.player(0, work="w4").track_tile("w5", tile).turn(0, played="work").game()
    return game.apply("basic work").apply("step w5")


def student_onto(pos: Position, start: str, space: str, tile: str) -> Game:
    """A Student moves ``start`` -> ``space`` (value 1), where ``tile`` lies."""
    pos = pos.player(0, students=[start]).track_tile(space, tile).turn(0, played="technology")
    return pos.game().apply("basic technology").apply("student 0").apply(f"step {space}")


def resources(game: Game) -> tuple[int, int, int]:
    p = game.state.players[0]
    return p.coins, p.vp, p.potions


def top_value(game: Game) -> int:
    """The value of the Basic Action being performed."""
    frame = game.frames[-1]
    assert isinstance(frame, ActionFrame)
    return frame.value


def kind(game: Game) -> str | None:
    return None if game.decision is None else game.decision.kind


def test_i1_potion_and_6_vp() -> None:
    """I1: 1 Potion and 6 VP (after the Work Coin)."""
    assert resources(work_onto_w5(position(), "I1")) == (1, 6, 1)


def test_i2_two_potions_and_3_vp() -> None:
    """I2: 2 Potions and 3 VP, reached by a Student on b2."""
    assert resources(student_onto(position(), "b1", "b2", "I2")) == (0, 3, 2)


def test_i3_five_coins_and_a_student() -> None:
    """I3: 5 Coins and a Student from supply on the start space of the Technology track."""
    game = work_onto_w5(position().player(0, students=["b3"]), "I3")
    assert resources(game) == (6, 0, 0)
    assert game.state.players[0].students == ("b3", "t0", None, None)


def test_i3_with_no_student_in_supply_gives_only_coins() -> None:
    game = work_onto_w5(position().player(0, students=["b3", "a2", "c3", "t1"]), "I3")
    assert resources(game) == (6, 0, 0)
    assert game.state.players[0].students == ("b3", "a2", "c3", "t1")


@pytest.mark.parametrize(("masters", "gain"), [((), (0, 0)), (("brahe", "newton"), (4, 4))])
def test_i4_two_vp_and_two_coins_per_master_played(masters: tuple[str, ...], gain: tuple[int, int]) -> None:
    """I4: 2 VP and 2 Coins for every Master card played (Masters in hand do not count)."""
    pos = position().player(0, masters_played=masters)
    game = student_onto(pos, "c1", "c2", "I4")
    assert resources(game) == (gain[0], gain[1], 0)


def test_i5_two_vp_per_university_visited() -> None:
    """I5: 2 VP per University with a cube of the player (a City cube does not count)."""
    pos = position().player(0, cubes=["bologna", "paris", "venezia"])
    assert resources(work_onto_w5(pos, "I5")) == (1, 4, 0)


def test_i4_i5_a_per_item_gain_gives_no_action() -> None:
    """I4, I5: VP and Coins per item, recorded as the tile's, and no action: the turn goes on."""
    game = student_onto(position().player(0, masters_played=("brahe", "newton")), "c1", "c2", "I4")
    assert kind(game) == "turn"
    gained = [(e.source, e.coins, e.vp) for e in game.last_events if isinstance(e, ResourcesChanged)]
    assert gained[-1] == (Source("tile", "I4"), 4, 4)


def test_i5_a_designers_tile_counting_on_the_board() -> None:
    """A designer's Invention (the tiles are data): 1 VP per Objective tile of the board the player does
    not occupy, counted on the board (every Objective: none occupied)."""
    pos = position()
    per_objective = PerCount(counter="objectives_unoccupied", gain=Amount(vp=1))
    tiles = tuple(attrs.evolve(t, effects=(per_objective,)) if t.id == "I5" else t for t in pos.catalog.inventions)
    pos.catalog = attrs.evolve(pos.catalog, inventions=tiles)
    objectives = len(q.objective_spaces(pos.catalog, pos.state))
    assert objectives > 0 and resources(work_onto_w5(pos, "I5")) == (1, objectives, 0)


def test_passing_over_an_invention_gives_nothing() -> None:
    """I1-I10 with W3: the marker must end its move on the Invention tile."""
    pos = position().player(0, work="w4").track_tile("w5", "I1").development(0, "work")
    game = pos.turn(0, played="work").game().apply("basic work").apply("step w5").apply("step w6")
    assert resources(game) == (2, 0, 0)


# -- I6: 2 VP and a Technology action of value 1 per Ancient Land -------------------------------------


def i6_position(options: Options) -> Position:
    """Cubes on 2 Ancient Lands; Students on t0 and t0; the desk shows 2 more technology symbols."""
    pos = position(options).player(0, cubes=["roma", "athenai"], students=["t0", "t0"])
    return pos.development(0, "technology", "technology")


def test_i6_per_item_one_technology_action_of_value_1_per_ancient_land() -> None:
    """I6 (per_item): 4 VP, then two separate Technology actions of value 1 (desk symbols not added)."""
    game = work_onto_w5(i6_position(PER_ITEM), "I6")
    assert resources(game) == (1, 4, 0)
    assert kind(game) == "technology"
    assert top_value(game) == 1
    game = game.apply("student 0").apply("step t1")  # value 1 used: this action ends
    assert kind(game) == "technology"
    assert top_value(game) == 1
    game = game.apply("student 1").apply("step t1")
    assert game.state.players[0].students[:2] == ("t1", "t1")
    assert kind(game) == "turn"


def test_i6_per_item_one_ancient_land_one_action_granted_by_the_tile() -> None:
    """I6 (per_item): one Ancient Land: 2 VP and one Technology action of value 1, given by the tile."""
    game = work_onto_w5(position(PER_ITEM).player(0, cubes=["roma"], students=["t0"]), "I6")
    assert resources(game) == (1, 2, 0)
    assert kind(game) == "technology" and top_value(game) == 1
    two = work_onto_w5(i6_position(PER_ITEM), "I6")
    given = [f.reward.source for f in two.frames if isinstance(f, RewardFrame)]
    assert given == [Source("tile", "I6")]


def test_i6_combined_one_technology_action_of_value_2() -> None:
    """I6 (combined): one Technology action whose value is the number of Ancient Lands; one Student moves."""
    game = work_onto_w5(i6_position(COMBINED), "I6")
    assert resources(game) == (1, 4, 0)
    assert top_value(game) == 2
    game = game.apply("student 0").apply("step t1").apply("step b1")
    assert game.state.players[0].students[:2] == ("b1", "t0")
    assert kind(game) == "turn"


def test_i6_without_ancient_lands_nothing() -> None:
    game = work_onto_w5(position().player(0, cubes=["bologna"], students=["t0"]), "I6")
    assert resources(game) == (1, 0, 0)
    assert kind(game) == "turn"


def test_i6_actions_are_never_boosted() -> None:
    """I6 with Q2: the boost paid for the card's Work action does not raise the Invention's actions."""
    pos = i6_position(PER_ITEM).player(0, coins=2, work="w3").track_tile("w5", "I6").turn(0, played="work")
    game = pos.game().apply("boost").apply("basic work").apply("step w4").apply("step w5")
    assert kind(game) == "technology"
    assert top_value(game) == 1
    with pytest.raises(IllegalAction):
        game.apply("boost")


# -- I7: 1 VP and a Work action of value 1 per completed row or column ---------------------------------

# Board A: r2c1 + r2c2 complete row2-0 (with the pre-filled r2c0); r1c2 + r2c2 complete col2-1.
TWO_LINES = ["r2c1", "r2c2", "r1c2"]


def i7_game(options: Options) -> Game:
    pos = position(options).player(0, books=TWO_LINES, work="w0").development(0, "work", "work")
    return student_onto(pos, "a2", "a3", "I7")


def test_i7_per_item_one_work_action_of_value_1_per_completed_line() -> None:
    """I7 (per_item): 2 VP, then two Work actions of value 1: 1 space and 1 Coin each."""
    game = i7_game(PER_ITEM)
    assert resources(game) == (0, 2, 0)
    assert kind(game) == "work"
    assert top_value(game) == 1
    game = game.apply("step w1")
    assert kind(game) == "work"
    assert top_value(game) == 1
    game = game.apply("step w2")
    assert game.state.players[0].work == "w2"
    assert resources(game) == (2, 2, 0)
    assert kind(game) == "turn"


def test_i7_combined_one_work_action_of_value_2() -> None:
    """I7 (combined): one Work action whose value is the number of completed lines."""
    game = i7_game(COMBINED)
    assert top_value(game) == 2
    game = game.apply("step w1").apply("step w2")
    assert game.state.players[0].work == "w2"
    assert resources(game) == (2, 2, 0)
    assert kind(game) == "turn"


# -- I8-I10: a gain and a Basic Action of value 3 --------------------------------------------------------


def test_i8_two_coins_and_a_study_action_of_value_3() -> None:
    """I8: 2 Coins, then a Study action of value 3 (2 study Development tiles are not added), one tile."""
    pos = position().development(0, "study", "study").desk(0, "technology", "lessons")
    game = work_onto_w5(pos, "I8")
    assert resources(game) == (3, 0, 0)
    assert kind(game) == "study"
    assert top_value(game) == 3
    with pytest.raises(IllegalAction):
        game.apply("boost")
    books = {a.arg for a in game.legal_actions() if a.kind == "book"}
    assert "r1c0" in books  # shelf 2 (1 blue + 1 green): a lower value is fine
    game = game.apply("book r1c0")
    assert game.state.players[0].books == ("r1c0",)
    assert kind(game) == "turn"


def test_i9_two_vp_and_a_lessons_action_of_value_3() -> None:
    """I9: 2 VP, then a Lessons action of value 3: one face-up card of level up to 3 into the hand."""
    pos = position().line(1, "L1-01").line(2, "L2-02").line(3, "L3-01")
    game = student_onto(pos, "c7", "c8", "I9")
    assert resources(game) == (0, 2, 0)
    assert kind(game) == "lessons"
    assert {str(a) for a in game.legal_actions()} == {"take L1-01", "take L2-02", "take L3-01", "stop"}
    game = game.apply("take L3-01")
    assert "L3-01" in game.state.players[0].hand
    assert kind(game) == "turn"


def test_i10_potion_and_a_travel_action_of_value_3() -> None:
    """I10: 1 Potion, then a Travel action of value 3 (a tucked travel symbol is not added)."""
    pos = position().player(0, scientist="basel", cubes=[]).tucked(0, "travel").map_tile("venezia", "C1")
    game = work_onto_w5(pos, "I10")
    assert resources(game) == (1, 0, 1)
    assert kind(game) == "travel"
    assert top_value(game) == 3
    game = game.apply("step innsbruck").apply("step venezia").apply("step bologna")
    p = game.state.players[0]
    assert (p.scientist, p.cubes) == ("bologna", ("bologna",))
    assert kind(game) == "turn"
