"""Every store method on both backends: SQLite and PostgreSQL keep and read back the same."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest
from pgtools import BACKENDS, PG_HOST, allow_pg, pg_schema

from bot.storage import (
    ActionRow,
    ChannelBusy,
    LeaseLost,
    RoundRecord,
    RoundScoreRow,
    SeatRow,
    Store,
    StoreUnavailable,
    migrations,
    open_url,
    utc_now,
)

GUILD = 5
ANNA, BEN, CARL = 10, 11, 12


async def play_sessions(store: Store) -> dict[str, int]:
    """The same history on any backend: two finished sessions of one game, one of another,
    one abandoned, one cancelled lobby and one still playing. Returns the games' ids."""
    anna, ben, carl = SeatRow(0, ANNA, "anna"), SeatRow(1, BEN, "ben"), SeatRow(2, CARL, "carl")
    bot = SeatRow(2, None, "Computer", strength="good")
    ids: dict[str, int] = {}

    first = await store.create_lobby(GUILD, 101, anna, {"turn_timer": 0}, "treppenromme")
    await store.start_game(first, [anna, ben, bot], '{"n": 1}')
    await store.save_action(
        first,
        ActionRow(1, '{"t":"a"}'),
        [RoundRecord(1, 0, True, (30, 5, 0), (12, 0, 0), (42, 5, 0))],
    )
    await store.save_action(
        first,
        ActionRow(2, '{"t":"b"}'),
        [RoundRecord(2, 1, False, (10, 40, 3), (0, 9, 0), (52, 54, 3))],
        winner=1,
        final_totals=(52, 54, 3),
    )
    ids["first"] = first

    second = await store.create_lobby(GUILD, 101, ben, {"turn_timer": 60}, "treppenromme")
    await store.start_game(second, [ben, anna], "{}")
    await store.save_action(
        second,
        ActionRow(1, "{}"),
        [RoundRecord(1, None, False, (7, 8), (0, 0), (7, 8))],
        winner=1,
        final_totals=(7, 8),
    )
    ids["second"] = second

    romme = await store.create_lobby(GUILD, 102, carl, {}, "romme")
    await store.start_game(romme, [carl, anna], "{}")
    await store.save_action(
        romme,
        ActionRow(1, "{}"),
        [RoundRecord(1, 0, True, (0, 25), (0, 0), (0, 25))],
        winner=0,
        final_totals=(0, 25),
    )
    ids["romme"] = romme

    abandoned = await store.create_lobby(GUILD, 103, anna, {}, "treppenromme")
    await store.start_game(abandoned, [anna, carl], "{}")
    assert await store.close_game(abandoned, "abandoned")
    ids["abandoned"] = abandoned

    cancelled = await store.create_lobby(GUILD, 104, carl, {}, "treppenromme")
    assert await store.close_game(cancelled, "cancelled")
    ids["cancelled"] = cancelled

    playing = await store.create_lobby(GUILD, 105, ben, {"turn_timer": 30}, "romme")
    await store.start_game(playing, [ben, carl], '{"actions": []}')
    ids["playing"] = playing

    # Another server's game never shows in this one's leaderboard.
    other = await store.create_lobby(GUILD + 1, 201, anna, {}, "treppenromme")
    await store.start_game(other, [anna, ben], "{}")
    await store.save_action(other, ActionRow(1, "{}"), winner=0, final_totals=(99, 0))
    return ids


async def test_migrations_reach_the_same_number(store: Store) -> None:
    assert await store.schema_version() == len(migrations.MIGRATIONS)


async def test_lobby_seats_and_messages(store: Store) -> None:
    host = SeatRow(0, ANNA, "anna")
    game_id = await store.create_lobby(GUILD, 7, host, {"turn_timer": 90, "target": 500}, "romme")
    with pytest.raises(ChannelBusy):
        await store.create_lobby(GUILD, 7, SeatRow(0, BEN, "ben"), {}, "romme")
    (row,) = await store.open_games()
    assert row.id == game_id
    assert (row.guild_id, row.channel_id, row.host_id, row.status) == (GUILD, 7, ANNA, "lobby")
    assert row.options == {"turn_timer": 90, "target": 500}
    assert row.state is None and row.seats == (host,)
    assert abs(row.created_at - utc_now()) < timedelta(minutes=1)

    seats = [host, SeatRow(1, BEN, "ben"), SeatRow(2, None, "Computer", strength="easy")]
    await store.set_seats(game_id, seats)
    await store.set_table_message(game_id, 1234567890123456789)
    row = await store.game(game_id)
    assert row is not None and row.seats == tuple(seats)
    assert row.table_message_id == 1234567890123456789

    await store.start_game(game_id, seats[:2], "state-1")
    away = replace(seats[1], away=True, departed=True, timeouts=2)
    await store.update_seat(game_id, away)
    row = await store.game(game_id)
    assert row is not None
    assert (row.status, row.state) == ("playing", "state-1")
    assert row.seats == (host, away)
    assert await store.game(game_id + 1000) is None


async def test_a_closed_game_frees_its_channel(store: Store) -> None:
    game_id = await store.create_lobby(GUILD, 7, SeatRow(0, ANNA, "anna"), {}, "romme")
    assert await store.close_game(game_id, "expired")
    assert not await store.close_game(game_id, "abandoned")  # no longer open
    row = await store.game(game_id)
    assert row is not None and row.status == "expired"
    again = await store.create_lobby(GUILD, 7, SeatRow(0, BEN, "ben"), {}, "romme")
    assert again != game_id


async def test_actions_rounds_and_the_end_are_stored(store: Store) -> None:
    ids = await play_sessions(store)
    first = await store.game(ids["first"])
    assert first is not None and (first.status, first.state) == ("finished", '{"n": 1}')
    # The header as started, and each action appended: the whole log reads back in order.
    assert await store.game_log(ids["first"]) == '{"n":1,"actions":[{"t":"a"},{"t":"b"}]}'
    assert await store.round_rows(ids["first"]) == [
        RoundScoreRow(1, 0, True, 0, 30, 12, 42),
        RoundScoreRow(1, 0, True, 1, 5, 0, 5),
        RoundScoreRow(1, 0, True, 2, 0, 0, 0),
        RoundScoreRow(2, 1, False, 0, 10, 0, 52),
        RoundScoreRow(2, 1, False, 1, 40, 9, 54),
        RoundScoreRow(2, 1, False, 2, 3, 0, 3),
    ]
    assert await store.round_rows(ids["second"]) == [
        RoundScoreRow(1, None, False, 0, 7, 0, 7),
        RoundScoreRow(1, None, False, 1, 8, 0, 8),
    ]
    assert await store.round_rows(ids["playing"]) == []


async def test_a_failed_commit_keeps_nothing_of_it(store: Store) -> None:
    """A round stored twice breaks the key: the action and checkpoint written before it must
    not stay."""
    ids = await play_sessions(store)
    record = RoundRecord(1, 0, False, (1, 2), (0, 0), (1, 2))
    await store.save_action(ids["playing"], ActionRow(1, '{"t":"a"}', b"round 2"), [record])
    with pytest.raises(Exception):  # noqa: B017 - each driver names the violation its own way
        await store.save_action(ids["playing"], ActionRow(2, '{"t":"b"}', b"no"), [record])
    assert await store.game_log(ids["playing"]) == '{"actions":[{"t":"a"}]}'
    (row,) = [row for row in await store.open_games() if row.id == ids["playing"]]
    assert (row.checkpoint, row.actions) == (b"round 2", ())
    assert len(await store.round_rows(ids["playing"])) == 2


async def test_a_restart_reads_the_last_checkpoint_and_the_actions_after_it(store: Store) -> None:
    ids = await play_sessions(store)
    playing = ids["playing"]
    (row,) = [row for row in await store.open_games() if row.id == playing]
    assert (row.checkpoint, row.actions) == (None, ())
    await store.save_action(playing, ActionRow(1, '{"t":"a"}'))
    await store.save_action(playing, ActionRow(2, '{"t":"b"}'))
    (row,) = [row for row in await store.open_games() if row.id == playing]
    assert (row.checkpoint, row.actions) == (None, ('{"t":"a"}', '{"t":"b"}'))
    await store.save_action(playing, ActionRow(3, '{"t":"c"}', b"\x00round 2\xff"))
    await store.save_action(playing, ActionRow(4, '{"t":"d"}'))
    (row,) = [row for row in await store.open_games() if row.id == playing]
    assert (row.checkpoint, row.actions) == (b"\x00round 2\xff", ('{"t":"d"}',))
    assert await store.game_log(playing) == (
        '{"actions":[{"t":"a"},{"t":"b"},{"t":"c"},{"t":"d"}]}'
    )
    assert await store.game_log(ids["cancelled"]) is None  # never started: no log


async def test_restore_reads_every_open_game(store: Store) -> None:
    ids = await play_sessions(store)
    lobby = await store.create_lobby(GUILD, 106, SeatRow(0, CARL, "carl"), {"x": 1}, "romme")
    open_games = await store.open_games()
    assert [row.id for row in open_games] == [ids["playing"], lobby]
    playing = open_games[0]
    assert (playing.status, playing.state) == ("playing", '{"actions": []}')
    assert [seat.user_id for seat in playing.seats] == [BEN, CARL]
    assert open_games[1].seats == (SeatRow(0, CARL, "carl"),)


async def test_restore_can_read_only_some_shards_games(store: Store) -> None:
    """With three shards, a guild's shard is (guild_id >> 22) % 3, as Discord routes it."""
    by_shard: dict[int, list[int]] = {0: [], 1: [], 2: []}
    for n in range(6):
        guild_id = (100 + n) << 22 | 12345
        game_id = await store.create_lobby(guild_id, 500 + n, SeatRow(0, ANNA, "anna"), {}, "x")
        by_shard[(100 + n) % 3].append(game_id)
    # A group DM's table (its place is its channel) is shard 0's, as Discord routes DMs.
    private = (101 << 22) | 777  # would be shard 2 as a guild id
    by_shard[0].append(
        await store.create_lobby(private, private, SeatRow(0, ANNA, "anna"), {}, "x")
    )
    both = await store.open_games(3, [0, 2])
    assert [row.id for row in both] == sorted(by_shard[0] + by_shard[2])
    assert [row.id for row in await store.open_games(3, [1])] == by_shard[1]
    assert [row.id for row in await store.open_games(3, [2])] == by_shard[2]
    assert len(await store.open_games()) == 7


async def test_leaderboard_and_stats(store: Store) -> None:
    await play_sessions(store)
    board = await store.leaderboard(GUILD, "treppenromme")
    assert [(r.user_id, r.played, r.wins, r.points, r.rounds) for r in board] == [
        (BEN, 2, 1, 61, 3),
        (ANNA, 2, 1, 60, 3),
    ]
    assert [r.user_id for r in await store.leaderboard(GUILD, "treppenromme", limit=1)] == [BEN]
    assert [r.user_id for r in await store.leaderboard(GUILD, "treppenromme", days=30)] == [
        BEN,
        ANNA,
    ]
    lower = await store.leaderboard(GUILD, "romme", lower_is_better=True)
    assert [(r.user_id, r.wins, r.points) for r in lower] == [(CARL, 1, 0), (ANNA, 0, 25)]
    assert await store.leaderboard(GUILD, "wiener") == []

    anna = await store.player_stats(GUILD, ANNA, "treppenromme")
    assert (anna.played, anna.wins, anna.points, anna.best_session) == (2, 1, 60, 52)
    assert (anna.rounds, anna.closed, anna.special) == (3, 1, 1)
    assert (anna.best_round, anna.round_points, anna.abandoned) == (42, 60, 1)
    nobody = await store.player_stats(GUILD, 999, "treppenromme")
    assert (nobody.played, nobody.rounds, nobody.abandoned, nobody.win_rate) == (0, 0, 0, 0.0)


async def test_meta(store: Store) -> None:
    assert await store.get_meta("fingerprint") is None
    await store.set_meta("fingerprint", "a")
    await store.set_meta("fingerprint", "b")
    assert await store.get_meta("fingerprint") == "b"


@allow_pg
async def test_both_backends_read_the_same(tmp_path: Path) -> None:
    """The same history gives the same games, rounds, leaderboards and stats on both."""
    async with pg_schema() as url:
        answers = []
        for target in (f"sqlite:///{tmp_path / 'bot.db'}", url):
            store = await open_url(target)
            try:
                ids = await play_sessions(store)
                answers.append(
                    (
                        [
                            replace(row, created_at=row.created_at.replace(second=0))
                            for row in await store.open_games()
                        ],
                        [await store.round_rows(game_id) for game_id in ids.values()],
                        [
                            await store.leaderboard(GUILD, key, days=days, lower_is_better=lower)
                            for key in ("treppenromme", "romme")
                            for days in (None, 7)
                            for lower in (False, True)
                        ],
                        [
                            await store.player_stats(GUILD, user, key)
                            for user in (ANNA, BEN, CARL)
                            for key in ("treppenromme", "romme")
                        ],
                    )
                )
            finally:
                await store.close()
    assert answers[0] == answers[1]


# ---------------------------------------------------------------- leases
@pytest.fixture(params=BACKENDS)
async def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """One database two stores (two bot processes) can open."""
    if request.param == "postgresql":
        async with pg_schema() as url:
            yield url
    else:
        yield f"sqlite:///{tmp_path / 'shared.db'}"


async def test_a_game_has_one_writer(database_url: str) -> None:
    first = await open_url(database_url, owner="first")
    second = await open_url(database_url, owner="second")
    try:
        game_id = await first.create_lobby(GUILD, 7, SeatRow(0, ANNA, "anna"), {}, "romme")
        assert await second.acquire_leases([game_id]) == []
        [lease] = await second.leases([game_id])
        assert lease.owner == "first" and lease.expires_at > utc_now()
        assert await second.unleased_open_games() == []
        with pytest.raises(LeaseLost):
            await second.set_seats(game_id, [SeatRow(0, BEN, "ben")])
        with pytest.raises(LeaseLost):
            await second.close_game(game_id, "cancelled")
        header = '{"h": 1}'
        await first.start_game(game_id, [SeatRow(0, ANNA, "anna"), SeatRow(1, BEN, "ben")], header)
        with pytest.raises(LeaseLost):
            await second.save_action(game_id, ActionRow(1, '{"from": "second"}'))
        [row] = await first.open_games()
        assert (row.state, row.actions, len(row.seats)) == (header, (), 2)
        assert await first.renew_leases() == {game_id}
        assert await second.renew_leases() == set()
        # The same owner again (a restarted process) takes its games back at once.
        again = await open_url(database_url, owner="first")
        try:
            assert await again.acquire_leases([game_id]) == [game_id]
        finally:
            await again.close()
    finally:
        await first.close()
        await second.close()


async def test_an_expired_lease_is_taken_over_and_the_old_owner_stops(database_url: str) -> None:
    # A lease of no seconds has run out at once: the first process "stopped renewing".
    first = await open_url(database_url, owner="first", lease_seconds=0)
    second = await open_url(database_url, owner="second")
    try:
        game_id = await first.create_lobby(GUILD, 7, SeatRow(0, ANNA, "anna"), {}, "romme")
        header = '{"h": 1}'
        await first.start_game(game_id, [SeatRow(0, ANNA, "anna"), SeatRow(1, BEN, "ben")], header)
        assert await second.unleased_open_games() == [(game_id, GUILD, 7)]
        assert await second.acquire_leases([game_id]) == [game_id]
        assert await second.unleased_open_games() == []
        with pytest.raises(LeaseLost):
            await first.save_action(game_id, ActionRow(1, '{"late": 1}'))
        assert game_id not in await first.renew_leases()
        await second.save_action(game_id, ActionRow(1, '{"s": 2}'), winner=0, final_totals=(1, 0))
        row = await second.game(game_id)
        assert row is not None and row.status == "finished"
        assert await second.game_log(game_id) == '{"h":1,"actions":[{"s":2}]}'
        # A finished game gives its lease up.
        assert await second.leases([game_id]) == []
        assert await second.renew_leases() == set()
    finally:
        await first.close()
        await second.close()


# ---------------------------------------------------------------- a database that cannot open
async def test_an_unusable_sqlite_path_is_reported(tmp_path: Path) -> None:
    (tmp_path / "a-file").write_text("not a folder")
    with pytest.raises(StoreUnavailable, match="cannot open the database sqlite:///"):
        await open_url(f"sqlite:///{tmp_path / 'a-file' / 'bot.db'}")


@allow_pg
async def test_an_unreachable_server_is_reported_without_its_password() -> None:
    with pytest.raises(StoreUnavailable) as caught:
        await open_url(f"postgresql://bot:very-secret@{PG_HOST}:9/bot")
    assert f"postgresql://{PG_HOST}:9/bot" in str(caught.value)
    assert "very-secret" not in str(caught.value)


def test_the_bot_stops_with_one_line_when_the_database_cannot_open(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import bot.__main__ as entry
    from bot.settings import Settings

    monkeypatch.setitem(Settings.model_config, "env_file", None)
    monkeypatch.setenv("DISCORD_TOKEN", "a-token")
    monkeypatch.setattr(entry, "configure_logging", lambda *args: None)

    async def run_bot(settings: Settings, token: str, **options: object) -> None:
        raise StoreUnavailable("cannot open the database postgresql://db:5432/bot: refused")

    monkeypatch.setattr(entry, "run_bot", run_bot)
    assert entry.main([]) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith(entry.PREFIX + "cannot open the database postgresql://db")
    assert "DATABASE_URL" in captured.err and "Traceback" not in captured.out + captured.err
