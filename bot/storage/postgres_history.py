"""Ratings, personal history and replays in PostgreSQL: ``SqliteHistory``'s twin, part of
``PostgresStore``. ``_record_result`` runs on the connection and inside the transaction of
``save_action``."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any, TypeAlias

import asyncpg
from asyncpg.pool import PoolConnectionProxy

import bot.storage.pg_history_sql as sql
from bot.ratings import (
    CONSERVATIVE_SIGMAS,
    MIN_RATED_SESSIONS,
    RatedSession,
    Rating,
    RatingChange,
    RatingKey,
    rate,
)
from bot.storage.pg_sql import SELECT_ACTIONS_AFTER
from bot.storage.rows import (
    FinishedSession,
    GameRecord,
    HeadToHead,
    SessionResult,
    SessionSummary,
    session_log,
)
from engine.replay import RoundScores

Connection: TypeAlias = "PoolConnectionProxy[asyncpg.Record]"


def _text(moment: datetime) -> str:
    # As SQLite keeps it, so both backends show the same text.
    return moment.astimezone(UTC).isoformat(timespec="seconds")


def _rating(row: asyncpg.Record) -> Rating:
    return Rating(float(row["mu"]), float(row["sigma"]), int(row["sessions"]))


class PostgresHistory:
    _pool: asyncpg.Pool[asyncpg.Record]

    async def _fetch(self, query: str, *args: Any) -> list[asyncpg.Record]:
        async with self._pool.acquire() as db:
            return list(await db.fetch(query, *args))

    # ------------------------------------------------------------ the end of a session
    async def _record_result(
        self, db: Connection, game_id: int, result: SessionResult
    ) -> list[RatingChange]:
        """Store places and the finishing order; rate a rated session. In the caller's
        transaction."""
        await db.execute(sql.SET_SESSION_RESULT, game_id, int(result.rated))
        await db.executemany(
            sql.UPDATE_SEAT_PLACE,
            [(game_id, seat, place) for seat, place in enumerate(result.places)],
        )
        if not result.rated:
            return []
        members = await db.fetch(sql.SELECT_SESSION_MEMBERS, game_id)
        guild_id, game_key = int(members[0]["guild_id"]), str(members[0]["game_key"])
        users = [int(row["user_id"]) for row in members]
        before: list[Rating] = []
        for user in users:
            rows = await db.fetch(sql.SELECT_RATING, guild_id, game_key, user)
            before.append(_rating(rows[0]) if rows else Rating())
        after = rate(before, result.places)
        for user, rating in zip(users, after, strict=True):
            await _write_rating(db, game_id, (guild_id, game_key, user), rating)
        return [
            RatingChange(user, old, new)
            for user, old, new in zip(users, before, after, strict=True)
        ]

    # ------------------------------------------------------------ ratings
    async def rating(self, guild_id: int, game_key: str, user_id: int) -> Rating | None:
        rows = await self._fetch(sql.SELECT_RATING, guild_id, game_key, user_id)
        return _rating(rows[0]) if rows else None

    async def rating_board(
        self,
        guild_id: int,
        game_key: str,
        *,
        min_sessions: int = MIN_RATED_SESSIONS,
        limit: int = 10,
    ) -> list[tuple[int, Rating]]:
        rows = await self._fetch(
            sql.RATING_BOARD, guild_id, game_key, min_sessions, float(CONSERVATIVE_SIGMAS), limit
        )
        return [(int(r["user_id"]), _rating(r)) for r in rows]

    async def rating_history(self, guild_id: int, game_key: str, user_id: int) -> list[Rating]:
        rows = await self._fetch(sql.RATING_HISTORY, guild_id, game_key, user_id)
        return [_rating(r) for r in rows]

    async def rated_sessions(self) -> list[RatedSession]:
        by_game: dict[int, list[asyncpg.Record]] = {}
        for row in await self._fetch(sql.SELECT_RATED_SESSIONS):
            by_game.setdefault(int(row["game_id"]), []).append(row)  # dicts keep the order
        return [_rated_session(seats) for seats in by_game.values()]

    async def all_ratings(self) -> dict[RatingKey, Rating]:
        rows = await self._fetch(sql.SELECT_ALL_RATINGS)
        return {
            (int(r["guild_id"]), str(r["game_key"]), int(r["user_id"])): _rating(r) for r in rows
        }

    async def all_rating_history(self) -> dict[tuple[int, int], Rating]:
        rows = await self._fetch(sql.SELECT_ALL_RATING_HISTORY)
        return {(int(r["game_id"]), int(r["user_id"])): _rating(r) for r in rows}

    async def replace_ratings(
        self, history: Sequence[tuple[int, RatingKey, Rating]], ratings: dict[RatingKey, Rating]
    ) -> None:
        async with self._pool.acquire() as db, db.transaction():
            await db.execute(sql.DELETE_RATING_HISTORY)
            await db.execute(sql.DELETE_RATINGS)
            await db.executemany(
                sql.INSERT_RATING_HISTORY,
                [(g, key[2], r.mu, r.sigma, r.sessions) for g, key, r in history],
            )
            await db.executemany(
                sql.UPSERT_RATING,
                [(*key, r.mu, r.sigma, r.sessions) for key, r in ratings.items()],
            )

    # ------------------------------------------------------------ personal history
    async def head_to_head(
        self, guild_id: int, game_key: str, user_id: int, *, limit: int = 3
    ) -> list[HeadToHead]:
        rows = await self._fetch(sql.HEAD_TO_HEAD, guild_id, game_key, user_id, limit)
        return [
            HeadToHead(int(r["opponent"]), int(r["met"]), int(r["ahead"]), int(r["behind"]))
            for r in rows
        ]

    async def games_played(self, guild_id: int, user_id: int) -> list[GameRecord]:
        rows = await self._fetch(sql.PLAYER_GAMES, guild_id, user_id)
        return [GameRecord(str(r["game_key"]), int(r["played"]), int(r["wins"])) for r in rows]

    # ------------------------------------------------------------ replays
    async def recent_sessions(
        self,
        guild_id: int,
        *,
        channel_id: int | None = None,
        user_id: int | None = None,
        limit: int = 25,
    ) -> list[SessionSummary]:
        rows = await self._fetch(sql.RECENT_SESSIONS, guild_id, channel_id, user_id, limit)
        return [
            SessionSummary(
                int(r["id"]),
                str(r["game_key"]),
                int(r["channel_id"]),
                _text(r["finished_at"]),
                str(r["names"] or ""),
                None if r["rated"] is None else bool(r["rated"]),
            )
            for r in rows
        ]

    async def finished_session(self, game_id: int) -> FinishedSession | None:
        rows = await self._fetch(sql.SELECT_FINISHED_SESSION, game_id)
        if not rows or rows[0]["state"] is None:
            return None
        row = rows[0]
        totals: dict[int, list[int]] = {}
        for line in await self._fetch(sql.SELECT_ROUNDS, game_id):
            totals.setdefault(int(line["round_number"]), []).append(int(line["total"]))
        return FinishedSession(
            id=int(row["id"]),
            guild_id=int(row["guild_id"]),
            channel_id=int(row["channel_id"]),
            game_key=str(row["game_key"]),
            state=session_log(
                str(row["state"]),
                [str(a["action"]) for a in await self._fetch(SELECT_ACTIONS_AFTER, game_id, 0)],
            ),
            finished_at=_text(row["finished_at"]),
            rated=None if row["rated"] is None else bool(row["rated"]),
            rounds=tuple(RoundScores(n, tuple(t)) for n, t in sorted(totals.items())),
        )


async def _write_rating(db: Connection, game_id: int, key: RatingKey, rating: Rating) -> None:
    await db.execute(sql.UPSERT_RATING, *key, rating.mu, rating.sigma, rating.sessions)
    await db.execute(
        sql.INSERT_RATING_HISTORY, game_id, key[2], rating.mu, rating.sigma, rating.sessions
    )


def _rated_session(seats: list[asyncpg.Record]) -> RatedSession:
    first = seats[0]
    return RatedSession(
        int(first["game_id"]),
        int(first["guild_id"]),
        str(first["game_key"]),
        tuple(int(s["user_id"]) for s in seats),
        tuple(int(s["place"]) for s in seats),
    )
