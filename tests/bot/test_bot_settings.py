"""Settings: every key is documented in .env.example, and the example itself is valid."""

from __future__ import annotations

import os
import re
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import ValidationError

from bot.settings import Settings
from bot.storage import SqliteStore

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
    storage = await SqliteStore.open(path)
    version = await storage.schema_version()
    assert version >= 2
    await storage.close()
    with sqlite3.connect(path) as db:  # WAL is the file's own, for every connection
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    again = await SqliteStore.open(path)
    assert await again.schema_version() == version
    await again.close()


def test_the_database_is_sqlite_unless_a_url_is_given(tmp_path: Path) -> None:
    plain = Settings(_env_file=None, database_path=tmp_path / "x.db")  # type: ignore[call-arg]
    assert plain.database() == f"sqlite:///{tmp_path / 'x.db'}"
    url = "postgresql://bot:secret@db.example.org/bot"
    remote = Settings(_env_file=None, database_url=url)  # type: ignore[call-arg]
    assert remote.database() == url
    assert "secret" not in repr(remote)
    with pytest.raises(ValidationError, match="postgresql://"):
        Settings(_env_file=None, database_url="mysql://bot@db/bot")  # type: ignore[call-arg]


@pytest.mark.parametrize("given", ["info", "Info", " debug ", "WARNING"])
def test_log_level_in_any_case(monkeypatch: pytest.MonkeyPatch, given: str) -> None:
    monkeypatch.setenv("LOG_LEVEL", given)
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    assert settings.log_level == given.strip().upper()


def test_unknown_log_level_is_still_refused() -> None:
    with pytest.raises(ValidationError):
        Settings(_env_file=None, log_level="loud")  # type: ignore[call-arg]


def read_token(project: Path, cwd: Path) -> str:
    env = {k: v for k, v in os.environ.items() if k.upper() != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(project)
    code = "from bot.settings import Settings; print(Settings().token())"
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=cwd, env=env, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_env_beside_the_project_is_found_from_any_directory(tmp_path: Path) -> None:
    project = tmp_path / "project"
    shutil.copytree(ROOT / "bot", project / "bot", ignore=shutil.ignore_patterns("__pycache__"))
    (project / ".env").write_text("DISCORD_TOKEN=from-the-project\n")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    assert read_token(project, elsewhere) == "from-the-project"
    # A .env in the current directory still wins, as before.
    (elsewhere / ".env").write_text("DISCORD_TOKEN=from-the-current-directory\n")
    assert read_token(project, elsewhere) == "from-the-current-directory"


def test_a_shard_runs_its_servers_and_shard_zero_the_direct_messages() -> None:
    settings = Settings(_env_file=None, shard_count=3, shard_ids=[2])  # type: ignore[call-arg]
    server = (101 << 22) | 5  # Discord: (id >> 22) % 3 == 2
    assert settings.runs_guild(server) and settings.runs_guild(server, channel_id=9)
    # A group DM's table: its place is its channel, and shard 0 hears direct messages.
    assert not settings.runs_guild(server, channel_id=server)
    first = Settings(_env_file=None, shard_count=3, shard_ids=[0])  # type: ignore[call-arg]
    assert first.runs_guild(server, channel_id=server) and not first.runs_guild(server)
