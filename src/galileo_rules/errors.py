"""Galileo's errors are the core's error family (one ``except`` clause catches both games' errors): every
name of :mod:`rules_core.errors`, re-exported as the core declares them."""

from __future__ import annotations

from rules_core import errors as _core
from rules_core.errors import *  # noqa: F403 - the family, whatever the core adds to it

__all__ = list(_core.__all__)
