"""Computer players of any registered game playing each other.

``python -m engine.arena --game romme --games 200 --seats normal,random --seed 1``
plays whole sessions of the game (default rules), rotating the seats every game so no
strength keeps the same place, and prints a small table; the last line is one JSON object
with wins per strength, games, average rounds, actions per second and the decision time
percentiles.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from typing import Any

from engine.protocol import RummyGame
from engine.registry import game_keys, get_spec

MAX_ACTIONS_PER_TURN = 500  # a player that loops (meld, take back, meld, ...) is a bug


def _percentile(values: Sequence[float], share: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))
    return ordered[index]


def play_session(
    key: str, seats: Sequence[str], seed: int, timings: dict[str, list[float]] | None = None
) -> RummyGame:
    """One whole session of the game keyed ``key`` with the given strengths by seat;
    returns the finished game."""
    spec = get_spec(key)
    names = [f"{strength}{i}" for i, strength in enumerate(seats)]
    game = spec.new_game(None, names, seed)
    players = [spec.make_player(s, seed * 31 + i) for i, s in enumerate(seats)]
    streak_seat, streak = -1, 0
    while not game.is_over:
        seat = game.to_act
        legal = game.legal_actions()
        view = game.private_view(seat)
        start = time.perf_counter()
        action = players[seat].choose(view, legal)
        elapsed = time.perf_counter() - start
        if timings is not None:
            timings.setdefault(seats[seat], []).append(elapsed * 1000)
        if action not in legal:
            raise AssertionError(f"{seats[seat]} chose an illegal move {action!r}")
        streak = streak + 1 if seat == streak_seat else 1
        streak_seat = seat
        if streak > MAX_ACTIONS_PER_TURN:
            raise AssertionError(f"{seats[seat]} seems to loop in seed {seed}")
        game.apply(action)
    return game


def simulate_game(key: str, seats: list[str], games: int, seed: int) -> dict[str, Any]:
    """Play ``games`` sessions; seat strengths rotate by one place every game."""
    spec = get_spec(key)
    for strength in seats:
        if strength not in spec.strengths:
            raise ValueError(f"unknown strength {strength!r}")
    if not spec.min_seats <= len(seats) <= spec.max_seats:
        raise ValueError(f"give {spec.min_seats} to {spec.max_seats} seats")
    wins = dict.fromkeys(seats, 0)
    timings: dict[str, list[float]] = {}
    rounds = 0
    actions = 0
    dead_rounds = 0
    started = time.perf_counter()
    for g in range(games):
        shift = g % len(seats)
        order = seats[shift:] + seats[:shift]
        game = play_session(key, order, seed * 1_000_003 + g, timings)
        wins[order[game.standings().winners[0]]] += 1
        rounds += len(game.results)
        dead_rounds += sum(1 for r in game.results if r.dead)
        actions += game.public_view().version
    elapsed = time.perf_counter() - started
    every = [t for ts in timings.values() for t in ts]
    return {
        "game": key,
        "seats": list(seats),
        "games": games,
        "seed": seed,
        "wins": wins,
        "win_share": {s: round(w / games, 4) if games else 0.0 for s, w in wins.items()},
        "avg_rounds": round(rounds / games, 3) if games else 0.0,
        "dead_rounds": dead_rounds,
        "actions": actions,
        "actions_per_s": round(actions / elapsed, 1) if elapsed else 0.0,
        "decision_ms_p50": round(_percentile(every, 0.5), 3),
        "decision_ms_p99": round(_percentile(every, 0.99), 3),
        "decision_ms_max": round(max(every, default=0.0), 3),
        "decision_ms_by_strength": {
            s: {"p50": round(_percentile(ts, 0.5), 3), "p99": round(_percentile(ts, 0.99), 3)}
            for s, ts in sorted(timings.items())
        },
        "seconds": round(elapsed, 2),
    }


def _table(result: dict[str, Any]) -> str:
    lines = [
        f"{result['game']}: {result['games']} sessions, seats {','.join(result['seats'])}, "
        f"seed {result['seed']}",
        f"{'strength':<10}{'wins':>8}{'share':>9}{'p50 ms':>10}{'p99 ms':>10}",
    ]
    by = result["decision_ms_by_strength"]
    for strength, won in result["wins"].items():
        t = by.get(strength, {"p50": 0.0, "p99": 0.0})
        lines.append(
            f"{strength:<10}{won:>8}{result['win_share'][strength]:>9.1%}"
            f"{t['p50']:>10.2f}{t['p99']:>10.2f}"
        )
    lines.append(
        f"avg rounds {result['avg_rounds']}, dead rounds {result['dead_rounds']}, "
        f"{result['actions_per_s']} actions/s, {result['seconds']} s"
    )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``python -m engine.arena`` with ``argv`` and print its table; the exit code."""
    parser = argparse.ArgumentParser(
        prog="python -m engine.arena", description="computer players of any game"
    )
    keys = game_keys()
    parser.add_argument("--game", "--variant", dest="game", choices=keys, default=keys[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument(
        "--seats", default="normal,random", help="2 to 6 strengths, comma-separated"
    )
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    seats = [s.strip().lower() for s in args.seats.split(",") if s.strip()]
    try:
        result = simulate_game(args.game, seats, args.games, args.seed)
    except ValueError as error:
        parser.error(str(error))
    print(_table(result))
    print(json.dumps(result, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
