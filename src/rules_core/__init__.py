"""The game-agnostic engine: the rule table and command loop, transactions, record copies, the seeded
generator and the strict converter. Nothing here knows Newton; a game declares itself to it."""
