"""End-of-round and end-of-session pictures of the meld-table games (``meld_table.py``): a
round's result is one band per seat (the name, a tag for who went out, the cards left in that
hand and the one number the game shows for it); who went out, the meld points and the totals
are the message's text. The session's end is the final standings, the winner named. What each
hand counts and the tag are the game's rules: its round picture passes them in
(``render_hands_result``)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Protocol

from PIL import Image

import bot.render.palette as pal
from bot.render import cached_png, register_cache
from bot.render.assets import Style, fit_text
from bot.render.bands import Band, draw_result, hand_band
from bot.render.canvas import encode, new_canvas, rect, text
from bot.render.geometry import PICTURE_W
from bot.render.meld_table import player_colour
from bot.render.results import MARGIN, SUBTITLE, SUBTITLE_H, TITLE, TITLE_H, draw_title
from engine.cards import Card
from engine.i18n import _, language

ROW_GAP = 8
COLOUR_BAR_W = 6
NAME_X = MARGIN + COLOUR_BAR_W + 12

NUMBER = Style(24, pal.TEXT, pal.PANEL)
NUMBER_MUTED = Style(22, pal.MUTED, pal.PANEL)


def _name_style(seat: int, bg: pal.RGB = pal.PANEL, size: int = 24) -> Style:
    return Style(size, player_colour(seat), bg)


class HandsResult(Protocol):
    """What a round's band picture reads of a round result: the cards left in each hand, the
    totals (one per seat) and who went out (None for a dead round)."""

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """The cards left in each hand, by seat."""
        ...

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's session total after the round."""
        ...

    @property
    def went_out(self) -> int | None:
        """The seat that went out, None for a dead round."""
        ...


def hand_bands(
    result: HandsResult, names: Sequence[str], cells: Sequence[str], tag: str
) -> list[Band]:
    """One band per seat: its name, ``tag`` and a gold ring for who went out, the cards left
    in hand (as the player's own hand shows them: by suit) and its cell of ``cells``."""
    return [
        hand_band(
            seat,
            names[seat],
            result.hands[seat],
            cells[seat],
            tag if seat == result.went_out else None,
        )
        for seat in range(len(result.totals))
    ]


def draw_hands_result(
    result: HandsResult, names: Sequence[str], cells: Sequence[str], tag: str
) -> Image.Image:
    """A round's result as a palette image (uncached): ``hand_bands``, each seat's number its
    cell of ``cells`` (the game's count of that hand), ``tag`` on who went out."""
    return draw_result(hand_bands(result, names, cells, tag))


render_hands_result = cached_png(16)(draw_hands_result)


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
    """PNG of the final standings with the winner named (a match's end)."""
    return _render_session_result(tuple(names), tuple(totals), winner, language())


register_cache(_render_session_result.cache_clear)
