"""Gin Rummy's pictures in words, for screen readers: the table and a hand's result (each at
most ALT_MAX characters, in the current language). The match points, hands won and the knock
card are the message's text, not the pictures'."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.gin.render import result_tag
from bot.render.alt import cards_words, closer_head, round_words, seat_line, sentences, status
from engine.arrangement import Arrangement
from engine.games.gin.rules import GinHandResult, GinPublicView
from engine.i18n import N_, _, card_count


def laid_words(hand: Arrangement) -> str:
    """A hand laid down as a screen reader says it: its melds, then what is left and counts."""
    melds = "; ".join(cards_words(meld.cards) for meld in hand.melds)
    if not hand.leftover:
        return _("melds {melds}, no deadwood", melds=melds or "–")
    return _(
        "melds {melds}, deadwood {cards} ({deadwood})",
        melds=melds or "–",
        cards=cards_words(hand.leftover),
        deadwood=hand.deadwood,
    )


def table_alt_text(view: GinPublicView) -> str:
    """The table picture in words: who acts (the ringed band), the stock and the upcard, then
    the upcards each player took this hand (the rest of a hand is hidden)."""
    top = view.discard_top
    parts = [
        status(view),
        _("Stock: {cards}.", cards=card_count(view.stock_count)),
        _("Upcard: {card}.", card=top) if top is not None else _("No upcard."),
    ]
    for seat in view.seats:
        took = cards_words(seat.picked_up)
        parts.append(
            seat_line(seat.name, [_("took {cards}", cards=took) if took else _("took nothing")])
        )
    return sentences(parts)


def session_alt_text(names: Sequence[str], view: GinPublicView) -> str:
    """The match's end in words: the winner, then the last hand as each player laid it."""
    last = view.last_round
    lines = [status(view)]
    if last is not None:
        lines += [seat_line(names[s], [laid_words(last.hands[s])]) for s in range(len(names))]
    return sentences(lines)


def round_alt_text(result: GinHandResult, names: Sequence[str]) -> str:
    """A hand's result in words: who knocked or went gin, then both hands laid down."""
    did = _("went gin") if result.special else _("knocked")
    void, closed = N_("Hand {number}: void."), N_("Hand {number}: {name} {did}.")
    head = closer_head(
        result.closer, names, did, dead=void, closed=closed, number=result.round_number
    )

    def facts(seat: int) -> list[str]:
        tag = result_tag(result, seat) if result.closer is not None else ""
        return [tag, laid_words(result.hands[seat])]

    return round_words(head, names, facts)
