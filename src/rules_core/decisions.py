"""Each kind of pending decision declared once: what it is, who decides, what they may do, in words.

A game's pending decisions are frames, frozen records on the state's stack. A :class:`DecisionKind` says
everything about one kind of frame in one place: its record and the tag a save writes for it, the rules
function that lists its legal actions and the one that applies the chosen one (or, for a decision that
settles itself, the step that settles it), its prompt for people, and the action kinds it may offer. The
rule table (:class:`rules_core.engine.Ruleset`) is built from these declarations, and so is everything
else that must know the decision kinds: the save format's tags, the bounds, the action space, the
prompts and the views' redaction of private actions.

Actions a player may take in the middle of other decisions (a game's Quick Actions, say) are declared
once as an :class:`Interjection` and named by each decision that allows them; the decision's own rules
never list or apply them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from rules_core.actions import ActionKind
from rules_core.errors import RulesError

LegalFn = Callable[[Any, Any, Any], list[Any]]  # (state, context, frame) -> legal actions
ApplyFn = Callable[[Any, Any, Any], None]  # (transaction, frame, action) -> None: emits events
SettleFn = Callable[[Any, Any], None]  # (transaction, frame) -> None: a step that needs no choice
PromptFn = Callable[[Any, Any], str]  # (state, frame) -> what is being decided, in words
OpenFn = Callable[[Any, Any, Any], bool]  # (state, context, frame) -> whether an interjection is open now
OfferFn = Callable[[Any, Any, int], list[Any]]  # (state, context, player) -> the interjection's legal actions
PerformFn = Callable[[Any, int, Any], None]  # (transaction, player, action) -> None: emits events


def says(text: str) -> PromptFn:
    """A prompt written as data: ``text`` with ``{state.…}`` and ``{frame.…}`` filled in
    (``"Work (value {frame.value}): step the marker or stop"``)."""

    def prompt(state: Any, frame: Any) -> str:
        return text.format(state=state, frame=frame)

    prompt.__qualname__ = prompt.__name__ = f"says({text!r})"
    return prompt


def always_open(state: Any, ctx: Any, frame: Any) -> bool:
    """Interjections are allowed at every step of the decision."""
    return True


@attrs.frozen
class Interjection:
    """Actions a player may take while another decision is pending, without settling it.

    ``legal(state, ctx, player)`` lists them for the deciding player; ``apply(tx, player, action)`` performs
    one (the decision stays pending). ``kinds`` are the action kinds it may offer. ``open(state, ctx, frame)``
    says whether it is offered at this step of the decision (e.g. between the steps of a movement, not
    after its last); a decision names it as it is, or narrowed with :meth:`only_when`."""

    name: str
    kinds: tuple[ActionKind, ...]
    legal: OfferFn
    apply: PerformFn
    open: OpenFn = always_open

    def only_when(self, open: OpenFn) -> Interjection:
        """This interjection, offered only at the steps where ``open`` holds."""
        return attrs.evolve(self, open=open)


@attrs.frozen
class DecisionKind:
    """One kind of pending decision, declared once.

    - ``record``: the frame class, whose class attribute ``tag`` names it in saves and in the decision's
      ``kind`` (the record says what it is called; the declaration says how it is decided);
    - ``prompt(state, frame)``: what is being decided, in words;
    - ``legal`` and ``apply``: the rules of a player's decision; or ``settle`` for a decision that
      settles itself with no choice (rewards received in order, an automatic seat);
    - ``offers``: the action kinds it may offer, in groups: one group at a time (a Student is chosen,
      then moved), which the bounds read;
    - ``during``: the interjections allowed while it is pending (each says when it is open);
    - ``rules``: the rule IDs it implements, for readers.
    """

    record: type[Any]
    prompt: PromptFn
    legal: LegalFn | None = None
    apply: ApplyFn | None = None
    settle: SettleFn | None = None
    offers: tuple[tuple[ActionKind, ...], ...] = ()
    during: tuple[Interjection, ...] = ()
    rules: str = ""

    def __attrs_post_init__(self) -> None:
        if not isinstance(getattr(self.record, "tag", None), str):
            raise RulesError(f"decision record {self.record.__name__} has no class attribute 'tag' (its name in saves)")
        chooses = self.legal is not None and self.apply is not None
        if chooses == (self.settle is not None) or (self.legal is None) != (self.apply is None):
            raise RulesError(f"decision {self.tag!r} needs either legal and apply, or settle")
        if self.during and not chooses:
            raise RulesError(f"decision {self.tag!r} settles itself: it allows no interjection")

    @property
    def tag(self) -> str:
        """The decision's name in saves and in the decision's ``kind``."""
        tag: str = self.record.tag
        return tag

    @property
    def automatic(self) -> bool:
        return self.settle is not None

    @property
    def action_kinds(self) -> tuple[ActionKind, ...]:
        """Every action kind it may offer, its interjections' included, each once."""
        kinds = [kind for group in self.offers for kind in group]
        kinds += [kind for interjection in self.during for kind in interjection.kinds]
        return tuple(dict.fromkeys(kinds))


__all__ = [
    "ApplyFn",
    "DecisionKind",
    "Interjection",
    "LegalFn",
    "OfferFn",
    "OpenFn",
    "PerformFn",
    "PromptFn",
    "SettleFn",
    "always_open",
    "says",
]
