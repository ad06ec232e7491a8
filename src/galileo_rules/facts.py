"""A seat's position judged now: what final scoring would give it and what it holds (for bots and clients)."""

from __future__ import annotations

import attrs

from galileo_rules.model.state import GameState
from galileo_rules.model.tx import Context
from galileo_rules.rules import queries as q
from galileo_rules.rules.scoring import inquisition_points, reputation_points, university_points


@attrs.frozen
class Facts:
    """``final_*``: what final scoring would add now; the rest: resources that are worth VP later."""

    vp: int
    final_university: int
    final_inquisition: int
    final_reputation: int
    dice: int  # sum of the dice values
    dice_count: int
    dice_colours: int  # different colours among the dice (a Major Object needs two)
    quadrants: int
    comets_in_play: int  # on the Game Board or waiting for a page
    library_cards: int
    book_spaces: int
    upgraded_tiles: int
    constellations_left: int

    @property
    def projected(self) -> int:
        """VP now plus what final scoring would add now."""
        return self.vp + self.final_university + self.final_inquisition + self.final_reputation


def player_facts(state: GameState, ctx: Context, seat: int) -> Facts:
    p = state.players[seat]
    return Facts(
        vp=p.vp,
        final_university=university_points(state, ctx, seat),
        final_inquisition=inquisition_points(state, ctx, seat),
        final_reputation=reputation_points(ctx, p.reputation),
        dice=sum(v for _, v in p.dice),
        dice_count=len(p.dice),
        dice_colours=len({c for c, _ in p.dice}),
        quadrants=p.quadrants,
        comets_in_play=p.comets_above + p.comets_below + p.comets_waiting,
        library_cards=len(p.library),
        book_spaces=sum(p.books),
        upgraded_tiles=q.upgraded_tiles(p),
        constellations_left=p.constellations,
    )
