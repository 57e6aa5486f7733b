"""The bot's database in SQLite (aiosqlite). One connection; every write is atomic and on disk
before its method returns, and writes that arrive together share a commit (``group_commit``)."""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import aiosqlite

import bot.storage.sql as sql
from bot.ratings import RatingChange
from bot.storage.group_commit import GroupCommit
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
from bot.storage.sqlite_history import SqliteHistory


def _iso(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="seconds")


def _portable(column: str, value: Any) -> Any:
    """A column value as a copy to another database carries it: times (the ``*_at``
    columns) as datetimes, which PostgreSQL keeps as timestamptz."""
    if column.endswith("_at") and isinstance(value, str):
        return datetime.fromisoformat(value)
    return value


def _later(seconds: float) -> str:
    return _iso(utc_now() + timedelta(seconds=seconds))


class SqliteStore(SqliteHistory):
    """The store in one SQLite file: the default, for one process."""

    def __init__(self, connection: aiosqlite.Connection, owner: str, lease_seconds: float) -> None:
        self._db = connection
        self.owner = owner
        self.lease_seconds = lease_seconds
        self._writes = GroupCommit(connection)

    @classmethod
    async def open(
        cls,
        path: Path,
        owner: str = DEFAULT_OWNER,
        lease_seconds: float = DEFAULT_LEASE_SECONDS,
    ) -> SqliteStore:
        """Open (creating folders and file as needed) and migrate the database. ``owner``
        names this process on the leases of its games, each good for ``lease_seconds``."""
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists():  # readable by its owner only (SQLite gives -wal/-shm the same)
            os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))
        connection = await aiosqlite.connect(path)
        connection.row_factory = sqlite3.Row
        storage = cls(connection, owner, lease_seconds)
        await storage._prepare()
        return storage

    async def close(self) -> None:
        await self._db.close()

    async def _prepare(self) -> None:
        for pragma in (sql.ENABLE_WAL, sql.SYNC_FULL, sql.ENABLE_FOREIGN_KEYS):
            await self._fetch(pragma, {})  # read the answer so no statement stays open
        version = await self.schema_version()
        for number, script in enumerate(sql.MIGRATIONS, start=1):
            if number <= version:
                continue
            # executescript commits first; the version bump rides in the same script.
            await self._db.executescript(
                f"BEGIN;\n{script}\n{sql.SET_SCHEMA_VERSION.format(version=number)};\nCOMMIT;"
            )

    async def schema_version(self) -> int:
        async with self._db.execute(sql.GET_SCHEMA_VERSION) as cursor:
            row = await cursor.fetchone()
        return int(row[0]) if row else 0

    async def journal_mode(self) -> str:
        async with self._db.execute("PRAGMA journal_mode") as cursor:
            row = await cursor.fetchone()
        return str(row[0]) if row else ""

    # ------------------------------------------------------------ games
    async def create_lobby(
        self,
        guild_id: int,
        channel_id: int,
        host: SeatRow,
        options: dict[str, Any],
        game_key: str,
    ) -> int:
        params = {
            "guild_id": guild_id,
            "channel_id": channel_id,
            "host_id": host.user_id,
            "options": json.dumps(options),
            "now": _iso(utc_now()),
            "game_key": game_key,
        }
        async with self._transaction():
            try:
                cursor = await self._db.execute(sql.INSERT_GAME, params)
            except sqlite3.IntegrityError as error:
                raise ChannelBusy from error
            game_id = int(cursor.lastrowid or 0)
            await self._write_seats(game_id, [host])
            await self._db.execute(
                sql.INSERT_LEASE,
                {"game_id": game_id, "owner": self.owner, "expires": _later(self.lease_seconds)},
            )
        return game_id

    async def open_game_in_channel(self, channel_id: int) -> GameRow | None:
        rows = await self._fetch(sql.SELECT_OPEN_GAME_IN_CHANNEL, {"channel_id": channel_id})
        return await self._game(rows[0]) if rows else None

    async def open_games(
        self, shard_count: int | None = None, shard_ids: Sequence[int] = ()
    ) -> list[GameRow]:
        """Every lobby and running game (with ``shard_count``: of these shards' guilds only),
        a running one with its checkpoint and the actions after it."""
        if shard_count is None:
            rows = await self._fetch(sql.SELECT_OPEN_GAMES, {})
        else:
            rows = await self._fetch(
                sql.SELECT_OPEN_GAMES_OF_SHARDS,
                {"shard_count": shard_count, "shard_ids": json.dumps(list(shard_ids))},
            )
        return [await self._restorable(row) for row in rows]

    async def _restorable(self, row: sqlite3.Row) -> GameRow:
        after = {"game_id": row["id"], "after": row["checkpoint_seq"]}
        actions = [str(a["action"]) for a in await self._fetch(sql.SELECT_ACTIONS_AFTER, after)]
        seats = await self._fetch(sql.SELECT_SEATS, {"game_id": row["id"]})
        return game_from_row(row, seats, row["checkpoint"], actions)

    async def game_log(self, game_id: int) -> str | None:
        """The whole session as the engine's JSON (``to_json``): header and every action."""
        rows = await self._fetch(sql.SELECT_GAME, {"game_id": game_id})
        if not rows or rows[0]["state"] is None:
            return None
        actions = await self._fetch(sql.SELECT_ACTIONS_AFTER, {"game_id": game_id, "after": 0})
        return session_log(str(rows[0]["state"]), [str(a["action"]) for a in actions])

    async def game(self, game_id: int) -> GameRow | None:
        """One game as ``open_games`` reads it: with its checkpoint and the actions after."""
        rows = await self._fetch(sql.SELECT_GAME, {"game_id": game_id})
        return await self._restorable(rows[0]) if rows else None

    async def set_seats(self, game_id: int, seats: Sequence[SeatRow]) -> None:
        async with self._game_write(game_id):
            await self._write_seats(game_id, seats)

    async def set_table_message(self, game_id: int, message_id: int | None) -> None:
        def write(db: sqlite3.Connection) -> None:
            self._check_lease(db, game_id)
            db.execute(sql.UPDATE_TABLE_MESSAGE, {"game_id": game_id, "message_id": message_id})

        await self._writes.run(write)

    async def set_ping_message(self, game_id: int, message_id: int | None) -> None:
        async with self._game_write(game_id):
            await self._db.execute(
                sql.UPDATE_PING_MESSAGE, {"game_id": game_id, "message_id": message_id}
            )

    async def start_game(self, game_id: int, seats: Sequence[SeatRow], state: str) -> None:
        async with self._game_write(game_id):
            await self._write_seats(game_id, seats)
            await self._db.execute(
                sql.START_GAME, {"game_id": game_id, "state": state, "now": _iso(utc_now())}
            )

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
        session."""
        now = _iso(utc_now())
        if result is None:  # every move but a session's end: one trip to the database
            await self._writes.run(
                lambda db: self._save_in_thread(
                    db, game_id, action, finished_rounds, winner, final_totals, now
                )
            )
            return []
        changes: list[RatingChange] = []
        async with self._game_write(game_id):
            params = {"game_id": game_id, "seq": action.seq, "action": action.action}
            await self._db.execute(sql.INSERT_ACTION, params)
            if action.checkpoint is not None:
                await self._db.execute(
                    sql.SET_CHECKPOINT,
                    {"game_id": game_id, "checkpoint": action.checkpoint, "seq": action.seq},
                )
            for record in finished_rounds:
                await self._insert_round(game_id, record, now)
            if winner is not None:
                await self._db.execute(
                    sql.FINISH_GAME, {"game_id": game_id, "now": now, "winner": winner}
                )
                for seat, score in enumerate(final_totals):
                    await self._db.execute(
                        sql.UPDATE_SEAT_RESULT,
                        {"game_id": game_id, "seat": seat, "score": score, "won": seat == winner},
                    )
                if result is not None:
                    changes = await self._record_result(game_id, result)
                await self._release(game_id)
        return changes

    def _save_in_thread(
        self,
        db: sqlite3.Connection,
        game_id: int,
        action: ActionRow,
        finished_rounds: Sequence[RoundRecord],
        winner: int | None,
        final_totals: Sequence[int],
        now: str,
    ) -> None:
        """``save_action`` without a session result, on the database's thread."""
        self._check_lease(db, game_id)
        db.execute(
            sql.INSERT_ACTION, {"game_id": game_id, "seq": action.seq, "action": action.action}
        )
        if action.checkpoint is not None:
            db.execute(
                sql.SET_CHECKPOINT,
                {"game_id": game_id, "checkpoint": action.checkpoint, "seq": action.seq},
            )
        for record in finished_rounds:
            db.execute(sql.INSERT_ROUND, _round_params(game_id, record, now))
            db.executemany(sql.INSERT_ROUND_SCORE, _round_score_params(game_id, record))
        if winner is not None:
            db.execute(sql.FINISH_GAME, {"game_id": game_id, "now": now, "winner": winner})
            db.executemany(
                sql.UPDATE_SEAT_RESULT,
                [
                    {"game_id": game_id, "seat": seat, "score": score, "won": seat == winner}
                    for seat, score in enumerate(final_totals)
                ],
            )
            db.execute(sql.RELEASE_LEASE, {"game_id": game_id, "owner": self.owner})

    def _check_lease(self, db: sqlite3.Connection, game_id: int) -> None:
        """``_game_write``'s check, on the database's thread: this process holds the game's
        lease (a game no longer open is nobody's to contest)."""
        owners = db.execute(sql.SELECT_LEASE_OWNER, {"game_id": game_id}).fetchall()
        if owners:
            ours = owners[0][0] == self.owner
        else:
            ours = not db.execute(sql.SELECT_GAME_IF_OPEN, {"game_id": game_id}).fetchall()
        if not ours:
            raise LeaseLost(game_id)

    async def _insert_round(self, game_id: int, record: RoundRecord, now: str) -> None:
        number = record.round_number
        await self._db.execute(
            sql.INSERT_ROUND,
            {
                "game_id": game_id,
                "round_number": number,
                "closer": record.closer,
                "special": int(record.special),
                "now": now,
            },
        )
        for seat, total in enumerate(record.totals):
            await self._db.execute(
                sql.INSERT_ROUND_SCORE,
                {
                    "game_id": game_id,
                    "round_number": number,
                    "seat": seat,
                    "points": record.points[seat],
                    "bonus": record.bonus[seat],
                    "total": total,
                },
            )

    async def update_seat(self, game_id: int, seat: SeatRow) -> None:
        async with self._game_write(game_id):
            await self._db.execute(
                sql.UPDATE_SEAT_FLAGS,
                {
                    "game_id": game_id,
                    "seat": seat.seat,
                    "away": int(seat.away),
                    "departed": int(seat.departed),
                    "timeouts": seat.timeouts,
                    "stood_in": int(seat.stood_in),
                },
            )

    async def close_game(self, game_id: int, status: str) -> bool:
        """Mark an open game abandoned, cancelled or expired; False if it was not open."""
        async with self._game_write(game_id):
            cursor = await self._db.execute(
                sql.CLOSE_GAME, {"game_id": game_id, "status": status, "now": _iso(utc_now())}
            )
            await self._release(game_id)
        return cursor.rowcount > 0

    async def prune_closed_lobbies(self) -> int:
        """Delete expired and cancelled lobbies (their seats go with them); how many."""
        return await self._writes.run(lambda db: db.execute(sql.PRUNE_CLOSED_LOBBIES).rowcount)

    # ------------------------------------------------------------ leases
    async def acquire_leases(self, game_ids: Sequence[int]) -> list[int]:
        """Lease these games to this process where nobody else holds a live lease; the ids
        it got."""
        got = []
        now, expires = _iso(utc_now()), _later(self.lease_seconds)
        async with self._transaction():
            for game_id in game_ids:
                cursor = await self._db.execute(
                    sql.ACQUIRE_LEASE,
                    {"game_id": game_id, "owner": self.owner, "expires": expires, "now": now},
                )
                if cursor.rowcount > 0:
                    got.append(game_id)
        return got

    async def renew_leases(self) -> set[int]:
        """Extend every lease of this process; the games it holds."""
        async with self._transaction():
            await self._db.execute(
                sql.RENEW_LEASES, {"owner": self.owner, "expires": _later(self.lease_seconds)}
            )
            rows = await self._fetch(sql.SELECT_OWN_LEASES, {"owner": self.owner})
        return {int(row["game_id"]) for row in rows}

    async def release_leases(self, game_ids: Sequence[int]) -> None:
        async with self._transaction():
            for game_id in game_ids:
                await self._release(game_id)

    async def leases(self, game_ids: Sequence[int]) -> list[Lease]:
        rows = await self._fetch(sql.SELECT_LEASES, {"game_ids": json.dumps(list(game_ids))})
        return [lease_from_row(row) for row in rows]

    async def unleased_open_games(self) -> list[tuple[int, int]]:
        """(game id, guild id) of every open game nobody holds a live lease on."""
        rows = await self._fetch(sql.SELECT_UNLEASED_OPEN_GAMES, {"now": _iso(utc_now())})
        return [(int(row["id"]), int(row["guild_id"])) for row in rows]

    async def _release(self, game_id: int) -> None:
        await self._db.execute(sql.RELEASE_LEASE, {"game_id": game_id, "owner": self.owner})

    @asynccontextmanager
    async def _game_write(self, game_id: int) -> AsyncIterator[None]:
        """One committed transaction writing to a game, only while this process holds the
        game's lease (a game no longer open is nobody's to contest)."""
        async with self._transaction():
            owners = await self._fetch(sql.SELECT_LEASE_OWNER, {"game_id": game_id})
            if owners:
                ours = owners[0]["owner"] == self.owner
            else:
                ours = not await self._fetch(sql.SELECT_GAME_IF_OPEN, {"game_id": game_id})
            if not ours:
                raise LeaseLost(game_id)
            yield

    async def round_rows(self, game_id: int) -> list[RoundScoreRow]:
        rows = await self._fetch(sql.SELECT_ROUNDS, {"game_id": game_id})
        return [round_score_from_row(row) for row in rows]

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
        since = _iso(utc_now() - timedelta(days=days)) if days else ""
        params = {
            "guild_id": guild_id,
            "since": since,
            "limit": limit,
            "game_key": game_key,
            "sign": -1 if lower_is_better else 1,
        }
        rows = await self._fetch(sql.LEADERBOARD, params)
        return [leaderboard_from_row(row) for row in rows]

    async def player_stats(self, guild_id: int, user_id: int, game_key: str) -> PlayerStats:
        params = {"guild_id": guild_id, "user_id": user_id, "game_key": game_key}
        return stats_from_rows(
            (await self._fetch(sql.PLAYER_STATS, params))[0],
            (await self._fetch(sql.PLAYER_ROUND_STATS, params))[0],
            (await self._fetch(sql.PLAYER_ABANDONED, params))[0],
        )

    # ------------------------------------------------------------ meta
    async def get_meta(self, key: str) -> str | None:
        rows = await self._fetch(sql.GET_META, {"key": key})
        return str(rows[0]["value"]) if rows else None

    async def set_meta(self, key: str, value: str) -> None:
        async with self._transaction():
            await self._db.execute(sql.SET_META, {"key": key, "value": value})

    # ------------------------------------------------------------ whole tables (copying)
    async def table_rows(self, table: str) -> list[dict[str, Any]]:
        rows = await self._fetch(sql.SELECT_ALL.format(table=table), {})
        # sqlite3.Row iterates over its values; keys() gives the column names.
        return [{key: _portable(key, row[key]) for key in row.keys()} for row in rows]  # noqa: SIM118

    async def insert_rows(self, table: str, rows: Sequence[dict[str, Any]]) -> None:
        if not rows:
            return
        columns = list(rows[0])
        statement = sql.INSERT_ROW.format(
            table=table,
            columns=", ".join(columns),
            values=", ".join(f":{column}" for column in columns),
        )
        async with self._transaction():
            await self._db.executemany(
                statement,
                [
                    {key: _iso(v) if isinstance(v, datetime) else v for key, v in row.items()}
                    for row in rows
                ],
            )

    async def count_rows(self, table: str) -> int:
        rows = await self._fetch(sql.COUNT_ROWS.format(table=table), {})
        return int(rows[0][0])

    # ------------------------------------------------------------ helpers
    async def _write_seats(self, game_id: int, seats: Sequence[SeatRow]) -> None:
        await self._db.execute(sql.DELETE_SEATS, {"game_id": game_id})
        for index, seat in enumerate(seats):
            await self._db.execute(
                sql.INSERT_SEAT,
                {
                    "game_id": game_id,
                    "seat": index,
                    "user_id": seat.user_id,
                    "name": seat.name,
                    "strength": seat.strength,
                    "away": int(seat.away),
                    "departed": int(seat.departed),
                    "timeouts": seat.timeouts,
                    "stood_in": int(seat.stood_in),
                },
            )

    async def _game(self, row: sqlite3.Row) -> GameRow:
        return game_from_row(row, await self._fetch(sql.SELECT_SEATS, {"game_id": row["id"]}))


def _round_params(game_id: int, record: RoundRecord, now: str) -> dict[str, Any]:
    return {
        "game_id": game_id,
        "round_number": record.round_number,
        "closer": record.closer,
        "special": int(record.special),
        "now": now,
    }


def _round_score_params(game_id: int, record: RoundRecord) -> list[dict[str, Any]]:
    return [
        {
            "game_id": game_id,
            "round_number": record.round_number,
            "seat": seat,
            "points": record.points[seat],
            "bonus": record.bonus[seat],
            "total": total,
        }
        for seat, total in enumerate(record.totals)
    ]
