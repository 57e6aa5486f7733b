"""Backups of a SQLite database while the bot runs (SQLite's online backup API copies a
consistent snapshot page by page, alongside the bot's writes), and restoring one into an
empty database with the same checks as ``copy``. PostgreSQL is backed up with ``pg_dump``
(docs/operating.md)."""

from __future__ import annotations

import shutil
import sqlite3
import tempfile
from pathlib import Path

from bot.ops.copy import Copied, CopyError, copy_database, require_source
from bot.storage import SQLITE_PREFIX
from bot.storage.sql import COPIED_TABLES

PG_DUMP = "pg_dump --format=custom --file=PATH 'postgresql://…'"
BUSY_TIMEOUT = 30.0  # seconds to wait for the bot's write lock when the copy starts


def backup_sqlite(source_url: str, target: Path) -> dict[str, int]:
    """Copy the SQLite database at ``source_url`` into the new file ``target`` and check it;
    the rows per table of the copy. Raises CopyError when it cannot."""
    if not source_url.startswith(SQLITE_PREFIX):
        raise CopyError(f"back up PostgreSQL with pg_dump: {PG_DUMP}")
    require_source(source_url)
    if target.exists():
        raise CopyError(f"{target} exists already; back up into a new file")
    source = sqlite3.connect(source_url.removeprefix(SQLITE_PREFIX), timeout=BUSY_TIMEOUT)
    try:
        copy = sqlite3.connect(target)
        try:
            source.backup(copy)  # every page in one step: one consistent snapshot
            return _checked(copy)
        finally:
            copy.close()
    except (sqlite3.Error, CopyError):
        target.unlink(missing_ok=True)
        raise
    finally:
        source.close()


def _checked(copy: sqlite3.Connection) -> dict[str, int]:
    (verdict,) = copy.execute("PRAGMA integrity_check").fetchone()
    if verdict != "ok":
        raise CopyError(f"the copy fails SQLite's integrity check: {verdict}")
    return {
        table: copy.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
        for table in COPIED_TABLES
    }


async def restore(backup: Path, target_url: str) -> list[Copied]:
    """Copy the backup file into the empty database at ``target_url`` and check the row
    counts, as ``copy`` does. The backup itself is left untouched (it is migrated in a
    temporary copy)."""
    require_source(f"{SQLITE_PREFIX}{backup}")
    with tempfile.TemporaryDirectory() as scratch:
        working = Path(scratch) / "backup.db"
        shutil.copyfile(backup, working)
        return await copy_database(f"{SQLITE_PREFIX}{working}", target_url)
