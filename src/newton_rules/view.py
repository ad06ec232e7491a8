"""Player views: the one function that filters state, events and log for one player.

Everything a player may not know is replaced, never dropped: another player's hand becomes as many
``"?"`` as it has cards, so the view shows sizes but not contents. The same filter serves the state,
the events and the action log, so no side door (undo, the log, the initial deal) leaks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from newton_rules.core.records import evolve
from newton_rules.decisions import Decision
from newton_rules.errors import NewtonError
from newton_rules.model import events as ev
from newton_rules.model.actions import Action
from newton_rules.model.state import BoardState, GameState, PlayerState

if TYPE_CHECKING:
    from newton_rules.game import Game

HIDDEN = "?"
PRIVATE_ACTIONS = ("keep", "tuck")  # choices others learn only through later public events


def _hide(items: tuple[str, ...]) -> tuple[str, ...]:
    return (HIDDEN,) * len(items)


def redact_player(p: PlayerState) -> PlayerState:
    return evolve(
        p,
        hand=_hide(p.hand),
        masters=_hide(p.masters),
        draft=_hide(p.draft),
        tuck_choice=None if p.tuck_choice is None else HIDDEN,
    )


def redact_board(board: BoardState) -> BoardState:
    return evolve(board, decks=tuple(_hide(d) for d in board.decks))


def redact_state(state: GameState, player: int) -> GameState:
    players = tuple(p if p.seat == player else redact_player(p) for p in state.players)
    return evolve(state, players=players, board=redact_board(state.board), rng=0)


def redact_event(event: ev.Event, player: int) -> ev.Event | ev.HiddenEvent:
    who = ev.audience(event)
    if who is None or who == player:
        return event
    return ev.HiddenEvent(player=who, what=type(event).__name__)


@attrs.frozen
class PlayerView:
    """What ``player`` knows: the redacted state, the events and actions they may see, the decision."""

    player: int
    state: GameState
    events: tuple[ev.Event | ev.HiddenEvent, ...]
    actions: tuple[tuple[int | None, Action], ...]  # (who acted, action), others' private choices hidden
    decision: Decision | None
    legal_actions: tuple[Action, ...]  # empty unless it is this player's decision


def player_view(game: Game, player: int) -> PlayerView:
    """The view of ``game`` for ``player`` (see :meth:`newton_rules.Game.view`)."""
    if not 0 <= player < game.config.players:
        raise NewtonError(f"no player {player} in a {game.config.players}-player game")
    events: list[ev.Event | ev.HiddenEvent] = []
    actions: list[tuple[int | None, Action]] = []
    for actor, action, produced in game.iter_log():
        if action is not None:
            if actor != player and action.kind in PRIVATE_ACTIONS:
                action = Action(action.kind, HIDDEN)
            actions.append((actor, action))
        events += [redact_event(e, player) for e in produced]
    decision = game.decision
    mine = decision is not None and decision.player == player
    return PlayerView(
        player=player,
        state=redact_state(game.state, player),
        events=tuple(events),
        actions=tuple(actions),
        decision=decision,
        legal_actions=game.legal_actions() if mine else (),
    )
