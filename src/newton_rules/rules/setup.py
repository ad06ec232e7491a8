"""Setup (rules S1-S12): the initial position, drawn from the seeded generator."""

from __future__ import annotations

from newton_rules.components.catalog import Catalog, starting_card_for
from newton_rules.components.records import PlayerMark
from newton_rules.errors import OptionsError
from newton_rules.model import events as ev
from newton_rules.model.config import GameConfig
from newton_rules.model.state import BoardState, GameState, Phase, PlayerState
from rules_core import rng

# S4: which marked spaces get a Bonus token at each player count.
MARKS_USED: dict[int, tuple[PlayerMark, ...]] = {
    1: ("all",),
    2: ("all", "2+"),
    3: ("all", "2+", "3+"),
    4: ("all", "2+", "3+", "4"),
}


def _place(draws: rng.Draws, spaces: list[str], tiles: list[str]) -> list[tuple[str, str]]:
    """Shuffle ``tiles`` and lay as many as there are spaces (random tiles on random spaces)."""
    return list(zip(spaces, draws.shuffled(tiles), strict=False))


def initial_state(config: GameConfig, catalog: Catalog) -> tuple[GameState, tuple[str, ...]]:
    """The position after setup, before any Master is dealt, and the shuffled Masters to deal."""
    draws = rng.Draws(rng.seed_state(config.seed))
    n = config.players
    options = config.options
    # G4, A1: the modules' City, Invention and Objective tiles join the base tiles before the random setup.
    cities, inventions, objectives = catalog.module_tiles(options.great_discoveries, options.extra_objectives)
    map_tiles = _map_tiles(draws, catalog, [t.id for t in cities])
    track_tiles, map_objective = _track_tiles(draws, catalog, [t.id for t in inventions], [o.id for o in objectives])
    # S4: Bonus tokens on the spaces the player count uses.
    marks = MARKS_USED[n]
    bonus_spaces = [s.id for s in catalog.map.spaces if s.bonus in marks]
    bonus_spaces += [s.id for s in catalog.technology_track.spaces if s.bonus in marks]
    bonus = _place(draws, bonus_spaces, [t.id for t in catalog.bonus_tokens])
    decks, lines = _decks_and_lines(draws, config, catalog)
    # S10, S11: players.
    boards = draws.shuffled([b.id for b in catalog.study_boards])
    first = draws.below(n)
    players = tuple(_player(catalog, seat, catalog.player_colours[seat], boards[seat]) for seat in range(n))
    discoveries = _discoveries(draws, config, catalog)
    c = catalog.constants
    board = BoardState(
        decks=decks,
        lines=lines,
        map_tiles=map_tiles,
        track_tiles=track_tiles,
        map_objective=map_objective,
        bonus=tuple(bonus),
        income_supply=tuple((t.id, c.income_tiles_per_kind) for t in catalog.income_tiles),
        development_supply=tuple(
            (b, c.development_tiles_per_action) for b in ("work", "technology", "travel", "lessons", "study")
        ),
        medicine_supply=c.medicine_tiles,
        discoveries=discoveries,
    )
    # S12: the Masters are shuffled now and dealt by events (see :func:`setup`).
    masters = draws.shuffled([m.id for m in catalog.masters])
    phase: Phase = "draft" if n == 1 or config.options.master_draft else "action"
    state = GameState(players=players, board=board, phase=phase, first_player=first if n > 1 else 0, rng=draws.state)
    return state, masters


def _map_tiles(draws: rng.Draws, catalog: Catalog, cities: list[str]) -> tuple[tuple[str, str], ...]:
    """S1: City, University and Ancient Land tiles on the Map, as (space, tile)."""
    map_tiles: list[tuple[str, str]] = []
    for kind, tiles in (
        ("city", cities),
        ("university", list(catalog.universities)),
        ("ancient_land", list(catalog.ancient_lands)),
    ):
        map_tiles += _place(draws, [s.id for s in catalog.map.spaces if s.kind == kind], tiles)
    return tuple(map_tiles)


def _track_tiles(
    draws: rng.Draws, catalog: Catalog, inventions: list[str], objectives: list[str]
) -> tuple[tuple[tuple[str, str], ...], str]:
    """S2, S3, S5: Specialization, Objective and Invention tiles on the Tracks board, as (space, tile), and
    the Objective tile of the Map's Objective space."""
    track_spaces = [*catalog.work_track.spaces, *catalog.technology_track.spaces]
    track_tiles: list[tuple[str, str]] = []
    for kind, tiles in (
        ("specialization", [t.id for t in catalog.specializations]),
        ("invention", inventions),
    ):
        track_tiles += _place(draws, [s.id for s in track_spaces if s.kind == kind], tiles)
    objective_spaces = [s.id for s in catalog.map.spaces if s.kind == "objective"]
    objective_spaces += [s.id for s in track_spaces if s.kind == "objective"]
    placed = _place(draws, objective_spaces, objectives)
    track_tiles += placed[1:]
    return tuple(track_tiles), placed[0][1]


def _decks_and_lines(
    draws: rng.Draws, config: GameConfig, catalog: Catalog
) -> tuple[tuple[tuple[str, ...], ...], tuple[tuple[str, ...], ...]]:
    """S9: three decks by level, lines of 3 (2 solo); X1: the Advanced Lessons cards join them."""
    c = catalog.constants
    line_size = c.line_size if config.players > 1 else c.solo_line_size
    decks: list[tuple[str, ...]] = []
    lines: list[tuple[str, ...]] = []
    deck_cards = catalog.deck_cards(config.options.advanced_lessons)
    for level in (1, 2, 3):
        deck = draws.shuffled([card.id for card in deck_cards if card.level == level])
        lines.append(deck[:line_size])
        decks.append(deck[line_size:])
    return tuple(decks), tuple(lines)


def _discoveries(draws: rng.Draws, config: GameConfig, catalog: Catalog) -> tuple[str, ...]:
    """G1: 3/4/5/6 random Great Discovery tiles face up for 1/2/3/4 players (none without the module)."""
    if not config.options.great_discoveries:
        return ()
    module = catalog.great_discoveries
    if not module.great_discoveries:
        raise OptionsError("great_discoveries: the data pack has no Great Discovery tiles")
    order = draws.shuffled([d.id for d in module.great_discoveries])
    return order[: module.face_up_by_players[config.players - 1]]


def _player(catalog: Catalog, seat: int, colour: str, board_id: str) -> PlayerState:
    c = catalog.constants
    board = catalog.boards_by_id[board_id]
    drawers: list[str | None] = [None] * c.drawers
    drawers[board.printed_drawer] = board.printed_symbol
    return PlayerState(
        seat=seat,
        colour=colour,
        board=board_id,
        coins=c.starting_coins,
        hand=tuple(starting_card_for(t, colour).id for t in catalog.starting_cards),
        work=catalog.work_track.start,
        students=(catalog.technology_track.start, *([None] * (c.students_per_player - 1))),
        scientist=catalog.map.start,
        drawers=tuple(drawers),
        income=(None,) * c.income_spaces,
    )


def master_deal(config: GameConfig, catalog: Catalog, masters: tuple[str, ...]) -> list[ev.MastersDealt]:
    """S12: deal shuffled Masters: kept, drafted, or 6 to choose 4 from in a solo game."""
    c = catalog.constants
    n = config.players
    draft = n == 1 or config.options.master_draft
    size = c.solo_masters_drawn if n == 1 else c.masters_per_player
    events = [
        ev.MastersDealt(player=seat, masters=masters[seat * size : (seat + 1) * size], draft=draft) for seat in range(n)
    ]
    return events


def setup(config: GameConfig, catalog: Catalog) -> tuple[GameState, list[ev.MastersDealt]]:
    """The position after setup and the events that deal the Masters (private to each player)."""
    state, masters = initial_state(config, catalog)
    return state, master_deal(config, catalog, masters)
