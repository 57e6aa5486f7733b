"""The bot's storage: games and their action logs, seats, rounds and scores, behind one
``Store`` protocol (``protocol.py``). ``open_store`` opens the database the settings name."""

from __future__ import annotations

from bot.settings import Settings
from bot.storage.protocol import Store
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
from bot.storage.sqlite import SqliteStore


async def open_store(settings: Settings) -> Store:
    """Open and migrate the bot's database."""
    return await SqliteStore.open(settings.database_path)


__all__ = [
    "ChannelBusy",
    "GameRow",
    "LeaderboardRow",
    "PlayerStats",
    "RoundRecord",
    "RoundScoreRow",
    "SeatRow",
    "SqliteStore",
    "Store",
    "open_store",
    "utc_now",
]
