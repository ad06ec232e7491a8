"""Masters (rules M1-M4): choosing which Master to play, Paracelsus / Descartes action choice, Hawking.

The decisions a Master asks for are declared here, beside their rules, in :data:`DECISIONS`; the rule
table joins them. A new Master's decision goes here the same way: its record (a subclass of
:class:`~newton_rules.model.frames.Frame` with its ``tag``), its rules, and its declaration with its prompt.
"""

from __future__ import annotations

from newton_rules.effects.primitives import BASICS, Basic
from newton_rules.model import actions as a
from newton_rules.model import events as ev
from newton_rules.model.actions import DECLINE, Action
from newton_rules.model.frames import ChooseActionFrame, MasterFrame, MoveBookFrame
from newton_rules.model.sources import Source
from newton_rules.model.state import GameState
from newton_rules.model.tx import Context, Tx
from newton_rules.rules import basic
from newton_rules.rules import queries as q
from newton_rules.rules.declare import QUICK, decision, decision_during_action
from newton_rules.rules.rewards import grant
from rules_core.decisions import DecisionKind, says
from rules_core.records import evolve


def master_legal(state: GameState, ctx: Context, f: MasterFrame) -> list[Action]:
    return [Action("master", m) for m in state.players[f.player].masters]


def master_apply(tx: Tx, f: MasterFrame, action: Action) -> None:
    tx.pop()
    tx.emit(ev.MasterPlayed(player=f.player, master=action.arg))
    grant(tx, f.player, tx.ctx.catalog.masters_by_id[action.arg].immediate, Source("master", action.arg))


def choice_value(state: GameState, ctx: Context, f: ChooseActionFrame, action: Basic) -> int:
    """Paracelsus: the printed value. Descartes: desk symbols + the taken card's symbols (Joker: +1)."""
    if f.card is None:
        return f.value
    card = ctx.catalog.cards_by_id[f.card]
    own = 1 if card.is_joker else card.symbols.count(action)
    return q.symbol_count(ctx.catalog, state.players[f.player], action) + own


def choices(state: GameState, ctx: Context, f: ChooseActionFrame) -> list[Basic]:
    if f.card is None:
        return list(BASICS)
    card = ctx.catalog.cards_by_id[f.card]
    return list(BASICS) if card.is_joker else [b for b in BASICS if b in card.symbols]


def choose_legal(state: GameState, ctx: Context, f: ChooseActionFrame) -> list[Action]:
    return [
        Action("choose", a)
        for a in choices(state, ctx, f)
        if basic.can_start(state, ctx, f.player, a, choice_value(state, ctx, f, a))
    ] + [DECLINE]


def choose_apply(tx: Tx, f: ChooseActionFrame, action: Action) -> None:
    tx.pop()
    if action.kind == "choose":
        which = next(b for b in BASICS if b == action.arg)
        basic.start(tx, f.player, which, choice_value(tx.state, tx.ctx, f, which))


def move_book_legal(state: GameState, ctx: Context, f: MoveBookFrame) -> list[Action]:
    p = state.players[f.player]
    board = ctx.catalog.boards_by_id[p.board]
    free = [s.id for s in board.book_spaces if not s.prefilled and s.id not in p.books and s.id != f.lifted]
    if f.lifted is None:
        return [Action("lift", s) for s in p.books if free] + [DECLINE]
    return [Action("book", s) for s in free]


def move_book_apply(tx: Tx, f: MoveBookFrame, action: Action) -> None:
    if action.kind == "lift":
        tx.emit(ev.BookLifted(player=f.player, space=action.arg))
        tx.update(evolve(f, lifted=action.arg))
        return
    tx.pop()
    if action.kind == "book":
        tx.emit(ev.BookPlaced(player=f.player, space=action.arg))


def _move_book_prompt(state: GameState, frame: MoveBookFrame) -> str:
    if frame.lifted is None:
        return "choose a placed Bookshelf tile to move, or decline"
    return "choose the book space to move the tile to"


DECISIONS: tuple[DecisionKind, ...] = (
    decision_during_action(
        MasterFrame,
        says("choose which Master card to play"),
        master_legal,
        master_apply,
        (a.MASTER, *QUICK, a.USE),
        rules="M1-M4",
    ),
    decision(
        ChooseActionFrame,
        says("choose which Basic Action to perform"),
        choose_legal,
        choose_apply,
        (a.CHOOSE, a.DECLINE_KIND),
        rules="M2 (Paracelsus, Descartes)",
    ),
    decision(
        MoveBookFrame,
        _move_book_prompt,
        move_book_legal,
        move_book_apply,
        (a.LIFT, a.DECLINE_KIND),
        (a.BOOK,),
        rules="M2 (Hawking)",
    ),
)
