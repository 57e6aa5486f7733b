"""What every game's melds agree on, checked once: a meld has at least three cards, a set at
most four cards of one rank in different suits, and a card laid off on a run goes at the end
where it fits (the player names the end when it fits both).

How cards are priced, whether jokers play and whether a run turns the corner are the games'
own (``engine.melding`` with jokers and prices, Treppenrommé's ring in its ``melds``); both
build on these checks, so a meld is refused in the same words in every game.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from engine.actions import End, misfit_at_end
from engine.cards import Card
from engine.errors import IllegalMeld
from engine.i18n import N_

MIN_MELD = 3
MAX_SET = 4


def check_meld_length(cards: Sequence[Card], text: object) -> None:
    """Refuse a fresh meld of fewer than three cards (``text``: the cards as written)."""
    if len(cards) < MIN_MELD:
        raise IllegalMeld(N_("{text} is too short: a meld needs at least 3 cards."), text=text)


def check_set(size: int, suits: Sequence[int], text: object) -> None:
    """Refuse a fresh set of ``size`` cards whose natural cards have ``suits``: more than four
    cards, or a suit twice."""
    if size > MAX_SET:
        raise IllegalMeld(N_("{text} is not a set: a set has at most 4 cards."), text=text)
    if len(set(suits)) != len(suits):
        raise IllegalMeld(N_("{text} is not a set: its suits must all differ."), text=text)


def check_set_layoff(
    card: Card, rank: int, suits: Collection[int], size: int, target: tuple[Card, ...]
) -> None:
    """Refuse laying the natural ``card`` off on the set ``target`` of ``rank`` whose natural
    cards have ``suits`` (``size`` cards in all): the set is complete, or the card is of
    another rank, or of a suit the set has."""
    if size >= MAX_SET:
        raise IllegalMeld(N_("The set {target} is complete."), target=target)
    if card.rank_int != rank:
        raise IllegalMeld(N_("{card} does not fit the set {target}."), card=card, target=target)
    if card.suit_int in suits:
        raise IllegalMeld(
            N_("The set {target} already has {card}: its suits must differ."),
            target=target,
            card=card,
        )


def layoff_end(
    card: Card, target: tuple[Card, ...], end: End | None, fits_low: bool, fits_high: bool
) -> End:
    """The end of the run ``target`` that ``card`` goes on: ``end`` when it fits there, the
    one it fits when the player named none; refused when it fits neither, or both unnamed."""
    if end is None:
        if fits_low and fits_high:
            raise IllegalMeld(
                N_("{card} fits both ends of {target}: say which end."), card=card, target=target
            )
        end = End.LOW if fits_low else End.HIGH
    if not (fits_low if end is End.LOW else fits_high):
        raise misfit_at_end(card, target, end, fits_low or fits_high)
    return end
