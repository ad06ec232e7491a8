"""The library's error family. Every error it raises on bad input is a ``NewtonError`` (a ``ValueError``)."""

from __future__ import annotations


class NewtonError(ValueError):
    """Base class of every error newton_rules raises on bad input."""


class IllegalAction(NewtonError):
    """An action that is not legal in the current position; the game is left untouched."""


class ActionSyntaxError(NewtonError):
    """Text that is not an action in the notation (see :func:`newton_rules.Action.parse`)."""


class SaveFormatError(NewtonError):
    """A saved game that cannot be read: bad JSON, wrong version, unknown field or illegal logged action."""


class DataError(NewtonError):
    """A component data file that fails validation; the message names the file, the item and the field."""


class OptionsError(NewtonError):
    """Game options or configuration that do not describe a playable game."""


class PositionError(NewtonError):
    """A built position no game can reach: a component in two places, a piece where it cannot be."""
