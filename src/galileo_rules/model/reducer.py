"""The pure reducer: ``reduce(state, event) -> state``, the only place a state changes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from galileo_rules.components.records import COLOURS
from galileo_rules.model import events as ev
from galileo_rules.model.state import Die, GameState, LibraryCard, PlayerState, TurnFlags
from rules_core.records import copier, evolve, replacer
from rules_core.stack import stack_reducers

# The copy functions of the records nearly every event copies, looked up once.
_copy_state = copier(GameState)
_copy_player = copier(PlayerState)
_with_players = replacer(GameState, "players")

COMET_FIELDS = {
    "board": "comets_board",
    "above": "comets_above",
    "below": "comets_below",
    "waiting": "comets_waiting",
    "placed": "comets_placed",
}


def _player(state: GameState, seat: int, **changes: Any) -> GameState:
    players = list(state.players)
    players[seat] = _copy_player(players[seat], **changes)
    return _with_players(state, tuple(players))


def _with_cellar(state: GameState, seat: int, cellar: tuple[int, ...]) -> GameState:
    peak = max(state.turn.cellar_peak, sum(cellar)) if seat == state.current else state.turn.cellar_peak
    state = _player(state, seat, cellar=cellar)
    return _copy_state(state, turn=evolve(state.turn, cellar_peak=peak))


def _colour_counts(dice: tuple[Die, ...]) -> tuple[int, int, int]:
    return (
        sum(1 for c, _ in dice if c == "R"),
        sum(1 for c, _ in dice if c == "B"),
        sum(1 for c, _ in dice if c == "Y"),
    )


def sorted_dice(dice: tuple[Die, ...] | list[Die]) -> tuple[Die, ...]:
    """A player's dice in their canonical order: by colour (R, B, Y), then highest value first."""
    return tuple(sorted(dice, key=lambda d: (COLOURS.index(d[0]), -d[1])))


def _dice(state: GameState, e: ev.DiceChanged) -> GameState:
    old = _colour_counts(state.players[e.player].dice)
    new = _colour_counts(e.dice)
    supply = tuple(s + o - n for s, o, n in zip(state.supply, old, new, strict=True))
    state = _player(state, e.player, dice=sorted_dice(e.dice))
    return _copy_state(state, supply=supply)


def _score(state: GameState, e: ev.ScoreChanged) -> GameState:
    p = state.players[e.player]
    sources = dict(p.vp_sources)
    sources[e.source] = sources.get(e.source, 0) + e.amount
    return _player(state, e.player, vp=p.vp + e.amount, vp_sources=tuple(sorted(sources.items())))


def _comet(state: GameState, e: ev.CometMoved) -> GameState:
    p = state.players[e.player]
    origin, to = COMET_FIELDS[e.origin], COMET_FIELDS[e.to]
    changes = {origin: getattr(p, origin) - e.count}
    changes[to] = getattr(p, to) + e.count
    return _player(state, e.player, **changes)


def _paged(state: GameState, e: ev.CometPaged) -> GameState:
    p = state.players[e.player]
    state = _player(state, e.player, comets_waiting=p.comets_waiting - 1, comets_placed=p.comets_placed + 1)
    if e.page >= 0:
        pages = list(state.pages)
        pages[e.page] = e.player
        return _copy_state(state, pages=tuple(pages))
    if e.own >= 0:
        own = list(p.own_pages)
        own[e.own] = True
        return _player(state, e.player, own_pages=tuple(own))
    return _copy_state(state, appendix=state.appendix + 1)


def _constellation(state: GameState, e: ev.ConstellationObserved) -> GameState:
    display = list(state.display)
    slot = display[e.slot]
    assert slot is not None
    display[e.slot] = evolve(slot, covered=(*slot.covered, (e.constellation, e.player)))
    state = _copy_state(state, display=tuple(display))
    return _player(state, e.player, constellations=state.players[e.player].constellations - 1)


def _card(state: GameState, e: ev.CardTaken) -> GameState:
    if e.slot >= 0:
        display = list(state.display)
        display[e.slot] = None
        state = _copy_state(state, display=tuple(display))
    elif e.slot == -1:
        state = _copy_state(state, deck=state.deck[1:])
    else:
        box = list(state.box)
        box.remove(e.card)
        state = _copy_state(state, box=tuple(box))
    p = state.players[e.player]
    return _player(state, e.player, library=(*p.library, LibraryCard(e.card, e.face_up, e.tier)))


def _display(state: GameState, e: ev.DisplayFilled) -> GameState:
    display = list(state.display)
    display[e.slot] = e.content
    state = _copy_state(state, display=tuple(display))
    if e.content is None:
        return state
    if e.from_box:
        box = list(state.box)
        box.remove(e.content.card)
        return _copy_state(state, box=tuple(box))
    return _copy_state(state, deck=state.deck[1:])


def _book(state: GameState, e: ev.BookMoved) -> GameState:
    books = list(state.players[e.player].books)
    books[e.book] = e.position
    return _player(state, e.player, books=tuple(books))


def _gain_inquisitor(state: GameState, e: ev.InquisitorGained) -> GameState:
    cellar = list(state.players[e.player].cellar)
    cellar[0] += 1
    return _with_cellar(state, e.player, tuple(cellar))


def _move_inquisitor(state: GameState, e: ev.InquisitorMoved) -> GameState:
    cellar = list(state.players[e.player].cellar)
    cellar[e.origin] -= 1
    cellar[e.to] += 1
    return _with_cellar(state, e.player, tuple(cellar))


def _remove_inquisitor(state: GameState, e: ev.InquisitorRemoved) -> GameState:
    cellar = list(state.players[e.player].cellar)
    cellar[e.space] -= 1
    return _player(state, e.player, cellar=tuple(cellar))


def _university(state: GameState, e: ev.UniversityMoved) -> GameState:
    rows = list(state.players[e.player].university)
    rows[e.scale] = e.row
    return _player(state, e.player, university=tuple(rows))


def _upgrade(state: GameState, e: ev.TileUpgraded) -> GameState:
    p = state.players[e.player]
    if e.slot == 6:
        assert p.bench is not None
        return _player(state, e.player, bench=evolve(p.bench, upgraded=True))
    tiles = list(p.tiles)
    tiles[e.slot] = evolve(tiles[e.slot], upgraded=True)
    return _player(state, e.player, tiles=tuple(tiles))


def _objective(state: GameState, e: ev.ObjectiveAchieved) -> GameState:
    claims = list(state.claims)
    claims[e.objective] = (*claims[e.objective], e.player)
    p = state.players[e.player]
    state = _copy_state(state, claims=tuple(claims))
    return _player(state, e.player, achievements=(*p.achievements, state.objectives[e.objective]))


def _tycho(state: GameState, **changes: Any) -> GameState:
    assert state.tycho is not None
    return _copy_state(state, tycho=evolve(state.tycho, **changes))


def _tycho_drawn(state: GameState, e: ev.TychoMovementDrawn) -> GameState:
    assert state.tycho is not None
    deck, discard = state.tycho.deck, state.tycho.discard
    if e.reshuffled is not None:
        deck, discard = e.reshuffled, ()
    return _tycho(state, deck=deck[1:], discard=(*discard, deck[0]))


def _tycho_upgrade(state: GameState, e: ev.TychoTileUpgraded) -> GameState:
    assert state.tycho is not None
    tiles = list(state.tycho.tiles)
    tiles[e.index] = evolve(tiles[e.index], upgraded=True)
    return _tycho(state, tiles=tuple(tiles))


_REDUCERS: dict[type[Any], Callable[[GameState, Any], GameState]] = {
    **stack_reducers(GameState),
    ev.AstronomerChosen: lambda s, e: _player(
        s, e.player, astronomer=e.astronomer, own_pages=e.own_pages, cellar=e.cellar
    ),
    ev.TilesArranged: lambda s, e: _player(s, e.player, tiles=e.tiles, bench=e.bench),
    ev.TurnStarted: lambda s, e: _copy_state(
        s, current=e.player, round=e.round, turn=TurnFlags(cellar_peak=sum(s.players[e.player].cellar))
    ),
    ev.TurnFlagsChanged: lambda s, e: _copy_state(s, turn=e.flags),
    ev.TelescopeMoved: lambda s, e: _player(s, e.player, telescope=e.position),
    ev.DiceChanged: _dice,
    ev.QuadrantsChanged: lambda s, e: _player(s, e.player, quadrants=s.players[e.player].quadrants + e.amount),
    ev.ScoreChanged: _score,
    ev.CometMoved: _comet,
    ev.CometPaged: _paged,
    ev.ConstellationObserved: _constellation,
    ev.CardTaken: _card,
    ev.DisplayFilled: _display,
    ev.RngAdvanced: lambda s, e: _copy_state(s, rng=e.rng),
    ev.BookMoved: _book,
    ev.OverlayPlaced: lambda s, e: _player(s, e.player, overlays=(*s.players[e.player].overlays, e.overlay)),
    ev.InquisitorGained: _gain_inquisitor,
    ev.InquisitorMoved: _move_inquisitor,
    ev.InquisitorRemoved: _remove_inquisitor,
    ev.ReputationMoved: lambda s, e: _player(s, e.player, reputation=e.reputation),
    ev.UniversityMoved: _university,
    ev.TileUpgraded: _upgrade,
    ev.ObjectiveAchieved: _objective,
    ev.EndTriggered: lambda s, e: _copy_state(s, last_round=e.last_round),
    ev.TychoMoved: lambda s, e: _tycho(s, token=e.token),
    ev.TychoMovementDrawn: _tycho_drawn,
    ev.TychoTileUpgraded: _tycho_upgrade,
    ev.TychoBookMoved: lambda s, e: _tycho(s, book=e.position),
    ev.PhaseChanged: lambda s, e: _copy_state(s, phase=e.phase),
}


def reduce(state: GameState, event: Any) -> GameState:
    """The state after ``event``."""
    return _REDUCERS[type(event)](state, event)


__all__ = ["PlayerState", "reduce", "sorted_dice"]
