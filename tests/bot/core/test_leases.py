"""The lease keeper's loop: it renews this process's leases every third of LEASE_SECONDS,
lets go of a game another process took and keeps going when a check fails."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from bot_harness import make_settings

from bot.core.leases import LeaseKeeper
from bot.core.model import LiveTable
from bot.settings import Settings
from bot.storage import GameRow, SeatRow, SqliteStore, Store, open_url


class FakeService:
    """The few things the keeper asks of the game service."""

    def __init__(self, settings: Settings, storage: Store) -> None:
        self.settings = settings
        self.storage = storage
        self.games: dict[int, Any] = {}
        self.forgotten: list[int] = []
        self.adopted: list[int] = []

    def forget(self, live: LiveTable, *, keep_tasks: bool = False) -> None:
        self.games.pop(live.id, None)
        self.forgotten.append(live.id)

    async def adopt(self, row: GameRow) -> None:
        self.games[row.id] = row
        self.adopted.append(row.id)


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[SqliteStore]:
    opened = await SqliteStore.open(tmp_path / "bot.db", owner="here", lease_seconds=2)
    yield opened
    await opened.close()


async def test_the_loop_renews_the_leases(tmp_path: Path, store: SqliteStore) -> None:
    service = FakeService(make_settings(tmp_path, lease_seconds=2), store)
    game_id = await store.create_lobby(5, 6, SeatRow(0, 10, "anna"), {}, "romme")
    service.games[game_id] = object()
    [before] = await store.leases([game_id])
    keeper = LeaseKeeper(service)
    assert keeper.period == pytest.approx(2 / 3)
    task = asyncio.create_task(keeper.keep())
    try:
        await asyncio.sleep(2.2)  # three renewals; the lease (whole seconds) moved on
        [after] = await store.leases([game_id])
        assert after.expires_at > before.expires_at
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)


async def test_a_failing_check_is_logged_and_the_loop_goes_on(
    tmp_path: Path, store: SqliteStore, caplog: pytest.LogCaptureFixture
) -> None:
    keeper = LeaseKeeper(FakeService(make_settings(tmp_path, lease_seconds=2), store))
    calls = 0

    async def failing_check() -> None:
        nonlocal calls
        calls += 1
        raise RuntimeError("database away")

    keeper.check = failing_check  # type: ignore[method-assign]
    task = asyncio.create_task(keeper.keep())
    with caplog.at_level(logging.ERROR, logger="bot.core.leases"):
        await asyncio.sleep(2.2)
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    assert calls >= 2
    assert "lease check failed" in caplog.text


async def test_a_game_taken_by_another_process_is_let_go(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'shared.db'}"
    here = await open_url(url, owner="here", lease_seconds=0)  # its leases run out at once
    there = await open_url(url, owner="there")
    try:
        service = FakeService(make_settings(tmp_path), here)
        game_id = await here.create_lobby(5, 6, SeatRow(0, 10, "anna"), {}, "romme")
        live = LiveTable.__new__(LiveTable)
        live.id = game_id
        service.games[game_id] = live
        assert await there.acquire_leases([game_id]) == [game_id]
        await LeaseKeeper(service).check()
        assert service.forgotten == [game_id] and service.games == {}
        assert service.adopted == []  # another process holds it: not taken back
    finally:
        await here.close()
        await there.close()
