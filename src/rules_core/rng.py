"""A small deterministic PRNG whose whole state is one integer kept in the game state.

SplitMix64: the same seed gives the same sequence in any process, platform and PYTHONHASHSEED,
and the state serialises as a plain number. Not for cryptography.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


def seed_state(seed: int) -> int:
    """The generator state for a game seed (any integer)."""
    return seed & _MASK


def next_u64(state: int) -> tuple[int, int]:
    """(new state, 64-bit output)."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """(new state, uniform integer in [0, n)), without modulo bias."""
    if n <= 0:
        raise ValueError("below() needs n >= 1")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        state, value = next_u64(state)
        if value < limit:
            return state, value % n


def shuffled(state: int, items: Sequence[T]) -> tuple[int, tuple[T, ...]]:
    """(new state, a Fisher-Yates shuffle of items)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        state, j = below(state, i + 1)
        out[i], out[j] = out[j], out[i]
    return state, tuple(out)


class Draws:
    """The generator drawn from step after step (a game's setup): each draw advances :attr:`state`, which the
    game keeps in its state once the draws are done, so the rules draw on from there. The same draws in the
    same order give what :func:`below` and :func:`shuffled` give with the state passed along by hand."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        self.state, value = below(self.state, n)
        return value

    def shuffled(self, items: Sequence[T]) -> tuple[T, ...]:
        """A Fisher-Yates shuffle of ``items``."""
        self.state, out = shuffled(self.state, items)
        return out


__all__ = ["Draws", "below", "next_u64", "seed_state", "shuffled"]
