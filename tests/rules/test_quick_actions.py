"""Quick Actions (checklist Q1-Q4) and the rulebook's example of Sarah's Joker.

Quick Actions are taken on the turn and, by default, during an action too (Q5: tests/rules/test_fidelity.py);
``boost`` only before the Basic Action of the card played (Q2, FAQ 5).
"""

from __future__ import annotations

import pytest

from newton_rules import Game, IllegalAction, Options
from newton_rules.model import events as ev
from newton_rules.model.frames import MasterFrame, TravelFrame, TurnFrame
from newton_rules.model.sources import Source
from newton_rules.testing import Position
from tests.rules.scenario import scenario


def turn_of(coins: int, played: str | None = "travel", board: str = "B", **fields: object) -> Position:
    """Player 0's turn (board B: printed Work drawer; A: Lessons), ``coins`` coins, ``played`` just played."""
    pos = scenario(players=2, seed=2).player(0, board=board).player(0, coins=coins, **fields)
    return pos.turn(0, played=played)


def legal(game: Game) -> set[str]:
    return {str(a) for a in game.legal_actions()}


def travel_value(game: Game) -> int:
    game = game.apply("basic travel")
    top = game.state.top
    assert isinstance(top, TravelFrame)
    return top.value


# -- the rulebook example ------------------------------------------------------------------------


def sarah() -> Position:
    """Sarah's desk shows 3 Travel symbols (Starting Travel, L1-07, L1-09); she plays her Joker."""
    pos = scenario(players=2, seed=2).player(0, board="B").player(0, coins=2)
    return pos.desk(0, "travel", "L1-07", "L1-09").turn(0, played="joker")


def test_sarah_plays_the_joker_for_travel() -> None:
    """F8 (rulebook example): 3 Travel symbols on the desk + 1 for the Joker: Travel at value 4."""
    game = sarah().game()
    assert {"basic work", "basic technology", "basic travel", "basic lessons", "basic study"} <= legal(game)
    assert travel_value(game) == 4


def test_sarah_boosts_the_joker() -> None:
    """Q2 with F8 (rulebook example): spending 2 coins raises the Joker's Travel to value 5."""
    game = sarah().game().apply("boost")
    assert game.state.players[0].coins == 0
    assert travel_value(game) == 5


# -- Q1 turn over 2 cards -----------------------------------------------------------------------


def test_flip_turns_two_cards_face_up_for_one_coin() -> None:
    """Q1: 1 coin: the top 2 cards of the chosen deck join its line, which may exceed 3 cards."""
    pos = turn_of(3)
    line, deck = pos.state.board.lines[1], pos.state.board.decks[1]
    game = pos.game().apply("flip 2")
    assert game.state.players[0].coins == 2
    assert game.state.board.lines[1] == line + deck[:2]
    assert game.state.board.decks[1] == deck[2:]


def test_flip_is_repeatable() -> None:
    """Q1: repeatable, and lines have no size limit: two flips of deck 1 make a line of 7 for 2 coins."""
    pos = turn_of(2)
    line, deck = pos.state.board.lines[0], pos.state.board.decks[0]
    game = pos.game().apply("flip 1").apply("flip 1")
    assert game.state.board.lines[0] == line + deck[:4]
    assert game.state.players[0].coins == 0
    assert not {a for a in legal(game) if a.startswith("flip")}


def test_q1_the_coin_of_a_flip_is_spent_on_the_quick_action() -> None:
    """Q1: the coin paid to turn over 2 cards is recorded as spent on that Quick Action."""
    game = turn_of(3).game().apply("flip 2")
    assert game.last_events[0] == ev.ResourcesChanged(player=0, coins=-1, source=Source("quick_action", "flip"))


def test_flip_needs_a_coin_and_a_card() -> None:
    """Q1: no flip without a coin; a deck with 1 card turns 1; an empty deck cannot be flipped."""
    assert not {a for a in legal(turn_of(0).game()) if a.startswith("flip")}
    pos = turn_of(2)
    decks = pos.state.board.decks
    pos.board(decks=(decks[0][:1], (), decks[2]))
    game = pos.game()
    assert "flip 2" not in legal(game)
    with pytest.raises(IllegalAction):
        game.apply("flip 2")
    game = game.apply("flip 1")
    assert game.state.board.decks[0] == ()
    assert game.state.board.lines[0][-1] == decks[0][0]


def test_quick_actions_before_playing_a_card_and_after_the_basic_action() -> None:
    """Q1, Q3: Quick Actions are open before the card is played and after its Basic Action."""
    game = turn_of(5, played=None).game()
    assert {"flip 1", "potion"} <= legal(game)
    game = turn_of(5).game().apply("basic travel").apply("stop")
    assert isinstance(game.state.top, TurnFrame)
    assert {"flip 1", "potion", "enroll"} <= legal(game)


def test_no_quick_action_inside_a_movement_with_the_turn_option() -> None:
    """R5 option ``quick_actions="turn"``: no Quick Action while the Scientist is moving; only steps and stop."""
    pos = scenario(players=2, seed=2, options=Options(quick_actions="turn")).player(0, board="B")
    game = pos.player(0, coins=9, scientist="praha").turn(0, played="travel").game().apply("basic travel")
    assert {a.kind for a in game.legal_actions()} <= {"step", "stop", "cube"}
    with pytest.raises(IllegalAction):
        game.apply("potion")


# -- Q2 boost ------------------------------------------------------------------------------------


def test_boost_adds_one_for_two_coins() -> None:
    """Q2: 2 coins, +1 to the Basic Action of the card played (Starting Travel: value 1 -> 2)."""
    game = turn_of(3).game()
    assert travel_value(game) == 1
    game = game.apply("boost")
    assert game.state.players[0].coins == 1
    assert ev.ResourcesChanged(player=0, coins=-2, source=Source("quick_action", "boost")) in game.events
    assert travel_value(game) == 2


def test_boost_once_per_turn() -> None:
    """Q2: only once per turn: 4 coins cannot buy +2."""
    game = turn_of(4).game().apply("boost")
    assert "boost" not in legal(game)
    with pytest.raises(IllegalAction):
        game.apply("boost")
    assert travel_value(game) == 2


def test_boost_needs_two_coins() -> None:
    """Q2: with 1 coin there is no boost."""
    assert "boost" not in legal(turn_of(1).game())


def test_boost_needs_a_played_card() -> None:
    """Q2: the boost raises the Basic Action of the card you play: none before the card is played."""
    assert "boost" not in legal(turn_of(5, played=None).game())


def test_boost_is_paid_before_the_action() -> None:
    """Q2 (FAQ 5): once the Basic Action is performed, it can no longer be boosted (coins earned by a
    Work action cannot pay its own boost)."""
    game = turn_of(2, played="work", board="A").game()
    assert "boost" in legal(game)
    game = game.apply("basic work").apply("step w1")
    assert isinstance(game.state.top, TurnFrame)
    assert game.state.players[0].coins == 3
    assert "boost" not in legal(game)


def test_boost_cannot_be_paid_with_the_special_effects_coins() -> None:
    """Q2 with F6 (FAQ 2): costs are paid before effects: the 4 coins of L1-06's Special Effect (1 Potion
    for 4 coins) cannot pay the boost of its Technology action."""
    game = turn_of(0, played="L1-06", potions=1, students=["t0"]).game().apply("special")
    assert game.state.players[0].coins == 4
    assert "boost" not in legal(game)
    game = turn_of(2, played="L1-06", potions=1, students=["t0"]).game()
    assert {"boost", "special"} <= legal(game)


def test_boost_does_not_raise_a_masters_action() -> None:
    """Q2: a Basic Action given by a Master is never boosted: Pascal's Travel stays at 5 in a boosted turn."""
    pos = turn_of(0)
    masters = ("pascal", *[m for m in pos.state.players[0].masters if m != "pascal"][:3])
    pos.player(0, masters=masters)
    card = pos.card_id(0, "travel")
    pos.decide(TurnFrame(player=0, card=card, boosted=True, basic_done=True), MasterFrame(player=0))
    game = pos.game().apply("master pascal")
    top = game.state.top
    assert isinstance(top, TravelFrame)
    assert top.value == 5


def test_boost_does_not_raise_an_inventions_action() -> None:
    """Q2: a boosted Work (1 + 1) ends on the Invention tile I10 (1 Potion, Travel at 3): that Travel
    is at 3, not 4."""
    pos = turn_of(2, played="work", board="A", work="w3").track_tile("w5", "I10")
    game = pos.game().apply("boost").apply("basic work").apply("step w4").apply("step w5")
    top = game.state.top
    assert isinstance(top, TravelFrame)
    assert top.value == 3
    assert game.state.players[0].potions == 1


# -- Q3 potion, Q4 enroll ------------------------------------------------------------------------


def test_buy_potions() -> None:
    """Q3: 3 coins for 1 Potion, repeatable: 7 coins buy 2 Potions and leave 1 coin."""
    game = turn_of(7).game().apply("potion")
    assert (game.state.players[0].coins, game.state.players[0].potions) == (4, 1)
    game = game.apply("potion")
    assert (game.state.players[0].coins, game.state.players[0].potions) == (1, 2)
    assert "potion" not in legal(game)
    with pytest.raises(IllegalAction):
        game.apply("potion")


def test_enroll_students() -> None:
    """Q4: 5 coins move a Student from supply to the Technology start space; repeatable."""
    game = turn_of(11).game()
    start = game.catalog.technology_track.start
    before = game.state.players[0].students
    assert before.count(None) == 3
    game = game.apply("enroll").apply("enroll")
    p = game.state.players[0]
    assert p.coins == 1
    assert p.students.count(None) == 1
    assert p.students.count(start) == before.count(start) + 2
    assert "enroll" not in legal(game)


def test_q4_enrolling_moves_a_student_piece() -> None:
    """Q4: what moves to the Technology start space is a Student (the first in supply), not another piece."""
    game = turn_of(5).game()
    first_in_supply = game.state.players[0].students.index(None)
    game = game.apply("enroll")
    moved = [e for e in game.last_events if isinstance(e, ev.PieceMoved)]
    assert moved == [
        ev.PieceMoved(player=0, piece="student", index=first_in_supply, to=game.catalog.technology_track.start)
    ]


def test_q4_the_five_coins_are_booked_to_the_enroll_quick_action() -> None:
    """Q4: the 5 Coins paid are recorded as spent on the ``enroll`` Quick Action."""
    game = turn_of(5).game().apply("enroll")
    paid = [e for e in game.last_events if isinstance(e, ev.ResourcesChanged)]
    assert paid == [ev.ResourcesChanged(player=0, coins=-5, source=Source("quick_action", "enroll"))]


def test_enroll_needs_a_student_in_supply() -> None:
    """Q4: with every Student on the track, there is nothing to enroll, whatever the coins."""
    game = turn_of(10, students=["t0", "t0", "t0", "t0"]).game()
    assert "enroll" not in legal(game)
    assert "enroll" not in legal(turn_of(4).game())  # and 4 coins are not enough
