"""SQLite storage (aiosqlite): games and their action logs, seats, rounds and scores."""

from bot.storage.store import (
    GameRow,
    LeaderboardRow,
    PlayerStats,
    RoundRecord,
    SeatRow,
    Storage,
)

__all__ = ["GameRow", "LeaderboardRow", "PlayerStats", "RoundRecord", "SeatRow", "Storage"]
