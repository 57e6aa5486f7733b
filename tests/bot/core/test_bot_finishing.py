"""A finished game whose final table a crash left unshown is finished on restart (issue 25,
item 17): the table ends with Rematch and the rating note, not "Your hand" for ever."""

from __future__ import annotations

import pytest
from bot_harness import Table, description, has_control
from simcord import Env

from bot.app import create_bot
from bot.core import finishing
from bot.core.tableposts import TablePoster
from bot.settings import Settings


async def test_a_crash_before_the_final_table_is_mended_on_restart(
    simcord_env: Env, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("cards")
    members = [guild.add_member(simcord_env.create_user(n)) for n in ("anna", "ben")]
    table = Table(simcord_env, channel, members)
    await table.start(await table.open(target=50))
    await table.play(moves=2)
    table_id = table.live.table_message_id

    async def dies(*args: object) -> None:
        return None  # the process is gone before it gets here

    # From now on the process "dies" after each commit: no table edit, no finishing note
    # cleared. The moves themselves are committed as usual.
    monkeypatch.setattr(TablePoster, "request_refresh", lambda self, live: None)
    monkeypatch.setattr(finishing.Finisher, "shown", dies)
    await table.play()
    game_id = table.live.id
    stuck = next(m for m in channel.history() if m.id == table_id)
    assert has_control(stuck, "hand") and not has_control(stuck, "rematch")
    monkeypatch.undo()

    await simcord_env.restart_bot(create_bot(settings))
    await simcord_env.settle()

    mended = next(m for m in channel.history() if m.id == table_id)
    assert has_control(mended, "rematch") and not has_control(mended, "hand")
    words = description(mended)
    assert "your turn" not in words  # no "your turn" mention is left
    assert "Rated session" in words
    assert "wins!" in words
    row = await simcord_env.bot.service.storage.game(game_id)
    assert row is not None and row.status == "finished"
    # Noted once, finished once: the next restart has nothing left to do.
    key = f"finishing:{settings.instance_name}"
    assert await simcord_env.bot.service.storage.get_meta(key) == "[]"
