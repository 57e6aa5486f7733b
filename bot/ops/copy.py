"""Copy a whole database into another, e.g. a bot's SQLite file into PostgreSQL when it
outgrows one process (docs/scaling.md), and check that every table arrived whole."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path

from bot.storage import SQLITE_PREFIX, Store, StoreUnavailable, open_url
from bot.storage.sql import COPIED_TABLES

SQLITE_HEADER = b"SQLite format 3\x00"


class CopyError(Exception):
    """The copy cannot start, or what arrived differs from what was sent."""


@dataclass(frozen=True, slots=True)
class Copied:
    """One table's copy: how many rows the source had and the target holds after it."""

    table: str
    source: int  # rows in the source
    target: int  # rows in the target afterwards


def require_source(url: str) -> None:
    """Refuse a SQLite source that is not there or not a database, before anything is
    opened (opening a missing file would create an empty database)."""
    if not url.startswith(SQLITE_PREFIX):
        return
    path = Path(url.removeprefix(SQLITE_PREFIX))
    if not path.is_file():
        raise CopyError(f"the source {url} does not exist")
    try:
        with path.open("rb") as file:
            header = file.read(len(SQLITE_HEADER))
    except OSError as error:
        raise CopyError(f"cannot read the source {url}: {error.strerror}") from error
    if header != SQLITE_HEADER:
        raise CopyError(f"the source {url} is not a SQLite database")


async def copy_database(source_url: str, target_url: str) -> list[Copied]:
    """Copy every table of ``source_url`` into the empty database at ``target_url`` (both
    migrated to the newest schema first) and count both sides. Raises CopyError when the
    source is missing or unreadable (before the target is touched), when the target already
    holds games or a count differs."""
    require_source(source_url)
    try:
        source = await open_url(source_url, owner="copy")
    except (StoreUnavailable, sqlite3.Error) as error:
        raise CopyError(f"cannot read the source: {error}") from error
    try:
        target = await open_url(target_url, owner="copy")
        try:
            return await _copy(source, target)
        finally:
            await target.close()
    finally:
        await source.close()


async def _copy(source: Store, target: Store) -> list[Copied]:
    if await source.schema_version() != await target.schema_version():
        raise CopyError("the two databases have different schema versions")
    if await target.count_rows("games"):
        raise CopyError("the target already holds games; copy only into an empty database")
    for table in COPIED_TABLES:
        await target.insert_rows(table, await source.table_rows(table))
    report = [
        Copied(table, await source.count_rows(table), await target.count_rows(table))
        for table in COPIED_TABLES
    ]
    wrong = [c.table for c in report if c.source != c.target]
    if wrong:
        raise CopyError(f"row counts differ after the copy in: {', '.join(wrong)}")
    return report
