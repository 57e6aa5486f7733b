"""With the renderer on, the table carries its picture as an attachment that its media gallery
shows (with a description in words); the hand shows its cards as buttons, not a picture."""

from __future__ import annotations

from pathlib import Path

import pytest
from bot_harness import Table, component_dicts, hand_cards_shown, make_settings, walk
from simcord import Env

from bot.settings import Settings


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return make_settings(tmp_path, render_images=True)


def gallery_items(message: object) -> list[dict[str, object]]:
    galleries = [c for c in walk(component_dicts(message)) if c.get("type") == 12]  # type: ignore[arg-type]
    return [item for gallery in galleries for item in gallery.get("items", [])]


def shown_files(items: list[dict[str, object]]) -> list[str]:
    """The file names the gallery items point at (SimCord gives them their CDN address)."""
    return [str(item["media"]["url"]).rsplit("/", 1)[-1] for item in items]  # type: ignore[index]


async def test_table_and_hand_pictures(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("cards")
    members = [guild.add_member(simcord_env.create_user(n)) for n in ("anna", "ben")]
    table = Table(simcord_env, channel, members)
    await table.start(await table.open(target=50))
    message = table.table_message()
    assert [a.filename for a in message.attachments] == ["table.png"]
    items = gallery_items(message)
    assert shown_files(items) == ["table.png"]  # the gallery shows the attached picture
    assert "anna" in str(items[0].get("description")), "the picture says the table in words"
    hand = await table.open_hand(members[0])
    assert not hand.attachments and not gallery_items(hand)
    assert len(hand_cards_shown(hand)) == len(
        table.game.private_view(table.seat_of(members[0])).hand
    )
    await table.play(moves=3)
    message = table.table_message()
    assert [a.filename for a in message.attachments] == ["table.png"]
    assert shown_files(gallery_items(message)) == ["table.png"]
