"""The meld table's pictures (``meld_table.py``, ``round_results.py``) in words, for screen
readers: the table, a round's result told by the cards left in each hand, and the session's
end (each at most ALT_MAX characters, in the current language)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from bot.render.alt import (
    cards_words,
    hand_left,
    round_head,
    round_words,
    seat_line,
    sentences,
    status,
)
from bot.render.meld_table import meld_credits
from bot.render.meld_views import CreditedMeld, MeldTableView
from bot.render.round_results import HandsResult
from engine.actions import MeldKind
from engine.i18n import N_, _, card_count
from engine.protocol import Phase


@dataclass(frozen=True)
class TableWords:
    """What a table description calls the game's piles (message ids): the talon and the
    staircase by default; a game drawn on the same table may name its stock and discard pile."""

    stock: str = N_("Talon: {cards}.")
    pile: str = N_("Staircase, from 1 at the bottom to the top: {cards}.")
    empty: str = N_("The staircase is empty.")


def _staircase(view: MeldTableView, words: TableWords) -> str:
    if not view.discard_pile:
        return _(words.empty)
    cards = ", ".join(f"{i + 1} {card}" for i, card in enumerate(view.discard_pile))
    return _(words.pile, cards=cards)


def _meld(meld: CreditedMeld, names: Sequence[str]) -> str:
    kind = _("set") if meld.kind is MeldKind.SET else _("run")
    cards = cards_words(p.card for p in meld.cards)
    credits = meld_credits(meld)
    if len(credits) == 1:
        return _("{kind} {cards} ({points})", kind=kind, cards=cards, points=meld.points)
    who = ", ".join(f"{names[seat]} {points}" for seat, points in credits)
    return _(
        "{kind} {cards} ({points}: {who})", kind=kind, cards=cards, points=meld.points, who=who
    )


def table_alt_text(view: MeldTableView, words: TableWords = TableWords()) -> str:
    """The table picture in words: who acts (the ringed band), the talon and the staircase,
    then each player's melds (scores and counts are the message's text, not the picture's)."""
    names = [s.name for s in view.seats]
    parts = [
        status(view),
        _(words.stock, cards=card_count(view.stock_count)),
        _staircase(view, words),
    ]
    for seat in view.seats:
        melds = [_meld(m, names) for m in view.melds if m.owner == seat.seat]
        facts = [_("melds: {melds}", melds="; ".join(melds)) if melds else _("no melds yet")]
        parts.append(seat_line(seat.name, facts))
    return sentences(parts)


def session_alt_text(
    names: Sequence[str], view: MeldTableView, words: TableWords = TableWords()
) -> str:
    """The session's end picture in words: the winner (ringed in gold), then the last table
    as it lay, in the game's ``words`` (the final scores are the message's text)."""
    if view.phase is Phase.OVER:
        return table_alt_text(view, words)  # it opens with the winner, as the ring shows them
    return sentences([_("The game has ended."), table_alt_text(view, words)])


class HandsLeft(HandsResult, Protocol):
    """What a round's description reads of its result besides the hands: the round's number
    and what each hand left counts."""

    @property
    def round_number(self) -> int:
        """The round, counted from 1."""
        ...

    @property
    def hand_points(self) -> tuple[int, ...]:
        """What the cards left in each hand count, by seat."""
        ...


def hands_left_alt_text(result: HandsLeft, names: Sequence[str], how: str = "") -> str:
    """A round's result in words, as its picture shows it: who went out (then ``how``, the
    game's words for the way out), then the cards left in each hand and the points they
    count."""
    head = round_head(result.round_number, result.went_out, names, how)
    return round_words(
        head, names, lambda seat: hand_left(result.hands[seat], result.hand_points[seat])
    )
