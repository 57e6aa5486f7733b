"""The options a new table gets when /treppe new leaves them out: each game's own target,
unless the bot's DEFAULT_TARGET names one for every game."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from bot.games import presenter
from bot.lobby import table_options
from bot.settings import Settings


def _target(key: str, **settings: Any) -> Any:
    bot = SimpleNamespace(settings=Settings(_env_file=None, **settings))  # type: ignore[call-arg]
    options = table_options(bot, presenter(key), {}, None)  # type: ignore[arg-type]
    rules = dict(options.rules)
    return rules.get("target", presenter(key).spec.option("target").default)


@pytest.mark.parametrize(("key", "own"), [("treppenromme", 500), ("rum500", 500), ("gin", 100)])
def test_each_game_keeps_its_own_target_by_default(key: str, own: int) -> None:
    assert Settings(_env_file=None).default_target is None  # type: ignore[call-arg]
    assert _target(key) == own


def test_a_default_target_set_by_the_admin_applies_to_every_game_with_one() -> None:
    for key in ("treppenromme", "rum500", "gin"):
        assert _target(key, default_target=300) == 300
