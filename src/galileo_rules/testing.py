"""The position builder: scenario tests set up exactly the table a rule needs, then play actions.

    >>> from galileo_rules.testing import Position
    >>> game = Position(players=2).dice(0, "R3 R1 R1").telescope(0, 2).game()
    >>> game.to_move, game.legal_actions()[0]
    (0, Action(kind='move', arg='1'))

A position starts as a seeded game after setup (astronomers Galileo, Kepler, Copernicus, Bruno by seat;
Tier I cards on display), seat 0 to move at the start of its turn in round 1; each method changes one
thing and keeps every component in exactly one place (a card put somewhere leaves where it was; dice come
from the supply). ``game()`` checks the invariants and returns a :class:`~galileo_rules.GalileoGame`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from galileo_rules.components.catalog import Catalog, default_catalog
from galileo_rules.components.records import COLOURS
from galileo_rules.errors import PositionError
from galileo_rules.game import GalileoGame, as_options
from galileo_rules.invariants import state_problems
from galileo_rules.model.config import ASTRONOMERS, GameConfig, Options
from galileo_rules.model.frames import Frame, TurnFrame, TychoFrame
from galileo_rules.model.reducer import sorted_dice
from galileo_rules.model.sky import SLOTS, slot_number, space_number
from galileo_rules.model.state import Die, DisplaySlot, GameState, LibraryCard, PlayerState, TileSlot, TurnFlags
from galileo_rules.model.tx import Context
from galileo_rules.rules.setup import TYCHO, astronomer_pieces, initial_state
from galileo_rules.rules.table import RULESETS
from rules_core.records import evolve

# The documented readings, each set at once: the defaults and every "option" ruling's alternative
# (docs/galileo.md). The random-simulation tests and the soak and fuzz scripts play both.
OPTION_SETS: dict[str, Options] = {
    "defaults": Options(),
    "alternatives": Options(
        scale_sides="fixed",
        astronomers="random",
        tile_order="choose",
        box_refill="final_round",
        empty_deck_card="box",
        unplayed_rotation="rotate",
        die_cap=False,
        tribunal_overshoot="bonus",
        score_floor="zero",
    ),
}


def parse_dice(text: str) -> tuple[Die, ...]:
    """``"R3 B1"`` as dice."""
    dice: list[Die] = []
    for part in text.split():
        if part[0] not in COLOURS:
            raise PositionError(f"bad die {part!r}: a colour R, B or Y then a value")
        dice.append((part[0], int(part[1:])))
    return sorted_dice(dice)


class Position:
    """A mutable builder of one Galileo position (see the module doc)."""

    def __init__(
        self,
        players: int = 2,
        *,
        advanced: bool = False,
        seed: int = 0,
        options: Any = None,
        astronomers: tuple[str, ...] | None = None,
        catalog: Catalog | None = None,
    ) -> None:
        self.config = GameConfig(
            players=players, seed=seed, advanced=advanced, first_player=0, options=as_options(options)
        )
        self.catalog = catalog or default_catalog()
        state = initial_state(
            evolve(self.config, options=evolve(self.config.options, astronomers="choose", tile_order="random")),
            self.catalog,
        )
        names = astronomers or ASTRONOMERS[: self.config.seats]
        seated = []
        for seat, p in enumerate(state.players):
            if p.astronomer == TYCHO:
                seated.append(p)
                continue
            pages, cellar = astronomer_pieces(self.config, self.catalog, names[seat])
            p = evolve(p, astronomer=names[seat], own_pages=pages, cellar=cellar)
            if self.config.abilities and names[seat] == "kepler":
                bench = p.tiles[-1]
                p = evolve(p, tiles=(*p.tiles[:-1], TileSlot(self.catalog.kepler_tile.id)), bench=bench)
            seated.append(p)
        self.state = evolve(
            state, players=tuple(seated), phase="play", current=0, round=1, stack=(TurnFrame(player=0),)
        )

    # -- the table --------------------------------------------------------------------------------
    def _player(self, seat: int, **changes: Any) -> Position:
        players = list(self.state.players)
        players[seat] = evolve(players[seat], **changes)
        self.state = evolve(self.state, players=tuple(players))
        return self

    def player(self, seat: int) -> PlayerState:
        return self.state.players[seat]

    def set(self, seat: int, **changes: Any) -> Position:
        """Any PlayerState fields (quadrants, vp, comets_*, constellations, cellar, university, reputation ...).
        ``vp`` is recorded as VP from the source "position"."""
        if "vp" in changes:
            changes["vp_sources"] = (("position", changes["vp"]),)
        return self._player(seat, **changes)

    def dice(self, seat: int, text: str) -> Position:
        """The player's dice, e.g. ``"R3 R1 B2"`` (the supply gives and takes the difference)."""
        self._player(seat, dice=parse_dice(text))
        on_boards = [sum(1 for p in self.state.players for c, _ in p.dice if c == colour) for colour in COLOURS]
        total = self.catalog.rules.dice_per_colour
        supply = (total - on_boards[0], total - on_boards[1], total - on_boards[2])
        self.state = evolve(self.state, supply=supply)
        return self

    def supply(self, red: int, blue: int, yellow: int) -> Position:
        """Fewer dice in the supply (the rest set aside: only for scenarios about an empty supply)."""
        self.state = evolve(self.state, supply=(red, blue, yellow))
        self._set_aside = True
        return self

    def telescope(self, seat: int, position: int | str) -> Position:
        """Point the telescope at a space: its number 0-6 or its name (``"observe"``, ``"die/lecture"``,
        ``"comet"``, ``"observe/die"``, ``"upgrade"``; ``"crossed1"``, ``"crossed2"``; see
        :mod:`galileo_rules.model.sky`)."""
        return self._player(seat, telescope=_named(space_number, position))

    def tiles(self, seat: int, *tiles: str, upgraded: tuple[int | str, ...] = ()) -> Position:
        """The Action tiles in slots 0-5, bottom first (``upgraded``: the slots, by number or name, whose tile
        is on its golden side)."""
        known = {t.id for t in self.catalog.action_tiles} | {self.catalog.kepler_tile.id}
        slots = len(self.catalog.action_tiles)
        if len(tiles) != slots or len(set(tiles)) != slots or not known.issuperset(tiles):
            raise PositionError(
                f"tiles: {slots} different Action tiles of {', '.join(sorted(known))}, one per slot; got {tiles}"
            )
        golden = {_named(slot_number, k) for k in upgraded}
        if not golden <= set(range(slots)):
            raise PositionError(f"tiles: upgraded slots are the board's {', '.join(SLOTS[:slots])}; got {upgraded}")
        return self._player(seat, tiles=tuple(TileSlot(t, k in golden) for k, t in enumerate(tiles)))

    def comets(self, seat: int, *, above: int = 0, below: int = 0, waiting: int = 0, placed: int = 0) -> Position:
        board = self.catalog.rules.comets - above - below - waiting - placed
        return self._player(
            seat,
            comets_board=board,
            comets_above=above,
            comets_below=below,
            comets_waiting=waiting,
            comets_placed=placed,
        )

    def _take(self, card: str) -> None:
        """Remove ``card`` from wherever it is."""
        s = self.state
        display = tuple(None if slot is not None and slot.card == card else slot for slot in s.display)
        players = tuple(evolve(p, library=tuple(e for e in p.library if e.card != card)) for p in s.players)
        self.state = evolve(
            s,
            deck=tuple(c for c in s.deck if c != card),
            box=tuple(c for c in s.box if c != card),
            display=display,
            players=players,
        )

    def display(self, slot: int, card: str | None, covered: tuple[tuple[int, int], ...] = ()) -> Position:
        """Put ``card`` on display space ``slot`` (the card there goes to the box); None: a blank space."""
        old = self.state.display[slot]
        if card is not None:
            self._take(card)
        slots = list(self.state.display)
        slots[slot] = None if card is None else DisplaySlot(card, covered)
        self.state = evolve(self.state, display=tuple(slots))
        if old is not None and old.card != card:
            self.state = evolve(self.state, box=(*self.state.box, old.card))
        return self

    def library(self, seat: int, *cards: str, face_up: bool = True) -> Position:
        """Append cards to the player's Library (face up: observed Major Objects)."""
        for card in cards:
            self._take(card)
            entry = LibraryCard(card, face_up, self.catalog.card(card).tier)
            self._player(seat, library=(*self.player(seat).library, entry))
        return self

    def deck(self, *cards: str) -> Position:
        """The deck, top first (the other deck cards go to the box)."""
        rest = [c for c in self.state.deck if c not in cards]
        for card in cards:
            self._take(card)
        self.state = evolve(self.state, deck=tuple(cards), box=(*self.state.box, *rest))
        return self

    def shared(self, **changes: Any) -> Position:
        """GameState fields (scales, subjects, objectives, claims, pages, round, last_round, first_player ...)."""
        self.state = evolve(self.state, **changes)
        return self

    def turn(self, seat: int, *frames: Frame, stage: str = "move", **flags: Any) -> Position:
        """Seat ``seat`` in its turn: ``stage`` "move" or "actions", these turn flags, and ``frames`` pending
        above the turn (innermost last)."""
        self.state = evolve(
            self.state,
            current=seat,
            stack=(TurnFrame(player=seat, stage=stage), *frames),
            turn=TurnFlags(**{"cellar_peak": sum(self.player(seat).cellar), **flags}),
        )
        return self

    # -- Tycho Brahe, the solo opponent (seat 1) ------------------------------------------------------
    def _tycho(self, **changes: Any) -> Position:
        if self.state.tycho is None:
            raise PositionError(f"Tycho Brahe plays only in the solo game (players=1), not with {self.config.players}")
        self.state = evolve(self.state, tycho=evolve(self.state.tycho, **changes))
        return self

    def tycho_tiles(self, *tiles: str, upgraded: tuple[int, ...] = ()) -> Position:
        """Tycho's Action tiles left to right, each once (``upgraded``: the indices on their golden side)."""
        known = [t.id for t in self.catalog.tycho_tiles]
        if sorted(tiles) != sorted(known):
            raise PositionError(
                f"Tycho's tiles: his {len(known)} Action tiles {', '.join(known)}, each once; got {tiles}"
            )
        if not set(upgraded) <= set(range(len(tiles))):
            raise PositionError(f"Tycho's tiles: upgraded indices are 0-{len(tiles) - 1}; got {upgraded}")
        return self._tycho(tiles=tuple(TileSlot(t, k in upgraded) for k, t in enumerate(tiles)))

    def tycho_token(self, index: int) -> Position:
        """Tycho's telescope token below his Action tile ``index`` (0: the leftmost)."""
        tycho = self._tycho().state.tycho
        assert tycho is not None
        if not 0 <= index < len(tycho.tiles):
            raise PositionError(f"Tycho's token: below one of his tiles 0-{len(tycho.tiles) - 1}; got {index}")
        return self._tycho(token=index)

    def tycho_deck(self, *tiles: str) -> Position:
        """Tycho's Movement deck, top first; his other Movement tiles go to his discard pile (so none is lost:
        an empty deck is reshuffled from the discards, GY6)."""
        known = [t.id for t in self.catalog.movement_tiles]
        if not set(tiles) <= set(known) or len(set(tiles)) != len(tiles):
            raise PositionError(f"Tycho's deck: Movement tiles of {', '.join(known)}, each once; got {tiles}")
        return self._tycho(deck=tuple(tiles), discard=tuple(t for t in known if t not in tiles))

    def tycho_turn(self) -> Position:
        """Tycho's turn is next: it settles by itself when the game is made (GY4-GY14)."""
        self._tycho()
        seat = next(seat for seat, p in enumerate(self.state.players) if p.astronomer == TYCHO)
        self.state = evolve(self.state, current=seat, stack=(TychoFrame(player=seat),))
        return self

    def game(self) -> GalileoGame:
        """The game from this position; a position that breaks an invariant raises PositionError."""
        ctx = Context(config=self.config, catalog=self.catalog, rules=RULESETS[self.config.rules_version])
        problems = [
            p for p in state_problems(self.state, ctx) if not (getattr(self, "_set_aside", False) and "dice" in p)
        ]
        if problems:
            raise PositionError("; ".join(problems))
        return GalileoGame.from_position(self.config, self.state, self.catalog)

    @property
    def game_state(self) -> GameState:
        return self.state


def _named(number: Callable[[int | str], int], value: int | str) -> int:
    """A space or slot, by number or name, as its number; PositionError names what is wrong."""
    try:
        return number(value)
    except ValueError as exc:
        raise PositionError(str(exc)) from None


def play(game: GalileoGame, *actions: str) -> GalileoGame:
    """Apply action texts one after the other."""
    for text in actions:
        game = game.apply(text)
    return game
