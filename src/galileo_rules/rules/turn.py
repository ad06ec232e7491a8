"""A player's turn: Movement (GT2), then the fixed, moving and free actions at the telescope (GT3-GT6,
GQ1-GQ2), Copernicus's Library tiles (GK7), and ``end``."""

from __future__ import annotations

from galileo_rules.components.records import ActionTileSide, Effect
from galileo_rules.model import events as ev
from galileo_rules.model.actions import Action
from galileo_rules.model.frames import CleanupFrame, ObserveFrame, TurnFrame
from galileo_rules.model.sky import SKY, UPGRADE_SPACE
from galileo_rules.model.state import GameState, Overlay, PlayerState
from galileo_rules.model.tx import Context, Tx
from galileo_rules.rules import queries as q
from galileo_rules.rules.effects import die_replacements, push_reward, recolourings, upgradable_slots
from galileo_rules.rules.observe import can_observe

FIXED_EFFECTS: dict[str, Effect] = {
    "die": Effect("gain_die"),
    "lecture": Effect("lecture"),
    "comet": Effect("comet"),
    "upgrade": Effect("upgrade"),
}
# free action -> (the cost's key in the rules record, what it does)
FREE_ACTIONS: dict[str, tuple[str, tuple[Effect, ...]]] = {
    "recolour": ("recolour", (Effect("recolour"),)),
    "raise": ("raise", (Effect("raise_one", 1),)),
    "die": ("die", (Effect("gain_die"),)),
    "write": ("write", (Effect("write", 3),)),
    "persuade": ("persuade", (Effect("persuade", 2),)),
    "comet": ("comet", (Effect("comet"),)),
}


def tile_side(ctx: Context, p: PlayerState, slot: int) -> ActionTileSide:
    placed = p.tiles[slot]
    tile = ctx.catalog.tile(placed.tile)
    return tile.upgraded if placed.upgraded else tile.basic


def can_gain_die(state: GameState, ctx: Context, seat: int) -> bool:
    return bool(q.gainable_colours(state, ctx, state.players[seat].dice) or die_replacements(state, ctx, seat))


def fixed_possible(state: GameState, ctx: Context, seat: int, option: str) -> bool:
    p = state.players[seat]
    if option == "observe":
        return can_observe(state, ctx, seat)
    if option == "die":
        return can_gain_die(state, ctx, seat)
    if option == "lecture":
        return bool(q.movable_scales(ctx, state, p))
    if option == "comet":
        return p.comets_board > 0
    return bool(upgradable_slots(p))


def free_possible(state: GameState, ctx: Context, seat: int, name: str) -> bool:
    p = state.players[seat]
    if p.quadrants < ctx.catalog.rules.free_costs[FREE_ACTIONS[name][0]]:
        return False
    if name == "recolour":
        return bool(recolourings(state, ctx, seat))
    if name == "raise":
        return bool(p.dice)
    if name == "die":
        return can_gain_die(state, ctx, seat)
    if name == "write":
        return bool(q.movable_books(p))
    if name == "persuade":
        return bool(q.movable_inquisitors(p))
    return p.comets_board > 0


def library_placements(state: GameState, ctx: Context, seat: int) -> list[str]:
    """Copernicus (GK7): TILE.SIDE@ROW.FIRST for each unplaced tile, side and place inside his Library rows,
    right of the row's Book token and over no other tile."""
    p = state.players[seat]
    placed = {o.tile for o in p.overlays}
    covered = {
        (o.row, o.first + i) for o in p.overlays for i in range(len(ctx.catalog.library_tile(o.tile).sides[o.side]))
    }
    found = []
    for tile in ctx.catalog.library_tiles:
        if tile.id in placed:
            continue
        for side, rewards in enumerate(tile.sides):
            for row in range(ctx.catalog.rules.books):
                for first in range(p.books[row] + 1, len(p.library) - len(rewards) + 2):
                    if all((row, first + i) not in covered for i in range(len(rewards))):
                        found.append(f"{tile.id}.{side}@{row}.{first}")
    return found


def turn_prompt(state: GameState, frame: TurnFrame) -> str:
    if frame.stage == "move":
        return f"round {state.round}: move your telescope 1 to 3 spaces"
    return f"round {state.round}: take your fixed, moving and free actions, or end the turn"


def turn_legal(state: GameState, ctx: Context, frame: TurnFrame) -> list[Action]:
    seat = frame.player
    if frame.stage == "move":
        return [Action("move", str(n)) for n in (1, 2, 3)]
    p, flags = state.players[seat], state.turn
    found: list[Action] = []
    if not flags.fixed_used:
        found.extend(Action("fixed", o) for o in SKY[p.telescope] if fixed_possible(state, ctx, seat, o))
    if not flags.moving_used:
        if p.telescope == UPGRADE_SPACE:
            found.append(Action("moving", "q"))  # GT5
        else:
            found.extend(Action("moving", str(k)) for k in (1, 2))
    found.extend(Action("free", name) for name in FREE_ACTIONS if free_possible(state, ctx, seat, name))
    if q.has_ability(ctx, p, "copernicus") and not flags.library_tile_used:
        found.extend(Action("library", spec) for spec in library_placements(state, ctx, seat))
    found.append(Action("end"))
    return found


def turn_apply(tx: Tx, frame: TurnFrame, action: Action) -> None:
    seat = frame.player
    p = tx.player(seat)
    kind, arg = action.kind, action.arg
    if kind == "move":
        tx.emit(ev.TelescopeMoved(player=seat, position=q.telescope_after(p.telescope, int(arg))))
        tx.update(TurnFrame(player=seat, stage="actions"))
    elif kind == "fixed":
        tx.flags(fixed_used=True)
        if arg == "observe":
            tx.push(ObserveFrame(player=seat))
        else:
            push_reward(tx, seat, (FIXED_EFFECTS[arg],), "actions")
    elif kind == "moving":
        if arg == "q":
            tx.flags(moving_used=True)
            tx.quadrants(seat, 1)
        else:
            tx.flags(moving_used=True, played_slot=p.telescope)
            push_reward(tx, seat, tile_side(tx.ctx, p, p.telescope).options[int(arg) - 1], "actions")
    elif kind == "free":
        cost_key, effects = FREE_ACTIONS[arg]
        tx.quadrants(seat, -tx.ctx.catalog.rules.free_costs[cost_key])
        push_reward(tx, seat, effects, "actions")
    elif kind == "library":
        tile_side_text, _, where = arg.partition("@")
        tile, _, side = tile_side_text.partition(".")
        row, _, first = where.partition(".")
        tx.flags(library_tile_used=True)
        overlay = Overlay(tile=tile, side=int(side), row=int(row), first=int(first))
        tx.emit(ev.OverlayPlaced(player=seat, overlay=overlay))
    else:  # end
        tx.pop()
        tx.push(CleanupFrame(player=seat))
