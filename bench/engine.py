"""Engine speed: random legal play, and listing legal moves for a 20-card hand.

Prints, as its last line: ``actions_per_s=N rounds_per_s=N legal_ms_p50=F deadwood_ms_p50=F``
(the last: least deadwood of an 11-card Wiener Rummy hand holding both jokers).
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

from engine import FULL_PACK, JOKER, Discard, DrawTalon, Phase, Ruleset, TakeStaircase, deadwood

PLAY_SECONDS = 4.0
LEGAL_SAMPLES = 400
DEADWOOD_SAMPLES = 2000


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


def twenty_card_legal_ms(samples: int) -> tuple[float, float, float]:
    """Time ``legal_actions`` whenever the player to act holds 20 cards mid-turn.

    Hands that big come from deep staircase digs, so these players are dealt 12 cards, dig
    whenever the staircase is long and lay melds now and then, which also puts melds on the
    table to lay off on. Returns (p50 ms, median legal moves, median melds on the table)."""
    rng = random.Random(7)
    timings: list[float] = []
    moves: list[int] = []
    melds: list[int] = []
    seed = 0
    while len(timings) < samples:
        seed += 1
        game = Ruleset(target=300, hand_size=12).new_game(["A", "B", "C"], seed)
        while game.phase is not Phase.OVER and len(timings) < samples:
            seat = game.to_act
            if game.phase is Phase.PLAY and len(game.hands[seat]) == 20:
                start = time.perf_counter()
                legal = game.legal_actions()
                timings.append((time.perf_counter() - start) * 1000)
                moves.append(len(legal))
                melds.append(len(game.melds))
            if game.phase is Phase.DRAW:
                deep = len(game.discard) >= 8 or not game.stock
                game.apply(TakeStaircase(seat, 0) if deep else DrawTalon(seat))
                continue
            legal = game.legal_actions()
            plays = [a for a in legal if not isinstance(a, Discard)]
            if plays and rng.random() < 0.3:
                game.apply(rng.choice(plays))
            else:
                game.apply(rng.choice([a for a in legal if isinstance(a, Discard)]))
    return statistics.median(timings), statistics.median(moves), statistics.median(melds)


def deadwood_ms(samples: int) -> float:
    """p50 of ``deadwood`` on 11-card hands: 9 cards of two shuffled packs and both jokers."""
    rng = random.Random(11)
    naturals = [*FULL_PACK, *FULL_PACK]
    timings: list[float] = []
    for _ in range(samples):
        hand = [*rng.sample(naturals, 9), JOKER, JOKER]
        rng.shuffle(hand)
        start = time.perf_counter()
        deadwood(hand, variant="wiener")
        timings.append((time.perf_counter() - start) * 1000)
    return statistics.median(timings)


def main() -> None:
    baseline = rlcard_random_play(PLAY_SECONDS / 2)
    actions, rounds, elapsed = random_play(PLAY_SECONDS)
    actions_per_s = actions / elapsed
    legal, moves, melds = twenty_card_legal_ms(LEGAL_SAMPLES)
    dead = deadwood_ms(DEADWOOD_SAMPLES)
    if baseline is None:
        print("rlcard not installed: no baseline (pip install rlcard==1.2.0)")
    else:
        print(
            f"rlcard_gin_rummy_actions_per_s={baseline:.0f} "
            f"ratio={actions_per_s / baseline:.2f}x (target >= 2x)"
        )
    print(f"played {actions} actions in {rounds} rounds in {elapsed:.1f} s")
    print(
        f"20-card hands sampled={LEGAL_SAMPLES}: legal moves p50={moves}, "
        f"melds on the table p50={melds}"
    )
    print(
        f"actions_per_s={actions_per_s:.0f} rounds_per_s={rounds / elapsed:.1f} "
        f"legal_ms_p50={legal:.3f} deadwood_ms_p50={dead:.3f}"
    )


if __name__ == "__main__":
    main()
