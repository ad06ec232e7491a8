"""Final scoring (GE1-GE6) and the winners."""

from __future__ import annotations

from galileo_rules.model.state import GameState
from galileo_rules.model.tx import Context, Tx
from galileo_rules.rules import queries as q
from galileo_rules.rules.effects import score


def university_points(state: GameState, ctx: Context, seat: int) -> int:
    """GE2: per Scale, its subject's count times the VP of the player's row (0 on the stairs)."""
    p = state.players[seat]
    total = 0
    for k, subject in enumerate(state.subjects):
        row = p.university[k]
        if row:
            total += q.subject_count(state, ctx, seat, subject) * q.scale_rows(ctx, state, k)[row - 1].vp  # type: ignore[attr-defined]
    return total


def inquisition_points(state: GameState, ctx: Context, seat: int) -> int:
    """GE4: each Inquisitor scores the value below its space."""
    p = state.players[seat]
    return sum(n * v for n, v in zip(p.cellar, q.cellar_of(ctx, p).final, strict=True))


def reputation_points(ctx: Context, reputation: int) -> int:
    track = ctx.catalog.reputation
    return track.vp[track.labels.index(reputation)]


def final_scoring(tx: Tx) -> None:
    """GE1: University, then Inquisition (cellar, then Reputation), for every seat."""
    for seat in range(len(tx.state.players)):
        score(tx, seat, university_points(tx.state, tx.ctx, seat), "final university")
    for seat in range(len(tx.state.players)):
        score(tx, seat, inquisition_points(tx.state, tx.ctx, seat), "final inquisition")
        score(tx, seat, reputation_points(tx.ctx, tx.player(seat).reputation), "final reputation")


def ranking_key(state: GameState, seat: int) -> tuple[int, int, int]:
    """GE5: VP, then the sum of the remaining dice, then Quadrants."""
    p = state.players[seat]
    return (p.vp, sum(v for _, v in p.dice), p.quadrants)


def winners(state: GameState, ctx: Context) -> tuple[int, ...]:
    """The winning seats (several: a shared victory). Solo: the player wins only with more VP than Tycho
    (GY15; a tie is a loss)."""
    if ctx.config.solo:
        return (0,) if state.players[0].vp > state.players[1].vp else (1,)
    best = max(ranking_key(state, s) for s in range(len(state.players)))
    return tuple(s for s in range(len(state.players)) if ranking_key(state, s) == best)
