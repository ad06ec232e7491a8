"""The pure reducer: ``reduce(state, event) -> state``. Events alone change the game state."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from newton_rules.model import events as ev
from newton_rules.model.frames import TurnFrame
from newton_rules.model.state import BoardState, GameState, PlayerState
from rules_core.records import copier, evolve
from rules_core.stack import stack_reducers

_copy_state = copier(GameState)
_copy_player = copier(PlayerState)
_copy_board = copier(BoardState)


def _player(state: GameState, seat: int, **changes: Any) -> GameState:
    players = list(state.players)
    players[seat] = _copy_player(players[seat], **changes)
    return _copy_state(state, players=tuple(players))


def _board(state: GameState, **changes: Any) -> GameState:
    return _copy_state(state, board=_copy_board(state.board, **changes))


def _without(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    index = items.index(item)
    return items[:index] + items[index + 1 :]


def _replace_at(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return items[:index] + (value,) + items[index + 1 :]


def _count_delta(pairs: tuple[tuple[str, int], ...], key: str, delta: int) -> tuple[tuple[str, int], ...]:
    return tuple((k, n + delta if k == key else n) for k, n in pairs)


def _resources(state: GameState, e: ev.ResourcesChanged) -> GameState:
    p = state.players[e.player]
    return _player(state, e.player, coins=p.coins + e.coins, vp=p.vp + e.vp, potions=p.potions + e.potions)


def _card_moved(state: GameState, e: ev.CardMoved) -> GameState:
    """One copy of the board and of the player however the zones combine (a hot path: lines refill)."""
    board: dict[str, Any] = {}
    own: dict[str, Any] = {}
    for zone, adding in ((e.src, False), (e.dst, True)):
        on_board, field, pile = _zone_field(zone)
        changes = board if on_board else own
        if field in changes:
            items = changes[field]
        elif on_board:
            items = getattr(state.board, field)
        else:
            assert e.player is not None, f"zone {zone} needs a player"
            items = getattr(state.players[e.player], field)
        if pile < 0:
            changes[field] = (*items, e.card) if adding else _without(items, e.card)
            continue
        if not adding and field == "decks" and items[pile][:1] != (e.card,):
            raise AssertionError(f"{e.card} is not on top of {zone}")
        moved = (*items[pile], e.card) if adding else _without(items[pile], e.card)
        changes[field] = _replace_at(items, pile, moved)
    if e.dst == "tucked":
        own["tuck_choice"] = None
    players = state.players
    if own:
        assert e.player is not None
        changed = list(players)
        changed[e.player] = _copy_player(players[e.player], **own)
        players = tuple(changed)
    return _copy_state(state, players=players, board=_copy_board(state.board, **board) if board else state.board)


_ZONE_FIELDS: dict[str, tuple[bool, str, int]] = {}


def _zone_field(zone: str) -> tuple[bool, str, int]:
    """(on the board?, the state field holding the zone, pile index or -1) of a card zone, parsed once."""
    found = _ZONE_FIELDS.get(zone)
    if found is None:
        if zone.startswith(("deck:", "line:")):
            found = (True, "decks" if zone[0] == "d" else "lines", int(zone[5:]) - 1)
        elif zone == "removed":
            found = (True, "removed_cards", -1)
        else:
            found = (False, zone, -1)
        _ZONE_FIELDS[zone] = found
    return found


def _masters_dealt(state: GameState, e: ev.MastersDealt) -> GameState:
    if e.draft:
        return _player(state, e.player, draft=e.masters)
    return _player(state, e.player, masters=e.masters)


def _master_kept(state: GameState, e: ev.MasterKept) -> GameState:
    p = state.players[e.player]
    return _player(state, e.player, draft=_without(p.draft, e.master), masters=(*p.masters, e.master))


def _draft_passed(state: GameState, _: ev.DraftPassed) -> GameState:
    hands = [p.draft for p in state.players]
    n = len(hands)
    players = tuple(_copy_player(p, draft=hands[(p.seat - 1) % n]) for p in state.players)
    return _copy_state(state, players=players, draft_pass=state.draft_pass + 1)


def _draft_ended(state: GameState, _: ev.DraftEnded) -> GameState:
    return _copy_state(state, players=tuple(_copy_player(p, draft=()) for p in state.players))


def _master_played(state: GameState, e: ev.MasterPlayed) -> GameState:
    p = state.players[e.player]
    return _player(state, e.player, masters=_without(p.masters, e.master), masters_played=(*p.masters_played, e.master))


def _piece_moved(state: GameState, e: ev.PieceMoved) -> GameState:
    if e.piece == "work":
        return _player(state, e.player, work=e.to)
    if e.piece == "scientist":
        return _player(state, e.player, scientist=e.to)
    p = state.players[e.player]
    return _player(state, e.player, students=_replace_at(p.students, e.index, e.to))


def _cube_placed(state: GameState, e: ev.CubePlaced) -> GameState:
    return _player(state, e.player, cubes=(*state.players[e.player].cubes, e.space))


def _token_taken(state: GameState, e: ev.BonusTokenTaken) -> GameState:
    state = _board(state, bonus=tuple(pair for pair in state.board.bonus if pair[0] != e.space))
    return _player(state, e.player, bonus_tokens=(*state.players[e.player].bonus_tokens, e.token))


def _book_placed(state: GameState, e: ev.BookPlaced) -> GameState:
    return _player(state, e.player, books=(*state.players[e.player].books, e.space))


def _book_lifted(state: GameState, e: ev.BookLifted) -> GameState:
    return _player(state, e.player, books=_without(state.players[e.player].books, e.space))


def _books_removed(state: GameState, e: ev.BooksRemoved) -> GameState:
    p = state.players[e.player]
    return _player(state, e.player, books_removed=p.books_removed + e.count)


def _drawer_filled(state: GameState, e: ev.DrawerFilled) -> GameState:
    """The new tile leaves the supply; a tile it replaces goes back there."""
    p = state.players[e.player]
    old = p.drawers[e.drawer]
    state = _player(state, e.player, drawers=_replace_at(p.drawers, e.drawer, e.action))
    supply = _count_delta(state.board.development_supply, e.action, -1)
    if old is not None:
        supply = _count_delta(supply, old, +1)
    return _board(state, development_supply=supply)


def _income_supply_delta(state: GameState, kind: str, delta: int) -> GameState:
    if kind == "medicine":
        return _board(state, medicine_supply=state.board.medicine_supply + delta)
    return _board(state, income_supply=_count_delta(state.board.income_supply, kind, delta))


def _income_placed(state: GameState, e: ev.IncomePlaced) -> GameState:
    """The new tile leaves its supply; a tile it replaces goes back to its own."""
    p = state.players[e.player]
    old = p.income[e.slot]
    state = _player(state, e.player, income=_replace_at(p.income, e.slot, e.kind))
    state = _income_supply_delta(state, e.kind, -1)
    return state if old is None else _income_supply_delta(state, old, +1)


def _volume_chosen(state: GameState, e: ev.VolumeChosen) -> GameState:
    p = state.players[e.player]
    return _player(state, e.player, round_volumes=(*p.round_volumes, e.colour))


def _discovery_taken(state: GameState, e: ev.DiscoveryTaken) -> GameState:
    state = _board(state, discoveries=_without(state.board.discoveries, e.tile))
    return _player(state, e.player, discoveries=(*state.players[e.player].discoveries, e.tile))


def _discovery_activated(state: GameState, e: ev.DiscoveryActivated) -> GameState:
    p = state.players[e.player]
    return _player(
        state, e.player, discoveries=_without(p.discoveries, e.tile), discoveries_used=(*p.discoveries_used, e.tile)
    )


def _tuck_chosen(state: GameState, e: ev.TuckChosen) -> GameState:
    return _player(state, e.player, tuck_choice=e.card)


def _special_action_used(state: GameState, e: ev.SpecialActionUsed) -> GameState:
    """Mark the turn (the innermost TurnFrame, below any action the special action interrupts) as used."""
    stack = state.stack
    at = max(i for i, frame in enumerate(stack) if isinstance(frame, TurnFrame))
    turn = stack[at]
    assert isinstance(turn, TurnFrame)
    return _copy_state(state, stack=(*stack[:at], evolve(turn, special_action_used=True), *stack[at + 1 :]))


def _medicine_tile_turned(state: GameState, e: ev.MedicineTileTurned) -> GameState:
    return _player(state, e.player, medicine_turned=True)


def _flow(state: GameState, e: ev.FlowChanged) -> GameState:
    return _copy_state(state, phase=e.phase, round=e.round, first_player=e.first_player, turn_index=e.turn_index)


def _volumes_cleared(state: GameState, _: ev.RoundVolumesCleared) -> GameState:
    return _copy_state(state, players=tuple(_copy_player(p, round_volumes=()) for p in state.players))


def _game_ended(state: GameState, _: ev.GameEnded) -> GameState:
    return _copy_state(state, phase="over", stack=())


_HANDLERS: dict[type[Any], Callable[[GameState, Any], GameState]] = {
    ev.ResourcesChanged: _resources,
    ev.CardMoved: _card_moved,
    ev.MastersDealt: _masters_dealt,
    ev.MasterKept: _master_kept,
    ev.DraftPassed: _draft_passed,
    ev.DraftEnded: _draft_ended,
    ev.MasterPlayed: _master_played,
    ev.PieceMoved: _piece_moved,
    ev.CubePlaced: _cube_placed,
    ev.BonusTokenTaken: _token_taken,
    ev.BookPlaced: _book_placed,
    ev.BookLifted: _book_lifted,
    ev.BooksRemoved: _books_removed,
    ev.DrawerFilled: _drawer_filled,
    ev.IncomePlaced: _income_placed,
    ev.VolumeChosen: _volume_chosen,
    ev.DiscoveryTaken: _discovery_taken,
    ev.DiscoveryActivated: _discovery_activated,
    ev.TuckChosen: _tuck_chosen,
    ev.SpecialActionUsed: _special_action_used,
    ev.MedicineTileTurned: _medicine_tile_turned,
    ev.FlowChanged: _flow,
    **stack_reducers(GameState),
    ev.RoundVolumesCleared: _volumes_cleared,
    ev.GameEnded: _game_ended,
}
assert set(_HANDLERS) == set(ev.EVENT_TYPES.values())


def reduce(state: GameState, event: ev.Event) -> GameState:
    """The state after ``event``."""
    return _HANDLERS[type(event)](state, event)


__all__ = ["BoardState", "GameState", "PlayerState", "reduce"]
