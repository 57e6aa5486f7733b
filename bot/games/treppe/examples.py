"""Treppenrommé's examples: the moments of real games the docs' pictures show (see
``bot.games.examples``), its pictures, and views for the benchmark and the tests built on those
moments, with hand-built extremes for the bounds tests."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from bot.games.examples import NAMES, play
from bot.games.treppe.render_results import render_round_result
from bot.render.hand import render_hand, sort_hand
from bot.render.meld_table import render_table
from engine.cards import FULL_PACK, Card, parse_cards
from engine.games.treppe.ai import make_player
from engine.games.treppe.events import TreppeRoundResult
from engine.games.treppe.game import Ruleset
from engine.games.treppe.melds import analyse_meld
from engine.games.treppe.views import MeldView, PlacedCard, PublicView, SeatView
from engine.protocol import Phase

NAMES4 = NAMES
# The pictures also kept in German, as <name>.de.png.
GERMAN = ("table-4-players.png", "hand.png", "round-result.png")


# ----------------------------------------------------------------------------- the moments
FOUR_SEED = 0  # four normal players; round 4 has lay-offs by other players
ROUND = 4  # the round shown on the table picture and in the round result
TWO_SEED = 15  # two normal players
DEAD_SEED = 0  # two random players: round 1 ends dead


@dataclass(frozen=True, slots=True)
class TreppenFour:
    """The four-player Treppenrommé game of the README's first pictures: round 4's table, its result
    and the session's end."""

    table: PublicView  # round 4 at the start of its last turn
    turn: int  # which turn of round 4 that is
    result: TreppeRoundResult  # the result of that same round 4
    names: tuple[str, ...]
    last: TreppeRoundResult  # the round that ended the session
    totals: tuple[int, ...]  # the session end
    winner: int
    final: PublicView  # the table when the session ended


@dataclass(frozen=True, slots=True)
class TreppenTwo:
    """The two-player Treppenrommé moment of the hand picture: Anna just took from the staircase."""

    table: PublicView  # the moment Anna took from the staircase
    hand: tuple[Card, ...]  # Anna's hand then
    locked: Card  # the card she took and may not throw back this turn


@cache
def treppen_four() -> TreppenFour:
    """Play the four-player Treppenrommé game from its seed to round 4's last turn and on to the
    session's end (played once, then cached)."""
    game = Ruleset().new_game(NAMES, FOUR_SEED)
    players = [make_player("normal", FOUR_SEED * 7 + s) for s in range(4)]
    turns: list[PublicView] = []  # round 4 at the start of each turn

    def round_four_over() -> bool:
        if game.round_number == ROUND and game.phase is Phase.DRAW:
            turns.append(game.public_view())
        return len(game.results) == ROUND

    play(game, players, round_four_over)
    result = game.results[ROUND - 1]
    play(game, players, lambda: game.winner is not None)
    assert game.winner is not None
    names = tuple(game.names)
    last = game.results[-1]
    totals, final = tuple(game.totals), game.public_view()
    return TreppenFour(turns[-1], len(turns), result, names, last, totals, game.winner, final)


@cache
def treppen_two() -> TreppenTwo:
    """Play the two-player Treppenrommé game from its seed until Anna has taken from the staircase
    with both seats' melds down (played once, then cached)."""
    game = Ruleset().new_game(NAMES[:2], TWO_SEED)
    players = [make_player("normal", TWO_SEED * 7 + s) for s in range(2)]

    def took() -> bool:
        view = game.public_view()
        return (
            view.to_act == 0
            and game.locked_discard is not None
            and len(game.hands[0]) >= 8
            and len({m.owner for m in view.melds}) == 2
            and len(view.staircase) >= 4
        )

    play(game, players, took)
    table = game.public_view()
    hand = tuple(game.hands[0])
    assert game.locked_discard is not None
    return TreppenTwo(table, hand, game.locked_discard)


@cache
def dead_round() -> TreppeRoundResult:
    """The first round of a game between two random players: nobody goes out before the
    talon runs out a third time."""
    game = Ruleset().new_game(NAMES[:2], DEAD_SEED)
    players = [make_player("random", DEAD_SEED * 7 + s) for s in range(2)]
    play(game, players, lambda: bool(game.results))
    return game.results[0]


def pictures() -> dict[str, bytes]:
    """Treppenrommé's pictures in docs/img/, by file name, in the current language."""
    four, two = treppen_four(), treppen_two()
    return {
        "table-2-players.png": render_table(two.table),
        "hand.png": render_hand(sort_hand(two.hand), locked=two.locked),  # as the bot shows it
        "round-result-dead.png": render_round_result(dead_round(), NAMES[:2]),
        "table-4-players.png": render_table(four.table),
        "round-result.png": render_round_result(four.result, four.names),
        "session-result.png": render_table(four.final),  # the standings are text
    }


# ----------------------------------------------------------------------------- views
def cards(text: str) -> tuple[Card, ...]:
    """The cards ``text`` names (``"Q♥ 10♣"``); an empty text gives none."""
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
    """The seats of a built table: each with its hand count and score, and the points and whether it
    placed cards this round read from ``melds``."""
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
    return treppen_two().table


def four_player_table() -> PublicView:
    """Round 4 of a four-player game at the start of its last turn: many melds, lay-offs."""
    return treppen_four().table


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
    example = treppen_two()
    return example.hand, example.locked


def round_result() -> TreppeRoundResult:
    """The result of the round shown by :func:`four_player_table`."""
    return treppen_four().result
