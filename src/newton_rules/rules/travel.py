"""Travel (rules V1-V9): move the Scientist along routes up to the value, place a cube where it stops."""

from __future__ import annotations

from newton_rules.effects.primitives import Effect, ExtraCube, Gain, PlayMaster
from newton_rules.model import events as ev
from newton_rules.model import sources as src
from newton_rules.model.actions import STOP, Action
from newton_rules.model.frames import TravelFrame
from newton_rules.model.state import GameState, PlayerState
from newton_rules.model.tx import Context, Tx
from newton_rules.rules import queries as q
from newton_rules.rules.costs import card_funds, turn_below
from newton_rules.rules.requirements import can_meet, pay_requirement
from newton_rules.rules.rewards import end_action, grant
from newton_rules.rules.technology import take_bonus_token
from rules_core.records import evolve

CUBE_PLACES = ("city", "university", "ancient_land", "objective", "master")


def can_place_cube(state: GameState, ctx: Context, p: PlayerState, space: str) -> bool:
    """A cube of ``p`` may go on ``space``: a valid place (V3), none of p's there (V5), cubes left."""
    place = ctx.catalog.map_spaces[space]
    if place.kind not in CUBE_PLACES or space in p.cubes or q.cubes_left(ctx.catalog, p) == 0:
        return False
    return place.kind != "objective" or can_meet(ctx, state, p, place.requirement)


def cube_in_passing(modifiers: tuple[Effect, ...]) -> ExtraCube | None:
    """E11 (its modifier hook): on the card, one more cube on a place this Travel passes through, at its cost."""
    return q.modifier(modifiers, ExtraCube) if modifiers else None


def pay_objective_requirement(tx: Tx, player: int, space: str) -> None:
    """Spend the Potions that stand in for volumes missing for the Map's Objective space (V6, R3)."""
    place = tx.ctx.catalog.map_spaces[space]
    if place.kind == "objective":
        pay_requirement(tx, player, place.requirement, src.OBJECTIVE_REQUIREMENT)


def place_cube(tx: Tx, player: int, space: str) -> None:
    """Place a cube: pay the Objective's potions, then 9th-12th cube VP, City tile, Master (V3, V4, C1-C6)."""
    catalog = tx.ctx.catalog
    place = catalog.map_spaces[space]
    pay_objective_requirement(tx, player, space)
    tx.emit(ev.CubePlaced(player=player, space=space))
    nth = len(tx.player(player).cubes)
    vp = dict(catalog.constants.cube_vp).get(nth, 0)
    if vp:
        grant(tx, player, (Gain(vp=vp),), src.Source("cube", str(nth)))
    tile = q.map_tile(tx.state, space)
    if place.kind == "city" and tile is not None:
        grant(tx, player, catalog.tiles_by_id[tile].effects, src.Source("tile", tile))
    if place.kind == "master":
        grant(tx, player, (PlayMaster(),), src.MASTER_SPACE)


def _steps(state: GameState, ctx: Context, f: TravelFrame) -> list[Action]:
    if f.remaining <= 0:
        return []
    p = state.players[f.player]
    spaces = ctx.catalog.map_spaces
    out = []
    for nb, cost in ctx.catalog.routes_from[p.scientist]:
        if not f.free_travel and p.coins < cost:
            continue
        last_step = f.remaining == 1
        if last_step and spaces[nb].kind == "objective" and nb not in p.cubes:
            route = 0 if f.free_travel else cost
            if not can_meet(ctx, state, p, spaces[nb].requirement, coins_spent=route):
                continue  # V6: the move would have to end there
        out.append(Action("step", nb))
    return out


def _may_cube_here(state: GameState, ctx: Context, f: TravelFrame) -> bool:
    """E11 / Galileo: a cube on the place being passed through (not the origin, not the last step)."""
    p = state.players[f.player]
    if f.steps == 0 or f.remaining <= 0 or not can_place_cube(state, ctx, p, p.scientist):
        return False
    if f.cube_on_each_pass:
        return True
    extra = cube_in_passing(f.modifiers)
    if extra is None or f.extra_cube_used:
        return False
    # E13: E11 is a cost of the played card, paid from what was held before the card's effects
    return card_funds(p, turn_below(state)).coins >= extra.cost


def between_steps(state: GameState, ctx: Context, f: TravelFrame) -> bool:
    """Q5: Quick Actions are open between the steps of the movement, while some value is left."""
    return f.remaining > 0


def legal(state: GameState, ctx: Context, f: TravelFrame) -> list[Action]:
    actions = _steps(state, ctx, f)
    if _may_cube_here(state, ctx, f):
        actions.append(Action("cube"))
    p = state.players[f.player]
    place = ctx.catalog.map_spaces[p.scientist]
    stuck_on_objective = (
        f.steps > 0
        and place.kind == "objective"
        and p.scientist not in p.cubes
        and not can_meet(ctx, state, p, place.requirement)
    )
    if not stuck_on_objective or not actions:
        actions.append(STOP)
    return actions


def apply(tx: Tx, f: TravelFrame, action: Action) -> None:
    p = tx.player(f.player)
    if action.kind == "step":
        cost = dict(tx.ctx.catalog.routes_from[p.scientist])[action.arg]
        if cost and not f.free_travel:
            tx.gain(f.player, src.ROUTE, coins=-cost)
        tx.emit(ev.PieceMoved(player=f.player, piece="scientist", to=action.arg))
        tx.update(evolve(f, remaining=f.remaining - 1, steps=f.steps + 1))
        take_bonus_token(tx, f.player, action.arg)
        return
    if action.kind == "cube":
        if not f.cube_on_each_pass:
            extra = cube_in_passing(f.modifiers)
            assert extra is not None
            tx.gain(f.player, src.EXTRA_CUBE, coins=-extra.cost)
            tx.update(evolve(f, extra_cube_used=True))
        place_cube(tx, f.player, p.scientist)
        return
    if f.steps > 0 and can_place_cube(tx.state, tx.ctx, p, p.scientist):
        place_cube(tx, f.player, p.scientist)
    elif f.steps > 0 and q.cubes_left(tx.ctx.catalog, p) == 0 and p.scientist not in p.cubes:
        pay_objective_requirement(tx, f.player, p.scientist)  # V7: the Scientist stands for the cube
    end_action(tx)
