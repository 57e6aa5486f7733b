"""The Rommé table's picture: stock, discard pile, every player's melds with jokers spelled
out, pending first melds, the 40-point opening progress, minus points. A round's result is
drawn in ``render_results``."""

from __future__ import annotations

from PIL import Image

import bot.render.palette as pal
from bot.render import cached_png
from bot.render import variants as v
from bot.render.assets import Style, fit_text
from bot.render.bands import Band, Bar, Line, draw_table, table_size
from bot.render.fans import FAN_LABEL, FAN_LABEL_GOLD, Fan
from bot.render.variants import (
    HEADER,
    INFO,
    INFO_BRIGHT,
    INFO_GOLD,
    MARGIN,
    PILE_GAP,
    PILE_SLOT_W,
    plural,
    seat_colour,
)
from engine.games.romme.views import RommePublicView, RommeSeatView
from engine.i18n import _
from engine.protocol import Phase
from engine.twopack.views import VariantMeldView

NOTES_X = MARGIN + 2 * PILE_SLOT_W + PILE_GAP + 34  # the notes right of the piles
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
    style = FAN_LABEL
    ring = None
    if meld.pending:
        label = _("{points} · pending", points=meld.points)
        style = FAN_LABEL_GOLD
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


def _opening(view: RommePublicView, seat: RommeSeatView) -> tuple[Line, Line]:
    """The first meld: done, or its progress over a gold bar (an opened seat keeps the bar's
    room, so that every band is as tall)."""
    need = view.opening_minimum
    if seat.opened:
        done = _("✓ opened with {opening_points}", opening_points=seat.opening_points)
        return (done, INFO_BRIGHT), Bar()
    style = INFO_GOLD if seat.opening_points > 0 else INFO
    progress = _(
        "first meld {opening_points}/{need}", opening_points=seat.opening_points, need=need
    )
    fraction = seat.opening_points / need if need else 1.0
    return (progress, style), Bar(fraction, pal.GOLD)


def _band(view: RommePublicView, seat: RommeSeatView) -> Band:
    """Name and minus points; cards and dealer; the first meld (progress bar until it is
    down); the melds right of them."""
    turn = seat.seat == view.to_act and view.phase is not Phase.OVER
    ring = seat_colour(seat.seat) if turn else None
    if view.winner == seat.seat:
        ring = pal.GOLD
    cards = plural(seat.hand_count, "card")
    if seat.seat == view.dealer:
        cards += _(" · dealer")
    return Band(
        seat.seat,
        seat.name,
        str(seat.minus),
        lines=((cards, INFO), *_opening(view, seat)),
        fans=tuple(_meld_fan(view, m) for m in view.melds if m.owner == seat.seat),
        ring=ring,
        empty=_("no melds yet"),
    )


def romme_table_size(view: RommePublicView) -> tuple[int, int]:
    """The Rommé table picture's size in pixels for ``view``."""
    return table_size([_band(view, seat) for seat in view.seats])


def draw_romme_table(view: RommePublicView) -> Image.Image:
    """The Rommé table as a palette image (uncached)."""
    bands = [_band(view, seat) for seat in view.seats]
    return draw_table(_header_left(view), _status(view), view, _notes(view), bands, notes_x=NOTES_X)


render_romme_table = cached_png(32)(draw_romme_table)


__all__ = [
    "draw_romme_table",
    "render_romme_table",
    "romme_table_size",
]
