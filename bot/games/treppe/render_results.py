"""End-of-round and end-of-session pictures: a round's result is one band per seat (the name,
a tag for who went out, the cards left in that hand and the one number they count); who went
out, the meld points and the totals are the message's text. The session's end is the final
table (``render_table``), the winner ringed gold; the standings are text."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image

import bot.render.palette as pal
from bot.games.treppe.render_table import player_colour
from bot.render import cached_png, register_cache
from bot.render.assets import Style, fit_text
from bot.render.bands import Band, draw_result, hand_band
from bot.render.canvas import encode, new_canvas, rect, text
from bot.render.geometry import PICTURE_W
from bot.render.results import MARGIN, SUBTITLE, SUBTITLE_H, TITLE, TITLE_H, draw_title
from engine.games.treppe.events import TreppeRoundResult as RoundResult
from engine.i18n import _, language, pgettext

ROW_GAP = 8
COLOUR_BAR_W = 6
NAME_X = MARGIN + COLOUR_BAR_W + 12

NUMBER = Style(24, pal.TEXT, pal.PANEL)
NUMBER_MUTED = Style(22, pal.MUTED, pal.PANEL)


def _name_style(seat: int, bg: pal.RGB = pal.PANEL, size: int = 24) -> Style:
    return Style(size, player_colour(seat), bg)


@dataclass(frozen=True)
class HandWords:
    """Another game's numbers where Treppenrommé's picture shows what each hand counts: one
    cell per seat (500 Rum: what the hand counts against; "" for none)."""

    cells: tuple[str, ...]


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


def round_bands(result: RoundResult, names: Sequence[str], words: HandWords | None) -> list[Band]:
    """One band per seat: its name, a tag and a gold ring for who went out, the cards left in
    hand (as the player's own hand shows them: by suit) and their number."""
    return [
        hand_band(
            seat,
            names[seat],
            result.hands[seat],
            hand_number(result, seat) if words is None else words.cells[seat],
            went_out_tag(result) if seat == result.went_out else None,
        )
        for seat in range(len(result.totals))
    ]


def draw_round_result(
    result: RoundResult, names: Sequence[str], words: HandWords | None = None
) -> Image.Image:
    """The round's scoring as a palette image (uncached); ``words`` for another game's."""
    return draw_result(round_bands(result, names, words))


render_round_result = cached_png(16)(draw_round_result)


def draw_session_result(
    names: Sequence[str], totals: Sequence[int], winner: int | None
) -> Image.Image:
    """Final standings, highest first, as a palette image (uncached)."""
    width = PICTURE_W
    row_h = 52
    order = sorted(range(len(names)), key=lambda s: (-totals[s], s))
    height = TITLE_H + SUBTITLE_H + len(order) * (row_h + ROW_GAP) + MARGIN
    canvas = new_canvas(width, height)
    if winner is None:
        draw_title(canvas, [(_("Game over"), TITLE)])
    else:
        name = fit_text(names[winner], TITLE.size, 200)
        who = (name, _name_style(winner, pal.FELT, TITLE.size))
        draw_title(canvas, [(_("Game over: "), TITLE), who, (_(" wins"), TITLE)])
    text(canvas, _("Final scores"), MARGIN, TITLE_H, SUBTITLE)
    y = TITLE_H + SUBTITLE_H
    for place, seat in enumerate(order, start=1):
        rect(canvas, (MARGIN, y, width - MARGIN - 1, y + row_h - 1), pal.PANEL)
        rect(canvas, (MARGIN, y, MARGIN + COLOUR_BAR_W - 1, y + row_h - 1), player_colour(seat))
        mid = y + row_h // 2 - 15
        text(canvas, f"{place}.", NAME_X, mid + 2, NUMBER_MUTED)
        text(canvas, fit_text(names[seat], 24, 230), NAME_X + 44, mid, _name_style(seat))
        text(canvas, str(totals[seat]), width - MARGIN - 14, mid, NUMBER, align="right")
        y += row_h + ROW_GAP
    return canvas


@lru_cache(maxsize=16)
def _render_session_result(
    names: tuple[str, ...], totals: tuple[int, ...], winner: int | None, lang: str
) -> bytes:
    return encode(draw_session_result(names, totals, winner))


def render_session_result(names: Sequence[str], totals: Sequence[int], winner: int | None) -> bytes:
    """PNG of the final standings with the winner named (Gin Rummy's match end)."""
    return _render_session_result(tuple(names), tuple(totals), winner, language())


register_cache(_render_session_result.cache_clear)
