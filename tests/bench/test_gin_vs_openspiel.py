"""The match count of bench/gin_vs_openspiel.py: hands until a player has 100 points, the
winner of a hand dealing the next. The hands are scripted here (OpenSpiel is not needed)."""

from __future__ import annotations

from typing import Any

import pytest

import bench.gin_vs_openspiel as bench


def _scripted(monkeypatch: pytest.MonkeyPatch, points: list[float]) -> list[tuple[int, int]]:
    """Replace the hand with ``points`` (ours, hand by hand); returns (deal seed, our seat)."""
    played: list[tuple[int, int]] = []

    def hand(pyspiel: Any, strength: str, deal_seed: int, seat: int, make: Any) -> bench.Tally:
        played.append((deal_seed, seat))
        return bench.Tally(points=points[len(played) - 1])

    monkeypatch.setattr(bench, "play_hand", hand)
    return played


def test_the_match_ends_at_100_and_the_winner_of_a_hand_deals_the_next(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    played = _scripted(monkeypatch, [30.0, -45.0, 0.0, 40.0, -20.0, 35.0, 99.0])
    tally = bench.play_match(None, "hard", 3, we_deal_first=False)
    # ours 30 + 40 + 35 = 105 against 45 + 20: the sixth hand ends it, the seventh is not dealt
    assert tally == bench.MatchTally(won=1, lost=0, hands=6)
    seats = [seat for _seed, seat in played]
    # seat 1 deals: first the bot, then whoever won the hand before (a void hand: the same)
    assert seats == [0, 1, 0, 0, 1, 0]
    seeds = [seed for seed, _seat in played]
    assert seeds == [bench.MATCH_SEEDS + 3 * bench.MAX_MATCH_HANDS + n for n in range(6)]


def test_a_match_the_bot_reaches_first_is_lost(monkeypatch: pytest.MonkeyPatch) -> None:
    _scripted(monkeypatch, [-50.0, 20.0, -51.0])
    assert bench.play_match(None, "hard", 0, we_deal_first=True) == bench.MatchTally(
        won=0, lost=1, hands=3
    )


def test_match_shares_and_their_interval() -> None:
    tally = bench.MatchTally(won=67, lost=33, hands=900)
    pct, half = tally.win_pct()
    assert pct == pytest.approx(67.0)
    assert half == pytest.approx(196 * (0.67 * 0.33 / 100) ** 0.5)
    assert "won 67.0% (95% CI 57.8-76.2); 9.0 hands a match" in bench.report_matches("hard", tally)


def test_a_partner_thrown_to_the_card_the_opponent_just_took_is_a_slip() -> None:
    from engine.actions import Discard
    from tests.engine.games.gin.test_gin_players import after_a_take
    from tests.engine.games.gin.test_gin_rules import one

    # Seat 1 takes the first upcard 9♥; seat 0 then holds 8♥ and 8♦, alike but for that.
    game = after_a_take("A♠ 2♠ 3♠ 4♣ 5♣ 6♣ J♠ J♣ J♦ 8♥", "9♥")
    legal: list[object] = list(game.legal_actions())
    assert bench._feeds_the_take(game, legal, Discard(0, one("8♥")))  # 8♥ 9♥ 10♥ may come
    assert not bench._feeds_the_take(game, legal, Discard(0, one("8♦")))
    # A partner is no slip when every other card would leave more deadwood.
    assert not bench._feeds_the_take(game, [Discard(0, one("8♥"))], Discard(0, one("8♥")))
