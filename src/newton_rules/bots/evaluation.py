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

from newton_rules.game import Game
from newton_rules.rules import queries as q
from newton_rules.rules.end_round import medicine_cities
from newton_rules.rules.scoring import objective_vp


def _depth(spaces: dict[str, int], space: str | None) -> int:
    return 0 if space is None else spaces.get(space, 0)


# id(catalog) -> (catalog, Work depths, Technology depths); the catalog is kept to make the id safe.
_DEPTHS: dict[int, tuple[object, dict[str, int], dict[str, int]]] = {}


def _track_depths(game: Game) -> tuple[dict[str, int], dict[str, int]]:
    """Steps from the start of each space of the Work and Technology tracks (cached per catalog)."""
    catalog = game.catalog
    cached = _DEPTHS.get(id(catalog))
    if cached is not None and cached[0] is catalog:
        return cached[1], cached[2]
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
    _DEPTHS[id(catalog)] = (catalog, out[0], out[1])
    return out[0], out[1]


def score_estimate(game: Game, seat: int) -> float:
    """Expected final VP of ``seat`` by the rule of thumb in the module doc."""
    catalog = game.catalog
    c = catalog.constants
    state = game.state
    p = state.players[seat]
    rounds_left = 0 if game.is_over else c.rounds - state.round + (0 if state.phase == "end_round" else 1)
    later = rounds_left / c.rounds
    value = float(p.vp)
    board = catalog.boards_by_id[p.board]
    line_vp = {line.id: line.vp for line in board.lines}
    income: float = sum(line_vp[line] for line in q.completed_lines(catalog, p))
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
        for where, space, tile_id in q.objective_spaces(catalog, state):
            if q.occupies_objective(catalog, p, where, space):
                value += objective_vp(catalog, state, p, catalog.objectives_by_id[tile_id])
        value += sum(catalog.masters_by_id[m].vp for m in p.masters_played)
    value += 2 * len(p.masters) * later
    work_depth, tech_depth = _track_depths(game)
    means = (
        0.3 * p.coins
        + 0.5 * p.potions
        + 0.3 * len(p.bonus_tokens)
        + 0.7 * len(p.books)
        + 0.6 * len(p.cubes)
        + 1.5 * sum(1 for i, d in enumerate(p.drawers) if d is not None and not q.drawer_is_printed(catalog, p, i))
        + 0.8 * sum(1 for cid in (*p.hand, *p.desk) if not catalog.cards_by_id[cid].is_starting)
        + 0.25 * sum(_depth(tech_depth, s) for s in p.students)
        + 0.3 * _depth(work_depth, p.work)
    )
    return value + means * later


def evaluate(game: Game, seat: int) -> float:
    """``seat``'s estimate minus the best opponent's estimate (solo: the estimate)."""
    own = score_estimate(game, seat)
    others = [score_estimate(game, s) for s in range(game.config.players) if s != seat]
    return own - max(others) if others else own
