"""The seeded generator: the same seed gives the same draws, drawn step by step or passed along by hand."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest

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


def _first_seed(accepts: Callable[[int, int], bool]) -> int:
    """The first seed whose first two 64-bit outputs ``accepts`` takes."""
    return next(s for s in range(10_000) if accepts(rng.next_u64(s)[1], rng.next_u64(rng.next_u64(s)[0])[1]))


def test_below_rejects_a_draw_at_or_above_the_largest_multiple_of_n_and_draws_again() -> None:
    # The multiples of n = 3 * 2**62 below 2**64 end at n: a draw of n or more would make the low values
    # likelier, so it is drawn again.
    n = 3 << 62
    seed = _first_seed(lambda first, second: first >= n > second)
    state, _ = rng.next_u64(seed)
    state, second = rng.next_u64(state)
    assert rng.below(seed, n) == (state, second)


def test_below_keeps_a_draw_under_the_largest_multiple_of_n() -> None:
    n = 3 << 62
    seed = _first_seed(lambda first, _: 1 << 63 <= first < n)
    state, first = rng.next_u64(seed)
    assert rng.below(seed, n) == (state, first)


def test_below_rejects_a_draw_equal_to_the_largest_multiple_of_n() -> None:
    # n = the first draw itself (above 2**63): its only multiple below 2**64 is the draw, refused.
    seed = _first_seed(lambda first, second: first > 1 << 63 and second < first)
    state, n = rng.next_u64(seed)
    state, second = rng.next_u64(state)
    assert rng.below(seed, n) == (state, second)


@pytest.mark.parametrize("n", [0, -3])
def test_below_needs_at_least_one_value_to_draw(n: int) -> None:
    with pytest.raises(ValueError) as refused:
        rng.below(7, n)
    assert str(refused.value) == "below() needs n >= 1"


def test_the_generator_is_splitmix64() -> None:
    # The reference outputs of SplitMix64 from state 0 (Steele, Lea and Flood; Vigna's splitmix64.c).
    state, outputs = 0, []
    for _ in range(3):
        state, value = rng.next_u64(state)
        outputs.append(value)
    assert outputs == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]
    assert state == 3 * 0x9E3779B97F4A7C15 % (1 << 64)


def test_below_one_is_always_zero() -> None:
    state, value = rng.below(7, 1)
    assert value == 0
    assert state == rng.next_u64(7)[0]


def test_a_shuffle_can_give_every_order() -> None:
    orders = {rng.shuffled(rng.seed_state(seed), "abc")[1] for seed in range(200)}
    assert orders == {tuple(p) for p in itertools.permutations("abc")}
