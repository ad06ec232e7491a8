"""Masters (M1-M4): how a Master is played, each of the 22 Masters' effects and VP, the FAQ rulings.

Most scenarios put a ``MasterFrame`` (choose which Master to play) above player 0's turn and play one
Master from it; the M1 scenarios reach the four triggers through real actions.
"""

from __future__ import annotations

import attrs
import pytest

from newton_rules import Game, IllegalAction, Options, Source
from newton_rules.effects import PerformTakenCard
from newton_rules.model import events as ev
from newton_rules.model.frames import (
    ChooseActionFrame,
    LessonsFrame,
    MasterFrame,
    RewardFrame,
    StudyFrame,
    TechnologyFrame,
    TravelFrame,
    TurnFrame,
    WorkFrame,
)
from newton_rules.model.state import PlayerState
from newton_rules.rules import lessons
from newton_rules.testing import Position, legal_texts, vp_by_reason
from tests.rules.scenario import scenario, scenario_catalog


def position(options: Options | None = None) -> Position:
    """Two players, player 0 on Study board A (its printed drawer is Lessons), no Bonus tokens out."""
    return scenario(players=2, seed=1, options=options).player(0, board="A").bonus([])


def master_decision(pos: Position, *masters: str, played: str | None = None) -> Game:
    """Player 0's turn (``played`` already on the desk), about to choose one of ``masters`` to play."""
    pos = pos.player(0, masters=masters).turn(0, played=played)
    return pos.decide(*pos.state.stack, MasterFrame(player=0)).game()


def play(pos: Position, master: str, played: str | None = None) -> Game:
    """Player 0 plays ``master`` (the only Master in hand) during a turn."""
    return master_decision(pos, master, played=played).apply(f"master {master}")


def legal(game: Game) -> set[str]:
    """The legal actions but the Quick Actions, open at every step of a movement and before a Master (Q5)."""
    return legal_texts(game, quick=False)


def top(game: Game) -> object:
    return game.frames[-1]


def p0(game: Game) -> PlayerState:
    return game.state.players[0]


# ==============================================================================================
# M1 How a Master is played
# ==============================================================================================


def test_m1_student_ending_on_the_technology_master_space() -> None:
    """M1: a Student ending its move on the Master space at the end of a Technology path."""
    pos = position().player(0, masters=["bruno", "cusano"], students=["b5"]).turn(0, played="technology")
    game = pos.game().apply("basic technology").apply("student 0").apply("step b6")
    assert p0(game).students[0] == "b6"
    assert isinstance(top(game), MasterFrame)
    assert legal(game) == {"master bruno", "master cusano"}
    game = game.apply("master cusano")
    assert p0(game).masters_played == ("cusano",)
    assert p0(game).masters == ("bruno",)
    assert isinstance(top(game), TurnFrame)


def test_m1_work_marker_ending_on_the_work_master_space() -> None:
    """M1: the Work marker ending its move on the Work track's Master space (after the Work coin)."""
    pos = position().player(0, masters=["bruno", "hooke"], work="w7", coins=0).turn(0, played="work")
    game = pos.game().apply("basic work").apply("step w8")
    assert isinstance(top(game), MasterFrame)
    assert p0(game).coins == 1
    assert legal(game) == {"master bruno", "master hooke"}


def reward_sources(game: Game) -> list[Source]:
    """What each reward received so far came from, in order (named in the game's log, F6)."""
    return [
        e.frame.reward.source
        for e in game.events
        if isinstance(e, ev.DecisionPushed) and isinstance(e.frame, RewardFrame)
    ]


def test_m1_the_master_is_a_reward_of_the_master_space_on_the_work_track_and_the_map() -> None:
    """M1 with F6: the Master to play is received as the reward of the Master space reached."""
    pos = position().player(0, masters=["bruno"], work="w7", coins=0).turn(0, played="work")
    assert Source("master_space") in reward_sources(pos.game().apply("basic work").apply("step w8"))
    pos = position().player(0, masters=["bruno"], scientist="leipzig").turn(0, played="travel")
    assert Source("master_space") in reward_sources(pos.game().apply("basic travel").apply("step praha"))


def test_m1_work_marker_passing_the_master_space_plays_nothing() -> None:
    """M1 with W3: passing over the Master space is not ending there."""
    pos = position().player(0, masters=["bruno"], work="w7", coins=0).desk(0, "L1-01")
    game = pos.turn(0, played="work").game().apply("basic work").apply("step w8").apply("step w9")
    assert isinstance(top(game), TurnFrame)
    assert p0(game).masters_played == ()
    assert p0(game).coins == 2


def test_m1_cube_placed_on_the_map_master_space() -> None:
    """M1: a Travel cube placed on the Map's Master space."""
    pos = position().player(0, masters=["bruno", "hooke"], scientist="leipzig").turn(0, played="travel")
    game = pos.game().apply("basic travel").apply("step praha")
    assert p0(game).cubes == ("praha",)
    assert isinstance(top(game), MasterFrame)


def test_m1_passing_through_the_map_master_space_plays_nothing() -> None:
    """M1 with V3: the cube goes where the Scientist stops, so passing Praha plays no Master."""
    pos = position().player(0, masters=["bruno"], scientist="leipzig").map_tile("wien", "C1").desk(0, "L1-07")
    game = pos.turn(0, played="travel").game().apply("basic travel").apply("step praha").apply("step wien")
    assert p0(game).cubes == ("wien",)
    assert p0(game).masters_played == ()
    assert isinstance(top(game), TurnFrame)


def test_m1_ninth_bookshelf_tile() -> None:
    """M1 with B2: placing the 9th Bookshelf tile (the third of the third pile) plays a Master."""
    books = ["r0c0", "r0c1", "r0c3", "r0c4", "r0c5", "r1c0", "r1c2", "r1c3"]
    pos = position().player(0, masters=["bruno", "hooke"], books=books).turn(0, played="study")
    game = pos.game().apply("basic study").apply("book r2c1")
    assert len(p0(game).books) == 9
    assert isinstance(top(game), MasterFrame)
    assert legal(game) == {"master bruno", "master hooke"}


def test_m1_eighth_tile_plays_no_master() -> None:
    """M1: the 8th tile is not the third of a pile; nothing is played."""
    books = ["r0c0", "r0c1", "r0c3", "r0c4", "r0c5", "r1c0", "r1c2"]
    pos = position().player(0, masters=["bruno"], books=books).turn(0, played="study")
    game = pos.game().apply("basic study").apply("book r2c1")
    assert len(p0(game).books) == 8
    assert isinstance(top(game), TurnFrame)
    assert p0(game).masters == ("bruno",)


def test_m1_playing_a_master_is_choosing_one_of_yours_never_declining() -> None:
    """M1 (R11): you choose which of your Masters to play; refusing or another's Master is illegal."""
    game = master_decision(position().player(1, masters=["hooke"]), "bruno", "cusano")
    assert legal(game) == {"master bruno", "master cusano"}
    for text in ("decline", "master hooke", "master galilei"):
        with pytest.raises(IllegalAction):
            game.apply(text)
    assert legal(game) == {"master bruno", "master cusano"}
    assert p0(game).masters == ("bruno", "cusano")


def test_m1_master_played_event_and_card_moves_beside_the_board() -> None:
    """M1: the Master leaves your hand and lies beside your Study board (played), publicly."""
    game = master_decision(position(), "bruno", "cusano").apply("master bruno")
    played = [e for e in game.events if isinstance(e, ev.MasterPlayed)]
    assert played == [ev.MasterPlayed(player=0, master="bruno")]
    assert p0(game).masters == ("cusano",)
    assert p0(game).masters_played == ("bruno",)


def test_m1_no_master_left_in_hand_plays_nothing() -> None:
    """M1 (R11): a player with no Master left in hand reaches a Master space and nothing happens."""
    pos = position().player(0, masters=[], masters_played=["bruno"], work="w7", coins=0)
    game = pos.turn(0, played="work").game().apply("basic work").apply("step w8")
    assert isinstance(top(game), TurnFrame)
    assert p0(game).masters_played == ("bruno",)
    assert p0(game).coins == 1


# ==============================================================================================
# M2 Immediate effects; Basic Actions from Masters
# ==============================================================================================


def test_m2_immediate_effect_applies_at_once() -> None:
    """M2: an immediate effect (Bruno's 6 Coins) applies as the Master is played."""
    game = play(position().player(0, coins=1), "bruno")
    assert p0(game).coins == 7


def test_m2_master_action_uses_the_printed_value_not_desk_symbols() -> None:
    """M2: Paracelsus' Work action has value 3 even with 2 Work symbols on the desk."""
    pos = position().player(0, work="w0", coins=0).desk(0, "work", "L1-01")
    game = play(pos, "paracelsus").apply("choose work")
    frame = top(game)
    assert isinstance(frame, WorkFrame) and frame.value == 3
    game = game.apply("step w1").apply("step w2").apply("step w3")
    assert p0(game).work == "w3"
    assert isinstance(top(game), TurnFrame)


def test_m2_master_action_is_never_boosted() -> None:
    """M2 (Q2): no 2-coin boost is offered for a Master's Basic Action, even with coins to pay."""
    game = play(position().player(0, coins=10, work="w0"), "kepler")
    assert isinstance(top(game), WorkFrame)
    assert "boost" not in legal(game)
    game = game.apply("step w1")
    assert "boost" not in legal(game)


def test_m2_master_action_may_be_performed_at_a_lower_value() -> None:
    """M2: "the value shown (or an inferior value)": the movement may stop early."""
    game = play(position().player(0, work="w0"), "kepler").apply("step w1").apply("stop")
    assert p0(game).work == "w1"
    assert isinstance(top(game), TurnFrame)


# ==============================================================================================
# M3 The 22 Masters
# ==============================================================================================

# VP printed beside each Master (002; Hooke and Hawking are the rulebook's two additional Masters,
# their VP as in the reference data: Hooke 9, Hawking 6, see docs/data.md).
MASTER_VP = {
    "boyle": 0,
    "brahe": 5,
    "browne": 1,
    "bruno": 4,
    "descartes": 1,
    "cavendish": 6,
    "copernicus": 2,
    "cusano": 4,
    "fahrenheit": 6,
    "galilei": 3,
    "gilbert": 7,
    "halley": 2,
    "huygens": 2,
    "kepler": 4,
    "leibniz": 5,
    "newton": 5,
    "paracelsus": 3,
    "pascal": 4,
    "torricelli": 2,
    "winkelmann": 2,
    "hawking": 6,
    "hooke": 9,
}


def test_m3_there_are_22_masters() -> None:
    """M3: the 20 Masters of the summary plus Hawking and Hooke."""
    assert {m.id for m in scenario().catalog.masters} == set(MASTER_VP)


@pytest.mark.parametrize(("master", "vp"), sorted(MASTER_VP.items()))
def test_m3_master_vp_scored_at_the_end(master: str, vp: int) -> None:
    """M3 / F15: each Master played scores its printed VP at the end of the game."""
    game = position().player(0, masters_played=[master]).end_of_round()
    assert game.scores[0] == vp
    assert vp_by_reason(game, 0) == ({f"master {master}": vp} if vp else {})


def test_m3_masters_left_in_hand_score_nothing() -> None:
    """M3 / F15: only played Masters score."""
    game = position().player(0, masters=["gilbert", "hooke"], masters_played=["bruno"]).end_of_round()
    assert game.scores[0] == 4


# -- Boyle ------------------------------------------------------------------------------------


def test_m3_boyle_study_4_split_over_several_tiles() -> None:
    """M3 Boyle: Study value 4, the value split: 4 tiles on shelf 1."""
    # desk volumes: blue 1 (Study), orange 1 (Travel), green 2 (Work, Lessons)
    pos = position().desk(0, "study", "travel", "work", "lessons")
    game = play(pos, "boyle")
    frame = top(game)
    assert isinstance(frame, StudyFrame) and frame.value == 4
    for space in ("r2c1", "r2c4", "r2c5", "r2c6"):
        game = game.apply(f"book {space}")
    assert p0(game).books == ("r2c1", "r2c4", "r2c5", "r2c6")
    assert isinstance(top(game), TurnFrame)
    assert p0(game).potions == 1  # the first pile's bonus, received when Boyle's action ended


def test_m3_boyle_split_across_shelves() -> None:
    """M3 Boyle: 1 tile on shelf 1 and 1 on shelf 3 (1 + 3); a shelf-3 tile leaves only shelf 1."""
    pos = position().desk(0, "study", "work", "lessons")  # blue 1, green 2
    game = play(pos, "boyle").apply("book r0c3")  # shelf 3: green 2, blue 1
    assert "book r1c0" not in legal(game)  # shelf 2 needs 2 of the 1 left
    assert "book r2c1" in legal(game)
    game = game.apply("book r2c1")
    assert p0(game).books == ("r0c3", "r2c1")
    assert isinstance(top(game), TurnFrame)


def test_m3_boyle_potions_only_for_what_each_space_lacks() -> None:
    """M3 Boyle with R5 (003 FAQ 1a): blue-1 and blue-2 spaces with 1 blue volume cost 1 Potion, not 2."""
    pos = position().desk(0, "study").player(0, potions=1)  # blue 1
    game = play(pos, "boyle").apply("book r2c1")
    assert p0(game).potions == 1
    game = game.apply("book r1c5")  # blue 2: one missing
    assert p0(game).books == ("r2c1", "r1c5")
    assert p0(game).potions == 0


# -- Brahe, Leibniz, Newton, Fahrenheit -------------------------------------------------------


@pytest.mark.parametrize(
    ("master", "space"),
    [("brahe", "r1c5"), ("leibniz", "r1c1"), ("newton", "r2c5")],
    ids=["brahe-2-blue", "leibniz-2-orange", "newton-2-green"],
)
def test_m3_permanent_volumes(master: str, space: str) -> None:
    """M3 Brahe / Leibniz / Newton: 2 permanent volumes of a colour meet a 2-volume requirement."""
    # Study value 2 (the played Study card + a Study Development tile); desk volumes: blue 1.
    pos = position().development(0, "study").player(0, potions=0)
    before = pos.turn(0, played="study").game().apply("basic study")
    assert f"book {space}" not in legal(before)
    game = play(pos, master, played="study").apply("basic study")
    assert f"book {space}" in legal(game)
    game = game.apply(f"book {space}")
    assert p0(game).books == (space,)
    assert p0(game).potions == 0


def test_m3_fahrenheit_one_volume_of_any_colour() -> None:
    """M3 Fahrenheit: 1 permanent volume, its colour chosen at each use; only one volume."""
    pos = position().development(0, "study").desk(0, "lessons")  # green 1, then Study: blue 1
    before = pos.turn(0, played="study").game().apply("basic study")
    assert "book r2c5" not in legal(before)
    game = play(pos, "fahrenheit", played="study").apply("basic study")
    assert "book r2c5" in legal(game)  # green 2: 1 on the desk + Fahrenheit
    assert "book r1c5" in legal(game)  # blue 2: 1 on the desk + Fahrenheit
    assert "book r1c1" not in legal(game)  # orange 2: Fahrenheit is only one


# -- Browne -----------------------------------------------------------------------------------


def test_m3_browne_lessons_4_split_1_and_3() -> None:
    """M3 Browne: Lessons value 4, split: a level-1 card and a level-3 card."""
    pos = position().line(1, "L1-01", "L1-02").line(2, "L2-01").line(3, "L3-01")
    game = play(pos, "browne")
    assert {"take L1-01", "take L2-01", "take L3-01"} <= legal(game)
    game = game.apply("take L1-01")
    assert "take L3-01" in legal(game)
    game = game.apply("take L3-01")
    assert {"L1-01", "L3-01"} <= set(p0(game).hand)
    assert isinstance(top(game), TurnFrame)
    assert game.state.board.lines == (("L1-02",), ("L2-01",), ())


def test_m3_browne_four_level_one_cards() -> None:
    """M3 Browne: 4 cards of level 1 for 1 each."""
    cards = ("L1-01", "L1-02", "L1-03", "L1-04")
    game = play(position().line(1, *cards), "browne")
    for card in cards:
        game = game.apply(f"take {card}")
    assert set(cards) <= set(p0(game).hand)
    assert isinstance(top(game), TurnFrame)


# -- Bruno, Cusano, Hooke ---------------------------------------------------------------------


def test_m3_bruno_six_coins() -> None:
    """M3 Bruno: receive 6 Coins."""
    game = play(position().player(0, coins=2), "bruno")
    assert (p0(game).coins, p0(game).potions, p0(game).vp) == (8, 0, 0)
    assert ev.ResourcesChanged(player=0, coins=6, source=Source("master", "bruno")) in game.last_events


def test_m3_cusano_three_potions() -> None:
    """M3 Cusano: receive 3 Potions."""
    game = play(position().player(0, potions=1), "cusano")
    assert (p0(game).coins, p0(game).potions, p0(game).vp) == (2, 4, 0)


def test_m3_hooke_no_effect() -> None:
    """M3 Hooke: no effect; only the played Master changes."""
    pos = position()
    before = pos.player(0, masters=["hooke"]).state.players[0]
    game = play(pos, "hooke")
    assert isinstance(top(game), TurnFrame)
    after = p0(game)
    assert after.masters_played == ("hooke",)
    assert (after.coins, after.vp, after.potions, after.books, after.cubes) == (
        before.coins,
        before.vp,
        before.potions,
        before.books,
        before.cubes,
    )


# -- Descartes --------------------------------------------------------------------------------


def test_m3_descartes_lessons_1_then_the_taken_cards_action() -> None:
    """M3 Descartes: Lessons value 1, then the taken card's Basic Action as if played (desk + 1)."""
    pos = position().line(1, "L1-04", "L1-01").line(2, "L2-04").desk(0, "technology")
    game = play(pos, "descartes")
    assert isinstance(top(game), LessonsFrame)
    assert legal(game) == {"take L1-04", "take L1-01", "stop"}  # value 1: no level-2 card
    game = game.apply("take L1-04")
    frame = top(game)
    assert isinstance(frame, ChooseActionFrame) and frame.card == "L1-04"
    assert legal(game) == {"choose technology", "decline"}
    game = game.apply("choose technology")
    frame = top(game)
    # 1 Technology symbol on the desk + the taken card's own.
    assert isinstance(frame, TechnologyFrame) and frame.value == 2


def test_m3_descartes_only_the_taken_cards_symbol() -> None:
    """M3 Descartes: the action is the taken card's (a Work card gives Work, valued desk Work + 1)."""
    pos = position().line(1, "L1-01").desk(0, "work", "technology").player(0, work="w0", coins=0)
    game = play(pos, "descartes").apply("take L1-01")
    assert legal(game) == {"choose work", "decline"}
    game = game.apply("choose work")
    frame = top(game)
    assert isinstance(frame, WorkFrame) and frame.value == 2


def test_m3_descartes_a_double_symbol_card_gives_its_two_symbols() -> None:
    """M3 Descartes with X2: a taken card with 2 Technology symbols gives Technology valued desk + 2."""
    pos = position(Options(advanced_lessons=True)).line(1, "AL1-01").desk(0, "technology")
    game = play(pos, "descartes").apply("take AL1-01")
    assert legal(game) == {"choose technology", "decline"}
    frame = top(game.apply("choose technology"))
    assert isinstance(frame, TechnologyFrame) and frame.value == 3


def test_m3_descartes_a_taken_joker_gives_any_basic_action_at_desk_plus_one() -> None:
    """M3 Descartes with F8: a Joker taken (a pack whose L1-01 is a Joker) gives any Basic Action that can
    be performed, valued the desk's symbols of that action + 1."""
    catalog = scenario_catalog()
    joker = attrs.evolve(catalog.cards_by_id["L1-01"], symbols=("joker",))
    catalog = attrs.evolve(catalog, action_cards=tuple(joker if c.id == "L1-01" else c for c in catalog.action_cards))
    pos = scenario(players=2, seed=1, catalog=catalog).player(0, board="A").bonus([])
    game = play(pos.line(1, "L1-01").desk(0, "work", "travel"), "descartes").apply("take L1-01")
    assert {"choose work", "choose travel", "decline"} <= legal(game)
    frame = top(game.apply("choose work"))
    assert isinstance(frame, WorkFrame) and frame.value == 2


def test_m3_descartes_counts_only_the_drawers_showing_the_action() -> None:
    """M3 Descartes with F4: 5 drawers of Travel and Lessons tiles add nothing to his Work: desk Work + 1."""
    pos = position().player(0, drawers=["travel", "travel", "travel", "travel", "lessons"])
    game = play(pos.line(1, "L1-01").desk(0, "work"), "descartes").apply("take L1-01")
    assert legal(game) == {"choose work", "decline"}
    frame = top(game.apply("choose work"))
    assert isinstance(frame, WorkFrame) and frame.value == 2


def test_m3_descartes_offers_only_an_action_that_can_be_performed() -> None:
    """M3 Descartes with T3: a Technology card taken with no Student on the track gives nothing to choose."""
    pos = position().player(0, students=[]).line(1, "L1-04").desk(0, "technology")
    game = play(pos, "descartes").apply("take L1-04")
    assert legal(game) == {"decline"}


# -- Cavendish --------------------------------------------------------------------------------


def test_m3_cavendish_removes_the_two_top_tiles() -> None:
    """M3 Cavendish: the 2 top Bookshelf tiles leave your supply for good."""
    game = play(position().player(0, books=["r2c1"]), "cavendish")
    assert p0(game).books_removed == 2
    assert p0(game).books == ("r2c1",)
    assert p0(game).potions == 0  # emptying the first pile by removal gives no bonus (ruling R4)


def test_m3_cavendish_pile_bonus_option() -> None:
    """M3 Cavendish, option ``cavendish_pile_bonus``: emptying a pile by removal gives its bonus."""
    game = play(position(Options(cavendish_pile_bonus=True)).player(0, books=["r2c1"]), "cavendish")
    assert p0(game).books_removed == 2
    assert p0(game).potions == 1


def test_m3_cavendish_next_tile_comes_from_further_down() -> None:
    """M3 Cavendish with B2: the removed tiles leave their pile, so the next tile taken is the third
    of the first pile and brings its bonus."""
    game = play(position().player(0, potions=0), "cavendish", played="study")
    assert p0(game).books_removed == 2
    game = game.apply("basic study").apply("book r2c1")
    assert p0(game).books == ("r2c1",)
    assert p0(game).potions == 1


def test_m3_cavendish_with_one_tile_left_removes_one() -> None:
    """M3 Cavendish: with fewer than 2 tiles left, the rest are removed."""
    books = ["r0c0", "r0c1", "r0c3", "r0c4", "r0c5", "r1c0", "r1c1", "r1c2", "r1c3", "r1c5", "r1c6"]
    game = play(position().player(0, books=books), "cavendish")
    assert p0(game).books_removed == 1


# -- Copernicus -------------------------------------------------------------------------------


def test_m3_copernicus_study_3_ignoring_requirements() -> None:
    """M3 Copernicus: Study value 3, ignore the requirement of the book space filled (one tile)."""
    game = play(position().player(0, potions=0, cubes=[]), "copernicus")
    frame = top(game)
    assert isinstance(frame, StudyFrame) and frame.value == 3
    assert {"book r0c4", "book r0c1", "book r0c0"} <= legal(game)  # University V, Ancient Land A, volumes
    game = game.apply("book r0c4")
    assert p0(game).books == ("r0c4",)
    assert p0(game).potions == 0
    assert isinstance(top(game), TurnFrame)


# -- Galileo ----------------------------------------------------------------------------------


def test_m3_galileo_travel_3_cube_on_each_place_passed() -> None:
    """M3 Galileo: Travel value 3, a cube on each place passed through, and where the move ends."""
    pos = position().player(0, scientist="basel", coins=2).map_tile("london", "C1")
    game = play(pos, "galilei")
    frame = top(game)
    assert isinstance(frame, TravelFrame) and frame.value == 3
    game = game.apply("step strasbourg").apply("step paris")
    assert "cube" in legal(game)
    game = game.apply("cube").apply("step london")  # route cost 1
    assert p0(game).cubes == ("paris", "london")
    assert p0(game).coins == 2 - 1 + 4  # London's City tile (C1: 4 Coins)
    assert isinstance(top(game), TurnFrame)


def test_m1_galileo_cube_on_the_map_master_space_plays_a_master_after_the_travel() -> None:
    """M1 with F6: Galileo's cube on Praha, passed through, plays a Master once the Travel has ended."""
    pos = position().player(0, scientist="leipzig", coins=0).map_tile("wien", "C2")
    game = master_decision(pos, "galilei", "bruno").apply("master galilei").apply("step praha").apply("cube")
    assert p0(game).cubes == ("praha",)
    assert isinstance(top(game), TravelFrame)  # the Travel goes on; the Master waits
    game = game.apply("step wien").apply("stop")
    assert p0(game).cubes == ("praha", "wien")
    assert isinstance(top(game), MasterFrame)
    game = game.apply("master bruno")
    assert (p0(game).coins, p0(game).potions) == (6, 2)


def test_m4_galileo_cubes_only_on_valid_places() -> None:
    """M4 Galileo (003 FAQ 1c): no cube on a Village, nor where your cube already is."""
    pos = position().player(0, scientist="basel", cubes=["amsterdam"])
    game = play(pos, "galilei").apply("step strasbourg")
    assert "cube" not in legal(game)  # a Village
    game = game.apply("step amsterdam")
    assert "cube" not in legal(game)  # already holds player 0's cube
    assert "step london" in legal(game)


def test_m4_galileo_no_cube_on_the_map_objective_without_its_volumes() -> None:
    """M4 Galileo with R7: the Map Objective space passed through takes a cube only with its volumes."""
    pos = position().player(0, scientist="bremen")
    game = play(pos, "galilei").apply("step berlin")
    assert "cube" not in legal(game)
    pos = position().player(0, scientist="bremen", masters_played=["leibniz", "fahrenheit"]).desk(0, "work")
    game = play(pos, "galilei").apply("step berlin")  # orange 3 (2 + Fahrenheit), green 1
    assert "cube" in legal(game)


# -- Gilbert ----------------------------------------------------------------------------------


def test_m3_gilbert_student_from_supply_to_the_start_space() -> None:
    """M3 Gilbert: place 1 Student (from your supply) on the Technology start space."""
    game = play(position().player(0, students=["a2"]), "gilbert")
    assert p0(game).students == ("a2", "t0", None, None)


def test_m4_gilbert_no_student_in_supply_moves_nothing() -> None:
    """M4 Gilbert (003 FAQ 1d): only a Student from the supply; none left there, nothing happens."""
    students = ["a2", "b3", "c1", "t1"]
    game = play(position().player(0, students=students), "gilbert")
    assert p0(game).students == tuple(students)
    assert p0(game).masters_played == ("gilbert",)


# -- Halley -----------------------------------------------------------------------------------

# blue 3 (Technology, Study, L1-08), green 2 (L1-08, Lessons), orange 1 (Travel)
HALLEY_DESK = ("technology", "study", "L1-08", "lessons", "travel")


def test_m3_halley_technology_4_split_between_students() -> None:
    """M3 Halley: Technology value 4 split: one Student 1 space, another 3."""
    pos = position().player(0, students=["t0", "b3"])
    game = play(pos, "halley")
    frame = top(game)
    assert isinstance(frame, TechnologyFrame) and frame.value == 4
    game = game.apply("student 0").apply("step t1").apply("stop")
    assert legal(game) == {"student 1", "stop"}
    game = game.apply("student 1").apply("step b4").apply("step b5").apply("step b6")
    assert p0(game).students[:2] == ("t1", "b6")
    assert isinstance(top(game), TurnFrame)  # no Master left in hand: the Master space does nothing


def test_m4_halley_checks_each_objective_requirement_separately() -> None:
    """M4 Halley (003 FAQ 1e): two Students enter two Objective spaces with the same volumes.

    a4 needs blue 3 + orange 1, b8 blue 2 + green 2: together blue 5, but volumes are never spent.
    """
    pos = position().desk(0, *HALLEY_DESK).player(0, students=["a3", "b7"], potions=0)
    game = play(pos, "halley").apply("student 0").apply("step a4")
    assert legal(game) == {"stop"}  # a4 ends its path; Quick Actions would still be open (Q5)
    game = game.apply("stop")
    assert legal(game) == {"student 1", "stop"}
    game = game.apply("student 1").apply("step b8").apply("stop")
    assert p0(game).students[:2] == ("a4", "b8")
    assert p0(game).potions == 0
    assert isinstance(top(game), TurnFrame)


# -- Huygens, Kepler --------------------------------------------------------------------------


def test_m3_huygens_work_3_ignores_the_objective_requirement() -> None:
    """M3 Huygens: Work value 3; reaching the Objective at the track's end ignores its volumes."""
    pos = position().player(0, work="w11", coins=0, potions=0).desk(0, "L1-01").turn(0, played="work")
    before = pos.game().apply("basic work").apply("step w12")
    assert "step w13" not in legal(before)  # W5: a card's Work action needs green 3 + blue 1
    game = play(position().player(0, work="w11", coins=0, potions=0), "huygens")
    frame = top(game)
    assert isinstance(frame, WorkFrame) and frame.value == 3
    game = game.apply("step w12").apply("step w13")
    assert p0(game).work == "w13"
    assert p0(game).potions == 0
    assert p0(game).coins == 3  # onto the Objective space: the full value (W4)


def test_m3_kepler_work_6_without_coins() -> None:
    """M3 Kepler: Work value 6, no Coins; tiles passed over do nothing."""
    game = play(position().player(0, work="w0", coins=0), "kepler")
    for space in ("w1", "w2", "w3", "w4", "w5", "w6"):
        game = game.apply(f"step {space}")
    assert p0(game).work == "w6"
    assert p0(game).coins == 0
    assert isinstance(top(game), TurnFrame)


def test_m3_kepler_onto_the_work_master_space_plays_another_master() -> None:
    """M3 Kepler with M1: a Master's move ending on the Master space plays another Master."""
    pos = position().player(0, work="w2", coins=0)
    game = master_decision(pos, "kepler", "bruno").apply("master kepler")
    for space in ("w3", "w4", "w5", "w6", "w7", "w8"):
        game = game.apply(f"step {space}")
    assert isinstance(top(game), MasterFrame)
    game = game.apply("master bruno")
    assert p0(game).coins == 6
    assert p0(game).masters_played == ("kepler", "bruno")


# -- Paracelsus -------------------------------------------------------------------------------


def test_m3_paracelsus_any_action_at_value_3() -> None:
    """M3 Paracelsus: an action of your choice with value 3 (``choose ACTION``)."""
    game = play(position().player(0, scientist="basel"), "paracelsus")
    assert isinstance(top(game), ChooseActionFrame)
    assert {"choose work", "choose technology", "choose travel", "choose lessons", "decline"} <= legal(game)
    game = game.apply("choose travel")
    frame = top(game)
    assert isinstance(frame, TravelFrame) and frame.value == 3


def test_m3_paracelsus_may_decline() -> None:
    """M3 Paracelsus: the action, like any Basic Action, may be declined (F5)."""
    game = play(position(), "paracelsus").apply("decline")
    assert isinstance(top(game), TurnFrame)
    assert p0(game).masters_played == ("paracelsus",)


# -- Pascal -----------------------------------------------------------------------------------


def test_m3_pascal_travel_5_without_travel_costs() -> None:
    """M3 Pascal: Travel value 5 paying no route costs."""
    pos = position().player(0, scientist="paris", coins=0).map_tile("amsterdam", "C2")
    game = play(pos, "pascal")
    frame = top(game)
    assert isinstance(frame, TravelFrame) and frame.value == 5
    assert "step london" in legal(game)  # costs 1, player has 0
    game = game.apply("step london").apply("step amsterdam").apply("stop")
    assert p0(game).coins == 0
    assert p0(game).cubes == ("amsterdam",)
    assert p0(game).potions == 2  # Amsterdam's City tile (C2)


def test_m3_other_master_travel_pays_costs() -> None:
    """M3 contrast: Galileo's Travel pays route costs; with no coins the costly route is closed."""
    game = play(position().player(0, scientist="paris", coins=0), "galilei")
    assert "step london" not in legal(game)
    assert "step lyon" in legal(game)


# -- Torricelli -------------------------------------------------------------------------------


def test_m3_torricelli_technology_3_ignores_objective_requirements() -> None:
    """M3 Torricelli: Technology value 3; an Objective space reached ignores its volumes."""
    pos = position().player(0, students=["a2"], potions=0)
    game = play(pos, "torricelli")
    frame = top(game)
    assert isinstance(frame, TechnologyFrame) and frame.value == 3
    game = game.apply("student 0").apply("step a3").apply("step a4")
    assert p0(game).students[0] == "a4"
    assert p0(game).potions == 0


def test_m3_paracelsus_offers_no_study_when_no_book_space_can_be_met() -> None:
    """M3 Paracelsus with B1: no volume on the desk, no Potion, no cube: no book space's requirement can be
    met, so Study is not among the actions to choose."""
    game = play(position().player(0, potions=0, cubes=[]), "paracelsus")
    assert legal(game) == {"choose work", "choose technology", "choose travel", "choose lessons", "decline"}


def test_m3_halley_with_no_student_on_the_track_does_nothing() -> None:
    """M3 Halley with T3: with no Student to move, his Technology action cannot be performed."""
    game = play(position().player(0, students=[]), "halley")
    assert isinstance(top(game), TurnFrame)


def test_m3_halley_does_not_ignore_objective_requirements() -> None:
    """M3 contrast: Halley's Technology needs the Objective's volumes (only Torricelli ignores them)."""
    game = play(position().player(0, students=["a3"], potions=0), "halley").apply("student 0")
    assert "step a4" not in legal(game)


# -- Winkelmann -------------------------------------------------------------------------------


def test_m3_winkelmann_cube_anywhere_but_master_and_objective() -> None:
    """M3 Winkelmann: a cube on a place of your choice, not the Master or the Objective space."""
    game = play(position().player(0, cubes=["paris"]), "winkelmann")
    targets = {a.arg for a in game.legal_actions() if a.kind == "place"}
    places = {s.id for s in game.catalog.map.spaces if s.kind in ("city", "university", "ancient_land")}
    assert targets == places - {"paris"}
    assert "place praha" not in legal(game) and "place berlin" not in legal(game)
    assert "place strasbourg" not in legal(game)  # a Village is no place for a cube


def test_m4_winkelmann_cube_triggers_the_city_tile() -> None:
    """M4 Winkelmann (003 FAQ 1f): the cube placed on a City gives that City tile's bonus."""
    pos = position().player(0, coins=0).map_tile("wien", "C1")
    game = play(pos, "winkelmann").apply("place wien")
    assert p0(game).cubes == ("wien",)
    assert p0(game).coins == 4


def test_m3_winkelmann_ninth_cube_scores() -> None:
    """M3 Winkelmann with V4: a cube placed by an effect scores like any other (9th cube: 1 VP)."""
    cubes = ["bologna", "paris", "leipzig", "krakow", "salamanca", "uppsala", "athenai", "roma"]
    game = play(position().player(0, cubes=cubes, vp=0), "winkelmann").apply("place siracusa")
    assert len(p0(game).cubes) == 9
    assert p0(game).vp == 1


# -- Hawking ----------------------------------------------------------------------------------


def test_m3_hawking_moves_a_placed_tile_ignoring_the_requirement() -> None:
    """M3 Hawking: move 1 placed Bookshelf tile to another book space; its requirement is ignored."""
    game = play(position().player(0, books=["r2c1"], potions=0, cubes=[]), "hawking")
    assert legal(game) == {"lift r2c1", "decline"}
    game = game.apply("lift r2c1")
    assert "book r0c4" in legal(game)  # University V, never visited
    assert "book r2c0" not in legal(game)  # the pre-filled space
    game = game.apply("book r0c4")
    assert p0(game).books == ("r0c4",)
    assert p0(game).potions == 0
    assert isinstance(top(game), TurnFrame)


def test_m3_hawking_asks_for_the_tile_then_for_its_new_space() -> None:
    """M3 Hawking: first which placed tile to lift (or decline), then where it goes."""
    game = play(position().player(0, books=["r2c1"], potions=0, cubes=[]), "hawking")
    assert game.decision is not None
    assert game.decision.prompt == "choose a placed Bookshelf tile to move, or decline"
    lifted = game.apply("lift r2c1").decision
    assert lifted is not None and lifted.prompt == "choose the book space to move the tile to"


def test_m3_hawking_with_no_tile_placed_does_nothing() -> None:
    """M3 Hawking: with no tile on the bookshelf there is nothing to move."""
    game = play(position().player(0, books=[]), "hawking")
    assert isinstance(top(game), TurnFrame)


# ==============================================================================================
# M4 FAQ rulings
# ==============================================================================================

# Seven tiles placed on board A; shelf 1 still has r2c1 (blue 1) and r2c4 (orange 1) open to a desk
# showing blue 1 (Study) and orange 1 (Travel); r1c1 (shelf 2) needs orange 2.
SEVEN_BOOKS = ("r0c0", "r0c1", "r0c3", "r0c4", "r0c5", "r1c0", "r1c2")


def boyle_with_leibniz(options: Options | None = None) -> Game:
    pos = position(options).player(0, books=SEVEN_BOOKS, potions=0).desk(0, "study", "travel")
    return master_decision(pos, "boyle", "leibniz").apply("master boyle")


def test_m4_boyle_master_from_the_ninth_tile_comes_after_boyles_action() -> None:
    """M4 Boyle (003 FAQ 1a, F6): the Master earned by the 9th tile is played after Boyle's action.

    Leibniz's 2 orange volumes come too late for a third tile on r1c1 (orange 2) in the same Study.
    """
    game = boyle_with_leibniz().apply("book r2c1").apply("book r2c4")  # tiles 8 and 9
    game = game.apply("stop")  # Q5: a Potion could still be bought for another tile; Boyle stops
    assert not any(isinstance(f, StudyFrame) for f in game.frames)  # Boyle's Study is over
    assert isinstance(top(game), MasterFrame)
    game = game.apply("master leibniz")
    assert isinstance(top(game), TurnFrame)
    assert p0(game).books == (*SEVEN_BOOKS, "r2c1", "r2c4")
    assert p0(game).masters_played == ("boyle", "leibniz")


def test_m4_boyle_ninth_tile_master_immediately_with_the_option() -> None:
    """M4 / F6 option ``rewards_timing="immediate"``: the Master comes at once, Boyle goes on after it."""
    game = boyle_with_leibniz(Options(rewards_timing="immediate")).apply("book r2c1").apply("book r2c4")
    assert isinstance(top(game), MasterFrame)
    game = game.apply("master leibniz")
    assert isinstance(top(game), StudyFrame)
    assert "book r1c1" in legal(game)
    game = game.apply("book r1c1")
    assert p0(game).books == (*SEVEN_BOOKS, "r2c1", "r2c4", "r1c1")


def test_m3_boyle_stops_with_the_last_bookshelf_tile() -> None:
    """M3 Boyle with B6: value 4 left, but the twelfth tile was the last one: the Study is over."""
    game = play(position().player(0, books_removed=11, potions=5), "boyle").apply("book r0c0")
    assert p0(game).books == ("r0c0",)
    assert not any(isinstance(f, StudyFrame) for f in game.frames)


def test_m4_descartes_card_stays_in_hand_no_special_effect_no_boost() -> None:
    """M4 Descartes (003 FAQ 1b): the taken card stays in hand, its Special Effect does not apply
    (L1-04 would double Bonus tokens), and the action cannot be boosted."""
    pos = position().line(1, "L1-04").desk(0, "technology").bonus([("t1", "K03")]).player(0, coins=2)
    game = play(pos, "descartes").apply("take L1-04")
    assert "boost" not in legal(game)
    game = game.apply("choose technology")
    assert "boost" not in legal(game)
    game = game.apply("student 0").apply("step t1").apply("step c1")
    assert isinstance(top(game), TurnFrame)
    assert p0(game).students[0] == "c1"
    assert p0(game).coins == 2 + 3  # K03 once, not doubled
    assert "L1-04" in p0(game).hand
    assert "L1-04" not in p0(game).desk
    turn = top(game)
    assert isinstance(turn, TurnFrame) and turn.card is None  # nothing was played this turn
    assert "play L1-04" in legal(game)


def test_m4_descartes_lessons_carries_the_modifier_read_only_through_its_hook(monkeypatch: pytest.MonkeyPatch) -> None:
    """M4 Descartes: his Lessons carries the modifier ``perform_taken_card`` (data, no flag of his), and the
    Lessons rules read it only through its declared hook: with the hook saying no, it is a plain Lessons."""
    pos = position().line(1, "L1-04").desk(0, "technology")
    frame = top(play(pos, "descartes"))
    assert isinstance(frame, LessonsFrame) and frame.modifiers == (PerformTakenCard(),)
    monkeypatch.setattr(lessons, "taken_card_follows", lambda modifiers: False)
    game = play(pos, "descartes").apply("take L1-04")
    assert isinstance(top(game), TurnFrame) and "L1-04" in p0(game).hand


def test_m4_any_lessons_carrying_the_modifier_performs_the_card_taken_next() -> None:
    """M4: the modifier is the rule, not Descartes: a Lessons of value 2 carrying it (whoever started it)
    takes one card, however much value is left, and that card's Basic Action follows."""
    pos = position().line(1, "L1-04").desk(0, "technology").turn(0)
    lessons_2 = LessonsFrame(player=0, value=2, remaining=2, split=True, modifiers=(PerformTakenCard(),))
    game = pos.decide(*pos.state.stack, lessons_2).game().apply("take L1-04")
    frame = top(game)
    assert isinstance(frame, ChooseActionFrame) and frame.card == "L1-04"
    assert legal(game) == {"choose technology", "decline"}
