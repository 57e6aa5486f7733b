"""End-of-round and end-of-session pictures."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image

import bot.render.palette as pal
from bot.games.treppe.render_table import player_colour
from bot.render import register_cache
from bot.render.assets import Style, fit_text, text_width
from bot.render.canvas import encode, new_canvas, outline, paste_fan, rect, text
from bot.render.geometry import CARD_W, INDEX_BOTTOM, INDEX_STRIP, MIN_TEXT_PX, PICTURE_W
from bot.render.hand import sort_hand
from bot.render.results import (
    HEAD_H,
    MARGIN,
    SUBTITLE,
    SUBTITLE_H,
    TITLE,
    TITLE_H,
    draw_column_heads,
    draw_round_heading,
    draw_title,
    heading_height,
    note_lines,
    number_columns,
    title_name,
)
from engine.games.treppe.events import TreppeRoundResult as RoundResult
from engine.i18n import _, language

ROW_PAD = 10
ROW_GAP = 8
COLOUR_BAR_W = 6
NAME_X = MARGIN + COLOUR_BAR_W + 12
NAME_W = 150
NUMBER_COL_W = 100  # each number column, right-aligned; room for "gesamt" over it
CARDS_X = NAME_X + NAME_W + 10
CARDS_MAX_W = PICTURE_W - 2 * MARGIN - 14 - 3 * NUMBER_COL_W - CARDS_X  # longer hands wrap
CARD_STRIP_H = INDEX_BOTTOM + 14  # hand cards are read by their indices, like melds
CARD_STEP = INDEX_STRIP + 2
CARDS_PER_ROW = (CARDS_MAX_W - CARD_W) // CARD_STEP + 1
MIN_ROW_H = 56
LABEL_GAP = 16  # between the going-out label and the bonus beside it

NUMBER = Style(24, pal.TEXT, pal.PANEL)
NUMBER_MUTED = Style(22, pal.MUTED, pal.PANEL)
BONUS = Style(24, pal.GOLD, pal.PANEL)
NOTE = Style(MIN_TEXT_PX, pal.GOLD, pal.PANEL)
NOTE_MUTED = Style(MIN_TEXT_PX, pal.MUTED, pal.PANEL)


def _name_style(seat: int, bg: pal.RGB = pal.PANEL, size: int = 24) -> Style:
    return Style(size, player_colour(seat), bg)


def _row_height(cards: int) -> int:
    rows = max(1, math.ceil(cards / CARDS_PER_ROW))
    return max(MIN_ROW_H, rows * (CARD_STRIP_H + 6) - 6) + 2 * ROW_PAD


def _columns(result: RoundResult) -> list[int]:
    """The hand, melds and total columns' right edges, at the picture's right side."""
    del result  # every result picture is PICTURE_W wide
    return number_columns(CARDS_X + CARDS_MAX_W + NUMBER_COL_W, NUMBER_COL_W, 3)


def _heading(result: RoundResult, names: Sequence[str]) -> tuple[tuple[str, Style] | None, str]:
    """Who went out (None: a dead round) and the note under the title."""
    if result.went_out is None:
        note = _("Nobody went out. Meld points stand; cards in hand score nothing.")
        return None, note
    winner = result.went_out
    name = title_name(names[winner])
    note = _(
        "{name} scores the cards left in the other hands: +{bonus}.", name=name, bonus=result.bonus
    )
    if result.hand_romme:
        note = _(
            "Rommé hand: the other hands count double for {name}, +{bonus}.",
            name=name,
            bonus=result.bonus,
        )
    who = (name, _name_style(winner, pal.FELT, TITLE.size))
    return who, note


def _hand_shown(result: RoundResult, seat: int) -> str:
    """What the hand column says for a player who did not go out."""
    points = result.hand_points[seat]
    if result.went_out is None:
        return "—"
    if result.hand_romme:
        return f"{points} ×2"
    return str(points)


@dataclass(frozen=True)
class HandWords:
    """What another game says where Treppenrommé's picture tells the going-out bonus: the
    note under the title and each seat's hand column (500 Rum: the hand counts against)."""

    note: str
    cells: tuple[str, ...]


def went_out_label(hand_romme: bool, room: int) -> str:
    """The words beside the bonus of the player who went out, within ``room`` pixels (the
    gold frame and the title say who went out; the note under the title says the rest)."""
    label = _("★ Rommé hand") if hand_romme else _("went out ★")
    return label if text_width(label, NOTE.size) <= room else "★"  # a sign, not words


def _draw_row(
    canvas: Image.Image,
    result: RoundResult,
    names: Sequence[str],
    seat: int,
    box: tuple[int, int, list[int]],
    words: HandWords | None = None,
) -> None:
    """One player's row: name, cards left in hand, hand points (or the bonus), meld points
    and the total; ``box`` is the row's top, height and number columns."""
    y, row_h, (hand_col, meld_col, total_col) = box
    frame = (MARGIN, y, canvas.width - MARGIN - 1, y + row_h - 1)
    rect(canvas, frame, pal.PANEL)
    rect(canvas, (MARGIN, y, MARGIN + COLOUR_BAR_W - 1, y + row_h - 1), player_colour(seat))
    mid = y + row_h // 2 - 15
    text(canvas, fit_text(names[seat], 24, NAME_W), NAME_X, mid, _name_style(seat))
    hand = sort_hand(result.hands[seat])  # as the player's own hand shows it: by suit
    for r in range(0, len(hand), CARDS_PER_ROW):
        row_y = y + ROW_PAD + (r // CARDS_PER_ROW) * (CARD_STRIP_H + 6)
        paste_fan(canvas, hand[r : r + CARDS_PER_ROW], CARDS_X, row_y, CARD_STEP, CARD_STRIP_H)
    if seat == result.went_out:
        outline(canvas, frame, pal.GOLD, 3)
        bonus = f"+{result.bonus}" if words is None else words.cells[seat]
        room = hand_col - text_width(bonus, BONUS.size) - LABEL_GAP - CARDS_X
        label = went_out_label(result.hand_romme, room)
        text(canvas, label, CARDS_X, mid + 2, NOTE)
        text(canvas, bonus, hand_col, mid, BONUS, align="right")
    else:
        if not hand:
            text(canvas, _("no cards"), CARDS_X, mid + 2, NOTE_MUTED)
        shown = _hand_shown(result, seat) if words is None else words.cells[seat]
        text(canvas, shown, hand_col, mid + 1, NUMBER_MUTED, align="right")
    text(canvas, f"+{result.meld_points[seat]}", meld_col, mid, NUMBER, align="right")
    text(canvas, str(result.totals[seat]), total_col, mid, NUMBER, align="right")


def draw_round_result(
    result: RoundResult, names: Sequence[str], words: HandWords | None = None
) -> Image.Image:
    """The round's scoring as a palette image (uncached); ``words`` for another game's."""
    heights = [_row_height(len(result.hands[s])) for s in range(len(result.totals))]
    who, note = _heading(result, names)
    if words is not None:
        note = words.note
    lines = note_lines(note)
    height = heading_height(lines) + HEAD_H + sum(h + ROW_GAP for h in heights) + MARGIN
    columns = _columns(result)
    canvas = new_canvas(PICTURE_W, height)
    draw_round_heading(canvas, result.round_number, who, _(" went out"), lines)
    heads = zip((_("hand"), _("melds"), _("total")), columns, strict=True)
    y = draw_column_heads(canvas, heading_height(lines), CARDS_X, list(heads))
    for seat, row_h in enumerate(heights):
        _draw_row(canvas, result, names, seat, (y, row_h, columns), words)
        y += row_h + ROW_GAP
    return canvas


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
        name = fit_text(names[winner], TITLE.size, 360)
        who = (name, _name_style(winner, pal.FELT, TITLE.size))
        draw_title(canvas, [(_("Game over: "), TITLE), who, (_(" wins"), TITLE)])
    text(canvas, _("Final scores"), MARGIN, TITLE_H, SUBTITLE)
    y = TITLE_H + SUBTITLE_H
    for place, seat in enumerate(order, start=1):
        rect(canvas, (MARGIN, y, width - MARGIN - 1, y + row_h - 1), pal.PANEL)
        rect(canvas, (MARGIN, y, MARGIN + COLOUR_BAR_W - 1, y + row_h - 1), player_colour(seat))
        mid = y + row_h // 2 - 15
        text(canvas, f"{place}.", NAME_X, mid + 2, NUMBER_MUTED)
        text(canvas, fit_text(names[seat], 24, 330), NAME_X + 44, mid, _name_style(seat))
        if seat == winner:
            text(canvas, _("★ winner"), width - MARGIN - 150, mid + 2, NOTE, align="right")
        text(canvas, str(totals[seat]), width - MARGIN - 14, mid, NUMBER, align="right")
        y += row_h + ROW_GAP
    return canvas


@lru_cache(maxsize=16)
def _render_round_result(
    result: RoundResult, names: tuple[str, ...], lang: str, words: HandWords | None
) -> bytes:
    return encode(draw_round_result(result, names, words))


def render_round_result(
    result: RoundResult, names: Sequence[str], words: HandWords | None = None
) -> bytes:
    """PNG of a round's scoring: who went out, every other hand with its points (doubled for
    a Rommé hand), meld points and totals; a dead round says so. ``words`` replace the note
    and the hand column for a game that scores hands otherwise."""
    return _render_round_result(result, tuple(names), language(), words)


@lru_cache(maxsize=16)
def _render_session_result(
    names: tuple[str, ...], totals: tuple[int, ...], winner: int | None, lang: str
) -> bytes:
    return encode(draw_session_result(names, totals, winner))


def render_session_result(names: Sequence[str], totals: Sequence[int], winner: int | None) -> bytes:
    """PNG of the final standings with the winner marked."""
    return _render_session_result(tuple(names), tuple(totals), winner, language())


def cache_clear() -> None:
    """Forget the round and session pictures drawn so far (``bot.render.clear_caches``)."""
    _render_round_result.cache_clear()
    _render_session_result.cache_clear()


register_cache(cache_clear)
