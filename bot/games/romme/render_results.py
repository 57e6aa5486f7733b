"""A Rommé round's result: one band per player with the cards left in hand (as the player held
them: by suit) and the round's minus points; the one who went out tagged (a hand-Rommé too).
Who went out, why the points count double and the totals are the message's text."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from bot.render import cached_png
from bot.render import pile_games as pg
from bot.render.bands import Band, draw_result, hand_band
from engine.games.romme.events import RommeRoundResult
from engine.i18n import pgettext


def _band(result: RommeRoundResult, names: Sequence[str], seat: int) -> Band:
    out = None
    if seat == result.went_out:
        out = pgettext("tag", "Rommé hand") if result.hand_romme else pgettext("tag", "went out")
    minus = pg.minus_text(result.minus[seat])
    return hand_band(seat, names[seat], result.hands[seat], minus, out)


def draw_romme_round_result(result: RommeRoundResult, names: Sequence[str]) -> Image.Image:
    """A Rommé round's scoring as a palette image (uncached)."""
    return draw_result([_band(result, names, seat) for seat in range(len(result.totals))])


render_romme_round_result = cached_png(16)(draw_romme_round_result)
