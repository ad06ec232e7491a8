"""The command loop: one source of legality for "what may I do" and "do it".

Each frame type registers three things from its rules module: ``legal`` (the atomic actions open to
the deciding player), ``apply`` (the events an action produces) and, for frames that need no decision,
``auto``. ``apply_action`` checks the action against ``legal`` and then lets the frame's module emit
events; ``settle`` runs automatic steps until a player must decide again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from newton_rules.errors import IllegalAction
from newton_rules.model.actions import ORDER_KEYS, STOP, Action
from newton_rules.model.events import Event
from newton_rules.model.frames import Frame
from newton_rules.model.state import GameState
from newton_rules.model.tx import Context, Tx

LegalFn = Callable[[GameState, Context, Any], list[Action]]
ApplyFn = Callable[[Tx, Any, Action], None]
AutoFn = Callable[[Tx, Any], None]

_LEGAL: dict[type[Any], LegalFn] = {}
_APPLY: dict[type[Any], ApplyFn] = {}
_AUTO: dict[type[Any], AutoFn] = {}
_FLOW: list[Callable[[Tx], None]] = []
_AFTER_APPLY: list[Callable[[Tx], None]] = []


def register(frame_type: type[Any], legal: LegalFn, apply: ApplyFn) -> None:
    _LEGAL[frame_type] = legal
    _APPLY[frame_type] = apply


def register_auto(frame_type: type[Any], auto: AutoFn) -> None:
    _AUTO[frame_type] = auto


def register_flow(advance: Callable[[Tx], None]) -> None:
    """The game-flow step run when no decision is pending (next turn, End Round, final scoring)."""
    _FLOW[:] = [advance]


def register_after_apply(hook: Callable[[Tx], None]) -> None:
    """A step run after every decision is applied (the immediate rewards option)."""
    if hook not in _AFTER_APPLY:
        _AFTER_APPLY.append(hook)


def _apply(tx: Tx, top: Frame, action: Action) -> None:
    _APPLY[type(top)](tx, top, action)
    for hook in _AFTER_APPLY:
        hook(tx)


def legal_actions(state: GameState, ctx: Context) -> tuple[Action, ...]:
    """Every legal action of the deciding player, in a stable order."""
    top = state.top
    if top is None or type(top) in _AUTO:
        return ()
    return _in_order(_LEGAL[type(top)](state, ctx, top))


def _in_order(actions: list[Action]) -> tuple[Action, ...]:
    return tuple(sorted(set(actions), key=ORDER_KEYS.__getitem__))


def deciding_player(frame: Frame | None) -> int | None:
    if frame is None:
        return None
    player = getattr(frame, "player", None)
    return player if isinstance(player, int) else None


def apply_action(
    state: GameState, ctx: Context, action: Action, legal: tuple[Action, ...] | None = None
) -> tuple[GameState, list[Event], tuple[Action, ...]]:
    """(new state, events, the new state's legal actions) after ``action``.

    Raises IllegalAction, leaving ``state`` untouched. ``legal`` may pass the already computed
    ``legal_actions(state, ctx)``.
    """
    if legal is None:
        legal = legal_actions(state, ctx)
    if action not in legal:
        raise IllegalAction(explain_illegal(state, action, legal))
    tx = Tx(state, ctx)
    top = state.top
    assert top is not None
    _apply(tx, top, action)
    next_legal = settle(tx)
    return tx.state, tx.events, next_legal


def explain_illegal(state: GameState, action: Action, legal: tuple[Action, ...]) -> str:
    if state.phase == "over":
        return f"{action} is not legal: the game is over"
    player = deciding_player(state.top)
    same_kind = [a.arg for a in legal if a.kind == action.kind]
    if same_kind:
        return f"{action} is not legal for player {player}: {action.kind!r} takes one of {', '.join(same_kind)}"
    shown = ", ".join(str(a) for a in legal[:20]) + (" ..." if len(legal) > 20 else "")
    return f"{action} is not legal for player {player} now; legal actions: {shown}"


def settle(tx: Tx) -> tuple[Action, ...]:
    """Run automatic steps until a player has a real choice or the game is over; return that choice's
    legal actions (empty when the game is over).

    A decision whose only legal action is ``stop`` (a movement with nothing left to do) is taken
    automatically: it changes nothing a player could choose.
    """
    while True:
        state = tx.state
        if state.phase == "over":
            return ()
        top = state.top
        if top is None:
            _FLOW[0](tx)
            continue
        auto = _AUTO.get(type(top))
        if auto is not None:
            auto(tx, top)
            continue
        legal = _LEGAL[type(top)](state, tx.ctx, top)
        if not legal:
            raise AssertionError(f"no legal action in decision {top!r}")
        if legal == [STOP]:
            _apply(tx, top, STOP)
            continue
        return _in_order(legal)
