"""A game's rule table and the command loop over it: one source of legality for "what may I do" and "do it".

A game declares itself in one :class:`Ruleset`: which rules function lists the legal actions of each kind
of pending decision and which applies the chosen one, which decisions settle themselves, and what runs
when nothing is pending (the game flow). The loop knows nothing else about the game. Its state needs
only ``top`` (the pending decision, or None) and ``phase`` (the game is over in the ruleset's
``over_phase``); its decisions name the deciding seat in a ``player`` field.

``apply_action`` checks the action against the legal actions, then lets the decision's rules emit events
through a transaction; ``settle`` runs the automatic steps until a player must decide again.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from typing import Any, Protocol

import attrs

from rules_core.errors import IllegalAction
from rules_core.tx import Transaction

LegalFn = Callable[[Any, Any, Any], list[Any]]  # (state, context, decision) -> legal actions
ApplyFn = Callable[[Any, Any, Any], None]  # (transaction, decision, action) -> None: emits events
AutoFn = Callable[[Any, Any], None]  # (transaction, decision) -> None: a step that needs no choice
StepFn = Callable[[Any], None]  # (transaction) -> None


class EngineState(Protocol):
    """What the loop reads of a game's state."""

    @property
    def top(self) -> Any: ...

    @property
    def phase(self) -> Any: ...


@attrs.frozen
class Ruleset:
    """One game's rules, declared in one place.

    - ``decisions``: for each kind (class) of pending decision, its ``(legal, apply)`` rules functions;
    - ``automatic``: decisions that settle themselves, without a player's choice;
    - ``flow``: what happens when nothing is pending (next turn, end of round, end of game);
    - ``after_apply``: steps run after every applied action (e.g. a rule option's timing);
    - ``transaction``: makes the transaction that the rules emit events through, from a state and context;
    - ``order``: the sort key of an action (legal actions come in a stable order);
    - ``forced``: an action taken without asking when it is the only legal one (e.g. "stop");
    - ``over_phase``: the state's ``phase`` once the game is over.
    """

    name: str
    decisions: Mapping[type[Any], tuple[LegalFn, ApplyFn]]
    automatic: Mapping[type[Any], AutoFn]
    flow: StepFn
    transaction: Callable[[Any, Any], Transaction]
    order: Callable[[Any], Any]
    forced: Hashable | None = None
    after_apply: tuple[StepFn, ...] = ()
    over_phase: Hashable = "over"
    # The two halves of ``decisions``, split once: the loop looks one of them up at every step.
    _legal: dict[type[Any], LegalFn] = attrs.field(init=False, repr=False, eq=False)
    _apply_fns: dict[type[Any], ApplyFn] = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_legal", {kind: fns[0] for kind, fns in self.decisions.items()})
        object.__setattr__(self, "_apply_fns", {kind: fns[1] for kind, fns in self.decisions.items()})

    def legal_actions(self, state: EngineState, ctx: Any) -> tuple[Any, ...]:
        """Every legal action of the deciding player, in a stable order."""
        top = state.top
        if top is None or type(top) in self.automatic:
            return ()
        return self._in_order(self._legal[type(top)](state, ctx, top))

    def apply_action(
        self, state: EngineState, ctx: Any, action: Any, legal: tuple[Any, ...] | None = None
    ) -> tuple[Any, list[Any], tuple[Any, ...]]:
        """(new state, events, the new state's legal actions) after ``action``.

        Raises IllegalAction, leaving ``state`` untouched. ``legal`` may pass the already computed
        ``legal_actions(state, ctx)``.
        """
        if legal is None:
            legal = self.legal_actions(state, ctx)
        if action not in legal:
            raise IllegalAction(explain_illegal(state, action, legal))
        tx = self.transaction(state, ctx)
        self._apply(tx, state.top, action)
        next_legal = self.settle(tx)
        return tx.state, tx.events, next_legal

    def settle(self, tx: Transaction) -> tuple[Any, ...]:
        """Run automatic steps until a player has a real choice or the game is over; return that choice's
        legal actions (empty when the game is over). A decision whose only legal action is ``forced`` is
        taken at once: it changes nothing a player could choose."""
        forced, only_forced = self.forced, [self.forced]
        legal_fns, automatic, over = self._legal, self.automatic, self.over_phase
        while True:
            state = tx.state
            if state.phase == over:
                return ()
            top = state.top
            if top is None:
                self.flow(tx)
                continue
            auto = automatic.get(type(top))
            if auto is not None:
                auto(tx, top)
                continue
            legal = legal_fns[type(top)](state, tx.ctx, top)
            if not legal:
                raise AssertionError(f"no legal action in decision {top!r}")
            if legal == only_forced:
                self._apply(tx, top, forced)
                continue
            return self._in_order(legal)

    def _apply(self, tx: Transaction, top: Any, action: Any) -> None:
        self._apply_fns[type(top)](tx, top, action)
        for step in self.after_apply:
            step(tx)

    def _in_order(self, actions: list[Any]) -> tuple[Any, ...]:
        return tuple(sorted(set(actions), key=self.order))


def deciding_player(decision: Any) -> int | None:
    """The seat that makes ``decision`` (its ``player`` field), or None."""
    if decision is None:
        return None
    player = getattr(decision, "player", None)
    return player if isinstance(player, int) else None


def explain_illegal(state: EngineState, action: Any, legal: tuple[Any, ...]) -> str:
    """Why ``action`` is refused, with what would be accepted instead."""
    if state.top is None:  # between decisions nothing is pending only once the game is over
        return f"{action} is not legal: the game is over"
    player = deciding_player(state.top)
    kind = getattr(action, "kind", None)
    same_kind = [str(a.arg) for a in legal if kind is not None and getattr(a, "kind", None) == kind]
    if same_kind:
        return f"{action} is not legal for player {player}: {kind!r} takes one of {', '.join(same_kind)}"
    shown = ", ".join(str(a) for a in legal[:20]) + (" ..." if len(legal) > 20 else "")
    return f"{action} is not legal for player {player} now; legal actions: {shown}"


__all__ = ["EngineState", "Ruleset", "deciding_player", "explain_illegal"]
