"""Smoke test: the real discord.Client over real HTTP and a real websocket, against a tiny
loopback fake of Discord. Exercises login, command sync, the gateway, JSON and multipart."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import discord
import pytest
import yarl
from bot_harness import make_settings
from discord.gateway import DiscordWebSocket
from loopback_discord import CHANNEL_ID, FakeDiscord

from bot.app import create_bot


@pytest.mark.enable_socket
@pytest.mark.allow_hosts(["127.0.0.1"])
async def test_real_client_against_loopback_discord(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = FakeDiscord()
    await fake.start()
    monkeypatch.setattr(discord.http.Route, "BASE", f"http://127.0.0.1:{fake.port}/api/v10")
    monkeypatch.setattr(
        DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(f"ws://127.0.0.1:{fake.port}/gateway")
    )
    bot = create_bot(make_settings(tmp_path, render_images=True))
    runner = asyncio.create_task(bot.start("loopback-token"))
    try:
        await asyncio.wait_for(fake.identified.wait(), 10)
        await asyncio.wait_for(bot.wait_until_ready(), 10)
        assert any(r.method == "PUT" and r.path.endswith("/commands") for r in fake.requests)

        anna = fake.member(1001, "anna")
        ben = fake.member(1002, "ben")
        await fake.slash(anna, "treppe", "new", "treppenromme")
        lobby_id = await _wait_for(lambda: _table_id(bot))
        game_id = bot.service.in_channel(int(CHANNEL_ID)).id
        await fake.click(ben, lobby_id, f"trp:{game_id}:lobby_join:")
        await _wait_for(lambda: len(bot.service.in_channel(int(CHANNEL_ID)).seats) == 2)
        await fake.click(anna, lobby_id, f"trp:{game_id}:lobby_start:")
        await _wait_for(lambda: bot.service.in_channel(int(CHANNEL_ID)).game is not None)
        # The start answer carries the table picture: a multipart upload with a PNG in it.
        uploads = await _wait_for(
            lambda: [r for r in fake.requests if r.content_type.startswith("multipart/")]
        )
        assert any(b"\x89PNG" in r.body for r in uploads)
        # The table is a new message mentioning the player to act; the lobby message is gone.
        table_id = await _wait_for(lambda: (_table_id(bot) != lobby_id) and _table_id(bot))
        # The bot records the new table id, then saves it, then deletes the lobby: wait for it.
        await _wait_for(
            lambda: any(r.method == "DELETE" and lobby_id in r.path for r in fake.requests)
        )
        await fake.click(anna, table_id, f"trp:{game_id}:hand:")
        # The private hand: its cards as buttons to tap, flagged ephemeral and Components V2.
        hand_answers = await _wait_for(
            lambda: [
                r for r in fake.requests if r.path.endswith("/callback") and b":t_tap:" in r.body
            ]
        )
        answer = json.loads(hand_answers[0].body)
        flags = answer["data"]["flags"]
        assert flags & 64 and flags & 32768, flags
    except AssertionError:
        print([(r.method, r.path, r.content_type) for r in fake.requests])
        raise
    finally:
        await bot.close()
        runner.cancel()
        await asyncio.gather(runner, return_exceptions=True)
        await fake.stop()


def _table_id(bot: object) -> str | None:
    live = bot.service.in_channel(int(CHANNEL_ID))  # type: ignore[attr-defined]
    return str(live.table_message_id) if live and live.table_message_id else None


async def _wait_for(predicate, timeout: float = 10.0):  # type: ignore[no-untyped-def]
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while loop.time() < deadline:
        value = predicate()
        if value:
            return value
        await asyncio.sleep(0.02)
    raise AssertionError("the bot did not get there in time")
