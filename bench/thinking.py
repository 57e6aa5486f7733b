"""What the computer's thinking costs the other tables' clicks (``COMPUTER_PROCESSES``).

``python bench/thinking.py [--moves 120] [--game treppenromme] [--strength hard] [--seed 1]``

The event loop runs a steady stream of click-like steps, each five hand-offs to a thread and
back (as a click hands its commit to the database's thread and its answer to the network),
while the bot's ``bot.core.thinking`` works out ``--moves`` computer moves, one after the
other, from real positions of the game: first with nothing else running (the baseline), then
with the moves in threads (``COMPUTER_PROCESSES=0``), then in one worker process (``=1``, the
default). Prints, for each, the steps' p50/p99/max in ms and the moves' wall time; last line
``step_p99_ms_none=F step_p99_ms_threads=F step_p99_ms_process=F …``. A move's own CPU time
is the same in all three (``bench/ai.py`` prints it); what differs is whether it holds the
interpreter lock the loop needs.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.ai import percentile
from bot.core import thinking
from engine.actions import Action
from engine.protocol import BasePrivateView
from engine.registry import get_spec

HAND_OFFS = 5  # thread hand-offs a click-like step makes
STEP_GAP = 0.005  # seconds between two steps (about 200 a second when nothing waits)


def positions(key: str, count: int, seed: int) -> list[tuple[BasePrivateView, list[Action]]]:
    """``count`` positions of ``key`` from games two normal players play."""
    spec = get_spec(key)
    seen: list[tuple[BasePrivateView, list[Action]]] = []
    game_seed = seed
    while len(seen) < count:
        game = spec.new_game(None, ["Anna", "Ben"], game_seed)
        players = [spec.make_player("normal", game_seed + seat) for seat in range(2)]
        while len(seen) < count and not game.is_over and not game.results:
            seat = game.to_act
            view, legal = game.private_view(seat), list(game.legal_actions())
            seen.append((view, legal))
            game.apply(players[seat].choose(view, legal))
        game_seed += 1
    return seen


async def steps(stop: asyncio.Event) -> list[float]:
    """Milliseconds of each click-like step until ``stop``."""
    taken: list[float] = []
    while not stop.is_set():
        start = time.perf_counter()
        for _ in range(HAND_OFFS):
            await asyncio.to_thread(int)
        taken.append((time.perf_counter() - start) * 1000)
        await asyncio.sleep(STEP_GAP)
    return taken


async def measure(mode: str, args: argparse.Namespace) -> tuple[list[float], float]:
    """The steps' times, and the moves' wall seconds, with the moves made as ``mode`` says."""
    work = positions(args.game, args.moves, args.seed)
    spec = get_spec(args.game)
    if mode != "none":
        thinking.configure(1 if mode == "process" else 0)
        player = spec.make_player(args.strength, args.seed)
        await thinking.choose(args.game, player, *work[0])  # the worker started: not timed
    stop = asyncio.Event()
    stream = asyncio.create_task(steps(stop))
    start = time.perf_counter()
    if mode == "none":
        await asyncio.sleep(args.baseline)
    else:
        player = spec.make_player(args.strength, args.seed)
        for view, legal in work:
            _, player = await thinking.choose(args.game, player, view, legal)
    wall = time.perf_counter() - start
    stop.set()
    return await stream, wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=120)
    parser.add_argument("--game", default="treppenromme")
    parser.add_argument("--strength", default="hard")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--baseline", type=float, default=5.0, help="seconds of steps alone")
    args = parser.parse_args()
    figures: list[str] = []
    for mode in ("none", "threads", "process"):
        taken, wall = asyncio.run(measure(mode, args))
        p50, p99 = percentile(taken, 50), percentile(taken, 99)
        moves = "" if mode == "none" else f", {args.moves} moves in {wall:.1f} s"
        print(
            f"{mode}: {len(taken)} steps, p50 {p50:.2f} ms, p99 {p99:.2f} ms, "
            f"max {max(taken):.1f} ms{moves}",
            flush=True,
        )
        figures += [f"step_p50_ms_{mode}={p50:.2f}", f"step_p99_ms_{mode}={p99:.2f}"]
    thinking.configure(0)
    print(" ".join(figures))


if __name__ == "__main__":
    main()
