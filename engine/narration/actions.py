"""A move in words from the action alone, where its events are not at hand (the bot's
replay falls back on it): what every player at the table saw, a drawn card not named."""

from __future__ import annotations

from collections.abc import Sequence

from engine import actions as act
from engine.cards import format_cards
from engine.i18n import N_, _, ngettext


def describe_action(
    action: act.Action, names: Sequence[str], talon: bool = True, pile: int | None = None
) -> str:
    """One move in words in the current language, from what every player at the table saw
    (a drawn card is not named). ``talon``: the game calls its face-down pile the talon and
    its discard pile the staircase, else the stock and the discard pile. ``pile``: the cards
    on the discard pile before the move (a take from the staircase names its position)."""
    who = names[action.seat]
    if isinstance(action, act.DrawTalon):
        if talon:
            return _("{who} draws from the talon", who=who)
        return _("{who} draws from the stock", who=who)
    if isinstance(action, act.TakeStaircase | act.TakeDiscard):
        return _taken(action, who, talon, pile)
    if isinstance(action, act.Meld):
        return _("{who} melds {cards}", who=who, cards=format_cards(action.cards))
    if isinstance(action, act.LayOff | act.JokerSwap):
        return _laid(action, who)
    if isinstance(action, act.TakeBack):
        return _("{who} takes back an unfinished first meld", who=who)
    if isinstance(action, act.Discard):
        return _("{who} discards {card}", who=who, card=action.card)
    if isinstance(action, act.Knock):
        return _("{who} discards {card} and knocks", who=who, card=action.card)
    if isinstance(action, act.CallRummy):
        return _("{who} discards {card} and calls Rummy", who=who, card=action.card)
    if isinstance(action, act.BuyBack):
        if action.accept:
            return _("{who} buys back in", who=who)
        return _("{who} lets the buy-back pass", who=who)
    if isinstance(action, act.Pass):
        return _("{who} passes", who=who)
    raise TypeError(f"unknown action {action!r}")


def _taken(
    action: act.TakeStaircase | act.TakeDiscard, who: str, talon: bool, pile: int | None
) -> str:
    position = action.index + 1 if isinstance(action, act.TakeStaircase) else None
    if isinstance(action, act.TakeDiscard) and talon and pile is not None:
        position = pile - action.depth + 1
    if position is not None:
        return _("{who} takes the staircase from card {position} up", who=who, position=position)
    assert isinstance(action, act.TakeDiscard)
    if talon:
        return ngettext(
            "{who} takes {n} card from the top of the staircase",
            "{who} takes {n} cards from the top of the staircase",
            action.depth,
            who=who,
        )
    if action.depth == 1:
        return _("{who} takes the top card of the discard pile", who=who)
    return ngettext(
        "{who} takes {n} card from the top of the discard pile",
        "{who} takes {n} cards from the top of the discard pile",
        action.depth,
        who=who,
    )


def _laid(action: act.LayOff | act.JokerSwap, who: str) -> str:
    meld = action.meld_id + 1
    if isinstance(action, act.JokerSwap):
        return _(
            "{who} swaps {card} for the joker in meld {meld} and melds {cards}",
            who=who,
            card=action.card,
            meld=meld,
            cards=format_cards(action.cards),
        )
    if action.end is None:
        return _("{who} lays off {card} on meld {meld}", who=who, card=action.card, meld=meld)
    words = {act.End.LOW: N_("low end"), act.End.HIGH: N_("high end")}
    return _(
        "{who} lays off {card} on meld {meld} ({end})",
        who=who,
        card=action.card,
        meld=meld,
        end=_(words[action.end]),
    )
