"""The bot's storage: games and their action logs, seats, rounds and scores, in one ``Store``
(``store.py``) written once for SQLite and PostgreSQL. ``open_store`` opens the database the
settings name."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from urllib.parse import urlsplit

import asyncpg

from bot.settings import Settings
from bot.storage.postgres import PostgresStore
from bot.storage.rows import (
    DEFAULT_LEASE_SECONDS,
    DEFAULT_OWNER,
    ActionRow,
    ChannelBusy,
    FinishedSession,
    GameRecord,
    GameRow,
    HeadToHead,
    LeaderboardRow,
    Lease,
    LeaseLost,
    PlayerStats,
    RoundRecord,
    RoundScoreRow,
    SeatRow,
    SessionResult,
    SessionSummary,
    TableThread,
    utc_now,
)
from bot.storage.sqlite import SqliteStore
from bot.storage.store import Store

SQLITE_PREFIX = "sqlite:///"


class StoreUnavailable(Exception):
    """The database cannot be opened: server down, wrong address or password, no access."""


def where(url: str) -> str:
    """The database a URL names, without its password."""
    if url.startswith(SQLITE_PREFIX):
        return url
    parts = urlsplit(url)
    return f"postgresql://{parts.hostname or ''}:{parts.port or 5432}{parts.path}"


async def open_url(
    url: str, owner: str = DEFAULT_OWNER, lease_seconds: float = DEFAULT_LEASE_SECONDS
) -> Store:
    """Open and migrate ``postgresql://…`` or ``sqlite:///path`` (a relative path after the
    three slashes, an absolute one after four); ``owner`` and ``lease_seconds``: see ``Store``."""
    try:
        if url.startswith(SQLITE_PREFIX):
            path = Path(url.removeprefix(SQLITE_PREFIX))
            return await SqliteStore.open(path, owner, lease_seconds)
        if url.startswith(("postgresql://", "postgres://")):
            return await PostgresStore.open(url, owner, lease_seconds)
    except (OSError, TimeoutError, sqlite3.Error, asyncpg.PostgresError) as error:
        raise StoreUnavailable(f"cannot open the database {where(url)}: {error}") from error
    raise ValueError("a database URL starts with postgresql:// or sqlite:///")


async def open_store(settings: Settings) -> Store:
    """Open and migrate the bot's database: DATABASE_URL, else SQLite at DATABASE_PATH."""
    return await open_url(settings.database(), settings.instance_name, settings.lease_seconds)


__all__ = [
    "SQLITE_PREFIX",
    "ActionRow",
    "ChannelBusy",
    "FinishedSession",
    "GameRecord",
    "GameRow",
    "HeadToHead",
    "LeaderboardRow",
    "Lease",
    "LeaseLost",
    "PlayerStats",
    "PostgresStore",
    "RoundRecord",
    "RoundScoreRow",
    "SeatRow",
    "SessionResult",
    "SessionSummary",
    "SqliteStore",
    "Store",
    "StoreUnavailable",
    "TableThread",
    "open_store",
    "open_url",
    "utc_now",
]
