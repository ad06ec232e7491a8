"""A position in words, as one player may see it: the players, your hand and Masters, the boards.

:func:`render_position` draws the redacted state of a :class:`~newton_rules.PlayerView` (so nothing the
player may not see can leak through it) and :func:`render_decision` the numbered legal actions of the
player's decision. The command line's ``play`` uses both; any front end may.
"""

from __future__ import annotations

from collections.abc import Sequence

from newton_rules.components.catalog import Catalog
from newton_rules.model.state import GameState, PlayerState
from newton_rules.text.components import action_card_text, component_text, master_text
from newton_rules.view import PlayerView


def _card_text(catalog: Catalog, card_id: str) -> str:
    card = catalog.cards_by_id.get(card_id)
    return card_id if card is None else action_card_text(card)


def _master_text(catalog: Catalog, master_id: str) -> str:
    master = catalog.masters_by_id.get(master_id)
    return master_id if master is None else f"{master_id}: {master_text(master)}"


def _names(items: Sequence[str | None], empty: str = "-") -> str:
    return ", ".join(empty if i is None else i for i in items) or "none"


def _hidden_count(items: Sequence[str], what: str) -> str:
    return f"{len(items)} {what}"


def _player_lines(p: PlayerState, catalog: Catalog, me: bool) -> list[str]:
    tiles_left = catalog.constants.book_tiles - len(p.books) - p.books_removed
    tag = " (you)" if me else ""
    head = f"  P{p.seat} {p.colour}{tag}: {p.vp} VP, {p.coins} coins, {p.potions} potions"
    if not me:
        head += f", {_hidden_count(p.hand, 'cards in hand')}, {_hidden_count(p.masters, 'Masters in hand')}"
        if p.draft:
            head += f", {_hidden_count(p.draft, 'Masters in draft')}"
        if p.tuck_choice is not None:
            head += ", tuck chosen"
    lines = [
        head,
        f"      desk: {_names(p.desk)} | tucked: {_names(p.tucked)}",
        f"      Masters played: {_names(p.masters_played)} | bonus tokens: {_names(p.bonus_tokens)}",
        f"      Work marker {p.work} | Students {_names(p.students, 'supply')} | Scientist {p.scientist}",
        f"      cubes ({len(p.cubes)}): {_names(p.cubes)}",
        f"      board {p.board}, books covered ({len(p.books)}, {tiles_left} tiles left): {_names(p.books)}",
        f"      drawers: {_names(p.drawers)} | income: {_names(p.income)}",
    ]
    if p.round_volumes:
        lines.append(f"      volumes chosen this round: {_names(p.round_volumes)}")
    if p.discoveries or p.discoveries_used:
        face_up, face_down = _names(p.discoveries), _names(p.discoveries_used)
        lines.append(f"      Great Discoveries face up: {face_up} | face down: {face_down}")
    return lines


def _own_lines(p: PlayerState, catalog: Catalog) -> list[str]:
    lines = ["Your hand:"] + [f"  {_card_text(catalog, c)}" for c in p.hand]
    if not p.hand:
        lines.append("  (empty)")
    lines += ["Your Masters:"] + [f"  {_master_text(catalog, m)}" for m in p.masters]
    if not p.masters:
        lines.append("  (none)")
    if p.draft:
        lines += ["Masters to choose from:"] + [f"  {_master_text(catalog, m)}" for m in p.draft]
    if p.tuck_choice is not None:
        lines.append(f"Your tuck choice: {p.tuck_choice}")
    return lines


def _board_lines(state: GameState, catalog: Catalog) -> list[str]:
    b = state.board
    lines = ["Face-up lines:"]
    for level, line in enumerate(b.lines, 1):
        deck = len(b.decks[level - 1])
        lines.append(f"  level {level} (deck {deck} cards):" + ("" if line else " empty"))
        lines += [f"    {_card_text(catalog, c)}" for c in line]
    tiles = ", ".join(f"{space} {tile}" for space, tile in b.map_tiles)
    lines.append(f"Map tiles: {tiles or 'none'} | Map Objective: {b.map_objective or 'none'}")
    lines.append("Track tiles: " + (", ".join(f"{space} {tile}" for space, tile in b.track_tiles) or "none"))
    lines.append("Bonus tokens on the boards: " + (", ".join(f"{s} {t}" for s, t in b.bonus) or "none"))
    income = ", ".join(f"{k} {n}" for k, n in b.income_supply)
    development = ", ".join(f"{k} {n}" for k, n in b.development_supply)
    lines.append(f"Supplies: income {income} | development {development} | medicine {b.medicine_supply}")
    if b.discoveries:
        lines.append("Great Discovery tiles on the table:")
        lines += [f"  {component_text(catalog, tile)}" for tile in b.discoveries]
    return lines


def _position_lines(view: PlayerView, catalog: Catalog) -> list[str]:
    """The board as ``view.player`` may see it: the redacted state only."""
    s = view.state
    first = "" if len(s.players) == 1 else f", first player P{s.first_player}"
    lines = [f"=== Round {s.round} of {catalog.constants.rounds}, {s.phase} phase{first} ==="]
    lines += ["Players:"]
    for p in s.players:
        lines += _player_lines(p, catalog, me=p.seat == view.player)
    lines += _own_lines(s.players[view.player], catalog)
    lines += _board_lines(s, catalog)
    return lines


def _decision_lines(view: PlayerView) -> list[str]:
    if view.decision is None:
        return ["The game is over: no decision."]
    me = view.state.players[view.player]
    status = f"{me.vp} VP, {me.coins} coins, {me.potions} potions"
    lines = [f"P{view.player} ({status}) {view.decision.prompt}:"]
    lines += [f"  {i:>2}. {action}" for i, action in enumerate(view.legal_actions, 1)]
    return lines


def render_position(view: PlayerView, catalog: Catalog) -> str:
    """The board as ``view.player`` may see it (the redacted state only), one line per item."""
    return "\n".join(_position_lines(view, catalog))


def render_decision(view: PlayerView) -> str:
    """The player's status and prompt, then the legal actions numbered from 1 (empty unless they decide)."""
    return "\n".join(_decision_lines(view))
