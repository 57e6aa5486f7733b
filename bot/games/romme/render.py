"""Rommé pictures: the table (stock, discard pile, every player's melds with jokers spelled
out, pending first melds, the 40-point opening progress, minus points) and a round's result.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image

import bot.render.palette as pal
from bot.render import register_cache
from bot.render import variants as v
from bot.render.assets import Style, fit_text, text_width
from bot.render.canvas import encode, fan_width, new_canvas, text
from bot.render.geometry import CARD_W
from bot.render.variants import (
    BAND_GAP,
    BAND_PAD,
    GROUP_X,
    HEADER,
    HEADER_H,
    HEADER_MUTED,
    INFO,
    INFO_BRIGHT,
    INFO_GOLD,
    INFO_TEXT_W,
    INFO_X,
    MARGIN,
    PILE_GAP,
    PILE_SLOT_W,
    PILES_H,
    SCORE,
    SECTION_GAP,
    V_TABLE_MIN_W,
    V_TABLE_W,
    Fan,
    name_style,
    plural,
    seat_colour,
)
from engine.games.romme.events import RommeRoundResult
from engine.games.romme.views import RommePublicView, RommeSeatView
from engine.protocol import Phase
from engine.twopack.melds import hand_value
from engine.twopack.views import VariantMeldView

# The table.
ROMME_INFO_H = 124  # name, minus points, cards, opening progress and its bar
OPENING_BAR_W = 190
NOTES_X = MARGIN + 2 * PILE_SLOT_W + PILE_GAP + 34  # the notes right of the piles
NOTE_LINE_H = 30
GROUP_AREA_W = V_TABLE_W - MARGIN - BAND_PAD - GROUP_X
ROMME_MAX_H = 3000  # far beyond any real position; a guard for the tests

# The round result.
RESULT_W = 1000
TITLE_H = 48
SUBTITLE_H = 34
HEAD_H = 30
ROW_PAD = 10
ROW_GAP = 8
NAME_W = 190
CARDS_X = MARGIN + v.COLOUR_BAR_W + 12 + NAME_W + 10
NUMBER_COL_W = 96
CARDS_MAX_W = RESULT_W - MARGIN - 14 - 3 * NUMBER_COL_W - CARDS_X - 20
CARDS_PER_ROW = (CARDS_MAX_W - CARD_W) // v.FAN_STEP + 1
MIN_ROW_H = 56

TITLE = Style(28, pal.TEXT, pal.FELT)
SUBTITLE = Style(20, pal.MUTED, pal.FELT)
HEADING = Style(18, pal.MUTED, pal.FELT)
NUMBER = Style(24, pal.TEXT, pal.PANEL)
NUMBER_MUTED = Style(22, pal.MUTED, pal.PANEL)
NUMBER_GOLD = Style(24, pal.GOLD, pal.PANEL)
NOTE_GOLD = Style(20, pal.GOLD, pal.PANEL)
NOTE_MUTED = Style(20, pal.MUTED, pal.PANEL)


# ----------------------------------------------------------------------------- table
def _status(view: RommePublicView) -> tuple[str, pal.RGB]:
    if view.phase is Phase.OVER and view.winner is not None:
        name = fit_text(view.seats[view.winner].name, HEADER.size, v.STATUS_NAME_W)
        return f"{name} wins the game", seat_colour(view.winner)
    seat = view.seats[view.to_act]
    name = fit_text(seat.name, HEADER.size, v.STATUS_NAME_W)
    if view.phase is Phase.DRAW:
        return f"▶ {name} to draw", seat_colour(seat.seat)
    if not seat.opened and seat.opening_points:
        need = view.opening_minimum
        return f"▶ {name}: first meld {seat.opening_points}/{need}", seat_colour(seat.seat)
    return f"▶ {name} to play", seat_colour(seat.seat)


def _header_left(view: RommePublicView) -> tuple[str, str]:
    return "Rommé", f"· round {view.round_number} of {view.rounds}"


def _last_round_note(view: RommePublicView) -> str:
    last = view.last_round
    if last is None:
        return ""
    if last.went_out is None:
        return f"Last round ({last.round_number}): dead, no minus points"
    name = view.seats[last.went_out].name
    double = " · hand-Rommé ×2" if last.hand_romme else ""
    return f"Last round ({last.round_number}): {name} went out{double}"


def _notes(view: RommePublicView) -> list[tuple[str, Style]]:
    notes = [
        (f"First meld: {view.opening_minimum}+ points in one turn", v.NOTE),
        ("★ joker, with the card it stands for", v.LABEL),
        ("Fewest minus points wins", v.LABEL),
    ]
    last = _last_round_note(view)
    if last:
        notes.append((last, v.LABEL))
    return notes


def _meld_fan(view: RommePublicView, meld: VariantMeldView) -> Fan:
    placers = tuple(seat_colour(c.seat) if c.seat != meld.owner else None for c in meld.cards)
    label = f"{meld.points}"
    style = v.FAN_LABEL
    ring = None
    if meld.pending:
        label = f"{meld.points} · pending"
        style = v.FAN_LABEL_GOLD
        ring = pal.GOLD
    return Fan(
        cards=tuple(c.card for c in meld.cards),
        stands_for=v.joker_stands(
            meld.kind, [c.card for c in meld.cards], [c.stands_for for c in meld.cards]
        ),
        placers=placers if any(placers) else (),
        label=label,
        label_style=style,
        ring=ring,
    )


@dataclass(frozen=True, slots=True)
class _Band:
    seat: RommeSeatView
    rows: tuple[tuple[Fan, ...], ...]
    height: int


@dataclass(frozen=True, slots=True)
class _Layout:
    width: int
    bands: tuple[_Band, ...]

    @property
    def height(self) -> int:
        bands = sum(b.height + BAND_GAP for b in self.bands) - BAND_GAP
        return HEADER_H + PILES_H + SECTION_GAP + bands + MARGIN


def _layout(view: RommePublicView) -> _Layout:
    used = NOTES_X + max(text_width(s, st.size) for s, st in _notes(view)) + MARGIN
    bands = []
    for seat in view.seats:
        fans = [_meld_fan(view, m) for m in view.melds if m.owner == seat.seat]
        rows = v.pack_fans(fans, GROUP_AREA_W)
        for row in rows:
            used = max(used, GROUP_X + v.row_width(row) + BAND_PAD + MARGIN)
        height = v.band_height(ROMME_INFO_H, len(rows))
        bands.append(_Band(seat, tuple(tuple(r) for r in rows), height))
    status, _ = _status(view)
    left, muted = _header_left(view)
    header = text_width(left, HEADER.size) + 10 + text_width(muted, HEADER_MUTED.size)
    header += text_width(status, HEADER.size) + 40 + 2 * MARGIN
    width = min(V_TABLE_W, max(V_TABLE_MIN_W, used, header))
    return _Layout(width, tuple(bands))


def romme_table_size(view: RommePublicView) -> tuple[int, int]:
    layout = _layout(view)
    return layout.width, layout.height


def _draw_header(canvas: Image.Image, view: RommePublicView) -> None:
    left, muted = _header_left(view)
    stamp = text(canvas, left, MARGIN, 14, HEADER)
    text(canvas, muted, MARGIN + stamp.width + 10, 18, HEADER_MUTED)
    status, colour = _status(view)
    text(canvas, status, canvas.width - MARGIN, 14, Style(26, colour, pal.FELT), align="right")


def _draw_opening(canvas: Image.Image, view: RommePublicView, seat: RommeSeatView, y: int) -> None:
    need = view.opening_minimum
    if seat.opened:
        text(canvas, f"✓ opened with {seat.opening_points}", INFO_X, y, INFO_BRIGHT)
        return
    pending = seat.opening_points > 0
    style = INFO_GOLD if pending else INFO
    text(canvas, f"first meld {seat.opening_points}/{need}", INFO_X, y, style)
    fraction = seat.opening_points / need if need else 1.0
    v.draw_bar(canvas, INFO_X, y + 26, OPENING_BAR_W, fraction, pal.GOLD)


def _draw_band(canvas: Image.Image, view: RommePublicView, band: _Band, top: int) -> None:
    seat = band.seat
    turn = seat.seat == view.to_act and view.phase is not Phase.OVER
    ring = seat_colour(seat.seat) if turn else None
    if view.winner == seat.seat:
        ring = pal.GOLD
    v.draw_band_frame(canvas, seat.seat, top, band.height, ring)
    y = top + BAND_PAD
    text(canvas, fit_text(seat.name, 24, INFO_TEXT_W), INFO_X, y, name_style(seat.seat))
    score = text(canvas, str(seat.minus), INFO_X, y + 32, SCORE)
    text(canvas, "minus points", INFO_X + score.width + 8, y + 36, INFO)
    cards = plural(seat.hand_count, "card")
    if seat.seat == view.dealer:
        cards += " · dealer"
    text(canvas, cards, INFO_X, y + 62, INFO)
    _draw_opening(canvas, view, seat, y + 86)
    if not band.rows:
        text(canvas, "no melds yet", GROUP_X, top + BAND_PAD + 40, INFO)
    v.draw_fan_rows(canvas, band.rows, GROUP_X, top + BAND_PAD)


def draw_romme_table(view: RommePublicView) -> Image.Image:
    """The Rommé table as a palette image (uncached)."""
    layout = _layout(view)
    canvas = new_canvas(layout.width, layout.height)
    _draw_header(canvas, view)
    top = HEADER_H
    v.draw_stock(canvas, MARGIN, top, view.stock_count, view.rebuilds)
    v.draw_discard(
        canvas, MARGIN + PILE_SLOT_W + PILE_GAP, top, view.discard_top, view.discard_count
    )
    note_y = top + v.PILE_LABEL_H + 4
    for content, style in _notes(view):
        shown = fit_text(content, style.size, layout.width - NOTES_X - MARGIN)
        text(canvas, shown, NOTES_X, note_y, style)
        note_y += NOTE_LINE_H
    top += PILES_H + SECTION_GAP
    for band in layout.bands:
        _draw_band(canvas, view, band, top)
        top += band.height + BAND_GAP
    return canvas


@lru_cache(maxsize=32)
def render_romme_table(view: RommePublicView) -> bytes:
    """The Rommé table as PNG bytes. Cached by view: an unchanged table is not drawn twice."""
    return encode(draw_romme_table(view))


# ----------------------------------------------------------------------------- result
def _hand_rows(count: int) -> int:
    return max(1, math.ceil(count / CARDS_PER_ROW))


def _row_height(count: int) -> int:
    return max(MIN_ROW_H, _hand_rows(count) * (v.FAN_CARD_H + 6) - 6) + 2 * ROW_PAD


def _title(canvas: Image.Image, parts: Sequence[tuple[str, Style]], y: int) -> None:
    x = MARGIN
    for content, style in parts:
        x += text(canvas, content, x, y, style).width


def draw_romme_round_result(result: RommeRoundResult, names: Sequence[str]) -> Image.Image:
    """A Rommé round's scoring as a palette image (uncached)."""
    seats = range(len(result.totals))
    heights = [_row_height(len(result.hands[s])) for s in seats]
    height = TITLE_H + SUBTITLE_H + HEAD_H + sum(h + ROW_GAP for h in heights) + MARGIN
    longest = max((len(h) for h in result.hands), default=0)
    cards_w = max(330, fan_width(min(longest, CARDS_PER_ROW), v.FAN_STEP))
    hand_col = CARDS_X + cards_w + NUMBER_COL_W
    minus_col = hand_col + NUMBER_COL_W
    total_col = minus_col + NUMBER_COL_W
    width = total_col + 14 + MARGIN
    canvas = new_canvas(width, height)

    least = min(result.totals, default=0)
    if result.went_out is None:
        _title(canvas, [(f"Round {result.round_number}: dead round", TITLE)], 12)
        note = "The stock ran out once too often: nobody scores minus points."
    else:
        out = result.went_out
        name = fit_text(names[out], TITLE.size, 420)
        _title(
            canvas,
            [
                (f"Round {result.round_number}: ", TITLE),
                (name, name_style(out, pal.FELT, TITLE.size)),
                (" went out", TITLE),
            ],
            12,
        )
        note = "Cards left in hand are minus points: joker 30, Ace 11, J Q K 10."
        if result.hand_romme:
            note = f"Hand-Rommé: {name} went out in one turn, so minus points count double."
    text(canvas, fit_text(note, SUBTITLE.size, width - 2 * MARGIN), MARGIN, TITLE_H, SUBTITLE)

    y = TITLE_H + SUBTITLE_H
    text(canvas, "cards left in hand", CARDS_X, y, HEADING)
    text(canvas, "hand", hand_col, y, HEADING, align="right")
    text(canvas, "minus", minus_col, y, HEADING, align="right")
    text(canvas, "total", total_col, y, HEADING, align="right")
    y += HEAD_H

    for seat, row_h in zip(seats, heights, strict=True):
        out_row = seat == result.went_out
        v.draw_band_frame(canvas, seat, y, row_h, pal.GOLD if out_row else None)
        mid = y + row_h // 2 - 15
        text(canvas, fit_text(names[seat], 24, NAME_W), INFO_X, mid, name_style(seat))
        hand = result.hands[seat]
        for r in range(0, len(hand), CARDS_PER_ROW):
            row_y = y + ROW_PAD + (r // CARDS_PER_ROW) * (v.FAN_CARD_H + 6)
            for i, card in enumerate(hand[r : r + CARDS_PER_ROW]):
                v.paste_face(canvas, card, CARDS_X + i * v.FAN_STEP, row_y, v.FAN_CARD_H)
        if out_row:
            label = "went out ★ hand-Rommé" if result.hand_romme else "went out ★"
            text(canvas, label, CARDS_X, mid + 2, NOTE_GOLD)
            text(canvas, "—", hand_col, mid + 1, NUMBER_MUTED, align="right")
        elif not hand:
            text(canvas, "no cards", CARDS_X, mid + 2, NOTE_MUTED)
        if not out_row:
            value = sum(hand_value(c) for c in hand)
            shown = f"{value} ×2" if result.hand_romme else str(value)
            text(canvas, shown, hand_col, mid + 1, NUMBER_MUTED, align="right")
        minus = result.minus[seat]
        text(canvas, str(minus), minus_col, mid, NUMBER, align="right")
        total_style = NUMBER_GOLD if result.totals[seat] == least else NUMBER
        text(canvas, str(result.totals[seat]), total_col, mid, total_style, align="right")
        y += row_h + ROW_GAP
    return canvas


@lru_cache(maxsize=16)
def _render_romme_round_result(result: RommeRoundResult, names: tuple[str, ...]) -> bytes:
    return encode(draw_romme_round_result(result, names))


def render_romme_round_result(result: RommeRoundResult, names: Sequence[str]) -> bytes:
    """PNG of a Rommé round's scoring: who went out, every other hand with its hand value
    (doubled for a hand-Rommé), the minus points of the round and the totals so far (the
    fewest in gold); a dead round says so."""
    return _render_romme_round_result(result, tuple(names))


def cache_clear() -> None:
    render_romme_table.cache_clear()
    _render_romme_round_result.cache_clear()


__all__ = [
    "draw_romme_round_result",
    "draw_romme_table",
    "render_romme_round_result",
    "render_romme_table",
    "romme_table_size",
]


register_cache(cache_clear)
