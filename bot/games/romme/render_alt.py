"""Rommé's pictures in words, for screen readers: the table, a round's result and the
session's end (each at most ALT_MAX characters, in the current language)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.render.alt import (
    hand_left,
    piles_words,
    ranked,
    round_head,
    round_words,
    seat_line,
    sentences,
    status,
)
from engine.actions import MeldKind
from engine.games.romme.events import RommeRoundResult
from engine.games.romme.views import RommePublicView
from engine.i18n import _
from engine.melding.views import PricedMeldView
from engine.protocol import Phase


def _meld(meld: PricedMeldView) -> str:
    kind = _("set") if meld.kind is MeldKind.SET else _("run")
    words = []
    for placed in meld.cards:
        if placed.card.is_joker and placed.stands_for != placed.card:
            words.append(_("joker as {card}", card=placed.stands_for))
        else:
            words.append(str(placed.card))
    text = _("{kind} {cards} ({points})", kind=kind, cards=" ".join(words), points=meld.points)
    return text + (" " + _("pending") if meld.pending else "")


def table_alt_text(view: RommePublicView) -> str:
    """The table picture in words: who acts (the ringed band), the stock and the discard
    pile, then each player's melds, a pending first meld marked (scores and counts are the
    message's text, not the picture's)."""
    parts = [status(view), *piles_words(view.stock_count, view.discard_top, view.discard_count)]
    for seat in view.seats:
        melds = [_meld(m) for m in view.melds if m.owner == seat.seat]
        facts = [_("melds: {melds}", melds="; ".join(melds)) if melds else _("no melds yet")]
        parts.append(seat_line(seat.name, facts))
    return sentences(parts)


def round_alt_text(result: RommeRoundResult, names: Sequence[str]) -> str:
    """A round's result in words: who went out, then the cards left in each hand and the
    minus points they count."""
    how = _("Hand-Rommé: all at once.") if result.hand_romme else ""
    head = round_head(result.round_number, result.went_out, names, how)
    return round_words(head, names, lambda seat: hand_left(result.hands[seat], result.minus[seat]))


def session_alt_text(names: Sequence[str], view: RommePublicView) -> str:
    """The session's end in words: the winner and the minus points, fewest first."""
    head = status(view) if view.phase is Phase.OVER else _("The game has ended.")
    totals = [seat.minus for seat in view.seats]
    scores = ranked(names, totals, high_first=False)
    return sentences([head, _("Minus points: {scores}.", scores=scores)])
