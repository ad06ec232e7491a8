"""Starting a Basic Action, from a card, a Master or a tile: the one entry point to the five actions."""

from __future__ import annotations

from newton_rules.effects.primitives import Basic, PerformAction
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
    *,
    from_card: bool = False,
    double_bonus: bool = False,
    extra_cube_cost: int | None = None,
    extra_tile: bool = False,
    ignore_requirement: bool = False,
) -> None:
    """Push the frame of ``action`` at ``value``; ``how`` carries a Master's or tile's parameters."""
    how = how or PerformAction(action=action, value=value)
    ignore = how.ignore_requirements or ignore_requirement
    if not can_start(tx.state, tx.ctx, player, action, value, ignore):
        return
    match action:
        case "work":
            tx.push(
                WorkFrame(
                    player=player,
                    value=value,
                    from_card=from_card,
                    no_coins=how.no_coins,
                    ignore_requirements=ignore,
                )
            )
        case "technology":
            tx.push(
                TechnologyFrame(
                    player=player,
                    value=value,
                    remaining=value,
                    split=how.split,
                    double_bonus=double_bonus,
                    ignore_requirements=ignore,
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
                    extra_cube_cost=extra_cube_cost,
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
                    tiles_allowed=0 if how.split else (2 if extra_tile else 1),
                    split=how.split or extra_tile,
                    ignore_requirements=ignore,
                )
            )
