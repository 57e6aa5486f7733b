"""Gin Rummy's pictures and their words: the table (stock, upcard, the knock card, both
players' hands as counted backs with the upcards each took, match points toward the target), a
hand's result (both hands laid down: melds, lay-offs, deadwood, the points) and the match's
end; the sentences they share with the presenter (a hand's headline and reckoning, a laid-down
hand) and the pictures in words for screen readers (bot/render/README.md).

Nothing is melded during play, so the table shows hands only once a match is over (the last
hand, laid down); every other hand's laying down is the round result's picture."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

import bot.render.palette as pal
from bot.games.treppe.render_results import render_session_result
from bot.render import cached_png
from bot.render import variants as v
from bot.render.assets import Style, fit_text
from bot.render.canvas import new_canvas, text
from bot.render.hand import sort_hand
from bot.render.results import TITLE, draw_title, heading_height, note_lines, title_name
from engine.games.gin.rules import (
    VOID_REPEAT,
    VOID_TAKES,
    GinHandResult,
    GinPublicView,
    GinSeatView,
)
from engine.i18n import N_, _
from engine.protocol import Phase
from engine.twopack.deadwood import Arrangement


def void_reason(result: GinHandResult) -> str:
    """Why a hand ended without a score."""
    if result.void == VOID_REPEAT:
        return _("both players threw back the card they had just taken")
    if result.void == VOID_TAKES:
        return _("the upcard was taken fifty times")
    return _("the stock reached the wall and nobody knocked")


def hand_headline(result: GinHandResult, names: Sequence[str]) -> str:
    """The hand in one sentence: void, gin, an undercut, a knock, or a knock that ties."""
    number = result.round_number
    knocker = result.closer
    if knocker is None:
        return _("Hand {number} is void: {reason}.", number=number, reason=void_reason(result))
    scorer = result.winner
    points = max(result.points)
    if result.special:
        text = _(
            "Hand {number}: {name} went gin and scores {points}.",
            number=number,
            name=names[knocker],
            points=points,
        )
    elif result.undercut and scorer is not None:
        text = _(
            "Hand {number}: {name} undercut {knocker} and scores {points}.",
            number=number,
            name=names[scorer],
            knocker=names[knocker],
            points=points,
        )
    elif scorer is None:
        text = _(
            "Hand {number}: {name} knocked; equal deadwood, nobody scores.",
            number=number,
            name=names[knocker],
        )
    else:
        text = _(
            "Hand {number}: {name} knocked and scores {points}.",
            number=number,
            name=names[knocker],
            points=points,
        )
    if result.doubled:
        text += _(" Doubled: the first upcard was a spade.")
    return text


def hand_reckoning(result: GinHandResult, names: Sequence[str]) -> str:
    """How a hand's points came about: both deadwood counts and who scores what."""
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
        text = N_("{defender} has {right} deadwood; with the gin bonus {knocker} scores {points}.")
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


NOTES_X = v.MARGIN + 2 * (v.PILE_SLOT_W + v.PILE_GAP)
GROUP_AREA_W = v.V_TABLE_W - v.MARGIN - v.BAND_PAD - v.GROUP_X
TARGET_BAR_H = v.BAR_H + 2
INFO_H = v.NAME_LINE_H + TARGET_BAR_H + 2 * v.INFO_LINE_H  # name, bar, two lines
BANNER = Style(24, pal.GOLD, pal.FELT)


def target_bar(canvas: Image.Image, seat: int, score: int, target: int, y: int) -> None:
    """How near a seat's match points are to the target, in the seat's colour."""
    fraction = score / target if target else 1.0
    v.draw_bar(canvas, v.INFO_X, y, v.INFO_TEXT_W, fraction, v.seat_colour(seat))


def laid_fans(hand: Arrangement) -> list[v.Fan]:
    """A hand laid down: its melds, the cards laid off on the knocker's melds, its deadwood."""
    extra = []
    if hand.laid_off:
        extra.append(v.Fan(hand.laid_off, label=_("laid off"), ring=pal.GOLD))
    return v.laid_out_fans(
        [v.Fan(meld.cards) for meld in hand.melds], hand.leftover, hand.deadwood, extra
    )


# ----------------------------------------------------------------------------- table
def _status(view: GinPublicView) -> tuple[str, pal.RGB]:
    if view.phase is Phase.OVER and view.winner is not None:
        name = fit_text(view.seats[view.winner].name, v.HEADER.size, v.STATUS_NAME_W)
        return _("{name} wins the match", name=name), v.seat_colour(view.winner)
    seat = view.to_act
    name = fit_text(view.seats[seat].name, v.HEADER.size, v.STATUS_NAME_W)
    if view.phase is Phase.DRAW and (view.offer or view.wall):
        return _("▶ {name}: take or pass", name=name), v.seat_colour(seat)
    doing = _("to draw") if view.phase is Phase.DRAW else _("to discard")
    return f"▶ {name} {doing}", v.seat_colour(seat)


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


def _seat_fans(view: GinPublicView, seat: GinSeatView) -> list[v.Fan]:
    if view.phase is Phase.OVER:
        last = view.last_round
        return laid_fans(last.hands[seat.seat]) if last is not None else []
    fans = [v.hidden_hand(seat.hand_count)] if seat.hand_count else []
    if seat.picked_up:
        fans.append(v.Fan(tuple(sort_hand(seat.picked_up)), label=_("took")))
    return fans


def _draw_band(
    canvas: Image.Image, view: GinPublicView, seat: GinSeatView, rows: list[list[v.Fan]], top: int
) -> int:
    """One player's band: name and points, the bar to the target, cards, hands won, fans."""
    height = v.band_height(INFO_H, len(rows))
    turn = seat.seat == view.to_act and view.phase is not Phase.OVER
    ring = pal.GOLD if view.winner == seat.seat else (v.seat_colour(seat.seat) if turn else None)
    v.draw_band_frame(canvas, seat.seat, top, height, ring)
    y = top + v.BAND_PAD
    v.draw_name_line(canvas, seat.seat, seat.name, y, (f"{seat.score} / {view.target}", v.SCORE))
    target_bar(canvas, seat.seat, seat.score, view.target, y + v.NAME_LINE_H)
    y += v.NAME_LINE_H + TARGET_BAR_H
    facts = [] if view.phase is Phase.OVER else [v.plural(seat.hand_count, "card")]
    if seat.seat == view.dealer:
        facts.append(_("dealer"))
    text(canvas, " · ".join(facts), v.INFO_X, y, v.INFO)
    won = _("hands won: {count}", count=seat.hands_won)
    text(canvas, won, v.INFO_X, y + v.INFO_LINE_H, v.INFO_BRIGHT)
    v.draw_fan_rows(canvas, rows, v.GROUP_X, top + v.BAND_PAD)
    return height


def draw_gin_table(view: GinPublicView) -> Image.Image:
    """The Gin Rummy table as a palette image (uncached)."""
    all_rows = [v.pack_fans(_seat_fans(view, seat), GROUP_AREA_W) for seat in view.seats]
    bands = sum(v.band_height(INFO_H, len(rows)) + v.BAND_GAP for rows in all_rows) - v.BAND_GAP
    canvas = new_canvas(v.V_TABLE_W, v.HEADER_H + v.PILES_H + v.SECTION_GAP + bands + v.MARGIN)
    title = (_("Gin Rummy"), _("· hand {round_number}", round_number=view.round_number))
    top = v.draw_table_head(canvas, title, _status(view), view)
    v.draw_notes(canvas, _notes(view), NOTES_X, top + 4, v.V_TABLE_W - NOTES_X - v.MARGIN)
    top += v.PILES_H + v.SECTION_GAP
    for seat, rows in zip(view.seats, all_rows, strict=True):
        top += _draw_band(canvas, view, seat, rows, top) + v.BAND_GAP
    return canvas


render_gin_table = cached_png(32)(draw_gin_table)


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
    return [head, (title_name(names[who]), v.name_style(who, pal.FELT, TITLE.size)), (did, TITLE)]


def result_tag(result: GinHandResult, seat: int) -> str:
    """What a seat did in a hand it did not void: went gin, knocked, undercut or defended."""
    if seat == result.closer:
        return _("gin") if result.special else _("knocked")
    return _("undercut") if result.undercut else _("defended")


def draw_gin_round(result: GinHandResult, names: Sequence[str]) -> Image.Image:
    """A hand's result as a palette image (uncached): both hands laid down and the points."""
    lines = note_lines(hand_reckoning(result, names))
    all_rows = [v.pack_fans(laid_fans(hand), GROUP_AREA_W) for hand in result.hands]
    heights = [v.band_height(INFO_H, len(rows)) for rows in all_rows]
    top = heading_height(lines)
    canvas = new_canvas(v.V_TABLE_W, top + sum(h + v.BAND_GAP for h in heights) + v.MARGIN)
    draw_title(canvas, _result_title(result, names))
    for i, line in enumerate(lines):
        text(canvas, line, v.MARGIN, v.HEADER_H + 8 + i * v.NOTE_LINE_H, v.LABEL)
    for seat, (rows, height) in enumerate(zip(all_rows, heights, strict=True)):
        ring = pal.GOLD if result.points[seat] > 0 else None
        v.draw_band_frame(canvas, seat, top, height, ring)
        y = top + v.BAND_PAD
        v.draw_name_line(canvas, seat, names[seat], y, (f"+{result.points[seat]}", v.SCORE))
        y += v.NAME_LINE_H + TARGET_BAR_H
        total = _("match points: {total}", total=result.totals[seat])
        text(canvas, total, v.INFO_X, y, v.INFO_BRIGHT)
        if result.closer is not None:
            text(canvas, result_tag(result, seat), v.INFO_X, y + v.INFO_LINE_H, v.INFO_GOLD)
        v.draw_fan_rows(canvas, rows, v.GROUP_X, top + v.BAND_PAD)
        top += height + v.BAND_GAP
    return canvas


render_gin_round = cached_png(16)(draw_gin_round)


def render_gin_session(names: Sequence[str], view: GinPublicView) -> bytes:
    """PNG of the match's end: the final match points, bonuses included, and the winner."""
    return render_session_result(list(names), [s.score for s in view.seats], view.winner)
