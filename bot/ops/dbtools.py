"""``python -m bot.storage`` (``bot/storage/__main__.py``): tools for the bot's database
(docs/operating.md).

- ``copy --from URL --to URL``: copy into another, empty database and check the row counts
  (docs/scaling.md). Stop the bot first, so nothing changes while it copies.
- ``backup PATH``: a consistent copy of the SQLite database into a new file, while the bot
  runs (PostgreSQL: pg_dump).
- ``restore PATH``: put a backup back into an empty database, with the checks of ``copy``.

Every refusal is one line on stderr and exit code 1."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

from bot.ops.backup import backup_sqlite, restore
from bot.ops.copy import Copied, CopyError, copy_database
from bot.storage import StoreUnavailable

DATABASE_HELP = "sqlite:///path or postgresql://… (default: the bot's DATABASE_URL or _PATH)"


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The command line of ``python -m bot.storage``: copy, backup or restore and their paths."""
    parser = argparse.ArgumentParser(
        prog="python -m bot.storage", description="Tools for the bot's database."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    copy = commands.add_parser(
        "copy",
        help="copy every game, seat, round, score, rating and setting into an empty database",
        description="Copy one database into another, empty one and check the row counts. "
        "Both are migrated to the newest schema first. Stop the bot while it runs.",
    )
    copy.add_argument(
        "--from", dest="source", required=True, help="sqlite:///path or postgresql://…"
    )
    copy.add_argument("--to", dest="target", required=True, help="postgresql://… or sqlite:///path")
    backup = commands.add_parser(
        "backup",
        help="copy the SQLite database into a new file, while the bot runs",
        description="A consistent copy of the bot's SQLite database, checked and counted. "
        "Safe while the bot runs. For PostgreSQL use pg_dump (docs/operating.md).",
    )
    backup.add_argument("path", type=Path, help="the new backup file")
    backup.add_argument("--from", dest="source", help=DATABASE_HELP)
    back = commands.add_parser(
        "restore",
        help="put a backup back into an empty database",
        description="Copy a backup file into an empty database (migrated to the newest "
        "schema) and check the row counts, as copy does. Stop the bot while it runs.",
    )
    back.add_argument("path", type=Path, help="a file made by backup")
    back.add_argument("--to", dest="target", help=DATABASE_HELP)
    return parser.parse_args(argv)


def bot_database() -> str:
    """The database the bot's settings name (environment and .env)."""
    from bot.settings import Settings

    return Settings().database()


def run(args: argparse.Namespace) -> list[str]:
    """Do what ``args`` ask; the lines to print."""
    if args.command == "backup":
        counts = backup_sqlite(args.source or bot_database(), args.path)
        lines = [f"{table:<15} {rows:>8} rows" for table, rows in counts.items()]
        return [*lines, f"backup complete: {args.path} passed SQLite's integrity check"]
    if args.command == "restore":
        report = asyncio.run(restore(args.path, args.target or bot_database()))
    else:
        report = asyncio.run(copy_database(args.source, args.target))
    return [*map(_copied, report), f"{args.command} complete: {SAME_COUNTS}"]


SAME_COUNTS = "every table has the same number of rows on both sides"


def _copied(copied: Copied) -> str:
    return f"{copied.table:<15} {copied.source:>8} rows copied, {copied.target:>8} in target"


def main(argv: list[str] | None = None) -> int:
    """Run one database tool; its exit code (1 with one line on stderr when it cannot)."""
    args = parse_args(argv)
    try:
        lines = run(args)
    except (CopyError, StoreUnavailable, OSError, ValueError) as error:
        print(f"{args.command} failed: {error}", file=sys.stderr)
        return 1
    print("\n".join(lines))
    return 0
