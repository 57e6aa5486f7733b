"""Failover on PostgreSQL with the per-shard advisory locks (bot/ops/shardlock.py): two
real bot processes for the same shard, the one playing killed with SIGKILL. The standby makes
the next move within 3 s (the leases, 60 s, would take a minute), nothing committed is lost
and the game's log has no gap or double."""

from __future__ import annotations

from pathlib import Path

import pytest
from pgtools import PG_HOST, pg_schema

from bench.failover import drill

# pytest-socket: the fake Discords on this machine and the database, nothing else.
pytestmark = pytest.mark.allow_hosts(sorted({"127.0.0.1", PG_HOST}))

GOAL_SECONDS = 3.0


async def test_standby_takes_over_within_three_seconds_of_a_kill(tmp_path: Path) -> None:
    async with pg_schema() as url:
        result = await drill(url, tmp_path, shard_locks=True, lease_seconds=60)
    print(f"SIGKILL to the standby's first move: {result.seconds:.2f} s")
    assert result.seconds < GOAL_SECONDS
    assert result.moves_before >= 5
    assert result.gaps == 0
    assert result.owners == ("standby",)
