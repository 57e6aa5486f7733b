"""Treppenrommé's round result picture: the shared bands of ``bot.render.round_results``
with Treppenrommé's numbers (the going-out bonus, what the cards left count, doubled by a
Rommé hand) and its tag for who went out. The session's end is the final table
(``bot.render.meld_table``), the winner ringed gold; the standings are text."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from bot.render import cached_png
from bot.render.bands import Band, draw_result
from bot.render.round_results import hand_bands
from engine.games.treppe.events import TreppeRoundResult as RoundResult
from engine.i18n import pgettext

__all__ = ["draw_round_result", "render_round_result", "round_bands"]


def hand_number(result: RoundResult, seat: int) -> str:
    """The one number of a seat's band: the going-out bonus for who went out, else what the
    cards left count for them (doubled by a Rommé hand); nothing counts in a dead round."""
    if result.went_out is None:
        return "—"
    if seat == result.went_out:
        return f"+{result.bonus}"
    points = result.hand_points[seat]
    return f"{points} ×2" if result.hand_romme else str(points)


def went_out_tag(result: RoundResult) -> str:
    """The pill after the name of who went out."""
    if result.hand_romme:
        return pgettext("tag", "Rommé hand")
    return pgettext("tag", "went out")


def round_bands(result: RoundResult, names: Sequence[str]) -> list[Band]:
    """One band per seat: its name, a tag and a gold ring for who went out, the cards left in
    hand (as the player's own hand shows them: by suit) and their number."""
    cells = [hand_number(result, seat) for seat in range(len(result.totals))]
    return hand_bands(result, names, cells, went_out_tag(result))


def draw_round_result(result: RoundResult, names: Sequence[str]) -> Image.Image:
    """The round's scoring as a palette image (uncached)."""
    return draw_result(round_bands(result, names))


render_round_result = cached_png(16)(draw_round_result)
