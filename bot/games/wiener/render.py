"""Wiener Rummy's table: stock, discard pile, the pot, every player's bad points toward the
limit, chips, who is out, the knock and its final turns (round results: render_results.py).

Hands stay hidden (card backs, counted) until a player knocks or calls Rummy: the table shows
only what the public view reveals, and the round result every hand in its best arrangement.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

import bot.render.palette as pal
from bot.render import cached_png
from bot.render import variants as v
from bot.render.assets import Style, fit_text, text_width
from bot.render.bands import PILES_END_X, Band, Bar, Line, draw_table, table_size
from bot.render.fans import Fan, arrangement_fans, hidden_hand
from bot.render.variants import (
    HEADER,
    INFO,
    INFO_ALERT,
    INFO_BRIGHT,
    MARGIN,
    PILE_GAP,
    V_TABLE_W,
    plural,
    seat_colour,
)
from engine.games.wiener.views import WienerPublicView, WienerSeatView
from engine.i18n import _
from engine.protocol import Phase

DANGER = 0.8  # bad points from this share of the limit on show in red
NOTES_X = PILES_END_X + v.CHIP_D + PILE_GAP + 10  # right of the pot
WIENER_MAX_H = 2400  # a guard for the tests: six revealed hands of eleven cards fit

BANNER = Style(26, pal.GOLD, pal.FELT)
BANNER_NOTE = Style(22, pal.TEXT, pal.FELT)


def limit_bar(bad: int, out_at: int) -> Bar:
    """How near a seat's ``bad`` points are to ``out_at``, in the alert colour once close."""
    fraction = bad / out_at if out_at else 1.0
    return Bar(fraction, pal.ALERT if fraction >= DANGER else pal.MUTED)


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


def _seat_fans(view: WienerPublicView, seat: WienerSeatView) -> tuple[Fan, ...]:
    if not seat.in_rubber or _between_rounds(view):
        return ()
    if seat.revealed is not None:
        return tuple(arrangement_fans(seat.revealed))
    return (hidden_hand(seat.hand_count),) if seat.hand_count else ()


def _band(view: WienerPublicView, seat: WienerSeatView) -> Band:
    """Name and bad points over the bar toward the limit; chips (and the knock); cards and
    dealer; bought back in; the revealed hand or the hidden one right of them."""
    if not seat.in_rubber:
        out = _(
            "out of the rubber · {bad_points} bad points · {value}",
            bad_points=seat.bad_points,
            value=chips_text(seat.chips),
        )
        return Band(seat.seat, seat.name, out=(out, INFO_ALERT))
    turn = seat.seat == view.to_act and view.phase is not Phase.OVER
    ring = seat_colour(seat.seat) if turn else None
    if view.winner == seat.seat or _knocker(view) == seat.seat:
        ring = pal.GOLD
    cards = [] if _between_rounds(view) else [plural(seat.hand_count, "card")]
    if seat.seat == view.dealer:
        cards.append(_("dealer"))
    lines: list[Line] = [
        limit_bar(seat.bad_points, view.out_at),
        (chips_text(seat.chips), INFO_BRIGHT),
        (" · ".join(cards), INFO),  # an empty line keeps its room
    ]
    if seat.bought_back:
        lines.append((_("bought back in"), INFO))
    knocked = (_("knocked"), v.TAG_GOLD) if seat.seat == _knocker(view) else None
    return Band(
        seat.seat,
        seat.name,
        f"{seat.bad_points} / {view.out_at}",
        lines=tuple(lines),
        tag=knocked,
        fans=_seat_fans(view, seat),
        ring=ring,
    )


def wiener_table_size(view: WienerPublicView) -> tuple[int, int]:
    """The Viennese Rummy table picture's size in pixels for ``view``."""
    return table_size([_band(view, seat) for seat in view.seats])


def draw_wiener_table(view: WienerPublicView) -> Image.Image:
    """The Wiener Rummy table as a palette image (uncached)."""
    title = (_("Wiener Rummy"), _("· round {round_number}", round_number=view.round_number))
    bands = [_band(view, seat) for seat in view.seats]
    notes = _notes(view)
    return draw_table(title, _status(view), view, notes, bands, notes_x=NOTES_X, pot=view.pot)


render_wiener_table = cached_png(32)(draw_wiener_table)


__all__ = [
    "draw_wiener_table",
    "render_wiener_table",
    "wiener_table_size",
]
