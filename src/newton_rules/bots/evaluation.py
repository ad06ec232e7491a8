"""A documented evaluation of a position for one player, in Victory Points.

``score_estimate(game, seat)`` = VP now
  + income still to come (completed bookshelf lines, Income and Medicine tiles) x End Rounds left
  + the Objective tiles the player occupies, scored on the current counts
  + VP of the Masters played, and 2 VP per Master still in hand (they will be played somewhere)
  + small values for means of scoring later: coins 0.3, Potions 0.5, Bonus tokens held 0.3,
    placed Bookshelf tiles 0.7, cubes on the Map 0.6, Development tiles 1.5, non-starting cards in hand
    or on the desk 0.8, Students beyond the start 0.25 per step, Work marker 0.3 per step.
Values for means fade as the game nears its end (they are worth nothing after the last round).

``evaluate(game, seat)`` is the estimate minus the best opponent's (the estimate itself when solo).
"""

from __future__ import annotations

import attrs

from newton_rules.components.catalog import Catalog
from newton_rules.game import Game
from newton_rules.model.actions import Action
from newton_rules.rules import queries as q
from newton_rules.rules.end_round import medicine_cities
from newton_rules.rules.scoring import objective_vp

ObjectiveSpaces = tuple[tuple[str, str, str], ...]


@attrs.define(eq=False)
class _Static:
    """What the estimate reads from the catalog alone, worked out once per catalog (it is called often)."""

    catalog: Catalog  # kept so that the id it is cached under stays this catalog's
    work_depth: dict[str, int]
    tech_depth: dict[str, int]
    starting: frozenset[str]  # ids of every Starting card
    prefilled: dict[str, frozenset[str]]  # board -> book spaces printed as covered
    lines: dict[str, tuple[tuple[frozenset[str], int], ...]]  # board -> (spaces, VP) of each line, in order
    printed: dict[str, int]  # board -> the drawer with a printed symbol
    objectives: dict[tuple[str, tuple[tuple[str, str], ...]], ObjectiveSpaces] = attrs.field(factory=dict)

    def objective_spaces(self, game: Game) -> ObjectiveSpaces:
        """:func:`~newton_rules.rules.queries.objective_spaces`, cached by the tiles it reads."""
        board = game.state.board
        key = (board.map_objective, board.track_tiles)
        found = self.objectives.get(key)
        if found is None:
            if len(self.objectives) > 256:
                self.objectives.clear()
            found = self.objectives[key] = q.objective_spaces(self.catalog, game.state)
        return found


_STATIC: dict[int, _Static] = {}


def _depths(catalog: Catalog) -> tuple[dict[str, int], dict[str, int]]:
    """Steps from the start of each space of the Work and Technology tracks."""
    out = []
    for track in (catalog.work_track, catalog.technology_track):
        depth = {track.start: 0}
        frontier = [track.start]
        by_id = {s.id: s for s in track.spaces}
        while frontier:
            space = frontier.pop()
            for nxt in by_id[space].next:
                if nxt not in depth:
                    depth[nxt] = depth[space] + 1
                    frontier.append(nxt)
        out.append(depth)
    return out[0], out[1]


def _static(catalog: Catalog) -> _Static:
    cached = _STATIC.get(id(catalog))
    if cached is not None and cached.catalog is catalog:
        return cached
    work_depth, tech_depth = _depths(catalog)
    boards = catalog.study_boards
    static = _Static(
        catalog=catalog,
        work_depth=work_depth,
        tech_depth=tech_depth,
        starting=frozenset(cid for cid, card in catalog.cards_by_id.items() if card.is_starting),
        prefilled={b.id: frozenset(s.id for s in b.book_spaces if s.prefilled) for b in boards},
        lines={b.id: tuple((frozenset(line.spaces), line.vp) for line in b.lines) for b in boards},
        printed={b.id: b.printed_drawer for b in boards},
    )
    _STATIC[id(catalog)] = static
    return static


def score_estimate(game: Game, seat: int) -> float:
    """Expected final VP of ``seat`` by the rule of thumb in the module doc."""
    catalog = game.catalog
    static = _static(catalog)
    c = catalog.constants
    state = game.state
    p = state.players[seat]
    rounds_left = 0 if game.is_over else c.rounds - state.round + (0 if state.phase == "end_round" else 1)
    later = rounds_left / c.rounds
    value = float(p.vp)
    covered = static.prefilled[p.board].union(p.books)
    income: float = sum(vp for spaces, vp in static.lines[p.board] if spaces <= covered)
    for kind in p.income:
        if kind == "vp":
            income += 2
        elif kind == "coins":
            income += 0.6
        elif kind == "potion":
            income += 0.5
        elif kind == "medicine":
            income += 3 if medicine_cities(state, game._ctx, seat) >= 2 else 1
    value += income * rounds_left
    if not game.is_over:
        for where, space, tile_id in static.objective_spaces(game):
            if q.occupies_objective(catalog, p, where, space):
                value += objective_vp(catalog, state, p, catalog.objectives_by_id[tile_id])
        value += sum(catalog.masters_by_id[m].vp for m in p.masters_played)
    value += 2 * len(p.masters) * later
    printed = static.printed[p.board]
    starting = static.starting
    work_depth, tech_depth = static.work_depth, static.tech_depth
    means = (
        0.3 * p.coins
        + 0.5 * p.potions
        + 0.3 * len(p.bonus_tokens)
        + 0.7 * len(p.books)
        + 0.6 * len(p.cubes)
        + 1.5 * sum(1 for i, d in enumerate(p.drawers) if d is not None and i != printed)
        + 0.8 * (len(p.hand) + len(p.desk) - sum(1 for cid in (*p.hand, *p.desk) if cid in starting))
        + 0.25 * sum(0 if s is None else tech_depth.get(s, 0) for s in p.students)
        + 0.3 * (0 if p.work is None else work_depth.get(p.work, 0))
    )
    return value + means * later


def evaluations(game: Game) -> tuple[float, ...]:
    """Each seat's estimate minus the best other estimate (solo: the estimate), every estimate computed once."""
    estimates = [score_estimate(game, s) for s in range(game.config.players)]
    if len(estimates) == 1:
        return (estimates[0],)
    return tuple(own - max(e for s, e in enumerate(estimates) if s != seat) for seat, own in enumerate(estimates))


def evaluate(game: Game, seat: int) -> float:
    """``seat``'s estimate minus the best opponent's estimate (solo: the estimate)."""
    return evaluations(game)[seat]


def nudge(game: Game, action: Action) -> float:
    """VP the evaluation cannot see, added when ranking actions, never to a value backed up: end a turn
    only once the card's Basic Action was used, prefer going on to stopping."""
    if action.kind == "end":
        return -0.5 if getattr(game.state.top, "basic_done", True) is False else 0.0
    if action.kind in ("stop", "decline"):
        return -0.05
    return 0.0
