"""Newton's game model: configuration, the state, pending decisions (frames), events and the reducer.

Records only, and the one pure function that turns an event into a new state; the rules that decide
which events happen live in :mod:`newton_rules.rules`.
"""
