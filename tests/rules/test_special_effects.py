"""Special Effects of Action cards (checklist E1-E12).

Rulebook p.14 ("The Special Effects of Action Cards") and the FAQ of 003 section 2. Engine rulings:
``special`` applies the played card's effect before or after its Basic Action, never during a movement;
E4 and E10 are paid with ``special`` before the Study action; E5 and E11 act on the card's own Basic
Action without ``special``; E7 copies only one-shot effects; the E2 volume lasts the round.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from newton_rules.effects.primitives import PerformAction
from newton_rules.errors import IllegalAction
from newton_rules.game import Game
from newton_rules.model import events as ev
from newton_rules.model.actions import Action
from newton_rules.model.config import Options
from newton_rules.model.events import ResourcesChanged
from newton_rules.model.frames import CopyFrame
from newton_rules.model.sources import MOVE_TO_VILLAGE, Source
from newton_rules.testing import Position
from tests.rules.scenario import scenario

SPECIAL = Action("special")


def position(board: str = "A", options: Options | None = None) -> Position:
    """Two players (seed 1); player 0 on Study board ``board`` with only its printed drawer; no Bonus tokens."""
    return scenario(players=2, seed=1, options=options).player(0, board=board).bonus([])


def legal(game: Game) -> set[str]:
    return {str(a) for a in game.legal_actions()}


def assert_illegal(game: Game, action: str) -> None:
    """``action`` raises IllegalAction and leaves the game as it was."""
    before = (game.state, game.actions)
    with pytest.raises(IllegalAction):
        game.apply(action)
    assert (game.state, game.actions) == before


# -- E1: Exchange -----------------------------------------------------------------------------------


def test_e1_exchange_spends_the_left_side_to_receive_the_right_side() -> None:
    """E1: L1-01 shows 2 Coins -> 3 VP."""
    game = position().player(0, coins=5, vp=0).turn(0, played="L1-01").game()
    assert SPECIAL in game.legal_actions()

    after = game.apply("special")

    p = after.state.players[0]
    assert (p.coins, p.vp) == (3, 3)
    assert SPECIAL not in after.legal_actions()  # once per card played


def test_e1_exchange_paying_potions() -> None:
    """E1: L1-06 shows 1 Potion -> 4 Coins."""
    game = position().player(0, coins=0, potions=1).turn(0, played="L1-06").game()
    p = game.apply("special").state.players[0]
    assert (p.coins, p.potions) == (4, 0)


def test_e1_exchange_needs_what_is_spent() -> None:
    """E1: without the 2 Coins (or the Potion) shown on the left the effect cannot be applied."""
    coins = position().player(0, coins=1).turn(0, played="L1-01").game()
    assert SPECIAL not in coins.legal_actions()
    assert_illegal(coins, "special")

    potions = position().player(0, potions=0).turn(0, played="L1-06").game()
    assert SPECIAL not in potions.legal_actions()


def test_e1_special_effect_after_the_basic_action() -> None:
    """E1 with F5: the Special Effect may follow the Basic Action, paid with Coins held before it."""
    game = position().player(0, coins=2, work="w0").turn(0, played="L1-01").game()
    game = game.apply("basic work").apply("step w1")  # value 1: the move ends by itself, 1 Coin
    assert game.state.players[0].coins == 3
    p = game.apply("special").state.players[0]
    assert (p.coins, p.vp) == (1, 3)


def test_e13_work_coins_never_pay_the_exchange_of_the_same_card() -> None:
    """E13 (003 FAQ 2: "Du kannst die Einnahmen aus einem Effekt der Karte nicht verwenden, um die Kosten
    für einen anderen Effekt zu bezahlen"): 1 Coin held, Work brings the second, the exchange stays closed."""
    game = position().player(0, coins=1, work="w0").turn(0, played="L1-01").game()
    assert SPECIAL not in game.legal_actions()  # 1 Coin: not yet
    game = game.apply("basic work").apply("step w1")
    assert game.state.players[0].coins == 2
    assert SPECIAL not in game.legal_actions()  # the second Coin is the card's own income


def test_special_effect_is_not_applied_during_a_movement() -> None:
    """E1-E12 (engine ruling): ``special`` comes before or after the Basic Action, never during its movement."""
    game = position().player(0, coins=5, scientist="basel").tucked(0, "travel").turn(0, played="L1-07").game()
    moving = game.apply("basic travel").apply("step strasbourg")
    assert moving.decision is not None and moving.decision.kind == "travel"
    assert_illegal(moving, "special")


# -- E2: one volume of your choice ------------------------------------------------------------------


def test_e2_choose_any_volume() -> None:
    """E2: L1-05 gives 1 volume of the player's choice, of any colour."""
    game = position().turn(0, played="L1-05").game().apply("special")
    assert legal(game) == {"volume blue", "volume green", "volume orange"}
    after = game.apply("volume green")
    assert after.state.players[0].round_volumes == ("green",)
    assert after.decision is not None and after.decision.kind == "turn"


def test_e2_chosen_volume_meets_a_requirement() -> None:
    """E2 with R1: the chosen volume counts like a desk volume (the Work Objective needs 3 green + 1 blue)."""
    pos = position().player(0, potions=0, work="w12").desk(0, "work", "lessons").turn(0, played="L3-03")
    game = pos.game()  # green: 2 Starting cards + L3-03; no blue
    blocked = game.apply("basic work")  # W5: the marker cannot enter, so the Work action ends at once
    assert blocked.state.players[0].work == "w12"
    game = game.apply("special").apply("volume blue").apply("basic work")
    assert "step w13" in legal(game)
    game = game.apply("step w13")
    assert game.state.players[0].work == "w13"
    assert game.state.players[0].potions == 0


# -- E3: 1 VP per volume of the shown colour --------------------------------------------------------


def test_e3_one_vp_per_volume_of_the_colour_on_desk_and_masters() -> None:
    """E3: L1-02 (green volume) scores blue volumes: 2 Starting cards + Tycho Brahe's 2 permanent blue."""
    pos = position().player(0, vp=0, masters_played=["brahe"]).desk(0, "technology", "study")
    game = pos.turn(0, played="L1-02").game()
    assert game.apply("special").state.players[0].vp == 4


def test_e3_no_potions_and_the_card_itself_is_not_a_volume() -> None:
    """E3 (FAQ 2): Potions do not replace volumes; the effect's symbol is no volume (L1-02 shows green)."""
    game = position().player(0, vp=0, potions=5).turn(0, played="L1-02").game()
    p = game.apply("special").state.players[0]
    assert (p.vp, p.potions) == (0, 5)

    green = position().player(0, vp=0).turn(0, played="L1-09").game()  # L1-09: blue volume, scores green
    assert green.apply("special").state.players[0].vp == 0


def test_e3_fahrenheits_volume_of_any_colour_counts_as_the_scored_colour() -> None:
    """E3 with Fahrenheit (R11): L1-02 scores blue: 1 blue Starting card + his volume of any colour."""
    pos = position().player(0, vp=0, masters_played=["fahrenheit"]).desk(0, "technology")
    assert pos.turn(0, played="L1-02").game().apply("special").state.players[0].vp == 2


def test_e3_tucked_cards_show_no_volumes() -> None:
    """E3 with R1: a blue card under the desk does not count."""
    pos = position().player(0, vp=0).tucked(0, "technology", "L1-01").desk(0, "study")
    game = pos.turn(0, played="L1-02").game()
    assert game.apply("special").state.players[0].vp == 1


# -- E4: a second Bookshelf tile for 3 Coins ---------------------------------------------------------


def study_position(coins: int) -> Position:
    """Board A, Study value 3 (L1-13 + 2 study Development tiles); desk volumes: 1 green (L1-13), 1 blue."""
    return (
        position("A")
        .player(0, coins=coins, potions=0)
        .development(0, "study", "study")
        .desk(0, "technology")
        .turn(0, played="L1-13")
    )


def test_e4_second_tile_splitting_the_value() -> None:
    """E4: pay 3 Coins before the Study action, then place 2 tiles whose shelves add up to the value."""
    game = study_position(coins=3).game()
    game = game.apply("special")
    assert game.state.players[0].coins == 0
    game = game.apply("basic study")
    assert "book r1c0" in legal(game)  # shelf 2 (1 blue + 1 green)
    game = game.apply("book r1c0")  # 2 of the value used, 1 left
    books = {a.arg for a in game.legal_actions() if a.kind == "book"}
    shelves = {game.catalog.book_spaces["A"][s].shelf for s in books}
    assert books and shelves == {1}
    game = game.apply("book r2c6")  # shelf 1, 1 green
    assert game.state.players[0].books == ("r1c0", "r2c6")
    assert game.decision is not None and game.decision.kind == "turn"


def test_e4_two_tiles_at_most_even_with_value_left() -> None:
    """E4: a second tile, not more: two shelf-1 tiles leave 1 of the value 3 unused and end the Study,
    though a third shelf-1 space could be met with the 2 Potions."""
    game = study_position(coins=3).player(0, potions=2).game().apply("special").apply("basic study")
    game = game.apply("book r2c6")
    assert {"book r2c1", "book r2c4", "book r2c5"} <= legal(game)  # shelf 1
    game = game.apply("book r2c1")
    assert game.state.players[0].books == ("r2c6", "r2c1")
    assert game.decision is not None and game.decision.kind == "turn"


def test_e4_without_the_effect_one_tile_per_study() -> None:
    """E4 contrast (B5): without paying, the same Study action places one tile and ends."""
    game = study_position(coins=3).game().apply("basic study").apply("book r2c6")
    assert game.state.players[0].books == ("r2c6",)
    assert game.state.players[0].coins == 3
    assert game.decision is not None and game.decision.kind == "turn"


def test_e4_coins_must_be_held_before_the_study_action() -> None:
    """E4 (FAQ 2): with 2 Coins the effect is not offered; Coins from the pile bonus come too late."""
    assert SPECIAL not in study_position(coins=2).game().legal_actions()

    # Tiles 1-5 placed: the 6th tile empties pile 2 (4 Coins), but the Study action is over by then.
    placed = ["r2c1", "r2c2", "r2c4", "r2c5", "r1c1"]
    game = study_position(coins=0).player(0, books=placed).game()
    game = game.apply("basic study").apply("book r2c6")
    assert game.state.players[0].coins == 4
    assert len(game.state.players[0].books) == 6
    assert SPECIAL not in game.legal_actions()  # after the Study action: too late for a second tile
    assert_illegal(game, "special")


# -- E5: double Bonus tokens -------------------------------------------------------------------------


def test_e5_doubles_bonus_tokens_of_this_cards_technology_action() -> None:
    """E5: L1-04's Technology action passing a 3-Coin token gives 6 Coins; no ``special`` needed."""
    pos = position().player(0, coins=0, students=["t0"]).bonus([("t1", "K03")]).turn(0, played="L1-04")
    game = pos.game()
    assert SPECIAL not in game.legal_actions()
    game = game.apply("basic technology").apply("student 0").apply("step t1")
    p = game.state.players[0]
    assert p.coins == 6
    assert p.bonus_tokens == ("K03",)  # one token kept


def test_e5_contrast_other_cards_do_not_double() -> None:
    """E5 contrast: the Starting Technology card takes the same token once."""
    pos = position().player(0, coins=0, students=["t0"]).bonus([("t1", "K03")]).turn(0, played="technology")
    game = pos.game().apply("basic technology").apply("student 0").apply("step t1")
    assert game.state.players[0].coins == 3


def test_e5_doubled_student_token_enrolls_two_students() -> None:
    """E5 with K1: a doubled Student token places 2 Students from supply on the start space."""
    pos = position().player(0, students=["t0"]).bonus([("t1", "K16")]).turn(0, played="L1-04")
    game = pos.game().apply("basic technology").apply("student 0").apply("step t1")
    assert game.state.players[0].students == ("t1", "t0", "t0", None)


# -- E6: move to a free Village for 2 Coins ---------------------------------------------------------


def village_position(coins: int) -> Position:
    return position().player(0, coins=coins, scientist="basel").bonus([("geneve", "K01")]).turn(0, played="L1-07")


def test_e6_village_before_the_travel_action() -> None:
    """E6: pay 2 Coins, move to a Village without a Bonus token, then travel from there."""
    game = village_position(coins=2).game().apply("special")
    villages = {a.arg for a in game.legal_actions() if a.kind == "village"}
    catalog = game.catalog
    all_villages = {s.id for s in catalog.map.spaces if s.kind == "village"}
    assert villages == all_villages - {"geneve"}  # geneve holds a Bonus token
    assert "decline" in legal(game)

    game = game.apply("village strasbourg")
    p = game.state.players[0]
    assert (p.coins, p.scientist, p.cubes, p.bonus_tokens) == (0, "strasbourg", (), ())

    game = game.apply("basic travel").apply("step paris")  # value 1: ends on the University
    assert game.state.players[0].cubes == ("paris",)


def test_e6_village_after_the_travel_action() -> None:
    """E6: the move to a Village may also follow the Travel action."""
    game = village_position(coins=2).game().apply("basic travel").apply("step strasbourg")
    assert game.state.players[0].scientist == "strasbourg"
    game = game.apply("special").apply("village bari")
    p = game.state.players[0]
    assert (p.coins, p.scientist) == (0, "bari")


def test_e6_needs_2_coins_and_may_be_declined() -> None:
    """E6: with 1 Coin it is not offered; declining moves nothing and costs nothing."""
    assert SPECIAL not in village_position(coins=1).game().legal_actions()

    game = village_position(coins=2).game().apply("special").apply("decline")
    p = game.state.players[0]
    assert (p.coins, p.scientist) == (2, "basel")
    assert SPECIAL not in game.legal_actions()


def e3_position() -> Position:
    return position().player(0, vp=0).desk(0, "technology", "study").turn(0, played="L1-02")


@pytest.mark.parametrize(
    ("start", "actions", "booked"),
    [
        (e3_position, ["special"], (Source("card", "L1-02"), 0, 2)),
        (lambda: study_position(coins=3), ["special"], (Source("card", "L1-13"), -3, 0)),
        (lambda: village_position(coins=2), ["special", "village strasbourg"], (MOVE_TO_VILLAGE, -2, 0)),
    ],
    ids=["E3 VP", "E4 Coins", "E6 Coins"],
)
def test_e3_e4_e6_what_a_special_effect_gives_or_costs_is_booked(
    start: Callable[[], Position], actions: list[str], booked: tuple[Source, int, int]
) -> None:
    """E3's VP per volume are recorded as the card's, E4's 3 Coins as paid for its card, E6's 2 Coins as
    paid for the move to a Village."""
    game = start().game()
    for action in actions:
        game = game.apply(action)
    changed = [(e.source, e.coins, e.vp) for e in game.events if isinstance(e, ResourcesChanged)]
    assert changed[-1] == booked


# -- E7: apply the immediate Special Effect of a card on the desk ------------------------------------


def test_e7_copies_an_immediate_effect_of_another_desk_card() -> None:
    """E7: L1-15 applies L1-01's exchange (2 Coins -> 3 VP) again."""
    game = position().player(0, coins=2, vp=0).desk(0, "L1-01").turn(0, played="L1-15").game()
    game = game.apply("special")
    assert game.state.top == CopyFrame(player=0, card="L1-15")
    assert legal(game) == {"copy L1-01", "decline"}
    p = game.apply("copy L1-01").state.players[0]
    assert (p.coins, p.vp) == (0, 3)


def test_e7_only_one_shot_effects_are_copied() -> None:
    """E7 (engine ruling): effects that modify an action (E4, E5, E6, E10, E11) are not copyable."""
    pos = position().player(0, coins=10).desk(0, "L1-13", "L1-04", "L1-08", "L1-01").turn(0, played="L1-15")
    game = pos.game().apply("special")
    assert legal(game) == {"copy L1-01", "decline"}

    only_modifiers = position().player(0, coins=10).desk(0, "L1-13", "L1-14", "L1-07").turn(0, played="L1-15")
    assert SPECIAL not in only_modifiers.game().legal_actions()


def test_e7_copy_of_choose_volume_and_discard() -> None:
    """E7: copying E2 asks for a colour; copying E8 asks for the card to discard."""
    game = position().desk(0, "L1-05", "L1-03").player(0, hand=["joker"]).turn(0, played="L1-15").game()
    game = game.apply("special")
    assert legal(game) == {"copy L1-05", "copy L1-03", "decline"}
    volume = game.apply("copy L1-05")
    assert legal(volume) == {"volume blue", "volume green", "volume orange"}
    assert volume.apply("volume blue").state.players[0].round_volumes == ("blue",)

    discard = game.apply("copy L1-03")
    assert "discard start-red-joker" in legal(discard)
    p = discard.apply("discard start-red-joker").state.players[0]
    assert p.hand == ()


def test_e7_not_tucked_cards_nor_unaffordable_effects() -> None:
    """E7: a card under the desk lost its effect (F9); an exchange you cannot pay is not offered."""
    tucked = position().player(0, coins=5).tucked(0, "L1-01").turn(0, played="L1-15").game()
    assert SPECIAL not in tucked.legal_actions()

    poor = position().player(0, coins=1).desk(0, "L1-01").turn(0, played="L1-15").game()
    assert SPECIAL not in poor.legal_actions()


def test_e7_e13_a_copied_exchange_is_paid_from_what_was_held_before_the_work() -> None:
    """E7 with E13: 2 Coins held, the Work of the copying card earns 3: of the desk's exchanges, L1-01
    (2 Coins) may be copied, not L2-02 (3 Coins): the Work's Coins never pay the card's costs."""
    pos = scenario(players=2, seed=1).player(0, board="D", coins=2, vp=0, work="w0").desk(0, "L1-01", "L2-02")
    pos.card(0, "L1-15", symbols=("work",))
    game = pos.turn(0, played="L1-15").game().apply("basic work").apply("step w1").apply("stop")
    assert game.state.players[0].coins == 5
    assert legal(game.apply("special")) == {"copy L1-01", "decline"}


def test_e7_a_designers_action_effect_is_copied_only_when_the_action_can_start() -> None:
    """E7 with T3: a designer's card whose Special Effect is a Technology action (the cards are data) is
    copied only while a Student can move: with every Student in supply, there is nothing to copy."""
    pos = position().player(0, students=[None] * 4).desk(0, "L1-01").turn(0, played="L1-15")
    pos.card(0, "L1-01", special=PerformAction(action="technology", value=1))
    assert SPECIAL not in pos.game().legal_actions()
    pos.player(0, students=["t0"])
    assert legal(pos.game().apply("special")) == {"copy L1-01", "decline"}


# -- E8: discard a card from hand: 4 VP and 2 Coins --------------------------------------------------


def test_e8_e13_the_card_the_lessons_just_took_cannot_be_discarded() -> None:
    """E8 with E13: L2-12's only card in hand is the one its own Lessons took: no card held before its
    effects, so its discard is not offered."""
    pos = scenario(players=2, seed=1).player(0, board="A").line(1, "L1-01", "L1-02", "L1-04")
    game = pos.hand(0, "L2-12").turn(0, played="L2-12").game().apply("basic lessons").apply("take L1-01")
    assert game.state.players[0].hand == ("L1-01",)
    assert SPECIAL not in game.legal_actions()


def test_e8_discard_a_card_from_hand_for_4_vp_and_2_coins() -> None:
    """E8 (003: a Starting Action card too): the card leaves the game."""
    game = position().player(0, coins=0, vp=0).hand(0, "lessons", "travel").turn(0, played="L1-03").game()
    game = game.apply("special")
    assert legal(game) == {"discard start-red-lessons", "discard start-red-travel", "decline"}
    after = game.apply("discard start-red-lessons")
    p = after.state.players[0]
    assert (p.vp, p.coins, p.hand) == (4, 2, ("start-red-travel",))
    assert "start-red-lessons" in after.state.board.removed_cards


def test_e8_needs_a_card_in_hand_and_may_be_declined() -> None:
    empty = position().hand(0).turn(0, played="L1-03").game()
    assert SPECIAL not in empty.legal_actions()

    game = position().player(0, vp=0).hand(0, "lessons").turn(0, played="L1-03").game()
    p = game.apply("special").apply("decline").state.players[0]
    assert (p.vp, p.hand) == (0, ("start-red-lessons",))


# -- E9: 4 VP per set of 3 identical volumes ----------------------------------------------------------


@pytest.mark.parametrize(
    ("desk", "masters", "potions", "vp"),
    [
        (["work"], [], 0, 4),  # L2-01 (2 green) + 1 green
        (["work", "lessons"], [], 0, 4),  # 4 green: still one set
        (["work", "technology", "study", "L1-01"], [], 0, 8),  # 3 green + 3 blue
        (["technology", "travel"], [], 0, 0),  # 3 different volumes are no set
        ([], [], 5, 0),  # Potions never replace volumes
        ([], ["newton"], 0, 4),  # Isaac Newton: 2 permanent green
        ([], ["fahrenheit"], 0, 4),  # Fahrenheit's volume of any colour joins L2-01's 2 green
        (["technology"], ["fahrenheit"], 0, 4),  # 2 green and a blue: the wild volume makes one set only
    ],
)
def test_e9_four_vp_per_set_of_three_identical_volumes(
    desk: list[str], masters: list[str], potions: int, vp: int
) -> None:
    """E9: L2-01 (work, 2 green volumes) counts the desk and played Masters, no Potions."""
    pos = position().player(0, vp=0, potions=potions, masters_played=masters).desk(0, *desk)
    game = pos.turn(0, played="L2-01").game()
    assert game.apply("special").state.players[0].vp == vp


# -- E10: ignore the book space requirement for 4 Coins -----------------------------------------------


def test_e10_ignores_a_university_requirement() -> None:
    """E10: board A r2c2 needs University I; after paying 4 Coins it is open without the visit."""
    pos = position("A").player(0, coins=4, potions=0, cubes=[]).turn(0, played="L1-14")
    plain = pos.game().apply("basic study")
    assert "book r2c2" not in legal(plain)

    game = pos.game().apply("special")
    assert game.state.players[0].coins == 0
    game = game.apply("basic study")
    assert "book r2c2" in legal(game)
    assert game.apply("book r2c2").state.players[0].books == ("r2c2",)


def test_e10_no_potions_are_spent() -> None:
    """E10: a volume requirement is ignored too: no Potion pays for the 2 green volumes of r2c5."""
    game = position("A").player(0, coins=4, potions=2).turn(0, played="L1-14").game()
    game = game.apply("special").apply("basic study").apply("book r2c5")
    assert game.state.players[0].potions == 2


def test_e10_needs_4_coins_before_the_study_action() -> None:
    """E10 (engine ruling): paid with ``special`` before the Study action; not with 3 Coins, not after."""
    assert SPECIAL not in position("A").player(0, coins=3).turn(0, played="L1-14").game().legal_actions()

    game = position("A").player(0, coins=4).turn(0, played="L1-14").game()
    game = game.apply("basic study").apply("book r2c1")  # L1-14 shows blue
    assert SPECIAL not in game.legal_actions()


# -- E11: an extra cube on a place passed through -----------------------------------------------------


def travel_position(coins: int, card: str = "L1-08") -> Position:
    """Scientist in Venezia, Travel value 3 (the card + 2 tucked travel symbols)."""
    return (
        position("A")
        .player(0, coins=coins, scientist="venezia", cubes=[])
        .tucked(0, "travel", "L1-07")
        .turn(0, played=card)
    )


def test_e11_extra_cube_on_a_place_passed_through() -> None:
    """E11: pay 2 Coins once for a cube on Bologna (passed through) besides the cube where the move ends."""
    game = travel_position(coins=2).game()
    assert SPECIAL not in game.legal_actions()  # nothing to apply: it acts through the Travel
    game = game.apply("basic travel").apply("step bologna")
    assert "cube" in legal(game)
    game = game.apply("cube")
    p = game.state.players[0]
    assert (p.coins, p.cubes) == (0, ("bologna",))
    game = game.apply("step roma")
    assert "cube" not in legal(game)  # once per card
    game = game.apply("stop")
    assert game.state.players[0].cubes == ("bologna", "roma")


def test_e11_one_extra_cube_per_travel_even_with_coins_left() -> None:
    """E11: with 4 Coins, still one cube in passing; its 2 Coins are booked to the extra cube."""
    game = travel_position(coins=4).game().apply("basic travel").apply("step bologna").apply("cube")
    assert ev.ResourcesChanged(player=0, coins=-2, source=Source("extra_cube")) in game.last_events
    game = game.apply("step roma")
    assert "cube" not in legal(game)
    assert game.state.players[0].coins == 2


def test_e11_e13_coins_of_an_immediate_reward_cannot_pay_the_cube() -> None:
    """E11 with E13 and the ``rewards_timing="immediate"`` option: a Bonus token's Coins arrive at once but
    after the card's first effect, so they cannot pay for the cube."""
    pos = position("A", Options(rewards_timing="immediate")).player(0, coins=0, scientist="wien", cubes=[])
    pos = pos.tucked(0, "travel", "L1-07").turn(0, played="L1-08").bonus([("trieste", "K05")])
    game = pos.game().apply("basic travel").apply("step trieste")
    assert game.state.players[0].coins == 4  # the token's Coins, at once
    assert "cube" not in legal(game.apply("step venezia"))


def test_e11_only_on_valid_places_and_with_2_coins() -> None:
    """E11: no cube on a Village; not with 1 Coin; not with a card without the effect."""
    village = travel_position(coins=2).game().apply("basic travel").apply("step trieste")
    assert "cube" not in legal(village)

    poor = travel_position(coins=1).game().apply("basic travel").apply("step bologna")
    assert "cube" not in legal(poor)

    other = travel_position(coins=2, card="travel").game().apply("basic travel").apply("step bologna")
    assert "cube" not in legal(other)


def test_e11_not_paid_with_coins_earned_in_the_same_travel() -> None:
    """E11 with F6: a Bonus token's Coins arrive when the Travel ends, too late to pay for the cube."""
    pos = travel_position(coins=0).bonus([("trieste", "K05")]).player(0, scientist="wien")
    game = pos.game().apply("basic travel").apply("step trieste").apply("step venezia")
    assert "cube" not in legal(game)
    game = game.apply("step bologna")  # value 3 used: ends on Bologna
    p = game.state.players[0]
    assert p.cubes == ("bologna",)
    assert p.coins == 4


# -- E12: effects last for the turn, except the E2 volume ---------------------------------------------


def test_e12_paid_requirement_waiver_ends_with_the_turn() -> None:
    """E12: E10 paid in one turn does not carry over to the player's next turn."""
    game = position("A").player(0, coins=4, potions=0).hand(0, "study").turn(0, played="L1-14").game()
    game = game.apply("special").apply("end")
    assert game.to_move == 1
    game = game.apply("play start-yellow-work").apply("end")
    assert game.to_move == 0
    game = game.apply("play start-red-study").apply("basic study")
    assert "book r2c2" not in legal(game)


def test_e12_e2_volume_lasts_the_round() -> None:
    """E12 (FAQ 2): the E2 volume still counts in a later turn of the round (L1-09 scores green)."""
    pos = position().player(0, vp=0).hand(0, "L1-09").turn(0, played="L1-05")
    game = pos.game().apply("special").apply("volume green").apply("end")
    game = game.apply("play start-yellow-work").apply("end")
    game = game.apply("play L1-09").apply("special")
    assert game.state.players[0].vp == 1  # L1-05 orange, L1-09 blue: only the chosen green


def test_e12_e2_volume_is_cleared_at_end_round() -> None:
    """E12: the chosen volume expires at End Round."""
    pos = position().player(1, desk=()).turn(0, played="L1-05").with_state(turn_index=10)
    game = pos.game().apply("special").apply("volume orange").apply("end")
    assert game.state.players[0].round_volumes == ("orange",)
    assert game.decision is not None and game.decision.kind == "tuck"
    game = game.apply("tuck L1-05")
    assert game.round == 2
    assert game.state.players[0].round_volumes == ()


def test_e10_opens_the_study_action_when_no_space_is_otherwise_open() -> None:
    """E10: with every open shelf-1 space out of reach (r2c2 University I, r2c5 / r2c6 green), paying
    4 Coins makes the Study action possible."""
    pos = position("A").player(0, coins=4, potions=0, books=["r2c1", "r2c4"]).turn(0, played="L1-14")
    assert "basic study" not in legal(pos.game())
    game = pos.game().apply("special")
    assert "basic study" in legal(game)
    game = game.apply("basic study")
    assert {a.arg for a in game.legal_actions() if a.kind == "book"} == {"r2c2", "r2c5", "r2c6"}
    assert game.apply("book r2c6").state.players[0].books == ("r2c1", "r2c4", "r2c6")
