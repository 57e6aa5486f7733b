"""Benchmark replays and ratings: for a long seeded session of every game, reading the action
log into a ``Replay``, writing the readable record, rebuilding the table at the last step (a
Back/Next click replays from the start) and drawing a step with its picture; and one rating
update of a four-player session.

Prints one line per game, then as its last line:
replay_text_ms_max=F step_ms_max=F draw_step_ms_max=F rate_us=F
Targets: a click (rebuild + draw) well under 1 s in a worker thread; the record under 1 s.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # allow ``python bench/replay.py`` without an install
    sys.path.insert(0, str(ROOT))

from bot.ratings import Rating, rate  # noqa: E402
from bot.render import clear_caches  # noqa: E402
from bot.stats.replays import draw_step  # noqa: E402
from bot.storage import FinishedSession  # noqa: E402
from engine.arena import play_session  # noqa: E402
from engine.registry import game_keys  # noqa: E402
from engine.replay import Replay  # noqa: E402

RUNS = 5


def median_ms(work: Callable[[], object], runs: int = RUNS) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def longest_session(key: str) -> str:
    """The longest of a few seeded four-player sessions, as stored."""
    states = [
        play_session(key, ["normal", "normal", "random", "random"], seed).to_json()
        for seed in range(3)
    ]
    return max(states, key=len)


def measure(key: str) -> tuple[float, float, float]:
    """(record text, last step, draw step) in ms for the game ``key``; prints its line."""
    state = longest_session(key)
    replay = Replay(state)
    session = FinishedSession(1, 1, 1, key, state, "2026-01-01T00:00:00+00:00", True, ())
    middle = replay.steps // 2

    def draw() -> object:
        clear_caches()  # a click draws a table nobody drew before
        return draw_step(session, replay, middle, True)

    load = median_ms(lambda: Replay(state))
    text = median_ms(lambda: Replay(state).text())
    step = median_ms(lambda: replay.game_at(replay.steps))
    drawn = median_ms(draw)
    print(
        f"{key}: actions={replay.steps} rounds={len(replay.rounds())} load_ms={load:.1f} "
        f"record_text_ms={text:.1f} last_step_ms={step:.1f} draw_step_ms={drawn:.1f}"
    )
    return text, step, drawn


def main() -> None:
    text_ms, step_ms, draw_ms = zip(*(measure(key) for key in game_keys()), strict=True)
    players = [Rating(), Rating(27.0, 5.0, 4), Rating(22.0, 6.0, 2), Rating(30.0, 3.0, 20)]
    rate_us = median_ms(lambda: rate(players, [2, 1, 3, 3]), runs=200) * 1000
    print(
        f"replay_text_ms_max={max(text_ms):.1f} step_ms_max={max(step_ms):.1f} "
        f"draw_step_ms_max={max(draw_ms):.1f} rate_us={rate_us:.0f}"
    )


if __name__ == "__main__":
    main()
