"""Rules fidelity (issue 13): costs before effects (E13), Quick Actions during an action (Q5), the boost
only for an action performed (Q6), the ``auto_potions`` option, and the position builder's checks.

Sources: 000 p.9 "Before, during or after performing a Basic Action, you can spend Coins to perform any
number of the following quick actions"; 003 "Vor, während und nach deiner Basisaktion kannst du Münzen
ausgeben"; 003 FAQ 2 "Zuerst musst du alle Kosten bezahlen, dann spielst du alle Effekte. Du kannst die
Einnahmen aus einem Effekt der Karte nicht verwenden, um die Kosten für einen anderen Effekt zu bezahlen";
003 (online edition) "Die Zusatzaktion zum Kauf von Tränken wird automatisch ausgeführt, wenn du Tränke
benötigst und das erforderliche Geld hast".
"""

from __future__ import annotations

import attrs
import pytest

from newton_rules import Game, IllegalAction, Options, PositionError
from newton_rules.model import events as ev
from newton_rules.model.frames import MasterFrame, StudyFrame, TravelFrame, TurnFrame
from newton_rules.model.sources import Source
from newton_rules.testing import Position, legal_texts
from rules_core.records import evolve
from tests.rules.scenario import scenario

QUICK_TURN = Options(quick_actions="turn")


def kinds(game: Game) -> set[str]:
    return {a.kind for a in game.legal_actions()}


def map_traveller(*, coins: int, potions: int, options: Options | None = None) -> Position:
    """Player 0 (board B) travels at value 2 from Amsterdam: Bremen, then Berlin, the Map's Objective
    (3 orange + 1 green volumes: the Travel card's orange counts, so 3 Potions stand in). No tokens."""
    pos = scenario(players=2, seed=1, options=options).player(0, board="B")
    pos.development(0, "travel")
    return pos.player(0, scientist="amsterdam", coins=coins, potions=potions).bonus([]).turn(0, played="travel")


# -- Q5: Quick Actions before, during and after the Basic Action ----------------------------------


def test_q5_a_potion_bought_between_two_steps_lets_the_scientist_stop_on_the_map_objective() -> None:
    """Q5 (000 p.9, 003): one step from the Objective, one volume short, 3 Coins: buy the Potion there."""
    game = map_traveller(coins=3, potions=2).game().apply("basic travel").apply("step bremen")
    assert "step berlin" not in legal_texts(game)  # 2 Potions for 3 missing volumes
    game = game.apply("potion")
    assert isinstance(game.frames[-1], TravelFrame)  # still moving
    game = game.apply("step berlin")
    p = game.state.players[0]
    assert (p.scientist, p.cubes, p.coins, p.potions) == ("berlin", ("berlin",), 0, 0)


def test_q5_option_turn_keeps_quick_actions_out_of_the_movement() -> None:
    """R5 option ``quick_actions="turn"`` (the old reading): only before or after the Basic Action."""
    game = map_traveller(coins=3, potions=2, options=QUICK_TURN).game().apply("basic travel").apply("step bremen")
    assert kinds(game) <= {"step", "stop", "cube"}
    with pytest.raises(IllegalAction):
        game.apply("potion")


def study_with_a_second_tile(coins: int, options: Options | None = None) -> Game:
    """Board A, Study value 3 with L1-13 (E4, 3 Coins: a second Bookshelf tile) paid; the first tile
    placed on shelf 2, 1 of the value left."""
    pos = scenario(players=2, seed=1, options=options).player(0, board="A").bonus([])
    pos.player(0, coins=coins, potions=0).development(0, "study", "study").desk(0, "technology")
    game = pos.turn(0, played="L1-13").game().apply("special").apply("basic study").apply("book r1c0")
    assert isinstance(game.frames[-1], StudyFrame)
    return game


def test_q5_quick_actions_between_the_bookshelf_tiles_of_a_study() -> None:
    """Q5: between the two tiles of an E4 Study a Potion may be bought; the Study goes on after it."""
    game = study_with_a_second_tile(coins=6).apply("potion")
    assert isinstance(game.frames[-1], StudyFrame)
    assert (game.state.players[0].coins, game.state.players[0].potions) == (0, 1)
    assert "potion" not in legal_texts(study_with_a_second_tile(coins=6, options=QUICK_TURN))


def test_q5_quick_actions_before_the_master_a_reward_triggers() -> None:
    """Q5: ending on the Work Master space (W3) brings a Master; a Quick Action may come before it."""
    pos = scenario(players=2, seed=1).player(0, board="D", coins=3, work="w6", masters=("bruno", "cusano"))
    game = pos.desk(0, "work").turn(0, played="L1-01").game().apply("basic work")
    game = game.apply("step w7").apply("step w8")  # value 2 spent: the move ends there
    assert isinstance(game.frames[-1], MasterFrame)
    assert {"potion", "master bruno", "master cusano"} <= legal_texts(game)
    game = game.apply("potion")
    assert isinstance(game.frames[-1], MasterFrame)
    assert game.apply("master bruno").state.players[0].masters_played == ("bruno",)


def test_q5_no_boost_inside_an_action() -> None:
    """Q2/Q5: the boost is the one Quick Action that comes only before the Basic Action."""
    game = map_traveller(coins=9, potions=0).game().apply("basic travel")
    assert "potion" in legal_texts(game)
    assert "boost" not in legal_texts(game)


# -- Q6: the boost raises only a Basic Action performed ----------------------------------------------


def test_q6_no_boost_when_the_cards_basic_action_cannot_be_performed() -> None:
    """Q6 (000 p.9): a Technology card with no Student on the track: no action, so no boost to buy."""
    pos = scenario(players=2, seed=1).player(0, coins=9, students=[])
    game = pos.turn(0, played="technology").game()
    assert "basic technology" not in legal_texts(game)
    assert "boost" not in legal_texts(game)
    enrolled = game.apply("enroll")  # a Student on the start space: now there is an action to raise
    assert {"basic technology", "boost"} <= legal_texts(enrolled)


def test_q6_once_boosted_the_turn_goes_on_only_through_its_basic_action() -> None:
    """Q6: the 2 Coins are never spent for nothing: after ``boost`` neither ``end`` nor the Special Effect,
    only the Basic Action (Quick Actions before it are still open); then ``end`` is back."""
    pos = scenario(players=2, seed=1).player(0, board="A", coins=6, potions=1)
    game = pos.turn(0, played="L1-06").game().apply("boost")
    assert kinds(game) <= {"basic", "flip", "potion", "enroll"}
    for action in ("end", "special"):
        with pytest.raises(IllegalAction):
            game.apply(action)
    game = game.apply("potion").apply("basic technology")
    while not isinstance(game.frames[-1], TurnFrame):
        game = game.apply("stop")
    assert {"end", "special"} <= legal_texts(game)


# -- E13: all the card's costs from what was held before its effects ---------------------------------


def test_e13_the_special_effects_income_never_pays_the_boost() -> None:
    """E13 (003 FAQ 2, the question asked): L1-06 turns a Potion into 4 Coins; with no Coin held before,
    those 4 Coins cannot pay the boost of the same card."""
    game = scenario(players=2, seed=1).player(0, coins=0, potions=1).turn(0, played="L1-06").game()
    game = game.apply("special")
    assert game.state.players[0].coins == 4
    assert "boost" not in legal_texts(game)


def test_e13_the_travels_bonus_coins_never_pay_the_village_move_of_the_same_card() -> None:
    """E13 with E6 (R6): L1-07's village move after the Travel is paid from Coins held before it; the
    3 Coins of the Bonus token the Travel took do not count."""
    pos = scenario(players=2, seed=1).player(0, board="A", coins=0, scientist="basel")
    game = pos.bonus([("strasbourg", "K03")]).turn(0, played="L1-07").game()
    game = game.apply("basic travel").apply("step strasbourg")
    assert game.state.players[0].coins == 3
    assert "special" not in legal_texts(game)


def test_e13_quick_actions_spend_the_cards_income_first() -> None:
    """E13: 2 Coins held, Work earns 1, a Potion (3) is bought: 0 Coins left, so the exchange is closed;
    with 5 held the Potion leaves 3, of which 2 still pay the exchange (L1-01: 2 Coins -> 3 VP)."""
    for held, open_ in ((2, False), (5, True)):
        pos = scenario(players=2, seed=1).player(0, board="D", coins=held, work="w0")
        game = pos.turn(0, played="L1-01").game().apply("basic work").apply("step w1").apply("potion")
        assert ("special" in legal_texts(game)) is open_


# -- auto_potions: the online edition buys the Potions a requirement needs ----------------------------


def test_auto_potions_buys_the_missing_potion_when_the_requirement_is_paid() -> None:
    """Option ``auto_potions`` (003, online edition): 2 Potions and 3 Coins meet the Objective's 3 missing
    volumes; stopping there buys the third Potion (a Q3 event) and spends all three."""
    pos = map_traveller(coins=3, potions=2, options=Options(auto_potions=True))
    game = pos.game().apply("basic travel").apply("step bremen")
    assert "step berlin" in legal_texts(game)
    game = game.apply("step berlin")
    p = game.state.players[0]
    assert (p.cubes, p.coins, p.potions) == (("berlin",), 0, 0)
    *_, (_, _, events) = game.iter_log()
    bought = [e for e in events if isinstance(e, ev.ResourcesChanged) and e.source == Source("quick_action", "potion")]
    assert [(e.coins, e.potions) for e in bought] == [(-3, 1)]


def test_auto_potions_pays_3_coins_for_each_potion_bought() -> None:
    """Option ``auto_potions`` with Q3: 1 Potion and 6 Coins meet the Objective's 3 missing volumes; stopping
    there buys two Potions at 3 Coins each, 6 Coins in all."""
    pos = map_traveller(coins=6, potions=1, options=Options(auto_potions=True))
    game = pos.game().apply("basic travel").apply("step bremen").apply("step berlin")
    p = game.state.players[0]
    assert (p.cubes, p.coins, p.potions) == (("berlin",), 0, 0)


def test_auto_potions_counts_only_the_coins_left_after_the_route() -> None:
    """``auto_potions``: the Coins a step's route costs cannot also buy the Potions of that step."""
    pos = map_traveller(coins=2, potions=2, options=Options(auto_potions=True))
    game = pos.game().apply("basic travel").apply("step bremen")
    assert "step berlin" not in legal_texts(game)  # 2 Coins buy no Potion


@pytest.mark.parametrize(("coins", "open_"), [(3, False), (4, True)])
def test_auto_potions_counts_the_coins_left_after_a_paid_route(coins: int, open_: bool) -> None:
    """``auto_potions`` with V6: on a designer's map where Bremen -> Berlin costs 1 Coin (the map is data),
    the Objective's missing Potion is bought with what the route leaves: 3 Coins leave 2, no Potion;
    4 Coins leave 3, one Potion."""
    pos = map_traveller(coins=coins, potions=2, options=Options(auto_potions=True))
    board = pos.catalog.map
    routes = tuple(attrs.evolve(r, cost=1) if {r.a, r.b} == {"bremen", "berlin"} else r for r in board.routes)
    pos.catalog = attrs.evolve(pos.catalog, map=attrs.evolve(board, routes=routes))
    game = pos.game().apply("basic travel").apply("step bremen")
    assert ("step berlin" in legal_texts(game)) is open_


# -- the position builder ------------------------------------------------------------------------


def test_position_any_turn_of_the_round() -> None:
    """F2: seat 1's third turn of round 2 in a 2-player game is the round's 6th; the 4th of seat 0 follows."""
    pos = scenario(players=2, seed=1).with_state(first_player=0).turn(1, round=2, nth=3)
    game = pos.game()
    assert (game.state.round, game.state.turn_index) == (2, 6)
    game = game.apply(f"play {game.state.players[1].hand[0]}").apply("end")
    assert (game.to_move, game.state.turn_index) == (0, 7)
    with pytest.raises(PositionError, match="nth must be 1 to 5"):
        scenario(players=2, seed=1).turn(0, nth=6)


def test_position_refuses_a_component_in_two_places() -> None:
    """The builder moves what it is given; a position set around it with two copies is refused."""
    pos = scenario(players=2, seed=1)
    master = pos.state.players[1].masters[0]
    pos.player(0, masters=(master,))
    assert master not in pos.state.players[1].masters  # moved, not copied
    players = pos.state.players
    twice = evolve(players[1], masters=(*players[1].masters, master))
    with pytest.raises(PositionError, match=f"Master {master} is in 2 places"):
        pos.with_state(players=(players[0], twice)).game()


def test_position_refuses_a_piece_where_it_cannot_be() -> None:
    with pytest.raises(PositionError, match="a cube off the map"):
        scenario(players=2, seed=1).player(0, cubes=["atlantis"]).game()


def test_e13_a_card_the_same_cards_lessons_took_is_never_discarded_for_its_e8() -> None:
    """E13 with E8: L2-12 (Lessons; discard a card from hand for a reward) takes L1-01 with its Lessons;
    the discard may only spend the card held before, the Starting Work card."""
    pos = scenario(players=2, seed=1).player(0, board="A").line(1, "L1-01", "L1-02", "L1-04")
    game = pos.hand(0, "work", "L2-12").turn(0, played="L2-12").game()
    game = game.apply("basic lessons").apply("take L1-01").apply("special")
    work = game.state.players[0].hand[0]
    assert {a for a in legal_texts(game) if a.startswith("discard")} == {f"discard {work}"}
    game = game.apply(f"discard {work}")
    assert game.state.players[0].hand == ("L1-01",)
