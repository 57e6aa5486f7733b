"""500 Rum's pictures, drawn by Treppenrommé's (the spread pile is its staircase, every
placed card shows who scored it): the views are read into the shapes those pictures take."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.treppe.render_results import HandWords, render_round_result, render_session_result
from bot.games.treppe.render_table import render_table
from engine.games.rum500.views import Rum500PublicView, Rum500RoundResult
from engine.games.treppe.events import TreppeRoundResult
from engine.games.treppe.views import MeldView, PlacedCard, PublicView, SeatView
from engine.i18n import _


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
    return render_table(as_staircase_table(view))


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
