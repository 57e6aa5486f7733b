"""What the bot asks of its database. SQLite and PostgreSQL each implement it in full; every
write is one committed transaction before the method returns, so nothing is acknowledged that a
crash could lose."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from bot.ratings import RatedSession, Rating, RatingChange, RatingKey
from bot.storage.rows import (
    ActionRow,
    FinishedSession,
    GameRecord,
    GameRow,
    HeadToHead,
    LeaderboardRow,
    Lease,
    PlayerStats,
    RoundRecord,
    RoundScoreRow,
    SeatRow,
    SessionResult,
    SessionSummary,
)


class Store(Protocol):
    # This process's name on its leases (INSTANCE_NAME) and how long each lease lasts.
    owner: str
    lease_seconds: float

    async def close(self) -> None: ...

    async def schema_version(self) -> int:
        """How many of the numbered migrations this database has had."""
        ...

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
        ...

    async def open_game_in_channel(self, channel_id: int) -> GameRow | None: ...

    async def open_games(
        self, shard_count: int | None = None, shard_ids: Sequence[int] = ()
    ) -> list[GameRow]:
        """Every lobby and running game (with ``shard_count``: of these shards' guilds only);
        a running one with its last checkpoint and the actions after it
        (``GameRow.checkpoint``/``actions``)."""
        ...

    async def game_log(self, game_id: int) -> str | None:
        """A started game's whole action log as the engine's JSON (``to_json``)."""
        ...

    async def game(self, game_id: int) -> GameRow | None:
        """One game, as ``open_games`` reads it (a running one with its checkpoint and the
        actions after it, so a process taking it over restores it whole)."""
        ...

    async def set_seats(self, game_id: int, seats: Sequence[SeatRow]) -> None: ...

    async def set_table_message(self, game_id: int, message_id: int | None) -> None: ...

    async def set_ping_message(self, game_id: int, message_id: int | None) -> None: ...

    async def start_game(self, game_id: int, seats: Sequence[SeatRow], state: str) -> None: ...

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
        ...

    async def update_seat(self, game_id: int, seat: SeatRow) -> None: ...

    async def close_game(self, game_id: int, status: str) -> bool:
        """Mark an open game abandoned, cancelled or expired; False if it was not open."""
        ...

    async def prune_closed_lobbies(self) -> int:
        """Delete expired and cancelled lobbies (never dealt); how many were deleted."""
        ...

    async def round_rows(self, game_id: int) -> list[RoundScoreRow]: ...

    # ------------------------------------------------------------ whole tables (copying)
    async def table_rows(self, table: str) -> list[dict[str, Any]]:
        """Every row of a table, times as datetimes (python -m bot.storage copy)."""
        ...

    async def insert_rows(self, table: str, rows: Sequence[dict[str, Any]]) -> None: ...

    async def count_rows(self, table: str) -> int: ...

    # ------------------------------------------------------------ leases
    # Every write to an open game above raises LeaseLost unless this process holds its lease;
    # finishing or closing a game gives the lease up.
    async def acquire_leases(self, game_ids: Sequence[int]) -> list[int]:
        """Lease these games to this process where nobody else holds a live lease (an
        expired lease is taken over); the ids it got."""
        ...

    async def renew_leases(self) -> set[int]:
        """Extend every lease of this process; the ids of the games it still holds."""
        ...

    async def release_leases(self, game_ids: Sequence[int]) -> None: ...

    async def leases(self, game_ids: Sequence[int]) -> list[Lease]:
        """Who holds these games' leases, until when."""
        ...

    async def unleased_open_games(self) -> list[tuple[int, int]]:
        """(game id, guild id) of every open game without a live lease."""
        ...

    # ------------------------------------------------------------ scores
    async def leaderboard(
        self,
        guild_id: int,
        game_key: str,
        *,
        days: int | None = None,
        limit: int = 10,
        lower_is_better: bool = False,
    ) -> list[LeaderboardRow]: ...

    async def player_stats(self, guild_id: int, user_id: int, game_key: str) -> PlayerStats: ...

    # ------------------------------------------------------------ ratings and history
    async def rating(self, guild_id: int, game_key: str, user_id: int) -> Rating | None:
        """A member's current rating in a game; None before their first rated session."""
        ...

    async def rating_board(
        self, guild_id: int, game_key: str, *, min_sessions: int = ..., limit: int = 10
    ) -> list[tuple[int, Rating]]:
        """(member, rating) with ``min_sessions`` rated sessions or more, best conservative
        rating first."""
        ...

    async def rating_history(self, guild_id: int, game_key: str, user_id: int) -> list[Rating]:
        """A member's rating after each of their rated sessions, oldest first."""
        ...

    async def rated_sessions(self) -> list[RatedSession]:
        """Every rated session with its members and places, in the order they finished."""
        ...

    async def all_ratings(self) -> dict[RatingKey, Rating]: ...

    async def all_rating_history(self) -> dict[tuple[int, int], Rating]:
        """(session, member) -> the member's rating after that session."""
        ...

    async def replace_ratings(
        self, history: Sequence[tuple[int, RatingKey, Rating]], ratings: dict[RatingKey, Rating]
    ) -> None:
        """Rewrite every rating and the whole rating history (a recomputation)."""
        ...

    async def head_to_head(
        self, guild_id: int, game_key: str, user_id: int, *, limit: int = 3
    ) -> list[HeadToHead]:
        """The members met most in finished sessions of a game, and who finished ahead."""
        ...

    async def games_played(self, guild_id: int, user_id: int) -> list[GameRecord]: ...

    # ------------------------------------------------------------ replays
    async def recent_sessions(
        self,
        guild_id: int,
        *,
        channel_id: int | None = None,
        user_id: int | None = None,
        limit: int = 25,
    ) -> list[SessionSummary]:
        """Finished sessions of a server, newest first, of a channel and/or a member."""
        ...

    async def finished_session(self, game_id: int) -> FinishedSession | None:
        """A finished session's action log and recorded round totals (None if there is no
        finished session ``game_id``). Replays read a session's log only through here."""
        ...

    # ------------------------------------------------------------ meta
    async def get_meta(self, key: str) -> str | None: ...

    async def set_meta(self, key: str, value: str) -> None: ...
