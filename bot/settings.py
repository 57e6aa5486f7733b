"""Every setting of the bot, read from the environment or a ``.env`` file (see .env.example)."""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Annotated, Literal, Self

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

DATABASE_SCHEMES = ("postgresql://", "postgres://", "sqlite:///")
# The young generation of the cycle collector, in objects (bot/core/collector.py).
YOUNG_THRESHOLD = 700
# Middle passes of the collector before a full one (Python's own: 10; bot/core/collector.py).
OLD_THRESHOLD = 2

LogLevel = Literal["DEBUG", "INFO", "WARNING", "ERROR"]
LogFormat = Literal["text", "json"]

# The .env beside the project (found whatever the current directory), then one in the current
# directory, which wins where both set a key.
PROJECT_ENV_FILE = Path(__file__).resolve().parents[1] / ".env"


class Settings(BaseSettings):
    """Keys are case-insensitive environment variables, e.g. ``DISCORD_TOKEN``."""

    # Empty values (KEY=) count as unset, so .env.example can be copied as it is.
    model_config = SettingsConfigDict(
        env_file=(PROJECT_ENV_FILE, ".env"),
        env_file_encoding="utf-8",
        extra="ignore",
        env_ignore_empty=True,
    )

    discord_token: SecretStr | None = None
    database_path: Path = Path("data/treppenbot.db")
    # postgresql://user:password@host:5432/db (or sqlite:///path); unset: SQLite at database_path.
    database_url: SecretStr | None = None
    dev_guild_id: int | None = None
    log_level: LogLevel = "INFO"
    # text: one readable line per record; json: one JSON object per line (docs/operating.md).
    log_format: LogFormat = "text"
    # Prometheus /metrics, /healthz and /readyz on this port (docs/operating.md); unset: off.
    metrics_port: int | None = Field(default=None, ge=1, le=65_535)
    metrics_host: str = "127.0.0.1"  # 0.0.0.0 to let other machines (or a container host) in
    # SIGTERM or Ctrl-C: seconds to finish what is in flight, commit and hand leases back.
    stop_seconds: float = Field(default=10.0, ge=1.0, le=300.0)
    default_turn_timer: int = Field(default=120, ge=0, le=3600)  # seconds, 0 = off
    # Unset: each game's own target (Treppenrommé and 500 Rum 500, Gin Rummy 100).
    default_target: int | None = Field(default=None, ge=50, le=10_000)
    reminder_before: int = Field(default=30, ge=0, le=600)  # seconds before the timer runs out
    away_after_timeouts: int = Field(default=2, ge=1, le=10)
    lobby_timeout: int = Field(default=900, ge=30)  # seconds until an unstarted lobby expires
    computer_delay: float = Field(default=1.0, ge=0.0, le=10.0)  # pause before a computer move
    # Worker processes that make the computer's moves (0: threads in the bot's process).
    computer_processes: int = Field(default=1, ge=0, le=16)
    render_images: bool = True
    # Upload the bot's card emojis (52 cards, joker, suits) at start-up and show cards with them.
    card_emojis: bool = True
    # Worker processes that draw the pictures (0: threads in the bot's process).
    render_processes: int = Field(default=1, ge=0, le=16)
    # The cycle collector (bot/core/collector.py, docs/performance.md): freeze the survivors of
    # each full pass, let one full pass walk everything this often, and the young
    # generation's size (Python's default: 700 objects), and how many middle passes come
    # before a full one (Python's: 10; fewer make each full pass, and its pause, shorter).
    gc_freeze: bool = True
    gc_reclaim_seconds: float = Field(default=300.0, ge=60.0, le=86_400.0)
    gc_young_threshold: int = Field(default=YOUNG_THRESHOLD, ge=100, le=1_000_000)
    gc_old_threshold: int = Field(default=OLD_THRESHOLD, ge=1, le=100)
    # Sharding (docs/scaling.md). No count: discord.py's automatic sharding in one process.
    shard_count: int | None = Field(default=None, ge=1)
    # The shards this process runs, e.g. "0,1"; empty: all of SHARD_COUNT.
    shard_ids: Annotated[list[int] | None, NoDecode] = None
    # This process's name on the leases of the games it runs; a restarted process with the
    # same name takes its games back at once. Two processes at once need two names.
    instance_name: str = Field(default_factory=socket.gethostname, min_length=1, max_length=100)
    # A process that stops renewing loses its games to another after this many seconds.
    lease_seconds: int = Field(default=60, ge=2, le=3600)
    # PostgreSQL: a per-shard advisory lock lets a standby take a dead process's games over
    # within about a second instead of when their leases run out (docs/scaling.md).
    shard_locks: bool = True
    # Per member: clicks and autocomplete at once, then this many a second (0: no limit).
    click_burst: int = Field(default=8, ge=1, le=1000)
    clicks_per_second: float = Field(default=2.0, ge=0.0, le=1000.0)
    # Open lobbies, and running tables with computer players, at once (.env.example).
    lobbies_per_member: int = Field(default=2, ge=1, le=100)
    lobbies_per_server: int = Field(default=20, ge=1, le=10_000)
    computer_tables_per_member: int = Field(default=1, ge=0, le=100)
    computer_tables_per_server: int = Field(default=5, ge=0, le=10_000)
    rating_min_sessions: int = Field(default=3, ge=1, le=100)  # rated sessions to be ranked
    game_seed: int | None = None  # fixed shuffle for reproducible tests; leave empty in play

    @field_validator("log_level", mode="before")
    @classmethod
    def _any_case(cls, value: object) -> object:
        return value.strip().upper() if isinstance(value, str) else value

    @field_validator("log_format", mode="before")
    @classmethod
    def _lower_case(cls, value: object) -> object:
        return value.strip().lower() if isinstance(value, str) else value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _comma_separated(cls, value: object) -> object:
        if isinstance(value, str):
            return [int(part) for part in value.replace(" ", "").split(",") if part] or None
        return value

    @model_validator(mode="after")
    def _shards_fit(self) -> Self:
        if self.shard_ids is not None:
            if self.shard_count is None:
                raise ValueError("SHARD_IDS needs SHARD_COUNT")
            if any(not 0 <= shard < self.shard_count for shard in self.shard_ids):
                raise ValueError(f"SHARD_IDS must lie between 0 and {self.shard_count - 1}")
            if len(set(self.shard_ids)) != len(self.shard_ids):
                raise ValueError("SHARD_IDS lists a shard twice")
        return self

    def runs_guild(self, guild_id: int, channel_id: int | None = None) -> bool:
        """Whether this process's shards carry the guild (Discord's sharding formula). A DM's
        or group DM's table (its place is its channel: ``channel_id == guild_id``) is shard
        0's, where Discord sends what happens in direct messages."""
        if self.shard_count is None or self.shard_ids is None:
            return True
        shard = 0 if channel_id == guild_id else (guild_id >> 22) % self.shard_count
        return shard in self.shard_ids

    @field_validator("database_url")
    @classmethod
    def _known_database(cls, value: SecretStr | None) -> SecretStr | None:
        if value is not None and not value.get_secret_value().startswith(DATABASE_SCHEMES):
            raise ValueError(f"must start with one of {', '.join(DATABASE_SCHEMES)}")
        return value

    def database(self) -> str:
        """The database to open as a URL: DATABASE_URL, else the SQLite file."""
        if self.database_url is not None:
            return self.database_url.get_secret_value()
        return f"sqlite:///{self.database_path}"

    def token(self) -> str | None:
        """The token, or None when it is missing or blank."""
        if self.discord_token is None:
            return None
        value = self.discord_token.get_secret_value().strip()
        return value or None
