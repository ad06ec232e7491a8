"""Observe (GO1-GO9) with Comets (GC2-GC6) and Galileo's extra constellation (GK3).

An Observe is one action in steps: ``target SLOT`` (a Major Object) or ``target SLOT.K`` (a constellation),
then ``pay ...`` among the enumerated legal payments, then its rewards; after a constellation another
target may follow (resolved completely before it, GO6) until ``stop``.
"""

from __future__ import annotations

from collections.abc import Iterator

from galileo_rules.model import events as ev
from galileo_rules.model.actions import Action
from galileo_rules.model.frames import ObserveFrame, PayFrame
from galileo_rules.model.state import GameState
from galileo_rules.model.tx import Context, Tx
from galileo_rules.rules import queries as q
from galileo_rules.rules.effects import gain_inquisitors, push_reward, refill_display, score


def extra_constellations(ctx: Context, state: GameState, seat: int) -> int:
    """Galileo's ability: one more constellation per Observe (GK3)."""
    return 1 if q.has_ability(ctx, state.players[seat], "galileo") else 0


def object_payments(state: GameState, ctx: Context, seat: int, slot: int, constellation: int) -> tuple[str, ...]:
    shown = state.display[slot]
    assert shown is not None
    colours, cost = q.object_cost(ctx, shown.card, constellation)
    return q.payments(state.players[seat].dice, q.usable_comets(state, seat), colours, cost)


def _targets(state: GameState, ctx: Context, frame: ObserveFrame) -> Iterator[str]:
    """Objects the player may observe next in this Observe, each with at least one legal payment, in order."""
    seat = frame.player
    extra = extra_constellations(ctx, state, seat)
    dice, comets, card = state.players[seat].dice, q.usable_comets(state, seat), ctx.catalog.card
    if frame.majors == 0 and frame.constellations <= extra:
        for slot, shown in enumerate(state.display):
            if shown is not None:
                major = card(shown.card).major
                if q.can_pay(dice, comets, major.colours, major.cost):
                    yield str(slot)
    limit = extra if frame.majors else 2 + extra
    if frame.constellations < limit and state.players[seat].constellations > 0:
        for slot, k in q.observable_constellations(state, ctx):
            shown = state.display[slot]
            assert shown is not None
            constellation = card(shown.card).constellations[k]
            if q.can_pay(dice, comets, (constellation.colour,), constellation.cost):
                yield f"{slot}.{k}"


def targets(state: GameState, ctx: Context, frame: ObserveFrame) -> list[str]:
    """Objects the player may observe next in this Observe, each with at least one legal payment."""
    return list(_targets(state, ctx, frame))


def can_observe(state: GameState, ctx: Context, seat: int) -> bool:
    """Whether an Observe would find a target (the search stops at the first)."""
    return next(_targets(state, ctx, ObserveFrame(player=seat)), None) is not None


def observe_legal(state: GameState, ctx: Context, frame: ObserveFrame) -> list[Action]:
    return [*(Action("target", t) for t in targets(state, ctx, frame)), Action("stop")]


def observe_apply(tx: Tx, frame: ObserveFrame, action: Action) -> None:
    if action.kind == "stop":
        tx.pop()
        return
    slot_text, _, k_text = action.arg.partition(".")
    tx.push(PayFrame(player=frame.player, slot=int(slot_text), constellation=int(k_text) if k_text else -1))


def pay_legal(state: GameState, ctx: Context, frame: PayFrame) -> list[Action]:
    return [Action("pay", p) for p in object_payments(state, ctx, frame.player, frame.slot, frame.constellation)]


def pay_apply(tx: Tx, frame: PayFrame, action: Action) -> None:
    seat = frame.player
    spent, ones, twos = q.parse_payment(action.arg)
    tx.emit(ev.DiceChanged(player=seat, dice=q.without(tx.player(seat).dice, spent)))
    if ones:  # GC6: used at "1", the token turns to "2" below the cards, not usable again this turn
        tx.emit(ev.CometMoved(player=seat, origin="above", to="below", count=ones))
        tx.flags(fresh_comets=tx.state.turn.fresh_comets + ones)
    if twos:
        tx.emit(ev.CometMoved(player=seat, origin="below", to="waiting", count=twos))
    tx.pop()
    observing = tx.state.top
    assert isinstance(observing, ObserveFrame)
    if frame.constellation < 0:
        tx.update(ObserveFrame(player=seat, majors=1, constellations=observing.constellations))
        observe_major(tx, seat, frame.slot)
    else:
        tx.update(ObserveFrame(player=seat, majors=observing.majors, constellations=observing.constellations + 1))
        observe_constellation(tx, seat, frame.slot, frame.constellation, space_reward=True)


def observe_major(tx: Tx, seat: int, slot: int, *, rewards: bool = True) -> None:
    """GO4: VP, inquisitors, the card face up into the Library, its tokens to the box, refill the space."""
    shown = tx.state.display[slot]
    assert shown is not None
    card = tx.ctx.catalog.card(shown.card)
    score(tx, seat, card.major.vp, "majors")
    if rewards:
        gain_inquisitors(tx, seat, card.major.inquisitors)
    tx.emit(ev.CardTaken(player=seat, card=card.id, slot=slot, face_up=True, tier=card.tier))
    refill_display(tx, slot)


def observe_constellation(tx: Tx, seat: int, slot: int, k: int, *, space_reward: bool) -> None:
    """GO5: the leftmost Constellation token onto it; its rewards, then the reward of the space it left."""
    shown = tx.state.display[slot]
    assert shown is not None
    constellation = tx.ctx.catalog.card(shown.card).constellations[k]
    space = tx.ctx.catalog.rules.constellations - tx.player(seat).constellations
    tx.emit(ev.ConstellationObserved(player=seat, slot=slot, constellation=k))
    if not space_reward:  # Tycho: only the constellation's VP (GY12)
        score(tx, seat, sum(e.n for e in constellation.reward if e.kind == "vp"), "constellations")
        return
    space_effects = tx.ctx.catalog.constellation_spaces.rewards[space]
    push_reward(tx, seat, constellation.reward + space_effects, "constellations")
