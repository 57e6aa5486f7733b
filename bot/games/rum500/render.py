"""500 Rum's pictures, drawn by Treppenrommé's (the spread pile is its staircase, every
placed card shows who scored it): the views are read into the shapes those pictures take."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.treppe.render_results import HandWords, render_round_result, render_session_result
from bot.games.treppe.render_table import render_table
from bot.render.alt import cards_words, ranked, round_head, seat_line, sentences, status
from engine.games.rum500.views import Rum500PublicView, Rum500RoundResult
from engine.games.treppe.events import TreppeRoundResult
from engine.games.treppe.views import MeldView, PlacedCard, PublicView, SeatView
from engine.i18n import N_, _, card_count
from engine.protocol import Phase


def as_staircase_table(view: Rum500PublicView) -> PublicView:
    """The table in the staircase picture's shape (placed points are the round's points)."""
    return PublicView(
        version=view.version,
        round_number=view.round_number,
        target=view.target,
        seats=tuple(
            SeatView(s.seat, s.name, s.hand_count, s.score, s.placed, s.placed > 0)
            for s in view.seats
        ),
        dealer=view.dealer,
        to_act=view.to_act,
        phase=view.phase,
        talon_count=view.stock_count,
        staircase=view.discard_pile,
        melds=tuple(
            MeldView(
                m.id, m.owner, m.kind, tuple(PlacedCard(p.card, p.points, p.seat) for p in m.cards)
            )
            for m in view.melds
        ),
        rebuilds=0,
        last_round=None,
        winner=view.winner,
    )


def render_rum500_table(view: Rum500PublicView) -> bytes:
    """PNG of the table: stock, the numbered discard pile, each player's melds and points."""
    return render_table(as_staircase_table(view), stock=N_("stock"))


def render_rum500_round(result: Rum500RoundResult, names: Sequence[str]) -> bytes:
    """PNG of a round's scoring: the hands left (counted against), placed points, totals."""
    shaped = TreppeRoundResult(
        round_number=result.round_number,
        closer=result.closer,
        special=False,
        points=result.placed,
        totals=result.totals,
        hands=result.hands,
        hand_points=result.hand_points,
        bonus=0,
    )
    words = HandWords(
        _("Placed cards score for who placed them; cards left in hand count against."),
        tuple(f"−{points}" if points else "0" for points in result.hand_points),
    )
    return render_round_result(shaped, names, words)


def render_rum500_session(names: Sequence[str], view: Rum500PublicView) -> bytes:
    """PNG of the final standings."""
    return render_session_result(list(names), [s.score for s in view.seats], view.winner)


# ---------------------------------------------------------------- the pictures in words
def table_alt_text(view: Rum500PublicView) -> str:
    """The table picture in words: round and target, who acts, the stock and the numbered
    pile, then each player's score, cards, this round's placed points and melds."""
    pile = ", ".join(f"{i + 1} {card}" for i, card in enumerate(view.discard_pile))
    parts = [
        _(
            "500 Rum, round {round_number}, first to {target} points.",
            round_number=view.round_number,
            target=view.target,
        ),
        status(view),
        _("Stock: {cards}.", cards=card_count(view.stock_count)),
        _("Discard pile, from 1 at the bottom to the top: {cards}.", cards=pile)
        if pile
        else _("The discard pile is empty."),
    ]
    for seat in view.seats:
        melds = [cards_words(p.card for p in m.cards) for m in view.melds if m.owner == seat.seat]
        facts = [
            _("{score} points", score=seat.score),
            card_count(seat.hand_count),
            _("dealer") if seat.seat == view.dealer else "",
            _("{points} placed this round", points=seat.placed),
            _("melds: {melds}", melds="; ".join(melds)) if melds else _("no melds yet"),
        ]
        parts.append(seat_line(seat.name, facts))
    return sentences(parts)


def round_alt_text(result: Rum500RoundResult, names: Sequence[str]) -> str:
    """A round's result in words: who went out, then each player's placed and hand points."""
    parts = [round_head(result.round_number, result.closer, names)]
    for seat, name in enumerate(names):
        facts = [
            _("{points} placed this round", points=result.placed[seat]),
            _("{points} in hand", points=result.hand_points[seat]),
            _("total {total}", total=result.totals[seat]),
            cards_words(result.hands[seat]),
        ]
        parts.append(seat_line(name, facts))
    return sentences(parts)


def session_alt_text(names: Sequence[str], view: Rum500PublicView) -> str:
    """The session's end in words: the winner and the final scores, best first."""
    head = status(view) if view.phase is Phase.OVER else _("The game has ended.")
    scores = ranked(names, [seat.score for seat in view.seats], high_first=True)
    return sentences([head, _("Final scores: {scores}.", scores=scores)])
