"""Views for the benchmark and the tests: the docs positions (moments of real games, see
``example_games``) and hand-built extremes for the bounds tests."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games import examples as example_games
from engine.cards import FULL_PACK, Card, parse_cards
from engine.games.treppe.events import TreppeRoundResult as RoundResult
from engine.games.treppe.melds import analyse_meld
from engine.games.treppe.views import MeldView, PlacedCard, PublicView, SeatView

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
    """Two players in round 3, just after Anna took the top staircase card."""
    return example_games.treppen_two().table


def four_player_table() -> PublicView:
    """Round 4 of a four-player game at the start of its last turn: many melds, lay-offs."""
    return example_games.treppen_four().table


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
    """Anna's hand on :func:`two_player_table`, the card she took locked by ``no_return``."""
    example = example_games.treppen_two()
    return example.hand, example.locked


def round_result() -> RoundResult:
    """The result of the round shown by :func:`four_player_table`."""
    return example_games.treppen_four().result


def dead_round() -> RoundResult:
    """A round that ended dead: nobody went out."""
    return example_games.dead_round()
