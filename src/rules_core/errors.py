"""The error family every game on the core shares. Each error raised on bad input is a ``RulesError``
(a ``ValueError``); a game re-exports these under its own names rather than subclassing them, so one
``except`` clause catches the same error whichever layer raised it."""

from __future__ import annotations


class RulesError(ValueError):
    """Base class of every error raised on bad input: the state it was given is left untouched."""


class IllegalAction(RulesError):
    """An action that is not legal in the current position; the game is left untouched."""


class ActionSyntaxError(RulesError):
    """Text that is not an action in the game's notation."""


class SaveFormatError(RulesError):
    """A saved game that cannot be read: bad JSON, wrong version, unknown field or illegal logged action."""


class DataError(RulesError):
    """A component data file that fails validation; the message names the file, the item and the field.

    ``problems`` lists each problem found, one sentence each (the message joins them): a pack that breaks
    several rules reports them all at once.
    """

    def __init__(self, message: str, problems: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.problems: tuple[str, ...] = problems or (message,)


class OptionsError(RulesError):
    """Game options or configuration that do not describe a playable game."""


class PositionError(RulesError):
    """A built position no game can reach: a component in two places, a piece where it cannot be."""


__all__ = [
    "ActionSyntaxError",
    "DataError",
    "IllegalAction",
    "OptionsError",
    "PositionError",
    "RulesError",
    "SaveFormatError",
]
