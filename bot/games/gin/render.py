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
from bot.render.bands import PILES_END_X, Band, Bar, draw_result, draw_table
from bot.render.fans import Fan, arrangement_fans, hidden_hand
from bot.render.hand import sort_hand
from bot.render.results import TITLE, title_name
from engine.games.gin.rules import (
    VOID_REPEAT,
    VOID_TAKES,
    GinHandResult,
    GinPublicView,
    GinSeatView,
)
from engine.i18n import N_, _
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


BANNER = Style(24, pal.GOLD, pal.FELT)


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
        said = "".join(words for words, _style in _result_title(view.last_round, names))
        notes.append((said, v.LABEL))
    return notes


def _band(view: GinPublicView, seat: GinSeatView) -> Band:
    """One player: name and points, the bar to the target, cards, hands won; the hand (counted
    backs and the upcards taken) or, once the match is over, the last hand laid down."""
    over = view.phase is Phase.OVER
    facts = [] if over else [v.plural(seat.hand_count, "card")]
    if seat.seat == view.dealer:
        facts.append(_("dealer"))
    if over:
        last = view.last_round
        fans = tuple(arrangement_fans(last.hands[seat.seat])) if last is not None else ()
    else:
        took = (Fan(tuple(sort_hand(seat.picked_up)), label=_("took")),) if seat.picked_up else ()
        fans = (hidden_hand(seat.hand_count), *took) if seat.hand_count else took
    turn = seat.seat == view.to_act and not over
    return Band(
        seat.seat,
        seat.name,
        f"{seat.score} / {view.target}",
        lines=(
            Bar(seat.score / view.target if view.target else 1.0, v.seat_colour(seat.seat)),
            (" · ".join(facts), v.INFO),
            (_("hands won: {count}", count=seat.hands_won), v.INFO_BRIGHT),
        ),
        fans=fans,
        ring=pal.GOLD if view.winner == seat.seat else (v.seat_colour(seat.seat) if turn else None),
    )


def draw_gin_table(view: GinPublicView) -> Image.Image:
    """The Gin Rummy table as a palette image (uncached)."""
    title = (_("Gin Rummy"), _("· hand {round_number}", round_number=view.round_number))
    bands = [_band(view, seat) for seat in view.seats]
    return draw_table(title, _status(view), view, _notes(view), bands, notes_x=PILES_END_X)


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
    bands = [
        Band(
            seat,
            names[seat],
            f"+{result.points[seat]}",
            lines=(
                Bar(),
                (_("match points: {total}", total=result.totals[seat]), v.INFO_BRIGHT),
                ("" if result.closer is None else result_tag(result, seat), v.INFO_GOLD),
            ),
            fans=tuple(arrangement_fans(hand)),
            ring=pal.GOLD if result.points[seat] > 0 else None,
        )
        for seat, hand in enumerate(result.hands)
    ]
    return draw_result(_result_title(result, names), hand_reckoning(result, names), bands)


render_gin_round = cached_png(16)(draw_gin_round)


def render_gin_session(names: Sequence[str], view: GinPublicView) -> bytes:
    """PNG of the match's end: the final match points, bonuses included, and the winner."""
    return render_session_result(list(names), [s.score for s in view.seats], view.winner)
