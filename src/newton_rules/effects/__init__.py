"""Effect primitives: the small data objects every component effect is built from.

An effect is inert data (a frozen attrs class with a ``type`` tag in JSON). The rules engine
interprets it in :mod:`newton_rules.rules.effects`; components (cards, Masters, tiles, tokens)
only combine primitives, so new components and variants are data, not code.

The package's names are those of :mod:`newton_rules.effects.primitives` (its ``__all__``), listed there once.
"""

from newton_rules.effects.primitives import *  # noqa: F403  (the package is its one module's names)
from newton_rules.effects.primitives import __all__ as __all__
