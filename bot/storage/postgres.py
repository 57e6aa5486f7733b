"""The bot's database in PostgreSQL (asyncpg), for several processes on several machines.
A pool of connections; every write is one committed transaction, as in SQLite."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any, TypeAlias

import asyncpg
from asyncpg.pool import PoolConnectionProxy

import bot.storage.pg_sql as sql
from bot.ratings import RatingChange
from bot.storage.postgres_history import PostgresHistory
from bot.storage.rows import (
    DEFAULT_LEASE_SECONDS,
    DEFAULT_OWNER,
    ActionRow,
    ChannelBusy,
    GameRow,
    LeaderboardRow,
    Lease,
    LeaseLost,
    PlayerStats,
    RoundRecord,
    RoundScoreRow,
    SeatRow,
    SessionResult,
    game_from_row,
    leaderboard_from_row,
    lease_from_row,
    round_score_from_row,
    session_log,
    stats_from_rows,
    utc_now,
)

# Enough for many games committing at once without crowding the server's connection limit
# when several processes share it.
POOL_SIZE = 10

# What pool.acquire() hands out.
Connection: TypeAlias = "PoolConnectionProxy[asyncpg.Record]"


def _now() -> datetime:
    # Whole seconds, as SQLite stores them, so both backends read back the same times.
    return utc_now().replace(microsecond=0)


class PostgresStore(PostgresHistory):
    """The store in a PostgreSQL database (``DATABASE_URL=postgresql://…``)."""

    def __init__(
        self, pool: asyncpg.Pool[asyncpg.Record], owner: str, lease_seconds: float
    ) -> None:
        self._pool = pool
        self.owner = owner
        self.lease_seconds = lease_seconds

    @classmethod
    async def open(
        cls,
        url: str,
        owner: str = DEFAULT_OWNER,
        lease_seconds: float = DEFAULT_LEASE_SECONDS,
    ) -> PostgresStore:
        """Connect and migrate. Query parameters of the URL other than asyncpg's own are
        server settings, e.g. ``?search_path=bot`` for a schema of its own. ``owner`` names
        this process on the leases of its games, each good for ``lease_seconds``."""
        pool = await asyncpg.create_pool(url, min_size=1, max_size=POOL_SIZE)
        store = cls(pool, owner, lease_seconds)
        try:
            await store._prepare()
        except BaseException:
            await pool.close()
            raise
        return store

    async def close(self) -> None:
        await self._pool.close()

    async def _prepare(self) -> None:
        async with self._pool.acquire() as db:
            for number, script in enumerate(sql.MIGRATIONS, start=1):
                async with db.transaction():
                    await db.execute(sql.MIGRATION_LOCK)
                    await db.execute(sql.CREATE_SCHEMA_VERSION)
                    if number <= await db.fetchval(sql.GET_SCHEMA_VERSION):
                        continue
                    await db.execute(script)
                    await db.execute(sql.SET_SCHEMA_VERSION, number)

    async def schema_version(self) -> int:
        async with self._pool.acquire() as db:
            return int(await db.fetchval(sql.GET_SCHEMA_VERSION))

    # ------------------------------------------------------------ games
    async def create_lobby(
        self,
        guild_id: int,
        channel_id: int,
        host: SeatRow,
        options: dict[str, Any],
        game_key: str,
    ) -> int:
        async with self._pool.acquire() as db, db.transaction():
            try:
                game_id = int(
                    await db.fetchval(
                        sql.INSERT_GAME,
                        guild_id,
                        channel_id,
                        host.user_id,
                        json.dumps(options),
                        _now(),
                        game_key,
                    )
                )
            except asyncpg.UniqueViolationError as error:
                raise ChannelBusy from error
            await self._write_seats(db, game_id, [host])
            await db.execute(sql.INSERT_LEASE, game_id, self.owner, self.lease_seconds)
        return game_id

    async def open_game_in_channel(self, channel_id: int) -> GameRow | None:
        async with self._pool.acquire() as db:
            rows = await db.fetch(sql.SELECT_OPEN_GAME_IN_CHANNEL, channel_id)
            return (await self._games(db, rows))[0] if rows else None

    async def open_games(
        self, shard_count: int | None = None, shard_ids: Sequence[int] = ()
    ) -> list[GameRow]:
        """Every lobby and running game (with ``shard_count``: of these shards' guilds only),
        a running one with its checkpoint and the actions after it."""
        async with self._pool.acquire() as db:
            if shard_count is None:
                rows = await db.fetch(sql.SELECT_OPEN_GAMES)
            else:
                rows = await db.fetch(sql.SELECT_OPEN_GAMES_OF_SHARDS, shard_count, list(shard_ids))
            return await self._restorable(db, rows)

    async def _restorable(self, db: Connection, rows: Sequence[asyncpg.Record]) -> list[GameRow]:
        """Games with their checkpoint and the actions after it (what a restore replays)."""
        games = await self._games(db, rows)
        for index, row in enumerate(rows):
            after = await db.fetch(sql.SELECT_ACTIONS_AFTER, row["id"], row["checkpoint_seq"])
            games[index] = replace(
                games[index],
                checkpoint=row["checkpoint"],
                actions=tuple(str(a["action"]) for a in after),
            )
        return games

    async def game_log(self, game_id: int) -> str | None:
        """The whole session as the engine's JSON (``to_json``): header and every action."""
        async with self._pool.acquire() as db:
            rows = await db.fetch(sql.SELECT_GAME, game_id)
            if not rows or rows[0]["state"] is None:
                return None
            actions = await db.fetch(sql.SELECT_ACTIONS_AFTER, game_id, 0)
            return session_log(str(rows[0]["state"]), [str(a["action"]) for a in actions])

    async def game(self, game_id: int) -> GameRow | None:
        """One game as ``open_games`` reads it: with its checkpoint and the actions after."""
        async with self._pool.acquire() as db:
            rows = await db.fetch(sql.SELECT_GAME, game_id)
            return (await self._restorable(db, rows))[0] if rows else None

    async def set_seats(self, game_id: int, seats: Sequence[SeatRow]) -> None:
        async with self._game_write(game_id) as db:
            await self._write_seats(db, game_id, seats)

    async def set_table_message(self, game_id: int, message_id: int | None) -> None:
        async with self._game_write(game_id) as db:
            await db.execute(sql.UPDATE_TABLE_MESSAGE, game_id, message_id)

    async def set_ping_message(self, game_id: int, message_id: int | None) -> None:
        async with self._game_write(game_id) as db:
            await db.execute(sql.UPDATE_PING_MESSAGE, game_id, message_id)

    async def start_game(self, game_id: int, seats: Sequence[SeatRow], state: str) -> None:
        async with self._game_write(game_id) as db:
            await self._write_seats(db, game_id, seats)
            await db.execute(sql.START_GAME, game_id, state, _now())

    async def save_action(
        self,
        game_id: int,
        action: ActionRow,
        finished_rounds: Sequence[RoundRecord] = (),
        winner: int | None = None,
        final_totals: Sequence[int] = (),
        result: SessionResult | None = None,
    ) -> list[RatingChange]:
        """Append the action (and its checkpoint), any rounds it finished and the session's
        end, at once. ``final_totals`` is each seat's session score when ``winner`` is given;
        ``result`` its places and whether it is rated. Returns the rating changes of a rated
        session. Concurrent transactions on the pool's connections share WAL flushes in
        PostgreSQL itself, which is its group commit."""
        now = _now()
        changes: list[RatingChange] = []
        async with self._game_write(game_id) as db:
            await db.execute(sql.INSERT_ACTION, game_id, action.seq, action.action)
            if action.checkpoint is not None:
                await db.execute(sql.SET_CHECKPOINT, game_id, action.checkpoint, action.seq)
            for record in finished_rounds:
                await db.execute(
                    sql.INSERT_ROUND,
                    game_id,
                    record.round_number,
                    record.closer,
                    int(record.special),
                    now,
                )
                await db.executemany(
                    sql.INSERT_ROUND_SCORE,
                    [
                        (game_id, record.round_number, seat, points, bonus, total)
                        for seat, (points, bonus, total) in enumerate(
                            zip(record.points, record.bonus, record.totals, strict=True)
                        )
                    ],
                )
            if winner is not None:
                await db.execute(sql.FINISH_GAME, game_id, now, winner)
                await db.executemany(
                    sql.UPDATE_SEAT_RESULT,
                    [
                        (game_id, seat, score, int(seat == winner))
                        for seat, score in enumerate(final_totals)
                    ],
                )
                if result is not None:
                    changes = await self._record_result(db, game_id, result)
                await db.execute(sql.RELEASE_LEASES, [game_id], self.owner)
        return changes

    async def update_seat(self, game_id: int, seat: SeatRow) -> None:
        async with self._game_write(game_id) as db:
            await db.execute(
                sql.UPDATE_SEAT_FLAGS,
                game_id,
                seat.seat,
                int(seat.away),
                int(seat.departed),
                seat.timeouts,
                int(seat.stood_in),
            )

    async def close_game(self, game_id: int, status: str) -> bool:
        """Mark an open game abandoned, cancelled or expired; False if it was not open."""
        async with self._game_write(game_id) as db:
            answer = await db.execute(sql.CLOSE_GAME, game_id, status, _now())
            await db.execute(sql.RELEASE_LEASES, [game_id], self.owner)
        return str(answer) != "UPDATE 0"

    async def prune_closed_lobbies(self) -> int:
        """Delete expired and cancelled lobbies (their seats go with them); how many."""
        async with self._pool.acquire() as db:
            answer = await db.execute(sql.PRUNE_CLOSED_LOBBIES)
        return int(str(answer).split()[-1])

    # ------------------------------------------------------------ leases
    async def acquire_leases(self, game_ids: Sequence[int]) -> list[int]:
        """Lease these games to this process where nobody else holds a live lease; the ids
        it got."""
        async with self._pool.acquire() as db:
            rows = await db.fetch(
                sql.ACQUIRE_LEASES, list(game_ids), self.owner, self.lease_seconds
            )
        return sorted(int(row["game_id"]) for row in rows)

    async def renew_leases(self) -> set[int]:
        """Extend every lease of this process; the games it holds."""
        async with self._pool.acquire() as db:
            rows = await db.fetch(sql.RENEW_LEASES, self.owner, self.lease_seconds)
        return {int(row["game_id"]) for row in rows}

    async def release_leases(self, game_ids: Sequence[int]) -> None:
        async with self._pool.acquire() as db:
            await db.execute(sql.RELEASE_LEASES, list(game_ids), self.owner)

    async def leases(self, game_ids: Sequence[int]) -> list[Lease]:
        async with self._pool.acquire() as db:
            rows = await db.fetch(sql.SELECT_LEASES, list(game_ids))
        return [lease_from_row(row) for row in rows]

    async def unleased_open_games(self) -> list[tuple[int, int]]:
        """(game id, guild id) of every open game nobody holds a live lease on."""
        async with self._pool.acquire() as db:
            rows = await db.fetch(sql.SELECT_UNLEASED_OPEN_GAMES)
        return [(int(row["id"]), int(row["guild_id"])) for row in rows]

    @asynccontextmanager
    async def _game_write(self, game_id: int) -> AsyncIterator[Connection]:
        """One committed transaction writing to a game, only while this process holds the
        game's lease (a game no longer open is nobody's to contest). The lease row stays
        locked until the commit, so a takeover waits for this write and then sees it."""
        async with self._pool.acquire() as db, db.transaction():
            owner = await db.fetchval(sql.LOCK_LEASE_OWNER, game_id)
            ours = (
                owner == self.owner
                if owner is not None
                else not await db.fetchval(sql.GAME_IS_OPEN, game_id)
            )
            if not ours:
                raise LeaseLost(game_id)
            yield db

    async def round_rows(self, game_id: int) -> list[RoundScoreRow]:
        async with self._pool.acquire() as db:
            return [round_score_from_row(row) for row in await db.fetch(sql.SELECT_ROUNDS, game_id)]

    # ------------------------------------------------------------ scores
    async def leaderboard(
        self,
        guild_id: int,
        game_key: str,
        *,
        days: int | None = None,
        limit: int = 10,
        lower_is_better: bool = False,
    ) -> list[LeaderboardRow]:
        """The best players of one game: most wins, then the best session points."""
        since = _now() - timedelta(days=days) if days else None
        sign = -1 if lower_is_better else 1
        async with self._pool.acquire() as db:
            rows = await db.fetch(sql.LEADERBOARD, guild_id, since, game_key, sign, limit)
        return [leaderboard_from_row(row) for row in rows]

    async def player_stats(self, guild_id: int, user_id: int, game_key: str) -> PlayerStats:
        args = (guild_id, user_id, game_key)
        async with self._pool.acquire() as db:
            # Aggregates without GROUP BY always answer one row.
            sessions, rounds, abandoned = [
                (await db.fetch(query, *args))[0]
                for query in (sql.PLAYER_STATS, sql.PLAYER_ROUND_STATS, sql.PLAYER_ABANDONED)
            ]
        return stats_from_rows(sessions, rounds, abandoned)

    # ------------------------------------------------------------ meta
    async def get_meta(self, key: str) -> str | None:
        async with self._pool.acquire() as db:
            value = await db.fetchval(sql.GET_META, key)
        return None if value is None else str(value)

    async def set_meta(self, key: str, value: str) -> None:
        async with self._pool.acquire() as db:
            await db.execute(sql.SET_META, key, value)

    # ------------------------------------------------------------ whole tables (copying)
    async def table_rows(self, table: str) -> list[dict[str, Any]]:
        async with self._pool.acquire() as db:
            rows = await db.fetch(sql.SELECT_ALL.format(table=table))
        return [dict(row.items()) for row in rows]

    async def insert_rows(self, table: str, rows: Sequence[dict[str, Any]]) -> None:
        if not rows:
            return
        columns = list(rows[0])
        statement = sql.INSERT_ROW.format(
            table=table,
            columns=", ".join(columns),
            values=", ".join(f"${number}" for number in range(1, len(columns) + 1)),
        )
        async with self._pool.acquire() as db, db.transaction():
            await db.executemany(statement, [tuple(row.values()) for row in rows])
            await db.execute(sql.RESET_GAME_IDS)
            await db.execute(sql.RESET_FINISH_ORDER)

    async def count_rows(self, table: str) -> int:
        async with self._pool.acquire() as db:
            return int(await db.fetchval(sql.COUNT_ROWS.format(table=table)))

    # ------------------------------------------------------------ helpers
    async def _write_seats(self, db: Connection, game_id: int, seats: Sequence[SeatRow]) -> None:
        await db.execute(sql.DELETE_SEATS, game_id)
        await db.executemany(
            sql.INSERT_SEAT,
            [
                (
                    game_id,
                    index,
                    seat.user_id,
                    seat.name,
                    seat.strength,
                    int(seat.away),
                    int(seat.departed),
                    seat.timeouts,
                    int(seat.stood_in),
                )
                for index, seat in enumerate(seats)
            ],
        )

    async def _games(self, db: Connection, rows: Sequence[asyncpg.Record]) -> list[GameRow]:
        seats = await db.fetch(sql.SELECT_SEATS_OF_GAMES, [row["id"] for row in rows])
        by_game: dict[int, list[asyncpg.Record]] = {}
        for seat in seats:
            by_game.setdefault(int(seat["game_id"]), []).append(seat)
        return [game_from_row(row, by_game.get(int(row["id"]), [])) for row in rows]
