"""Observe (GO1-GO9) and Comets (GC1-GC8)."""

from __future__ import annotations

import pytest

from galileo_rules.components.catalog import default_catalog
from galileo_rules.errors import IllegalAction
from galileo_rules.model.frames import PageFrame
from galileo_rules.rules.queries import usable_comets
from galileo_rules.testing import Position, play

from .test_turn import acting, names


def observing(dice: str, *cards: str, seat: int = 0, **player: object) -> Position:
    pos = acting(Position(2)).dice(seat, dice).set(seat, **player) if player else acting(Position(2)).dice(seat, dice)
    for slot, card in enumerate(cards):
        pos.display(slot, card)
    return pos


def test_GO1_a_major_object_or_up_to_two_constellations() -> None:
    """GO1: one Major Object, or up to two constellations, among the six display cards."""
    game = play(observing("R3 R3 Y3 B4 ", "D01").game(), "fixed observe")
    assert "target 0" in names(game) and "target 0.0" in names(game)
    after_major = play(game, "target 0", "pay R3+R3+Y3")
    assert names(after_major) == ["end"] or "target" not in " ".join(names(after_major))


def test_GO2_colours_pay_their_objects_and_nothing_else() -> None:
    """GO2: Mars (orange) needs red and yellow; blue cannot pay it; a constellation takes its one colour."""
    game = play(observing("R5 B5 B5", "D01").game(), "fixed observe")
    assert "target 0" not in names(game)  # no yellow die
    assert "target 0.1" in names(game)  # Ursa Major, blue 4
    game = play(game, "target 0.1")
    assert names(game) == ["pay B5", "pay B5+B5"]


def test_GO3_any_dice_reaching_the_cost_excess_lost_dice_to_supply() -> None:
    """GO3: overpaying is allowed and the excess lost; spent dice return to the supply."""
    game = play(observing("R6 R1 Y4", "D01").game(), "fixed observe", "target 0")
    assert {"pay R1+Y4", "pay R6+Y4", "pay R6+R1+Y4"} == set(names(game))
    before = game.state.supply
    game = play(game, "pay R6+R1+Y4")
    assert game.state.players[0].dice == () and game.state.supply == (before[0] + 2, before[1], before[2] + 1)


def test_GO4_major_object_vp_inquisitor_library_tokens_to_box_refill() -> None:
    """GO4: Jupiter: its VP, 1 inquisitor, face up into the Library; its tokens leave with it; refill."""
    pos = observing("B3 Y3", "D05").display(0, "D05", covered=((0, 1),)).set(1, constellations=6).deck("D20", "D21")
    game = play(pos.game(), "fixed observe", "target 0", "pay B3+Y3")
    p = game.state.players[0]
    assert default_catalog().card("D05").major.inquisitors == 1
    assert (
        p.vp == default_catalog().card("D05").major.vp
        and p.cellar[0] == 1
        and p.library[-1].card == "D05"
        and p.library[-1].face_up
    )
    assert game.state.display[0].card == "D20" and game.state.display[0].covered == ()


def test_GO5_constellation_token_rewards_then_the_space_reward() -> None:
    """GO5: the leftmost token on it, its VP and Quadrant, then the reward of the space it left (Lecture)."""
    game = play(observing("R3 R1 R1", "D01").game(), "fixed observe", "target 0.0", "pay R3+R1+R1")
    p = game.state.players[0]
    assert p.constellations == 6 and p.vp == 3 and p.quadrants == 1
    assert game.state.display[0].covered == ((0, 0),)
    assert names(game)[0].startswith("lecture")


def test_GO6_second_constellation_after_the_first_is_resolved() -> None:
    """GO6: the second constellation is chosen after the first's rewards; no free action between them."""
    game = play(observing("R3 B4 B1", "D03", quadrants=2).game(), "fixed observe", "target 0.0", "pay R3")
    game = play(game, "lecture 0") if game.legal_actions()[0].kind == "lecture" else game
    while game.legal_actions()[0].kind not in ("target", "stop"):
        game = play(game, str(game.legal_actions()[0]))
    assert "target 0.1" in names(game) and not any(a.kind == "free" for a in game.legal_actions())


def test_GO7_a_covered_constellation_cannot_be_observed_again_two_of_one_card_can() -> None:
    """GO7 (ruling)."""
    pos = observing("R3 B4", "D03").display(0, "D03", covered=((0, 1),)).set(1, constellations=6)
    game = play(pos.game(), "fixed observe")
    assert "target 0.0" not in names(game) and "target 0.1" in names(game)
    both = play(observing("R3 B4", "D03").game(), "fixed observe", "target 0.0", "pay R3", "lecture 0")
    while both.legal_actions()[0].kind not in ("target", "stop"):
        both = play(both, str(both.legal_actions()[0]))
    assert "target 0.1" in names(both)


def test_GO1_GF6_a_blank_display_space_leaves_the_cards_after_it_observable() -> None:
    """GO1 with GF6 (option box_refill="final_round"): the deck is empty and display space 0 stays blank until
    the final round; Ursa Major (blue 4) on D01 in space 1 can still be observed."""
    pos = Position(2, options={"box_refill": "final_round"}).deck().shared(last_round=2)
    pos = acting(pos).dice(0, "B4").display(0, None).display(1, "D01")
    game = play(pos.game(), "fixed observe")
    assert "target 1.1" in names(game) and not any(name.startswith("target 0") for name in names(game))


def test_GO8_gain_a_card_face_down_adds_library_rewards_not_a_major() -> None:
    """GO8: the second token space gives a card: the deck top, face down, light side up."""
    pos = observing("B4", "D01").set(0, constellations=6).deck("D20", "D21")
    game = play(pos.game(), "fixed observe", "target 0.1", "pay B4")
    entry = game.state.players[0].library[-1]
    assert (entry.card, entry.face_up, entry.tier) == ("D20", False, 2)
    assert game.state.deck == ("D21",)


def test_GO9_no_constellation_after_the_seventh_token() -> None:
    """GO9."""
    game = play(observing("R5 Y5", "D01").set(0, constellations=0).game(), "fixed observe")
    assert not any("." in a.arg for a in game.legal_actions() if a.kind == "target")


# --- comets ----------------------------------------------------------------------------------------


def test_GC1_spot_a_comet_places_the_leftmost_on_one() -> None:
    """GC1: a Comet from the board to the Game Board at "1"; none left: no action."""
    game = play(acting(Position(2), space=4).game(), "fixed comet")
    assert (game.state.players[0].comets_board, game.state.players[0].comets_above) == (6, 1)
    empty = acting(Position(2), space=4).comets(0, above=7).turn(0, stage="actions").game()
    assert "fixed comet" not in names(empty)


def test_GC2_own_comets_reduce_the_cost() -> None:
    """GC2: a Comet of "1" makes R3+Y1 enough for Mars (5); another player's comet does not count."""
    pos = observing("R3 Y1", "D01").comets(0, above=1).comets(1, below=3)
    game = play(pos.game(), "fixed observe", "target 0")
    assert names(game) == ["pay R3+Y1+c1"]


def test_GC3_each_comet_once_per_turn() -> None:
    """GC3: a Comet used at "1" turns to "2" and cannot be used again this turn."""
    pos = observing("R1 R1 B3 B1", "D03").comets(0, above=1)
    game = play(pos.game(), "fixed observe", "target 0.0", "pay R1+R1+c1")  # Orion, red 3
    assert game.state.players[0].comets_below == 1
    while game.legal_actions()[0].kind not in ("target", "stop"):
        game = play(game, str(game.legal_actions()[0]))
    game = play(game, "target 0.1")
    assert not any("c2" in a.arg for a in game.legal_actions())


def test_GC3_a_comet_turned_this_turn_is_only_the_acting_players() -> None:
    """GC3: the acting player's Comet turned to "2" this turn does not hold back another player's Comets."""
    pos = observing("R3", "D01").comets(0, below=1).comets(1, below=2).turn(0, stage="actions", fresh_comets=1)
    state = pos.game().state
    assert usable_comets(state, 0) == (0, 0) and usable_comets(state, 1) == (0, 2)


def test_GC4_every_used_comet_must_reduce_the_cost() -> None:
    """GC4: with dice already reaching the cost no Comet may be added; two comets only if both needed."""
    game = play(observing("R5 Y1", "D01").comets(0, above=2).game(), "fixed observe", "target 0")
    assert "pay R5+Y1" in names(game) and not any("c1" in n for n in names(game))
    tight = play(observing("R2 Y1", "D01").comets(0, above=2).game(), "fixed observe", "target 0")
    assert names(tight) == ["pay R2+Y1+c1+c1"]
    with pytest.raises(IllegalAction):
        play(game, "pay R5+Y1+c1")


def test_GC5_comets_never_replace_a_required_die() -> None:
    """GC5: without a yellow die Mars cannot be paid even with comets."""
    game = play(observing("R3 B1", "D01").comets(0, above=3, below=2).game(), "fixed observe")
    assert "target 0" not in names(game)


def test_GC6_one_turns_to_two_below_and_two_goes_to_the_book() -> None:
    """GC6: each used "2" comet moves to the Book of Comets."""
    pos = observing("R1 Y1", "D01").comets(0, above=1, below=1)
    game = play(pos.game(), "fixed observe", "target 0", "pay R1+Y1+c1+c2")
    p = game.state.players[0]
    assert (p.comets_above, p.comets_below, p.comets_waiting) == (0, 1, 1)


def test_GC7_cleanup_places_waiting_comets_on_empty_pages_with_rewards() -> None:
    """GC7: each waiting Comet on an empty page of the player's choice, its reward; none empty: Appendix."""
    game = play(acting(Position(2)).comets(0, waiting=2).turn(0, stage="actions").game(), "end")
    assert isinstance(game.state.top, PageFrame) and names(game) == ["page 0", "page 1", "page 2", "page 3"]
    game = play(game, "page 0")  # 1 Quadrant
    assert game.state.players[0].quadrants == 1 and game.state.pages[0] == 0
    full = (
        acting(Position(2))
        .comets(0, waiting=1)
        .comets(1, placed=4)
        .shared(pages=(1, 1, 1, 1))
        .turn(0, stage="actions")
        .game()
    )
    game = play(full, "end")
    assert names(game) == ["page appendix"]
    assert play(game, "page appendix").state.appendix == 1


def test_GC8_the_section_for_the_player_count() -> None:
    """GC8 (ruling): 2 players 4 pages, 3 players 5, 4 players 6; the solo game uses the 2-player section."""
    assert [len(Position(n).state.pages) for n in (1, 2, 3, 4)] == [4, 4, 5, 6]
