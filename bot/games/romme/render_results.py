"""A Rommé round's result: who went out (or that the round was dead), every other hand with
its value (doubled for a hand-Rommé), the round's minus points and the totals."""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import Image

import bot.render.palette as pal
from bot.render import cached_png
from bot.render import variants as v
from bot.render.assets import Style, fit_text
from bot.render.canvas import new_canvas, text
from bot.render.fans import FAN_CARD_H, FAN_STEP
from bot.render.geometry import CARD_W, MIN_TEXT_PX, PICTURE_W
from bot.render.hand import sort_hand
from bot.render.results import (
    HEAD_H,
    TITLE,
    draw_column_heads,
    draw_round_heading,
    heading_height,
    note_lines,
    number_columns,
    title_name,
)
from bot.render.variants import INFO_X, MARGIN, name_style
from engine.games.romme.events import RommeRoundResult
from engine.i18n import _
from engine.twopack.melds import hand_value

RESULT_W = PICTURE_W
ROW_PAD = 10
ROW_GAP = 8
NAME_W = 150
CARDS_X = MARGIN + v.COLOUR_BAR_W + 12 + NAME_W + 10
NUMBER_COL_W = 100  # room for the longest heading, German "gesamt"
CARDS_MAX_W = RESULT_W - 2 * MARGIN - 14 - 3 * NUMBER_COL_W - CARDS_X
CARDS_PER_ROW = (CARDS_MAX_W - CARD_W) // FAN_STEP + 1
MIN_ROW_H = 56

NUMBER = Style(24, pal.TEXT, pal.PANEL)
NUMBER_MUTED = Style(22, pal.MUTED, pal.PANEL)
NUMBER_GOLD = Style(24, pal.GOLD, pal.PANEL)
NOTE_GOLD = Style(MIN_TEXT_PX, pal.GOLD, pal.PANEL)
NOTE_MUTED = Style(MIN_TEXT_PX, pal.MUTED, pal.PANEL)


def _hand_rows(count: int) -> int:
    return max(1, math.ceil(count / CARDS_PER_ROW))


def _row_height(count: int) -> int:
    return max(MIN_ROW_H, _hand_rows(count) * (FAN_CARD_H + 6) - 6) + 2 * ROW_PAD


def _columns(result: RommeRoundResult) -> list[int]:
    """The hand, minus and total columns' right edges, at the picture's right side."""
    del result  # every result picture is RESULT_W wide
    return number_columns(CARDS_X + CARDS_MAX_W + NUMBER_COL_W, NUMBER_COL_W, 3)


def _heading(
    result: RommeRoundResult, names: Sequence[str]
) -> tuple[tuple[str, Style] | None, str]:
    """Who went out (None: a dead round) and the note under the title."""
    if result.went_out is None:
        note = _("The stock ran out once too often: nobody scores minus points.")
        return None, note
    out = result.went_out
    name = title_name(names[out])
    note = _("Cards left in hand are minus points: joker 30, Ace 11, J Q K 10.")
    if result.hand_romme:
        note = _(
            "Hand-Rommé: {name} went out in one turn, so minus points count double.", name=name
        )
    who = (name, name_style(out, pal.FELT, TITLE.size))
    return who, note


def _draw_row(
    canvas: Image.Image,
    result: RommeRoundResult,
    names: Sequence[str],
    seat: int,
    box: tuple[int, int, list[int]],
) -> None:
    """One player's row: name, cards left in hand, their value, the round's minus points and
    the total (the fewest in gold); ``box`` is the row's top, height and number columns."""
    y, row_h, (hand_col, minus_col, total_col) = box
    out_row = seat == result.went_out
    v.draw_band_frame(canvas, seat, y, row_h, pal.GOLD if out_row else None)
    mid = y + row_h // 2 - 15
    text(canvas, fit_text(names[seat], 24, NAME_W), INFO_X, mid, name_style(seat))
    hand = sort_hand(result.hands[seat])  # as the player's own hand shows it: by suit
    for r in range(0, len(hand), CARDS_PER_ROW):
        row_y = y + ROW_PAD + (r // CARDS_PER_ROW) * (FAN_CARD_H + 6)
        for i, card in enumerate(hand[r : r + CARDS_PER_ROW]):
            v.paste_face(canvas, card, CARDS_X + i * FAN_STEP, row_y, FAN_CARD_H)
    if out_row:
        label = _("went out ★ hand-Rommé") if result.hand_romme else _("went out ★")
        text(canvas, label, CARDS_X, mid + 2, NOTE_GOLD)
        text(canvas, "—", hand_col, mid + 1, NUMBER_MUTED, align="right")
    else:
        if not hand:
            text(canvas, _("no cards"), CARDS_X, mid + 2, NOTE_MUTED)
        value = sum(hand_value(c) for c in hand)
        shown = f"{value} ×2" if result.hand_romme else str(value)
        text(canvas, shown, hand_col, mid + 1, NUMBER_MUTED, align="right")
    text(canvas, str(result.minus[seat]), minus_col, mid, NUMBER, align="right")
    least = min(result.totals, default=0)
    total_style = NUMBER_GOLD if result.totals[seat] == least else NUMBER
    text(canvas, str(result.totals[seat]), total_col, mid, total_style, align="right")


def draw_romme_round_result(result: RommeRoundResult, names: Sequence[str]) -> Image.Image:
    """A Rommé round's scoring as a palette image (uncached)."""
    heights = [_row_height(len(result.hands[s])) for s in range(len(result.totals))]
    who, note = _heading(result, names)
    lines = note_lines(note)
    height = heading_height(lines) + HEAD_H + sum(h + ROW_GAP for h in heights) + MARGIN
    columns = _columns(result)
    canvas = new_canvas(RESULT_W, height)
    draw_round_heading(canvas, result.round_number, who, _(" went out"), lines)
    heads = zip((_("hand"), _("minus"), _("total")), columns, strict=True)
    y = draw_column_heads(canvas, heading_height(lines), CARDS_X, list(heads))
    for seat, row_h in enumerate(heights):
        _draw_row(canvas, result, names, seat, (y, row_h, columns))
        y += row_h + ROW_GAP
    return canvas


render_romme_round_result = cached_png(16)(draw_romme_round_result)
