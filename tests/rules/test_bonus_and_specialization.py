"""Bonus tokens (K1) and Specialization, Development and Income tiles (Z1-Z4).

Rulebook p.12 ("Bonus Tokens", "Specialization Tiles", "Development Tiles", "Income and Medicine Tiles")
and the FAQ of 003 section 4. Engine rulings: a '?' tile first asks ``type KIND``; then ``drawer N`` /
``income N`` on a free space; with none free you may replace one (it goes back to its supply) or
``decline``; the Study board's printed drawer symbol cannot be replaced; an empty supply gives nothing.
"""

from __future__ import annotations

import pytest

from newton_rules.errors import IllegalAction
from newton_rules.game import Game
from newton_rules.model import events as ev
from newton_rules.model.config import Options
from newton_rules.model.frames import RewardFrame, TravelFrame
from newton_rules.model.sources import Source
from newton_rules.testing import Position
from tests.rules.scenario import scenario


def position(board: str = "A", options: Options | None = None) -> Position:
    """Two players (seed 1); player 0 on Study board ``board`` with only its printed drawer; no Bonus tokens."""
    return scenario(players=2, seed=1, options=options).player(0, board=board).bonus([])


def legal(game: Game) -> set[str]:
    return {str(a) for a in game.legal_actions()}


def kind(game: Game) -> str | None:
    return None if game.decision is None else game.decision.kind


# -- K1: Bonus tokens ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("token", "coins", "vp", "potions"),
    [("K03", 3, 0, 0), ("K10", 0, 4, 0), ("K15", 0, 0, 2)],
)
def test_k1_student_passing_a_token_takes_and_keeps_it(token: str, coins: int, vp: int, potions: int) -> None:
    """K1: passing over t1 (not stopping there) gives the token's Coins / VP / Potions; the token is kept."""
    pos = position().player(0, coins=0, vp=0, potions=0, students=["t0"]).bonus([("t1", token)])
    game = pos.development(0, "technology").turn(0, played="technology").game()  # value 2
    game = game.apply("basic technology").apply("student 0").apply("step t1").apply("step b1")
    p = game.state.players[0]
    assert p.students[0] == "b1"
    assert (p.coins, p.vp, p.potions) == (coins, vp, potions)
    assert p.bonus_tokens == (token,)
    assert game.state.board.bonus == ()


def test_k1_student_token_enrolls_a_student_from_supply() -> None:
    """K1: the Student token places a new Student from supply on the start space of the Technology track."""
    pos = position().player(0, students=["t0", None, None, None]).bonus([("t1", "K16")])
    game = pos.turn(0, played="technology").game().apply("basic technology").apply("student 0").apply("step t1")
    assert game.state.players[0].students == ("t1", "t0", None, None)
    assert game.state.players[0].bonus_tokens == ("K16",)


def test_k1_student_token_with_an_empty_supply_gives_no_student() -> None:
    pos = position().player(0, students=["t0", "a2", "b3", "c3"]).bonus([("t1", "K16")])
    game = pos.turn(0, played="technology").game().apply("basic technology").apply("student 0").apply("step t1")
    assert game.state.players[0].students == ("t1", "a2", "b3", "c3")
    assert game.state.players[0].bonus_tokens == ("K16",)  # the token is still taken


def test_k1_scientist_passing_a_village_token() -> None:
    """K1 with V2: the Scientist passing Innsbruck takes its Potion token and travels on to Venezia."""
    pos = position().player(0, potions=0, scientist="basel").bonus([("innsbruck", "K12")])
    pos = pos.map_tile("venezia", "C1")  # the City tile at the end gives Coins, not Potions
    game = pos.tucked(0, "L1-07").turn(0, played="travel").game()  # value 2
    game = game.apply("basic travel").apply("step innsbruck").apply("step venezia")
    p = game.state.players[0]
    assert (p.scientist, p.potions, p.bonus_tokens) == ("venezia", 1, ("K12",))


def test_k1_only_the_first_player_to_pass_takes_the_token() -> None:
    """K1: once taken, the token is gone: the next Student to pass gets nothing."""
    pos = position().player(0, coins=0, students=["t0"]).player(1, coins=0, students=["t0", None, None, None])
    game = pos.bonus([("t1", "K03")]).turn(0, played="technology").game()
    game = game.apply("basic technology").apply("student 0").apply("step t1").apply("end")
    assert game.state.players[0].coins == 3
    assert game.to_move == 1
    game = game.apply("play start-yellow-technology").apply("basic technology").apply("student 0").apply("step t1")
    p1 = game.state.players[1]
    assert (p1.coins, p1.bonus_tokens, p1.students[0]) == (0, (), "t1")


def test_k1_token_coins_arrive_when_the_action_ends() -> None:
    """K1 with F6: Coins of a token taken on the way cannot pay a route later in the same Travel;
    with ``rewards_timing="immediate"`` they can."""

    def travel(options: Options | None) -> Game:
        pos = position(options=options).player(0, coins=0, scientist="amsterdam").bonus([("bremen", "K03")])
        game = pos.tucked(0, "L1-07", "L1-08").turn(0, played="travel").game()  # value 3
        return game.apply("basic travel").apply("step bremen").apply("step kobenhavn")

    deferred = travel(None)
    assert "step uppsala" not in legal(deferred)  # the route costs 1 Coin
    assert deferred.state.players[0].coins == 0

    immediate = travel(Options(rewards_timing="immediate"))
    assert immediate.state.players[0].coins == 3
    assert "step uppsala" in legal(immediate)


# -- Z1: Specialization tiles ---------------------------------------------------------------------------


def work_onto(space: str, tile: str, *, start: str, value: int = 1, board: str = "A") -> Position:
    """Player 0's Work marker on ``start``, Work value ``value``, ``tile`` on track space ``space``."""
    pos = position(board).player(0, coins=0, work=start).track_tile(space, tile)
    pos = pos.development(0, *["work"] * (value - 1))
    return pos.turn(0, played="work")


def test_z1_work_marker_ending_on_an_income_specialization() -> None:
    """Z1: ending on Z1 (2-VP Income tile) on w2: the Work Coin first (F6), then place the tile."""
    game = work_onto("w2", "Z1", start="w1").game().apply("basic work").apply("step w2")
    assert kind(game) == "income"
    assert game.state.players[0].coins == 1
    assert legal(game) == {"income 0", "income 1", "income 2", "income 3", "income 4", "decline"}
    after = game.apply("income 0")
    assert after.state.players[0].income == ("vp", None, None, None, None)
    supply = dict(game.state.board.income_supply)
    assert dict(after.state.board.income_supply) == {**dict(game.state.board.income_supply), "vp": supply["vp"] - 1}
    assert kind(after) == "turn"


def test_z1_the_tile_is_the_reward_of_the_specialization_tile_reached() -> None:
    """Z1 with F6: the Income tile to place is received as the reward of the Specialization tile Z1."""
    game = work_onto("w2", "Z1", start="w1").game().apply("basic work").apply("step w2")
    rewards = [
        e.frame.reward for e in game.events if isinstance(e, ev.DecisionPushed) and isinstance(e.frame, RewardFrame)
    ]
    assert Source("tile", "Z1") in [r.source for r in rewards]


def test_z1_passing_over_a_specialization_gives_nothing() -> None:
    """Z1 with W3: the marker must end its move on the tile."""
    game = work_onto("w2", "Z1", start="w1", value=2).game().apply("basic work").apply("step w2").apply("step w3")
    p = game.state.players[0]
    assert (p.work, p.coins, p.income) == ("w3", 2, (None,) * 5)
    assert kind(game) == "turn"


def test_z1_student_ending_on_a_development_specialization() -> None:
    """Z1: a Student ending on a1 with Z6 takes a Technology Development tile into a free drawer."""
    pos = position().player(0, students=["t1"]).track_tile("a1", "Z6").turn(0, played="technology")
    game = pos.game().apply("basic technology").apply("student 0").apply("step a1")
    assert kind(game) == "development"
    assert legal(game) == {"drawer 0", "drawer 1", "drawer 2", "drawer 3", "decline"}  # drawer 4: printed
    after = game.apply("drawer 0")
    assert after.state.players[0].drawers == ("technology", None, None, None, "lessons")
    supply = dict(after.state.board.development_supply)
    assert supply["technology"] == dict(game.state.board.development_supply)["technology"] - 1


def test_z1_question_mark_income_tile_choose_the_type_once() -> None:
    """Z1: Z4 ('?' Income) lets the player choose the type; once chosen it cannot be changed."""
    game = work_onto("w2", "Z4", start="w1").game().apply("basic work").apply("step w2")
    assert legal(game) == {"type vp", "type coins", "type potion", "decline"}
    chosen = game.apply("type coins")
    assert legal(chosen) == {"income 0", "income 1", "income 2", "income 3", "income 4", "decline"}
    with pytest.raises(IllegalAction):
        chosen.apply("type vp")
    assert chosen.apply("income 2").state.players[0].income == (None, None, "coins", None, None)


def test_z1_question_mark_development_tile() -> None:
    """Z1: Z10 ('?' Development) lets the player choose any action's Development tile."""
    game = work_onto("w2", "Z10", start="w1").game().apply("basic work").apply("step w2")
    assert legal(game) == {
        "type work",
        "type technology",
        "type travel",
        "type lessons",
        "type study",
        "decline",
    }
    chosen = game.apply("type study")
    assert "type work" not in legal(chosen)
    assert chosen.apply("drawer 1").state.players[0].drawers == (None, "study", None, None, "lessons")


# -- Z2: Development tiles into the drawers -------------------------------------------------------------


def test_z2_development_tile_goes_into_a_free_drawer_only() -> None:
    """Z2: while a drawer is free, the tile goes into a free one (no replacing)."""
    pos = work_onto("w2", "Z5", start="w1").development(0, "travel", None, "study", None)
    game = pos.game().apply("basic work").apply("step w2")
    assert legal(game) == {"drawer 1", "drawer 3", "decline"}


def full_drawers() -> Position:
    """Board A: drawers technology, study, travel, study + the printed lessons; a Travel tile on w2."""
    supply = (("work", 4), ("technology", 3), ("travel", 3), ("lessons", 4), ("study", 2))
    pos = work_onto("w2", "Z7", start="w1").development(0, "technology", "study", "travel", "study")
    return pos.board(development_supply=supply)


def test_z2_all_drawers_full_replace_one() -> None:
    """Z2: with all 5 drawers full a placed tile may be replaced (it returns to its supply);
    the printed drawer symbol of the Study board stays."""
    game = full_drawers().game().apply("basic work").apply("step w2")
    assert kind(game) == "development"
    assert legal(game) == {"drawer 0", "drawer 1", "drawer 2", "drawer 3", "decline"}
    after = game.apply("drawer 3")
    assert after.state.players[0].drawers == ("technology", "study", "travel", "travel", "lessons")
    supply = dict(after.state.board.development_supply)
    assert (supply["travel"], supply["study"]) == (2, 3)


def test_z2_all_drawers_full_decline() -> None:
    """Z2: the player may decline the tile instead; nothing changes."""
    game = full_drawers().game().apply("basic work").apply("step w2")
    after = game.apply("decline")
    assert after.state.players[0].drawers == game.state.players[0].drawers
    assert after.state.board.development_supply == game.state.board.development_supply
    assert kind(after) == "turn"


def test_z2_development_tile_adds_to_the_action_value() -> None:
    """Z2 with F4: a Travel Development tile in a drawer adds 1 to every later Travel action."""
    game = full_drawers().game().apply("basic work").apply("step w2").apply("drawer 1")
    drawers = game.state.players[0].drawers
    assert drawers.count("travel") == 2
    travel = position().development(0, *drawers[:4]).player(0, scientist="basel").turn(0, played="travel")
    frame = travel.game().apply("basic travel").frames[-1]
    assert isinstance(frame, TravelFrame)
    assert frame.value == 3


# -- Z3: Income tiles on the income spaces --------------------------------------------------------------


def test_z3_income_tile_goes_onto_a_free_space_only() -> None:
    game = work_onto("w2", "Z2", start="w1").player(0, income=["vp", None, "potion"]).game()
    game = game.apply("basic work").apply("step w2")
    assert legal(game) == {"income 1", "income 3", "income 4", "decline"}


def full_income() -> Position:
    supply = (("vp", 2), ("coins", 3), ("potion", 3))
    pos = work_onto("w2", "Z3", start="w1").player(0, income=["vp", "vp", "coins", "potion", "medicine"])
    return pos.board(income_supply=supply, medicine_supply=3)


def test_z3_all_income_spaces_full_replace_one() -> None:
    """Z3: with all 5 income spaces full, one tile may be replaced; it goes back to its own supply."""
    game = full_income().game().apply("basic work").apply("step w2")
    assert legal(game) == {"income 0", "income 1", "income 2", "income 3", "income 4", "decline"}
    after = game.apply("income 1")
    assert after.state.players[0].income == ("vp", "potion", "coins", "potion", "medicine")
    assert dict(after.state.board.income_supply) == {"vp": 3, "coins": 3, "potion": 2}


def test_z3_all_income_spaces_full_decline() -> None:
    game = full_income().game().apply("basic work").apply("step w2")
    after = game.apply("decline")
    assert after.state.players[0].income == game.state.players[0].income
    assert after.state.board.income_supply == game.state.board.income_supply


# -- Z4: an empty supply gives nothing ------------------------------------------------------------------


def test_z4_no_income_tile_of_an_exhausted_type() -> None:
    """Z4 (FAQ 4): when a type of Income tile has run out, none can be taken."""
    pos = work_onto("w2", "Z1", start="w1").board(income_supply=(("vp", 0), ("coins", 4), ("potion", 4)))
    game = pos.game().apply("basic work").apply("step w2")
    assert kind(game) == "turn"
    assert game.state.players[0].income == (None,) * 5
    assert game.state.players[0].coins == 1  # the Work Coin still comes


@pytest.mark.parametrize(
    ("supply", "offered"),
    [((("vp", 1), ("coins", 4)), True), ((("coins", 4), ("potion", 4)), False)],
    ids=["the last one", "a type without a supply"],
)
def test_z4_the_last_income_tile_of_a_type_is_taken_and_a_type_never_supplied_gives_none(
    supply: tuple[tuple[str, int], ...], offered: bool
) -> None:
    """Z4 with Z3: the last 2-VP Income tile is still placed; a pack without 2-VP tiles gives none."""
    game = work_onto("w2", "Z1", start="w1").board(income_supply=supply).game()
    game = game.apply("basic work").apply("step w2")
    assert (kind(game) == "income") is offered


@pytest.mark.parametrize(
    ("supply", "offered"),
    [((("work", 1), ("study", 4)), True), ((("technology", 4), ("study", 4)), False)],
    ids=["the last one", "an action without a supply"],
)
def test_z4_the_last_development_tile_of_an_action_is_taken_and_one_never_supplied_gives_none(
    supply: tuple[tuple[str, int], ...], offered: bool
) -> None:
    """Z4 with Z2: the last Work Development tile is still placed; a pack without Work tiles gives none."""
    game = work_onto("w2", "Z5", start="w1").board(development_supply=supply).game()
    game = game.apply("basic work").apply("step w2")
    assert (kind(game) == "development") is offered


def test_z4_question_mark_offers_only_types_left() -> None:
    """Z4: a '?' Income tile offers only the types still in supply; none left: nothing."""
    pos = work_onto("w2", "Z4", start="w1").board(income_supply=(("vp", 0), ("coins", 1), ("potion", 0)))
    game = pos.game().apply("basic work").apply("step w2")
    assert legal(game) == {"type coins", "decline"}

    empty = work_onto("w2", "Z4", start="w1").board(income_supply=(("vp", 0), ("coins", 0), ("potion", 0)))
    assert kind(empty.game().apply("basic work").apply("step w2")) == "turn"


def test_z4_no_development_tile_of_an_exhausted_type() -> None:
    """Z4 with S6: Development tiles are a limited supply too."""
    supply = (("work", 0), ("technology", 4), ("travel", 4), ("lessons", 4), ("study", 4))
    game = work_onto("w2", "Z5", start="w1").board(development_supply=supply).game()
    game = game.apply("basic work").apply("step w2")
    assert kind(game) == "turn"
    assert game.state.players[0].drawers == (None, None, None, None, "lessons")


def test_z4_question_mark_development_offers_only_types_left() -> None:
    """Z4 with Z1: a '?' Development tile offers only the actions whose tiles are left."""
    supply = (("work", 0), ("technology", 0), ("travel", 1), ("lessons", 0), ("study", 2))
    game = work_onto("w2", "Z10", start="w1").board(development_supply=supply).game()
    game = game.apply("basic work").apply("step w2")
    assert legal(game) == {"type travel", "type study", "decline"}


def test_z1_question_mark_tiles_ask_for_the_type_then_for_the_place() -> None:
    """Z1: a '?' tile first asks which type, then where the chosen tile goes (Z2, Z3)."""
    development = work_onto("w2", "Z10", start="w1").game().apply("basic work").apply("step w2")
    assert development.decision is not None and development.decision.prompt == "choose the type of Development tile"
    chosen = development.apply("type study").decision
    assert chosen is not None and chosen.prompt == "put the study Development tile in a drawer, or decline"
    income = work_onto("w2", "Z4", start="w1").game().apply("basic work").apply("step w2")
    assert income.decision is not None and income.decision.prompt == "choose the type of Income tile"
    chosen = income.apply("type coins").decision
    assert chosen is not None and chosen.prompt == "put the coins tile on an income space, or decline"
