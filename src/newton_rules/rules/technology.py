"""Technology (rules T1-T7): move ONE Student forward up to the value, choosing a path at each fork."""

from __future__ import annotations

from newton_rules.components.records import SPECIAL_SPACE_KINDS
from newton_rules.effects.primitives import DoubleBonusTokens, Effect
from newton_rules.model import events as ev
from newton_rules.model import sources as src
from newton_rules.model.actions import STOP, Action
from newton_rules.model.frames import TechnologyFrame
from newton_rules.model.state import GameState, PlayerState
from newton_rules.model.tx import Context, Tx
from newton_rules.rules import queries as q
from newton_rules.rules.requirements import can_meet, pay_requirement
from newton_rules.rules.rewards import end_action, grant
from newton_rules.rules.work import trigger_space
from rules_core.records import evolve


def steps_from(state: GameState, ctx: Context, p: PlayerState, space: str, ignore_requirements: bool) -> list[str]:
    """Spaces a Student of ``p`` on ``space`` may step to (T6 requirement, T7 one per colour on a path end)."""
    spaces = ctx.catalog.technology_spaces
    out = []
    for nxt in spaces[space].next:
        target = spaces[nxt]
        if not target.next and nxt in p.students:
            continue
        if target.kind == "objective" and not ignore_requirements:
            if not can_meet(ctx, state, p, target.requirement):
                continue
        out.append(nxt)
    return out


def bonus_tokens_twice(modifiers: tuple[Effect, ...]) -> bool:
    """E5 (its modifier hook): on the card, the Bonus tokens this Technology takes give their effect twice."""
    return bool(modifiers) and q.modifier(modifiers, DoubleBonusTokens) is not None


def movable_students(state: GameState, ctx: Context, p: PlayerState, moved: tuple[int, ...]) -> list[int]:
    """Students on the track (T3) with a step open to them, not yet moved in this action."""
    return [
        i
        for i, space in enumerate(p.students)
        if space is not None and i not in moved and steps_from(state, ctx, p, space, True)
    ]


def between_steps(state: GameState, ctx: Context, f: TechnologyFrame) -> bool:
    """Q5: Quick Actions are open between the steps of the movement, while some value is left."""
    return f.remaining > 0


def legal(state: GameState, ctx: Context, f: TechnologyFrame) -> list[Action]:
    p = state.players[f.player]
    if f.student is None:
        if f.remaining <= 0:
            return [STOP]
        return [Action("student", str(i)) for i in movable_students(state, ctx, p, f.moved)] + [STOP]
    space = p.students[f.student]
    assert space is not None
    if f.remaining <= 0:
        return [STOP]
    return [Action("step", s) for s in steps_from(state, ctx, p, space, f.ignore_requirements)] + [STOP]


def apply(tx: Tx, f: TechnologyFrame, action: Action) -> None:
    catalog = tx.ctx.catalog
    if action.kind == "student":
        tx.update(evolve(f, student=int(action.arg), steps=0))
        return
    if action.kind == "step":
        assert f.student is not None
        target = catalog.technology_spaces[action.arg]
        if target.kind == "objective" and not f.ignore_requirements:
            pay_requirement(tx, f.player, target.requirement, src.OBJECTIVE_REQUIREMENT)
        tx.emit(ev.PieceMoved(player=f.player, piece="student", index=f.student, to=target.id))
        tx.update(evolve(f, remaining=f.remaining - 1, steps=f.steps + 1))
        take_bonus_token(tx, f.player, target.id, double=bonus_tokens_twice(f.modifiers))
        return
    if f.student is not None:
        here = catalog.technology_spaces[tx.player(f.player).students[f.student] or ""]
        if f.steps > 0 and here.kind in SPECIAL_SPACE_KINDS:
            trigger_space(tx, f.player, here.kind, q.track_tile(tx.state, here.id))
        if f.split and f.remaining > 0:
            top = tx.state.top
            assert isinstance(top, TechnologyFrame)
            moved = (*top.moved, f.student)
            if movable_students(tx.state, tx.ctx, tx.player(f.player), moved):
                tx.update(evolve(top, student=None, steps=0, moved=moved))
                return
    end_action(tx)


def take_bonus_token(tx: Tx, player: int, space: str, *, double: bool = False) -> None:
    """A piece passing over or stopping on a Bonus token takes it; its effect comes as a reward (T4, V2)."""
    for where, token in tx.state.board.bonus:
        if where == space:
            tx.emit(ev.BonusTokenTaken(player=player, space=space, token=token))
            effect = tx.ctx.catalog.tokens_by_id[token].effect
            grant(tx, player, (effect,), src.Source("bonus_token", token), double=double)
            return


def prompt(state: GameState, frame: TechnologyFrame) -> str:
    """What a Technology action asks: a Student to move, then its steps."""
    if frame.student is None:
        return f"Technology ({frame.remaining} left): choose a Student to move, or stop"
    return f"Technology: move Student {frame.student} ({frame.remaining} left) or stop"
