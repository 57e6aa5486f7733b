"""Hand-built views for the example pictures, the benchmark and the tests."""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.cards import FULL_PACK, Card, parse_cards
from engine.events import RoundResult
from engine.melds import analyse_meld
from engine.views import MeldView, Phase, PlacedCard, PublicView, SeatView

NAMES4 = ("Anna", "Ben", "Clara", "Dieter")


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text)) if text.strip() else ()


def meld(
    meld_id: int,
    owner: int,
    text: str,
    laid_off: Sequence[tuple[str, int, bool]] = (),
) -> MeldView:
    """A meld priced by the engine's rules; ``laid_off`` adds (card, seat, at_low_end)."""
    shape = analyse_meld(parse_cards(text))
    placed = [PlacedCard(c, p, owner) for c, p in zip(shape.cards, shape.points, strict=True)]
    for card_text, seat, low in laid_off:
        card = Card.parse(card_text)
        points = analyse_meld([card, *shape.cards]).points[0] if low else None
        if points is None:
            points = analyse_meld([*shape.cards, card]).points[-1]
        if low:
            placed.insert(0, PlacedCard(card, points, seat))
        else:
            placed.append(PlacedCard(card, points, seat))
    return MeldView(meld_id, owner, shape.kind, tuple(placed))


def seats(
    names: Sequence[str],
    hand_counts: Sequence[int],
    scores: Sequence[int],
    melds: Sequence[MeldView],
) -> tuple[SeatView, ...]:
    result = []
    for seat, name in enumerate(names):
        placed = [p for m in melds for p in m.cards if p.seat == seat]
        round_points = sum(p.points for p in placed)
        result.append(
            SeatView(seat, name, hand_counts[seat], scores[seat], round_points, bool(placed))
        )
    return tuple(result)


def two_player_table() -> PublicView:
    melds = (meld(1, 0, "7♥ 8♥ 9♥"),)
    return PublicView(
        version=9,
        round_number=1,
        target=500,
        seats=seats(("Anna", "Ben"), (5, 8), (24, 0), melds),
        dealer=1,
        to_act=1,
        phase=Phase.DRAW,
        talon_count=30,
        staircase=cards("K♣ 4♦ 10♠ Q♥ 2♣"),
        melds=melds,
        run_outs=0,
        last_round=None,
        winner=None,
    )


def four_player_table() -> PublicView:
    """A late, crowded round: 30 cards on the staircase and melds with lay-offs."""
    melds = (
        meld(1, 0, "6♠ 6♥ 6♦", [("6♣", 1, False)]),
        meld(2, 0, "Q♥ K♥ A♥"),
        meld(3, 1, "A♠ A♦ A♣"),
        meld(4, 2, "2♦ 3♦ 4♦", [("5♦", 3, False)]),
        meld(5, 3, "J♠ Q♠ K♠"),
    )
    used = {p.card for m in melds for p in m.cards}
    hands = cards("7♣ 9♦ 3♠ 8♥")
    rest = [c for c in FULL_PACK if c not in used and c not in hands]
    random.Random(4).shuffle(rest)  # fixed seed: the docs picture stays the same
    stairs = tuple(rest[:30])
    talon = 52 - len(used) - len(hands) - len(stairs)
    return PublicView(
        version=212,
        round_number=4,
        target=500,
        seats=seats(NAMES4, (1, 1, 1, 1), (431, 388, 296, 455), melds),
        dealer=2,
        to_act=3,
        phase=Phase.PLAY,
        talon_count=talon,
        staircase=stairs,
        melds=melds,
        run_outs=1,
        last_round=None,
        winner=None,
    )


def full_staircase_table() -> PublicView:
    """The longest staircase there can be: every card of the pack (bounds tests only)."""
    base = four_player_table()
    return PublicView(
        **{
            **{f: getattr(base, f) for f in PublicView.__dataclass_fields__},
            "staircase": FULL_PACK,
            "melds": (),
            "talon_count": 0,
        }
    )


def maximal_meld_table() -> PublicView:
    """Every card of the pack in melds of three, all owned by one player, and the longest
    names: the tallest band there can be (bounds tests only)."""
    melds: list[MeldView] = []
    suits = ("♣", "♦", "♥", "♠")
    ranks = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
    mid = 0
    for suit in suits:
        for start in range(0, 12, 3):
            mid += 1
            text = " ".join(r + suit for r in ranks[start : start + 3])
            melds.append(meld(mid, 0, text))
    mid += 1
    melds.append(meld(mid, 1, "K♣ K♦ K♥ K♠"))
    names = ("W" * 40, "Ben", "Clara", "Dieter")
    view = four_player_table()
    return PublicView(
        **{
            **{f: getattr(view, f) for f in PublicView.__dataclass_fields__},
            "seats": seats(names, (0, 0, 0, 0), (9999, 8888, 7777, 6666), melds),
            "staircase": (),
            "melds": tuple(melds),
            "talon_count": 0,
        }
    )


def example_hand() -> tuple[tuple[Card, ...], Card]:
    """A hand just after taking the top staircase card (locked by ``no_return``)."""
    hand = cards("A♠ 10♠ J♠ Q♠ 9♥ 10♥ 4♦ 4♣ 10♣ K♣")
    return hand, Card.parse("10♥")


def romme_round() -> RoundResult:
    return RoundResult(
        round_number=4,
        went_out=3,
        romme_hand=True,
        hands=(cards("7♣ A♦"), cards("9♦ 9♣ K♥ 3♠"), cards("8♥"), ()),
        hand_points=(22, 32, 8, 0),
        bonus=124,
        meld_points=(51, 51, 12, 40),
        totals=(482, 439, 308, 619),
    )


def dead_round() -> RoundResult:
    return RoundResult(
        round_number=2,
        went_out=None,
        romme_hand=False,
        hands=(cards("7♣ A♦ 3♥"), cards("9♦ 9♣")),
        hand_points=(25, 18),
        bonus=0,
        meld_points=(37, 60),
        totals=(120, 141),
    )
