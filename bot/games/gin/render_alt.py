"""Gin Rummy's pictures in words, for screen readers: the table, a hand's result and the
match's end (bot/render/README.md)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.gin.words import hand_headline, laid_text
from bot.render.alt import ranked, seat_line, sentences, status
from engine.games.gin.views import GinHandResult, GinPublicView
from engine.i18n import _, card_count
from engine.protocol import Phase


def _situation(view: GinPublicView) -> str:
    """The upcard's offer, the wall or the knock card: what the player to act decides."""
    if view.phase is Phase.DRAW and view.offer:
        return _("The first upcard is offered: take it or pass.")
    if view.phase is Phase.DRAW and view.wall:
        return _("The stock is at the wall: knock with the upcard or the hand is void.")
    if view.knock_card == 0:
        return _("Gin only this hand.")
    return _("Knock with {value} or less.", value=view.knock_card)


def table_alt_text(view: GinPublicView) -> str:
    """The table picture in words: hand and target, who acts, the piles, the knock card, then
    each player's match points, cards, hands won and the upcards they took."""
    top = str(view.discard_top) if view.discard_top is not None else _("empty")
    parts = [
        _(
            "Gin Rummy, hand {round_number}, match to {target}.",
            round_number=view.round_number,
            target=view.target,
        ),
        status(view),
        _("Stock: {cards}.", cards=card_count(view.stock_count)),
        _("Upcard: {top}.", top=top),
        _situation(view) if view.phase is not Phase.OVER else "",
        _("This hand counts double.") if view.doubled else "",
    ]
    for seat in view.seats:
        took = " ".join(str(card) for card in seat.picked_up)
        facts = [
            _("{score} points", score=seat.score),
            card_count(seat.hand_count) if view.phase is not Phase.OVER else "",
            _("dealer") if seat.seat == view.dealer else "",
            _("{count} hands won", count=seat.hands_won),
            _("took {cards}", cards=took) if took else "",
        ]
        parts.append(seat_line(seat.name, facts))
    if view.last_round is not None:
        parts.append(hand_headline(view.last_round, [s.name for s in view.seats]))
    return sentences(parts)


def round_alt_text(result: GinHandResult, names: Sequence[str]) -> str:
    """A hand's result in words: what happened, then each hand laid down with its points."""
    parts = [hand_headline(result, names)]
    for seat, name in enumerate(names):
        facts = [
            _("+{points}", points=result.points[seat]),
            _("total {total}", total=result.totals[seat]),
            laid_text(result.hands[seat]),
        ]
        parts.append(seat_line(name, facts))
    return sentences(parts)


def session_alt_text(names: Sequence[str], view: GinPublicView) -> str:
    """The match's end in words: the winner, the bonuses, the final points."""
    parts = [status(view)]
    match = view.match
    if match is not None:
        parts.append(
            _(
                "Points won in hands: {points}; hands won: {hands}; game bonus {bonus}{shutout}.",
                points=", ".join(str(p) for p in match.hand_points),
                hands=", ".join(str(h) for h in match.hands_won),
                bonus=match.game_bonus,
                shutout=_(", doubled for a shutout") if match.shutout else "",
            )
        )
    totals = ranked(names, [seat.score for seat in view.seats], high_first=True)
    parts.append(_("Final match points: {totals}.", totals=totals))
    return sentences(parts)
