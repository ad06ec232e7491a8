"""Setup (GS1-GS13): the seeded table and the choices taken in turn order."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from galileo_rules import GalileoGame, new_game
from galileo_rules.components.catalog import default_catalog
from galileo_rules.errors import OptionsError
from galileo_rules.testing import play

CATALOG = default_catalog()
TIER = {c.id: c.tier for c in CATALOG.cards}


def all_setup_choices(game: GalileoGame) -> GalileoGame:  # the astronomers in turn order, first legal each
    while game.state.phase == "setup":
        game = game.apply(game.legal_actions()[0])
    return game


def test_GS1_two_to_four_players_and_solo_scores_start_at_zero() -> None:
    """GS1: 2-4 players, 1 is the solo game; every score starts at 0."""
    for players in (1, 2, 3, 4):
        game = new_game(players, seed=3)
        assert game.scores == (0,) * max(players, 2)
    with pytest.raises(OptionsError, match="players must be 1"):
        new_game(5, seed=0)


@pytest.mark.parametrize(("players", "counts"), [(2, (9, 5, 4)), (3, (10, 6, 5)), (4, (12, 7, 6))])
def test_GS2_deck_tiers_by_player_count_rest_in_box(players: int, counts: tuple[int, int, int]) -> None:
    """GS2: the deck table; the other cards go to the box."""
    state = new_game(players, seed=11).state
    in_play = [*state.deck, *(s.card for s in state.display)]
    assert tuple(Counter(TIER[c] for c in in_play)[t] for t in (1, 2, 3)) == counts
    assert len(state.box) == 36 - sum(counts)


def test_GS3_tier_III_at_the_bottom_six_tier_I_on_display() -> None:
    """GS3: Tier III at the bottom, then II, Tier I on top; the top six Tier I face up on the board."""
    state = new_game(3, seed=5).state
    assert [TIER[s.card] for s in state.display] == [1] * 6
    tiers = [TIER[c] for c in state.deck]
    assert tiers == sorted(tiers)


def test_GS4_four_scales_four_subjects_two_objectives() -> None:
    """GS4: 4 of 6 Scale tiles, 4 Subjects arch up above them, 2 niche up as objectives."""
    state = new_game(2, seed=9).state
    assert len(state.scales) == 4 and len({s for s, _ in state.scales}) == 4
    assert len(state.subjects) == 4
    assert state.objectives[:2] == ("observer", "scholar")
    assert sorted([*state.subjects, *state.objectives[2:]]) == sorted(s.id for s in CATALOG.subjects)


def test_GS5_scale_sides_random_or_fixed_option() -> None:
    """GS5 (ruling, option): sides are drawn at random; scale_sides="fixed" uses side 0."""
    sides = {side for seed in range(20) for _, side in new_game(2, seed=seed).state.scales}
    assert sides == {0, 1}
    fixed = new_game(2, seed=4, options={"scale_sides": "fixed"}).state
    assert {side for _, side in fixed.scales} == {0}


def test_GS6_university_tokens_on_the_stairs_reputation_minus_three() -> None:
    """GS6: every University token on row 0; Tribunal on Reputation -3."""
    for p in new_game(4, seed=1).state.players:
        assert p.university == (0, 0, 0, 0) and p.reputation == -3


def test_GS7_dice_are_limited_to_ten_per_colour() -> None:
    """GS7: 30 dice, 10 per colour: 4 players took 4 of each, 6 remain in the supply."""
    assert new_game(4, seed=1).state.supply == (6, 6, 6)


def test_GS8_first_player_seeded_or_given_and_play_is_clockwise() -> None:
    """GS8: the first player is given or drawn from the seed; turns go clockwise from it."""
    firsts = {new_game(3, seed=s).state.first_player for s in range(12)}
    assert firsts == {0, 1, 2}
    game = all_setup_choices(new_game(3, seed=0, first_player=2))
    assert game.to_move == 2
    for seat in (3, -1):  # seats 0-2 at a table of three
        with pytest.raises(OptionsError, match=re.escape(f"first_player must be a seat 0..2, got {seat}")):
            new_game(3, seed=0, first_player=seat)


def test_GS9_telescope_starts_on_the_upper_crossed_out_space() -> None:
    """GS9: the telescope points at the upper crossed-out space (position 1)."""
    assert all(p.telescope == 1 for p in new_game(2, seed=0).state.players)


def test_GS10_astronomers_chosen_in_turn_order_or_dealt() -> None:
    """GS10: chosen one by one from the first player (ruling); option: dealt at random."""
    game = new_game(3, seed=0, first_player=1)
    assert game.to_move == 1 and len(game.legal_actions()) == 4
    game = play(game, "astronomer bruno")
    assert game.to_move == 2 and "astronomer bruno" not in [str(a) for a in game.legal_actions()]
    dealt = new_game(3, seed=0, options={"astronomers": "random"})
    assert dealt.state.phase == "play" and len({p.astronomer for p in dealt.state.players}) == 3


def test_GS10_GK2_GK9_dealt_astronomers_get_their_personal_pages_and_bruno_his_cellar() -> None:
    """GS10 with GK2 and GK9: in Advanced mode an astronomer dealt at random gets what a chosen one gets."""
    dealt = new_game(3, seed=0, options={"astronomers": "random"}, advanced=True)
    pages = CATALOG.comet_pages.personal
    assert [p.astronomer for p in dealt.state.players] == ["galileo", "copernicus", "bruno"]
    assert all(p.own_pages == (False,) * len(pages[p.astronomer]) for p in dealt.state.players)
    assert dealt.state.players[2].cellar == (0,) * len(CATALOG.bruno_cellar.interrogation) == (0,) * 5


def test_GS11_one_die_of_each_colour_at_one() -> None:
    """GS11: one red, one blue, one yellow die at 1."""
    assert new_game(2, seed=0).state.players[0].dice == (("R", 1), ("B", 1), ("Y", 1))


def test_GS12_six_tiles_basic_side_random_order_or_chosen() -> None:
    """GS12: own 6 tiles basic side up in random order; variant: each player places them."""
    p = new_game(2, seed=0).state.players[0]
    assert sorted(t.tile for t in p.tiles) == ["T1", "T2", "T3", "T4", "T5", "T6"]
    assert not any(t.upgraded for t in p.tiles)
    game = all_setup_choices(new_game(2, seed=0, options={"tile_order": "choose"}).apply("astronomer galileo"))
    assert game.state.phase == "play"
    chosen = new_game(2, seed=0, first_player=0, options={"tile_order": "choose"})
    chosen = play(chosen, "astronomer galileo", "astronomer kepler", "place T6", "place T5")
    assert [t.tile for t in chosen.state.players[0].tiles] == ["T6", "T5"]
    rules = chosen.rules_context.rules
    assert rules.prompt(chosen.state, chosen.state.top) == "setup: place your next Action tile"


def test_GS13_books_comets_constellations_and_no_quadrants() -> None:
    """GS13: 4 Book tokens at the start, 7 Comets on "1", 7 Constellations, 0 Quadrants."""
    p = new_game(2, seed=0).state.players[0]
    assert p.books == (0, 0, 0, 0) and p.comets_board == 7 and p.constellations == 7 and p.quadrants == 0
    assert p.achievements == ()
