"""Actions and their notation, declared once per kind for every game on the core.

An action is one atomic decision: a kind and at most one argument (``"step venezia"``, ``"end"``), written
as text by ``str(action)`` and read back by :func:`rules_core.notation.read_action`. A game declares each
kind of action once, as an :class:`ActionKind`: whether it takes an argument, every argument it can ever
name (its domain, read from the configuration and the data pack), whether the other seats may see that
argument, and the most actions of the kind one decision can offer. The game's rule table takes its kinds
in one :class:`Notation`, in the stable order of legal actions (declared in that order through a
:class:`NotationBuilder`); from it come the sort order, the action space, the bounds and which actions a
view hides.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, NamedTuple, Self

import attrs

from rules_core.errors import RulesError
from rules_core.notation import read_action

Domain = Callable[[Any, Any], Iterable[str]]  # (config, catalog) -> every argument the kind can name
Limit = Callable[[Any, Any], int]  # (config, catalog) -> the most actions of the kind in one decision


class Action(NamedTuple):
    """One atomic decision. ``str(action)`` is its notation; a game's subclass names its
    :class:`Notation` in a class attribute ``notation``, which :meth:`parse` reads.

    A named tuple rather than an attrs class: bots create, hash and compare millions of actions, and a
    tuple does all three in C."""

    kind: str
    arg: str = ""

    def __str__(self) -> str:
        return f"{self.kind} {self.arg}" if self.arg else self.kind

    @classmethod
    def parse(cls, text: str) -> Self:
        """Read the notation (``"step venezia"``) of the class's game; raises :class:`ActionSyntaxError`
        naming what is wrong."""
        notation: Notation | None = getattr(cls, "notation", None)
        if notation is None:
            raise RulesError(f"{cls.__name__} names no notation to read actions with")
        return cls(*read_action(text, notation.takes_argument))


def no_argument(config: Any, catalog: Any) -> Iterable[str]:
    """The domain of a kind that takes no argument: the empty argument alone."""
    return ("",)


@attrs.frozen
class ActionKind:
    """One kind of action of a game's notation, declared once.

    - ``name``: the word that starts the action's text;
    - ``domain``: every argument it can name under a configuration and a data pack; ``None`` for a kind
      that takes no argument, or one whose arguments the game has not enumerated (``takes_argument``
      then says it takes one, and no action space can be derived for it);
    - ``private``: the argument is the actor's secret; the other seats and spectators see the kind with a
      placeholder argument (a Master kept, a card tucked);
    - ``most``: the most actions of this kind one decision can offer (the bounds); by default as many as
      its domain holds;
    - ``doc``: what it does, in a line.
    """

    name: str
    domain: Domain | None = None
    private: bool = False
    most: Limit | None = None
    doc: str = ""
    takes_argument: bool = attrs.field(kw_only=True)

    @takes_argument.default
    def _has_domain(self) -> bool:
        return self.domain is not None

    def arguments(self, config: Any, catalog: Any) -> tuple[str, ...]:
        """Every argument of the kind, each once, in the domain's order (``("",)`` without argument)."""
        if self.domain is None and self.takes_argument:
            raise RulesError(f"action kind {self.name!r} declares no domain: its arguments cannot be listed")
        return tuple(dict.fromkeys((self.domain or no_argument)(config, catalog)))

    def limit(self, config: Any, catalog: Any) -> int:
        """The most actions of this kind that one decision can offer."""
        return self.most(config, catalog) if self.most is not None else len(self.arguments(config, catalog))


class OrderKeys(dict[Any, tuple[int, str]]):
    """Action -> its place in the stable order (kind, then argument), computed on first use.

    Sorting with ``key=keys.__getitem__`` looks the keys up in C: legal actions are sorted once per
    decision, and the set of distinct legal actions is small (kinds x component ids)."""

    def __init__(self, kind_order: Mapping[str, int]) -> None:
        super().__init__()
        self._kind_order = kind_order

    def __missing__(self, action: Any) -> tuple[int, str]:
        key = self[action] = (self._kind_order[action.kind], action.arg)
        return key


@attrs.frozen
class Notation:
    """A game's action kinds, in the stable order of legal actions, and what follows from them."""

    kinds: tuple[ActionKind, ...]
    by_name: Mapping[str, ActionKind] = attrs.field(init=False, repr=False, eq=False)
    takes_argument: Mapping[str, bool] = attrs.field(init=False, repr=False, eq=False)
    order_keys: OrderKeys = attrs.field(init=False, repr=False, eq=False)
    private: frozenset[str] = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        names = [kind.name for kind in self.kinds]
        repeated = sorted({name for name in names if names.count(name) > 1})
        if repeated:
            raise RulesError(f"action kinds declared twice: {', '.join(repeated)}")
        object.__setattr__(self, "by_name", {kind.name: kind for kind in self.kinds})
        object.__setattr__(self, "takes_argument", {kind.name: kind.takes_argument for kind in self.kinds})
        object.__setattr__(self, "order_keys", OrderKeys({name: i for i, name in enumerate(names)}))
        object.__setattr__(self, "private", frozenset(kind.name for kind in self.kinds if kind.private))

    def extended(self, kinds: Sequence[ActionKind]) -> Notation:
        """This notation with ``kinds`` added after its own (a variant's or a test's new kinds)."""
        new = dict.fromkeys(kind for kind in kinds if kind not in self.kinds)
        return Notation((*self.kinds, *new))


class NotationBuilder:
    """A game's action kinds declared one at a time, in the stable order of legal actions, so that each is
    written once: ``KEEP = kinds.declare("keep", ...)`` for each kind, then ``NOTATION = kinds.notation()``.
    A kind's place in the order is where its declaration stands."""

    def __init__(self) -> None:
        self._kinds: list[ActionKind] = []
        self._made = False

    def declare(
        self,
        name: str,
        domain: Domain | None = None,
        private: bool = False,
        most: Limit | None = None,
        doc: str = "",
        *,
        takes_argument: bool | None = None,
    ) -> ActionKind:
        """The :class:`ActionKind` of these fields (``takes_argument`` by default: whether it has a
        domain), next in the order."""
        if self._made:
            raise RulesError(f"action kind {name!r} declared after its notation was made")
        if takes_argument is None:
            kind = ActionKind(name, domain, private, most, doc)
        else:
            kind = ActionKind(name, domain, private, most, doc, takes_argument=takes_argument)
        self._kinds.append(kind)
        return kind

    def notation(self) -> Notation:
        """The notation of the kinds declared so far, in their order; no kind may be declared after it."""
        self._made = True
        return Notation(tuple(self._kinds))


__all__ = ["Action", "ActionKind", "Domain", "Limit", "Notation", "NotationBuilder", "OrderKeys", "no_argument"]
