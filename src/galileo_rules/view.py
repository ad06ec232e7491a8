"""The one view filter: what a seat (or a spectator) may see of a Galileo game.

Galileo has no private hands: what is hidden is hidden from everyone (the deck order, the box, the faces
of face-down Library cards, Tycho's Movement deck order). Each hidden card becomes ``"?T"`` (its tier,
which its light back shows), so a view keeps every count; one public view serves every seat and the
spectator alike. Events carrying a hidden card are redacted the same way.
"""

from __future__ import annotations

import random
from typing import Any

from galileo_rules.model import events as ev
from galileo_rules.model.state import GameState, LibraryCard
from galileo_rules.model.tx import Context
from galileo_rules.rules.table import RULES
from rules_core import rng
from rules_core.records import evolve

HIDDEN = "?"


def hidden_card(tier: int) -> str:
    return f"{HIDDEN}{tier}"


def redact_state(state: GameState, ctx: Context) -> GameState:
    tier = {c.id: c.tier for c in ctx.catalog.cards}
    players = tuple(
        evolve(
            p,
            library=tuple(e if e.face_up else evolve(e, card=hidden_card(e.tier)) for e in p.library),
        )
        for p in state.players
    )
    tycho = state.tycho
    if tycho is not None:
        tycho = evolve(tycho, deck=tuple(HIDDEN for _ in tycho.deck))
    return evolve(
        state,
        players=players,
        deck=tuple(hidden_card(tier[c]) for c in state.deck),
        box=tuple(sorted(hidden_card(tier[c]) for c in state.box)),
        rng=0,
        tycho=tycho,
    )


def redact_event(event: Any, viewer: int | None) -> Any:
    if isinstance(event, ev.CardTaken) and not event.face_up:
        return evolve(event, card=hidden_card(event.tier))
    if isinstance(event, ev.TychoMovementDrawn) and event.reshuffled is not None:
        return evolve(event, reshuffled=tuple(HIDDEN for _ in event.reshuffled))
    if isinstance(event, ev.RngAdvanced):
        return ev.RngAdvanced(rng=0)
    return event


def redact_action(actor: int | None, action: Any, viewer: int | None) -> Any:
    """``action`` as ``viewer`` sees it: as it is, since no action kind of Galileo is declared private."""
    return RULES.redact_action(actor, action, viewer)


def sample_state(seen: GameState, ctx: Context, seed: random.Random) -> GameState:
    """A full state consistent with a public view ``seen``: the cards nobody sees, tier by tier, dealt at
    random to the deck, the box and the face-down Library cards (each keeps its tier); Tycho's Movement deck
    reshuffled; a fresh generator."""
    visible = {s.card for s in seen.display if s is not None}
    visible |= {e.card for p in seen.players for e in p.library if e.face_up}
    unseen: dict[int, list[str]] = {1: [], 2: [], 3: []}
    for card in ctx.catalog.cards:
        if card.id not in visible:
            unseen[card.tier].append(card.id)
    for cards in unseen.values():
        seed.shuffle(cards)

    def deal(placeholder: str) -> str:
        return unseen[int(placeholder[len(HIDDEN) :])].pop()

    deck = tuple(deal(c) for c in seen.deck)
    players = tuple(
        evolve(p, library=tuple(e if e.face_up else LibraryCard(deal(e.card), False, e.tier) for e in p.library))
        for p in seen.players
    )
    box = tuple(deal(c) for c in seen.box)
    tycho = seen.tycho
    if tycho is not None:
        order = [t.id for t in ctx.catalog.movement_tiles if t.id not in tycho.discard]
        seed.shuffle(order)
        tycho = evolve(tycho, deck=tuple(order))
    return evolve(seen, deck=deck, box=box, players=players, tycho=tycho, rng=rng.seed_state(seed.getrandbits(64)))
