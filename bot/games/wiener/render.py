"""Wiener Rummy's table: stock, discard pile, the pot, every player's bad points toward the
limit, chips, who is out, the knock and its final turns (round results: render_results.py).

Hands stay hidden (card backs, counted) until a player knocks or calls Rummy: the table shows
only what the public view reveals, and the round result every hand in its best arrangement.
"""

from __future__ import annotations

from collections.abc import Sequence
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
    INFO_ALERT,
    INFO_BRIGHT,
    INFO_TEXT_W,
    INFO_X,
    MARGIN,
    PILE_GAP,
    PILE_SLOT_W,
    PILES_H,
    SECTION_GAP,
    V_TABLE_MIN_W,
    V_TABLE_W,
    Fan,
    plural,
    seat_colour,
)
from engine.games.wiener.views import WienerPublicView, WienerSeatView
from engine.i18n import _
from engine.protocol import Phase
from engine.twopack.deadwood import Arrangement
from engine.twopack.melds import VariantMeld

LIMIT_BAR_H = v.BAR_H + 2  # the bar toward the limit, right under the name line
WIENER_INFO_H = v.NAME_LINE_H + LIMIT_BAR_H + 2 * v.INFO_LINE_H  # name, bar, chips, cards
INFO_LINE_H = v.INFO_LINE_H  # one more line: "bought back in"
BAD_BAR_W = v.INFO_TEXT_W
DANGER = 0.8  # bad points from this share of the limit on show in red
POT_X = MARGIN + 2 * (PILE_SLOT_W + PILE_GAP)
NOTES_X = POT_X + v.CHIP_D + PILE_GAP + 10
NOTE_LINE_H = 30
GROUP_AREA_W = V_TABLE_W - MARGIN - BAND_PAD - GROUP_X
OUT_BAND_H = 64  # a player out of the rubber: one line
WIENER_MAX_H = 2400  # a guard for the tests: six revealed hands of eleven cards fit

BANNER = Style(26, pal.GOLD, pal.FELT)
BANNER_NOTE = Style(22, pal.TEXT, pal.FELT)


# ----------------------------------------------------------------------------- shared
def arrangement_fans(laid: Arrangement) -> list[Fan]:
    """A hand laid out: one fan per meld (jokers spelled out), then the deadwood."""
    return v.laid_out_fans([_meld_fan(m) for m in laid.melds], laid.leftover, laid.deadwood)


def _meld_fan(meld: VariantMeld) -> Fan:
    return Fan(cards=meld.cards, stands_for=v.joker_stands(meld.kind, meld.cards, meld.stands_for))


def limit_bar(canvas: Image.Image, bad: int, out_at: int, y: int) -> None:
    """Draw how near a seat's ``bad`` points are to ``out_at``, in the alert colour once close."""
    fraction = bad / out_at if out_at else 1.0
    colour = pal.ALERT if fraction >= DANGER else pal.MUTED
    v.draw_bar(canvas, INFO_X, y, BAD_BAR_W, fraction, colour)


def chips_text(chips: int) -> str:
    """A chip balance: "+3 chips", "0 chips", "−5 chips" (a real minus sign)."""
    if not chips:
        return _("0 chips")
    return _("{chips} chips", chips=f"{chips:+d}".replace("-", "−"))


# ----------------------------------------------------------------------------- table
def _between_rounds(view: WienerPublicView) -> bool:
    """Buy-back offers and the end of the rubber come after a round: its hands (shown in the
    round result) are no longer on the table."""
    return view.phase in (Phase.BUY_BACK, Phase.OVER)


def _knocker(view: WienerPublicView) -> int | None:
    """Who knocked in the round under way (None between rounds, whatever the view keeps)."""
    return None if _between_rounds(view) else view.knocker


def _final_turns(view: WienerPublicView) -> list[int]:
    """Who still draws and discards once after the knock, in turn order."""
    if _knocker(view) is None or view.final_turns_left <= 0:
        return []
    order: list[int] = []
    seat = view.to_act
    n = len(view.seats)
    for _turn in range(n):
        if len(order) >= view.final_turns_left:
            break
        if view.seats[seat].in_rubber and seat != view.knocker:
            order.append(seat)
        seat = (seat + 1) % n
    return order


def _final_turns_note(view: WienerPublicView, names: Sequence[str]) -> str:
    """ "1 final turn left, for Ben" / "3 final turns left: Ben, Clara, Dieter"."""
    turns = _final_turns(view)
    if not turns:
        return _("The round is being scored")
    if len(turns) == 1:
        return _("1 final turn left, for {value}", value=names[turns[0]])
    note = _("{value} final turns left: ", value=len(turns)) + ", ".join(names[s] for s in turns)
    if text_width(note, BANNER_NOTE.size) > V_TABLE_W - NOTES_X - MARGIN:
        note = _(
            "{value} final turns left: {value2}, then {value3} more",
            value=len(turns),
            value2=names[turns[0]],
            value3=len(turns) - 1,
        )
    return note


def _buy_back_target(view: WienerPublicView) -> int | None:
    """The bad points the player to act would drop to by buying back in."""
    active = sorted((s.bad_points for s in view.seats if s.in_rubber), reverse=True)
    return active[1] if len(active) > 1 else None


def _status(view: WienerPublicView) -> tuple[str, pal.RGB]:
    if view.phase is Phase.OVER and view.winner is not None:
        name = fit_text(view.seats[view.winner].name, HEADER.size, v.STATUS_NAME_W)
        return _("{name} wins the pot", name=name), seat_colour(view.winner)
    seat = view.to_act
    name = fit_text(view.seats[seat].name, HEADER.size, v.STATUS_NAME_W)
    if view.phase is Phase.BUY_BACK:
        return _("▶ {name}: buy back in?", name=name), seat_colour(seat)
    last = _(" (last turn)") if _knocker(view) is not None else ""
    doing = _("to draw") if view.phase is Phase.DRAW else _("to discard")
    return f"▶ {name} {doing}{last}", seat_colour(seat)


def _notes(view: WienerPublicView) -> list[tuple[str, Style]]:
    """Right of the piles: the knock and its final turns, or the rubber's rules."""
    names = [s.name for s in view.seats]
    if view.phase is Phase.OVER and view.winner is not None:
        winner = view.seats[view.winner]
        won = [
            (_("{name} wins the rubber", name=winner.name), BANNER),
            (
                _(
                    "The last player in takes the pot: {value} overall",
                    value=chips_text(winner.chips),
                ),
                BANNER_NOTE,
            ),
        ]
        return won + _last_round(view, names)
    knocker = _knocker(view)
    if knocker is not None:
        return [
            (_("{value} knocked", value=names[knocker]), BANNER),
            (_final_turns_note(view, names), BANNER_NOTE),
            *v.rebuilt_note(view.rebuilds),
            (_("The other hands stay hidden until the round ends"), v.LABEL),
        ]
    notes: list[tuple[str, Style]] = []
    if view.phase is Phase.BUY_BACK:
        target = _buy_back_target(view)
        seat = view.seats[view.to_act]
        offer = _("{name} may buy back in", name=seat.name)
        if target is not None:
            offer += _(
                ": {bad_points} → {target} bad points", bad_points=seat.bad_points, target=target
            )
        notes.append((offer, v.NOTE_GOLD))
    notes += [
        (_("Out at {out_at} bad points", out_at=view.out_at), v.NOTE),
        *v.rebuilt_note(view.rebuilds),
        (_("The last player in wins the pot"), v.LABEL),
    ]
    return notes + _last_round(view, names)


def _last_round(view: WienerPublicView, names: Sequence[str]) -> list[tuple[str, Style]]:
    last = view.last_round
    if last is None:
        return []
    if last.closer is None:
        return [(_("Last round ({round_number}): dead", round_number=last.round_number), v.LABEL)]
    did = _("called Rummy") if last.rummy else _("knocked")
    return [
        (
            _(
                "Last round ({round_number}): {value} {did}",
                round_number=last.round_number,
                value=names[last.closer],
                did=did,
            ),
            v.LABEL,
        )
    ]


@dataclass(frozen=True, slots=True)
class _Band:
    seat: WienerSeatView
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


def _seat_fans(view: WienerPublicView, seat: WienerSeatView) -> list[Fan]:
    if not seat.in_rubber or _between_rounds(view):
        return []
    if seat.revealed is not None:
        return arrangement_fans(seat.revealed)
    return [v.hidden_hand(seat.hand_count)] if seat.hand_count else []


def _layout(view: WienerPublicView) -> _Layout:
    used = NOTES_X + max(text_width(s, st.size) for s, st in _notes(view)) + MARGIN
    bands = []
    for seat in view.seats:
        rows = v.pack_fans(_seat_fans(view, seat), GROUP_AREA_W)
        for row in rows:
            used = max(used, GROUP_X + v.row_width(row) + BAND_PAD + MARGIN)
        info_h = WIENER_INFO_H + (INFO_LINE_H if seat.bought_back else 0)
        height = v.band_height(info_h, len(rows)) if seat.in_rubber else OUT_BAND_H
        bands.append(_Band(seat, tuple(tuple(r) for r in rows), height))
    status, _colour = _status(view)
    header = text_width(_("Wiener Rummy"), HEADER.size) + 10
    header += text_width(
        _("· round {round_number}", round_number=view.round_number), HEADER_MUTED.size
    )
    header += text_width(status, HEADER.size) + 40 + 2 * MARGIN
    width = min(V_TABLE_W, max(V_TABLE_MIN_W, used, header))
    return _Layout(width, tuple(bands))


def wiener_table_size(view: WienerPublicView) -> tuple[int, int]:
    """The Viennese Rummy table picture's size in pixels for ``view``."""
    layout = _layout(view)
    return layout.width, layout.height


def _draw_band(canvas: Image.Image, view: WienerPublicView, band: _Band, top: int) -> None:
    seat = band.seat
    y = top + BAND_PAD
    if not seat.in_rubber:
        v.draw_band_frame(canvas, seat.seat, top, band.height, bar=pal.MUTED)
        name = text(
            canvas, fit_text(seat.name, 24, INFO_TEXT_W), INFO_X, y + 10, v.muted_name_style()
        )
        out = _(
            "out of the rubber · {bad_points} bad points · {value}",
            bad_points=seat.bad_points,
            value=chips_text(seat.chips),
        )
        text(canvas, out, INFO_X + max(name.width + 24, INFO_W_OUT), y + 14, INFO_ALERT)
        return
    turn = seat.seat == view.to_act and view.phase is not Phase.OVER
    ring = seat_colour(seat.seat) if turn else None
    if view.winner == seat.seat or _knocker(view) == seat.seat:
        ring = pal.GOLD
    v.draw_band_frame(canvas, seat.seat, top, band.height, ring)
    right = f"{seat.bad_points} / {view.out_at}"
    v.draw_name_line(canvas, seat.seat, seat.name, y, (right, v.SCORE))
    limit_bar(canvas, seat.bad_points, view.out_at, y + v.NAME_LINE_H)
    y += v.NAME_LINE_H + LIMIT_BAR_H
    text(canvas, chips_text(seat.chips), INFO_X, y, INFO_BRIGHT)
    if seat.seat == _knocker(view):
        text(canvas, _("knocked"), INFO_X + INFO_TEXT_W, y, v.TAG_GOLD, align="right")
    cards = [] if _between_rounds(view) else [plural(seat.hand_count, "card")]
    if seat.seat == view.dealer:
        cards.append(_("dealer"))
    if cards:
        text(canvas, " · ".join(cards), INFO_X, y + v.INFO_LINE_H, INFO)
    if seat.bought_back:
        text(canvas, _("bought back in"), INFO_X, y + 2 * v.INFO_LINE_H, INFO)
    v.draw_fan_rows(canvas, band.rows, GROUP_X, top + BAND_PAD)


INFO_W_OUT = 140  # where "out of the rubber" starts after a short name


def draw_wiener_table(view: WienerPublicView) -> Image.Image:
    """The Wiener Rummy table as a palette image (uncached)."""
    layout = _layout(view)
    canvas = new_canvas(layout.width, layout.height)
    title = (_("Wiener Rummy"), _("· round {round_number}", round_number=view.round_number))
    top = v.draw_table_head(canvas, title, _status(view), view)
    v.draw_pot(canvas, POT_X, top, view.pot)
    note_y = top + 4
    v.draw_notes(canvas, _notes(view), NOTES_X, note_y, layout.width - NOTES_X - MARGIN)
    top += PILES_H + SECTION_GAP
    for band in layout.bands:
        _draw_band(canvas, view, band, top)
        top += band.height + BAND_GAP
    return canvas


render_wiener_table = cached_png(32)(draw_wiener_table)


__all__ = [
    "draw_wiener_table",
    "render_wiener_table",
    "wiener_table_size",
]
