"""The expansion module Advanced Lessons (checklist X1-X8): its 30 Action cards, multiple-symbol cards and
special action cards, and each special action with its cost or condition.

Most scenarios give player 0 Study board D (its printed drawer is Technology, out of the way of the other
actions) and a desk; a special action card tucked under column N is usable in the player's N-th turn.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs
import pytest

import newton_rules as nr
from newton_rules import Game, Options
from newton_rules.bots.evaluation import score_estimate
from newton_rules.bots.greedy import GreedyBot
from newton_rules.components.validation import validate_catalog
from newton_rules.effects.primitives import PerformAction
from newton_rules.model import events as ev
from newton_rules.model.frames import (
    DiscoveryFrame,
    LessonsFrame,
    MasterFrame,
    RepeatFrame,
    TakeCardFrame,
    TradeCardFrame,
    TravelFrame,
    TurnFrame,
    WorkFrame,
)
from newton_rules.model.state import PlayerState
from newton_rules.rules import queries as q
from newton_rules.testing import Position, legal_texts
from newton_rules.text import describe_action, event_text
from newton_rules.text.components import action_card_text

AL = Options(advanced_lessons=True)


def position(options: Options = AL, board: str = "D", **fields: Any) -> Position:
    """Two players with the module; player 0 on ``board``, no Bonus tokens out."""
    return Position(players=2, seed=3, options=options).player(0, board=board, **fields).bonus([])


def legal(game: Game) -> set[str]:
    return legal_texts(game, quick=False)


def p0(game: Game) -> PlayerState:
    return game.state.players[0]


def value_of(game: Game, basic: str) -> int:
    """The value of the Basic Action ``basic`` of the card just played (from the frame it pushes)."""
    top = game.apply(f"basic {basic}").state.top
    assert top is not None and hasattr(top, "value")
    value: int = top.value
    return value


def tucked_turn(tucked: tuple[str, ...], played: str, column: int = 1, round: int = 2, **fields: Any) -> Position:
    """Player 0 has ``tucked`` cards under the desk and plays ``played`` in column ``column`` (its turn)."""
    pos = position(**fields).tucked(0, *tucked)
    fillers = ("work", "technology", "travel", "lessons", "study", "joker")
    desk = [c for c in fillers if c != played][: column - 1]
    return pos.desk(0, *desk).turn(0, played=played, round=round, nth=column)


# ==============================================================================================
# X1 30 Action cards, 10 per level, join the three level decks
# ==============================================================================================


def _cards_by_level(game: Game) -> Counter[str]:
    board = game.state.board
    return Counter(
        f"{'AL' if c.startswith('AL') else 'base'}-{level}"
        for level, (deck, line) in enumerate(zip(board.decks, board.lines, strict=True), start=1)
        for c in (*deck, *line)
    )


def test_x1_the_module_cards_join_each_level_deck() -> None:
    """X1: with the option the three decks hold their 15 cards and the module's 10 each, shuffled in."""
    game = nr.new_game(players=3, seed=5, options=AL)
    assert _cards_by_level(game) == Counter(
        {f"{kind}-{lv}": n for lv in (1, 2, 3) for kind, n in (("base", 15), ("AL", 10))}
    )
    assert any(c.startswith("AL") for line in game.state.board.lines for c in line) or any(
        deck.index(c) < 10 for deck in game.state.board.decks for c in deck if c.startswith("AL")
    )


def test_x1_without_the_option_no_module_card_is_in_play() -> None:
    """X1: the base game plays the 45 cards alone."""
    game = nr.new_game(players=3, seed=5)
    assert _cards_by_level(game) == Counter({f"base-{lv}": 15 for lv in (1, 2, 3)})


def test_x1_the_module_data_10_cards_per_level_and_their_two_kinds() -> None:
    """X1-X5 (data): 10 cards per level; each a multiple-symbol card (2 symbols, a Special Effect) or a
    special action card (1 symbol, no Special Effect); the counts are the rulebook's, the cards reconstructed."""
    catalog = nr.default_catalog()
    cards = catalog.advanced_lessons
    assert Counter(c.level for c in cards) == {1: 10, 2: 10, 3: 10}
    assert catalog.counts.advanced_lessons.action_cards_per_level == (10, 10, 10)
    assert catalog.counts.advanced_lessons.provenance == "rulebook"
    assert all(c.provenance == "reconstructed" for c in cards)
    for card in cards:
        if card.special_action is None:
            assert len(card.symbols) == 2 and card.special is not None
        else:
            assert len(card.symbols) == 1 and card.special is None


def test_x1_data_a_special_action_card_shows_one_symbol() -> None:
    """X5 (data): validation refuses a special action card with two symbols, and a module id of the base deck."""
    catalog = nr.default_catalog()
    cards = tuple(
        attrs.evolve(c, symbols=("work", "study"))
        if c.id == "AL1-06"
        else attrs.evolve(c, id="L1-01")
        if c.id == "AL1-07"
        else c
        for c in catalog.advanced_lessons
    )
    assert validate_catalog(attrs.evolve(catalog, advanced_lessons=cards)) == [
        "advanced_lessons.json: action_cards: L1-01: id already used in cards.json",
        "advanced_lessons.json: action_cards: AL1-06: a special action card shows 1 Basic Action symbol, found 2",
    ]


def test_x1_data_the_declared_counts_hold() -> None:
    """X1 (data): 9 level-1 cards against the 10 declared in pack.json is an error naming both."""
    catalog = nr.default_catalog()
    cards = tuple(c for c in catalog.advanced_lessons if c.id != "AL1-01")
    assert validate_catalog(attrs.evolve(catalog, advanced_lessons=cards)) == [
        "advanced_lessons.json: action_cards of level 1: expected 10 (declared in pack.json "
        "counts.advanced_lessons.action_cards_per_level), found 9"
    ]


# ==============================================================================================
# X2 Two identical symbols: that Basic Action with value 2, desk symbols add
# ==============================================================================================


def test_x2_two_identical_symbols_give_value_2_plus_the_desk() -> None:
    """X2: AL3-01 shows two Work symbols: with the Starting Work card on the desk, Work has value 3."""
    game = position(work="w0").desk(0, "work").turn(0, played="AL3-01").game()
    assert {a for a in legal(game) if a.startswith("basic")} == {"basic work"}
    assert value_of(game, "work") == 3


def test_x2_alone_on_the_desk_the_double_card_gives_value_2() -> None:
    """X2: the card alone: Work of value 2."""
    game = position(work="w0").turn(0, played="AL3-01").game()
    assert value_of(game, "work") == 2


# ==============================================================================================
# X3 Two different symbols: one of the two, value 1, desk symbols add
# ==============================================================================================


def test_x3_two_different_symbols_choose_one_at_value_1_plus_the_desk() -> None:
    """X3: AL1-02 (Work / Travel) with a Travel card on the desk: Travel 2 or Work 1, the player's choice."""
    game = position(work="w0").desk(0, "travel").turn(0, played="AL1-02").game()
    assert {a for a in legal(game) if a.startswith("basic")} == {"basic work", "basic travel"}
    assert value_of(game, "travel") == 2
    assert value_of(game, "work") == 1


def test_x3_only_one_of_the_two_actions_is_performed() -> None:
    """X3: "you must choose which action to be performed": after the Travel, no Work."""
    game = position(work="w0").turn(0, played="AL1-02").game().apply("basic travel").apply("stop")
    assert isinstance(game.state.top, TurnFrame)
    assert not any(a.startswith("basic") for a in legal(game))


# ==============================================================================================
# X4 Tucked, a multiple-symbol card counts both symbols
# ==============================================================================================


def test_x4_a_tucked_double_card_counts_both_symbols() -> None:
    """X4: AL3-01 (Work, Work) under the desk: the Starting Work card played later has Work value 3."""
    game = tucked_turn(("AL3-01",), "work", work="w0").game()
    assert value_of(game, "work") == 3


def test_x4_a_tucked_slash_card_counts_each_symbol_for_its_action() -> None:
    """X4: AL1-02 (Work / Travel) under the desk adds 1 to every later Work and every later Travel."""
    pos = tucked_turn(("AL1-02",), "work", work="w0")
    assert value_of(pos.game(), "work") == 2
    travel = tucked_turn(("AL1-02",), "travel").game()
    assert value_of(travel, "travel") == 2
    assert q.symbol_count(travel.catalog, p0(travel), "work") == 1


# ==============================================================================================
# X5 Special action cards: played, only the Basic Action; tucked, upside down, the special action
# ==============================================================================================


def test_x5_played_a_special_action_card_gives_only_its_basic_action() -> None:
    """X5: AL1-06 played: its Work action, no Special Effect and no special action."""
    game = position(work="w0", coins=1).turn(0, played="AL1-06").game()
    assert legal(game) == {"basic work", "end"}
    assert value_of(game, "work") == 1


def test_x5_tucked_upside_down_its_basic_symbol_no_longer_counts() -> None:
    """X5: tucked upside down, AL1-06 shows its special action, not its Work symbol."""
    game = tucked_turn(("AL1-06",), "work", work="w0").game()
    assert value_of(game, "work") == 1


def test_x5_tucked_its_special_action_is_usable_before_the_basic_action() -> None:
    """X5, X8 (1 Coin → a level-1 card): used before the Basic Action, it costs 1 coin and gives the card."""
    pos = tucked_turn(("AL1-06",), "travel", coins=3).line(1, "L1-01", "L1-04").line(2, "L2-01")
    game = pos.game()
    assert "use AL1-06" in legal(game)
    game = game.apply("use AL1-06")
    assert isinstance(game.state.top, TakeCardFrame)
    assert legal(game) == {"take L1-01", "take L1-04"}  # level 1 only
    game = game.apply("take L1-04")
    assert p0(game).coins == 2 and "L1-04" in p0(game).hand
    assert "basic travel" in legal(game)
    assert "use AL1-06" not in legal(game)  # once per turn


def test_x5_usable_after_the_basic_action() -> None:
    """X5: or after the Basic Action."""
    game = tucked_turn(("AL1-06",), "travel", coins=3).line(1, "L1-01").game()
    game = game.apply("basic travel").apply("stop")
    assert isinstance(game.state.top, TurnFrame) and "use AL1-06" in legal(game)


def test_x5_usable_during_the_basic_action_like_a_quick_action() -> None:
    """X5 (Q5): during the Travel, between two steps, the special action is offered too."""
    game = tucked_turn(("AL1-06",), "travel", coins=3).line(1, "L1-01").game().apply("basic travel")
    assert isinstance(game.state.top, TravelFrame)
    assert "use AL1-06" in legal_texts(game)
    game = game.apply("use AL1-06").apply("take L1-01")
    assert isinstance(game.state.top, TravelFrame) and "L1-01" in p0(game).hand


def test_x5_with_quick_actions_only_around_the_action_none_during_it() -> None:
    """X5 with ``quick_actions="turn"`` (R5): not between the steps, still before or after."""
    options = Options(advanced_lessons=True, quick_actions="turn")
    pos = tucked_turn(("AL1-06",), "travel", options=options, coins=3).line(1, "L1-01")
    game = pos.game()
    assert "use AL1-06" in legal(game)
    during = game.apply("basic travel")
    assert isinstance(during.state.top, TravelFrame) and "use AL1-06" not in legal_texts(during)


def test_x5_the_special_action_needs_its_cost() -> None:
    """X5: with no coin, the 1-coin special action is not offered."""
    game = tucked_turn(("AL1-06",), "travel", coins=0).line(1, "L1-01").game()
    assert "use AL1-06" not in legal(game)


def test_x5_the_special_action_waits_for_a_card_played_in_its_column() -> None:
    """X5: before a card is played this turn, no special action."""
    pos = position(coins=3).tucked(0, "AL1-06").line(1, "L1-01").turn(0, round=2)
    assert not any(a.startswith("use") for a in legal_texts(pos.game()))


def holding_a_work_income_tile(options: Options = AL) -> Position:
    """Player 0 with 3 Coins, AL1-06 tucked, and a designer's Income tile that gives a Work of value 1."""
    pos = position(options, coins=3, work="w0", income=("coins",)).tucked(0, "AL1-06").line(1, "L1-01")
    work = PerformAction(action="work", value=1)
    tiles = tuple(attrs.evolve(t, effects=(work,)) if t.id == "coins" else t for t in pos.catalog.income_tiles)
    pos.catalog = attrs.evolve(pos.catalog, income_tiles=tiles)
    return pos


def test_x5_no_special_action_in_an_action_received_outside_a_turn() -> None:
    """X5: the special action is used in the turn of a card played in its column. A designer's Income tile
    giving a Work of value 1 gives it at End Round, in nobody's turn: no ``use`` inside that Work, though
    the tucked AL1-06 (1 Coin -> a level-1 card) is offered in its column's turn with the same funds."""
    assert validate_catalog(holding_a_work_income_tile().catalog) == []
    assert "use AL1-06" in legal(holding_a_work_income_tile().turn(0, played="travel", round=2).game())
    game = holding_a_work_income_tile().end_of_round(round=2)
    assert isinstance(game.state.top, WorkFrame) and not any(isinstance(f, TurnFrame) for f in game.frames)
    assert "step w1" in legal(game)
    assert not any(a.startswith("use") for a in legal_texts(game))


def test_q5_quick_actions_in_a_work_received_at_end_round_unless_only_on_the_turn() -> None:
    """Q5 (R5): Quick Actions come before, during or after performing a Basic Action, so a Work that a
    designer's Income tile gives at End Round offers them between its steps; ``quick_actions="turn"``
    keeps them to the player's turn, and that Work, in nobody's turn, offers none."""
    game = holding_a_work_income_tile().end_of_round(round=2)
    assert legal_texts(game) == {"flip 1", "flip 2", "flip 3", "potion", "step w1", "stop"}
    on_the_turn = Options(advanced_lessons=True, quick_actions="turn")
    assert legal_texts(holding_a_work_income_tile(on_the_turn).end_of_round(round=2)) == {"step w1", "stop"}


# ==============================================================================================
# X6 Each column, its turn
# ==============================================================================================


def test_x6_a_special_action_in_the_second_column_only_in_the_second_turn() -> None:
    """X6: AL1-06 tucked in the second column: not in the first turn of the round, usable in the second."""
    tucked = ("L1-01", "AL1-06")
    first = tucked_turn(tucked, "travel", column=1, coins=3).line(1, "L1-02").game()
    assert not any(a.startswith("use") for a in legal_texts(first))
    second = tucked_turn(tucked, "travel", column=2, coins=3).line(1, "L1-02").game()
    assert "use AL1-06" in legal(second)
    third = tucked_turn(tucked, "travel", column=3, coins=3).line(1, "L1-02").game()
    assert not any(a.startswith("use") for a in legal_texts(third))


# ==============================================================================================
# X7 A condition on an action "performed" counts only the played card's Basic Action
# ==============================================================================================


def test_x7_work_of_value_1_this_turn_then_a_potion() -> None:
    """X7, X8 (Work ≥ 1 → 1 Potion): only once the card's Work action is over."""
    game = tucked_turn(("AL1-07",), "AL3-01", work="w0").game()  # Work, Work: a Work of value 2
    assert "use AL1-07" not in legal(game)  # no Work performed yet
    game = game.apply("basic work").apply("step w1")
    assert isinstance(game.state.top, WorkFrame)
    assert "use AL1-07" not in legal_texts(game)  # not during it: the condition is its result
    game = game.apply("stop")
    assert "use AL1-07" in legal(game)
    potions = p0(game).potions
    assert p0(game.apply("use AL1-07")).potions == potions + 1


def test_x7_a_masters_work_action_does_not_count() -> None:
    """X7: Kepler's Work action, played during the turn, is not the card's: no Potion."""
    pos = tucked_turn(("AL1-07",), "lessons", work="w0").player(0, masters=("kepler",))
    game = pos.decide(*pos.state.stack, MasterFrame(player=0)).game().apply("master kepler")
    assert isinstance(game.state.top, WorkFrame)
    game = game.apply("step w1").apply("stop")
    assert isinstance(game.state.top, TurnFrame)
    assert "use AL1-07" not in legal(game)


def test_x7_the_value_threshold_counts_the_boost() -> None:
    """X7, X8 (Travel ≥ 3 → a card of any level): Travel 2 is not enough; boosted to 3 it is."""
    pos = position(coins=2).tucked(0, "L1-01", "AL3-06").desk(0, "L1-07").turn(0, played="travel", round=2, nth=2)
    pos = pos.line(3, "L3-01")
    game = pos.game()
    plain = game.apply("basic travel").apply("stop")
    assert "use AL3-06" not in legal(plain)
    boosted = game.apply("boost").apply("basic travel").apply("stop")
    assert "use AL3-06" in legal(boosted)
    boosted = boosted.apply("use AL3-06")
    assert isinstance(boosted.state.top, TakeCardFrame) and legal(boosted) == {"take L3-01"} | {
        f"take {c}" for line in boosted.state.board.lines[:2] for c in line
    }


# ==============================================================================================
# X8 The special actions
# ==============================================================================================


def test_x8_lessons_then_an_additional_work_action_of_value_1() -> None:
    """X8: after a Lessons of value 1 or more, a Work action of value 1 (not the card's own action)."""
    pos = tucked_turn(("AL1-08",), "lessons", work="w0").line(1, "L1-01")
    game = pos.game().apply("basic lessons").apply("take L1-01")
    assert isinstance(game.state.top, TurnFrame)
    game = game.apply("use AL1-08")
    top = game.state.top
    assert isinstance(top, WorkFrame) and top.value == 1


def test_x8_one_coin_for_the_income_of_one_income_tile() -> None:
    """X8: 1 coin: the coins Income tile pays its 2 coins now."""
    game = tucked_turn(("AL1-09",), "travel", coins=1, income=("coins", "vp")).game().apply("use AL1-09")
    assert isinstance(game.state.top, RepeatFrame) and legal(game) == {"again 0", "again 1"}
    game = game.apply("again 0")
    assert p0(game).coins == 2


def test_x8_the_coin_paid_for_a_special_action_is_booked_to_its_card() -> None:
    """X8: 1 coin for an Income tile's bonus: the coin spent shows as spent on the special action of AL1-09."""
    game = tucked_turn(("AL1-09",), "travel", coins=1, income=("coins", "vp")).game().apply("use AL1-09")
    spent = [e.source for e in game.events if isinstance(e, ev.ResourcesChanged) and e.coins == -1]
    assert [str(source) for source in spent] == ["special action AL1-09"]


def test_x8_income_of_the_medicine_tile() -> None:
    """X8: the Medicine tile is an Income tile: its lower side pays 1 VP."""
    game = tucked_turn(("AL1-09",), "travel", coins=1, income=("medicine",)).game()
    vp = p0(game).vp
    game = game.apply("use AL1-09").apply("again 0")
    assert p0(game).vp == vp + 1


def test_x8_one_coin_for_a_bonus_token_again() -> None:
    """X8: 1 coin: Bonus token K01 (a coins token; its value is the data's) gives its effect again."""
    game = tucked_turn(("AL1-10",), "travel", coins=1, bonus_tokens=("K01",)).game()
    token_coins = getattr(game.catalog.tokens_by_id["K01"].effect, "coins", 0)
    assert token_coins > 0, "the scenario needs a coins token"
    game = game.apply("use AL1-10").apply("again K01")
    assert p0(game).coins == 1 - 1 + token_coins and p0(game).bonus_tokens == ("K01",)


def test_x8_a_bonus_token_that_cannot_act_is_not_offered() -> None:
    """X8: a Student token with every Student enrolled gives nothing again: only the coins token is offered."""
    students = ("t0", "t0", "t0", "t0")
    pos = tucked_turn(("AL1-10",), "travel", coins=1, bonus_tokens=("K16", "K01"), students=students)
    game = pos.game().apply("use AL1-10")
    assert legal(game) == {"again K01"}
    alone = tucked_turn(("AL1-10",), "travel", coins=1, bonus_tokens=("K16",), students=students).game()
    assert "use AL1-10" not in legal(alone)


def test_x8_study_of_value_2_then_lessons_of_value_2_and_1_vp() -> None:
    """X8: after a Study of value 2, a Lessons action of value 2 and 1 VP."""
    pos = position().tucked(0, "L1-01", "AL2-06").desk(0, "L1-13").turn(0, played="study", round=2, nth=2)
    game = pos.line(2, "L2-01").game().apply("basic study")
    assert game.state.top is not None and getattr(game.state.top, "value", None) == 2
    game = game.apply("stop")
    vp = p0(game).vp
    game = game.apply("use AL2-06")
    top = game.state.top
    assert isinstance(top, LessonsFrame) and top.value == 2
    assert p0(game.apply("take L2-01")).vp == vp + 1


def test_x8_study_of_value_1_is_not_enough() -> None:
    """X8: a Study of value 1 does not meet "value of 2 or higher"."""
    game = tucked_turn(("AL2-06",), "study").game().apply("basic study").apply("stop")
    assert "use AL2-06" not in legal(game)


def test_x8_discard_a_card_from_hand_to_take_any_available_card() -> None:
    """X8: discard a Starting card out of the game, take a level-3 card."""
    pos = tucked_turn(("AL2-07",), "travel").hand(0, "joker").line(3, "L3-05")
    game = pos.game().apply("use AL2-07")
    assert isinstance(game.state.top, TradeCardFrame)
    assert legal(game) == {f"discard {c}" for c in p0(game).hand}
    joker = next(c for c in p0(game).hand if c.endswith("joker"))
    game = game.apply(f"discard {joker}")
    assert joker in game.state.board.removed_cards
    game = game.apply("take L3-05")
    assert "L3-05" in p0(game).hand


def _city_position(tile: str, **fields: Any) -> Position:
    pos = tucked_turn(("AL2-08",), "work", **fields)
    space = pos.catalog.map_spaces_by_kind["city"][0]
    return pos.map_tile(space, tile).player(0, cubes=(space,))


def test_x8_two_coins_for_a_city_tile_again() -> None:
    """X8: 2 coins: the City of 4 coins where player 0 has a cube gives its 4 coins again."""
    pos = _city_position("C1", coins=2)
    space = pos.state.players[0].cubes[0]
    game = pos.game().apply("use AL2-08")
    assert legal(game) == {f"again {space}"}
    assert p0(game.apply(f"again {space}")).coins == 4


def test_x8_a_single_medicine_city_turns_the_medicine_tile() -> None:
    """X8 N.B.: after one Medicine City, its effect turns the Medicine tile to its 3 VP side."""
    pos = _city_position("C6", coins=2, income=("medicine",))
    space = pos.state.players[0].cubes[0]
    game = pos.game().apply("use AL2-08").apply(f"again {space}")
    assert p0(game).medicine_turned
    assert any(isinstance(e, ev.MedicineTileTurned) for e in game.last_events)
    assert q.medicine_vp(game.catalog, game.state, p0(game)) == 3
    assert "use AL2-08" not in legal(game)


def test_x8_a_turned_medicine_tile_cannot_be_turned_again() -> None:
    """X8: once turned, the Medicine City has nothing left to give."""
    pos = _city_position("C6", coins=2, income=("medicine",), medicine_turned=True)
    assert "use AL2-08" not in legal(pos.game())


def test_x8_three_coins_for_a_masters_immediate_effect_again() -> None:
    """X8: 3 coins: Bruno's 6 coins again; Hooke (no effect) is not offered."""
    pos = tucked_turn(("AL3-07",), "travel", coins=3).player(0, masters_played=("bruno", "hooke"))
    game = pos.game().apply("use AL3-07")
    assert legal(game) == {"again bruno"}
    assert p0(game.apply("again bruno")).coins == 6


def test_x8_four_coins_for_the_vp_of_an_occupied_objective() -> None:
    """X8: 4 coins: the VP the Objective tile on the Work track's end would give now (1 VP per coin)."""
    pos = tucked_turn(("AL3-08",), "travel", coins=10)
    work_objective = next(s for w, s in pos.catalog.objective_track_spaces if w == "work")
    pos = pos.track_tile(work_objective, "O1").player(0, work=work_objective)
    game = pos.game()
    vp = p0(game).vp
    game = game.apply("use AL3-08")
    assert legal(game) == {f"again {work_objective}"}
    game = game.apply(f"again {work_objective}")
    assert p0(game).coins == 6 and p0(game).vp == vp + 6


def test_x8_the_vp_given_again_are_recorded_as_the_special_actions() -> None:
    """X8: the 6 VP of the occupied Objective are recorded as coming from the special action of AL3-08."""
    pos = tucked_turn(("AL3-08",), "travel", coins=10)
    work_objective = next(s for w, s in pos.catalog.objective_track_spaces if w == "work")
    game = pos.track_tile(work_objective, "O1").player(0, work=work_objective).game()
    game = game.apply("use AL3-08").apply(f"again {work_objective}")
    gained = [(e.source, e.vp) for e in game.last_events if isinstance(e, ev.ResourcesChanged) and e.vp]
    assert gained == [(nr.Source("special_action", "AL3-08"), 6)]


def test_x8_an_objective_not_occupied_gives_nothing() -> None:
    """X8: with no occupied Objective tile, the special action is not offered."""
    game = tucked_turn(("AL3-08",), "travel", coins=10).game()
    assert "use AL3-08" not in legal(game)


@pytest.mark.parametrize("card", [c.id for c in nr.default_catalog().advanced_lessons if c.special_action])
def test_x8_every_special_action_card_has_words(card: str) -> None:
    """X8 (words): each special action is described, and using it is an event with a sentence."""
    catalog = nr.default_catalog()
    assert "tucked (upside down)" in action_card_text(catalog.cards_by_id[card])


def test_x8_use_and_again_in_words_and_notation() -> None:
    """X5, X8: the actions read back (notation round-trips) and are described for people."""
    pos = tucked_turn(("AL1-10",), "travel", coins=1, bonus_tokens=("K01",))
    game = pos.game()
    use = game.parse_action("use AL1-10")
    assert nr.Action.parse(str(use)) == use
    assert "special action of AL1-10" in describe_action(game, use)
    game = game.apply(use)
    assert any("uses the special action of AL1-10" in event_text(game.catalog, e) for e in game.last_events)
    assert "Bonus token K01" in describe_action(game, game.parse_action("again K01"))
    saved = game.apply("again K01")
    assert nr.Game.from_json(saved.to_json()) == saved


# ==============================================================================================
# Bots
# ==============================================================================================


def test_x8_the_card_to_take_is_asked_for_with_its_level() -> None:
    """X8 (words): 1 Coin → a level-1 card asks for a card of level 1; Travel ≥ 3 → a card of any level."""
    pos = tucked_turn(("AL1-06",), "travel", coins=3).line(1, "L1-01")
    decision = pos.game().apply("use AL1-06").decision
    assert decision is not None and decision.prompt == "take an available Action card of level 1"
    pos = position(coins=2).tucked(0, "L1-01", "AL3-06").desk(0, "L1-07").turn(0, played="travel", round=2, nth=2)
    game = pos.line(3, "L3-01").game().apply("boost").apply("basic travel").apply("stop")
    decision = game.apply("use AL3-06").decision
    assert decision is not None and decision.prompt == "take an available Action card of any level"


def test_greedy_bot_uses_a_profitable_special_action() -> None:
    """X8 (bots): 3 coins for Bruno's 6 coins again: GreedyBot takes it."""
    pos = tucked_turn(("AL3-07",), "travel", coins=3).player(0, masters_played=("bruno",))
    game = pos.game().apply("basic travel").apply("stop")
    assert GreedyBot(seed=1).choose(game) == nr.Action("use", "AL3-07")


def test_the_evaluation_counts_the_uses_left_of_a_tucked_special_action() -> None:
    """X5 (bots): a special action tucked is worth more with more rounds to use it in."""
    early = tucked_turn(("AL1-06",), "travel", round=2).game()
    symbol = tucked_turn(("L1-01",), "travel", round=2).game()
    late = tucked_turn(("AL1-06",), "travel", round=6).game()
    late_symbol = tucked_turn(("L1-01",), "travel", round=6).game()
    assert score_estimate(early, 0) > score_estimate(symbol, 0)
    assert score_estimate(early, 0) - score_estimate(symbol, 0) > score_estimate(late, 0) - score_estimate(
        late_symbol, 0
    )


# X8 with G4: the Great Discoveries' City tile is a City tile like the others. 000: the modules "can be
# played together or individually"; the special action activates "a City tile where you have placed a
# Travel cube"; the Great Discoveries module adds "1 City tile" (take a Great Discovery at half its cost).
def _both_modules_city(tile: str) -> Position:
    options = Options(advanced_lessons=True, great_discoveries=True)
    return (
        Position(players=2, seed=1, options=options)
        .map_tile("marseille", tile)
        .board(discoveries=("GD4",))
        .player(0, coins=20, cubes=["marseille"])
        .tucked(0, "AL2-08")
        .turn(0, played="L1-01", round=2)
    )


def test_x8_g4_the_city_special_action_activates_the_great_discoveries_city_tile() -> None:
    """X8, G4 (both modules): a cube on the expansion's City tile C8: 2 coins, then GD4 (6 coins) for 3."""
    game = _both_modules_city("C8").game()
    assert "use AL2-08" in legal(game)
    game = game.apply("use AL2-08")
    assert legal(game) == {"again marseille"}
    game = game.apply("again marseille")
    assert isinstance(game.state.top, DiscoveryFrame) and game.state.top.price == "half"
    coins = p0(game).coins
    game = game.apply("discover GD4")
    assert "GD4" in p0(game).discoveries
    assert coins - p0(game).coins == 3


def test_x8_g4_a_base_city_tile_with_both_modules() -> None:
    """X8 (both modules): a base City tile on the same space is offered as without the expansion."""
    game = _both_modules_city("C1").game().apply("use AL2-08")
    assert legal(game) == {"again marseille"}


def test_x8_g4_the_great_discoveries_city_tile_with_no_discovery_left_gives_nothing() -> None:
    """X8, G4: with no Great Discovery face up, the City tile C8 has nothing to give: not offered."""
    pos = _both_modules_city("C8").board(discoveries=())
    assert "use AL2-08" not in legal(pos.game())
