"""Decision time of the computer players.

``python bench/ai.py [--games N] [--seed S]`` plays hard against normal (two seats, whole
sessions) and times every decision; prints ``hard_ms_p50=F hard_ms_p99=F normal_ms_p50=F``
(and a few more figures) on its last line.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Phase, Ruleset
from engine.games.treppe.ai import make_player


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    times: dict[str, list[float]] = {"hard": [], "normal": [], "random": []}
    for i in range(args.games):
        strengths = ["hard", "normal"] if i % 2 == 0 else ["normal", "hard"]
        game = Ruleset().new_game(strengths, args.seed + i)
        players = [make_player(s, args.seed * 100 + i * 2 + k) for k, s in enumerate(strengths)]
        while game.phase is not Phase.OVER:
            seat = game.to_act
            view = game.private_view(seat)
            legal = game.legal_actions()
            start = time.perf_counter()
            action = players[seat].choose(view, legal)
            times[strengths[seat]].append((time.perf_counter() - start) * 1000)
            game.apply(action)
    rand = make_player("random", 0)
    game = Ruleset().new_game(["a", "b"], args.seed)
    for _ in range(2000):
        if game.phase is Phase.OVER:
            break
        seat = game.to_act
        view, legal = game.private_view(seat), game.legal_actions()
        start = time.perf_counter()
        action = rand.choose(view, legal)
        times["random"].append((time.perf_counter() - start) * 1000)
        game.apply(action)
    print(
        f"decisions: hard {len(times['hard'])}, normal {len(times['normal'])}; "
        f"hard max {max(times['hard']):.2f} ms, normal p99 {percentile(times['normal'], 99):.3f} ms"
    )
    print(
        f"hard_ms_p50={percentile(times['hard'], 50):.3f} "
        f"hard_ms_p99={percentile(times['hard'], 99):.3f} "
        f"normal_ms_p50={percentile(times['normal'], 50):.3f} "
        f"normal_ms_p99={percentile(times['normal'], 99):.3f} "
        f"random_ms_p50={percentile(times['random'], 50):.3f}"
    )


if __name__ == "__main__":
    main()
