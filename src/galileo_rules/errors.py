"""Galileo's errors are the core's error family (one ``except`` clause catches both games' errors)."""

from __future__ import annotations

from rules_core.errors import (
    ActionSyntaxError,
    DataError,
    IllegalAction,
    OptionsError,
    PositionError,
    RulesError,
    SaveFormatError,
)

__all__ = [
    "ActionSyntaxError",
    "DataError",
    "IllegalAction",
    "OptionsError",
    "PositionError",
    "RulesError",
    "SaveFormatError",
]
