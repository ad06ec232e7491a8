"""What a game's declarations promise (rules_core.engine, rules_core.decisions): a rule table refuses a bad
declaration naming what is wrong, and the table built from good ones lists, offers, applies, settles and
explains exactly what its decisions say. Every table here is built inside its test (so the code runs
under a mutant), on a tiny game: take 1 or 2 tokens, with a "peek" allowed while choosing (an
interjection) and a "refill" step that settles itself."""

from __future__ import annotations

from typing import Any, ClassVar

import attrs
import pytest

from rules_core.actions import Action, ActionKind, Notation
from rules_core.decisions import DecisionKind, Interjection, always_open, says
from rules_core.engine import Ruleset, deciding_player, explain_illegal
from rules_core.errors import ActionSyntaxError, IllegalAction, RulesError
from rules_core.records import evolve
from rules_core.tx import Transaction


@attrs.frozen
class Pick:
    tag: ClassVar[str] = "pick"
    player: int
    step: int = 0
    most: int = 2  # the most tokens this pick may take


@attrs.frozen
class Refill:
    tag: ClassVar[str] = "refill"
    to: int = 1  # the seat that picks next


@attrs.frozen
class Other:
    tag: ClassVar[str] = "pick"  # the tag of Pick again


@attrs.frozen
class State:
    phase: str = "play"
    top: Any = None
    tokens: int = 5
    log: tuple[str, ...] = ()


@attrs.frozen
class Config:
    sizes: tuple[str, ...] = ("1", "2")
    peeks: int = 3


@attrs.frozen
class Ctx:
    config: Config
    catalog: tuple[str, ...] = ("0", "1")  # the seats a peek may name


def reduce(state: State, event: Any) -> State:
    kind, value = event
    if kind == "top":
        return evolve(state, top=value)
    if kind == "log":
        return evolve(state, log=(*state.log, value))
    if kind == "take":
        return evolve(state, tokens=state.tokens - value, top=None)
    return evolve(state, phase="over", top=None)


class Tx(Transaction[State, Ctx, Any]):
    __slots__ = ()
    reducer = staticmethod(reduce)


TAKE = ActionKind("take", lambda config, catalog: config.sizes, doc="take tokens")
PEEK = ActionKind(
    "peek", lambda config, catalog: catalog, private=True, most=lambda config, catalog: min(config.peeks, len(catalog))
)
STOP = ActionKind("stop")
NOTATION = Notation((TAKE, PEEK, STOP))


def pick_legal(state: State, ctx: Ctx, frame: Pick) -> list[Action]:
    most = min(state.tokens, frame.most)
    return [Action("take", size) for size in ctx.config.sizes if int(size) <= most] or [Action("stop")]


def pick_apply(tx: Tx, frame: Pick, action: Action) -> None:
    tx.emit(("log", f"{frame.player}:{action}"))
    tx.emit(("take", int(action.arg)) if action.arg else ("over", None))


def peek_legal(state: State, ctx: Ctx, player: int) -> list[Action]:
    return [Action("peek", str(player))] if state.tokens > 0 and ctx.config.peeks else []


def peek_apply(tx: Tx, player: int, action: Action) -> None:
    tx.emit(("log", f"{player}:{action}"))


def first_step(state: State, ctx: Ctx, frame: Pick) -> bool:
    return frame.step == 0 and state.phase == "play" and ctx.config.peeks > 0


def refill(tx: Tx, frame: Refill) -> None:
    tx.emit(("log", "refill"))
    tx.emit(("top", Pick(frame.to)))


def flow(tx: Tx) -> None:
    if tx.state.tokens <= 0:
        tx.emit(("over", None))
    else:
        tx.emit(("top", Pick(len(tx.state.log) % 2)))


PEEKING = Interjection("peeking", (PEEK,), peek_legal, peek_apply)


def _pick(**fields: Any) -> DecisionKind:
    declared: dict[str, Any] = {"offers": ((TAKE,), (STOP,)), "during": (PEEKING,)} | fields
    return DecisionKind(
        Pick, says("Player {frame.player}: take 1 or 2 of {state.tokens}"), pick_legal, pick_apply, **declared
    )


def _refill() -> DecisionKind:
    return DecisionKind(Refill, lambda state, frame: "refill", settle=refill)


def _rules(*decisions: DecisionKind, **fields: Any) -> Ruleset:
    return Ruleset(
        name="tokens-1",
        notation=fields.pop("notation", NOTATION),
        decisions=decisions or (_pick(), _refill()),
        flow=flow,
        transaction=Tx,
        **fields,
    )


CTX = Ctx(Config())


# -- the declarations refused ------------------------------------------------------------------------------


def test_a_decision_record_without_a_tag_is_refused_naming_it() -> None:
    @attrs.frozen
    class Untagged:
        player: int

    with pytest.raises(
        RulesError, match=r"^decision record Untagged has no class attribute 'tag' \(its name in saves\)$"
    ):
        DecisionKind(Untagged, says("?"), pick_legal, pick_apply)


def test_a_decision_needs_legal_and_apply_or_settle_and_not_both() -> None:
    message = r"^decision 'pick' needs either legal and apply, or settle$"
    for fields in (
        {},
        {"legal": pick_legal},
        {"apply": pick_apply},
        {"legal": pick_legal, "settle": refill},
        {"legal": pick_legal, "apply": pick_apply, "settle": refill},
    ):
        with pytest.raises(RulesError, match=message):
            DecisionKind(Pick, says("?"), **fields)


def test_a_decision_that_settles_itself_allows_no_interjection() -> None:
    with pytest.raises(RulesError, match=r"^decision 'refill' settles itself: it allows no interjection$"):
        DecisionKind(Refill, says("?"), settle=refill, during=(PEEKING,))


def test_a_decision_declared_either_way_is_accepted() -> None:
    assert not DecisionKind(Pick, says("?"), pick_legal, pick_apply, during=(PEEKING,)).automatic
    assert DecisionKind(Refill, says("?"), settle=refill).automatic


def test_two_decisions_of_one_record_are_refused_naming_it() -> None:
    with pytest.raises(RulesError, match=r"^decision record declared twice: Pick$"):
        _rules(_pick(), _refill(), _pick())


def test_two_decisions_of_one_tag_are_refused_naming_it() -> None:
    other = DecisionKind(Other, says("?"), pick_legal, pick_apply)
    with pytest.raises(RulesError, match=r"^decision tag declared twice: pick$"):
        _rules(_pick(), other)


def test_every_record_declared_twice_is_named_in_order() -> None:
    with pytest.raises(RulesError, match=r"^decision record declared twice: Pick, Refill$"):
        _rules(_refill(), _pick(), _refill(), _pick())


def test_a_decision_offering_kinds_the_notation_lacks_is_refused_naming_them() -> None:
    jump, hop = ActionKind("jump"), ActionKind("hop")
    with pytest.raises(RulesError, match=r"^decision 'pick' offers kinds not in the notation: jump, hop$"):
        _rules(_pick(offers=((TAKE, jump), (hop,))))


def test_a_kind_of_a_notations_name_but_declared_otherwise_is_not_in_it() -> None:
    with pytest.raises(RulesError, match=r"^decision 'pick' offers kinds not in the notation: take$"):
        _rules(_pick(offers=((ActionKind("take", private=True),),)))


# -- the table built ----------------------------------------------------------------------------------------


def test_the_table_knows_each_decision_by_its_record_and_its_tag() -> None:
    rules = _rules()
    assert rules.frame_types == {"pick": Pick, "refill": Refill}
    assert rules.tag(Pick(0)) == "pick" and rules.tag(Refill()) == "refill"
    assert rules.prompt(State(), Pick(1)) == "Player 1: take 1 or 2 of 5"
    assert rules.automatic == {Refill: refill}


def test_a_prompt_written_as_data_fills_in_the_state_and_the_frame() -> None:
    prompt = says("Player {frame.player}, {state.tokens} tokens left")
    assert prompt(State(tokens=4), Pick(1)) == "Player 1, 4 tokens left"
    assert prompt.__name__ == prompt.__qualname__ == "says('Player {frame.player}, {state.tokens} tokens left')"


def test_the_offers_of_a_table_are_each_choice_and_its_groups_of_kinds() -> None:
    assert _rules().offers() == {Pick: (("take",), ("stop",))}


def test_the_most_legal_actions_is_the_largest_group_offered_by_the_declared_limits() -> None:
    stop_or_peek = _pick(offers=((TAKE,), (STOP, PEEK)))
    assert _rules(stop_or_peek).max_legal_actions(Config(sizes=("1", "2", "3")), ("0", "1", "2")) == 4
    assert _rules(stop_or_peek).max_legal_actions(Config(sizes=("1", "2", "3")), ("0", "1")) == 3
    assert _rules(stop_or_peek).max_legal_actions(Config(peeks=1), ("0", "1")) == 2


def test_a_table_with_no_choice_offers_at_most_no_action() -> None:
    assert _rules(_refill()).max_legal_actions(Config(), ("0",)) == 0


def test_all_actions_read_each_kinds_domain_from_the_configuration_and_the_data() -> None:
    actions = _rules().all_actions(Config(sizes=("2", "3")), ("5", "6"))
    assert actions == (
        Action("take", "2"),
        Action("take", "3"),
        Action("peek", "5"),
        Action("peek", "6"),
        Action("stop"),
    )


def test_a_table_reads_an_action_text_in_its_notation() -> None:
    rules = _rules()
    assert rules.parse_action("take 2") == Action("take", "2")
    assert rules.parse_action("stop") == Action("stop")
    with pytest.raises(ActionSyntaxError, match=r"^action 'stop' takes no argument, got 'stop 2'$"):
        rules.parse_action("stop 2")


def test_another_seats_private_action_shows_its_kind_and_the_placeholder() -> None:
    rules = _rules(hidden="*")
    assert rules.redact_action(0, Action("peek", "0"), 1) == Action("peek", "*")
    assert rules.redact_action(0, Action("peek", "0"), None) == Action("peek", "*")
    assert rules.redact_action(1, Action("peek", "1"), 1) == Action("peek", "1")
    assert rules.redact_action(0, Action("take", "2"), 1) == Action("take", "2")


def test_an_extended_table_adds_decisions_and_their_kinds_under_its_new_name() -> None:
    base = _rules(_refill(), notation=Notation((TAKE,)))
    extended = base.extended(name="tokens-2", decisions=(_pick(),), hidden="#")
    assert extended.name == "tokens-2" and extended.hidden == "#"
    assert [kind.tag for kind in extended.decisions] == ["refill", "pick"]
    assert extended.notation.kinds == (TAKE, STOP, PEEK)
    assert extended.frame_types == {"refill": Refill, "pick": Pick}
    assert base.name == "tokens-1" and base.notation.kinds == (TAKE,)


def test_an_extended_table_may_start_from_another_notation() -> None:
    extended = _rules(_refill()).extended(name="tokens-2", decisions=(_pick(),), notation=Notation((STOP,)))
    assert extended.notation.kinds == (STOP, TAKE, PEEK)


# -- legal actions, with the interjections open now --------------------------------------------------------


def test_the_legal_actions_are_the_decisions_and_its_open_interjections_in_the_stable_order() -> None:
    rules = _rules()
    assert rules.legal_actions(State(top=Pick(1)), CTX) == (
        Action("take", "1"),
        Action("take", "2"),
        Action("peek", "1"),
    )


def test_an_interjection_narrowed_is_offered_only_where_its_condition_holds() -> None:
    narrowed = PEEKING.only_when(first_step)
    assert narrowed.open is first_step and narrowed.kinds == PEEKING.kinds and narrowed.name == "peeking"
    assert PEEKING.open is always_open
    rules = _rules(_pick(during=(narrowed,)))
    assert rules.legal_actions(State(top=Pick(0, step=0)), CTX) == (
        Action("take", "1"),
        Action("take", "2"),
        Action("peek", "0"),
    )
    assert rules.legal_actions(State(top=Pick(0, step=1)), CTX) == (Action("take", "1"), Action("take", "2"))
    assert rules.legal_actions(State(top=Pick(0)), Ctx(Config(peeks=0))) == (Action("take", "1"), Action("take", "2"))


def test_nothing_is_legal_with_no_decision_pending_or_one_that_settles_itself() -> None:
    rules = _rules()
    assert rules.legal_actions(State(top=None), CTX) == ()
    assert rules.legal_actions(State(top=Refill()), CTX) == ()


def test_the_legal_actions_are_read_from_the_state_and_the_decision() -> None:
    assert _rules().legal_actions(State(top=Pick(0), tokens=1), CTX) == (Action("take", "1"), Action("peek", "0"))
    assert _rules().legal_actions(State(top=Pick(0, most=1)), CTX) == (Action("take", "1"), Action("peek", "0"))


def test_a_decision_without_interjections_offers_its_own_legal_actions_alone() -> None:
    assert _rules(_pick(during=())).legal_actions(State(top=Pick(1)), CTX) == (Action("take", "1"), Action("take", "2"))


def test_always_open_is_open_at_every_step() -> None:
    assert always_open(State(phase="over"), CTX, Pick(0, step=3))


# -- applying and settling --------------------------------------------------------------------------------


def test_an_action_is_applied_and_the_game_settles_to_the_next_choice() -> None:
    state, events, legal = _rules().apply_action(State(top=Pick(0)), CTX, Action("take", "2"))
    assert events == [("log", "0:take 2"), ("take", 2), ("top", Pick(1))]
    assert state == State(top=Pick(1), tokens=3, log=("0:take 2",))
    assert legal == (Action("take", "1"), Action("take", "2"), Action("peek", "1"))


def test_an_interjection_is_performed_by_its_own_rules_and_the_decision_stays_pending() -> None:
    state, events, _ = _rules().apply_action(State(top=Pick(1)), CTX, Action("peek", "1"))
    assert events == [("log", "1:peek 1")]
    assert state.top == Pick(1) and state.tokens == 5


def test_an_illegal_action_is_refused_naming_what_would_be_accepted() -> None:
    with pytest.raises(IllegalAction, match=r"^take 3 is not legal for player 0: 'take' takes one of 1, 2$"):
        _rules().apply_action(State(top=Pick(0)), CTX, Action("take", "3"))


def test_the_legal_actions_passed_to_apply_are_the_ones_checked() -> None:
    with pytest.raises(IllegalAction, match=r"^take 2 is not legal for player 0: 'take' takes one of 1$"):
        _rules().apply_action(State(top=Pick(0)), CTX, Action("take", "2"), legal=(Action("take", "1"),))


def test_settling_runs_the_steps_that_need_no_choice_and_the_steps_after_each_action() -> None:
    def after(tx: Tx) -> None:
        tx.emit(("log", "after"))

    rules = _rules(after_apply=(after,))
    state, events, legal = rules.apply_action(State(top=Pick(0), tokens=2), CTX, Action("take", "2"))
    assert events == [("log", "0:take 2"), ("take", 2), ("log", "after"), ("over", None)]
    assert state.phase == "over" and legal == ()
    tx = Tx(State(top=Refill(to=0)), CTX)
    assert rules.settle(tx) == (Action("take", "1"), Action("take", "2"), Action("peek", "0"))
    assert tx.events == [("log", "refill"), ("top", Pick(0))]


def test_settling_offers_a_narrowed_interjection_where_its_condition_holds() -> None:
    rules = _rules(_pick(during=(PEEKING.only_when(first_step),)), _refill())
    assert rules.settle(Tx(State(top=Refill(to=1)), CTX)) == (
        Action("take", "1"),
        Action("take", "2"),
        Action("peek", "1"),
    )
    assert rules.settle(Tx(State(top=Refill(to=1)), Ctx(Config(peeks=0)))) == (Action("take", "1"), Action("take", "2"))
    _, _, legal = rules.apply_action(State(top=Pick(0)), CTX, Action("take", "1"))
    assert legal == (Action("take", "1"), Action("take", "2"), Action("peek", "1"))


def test_a_decision_whose_only_action_is_the_forced_one_is_taken_without_asking() -> None:
    rules = _rules(_pick(during=()), forced=Action("stop"))
    tx = Tx(State(top=Pick(1), tokens=0), CTX)
    assert rules.settle(tx) == ()
    assert tx.events == [("log", "1:stop"), ("over", None)]


def test_a_decision_with_no_legal_action_is_a_bug_named_by_its_frame() -> None:
    def nothing(state: State, ctx: Ctx, frame: Pick) -> list[Action]:
        return []

    rules = _rules(DecisionKind(Pick, says("?"), nothing, pick_apply))
    with pytest.raises(AssertionError, match=r"^no legal action in decision Pick\(player=1, step=0, most=2\)$"):
        rules.settle(Tx(State(top=Pick(1)), CTX))


# -- who decides, and why an action is refused ---------------------------------------------------------------


def test_the_deciding_player_is_the_decisions_player_field_when_it_is_a_seat() -> None:
    assert deciding_player(Pick(2)) == 2
    assert deciding_player(None) is None
    assert deciding_player(Refill()) is None
    assert deciding_player(attrs.make_class("Named", {"player": attrs.field()})("Ann")) is None


def test_a_value_that_is_no_action_of_the_game_is_refused_as_illegal() -> None:
    with pytest.raises(
        IllegalAction, match=r"^jump is not legal for player 0 now; legal actions: take 1, take 2, peek 0$"
    ):
        _rules().apply_action(State(top=Pick(0)), CTX, "jump")


def test_an_action_refused_once_the_game_is_over_says_so() -> None:
    assert explain_illegal(State(top=None), Action("take", "1"), ()) == "take 1 is not legal: the game is over"


def test_an_action_of_a_kind_not_offered_is_refused_listing_the_legal_actions() -> None:
    legal = (Action("take", "1"), Action("stop"))
    assert explain_illegal(State(top=Pick(1)), Action("peek", "1"), legal) == (
        "peek 1 is not legal for player 1 now; legal actions: take 1, stop"
    )


def test_a_refusal_lists_twenty_legal_actions_at_most() -> None:
    twenty = tuple(Action("take", str(n)) for n in range(20))
    assert explain_illegal(State(top=Pick(0)), Action("stop"), twenty) == (
        "stop is not legal for player 0 now; legal actions: " + ", ".join(f"take {n}" for n in range(20))
    )
    assert explain_illegal(State(top=Pick(0)), Action("stop"), (*twenty, Action("take", "x"))) == (
        "stop is not legal for player 0 now; legal actions: " + ", ".join(f"take {n}" for n in range(20)) + " ..."
    )
