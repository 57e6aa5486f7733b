"""Burst benchmark (issue 25): one member fires 200 clicks at once; how long does a member of
another server wait for their own click meanwhile?

The real bot runs under SimCord in real time (as bench/load.py: ``ConcurrentEnv``), with a
temporary SQLite database. Two servers each have a running Treppenrommé table. The member of
server B clicks their table's Scores button one click at a time (each waits for its answer):
first alone (``alone``), then while the member of server A clicks their own Scores button 200
times at once (``burst``). Runs once with the per-member limit as configured by default
(CLICK_BURST, CLICKS_PER_SECOND) and once with it off.

Figures, one ``key=value`` line per run:
  other_alone_p50_ms/other_alone_max_ms   B's click -> answer with nobody else clicking
  other_burst_p50_ms/other_burst_max_ms   the same while A's burst is under way
  burst_ms                                A's 200 clicks -> the last of their answers
  burst_refused                           A's clicks answered "wait a moment" (once a burst)
  burst_unanswered                        A's clicks left unanswered after that refusal
Usage:  python bench/burst.py [--burst 200] [--clicks 20]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # allow ``python bench/burst.py`` without an install
    sys.path.insert(0, str(ROOT))

from bench.loadsim import Answers, ConcurrentEnv, quantile  # noqa: E402
from bot.app import create_bot  # noqa: E402
from bot.core import collector  # noqa: E402
from bot.settings import Settings  # noqa: E402

ANSWER_TIMEOUT = 60.0
UNANSWERED_AFTER = 3.0  # Discord gives up on an interaction after three seconds


async def answered(answers: Answers, act: Any) -> tuple[Any, float]:
    """Do ``act`` (a SimCord call) and wait for the bot's answer; (result, seconds)."""
    start = time.perf_counter()
    result = await act()
    return result, await answers.wait(result, ANSWER_TIMEOUT) - start


async def running_table(
    env: Any, answers: Answers, name: str, watchers: int = 0
) -> tuple[list[Any], Any]:
    """A server with a started two-member table; (the host and ``watchers`` more members
    of the server, the table)."""
    guild = env.create_guild(name=name)
    channel = guild.create_text_channel("cards")
    host, guest = (guild.add_member(env.create_user(f"{name}{i}")) for i in (1, 2))
    others = [guild.add_member(env.create_user(f"{name}w{i}")) for i in range(watchers)]
    opened, _ = await answered(answers, lambda: host.slash(channel, "treppe new treppenromme"))
    lobby = opened.response
    await answered(answers, lambda: guest.click(lobby, label="Join"))
    started, _ = await answered(answers, lambda: host.click(lobby, label="Start"))
    return [host, *others], started.response


async def other_clicks(answers: Answers, members: list[Any], table: Any) -> list[float]:
    """One click each, one after another: no member of B comes near their own limit."""
    times = []
    for member in members:
        _, seconds = await answered(answers, lambda m=member: m.click(table, label="Scores"))
        times.append(seconds)
    return times


async def run(limited: bool, burst: int, clicks: int) -> dict[str, float]:
    answers = Answers()
    answers.install()
    try:
        with tempfile.TemporaryDirectory(prefix="burstbench") as tmp:
            values: dict[str, Any] = {"database_path": Path(tmp) / "bot.db", "shard_count": 1}
            values |= {"render_images": False, "default_turn_timer": 0, "computer_delay": 0.0}
            if not limited:
                values["clicks_per_second"] = 0.0
            env = ConcurrentEnv(create_bot(Settings(_env_file=None, **values)))  # type: ignore[call-arg]
            env.check_errors = False
            await env.start()
            env.run_natively()
            env.fast_bookkeeping()
            try:
                return await _measure(env, answers, burst, clicks)
            finally:
                await env.shutdown()
                await env.bot.close()
    finally:
        answers.uninstall()
        collector.uninstall()


async def _measure(env: Any, answers: Answers, burst: int, clicks: int) -> dict[str, float]:
    (burster,), burst_table = await running_table(env, answers, "a")
    others, other_table = await running_table(env, answers, "b", watchers=2 * clicks + 3)
    await other_clicks(answers, others[:3], other_table)  # warm up
    alone = await other_clicks(answers, others[3 : 3 + clicks], other_table)

    last_answer = [0.0]

    async def one_burst_click() -> Any:
        result = await burster.click(burst_table, label="Scores")
        try:
            last_answer[0] = max(last_answer[0], await answers.wait(result, UNANSWERED_AFTER))
        except TimeoutError:
            return None  # left unanswered by the limit
        return result

    start = time.perf_counter()
    storm = asyncio.gather(*(one_burst_click() for _ in range(burst)))
    await asyncio.sleep(0)  # the burst is sent first
    during = await other_clicks(answers, others[3 + clicks :], other_table)
    results = await storm
    burst_seconds = last_answer[0] - start
    refused = sum(
        1
        for r in results
        if r is not None and r.response is not None and "faster than" in (r.response.content or "")
    )
    ms = 1000.0
    return {
        "other_alone_p50_ms": quantile(alone, 0.5) * ms,
        "other_alone_max_ms": max(alone) * ms,
        "other_burst_p50_ms": quantile(during, 0.5) * ms,
        "other_burst_max_ms": max(during) * ms,
        "burst_ms": burst_seconds * ms,
        "burst_refused": float(refused),
        "burst_unanswered": float(sum(1 for r in results if r is None)),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--burst", type=int, default=200)
    parser.add_argument("--clicks", type=int, default=20)
    args = parser.parse_args(argv)
    for limited in (True, False):
        figures = asyncio.run(run(limited, args.burst, args.clicks))
        words = " ".join(f"{key}={value:.1f}" for key, value in figures.items())
        print(f"limit={'on' if limited else 'off'} burst={args.burst} {words}", flush=True)


if __name__ == "__main__":
    main()
