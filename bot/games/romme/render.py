"""The Rommé table's picture: the stock and the discard pile's top, then every player's melds
with their points (jokers spelled out, cards laid off by others underlined in their colour, a
pending first meld ringed), the player to act ringed. A round's result is drawn in
``render_results``; the scores, counts and the first meld's progress are the table's text."""

from __future__ import annotations

from PIL import Image

import bot.render.palette as pal
from bot.render import cached_png
from bot.render import pile_games as pg
from bot.render.bands import Band, draw_table, table_size
from bot.render.fans import FAN_LABEL, FAN_LABEL_GOLD, Fan
from bot.render.pile_games import seat_colour
from engine.games.romme.views import RommePublicView, RommeSeatView
from engine.melding.views import PricedMeldView
from engine.protocol import Phase

ROMME_MAX_H = 3000  # far beyond any real position; a guard for the tests


# ----------------------------------------------------------------------------- table
def _meld_fan(meld: PricedMeldView) -> Fan:
    placers = tuple(seat_colour(c.seat) if c.seat != meld.owner else None for c in meld.cards)
    pending = meld.pending
    return Fan(
        cards=tuple(c.card for c in meld.cards),
        stands_for=pg.joker_stands(
            meld.kind, [c.card for c in meld.cards], [c.stands_for for c in meld.cards]
        ),
        placers=placers if any(placers) else (),
        label=str(meld.points),
        label_style=FAN_LABEL_GOLD if pending else FAN_LABEL,
        ring=pal.GOLD if pending else None,
    )


def _band(view: RommePublicView, seat: RommeSeatView) -> Band:
    """The name, then the seat's melds; ringed in its colour when it is to act, in gold when
    it has won."""
    turn = seat.seat == view.to_act and view.phase is not Phase.OVER
    ring = seat_colour(seat.seat) if turn else None
    if view.winner == seat.seat:
        ring = pal.GOLD
    fans = tuple(_meld_fan(m) for m in view.melds if m.owner == seat.seat)
    return Band(seat.seat, seat.name, fans=fans, ring=ring)


def romme_table_size(view: RommePublicView) -> tuple[int, int]:
    """The Rommé table picture's size in pixels for ``view``."""
    return table_size([_band(view, seat) for seat in view.seats])


def draw_romme_table(view: RommePublicView) -> Image.Image:
    """The Rommé table as a palette image (uncached)."""
    bands = [_band(view, seat) for seat in view.seats]
    return draw_table(view, bands)


render_romme_table = cached_png(32)(draw_romme_table)


__all__ = [
    "draw_romme_table",
    "render_romme_table",
    "romme_table_size",
]
