"""Start-up against an unreachable or refusing Discord, offline: the bot retries with a bounded
exponential back-off (one log line per attempt, no traceback) and stops at once with one line
when Discord refuses the token. Sleeps are faked, nothing waits for real."""

from __future__ import annotations

import logging
import socket
from collections.abc import Iterator
from pathlib import Path

import aiohttp
import discord
import pytest
from aiohttp.client_reqrep import ConnectionKey
from discord.http import HTTPClient

import bot.__main__ as entry
from bot.app import TreppenBot, create_bot
from bot.settings import Settings


def dns_error() -> aiohttp.ClientConnectorDNSError:
    key = ConnectionKey("discord.com", 443, True, True, None, None, None, None)
    return aiohttp.ClientConnectorDNSError(
        key, socket.gaierror(socket.EAI_NONAME, "Name or service not known")
    )


class FakeSleep:
    def __init__(self) -> None:
        self.delays: list[float] = []

    async def __call__(self, delay: float) -> None:
        self.delays.append(delay)


def retry_records(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if "cannot reach Discord" in r.getMessage()]


async def test_unreachable_discord_is_retried_with_a_bounded_back_off(
    settings: Settings, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    bots: list[TreppenBot] = []
    connected: list[TreppenBot] = []

    async def login(self: TreppenBot, token: str) -> None:
        bots.append(self)
        if len(bots) <= 8:
            raise dns_error()

    async def connect(self: TreppenBot, *, reconnect: bool = True) -> None:
        assert reconnect
        connected.append(self)

    monkeypatch.setattr(TreppenBot, "login", login)
    monkeypatch.setattr(TreppenBot, "connect", connect)
    sleep = FakeSleep()
    caplog.set_level(logging.INFO)
    await entry.run_bot(settings, "token", sleep=sleep)

    assert sleep.delays == [5, 10, 20, 40, 80, 160, 300, 300]
    assert connected == [bots[-1]] and len(bots) == 9
    assert len({id(b) for b in bots}) == 9  # a fresh bot per attempt ...
    assert all(b.is_closed() for b in bots)  # ... and each failed one closed
    records = retry_records(caplog)
    assert len(records) == 8
    assert all(r.levelno == logging.WARNING and r.exc_info is None for r in records)
    first = records[0].getMessage()
    assert "attempt 1" in first and "trying again in 5 s" in first
    assert "ClientConnectorDNSError" in first and "discord.com" in first


async def test_refused_token_is_not_retried(
    settings: Settings, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    answers: list[Exception] = [dns_error(), TimeoutError(), discord.LoginFailure("bad token")]

    async def static_login(self: HTTPClient, token: str) -> None:
        raise answers.pop(0)

    monkeypatch.setattr(HTTPClient, "static_login", static_login)  # the real Client.login runs
    sleep = FakeSleep()
    with pytest.raises(discord.LoginFailure):
        await entry.run_bot(settings, "token", sleep=sleep)
    assert sleep.delays == [5, 10]
    assert answers == []
    assert len(retry_records(caplog)) == 2


async def test_other_errors_are_not_mistaken_for_an_outage(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def static_login(self: HTTPClient, token: str) -> None:
        raise PermissionError("data/ is read-only")  # an OSError, but no network trouble

    monkeypatch.setattr(HTTPClient, "static_login", static_login)
    sleep = FakeSleep()
    with pytest.raises(PermissionError):
        await entry.run_bot(settings, "token", sleep=sleep)
    assert sleep.delays == []


def test_main_exits_with_one_line_when_the_token_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(Settings.model_config, "env_file", None)
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-token")
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "bot.db"))
    monkeypatch.setattr(entry, "configure_logging", lambda *args: None)

    async def static_login(self: HTTPClient, token: str) -> None:
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(HTTPClient, "static_login", static_login)
    assert entry.main([]) == 2
    captured = capsys.readouterr()
    assert captured.err.strip() == entry.PREFIX + entry.TOKEN_REFUSED
    assert "Traceback" not in captured.out + captured.err


@pytest.fixture
def root_logging() -> Iterator[None]:
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    yield
    root.handlers[:] = handlers
    root.setLevel(level)


@pytest.mark.usefixtures("root_logging")
def test_discord_reconnects_are_logged_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    entry.configure_logging("INFO")
    try:
        raise dns_error()
    except aiohttp.ClientError:  # as discord.py's Client.connect logs it
        logging.getLogger("discord.client").exception("Attempting a reconnect in %.2fs", 2.5)
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and "Traceback" not in out
    assert "WARNING" in out and "Attempting a reconnect in 2.50s" in out
    assert "ClientConnectorDNSError" in out


def test_no_voice_warnings_on_start(
    settings: Settings, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    # As on a machine without PyNaCl and davey (discord.py warns once per process).
    monkeypatch.setattr(discord.VoiceClient, "warn_nacl", True)
    monkeypatch.setattr(discord.VoiceClient, "warn_dave", True)
    caplog.set_level(logging.WARNING)
    create_bot(settings)
    assert [r.getMessage() for r in caplog.records if "voice" in r.getMessage()] == []
