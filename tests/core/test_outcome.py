"""The outcome record (``game.outcome``): why a game ended, its scores, winners and deciding tie-break, for
a game that declares nothing (Secret Nim) and for one that declares its own outcome."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from rules_core.bots import RandomBot, play_game
from rules_core.outcome import GAME_OVER, Outcome, deciding_tie_break
from tests.core.toy import SECRET_NIM, NimGame, NimState, new_nim


def test_a_game_that_declares_nothing_ends_over_with_the_highest_scores() -> None:
    game = new_nim(seed=4)
    assert game.outcome is None
    end = play_game(game, [RandomBot(seed=4)] * 2)
    assert end.outcome == Outcome(termination=GAME_OVER, scores=end.scores, winners=end.winners, tie_break=None)
    assert end.winners == tuple(s for s, score in enumerate(end.scores) if score == max(end.scores))


def _why_nim_ended(game: Any) -> Outcome:
    """A declared outcome: Secret Nim ends when the last stone is taken or every seat has passed."""
    state: NimState = game.state
    termination = "the last stone was taken" if state.stones == 0 else "every seat passed"
    return Outcome(termination=termination, scores=game.scores, winners=game.winners)


class DeclaredNim(NimGame):
    __slots__ = ()
    definition = attrs.evolve(SECRET_NIM, outcome=_why_nim_ended)


@pytest.mark.parametrize(
    ("stones", "termination"), [(15, "the last stone was taken"), (40, "every seat passed")]
)  # 40 stones outlast the 12 cards of the deck
def test_a_game_declares_its_outcome_through_its_definition(stones: int, termination: str) -> None:
    game = DeclaredNim.new(new_nim(seed=1, stones=stones).config)
    assert game.outcome is None
    end = play_game(game, [RandomBot(seed=1)] * 2)
    assert end.outcome == Outcome(termination=termination, scores=end.scores, winners=end.winners)


@pytest.mark.parametrize(
    ("keys", "winners", "tie_break"),
    [
        ([(10, 3, 0), (9, 5, 5)], (0,), None),  # the score alone
        ([(10, 3, 0), (10, 3, 0), (9, 5, 5)], (0, 1), None),  # tied on everything: a shared victory
        ([(10, 2, 9), (10, 3, 0), (9, 5, 5)], (1,), "dice"),
        ([(10, 3, 1), (10, 3, 2), (10, 1, 9)], (1,), "quadrants"),
        ([(7, 3, 1), (10, 3, 2), (10, 3, 2), (10, 3, 1)], (1, 2), "quadrants"),
    ],
)
def test_the_deciding_tie_break_is_the_first_that_leaves_only_the_winners(
    keys: list[tuple[int, ...]], winners: tuple[int, ...], tie_break: str | None
) -> None:
    assert deciding_tie_break(keys, winners, ("dice", "quadrants")) == tie_break


def test_winners_no_tie_break_ranks_say_is_none() -> None:
    """Winners that the keys do not rank first (a rule of the game's own, such as a solo tie lost) are not
    a tie-break of the keys."""
    assert deciding_tie_break([(5, 0), (5, 0)], (1,), ("dice",)) is None
