"""The action space and the bounds of any game on the core, derived from its rule table's declarations.

    >>> from rules_core.interop.spaces import ActionSpace
    >>> space = ActionSpace(["a", "b", "c"])
    >>> space.index("b"), space.ids(["c", "a"]), space.mask(["b"])
    (1, [2, 0], [0, 1, 0])

Each action kind declares its domain (every argument it can name under a configuration and a data pack,
:class:`rules_core.actions.ActionKind`); the space is every kind with every argument, in the order the rule
table sorts legal actions (:meth:`rules_core.engine.Ruleset.all_actions`), so ``game.legal_actions()`` is
always an ordered subsequence of the space and an action's index is its stable integer id. The bounds are
the most legal actions one decision can offer (from the kinds' declared limits,
:meth:`rules_core.engine.Ruleset.max_legal_actions`) and the most decisions one game can take, which only
the game can argue (:attr:`rules_core.interop.declaration.Interop.max_decisions`; None when its rules set no
limit).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Sequence
from typing import Any, TypeVar, overload

import attrs

from rules_core.errors import RulesError

A = TypeVar("A", bound=Hashable)


class ActionNotInSpace(RulesError, ValueError):
    """An action that no game of the configuration can offer (``ValueError``, as ``Sequence.index`` raises)."""


class ActionSpace(Sequence[A]):
    """Every action that can be legal in one configuration, in the rule table's order; ``space[i]`` is the
    action with id ``i`` and ``space.index(action)`` its id (a dictionary look-up). ``not_in_space`` is the
    error raised for an action outside the space (a game's subclass may name its own)."""

    __slots__ = ("_actions", "_ids")
    not_in_space: type[Exception] = ActionNotInSpace

    def __init__(self, actions: Iterable[A]) -> None:
        self._actions = tuple(actions)
        self._ids = {action: i for i, action in enumerate(self._actions)}

    def __len__(self) -> int:
        return len(self._actions)

    @overload
    def __getitem__(self, index: int) -> A: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[A]: ...

    def __getitem__(self, index: int | slice) -> A | Sequence[A]:
        return self._actions[index]

    def __iter__(self) -> Iterator[A]:
        return iter(self._actions)

    def __contains__(self, action: object) -> bool:
        return action in self._ids

    def index(self, action: object, start: int = 0, stop: int | None = None) -> int:
        """The id of ``action``; raises :attr:`not_in_space` (a ``ValueError`` too) if it is not in the space."""
        found: int | None = self._ids.get(action)  # type: ignore[arg-type]
        if found is None or found < start or (stop is not None and found >= stop):
            raise self.not_in_space(f"{action!s} is not in the action space")
        return found

    def ids(self, actions: Iterable[A]) -> list[int]:
        """The ids of ``actions`` (e.g. ``game.legal_actions()``, which come out sorted)."""
        ids = self._ids
        try:
            return [ids[a] for a in actions]
        except KeyError as exc:
            raise self.not_in_space(f"{exc.args[0]!s} is not in the action space") from None

    def known_ids(self, actions: Iterable[A]) -> list[int] | None:
        """The ids of ``actions``, or None if one of them is not in the space (one pass: the frameworks ask
        it of every decision's legal actions)."""
        ids = self._ids
        try:
            return [ids[a] for a in actions]
        except KeyError:
            return None

    def covers(self, actions: Iterable[A]) -> bool:
        """Whether every one of ``actions`` is in the space."""
        ids = self._ids
        return all(a in ids for a in actions)

    def mask(self, actions: Iterable[A]) -> list[int]:
        """A list of ``len(space)`` zeros with a one at the id of each of ``actions``."""
        out = [0] * len(self._actions)
        for i in self.ids(actions):
            out[i] = 1
        return out

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ActionSpace):
            return NotImplemented
        return self._actions == other._actions

    def __hash__(self) -> int:
        return hash(self._actions)

    def __repr__(self) -> str:
        return f"<ActionSpace of {len(self)} actions>"


@attrs.frozen
class Bounds:
    """The most legal actions of one decision, and the most decisions of one game (None: the game's rules
    set no limit, e.g. a game that goes on while nobody takes what would end it)."""

    max_legal_actions: int
    max_decisions: int | None


def space_of(ctx: Any) -> ActionSpace[Any]:
    """The action space of a rules context (``config``, ``catalog`` and ``rules``, what
    :meth:`rules_core.session.Session.context` gives): every action its rule table can ever offer."""
    return ActionSpace(ctx.rules.all_actions(ctx.config, ctx.catalog))


__all__ = ["ActionNotInSpace", "ActionSpace", "Bounds", "space_of"]
