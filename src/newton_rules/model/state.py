"""The immutable game state. Only :mod:`newton_rules.model.reducer` builds a new state from an old one.

Everything is a frozen attrs class of ints, strings and tuples, so "clone" is free: keep the reference.
Identifiers are component ids from the catalog (cards ``L1-04``, Masters ``boyle``, map spaces, track
spaces, book spaces, tiles ``C3`` / ``I7`` / ``O2`` / ``Z5``, tokens ``K07``).
"""

from __future__ import annotations

from typing import Literal

import attrs

from newton_rules.effects.primitives import Colour
from newton_rules.model.frames import Frame

Phase = Literal["draft", "action", "end_round", "over"]


@attrs.frozen(kw_only=True)
class PlayerState:
    """One player's pieces and supply."""

    seat: int
    colour: str
    board: str
    coins: int = 2
    vp: int = 0
    potions: int = 0
    hand: tuple[str, ...] = ()
    desk: tuple[str, ...] = ()
    tucked: tuple[str, ...] = ()
    masters: tuple[str, ...] = ()  # in hand, not yet played
    draft: tuple[str, ...] = ()  # Masters being drafted / selected
    masters_played: tuple[str, ...] = ()
    work: str = ""
    students: tuple[str | None, ...] = ()  # Technology track space of each Student, None = in supply
    scientist: str = ""
    cubes: tuple[str, ...] = ()  # Map spaces holding a cube, in placement order
    books: tuple[str, ...] = ()  # book spaces covered by a placed tile, in placement order
    books_removed: int = 0  # tiles removed from the supply without being placed (Cavendish)
    drawers: tuple[str | None, ...] = ()  # Development tile action (or the printed symbol) per drawer
    income: tuple[str | None, ...] = ()  # "vp" / "coins" / "potion" / "medicine" per income space
    bonus_tokens: tuple[str, ...] = ()
    round_volumes: tuple[Colour, ...] = ()  # chosen with E2, until End Round
    medicine_turned: bool = False  # the Medicine tile turned by a special action (X8), not by a 2nd City
    discoveries: tuple[str, ...] = ()  # Great Discovery tiles face up in front of the player (G2)
    discoveries_used: tuple[str, ...] = ()  # Great Discovery tiles activated, face down (G3)
    tuck_choice: str | None = None  # hidden until every player has chosen


@attrs.frozen(kw_only=True)
class BoardState:
    """The shared boards: decks and lines, tiles set up on the Map and the Tracks, supplies."""

    decks: tuple[tuple[str, ...], ...]  # level 1..3, top card first (hidden)
    lines: tuple[tuple[str, ...], ...]  # level 1..3, face-up cards
    removed_cards: tuple[str, ...] = ()
    map_tiles: tuple[tuple[str, str], ...] = ()  # (map space, tile id) for cities/universities/ancient lands
    track_tiles: tuple[tuple[str, str], ...] = ()  # (track space, tile id) specialization/invention/objective
    map_objective: str = ""  # Objective tile on the Map's Objective space
    bonus: tuple[tuple[str, str], ...] = ()  # (space, token) still on the boards
    income_supply: tuple[tuple[str, int], ...] = ()  # income kind -> tiles left
    development_supply: tuple[tuple[str, int], ...] = ()  # action -> tiles left
    medicine_supply: int = 4
    discoveries: tuple[str, ...] = ()  # Great Discovery tiles face up on the table, available (G1)


@attrs.frozen(kw_only=True)
class GameState:
    players: tuple[PlayerState, ...]
    board: BoardState
    phase: Phase = "action"
    round: int = 1
    first_player: int = 0
    turn_index: int = 0  # turns started this round (all players)
    stack: tuple[Frame, ...] = ()
    rng: int = 0
    draft_pass: int = 0  # picks completed in the Master draft

    @property
    def top(self) -> Frame | None:
        return self.stack[-1] if self.stack else None
