"""Ratings, personal history and replays in SQLite: what a finished session leaves behind.
``SqliteHistory`` is part of ``SqliteStore``; ``_record_result`` runs inside the transaction
of ``save_action``, which commits."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

import aiosqlite

import bot.storage.sql as sql
from bot.ratings import (
    CONSERVATIVE_SIGMAS,
    MIN_RATED_SESSIONS,
    RatedSession,
    Rating,
    RatingChange,
    RatingKey,
    rate,
)
from bot.storage.group_commit import GroupCommit
from bot.storage.rows import (
    FinishedSession,
    GameRecord,
    HeadToHead,
    SessionResult,
    SessionSummary,
    session_log,
)
from engine.replay import RoundScores


class SqliteHistory:
    _db: aiosqlite.Connection
    _writes: GroupCommit

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[None]:
        """One atomic write: its statements, alone on the connection, in a savepoint of the
        shared write transaction (BEGIN IMMEDIATE takes the file's write lock first, so another
        process cannot change a lease between our check and the commit), durable when the
        block is left (``group_commit``). A failing write undoes only its own statements."""
        async with self._writes.unit():
            yield

    async def _action_texts(self, game_id: int) -> list[str]:
        rows = await self._fetch(sql.SELECT_ACTIONS_AFTER, {"game_id": game_id, "after": 0})
        return [str(row["action"]) for row in rows]

    async def _fetch(self, query: str, params: dict[str, Any]) -> list[sqlite3.Row]:
        async with self._writes.reading(), self._db.execute(query, params) as cursor:
            return list(await cursor.fetchall())

    # ------------------------------------------------------------ the end of a session
    async def _record_result(self, game_id: int, result: SessionResult) -> list[RatingChange]:
        """Store places and the finishing order; rate a rated session. No commit."""
        await self._db.execute(
            sql.SET_SESSION_RESULT, {"game_id": game_id, "rated": int(result.rated)}
        )
        for seat, place in enumerate(result.places):
            await self._db.execute(
                sql.UPDATE_SEAT_PLACE, {"game_id": game_id, "seat": seat, "place": place}
            )
        if not result.rated:
            return []
        members = await self._fetch(sql.SELECT_SESSION_MEMBERS, {"game_id": game_id})
        guild_id, game_key = int(members[0]["guild_id"]), str(members[0]["game_key"])
        users = [int(row["user_id"]) for row in members]
        before = [await self._rating(guild_id, game_key, user) or Rating() for user in users]
        after = rate(before, result.places)
        for user, rating in zip(users, after, strict=True):
            await self._write_rating(game_id, (guild_id, game_key, user), rating)
        return [
            RatingChange(user, old, new)
            for user, old, new in zip(users, before, after, strict=True)
        ]

    async def _write_rating(self, game_id: int, key: RatingKey, rating: Rating) -> None:
        guild_id, game_key, user_id = key
        values = {"mu": rating.mu, "sigma": rating.sigma, "sessions": rating.sessions}
        await self._db.execute(
            sql.UPSERT_RATING,
            {"guild_id": guild_id, "game_key": game_key, "user_id": user_id, **values},
        )
        await self._db.execute(
            sql.INSERT_RATING_HISTORY, {"game_id": game_id, "user_id": user_id, **values}
        )

    async def _rating(self, guild_id: int, game_key: str, user_id: int) -> Rating | None:
        rows = await self._fetch(
            sql.SELECT_RATING, {"guild_id": guild_id, "game_key": game_key, "user_id": user_id}
        )
        if not rows:
            return None
        return Rating(float(rows[0]["mu"]), float(rows[0]["sigma"]), int(rows[0]["sessions"]))

    # ------------------------------------------------------------ ratings
    async def rating(self, guild_id: int, game_key: str, user_id: int) -> Rating | None:
        """A member's current rating in a game, None before their first rated session."""
        return await self._rating(guild_id, game_key, user_id)

    async def rating_board(
        self,
        guild_id: int,
        game_key: str,
        *,
        min_sessions: int = MIN_RATED_SESSIONS,
        limit: int = 10,
    ) -> list[tuple[int, Rating]]:
        """Members with ``min_sessions`` rated sessions or more, best conservative rating
        first."""
        params = {
            "guild_id": guild_id,
            "game_key": game_key,
            "min_sessions": min_sessions,
            "sigmas": CONSERVATIVE_SIGMAS,
            "limit": limit,
        }
        rows = await self._fetch(sql.RATING_BOARD, params)
        return [
            (int(r["user_id"]), Rating(float(r["mu"]), float(r["sigma"]), int(r["sessions"])))
            for r in rows
        ]

    async def rating_history(self, guild_id: int, game_key: str, user_id: int) -> list[Rating]:
        """A member's rating after each of their rated sessions, oldest first."""
        params = {"guild_id": guild_id, "game_key": game_key, "user_id": user_id}
        rows = await self._fetch(sql.RATING_HISTORY, params)
        return [Rating(float(r["mu"]), float(r["sigma"]), int(r["sessions"])) for r in rows]

    async def rated_sessions(self) -> list[RatedSession]:
        """Every rated session, in the order they finished: what recomputation replays."""
        sessions: list[RatedSession] = []
        seats: list[sqlite3.Row] = []
        for row in await self._fetch(sql.SELECT_RATED_SESSIONS, {}):
            if seats and seats[0]["game_id"] != row["game_id"]:
                sessions.append(_rated_session(seats))
                seats = []
            seats.append(row)
        if seats:
            sessions.append(_rated_session(seats))
        return sessions

    async def all_ratings(self) -> dict[RatingKey, Rating]:
        rows = await self._fetch(sql.SELECT_ALL_RATINGS, {})
        return {
            (int(r["guild_id"]), str(r["game_key"]), int(r["user_id"])): Rating(
                float(r["mu"]), float(r["sigma"]), int(r["sessions"])
            )
            for r in rows
        }

    async def all_rating_history(self) -> dict[tuple[int, int], Rating]:
        """(game, member) -> the rating after that session."""
        rows = await self._fetch(sql.SELECT_ALL_RATING_HISTORY, {})
        return {
            (int(r["game_id"]), int(r["user_id"])): Rating(
                float(r["mu"]), float(r["sigma"]), int(r["sessions"])
            )
            for r in rows
        }

    async def replace_ratings(
        self, history: Sequence[tuple[int, RatingKey, Rating]], ratings: dict[RatingKey, Rating]
    ) -> None:
        """Rewrite every rating and the whole history (a recomputation), in one transaction."""
        async with self._transaction():
            await self._db.execute(sql.DELETE_RATING_HISTORY)
            await self._db.execute(sql.DELETE_RATINGS)
            for game_id, key, rating in history:
                await self._db.execute(
                    sql.INSERT_RATING_HISTORY,
                    {
                        "game_id": game_id,
                        "user_id": key[2],
                        "mu": rating.mu,
                        "sigma": rating.sigma,
                        "sessions": rating.sessions,
                    },
                )
            for (guild_id, game_key, user_id), rating in ratings.items():
                await self._db.execute(
                    sql.UPSERT_RATING,
                    {
                        "guild_id": guild_id,
                        "game_key": game_key,
                        "user_id": user_id,
                        "mu": rating.mu,
                        "sigma": rating.sigma,
                        "sessions": rating.sessions,
                    },
                )

    # ------------------------------------------------------------ personal history
    async def head_to_head(
        self, guild_id: int, game_key: str, user_id: int, *, limit: int = 3
    ) -> list[HeadToHead]:
        params = {"guild_id": guild_id, "game_key": game_key, "user_id": user_id, "limit": limit}
        return [
            HeadToHead(int(r["opponent"]), int(r["met"]), int(r["ahead"]), int(r["behind"]))
            for r in await self._fetch(sql.HEAD_TO_HEAD, params)
        ]

    async def games_played(self, guild_id: int, user_id: int) -> list[GameRecord]:
        params = {"guild_id": guild_id, "user_id": user_id}
        return [
            GameRecord(str(r["game_key"]), int(r["played"]), int(r["wins"]))
            for r in await self._fetch(sql.PLAYER_GAMES, params)
        ]

    # ------------------------------------------------------------ replays
    async def recent_sessions(
        self,
        guild_id: int,
        *,
        channel_id: int | None = None,
        user_id: int | None = None,
        limit: int = 25,
    ) -> list[SessionSummary]:
        params = {
            "guild_id": guild_id,
            "channel_id": channel_id,
            "user_id": user_id,
            "limit": limit,
        }
        return [
            SessionSummary(
                int(r["id"]),
                str(r["game_key"]),
                int(r["channel_id"]),
                str(r["finished_at"]),
                str(r["names"] or ""),
                None if r["rated"] is None else bool(r["rated"]),
            )
            for r in await self._fetch(sql.RECENT_SESSIONS, params)
        ]

    async def finished_session(self, game_id: int) -> FinishedSession | None:
        """A finished session's action log and recorded round totals; None if there is no
        finished session ``game_id``. Replays read the log only through here."""
        rows = await self._fetch(sql.SELECT_FINISHED_SESSION, {"game_id": game_id})
        if not rows or rows[0]["state"] is None:
            return None
        row = rows[0]
        totals: dict[int, list[int]] = {}
        for line in await self._fetch(sql.SELECT_ROUNDS, {"game_id": game_id}):
            totals.setdefault(int(line["round_number"]), []).append(int(line["total"]))
        return FinishedSession(
            id=int(row["id"]),
            guild_id=int(row["guild_id"]),
            channel_id=int(row["channel_id"]),
            game_key=str(row["game_key"]),
            state=session_log(str(row["state"]), await self._action_texts(game_id)),
            finished_at=str(row["finished_at"]),
            rated=None if row["rated"] is None else bool(row["rated"]),
            rounds=tuple(RoundScores(n, tuple(t)) for n, t in sorted(totals.items())),
        )


def _rated_session(seats: list[sqlite3.Row]) -> RatedSession:
    first = seats[0]
    return RatedSession(
        int(first["game_id"]),
        int(first["guild_id"]),
        str(first["game_key"]),
        tuple(int(s["user_id"]) for s in seats),
        tuple(int(s["place"]) for s in seats),
    )
