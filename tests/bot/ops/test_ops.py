"""Operations: the database is checked before logging in, JSON log lines, the bounded stop
(past STOP_SECONDS the process exits anyway) and commands refused while the bot stops."""

from __future__ import annotations

import asyncio
import json
import logging
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import discord
import pytest
from bot_harness import Table, make_settings
from simcord import Env

import bot.__main__ as entry
from bot.app import TreppenBot
from bot.ops import metrics
from bot.ops.stop import GracefulStop
from bot.storage import StoreUnavailable


async def test_a_bad_database_is_reported_before_logging_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "file").write_text("a file, not a folder")
    settings = make_settings(tmp_path, database_path=tmp_path / "file" / "bot.db")
    logins: list[str] = []

    async def login(self: TreppenBot, token: str) -> None:
        logins.append(token)
        raise discord.LoginFailure("reached only if the database was not checked first")

    monkeypatch.setattr(TreppenBot, "login", login)
    with pytest.raises(StoreUnavailable, match="cannot open the database"):
        await entry.run_bot(settings, "token", sleep=lambda _: asyncio.sleep(0))
    assert logins == []


@pytest.fixture
def root_logging() -> Iterator[None]:
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    yield
    root.handlers[:] = handlers
    root.setLevel(level)


@pytest.mark.usefixtures("root_logging")
async def test_json_logs_name_the_game_guild_and_shard(capsys: pytest.CaptureFixture[str]) -> None:
    entry.configure_logging("INFO", "json", shard_count=4)
    log = logging.getLogger("bot.core.service")

    async def in_a_game_task() -> None:
        log.info("moved", extra={"guild_id": 5 << 22})
        try:
            raise ValueError("bad\nthing")
        except ValueError:
            log.exception("failed")

    await asyncio.get_running_loop().create_task(in_a_game_task(), name="game42-refresh")
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    moved, failed = (json.loads(line) for line in lines)
    assert moved["logger"] == "bot.core.service" and moved["level"] == "INFO"
    assert (moved["message"], moved["game_id"], moved["guild_id"]) == ("moved", 42, 5 << 22)
    assert moved["shard"] == 5 % 4
    assert failed["level"] == "ERROR" and "ValueError: bad\nthing" in failed["error"]


@pytest.mark.usefixtures("root_logging")
def test_error_records_are_counted_by_the_exception_they_carry() -> None:
    entry.configure_logging("INFO")

    def counted(kind: str) -> float:
        sample = metrics.REGISTRY.get_sample_value("treppenbot_errors_total", {"kind": kind})
        return sample or 0.0

    before = (counted("KeyError"), counted("log"))
    log = logging.getLogger("bot.test")
    try:
        {}["missing"]
    except KeyError:
        log.exception("lookup failed")
    log.error("no exception here")
    log.warning("not an error")
    assert (counted("KeyError"), counted("log")) == (before[0] + 1, before[1] + 1)


class StuckBot:
    """A bot whose close never finishes (say, a database that stopped answering)."""

    stopping = False

    async def close(self) -> None:
        await asyncio.sleep(3600)


async def test_a_stop_that_overruns_its_bound_ends_the_run_anyway() -> None:
    stop = GracefulStop(seconds=1.0)

    async def run() -> None:
        stop.install()
        stop.bot = StuckBot()
        stop.request(signal.SIGTERM)
        await asyncio.sleep(3600)

    loop = asyncio.get_running_loop()
    began = loop.time()
    with pytest.raises(asyncio.CancelledError):
        await loop.create_task(run())
    stop.uninstall()
    assert stop.timed_out and stop.bot.stopping
    assert 1.0 <= loop.time() - began < 2.0


async def test_commands_are_refused_while_the_bot_stops(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("cards")
    table = Table(simcord_env, channel, [guild.add_member(simcord_env.create_user("anna"))])
    simcord_env.bot.stopping = True
    result = await table.members[0].slash(table.channel, "treppe new treppenromme")
    assert result.response is not None and result.response.ephemeral
    assert "restarting" in (result.response.content or "")
    service: Any = simcord_env.bot.service
    assert service.in_channel(table.channel.id) is None  # no lobby opened


async def test_a_stop_while_waiting_to_retry_discord_ends_the_run_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def login(self: TreppenBot, token: str) -> None:
        raise TimeoutError  # Discord unreachable: the bot waits before trying again

    monkeypatch.setattr(TreppenBot, "login", login)
    stop = GracefulStop(seconds=10.0)
    waits: list[float] = []

    async def sleep(seconds: float) -> None:
        waits.append(seconds)
        stop.request(signal.SIGTERM)
        await asyncio.sleep(seconds)

    async def run() -> None:
        stop.install()
        await entry.run_bot(make_settings(tmp_path), "token", sleep=sleep, stop=stop)

    loop = asyncio.get_running_loop()
    began = loop.time()
    with pytest.raises(asyncio.CancelledError):
        await loop.create_task(run())
    stop.uninstall()
    assert waits == [entry.FIRST_RETRY] and not stop.timed_out
    assert loop.time() - began < 3.0  # not the 5 s wait, nor STOP_SECONDS
