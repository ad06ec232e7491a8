"""End Round (rules F9-F14) and the end of the game (F15-F17)."""

from __future__ import annotations

from newton_rules.model import events as ev
from newton_rules.model import sources as src
from newton_rules.model.actions import Action
from newton_rules.model.frames import TuckFrame
from newton_rules.model.state import GameState
from newton_rules.model.tx import Context, Tx
from newton_rules.rules import discoveries, scoring
from newton_rules.rules import queries as q
from newton_rules.rules.effects import resolve


def begin(tx: Tx) -> None:
    """Enter End Round: every player with played cards chooses one to tuck, first player first (F9)."""
    state = tx.state
    tx.emit(
        ev.FlowChanged(
            phase="end_round", round=state.round, first_player=state.first_player, turn_index=state.turn_index
        )
    )
    if state.round >= tx.ctx.catalog.constants.rounds:
        return  # F14: the last End Round gives income only
    n = len(state.players)
    order = [(state.first_player + i) % n for i in range(n)]
    for seat in reversed(order):
        if state.players[seat].desk:
            tx.push(TuckFrame(player=seat))


def tuck_legal(state: GameState, ctx: Context, f: TuckFrame) -> list[Action]:
    return [Action("tuck", card) for card in state.players[f.player].desk]


def tuck_apply(tx: Tx, f: TuckFrame, action: Action) -> None:
    tx.pop()
    tx.emit(ev.TuckChosen(player=f.player, card=action.arg))


def finish(tx: Tx) -> None:
    """Reveal tucks, return cards (F10), income (F11), refill lines (F12), pass the token (F13)."""
    catalog = tx.ctx.catalog
    c = catalog.constants
    last_round = tx.state.round >= c.rounds
    if not last_round:
        for p in tx.state.players:
            if p.tuck_choice is not None:
                tx.emit(ev.CardMoved(card=p.tuck_choice, src="desk", dst="tucked", player=p.seat))
            for card in tx.player(p.seat).desk:
                tx.emit(ev.CardMoved(card=card, src="desk", dst="hand", player=p.seat))
    for p in tx.state.players:
        pay_income(tx, p.seat)
    if last_round:
        scoring.final_scoring(tx)
        return
    _refill_lines(tx)
    tx.emit(ev.RoundVolumesCleared())
    state = tx.state
    n = len(state.players)
    tx.emit(
        ev.FlowChanged(phase="action", round=state.round + 1, first_player=(state.first_player + 1) % n, turn_index=0)
    )


def pay_income(tx: Tx, seat: int) -> None:
    """F11: completed bookshelf lines, Income tiles and the Medicine tile, face-up Great Discoveries (G2)."""
    catalog = tx.ctx.catalog
    p = tx.player(seat)
    board = catalog.boards_by_id[p.board]
    vp_by_line = {line.id: line.vp for line in board.lines}
    for line in q.completed_lines(catalog, p):
        tx.gain(seat, src.Source("bookshelf_line", line), vp=vp_by_line[line])
    for kind in p.income:
        if kind == "medicine":
            tx.gain(seat, src.MEDICINE_TILE, vp=q.medicine_vp(catalog, tx.state, p))
        elif kind is not None:
            for effect in catalog.tiles_by_id[kind].effects:
                resolve(tx, seat, effect, src.Source("income_tile", kind))
    discoveries.pay_income(tx, seat)


def _refill_lines(tx: Tx) -> None:
    size = tx.ctx.catalog.constants.line_size if len(tx.state.players) > 1 else tx.ctx.catalog.constants.solo_line_size
    for level in range(1, len(tx.state.board.lines) + 1):
        for card in tx.state.board.lines[level - 1]:
            tx.emit(ev.CardMoved(card=card, src=f"line:{level}", dst=f"deck:{level}"))
        for _ in range(size):
            deck = tx.state.board.decks[level - 1]
            if not deck:
                break
            tx.emit(ev.CardMoved(card=deck[0], src=f"deck:{level}", dst=f"line:{level}"))
