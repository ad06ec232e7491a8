"""Any component by its id, in words: what ``help ID`` of the terminal play reads.

:func:`component_text` takes an id (``D01``, ``T3``, ``S2``, ``majors``, ``galileo``, ``comet``, ``cellar``,
...) or a name (a Major Object's ``Mars``, an astronomer's ``Galileo Galilei``), case aside;
:func:`component_ids` lists every id it reads for a data pack.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from galileo_rules.components.catalog import Catalog
from galileo_rules.errors import RulesError
from galileo_rules.model.config import ASTRONOMERS
from galileo_rules.model.sky import SPACES
from galileo_rules.rules.turn import FREE_ACTIONS
from galileo_rules.text.boards import (
    astronomer_text,
    book_of_comets_text,
    cellar_text,
    constellation_spaces_text,
    dice_text,
    free_action_text,
    free_actions_text,
    library_text,
    sky_space_text,
    tribunal_text,
)
from galileo_rules.text.components import (
    ASTRONOMER_NAMES,
    PRINTED_OBJECTIVES,
    action_tile_text,
    card_back_text,
    discovery_card_text,
    library_tile_text,
    movement_tile_text,
    objective_text,
    scale_text,
    subject_text,
    tycho_tile_text,
)

TYCHO = "tycho"

# The boards and rules summaries, by id.
_BOARDS: dict[str, Callable[[Catalog], str]] = {
    "cellar": lambda catalog: cellar_text(catalog.cellar),
    "bruno-cellar": lambda catalog: cellar_text(catalog.bruno_cellar, bruno=True),
    "tribunal": tribunal_text,
    "book-of-comets": book_of_comets_text,
    "constellation-spaces": constellation_spaces_text,
    "free-actions": free_actions_text,
    "library": library_text,
    "dice": dice_text,
}


def _texts(catalog: Catalog) -> dict[str, Callable[[], str]]:
    """Every id the catalog and the boards give, with how to read it (built on demand, never cached: a
    corrected data pack reads as it is)."""
    texts: dict[str, Callable[[], str]] = {}
    texts |= {card.id: partial(discovery_card_text, card) for card in catalog.cards}
    texts |= {f"?{tier}": partial(card_back_text, tier, rows) for tier, rows in catalog.card_backs.items()}
    texts |= {tile.id: partial(action_tile_text, tile) for tile in catalog.action_tiles}
    texts[catalog.kepler_tile.id] = partial(action_tile_text, catalog.kepler_tile, kepler=True)
    texts |= {scale.id: partial(scale_text, scale) for scale in catalog.scales}
    texts |= {subject.id: partial(subject_text, subject) for subject in catalog.subjects}
    texts |= {objective: partial(objective_text, catalog, objective) for objective in PRINTED_OBJECTIVES}
    texts |= {tile.id: partial(library_tile_text, tile) for tile in catalog.library_tiles}
    texts |= {tile.id: partial(tycho_tile_text, tile) for tile in catalog.tycho_tiles}
    texts |= {tile.id: partial(movement_tile_text, tile) for tile in catalog.movement_tiles}
    texts |= {astronomer: partial(astronomer_text, catalog, astronomer) for astronomer in (*ASTRONOMERS, TYCHO)}
    texts |= {name: partial(sky_space_text, space) for space, name in enumerate(SPACES)}
    texts |= {f"free-{free}": partial(free_action_text, catalog, free) for free in FREE_ACTIONS}
    texts |= {board: partial(words, catalog) for board, words in _BOARDS.items()}
    return texts


def component_ids(catalog: Catalog) -> tuple[str, ...]:
    """Every id :func:`component_text` reads, in the order of the data pack and the boards."""
    return tuple(_texts(catalog))


def _names(catalog: Catalog) -> dict[str, str]:
    """A name (lower case) -> the id it stands for: Major Objects, astronomers, ids in any case."""
    names = {card.name.lower(): card.id for card in catalog.cards}
    names |= {name.lower(): astronomer for astronomer, name in ASTRONOMER_NAMES.items()}
    return names | {component.lower(): component for component in component_ids(catalog)}


def component_text(catalog: Catalog, component_id: str) -> str:
    """The component ``component_id`` (an id or a name, case aside) in words; raises RulesError naming the
    kinds of id it reads for anything else."""
    texts = _texts(catalog)
    wanted = component_id.strip()
    found = wanted if wanted in texts else _names(catalog).get(wanted.lower())
    if found is None:
        raise RulesError(
            f"nothing is called {wanted!r}: give a Discovery card (D01 or Mars), a card back (?1), an Action tile "
            "(T3, K), a Scale (S2), a Subject (majors), an objective (observer), an astronomer (galileo), a "
            "telescope space (comet), a Library tile (L1), a Tycho tile (Y1, M3), free-die, cellar, "
            "bruno-cellar, tribunal, book-of-comets, constellation-spaces, free-actions, library or dice"
        )
    return texts[found]()
