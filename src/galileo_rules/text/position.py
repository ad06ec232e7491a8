"""The table in words, as one seat (or a spectator) may see it: the Game Board (the display of Discovery
cards, the deck, the university with its Scales and objectives, the Book of Comets, the Tribunal) and each
player's board (astronomer, score, Quadrants, dice, the starry sky with its telescope and Action tiles,
Comets, Constellation tokens, Library and Book tokens, cellar, University tokens).

:func:`render_position` draws the redacted state of a :class:`~galileo_rules.GalileoView` only, so what
nobody sees (the deck's order, the box, the faces of face-down Library cards, Tycho Brahe's Movement deck)
cannot leak through it: a face-down card reads as its tier.
"""

from __future__ import annotations

from galileo_rules.components.catalog import Catalog
from galileo_rules.game import GalileoGame, GalileoView
from galileo_rules.model.sky import BENCH, SKY
from galileo_rules.model.state import DisplaySlot, GameState, PlayerState
from galileo_rules.text.components import (
    TIERS,
    astronomer_name,
    card_name,
    colour_name,
    effects_text,
    sky_space_name,
    tier_name,
)
from galileo_rules.text.events import TYCHO, dice_text, player_name
from rules_core.words import lowered, ordinal, plural


def _covered_by(shown: DisplaySlot, k: int) -> str:
    seats = [seat for index, seat in shown.covered if index == k]
    return f", covered by {', '.join(f'P{s}' for s in seats)}" if seats else ""


def display_lines(state: GameState, catalog: Catalog) -> list[str]:
    """Each space of the display: its card's Major Object and constellations, with what covers them."""
    lines = ["The display of Discovery cards (target N observes the Major Object, target N.K a constellation):"]
    for slot, shown in enumerate(state.display):
        if shown is None:
            lines.append(f"  {slot}: empty")
            continue
        card = catalog.card(shown.card)
        major = card.major
        inquisitors = f", {plural(major.inquisitors, 'Inquisitor')}" if major.inquisitors else ""
        colours = "+".join(colour_name(c) for c in major.colours)
        lines.append(
            f"  {slot}: {card_name(catalog, shown.card)}, {tier_name(card.tier)}: Major Object {colours} "
            f"{major.cost} for {major.vp} VP{inquisitors}"
        )
        for k, constellation in enumerate(card.constellations):
            cost = f"{colour_name(constellation.colour)} {constellation.cost}"
            reward = lowered(effects_text(constellation.reward))
            lines.append(f"     {slot}.{k}: {constellation.name}, {cost}: {reward}{_covered_by(shown, k)}")
    return lines


def _tier_counts(cards: tuple[str, ...]) -> str:
    """``9 cards: 4 Tier I, 3 Tier II, 2 Tier III`` from hidden cards (``?1``) of a view."""
    counts = {tier: sum(1 for c in cards if c == f"?{tier}") for tier in TIERS}
    parts = [f"{n} {tier_name(tier)}" for tier, n in counts.items() if n]
    return plural(len(cards), "card") + (f" ({', '.join(parts)})" if parts else "")


def university_lines(state: GameState, catalog: Catalog) -> list[str]:
    """The Scales with their subjects and each player's token, then the objectives and who achieved them."""
    lines = ["The university:"]
    for k, ((tile, side), subject) in enumerate(zip(state.scales, state.subjects, strict=True)):
        rows = catalog.scale(tile).sides[side]
        tokens = ", ".join(
            f"P{seat} {'stairs' if p.university[k] == 0 else f'row {p.university[k]}'}"
            for seat, p in enumerate(state.players)
        )
        vp = "/".join(str(row.vp) for row in rows)
        lines.append(f"  Scale {k} ({tile}, side {side + 1}, subject {subject}, {vp} VP per count): {tokens}")
    for k, objective in enumerate(state.objectives):
        claims = state.claims[k] if k < len(state.claims) else ()
        achieved = f"achieved by {', '.join(f'P{s}' for s in claims)}" if claims else "not achieved yet"
        lines.append(f"  Objective {objective}: {achieved}")
    return lines


def board_lines(state: GameState, catalog: Catalog, players: str) -> list[str]:
    """The Game Board: display, deck, box, supply, university, Book of Comets and Tribunal."""
    lines = display_lines(state, catalog)
    lines.append(f"Discovery deck: {_tier_counts(state.deck)}; in the box: {plural(len(state.box), 'card')}")
    supply = ", ".join(f"{n} {colour_name(c)}" for c, n in zip("RBY", state.supply, strict=True))
    lines.append(f"Dice in the supply: {supply}")
    lines += university_lines(state, catalog)
    pages = ", ".join(f"page {k} {'free' if owner is None else f'P{owner}'}" for k, owner in enumerate(state.pages))
    lines.append(f"Book of Comets ({players} players): {pages}; Appendix: {plural(state.appendix, 'Comet')}")
    tribunal = ", ".join(f"P{seat} {p.reputation:+d}" for seat, p in enumerate(state.players))
    lines.append(f"Tribunal (Reputation): {tribunal}")
    return lines


def sky_text(p: PlayerState) -> str:
    """The starry sky from the bottom up: each slot's Action tile, the telescope marked."""
    slots = []
    for space in range(len(SKY)):
        tile = p.tiles[space] if space < len(p.tiles) else None
        name = f"{tile.tile}{'*' if tile.upgraded else ''}" if tile is not None else "-"
        marker = " <- telescope" if space == p.telescope else ""
        slots.append(f"{space} {'/'.join(SKY[space]) or 'crossed'}: {name}{marker}")
    bench = p.bench
    if bench is not None:
        slots.append(f"{BENCH} Character Board: {bench.tile}{'*' if bench.upgraded else ''}")
    return "; ".join(slots)


def library_line(p: PlayerState, catalog: Catalog) -> str:
    cards = ", ".join(
        card_name(catalog, entry.card) if entry.face_up else f"{tier_name(entry.tier)} face down" for entry in p.library
    )
    books = ", ".join(f"token {row} on space {space}" for row, space in enumerate(p.books))
    return f"Library: {cards or 'no cards'}; Book tokens: {books}"


def player_lines(state: GameState, catalog: Catalog, seat: int, viewer: int | None) -> list[str]:
    p = state.players[seat]
    you = " (you)" if seat == viewer else ""
    first = ", first player" if seat == state.first_player else ""
    astronomer = astronomer_name(p.astronomer) if p.astronomer else "no astronomer yet"
    head = (
        f"{player_name(seat)}{you}, {astronomer}{first}: {p.vp} VP, "
        f"{plural(p.quadrants, 'Quadrant token')}, dice {dice_text(p.dice)}"
    )
    comets = (
        f"Comets: {p.comets_board} on the Player Board, {p.comets_above} at 1 and {p.comets_below} at 2 on "
        f"the Game Board, {p.comets_waiting} waiting, {p.comets_placed} in the Book of Comets"
    )
    cellar = ", ".join(f"space {k}: {n}" for k, n in enumerate(p.cellar))
    university = ", ".join(f"Scale {k} {'stairs' if row == 0 else f'row {row}'}" for k, row in enumerate(p.university))
    tycho = p.astronomer == TYCHO  # no starry sky: his Action tiles, token and Book token are his own
    sky = f"    Starry sky, telescope at {sky_space_name(p.telescope)} (* upgraded): {sky_text(p)}"
    library = library_line(p, catalog)
    lines = [
        head,
        *([] if tycho else [sky]),
        f"    {comets}; Constellation tokens left: {p.constellations}",
        f"    {library.partition('; Book tokens')[0] if tycho else library}",
        f"    Cellar (Inquisitors per space, leftmost first): {cellar}; Reputation {p.reputation:+d}",
        f"    University tokens: {university}; objectives achieved: {', '.join(p.achievements) or 'none'}",
    ]
    if p.own_pages:
        covered = ", ".join(f"page o{k} {'covered' if c else 'free'}" for k, c in enumerate(p.own_pages))
        lines.append(f"    Own Book of Comets pages: {covered}")
    if p.overlays:
        tiles = ", ".join(f"{o.tile} side {o.side + 1} on row {o.row} from space {o.first}" for o in p.overlays)
        lines.append(f"    Library tiles placed: {tiles}")
    return lines


def tycho_lines(state: GameState) -> list[str]:
    tycho = state.tycho
    if tycho is None:
        return []
    tiles = ", ".join(f"{t.tile}{'*' if t.upgraded else ''}" for t in tycho.tiles)
    return [
        f"Tycho Brahe's Action tiles (* upgraded): {tiles}; his token on the {ordinal(tycho.token + 1)}",
        f"    Movement deck: {plural(len(tycho.deck), 'tile')}, discarded: {', '.join(tycho.discard) or 'none'}; "
        f"Book token on space {tycho.book}",
    ]


def render_position(view: GalileoView, catalog: Catalog) -> str:
    """The table as ``view.player`` may see it (the redacted state only), one line per item."""
    state = view.state
    last = f", the last round is {state.last_round}" if state.last_round is not None else ""
    lines = [f"=== Galileo Galilei: round {state.round}, {state.phase} phase{last} ==="]
    lines += board_lines(state, catalog, view.config.deck_players)
    lines.append("Players (in seat order):")
    for seat in range(len(state.players)):
        lines += player_lines(state, catalog, seat, view.player)
    lines += tycho_lines(state)
    return "\n".join(lines)


def status_text(state: GameState, seat: int) -> str:
    """``P0 (12 VP, 3 Quadrant tokens, dice red 3 and blue 1)``: what a player holds, for a prompt."""
    p = state.players[seat]
    return f"P{seat} ({p.vp} VP, {plural(p.quadrants, 'Quadrant token')}, dice {dice_text(p.dice)})"


def decision_prompt(game: GalileoGame) -> str:
    """What the pending decision of the player to move asks, as its rule declares it (empty when over)."""
    top = game.state.top
    return "" if top is None or game.is_over else game.rules_context.rules.prompt(game.state, top)
