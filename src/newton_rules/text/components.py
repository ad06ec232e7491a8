"""Every effect and component in words, in the rulebook's vocabulary ("Spend 2 Potions: gain 8 VP").

An effect reads as an imperative phrase with a capital and no final full stop, so a caller can put it
in a sentence or a list. The ``match`` statements of the groups :func:`effect_text` dispatches on end in
``assert_never``, so a case missing from a group is a mypy error; a primitive declared in no group is a
``TypeError`` that the words test of one of each primitive finds, never a Python repr on a screen.
"""

from __future__ import annotations

from typing import assert_never

from newton_rules.components.catalog import Catalog
from newton_rules.components.records import (
    ActionCard,
    BonusToken,
    GreatDiscovery,
    Master,
    ObjectiveTile,
    PileBonus,
    Requirement,
    SpecialAction,
    Symbol,
    Tile,
)
from newton_rules.effects import primitives as fx
from newton_rules.effects.primitives import Amount, Basic, Colour, Counter, Effect, IncomeKind
from newton_rules.errors import NewtonError
from rules_core.words import capitalized, join_words, lowered, plural

# -- small words ----------------------------------------------------------------------------------------


def basic_name(action: Basic | Symbol | str) -> str:
    """A Basic Action (or the Joker symbol) as the rulebook names it: ``Work``, ``Lessons``, ``Joker``."""
    return action.capitalize()


def amount_text(amount: Amount) -> str:
    """``2 coins, 3 VP and 1 Potion``; ``nothing`` for an empty amount. Signs are ignored."""
    parts = []
    if amount.coins:
        parts.append(plural(abs(amount.coins), "coin"))
    if amount.vp:
        parts.append(f"{abs(amount.vp)} VP")
    if amount.potions:
        parts.append(plural(abs(amount.potions), "Potion"))
    return join_words(parts) or "nothing"


def income_kind_name(kind: IncomeKind | str) -> str:
    """An Income tile kind (or ``medicine``) as a tile name: ``VP Income tile``, ``Medicine Income tile``."""
    names = {"vp": "VP", "coins": "Coins", "potion": "Potion", "medicine": "Medicine"}
    return f"{names.get(kind, kind)} Income tile"


# -- what a per-item effect or an Objective counts -----------------------------------------------------


def counter_nouns(counter: Counter) -> tuple[str, str, str]:
    """(singular noun, plural noun, qualifier) of what ``counter`` counts, for "each ..." / "every 3 ..."."""
    match counter:
        case "coins":
            return "coin", "coins", "you have"
        case "potions":
            return "Potion", "Potions", "you have"
        case "bonus_tokens":
            return "Bonus token", "Bonus tokens", "you have"
        case "universities_visited":
            return "University", "Universities", "you have visited"
        case "ancient_lands_visited":
            return "Ancient Land", "Ancient Lands", "you have visited"
        case "students_at_path_ends":
            return "Student", "Students", "of yours at the end of a Technology path"
        case "masters_played":
            return "Master card", "Master cards", "you have played"
        case "book_tiles_placed":
            return "Bookshelf tile", "Bookshelf tiles", "you have placed"
        case "different_volume_sets":
            return "set of 3 different volumes", "sets of 3 different volumes", "available to you"
        case "non_starting_cards":
            return "non-Starting Action card", "non-Starting Action cards", "available to you"
        case "completed_book_lines":
            return "completed row or column", "completed rows or columns", "of your bookshelf"
        case "students_in_supply":
            return "Student", "Students", "in your supply"
        case "masters_unplayed":
            return "Master card", "Master cards", "you have not played"
        case "cubes_unplaced":
            return "Travel cube", "Travel cubes", "you have not placed"
        case "book_tiles_unplaced":
            return "Bookshelf tile", "Bookshelf tiles", "you have not placed"
        case "objectives_unoccupied":
            return "Objective space", "Objective spaces", "you do not occupy"
        case "universities_unvisited":
            return "University", "Universities", "you have not visited"
        case "empty_income_spaces":
            return "empty income space", "empty income spaces", "of your bookshelf"
        case "work_special_spaces_unreached":
            return "special space of the Work track", "special spaces of the Work track", "you have not reached"
        case "great_discoveries":
            return "Great Discovery tile", "Great Discovery tiles", "you have (face up or face down)"
        case _:
            assert_never(counter)


def counted_text(counter: Counter, per: int = 1) -> str:
    """``each University you have visited`` or, for ``per`` > 1, ``every 3 Bookshelf tiles you have placed``."""
    singular, plural_noun, qualifier = counter_nouns(counter)
    items = f"each {singular}" if per == 1 else f"every {per} {plural_noun}"
    return f"{items} {qualifier}"


# -- effects --------------------------------------------------------------------------------------------


def action_text(action: Basic | None, value: int) -> str:
    """``a Study action of value 4``; ``a Basic Action of your choice of value 3`` for None."""
    if action is None:
        return f"a Basic Action of your choice of value {value}"
    return f"a {basic_name(action)} action of value {value}"


def _split_text(action: Basic | None) -> str:
    """What Boyle, Browne and Halley spread their value over."""
    over = {"study": "several Bookshelf tiles", "lessons": "several Action cards", "technology": "several Students"}
    return "you may split the value over " + (over.get(action, "several uses") if action else "several uses")


def _ignored_requirement_text(action: Basic | None) -> str:
    if action == "study":
        return "ignore the requirements of the book spaces you fill"
    return "ignore the requirement of an Objective space you reach"


def perform_action_text(effect: fx.PerformAction) -> str:
    """The action, then each of its parameters as a clause; the value is never boosted (rule M2)."""
    clauses = [f"Perform {action_text(effect.action, effect.value)}"]
    if effect.split:
        clauses.append(_split_text(effect.action))
    if effect.no_coins:
        clauses.append("you receive no coins for it")
    if effect.ignore_requirements:
        clauses.append(_ignored_requirement_text(effect.action))
    if effect.free_travel:
        clauses.append("you pay no Travel costs")
    if effect.cube_on_each_pass:
        clauses.append("you may place 1 Travel cube on each place you pass through")
    clauses.extend(lowered(effect_text(modifier)) for modifier in effect.modifiers)
    return "; ".join(clauses)


def per_count_text(effect: fx.PerCount) -> str:
    """``For each Ancient Land you have visited: gain 2 VP and perform a Technology action of value 1``."""
    rewards = []
    if not effect.gain.is_zero():
        rewards.append(f"gain {amount_text(effect.gain)}")
    if effect.action is not None:
        rewards.append(f"perform {action_text(effect.action, effect.action_value)}")
    return f"For {counted_text(effect.counter)}: {join_words(rewards) or 'nothing'}"


def place_cube_text(effect: fx.PlaceCube) -> str:
    where = {
        "university": "a University of your choice",
        "ancient_land": "an Ancient Land of your choice",
        "any": "a space of your choice on the Map (not the Master or Objective space)",
    }[effect.where]
    placing = f"place a Travel cube on {where}"
    return f"Pay {plural(effect.cost, 'coin')} and {placing}" if effect.cost else capitalized(placing)


def permanent_volumes_text(effect: fx.PermanentVolumes) -> str:
    if effect.colour is None:
        volumes = plural(effect.count, "permanent volume")
        return f"Gain {volumes} of your choice of colour, chosen each time you use it"
    return f"Gain {plural(effect.count, f'permanent {effect.colour} volume')}"


# The effect primitives by what they do; each group is put in words by its own function.
_Receiving = (
    fx.Gain
    | fx.Exchange
    | fx.DiscardForReward
    | fx.PerCount
    | fx.VPPerVolume
    | fx.VPPerVolumeTriple
    | fx.ObjectiveVP
    | fx.NoEffect
)
_Taking = (
    fx.EnrollStudent
    | fx.TakeDevelopment
    | fx.TakeIncome
    | fx.PlaceCube
    | fx.MedicineCity
    | fx.PermanentVolumes
    | fx.ChooseVolume
    | fx.RemoveBookTiles
    | fx.MoveBookTile
    | fx.TakeCard
    | fx.TradeCard
    | fx.TakeGreatDiscovery
)
_Performing = (
    fx.PerformAction
    | fx.PlayMaster
    | fx.CopyDeskEffect
    | fx.IncomeBonus
    | fx.RepeatBonusToken
    | fx.RepeatCity
    | fx.RepeatMaster
)
# The modifiers: Special Effects that change the Basic Action of their card, and what a Master's action carries.
_Modifying = (
    fx.ExtraBookTile
    | fx.DoubleBonusTokens
    | fx.MoveToVillage
    | fx.IgnoreBookRequirement
    | fx.ExtraCube
    | fx.PerformTakenCard
)


def effect_text(effect: Effect) -> str:
    """One effect primitive in words, with all its parameters and its cost."""
    if isinstance(effect, _Receiving):
        return _receiving_text(effect)
    if isinstance(effect, _Taking):
        return _taking_text(effect)
    if isinstance(effect, _Performing):
        return _performing_text(effect)
    if isinstance(effect, _Modifying):
        return _modifying_text(effect)
    raise TypeError(f"the effect primitive {effect.tag!r} has no words: give it a group and a case here")


def _receiving_text(effect: _Receiving) -> str:
    """Coins, VP and Potions received (or exchanged), or nothing."""
    match effect:
        case fx.Gain():
            return f"Gain {amount_text(effect.amount)}"
        case fx.Exchange():
            return f"Spend {amount_text(effect.pay)}: gain {amount_text(effect.gain)}"
        case fx.DiscardForReward():
            return f"Discard a card from your hand out of the game: gain {amount_text(effect.gain)}"
        case fx.PerCount():
            return per_count_text(effect)
        case fx.VPPerVolume():
            per = f"each {effect.colour} volume available to you (desk and played Masters; no Potions)"
            return f"Gain {effect.vp} VP for {per}"
        case fx.VPPerVolumeTriple():
            per = "each set of 3 identical volumes available to you (desk and played Masters; no Potions)"
            return f"Gain {effect.vp} VP for {per}"
        case fx.ObjectiveVP():
            return "Receive the VP of an Objective tile you occupy"
        case fx.NoEffect():
            return "No effect"
        case _:
            assert_never(effect)


def _taking_text(effect: _Taking) -> str:
    """Pieces, tiles, cards and volumes taken, placed, moved or removed."""
    match effect:
        case fx.EnrollStudent():
            students = plural(effect.count, "Student")
            return f"Place {students} from your supply on the start space of the Technology track"
        case fx.TakeDevelopment():
            kind = f"a {basic_name(effect.action)}" if effect.action else "a"
            choice = "" if effect.action else " of the type of your choice"
            return f"Take {kind} Development tile{choice} and put it in a drawer of your desk"
        case fx.TakeIncome():
            tile = f"a {income_kind_name(effect.kind)}" if effect.kind else "an Income tile of the type of your choice"
            return f"Take {tile} and put it on an income space of your bookshelf"
        case fx.PlaceCube():
            return place_cube_text(effect)
        case fx.MedicineCity():
            return (
                "City of Medicine: at your first, take the Medicine Income tile with its lower VP side up; "
                "at your second, turn it to its higher VP side"
            )
        case fx.PermanentVolumes():
            return permanent_volumes_text(effect)
        case fx.ChooseVolume():
            return "Gain 1 volume of the colour of your choice until the end of the round"
        case fx.RemoveBookTiles():
            return f"Permanently remove the top {plural(effect.count, 'Bookshelf tile')} from your supply"
        case fx.MoveBookTile():
            return "Move 1 placed Bookshelf tile to another free book space, ignoring its requirement"
        case fx.TakeCard():
            level = f"of level {effect.level}" if effect.level is not None else "of any level"
            return f"Take an available Action card {level} into your hand"
        case fx.TradeCard():
            return (
                "Discard an Action card from your hand out of the game (any level, a Starting card too) "
                "to take an available Action card of any level"
            )
        case fx.TakeGreatDiscovery():
            price = "paying half its cost" if effect.price == "half" else "for free"
            return f"Take an available Great Discovery tile {price}"
        case _:
            assert_never(effect)


def _performing_text(effect: _Performing) -> str:
    """An action, a Master or another effect performed, or performed again."""
    match effect:
        case fx.PerformAction():
            return perform_action_text(effect)
        case fx.PlayMaster():
            return "Play one of your Master cards"
        case fx.CopyDeskEffect():
            return "Apply the Special Effect of another card on your desk"
        case fx.IncomeBonus():
            return "Receive the income of one Income tile on your Study board"
        case fx.RepeatBonusToken():
            return "Apply the effect of one of your Bonus tokens again"
        case fx.RepeatCity():
            return (
                "Apply the effect of a City tile where you have a Travel cube again "
                "(a Medicine City, if you have visited only one, turns your Medicine tile)"
            )
        case fx.RepeatMaster():
            return "Apply the immediate effect of a Master card you have played again"
        case _:
            assert_never(effect)


def _modifying_text(effect: _Modifying) -> str:
    """A modifier: a Special Effect that changes the Basic Action of its card, or one a Master's action carries."""
    match effect:
        case fx.ExtraBookTile():
            second = "place a second Bookshelf tile in this Study action, splitting its value"
            return f"Spend {plural(effect.cost, 'coin')} held before the action: {second}"
        case fx.DoubleBonusTokens():
            return "Bonus tokens taken in this card's Technology action give their effect twice"
        case fx.MoveToVillage():
            return f"Spend {plural(effect.cost, 'coin')}: move your Scientist to a free Village without a Bonus token"
        case fx.IgnoreBookRequirement():
            ignore = "ignore the requirement of the book space of this Study action"
            return f"Spend {plural(effect.cost, 'coin')}: {ignore}"
        case fx.ExtraCube():
            extra = "also place a Travel cube on a place you pass through in this Travel action"
            return f"Spend {plural(effect.cost, 'coin')} once: {extra}"
        case fx.PerformTakenCard():
            return "Then perform the Basic Action of the card taken as if you had played it on your desk"
        case _:
            assert_never(effect)


def effects_text(effects: tuple[Effect, ...]) -> str:
    """Several effects applied in order: ``Gain 5 coins, then Place 1 Student ...``; ``No effect`` if none."""
    return capitalized(", then ".join(lowered(effect_text(e)) for e in effects)) or "No effect"


# -- requirements ---------------------------------------------------------------------------------------


def requirement_text(requirement: Requirement) -> str:
    """``2 blue volumes and 1 orange volume``, ``a visit to University V``; ``no requirement`` if empty."""
    parts = [plural(n, f"{colour} volume") for colour, n in requirement.volumes]
    if requirement.university is not None:
        parts.append(f"a visit to University {requirement.university}")
    if requirement.ancient_land is not None:
        parts.append(f"a visit to Ancient Land {requirement.ancient_land}")
    return join_words(parts) or "no requirement"


# -- components -----------------------------------------------------------------------------------------


def symbols_text(symbols: tuple[Symbol, ...]) -> str:
    """``Work``; ``Work and Work`` (X2: one Work action, both count); ``Work or Travel`` (X3: one of them)."""
    joiner = " or " if len(set(symbols)) > 1 else " and "
    return joiner.join(basic_name(s) for s in symbols) or "no symbol"


def special_action_text(action: SpecialAction) -> str:
    """``If your card's Work action this turn had a value of 1 or more: gain 1 Potion``; ``Spend 1 coin: ...``."""
    parts = []
    if action.after is not None:
        parts.append(f"if this turn's card performed a {basic_name(action.after)} action of value {action.at_least}+")
    if not action.cost.is_zero():
        parts.append(f"spend {amount_text(action.cost)}")
    effects = effects_text(action.effects)
    return f"{capitalized(', '.join(parts))}: {lowered(effects)}" if parts else effects


def volumes_text(volumes: tuple[Colour, ...]) -> str:
    """``1 blue volume``, ``2 green volumes``, ``1 blue volume and 1 orange volume``, ``no volume``."""
    counts = {colour: volumes.count(colour) for colour in dict.fromkeys(volumes)}
    return join_words([plural(n, f"{colour} volume") for colour, n in counts.items()]) or "no volume"


def action_card_text(card: ActionCard) -> str:
    """``L1-01: level 1, Work, 1 blue volume; Special Effect: Spend 2 coins: gain 3 VP``."""
    if card.is_starting:
        kind = f"Starting Action card ({card.owner_colour})" if card.owner_colour else "Starting Action card"
    else:
        kind = f"level {card.level}"
    text = f"{card.id}: {kind}, {symbols_text(card.symbols)}, {volumes_text(card.volumes)}"
    if card.special_action is not None:
        text += f"; tucked (upside down): {special_action_text(card.special_action)}"
    if card.special is not None:
        text += f"; Special Effect: {effect_text(card.special)}"
    return text


def master_text(master: Master) -> str:
    """``Tycho Brahe, 5 VP; while in play: Gain 2 permanent blue volumes``."""
    parts = [f"{master.name}, {master.vp} VP"]
    if master.immediate:
        parts.append(f"when played: {effects_text(master.immediate)}")
    if master.passive:
        parts.append(f"while in play: {effects_text(master.passive)}")
    if not master.immediate and not master.passive:
        parts.append("no effect")
    return "; ".join(parts)


def tile_kind(catalog: Catalog, tile_id: str) -> str:
    """``Invention tile``, ``Specialization tile``, ``City tile`` or the Income tile's name."""
    module = catalog.great_discoveries
    for kind, tiles in (
        ("Invention tile", (*catalog.inventions, *module.inventions)),
        ("Specialization tile", catalog.specializations),
        ("City tile", (*catalog.cities, *module.cities)),
    ):
        if any(t.id == tile_id for t in tiles):
            return kind
    return income_kind_name(tile_id)


def tile_text(catalog: Catalog, tile: Tile) -> str:
    """``Invention tile I1: Gain 1 Potion and 6 VP``; an Income tile says it pays at every End Round."""
    kind, effects = tile_kind(catalog, tile.id), effects_text(tile.effects)
    if any(t.id == tile.id for t in catalog.income_tiles):
        return f"{kind}: at every End Round, {lowered(effects)}"
    return f"{kind} {tile.id}: {effects}"


def great_discovery_text(tile: GreatDiscovery) -> str:
    """``Great Discovery tile GD4 Vacuum Pump (cost 6 coins): face up, 1 orange volume and 1 coin at every
    End Round; activated, 2 VP for each Master card you have played``."""
    permanent = [lowered(effect_text(e)) for e in tile.passive]
    if not tile.income.is_zero():
        permanent.append(f"{amount_text(tile.income)} at every End Round")
    face_up = f"face up, {join_words(permanent)}; " if permanent else ""
    activated = lowered(effects_text(tile.discovery))
    return (
        f"Great Discovery tile {tile.id} {tile.name} (cost {amount_text(tile.cost)}): {face_up}activated, {activated}"
    )


def bonus_token_text(token: BonusToken) -> str:
    return f"Bonus token {token.id}: {effect_text(token.effect)}"


def objective_text(objective: ObjectiveTile) -> str:
    """``Objective tile O4 (end of game): 3 VP for each University you have visited, at most 15 VP``."""
    counted = counted_text(objective.counter, objective.per)
    text = f"Objective tile {objective.id} (end of game): {objective.vp} VP for {counted}"
    return text + (f", at most {objective.cap} VP" if objective.cap is not None else "")


def pile_bonus_text(bonus: PileBonus) -> str:
    return f"Last tile of Bookshelf pile {bonus.pile}: {effects_text(bonus.effects)}"


def master_name(catalog: Catalog, master_id: str) -> str:
    """A Master's printed name (its id when the catalog does not know it)."""
    master = catalog.masters_by_id.get(master_id)
    return master.name if master is not None else master_id


def space_name(catalog: Catalog, space_id: str) -> str:
    """A Map space by its name (``Innsbruck``), a track space with its track (``Work track space w3``)."""
    if space_id in catalog.map_spaces:
        return catalog.map_spaces[space_id].name
    if space_id in catalog.work_spaces:
        return f"Work track space {space_id}"
    if space_id in catalog.technology_spaces:
        return f"Technology track space {space_id}"
    return f"space {space_id}"


def component_text(catalog: Catalog, component_id: str) -> str:
    """Any card, Master, tile, Objective tile or Bonus token of ``catalog`` in words, found by its id."""
    if component_id in catalog.cards_by_id:
        return action_card_text(catalog.cards_by_id[component_id])
    if component_id in catalog.masters_by_id:
        return master_text(catalog.masters_by_id[component_id])
    if component_id in catalog.tiles_by_id:
        return tile_text(catalog, catalog.tiles_by_id[component_id])
    if component_id in catalog.objectives_by_id:
        return objective_text(catalog.objectives_by_id[component_id])
    if component_id in catalog.tokens_by_id:
        return bonus_token_text(catalog.tokens_by_id[component_id])
    if component_id in catalog.discoveries_by_id:
        return great_discovery_text(catalog.discoveries_by_id[component_id])
    raise NewtonError(f"no card, Master, tile, Objective tile or Bonus token has the id {component_id!r}")


__all__ = [
    "action_card_text",
    "action_text",
    "amount_text",
    "basic_name",
    "bonus_token_text",
    "capitalized",
    "component_text",
    "counted_text",
    "counter_nouns",
    "effect_text",
    "effects_text",
    "great_discovery_text",
    "income_kind_name",
    "join_words",
    "lowered",
    "master_name",
    "master_text",
    "objective_text",
    "per_count_text",
    "perform_action_text",
    "permanent_volumes_text",
    "pile_bonus_text",
    "place_cube_text",
    "plural",
    "requirement_text",
    "space_name",
    "special_action_text",
    "symbols_text",
    "tile_kind",
    "tile_text",
    "volumes_text",
]
