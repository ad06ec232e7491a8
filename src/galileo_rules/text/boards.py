"""The boards and the astronomers in words: a telescope space, the cellar, the Tribunal, the Book of Comets,
the Constellation spaces, the free actions, the Library and each astronomer's Character Board."""

from __future__ import annotations

from galileo_rules.components.catalog import Catalog
from galileo_rules.components.records import Cellar, Reward
from galileo_rules.model.sky import SKY, UPGRADE_SPACE
from galileo_rules.rules.turn import FREE_ACTIONS
from galileo_rules.text.components import (
    FIXED_ACTION_NAMES,
    astronomer_name,
    effects_text,
    sky_space_name,
)
from rules_core.words import join_words, lowered, ordinal, plural


def sky_space_text(space: int) -> str:
    """A telescope space of the starry sky (GT1): its fixed action(s) and its Action tile slot."""
    name = sky_space_name(space)
    if not SKY[space]:
        start = " (the telescope starts at the upper one)" if space == 1 else ""
        return (
            f"Telescope space {space}, {name}{start}: the telescope never points here once the game begins; "
            f"its slot holds an Action tile waiting to move up the sky"
        )
    if space == UPGRADE_SPACE:
        return (
            f"Telescope space {space}, {name}: fixed action Upgrade (flip one of your Action tiles to its golden "
            f"side); no Action tile here: gain 1 Quadrant token instead of a moving action"
        )
    fixed = " or ".join(FIXED_ACTION_NAMES[f] for f in SKY[space])
    moving = "one option of the Action tile beside it"
    return f"Telescope space {space}, {name}: fixed action {fixed}; moving action: {moving}"


def cellar_text(cellar: Cellar, bruno: bool = False) -> str:
    """Each cellar space, leftmost first: its interrogation value, its end-game value (and Bruno's rewards)."""
    spaces = []
    for k, (asked, final, reward) in enumerate(zip(cellar.interrogation, cellar.final, cellar.rewards, strict=True)):
        gain = f", moving onto it: {lowered(effects_text(reward))}" if reward else ""
        spaces.append(f"space {k}: {asked:+d} at an interrogation, {final:+d} VP at the end{gain}")
    owner = "Giordano Bruno's Cellar tile" if bruno else "The cellar of a Player Board"
    return (
        f"{owner}: a new Inquisitor goes to the leftmost space, Persuade moves one a space right, an "
        f"interrogation adds up the values of the Inquisitors there. " + "; ".join(spaces)
    )


def tribunal_text(catalog: Catalog) -> str:
    track = catalog.reputation
    spaces = ", ".join(f"{label:+d}: {vp:+d} VP" for label, vp in zip(track.labels, track.vp, strict=True))
    return (
        f"The Tribunal's Reputation track, every astronomer starting at {track.start}: an interrogation moves the "
        f"Tribunal token by its result; a move past either end gives {track.edge_vp} VP (or loses them) instead. "
        f"At the end of the game, Reputation scores {spaces}"
    )


def pages_text(rewards: tuple[Reward, ...]) -> str:
    return "; ".join(f"page {k}: {lowered(effects_text(r))}" for k, r in enumerate(rewards))


def book_of_comets_text(catalog: Catalog) -> str:
    pages = catalog.comet_pages
    sections = " | ".join(
        f"{players} players: {pages_text(rewards)}" for players, rewards in sorted(pages.by_players.items())
    )
    return (
        "The Book of Comets: a Comet token used at 2 waits on it until Cleanup, then covers an empty page and "
        f"gains its reward (one Comet per page; the rest go to the Appendix). Sections by player count: {sections}"
    )


def constellation_spaces_text(catalog: Catalog) -> str:
    rewards = catalog.constellation_spaces.rewards
    spaces = "; ".join(f"{ordinal(k)}: {lowered(effects_text(r))}" for k, r in enumerate(rewards, 1))
    return (
        "The Constellation spaces of a Player Board: observing a constellation takes the leftmost token and "
        f"gains the reward of the space it leaves. {spaces}"
    )


def free_action_text(catalog: Catalog, name: str) -> str:
    """``Free action die: spend 2 Quadrant tokens to gain a Die``."""
    cost_key, effects = FREE_ACTIONS[name]
    cost = plural(catalog.rules.free_costs[cost_key], "Quadrant token")
    return f"Free action {name}: spend {cost} to {lowered(effects_text(effects))}"


def free_actions_text(catalog: Catalog) -> str:
    each = "; ".join(free_action_text(catalog, name).removeprefix("Free action ") for name in FREE_ACTIONS)
    return f"The free actions, as many as you pay for during your Action phase, between other actions: {each}"


def library_text(catalog: Catalog) -> str:
    return (
        f"A Library: the Discovery cards you gain, side by side, each showing {catalog.rules.books} reward rows; "
        f"a Book token per row starts left of the first card. Write moves Book tokens right and gains the reward "
        f"of every space moved through or to, left to right. A face-down card shows its tier's light side"
    )


def dice_text(catalog: Catalog) -> str:
    rules = catalog.rules
    return (
        f"Observation dice: red, blue and yellow, {rules.dice_per_colour} of each in the supply; at most "
        f"{rules.dice_per_board} on your Player Board and {rules.dice_per_colour_on_board} of one colour; a new "
        f"die shows {rules.die_start_value}, and no die goes above {rules.die_max}"
    )


# Each astronomer's special ability (Advanced mode and solo, GK1-GK9); the rewards of personal pages are
# read from the data pack.
_ABILITIES = {
    "galileo": "any time he Observes he may Observe one more constellation (a Major Object and a constellation, "
    "or three constellations)",
    "kepler": "his special Action tile K starts on the last space below Upgrade and one of his basic tiles on his "
    "Character Board; its moving action swaps two of his Action tiles, or one with the Character Board tile",
    "copernicus": "once per turn, as a free action costing nothing, he places one of his 4 Library tiles in his "
    "Library, covering rewards right of the row's Book token",
    "bruno": "his 5-space Cellar tile covers his cellar: harder to fully persuade, but each space an Inquisitor "
    "moves onto gives its reward",
}


def astronomer_text(catalog: Catalog, astronomer: str) -> str:
    """An astronomer's Character Board: his special ability and personal Book of Comets pages."""
    name = astronomer_name(astronomer)
    if astronomer == "tycho":
        return (
            f"{name}, the solo opponent: his Movement tiles move his token along his 5 Action tiles, and he "
            "takes the first row of the tile it reaches whose condition holds; he gains VP only from his Action "
            "tiles, his observations and the final scoring"
        )
    pages = catalog.comet_pages.personal.get(astronomer, ())
    own = (
        f"; his own Book of Comets {'page' if len(pages) == 1 else 'pages'}: "
        + join_words([lowered(effects_text(r)) for r in pages], "or")
        if pages
        else ""
    )
    return f"{name} (Advanced mode and solo): {_ABILITIES.get(astronomer, 'no special ability')}{own}"
