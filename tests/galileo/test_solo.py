"""The solo game against Tycho Brahe (GY1-GY15): an automatic seat, seeded and replayable."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

import attrs
import pytest

from galileo_rules import GalileoGame, new_game
from galileo_rules.components.catalog import default_catalog
from galileo_rules.components.records import TychoCondition, TychoEffect
from galileo_rules.errors import PositionError
from galileo_rules.model.frames import TurnFrame
from galileo_rules.rules.scoring import winners
from galileo_rules.rules.tycho import condition_holds
from galileo_rules.testing import Position, play
from rules_core.outcome import Outcome

from .test_turn import acting

ORDER = ("Y1", "Y2", "Y3", "Y4", "Y5")


def vp_of(effects: tuple[TychoEffect, ...]) -> int:
    return sum(e.n for e in effects if e.kind == "vp")


def tycho_turn(
    pos: Position,
    *,
    token: int = 0,
    deck: tuple[str, ...] = ("M1",),
    upgraded: tuple[int, ...] = (),
    tiles: tuple[str, ...] = ORDER,
) -> GalileoGame:
    """Tycho (seat 1) plays one turn from this position; returns the game after it (seat 0 to move)."""
    return pos.tycho_tiles(*tiles, upgraded=upgraded).tycho_token(token).tycho_deck(*deck).tycho_turn().game()


def test_GY1_solo_setup_two_player_deck_and_tycho_pieces() -> None:
    """GY1: a 2-player deck; Tycho's Comets, Constellations, University, Tribunal and Score as usual."""
    state = new_game(1, seed=2).state
    tiers = Counter(game_tier for game_tier in (state_tier(c) for c in (*state.deck, *(s.card for s in state.display))))
    assert (tiers[1], tiers[2], tiers[3]) == (9, 5, 4)
    tycho = state.players[1]
    assert (
        tycho.astronomer,
        tycho.comets_board,
        tycho.constellations,
        tycho.university,
        tycho.reputation,
        tycho.vp,
    ) == ("tycho", 7, 7, (0, 0, 0, 0), -3, 0)
    assert state.tycho is not None and state.tycho.book == 0


def test_GY1_tycho_has_as_many_constellation_tokens_as_a_player() -> None:
    """GY1: his Comet and Constellation tokens are a player's set: a pack giving 5 Constellation tokens gives
    Tycho 5 as it gives the player 5."""
    catalog = default_catalog()
    five = attrs.evolve(catalog, rules=attrs.evolve(catalog.rules, constellations=5))
    player, tycho = new_game(1, seed=2, catalog=five).state.players
    assert (player.constellations, tycho.constellations) == (5, 5)


def test_GY1_tycho_starts_with_three_dice_of_random_colours_up_to_three_of_one() -> None:
    """GY1 with GD1: his three dice at 1 are of random colours, as many as three of one colour (seed 0: three
    red), kept in the board's colour order (red, blue, yellow; seed 2: red, red, blue)."""
    assert new_game(1, seed=0).state.players[1].dice == (("R", 1), ("R", 1), ("R", 1))
    assert new_game(1, seed=1).state.players[1].dice == (("R", 1), ("B", 1), ("Y", 1))
    assert new_game(1, seed=2).state.players[1].dice == (("R", 1), ("R", 1), ("B", 1))


def state_tier(card: str) -> int:
    return (int(card[1:]) <= 14 and 1) or (int(card[1:]) <= 24 and 2) or 3


def test_GY2_three_dice_of_random_colours_within_the_limits() -> None:
    """GY2: three dice, colours drawn from the seed, at most 3 of one colour."""
    colours = {tuple(c for c, _ in new_game(1, seed=s).state.players[1].dice) for s in range(20)}
    assert len(colours) > 1 and all(len(c) == 3 for c in colours)


def test_GY3_five_tiles_seeded_order_token_leftmost_movement_deck_shuffled() -> None:
    """GY3: 5 Action tiles blue side up, the token below the leftmost, 5 Movement tiles shuffled."""
    tycho = new_game(1, seed=4).state.tycho
    assert sorted(t.tile for t in tycho.tiles) == list(ORDER) and not any(t.upgraded for t in tycho.tiles)
    assert tycho.token == 0 and sorted(tycho.deck) == ["M1", "M2", "M3", "M4", "M5"]
    assert new_game(1, seed=4).state.tycho == tycho


def test_GY4_the_player_first_then_tycho_who_takes_no_commands() -> None:
    """GY4: every round the player plays, then Tycho's turn settles by itself."""
    game = new_game(1, seed=1)
    while game.state.phase == "setup":
        game = game.apply(game.legal_actions()[0])
    assert game.to_move == 0
    game = play(game, "move 1", "end")
    assert game.to_move == 0 and game.round == 2 and len(game.state.tycho.discard) == 1


def test_GY5_movement_tiles_move_stop_early_or_upgrade() -> None:
    """GY5: move N (wrapping); move N stopping on an upgraded tile; upgrade under the token or to its right."""
    assert tycho_turn(Position(1), token=4, deck=("M2",)).state.tycho.token == 1
    assert tycho_turn(Position(1), token=0, deck=("M4",), upgraded=(2,)).state.tycho.token == 2
    assert tycho_turn(Position(1), token=0, deck=("M3",), upgraded=(2,)).state.tycho.token == 3
    up = tycho_turn(Position(1), token=1, deck=("M5",), upgraded=(1,)).state.tycho
    assert up.token == 1 and up.tiles[2].upgraded


def test_GY6_upgrade_does_not_move_reshuffle_wrap_all_upgraded() -> None:
    """GY6 (rulings): the deck is reshuffled from the discards when empty; the upgrade search wraps."""
    tycho = tycho_turn(Position(1), token=4, deck=("M5",), upgraded=(4,)).state.tycho
    assert tycho.token == 4 and tycho.tiles[0].upgraded
    game = Position(1).tycho_tiles(*ORDER).tycho_token(0).tycho_deck().tycho_turn().game()  # all discarded
    assert len(game.state.tycho.deck) == 4 and len(game.state.tycho.discard) == 1
    every = tycho_turn(Position(1), deck=("M5",), upgraded=(0, 1, 2, 3, 4)).state.tycho
    assert all(t.upgraded for t in every.tiles)


def test_GY7_GY8_first_row_whose_condition_holds_and_the_partial_condition() -> None:
    """GY7-GY8: Y1 with no Comet on his board takes the bottom row; 3 persuaded add the bonus."""
    pos = Position(1).comets(1, above=7).set(1, cellar=(1, 0, 0, 3))
    game = tycho_turn(pos, token=4, deck=("M1",))  # token 4 -> 0: Y1
    tycho = game.state.players[1]
    top, bottom = default_catalog().tycho_tile("Y1").sides[0]
    # the bottom row persuades twice (space 1 to 3), the bonus holds (3 persuaded): one removed, 8 VP (stated)
    assert tycho.cellar == (0, 0, 1, 2) and tycho.source_vp("tycho") == vp_of(bottom.bonus) == 8
    plain = tycho_turn(Position(1), token=4, deck=("M1",))  # a Comet on his board: the top row
    assert plain.state.players[1].comets_above == 1 and plain.state.players[1].vp == vp_of(top.effects) > 0


def tycho_condition(pos: Position, condition: TychoCondition, dice: int = 0) -> bool:
    game = pos.game()
    return condition_holds(game.state, GalileoGame.context(game.config, game.catalog), 1, condition, dice)


@pytest.mark.parametrize(
    ("condition", "cellar", "holds"),
    [
        ("unpersuaded2", (1, 0, 0, 5), False),  # one unpersuaded: those on the last space are persuaded
        ("unpersuaded2", (0, 0, 2, 0), True),  # two on the third space are still unpersuaded
        ("persuaded3", (0, 0, 0, 3), True),
        ("persuaded3", (0, 0, 3, 2), False),  # two persuaded: those on the third space are not
    ],
)
def test_GY8_the_inquisitor_conditions_count_unpersuaded_and_persuaded_tokens(
    condition: TychoCondition, cellar: tuple[int, ...], holds: bool
) -> None:
    """GY8: "2+ unpersuaded Inquisitors in his cellar"; "3+ fully persuaded" (on the last space)."""
    assert tycho_condition(Position(1).set(1, cellar=cellar), condition) is holds


@pytest.mark.parametrize(("tokens", "card", "holds"), [(1, "D05", True), (0, "D05", False), (1, "D02", False)])
def test_GY8_two_dice_and_two_observable_constellations_while_he_has_a_token(
    tokens: int, card: str, holds: bool
) -> None:
    """GY8: 2 dice "and at least 2 observable constellations on the board": exactly two shown (Jupiter's
    Aquila and Taurus) suffice, with his last Constellation token; with none left, or one shown (Venus's
    Cassiopeia), it fails."""
    pos = Position(1).dice(1, "R1 B1").set(1, constellations=tokens)
    for slot in range(6):
        pos.display(slot, card if slot == 0 else None)
    assert tycho_condition(pos, "dice_constellations", dice=2) is holds


def test_GY9_remove_a_fully_persuaded_inquisitor_from_the_last_space() -> None:
    """GY9: "remove a fully persuaded Inquisitor": one of the three on the last space goes, whatever the
    space before it holds (here nothing, after his two Persuades from the first space)."""
    pos = Position(1).comets(1, above=7).set(1, cellar=(2, 0, 0, 3))
    game = tycho_turn(pos, token=4, deck=("M1",))  # token 4 -> 0: Y1's bottom row, its bonus holds
    assert game.state.players[1].cellar == (0, 2, 0, 2)


def test_GY9_comet_advance_to_the_leftmost_page_without_reward() -> None:
    """GY9: a "2" Comet goes to the leftmost free page of the 2-player section; no reward."""
    pos = Position(1).comets(1, above=1, below=1).dice(1, "R1")
    game = tycho_turn(
        pos.shared(pages=(None, None, None, None)), token=1, deck=("M2",), tiles=("Y1", "Y2", "Y3", "Y4", "Y5")
    )
    # token 1 -> 3: Y4; he has Comets on his board: place one, advance one ("2" first)
    tycho = game.state.players[1]
    assert game.state.pages[0] == 1 and tycho.quadrants == 0 and tycho.comets_above == 2


def test_GY10_university_on_the_scale_he_counts_most_tie_leftmost() -> None:
    """GY10: comets off his board lead, so that Scale; a Scale at the top is skipped."""
    pos = Position(1).shared(subjects=("majors", "books", "comets", "constellations")).comets(1, above=7)
    game = tycho_turn(pos, token=4, deck=("M1",))
    assert game.state.players[1].university == (0, 0, 1, 0)
    top = Position(1).shared(subjects=("majors", "books", "comets", "constellations")).comets(1, above=7)
    game = tycho_turn(top.set(1, university=(0, 0, 4, 0)), token=4, deck=("M1",))
    assert game.state.players[1].university == (1, 0, 4, 0)


def test_GY11_persuade_the_move_that_improves_most_tie_leftmost() -> None:
    """GY11: space 3 to 4 (+2) first; then spaces 1 to 2 and 2 to 3 tie (+1): the leftmost token."""
    pos = Position(1).set(1, cellar=(1, 1, 1, 0), reputation=0)
    game = tycho_turn(pos, token=1, deck=("M1",))  # -> Y3: 2+ unpersuaded: Persuade twice
    assert game.state.players[1].cellar == (0, 2, 0, 1)


def test_GY12_constellation_and_major_with_the_most_vp_only_vp() -> None:
    """GY12: Y2: 3 dice -> the Major Object with most VP into his Library, only its VP, refilled."""
    sol = default_catalog().card("D25").major
    assert all(default_catalog().card(s.card).major.vp < sol.vp for s in Position(1).state.display if s)
    pos = Position(1).dice(1, "R1 B1 Y1").display(3, "D25")  # Sol, the most VP on display
    game = tycho_turn(pos.deck("D30", "D31"), token=0, deck=("M1",))  # -> Y2
    tycho = game.state.players[1]
    assert tycho.library[-1].card == "D25" and tycho.vp == sol.vp and tycho.cellar == (0, 0, 0, 0) and tycho.dice == ()
    centaurus = next(c for c in default_catalog().card("D27").constellations if c.name == "Centaurus")
    pos = Position(1).dice(1, "R1 B1").display(2, "D27")  # Triffid: Centaurus, VP (+Quadrant, Inquisitor)
    game = tycho_turn(pos, token=0, deck=("M1",))  # -> Y2 second row: 2 dice, 2 constellations on display
    tycho = game.state.players[1]
    assert (
        tycho.vp == sum(r.n for r in centaurus.reward if r.kind == "vp")
        and tycho.quadrants == 0
        and tycho.cellar == (0, 0, 0, 0)
        and tycho.constellations == 6
    )


def test_GY12_a_tie_between_two_constellations_of_one_card_goes_to_the_leftmost() -> None:
    """GY12 "(tie: the leftmost)" within one card: with Jupiter's Taurus worth 2 VP like its Aquila, the only
    card on display, Tycho covers Aquila, the left one."""
    catalog = default_catalog()
    jupiter = catalog.card("D05")
    aquila, taurus = jupiter.constellations
    level = attrs.evolve(jupiter, constellations=(aquila, attrs.evolve(taurus, reward=aquila.reward)))
    pack = attrs.evolve(catalog, cards=tuple(level if card.id == "D05" else card for card in catalog.cards))
    pos = Position(1, catalog=pack).dice(1, "R1 B1")
    for slot in range(6):
        pos.display(slot, "D05" if slot == 0 else None)
    game = tycho_turn(pos, token=0, deck=("M1",))  # -> Y2 second row: 2 dice, 2 constellations on display
    shown = game.state.display[0]
    assert shown is not None and shown.covered == ((0, 1),)


def test_GY8_tycho_spends_his_most_plentiful_colour_first_a_tie_in_colour_order() -> None:
    """GY8 "spend 2 dice of any colour": his dice's values never matter, so the engine spends the colour he
    holds most of, ties in the order red, blue, yellow: from R1 B1 Y1 he spends red, then blue; from R1 B1 B1
    blue, then red (one blue left each time as many as red)."""
    for dice, left in (("R1 B1 Y1", (("Y", 1),)), ("R1 B1 B1", (("B", 1),))):
        pos = Position(1).dice(1, dice)
        game = tycho_turn(pos, token=3, deck=("M1",))  # -> Y5 first row: spend 2 dice, a Major Object
        assert game.state.players[1].dice == left


def test_GY13_no_rewards_from_library_pages_or_rows() -> None:
    """GY13: his constellation gives no token-space reward; his Comets on pages give nothing."""
    pos = Position(1).dice(1, "R1 B1").display(2, "D27")
    game = tycho_turn(pos, token=0, deck=("M1",))
    assert game.state.players[1].university == (0, 0, 0, 0) and game.state.players[1].quadrants == 0


def test_GY14_interrogated_after_moving_an_inquisitor_and_objectives_without_farewell() -> None:
    """GY14."""
    pos = Position(1).set(1, cellar=(1, 1, 1, 0), reputation=0)
    game = tycho_turn(pos, token=1, deck=("M1",))
    assert game.state.players[1].reputation == 0 + (2 * -2 + 1)  # after the moves: (0, 2, 0, 1)
    pos = Position(1).library(1, "D01", "D02").set(1, constellations=5).comets(1, above=2).set(1, cellar=(0, 0, 0, 1))
    game = tycho_turn(pos, token=4, deck=("M2",))
    assert "observer" in game.state.players[1].achievements and game.state.players[1].cellar[-1] == 1


def test_GY13_an_objective_gives_tycho_no_farewell() -> None:
    """GY13: "no Farewell from objectives": achieving the Observer objective with an Inquisitor on his last
    space, Tycho is not asked for a Farewell; the player's turn begins."""
    pos = Position(1).library(1, "D01", "D02").set(1, constellations=5).comets(1, above=2).set(1, cellar=(0, 0, 0, 1))
    game = tycho_turn(pos, token=4, deck=("M2",))
    assert "observer" in game.state.players[1].achievements
    assert game.state.top == TurnFrame(player=0, stage="move")


@pytest.mark.parametrize(("vp", "winner", "tie_break"), [(31, 1, "a tie goes to Tycho Brahe"), (32, 0, None)])
def test_GY15_a_finished_solo_game_says_a_tie_went_to_tycho(vp: int, winner: int, tie_break: str | None) -> None:
    """GY15: 31 VP before final scoring end level with Tycho (27 each): Tycho wins by the tie rule; one
    more VP wins outright."""
    pos = acting(Position(1)).set(0, vp=vp).set(1, vp=20).shared(last_round=1)
    game = play(pos.game(), "end")
    assert game.outcome == Outcome(
        termination="the deck ran out and the final round ended (solo, against Tycho Brahe)",
        scores=(vp - 4, 27),
        winners=(winner,),
        tie_break=tie_break,
    )


def test_GY15_the_end_as_usual_and_a_tie_is_a_loss() -> None:
    """GY15."""
    pos = Position(1).set(0, vp=20).set(1, vp=20)
    assert winners(pos.state, pos.game().rules_context) == (1,)
    pos.set(0, vp=21)
    assert winners(pos.state, pos.game().rules_context) == (0,)
    game = new_game(1, seed=3)
    actions = 0
    while not game.is_over:
        game = game.apply(
            game.legal_actions()[-1] if game.legal_actions()[-1].kind == "end" else game.legal_actions()[0]
        )
        actions += 1
    assert game.state.last_round is not None and game.round == game.state.last_round


def test_GY3_the_builder_sets_tychos_tiles_token_and_movement_deck() -> None:
    """GY3: Tycho's pieces as a scenario needs them: his tiles in order (some golden), his token, his
    Movement deck top first (the other Movement tiles in his discard pile)."""
    pos = Position(1).tycho_tiles("Y3", "Y1", "Y2", "Y5", "Y4", upgraded=(1,)).tycho_token(3).tycho_deck("M4", "M2")
    tycho = pos.game().state.tycho
    assert [t.tile for t in tycho.tiles] == ["Y3", "Y1", "Y2", "Y5", "Y4"] and tycho.tiles[1].upgraded
    assert tycho.token == 3 and tycho.deck == ("M4", "M2") and tycho.discard == ("M1", "M3", "M5")


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: Position(2).tycho_token(0), "Tycho Brahe plays only in the solo game (players=1), not with 2"),
        (lambda: Position(1).tycho_tiles("Y1", "Y2", "Y3", "Y4"), "his 5 Action tiles Y1, Y2, Y3, Y4, Y5, each once"),
        (lambda: Position(1).tycho_tiles("Y1", "Y1", "Y3", "Y4", "Y5"), "Y1, Y2, Y3, Y4, Y5, each once"),
        (lambda: Position(1).tycho_tiles(*ORDER, upgraded=(5,)), "upgraded indices are 0-4; got (5,)"),
        (lambda: Position(1).tycho_token(5), "below one of his tiles 0-4; got 5"),
        (lambda: Position(1).tycho_deck("M1", "M9"), "Movement tiles of M1, M2, M3, M4, M5, each once"),
        (lambda: Position(1).tycho_deck("M2", "M2"), "each once; got ('M2', 'M2')"),
        (lambda: Position(3).tycho_turn(), "Tycho Brahe plays only in the solo game"),
    ],
)
def test_GY3_an_impossible_tycho_position_is_refused_naming_what_is_wrong(
    build: Callable[[], Position], message: str
) -> None:
    """GY3: the builder refuses Tycho's pieces the solo setup cannot give."""
    with pytest.raises(PositionError, match=re.escape(message)):
        build()
