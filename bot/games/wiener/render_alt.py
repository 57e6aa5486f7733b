"""Wiener Rummy's pictures in words, for screen readers: the table, a round's result and the
session's end (each at most ALT_MAX characters, in the current language)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.render.alt import cards_words, ranked, round_words, seat_line, sentences
from engine.games.wiener.events import WienerRoundResult
from engine.games.wiener.views import WienerPublicView, WienerSeatView
from engine.i18n import _, card_count
from engine.protocol import Phase
from engine.twopack.deadwood import Arrangement


def _status(view: WienerPublicView) -> str:
    if view.phase is Phase.OVER:
        if view.winner is None:
            return _("The game is over.")
        return _("{name} wins the pot.", name=view.seats[view.winner].name)
    name = view.seats[view.to_act].name
    if view.phase is Phase.DRAW:
        return _("{name} to draw.", name=name)
    return _("{name} to discard.", name=name)


def _laid(hand: Arrangement) -> str:
    melds = "; ".join(cards_words(m.cards) for m in hand.melds)
    leftover = cards_words(hand.leftover)
    return _(
        "melds {melds}, deadwood {deadwood} {leftover}",
        melds=melds or "–",
        deadwood=hand.deadwood,
        leftover=leftover,
    ).strip()


def _seat(view: WienerPublicView, seat: WienerSeatView) -> str:
    if not seat.in_rubber:
        return seat_line(seat.name, [_("out of the rubber"), _chips(seat.chips)])
    facts = [
        _("{points} of {out_at} bad points", points=seat.bad_points, out_at=view.out_at),
        _chips(seat.chips),
        card_count(seat.hand_count),
        _("dealer") if seat.seat == view.dealer else "",
        _("bought back in") if seat.bought_back else "",
        _("knocked") if seat.seat == view.knocker else "",
        _laid(seat.revealed) if seat.revealed is not None else "",
    ]
    return seat_line(seat.name, facts)


def _chips(chips: int) -> str:
    return _("chips {chips}", chips=f"{chips:+d}")


def table_alt_text(view: WienerPublicView) -> str:
    """The table picture in words: round, who acts, stock, discard pile and pot, a knock and
    the final turns, then each player's bad points, chips, cards and laid-down hand."""
    discard = str(view.discard_top) if view.discard_top is not None else _("empty")
    parts = [
        _("Wiener Rummy, round {round_number}.", round_number=view.round_number),
        _status(view),
        _("Stock: {cards}.", cards=card_count(view.stock_count)),
        _(
            "Discard pile: {top} on top, {cards}.",
            top=discard,
            cards=card_count(view.discard_count),
        ),
        _("Pot: {pot} chips.", pot=view.pot),
    ]
    if view.knocker is not None:
        parts.append(
            _(
                "{name} knocked; {turns} final turns left.",
                name=view.seats[view.knocker].name,
                turns=view.final_turns_left,
            )
        )
    parts += [_seat(view, seat) for seat in view.seats]
    return sentences(parts)


def round_alt_text(result: WienerRoundResult, names: Sequence[str]) -> str:
    """A round's result in words: who closed it, then each player's bad points and chips."""
    if result.closer is None:
        head = _("Round {round_number}: dead round.", round_number=result.round_number)
    else:
        did = _("called Rummy") if result.rummy else _("knocked")
        head = _(
            "Round {round_number}: {name} {did}.",
            round_number=result.round_number,
            name=names[result.closer],
            did=did,
        )

    def facts(seat: int) -> list[str]:
        hand = result.hands[seat]
        if hand is None:
            return [_("not in the rubber")]
        return [
            _("+{points} bad points", points=result.bad_points[seat]),
            _("total {total}", total=result.totals[seat]),
            _chips(result.chips[seat]),
            _("out of the rubber") if seat in result.out else "",
            _laid(hand),
        ]

    return round_words(head, names, facts)


def session_alt_text(names: Sequence[str], view: WienerPublicView) -> str:
    """The session's end in words: who won the pot and everyone's chips, most first."""
    head = _status(view) if view.phase is Phase.OVER else _("The game has ended.")
    chips = ranked(names, [seat.chips for seat in view.seats], high_first=True)
    return sentences([head, _("Chips: {chips}.", chips=chips)])
