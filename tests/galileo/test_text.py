"""galileo_rules.text: every Galileo event is a sentence, every action is described, every component reads
by its id, and the table of a view shows nothing a seat may not see."""

from __future__ import annotations

import json
import random
import re
import typing
from functools import cache
from pathlib import Path

import pytest

from galileo_rules import Action, GalileoGame, GameConfig, Options, new_game
from galileo_rules.components.catalog import default_catalog
from galileo_rules.components.records import Effect
from galileo_rules.errors import RulesError
from galileo_rules.model import events as ev
from galileo_rules.model.actions import NOTATION
from galileo_rules.model.frames import FRAME_TYPES
from galileo_rules.model.state import LibraryCard
from galileo_rules.testing import Position
from galileo_rules.text import (
    action_change,
    change_text,
    component_ids,
    component_text,
    describe_action,
    effect_text,
    event_text,
    first_person_text,
    logged_action_text,
    render_position,
)
from galileo_rules.text.events import FRAME_WORDS
from galileo_rules.view import redact_event
from tests.test_text import assert_sentence, assert_words  # the same test of words as Newton's

CATALOG = default_catalog()
GOLDEN = Path(__file__).parent / "data"


def played_out(game: GalileoGame, seed: int, astronomer: str) -> GalileoGame:
    """``game`` played to its end by seeded random choices, the first seat taking ``astronomer``."""
    rnd = random.Random(seed)
    while not game.is_over:
        legal = game.legal_actions()
        chosen = Action("astronomer", astronomer)
        game = game.apply(chosen if chosen in legal else rnd.choice(legal))
    return game


@cache
def golden_games() -> tuple[GalileoGame, ...]:
    """The golden transcripts replayed, and two seeded random Advanced games, one with the tile order
    chosen (GS12) and Copernicus's page (GK6), so that every action kind is taken."""
    games = []
    for path in sorted(GOLDEN.glob("*.json")):
        saved = json.loads(path.read_text(encoding="utf-8"))
        games.append(GalileoGame.replay(GameConfig(options=Options(), **saved["config"]), saved["actions"]))
    games.append(played_out(new_game(3, 5, advanced=True), 5, "bruno"))
    games.append(played_out(new_game(2, 1, advanced=True, options={"tile_order": "choose"}), 1, "copernicus"))
    return tuple(games)


def event_types() -> set[type]:
    return {typing.get_origin(t) or t for t in typing.get_args(ev.Event)}


def test_every_event_type_of_complete_games_reads_as_a_sentence() -> None:
    """Each event of every game, as the game and each seat's view tell it, with and without the table."""
    seen: set[type] = set()
    for game in golden_games():
        view = game.view(0)
        for event in (*game.events, *view.events):
            seen.add(type(event))
            assert_sentence(event_text(CATALOG, event))
            assert_sentence(event_text(CATALOG, event, view.state))
    assert seen == event_types()


def test_every_pending_decision_has_words() -> None:
    assert {FRAME_TYPES[tag] for tag in FRAME_TYPES} == set(FRAME_WORDS)


def test_exact_event_sentences() -> None:
    table = new_game(2, 1).state
    card = table.display[2]
    assert card is not None
    name = CATALOG.card(card.card).name
    assert event_text(CATALOG, ev.ScoreChanged(player=1, amount=7, source="majors")) == (
        "Player 1 gains 7 VP (observing a Major Object)."
    )
    assert event_text(CATALOG, ev.QuadrantsChanged(player=0, amount=-2)) == "Player 0 spends 2 Quadrant tokens."
    assert event_text(CATALOG, ev.ConstellationObserved(player=0, slot=2, constellation=0), table) == (
        f"Player 0 places a Constellation token on constellation 0 of display space 2, {name} ({card.card})."
    )
    assert event_text(CATALOG, ev.CometMoved(player=0, origin="above", to="below", count=2)) == (
        "Player 0 uses 2 Comet tokens at 1: they turn to 2 below the Discovery cards."
    )
    assert event_text(CATALOG, ev.InquisitorMoved(player=1, origin=0, to=1)) == (
        "Player 1 persuades an Inquisitor from cellar space 0 to 1."
    )


def test_GY4_the_solo_opponent_is_named_tycho_brahe_where_the_table_says_so() -> None:
    """GY4: in the solo game seat 1 is Tycho Brahe; given the table, his events say his name."""
    solo = new_game(1, 2).state
    gains = ev.ScoreChanged(player=1, amount=3, source="constellations")
    assert event_text(CATALOG, gains, solo) == "Tycho Brahe gains 3 VP (observing a constellation)."
    assert event_text(CATALOG, gains) == "Player 1 gains 3 VP (observing a constellation)."
    assert event_text(CATALOG, ev.TurnStarted(player=1, round=2), solo) == "Round 2: Tycho Brahe's turn begins."


def test_a_face_down_card_is_never_named_only_its_tier() -> None:
    """GO8: a card taken face down shows its light side; the sentence names its tier, never the card, even
    for the full game's event (before the view's redaction)."""
    taken = ev.CardTaken(player=0, card="D05", slot=-1, face_up=False, tier=1)
    for event in (taken, redact_event(taken, 1)):
        text = event_text(CATALOG, event)
        assert text == "Player 0 takes a Tier I card from the Discovery deck face down into their Library."
        assert "D05" not in text and "Jupiter" not in text


def test_every_legal_action_of_complete_games_is_described() -> None:
    """Every legal action at every decision of two games: a sentence for the player to move, the same in
    their own words, and its cost and gain in words."""
    for game in golden_games()[:2]:
        replay = GalileoGame.replay(game.config, [])
        for action in game.actions:
            for legal in replay.legal_actions():
                assert_sentence(describe_action(replay, legal))
                own = first_person_text(replay, legal)
                assert_sentence(own)
                assert own.startswith("I ") and " their " not in own, own
                assert not own.split()[1].endswith("s"), f"not in the first person: {own!r}"
                assert_words(change_text(*action_change(replay, legal)).strip() or "nothing")
            replay = replay.apply(action)


def test_every_action_kind_of_the_log_reads_as_a_sentence() -> None:
    """Each action of every game's log, as each seat sees it, without the game it was taken in."""
    kinds = set()
    for game in golden_games():
        for actor, action in game.view(0).actions:
            kinds.add(action.kind)
            assert_sentence(logged_action_text(CATALOG, actor, action))
    assert kinds == {kind.name for kind in NOTATION.kinds}


def test_an_action_kind_without_words_is_a_rules_error() -> None:
    with pytest.raises(RulesError, match="no words for the action kind 'juggle'"):
        logged_action_text(CATALOG, 0, Action("juggle", "3"))


def test_GQ1_a_free_action_says_what_it_costs_in_quadrants() -> None:
    """GQ1: Gain a Die as a free action costs 2 Quadrant tokens; the description and its cost say so."""
    game = Position(2).set(0, quadrants=4).turn(0, stage="actions").game()
    die = Action("free", "die")
    assert die in game.legal_actions()
    assert describe_action(game, die) == "Player 0 spends 2 Quadrant tokens on a free action: gain a Die."
    assert first_person_text(game, die) == "I spend 2 Quadrant tokens on a free action: gain a Die."
    assert change_text(*action_change(game, die)) == " (costs 2 Quadrant tokens)"


def test_GO4_observing_a_major_object_says_what_it_costs_and_gains() -> None:
    """GO4: paying for a Major Object spends the dice and gains its VP at once."""
    game = Position(2).dice(0, "R3 Y3").display(0, "D01").telescope(0, "observe").turn(0, stage="actions").game()
    game = game.apply(Action("fixed", "observe")).apply(Action("target", "0"))
    pay = Action("pay", "R3+Y3")
    assert describe_action(game, pay) == "Player 0 pays with their red 3 and yellow 3 dice."
    assert change_text(*action_change(game, pay)) == " (costs 2 dice, gains 3 VP)"


# -- components -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("component_id", component_ids(CATALOG))
def test_every_component_reads_by_its_id(component_id: str) -> None:
    assert_words(component_text(CATALOG, component_id))


def test_no_two_components_read_the_same() -> None:
    texts = [component_text(CATALOG, c) for c in component_ids(CATALOG)]
    assert len(set(texts)) == len(texts)


def test_components_cover_the_data_pack_and_the_boards() -> None:
    ids = set(component_ids(CATALOG))
    expected = {c.id for c in CATALOG.cards} | {t.id for t in CATALOG.action_tiles} | {CATALOG.kepler_tile.id}
    expected |= {s.id for s in CATALOG.scales} | {s.id for s in CATALOG.subjects} | {"?1", "?2", "?3"}
    expected |= {t.id for t in CATALOG.library_tiles} | {t.id for t in CATALOG.tycho_tiles}
    expected |= {t.id for t in CATALOG.movement_tiles}
    expected |= {"galileo", "kepler", "copernicus", "bruno", "tycho", "observer", "scholar"}
    expected |= {"observe", "die/lecture", "comet", "observe/die", "upgrade", "cellar", "tribunal", "book-of-comets"}
    assert expected <= ids


def test_exact_words_of_a_card_an_icon_and_a_tile() -> None:
    assert effect_text(Effect("raise_colour", 2, "R")) == "Increase all your red dice by 2"
    assert effect_text(Effect("vp", -2)) == "Lose 2 VP"
    assert component_text(CATALOG, "mars") == component_text(CATALOG, "D01")
    assert component_text(CATALOG, "D01").startswith(
        "Discovery card D01, Mars (Tier I): Major Object Mars, observed with red and yellow dice, cost 5, 3 VP."
    )
    assert component_text(CATALOG, "free-die") == "Free action die: spend 2 Quadrant tokens to gain a Die"


def test_an_unknown_component_is_a_rules_error_naming_what_is_read() -> None:
    with pytest.raises(RulesError, match="nothing is called 'zzz': give a Discovery card"):
        component_text(CATALOG, "zzz")


# -- the table ------------------------------------------------------------------------------------------


def hidden_cards(game: GalileoGame) -> set[str]:
    """The cards nobody sees: the deck, the box and the face-down Library cards."""
    state = game.state
    face_down = {entry.card for p in state.players for entry in p.library if not entry.face_up}
    return {*state.deck, *state.box, *face_down}


def test_the_table_of_a_view_never_shows_a_hidden_card() -> None:
    """A face-down Library card reads as its tier in every seat's view and the spectator's; no card of the
    deck, the box or a face-down Library is named; every face-up Library card is."""
    game = golden_games()[0]
    face_down = [e for p in game.state.players for e in p.library if not e.face_up]
    assert face_down, "the game has face-down Library cards"
    hidden = hidden_cards(game)
    for viewer in (*range(len(game.state.players)), None):
        table = render_position(game.view(viewer), CATALOG)
        named = set(re.findall(r"\bD\d\d\b", table))
        assert not named & hidden, f"view {viewer} names hidden cards {named & hidden}"
        assert "Tier I face down" in table or "Tier II face down" in table or "Tier III face down" in table
        assert {e.card for p in game.state.players for e in p.library if e.face_up} <= named


def test_the_table_shows_each_players_board_the_sky_the_tracks_and_the_library() -> None:
    game = golden_games()[0]
    table = render_position(game.view(0), CATALOG)
    for part in ("The display of Discovery cards", "The university:", "Book of Comets", "Tribunal", "Starry sky"):
        assert part in table
    assert "Player 0 (you)" in table and "Player 1," in table
    assert all(isinstance(e, LibraryCard) for e in game.state.players[0].library)
