"""docs/model.md stays true to the model: one section per record with a table of exactly its fields and their
declared types, the JSON tags, the rules module answering each frame, the actions each frame offers and who
sees each event (the last two as observed in random games)."""

from __future__ import annotations

import inspect
import random
import re
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any, NamedTuple

import attrs
import pytest

import newton_rules as nr
import rules_core.stack
from newton_rules.model import events, frames, sources, state
from newton_rules.rules.table import DECLARED_FRAMES, RULES

PAGE = Path(__file__).resolve().parent.parent / "docs" / "model.md"
MODEL_MODULES = (state, frames, events, sources)
HEADING = re.compile(r"^### `(?P<name>\w+)`(?: · tag `(?P<tag>\w+)`)?[ \t]*$", re.M)
FIELD_HEADER = ("field", "type", "meaning")
UNESCAPED_PIPE = re.compile(r"(?<!\\)\|")
ACTIONS = re.compile(r"\*\*Actions:\*\*(?P<text>.*?)(?:\n\n|\Z)", re.S)
SEEN_BY_EVERYONE = "**Seen by:** everyone."
SEEN_BY_PLAYER = "**Seen by:** its `player` only."


class Section(NamedTuple):
    """A ``### `Record` `` section of the page: the record's name, its JSON tag if any, its text."""

    name: str
    tag: str | None
    text: str


def read_sections(text: str) -> dict[str, Section]:
    """Every record section of ``text``, by record name; a section ends at the next heading of any level."""
    found: dict[str, Section] = {}
    headings = list(HEADING.finditer(text))
    for heading in headings:
        rest = text[heading.end() :]
        end = re.search(r"^#{1,3} ", rest, re.M)
        body = rest[: end.start()] if end else rest
        name = heading["name"]
        assert name not in found, f"docs/model.md documents {name} twice"
        found[name] = Section(name, heading["tag"], body)
    return found


def table_cells(line: str) -> tuple[str, ...]:
    """The cells of a Markdown table row, ``\\|`` read as a literal ``|`` (as in ``str \\| None``)."""
    inner = line.strip().removeprefix("|").removesuffix("|")
    return tuple(cell.strip().replace("\\|", "|") for cell in UNESCAPED_PIPE.split(inner))


def field_rows(section: Section) -> list[tuple[str, str]]:
    """(field, type) of each row of the section's ``| field | type | meaning |`` table, code marks removed."""
    lines = iter(section.text.splitlines())
    for line in lines:
        if line.startswith("|") and table_cells(line) == FIELD_HEADER:
            next(lines)  # the | --- | row
            return [_field_and_type(row) for row in _rows(lines)]
    return []


def _rows(lines: Iterator[str]) -> Iterator[tuple[str, ...]]:
    for line in lines:
        if not line.startswith("|"):
            return
        yield table_cells(line)


def _field_and_type(row: tuple[str, ...]) -> tuple[str, str]:
    assert len(row) == len(FIELD_HEADER), f"a field row needs {len(FIELD_HEADER)} cells: {row}"
    field, kind, meaning = row
    assert meaning, f"field {field} has no meaning"
    return field.strip("`"), kind.strip("`")


def documented_actions(section: Section) -> set[str]:
    """The action kinds named on the section's **Actions:** line (the first word of each code span)."""
    found = ACTIONS.search(section.text)
    assert found, f"{section.name} has no **Actions:** line"
    return {span.split()[0] for span in re.findall(r"`([^`]+)`", found["text"])}


def model_records(module: ModuleType) -> list[type[Any]]:
    """The attrs classes defined in ``module``, and those of the engine core's decision stack it re-exports
    (the stack events every game shares), not the other classes it imports."""
    owners = (module.__name__, rules_core.stack.__name__)
    defined = [obj for obj in vars(module).values() if isinstance(obj, type) and obj.__module__ in owners]
    return [cls for cls in defined if attrs.has(cls)]


def declared_fields(record: type[Any]) -> list[tuple[str, str]]:
    """(field, type as written in the source) of ``record``, in declaration order."""
    written = inspect.get_annotations(record)
    return [(field.name, written[field.name]) for field in attrs.fields(record)]


MODEL_RECORDS = [record for module in MODEL_MODULES for record in model_records(module)]
# With the decisions declared beside their rules (a record of a rules module), every decision a front end reads.
RECORDS = [*MODEL_RECORDS, *(cls for cls in DECLARED_FRAMES if cls not in MODEL_RECORDS)]
TAGS: dict[type[Any], str] = {cls: cls.tag for cls in DECLARED_FRAMES} | {
    cls: tag for tag, cls in events.EVENT_TYPES.items()
}
SECTIONS = read_sections(PAGE.read_text(encoding="utf-8"))


def test_the_records_include_those_a_front_end_reads() -> None:
    names = {record.__name__ for record in RECORDS}
    must = {"GameState", "PlayerState", "BoardState", "Reward", "Source", "HiddenEvent"}
    assert must <= names
    assert {cls.__name__ for cls in TAGS} <= names


def test_every_record_has_one_section_and_every_section_a_record() -> None:
    assert sorted(SECTIONS) == sorted(record.__name__ for record in RECORDS)


@pytest.mark.parametrize("record", RECORDS, ids=[record.__name__ for record in RECORDS])
def test_the_table_lists_exactly_the_fields_and_their_types(record: type[Any]) -> None:
    assert field_rows(SECTIONS[record.__name__]) == declared_fields(record)


@pytest.mark.parametrize("record", RECORDS, ids=[record.__name__ for record in RECORDS])
def test_the_heading_gives_the_json_tag(record: type[Any]) -> None:
    assert SECTIONS[record.__name__].tag == TAGS.get(record)


def _answering_module(function: Any) -> str:
    """``rules/<module>.py`` of a rules function (its ``__module__`` is ``newton_rules.rules.<module>``)."""
    module: str = function.__module__
    return "rules/" + module.rsplit(".", 1)[1] + ".py"


@pytest.mark.parametrize("frame", DECLARED_FRAMES, ids=[cls.tag for cls in DECLARED_FRAMES])
def test_each_frame_names_the_rules_module_that_answers_it(frame: type[Any]) -> None:
    kind = next(kind for kind in RULES.decisions if kind.record is frame)
    rules = kind.legal if kind.legal is not None else kind.settle
    assert _answering_module(rules) in SECTIONS[frame.__name__].text


class Observed(NamedTuple):
    """What random games show: the action kinds legal in each kind of frame, who sees each kind of event."""

    actions: dict[type[Any], set[str]]
    audiences: dict[type[Any], set[bool]]  # event class -> {is it private}


def observe_random_games() -> Observed:
    actions: dict[type[Any], set[str]] = defaultdict(set)
    audiences: dict[type[Any], set[bool]] = defaultdict(set)
    for players in (1, 2, 3, 4):
        modules = nr.Options(master_draft=True, advanced_lessons=True, great_discoveries=True, extra_objectives=True)
        for options in (nr.Options(), nr.Options(master_draft=True), modules):
            for seed in range(3):
                rng = random.Random(seed)
                game = nr.new_game(players=players, seed=seed, options=options)
                for event in game.last_events:
                    audiences[type(event)].add(nr.audience(event) is not None)
                while not game.is_over:
                    legal = game.legal_actions()
                    actions[type(game.frames[-1])] |= {action.kind for action in legal}
                    game = game.apply(rng.choice(legal))
                    for event in game.last_events:
                        audiences[type(event)].add(nr.audience(event) is not None)
    return Observed(actions, audiences)


@pytest.fixture(scope="module")
def observed() -> Observed:
    return observe_random_games()


def test_random_games_reach_most_frames(observed: Observed) -> None:
    # Guards the two checks below against passing on an empty sample.
    assert len(observed.actions) >= 10 and len(observed.audiences) >= 15


@pytest.mark.parametrize("frame", DECLARED_FRAMES, ids=[cls.tag for cls in DECLARED_FRAMES])
def test_each_frame_documents_every_action_it_offers(frame: type[Any], observed: Observed) -> None:
    assert observed.actions.get(frame, set()) <= documented_actions(SECTIONS[frame.__name__])


@pytest.mark.parametrize("event", list(events.EVENT_TYPES.values()), ids=list(events.EVENT_TYPES))
def test_each_event_says_who_sees_it(event: type[Any], observed: Observed) -> None:
    text = SECTIONS[event.__name__].text
    private, public = SEEN_BY_PLAYER in text, SEEN_BY_EVERYONE in text
    assert private != public, f"{event.__name__} must say either {SEEN_BY_EVERYONE!r} or {SEEN_BY_PLAYER!r}"
    assert observed.audiences.get(event, set()) <= {private}


def test_the_page_parser_reads_escaped_pipes_and_stops_at_the_table_end() -> None:
    section = Section(
        "Sample",
        None,
        "\n| field | type | meaning |\n| --- | --- | --- |\n| `a` | `int \\| None` | an a |\n\n| x | y | z |\n",
    )
    assert field_rows(section) == [("a", "int | None")]
