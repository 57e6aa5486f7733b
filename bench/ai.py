"""Decision time of the computer players, in every registered game.

``python bench/ai.py [--rounds N] [--sessions N] [--seed S] [--games KEY,...]`` plays, in each
game, ``hard`` against ``normal`` (two seats, the registry's players, the seats swapped from
one deal to the next): ``--rounds`` single rounds, then ``--sessions`` whole sessions (none
unless asked), and times every decision. Prints each game's decisions and the p50, p99 and
largest time for both strengths; its last line ``<game>_hard_ms_p99=F`` for every game (and
``<game>_hard_ms_p50``, ``<game>_normal_ms_p50``, ``<game>_normal_ms_p99``).
Goal: every game's hard within 100 ms at p99.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.registry import game_keys, get_spec
from engine.sim import play_game

STRENGTHS = ("hard", "normal")


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def time_game(key: str, rounds: int, sessions: int, seed: int) -> dict[str, list[float]]:
    """Every decision's milliseconds, by strength, over ``rounds`` single rounds and
    ``sessions`` whole sessions of ``key`` (hard against normal, seats alternating)."""
    times: dict[str, list[float]] = {s: [] for s in STRENGTHS}
    plays = [(i, True) for i in range(rounds)] + [(rounds + i, False) for i in range(sessions)]
    for i, single_round in plays:
        order = list(STRENGTHS) if i % 2 == 0 else list(reversed(STRENGTHS))
        record = play_game(
            order, order, seed * 100_000 + i, single_round=single_round, game_key=key
        )
        for strength in STRENGTHS:
            times[strength].extend(record.decision_ms[strength])
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--sessions", type=int, default=0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--games", default=",".join(game_keys()))
    args = parser.parse_args()
    figures = []
    for key in args.games.split(","):
        spec = get_spec(key)
        times = time_game(spec.key, args.rounds, args.sessions, args.seed)
        parts = []
        for strength in STRENGTHS:
            values = times[strength]
            p50, p99 = percentile(values, 50), percentile(values, 99)
            parts.append(
                f"{strength} {len(values)} decisions, p50 {p50:.3f} ms, p99 {p99:.2f} ms, "
                f"max {max(values, default=0.0):.1f} ms"
            )
            figures.append(f"{spec.key}_{strength}_ms_p50={p50:.3f}")
            figures.append(f"{spec.key}_{strength}_ms_p99={p99:.3f}")
        print(f"{spec.title}: " + "; ".join(parts), flush=True)
    print(" ".join(figures))


if __name__ == "__main__":
    main()
