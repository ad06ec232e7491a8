"""Galileo in the frameworks where AI research happens (docs/interop.md): registrations of its declaration
(:data:`galileo_rules.observation.GALILEO_INTEROP`) with the core's generic adapters, no adapter code of its own.

- :mod:`galileo_rules.interop.openspiel`: the OpenSpiel game ``"python_galileo"`` (importing it registers it;
  ``pip install 'newton-rules[openspiel]'``);
- :mod:`galileo_rules.interop.pettingzoo`: ``env(players=2, render_mode=None, **parameters)``, a PettingZoo AEC
  environment (``pip install 'newton-rules[pettingzoo]'``).

Neither module is imported here: each needs its framework installed.
"""

__all__: list[str] = []  # the modules are the API: each needs its framework, so none is imported here
