"""A table's own thread as both backends keep it: the thread is its games' channel, its
parent channel and line are stored beside, and which game the line shows."""

from __future__ import annotations

from bot.storage import ActionRow, SeatRow, Store, TableThread, migrations

GUILD = 5
ANNA, BEN = 10, 11
PARENT, THREAD, OTHER_THREAD, LINE = 101, 9001, 9002, 7001


async def test_the_migration_is_numbered_after_the_others(store: Store) -> None:
    assert await store.schema_version() == len(migrations.MIGRATIONS) >= 8


async def test_a_thread_keeps_its_parent_line_and_newest_game(store: Store) -> None:
    assert await store.table_thread(THREAD) is None
    await store.add_table_thread(THREAD, GUILD, PARENT, LINE)
    assert await store.table_thread(THREAD) == TableThread(THREAD, GUILD, PARENT, LINE)
    anna, ben = SeatRow(0, ANNA, "anna"), SeatRow(1, BEN, "ben")

    first = await store.create_lobby(GUILD, THREAD, anna, {}, "treppenromme")
    found = await store.table_thread(THREAD)
    assert found is not None and (found.latest_game_id, found.latest_status) == (first, "lobby")
    assert await store.threads_to_show() == []  # still open: nothing to show
    # Many tables under one channel: each thread is a channel of its own, none is busy.
    await store.add_table_thread(OTHER_THREAD, GUILD, PARENT, LINE + 1)
    second = await store.create_lobby(GUILD, OTHER_THREAD, ben, {}, "treppenromme")
    await store.close_game(second, "cancelled")

    await store.start_game(first, [anna, ben], "{}")
    await store.save_action(first, ActionRow(1, "{}"), winner=0, final_totals=(60, 12))
    due = await store.threads_to_show()
    assert [(t.thread_id, t.latest_game_id, t.latest_status) for t in due] == [
        (THREAD, first, "finished"),
        (OTHER_THREAD, second, "cancelled"),
    ]
    assert [t.thread_id for t in await store.threads_to_show(OTHER_THREAD)] == [OTHER_THREAD]

    await store.set_thread_shown(THREAD, first)
    assert [t.thread_id for t in await store.threads_to_show()] == [OTHER_THREAD]
    shown = await store.table_thread(THREAD)
    assert shown is not None and shown.shown_game_id == first
    # A rematch in the thread: its newest game again, shown once it closes.
    rematch = await store.create_lobby(GUILD, THREAD, ben, {}, "treppenromme")
    await store.close_game(rematch, "expired")
    assert [t.latest_game_id for t in await store.threads_to_show(THREAD)] == [rematch]


async def test_sessions_in_a_thread_count_where_its_channel_is_seen(store: Store) -> None:
    """An archived thread is in no list of the server's channels: its sessions count for
    whoever sees the channel it was opened under."""
    await store.add_table_thread(THREAD, GUILD, PARENT, LINE)
    anna, ben = SeatRow(0, ANNA, "anna"), SeatRow(1, BEN, "ben")
    game = await store.create_lobby(GUILD, THREAD, anna, {}, "treppenromme")
    await store.start_game(game, [anna, ben], "{}")
    await store.save_action(game, ActionRow(1, "{}"), winner=0, final_totals=(60, 12))

    def played(rows: list[object]) -> set[int]:
        return {row.user_id for row in rows}  # type: ignore[attr-defined]

    assert played(await store.leaderboard(GUILD, "treppenromme", channels=[PARENT])) == {ANNA, BEN}
    assert played(await store.leaderboard(GUILD, "treppenromme", channels=[THREAD])) == {ANNA, BEN}
    assert await store.leaderboard(GUILD, "treppenromme", channels=[PARENT + 1]) == []
    stats = await store.player_stats(GUILD, ANNA, "treppenromme", channels=[PARENT])
    assert (stats.played, stats.wins) == (1, 1)
