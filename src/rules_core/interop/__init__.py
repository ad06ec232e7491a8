"""Any game on the core in the frameworks where AI research happens (docs/interop.md).

A game declares what the frameworks need beyond its :class:`~rules_core.definition.GameDefinition` in one
:class:`~rules_core.interop.declaration.Interop` (how a framework's parameters make a configuration, the
observation as a list of named pieces, the terminal rewards, a bound on a game's length when the rules
give one). From it and the rule table's declarations come, for every game alike:

- :mod:`rules_core.interop.spaces`: the action space (stable integer ids, from each action kind's declared
  domain) and the bounds (the most legal actions of one decision, the most decisions of one game);
- :mod:`rules_core.interop.observation`: the observation encoder (the pieces laid out one after the other,
  a documented layout; NumPy optional);
- :mod:`rules_core.interop.openspiel`: ``register(interop, short_name)``, an OpenSpiel game (``pip install
  'newton-rules[openspiel]'``);
- :mod:`rules_core.interop.pettingzoo`: ``InteropEnv(interop, players=...)``, a PettingZoo AEC environment
  (``pip install 'newton-rules[pettingzoo]'``).

The core never imports a game, and this package is never imported by the rest of the core: the two
framework modules need their framework installed, so each is imported only by whoever uses it.
"""

__all__: list[str] = []  # the modules are the API: each needs its framework, so none is imported here
