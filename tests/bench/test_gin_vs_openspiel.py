"""The game count of bench/gin_vs_openspiel.py: hands until a player has 100 points, the
dealer alternating after a scored hand and staying after a void one, the interval clustered on
the mirrored pairs. The hands are scripted here (OpenSpiel is not needed)."""

from __future__ import annotations

from typing import Any

import pytest

import bench.gin_vs_openspiel as bench

Played = list[tuple[int, int, tuple[int, int]]]


def _scripted(monkeypatch: pytest.MonkeyPatch, points: list[float | None]) -> Played:
    """Replace the hand with ``points`` (ours, hand by hand; None: a void hand, 0: a tie);
    returns (deal seed, our seat, the score as the hand starts) for every hand played."""
    played: Played = []

    def hand(
        pyspiel: Any, strength: str, deal_seed: int, seat: int, make: Any, scores: Any
    ) -> bench.Tally:
        played.append((deal_seed, seat, scores))
        tally = bench.Tally()
        score = points[len(played) - 1]
        tally.settle(score or 0.0, "void" if score is None else "it knocked")
        return tally

    monkeypatch.setattr(bench, "play_hand", hand)
    return played


def test_the_game_ends_at_100_and_the_deal_alternates_after_a_scored_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    played = _scripted(monkeypatch, [30.0, -45.0, None, 40.0, 0.0, -20.0, 35.0, 99.0])
    tally = bench.play_match(None, "hard", 3, we_deal_first=False)
    # ours 30 + 40 + 35 = 105 against 45 + 20: the seventh hand ends it, the eighth is not dealt
    assert (tally.won, tally.lost, tally.hands) == (1, 0, 7)
    assert (tally.hand_tally.won, tally.hand_tally.lost) == (3, 2)
    assert (tally.hand_tally.void, tally.hand_tally.ties) == (1, 1)
    seats = [seat for _seed, seat, _score in played]
    # seat 1 deals: first the bot; the deal passes after every scored hand (a tie too, the
    # fifth) and stays after the void third hand, whoever won
    assert seats == [0, 1, 0, 0, 1, 0, 1]
    seeds = [seed for seed, _seat, _score in played]
    assert seeds == [bench.MATCH_SEEDS + 3 * bench.MAX_MATCH_HANDS + n for n in range(7)]
    # every hand is played knowing the game's score (ours, the bot's)
    assert [score for *_, score in played] == [
        (0, 0), (30, 0), (30, 45), (30, 45), (70, 45), (70, 45), (70, 65)
    ]  # fmt: skip


def test_a_game_the_bot_reaches_first_is_lost(monkeypatch: pytest.MonkeyPatch) -> None:
    played = _scripted(monkeypatch, [-50.0, 20.0, -51.0])
    tally = bench.play_match(None, "hard", 0, we_deal_first=True)
    assert (tally.won, tally.lost, tally.hands) == (0, 1, 3)
    assert [seat for _seed, seat, _score in played] == [1, 0, 1]


def test_game_shares_and_their_interval_clustered_on_the_pairs() -> None:
    tally = bench.MatchTally(won=67, lost=33, hands=900)  # no pairs counted: the normal one
    pct, half = tally.win_pct()
    assert pct == pytest.approx(67.0)
    assert half == pytest.approx(196 * (0.67 * 0.33 / 100) ** 0.5)
    assert "won 67.0% (95% CI 57.8-76.2); 9.0 hands a game" in bench.report_matches("hard", tally)
    # Pairs that split 1-1 vary less than games counted alone; pairs won or lost whole, more.
    split = bench.MatchTally(won=50, lost=50, pairs=[(1, 2)] * 50)
    whole = bench.MatchTally(won=50, lost=50, pairs=[(2, 2)] * 25 + [(0, 2)] * 25)
    alone = bench.MatchTally(won=50, lost=50)
    assert split.win_pct()[1] == pytest.approx(0.0)
    assert whole.win_pct()[1] > alone.win_pct()[1] > split.win_pct()[1]
    assert whole.win_pct()[0] == pytest.approx(50.0)


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


def test_a_duel_game_is_played_on_our_engine_alone() -> None:
    # hard against normal, no OpenSpiel: each hand's points are the first's less the second's
    hand = bench.play_duel_hand(("hard", "normal"), 7, 0, (0, 0))
    assert hand.hands == 1 and hand.decisions_ms  # only the first player's moves are timed
    assert sum(hand.ends.values()) == 1
    game = bench.play_match(None, "hard", 1, we_deal_first=True, opponent="normal")
    assert game.won + game.lost == 1 and game.hand_tally.hands == game.hands
