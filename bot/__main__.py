"""``python -m bot``: check the settings, set up logging and run the bot until stopped.

Start-up rules: a missing or invalid setting, a token Discord rejects, or a database that cannot
be opened (checked before logging in) stops the bot at once with one line on stderr and exit
code 2. When Discord cannot be
reached (network down, DNS failure, outage) the bot keeps trying, waiting 5 s, then 10 s, 20 s,
... up to 5 minutes between attempts, with one log line per attempt.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import aiohttp
from pydantic import ValidationError

from bot.ops.http import HealthServer
from bot.ops.logs import JsonFormatter
from bot.ops.metrics import CountErrors
from bot.ops.stop import GracefulStop
from bot.settings import Settings

if TYPE_CHECKING:
    from bot.app import TreppenBot
    from bot.storage import Store

log = logging.getLogger("bot")

PREFIX = "treppenbot cannot start: "
MISSING_TOKEN = (
    "DISCORD_TOKEN is not set. Create a bot application in the Discord developer portal, copy "
    "its token, and put it in a file named .env beside dev.py (copy .env.example to .env and "
    "fill in DISCORD_TOKEN), or export DISCORD_TOKEN in the environment. docs/bot.md explains "
    "every step."
)
TOKEN_REFUSED = (
    "Discord refused DISCORD_TOKEN. Copy the token again from the developer portal "
    "(Bot → Reset Token) into .env."
)
FIRST_RETRY = 5.0  # seconds before the second attempt to reach Discord
LAST_RETRY = 300.0  # the wait doubles up to this
LOG_FORMAT = "%(asctime)s %(levelname)-7s %(name)s: %(message)s"

Sleep = Callable[[float], Awaitable[object]]


def fail(message: str) -> int:
    """Every refusal to start: one line on stderr, exit code 2."""
    print(PREFIX + message, file=sys.stderr)
    return 2


def is_unreachable(error: BaseException) -> bool:
    """Errors that mean "Discord cannot be reached right now", worth another try later."""
    import discord

    return isinstance(
        error,
        aiohttp.ClientError | TimeoutError | discord.GatewayNotFound | discord.DiscordServerError,
    )


def describe(error: BaseException) -> str:
    """An error in one line for stderr: its type, and its message if it has one."""
    text = str(error).strip()
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


async def run_bot(
    settings: Settings,
    token: str,
    *,
    sleep: Sleep = asyncio.sleep,
    stop: GracefulStop | None = None,
) -> None:
    """Open and migrate the database (a bad path or URL stops the bot at once), then log in,
    retrying with a bounded exponential back-off while Discord is unreachable, and stay
    connected until the bot is closed. A rejected token raises ``discord.LoginFailure``.

    Each attempt uses a fresh bot, so nothing half set up by a failed attempt is reused."""
    from bot.storage import open_store

    storage = await open_store(settings)
    health = None
    if settings.metrics_port is not None:
        health = HealthServer(None, settings.metrics_host, settings.metrics_port)
        await health.start()
    try:
        await _connect(settings, token, storage, sleep, stop, health)
    finally:
        if health is not None:
            await health.stop()
        await storage.close()  # a no-op when the bot closed it


async def _connect(
    settings: Settings,
    token: str,
    storage: Store,
    sleep: Sleep,
    stop: GracefulStop | None,
    health: HealthServer | None,
) -> None:
    from bot.app import create_bot

    delay = FIRST_RETRY
    attempt = 1
    while True:
        bot: TreppenBot = create_bot(settings, storage)
        if stop is not None:
            stop.bot = bot
        if health is not None:
            health.watch(bot)
        async with bot:
            try:
                await bot.login(token)
            except Exception as error:
                if not is_unreachable(error):
                    raise
                log.warning(
                    "cannot reach Discord (attempt %d: %s); trying again in %.0f s",
                    attempt,
                    describe(error),
                    delay,
                )
            else:
                await bot.connect(reconnect=True)
                return
        await sleep(delay)
        delay = min(delay * 2, LAST_RETRY)
        attempt += 1


class OneLineReconnects(logging.Filter):
    """discord.py logs each reconnect attempt of a dropped connection with a full traceback;
    below DEBUG, make it one warning line naming the error, like our own retries."""

    def filter(self, record: logging.LogRecord) -> bool:
        if (
            record.name == "discord.client"
            and str(record.msg).startswith("Attempting a reconnect")
            and record.exc_info
            and record.exc_info[1] is not None
            and not logging.getLogger().isEnabledFor(logging.DEBUG)
        ):
            record.msg = f"{record.msg} ({describe(record.exc_info[1])})"
            record.exc_info = None
            record.exc_text = None
            record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True


def configure_logging(level: str, log_format: str = "text", shard_count: int | None = None) -> None:
    """Send every log record to stdout as text or JSON lines, reconnect noise shortened, and count
    the errors for the metrics."""
    handler = logging.StreamHandler(sys.stdout)
    if log_format == "json":
        handler.setFormatter(JsonFormatter(shard_count))
    else:
        handler.setFormatter(logging.Formatter(LOG_FORMAT))
    handler.addFilter(OneLineReconnects())
    root = logging.getLogger()
    root.handlers[:] = [handler, CountErrors()]
    root.setLevel(level)


def settings_help() -> str:
    """Every settings key with its default and allowed range, for ``--help``."""
    lines = [
        "settings: environment variables, or KEY=value lines in .env beside dev.py or in the",
        "current directory; keys in any case; .env.example explains each one.",
    ]
    column = max(map(len, Settings.model_fields)) + 1  # the longest key and a space
    for name, field in Settings.model_fields.items():
        low = next((m.ge for m in field.metadata if hasattr(m, "ge")), None)
        high = next((m.le for m in field.metadata if hasattr(m, "le")), None)
        default = field.get_default(call_default_factory=True)  # e.g. this machine's name
        text = f"  {name.upper():<{column}} default: {'none' if default is None else default}"
        if low is not None:
            text += f", {low} to {high}" if high is not None else f", at least {low}"
        lines.append(text)
    return "\n".join(lines)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The command line: no arguments of its own, but ``--help`` lists every setting."""
    parser = argparse.ArgumentParser(
        prog="python -m bot",
        description="Run treppenbot, the Discord bot for rummy games, until stopped (Ctrl-C).",
        epilog=settings_help(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Check the settings and token, open the database, run the bot until stopped; the exit code."""
    parse_args(argv)
    try:
        settings = Settings()
    except ValidationError as error:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']).upper()}: {e['msg']}" for e in error.errors()
        )
        return fail(f"invalid setting ({problems}). See .env.example.")
    token = settings.token()
    if token is None:
        return fail(MISSING_TOKEN)

    import discord

    from bot.storage import StoreUnavailable

    configure_logging(settings.log_level, settings.log_format, settings.shard_count)
    # A process manager's stop (SIGTERM) ends the bot as Ctrl-C does, within STOP_SECONDS:
    # answers in flight are sent, timers stop, leases are handed back, the database is closed.
    stop = GracefulStop(settings.stop_seconds)
    try:
        asyncio.run(_stoppable(run_bot(settings, token, stop=stop), stop))
    except discord.LoginFailure:
        return fail(TOKEN_REFUSED)
    except StoreUnavailable as error:
        return fail(f"{error}. Check DATABASE_URL (or DATABASE_PATH).")
    except (KeyboardInterrupt, asyncio.CancelledError):
        pass
    return 1 if stop.timed_out else 0


async def _stoppable(run: Awaitable[None], stop: GracefulStop) -> None:
    stop.install()
    await run


if __name__ == "__main__":
    sys.exit(main())
