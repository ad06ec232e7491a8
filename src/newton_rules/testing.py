"""Tools for testing rules and variants: a position builder, invariant checks, random simulation, perft.

- :class:`Position`: build a scenario position readably (below).
- :func:`random_simulation_check`: play random games of any configuration (any data pack) and check
  every action (invariants, illegal actions, save round trips, replay determinism).
- :func:`check_invariants`, :func:`perft`, :func:`divide`.

    from newton_rules.testing import Position
    game = (
        Position(players=2, seed=1)
        .player(0, coins=3, hand=["work", "travel"], work="w2")
        .desk(0, "work")                  # cards already played this round (left to right)
        .turn(0, played="work")           # player 0's turn, this card just played
        .game()
    )
    game = game.apply("basic work")

Card names may be ids (``L1-04``) or a starting card's symbol (``"work"`` is the player's own
Starting Work card). The builder starts from a real setup of ``seed`` and changes only what you say;
:meth:`Position.card` states what a card shows, so that a rule test does not depend on the reference
deck (``.card(0, "L1-01", special=Exchange(pay=Amount(coins=2), gain=Amount(vp=3)))``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import attrs

from newton_rules.components.catalog import Catalog, starting_card_for
from newton_rules.components.loading import default_catalog
from newton_rules.errors import PositionError
from newton_rules.game import Game
from newton_rules.invariants import add_to_ledger, check_invariants, mutated_actions, start_ledger
from newton_rules.model.config import GameConfig, Options
from newton_rules.model.events import ResourcesChanged
from newton_rules.model.frames import Frame, TurnFrame
from newton_rules.model.state import GameState, PlayerState
from newton_rules.perft import divide, perft
from newton_rules.rules.quick import QUICK_KINDS
from newton_rules.rules.setup import setup
from rules_core.checks import SimulationReport
from rules_core.checks import random_simulation_check as core_check
from rules_core.records import evolve

# Every option set a long random check cycles through: the defaults, the Master draft, every other
# documented reading at once, then each expansion module alone (with and without the draft and the
# other readings) and all of them together (tests/test_random_simulation.py, scripts/soak.py).
OPTION_SETS: tuple[Options, ...] = (
    Options(),
    Options(master_draft=True),
    Options(
        rewards_timing="immediate",
        invention_actions="combined",
        work_coins="moved",
        cavendish_pile_bonus=True,
        quick_actions="turn",
        auto_potions=True,
    ),
    Options(advanced_lessons=True),
    Options(great_discoveries=True, master_draft=True),
    Options(
        extra_objectives=True,
        rewards_timing="immediate",
        invention_actions="combined",
        work_coins="moved",
        quick_actions="turn",
        auto_potions=True,
    ),
    Options(
        advanced_lessons=True,
        great_discoveries=True,
        extra_objectives=True,
        master_draft=True,
        discovery_half_cost="down",
    ),
)

_CARD_FIELDS = ("hand", "desk", "tucked")
_DISCOVERY_FIELDS = ("discoveries", "discoveries_used")  # Great Discovery tiles face up, face down
_MASTER_FIELDS = ("masters", "masters_played", "draft")


class Position:
    """Build a game position step by step; every method returns the builder."""

    def __init__(
        self, players: int = 2, seed: int = 0, options: Options | None = None, catalog: Catalog | None = None
    ) -> None:
        self.config = GameConfig(players=players, seed=seed, options=options or Options())
        self.catalog = catalog or default_catalog()
        state, deal = setup(self.config, self.catalog)
        players_state = list(state.players)
        for event in deal:
            players_state[event.player] = evolve(players_state[event.player], masters=event.masters[:4])
        self.state = evolve(
            state, players=tuple(players_state), phase="action", stack=(TurnFrame(player=state.first_player),)
        )

    # -- players ------------------------------------------------------------------------------
    def card_id(self, seat: int, name: str) -> str:
        """A card id from an id or a starting card symbol (the player's own colour)."""
        if name in self.catalog.cards_by_id:
            return name
        colour = self.state.players[seat].colour
        for template in self.catalog.starting_cards:
            if template.id == name:
                return starting_card_for(template, colour).id
        raise KeyError(f"no card {name!r}")

    def player(self, seat: int, **fields: Any) -> Position:
        """Set fields of a player's state (see :class:`~newton_rules.model.state.PlayerState`).

        Cards and Masters given are moved, not copied: taken from wherever they are (decks, lines, other
        players); a player's cards that no field keeps any more are set aside with the removed cards, and
        Masters played that are not also given a hand leave the dealt hand only as many as remain."""
        for name in _CARD_FIELDS:
            if name in fields:
                fields[name] = tuple(self.card_id(seat, c) for c in fields[name])
        p_masters = self.state.players[seat].masters
        self._take_components(seat, fields)
        for name in (
            "cubes",
            "books",
            "bonus_tokens",
            "masters",
            "masters_played",
            "round_volumes",
            *_DISCOVERY_FIELDS,
        ):
            if name in fields:
                fields[name] = tuple(fields[name])
        self._take_discoveries(fields)
        if "students" in fields:
            students = list(fields["students"])
            students += [None] * (self.catalog.constants.students_per_player - len(students))
            fields["students"] = tuple(students)
        if "drawers" in fields:
            fields["drawers"] = tuple(fields["drawers"])
        elif "board" in fields:  # a new Study board brings its own printed drawer symbol
            printed = self.catalog.boards_by_id[fields["board"]]
            drawers: list[str | None] = [None] * self.catalog.constants.drawers
            drawers[printed.printed_drawer] = printed.printed_symbol
            fields["drawers"] = tuple(drawers)
        if "masters_played" in fields and "masters" not in fields:
            room = self.catalog.constants.masters_per_player - len(fields["masters_played"])
            fields["masters"] = tuple(m for m in p_masters if m not in fields["masters_played"])[: max(0, room)]
        if "income" in fields:
            income = list(fields["income"])
            income += [None] * (self.catalog.constants.income_spaces - len(income))
            fields["income"] = tuple(income)
        players = list(self.state.players)
        players[seat] = evolve(players[seat], **fields)
        self.state = evolve(self.state, players=tuple(players))
        return self

    def _take_components(self, seat: int, fields: dict[str, Any]) -> None:
        """Take the cards and Masters named in ``fields`` out of every other place (see :meth:`player`)."""
        given = {c for name in _CARD_FIELDS for c in fields.get(name, ())}
        masters = {m for name in _MASTER_FIELDS for m in fields.get(name, ())}
        p = self.state.players[seat]
        kept = {c for name in _CARD_FIELDS if name not in fields for c in getattr(p, name)}
        dropped = tuple(c for name in _CARD_FIELDS if name in fields for c in getattr(p, name) if c not in given | kept)
        board = self.state.board
        self.state = evolve(
            self.state,
            players=tuple(
                evolve(
                    other,
                    **{name: tuple(c for c in getattr(other, name) if c not in given) for name in _CARD_FIELDS},
                    **{name: tuple(m for m in getattr(other, name) if m not in masters) for name in _MASTER_FIELDS},
                )
                for other in self.state.players
            ),
            board=evolve(
                board,
                decks=tuple(tuple(c for c in deck if c not in given) for deck in board.decks),
                lines=tuple(tuple(c for c in line if c not in given) for line in board.lines),
                removed_cards=(*(c for c in board.removed_cards if c not in given), *dropped),
            ),
        )

    def _take_discoveries(self, fields: dict[str, Any]) -> None:
        """Take the Great Discovery tiles named in ``fields`` off the table and from the other players."""
        given = {t for name in _DISCOVERY_FIELDS for t in fields.get(name, ())}
        if not given:
            return
        players = tuple(
            evolve(
                other, **{name: tuple(t for t in getattr(other, name) if t not in given) for name in _DISCOVERY_FIELDS}
            )
            for other in self.state.players
        )
        table = tuple(t for t in self.state.board.discoveries if t not in given)
        self.state = evolve(self.state, players=players, board=evolve(self.state.board, discoveries=table))

    def desk(self, seat: int, *cards: str) -> Position:
        """Cards on the desk this round, left to right (taken out of the hand if there)."""
        ids = tuple(self.card_id(seat, c) for c in cards)
        p = self.state.players[seat]
        return self.player(seat, desk=ids, hand=tuple(c for c in p.hand if c not in ids))

    def tucked(self, seat: int, *cards: str) -> Position:
        """Cards under the desk, left to right (taken out of the hand if there)."""
        ids = tuple(self.card_id(seat, c) for c in cards)
        p = self.state.players[seat]
        return self.player(seat, tucked=ids, hand=tuple(c for c in p.hand if c not in ids))

    def hand(self, seat: int, *cards: str) -> Position:
        return self.player(seat, hand=tuple(self.card_id(seat, c) for c in cards))

    def card(self, seat: int, name: str, **fields: Any) -> Position:
        """Give a card what the scenario says it shows (``special``, ``volumes``, ``symbols``), so that a test
        states the card it reads instead of relying on the reference deck. ``name`` as in :meth:`card_id`;
        a Starting card changes for its own colour only."""
        card_id = self.card_id(seat, name)
        catalog = self.catalog
        if any(c.id == card_id for c in catalog.action_cards):
            cards = tuple(attrs.evolve(c, **fields) if c.id == card_id else c for c in catalog.action_cards)
            self.catalog = attrs.evolve(catalog, action_cards=cards)
            return self
        if set(fields) != {"volumes"}:
            raise PositionError(f"card: a Starting card only takes volumes, got {sorted(fields)}")
        colour = self.state.players[seat].colour
        templates = tuple(
            attrs.evolve(
                t,
                colour_volumes=(
                    *((c, v) for c, v in t.colour_volumes if c != colour),
                    (colour, tuple(fields["volumes"])),
                ),
            )
            if starting_card_for(t, colour).id == card_id
            else t
            for t in catalog.starting_cards
        )
        self.catalog = attrs.evolve(catalog, starting_cards=templates)
        return self

    def development(self, seat: int, *actions: str | None) -> Position:
        """Drawer contents, left to right; the board's printed drawer keeps its symbol unless given."""
        p = self.state.players[seat]
        drawers = list(p.drawers)
        for i, action in enumerate(actions):
            drawers[i] = action
        return self.player(seat, drawers=drawers)

    # -- the boards ---------------------------------------------------------------------------
    def board(self, **fields: Any) -> Position:
        """Set fields of the shared board state (see :class:`~newton_rules.model.state.BoardState`); cards
        that new decks or lines leave out are set aside with the removed cards."""
        before = _cards_in_play(self.state)
        board = evolve(self.state.board, **fields)
        self.state = evolve(self.state, board=board)
        lost = [c for c in before if c not in _cards_in_play(self.state)]
        if lost:
            self.state = evolve(self.state, board=evolve(board, removed_cards=(*board.removed_cards, *lost)))
        return self

    def line(self, level: int, *cards: str) -> Position:
        """Face-up cards of a level's line (taken out of the decks, the other lines and the removed cards)."""
        board = self.state.board
        lines = [tuple(c for c in line if c not in cards) for line in board.lines]
        decks = [tuple(c for c in deck if c not in cards) for deck in board.decks]
        lines[level - 1] = tuple(cards)
        removed = tuple(c for c in board.removed_cards if c not in cards)
        return self.board(lines=tuple(lines), decks=tuple(decks), removed_cards=removed)

    def map_tile(self, space: str, tile: str) -> Position:
        """Put ``tile`` on Map space ``space``, swapping it with the tile that was there."""
        return self.board(map_tiles=_swap(self.state.board.map_tiles, space, tile))

    def track_tile(self, space: str, tile: str) -> Position:
        """Put ``tile`` on track space ``space`` (swapping with the tile there, if any)."""
        pairs = self.state.board.track_tiles
        if any(t == tile for _, t in pairs):
            pairs = _swap(pairs, space, tile)
        else:
            pairs = tuple((s, tile if s == space else t) for s, t in pairs)
            if all(s != space for s, _ in pairs):
                pairs = (*pairs, (space, tile))
        return self.board(track_tiles=pairs)

    def map_objective(self, tile: str) -> Position:
        return self.board(map_objective=tile)

    def bonus(self, tokens: Iterable[tuple[str, str]]) -> Position:
        """Exactly these (space, token) Bonus tokens on the boards."""
        return self.board(bonus=tuple(tokens))

    # -- the decision ---------------------------------------------------------------------------
    def turn(self, seat: int, played: str | None = None, round: int = 1, nth: int = 1, **flags: Any) -> Position:
        """It is ``seat``'s ``nth`` turn (1 to 5) in ``round``; ``played`` is the card already put on the
        desk this turn."""
        turns = self.catalog.constants.turns_per_round
        if isinstance(nth, bool) or not isinstance(nth, int) or not 1 <= nth <= turns:
            raise PositionError(f"turn: nth must be 1 to {turns} (a seat's turns in a round), got {nth!r}")
        card = None
        if played is not None:
            card = self.card_id(seat, played)
            p = self.state.players[seat]
            if card not in p.desk:
                self.player(seat, desk=(*p.desk, card), hand=tuple(c for c in p.hand if c != card))
        n = len(self.state.players)
        turn_index = (nth - 1) * n + (seat - self.state.first_player) % n + 1
        self.state = evolve(
            self.state,
            phase="action",
            round=round,
            turn_index=turn_index,
            stack=(TurnFrame(player=seat, card=card, **flags),),
        )
        return self

    def decide(self, *frames: Frame) -> Position:
        """Replace the pending-decision stack (bottom first)."""
        self.state = evolve(self.state, stack=tuple(frames))
        return self

    def with_state(self, **fields: Any) -> Position:
        self.state = evolve(self.state, **fields)
        return self

    def game(self) -> Game:
        """The game from this position; a position no game can reach raises :class:`PositionError`."""
        game = Game.from_position(self.config, self.state, self.catalog)
        problems = check_invariants(game)
        if problems:
            raise PositionError(f"impossible position: {'; '.join(problems)}")
        return game

    def end_of_round(self, round: int = 6) -> Game:
        """The game just after the last turn of ``round``: its End Round runs (with final scoring after
        round 6) and the game waits at the first decision that follows."""
        n = len(self.state.players)
        turns = self.catalog.constants.turns_per_round
        return self.with_state(phase="action", round=round, turn_index=turns * n, stack=()).game()

    def players(self) -> tuple[PlayerState, ...]:
        return self.state.players


def _cards_in_play(state: GameState) -> set[str]:
    """Every Action card somewhere in ``state``: decks, lines, removed, each player's hand, desk, tucked."""
    board = state.board
    cards = {c for zone in (*board.decks, *board.lines, board.removed_cards) for c in zone}
    return cards | {c for p in state.players for name in _CARD_FIELDS for c in getattr(p, name)}


def _swap(pairs: tuple[tuple[str, str], ...], space: str, tile: str) -> tuple[tuple[str, str], ...]:
    current = dict(pairs)
    old_tile = current.get(space)
    old_space = next((s for s, t in pairs if t == tile), None)
    out = []
    for s, t in pairs:
        if s == space:
            out.append((s, tile))
        elif s == old_space and old_tile is not None:
            out.append((s, old_tile))
        else:
            out.append((s, t))
    return tuple(out)


def legal_texts(game: Game, *, quick: bool = True) -> set[str]:
    """The legal actions of ``game`` as notation texts; ``quick=False`` leaves out the Quick Actions
    (Q1, Q3, Q4), which are legal at almost every decision of a turn (Q5)."""
    return {str(a) for a in game.legal_actions() if quick or a.kind not in QUICK_KINDS}


def vp_by_reason(game: Game, seat: int) -> dict[str, int]:
    """VP ``seat`` received over the game, summed by the label of the events' source
    ("objective O3", "master brahe"...)."""
    out: dict[str, int] = {}
    for event in game.events:
        if isinstance(event, ResourcesChanged) and event.player == seat and event.vp:
            label = str(event.source)
            out[label] = out.get(label, 0) + event.vp
    return out


# -- the random-simulation check ------------------------------------------------------------------------


def random_simulation_check(
    game_or_config: Game | GameConfig,
    games: int = 10,
    seed: int = 0,
    *,
    json_every: int = 10,
    illegal_every: int = 5,
    max_failures: int = 10,
) -> SimulationReport:
    """Play ``games`` random games from ``game_or_config`` and check every action (see module doc).

    ``json_every``: save/load round trip and replay determinism every N actions (and at the end);
    ``illegal_every``: try mutated actions every N actions. Returns a :class:`SimulationReport`.
    The engine core's check (:func:`rules_core.checks.random_simulation_check`) with Newton's invariants,
    kept as a running ledger, and Newton's mutated actions.
    """
    return core_check(
        Game,
        game_or_config,
        games,
        seed,
        json_every=json_every,
        illegal_every=illegal_every,
        max_failures=max_failures,
        watch=_ledger_watch,
        mutations=mutated_actions,
    )


def _ledger_watch(start: Game) -> Callable[[Game], list[str]]:
    """The invariants of ``start`` and of each game after it, the resources summed as the events come."""
    ledger = add_to_ledger(start_ledger(start), start.events)
    last = [start]

    def check(game: Game) -> list[str]:
        if game is not last[0]:
            add_to_ledger(ledger, game.last_events)
            last[0] = game
        return check_invariants(game, ledger)

    return check


__all__ = [
    "OPTION_SETS",
    "GameState",
    "Position",
    "SimulationReport",
    "check_invariants",
    "divide",
    "legal_texts",
    "perft",
    "random_simulation_check",
    "vp_by_reason",
]
