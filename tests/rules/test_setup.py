"""Setup (S1-S12): the position a new game starts from, for 1 to 4 players and many seeds."""

from __future__ import annotations

from collections import Counter

import attrs
import pytest

import newton_rules as nr
from newton_rules.components.catalog import Catalog
from newton_rules.components.loading import default_catalog
from newton_rules.components.validation import validate_catalog
from newton_rules.game import Game
from newton_rules.model import events as ev
from newton_rules.model.config import Options
from newton_rules.model.frames import DraftFrame, TurnFrame
from rules_core import rng
from tests.rules.scenario import scenario

SEEDS = range(12)


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return default_catalog()


def map_spaces(catalog: Catalog, kind: str) -> set[str]:
    return {s.id for s in catalog.map.spaces if s.kind == kind}


def track_spaces(catalog: Catalog, kind: str) -> set[str]:
    spaces = (*catalog.work_track.spaces, *catalog.technology_track.spaces)
    return {s.id for s in spaces if s.kind == kind}


def tiles_on(game: Game, spaces: set[str]) -> dict[str, str]:
    return {s: t for s, t in game.state.board.track_tiles if s in spaces}


# ---------------------------------------------------------------------------------------------- S1


@pytest.mark.parametrize("seed", SEEDS)
def test_city_university_and_ancient_land_tiles_fill_their_map_spaces(catalog: Catalog, seed: int) -> None:
    """S1: the 7 City, 6 University and 3 Ancient Land tiles each lie on one space of their shape."""
    placed = dict(nr.new_game(players=2, seed=seed).state.board.map_tiles)
    cities = {s: placed[s] for s in map_spaces(catalog, "city")}
    assert sorted(cities.values()) == sorted(t.id for t in catalog.cities)
    universities = {s: placed[s] for s in map_spaces(catalog, "university")}
    assert sorted(universities.values()) == sorted(catalog.universities)
    lands = {s: placed[s] for s in map_spaces(catalog, "ancient_land")}
    assert sorted(lands.values()) == sorted(catalog.ancient_lands)
    assert len(placed) == 7 + 6 + 3


def test_map_tiles_are_placed_at_random() -> None:
    """S1: different seeds give different placements."""
    layouts = {nr.new_game(players=2, seed=seed).state.board.map_tiles for seed in SEEDS}
    assert len(layouts) > 1


# ---------------------------------------------------------------------------------------------- S2 S3 S5


@pytest.mark.parametrize("seed", SEEDS)
def test_five_specialization_tiles_on_the_tracks(catalog: Catalog, seed: int) -> None:
    """S2: 5 different Specialization tiles on the 5 Specialization spaces."""
    placed = tiles_on(nr.new_game(players=3, seed=seed), track_spaces(catalog, "specialization"))
    assert len(placed) == 5 == len(set(placed.values()))
    assert set(placed.values()) <= {t.id for t in catalog.specializations}


def test_specialization_tiles_are_drawn_at_random(catalog: Catalog) -> None:
    """S2: over many games every one of the 10 tiles is drawn sometimes, and some are left out."""
    spaces = track_spaces(catalog, "specialization")
    seen: Counter[str] = Counter()
    for seed in range(30):
        seen.update(tiles_on(nr.new_game(players=2, seed=seed), spaces).values())
    assert set(seen) == {t.id for t in catalog.specializations}
    assert all(n < 30 for n in seen.values())


@pytest.mark.parametrize("seed", SEEDS)
def test_six_objective_tiles_on_the_six_objective_spaces(catalog: Catalog, seed: int) -> None:
    """S3: one Objective tile on the Map, one at the end of the Work track, four at Technology path
    ends; six different tiles."""
    game = nr.new_game(players=2, seed=seed)
    on_tracks = tiles_on(game, track_spaces(catalog, "objective"))
    work_end = [s.id for s in catalog.work_track.spaces if s.kind == "objective"]
    tech_ends = [s.id for s in catalog.technology_track.spaces if s.kind == "objective"]
    assert len(work_end) == 1 and len(tech_ends) == 4
    assert all(not catalog.technology_spaces[s].next for s in tech_ends)
    assert set(on_tracks) == {*work_end, *tech_ends}
    tiles = [game.state.board.map_objective, *on_tracks.values()]
    assert len(set(tiles)) == 6
    assert set(tiles) <= {o.id for o in catalog.objectives}


@pytest.mark.parametrize("seed", SEEDS)
def test_five_invention_tiles_on_the_tracks(catalog: Catalog, seed: int) -> None:
    """S5: 5 different Invention tiles on the 5 Invention spaces."""
    placed = tiles_on(nr.new_game(players=4, seed=seed), track_spaces(catalog, "invention"))
    assert len(placed) == 5 == len(set(placed.values()))
    assert set(placed.values()) <= {t.id for t in catalog.inventions}


def test_objective_and_invention_tiles_are_drawn_at_random(catalog: Catalog) -> None:
    """S3, S5: over many games all 10 Objective and all 10 Invention tiles come into play."""
    objectives: set[str] = set()
    inventions: set[str] = set()
    for seed in range(30):
        game = nr.new_game(players=2, seed=seed)
        objectives |= {game.state.board.map_objective, *tiles_on(game, track_spaces(catalog, "objective")).values()}
        inventions |= set(tiles_on(game, track_spaces(catalog, "invention")).values())
    assert objectives == {o.id for o in catalog.objectives}
    assert inventions == {t.id for t in catalog.inventions}


# ---------------------------------------------------------------------------------------------- S4


@pytest.mark.parametrize(
    ("players", "marks"),
    [(4, {"all", "2+", "3+", "4"}), (3, {"all", "2+", "3+"}), (2, {"all", "2+"}), (1, {"all"})],
)
def test_bonus_tokens_by_player_count(catalog: Catalog, players: int, marks: set[str]) -> None:
    """S4: tokens on every marked space for 4 players; none on "4" for 3; none on "4"/"3+" for 2;
    none on "4"/"3+"/"2+" for 1. Different tokens; unused tokens are out of the game."""
    marked: dict[str, str] = {s.id: s.bonus for s in catalog.map.spaces if s.bonus}
    marked |= {s.id: s.bonus for s in catalog.technology_track.spaces if s.bonus}
    expected = {s for s, mark in marked.items() if mark in marks}
    for seed in range(5):
        bonus = nr.new_game(players=players, seed=seed).state.board.bonus
        assert {space for space, _ in bonus} == expected
        tokens = [token for _, token in bonus]
        assert len(tokens) == len(set(tokens)) == len(expected)
        assert set(tokens) <= {t.id for t in catalog.bonus_tokens}


def test_bonus_token_counts_per_player_count() -> None:
    """S4: all 18 token spaces are filled with 4 players; with 3 not those marked 4, with 2 not those marked
    4 or 3+, solo only those marked for all."""
    allowed = {4: {"all", "2+", "3+", "4"}, 3: {"all", "2+", "3+"}, 2: {"all", "2+"}, 1: {"all"}}
    for players, marks in allowed.items():
        game = nr.new_game(players=players, seed=1)
        on_map = {space.id for space in game.catalog.map.spaces if space.bonus in marks}
        on_track = {space.id for space in game.catalog.technology_track.spaces if space.bonus in marks}
        filled = on_map | on_track
        assert {space for space, _ in game.state.board.bonus} == filled
    assert len(nr.new_game(players=4, seed=1).state.board.bonus) == 18


# ---------------------------------------------------------------------------------------------- S6 S7 S8


def test_income_and_development_supplies() -> None:
    """S6: 4 Income tiles of each kind (2 VP, 2 Coins, 1 Potion) and 4 Development tiles per action."""
    board = nr.new_game(players=2, seed=1).state.board
    assert dict(board.income_supply) == {"vp": 4, "coins": 4, "potion": 4}
    assert dict(board.development_supply) == dict.fromkeys(("work", "technology", "travel", "lessons", "study"), 4)


def test_medicine_tiles_start_on_the_map() -> None:
    """S7: the 4 Medicine Income tiles wait on the Map; nobody has one."""
    game = nr.new_game(players=4, seed=1)
    assert game.state.board.medicine_supply == 4
    assert all("medicine" not in p.income for p in game.state.players)


def test_s7_the_medicine_tiles_on_the_map_are_the_packs() -> None:
    """S7: the Medicine tiles waiting on the Map are as many as the data pack has: 2 in a pack of 2."""
    catalog = default_catalog()
    two = attrs.evolve(catalog, constants=attrs.evolve(catalog.constants, medicine_tiles=2))
    assert validate_catalog(two) == []
    assert nr.new_game(players=4, seed=1, catalog=two).state.board.medicine_supply == 2


def test_medicine_tile_is_taken_with_its_one_vp_side_up() -> None:
    """S7: the first Medicine City visited gives the tile on its 1-VP side: 1 VP at End Round."""
    pos = scenario(players=1, seed=1).player(0, board="D", scientist="innsbruck", cubes=())
    pos.map_tile("venezia", "C6").bonus([]).desk(0, "work", "technology", "lessons", "study")
    game = pos.turn(0, played="travel").with_state(turn_index=5).game()
    game = game.apply("basic travel").apply("step venezia")  # value 1: ends in Venezia, a cube is placed
    assert game.state.board.medicine_supply == 4  # the tile is offered, not yet placed
    game = game.apply("income 0")
    assert game.state.board.medicine_supply == 3
    assert game.state.players[0].income[0] == "medicine"
    game = game.apply("end").apply(f"tuck {pos.card_id(0, 'work')}")
    assert game.state.players[0].vp == 1


def test_coins_and_potions_are_unlimited() -> None:
    """S8: the box has 20 Potion tokens, yet a player can buy 25 Potions one after another."""
    game = scenario(players=2, seed=1).player(0, coins=100).turn(0).game()
    for _ in range(25):
        game = game.apply("potion")
    p = game.state.players[0]
    assert (p.potions, p.coins) == (25, 100 - 75)


# ---------------------------------------------------------------------------------------------- S9


@pytest.mark.parametrize(("players", "line"), [(1, 2), (2, 3), (3, 3), (4, 3)])
def test_three_decks_by_level_with_face_up_lines(catalog: Catalog, players: int, line: int) -> None:
    """S9: one deck per level; 3 face-up cards of each level (2 in a 1-player game)."""
    board = nr.new_game(players=players, seed=3).state.board
    for level in (1, 2, 3):
        ids = {c.id for c in catalog.action_cards if c.level == level}
        assert len(board.lines[level - 1]) == line
        assert set(board.lines[level - 1]) | set(board.decks[level - 1]) == ids
        assert len(board.lines[level - 1]) + len(board.decks[level - 1]) == 15


def test_decks_are_shuffled() -> None:
    """S9: the order of a deck depends on the seed."""
    orders = {nr.new_game(players=2, seed=seed).state.board.decks[0] for seed in SEEDS}
    assert len(orders) > 1


# ---------------------------------------------------------------------------------------------- S10


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_each_player_starts_with_their_components(catalog: Catalog, players: int) -> None:
    """S10: a Study board (all different), 12 Bookshelf tiles, 12 Travel cubes, 6 Starting cards of
    their colour in hand, the Scientist in Basel, 1 Student on the Technology start and 3 in
    supply, the Work marker on the Work start, 0 VP, 2 Coins."""
    game = nr.new_game(players=players, seed=4)
    boards = [p.board for p in game.state.players]
    assert len(set(boards)) == players
    for p in game.state.players:
        assert len(p.hand) == 6
        cards = [catalog.cards_by_id[c] for c in p.hand]
        assert all(card.is_starting and card.owner_colour == p.colour for card in cards)
        assert sorted(catalog.cards_by_id[c].symbols[0] for c in p.hand) == sorted(
            ("work", "technology", "travel", "lessons", "study", "joker")
        )
        assert p.desk == () and p.tucked == ()
        assert p.scientist == "basel" == catalog.map.start
        assert p.students == ("t0", None, None, None)
        assert p.work == "w0" == catalog.work_track.start
        assert (p.vp, p.coins, p.potions) == (0, 2, 0)
        assert p.cubes == () and p.books == () and p.books_removed == 0
        assert catalog.constants.cubes_per_player == 12
        board = catalog.boards_by_id[p.board]
        printed: list[str | None] = [None] * 5
        printed[board.printed_drawer] = board.printed_symbol
        assert list(p.drawers) == printed
        assert p.income == (None,) * 5
    assert len({p.colour for p in game.state.players}) == players


def test_s10_the_starting_coins_are_the_packs() -> None:
    """S10: each player starts with the Coins the data pack says: 5 in a pack of 5."""
    catalog = default_catalog()
    five = attrs.evolve(catalog, constants=attrs.evolve(catalog.constants, starting_coins=5))
    assert validate_catalog(five) == []
    assert [p.coins for p in nr.new_game(players=3, seed=1, catalog=five).state.players] == [5, 5, 5]


def test_study_boards_are_dealt_at_random() -> None:
    """S10: which board a seat gets depends on the seed."""
    assert len({nr.new_game(players=2, seed=seed).state.players[0].board for seed in SEEDS}) > 1


def test_players_start_with_twelve_bookshelf_tiles_and_twelve_cubes() -> None:
    """S10: the Bookshelf tile supply (4 piles of 3) and the Travel cubes, all still to place."""
    from newton_rules.rules import queries as q

    game = nr.new_game(players=2, seed=1)
    for p in game.state.players:
        assert q.book_tiles_left(game.catalog, p) == 12
        assert q.cubes_left(game.catalog, p) == 12


# ---------------------------------------------------------------------------------------------- S11


@pytest.mark.parametrize("players", [2, 3, 4])
def test_first_player_is_chosen_at_random_and_moves_first(players: int) -> None:
    """S11: the first player varies with the seed and takes the first turn; over 12 seeds every seat is
    first at least once."""
    firsts = set()
    for seed in SEEDS:
        game = nr.new_game(players=players, seed=seed)
        firsts.add(game.state.first_player)
        assert game.to_move == game.state.first_player
        assert isinstance(game.frames[-1], TurnFrame)
    assert firsts == set(range(players))


def test_no_first_player_token_in_a_solo_game() -> None:
    """S11: in a 1-player game the only player is always first."""
    assert {nr.new_game(players=1, seed=seed).state.first_player for seed in SEEDS} == {0}


# ---------------------------------------------------------------------------------------------- S12


def test_masters_dealt_and_kept_in_the_first_game() -> None:
    """S12: by default each player is dealt 4 Masters and keeps them; no selection step."""
    game = nr.new_game(players=3, seed=7)
    dealt = [e for e in game.events if isinstance(e, ev.MastersDealt)]
    assert [e.player for e in dealt] == [0, 1, 2]
    assert all(len(e.masters) == 4 and not e.draft for e in dealt)
    hands = [game.state.players[s].masters for s in range(3)]
    assert hands == [e.masters for e in dealt]
    assert len({m for h in hands for m in h}) == 12
    assert not any(isinstance(e, ev.DraftEnded) for e in game.events)  # no selection step to end
    assert game.state.phase == "action"
    assert isinstance(game.frames[-1], TurnFrame)


def test_master_draft_keep_one_pass_the_rest_left() -> None:
    """S12 draft (``master_draft=True``): keep 1 of 4, pass the other 3 to the left (next seat), keep
    1 of 3, ... until each player has 4; then round 1 starts."""
    game = nr.new_game(players=3, seed=7, options=Options(master_draft=True))
    assert game.state.phase == "draft"
    dealt = {e.player: e.masters for e in game.events if isinstance(e, ev.MastersDealt)}
    assert all(len(m) == 4 for m in dealt.values())
    kept: dict[int, list[str]] = {0: [], 1: [], 2: []}
    for pick in range(4):
        hands_before = {p.seat: p.draft for p in game.state.players}
        assert all(len(h) == 4 - pick for h in hands_before.values())
        for _ in range(3):
            top = game.frames[-1]
            assert isinstance(top, DraftFrame)
            seat = top.player
            choice = sorted(game.state.players[seat].draft)[0]
            kept[seat].append(choice)
            game = game.apply(f"keep {choice}")
        if pick < 3:
            for seat in range(3):  # seat s now holds what seat s-1 had left
                left = [m for m in hands_before[(seat - 1) % 3] if m not in kept[(seat - 1) % 3]]
                assert sorted(game.state.players[seat].draft) == sorted(left)
    assert game.state.phase == "action"
    for seat in range(3):
        assert list(game.state.players[seat].masters) == kept[seat]
        assert game.state.players[seat].draft == ()
    assert sorted(m for h in kept.values() for m in h) == sorted(m for h in dealt.values() for m in h)


def test_s12_two_player_draft_each_keeps_one_from_the_hand_dealt_then_passes() -> None:
    """S12 draft with 2 players: each keeps 1 of the hand dealt to him (not of a hand passed before
    anyone picked), then the hands pass; when all have 4, round 1 starts at its first turn."""
    game = nr.new_game(players=2, seed=4, options=Options(master_draft=True))
    dealt = {e.player: e.masters for e in game.events if isinstance(e, ev.MastersDealt)}
    top = game.frames[-1]
    assert isinstance(top, DraftFrame) and top.player == 0 and game.state.players[0].draft == dealt[0]
    game = game.apply(f"keep {dealt[0][0]}")
    top = game.frames[-1]
    assert isinstance(top, DraftFrame) and top.player == 1 and game.state.players[1].draft == dealt[1]
    while game.state.phase == "draft":
        game = game.apply(game.legal_actions()[0])
    assert sum(isinstance(e, ev.DraftPassed) for e in game.events) == 3
    assert (game.state.round, game.state.turn_index) == (1, 1)  # the first turn of the round started
    assert isinstance(game.frames[-1], TurnFrame) and game.frames[-1].player == game.state.first_player


def test_s12_solo_keeps_four_of_six_with_nothing_passed() -> None:
    """S12 solo: the 4 Masters are kept from the 6 drawn in one go; no hand passes."""
    game = nr.new_game(players=1, seed=3)
    while game.state.phase == "draft":
        game = game.apply(game.legal_actions()[0])
    assert len(game.state.players[0].masters) == 4
    assert not any(isinstance(e, ev.DraftPassed) for e in game.events)


def test_solo_draws_six_masters_and_keeps_four() -> None:
    """S12: a 1-player game draws 6 Masters and keeps 4; the other 2 leave the game."""
    game = nr.new_game(players=1, seed=3)
    dealt = next(e for e in game.events if isinstance(e, ev.MastersDealt))
    assert len(dealt.masters) == 6 and dealt.draft
    assert game.state.phase == "draft"
    chosen = list(dealt.masters[1:5])
    for master in chosen:
        assert isinstance(game.frames[-1], DraftFrame)
        game = game.apply(f"keep {master}")
    assert game.state.phase == "action"
    assert list(game.state.players[0].masters) == chosen
    assert game.state.players[0].draft == ()
    assert isinstance(game.frames[-1], TurnFrame)


# ---------------------------------------------------------------------------------------------- S1-S12


def test_s1_s12_the_position_keeps_the_seeded_generator_where_setup_left_it() -> None:
    """S1-S12: every random draw of setup comes from the generator seeded by the game's seed, and the
    position keeps the generator's state after them (``GameState.rng``, docs/model.md): the same seed
    gives the same state, each seed its own, and none is the seed's start (setup drew from it)."""
    states = {seed: nr.new_game(players=2, seed=seed).state.rng for seed in SEEDS}
    assert states == {seed: nr.new_game(players=2, seed=seed).state.rng for seed in SEEDS}
    assert len(set(states.values())) == len(SEEDS)
    assert all(state != rng.seed_state(seed) for seed, state in states.items())
