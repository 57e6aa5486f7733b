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

import bot.storage.rows as rows
import bot.storage.sql as sql
from bot.ratings import RatingChange
from bot.storage.dialect import Database, Row, Transaction
from bot.storage.history import History, seen_in

ALL_TIME = datetime(1970, 1, 1, tzinfo=UTC)


class Store(History):
    """The bot's games and their action logs, seats, rounds and scores, leases, ratings and
    replays, in one database (``SqliteStore``, ``PostgresStore``). ``owner`` names this process
    on the leases of its games, each good for ``lease_seconds``."""

    def __init__(self, database: Database, owner: str, lease_seconds: float) -> None:
        self._db = database
        self.owner = owner  # INSTANCE_NAME
        self.lease_seconds = lease_seconds

    async def close(self) -> None:
        """Close the database."""
        await self._db.close()

    async def schema_version(self) -> int:
        """How many of the numbered migrations this database has had."""
        return await self._db.schema_version()

    # ------------------------------------------------------------ games
    async def create_lobby(
        self,
        guild_id: int,
        channel_id: int,
        host: rows.SeatRow,
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
        game |= {"status": "lobby", "options": json.dumps(options), "created_at": rows.now()}
        async with self._db.transaction() as tx:
            try:
                game_id = int(
                    (await tx.fetch(sql.INSERT_GAME, game | {"game_key": game_key}))[0][0]
                )
            except self._db.unique_violation as error:
                raise rows.ChannelBusy from error
            await self._write_seats(tx, game_id, [host])
            await tx.execute(sql.INSERT_LEASE, self._lease(game_id))
        return game_id

    async def open_games(
        self, shard_count: int | None = None, shard_ids: Sequence[int] = ()
    ) -> list[rows.GameRow]:
        """Every lobby and running game (with ``shard_count``: of these shards' guilds only),
        as ``game`` reads it."""
        shards = {"shard_count": shard_count, "ids": list(shard_ids)}
        return await self._restorable(await self._db.fetch(sql.SELECT_OPEN_GAMES, shards))

    async def game(self, game_id: int) -> rows.GameRow | None:
        """One game; a running one with its last checkpoint and the actions after it
        (``GameRow.checkpoint``/``actions``), so a process restores it whole."""
        found = await self._db.fetch(sql.SELECT_GAME, {"game_id": game_id})
        return (await self._restorable(found))[0] if found else None

    async def _restorable(self, games: Sequence[Row]) -> list[rows.GameRow]:
        seats: dict[int, list[Row]] = {int(game["id"]): [] for game in games}
        for seat in await self._db.fetch(sql.SELECT_SEATS_OF_GAMES, {"ids": list(seats)}):
            seats[int(seat["game_id"])].append(seat)
        restorable = []
        for game in games:
            actions = await self._action_texts(game["id"], after=game["checkpoint_seq"])
            seated = seats[int(game["id"])]
            restorable.append(rows.game_from_row(game, seated, game["checkpoint"], actions))
        return restorable

    async def game_log(self, game_id: int) -> str | None:
        """A started game's whole action log as the engine's JSON (``to_json``)."""
        found = await self._db.fetch(sql.SELECT_GAME, {"game_id": game_id})
        if not found or found[0]["state"] is None:
            return None
        return rows.session_log(str(found[0]["state"]), await self._action_texts(game_id))

    async def set_seats(self, game_id: int, seats: Sequence[rows.SeatRow]) -> None:
        """Who sits at a lobby's table now."""
        async with self._game_write(game_id) as tx:
            await self._write_seats(tx, game_id, seats)

    async def set_table_message(self, game_id: int, message_id: int | None) -> None:
        """The message that shows the table."""
        await self._write_game(game_id, sql.UPDATE_TABLE_MESSAGE, {"message_id": message_id})

    async def update_seat(self, game_id: int, seat: rows.SeatRow) -> None:
        """A seat's flags: away, departed, timeouts, stood in."""
        await self._write_game(game_id, sql.UPDATE_SEAT_FLAGS, rows.row_params(seat))

    async def start_game(self, game_id: int, seats: Sequence[rows.SeatRow], state: str) -> None:
        """Deal: the final seats and the session's header (the engine's JSON, no actions)."""
        async with self._game_write(game_id) as tx:
            await self._write_seats(tx, game_id, seats)
            await tx.execute(
                sql.START_GAME, {"game_id": game_id, "state": state, "now": rows.now()}
            )

    async def save_action(
        self,
        game_id: int,
        action: rows.ActionRow,
        finished_rounds: Sequence[rows.RoundRecord] = (),
        winner: int | None = None,
        final_totals: Sequence[int] = (),
        result: rows.SessionResult | None = None,
    ) -> list[RatingChange]:
        """Append the action (with its checkpoint when it began a round), any rounds it
        finished and the session's end, at once; durable before it returns. Actions that
        arrive together may share a transaction (group commit).
        With ``result`` (at the end): the places, the finishing order and, for a rated
        session, the new ratings and their history, in the same transaction; returns the
        rating changes."""
        at, changes = rows.now(), []
        async with self._game_write(game_id) as tx:
            row = {"game_id": game_id, "seq": action.seq, "action": action.action}
            await tx.execute(sql.INSERT_ACTION, row)
            if action.checkpoint is not None:
                await tx.execute(sql.SET_CHECKPOINT, {**row, "checkpoint": action.checkpoint})
            for record in finished_rounds:
                await tx.execute(
                    sql.INSERT_ROUND, rows.row_params(record, game_id=game_id, finished_at=at)
                )
                scores = rows.round_score_params(game_id, record)
                await tx.executemany(sql.INSERT_ROUND_SCORE, scores)
            if winner is not None:
                await tx.execute(sql.FINISH_GAME, {"game_id": game_id, "now": at, "winner": winner})
                totals = [
                    {"game_id": game_id, "seat": seat, "score": score, "won": int(seat == winner)}
                    for seat, score in enumerate(final_totals)
                ]
                await tx.executemany(sql.UPDATE_SEAT_RESULT, totals)
                if result is not None:
                    changes = await self._record_result(tx, game_id, result)
                await tx.execute(sql.RELEASE_LEASES, {"ids": [game_id], "owner": self.owner})
        return changes

    async def close_game(self, game_id: int, status: str) -> bool:
        """Mark an open game abandoned, cancelled or expired; False if it was not open."""
        closing = {"game_id": game_id, "status": status, "now": rows.now()}
        async with self._game_write(game_id) as tx:
            closed = await tx.fetch(sql.CLOSE_GAME, closing)
            await tx.execute(sql.RELEASE_LEASES, {"ids": [game_id], "owner": self.owner})
        return bool(closed)

    async def member_names(self, guild_id: int, user_ids: Sequence[int]) -> dict[int, str]:
        """The name each of these members last played under in this server (those who never
        sat at a table are missing)."""
        names = {"guild_id": guild_id, "ids": list(user_ids)}
        return {
            int(r["user_id"]): str(r["name"]) for r in await self._db.fetch(sql.MEMBER_NAMES, names)
        }

    async def prune_closed_lobbies(self) -> int:
        """Delete expired and cancelled lobbies (never dealt: their seats go with them); how
        many went."""
        return len(await self._write(sql.PRUNE_CLOSED_LOBBIES + " RETURNING id", {}))

    async def round_rows(self, game_id: int) -> list[rows.RoundScoreRow]:
        """Each seat's line of each finished round of a game."""
        return await self._rows(rows.RoundScoreRow, sql.SELECT_ROUNDS, {"game_id": game_id})

    # ------------------------------------------------------------ whole tables (copying)
    async def table_rows(self, table: str) -> list[dict[str, Any]]:
        """Every row of a table, times as datetimes (python -m bot.storage copy)."""
        found = map(dict, await self._db.fetch(sql.SELECT_ALL.format(table=table), {}))
        return [
            {
                key: rows.moment(v) if key.endswith("_at") and v is not None else v
                for key, v in r.items()
            }
            for r in found
        ]

    async def insert_rows(self, table: str, copied: Sequence[dict[str, Any]]) -> None:
        """Insert rows as ``table_rows`` reads them (into an empty database)."""
        if copied:
            async with self._db.transaction() as tx:
                await tx.executemany(sql.insert(table, " ".join(copied[0])), copied)
                await tx.execute(sql.AFTER_COPY, {})

    async def count_rows(self, table: str) -> int:
        """How many rows a table has."""
        return int((await self._db.fetch(sql.COUNT_ROWS.format(table=table), {}))[0][0])

    # ------------------------------------------------------------ leases
    # Every write to an open game above raises LeaseLost unless this process holds its lease;
    # finishing or closing a game gives the lease up.
    async def acquire_leases(self, game_ids: Sequence[int]) -> list[int]:
        """Lease these games to this process where nobody else holds a live lease (an
        expired lease is taken over); the ids it got."""
        got = await self._write(sql.ACQUIRE_LEASES, self._lease(ids=list(game_ids)))
        return sorted(int(row["game_id"]) for row in got)

    async def renew_leases(self) -> set[int]:
        """Extend every lease of this process; the ids of the games it still holds."""
        return {int(row["game_id"]) for row in await self._write(sql.RENEW_LEASES, self._lease())}

    async def release_leases(self, game_ids: Sequence[int]) -> None:
        """Give these games' leases up (a process that stops)."""
        await self._write(sql.RELEASE_LEASES, {"ids": list(game_ids), "owner": self.owner})

    async def leases(self, game_ids: Sequence[int]) -> list[rows.Lease]:
        """Who holds these games' leases, until when."""
        return await self._rows(rows.Lease, sql.SELECT_LEASES, {"ids": list(game_ids)})

    async def unleased_open_games(self) -> list[tuple[int, int, int]]:
        """(game id, guild id, channel id) of every open game without a live lease."""
        found = await self._db.fetch(sql.SELECT_UNLEASED_OPEN_GAMES, {})
        return [(int(row["id"]), int(row["guild_id"]), int(row["channel_id"])) for row in found]

    def _lease(self, game_id: int | None = None, **more: Any) -> dict[str, Any]:
        lease = {"owner": self.owner, "lease_seconds": float(self.lease_seconds), **more}
        return lease if game_id is None else {"game_id": game_id, **lease}

    def _game_write(self, game_id: int) -> AbstractAsyncContextManager[Transaction]:
        """A write to a game, only while this process holds its lease (a game no longer open
        is nobody's to contest)."""
        check = (sql.LEASE_IS_OURS, self._lease(game_id), rows.LeaseLost(game_id))
        return self._db.transaction(check)

    async def _write_game(self, game_id: int, query: str, params: dict[str, Any]) -> None:
        async with self._game_write(game_id) as tx:
            await tx.execute(query, {**params, "game_id": game_id})

    async def _write_seats(
        self, tx: Transaction, game_id: int, seats: Sequence[rows.SeatRow]
    ) -> None:
        await tx.execute(sql.DELETE_SEATS, {"game_id": game_id})
        seated = [
            rows.row_params(seat, game_id=game_id, seat=index) for index, seat in enumerate(seats)
        ]
        await tx.executemany(sql.INSERT_SEAT, seated)

    # ------------------------------------------------------------ scores
    async def leaderboard(
        self,
        guild_id: int,
        game_key: str,
        *,
        days: int | None = None,
        limit: int = 10,
        lower_is_better: bool = False,
        channels: Sequence[int] | None = None,
    ) -> list[rows.LeaderboardRow]:
        """The best players of one game (sessions of ``channels``, None: all): most wins,
        then the best session points."""
        since = rows.now() - timedelta(days=days) if days else ALL_TIME
        board = {"guild_id": guild_id, "game_key": game_key, "since": since, "limit": limit}
        board |= seen_in(channels)
        board["sign"] = -1 if lower_is_better else 1
        return await self._rows(rows.LeaderboardRow, sql.LEADERBOARD, board)

    async def player_stats(
        self, guild_id: int, user_id: int, game_key: str, *, channels: Sequence[int] | None = None
    ) -> rows.PlayerStats:
        """One member's figures in one game of this server (sessions of ``channels``)."""
        member = {"guild_id": guild_id, "user_id": user_id, "game_key": game_key}
        member |= seen_in(channels)
        found: dict[str, Any] = {}
        for query in (sql.PLAYER_STATS, sql.PLAYER_ROUND_STATS):
            found |= dict((await self._db.fetch(query, member))[0])  # aggregates: one row
        return rows.from_row(rows.PlayerStats, found)

    # ------------------------------------------------------------ a table's own thread
    async def add_table_thread(
        self, thread_id: int, guild_id: int, parent_id: int, line_id: int
    ) -> None:
        """A thread the bot opened for a table from its line ``line_id`` in ``parent_id``."""
        ids = {"thread_id": thread_id, "guild_id": guild_id, "parent_id": parent_id}
        await self._write(sql.INSERT_TABLE_THREAD, ids | {"line_id": line_id})

    async def table_thread(self, thread_id: int) -> rows.TableThread | None:
        """The table thread ``thread_id`` (with its newest game), None for any other channel."""
        found = await self._table_threads(thread_id, unshown=False)
        return found[0] if found else None

    async def threads_to_show(self, thread_id: int | None = None) -> list[rows.TableThread]:
        """The table threads (or this one) whose newest game has closed and is not yet the
        one their line shows."""
        return await self._table_threads(thread_id, unshown=True)

    async def set_thread_shown(self, thread_id: int, game_id: int) -> None:
        """The thread's line shows how game ``game_id`` ended."""
        await self._write(sql.SET_THREAD_SHOWN, {"thread_id": thread_id, "game_id": game_id})

    async def _table_threads(
        self, thread_id: int | None, *, unshown: bool
    ) -> list[rows.TableThread]:
        query = {"thread_id": thread_id, "unshown": int(unshown)}
        return await self._rows(rows.TableThread, sql.SELECT_TABLE_THREADS, query)

    # ------------------------------------------------------------ meta
    async def get_meta(self, key: str) -> str | None:
        """A small stored fact (e.g. the synced commands' fingerprint); None if unset."""
        found = await self._db.fetch(sql.GET_META, {"key": key})
        return str(found[0]["value"]) if found else None

    async def set_meta(self, key: str, value: str) -> None:
        """Store a small fact under ``key``."""
        await self._write(sql.SET_META, {"key": key, "value": value})
