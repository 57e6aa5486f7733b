"""``python -m bot.recompute``: recompute every rating from the stored rated sessions and
compare with the stored ratings (they must be identical); ``--write`` stores the recomputed
ratings and history instead (e.g. after changing the rating model)."""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence
from pathlib import Path

from bot.ratings import differences, recompute
from bot.settings import Settings
from bot.storage import SqliteStore, Store, open_store

SAME = "{sessions} rated sessions, {ratings} ratings: the recomputation is identical."
DIFFERENT = "{count} ratings differ from the recomputation:"
WRITTEN = "{sessions} rated sessions, {ratings} ratings recomputed and stored."


async def run(path: Path | None, write: bool) -> int:
    """Check (or with ``write``, rewrite) the ratings of the SQLite file ``path``, or of the
    database the settings name when ``path`` is None."""
    storage: Store = await (SqliteStore.open(path) if path is not None else open_store(Settings()))
    try:
        return await check(storage, write)
    finally:
        await storage.close()


async def check(storage: Store, write: bool) -> int:
    """Check (or with ``write``, rewrite) the ratings of an open store: 0 when they are
    identical to the recomputation (or were rewritten), 1 when they differ."""
    sessions = await storage.rated_sessions()
    fresh = recompute(sessions)
    if write:
        await storage.replace_ratings(fresh.history, fresh.ratings)
        print(WRITTEN.format(sessions=len(sessions), ratings=len(fresh.ratings)))
        return 0
    stored = await storage.all_ratings()
    history = await storage.all_rating_history()
    wrong = differences(stored, fresh.ratings)
    fresh_history = {(game_id, key[2]): r for game_id, key, r in fresh.history}
    wrong_history = sorted(
        key
        for key in history.keys() | fresh_history.keys()
        if history.get(key) != fresh_history.get(key)
    )
    if not wrong and not wrong_history:
        print(SAME.format(sessions=len(sessions), ratings=len(stored)))
        return 0
    print(DIFFERENT.format(count=len(wrong) + len(wrong_history)))
    for guild_id, game_key, user_id in wrong:
        print(
            f"  server {guild_id} {game_key} member {user_id}: stored "
            f"{stored.get((guild_id, game_key, user_id))}, recomputed "
            f"{fresh.ratings.get((guild_id, game_key, user_id))}"
        )
    for game_id, user_id in wrong_history:
        print(f"  session {game_id} member {user_id}: history differs")
    return 1


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``python -m bot.recompute`` with ``argv``; the exit code."""
    parser = argparse.ArgumentParser(
        prog="python -m bot.recompute", description=(__doc__ or "").replace("``", "")
    )
    parser.add_argument(
        "--database",
        type=Path,
        default=None,
        help="a SQLite file (default: the database the settings and .env name)",
    )
    parser.add_argument("--write", action="store_true", help="store the recomputed ratings")
    args = parser.parse_args(argv)
    if args.database is not None and not args.database.exists():
        print(f"no database at {args.database}", file=sys.stderr)
        return 2
    return asyncio.run(run(args.database, args.write))


if __name__ == "__main__":
    sys.exit(main())
