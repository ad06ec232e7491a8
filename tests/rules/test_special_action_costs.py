"""Special actions of Advanced Lessons (X5, X8): what a use pays, from which funds, and whose name the
ledger books its costs and gains to. A special action is a Quick Action, not the played card: it pays
from anything the player holds (not from what pays the card's costs, E13).
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import newton_rules as nr
from newton_rules import Game, Options
from newton_rules.components.records import SpecialAction
from newton_rules.effects.primitives import Amount, Exchange, Gain, PlayMaster, TakeCard
from newton_rules.model import events as ev
from newton_rules.model.frames import TurnFrame
from newton_rules.rules import queries as q
from newton_rules.testing import Position
from tests.rules.test_advanced_lessons import _city_position, legal, p0, tucked_turn


def _again(pos: Position, card: str, choice: str) -> Game:
    return pos.game().apply(f"use {card}").apply(f"again {choice}")


def _city_again() -> tuple[Position, str, str]:
    pos = _city_position("C1", coins=2)
    return pos, "AL2-08", pos.state.players[0].cubes[0]


@pytest.mark.parametrize(
    "case",
    [
        lambda: (tucked_turn(("AL1-09",), "travel", coins=1, income=("coins", "vp")), "AL1-09", "0"),
        lambda: (tucked_turn(("AL1-09",), "travel", coins=1, income=("medicine",)), "AL1-09", "0"),
        lambda: (tucked_turn(("AL1-10",), "travel", coins=1, bonus_tokens=("K01",)), "AL1-10", "K01"),
        _city_again,
        lambda: (tucked_turn(("AL3-07",), "travel", coins=3).player(0, masters_played=("bruno",)), "AL3-07", "bruno"),
    ],
    ids=["income tile", "medicine tile", "bonus token", "city", "master"],
)
def test_x8_what_is_given_again_is_recorded_as_the_special_actions(case: Any) -> None:
    """X8: the Income tile's, the Medicine tile's, the Bonus token's, the City's and the Master's gains given
    again are recorded as coming from the special action of the card, not from the tile, token or Master."""
    pos, card, choice = case()
    game = _again(pos, card, choice)
    gained = [e.source for e in game.last_events if isinstance(e, ev.ResourcesChanged)]
    assert gained == [nr.Source("special_action", card)]


def test_x5_using_a_special_action_is_recorded_for_its_player_with_its_whole_cost() -> None:
    """X5: the use is an event naming player 0 and the card; a cost of 1 Coin, 1 Potion and 2 VP is paid
    in full (the module's cards cost Coins only; a card's cost is data)."""
    pos = tucked_turn(("AL1-09",), "travel", coins=1, potions=1, vp=2, income=("coins", "vp"))
    special = pos.catalog.cards_by_id["AL1-09"].special_action
    assert special is not None
    game = with_special_action(pos, "AL1-09", attrs.evolve(special, cost=Amount(coins=1, potions=1, vp=2))).game()
    game = game.apply("use AL1-09")
    assert ev.SpecialActionUsed(player=0, card="AL1-09") in game.last_events
    assert (p0(game).coins, p0(game).potions, p0(game).vp) == (0, 0, 0)


@pytest.mark.parametrize(
    ("coins", "potions", "vp", "offered"),
    [(1, 1, 2, True), (0, 1, 2, False), (1, 0, 2, False), (1, 1, 1, False)],
    ids=["all held", "a coin short", "a potion short", "a VP short"],
)
def test_x5_a_special_action_is_offered_only_with_its_whole_cost(
    coins: int, potions: int, vp: int, offered: bool
) -> None:
    """X5: a cost of 1 Coin, 1 Potion and 2 VP (as data) is offered when all of it is held; one Coin, one
    Potion or one VP short, the rest held, there is no ``use``."""
    pos = tucked_turn(("AL1-09",), "travel", coins=coins, potions=potions, vp=vp, income=("coins", "vp"))
    special = pos.catalog.cards_by_id["AL1-09"].special_action
    assert special is not None
    game = with_special_action(pos, "AL1-09", attrs.evolve(special, cost=Amount(coins=1, potions=1, vp=2))).game()
    assert ("use AL1-09" in legal(game)) is offered


def with_special_action(pos: Position, card: str, special_action: SpecialAction) -> Position:
    """``pos`` with the Advanced Lessons card ``card`` showing ``special_action``."""
    cards = tuple(
        attrs.evolve(c, special_action=special_action) if c.id == card else c for c in pos.catalog.advanced_lessons
    )
    pos.catalog = attrs.evolve(pos.catalog, advanced_lessons=cards)
    return pos


def test_x5_e1_an_exchange_in_a_special_action_is_paid_from_anything_held() -> None:
    """X5 with E1: a special action is not the played card: its exchange (2 Coins, 1 Potion and 1 VP ->
    1 Coin and 3 VP) is paid from what the player holds, booked to the special action, and leaves what
    pays the played card's costs unrecorded (no effect of the card has started)."""
    pos = tucked_turn(("AL1-06",), "travel", coins=3, potions=2, vp=5)
    exchange = Exchange(pay=Amount(coins=2, potions=1, vp=1), gain=Amount(coins=1, vp=3))
    game = with_special_action(pos, "AL1-06", SpecialAction(effects=(exchange,))).game().apply("use AL1-06")
    p = game.state.players[0]
    assert (p.coins, p.potions, p.vp) == (2, 1, 7)
    turn = game.state.top
    assert isinstance(turn, TurnFrame) and turn.held is None
    used = nr.Source("special_action", "AL1-06")
    changed = [(e.source, e.coins, e.potions, e.vp) for e in game.last_events if isinstance(e, ev.ResourcesChanged)]
    assert changed == [(used, -2, -1, -1), (used, 1, 0, 3)]


def test_x5_e1_an_exchange_in_a_special_action_may_spend_the_cards_income() -> None:
    """X5 with E1 (not E13): after the played card's Work earned a Coin, a special action's exchange of
    2 Coins is paid from the 2 Coins now held, though only 1 was held before the card's effects."""
    pos = tucked_turn(("AL1-06",), "work", coins=1, work="w0")
    exchange = Exchange(pay=Amount(coins=2), gain=Amount(vp=3))
    game = with_special_action(pos, "AL1-06", SpecialAction(effects=(exchange,))).game()
    game = game.apply("basic work").apply("step w1")  # value 1: the Work ends there
    assert p0(game).coins == 2
    game = game.apply("use AL1-06")
    assert (p0(game).coins, p0(game).vp) == (0, 3)


def test_x8_a_masters_action_that_cannot_start_is_not_offered_again() -> None:
    """X8 with T3: with every Student in supply, Torricelli's Technology cannot move one, so he is not
    offered again; Bruno's Coins and Paracelsus' action of any kind are."""
    played = ("bruno", "torricelli", "paracelsus")
    pos = tucked_turn(("AL3-07",), "travel", coins=3).player(0, masters_played=played, students=[None] * 4)
    game = pos.game().apply("use AL3-07")
    assert legal(game) == {"again bruno", "again paracelsus"}


@pytest.mark.parametrize(
    ("books", "removed", "offered"),
    [
        ((), 0, {"again cavendish"}),
        ((), 11, {"again cavendish"}),
        (("r0c0",), 11, {"again hawking"}),
        (("r0c0",), 0, {"again cavendish", "again hawking"}),
    ],
    ids=["no book placed", "one book tile left", "no book tile left", "both"],
)
def test_x8_cavendish_needs_a_book_tile_left_and_hawking_a_book_placed(
    books: tuple[str, ...], removed: int, offered: set[str]
) -> None:
    """X8: Cavendish (remove book tiles from the game) is offered again while a book tile is left to
    place; Hawking (move a placed book tile) once one is placed."""
    pos = tucked_turn(("AL3-07",), "travel", coins=3, books=books, books_removed=removed)
    game = pos.player(0, masters_played=("cavendish", "hawking")).game().apply("use AL3-07")
    assert legal(game) == offered


def test_x8_a_level_1_card_is_taken_only_from_the_level_1_line() -> None:
    """X8 (AL1-06: 1 Coin -> a level-1 card): with the level-1 line empty, not offered though level-2
    cards lie face up; a designer's special action giving also 1 VP gives the VP and asks for no card."""
    pos = tucked_turn(("AL1-06",), "travel", coins=1).line(1).line(2, "L2-01")
    assert "use AL1-06" not in legal(pos.game())
    with_vp = SpecialAction(effects=(Gain(vp=1), TakeCard(level=1)))
    game = with_special_action(pos, "AL1-06", with_vp).game().apply("use AL1-06")
    assert isinstance(game.state.top, TurnFrame) and p0(game).vp == 1


@pytest.mark.parametrize(("masters", "offered"), [(("bruno",), True), ((), False)])
def test_x8_a_designers_special_action_playing_a_master_needs_one_in_hand(
    masters: tuple[str, ...], offered: bool
) -> None:
    """A designer's special action "play a Master" (the book pile bonus, as data) is offered only to a
    player with a Master in hand."""
    pos = tucked_turn(("AL1-06",), "travel", coins=1, masters=masters)
    game = with_special_action(pos, "AL1-06", SpecialAction(effects=(PlayMaster(),))).game()
    assert ("use AL1-06" in legal(game)) is offered


@pytest.mark.parametrize(("coins", "again"), [(5, 1), (4, None)])
def test_x8_the_objective_is_scored_with_what_is_left_after_the_cost(coins: int, again: int | None) -> None:
    """X8 (AL3-08, 4 Coins; R22): the Objective O1 (1 VP per Coin) on the Work track's end scores what is
    left after the 4 Coins: with 5 Coins, 1 VP; with 4, nothing would be left to score, so the special
    action is not offered (a special action is offered when its effect can act once its cost is paid)."""
    pos = tucked_turn(("AL3-08",), "travel", coins=coins)
    work_objective = next(s for w, s in pos.catalog.objective_track_spaces if w == "work")
    game = pos.track_tile(work_objective, "O1").player(0, work=work_objective).game()
    if again is None:
        assert "use AL3-08" not in legal(game)
    else:
        game = game.apply("use AL3-08")
        assert legal(game) == {f"again {work_objective}"}
        assert p0(game.apply(f"again {work_objective}")).vp == again


def test_x8_copernicus_study_ignores_the_requirements_boyles_does_not() -> None:
    """X8 with M3: the two book spaces without a requirement filled, no volume and no Potion: Copernicus'
    Study (requirements ignored) can place a tile and is offered again, Boyle's cannot."""
    pos = tucked_turn(("AL3-07",), "travel", coins=3, potions=0, books=["r2c1", "r2c4"])
    game = pos.player(0, masters_played=("copernicus", "boyle")).game().apply("use AL3-07")
    assert legal(game) == {"again copernicus"}


def test_x8_an_objective_counting_the_board_scores_as_the_board_stands() -> None:
    """X8 with the extra Objective O16 (1 VP per Objective tile not occupied by the player): occupying the
    Work track's, player 0 receives 1 VP per other Objective of the board."""
    options = Options(advanced_lessons=True, extra_objectives=True)
    pos = tucked_turn(("AL3-08",), "travel", options=options, coins=4)
    work_objective = next(s for w, s in pos.catalog.objective_track_spaces if w == "work")
    pos = pos.track_tile(work_objective, "O16").player(0, work=work_objective)
    others = len(q.objective_spaces(pos.catalog, pos.state)) - 1
    game = pos.game().apply("use AL3-08")
    assert others > 0 and legal(game) == {f"again {work_objective}"}
    assert p0(game.apply(f"again {work_objective}")).vp == others


@pytest.mark.parametrize(
    ("hand", "line", "offered"), [(("joker",), True, True), ((), True, False), (("joker",), False, False)]
)
def test_x8_a_trade_needs_a_card_in_hand_and_one_available(hand: tuple[str, ...], line: bool, offered: bool) -> None:
    """X8 (AL2-07: discard a card from hand, take any available card): offered only with a card in hand to
    discard and a face-up card to take."""
    pos = tucked_turn(("AL2-07",), "travel").hand(0, *hand)
    if not line:
        pos = pos.line(1).line(2).line(3)
    assert ("use AL2-07" in legal(pos.game())) is offered
