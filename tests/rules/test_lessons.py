"""Lessons (checklist L1-L2): take ONE face-up Action card of level up to the value into your hand."""

from __future__ import annotations

import pytest

from newton_rules import Game, IllegalAction
from newton_rules.model.frames import ChooseActionFrame, LessonsFrame, MasterFrame, TurnFrame
from newton_rules.testing import Position
from tests.rules.scenario import scenario

LINE_1 = ("L1-01", "L1-02", "L1-03")
LINE_2 = ("L2-01", "L2-02", "L2-03")
LINE_3 = ("L3-01", "L3-02", "L3-03")


def lessons_at(value: int, *, last_turn_of_round: bool = False) -> Position:
    """Player 0 (board B: printed Work drawer) has just played the Starting Lessons card; ``value - 1``
    Lessons Development tiles make the action's value ``value``. Lines hold 3 known cards each."""
    pos = scenario(players=2, seed=3).player(0, board="B")
    pos.development(0, *(["lessons"] * (value - 1)))
    pos.line(1, *LINE_1).line(2, *LINE_2).line(3, *LINE_3)
    pos.turn(0, played="lessons")
    if last_turn_of_round:
        pos.with_state(turn_index=len(pos.state.players) * pos.catalog.constants.turns_per_round)
    return pos


def takeable(game: Game) -> set[str]:
    return {a.arg for a in game.legal_actions() if a.kind == "take"}


@pytest.mark.parametrize(
    ("value", "levels"),
    [(1, LINE_1), (2, LINE_1 + LINE_2), (3, LINE_1 + LINE_2 + LINE_3), (4, LINE_1 + LINE_2 + LINE_3)],
)
def test_lessons_takes_a_card_of_level_up_to_the_value(value: int, levels: tuple[str, ...]) -> None:
    """L1: at value N, every face-up card of level 1..N may be taken, and no other."""
    game = lessons_at(value).game().apply("basic lessons")
    assert takeable(game) == set(levels)


def test_card_above_the_value_cannot_be_taken() -> None:
    """L1: at value 2 a level-3 card is not legal; the game is left unchanged."""
    game = lessons_at(2).game().apply("basic lessons")
    before = game.state
    with pytest.raises(IllegalAction):
        game.apply("take L3-01")
    assert game.state == before


def test_taken_card_goes_to_hand_and_the_action_ends() -> None:
    """L1: ONE card: it joins the hand, leaves its line, and the Lessons action is over (value 3 is not
    split: no second card, even of level 1)."""
    game = lessons_at(3).game().apply("basic lessons").apply("take L2-02")
    p = game.state.players[0]
    assert "L2-02" in p.hand
    assert "L2-02" not in game.state.board.lines[1]
    assert isinstance(game.state.top, TurnFrame)
    assert not [a for a in game.legal_actions() if a.kind in ("take", "basic")]


def test_level_one_card_at_value_three_uses_the_whole_action() -> None:
    """L1: taking a level-1 card with a value-3 action still ends it (one card per action)."""
    game = lessons_at(3).game().apply("basic lessons").apply("take L1-01")
    assert isinstance(game.state.top, TurnFrame)
    assert game.state.players[0].hand.count("L1-01") == 1
    assert game.state.board.lines[0] == ("L1-02", "L1-03")


def test_taken_card_is_played_from_the_next_turn() -> None:
    """L1: the card cannot be played in the turn it is taken (a card is already played), but can be in
    the player's next turn."""
    pos = lessons_at(1)
    game = pos.game().apply("basic lessons").apply("take L1-03")
    assert "play L1-03" not in {str(a) for a in game.legal_actions()}
    game = game.apply("end")
    assert game.to_move == 1
    game = game.apply(f"play {pos.card_id(1, 'work')}").apply("end")
    assert game.to_move == 0
    assert "play L1-03" in {str(a) for a in game.legal_actions()}
    game = game.apply("play L1-03")
    assert game.state.players[0].desk[-1] == "L1-03"


def test_taken_card_is_not_replaced_during_the_round() -> None:
    """L2: the line stays one card short for the rest of the round, after other turns too."""
    pos = lessons_at(2)
    game = pos.game().apply("basic lessons").apply("take L2-01").apply("end")
    game = game.apply(f"play {pos.card_id(1, 'work')}").apply("end")
    assert game.state.board.lines[1] == ("L2-02", "L2-03")
    assert len(game.state.board.decks[1]) == len(pos.state.board.decks[1])


def test_lines_are_refilled_at_end_round() -> None:
    """L2 with F12: at End Round the short line goes to the bottom of its deck and 3 new cards come up."""
    pos = lessons_at(2, last_turn_of_round=True)
    deck_2 = pos.state.board.decks[1]
    game = pos.game().apply("basic lessons").apply("take L2-01").apply("end")
    assert game.state.board.lines[1] == ("L2-02", "L2-03")  # still short until the round is over
    game = game.apply(f"tuck {pos.card_id(0, 'lessons')}")
    assert game.state.round == 2
    assert game.state.board.lines[1] == deck_2[:3]
    assert game.state.board.decks[1][-2:] == ("L2-02", "L2-03")
    assert "L2-01" in game.state.players[0].hand


# -- the Lessons frame: what a split value leaves, what Descartes asks next ----------------------------


def test_l1_a_split_lessons_counts_the_cards_taken_and_the_value_left() -> None:
    """L1 with Browne's split value (M3): after a level-1 card of value 4, the Lessons goes on with 3
    left and one card taken; a level-3 card then uses the rest and the action ends."""
    pos = scenario(players=2, seed=1).player(0, board="A").bonus([]).line(1, "L1-01").line(3, "L3-01")
    pos = pos.player(0, masters=("browne",)).turn(0)
    game = pos.decide(*pos.state.stack, MasterFrame(player=0)).game().apply("master browne")
    game = game.apply("take L1-01")
    frame = game.state.top
    assert isinstance(frame, LessonsFrame) and (frame.remaining, frame.taken) == (3, 1)
    game = game.apply("take L3-01")
    assert isinstance(game.state.top, TurnFrame)


def test_l1_descartes_lessons_asks_for_the_taken_cards_action_at_no_value_of_its_own() -> None:
    """L1 with Descartes (M3): the card taken is performed next, its value from the desk and the card
    alone: the choice records the card and no value of its own."""
    pos = scenario(players=2, seed=1).player(0, board="A").bonus([]).line(1, "L1-04")
    pos = pos.player(0, masters=("descartes",)).turn(0)
    game = pos.decide(*pos.state.stack, MasterFrame(player=0)).game().apply("master descartes")
    game = game.apply("take L1-04")
    assert game.state.top == ChooseActionFrame(player=0, value=0, card="L1-04")
