"""Study (rules B1-B6, R1-R5): place your next Bookshelf tile on a book space of a shelf up to the value."""

from __future__ import annotations

from collections.abc import Iterator

from newton_rules.effects.primitives import Effect, ExtraBookTile, IgnoreBookRequirement
from newton_rules.model import events as ev
from newton_rules.model import sources as src
from newton_rules.model.actions import STOP, Action
from newton_rules.model.frames import StudyFrame
from newton_rules.model.state import GameState, PlayerState
from newton_rules.model.tx import Context, Tx
from newton_rules.rules import queries as q
from newton_rules.rules.requirements import pay_requirement, potions_within_reach
from newton_rules.rules.rewards import end_action, grant
from rules_core.records import evolve


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
    potions = potions_within_reach(ctx, p)
    for s in catalog.boards_by_id[p.board].book_spaces:
        if s.shelf > max_shelf or s.prefilled or s.id in p.books:
            continue
        if not ignore_requirements:
            if have is None:
                have = q.volumes(catalog, p)
            if q.potions_needed(catalog, state, p, s.requirement, have) > potions:
                continue
        yield s.id


def second_book_tile(modifiers: tuple[Effect, ...]) -> bool:
    """E4 (its modifier hook): paid for this Study, a second Bookshelf tile, the two splitting the value."""
    return bool(modifiers) and q.modifier(modifiers, ExtraBookTile) is not None  # most actions have none


def no_book_requirement(modifiers: tuple[Effect, ...]) -> bool:
    """E10 (its modifier hook): paid for this Study, the book space requirement is ignored."""
    return bool(modifiers) and q.modifier(modifiers, IgnoreBookRequirement) is not None


def ignores_requirements(f: StudyFrame) -> bool:
    """Copernicus's Study, or E10 paid for this one."""
    return f.ignore_requirements or no_book_requirement(f.modifiers)


def _spreads_value(f: StudyFrame) -> bool:
    """Several tiles whose shelves add up to the value (Boyle), or E4's second tile: each tile spends its
    shelf from the value; otherwise the one tile ends the action."""
    return f.split or second_book_tile(f.modifiers)


def may_place_more(ctx: Context, p: PlayerState, f: StudyFrame) -> bool:
    allowed = f.split or f.placed < (2 if second_book_tile(f.modifiers) else 1)
    return allowed and f.remaining >= 1 and q.book_tiles_left(ctx.catalog, p) > 0


def between_tiles(state: GameState, ctx: Context, f: StudyFrame) -> bool:
    """Q5: Quick Actions are open before and between the Bookshelf tiles of the Study, while one may be placed."""
    return may_place_more(ctx, state.players[f.player], f)


def legal(state: GameState, ctx: Context, f: StudyFrame) -> list[Action]:
    p = state.players[f.player]
    if not may_place_more(ctx, p, f):
        return [STOP]
    books = [Action("book", s) for s in placeable(state, ctx, p, f.remaining, ignores_requirements(f))]
    return [*books, STOP]


def tiles_taken(p: PlayerState) -> int:
    """Bookshelf tiles that have left ``p``'s piles: placed, or removed by Cavendish."""
    return len(p.books) + p.books_removed


def grant_pile_bonus(tx: Tx, player: int, taken: int) -> None:
    """B2: the ``taken``-th tile to leave the piles gives its pile's bonus if it was the pile's last."""
    catalog = tx.ctx.catalog
    per_pile = catalog.constants.tiles_per_pile
    if taken % per_pile == 0:
        pile = taken // per_pile
        bonus = next(b for b in catalog.pile_bonuses if b.pile == pile)
        grant(tx, player, bonus.effects, src.Source("pile", str(pile)))


def place_book(tx: Tx, player: int, space_id: str, *, ignore_requirements: bool) -> None:
    """Take the next tile from the piles (pile bonus on a pile's last tile, B2) and place it."""
    p = tx.player(player)
    space = tx.ctx.catalog.book_spaces[p.board][space_id]
    if not ignore_requirements:
        pay_requirement(tx, player, space.requirement, src.BOOK_REQUIREMENT)
    taken = tiles_taken(p) + 1
    tx.emit(ev.BookPlaced(player=player, space=space_id))
    grant_pile_bonus(tx, player, taken)


def apply(tx: Tx, f: StudyFrame, action: Action) -> None:
    if action.kind == "stop":
        end_action(tx)
        return
    shelf = tx.ctx.catalog.book_spaces[tx.player(f.player).board][action.arg].shelf
    remaining = f.remaining - shelf if _spreads_value(f) else 0
    tx.update(evolve(f, remaining=remaining, placed=f.placed + 1))
    place_book(tx, f.player, action.arg, ignore_requirements=ignores_requirements(f))
    top = tx.state.top
    assert isinstance(top, StudyFrame)
    if not may_place_more(tx.ctx, tx.player(f.player), top):
        end_action(tx)
