"""Derived facts the rules read: nothing here changes a state."""

from __future__ import annotations

from functools import lru_cache
from itertools import product

from galileo_rules.components.records import COLOURS, Cellar, Colour, Effect, Reward
from galileo_rules.model.sky import FIRST_ACTION_SPACE, UPGRADE_SPACE
from galileo_rules.model.state import Die, GameState, PlayerState
from galileo_rules.model.tx import Context


def telescope_after(position: int, steps: int) -> int:
    """Where the telescope points after moving ``steps`` forward (GT2): past Upgrade it goes on at Observe."""
    for _ in range(steps):
        position = FIRST_ACTION_SPACE if position >= UPGRADE_SPACE else position + 1
    return position


def has_ability(ctx: Context, player: PlayerState, astronomer: str) -> bool:
    """Whether ``player`` plays ``astronomer``'s special ability (Advanced mode or solo)."""
    return ctx.config.abilities and player.astronomer == astronomer


def cellar_of(ctx: Context, player: PlayerState) -> Cellar:
    """The player's cellar: Bruno's 5-space tile in Advanced mode (GK9), else the Player Board's."""
    return ctx.catalog.bruno_cellar if has_ability(ctx, player, "bruno") else ctx.catalog.cellar


# --- dice -----------------------------------------------------------------------------------------


def colour_count(dice: tuple[Die, ...], colour: str) -> int:
    return sum(1 for c, _ in dice if c == colour)


def gainable_colours(state: GameState, ctx: Context, dice: tuple[Die, ...]) -> list[Colour]:
    """Colours a die can be gained in on top of ``dice`` (GD1, GD3): in the supply, under 3 of that colour,
    under 4 dice."""
    rules = ctx.catalog.rules
    if len(dice) >= rules.dice_per_board:
        return []
    return [
        c
        for i, c in enumerate(COLOURS)
        if state.supply[i] > 0 and colour_count(dice, c) < rules.dice_per_colour_on_board
    ]


def raised(ctx: Context, value: int, n: int) -> int:
    """A die value increased by ``n`` (at most 6 unless the die_cap option is off, GD5)."""
    cap = ctx.catalog.rules.die_max if ctx.config.options.die_cap else 10**6
    return min(cap, value + n)


def die_text(die: Die) -> str:
    return f"{die[0]}{die[1]}"


def parse_die(text: str) -> Die | None:
    if len(text) < 2 or text[0] not in COLOURS or not text[1:].isdigit():
        return None
    return (text[0], int(text[1:]))


def without(dice: tuple[Die, ...], spent: tuple[Die, ...] | list[Die]) -> tuple[Die, ...]:
    rest = list(dice)
    for die in spent:
        rest.remove(die)
    return tuple(rest)


# --- observing ------------------------------------------------------------------------------------


def usable_comets(state: GameState, seat: int) -> tuple[int, int]:
    """(Comets at "1", Comets at "2") the player may use now (GC2, GC3)."""
    p = state.players[seat]
    fresh = state.turn.fresh_comets if state.current == seat else 0
    return p.comets_above, p.comets_below - fresh


def object_cost(ctx: Context, card_id: str, constellation: int) -> tuple[tuple[Colour, ...], int]:
    """(colours that pay it, cost) of a Major Object (constellation -1) or a constellation."""
    card = ctx.catalog.card(card_id)
    if constellation < 0:
        return card.major.colours, card.major.cost
    return (card.constellations[constellation].colour,), card.constellations[constellation].cost


# Remembered by its arguments: a Pay decision lists its payments again for each look at its legal actions
# (its own, a bot's lookahead); the bound keeps long batches small.
@lru_cache(maxsize=4096)
def payments(
    dice: tuple[Die, ...], comets: tuple[int, int], colours: tuple[Colour, ...], cost: int
) -> tuple[str, ...]:
    """Every legal payment as its notation (GO2-GO3, GC2-GC5): a sub-multiset of the dice of ``colours``
    with at least one die of each, plus Comets that each reduce the cost (without the smallest one used the
    rest would fall short)."""
    if not can_pay(dice, comets, colours, cost):
        return ()
    eligible = [d for d in dice if d[0] in colours]
    distinct = sorted(set(eligible), key=lambda d: (COLOURS.index(d[0]), -d[1]))
    counts = [eligible.count(d) for d in distinct]
    needed = set(colours)
    found: list[str] = []
    for choice in product(*(range(c + 1) for c in counts)):
        spent = [d for d, k in zip(distinct, choice, strict=True) for _ in range(k)]
        if not needed.issubset({c for c, _ in spent}):
            continue
        total = sum(v for _, v in spent)
        parts = [die_text(d) for d in spent]  # in the notation's order (by colour, highest first): as ``distinct``
        for ones in range(comets[0] + 1):
            if ones and total + ones - 1 >= cost:
                break  # the Comet at "1" would be unneeded, with more Comets too
            # Fewer Comets at "2" than this leave the cost unpaid.
            for twos in range(max(0, -(-(cost - total - ones) // 2)), comets[1] + 1):
                reduced = total + ones + 2 * twos
                smallest = 1 if ones else 2 if twos else 0
                if smallest and reduced - smallest >= cost:
                    break  # more Comets at "2" would leave the smallest one unneeded too
                found.append("+".join([*parts, *["c1"] * ones, *["c2"] * twos]))
    return tuple(found)


def can_pay(dice: tuple[Die, ...], comets: tuple[int, int], colours: tuple[Colour, ...], cost: int) -> bool:
    """Whether :func:`payments` finds one, without listing them: exactly when the player has a die of each
    of ``colours`` and all those dice with every usable Comet reach the cost. (Then all those dice pay it
    alone, or with the fewest Comets that reach it: with a Comet at "1" among them the total is the cost
    exactly, with only Comets at "2" it is at most 1 more, so the smallest one used is always needed.)"""
    values = [v for c, v in dice if c in colours]
    if sum(values) + comets[0] + 2 * comets[1] < cost:
        return False
    return all(any(c == colour for c, _ in dice) for colour in colours)


def parse_payment(text: str) -> tuple[list[Die], int, int]:
    dice: list[Die] = []
    ones = twos = 0
    for part in text.split("+"):
        if part == "c1":
            ones += 1
        elif part == "c2":
            twos += 1
        else:
            die = parse_die(part)
            assert die is not None, part
            dice.append(die)
    return dice, ones, twos


def observable_constellations(state: GameState, ctx: Context) -> list[tuple[int, int]]:
    """(slot, constellation) of the display not covered by any token (GO7)."""
    found: list[tuple[int, int]] = []
    for slot, shown in enumerate(state.display):
        if shown is None:
            continue
        covered = {k for k, _ in shown.covered}
        total = len(ctx.catalog.card(shown.card).constellations)
        found.extend((slot, k) for k in range(total) if k not in covered)
    return found


# --- library --------------------------------------------------------------------------------------


def library_reward(ctx: Context, player: PlayerState, row: int, space: int) -> Reward:
    """The reward of Library ``space`` (1-based) of ``row``: a Copernicus tile over it, else the card's face
    (face up) or its tier's light back (face down)."""
    for overlay in player.overlays:
        covered = ctx.catalog.library_tile(overlay.tile).sides[overlay.side]
        if overlay.row == row and overlay.first <= space < overlay.first + len(covered):
            return covered[space - overlay.first]
    entry = player.library[space - 1]
    if entry.face_up:
        return ctx.catalog.card(entry.card).library[row]
    return ctx.catalog.card_backs[str(entry.tier)][row]


def movable_books(player: PlayerState) -> list[int]:
    return [b for b, pos in enumerate(player.books) if pos < len(player.library)]


# --- inquisition ----------------------------------------------------------------------------------


def movable_inquisitors(player: PlayerState) -> list[int]:
    """Cellar spaces with a token that can move right (GI2)."""
    return [s for s, n in enumerate(player.cellar[:-1]) if n > 0]


def interrogation(ctx: Context, player: PlayerState) -> int:
    values = cellar_of(ctx, player).interrogation
    return sum(n * v for n, v in zip(player.cellar, values, strict=True))


# --- university and objectives ------------------------------------------------------------------


def movable_scales(ctx: Context, state: GameState, player: PlayerState) -> list[int]:
    return [k for k, row in enumerate(player.university) if row < len(scale_rows(ctx, state, k))]


def scale_rows(ctx: Context, state: GameState, k: int) -> tuple[object, ...]:
    tile, side = state.scales[k]
    return ctx.catalog.scale(tile).sides[side]


def upgraded_tiles(player: PlayerState) -> int:
    count = sum(1 for t in player.tiles if t.upgraded)
    return count + (1 if player.bench is not None and player.bench.upgraded else 0)


def subject_count(state: GameState, ctx: Context, seat: int, subject: str) -> int:
    """The count a subject scores and its objective checks (GE3)."""
    p = state.players[seat]
    tycho = state.tycho if state.tycho is not None and seat == 1 and ctx.config.solo else None
    if subject == "majors":
        return sum(1 for c in p.library if c.face_up)
    if subject == "books":
        return tycho.book if tycho is not None else min(p.books)
    if subject == "inquisitors":
        return sum(p.cellar)
    if subject == "upgrades":
        if tycho is not None:
            return sum(1 for t in tycho.tiles if t.upgraded)
        return upgraded_tiles(p)
    if subject == "comets":
        return ctx.catalog.rules.comets - p.comets_board
    if subject == "constellations":
        return ctx.catalog.rules.constellations - p.constellations
    raise ValueError(subject)


def objective_met(state: GameState, ctx: Context, seat: int, objective: str) -> bool:
    """GU2-GU3, GU6 (the cellar peak of this turn counts for the Inquisitor objective)."""
    if objective == "observer":
        return all(subject_count(state, ctx, seat, s) >= 2 for s in ("majors", "constellations", "comets"))
    if objective == "scholar":
        p = state.players[seat]
        tops = sum(1 for k, row in enumerate(p.university) if row >= len(scale_rows(ctx, state, k)))
        return tops >= 2
    threshold = ctx.catalog.subject(objective).threshold
    count = subject_count(state, ctx, seat, objective)
    if objective == "inquisitors" and state.current == seat:
        count = max(count, state.turn.cellar_peak)
    return count >= threshold


def effect_list(*rewards: Reward) -> tuple[Effect, ...]:
    return tuple(e for r in rewards for e in r)
