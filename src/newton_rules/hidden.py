"""Hidden information: the one filter of what a viewer may see, what a view leaves open, and a full position
dealt consistently with it (used by views and search bots).

Everything a viewer may not know is replaced, never dropped: ``HIDDEN`` is the placeholder a view shows
for each hidden item, so another player's hand becomes as many ``"?"`` as it has cards and the view shows
sizes but not contents. The same filter serves the state (:func:`redact_state`), the events
(:func:`redact_event`) and the action log (:func:`redact_action`), so no side door (undo, the log, the
initial deal) leaks. A spectator (viewer ``None``) is treated as a player who holds nothing: every private
thing is hidden. :class:`ViewLog` is the log as each viewer sees it: the core's
(:class:`rules_core.views.ViewLog`) through this filter.

:func:`unseen` works out from a player's view (its state, the public events it saw) and the catalog what
is hidden and where it can be; :func:`sample_hidden` deals it again at random. ``view.sample(rng)`` and
:mod:`newton_rules.sampling` build playable games on them.

What is inferred: another player's hidden hand holds that player's own Starting cards not shown
elsewhere and the cards public events showed entering it; decks hold the unseen cards of their level;
other players' Masters are Masters the viewer has not seen. What is not: which Masters another player
holds beyond "not seen", the Masters passed on in a draft, the order of cards put back under a deck.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import attrs

from newton_rules.components.catalog import Catalog, starting_card_for
from newton_rules.model import events as ev
from newton_rules.model.actions import NOTATION, Action
from newton_rules.model.state import BoardState, GameState, PlayerState
from newton_rules.rules.table import RULES
from rules_core import views
from rules_core.engine import Ruleset
from rules_core.records import evolve

HIDDEN = "?"
# Choices others learn only through later public events: the action kinds declared private.
PRIVATE_ACTIONS = tuple(kind.name for kind in NOTATION.kinds if kind.private)

Viewer = int | None  # a seat, or None for a spectator
SeenEvent = ev.Event | ev.HiddenEvent
SeenAction = tuple[int | None, Action]  # (who acted, the action as the viewer may see it)
SeenEntry = tuple[int | None, Action, tuple[SeenEvent, ...]]  # one action as the viewer sees it, its events


# -- the filter -----------------------------------------------------------------------------------------


def _hide(items: tuple[str, ...]) -> tuple[str, ...]:
    return (HIDDEN,) * len(items)


REDACTED_KEPT = 2048  # records whose redaction is kept (per kind); the memo starts again when full
_redacted_players: dict[int, tuple[PlayerState, PlayerState]] = {}
_redacted_boards: dict[int, tuple[BoardState, BoardState]] = {}


def redact_player(p: PlayerState) -> PlayerState:
    """``p`` as the other players see it. The same record gives the same redacted record (kept while
    ``p`` is), so successive views share what did not change and a client can tell so by identity."""
    kept = _redacted_players.get(id(p))
    if kept is not None and kept[0] is p:
        return kept[1]
    if len(_redacted_players) >= REDACTED_KEPT:
        _redacted_players.clear()
    seen = evolve(
        p,
        hand=_hide(p.hand),
        masters=_hide(p.masters),
        draft=_hide(p.draft),
        tuck_choice=None if p.tuck_choice is None else HIDDEN,
    )
    _redacted_players[id(p)] = (p, seen)
    return seen


def redact_board(board: BoardState) -> BoardState:
    """The board with the decks' order hidden; like :func:`redact_player`, the same record for the same board."""
    kept = _redacted_boards.get(id(board))
    if kept is not None and kept[0] is board:
        return kept[1]
    if len(_redacted_boards) >= REDACTED_KEPT:
        _redacted_boards.clear()
    seen = evolve(board, decks=tuple(_hide(d) for d in board.decks))
    _redacted_boards[id(board)] = (board, seen)
    return seen


def redact_state(state: GameState, viewer: Viewer) -> GameState:
    """``state`` as ``viewer`` sees it: every other player redacted (all of them for a spectator)."""
    players = tuple(p if p.seat == viewer else redact_player(p) for p in state.players)
    return evolve(state, players=players, board=redact_board(state.board), rng=0)


def redact_event(event: ev.Event, viewer: Viewer) -> SeenEvent:
    """``event`` as ``viewer`` sees it: another player's private event as a :class:`HiddenEvent` naming them."""
    who = ev.audience(event)
    if who is None or who == viewer:
        return event
    return ev.HiddenEvent(player=who, what=type(event).__name__)


def redact_action(actor: int | None, action: Action, viewer: Viewer) -> Action:
    """``action`` as ``viewer`` sees it under the reference rules: another player's choice of a private kind
    (``keep``, ``tuck``) as :data:`HIDDEN` (:meth:`rules_core.engine.Ruleset.redact_action`)."""
    seen: Action = RULES.redact_action(actor, action, viewer)
    return seen


# -- what a view leaves open ----------------------------------------------------------------------------


@attrs.frozen
class Unseen:
    """What a view leaves open, worked out once per decision and dealt again for every determinization.

    ``pinned``: per other seat, the cards its hidden hand must hold (its own unseen Starting cards).
    ``levels``: per deck level, the unseen cards of that level (in the deck or in another hand).
    ``masters``: the Masters the viewer has not seen (held or drafted by others, or out of the game).
    """

    pinned: dict[int, tuple[str, ...]]
    levels: tuple[tuple[str, ...], ...]
    masters: tuple[str, ...]


def _known_cards(view: GameState) -> set[str]:
    """Every card the view shows where it is: lines, desks, tucked and removed cards, the viewer's hand."""
    known = {c for line in view.board.lines for c in line} | set(view.board.removed_cards)
    for p in view.players:
        known.update(c for c in (*p.hand, *p.desk, *p.tucked) if c != HIDDEN)
    return known


def _seen_entering_hands(events: Sequence[object], seat: int) -> dict[int, list[str]]:
    """Per other seat, the cards public events showed going into its hand and not out again since.

    Every card enters a hand by a public move (taken from a line, back from the desk at End Round), so
    a player who remembers the log knows them; only the Starting cards dealt at setup have no event.
    """
    hands: dict[int, list[str]] = {}
    for event in events:
        if isinstance(event, ev.CardMoved) and event.player is not None and event.player != seat:
            hand = hands.setdefault(event.player, [])
            if event.dst == "hand":
                hand.append(event.card)
            elif event.src == "hand" and event.card in hand:
                hand.remove(event.card)
    return hands


def _pinned_hand(catalog: Catalog, p: PlayerState, known: set[str], remembered: Sequence[str]) -> tuple[str, ...]:
    """The cards a hidden hand must hold: its owner's Starting cards not shown anywhere else, and the
    cards the log showed entering it (``remembered``) and not shown anywhere else.

    A Starting card only moves between its owner's hand, desk and tuck pile and (discarded) the removed
    cards, all of them public but the hand.
    """
    own = [starting_card_for(t, p.colour).id for t in catalog.starting_cards]
    return tuple(dict.fromkeys(c for c in (*own, *remembered) if c not in known))[: len(p.hand)]


def _with_advanced_lessons(view: GameState, catalog: Catalog) -> bool:
    """Whether the Advanced Lessons cards are in play (X1): the view holds more level cards than the base
    deck. Every card is in some zone of a view (a hidden one as a placeholder), the Starting cards too."""
    board = view.board
    slots = sum(len(zone) for zone in (*board.decks, *board.lines, board.removed_cards))
    slots += sum(len(p.hand) + len(p.desk) + len(p.tucked) for p in view.players)
    return slots - len(catalog.starting_cards) * len(view.players) > len(catalog.action_cards)


def unseen(view: GameState, seat: int, catalog: Catalog, events: Sequence[object] = ()) -> Unseen:
    """The hidden cards and Masters of ``view`` (the state as ``seat`` sees it), from the view, the
    public ``events`` the player has seen (:attr:`PlayerView.events`) and the catalog only."""
    known = _known_cards(view)
    remembered = _seen_entering_hands(events, seat)
    pinned = {
        p.seat: _pinned_hand(catalog, p, known, remembered.get(p.seat, ())) for p in view.players if p.seat != seat
    }
    known.update(c for cards in pinned.values() for c in cards)
    deck_cards = catalog.deck_cards(_with_advanced_lessons(view, catalog))
    levels = tuple(
        tuple(c.id for c in deck_cards if c.level == level and c.id not in known)
        for level in range(1, len(view.board.decks) + 1)
    )
    me = view.players[seat]
    seen = {*me.masters, *me.draft}
    seen.update(m for p in view.players for m in p.masters_played)
    masters = tuple(m.id for m in catalog.masters if m.id not in seen)
    return Unseen(pinned=pinned, levels=levels, masters=masters)


def _deal_cards(
    view: GameState, hidden: Unseen, rng: random.Random
) -> tuple[dict[int, tuple[str, ...]], tuple[tuple[str, ...], ...]]:
    """(hidden hands by seat, decks): every deck from the unseen cards of its level in a random order,
    the cards left over (exactly the other hands' non-Starting cards) dealt among the other hands.

    A position that does not match the catalog (a hand-built one) borrows cards across levels rather
    than fail.
    """
    pools = [rng.sample(level, len(level)) for level in hidden.levels]
    spare = [c for pool, deck in zip(pools, view.board.decks, strict=True) for c in pool[len(deck) :]]
    rng.shuffle(spare)
    decks: list[tuple[str, ...]] = []
    for pool, deck in zip(pools, view.board.decks, strict=True):
        drawn = pool[: len(deck)]
        drawn += [spare.pop() for _ in range(len(deck) - len(drawn)) if spare]
        decks.append(tuple(drawn))
    hands: dict[int, tuple[str, ...]] = {}
    for other, pinned in hidden.pinned.items():
        size = len(view.players[other].hand)
        hands[other] = pinned + tuple(spare.pop() for _ in range(size - len(pinned)) if spare)
    return hands, tuple(decks)


def sample_hidden(view: GameState, seat: int, hidden: Unseen, rng: random.Random) -> GameState:
    """A full position consistent with ``view``: every ``"?"`` filled from ``hidden`` at random.

    The other hands get their pinned Starting cards and unseen cards, the decks the unseen cards of their
    level, the other players' held and drafted Masters unseen Masters, a hidden tuck choice a card of
    that player's desk. The game's generator state becomes a fresh random number (a view holds 0).
    """
    hands, decks = _deal_cards(view, hidden, rng)
    masters = rng.sample(hidden.masters, len(hidden.masters))
    players = list(view.players)
    for p in view.players:
        if p.seat == seat:
            continue
        held = tuple(masters.pop() for _ in p.masters if masters)
        draft = tuple(masters.pop() for _ in p.draft if masters)
        tuck = rng.choice(p.desk) if p.tuck_choice == HIDDEN and p.desk else p.tuck_choice
        players[p.seat] = evolve(p, hand=hands[p.seat], masters=held, draft=draft, tuck_choice=tuck)
    board = evolve(view.board, decks=decks)
    return evolve(view, players=tuple(players), board=board, rng=rng.getrandbits(64))


# -- the log as each viewer sees it ---------------------------------------------------------------------


class ViewLog(views.ViewLog):
    """Newton's log as each viewer sees it, shared by every view of one game: the core's
    :class:`rules_core.views.ViewLog` through :func:`redact_event` and the rule table's
    :meth:`~rules_core.engine.Ruleset.redact_action` (the game's: a variant's private kinds too), and what
    each seat's view leaves open (:meth:`unseen`), worked out once for all the samples of its views."""

    __slots__ = ("_unseen",)

    def __init__(self, tail: Callable[[int], Sequence[views.LogEntry]], length: int, rules: Ruleset = RULES) -> None:
        super().__init__(tail, length, redact_event, rules.redact_action)
        self._unseen: dict[int, Unseen] = {}

    def unseen(self, seat: int, state: GameState, catalog: Catalog) -> Unseen:
        """What ``seat``'s view of this game (its redacted ``state``) leaves open (:func:`unseen`)."""
        found = self._unseen.get(seat)
        if found is None:
            found = self._unseen[seat] = unseen(state, seat, catalog, self.events(seat))
        return found
