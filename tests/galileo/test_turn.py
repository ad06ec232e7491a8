"""The turn: flow (GF1-GF7), the telescope and Action tiles (GT1-GT9), dice (GD1-GD6), free actions (GQ1-GQ2)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from galileo_rules import Action, GalileoGame
from galileo_rules.errors import IllegalAction, PositionError
from galileo_rules.model import events as ev
from galileo_rules.model.frames import LectureFrame, TurnFrame, WriteFrame
from galileo_rules.model.state import LibraryCard
from galileo_rules.rules.queries import parse_die
from galileo_rules.testing import Position, play
from galileo_rules.text import event_text

TILES = ("T1", "T2", "T3", "T4", "T5", "T6")


def acting(pos: Position, seat: int = 0, space: int | str = "observe", **flags: object) -> Position:
    """``seat`` in its Action phase with the telescope at ``space`` (a number or a name, as the builder reads it)."""
    return pos.tiles(seat, *TILES).telescope(seat, space).turn(seat, stage="actions", **flags)


def names(game: GalileoGame) -> list[str]:
    return [str(a) for a in game.legal_actions()]


# --- flow ------------------------------------------------------------------------------------------


def test_GF1_clockwise_rounds_and_the_first_player_keeps_the_token() -> None:
    """GF1: seat 0, 1, 2, then round 2 starts again at the first player."""
    game = Position(3).game()
    seen = []
    for _ in range(4):
        seen.append((game.to_move, game.round))
        game = play(game, "move 1", "end")
    assert seen == [(0, 1), (1, 1), (2, 1), (0, 2)]
    assert game.state.first_player == 0


def test_GF2_movement_then_actions_then_cleanup() -> None:
    """GF2: only movement before moving; `end` runs Cleanup (the played tile rotates) and passes the turn."""
    game = Position(2).tiles(0, *TILES).game()
    assert names(game) == ["move 1", "move 2", "move 3"]
    game = play(game, "move 2")  # telescope 1 -> 3: Gain a Die / Lecture; tile slot 3 (T4)
    assert "fixed die" in names(game) and "moving 1" in names(game)
    game = play(game, "moving 2", "end")  # T4 option 2: a Quadrant
    assert [t.tile for t in game.state.players[0].tiles] == ["T4", "T1", "T2", "T3", "T5", "T6"]
    assert game.to_move == 1


def test_GF3_a_reward_that_is_an_action_is_resolved_first() -> None:
    """GF3: a Lecture gained while writing is decided before any free action is possible."""
    pos = acting(Position(2)).set(0, quadrants=4).library(0, "D01", "D02", "D03", "D04", "D05")
    game = pos.turn(0, WriteFrame(player=0, left=5), stage="actions").game()
    game = play(game, "write 3", "write 3", "write 3", "write 3", "write 3")  # row 3: P, 2 VP, Y+1, P, Lecture
    assert isinstance(game.state.top, LectureFrame)
    assert not any(a.kind == "free" for a in game.legal_actions())


def test_GF4_GF5_last_card_triggers_the_end_after_this_round_and_one_more() -> None:
    """GF4: the last deck card placed on the board triggers the end; GF5: finish the round, one more, score."""
    pos = acting(Position(2)).dice(0, "R3 Y3").display(0, "D01").deck("D20")
    game = play(pos.game(), "fixed observe", "target 0", "pay R3+Y3")
    assert game.state.deck == () and game.state.last_round == 2
    rounds = []
    while not game.is_over:
        rounds.append((game.round, game.to_move))
        game = play(game, "end") if game.state.top.stage == "actions" else play(game, "move 1")
    assert sorted(set(rounds)) == [(1, 0), (1, 1), (2, 0), (2, 1)]
    assert any(source.startswith("final") for source, _ in game.state.players[0].vp_sources)


def test_GF4_a_gain_a_card_draw_also_triggers() -> None:
    """GF4 (ruling): a "gain a card" reward that takes the last card triggers the end too."""
    pos = acting(Position(2)).dice(0, "B3 B2").display(0, "D01").deck("D20").set(0, constellations=6)
    game = play(pos.game(), "fixed observe", "target 0.1", "pay B3+B2")  # token space 2: gain a card
    assert game.state.players[0].library[-1].face_up is False
    assert game.state.last_round == 2


def test_GF6_blank_space_refilled_from_the_box_with_tier_III() -> None:
    """GF6: after the trigger a blank display space takes a random Tier III card from the box; option:
    only in the final round."""
    pos = acting(Position(2)).dice(0, "R3 Y3").display(0, "D01").deck().shared(last_round=2)
    game = play(pos.game(), "fixed observe", "target 0", "pay R3+Y3")
    refill = game.state.display[0]
    assert refill is not None and game.catalog.card(refill.card).tier == 3
    later = acting(Position(2, options={"box_refill": "final_round"})).dice(0, "R3 Y3").display(0, "D01").deck()
    game = play(later.shared(last_round=2).game(), "fixed observe", "target 0", "pay R3+Y3")
    assert game.state.display[0] is None
    game = play(game, "end")  # round 1 goes on: seat 1's turn, still round 1
    assert game.state.display[0] is None
    game = play(game, "move 1", "end")  # round 2 is the final round: the blank space is filled
    assert game.state.display[0] is not None


def test_GF7_gain_a_card_with_an_empty_deck_is_forfeited_or_from_the_box() -> None:
    """GF7 (ruling): forfeited; option empty_deck_card="box": a random Tier III card from the box."""
    for option, cards in (("forfeit", 0), ("box", 1)):
        pos = acting(Position(2, options={"empty_deck_card": option})).dice(0, "B3 B2").display(0, "D01").deck()
        game = play(
            pos.set(0, constellations=6).shared(last_round=2).game(), "fixed observe", "target 0.1", "pay B3+B2"
        )
        assert len(game.state.players[0].library) == cards


def test_GF7_the_box_card_goes_face_down_into_the_library_and_leaves_the_box() -> None:
    """GF7 (option empty_deck_card="box"): the card gained is a Tier III card of the box, face down at the end
    of the Library, and no longer in the box; the game says it came from the box."""
    pos = acting(Position(2, options={"empty_deck_card": "box"})).dice(0, "B3 B2").display(0, "D01").deck()
    start = pos.set(0, constellations=6).shared(last_round=2).game()
    game = play(start, "fixed observe", "target 0.1", "pay B3+B2")
    (entry,) = game.state.players[0].library
    assert entry.card in start.state.box and start.catalog.card(entry.card).tier == 3
    assert entry == LibraryCard(entry.card, face_up=False, tier=3)
    assert sorted(game.state.box) == sorted(c for c in start.state.box if c != entry.card)
    taken = [event_text(game.catalog, e) for e in game.last_events if isinstance(e, ev.CardTaken)]
    assert taken == ["Player 0 takes a Tier III card from the box face down into their Library."]


# --- telescope and tiles --------------------------------------------------------------------------


def test_GT1_the_five_action_spaces_in_order() -> None:
    """GT1: Observe; Gain a Die / Lecture; Spot a Comet; Observe / Gain a Die; Upgrade."""
    fixed = {}
    for space in range(2, 7):
        game = acting(Position(2), space=space).dice(0, "R3 Y3 B3").display(0, "D01").game()
        fixed[space] = sorted(a.arg for a in game.legal_actions() if a.kind == "fixed")
    assert fixed == {2: ["observe"], 3: ["die", "lecture"], 4: ["comet"], 5: ["die", "observe"], 6: ["upgrade"]}


def test_GT1_the_spaces_and_tile_slots_have_names() -> None:
    """GT1: each space is named by its fixed actions ("observe", "die/lecture", "comet", "observe/die",
    "upgrade"; "crossed1", "crossed2" below them); a tile slot by the space beside it, Kepler's Character
    Board tile "bench". The builder and the notation read the names as the numbers they stand for."""
    for name, fixed in (
        ("die/lecture", ["die", "lecture"]),
        ("observe/die", ["die", "observe"]),
        ("upgrade", ["upgrade"]),
    ):
        game = acting(Position(2), space=name).dice(0, "R3 Y3 B3").display(0, "D01").game()
        assert sorted(a.arg for a in game.legal_actions() if a.kind == "fixed") == fixed
    assert Position(2).telescope(0, "crossed2").game().state == Position(2).game().state  # where it starts (GS9)
    golden = acting(Position(2), space="upgrade").tiles(0, *TILES, upgraded=("comet", 5)).turn(0, stage="actions")
    assert [t.upgraded for t in golden.game().state.players[0].tiles] == [False] * 4 + [True, True]
    game = play(acting(Position(2), space="upgrade").game(), "fixed upgrade", "upgrade observe")
    assert game.state.players[0].tiles[2].upgraded and str(game.actions[-1]) == "upgrade 2"  # the canonical text


def test_GT1_GK4_an_action_read_from_its_kind_and_argument_writes_slots_as_numbers() -> None:
    """GT1: a tile slot read by its name is written by its number, the canonical text (GT6's Upgrade, GK4's
    swap with the Character Board, "bench"); a kind without an argument (GF2: end the turn) reads alone."""
    assert Action.read("upgrade", "bench") == Action("upgrade", "6")
    assert Action.read("swap", "comet-bench") == Action("swap", "4-6")
    assert Action.read("end") == Action("end") and str(Action.read("end")) == "end"


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (
            lambda: Position(2).telescope(0, "moon"),
            "unknown telescope space 'moon': one of crossed1, crossed2, observe",
        ),
        (
            lambda: Position(2).telescope(0, 7),
            "unknown telescope space 7: one of crossed1, crossed2, observe, die/lecture, comet, observe/die, upgrade "
            "(or its number 0-6)",
        ),
        (
            lambda: Position(2).tiles(0, *TILES, upgraded=("moon",)),
            "unknown tile slot 'moon': one of crossed1, crossed2, observe, die/lecture, comet, observe/die, bench "
            "(or its number 0-6)",
        ),
        (lambda: Position(2).tiles(0, *TILES, upgraded=("bench",)), "upgraded slots are the board's crossed1"),
        (lambda: Position(2).tiles(0, *TILES[:5]), "tiles: 6 different Action tiles of K, T1, T2, T3, T4, T5, T6"),
        (lambda: Position(2).tiles(0, *TILES[:5], "T9"), "one per slot; got ('T1', 'T2', 'T3', 'T4', 'T5', 'T9')"),
    ],
)
def test_GT1_a_space_or_slot_that_is_not_on_the_board_is_refused(build: Callable[[], Position], message: str) -> None:
    """GT1: the builder names the space or slot it cannot place and lists the names it reads."""
    with pytest.raises(PositionError, match=re.escape(message)):
        build()


@pytest.mark.parametrize(("start", "steps", "end"), [(1, 1, 2), (1, 3, 4), (5, 2, 2), (6, 1, 2), (6, 3, 4), (4, 3, 2)])
def test_GT2_move_one_to_three_forward_wrapping_past_upgrade(start: int, steps: int, end: int) -> None:
    """GT2: 1-3 spaces forward; past Upgrade it goes on at Observe, never onto a crossed-out space."""
    game = Position(2).telescope(0, start).game()
    assert game.apply(f"move {steps}").state.players[0].telescope == end


def test_GF2_the_turn_says_its_stage_and_round() -> None:
    """GF2: first the telescope's movement, then the actions; the round is named."""
    for pos, prompt in (
        (Position(2), "round 1: move your telescope 1 to 3 spaces"),
        (acting(Position(2)), "round 1: take your fixed, moving and free actions, or end the turn"),
    ):
        game = pos.game()
        assert game.rules_context.rules.prompt(game.state, game.state.top) == prompt


def test_GT2_no_other_movement() -> None:
    """GT2: 0 or 4 spaces are not moves."""
    game = Position(2).game()
    for bad in ("move 0", "move 4"):
        with pytest.raises(IllegalAction):
            game.apply(bad)


def test_GT3_fixed_and_moving_at_most_once_each_in_either_order() -> None:
    """GT3: both actions optional, in either order, each at most once; free actions between them."""
    pos = acting(Position(2), space=4).tiles(0, "T1", "T2", "T3", "T5", "T4", "T6").dice(0, "R1")
    game = play(pos.set(0, quadrants=1).turn(0, stage="actions").game(), "moving 2")  # T4 at slot 4: a Quadrant
    assert "moving 1" not in names(game) and "fixed comet" in names(game) and "free raise" in names(game)
    game = play(game, "free raise", "raise R1", "fixed comet")
    assert not any(a.kind in ("fixed", "moving") for a in game.legal_actions())


def test_GT4_a_slash_and_a_tile_offer_a_choice_of_one() -> None:
    """GT4: Gain a Die / Lecture offers both, a tile its two options; taking one closes the other."""
    game = acting(Position(2), space=3).game()
    assert {"fixed die", "fixed lecture", "moving 1", "moving 2"} <= set(names(game))
    game = play(game, "fixed lecture", "lecture 0")
    assert "fixed die" not in names(game)


def test_GT5_the_upgrade_space_gives_a_quadrant_instead_of_a_tile() -> None:
    """GT5: at Upgrade the moving action is 1 Quadrant."""
    game = acting(Position(2), space=6).game()
    assert "moving q" in names(game) and "moving 1" not in names(game)
    assert play(game, "moving q").state.players[0].quadrants == 1


def test_GT6_upgrade_flips_any_tile_in_place() -> None:
    """GT6: any tile, the one at the telescope included, turns golden and does not move; all golden: nothing."""
    game = play(acting(Position(2), space=6).game(), "fixed upgrade", "upgrade 5")
    assert game.state.players[0].tiles[5].upgraded and game.state.players[0].tiles[5].tile == "T6"
    full = acting(Position(2), space=6).tiles(0, *TILES, upgraded=(0, 1, 2, 3, 4, 5)).turn(0, stage="actions")
    assert "fixed upgrade" not in names(full.game())


def test_GT7_rotation_closes_the_gap_and_the_played_tile_goes_to_the_bottom() -> None:
    """GT7: the tile played from slot 4 goes to slot 0; slots 0-3 move up one; slot 5 stays."""
    pos = acting(Position(2), space=4).tiles(0, "T1", "T2", "T3", "T5", "T4", "T6").turn(0, stage="actions")
    game = play(pos.game(), "moving 2", "end")
    assert [t.tile for t in game.state.players[0].tiles] == ["T4", "T1", "T2", "T3", "T5", "T6"]


def test_GT8_no_tile_played_no_rotation_or_option_rotate() -> None:
    """GT8 (ruling): without a played tile nothing moves; option "rotate": the tile at the telescope rotates."""
    game = play(acting(Position(2), space=4).game(), "end")
    assert [t.tile for t in game.state.players[0].tiles] == list(TILES)
    game = play(acting(Position(2, options={"unplayed_rotation": "rotate"}), space=4).game(), "end")
    assert game.state.players[0].tiles[0].tile == "T5"


def test_GT9_tile_icons_and_their_upgraded_side() -> None:
    """GT9: the red tile raises all red dice by 1 or one die by 2; upgraded: all red by 2 or one by 3."""
    red = ("T2", "T3", "T1", "T4", "T5", "T6")
    game = play(acting(Position(2), space=2).tiles(0, *red).dice(0, "R1 R2 B1").game(), "moving 1")
    assert game.state.players[0].dice == (("R", 3), ("R", 2), ("B", 1))
    golden = acting(Position(2), space=2).tiles(0, *red, upgraded=(2,)).dice(0, "R1 R2 B1").turn(0, stage="actions")
    assert play(golden.game(), "moving 1").state.players[0].dice == (("R", 4), ("R", 3), ("B", 1))
    assert play(golden.game(), "moving 2", "raise B1").state.players[0].dice == (("R", 2), ("R", 1), ("B", 4))


# --- dice ------------------------------------------------------------------------------------------


def test_GD1_four_dice_three_of_a_colour_never_rolled() -> None:
    """GD1: with three red dice red cannot be gained; values only change by actions."""
    game = play(acting(Position(2), space=3).dice(0, "R1 R1 R1").game(), "fixed die")
    assert names(game) == ["die B", "die Y"]


def test_GD1_a_die_is_read_as_a_colour_then_a_value() -> None:
    """GD1: "R3" is a red 3 (a value past 9 too, with no cap); a text without a colour R, B or Y, or without a
    whole value after it, names no die."""
    assert parse_die("R3") == ("R", 3) and parse_die("Y12") == ("Y", 12)
    assert [parse_die(text) for text in ("X3", "3", "R", "", "Bx", "B-1")] == [None] * 6


def test_GD2_gain_at_one_or_replace_one_of_four_or_decline() -> None:
    """GD2: a die at value 1; with 4 dice replace one (returned to the supply) or decline."""
    game = play(acting(Position(2), space=3).dice(0, "R5 B2").game(), "fixed die", "die Y")
    assert ("Y", 1) in game.state.players[0].dice
    full = play(acting(Position(2), space=3).dice(0, "R5 B2 B3 Y6").game(), "fixed die")
    assert "decline" in names(full) and "die R-Y6" in names(full)
    replaced = play(full, "die R-Y6")
    assert replaced.state.players[0].dice == (("R", 5), ("R", 1), ("B", 3), ("B", 2))
    assert replaced.state.supply[2] == full.state.supply[2] + 1


def test_GD3_gain_needs_the_colour_in_the_supply() -> None:
    """GD3 (ruling): an empty supply colour cannot be gained; with none the gain is lost."""
    game = play(acting(Position(2), space=3).dice(0, "R1").supply(0, 0, 3).game(), "fixed die")
    assert names(game) == ["die Y"]
    nothing = acting(Position(2), space=3).dice(0, "R1").supply(0, 0, 0).game()
    assert "fixed die" not in names(nothing)


def test_GD2_GD3_a_replacement_die_needs_its_colour_in_the_supply_after_the_old_one_is_returned() -> None:
    """GD2-GD3: with 4 dice, no red and no yellow die in the supply and one blue: a die may become blue, or
    its own colour again (it goes back to the supply first), never a colour the supply lacks."""
    pos = acting(Position(2), space="die/lecture").dice(0, "R3 R2 B1 Y1").supply(0, 1, 0)
    game = play(pos.game(), "fixed die")
    assert sorted(names(game)) == sorted(
        ["die B-B1", "die B-R2", "die B-R3", "die B-Y1", "die R-R2", "die R-R3", "die Y-Y1", "decline"]
    )


def test_GD3_the_last_die_of_a_colour_in_the_supply_can_be_gained() -> None:
    """GD3 (ruling): one blue die left in the supply and no red or yellow one: blue is gained, at 1."""
    game = play(acting(Position(2), space="die/lecture").dice(0, "R1").supply(0, 1, 0).game(), "fixed die")
    assert names(game) == ["die B"]
    assert play(game, "die B").state.players[0].dice == (("R", 1), ("B", 1))


def test_GD4_increase_all_of_a_colour_or_one_die() -> None:
    """GD4: all blue +1 (no blue die: nothing); one die +2."""
    game = play(acting(Position(2), space=3).dice(0, "B1 B1 R1").game(), "moving 1")  # T4? slot 3 is T4
    assert game.state.players[0].dice == (("R", 1), ("B", 1), ("B", 1))  # T4 option 1 is Persuade: no token
    blue = acting(Position(2), space=3).tiles(0, "T1", "T3", "T4", "T2", "T5", "T6").dice(0, "B1 B1 R1")
    game = play(blue.turn(0, stage="actions").game(), "moving 1")
    assert game.state.players[0].dice == (("R", 1), ("B", 2), ("B", 2))


def test_GD5_values_stop_at_six_or_option_no_cap() -> None:
    """GD5 (ruling): a die is at most 6; option die_cap=False has no cap."""
    game = play(acting(Position(2), space=2).dice(0, "R5").game(), "moving 2", "raise R5")
    assert game.state.players[0].dice == (("R", 6),)
    free = acting(Position(2, options={"die_cap": False}), space=2).dice(0, "R5")
    assert play(free.game(), "moving 2", "raise R5").state.players[0].dice == (("R", 7),)


def test_GD5_with_no_cap_a_die_goes_on_rising_past_sixty() -> None:
    """GD5 (option die_cap=False): no largest value; a red 60 raised by 2 is a red 62."""
    free = acting(Position(2, options={"die_cap": False}), space=2).dice(0, "R60")
    assert play(free.game(), "moving 2", "raise R60").state.players[0].dice == (("R", 62),)


def test_GD6_recolour_swaps_for_a_supply_die_of_the_same_value() -> None:
    """GD6 (ruling): needs that colour in the supply and under 3 of it."""
    game = play(acting(Position(2), space=2).set(0, quadrants=1).dice(0, "R5 B1 B1 B1").game(), "free recolour")
    assert "recolour R5>B" not in names(game) and "recolour R5>Y" in names(game)
    game = play(game, "recolour R5>Y")
    assert game.state.players[0].dice == (("B", 1), ("B", 1), ("B", 1), ("Y", 5))
    assert game.state.players[0].quadrants == 0


def test_GD6_recolour_only_to_a_colour_left_in_the_supply() -> None:
    """GD6 (ruling): one blue die left in the supply and no yellow one: the red die may turn blue only."""
    pos = acting(Position(2), space=2).set(0, quadrants=1).dice(0, "R5 B1").supply(0, 1, 0)
    assert names(play(pos.game(), "free recolour")) == ["recolour R5>B"]


# --- free actions ----------------------------------------------------------------------------------


def test_GQ1_free_actions_and_their_costs() -> None:
    """GQ1: 1 recolour or +1; 2 die or Write 3; 3 Persuade twice; 4 Spot a Comet; repeatable."""
    pos = acting(Position(2), space=2).set(0, quadrants=10, cellar=(2, 0, 0, 0)).dice(0, "R1").library(0, "D01")
    game = pos.game()
    assert {"free recolour", "free raise", "free die", "free write", "free persuade", "free comet"} <= set(names(game))
    game = play(game, "free comet", "free comet")
    assert game.state.players[0].quadrants == 2 and game.state.players[0].comets_above == 2
    game = play(pos.game(), "free persuade", "persuade 0", "persuade 0")
    assert game.state.players[0].cellar == (0, 2, 0, 0) and game.state.players[0].quadrants == 7
    assert play(pos.game(), "free write").state.top == WriteFrame(player=0, left=3)


def test_GQ1_GC1_no_free_spot_a_comet_without_a_comet_on_the_board() -> None:
    """GQ1 with GC1: four Quadrants, but every Comet already spotted: Spot a Comet is not offered."""
    pos = acting(Position(2), space=2).set(0, quadrants=4).comets(0, above=7)
    assert pos.game().state.players[0].comets_board == 0
    assert "free comet" not in names(pos.game()) and "free die" in names(pos.game())


def test_GQ1_GC1_the_last_comet_on_the_board_can_be_spotted() -> None:
    """GQ1 with GC1: one Comet left on the board is enough for Spot a Comet."""
    pos = acting(Position(2), space=2).set(0, quadrants=4).comets(0, above=6)
    assert pos.game().state.players[0].comets_board == 1
    game = play(pos.game(), "free comet")
    assert (game.state.players[0].comets_board, game.state.players[0].comets_above) == (0, 7)


def test_GQ1_GI2_no_free_persuade_without_an_inquisitor_that_can_move() -> None:
    """GQ1 with GI2: an Inquisitor on the last cellar space cannot move, so Persuade twice is not offered."""
    pos = acting(Position(2), space=2).set(0, quadrants=4, cellar=(0, 0, 0, 1))
    assert "free persuade" not in names(pos.game()) and "free comet" in names(pos.game())


def test_GQ2_no_free_action_during_another_action_or_outside_the_action_phase() -> None:
    """GQ2: none while an action is resolved, none during Movement."""
    moving = Position(2).set(0, quadrants=4).game()
    assert names(moving) == ["move 1", "move 2", "move 3"]
    game = play(acting(Position(2), space=3).set(0, quadrants=4).game(), "fixed lecture")
    assert not any(a.kind == "free" for a in game.legal_actions())
    assert isinstance(game.state.stack[0], TurnFrame)
