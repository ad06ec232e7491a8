"""Invariants every reachable game must satisfy, and a random-simulation check built on them.

``check_invariants(game)`` returns the problems it finds (an empty list for a sound game):

- the ledger: each player's coins, VP and Potions equal the starting amount plus the sum of that
  player's ``ResourcesChanged`` events (nothing changes a counted resource without an event);
- conservation: every Action card in exactly one place (a deck, a line, a hand, a desk, under a desk,
  out of the game); every Master in at most one place; pieces within their counts (12 cubes, 12
  Bookshelf tiles, 4 Students, drawers and income spaces 5); at most one cube of a colour per space and
  one Student of a colour per path end; limited supplies never negative; every Great Discovery tile in
  at most one place (the table, face up or face down with a player);
- progress: a game not over has a decision with at least one legal action;
- bounds: no decision offers more legal actions, and no game takes more decisions, than the bounds
  derived from the configuration and the data pack (:func:`newton_rules.bounds.game_bounds`).

The random-simulation check that plays games and applies these checks after every action is
:func:`newton_rules.testing.random_simulation_check`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from typing import Protocol

from newton_rules.bounds import game_bounds
from newton_rules.components.catalog import Catalog, starting_card_for
from newton_rules.decisions import Decision
from newton_rules.model import events as ev
from newton_rules.model.actions import ACTION_KINDS, Action
from newton_rules.model.config import GameConfig
from newton_rules.model.state import GameState

Ledger = dict[int, list[int]]


class CheckedGame(Protocol):
    """What the invariants read of a game (a :class:`newton_rules.Game`): its position, the events and length
    of its log, and the pending decision with its legal actions."""

    @property
    def state(self) -> GameState: ...

    @property
    def config(self) -> GameConfig: ...

    @property
    def catalog(self) -> Catalog: ...

    @property
    def position(self) -> GameState | None: ...

    @property
    def events(self) -> tuple[ev.Event, ...]: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def decision(self) -> Decision | None: ...

    def legal_actions(self) -> tuple[Action, ...]: ...

    def __len__(self) -> int: ...


def check_invariants(game: CheckedGame, ledger: Ledger | None = None) -> list[str]:
    """Every broken invariant of ``game``, as readable strings.

    ``ledger`` may pass the running totals of (coins, VP, Potions) per seat kept by :func:`add_to_ledger`,
    so that long games are not summed from the start at every check.
    """
    totals = ledger if ledger is not None else add_to_ledger(start_ledger(game), game.events)
    return [*_ledger(game, totals), *_cards(game), *_masters(game), *_pieces(game), *_progress(game)]


def start_ledger(game: CheckedGame) -> Ledger:
    """(coins, VP, Potions) per seat before any event: the rules' start, or the built position's."""
    c = game.catalog.constants
    if game.position is None:
        return {p.seat: [c.starting_coins, 0, 0] for p in game.state.players}
    return {p.seat: [p.coins, p.vp, p.potions] for p in game.position.players}


def add_to_ledger(ledger: Ledger, events: Iterable[ev.Event]) -> Ledger:
    """Add the resource changes of ``events`` to ``ledger`` (in place) and return it."""
    for event in events:
        if isinstance(event, ev.ResourcesChanged):
            t = ledger[event.player]
            t[0] += event.coins
            t[1] += event.vp
            t[2] += event.potions
    return ledger


def _ledger(game: CheckedGame, totals: Ledger) -> list[str]:
    problems = []
    for p in game.state.players:
        expected = tuple(totals[p.seat])
        if (p.coins, p.vp, p.potions) != expected:
            problems.append(f"player {p.seat}: (coins, vp, potions) {(p.coins, p.vp, p.potions)} != ledger {expected}")
        if p.coins < 0 or p.potions < 0:
            problems.append(f"player {p.seat}: negative coins or potions ({p.coins}, {p.potions})")
    return problems


def all_cards(game: CheckedGame) -> set[str]:
    """Every Action card in play: the level decks (with the Advanced Lessons cards, X1) and each player's
    Starting cards."""
    cards = {c.id for c in game.catalog.deck_cards(game.config.options.advanced_lessons)}
    for p in game.state.players:
        cards |= {starting_card_for(t, p.colour).id for t in game.catalog.starting_cards}
    return cards


def _cards(game: CheckedGame) -> list[str]:
    state = game.state
    places: Counter[str] = Counter()
    for zone in (*state.board.decks, *state.board.lines, state.board.removed_cards):
        places.update(zone)
    for p in state.players:
        places.update(p.hand)
        places.update(p.desk)
        places.update(p.tucked)
    expected = all_cards(game)
    problems = [f"card {c} is in {n} places" for c, n in places.items() if n != 1]
    missing = expected - set(places)
    extra = set(places) - expected
    if missing:
        problems.append(f"cards in no place: {sorted(missing)}")
    if extra:
        problems.append(f"unknown cards in play: {sorted(extra)}")
    for p in state.players:
        if len(p.desk) > game.catalog.constants.turns_per_round:
            problems.append(f"player {p.seat}: {len(p.desk)} cards on the desk")
        if len(p.tucked) > game.catalog.constants.rounds - 1:
            problems.append(f"player {p.seat}: {len(p.tucked)} cards under the desk")
    return problems


def _masters(game: CheckedGame) -> list[str]:
    seen: Counter[str] = Counter()
    for p in game.state.players:
        seen.update(p.masters)
        seen.update(p.masters_played)
        seen.update(p.draft)
        if len(p.masters) + len(p.masters_played) > game.catalog.constants.masters_per_player:
            problems = [f"player {p.seat} holds more than {game.catalog.constants.masters_per_player} Masters"]
            return problems
    known = set(game.catalog.masters_by_id)
    problems = [f"Master {m} is in {n} places" for m, n in seen.items() if n != 1]
    problems += [f"unknown Master {m}" for m in seen if m not in known]
    return problems


def _pieces(game: CheckedGame) -> list[str]:
    catalog = game.catalog
    c = catalog.constants
    problems: list[str] = []
    for p in game.state.players:
        if len(p.cubes) > c.cubes_per_player or len(set(p.cubes)) != len(p.cubes):
            problems.append(f"player {p.seat}: cubes {p.cubes} (at most one per space, {c.cubes_per_player} in all)")
        if any(space not in catalog.map_spaces for space in p.cubes):
            problems.append(f"player {p.seat}: a cube off the map")
        if len(p.books) + p.books_removed > c.book_tiles or len(set(p.books)) != len(p.books):
            problems.append(f"player {p.seat}: book tiles {p.books} removed {p.books_removed}")
        board = catalog.book_spaces[p.board]
        if any(space not in board or board[space].prefilled for space in p.books):
            problems.append(f"player {p.seat}: a book tile off the bookshelf or on the printed space")
        if len(p.students) != c.students_per_player:
            problems.append(f"player {p.seat}: {len(p.students)} Students")
        ends = [s for s in p.students if s is not None and not catalog.technology_spaces[s].next]
        if len(ends) != len(set(ends)):
            problems.append(f"player {p.seat}: two Students on one path end")
        if len(p.drawers) != c.drawers or len(p.income) != c.income_spaces:
            problems.append(f"player {p.seat}: drawers / income spaces are not {c.drawers} / {c.income_spaces}")
        if p.work not in catalog.work_spaces or p.scientist not in catalog.map_spaces:
            problems.append(f"player {p.seat}: marker or Scientist off its board")
    board_state = game.state.board
    for kind, n in (*board_state.income_supply, *board_state.development_supply):
        if n < 0:
            problems.append(f"supply of {kind} is negative ({n})")
    if board_state.medicine_supply < 0:
        problems.append("Medicine supply is negative")
    return problems + _discoveries(game)


def _discoveries(game: CheckedGame) -> list[str]:
    """Every Great Discovery tile in at most one place: on the table, face up or face down with a player."""
    state = game.state
    places = [*state.board.discoveries, *(t for p in state.players for t in (*p.discoveries, *p.discoveries_used))]
    problems = [
        f"Great Discovery tile {t} is in {places.count(t)} places" for t in sorted(set(places)) if places.count(t) > 1
    ]
    return problems + [f"unknown Great Discovery tile {t}" for t in places if t not in game.catalog.discoveries_by_id]


def _progress(game: CheckedGame) -> list[str]:
    if game.is_over:
        return [] if not game.state.stack else ["game over with decisions pending"]
    legal = game.legal_actions()
    if not legal:
        return [f"no legal action in decision {game.decision}"]
    bounds = game_bounds(game.config, game.catalog)
    problems = []
    if len(legal) > bounds.max_legal_actions:
        problems.append(f"{len(legal)} legal actions, above the bound of {bounds.max_legal_actions}")
    if len(game) > bounds.max_decisions:
        problems.append(f"game longer than the bound of {bounds.max_decisions} decisions")
    return problems


def mutated_actions(game: CheckedGame, legal: Iterable[Action], rnd: random.Random) -> list[Action]:
    """Actions that look plausible but are not in ``legal``: other args, other kinds, foreign ids."""
    legal_set = set(legal)
    pool = [a.arg for a in legal_set if a.arg] + ["0", "9", "L1-01", "boyle", "basel", "w0", "t0", "?"]
    out = []
    for _ in range(6):
        kind = rnd.choice(list(ACTION_KINDS))
        arg = rnd.choice(pool) if ACTION_KINDS[kind] else ""
        action = Action(kind, arg)
        if action not in legal_set:
            out.append(action)
    return out
