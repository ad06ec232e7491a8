"""Every worked example of the rulebook (001), reproduced on the reconstructed data."""

from __future__ import annotations

from galileo_rules.model.frames import PersuadeFrame, TychoFrame, WriteFrame
from galileo_rules.model.state import TileSlot, TychoState
from galileo_rules.rules.scoring import inquisition_points, reputation_points, university_points
from galileo_rules.testing import Position, play

from .test_turn import acting, names

SCALES = (("S1", 0), ("S2", 0), ("S3", 0), ("S4", 0))


def test_example_observing_luna() -> None:
    """ "Galileo chooses to Observe Luna ... Orange 8 ... gains 7 victory points, and adds an inquisitor to
    the leftmost space of the cellar ... fills the blank space with a new card from the deck." (GO4)"""
    pos = acting(Position(2)).dice(0, "R5 Y3").display(2, "D15").deck("D20")
    game = play(pos.game(), "fixed observe", "target 2", "pay R5+Y3")
    p = game.state.players[0]
    assert p.vp == 7 and p.cellar == (1, 0, 0, 0) and p.library[-1].card == "D15"
    assert game.state.display[2].card == "D20" and game.state.supply == (9, 9, 9)


def test_example_observing_ursa_minor_then_the_lecture() -> None:
    """ "He pays three red observation dice with the values 3, 1, and 1 ... gains 3 victory points, and a
    Quadrant token ... the reward is taking the Lecture action ... the Major Object scale ... one Quadrant."
    (GO5, GU1)"""
    pos = (
        acting(Position(2))
        .dice(0, "R3 R1 R1")
        .display(0, "D01")
        .shared(scales=SCALES, subjects=("majors", "books", "comets", "constellations"))
    )
    game = play(pos.game(), "fixed observe", "target 0.0", "pay R3+R1+R1")
    assert game.state.players[0].vp == 3 and game.state.players[0].quadrants == 1
    game = play(game, "lecture 0")  # the Major Object Scale (S1, row 1: a Quadrant)
    assert game.state.players[0].quadrants == 2 and game.state.players[0].university[0] == 1


def test_example_spot_a_comet_then_use_it_next_turn() -> None:
    """ "He uses his Comet token to reduce the object's observation cost by 1 ... moves the token below the
    Discovery cards, and flips it over ... Next time ... reduce the object's cost by 2 ... the Book of
    Comets." (GC1, GC6)"""
    game = play(acting(Position(2), space=4).game(), "fixed comet", "end", "move 1", "end")
    game = play(game, "move 2")  # telescope 4 -> 6: Upgrade; next turn to Observe
    pos = acting(Position(2)).dice(0, "R3 Y1").display(0, "D01").comets(0, above=1)
    game = play(pos.game(), "fixed observe", "target 0", "pay R3+Y1+c1")
    assert game.state.players[0].comets_below == 1
    pos = acting(Position(2)).dice(0, "R2 Y1").display(0, "D01").comets(0, below=1)
    game = play(pos.game(), "fixed observe", "target 0", "pay R2+Y1+c2")
    assert game.state.players[0].comets_waiting == 1


def test_example_two_comets_on_the_book_a_quadrant_and_a_red_die() -> None:
    """ "He places them so that the first Comet token rewards him with a Quadrant token, and the second
    rewards him with Gain a Die. Galileo takes a red die ... with a value of 1." (GC7)"""
    game = play(acting(Position(2)).dice(0, "B2").comets(0, waiting=2).game(), "end", "page 0", "page 1", "die R")
    p = game.state.players[0]
    assert p.quadrants == 1 and ("R", 1) in p.dice and game.state.pages[:2] == (0, 0)


def test_example_moving_action_blue_dice_or_one_die() -> None:
    """ "Galileo has three blue dice and one red die ... increase the blue dice to 3, 2, 2, or ... the red die
    to 5 ... or ... a single blue die by 2." (GD4, GT9)"""
    pos = (
        acting(Position(2)).tiles(0, "T1", "T3", "T2", "T4", "T5", "T6").dice(0, "B2 B1 B1 R3").turn(0, stage="actions")
    )
    assert play(pos.game(), "moving 1").state.players[0].dice == (("R", 3), ("B", 3), ("B", 2), ("B", 2))
    assert play(pos.game(), "moving 2", "raise R3").state.players[0].dice == (("R", 5), ("B", 2), ("B", 1), ("B", 1))
    assert play(pos.game(), "moving 2", "raise B1").state.players[0].dice == (("R", 3), ("B", 3), ("B", 2), ("B", 1))


def test_example_writing_the_outermost_book_token() -> None:
    """ "1. Persuade ... 2. Gain 2 victory points. 3. Increase their yellow observation dice by 1. 4. Persuade
    ... again. 5. Lecture ... The Book token ends on the sixth space, which is blank." (GW2, GW4)"""
    pos = (
        acting(Position(2))
        .library(0, "D01", "D02", "D03", "D04", "D05", "D06")
        .set(0, cellar=(1, 0, 0, 0))
        .dice(0, "Y2")
    )
    game = play(pos.turn(0, WriteFrame(player=0, full=True), stage="actions").game(), "complete 3", "persuade 0")
    assert game.state.players[0].vp == 2 and game.state.players[0].dice == (("Y", 3),)
    game = play(game, "persuade 1")
    assert names(game)[0].startswith("lecture")
    game = play(game, "lecture 0")
    assert game.state.players[0].books[3] == 6 and game.state.players[0].cellar == (0, 0, 1, 0)


def test_example_objective_first_and_later_achievers() -> None:
    """ "Galileo observed two Major Objects, observed two constellations, and spotted two comets first ...
    scores 7 ... Copernicus and Bruno ... both score 3 ... option to take the Inquisitor's Farewell." (GU4)"""
    pos = acting(Position(3)).library(0, "D01", "D02").set(0, constellations=5).comets(0, above=2)
    for seat, cards in ((1, ("D03", "D04")), (2, ("D05", "D06"))):
        pos.library(seat, *cards).set(seat, constellations=5, cellar=(0, 0, 0, 1)).comets(seat, above=2)
    game = play(pos.game(), "end", "move 1", "end", "farewell", "die R", "move 1", "end")
    assert game.state.claims[0] == (0, 1, 2)
    assert [p.source_vp("objectives") for p in game.state.players] == [7, 3, 3]
    assert names(game) == ["farewell", "decline"]


def test_example_subject_scoring_copernicus_and_bruno() -> None:
    """ "Copernicus has observed four Major Objects ... top row ... 4x4 ... 16 ... Bruno ... second row ...
    six Major Objects ... 12." (GE2)"""
    pos = Position(2).shared(scales=SCALES, subjects=("majors", "books", "comets", "constellations"))
    pos.library(0, "D01", "D02", "D03", "D04").set(0, university=(4, 0, 0, 0))
    pos.library(1, "D05", "D06", "D07", "D08", "D09", "D10").set(1, university=(2, 0, 0, 0))
    ctx = pos.game().rules_context
    assert (university_points(pos.state, ctx, 0), university_points(pos.state, ctx, 1)) == (16, 12)


def test_example_interrogation_minus_one() -> None:
    """ "He scores -2 for the token on the second space, and -1 for the token he placed and moved twice ...
    +1 from both ... fully persuaded ... The interrogation's result is -1." (GI5)"""
    pos = acting(Position(2)).set(0, cellar=(1, 1, 0, 2), reputation=0)
    game = play(pos.turn(0, PersuadeFrame(player=0, left=2), stage="actions").game(), "persuade 0", "persuade 1")
    assert game.state.players[0].cellar == (0, 1, 1, 2)
    assert play(game, "end").state.players[0].reputation == -1


def test_example_final_inquisitors_minus_three_and_university() -> None:
    """ "Three convinced inquisitors give Galileo 3 victory points, but his unconvinced inquisitors take away 2
    points and 4 points ... loses 3" and "15 ... Major Objects ... 4 ... Comet tokens ... 0 ... 8 for writing
    ... 3 points for his Reputation." (GE3, GE4)"""
    pos = Position(2).set(0, cellar=(1, 1, 0, 3))
    ctx = pos.game().rules_context
    assert inquisition_points(pos.state, ctx, 0) == -3
    pos = Position(2).shared(scales=SCALES, subjects=("majors", "comets", "constellations", "books"))
    pos.library(0, "D01", "D02", "D03", "D04", "D05").set(0, university=(3, 1, 0, 2), books=(4, 5, 4, 5), reputation=3)
    pos.comets(0, above=2, below=2)
    assert university_points(pos.state, ctx, 0) == 15 + 4 + 0 + 8
    assert reputation_points(ctx, 3) == 3


def test_example_remembering_interrogation_once_for_two_moves() -> None:
    """ "Galileo's Write action gained him 2 victory points, an Inquisitor token, let him Persuade once, and
    then Gain a Die ... two standing Inquisitor tokens ... the interrogation only happens once." (GI4, GW4)"""
    pos = acting(Position(2)).library(0, "D01", "D02", "D03").set(0, cellar=(0, 1, 0, 0), reputation=0).dice(0, "R1")
    game = play(pos.turn(0, WriteFrame(player=0, left=3), stage="actions").game(), "write 0")
    assert game.state.players[0].vp == 2 and game.state.players[0].cellar == (1, 1, 0, 0)
    game = play(game, "write 0", "persuade 0", "write 0", "die B")
    assert game.state.players[0].cellar == (0, 2, 0, 0)
    game = play(game, "end")
    assert game.state.players[0].reputation == -4  # one interrogation: two tokens at -2


def test_example_tycho_without_comets_takes_the_bottom_row() -> None:
    """ "Tycho's Player Board is out of Comet tokens ... moves his Book token by one space ... moves both
    Inquisitor tokens once ... Since Tycho has placed all seven of his Comet tokens, he prioritizes moving
    his University token for that subject ... doesn't have three fully persuaded inquisitors." (GY7-GY11)"""
    pos = Position(1).comets(1, above=7).set(1, cellar=(2, 0, 0, 0)).library(1, "D30", face_up=False)
    pos.shared(subjects=("majors", "comets", "books", "constellations"))
    state = TychoState(tiles=tuple(TileSlot(t) for t in ("Y1", "Y2", "Y3", "Y4", "Y5")), token=4, deck=("M1",))
    game = pos.shared(tycho=state, current=1, stack=(TychoFrame(player=1),)).game()
    tycho = game.state.players[1]
    assert game.state.tycho.book == 1 and tycho.cellar == (0, 2, 0, 0) and tycho.university == (0, 1, 0, 0)
    assert tycho.vp == 0
