"""The invariants every reachable Galileo position keeps (checked after every action by the random games)."""

from __future__ import annotations

from typing import Any

from galileo_rules.model.state import GameState
from galileo_rules.model.tx import Context


def state_problems(state: GameState, ctx: Context) -> list[str]:
    """Every broken invariant of ``state``, as a sentence."""
    rules = ctx.catalog.rules
    problems: list[str] = []
    add = problems.append
    on_boards = [0, 0, 0]
    for seat, p in enumerate(state.players):
        if len(p.dice) > rules.dice_per_board:
            add(f"player {seat} has {len(p.dice)} dice (at most {rules.dice_per_board})")
        for i, colour in enumerate("RBY"):
            n = sum(1 for c, _ in p.dice if c == colour)
            on_boards[i] += n
            if n > rules.dice_per_colour_on_board:
                add(f"player {seat} has {n} {colour} dice (at most {rules.dice_per_colour_on_board})")
        if any(not 1 <= v <= (rules.die_max if ctx.config.options.die_cap else 10**6) for _, v in p.dice):
            add(f"player {seat} has a die value out of range: {p.dice}")
        comets = p.comets_board + p.comets_above + p.comets_below + p.comets_waiting + p.comets_placed
        if comets != rules.comets or min(p.comets_board, p.comets_above, p.comets_below, p.comets_waiting) < 0:
            add(f"player {seat} has {comets} Comet tokens (7)")
        covered = sum(1 for slot in state.display if slot is not None for _, who in slot.covered if who == seat)
        if not 0 <= p.constellations <= rules.constellations or covered > rules.constellations - p.constellations:
            add(f"player {seat}: Constellation tokens lost ({p.constellations} on the board, {covered} on cards)")
        if len(p.books) != rules.books or any(not 0 <= b <= len(p.library) for b in p.books):
            add(f"player {seat}: Book tokens {p.books} outside a Library of {len(p.library)} cards")
        if p.vp != sum(v for _, v in p.vp_sources):
            add(f"player {seat}: {p.vp} VP is not the sum of its sources {p.vp_sources}")
        if min(p.cellar) < 0 or p.quadrants < 0:
            add(f"player {seat}: negative Inquisitors or Quadrants")
        if p.reputation not in ctx.catalog.reputation.labels:
            add(f"player {seat}: Reputation {p.reputation} is off the track")
    for i, colour in enumerate("RBY"):
        if state.supply[i] < 0 or state.supply[i] + on_boards[i] != rules.dice_per_colour:
            add(f"{colour} dice: {state.supply[i]} in the supply and {on_boards[i]} on boards (10 in all)")
    cards = [c for c in state.deck] + list(state.box) + [s.card for s in state.display if s is not None]
    cards += [entry.card for p in state.players for entry in p.library]
    if sorted(cards) != sorted(c.id for c in ctx.catalog.cards):
        add("Discovery cards are not conserved (deck, box, display and Libraries hold each card once)")
    paged = sum(1 for owner in state.pages if owner is not None) + state.appendix
    personal = sum(sum(1 for covered in p.own_pages if covered) for p in state.players)
    if paged + personal != sum(p.comets_placed for p in state.players):
        add("Book of Comets pages and Appendix do not hold the placed Comets")
    return problems


def game_problems(game: Any) -> list[str]:
    """The invariants hook of the game definition."""
    return state_problems(game.state, game._ctx)
