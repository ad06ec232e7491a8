"""Study (rules B1-B6, R1-R5): place your next Bookshelf tile on a book space of a shelf up to the value."""

from __future__ import annotations

from collections.abc import Iterator

from newton_rules.core.engine import register
from newton_rules.core.records import evolve
from newton_rules.model import events as ev
from newton_rules.model import sources as src
from newton_rules.model.actions import STOP, Action
from newton_rules.model.frames import StudyFrame
from newton_rules.model.state import GameState, PlayerState
from newton_rules.model.tx import Context, Tx
from newton_rules.rules import queries as q
from newton_rules.rules.rewards import end_action, grant


def placeable(state: GameState, ctx: Context, p: PlayerState, max_shelf: int, ignore_requirements: bool) -> list[str]:
    """Free book spaces on shelves up to ``max_shelf`` whose requirement ``p`` meets (with Potions)."""
    return list(_placeable(state, ctx, p, max_shelf, ignore_requirements))


def can_place(state: GameState, ctx: Context, p: PlayerState, max_shelf: int, ignore_requirements: bool) -> bool:
    """Whether :func:`placeable` is not empty (stops at the first space found)."""
    return next(_placeable(state, ctx, p, max_shelf, ignore_requirements), None) is not None


def _placeable(
    state: GameState, ctx: Context, p: PlayerState, max_shelf: int, ignore_requirements: bool
) -> Iterator[str]:
    catalog = ctx.catalog
    have = None  # the player's volumes, counted once when a requirement first needs them
    for s in catalog.boards_by_id[p.board].book_spaces:
        if s.shelf > max_shelf or s.prefilled or s.id in p.books:
            continue
        if not ignore_requirements:
            if have is None:
                have = q.volumes(catalog, p)
            if q.potions_needed(catalog, state, p, s.requirement, have) > p.potions:
                continue
        yield s.id


def may_place_more(ctx: Context, p: PlayerState, f: StudyFrame) -> bool:
    allowed = f.tiles_allowed == 0 or f.placed < f.tiles_allowed
    return allowed and f.remaining >= 1 and q.book_tiles_left(ctx.catalog, p) > 0


def legal(state: GameState, ctx: Context, f: StudyFrame) -> list[Action]:
    p = state.players[f.player]
    if not may_place_more(ctx, p, f):
        return [STOP]
    return [Action("book", s) for s in placeable(state, ctx, p, f.remaining, f.ignore_requirements)] + [STOP]


def place_book(tx: Tx, player: int, space_id: str, *, ignore_requirements: bool) -> None:
    """Take the next tile from the piles (pile bonus on a pile's last tile, B2) and place it."""
    catalog = tx.ctx.catalog
    p = tx.player(player)
    space = catalog.book_spaces[p.board][space_id]
    if not ignore_requirements:
        potions = q.potions_needed(catalog, tx.state, p, space.requirement)
        tx.gain(player, src.BOOK_REQUIREMENT, potions=-potions)
    taken = len(p.books) + p.books_removed + 1
    tx.emit(ev.BookPlaced(player=player, space=space_id))
    per_pile = catalog.constants.tiles_per_pile
    if taken % per_pile == 0:
        pile = taken // per_pile
        bonus = next(b for b in catalog.pile_bonuses if b.pile == pile)
        grant(tx, player, bonus.effects, src.Source("pile", str(pile)))


def apply(tx: Tx, f: StudyFrame, action: Action) -> None:
    if action.kind == "stop":
        end_action(tx)
        return
    shelf = tx.ctx.catalog.book_spaces[tx.player(f.player).board][action.arg].shelf
    remaining = f.remaining - shelf if f.split else 0
    tx.update(evolve(f, remaining=remaining, placed=f.placed + 1))
    place_book(tx, f.player, action.arg, ignore_requirements=f.ignore_requirements)
    top = tx.state.top
    assert isinstance(top, StudyFrame)
    if not may_place_more(tx.ctx, tx.player(f.player), top):
        end_action(tx)


register(StudyFrame, legal, apply)
