"""Work (rules W1-W6): move the Work marker up to the value, receive Coins."""

from __future__ import annotations

from newton_rules.components.records import SPECIAL_SPACE_KINDS
from newton_rules.effects.primitives import Gain, PlayMaster
from newton_rules.model import events as ev
from newton_rules.model import sources as src
from newton_rules.model.actions import STOP, Action
from newton_rules.model.frames import WorkFrame
from newton_rules.model.state import GameState
from newton_rules.model.tx import Context, Tx
from newton_rules.rules import queries as q
from newton_rules.rules.requirements import can_meet, pay_requirement
from newton_rules.rules.rewards import end_action, grant
from rules_core.records import evolve


def next_step(state: GameState, ctx: Context, f: WorkFrame) -> str | None:
    """The space the marker may step to now, if any (W5: the Objective needs its volumes)."""
    if f.moved >= f.value:
        return None
    p = state.players[f.player]
    here = ctx.catalog.work_spaces[p.work]
    if not here.next:
        return None
    nxt = ctx.catalog.work_spaces[here.next[0]]
    if nxt.kind == "objective" and not f.ignore_requirements and not can_meet(ctx, state, p, nxt.requirement):
        return None
    return nxt.id


def legal(state: GameState, ctx: Context, f: WorkFrame) -> list[Action]:
    nxt = next_step(state, ctx, f)
    return [STOP] if nxt is None else [Action("step", nxt), STOP]


def between_steps(state: GameState, ctx: Context, f: WorkFrame) -> bool:
    """Q5: Quick Actions are open between the steps of the movement, while the marker may move on: the value
    is not spent and the track goes on (a requirement may still be missing)."""
    return f.moved < f.value and bool(ctx.catalog.work_spaces[state.players[f.player].work].next)


def coins_for(state: GameState, ctx: Context, f: WorkFrame) -> int:
    """W1/W4: the value, or only the spaces moved when stopping short on a special space."""
    if f.no_coins:
        return 0
    could_continue = next_step(state, ctx, f) is not None
    if not could_continue:
        return f.value
    if ctx.config.options.work_coins == "moved":
        return f.moved
    here = ctx.catalog.work_spaces[state.players[f.player].work]
    if here.kind in SPECIAL_SPACE_KINDS and 0 < f.moved < f.value:  # not moving at all lands on nothing (W3)
        return f.moved
    return f.value


def apply(tx: Tx, f: WorkFrame, action: Action) -> None:
    catalog = tx.ctx.catalog
    if action.kind == "step":
        space = catalog.work_spaces[action.arg]
        if space.kind == "objective" and not f.ignore_requirements:
            pay_requirement(tx, f.player, space.requirement, src.OBJECTIVE_REQUIREMENT)
        tx.emit(ev.PieceMoved(player=f.player, piece="work", to=space.id))
        tx.update(evolve(f, moved=f.moved + 1))
        return
    coins = coins_for(tx.state, tx.ctx, f)
    if coins:
        grant(tx, f.player, (Gain(coins=coins),), src.WORK)
    here = catalog.work_spaces[tx.player(f.player).work]
    if f.moved > 0 and here.kind in SPECIAL_SPACE_KINDS:
        trigger_space(tx, f.player, here.kind, q.track_tile(tx.state, here.id))
    end_action(tx)


def trigger_space(tx: Tx, player: int, kind: str, tile: str | None) -> None:
    """A piece ended its move on a special space of a track (W3, T5, Z1, M1)."""
    if kind == "master":
        grant(tx, player, (PlayMaster(),), src.MASTER_SPACE)
    elif tile is not None:
        grant(tx, player, tx.ctx.catalog.tiles_by_id[tile].effects, src.Source("tile", tile))
