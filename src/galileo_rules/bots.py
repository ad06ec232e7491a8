"""A greedy Galileo bot with its own evaluation. Random and MCTS bots come generic from the core
(``rules_core.bots.RandomBot``, ``rules_core.mcts.ISMCTSBot`` with :func:`leaf_value` as its leaf hook).

The greedy bot sees only its seat's view: it looks ahead on ``view.sample(rng)`` (a full game consistent
with the view), so a draw in its lookahead never reveals the real deck. For each legal action it follows
its own decisions a few steps deeper (an Observe is a target then a payment) and keeps the action whose
position it values most: VP, plus what final scoring would give now, plus what its resources are worth.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from galileo_rules import Action, Facts, GalileoGame, GalileoView, TurnFrame
from rules_core import bots as core


@attrs.frozen
class Weights:
    """What each resource is worth in VP to the greedy evaluation (tuned by hand on seeded games)."""

    final_university: float = 0.35
    """Per VP the University track would give at final scoring now (it may still grow or be passed)."""
    final_inquisition: float = 0.4
    """Per VP (or penalty) the Inquisition track would give at final scoring now."""
    final_reputation: float = 1.0
    """Per VP (or penalty) Reputation would give at final scoring now: final unless the track moves."""
    dice: float = 0.2
    """Per pip on the seat's dice (the sum of their values): what an Observe can pay with."""
    dice_count: float = 0.4
    """Per die held, whatever its value."""
    dice_colours: float = 1.5
    """Per colour among the dice: a Major Object needs two."""
    quadrants: float = 0.35
    """Per Quadrant held."""
    comets_in_play: float = 1.0
    """Per Comet on the Game Board or waiting for a page."""
    library_cards: float = 0.8
    """Per card in the seat's Library."""
    book_spaces: float = 0.4
    """Per space the Book tokens have moved."""
    upgraded_tiles: float = 1.0
    """Per upgraded Action tile."""
    end_penalty: float = 0.05
    """Taken off ending the Action phase (or stopping, declining), so it loses to any action worth as much."""
    progress: float = 2.0
    """VP a card drawn from the deck (a Major Object observed, a "gain a card" reward) is worth for each of
    the seat's turns after ``patience`` turns in a row in which the deck did not change: the deck running
    out is the only end trigger (GF4), and an evaluation that values held dice and Quadrants can prefer
    keeping them for ever to any Observe."""
    patience: int = 2
    """The seat's turns in a row with an unchanged deck before ``progress`` counts (and the lookahead goes a
    step deeper)."""


def evaluate(facts: Facts, weights: Weights = Weights()) -> float:
    """The greedy bot's value of one seat's position, in VP."""
    w = weights
    return (
        facts.vp
        + w.final_university * facts.final_university
        + w.final_inquisition * facts.final_inquisition
        + w.final_reputation * facts.final_reputation
        + w.dice * facts.dice
        + w.dice_count * facts.dice_count
        + w.dice_colours * facts.dice_colours
        + w.quadrants * facts.quadrants
        + w.comets_in_play * facts.comets_in_play
        + w.library_cards * facts.library_cards
        + w.book_spaces * facts.book_spaces
        + w.upgraded_tiles * facts.upgraded_tiles
    )


def leaf_value(game: GalileoGame) -> tuple[float, ...]:
    """Each seat's share of the evaluations (0 to 1): a leaf hook for the core's ISMCTS."""
    values = [max(0.0, evaluate(game.facts(seat))) for seat in range(len(game.state.players))]
    total = sum(values) or 1.0
    return tuple(v / total for v in values)


class GreedyBot(core.GreedyBot):
    """Chooses the action whose lookahead position it values most (ties: the first in the legal order): the
    engine core's greedy shape (:class:`rules_core.bots.GreedyBot`) with Galileo's evaluation."""

    def __init__(self, seed: int = 0, depth: int = 2, width: int = 6, weights: Weights = Weights()) -> None:
        super().__init__(seed)
        self.depth = depth
        self.width = width
        self.weights = weights
        self._deck_seen: int | None = None
        self._idle_turns = 0  # the seat's turns in a row that began with the deck as it was one turn before

    @property
    def idle_turns(self) -> int:
        return self._idle_turns

    def action_values(self, view: GalileoView, game: GalileoGame, legal: Sequence[Action]) -> list[float]:
        """Each action's lookahead value for the view's seat; a move's start counts the seat's idle turns."""
        seat = view.player
        assert seat is not None
        moving = isinstance(view.state.top, TurnFrame) and view.state.top.stage == "move"
        deck = len(view.state.deck)
        if moving:
            self._idle_turns = self._idle_turns + 1 if deck == self._deck_seen else 0
            self._deck_seen = deck
        return [self._action_value(game, seat, action, moving) for action in legal]

    def _action_value(self, game: GalileoGame, seat: int, action: Action, moving: bool) -> float:
        after = game.apply(action)
        if moving:  # a move is worth the best action it leads to (a waiting seat sees an Observe through)
            deeper = self.depth if self._idle_turns >= self.weights.patience else self.depth - 1
            value = max(self._value(after.apply(b), seat, deeper) for b in after.legal_actions())
        else:
            value = self._value(after, seat, self.depth)
        if action.kind in ("end", "stop", "decline"):
            value -= self.weights.end_penalty
        return value

    def _value(self, game: GalileoGame, seat: int, depth: int) -> float:
        """The position's value, following the seat's own sub-decisions ``depth`` steps (best first)."""
        top = game.state.top
        if depth == 0 or game.is_over or game.to_move != seat or isinstance(top, TurnFrame):
            return evaluate(game.facts(seat), self.weights) + self._progress_value(game)
        legal = game.legal_actions()
        if len(legal) > self.width:
            legal = legal[: self.width - 1] + (legal[-1],)
        return max(self._value(game.apply(a), seat, depth - 1) for a in legal)

    def _progress_value(self, game: GalileoGame) -> float:
        """What the cards drawn since this decision are worth to a seat that waited too long for one."""
        if self._deck_seen is None or self._idle_turns < self.weights.patience:
            return 0.0
        drawn = self._deck_seen - len(game.state.deck)
        return self.weights.progress * (self._idle_turns - self.weights.patience + 1) * drawn


__all__ = ["GreedyBot", "Weights", "evaluate", "leaf_value"]
