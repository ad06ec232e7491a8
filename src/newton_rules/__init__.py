"""newton_rules: the reference rules engine for the board game Newton."""
