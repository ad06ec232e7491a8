"""The action notation every game on the core shares: a kind, then at most one argument (``"step venezia"``,
``"end"``). A game names its kinds and whether each takes an argument; :func:`read_action` reads a text by
them, so the rules of the notation and its error messages are the same in every game."""

from __future__ import annotations

from collections.abc import Mapping

from rules_core.errors import ActionSyntaxError


def read_action(text: object, kinds: Mapping[str, bool]) -> tuple[str, str]:
    """``(kind, argument)`` of ``text`` (argument "" for a kind that takes none); ``kinds`` maps each kind to
    whether it takes an argument. Raises :class:`ActionSyntaxError` naming what is wrong."""
    if not isinstance(text, str):
        raise ActionSyntaxError(f"an action is written as text, got {type(text).__name__}")
    parts = text.split()
    if not parts:
        raise ActionSyntaxError("empty action text")
    kind = parts[0]
    if kind not in kinds:
        raise ActionSyntaxError(f"unknown action kind {kind!r} in {text!r}")
    if kinds[kind]:
        if len(parts) != 2:
            raise ActionSyntaxError(f"action {kind!r} takes exactly one argument, got {text!r}")
        return kind, parts[1]
    if len(parts) != 1:
        raise ActionSyntaxError(f"action {kind!r} takes no argument, got {text!r}")
    return kind, ""


__all__ = ["read_action"]
