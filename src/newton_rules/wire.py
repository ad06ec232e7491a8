"""The wire form of the engine's records: plain JSON with every field written, defaults included.

Saves (``Game.to_json``) omit every field at its default to stay short; a client in another language
cannot know those defaults, so the wire form writes them all. Records of a tagged union (decision
frames, events, effects) carry their tag in ``"type"``, as in saves and data files; tuples are arrays,
``None`` is ``null``.

``view_data(view)`` is the JSON object of a view (``View.to_json()`` is its text): the protocol
version, the viewer, the redacted state, the decision in detail and the legal actions. The words
for people (action descriptions, event sentences) are added one layer up, by
:mod:`newton_rules.protocol`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from newton_rules.decisions import Decision
from newton_rules.effects.primitives import Effect, PerformAction, PerformTakenCard
from newton_rules.model import events as ev
from newton_rules.model import frames as fr
from newton_rules.model.actions import Action
from newton_rules.model.state import GameState
from rules_core.wire import WireForm

PROTOCOL_VERSION = 1  # of the view, decision, action and event forms; raised on any incompatible change

JSON = Any  # what json.dumps takes: None, bool, int, str, list and dict of those

_TAGS: dict[type[Any], str] = {
    **{cls: tag for tag, cls in ev.EVENT_TYPES.items()},
    ev.HiddenEvent: "hidden",
}


def tag_of(cls: type[Any]) -> str | None:
    """The ``"type"`` tag of a member of a tagged union (a frame, an event, an effect), else None."""
    if issubclass(cls, fr.Frame | Effect):
        return cls.tag  # frames and primitives declare their own: any module may declare one
    return _TAGS.get(cls)


def performs_taken_card(record: PerformAction | fr.LessonsFrame) -> bool:
    """Whether a Lessons action (the effect, or its frame) performs the card taken next (Descartes, M4)."""
    return any(isinstance(modifier, PerformTakenCard) for modifier in record.modifiers)


# Fields the wire form keeps for clients of an earlier form of the same protocol version, derived from the
# record: the version is raised only when a field goes, so a field the records lost stays on the wire.
COMPATIBLE_FIELDS: dict[type[Any], tuple[tuple[str, Callable[[Any], JSON]], ...]] = {
    PerformAction: (("then_perform_taken", performs_taken_card),),
    fr.LessonsFrame: (("then_perform_taken", performs_taken_card),),
}


NEWTON_WIRE = WireForm(tag_of, COMPATIBLE_FIELDS)


def plain(value: Any) -> JSON:
    """``value`` (records, tuples, scalars) as JSON data, every field of every record written, Newton's tags
    and compatible fields included (:class:`rules_core.wire.WireForm`)."""
    return NEWTON_WIRE.plain(value)


# -- the decision in detail -----------------------------------------------------------------------------

# Which Basic Action each action frame performs.
_FRAME_ACTIONS: dict[type[Any], str] = {
    fr.WorkFrame: "work",
    fr.TechnologyFrame: "technology",
    fr.TravelFrame: "travel",
    fr.LessonsFrame: "lessons",
    fr.StudyFrame: "study",
}


def _value_and_left(frame: fr.Frame) -> tuple[int | None, int | None]:
    """The value of the action being performed and how much of it is left to spend."""
    match frame:
        case fr.WorkFrame():
            return frame.value, frame.value - frame.moved
        case fr.TechnologyFrame() | fr.TravelFrame() | fr.LessonsFrame() | fr.StudyFrame():
            return frame.value, frame.remaining
        case fr.ChooseActionFrame():
            return frame.value, None
    return None, None


def _piece(state: GameState, frame: fr.Frame) -> dict[str, JSON] | None:
    """The piece a ``step`` moves now: its kind, its index (Students) and the space it stands on."""
    match frame:
        case fr.WorkFrame():
            return {"kind": "work_marker", "index": None, "at": state.players[frame.player].work}
        case fr.TechnologyFrame(student=int()):
            assert frame.student is not None
            return {
                "kind": "student",
                "index": frame.student,
                "at": state.players[frame.player].students[frame.student],
            }
        case fr.TravelFrame():
            return {"kind": "scientist", "index": None, "at": state.players[frame.player].scientist}
    return None


def _card(frame: fr.Frame) -> str | None:
    """The Action card the decision is about: the card played, taken (Descartes), copying or discarding."""
    match frame:
        case fr.TurnFrame() | fr.ChooseActionFrame() | fr.CopyFrame() | fr.DiscardFrame():
            return frame.card
    return None


def decision_data(state: GameState, decision: Decision | None) -> JSON:
    """The pending decision in detail, or None when the game is over.

    ``player``, ``kind`` and ``prompt`` are the :class:`~newton_rules.decisions.Decision`; ``action`` the
    Basic Action being performed, ``value`` its value and ``left`` what is left of it; ``piece`` the piece
    a ``step`` moves; ``card`` the Action card concerned; ``frame`` the whole top frame and ``stack`` the
    kinds of every pending frame, bottom first (the last is this decision)."""
    if decision is None or state.top is None:
        return None
    frame = state.top
    value, left = _value_and_left(frame)
    return {
        "player": decision.player,
        "kind": decision.kind,
        "prompt": decision.prompt,
        "action": _FRAME_ACTIONS.get(type(frame)),
        "value": value,
        "left": left,
        "piece": _piece(state, frame),
        "card": _card(frame),
        "frame": plain(frame),
        "stack": [f.tag for f in state.stack],
    }


class ViewFields(Protocol):
    """What :func:`view_data` reads of a view (a :class:`~newton_rules.game.View`)."""

    @property
    def player(self) -> int | None: ...

    @property
    def state(self) -> GameState: ...

    @property
    def decision(self) -> Decision | None: ...

    @property
    def legal_actions(self) -> Sequence[Action]: ...


def view_data(view: ViewFields) -> dict[str, JSON]:
    """The JSON object of ``view``: version, viewer, redacted state, decision, legal actions."""
    return {
        "version": PROTOCOL_VERSION,
        "player": view.player,
        "state": plain(view.state),
        "decision": decision_data(view.state, view.decision),
        "legal_actions": [action_data(action) for action in view.legal_actions],
    }


def action_data(action: Action) -> dict[str, JSON]:
    """An action as ``{"text": "step venezia", "kind": "step", "arg": "venezia"}`` (``arg`` null if none)."""
    return {"text": str(action), "kind": action.kind, "arg": action.arg or None}
