"""The arguments each action kind can name (galileo_rules.model.domains), from which the action space of the
AI-research adapters and the bounds follow: every legal action must be named, and no payment the rules refuse.

Each domain is called here, in the test, on the reference data pack (or on one evolved from it): the
action space built from them is cached once per configuration and pack, so only a direct call checks them."""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement, product

import attrs

from galileo_rules import new_game
from galileo_rules.components.records import COLOURS
from galileo_rules.model import domains as d

GAME = new_game(players=2)
CONFIG, CATALOG = GAME.config, GAME.catalog
DICE = [f"{colour}{value}" for colour in COLOURS for value in range(1, 7)]  # GD1, GD5: R1..R6, B1..B6, Y1..Y6


def test_GD5_the_dice_named_are_each_colour_at_1_to_6_and_uncapped_to_12() -> None:
    assert list(d.die_values(CONFIG, CATALOG)) == [1, 2, 3, 4, 5, 6]
    assert d.dice(CONFIG, CATALOG)[:6] == [("R", v) for v in range(1, 7)]
    assert len(d.dice(CONFIG, CATALOG)) == 3 * 6
    uncapped = new_game(players=2, options={"die_cap": False})
    assert list(d.die_values(uncapped.config, uncapped.catalog)) == list(range(1, 13))


def test_GD4_a_raise_names_any_die_of_each_colour_at_each_value() -> None:
    """GD4: one die +2 or +3 (and +1 for a Quadrant, GQ1): any die may be the one, so every die is named;
    with the die_cap option off the values go on to 12 (GD5)."""
    assert list(d.die_texts(CONFIG, CATALOG)) == DICE
    uncapped = new_game(players=2, options={"die_cap": False})
    assert list(d.die_texts(uncapped.config, uncapped.catalog)) == [
        f"{colour}{value}" for colour in COLOURS for value in range(1, 13)
    ]
    assert d.most_raises(CONFIG, CATALOG) == 4  # one per die on the board (GD1: at most 4)


def test_GD6_a_recolouring_names_each_die_and_each_other_colour() -> None:
    """GD6: a die is swapped for a supply die of another colour at the same value: R3>B and R3>Y, never R3>R.
    A board's 4 dice (GD1) each go to one of the 2 other colours: at most 8 recolourings to choose from."""
    assert list(d.recolourings(CONFIG, CATALOG)) == [
        f"{die}>{other}" for die in DICE for other in COLOURS if other != die[0]
    ]
    most = d.most_recolourings(CONFIG, CATALOG)
    assert isinstance(most, int) and most == 8


def test_GD2_GD3_a_gained_die_names_its_colour_or_the_die_it_replaces() -> None:
    """GD2: a die of any colour, or with 4 dice already one of the 4 replaced (COLOUR-DIE): 3 colours times
    each die a board may hold, and at most 4 x 3 on a full board."""
    assert list(d.gained_dice(CONFIG, CATALOG)) == [
        *COLOURS,
        *(f"{colour}-{die}" for colour in COLOURS for die in DICE),
    ]
    most = d.most_gained_dice(CONFIG, CATALOG)
    assert isinstance(most, int) and most == 12


def test_GT1_GT5_the_fixed_actions_moves_and_moving_options_named() -> None:
    """GT1: the fixed actions printed on the five action spaces, each once (Observe is on two of them);
    GT2: moves of 1 to 3 spaces; GT4, GT5: option 1 or 2 of a tile, or the Quadrant of the Upgrade space."""
    assert list(d.fixed_actions(CONFIG, CATALOG)) == ["observe", "die", "lecture", "comet", "upgrade"]
    assert list(d.moves(CONFIG, CATALOG)) == ["1", "2", "3"]
    assert list(d.moving_options(CONFIG, CATALOG)) == ["1", "2", "q"]


def test_GO1_a_target_names_a_display_space_or_one_of_its_constellations() -> None:
    """GO1: a Major Object (its display space, 0-5: 6 face-up cards) or a constellation (SLOT.K): a card
    shows one or two constellations, so K is 0 or 1."""
    assert max(len(card.constellations) for card in CATALOG.cards) == 2
    assert list(d.targets(CONFIG, CATALOG)) == [
        name for slot in range(6) for name in (str(slot), f"{slot}.0", f"{slot}.1")
    ]


def named_payments() -> set[str]:
    """The payments the domain must name, read from the rules: the dice of one colour (a constellation) or
    of two (a Major Object), at least one of each (GO2), as many as a board may hold: at most 4, at most 3
    of a colour (GD1), written by colour then highest first; then Comets at "1" and at "2", at most 7 in all
    (each player's 7 tokens), each of them needed (GC4): without the smallest one, the dice and the other
    Comets fall short of the costliest object of the pack (11: then they fall short of every cost)."""
    hand = [
        spent for count in range(1, 4) for spent in combinations_with_replacement(range(6, 0, -1), count)
    ]  # one colour's dice, highest first
    found: set[str] = set()
    for colours in [(colour,) for colour in COLOURS] + list(combinations(COLOURS, 2)):
        for spent in product(hand, repeat=len(colours)):
            if sum(map(len, spent)) > 4:
                continue
            dice = [f"{colour}{value}" for colour, values in zip(colours, spent, strict=True) for value in values]
            text = "+".join(dice)
            paid = sum(map(sum, spent))
            for ones in range(8):
                for twos in range(8 - ones):
                    comets = [1] * ones + [2] * twos
                    if comets and paid + sum(comets) - min(comets) >= 11:
                        continue  # the smallest Comet is not needed
                    found.add("+".join([text, *["c1"] * ones, *["c2"] * twos]))
    return found


def test_GC4_a_payment_names_a_comet_only_where_the_dice_fall_short_of_the_costliest_object() -> None:
    costliest = max(
        cost
        for card in CATALOG.cards
        for cost in (card.major.cost, *(constellation.cost for constellation in card.constellations))
    )
    assert costliest == 11
    payments = set(d.payments(CONFIG, CATALOG))
    assert {"R5+R5", "R5+R5+c2", "R6+R6"} <= payments  # 10 falls short of 11: a Comet may help
    assert "R6+R6+c2" not in payments  # 12 reaches every cost: the Comet is never needed


def test_GO2_GO3_GC4_GC5_the_payments_named_are_the_dice_and_the_needed_comets() -> None:
    """GO2: one colour or two, each present (GC5: a Comet never pays alone); GD1: at most 4 dice, 3 of a
    colour; GC4: each Comet needed for the costliest object. Each payment is named once."""
    payments = list(d.payments(CONFIG, CATALOG))
    assert len(payments) == len(set(payments))
    assert set(payments) == named_payments()
    assert {"R6", "R6+R5", "R6+R6+R6", "R6+B6", "R1+c1+c1+c1+c1+c1+c1+c1", "B2+Y2+c2+c2+c2"} <= set(payments)
    assert not {"R5+R6", "R6+R6+R6+R6", "B6+R6", "c1", "R6+R5+c1", "R5+R5+c1+c1"} & set(payments)


def test_GC4_a_decision_offers_at_most_one_payment_per_dice_and_comets() -> None:
    """GC4, GD1: one payment per sub-multiset of a board's 4 dice (at most 2**4 = 16, all different) and per
    use of the 7 Comets, so many at "1" and so many at "2" (8 x 9 / 2 = 36): at most 576."""
    most = d.most_payments(CONFIG, CATALOG)
    assert isinstance(most, int) and most == 16 * 36


def test_GW3_GU1_a_write_names_a_book_token_a_lecture_a_scale() -> None:
    """GW1, GW3: the 4 Book tokens, one per Library row; GU1: the 4 Scale tiles of the University."""
    assert list(d.books(CONFIG, CATALOG)) == ["0", "1", "2", "3"]
    assert list(d.scales(CONFIG, CATALOG)) == ["0", "1", "2", "3"]


def test_GI2_GK9_a_persuasion_names_each_cellar_space_but_the_last() -> None:
    """GI2: an Inquisitor moves right, never from the last space: spaces 0-2 of the Player Board's cellar
    (4 spaces) and 0-3 of Bruno's (GK9: 5 spaces); the domain names both."""
    assert (len(CATALOG.cellar.interrogation), len(CATALOG.bruno_cellar.interrogation)) == (4, 5)
    assert list(d.cellar_spaces(CONFIG, CATALOG)) == ["0", "1", "2", "3"]


def test_GT6_GK5_an_upgrade_names_each_tile_slot_and_keplers_bench() -> None:
    """GT6: any of the 6 tile slots (0-5); GK5: Kepler's Character-Board tile (6) may be upgraded too."""
    assert list(d.tile_slots(CONFIG, CATALOG)) == ["0", "1", "2", "3", "4", "5", "6"]


def test_GK4_GK5_keplers_swap_names_two_slots_or_one_and_his_bench() -> None:
    """GK4: two tiles of his board (slots 0-5: 15 pairs) or one of them and his Character Board's (6: 6
    pairs), each pair once, lower slot first; never a slot with itself."""
    swaps = list(d.swaps(CONFIG, CATALOG))
    assert swaps == [f"{a}-{b}" for a in range(7) for b in range(7) if a < b]
    assert len(swaps) == 15 + 6


def test_GK7_a_copernicus_library_placement_names_each_tile_side_row_and_first_space() -> None:
    """GK7: each of his 4 tiles, either side (0, 1), in any of the 4 rows, from the first space right of the
    Book token's start (1) to the last space a 2-space side fits in a row of every Discovery card (36)."""
    assert [len(side) for tile in CATALOG.library_tiles for side in tile.sides] == [2] * 8
    assert list(d.library_placements(CONFIG, CATALOG)) == [
        f"{tile}.{side}@{row}.{first}"
        for tile in ("L1", "L2", "L3", "L4")
        for side in (0, 1)
        for row in range(4)
        for first in range(1, 36)
    ]


def test_GC7_GK2_a_page_names_the_largest_section_the_personal_pages_and_the_appendix() -> None:
    """GC7: a page of the section for the player count (4, 5 or 6 pages: 0-5 named), or the Appendix; GK2:
    an astronomer's own page (oN: Bruno has two). Without any personal page no oN is named."""
    assert list(d.pages(CONFIG, CATALOG)) == ["0", "1", "2", "3", "4", "5", "o0", "o1", "appendix"]
    without = attrs.evolve(CATALOG, comet_pages=attrs.evolve(CATALOG.comet_pages, personal={}))
    assert list(d.pages(CONFIG, without)) == ["0", "1", "2", "3", "4", "5", "appendix"]
