"""The rules: one module per action or phase, declared to the engine in :mod:`newton_rules.rules.table`."""
