"""Tiles received as rewards: Development tiles (Z2), Income and Medicine tiles (Z3, Z4, C6),
and cubes placed by City tiles or Winkelmann on a space of your choice (C4, C5, M4)."""

from __future__ import annotations

from newton_rules.effects.primitives import BASICS
from newton_rules.model import events as ev
from newton_rules.model import sources as src
from newton_rules.model.actions import DECLINE, Action
from newton_rules.model.frames import DevelopmentFrame, IncomeFrame, PlaceCubeFrame
from newton_rules.model.state import GameState, PlayerState
from newton_rules.model.tx import Context, Tx
from newton_rules.rules import queries as q
from newton_rules.rules.travel import can_place_cube, place_cube


def drawer_choices(ctx: Context, p: PlayerState) -> list[int]:
    """Free drawers; with none free, the drawers holding a tile you placed (the printed one stays)."""
    free = list(q.free_indices(p.drawers))
    if free:
        return free
    return [i for i in range(len(p.drawers)) if not q.drawer_is_printed(ctx.catalog, p, i)]


def development_legal(state: GameState, ctx: Context, f: DevelopmentFrame) -> list[Action]:
    if f.action is None:
        return [Action("type", a) for a, n in state.board.development_supply if n > 0] + [DECLINE]
    p = state.players[f.player]
    return [Action("drawer", str(i)) for i in drawer_choices(ctx, p)] + [DECLINE]


def development_apply(tx: Tx, f: DevelopmentFrame, action: Action) -> None:
    if action.kind == "type":
        tx.update(DevelopmentFrame(player=f.player, action=next(b for b in BASICS if b == action.arg)))
        return
    tx.pop()
    if action.kind == "drawer":
        assert f.action is not None
        tx.emit(ev.DrawerFilled(player=f.player, drawer=int(action.arg), action=f.action))


def income_choices(p: PlayerState) -> list[int]:
    free = list(q.free_indices(p.income))
    return free if free else list(range(len(p.income)))


def income_legal(state: GameState, ctx: Context, f: IncomeFrame) -> list[Action]:
    if f.kind is None:
        return [Action("type", kind) for kind, n in state.board.income_supply if n > 0] + [DECLINE]
    p = state.players[f.player]
    return [Action("income", str(i)) for i in income_choices(p)] + [DECLINE]


def income_apply(tx: Tx, f: IncomeFrame, action: Action) -> None:
    if action.kind == "type":
        kind = next(k for k, _ in tx.state.board.income_supply if k == action.arg)
        tx.update(IncomeFrame(player=f.player, kind=kind))
        return
    tx.pop()
    if action.kind == "income":
        assert f.kind is not None
        tx.emit(ev.IncomePlaced(player=f.player, slot=int(action.arg), kind=f.kind))


def place_cube_targets(state: GameState, ctx: Context, f: PlaceCubeFrame) -> list[str]:
    p = state.players[f.player]
    if p.coins < f.cost:
        return []
    kinds = ("university", "ancient_land", "city") if f.where == "any" else (f.where,)
    return [s.id for s in ctx.catalog.map.spaces if s.kind in kinds and can_place_cube(state, ctx, p, s.id)]


def place_cube_legal(state: GameState, ctx: Context, f: PlaceCubeFrame) -> list[Action]:
    return [Action("place", s) for s in place_cube_targets(state, ctx, f)] + [DECLINE]


def place_cube_apply(tx: Tx, f: PlaceCubeFrame, action: Action) -> None:
    tx.pop()
    if action.kind == "place":
        if f.cost:
            tx.gain(f.player, src.PLACE_CUBE, coins=-f.cost)
        place_cube(tx, f.player, action.arg)


def development_prompt(state: GameState, frame: DevelopmentFrame) -> str:
    if frame.action is None:
        return "choose the type of Development tile"
    return f"put the {frame.action} Development tile in a drawer, or decline"


def income_prompt(state: GameState, frame: IncomeFrame) -> str:
    if frame.kind is None:
        return "choose the type of Income tile"
    return f"put the {frame.kind} tile on an income space, or decline"


def place_cube_prompt(state: GameState, frame: PlaceCubeFrame) -> str:
    return f"place a Travel cube on a {frame.where.replace('_', ' ')} (cost {frame.cost}), or decline"
