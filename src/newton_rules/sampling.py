"""Sampling the hidden parts of a view: a full position consistent with all one player may know.

A search that must not read hidden information (an information-set MCTS, a fair evaluation of what
the others hold) plays on *determinizations*: from ``game.view(seat)``, work out once what the view
leaves open (:func:`unseen`), then deal it again at random as often as needed (:func:`sample_hidden`
gives the state, :func:`determinize` a playable game). ``view.sample(rng)`` does all three in one call
and keeps the log the player saw (:meth:`newton_rules.view.PlayerView.sample`).

    >>> import random
    >>> import newton_rules as nr
    >>> game = nr.new_game(players=2, seed=7)
    >>> view = game.view(0)
    >>> hidden = nr.unseen(view.state, 0, game.catalog, view.events)
    >>> sampled = nr.determinize(view.state, 0, hidden, game.config, game.catalog, random.Random(1))
    >>> sampled.legal_actions() == game.legal_actions()
    True

What is inferred: another player's hidden hand holds that player's own Starting cards not shown
elsewhere and the cards public events showed entering it; decks hold the unseen cards of their level;
other players' Masters are Masters the viewer has not seen. What is not: which Masters another player
holds beyond "not seen", the Masters passed on in a draft, the order of cards put back under a deck.
"""

from __future__ import annotations

import random

import attrs

from newton_rules.components.catalog import Catalog
from newton_rules.game import Game
from newton_rules.hidden import Unseen, sample_hidden, unseen
from newton_rules.model.config import GameConfig
from newton_rules.model.state import GameState


def determinize(
    view: GameState, seat: int, hidden: Unseen, config: GameConfig, catalog: Catalog, rng: random.Random
) -> Game:
    """A playable game from :func:`sample_hidden`. Its config has seed 0: nothing can rebuild the real deal."""
    public = attrs.evolve(config, seed=0)
    return Game.from_position(public, sample_hidden(view, seat, hidden, rng), catalog)


__all__ = ["Unseen", "determinize", "sample_hidden", "unseen"]
