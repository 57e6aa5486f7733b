"""Failover drill on PostgreSQL (issue 26): two bot processes for the same shard, the one
running a game killed with SIGKILL; how long until the standby makes the game's next move.

Both are real ``python -m bot`` processes (bench/drill.py), each logged in to its own
loopback fake of Discord, sharing one PostgreSQL database (a fresh schema, dropped after).
The game plays itself (a move every 0.1 s), so the first move after the kill is the standby's.

Figures per run, one ``key=value`` line each:
  failover_s     SIGKILL sent -> the standby's first move committed (polled every 10 ms)
  moves_before   moves committed when the kill was sent
  gaps           missing or doubled move numbers in the game's log afterwards (must be 0)

``--no-shard-locks`` runs the same drill with the leases alone (the fallback), to compare;
give it a short ``--lease-seconds``. Needs PostgreSQL: ``--database-url`` or
TEST_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/test).

    python bench/failover.py --runs 3
    python bench/failover.py --runs 1 --no-shard-locks --lease-seconds 18
"""

from __future__ import annotations

import argparse
import asyncio
import os
import secrets
import signal
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # allow ``python bench/failover.py`` without an install
    sys.path.insert(0, str(ROOT))

import asyncpg  # noqa: E402

from bench.drill import BotProcess, FakeDiscord, start_self_playing_game  # noqa: E402

DEFAULT_URL = os.environ.get("TEST_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/test")
MOVES = "SELECT count(*), coalesce(max(seq), 0), count(DISTINCT seq) FROM actions"
OWNERS = "SELECT DISTINCT owner FROM leases"


@dataclass(frozen=True, slots=True)
class Failover:
    seconds: float  # SIGKILL -> the standby's first move committed
    moves_before: int
    gaps: int  # moves missing or doubled in the log afterwards
    owners: tuple[str, ...]  # the leases' holders afterwards


async def drill(url: str, workdir: Path, *, shard_locks: bool, lease_seconds: int) -> Failover:
    """One kill: start the primary and the standby, let the game play, SIGKILL the primary."""
    fakes = [FakeDiscord(), FakeDiscord()]
    for fake in fakes:
        await fake.start()
    common = {
        "DATABASE_URL": url,
        "SHARD_IDS": "0",
        "LEASE_SECONDS": str(lease_seconds),
        "SHARD_LOCKS": str(shard_locks).lower(),
    }
    primary = BotProcess(fakes[0], workdir / "primary.log", INSTANCE_NAME="primary", **common)
    standby: BotProcess | None = None
    watcher = await asyncpg.connect(url)
    try:
        await primary.wait_for_log("connected as")
        await start_self_playing_game(fakes[0])
        await until_moves(watcher, 5)
        standby = BotProcess(fakes[1], workdir / "standby.log", INSTANCE_NAME="standby", **common)
        await standby.wait_for_log("connected as")
        killed = primary.signal(signal.SIGKILL)
        primary.process.wait()
        before = (await watcher.fetchrow(MOVES))[0]  # all the primary ever committed
        after = await until_moves(watcher, before + 1, timeout=lease_seconds * 2 + 30, step=0.01)
        seconds = time.monotonic() - killed
        await until_moves(watcher, after + 3, timeout=30)  # it goes on playing
        count, highest, distinct = await watcher.fetchrow(MOVES)
        owners = tuple(sorted(row["owner"] for row in await watcher.fetch(OWNERS)))
        return Failover(seconds, before, (highest - distinct) + (count - distinct), owners)
    finally:
        await watcher.close()
        for process in (primary, standby):
            if process is not None:
                process.stop()
        for fake in fakes:
            await fake.stop()


async def until_moves(
    db: asyncpg.Connection, at_least: int, timeout: float = 60.0, step: float = 0.05
) -> int:
    """Wait until the log holds ``at_least`` moves; how many it holds then."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        count = int((await db.fetchrow(MOVES))[0])
        if count >= at_least:
            return count
        await asyncio.sleep(step)
    raise AssertionError(f"fewer than {at_least} moves after {timeout:.0f} s")


def with_schema(url: str, schema: str) -> str:
    """The URL with its tables in ``schema`` (asyncpg sends search_path as a setting)."""
    parts = urlsplit(url)
    query = [*parse_qsl(parts.query), ("search_path", schema)]
    return urlunsplit(parts._replace(query=urlencode(query)))


async def in_fresh_schema(url: str, args: argparse.Namespace) -> list[Failover]:
    admin = await asyncpg.connect(url, timeout=5)
    results = []
    try:
        for _ in range(args.runs):
            schema = f"failover_{secrets.token_hex(6)}"
            await admin.execute(f"CREATE SCHEMA {schema}")
            try:
                with tempfile.TemporaryDirectory() as workdir:
                    results.append(
                        await drill(
                            with_schema(url, schema),
                            Path(workdir),
                            shard_locks=not args.no_shard_locks,
                            lease_seconds=args.lease_seconds,
                        )
                    )
            finally:
                await admin.execute(f"DROP SCHEMA {schema} CASCADE")
    finally:
        await admin.close()
    return results


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database-url", default=DEFAULT_URL)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--lease-seconds", type=int, default=60)
    parser.add_argument("--no-shard-locks", action="store_true")
    args = parser.parse_args(argv)
    try:
        results = asyncio.run(in_fresh_schema(args.database_url, args))
    except (OSError, asyncpg.PostgresError, TimeoutError) as error:
        print(f"skipped: no PostgreSQL at {args.database_url} ({error!r})")
        return
    for run, result in enumerate(results, 1):
        print(
            f"run={run} failover_s={result.seconds:.2f} moves_before={result.moves_before} "
            f"gaps={result.gaps} owners={','.join(result.owners)}"
        )
    worst = max(r.seconds for r in results)
    mode = "leases only" if args.no_shard_locks else "shard locks"
    print(f"summary: {mode}, LEASE_SECONDS={args.lease_seconds}, worst failover_s={worst:.2f}")


if __name__ == "__main__":
    main()
