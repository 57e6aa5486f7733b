"""``/metrics``, ``/healthz`` and ``/readyz`` scraped over loopback from a running bot under
SimCord while a game is played: the counters move with the interactions."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator

import aiohttp
import pytest
from bot_harness import Table
from simcord import Env

from bot.ops.http import HealthServer

# pytest-socket: connections to this machine only (the fake Discord, the endpoints).
pytestmark = pytest.mark.allow_hosts(["127.0.0.1"])

SAMPLE = re.compile(r"^(?P<name>[a-z_]+)(?:\{(?P<labels>[^}]*)\})? (?P<value>\S+)$", re.M)


def parse(text: str) -> dict[str, float]:
    """Each sample of a Prometheus text page, keyed ``name{labels}``."""
    return {f"{m['name']}{{{m['labels'] or ''}}}": float(m["value"]) for m in SAMPLE.finditer(text)}


@pytest.fixture
async def endpoint(simcord_env: Env) -> AsyncIterator[str]:
    server = HealthServer(None, "127.0.0.1", 0)
    await server.start()
    server.watch(simcord_env.bot)
    try:
        yield f"http://127.0.0.1:{server.port}"
    finally:
        await server.stop()


async def get(url: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as session, session.get(url) as response:
        return response.status, await response.text()


def answered(samples: dict[str, float], kind: str, result: str = "answered") -> float:
    return samples.get(f'treppenbot_interactions_total{{kind="{kind}",result="{result}"}}', 0.0)


async def test_metrics_move_with_the_interactions(simcord_env: Env, endpoint: str) -> None:
    assert await get(f"{endpoint}/healthz") == (200, "ok\n")
    assert await get(f"{endpoint}/readyz") == (200, "ready\n")
    _, page = await get(f"{endpoint}/metrics")
    before = parse(page)

    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("cards")
    table = Table(
        simcord_env, channel, [guild.add_member(simcord_env.create_user(n)) for n in "abc"][:2]
    )
    lobby = await table.open(target=500)  # a command, then a click (Join)
    _, page = await get(f"{endpoint}/metrics")
    during = parse(page)
    assert during["treppenbot_lobbies_open{}"] == 1
    await table.start(lobby)  # a click
    moves = await table.play(moves=6)  # clicks and commands
    stranger = guild.add_member(simcord_env.create_user("sam"))
    await stranger.click(table.table_message(), label="Your hand")  # not seated: refused

    _, page = await get(f"{endpoint}/metrics")
    after = parse(page)
    clicks = answered(after, "component") - answered(before, "component")
    commands = answered(after, "command") - answered(before, "command")
    assert commands >= 1 and clicks >= 2 and clicks + commands >= moves + 3
    assert answered(after, "component", "refused") - answered(before, "component", "refused") == 1
    assert after['treppenbot_games_live{game="treppenromme"}'] == 1
    assert after["treppenbot_lobbies_open{}"] == 0
    assert after["treppenbot_interactions_in_flight{}"] == 0
    latency = 'treppenbot_answer_seconds_count{kind="component"}'
    assert after[latency] - before.get(latency, 0.0) == clicks + 1
    commits = (
        after["treppenbot_commit_seconds_count{}"] - before["treppenbot_commit_seconds_count{}"]
    )
    assert commits >= moves
    assert after["treppenbot_table_update_seconds_count{}"] > before.get(
        "treppenbot_table_update_seconds_count{}", 0.0
    )
    assert after["treppenbot_shards_connected{}"] == 1
    assert "treppenbot_render_queue{}" in after


async def test_readyz_says_why_the_bot_is_not_ready(simcord_env: Env, endpoint: str) -> None:
    simcord_env.bot.stopping = True
    status, text = await get(f"{endpoint}/readyz")
    assert status == 503 and "shutting down" in text
    assert await get(f"{endpoint}/healthz") == (200, "ok\n")  # the process still runs
    simcord_env.bot.stopping = False
    await simcord_env.bot.service.storage.close()
    status, text = await get(f"{endpoint}/readyz")
    assert status == 503 and "database not reachable" in text
