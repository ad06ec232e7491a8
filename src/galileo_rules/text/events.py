"""Every event of Galileo Galilei as one English sentence: "Player 1 gains 3 VP (observing a Major Object)."

Players are named by their seat number, as everywhere else in the engine (seat 0 is "Player 0"). An event
names display spaces, Scales, objectives and tile slots by their index; given the table (``table``: the
state the event's action left, as the viewer sees it) a sentence also names the card, Scale tile,
objective or Action tile there. A face-down card is never named, whatever the event carries: only its
tier, which its back shows. The ``match`` statements end in ``assert_never``: an event type without words
is a mypy error.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, assert_never

from galileo_rules.components.catalog import Catalog
from galileo_rules.model import events as ev
from galileo_rules.model.frames import (
    CleanupFrame,
    DieFrame,
    EffectsFrame,
    FarewellFrame,
    Frame,
    JumpFrame,
    LectureFrame,
    ObserveFrame,
    PageFrame,
    PayFrame,
    PersuadeFrame,
    RaiseFrame,
    RecolourFrame,
    SetupFrame,
    SwapFrame,
    TurnFrame,
    TychoFrame,
    UpgradeFrame,
    WriteFrame,
)
from galileo_rules.model.sky import BENCH
from galileo_rules.model.state import GameState, TileSlot, TurnFlags
from galileo_rules.text.components import (
    astronomer_name,
    card_name,
    die_name,
    effects_text,
    movement_words,
    sky_space_name,
    tier_name,
)
from rules_core.stack import STACK_EVENT_TYPES
from rules_core.words import join_words, lowered, ordinal, plural, stack_event_text
from rules_core.words import player_name as player_name  # re-exported: the text names seats so

TYCHO = "tycho"


# -- sources --------------------------------------------------------------------------------------------

# What a change of score comes from, by the source the rules give it (ScoreChanged.source, EffectsFrame.source).
SOURCES = {
    "majors": "observing a Major Object",
    "constellations": "observing a constellation",
    "actions": "an action",
    "comets": "the Book of Comets",
    "cellar": "Bruno's cellar",
    "farewell": "Inquisitor's Farewell",
    "university": "a Lecture",
    "library": "writing in the Library",
    "objectives": "an objective",
    "tribunal": "the Tribunal",
    "tycho": "Tycho Brahe's Action tile",
    "final university": "final scoring of the university",
    "final inquisition": "final scoring of the Inquisitors in the cellar",
    "final reputation": "final scoring of the Reputation",
}


def source_text(source: str) -> str:
    """What caused a change of VP or a reward, as a noun phrase: ``observing a Major Object``."""
    return SOURCES.get(source, source.replace("_", " "))


# -- the table's names, when the table is known ----------------------------------------------------------


def display_card(catalog: Catalog, table: GameState | None, slot: int) -> str:
    """``the 3rd card of the display`` and, with the table, ``(Mars, D01)``."""
    shown = table.display[slot] if table is not None and 0 <= slot < len(table.display) else None
    where = f"display space {slot}"
    return where if shown is None else f"{where}, {card_name(catalog, shown.card)}"


def scale_name(table: GameState | None, scale: int) -> str:
    """``the 2nd Scale`` and, with the table, ``(S4, subject majors)``."""
    where = f"Scale {scale}"
    if table is None or not 0 <= scale < len(table.scales):
        return where
    return f"{where} ({table.scales[scale][0]}, subject {table.subjects[scale]})"


def objective_name(table: GameState | None, objective: int) -> str:
    if table is None or not 0 <= objective < len(table.objectives):
        return f"objective {objective}"
    return f"the objective {table.objectives[objective]}"


def slot_name(slot: int) -> str:
    """A tile slot by the telescope space beside it; slot 6 is Kepler's Character Board."""
    return "on the Character Board" if slot == BENCH else f"beside {sky_space_name(slot)}"


def tile_in_slot(table: GameState | None, seat: int, slot: int) -> str:
    """``the Action tile T3 beside the Spot a Comet space`` (the tile's id with the table)."""
    placed: TileSlot | None = None
    if table is not None and 0 <= seat < len(table.players):
        p = table.players[seat]
        placed = p.bench if slot == BENCH else p.tiles[slot] if 0 <= slot < len(p.tiles) else None
    tile = f"the Action tile {placed.tile}" if placed is not None else "the Action tile"
    return f"{tile} {slot_name(slot)}"


# -- pending decisions ------------------------------------------------------------------------------------

_SETUP_STEPS = {
    "astronomer": "choosing an astronomer",
    "bench": "choosing the basic Action tile for Kepler's Character Board",
    "place": "placing their next Action tile",
}
_CLEANUP_STEPS = ("rotating the Action tiles", "the Book of Comets", "the interrogation", "the objectives", "its end")


def _pay_words(catalog: Catalog, frame: PayFrame) -> str:
    what = "the Major Object" if frame.constellation < 0 else f"constellation {frame.constellation}"
    return f"paying for {what} of display space {frame.slot}"


_FRAMES: dict[type[Any], Callable[[Catalog, Any], str]] = {
    SetupFrame: lambda c, f: _SETUP_STEPS.get(f.step, f"the setup step {f.step}"),
    TurnFrame: lambda c, f: "their turn, moving the telescope" if f.stage == "move" else "the actions of their turn",
    EffectsFrame: lambda c, f: f"the rewards of {source_text(f.source)} ({lowered(effects_text(f.effects))})",
    DieFrame: lambda c, f: "gaining a die",
    RaiseFrame: lambda c, f: f"increasing one die by {f.n}",
    RecolourFrame: lambda c, f: "changing the colour of a die",
    PersuadeFrame: lambda c, f: f"persuading ({plural(f.left, 'move')} left)",
    JumpFrame: lambda c, f: f"moving Inquisitors up to {f.n} spaces each ({plural(f.left, 'token')} left)",
    FarewellFrame: lambda c, f: "Inquisitor's Farewell, if they wish",
    LectureFrame: lambda c, f: "a Lecture",
    WriteFrame: lambda c, f: "complete writing" if f.full else f"writing ({plural(f.left, 'space')} left)",
    UpgradeFrame: lambda c, f: "upgrading an Action tile",
    SwapFrame: lambda c, f: "swapping Action tiles",
    ObserveFrame: lambda c, f: "an Observe action",
    PayFrame: _pay_words,
    CleanupFrame: lambda c, f: f"Cleanup: {_CLEANUP_STEPS[min(f.step, len(_CLEANUP_STEPS) - 1)]}",
    PageFrame: lambda c, f: "placing a waiting Comet in the Book of Comets",
    TychoFrame: lambda c, f: "Tycho Brahe's turn",
}
FRAME_WORDS = frozenset(_FRAMES)  # the frame classes with words (a test checks every declared frame has them)


def frame_text(catalog: Catalog, frame: Frame) -> str:
    """What a pending decision is about, as a noun phrase: ``an Observe action``, ``writing (2 spaces left)``."""
    words = _FRAMES.get(type(frame))
    return words(catalog, frame) if words is not None else "a decision"


def decision_text(catalog: Catalog, frame: Frame, verb: str) -> str:
    """``Player 0 begins an Observe action.``"""
    who = "Tycho Brahe" if isinstance(frame, TychoFrame) else player_name(frame.player)  # type: ignore[attr-defined]
    return f"{who} {verb} {frame_text(catalog, frame)}."


# -- events ---------------------------------------------------------------------------------------------


def tiles_text(tiles: tuple[TileSlot, ...]) -> str:
    """``T3, T1 (upgraded), T2``: Action tiles from the bottom of the sky up."""
    return ", ".join(f"{t.tile} (upgraded)" if t.upgraded else t.tile for t in tiles) or "none"


def flags_text(flags: TurnFlags) -> str:
    """What the turn has done so far, as the rules keep it."""
    done = []
    if flags.fixed_used:
        done.append("the fixed action taken")
    if flags.moving_used:
        done.append("the moving action taken")
    if flags.fresh_comets:
        done.append(f"{plural(flags.fresh_comets, 'Comet')} just turned to 2")
    if flags.persuaded:
        done.append("an Inquisitor persuaded")
    if flags.library_tile_used:
        done.append("a Library tile placed")
    return f"This turn so far: {join_words(done)}." if done else "This turn so far: no action taken yet."


def dice_text(dice: tuple[tuple[str, int], ...]) -> str:
    """``red 3, blue 1 and yellow 2``; ``no dice``."""
    return join_words([die_name(f"{colour}{value}") for colour, value in dice]) or "no dice"


_COMET_MOVES = {
    ("board", "above"): "spots {a Comet}: {it goes} from their Player Board onto the Game Board, 1 side up",
    ("above", "below"): "uses {a Comet} at 1: {it turns} to 2 below the Discovery cards",
    ("below", "waiting"): "uses {a Comet} at 2: {it goes} onto the Book of Comets until Cleanup",
    ("waiting", "placed"): "places {a Comet} from the Book of Comets",
}


def comet_moved_text(event: ev.CometMoved) -> str:
    template = _COMET_MOVES.get((event.origin, event.to), "moves {a Comet} from {origin} to {to}")
    one = event.count == 1
    words = template.format_map(
        {
            "a Comet": "a Comet token" if one else plural(event.count, "Comet token"),
            "it goes": "it goes" if one else "they go",
            "it turns": "it turns" if one else "they turn",
            "origin": event.origin,
            "to": event.to,
        }
    )
    return f"{player_name(event.player)} {words}."


def comet_paged_text(event: ev.CometPaged) -> str:
    who = player_name(event.player)
    if event.own >= 0:
        return f"{who} places a Comet token on their own Book of Comets page o{event.own}."
    if event.page >= 0:
        return f"{who} places a Comet token on page {event.page} of the Book of Comets."
    return f"{who} places a Comet token in the Appendix of the Book of Comets."


def card_taken_text(catalog: Catalog, event: ev.CardTaken) -> str:
    who = player_name(event.player)
    if event.face_up:
        return f"{who} puts {card_name(catalog, event.card)} face up in their Library."
    origin = "the box" if event.slot == -2 else "the Discovery deck"
    return f"{who} takes a {tier_name(event.tier)} card from {origin} face down into their Library."


def display_filled_text(catalog: Catalog, event: ev.DisplayFilled) -> str:
    where = f"display space {event.slot}"
    if event.content is None:
        return f"{capitalized_first(where)} stays empty."
    origin = " from the box" if event.from_box else ""
    return f"{capitalized_first(card_name(catalog, event.content.card))} is turned face up{origin} in {where}."


def capitalized_first(text: str) -> str:
    return text[:1].upper() + text[1:]


def objective_achieved_text(event: ev.ObjectiveAchieved, table: GameState | None) -> str:
    who = player_name(event.player)
    objective = objective_name(table, event.objective)
    if event.first:
        return f"{who} is the first to achieve {objective} and places an Achievement token at its top."
    return f"{who} also achieves {objective} and places an Achievement token below it."


def phase_text(phase: str) -> str:
    return {
        "play": "Setup is over: the game begins.",
        "over": "The game is over.",
        "setup": "Setup begins.",
    }.get(phase, f"The game enters its {phase} phase.")


def _score_text(event: ev.ScoreChanged) -> str:
    verb = f"gains {event.amount} VP" if event.amount >= 0 else f"loses {-event.amount} VP"
    return f"{player_name(event.player)} {verb} ({source_text(event.source)})."


def _quadrants_text(event: ev.QuadrantsChanged) -> str:
    verb = "gains" if event.amount >= 0 else "spends"
    return f"{player_name(event.player)} {verb} {plural(abs(event.amount), 'Quadrant token')}."


# The events by what they tell; each group is put in words by its own function.
_BoardEvent = (
    ev.AstronomerChosen
    | ev.TilesArranged
    | ev.TelescopeMoved
    | ev.DiceChanged
    | ev.QuadrantsChanged
    | ev.ScoreChanged
    | ev.CometMoved
    | ev.CometPaged
    | ev.BookMoved
    | ev.OverlayPlaced
    | ev.ReputationMoved
    | ev.TileUpgraded
)
_TableEvent = (
    ev.ConstellationObserved
    | ev.CardTaken
    | ev.DisplayFilled
    | ev.InquisitorGained
    | ev.InquisitorMoved
    | ev.InquisitorRemoved
    | ev.UniversityMoved
    | ev.ObjectiveAchieved
)
_TychoEvent = ev.TychoMoved | ev.TychoMovementDrawn | ev.TychoTileUpgraded | ev.TychoBookMoved
_FlowEvent = ev.TurnStarted | ev.TurnFlagsChanged | ev.RngAdvanced | ev.EndTriggered | ev.PhaseChanged
BOOKKEEPING = (*STACK_EVENT_TYPES, ev.TurnFlagsChanged, ev.RngAdvanced)
"""The events a narration may skip: the decision stack, the turn's record, the generator."""


def event_text(catalog: Catalog, event: ev.Event, table: GameState | None = None) -> str:
    """One event as a sentence: a capital first, a full stop last, component names from ``catalog``; with
    ``table`` (the state after the event's action, as the viewer sees it) the cards, Scales, objectives and
    tiles at the indices the event names."""
    if isinstance(event, STACK_EVENT_TYPES):
        return stack_event_text(event, functools.partial(decision_text, catalog))
    if isinstance(event, _BoardEvent):
        sentence = _board_event_text(catalog, event, table)
    elif isinstance(event, _TableEvent):
        sentence = _table_event_text(catalog, event, table)
    elif isinstance(event, _TychoEvent):
        sentence = _tycho_event_text(catalog, event, table)
    else:
        sentence = _flow_event_text(event)  # what is left: an event in no group is a mypy error here
    return _named(sentence, getattr(event, "player", None), table)


def _named(sentence: str, seat: int | None, table: GameState | None) -> str:
    """The solo game's automatic seat called by his name, Tycho Brahe, where the table says it is his."""
    if seat is None or table is None or not 0 <= seat < len(table.players):
        return sentence
    if table.players[seat].astronomer != TYCHO:
        return sentence
    return sentence.replace(player_name(seat), astronomer_name(TYCHO), 1)


def _board_event_text(catalog: Catalog, event: _BoardEvent, table: GameState | None) -> str:
    """A player's astronomer, Action tiles, telescope, dice, Quadrants, score, Comets, Books and Reputation."""
    who = player_name(event.player)
    match event:
        case ev.AstronomerChosen():
            return f"{who} chooses {astronomer_name(event.astronomer)} as their astronomer."
        case ev.TilesArranged():
            bench = f"; on the Character Board: {event.bench.tile}" if event.bench is not None else ""
            return f"{who}'s Action tiles, from the bottom of the sky up: {tiles_text(event.tiles)}{bench}."
        case ev.TelescopeMoved():
            return f"{who} moves the telescope to {sky_space_name(event.position)}."
        case ev.DiceChanged():
            return f"{who}'s dice are now {dice_text(event.dice)}."
        case ev.QuadrantsChanged():
            return _quadrants_text(event)
        case ev.ScoreChanged():
            return _score_text(event)
        case ev.CometMoved():
            return comet_moved_text(event)
        case ev.CometPaged():
            return comet_paged_text(event)
        case ev.BookMoved():
            return f"{who} moves Book token {event.book} to space {event.position}."
        case ev.OverlayPlaced():
            o = event.overlay
            place = f"Library row {o.row} from space {o.first}"
            return f"{who} places Library tile {o.tile}, side {o.side + 1}, on {place}."
        case ev.ReputationMoved():
            return f"{who}'s Tribunal token moves to Reputation {event.reputation:+d}."
        case ev.TileUpgraded():
            return f"{who} upgrades {tile_in_slot(table, event.player, event.slot)} to its golden side."
        case _:
            assert_never(event)


def _table_event_text(catalog: Catalog, event: _TableEvent, table: GameState | None) -> str:
    """Observations and Discovery cards, the Inquisition, the university and its objectives."""
    who = player_name(event.player) if not isinstance(event, ev.DisplayFilled) else ""
    match event:
        case ev.ConstellationObserved():
            where = display_card(catalog, table, event.slot)
            constellation = f"constellation {event.constellation} of {where}"
            return f"{who} places a Constellation token on {constellation}."
        case ev.CardTaken():
            return card_taken_text(catalog, event)
        case ev.DisplayFilled():
            return display_filled_text(catalog, event)
        case ev.InquisitorGained():
            return f"{who} gains an Inquisitor on the leftmost space of their cellar."
        case ev.InquisitorMoved():
            spaces = f"cellar space {event.origin} to {event.to}"
            return f"{who} persuades an Inquisitor from {spaces}."
        case ev.InquisitorRemoved():
            space = f"cellar space {event.space}"
            return f"{who} removes an Inquisitor from {space} and returns it to the supply."
        case ev.UniversityMoved():
            return f"{who}'s University token climbs to row {event.row} of {scale_name(table, event.scale)}."
        case ev.ObjectiveAchieved():
            return objective_achieved_text(event, table)
        case _:
            assert_never(event)


def _tycho_event_text(catalog: Catalog, event: _TychoEvent, table: GameState | None) -> str:
    """Tycho Brahe's own pieces in the solo game: his token, Movement tiles, Action tiles and Book token."""
    tiles = table.tycho.tiles if table is not None and table.tycho is not None else ()
    match event:
        case ev.TychoMoved():
            tile = f" ({tiles[event.token].tile})" if 0 <= event.token < len(tiles) else ""
            return f"Tycho Brahe's token moves to his {ordinal(event.token + 1)} Action tile{tile}."
        case ev.TychoMovementDrawn():
            again = "reshuffles his Movement tiles and " if event.reshuffled is not None else ""
            movement = {t.id: t for t in catalog.movement_tiles}.get(event.tile)
            what = f": {movement_words(movement)}" if movement is not None else ""
            return f"Tycho Brahe {again}flips Movement tile {event.tile}{what}."
        case ev.TychoTileUpgraded():
            tile = f" ({tiles[event.index].tile})" if 0 <= event.index < len(tiles) else ""
            return f"Tycho Brahe upgrades his {ordinal(event.index + 1)} Action tile{tile}."
        case ev.TychoBookMoved():
            return f"Tycho Brahe's Book token moves to space {event.position} of his Library."
        case _:
            assert_never(event)


def _flow_event_text(event: _FlowEvent) -> str:
    """The game's flow: turns, the generator, the end trigger and the phases."""
    match event:
        case ev.TurnStarted():
            return f"Round {event.round}: {player_name(event.player)}'s turn begins."
        case ev.TurnFlagsChanged():
            return flags_text(event.flags)
        case ev.RngAdvanced():
            return "A random draw is made."
        case ev.EndTriggered():
            return f"The Discovery deck is empty: round {event.last_round} will be the last."
        case ev.PhaseChanged():
            return phase_text(event.phase)
        case _:
            assert_never(event)
