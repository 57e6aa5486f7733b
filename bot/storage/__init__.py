"""The bot's storage: games and their action logs, seats, rounds and scores, behind one
``Store`` protocol (``protocol.py``). ``open_store`` opens the database the settings name."""

from __future__ import annotations

from pathlib import Path

from bot.settings import Settings
from bot.storage.postgres import PostgresStore
from bot.storage.protocol import Store
from bot.storage.rows import (
    ChannelBusy,
    FinishedSession,
    GameRecord,
    GameRow,
    HeadToHead,
    LeaderboardRow,
    PlayerStats,
    RoundRecord,
    RoundScoreRow,
    SeatRow,
    SessionResult,
    SessionSummary,
    utc_now,
)
from bot.storage.sqlite import SqliteStore

SQLITE_PREFIX = "sqlite:///"


async def open_url(url: str) -> Store:
    """Open and migrate ``postgresql://…`` or ``sqlite:///path`` (a relative path after the
    three slashes, an absolute one after four)."""
    if url.startswith(SQLITE_PREFIX):
        return await SqliteStore.open(Path(url.removeprefix(SQLITE_PREFIX)))
    if url.startswith(("postgresql://", "postgres://")):
        return await PostgresStore.open(url)
    raise ValueError("a database URL starts with postgresql:// or sqlite:///")


async def open_store(settings: Settings) -> Store:
    """Open and migrate the bot's database: DATABASE_URL, else SQLite at DATABASE_PATH."""
    return await open_url(settings.database())


__all__ = [
    "ChannelBusy",
    "FinishedSession",
    "GameRecord",
    "GameRow",
    "HeadToHead",
    "LeaderboardRow",
    "PlayerStats",
    "PostgresStore",
    "RoundRecord",
    "RoundScoreRow",
    "SeatRow",
    "SessionResult",
    "SessionSummary",
    "SqliteStore",
    "Store",
    "open_store",
    "open_url",
    "utc_now",
]
