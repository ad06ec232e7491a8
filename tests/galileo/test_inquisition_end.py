"""The Inquisition (GI1-GI7), Cleanup (GZ1-GZ2), the end and scoring (GE1-GE6)."""

from __future__ import annotations

import pytest

from galileo_rules.model.frames import FarewellFrame, PersuadeFrame, TurnFrame, WriteFrame
from galileo_rules.rules.scoring import inquisition_points, university_points, winners
from galileo_rules.testing import Position, play
from rules_core.outcome import Outcome

from .test_turn import acting, names


def persuading(cellar: tuple[int, ...], left: int = 1, **flags: object) -> Position:
    pos = acting(Position(2)).set(0, cellar=cellar)
    return pos.turn(0, PersuadeFrame(player=0, left=left), stage="actions", **flags)


def test_GI1_gain_an_inquisitor_on_the_leftmost_space_any_number() -> None:
    """GI1: compulsory, leftmost space, a space holds any number (Jupiter gives one)."""
    pos = acting(Position(2)).set(0, cellar=(3, 0, 0, 0)).dice(0, "B3 Y3").display(0, "D05")
    game = play(pos.game(), "fixed observe", "target 0", "pay B3+Y3")
    assert game.state.players[0].cellar == (4, 0, 0, 0)


def test_GI2_persuade_moves_one_token_one_space_or_is_lost() -> None:
    """GI2: one space right; all on the rightmost space: the Persuade is lost."""
    game = play(persuading((1, 1, 0, 0)).game(), "persuade 1")
    assert game.state.players[0].cellar == (1, 0, 1, 0)
    stuck = acting(Position(2), space=2).tiles(0, "T1", "T2", "T4", "T3", "T5", "T6").set(0, cellar=(0, 0, 0, 2))
    game = play(stuck.turn(0, stage="actions").game(), "moving 1")  # T4: Persuade
    assert game.state.players[0].cellar == (0, 0, 0, 2) and not game.state.turn.persuaded


def test_GI3_farewell_optional_removes_a_rightmost_token_die_and_quadrant() -> None:
    """GI3: always optional; a die and a Quadrant; nothing on the rightmost space: only decline."""
    pos = acting(Position(2)).set(0, cellar=(0, 0, 0, 1)).dice(0, "R1")
    game = pos.turn(0, FarewellFrame(player=0), stage="actions").game()
    assert names(game) == ["farewell", "decline"]
    game = play(game, "farewell", "die B")
    p = game.state.players[0]
    assert p.cellar == (0, 0, 0, 0) and p.quadrants == 1 and ("B", 1) in p.dice
    declined = play(pos.turn(0, FarewellFrame(player=0), stage="actions").game(), "decline")
    assert declined.state.players[0].cellar == (0, 0, 0, 1)
    lost = acting(Position(2)).set(0, cellar=(0, 0, 1, 0)).turn(0, FarewellFrame(player=0), stage="actions")
    game = play(lost.game(), "decline")
    assert names(lost.game()) == ["decline"] and game.state.players[0].cellar == (0, 0, 1, 0)


def test_GI3_a_farewell_reward_is_offered_with_one_token_on_the_last_space() -> None:
    """GI3: writing onto D04's row 1 space (Inquisitor's Farewell) with a single token on the rightmost space
    offers the Farewell; with none there the reward is lost."""
    for cellar, decision in (
        ((0, 0, 0, 1), FarewellFrame(player=0)),
        ((0, 0, 1, 0), TurnFrame(player=0, stage="actions")),
    ):
        pos = acting(Position(2)).library(0, "D04").set(0, cellar=cellar)
        game = play(pos.turn(0, WriteFrame(player=0, left=1), stage="actions").game(), "write 1")
        assert game.state.top == decision, cellar


def test_GI4_interrogation_once_if_a_token_actually_moved() -> None:
    """GI4: two moves, one interrogation; no move, no interrogation."""
    game = play(persuading((2, 0, 0, 0), left=2).set(0, reputation=0).game(), "persuade 0", "persuade 0", "end")
    assert game.state.players[0].reputation == -4  # two tokens on space 2: -2 each, once
    still = play(acting(Position(2)).set(0, cellar=(2, 0, 0, 0)).game(), "end")
    assert still.state.players[0].reputation == -3


def test_GI5_interrogation_sums_the_upper_values() -> None:
    """GI5: values -3, -2, -1, +1; the Tribunal moves by the sum, right when positive."""
    game = play(persuading((0, 0, 1, 2)).game(), "persuade 2", "end")
    assert game.state.players[0].reputation == -3 + 3


def test_GI6_at_the_end_of_the_track_two_vp_once() -> None:
    """GI6: at -5 a negative result costs 2 VP once; an overshoot stops at the end (option: also 2 VP)."""
    game = play(persuading((3, 0, 0, 0)).set(0, reputation=-5).game(), "persuade 0", "end")
    assert game.state.players[0].reputation == -5 and game.state.players[0].source_vp("tribunal") == -2
    game = play(persuading((3, 0, 0, 0)).set(0, reputation=-4).game(), "persuade 0", "end")
    assert game.state.players[0].reputation == -5 and game.state.players[0].vp == 0
    bonus = Position(2, options={"tribunal_overshoot": "bonus"})
    bonus = (
        acting(bonus)
        .set(0, cellar=(3, 0, 0, 0), reputation=-4)
        .turn(0, PersuadeFrame(player=0, left=1), stage="actions")
    )
    game = play(bonus.game(), "persuade 0", "end")
    assert game.state.players[0].reputation == -5 and game.state.players[0].vp == -2


def test_GI6_at_the_right_end_a_positive_result_gains_two_vp_once() -> None:
    """GI6: the Tribunal on +5 and a result of +1 (one token on the +1 space): +2 VP, the token stays."""
    game = play(persuading((0, 0, 1, 0)).set(0, reputation=5).game(), "persuade 2", "end")
    assert game.state.players[0].reputation == 5 and game.state.players[0].vp_sources == (("tribunal", 2),)


def test_GI6_reaching_an_end_exactly_is_a_move_without_vp() -> None:
    """GI6: +4 and a result of +1 ends on +5, -4 and a result of -1 on -5: a plain move, no VP, with either
    reading of an overshoot (the option gives the 2 VP only to a move past the end)."""
    for options in ({}, {"tribunal_overshoot": "bonus"}):
        for reputation, cellar, space, end in ((4, (0, 0, 1, 0), "2", 5), (-4, (0, 1, 0, 0), "1", -5)):
            pos = acting(Position(2, options=options)).set(0, cellar=cellar, reputation=reputation)
            game = play(
                pos.turn(0, PersuadeFrame(player=0, left=1), stage="actions").game(), f"persuade {space}", "end"
            )
            assert game.state.players[0].reputation == end and game.state.players[0].vp == 0, (options, reputation)


def test_GI7_the_lower_values_only_at_final_scoring() -> None:
    """GI7: an interrogation does not score the values below the spaces."""
    game = play(persuading((0, 0, 1, 2)).game(), "persuade 2", "end")
    assert game.state.players[0].vp == 0


def test_GZ1_cleanup_order_rotate_comets_interrogate_objectives() -> None:
    """GZ1: the page's Persuade (taken in step 2) is interrogated in step 3, then objectives (step 4)."""
    pos = acting(Position(2)).set(0, cellar=(1, 0, 0, 0)).comets(0, waiting=1)
    game = play(pos.game(), "end")
    assert names(game)[0] == "page 0"


def test_GZ2_a_page_persuade_in_cleanup_causes_the_interrogation() -> None:
    """GZ2 (ruling): a Persuade from a Book of Comets page resolves at once and is interrogated."""
    pos = acting(Position(3)).set(0, cellar=(1, 0, 0, 0)).comets(0, waiting=1)
    game = play(pos.game(), "end", "page 4", "persuade 0")  # 3 players: page 4 gives a Persuade
    assert game.state.players[0].reputation == -3 - 2
    assert game.to_move == 1


# --- end and scoring -------------------------------------------------------------------------------


def test_GE1_final_scoring_university_then_inquisition() -> None:
    """GE1: the final events score the University before the Inquisition."""
    pos = acting(Position(2)).set(0, university=(1, 0, 0, 0), cellar=(1, 0, 0, 0)).library(0, "D01")
    pos = pos.shared(last_round=1, subjects=("majors", "books", "comets", "constellations"))
    game = play(pos.game(), "end", "move 1", "end")
    assert game.is_over
    sources = [e.source for e in game.last_events if type(e).__name__ == "ScoreChanged" and e.player == 0]
    assert sources.index("final university") < sources.index("final inquisition") < sources.index("final reputation")


def test_GE2_GE3_university_subject_count_times_row() -> None:
    """GE2-GE3: majors x row VP; books count the least advanced token; comets off the board."""
    pos = Position(2).shared(
        scales=(("S1", 0), ("S2", 0), ("S3", 0), ("S4", 0)), subjects=("majors", "books", "comets", "constellations")
    )
    pos = pos.library(0, "D01", "D02", "D03").set(0, university=(3, 2, 1, 0), books=(3, 2, 3, 3), constellations=2)
    pos = pos.comets(0, above=1, placed=3).comets(1, placed=0).shared(appendix=3)
    ctx = pos.game().rules_context
    assert university_points(pos.state, ctx, 0) == 3 * 3 + 2 * 2 + 4 * 1 + 0


def test_GE3_a_subject_that_is_not_one_of_the_six_is_refused_naming_it() -> None:
    """GE3: a position whose Scale scores an unknown subject stops scoring with an error naming it."""
    pos = Position(2).shared(subjects=("majors", "books", "comets", "planets")).set(0, university=(0, 0, 0, 1))
    game = pos.game()
    with pytest.raises(ValueError, match="planets"):
        game.facts(0)  # what final scoring would give now (Facts.final_university)


def test_GE4_inquisitors_below_values_then_reputation() -> None:
    """GE4: -4, -2, -1, +1 per token, then the Reputation VP."""
    pos = Position(2).set(0, cellar=(1, 1, 0, 3))
    assert inquisition_points(pos.state, pos.game().rules_context, 0) == -4 - 2 + 3


def test_GE5_ties_dice_sum_then_quadrants_then_shared() -> None:
    """GE5."""
    pos = Position(3).set(0, vp=10).set(1, vp=10).set(2, vp=9).dice(0, "R3").dice(1, "R2 R2")
    ctx = pos.game().rules_context
    assert winners(pos.state, ctx) == (1,)
    pos.dice(1, "R3").set(0, quadrants=2)
    assert winners(pos.state, ctx) == (0,)
    pos.set(1, quadrants=2)
    assert winners(pos.state, ctx) == (0, 1)


def test_GE5_a_finished_game_says_which_tie_break_decided() -> None:
    """GE5: tied on VP after final scoring, the higher sum of remaining dice wins; the outcome says so."""
    pos = acting(Position(2)).set(0, vp=10).set(1, vp=10).dice(0, "R3").dice(1, "R2 R2").shared(last_round=1)
    game = play(pos.game(), "end")
    assert game.outcome is None
    game = play(game, "move 1", "end")
    assert game.outcome == Outcome(
        termination="the deck ran out and the final round ended",
        scores=(6, 6),
        winners=(1,),
        tie_break="the highest sum of remaining dice",
    )
    assert game.winners == winners(game.state, game.rules_context)


def test_GE6_scores_go_on_above_100_and_below_zero_or_floor_option() -> None:
    """GE6: signed scores by default; option score_floor="zero"."""
    game = play(persuading((3, 0, 0, 0)).set(0, reputation=-5).set(0, vp=101).game(), "persuade 0", "end")
    assert game.state.players[0].vp == 99
    game = play(persuading((3, 0, 0, 0)).set(0, reputation=-5).game(), "persuade 0", "end")
    assert game.state.players[0].vp == -2
    floor = acting(Position(2, options={"score_floor": "zero"})).set(0, cellar=(3, 0, 0, 0), reputation=-5)
    game = play(floor.turn(0, PersuadeFrame(player=0, left=1), stage="actions").game(), "persuade 0", "end")
    assert game.state.players[0].vp == 0


def test_GE6_the_zero_floor_stops_only_the_part_of_a_loss_below_zero() -> None:
    """GE6 (option score_floor="zero"): 5 VP and a loss of 2 (the Tribunal on -5) leave 3; 1 VP and the same
    loss leave 0; a gain (the Tribunal on +5) is a gain as ever."""
    for vp, reputation, cellar, space, after in (
        (5, -5, (3, 0, 0, 0), "0", 3),
        (1, -5, (3, 0, 0, 0), "0", 0),
        (0, 5, (0, 0, 1, 0), "2", 2),
    ):
        floor = acting(Position(2, options={"score_floor": "zero"})).set(0, cellar=cellar, reputation=reputation, vp=vp)
        game = play(floor.turn(0, PersuadeFrame(player=0, left=1), stage="actions").game(), f"persuade {space}", "end")
        assert game.state.players[0].vp == after, (vp, reputation)
