"""Wiener Rummy's pictures in words, for screen readers: the table, a round's result and the
session's end (each at most ALT_MAX characters, in the current language)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.render.alt import (
    cards_words,
    closer_head,
    piles_words,
    ranked,
    round_words,
    seat_line,
    sentences,
    status,
)
from engine.arrangement import Arrangement
from engine.games.wiener.events import WienerRoundResult
from engine.games.wiener.views import WienerPublicView, WienerSeatView
from engine.i18n import N_, _, card_count
from engine.protocol import Phase


def _status(view: WienerPublicView) -> str:
    return status(view, won=N_("{name} wins the pot."), acting=N_("{name} to discard."))


def _laid(hand: Arrangement) -> str:
    melds = "; ".join(cards_words(m.cards) for m in hand.melds)
    leftover = cards_words(hand.leftover)
    return _(
        "melds {melds}, deadwood {deadwood} {leftover}",
        melds=melds or "–",
        deadwood=hand.deadwood,
        leftover=leftover,
    ).strip()


def _seat(seat: WienerSeatView) -> str:
    if not seat.in_rubber:
        return seat_line(seat.name, [_("out of the rubber")])
    facts = [card_count(seat.hand_count)]
    if seat.revealed is not None:
        facts.append(_laid(seat.revealed))
    return seat_line(seat.name, facts)


def table_alt_text(view: WienerPublicView) -> str:
    """The table picture in words: who acts (the ringed band), the stock, the discard pile
    and the pot, then each player's hand, face down or laid down after a knock (bad points
    and chips are the message's text, not the picture's)."""
    parts = [
        _status(view),
        *piles_words(view.stock_count, view.discard_top, view.discard_count),
        _("Pot: {pot} chips.", pot=view.pot),
    ]
    parts += [_seat(seat) for seat in view.seats]
    return sentences(parts)


def round_alt_text(result: WienerRoundResult, names: Sequence[str]) -> str:
    """A round's result in words: who closed it, then each hand laid down and the bad points
    it counts."""
    did = _("called Rummy") if result.rummy else _("knocked")
    head = closer_head(result.closer, names, did, round_number=result.round_number)

    def facts(seat: int) -> list[str]:
        hand = result.hands[seat]
        if hand is None:
            return [_("not in the rubber")]
        return [
            _laid(hand),
            _("{points} bad points", points=result.bad_points[seat]),
            _("out of the rubber") if seat in result.out else "",
        ]

    return round_words(head, names, facts)


def session_alt_text(names: Sequence[str], view: WienerPublicView) -> str:
    """The session's end in words: who won the pot and everyone's chips, most first."""
    head = _status(view) if view.phase is Phase.OVER else _("The game has ended.")
    chips = ranked(names, [seat.chips for seat in view.seats], high_first=True)
    return sentences([head, _("Chips: {chips}.", chips=chips)])
