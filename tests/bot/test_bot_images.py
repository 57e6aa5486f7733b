"""With the renderer on, the table and the hand carry their pictures as attachments."""

from __future__ import annotations

from pathlib import Path

import pytest
from bot_harness import Table, make_settings
from simcord import Env

from bot.settings import Settings


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return make_settings(tmp_path, render_images=True)


async def test_table_and_hand_pictures(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("cards")
    members = [guild.add_member(simcord_env.create_user(n)) for n in ("anna", "ben")]
    table = Table(simcord_env, channel, members)
    await table.start(await table.open(target=50))
    message = table.table_message()
    assert [a.filename for a in message.attachments] == ["table.png"]
    assert message.embeds[0].image.url == "attachment://table.png"
    hand = await table.open_hand(members[0])
    assert [a.filename for a in hand.attachments] == ["hand.png"]
    await table.play(moves=3)
    assert [a.filename for a in table.table_message().attachments] == ["table.png"]
