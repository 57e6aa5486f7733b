"""Wiener Rummy's table: the stock, the discard pile's top and the pot, then one band per
player: the knocker's hand once it is laid down (tagged), a player out of the rubber muted and
tagged, the player to act ringed (round results: render_results.py). Bad points, chips, the
knock's final turns and the rules are the table's text.

Hands stay hidden until a player knocks or calls Rummy: the table shows only what the public
view reveals, and the round result every hand in its best arrangement.
"""

from __future__ import annotations

from PIL import Image

import bot.render.palette as pal
from bot.render import cached_png
from bot.render import pile_games as pg
from bot.render.assets import Style
from bot.render.bands import Band, draw_table, table_size
from bot.render.fans import arrangement_fans
from bot.render.pile_games import seat_colour
from engine.games.wiener.views import WienerPublicView, WienerSeatView
from engine.i18n import pgettext
from engine.protocol import Phase

WIENER_MAX_H = 2400  # a guard for the tests: six revealed hands of eleven cards fit


def out_tag() -> tuple[str, Style]:
    """The tag of a player out of the rubber."""
    return pgettext("tag", "out"), pg.TAG_ALERT


# ----------------------------------------------------------------------------- table
def _between_rounds(view: WienerPublicView) -> bool:
    """Buy-back offers and the end of the rubber come after a round: its hands (shown in the
    round result) are no longer on the table."""
    return view.phase in (Phase.BUY_BACK, Phase.OVER)


def _knocker(view: WienerPublicView) -> int | None:
    """Who knocked in the round under way (None between rounds, whatever the view keeps)."""
    return None if _between_rounds(view) else view.knocker


def _band(view: WienerPublicView, seat: WienerSeatView) -> Band:
    """The name, then the hand the seat laid down when it knocked (tagged); a seat out of the
    rubber muted and tagged; ringed when it is to act, in gold when it has won."""
    if not seat.in_rubber:
        return Band(seat.seat, seat.name, tag=out_tag(), muted=True)
    turn = seat.seat == view.to_act and view.phase is not Phase.OVER
    ring = pal.GOLD if view.winner == seat.seat else (seat_colour(seat.seat) if turn else None)
    knocked = seat.seat == _knocker(view)
    shown = None if _between_rounds(view) else seat.revealed
    return Band(
        seat.seat,
        seat.name,
        tag=(pgettext("tag", "knocked"), pg.TAG_GOLD) if knocked else None,
        fans=tuple(arrangement_fans(shown, labelled=False)) if shown is not None else (),
        ring=ring,
    )


def wiener_table_size(view: WienerPublicView) -> tuple[int, int]:
    """The Viennese Rummy table picture's size in pixels for ``view``."""
    return table_size([_band(view, seat) for seat in view.seats])


def draw_wiener_table(view: WienerPublicView) -> Image.Image:
    """The Wiener Rummy table as a palette image (uncached)."""
    return draw_table(view, [_band(view, seat) for seat in view.seats], pot=view.pot)


render_wiener_table = cached_png(32)(draw_wiener_table)


__all__ = [
    "draw_wiener_table",
    "out_tag",
    "render_wiener_table",
    "wiener_table_size",
]
