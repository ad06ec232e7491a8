"""The reference component data set: the facts the rule documents state, and broken data packs."""

from __future__ import annotations

import json
import re
import shutil
from collections import Counter, deque
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import attrs
import pytest

from newton_rules.components.catalog import Catalog
from newton_rules.components.loading import DATA_FILES, load_catalog
from newton_rules.components.records import BookLine, Route, TrackSpace
from newton_rules.components.validation import validate_catalog
from newton_rules.effects.primitives import (
    BASICS,
    EFFECT_TAGS,
    Amount,
    DiscardForReward,
    EnrollStudent,
    ExtraBookTile,
    ExtraCube,
    Gain,
    IgnoreBookRequirement,
    MedicineCity,
    MoveToVillage,
    PerCount,
    PerformAction,
    PerformTakenCard,
    PermanentVolumes,
    PlaceCube,
    PlayMaster,
    TakeGreatDiscovery,
    VPPerVolumeTriple,
)
from newton_rules.errors import DataError
from newton_rules.rules.queries import count
from newton_rules.simulation.balance import exchange_loops, exchange_rates
from newton_rules.testing import Position

DATA = resources.files("newton_rules.data")
DOCS = Path(__file__).resolve().parents[1] / "docs" / "data.md"


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


def raw(name: str) -> Any:
    return json.loads(DATA.joinpath(f"{name}.json").read_text(encoding="utf-8"))


# ------------------------------------------------------------------------------ counts (rulebook p.2)


def test_default_pack_is_valid(catalog: Catalog) -> None:
    assert validate_catalog(catalog) == []


def test_component_counts(catalog: Catalog) -> None:
    """Rulebook p.2 Components; S1, S2, S3, S5, S9, M3."""
    assert len(catalog.action_cards) == 45
    assert Counter(c.level for c in catalog.action_cards) == {1: 15, 2: 15, 3: 15}
    assert len(catalog.starting_cards) == 6
    assert len(catalog.player_colours) == 4
    assert len(catalog.masters) == 22
    assert len(catalog.inventions) == 10
    assert len(catalog.specializations) == 10
    assert len(catalog.cities) == 7
    assert len(catalog.objectives) == 10
    assert len(catalog.bonus_tokens) == 18
    assert len(catalog.universities) == 6
    assert len(catalog.ancient_lands) == 3
    assert len(catalog.study_boards) == 4


def test_constants(catalog: Catalog) -> None:
    """S10, V4, B2, Q1-Q4, F1, F2, F17."""
    c = catalog.constants
    assert (c.rounds, c.turns_per_round, c.starting_coins) == (6, 5, 2)
    assert (c.cubes_per_player, c.students_per_player) == (12, 4)
    assert c.cube_vp == ((9, 1), (10, 2), (11, 4), (12, 8))
    assert (c.book_piles, c.tiles_per_pile) == (4, 3)
    assert (c.flip_cost, c.boost_cost, c.potion_cost, c.enroll_cost) == (1, 2, 3, 5)
    assert c.medicine_vp == (1, 3)
    assert c.solo_ranks[0] == (0, "Illiterate")
    assert dict((name, low) for low, name in c.solo_ranks)["Genius"] == 111
    assert c.solo_ranks[-1] == (121, "Science Legend")
    assert len(c.solo_ranks) == 10


# ------------------------------------------------------------------------------ Masters (M3)

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
    "hooke": 9,
}


def test_master_vp_table(catalog: Catalog) -> None:
    """M3: the VP printed beside 20 Masters (002); Hooke's 9 from the Board Game Arena port's material
    file; Hawking's is reconstructed."""
    vp = {m.id: m.vp for m in catalog.masters}
    assert set(vp) == {*MASTER_VP, "hawking"}
    assert {k: v for k, v in vp.items() if k != "hawking"} == MASTER_VP
    hawking = catalog.masters_by_id["hawking"]
    assert hawking.provenance == "reconstructed"
    assert 0 < hawking.vp < MASTER_VP["hooke"]
    assert catalog.masters_by_id["hooke"].provenance == "Board Game Arena material file"
    assert len(set(MASTER_VP) - {"hooke"}) == 20


def test_master_effects(catalog: Catalog) -> None:
    """M2, M3: each Master's effect as listed on rulebook pp.15-16."""
    m = catalog.masters_by_id
    assert m["boyle"].immediate == (PerformAction(action="study", value=4, split=True),)
    assert m["browne"].immediate == (PerformAction(action="lessons", value=4, split=True),)
    assert m["halley"].immediate == (PerformAction(action="technology", value=4, split=True),)
    assert m["descartes"].immediate == (PerformAction(action="lessons", value=1, modifiers=(PerformTakenCard(),)),)
    assert m["kepler"].immediate == (PerformAction(action="work", value=6, no_coins=True),)
    assert m["pascal"].immediate == (PerformAction(action="travel", value=5, free_travel=True),)
    assert m["galilei"].immediate == (PerformAction(action="travel", value=3, cube_on_each_pass=True),)
    assert m["paracelsus"].immediate == (PerformAction(action=None, value=3),)
    assert m["copernicus"].immediate == (PerformAction(action="study", value=3, ignore_requirements=True),)
    assert m["huygens"].immediate == (PerformAction(action="work", value=3, ignore_requirements=True),)
    assert m["torricelli"].immediate == (PerformAction(action="technology", value=3, ignore_requirements=True),)
    assert m["bruno"].immediate == (Gain(coins=6),)
    assert m["cusano"].immediate == (Gain(potions=3),)
    assert m["gilbert"].immediate == (EnrollStudent(),)
    assert m["winkelmann"].immediate == (PlaceCube(where="any", cost=0),)
    assert m["brahe"].passive == (PermanentVolumes(colour="blue", count=2),)
    assert m["newton"].passive == (PermanentVolumes(colour="green", count=2),)
    assert m["leibniz"].passive == (PermanentVolumes(colour="orange", count=2),)
    assert m["fahrenheit"].passive == (PermanentVolumes(colour=None, count=1),)
    assert [EFFECT_TAGS[type(e)] for e in m["hooke"].immediate] == ["no_effect"]
    assert [EFFECT_TAGS[type(e)] for e in m["hawking"].immediate] == ["move_book_tile"]
    assert [EFFECT_TAGS[type(e)] for e in m["cavendish"].immediate] == ["remove_book_tiles"]


# ------------------------------------------------------------------------------ tiles


def test_invention_tiles(catalog: Catalog) -> None:
    """I1-I10 in the order of rulebook p.13."""
    inv = {t.id: t.effects for t in catalog.inventions}
    assert [t.id for t in catalog.inventions] == [f"I{i}" for i in range(1, 11)]
    assert inv["I1"] == (Gain(potions=1, vp=6),)
    assert inv["I2"] == (Gain(potions=2, vp=3),)
    assert inv["I3"] == (Gain(coins=5), EnrollStudent())
    assert inv["I4"] == (PerCount(counter="masters_played", gain=Amount(vp=2, coins=2)),)
    assert inv["I5"] == (PerCount(counter="universities_visited", gain=Amount(vp=2)),)
    assert inv["I6"] == (PerCount(counter="ancient_lands_visited", gain=Amount(vp=2), action="technology"),)
    assert inv["I7"] == (PerCount(counter="completed_book_lines", gain=Amount(vp=1), action="work"),)
    assert inv["I8"] == (Gain(coins=2), PerformAction(action="study", value=3))
    assert inv["I9"] == (Gain(vp=2), PerformAction(action="lessons", value=3))
    assert inv["I10"] == (Gain(potions=1), PerformAction(action="travel", value=3))


def test_specialization_tiles(catalog: Catalog) -> None:
    """Z1; 003 FAQ 4: four Income and six Development Specialization tiles, '?' ones included."""
    tags = Counter(EFFECT_TAGS[type(t.effects[0])] for t in catalog.specializations)
    assert tags == {"take_income": 4, "take_development": 6}
    kinds = {getattr(t.effects[0], "kind", "-") for t in catalog.specializations}
    assert {"vp", "coins", "potion", None} <= kinds
    actions = {getattr(t.effects[0], "action", "-") for t in catalog.specializations}
    assert {*BASICS, None} <= actions


def test_city_tiles(catalog: Catalog) -> None:
    """C1-C6: six effects on 7 City tiles, the Medicine effect on two."""
    effects = [t.effects for t in catalog.cities]
    assert (Gain(coins=4),) in effects
    assert (Gain(potions=2),) in effects
    assert (EnrollStudent(),) in effects
    assert (PlaceCube(where="university", cost=2),) in effects
    assert (PlaceCube(where="ancient_land", cost=2),) in effects
    medicine = [t for t in catalog.cities if t.medicine]
    assert len(medicine) == 2
    assert all(t.effects == (MedicineCity(),) for t in medicine)


OBJECTIVES = {
    # counter: (vp, per, cap)  -- rulebook p.14
    "coins": (1, 1, 14),
    "potions": (2, 1, 14),
    "bonus_tokens": (2, 1, 14),
    "universities_visited": (3, 1, 15),
    "ancient_lands_visited": (5, 1, None),
    "students_at_path_ends": (4, 1, None),
    "masters_played": (4, 1, None),
    "book_tiles_placed": (4, 3, None),
    "different_volume_sets": (5, 1, 15),
    "non_starting_cards": (3, 2, 15),
}


def test_objective_tiles(catalog: Catalog) -> None:
    """O1-O10 with their caps."""
    assert {o.counter: (o.vp, o.per, o.cap) for o in catalog.objectives} == OBJECTIVES


def test_pile_and_income_tiles(catalog: Catalog) -> None:
    """B2 pile bonuses 1 Potion / 4 Coins / a Master / 8 VP; Income tiles 2 VP, 2 Coins, 1 Potion."""
    piles = {p.pile: p.effects for p in catalog.pile_bonuses}
    assert piles == {1: (Gain(potions=1),), 2: (Gain(coins=4),), 3: (PlayMaster(),), 4: (Gain(vp=8),)}
    income = {t.id: t.effects for t in catalog.income_tiles}
    assert income == {"vp": (Gain(vp=2),), "coins": (Gain(coins=2),), "potion": (Gain(potions=1),)}


def test_bonus_tokens(catalog: Catalog) -> None:
    """K1: tokens give Coins, VP, Potions or a Student."""
    tags = Counter(EFFECT_TAGS[type(k.effect)] for k in catalog.bonus_tokens)
    assert set(tags) == {"gain", "enroll_student"}
    gains = [k.effect for k in catalog.bonus_tokens if isinstance(k.effect, Gain)]
    assert any(g.coins for g in gains) and any(g.vp for g in gains) and any(g.potions for g in gains)


# ------------------------------------------------------------------------------ cards


def test_action_card_symbols_and_effects(catalog: Catalog) -> None:
    """Each level: every basic symbol 3 times, no Joker; every card has a special effect (E1-E11)."""
    for level in (1, 2, 3):
        cards = [c for c in catalog.action_cards if c.level == level]
        assert Counter(s for c in cards for s in c.symbols) == dict.fromkeys(BASICS, 3)
        assert all(1 <= len(c.volumes) <= 3 for c in cards)
    assert all(c.special is not None for c in catalog.action_cards)
    kinds = Counter(EFFECT_TAGS[type(c.special)] for c in catalog.action_cards if c.special is not None)
    assert set(kinds) == {
        "exchange",
        "choose_volume",
        "vp_per_volume",
        "extra_book_tile",
        "double_bonus_tokens",
        "move_to_village",
        "copy_desk_effect",
        "discard_for_reward",
        "vp_per_volume_triple",
        "ignore_book_requirement",
        "extra_cube",
    }
    assert min(kinds.values()) >= 1
    discard = [c.special for c in catalog.action_cards if isinstance(c.special, DiscardForReward)]
    assert all(d.gain == Amount(vp=4, coins=2) for d in discard)  # E8
    stated_costs = {ExtraBookTile: 3, MoveToVillage: 2, IgnoreBookRequirement: 4, ExtraCube: 2}  # E4, E6, E10, E11
    for card in catalog.action_cards:
        if card.special is not None and type(card.special) in stated_costs:
            assert getattr(card.special, "cost", None) == stated_costs[type(card.special)]
        if isinstance(card.special, VPPerVolumeTriple):
            assert card.special.vp == 4  # E9


def test_no_exchange_is_a_loop(catalog: Catalog) -> None:
    """E1 (reconstructed rates): nothing is bought back for more than it cost, and coins turn into VP at
    most at 1.25 VP per coin (a Potion counted at its Quick Action price of 3 coins)."""
    assert exchange_loops(catalog) == []
    assert all(rate <= 1.25 for _, rate in exchange_rates(catalog))


def test_action_card_volumes_balanced(catalog: Catalog) -> None:
    volumes = Counter(v for c in catalog.action_cards for v in c.volumes)
    assert max(volumes.values()) - min(volumes.values()) <= 1


def test_starting_cards_differ_only_in_the_arrangement_of_the_volumes(catalog: Catalog) -> None:
    """ludorium.at: every colour's six Starting cards show the same volumes (orange, blue, green), arranged
    differently."""
    sets = {}
    for colour in catalog.player_colours:
        cards = [c for c in catalog.cards_by_id.values() if c.is_starting and c.owner_colour == colour]
        sets[colour] = tuple(sorted(((c.symbols, c.volumes) for c in cards), key=str))
    assert len({tuple(sorted(v for _, vs in cards for v in vs)) for cards in sets.values()}) == 1
    assert len(set(sets.values())) == len(catalog.player_colours)
    assert {v for cards in sets.values() for _, vs in cards for v in vs} == {"blue", "green", "orange"}


def test_starting_cards(catalog: Catalog) -> None:
    """S10: 6 Starting Action cards per colour, one of each symbol, no special effect."""
    assert sorted(s for c in catalog.starting_cards for s in c.symbols) == sorted((*BASICS, "joker"))
    assert all(c.level == 0 and c.special is None for c in catalog.starting_cards)
    assert len([c for c in catalog.cards_by_id.values() if c.is_starting]) == 24


# ------------------------------------------------------------------------------ map (V1-V9)


def map_graph(catalog: Catalog) -> dict[str, list[str]]:
    edges: dict[str, list[str]] = {s.id: [] for s in catalog.map.spaces}
    for r in catalog.map.routes:
        edges[r.a].append(r.b)
        edges[r.b].append(r.a)
    return edges


def distances(edges: dict[str, list[str]], start: str) -> dict[str, int]:
    dist = {start: 0}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        for nxt in edges[here]:
            if nxt not in dist:
                dist[nxt] = dist[here] + 1
                todo.append(nxt)
    return dist


def test_map_spaces(catalog: Catalog) -> None:
    """Rulebook p.7: 6 Universities, 3 Ancient Lands, 7 Cities, 14 Villages, Master, Objective, Basel."""
    kinds = Counter(s.kind for s in catalog.map.spaces)
    assert kinds == {
        "university": 6,
        "ancient_land": 3,
        "city": 7,
        "village": 14,
        "master": 1,
        "objective": 1,
        "start": 1,
    }
    by_name = {s.name: s for s in catalog.map.spaces}
    assert by_name["Basel"].kind == "start" and catalog.map.start == by_name["Basel"].id
    # Final-score example: cubes on these 8 places = 4 Universities, 1 Ancient Land, 3 Cities.
    named = ["Bologna", "Paris", "Leipzig", "Amsterdam", "Napoli", "Athenai", "Istanbul", "Krakow"]
    assert Counter(by_name[n].kind for n in named) == {"university": 4, "ancient_land": 1, "city": 3}
    assert by_name["Bologna"].kind == "university"  # "the University of Bologna (II)" (p.8)
    assert by_name["Istanbul"].kind == "city"  # Frank's cube "on the City tile" (p.7)
    stated = {s.name for s in catalog.map.spaces if s.provenance == "rulebook"}
    assert stated == {"Basel", "Bologna", "Istanbul"}


def test_map_objective_requirement(catalog: Catalog) -> None:
    """002: the Map Objective space asks 3 orange ('yellow') and 1 green volume. V6."""
    (objective,) = [s for s in catalog.map.spaces if s.kind == "objective"]
    assert objective.requirement is not None
    assert dict(objective.requirement.volumes) == {"orange": 3, "green": 1}


def test_map_routes(catalog: Catalog) -> None:
    edges = map_graph(catalog)
    assert all(2 <= len(n) <= 6 for n in edges.values())
    assert any(r.cost > 0 for r in catalog.map.routes)
    assert sum(r.cost == 0 for r in catalog.map.routes) > len(catalog.map.routes) // 2
    dist = distances(edges, catalog.map.start)
    assert len(dist) == len(catalog.map.spaces)
    kinds = {s.id: s.kind for s in catalog.map.spaces}
    assert min(d for s, d in dist.items() if kinds[s] in ("university", "city")) <= 2
    for far in ("istanbul", "athenai", "uppsala", "salamanca"):
        assert 4 <= dist[far] <= 6


def test_frank_travel_example(catalog: Catalog) -> None:
    """Rulebook p.7: a 3-step move to Istanbul that takes a Bonus token on its 2nd step (V2, V3)."""
    edges = map_graph(catalog)
    bonus = {s.id for s in catalog.map.spaces if s.bonus is not None}
    paths = [
        (a, b, c)
        for c in edges["istanbul"]
        if c in bonus
        for b in edges[c]
        for a in edges[b]
        if distances(edges, a)["istanbul"] == 3
    ]
    assert paths


def test_bonus_spaces(catalog: Catalog) -> None:
    """S4: 18 Bonus spaces on Map and Technology track; fewer players fill fewer of them."""
    marks = [s.bonus for s in catalog.map.spaces if s.bonus is not None]
    assert all(s.kind == "village" for s in catalog.map.spaces if s.bonus is not None)
    marks += [s.bonus for s in catalog.technology_track.spaces if s.bonus is not None]
    assert len(marks) == 18 == len(catalog.bonus_tokens)
    allowed = {1: {"all"}, 2: {"all", "2+"}, 3: {"all", "2+", "3+"}, 4: {"all", "2+", "3+", "4"}}
    filled = {n: sum(m in allowed[n] for m in marks) for n in allowed}
    assert filled[4] == 18
    assert 3 <= filled[1] < filled[2] < filled[3] < filled[4]


# ------------------------------------------------------------------------------ tracks (W, T)


def test_work_track(catalog: Catalog) -> None:
    """W3, W5: linear; 4 Special Spaces (the expansion's Objective tile) besides the Master space and the
    Objective space at the end, which asks 3 green + 1 blue (002)."""
    spaces = {s.id: s for s in catalog.work_track.spaces}
    here = spaces[catalog.work_track.start]
    path = [here]
    while here.next:
        (nxt,) = here.next
        here = spaces[nxt]
        path.append(here)
    assert len(path) == len(spaces)
    assert path[0].kind == "start" and path[-1].kind == "objective"
    assert path[-1].requirement is not None
    assert dict(path[-1].requirement.volumes) == {"green": 3, "blue": 1}
    kinds = Counter(s.kind for s in path)
    assert kinds["specialization"] + kinds["invention"] == 4
    assert kinds["master"] == 1 and kinds["objective"] == 1
    assert 12 <= len(path) <= 15


def test_technology_track(catalog: Catalog) -> None:
    """T1, T6, T7: a tree with 6 final spaces, 4 of them Objectives asking 4 volumes each."""
    track = catalog.technology_track
    spaces = {s.id: s for s in track.spaces}
    ends = [s for s in track.spaces if not s.next]
    assert len(ends) == 6
    assert Counter(s.kind for s in ends)["objective"] == 4
    assert Counter(s.kind for s in ends)["master"] == 1
    requirements = [s.requirement for s in ends if s.kind == "objective"]
    assert all(r is not None and sum(n for _, n in r.volumes) == 4 for r in requirements)
    assert len(set(requirements)) == 4

    def lengths(space_id: str, depth: int) -> list[int]:
        space = spaces[space_id]
        if not space.next:
            return [depth]
        return [n for nxt in space.next for n in lengths(nxt, depth + 1)]

    assert all(5 <= n <= 8 for n in lengths(track.start, 0))


def test_tile_spaces_on_tracks(catalog: Catalog) -> None:
    """S2, S5: 5 Specialization and 5 Invention tiles are drawn, one per tile space."""
    kinds = Counter(s.kind for s in (*catalog.work_track.spaces, *catalog.technology_track.spaces))
    assert kinds["specialization"] == catalog.constants.specialization_tiles_used == 5
    assert kinds["invention"] == catalog.constants.invention_tiles_used == 5


def test_objective_spaces(catalog: Catalog) -> None:
    """S3: 6 Objective spaces (1 Map, 1 Work track, 4 Technology track)."""
    on_map = sum(s.kind == "objective" for s in catalog.map.spaces)
    on_work = sum(s.kind == "objective" for s in catalog.work_track.spaces)
    on_tech = sum(s.kind == "objective" for s in catalog.technology_track.spaces)
    assert (on_map, on_work, on_tech) == (1, 1, 4)


# ------------------------------------------------------------------------------ study boards (B)


def test_study_boards(catalog: Catalog) -> None:
    """B1, B3, B4: 3 shelves, bottom-left pre-filled, more book spaces than tiles, lines of runs. The four
    boards are "identical save the starting action symbol that is pre-printed" (opinionatedgamers.com)."""
    first = catalog.study_boards[0]
    assert all(
        (b.book_spaces, b.lines, b.printed_drawer) == (first.book_spaces, first.lines, first.printed_drawer)
        for b in catalog.study_boards
    )
    assert len({b.printed_symbol for b in catalog.study_boards}) == 4
    symbols = set()
    for board in catalog.study_boards:
        assert {s.shelf for s in board.book_spaces} == {1, 2, 3}
        (pre,) = [s for s in board.book_spaces if s.prefilled]
        assert (pre.row, pre.col, pre.shelf) == (2, 0, 1) and pre.requirement.is_empty()
        assert all(not s.requirement.is_empty() for s in board.book_spaces if not s.prefilled)
        assert 16 <= len(board.book_spaces) <= 18
        assert all(1 <= line.vp <= 4 for line in board.lines)
        symbols.add((board.printed_drawer, board.printed_symbol))
    assert len(symbols) == 4


# ------------------------------------------------------------------------------ provenance


RECONSTRUCTED_SECTIONS = [
    ("cards", "action_cards"),
    ("tiles", "specializations"),
    ("tiles", "bonus_tokens"),
    ("map", "routes"),
]
SECONDARY_SECTIONS = {
    ("cards", "starting_cards"): "ludorium.at",
    ("study_boards", "boards"): "opinionatedgamers.com 2019",
}
RULEBOOK_SECTIONS = [
    ("tiles", "inventions"),
    ("tiles", "cities"),
    ("tiles", "objectives"),
    ("tiles", "income_tiles"),
]


@pytest.mark.parametrize(("file", "section"), RECONSTRUCTED_SECTIONS + RULEBOOK_SECTIONS + list(SECONDARY_SECTIONS))
def test_provenance_written_on_every_item(file: str, section: str) -> None:
    """Every item says in its own file whether the rules state it; nobody has to know the defaults."""
    items = raw(file)[section]
    expected = "reconstructed" if (file, section) in RECONSTRUCTED_SECTIONS else "rulebook"
    expected = SECONDARY_SECTIONS.get((file, section), expected)
    assert {item.get("provenance") for item in items} == {expected}


def test_provenance_of_map_spaces() -> None:
    """Basel (start), Bologna (a University) and Istanbul (a City) are stated; the other spaces are not."""
    provenance = {s["id"]: s.get("provenance") for s in raw("map")["spaces"]}
    assert {k for k, v in provenance.items() if v == "rulebook"} == {"basel", "bologna", "istanbul"}
    assert {v for k, v in provenance.items() if k not in ("basel", "bologna", "istanbul")} == {"reconstructed"}


def test_provenance_of_declared_counts() -> None:
    """The counts pack.json declares are all stated by the rule documents, and each group says so."""
    assert {group["provenance"] for group in raw("pack")["counts"].values()} == {"rulebook"}


def test_provenance_tracks_and_masters() -> None:
    """The Work track's Objective space (its requirement is stated by 002) is the one stated track space."""
    for name, track in raw("tracks").items():
        stated = {s["id"] for s in track["spaces"] if s.get("provenance") == "rulebook"}
        assert stated == ({"w13"} if name == "work" else set())
        assert {s.get("provenance") for s in track["spaces"] if s["id"] not in stated} == {"reconstructed"}
    masters = {m["id"]: m.get("provenance") for m in raw("masters")["masters"]}
    assert masters.pop("hawking") == "reconstructed"
    assert masters.pop("hooke") == "Board Game Arena material file"
    assert set(masters.values()) == {"rulebook"}


# ------------------------------------------------------------------------------ broken data packs


def pack(tmp_path: Path) -> Path:
    for name in DATA_FILES:
        shutil.copy(Path(str(DATA.joinpath(f"{name}.json"))), tmp_path / f"{name}.json")
    return tmp_path


def corrupt(folder: Path, name: str, change: Callable[[Any], None]) -> None:
    path = folder / f"{name}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


def set_field(path: list[str | int], value: Any) -> Callable[[Any], None]:
    def change(data: Any) -> None:
        for key in path[:-1]:
            data = data[key]
        data[path[-1]] = value

    return change


BROKEN = [
    pytest.param(
        "cards",
        set_field(["starting_cards", 0, "colour_volumes"], [["pink", ["blue"]]]),
        ["cards.json", "starting_cards", "work", "colour_volumes", "pink"],
        id="starting-volumes-of-an-unknown-colour",
    ),
    pytest.param(
        "cards",
        set_field(["action_cards", 3, "special", "type"], "teleport"),
        ["cards.json", "L1-04", "special", "teleport"],
        id="unknown-effect-type",
    ),
    pytest.param(
        "masters",
        set_field(["masters", 4, "vp"], "five"),
        ["masters.json", "descartes", "vp", "five"],
        id="string-for-int",
    ),
    pytest.param(
        "masters",
        set_field(["masters", 4, "immediate", 0, "then_perform_taken"], "yes"),
        ["masters.json", "descartes", "immediate[0]", "then_perform_taken"],
        id="deprecated-flag-not-a-boolean",
    ),
    pytest.param(
        "masters",
        set_field(["masters", 4, "immediate", 0, "action"], None),
        ["masters.json", "descartes", "immediate[0]", "modifiers change a named Basic Action, give its 'action'"],
        id="modifiers-of-a-choice-of-action",
    ),
    pytest.param(
        "tiles",
        set_field(["inventions", 0, "effects", 0, "coins"], "5"),
        ["tiles.json", "I1", "coins"],
        id="string-for-int-inside-effect",
    ),
    pytest.param(
        "map",
        set_field(["routes", 3, "b"], "bern"),
        ["map.json", "route 3", "bern"],
        id="route-to-unknown-space",
    ),
    pytest.param(
        "tiles",
        set_field(["cities", 2, "colour"], "red"),
        ["tiles.json", "C3", "colour"],
        id="unknown-field",
    ),
    pytest.param(
        "map",
        set_field(["spaces", 2, "kind"], "town"),
        ["map.json", "paris", "kind", "town"],
        id="unknown-kind",
    ),
    pytest.param(
        "tracks",
        set_field(["technology", "spaces", 2, "next"], ["zz"]),
        ["tracks.json", "technology", "a1", "zz"],
        id="track-next-unknown",
    ),
    pytest.param(
        "study_boards",
        set_field(["boards", 1, "book_spaces", 3, "requirement"], {"university": "IX"}),
        ["study_boards.json", "board B", "IX"],
        id="unknown-university",
    ),
    pytest.param(
        "tiles",
        lambda data: data["objectives"].pop(),
        ["tiles.json", "objectives", "expected 10 (declared in pack.json counts.tiles.objectives), found 9"],
        id="missing-objective",
    ),
]


@pytest.mark.parametrize(("file", "change", "words"), BROKEN)
def test_broken_pack_names_file_and_item(
    tmp_path: Path, file: str, change: Callable[[Any], None], words: list[str]
) -> None:
    folder = pack(tmp_path)
    corrupt(folder, file, change)
    with pytest.raises(DataError) as info:
        load_catalog(folder)
    for word in words:
        assert word in str(info.value)


def test_missing_file(tmp_path: Path) -> None:
    folder = pack(tmp_path)
    (folder / "tracks.json").unlink()
    with pytest.raises(DataError, match=r"tracks\.json"):
        load_catalog(folder)


def test_invalid_json(tmp_path: Path) -> None:
    folder = pack(tmp_path)
    (folder / "masters.json").write_text("{", encoding="utf-8")
    with pytest.raises(DataError, match=r"masters\.json: invalid JSON at line 1"):
        load_catalog(folder)


def test_copied_pack_loads(tmp_path: Path) -> None:
    """A user's data pack folder loads like the embedded one."""
    assert load_catalog(pack(tmp_path)) == load_catalog()


def test_a_pack_spelling_descartes_with_the_deprecated_flag_loads_as_the_modifier(tmp_path: Path) -> None:
    """A pack written before Descartes' follow-up became the modifier ``perform_taken_card`` (docs/data.md,
    "Deprecated fields") loads, warns with the replacement, and is the same game; a false flag is nothing."""
    folder = pack(tmp_path)
    old_spelling = {"type": "perform_action", "action": "lessons", "value": 1, "then_perform_taken": True}
    corrupt(folder, "masters", set_field(["masters", 4, "immediate", 0], old_spelling))
    corrupt(folder, "masters", set_field(["masters", 6, "immediate", 0, "then_perform_taken"], False))
    advice = r"'then_perform_taken' of 'perform_action' is deprecated: write \"modifiers\": .*perform_taken_card"
    with pytest.warns(DeprecationWarning, match=advice):
        old = load_catalog(folder)
    today = load_catalog()
    assert old.masters[6].id == "copernicus" and old.identity != today.identity  # other files, another digest
    assert attrs.evolve(old, identity=today.identity) == today


# ------------------------------------------------------------------------------ declared counts (pack.json)


def test_reference_pack_declares_the_rulebook_counts(catalog: Catalog) -> None:
    """Rulebook p.2, p.6, p.7: the counts the reference pack holds itself to."""
    counts = catalog.counts
    assert counts.cards.action_cards_per_level == (15, 15, 15)
    assert (counts.cards.player_colours, counts.masters.masters) == (4, 22)
    tiles = counts.tiles
    assert (tiles.inventions, tiles.specializations, tiles.cities, tiles.objectives) == (10, 10, 7, 10)
    assert tiles.bonus_tokens == 18
    assert attrs.asdict(counts.map.spaces) == {
        "start": 1,
        "university": 6,
        "ancient_land": 3,
        "city": 7,
        "village": 14,
        "master": 1,
        "objective": 1,
    }
    tracks = counts.tracks
    assert (tracks.work_special_spaces, tracks.work_master_spaces) == (4, 1)
    ends = (tracks.technology_path_ends, tracks.technology_objective_ends, tracks.technology_master_ends)
    assert ends == (6, 4, 1)
    assert counts.map.objective_volumes == tracks.objective_volumes == 4
    assert (counts.study_boards.boards, counts.study_boards.shelves) == (4, 3)


def add_copies(section: str, copies: int, level: int | None = None) -> Callable[[Any], None]:
    """Append ``copies`` copies of the first item of ``section`` (of ``level``, if given) with fresh ids."""

    def change(data: Any) -> None:
        items = data[section]
        template = next(item for item in items if level is None or item["level"] == level)
        items += [{**template, "id": f"variant-{n}"} for n in range(copies)]

    return change


def test_variant_pack_with_other_counts_loads(tmp_path: Path) -> None:
    """16 level-1 cards and 24 Masters: declared in pack.json, provided in the files, no code edit."""
    folder = pack(tmp_path)
    corrupt(folder, "cards", add_copies("action_cards", 1, level=1))
    corrupt(folder, "masters", add_copies("masters", 2))
    corrupt(folder, "pack", set_field(["counts", "cards", "action_cards_per_level"], [16, 15, 15]))
    corrupt(folder, "pack", set_field(["counts", "masters", "masters"], 24))
    variant = load_catalog(folder)
    assert sum(c.level == 1 for c in variant.action_cards) == 16
    assert len(variant.masters) == 24
    assert variant.counts.masters.masters == 24


def test_variant_pack_with_fewer_shelves_loads(tmp_path: Path) -> None:
    """A two-shelf variant: the top row of every board removed, fewer tiles per pile, 2 shelves declared."""

    def drop_top_shelf(data: Any) -> None:
        for board in data["boards"]:
            top = {s["id"] for s in board["book_spaces"] if s["row"] == 0}
            board["book_spaces"] = [{**s, "row": s["row"] - 1} for s in board["book_spaces"] if s["id"] not in top]
            lines = [{**line, "spaces": [i for i in line["spaces"] if i not in top]} for line in board["lines"]]
            board["lines"] = [line for line in lines if len(line["spaces"]) >= 2]

    folder = pack(tmp_path)
    corrupt(folder, "study_boards", drop_top_shelf)
    corrupt(folder, "constants", set_field(["tiles_per_pile"], 2))  # 8 tiles cannot fill 11 book spaces
    corrupt(folder, "pack", set_field(["counts", "study_boards", "shelves"], 2))
    variant = load_catalog(folder)
    assert {s.shelf for b in variant.study_boards for s in b.book_spaces} == {1, 2}


DISAGREEING = [
    pytest.param(
        ["counts", "cards", "action_cards_per_level"],
        [16, 15, 15],
        ["cards.json", "action_cards of level 1", "counts.cards.action_cards_per_level", "expected 16", "found 15"],
        id="cards-per-level",
    ),
    pytest.param(
        ["counts", "masters", "masters"],
        24,
        ["masters.json", "masters", "counts.masters.masters", "expected 24", "found 22"],
        id="masters",
    ),
    pytest.param(
        ["counts", "cards", "player_colours"],
        5,
        ["cards.json", "player_colours", "counts.cards.player_colours", "expected 5", "found 4"],
        id="player-colours",
    ),
    pytest.param(
        ["counts", "tiles", "cities"],
        8,
        ["tiles.json", "cities", "counts.tiles.cities", "expected 8", "found 7"],
        id="cities",
    ),
    pytest.param(
        ["counts", "map", "spaces", "village"],
        15,
        ["map.json", "spaces of kind village", "counts.map.spaces.village", "expected 15", "found 14"],
        id="map-space-kind",
    ),
    pytest.param(
        ["counts", "map", "objective_volumes"],
        5,
        ["map.json", "objective", "counts.map.objective_volumes", "requires 5 volumes", "found 4"],
        id="map-objective-volumes",
    ),
    pytest.param(
        ["counts", "tracks", "technology_path_ends"],
        7,
        ["tracks.json", "technology: path ends", "counts.tracks.technology_path_ends", "expected 7", "found 6"],
        id="path-ends",
    ),
    pytest.param(
        ["counts", "tracks", "work_special_spaces"],
        5,
        ["tracks.json", "work: special spaces", "counts.tracks.work_special_spaces", "expected 5", "found 4"],
        id="work-special-spaces",
    ),
    pytest.param(
        ["counts", "study_boards", "boards"],
        5,
        ["study_boards.json", "boards", "counts.study_boards.boards", "expected 5", "found 4"],
        id="study-boards",
    ),
    pytest.param(
        ["counts", "study_boards", "shelves"],
        4,
        ["study_boards.json", "board A", "counts.study_boards.shelves", "[1, 2, 3, 4]"],
        id="shelves",
    ),
]


@pytest.mark.parametrize(("path", "value", "words"), DISAGREEING)
def test_declared_count_disagreeing_with_content(
    tmp_path: Path, path: list[str | int], value: Any, words: list[str]
) -> None:
    """A count declared in pack.json that the files do not hold names the file, the item and the count."""
    folder = pack(tmp_path)
    corrupt(folder, "pack", set_field(path, value))
    with pytest.raises(DataError) as info:
        load_catalog(folder)
    for word in words:
        assert word in str(info.value)


BROKEN_MANIFEST = [
    pytest.param(
        set_field(["counts", "tiles", "potions"], 3),
        ["pack.json", "counts.tiles", "unknown field(s) potions"],
        id="unknown-count",
    ),
    pytest.param(
        lambda data: data["counts"]["masters"].pop("masters"),
        ["pack.json", "counts.masters.masters", "required field missing"],
        id="missing-count",
    ),
    pytest.param(
        set_field(["counts", "masters", "masters"], "22"),
        ["pack.json", "counts.masters.masters", "expected an integer"],
        id="string-for-count",
    ),
    pytest.param(
        set_field(["counts", "map", "spaces", "town"], 1),
        ["pack.json", "counts.map.spaces", "unknown field(s) town"],
        id="unknown-space-kind",
    ),
    pytest.param(
        set_field(["counts", "cards", "action_cards_per_level"], [15, 15]),
        ["pack.json", "counts.cards.action_cards_per_level", "one count per level 1, 2, 3"],
        id="levels",
    ),
    pytest.param(
        set_field(["name"], 7),
        ["pack.json", "name", "expected a string"],
        id="name-not-a-string",
    ),
]


@pytest.mark.parametrize(("change", "words"), BROKEN_MANIFEST)
def test_broken_manifest(tmp_path: Path, change: Callable[[Any], None], words: list[str]) -> None:
    folder = pack(tmp_path)
    corrupt(folder, "pack", change)
    with pytest.raises(DataError) as info:
        load_catalog(folder)
    for word in words:
        assert word in str(info.value)


def test_pack_without_manifest_is_refused(tmp_path: Path) -> None:
    """The counts are the pack's own: a folder without pack.json has none to be checked against."""
    folder = pack(tmp_path)
    (folder / "pack.json").unlink()
    with pytest.raises(DataError, match=r"pack\.json: cannot be read"):
        load_catalog(folder)


# ------------------------------------------------------------------------------ pack identity


def reformat(folder: Path) -> None:
    """Rewrite every file with other indentation and every object's keys in reverse order."""

    def reversed_keys(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: reversed_keys(value[k]) for k in reversed(list(value))}
        if isinstance(value, list):
            return [reversed_keys(v) for v in value]
        return value

    for name in DATA_FILES:
        path = folder / f"{name}.json"
        data = json.loads(path.read_text(encoding="utf-8"))
        path.write_text(json.dumps(reversed_keys(data), indent=7, ensure_ascii=True) + "\n\n", encoding="utf-8")


def test_reference_pack_identity(catalog: Catalog) -> None:
    assert catalog.identity.name == "newton-reference"
    assert len(catalog.identity.digest) == 64
    assert int(catalog.identity.digest, 16) >= 0  # hexadecimal


def test_same_folder_same_digest(tmp_path: Path, catalog: Catalog) -> None:
    folder = pack(tmp_path)
    assert load_catalog(folder).identity == load_catalog(folder).identity == catalog.identity


def test_reformatted_pack_same_digest(tmp_path: Path, catalog: Catalog) -> None:
    folder = pack(tmp_path)
    before = (folder / "map.json").read_text(encoding="utf-8")
    reformat(folder)
    assert (folder / "map.json").read_text(encoding="utf-8") != before
    assert load_catalog(folder).identity == catalog.identity


CHANGED_VALUES = [
    pytest.param("map", set_field(["routes", 0, "cost"], 1), id="route-cost"),
    pytest.param("masters", set_field(["masters", 0, "name"], "Robert Boyle (1627)"), id="master-name"),
    pytest.param("cards", set_field(["action_cards", 0, "provenance"], "rulebook"), id="provenance"),
    pytest.param("pack", set_field(["name"], "my-variant"), id="pack-name"),
]


@pytest.mark.parametrize(("file", "change"), CHANGED_VALUES)
def test_changed_value_changes_digest(
    tmp_path: Path, catalog: Catalog, file: str, change: Callable[[Any], None]
) -> None:
    folder = pack(tmp_path)
    corrupt(folder, file, change)
    assert load_catalog(folder).identity.digest != catalog.identity.digest


def test_unnamed_pack(tmp_path: Path, catalog: Catalog) -> None:
    """A pack.json without a name gives an identity without one; the content still tells packs apart."""
    folder = pack(tmp_path)
    corrupt(folder, "pack", lambda data: data.pop("name"))
    identity = load_catalog(folder).identity
    assert identity.name is None
    assert identity.digest != catalog.identity.digest


# ------------------------------------------------------------------------------ semantic validation


def problems_after(catalog: Catalog, **changes: Any) -> list[str]:
    return validate_catalog(attrs.evolve(catalog, **changes))


def test_duplicate_ids(catalog: Catalog) -> None:
    masters = (*catalog.masters, catalog.masters[0])
    assert any("duplicate id 'boyle'" in p for p in problems_after(catalog, masters=masters))


def test_disconnected_map(catalog: Catalog) -> None:
    kept = tuple(r for r in catalog.map.routes if "istanbul" not in (r.a, r.b))
    problems = problems_after(catalog, map=attrs.evolve(catalog.map, routes=kept))
    assert any("not connected" in p and "istanbul" in p for p in problems)


def test_duplicate_route(catalog: Catalog) -> None:
    first = catalog.map.routes[0]
    routes = (*catalog.map.routes, Route(a=first.b, b=first.a))
    problems = problems_after(catalog, map=attrs.evolve(catalog.map, routes=routes))
    assert any("duplicate route" in p for p in problems)


def test_track_cycle_and_unreachable(catalog: Catalog) -> None:
    track = catalog.technology_track
    looped = [attrs.evolve(s, next=("t1",)) if s.id == "a4" else s for s in track.spaces]
    spaces = (*looped, TrackSpace(id="orphan", kind="plain"))
    problems = problems_after(catalog, technology_track=attrs.evolve(track, spaces=spaces))
    assert any("cycle" in p for p in problems)
    assert any("not reachable" in p and "orphan" in p for p in problems)


def test_bonus_space_count(catalog: Catalog) -> None:
    track = catalog.technology_track
    spaces = tuple(attrs.evolve(s, bonus=None) if s.id == "t1" else s for s in track.spaces)
    problems = problems_after(catalog, technology_track=attrs.evolve(track, spaces=spaces))
    assert any("bonus spaces (one per bonus token): expected 18, found 17" in p for p in problems)


def test_book_line_not_adjacent(catalog: Catalog) -> None:
    board = catalog.study_boards[0]
    bad = BookLine(id="bad", spaces=("r0c0", "r0c2"), vp=2)
    problems = problems_after(
        catalog, study_boards=(attrs.evolve(board, lines=(*board.lines, bad)), *catalog.study_boards[1:])
    )
    assert any("line bad: not a full row or column" in p for p in problems)


def test_book_line_missing(catalog: Catalog) -> None:
    board = catalog.study_boards[0]
    problems = problems_after(
        catalog, study_boards=(attrs.evolve(board, lines=board.lines[1:]), *catalog.study_boards[1:])
    )
    assert any("have no line" in p for p in problems)


def test_prefilled_space(catalog: Catalog) -> None:
    board = catalog.study_boards[0]
    spaces = tuple(attrs.evolve(s, prefilled=False) for s in board.book_spaces)
    problems = problems_after(
        catalog, study_boards=(attrs.evolve(board, book_spaces=spaces), *catalog.study_boards[1:])
    )
    assert any("expected exactly 1 pre-filled book space, found 0" in p for p in problems)


def test_special_effect_on_wrong_action(catalog: Catalog) -> None:
    cards = tuple(attrs.evolve(c, symbols=("work",)) if c.id == "L1-13" else c for c in catalog.action_cards)
    problems = problems_after(catalog, action_cards=cards)
    assert problems == ["cards.json: action_cards: L1-13: special effect 'extra_book_tile' only works on a study card"]


# ------------------------------------------------------------------------------ docs/data.md


def doc_blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", DOCS.read_text(encoding="utf-8"), flags=re.DOTALL)


@pytest.mark.parametrize("block", doc_blocks("python"))
def test_docs_python_example_runs(block: str) -> None:
    exec(compile(block, str(DOCS), "exec"), {})


def test_docs_show_the_shipped_pack_json() -> None:
    """The pack.json example of docs/data.md is the shipped file, so the documented counts are the real ones."""
    shown = [json.loads(block) for block in doc_blocks("json") if block.lstrip().startswith('{"name"')]
    assert shown == [raw("pack")]


# ------------------------------------------------------------------ the Great Discoveries, the extra Objectives


def test_great_discoveries_data_as_the_rules_state(catalog: Catalog) -> None:
    """G1, G4, A1: 8 tiles, 3/4/5/6 face up; the City (half cost), Invention (free) and Objective tile
    (4 VP per tile, at most 12); the 8 additional Objective tiles with their stated values."""
    module = catalog.great_discoveries
    assert len(module.great_discoveries) == 8 and module.face_up_by_players == (3, 4, 5, 6)
    assert [t.effects for t in module.cities] == [(TakeGreatDiscovery(price="half"),)]
    assert [t.effects for t in module.inventions] == [(TakeGreatDiscovery(price="free"),)]
    (objective,) = module.objectives
    assert (objective.counter, objective.vp, objective.per, objective.cap) == ("great_discoveries", 4, 1, 12)
    stated = {o.counter: o.vp for o in catalog.extra_objectives}
    assert stated == {
        "students_in_supply": 3,
        "masters_unplayed": 3,
        "cubes_unplaced": 1,
        "book_tiles_unplaced": 1,
        "objectives_unoccupied": 1,
        "universities_unvisited": 1,
        "empty_income_spaces": 1,
        "work_special_spaces_unreached": 2,
    }
    assert all(o.cap is None and o.per == 1 and o.provenance == "rulebook" for o in catalog.extra_objectives)
    assert {t.provenance for t in module.great_discoveries} == {"reconstructed"}


@pytest.mark.parametrize(
    ("name", "change", "message"),
    [
        (
            "great_discoveries",
            lambda d: d["great_discoveries"].pop(),
            "great_discoveries.json: great_discoveries: expected 8 (declared in pack.json "
            "counts.great_discoveries.great_discoveries), found 7",
        ),
        (
            "great_discoveries",
            lambda d: d.update(face_up_by_players=[3, 4, 5, 9]),
            "great_discoveries.json: face_up_by_players: 9 tiles face up, but the module has 8",
        ),
        (
            "great_discoveries",
            lambda d: d["great_discoveries"][0].update(passive=[{"type": "gain", "vp": 1}]),
            "great_discoveries.json: great_discoveries: GD1: passive: only permanent_volumes, got 'gain'",
        ),
        (
            "great_discoveries",
            lambda d: d["great_discoveries"][0].update(
                discovery=[{"type": "per_count", "counter": "coins", "action": "work"}]
            ),
            "great_discoveries.json: great_discoveries: GD1: discovery: only gain or per_count without an action",
        ),
        (
            "great_discoveries",
            lambda d: d["cities"][0].update(id="C1"),
            "great_discoveries.json: cities/inventions (with tiles.json): duplicate id 'C1'",
        ),
        (
            "extra_objectives",
            lambda d: d["objectives"][0].update(id="O1"),
            "great_discoveries.json: objectives (with tiles.json and extra_objectives.json): duplicate id 'O1'",
        ),
        (
            "extra_objectives",
            lambda d: d["objectives"][0].update(vp=0),
            "extra_objectives.json: objectives: O12: 'per' and 'vp' must be positive",
        ),
    ],
)
def test_a_broken_module_file_is_named(tmp_path: Path, name: str, change: Callable[[Any], None], message: str) -> None:
    folder = pack(tmp_path)
    corrupt(folder, name, change)
    with pytest.raises(DataError) as caught:
        load_catalog(folder)
    assert message in str(caught.value)


def test_stated_facts_are_checked() -> None:
    """docs/data.md lists every stated fact with its source and the test here that checks it: every row
    names a source and only tests of this module, which exist."""
    text = DOCS.read_text(encoding="utf-8")
    table = text[text.index("### Stated facts") : text.index("### File by file")]
    rows = [line.split("|")[1:-1] for line in table.splitlines() if re.match(r"\| F\d+ ", line)]
    assert [row[0].strip() for row in rows] == [f"F{i}" for i in range(1, len(rows) + 1)]
    tests = {name for name, value in globals().items() if name.startswith("test_") and callable(value)}
    for fact_id, _fact, source, _data, checked_by in rows:
        assert source.strip(), fact_id
        named = re.findall(r"`(test_\w+)`", checked_by)
        assert named and set(named) <= tests, (fact_id, named)


@pytest.mark.parametrize(("marker", "unreached"), [("w0", 4), ("w2", 3), ("w8", 2), ("w11", 0), ("w13", 0)])
def test_the_4_special_spaces_of_the_work_track_counted_by_the_additional_objective_tile(
    catalog: Catalog, marker: str, unreached: int
) -> None:
    """A1 (000 additional tiles), R23: "2 VPs for each of the 4 Special Spaces you still haven't reached on the
    Work track" counts the tile spaces ahead of the marker, not the Master space."""
    state = Position(players=1, seed=1, catalog=catalog).player(0, work=marker).state
    assert count(catalog, state, state.players[0], "work_special_spaces_unreached") == unreached


def _end_of_round_one(pos: Position) -> Position:
    """Player 0 plays the last turn of round 1 (the round's 10th turn of 2 players)."""
    return pos.with_state(turn_index=len(pos.state.players) * pos.catalog.constants.turns_per_round)


def test_frank_study_example_on_the_reference_bookshelf() -> None:
    """Rulebook p.8 (B1, B2, B4, R4), with the shipped bookshelf: Frank studies at value 2 and takes the third
    tile of his first pile (1 Potion). He has visited University II (Bologna) and shows a blue Volume, so he
    meets both highlighted requirements: r1c3 (University II) and r2c2 (a blue Volume). He takes the blue
    one, which completes its column: 2 VP at this and every later End Round."""
    pos = Position(players=2, seed=5).player(0, board="B", books=("r0c2", "r1c2"), cubes=("bologna",))
    pos.map_tile("bologna", "II").development(0, "study")
    pos = _end_of_round_one(pos.turn(0, played="study"))
    game = pos.game().apply("basic study")
    legal = {a.arg for a in game.legal_actions() if a.kind == "book"}
    assert {"r1c3", "r2c2"} <= legal
    board = game.catalog.boards_by_id["B"]
    spaces = {s.id: s for s in board.book_spaces}
    assert spaces["r1c3"].requirement.university == "II" and spaces["r2c2"].requirement.volumes == (("blue", 1),)
    game = game.apply("book r2c2")
    p = game.state.players[0]
    assert (p.potions, p.vp) == (1, 0)
    column = next(line for line in board.lines if line.id == "col2-0")
    assert set(column.spaces) <= set(p.books) and column.vp == 2
    game = game.apply("end").apply(f"tuck {pos.card_id(0, 'study')}")
    assert (game.state.round, game.state.players[0].vp) == (2, 2)


def test_alice_income_example_on_the_reference_bookshelf() -> None:
    """Rulebook p.10 (F11): Alice receives 2 VP and 4 VP for a completed row and column, 1 VP for the
    Medicine Income tile and 1 Potion for the Income tile. On the shipped bookshelf: the column col0-0
    (2 VP, its bottom space printed full) and the row row0-0 (4 VP) meet on r0c0."""
    books = ("r1c0", "r0c1", "r0c2", "r0c0")
    pos = Position(players=2, seed=5).player(0, board="B", books=books, income=("medicine", "potion"))
    pos = _end_of_round_one(pos.turn(0, played="study"))
    lines = {line.id: line for line in pos.catalog.boards_by_id["B"].lines}
    assert (lines["col0-0"].vp, lines["row0-0"].vp) == (2, 4)
    before = pos.state.players[0]
    game = pos.game().apply("end").apply(f"tuck {pos.card_id(0, 'study')}")
    after = game.state.players[0]
    assert (after.vp - before.vp, after.potions - before.potions) == (2 + 4 + 1, 1)
