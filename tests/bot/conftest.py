"""SimCord fixtures: the real bot, its real discord.py stack, a fake Discord in memory."""

from __future__ import annotations

from pathlib import Path

import pytest
from bot_harness import make_settings

from bot.app import TreppenBot, create_bot
from bot.settings import Settings


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return make_settings(tmp_path)


@pytest.fixture
def simcord_bot(settings: Settings) -> TreppenBot:
    return create_bot(settings)
