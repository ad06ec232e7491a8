"""The Action cards: one Starting card per symbol, the level decks the pack declares, each card's Special
Effect fitting its symbols, and the Advanced Lessons module's cards (X1-X5)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Final, get_args

from newton_rules.components.catalog import Catalog
from newton_rules.components.records import ActionCard, AdvancedLessonsCounts, CardCounts, Symbol
from newton_rules.components.validation.common import ADVANCED_LESSONS, CARDS, PACK, duplicates, expect_count
from newton_rules.effects.primitives import EFFECT_TAGS

STARTING_SYMBOLS: Final[tuple[str, ...]] = get_args(Symbol)  # one Starting Action card of each
ACTION_CARD_LEVELS: Final = (1, 2, 3)  # the three decks the setup lays out
# Special effects that only make sense with one Basic Action (they modify that action).
SPECIAL_FOR_ACTION: Final = {
    "extra_book_tile": "study",
    "ignore_book_requirement": "study",
    "double_bonus_tokens": "technology",
    "move_to_village": "travel",
    "extra_cube": "travel",
}


def check_cards(
    counts: CardCounts, colours: Sequence[str], starting: Sequence[ActionCard], action: Sequence[ActionCard]
) -> list[str]:
    problems = [
        *expect_count(f"{CARDS}: player_colours", counts.player_colours, len(colours), "cards.player_colours"),
        *duplicates(f"{CARDS}: player_colours", colours),
        *duplicates(f"{CARDS}: starting_cards", (c.id for c in starting)),
        *duplicates(f"{CARDS}: action_cards", (c.id for c in action)),
        *expect_count(f"{CARDS}: starting_cards", len(STARTING_SYMBOLS), len(starting)),
    ]
    symbols = sorted(s for c in starting for s in c.symbols)
    if symbols != sorted(STARTING_SYMBOLS):
        problems.append(f"{CARDS}: starting_cards: expected one card of each of {list(STARTING_SYMBOLS)}")
    for card in starting:
        where = f"{CARDS}: starting_cards: {card.id}"
        if card.level != 0:
            problems.append(f"{where}: level must be 0, found {card.level}")
        if card.special is not None:
            problems.append(f"{where}: a Starting Action card has no special effect")
        problems += [
            f"{where}: colour_volumes: unknown player colour {colour!r}"
            for colour, _ in card.colour_volumes
            if colour not in colours
        ]
    problems += check_cards_per_level(counts, action)
    for card in action:
        problems += check_action_card(card)
        if card.colour_volumes:
            problems.append(f"{CARDS}: action_cards: {card.id}: colour_volumes is for Starting card templates")
    return problems


def check_cards_per_level(
    counts: CardCounts | AdvancedLessonsCounts,
    action: Sequence[ActionCard],
    filename: str = CARDS,
    group: str = "cards",
) -> list[str]:
    """The declared count of every level (one count per level, in level order) against the deck."""
    declared = counts.action_cards_per_level
    if len(declared) != len(ACTION_CARD_LEVELS):
        levels = ", ".join(map(str, ACTION_CARD_LEVELS))
        return [
            f"{PACK}: counts.{group}.action_cards_per_level: expected one count per level {levels}, found {declared}"
        ]
    per_level = Counter(c.level for c in action)
    return [
        problem
        for level, expected in zip(ACTION_CARD_LEVELS, declared, strict=True)
        for problem in expect_count(
            f"{filename}: action_cards of level {level}",
            expected,
            per_level[level],
            f"{group}.action_cards_per_level",
        )
    ]


def check_advanced_lessons(catalog: Catalog) -> list[str]:
    """X1-X5: the module's cards by level, ids apart from the base deck's, and their two kinds: a
    multiple-symbol card (two Basic Action symbols and a Special Effect) or a special action card (one
    symbol, no Special Effect: its upper half is the special action)."""
    cards = catalog.advanced_lessons
    base_ids = {c.id for c in catalog.action_cards}
    problems = [
        *duplicates(f"{ADVANCED_LESSONS}: action_cards", (c.id for c in cards)),
        *(f"{ADVANCED_LESSONS}: action_cards: {c.id}: id already used in {CARDS}" for c in cards if c.id in base_ids),
        *check_cards_per_level(catalog.counts.advanced_lessons, cards, ADVANCED_LESSONS, "advanced_lessons"),
    ]
    for card in cards:
        where = f"{ADVANCED_LESSONS}: action_cards: {card.id}"
        problems += check_action_card(card, ADVANCED_LESSONS)
        if "joker" in card.symbols:
            problems.append(f"{where}: the module has no Joker")
        if card.special_action is not None:
            if len(card.symbols) != 1:
                problems.append(
                    f"{where}: a special action card shows 1 Basic Action symbol, found {len(card.symbols)}"
                )
            if card.special is not None:
                problems.append(f"{where}: a special action card has no special effect (its upper half is the action)")
            special_action = card.special_action
            if not special_action.effects:
                problems.append(f"{where}: special_action: no effect")
            if special_action.at_least < 1:
                problems.append(f"{where}: special_action: at_least must be 1 or more, found {special_action.at_least}")
            cost = special_action.cost
            if min(cost.coins, cost.vp, cost.potions) < 0:
                problems.append(f"{where}: special_action: a cost cannot be negative")
        elif len(card.symbols) != 2:
            problems.append(f"{where}: a multiple-symbol card shows 2 Basic Action symbols, found {len(card.symbols)}")
    return problems


def check_action_card(card: ActionCard, filename: str = CARDS) -> list[str]:
    where = f"{filename}: action_cards: {card.id}"
    problems = []
    if card.level not in ACTION_CARD_LEVELS:
        problems.append(f"{where}: level must be one of {list(ACTION_CARD_LEVELS)}, found {card.level}")
    if not card.symbols:
        problems.append(f"{where}: no action symbol")
    if card.special_action is not None and filename == CARDS:
        problems.append(f"{where}: only Advanced Lessons cards ({ADVANCED_LESSONS}) have a special action")
    if card.special is None:
        if card.special_action is None:
            problems.append(f"{where}: every non-starting Action card has a special effect")
    else:
        tag = EFFECT_TAGS[type(card.special)]
        needed = SPECIAL_FOR_ACTION.get(tag)
        if needed is not None and needed not in card.symbols:
            problems.append(f"{where}: special effect {tag!r} only works on a {needed} card")
    return problems
