"""Duplicate single-round duels between two computer-player configurations, for tuning.

``python tools/duel.py A B [--rounds N] [--seed S] [--jobs J] [--target T]``

Each deal is played twice with the seats swapped, so both configurations get the same
cards and the luck of the deal cancels out; the figure printed is A's mean point lead per
round over B with its standard error (over deal pairs), plus A's share of rounds won. A
configuration is a strength with optional overrides of ``Weights`` or ``Budget`` fields:
``normal``, ``hard``, ``hard:candidates=4,margin=1``, ``normal:risk_base=0.3``.

Sessions to 500 are what the simulator counts; a round lead is a far less noisy measure
of the same strength, which makes comparing settings affordable.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from dataclasses import fields
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Phase, Ruleset
from engine.games.treppe.ai import ComputerPlayer, make_player
from engine.games.treppe.ai.hard import HardPlayer
from engine.games.treppe.ai.planner import Weights
from engine.games.treppe.ai.players import NormalPlayer
from engine.games.treppe.ai.search import Budget


def make(spec: str, seed: int) -> ComputerPlayer:
    strength, _, rest = spec.partition(":")
    overrides: dict[str, str] = dict(item.split("=", 1) for item in rest.split(",") if item)
    if not overrides:
        return make_player(strength, seed)
    weights, budget = Weights(), Budget()
    for target in (weights, budget):
        for f in fields(target):
            if f.name in overrides:
                kind = type(getattr(target, f.name))
                raw = overrides.pop(f.name)
                value = raw.lower() in ("1", "true", "yes") if kind is bool else kind(raw)
                setattr(target, f.name, value)
    if overrides:
        raise SystemExit(f"unknown setting(s) {', '.join(overrides)}")
    if strength == "normal":
        return NormalPlayer(seed, weights)
    if strength == "hard":
        return HardPlayer(seed, weights, budget)
    raise SystemExit(f"no settings for {strength!r}")


def play_round(specs: tuple[str, str], seed: int, target: int) -> tuple[int, int]:
    """Points of the two seats in the first round of a game dealt from ``seed``."""
    game = Ruleset(target=target).new_game(["a", "b"], seed)
    # One seed for both seats: a configuration facing the same position draws the same
    # random numbers, so two similar configurations part ways only where they differ.
    players = [make(spec, seed) for spec in specs]
    while game.phase is not Phase.OVER and not game.results:
        seat = game.to_act
        game.apply(players[seat].choose(game.private_view(seat), game.legal_actions()))
    totals = game.results[0].totals
    return totals[0], totals[1]


def duel(args: tuple[str, str, int, int]) -> float:
    """A's lead over B summed over both seatings of one deal."""
    a, b, seed, target = args
    first = play_round((a, b), seed, target)
    second = play_round((b, a), seed, target)
    return (first[0] - first[1] + second[1] - second[0]) / 2


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--rounds", type=int, default=400, help="deal pairs")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--target", type=int, default=500)
    args = parser.parse_args()
    tasks = [(args.a, args.b, args.seed * 1_000_000 + i, args.target) for i in range(args.rounds)]
    start = time.perf_counter()
    with multiprocessing.Pool(args.jobs) as pool:
        leads = pool.map(duel, tasks, chunksize=4)
    n = len(leads)
    mean = sum(leads) / n
    se = (sum((x - mean) ** 2 for x in leads) / (n - 1) / n) ** 0.5 if n > 1 else 0.0
    better = sum(1 for x in leads if x > 0) / n
    print(
        f"{args.a} vs {args.b}: lead={mean:.2f} se={se:.2f} pairs_won={better:.3f} "
        f"pairs={n} seconds={time.perf_counter() - start:.0f}"
    )


if __name__ == "__main__":
    main()
