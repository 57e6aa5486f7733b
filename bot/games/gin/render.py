"""Gin Rummy's pictures and the sentences they share with the presenter: the table (the stock,
the upcard, each player's band with the upcards taken this hand), a hand's result (both hands
laid down: melds, lay-offs, deadwood; the points each scores; who knocked, went gin or
undercut as a tag) and the match's end; a hand's headline and reckoning. The knock card, the
match points and what happened are the message's text.

Nothing is melded during play, so the table shows hands only once a match is over (the last
hand, laid down); every other hand's laying down is the round result's picture."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

import bot.render.palette as pal
from bot.render import cached_png
from bot.render import pile_games as pg
from bot.render.assets import Style
from bot.render.bands import Band, draw_result, draw_table
from bot.render.fans import Fan, arrangement_fans
from bot.render.hand import sort_hand
from bot.render.round_results import render_session_result
from engine.games.gin.rules import (
    VOID_REPEAT,
    VOID_TAKES,
    GinHandResult,
    GinPublicView,
    GinSeatView,
)
from engine.i18n import N_, _, pgettext
from engine.protocol import Phase


def void_reason(result: GinHandResult) -> str:
    """Why a hand ended without a score."""
    if result.void == VOID_REPEAT:
        return _("both players threw back the card they had just taken")
    if result.void == VOID_TAKES:
        return _("the upcard was taken fifty times")
    return _("the stock reached the wall and nobody knocked")


def hand_reckoning(result: GinHandResult, names: Sequence[str]) -> str:
    """How a hand's points came about: who knocked or went gin with what deadwood, what the
    other hand kept after laying off, and who scores what (a void hand: why)."""
    knocker = result.closer
    if knocker is None:
        return _("Void hand: {reason}; nobody scores.", reason=void_reason(result))
    defender = 1 - knocker
    counts: dict[str, object] = {
        "knocker": names[knocker],
        "left": result.hands[knocker].deadwood,
        "defender": names[defender],
        "right": result.hands[defender].deadwood,
        "points": max(result.points),
    }
    if result.special:
        text = N_(
            "{knocker} went gin, {defender} has {right} deadwood: with the gin bonus "
            "{knocker} scores {points}."
        )
    elif result.undercut:
        text = N_(
            "{knocker} knocked with {left}, {defender} has {right} after laying off: the "
            "difference and the undercut bonus, {points}, go to {defender}."
        )
    elif result.winner is None:
        text = N_("{knocker} knocked with {left}, {defender} has {right} too: nobody scores.")
    else:
        text = N_(
            "{knocker} knocked with {left}, {defender} has {right} after laying off: "
            "{knocker} scores the difference, {points}."
        )
    text = _(text, **counts)
    if result.doubled:
        text += _(" Doubled: the first upcard was a spade.")
    return text


def hand_headline(result: GinHandResult, names: Sequence[str]) -> str:
    """The hand in one sentence for the log and the results: its number and reckoning."""
    return _("Hand {number}: {how}", number=result.round_number, how=hand_reckoning(result, names))


# ----------------------------------------------------------------------------- table
def _band(view: GinPublicView, seat: GinSeatView) -> Band:
    """One player: the name, then the upcards taken this hand (the rest of a hand is hidden)
    or, once the match is over, the last hand laid down; ringed when it is to act, in gold
    when it has won the match."""
    over = view.phase is Phase.OVER
    if over:
        last = view.last_round
        fans = tuple(arrangement_fans(last.hands[seat.seat])) if last is not None else ()
    else:
        took = tuple(sort_hand(seat.picked_up))
        fans = (Fan(took, label=_("took")),) if took else ()
    turn = seat.seat == view.to_act and not over
    ring = pal.GOLD if view.winner == seat.seat else (pg.seat_colour(seat.seat) if turn else None)
    return Band(seat.seat, seat.name, fans=fans, ring=ring)


def draw_gin_table(view: GinPublicView) -> Image.Image:
    """The Gin Rummy table as a palette image (uncached)."""
    return draw_table(view, [_band(view, seat) for seat in view.seats])


render_gin_table = cached_png(32)(draw_gin_table)


# ----------------------------------------------------------------------------- a hand's result
def result_tag(result: GinHandResult, seat: int) -> str:
    """What a seat did in a hand it did not void: went gin, knocked, undercut or defended."""
    if seat == result.closer:
        return _("gin") if result.special else _("knocked")
    return _("undercut") if result.undercut else _("defended")


def _result_pill(result: GinHandResult, seat: int) -> tuple[str, Style] | None:
    """The short tag of a seat that went gin, knocked or undercut (none for a plain defence
    or a void hand)."""
    if result.closer is None:
        return None
    if seat == result.closer:
        return pgettext("tag", "gin") if result.special else pgettext("tag", "knocked"), pg.TAG_GOLD
    return (pgettext("tag", "undercut"), pg.TAG_GOLD) if result.undercut else None


def draw_gin_round(result: GinHandResult, names: Sequence[str]) -> Image.Image:
    """A hand's result as a palette image (uncached): both hands laid down (melds, cards laid
    off, deadwood and its count) and the points each scores."""
    bands = [
        Band(
            seat,
            names[seat],
            tag=_result_pill(result, seat),
            points=pg.points_text(result.points[seat]),
            fans=tuple(arrangement_fans(hand)),
            ring=pal.GOLD if result.points[seat] > 0 else None,
        )
        for seat, hand in enumerate(result.hands)
    ]
    return draw_result(bands)


render_gin_round = cached_png(16)(draw_gin_round)


def render_gin_session(names: Sequence[str], view: GinPublicView) -> bytes:
    """PNG of the match's end: the final match points, bonuses included, and the winner."""
    return render_session_result(list(names), [s.score for s in view.seats], view.winner)
