"""game.facts(player): each field read on a position where the rules say what it must be."""

from __future__ import annotations

import random
import typing

import attrs
import pytest

import newton_rules as nr
from newton_rules.effects.primitives import BASICS, Counter
from newton_rules.facts import (
    FACT_NAMES,
    HAND_COUNTERS,
    ActionValues,
    CardYield,
    Income,
    ObjectiveFacts,
    Volumes,
)
from newton_rules.rules import queries as q
from newton_rules.rules.scoring import objective_vp
from newton_rules.testing import Position
from tests.rules.scenario import scenario

# Study board D prints a Technology symbol in drawer 1; row0-0 (r0c0-r0c3) pays 4 VP, col0-0 (r0c0, r1c0
# and the pre-filled r2c0) 2 VP (the rulebook's End Round example, as in tests/rules/test_income.py).
ROW_AND_COLUMN = ["r0c0", "r0c1", "r0c2", "r0c3", "r1c0"]
MAP_OBJECTIVE, WORK_OBJECTIVE, TECH_OBJECTIVES = "berlin", "w13", ("a4", "a7", "b8", "c5")


def test_a_new_game_gives_the_setup_pieces() -> None:
    """S10: 2 Coins, 12 cubes, 12 Bookshelf tiles, 1 Student on the start space and 3 in supply, 6 cards."""
    game = nr.new_game(players=2, seed=7)
    facts = game.facts(0)
    p = game.state.players[0]
    assert (facts.player, facts.vp, facts.coins, facts.potions) == (0, 0, 2, 0)
    assert (facts.cubes_placed, facts.cubes_left) == (0, 12)
    assert (facts.book_tiles_placed, facts.book_tiles_left) == (0, 12)
    assert facts.students == (game.catalog.technology_track.start, None, None, None)
    assert (facts.students_in_supply, facts.students_at_path_ends) == (3, 0)
    assert (facts.work, facts.scientist) == (game.catalog.work_track.start, "basel")
    assert (facts.cards_in_hand, facts.non_starting_cards, facts.masters_in_hand) == (6, 0, 4)
    assert facts.income == Income(vp=0, coins=0, potions=0) and facts.completed_lines == ()
    printed = game.catalog.boards_by_id[p.board].printed_symbol
    assert facts.action_values.of(printed) == 1  # only the drawer's printed symbol is on the desk
    assert sum(facts.action_values.of(b) for b in ("work", "technology", "travel", "lessons", "study")) == 1


def test_action_values_count_desk_tucked_and_drawers_but_not_jokers() -> None:
    """F4: symbols on the desk, under it and in the drawers; a Joker counts for nothing (F8)."""
    game = (
        scenario(players=2, seed=1)
        .player(0, board="D", hand=["joker", "L1-01"], drawers=[None, "technology", "work", None, None])
        .desk(0, "work", "L2-01", "joker")
        .tucked(0, "technology", "L1-03")
        .game()
    )
    assert game.facts(0).action_values == ActionValues(work=4, technology=2, travel=0, lessons=0, study=0)


def test_volumes_count_the_desk_the_round_choices_and_the_masters() -> None:
    """R1: desk cards' volumes, E2 choices of the round, Masters' permanent volumes; not the hand or tucked."""
    game = (
        scenario(players=2, seed=1)
        .player(0, hand=["L1-14"], round_volumes=["orange"], masters_played=["brahe", "fahrenheit"])
        .desk(0, "L1-08", "L2-01")
        .tucked(0, "L2-11")
        .game()
    )
    assert game.facts(0).volumes == Volumes(blue=3, green=3, orange=1, wild=1)


def test_card_yields_are_what_each_scoring_special_effect_would_give_now() -> None:
    """E1 an exchange nets what it gives less what it costs, even unpaid (L2-02: 3 Coins for 5 VP; L1-06:
    a Potion for 4 Coins); E8 4 VP and 2 Coins for a card discarded (L1-03); E3 1 VP per volume of its
    colour shown now (L1-12: orange, 2 on the desk); E9 4 VP per 3 identical volumes (L2-01: 3 green);
    a volume (E2: L1-05) or a copy (E7: L2-03) yields nothing; the hand first."""
    game = (
        scenario(players=2, seed=1)
        .player(0, hand=["L2-02", "L1-05", "L1-03", "L1-06"], coins=0)
        .desk(0, "L1-12", "L2-03", "L1-07", "L2-01")
        .game()
    )
    assert game.facts(0).card_yields == (
        CardYield(card="L2-02", vp=5, coins=-3, potions=0, discards=0),
        CardYield(card="L1-03", vp=4, coins=2, potions=0, discards=1),
        CardYield(card="L1-06", vp=0, coins=4, potions=-1, discards=0),
        CardYield(card="L1-12", vp=2, coins=0, potions=0, discards=0),
        CardYield(card="L2-01", vp=4, coins=0, potions=0, discards=0),
    )


def test_income_is_what_the_next_end_round_pays() -> None:
    """F11, the rulebook's example: 2 + 4 VP for a column and a row, 1 VP Medicine tile, 1 Potion tile;
    with two Medicine Cities visited (C6) the Medicine tile pays 3."""
    pos = (
        scenario(players=2, seed=1)
        .map_tile("amsterdam", "C6")
        .map_tile("napoli", "C7")
        .player(0, board="D", books=ROW_AND_COLUMN, income=["medicine", "potion", "coins"], cubes=["amsterdam"])
    )
    facts = pos.game().facts(0)
    assert set(facts.completed_lines) == {"row0-0", "col0-0"}
    assert facts.medicine_cities == 1
    assert facts.income == Income(vp=7, coins=2, potions=1)
    both = pos.player(0, cubes=["amsterdam", "napoli"]).game().facts(0)
    assert both.medicine_cities == 2 and both.income == Income(vp=9, coins=2, potions=1)


def test_pieces_placed_and_left() -> None:
    """V7 / B1 / T: cubes and Bookshelf tiles out of 12, tiles removed unplaced are gone, Students."""
    game = (
        scenario(players=2, seed=1)
        .player(
            0,
            cubes=["bologna", "paris", "roma"],
            books=["r0c0", "r1c0"],
            books_removed=1,
            students=["a4", "c8", "t0"],
            work="w5",
            scientist="roma",
            drawers=[None, "technology", "study", None, "travel"],
            board="D",
        )
        .game()
    )
    facts = game.facts(0)
    assert (facts.cubes_placed, facts.cubes_left) == (3, 9)
    assert (facts.book_tiles_placed, facts.book_tiles_left) == (2, 9)
    assert facts.students == ("a4", "c8", "t0", None)
    assert (facts.students_in_supply, facts.students_at_path_ends) == (1, 2)  # a4 and c8 end their paths
    assert (facts.work, facts.scientist) == ("w5", "roma")
    assert facts.development_tiles == 2  # the printed Technology drawer is not a Development tile


def test_places_visited_count_cubes_and_the_scientist_once_out_of_cubes() -> None:
    """R4, V7: a University or Ancient Land is visited by a cube, or by the Scientist when no cube is left."""
    pos = scenario(players=2, seed=1).player(0, cubes=["bologna", "paris", "roma"], scientist="athenai")
    facts = pos.game().facts(0)
    assert (facts.universities_visited, facts.ancient_lands_visited) == (2, 1)
    twelve = ["bologna", "paris", "roma", *[s.id for s in pos.catalog.map.spaces if s.kind == "village"][:9]]
    assert pos.player(0, cubes=twelve).game().facts(0).ancient_lands_visited == 2


def test_masters_and_bonus_tokens() -> None:
    """M: Masters in hand are counted, played ones named with their VP (brahe 5, fahrenheit 6)."""
    game = (
        scenario(players=2, seed=1)
        .player(0, masters=["boyle"], masters_played=["brahe", "fahrenheit"], bonus_tokens=["K01", "K02"])
        .game()
    )
    facts = game.facts(0)
    assert (facts.masters_in_hand, facts.masters_played, facts.masters_vp) == (1, ("brahe", "fahrenheit"), 11)
    assert facts.bonus_tokens == ("K01", "K02")


def _layout(pos: Position, layout: dict[str, str]) -> Position:
    """Objective tiles on the six Objective spaces: ``layout`` (space -> tile), the others filled in."""
    rest = [t.id for t in pos.catalog.objectives if t.id not in layout.values()]
    spaces = (MAP_OBJECTIVE, WORK_OBJECTIVE, *TECH_OBJECTIVES)
    tiles = {space: layout.get(space) or rest.pop(0) for space in spaces}
    pairs = tuple((s, tiles.get(s, t)) for s, t in pos.state.board.track_tiles)
    return pos.map_objective(tiles[MAP_OBJECTIVE]).board(track_tiles=pairs)


def test_objectives_give_their_vp_now_occupied_or_not() -> None:
    """O1 (1 VP per Coin, at most 14), O10 (3 VP per 2 non-Starting cards in hand and on the desk), O7."""
    layout = {MAP_OBJECTIVE: "O7", WORK_OBJECTIVE: "O1", "a4": "O10"}
    pos = _layout(scenario(players=2, seed=1), layout).player(
        0, coins=20, work=WORK_OBJECTIVE, hand=["L1-01", "L1-02", "L2-01", "work"], masters_played=["brahe"]
    )
    pos = pos.desk(0, "L1-04", "travel")
    by_tile = {o.tile: o for o in pos.game().facts(0).objectives}
    assert by_tile["O1"] == ObjectiveFacts(tile="O1", where="work", space=WORK_OBJECTIVE, occupied=True, vp=14)
    assert by_tile["O10"] == ObjectiveFacts(tile="O10", where="technology", space="a4", occupied=False, vp=6)
    assert by_tile["O7"] == ObjectiveFacts(tile="O7", where="map", space=MAP_OBJECTIVE, occupied=False, vp=4)
    assert pos.game().facts(0).non_starting_cards == 4


def test_basic_actions_at_hand_are_those_the_cards_kept_offer_a_joker_standing_in_for_one() -> None:
    """The Basic Actions the cards in hand and on the desk offer: two Work cards count once, and the Joker
    takes any Basic Action (F8), so it stands in for one more; the card chosen to be tucked is left out."""
    pos = scenario(players=2, seed=1).player(0, hand=["work", "L1-01", "travel", "joker"]).desk(0, "lessons")
    assert pos.game().facts(0).basic_actions_at_hand == 4  # Work, Travel, Lessons, and one for the Joker
    assert pos.player(0, tuck_choice=pos.card_id(0, "lessons")).game().facts(0).basic_actions_at_hand == 3
    every = pos.player(0, hand=["work", "technology", "travel", "study", "joker"]).game().facts(0)
    assert every.basic_actions_at_hand == 5  # there are no more than five to offer


def test_another_viewer_gets_no_number_that_depends_on_a_hidden_hand() -> None:
    """Hidden information: another seat's facts keep the counts but not what counts the hidden hand."""
    layout = {WORK_OBJECTIVE: "O10", "a4": "O9", "a7": "O1"}
    game = _layout(scenario(players=2, seed=1), layout).player(1, hand=["L1-01", "L1-02"], coins=5).game()
    own, seen = game.facts(1), game.facts(1, viewer=0)
    assert own.non_starting_cards == 2 and seen.non_starting_cards is None
    assert seen.cards_in_hand == own.cards_in_hand == 2 and seen.masters_in_hand == own.masters_in_hand
    hidden = {o.tile for o in seen.objectives if o.vp is None}
    assert hidden == {"O9", "O10"}
    assert seen.objectives_vp == own.objectives_vp == 0  # player 1 occupies no Objective
    assert own.card_yields is not None and seen.card_yields is None
    assert own.basic_actions_at_hand is not None and seen.basic_actions_at_hand is None
    hand_counts = ("non_starting_cards", "card_yields", "basic_actions_at_hand", "objectives")
    hand_free = [name for name in FACT_NAMES if name not in hand_counts]
    assert [getattr(seen, name) for name in hand_free] == [getattr(own, name) for name in hand_free]
    assert seen != own and game.facts(1, viewer=1) == own


def test_the_hand_counters_are_exactly_those_a_hand_changes() -> None:
    """HAND_COUNTERS names the counters that read the hand: swapping the hand changes them and only them."""
    pos = scenario(players=2, seed=1).player(0, masters_played=["brahe"]).desk(0, "L1-08")
    before = pos.game()
    after = pos.player(0, hand=["L1-02", "L1-03", "L2-14", "L3-10"]).game()
    counters: tuple[Counter, ...] = typing.get_args(Counter)
    changed = {
        c
        for c in counters
        if q.count(before.catalog, before.state, before.state.players[0], c)
        != q.count(after.catalog, after.state, after.state.players[0], c)
    }
    assert changed == HAND_COUNTERS


def test_objectives_follow_the_tiles_of_the_position() -> None:
    """The facts list the Objective tiles where the position has them; other tiles, other facts."""
    game = nr.new_game(players=2, seed=4)
    board = game.state.board
    spare = next(o.id for o in game.catalog.objectives if o.id != board.map_objective)
    swapped = tuple((s, board.map_objective if t == spare else t) for s, t in board.track_tiles)
    moved_board = attrs.evolve(board, map_objective=spare, track_tiles=swapped)
    moved = nr.Game.from_position(game.config, attrs.evolve(game.state, board=moved_board), game.catalog)
    for g in (game, moved, game):
        assert tuple((o.where, o.space, o.tile) for o in g.facts(0).objectives) == q.objective_spaces(
            g.catalog, g.state
        )
    assert game.facts(0).objectives != moved.facts(0).objectives


@pytest.mark.parametrize("player, viewer", [(2, None), (-1, None), (0, 5)])
def test_a_seat_outside_the_game_is_refused(player: int, viewer: int | None) -> None:
    with pytest.raises(nr.NewtonError, match=r"no (player|viewer) "):
        nr.new_game(players=2, seed=1).facts(player, viewer=viewer)


def _positions() -> list[nr.Game]:
    """Positions of a random 3-player game with the Master draft, every 25 actions to its end."""
    game, out = nr.new_game(players=3, seed=11, options=nr.Options(master_draft=True)), []
    rng = random.Random(11)
    while not game.is_over:
        if len(game) % 25 == 0:
            out.append(game)
        game = game.apply(rng.choice(game.legal_actions()))
    return [*out, game]


def test_the_facts_agree_with_the_rules_queries_on_a_played_game() -> None:
    """The facts read the rules' own queries: both give the same, in every position."""
    for game in _positions():
        catalog, state = game.catalog, game.state
        for p in state.players:
            facts = game.facts(p.seat)
            assert all(facts.action_values.of(b) == q.symbol_count(catalog, p, b) for b in BASICS)
            assert facts.completed_lines == q.completed_lines(catalog, p)
            visited = (q.visited(catalog, p, "university"), q.visited(catalog, p, "ancient_land"))
            assert (facts.universities_visited, facts.ancient_lands_visited) == visited
            for objective in facts.objectives:
                tile = catalog.objectives_by_id[objective.tile]
                assert objective.vp == objective_vp(catalog, state, p, tile)
            occupied = sum(o.vp or 0 for o in facts.objectives if o.occupied)
            assert facts.objectives_vp == occupied


def test_objectives_vp_is_hidden_when_an_occupied_tile_counts_a_hidden_hand() -> None:
    pos = _layout(scenario(players=2, seed=1), {WORK_OBJECTIVE: "O10"}).player(1, work=WORK_OBJECTIVE)
    game = pos.player(1, hand=["L1-01", "L1-02"]).game()
    assert game.facts(1).objectives_vp == 3 and game.facts(1, viewer=0).objectives_vp is None


def test_facts_are_values() -> None:
    """Two games in the same position give equal facts; a change of one fact makes them differ."""
    pos = scenario(players=2, seed=1)
    assert pos.game().facts(0) == pos.game().facts(0)
    assert hash(pos.game().facts(0)) == hash(pos.game().facts(0))
    assert pos.game().facts(0) != pos.player(0, coins=3).game().facts(0)
    assert "action_values=ActionValues(" in repr(pos.game().facts(0))
