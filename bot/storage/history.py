"""What a finished session leaves behind: ratings, personal history and replays. ``History``
is the base of ``Store``; ``_record_result`` runs inside the transaction of ``save_action``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

import bot.storage.rows as rows
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
from bot.storage.dialect import Database, Params, Row, Transaction
from engine.replay import RoundScores

T = TypeVar("T")


def _rating(row: Row) -> Rating:
    return Rating(float(row["mu"]), float(row["sigma"]), int(row["sessions"]))


def _rating_params(key: RatingKey, rating: Rating, game_id: int = 0) -> dict[str, Any]:
    guild_id, game_key, user_id = key
    member = {"guild_id": guild_id, "game_key": game_key, "user_id": user_id, "game_id": game_id}
    return member | {"mu": rating.mu, "sigma": rating.sigma, "sessions": rating.sessions}


def seen_in(channels: Sequence[int] | None) -> dict[str, Any]:
    """The ``{seen_channel}`` parameters: sessions of ``channels`` only, or of every channel
    (None)."""
    return {"every_channel": int(channels is None), "channels": list(channels or ())}


class History:
    """Ratings, personal history and replays, read from the store's database."""

    _db: Database

    async def _rows(self, kind: type[T], query: str, params: Params) -> list[T]:
        return [rows.from_row(kind, row) for row in await self._db.fetch(query, params)]

    async def _write(self, query: str, params: Params) -> list[Row]:
        """One statement as its own committed write; its rows."""
        async with self._db.transaction() as tx:
            return await tx.fetch(query, params)

    async def _action_texts(self, game_id: int, after: int = 0) -> list[str]:
        found = await self._db.fetch(sql.SELECT_ACTIONS_AFTER, {"game_id": game_id, "after": after})
        return [str(row["action"]) for row in found]

    # ------------------------------------------------------------ the end of a session
    async def _record_result(
        self, tx: Transaction, game_id: int, result: rows.SessionResult
    ) -> list[RatingChange]:
        """Store places and the finishing order; rate a rated session. In ``tx``."""
        await tx.execute(sql.SET_SESSION_RESULT, {"game_id": game_id, "rated": int(result.rated)})
        places = [{"game_id": game_id, "seat": s, "place": p} for s, p in enumerate(result.places)]
        await tx.executemany(sql.UPDATE_SEAT_PLACE, places)
        if not result.rated:
            return []
        members = await tx.fetch(sql.SELECT_SESSION_RATINGS, {"game_id": game_id})
        keys = [(int(m["guild_id"]), str(m["game_key"]), int(m["user_id"])) for m in members]
        before = [Rating() if m["mu"] is None else _rating(m) for m in members]
        after = rate(before, result.places)
        written = [_rating_params(k, r, game_id) for k, r in zip(keys, after, strict=True)]
        await tx.executemany(sql.UPSERT_RATING, written)
        await tx.executemany(sql.INSERT_RATING_HISTORY, written)
        return [
            RatingChange(k[2], old, new) for k, old, new in zip(keys, before, after, strict=True)
        ]

    # ------------------------------------------------------------ ratings
    async def rating(self, guild_id: int, game_key: str, user_id: int) -> Rating | None:
        """A member's current rating in a game; None before their first rated session."""
        member = _rating_params((guild_id, game_key, user_id), Rating())
        found = await self._db.fetch(sql.SELECT_RATING, member)
        return _rating(found[0]) if found else None

    async def rating_board(
        self,
        guild_id: int,
        game_key: str,
        *,
        min_sessions: int = MIN_RATED_SESSIONS,
        limit: int = 10,
    ) -> list[tuple[int, Rating]]:
        """(member, rating) with ``min_sessions`` rated sessions or more, best conservative
        rating first."""
        board = {"guild_id": guild_id, "game_key": game_key, "min_sessions": min_sessions}
        board |= {"sigmas": float(CONSERVATIVE_SIGMAS), "limit": limit}
        return [
            (int(r["user_id"]), _rating(r)) for r in await self._db.fetch(sql.RATING_BOARD, board)
        ]

    async def rating_history(
        self, guild_id: int, game_key: str, user_id: int, *, channels: Sequence[int] | None = None
    ) -> list[Rating]:
        """A member's rating after each of their rated sessions (of ``channels``), oldest
        first."""
        member = {"guild_id": guild_id, "game_key": game_key, "user_id": user_id}
        member |= seen_in(channels)
        return [_rating(r) for r in await self._db.fetch(sql.RATING_HISTORY, member)]

    async def rated_sessions(self) -> list[RatedSession]:
        """Every rated session with its members and places, in the order they finished."""
        by_game: dict[int, list[Row]] = {}
        for row in await self._db.fetch(sql.SELECT_RATED_SESSIONS, {}):
            by_game.setdefault(int(row["game_id"]), []).append(row)  # dicts keep the order
        return [
            RatedSession(
                game_id,
                int(seats[0]["guild_id"]),
                str(seats[0]["game_key"]),
                tuple(int(s["user_id"]) for s in seats),
                tuple(int(s["place"]) for s in seats),
            )
            for game_id, seats in by_game.items()
        ]

    async def all_ratings(self) -> dict[RatingKey, Rating]:
        """Every member's current rating, by (server, game, member)."""
        found = await self._db.fetch(sql.SELECT_ALL_RATINGS, {})
        return {
            (int(r["guild_id"]), str(r["game_key"]), int(r["user_id"])): _rating(r) for r in found
        }

    async def all_rating_history(self) -> dict[tuple[int, int], Rating]:
        """(session, member) -> the member's rating after that session."""
        found = await self._db.fetch(sql.SELECT_ALL_RATING_HISTORY, {})
        return {(int(r["game_id"]), int(r["user_id"])): _rating(r) for r in found}

    async def replace_ratings(
        self, history: Sequence[tuple[int, RatingKey, Rating]], ratings: dict[RatingKey, Rating]
    ) -> None:
        """Rewrite every rating and the whole rating history (a recomputation)."""
        async with self._db.transaction() as tx:
            await tx.execute(sql.DELETE_RATING_HISTORY, {})
            await tx.execute(sql.DELETE_RATINGS, {})
            written = [_rating_params(k, r, g) for g, k, r in history]
            await tx.executemany(sql.INSERT_RATING_HISTORY, written)
            await tx.executemany(
                sql.UPSERT_RATING, [_rating_params(k, r) for k, r in ratings.items()]
            )

    # ------------------------------------------------------------ personal history
    async def head_to_head(
        self,
        guild_id: int,
        game_key: str,
        user_id: int,
        *,
        limit: int = 3,
        channels: Sequence[int] | None = None,
    ) -> list[rows.HeadToHead]:
        """The members met most in finished sessions of a game (of ``channels``), and who
        finished ahead."""
        member = {"guild_id": guild_id, "game_key": game_key, "user_id": user_id, "limit": limit}
        member |= seen_in(channels)
        return await self._rows(rows.HeadToHead, sql.HEAD_TO_HEAD, member)

    async def games_played(
        self, guild_id: int, user_id: int, *, channels: Sequence[int] | None = None
    ) -> list[rows.GameRecord]:
        """A member's sessions and wins in each game of this server (in ``channels``)."""
        member = {"guild_id": guild_id, "user_id": user_id} | seen_in(channels)
        return await self._rows(rows.GameRecord, sql.PLAYER_GAMES, member)

    # ------------------------------------------------------------ replays
    async def recent_sessions(
        self,
        guild_id: int,
        *,
        channel_id: int | None = None,
        user_id: int | None = None,
        limit: int = 25,
    ) -> list[rows.SessionSummary]:
        """Finished sessions of a server, newest first, of a channel and/or a member."""
        where = {"guild_id": guild_id, "channel_id": channel_id, "user_id": user_id}
        return [
            rows.from_row(
                rows.SessionSummary,
                r,
                finished_at=rows.time_text(r["finished_at"]),
                names=r["names"] or "",
            )
            for r in await self._db.fetch(sql.RECENT_SESSIONS, {**where, "limit": limit})
        ]

    async def finished_session(self, game_id: int) -> rows.FinishedSession | None:
        """A finished session's action log and recorded round totals (None if there is no
        finished session ``game_id``). Replays read a session's log only through here."""
        found = await self._db.fetch(sql.SELECT_GAME, {"game_id": game_id})
        if not found or found[0]["status"] != "finished" or found[0]["state"] is None:
            return None
        totals: dict[int, list[int]] = {}
        for line in await self._db.fetch(sql.SELECT_ROUNDS, {"game_id": game_id}):
            totals.setdefault(int(line["round_number"]), []).append(int(line["total"]))
        return rows.from_row(
            rows.FinishedSession,
            found[0],
            state=rows.session_log(str(found[0]["state"]), await self._action_texts(game_id)),
            finished_at=rows.time_text(found[0]["finished_at"]),
            rounds=tuple(RoundScores(n, tuple(t)) for n, t in sorted(totals.items())),
        )
