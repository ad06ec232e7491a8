"""Newton in the frameworks where AI research happens (docs/interop.md).

- :mod:`newton_rules.interop.openspiel`: the OpenSpiel game ``"python_newton"`` (``pip install
  'newton-rules[openspiel]'``; importing the module registers it);
- :mod:`newton_rules.interop.pettingzoo`: ``env(players=2, render_mode=None, ...)``, a PettingZoo AEC
  environment with the classic-game conventions (``pip install 'newton-rules[pettingzoo]'``).

Both are built on :data:`NEWTON_INTEROP`, Newton's declaration for the engine core's generic adapters
(:mod:`rules_core.interop`): the action space (:func:`newton_rules.action_space`), the observation encoder
(:func:`newton_rules.observation_encoder`), the bounds (:func:`newton_rules.game_bounds`), the rewards
and the views (``view.sample(rng)`` for a search's samples). Neither module is imported here: each needs
its framework installed.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

import newton_rules as nr
from newton_rules.text import render_position
from rules_core.interop.declaration import Interop, Parameter
from rules_core.interop.observation import Piece, index_of


def option_defaults() -> dict[str, Parameter]:
    """Every rule option with its default value (the options of :class:`newton_rules.Options`, so options
    added with new rules join by themselves)."""
    defaults: dict[str, Parameter] = attrs.asdict(nr.Options())
    return defaults


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


def configure(players: int, seed: int, parameters: Mapping[str, Parameter]) -> nr.GameConfig:
    """The configuration of the frameworks' parameters: each rule option by its name."""
    return nr.GameConfig(players=players, seed=seed, options=nr.as_options(parameters))


def most_decisions(config: nr.GameConfig, catalog: nr.Catalog) -> int:
    """The bound on a game's decisions (:attr:`newton_rules.Bounds.max_decisions`)."""
    return nr.game_bounds(config, catalog).max_decisions


def position_in_words(view: nr.View) -> str:
    """A seat's view as the terminal shows it (the spectator's: the round and the decision)."""
    if isinstance(view, nr.PlayerView):
        return render_position(view, view.catalog)
    return f"round {view.state.round}, {view.decision}"


def known_hands(config: nr.GameConfig, catalog: nr.Catalog) -> list[Piece]:
    """What the information-state tensor adds to the observation: per seat slot (the player's first), the
    cards the player knows are in that seat's hidden hand (seen entering it in the public log)."""
    cards = index_of(action.arg for action in nr.action_space(config, catalog) if action.kind == "play")
    players = config.players

    def read(view: nr.View) -> dict[int, float]:
        if not isinstance(view, nr.PlayerView):
            return {}
        seat = view.player
        pinned = nr.unseen(view.state, seat, view.catalog, view.events).pinned
        return {
            ((other - seat) % players) * len(cards) + cards[card]: 1.0
            for other, held in pinned.items()
            for card in held
        }

    meaning = "per seat slot (the player's first), the cards the player knows are in that seat's hidden hand"
    return [Piece("known hands", (players, len(cards)), meaning, read)]


NEWTON_INTEROP = Interop(
    session=nr.Game,
    players=(1, 4),
    parameters=option_defaults(),
    configure=configure,
    own_encoder=nr.observation_encoder,
    own_space=nr.action_space,
    information=known_hands,
    rewards=win_shares,
    max_decisions=most_decisions,
    describe=position_in_words,
)
"""Newton for the frameworks (:mod:`rules_core.interop`): players 1 (solo) to 4, every rule option a parameter."""


__all__ = [
    "NEWTON_INTEROP",
    "configure",
    "known_hands",
    "most_decisions",
    "option_defaults",
    "position_in_words",
    "win_shares",
]
