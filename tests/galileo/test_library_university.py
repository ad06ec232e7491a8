"""The Library and Write (GW1-GW6), the University and objectives (GU1-GU7)."""

from __future__ import annotations

from galileo_rules.model.frames import FarewellFrame, PersuadeFrame, TurnFrame, WriteFrame
from galileo_rules.rules.queries import objective_met
from galileo_rules.testing import Position, play

from .test_turn import acting, names

SIX = ("D01", "D02", "D03", "D04", "D05", "D06")  # row 3 reads: Persuade, 2 VP, Y+1, Persuade, Lecture, blank


def writing(left: int = 0, full: bool = False, cards: tuple[str, ...] = SIX) -> Position:
    pos = acting(Position(2)).library(0, *cards)
    return pos.turn(0, WriteFrame(player=0, left=left, full=full), stage="actions")


def test_GW1_one_space_per_card_right_only_never_past_the_end() -> None:
    """GW1: a row has one space per Library card; a token at the end cannot move."""
    game = writing(left=3, cards=("D01",)).game()
    assert names(game) == ["write 0", "write 1", "write 2", "write 3", "stop"]
    game = play(game, "write 2")  # the last (only) space of row 2; the other rows can still move
    assert "write 2" not in names(game)


def test_GW1_a_write_ends_once_every_book_token_is_at_the_end_of_its_row() -> None:
    """GW1, GW3: Write 3, one Library card, three tokens already at the end: the fourth moves onto the last
    space and the two spaces left are lost at once: while its reward (D01 row 3: Persuade) is decided, no
    Write is pending below it, and none comes back after it."""
    pos = writing(cards=("D01",)).set(0, books=(1, 1, 1, 0), cellar=(1, 0, 0, 0))
    game = play(pos.turn(0, WriteFrame(player=0, left=3), stage="actions").game(), "write 3")
    assert game.state.stack == (TurnFrame(player=0, stage="actions"), PersuadeFrame(player=0, left=1))
    game = play(game, "persuade 0")
    assert game.state.players[0].books == (1, 1, 1, 1) and game.state.stack == (TurnFrame(player=0, stage="actions"),)


def test_GW2_complete_writing_to_the_last_space_with_every_reward() -> None:
    """GW2: complete writing moves one token to the end of its row, taking each space's reward."""
    game = play(
        writing(full=True).set(0, cellar=(1, 0, 0, 0)).turn(0, WriteFrame(player=0, full=True), stage="actions").game(),
        "complete 3",
    )
    assert game.state.players[0].books[3] == 6
    game = play(game, "persuade 0")  # space 1: Persuade
    assert game.state.players[0].vp == 2  # space 2: 2 VP


def test_GW3_partial_writing_splits_among_tokens() -> None:
    """GW3: Write 3 as 2 spaces of one token and 1 of another."""
    game = play(
        writing(left=3).set(0, cellar=(3, 0, 0, 0)).turn(0, WriteFrame(player=0, left=3), stage="actions").game()
    )
    game = play(game, "write 2", "write 2", "write 1")  # row 2: a Quadrant, R+1; row 1: Lecture
    assert game.state.players[0].books == (0, 1, 2, 0)
    assert game.state.top != WriteFrame(player=0, left=1) and names(game)[0].startswith("lecture")


def test_GW3_writing_moves_the_book_token_chosen_and_no_other() -> None:
    """GW2, GW3: Write moves the Book token the player chose, only that one, with its own row's rewards."""
    start = writing(left=1).game()
    game = play(start, "write 2")
    assert game.state.players[0].books == (0, 0, 1, 0)
    assert game.state.players[0].quadrants == start.state.players[0].quadrants + 1  # row 2 of Mars: a Quadrant
    game = play(writing(full=True).game(), "complete 1")
    assert game.state.players[0].books == (0, 6, 0, 0)
    assert names(game)[0].startswith("lecture")  # row 1 of Mars first: a Lecture (row 3 would Persuade)


def test_GW2_GW3_the_write_decision_says_which_writing_it_is() -> None:
    """GW2, GW3: the player is told whether this is a complete writing or a partial one, with the spaces left."""
    for game, prompt in (
        (writing(left=2).game(), "write: move a Book token one space (2 left), or stop"),
        (writing(full=True).game(), "complete the writing of a Book: move a Book token to the end of its row"),
    ):
        assert game.rules_context.rules.prompt(game.state, game.state.top) == prompt


def test_GW4_every_reward_left_to_right_compulsory_impossible_lost() -> None:
    """GW4: row 3 gives Persuade (no token: lost), then 2 VP; Gain an Inquisitor is compulsory."""
    game = play(writing(left=2).game(), "write 3", "write 3")
    assert game.state.players[0].vp == 2 and game.state.players[0].cellar == (0, 0, 0, 0)
    forced = play(writing(left=1).game(), "write 0")  # D01 row 0: 2 VP and an Inquisitor
    assert forced.state.players[0].cellar[0] == 1


def test_GW5_a_new_card_appends_at_the_right_books_stay() -> None:
    """GW5 (ruling): a new Library card extends every row at its right end; Book tokens keep their spaces."""
    pos = acting(Position(2)).library(0, "D01").set(0, books=(1, 1, 0, 0)).dice(0, "R4 Y3").display(0, "D13")
    game = play(pos.game(), "fixed observe", "target 0", "pay R4+Y3")
    p = game.state.players[0]
    assert [e.card for e in p.library] == ["D01", "D13"] and p.books == (1, 1, 0, 0)


def test_GW6_partial_writing_one_space_at_a_time_rewards_at_once() -> None:
    """GW6 (ruling): each step's reward is resolved before the next step is chosen."""
    game = play(
        writing(left=2).set(0, cellar=(1, 0, 0, 0)).turn(0, WriteFrame(player=0, left=2), stage="actions").game(),
        "write 3",
    )
    assert names(game) == ["persuade 0"]
    game = play(game, "persuade 0")
    assert game.state.top == WriteFrame(player=0, left=1)


# --- university ------------------------------------------------------------------------------------


def test_GU1_lecture_moves_one_row_then_the_row_reward() -> None:
    """GU1: up one row, then that row's reward; at the top a token cannot move."""
    pos = acting(Position(2), space=3).shared(scales=(("S1", 0), ("S2", 0), ("S3", 0), ("S4", 0)))
    game = play(pos.game(), "fixed lecture", "lecture 0")  # S1 side 0 row 1: a Quadrant
    assert game.state.players[0].university[0] == 1 and game.state.players[0].quadrants == 1
    top = pos.set(0, university=(4, 4, 4, 4)).turn(0, stage="actions").game()
    assert "fixed lecture" not in names(top)


def test_GU2_GU3_the_eight_objectives() -> None:
    """GU2: the observer and scholar objectives; GU3: the six Subject-tile objectives and thresholds."""
    pos = Position(2)
    ctx = pos.game().rules_context
    state = pos.library(0, "D01", "D02").set(0, constellations=5).comets(0, above=2).state
    assert objective_met(state, ctx, 0, "observer")
    assert not objective_met(pos.comets(0, above=1).state, ctx, 0, "observer")
    assert objective_met(pos.set(0, university=(4, 4, 0, 0)).state, ctx, 0, "scholar")
    thresholds = {s.id: s.threshold for s in ctx.catalog.subjects}
    assert thresholds == {"majors": 4, "books": 3, "inquisitors": 6, "upgrades": 5, "comets": 5, "constellations": 6}


def test_GU4_first_achiever_seven_later_three_once_each() -> None:
    """GU4: checked at the end of Cleanup; 7 VP first, 3 VP later, never twice."""
    pos = acting(Position(2)).library(0, "D01", "D02").set(0, constellations=5).comets(0, above=2)
    game = play(pos.game(), "end")
    assert game.state.claims[0] == (0,) and game.state.players[0].source_vp("objectives") == 7
    pos = acting(Position(2)).library(1, "D01", "D02").set(1, constellations=5).comets(1, above=2)
    pos = pos.library(0, "D03", "D04").set(0, constellations=5, achievements=()).comets(0, above=2)
    game = play(pos.shared(claims=((1,), (), (), ())).set(1, achievements=("observer",)).game(), "end")
    assert game.state.claims[0] == (1, 0) and game.state.players[0].source_vp("objectives") == 3
    game = play(game, "move 1", "end", "move 1", "end")
    assert game.state.claims[0] == (1, 0)


def test_GU4_no_objective_achieved_no_vp_from_objectives() -> None:
    """GU4: VP from objectives come only with an objective: before any, a player has none from them."""
    assert Position(2).set(0, vp=5).game().state.players[0].source_vp("objectives") == 0


def test_GU5_each_achiever_may_take_the_farewell() -> None:
    """GU5: a Farewell offered per objective achieved, optional."""
    pos = acting(Position(2)).library(0, "D01", "D02").set(0, constellations=5, cellar=(0, 0, 0, 1)).comets(0, above=2)
    game = play(pos.game(), "end")
    assert isinstance(game.state.top, FarewellFrame) and names(game) == ["farewell", "decline"]
    game = play(game, "farewell", "die R")
    assert game.state.players[0].cellar == (0, 0, 0, 0) and game.state.players[0].quadrants == 1


def test_GU6_six_inquisitors_at_one_time_counts_the_peak_of_the_turn() -> None:
    """GU6 (ruling): six Inquisitors at any moment of the turn achieve it, even after a Farewell."""
    pos = (
        acting(Position(2))
        .set(0, cellar=(0, 0, 0, 6))
        .shared(objectives=("observer", "scholar", "inquisitors", "books"))
    )
    game = play(pos.turn(0, stage="actions", cellar_peak=6).set(0, cellar=(0, 0, 0, 5)).game(), "end")
    assert "inquisitors" in game.state.players[0].achievements


def test_GU6_the_peak_is_the_most_inquisitors_the_cellar_held_this_turn() -> None:
    """GU6 (ruling): a Write reaches a sixth Inquisitor (D01: 2 VP and an Inquisitor), then a Farewell (D04)
    sends one home: five remain at Cleanup, but six were there at one time, so the objective is met."""
    pos = writing(left=3, cards=("D04", "D01")).set(0, cellar=(0, 0, 0, 5))
    pos = pos.shared(objectives=("observer", "scholar", "inquisitors", "books"))
    game = play(pos.game(), "write 0", "write 0")  # row 0: D04's Quadrant, then D01's Inquisitor
    assert game.state.players[0].cellar == (1, 0, 0, 5) and game.state.turn.cellar_peak == 6
    game = play(game, "write 1", "farewell", "die R")  # row 1: D04's Farewell, from the rightmost space
    assert game.state.players[0].cellar == (1, 0, 0, 4) and game.state.turn.cellar_peak == 6
    game = play(game, "end")
    assert "inquisitors" in game.state.players[0].achievements


def test_GU7_arch_side_is_the_subject_niche_side_the_objective() -> None:
    """GU7 (ruling): the four Subject tiles above the Scales score; the two in the niches are objectives."""
    state = Position(2).state
    assert set(state.subjects).isdisjoint(state.objectives[2:])
