"""``python -m bot.storage copy --from sqlite:///data/treppenbot.db --to postgresql://…``:
copy the bot's database into another and check the row counts (docs/scaling.md). Stop the bot
first, so nothing changes while it copies."""

from __future__ import annotations

import argparse
import asyncio
import sys

from bot.storage.copy import CopyError, copy_database


def parse_args(argv: list[str] | None) -> argparse.Namespace:
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
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        report = asyncio.run(copy_database(args.source, args.target))
    except (CopyError, OSError, ValueError) as error:
        print(f"copy failed: {error}", file=sys.stderr)
        return 1
    for copied in report:
        print(f"{copied.table:<15} {copied.source:>8} rows copied, {copied.target:>8} in target")
    print("copy complete: every table has the same number of rows on both sides")
    return 0


if __name__ == "__main__":
    sys.exit(main())
