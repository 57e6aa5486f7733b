"""A busy table is drawn once per burst: changes that come while its picture is being drawn
are shown together by one more edit, not one edit each."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from bot_harness import Table
from simcord import Env

from bot.core import tableposts


async def test_changes_during_a_refresh_collapse_into_one_more(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("cards")
    members = [guild.add_member(simcord_env.create_user(n)) for n in ("anna", "ben")]
    table = Table(simcord_env, channel, members)
    await table.start(await table.open(target=50))
    live, poster = table.live, table.service.poster

    drawn = 0
    gate = asyncio.Event()
    real = tableposts.table_payload

    async def slow_payload(live: Any, *, with_images: bool, ping: str = "") -> Any:
        nonlocal drawn
        drawn += 1
        await gate.wait()  # the picture takes a while
        return await real(live, with_images=with_images, ping=ping)

    monkeypatch.setattr(tableposts, "table_payload", slow_payload)
    poster.request_refresh(live)
    refresh = live.tasks["refresh"]
    await asyncio.sleep(0)
    assert drawn == 1
    for _ in range(5):  # five changes while the first picture is drawn
        poster.request_refresh(live)
    assert live.tasks["refresh"] is refresh, "one task edits the table"
    gate.set()
    await refresh
    assert drawn == 2
