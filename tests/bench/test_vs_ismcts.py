"""bench/vs_ismcts.py: the pair-cluster share, the mirrored deal and a pair's scoring, with a
tiny IS-MCTS budget."""

from __future__ import annotations

import math

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel (the bench extra) is not installed")

import bench.vs_ismcts as vs  # noqa: E402
from bench.spiel_adapter import RoundCore  # noqa: E402


def test_the_pair_cluster_share() -> None:
    # Pairs won 2-0 and 0-2: half the rounds, and the pairs disagree as much as they can.
    pct, half = vs.pair_cluster_share([2, 0], [2, 2])
    assert pct == 50.0
    # residuals (2 - 1)^2 + (0 - 1)^2 = 2, over 4^2 rounds, times k / (k - 1) = 2: 0.25
    assert math.isclose(half, 196 * math.sqrt(0.25))
    assert vs.pair_cluster_share([2, 2, 2], [2, 2, 2]) == (100.0, 0.0)
    pct, half = vs.pair_cluster_share([1, 1, 1, 1], [2, 2, 2, 2])  # every pair split
    assert (pct, half) == (50.0, 0.0)
    assert vs.pair_cluster_share([0], [0]) == (0.0, 0.0)


def dealt(seed: int) -> tuple[object, ...]:
    core = RoundCore("gin", 2, seed)
    dealer = vs.Dealer(core, seed)
    while core.game is None:
        core.apply_chance(dealer.outcome(core))
    first_draws = []
    for _ in range(3):  # the stock's top three, in order
        first_draws.append(dealer.outcome(core))
        core.game.stock.pop()  # type: ignore[attr-defined]
    hands = tuple(core.game.private_view(s).hand for s in range(2))
    return core.history[0], hands, core.game.public_view().discard_pile, tuple(first_draws)


def test_both_rounds_of_a_pair_get_the_same_deal_and_stock() -> None:
    assert dealt(5) == dealt(5)
    assert dealt(5) != dealt(6)


def test_a_pair_counts_rounds_won_lost_and_tied(monkeypatch: pytest.MonkeyPatch) -> None:
    scores = {0: (10.0, 5.0), 1: (3.0, 3.0)}  # ours first: a win in seat 0, a tie in seat 1
    seats = []

    def fake_round(job: tuple[str, str, int, int, float], seat: int) -> tuple[float, float, object]:
        seats.append(seat)
        return (*scores[seat], ([1.0, 2.0], [0.5]))

    monkeypatch.setattr(vs, "play_round", fake_round)
    key, strength, pairs = vs.play_pair(("gin", "hard", 3, 2, 2.0))
    assert (key, strength, seats) == ("gin", "hard", [0, 1])
    assert (pairs.won, pairs.lost, pairs.rounds) == ([1], [0], 2)
    assert pairs.ours == [10.0, 3.0] and pairs.theirs == [5.0, 3.0]
    assert pairs.share()[0] == 100.0
    assert len(pairs.ours_ms) == 4 and len(pairs.search_s) == 2


def test_a_real_pair_with_a_tiny_budget() -> None:
    key, strength, pairs = vs.play_pair(("gin", "normal", 1, 2, 2.0))
    assert (key, strength, pairs.rounds, len(pairs.won)) == ("gin", "normal", 2, 1)
    assert pairs.won[0] + pairs.lost[0] <= 2
    assert pairs.ours_ms and pairs.search_s
    line = vs.report(key, strength, pairs, 2, 2.0)
    assert line.startswith("gin: normal vs IS-MCTS (2 sims a move") and "2 rounds" in line
