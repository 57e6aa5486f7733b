"""``LOG_FORMAT=json``: one JSON object per log line, for a log collector. Besides the time,
level, logger and message it names the shard, game and guild a line is about where known: from
``extra={"game_id": …, "guild_id": …}``, else from the game task or interaction that logs."""

from __future__ import annotations

import asyncio
import json
import logging
import re
from datetime import UTC, datetime
from typing import Any

from bot.ops.metrics import current_guild

GAME_TASK = re.compile(r"game(\d+)-")  # bot/core/service.py names each game's tasks so
SHARD_LINE = re.compile(r"\bShard ID (\d+)")


class JsonFormatter(logging.Formatter):
    """Formats a record as one line of JSON (no newlines inside: tracebacks are escaped)."""

    def __init__(self, shard_count: int | None) -> None:
        super().__init__()
        self.shard_count = shard_count

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        game_id = getattr(record, "game_id", None) or _game_of_current_task()
        guild_id = getattr(record, "guild_id", None) or current_guild.get()
        if game_id is not None:
            entry["game_id"] = game_id
        if guild_id is not None:
            entry["guild_id"] = guild_id
            if self.shard_count:
                entry["shard"] = (guild_id >> 22) % self.shard_count  # Discord's formula
        shard = SHARD_LINE.search(entry["message"])  # discord.py's gateway lines name it
        if shard is not None:
            entry["shard"] = int(shard[1])
        if record.exc_info:
            entry["error"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False, default=str)


def _game_of_current_task() -> int | None:
    try:
        task = asyncio.current_task()
    except RuntimeError:  # no event loop in this thread
        return None
    match = GAME_TASK.match(task.get_name()) if task is not None else None
    return int(match[1]) if match else None
