"""Cleanup (GZ1-GZ2): rotate the Action tiles (GT7-GT8), the Book of Comets (GC7-GC8, GK2), the
interrogation (GI4-GI6) and the objectives (GU4-GU6). Also used for Tycho's turn (his own rules)."""

from __future__ import annotations

from galileo_rules.model import events as ev
from galileo_rules.model.actions import Action
from galileo_rules.model.frames import CleanupFrame, FarewellFrame, PageFrame
from galileo_rules.model.state import GameState
from galileo_rules.model.tx import Context, Tx
from galileo_rules.rules import queries as q
from galileo_rules.rules.effects import push_reward, score

ROTATE, COMETS, INTERROGATE, OBJECTIVES, DONE = range(5)


def rotate(tx: Tx, seat: int) -> None:
    """GT7: the played tile leaves its slot, the tiles below it move up one slot, it goes to the bottom."""
    p = tx.player(seat)
    slot = tx.state.turn.played_slot
    if slot is None and tx.ctx.config.options.unplayed_rotation == "rotate" and p.telescope < len(p.tiles):
        slot = p.telescope  # GT8's option: the tile at the telescope rotates anyway
    if slot is None:
        return
    tiles = (p.tiles[slot], *p.tiles[:slot], *p.tiles[slot + 1 :])
    tx.emit(ev.TilesArranged(player=seat, tiles=tiles, bench=p.bench))


def interrogate(tx: Tx, seat: int) -> None:
    """GI5-GI6: move the Tribunal token by the sum of the interrogation values; at the end of the track a
    move further gives -2 / +2 VP once instead."""
    p = tx.player(seat)
    result = q.interrogation(tx.ctx, p)
    track = tx.ctx.catalog.reputation
    low, high = track.labels[0], track.labels[-1]
    if result == 0:
        return
    at_edge = (p.reputation == low and result < 0) or (p.reputation == high and result > 0)
    target = p.reputation + result
    overshoots = target < low or target > high
    if at_edge or (overshoots and tx.ctx.config.options.tribunal_overshoot == "bonus"):
        score(tx, seat, track.edge_vp if result > 0 else -track.edge_vp, "tribunal")
    if not at_edge:
        tx.emit(ev.ReputationMoved(player=seat, reputation=max(low, min(high, target))))


def achieve_next(tx: Tx, seat: int, *, farewell: bool) -> bool:
    """GU4-GU5: achieve the first objective met and not yet achieved (7 VP first, 3 later), and offer the
    Farewell. False when there is none left."""
    state = tx.state
    for k, objective in enumerate(state.objectives):
        if seat in state.claims[k] or not q.objective_met(state, tx.ctx, seat, objective):
            continue
        first = not state.claims[k]
        tx.emit(ev.ObjectiveAchieved(player=seat, objective=k, first=first))
        rules = tx.ctx.catalog.rules
        score(tx, seat, rules.objective_first_vp if first else rules.objective_later_vp, "objectives")
        if farewell and tx.player(seat).cellar[-1] > 0:
            tx.push(FarewellFrame(player=seat))
        return True
    return False


def cleanup_step(tx: Tx, frame: CleanupFrame) -> None:
    """The automatic step of Cleanup: each step in order, re-entered while a step still has work."""
    seat, step = frame.player, frame.step
    if step == ROTATE:
        tx.update(CleanupFrame(player=seat, step=COMETS))
        rotate(tx, seat)
    elif step == COMETS:
        if tx.player(seat).comets_waiting:
            tx.push(PageFrame(player=seat))
        else:
            tx.update(CleanupFrame(player=seat, step=INTERROGATE))
    elif step == INTERROGATE:
        tx.update(CleanupFrame(player=seat, step=OBJECTIVES))
        if tx.state.turn.persuaded:
            interrogate(tx, seat)
    elif step == OBJECTIVES:
        if not achieve_next(tx, seat, farewell=True):
            tx.update(CleanupFrame(player=seat, step=DONE))
    else:
        tx.pop()


def page_legal(state: GameState, ctx: Context, frame: PageFrame) -> list[Action]:
    p = state.players[frame.player]
    found = [Action("page", str(k)) for k, owner in enumerate(state.pages) if owner is None]
    found.extend(Action("page", f"o{k}") for k, covered in enumerate(p.own_pages) if not covered)
    return found or [Action("page", "appendix")]


def page_apply(tx: Tx, frame: PageFrame, action: Action) -> None:
    tx.pop()
    seat, arg = frame.player, action.arg
    if arg == "appendix":
        tx.emit(ev.CometPaged(player=seat))
    elif arg.startswith("o"):
        k = int(arg[1:])
        tx.emit(ev.CometPaged(player=seat, own=k))
        personal = tx.ctx.catalog.comet_pages.personal[tx.player(seat).astronomer]
        push_reward(tx, seat, personal[k], "comets")
    else:
        k = int(arg)
        tx.emit(ev.CometPaged(player=seat, page=k))
        section = tx.ctx.catalog.comet_pages.by_players[tx.ctx.config.deck_players]
        push_reward(tx, seat, section[k], "comets")
