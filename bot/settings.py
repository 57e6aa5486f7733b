"""Every setting of the bot, read from the environment or a ``.env`` file (see .env.example)."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

DATABASE_SCHEMES = ("postgresql://", "postgres://", "sqlite:///")

LogLevel = Literal["DEBUG", "INFO", "WARNING", "ERROR"]

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
    default_turn_timer: int = Field(default=120, ge=0, le=3600)  # seconds, 0 = off
    default_target: int = Field(default=500, ge=50, le=10_000)
    reminder_before: int = Field(default=30, ge=0, le=600)  # seconds before the timer runs out
    away_after_timeouts: int = Field(default=2, ge=1, le=10)
    lobby_timeout: int = Field(default=900, ge=30)  # seconds until an unstarted lobby expires
    computer_delay: float = Field(default=1.0, ge=0.0, le=10.0)  # pause before a computer move
    render_images: bool = True
    rating_min_sessions: int = Field(default=3, ge=1, le=100)  # rated sessions to be ranked
    game_seed: int | None = None  # fixed shuffle for reproducible tests; leave empty in play

    @field_validator("log_level", mode="before")
    @classmethod
    def _any_case(cls, value: object) -> object:
        return value.strip().upper() if isinstance(value, str) else value

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
