"""Closed lobbies are pruned and the SQLite file is its owner's alone (issue 25)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from bot.core.pruning import prune_once
from bot.storage import SeatRow, SqliteStore, Store

GUILD, ANNA, BEN = 1, 11, 12


async def test_expired_and_cancelled_lobbies_are_pruned_and_nothing_else(store: Store) -> None:
    expired = await store.create_lobby(GUILD, 1, SeatRow(0, ANNA, "anna"), {}, "romme")
    cancelled = await store.create_lobby(GUILD, 2, SeatRow(0, ANNA, "anna"), {}, "romme")
    waiting = await store.create_lobby(GUILD, 3, SeatRow(0, BEN, "ben"), {}, "romme")
    played = await store.create_lobby(GUILD, 4, SeatRow(0, BEN, "ben"), {}, "romme")
    await store.start_game(played, [SeatRow(0, BEN, "ben"), SeatRow(1, ANNA, "anna")], "{}")
    await store.close_game(played, "abandoned")
    await store.close_game(expired, "expired")
    await store.close_game(cancelled, "cancelled")

    assert await prune_once(store) == 2
    assert await store.game(expired) is None and await store.game(cancelled) is None
    kept = [await store.game(g) for g in (waiting, played)]
    assert [row.status for row in kept if row is not None] == ["lobby", "abandoned"]
    assert await prune_once(store) == 0


async def test_the_sqlite_file_is_readable_by_its_owner_only(tmp_path: Path) -> None:
    old = os.umask(0o022)  # a usual umask would leave a new file readable by everyone
    try:
        store = await SqliteStore.open(tmp_path / "data" / "bot.db")
    finally:
        os.umask(old)
    await store.create_lobby(GUILD, 1, SeatRow(0, ANNA, "anna"), {}, "romme")
    await store.close()
    assert (tmp_path / "data" / "bot.db").exists()
    for name in ("bot.db", "bot.db-wal", "bot.db-shm"):
        path = tmp_path / "data" / name
        if path.exists():
            assert stat.S_IMODE(path.stat().st_mode) & 0o077 == 0, name
