"""What the bot asks of its database, written once for SQLite and PostgreSQL: ``Store``.
Every write is one committed transaction before the method returns, so nothing is
acknowledged that a crash could lose. What the databases do their own way sits behind
``self._db`` (``dialect.Database``)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from datetime import UTC, datetime, timedelta
from typing import Any

import bot.storage.sql as sql
from bot.ratings import RatingChange
from bot.storage.dialect import Database, Params, Row, Transaction
from bot.storage.history import History
from bot.storage.rows import (
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
    columns,
    from_row,
    game_from_row,
    moment,
    round_params,
    round_score_params,
    row_params,
    session_log,
    utc_now,
)

ALL_TIME = datetime(1970, 1, 1, tzinfo=UTC)


def _now() -> datetime:
    # Whole seconds, as SQLite stores them, so both backends read back the same times.
    return utc_now().replace(microsecond=0)


class LeasedWrite:
    """One committed transaction writing to a game, only while this process holds the game's
    lease (a game no longer open is nobody's to contest). A class, not a generator: the
    busiest path of all."""

    def __init__(
        self, write: AbstractAsyncContextManager[Transaction], lease: Params, lost: LeaseLost
    ) -> None:
        self._write, self._lease, self._lost = write, lease, lost

    async def __aenter__(self) -> Transaction:
        tx = await self._write.__aenter__()
        try:
            await tx.require(sql.LEASE_IS_OURS, self._lease, self._lost)
        except BaseException as error:
            await self._write.__aexit__(type(error), error, error.__traceback__)
            raise
        return tx

    async def __aexit__(self, *exc: Any) -> bool | None:
        return await self._write.__aexit__(*exc)


class Store(History):
    """The bot's games and their action logs, seats, rounds and scores, leases, ratings and
    replays, in one database (``SqliteStore``, ``PostgresStore``)."""

    def __init__(self, database: Database, owner: str, lease_seconds: float) -> None:
        self._db = database
        self.owner = owner  # this process's name on its leases (INSTANCE_NAME)
        self.lease_seconds = lease_seconds  # how long each lease lasts

    async def close(self) -> None:
        await self._db.close()

    async def schema_version(self) -> int:
        """How many of the numbered migrations this database has had."""
        return await self._db.schema_version()

    # ------------------------------------------------------------ games
    async def create_lobby(
        self,
        guild_id: int,
        channel_id: int,
        host: SeatRow,
        options: dict[str, Any],
        game_key: str,
    ) -> int:
        """A new lobby's id, leased to this process; raises ChannelBusy when the channel has
        an open game."""
        game: dict[str, Any] = {
            "guild_id": guild_id,
            "channel_id": channel_id,
            "host_id": host.user_id,
        }
        game |= {"options": json.dumps(options), "now": _now(), "game_key": game_key}
        async with self._db.transaction() as tx:
            try:
                game_id = int((await tx.fetch(sql.INSERT_GAME, game))[0]["id"])
            except self._db.unique_violation as error:
                raise ChannelBusy from error
            await self._write_seats(tx, game_id, [host])
            await tx.execute(sql.INSERT_LEASE, self._lease(game_id))
        return game_id

    async def open_game_in_channel(self, channel_id: int) -> GameRow | None:
        rows = await self._fetch(sql.SELECT_OPEN_GAME_IN_CHANNEL, {"channel_id": channel_id})
        if not rows:
            return None
        return game_from_row(
            rows[0], await self._fetch(sql.SELECT_SEATS_OF_GAMES, {"ids": [rows[0]["id"]]})
        )

    async def open_games(
        self, shard_count: int | None = None, shard_ids: Sequence[int] = ()
    ) -> list[GameRow]:
        """Every lobby and running game (with ``shard_count``: of these shards' guilds only);
        a running one with its last checkpoint and the actions after it
        (``GameRow.checkpoint``/``actions``)."""
        shards = {"shard_count": shard_count, "ids": list(shard_ids)}
        return await self._restorable(await self._fetch(sql.SELECT_OPEN_GAMES, shards))

    async def _restorable(self, rows: Sequence[Row]) -> list[GameRow]:
        """Games with their checkpoint and the actions after it (what a restore replays)."""
        seats: dict[int, list[Row]] = {int(row["id"]): [] for row in rows}
        for seat in await self._fetch(sql.SELECT_SEATS_OF_GAMES, {"ids": list(seats)}):
            seats[int(seat["game_id"])].append(seat)
        games = []
        for row in rows:
            after = {"game_id": row["id"], "after": row["checkpoint_seq"]}
            actions = [str(a["action"]) for a in await self._fetch(sql.SELECT_ACTIONS_AFTER, after)]
            games.append(game_from_row(row, seats[int(row["id"])], row["checkpoint"], actions))
        return games

    async def game_log(self, game_id: int) -> str | None:
        """A started game's whole action log as the engine's JSON (``to_json``)."""
        rows = await self._fetch(sql.SELECT_GAME, {"game_id": game_id})
        if not rows or rows[0]["state"] is None:
            return None
        return session_log(str(rows[0]["state"]), await self._action_texts(game_id))

    async def game(self, game_id: int) -> GameRow | None:
        """One game, as ``open_games`` reads it (a running one with its checkpoint and the
        actions after it, so a process taking it over restores it whole)."""
        rows = await self._fetch(sql.SELECT_GAME, {"game_id": game_id})
        return (await self._restorable(rows))[0] if rows else None

    async def set_seats(self, game_id: int, seats: Sequence[SeatRow]) -> None:
        async with self._game_write(game_id) as tx:
            await self._write_seats(tx, game_id, seats)

    async def set_table_message(self, game_id: int, message_id: int | None) -> None:
        async with self._game_write(game_id) as tx:
            await tx.execute(
                sql.UPDATE_TABLE_MESSAGE, {"game_id": game_id, "message_id": message_id}
            )

    async def set_ping_message(self, game_id: int, message_id: int | None) -> None:
        async with self._game_write(game_id) as tx:
            await tx.execute(
                sql.UPDATE_PING_MESSAGE, {"game_id": game_id, "message_id": message_id}
            )

    async def start_game(self, game_id: int, seats: Sequence[SeatRow], state: str) -> None:
        async with self._game_write(game_id) as tx:
            await self._write_seats(tx, game_id, seats)
            await tx.execute(sql.START_GAME, {"game_id": game_id, "state": state, "now": _now()})

    async def save_action(
        self,
        game_id: int,
        action: ActionRow,
        finished_rounds: Sequence[RoundRecord] = (),
        winner: int | None = None,
        final_totals: Sequence[int] = (),
        result: SessionResult | None = None,
    ) -> list[RatingChange]:
        """Append the action (with its checkpoint when it began a round), any rounds it
        finished and the session's end, at once; durable before it returns. Actions that
        arrive together may share a transaction (group commit).
        With ``result`` (at the end): the places, the finishing order and, for a rated
        session, the new ratings and their history, in the same transaction; returns the
        rating changes."""
        now, changes = _now(), []
        async with self._game_write(game_id) as tx:
            row = {"game_id": game_id, "seq": action.seq, "action": action.action}
            await tx.execute(sql.INSERT_ACTION, row)
            if action.checkpoint is not None:
                await tx.execute(sql.SET_CHECKPOINT, {**row, "checkpoint": action.checkpoint})
            for record in finished_rounds:
                await tx.execute(sql.INSERT_ROUND, round_params(game_id, record, now))
                await tx.executemany(sql.INSERT_ROUND_SCORE, round_score_params(game_id, record))
            if winner is not None:
                await tx.execute(
                    sql.FINISH_GAME, {"game_id": game_id, "now": now, "winner": winner}
                )
                await tx.executemany(
                    sql.UPDATE_SEAT_RESULT,
                    [
                        {
                            "game_id": game_id,
                            "seat": seat,
                            "score": score,
                            "won": int(seat == winner),
                        }
                        for seat, score in enumerate(final_totals)
                    ],
                )
                if result is not None:
                    changes = await self._record_result(tx, game_id, result)
                await tx.execute(sql.RELEASE_LEASES, {"ids": [game_id], "owner": self.owner})
        return changes

    async def update_seat(self, game_id: int, seat: SeatRow) -> None:
        async with self._game_write(game_id) as tx:
            await tx.execute(sql.UPDATE_SEAT_FLAGS, row_params(seat, game_id=game_id))

    async def close_game(self, game_id: int, status: str) -> bool:
        """Mark an open game abandoned, cancelled or expired; False if it was not open."""
        closing = {"game_id": game_id, "status": status, "now": _now()}
        async with self._game_write(game_id) as tx:
            closed = await tx.fetch(sql.CLOSE_GAME, closing)
            await tx.execute(sql.RELEASE_LEASES, {"ids": [game_id], "owner": self.owner})
        return bool(closed)

    async def member_names(self, guild_id: int, user_ids: Sequence[int]) -> dict[int, str]:
        """The name each of these members last played under in this server (those who never
        sat at a table are missing)."""
        rows = await self._fetch(sql.MEMBER_NAMES, {"guild_id": guild_id, "ids": list(user_ids)})
        return {int(row["user_id"]): str(row["name"]) for row in rows}

    async def prune_closed_lobbies(self) -> int:
        """Delete expired and cancelled lobbies (never dealt: their seats go with them); how
        many went."""
        async with self._db.transaction() as tx:
            gone = await tx.fetch(sql.PRUNE_CLOSED_LOBBIES + " RETURNING id", {})
        return len(gone)

    async def round_rows(self, game_id: int) -> list[RoundScoreRow]:
        rows = await self._fetch(sql.SELECT_ROUNDS, {"game_id": game_id})
        return [from_row(RoundScoreRow, row) for row in rows]

    # ------------------------------------------------------------ whole tables (copying)
    async def table_rows(self, table: str) -> list[dict[str, Any]]:
        """Every row of a table, times as datetimes (python -m bot.storage copy)."""
        rows = await self._fetch(sql.SELECT_ALL.format(table=table), {})
        return [
            {key: moment(v) if key.endswith("_at") and v is not None else v for key, v in r.items()}
            for r in map(columns, rows)
        ]

    async def insert_rows(self, table: str, rows: Sequence[dict[str, Any]]) -> None:
        if not rows:
            return
        names = list(rows[0])
        values = ", ".join(f":{name}" for name in names)
        statement = sql.INSERT_ROW.format(table=table, columns=", ".join(names), values=values)
        async with self._db.transaction() as tx:
            await tx.executemany(statement, rows)
            await tx.execute(sql.AFTER_COPY, {})

    async def count_rows(self, table: str) -> int:
        return int((await self._fetch(sql.COUNT_ROWS.format(table=table), {}))[0][0])

    # ------------------------------------------------------------ leases
    # Every write to an open game above raises LeaseLost unless this process holds its lease;
    # finishing or closing a game gives the lease up.
    async def acquire_leases(self, game_ids: Sequence[int]) -> list[int]:
        """Lease these games to this process where nobody else holds a live lease (an
        expired lease is taken over); the ids it got."""
        async with self._db.transaction() as tx:
            rows = await tx.fetch(sql.ACQUIRE_LEASES, self._lease(ids=list(game_ids)))
        return sorted(int(row["game_id"]) for row in rows)

    async def renew_leases(self) -> set[int]:
        """Extend every lease of this process; the ids of the games it still holds."""
        async with self._db.transaction() as tx:
            rows = await tx.fetch(sql.RENEW_LEASES, self._lease())
        return {int(row["game_id"]) for row in rows}

    async def release_leases(self, game_ids: Sequence[int]) -> None:
        async with self._db.transaction() as tx:
            await tx.execute(sql.RELEASE_LEASES, {"ids": list(game_ids), "owner": self.owner})

    async def leases(self, game_ids: Sequence[int]) -> list[Lease]:
        """Who holds these games' leases, until when."""
        rows = await self._fetch(sql.SELECT_LEASES, {"ids": list(game_ids)})
        return [from_row(Lease, row) for row in rows]

    async def unleased_open_games(self) -> list[tuple[int, int]]:
        """(game id, guild id) of every open game without a live lease."""
        rows = await self._fetch(sql.SELECT_UNLEASED_OPEN_GAMES, {})
        return [(int(row["id"]), int(row["guild_id"])) for row in rows]

    def _lease(self, game_id: int | None = None, **more: Any) -> dict[str, Any]:
        lease = {"owner": self.owner, "lease_seconds": float(self.lease_seconds), **more}
        return lease if game_id is None else {"game_id": game_id, **lease}

    def _game_write(self, game_id: int) -> LeasedWrite:
        return LeasedWrite(self._db.transaction(), self._lease(game_id), LeaseLost(game_id))

    async def _write_seats(self, tx: Transaction, game_id: int, seats: Sequence[SeatRow]) -> None:
        await tx.execute(sql.DELETE_SEATS, {"game_id": game_id})
        await tx.executemany(
            sql.INSERT_SEAT,
            [row_params(seat, game_id=game_id, seat=index) for index, seat in enumerate(seats)],
        )

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
        since = _now() - timedelta(days=days) if days else ALL_TIME
        board = {"guild_id": guild_id, "game_key": game_key, "since": since, "limit": limit}
        rows = await self._fetch(sql.LEADERBOARD, {**board, "sign": -1 if lower_is_better else 1})
        return [from_row(LeaderboardRow, row) for row in rows]

    async def player_stats(self, guild_id: int, user_id: int, game_key: str) -> PlayerStats:
        member = {"guild_id": guild_id, "user_id": user_id, "game_key": game_key}
        found: dict[str, Any] = {}
        for query in (sql.PLAYER_STATS, sql.PLAYER_ROUND_STATS, sql.PLAYER_ABANDONED):
            found |= columns((await self._fetch(query, member))[0])  # aggregates: one row
        return from_row(PlayerStats, found)

    # ------------------------------------------------------------ meta
    async def get_meta(self, key: str) -> str | None:
        rows = await self._fetch(sql.GET_META, {"key": key})
        return str(rows[0]["value"]) if rows else None

    async def set_meta(self, key: str, value: str) -> None:
        async with self._db.transaction() as tx:
            await tx.execute(sql.SET_META, {"key": key, "value": value})
