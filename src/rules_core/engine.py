"""A game's rule table and the command loop over it: one source of legality for "what may I do" and "do it".

A game declares itself in one :class:`Ruleset`: its action kinds (:mod:`rules_core.actions`), its kinds
of pending decision, each declared once (:mod:`rules_core.decisions`: the rules function that lists the
legal actions and the one that applies the chosen one, or the step of a decision that settles itself),
and what runs when nothing is pending (the game flow). The loop knows nothing else about the game. Its state needs
only ``top`` (the pending decision, or None) and ``phase`` (the game is over in the ruleset's
``over_phase``); its decisions name the deciding seat in a ``player`` field.

``apply_action`` checks the action against the legal actions, then lets the decision's rules emit events
through a transaction; ``settle`` runs the automatic steps until a player must decide again.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from typing import Any, Generic, Protocol, TypeVar

import attrs

from rules_core.actions import Action, Notation
from rules_core.decisions import (
    ApplyFn,
    DecisionKind,
    Interjection,
    LegalFn,
    OfferFn,
    OpenFn,
    PerformFn,
    SettleFn,
    always_open,
)
from rules_core.errors import IllegalAction, RulesError
from rules_core.notation import read_action
from rules_core.tx import Transaction

StepFn = Callable[[Any], None]  # (transaction) -> None


class EngineState(Protocol):
    """What the loop reads of a game's state."""

    @property
    def top(self) -> Any: ...

    @property
    def phase(self) -> Any: ...


@attrs.frozen
class Ruleset:
    """One game's rules, built from its declarations.

    - ``name``: the rules version a game's configuration selects it by;
    - ``notation``: the game's action kinds, in the stable order of legal actions
      (:class:`rules_core.actions.Notation`);
    - ``decisions``: every kind of pending decision, each declared once
      (:class:`rules_core.decisions.DecisionKind`): its record, rules, prompt and the actions it offers;
    - ``flow``: what happens when nothing is pending (next turn, end of round, end of game);
    - ``after_apply``: steps run after every applied action (e.g. a rule option's timing);
    - ``transaction``: makes the transaction that the rules emit events through, from a state and context;
    - ``action_type``: the class of the game's actions (made from a kind and an argument);
    - ``forced``: an action taken without asking when it is the only legal one (e.g. "stop");
    - ``hidden``: the placeholder argument others see of an action of a private kind;
    - ``over_phase``: the state's ``phase`` once the game is over.

    Derived once: ``frame_types`` (tag -> record), ``order`` (the sort key of an action) and the
    look-ups of the command loop.
    """

    name: str
    notation: Notation
    decisions: tuple[DecisionKind, ...]
    flow: StepFn
    transaction: Callable[[Any, Any], Transaction[Any, Any, Any]]
    action_type: Callable[[str, str], Any] = Action
    forced: Hashable | None = None
    after_apply: tuple[StepFn, ...] = ()
    over_phase: Hashable = "over"
    hidden: str = "?"
    frame_types: Mapping[str, type[Any]] = attrs.field(init=False, repr=False, eq=False)
    order: Callable[[Any], Any] = attrs.field(init=False, repr=False, eq=False)
    _kinds: dict[type[Any], DecisionKind] = attrs.field(init=False, repr=False, eq=False)
    _legal: dict[type[Any], LegalFn] = attrs.field(init=False, repr=False, eq=False)
    _apply_fns: dict[type[Any], ApplyFn] = attrs.field(init=False, repr=False, eq=False)
    # Record -> its interjections' (legal, open or None when always open), and (kind -> apply).
    _offers: dict[type[Any], tuple[tuple[OfferFn, OpenFn | None], ...]] = attrs.field(init=False, repr=False, eq=False)
    _performs: dict[type[Any], dict[str, PerformFn]] = attrs.field(init=False, repr=False, eq=False)
    automatic: dict[type[Any], SettleFn] = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        _check_declarations(self.notation, self.decisions)
        setattr_ = object.__setattr__
        setattr_(self, "frame_types", {kind.tag: kind.record for kind in self.decisions})
        setattr_(self, "order", self.notation.order_keys.__getitem__)
        setattr_(self, "_kinds", {kind.record: kind for kind in self.decisions})
        choices = [kind for kind in self.decisions if kind.legal is not None and kind.apply is not None]
        setattr_(self, "_legal", {kind.record: kind.legal for kind in choices})
        setattr_(self, "_apply_fns", {kind.record: kind.apply for kind in choices})
        offers = {kind.record: tuple(_offer(i) for i in kind.during) for kind in choices if kind.during}
        setattr_(self, "_offers", offers)
        performs = {k.record: {a.name: i.apply for i in k.during for a in i.kinds} for k in choices if k.during}
        setattr_(self, "_performs", performs)
        automatic = {kind.record: kind.settle for kind in self.decisions if kind.settle is not None}
        setattr_(self, "automatic", automatic)

    def extended(self, *, name: str, decisions: tuple[DecisionKind, ...] = (), **changes: Any) -> Ruleset:
        """This rule table under another ``name`` with ``decisions`` added (a variant's or a test's new kinds)
        and their action kinds joined to the notation; ``changes`` replace other fields."""
        kinds = [kind for decision in decisions for kind in decision.action_kinds]
        notation = changes.pop("notation", self.notation).extended(kinds)
        return attrs.evolve(self, name=name, notation=notation, decisions=(*self.decisions, *decisions), **changes)

    def tag(self, frame: Any) -> str:
        """The tag of ``frame``'s kind (its name in saves)."""
        return self._kinds[type(frame)].tag

    def prompt(self, state: Any, frame: Any) -> str:
        """What ``frame`` asks, in words."""
        return self._kinds[type(frame)].prompt(state, frame)

    def parse_action(self, text: object) -> Any:
        """The action written ``text`` in this notation; raises :class:`ActionSyntaxError` naming what is wrong."""
        return self.action_type(*read_action(text, self.notation.takes_argument))

    def offers(self) -> dict[type[Any], tuple[tuple[str, ...], ...]]:
        """Record -> the groups of action kinds its decision may offer (decisions that settle themselves
        offer none)."""
        return {
            kind.record: tuple(tuple(k.name for k in group) for group in kind.offers)
            for kind in self.decisions
            if not kind.automatic
        }

    def all_actions(self, config: Any, catalog: Any) -> tuple[Any, ...]:
        """Every action that can ever be legal under ``config`` and ``catalog``: each declared kind with each
        argument its domain names, in the stable order of legal actions (an action's index is a stable id)."""
        make = self.action_type
        actions = {make(kind.name, arg) for kind in self.notation.kinds for arg in kind.arguments(config, catalog)}
        return tuple(sorted(actions, key=self.order))

    def max_legal_actions(self, config: Any, catalog: Any) -> int:
        """The most legal actions one decision can offer under ``config`` and ``catalog``: the largest sum,
        over the groups a decision offers, of the most actions each kind can offer (its declared limit)."""
        limits = {kind.name: kind.limit(config, catalog) for kind in self.notation.kinds}
        return max(
            (sum(limits[kind.name] for kind in group) for decision in self.decisions for group in decision.offers),
            default=0,
        )

    def redact_action(self, actor: int | None, action: Any, viewer: int | None) -> Any:
        """``action`` as ``viewer`` may see it: another seat's action of a private kind shows its kind and
        the ``hidden`` placeholder (a seat sees that a choice was made, not which)."""
        if actor != viewer and action.kind in self.notation.private:
            return self.action_type(action.kind, self.hidden)
        return action

    def legal_actions(self, state: EngineState, ctx: Any) -> tuple[Any, ...]:
        """Every legal action of the deciding player, in a stable order."""
        top = state.top
        if top is None or type(top) in self.automatic:
            return ()
        legal = self._legal[type(top)](state, ctx, top)
        offers = self._offers.get(type(top))
        return self._in_order(legal if offers is None else _with_offers(legal, offers, state, ctx, top))

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

    def settle(self, tx: Transaction[Any, Any, Any]) -> tuple[Any, ...]:
        """Run automatic steps until a player has a real choice or the game is over; return that choice's
        legal actions (empty when the game is over). A decision whose only legal action is ``forced`` is
        taken at once: it changes nothing a player could choose."""
        forced, only_forced = self.forced, [self.forced]
        legal_fns, offers_of, automatic, over = self._legal, self._offers, self.automatic, self.over_phase
        while True:
            state = tx.state
            if state.phase == over:
                return ()
            top = state.top
            if top is None:
                self.flow(tx)
                continue
            kind = type(top)
            auto = automatic.get(kind)
            if auto is not None:
                auto(tx, top)
                continue
            legal = legal_fns[kind](state, tx.ctx, top)
            offers = offers_of.get(kind)
            if offers is not None:  # looked up here, not wrapped: the loop's hottest path stays one call
                for more, is_open in offers:
                    if is_open is None or is_open(state, tx.ctx, top):
                        extra = more(state, tx.ctx, top.player)
                        if extra:
                            legal = legal + extra
            if not legal:
                raise AssertionError(f"no legal action in decision {top!r}")
            if legal == only_forced:
                self._apply(tx, top, forced)
                continue
            return self._in_order(legal)

    def _apply(self, tx: Transaction[Any, Any, Any], top: Any, action: Any) -> None:
        kind = type(top)
        performs = self._performs.get(kind)
        perform = None if performs is None else performs.get(action.kind)
        if perform is None:
            self._apply_fns[kind](tx, top, action)
        else:  # an interjection: its own rules perform it, the decision stays pending
            perform(tx, top.player, action)
        for step in self.after_apply:
            step(tx)

    def _in_order(self, actions: list[Any]) -> tuple[Any, ...]:
        return tuple(sorted(set(actions), key=self.order))


C = TypeVar("C")
K = TypeVar("K")


@attrs.frozen
class Context(Generic[C, K]):
    """What the rules read besides the state: the configuration, the data pack (catalog) and the rule table
    the configuration selects. A game names its own as ``Context[MyConfig, MyCatalog]``."""

    config: C
    catalog: K
    rules: Ruleset


def _offer(interjection: Interjection) -> tuple[OfferFn, OpenFn | None]:
    return interjection.legal, None if interjection.open is always_open else interjection.open


def _with_offers(
    legal: list[Any], offers: tuple[tuple[OfferFn, OpenFn | None], ...], state: Any, ctx: Any, top: Any
) -> list[Any]:
    """``legal`` with the actions of the interjections open now."""
    for more, is_open in offers:
        if is_open is None or is_open(state, ctx, top):
            legal = legal + more(state, ctx, top.player)
    return legal


def _check_declarations(notation: Notation, decisions: tuple[DecisionKind, ...]) -> None:
    """Refuse a table whose decisions share a record or a tag, or offer a kind the notation lacks."""
    names = [getattr(d.record, "__name__", "?") for d in decisions]
    tags = [d.tag for d in decisions]
    for what, keys in (("record", names), ("tag", tags)):
        twice = sorted({key for key in keys if keys.count(key) > 1})
        if twice:
            raise RulesError(f"decision {what} declared twice: {', '.join(twice)}")
    for decision in decisions:
        unknown = [kind.name for kind in decision.action_kinds if notation.by_name.get(kind.name) != kind]
        if unknown:
            raise RulesError(f"decision {decision.tag!r} offers kinds not in the notation: {', '.join(unknown)}")


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


__all__ = ["Context", "EngineState", "Ruleset", "StepFn", "deciding_player", "explain_illegal"]
