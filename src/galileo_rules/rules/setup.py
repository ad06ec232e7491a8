"""Setup (GS1-GS13, GY1-GY3): the seeded initial state, and the choices taken in turn order (astronomers,
Kepler's Character Board tile, the tile-order variant)."""

from __future__ import annotations

from galileo_rules.components.catalog import Catalog
from galileo_rules.components.records import COLOURS, Colour
from galileo_rules.model import events as ev
from galileo_rules.model.actions import Action
from galileo_rules.model.config import ASTRONOMERS, GameConfig
from galileo_rules.model.frames import SetupFrame
from galileo_rules.model.state import Die, DisplaySlot, GameState, PlayerState, TileSlot, TychoState
from galileo_rules.model.tx import Context, Tx
from rules_core import rng
from rules_core.records import evolve

TYCHO = "tycho"


def initial_state(config: GameConfig, catalog: Catalog) -> GameState:
    """The table after the seeded part of setup; the choices follow as decisions (``next_setup_frame``)."""
    config.check()
    draws = rng.Draws(rng.seed_state(config.seed))
    deck, box, display = _deck(draws, config, catalog)
    scales = draws.shuffled([s.id for s in catalog.scales])
    sides = _scale_sides(draws, config, scales[:4])
    subjects = draws.shuffled([s.id for s in catalog.subjects])
    first = _first_player(draws, config)
    astronomers = _astronomers(draws, config)
    players, supply, tycho = _players(draws, config, catalog, astronomers)
    state = GameState(
        players=players,
        rng=draws.state,
        deck=deck,
        box=box,
        display=display,
        scales=sides,
        subjects=subjects[:4],
        objectives=("observer", "scholar", *subjects[4:]),
        claims=((),) * 4,
        pages=(None,) * len(catalog.comet_pages.by_players[config.deck_players]),
        supply=supply,
        first_player=first,
        tycho=tycho,
    )
    return _apply_astronomers(state, config, catalog)


def _deck(
    draws: rng.Draws, config: GameConfig, catalog: Catalog
) -> tuple[tuple[str, ...], tuple[str, ...], tuple[DisplaySlot, ...]]:
    """The Discovery deck (top first), the cards left in the box, and the display dealt from the deck."""
    deck: list[str] = []
    box: list[str] = []
    for tier, count in enumerate(catalog.rules.deck[config.deck_players], start=1):
        cards = draws.shuffled([c.id for c in catalog.cards if c.tier == tier])
        deck.extend(cards[:count])
        box.extend(cards[count:])
    # GS3: Tier III at the bottom, then II, then I on top; the deck is kept top first.
    tiers = {c.id: c.tier for c in catalog.cards}
    deck.sort(key=lambda c: tiers[c])
    display = tuple(DisplaySlot(card) for card in deck[: catalog.rules.display])
    return tuple(deck[catalog.rules.display :]), tuple(box), display


def _scale_sides(draws: rng.Draws, config: GameConfig, scales: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """GS5: the side each Scale tile shows, drawn or the first."""
    random_sides = config.options.scale_sides == "random"
    return tuple((scale, draws.below(2) if random_sides else 0) for scale in scales)


def _first_player(draws: rng.Draws, config: GameConfig) -> int:
    if config.solo:
        return 0  # GY4: the player always begins
    if config.first_player is None:
        return draws.below(config.players)
    return config.first_player


def _astronomers(draws: rng.Draws, config: GameConfig) -> list[str]:
    """GS10: the astronomer of each seat when dealt (the option), else none yet; Tycho Brahe solo (GY1)."""
    astronomers: list[str] = [""] * config.seats
    if config.options.astronomers == "random":
        astronomers = list(draws.shuffled(ASTRONOMERS)[: config.seats])
    if config.solo:
        astronomers[1] = TYCHO
    return astronomers


def _players(
    draws: rng.Draws, config: GameConfig, catalog: Catalog, astronomers: list[str]
) -> tuple[tuple[PlayerState, ...], tuple[int, int, int], TychoState | None]:
    """Every seat's player (Tycho Brahe's pieces solo), the dice left in the supply, and Tycho's state."""
    players = []
    supply = [catalog.rules.dice_per_colour] * 3
    tycho = None
    for seat in range(config.seats):
        if astronomers[seat] == TYCHO:
            tycho_state, tycho_player = _tycho_setup(draws, catalog, supply)
            tycho = tycho_state
            players.append(tycho_player)
            continue
        tiles: tuple[TileSlot, ...] = ()
        if config.options.tile_order == "random":
            tiles = tuple(TileSlot(t) for t in draws.shuffled([t.id for t in catalog.action_tiles]))
        dice: tuple[Die, ...] = tuple((c, catalog.rules.die_start_value) for c in COLOURS)
        for i in range(3):
            supply[i] -= 1
        players.append(
            PlayerState(
                astronomer=astronomers[seat],
                tiles=tiles,
                dice=dice,
                comets_board=catalog.rules.comets,
                constellations=catalog.rules.constellations,
                books=(0,) * catalog.rules.books,
                reputation=catalog.reputation.start,
            )
        )
    return tuple(players), (supply[0], supply[1], supply[2]), tycho


def _tycho_setup(draws: rng.Draws, catalog: Catalog, supply: list[int]) -> tuple[TychoState, PlayerState]:
    """GY1-GY3: three dice of random colours (within the limits), his 5 tiles and Movement deck shuffled."""
    dice: list[Die] = []
    for _ in range(3):
        allowed = [c for i, c in enumerate(COLOURS) if supply[i] > 0 and sum(1 for d in dice if d[0] == c) < 3]
        colour: Colour = allowed[draws.below(len(allowed))]
        supply[COLOURS.index(colour)] -= 1
        dice.append((colour, catalog.rules.die_start_value))
    tiles = draws.shuffled([t.id for t in catalog.tycho_tiles])
    movement = draws.shuffled([t.id for t in catalog.movement_tiles])
    player = PlayerState(
        astronomer=TYCHO,
        dice=tuple(sorted(dice, key=lambda d: COLOURS.index(d[0]))),
        comets_board=catalog.rules.comets,
        constellations=catalog.rules.constellations,
        books=(0,) * catalog.rules.books,
        reputation=catalog.reputation.start,
    )
    return TychoState(tiles=tuple(TileSlot(t) for t in tiles), token=0, deck=movement), player


def _apply_astronomers(state: GameState, config: GameConfig, catalog: Catalog) -> GameState:
    """Dealt astronomers (option) get their pieces at once, as a chosen one does."""
    players = list(state.players)
    for seat, p in enumerate(players):
        if p.astronomer and p.astronomer != TYCHO:
            pages, cellar = astronomer_pieces(config, catalog, p.astronomer)
            players[seat] = evolve(p, own_pages=pages, cellar=cellar)
    return evolve(state, players=tuple(players))


def astronomer_pieces(
    config: GameConfig, catalog: Catalog, astronomer: str
) -> tuple[tuple[bool, ...], tuple[int, ...]]:
    """(personal pages, empty cellar) of an astronomer: with abilities, his pages and Bruno's 5-space cellar."""
    if not config.abilities:
        return (), (0,) * len(catalog.cellar.interrogation)
    pages = (False,) * len(catalog.comet_pages.personal.get(astronomer, ()))
    cellar = catalog.bruno_cellar if astronomer == "bruno" else catalog.cellar
    return pages, (0,) * len(cellar.interrogation)


# --- the choices ---------------------------------------------------------------------------------


def _turn_order(state: GameState) -> list[int]:
    n = len(state.players)
    return [(state.first_player + k) % n for k in range(n)]


def next_setup_frame(state: GameState, ctx: Context) -> SetupFrame | None:
    """The next setup choice: every astronomer first (GS10), then per seat Kepler's tile and the tile order."""
    order = _turn_order(state)
    for seat in order:
        if not state.players[seat].astronomer:
            return SetupFrame(player=seat, step="astronomer")
    for seat in order:
        p = state.players[seat]
        if p.astronomer == TYCHO:
            continue
        kepler = ctx.config.abilities and p.astronomer == "kepler"
        if kepler and p.bench is None:
            return SetupFrame(player=seat, step="bench")
        if len(p.tiles) < len(ctx.catalog.action_tiles):
            return SetupFrame(player=seat, step="place")
    return None


# What each setup step asks, by the SetupFrame's ``step``.
_SETUP_STEPS = {
    "astronomer": "choose your astronomer",
    "bench": "Kepler: choose the basic tile for your Character Board",
    "place": "place your next Action tile",
}


def setup_prompt(state: GameState, frame: SetupFrame) -> str:
    return f"setup: {_SETUP_STEPS[frame.step]}"


def setup_legal(state: GameState, ctx: Context, frame: SetupFrame) -> list[Action]:
    p = state.players[frame.player]
    if frame.step == "astronomer":
        taken = {other.astronomer for other in state.players}
        return [Action("astronomer", a) for a in ASTRONOMERS if a not in taken]
    if frame.step == "bench":
        return [Action("bench", t.id) for t in ctx.catalog.action_tiles]
    used = {t.tile for t in p.tiles} | ({p.bench.tile} if p.bench else set())
    return [Action("place", t.id) for t in ctx.catalog.action_tiles if t.id not in used]


def setup_apply(tx: Tx, frame: SetupFrame, action: Action) -> None:
    tx.pop()
    seat = frame.player
    p = tx.player(seat)
    if action.kind == "astronomer":
        pages, cellar = astronomer_pieces(tx.ctx.config, tx.ctx.catalog, action.arg)
        tx.emit(ev.AstronomerChosen(player=seat, astronomer=action.arg, own_pages=pages, cellar=cellar))
        return
    kepler_tile = TileSlot(tx.ctx.catalog.kepler_tile.id)
    if action.kind == "bench":
        # GK4: the special tile on the last slot, the chosen basic tile on the Character Board.
        rest = tuple(t for t in p.tiles if t.tile != action.arg)
        tiles = (*rest, kepler_tile) if p.tiles else ()
        tx.emit(ev.TilesArranged(player=seat, tiles=tiles, bench=TileSlot(action.arg)))
        return
    tiles = (*p.tiles, TileSlot(action.arg))
    if p.bench is not None and len(tiles) == len(tx.ctx.catalog.action_tiles) - 1:
        tiles = (*tiles, kepler_tile)
    tx.emit(ev.TilesArranged(player=seat, tiles=tiles, bench=p.bench))
