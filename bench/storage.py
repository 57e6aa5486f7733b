"""Storage speed: committed actions per second and the p99 commit time, SQLite against
PostgreSQL, with 1, 10 and 100 games committing at once (each game one action after another,
as players do; the action logs are a real session's).

PostgreSQL: ``--pg URL`` or TEST_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/test);
the benchmark works in a schema of its own and drops it. Without a server it measures SQLite
only and says so.

Prints, as its last line: ``sqlite_n1_actions_per_s=N sqlite_n1_commit_p99_ms=F ...`` and the
same keys with ``pg_`` for PostgreSQL, for n1, n10 and n100.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import secrets
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import asyncpg

from bot.core.restore import action_text
from bot.storage import SeatRow, Store, open_url
from bot.storage.rows import ActionRow
from engine import Phase, Ruleset

CONCURRENCY = (1, 10, 100)
DEFAULT_PG = "postgresql://postgres@127.0.0.1:5432/test"


@dataclass(frozen=True, slots=True)
class Figures:
    backend: str
    games: int
    commits: int
    seconds: float
    p50_ms: float
    p99_ms: float

    @property
    def per_second(self) -> float:
        return self.commits / self.seconds

    def keys(self) -> str:
        prefix = f"{self.backend}_n{self.games}"
        return (
            f"{prefix}_actions_per_s={self.per_second:.0f} {prefix}_commit_p99_ms={self.p99_ms:.2f}"
        )


def session_actions(actions: int = 300) -> tuple[str, list[tuple[str, bytes | None]]]:
    """A random four-player session: its start (what ``start_game`` stores) and each move as a
    commit stores it (the action's JSON, with the checkpoint when it dealt a new round)."""
    rng = random.Random(5)
    game = Ruleset(target=500).new_game(["A", "B", "C", "D"], 5)
    start = game.to_json()
    moves: list[tuple[str, bytes | None]] = []
    while len(moves) < actions and game.phase is not Phase.OVER:
        round_number = game.round_number
        action = rng.choice(game.legal_actions())
        game.apply(action)
        dealt = game.round_number != round_number and game.phase is not Phase.OVER
        moves.append((action_text(action), game.checkpoint() if dealt else None))
    return start, moves


async def measure(store: Store, backend: str, games: int, seconds: float) -> Figures:
    start, moves = session_actions()
    ids = []
    for n in range(games):
        host = SeatRow(0, 1000 + n, "host")
        game_id = await store.create_lobby(1, 10_000 + n, host, {}, "treppenromme")
        await store.start_game(game_id, [host, SeatRow(1, 2000 + n, "guest")], start)
        ids.append(game_id)
    latencies: list[float] = []
    deadline = time.perf_counter() + seconds

    async def play(game_id: int, offset: int) -> None:
        seq = 0
        while time.perf_counter() < deadline:
            seq += 1
            text, checkpoint = moves[(offset + seq) % len(moves)]
            began_at = time.perf_counter()
            await store.save_action(game_id, ActionRow(seq, text, checkpoint))
            latencies.append((time.perf_counter() - began_at) * 1000)

    began = time.perf_counter()
    await asyncio.gather(*(play(game_id, n * 7) for n, game_id in enumerate(ids)))
    elapsed = time.perf_counter() - began
    for game_id in ids:
        await store.close_game(game_id, "abandoned")
    ordered = sorted(latencies)
    return Figures(
        backend,
        games,
        len(latencies),
        elapsed,
        statistics.median(ordered),
        ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))],
    )


async def sqlite_figures(seconds: float) -> list[Figures]:
    results = []
    with tempfile.TemporaryDirectory() as folder:
        for games in CONCURRENCY:
            store = await open_url(f"sqlite:///{Path(folder) / f'bench{games}.db'}")
            try:
                results.append(await measure(store, "sqlite", games, seconds))
            finally:
                await store.close()
    return results


async def pg_figures(url: str, seconds: float) -> list[Figures]:
    schema = f"bench_{secrets.token_hex(4)}"
    admin = await asyncpg.connect(url, timeout=5)
    try:
        await admin.execute(f"CREATE SCHEMA {schema}")
        parts = urlsplit(url)
        query = urlencode([*parse_qsl(parts.query), ("search_path", schema)])
        schema_url = urlunsplit(parts._replace(query=query))
        results = []
        for games in CONCURRENCY:
            store = await open_url(schema_url)
            try:
                results.append(await measure(store, "pg", games, seconds))
            finally:
                await store.close()
        return results
    finally:
        await admin.execute(f"DROP SCHEMA {schema} CASCADE")
        await admin.close()


async def run(pg_url: str, seconds: float) -> list[Figures]:
    figures = await sqlite_figures(seconds)
    try:
        figures += await pg_figures(pg_url, seconds)
    except (OSError, asyncpg.PostgresError, TimeoutError) as error:
        print(f"postgresql: no server at {pg_url} ({error!r}); SQLite figures only")
    return figures


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pg", default=os.environ.get("TEST_DATABASE_URL", DEFAULT_PG))
    parser.add_argument("--duration", type=float, default=3.0, help="seconds per measurement")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    figures = asyncio.run(run(args.pg, args.duration))
    for f in figures:
        print(
            f"{f.backend:<6} games={f.games:<3} commits={f.commits:<6} "
            f"actions/s={f.per_second:8.0f}  commit p50={f.p50_ms:6.2f} ms  "
            f"p99={f.p99_ms:6.2f} ms"
        )
    print(" ".join(f.keys() for f in figures))


if __name__ == "__main__":
    main()
