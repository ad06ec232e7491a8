"""The seeded generator: the same seed gives the same draws, drawn step by step or passed along by hand."""

from __future__ import annotations

from rules_core import rng


def test_draws_give_what_the_state_passed_along_by_hand_gives() -> None:
    draws = rng.Draws(rng.seed_state(7))
    drawn = (draws.shuffled(range(10)), draws.below(6), draws.shuffled("abc"))
    state, first = rng.shuffled(rng.seed_state(7), range(10))
    state, second = rng.below(state, 6)
    state, third = rng.shuffled(state, "abc")
    assert drawn == (first, second, third)
    assert draws.state == state  # what the game keeps in its state, to draw on from there


def test_another_seed_gives_other_draws() -> None:
    assert rng.Draws(rng.seed_state(1)).shuffled(range(20)) != rng.Draws(rng.seed_state(2)).shuffled(range(20))
