"""End of the game and final scoring (F15-F17), with the rulebook's example: Alice ends with 84 VP."""

from __future__ import annotations

import pytest

from newton_rules import IllegalAction
from newton_rules.model import events as ev
from newton_rules.model.frames import TuckFrame
from newton_rules.rules.scoring import solo_rank
from newton_rules.testing import Position, vp_by_reason
from rules_core.outcome import Outcome
from tests.rules.scenario import scenario

ALL_TILES = tuple(f"O{i}" for i in range(1, 11))
OBJECTIVE_SPACES = ("berlin", "w13", "a4", "a7", "b8", "c5")  # Map, Work track, 4 Technology paths


def lay_objectives(pos: Position, layout: dict[str, str]) -> Position:
    """Objective tiles on the six Objective spaces: ``layout`` (space -> tile), the rest filled in."""
    rest = [t for t in ALL_TILES if t not in layout.values()]
    tiles = {space: layout.get(space) or rest.pop(0) for space in OBJECTIVE_SPACES}
    pairs = tuple((s, tiles.get(s, t)) for s, t in pos.state.board.track_tiles)
    return pos.map_objective(tiles["berlin"]).board(track_tiles=pairs)


# ==============================================================================================
# The rulebook's example (000 p.10, 003): Alice ends the game with 84 VP
# ==============================================================================================

ALICE_TOKENS = ("K01", "K06", "K08", "K11", "K16")


def alice_last_turn() -> Position:
    """Round 6, Alice's (seat 0) last turn: she is the last player of the round.

    Before this turn: cubes on Bologna, Paris, Leipzig, Amsterdam, Napoli, Athenai, Istanbul and
    Krakow (8 cubes), the Scientist in Leipzig; Students on two Technology Objective spaces; the Work
    marker on the Work Objective; Brahe (5 VP), Newton (5 VP) and Browne (1 VP) played, Hooke still in
    hand; 5 Bonus tokens; a 2-VP Income tile; 31 VP. Objective tiles: Ancient Lands on the Map,
    Universities on the Work track, Bonus tokens and Masters on the Technology paths she reached.
    """
    layout = {"berlin": "O5", "w13": "O4", "a4": "O3", "b8": "O7", "a7": "O1", "c5": "O2"}
    pos = lay_objectives(scenario(players=2, seed=3), layout)
    pos = pos.bonus([(space, token) for space, token in pos.state.board.bonus if token not in ALICE_TOKENS])
    pos = pos.with_state(first_player=1)
    pos = pos.player(
        0,
        vp=31,
        coins=3,
        potions=0,
        cubes=["bologna", "paris", "leipzig", "amsterdam", "napoli", "athenai", "istanbul", "krakow"],
        scientist="leipzig",
        students=["a4", "b8", "c1"],
        work="w13",
        masters=["hooke"],
        masters_played=["brahe", "newton", "browne"],
        bonus_tokens=ALICE_TOKENS,
        income=["vp"],
        books=[],
    )
    pos = pos.tucked(0, "work", "technology", "L1-04", "study", "L1-13")
    pos = pos.desk(0, "L3-07", "lessons", "L2-04", "joker")  # played in round 6's first four turns
    pos = pos.hand(0, "travel")
    pos = pos.player(1, vp=50)
    pos = pos.turn(0, round=6)
    return pos.with_state(turn_index=10)


def test_alice_ends_with_84_vp() -> None:
    """F15 (000's example): 34 VP during the game + 12 (4 Universities) + 10 (5 Bonus tokens)
    + 12 (3 Masters) + 5 (1 Ancient Land) + 11 from her 3 Masters = 84 VP."""
    game = alice_last_turn().game()
    # Her last card: Travel value 2 (L3-07 + this card); the desk shows orange 3 and Newton green 2,
    # the 4 volumes the Map's Objective space asks for.
    game = game.apply("play " + game.state.players[0].hand[0]).apply("basic travel")
    game = game.apply("step berlin").apply("stop")
    alice = game.state.players[0]
    assert len(alice.cubes) == 9 and alice.cubes[-1] == "berlin"
    assert alice.vp == 32  # the 9th cube: 1 VP
    assert not game.is_over
    game = game.apply("end")

    assert game.is_over
    got = vp_by_reason(game, 0)
    assert got["income tile vp"] == 2  # the last End Round still pays income (F14)
    during_game = 31 + got["cube 9"] + got["income tile vp"]
    assert during_game == 34
    objectives = {k: v for k, v in got.items() if k.startswith("objective")}
    assert objectives == {"objective O4": 12, "objective O3": 10, "objective O7": 12, "objective O5": 5}
    masters = {k: v for k, v in got.items() if k.startswith("master")}
    assert masters == {"master brahe": 5, "master newton": 5, "master browne": 1}
    assert game.scores == (84, 50)
    assert game.winners == (0,)
    assert game.events[-1] == ev.GameEnded(scores=(84, 50), winners=(0,))


# ==============================================================================================
# F15 The end of the game and what scores
# ==============================================================================================


def test_f15_the_game_ends_after_round_6() -> None:
    """F15: after round 6's End Round the game is over: no decision, no further action."""
    game = scenario(players=2, seed=1).desk(0, "work", "travel").desk(1, "study").end_of_round()
    assert game.is_over
    assert game.round == 6
    assert game.to_move is None
    assert game.legal_actions() == ()
    assert game.decision is None
    with pytest.raises(IllegalAction, match="game is over"):
        game.apply("end")


def test_f15_round_5_is_not_the_end() -> None:
    """F15: the End Round of round 5 asks for the tuck and the game goes on."""
    game = scenario(players=2, seed=1).desk(0, "work").desk(1, "study").end_of_round(5)
    assert not game.is_over
    assert isinstance(game.frames[-1], TuckFrame)


def test_f15_income_of_round_6_comes_before_the_objectives() -> None:
    """F15 with F14: the last End Round pays income, then the Objectives count what you have."""
    pos = lay_objectives(scenario(players=2, seed=1), {"w13": "O1"})
    game = pos.player(0, work="w13", coins=5, income=["coins", "vp"]).end_of_round()
    got = vp_by_reason(game, 0)
    assert got == {"income tile vp": 2, "objective O1": 7}  # 5 Coins + 2 from the Coins Income tile


def test_f15_round_6_cards_stay_on_the_desk() -> None:
    """F15 with F14: no tuck in round 6; the cards played stay available for O9/O10."""
    pos = lay_objectives(scenario(players=2, seed=1), {"w13": "O10"})
    pos = pos.player(0, work="w13").hand(0).desk(0, "L1-01", "L1-02", "L1-03", "L1-04")
    game = pos.end_of_round()
    assert game.state.players[0].desk == ("L1-01", "L1-02", "L1-03", "L1-04")
    assert game.state.players[0].tucked == ()
    assert vp_by_reason(game, 0) == {"objective O10": 6}


def test_f15_objectives_and_masters_add_to_the_vp_of_the_game() -> None:
    """F15: final VP = VP held + each occupied Objective's tile + each played Master's VP."""
    pos = lay_objectives(scenario(players=2, seed=1), {"a7": "O7"})
    pos = pos.player(0, vp=40, students=["a7"], masters_played=["gilbert", "boyle"], masters=["hooke"])
    game = pos.end_of_round()
    assert vp_by_reason(game, 0) == {"objective O7": 8, "master gilbert": 7}
    assert game.scores[0] == 40 + 8 + 7


def test_f15_scientist_counts_as_a_cube_on_the_map_objective_when_cubes_are_gone() -> None:
    """F15 (003 FAQ 6): with all 12 cubes placed, the Scientist on the Map's Objective space scores it."""
    cubes = [
        "bologna",
        "paris",
        "leipzig",
        "krakow",
        "amsterdam",
        "napoli",
        "istanbul",
        "london",
        "wien",
        "venezia",
        "marseille",
        "athenai",
    ]
    pos = lay_objectives(scenario(players=2, seed=1), {"berlin": "O4"})
    game = pos.player(0, cubes=cubes, scientist="berlin").end_of_round()
    assert vp_by_reason(game, 0) == {"objective O4": 12}
    # With a cube left, the Scientist standing there is not a cube.
    game = pos.player(0, cubes=cubes[:11], scientist="berlin").end_of_round()
    assert vp_by_reason(game, 0) == {}


# ==============================================================================================
# F16 The winner
# ==============================================================================================


def test_f16_most_vp_wins() -> None:
    """F16: the player with the most VP wins."""
    game = scenario(players=3, seed=1).player(0, vp=30).player(1, vp=41).player(2, vp=12).end_of_round()
    assert game.scores == (30, 41, 12)
    assert game.winners == (1,)


def test_f16_tied_players_share_the_victory() -> None:
    """F16: tied players share the victory (no tie breaker)."""
    pos = lay_objectives(scenario(players=4, seed=1), {"w13": "O1"})
    pos = pos.player(0, vp=40).player(1, vp=38, work="w13", coins=2).player(2, vp=39).player(3, vp=40)
    game = pos.end_of_round()
    assert game.scores == (40, 40, 39, 40)
    assert game.winners == (0, 1, 3)
    assert game.outcome == Outcome(termination="round 6 ended", scores=game.scores, winners=(0, 1, 3), tie_break=None)
    ended = [e for e in game.events if isinstance(e, ev.GameEnded)]
    assert ended == [ev.GameEnded(scores=(40, 40, 39, 40), winners=(0, 1, 3))]


def test_f16_no_winner_before_the_end() -> None:
    """F16: winners are known only when the game is over."""
    game = scenario(players=2, seed=1).player(0, vp=50).game()
    assert not game.is_over
    assert game.winners == ()
    assert game.outcome is None


# ==============================================================================================
# F17 The solo title
# ==============================================================================================

# 000's table with 003's boundaries (000 prints "101 - 110", "110 - 120", "120+"; 003: 111-120, 121+).
SOLO_TITLES = [
    (0, "Illiterate"),
    (40, "Illiterate"),
    (41, "Scribe"),
    (50, "Scribe"),
    (51, "Student"),
    (60, "Student"),
    (61, "Scholar"),
    (70, "Scholar"),
    (71, "Professor"),
    (80, "Professor"),
    (81, "Dean"),
    (90, "Dean"),
    (91, "Luminary"),
    (100, "Luminary"),
    (101, "Master of knowledge"),
    (110, "Master of knowledge"),
    (111, "Genius"),
    (120, "Genius"),
    (121, "Science Legend"),
    (175, "Science Legend"),
]


@pytest.mark.parametrize(("score", "title"), SOLO_TITLES)
def test_f17_solo_rank_table(score: int, title: str) -> None:
    """F17: a 1-player final score is ranked on the table Illiterate 0-40 ... Science Legend 121+."""
    game = scenario(players=1, seed=1).player(0, vp=score).end_of_round()
    assert game.is_over
    assert game.scores == (score,)
    assert game.rank == title
    assert solo_rank(game.catalog, score) == title


def test_f17_rank_includes_the_final_scoring() -> None:
    """F17: the title is for the final score, Objectives and Masters included (81: Dean)."""
    pos = lay_objectives(scenario(players=1, seed=1), {"w13": "O1"})
    game = pos.player(0, vp=70, work="w13", coins=6, masters_played=["brahe"]).end_of_round()
    assert game.scores == (81,)
    assert game.rank == "Dean"
    assert game.outcome == Outcome(termination="round 6 ended (solo, ranked Dean)", scores=(81,), winners=(0,))


def test_f17_no_rank_in_multiplayer_or_before_the_end() -> None:
    """F17: the title belongs to the solo game, once it is over."""
    assert scenario(players=2, seed=1).player(0, vp=90).end_of_round().rank is None
    assert scenario(players=1, seed=1).player(0, vp=90).game().rank is None
