"""End-of-round and end-of-session pictures."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

from PIL import Image

import bot.render.palette as pal
from bot.games.treppe.render_table import player_colour
from bot.render import register_cache
from bot.render.assets import Style, fit_text
from bot.render.canvas import encode, fan_width, new_canvas, outline, paste_fan, rect, text
from bot.render.geometry import CARD_W, INDEX_BOTTOM, INDEX_STRIP
from engine.games.treppe.events import RoundResult

MARGIN = 16
TITLE_H = 48
SUBTITLE_H = 34
HEAD_H = 30
ROW_PAD = 10
ROW_GAP = 8
COLOUR_BAR_W = 6
NAME_X = MARGIN + COLOUR_BAR_W + 12
NAME_W = 170
CARDS_X = NAME_X + NAME_W + 10
CARDS_MAX_W = 420  # longer hands wrap
CARDS_MIN_W = 330  # fits "went out ★ Rommé hand ×2"
CARD_STRIP_H = INDEX_BOTTOM + 14  # hand cards are read by their indices, like melds
CARD_STEP = INDEX_STRIP + 2
CARDS_PER_ROW = (CARDS_MAX_W - CARD_W) // CARD_STEP + 1
NUMBER_COL_W = 100  # each number column, right-aligned
MIN_ROW_H = 56

TITLE = Style(28, pal.TEXT, pal.FELT)
SUBTITLE = Style(20, pal.MUTED, pal.FELT)
HEADING = Style(18, pal.MUTED, pal.FELT)
NUMBER = Style(24, pal.TEXT, pal.PANEL)
NUMBER_MUTED = Style(22, pal.MUTED, pal.PANEL)
BONUS = Style(24, pal.GOLD, pal.PANEL)
NOTE = Style(20, pal.GOLD, pal.PANEL)
NOTE_MUTED = Style(20, pal.MUTED, pal.PANEL)


def _name_style(seat: int, bg: pal.RGB = pal.PANEL, size: int = 24) -> Style:
    return Style(size, player_colour(seat), bg)


def _row_height(cards: int) -> int:
    rows = max(1, math.ceil(cards / CARDS_PER_ROW))
    return max(MIN_ROW_H, rows * (CARD_STRIP_H + 6) - 6) + 2 * ROW_PAD


def _title(canvas: Image.Image, parts: Sequence[tuple[str, Style]], y: int) -> None:
    x = MARGIN
    for content, style in parts:
        x += text(canvas, content, x, y, style).width


def draw_round_result(result: RoundResult, names: Sequence[str]) -> Image.Image:
    """The round's scoring as a palette image (uncached)."""
    seats = range(len(result.totals))
    heights = [_row_height(len(result.hands[s])) for s in seats]
    height = TITLE_H + SUBTITLE_H + HEAD_H + sum(h + ROW_GAP for h in heights) + MARGIN
    longest = max((len(h) for h in result.hands), default=0)
    cards_w = max(CARDS_MIN_W, fan_width(min(longest, CARDS_PER_ROW), CARD_STEP))
    hand_col = CARDS_X + cards_w + NUMBER_COL_W
    meld_col = hand_col + NUMBER_COL_W
    total_col = meld_col + NUMBER_COL_W
    width = total_col + 14 + MARGIN
    canvas = new_canvas(width, height)

    title = Style(TITLE.size, pal.TEXT, pal.FELT)
    if result.went_out is None:
        _title(canvas, [(f"Round {result.round_number}: dead round", title)], 12)
        note = "Nobody went out. Meld points stand; cards in hand score nothing."
    else:
        winner = result.went_out
        name = fit_text(names[winner], TITLE.size, 420)
        _title(
            canvas,
            [
                (f"Round {result.round_number}: ", title),
                (name, _name_style(winner, pal.FELT, TITLE.size)),
                (" went out", title),
            ],
            12,
        )
        note = f"{name} scores the cards left in the other hands: +{result.bonus}."
        if result.hand_romme:
            note = f"Rommé hand: the other hands count double for {name}, +{result.bonus}."
    text(canvas, fit_text(note, SUBTITLE.size, width - 2 * MARGIN), MARGIN, TITLE_H, SUBTITLE)

    y = TITLE_H + SUBTITLE_H
    text(canvas, "cards left in hand", CARDS_X, y, HEADING)
    text(canvas, "hand", hand_col, y, HEADING, align="right")
    text(canvas, "melds", meld_col, y, HEADING, align="right")
    text(canvas, "total", total_col, y, HEADING, align="right")
    y += HEAD_H

    for seat, row_h in zip(seats, heights, strict=True):
        rect(canvas, (MARGIN, y, width - MARGIN - 1, y + row_h - 1), pal.PANEL)
        rect(canvas, (MARGIN, y, MARGIN + COLOUR_BAR_W - 1, y + row_h - 1), player_colour(seat))
        mid = y + row_h // 2 - 15
        text(canvas, fit_text(names[seat], 24, NAME_W), NAME_X, mid, _name_style(seat))
        hand = result.hands[seat]
        for r in range(0, len(hand), CARDS_PER_ROW):
            row_y = y + ROW_PAD + (r // CARDS_PER_ROW) * (CARD_STRIP_H + 6)
            paste_fan(canvas, hand[r : r + CARDS_PER_ROW], CARDS_X, row_y, CARD_STEP, CARD_STRIP_H)
        if seat == result.went_out:
            outline(canvas, (MARGIN, y, width - MARGIN - 1, y + row_h - 1), pal.GOLD, 3)
            label = "went out ★ Rommé hand ×2" if result.hand_romme else "went out ★"
            text(canvas, label, CARDS_X, mid + 2, NOTE)
            text(canvas, f"+{result.bonus}", hand_col, mid, BONUS, align="right")
        elif not hand:
            text(canvas, "no cards", CARDS_X, mid + 2, NOTE_MUTED)
        if seat != result.went_out:
            points = result.hand_points[seat]
            if result.went_out is None:
                shown = "—"
            elif result.hand_romme:
                shown = f"{points} ×2"
            else:
                shown = str(points)
            text(canvas, shown, hand_col, mid + 1, NUMBER_MUTED, align="right")
        text(canvas, f"+{result.meld_points[seat]}", meld_col, mid, NUMBER, align="right")
        text(canvas, str(result.totals[seat]), total_col, mid, NUMBER, align="right")
        y += row_h + ROW_GAP
    return canvas


def draw_session_result(
    names: Sequence[str], totals: Sequence[int], winner: int | None
) -> Image.Image:
    """Final standings, highest first, as a palette image (uncached)."""
    width = 620
    row_h = 52
    order = sorted(range(len(names)), key=lambda s: (-totals[s], s))
    height = TITLE_H + SUBTITLE_H + len(order) * (row_h + ROW_GAP) + MARGIN
    canvas = new_canvas(width, height)
    title = Style(TITLE.size, pal.TEXT, pal.FELT)
    if winner is None:
        _title(canvas, [("Game over", title)], 12)
    else:
        name = fit_text(names[winner], TITLE.size, 360)
        _title(
            canvas,
            [
                ("Game over: ", title),
                (name, _name_style(winner, pal.FELT, TITLE.size)),
                (" wins", title),
            ],
            12,
        )
    text(canvas, "Final scores", MARGIN, TITLE_H, SUBTITLE)
    y = TITLE_H + SUBTITLE_H
    for place, seat in enumerate(order, start=1):
        rect(canvas, (MARGIN, y, width - MARGIN - 1, y + row_h - 1), pal.PANEL)
        rect(canvas, (MARGIN, y, MARGIN + COLOUR_BAR_W - 1, y + row_h - 1), player_colour(seat))
        mid = y + row_h // 2 - 15
        text(canvas, f"{place}.", NAME_X, mid + 2, NUMBER_MUTED)
        text(canvas, fit_text(names[seat], 24, 330), NAME_X + 44, mid, _name_style(seat))
        if seat == winner:
            text(canvas, "★ winner", width - MARGIN - 150, mid + 2, NOTE, align="right")
        text(canvas, str(totals[seat]), width - MARGIN - 14, mid, NUMBER, align="right")
        y += row_h + ROW_GAP
    return canvas


@lru_cache(maxsize=16)
def _render_round_result(result: RoundResult, names: tuple[str, ...]) -> bytes:
    return encode(draw_round_result(result, names))


def render_round_result(result: RoundResult, names: Sequence[str]) -> bytes:
    """PNG of a round's scoring: who went out, every other hand with its points (doubled for
    a Rommé hand), meld points and totals; a dead round says so."""
    return _render_round_result(result, tuple(names))


@lru_cache(maxsize=16)
def _render_session_result(
    names: tuple[str, ...], totals: tuple[int, ...], winner: int | None
) -> bytes:
    return encode(draw_session_result(names, totals, winner))


def render_session_result(names: Sequence[str], totals: Sequence[int], winner: int | None) -> bytes:
    """PNG of the final standings with the winner marked."""
    return _render_session_result(tuple(names), tuple(totals), winner)


def cache_clear() -> None:
    _render_round_result.cache_clear()
    _render_session_result.cache_clear()


register_cache(cache_clear)
