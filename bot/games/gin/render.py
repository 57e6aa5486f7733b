"""Gin Rummy's pictures: the table (stock, upcard, the knock card, both players' hands as
counted backs with the upcards each took, match points toward the target), a hand's result
(both hands laid down: melds, lay-offs, deadwood, the points) and the match's end.

Nothing is melded during play, so the table shows hands only once a match is over (the last
hand, laid down); every other hand's laying down is the round result's picture."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image

import bot.render.palette as pal
from bot.games.gin.words import hand_headline, hand_reckoning
from bot.games.treppe.render_results import render_session_result
from bot.render import register_cache
from bot.render import variants as v
from bot.render.assets import Style, fit_text
from bot.render.canvas import encode, new_canvas, text
from bot.render.hand import sort_hand
from bot.render.results import TITLE, draw_title, heading_height, note_lines, title_name
from bot.render.variants import (
    BAND_GAP,
    BAND_PAD,
    GROUP_X,
    HEADER,
    HEADER_H,
    HEADER_MUTED,
    INFO,
    INFO_BRIGHT,
    INFO_TEXT_W,
    INFO_X,
    MARGIN,
    PILE_GAP,
    PILE_SLOT_W,
    PILES_H,
    SECTION_GAP,
    V_TABLE_W,
    Fan,
    name_style,
    plural,
    seat_colour,
)
from engine.games.gin.views import GinHandResult, GinPublicView, GinSeatView, LaidHand
from engine.i18n import _, language
from engine.protocol import Phase

NOTES_X = MARGIN + 2 * (PILE_SLOT_W + PILE_GAP)
GROUP_AREA_W = V_TABLE_W - MARGIN - BAND_PAD - GROUP_X
TARGET_BAR_H = v.BAR_H + 2
INFO_H = v.NAME_LINE_H + TARGET_BAR_H + 2 * v.INFO_LINE_H  # name, bar, two lines
BANNER = Style(24, pal.GOLD, pal.FELT)


def target_bar(canvas: Image.Image, seat: int, score: int, target: int, y: int) -> None:
    """How near a seat's match points are to the target, in the seat's colour."""
    fraction = score / target if target else 1.0
    v.draw_bar(canvas, INFO_X, y, INFO_TEXT_W, fraction, seat_colour(seat))


def laid_fans(hand: LaidHand) -> list[Fan]:
    """A hand laid down: its melds, the cards laid off on the knocker's melds, its deadwood."""
    extra = []
    if hand.laid_off:
        extra.append(Fan(hand.laid_off, label=_("laid off"), ring=pal.GOLD))
    return v.laid_out_fans([Fan(meld) for meld in hand.melds], hand.leftover, hand.deadwood, extra)


# ----------------------------------------------------------------------------- table
def _status(view: GinPublicView) -> tuple[str, pal.RGB]:
    if view.phase is Phase.OVER and view.winner is not None:
        name = fit_text(view.seats[view.winner].name, HEADER.size, v.STATUS_NAME_W)
        return _("{name} wins the match", name=name), seat_colour(view.winner)
    seat = view.to_act
    name = fit_text(view.seats[seat].name, HEADER.size, v.STATUS_NAME_W)
    if view.phase is Phase.DRAW and (view.offer or view.wall):
        return _("▶ {name}: take or pass", name=name), seat_colour(seat)
    doing = _("to draw") if view.phase is Phase.DRAW else _("to discard")
    return f"▶ {name} {doing}", seat_colour(seat)


def _notes(view: GinPublicView) -> list[tuple[str, Style]]:
    """Right of the piles: the offer or the wall, the knock card, the target, the last hand."""
    notes: list[tuple[str, Style]] = []
    names = [s.name for s in view.seats]
    if view.phase is Phase.OVER and view.match is not None:
        match = view.match
        notes.append((_("{name} wins the match", name=names[match.winner]), BANNER))
        bonus = _("Game bonus {bonus}", bonus=match.game_bonus)
        if match.shutout:
            bonus += _(", shutout: doubled")
        notes.append((bonus, v.NOTE))
    elif view.phase is Phase.DRAW and view.offer:
        notes.append((_("First upcard: take it or pass"), BANNER))
    elif view.phase is Phase.DRAW and view.wall:
        notes.append((_("The wall: knock with the upcard or the hand is void"), BANNER))
    elif view.must_knock:
        notes.append((_("Took the upcard at the wall: knocks now"), BANNER))
    if view.phase is not Phase.OVER:
        knock = (
            _("Gin only: no knocking")
            if view.knock_card == 0
            else _("Knock with {value} or less", value=view.knock_card)
        )
        notes.append((knock, v.NOTE))
        if view.doubled:
            notes.append((_("Spade upcard: this hand counts double"), v.NOTE_GOLD))
        notes.append((_("Match to {target}", target=view.target), v.LABEL))
    if view.last_round is not None:
        notes.append((hand_headline(view.last_round, names), v.LABEL))
    return notes


def _seat_fans(view: GinPublicView, seat: GinSeatView) -> list[Fan]:
    if view.phase is Phase.OVER:
        last = view.last_round
        return laid_fans(last.hands[seat.seat]) if last is not None else []
    fans = [v.hidden_hand(seat.hand_count)] if seat.hand_count else []
    if seat.picked_up:
        fans.append(Fan(tuple(sort_hand(seat.picked_up)), label=_("took")))
    return fans


def _draw_header(canvas: Image.Image, view: GinPublicView) -> None:
    stamp = text(canvas, _("Gin Rummy"), MARGIN, v.HEADER_Y, HEADER)
    muted = _("· hand {round_number}", round_number=view.round_number)
    text(canvas, muted, MARGIN + stamp.width + 10, v.HEADER_Y + 3, HEADER_MUTED)
    status, colour = _status(view)
    text(canvas, status, canvas.width - MARGIN, v.HEADER_Y, Style(26, colour, pal.FELT), "right")


def _draw_band(
    canvas: Image.Image, view: GinPublicView, seat: GinSeatView, rows: list[list[Fan]], top: int
) -> int:
    """One player's band: name and points, the bar to the target, cards, hands won, fans."""
    height = v.band_height(INFO_H, len(rows))
    turn = seat.seat == view.to_act and view.phase is not Phase.OVER
    ring = pal.GOLD if view.winner == seat.seat else (seat_colour(seat.seat) if turn else None)
    v.draw_band_frame(canvas, seat.seat, top, height, ring)
    y = top + BAND_PAD
    v.draw_name_line(canvas, seat.seat, seat.name, y, (f"{seat.score} / {view.target}", v.SCORE))
    target_bar(canvas, seat.seat, seat.score, view.target, y + v.NAME_LINE_H)
    y += v.NAME_LINE_H + TARGET_BAR_H
    facts = [] if view.phase is Phase.OVER else [plural(seat.hand_count, "card")]
    if seat.seat == view.dealer:
        facts.append(_("dealer"))
    text(canvas, " · ".join(facts), INFO_X, y, INFO)
    won = _("hands won: {count}", count=seat.hands_won)
    text(canvas, won, INFO_X, y + v.INFO_LINE_H, INFO_BRIGHT)
    v.draw_fan_rows(canvas, rows, GROUP_X, top + BAND_PAD)
    return height


def draw_gin_table(view: GinPublicView) -> Image.Image:
    """The Gin Rummy table as a palette image (uncached)."""
    all_rows = [v.pack_fans(_seat_fans(view, seat), GROUP_AREA_W) for seat in view.seats]
    bands = sum(v.band_height(INFO_H, len(rows)) + BAND_GAP for rows in all_rows) - BAND_GAP
    canvas = new_canvas(V_TABLE_W, HEADER_H + PILES_H + SECTION_GAP + bands + MARGIN)
    _draw_header(canvas, view)
    top = HEADER_H
    v.draw_stock(canvas, MARGIN, top, view.stock_count)
    discard_x = MARGIN + PILE_SLOT_W + PILE_GAP
    v.draw_discard(canvas, discard_x, top, view.discard_top, view.discard_count)
    v.draw_notes(canvas, _notes(view), NOTES_X, top + 4, V_TABLE_W - NOTES_X - MARGIN)
    top += PILES_H + SECTION_GAP
    for seat, rows in zip(view.seats, all_rows, strict=True):
        top += _draw_band(canvas, view, seat, rows, top) + BAND_GAP
    return canvas


def render_gin_table(view: GinPublicView) -> bytes:
    """The Gin Rummy table as PNG bytes, cached by view and language."""
    return _render_gin_table(view, language())


@lru_cache(maxsize=32)
def _render_gin_table(view: GinPublicView, lang: str) -> bytes:
    return encode(draw_gin_table(view))  # drawn in ``lang``: the current language


# ----------------------------------------------------------------------------- a hand's result
def _result_title(result: GinHandResult, names: Sequence[str]) -> list[tuple[str, Style]]:
    head = (_("Hand {number}: ", number=result.round_number), TITLE)
    knocker = result.closer
    if knocker is None:
        return [(_("Hand {number}: void", number=result.round_number), TITLE)]
    scorer = result.winner
    if result.undercut and scorer is not None:
        who, did = scorer, _(" undercuts!")
    else:
        who, did = knocker, (_(" goes gin!") if result.special else _(" knocks"))
    return [head, (title_name(names[who]), name_style(who, pal.FELT, TITLE.size)), (did, TITLE)]


def _result_tag(result: GinHandResult, seat: int) -> str:
    if seat == result.closer:
        return _("gin") if result.special else _("knocked")
    return _("undercut") if result.undercut else _("defended")


def draw_gin_round(result: GinHandResult, names: Sequence[str]) -> Image.Image:
    """A hand's result as a palette image (uncached): both hands laid down and the points."""
    lines = note_lines(hand_reckoning(result, names))
    all_rows = [v.pack_fans(laid_fans(hand), GROUP_AREA_W) for hand in result.hands]
    heights = [v.band_height(INFO_H, len(rows)) for rows in all_rows]
    top = heading_height(lines)
    canvas = new_canvas(V_TABLE_W, top + sum(h + BAND_GAP for h in heights) + MARGIN)
    draw_title(canvas, _result_title(result, names))
    for i, line in enumerate(lines):
        text(canvas, line, MARGIN, v.HEADER_H + 8 + i * v.NOTE_LINE_H, v.LABEL)
    for seat, (rows, height) in enumerate(zip(all_rows, heights, strict=True)):
        ring = pal.GOLD if result.points[seat] > 0 else None
        v.draw_band_frame(canvas, seat, top, height, ring)
        y = top + BAND_PAD
        v.draw_name_line(canvas, seat, names[seat], y, (f"+{result.points[seat]}", v.SCORE))
        y += v.NAME_LINE_H + TARGET_BAR_H
        total = _("match points: {total}", total=result.totals[seat])
        text(canvas, total, INFO_X, y, INFO_BRIGHT)
        if result.closer is not None:
            text(canvas, _result_tag(result, seat), INFO_X, y + v.INFO_LINE_H, v.INFO_GOLD)
        v.draw_fan_rows(canvas, rows, GROUP_X, top + BAND_PAD)
        top += height + BAND_GAP
    return canvas


def render_gin_round(result: GinHandResult, names: Sequence[str]) -> bytes:
    """PNG of a hand's result, cached by result, names and language."""
    return _render_gin_round(result, tuple(names), language())


@lru_cache(maxsize=16)
def _render_gin_round(result: GinHandResult, names: tuple[str, ...], lang: str) -> bytes:
    return encode(draw_gin_round(result, names))


def render_gin_session(names: Sequence[str], view: GinPublicView) -> bytes:
    """PNG of the match's end: the final match points, bonuses included, and the winner."""
    return render_session_result(list(names), [s.score for s in view.seats], view.winner)


def cache_clear() -> None:
    """Forget the Gin Rummy pictures drawn so far (``bot.render.clear_caches``)."""
    _render_gin_table.cache_clear()
    _render_gin_round.cache_clear()


register_cache(cache_clear)
