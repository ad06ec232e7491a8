"""Starting a Basic Action, from a card, a Master or a tile: the one entry point to the five actions."""

from __future__ import annotations

from newton_rules.effects.primitives import Basic, Effect, PerformAction
from newton_rules.model.frames import LessonsFrame, StudyFrame, TechnologyFrame, TravelFrame, WorkFrame
from newton_rules.model.state import GameState
from newton_rules.model.tx import Context, Tx
from newton_rules.rules import lessons, study, technology
from newton_rules.rules import queries as q


def can_start(
    state: GameState, ctx: Context, player: int, action: Basic, value: int, ignore_requirements: bool = False
) -> bool:
    """Whether ``action`` at ``value`` can do anything (T3: a Student to move; B6: a tile to place...).

    ``ignore_requirements``: book space requirements do not limit the Study (Copernicus, E10)."""
    p = state.players[player]
    if value < 1:
        return False
    if action == "technology":
        return bool(technology.movable_students(state, ctx, p, ()))
    if action == "study":
        return q.book_tiles_left(ctx.catalog, p) > 0 and study.can_place(state, ctx, p, value, ignore_requirements)
    if action == "lessons":
        return bool(lessons.takeable(state, value))
    return True


def start(
    tx: Tx,
    player: int,
    action: Basic,
    value: int,
    how: PerformAction | None = None,
    modifiers: tuple[Effect, ...] = (),
) -> None:
    """Push the frame of ``action`` at ``value`` if it can do anything.

    ``how`` carries a Master's or tile's parameters (split, no coins, free travel ...); ``modifiers`` the
    Special Effects of the card that change this action (E4, E5, E10, E11)."""
    how = how or PerformAction(action=action, value=value)
    ignore = how.ignore_requirements or study.no_book_requirement(modifiers)
    if not can_start(tx.state, tx.ctx, player, action, value, ignore):
        return
    match action:
        case "work":
            tx.push(
                WorkFrame(
                    player=player,
                    value=value,
                    no_coins=how.no_coins,
                    ignore_requirements=how.ignore_requirements,
                )
            )
        case "technology":
            tx.push(
                TechnologyFrame(
                    player=player,
                    value=value,
                    remaining=value,
                    split=how.split,
                    ignore_requirements=how.ignore_requirements,
                    modifiers=modifiers,
                )
            )
        case "travel":
            tx.push(
                TravelFrame(
                    player=player,
                    value=value,
                    remaining=value,
                    free_travel=how.free_travel,
                    cube_on_each_pass=how.cube_on_each_pass,
                    modifiers=modifiers,
                )
            )
        case "lessons":
            tx.push(
                LessonsFrame(
                    player=player,
                    value=value,
                    remaining=value,
                    split=how.split,
                    then_perform_taken=how.then_perform_taken,
                )
            )
        case "study":
            tx.push(
                StudyFrame(
                    player=player,
                    value=value,
                    remaining=value,
                    split=how.split,
                    ignore_requirements=how.ignore_requirements,
                    modifiers=modifiers,
                )
            )
