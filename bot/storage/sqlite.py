"""The bot's database in SQLite (aiosqlite). One connection; every write is one committed
transaction."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import aiosqlite

import bot.storage.sql as sql
from bot.storage.rows import (
    ChannelBusy,
    GameRow,
    LeaderboardRow,
    PlayerStats,
    RoundRecord,
    RoundScoreRow,
    SeatRow,
    utc_now,
)


def _iso(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="seconds")


class SqliteStore:
    """The store in one SQLite file: the default, for one process."""

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self._db = connection

    @classmethod
    async def open(cls, path: Path) -> SqliteStore:
        """Open (creating folders and file as needed) and migrate the database."""
        path.parent.mkdir(parents=True, exist_ok=True)
        connection = await aiosqlite.connect(path)
        connection.row_factory = sqlite3.Row
        storage = cls(connection)
        await storage._prepare()
        return storage

    async def close(self) -> None:
        await self._db.close()

    async def _prepare(self) -> None:
        for pragma in (sql.ENABLE_WAL, sql.SYNC_FULL, sql.ENABLE_FOREIGN_KEYS):
            await self._rows(pragma, {})  # read the answer so no statement stays open
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
        try:
            cursor = await self._db.execute(sql.INSERT_GAME, params)
        except sqlite3.IntegrityError as error:
            await self._db.rollback()
            raise ChannelBusy from error
        game_id = int(cursor.lastrowid or 0)
        await self._write_seats(game_id, [host])
        await self._db.commit()
        return game_id

    async def open_game_in_channel(self, channel_id: int) -> GameRow | None:
        rows = await self._rows(sql.SELECT_OPEN_GAME_IN_CHANNEL, {"channel_id": channel_id})
        return await self._game(rows[0]) if rows else None

    async def open_games(self) -> list[GameRow]:
        return [await self._game(row) for row in await self._rows(sql.SELECT_OPEN_GAMES, {})]

    async def game(self, game_id: int) -> GameRow | None:
        rows = await self._rows(sql.SELECT_GAME, {"game_id": game_id})
        return await self._game(rows[0]) if rows else None

    async def set_seats(self, game_id: int, seats: Sequence[SeatRow]) -> None:
        await self._write_seats(game_id, seats)
        await self._db.commit()

    async def set_table_message(self, game_id: int, message_id: int | None) -> None:
        await self._db.execute(
            sql.UPDATE_TABLE_MESSAGE, {"game_id": game_id, "message_id": message_id}
        )
        await self._db.commit()

    async def set_ping_message(self, game_id: int, message_id: int | None) -> None:
        await self._db.execute(
            sql.UPDATE_PING_MESSAGE, {"game_id": game_id, "message_id": message_id}
        )
        await self._db.commit()

    async def start_game(self, game_id: int, seats: Sequence[SeatRow], state: str) -> None:
        await self._write_seats(game_id, seats)
        await self._db.execute(
            sql.START_GAME, {"game_id": game_id, "state": state, "now": _iso(utc_now())}
        )
        await self._db.commit()

    async def save_action(
        self,
        game_id: int,
        state: str,
        finished_rounds: Sequence[RoundRecord] = (),
        winner: int | None = None,
        final_totals: Sequence[int] = (),
    ) -> None:
        """Store the new action log, any rounds it finished and the session's end, at once.
        ``final_totals`` is each seat's session score when ``winner`` is given."""
        now = _iso(utc_now())
        try:
            await self._db.execute(sql.UPDATE_STATE, {"game_id": game_id, "state": state})
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
            await self._db.commit()
        except BaseException:
            await self._db.rollback()
            raise

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
        await self._db.execute(
            sql.UPDATE_SEAT_FLAGS,
            {
                "game_id": game_id,
                "seat": seat.seat,
                "away": int(seat.away),
                "departed": int(seat.departed),
                "timeouts": seat.timeouts,
            },
        )
        await self._db.commit()

    async def close_game(self, game_id: int, status: str) -> bool:
        """Mark an open game abandoned, cancelled or expired; False if it was not open."""
        cursor = await self._db.execute(
            sql.CLOSE_GAME, {"game_id": game_id, "status": status, "now": _iso(utc_now())}
        )
        await self._db.commit()
        return cursor.rowcount > 0

    async def round_rows(self, game_id: int) -> list[RoundScoreRow]:
        rows = await self._rows(sql.SELECT_ROUNDS, {"game_id": game_id})
        return [
            RoundScoreRow(
                round_number=int(r["round_number"]),
                closer=r["closer"],
                special=bool(r["special"]),
                seat=int(r["seat"]),
                points=int(r["points"]),
                bonus=int(r["bonus"]),
                total=int(r["total"]),
            )
            for r in rows
        ]

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
        rows = await self._rows(sql.LEADERBOARD, params)
        return [
            LeaderboardRow(
                user_id=int(r["user_id"]),
                played=int(r["played"]),
                wins=int(r["wins"] or 0),
                points=int(r["points"] or 0),
                rounds=int(r["rounds"] or 0),
            )
            for r in rows
        ]

    async def player_stats(self, guild_id: int, user_id: int, game_key: str) -> PlayerStats:
        params = {"guild_id": guild_id, "user_id": user_id, "game_key": game_key}
        sessions = (await self._rows(sql.PLAYER_STATS, params))[0]
        rounds = (await self._rows(sql.PLAYER_ROUND_STATS, params))[0]
        abandoned = (await self._rows(sql.PLAYER_ABANDONED, params))[0]
        return PlayerStats(
            played=int(sessions["played"]),
            wins=int(sessions["wins"]),
            points=int(sessions["points"]),
            best_session=int(sessions["best_session"]),
            rounds=int(rounds["rounds"]),
            closed=int(rounds["closed"]),
            special=int(rounds["special"]),
            best_round=int(rounds["best_round"]),
            round_points=int(rounds["round_points"]),
            abandoned=int(abandoned["abandoned"]),
        )

    # ------------------------------------------------------------ meta
    async def get_meta(self, key: str) -> str | None:
        rows = await self._rows(sql.GET_META, {"key": key})
        return str(rows[0]["value"]) if rows else None

    async def set_meta(self, key: str, value: str) -> None:
        await self._db.execute(sql.SET_META, {"key": key, "value": value})
        await self._db.commit()

    # ------------------------------------------------------------ helpers
    async def _rows(self, query: str, params: dict[str, Any]) -> list[sqlite3.Row]:
        async with self._db.execute(query, params) as cursor:
            return list(await cursor.fetchall())

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
                },
            )

    async def _game(self, row: sqlite3.Row) -> GameRow:
        seats = await self._rows(sql.SELECT_SEATS, {"game_id": row["id"]})
        return GameRow(
            id=int(row["id"]),
            guild_id=int(row["guild_id"]),
            channel_id=int(row["channel_id"]),
            host_id=int(row["host_id"]),
            status=str(row["status"]),
            options=json.loads(row["options"]),
            state=row["state"],
            table_message_id=row["table_message_id"],
            ping_message_id=row["ping_message_id"],
            created_at=datetime.fromisoformat(row["created_at"]),
            seats=tuple(
                SeatRow(
                    seat=int(s["seat"]),
                    user_id=s["user_id"],
                    name=str(s["name"]),
                    strength=s["strength"],
                    away=bool(s["away"]),
                    departed=bool(s["departed"]),
                    timeouts=int(s["timeouts"]),
                )
                for s in seats
            ),
        )
