"""What a game declares to be simulated: :class:`Simulated`.

The simulation (batches, workers, Ray, results file, summary, report) reads a game through the core's
:class:`~rules_core.session.Session` and this declaration only, so a game joins with one value:

- ``new(players, seed, options)``: a new game (``options``: the rule options as JSON values, by name);
- ``bots``: each bot by name, made as ``bots[name](seed, mcts_iterations or None)``;
- ``vp_sources``: where its VP come from, in the order the tables show them, and ``vp_ledger(game)``: per
  seat, the VP each source gave in a finished game (a source not declared is counted as ``other``);
- ``traits(game, seat)``: what a seat played as, by trait (``{"astronomer": "kepler"}``), each trait a
  table of win rates; ``automatic(game)``: the seats the rules play (a solo opponent), by name;
- ``facts(game)``: further JSON keys of a game's record (``{"rounds": 6}``);
- ``packages``: the top-level packages a Ray worker on a cluster needs (the game's and the core).

Every callable must be a module-level function (the declaration travels to worker processes by pickle).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from rules_core.bots import Bot
from rules_core.session import Session

BotMaker = Callable[[int, int | None], Bot]
"""(seed, MCTS iterations or None) -> a bot."""


def no_traits(game: Any, seat: int) -> Mapping[str, str]:
    """The default :attr:`Simulated.traits`: a seat plays as nobody in particular."""
    return {}


def no_automatic_seats(game: Any) -> Mapping[int, str]:
    """The default :attr:`Simulated.automatic`: every seat is a bot's."""
    return {}


def no_facts(game: Any) -> Mapping[str, Any]:
    """The default :attr:`Simulated.facts`: a record has the core's keys only."""
    return {}


def scores_as_points(game: Any) -> Sequence[Mapping[str, int]]:
    """The default :attr:`Simulated.vp_ledger`: each seat's whole score from the one source ``points``."""
    return [{"points": score} for score in game.scores]


@attrs.frozen(kw_only=True)
class Simulated:
    """A game as the simulation sees it (see the module doc)."""

    name: str
    title: str
    new: Callable[[int, int, Mapping[str, Any]], Session]
    bots: Mapping[str, BotMaker]
    vp_sources: tuple[str, ...] = ("points",)
    vp_ledger: Callable[[Any], Sequence[Mapping[str, int]]] = scores_as_points
    traits: Callable[[Any, int], Mapping[str, str]] = no_traits
    automatic: Callable[[Any], Mapping[int, str]] = no_automatic_seats
    facts: Callable[[Any], Mapping[str, Any]] = no_facts
    packages: tuple[str, ...] = ("rules_core",)

    def bot(self, name: str, seed: int, mcts_iterations: int | None = None) -> Bot:
        """A bot named ``name``; ValueError naming the known bots for another name."""
        if name not in self.bots:
            raise ValueError(f"unknown bot {name!r} for {self.title} (known: {', '.join(sorted(self.bots))})")
        return self.bots[name](seed, mcts_iterations)


__all__ = ["BotMaker", "Simulated", "no_automatic_seats", "no_facts", "no_traits", "scores_as_points"]
