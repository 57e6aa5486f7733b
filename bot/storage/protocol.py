"""What the bot asks of its database. SQLite and PostgreSQL each implement it in full; every
write is one committed transaction before the method returns, so nothing is acknowledged that a
crash could lose."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from bot.storage.rows import (
    GameRow,
    LeaderboardRow,
    PlayerStats,
    RoundRecord,
    RoundScoreRow,
    SeatRow,
)


class Store(Protocol):
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
        """A new lobby's id; raises ChannelBusy when the channel has an open game."""
        ...

    async def open_game_in_channel(self, channel_id: int) -> GameRow | None: ...

    async def open_games(self) -> list[GameRow]: ...

    async def game(self, game_id: int) -> GameRow | None: ...

    async def set_seats(self, game_id: int, seats: Sequence[SeatRow]) -> None: ...

    async def set_table_message(self, game_id: int, message_id: int | None) -> None: ...

    async def set_ping_message(self, game_id: int, message_id: int | None) -> None: ...

    async def start_game(self, game_id: int, seats: Sequence[SeatRow], state: str) -> None: ...

    async def save_action(
        self,
        game_id: int,
        state: str,
        finished_rounds: Sequence[RoundRecord] = (),
        winner: int | None = None,
        final_totals: Sequence[int] = (),
    ) -> None:
        """Store the new action log, any rounds it finished and the session's end, at once."""
        ...

    async def update_seat(self, game_id: int, seat: SeatRow) -> None: ...

    async def close_game(self, game_id: int, status: str) -> bool:
        """Mark an open game abandoned, cancelled or expired; False if it was not open."""
        ...

    async def round_rows(self, game_id: int) -> list[RoundScoreRow]: ...

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

    # ------------------------------------------------------------ meta
    async def get_meta(self, key: str) -> str | None: ...

    async def set_meta(self, key: str, value: str) -> None: ...
