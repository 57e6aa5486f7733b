"""Engine speed: random legal play, and listing legal moves for a 20-card hand.

Prints, as its last line: ``actions_per_s=N rounds_per_s=N legal_ms_p50=F``.
When rlcard is installed (``pip install rlcard==1.2.0``) it also measures rlcard's
pure-Python gin rummy game under random legal play in the same run, for comparison.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import Deal, Game, Phase, Ruleset, TakeStaircase
from engine.cards import FULL_PACK

PLAY_SECONDS = 4.0
LEGAL_SAMPLES = 400


def random_play(seconds: float) -> tuple[int, int, float]:
    """Play random legal sessions; return (actions, rounds, elapsed seconds)."""
    rng = random.Random(1)
    actions = rounds = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        seed += 1
        game = Ruleset(target=500).new_game(["A", "B", "C", "D"][: 2 + seed % 3], seed)
        while game.phase is not Phase.OVER:
            game.apply(rng.choice(game.legal_actions()))
            actions += 1
        rounds += len(game.results)
    return actions, rounds, time.perf_counter() - start


def rlcard_random_play(seconds: float) -> float | None:
    """Actions per second of rlcard's gin rummy game under random legal play."""
    try:
        import numpy as np
        from rlcard.games.gin_rummy.game import GinRummyGame
    except ImportError:
        return None
    game = GinRummyGame()
    game.np_random = np.random.RandomState(1)
    rng = random.Random(1)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game.init_game()
        while not game.is_over():
            game.step(rng.choice(game.judge.get_legal_actions()))
            steps += 1
    return steps / (time.perf_counter() - start)


def twenty_card_positions(count: int) -> list[Game]:
    """Games where the player to act holds 20 cards after a deep staircase dig, with melds
    on the table to lay off on."""
    positions: list[Game] = []
    rng = random.Random(7)
    while len(positions) < count:
        pack = list(FULL_PACK)
        rng.shuffle(pack)
        hands = (tuple(pack[:7]), tuple(pack[7:14]))
        staircase = tuple(pack[14:28])
        talon = tuple(pack[28:])
        game = Ruleset().new_game(["A", "B"], 0, Deal(0, hands, staircase, talon))
        game.apply(TakeStaircase(0, 1))  # 13 cards: the hand is now 20
        positions.append(game)
    return positions


def legal_ms(games: list[Game]) -> float:
    timings = []
    for game in games:
        start = time.perf_counter()
        game.legal_actions()
        timings.append((time.perf_counter() - start) * 1000)
    return statistics.median(timings)


def main() -> None:
    baseline = rlcard_random_play(PLAY_SECONDS / 2)
    actions, rounds, elapsed = random_play(PLAY_SECONDS)
    actions_per_s = actions / elapsed
    positions = twenty_card_positions(LEGAL_SAMPLES)
    assert all(len(g.hands[g.to_act]) == 20 for g in positions)
    legal = legal_ms(positions)
    if baseline is None:
        print("rlcard not installed: no baseline (pip install rlcard==1.2.0)")
    else:
        print(
            f"rlcard_gin_rummy_actions_per_s={baseline:.0f} "
            f"ratio={actions_per_s / baseline:.2f}x (target >= 2x)"
        )
    print(f"played {actions} actions in {rounds} rounds in {elapsed:.1f} s")
    moves = statistics.median(len(g.legal_actions()) for g in positions)
    print(f"20-card hands sampled={len(positions)}, legal moves per hand p50={moves}")
    print(
        f"actions_per_s={actions_per_s:.0f} rounds_per_s={rounds / elapsed:.1f} "
        f"legal_ms_p50={legal:.3f}"
    )


if __name__ == "__main__":
    main()
