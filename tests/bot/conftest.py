"""SimCord fixtures: the real bot, its real discord.py stack, a fake Discord in memory."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.app import TreppenBot, create_bot
from bot.settings import Settings


def make_settings(tmp_path: Path, **overrides: object) -> Settings:
    values: dict[str, object] = {
        "database_path": tmp_path / "treppenbot.db",
        "render_images": False,  # pictures are the renderer's tests; keep these fast
        "computer_delay": 0.0,
        "game_seed": 7,
        "default_turn_timer": 0,
        "default_target": 50,
    }
    values.update(overrides)
    return Settings(_env_file=None, **values)  # type: ignore[call-arg]


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return make_settings(tmp_path)


@pytest.fixture
def simcord_bot(settings: Settings) -> TreppenBot:
    return create_bot(settings)
