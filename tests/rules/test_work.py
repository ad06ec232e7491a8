"""Work (W1-W6): the Work marker moves up to the value and the player receives Coins.

The reference Work track: w0 start, w1 plain, w2 Specialization, w3-w4 plain, w5 Invention, w6-w7 plain,
w8 Master space, w9-w10 plain, w11 Specialization, w12 plain, w13 Objective (3 green + 1 blue volumes).
Player 0 uses Study board D, whose printed drawer shows Technology, so no drawer adds to Work.
"""

from __future__ import annotations

import pytest

from newton_rules.errors import IllegalAction
from newton_rules.game import Game
from newton_rules.model import events as ev
from newton_rules.model.actions import Action
from newton_rules.model.config import Options
from newton_rules.model.frames import IncomeFrame, MasterFrame, TurnFrame, WorkFrame
from newton_rules.model.sources import Source
from newton_rules.testing import Position, legal_texts
from tests.rules.scenario import scenario

STEP = "step"


def work_position(value: int, *, coins: int = 0, work: str = "w0", options: Options | None = None) -> Position:
    """Player 0's turn with a Work card just played whose Basic Action has ``value`` (1-3)."""
    cards = ["work", "L1-01", "L1-02"][:value]
    pos = scenario(players=2, seed=1, options=options).player(0, board="D", coins=coins, work=work)
    pos.track_tile("w2", "Z1").track_tile("w5", "I1").track_tile("w11", "Z2").track_tile("w13", "O1")
    return pos.desk(0, *cards[:-1]).turn(0, played=cards[-1])


def start_work(pos: Position) -> Game:
    game = pos.game().apply("basic work")
    frame = game.frames[-1]
    assert isinstance(frame, WorkFrame)
    return game


def coins(game: Game, seat: int = 0) -> int:
    return game.state.players[seat].coins


def walk(game: Game, *spaces: str) -> Game:
    for space in spaces:
        game = game.apply(f"step {space}")
    return game


# ---------------------------------------------------------------------------------------------- W1


def test_work_moves_up_to_the_value_and_pays_the_value() -> None:
    """W1: a Work action of value 3 moves the marker w0 -> w3 and gives 3 Coins."""
    game = start_work(work_position(3, coins=1))
    assert game.frames[-1] == WorkFrame(player=0, value=3)
    game = walk(game, "w1", "w2", "w3")
    p = game.state.players[0]
    assert p.work == "w3"
    assert p.coins == 1 + 3
    assert isinstance(game.frames[-1], TurnFrame)  # the action ended by itself after 3 steps


def test_work_cannot_move_further_than_the_value() -> None:
    """W1: value 2 from w5 -> after two steps (w7) the action is over and the marker stays there."""
    game = walk(start_work(work_position(2, work="w5")), "w6")
    assert Action(STEP, "w7") in game.legal_actions()
    game = game.apply("step w7")
    assert not any(isinstance(f, WorkFrame) for f in game.frames)
    assert game.state.players[0].work == "w7"
    assert coins(game) == 2


def test_work_value_counts_the_work_symbols_on_the_desk() -> None:
    """W1 with F4: two Work symbols on the desk plus the card played give value 3."""
    game = start_work(work_position(3))
    frame = game.frames[-1]
    assert isinstance(frame, WorkFrame) and frame.value == 3


# ---------------------------------------------------------------------------------------------- W2


def test_work_on_the_last_space_pays_coins_without_moving() -> None:
    """W2: the marker already on the last space (the Objective w13): Work of value 2 pays 2 Coins."""
    game = work_position(2, coins=3, work="w13").game()
    assert Action("basic", "work") in game.legal_actions()
    game = game.apply("basic work")  # no step possible: the action ends at once
    p = game.state.players[0]
    assert p.work == "w13"
    assert p.coins == 3 + 2
    assert isinstance(game.frames[-1], TurnFrame)


def test_work_when_the_objective_cannot_be_entered_still_pays_full_value() -> None:
    """W2/W4: on w12 without the Objective's volumes, the marker cannot move: the full value is paid."""
    game = work_position(3, work="w12").game().apply("basic work")
    assert game.state.players[0].work == "w12"
    assert coins(game) == 3


# ---------------------------------------------------------------------------------------------- W3


def test_passing_over_a_specialization_space_does_not_activate_it() -> None:
    """W3: w0 -> w3 passes the Specialization tile on w2: no Income tile."""
    game = walk(start_work(work_position(3)), "w1", "w2", "w3")
    p = game.state.players[0]
    assert p.income == (None,) * 5
    assert not any(isinstance(f, IncomeFrame) for f in game.frames)
    assert not any(isinstance(e, ev.IncomePlaced) for e in game.events)


def test_ending_exactly_on_a_specialization_space_activates_it() -> None:
    """W3 (Z1): ending on w2 (tile Z1: a 2-VP Income tile) offers that tile."""
    game = walk(start_work(work_position(2)), "w1", "w2")
    top = game.frames[-1]
    assert isinstance(top, IncomeFrame) and top.kind == "vp"
    game = game.apply("income 0")
    assert game.state.players[0].income[0] == "vp"


def test_passing_over_the_invention_space_does_not_activate_it() -> None:
    """W3: w3 -> w6 passes the Invention tile I1 (1 Potion, 6 VP) on w5: nothing."""
    game = walk(start_work(work_position(3, work="w3")), "w4", "w5", "w6")
    p = game.state.players[0]
    assert (p.vp, p.potions, p.coins) == (0, 0, 3)


def test_ending_on_the_invention_space_activates_it() -> None:
    """W3: ending on w5 (I1: 1 Potion and 6 VP) gives the tile's bonus; 2 spaces moved of 2: 2 Coins."""
    game = walk(start_work(work_position(2, work="w3")), "w4", "w5")
    p = game.state.players[0]
    assert (p.vp, p.potions, p.coins) == (6, 1, 2)


def test_passing_the_master_space_plays_no_master() -> None:
    """W3 (M1): passing over the Work Master space w8 plays no Master."""
    pos = work_position(3, work="w6").player(0, masters=("bruno", "cusano"))
    game = walk(start_work(pos), "w7", "w8", "w9")
    p = game.state.players[0]
    assert p.masters_played == ()
    assert not any(isinstance(f, MasterFrame) for f in game.frames)


def test_ending_on_the_master_space_plays_a_master_of_your_choice() -> None:
    """W3 (M1): ending on w8 lets the player choose one of their Masters (Bruno: 6 Coins)."""
    pos = work_position(2, work="w6").player(0, masters=("bruno", "cusano"))
    game = walk(start_work(pos), "w7", "w8")
    assert isinstance(game.frames[-1], MasterFrame)
    assert legal_texts(game, quick=False) == {"master bruno", "master cusano"}  # Quick Actions too (Q5)
    game = game.apply("master bruno")
    p = game.state.players[0]
    assert p.masters_played == ("bruno",)
    assert p.coins == 2 + 6


def test_not_moving_does_not_activate_the_space_the_marker_stands_on() -> None:
    """W3: a marker already on w2 that does not move gets no Specialization tile."""
    game = work_position(1, work="w2").game().apply("basic work").apply("stop")
    assert game.state.players[0].income == (None,) * 5
    assert isinstance(game.frames[-1], TurnFrame)


# ---------------------------------------------------------------------------------------------- W4


def test_stopping_early_on_a_special_space_pays_only_the_spaces_moved() -> None:
    """W4 (the rulebook's example): value 3, two steps to the Specialization tile on w2: 2 Coins."""
    game = walk(start_work(work_position(3)), "w1", "w2")
    assert Action(STEP, "w3") in game.legal_actions()
    game = game.apply("stop")
    assert coins(game) == 2
    assert game.state.players[0].work == "w2"


def test_stopping_early_on_the_master_space_pays_only_the_spaces_moved() -> None:
    """W4: value 3 from w7, one step onto the Master space w8 and stop: 1 Coin (then the Master)."""
    pos = work_position(3, work="w7").player(0, masters=("hooke",))
    game = walk(start_work(pos), "w8").apply("stop")
    game = game.apply("master hooke")
    assert coins(game) == 1


def test_stopping_early_on_a_plain_space_pays_the_full_value() -> None:
    """W4 (003 FAQ 5): moving fewer spaces for another reason still pays the full value."""
    game = walk(start_work(work_position(3)), "w1").apply("stop")
    assert coins(game) == 3
    assert game.state.players[0].work == "w1"


def test_not_moving_at_all_pays_the_full_value() -> None:
    """W4: declining to move (0 spaces, on a plain space) still pays the full value."""
    game = start_work(work_position(3)).apply("stop")
    assert coins(game) == 3
    assert game.state.players[0].work == "w0"


def test_not_moving_off_a_special_space_pays_the_full_value() -> None:
    """W4: a marker already on w2 that does not move is not stopping early *to land on* a special
    space (it activates nothing, W3), so the full value is paid."""
    game = work_position(2, work="w2").game().apply("basic work").apply("stop")
    assert coins(game) == 2
    assert game.state.players[0].work == "w2"


def test_using_the_whole_value_to_end_on_a_special_space_pays_the_full_value() -> None:
    """W4: value 2 ending exactly on w2 moves the whole value: 2 Coins and the tile."""
    game = walk(start_work(work_position(2)), "w1", "w2")
    assert coins(game) == 2
    assert isinstance(game.frames[-1], IncomeFrame)


def test_entering_the_objective_with_value_to_spare_pays_the_full_value() -> None:
    """W4 (003 FAQ 5 note): the Objective space is not a special space; entering it with fewer
    spaces moved than the value still pays the full value."""
    pos = work_position(3, work="w12").player(0, potions=4)
    game = walk(start_work(pos), "w13")
    assert game.state.players[0].work == "w13"
    assert coins(game) == 3


def test_stopping_short_because_the_objective_is_closed_pays_the_full_value() -> None:
    """W4: from w11, value 3: w12 and then the Objective cannot be entered: full value 3."""
    game = walk(start_work(work_position(3, work="w11")), "w12")
    assert game.state.players[0].work == "w12"
    assert coins(game) == 3


def test_option_moved_pays_one_coin_per_space_moved() -> None:
    """W4 alternative (002's reading, ``work_coins="moved"``): stopping early on a plain space pays
    the spaces moved; moving the whole value still pays the value."""
    options = Options(work_coins="moved")
    game = walk(start_work(work_position(3, options=options)), "w1").apply("stop")
    assert coins(game) == 1
    game = walk(start_work(work_position(3, options=options)), "w1", "w2", "w3")
    assert coins(game) == 3


# ---------------------------------------------------------------------------------------------- W5


def test_objective_space_needs_its_four_volumes() -> None:
    """W5: without 3 green + 1 blue volumes the marker cannot enter w13: from w11 with value 3 it
    stops on w12 (the action ends by itself) and cannot step on."""
    game = walk(start_work(work_position(3, work="w11")), "w12")
    assert not any(isinstance(f, WorkFrame) for f in game.frames)
    assert game.state.players[0].work == "w12"
    assert not any(isinstance(e, ev.PieceMoved) and e.to == "w13" for e in game.events)


def test_w5_potions_replacing_the_objectives_volumes_are_spent_on_its_requirement() -> None:
    """W5 with R3: Potions replacing missing volumes of w13 are booked to the Objective's requirement."""
    game = walk(start_work(work_position(3, work="w12").player(0, potions=4)), "w13")
    spent = [e for e in game.events if isinstance(e, ev.ResourcesChanged) and e.potions < 0]
    assert spent and {e.source for e in spent} == {Source("requirement", "objective")}


def test_objective_space_entered_with_the_volumes_on_the_desk() -> None:
    """W5: 3 green volumes (Starting Work, Starting Lessons, L1-02) and 1 blue (L1-01) on the desk."""
    pos = work_position(3, work="w12")
    pos.desk(0, "work", "lessons", "L1-01").turn(0, played="L1-02")
    game = start_work(pos)
    assert set(game.legal_actions()) == {Action(STEP, "w13"), Action("stop")}
    game = game.apply("step w13")
    p = game.state.players[0]
    assert p.work == "w13"
    assert p.potions == 0


def test_objective_space_entered_with_potions_for_missing_volumes() -> None:
    """W5 with R3: a Potion replaces each missing volume and is spent on entering; with fewer Potions
    than missing volumes the Objective stays closed."""
    pos = work_position(3, work="w12").player(0, potions=2)
    game = start_work(pos)  # desk: Starting Work (green), L1-01 (blue), L1-02 (green): 1 green missing
    game = game.apply("step w13")
    assert game.state.players[0].work == "w13"
    assert game.state.players[0].potions == 1
    pos = work_position(2, work="w12").player(0, potions=1)  # desk: Starting Work, L1-01: 2 green missing
    game = pos.game().apply("basic work")  # no step is open: the action ends by itself
    p = game.state.players[0]
    assert (p.work, p.potions, p.coins) == ("w12", 1, 2)
    with pytest.raises(IllegalAction):
        pos.game().apply("basic work").apply("step w13")


# ---------------------------------------------------------------------------------------------- W6


def test_special_spaces_pay_their_coin_like_any_step() -> None:
    """W6 (003 FAQ 5): passing over the Specialization space counts as a step: w0 -> w3 pays 3."""
    game = walk(start_work(work_position(3)), "w1", "w2", "w3")
    assert coins(game) == 3


def test_ending_early_on_a_special_space_counts_that_space() -> None:
    """W6: w0 -> w1 -> w2 with value 3 and stop: both steps pay, the special space included (2)."""
    game = walk(start_work(work_position(3)), "w1", "w2").apply("stop")
    assert coins(game) == 2
    reasons = [e for e in game.events if isinstance(e, ev.ResourcesChanged) and e.source == Source("work")]
    assert [e.coins for e in reasons] == [2]
