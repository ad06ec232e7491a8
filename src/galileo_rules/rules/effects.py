"""What each icon does (``do_effect``), and the small decisions some of them open.

Rewards are taken one by one, left to right (GW4): an ``EffectsFrame`` settles itself one effect at a time;
an effect that needs a choice pushes its frame above it, which is resolved first (GF3). Every effect is
compulsory where possible (an impossible one is lost) except Inquisitor's Farewell (GI3) and replacing
one of 4 dice (GD2).
"""

from __future__ import annotations

from galileo_rules.components.records import COLOURS, Effect
from galileo_rules.model import events as ev
from galileo_rules.model.actions import Action
from galileo_rules.model.frames import (
    DieFrame,
    EffectsFrame,
    FarewellFrame,
    JumpFrame,
    LectureFrame,
    PersuadeFrame,
    RaiseFrame,
    RecolourFrame,
    SwapFrame,
    UpgradeFrame,
    WriteFrame,
)
from galileo_rules.model.sky import BENCH
from galileo_rules.model.state import DisplaySlot, GameState, PlayerState
from galileo_rules.model.tx import Context, Tx
from galileo_rules.rules import queries as q
from rules_core import rng
from rules_core.stack import take_next

# --- scores and cards ----------------------------------------------------------------------------


def score(tx: Tx, seat: int, amount: int, source: str) -> None:
    """Gain (or lose) VP; with the score_floor option "zero" a score never goes below 0 (GE6)."""
    if tx.ctx.config.options.score_floor == "zero":
        amount = max(amount, -tx.player(seat).vp)
    tx.score(seat, amount, source)


def check_end_trigger(tx: Tx) -> None:
    """GF4-GF5: the last card leaving the deck ends the game after this round and one more."""
    state = tx.state
    if not state.deck and state.last_round is None and state.phase == "play":
        tx.emit(ev.EndTriggered(last_round=state.round + 1))


def random_box_card(tx: Tx, tier: int) -> str | None:
    """A random card of ``tier`` from the box (the generator advances in the state), or None."""
    choices = [c for c in tx.state.box if tx.ctx.catalog.card(c).tier == tier]
    if not choices:
        return None
    state, k = rng.below(tx.state.rng, len(choices))
    tx.emit(ev.RngAdvanced(rng=state))
    return choices[k]


def refill_display(tx: Tx, slot: int) -> None:
    """Fill a blank display space: the deck's top card; with an empty deck a random Tier III card from the
    box (GF6: from the trigger on, or with the option only in the final round); else it stays blank."""
    state = tx.state
    if state.deck:
        tx.emit(ev.DisplayFilled(slot=slot, content=DisplaySlot(state.deck[0])))
        check_end_trigger(tx)
        return
    if box_refill_allowed(state, tx.ctx):
        card = random_box_card(tx, 3)
        if card is not None:
            tx.emit(ev.DisplayFilled(slot=slot, content=DisplaySlot(card), from_box=True))


def box_refill_allowed(state: GameState, ctx: Context) -> bool:
    if state.last_round is None:
        return False
    return ctx.config.options.box_refill == "from_trigger" or state.round >= state.last_round


def draw_face_down(tx: Tx, seat: int) -> None:
    """ "Gain a card" (GO8): the deck's top card face down into the Library; with an empty deck it is lost
    (GF7), or with the option a random Tier III card from the box."""
    state = tx.state
    if state.deck:
        card = state.deck[0]
        tx.emit(ev.CardTaken(player=seat, card=card, slot=-1, face_up=False, tier=tx.ctx.catalog.card(card).tier))
        check_end_trigger(tx)
    elif tx.ctx.config.options.empty_deck_card == "box":
        box_card = random_box_card(tx, 3)
        if box_card is not None:
            tx.emit(ev.CardTaken(player=seat, card=box_card, slot=-2, face_up=False, tier=3))


def gain_inquisitors(tx: Tx, seat: int, n: int) -> None:
    for _ in range(n):
        tx.emit(ev.InquisitorGained(player=seat))


# --- the effects ---------------------------------------------------------------------------------


def do_effect(tx: Tx, seat: int, effect: Effect, source: str) -> None:
    """Apply one icon for ``seat``: emit its events, or push the decision it needs."""
    p = tx.player(seat)
    kind, n = effect.kind, effect.n
    if kind == "vp":
        score(tx, seat, n, source)
    elif kind == "quadrant":
        tx.quadrants(seat, n)
    elif kind == "gain_die":
        if q.gainable_colours(tx.state, tx.ctx, p.dice) or die_replacements(tx.state, tx.ctx, seat):
            tx.push(DieFrame(player=seat))
    elif kind == "raise_colour":
        dice = tuple((c, q.raised(tx.ctx, v, n) if c == effect.colour else v) for c, v in p.dice)
        if dice != p.dice:
            tx.emit(ev.DiceChanged(player=seat, dice=dice))
    elif kind == "raise_one":
        if p.dice:
            tx.push(RaiseFrame(player=seat, n=n))
    elif kind == "recolour":
        if recolourings(tx.state, tx.ctx, seat):
            tx.push(RecolourFrame(player=seat))
    elif kind == "persuade":
        if q.movable_inquisitors(p):
            tx.push(PersuadeFrame(player=seat, left=n))
    elif kind == "persuade_pair":
        if q.movable_inquisitors(p):
            tx.push(JumpFrame(player=seat, left=2, n=n))
    elif kind == "inquisitor":
        gain_inquisitors(tx, seat, n)
    elif kind == "farewell":
        if p.cellar[-1] > 0:
            tx.push(FarewellFrame(player=seat))
    elif kind == "lecture":
        if q.movable_scales(tx.ctx, tx.state, p):
            tx.push(LectureFrame(player=seat))
    elif kind in ("write", "write_full"):
        if q.movable_books(p):
            tx.push(WriteFrame(player=seat, left=n, full=kind == "write_full"))
    elif kind == "card":
        for _ in range(n):
            draw_face_down(tx, seat)
    elif kind == "comet":
        if p.comets_board > 0:
            tx.emit(ev.CometMoved(player=seat, origin="board", to="above"))
    elif kind == "upgrade":
        if upgradable_slots(tx.player(seat)):
            tx.push(UpgradeFrame(player=seat))
    elif kind == "swap":
        if swaps(tx.player(seat), n, tx.ctx):
            tx.push(SwapFrame(player=seat, mode=n))
    else:  # pragma: no cover - the catalog's records allow no other kind
        raise ValueError(f"unknown effect {kind}")


def resolve_next(tx: Tx, frame: EffectsFrame) -> None:
    """The automatic step of an EffectsFrame: take its leftmost effect."""
    head = take_next(
        tx, frame.effects, lambda rest: EffectsFrame(player=frame.player, effects=rest, source=frame.source)
    )
    if head is not None:
        do_effect(tx, frame.player, head, frame.source)


def push_reward(tx: Tx, seat: int, effects: tuple[Effect, ...], source: str) -> None:
    if effects:
        tx.push(EffectsFrame(player=seat, effects=effects, source=source))


# --- Gain a Die (GD2, GD3) -----------------------------------------------------------------------


def die_replacements(state: GameState, ctx: Context, seat: int) -> list[str]:
    """With 4 dice: ``COLOUR-DIE`` for each new colour and die it may replace."""
    dice = state.players[seat].dice
    if len(dice) < ctx.catalog.rules.dice_per_board:
        return []
    found = []
    for old in sorted(set(dice)):
        rest = q.without(dice, [old])
        for i, colour in enumerate(COLOURS):
            in_supply = state.supply[i] + (1 if old[0] == colour else 0)
            if in_supply > 0 and q.colour_count(rest, colour) < ctx.catalog.rules.dice_per_colour_on_board:
                found.append(f"{colour}-{q.die_text(old)}")
    return found


def die_legal(state: GameState, ctx: Context, frame: DieFrame) -> list[Action]:
    dice = state.players[frame.player].dice
    replacements = die_replacements(state, ctx, frame.player)
    if replacements:
        return [*(Action("die", r) for r in replacements), Action("decline")]
    return [Action("die", c) for c in q.gainable_colours(state, ctx, dice)]


def die_apply(tx: Tx, frame: DieFrame, action: Action) -> None:
    tx.pop()
    if action.kind == "decline":
        return
    colour, _, old = action.arg.partition("-")
    dice = tx.player(frame.player).dice
    if old:
        parsed = q.parse_die(old)
        assert parsed is not None
        dice = q.without(dice, [parsed])
    start = tx.ctx.catalog.rules.die_start_value
    tx.emit(ev.DiceChanged(player=frame.player, dice=(*dice, (colour, start))))  # type: ignore[arg-type]


# --- increasing and recolouring dice (GD4, GD6) ------------------------------------------------------


def raise_legal(state: GameState, ctx: Context, frame: RaiseFrame) -> list[Action]:
    return [Action("raise", q.die_text(d)) for d in set(state.players[frame.player].dice)]


def raise_apply(tx: Tx, frame: RaiseFrame, action: Action) -> None:
    tx.pop()
    die = q.parse_die(action.arg)
    assert die is not None
    dice = q.without(tx.player(frame.player).dice, [die])
    tx.emit(ev.DiceChanged(player=frame.player, dice=(*dice, (die[0], q.raised(tx.ctx, die[1], frame.n)))))


def recolourings(state: GameState, ctx: Context, seat: int) -> list[str]:
    dice = state.players[seat].dice
    found = []
    for die in sorted(set(dice)):
        for i, colour in enumerate(COLOURS):
            if colour == die[0] or state.supply[i] == 0:
                continue
            if q.colour_count(dice, colour) < ctx.catalog.rules.dice_per_colour_on_board:
                found.append(f"{q.die_text(die)}>{colour}")
    return found


def recolour_legal(state: GameState, ctx: Context, frame: RecolourFrame) -> list[Action]:
    return [Action("recolour", r) for r in recolourings(state, ctx, frame.player)]


def recolour_apply(tx: Tx, frame: RecolourFrame, action: Action) -> None:
    tx.pop()
    old_text, _, colour = action.arg.partition(">")
    die = q.parse_die(old_text)
    assert die is not None
    dice = q.without(tx.player(frame.player).dice, [die])
    tx.emit(ev.DiceChanged(player=frame.player, dice=(*dice, (colour, die[1]))))  # type: ignore[arg-type]


# --- the Inquisition (GI2, GI3, GK6, GK9) ------------------------------------------------------------


def move_inquisitor(tx: Tx, seat: int, origin: int, to: int) -> None:
    """Persuade: a token moves right space by space; Bruno gains each entered space's reward (GK9)."""
    cellar = q.cellar_of(tx.ctx, tx.player(seat))
    for space in range(origin + 1, to + 1):
        tx.emit(ev.InquisitorMoved(player=seat, origin=space - 1, to=space))
        if seat == tx.state.current and not tx.state.turn.persuaded:
            tx.flags(persuaded=True)
        push_reward(tx, seat, cellar.rewards[space], "cellar")


def persuade_legal(state: GameState, ctx: Context, frame: PersuadeFrame) -> list[Action]:
    return [Action("persuade", str(s)) for s in q.movable_inquisitors(state.players[frame.player])]


def persuade_apply(tx: Tx, frame: PersuadeFrame, action: Action) -> None:
    space = int(action.arg)
    p = tx.player(frame.player)
    cellar = list(p.cellar)
    cellar[space] -= 1
    cellar[space + 1] += 1
    if frame.left > 1 and any(n for n in cellar[:-1]):
        tx.update(PersuadeFrame(player=frame.player, left=frame.left - 1))
    else:
        tx.pop()
    move_inquisitor(tx, frame.player, space, space + 1)


def jump_legal(state: GameState, ctx: Context, frame: JumpFrame) -> list[Action]:
    """GK6: each token "moves up to two spaces": ``jump N`` moves it the page's ``n`` spaces (to the end of
    the cellar when that is nearer), ``persuade N`` one space where the jump goes further, so each move is
    offered once. The token just moved, alone on its space, may not go again (the tokens are different)."""
    p = state.players[frame.player]
    last = len(p.cellar) - 1
    spaces = [s for s in q.movable_inquisitors(p) if not (s == frame.landed and p.cellar[s] == 1)]
    shorter = [Action("persuade", str(s)) for s in spaces if min(s + frame.n, last) > s + 1]
    return [*shorter, *(Action("jump", str(s)) for s in spaces), Action("stop")]


def jump_apply(tx: Tx, frame: JumpFrame, action: Action) -> None:
    if action.kind == "stop":
        tx.pop()
        return
    space = int(action.arg)
    last = len(tx.player(frame.player).cellar) - 1
    to = space + 1 if action.kind == "persuade" else min(space + frame.n, last)
    if frame.left > 1:
        tx.update(JumpFrame(player=frame.player, left=frame.left - 1, n=frame.n, landed=to))
    else:
        tx.pop()
    move_inquisitor(tx, frame.player, space, to)


def farewell_legal(state: GameState, ctx: Context, frame: FarewellFrame) -> list[Action]:
    if state.players[frame.player].cellar[-1] > 0:
        return [Action("farewell"), Action("decline")]
    return [Action("decline")]


def farewell_apply(tx: Tx, frame: FarewellFrame, action: Action) -> None:
    tx.pop()
    if action.kind == "farewell":
        last = len(tx.player(frame.player).cellar) - 1
        tx.emit(ev.InquisitorRemoved(player=frame.player, space=last))
        push_reward(tx, frame.player, (Effect("gain_die"), Effect("quadrant")), "farewell")


# --- Lecture (GU1) ---------------------------------------------------------------------------------


def lecture_legal(state: GameState, ctx: Context, frame: LectureFrame) -> list[Action]:
    return [Action("lecture", str(k)) for k in q.movable_scales(ctx, state, state.players[frame.player])]


def lecture_apply(tx: Tx, frame: LectureFrame, action: Action) -> None:
    tx.pop()
    k = int(action.arg)
    row = tx.player(frame.player).university[k] + 1
    tx.emit(ev.UniversityMoved(player=frame.player, scale=k, row=row))
    rows = q.scale_rows(tx.ctx, tx.state, k)
    push_reward(tx, frame.player, rows[row - 1].reward, "university")  # type: ignore[attr-defined]


# --- Write (GW1-GW6) --------------------------------------------------------------------------------


def write_prompt(state: GameState, frame: WriteFrame) -> str:
    if frame.full:
        return "complete the writing of a Book: move a Book token to the end of its row"
    return f"write: move a Book token one space ({frame.left} left), or stop"


def write_legal(state: GameState, ctx: Context, frame: WriteFrame) -> list[Action]:
    books = q.movable_books(state.players[frame.player])
    if frame.full:
        return [Action("complete", str(b)) for b in books]
    return [*(Action("write", str(b)) for b in books), Action("stop")]


def write_apply(tx: Tx, frame: WriteFrame, action: Action) -> None:
    if action.kind == "stop":
        tx.pop()
        return
    book = int(action.arg)
    p = tx.player(frame.player)
    start = p.books[book]
    end = len(p.library) if action.kind == "complete" else start + 1
    books = [end if b == book else pos for b, pos in enumerate(p.books)]
    more = any(pos < len(p.library) for pos in books)
    if action.kind == "write" and frame.left > 1 and more:
        tx.update(WriteFrame(player=frame.player, left=frame.left - 1))
    else:
        tx.pop()
    tx.emit(ev.BookMoved(player=frame.player, book=book, position=end))
    rewards = q.effect_list(*(q.library_reward(tx.ctx, p, book, s) for s in range(start + 1, end + 1)))
    push_reward(tx, frame.player, rewards, "library")


# --- Upgrade (GT6) and Kepler's swap (GK4, GK5) ------------------------------------------------------


def upgradable_slots(p: PlayerState) -> list[int]:
    from_board = [s for s, t in enumerate(p.tiles) if not t.upgraded]
    return from_board + ([BENCH] if p.bench is not None and not p.bench.upgraded else [])


def upgrade_legal(state: GameState, ctx: Context, frame: UpgradeFrame) -> list[Action]:
    return [Action("upgrade", str(s)) for s in upgradable_slots(state.players[frame.player])]


def upgrade_apply(tx: Tx, frame: UpgradeFrame, action: Action) -> None:
    tx.pop()
    tx.emit(ev.TileUpgraded(player=frame.player, slot=int(action.arg)))


def swaps(p: PlayerState, mode: int, ctx: Context) -> list[str]:
    own = ctx.catalog.kepler_tile.id
    slots = [s for s, t in enumerate(p.tiles) if t.tile != own]
    if mode == 1:
        return [f"{a}-{b}" for a in slots for b in slots if a < b]
    if p.bench is None:
        return []
    return [f"{a}-{BENCH}" for a in slots]


def swap_prompt(state: GameState, frame: SwapFrame) -> str:
    if frame.mode == 1:
        return "Kepler: swap two Action tiles of your board"
    return "Kepler: swap an Action tile with your Character Board tile"


def swap_legal(state: GameState, ctx: Context, frame: SwapFrame) -> list[Action]:
    return [Action("swap", s) for s in swaps(state.players[frame.player], frame.mode, ctx)]


def swap_apply(tx: Tx, frame: SwapFrame, action: Action) -> None:
    tx.pop()
    a_text, _, b_text = action.arg.partition("-")
    a, b = int(a_text), int(b_text)
    p = tx.player(frame.player)
    tiles = list(p.tiles)
    bench = p.bench
    if b == BENCH:
        assert bench is not None
        tiles[a], bench = bench, tiles[a]
    else:
        tiles[a], tiles[b] = tiles[b], tiles[a]
    tx.emit(ev.TilesArranged(player=frame.player, tiles=tuple(tiles), bench=bench))
