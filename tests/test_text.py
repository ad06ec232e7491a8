"""newton_rules.text: every effect, component, event and action in words, never as a Python repr."""

from __future__ import annotations

import re
import typing
from collections.abc import Iterator

import pytest

from newton_rules.components.catalog import Catalog
from newton_rules.effects.primitives import (
    Amount,
    ChooseVolume,
    CopyDeskEffect,
    Counter,
    DiscardForReward,
    DoubleBonusTokens,
    Effect,
    EnrollStudent,
    Exchange,
    ExtraBookTile,
    ExtraCube,
    Gain,
    IgnoreBookRequirement,
    IncomeBonus,
    MedicineCity,
    MoveBookTile,
    MoveToVillage,
    NoEffect,
    ObjectiveVP,
    PerCount,
    PerformAction,
    PerformTakenCard,
    PermanentVolumes,
    PlaceCube,
    PlayMaster,
    RemoveBookTiles,
    RepeatBonusToken,
    RepeatCity,
    RepeatMaster,
    TakeCard,
    TakeDevelopment,
    TakeGreatDiscovery,
    TakeIncome,
    TradeCard,
    VPPerVolume,
    VPPerVolumeTriple,
)
from newton_rules.errors import NewtonError
from newton_rules.game import new_game
from newton_rules.model import events as ev
from newton_rules.model.actions import ACTION_KINDS, Action
from newton_rules.model.frames import (
    DiscoveryFrame,
    DraftFrame,
    RepeatFrame,
    Reward,
    RewardFrame,
    TakeCardFrame,
    TradeCardFrame,
    TravelFrame,
    TurnFrame,
)
from newton_rules.model.sources import SOURCE_KINDS, Source
from newton_rules.regression import EXPANSION_GOLDEN_GAMES, GOLDEN_GAMES, random_game
from newton_rules.rules.effects import EFFECT_TABLE
from newton_rules.text import (
    action_card_text,
    component_text,
    describe_action,
    effect_text,
    effects_text,
    event_text,
    master_text,
    objective_text,
    requirement_text,
    source_text,
)
from newton_rules.text.components import counted_text
from tests.rules.scenario import scenario_catalog

CATALOG = scenario_catalog()  # the card faces the sentences name (tests/rules/scenario.py)
# What a repr leaks: a class name and "(", "=", a snake_case field or tag, None/True/False, brackets, quotes.
REPR_MARKS = re.compile(r"[A-Z][A-Za-z]+\(|=|\b[a-z]+_[a-z_]+\b|\bNone\b|\bTrue\b|\bFalse\b|[{}\[\]]|(?<![A-Za-z0-9])'")


def assert_words(text: str) -> None:
    assert text and text == text.strip(), repr(text)
    assert not REPR_MARKS.search(text), f"reads like a repr: {text!r}"


def assert_sentence(text: str) -> None:
    assert_words(text)
    assert text[0].isupper() and text.endswith("."), f"not a sentence: {text!r}"


# -- effects --------------------------------------------------------------------------------------------


# A Study of value 4 with each parameter of PerformAction away from its default, one at a time.
FLAGGED_STUDIES = (
    PerformAction(action="study", value=4, split=True),
    PerformAction(action="study", value=4, no_coins=True),
    PerformAction(action="study", value=4, ignore_requirements=True),
    PerformAction(action="study", value=4, free_travel=True),
    PerformAction(action="study", value=4, cube_on_each_pass=True),
)


def one_of_each_effect() -> list[Effect]:
    """Every primitive, with its parameters away from their defaults where it has any."""
    return [
        Gain(coins=1, vp=2, potions=3),
        Exchange(pay=Amount(potions=2), gain=Amount(vp=8)),
        EnrollStudent(count=2),
        PerformAction(action=None, value=3),
        *FLAGGED_STUDIES,
        PerformAction(action="lessons", value=1, modifiers=(PerformTakenCard(),)),
        PerformTakenCard(),
        *(PerCount(counter=c, gain=Amount(vp=1), action="work") for c in typing.get_args(Counter)),
        PlayMaster(),
        TakeDevelopment(action="travel"),
        TakeDevelopment(),
        TakeIncome(kind="potion"),
        TakeIncome(),
        PlaceCube(where="university", cost=2),
        PlaceCube(where="ancient_land", cost=2),
        PlaceCube(where="any"),
        MedicineCity(),
        PermanentVolumes(colour="blue", count=2),
        PermanentVolumes(colour=None),
        RemoveBookTiles(count=2),
        MoveBookTile(),
        NoEffect(),
        ChooseVolume(),
        VPPerVolume(colour="orange", vp=2),
        VPPerVolumeTriple(vp=4),
        ExtraBookTile(cost=3),
        DoubleBonusTokens(),
        MoveToVillage(cost=2),
        CopyDeskEffect(),
        DiscardForReward(gain=Amount(coins=2, vp=4)),
        IgnoreBookRequirement(cost=4),
        ExtraCube(cost=2),
        TakeCard(level=1),
        TakeCard(),
        TradeCard(),
        IncomeBonus(),
        RepeatBonusToken(),
        RepeatCity(),
        RepeatMaster(),
        ObjectiveVP(),
        TakeGreatDiscovery(price="half"),
        TakeGreatDiscovery(price="free"),
    ]


def catalog_effects(catalog: Catalog) -> Iterator[Effect]:
    for card in catalog.action_cards:
        if card.special is not None:
            yield card.special
    for master in catalog.masters:
        yield from (*master.immediate, *master.passive)
    for tile in (*catalog.inventions, *catalog.specializations, *catalog.cities, *catalog.income_tiles):
        yield from tile.effects
    yield from (token.effect for token in catalog.bonus_tokens)
    for bonus in catalog.pile_bonuses:
        yield from bonus.effects


def test_one_of_each_effect_covers_every_primitive() -> None:
    assert {type(e) for e in one_of_each_effect()} == {rule.effect for rule in EFFECT_TABLE}


@pytest.mark.parametrize("effect", [*one_of_each_effect(), *catalog_effects(CATALOG)], ids=repr)
def test_every_effect_has_words(effect: Effect) -> None:
    text = effect_text(effect)
    assert_words(text)
    assert text[0].isupper() and not text.endswith(".")


def test_every_parameter_of_perform_action_shows() -> None:
    plain = effect_text(PerformAction(action="study", value=4))
    texts = {effect_text(study) for study in FLAGGED_STUDIES}
    assert len(texts) == len(FLAGGED_STUDIES) and plain not in texts
    assert all(text.startswith(plain + "; ") for text in texts)


def test_the_modifiers_of_a_performed_action_show_in_its_words() -> None:
    """M4 Descartes: a Lessons action whose card taken is performed next says so, in the modifier's words."""
    plain = effect_text(PerformAction(action="lessons", value=1))
    descartes = effect_text(PerformAction(action="lessons", value=1, modifiers=(PerformTakenCard(),)))
    follows = "then perform the Basic Action of the card taken as if you had played it on your desk"
    assert descartes == f"{plain}; {follows}"
    assert effect_text(PerformTakenCard()) == follows[0].upper() + follows[1:]


def test_costs_of_the_modifier_effects_show() -> None:
    assert effect_text(ExtraBookTile(cost=5)).startswith("Spend 5 coins")
    assert effect_text(MoveToVillage(cost=1)).startswith("Spend 1 coin:")
    assert effect_text(IgnoreBookRequirement(cost=7)).startswith("Spend 7 coins:")
    assert effect_text(ExtraCube(cost=3)).startswith("Spend 3 coins once:")


def test_every_counter_reads_in_the_singular_and_in_groups() -> None:
    for counter in typing.get_args(Counter):
        each, every = counted_text(counter), counted_text(counter, per=3)
        assert each.startswith("each ") and every.startswith("every 3 ") and each[5:] != every[8:]


def test_exact_words_of_representative_effects() -> None:
    assert effect_text(Exchange(pay=Amount(potions=2), gain=Amount(vp=8))) == "Spend 2 Potions: gain 8 VP"
    assert (
        effect_text(Exchange(pay=Amount(coins=1), gain=Amount(coins=2, vp=3))) == "Spend 1 coin: gain 2 coins and 3 VP"
    )
    assert (
        effect_text(CATALOG.tiles_by_id["I6"].effects[0])
        == "For each Ancient Land you have visited: gain 2 VP and perform a Technology action of value 1"
    )
    assert (
        effect_text(PerformAction(action="work", value=6, no_coins=True))
        == "Perform a Work action of value 6; you receive no coins for it"
    )
    assert effects_text((Gain(coins=5), EnrollStudent())) == (
        "Gain 5 coins, then place 1 Student from your supply on the start space of the Technology track"
    )
    assert effects_text(()) == "No effect"


# -- components -----------------------------------------------------------------------------------------


def catalog_ids(catalog: Catalog) -> list[str]:
    return [
        *catalog.cards_by_id,
        *catalog.masters_by_id,
        *catalog.tiles_by_id,
        *catalog.objectives_by_id,
        *catalog.tokens_by_id,
    ]


@pytest.mark.parametrize("component_id", catalog_ids(CATALOG))
def test_every_component_of_the_reference_catalog_renders(component_id: str) -> None:
    text = component_text(CATALOG, component_id)
    assert_words(text.replace(component_id, "ID"))  # ids like "start-red-work" are the notation's, not words


def test_no_two_components_read_the_same() -> None:
    texts = [component_text(CATALOG, component_id) for component_id in catalog_ids(CATALOG)]
    assert len(set(texts)) == len(texts)


def test_every_starting_card_template_and_requirement_renders() -> None:
    for card in CATALOG.starting_cards:
        assert_words(action_card_text(card))
    for board in CATALOG.study_boards:
        for space in board.book_spaces:
            assert_words(requirement_text(space.requirement))
    objective_space = CATALOG.map_spaces["berlin"].requirement
    assert objective_space is not None
    assert requirement_text(objective_space) == "1 green volume and 3 orange volumes"


def test_exact_words_of_a_card_a_master_and_objectives() -> None:
    assert action_card_text(CATALOG.cards_by_id["L1-01"]) == (
        "L1-01: level 1, Work, 1 blue volume; Special Effect: Spend 2 coins: gain 3 VP"
    )
    assert (
        master_text(CATALOG.masters_by_id["brahe"]) == "Tycho Brahe, 5 VP; while in play: Gain 2 permanent blue volumes"
    )
    assert master_text(CATALOG.masters_by_id["kepler"]) == (
        "Johannes Kepler, 4 VP; when played: Perform a Work action of value 6; you receive no coins for it"
    )
    assert objective_text(CATALOG.objectives_by_id["O10"]) == (
        "Objective tile O10 (end of game): 3 VP for every 2 non-Starting Action cards available to you, at most 15 VP"
    )
    assert objective_text(CATALOG.objectives_by_id["O5"]) == (
        "Objective tile O5 (end of game): 5 VP for each Ancient Land you have visited"
    )
    assert component_text(CATALOG, "vp") == "VP Income tile: at every End Round, gain 2 VP"
    assert component_text(CATALOG, "K16").startswith("Bonus token K16: Place 1 Student")


def test_an_unknown_component_id_is_a_newton_error() -> None:
    with pytest.raises(NewtonError, match="'L9-99'"):
        component_text(CATALOG, "L9-99")


# -- sources and events ---------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", SOURCE_KINDS)
def test_every_source_kind_has_words(kind: str) -> None:
    ids = {"cube": "9", "pile": "2", "income_tile": "coins", "requirement": "book", "quick_action": "flip"}
    source = Source(kind, ids.get(kind, "x"))  # type: ignore[arg-type]
    assert_words(source_text(CATALOG, source).replace("x", "ID"))


def rare_events() -> list[ev.Event | ev.HiddenEvent]:
    """Events the golden games may not produce: draft, Cavendish, Hawking, Masters kept, a Development tile,
    hidden events."""
    reward = Reward(player=1, effects=(Gain(vp=2),), source=Source("bonus_token", "K06"))
    return [
        ev.MastersDealt(player=0, masters=("boyle", "brahe"), draft=True),
        ev.MasterKept(player=0, master="boyle"),
        ev.DraftPassed(),
        ev.DraftEnded(),
        ev.MasterPlayed(player=2, master="hawking"),
        ev.BookLifted(player=2, space="r1c1"),
        ev.BooksRemoved(player=1, count=2),
        ev.IncomePlaced(player=0, slot=1, kind="medicine"),
        ev.VolumeChosen(player=3, colour="green"),
        ev.DrawerFilled(player=0, drawer=2, action="travel"),
        ev.PieceMoved(player=1, piece="student", to=None, index=2),
        ev.CardMoved(card="L2-03", src="hand", dst="removed", player=0),
        ev.FlowChanged(phase="draft", round=1, first_player=0, turn_index=0),
        ev.FlowChanged(phase="over", round=6, first_player=1, turn_index=10),
        ev.DecisionPushed(frame=RewardFrame(reward=reward)),
        ev.DecisionPushed(frame=DraftFrame(player=0)),
        ev.GameEnded(scores=(50, 43, 50), winners=(0, 2)),
        ev.HiddenEvent(player=1, what="TuckChosen"),
        ev.HiddenEvent(player=2, what="MastersDealt"),
        ev.HiddenEvent(player=0, what="MasterKept"),
        ev.DiscoveryTaken(player=1, tile="GD4"),
        ev.DiscoveryActivated(player=1, tile="GD4"),
        ev.DecisionPushed(frame=DiscoveryFrame(player=0, price="half")),
        ev.SpecialActionUsed(player=0, card="AL1-06"),
        ev.MedicineTileTurned(player=0),
        ev.DecisionPushed(frame=TakeCardFrame(player=0, level=1)),
        ev.DecisionPushed(frame=TradeCardFrame(player=0)),
        ev.DecisionPushed(frame=RepeatFrame(player=0, what="city", card="AL2-08")),
    ]


def golden_events() -> list[ev.Event | ev.HiddenEvent]:
    events: list[ev.Event | ev.HiddenEvent] = []
    games = [(players, seed, None) for players, seed in GOLDEN_GAMES] + list(EXPANSION_GOLDEN_GAMES)
    for players, seed, options in games:
        game = random_game(players, seed, options)
        events += game.events
        events += game.view(0).events
    return events


def test_every_event_of_complete_games_and_every_event_type_reads_as_a_sentence() -> None:
    events = golden_events() + rare_events()
    assert {type(e) for e in events} == {*ev.EVENT_TYPES.values(), ev.HiddenEvent}
    ids = sorted(CATALOG.cards_by_id, key=len, reverse=True)
    for event in events:
        text = event_text(CATALOG, event)
        for card in ids:  # card ids are the notation's ("start-red-work"), not words to check
            text = text.replace(card, "ID")
        assert_sentence(text)


def test_exact_event_sentences() -> None:
    def words(event: ev.Event | ev.HiddenEvent) -> str:
        return event_text(CATALOG, event)

    assert words(ev.ResourcesChanged(player=2, vp=3, source=Source("bonus_token", "K06"))) == (
        "Player 2 gains 3 VP (Bonus token K06)."
    )
    assert words(ev.ResourcesChanged(player=0, coins=-2, vp=3, source=Source("card", "L1-01"))) == (
        "Player 0 spends 2 coins and gains 3 VP (Special Effect of L1-01)."
    )
    assert (
        words(ev.ResourcesChanged(player=1, vp=8, source=Source("cube", "12")))
        == "Player 1 gains 8 VP (12th Travel cube)."
    )
    assert words(ev.ResourcesChanged(player=1, vp=5, source=Source("master_vp", "brahe"))) == (
        "Player 1 gains 5 VP (VP printed on Master Tycho Brahe)."
    )
    assert (
        words(ev.ResourcesChanged(player=0, vp=6, source=Source("tile", "I1")))
        == "Player 0 gains 6 VP (Invention tile I1)."
    )
    assert words(ev.CardMoved(card="L1-04", src="hand", dst="desk", player=1)) == "Player 1 plays L1-04 to the desk."
    assert (
        words(ev.CardMoved(card="L3-02", src="deck:3", dst="line:3")) == "L3-02 is turned face up in the level 3 line."
    )
    assert (
        words(ev.PieceMoved(player=0, piece="scientist", to="innsbruck"))
        == "Player 0 moves their Scientist to Innsbruck."
    )
    coins = CATALOG.tokens_by_id["K02"].effect
    assert isinstance(coins, Gain)
    assert words(ev.BonusTokenTaken(player=3, space="innsbruck", token="K02")) == (
        f"Player 3 takes Bonus token K02 at Innsbruck: gain {coins.coins} coins."
    )
    assert words(ev.MasterPlayed(player=1, master="brahe")) == "Player 1 plays Master Tycho Brahe."
    assert words(ev.GameEnded(scores=(43, 50), winners=(1,))) == (
        "The game ends with Player 0 on 43 VP and Player 1 on 50 VP; Player 1 wins."
    )
    assert (
        words(ev.DecisionPushed(frame=TravelFrame(player=2, value=3, remaining=3)))
        == "Player 2 begins a Travel action."
    )
    assert words(ev.HiddenEvent(player=1, what="TuckChosen")) == (
        "Player 1 chooses a card to tuck under their desk (hidden)."
    )


# -- actions --------------------------------------------------------------------------------------------


def test_every_legal_action_of_a_complete_game_reads_as_a_sentence() -> None:
    game = new_game(players=3, seed=11)
    kinds: set[str] = set()
    for action in random_game(3, 11).actions:
        for legal in game.legal_actions():
            text = describe_action(game, legal)
            assert_sentence(text.replace(legal.arg, "ID") if legal.arg else text)
            kinds.add(legal.kind)
        game = game.apply(action)
    assert len(kinds) > 10  # a whole game offers most kinds of action
    with pytest.raises(NewtonError, match="game is over"):
        describe_action(game, Action("end"))


SAMPLE_ARGS = {
    "keep": "boyle",
    "play": "L1-04",
    "basic": "travel",
    "choose": "study",
    "student": "1",
    "step": "innsbruck",
    "take": "L2-05",
    "book": "r1c2",
    "lift": "r2c4",
    "master": "hooke",
    "type": "potion",
    "drawer": "2",
    "income": "0",
    "place": "roma",
    "volume": "orange",
    "village": "lyon",
    "copy": "L1-01",
    "discard": "L1-03",
    "tuck": "L1-02",
    "flip": "2",
    "discover": "GD4",
    "activate": "GD4",
    "use": "AL1-06",
    "again": "K01",
}


@pytest.mark.parametrize("kind", ACTION_KINDS)
def test_every_action_kind_has_words(kind: str) -> None:
    action = Action(kind, SAMPLE_ARGS[kind] if ACTION_KINDS[kind] else "")
    text = describe_action(new_game(players=2, seed=1), action)
    assert_sentence(text.replace("AL1-", "ID").replace("L1-", "ID").replace("L2-", "ID"))
    assert str(action) != text


def test_exact_action_sentences() -> None:
    game = new_game(players=2, seed=1, catalog=CATALOG)
    player = game.to_move
    assert describe_action(game, Action("potion")) == f"Player {player} spends 3 coins to buy a Potion."
    assert (
        describe_action(game, Action("step", "w1"))
        == f"Player {player} moves their Work marker one space to Work track space w1."
    )
    assert describe_action(game, Action("copy", "L1-01")) == (
        f"Player {player} applies the Special Effect of L1-01 (spend 2 coins: gain 3 VP) from their desk."
    )
    assert describe_action(game, Action("type", "study")) == f"Player {player} chooses a Study Development tile."
    with pytest.raises(NewtonError, match="'dance'"):
        describe_action(game, Action("dance"))


def test_the_special_effect_of_the_card_played_is_named() -> None:
    game = new_game(players=3, seed=11)
    for action in random_game(3, 11).actions:
        top = game.state.top
        if isinstance(top, TurnFrame) and Action("special") in game.legal_actions():
            assert top.card is not None
            card = CATALOG.cards_by_id[top.card]
            assert card.special is not None
            expected = f"applies the Special Effect of {top.card} ({effect_text(card.special)[:1].lower()}"
            assert expected in describe_action(game, Action("special"))
            return
        game = game.apply(action)
    pytest.fail("no Special Effect was offered in the whole game")
