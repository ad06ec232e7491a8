"""Newton in the frameworks where AI research happens (docs/interop.md).

- :mod:`newton_rules.interop.openspiel`: the OpenSpiel game ``"python_newton"`` (``pip install
  'newton-rules[openspiel]'``; importing the module registers it);
- :mod:`newton_rules.interop.pettingzoo`: ``env(players=2, render_mode=None, ...)``, a PettingZoo AEC
  environment with the classic-game conventions (``pip install 'newton-rules[pettingzoo]'``).

Both are built on the library's public surface: the action space (:func:`newton_rules.action_space`),
the observation encoder (:func:`newton_rules.observation_encoder`), the bounds
(:func:`newton_rules.game_bounds`) and the views (``view.sample(rng)`` for a search's samples).
Neither module is imported here: each needs its framework installed.
"""

from __future__ import annotations

import attrs

import newton_rules as nr


def option_defaults() -> dict[str, object]:
    """Every rule option with its default value (the options of :class:`newton_rules.Options`, so options
    added with new rules join by themselves)."""
    return {field.name: field.default for field in attrs.fields(nr.Options)}


def win_shares(game: nr.Game) -> list[float]:
    """The terminal reward of each seat: a share of 1 split between the winners (ties share it), 0 for
    the others; solo, the final rank's place in the solo table from 0 (the lowest) to 1 (the highest)."""
    players = game.config.players
    if players == 1:
        ranks = [title for _, title in game.catalog.constants.solo_ranks]
        rank = game.rank
        return [ranks.index(rank) / max(1, len(ranks) - 1) if rank in ranks else 0.0]
    winners = game.winners
    return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(players)]


__all__ = ["option_defaults", "win_shares"]
