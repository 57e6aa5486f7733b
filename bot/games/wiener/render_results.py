"""Wiener Rummy's round result: one band per player with the hand in its best arrangement
(melds, cards laid off, deadwood) and the bad points it adds; the knocker (or the one who
called Rummy) and whoever is now out of the rubber tagged. Who closed the round, the chips
that moved and the totals are the message's text."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

import bot.render.palette as pal
from bot.games.wiener.render import out_tag
from bot.render import cached_png
from bot.render import pile_games as pg
from bot.render.bands import Band, draw_result
from bot.render.fans import arrangement_fans
from engine.games.wiener.events import WienerRoundResult
from engine.i18n import pgettext


def _band(result: WienerRoundResult, names: Sequence[str], seat: int) -> Band:
    laid = result.hands[seat]
    if laid is None:  # out of the rubber before this round
        return Band(seat, names[seat], muted=True)
    tag = None
    if seat in result.out:
        tag = out_tag()
    elif seat == result.closer:
        did = pgettext("tag", "Rummy!") if result.rummy else pgettext("tag", "knocked")
        tag = (did, pg.TAG_GOLD)
    return Band(
        seat,
        names[seat],
        tag=tag,
        points=pg.points_text(result.bad_points[seat]),
        fans=tuple(arrangement_fans(laid, labelled=False)),
        ring=pal.GOLD if seat == result.closer else None,
    )


def draw_wiener_round_result(result: WienerRoundResult, names: Sequence[str]) -> Image.Image:
    """A Wiener Rummy round's scoring as a palette image (uncached)."""
    return draw_result([_band(result, names, seat) for seat in range(len(result.hands))])


render_wiener_round_result = cached_png(16)(draw_wiener_round_result)
