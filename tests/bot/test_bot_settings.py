"""Settings: every key is documented in .env.example, and the example itself is valid."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.settings import Settings
from bot.storage import Storage

ROOT = Path(__file__).resolve().parents[2]


def test_every_setting_is_in_env_example_with_a_comment() -> None:
    text = (ROOT / ".env.example").read_text()
    keys = re.findall(r"^([A-Z_]+)=", text, flags=re.MULTILINE)
    assert sorted(keys) == sorted(name.upper() for name in Settings.model_fields)
    for key in keys:
        before = text.split(f"\n{key}=")[0].rstrip().splitlines()[-1]
        assert before.startswith("#"), f"{key} needs a comment above it"


def test_env_example_loads_and_has_no_token(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    settings = Settings(_env_file=ROOT / ".env.example")  # type: ignore[call-arg]
    assert settings.token() is None
    assert settings.database_path == Path("data/treppenbot.db")


def test_token_is_never_shown() -> None:
    settings = Settings(_env_file=None, discord_token="very-secret")  # type: ignore[call-arg]
    assert "very-secret" not in repr(settings) and "very-secret" not in str(settings)
    assert settings.token() == "very-secret"


async def test_migrations_are_applied_once_and_wal_is_on(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "folder" / "bot.db"
    storage = await Storage.open(path)
    version = await storage.schema_version()
    assert version >= 2
    assert await storage.journal_mode() == "wal"
    await storage.close()
    again = await Storage.open(path)
    assert await again.schema_version() == version
    await again.close()
