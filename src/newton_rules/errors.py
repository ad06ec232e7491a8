"""The library's error family. Every error it raises on bad input is a ``NewtonError`` (a ``ValueError``).

The classes are the engine core's (:mod:`rules_core.errors`), so an error the core raises for Newton is
caught by the name Newton gives it; ``NewtonError`` is the core's ``RulesError``.
"""

from __future__ import annotations

from rules_core.errors import (
    ActionSyntaxError,
    DataError,
    IllegalAction,
    OptionsError,
    PositionError,
    SaveFormatError,
)
from rules_core.errors import RulesError as NewtonError

__all__ = [
    "ActionSyntaxError",
    "DataError",
    "IllegalAction",
    "NewtonError",
    "OptionsError",
    "PositionError",
    "SaveFormatError",
]
