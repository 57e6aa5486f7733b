"""The Rommé table's picture: stock, discard pile, every player's melds with jokers spelled
out, pending first melds, the 40-point opening progress, minus points. A round's result is
drawn in ``render_results``."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

import bot.render.palette as pal
from bot.render import cached_png
from bot.render import variants as v
from bot.render.assets import Style, fit_text, text_width
from bot.render.canvas import new_canvas, text
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
    plural,
    seat_colour,
)
from engine.games.romme.views import RommePublicView, RommeSeatView
from engine.i18n import _
from engine.protocol import Phase
from engine.twopack.views import VariantMeldView

# The table.
ROMME_INFO_H = v.NAME_LINE_H + 2 * v.INFO_LINE_H + v.BAR_H + 2  # name, cards, first meld
OPENING_BAR_W = v.INFO_TEXT_W
NOTES_X = MARGIN + 2 * PILE_SLOT_W + PILE_GAP + 34  # the notes right of the piles
NOTE_LINE_H = 30
GROUP_AREA_W = V_TABLE_W - MARGIN - BAND_PAD - GROUP_X
ROMME_MAX_H = 3000  # far beyond any real position; a guard for the tests


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
    """The Rommé table picture's size in pixels for ``view``."""
    layout = _layout(view)
    return layout.width, layout.height


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
    top = v.draw_table_head(canvas, _header_left(view), _status(view), view)
    note_y = top + 4
    v.draw_notes(canvas, _notes(view), NOTES_X, note_y, layout.width - NOTES_X - MARGIN)
    top += PILES_H + SECTION_GAP
    for band in layout.bands:
        _draw_band(canvas, view, band, top)
        top += band.height + BAND_GAP
    return canvas


render_romme_table = cached_png(32)(draw_romme_table)


__all__ = [
    "draw_romme_table",
    "render_romme_table",
    "romme_table_size",
]
