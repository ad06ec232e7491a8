"""The game-agnostic engine core. Nothing here knows any game; a game declares itself to it.

- ``engine.py``: the rule table (``Ruleset``) and the command loop, the one source of legality;
- ``session.py``: ``GameDefinition`` (how a game declares itself: rule table, setup, records, data pack,
  notation, view filter, scores, invariants) and ``Session``, the immutable game every game's ``Game``
  subclasses (persistent log, legal_actions/apply, views, saves with format and data-pack identity, replay);
- ``views.py``: the log as each viewer sees it (``ViewLog``), given a game's redaction of events and actions,
  and ``sample_game``, every game's ``view.sample`` (the seat's log kept as the sampled game's history);
- ``bots.py``: the bot protocol (``choose(view)``; oracle bots by name), ``RandomBot``, ``play_game``;
- ``mcts.py``: ``ISMCTSBot``, information-set MCTS on ``view.sample`` with prior and leaf-value hooks;
- ``checks.py``: the random-simulation check of any game; ``fuzz.py``: mutated saves and action texts;
- ``tx.py`` (``Transaction``), ``records.py`` (fast copies of frozen records), ``rng.py`` (SplitMix64 in the
  state), ``codec.py`` (strict converters), ``errors.py`` (the error family every game shares),
  ``deprecation.py`` (old names kept importable with a ``DeprecationWarning``).

Every module is public: its names are its ``__all__`` (``docs/versioning.md``).
"""
