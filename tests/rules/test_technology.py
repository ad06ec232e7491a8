"""Technology (T1-T7): ONE Student moves forward up to the value, choosing a path at every fork.

The reference Technology track: t0 start -> t1 -> fork (a1 | b1 | c1).
Path a: a1 Specialization, a2 (fork a3 | a5), a3 Invention, a4 Objective (3 blue + 1 orange);
a5, a6, a7 Objective (2 green + 2 orange). Path b: b1, b2 Invention, b3 (fork b4 | b7), b4, b5
Specialization, b6 Master space (path end); b7, b8 Objective. Path c: c1, c2 Invention (fork c3 | c6),
c3, c4 Specialization, c5 Objective; c6, c7, c8 Invention (path end).
Player 0 uses Study board A, whose printed drawer shows Lessons, so no drawer adds to Technology.
"""

from __future__ import annotations

import attrs
import pytest

from newton_rules.components.records import Requirement
from newton_rules.errors import IllegalAction
from newton_rules.game import Game
from newton_rules.model import events as ev
from newton_rules.model.actions import Action
from newton_rules.model.frames import IncomeFrame, MasterFrame, TechnologyFrame, TurnFrame
from newton_rules.model.sources import OBJECTIVE_REQUIREMENT
from newton_rules.testing import Position, legal_texts
from tests.rules.scenario import scenario

# Technology cards without a Special Effect that changes the action (no E5): their volumes are
# Starting Technology blue, L1-05 orange, L1-06 blue, L2-05 blue + green.
TECH_CARDS = ["technology", "L1-05", "L1-06", "L2-05"]


def tech_position(value: int, *students: str | None, coins: int = 0, potions: int = 0) -> Position:
    """Player 0's turn, a Technology card just played (value 1-4), Students on ``students``."""
    pos = scenario(players=2, seed=1).player(0, board="A", coins=coins, potions=potions, students=students)
    pos.player(1, board="B", students=())
    pos.bonus([])
    for space, tile in (("a1", "Z3"), ("a3", "I2"), ("b2", "I1"), ("b5", "Z1"), ("c2", "I3"), ("c8", "I10")):
        pos.track_tile(space, tile)
    for space, tile in (("a4", "O1"), ("a7", "O2"), ("b8", "O3"), ("c5", "O4")):
        pos.track_tile(space, tile)
    cards = TECH_CARDS[:value]
    return pos.desk(0, *cards[:-1]).turn(0, played=cards[-1])


def start(pos: Position, student: int | None = 0) -> Game:
    game = pos.game().apply("basic technology")
    assert isinstance(game.frames[-1], TechnologyFrame)
    if student is not None:
        game = game.apply(f"student {student}")
    return game


def walk(game: Game, *spaces: str) -> Game:
    for space in spaces:
        game = game.apply(f"step {space}")
    return game


def steps(game: Game) -> set[str]:
    return {a.arg for a in game.legal_actions() if a.kind == "step"}


# ---------------------------------------------------------------------------------------------- T1


def test_student_moves_forward_up_to_the_value() -> None:
    """T1: value 3 from the start space: t1, then a1, then a2; the action then ends by itself."""
    game = start(tech_position(3, "t0"))
    frame = game.frames[-1]
    assert isinstance(frame, TechnologyFrame) and frame.value == 3
    game = walk(game, "t1", "a1", "a2")
    assert game.state.players[0].students == ("a2", None, None, None)
    assert not any(isinstance(f, TechnologyFrame) for f in game.frames)


def test_each_step_is_recorded_as_a_move_of_the_student_chosen() -> None:
    """T1: the Student moved (player 0's first) is the piece each step records, space by space."""
    game = walk(start(tech_position(2, "t0")), "t1", "a1")
    moves = [e for e in game.events if isinstance(e, ev.PieceMoved) and e.player == 0]
    assert moves[-2:] == [ev.PieceMoved(player=0, piece="student", to=space, index=0) for space in ("t1", "a1")]


def test_player_chooses_the_path_at_every_fork() -> None:
    """T1: leaving t1 the player picks one of the three paths; at c2 one of its two branches."""
    game = walk(start(tech_position(4, "t0")), "t1")
    assert steps(game) == {"a1", "b1", "c1"}
    game = walk(game, "c1", "c2")
    assert steps(game) == {"c3", "c6"}
    game = game.apply("step c6")
    assert game.state.players[0].students[0] == "c6"


def test_student_never_moves_backward() -> None:
    """T1: from a2 only the spaces ahead (a3, a5) are open, never a1 or t1."""
    game = start(tech_position(2, "a2"))
    assert steps(game) == {"a3", "a5"}
    with pytest.raises(IllegalAction):
        game.apply("step a1")


def test_student_may_stop_before_using_the_whole_value() -> None:
    """T1: "up to the value": value 3, one step and stop."""
    game = walk(start(tech_position(3, "t0")), "t1").apply("stop")
    assert game.state.players[0].students[0] == "t1"
    assert isinstance(game.frames[-1], TurnFrame)


# ---------------------------------------------------------------------------------------------- T2


def test_only_one_student_moves_per_action() -> None:
    """T2: with Students on t0 and a2, value 3: one step of the second Student and stop ends the
    action; the first Student cannot use the 2 points left."""
    game = start(tech_position(3, "t0", "a2"), student=None)
    assert set(game.legal_actions()) == {Action("student", "0"), Action("student", "1"), Action("stop")}
    game = game.apply("student 1")
    assert Action("student", "0") not in game.legal_actions()
    game = walk(game, "a5").apply("stop")
    assert game.state.players[0].students[:2] == ("t0", "a5")
    assert not any(isinstance(f, TechnologyFrame) for f in game.frames)
    assert isinstance(game.frames[-1], TurnFrame)


# ---------------------------------------------------------------------------------------------- T3


def test_no_student_on_the_track_no_technology_action() -> None:
    """T3: all Students in supply: the Technology card's Basic Action is not available."""
    game = tech_position(2, coins=4).game()
    assert Action("basic", "technology") not in game.legal_actions()
    with pytest.raises(IllegalAction):
        game.apply("basic technology")


def test_a_joker_cannot_choose_technology_without_a_student() -> None:
    """T3 with F8: a Joker offers the other Basic Actions, not Technology."""
    pos = tech_position(1).player(0, hand=("joker",))
    game = pos.turn(0, played="joker").game()
    basics = {a.arg for a in game.legal_actions() if a.kind == "basic"}
    assert "technology" not in basics
    assert "work" in basics


def test_enrolling_a_student_first_opens_the_technology_action() -> None:
    """T3 with Q4: 5 Coins put a Student on the start space; then the action can be taken."""
    game = tech_position(2, coins=5).game().apply("enroll")
    assert game.state.players[0].students[0] == "t0"
    assert Action("basic", "technology") in game.legal_actions()
    game = walk(game.apply("basic technology").apply("student 0"), "t1", "c1")
    assert game.state.players[0].students[0] == "c1"


def test_a_student_on_the_start_space_is_enough() -> None:
    """T3: a Student on the start space (not yet on a path) can take the action."""
    assert Action("basic", "technology") in tech_position(1, "t0").game().legal_actions()


# ---------------------------------------------------------------------------------------------- T4


def test_student_passing_a_bonus_token_takes_it() -> None:
    """T4 (K1): passing over t1 takes its token (K03: 3 Coins); its Coins arrive when the action
    ends (F6)."""
    pos = tech_position(3, "t0", coins=1).bonus([("t1", "K03")])
    game = walk(start(pos), "t1")
    assert game.state.players[0].bonus_tokens == ("K03",)
    assert game.state.board.bonus == ()
    assert any(isinstance(e, ev.BonusTokenTaken) and e.token == "K03" for e in game.events)
    assert game.state.players[0].coins == 1  # held until the action ends
    game = walk(game, "c1").apply("stop")
    assert game.state.players[0].coins == 1 + 3


def test_student_stopping_on_a_bonus_token_takes_it() -> None:
    """T4: ending the move on a token (K08: 3 VP on a2) takes it too."""
    pos = tech_position(2, "a1").bonus([("a2", "K08")])
    game = walk(start(pos), "a2").apply("stop")
    p = game.state.players[0]
    assert p.bonus_tokens == ("K08",)
    assert p.vp == 3


def test_bonus_token_taken_by_the_first_student_only() -> None:
    """T4 (K1): player 0's Student takes the Potion token on t1; player 1's Student passing t1 on the
    next turn gets nothing."""
    pos = tech_position(2, "t0").bonus([("t1", "K11")])
    pos.player(1, board="B", students=("t0",), hand=("technology", "work"))
    game = walk(start(pos), "t1", "b1").apply("end")
    assert game.state.players[0].potions == 1
    assert game.state.board.bonus == ()
    assert game.to_move == 1
    game = game.apply(f"play {pos.card_id(1, 'technology')}").apply("basic technology").apply("student 0")
    game = game.apply("step t1")  # value 1: the action ends here
    p1 = game.state.players[1]
    assert p1.students[0] == "t1"
    assert (p1.potions, p1.bonus_tokens) == (0, ())


def test_student_passing_two_tokens_takes_both_in_order() -> None:
    """T4 with F6: tokens on t1 (K01: 2 Coins) and a2 (K06: 2 VP) passed in one move are both taken,
    in the order passed."""
    pos = tech_position(3, "t0").bonus([("t1", "K01"), ("a2", "K06")])
    game = walk(start(pos), "t1", "a1", "a2")
    p = game.state.players[0]
    assert p.bonus_tokens == ("K01", "K06")
    assert (p.coins, p.vp) == (2, 2)
    taken = [e.token for e in game.events if isinstance(e, ev.BonusTokenTaken)]
    assert taken == ["K01", "K06"]


# ---------------------------------------------------------------------------------------------- T5


def test_passing_a_specialization_space_does_nothing() -> None:
    """T5: t1 -> a1 -> a2 passes the Specialization tile on a1 (Z3): no Income tile."""
    game = walk(start(tech_position(3, "t0")), "t1", "a1", "a2")
    assert not any(isinstance(f, IncomeFrame) for f in game.frames)
    assert game.state.players[0].income == (None,) * 5


def test_ending_on_a_specialization_space_activates_it() -> None:
    """T5 (Z1): ending on a1 (Z3: a Potion Income tile) offers that tile, with value to spare."""
    game = walk(start(tech_position(3, "t0")), "t1", "a1").apply("stop")
    top = game.frames[-1]
    assert isinstance(top, IncomeFrame) and top.kind == "potion"
    game = game.apply("income 0")
    assert game.state.players[0].income[0] == "potion"


def test_passing_an_invention_does_nothing_and_ending_there_activates_it() -> None:
    """T5: passing b2 (I1: 1 Potion, 6 VP) gives nothing; ending on it gives its bonus."""
    game = walk(start(tech_position(3, "b1")), "b2", "b3").apply("stop")
    p = game.state.players[0]
    assert (p.vp, p.potions) == (0, 0)
    game = walk(start(tech_position(3, "b1")), "b2").apply("stop")
    p = game.state.players[0]
    assert (p.vp, p.potions) == (6, 1)


def test_ending_on_the_technology_master_space_plays_a_master() -> None:
    """T5 (M1): the Master space at the end of path b: choose one of your Masters to play."""
    pos = tech_position(2, "b4").player(0, masters=("cusano", "hooke"))
    game = walk(start(pos), "b5", "b6")
    assert isinstance(game.frames[-1], MasterFrame)
    game = game.apply("master cusano")
    p = game.state.players[0]
    assert p.masters_played == ("cusano",)
    assert p.potions == 3
    assert p.income == (None,) * 5  # b5's Specialization tile was only passed


def test_not_moving_activates_nothing() -> None:
    """T5: a Student already on a special space that does not move activates nothing."""
    game = start(tech_position(2, "a1")).apply("stop")
    assert isinstance(game.frames[-1], TurnFrame)
    assert game.state.players[0].income == (None,) * 5


# ---------------------------------------------------------------------------------------------- T6


def test_objective_at_a_path_end_needs_its_volumes() -> None:
    """T6: a4 needs 3 blue + 1 orange; with 2 blue + 1 orange the Student on a3 cannot enter."""
    game = start(tech_position(3, "a3"))  # choosing the Student leaves only `stop`: the action ends
    assert game.state.players[0].students[0] == "a3"
    assert isinstance(game.frames[-1], TurnFrame)


def test_objective_entered_with_the_volumes() -> None:
    """T6: with 3 blue + 1 orange on the desk the Student enters a4; no Potion is spent."""
    game = start(tech_position(4, "a3", potions=1))
    assert steps(game) == {"a4"}
    game = walk(game, "a4")
    p = game.state.players[0]
    assert p.students[0] == "a4"
    assert p.potions == 1


def test_objective_entered_with_a_potion_for_the_missing_volume() -> None:
    """T6 with R3: 1 blue missing, 1 Potion replaces it and is spent on entering."""
    game = walk(start(tech_position(3, "a3", potions=1)), "a4")
    p = game.state.players[0]
    assert p.students[0] == "a4"
    assert p.potions == 0


def test_objective_requirement_only_for_entering_the_objective() -> None:
    """T6: the other spaces of the path need nothing (a2 -> a3 without any volume)."""
    game = walk(start(tech_position(1, "a2")), "a3")
    assert game.state.players[0].students[0] == "a3"


# ---------------------------------------------------------------------------------------------- T7


def test_one_student_of_a_colour_on_a_path_end() -> None:
    """T7: with an own Student on c8 (path end), the one on c7 cannot move there: only the Student
    on t0 can be chosen."""
    game = start(tech_position(1, "c8", "c7", "t0"), student=None)
    assert set(game.legal_actions()) == {Action("student", "2"), Action("stop")}
    with pytest.raises(IllegalAction):
        game.apply("student 1")


def test_a_blocked_student_alone_cannot_take_the_action() -> None:
    """T7 with T3: own Students only on c8 and c7: no Student can move, no Technology action."""
    game = tech_position(1, "c8", "c7").game()
    assert Action("basic", "technology") not in game.legal_actions()


def test_one_student_per_colour_on_an_objective_path_end() -> None:
    """T7: with an own Student on a4, another on a3 cannot enter a4 even with the 4 volumes."""
    game = start(tech_position(4, "a4", "a3", "t0"), student=None)
    assert set(game.legal_actions()) == {Action("student", "2"), Action("stop")}


def test_other_colours_do_not_block_a_path_end() -> None:
    """T7: a Student of player 1 on c8 does not stop player 0's Student entering c8."""
    pos = tech_position(1, "c7").player(1, board="B", students=("c8",))
    game = walk(start(pos), "c8")
    assert game.state.players[0].students[0] == "c8"
    assert game.state.players[1].students[0] == "c8"


def test_no_limit_on_spaces_along_a_path() -> None:
    """T7: two Students of the same colour may stand on the same space along a path."""
    game = walk(start(tech_position(2, "t0", "a1")), "t1", "a1")
    assert game.state.players[0].students[:2] == ("a1", "a1")


def test_t6_the_potion_for_an_objective_is_booked_to_the_objective_requirement() -> None:
    """T6 with R3: the Potion spent on entering a4 is recorded as paid for an Objective's requirement."""
    game = walk(start(tech_position(3, "a3", potions=1)), "a4")
    paid = [e for e in game.last_events if isinstance(e, ev.ResourcesChanged)]
    assert paid == [ev.ResourcesChanged(player=0, potions=-1, source=OBJECTIVE_REQUIREMENT)]


# -- a split value (Halley, M3): one Student at a time, each counting its own steps --------------------


def halley(coins: int = 0) -> Game:
    """Player 0 plays Halley (Technology 4, split) with four Students on t0."""
    pos = scenario(players=2, seed=1).player(0, board="A", coins=coins, students=["t0"] * 4).bonus([])
    pos = pos.player(0, masters=("halley",)).turn(0)
    return pos.decide(*pos.state.stack, MasterFrame(player=0)).game().apply("master halley")


def technology_frame(game: Game) -> TechnologyFrame:
    frame = game.state.top
    assert isinstance(frame, TechnologyFrame)
    return frame


def test_t1_a_split_technology_asks_for_each_student_while_value_is_left() -> None:
    """T1 with Halley (M3): the frame counts the chosen Student's steps; stopping with value left asks
    for another Student (steps back to 0, the first one moved), and so on until none is left."""
    game = halley().apply("student 0").apply("step t1")
    frame = technology_frame(game)
    assert (frame.student, frame.steps, frame.remaining) == (0, 1, 3)
    assert game.decision is not None and game.decision.prompt == "Technology: move Student 0 (3 left) or stop"
    game = game.apply("stop")
    frame = technology_frame(game)
    assert (frame.student, frame.steps, frame.remaining, frame.moved) == (None, 0, 3, (0,))
    assert game.decision is not None
    assert game.decision.prompt == "Technology (3 left): choose a Student to move, or stop"
    game = game.apply("student 1").apply("step t1").apply("step b1").apply("stop")  # 1 left
    frame = technology_frame(game)
    assert (frame.student, frame.remaining, frame.moved) == (None, 1, (0, 1))
    game = game.apply("student 2").apply("step t1")  # nothing left: the action ends
    assert isinstance(game.state.top, TurnFrame)
    assert game.state.players[0].students == ("t1", "b1", "t1", "t0")


def test_q5_quick_actions_between_steps_while_one_step_is_left() -> None:
    """Q5 with T1: with one step of the value left, a Potion may be bought before it."""
    game = halley(coins=3).apply("student 0").apply("step t1").apply("step b1").apply("step b2")
    assert technology_frame(game).remaining == 1
    assert "potion" in legal_texts(game)


@pytest.mark.parametrize(("cubes", "open_"), [(("krakow",), True), ((), False)])
def test_t6_r4_an_objective_asking_a_university_needs_a_cube_where_it_lies(cubes: tuple[str, ...], open_: bool) -> None:
    """T6 with R4: a designer's Objective space asking University I (the tracks are data) is entered with a
    cube on Krakow, where tile I lies; without it (and no Potions) it is closed."""
    pos = tech_position(3, "a3").map_tile("krakow", "I").player(0, cubes=cubes)
    track = pos.catalog.technology_track
    spaces = tuple(
        attrs.evolve(s, requirement=Requirement(university="I")) if s.id == "a4" else s for s in track.spaces
    )
    pos.catalog = attrs.evolve(pos.catalog, technology_track=attrs.evolve(track, spaces=spaces))
    assert (steps(start(pos)) == {"a4"}) is open_


def test_t6_an_objective_space_asking_nothing_is_open() -> None:
    """T6: a designer's Objective space with no requirement (the tracks are data) is entered with no
    volume and no Potion; the reference a4 asks 3 blue and 1 orange."""
    pos = tech_position(1, "a3")
    assert steps(start(pos)) == set()
    track = pos.catalog.technology_track
    spaces = tuple(attrs.evolve(s, requirement=None) if s.id == "a4" else s for s in track.spaces)
    pos.catalog = attrs.evolve(pos.catalog, technology_track=attrs.evolve(track, spaces=spaces))
    assert steps(start(pos)) == {"a4"}
