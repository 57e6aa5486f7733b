"""Gin Rummy's sentences: a hand's headline and reckoning, a laid-down hand in words, and
the pictures in words for screen readers (bot/render/README.md): the table, a hand's result
and the match's end."""

from __future__ import annotations

from collections.abc import Sequence

from bot.render.alt import ranked, round_words, seat_line, sentences, status
from engine.cards import format_cards
from engine.games.gin.rules import VOID_REPEAT, VOID_TAKES, GinHandResult, GinPublicView, LaidHand
from engine.i18n import N_, _, card_count
from engine.protocol import Phase


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


def _situation(view: GinPublicView) -> str:
    """The upcard's offer, the wall or the knock card: what the player to act decides."""
    if view.phase is Phase.DRAW and view.offer:
        return _("The first upcard is offered: take it or pass.")
    if view.phase is Phase.DRAW and view.wall:
        return _("The stock is at the wall: knock with the upcard or the hand is void.")
    if view.knock_card == 0:
        return _("Gin only this hand.")
    return _("Knock with {value} or less.", value=view.knock_card)


def table_alt_text(view: GinPublicView) -> str:
    """The table picture in words: hand and target, who acts, the piles, the knock card, then
    each player's match points, cards, hands won and the upcards they took."""
    top = str(view.discard_top) if view.discard_top is not None else _("empty")
    parts = [
        _(
            "Gin Rummy, hand {round_number}, match to {target}.",
            round_number=view.round_number,
            target=view.target,
        ),
        status(view),
        _("Stock: {cards}.", cards=card_count(view.stock_count)),
        _("Upcard: {top}.", top=top),
        _situation(view) if view.phase is not Phase.OVER else "",
        _("This hand counts double.") if view.doubled else "",
    ]
    for seat in view.seats:
        took = " ".join(str(card) for card in seat.picked_up)
        facts = [
            _("{score} points", score=seat.score),
            card_count(seat.hand_count) if view.phase is not Phase.OVER else "",
            _("dealer") if seat.seat == view.dealer else "",
            _("{count} hands won", count=seat.hands_won),
            _("took {cards}", cards=took) if took else "",
        ]
        parts.append(seat_line(seat.name, facts))
    if view.last_round is not None:
        parts.append(hand_headline(view.last_round, [s.name for s in view.seats]))
    return sentences(parts)


def round_alt_text(result: GinHandResult, names: Sequence[str]) -> str:
    """A hand's result in words: what happened, then each hand laid down with its points."""
    return round_words(
        hand_headline(result, names),
        names,
        lambda seat: (
            _("+{points}", points=result.points[seat]),
            _("total {total}", total=result.totals[seat]),
            laid_text(result.hands[seat]),
        ),
    )


def session_alt_text(names: Sequence[str], view: GinPublicView) -> str:
    """The match's end in words: the winner, the bonuses, the final points."""
    parts = [status(view)]
    match = view.match
    if match is not None:
        parts.append(
            _(
                "Points won in hands: {points}; hands won: {hands}; game bonus {bonus}{shutout}.",
                points=", ".join(str(p) for p in match.hand_points),
                hands=", ".join(str(h) for h in match.hands_won),
                bonus=match.game_bonus,
                shutout=_(", doubled for a shutout") if match.shutout else "",
            )
        )
    totals = ranked(names, [seat.score for seat in view.seats], high_first=True)
    parts.append(_("Final match points: {totals}.", totals=totals))
    return sentences(parts)
