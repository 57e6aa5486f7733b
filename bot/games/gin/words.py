"""Gin Rummy's sentences that the presenter, the pictures and their alt texts share: a hand's
headline and a laid-down hand in words."""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import format_cards
from engine.games.gin.views import VOID_REPEAT, VOID_TAKES, GinHandResult, LaidHand
from engine.i18n import N_, _


def void_reason(result: GinHandResult) -> str:
    """Why a hand ended without a score."""
    if result.void == VOID_REPEAT:
        return _("both players threw back the card they had just taken")
    if result.void == VOID_TAKES:
        return _("the upcard was taken fifty times")
    return _("the stock reached the wall and nobody knocked")


def hand_headline(result: GinHandResult, names: Sequence[str]) -> str:
    """The hand in one sentence: void, gin, an undercut, a knock, or a knock that ties."""
    number = result.round_number
    knocker = result.closer
    if knocker is None:
        return _("Hand {number} is void: {reason}.", number=number, reason=void_reason(result))
    scorer = result.winner
    points = max(result.points)
    if result.special:
        text = _(
            "Hand {number}: {name} went gin and scores {points}.",
            number=number,
            name=names[knocker],
            points=points,
        )
    elif result.undercut and scorer is not None:
        text = _(
            "Hand {number}: {name} undercut {knocker} and scores {points}.",
            number=number,
            name=names[scorer],
            knocker=names[knocker],
            points=points,
        )
    elif scorer is None:
        text = _(
            "Hand {number}: {name} knocked; equal deadwood, nobody scores.",
            number=number,
            name=names[knocker],
        )
    else:
        text = _(
            "Hand {number}: {name} knocked and scores {points}.",
            number=number,
            name=names[knocker],
            points=points,
        )
    if result.doubled:
        text += _(" Doubled: the first upcard was a spade.")
    return text


def laid_text(hand: LaidHand) -> str:
    """'7♣ 8♣ 9♣ · Q♥ Q♠ Q♦ | laid off 10♣ | deadwood 3♦ 4♠ (7)'."""
    parts = []
    if hand.melds:
        parts.append(" · ".join(format_cards(meld) for meld in hand.melds))
    if hand.laid_off:
        parts.append(_("laid off {cards}", cards=format_cards(hand.laid_off)))
    if hand.leftover:
        parts.append(
            _(
                "deadwood {cards} ({deadwood})",
                cards=format_cards(hand.leftover),
                deadwood=hand.deadwood,
            )
        )
    else:
        parts.append(_("no deadwood"))
    return " | ".join(parts)


def hand_reckoning(result: GinHandResult, names: Sequence[str]) -> str:
    """How a hand's points came about: both deadwood counts and who scores what."""
    knocker = result.closer
    if knocker is None:
        return _("Void hand: {reason}; nobody scores.", reason=void_reason(result))
    defender = 1 - knocker
    counts: dict[str, object] = {
        "knocker": names[knocker],
        "left": result.hands[knocker].deadwood,
        "defender": names[defender],
        "right": result.hands[defender].deadwood,
        "points": max(result.points),
    }
    if result.special:
        text = N_("{defender} has {right} deadwood; with the gin bonus {knocker} scores {points}.")
    elif result.undercut:
        text = N_(
            "{knocker} knocked with {left}, {defender} has {right} after laying off: the "
            "difference and the undercut bonus, {points}, go to {defender}."
        )
    elif result.winner is None:
        text = N_("{knocker} knocked with {left}, {defender} has {right} too: nobody scores.")
    else:
        text = N_(
            "{knocker} knocked with {left}, {defender} has {right} after laying off: "
            "{knocker} scores the difference, {points}."
        )
    text = _(text, **counts)
    if result.doubled:
        text += _(" Doubled: the first upcard was a spade.")
    return text
