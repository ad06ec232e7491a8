"""Tycho Brahe, the solo opponent (GY4-GY15): an automatic seat driven by his Movement deck and Action
tiles; he takes no commands. Every choice the rulebook leaves open is a fixed tie-break or drawn from the
game's seeded generator, so his turns replay."""

from __future__ import annotations

from galileo_rules.components.records import COLOURS, TychoCondition, TychoEffect, TychoRow
from galileo_rules.model import events as ev
from galileo_rules.model.frames import TychoFrame
from galileo_rules.model.state import GameState, TychoState
from galileo_rules.model.tx import Context, Tx
from galileo_rules.rules import queries as q
from galileo_rules.rules.cleanup import achieve_next, interrogate
from galileo_rules.rules.effects import draw_face_down, score
from galileo_rules.rules.observe import observe_constellation, observe_major
from rules_core import rng


def _tycho(state: GameState) -> TychoState:
    assert state.tycho is not None
    return state.tycho


def condition_holds(state: GameState, ctx: Context, seat: int, condition: TychoCondition, dice: int) -> bool:
    """GY8."""
    p = state.players[seat]
    if condition == "unpersuaded2":
        return sum(p.cellar[:-1]) >= 2
    if condition == "persuaded3":
        return p.cellar[-1] >= 3
    if condition == "dice":
        return len(p.dice) >= dice
    if condition == "dice_constellations":
        return len(p.dice) >= dice and len(q.observable_constellations(state, ctx)) >= 2 and p.constellations > 0
    if condition == "comet_on_board":
        return p.comets_board >= 1
    return True


def move(tx: Tx) -> None:
    """GY5-GY6: flip the top Movement tile (reshuffle the discards when the deck is empty) and carry it out."""
    tycho = _tycho(tx.state)
    reshuffled = None
    if not tycho.deck:
        state, reshuffled = rng.shuffled(tx.state.rng, list(tycho.discard))
        tx.emit(ev.RngAdvanced(rng=state))
        tile_id = reshuffled[0]
    else:
        tile_id = tycho.deck[0]
    tx.emit(ev.TychoMovementDrawn(tile=tile_id, reshuffled=reshuffled))
    tile = tx.ctx.catalog.movement_tile(tile_id)
    tiles = tycho.tiles
    token = tycho.token
    if tile.kind == "upgrade":
        for step in range(len(tiles)):
            k = (token + step) % len(tiles)
            if not tiles[k].upgraded:
                tx.emit(ev.TychoTileUpgraded(index=k))
                break
        return
    for _ in range(tile.n):
        token = (token + 1) % len(tiles)
        if tile.kind == "move_stop" and tiles[token].upgraded:
            break
    tx.emit(ev.TychoMoved(token=token))


def spend_dice(tx: Tx, seat: int, n: int) -> None:
    """Tycho spends ``n`` dice; their values never matter (the most plentiful colour first)."""
    dice = list(tx.player(seat).dice)
    for _ in range(n):
        colour = max(COLOURS, key=lambda c: (sum(1 for d in dice if d[0] == c), -COLOURS.index(c)))
        dice.remove(next(d for d in dice if d[0] == colour))
    tx.emit(ev.DiceChanged(player=seat, dice=tuple(dice)))


def best_persuade(ctx: Context, state: GameState, seat: int) -> int | None:
    """GY11: the move that most improves his next interrogation; tie: the leftmost token."""
    p = state.players[seat]
    values = q.cellar_of(ctx, p).interrogation
    movable = q.movable_inquisitors(p)
    if not movable:
        return None
    return max(movable, key=lambda s: (values[s + 1] - values[s], -s))


def best_scale(ctx: Context, state: GameState, seat: int) -> int | None:
    """GY10: the Scale whose subject count he has highest; tie: the leftmost; a Scale at the top skipped."""
    movable = q.movable_scales(ctx, state, state.players[seat])
    if not movable:
        return None
    return max(movable, key=lambda k: (q.subject_count(state, ctx, seat, state.subjects[k]), -k))


def constellation_vp(ctx: Context, card: str, k: int) -> int:
    return sum(e.n for e in ctx.catalog.card(card).constellations[k].reward if e.kind == "vp")


def do_tycho_effect(tx: Tx, seat: int, effect: TychoEffect) -> None:
    """GY9, GY12-GY13: his effects never give him the rewards a player gets."""
    kind = effect.kind
    for _ in range(effect.n if kind in ("persuade", "place_comet", "advance_comet", "gain_die", "university") else 1):
        p = tx.player(seat)
        if kind == "place_comet" and p.comets_board:
            tx.emit(ev.CometMoved(player=seat, origin="board", to="above"))
        elif kind == "advance_comet":
            if p.comets_below:
                tx.emit(ev.CometMoved(player=seat, origin="below", to="waiting"))
                free = [k for k, owner in enumerate(tx.state.pages) if owner is None]
                tx.emit(ev.CometPaged(player=seat, page=free[0] if free else -1))
            elif p.comets_above:
                tx.emit(ev.CometMoved(player=seat, origin="above", to="below"))
        elif kind == "gain_die":
            colours = q.gainable_colours(tx.state, tx.ctx, p.dice)
            if colours:
                state, k = rng.below(tx.state.rng, len(colours))
                tx.emit(ev.RngAdvanced(rng=state))
                tx.emit(ev.DiceChanged(player=seat, dice=(*p.dice, (colours[k], tx.ctx.catalog.rules.die_start_value))))
        elif kind == "university":
            scale = best_scale(tx.ctx, tx.state, seat)
            if scale is not None:
                tx.emit(ev.UniversityMoved(player=seat, scale=scale, row=p.university[scale] + 1))
        elif kind == "persuade":
            space = best_persuade(tx.ctx, tx.state, seat)
            if space is not None:
                tx.emit(ev.InquisitorMoved(player=seat, origin=space, to=space + 1))
                tx.flags(persuaded=True)
    p = tx.player(seat)
    if kind == "book":
        tycho = _tycho(tx.state)
        tx.emit(ev.TychoBookMoved(position=min(len(p.library), tycho.book + effect.n)))
    elif kind == "remove_persuaded" and p.cellar[-1]:
        tx.emit(ev.InquisitorRemoved(player=seat, space=len(p.cellar) - 1))
    elif kind == "vp":
        score(tx, seat, effect.n, "tycho")
    elif kind == "observe_constellation":
        choices = q.observable_constellations(tx.state, tx.ctx)
        if choices and p.constellations:
            slot, k = max(
                choices, key=lambda sk: (constellation_vp(tx.ctx, _card(tx.state, sk[0]), sk[1]), -sk[0], -sk[1])
            )
            observe_constellation(tx, seat, slot, k, space_reward=False)
    elif kind == "observe_major":
        slots = [s for s, shown in enumerate(tx.state.display) if shown is not None]
        if slots:
            slot = max(slots, key=lambda s: (tx.ctx.catalog.card(_card(tx.state, s)).major.vp, -s))
            observe_major(tx, seat, slot, rewards=False)
    elif kind == "take_card":
        draw_face_down(tx, seat)


def _card(state: GameState, slot: int) -> str:
    shown = state.display[slot]
    assert shown is not None
    return shown.card


def choose_row(state: GameState, ctx: Context, seat: int) -> TychoRow:
    """GY7: the first row of the tile under his token whose condition holds (the bottom one always does)."""
    tycho = _tycho(state)
    placed = tycho.tiles[tycho.token]
    rows = ctx.catalog.tycho_tile(placed.tile).sides[1 if placed.upgraded else 0]
    return next(r for r in rows if condition_holds(state, ctx, seat, r.condition, r.dice))


def play_turn(tx: Tx, frame: TychoFrame) -> None:
    """Tycho's whole turn: move, evaluate his tile, then his cleanup (GY14)."""
    tx.pop()
    seat = frame.player
    move(tx)
    row = choose_row(tx.state, tx.ctx, seat)
    if row.condition in ("dice", "dice_constellations"):
        spend_dice(tx, seat, row.dice)
    bonus = row.bonus_condition is not None and condition_holds(tx.state, tx.ctx, seat, row.bonus_condition, 0)
    for effect in row.effects:
        do_tycho_effect(tx, seat, effect)
    if bonus:
        for effect in row.bonus:
            do_tycho_effect(tx, seat, effect)
    if tx.state.turn.persuaded:
        interrogate(tx, seat)
    while achieve_next(tx, seat, farewell=False):
        pass
