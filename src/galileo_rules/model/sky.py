"""The starry sky of a Player Board (GT1): its telescope spaces and its Action tile slots, by number and by name.

The rules, the saves and the canonical notation number them from the bottom of the sky up: telescope
spaces 0-6 (0 and 1 crossed out, 2-6 the five action spaces), tile slots 0-5 beside spaces 0-5 (none at
Upgrade) and slot 6 for Kepler's Character Board tile. A number alone says nothing to a reader, and 6 is
the Upgrade space but the Character Board slot, so each also has a name: the fixed actions printed on its
space (``observe``, ``die/lecture``, ``comet``, ``observe/die``, ``upgrade``), ``crossed1`` and
``crossed2`` for the crossed-out ones (the lower first; the telescope starts at ``crossed2``), and
``bench`` for Kepler's tile. The names are aliases: they are read wherever a space or slot is written
(the notation, the position builder) and always stand for the number, which stays the canonical text so
that every save and transcript written with numbers replays unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence

# The fixed action(s) of each telescope space (GT1).
SKY: tuple[tuple[str, ...], ...] = (
    (),
    (),
    ("observe",),
    ("die", "lecture"),
    ("comet",),
    ("observe", "die"),
    ("upgrade",),
)
UPGRADE_SPACE = 6
FIRST_ACTION_SPACE = 2
BENCH = 6  # the "slot" of Kepler's Character Board tile

SPACES: tuple[str, ...] = ("crossed1", "crossed2", *("/".join(fixed) for fixed in SKY[FIRST_ACTION_SPACE:]))
SLOTS: tuple[str, ...] = (*SPACES[:UPGRADE_SPACE], "bench")


def _number(value: int | str, names: Sequence[str], what: str) -> int:
    """The number of ``value`` (a number, its text or its name) among ``names``; ValueError names what is
    wrong and lists what is accepted."""
    if isinstance(value, str) and value in names:
        return names.index(value)
    if isinstance(value, int) or (isinstance(value, str) and value.isdigit()):
        number = int(value)
        if 0 <= number < len(names):
            return number
    raise ValueError(f"unknown {what} {value!r}: one of {', '.join(names)} (or its number 0-{len(names) - 1})")


def space_number(space: int | str) -> int:
    """The telescope space ``space`` (0-6 or its name) as its number."""
    return _number(space, SPACES, "telescope space")


def slot_number(slot: int | str) -> int:
    """The tile slot ``slot`` (0-6 or its name; 6 is Kepler's Character Board) as its number."""
    return _number(slot, SLOTS, "tile slot")


def slot_text(text: str) -> str:
    """A slot as the canonical notation writes it: a name becomes its number, anything else is kept as it
    is (the legality check then names what is wrong with it)."""
    return str(SLOTS.index(text)) if text in SLOTS else text
