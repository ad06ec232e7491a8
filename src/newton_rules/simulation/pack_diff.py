"""What changed between two data packs, item by item, in words (``newton-rules data diff A B``).

:func:`diff_catalogs` compares two catalogs component by component: an item is matched by its id (a
route by its two ends, a pile bonus by its pile), and every field that differs is one :class:`Change`,
its values in the words the rest of the project uses for them (:mod:`newton_rules.text`), e.g.
``L2-10: Special Effect 'Spend 1 Potion: gain 3 VP' → 'Spend 2 coins: gain 2 VP'``. An item only one
pack holds is added or removed, with its whole text.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import attrs

from newton_rules import Catalog
from newton_rules.text import (
    action_card_text,
    amount_text,
    bonus_token_text,
    effect_text,
    effects_text,
    map_space_text,
    master_text,
    objective_text,
    pile_bonus_text,
    requirement_text,
    study_board_text,
    track_space_text,
)
from newton_rules.text.components import great_discovery_text, special_action_text, symbols_text, volumes_text

ARROW = "→"


@attrs.frozen(kw_only=True)
class Change:
    """One change: the ``item`` (``L2-10``, ``Master descartes``, ``constants``), what of it changed
    (``field``: ``Special Effect``, ``VP``, ...; ``added`` or ``removed`` for a whole item) and the words
    of its value ``before`` and ``after`` (None for an item that did not exist then)."""

    item: str
    field: str
    before: str | None
    after: str | None

    @property
    def text(self) -> str:
        if self.before is None:
            return f"{self.item}: added: {self.after}"
        if self.after is None:
            return f"{self.item}: removed (was: {self.before})"
        return f"{self.item}: {self.field} {self.before!r} {ARROW} {self.after!r}"

    def as_json(self) -> dict[str, str | None]:
        return {"item": self.item, "field": self.field, "before": self.before, "after": self.after, "text": self.text}


# How a field's value reads, by the field's name; a field not named here reads as its plain value.
_FIELD_WORDS: dict[str, tuple[str, Callable[[Any], str]]] = {
    "special": ("Special Effect", lambda e: "none" if e is None else effect_text(e)),
    "effect": ("effect", effect_text),
    "effects": ("effects", effects_text),
    "immediate": ("effect when played", effects_text),
    "passive": ("effect while in play", effects_text),
    "discovery": ("effect when activated", effects_text),
    "requirement": ("requirement", lambda r: "none" if r is None else requirement_text(r)),
    "symbols": ("symbols", symbols_text),
    "volumes": ("volumes", volumes_text),
    "cost": ("cost", lambda c: str(c) if isinstance(c, int) else amount_text(c)),
    "income": ("income", amount_text),
    "special_action": ("tucked special action", lambda a: "none" if a is None else special_action_text(a)),
    "vp": ("VP", str),
}


def _plain(value: Any) -> str:
    """A value without words of its own: numbers and names as they are, lists joined, records as fields."""
    if value is None:
        return "none"
    if isinstance(value, tuple | list):
        return "[" + ", ".join(_plain(v) for v in value) + "]"
    if attrs.has(type(value)):
        return ", ".join(f"{f.name} {_plain(getattr(value, f.name))}" for f in attrs.fields(type(value)))
    return str(value)


def _words(name: str, value: Any) -> str:
    return str(_FIELD_WORDS[name][1](value)) if name in _FIELD_WORDS else _plain(value)


def _is_keyed_records(value: Any) -> bool:
    return isinstance(value, tuple) and bool(value) and all(attrs.has(type(v)) and hasattr(v, "id") for v in value)


def diff_records(item: str, before: Any, after: Any) -> list[Change]:
    """The changes of one item, field by field (a list of records with ids is compared item by item, a
    record without words of its own field by field)."""
    changes: list[Change] = []
    for field in attrs.fields(type(before)):
        name = field.name
        old, new = getattr(before, name), getattr(after, name)
        if old == new:
            continue
        if name not in _FIELD_WORDS and (_is_keyed_records(old) or _is_keyed_records(new)):
            changes += diff_items(f"{item}, {name.replace('_', ' ')}", old, new, lambda x: x.id, _plain)
        elif name not in _FIELD_WORDS and attrs.has(type(old)) and type(old) is type(new):
            changes += diff_records(f"{item} {name}", old, new)
        else:
            label = _FIELD_WORDS[name][0] if name in _FIELD_WORDS else name.replace("_", " ")
            changes.append(Change(item=item, field=label, before=_words(name, old), after=_words(name, new)))
    return changes


def diff_items(
    kind: str,
    before: Iterable[Any],
    after: Iterable[Any],
    key: Callable[[Any], Any],
    text: Callable[[Any], str],
) -> list[Change]:
    """The changes of a list of items matched by ``key``: each changed item's fields, then the items
    removed and added (``text``: an item's whole description)."""
    old = {key(item): item for item in before}
    new = {key(item): item for item in after}

    def name(k: Any) -> str:
        return f"{kind} {k}" if kind else str(k)

    changes: list[Change] = []
    for k, item in old.items():
        if k not in new:
            changes.append(Change(item=name(k), field="removed", before=text(item), after=None))
        elif item != new[k]:
            changes += diff_records(name(k), item, new[k])
    changes += [
        Change(item=name(k), field="added", before=None, after=text(item)) for k, item in new.items() if k not in old
    ]
    return changes


def _by_id(x: Any) -> Any:
    return x.id


def _route_key(route: Any) -> str:
    return "-".join(sorted((route.a, route.b)))


def diff_catalogs(before: Catalog, after: Catalog) -> list[Change]:
    """Every change from the pack ``before`` to the pack ``after``, in the order of the data files."""
    b, a = before, after
    gd_b, gd_a = b.great_discoveries, a.great_discoveries
    changes = [
        *_scalar("pack", "name", b.identity.name, a.identity.name),
        *diff_records("pack.json counts", b.counts, a.counts),
        *diff_records("constants", b.constants, a.constants),
        *_scalar("cards", "player colours", b.player_colours, a.player_colours),
        *diff_items("Starting card", b.starting_cards, a.starting_cards, _by_id, action_card_text),
        *diff_items("", b.action_cards, a.action_cards, _by_id, action_card_text),
        *diff_items("Master", b.masters, a.masters, _by_id, master_text),
        *_tiles(b, a),
        *diff_items("Map space", b.map.spaces, a.map.spaces, _by_id, map_space_text),
        *diff_items("route", b.map.routes, a.map.routes, _route_key, _plain),
        *_scalar("map", "start", b.map.start, a.map.start),
        *diff_items("Work track space", b.work_track.spaces, a.work_track.spaces, _by_id, _track("work")),
        *diff_items(
            "Technology track space", b.technology_track.spaces, a.technology_track.spaces, _by_id, _track("technology")
        ),
        *diff_items("Study board", b.study_boards, a.study_boards, _by_id, study_board_text),
        *diff_items("", b.advanced_lessons, a.advanced_lessons, _by_id, action_card_text),
        *_scalar("Great Discoveries", "face up by players", gd_b.face_up_by_players, gd_a.face_up_by_players),
        *diff_items("Great Discovery", gd_b.great_discoveries, gd_a.great_discoveries, _by_id, great_discovery_text),
        *diff_items("Great Discoveries City tile", gd_b.cities, gd_a.cities, _by_id, _effects_of),
        *diff_items("Great Discoveries Invention tile", gd_b.inventions, gd_a.inventions, _by_id, _effects_of),
        *diff_items("Great Discoveries Objective tile", gd_b.objectives, gd_a.objectives, _by_id, objective_text),
        *diff_items("extra Objective tile", b.extra_objectives, a.extra_objectives, _by_id, objective_text),
    ]
    return changes


def _tiles(b: Catalog, a: Catalog) -> list[Change]:
    return [
        *diff_items("Invention tile", b.inventions, a.inventions, _by_id, _effects_of),
        *diff_items("Specialization tile", b.specializations, a.specializations, _by_id, _effects_of),
        *diff_items("City tile", b.cities, a.cities, _by_id, _effects_of),
        *diff_items("Objective tile", b.objectives, a.objectives, _by_id, objective_text),
        *diff_items("Bonus token", b.bonus_tokens, a.bonus_tokens, _by_id, bonus_token_text),
        *diff_items("Income tile", b.income_tiles, a.income_tiles, _by_id, _effects_of),
        *diff_items("pile bonus", b.pile_bonuses, a.pile_bonuses, lambda p: p.pile, pile_bonus_text),
        *_scalar("tiles", "universities", b.universities, a.universities),
        *_scalar("tiles", "ancient lands", b.ancient_lands, a.ancient_lands),
    ]


def _effects_of(tile: Any) -> str:
    return effects_text(tile.effects)


def _track(track: str) -> Callable[[Any], str]:
    return lambda space: track_space_text(track, space)


def _scalar(item: str, field: str, before: Any, after: Any) -> list[Change]:
    return [] if before == after else [Change(item=item, field=field, before=_plain(before), after=_plain(after))]


def render_changes(changes: Sequence[Change], before: str, after: str) -> str:
    """The changes as text, one line each, after a line naming the two packs."""
    if not changes:
        return f"{before} {ARROW} {after}: no change"
    lines = [f"{before} {ARROW} {after}: {len(changes)} change(s)"]
    return "\n".join([*lines, *(f"  {change.text}" for change in changes)])


__all__ = ["ARROW", "Change", "diff_catalogs", "diff_items", "diff_records", "render_changes"]
