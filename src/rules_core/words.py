"""Small words every game's text shares: counted nouns, lists, ordinals, and the decision stack's events
in sentences (the stack is the core's, so its sentences are too; each game says what a decision is)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules_core.stack import DecisionPopped, DecisionPushed, DecisionUpdated


def player_name(seat: int) -> str:
    """How the text names a seat: ``Player 0``."""
    return f"Player {seat}"


def plural(count: int, singular: str, plural_form: str | None = None) -> str:
    """``count`` and the noun, singular for exactly 1: ``1 coin``, ``2 coins``, ``3 VP``."""
    return f"{count} {singular if count == 1 else (plural_form or singular + 's')}"


def join_words(parts: list[str], last: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c`` (or ``a, b or c`` with ``last="or"``)."""
    if len(parts) <= 1:
        return "".join(parts)
    return f"{', '.join(parts[:-1])} {last} {parts[-1]}"


def capitalized(text: str) -> str:
    """``text`` with a capital first letter, to start a sentence."""
    return text[:1].upper() + text[1:]


def lowered(text: str) -> str:
    """``text`` with a small first letter, to continue a sentence (``Gain 2 VP`` -> ``gain 2 VP``)."""
    return text[:1].lower() + text[1:]


def ordinal(number: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ``11th``, ``12th``, ``21st``."""
    if 10 <= number % 100 <= 20:
        return f"{number}th"
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th') }"


StackEvent = DecisionPushed[Any] | DecisionUpdated[Any] | DecisionPopped
DecisionText = Callable[[Any, str], str]  # (frame, verb) -> "Player 0 begins a Travel action."


def stack_event_text(event: StackEvent, decision_text: DecisionText) -> str:
    """A decision stack's event in a sentence; ``decision_text(frame, verb)`` says who begins (or goes on
    with) what, in the game's words."""
    if isinstance(event, DecisionPushed):
        return decision_text(event.frame, "begins")
    if isinstance(event, DecisionUpdated):
        return decision_text(event.frame, "goes on with")
    return "The current decision is complete."


__all__ = [
    "DecisionText",
    "StackEvent",
    "capitalized",
    "join_words",
    "lowered",
    "ordinal",
    "player_name",
    "plural",
    "stack_event_text",
]
