"""An action in context as a sentence, for front ends that list the legal actions in words.

``describe_action(game, action)`` says what ``action`` would do for the player to move in ``game``:
"Player 0 takes option 1 of the Action tile T3 at the telescope: increase all your yellow dice by 1.";
``first_person_text`` says it in the player's own words ("I move the telescope 2 spaces, to the Spot a
Comet space."); ``action_change`` is what it costs and gains at once (VP, Quadrant tokens, dice), read by
applying it and comparing the player's counts, nothing else; ``logged_action_text`` reads an action of
the log without the game it was taken in.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from galileo_rules.components.catalog import Catalog
from galileo_rules.errors import RulesError
from galileo_rules.game import GalileoGame
from galileo_rules.model.actions import Action
from galileo_rules.model.frames import JumpFrame, ObserveFrame, RaiseFrame, WriteFrame
from galileo_rules.model.sky import UPGRADE_SPACE
from galileo_rules.rules import queries as q
from galileo_rules.rules.turn import FIXED_EFFECTS, FREE_ACTIONS
from galileo_rules.text.components import (
    FIXED_ACTION_NAMES,
    astronomer_name,
    colour_name,
    colours_text,
    die_name,
    effects_text,
    sky_space_name,
)
from galileo_rules.text.events import display_card, player_name, slot_name, tile_in_slot
from rules_core.words import join_words, lowered, plural

# -- words that need the game -------------------------------------------------------------------------


def _seat(game: GalileoGame) -> int:
    seat = game.to_move
    if seat is None:
        raise RulesError("the game is over: nobody is to move")
    return seat


def _move_words(game: GalileoGame, steps: str) -> str:
    telescope = game.state.players[_seat(game)].telescope
    to = q.telescope_after(telescope, int(steps))
    return f"moves the telescope {plural(int(steps), 'space')}, to {sky_space_name(to)}"


def _moving_words(game: GalileoGame, option: str) -> str:
    p = game.state.players[_seat(game)]
    if option == "q" or p.telescope == UPGRADE_SPACE:
        return "takes 1 Quadrant token as the moving action of the Upgrade space"
    placed = p.tiles[p.telescope]
    tile = game.catalog.tile(placed.tile)
    effects = (tile.upgraded if placed.upgraded else tile.basic).options[int(option) - 1]
    return f"takes option {option} of the Action tile {placed.tile} at the telescope: {lowered(effects_text(effects))}"


def _target_words(game: GalileoGame, target: str) -> str:
    slot_text, _, k_text = target.partition(".")
    slot = int(slot_text)
    shown = game.state.display[slot]
    where = display_card(game.catalog, game.state, slot)
    if shown is None:
        return f"chooses to observe {where}"
    card = game.catalog.card(shown.card)
    if not k_text:
        major = card.major
        cost = f"{colours_text(major.colours)} dice, cost {major.cost}, {major.vp} VP"
        return f"chooses to observe the Major Object {card.name} of {where} ({cost})"
    constellation = card.constellations[int(k_text)]
    cost = f"{colour_name(constellation.colour)} dice, cost {constellation.cost}"
    return f"chooses to observe the constellation {constellation.name} on {where} ({cost})"


def _stop_words(game: GalileoGame) -> str:
    top = game.state.top
    if isinstance(top, ObserveFrame):
        return "ends the Observe action"
    if isinstance(top, WriteFrame):
        return "stops writing"
    if isinstance(top, JumpFrame):
        return "stops moving Inquisitors"
    return "stops here"


def _raise_words(game: GalileoGame, die: str) -> str:
    top = game.state.top
    by = f" by {top.n}" if isinstance(top, RaiseFrame) else ""
    return f"increases their {die_name(die)} die{by}"


def _write_words(game: GalileoGame, book: str) -> str:
    p = game.state.players[_seat(game)]
    row = int(book)
    space = p.books[row] + 1
    reward = q.library_reward(game.rules_context, p, row, space)
    return f"moves Book token {row} to space {space}: {lowered(effects_text(reward))}"


def _page_words(game: GalileoGame, page: str) -> str:
    catalog = game.catalog
    if page == "appendix":
        return _PHRASES["page"](catalog, page)
    if page.startswith("o"):
        own = catalog.comet_pages.personal.get(game.state.players[_seat(game)].astronomer, ())
        reward = own[int(page[1:])] if page[1:].isdigit() and int(page[1:]) < len(own) else ()
    else:
        section = catalog.comet_pages.by_players[game.config.deck_players]
        reward = section[int(page)] if page.isdigit() and int(page) < len(section) else ()
    return f"{_PHRASES['page'](catalog, page)}: {lowered(effects_text(reward))}"


def _upgrade_words(game: GalileoGame, slot: str) -> str:
    return f"upgrades {tile_in_slot(game.state, _seat(game), int(slot))} to its golden side"


def _swap_words(game: GalileoGame, slots: str) -> str:
    first, _, second = slots.partition("-")
    seat = _seat(game)
    return f"swaps {tile_in_slot(game.state, seat, int(first))} and {tile_in_slot(game.state, seat, int(second))}"


def _lecture_words(game: GalileoGame, scale: str) -> str:
    k = int(scale)
    tile, side = game.state.scales[k]
    row = game.state.players[_seat(game)].university[k] + 1
    reward = game.catalog.scale(tile).sides[side][row - 1].reward
    subject = game.state.subjects[k]
    return f"lectures on Scale {k} ({tile}, subject {subject}), to row {row}: " + lowered(effects_text(reward))


# The words of an action kind that read the game it is taken in (the argument's card, tile or reward).
_IN_GAME: dict[str, Callable[[GalileoGame, str], str]] = {
    "move": _move_words,
    "moving": _moving_words,
    "target": _target_words,
    "stop": lambda game, arg: _stop_words(game),
    "raise": _raise_words,
    "write": _write_words,
    "page": _page_words,
    "upgrade": _upgrade_words,
    "swap": _swap_words,
    "lecture": _lecture_words,
}

# -- words from the action alone ----------------------------------------------------------------------


def _payment_words(payment: str) -> str:
    """``R3+Y2+c1`` -> ``pays with their red 3 and yellow 2 dice and a Comet token at 1``."""
    parts = payment.split("+")
    dice = [die_name(part) for part in parts if not part.startswith("c")]
    comets = [part[1:] for part in parts if part.startswith("c")]
    words = [f"their {join_words(dice)} {'die' if len(dice) == 1 else 'dice'}"] if dice else []
    words += [f"{plural(comets.count(v), 'Comet token')} at {v}" for v in sorted(set(comets))]
    return "pays with " + join_words(words)


def _die_words(catalog: Catalog, arg: str) -> str:
    colour, _, old = arg.partition("-")
    instead = f" in place of their {die_name(old)} die" if old else ""
    return f"gains a {colour_name(colour)} die{instead}"


def _library_words(catalog: Catalog, spec: str) -> str:
    """``L1.0@2.3``: Copernicus's tile L1, side 1, over Library row 3 from space 3 (GK7)."""
    tile_side, _, where = spec.partition("@")
    tile_id, _, side = tile_side.partition(".")
    row, _, first = where.partition(".")
    try:
        rewards = catalog.library_tile(tile_id).sides[int(side)]
        covers = f": {'; '.join(lowered(effects_text(r)) for r in rewards)}"
    except (KeyError, IndexError, ValueError):
        covers = ""
    side_number = int(side) + 1 if side.isdigit() else side
    return f"places Library tile {tile_id}, side {side_number}, on Library row {row} from space {first}{covers}"


def _fixed_words(catalog: Catalog, fixed: str) -> str:
    effect = FIXED_EFFECTS.get(fixed)
    what = f": {lowered(effects_text((effect,)))}" if effect is not None and fixed != "upgrade" else ""
    return f"takes the fixed action {FIXED_ACTION_NAMES.get(fixed, fixed)}{what}"


def _free_words(catalog: Catalog, name: str) -> str:
    cost_key, effects = FREE_ACTIONS[name]
    cost = plural(catalog.rules.free_costs[cost_key], "Quadrant token")
    return f"spends {cost} on a free action: {lowered(effects_text(effects))}"


def _target_phrase(catalog: Catalog, target: str) -> str:
    slot, _, k = target.partition(".")
    where = f"display space {slot}"
    what = f"constellation {k} of {where}" if k else f"the Major Object of {where}"
    return f"chooses to observe {what}"


def _page_phrase(catalog: Catalog, page: str) -> str:
    if page == "appendix":
        return "places their waiting Comet in the Appendix of the Book of Comets"
    if page.startswith("o"):
        return f"places their waiting Comet on their own Book of Comets page {page}"
    return f"places their waiting Comet on page {page} of the Book of Comets"


def _cellar_space(space: str) -> str:
    return f"cellar space {space}" + (" (the leftmost)" if space == "0" else "")


def _slots_phrase(catalog: Catalog, slots: str) -> str:
    first, _, second = slots.partition("-")
    return f"swaps the Action tiles {slot_name(int(first))} and {slot_name(int(second))}"


def _phrase(template: str) -> Callable[[Catalog, str], str]:
    """The words of an action kind that only place the argument in ``template`` (at ``{arg}``)."""
    return lambda catalog, arg: template.format(arg=arg)


_PHRASES: dict[str, Callable[[Catalog, str], str]] = {
    "astronomer": lambda catalog, arg: f"chooses {astronomer_name(arg)} as their astronomer",
    "bench": _phrase("puts Action tile {arg} on Kepler's Character Board"),
    "place": _phrase("places Action tile {arg} in the next slot of the starry sky"),
    "move": lambda catalog, arg: f"moves the telescope {plural(int(arg), 'space')}",
    "fixed": _fixed_words,
    "moving": lambda catalog, arg: (
        "takes 1 Quadrant token as the moving action of the Upgrade space"
        if arg == "q"
        else f"takes option {arg} of the Action tile at the telescope"
    ),
    "free": _free_words,
    "library": _library_words,
    "target": _target_phrase,
    "pay": lambda catalog, arg: _payment_words(arg),
    "die": _die_words,
    "raise": lambda catalog, arg: f"increases their {die_name(arg)} die",
    "recolour": lambda catalog, arg: (
        f"changes their {die_name(arg.partition('>')[0])} die to {colour_name(arg.partition('>')[2])}"
    ),
    "persuade": lambda catalog, arg: f"persuades an Inquisitor on {_cellar_space(arg)} one space right",
    "jump": lambda catalog, arg: f"moves an Inquisitor on {_cellar_space(arg)} as far right as their page allows",
    "lecture": lambda catalog, arg: f"lectures on Scale {arg}",
    "write": lambda catalog, arg: f"moves Book token {arg} one space",
    "complete": lambda catalog, arg: f"moves Book token {arg} to the end of its row",
    "upgrade": lambda catalog, arg: f"upgrades the Action tile {slot_name(int(arg))} to its golden side",
    "swap": _slots_phrase,
    "page": _page_phrase,
    "farewell": _phrase(
        "takes Inquisitor's Farewell: removes an Inquisitor from the rightmost cellar space, gains a Die "
        "and 1 Quadrant token"
    ),
    "decline": _phrase("declines the optional reward"),
    "stop": _phrase("stops the current Observe, writing or persuading"),
    "end": _phrase("ends the Action phase of their turn (Cleanup follows)"),
}


# -- sentences --------------------------------------------------------------------------------------------


def _predicate(catalog: Catalog, action: Action, game: GalileoGame | None) -> str:
    if game is not None and action.kind in _IN_GAME:
        return _IN_GAME[action.kind](game, action.arg)
    words = _PHRASES.get(action.kind)
    if words is None:
        raise RulesError(f"no words for the action kind {action.kind!r} (action {str(action)!r})")
    return words(catalog, action.arg)


def action_predicate(game: GalileoGame, action: Action) -> str:
    """What the player to move does with ``action``, as a predicate: ``moves the telescope 2 spaces, to the
    Spot a Comet space``."""
    return _predicate(game.catalog, action, game)


def logged_action_text(catalog: Catalog, actor: int | None, action: Action) -> str:
    """An action of the log as a sentence, without the game it was taken in: ``Player 1 ends the Action
    phase of their turn (Cleanup follows).``"""
    who = "The game" if actor is None else player_name(actor)
    return f"{who} {_predicate(catalog, action, None)}."


def describe_action(game: GalileoGame, action: Action) -> str:
    """``action`` taken by the player to move in ``game``, as one sentence; raises RulesError if the game is
    over."""
    return f"{player_name(_seat(game))} {action_predicate(game, action)}."


def first_person_text(game: GalileoGame, action: Action) -> str:
    """``action`` of the player to move in their own words, for a button: ``I gain a red die.``"""
    verb, _, rest = action_predicate(game, action).partition(" ")  # every verb of the predicates: "moves"
    rest = rest.replace("their ", "my ").replace(", gains ", ", gain ").replace("removes an", "remove an")
    return f"I {verb.removesuffix('s')} {rest}."


@attrs.frozen
class Change:
    """What an action changes at once for the player taking it, each count not negative (a cost or a gain)."""

    vp: int = 0
    quadrants: int = 0
    dice: int = 0

    def is_zero(self) -> bool:
        return not (self.vp or self.quadrants or self.dice)


def change_words(change: Change) -> str:
    """``3 VP, 2 Quadrant tokens and 1 die``; ``nothing``."""
    parts = [f"{change.vp} VP"] if change.vp else []
    parts += [plural(change.quadrants, "Quadrant token")] if change.quadrants else []
    parts += [plural(change.dice, "die", "dice")] if change.dice else []
    return join_words(parts) or "nothing"


def action_change(game: GalileoGame, action: Action) -> tuple[Change, Change]:
    """(cost, gain) of ``action`` for the player to move: their VP, Quadrant tokens and number of dice
    once it is applied (the rewards it settles at once included). Only these counts of the player's own are
    read from the game after it, so the lookahead tells nothing the rules would not."""
    seat = _seat(game)
    before, now = game.state.players[seat], game.apply(action).state.players[seat]
    deltas = (now.vp - before.vp, now.quadrants - before.quadrants, len(now.dice) - len(before.dice))
    cost = Change(*(max(-d, 0) for d in deltas))
    gain = Change(*(max(d, 0) for d in deltas))
    return cost, gain


def change_text(cost: Change, gain: Change) -> str:
    """`` (costs 2 Quadrant tokens, gains 3 VP)``, or nothing when nothing changes."""
    parts = [f"{word} {change_words(c)}" for word, c in (("costs", cost), ("gains", gain)) if not c.is_zero()]
    return f" ({', '.join(parts)})" if parts else ""
