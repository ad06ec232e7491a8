"""Every effect and component of Galileo Galilei in words, in the rulebook's vocabulary ("Increase all your
red dice by 1", "Discovery card D01, Mars (Tier I)").

An effect reads as an imperative phrase with a capital and no final full stop, so a caller can put it in
a sentence or a list. :func:`component_text` reads any component by its id (``help ID`` of the terminal
play): a Discovery card (``D01``, or a Major Object's name), a light card back (``?1``), an Action tile
(``T3``, Kepler's ``K``), a Scale tile (``S2``), a Subject tile (``majors``), a printed objective
(``observer``), an astronomer (``galileo``, ``tycho``), a telescope space (``comet``), Copernicus's Library
tiles (``L1``), Tycho's tiles (``Y1``, ``M3``) and the boards (``cellar``, ``tribunal``, ...).
:func:`component_ids` lists them all.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import assert_never

from galileo_rules.components.catalog import Catalog
from galileo_rules.components.records import (
    COLOUR_NAMES,
    ActionTile,
    ActionTileSide,
    Constellation,
    DiscoveryCard,
    Effect,
    LibraryTile,
    MovementTile,
    Reward,
    ScaleTile,
    SubjectTile,
    TychoCondition,
    TychoEffect,
    TychoRow,
    TychoTile,
)
from galileo_rules.errors import RulesError
from galileo_rules.model.sky import SKY
from rules_core.words import capitalized, join_words, lowered, plural

# -- small words ----------------------------------------------------------------------------------------


def colour_name(colour: str) -> str:
    """``R`` -> ``red`` (the dice colours of the notation)."""
    return COLOUR_NAMES.get(colour, colour)


def die_name(text: str) -> str:
    """A die of the notation as the table shows it: ``R3`` -> ``red 3``."""
    return f"{colour_name(text[:1])} {text[1:]}" if len(text) > 1 and text[1:].isdigit() else text


TIERS = {1: "I", 2: "II", 3: "III"}


def tier_name(tier: int) -> str:
    return f"Tier {TIERS.get(tier, str(tier))}"


ASTRONOMER_NAMES = {
    "galileo": "Galileo Galilei",
    "kepler": "Johannes Kepler",
    "copernicus": "Nicolaus Copernicus",
    "bruno": "Giordano Bruno",
    "tycho": "Tycho Brahe",
}


def astronomer_name(astronomer: str) -> str:
    return ASTRONOMER_NAMES.get(astronomer, astronomer.capitalize())


# The fixed actions printed on the telescope spaces (GT1), as the rulebook names them.
FIXED_ACTION_NAMES = {
    "observe": "Observe",
    "die": "Gain a Die",
    "lecture": "Lecture",
    "comet": "Spot a Comet",
    "upgrade": "Upgrade",
}


def sky_space_name(space: int) -> str:
    """A telescope space by what is printed on it: ``the Observe / Gain a Die space``, ``the lower crossed-out
    space``."""
    if not 0 <= space < len(SKY):
        return f"telescope space {space}"
    if not SKY[space]:
        return f"the {('lower', 'upper')[space]} crossed-out space"
    return "the " + " / ".join(FIXED_ACTION_NAMES[fixed] for fixed in SKY[space]) + " space"


# -- effects --------------------------------------------------------------------------------------------


def _times(n: int) -> str:
    return "" if n == 1 else " twice" if n == 2 else f" {n} times"


def _swap_text(n: int) -> str:
    if n == 1:
        return "Swap two Action tiles on your Player Board"
    return "Swap an Action tile on your Player Board with the tile on your Character Board"


_EFFECT_WORDS: dict[str, Callable[[Effect], str]] = {
    "vp": lambda e: f"Gain {e.n} VP" if e.n >= 0 else f"Lose {-e.n} VP",
    "quadrant": lambda e: f"Gain {plural(e.n, 'Quadrant token')}",
    "gain_die": lambda e: "Gain a Die" + _times(e.n),
    "raise_colour": lambda e: f"Increase all your {colour_name(e.colour or '')} dice by {e.n}",
    "raise_one": lambda e: f"Increase one die of your choice by {e.n}",
    "persuade": lambda e: "Persuade" + _times(e.n),
    "persuade_pair": lambda e: f"Persuade two different Inquisitor tokens up to {e.n} spaces each",
    "inquisitor": lambda e: "Gain an Inquisitor" if e.n == 1 else f"Gain {e.n} Inquisitors",
    "farewell": lambda e: "Take Inquisitor's Farewell, if you wish",
    "lecture": lambda e: "Lecture" + _times(e.n),
    "write": lambda e: f"Write {e.n} (move your Book tokens {plural(e.n, 'space')} in total)",
    "write_full": lambda e: "Complete writing (move one Book token to the end of its row)",
    "card": lambda e: "Take the top Discovery card face down into your Library" + _times(e.n),
    "comet": lambda e: "Spot a Comet" + _times(e.n),
    "upgrade": lambda e: "Upgrade an Action tile" + _times(e.n),
    "recolour": lambda e: "Change the colour of one die",
    "swap": lambda e: _swap_text(e.n),
}


def effect_text(effect: Effect) -> str:
    """One icon as an imperative phrase: ``Increase all your red dice by 1``."""
    words = _EFFECT_WORDS.get(effect.kind)
    if words is None:
        raise RulesError(f"no words for the effect kind {effect.kind!r}")
    return words(effect)


def effects_text(effects: Reward) -> str:
    """A reward, its icons taken left to right: ``Gain 3 VP, then gain 1 Quadrant token``; ``Nothing``."""
    if not effects:
        return "Nothing"
    return capitalized(", then ".join(lowered(effect_text(e)) for e in effects))


# -- components -----------------------------------------------------------------------------------------


def colours_text(colours: tuple[str, ...]) -> str:
    """``red and yellow`` (a Major Object's two colours), ``blue``."""
    return join_words([colour_name(c) for c in colours])


def constellation_text(constellation: Constellation) -> str:
    """``Ursa Minor (red dice, cost 5): gain 3 VP, then gain 1 Quadrant token``."""
    cost = f"{constellation.name} ({colour_name(constellation.colour)} dice, cost {constellation.cost})"
    return f"{cost}: {lowered(effects_text(constellation.reward))}"


def library_rows_text(rows: tuple[Reward, ...]) -> str:
    """``row 0: gain 2 VP; row 1: lecture; ...`` (numbered as the Book tokens of the notation); a blank space
    reads ``nothing``."""
    return "; ".join(f"row {k}: {lowered(effects_text(reward))}" for k, reward in enumerate(rows))


def card_name(catalog: Catalog, card_id: str) -> str:
    """``Mars (D01)``; a hidden card (``?1``) is ``a face-down Tier I card``."""
    if card_id.startswith("?"):
        return f"a face-down {tier_name(int(card_id[1:]))} card" if card_id[1:].isdigit() else "a face-down card"
    try:
        return f"{catalog.card(card_id).name} ({card_id})"
    except KeyError:
        return card_id


def discovery_card_text(card: DiscoveryCard) -> str:
    major = card.major
    inquisitors = f", {plural(major.inquisitors, 'Inquisitor')}" if major.inquisitors else ""
    constellations = "; ".join(constellation_text(c) for c in card.constellations)
    return (
        f"Discovery card {card.id}, {card.name} ({tier_name(card.tier)}): Major Object {card.name}, "
        f"observed with {colours_text(major.colours)} dice, cost {major.cost}, {major.vp} VP{inquisitors}. "
        f"Constellations: {constellations}. Library rows: {library_rows_text(card.library)}"
    )


def card_back_text(tier: str, rows: tuple[Reward, ...]) -> str:
    return (
        f"The light side of a {tier_name(int(tier))} Discovery card (face down in a Library): "
        f"Library rows: {library_rows_text(rows)}"
    )


def tile_side_text(side: ActionTileSide) -> str:
    """``option 1: increase all your red dice by 1, or option 2: increase one die of your choice by 2``."""
    first, second = (f"option {k}: {lowered(effects_text(o))}" for k, o in enumerate(side.options, 1))
    return f"{first}, or {second}"


def action_tile_text(tile: ActionTile, kepler: bool = False) -> str:
    owner = "Kepler's special Action tile" if kepler else "Action tile"
    return f"{owner} {tile.id}: basic side {tile_side_text(tile.basic)}; upgraded side {tile_side_text(tile.upgraded)}"


def scale_text(scale: ScaleTile) -> str:
    """Each side's rows from the bottom: the VP each counted item scores at the end, the Lecture reward."""
    sides = [
        f"side {s}: "
        + "; ".join(
            f"row {k} ({row.vp} VP each at the end): {lowered(effects_text(row.reward))}"
            for k, row in enumerate(rows, 1)
        )
        for s, rows in enumerate(scale.sides, 1)
    ]
    return f"University Scale tile {scale.id}, rows from the bottom; " + " | ".join(sides)


# What each subject counts (GE3), as its Scale scores it and as its niche asks it.
SUBJECT_COUNTS = {
    "majors": ("Major Object in your Library", "Observe {n} Major Objects"),
    "books": ("space moved by your leftmost Book token", "Have all your Book tokens on at least space {n}"),
    "inquisitors": ("Inquisitor in your cellar", "Have at least {n} Inquisitors in your cellar at one time"),
    "upgrades": ("upgraded Action tile", "Have at least {n} upgraded Action tiles"),
    "comets": ("Comet token removed from your Player Board", "Remove at least {n} Comet tokens from your Player Board"),
    "constellations": (
        "Constellation token removed from your Player Board",
        "Remove at least {n} Constellation tokens from your Player Board",
    ),
}
PRINTED_OBJECTIVES = {
    "observer": "Observe two Major Objects, observe two constellations and spot two Comets",
    "scholar": "Reach the top of a Scale tile with two of your University tokens",
}


def subject_text(subject: SubjectTile) -> str:
    each, goal = SUBJECT_COUNTS.get(subject.id, (subject.id, f"{subject.id}: {{n}}"))
    return (
        f"Subject tile {subject.id}: arch side up above a Scale, score at the end for each {each}; "
        f"niche side up, the objective: {lowered(goal.format(n=subject.threshold))}"
    )


def objective_text(catalog: Catalog, objective: str) -> str:
    """An objective of the university: a printed one or a Subject tile niche side up."""
    if objective in PRINTED_OBJECTIVES:
        return f"Objective {objective} (printed on the Game Board): {lowered(PRINTED_OBJECTIVES[objective])}"
    threshold = catalog.subject(objective).threshold
    goal = SUBJECT_COUNTS.get(objective, ("", objective + ": {n}"))[1]
    return f"Objective {objective} (a Subject tile, niche side up): {lowered(goal.format(n=threshold))}"


def library_tile_text(tile: LibraryTile) -> str:
    sides = " | ".join(
        f"side {s}: " + "; ".join(lowered(effects_text(reward)) for reward in rewards)
        for s, rewards in enumerate(tile.sides, 1)
    )
    return f"Copernicus's Library tile {tile.id}, covering Library spaces of one row, left to right; {sides}"


TYCHO_CONDITIONS: dict[TychoCondition, str] = {
    "unpersuaded2": "if his cellar has 2 or more unpersuaded Inquisitors",
    "persuaded3": "if he has 3 or more fully persuaded Inquisitors",
    "dice": "if he spends {dice} dice",
    "dice_constellations": "if he spends {dice} dice and 2 constellations can be observed",
    "comet_on_board": "if a Comet token is left on his Player Board",
    "always": "always",
}


def tycho_effect_text(effect: TychoEffect) -> str:
    match effect.kind:
        case "place_comet":
            return "place a Comet on the Game Board"
        case "advance_comet":
            return "move a Comet token down"
        case "gain_die":
            return "gain a die"
        case "book":
            return f"move his Book token {plural(effect.n, 'space')}"
        case "university":
            return "move a University token up"
        case "persuade":
            return "persuade" + _times(effect.n)
        case "remove_persuaded":
            return "remove a fully persuaded Inquisitor"
        case "vp":
            return f"gain {effect.n} VP"
        case "observe_constellation":
            return "observe the constellation of the highest value"
        case "observe_major":
            return "observe the Major Object of the highest score"
        case "take_card":
            return "take the top Discovery card face down"
        case _:
            assert_never(effect.kind)


def tycho_row_text(row: TychoRow) -> str:
    condition = TYCHO_CONDITIONS[row.condition].format(dice=row.dice)
    text = f"{condition}: {join_words([tycho_effect_text(e) for e in row.effects])}"
    if row.bonus_condition is not None:
        bonus = TYCHO_CONDITIONS[row.bonus_condition].format(dice=row.dice)
        text += f" (and {bonus}: {join_words([tycho_effect_text(e) for e in row.bonus])})"
    return text


def tycho_tile_text(tile: TychoTile) -> str:
    sides = " | ".join(
        f"{name} side, rows from the top: " + "; ".join(tycho_row_text(row) for row in rows)
        for name, rows in zip(("blue", "upgraded"), tile.sides, strict=True)
    )
    return f"Tycho Brahe's Action tile {tile.id}: {sides}"


def movement_words(tile: MovementTile) -> str:
    """What a Movement tile makes Tycho Brahe do: ``his token moves 2 tiles right``."""
    match tile.kind:
        case "move":
            return f"his token moves {plural(tile.n, 'tile')} right"
        case "move_stop":
            return f"his token moves {plural(tile.n, 'tile')} right, stopping early at an upgraded Action tile"
        case "upgrade":
            return "he upgrades the Action tile under his token (or the nearest one to its right)"
        case _:
            assert_never(tile.kind)


def movement_tile_text(tile: MovementTile) -> str:
    return f"Tycho Brahe's Movement tile {tile.id}: {movement_words(tile)}"
