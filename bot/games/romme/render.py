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
from bot.render.canvas import encode, new_canvas, text
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
from engine.i18n import _, language
from engine.protocol import Phase
from engine.twopack.melds import hand_value
from engine.twopack.views import VariantMeldView

# The table.
ROMME_INFO_H = v.NAME_LINE_H + 2 * v.INFO_LINE_H + v.BAR_H + 2  # name, cards, first meld
OPENING_BAR_W = v.INFO_TEXT_W
NOTES_X = MARGIN + 2 * PILE_SLOT_W + PILE_GAP + 34  # the notes right of the piles
NOTE_LINE_H = 30
GROUP_AREA_W = V_TABLE_W - MARGIN - BAND_PAD - GROUP_X
ROMME_MAX_H = 3000  # far beyond any real position; a guard for the tests

# The round result.
RESULT_W = PICTURE_W
ROW_PAD = 10
ROW_GAP = 8
NAME_W = 150
CARDS_X = MARGIN + v.COLOUR_BAR_W + 12 + NAME_W + 10
NUMBER_COL_W = 88
CARDS_MAX_W = RESULT_W - 2 * MARGIN - 14 - 3 * NUMBER_COL_W - CARDS_X
CARDS_PER_ROW = (CARDS_MAX_W - CARD_W) // v.FAN_STEP + 1
MIN_ROW_H = 56

NUMBER = Style(24, pal.TEXT, pal.PANEL)
NUMBER_MUTED = Style(22, pal.MUTED, pal.PANEL)
NUMBER_GOLD = Style(24, pal.GOLD, pal.PANEL)
NOTE_GOLD = Style(MIN_TEXT_PX, pal.GOLD, pal.PANEL)
NOTE_MUTED = Style(MIN_TEXT_PX, pal.MUTED, pal.PANEL)


# ----------------------------------------------------------------------------- table
def _status(view: RommePublicView) -> tuple[str, pal.RGB]:
    if view.phase is Phase.OVER and view.winner is not None:
        name = fit_text(view.seats[view.winner].name, HEADER.size, v.STATUS_NAME_W)
        return _("{name} wins the game", name=name), seat_colour(view.winner)
    seat = view.seats[view.to_act]
    name = fit_text(seat.name, HEADER.size, v.STATUS_NAME_W)
    if view.phase is Phase.DRAW:
        return _("▶ {name} to draw", name=name), seat_colour(seat.seat)
    if not seat.opened and seat.opening_points:
        need = view.opening_minimum
        return _(
            "▶ {name}: first meld {opening_points}/{need}",
            name=name,
            opening_points=seat.opening_points,
            need=need,
        ), seat_colour(seat.seat)
    return _("▶ {name} to play", name=name), seat_colour(seat.seat)


def _header_left(view: RommePublicView) -> tuple[str, str]:
    return _("Rommé"), _(
        "· round {round_number} of {rounds}", round_number=view.round_number, rounds=view.rounds
    )


def _last_round_note(view: RommePublicView) -> str:
    last = view.last_round
    if last is None:
        return ""
    if last.went_out is None:
        return _(
            "Last round ({round_number}): dead, no minus points", round_number=last.round_number
        )
    name = view.seats[last.went_out].name
    double = _(" · hand-Rommé ×2") if last.hand_romme else ""
    return _(
        "Last round ({round_number}): {name} went out{double}",
        round_number=last.round_number,
        name=name,
        double=double,
    )


def _notes(view: RommePublicView) -> list[tuple[str, Style]]:
    notes = [
        (
            _(
                "First meld: {opening_minimum}+ points in one turn",
                opening_minimum=view.opening_minimum,
            ),
            v.NOTE,
        ),
        *v.rebuilt_note(view.rebuilds),
        (_("★ joker, with the card it stands for"), v.LABEL),
        (_("Fewest minus points wins"), v.LABEL),
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
        label = _("{points} · pending", points=meld.points)
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
    status, _colour = _status(view)
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
    stamp = text(canvas, left, MARGIN, v.HEADER_Y, HEADER)
    text(canvas, muted, MARGIN + stamp.width + 10, v.HEADER_Y + 3, HEADER_MUTED)
    status, colour = _status(view)
    text(canvas, status, canvas.width - MARGIN, v.HEADER_Y, Style(26, colour, pal.FELT), "right")


def _draw_opening(canvas: Image.Image, view: RommePublicView, seat: RommeSeatView, y: int) -> None:
    need = view.opening_minimum
    if seat.opened:
        done = _("✓ opened with {opening_points}", opening_points=seat.opening_points)
        text(canvas, fit_text(done, INFO.size, INFO_TEXT_W), INFO_X, y, INFO_BRIGHT)
        return
    pending = seat.opening_points > 0
    style = INFO_GOLD if pending else INFO
    progress = _(
        "first meld {opening_points}/{need}", opening_points=seat.opening_points, need=need
    )
    text(canvas, progress, INFO_X, y, style)
    fraction = seat.opening_points / need if need else 1.0
    v.draw_bar(canvas, INFO_X, y + v.INFO_LINE_H - 1, OPENING_BAR_W, fraction, pal.GOLD)


def _draw_band(canvas: Image.Image, view: RommePublicView, band: _Band, top: int) -> None:
    """Name and minus points; cards and dealer; the first meld (progress bar until it is
    down); the melds right of them."""
    seat = band.seat
    turn = seat.seat == view.to_act and view.phase is not Phase.OVER
    ring = seat_colour(seat.seat) if turn else None
    if view.winner == seat.seat:
        ring = pal.GOLD
    v.draw_band_frame(canvas, seat.seat, top, band.height, ring)
    y = top + BAND_PAD
    v.draw_name_line(canvas, seat.seat, seat.name, y, (str(seat.minus), SCORE))
    cards = plural(seat.hand_count, "card")
    if seat.seat == view.dealer:
        cards += _(" · dealer")
    text(canvas, fit_text(cards, INFO.size, INFO_TEXT_W), INFO_X, y + v.NAME_LINE_H, INFO)
    _draw_opening(canvas, view, seat, y + v.NAME_LINE_H + v.INFO_LINE_H)
    if not band.rows:
        text(canvas, _("no melds yet"), GROUP_X, y + v.NAME_LINE_H, INFO)
    v.draw_fan_rows(canvas, band.rows, GROUP_X, y)


def draw_romme_table(view: RommePublicView) -> Image.Image:
    """The Rommé table as a palette image (uncached)."""
    layout = _layout(view)
    canvas = new_canvas(layout.width, layout.height)
    _draw_header(canvas, view)
    top = HEADER_H
    v.draw_stock(canvas, MARGIN, top, view.stock_count)
    v.draw_discard(
        canvas, MARGIN + PILE_SLOT_W + PILE_GAP, top, view.discard_top, view.discard_count
    )
    note_y = top + 4
    v.draw_notes(canvas, _notes(view), NOTES_X, note_y, layout.width - NOTES_X - MARGIN)
    top += PILES_H + SECTION_GAP
    for band in layout.bands:
        _draw_band(canvas, view, band, top)
        top += band.height + BAND_GAP
    return canvas


def render_romme_table(view: RommePublicView) -> bytes:
    """The Rommé table as PNG bytes. Cached by view and language: an unchanged table is not
    drawn twice."""
    return _render_romme_table(view, language())


@lru_cache(maxsize=32)
def _render_romme_table(view: RommePublicView, lang: str) -> bytes:
    return encode(draw_romme_table(view))  # drawn in ``lang``: the current language


# ----------------------------------------------------------------------------- result
def _hand_rows(count: int) -> int:
    return max(1, math.ceil(count / CARDS_PER_ROW))


def _row_height(count: int) -> int:
    return max(MIN_ROW_H, _hand_rows(count) * (v.FAN_CARD_H + 6) - 6) + 2 * ROW_PAD


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
        row_y = y + ROW_PAD + (r // CARDS_PER_ROW) * (v.FAN_CARD_H + 6)
        for i, card in enumerate(hand[r : r + CARDS_PER_ROW]):
            v.paste_face(canvas, card, CARDS_X + i * v.FAN_STEP, row_y, v.FAN_CARD_H)
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


@lru_cache(maxsize=16)
def _render_romme_round_result(
    result: RommeRoundResult, names: tuple[str, ...], lang: str
) -> bytes:
    return encode(draw_romme_round_result(result, names))


def render_romme_round_result(result: RommeRoundResult, names: Sequence[str]) -> bytes:
    """PNG of a Rommé round: who went out, each other hand and its value (doubled for a
    hand-Rommé), the round's minus points and the totals (fewest in gold), or a dead round."""
    return _render_romme_round_result(result, tuple(names), language())


def cache_clear() -> None:
    _render_romme_table.cache_clear()
    _render_romme_round_result.cache_clear()


__all__ = [
    "draw_romme_round_result",
    "draw_romme_table",
    "render_romme_round_result",
    "render_romme_table",
    "romme_table_size",
]


register_cache(cache_clear)
