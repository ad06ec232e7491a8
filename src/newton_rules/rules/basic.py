"""Starting a Basic Action, from a card, a Master or a tile: the one entry point to the five actions."""

from __future__ import annotations

from collections.abc import Callable

from newton_rules.effects.primitives import Basic, Effect, PerformAction
from newton_rules.model.frames import Frame, LessonsFrame, StudyFrame, TechnologyFrame, TravelFrame, WorkFrame
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

    ``how`` carries a Master's or tile's parameters (split, no coins, free travel ...) and its modifiers
    (Descartes); ``modifiers`` the Special Effects of the card that change this action (E4, E5, E10, E11).
    The action's frame carries both."""
    how = how or PerformAction(action=action, value=value)
    modifiers = (*modifiers, *how.modifiers)
    ignore = how.ignore_requirements or study.no_book_requirement(modifiers)
    if not can_start(tx.state, tx.ctx, player, action, value, ignore):
        return
    tx.push(_FRAMES[action](player, value, how, modifiers))


def _work_frame(player: int, value: int, how: PerformAction, modifiers: tuple[Effect, ...]) -> Frame:
    return WorkFrame(player=player, value=value, no_coins=how.no_coins, ignore_requirements=how.ignore_requirements)


def _technology_frame(player: int, value: int, how: PerformAction, modifiers: tuple[Effect, ...]) -> Frame:
    return TechnologyFrame(
        player=player,
        value=value,
        remaining=value,
        split=how.split,
        ignore_requirements=how.ignore_requirements,
        modifiers=modifiers,
    )


def _travel_frame(player: int, value: int, how: PerformAction, modifiers: tuple[Effect, ...]) -> Frame:
    return TravelFrame(
        player=player,
        value=value,
        remaining=value,
        free_travel=how.free_travel,
        cube_on_each_pass=how.cube_on_each_pass,
        modifiers=modifiers,
    )


def _lessons_frame(player: int, value: int, how: PerformAction, modifiers: tuple[Effect, ...]) -> Frame:
    return LessonsFrame(player=player, value=value, remaining=value, split=how.split, modifiers=modifiers)


def _study_frame(player: int, value: int, how: PerformAction, modifiers: tuple[Effect, ...]) -> Frame:
    return StudyFrame(
        player=player,
        value=value,
        remaining=value,
        split=how.split,
        ignore_requirements=how.ignore_requirements,
        modifiers=modifiers,
    )


# The frame of each Basic Action, from the player, the value, the parameters of who performs it and the
# modifying Special Effects of the card.
_FRAMES: dict[Basic, Callable[[int, int, PerformAction, tuple[Effect, ...]], Frame]] = {
    "work": _work_frame,
    "technology": _technology_frame,
    "travel": _travel_frame,
    "lessons": _lessons_frame,
    "study": _study_frame,
}
