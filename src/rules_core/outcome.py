"""How a finished game ended: the outcome record every game on the core gives (``game.outcome``).

A game declares its outcome with :attr:`GameDefinition.outcome <rules_core.definition.GameDefinition.outcome>`:
why the game ended (its termination, in the game's words), the final scores, the winners and the tie-break
that decided between seats with the highest score. A game that declares nothing gets :func:`ranked_outcome`.

    outcome = game.outcome  # None while the game goes on
    if outcome is not None:
        print(outcome.termination, outcome.scores, outcome.winners, outcome.tie_break)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

GAME_OVER = "the game is over"  # the termination of a game that declares no outcome of its own


@attrs.frozen
class Outcome:
    """A finished game's outcome.

    - ``termination``: why the game ended, in the game's words (Newton: "round 6 ended");
    - ``scores``: each seat's final score;
    - ``winners``: the winning seats, as ``game.winners`` gives them (several: a shared victory);
    - ``tie_break``: the tie-break that decided between the seats with the highest score, in the game's words;
      None when the highest score alone decided, or when no tie-break separated the tied seats (they share
      the victory).
    """

    termination: str
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    tie_break: str | None = None


def ranked_outcome(game: Any) -> Outcome:
    """The default :attr:`GameDefinition.outcome <rules_core.definition.GameDefinition.outcome>` of a finished
    game: over (:data:`GAME_OVER`), its scores and its winners (by default the highest scores), no tie-break."""
    return Outcome(termination=GAME_OVER, scores=game.scores, winners=game.winners)


def deciding_tie_break(keys: Sequence[Sequence[Any]], winners: Sequence[int], names: Sequence[str]) -> str | None:
    """The tie-break that separated ``winners`` from the other seats with the highest score.

    ``keys[seat]`` ranks a seat: its score, then its value on each tie-break, higher first; ``names[i]`` names
    the tie-break of ``keys[seat][i + 1]``. The answer is the name of the first tie-break after which the
    seats still ahead are the winners; None when the score alone decided, or when no tie-break did.
    """
    best = max(key[0] for key in keys)
    leaders = [seat for seat, key in enumerate(keys) if key[0] == best]
    won = sorted(winners)
    if leaders == won:
        return None
    for depth, name in enumerate(names, start=2):
        ahead = max(tuple(keys[seat][:depth]) for seat in leaders)
        leaders = [seat for seat in leaders if tuple(keys[seat][:depth]) == ahead]
        if leaders == won:
            return name
    return None


__all__ = ["GAME_OVER", "Outcome", "deciding_tie_break", "ranked_outcome"]
