"""``python -m bot.storage copy``: a SQLite database moves into PostgreSQL whole, and the bot
reads the same games, rounds, leaderboards, stats and ratings from it."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from pgtools import allow_pg, pg_schema
from test_storage import ANNA, BEN, CARL, GUILD, play_sessions

from bot.ops.copy import CopyError, copy_database
from bot.ops.dbtools import main
from bot.storage import ActionRow, SeatRow, SessionResult, Store, open_url
from bot.storage.sql import COPIED_TABLES

pytestmark = allow_pg


@pytest.fixture
async def target() -> AsyncIterator[str]:
    async with pg_schema() as url:
        yield url


async def fill(url: str) -> None:
    store = await open_url(url)
    try:
        await play_sessions(store)
        rated = await store.create_lobby(GUILD, 301, SeatRow(0, ANNA, "anna"), {}, "wiener")
        await store.start_game(rated, [SeatRow(0, ANNA, "anna"), SeatRow(1, BEN, "ben")], "{}")
        await store.save_action(
            rated,
            ActionRow(1, "{}"),
            winner=1,
            final_totals=(3, 9),
            result=SessionResult((2, 1), True),
        )
        await store.set_meta("commands_fingerprint", "abc")
    finally:
        await store.close()


async def everything(store: Store) -> tuple[object, ...]:
    games = await store.open_games()
    return (
        [(row.id, row.status, row.state, row.seats, row.options) for row in games],
        [await store.round_rows(game_id) for game_id in range(1, 10)],
        [
            await store.leaderboard(GUILD, key, lower_is_better=lower)
            for key in ("treppenromme", "romme", "wiener")
            for lower in (False, True)
        ],
        [
            await store.player_stats(GUILD, user, key)
            for user in (ANNA, BEN, CARL)
            for key in ("treppenromme", "romme")
        ],
        await store.rating_board(GUILD, "wiener", min_sessions=1),
        await store.get_meta("commands_fingerprint"),
        [await store.game(game_id) for game_id in range(1, 10)],
    )


async def test_sqlite_moves_into_postgresql_whole(tmp_path: Path, target: str) -> None:
    source = f"sqlite:///{tmp_path / 'bot.db'}"
    await fill(source)
    report = await copy_database(source, target)
    assert [c.table for c in report] == list(COPIED_TABLES)
    counts = {c.table: c.source for c in report}
    assert all(c.source == c.target for c in report)
    assert counts["games"] == 8 and counts["seats"] == 16 and counts["ratings"] == 2
    assert counts["rounds"] == 4 and counts["round_scores"] == 10 and counts["meta"] == 1

    before, after = await open_url(source), await open_url(target)
    try:
        assert await everything(before) == await everything(after)
        # New games on the new database number on after the copied ones.
        new = await after.create_lobby(GUILD, 999, SeatRow(0, ANNA, "anna"), {}, "romme")
        assert new == 9
    finally:
        await before.close()
        await after.close()


async def test_a_copy_goes_only_into_an_empty_database(tmp_path: Path, target: str) -> None:
    source = f"sqlite:///{tmp_path / 'bot.db'}"
    await fill(source)
    await copy_database(source, target)
    with pytest.raises(CopyError, match="already holds games"):
        await copy_database(source, target)


async def test_the_command_copies_and_reports(
    tmp_path: Path, target: str, capsys: pytest.CaptureFixture[str]
) -> None:
    source = f"sqlite:///{tmp_path / 'bot.db'}"
    await fill(source)
    # main() runs its own event loop: run it beside this test's loop, in a thread.
    assert await asyncio.to_thread(main, ["copy", "--from", source, "--to", target]) == 0
    out = capsys.readouterr().out
    assert "games" in out and "copy complete" in out
    assert await asyncio.to_thread(main, ["copy", "--from", source, "--to", target]) == 1
    assert "already holds games" in capsys.readouterr().err
