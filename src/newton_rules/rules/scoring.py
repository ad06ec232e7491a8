"""Final scoring (rules F15-F17, O1-O10): Objective tiles occupied and Masters played."""

from __future__ import annotations

from newton_rules.components.catalog import Catalog
from newton_rules.components.records import ObjectiveTile
from newton_rules.model import events as ev
from newton_rules.model.sources import Source
from newton_rules.model.state import GameState, PlayerState
from newton_rules.model.tx import Tx
from newton_rules.rules import queries as q


def objective_vp(catalog: Catalog, state: GameState, p: PlayerState, tile: ObjectiveTile) -> int:
    """VP that ``tile`` scores for ``p``: ``vp`` per ``per`` items counted, at most ``cap``."""
    vp = tile.vp * (q.count(catalog, state, p, tile.counter) // tile.per)
    return vp if tile.cap is None else min(vp, tile.cap)


def final_scoring(tx: Tx) -> None:
    catalog = tx.ctx.catalog
    state = tx.state
    for p in state.players:
        for where, space, tile_id in q.objective_spaces(catalog, state):
            if q.occupies_objective(catalog, p, where, space):
                tile = catalog.objectives_by_id[tile_id]
                tx.gain(p.seat, Source("objective", tile_id), vp=objective_vp(catalog, tx.state, p, tile))
        for master in p.masters_played:
            tx.gain(p.seat, Source("master_vp", master), vp=catalog.masters_by_id[master].vp)
    scores = tuple(p.vp for p in tx.state.players)
    best = max(scores)
    tx.emit(ev.GameEnded(scores=scores, winners=tuple(i for i, s in enumerate(scores) if s == best)))


def solo_rank(catalog: Catalog, score: int) -> str:
    """F17: the academic title of a solo score."""
    title = ""
    for lower, name in catalog.constants.solo_ranks:
        if score >= lower:
            title = name
    return title
