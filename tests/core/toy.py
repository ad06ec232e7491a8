"""Secret Nim: a third game declared on the engine core with no change to the core, for its tests.

The rules. A pile of ``stones`` (15); a deck of the pack's cards (three each of 1 to 4 by default),
shuffled with the seeded generator in the state; each player is dealt ``hand`` (2) cards, hidden from the
others. On your turn you play a card from your hand whose value is at most the stones left (``play N``):
that many stones leave the pile, and you draw the top card of the deck (hidden from the others) while
the deck lasts. A player who cannot play passes (``pass``, taken without asking: it is their only
action). Whoever takes the last stone wins; when every player passes in a row, nobody can ever play
again and the player holding the fewest cards wins (ties: every such player).

What it declares: its records (config, state, the pending decision, events, actions), a pure reducer, a
rule table (``RULES``), a data pack with an identity, a view filter (other hands and the deck are
``0``; a draw is private to the drawer) whose player view can ``sample`` a full game, its scores and
invariants (cards conserved, stones never negative). All of it is :data:`SECRET_NIM` and :class:`NimGame`.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections import Counter
from collections.abc import Mapping
from typing import Any, ClassVar, Never

import attrs

from rules_core.actions import Action, ActionKind, Notation
from rules_core.codec import make_converter
from rules_core.decisions import DecisionKind
from rules_core.definition import GameDefinition
from rules_core.engine import Context, Ruleset
from rules_core.errors import OptionsError
from rules_core.interop.declaration import Interop, Parameter
from rules_core.interop.observation import Piece, counts, index_of, one_hot
from rules_core.records import evolve
from rules_core.rng import seed_state, shuffled
from rules_core.session import Session
from rules_core.tx import Transaction
from rules_core.views import SessionView, ViewLog, check_viewer

HIDDEN = 0

# -- records ---------------------------------------------------------------------------------------------


@attrs.frozen
class NimConfig:
    players: int = 2
    seed: int = 0
    stones: int = 15
    hand: int = 2

    def __attrs_post_init__(self) -> None:
        if not 2 <= self.players <= 4:
            raise OptionsError(f"players must be 2 to 4, got {self.players}")
        if self.stones < 1 or self.hand < 1:
            raise OptionsError("stones and hand must be at least 1")


@attrs.frozen
class PackIdentity:
    name: str | None
    digest: str


@attrs.frozen
class NimPack:
    """The data pack: the cards of the deck."""

    cards: tuple[int, ...]
    name: str | None = "secret-nim"

    @property
    def identity(self) -> PackIdentity:
        text = json.dumps(sorted(self.cards)).encode()
        return PackIdentity(self.name, hashlib.sha256(text).hexdigest())


DEFAULT_PACK = NimPack(cards=(1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4))


@attrs.frozen
class Turn:
    """The pending decision: ``player`` plays a card or passes."""

    tag: ClassVar[str] = "turn"
    player: int


@attrs.frozen
class NimState:
    phase: str  # "play" or "over"
    stones: int
    hands: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]
    played: tuple[int, ...]
    next_player: int
    passes: int
    top: Turn | None
    rng: int


@attrs.frozen
class Dealt:
    hands: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]
    rng: int


@attrs.frozen
class CardPlayed:
    player: int
    card: int


@attrs.frozen
class CardDrawn:
    player: int
    card: int


@attrs.frozen
class Passed:
    player: int


@attrs.frozen
class TurnBegan:
    player: int


@attrs.frozen
class GameEnded:
    pass


Event = Dealt | CardPlayed | CardDrawn | Passed | TurnBegan | GameEnded


def _card_values(config: NimConfig, pack: NimPack) -> list[str]:
    return [str(card) for card in sorted(set(pack.cards))]


PLAY = ActionKind("play", _card_values, doc="play a card of that value")
PASS_KIND = ActionKind("pass", doc="pass: no card can be played")
NOTATION = Notation((PLAY, PASS_KIND))
Move = Action  # ``play N`` or ``pass``; ``str()`` is the notation


PASS = Move("pass")

# -- the reducer and the rules ----------------------------------------------------------------------------


def reduce(state: NimState, event: Any) -> NimState:
    if isinstance(event, Dealt):
        return evolve(state, hands=event.hands, deck=event.deck, rng=event.rng)
    if isinstance(event, CardPlayed):
        hand = list(state.hands[event.player])
        hand.remove(event.card)
        hands = _replace(state.hands, event.player, tuple(hand))
        played = (*state.played, event.card)
        return evolve(state, hands=hands, stones=state.stones - event.card, played=played, passes=0, top=None)
    if isinstance(event, CardDrawn):
        hands = _replace(state.hands, event.player, (*state.hands[event.player], event.card))
        return evolve(state, hands=hands, deck=state.deck[1:])
    if isinstance(event, Passed):
        return evolve(state, passes=state.passes + 1, top=None)
    if isinstance(event, TurnBegan):
        return evolve(state, top=Turn(event.player), next_player=(event.player + 1) % len(state.hands))
    if isinstance(event, GameEnded):
        return evolve(state, phase="over", top=None)
    raise TypeError(f"unknown event {event!r}")


def _replace(hands: tuple[tuple[int, ...], ...], seat: int, hand: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    return tuple(hand if i == seat else h for i, h in enumerate(hands))


NimContext = Context[NimConfig, NimPack]


class NimTx(Transaction[NimState, NimContext, Never]):  # Nim's state has no player records: no tx.player()
    __slots__ = ()
    reducer = staticmethod(reduce)


def turn_legal(state: NimState, ctx: NimContext, turn: Turn) -> list[Move]:
    playable = sorted({c for c in state.hands[turn.player] if c <= state.stones})
    return [Move("play", str(c)) for c in playable] or [PASS]


def turn_apply(tx: NimTx, turn: Turn, move: Move) -> None:
    if move == PASS:
        tx.emit(Passed(turn.player))
        return
    tx.emit(CardPlayed(turn.player, int(move.arg)))
    if tx.state.deck:
        tx.emit(CardDrawn(turn.player, tx.state.deck[0]))


def flow(tx: NimTx) -> None:
    state = tx.state
    if state.stones == 0 or state.passes >= len(state.hands):
        tx.emit(GameEnded())
    else:
        tx.emit(TurnBegan(state.next_player))


def turn_prompt(state: NimState, turn: Turn) -> str:
    return f"player {turn.player}: play a card of at most {state.stones}, or pass"


TURN = DecisionKind(Turn, turn_prompt, turn_legal, turn_apply, offers=((PLAY, PASS_KIND),))
RULES = Ruleset(name="secret-nim-1", notation=NOTATION, decisions=(TURN,), flow=flow, transaction=NimTx, forced=PASS)


def setup(config: NimConfig, pack: NimPack) -> tuple[NimState, list[Any]]:
    if config.players * config.hand > len(pack.cards):
        raise OptionsError(f"{config.players} hands of {config.hand} need more than {len(pack.cards)} cards")
    rng, deck = shuffled(seed_state(config.seed), pack.cards)
    hands = tuple(deck[i * config.hand : (i + 1) * config.hand] for i in range(config.players))
    empty = NimState("play", config.stones, ((),) * config.players, (), (), 0, 0, None, 0)
    return empty, [Dealt(hands, deck[config.players * config.hand :], rng)]


def scores(state: NimState) -> tuple[int, ...]:
    """1 for each winner once the game is over: the last stone's taker, or the fewest cards after all pass."""
    if state.phase != "over":
        return (0,) * len(state.hands)
    if state.stones == 0:
        taker = (state.next_player - 1) % len(state.hands)
        return tuple(int(seat == taker) for seat in range(len(state.hands)))
    fewest = min(len(h) for h in state.hands)
    return tuple(int(len(h) == fewest) for h in state.hands)


def invariants(game: Session) -> list[str]:
    state: NimState = game.state
    problems = []
    held = Counter(c for zone in (*state.hands, state.deck, state.played) for c in zone)
    if held != Counter(game.catalog.cards):
        problems.append(f"cards not conserved: {sorted(held.elements())} != {sorted(game.catalog.cards)}")
    if state.stones != game.config.stones - sum(state.played) or state.stones < 0:
        problems.append(f"stones {state.stones} after {state.played} from {game.config.stones}")
    if not game.is_over and not game.legal_actions():
        problems.append("a game not over with no legal action")
    return problems


# -- views -----------------------------------------------------------------------------------------------


def redact_event(event: Any, viewer: int | None) -> Any:
    if isinstance(event, Dealt):
        hands = tuple(h if i == viewer else (HIDDEN,) * len(h) for i, h in enumerate(event.hands))
        return Dealt(hands, (HIDDEN,) * len(event.deck), 0)
    if isinstance(event, CardDrawn) and event.player != viewer:
        return CardDrawn(event.player, HIDDEN)
    return event


def redact_state(state: NimState, viewer: int | None) -> NimState:
    hands = tuple(h if i == viewer else (HIDDEN,) * len(h) for i, h in enumerate(state.hands))
    return evolve(state, hands=hands, deck=(HIDDEN,) * len(state.deck), rng=0)


class NimView(SessionView["NimGame"]):
    """What ``player`` (None: a spectator) may see: the pile, the cards played, their own hand, the sizes
    of the other hands and of the deck, the log as they saw it (the rest is the core's view)."""

    __slots__ = ()
    state: NimState

    def __init__(self, game: NimGame, player: int | None, log: ViewLog) -> None:
        check_viewer(player, game.config.players)
        super().__init__(game, player, log, redact_state(game.state, player))

    def deal_hidden(self, rng: random.Random) -> NimState:
        return deal_hidden(self.state, self.player, self._game.catalog, rng)


def deal_hidden(seen: NimState, viewer: int | None, pack: NimPack, rng: random.Random) -> NimState:
    """``seen`` (a view's state) with the cards ``viewer`` does not see dealt at random to the hidden hands
    and the deck, and a fresh generator."""
    unseen = Counter(pack.cards)
    unseen.subtract(seen.played)
    if viewer is not None:
        unseen.subtract(seen.hands[viewer])
    cards = list(unseen.elements())
    rng.shuffle(cards)
    hands = []
    for seat, hand in enumerate(seen.hands):
        if seat == viewer:
            hands.append(hand)
        else:
            hands.append(tuple(cards[: len(hand)]))
            del cards[: len(hand)]
    return evolve(seen, hands=tuple(hands), deck=tuple(cards), rng=rng.getrandbits(64))


def view(game: NimGame, player: int | None, log: ViewLog) -> NimView:
    return NimView(game, player, log)


def view_log(tail: Any, length: int, rules: Ruleset) -> ViewLog:
    return ViewLog(tail, length, redact_event, rules.redact_action)  # no action kind is private: plays are public


# -- the declaration ---------------------------------------------------------------------------------------

converter = make_converter()  # saves hold the config, the state and the pack identity, never events


def context(config: NimConfig, pack: NimPack) -> NimContext:
    return NimContext(config, pack, RULES)


SECRET_NIM = GameDefinition(
    name="secret-nim",
    context=context,
    setup=setup,
    default_catalog=lambda: DEFAULT_PACK,
    converter=converter,
    config_type=NimConfig,
    state_type=NimState,
    identity_type=PackIdentity,
    save_format=1,
    readable_formats=(1,),
    view_log=view_log,
    view=view,
    scores=scores,
    invariants=invariants,
)


class NimGame(Session):
    """A game of Secret Nim: everything it does is the core's."""

    __slots__ = ()
    definition = SECRET_NIM


def new_nim(players: int = 2, seed: int = 0, **fields: Any) -> NimGame:
    return NimGame.new(NimConfig(players=players, seed=seed, **fields))


# -- the frameworks of AI research: declarations only (rules_core.interop does the rest) ---------------------


def _relative(view: NimView) -> list[int]:
    """The seats from the viewer's on (a spectator's: from seat 0)."""
    seats = len(view.state.hands)
    first = view.player or 0
    return [(first + k) % seats for k in range(seats)]


def observation(config: NimConfig, pack: NimPack) -> list[Piece]:
    """Secret Nim's observation: the pile, the viewer's hand and the cards played by value, every hand's
    size and the seat to move from the viewer's seat on, the deck's size."""
    values = index_of(sorted(set(pack.cards)))
    seats = config.players
    return [
        Piece("stones", (1,), "stones left in the pile", lambda view: [float(view.state.stones)]),
        Piece(
            "hand",
            (len(values),),
            "the viewer's cards by value (a spectator's: none)",
            lambda view: counts(values[c] for c in view.state.hands[view.player]) if view.player is not None else {},
        ),
        Piece(
            "played", (len(values),), "cards played by value", lambda view: counts(values[c] for c in view.state.played)
        ),
        Piece(
            "hand sizes",
            (seats,),
            "cards in each hand, the viewer's first",
            lambda view: [float(len(view.state.hands[seat])) for seat in _relative(view)],
        ),
        Piece(
            "to move",
            (seats,),
            "one-hot: the seat to move, counted from the viewer's",
            lambda view: one_hot(None if view.to_move is None else _relative(view).index(view.to_move), seats),
        ),
        Piece("deck", (1,), "cards left in the deck", lambda view: [float(len(view.state.deck))]),
    ]


def configure(players: int, seed: int, parameters: Mapping[str, Parameter]) -> NimConfig:
    return NimConfig(players=players, seed=seed, stones=int(parameters["stones"]), hand=int(parameters["hand"]))


NIM_INTEROP = Interop(
    session=NimGame,
    players=(2, 4),
    parameters={"stones": 15, "hand": 2},
    configure=configure,
    observation=observation,
    max_decisions=lambda config, pack: config.stones,  # each decision plays a card (a pass is never asked)
)


__all__ = ["NIM_INTEROP", "SECRET_NIM", "NimGame", "NimView", "new_nim"]
